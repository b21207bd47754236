// The layout checks the specs share (layout.spec.mjs, after-moves.spec.mjs; axe.spec.mjs its light-then-dark run):
// boxes on screen, drawings seen whole with nothing over them, labels kept at
// their size. Each reads what it needs in one go in the page, so nothing it
// reads can have gone between two reads.
import { expect } from './fixture.mjs';

/** @typedef {import('@playwright/test').Page} Page */
/** @typedef {{ name: string, width: number, height: number, touch?: boolean, projector?: boolean }} Screen */
/** @typedef {{ left: number, top: number, right: number, bottom: number }} Edges */

/**
 * Fails when any of `selectors` is not shown wholly inside the window, or
 * when the page is scrolled; all boxes read at once, in the page. With
 * `until`, they are read at the first moment that element is shown and its
 * words match (a state that comes and goes is measured while it holds).
 * @param {Page} page @param {string[]} selectors @param {string} when
 * @param {{ selector: string, text: string }} [until] an element and a regular expression of its words
 */
export async function onScreen(page, selectors, when, until) {
  const read = await page.waitForFunction(
    ({ selectors, until }) => {
      const shown = (/** @type {Element | null} */ el) => !!el?.checkVisibility({ visibilityProperty: true });
      if (until) {
        const el = document.querySelector(until.selector);
        if (!shown(el) || !new RegExp(until.text).test(el?.textContent ?? '')) return null;
      }
      const boxes = selectors.map((selector) => {
        const el = document.querySelector(selector);
        if (!el || !shown(el)) return null;
        const r = el.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      });
      return { boxes, width: innerWidth, height: innerHeight, scrollY };
    },
    { selectors, until },
    { timeout: 20_000 },
  );
  const seen = /** @type {{ boxes: (Edges | null)[], width: number, height: number, scrollY: number }} */ (await read.jsonValue());
  // One assertion for all the boxes, listing each one off the window and
  // how far (as checkSizes does: an assertion costs the runner more than
  // the page's whole read).
  const off = selectors.flatMap((selector, i) => {
    const b = seen.boxes[i];
    return b ? edgesOff(b, seen).map((edge) => `${selector}: ${edge}`) : [`${selector}: not shown`];
  });
  expect.soft(off, `boxes off the ${seen.width}×${seen.height} window ${when}`).toEqual([]);
  expect(seen.scrollY, `the page scrolled ${when}`).toBe(0);
}

/**
 * The edges of `b` outside a window of `width` × `height` (`slack` pixels
 * allowed, half a pixel unless told), each with its position: `bottom 812 > 800`.
 * @param {Edges} b @param {{ width: number, height: number }} window @param {number} [slack] @returns {string[]}
 */
export function edgesOff(b, { width, height }, slack = 0.5) {
  const r = (/** @type {number} */ v) => Math.round(v * 10) / 10;
  return [
    ...(b.left >= -slack ? [] : [`left ${r(b.left)} < 0`]),
    ...(b.top >= -slack ? [] : [`top ${r(b.top)} < 0`]),
    ...(b.right <= width + slack ? [] : [`right ${r(b.right)} > ${width}`]),
    ...(b.bottom <= height + slack ? [] : [`bottom ${r(b.bottom)} > ${height}`]),
  ];
}

/**
 * Where a drawing is: a selector in the page, or one inside a game
 * element's shadow root ([host, inner]).
 * @typedef {string | [string, string]} Where
 */

/**
 * The geometry of the drawings `wheres`, measured in the page: for each, its
 * box, the part of it shown (clipped by the window and every box around it
 * that clips), the part its boxes alone leave shown (the window aside), the
 * nearest box that scrolls it, and the controls (buttons, fields, links
 * outside it) lying over its shown part.
 * @param {Page} page @param {Where[]} wheres @param {{ scroll?: boolean }} [options]
 *   `scroll`: bring each drawing into view first (a page that scrolls as a whole)
 */
export async function drawings(page, wheres, { scroll = false } = {}) {
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
        let boxed = { left: box.left, top: box.top, right: box.right, bottom: box.bottom };
        for (const a of clippers) {
          const r = a.getBoundingClientRect();
          boxed = meet(boxed, { left: r.left + a.clientLeft, top: r.top + a.clientTop, right: r.left + a.clientLeft + a.clientWidth, bottom: r.top + a.clientTop + a.clientHeight });
        }
        const clip = meet(boxed, { left: 0, top: 0, right: innerWidth, bottom: innerHeight });
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
          boxed,
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
 * inside the window; no control over any of them. Without `window`, only
 * the controls (a page that scrolls for a drawing taller than its screen).
 * @param {Awaited<ReturnType<typeof drawings>>} found @param {string} when @param {{ window?: boolean }} [options]
 */
export function checkDrawings(found, when, { window = true } = {}) {
  expect(found.length, `drawings ${when}`).toBeGreaterThan(0);
  // One assertion per rule for all the drawings, listing what breaks it.
  if (window) {
    const off = found.flatMap((d) => edgesOff(d.scroller ?? d.box, d.window).map((edge) => `${d.name}: ${edge}`));
    expect.soft(off, `drawings (or their scroll boxes) off the window ${when}`).toEqual([]);
  }
  const over = found.flatMap((d) => d.over.map((control) => `${d.name}: ${control}`));
  expect.soft(over, `controls over a drawing ${when}`).toEqual([]);
}

/**
 * Every drawing seen whole: no box around it (a scroll box above all) hides
 * any of it. With `window`, the window does not either.
 * @param {Awaited<ReturnType<typeof drawings>>} found @param {string} when @param {{ window?: boolean }} [options]
 */
export function checkWhole(found, when, { window = true } = {}) {
  const cut = found.flatMap((d) => {
    const shown = window ? d.clip : d.boxed;
    return /** @type {(keyof Edges)[]} */ (['left', 'top', 'right', 'bottom'])
      .map((edge) => [edge, Math.abs(shown[edge] - d.box[edge])])
      .filter(([, by]) => /** @type {number} */ (by) > 1)
      .map(([edge, by]) => `${d.name}: ${edge} by ${Math.round(/** @type {number} */ (by))} px`);
  });
  expect.soft(cut, `drawings cut ${when}${window ? ' (by their boxes or the window)' : ' by a box around them'}`).toEqual([]);
}

/**
 * The size of the labels of Grundy's drawing, in CSS pixels, read from where
 * the drawing wrote them: each label's width against the same words at 100 px.
 * @param {Page} page @param {string | null} element a <grundy-game>'s selector, or null for the page (opened with `debug=1`)
 */
export async function heapLabelSizes(page, element) {
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

/**
 * The sizes of the labels of Grundy's drawing (heapLabelSizes) once it has
 * written some: the status may say the game before the canvas has drawn it
 * (an opening read too early was empty, its largest label -Infinity px).
 * @param {Page} page @param {string | null} element
 */
export async function drawnLabelSizes(page, element) {
  /** @type {number[] | null} */
  let sizes = null;
  await expect
    .poll(async () => (sizes = await heapLabelSizes(page, element))?.length ?? 0, { message: 'the drawing has written its labels' })
    .toBeGreaterThan(0);
  return sizes;
}

/** Fails unless every size in `after` is within 20% of the opening's, and 20 px at least on a projector. @param {number[] | null} opening @param {number[] | null} after @param {{ projector?: boolean }} screen @param {string} what */
export function checkSizes(opening, after, screen, what) {
  if (!opening || !after) throw new Error(`${what}: the drawing does not say where it wrote its labels`);
  expect(after.length, `${what}: labels after the moves`).toBeGreaterThan(0);
  const first = Math.max(...opening);
  // One assertion per rule, listing every label that breaks it: a drawing
  // has dozens of labels, and an assertion each costs the test runner more
  // than the page's whole check.
  const changed = after.filter((size) => !(size / first > 0.8 && size / first < 1.2)).map((size) => `${size.toFixed(1)} px`);
  expect.soft(changed, `${what}: labels off the opening's size (${first.toFixed(1)} px) by a fifth or more`).toEqual([]);
  if (screen.projector) {
    const small = after.filter((size) => !(size >= 19.5)).map((size) => `${size.toFixed(1)} px`);
    expect.soft(small, `${what}: labels under 20 px on the projector`).toEqual([]);
  }
}

/**
 * Waits for the next frame to be laid out and painted: what the page does
 * at the next frame (a status line's words fitted, shared/fit.js) is done.
 * @param {Page} page
 */
export async function painted(page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Waits until the game's column is laid out and drawn for the window as it
 * is now (after a resize, a theme): the boxes of its parts and of its
 * drawings the same two frames running.
 * @param {Page} page
 */
export async function settled(page) {
  await page.evaluate(async () => {
    const sign = () =>
      JSON.stringify(
        [...document.querySelectorAll('#play-fit, #play-fit > *, #play-fit canvas, #board-wrap')].map((el) => {
          const r = el.getBoundingClientRect();
          return [r.left, r.top, r.width, r.height];
        }),
      );
    let last = '';
    for (let same = 0; same < 2; ) {
      await new Promise((frame) => requestAnimationFrame(frame));
      const now = sign();
      same = now === last ? same + 1 : 0;
      last = now;
    }
  });
}

/**
 * Runs `check` in the light scheme, then switches the page to dark, runs it
 * again and switches back: the dark scheme must draw the same boxes and pass
 * the same checks, on the same page after the same moves (no replay of them
 * in dark).
 * @param {Page} page @param {(scheme: 'light' | 'dark') => Promise<void>} check
 */
export async function lightThenDark(page, check) {
  await check('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await settled(page);
  await check('dark');
  await page.emulateMedia({ colorScheme: 'light' });
}
