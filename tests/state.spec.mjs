// A game survives what a classroom does to it: a reload (F5), back and
// forward, a bookmark; a jump in the move list on the computer's turn says
// the truth. On the Chomp, Grundy and sum pages, in both languages.
import { test, expect, boardRows, idle } from './fixture.mjs';

const status = (page) => page.locator('#status');
const cell = (page, row, col) => page.locator(`#grid [data-row="${row}"][data-col="${col}"]`);
const chompMoves = (page) => page.locator('#analysis .an-moves li');


/** What the page shows of its game: the position, the move list, the status. */
async function chompState(page) {
  return {
    rows: await boardRows(page),
    moves: await chompMoves(page).allTextContents(),
    future: await page.locator('#analysis .an-moves li.future').count(),
    status: await status(page).textContent(),
  };
}

for (const lang of ['en', 'fr']) {
  test(`Chomp (${lang}): a reload keeps the game, its line, the side to move, the projector, the language and the level shown`, async ({ page }) => {
    await page.goto(`/?rows=5&cols=7&seed=3&lang=${lang}`);
    await idle(page);
    const entries = await page.evaluate(() => history.length);
    await cell(page, 5, 7).click();
    await expect(chompMoves(page)).toHaveCount(2, { timeout: 30_000 });
    await idle(page);
    await cell(page, 1, 6).click();
    await expect(chompMoves(page)).toHaveCount(4, { timeout: 30_000 });
    await idle(page);
    // Switch the language, turn the projector on, show less: all kept.
    const other = lang === 'en' ? 'fr' : 'en';
    await page.locator('#lang').selectOption(other);
    await page.locator('#projector').click();
    await page.locator('#analysis .an-switch').check();
    await page.locator('#analysis select').selectOption('outcome');
    await idle(page);
    const before = await chompState(page);
    expect(before.rows).not.toEqual([7, 7, 7, 7, 7]);
    // Moves rewrite the game's own entry: no entry per move.
    expect(await page.evaluate(() => history.length)).toBe(entries);
    const url = new URL(page.url());
    expect(url.searchParams.get('moves')?.split(' ')).toHaveLength(4);
    expect([url.searchParams.get('lang'), url.searchParams.get('theme'), url.searchParams.get('shown')]).toEqual([other, 'projector', 'outcome']);

    await page.reload();
    await idle(page);
    await page.locator('#analysis .an-switch').check();
    await idle(page);
    expect(await chompState(page)).toEqual(before);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'projector');
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    await expect(page.locator('#analysis select')).toHaveValue('outcome');
    // Still the person's turn: a move is answered.
    await expect(status(page)).toHaveText(other === 'en' ? /Your turn/ : /À vous/);
  });
}

test('Chomp: a jump back keeps the future on reload; a new game is one entry of the history, back and forward bring each game back', async ({ page }) => {
  await page.goto('/?rows=4&cols=5&level=human&lang=en');
  await idle(page);
  for (const [r, c] of [[4, 5], [2, 3], [1, 5], [3, 1]]) {
    await cell(page, r, c).click();
    await idle(page);
  }
  await expect(chompMoves(page)).toHaveCount(4);
  await chompMoves(page).nth(1).getByRole('button').click();
  await expect(page.locator('#analysis .an-moves li.future')).toHaveCount(2);
  await idle(page);
  const jumped = await chompState(page);
  await expect.poll(() => new URL(page.url()).searchParams.get('at')).toBe('2');
  await page.reload();
  await idle(page);
  expect(await chompState(page)).toEqual(jumped);
  await expect(page.getByRole('button', { name: 'Redo' })).toBeEnabled();

  // A new game: its own entry; the moves played in it rewrite that entry.
  const entries = await page.evaluate(() => history.length);
  await page.locator('#new-game [name="rows"]').fill('3');
  await page.locator('#new-game [name="cols"]').fill('3');
  await page.locator('#new-game [type="submit"]').click();
  await expect(page.getByRole('grid')).toHaveAttribute('aria-label', 'Chocolate bar, 3 rows by 3 columns');
  await idle(page);
  await cell(page, 2, 2).click();
  await idle(page);
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);
  const second = await chompState(page);
  await page.goBack();
  await expect(page.getByRole('grid')).toHaveAttribute('aria-label', 'Chocolate bar, 4 rows by 5 columns');
  await idle(page);
  expect(await chompState(page)).toEqual(jumped);
  await page.goForward();
  await expect(page.getByRole('grid')).toHaveAttribute('aria-label', 'Chocolate bar, 3 rows by 3 columns');
  await idle(page);
  expect(await chompState(page)).toEqual(second);
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);
});

for (const lang of ['en', 'fr']) {
  test(`Chomp (${lang}): a jump in the move list on the computer's turn says that the computer waits, and a reload keeps it waiting`, async ({ page }) => {
    await page.goto(`/?rows=5&cols=7&moves=5,7 2,3 2,2 1,6 1,3 3,1&lang=${lang}`);
    await idle(page);
    await expect(chompMoves(page)).toHaveCount(6);
    await chompMoves(page).nth(2).getByRole('button').click();
    const waits = lang === 'en' ? 'it waits until you press “Let the computer play from here”' : 'il attend que vous appuyiez sur « Laisser l’ordinateur jouer d’ici »';
    await expect(status(page)).toContainText(waits);
    await expect(status(page)).not.toContainText(/thinking|réfléchit/);
    const go = page.locator('#controls button.primary:not([hidden])');
    await expect(go).toHaveText(lang === 'en' ? 'Let the computer play from here' : 'Laisser l’ordinateur jouer d’ici');
    // Nothing moves while it waits.
    await page.waitForTimeout(1200);
    await expect(page.locator('#analysis .an-moves li.future')).toHaveCount(3);
    await page.reload();
    await idle(page);
    await expect(status(page)).toContainText(waits);
    await expect(page.locator('#analysis .an-moves li.future')).toHaveCount(3);
    await go.click();
    await expect(chompMoves(page)).toHaveCount(4, { timeout: 30_000 });
    await expect(status(page)).toContainText(lang === 'en' ? 'The computer ate' : 'L’ordinateur a mangé');
  });
}

test('Chomp: a bad move in moves= keeps the moves before it, says so without "ignored", and the address keeps them', async ({ page }) => {
  for (const [lang, kept, ignored] of [['en', 'the moves before it are kept', 'Ignored'], ['fr', 'les coups précédents sont gardés', 'ignoré']]) {
    await page.goto(`/?rows=5&cols=7&level=human&moves=2,3 4,1 3,5 1,2&lang=${lang}`);
    await idle(page);
    await expect(page.locator('#notice')).toContainText(kept);
    await expect(page.locator('#notice')).not.toContainText(ignored);
    await expect(chompMoves(page)).toHaveCount(2);
    await expect.poll(() => new URL(page.url()).searchParams.get('moves')).toBe('2,3 4,1');
    await page.reload();
    await idle(page);
    await expect(chompMoves(page)).toHaveCount(2);
    await expect(page.locator('#notice')).toBeHidden();
  }
});

/**
 * Opens `path`, whose notice says `said` in one sentence (the page's own
 * names, lang, theme or demo, are the page's, not the game's), checks the
 * address the page wrote, then reloads it: no notice.
 * @param {import('@playwright/test').Page} page @param {string} path @param {string} said
 * @param {(address: URLSearchParams) => void} checkAddress
 */
async function saidOnce(page, path, said, checkAddress) {
  await page.goto(path);
  await idle(page);
  const notice = page.locator('#notice');
  await expect(notice).toContainText(said);
  await expect(notice.locator('p')).toHaveCount(1);
  checkAddress(new URL(page.url()).searchParams);
  await page.reload();
  await idle(page);
  await expect(notice).toBeHidden();
}

test('a name the page does not read is said, not silently ignored (Chomp, Grundy, sum; en, fr); the page\'s own names are not; the address drops it', async ({ page }) => {
  for (const [path, said, kept] of [
    ['/index.html?rows=3&cols=4&row=5&theme=projector&lang=en', 'Ignored “row=5”: this game has no setting “row”; its settings are rows, cols, position,', 'rows'],
    ['/grundy.html?heaps=9,5&heap=12&demo=0&lang=en', 'Ignored “heap=12”: this game has no setting “heap”; its settings are rule, misere, heaps,', 'heaps'],
    ['/sum.html?nim=3&kayles=9&theme=projector&lang=fr', '« kayles=9 » ignoré : ce jeu n’a pas de réglage « kayles » ; ses réglages sont chomp, grundy, heaps, nim,', 'nim'],
  ]) {
    await saidOnce(page, path, said, (address) => {
      expect(address.get(kept), `${path}: the rest of the link is used`).not.toBeNull();
      expect([...address.keys()].filter((k) => ['row', 'heap', 'kayles'].includes(k)), 'the address drops the name').toEqual([]);
    });
  }
  // The rest of the link played: Chomp's 3×4 box.
  await page.goto('/index.html?rows=3&cols=4&row=5');
  await idle(page);
  expect((await boardRows(page)).length).toBe(3);
});

// A name given twice is read at its last value, and the earlier one is said
// (the sum page's `chomp=3x3&chomp=2x2` plays one board, where the link
// seems to ask for two: several are written `chomp=3x3;2x2`).
test('a name given twice is said, with the value read (sum, Chomp; en, fr); the address keeps the last', async ({ page }) => {
  for (const [path, said, name, last] of [
    ['/sum.html?chomp=3x3&chomp=2x2&lang=en', 'Ignored “chomp=3x3”: “chomp” is given more than once; only its last value, “2x2”, is read.', 'chomp', '2,2'],
    ['/index.html?rows=3&cols=4&rows=5&lang=fr', '« rows=3 » ignoré : « rows » est donné plusieurs fois ; seule sa dernière valeur, « 5 », est lue.', 'rows', '5'],
  ]) {
    await saidOnce(page, path, said, (address) => {
      expect(address.getAll(name), `${path}: the address keeps the value read, once`).toEqual([last]);
    });
  }
  expect((await boardRows(page)).length).toBe(5);
});

/** The Grundy page's game: heaps, set aside, moves. */
async function grundyState(page) {
  return {
    heaps: await page.locator('#heaps button').allTextContents(),
    aside: await page.locator('#set-aside').textContent(),
    moves: await page.locator('#moves li').allTextContents(),
    status: await status(page).textContent(),
  };
}

for (const lang of ['en', 'fr']) {
  test(`Grundy (${lang}): a reload keeps the heaps, the line, the side to move, the projector and the language`, async ({ page }) => {
    await page.goto(`/grundy.html?heaps=20,13&seed=4&lang=${lang}`);
    await idle(page);
    const entries = await page.evaluate(() => history.length);
    await page.locator('#heaps button').first().click();
    await page.locator('#split-play').click();
    await expect(page.locator('#moves li')).toHaveCount(2, { timeout: 30_000 });
    await idle(page);
    await page.locator('#projector').click();
    const before = await grundyState(page);
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await page.reload();
    await idle(page);
    expect(await grundyState(page)).toEqual(before);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'projector');
    await expect(status(page)).toContainText(lang === 'en' ? 'Your turn' : 'À vous');
    // Jumped back to the computer's turn: it waits, and says so, after a reload too.
    await page.locator('#moves li').first().getByRole('button').click();
    await expect(status(page)).toContainText(lang === 'en' ? 'it waits until you press' : 'il attend que vous appuyiez');
    await page.reload();
    await idle(page);
    await expect(status(page)).toContainText(lang === 'en' ? 'it waits until you press' : 'il attend que vous appuyiez');
    await expect(page.locator('#moves li.future')).toHaveCount(1);
    await expect(page.locator('#continue')).toBeVisible();
  });
}

for (const [name, path, list] of [
  ['Chomp', '/?rows=5&cols=7&seed=3', '#analysis .an-moves li'],
  ['Grundy', '/grundy.html?heaps=20,13&seed=4', '#moves li'],
]) {
  test(`${name}: a demo left in the middle of its line is a game again: its address, reloaded, has the computer play its turn, not wait`, async ({ page }) => {
    await page.goto(`${path}&demo=1&speed=slow&lang=en`);
    const bar = page.locator('#demo-bar');
    const moves = page.locator(list);
    await bar.getByRole('button', { name: 'Pause' }).click();
    const step = bar.getByRole('button', { name: 'Step', exact: true });
    await step.click();
    await expect(moves).toHaveCount(1, { timeout: 30_000 });
    await step.click();
    await expect(moves).toHaveCount(2, { timeout: 30_000 });
    // Back to player 2's turn, the demo's second move still ahead: then left.
    await page.locator('#undo').click();
    await expect(page.locator(`${list}.future`)).toHaveCount(1);
    await page.getByRole('button', { name: 'Leave the demo' }).click();
    // The address as soon as the demo is left (the computer answers half a second later).
    await expect.poll(() => new URL(page.url()).searchParams.get('demo')).toBeNull();
    const left = new URL(page.url());
    const first = left.searchParams.get('moves');
    // Reloaded there: the same first move, the computer to play, and it plays.
    await page.goto(left.pathname + left.search);
    await idle(page);
    await expect(status(page)).not.toContainText('waits');
    await expect(status(page)).toContainText('Your turn');
    await expect(moves).toHaveCount(2);
    await expect(page.locator(`${list}.future`)).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).searchParams.get('moves')?.startsWith(`${first?.split(' ')[0]} `)).toBe(true);
    // The address said a game at its line's end, not a jump back to where the computer waits.
    expect([left.searchParams.get('at'), first?.split(' ').length]).toEqual([null, 1]);
  });
}

/** The sum page's game: each game's card and the moves. */
async function sumState(page) {
  return {
    cards: await page.locator('#components .sum-card').evaluateAll((cards) => cards.map((c) => c.querySelectorAll('button').length)),
    moves: await page.locator('#moves li').allTextContents(),
    sum: await page.locator('#nim-sum').textContent(),
    status: await status(page).textContent(),
  };
}

for (const lang of ['en', 'fr']) {
  test(`sum page (${lang}): the address keeps the sum's record, so a reload and undo land on the same position`, async ({ page }) => {
    await page.goto(`/sum.html?chomp=2x3&grundy=9&nim=4&lang=${lang}`);
    await idle(page);
    const entries = await page.evaluate(() => history.length);
    // Take the whole Nim heap, then a Chomp square: the computer answers each.
    await page.locator('.sum-nim button.token').first().click();
    await expect(page.locator('#moves li')).toHaveCount(2, { timeout: 30_000 });
    await idle(page);
    await page.locator('.sum-chomp button').last().click();
    await expect(page.locator('#moves li')).toHaveCount(4, { timeout: 30_000 });
    await idle(page);
    await expect.poll(() => new URL(page.url()).searchParams.get('moves')?.split(' ').length).toBe(4);
    const end = await sumState(page);
    await page.locator('#undo').click();
    // The moves undone stay in the list, after those on the board.
    await expect(page.locator('#moves li:not(.future)')).toHaveCount(2);
    await expect(page.locator('#moves li.future')).toHaveCount(2);
    await idle(page);
    const undone = await sumState(page);
    await expect.poll(() => new URL(page.url()).searchParams.get('at')).toBe('2');
    await page.locator('#projector').click();
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await page.reload();
    await idle(page);
    expect(await sumState(page)).toEqual(undone);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'projector');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    // The moves undone came back with it.
    await page.locator('#redo').click();
    await expect(page.locator('#moves li.future')).toHaveCount(0);
    await idle(page);
    expect({ ...(await sumState(page)), status: '' }).toEqual({ ...end, status: '' });
  });
}

// The keyboard through the game, as on an analysis board.

/** The ply the move list marks as shown (0: the start). */
async function shownPly(page, list) {
  return page.evaluate((sel) => {
    const current = document.querySelector(`${sel} [aria-current="step"]`);
    return current ? Number(/** @type {HTMLElement} */ (current).dataset.ply) : -1;
  }, list);
}

/** The data-ply of the element in focus (null when it has none), or its tag. */
async function focusedPly(page) {
  return page.evaluate(() => {
    const a = /** @type {HTMLElement | null} */ (document.activeElement);
    return a?.dataset.ply ?? a?.tagName ?? null;
  });
}

test('Chomp: ← → Home End step through the game from the move list and, with Shift, from the board; the focus stays where the person was', async ({ page }) => {
  await page.goto('/?rows=5&cols=7&moves=5,7 2,3 2,2 1,6 1,3 3,1&lang=en');
  await idle(page);
  const list = '#analysis .an-record';
  await expect(page.locator(`${list} .an-keys`)).toHaveText('Keys: ← → one move back or forward, Home and End the start and the last move; on the board, the same with Shift.');
  // A click on a move: the list is written anew, the focus stays on that move.
  await chompMoves(page).nth(2).getByRole('button').click();
  await expect.poll(() => shownPly(page, list)).toBe(3);
  await idle(page);
  expect(await focusedPly(page)).toBe('3');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => shownPly(page, list)).toBe(2);
  expect(await focusedPly(page)).toBe('2');
  await expect(status(page)).toContainText('Your turn');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => shownPly(page, list)).toBe(4);
  expect(await focusedPly(page)).toBe('4');
  await page.keyboard.press('Home');
  await expect.poll(() => shownPly(page, list)).toBe(0);
  expect(await focusedPly(page)).toBe('0');
  expect(await boardRows(page)).toEqual([7, 7, 7, 7, 7]);
  await page.keyboard.press('End');
  await expect.poll(() => shownPly(page, list)).toBe(6);
  expect(await focusedPly(page)).toBe('6');
  // Past the end, nothing happens.
  await page.keyboard.press('ArrowRight');
  await idle(page);
  expect(await shownPly(page, list)).toBe(6);

  // From the board: plain arrows move between squares, Shift steps the game.
  await cell(page, 1, 2).focus();
  await page.keyboard.press('ArrowRight');
  await expect(cell(page, 1, 3)).toBeFocused();
  expect(await shownPly(page, list)).toBe(6);
  await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(() => shownPly(page, list)).toBe(5);
  await expect(cell(page, 1, 3)).toBeFocused();
  await page.keyboard.press('Shift+Home');
  await expect.poll(() => shownPly(page, list)).toBe(0);
  await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(() => shownPly(page, list)).toBe(1);
  // After move 1 it is the computer's turn: it waits, and says so.
  await expect(status(page)).toContainText('it waits until you press');
  await page.keyboard.press('Shift+End');
  await expect.poll(() => shownPly(page, list)).toBe(6);
  await expect(cell(page, 1, 3)).toBeFocused();
  expect(await boardRows(page)).toEqual([2, 1]);
});

test('Chomp and Grundy: after Play again and Let the computer play from here, the keyboard is on the board, not on <body>', async ({ page }) => {
  await page.goto('/?rows=1&cols=3&level=human&lang=en');
  await idle(page);
  await cell(page, 1, 2).click();
  const again = page.getByRole('button', { name: 'Play again' });
  await again.focus();
  await page.keyboard.press('Enter');
  await expect(again).toBeHidden();
  await idle(page);
  await expect(page.locator('#grid .cell:focus')).toHaveCount(1);
  // Continue: the computer plays, the keyboard goes back to the board.
  await page.goto('/?rows=4&cols=5&moves=4,5 2,2&lang=en');
  await idle(page);
  await chompMoves(page).nth(0).getByRole('button').click();
  const go = page.getByRole('button', { name: 'Let the computer play from here' });
  await go.focus();
  await page.keyboard.press('Enter');
  await expect(go).toBeHidden();
  await expect(page.locator('#grid .cell:focus')).toHaveCount(1);

  await page.goto('/grundy.html?heaps=3&level=human&lang=en');
  await idle(page);
  await page.locator('#heaps button').first().click();
  await page.locator('#split-play').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Play again' })).toBeVisible();
  await page.getByRole('button', { name: 'Play again' }).focus();
  await page.keyboard.press('Enter');
  await idle(page);
  await expect(page.locator('#heaps button')).toBeFocused();
  // A split played from the split button: the keyboard goes back to the heaps.
  await page.goto('/grundy.html?heaps=9&level=human&lang=en');
  await idle(page);
  await page.locator('#heaps button').first().click();
  await page.locator('#split-play').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#moves li')).toHaveCount(1);
  await idle(page);
  await expect(page.locator('#heaps button').first()).toBeFocused();
});

test('Grundy: the move list and, with Shift, the heaps step through the game; the focus follows the move or stays on the heap', async ({ page }) => {
  await page.goto('/grundy.html?heaps=20&level=human&moves=13%2B7 7%2B6 5%2B2&lang=en');
  await idle(page);
  await expect(page.locator('#moves li')).toHaveCount(3);
  await page.locator('#moves li').nth(2).getByRole('button').focus();
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => shownPly(page, '#record')).toBe(2);
  expect(await focusedPly(page)).toBe('2');
  await page.keyboard.press('Home');
  await expect.poll(() => shownPly(page, '#record')).toBe(0);
  await expect(page.locator('#heaps button')).toHaveText(['20']);
  await page.keyboard.press('End');
  await expect.poll(() => shownPly(page, '#record')).toBe(3);
  await idle(page);
  const heap = page.locator('#heaps button').first();
  await heap.focus();
  await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(() => shownPly(page, '#record')).toBe(2);
  await idle(page);
  await expect(page.locator('#heaps button').first()).toBeFocused();
  await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(() => shownPly(page, '#record')).toBe(1);
  await page.keyboard.press('Shift+End');
  await expect.poll(() => shownPly(page, '#record')).toBe(3);
});

// The sum page's move list: the same shared view, keys and focus as the others.

for (const lang of ['en', 'fr']) {
  test(`sum page (${lang}): the move list goes back by a click, ← → Home End and, with Shift, from the games; the focus stays; a reload keeps the position in the list`, async ({ page }) => {
    const words = {
      en: { keys: 'Keys: ← → one move back or forward, Home and End the start and the last move; on the board, the same with Shift.', waits: 'it waits until you press', start: 'Nim-sum: 4 xor 1 xor 4 = 1' },
      fr: { keys: 'Touches : ← → un coup en arrière ou en avant, Début et Fin le départ et le dernier coup ; sur le plateau, les mêmes avec Maj.', waits: 'il attend que vous appuyiez', start: 'Somme de Nim : 4 xor 1 xor 4 = 1' },
    }[lang];
    // Four moves against the perfect computer: a Nim move, its answer in the Chomp bar, a Grundy split, its answer in Nim.
    await page.goto(`/sum.html?chomp=2x3&grundy=9&nim=4&moves=3:1 1:2,2 2:5%2B4 3:0&lang=${lang}`);
    await idle(page);
    const list = '#record';
    const items = page.locator('#moves li');
    await expect(items).toHaveCount(4);
    await expect(page.locator(`${list} .an-keys`)).toHaveText(words.keys);
    expect(await shownPly(page, list)).toBe(4);
    // A click on a move: the list is written anew, the focus stays on that move.
    await items.nth(1).getByRole('button').click();
    await expect.poll(() => shownPly(page, list)).toBe(2);
    await idle(page);
    expect(await focusedPly(page)).toBe('2');
    await expect(page.locator('#moves li.future')).toHaveCount(2);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => shownPly(page, list)).toBe(1);
    expect(await focusedPly(page)).toBe('1');
    // After move 1 it is the computer's turn: it waits, and says so.
    await expect(status(page)).toContainText(words.waits);
    await expect(page.locator('#continue')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => shownPly(page, list)).toBe(3);
    expect(await focusedPly(page)).toBe('3');
    await page.keyboard.press('Home');
    await expect.poll(() => shownPly(page, list)).toBe(0);
    expect(await focusedPly(page)).toBe('0');
    await expect(page.locator('#nim-sum')).toHaveText(words.start);
    await page.keyboard.press('End');
    await expect.poll(() => shownPly(page, list)).toBe(4);
    expect(await focusedPly(page)).toBe('4');
    // Past the end, nothing happens.
    await page.keyboard.press('ArrowRight');
    await idle(page);
    expect(await shownPly(page, list)).toBe(4);

    // From the games: Shift steps the game, the keyboard stays on the move it was on
    // (on its game when the move is not there), on the computer's turn too.
    const match = page.locator('.sum-grundy button.match').first();
    await match.focus();
    const spot = await match.getAttribute('data-spot');
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => shownPly(page, list)).toBe(3);
    await expect(page.locator(`.sum-grundy button[data-spot="${spot}"]`)).toBeFocused();
    await page.keyboard.press('Shift+Home');
    await expect.poll(() => shownPly(page, list)).toBe(0);
    await expect(page.locator('.sum-grundy button:focus')).toHaveCount(1);
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => shownPly(page, list)).toBe(1);
    await expect(status(page)).toContainText(words.waits);
    await expect(page.locator('.sum-grundy button:focus')).toHaveCount(1);
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => shownPly(page, list)).toBe(2);
    await expect(page.locator('.sum-grundy button:focus')).toHaveCount(1);

    // A reload comes back to the same move of the same line, the computer waiting where it waited.
    await items.nth(0).getByRole('button').click();
    await expect.poll(() => shownPly(page, list)).toBe(1);
    await idle(page);
    await expect.poll(() => new URL(page.url()).searchParams.get('at')).toBe('1');
    const before = { ...(await sumState(page)), future: await page.locator('#moves li.future').count() };
    await page.reload();
    await idle(page);
    expect(await shownPly(page, list)).toBe(1);
    expect({ ...(await sumState(page)), future: await page.locator('#moves li.future').count() }).toEqual(before);
    await expect(status(page)).toContainText(words.waits);
  });
}
