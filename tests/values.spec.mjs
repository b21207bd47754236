// The values view on the heap games' page (issue 32): G(n) of the game's
// rule up to a chosen n, the period proven and where it starts, the table
// as Winning Ways prints it (rows of one period, exceptions in bold), the
// text export, a bad code refused in the page's language, Cancel of a long
// run, and the view's layout on a laptop, a phone and a projector.
import axe from 'axe-core';
import { test, expect } from './fixture.mjs';
import { painted, settled } from './geometry.mjs';

/** @typedef {import('@playwright/test').Page} Page */

/** Computes up to `n` (the rule as the field has it) and waits for the summary. @param {Page} page @param {number} n */
async function compute(page, n) {
  await page.locator('#values-n').fill(String(n));
  await page.locator('#values-run').click();
}

/** The page may not scroll sideways. @param {Page} page */
async function noSideways(page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(over).toBeLessThanOrEqual(0);
}

test('Kayles: period 12 from 71, the chart, the table of Winning Ways and its export', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/grundy.html?rule=kayles#values');
  // The view follows the game's rule, and says it in words.
  await expect(page.locator('#values-rule')).toHaveValue('0.77');
  await expect(page.locator('#values-rule-note')).toContainText('Take 1 or 2');
  await expect(page.locator('#values-n')).toHaveValue('200');
  await page.locator('#values-run').click();
  const summary = page.locator('#values-summary');
  await expect(summary).toHaveText(/Kayles \(0\.77\): period 12 from n = 71, proven from the values up to 200\./);
  const table = page.getByRole('table', { name: /Kayles \(0\.77\): G\(n\), one period of 12 per row/ });
  await expect(table).toBeVisible();
  // 12 columns after the row's label, rows 0, 12, 24, …
  await expect(table.locator('thead th')).toHaveCount(13);
  await expect(table.locator('tbody th').first()).toHaveText('0');
  await expect(table.locator('tbody th').nth(1)).toHaveText('12');
  await expect(table.locator('tbody tr')).toHaveCount(17);
  await expect(table.locator('tbody tr').first().locator('td')).toHaveText(['0', '1', '2', '3', '1', '4', '3', '2', '1', '4', '2', '6']);
  // The exceptions in bold: Winning Ways' fourteen, before 71 only.
  const bold = await table.locator('td.values-exception').evaluateAll((tds) =>
    tds.map((td) => {
      const row = Number(td.parentElement?.querySelector('th')?.textContent);
      return row + [...(td.parentElement?.children ?? [])].indexOf(td) - 1;
    }),
  );
  expect(bold).toEqual([0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]);
  await expect(table.locator('td.values-exception strong')).toHaveCount(14);
  await expect(table.locator('td.values-start')).toHaveCount(1);
  // The chart, with its text alternative.
  await expect(page.locator('#values-chart canvas').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'G(n) against n' })).toBeVisible();
  await expect(page.locator('#values-chart-text')).toContainText('from n = 71, shaded, they repeat with period 12');
  await noSideways(page);
  await page.screenshot({ path: 'test-results/values-kayles-1280.png', fullPage: false });
  await page.locator('#values').screenshot({ path: 'test-results/values-kayles-1280-section.png' });

  const download = page.waitForEvent('download');
  await page.locator('#values-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('values-0.77-200.txt');
  const path = await file.path();
  const text = (await import('node:fs')).readFileSync(path, 'utf8');
  expect(text).toContain('Kayles (0.77): period 12 from n = 71');
  expect(text).toMatch(/\n\s+0\s+\*0\s+1\s+2\s+\*3\s/);
});

test("Dawson's Kayles: period 34 from 53, the table in its own scrolling box", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/grundy.html?rule=dawson');
  await expect(page.locator('#values-rule')).toHaveValue('0.07');
  await compute(page, 200);
  await expect(page.locator('#values-summary')).toContainText('Dawson’s Kayles (0.07): period 34 from n = 53');
  const table = page.locator('#values-table');
  await expect(table.locator('thead th')).toHaveCount(35);
  await expect(table.locator('tbody th').nth(1)).toHaveText('34');
  // Wider than the phone: the table's box scrolls, the page does not.
  const wrap = page.locator('.values-table-wrap');
  expect(await wrap.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await noSideways(page);
  await wrap.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/values-dawson-phone.png' });
});

test("Grundy's game: periodicity unknown; a bad code named in the page's language", async ({ page }) => {
  await page.goto('/grundy.html');
  await expect(page.locator('#values-rule')).toHaveValue('grundy');
  await compute(page, 300);
  await expect(page.locator('#values-summary')).toContainText('Grundy’s game: periodicity unknown (open problem); values up to n = 300.');
  await expect(page.locator('#values-table caption')).toContainText('Grundy’s game: G(n), 10 per row');
  await page.locator('#values-rule').fill('0.8');
  await expect(page.locator('#values-rule-note')).toContainText('An octal code is written like 0.77');
  await page.locator('#values-run').click();
  await expect(page.locator('#values-summary')).toHaveText('The values could not be computed: Digit 1 after the point is 8: an octal code has digits 0 to 7.');
});

test('a bad code in French, and the view in French', async ({ page }) => {
  await page.goto('/grundy.html?rule=kayles&lang=fr');
  await expect(page.getByRole('heading', { name: /Valeurs d’une règle de tas/ })).toBeVisible();
  await compute(page, 200);
  await expect(page.locator('#values-summary')).toContainText('Kayles (0.77) : période 12 à partir de n = 71');
  await expect(page.locator('#values-table')).toBeVisible();
  await page.locator('#values-rule').fill('1.7');
  await page.getByRole('button', { name: 'Calculer' }).click();
  await expect(page.locator('#values-summary')).toHaveText(/^Les valeurs n’ont pas pu être calculées\s: Le chiffre avant la virgule est 1/);
  // Kayles's table is not left under the reason, as if it were this run's.
  await expect(page.locator('#values-table')).toBeHidden();
  await page.locator('#values-rule').fill('kayles');
  await compute(page, 200);
  await expect(page.locator('#values-table')).toBeVisible();
  await compute(page, 2 ** 24 + 1);
  await expect(page.locator('#values-summary')).toContainText('« Jusqu’à n » est un nombre entier de 0 à');
  await expect(page.locator('#values-table')).toBeHidden();
});

test("Cancel stops a long run (Grundy's game to 2^24) and says so", async ({ page }) => {
  await page.goto('/grundy.html');
  await expect(page.locator('#values-rule')).toHaveValue('grundy');
  await compute(page, 2 ** 24);
  const cancel = page.locator('#values-cancel');
  await expect(cancel).toBeVisible();
  await expect(page.locator('#values-progress-text')).toHaveText(/Computing G\(n\)/);
  await cancel.click();
  await expect(page.locator('#values-summary')).toHaveText('Stopped: Grundy’s game, the values up to 16,777,216 were not computed.');
  await expect(page.locator('#values-progress')).toBeHidden();
  await expect(page.locator('#values-run')).toBeEnabled();
  // The view computes again after a Cancel (a fresh worker).
  await page.locator('#values-rule').fill('kayles');
  await compute(page, 100);
  // 100 values are too few for the theorem to prove the period (it needs about 2 × 71 + 3 × 12).
  await expect(page.locator('#values-summary')).toHaveText('Kayles (0.77): no period proven up to n = 100. Largest value 8, first at n = 27.');
});

test('a large n: the chart downsampled, the table capped, Show all, the language switched', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/grundy.html?rule=kayles');
  await compute(page, 100000);
  await expect(page.locator('#values-summary')).toContainText('Kayles (0.77): period 12 from n = 71, proven from the values up to 100,000.');
  await expect(page.locator('#values-chart-text')).toContainText('One column of points per 51 heaps: the values they take.');
  const rows = page.locator('#values-table tbody tr');
  await expect(rows).toHaveCount(40);
  await expect(page.locator('#values-shown')).toHaveText('Rows 1 to 40 of 8,334.');
  const all = page.getByRole('button', { name: 'Show 2,500 rows (the export has every one)' });
  await all.click();
  await expect(rows).toHaveCount(2500);
  await expect(all).toBeHidden();
  await noSideways(page);
  await page.locator('#values-summary').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/values-kayles-phone.png' });
  // The view says everything again in French.
  await page.locator('#lang').selectOption('fr');
  await expect(page.locator('#values-summary')).toContainText('Kayles (0.77) : période 12 à partir de n = 71');
  await expect(page.locator('#values-table caption')).toContainText('une période de 12 par ligne');
  await expect(page.locator('#values-shown')).toContainText('sur 8');
});

// Light then dark in one page (the scheme switched), before the view is
// used and then with its table; the projector's page then seen at 1920×1080.
for (const theme of ['', 'projector']) {
  test(`no axe finding in the values view with Kayles' table (light and dark${theme ? ', projector' : ''})${theme ? '; at 1920×1080 Kayles fits, no sideways scroll' : ''}`, async ({ page }) => {
    const schemes = /** @type {const} */ (['light', 'dark']);
    /** @param {string} where @returns {Promise<string[]>} */
    const findings = async (where) => {
      const result = await page.evaluate((where) => /** @type {any} */ (window).axe.run(where === 'document' ? document : where, { resultTypes: ['violations'] }), where);
      return result.violations.flatMap((/** @type {any} */ v) => v.nodes.map((/** @type {any} */ n) => `${v.id} ${n.target.join(' > ')}: ${(n.any[0] ?? n.all[0] ?? n.none[0])?.message ?? v.help}`));
    };
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`/grundy.html?rule=kayles${theme ? `&theme=${theme}` : ''}`);
    await expect(page.locator('#values-rule')).toHaveValue('0.77');
    await page.evaluate(axe.source);
    // The whole page before the view is used (as painted: its status fitted), then the view with its table and chart.
    for (const scheme of schemes) {
      await page.emulateMedia({ colorScheme: scheme });
      await painted(page);
      expect(await findings('document'), `the page before the view is used (${scheme})`).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await compute(page, 200);
    await expect(page.locator('#values-summary')).toContainText('period 12 from n = 71');
    await expect(page.locator('#values-chart canvas').first()).toBeVisible();
    for (const scheme of schemes) {
      await page.emulateMedia({ colorScheme: scheme });
      await painted(page);
      expect(await findings('#values'), `the view with its table (${scheme})`).toEqual([]);
      await page.locator('#values').screenshot({ path: `test-results/values-kayles-${scheme}${theme ? '-projector' : ''}.png` });
    }
    if (!theme) return;
    // The projector at 1920×1080: Kayles fits, no sideways scroll.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await settled(page);
    await page.locator('#values').scrollIntoViewIfNeeded();
    await expect(page.locator('#values-chart canvas').first()).toBeVisible();
    await noSideways(page);
    const box = await page.locator('.values-figure').boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1920);
    await page.locator('#values').screenshot({ path: 'test-results/values-kayles-projector-1920.png' });
    await page.screenshot({ path: 'test-results/values-kayles-projector-1920-screen.png' });
    await page.locator('.values-figure').screenshot({ path: 'test-results/values-kayles-projector-chart.png' });
  });
}

test('the view follows the game picked, and says Nim and the matches game', async ({ page }) => {
  await page.goto('/grundy.html?rule=kayles');
  await expect(page.locator('#values-rule')).toHaveValue('0.77');
  // A new game of another rule: the view takes its rule.
  await page.locator('#rule-pick').selectOption('matches');
  await page.locator('#new-game button[type="submit"]').click();
  await expect(page.locator('#values-rule')).toHaveValue('0.333');
  await compute(page, 60);
  await expect(page.locator('#values-summary')).toContainText('Matches, take 1 to 3 (0.333): period 4 from n = 0, proven from the values up to 60.');
  await expect(page.locator('#values-table thead th')).toHaveCount(5);
  await expect(page.locator('#values-table tbody tr').nth(1).locator('td')).toHaveText(['0', '1', '2', '3']);
  await expect(page.locator('#values-table td.values-exception')).toHaveCount(0);
  await page.locator('#values-rule').fill('nim');
  await expect(page.locator('#values-rule-note')).toContainText('Take as many as you like');
  await compute(page, 30);
  await expect(page.locator('#values-summary')).toHaveText('Nim: G(n) = n, never periodic; values up to n = 30.');
  await expect(page.locator('#values-table caption')).toContainText('10 per row');
  // A code's name, capitalised to start the caption's sentence, not inside it ("G(n) of The octal game").
  await page.locator('#values-rule').fill('0.6');
  await compute(page, 40);
  await expect(page.locator('#values-table caption')).toContainText('The octal game 0.6: G(n), 10 per row');
});

test('Kayles to 2^24: read off its period, the table and the export in part', async ({ page }) => {
  await page.goto('/grundy.html?rule=kayles');
  await compute(page, 2 ** 24);
  await expect(page.locator('#values-summary')).toContainText('Kayles (0.77): period 12 from n = 71, proven from the values up to 16,777,216.', { timeout: 60_000 });
  await expect(page.locator('#values-shown')).toHaveText('Rows 1 to 40 of 1,398,102.');
  await expect(page.locator('#values-chart canvas').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.locator('#values-export').click();
  const text = (await import('node:fs')).readFileSync(await (await download).path(), 'utf8');
  expect(text).toContain('The first 50,000 rows of 1,398,102.');
  expect(text.trimEnd().split('\n').at(-1)).toMatch(/^\s*599988\s/);
});
