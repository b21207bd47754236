// Fits a game to the screen it is shown on. In a lesson the board, the
// status line and the game buttons must be seen together, without scrolling,
// on a laptop or a projector: the game's box is given the height the window
// leaves under the header (a CSS variable the stylesheets read), and the
// drawing is drawn in what the status and the buttons leave in it (smaller
// squares and shorter matches, down to a legible least) rather than cut by
// a scrolling box. A phone keeps squares a finger can hit and may scroll
// the page for them, never the drawing inside its box. The status
// keeps a fixed height, so a longer sentence (a hint) never pushes the board
// down: its words shrink a little instead.

import { FrameTask } from './frame-task.js';

/** Room kept under the game's box (and the move list beside it: record-view.js), so its last buttons do not touch the window's edge (CSS pixels). */
export const MARGIN = 8;

/**
 * The room a fitted game gives its drawing (CSS pixels).
 * @typedef {object} Room
 * @property {number} room the height under the header, the status and the buttons taking theirs
 * @property {number} screen the most the drawing may take: `room`, or on a phone (which may
 *   scroll the page) a whole screen's height, the header scrolled away
 * @property {number} width the drawing's box's inner width
 */

/**
 * Fits `box` (a column: status, drawing, buttons) into the height the window
 * leaves under it, and keeps it fitted when the window, the header, a notice
 * above it or one of its own parts changes size. What its other parts leave
 * goes to `grow` (the drawing's box): the stylesheet reads `--fit-room` (the
 * height the drawing may take) and `--fit-scroll` (the most the box takes,
 * where a drawing too long to be seen whole scrolls), both set on `box`, and
 * `onFit` is told, so the drawing is drawn for its room (smaller squares,
 * shorter matches) instead of being cut by its box. Adds the class `fit` to
 * <html>, which switches the stylesheet's fitted layout on. Returns the
 * fitting, to be done at once when the drawing's own parts changed.
 * @param {HTMLElement} box the game's status, drawing and buttons
 * @param {HTMLElement} grow the part that takes the room left (the drawing's box)
 * @param {{ above?: (Element | null)[], least?: number, onFit?: (room: Room) => void }} [options]
 *   `above`: what sits above the box and may change size (header, notices);
 *   `least`: the smallest room given to the drawing (a tiny window scrolls
 *   rather than squeeze it to nothing); `onFit`: told each new room
 */
export function fitToScreen(box, grow, { above = [], least = 96, onFit } = {}) {
  document.documentElement.classList.add('fit');
  const phone = matchMedia('(max-width: 600px)');
  /** The drawing's box's inner width. */
  const across = () => {
    const style = getComputedStyle(grow);
    return grow.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  };
  let width = -1;
  const update = () => {
    // From the top of the document, so a page scrolled down keeps its layout.
    const top = box.getBoundingClientRect().top + scrollY;
    let others = 0;
    for (const child of box.children) {
      // A part not shown (display: none) takes no room, margins included.
      if (child === grow || !(child instanceof HTMLElement) || child.getClientRects().length === 0) continue;
      const style = getComputedStyle(child);
      others += child.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
    }
    const style = getComputedStyle(grow);
    const frame = ['padding-top', 'padding-bottom', 'border-top-width', 'border-bottom-width', 'margin-top', 'margin-bottom']
      .reduce((sum, name) => sum + parseFloat(style.getPropertyValue(name)), 0);
    const below = innerHeight - MARGIN - others - frame;
    const room = Math.max(least, Math.floor(below - top));
    const screen = phone.matches ? Math.max(room, Math.floor(below)) : room;
    width = across();
    box.style.setProperty('--fit-room', `${room}px`);
    box.style.setProperty('--fit-scroll', `${room + frame}px`);
    onFit?.({ room, screen, width });
  };
  const observer = new ResizeObserver(update);
  for (const el of above) if (el) observer.observe(el);
  // A part shown or hidden (the demo's bar, Play again on a new row of buttons).
  for (const child of box.children) if (child !== grow) observer.observe(child);
  // A part hidden is fitted at once too: WebKitGTK tells the observer of a
  // part gone (display: none) only at a later rendering, so the drawing
  // kept the part's room for 0.3 to 1.4 s (the Chomp board small, Hint
  // and the buttons up, after the table's progress bar went). Measured when
  // the task that hid it ends, with whatever else it changed; not before
  // the first fitting (see below), nor when a view only set it again.
  /** @type {Map<HTMLElement, boolean>} */
  const parts = new Map();
  for (const child of box.children) if (child !== grow && child instanceof HTMLElement) parts.set(child, child.hidden);
  const toggled = new MutationObserver(() => {
    let changed = false;
    for (const [part, hidden] of parts) {
      changed ||= part.hidden !== hidden;
      parts.set(part, part.hidden);
    }
    if (changed && width >= 0) update();
  });
  for (const part of parts.keys()) toggled.observe(part, { attributes: true, attributeFilter: ['hidden'] });
  // The drawing's box narrowed (the column, the row numbers' room), not the
  // drawing grown in it: its height is the drawing's own.
  new ResizeObserver(() => {
    if (across() !== width) update();
  }).observe(grow);
  addEventListener('resize', update);
  // The first fitting comes with the observer's first report, after the
  // page's first layout: measured now, in the middle of the page's start, it
  // laid the page out once more.
  return update;
}

/**
 * The side of a Chomp board's squares in the room a fitted page gives it,
 * and whether the board is too long to be seen whole (it scrolls in its own
 * box then: a 1000×3 bar). Seen whole when its squares can be `least` at
 * least (a finger's `finger` on a touch screen, or the width's share when
 * narrower, down to `least`): under the header where they fit, else, on a
 * phone, in a whole screen, the page scrolled. A board too long scrolls with
 * squares a finger can hit.
 * @param {{ rows: number, cols: number }} board
 * @param {Room} room
 * @param {{ least: number, finger: number, touch: boolean }} sizes CSS pixels
 * @returns {{ side: number, scrolls: boolean }}
 */
export function squareSide({ rows, cols }, { room, screen, width }, { least, finger, touch }) {
  // Quarter pixels, rounded down: the board never passes its room by a rounding.
  const quarter = (/** @type {number} */ n) => Math.floor(n * 4) / 4;
  const across = width / cols;
  const floor = touch ? Math.min(finger, Math.max(least, across)) : least;
  const under = Math.min(across, room / rows);
  if (under >= floor) return { side: quarter(under), scrolls: false };
  const tall = Math.min(across, screen / rows);
  if (tall >= floor) return { side: quarter(tall), scrolls: false };
  return { side: quarter(Math.min(finger, Math.max(least, across, room / rows))), scrolls: true };
}

/** The smallest share of their size a line's words shrink to. */
const LEAST = 0.6;

/** Lines whose words are fitted at the next frame, with the least size of each. @type {Map<HTMLElement, number>} */
const unfitted = new Map();

const fitting = new FrameTask(() => {
  const lines = [...unfitted];
  unfitted.clear();
  for (const [el, least] of lines) fitNow(el, least);
});

/**
 * Shrinks the words of a fixed-height line until they fit it (down to
 * `least` of their size; past that the line scrolls), at the next frame:
 * by then the rest of the change is written, and the page is laid out once
 * for all of it (measured at once, a new game's first status laid the page
 * out an extra time, a tenth of a slow device's start). The frame's paint
 * comes after, so the words are never seen unfitted.
 * @param {HTMLElement} el @param {number} [least]
 */
export function fitText(el, least = LEAST) {
  unfitted.set(el, least);
  fitting.request();
}

/** fitText, measured now (the page already laid out: a resize). @param {HTMLElement} el @param {number} least */
function fitNow(el, least) {
  el.style.removeProperty('--fit-font');
  if (el.clientHeight === 0) return;
  let scale = 1;
  while (el.scrollHeight > el.clientHeight + 1 && scale > least + 0.001) {
    scale = Math.round((scale - 0.08) * 100) / 100;
    el.style.setProperty('--fit-font', String(scale));
  }
}

/**
 * Writes a fixed-height line (the status) and fits its words, when they
 * changed: the same words need no new fitting.
 * @param {HTMLElement} el @param {string} text
 */
export function setFittedText(el, text) {
  if (el.textContent === text) return;
  el.textContent = text;
  fitText(el);
}

/**
 * Keeps `el`'s words fitted to its fixed height while its box changes size
 * (its text changes are the caller's to report with fitText).
 * @param {HTMLElement} el
 */
export function keepTextFitted(el) {
  let width = 0;
  new ResizeObserver(([entry]) => {
    // Only a new width changes how the words wrap (the height is fixed).
    const w = Math.round(entry.contentRect.width);
    if (w === width) return;
    width = w;
    fitNow(el, unfitted.get(el) ?? LEAST);
  }).observe(el);
}

/**
 * Keeps a title on one line while it can: its words set smaller, down to
 * `least` of their size (the stylesheet reads `--title-fit`), else wrapped.
 * A heap game's name with its play (as it first read: "Allumettes, prendre
 * 1 à 3 (version misère)") took three lines at 1280×720 and pushed the game
 * 113 px down.
 * Fitted again when the title's width changes; returns the fitting, to be
 * done when its words change.
 * @param {HTMLElement} el @param {number} [least]
 * @returns {() => void}
 */
export function keepOnOneLine(el, least = 0.65) {
  const lines = () => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  };
  const fit = () => {
    el.style.removeProperty('--title-fit');
    let scale = 1;
    while (lines() > 1 && scale > least + 0.001) {
      scale = Math.round((scale - 0.05) * 100) / 100;
      el.style.setProperty('--title-fit', String(scale));
    }
  };
  let width = -1;
  new ResizeObserver(() => {
    // Only a new width changes how the words wrap (a smaller size changes the height).
    if (el.clientWidth === width) return;
    width = el.clientWidth;
    fit();
  }).observe(el);
  return fit;
}
