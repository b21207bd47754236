// Heap games by their rule on the Grundy page (issue 32): the rule picker
// and its words, moves chosen from the session's legal moves (the move
// control, the drawing), the named rules played for several moves and then
// their drawing checked whole at the sizes classrooms have, a bad rule
// refused in both languages with the board unchanged, a reload that keeps
// a Kayles game, and <grundy-game rule="kayles">.
import { test, expect } from './fixture.mjs';
import { drawings, checkWhole, checkDrawings, onScreen, settled, heapLabelSizes, checkSizes } from './geometry.mjs';

/** @typedef {import('@playwright/test').Page} Page */

/** The named rules, each a game against a seeded random computer so it lasts. */
const RULES = [
  { name: 'Kayles', query: 'rule=kayles&heaps=12,9', pins: true },
  { name: 'Dawson’s Kayles', query: 'rule=dawson&heaps=14,11', pins: true },
  { name: 'the matches game 0.333', query: 'rule=0.333&heaps=21', pins: false },
  { name: 'Nim', query: 'rule=nim&heaps=15,12,9,6', pins: false },
  { name: 'Marienbad (misère)', query: 'rule=nim&misere=1&heaps=1,3,5,7', pins: false },
];

/** Waits until the person may move again (or the game is over), the worker answered. @param {Page} page */
async function settle(page) {
  await expect(page.locator('#status:not([aria-busy="true"])')).toHaveText(/Your turn|You win|computer wins|Player \d|À vous|Vous gagnez|ordinateur gagne|Joueur \d/, { timeout: 30_000 });
  return /** @type {string} */ (await page.locator('#status').textContent());
}

/**
 * Plays one move with the move control: the largest heap, the take chosen
 * by `pick` among those offered (the session's legal moves), the first
 * leave offered, Play; then waits for the computer's answer.
 * @param {Page} page @param {'first' | 'middle'} pick
 */
async function playOne(page, pick) {
  const before = await page.locator('#moves li').count();
  const heaps = page.locator('#heaps button');
  const sizes = (await heaps.allTextContents()).map(Number);
  await heaps.nth(sizes.indexOf(Math.max(...sizes))).click();
  const take = page.locator('.move-pick:not(.idle) .move-take');
  await expect(take.locator('option').first()).toBeAttached();
  const takes = await take.locator('option').allTextContents();
  await take.selectOption(pick === 'first' ? takes[0] : takes[Math.floor(takes.length / 2)]);
  await page.locator('.move-pick:not(.idle) .move-play').click();
  await expect(page.locator('#moves li')).not.toHaveCount(before);
  return settle(page);
}

/** Plays up to `count` moves of the person (each answered by the computer). @param {Page} page @param {number} count */
async function playSeveral(page, count) {
  let text = await settle(page);
  let played = 0;
  for (; played < count && !/win/i.test(text) && !/gagne/.test(text); played++) text = await playOne(page, played % 2 ? 'middle' : 'first');
  return played;
}

/**
 * The drawing seen whole, nothing over it, its labels kept at their size;
 * off a phone the status, drawing, heaps and buttons on screen, unscrolled.
 * @param {Page} page @param {{ name: string, touch?: boolean, projector?: boolean }} screen
 */
async function checkDrawing(page, screen) {
  await settled(page);
  const when = `at ${screen.name}`;
  const found = await drawings(page, ['#heaps-canvas'], { scroll: !!screen.touch });
  checkWhole(found, when, { window: !screen.touch });
  checkDrawings(found, when, { window: !screen.touch });
  if (!screen.touch) await onScreen(page, ['#status', '#heaps-canvas', '#heaps', '#hint', '#undo', '#redo', '#restart', '#play-fit'], when);
  const font = await page.locator('#heaps-canvas').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  checkSizes([font], await heapLabelSizes(page, null), screen, when);
}

for (const r of RULES) {
  const url = `/grundy.html?${r.query}&level=random&seed=5&first=human&debug=1`;
  test.describe(`${r.name}: played, then drawn whole`, () => {
    test.use({ viewport: { width: 1280, height: 720 } });
    test('on a laptop and a WXGA projector, then reopened from its address in the projector theme at 1920×1080 and played on', async ({ page }) => {
      await page.goto(url);
      expect(await playSeveral(page, 3)).toBeGreaterThanOrEqual(2);
      // Each move in the list says what it took, and the address keeps the rule.
      await expect(page.locator('#moves li').first()).toContainText(/You: \d+ − \d+ →/);
      expect(page.url()).toContain('rule=');
      for (const [width, height] of [[1280, 720], [1280, 800]]) {
        await page.setViewportSize({ width, height });
        await checkDrawing(page, { name: `${width}×${height}` });
      }
      // The projector turned on by its button, as a teacher does; the page
      // reopened from its address keeps it and the game; the game played on in it.
      await page.setViewportSize({ width: 1920, height: 1080 });
      await page.locator('#projector').click();
      await expect(page).toHaveURL(/[?&]theme=projector/);
      const played = await page.locator('#moves li').allTextContents();
      // Reopened from its address, as a reload does (with the test's debug=1, which the address does not keep).
      const address = new URL(page.url());
      address.searchParams.set('debug', '1');
      await page.goto(address.href);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'projector');
      await expect(page.locator('#moves li')).toHaveText(played);
      expect(await playSeveral(page, 2)).toBeGreaterThanOrEqual(1);
      expect(page.url()).toContain('rule=');
      await checkDrawing(page, { name: 'projector 1920×1080', projector: true });
    });
  });
  test.describe(`${r.name}: played on a phone`, () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    test('390×844, the drawing seen whole', async ({ page }) => {
      await page.goto(url);
      expect(await playSeveral(page, 3)).toBeGreaterThanOrEqual(2);
      await checkDrawing(page, { name: 'phone 390×844', touch: true });
    });
  });
}

test('the picker starts Kayles, says its rule in words, offers only its moves, and a reload keeps the game', async ({ page }) => {
  await page.goto('/grundy.html?heaps=20&level=human');
  await settle(page);
  // No rule in the address: Grundy's game, as every old link.
  await expect(page.locator('#rule-pick')).toHaveValue('grundy');
  await page.locator('#rule-pick').selectOption('kayles');
  await expect(page.locator('#rule-words')).toHaveText('Take 1 or 2, leaving one heap, two, or none. Whoever cannot move loses.');
  await expect(page.locator('#heap-list')).toHaveValue('10');
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(page).toHaveURL(/rule=0\.77/);
  await expect(page.locator('#heaps button')).toHaveText(['10']);
  await expect(page.locator('#status')).toContainText('choose a heap, then what to take');
  await page.getByRole('button', { name: 'Heap 1: 10 matches' }).click();
  // Kayles takes 1 or 2 pins: the session's options, nothing else.
  await expect(page.locator('.move-take option')).toHaveText(['1', '2']);
  await page.locator('.move-take').selectOption('2');
  await expect(page.locator('.move-leave option').first()).toHaveText('8');
  await expect(page.locator('.move-leave option')).toHaveCount(5);
  await page.locator('.move-leave').selectOption({ label: '4 + 4' });
  await page.locator('.move-play').click();
  await expect(page.locator('#moves li')).toHaveCount(1);
  await expect(page.locator('#moves li').first()).toContainText('10 − 2 → 4 + 4');
  await expect(page.locator('#heaps button')).toHaveText(['4', '4']);
  await expect(page).toHaveURL(/moves=10-2%3D4%2B4|moves=10-2=4\+4/);
  await page.reload();
  await expect(page.locator('#heaps button')).toHaveText(['4', '4']);
  await expect(page.locator('#moves li')).toHaveCount(1);
  await expect(page.locator('#rule-pick')).toHaveValue('kayles');
});

/**
 * Kayles on a row of 7 pins, its middle pin pressed: take 1, leaving 3 + 3,
 * previewed. Returns where the pin is.
 * @param {import('@playwright/test').Page} page
 */
async function previewMiddlePin(page) {
  await page.goto('/grundy.html?rule=kayles&heaps=7&level=human&debug=1');
  await settle(page);
  // First the heap (its moves are asked of the session), then a pin.
  await page.getByRole('button', { name: 'Heap 1: 7 matches' }).click();
  await expect(page.locator('.move-take option')).toHaveText(['1', '2']);
  // The lists hold a move once the heap is chosen: the line names it, what Play would play.
  await expect(page.locator('#status')).toContainText(/^Play “take 1 of 7, leaving [^”]*”\? Press “Play” \(or Enter\) to play\.$/);
  const box = await page.evaluate(() => /** @type {any} */ (window).grundyDebug.boxes()[0]);
  const canvas = await page.locator('#heaps-canvas').boundingBox();
  if (!canvas) throw new Error('no canvas');
  // The middle pin (the fourth).
  const x = canvas.x + box.x + 3.5 * box.step;
  const y = canvas.y + box.y + box.h / 2;
  await page.mouse.click(x, y);
  await expect(page.locator('#status')).toContainText('Play “take 1 of 7, leaving 3 + 3”?');
  return { x, y };
}

test('a Kayles move chosen on the drawing: a tap on a pin previews, the same again plays', async ({ page }) => {
  const { x, y } = await previewMiddlePin(page);
  await page.mouse.click(x, y);
  await expect(page.locator('#heaps button')).toHaveText(['3', '3']);
});

test('a Kayles move then chosen in the lists is the one the line above names, and Play plays it', async ({ page }) => {
  await previewMiddlePin(page);
  // Taking 2 chosen in the list: the line names that move (it kept the pin's), and Play plays it.
  await page.locator('.move-take').selectOption('2');
  await expect(page.locator('#status')).toContainText(/^Play “take 2 of 7, leaving [^”]*”\? Press “Play” \(or Enter\) to play\.$/);
  await page.locator('.move-play').click();
  await expect(page.locator('#moves li')).toHaveCount(1);
  await expect
    .poll(async () => (await page.locator('#heaps button').allTextContents()).map(Number).reduce((a, b) => a + b, 0))
    .toBe(5);
});

// A heap with one move (a pin alone): no list can be changed to name it, so
// choosing the heap names it.
test('a Kayles heap of one pin chosen: the line names its only move, and Play plays it', async ({ page }) => {
  await page.goto('/grundy.html?rule=kayles&heaps=1,4&level=human');
  await settle(page);
  await page.getByRole('button', { name: 'Heap 1: 1 match' }).click();
  await expect(page.locator('#status')).toHaveText('Play “take the whole heap of 1”? Press “Play” (or Enter) to play.');
  await page.locator('.move-play').click();
  await expect(page.locator('#heaps button')).toHaveText(['4']);
  // Enter on the chosen heap's button plays the move named, as the line says.
  await page.getByRole('button', { name: 'Heap 1: 4 matches' }).click();
  await expect(page.locator('#status')).toContainText(/^Play “take 1 of 4, leaving [^”]*”\?/);
  await page.getByRole('button', { name: 'Heap 1: 4 matches' }).press('Enter');
  await expect(page.locator('#moves li')).toHaveCount(2);
});

test('a bad rule is refused in the page’s language, the game on the board unchanged', async ({ page }) => {
  for (const [lang, words] of /** @type {const} */ ([
    ['en', 'Digit 1 after the point is 8'],
    ['fr', 'Le chiffre 1 après la virgule est 8'],
  ])) {
    await page.goto(`/grundy.html?rule=kayles&heaps=9,4&level=human&lang=${lang}`);
    await settle(page);
    const url = page.url();
    await page.locator('#rule-code').fill('0.8');
    await expect(page.locator('#rule-pick')).toHaveValue('code');
    const button = page.locator('#new-game button[type="submit"]');
    await button.click();
    // Said under the button pressed, on screen where the form was (not at the page's top).
    const error = page.locator('#form-error');
    await expect(error).toContainText(words);
    await expect(error).toBeInViewport();
    await expect(page.locator('#heaps button')).toHaveText(['9', '4']);
    expect(page.url()).toBe(url);
    // A game the form can start clears it.
    await page.locator('#rule-code').fill('0.77');
    await button.click();
    await expect(error).toBeHidden();
  }
  // Said again in the other language when the page's changes.
  await page.locator('#rule-code').fill('0.8');
  await page.locator('#new-game button[type="submit"]').click();
  await expect(page.locator('#form-error')).toContainText('Le chiffre 1 après la virgule est 8');
  await page.getByLabel('Langue').selectOption('en');
  await expect(page.locator('#form-error')).toContainText('Digit 1 after the point is 8');
  // In the address: named in a notice, in French too.
  await page.goto('/grundy.html?rule=0.9&lang=fr');
  await settle(page);
  await expect(page.locator('#notice')).toContainText('Le chiffre 1 après la virgule est 9');
});

test('Marienbad from the picker: Nim on 1, 3, 5, 7 in misère play, its words and its end', async ({ page }) => {
  await page.goto('/grundy.html?level=human&lang=fr');
  await settle(page);
  await page.locator('#rule-pick').selectOption('marienbad');
  await expect(page.locator('#misere')).toBeChecked();
  await expect(page.locator('#rule-words')).toHaveText('Prendre autant qu’on veut, au moins un, dans un tas. Misère : qui prend la dernière a perdu.');
  await page.locator('#new-game button[type="submit"]').click();
  await expect(page).toHaveURL(/misere=1/);
  await expect(page.locator('#heaps button')).toHaveText(['1', '3', '5', '7']);
  // Its name says misère: the title adds nothing.
  await expect(page.locator('header.top h1')).toHaveText('Marienbad');
  // An octal code in words, from its digits.
  await page.locator('#rule-code').fill('4.07');
  await expect(page.locator('#rule-words')).toHaveText(
    'Prendre 2, en laissant un tas, deux, ou aucun ; ou couper un tas en deux sans rien prendre. Misère : qui prend la dernière a perdu.',
  );
});

test('<grundy-game rule="kayles">: a changed rule starts its game, moves chosen from its options', async ({ page }) => {
  await page.route('**/kayles-host.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8">
        <script type="module" src="grundy-game.js"></script></head>
        <body><grundy-game rule="kayles" heaps="6" level="human"></grundy-game></body></html>`,
    }),
  );
  await page.goto('/kayles-host.html');
  const game = page.locator('grundy-game');
  await expect(game.locator('.status')).toContainText('choose a heap, then what to take');
  await game.getByRole('button', { name: 'Heap 1: 6 matches' }).click();
  await expect(game.locator('.move-take option')).toHaveText(['1', '2']);
  await game.locator('.move-play').click();
  await expect(game.locator('.heaps button')).toHaveText(['5']);
  await game.evaluate((el) => el.setAttribute('rule', 'nim'));
  await expect(game.locator('.heaps button')).toHaveText(['6']);
  await game.getByRole('button', { name: 'Heap 1: 6 matches' }).click();
  await expect(game.locator('.move-take option')).toHaveText(['1', '2', '3', '4', '5', '6']);
});

test('“Why?” of a won Kayles position lists its winning moves apart, each move in its own words', async ({ page }) => {
  await page.goto('/grundy.html?rule=kayles&heaps=12,9,7&first=human&reveal=explain&lang=en');
  await settle(page);
  await expect(page.locator('#why-body')).toContainText(
    'Winning moves: take 1 of 12, leaving 11; take 1 of 12, leaving 9 + 2; take 2 of 9, leaving 5 + 2; take 1 of 7, leaving 3 + 3; take 2 of 7, leaving 4 + 1.',
  );
});

test('Kayles by keyboard, with the moves’ values and “Why?” for the move chosen', async ({ page }) => {
  await page.goto('/grundy.html?rule=kayles&heaps=7,4&level=human&reveal=explain');
  await settle(page);
  await page.locator('#show-values').check();
  // The heaps' buttons: arrows choose, then Tab reaches the move control.
  await page.locator('#heaps button').first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: /^Heap 2: 4 matches/ })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('button', { name: /^Heap 1: 7 matches/ })).toBeFocused();
  // Every move of the heap of 7 with what it leaves (the session's options).
  await expect(page.locator('#split-title')).toHaveText('Moves of heap 1 (7):');
  await expect(page.locator('#split-values li')).toHaveCount(7);
  await expect(page.locator('#split-values li[data-win="true"]')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(page.locator('.move-take')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator('.move-leave')).toBeFocused();
  // Take 1 leaving 3 + 3 (with 4 left, G = 3 xor 3 xor 1 = 1: not yet the winning move).
  await page.locator('.move-leave').selectOption({ label: '3 + 3' });
  await expect(page.locator('#why-title')).toHaveText('Why? take 1 of 7, leaving 3 + 3');
  await expect(page.locator('#why-body')).toContainText('“take 1 of 7, leaving 3 + 3” loses: it leaves nim-sum 1');
  const win = /** @type {string} */ (await page.locator('#split-values li[data-win="true"]').textContent());
  expect(win).toMatch(/^✓ take \d of 7, leaving .*: nim-sum 0, wins$/);
  await page.keyboard.press('Enter');
  await expect(page.locator('#moves li')).toHaveCount(1);
  await expect(page.locator('#heaps button')).toHaveText(['3', '3', '4']);
  await expect(page.locator('#status')).toContainText('Player 1 played: take 1 of 7, leaving 3 + 3.');
});

test('a Kayles record loads on the page, and the demo plays Kayles to its end', async ({ page }) => {
  await page.goto('/grundy.html?heaps=20&level=human');
  await settle(page);
  // A record names its rule: the game on the board becomes Kayles.
  await page.locator('.an-record-field').fill('0.77 7,3: 7-1=3+3');
  await page.locator('.an-load').click();
  await expect(page.locator('#heaps button')).toHaveText(['3', '3', '3']);
  await expect(page.locator('#rule-pick')).toHaveValue('kayles');
  await expect(page).toHaveURL(/rule=0\.77/);
  await page.goto('/grundy.html?rule=kayles&heaps=8,5&demo=1&speed=fast');
  await expect(page.locator('#status')).toContainText(/Player [12] \(computer\) wins\./, { timeout: 30_000 });
  await expect(page.locator('#moves li').first()).toContainText(/ − \d →/);
});

test('the end says who made the last move: normal play and misère play', async ({ page }) => {
  // Kayles, a row of 2: taking both leaves the computer no move.
  await page.goto('/grundy.html?rule=kayles&heaps=2&level=perfect&first=human');
  await settle(page);
  await page.getByRole('button', { name: 'Heap 1: 2 matches' }).click();
  await page.locator('.move-take').selectOption('2');
  await expect(page.locator('.move-leave option')).toHaveText(['nothing']);
  await page.locator('.move-play').click();
  await expect(page.locator('#status')).toContainText('No move is left for the computer. You win!');
  // Misère Nim on 1 and 1: the computer has to take the last one.
  await page.goto('/grundy.html?rule=nim&misere=1&heaps=1,1&level=perfect&first=human');
  await settle(page);
  // The title says the rule that decides who wins.
  await expect(page.locator('header.top h1')).toHaveText('Nim (misère)');
  await page.getByRole('button', { name: 'Heap 1: 1 match' }).click();
  await page.locator('.move-pick:not(.idle) .move-play').click();
  await expect(page.locator('#status')).toContainText('The computer made the last move. You win!');
});

test('Grundy’s game in misère play: the split control as ever, the end as misère play says it', async ({ page }) => {
  // 4 → 3 + 1, then the computer's only split 3 → 2 + 1 is the last move: it loses.
  await page.goto('/grundy.html?misere=1&heaps=4&level=perfect&first=human');
  await settle(page);
  await page.getByRole('button', { name: 'Heap 1: 4 matches' }).click();
  await page.getByRole('button', { name: 'Split', exact: true }).click();
  await expect(page.locator('#status')).toContainText('The computer made the last move. You win!');
  await expect(page.locator('#rule-pick')).toHaveValue('grundy');
  await expect(page.locator('#misere')).toBeChecked();
  await expect(page.locator('header.top h1')).toHaveText('Grundy’s game (misère)');
  await page.getByLabel('Language').selectOption('fr');
  await expect(page.locator('header.top h1')).toHaveText('Jeu de Grundy (misère)');
});

test('at reveal off Kayles still offers only its moves; undo and redo take them back and again', async ({ page }) => {
  await page.goto('/grundy.html?rule=kayles&heaps=5&level=human&reveal=off');
  await settle(page);
  await expect(page.locator('#hint')).toBeDisabled();
  await page.getByRole('button', { name: 'Heap 1: 5 matches' }).click();
  // The session's moves, nothing revealed about them.
  await expect(page.locator('.move-take option')).toHaveText(['1', '2']);
  await page.locator('.move-take').selectOption('2');
  await page.locator('.move-leave').selectOption({ label: '2 + 1' });
  await page.locator('.move-play').click();
  await expect(page.locator('#heaps button')).toHaveText(['2', '1']);
  await page.locator('#undo').click();
  await expect(page.locator('#heaps button')).toHaveText(['5']);
  await page.locator('#redo').click();
  await expect(page.locator('#heaps button')).toHaveText(['2', '1']);
});

test.describe('a tap on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test('the matches game: a tap on a match previews taking it and those past it, a second tap plays', async ({ page }) => {
    await page.goto('/grundy.html?rule=0.333&heaps=21&level=human&debug=1');
    await settle(page);
    await page.getByRole('button', { name: 'Heap 1: 21 matches' }).tap();
    await expect(page.locator('.move-take option')).toHaveText(['1', '2', '3']);
    // Drawn match by match on a phone, not as a bundle.
    const box = await page.evaluate(() => /** @type {any} */ (window).grundyDebug.boxes()[0]);
    expect(box.drawn).toBe(true);
    // The third match from the right: take 3.
    const position = { x: box.x + (21 - 3 + 0.5) * box.step, y: box.y + box.h / 2 };
    await page.locator('#heaps-canvas').tap({ position });
    await expect(page.locator('#status')).toContainText('Play “take 3 of 21, leaving 18”? Tap the same place again to play.');
    await expect(page.locator('.move-take')).toHaveValue('3');
    await page.locator('#heaps-canvas').tap({ position });
    await expect(page.locator('#heaps button')).toHaveText(['18']);
  });
});

test('a long title (a rule in misère play, in French) is set smaller, not wrapped down onto the game', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  /** Where the status starts, under the header. */
  const statusTop = async () => Math.round((await page.locator('#status').boundingBox())?.y ?? -1);
  await page.goto('/grundy.html?heaps=21&lang=fr');
  await settle(page);
  const usual = await statusTop();
  for (const [query, title] of [
    ['rule=dawson&heaps=21&misere=1', 'Kayles de Dawson (misère)'],
    ['rule=0.333&heaps=21&misere=1', 'Allumettes, prendre 1 à 3 (misère)'],
    ['rule=0.333&heaps=21', 'Allumettes, prendre 1 à 3'],
  ]) {
    await page.goto(`/grundy.html?${query}&lang=fr`);
    await settle(page);
    await expect(page.locator('header.top h1')).toHaveText(title);
    // Each of the title's lines, by where its words are.
    const lines = await page.locator('header.top h1').evaluate((h1) => {
      const range = document.createRange();
      range.selectNodeContents(h1);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines, `${title}: lines`).toBeLessThanOrEqual(2);
    expect(await statusTop(), `${title}: the status's top, against Grundy's game's ${usual}`).toBeLessThanOrEqual(usual + 6);
  }
});
