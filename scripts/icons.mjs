// Draws the app's icons (the web app manifest's PNGs) from www/favicon.svg
// with the tests' Chromium, once: the PNGs are kept in www/public/icons/.
//   node scripts/icons.mjs
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { launchOptions } from '../tests/browser.mjs';

const svg = readFileSync(new URL('../www/favicon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch(launchOptions);
for (const size of [192, 512]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  // A maskable icon keeps its drawing inside the middle 80%: a margin of the bar's colour around it.
  await page.setContent(
    `<body style="margin:0;background:#5b3119;display:grid;place-items:center;height:100vh">${svg.replace('<svg ', `<svg width="${size * 0.84}" height="${size * 0.84}" `)}</body>`,
  );
  await page.screenshot({ path: `www/public/icons/icon-${size}.png` });
  await page.close();
}
await browser.close();
