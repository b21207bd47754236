// Plays Chomp in the real page as a person would: through the accessible
// grid (the same buttons a mouse, a finger or a keyboard use).
import { test, expect } from './fixture.mjs';

const status = (page) => page.locator('#status');
const cell = (page, row, col) => page.locator(`#grid [data-row="${row}"][data-col="${col}"]`);

/** Waits until it is the person's turn or the game is over; returns the status text. */
async function settle(page) {
  // The status is aria-busy while the worker has not answered the last click.
  await expect(page.locator('#status:not([aria-busy="true"])')).toHaveText(/Your turn|You won|computer won|Player \d/, { timeout: 30_000 });
  return /** @type {string} */ (await status(page).textContent());
}

test('loads with a drawn board, no console error and nothing fetched elsewhere', async ({ page }) => {
  await page.goto('/');
  await settle(page);
  await expect(page.getByRole('grid')).toHaveAttribute('aria-label', 'Chocolate bar, 4 rows by 7 columns');
  await expect(page.getByRole('gridcell')).toHaveCount(28);
  await expect(page.getByRole('gridcell', { name: 'row 1, column 1, poisoned square' })).toBeVisible();
  // The canvas really holds a picture, at the device pixel ratio.
  const painted = await page.evaluate(async () => {
    // The board is drawn at the frame after its snapshot.
    await new Promise((done) => requestAnimationFrame(() => done(null)));
    const c = /** @type {HTMLCanvasElement} */ (document.getElementById('board'));
    const d = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d')).getImageData(0, 0, c.width, c.height).data;
    let opaque = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i] > 0) opaque++;
    return { opaque, total: d.length / 4, ratio: c.width / c.clientWidth };
  });
  expect(painted.opaque / painted.total).toBeGreaterThan(0.5);
  expect(painted.ratio).toBeCloseTo(1, 1);
  await expect(page.locator('#solver-info')).toHaveText(/329 positions solved/);
});

test('wins a 4×5 game as first player by following the hint', async ({ page }) => {
  await page.goto('/?rows=4&cols=5&first=human&level=perfect');
  let text = await settle(page);
  let moves = 0;
  while (!/won/.test(text)) {
    await page.getByRole('button', { name: 'Hint' }).click();
    await expect(status(page)).toContainText(/Winning moves?:/);
    const hinted = page.locator('#grid [data-hint="true"]');
    await expect(hinted.first()).toBeVisible();
    await expect(hinted.first()).toHaveAttribute('aria-label', /winning move/);
    await hinted.first().click();
    moves++;
    await expect(status(page)).toContainText(/You ate/);
    text = await settle(page);
  }
  expect(text).toContain('You won!');
  expect(moves).toBeGreaterThanOrEqual(2);
  await expect(page.locator('#grid [data-state="present"]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Hint' })).toBeDisabled();
});

test('loses a 5×5 game as second player against the perfect computer', async ({ page }) => {
  await page.goto('/?rows=5&cols=5&first=computer&level=perfect');
  let text = await settle(page);
  // The computer opens with the unique winning move of a square bar.
  expect(text).toContain('The computer ate row 2, column 2.');
  while (!/won/.test(text)) {
    // Play the last square still on the board, i.e. nibble as slowly as possible.
    const present = page.locator('#grid [data-state="present"]');
    await present.last().click();
    text = await settle(page);
  }
  expect(text).toContain('The computer won');
});

test('bad URL parameters are explained and a default game is played', async ({ page }) => {
  // Both sides are capped, said, and the link written back is one the page accepts.
  await page.goto('/?rows=40&cols=40');
  await expect(page.getByRole('alert')).toContainText(
    'Ignored “rows×cols=40×40”: A 40×40 board is not offered: boards go up to 30×30, or 1000 columns (rows) when there are at most 3 rows (columns). Using 30×30.',
  );
  await settle(page);
  await expect(page.getByRole('gridcell')).toHaveCount(900);
  // Polled: the address is written after the snapshot is painted (read once, it failed under load).
  await expect.poll(() => new URL(page.url()).searchParams.get('rows')).toBe('30');
  await expect.poll(() => new URL(page.url()).searchParams.get('cols')).toBe('30');
  await page.goto('/?rows=abc&cols=2000&first=robot&level=genius&lang=xx');
  const notice = page.getByRole('alert');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Ignored “rows=abc”: rows is abc: expected a whole number from 1 to 1000. Using 4.');
  await expect(notice).toContainText('Ignored “cols=2000”');
  await expect(notice).toContainText('Ignored “first=robot”: first is “robot”: expected one of human, computer. Using human.');
  await expect(notice).toContainText('Ignored “level=genius”');
  await expect(notice).toContainText('Ignored “lang=xx”');
  await settle(page);
  await expect(page.getByRole('gridcell')).toHaveCount(28);
  await expect(status(page)).toHaveText('Your turn: pick a square to eat.');
});

test('the New game form caps a 40×40 request like the URL, says so, and shows what is played', async ({ page }) => {
  await page.goto('/?rows=4&cols=5');
  await settle(page);
  const form = page.locator('#new-game');
  await form.getByLabel('Rows').fill('40');
  await form.getByLabel('Columns').fill('40');
  await form.getByRole('button', { name: 'New game' }).click();
  await expect(page.getByRole('alert')).toContainText('A 40×40 board is not offered');
  await expect(page.getByRole('alert')).toContainText('Using 30×30.');
  await settle(page);
  await expect(page.getByRole('gridcell')).toHaveCount(900);
  // The form and the address say the game played, not the one asked for.
  await expect(form.getByLabel('Rows')).toHaveValue('30');
  await expect(form.getByLabel('Columns')).toHaveValue('30');
  // Polled: the address is written after the snapshot is painted (read once, it failed under load).
  await expect.poll(() => new URL(page.url()).searchParams.get('rows')).toBe('30');
  // The notice is still there once the game goes on.
  await cell(page, 30, 30).click();
  await settle(page);
  await expect(page.getByRole('alert')).toContainText('Using 30×30.');
});

test('illegal squares are explained, not ignored', async ({ page }) => {
  await page.goto('/?rows=3&cols=3');
  await settle(page);
  await cell(page, 1, 1).click();
  await expect(status(page)).toContainText('The poisoned square is never eaten by choice');
  await cell(page, 2, 2).click();
  await settle(page);
  // An eaten square is aria-disabled, yet a person may still click where it was.
  await cell(page, 3, 3).click({ force: true });
  await expect(status(page)).toContainText('Row 3, column 3 has already been eaten.');
});

test('keyboard only: arrows move, Enter bites, announcements follow', async ({ page }) => {
  await page.goto('/?rows=3&cols=4&level=human');
  await settle(page);
  await cell(page, 1, 1).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(cell(page, 2, 3)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status(page)).toHaveText('Player 1 ate row 2, column 3. Player 2, your turn.');
  await expect(cell(page, 3, 4)).toHaveAttribute('aria-label', 'row 3, column 4, eaten');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press(' ');
  await expect(status(page)).toHaveText('Player 2 ate row 1, column 3. Player 1, your turn.');
});

test('undo and redo step over the computer reply', async ({ page }) => {
  await page.goto('/?rows=4&cols=4');
  await settle(page);
  await cell(page, 4, 4).click();
  await expect(status(page)).toContainText('The computer ate');
  await settle(page);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('#grid [data-state="present"]')).toHaveCount(15);
  await expect(status(page)).toHaveText('Your turn: pick a square to eat.');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(status(page)).toContainText('The computer ate');
  await page.getByRole('button', { name: 'Restart' }).click();
  await expect(page.locator('#grid [data-state="present"]')).toHaveCount(15);
});

test('switching to French translates the page, the board and the hint', async ({ page }) => {
  await page.goto('/?rows=2&cols=3');
  await settle(page);
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(status(page)).toHaveText('Winning move: row 2, column 3. It leaves a position in the kernel. Your turn: pick a square to eat.');
  await page.getByLabel('Language').selectOption('fr');
  await expect(status(page)).toHaveText(
    'Coup gagnant : ligne 2, colonne 3. Il laisse une position du noyau. À vous : choisissez un carré à manger.',
  );
  await expect(page.locator('#solver-info')).toHaveText(/^9 positions résolues en \d+ ms \(3 dans le noyau\)\.$/);
  await expect(page.getByRole('gridcell', { name: 'ligne 1, colonne 1, carré empoisonné' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Indice' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
  expect(page.url()).toContain('lang=fr');
});

test('errors speak the page’s language: a French page never shows the English sentence', async ({ page }) => {
  await page.goto('/?rows=3&cols=3&lang=fr&first=robot');
  await expect(page.getByRole('alert')).toContainText(
    '« first=robot » ignoré : first vaut « robot » : il faut l’une des valeurs human, computer. Valeur utilisée : human.',
  );
  await expect(status(page)).toContainText('À vous');
  await cell(page, 1, 1).click();
  await expect(status(page)).toHaveText(
    'On ne mange jamais le carré empoisonné volontairement : la partie s’arrête quand il est seul. À vous : choisissez un carré à manger.',
  );
  await page.locator('#notation-rows').fill('3 4');
  await page.getByRole('button', { name: 'Jouer depuis cette position' }).first().click();
  await expect(page.getByRole('alert')).toHaveText(
    'Impossible de lire cette position : Au caractère 3 : La ligne 2 a 4 carrés mais la ligne 1 en a 3 : les lignes ne doivent pas s’allonger de haut en bas.',
  );
});

test('positions load from both notations, and bad text is pointed at', async ({ page }) => {
  await page.goto('/?rows=3&cols=3');
  await settle(page);
  await expect(page.locator('#notation-rows')).toHaveValue('3 3 3');
  await expect(page.locator('#notation-columns')).toHaveValue('3 3 3');
  // The original page's example: 13 columns, heights from the poisoned column.
  await page.locator('#notation-columns').fill('5 5 5 4 4 3 3 3 1 1 1 0 0');
  await page.getByRole('button', { name: 'Play from this position' }).nth(1).click();
  await expect(page.getByRole('alert')).toContainText('Playing from the position 11 8 8 5 3.');
  await settle(page);
  await expect(page.getByRole('gridcell')).toHaveCount(5 * 13);
  await expect(page.locator('#grid [data-state="present"], #grid [data-state="poison"]')).toHaveCount(35);
  await expect(page.locator('#notation-rows')).toHaveValue('11 8 8 5 3');
  await page.locator('#notation-rows').fill('3 4 1');
  await page.getByRole('button', { name: 'Play from this position' }).first().click();
  await expect(page.getByRole('alert')).toContainText(
    'Cannot read that position: At character 3: Row 2 has 4 squares but row 1 has 3: rows must not grow from top to bottom.',
  );
  // The game on the board is kept.
  await expect(page.locator('#notation-rows')).toHaveValue('3 4 1');
  await expect(page.locator('#grid [data-state="present"], #grid [data-state="poison"]')).toHaveCount(35);
});

test('a big box is solved in the background, with progress and Cancel; the game plays on', async ({ page }) => {
  await page.goto('/?rows=16&cols=16');
  await expect(page.locator('#progress')).toBeVisible();
  await expect(page.locator('#progress-text')).toContainText('Exact table, solved while you play: 0% of 601,080,389 positions');
  await expect(status(page)).toHaveText('Your turn: pick a square to eat.');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('#progress')).toBeHidden();
  await expect(page.locator('#solver-info')).toContainText('The exact table was stopped');
  await expect(status(page)).toHaveText('Your turn: pick a square to eat.');
  // The page still works: a small game starts at once.
  await page.locator('#new-game').getByRole('spinbutton', { name: 'Rows' }).fill('3');
  await page.locator('#new-game').getByRole('spinbutton', { name: 'Columns' }).fill('3');
  await page.getByRole('button', { name: 'New game' }).click();
  await settle(page);
  await expect(page.getByRole('gridcell')).toHaveCount(9);
});

test('a 14×14 bar is solved exactly in the worker and the computer opens with (2, 2)', async ({ page }) => {
  await page.goto('/?rows=14&cols=14&first=computer');
  await expect(status(page)).toContainText('The computer ate row 2, column 2.', { timeout: 30_000 });
  await expect(page.locator('#solver-info')).toContainText('40,116,599 positions solved');
  await expect(page.locator('#solver-info')).toContainText('(256,366 in the kernel)');
  // The box is past the remoteness budget: the hint still names a best resistance.
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(status(page)).toContainText('No winning move: this position is in the kernel');
  await expect(status(page)).toContainText('The best resistance is row');
});

// 3×1000, exact at any width, its bar scrolling sideways: layout.spec.mjs.

test('30×30: the computer wins the square by (2, 2) and mirrors, exactly', async ({ page }) => {
  await page.goto('/?rows=30&cols=30&first=computer');
  await expect(status(page)).toContainText('The computer ate row 2, column 2.', { timeout: 30_000 });
  await expect(page.locator('#solver-info')).toContainText('past exact solving');
  await cell(page, 1, 12).click();
  await expect(status(page)).toHaveText('You ate row 1, column 12. The computer ate row 12, column 1. Your turn: pick a square to eat.');
});

test('past exact reach the computer says when it is not sure', async ({ page }) => {
  await page.goto('/?rows=20&cols=25&first=human');
  await settle(page);
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(status(page)).toContainText(/No winning move is known here|Winning moves known/);
  await cell(page, 20, 25).click();
  await expect(status(page)).toContainText('The computer ate row', { timeout: 30_000 });
  await expect(status(page)).toContainText('The computer is not sure of this move');
});

test('a new game during a box\'s background solve replaces it at once', async ({ page }) => {
  await page.goto('/?rows=16&cols=16');
  // The 16×16 board plays while its table is solved below it.
  await expect(page.locator('#progress-text')).toContainText('Exact table, solved while you play');
  await expect(page.getByRole('gridcell')).toHaveCount(256);
  await page.locator('#new-game').getByRole('spinbutton', { name: 'Rows' }).fill('2');
  await page.locator('#new-game').getByRole('spinbutton', { name: 'Columns' }).fill('4');
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(status(page)).toHaveText('Your turn: pick a square to eat.', { timeout: 5_000 });
  await expect(page.getByRole('gridcell')).toHaveCount(8);
  await expect(page.locator('#progress')).toBeHidden();
  await expect(page.locator('#solver-info')).toContainText('14 positions solved');
  // The old solve's end announces no table for the new game (2×4 had its own at once).
  await expect(status(page)).toHaveText('Your turn: pick a square to eat.');
});

// An open 30×30 board whose move takes the perfect computer a second or two
// of search (an exhaustive one over the position's down-set). The page's
// clock is Playwright's, so "over a second" does not depend on this machine.
const SLOW = '/?rows=30&cols=30&position=30,26,16,12,12,3,2,2&first=computer&debug=1';
const replaced = (page) => page.evaluate(() => /** @type {any} */ (window).chompDebug.replaced());

test('a long search for the computer\'s move can be cancelled; the computer then waits to be asked', async ({ page }) => {
  await page.clock.install();
  await page.goto(SLOW);
  await expect(status(page)).toHaveText('The computer is thinking…');
  const before = await page.locator('#notation-rows').inputValue();
  await page.clock.runFor(600); // the pause before the reply: the search goes out
  await page.clock.runFor(1200); // searching for over a second: Cancel is offered
  // The clock still flows as the machine runs: a busy one may show more seconds.
  await expect(page.locator('#progress-text')).toContainText(/The computer is searching this big open bar \([1-9]\d* s\)/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(status(page)).toHaveText(/The computer’s search was stopped/);
  await expect(page.locator('#progress')).toBeHidden();
  expect(await replaced(page)).toBe(1);
  // The same position, the computer to move, waiting for a click rather than searching again.
  await expect(page.locator('#notation-rows')).toHaveValue(before);
  await page.clock.runFor(5000);
  await expect(status(page)).toHaveText(/The computer’s search was stopped/);
  await page.getByRole('button', { name: 'Let the computer play from here' }).click();
  await expect(status(page)).toContainText('The computer ate row', { timeout: 30_000 });
  expect(await replaced(page)).toBe(1);
});

test('a new game during a long search for a move starts without waiting for it', async ({ page }) => {
  await page.clock.install();
  await page.goto(SLOW);
  await expect(status(page)).toHaveText('The computer is thinking…');
  await page.clock.runFor(600);
  await page.clock.runFor(400);
  const form = page.locator('#new-game');
  await form.getByRole('spinbutton', { name: 'Rows' }).fill('2');
  await form.getByRole('spinbutton', { name: 'Columns' }).fill('4');
  await form.getByRole('combobox', { name: 'Who starts' }).selectOption({ label: 'You (or player 1)' });
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(status(page)).toHaveText('Your turn: pick a square to eat.');
  await expect(page.getByRole('gridcell')).toHaveCount(8);
  // The search was stopped with its worker, not waited for.
  expect(await replaced(page)).toBe(1);
  await page.clock.runFor(2000);
  await expect(status(page)).toHaveText('Your turn: pick a square to eat.');
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('the first tap previews the bite, a second tap on the same square eats it', async ({ page }) => {
    await page.goto('/?rows=4&cols=5&level=human');
    await settle(page);
    await cell(page, 3, 2).tap();
    // The first tap says what a second one does.
    await expect(status(page)).toHaveText('Player 1, your turn. Tap the square at row 3, column 2 again to eat it.');
    await expect(cell(page, 3, 2)).toHaveAttribute('data-state', 'present');
    await cell(page, 3, 2).tap();
    await expect(status(page)).toHaveText('Player 1 ate row 3, column 2. Player 2, your turn.');
    await expect(cell(page, 4, 5)).toHaveAttribute('data-state', 'eaten');
    // The board fits the narrow screen.
    const box = await page.locator('#board-wrap').boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  });
});

test('a hint asked just before a bite is not shown on the new position', async ({ page }) => {
  await page.goto('/?rows=4&cols=7&level=human');
  await expect(status(page)).toHaveText('Player 1, your turn.');
  // Both in one task: the hint's answer arrives after the bite.
  await page.evaluate(() => {
    /** @type {HTMLButtonElement} */ (document.getElementById('hint')).click();
    /** @type {HTMLButtonElement} */ (document.querySelector('#grid [data-row="2"][data-col="1"]')).click();
  });
  await expect(status(page)).toContainText('Player 2, your turn.');
  await page.waitForTimeout(500);
  await expect(status(page)).not.toContainText(/Winning moves?/);
  await expect(page.locator('#grid [data-hint="true"]')).toHaveCount(0);
  // Asked again on this position, the hint answers for it.
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(status(page)).toContainText(/Winning moves?|No winning move/);
  await expect(page.locator('#grid [data-hint="true"][data-state="eaten"]')).toHaveCount(0);
});

test('a trap in the solver ends its worker; a fresh one takes the game on where it was', async ({ page }) => {
  await page.goto('/?rows=4&cols=5&level=human&debug=1');
  await settle(page);
  await cell(page, 2, 4).click();
  await settle(page);
  await cell(page, 3, 2).click();
  await settle(page);
  const before = await page.locator('#notation-rows').inputValue();
  expect(await page.evaluate(() => /** @type {any} */ (window).chompDebug.trap())).toBe('trapped');
  await expect(page.getByRole('alert')).toContainText('The solver stopped unexpectedly and was started again');
  await settle(page);
  // The same position, the same side to move, and the game goes on in the new worker.
  await expect(page.locator('#notation-rows')).toHaveValue(before);
  await expect(status(page)).toContainText('Player 1, your turn.');
  await cell(page, 1, 3).click();
  await expect(page.locator('#status:not([aria-busy="true"])')).toHaveText('Player 1 ate row 1, column 3. Player 2, your turn.');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('#notation-rows')).toHaveValue(before);
});
