// The game fits the screen it is shown on: at each size a class uses (laptops,
// a phone, projectors in both themes) the board, the status line and the game
// buttons are all on screen without scrolling, and a hint (a longer status)
// does not move the board. Long bars and long solves keep their controls in
// reach.
import { test, expect } from './fixture.mjs';
import { onScreen, painted, settled as laidOut } from './geometry.mjs';

/** The sizes of the trial: laptops, a 720p projector, an old 4:3 projector, full HD, a phone. */
const VIEWPORTS = [
  [1366, 768],
  [1280, 720],
  [1024, 768],
  [1920, 1080],
  [390, 844],
];
const THEMES = ['', 'projector'];

/** @param {import('@playwright/test').Page} page */
const settled = (page) => page.locator('#status:not([aria-busy="true"])');

// A page per size and theme, as each is opened: a window resized through
// the sizes after a hint once found the board laid out larger than its
// first measure at 1366×768 on a loaded run.
for (const [width, height] of VIEWPORTS) {
  for (const theme of THEMES) {
    const name = `${width}×${height}${theme ? ' projector' : ''}`;

    test(`Chomp 5×7 at ${name}: board, status and buttons on screen; a hint does not move the board`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.goto(`/index.html?rows=5&cols=7&first=human&level=perfect${theme ? `&theme=${theme}` : ''}`);
      await expect(settled(page)).toHaveText('Your turn: pick a square to eat.');
      const game = ['#status', '#board-wrap', '#hint', '#undo', '#redo', '#restart'];
      await onScreen(page, game, 'at the start');
      // The tray's edge (the projector's 3-pixel ring) is not cut by the board's scrolling box.
      const edge = await page.locator('#board-wrap').evaluate((wrap) => {
        const box = /** @type {HTMLElement} */ (wrap.parentElement);
        return box.getBoundingClientRect().left + box.clientLeft + box.clientWidth - wrap.getBoundingClientRect().right;
      });
      expect(edge, 'room right of the board in its box').toBeGreaterThanOrEqual(3);
      const board = await page.locator('#board-wrap').boundingBox();
      const status = await page.locator('#status').boundingBox();
      await page.locator('#hint').click();
      await expect(settled(page)).toContainText(/Winning moves?:/);
      // The status's words are shrunk to fit at the next frame, not when
      // they are written.
      await painted(page);
      await onScreen(page, game, 'after a hint');
      expect(await page.locator('#board-wrap').boundingBox(), 'the board after a hint').toEqual(board);
      expect(await page.locator('#status').boundingBox(), 'the status after a hint').toEqual(status);
      // The whole hint is there to read (the words shrink rather than overflow).
      const fits = await page.locator('#status').evaluate((el) => el.scrollHeight <= el.clientHeight + 1);
      expect(fits, 'the hint fits its line').toBe(true);
      // A move and the computer's answer: the board stays put too.
      await page.locator('#grid [data-hint="true"]').first().click();
      await expect(settled(page)).toContainText('The computer ate');
      await onScreen(page, game, 'after a move');
      expect(await page.locator('#board-wrap').boundingBox(), 'the board after a move').toEqual(board);
    });

    test(`Grundy at ${name}: heaps, status and buttons on screen`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.goto(`/grundy.html?heaps=13,3,5,4&first=human&level=perfect${theme ? `&theme=${theme}` : ''}`);
      await expect(settled(page)).toContainText('Your turn');
      const game = ['#status', '#heaps-canvas', '#heaps', '#hint', '#undo', '#redo', '#restart'];
      await onScreen(page, game, 'at the start');
      const status = await page.locator('#status').boundingBox();
      await page.locator('#hint').click();
      await expect(settled(page)).toContainText('Hint:');
      // The hint chose a heap: its split control joins the game's, on screen too.
      await onScreen(page, [...game, '#split-play'], 'after a hint');
      expect(await page.locator('#status').boundingBox(), 'the status after a hint').toEqual(status);
    });
  }
}

// The table held back (?debug=hold): the bar stays, no core spent on it;
// the window resized while it is shown.
for (const [theme, sizes] of /** @type {const} */ ([
  ['', [[1366, 768], [390, 844]]],
  ['projector', [[1920, 1080], [1024, 768]]],
])) {
  const named = sizes.map(([width, height]) => `${width}×${height}`).join(' and ');
  test(`a 16×16 solve at ${named}${theme ? ' projector' : ''} shows its progress and Cancel on screen`, async ({ page }) => {
    await page.setViewportSize({ width: sizes[0][0], height: sizes[0][1] });
    await page.goto(`/index.html?rows=16&cols=16&debug=hold${theme ? `&theme=${theme}` : ''}`);
    for (const [i, [width, height]] of sizes.entries()) {
      if (i > 0) {
        await page.setViewportSize({ width, height });
        await laidOut(page);
      }
      // The table solved in the background, its bar shown: measured while it
      // is (the start's own bar comes and goes before it).
      await onScreen(page, ['#status', '#progress-bar', '#cancel', '#hint'], `while solving (${width}×${height})`, { selector: '#progress', text: 'while you play' });
    }
    // The board plays meanwhile.
    await expect(page.locator('#hint')).toBeEnabled();
    await page.locator('#cancel').click();
    await expect(page.locator('#progress')).toBeHidden();
    await expect(page.locator('#solver-info')).toContainText('The exact table was stopped');
  });
}

test.describe(() => {
  // A browser context of its own (tests/fixture.mjs): in one the tests before
  // had warmed, a frame came before the page's style sheets (seen twice in
  // full runs, never alone).
  test.use({ ownContext: true });
  test('the 16×16 projector page at 1920×1080 lays its board out once as the game starts', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    // Every frame from the first: where the board and the Hint button are, each time it changes, while the board is shown.
    await page.addInitScript(() => {
      /** @type {string[]} */
      const seen = [];
      /** @type {any} */ (window).boardBoxes = seen;
      const frame = () => {
        const board = document.getElementById('board-wrap');
        const hint = document.getElementById('hint');
        if (board && hint && board.checkVisibility({ visibilityProperty: true })) {
          const b = board.getBoundingClientRect();
          const key = `board ${[b.left, b.top, b.width, b.height].map(Math.round).join(' ')}, Hint at ${Math.round(hint.getBoundingClientRect().top)}`;
          // With the document's state and style sheets, for the failure's message.
          if (!seen.at(-1)?.startsWith(`${key} (`)) seen.push(`${key} (${document.readyState}, ${document.styleSheets.length} style sheets)`);
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await page.goto('/index.html?rows=16&cols=16&theme=projector&debug=hold');
    // The start's last step: the table solved in the background, its bar shown, and that frame laid out and painted.
    await expect(page.locator('#progress', { hasText: 'while you play' })).toBeVisible({ timeout: 20_000 });
    await painted(page);
    const seen = await page.evaluate(() => /** @type {string[]} */ (/** @type {any} */ (window).boardBoxes));
    expect(seen, 'the board from its first frame shown: one place and size').toHaveLength(1);
  });
});

// A 3×1000 bar (the 1000×3 one: after-moves.spec.mjs, played past row 500),
// at a laptop's size and then, the game started again, a phone's; then a
// new game the perfect computer starts.
test('a 3×1000 bar at 1366×768 and 390×844 scrolls sideways in its own box, coordinates along its edges: Hint in reach, the hinted square shown; exact at any width, the computer leaves a kernel position', async ({ page }) => {
  const sizes = [[1366, 768], [390, 844]];
  for (const [i, [width, height]] of sizes.entries()) {
    const name = `${width}×${height}`;
    await page.setViewportSize({ width, height });
    if (i === 0) await page.goto('/index.html?rows=3&cols=1000&first=human&level=perfect');
    else await page.locator('#restart').click();
    await expect(settled(page)).toHaveText('Your turn: pick a square to eat.', { timeout: 30_000 });
    // A whole bar (the poisoned square apart), its coordinates along the edges.
    await expect(page.getByRole('gridcell')).toHaveCount(3000);
    await expect(page.locator('#grid [data-state="present"]')).toHaveCount(2999);
    await expect(page.locator('#board-wrap .coords-cols span')).toHaveCount(1000);
    await expect(page.locator('#board-wrap .coords-cols span').nth(999)).toHaveText('1000');
    await expect(page.locator('#board-wrap .coords-rows span')).toHaveText(['1', '2', '3']);
    // Exact at any width; the bar scrolls sideways in its box.
    await expect(page.locator('#solver-info')).toContainText('Exact play at any width');
    expect(await page.locator('.board-scroll').evaluate((e) => e.scrollWidth > e.clientWidth), name).toBe(true);
    // Not a page of thousands of pixels with the buttons at its end.
    expect(await page.evaluate(() => document.documentElement.scrollHeight), name).toBeLessThan(8000);
    await onScreen(page, ['#status', '#hint', '#undo', '#restart'], `at the start (${name})`);
    await page.locator('#hint').click();
    await expect(settled(page)).toContainText(/Winning moves?:/);
    await onScreen(page, ['#status', '#hint', '#undo', '#restart'], `after a hint (${name})`);
    // One winning move, scrolled into view.
    await expect(page.locator('#grid [data-hint="true"]')).toHaveCount(1);
    const cell = page.locator('#grid [data-hint="true"]').first();
    await expect(cell).toBeInViewport();
    const box = /** @type {{ x: number, y: number, width: number, height: number }} */ (await cell.boundingBox());
    const scroller = /** @type {{ x: number, y: number, width: number, height: number }} */ (
      await page.locator('.board-scroll').boundingBox()
    );
    // The hinted square is inside the bar's box, and so on screen.
    expect(box.x, name).toBeGreaterThanOrEqual(scroller.x - 0.5);
    expect(box.y, name).toBeGreaterThanOrEqual(scroller.y - 0.5);
    expect(box.x + box.width, name).toBeLessThanOrEqual(scroller.x + scroller.width + 0.5);
    expect(box.y + box.height, name).toBeLessThanOrEqual(scroller.y + scroller.height + 0.5);
    expect(box.height, name).toBeGreaterThanOrEqual(23.5);
    // And it can be eaten where it is.
    await cell.click();
    await expect(settled(page)).toContainText('The computer ate');
  }
  // A new game the computer starts: exact, it leaves a kernel position, which the hint names.
  await page.locator('#new-game select[name="first"]').selectOption('computer');
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(settled(page)).toContainText('The computer ate row', { timeout: 30_000 });
  await page.locator('#hint').click();
  await expect(settled(page)).toContainText('No winning move: this position is in the kernel');
});

for (const [width, height, theme] of /** @type {const} */ ([
  [1366, 768, ''],
  [390, 844, 'projector'],
])) {
  test(`the sum page's hint at ${width}×${height}${theme ? ' projector' : ''} is read whole, and its buttons are on screen`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto(`/sum.html?lang=fr${theme ? `&theme=${theme}` : ''}`);
    await expect(settled(page)).toContainText('À vous');
    await onScreen(page, ['#status', '#hint', '#undo', '#restart'], 'at the start');
    await page.locator('#hint').click();
    await expect(settled(page)).toContainText('Coups gagnants');
    // The fixed-height status sets a long hint smaller rather than cut it off.
    await expect
      .poll(() => page.locator('#status').evaluate((el) => el.scrollHeight - el.clientHeight))
      .toBeLessThanOrEqual(1);
    await onScreen(page, ['#status', '#hint', '#undo', '#restart'], 'after a hint');
  });
}

// The sum page on a laptop: a first sum's three games side by side, each
// whole on screen with the status and the hint, before and after a move (one
// card a row, the third game lay under a 1280×720 window's edge).
for (const [width, height] of /** @type {const} */ ([
  [1280, 720],
  [1280, 800],
  [1366, 768],
])) {
  test(`the sum page's games at ${width}×${height} are all on screen`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/sum.html?level=human');
    await expect(settled(page)).toContainText(/your turn/i);
    const games = ['#status', '#hint', '.sum-chomp', '.sum-grundy', '.sum-nim'];
    await onScreen(page, games, 'at the start');
    // Side by side, on one row.
    const tops = await page.locator('.sum-card').evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));
    expect(new Set(tops).size, `the cards' tops ${tops}`).toBe(1);
    await page.locator('.sum-nim .token').last().click();
    await expect(page.locator('#moves li')).toHaveCount(1);
    await expect(settled(page)).toContainText('Player 2');
    await onScreen(page, games, 'after a move');
  });
}

// A long game's record beside the game, on a laptop and a projector: the
// move list ends above the window's bottom edge and shows the current move
// whole, the page not scrolled (at 1280×720 the list's last lines were under
// the edge). A smaller projector shows the game alone on its first screen,
// the record under it, as the sum page's projector layout does at any size.
/**
 * The move list holding the current move: its scroll, the current move's
 * number, whether it is seen whole, and the moves cut by its top edge.
 * @param {import('@playwright/test').Page} page
 */
const listState = (page) =>
  page.evaluate(() => {
    const current = /** @type {HTMLElement} */ (document.querySelector('.an-moves [aria-current="step"]'));
    const ol = /** @type {HTMLElement} */ (current.closest('ol'));
    // The inside of the list's border: a move seen across it is cut in two.
    const inside = ol.getBoundingClientRect().top + ol.clientTop;
    const r = current.getBoundingClientRect();
    const cut = [...ol.children].filter((li) => {
      const b = li.getBoundingClientRect();
      return b.top < inside - 0.5 && b.bottom > inside + 0.5;
    });
    return {
      scrollTop: ol.scrollTop,
      ply: Number(current.dataset.ply),
      seen: r.top >= inside - 0.5 && r.bottom <= inside + ol.clientHeight + 0.5,
      cut: cut.map((li) => li.textContent),
    };
  });

for (const [width, height, theme] of /** @type {const} */ ([
  [1280, 720, ''],
  [1920, 1080, 'projector'],
])) {
  test(`the move list at ${width}×${height}${theme ? ' projector' : ''} shows the current move of a long game on every page`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const pages = [
      ['/index.html?rows=8&cols=10&level=human&moves=8,10 7,10 8,9 6,10 7,9 5,10 8,8 4,10', 8],
      ['/grundy.html?heaps=30&level=human&moves=26%2B4+25%2B1+23%2B2+22%2B1+20%2B2+19%2B1+14%2B5+13%2B1+11%2B2+10%2B1+8%2B2+7%2B1+5%2B2', 13],
      ['/sum.html?chomp=2x3&grundy=9&nim=4&level=human&moves=3:1 1:2,2 2:5%2B4 3:0', 4],
    ];
    for (const [url, plies] of theme ? pages.slice(0, 2) : pages) {
      await page.goto(`${url}&lang=en${theme ? `&theme=${theme}` : ''}`);
      const current = page.locator(`#moves [aria-current="step"][data-ply="${plies}"], .an-moves [aria-current="step"][data-ply="${plies}"]`);
      await expect(current).toBeVisible();
      await laidOut(page);
      const seen = await current.evaluate((button) => {
        const edges = (/** @type {Element} */ el) => {
          const r = el.getBoundingClientRect();
          return { top: Math.round(r.top), bottom: Math.round(r.bottom) };
        };
        return { move: edges(button), list: edges(/** @type {Element} */ (button.closest('ol'))), height: innerHeight, scrollY };
      });
      const where = `${url.split('?')[0]}: ${JSON.stringify(seen)}`;
      expect(seen.scrollY, where).toBe(0);
      expect(seen.list.bottom, `the list's bottom, ${where}`).toBeLessThanOrEqual(seen.height);
      expect(seen.move.top, `the current move's top, ${where}`).toBeGreaterThanOrEqual(seen.list.top);
      expect(seen.move.bottom, `the current move's bottom, ${where}`).toBeLessThanOrEqual(seen.list.bottom);
      // No move shows a part of itself under the list's top edge (the one before the current was cut in two).
      expect((await listState(page)).cut, `moves cut by the list's top edge, ${where}`).toEqual([]);
    }
  });
}

// A move clicked in the list, seen whole, stays under the pointer (the list
// scrolled it to the middle: 534 → 486 here); after Undo the list still
// starts on a whole move (a bold move's shorter text left the row above cut
// in two).
test('the move list does not jump under a click at 1280×720, and starts on a whole move after Undo at 1920×1080 projector', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/grundy.html?heaps=30&level=human&moves=26%2B4+25%2B1+23%2B2+22%2B1+20%2B2+19%2B1+14%2B5+13%2B1+11%2B2+10%2B1+8%2B2+7%2B1+5%2B2&lang=en');
  await expect(page.locator('.an-moves [aria-current="step"][data-ply="13"]')).toBeVisible();
  await laidOut(page);
  const before = await listState(page);
  expect(before.cut).toEqual([]);
  // The list scrolls (else keeping its scroll says nothing).
  expect(await page.locator('.an-moves').evaluate((ol) => ol.scrollHeight > ol.clientHeight)).toBe(true);
  // The moves seen whole besides the current one (there must be one, else the test says nothing).
  const whole = await page.evaluate(() => {
    const ol = /** @type {HTMLElement} */ (document.querySelector('.an-moves'));
    const top = ol.getBoundingClientRect().top + ol.clientTop;
    return [...ol.querySelectorAll('button:not([aria-current])')]
      .filter((b) => {
        const r = b.getBoundingClientRect();
        return r.top >= top && r.bottom <= top + ol.clientHeight;
      })
      .map((b) => Number(/** @type {HTMLElement} */ (b).dataset.ply));
  });
  expect(whole.length).toBeGreaterThan(0);
  await page.locator(`.an-moves [data-ply="${whole[0]}"]`).click();
  await expect(page.locator(`.an-moves [aria-current="step"][data-ply="${whole[0]}"]`)).toBeVisible();
  await laidOut(page);
  const clicked = await listState(page);
  expect(clicked.scrollTop, 'the list kept its scroll').toBe(before.scrollTop);
  expect(clicked.cut).toEqual([]);

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/index.html?rows=8&cols=10&level=human&moves=8,10 7,10 8,9 6,10 7,9 5,10 8,8 4,10&lang=en&theme=projector');
  await expect(page.locator('.an-moves [aria-current="step"][data-ply="8"]')).toBeVisible();
  await page.locator('#undo').click();
  // The last move is kept as one to redo, in a lighter dashed box.
  await expect(page.locator('.an-moves [aria-current="step"][data-ply="7"]')).toBeVisible();
  await laidOut(page);
  const undone = await listState(page);
  expect(undone.seen, JSON.stringify(undone)).toBe(true);
  expect(undone.cut).toEqual([]);
});

// The analysis panel's controls keep inside it in the projector's narrow
// side column, in French too (the reveal menu, sized by "les coups
// gagnants", stuck out past the panel's edge at 1920×1080).
test('the analysis panel at 1920×1080 projector in French: every control inside the panel, no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  for (const url of ['/index.html?rows=5&cols=7&theme=projector&lang=fr', '/grundy.html?rule=nim&misere=1&heaps=1,3,5,7&level=human&theme=projector&lang=fr']) {
    await page.goto(url);
    await expect(page.locator('#analysis select').first()).toBeVisible();
    await laidOut(page);
    const seen = await page.locator('#analysis').evaluate((panel) => {
      const edge = panel.getBoundingClientRect();
      const out = [...panel.querySelectorAll('select, button, input')]
        .filter((el) => el.checkVisibility())
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.right > edge.right + 0.5 || r.left < edge.left - 0.5)
        .map(({ el, r }) => `${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 30)}" ${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(edge.left)}–${Math.round(edge.right)}`);
      return { out, wide: document.documentElement.scrollWidth - innerWidth };
    });
    expect(seen.out, url).toEqual([]);
    expect(seen.wide, `${url}: the page wider than the window by`).toBeLessThanOrEqual(0);
  }
});

// A touch screen's larger controls at 1280×720 in French: the split control's
// label keeps its words whole (the number field takes the room its largest
// split needs, not a heap of 2^24's), and with a heap of 6 digits, whose
// "749999 + 250000" leaves one row too little room, the control takes two
// rows, for every heap chosen (it was cut to "Séparer le t…"). The slider
// keeps 5em for a finger: with 4 to 6 digits it had 3em, 66 px, in one row.
test.describe(() => {
  test.use({ hasTouch: true });
  test('the split control on a 1280×720 touch screen in French: its label whole, its slider a finger\'s, heaps of 2, 4 and 6 digits, and 7 on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    const label = page.locator('.split:not(.idle) label');
    /** The label's words against its width, and the control's box. */
    const measure = () =>
      label.evaluate((el) => {
        const split = /** @type {HTMLElement} */ (el.parentElement);
        const box = split.getBoundingClientRect();
        const range = /** @type {HTMLElement} */ (split.querySelector('input[type="range"]'));
        const slider = range.getBoundingClientRect().width / Number.parseFloat(getComputedStyle(split).fontSize);
        return { coarse: matchMedia('(pointer: coarse)').matches, need: el.scrollWidth, has: el.clientWidth, height: Math.round(box.height), bottom: box.bottom, slider };
      });
    await page.goto('/grundy.html?heaps=20,9&first=human&level=perfect&lang=fr');
    await expect(page.locator('#status:not([aria-busy="true"])')).toContainText('À vous');
    await page.locator('#hint').click();
    await expect(label).toHaveText('Séparer le tas 2 en');
    const small = await measure();
    expect(small.coarse, 'a touch screen').toBe(true);
    expect(small.need, 'the label\'s words against its width').toBeLessThanOrEqual(small.has);
    expect(small.slider, 'the slider, in em').toBeGreaterThanOrEqual(5);
    await page.goto('/grundy.html?heaps=9999,12&first=human&level=perfect&lang=fr');
    await expect(page.locator('#status:not([aria-busy="true"])')).toContainText('À vous');
    await page.locator('#heaps button').nth(0).click();
    await expect(label).toHaveText('Séparer le tas 1 en');
    const four = await measure();
    expect(four.need, '4 digits: the label\'s words against its width').toBeLessThanOrEqual(four.has);
    expect(four.slider, '4 digits: the slider, in em').toBeGreaterThanOrEqual(5);
    await page.goto('/grundy.html?heaps=999999,12&first=human&level=perfect&lang=fr');
    await expect(page.locator('#status:not([aria-busy="true"])')).toContainText('À vous');
    // Before any heap is chosen (its label was empty: 31 px less, the
    // buttons below moved at the first choice).
    const idle = await page.locator('.split.idle').evaluate((el) => Math.round(el.getBoundingClientRect().height));
    const heights = [idle];
    for (const i of [0, 1]) {
      await page.locator('#heaps button').nth(i).click();
      await expect(label).toHaveText(`Séparer le tas ${i + 1} en`);
      // The widest sum the control shows, half and half.
      await page.locator('.split:not(.idle) input[type="range"]').fill(String(i === 0 ? 499999 : 6));
      const seen = await measure();
      expect(seen.need, `heap ${i + 1}: the label's words against its width`).toBeLessThanOrEqual(seen.has);
      expect(seen.bottom, `heap ${i + 1}: the control inside the window`).toBeLessThanOrEqual(720);
      expect(seen.slider, `heap ${i + 1}: the slider, in em`).toBeGreaterThanOrEqual(5);
      heights.push(seen.height);
    }
    expect(heights, 'the control keeps its height, no heap chosen, then each heap').toEqual([idle, idle, idle]);
    // A phone: a 7-digit heap's slider on a row of its own (it had 55 px
    // beside the number field and the sum).
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/grundy.html?heaps=1234567,12&first=human&level=perfect&lang=fr');
    await expect(page.locator('#status:not([aria-busy="true"])')).toContainText('À vous');
    const phoneIdle = await page.locator('.split.idle').evaluate((el) => Math.round(el.getBoundingClientRect().height));
    await page.locator('#heaps button').nth(0).click();
    await expect(label).toHaveText('Séparer le tas 1 en');
    const phone = await measure();
    expect(phone.need, 'phone: the label\'s words against its width').toBeLessThanOrEqual(phone.has);
    expect(phone.slider, 'phone: the slider, in em').toBeGreaterThanOrEqual(5);
    expect(phone.height, 'phone: the control\'s height, against no heap chosen').toBe(phoneIdle);
  });
});

// A short projector keeps the header to two lines in French too: at
// 1024×768 the guides' links, set as large as the title's line, pushed
// "Sommes de jeux" to a line of its own on every page, 16 px taken from the
// game.
test('the projector at 1024×768 in French: the games\' names on one line on every page', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  for (const path of ['/index.html', '/grundy.html', '/sum.html']) {
    await page.goto(`${path}?theme=projector&lang=fr`);
    await expect(settled(page)).toContainText('À vous');
    const tops = await page.locator('nav.games a').evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
    expect(new Set(tops).size, `${path}: the games' names on one line (tops ${tops})`).toBe(1);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(wide, `${path}: the page wider than the window by`).toBeLessThanOrEqual(0);
  }
});
