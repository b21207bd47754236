// <chomp-game rows="5" cols="7" first="human" level="perfect" lang="fr">
// (and position="5,5,3" to start elsewhere than the full bar, reveal="moves"
// to limit what the analysis board and the hint tell, no-hint and
// no-settings to leave out the Hint button or the analysis board and its
// editor; `move` and `gameover` events tell the host page what happens):
// Chomp for a math site's page, from one <script type="module">. A thin
// shell around the same controller and panel as the page; the shadow DOM
// keeps the site's CSS out and ours in, and each element has its own worker,
// so several games can share a page without waiting on each other.

import css from './element.css?inline';
import { translator, browserLang } from '../shared/i18n.js';
import { readDisplay } from '../shared/url.js';
import { ChompController } from './controller.js';
import { ChompPanel } from './panel.js';
import { problemLine } from './status.js';
import { sendGameEvents } from '../shared/game-events.js';

/** @typedef {import('../shared/i18n.js').Lang} Lang */

/** The attributes the game reads; the session checks them like a URL's parameters. */
const GAME_ATTRIBUTES = ['rows', 'cols', 'first', 'level', 'position', 'reveal'];
const ATTRIBUTES = [...GAME_ATTRIBUTES, 'lang'];

/** One stylesheet object for every element: adopted, so no inline <style> meets the site's CSP. */
let sharedSheet = /** @type {CSSStyleSheet | null} */ (null);
function sheet() {
  if (!sharedSheet) {
    sharedSheet = new CSSStyleSheet();
    sharedSheet.replaceSync(css);
  }
  return sharedSheet;
}

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {Record<string, string>} [attrs] @returns {HTMLElementTagNameMap[K]}
 */
function make(tag, attrs = {}) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

export class ChompGameElement extends HTMLElement {
  static observedAttributes = ATTRIBUTES;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [sheet()];
    const notice = make('div', { class: 'notice', role: 'alert', part: 'notice' });
    notice.hidden = true;
    const status = make('p', { class: 'status', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true', part: 'status' });
    const wrap = make('div', { class: 'board-wrap', part: 'board' });
    const canvas = make('canvas', { 'aria-hidden': 'true' });
    const grid = make('div', { class: 'grid', role: 'grid' });
    wrap.append(canvas, grid);
    const scroll = make('div', { class: 'board-scroll' });
    scroll.append(wrap);
    this.buttons = {
      hint: make('button', { type: 'button', class: 'primary', part: 'hint' }),
      undo: make('button', { type: 'button' }),
      redo: make('button', { type: 'button' }),
      restart: make('button', { type: 'button' }),
    };
    const controls = make('div', { class: 'controls', part: 'controls' });
    controls.append(this.buttons.hint, this.buttons.undo, this.buttons.redo, this.buttons.restart);
    // The analysis board, folded away until asked for.
    this.analysisBox = make('details', { class: 'analysis-box', part: 'analysis' });
    this.analysisSummary = make('summary');
    const analysis = make('div');
    this.analysisBox.append(this.analysisSummary, analysis);
    root.append(notice, status, scroll, controls, this.analysisBox);
    this.nodes = { status, notice, wrap, canvas, grid, buttons: this.buttons, controls, analysis };
    /** @type {ChompController | null} */
    this.game = null;
    this.t = translator('en');
    this.restartQueued = false;
    /** The notices of the last start (bad game attributes), without the language's. */
    /** @type {import('../shared/i18n.js').Line[]} */
    this.startNotices = [];
  }

  connectedCallback() {
    // Moved within the page (removed and inserted in one go): same game, same worker.
    if (this.game) return;
    this.game = new ChompController('embed.badAttribute');
    const panel = new ChompPanel(this.game, this.nodes, () => this.t);
    panel.analysis.editButton.setAttribute('part', 'edit');
    sendGameEvents(this.game, this, (m) => ({ row: m.row, col: m.col }));
    this.queueStart();
  }

  disconnectedCallback() {
    queueMicrotask(() => {
      if (this.isConnected || !this.game) return;
      // Removed for good: no worker (and solved table) may outlive it.
      this.game.close();
      this.game = null;
    });
  }

  /** @param {string} name @param {string | null} old @param {string | null} value */
  attributeChangedCallback(name, old, value) {
    if (old === value || !this.isConnected || !this.game) return;
    // Another language is only other words: the game and its solved box stay.
    if (name === 'lang' && !this.restartQueued) this.retranslate();
    else this.queueStart();
  }

  /** The language: its own `lang`, else the text's around it, else the browser's. */
  language() {
    const around = this.closest('[lang]')?.getAttribute('lang')?.slice(0, 2).toLowerCase();
    /** @type {Lang} */
    const fallback = around === 'fr' || around === 'en' ? around : browserLang();
    const params = new URLSearchParams();
    const own = this.getAttribute('lang');
    if (own !== null) params.set('lang', own);
    return readDisplay(params, fallback);
  }

  retranslate() {
    const { lang, problems } = this.language();
    this.t = translator(lang);
    this.buttons.hint.textContent = this.t('controls.hint');
    this.buttons.undo.textContent = this.t('controls.undo');
    this.buttons.redo.textContent = this.t('controls.redo');
    this.buttons.restart.textContent = this.t('controls.restart');
    this.analysisSummary.textContent = this.t('an.title');
    const game = this.game;
    if (!game) return;
    const snap = game.snap;
    const own = snap ? problems.map((p) => problemLine(p, snap, 'embed.badAttribute')) : [];
    game.notices = [...this.startNotices, ...own];
    game.changed();
  }

  /** Several attributes set in a row start one game, not one per attribute. */
  queueStart() {
    if (this.restartQueued) return;
    this.restartQueued = true;
    queueMicrotask(async () => {
      this.restartQueued = false;
      if (!this.isConnected || !this.game) return;
      this.retranslate();
      /** @type {[string, string][]} */
      const pairs = [];
      for (const name of GAME_ATTRIBUTES) {
        const value = this.getAttribute(name);
        if (value !== null) pairs.push([name, value]);
      }
      await this.game.start(pairs);
      this.startNotices = this.game?.notices ?? [];
      this.retranslate();
    });
  }
}

if (!customElements.get('chomp-game')) customElements.define('chomp-game', ChompGameElement);
