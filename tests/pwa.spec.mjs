// The installable offline app: after one visit the site opens and plays with
// the network off (a classroom tablet), from its service worker's cache.
import { test, expect } from '@playwright/test';

test.use({ serviceWorkers: 'allow' });

test('after one visit, the site opens and plays offline; it can be installed', async ({ page, context }) => {
  /** @type {string[]} */
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));

  await page.goto('/index.html?rows=4&cols=5&first=human&level=perfect');
  await expect(page.locator('#status')).toHaveText('Your turn: pick a square to eat.');
  // The manifest a tablet installs the app from, and its icons.
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(new URL(/** @type {string} */ (manifestHref), page.url()).href)).json();
  expect(manifest).toMatchObject({ display: 'standalone', start_url: './index.html' });
  expect(manifest.icons.map((/** @type {{ sizes: string }} */ i) => i.sizes)).toEqual(['192x192', '512x512']);
  // Registered by the page's own module: no inline script under the CSP, and no line saying it failed.
  expect(await page.locator('script:not([src])').count()).toBe(0);
  await expect(page.locator('#offline-note')).toHaveCount(0);
  // The worker is ready once everything is precached, both wasm modules and both workers included.
  const cached = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const names = await caches.keys();
    const urls = [];
    for (const name of names) for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
    return urls;
  });
  expect(cached.filter((u) => u.endsWith('.wasm')).length).toBe(2);
  expect(cached.some((u) => /solver-worker-.*\.js$/.test(u))).toBe(true);
  expect(cached.some((u) => /study-worker-.*\.js$/.test(u))).toBe(true);
  for (const page of ['/index.html', '/grundy.html', '/sum.html']) expect(cached).toContain(page);

  await context.setOffline(true);
  // Another game's address: the page comes from the cache whatever its query.
  await page.goto('/index.html?rows=3&cols=4&first=human&level=perfect');
  await expect(page.locator('#status')).toHaveText('Your turn: pick a square to eat.');
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  // A whole game won with the hint: the worker and the wasm came from the cache.
  let text = '';
  for (let turn = 0; turn < 8 && !/won/.test(text); turn++) {
    await page.locator('#hint').click();
    await expect(page.locator('#status')).toContainText(/Winning moves?:/);
    await page.locator('#grid [data-hint="true"]').first().click();
    await expect(page.locator('#status:not([aria-busy="true"])')).toHaveText(/computer ate.*Your turn|You won/);
    text = /** @type {string} */ (await page.locator('#status').textContent());
  }
  expect(text).toContain('You won!');
  // Grundy's game too.
  await page.goto('/grundy.html?heaps=9');
  await expect(page.locator('#status:not([aria-busy="true"])')).toContainText('Your turn');
  await context.setOffline(false);
  expect(problems).toEqual([]);
});

test('where the browser refuses the offline app, a line under the page says so and the game plays', async ({ page }) => {
  await page.addInitScript(() => {
    if (navigator.serviceWorker) navigator.serviceWorker.register = () => Promise.reject(new Error('refused in this window'));
  });
  /** @type {string[]} */
  const problems = [];
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  await page.goto('/index.html?rows=4&cols=5&first=human&level=human');
  await expect(page.locator('#offline-note')).toHaveText('This page could not be kept for offline use (refused in this window); it plays on while the network is there.');
  await page.locator('#grid [data-row="4"][data-col="5"]').click();
  await expect(page.locator('#status')).toContainText('Player 1 ate row 4, column 5.');
  expect(problems).toEqual([]);
});
