// The progress bar of a long computation (a box solved, Grundy values):
// shown only when the work lasts, with a percentage, an estimate of the time
// left and a Cancel button.

import { t as pageT, num } from './i18n.js';

/** @typedef {import('./game-controller.js').Progress} Progress */
/** @typedef {{ box: HTMLElement, bar: HTMLProgressElement, text: HTMLElement, cancel: HTMLButtonElement }} ProgressNodes */

/** A slow computation shows its bar after this long; quick ones never flash it. */
const DELAY_MS = 200;
/** A search for a move shows its Cancel after this long: most answer well before. */
const SEARCH_DELAY_MS = 1000;

export class ProgressView {
  /**
   * @param {ProgressNodes} nodes @param {() => void} cancel
   * @param {{ label?: 'progress.label' | 'g.progress' | 'v.progress', start?: 'progress.start' | 'g.progressStart' | 'v.progressStart', tr?: () => import('./i18n.js').Translate }} [options]
   *   the words for "{total}: {percent}%", those before the first report (no count to say yet), and the language
   */
  constructor(nodes, cancel, { label = 'progress.label', start = 'progress.start', tr = () => pageT } = {}) {
    this.nodes = nodes;
    this.tr = tr;
    this.label = label;
    this.start = start;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.timer = null;
    this.busy = false;
    /** Ticks the seconds of a search, which reports no progress. @type {ReturnType<typeof setInterval> | null} */
    this.ticker = null;
    /** When the search followed began (0: none). */
    this.since = 0;
    nodes.cancel.addEventListener('click', cancel);
  }

  /**
   * Follows the computer's search for a move (or a hint) begun at `since`
   * (a performance.now() time; 0 when none): an open board's search reports
   * no progress, so after a second the bar turns indeterminate and counts
   * the seconds, with Cancel.
   * @param {number} since
   */
  searching(since) {
    if (since === this.since) return;
    this.since = since;
    if (this.ticker !== null) clearInterval(this.ticker);
    this.ticker = null;
    const { box, bar, text } = this.nodes;
    if (!since) {
      if (!this.busy) box.hidden = true;
      return;
    }
    const tick = () => {
      const ms = performance.now() - since;
      if (ms < SEARCH_DELAY_MS || this.busy) return;
      bar.removeAttribute('value');
      text.textContent = this.tr()('progress.thinking', { seconds: Math.floor(ms / 1000) });
      box.hidden = false;
    };
    this.ticker = setInterval(tick, 250);
  }

  /**
   * @param {boolean} busy whether the work goes on @param {Progress | null} p how far it is
   * @param {'progress.label' | 'g.progress' | 'v.progress' | 'progress.background'} [label] its words, when not the view's own
   */
  show(busy, p, label = this.label) {
    const { box, bar, text } = this.nodes;
    this.busy = busy;
    if (!busy) {
      if (this.timer !== null) clearTimeout(this.timer);
      this.timer = null;
      if (this.ticker === null) {
        box.hidden = true;
        bar.value = 0;
      }
      return;
    }
    if (box.hidden && this.timer === null) {
      this.timer = setTimeout(() => {
        this.timer = null;
        if (this.busy) box.hidden = false;
      }, DELAY_MS);
    }
    if (!p) {
      // Nothing counted yet (a table being built, a box not yet started): no "0 positions".
      bar.removeAttribute('value');
      text.textContent = this.tr()(this.start);
      return;
    }
    const percent = Math.floor((100 * p.done) / Math.max(1, p.total));
    bar.value = p.done / Math.max(1, p.total);
    const said = this.tr()(label, { percent, total: num(p.total) });
    text.textContent = p.seconds != null ? this.tr()('progress.eta', { label: said, seconds: p.seconds }) : said;
  }
}

/**
 * A page's progress bar, by the ids both game pages give it (#progress,
 * #progress-bar, #progress-text, #cancel).
 * @returns {ProgressNodes}
 */
export function pageProgressNodes() {
  const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
  return {
    box: $('progress'),
    bar: /** @type {HTMLProgressElement} */ ($('progress-bar')),
    text: $('progress-text'),
    cancel: /** @type {HTMLButtonElement} */ ($('cancel')),
  };
}
