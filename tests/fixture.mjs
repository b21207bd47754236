// The page fixture every e2e test uses: a test fails on a console error, an
// uncaught exception, an HTTP error or any request that leaves the page's origin.
import { test as base, expect } from '@playwright/test';

export { expect };

/** Every test fails on a console error, an uncaught exception or a request off the page's origin. */
export const test = base.extend({
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
