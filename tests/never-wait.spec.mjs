// Big boxes are played at once (issue 23): the opening book and searches
// answer while the box's exact table is solved in the background, and the
// game switches to it, its line kept, the moment it is ready.
import { test, expect } from './fixture.mjs';

const status = (page) => page.locator('#status');
const cell = (page, row, col) => page.locator(`#grid [data-row="${row}"][data-col="${col}"]`);
const move = (page, ply) => page.locator(`li button[data-ply="${ply}"]`);
const background = (page) => page.locator('#progress-text');

// `?debug=hold` holds the box's table back (shown as being solved, no core
// spent on it) until the test calls chompDebug.releaseTable(): the moves
// "before the table" are made before it, whatever the machine's speed, and
// a 13×13 box's table (10.4 M positions) then comes in a moment.
const release = (page) => page.evaluate(() => /** @type {any} */ (window).chompDebug.releaseTable());

test('a 16×16 game is playable and the hint answers before its table is ready', async ({ page }) => {
  await page.goto('/?rows=16&cols=16&first=human&level=perfect&debug=hold');
  await expect(status(page)).toHaveText(/Your turn/);
  // The table is still being solved: its bar says so, with Cancel, below a board that plays.
  await expect(background(page)).toContainText('Exact table, solved while you play');
  await expect(page.locator('#cancel')).toBeVisible();
  await expect(page.locator('#solver-info')).toContainText('until the bar’s exact table is ready');
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(status(page)).toContainText('Winning move: row 2, column 2.');
  await expect(background(page)).toContainText('Exact table, solved while you play');
  await cell(page, 2, 2).click();
  await expect(status(page)).toContainText('You ate row 2, column 2');
  await expect(move(page, 2)).toBeVisible({ timeout: 30_000 });
  await expect(background(page)).toContainText('Exact table, solved while you play');
});

// One 13×13 game: its moves before the table marked, kept through a reload
// and in its link; then the table comes (the switch mid-game keeps the game
// line, later moves are exact), and a reload keeps every mark.
test('the switch to the exact table mid-game keeps the game line and its book and search marks, through reloads; later moves are exact', async ({ page }) => {
  await page.goto('/?rows=13&cols=13&first=computer&level=perfect&debug=hold');
  // The book's opening, marked so in the move list.
  await expect(move(page, 1)).toContainText(/row 2, column 2 \(.*opening book\)/);
  await expect(status(page)).toHaveText(/Your turn/);
  await cell(page, 1, 13).click();
  await expect(move(page, 2)).toBeVisible();
  await expect(move(page, 3)).toContainText('search, before the exact table');
  await expect(background(page)).toContainText('Exact table, solved while you play');
  // The address keeps how each move was chosen, beside the moves.
  await expect(page).toHaveURL(/[?&]marks=b-s(&|$)/);
  await page.reload();
  await expect(status(page)).toHaveText(/Your turn/);
  // Played again from the address while the table is solved anew: marked as they were played.
  await expect(background(page)).toContainText('Exact table, solved while you play');
  await expect(move(page, 1)).toContainText(/row 2, column 2 \(.*opening book\)/);
  await expect(move(page, 2)).toContainText('row 1, column 13');
  await expect(move(page, 2)).not.toContainText(/opening book|search, before/);
  await expect(move(page, 3)).toContainText('search, before the exact table');
  await expect(page.locator('#notice')).toBeHidden();
  // The link that replays the game keeps them too.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy link to this game' }).click();
  await expect(page.locator('#analysis .an-io .share-status')).toHaveText('Link copied.');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/[?&]moves=2,2\+1,13\+/);
  expect(link).toMatch(/[?&]marks=b-s(&|$)/);
  const before = await page.locator('#grid').getAttribute('aria-label');
  // The table comes: said, the game line and its marks as they were.
  await release(page);
  await expect(status(page)).toContainText('The exact table is ready', { timeout: 30_000 });
  await expect(page.locator('#progress')).toBeHidden();
  await expect(page.locator('#solver-info')).toContainText('10,400,599 positions solved');
  await expect(move(page, 1)).toContainText(/row 2, column 2 \(.*opening book\)/);
  await expect(move(page, 2)).toContainText('row 1, column 13');
  await expect(move(page, 3)).toContainText('search, before the exact table');
  await expect(page.locator('#grid')).toHaveAttribute('aria-label', /** @type {string} */ (before));
  // From the table on: the hint is exact, and the computer's reply carries no mark.
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(status(page)).toContainText(/Winning moves?: |No winning move: this position is in the kernel/);
  await cell(page, 1, 11).click();
  await expect(move(page, 5)).toBeVisible();
  await expect(move(page, 5)).not.toContainText(/opening book|search, before/);
  await expect(status(page)).not.toContainText('not sure');
  await expect(status(page)).toHaveText(/Your turn/);
  // A move from the table stays plain through a reload, the earlier ones marked still.
  await page.reload();
  await expect(move(page, 5)).toBeVisible();
  await expect(move(page, 5)).not.toContainText(/opening book|search, before/);
  await expect(move(page, 1)).toContainText(/row 2, column 2 \(.*opening book\)/);
  await expect(move(page, 3)).toContainText('search, before the exact table');
});

test('the perfect computer waits for the table rather than play an unproven move; Cancel lets it play on', async ({ page }) => {
  await page.goto('/?rows=16&cols=18&first=human&level=perfect&debug=hold');
  await expect(status(page)).toHaveText(/Your turn/);
  await cell(page, 16, 16).click();
  await expect(status(page)).toContainText('The perfect computer plays only proven moves');
  await expect(background(page)).toContainText('Exact table, solved while you play');
  await expect(move(page, 2)).toHaveCount(0);
  // Still waiting a while later: it never guesses (the table held back).
  await page.waitForTimeout(1500);
  await expect(move(page, 2)).toHaveCount(0);
  await page.locator('#cancel').click();
  await expect(move(page, 2)).toContainText('search, before the exact table', { timeout: 30_000 });
  await expect(page.locator('#progress')).toBeHidden();
  await expect(page.locator('#solver-info')).toContainText('The exact table was stopped');
});
