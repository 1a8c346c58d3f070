// The app's page with the first answers of its screen (src/contract/first-answers.ts): the head
// goes at once, so the browser fetches the code while the answers are computed, then the answers
// as a data block before </body> (the entry, a module, runs only once the page is all parsed).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { createGzip, type Gzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { firstAnswersBlock, type FirstAnswers } from '../domain/wire/first-answers';

/** The built index.html around the place of the data block. */
interface Template {
  head: string;
  tail: string;
}

const templates = new Map<string, Promise<Template>>();

function templateOf(appRoot: string): Promise<Template> {
  let template = templates.get(appRoot);
  if (!template) {
    template = readFile(join(appRoot, 'index.html'), 'utf8').then((page) => {
      const end = page.lastIndexOf('</body>');
      const at = end === -1 ? page.length : end;
      return { head: page.slice(0, at), tail: page.slice(at) };
    });
    templates.set(appRoot, template);
  }
  return template;
}

/**
 * Sends the page with the answers `answer` computes, asked for once the head is on its way: their
 * work holds the event loop, which the head's compression and write need first. It is one user's
 * own data: no cache may keep it (`private, no-store`), and it differs by cookie.
 */
export async function sendPage(
  reply: FastifyReply,
  appRoot: string,
  answer: () => Promise<FirstAnswers>,
): Promise<FastifyReply> {
  const { head, tail } = await templateOf(appRoot);
  const gzip = /\bgzip\b/.test(reply.request.headers['accept-encoding'] ?? '')
    ? createGzip()
    : undefined;
  const body = gzip ?? new PassThrough();
  reply
    .type('text/html; charset=utf-8')
    .headers({ 'Cache-Control': 'private, no-store', Vary: 'Accept-Encoding, Cookie' });
  if (gzip) reply.header('Content-Encoding', 'gzip');
  void sent(body, head, gzip)
    .then(answer)
    .catch(() => ({}))
    .then((answers) => {
      // The client may have gone meanwhile.
      if (body.destroyed) return;
      const block = Object.keys(answers).length > 0 ? firstAnswersBlock(answers) : '';
      body.end(block + tail);
    });
  return reply.send(body);
}

/** Resolves once `head` has left the compressor (if any) and the stream had a turn to pass it on. */
function sent(body: Writable, head: string, gzip: Gzip | undefined): Promise<void> {
  body.write(head);
  return new Promise<void>((resolve) => (gzip ? gzip.flush(() => resolve()) : resolve())).then(
    () => new Promise<void>((resolve) => setImmediate(resolve)),
  );
}
