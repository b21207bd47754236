// The analysis board in the real page: a 5×7 game with a deliberate mistake
// (move list, chart, jumps, the record exported, imported, in a link and
// refused when illegal), the squares' values against a plain recursion,
// reveal levels, the position editor, Play again, the <chomp-game> element
// and Grundy's game. (The coordinates along a 3×1000 bar's edges, and its
// hint scrolled into view: layout.spec.mjs.)
import { test, expect, boardRows } from './fixture.mjs';

const status = (page) => page.locator('#status');
const cell = (page, row, col) => page.locator(`#grid [data-row="${row}"][data-col="${col}"]`);
const moves = (page) => page.locator('#analysis .an-moves li');

/** Waits until it is the person's turn or the game is over; returns the status text. */
async function settle(page) {
  await expect(page.locator('#status:not([aria-busy="true"])')).toHaveText(/Your turn|You won|computer won|Player \d/, { timeout: 30_000 });
  return /** @type {string} */ (await status(page).textContent());
}

/**
 * The original page's recursion with remoteness, written again here so the
 * page is checked against something that is not the solver: for row
 * lengths, [wins for the player to move, moves left with perfect play].
 * @returns {(rows: number[]) => [boolean, number]}
 */
function plainValues() {
  /** @type {Map<string, [boolean, number]>} */
  const memo = new Map();
  const value = (/** @type {number[]} */ rows) => {
    if (rows.length === 1 && rows[0] === 1) return /** @type {[boolean, number]} */ ([false, 0]);
    const key = rows.join(',');
    const known = memo.get(key);
    if (known) return known;
    let win = Infinity;
    let lose = 0;
    rows.forEach((len, r) => {
      for (let c = r === 0 ? 2 : 1; c <= len; c++) {
        const child = rows.map((l, i) => (i >= r ? Math.min(l, c - 1) : l)).filter((l) => l > 0);
        const [n, rem] = value(child);
        if (!n) win = Math.min(win, rem);
        lose = Math.max(lose, rem);
      }
    });
    /** @type {[boolean, number]} */
    const v = win < Infinity ? [true, win + 1] : [false, lose + 1];
    memo.set(key, v);
    return v;
  };
  return value;
}


test('a 5×7 game with a mistake: marked in the list and the chart, jumped back to, exported, imported, linked, refused', async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?rows=5&cols=7&first=human&level=perfect&seed=3');
  await settle(page);
  await page.getByLabel('Show the values').check();
  await expect(cell(page, 2, 3)).toHaveAttribute('aria-label', /wins in \d+, the fastest/);

  // The overlay agrees with the session's hint and with a plain recursion.
  const value = plainValues();
  const start = await boardRows(page);
  for (const [row, col] of [
    [2, 3],
    [1, 2],
    [5, 7],
    [3, 4],
    [4, 1],
  ]) {
    const child = start.map((l, i) => (i >= row - 1 ? Math.min(l, col - 1) : l)).filter((l) => l > 0);
    const [n, rem] = value(child);
    const label = await cell(page, row, col).getAttribute('aria-label');
    expect(label, `${row},${col}`).toContain(`${n ? 'loses' : 'wins'} in ${rem + 1}`);
  }
  const winners = page.locator('#grid .cell[title*=": wins"]');
  await expect(winners).toHaveCount(1);
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(status(page)).toContainText('Winning move: row 2, column 3.');
  await expect(page.locator('#grid [data-hint="true"]')).toHaveCount(1);
  await expect(cell(page, 2, 3)).toHaveAttribute('data-hint', 'true');

  // The mistake: a won bar handed over by eating a single square.
  await cell(page, 5, 7).click();
  let text = await settle(page);
  while (!/won/.test(text)) {
    await page.locator('#grid [data-state="present"]').last().click();
    text = await settle(page);
  }
  expect(text).toContain('The computer won');
  const count = await moves(page).count();
  expect(count).toBeGreaterThan(6);
  await expect(moves(page).first()).toContainText('1. You: row 5, column 7 (✗ mistake)');
  await expect(moves(page).first()).toHaveAttribute('data-mark', 'mistake');
  await expect(moves(page).nth(1)).toContainText('The computer: row 2, column 3 (✓ good');
  // Only the person's first move gave a win away; the chart marks it.
  await expect(page.locator('#analysis .an-moves li[data-mark="mistake"]')).toHaveCount(1);
  await expect(page.locator('#analysis .an-chart-svg .an-mistake')).toHaveCount(1);
  await expect(page.locator('#analysis .an-chart-svg .an-mistake title')).toHaveText('Move 1: a mistake, the win was given away');
  await expect(page.locator('#analysis .an-chart-svg')).toHaveAttribute('aria-label', /1 mistakes marked/);
  await expect(page.getByRole('button', { name: 'Play again' })).toBeVisible();
  const line = await page.locator('#analysis .an-record-field').inputValue();
  expect(line).toMatch(/^5x7: 5,7 2,3( \d+,\d+)+$/);
  expect(line.split(' ').length - 1).toBe(count);
  const texts = await moves(page).allTextContents();

  // Back to the position after move 2: the board, the list and the chart follow; the future stays.
  await moves(page).nth(1).getByRole('button').click();
  await expect(moves(page).nth(1).getByRole('button')).toHaveAttribute('aria-current', 'step');
  await expect(page.locator('#analysis .an-moves li.future')).toHaveCount(count - 2);
  expect(await boardRows(page)).toEqual([7, 2, 2, 2, 2]);
  await expect(status(page)).toContainText('Your turn');
  // The chart is a way back too: its first column is the start.
  await page.locator('#analysis .an-chart-svg .an-hit[data-ply="1"]').click({ force: true });
  await expect(page.getByRole('button', { name: 'Let the computer play from here' })).toBeVisible();
  expect(await boardRows(page)).toEqual([7, 7, 7, 7, 6]);
  // The computer waits there; a jump to the end comes back to the finished game.
  await moves(page).last().getByRole('button').click();
  await expect(status(page)).toContainText('The computer won');

  // The record re-imports to the same game.
  await page.getByRole('button', { name: 'Restart' }).click();
  await expect(moves(page)).toHaveCount(0);
  await page.locator('#analysis .an-record-field').fill(line);
  await page.getByRole('button', { name: 'Load this record' }).click();
  await expect(page.locator('#notice')).toContainText(`Record loaded: ${count} moves replayed.`);
  await expect(moves(page)).toHaveCount(count);
  expect(await moves(page).allTextContents()).toEqual(texts);

  // The link replays it: moves= on the page's address.
  await page.getByRole('button', { name: 'Copy link to this game' }).click();
  await expect(page.locator('#analysis .an-io .share-status')).toHaveText('Link copied.');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain('moves=5,7+2,3');
  await page.goto(link);
  await settle(page);
  await expect(moves(page)).toHaveCount(count);
  await expect(moves(page).first()).toHaveAttribute('data-mark', 'mistake');
  await expect(page.locator('#notice')).toBeHidden();

  // A record with an illegal move is refused, with its place, and the game stays.
  await page.locator('#analysis .an-record-field').fill('5x7: 5,7 2,3 5,7');
  await page.getByRole('button', { name: 'Load this record' }).click();
  await expect(page.locator('#notice')).toHaveText(
    'This record was not loaded: Move 3 of the record (row 5, column 7) cannot be played there.',
  );
  await expect(moves(page)).toHaveCount(count);
  await page.locator('#analysis .an-record-field').fill('5y7: 2,3');
  await page.getByRole('button', { name: 'Load this record' }).click();
  await expect(page.locator('#notice')).toContainText('A record starts with its board and a colon');
  // The same record in an address keeps the moves before the bad one and names it.
  await page.goto('/?rows=5&cols=7&level=human&moves=5,7+2,3+5,7');
  await expect(page.locator('#notice')).toContainText('Move 3 of the record (row 5, column 7) cannot be played there');
  await expect(moves(page)).toHaveCount(2);
});

test('"Why?" explains the move played, the square under the pointer and a kernel position', async ({ page }) => {
  await page.goto('/?rows=2&cols=4&level=human');
  await settle(page);
  await page.getByLabel('Show the values').check();
  const why = page.locator('#analysis .an-why');
  await expect(why).toContainText('This position is won; its winning moves: row 2, column 4.');
  await cell(page, 1, 2).hover();
  await expect(why).toContainText('Eating row 1, column 2 loses: the opponent answers row 2, column 1, which leaves 1');
  await cell(page, 2, 4).click();
  await page.mouse.move(0, 0);
  await expect(why).toContainText('Why? Move 1, row 2, column 4');
  await expect(why).toContainText('Eating row 2, column 4 wins: it leaves a position in the kernel');
  await why.locator('summary').click();
  await expect(why.locator('.an-tree li').first()).toContainText(/If the opponent eats row \d, column \d: answer row \d, column \d\./);
  await why.getByRole('button', { name: 'Explain this position' }).click();
  await expect(why).toContainText('This position is in the kernel: every bite has an answer.');
  // In French, the same words.
  await page.getByLabel('Language').selectOption('fr');
  await expect(why).toContainText('Cette position est dans le noyau : chaque bouchée a une parade.');
});

test('reveal levels limit what the page shows and the session refuses', async ({ page }) => {
  await page.goto('/?rows=4&cols=5&reveal=moves');
  await settle(page);
  await expect(page.locator('#analysis .an-note')).toContainText('The link that opened this game reveals at most: winning moves.');
  const select = page.getByLabel('Reveal');
  await expect(select.locator('option')).toHaveText(['nothing', 'who wins', 'winning moves']);
  await page.getByLabel('Show the values').check();
  await expect(cell(page, 3, 3)).toHaveAttribute('aria-label', 'row 3, column 3: wins');
  await expect(cell(page, 1, 2)).toHaveAttribute('aria-label', 'row 1, column 2: loses');
  await expect(page.locator('#analysis .an-why')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Hint' })).toBeEnabled();
  // The address keeps the limit.
  await expect.poll(() => new URL(page.url()).searchParams.get('reveal')).toBe('moves');
  await select.selectOption('outcome');
  await expect(page.getByRole('button', { name: 'Hint' })).toBeDisabled();
  await expect(cell(page, 3, 3)).toHaveAttribute('aria-label', 'row 3, column 3');
  await expect(page.locator('#analysis .an-summary')).toHaveText('To move: You. Won with perfect play.');
  await select.selectOption('off');
  // Said once, in the note (not in the summary too).
  await expect(page.locator('#analysis .an-note')).toContainText('Nothing is revealed at this level');
  await expect(page.locator('#analysis .an-summary')).toBeHidden();
  await cell(page, 4, 5).click();
  await settle(page);
  await expect(moves(page).first()).not.toHaveAttribute('data-mark');
  await expect(page.locator('#analysis .an-chart')).toBeHidden();
});

test('the position editor shapes legal positions with the pointer and the keyboard, and plays from them', async ({ page }) => {
  await page.goto('/?rows=4&cols=5&level=human');
  await settle(page);
  await page.getByRole('button', { name: 'Edit position' }).click();
  await expect(status(page)).toContainText('Editing (5 5 5 5)');
  await expect(status(page)).toContainText('The player to move wins, in');
  // Removing a square takes everything below and right of it, as a bite.
  await cell(page, 2, 2).click();
  await expect(status(page)).toContainText('Editing (5 1 1 1)');
  // An L with arms of 5 and 4 is won; with equal arms, lost (the kernel).
  await cell(page, 1, 5).click();
  await expect(status(page)).toContainText('Editing (4 1 1 1)');
  await expect(status(page)).toContainText('The player to move loses (in the kernel)');
  // Adding a square fills every square above and left of it: rows never grow downward.
  await cell(page, 3, 3).focus();
  await page.keyboard.press('Enter');
  await expect(status(page)).toContainText('Editing (4 3 3 1)');
  // A drag removes every square it crosses.
  const a = await cell(page, 3, 3).boundingBox();
  const b = await cell(page, 3, 2).boundingBox();
  if (!a || !b) throw new Error('no squares');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 6 });
  await page.mouse.up();
  await expect(status(page)).toContainText('Editing (4 3 1 1)');
  await page.getByRole('button', { name: 'Play from here' }).click();
  await settle(page);
  await expect(page.locator('#notice')).toContainText('Playing from the position 4 3 1 1.');
  expect(await boardRows(page)).toEqual([4, 3, 1, 1]);
  await expect.poll(() => new URL(page.url()).searchParams.get('position')).toBe('4,3,1,1');
});

test('<chomp-game> has the same analysis board, limited by its reveal attribute', async ({ page }) => {
  await page.goto('/embed-demo.html');
  const game = page.locator('chomp-game').first();
  await expect(game.locator('.status')).toHaveText('Your turn: pick a square to eat.');
  await game.locator('summary', { hasText: 'Analysis board' }).click();
  await game.getByLabel('Show the values').check();
  await expect(game.locator('[data-row="2"][data-col="2"]')).toHaveAttribute('aria-label', /row 2, column 2: (wins|loses) in \d+/);
  await game.evaluate((el) => el.setAttribute('reveal', 'outcome'));
  await expect(game.getByRole('button', { name: 'Hint' })).toBeDisabled();
  await expect(game.getByLabel('Reveal').locator('option')).toHaveCount(2);
  await game.locator('[data-row="4"][data-col="7"]').click();
  await expect(game.locator('.an-moves li')).toHaveCount(2, { timeout: 15_000 });
  await expect(game.locator('.an-moves li').first()).toHaveAttribute('data-mark', 'mistake');
});

test("Grundy's game: marks, jumps, what each split leaves, a limited link", async ({ page }) => {
  await page.goto('/grundy.html?heaps=9&level=human');
  await expect(status(page)).toContainText('Player 1: split a heap');
  await page.getByLabel('Show Grundy values and the nim-sum').check();
  await page.getByRole('button', { name: 'Heap 1: 9 matches' }).click();
  await expect(page.locator('#split-values li')).toHaveText([
    '✗ 8 + 1: nim-sum 2, loses',
    '✓ 7 + 2: nim-sum 0, wins',
    '✓ 6 + 3: nim-sum 0, wins',
    '✗ 5 + 4: nim-sum 2, loses',
  ]);
  await page.getByRole('button', { name: 'Split', exact: true }).click();
  await expect(page.locator('#moves li')).toHaveCount(1);
  await expect(page.locator('#moves li').first()).toContainText('1. Player 1: 9 → 8 + 1 (✗ mistake)');
  await expect(page.locator('.an-chart-svg .an-mistake')).toHaveCount(1);
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Heap 1: 9 matches' })).toBeVisible();
  await expect(page.locator('#moves li.future')).toHaveCount(1);
  const line = await page.locator('.an-record-field').inputValue();
  expect(line).toBe('9:');
  await page.locator('.an-record-field').fill('9: 8+1 9+9');
  await page.getByRole('button', { name: 'Load this record' }).click();
  await expect(page.locator('#notice')).toContainText('Move 2 of the record (9+9) cannot be played there: no heap of 18 allows it');
  await page.goto('/grundy.html?heaps=9&reveal=outcome');
  await expect(status(page)).toContainText('Your turn');
  await expect(page.getByRole('button', { name: 'Hint' })).toBeDisabled();
  await page.getByLabel('Show Grundy values and the nim-sum').check();
  await expect(page.locator('#nim-sum')).toHaveText('Grundy values and the nim-sum are hidden at this reveal level.');
});

test('sums of games: the move list marks each move from the nim-sums, the chart hatches the mistakes, a click goes back; unticked nimbers hide them', async ({ page }) => {
  // Nim-sums 1 → 4 → 3 → 0 → 1: the first two moves hand a won position over, the third makes the sum 0.
  await page.goto('/sum.html?chomp=2x3&grundy=9&nim=4&level=human&moves=3:1 1:2,2 2:5%2B4 3:0&lang=en');
  await expect(status(page)).toContainText('Player 1, your turn');
  const items = page.locator('#moves li');
  await expect(items).toHaveText([
    '1. Player 1: game 3, leave 1 (1 → 4) (✗ mistake)',
    '2. Player 2: game 1, eat row 2, column 2 (4 → 3) (✗ mistake)',
    '3. Player 1: game 2, split 9 into 5 + 4 (3 → 0) (✓ good)',
    '4. Player 2: game 3, leave 0 (0 → 1)',
  ]);
  await expect(page.locator('#record .an-chart-svg .an-mistake')).toHaveCount(2);
  await expect(page.locator('#record .an-chart figcaption')).toHaveText('Value history (who wins): Player 1 ●, Player 2 ■');
  // Each name held to its mark by no-break spaces: "■" never starts a line alone.
  expect(await page.locator('#record .an-chart figcaption').textContent()).toContain('Player\u00a01\u00a0●, Player\u00a02\u00a0■');
  // A click in the chart goes back too; the list then says which move is shown and which come after.
  await page.locator('#record .an-chart-svg .an-hit[data-ply="3"]').click({ force: true });
  await expect(page.locator('#moves [aria-current="step"]')).toHaveText(/^3\. /);
  await expect(page.locator('#moves li.future')).toHaveCount(1);
  await expect(page.locator('#nim-sum')).toHaveText('Nim-sum: 3 xor 2 xor 1 = 0');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.locator('#moves li.future')).toHaveCount(4);
  await expect(page.locator('#nim-sum')).toHaveText('Nim-sum: 4 xor 1 xor 4 = 1');
  // The class computes the nimbers: no nim-sum, mark or chart gives them away.
  await page.getByLabel('Show the nimbers').uncheck();
  await expect(items.first()).toHaveText('1. Player 1: game 3, leave 1');
  await expect(page.locator('#record .an-chart')).toBeHidden();
});

test('"Why?" on Grundy\'s page: a losing and a winning split with the nim-sums, the replies, the position, in French too', async ({ page }) => {
  await page.goto('/grundy.html?heaps=20,7&level=human&reveal=explain');
  await expect(status(page)).toContainText('Player 1: split a heap');
  const why = page.locator('#why');
  // G(20) = G(7) = 0: lost for the player to move, every split has an answer.
  await expect(why).toContainText('Why? This position');
  await expect(why).toContainText('This position is lost: nim-sum 0 (G = 0 xor 0). Every split has an answer.');
  await why.locator('summary').click();
  await expect(why.locator('.an-tree li').first()).toHaveText(/^20 into 19 \+ 1 \(nim-sum \d+\) is answered by \d+ into \d+ \+ \d+\.$/);
  // The split previewed with the heap and the number field: 20 into 13 + 7 leaves G = 3 xor 0 xor 0.
  await page.getByRole('button', { name: 'Heap 1: 20 matches' }).click();
  await page.locator('#split-n').fill('7');
  await expect(why).toContainText('Why? 20 → 13 + 7');
  await expect(why).toContainText('Splitting 20 into 13 + 7 loses: it leaves nim-sum 3 (G = 3 xor 0 xor 0).');
  await expect(why).toContainText('G(20) = 0 becomes G(13) xor G(7) = 3 xor 0; the nim-sum was 0.');
  await expect(why).toContainText('The opponent answers 13 into 8 + 5, which brings the nim-sum back to 0.');
  // Played, it is the move explained.
  await page.getByRole('button', { name: 'Split', exact: true }).click();
  await expect(page.locator('#moves li')).toHaveCount(1);
  await expect(why).toContainText('Why? Move 1: 20 → 13 + 7');
  await expect(why).toContainText('Splitting 20 into 13 + 7 loses');
  // The refutation previewed: it wins, and every reply has an answer.
  await page.getByRole('button', { name: 'Heap 1: 13 matches' }).click();
  await page.locator('#split-n').fill('5');
  await expect(why).toContainText('Splitting 13 into 8 + 5 wins: it leaves nim-sum 0 (G = 2 xor 2 xor 0 xor 0), and every reply has an answer that makes it 0 again.');
  await why.locator('summary').click();
  await expect(why.locator('summary')).toHaveText('The 8 replies (one heap of each size) and the answer to each');
  await expect(why.locator('.an-tree li').first()).toHaveText(/^If the opponent splits 8 into 7 \+ 1: answer \d+ into \d+ \+ \d+\.$/);
  await why.getByRole('button', { name: 'Explain this position' }).click();
  await expect(why).toContainText('This position is won: nim-sum 3 (G = 3 xor 0 xor 0). Winning splits: 13 into 8 + 5.');
  // In French, the same explanation.
  await page.getByLabel('Language').selectOption('fr');
  await expect(why).toContainText('Cette position est gagnante : somme de nim 3 (G = 3 xor 0 xor 0). Coupes gagnantes : 13 en 8 + 5.');
  await page.getByRole('button', { name: /Tas 1/ }).click();
  await page.locator('#split-n').fill('1');
  await expect(why).toContainText('Couper 13 en 12 + 1 perd : cela laisse une somme de nim de');
});
