// One desktop breakpoint: every desktop block of the stylesheets, as Lightning CSS builds them
// (`@media (--desktop)` resolved, imports inlined), starts where DESKTOP_QUERY renders the sidebar.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundle, transform } from 'lightningcss';
import { expect, test } from 'vitest';
import { DESKTOP_QUERY } from '../../../src/ui/app/use-media-query';

const UI = fileURLToPath(new URL('../../../src/ui/', import.meta.url));
const SHEETS = readdirSync(UI, { recursive: true, encoding: 'utf8' }).filter((file) =>
  file.endsWith('.css'),
);

/**
 * Wider than a phone or a small tablet in portrait: a sheet's own breakpoints stay under this (the
 * overlay's 640 px sheet, the investment's 520 px row of buttons); a query beyond it lays out the
 * desktop, and is written `(--desktop)`.
 */
const WIDER_THAN_TABLET = 768;

// Custom media are resolved only when building for targets, any targets.
const OPTIONS = { targets: {}, drafts: { customMedia: true } };

/** The media conditions of built CSS. */
function mediaQueries(css: Uint8Array): string[] {
  const text = Buffer.from(css).toString();
  return [...text.matchAll(/@media ([^{]+)\{/g)].map(([, query]) => query.trim());
}

const widths = (query: string) =>
  [...query.matchAll(/(\d+(?:\.\d+)?)px/g)].map(([, width]) => Number(width));

test('every desktop block of the stylesheets starts at DESKTOP_QUERY', () => {
  const code = Buffer.from(`@media ${DESKTOP_QUERY} { a { color: red } }`);
  const [desktop] = mediaQueries(transform({ filename: 'query.css', code, ...OPTIONS }).code);
  const wide = SHEETS.flatMap((file) =>
    mediaQueries(bundle({ filename: `${UI}${file}`, ...OPTIONS }).code)
      .filter((query) => widths(query).some((width) => width >= WIDER_THAN_TABLET))
      .map((query) => ({ file, query })),
  );
  expect(wide.map(({ file }) => file)).toContain('app/styles/base.css');
  expect(wide).toEqual(wide.map(({ file }) => ({ file, query: desktop })));
});

test('the desktop breakpoint is defined once, in app/styles/breakpoints.css', () => {
  const defining = SHEETS.filter((file) =>
    /@custom-media\s+--desktop\b/.test(readFileSync(`${UI}${file}`, 'utf8')),
  );
  expect(defining).toEqual(['app/styles/breakpoints.css']);
});
