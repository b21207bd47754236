// What the class sees once play starts, not only on the first screen: on
// every page and in both game elements, at a laptop's, a phone's and two
// projectors' sizes, light then dark (the same page, its scheme switched
// after the moves), the test plays several moves (Grundy to
// five heaps or more with heaps set aside, a 1000×3 bar past row 500, the
// sum page through a few moves) and then measures: every drawing is inside
// the window or its own scroll box, no control lies over a drawing, and the
// drawings' labels keep their size (within 20% of the opening; 20 px at
// least in the projector theme). Then the projector's lesson layouts: the
// sum page's games, nim-sum and hint at once, the analysis board's list and
// chart, the sum's hint badge.
import { test, expect } from './fixture.mjs';
import { drawings, checkDrawings, checkWhole, heapLabelSizes, drawnLabelSizes, checkSizes, settled, onScreen, lightThenDark } from './geometry.mjs';

/** @typedef {import('@playwright/test').Page} Page */
/** @typedef {import('./geometry.mjs').Screen} Screen */

/**
 * The screens, a page each: a laptop, a phone, and the projector theme at
 * two sizes (its page played at the first, then resized to the second: the
 * same moves seen at both, each measured against its own opening). The
 * 1000×3 bar and the sum page have no laptop page of their own: the
 * projector's is seen at the laptop's size too, in the light theme.
 * @type {{ name: string, sizes: Screen[] }[]}
 */
const SETUPS = [
  { name: '1366×768', sizes: [{ name: '1366×768', width: 1366, height: 768 }] },
  { name: 'phone 390×844', sizes: [{ name: 'phone 390×844', width: 390, height: 844, touch: true }] },
  {
    name: 'projector 1920×1080 then 1024×768',
    sizes: [
      { name: 'projector 1920×1080', width: 1920, height: 1080, projector: true },
      { name: 'projector 1024×768', width: 1024, height: 768, projector: true },
    ],
  },
];

const LAPTOP = SETUPS[0].sizes[0];

/** The page's address in the screen's theme. @param {string} url @param {Screen} screen */
const themed = (url, screen) => (screen.projector ? `${url}&theme=projector` : url);

/** A click, or on a touch screen a tap (twice where the first only shows the move). @param {import('@playwright/test').Locator} target @param {Screen} screen @param {boolean} [twice] */
async function press(target, screen, twice = false) {
  if (!screen.touch) return target.click();
  await target.tap();
  if (twice) await target.tap();
}

/**
 * The window resized to `screen`, in its theme (the projector turned on or
 * off with the page's own button where it is not already), and the page
 * laid out and drawn for it.
 * @param {Page} page @param {Screen} screen
 */
async function resize(page, screen) {
  await page.setViewportSize({ width: screen.width, height: screen.height });
  const on = await page.evaluate(() => document.documentElement.dataset.theme === 'projector');
  if (on !== !!screen.projector) {
    await page.locator('#projector').click();
    if (screen.projector) await expect(page.locator('html')).toHaveAttribute('data-theme', 'projector');
    else await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'projector');
  }
  await settled(page);
}

/**
 * What `read` reads at each of `sizes` (the window resized through them),
 * the window then back at the first.
 * @template T @param {Page} page @param {Screen[]} sizes @param {() => Promise<T>} read @returns {Promise<T[]>}
 */
async function atEachSize(page, sizes, read) {
  /** @type {T[]} */
  const out = [];
  for (const screen of sizes) {
    if (sizes.length > 1) await resize(page, screen);
    out.push(await read());
  }
  if (sizes.length > 1) await resize(page, sizes[0]);
  return out;
}

/**
 * Runs `check` at each of `sizes` in turn (the window resized to it), light
 * then dark, with the size's index.
 * @param {Page} page @param {Screen[]} sizes @param {(screen: Screen, i: number, scheme: 'light' | 'dark') => Promise<void>} check
 */
async function checkEachSize(page, sizes, check) {
  for (const [i, screen] of sizes.entries()) {
    if (sizes.length > 1) await resize(page, screen);
    await lightThenDark(page, (scheme) => check(screen, i, scheme));
  }
}

/**
 * Splits a heap on the Grundy page or in a <grundy-game>: the largest one,
 * a third of it off, or the smallest splittable one, one match off (a heap
 * of 1, set aside). Waits for the answer.
 * @param {Page} page @param {string} scope '' for the page, else the element's selector plus a space
 * @param {'third' | 'one'} how @param {Screen} screen
 */
async function split(page, scope, how, screen) {
  const buttons = page.locator(`${scope}.heaps button`);
  const before = await buttons.allTextContents();
  const sizes = before.map(Number);
  const pick = how === 'third' ? sizes.indexOf(Math.max(...sizes)) : sizes.indexOf(Math.min(...sizes));
  const n = sizes[pick];
  await press(buttons.nth(pick), screen);
  await page.locator(`${scope}.split-n`).fill(String(how === 'third' ? Math.max(1, Math.floor(n / 3)) : 1));
  await press(page.locator(`${scope}.split button`), screen);
  // The heaps changed, and the answer (the computer's move, if it plays) is in.
  await expect.poll(() => buttons.allTextContents()).not.toEqual(before);
  await expect(page.locator(`${scope}.status[aria-busy="false"]`)).toBeAttached();
  // The computer's reply too, when it plays: the heaps change first with
  // the person's split alone.
  await expect(page.locator(`${scope}.status`)).not.toContainText('thinking');
}

/**
 * The tests of `setup`, in a page opened at its first size (a phone's touch
 * screen there), light first: `body` declares them, told that size.
 * @param {{ name: string, sizes: Screen[] }} setup @param {(first: Screen) => void} body
 */
function atFirstSize(setup, body) {
  const [first] = setup.sizes;
  test.describe(`${setup.name}, light then dark`, () => {
    test.use({
      viewport: { width: first.width, height: first.height },
      hasTouch: !!first.touch,
      isMobile: !!first.touch,
      colorScheme: 'light',
    });
    body(first);
  });
}

for (const setup of SETUPS) {
  atFirstSize(setup, (first) => {

    // A phone plays Grundy's game twice: four heaps in English, and two in
    // French (its longer words).
    const grundyCases = first.projector ? ['20,13'] : first.touch ? ['17,5,9,12', '17,5&lang=fr'] : ['17,5,9,12,20,33'];
    for (const heaps of grundyCases) {
      test(`Grundy (${heaps}): after five splits, the heaps are all seen, nothing over them, labels keep their size`, async ({ page }) => {
        await page.goto(themed(`/grundy.html?heaps=${heaps}&level=human&debug=1`, first));
        await expect(page.locator('.status[aria-busy="false"]')).toBeAttached();
        await expect(page.locator('#heaps button').first()).toBeVisible();
        // A lesson on the projector shows the Grundy values under the heaps (longer labels).
        if (first.projector) await page.locator('#show-values').check();
        const opening = await atEachSize(page, setup.sizes, () => drawnLabelSizes(page, null));
        for (const how of /** @type {const} */ (['third', 'third', 'third', 'one', 'one'])) await split(page, '', how, first);
        // Five heaps or more, some of them set aside.
        // The sentence names only the sizes set aside ("2 of 1 match", "1 of 2 matches, 2 of 1 match").
        const aside = (await page.locator('#set-aside').textContent()) ?? '';
        const setAside = [2, 1].reduce((sum, size) => sum + Number(aside.match(new RegExp(`(\\d+) (?:of|de) ${size}\\b`))?.[1] ?? 0), 0);
        expect(setAside, 'heaps set aside').toBeGreaterThan(0);
        expect((await page.locator('#heaps button').count()) + setAside, 'heaps').toBeGreaterThanOrEqual(5);
        await checkEachSize(page, setup.sizes, async (screen, i, scheme) => {
          const when = `after five splits (${screen.name}, ${scheme})`;
          const found = await drawings(page, ['#heaps-canvas']);
          checkDrawings(found, when);
          expect(found[0].scrollY, `the page scrolled ${when}`).toBe(0);
          // The whole drawing is shown: its box does not hide a row of heaps or the heaps set aside.
          const [d] = found;
          expect(d.clip.bottom - d.clip.top, `the drawing seen whole, not cut by its box ${when}`).toBeGreaterThanOrEqual(d.box.bottom - d.box.top - 1);
          checkSizes(opening[i], await heapLabelSizes(page, null), screen, `Grundy (${screen.name}, ${scheme})`);
        });
      });
    }

    // A 1000×3 bar: the controls in reach from the start, then played past
    // row 500 and seen; then a hint, its square scrolled into the bar's box
    // and eaten there. The projector's page is seen at the laptop's size
    // too, the projector turned off with its button (a bar of 1000 rows
    // takes seconds to set up: one page for both; the moves played in the
    // light theme on the phone).
    const chompSizes = first.projector ? [...setup.sizes, LAPTOP] : first.touch ? setup.sizes : null;
    if (chompSizes) test(`Chomp: a 1000×3 bar, Hint in reach; played past row 500 it scrolls in its box, nothing over it, row numbers whole (at ${chompSizes.map((s) => s.name).join(', ')}); the hinted square shown and eaten`, async ({ page }) => {
      const sizes = chompSizes;
      await page.goto(themed('/index.html?rows=1000&cols=3&level=human&first=human', first));
      const status = page.locator('#status:not([aria-busy="true"])');
      await expect(status).toContainText('Player 1', { timeout: 30_000 });
      // Not a page of thousands of pixels with the buttons at its end.
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(8000);
      const controls = ['#status', '#hint', '#undo', '#restart'];
      await onScreen(page, controls, 'at the start');
      const size = () => page.locator('.coords-rows').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      const opening = await atEachSize(page, sizes, size);
      for (const [row, col, player] of [[900, 2, 1], [750, 3, 2], [586, 1, 1]]) {
        await press(page.locator(`#grid [data-row="${row}"][data-col="${col}"]`), first, true);
        await expect(status).toContainText(`Player ${player} ate row ${row}, column ${col}.`);
      }
      await checkEachSize(page, sizes, async (screen, i, scheme) => {
        const when = `past row 500 (${screen.name}, ${scheme})`;
        // The last rows of what is left, in view in the bar's box.
        if (scheme === 'light') await page.locator('#grid [data-row="585"][data-col="1"]').scrollIntoViewIfNeeded();
        checkDrawings(await drawings(page, ['#board-wrap']), when);
        expect(await page.evaluate(() => scrollY), `the page scrolled ${when}`).toBe(0);
        // Every row number in view is whole: "585", not "85".
        const cut = await page.evaluate(() => {
          const scroller = /** @type {HTMLElement} */ (document.querySelector('.board-scroll'));
          const s = scroller.getBoundingClientRect();
          const range = document.createRange();
          return [...document.querySelectorAll('.coords-rows span')].flatMap((span) => {
            if (!span.textContent) return [];
            range.selectNodeContents(span);
            const r = range.getBoundingClientRect();
            if (r.bottom < s.top || r.top > s.bottom) return [];
            return r.left < s.left - 0.5 ? [`${span.textContent} starts ${Math.round(s.left - r.left)} px left of the box`] : [];
          });
        });
        expect(cut, `row numbers cut by the bar’s box ${when}`).toEqual([]);
        await expect(page.locator('.coords-rows span', { hasText: /^585$/ })).toBeVisible();
        checkSizes([opening[i]], [await size()], screen, `Chomp row numbers (${screen.name}, ${scheme})`);
      });
      // What is left, a 585×3 bar, has a winning move: the hint shows it
      // (at the last size), scrolled into the bar's box.
      const last = /** @type {Screen} */ (sizes.at(-1));
      await press(page.locator('#hint'), last);
      await expect(status).toContainText(/Winning moves?:/);
      await onScreen(page, controls, `after a hint (${last.name})`);
      const cell = page.locator('#grid [data-hint="true"]').first();
      const box = /** @type {{ x: number, y: number, width: number, height: number }} */ (await cell.boundingBox());
      const scroller = /** @type {{ x: number, y: number, width: number, height: number }} */ (await page.locator('.board-scroll').boundingBox());
      // The hinted square is inside the bar's box, and so on screen.
      expect(box.x).toBeGreaterThanOrEqual(scroller.x - 0.5);
      expect(box.y).toBeGreaterThanOrEqual(scroller.y - 0.5);
      expect(box.x + box.width).toBeLessThanOrEqual(scroller.x + scroller.width + 0.5);
      expect(box.y + box.height).toBeLessThanOrEqual(scroller.y + scroller.height + 0.5);
      expect(box.height).toBeGreaterThanOrEqual(23.5);
      // And it can be eaten where it is.
      await press(cell, last, true);
      await expect(status).toContainText('Player 2 ate row');
    });

    // The sum page, as the 1000×3 bar: the projector's page also seen at the
    // laptop's size, the projector turned off.
    const sumSizes = first.projector ? [...setup.sizes, LAPTOP] : first.touch ? setup.sizes : null;
    if (sumSizes) test(`sum page: after a few moves every game is drawn whole, nothing over it, labels keep their size (at ${sumSizes.map((s) => s.name).join(', ')})`, async ({ page }) => {
      const sizes = sumSizes;
      await page.goto(themed('/sum.html?chomp=3x4&grundy=8,5&nim=3,1&first=human&level=perfect', first));
      const status = page.locator('#status:not([aria-busy="true"])');
      await expect(status).toContainText('Your turn');
      const fonts = () =>
        page.evaluate(() => ['.sum-card h2', '.sum-nimber', '.sum-heap-label'].map((s) => parseFloat(getComputedStyle(/** @type {Element} */ (document.querySelector(s))).fontSize)));
      const opening = await atEachSize(page, sizes, fonts);
      for (let move = 0; move < 3; move++) {
        const played = await page.locator('#moves li').count();
        await press(page.locator('#hint'), first);
        await expect(page.locator('.sum-components .hinted').first()).toBeVisible();
        // On a touch screen a first tap shows the move, a second plays it.
        await press(page.locator('.sum-components .hinted').first(), first, true);
        await expect(page.locator('#moves li')).toHaveCount(played + 2);
        await expect(status).toContainText('Your turn');
      }
      const where = ['.sum-bar', '.sum-heap', '.sum-tokens'];
      await checkEachSize(page, sizes, async (screen, i, scheme) => {
        // The projector's lesson is seen at once; elsewhere the page scrolls to each game.
        const found = await drawings(page, where, { scroll: !screen.projector });
        checkDrawings(found, `after three moves (${screen.name}, ${scheme})`);
        if (screen.projector) expect(found[0].scrollY, `the projector page scrolled (${screen.name}, ${scheme})`).toBe(0);
        checkSizes(opening[i], await fonts(), screen, `sum (${screen.name}, ${scheme})`);
      });
    });
  });
}

// The host page has no projector theme (the elements keep the host's
// sizes): a laptop's and the two projectors' sizes in one page, and a phone.
for (const setup of [
  {
    name: '1366×768, 1920×1080 and 1024×768',
    sizes: [
      { name: '1366×768', width: 1366, height: 768 },
      { name: '1920×1080', width: 1920, height: 1080 },
      { name: '1024×768', width: 1024, height: 768 },
    ],
  },
  { name: 'phone 390×844', sizes: [{ name: 'phone 390×844', width: 390, height: 844, touch: true }] },
]) {
  atFirstSize(setup, (first) => {

    test(`both game elements on a host page: after moves, drawings whole, nothing over them, labels kept`, async ({ page }) => {
      await page.goto('/embed-demo.html');
      const grundy = 'grundy-game';
      const chomp = 'chomp-game[rows="4"]';
      await expect(page.locator(`${grundy} .status`)).toContainText('Your turn');
      await expect(page.locator(`${chomp} .status`)).toContainText('Your turn');
      const coords = () => page.locator(`${chomp} .coords-rows`).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      const opening = await atEachSize(page, setup.sizes, async () => ({ labels: await drawnLabelSizes(page, grundy), coords: await coords() }));
      for (let move = 0; move < 2; move++) await split(page, `${grundy} `, 'third', first);
      for (const [row, col] of [[3, 5], [2, 6]]) {
        const square = page.locator(`${chomp} .cell[data-row="${row}"][data-col="${col}"][data-state="present"]`);
        if ((await square.count()) === 0) continue;
        await press(square, first, true);
        // The bite landed, then the computer's reply (the status said
        // "Your turn" before the bite too).
        await expect(square).toHaveCount(0);
        await expect(page.locator(`${chomp} .status`)).not.toContainText('thinking');
        await expect(page.locator(`${chomp} .status`)).toContainText(/Your turn|won|win/);
      }
      /** The luminance of the elements' buttons and grounds, as drawn now. */
      const looks = () =>
        page.evaluate(() => {
          const probe = /** @type {CanvasRenderingContext2D} */ (Object.assign(document.createElement('canvas'), { width: 1, height: 1 }).getContext('2d', { willReadFrequently: true }));
          const lum = (/** @type {string} */ c) => {
            probe.clearRect(0, 0, 1, 1);
            probe.fillStyle = c;
            probe.fillRect(0, 0, 1, 1);
            const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
            return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
          };
          const g = /** @type {ShadowRoot} */ (document.querySelector('grundy-game')?.shadowRoot);
          const c = /** @type {ShadowRoot} */ (document.querySelector('chomp-game')?.shadowRoot);
          const heap = /** @type {Element} */ (g.querySelector('.heap-button'));
          return {
            heapButton: lum(getComputedStyle(heap).backgroundColor),
            heapText: lum(getComputedStyle(heap).color),
            heapsGround: lum(getComputedStyle(/** @type {Element} */ (g.querySelector('.heaps-canvas'))).backgroundColor),
            restart: lum(getComputedStyle(/** @type {Element} */ (c.querySelector('[part~="controls"] button:not(.primary)'))).backgroundColor),
            tray: lum(getComputedStyle(/** @type {Element} */ (c.querySelector('.board-wrap'))).backgroundColor),
          };
        });
      await checkEachSize(page, setup.sizes, async (screen, i, scheme) => {
        const when = `(${screen.name}, ${scheme})`;
        const found = await drawings(page, [[grundy, '.heaps-canvas'], [chomp, '.board-wrap']], { scroll: true });
        checkDrawings(found, `after moves ${when}`);
        if (scheme === 'dark' && i === 0) {
          // On the dark host page the elements are dark too: their buttons and drawings, not the light ones.
          const dark = await looks();
          expect(dark.heapButton, 'a heap button’s ground').toBeLessThan(0.3);
          expect(dark.heapText, 'a heap button’s text').toBeGreaterThan(0.6);
          expect(dark.heapsGround, 'the heaps’ ground').toBeLessThan(0.3);
          expect(dark.restart, '<chomp-game>’s buttons').toBeLessThan(0.3);
          expect(dark.tray, '<chomp-game>’s tray').toBeLessThan(0.3);
        }
        checkSizes(opening[i].labels, await heapLabelSizes(page, grundy), screen, `<grundy-game> ${when}`);
        checkSizes([opening[i].coords], [await coords()], screen, `<chomp-game> row numbers ${when}`);
      });
    });
  });
}

// The sizes classrooms have, after moves: laptops (1280×720 to 1920×1080),
// the WXGA of most projectors (1280×800), an old 4:3 projector, a tablet
// held upright, two phones. Chomp boards to 20×20 and Grundy positions of
// many heaps, in the light and the projector themes (dark once per theme).
// On every screen that is not a phone the status, the drawing and the
// game's buttons are seen at once, the drawing whole (its squares and
// matches smaller rather than scrolled in a box); a phone may scroll the
// page, never a drawing inside its box. One page load per scenario and kind
// of screen: the window is resized through the sizes, in the light theme and
// then in the projector's, turned on by its button as a teacher does.

/** Screens with a mouse, as [width, height]: all 720 pixels high or more. */
const DESKS = [[1280, 720], [1280, 800], [1366, 768], [1440, 900], [1536, 864], [1920, 1080], [1024, 768], [768, 1024]];
/** Phones, touch screens. */
const PHONES = [[390, 844], [360, 800]];
/** The least side of a Chomp square where a board is seen whole (CSS pixels): the docs' legible minimum. */
const LEAST_SQUARE = 12;

const CHOMP_CONTROLS = ['#hint', '#undo', '#redo', '#restart'];
/**
 * @typedef {object} Scenario
 * @property {string} name @property {string} url
 * @property {'chomp' | 'grundy'} game
 * @property {number} [cells] the Chomp board's squares, all drawn once it is there
 */
/** @type {Scenario[]} */
const SWEEP = [
  { name: 'Chomp 8×10 after moves', game: 'chomp', url: '/index.html?rows=8&cols=10&moves=8,10%203,5', cells: 80 },
  { name: 'Chomp 16×16 solving its table', game: 'chomp', url: '/index.html?rows=16&cols=16&debug=hold', cells: 256 },
  { name: 'Chomp 16×18 after moves', game: 'chomp', url: '/index.html?rows=16&cols=18&moves=16,18%201,2&debug=hold', cells: 288 },
  { name: 'Chomp 20×20', game: 'chomp', url: '/index.html?rows=20&cols=20&first=human&level=human', cells: 400 },
  { name: 'Grundy after five splits', game: 'grundy', url: '/grundy.html?heaps=17,5,9,12,20,33&first=human&level=human&moves=26%2B7%204%2B1%2016%2B1%2013%2B7%207%2B5' },
  { name: 'Grundy 40,33,25,18,12,9 after three splits', game: 'grundy', url: '/grundy.html?heaps=40,33,25,18,12,9&first=human&level=human&moves=26%2B7%2027%2B13%2020%2B5' },
  {
    name: 'Grundy after a long game: 21 heaps',
    game: 'grundy',
    url: `/grundy.html?heaps=40,33,25,18,12,9&first=human&level=human&moves=${encodeURIComponent('30+10 20+13 15+10 16+14 11+7 12+8 9+7 8+7 8+6 9+4 7+5 9+3 6+5 6+4 7+3 5+4 8+1 3+1 2+1')}`,
  },
  {
    // Another rule: Kayles's rows of pins after a long game, 16 rows.
    name: 'Kayles after a long game: 16 rows of pins',
    game: 'grundy',
    url: `/grundy.html?rule=kayles&heaps=30,25,20&first=human&level=human&moves=${encodeURIComponent('30-1=15+14 25-1=12+12 20-2=9+9 15-1=7+7 14-2=6+6 12-1=6+5 12-2=5+5 9-1=4+4 9-2=4+3 7-1=3+3 7-2=3+2 6-1=3+2 6-2=2+2')}`,
  },
];

/**
 * Checks the game as shown now: the drawing whole, nothing over it, its
 * labels kept; off a phone, the status, the drawing, the progress and the
 * game's buttons on screen, the page not scrolled.
 * @param {Page} page @param {Scenario} s @param {Screen} screen
 */
async function checkGame(page, s, screen) {
  await settled(page);
  const when = `at ${screen.name}`;
  const drawn = s.game === 'chomp' ? ['#board-wrap', '#board-wrap .coords'] : ['#heaps-canvas'];
  const found = await drawings(page, drawn, { scroll: !!screen.touch });
  // A phone may scroll the page for a drawing taller than its screen.
  checkWhole(found, when, { window: !screen.touch });
  checkDrawings(found, when, { window: !screen.touch });
  if (!screen.touch) {
    const parts = s.game === 'chomp' ? ['#status', '#board-wrap', ...CHOMP_CONTROLS] : ['#status', '#heaps-canvas', '#heaps', ...CHOMP_CONTROLS];
    await onScreen(page, [...parts, '#play-fit'], when);
  }
  if (s.game === 'grundy') {
    // The theme's size at this width: the drawing wrote its labels at it, not smaller.
    const font = await page.locator('#heaps-canvas').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    checkSizes([font], await heapLabelSizes(page, null), screen, `Grundy ${when}`);
    return;
  }
  const sizes = await page.evaluate(() => {
    const wrap = /** @type {HTMLElement} */ (document.getElementById('board-wrap'));
    return {
      square: wrap.getBoundingClientRect().width / Number(wrap.style.getPropertyValue('--cols')),
      numbers: parseFloat(getComputedStyle(/** @type {Element} */ (wrap.querySelector('.coords'))).fontSize),
    };
  });
  expect.soft(sizes.square, `a square's side ${when}`).toBeGreaterThanOrEqual(LEAST_SQUARE);
  expect.soft(sizes.numbers, `the row and column numbers ${when}`).toBeGreaterThanOrEqual(screen.projector ? 19.5 : 11.5);
}

for (const s of SWEEP) {
  const url = `${s.url}${s.game === 'grundy' ? '&debug=1' : ''}`;
  /** Opens the game and waits until its position is shown. @param {Page} page */
  const open = async (page) => {
    await page.goto(url);
    await expect(page.locator('#status[aria-busy="false"]')).toContainText(/[Yy]our turn|Player \d:/, { timeout: 30_000 });
    if (s.cells) await expect(page.locator('#grid .cell')).toHaveCount(s.cells);
    else await expect(page.locator('#heaps button').first()).toBeVisible();
  };
  /** The projector theme turned on with the page's own button, as a teacher does. @param {Page} page */
  const projectorOn = async (page) => {
    await page.locator('#projector').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'projector');
  };

  test.describe(`sizes classrooms have: ${s.name}, light then projector`, () => {
    test.use({ viewport: { width: DESKS[0][0], height: DESKS[0][1] } });
    test(`on laptops, projectors and a tablet the game is seen whole, its drawing unscrolled, in either theme`, async ({ page }) => {
      await open(page);
      for (const projector of [false, true]) {
        if (projector) {
          await page.setViewportSize({ width: DESKS[0][0], height: DESKS[0][1] });
          await projectorOn(page);
        }
        const theme = projector ? 'projector' : 'light';
        for (const [width, height] of DESKS) {
          await page.setViewportSize({ width, height });
          const screen = { name: `${width}×${height} ${theme}`, width, height, projector };
          // At the first size the dark scheme draws the same sizes.
          if (width === DESKS[0][0] && height === DESKS[0][1]) await lightThenDark(page, (scheme) => checkGame(page, s, scheme === 'dark' ? { ...screen, name: `${screen.name} dark` } : screen));
          else await checkGame(page, s, screen);
        }
      }
    });
  });

  test.describe(`sizes classrooms have: ${s.name}, phones, light then projector`, () => {
    test.use({ viewport: { width: PHONES[0][0], height: PHONES[0][1] }, hasTouch: true, isMobile: true });
    test(`on phones the drawing is seen whole, the page scrolled to it, never inside its own box, in either theme`, async ({ page }) => {
      await open(page);
      for (const projector of [false, true]) {
        if (projector) {
          await page.setViewportSize({ width: PHONES[0][0], height: PHONES[0][1] });
          await projectorOn(page);
        }
        for (const [width, height] of PHONES) {
          await page.setViewportSize({ width, height });
          await checkGame(page, s, { name: `phone ${width}×${height}${projector ? ' projector' : ''}`, width, height, projector, touch: true });
        }
      }
    });
  });
}
