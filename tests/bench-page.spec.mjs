// The browser benchmark page as a person opens it: in French or English, on
// a phone without the page scrolling sideways, each part it runs with rows
// (the Grundy values' table stood empty by default), the heap rules timed
// against Grundy's game, a refused rule said in its row.
import { test, expect } from './fixture.mjs';

test('the benchmark page runs its parts in French on a phone, says a refused rule in its row, and switches to English', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/bench.html?parts=solves,heaps&n=3,14&heaps=kayles,0.8&to=4095&lang=fr');
  await expect(page.locator('#bench-status')).toHaveText('Terminé.', { timeout: 60_000 });
  await expect(page).toHaveTitle(/Mesures du solveur/);
  // Only the parts asked for are on the page.
  for (const part of ['thin', 'grundy', 'latency', 'baseline']) await expect(page.locator(`#part-${part}`)).toBeHidden();
  await expect(page.locator('#bench-table tbody tr')).toHaveCount(2);
  await expect(page.locator('#bench-table tbody tr')).toContainText(['3×3', '14×14']);
  // 14×14 is solved in the background as the game starts it: counted once its table is done (it read "–" in 0 ms).
  const box14 = page.locator('#bench-table tbody tr').nth(1).locator('td');
  await expect(box14.nth(1)).toHaveText(/^40\s116\s599$/);
  await expect(box14.nth(2)).toHaveText(/^256\s366$/);
  const heaps = page.locator('#heaps-table tbody tr');
  // Grundy's game first, whatever the list: the others are said as multiples of it.
  await expect(heaps).toHaveCount(3);
  await expect(heaps.nth(0).locator('td').first()).toHaveText('grundy');
  await expect(heaps.nth(1)).toContainText('dès 71, longueur 12');
  await expect(heaps.nth(1).locator('td').nth(3)).toHaveText(/^\d+(,\d+)?$/);
  await expect(heaps.nth(2)).toContainText(/refusée\s: Le chiffre 1 après la virgule est 8/);
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]);
  await page.locator('#lang').selectOption('en');
  await expect(page.locator('#bench-status')).toHaveText('Done.');
  await expect(heaps.nth(1)).toContainText('from 71, length 12');
  await expect(heaps.nth(2)).toContainText('refused: Digit 1 after the point is 8');
  await expect(page).toHaveURL(/lang=en/);
});
