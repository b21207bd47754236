// dist/chomp.html alone, opened from file:// as from a USB stick: no server,
// no sibling files, where ES module files and fetch of .wasm are refused.
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test, expect } from '@playwright/test';

const SINGLE = fileURLToPath(new URL(`../${process.env.DIST_DIR ?? 'dist'}/chomp.html`, import.meta.url));

test('the single file holds everything: no script, style or wasm file beside it', () => {
  const html = readFileSync(SINGLE, 'utf8');
  expect(html).not.toMatch(/<script[^>]+src=/);
  expect(html).not.toMatch(/<link[^>]+rel="(stylesheet|modulepreload)"/);
  expect(html).not.toMatch(/href="\.\/assets/);
});

test('plays from file:// in a folder of its own, with no error and no request elsewhere', async ({ page }, testInfo) => {
  const usb = mkdtempSync(path.join(tmpdir(), 'usb-'));
  const file = path.join(usb, 'chomp.html');
  copyFileSync(SINGLE, file);
  /** @type {string[]} */
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url().slice(0, 80)}`));
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(pathToFileURL(file).href) && !/^(data|blob):/.test(url)) problems.push(`request: ${url}`);
  });

  await page.goto(`${pathToFileURL(file).href}?rows=4&cols=5&first=human&level=perfect`);
  const status = page.locator('#status');
  await expect(status).toHaveText('Your turn: pick a square to eat.', { timeout: 15_000 });
  await expect(page.locator('#solver-info')).toContainText('positions solved');
  // A whole game, won by following the hint: the worker and the wasm answer.
  let text = '';
  while (!/won/.test(text)) {
    await page.getByRole('button', { name: 'Hint' }).click();
    await expect(status).toContainText('Winning moves:');
    await page.locator('#grid [data-hint="true"]').first().click();
    await expect(page.locator('#status:not([aria-busy="true"])')).toHaveText(/computer ate.*Your turn|You won/);
    text = /** @type {string} */ (await status.textContent());
  }
  expect(text).toContain('You won!');
  // Alone on the stick, it does not offer links to pages that are not there.
  await expect(page.locator('nav.games')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('offline-single-file.png') });
  expect(problems).toEqual([]);
});

test('"Copy link" from the file copies the position, not a file:// address nobody else can open', async ({ page }) => {
  const usb = mkdtempSync(path.join(tmpdir(), 'usb-'));
  const file = path.join(usb, 'chomp.html');
  copyFileSync(SINGLE, file);
  await page.goto(`${pathToFileURL(file).href}?rows=4&cols=5&first=human&level=perfect`);
  await expect(page.locator('#status')).toHaveText('Your turn: pick a square to eat.', { timeout: 15_000 });
  // What the clipboard is given, whatever this browser allows a file:// page.
  await page.evaluate(() => {
    /** @type {any} */ (window).copied = [];
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (/** @type {string} */ text) => /** @type {any} */ (window).copied.push(text) },
    });
  });
  await page.getByRole('button', { name: 'Copy link to this position' }).click();
  await expect(page.locator('#share-status')).toContainText('opened from a file');
  expect(await page.evaluate(() => /** @type {any} */ (window).copied)).toEqual(['5 5 5 5']);
  // The game record's link likewise copies the record line.
  await page.getByRole('button', { name: 'Copy link to this game' }).click();
  await expect.poll(() => page.evaluate(() => /** @type {any} */ (window).copied.at(-1))).toBe('4x5:');
  // A build given the site's public address (PUBLIC_URL) links there instead.
  await page.evaluate(() => {
    const meta = document.createElement('meta');
    meta.name = 'impartial-public-url';
    meta.content = 'https://example.org/jeux/chomp/';
    document.head.append(meta);
  });
  await page.getByRole('button', { name: 'Copy link to this position' }).click();
  await expect(page.locator('#share-status')).toHaveText('Link copied.');
  const link = await page.evaluate(() => /** @type {any} */ (window).copied.at(-1));
  expect(link).toMatch(/^https:\/\/example\.org\/jeux\/chomp\/\?/);
  expect(new URL(link).searchParams.get('rows')).toBe('4');
  expect(new URL(link).searchParams.get('cols')).toBe('5');
});
