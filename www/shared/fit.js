// Fits a game to the screen it is shown on. In a lesson the board, the
// status line and the game buttons must be seen together, without scrolling,
// on a laptop, a phone or a projector: the game's box is given the height the
// window leaves under the header (a CSS variable the stylesheets read), and
// the board takes what the status and the buttons leave in it. The status
// keeps a fixed height, so a longer sentence (a hint) never pushes the board
// down: its words shrink a little instead.

import { FrameTask } from './frame-task.js';

/** Room kept under the game's box, so its last buttons do not touch the window's edge (CSS pixels). */
const MARGIN = 8;

/**
 * Fits `box` (a column: status, board, buttons) into the height the window
 * leaves under it, and keeps it fitted when the window, the header, a notice
 * above it or one of its own parts changes size. What its other parts leave
 * goes to `grow` (the board's scroller): the stylesheet reads `--fit-room`
 * (the height the board may take) and `--fit-scroll` (the scroller's own
 * most), both set on `box`. Adds the class `fit` to <html>, which switches
 * the stylesheet's fitted layout on.
 * @param {HTMLElement} box the game's status, board and buttons
 * @param {HTMLElement} grow the part that takes the room left (the board's scroller)
 * @param {{ above?: (Element | null)[], least?: number }} [options]
 *   `above`: what sits above the box and may change size (header, notices);
 *   `least`: the smallest room given to the board (a tiny window scrolls
 *   rather than squeeze the board to nothing)
 */
export function fitToScreen(box, grow, { above = [], least = 96 } = {}) {
  document.documentElement.classList.add('fit');
  const update = () => {
    // From the top of the document, so a page scrolled down keeps its layout.
    const top = box.getBoundingClientRect().top + scrollY;
    const height = innerHeight - top - MARGIN;
    let others = 0;
    for (const child of box.children) {
      // A part not shown (display: none) takes no room, margins included.
      if (child === grow || !(child instanceof HTMLElement) || child.getClientRects().length === 0) continue;
      const style = getComputedStyle(child);
      others += child.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
    }
    const style = getComputedStyle(grow);
    const frame = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth', 'marginTop', 'marginBottom']
      .reduce((sum, name) => sum + parseFloat(style.getPropertyValue(name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`))), 0);
    const room = Math.max(least, Math.floor(height - others - frame));
    box.style.setProperty('--fit-room', `${room}px`);
    box.style.setProperty('--fit-scroll', `${room + frame}px`);
  };
  const observer = new ResizeObserver(update);
  for (const el of above) if (el) observer.observe(el);
  // A part shown or hidden (progress, the demo's bar, Play again on a new row of buttons).
  for (const child of box.children) if (child !== grow) observer.observe(child);
  addEventListener('resize', update);
  // The first fitting comes with the observer's first report, after the
  // page's first layout: measured now, in the middle of the page's start, it
  // laid the page out once more.
  return update;
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
