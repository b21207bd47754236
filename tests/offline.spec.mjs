// dist/chomp.html and dist/grundy-offline.html alone, opened from file:// as
// from a USB stick: no server, no sibling files, where ES module files and
// fetch of .wasm are refused.
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test, expect } from '@playwright/test';

const DIST = `../${process.env.DIST_DIR ?? 'dist'}/`;
const SINGLE = fileURLToPath(new URL(`${DIST}chomp.html`, import.meta.url));
const SINGLE_GRUNDY = fileURLToPath(new URL(`${DIST}grundy-offline.html`, import.meta.url));

for (const file of [SINGLE, SINGLE_GRUNDY]) {
  test(`${path.basename(file)} holds everything: no script, style or wasm file beside it`, () => {
    const html = readFileSync(file, 'utf8');
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toMatch(/<link[^>]+rel="(stylesheet|modulepreload|manifest)"/);
    expect(html).not.toMatch(/href="\.\/assets/);
  });

  test(`${path.basename(file)} carries its own policy: its inline scripts by hash and wasm, nothing else`, () => {
    const html = readFileSync(file, 'utf8');
    const policies = [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/g)].map((m) => m[1]);
    expect(policies).toHaveLength(1);
    // First in <head> after the charset: it holds before any script.
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    const hashes = scripts.map((code) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
    expect(policies[0]).toBe(`script-src ${[...new Set(hashes)].join(' ')} 'wasm-unsafe-eval'; worker-src blob:`);
    expect(policies[0]).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*|https?:|data:/);
  });
}

/**
 * Copies a single file alone into a folder of its own (a USB stick) and
 * opens it from file://, noting every error and every request that is not
 * to the file itself.
 * @param {import('@playwright/test').Page} page @param {string} single @param {string} query
 * @returns {Promise<string[]>} the problems seen, filled in as the test goes
 */
async function openFromUsb(page, single, query) {
  const usb = mkdtempSync(path.join(tmpdir(), 'usb-'));
  const file = path.join(usb, path.basename(single));
  copyFileSync(single, file);
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
  await page.goto(`${pathToFileURL(file).href}?${query}`);
  return problems;
}

test('plays from file:// in a folder of its own, with no error and no request elsewhere', async ({ page }, testInfo) => {
  const problems = await openFromUsb(page, SINGLE, 'rows=4&cols=5&first=human&level=perfect');
  const status = page.locator('#status');
  await expect(status).toHaveText('Your turn: pick a square to eat.', { timeout: 15_000 });
  await expect(page.locator('#solver-info')).toContainText('positions solved');
  // A whole game, won by following the hint: the worker and the wasm answer.
  let text = '';
  while (!/won/.test(text)) {
    await page.getByRole('button', { name: 'Hint' }).click();
    await expect(status).toContainText(/Winning moves?:/);
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

test('Grundy\'s game plays from its own file, the lab included', async ({ page }) => {
  const problems = await openFromUsb(page, SINGLE_GRUNDY, 'heaps=9&first=human&level=random&seed=5');
  const status = page.locator('#status:not([aria-busy="true"])');
  await expect(status).toContainText('Your turn', { timeout: 15_000 });
  // Won against the random computer by following the hint (9 is a winning heap).
  let text = '';
  for (let turn = 0; turn < 10 && !/win/.test(text); turn++) {
    await page.getByRole('button', { name: 'Hint' }).click();
    await expect(page.locator('#status')).toContainText('Hint:');
    const before = await page.locator('#moves li').count();
    await page.getByRole('button', { name: 'Split', exact: true }).click();
    await expect(page.locator('#moves li')).not.toHaveCount(before);
    await expect(status).toHaveText(/Your turn|You win|computer wins/);
    text = /** @type {string} */ (await page.locator('#status').textContent());
  }
  expect(text).toContain('You win');
  await expect(page.locator('nav.games')).toHaveCount(0);
  // The lab's worker and module are inside the file too.
  await page.locator('#lab-max').fill('8');
  await page.locator('#lab-run').click();
  await expect(page.locator('#lab-status')).toHaveText(/Done: \d+ runs/, { timeout: 60_000 });
  expect(problems).toEqual([]);
});

test('"Copy link" from the file copies the position, not a file:// address nobody else can open', async ({ page }) => {
  await openFromUsb(page, SINGLE, 'rows=4&cols=5&first=human&level=perfect');
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
