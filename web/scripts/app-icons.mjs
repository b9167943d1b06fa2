// Draws the app's icons for the web app manifest (vite.config.ts, webManifest):
// public/icons/icon-{192,512}.png, the rounded mark of favicon.svg on a clear background (purpose "any"),
// and public/icons/maskable-{192,512}.png, the pin on a full square of the brand colour, kept inside the
// middle 80 % that every launcher's mask leaves whole (purpose "maskable"). Run again after a brand change:
//   node scripts/app-icons.mjs
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const out = fileURLToPath(new URL('../public/icons/', import.meta.url));
const BRAND = '#b23c13';
// favicon.svg's drawing on its 32 × 32 grid, without its rounded square.
const pin = `<path d="M16 6.5c-4.1 0-7.3 3.2-7.3 7.2 0 5.2 6 10.9 6.7 11.5a.9.9 0 0 0 1.2 0c.7-.6 6.7-6.3 6.7-11.5 0-4-3.2-7.2-7.3-7.2z" fill="#fff"/><path d="M12.6 15.2 16 11.9l3.4 3.3v3.2h-6.8z" fill="${BRAND}"/><circle cx="23.5" cy="8.5" r="2.6" fill="#f5b83d"/>`;
const icons = {
  // The whole mark, as the favicon.
  icon: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${BRAND}"/>${pin}</svg>`,
  // The pin at 75 %, centred: its farthest point (the gold dot) stays within 0.31 of the side from the
  // centre, inside the safe circle of radius 0.4.
  maskable: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16) scale(0.75) translate(-16 -16)">${pin}</g></svg>`,
};

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
for (const size of [192, 512]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  for (const [name, svg] of Object.entries(icons)) {
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" style="display:block" `)}</body></html>`);
    await page.screenshot({ path: `${out}${name}-${size}.png`, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  }
  await page.close();
}
await browser.close();
console.log(`wrote ${out}{icon,maskable}-{192,512}.png`);
