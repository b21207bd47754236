// Classroom projection: the computer-vs-computer demo (speed, pause, step,
// the winner the theory predicts) on both games, and the share links (Chomp
// position, Grundy heaps, game graph) read back from the clipboard and opened.
import { test, expect, showGraph } from './fixture.mjs';

const status = (page) => page.locator('#status');
const present = (page) => page.locator('#grid [data-state="present"]');
const demoBar = (page) => page.locator('#demo-bar');

/** data-state of every square, row by row: the position as the page shows it. */
async function squares(page) {
  return page.locator('#grid [data-row]').evaluateAll((cells) =>
    cells.map((c) => `${c.getAttribute('data-row')},${c.getAttribute('data-col')}:${c.getAttribute('data-state')}`),
  );
}

async function startDemo(page, speed) {
  await page.getByRole('button', { name: 'Demo: computer vs computer' }).click();
  await expect(demoBar(page)).toBeVisible();
  await demoBar(page).getByLabel('Speed').selectOption(speed);
}

test('Chomp demo on 4×5 plays to the end, and the first player wins as the theory says', async ({ page }) => {
  await page.goto('/?rows=4&cols=5');
  await expect(status(page)).toHaveText('Your turn: pick a square to eat.');
  await startDemo(page, 'fast');
  await expect(status(page)).toContainText(
    'Player 1 (computer) wins: only the poisoned square is left for player 2 (computer).',
    { timeout: 30_000 },
  );
  await expect(status(page)).toContainText(/^Player 1 \(computer\) ate row \d, column \d\./);
  await expect(present(page)).toHaveCount(0);
  await expect(demoBar(page).getByRole('button', { name: 'Play' })).toBeDisabled();
  await expect(demoBar(page).getByRole('button', { name: 'Step', exact: true })).toBeDisabled();
  // The address bar says how to see it again.
  expect(page.url()).toMatch(/demo=1&speed=fast/);
  // The person cannot bite in the demo; leaving it gives the board back.
  await page.getByRole('button', { name: 'Leave the demo' }).click();
  await expect(demoBar(page)).toBeHidden();
  // Written when the session answers that the demo is left.
  await expect(page).not.toHaveURL(/demo=/);
});

test('Chomp demo from a P-position: the second player wins', async ({ page }) => {
  // [3, 2] is in the kernel of the 2-row game: the player to move loses.
  await page.goto('/?rows=2&cols=3&position=3,2&demo=1&speed=fast');
  await expect(status(page)).toContainText(
    'Player 2 (computer) wins: only the poisoned square is left for player 1 (computer).',
    { timeout: 30_000 },
  );
});

test('Chomp demo: pause stops the moves, step plays exactly one with its reason, a new game ends it', async ({ page }) => {
  await page.goto('/?rows=7&cols=8');
  await expect(status(page)).toHaveText('Your turn: pick a square to eat.');
  await startDemo(page, 'fast');
  await expect(status(page)).toContainText('(computer) ate row', { timeout: 15_000 });
  await demoBar(page).getByRole('button', { name: 'Pause' }).click();
  await expect(demoBar(page).getByRole('button', { name: 'Play' })).toBeVisible();
  // A move asked for before the pause still lands ("shown, then it
  // stops"), and nothing on the page says one is on its way: the board is
  // read once it has held still for longer than a fast move takes.
  /** @type {string[]} */
  let paused = [];
  await expect(async () => {
    paused = await squares(page);
    await page.waitForTimeout(700);
    expect(await squares(page)).toEqual(paused);
  }).toPass();
  const said = await status(page).textContent();
  await page.waitForTimeout(1200);
  expect(await squares(page)).toEqual(paused);
  await expect(status(page)).toHaveText(/** @type {string} */ (said));

  // One step: exactly the squares at or below-right of the announced bite go.
  const before = await squares(page);
  await demoBar(page).getByRole('button', { name: 'Step', exact: true }).click();
  await expect(status(page)).not.toHaveText(/** @type {string} */ (said));
  const text = /** @type {string} */ (await status(page).textContent());
  const m = /Player (\d) \(computer\) ate row (\d+), column (\d+)\./.exec(text);
  expect(m, text).not.toBeNull();
  const [row, col] = [Number(m?.[2]), Number(m?.[3])];
  const expected = before.map((s) => {
    const [, r, c, state] = /** @type {RegExpExecArray} */ (/^(\d+),(\d+):(\w+)$/.exec(s));
    return Number(r) >= row && Number(c) >= col && state === 'present' ? `${r},${c}:eaten` : s;
  });
  expect(before).not.toEqual(expected);
  await expect.poll(() => squares(page)).toEqual(expected);
  // Why the move is good, in the solver's words (win or longest resistance).
  expect(text).toMatch(/This leaves a P-position \(in the kernel\)|It was in a P-position/);
  await page.waitForTimeout(1000);
  expect(await squares(page)).toEqual(expected);

  // Playing again, then a new game: no demo move lands on the new board.
  await demoBar(page).getByRole('button', { name: 'Play' }).click();
  await page.locator('#new-game').getByRole('spinbutton', { name: 'Rows' }).fill('3');
  await page.locator('#new-game').getByRole('spinbutton', { name: 'Columns' }).fill('3');
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(status(page)).toHaveText('Your turn: pick a square to eat.');
  await expect(demoBar(page)).toBeHidden();
  await page.waitForTimeout(1000);
  await expect(present(page)).toHaveCount(8);
  await expect(status(page)).toHaveText('Your turn: pick a square to eat.');
});

test('Chomp demo in French under reduced motion: the slow pace is kept', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/?rows=3&cols=4&demo=1&speed=slow&lang=fr');
  await expect(status(page)).toHaveText('Démo : l’ordinateur parfait joue des deux côtés. Au joueur 1 (ordinateur) de jouer.');
  const start = Date.now();
  await expect(status(page)).toContainText('Le joueur 1 (ordinateur) a mangé ligne', { timeout: 10_000 });
  // Slow is 2.5 s between moves, whatever the motion preference.
  expect(Date.now() - start).toBeGreaterThan(2000);
  await expect(demoBar(page).getByRole('button', { name: 'Pause' })).toBeVisible();
  await demoBar(page).getByLabel('Vitesse').selectOption('fast');
  expect(page.url()).toContain('speed=fast');
  await expect(status(page)).toContainText('(ordinateur) gagne : il ne reste que le carré empoisonné', { timeout: 30_000 });
});

test('Chomp demo: undo pauses and steps back one move', async ({ page }) => {
  await page.goto('/?rows=5&cols=6&demo=1&speed=fast');
  await expect(status(page)).toContainText('(computer) ate row', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(demoBar(page).getByRole('button', { name: 'Play' })).toBeVisible();
  // The undo's snapshot painted (the pause shows before it lands: read
  // then, the board still had the move undone).
  await expect(status(page)).toHaveText(/^Player [12] \(computer\) to move\.$/);
  const after = await squares(page);
  await page.waitForTimeout(1000);
  expect(await squares(page)).toEqual(after);
  await expect(status(page)).toHaveText(/^Player [12] \(computer\) to move\.$/);
});

test('Grundy demo: a heap of 7 (G = 0) goes to the second player, a heap of 9 (G = 1) to the first', async ({ page }) => {
  await page.goto('/grundy.html?heaps=7');
  await expect(status(page)).toContainText('Your turn');
  await startDemo(page, 'fast');
  await expect(status(page)).toContainText('No heap can be split: player 2 (computer) wins.', { timeout: 30_000 });
  expect(page.url()).toMatch(/demo=1&speed=fast/);
  // The first split from a heap of value 0 cannot win: the page says so.
  await expect(page.locator('#moves li').first()).toContainText('Player 1: 7 →');

  await page.goto('/grundy.html?heaps=9&demo=1&speed=slow');
  await demoBar(page).getByRole('button', { name: 'Pause' }).click();
  await expect(status(page)).toHaveText('Demo: the perfect computer plays both sides. Player 1 (computer) to move.');
  await demoBar(page).getByRole('button', { name: 'Step', exact: true }).click();
  await expect(status(page)).toContainText(/Player 1 \(computer\) split 9 into \d \+ \d\. The nim-sum becomes (\d+ xor \d+ = )?0: every reply loses\./);
  await page.waitForTimeout(1000);
  await expect(page.locator('#moves li')).toHaveCount(1);
  await demoBar(page).getByLabel('Speed').selectOption('fast');
  await demoBar(page).getByRole('button', { name: 'Play' }).click();
  await expect(status(page)).toContainText('No heap can be split: player 1 (computer) wins.', { timeout: 30_000 });
});

test.describe('with the clipboard allowed', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  const clipboard = (page) => page.evaluate(() => navigator.clipboard.readText());

  test('Chomp: the link to a position mid-game reopens that very position', async ({ page }) => {
    await page.goto('/?rows=4&cols=5');
    await expect(status(page)).toHaveText('Your turn: pick a square to eat.');
    await page.locator('#grid [data-row="3"][data-col="4"]').click();
    await expect(status(page)).toContainText(/You ate row 3, column 4\. The computer ate row \d, column \d\. Your turn/);
    const shown = await squares(page);
    const rowsText = await page.locator('#notation-rows').inputValue();
    await page.getByRole('button', { name: 'Copy link to this position' }).click();
    await expect(page.locator('#share-status')).toHaveText('Link copied.');
    const link = await clipboard(page);
    const here = new URL(page.url());
    expect(link.startsWith(`${here.origin}${here.pathname}?`), link).toBe(true);
    expect(new URL(link).searchParams.get('position')).toMatch(/^\d(,\d)*$/);

    await page.goto(link);
    await expect(status(page)).toHaveText('Your turn: pick a square to eat.');
    expect(await squares(page)).toEqual(shown);
    await expect(page.locator('#notation-rows')).toHaveValue(rowsText);
    // Reloading keeps it: the address bar holds the position the game started from.
    await page.reload();
    await expect(status(page)).toHaveText('Your turn: pick a square to eat.');
    expect(await squares(page)).toEqual(shown);

    // Both notations copy as shown.
    await page.getByRole('button', { name: 'Copy the row lengths' }).click();
    await expect(page.locator('#share-status')).toHaveText(`Copied: ${rowsText}`);
    expect(await clipboard(page)).toBe(rowsText);
    const columns = await page.locator('#notation-columns').inputValue();
    await page.getByRole('button', { name: 'Copy the column heights' }).click();
    expect(await clipboard(page)).toBe(columns);
    await expect(page.locator('#share-status')).toHaveText(`Copied: ${columns}`);
  });

  test('Grundy: the link holds the heaps on the table and who is to move, not the start', async ({ page }) => {
    await page.goto('/grundy.html?heaps=10&level=human');
    await expect(status(page)).toContainText('Player 1: split a heap');
    await page.getByRole('button', { name: 'Heap 1: 10 matches' }).click();
    await page.locator('#split-range').fill('3');
    await page.getByRole('button', { name: 'Split', exact: true }).click();
    await expect(page.locator('#heaps button')).toHaveText(['7', '3']);
    await expect(status(page)).toContainText('Player 2: split a heap');
    await page.getByRole('button', { name: 'Copy link to this position' }).click();
    await expect(page.locator('#share-status')).toHaveText('Link copied.');
    const link = await clipboard(page);
    expect(new URL(link).searchParams.get('heaps')).toBe('7,3');
    await page.goto(link);
    await expect(page.locator('#heaps button')).toHaveText(['7', '3']);
    await expect(status(page)).toContainText('Player 2: split a heap');
  });

  test('graph: the link opens the same dict, analysed, in the graph section', async ({ page }) => {
    const dict = 'd = { "a": ["b", "c"], "b": ["c"],\n  "c": [] }  # three positions';
    await page.goto('/?rows=2&cols=3');
    await showGraph(page);
    await page.locator('#graph-text').fill(dict);
    await page.getByRole('button', { name: 'Analyse' }).click();
    await expect(page.locator('#graph-caption')).toHaveText('3 vertices. Press “Next step” to run the kernel algorithm.');
    await page.getByRole('button', { name: 'Copy link to this graph' }).click();
    await expect(page.locator('#graph-share-status')).toHaveText('Link copied.');
    const link = await clipboard(page);
    expect(new URL(link).searchParams.get('graph')).toBe(dict);

    await page.goto(link);
    await expect(page.locator('#graph-text')).toHaveValue(dict);
    await expect(page.locator('#graph-caption')).toHaveText('3 vertices. Press “Next step” to run the kernel algorithm.');
    const vertices = page.locator('#graph-figure g.vertex');
    expect(await vertices.evaluateAll((gs) => gs.map((g) => g.getAttribute('data-vertex')).sort())).toEqual(["'a'", "'b'", "'c'"]);
    await expect(page.locator('#graph')).toBeInViewport();
    expect(page.url()).toContain('graph=');
    // Drawing another graph takes it out of the address bar.
    await page.getByRole('button', { name: 'Draw the arena' }).click();
    await expect(page.locator('#graph-figure g.vertex')).not.toHaveCount(3);
    await expect.poll(() => page.url()).not.toContain('graph=');

    // A Chomp arena's link names its size: opened, its vertices have their
    // bars and play (its dict, plain numbers, lost both).
    await page.locator('#graph-arena-form input[name="rows"]').fill('3');
    await page.locator('#graph-arena-form input[name="cols"]').fill('3');
    await page.getByRole('button', { name: 'Draw the arena' }).click();
    await expect(page.locator('#graph-figure g.vertex')).toHaveCount(19);
    await page.getByRole('button', { name: 'Copy link to this graph' }).click();
    await expect(page.locator('#graph-share-status')).toHaveText('Link copied.');
    const arena = await clipboard(page);
    expect(new URL(arena).searchParams.get('graph')).toBe('arena:3x3');
    await page.goto(arena);
    await expect(page.locator('#graph-figure g.vertex')).toHaveCount(19);
    await expect(page.locator('#graph-arena-form input[name="rows"]'), 'the form says which arena is drawn').toHaveValue('3');
    // The drawing on screen, not below the fold under the section's top.
    await expect(page.locator('#graph-figure')).toBeInViewport({ ratio: 0.95 });
    expect(await page.locator('#graph-figure g.vertex[data-vertex="1"] rect').count(), 'squares of vertex 1\'s bar').toBeGreaterThan(3);
    expect(page.url()).toContain('graph=arena');
    await page.locator('#graph-figure g.vertex[data-vertex="1"]').click();
    await expect(page.getByRole('alert').first()).toContainText('Playing from the position');
    // So does the graph of the position on the board, by its position.
    await page.getByRole('button', { name: 'Graph of the position on the board' }).click();
    await expect(page.locator('#graph-figure g.vertex')).not.toHaveCount(19);
    await page.getByRole('button', { name: 'Copy link to this graph' }).click();
    const below = new URL(await clipboard(page)).searchParams.get('graph') ?? '';
    expect(below).toMatch(/^position:\d+(,\d+)*$/);
    // A bad size or position in a link is said, as the session reads it.
    await page.goto('/?rows=2&cols=3&lang=en&graph=arena:0x3');
    await expect(page.locator('#graph-error')).toContainText('The graph in this link, “arena:0x3”, cannot be drawn: rows is 0');
    // A misspelt one is said as such, not read as a dict.
    await page.goto('/?rows=2&cols=3&lang=en&graph=arena:3x');
    await expect(page.locator('#graph-error')).toContainText('“arena:3x”, is neither an arena');
    await expect(page.locator('#graph-text')).not.toHaveValue('arena:3x');
    await page.goto('/?rows=2&cols=3&lang=en&graph=position:1,3');
    await expect(page.locator('#graph-error')).toBeVisible();

    // A graph whose link would be too long is refused with the reason.
    const big = Array.from({ length: 290 }, (_, i) => `${i}: [${[1, 2, 3, 4].map((d) => i + d).filter((j) => j < 290).join(', ')}]`);
    await page.locator('#graph-text').fill(`{ ${big.join(', ')} }`);
    await page.getByRole('button', { name: 'Analyse' }).click();
    await expect(page.locator('#graph-caption')).toHaveText(/^290 vertices\./);
    await page.evaluate(() => navigator.clipboard.writeText('untouched'));
    await page.getByRole('button', { name: 'Copy link to this graph' }).click();
    await expect(page.locator('#graph-share-status')).toContainText(/A link to this graph would be [\d,]+ characters long; links past 8,000/);
    expect(await clipboard(page)).toBe('untouched');
  });
});

test('a refused clipboard selects the link and says to press Ctrl+C', async ({ page }) => {
  await page.addInitScript(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
  });
  await page.goto('/?rows=3&cols=4');
  await expect(status(page)).toHaveText('Your turn: pick a square to eat.');
  await page.getByRole('button', { name: 'Copy link to this position' }).click();
  await expect(page.locator('#share-status')).toContainText('press Ctrl+C');
  const field = page.getByRole('textbox', { name: 'Link to this position' });
  await expect(field).toBeVisible();
  await expect(field).toBeFocused();
  const selected = await field.evaluate((el) => {
    const input = /** @type {HTMLInputElement} */ (el);
    return input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0);
  });
  expect(selected).toBe(await field.inputValue());
  expect(selected).toMatch(/\?rows=3&cols=4&first=human/);
});

test('a bad position in the link is explained and the full bar is played', async ({ page }) => {
  await page.goto('/?rows=4&cols=5&position=5,6');
  await expect(page.getByRole('alert')).toContainText(
    'Ignored “position=5,6”: At character 3: Row 2 has 6 squares but row 1 has 5: rows must not grow from top to bottom. Using the full 4×5 bar.',
  );
  await expect(status(page)).toHaveText('Your turn: pick a square to eat.');
  await expect(present(page)).toHaveCount(19);
  await page.goto('/?rows=2&cols=3&position=4,1');
  await expect(page.getByRole('alert')).toContainText('This position needs a 2×4 bar but the board is 2×3.');
  // Settled before leaving, so no load is cut short.
  await expect(status(page)).toHaveText('Your turn: pick a square to eat.');
  await page.goto('/?position=three');
  await expect(page.getByRole('alert')).toContainText('Ignored “position=three”: At character 1: “t” is not a digit, space or comma. Using the full 4×7 bar.');
  await expect(page.getByRole('gridcell')).toHaveCount(28);
  await expect(status(page)).toHaveText('Your turn: pick a square to eat.');
  // Without rows and cols, the position gives the box.
  await page.goto('/?position=5,5,3');
  await expect(status(page)).toHaveText('Your turn: pick a square to eat.');
  await expect(page.getByRole('grid')).toHaveAttribute('aria-label', 'Chocolate bar, 3 rows by 5 columns');
  await expect(present(page)).toHaveCount(12);
  await expect(page.getByRole('alert')).toBeHidden();
});
