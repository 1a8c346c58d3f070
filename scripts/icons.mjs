// Renders the app's icons (public/*.png) from the logo of src/ui/components/icons.tsx, in Debian's
// Chromium, so no image library is needed. Run after changing the logo: node scripts/icons.mjs
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from './chromium.mjs';

const BRAND = '#0f766e';
// The logo's rising line, drawn in a 32-unit box.
const LINE = 'M7 22l6-7 5 4 7-9';

/** The logo as it is: a rounded square, transparent corners (purpose "any"). */
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="8" fill="${BRAND}"/>
  <path d="${LINE}" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`;

/**
 * A full square the platform crops (maskable, iOS): the line shrunk by `scale` about the centre,
 * so that it stays inside the safe zone, the centre circle of 80 % of the width.
 */
const fullBleed = (scale) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" fill="${BRAND}"/>
  <g transform="translate(16 16) scale(${scale}) translate(-16 -16)">
    <path d="${LINE}" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
</svg>`;

const ICONS = [
  { file: 'pwa-192x192.png', size: 192, svg: rounded },
  { file: 'pwa-512x512.png', size: 512, svg: rounded },
  { file: 'maskable-512x512.png', size: 512, svg: fullBleed(0.7) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.8) },
];

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const source = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block}</style>${source}`,
    );
    await page.screenshot({ path: `${publicDir}${file}`, omitBackground: true });
    await page.close();
    console.log(`public/${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
