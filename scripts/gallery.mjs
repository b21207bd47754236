// The README's gallery of what a class sees once play has started, at the
// projector's sizes: it serves dist/, plays each case as a person would
// (Grundy's heaps split five times, a 1000×3 bar played past row 500, a sum
// with its hint, a game on the analysis board) and writes docs/*.png.
//   npm run gallery [name part]   (after npm run build; a name part redoes only those files)
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { launchOptions } from '../tests/browser.mjs';
import { siteHandler } from './site-server.mjs';

const root = fileURLToPath(new URL('../dist/', import.meta.url));
const docs = fileURLToPath(new URL('../docs/', import.meta.url));
const server = http.createServer(siteHandler(root));
await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
const address = server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
const browser = await chromium.launch(launchOptions);

/** @typedef {import('@playwright/test').Page} Page */

/** Waits until the status line says whose turn it is and is not waiting for the worker. @param {Page} page @param {string} [scope] */
const settled = (page, scope = '#status') => page.locator(`${scope}:not([aria-busy="true"])`).filter({ hasText: /turn|won|win|Player/ }).waitFor();

/** Splits the heap at `pick` (the largest or the smallest), `small` matches off. @param {Page} page @param {'largest' | 'smallest'} pick @param {(n: number) => number} small */
async function split(page, pick, small) {
  const buttons = page.locator('#heaps button');
  const sizes = (await buttons.allTextContents()).map(Number);
  const i = sizes.indexOf(pick === 'largest' ? Math.max(...sizes) : Math.min(...sizes));
  const before = await page.locator('#moves li').count();
  await buttons.nth(i).click();
  await page.locator('#split-n').fill(String(small(sizes[i])));
  await page.locator('#split-play').click();
  await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, before);
  await settled(page);
}

/** @type {{ file: string, url: string, width: number, height: number, scheme?: 'light' | 'dark', play?: (page: Page) => Promise<void> }[]} */
const CASES = [];
for (const [width, height] of [
  [1920, 1080],
  [1024, 768],
]) {
  CASES.push(
    {
      file: `screenshot-grundy-projector-${width}.png`,
      url: 'grundy.html?heaps=20,13&level=human&theme=projector',
      width,
      height,
      // Five splits: three thirds off the largest heap, then one match off the smallest twice.
      play: async (page) => {
        for (let k = 0; k < 3; k++) await split(page, 'largest', (n) => Math.max(1, Math.floor(n / 3)));
        for (let k = 0; k < 2; k++) await split(page, 'smallest', () => 1);
        await page.getByLabel(/Show Grundy values/).check();
      },
    },
    {
      file: `screenshot-sum-projector-${width}.png`,
      url: 'sum.html?chomp=3x4&grundy=8,5&nim=3,1&theme=projector',
      width,
      height,
      play: async (page) => {
        await page.locator('#hint').click();
        await page.locator('.sum-components .hinted').first().waitFor();
      },
    },
    {
      file: width === 1920 ? 'screenshot-analysis-projector.png' : `screenshot-analysis-projector-${width}.png`,
      url: 'index.html?rows=6&cols=7&level=random&seed=3&first=human&theme=projector',
      width,
      height,
      // The person eats from the far corner, then shows the values; the chart lies under the bar.
      play: async (page) => {
        for (let k = 0; k < 3; k++) {
          const squares = page.locator('#grid .cell[data-state="present"]');
          const played = await page.locator('#analysis .an-moves li').count();
          await squares.nth((await squares.count()) - 1).click();
          await page.waitForFunction((n) => document.querySelectorAll('#analysis .an-moves li').length > n, played);
          await settled(page);
        }
        await page.getByLabel('Show the values').check();
        await page.locator('#analysis .an-summary').waitFor();
      },
    },
    {
      file: `screenshot-projector-${width}.png`,
      url: 'index.html?rows=5&cols=7&first=human&level=perfect&theme=projector',
      width,
      height,
      play: async (page) => {
        await page.locator('#hint').click();
        await page.locator('#grid [data-hint="true"]').first().waitFor();
      },
    },
    {
      file: `screenshot-long-bar-projector-${width}.png`,
      url: 'index.html?rows=1000&cols=3&level=human&theme=projector',
      width,
      height,
      play: async (page) => {
        for (const [row, col] of [[900, 2], [750, 3], [586, 1]]) {
          await page.locator(`#grid [data-row="${row}"][data-col="${col}"]`).click();
          await page.locator('#status').filter({ hasText: `ate row ${row}` }).waitFor();
        }
        await page.locator('#hint').click();
        await page.locator('#grid [data-hint="true"]').first().waitFor();
      },
    },
  );
}
CASES.push({
  // The README's first picture: a laptop's page, the hint shown and a square hovered.
  file: 'screenshot.png',
  url: 'index.html?rows=6&cols=9&level=human&lang=en',
  width: 1280,
  height: 800,
  play: async (page) => {
    await page.locator('#hint').click();
    await page.locator('#grid [data-hint="true"]').first().waitFor();
    await page.locator('#grid [data-row="4"][data-col="3"]').hover();
  },
});
CASES.push({
  file: 'screenshot-sum.png',
  url: 'sum.html?chomp=3x3&grundy=9&nim=5,2',
  width: 1366,
  height: 768,
  // The games from their top, so that the hinted Nim heap (game 4) is on screen.
  play: async (page) => {
    await page.locator('#hint').click();
    await page.locator('.sum-components .hinted').first().waitFor();
    await page.locator('#components').evaluate((games) => games.scrollIntoView({ block: 'start', behavior: 'instant' }));
  },
});
CASES.push({
  file: 'screenshot-embed-dark.png',
  url: 'embed-demo.html',
  width: 900,
  height: 1400,
  scheme: 'dark',
  play: async (page) => {
    await page.locator('grundy-game .status').filter({ hasText: 'Your turn' }).waitFor();
    await page.locator('grundy-game .heap-button').first().click();
    await page.locator('chomp-game[rows="4"] [part~="hint"]').click();
    await page.locator('chomp-game[rows="4"] .status').filter({ hasText: 'Winning' }).waitFor();
    await page.locator('grundy-game').scrollIntoViewIfNeeded();
    await page.evaluate(() => scrollBy(0, -260));
  },
});

const only = process.argv[2];
for (const c of CASES) {
  if (only && !c.file.includes(only)) continue;
  const page = await browser.newPage({ viewport: { width: c.width, height: c.height }, colorScheme: c.scheme ?? 'light' });
  page.on('pageerror', (e) => console.log(`[pageerror] ${c.file}: ${e.message}`));
  await page.goto(base + c.url);
  await settled(page, c.url.startsWith('embed') ? 'grundy-game .status' : '#status');
  await c.play?.(page);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${docs}${c.file}` });
  if (c.file === 'screenshot-analysis-projector.png') {
    // The chart, under the bar, once scrolled to.
    await page.locator('#chart-slot').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${docs}${c.file.replace('.png', '-chart.png')}` });
  }
  console.log(`[gallery] docs/${c.file}`);
  await page.close();
}
await browser.close();
server.close();
