// What the class sees once play starts, not only on the first screen: on
// every page and in both game elements, at a laptop's, a phone's and two
// projectors' sizes, light and dark, the test plays several moves (Grundy to
// five heaps or more with heaps set aside, a 1000×3 bar past row 500, the
// sum page through a few moves) and then measures: every drawing is inside
// the window or its own scroll box, no control lies over a drawing, and the
// drawings' labels keep their size (within 20% of the opening; 20 px at
// least in the projector theme). Then the projector's lesson layouts: the
// sum page's games, nim-sum and hint at once, the analysis board's list and
// chart, the sum's hint badge.
import { test, expect } from './fixture.mjs';

/** @typedef {import('@playwright/test').Page} Page */
/** @typedef {{ name: string, width: number, height: number, touch?: boolean, projector?: boolean }} Screen */

/** @type {Screen[]} */
const SCREENS = [
  { name: '1366×768', width: 1366, height: 768 },
  { name: 'phone 390×844', width: 390, height: 844, touch: true },
  { name: 'projector 1920×1080', width: 1920, height: 1080, projector: true },
  { name: 'projector 1024×768', width: 1024, height: 768, projector: true },
];
const SCHEMES = /** @type {const} */ (['light', 'dark']);

/** The page's address in the screen's theme. @param {string} url @param {Screen} screen */
const themed = (url, screen) => (screen.projector ? `${url}&theme=projector` : url);

/**
 * Where a drawing is: a selector in the page, or one inside a game
 * element's shadow root ([host, inner]).
 * @typedef {string | [string, string]} Where
 */

/**
 * The geometry of the drawings `wheres`, measured in the page: for each, its
 * box, the part of it shown (clipped by the window and every box around it
 * that clips), the nearest box that scrolls it, and the controls (buttons,
 * fields, links outside it) lying over its shown part.
 * @param {Page} page @param {Where[]} wheres @param {{ scroll?: boolean }} [options]
 *   `scroll`: bring each drawing into view first (a page that scrolls as a whole)
 */
async function drawings(page, wheres, { scroll = false } = {}) {
  return page.evaluate(
    ({ wheres, scroll }) => {
      /** @param {Node} node @returns {Node | null} */
      const up = (node) => node.parentNode instanceof ShadowRoot ? node.parentNode.host : node.parentNode;
      /** @param {Node} node @param {Node} ancestor */
      const within = (node, ancestor) => {
        for (let n = /** @type {Node | null} */ (node); n; n = up(n)) if (n === ancestor) return true;
        return false;
      };
      /** @param {DOMRect | {left: number, top: number, right: number, bottom: number}} a @param {typeof a} b */
      const meet = (a, b) => ({ left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom) });
      /** @param {Document | ShadowRoot} root @returns {Element[]} */
      const controlsIn = (root) => [
        ...root.querySelectorAll('button, input, select, textarea, summary, a[href]'),
        ...[...root.querySelectorAll('*')].flatMap((el) => (el.shadowRoot ? controlsIn(el.shadowRoot) : [])),
      ];
      /** @param {Where} where @returns {Element[]} */
      const find = (where) =>
        typeof where === 'string'
          ? [...document.querySelectorAll(where)]
          : [...document.querySelectorAll(where[0])].flatMap((host) => [...(host.shadowRoot?.querySelectorAll(where[1]) ?? [])]);
      const shown = controlsIn(document).filter((c) => c.checkVisibility({ visibilityProperty: true }));
      return wheres.flatMap(find).map((el) => {
        /** Every box around the drawing that clips it, innermost first. @type {Element[]} */
        const clippers = [];
        for (let a = up(el); a instanceof Element; a = up(a)) {
          const style = getComputedStyle(a);
          if (style.overflowX !== 'visible' || style.overflowY !== 'visible') clippers.push(a);
        }
        const scrolling = clippers.find((a) => /auto|scroll/.test(getComputedStyle(a).overflowX + getComputedStyle(a).overflowY));
        if (scroll) (scrolling ?? el).scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
        const box = el.getBoundingClientRect();
        let clip = meet(box, { left: 0, top: 0, right: innerWidth, bottom: innerHeight });
        for (const a of clippers) {
          const r = a.getBoundingClientRect();
          clip = meet(clip, { left: r.left + a.clientLeft, top: r.top + a.clientTop, right: r.left + a.clientLeft + a.clientWidth, bottom: r.top + a.clientTop + a.clientHeight });
        }
        const s = scrolling?.getBoundingClientRect();
        const scroller = s ? { left: s.left, top: s.top, right: s.right, bottom: s.bottom } : null;
        const over = shown
          .filter((c) => !within(c, el))
          .map((c) => ({ c, r: meet(c.getBoundingClientRect(), clip) }))
          .filter(({ r }) => r.right - r.left > 1 && r.bottom - r.top > 1)
          .map(({ c }) => `${c.tagName.toLowerCase()}${c.id ? `#${c.id}` : ''} “${(c.textContent ?? '').trim().slice(0, 30)}”`);
        return {
          name: el.id || el.className || el.tagName,
          box: { left: box.left, top: box.top, right: box.right, bottom: box.bottom },
          clip,
          scroller,
          over,
          window: { width: innerWidth, height: innerHeight },
          scrollY,
        };
      });
    },
    { wheres, scroll },
  );
}

/**
 * Every drawing inside the window, or inside its own scroll box that is
 * inside the window; no control over any of them.
 * @param {Awaited<ReturnType<typeof drawings>>} found @param {string} when
 */
function checkDrawings(found, when) {
  expect(found.length, `drawings ${when}`).toBeGreaterThan(0);
  for (const d of found) {
    const outer = d.scroller ?? d.box;
    const what = `${d.name} ${when}`;
    expect.soft(outer.left, `${what}: left edge`).toBeGreaterThanOrEqual(-0.5);
    expect.soft(outer.top, `${what}: top edge`).toBeGreaterThanOrEqual(-0.5);
    expect.soft(outer.right, `${what}: right edge`).toBeLessThanOrEqual(d.window.width + 0.5);
    expect.soft(outer.bottom, `${what}: bottom edge`).toBeLessThanOrEqual(d.window.height + 0.5);
    expect.soft(d.over, `controls over ${what}`).toEqual([]);
  }
}

/**
 * The size of the labels of Grundy's drawing, in CSS pixels, read from where
 * the drawing wrote them: each label's width against the same words at 100 px.
 * @param {Page} page @param {string | null} element a <grundy-game>'s selector, or null for the page
 */
async function heapLabelSizes(page, element) {
  return page.evaluate((element) => {
    const view = element
      ? /** @type {any} */ (document.querySelector(element)).panel?.view
      : { labels: /** @type {any} */ (window).grundyDebug.labels() };
    if (!view) return null;
    const ctx = /** @type {CanvasRenderingContext2D} */ (document.createElement('canvas').getContext('2d'));
    ctx.font = '100px system-ui, sans-serif';
    return view.labels.map((/** @type {{ text: string, w: number }} */ l) => (100 * l.w) / ctx.measureText(l.text).width);
  }, element);
}

/** Fails unless every size in `after` is within 20% of the opening's, and 20 px at least on a projector. @param {number[] | null} opening @param {number[] | null} after @param {Screen} screen @param {string} what */
function checkSizes(opening, after, screen, what) {
  if (!opening || !after) throw new Error(`${what}: the drawing does not say where it wrote its labels`);
  expect(after.length, `${what}: labels after the moves`).toBeGreaterThan(0);
  const first = Math.max(...opening);
  for (const size of after) {
    expect.soft(size / first, `${what}: a label's size against the opening's (${size.toFixed(1)} px / ${first.toFixed(1)} px)`).toBeGreaterThan(0.8);
    expect.soft(size / first, `${what}: a label's size against the opening's`).toBeLessThan(1.2);
    if (screen.projector) expect.soft(size, `${what}: a label on the projector`).toBeGreaterThanOrEqual(19.5);
  }
}

/** A click, or on a touch screen a tap (twice where the first only shows the move). @param {import('@playwright/test').Locator} target @param {Screen} screen @param {boolean} [twice] */
async function press(target, screen, twice = false) {
  if (!screen.touch) return target.click();
  await target.tap();
  if (twice) await target.tap();
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
}

for (const screen of SCREENS) {
  for (const scheme of SCHEMES) {
    test.describe(`${screen.name} ${scheme}`, () => {
      test.use({
        viewport: { width: screen.width, height: screen.height },
        hasTouch: !!screen.touch,
        isMobile: !!screen.touch,
        colorScheme: scheme,
      });

      test(`Grundy: after five splits, the heaps are all seen, nothing over them, labels keep their size`, async ({ page }) => {
        const heaps = screen.projector ? '20,13' : screen.touch ? (scheme === 'light' ? '17,5,9,12' : '17,5&lang=fr') : '17,5,9,12,20,33';
        await page.goto(themed(`/grundy.html?heaps=${heaps}&level=human&debug=1`, screen));
        await expect(page.locator('.status[aria-busy="false"]')).toBeAttached();
        await expect(page.locator('#heaps button').first()).toBeVisible();
        // A lesson on the projector shows the Grundy values under the heaps (longer labels).
        if (screen.projector) await page.locator('#show-values').check();
        const opening = await heapLabelSizes(page, null);
        for (const how of /** @type {const} */ (['third', 'third', 'third', 'one', 'one'])) await split(page, '', how, screen);
        // Five heaps or more, some of them set aside.
        // The sentence names only the sizes set aside ("2 of 1 match", "1 of 2 matches, 2 of 1 match").
        const aside = (await page.locator('#set-aside').textContent()) ?? '';
        const setAside = [2, 1].reduce((sum, size) => sum + Number(aside.match(new RegExp(`(\\d+) (?:of|de) ${size}\\b`))?.[1] ?? 0), 0);
        expect(setAside, 'heaps set aside').toBeGreaterThan(0);
        expect((await page.locator('#heaps button').count()) + setAside, 'heaps').toBeGreaterThanOrEqual(5);
        const found = await drawings(page, ['#heaps-canvas']);
        checkDrawings(found, 'after five splits');
        expect(found[0].scrollY, 'the page scrolled').toBe(0);
        // The whole drawing is shown: its box does not hide a row of heaps or the heaps set aside.
        const [d] = found;
        expect(d.clip.bottom - d.clip.top, 'the drawing seen whole, not cut by its box').toBeGreaterThanOrEqual(d.box.bottom - d.box.top - 1);
        checkSizes(opening, await heapLabelSizes(page, null), screen, 'Grundy');
      });

      test(`Chomp: a 1000×3 bar played past row 500 scrolls in its box, nothing over it, row numbers whole`, async ({ page }) => {
        await page.goto(themed('/index.html?rows=1000&cols=3&level=human&first=human', screen));
        const status = page.locator('#status:not([aria-busy="true"])');
        await expect(status).toContainText('Player 1', { timeout: 30_000 });
        const size = () => page.locator('.coords-rows').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
        const opening = [await size()];
        for (const [row, col, player] of [[900, 2, 1], [750, 3, 2], [586, 1, 1]]) {
          await press(page.locator(`#grid [data-row="${row}"][data-col="${col}"]`), screen, true);
          await expect(status).toContainText(`Player ${player} ate row ${row}, column ${col}.`);
        }
        // The last rows of what is left, in view in the bar's box.
        await page.locator('#grid [data-row="585"][data-col="1"]').scrollIntoViewIfNeeded();
        checkDrawings(await drawings(page, ['#board-wrap']), 'past row 500');
        expect(await page.evaluate(() => scrollY), 'the page scrolled').toBe(0);
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
        expect(cut, 'row numbers cut by the bar’s box').toEqual([]);
        await expect(page.locator('.coords-rows span', { hasText: /^585$/ })).toBeVisible();
        checkSizes(opening, [await size()], screen, 'Chomp row numbers');
      });

      test(`sum page: after a few moves every game is drawn whole, nothing over it, labels keep their size`, async ({ page }) => {
        await page.goto(themed('/sum.html?chomp=3x4&grundy=8,5&nim=3,1&first=human&level=perfect', screen));
        const status = page.locator('#status:not([aria-busy="true"])');
        await expect(status).toContainText('Your turn');
        const sizes = () =>
          page.evaluate(() => ['.sum-card h2', '.sum-nimber', '.sum-heap-label'].map((s) => parseFloat(getComputedStyle(/** @type {Element} */ (document.querySelector(s))).fontSize)));
        const opening = await sizes();
        for (let move = 0; move < 3; move++) {
          const played = await page.locator('#moves li').count();
          await press(page.locator('#hint'), screen);
          await expect(page.locator('.sum-components .hinted').first()).toBeVisible();
          // On a touch screen a first tap shows the move, a second plays it.
          await press(page.locator('.sum-components .hinted').first(), screen, true);
          await expect(page.locator('#moves li')).toHaveCount(played + 2);
          await expect(status).toContainText('Your turn');
        }
        const where = ['.sum-bar', '.sum-heap', '.sum-tokens'];
        // The projector's lesson is seen at once; elsewhere the page scrolls to each game.
        const found = await drawings(page, where, { scroll: !screen.projector });
        checkDrawings(found, 'after three moves');
        if (screen.projector) expect(found[0].scrollY, 'the projector page scrolled').toBe(0);
        checkSizes(opening, await sizes(), screen, 'sum');
      });

      test(`both game elements on a host page: after moves, drawings whole, nothing over them, labels kept`, async ({ page }) => {
        await page.goto('/embed-demo.html');
        const grundy = 'grundy-game';
        const chomp = 'chomp-game[rows="4"]';
        await expect(page.locator(`${grundy} .status`)).toContainText('Your turn');
        await expect(page.locator(`${chomp} .status`)).toContainText('Your turn');
        const opening = await heapLabelSizes(page, grundy);
        const coords = () => page.locator(`${chomp} .coords-rows`).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
        const coordsOpening = await coords();
        for (let move = 0; move < 2; move++) await split(page, `${grundy} `, 'third', screen);
        for (const [row, col] of [[3, 5], [2, 6]]) {
          const square = page.locator(`${chomp} .cell[data-row="${row}"][data-col="${col}"][data-state="present"]`);
          if ((await square.count()) === 0) continue;
          await press(square, screen, true);
          await expect(page.locator(`${chomp} .status`)).toContainText(/Your turn|won|win/);
        }
        const found = await drawings(page, [[grundy, '.heaps-canvas'], [chomp, '.board-wrap']], { scroll: true });
        checkDrawings(found, 'after moves');
        if (scheme === 'dark') {
          // On the dark host page the elements are dark too: their buttons and drawings, not the light ones.
          const looks = await page.evaluate(() => {
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
          expect(looks.heapButton, 'a heap button’s ground').toBeLessThan(0.3);
          expect(looks.heapText, 'a heap button’s text').toBeGreaterThan(0.6);
          expect(looks.heapsGround, 'the heaps’ ground').toBeLessThan(0.3);
          expect(looks.restart, '<chomp-game>’s buttons').toBeLessThan(0.3);
          expect(looks.tray, '<chomp-game>’s tray').toBeLessThan(0.3);
        }
        // (The host page has no projector theme: the elements keep the host's sizes.)
        const host = { ...screen, projector: false };
        checkSizes(opening, await heapLabelSizes(page, grundy), host, '<grundy-game>');
        checkSizes([coordsOpening], [await coords()], host, '<chomp-game> row numbers');
      });
    });
  }
}
