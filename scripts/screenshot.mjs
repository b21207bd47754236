// Takes screenshots of the running page for the README and for looking at it:
//   node scripts/screenshot.mjs <url> <out.png> [width] [height] [scale]
import { chromium } from '@playwright/test';
import { launchOptions } from '../tests/browser.mjs';

const [url, out, width = '1280', height = '800', scale = '1'] = process.argv.slice(2);
const browser = await chromium.launch(launchOptions);
const page = await browser.newPage({
  viewport: { width: Number(width), height: Number(height) },
  deviceScaleFactor: Number(scale),
});
page.on('console', (m) => console.log(`[console.${m.type()}] ${m.text()}`));
page.on('pageerror', (e) => console.log(`[pageerror] ${e.message}`));
await page.goto(url);
await page.waitForFunction(() => !document.getElementById('status')?.textContent?.includes('…') || document.getElementById('status')?.textContent?.includes('thinking') || document.getElementById('status')?.textContent?.includes('réfléchit'), null, { timeout: 30000 }).catch(() => {});
await page.waitForTimeout(300);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
