// The page fixture every e2e test uses: a test fails on a console error, an
// uncaught exception, an HTTP error or any request that leaves the page's origin.
import { test as base, expect } from '@playwright/test';

export { expect };

/**
 * Every test fails on a console error, an uncaught exception or a request off
 * the page's origin. Each test has a page of its own, in a browser context
 * that the tests of one worker with the same context options share: a new
 * context per test cost about 0.2 s of CPU more (context set up, a fresh
 * HTTP and code cache): the suite took 646 and 663 s of CPU against 703. The site keeps nothing in
 * the browser's storage (the game is in the address); what a test may change
 * on the context itself (permissions, offline) is put back after it, and a
 * failed test ends its worker and so its contexts. A context that lets
 * service workers run gets its own per test (a worker installed by one test
 * would serve the next one's pages), as does a test that says
 * `test.use({ ownContext: true })`: one that watches a page's first frames,
 * which a warm cache moves.
 */
export const test = base.extend({
  _sharedContexts: [
    async ({ browser }, use) => {
      /** @type {Map<string, import('@playwright/test').BrowserContext>} */
      const contexts = new Map();
      await use(contexts);
      for (const context of contexts.values()) await context.close();
    },
    { scope: 'worker' },
  ],
  ownContext: [false, { option: true }],
  // Playwright's own context fixture, with its options as it combines them.
  context: async ({ browser, ownContext, _combinedContextOptions: options, _sharedContexts: shared }, use) => {
    if (ownContext || options.serviceWorkers === 'allow') {
      const own = await browser.newContext(options);
      await use(own);
      await own.close();
      return;
    }
    const key = JSON.stringify(options);
    let context = shared.get(key);
    if (!context) {
      context = await browser.newContext(options);
      shared.set(key, context);
    }
    await use(context);
    for (const page of context.pages()) await page.close();
    await context.clearPermissions();
    await context.setOffline(false);
  },
  page: async ({ page, baseURL }, use) => {
    /** @type {string[]} */
    const problems = [];
    const origin = new URL(/** @type {string} */ (baseURL)).origin;
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
    // Leaving a page aborts what it was still loading (its icon, a module or
    // worker it loads when idle): not a fault when the page was being left
    // while the request was out (it may even start after the click).
    let navigations = 0;
    /** @type {Set<import('@playwright/test').Request>} */
    const leaving = new Set();
    /** @type {WeakMap<import('@playwright/test').Request, number>} */
    const startedAt = new WeakMap();
    /** @param {import('@playwright/test').Request} r */
    const left = (r) => leaving.delete(r);
    page.on('request', (r) => {
      if (new URL(r.url()).origin !== origin) problems.push(`request off origin: ${r.url()}`);
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) {
        navigations += 1;
        leaving.add(r);
      } else startedAt.set(r, leaving.size > 0 ? navigations - 1 : navigations);
    });
    page.on('requestfinished', left);
    page.on('requestfailed', (r) => {
      left(r);
      if (r.failure()?.errorText === 'net::ERR_ABORTED' && /favicon/.test(r.url())) return;
      if (r.failure()?.errorText === 'net::ERR_ABORTED' && (startedAt.get(r) ?? navigations) < navigations) return;
      problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`);
    });
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
    });
    await use(page);
    expect(problems, 'console errors and foreign requests').toEqual([]);
  },
});


/**
 * Brings the game graph section on screen: it loads its own module (and
 * draws its first graph) only when it comes near the screen.
 * @param {import('@playwright/test').Page} page
 */
export async function showGraph(page) {
  await page.locator('#graph').scrollIntoViewIfNeeded();
  await expect(page.locator('#graph-figure svg')).toBeVisible();
}

/**
 * The row lengths on the Chomp board, read from the accessible grid.
 * @param {import('@playwright/test').Page} page
 */
export async function boardRows(page) {
  return page.evaluate(() => {
    /** @type {number[]} */
    const rows = [];
    for (const b of document.querySelectorAll('#grid .cell')) {
      const el = /** @type {HTMLElement} */ (b);
      if (el.dataset.state === 'eaten') continue;
      const r = Number(el.dataset.row);
      rows[r - 1] = Math.max(rows[r - 1] ?? 0, Number(el.dataset.col));
    }
    return rows.filter((l) => l > 0);
  });
}

/**
 * Waits until no request is on its way and the computer is not about to
 * move: the status is not busy and says none of the pages' waiting words
 * (the computer thinking, a table or a sum being set up, values computed).
 * @param {import('@playwright/test').Page} page
 */
export async function idle(page) {
  await expect(page.locator('#status:not([aria-busy="true"])')).not.toHaveText(/thinking|réfléchit|Getting|Setting up|Préparation|Computing|Calcul/, { timeout: 30_000 });
}
