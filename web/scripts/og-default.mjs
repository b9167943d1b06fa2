// Draws public/og-default.jpg, the branded picture of link previews for pages without a photo of their
// own: 1200 × 630, as WhatsApp, Facebook and X show it. Run again after a brand change:
//   node scripts/og-default.mjs
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const out = fileURLToPath(new URL('../public/og-default.jpg', import.meta.url));
const mark = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="150" height="150"><rect width="32" height="32" rx="9" fill="#fff"/><path d="M16 6.5c-4.1 0-7.3 3.2-7.3 7.2 0 5.2 6 10.9 6.7 11.5a.9.9 0 0 0 1.2 0c.7-.6 6.7-6.3 6.7-11.5 0-4-3.2-7.2-7.3-7.2z" fill="#b23c13"/><path d="M12.6 15.2 16 11.9l3.4 3.3v3.2h-6.8z" fill="#fff"/><circle cx="23.5" cy="8.5" r="2.6" fill="#f5b83d"/></svg>`;
const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;display:flex;flex-direction:column;justify-content:center;gap:36px;padding:0 96px;box-sizing:border-box;
  background:linear-gradient(135deg,#8c2d0b 0%,#b23c13 55%,#e08a2c 100%);color:#fff;font-family:'DejaVu Sans',Arial,sans-serif">
  <div style="display:flex;align-items:center;gap:36px">${mark}<span style="font-size:112px;font-weight:800;letter-spacing:-2px">Mtaani</span></div>
  <div style="font-size:46px;font-weight:700;line-height:1.25;max-width:960px">Trusted beauty, hair, wellness and home services near you in Kenya</div>
  <div style="font-size:34px;color:#ffe2b8">Chat on WhatsApp · Book an appointment</div>
</div></body></html>`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({ path: out, type: 'jpeg', quality: 82, clip: { x: 0, y: 0, width: 1200, height: 630 } });
await browser.close();
console.log(`wrote ${out}`);
