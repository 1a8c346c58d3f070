// The app's page with the first answers of its screen (src/contract/first-answers.ts): the head
// goes at once, so the browser fetches the code while the answers are computed, then the screen
// drawn from them (src/first-paint.tsx, when the build has it) and the answers as a data block
// before </body> (the entry, a module, runs only once the page is all parsed).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createGzip, type Gzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { PAGE_BUILD_HEADER } from '../domain/wire/app-page';
import { firstAnswersBlock, type FirstAnswers } from '../domain/wire/first-answers';
import type { FirstPaintRequest, firstPaintLanguage, renderFirstPaint } from '../first-paint';

/** A screen's first paint, drawn by the app's own code in Node (src/first-paint.tsx). */
export interface FirstPaint {
  /** The markup of the page's root for a screen and its answers; undefined: the page as built. */
  render: (request: FirstPaintRequest) => Promise<string | undefined>;
  /** The language it is drawn in, for the page's `<html lang>`: known before its answers are. */
  language: (request: PageRequest) => Promise<string>;
}

/** Where the live build keeps the first paint for Node (scripts/build-fresh.mjs). */
export const FIRST_PAINT_MODULE = join('ssr', 'first-paint.js');

/** The first paint of the build at `appRoot`, if it has one; loaded at once, not at a first visit. */
export function firstPaintOf(appRoot: string): FirstPaint | undefined {
  const file = join(appRoot, FIRST_PAINT_MODULE);
  if (!existsSync(file)) return undefined;
  const loaded = import(pathToFileURL(file).href) as Promise<{
    renderFirstPaint: typeof renderFirstPaint;
    firstPaintLanguage: typeof firstPaintLanguage;
  }>;
  // A build that cannot load renders nothing: its pages are sent as built.
  loaded.catch(() => undefined);
  return {
    render: (request) => loaded.then((module) => module.renderFirstPaint(request)),
    language: (request) => loaded.then((module) => module.firstPaintLanguage(request)),
  };
}

/**
 * The built index.html cut at its root: `head` up to the root's content (the boot splash,
 * `splash`), `rest` from the root's end to `</body>`, where the data block goes, and `end`; and
 * its `build`, the MD5 of the file (PAGE_BUILD_HEADER), by which the service worker knows a page of
 * its own build.
 */
interface Template {
  build: string;
  head: string;
  splash: string;
  rest: string;
  end: string;
}

const ROOT = '<div id="root">';
const templates = new Map<string, Promise<Template>>();

function templateOf(appRoot: string): Promise<Template> {
  let template = templates.get(appRoot);
  if (!template) {
    template = readFile(join(appRoot, 'index.html'), 'utf8').then((page) => {
      const bodyEnd = page.lastIndexOf('</body>');
      const body = bodyEnd === -1 ? page.length : bodyEnd;
      const root = page.indexOf(ROOT);
      const inRoot = root === -1 ? body : root + ROOT.length;
      const rootEnd = root === -1 ? body : page.indexOf('</div>', inRoot);
      return {
        build: createHash('md5').update(page).digest('hex'),
        head: page.slice(0, inRoot),
        splash: page.slice(inRoot, rootEnd),
        rest: page.slice(rootEnd, body),
        end: page.slice(body),
      };
    });
    templates.set(appRoot, template);
  }
  return template;
}

/** What the page of a screen is drawn from, besides its answers. */
export interface PageRequest {
  path: string;
  cookies: Readonly<Record<string, string>>;
  languages: readonly string[];
}

/**
 * Sends the page with the answers `answer` computes, asked for once the head is on its way: their
 * work holds the event loop, which the head's compression and write need first. With `paint`, the
 * root holds the screen drawn from them instead of the boot splash; a paint that fails or does not
 * settle leaves the splash. It is one user's own data: no cache may keep it (`private,
 * no-store`), and it differs by cookie.
 */
export async function sendPage(
  reply: FastifyReply,
  appRoot: string,
  answer: () => Promise<FirstAnswers>,
  page?: { request: PageRequest; paint: FirstPaint },
): Promise<FastifyReply> {
  const { build, head, splash, rest, end } = await templateOf(appRoot);
  const gzip = /\bgzip\b/.test(reply.request.headers['accept-encoding'] ?? '')
    ? createGzip()
    : undefined;
  const body = gzip ?? new PassThrough();
  reply.type('text/html; charset=utf-8').headers({
    'Cache-Control': 'private, no-store',
    Vary: 'Accept-Encoding, Cookie',
    [PAGE_BUILD_HEADER]: build,
  });
  if (gzip) reply.header('Content-Encoding', 'gzip');
  // The paint's language on the page from its first byte, so a screen reader reads it as such.
  const language = page && (await page.paint.language(page.request).catch(() => undefined));
  void sent(body, language ? inLanguage(head, language) : head, gzip)
    .then(answer)
    .catch(() => ({}))
    .then(async (answers) => {
      const some = Object.keys(answers).length > 0;
      const markup =
        some && page
          ? await page.paint.render({ ...page.request, answers }).catch(() => undefined)
          : undefined;
      // The client may have gone meanwhile.
      if (body.destroyed) return;
      const block = some ? firstAnswersBlock(answers) : '';
      body.end((markup ?? splash) + rest + block + end);
    });
  return reply.send(body);
}

/** `head` with its `<html>` in `language` (a tag of ours: 'en', 'da'). */
function inLanguage(head: string, language: string): string {
  return head.replace(/<html(\s+lang="[^"]*")?/, `<html lang="${language}"`);
}

/** Resolves once `head` has left the compressor (if any) and the stream had a turn to pass it on. */
function sent(body: Writable, head: string, gzip: Gzip | undefined): Promise<void> {
  body.write(head);
  return new Promise<void>((resolve) => (gzip ? gzip.flush(() => resolve()) : resolve())).then(
    () => new Promise<void>((resolve) => setImmediate(resolve)),
  );
}

/** The languages of an Accept-Language header, the most preferred first ('da, en;q=0.8'). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}
