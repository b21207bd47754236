// What <chomp-game> and <grundy-game> share: a custom element around one
// game controller, in its own shadow root (the site's CSS stays out, ours in)
// with its own worker. Its attributes are the game's settings, read by the
// Rust session like a URL's parameters; `lang` only changes the words. It
// keeps its game when moved in the page, ends its worker when removed, and
// tells the host page each move and the winner (game-events.js).

import { translator, browserLang } from './i18n.js';
import { readDisplay } from './url.js';
import { sendGameEvents } from './game-events.js';
import { onThemeChange } from './palette.js';

/** @typedef {import('./i18n.js').Lang} Lang */
/** @typedef {import('./i18n.js').Translate} Translate */

/** One stylesheet object per element class: adopted, so no inline <style> meets the site's CSP. */
const sheets = new Map();
/** @param {string} css */
function sheet(css) {
  let found = sheets.get(css);
  if (!found) {
    found = new CSSStyleSheet();
    found.replaceSync(css);
    sheets.set(css, found);
  }
  return found;
}

/** A 1×1 canvas that turns any CSS colour into sRGB bytes. @type {CanvasRenderingContext2D | null} */
let probe = null;

/** The relative luminance (0 black to 1 white) of a CSS colour. @param {string} color */
function luminance(color) {
  probe ??= /** @type {CanvasRenderingContext2D} */ (
    Object.assign(document.createElement('canvas'), { width: 1, height: 1 }).getContext('2d', { willReadFrequently: true })
  );
  probe.clearRect(0, 0, 1, 1);
  probe.fillStyle = color;
  probe.fillRect(0, 0, 1, 1);
  const [r, g, b] = [...probe.getImageData(0, 0, 1, 1).data].map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Whether the page around a game element is dark: its `color-scheme` when
 * it declares one (dark alone, or light alone), else its text's colour
 * (light text is written on a dark page: a host's `.dark` class, or its
 * own dark preference).
 * @param {Element} around the element's parent
 */
export function darkAround(around) {
  const style = getComputedStyle(around);
  const scheme = style.colorScheme.split(/\s+/);
  const light = scheme.includes('light');
  const dark = scheme.includes('dark');
  if (light !== dark) return dark;
  return luminance(style.color) > 0.4;
}

/** How long an element's first game waits for the one before it, at most. */
const TURN_MAX_MS = 1500;
/** The first game of the element that last took its turn: the next one waits for it. @type {Promise<unknown>} */
let lastTurn = Promise.resolve();

/**
 * A turn for an element's first game: it starts once the game of the element
 * before it on the page is on its board (or TURN_MAX_MS have passed, so a
 * long one does not hold the rest up). Games that start together share a
 * slow device's cores and are all late: one after another, the first one a
 * reader sees is ready sooner, and their workers are not all compiling at
 * once. Call `done` when this game is on its board, or will not be.
 * @returns {{ ready: Promise<unknown>, done: () => void }}
 */
function takeTurn() {
  const before = lastTurn;
  /** @type {() => void} */
  let done = () => {};
  lastTurn = new Promise((resolve) => (done = () => resolve(null)));
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const ready = Promise.race([before, new Promise((resolve) => (timer = setTimeout(resolve, TURN_MAX_MS)))]).finally(() => clearTimeout(timer));
  return { ready, done };
}

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {Record<string, string>} [attrs] @returns {HTMLElementTagNameMap[K]}
 */
export function make(tag, attrs = {}) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

/**
 * @template {import('./game-controller.js').BaseSnapshot & { moves: { by: 1 | 2 }[], vs_computer: boolean,
 *   winner: 1 | 2 | null, record_line: string }} S
 */
export class GameElement extends HTMLElement {
  /**
   * @param {string} css the element's stylesheet
   * @param {string[]} gameAttributes the attributes that start a new game
   */
  constructor(css, gameAttributes) {
    super();
    this.gameAttributes = gameAttributes;
    this.root = this.attachShadow({ mode: 'open' });
    this.root.adoptedStyleSheets = [sheet(css)];
    // The element's colour scheme follows its host page's (element-base.css reads the state).
    this.internals = this.attachInternals();
    onThemeChange(() => this.followScheme());
    /** @type {import('./game-controller.js').GameController<S> | null} */
    this.game = null;
    this.t = translator('en');
    this.restartQueued = false;
    /** The notices of the last start (bad game attributes), without the language's. */
    /** @type {import('./i18n.js').Line[]} */
    this.startNotices = [];
    /** The progress bar's Cancel, when the element has one. @type {HTMLButtonElement | null} */
    this.cancelButton = null;
    /** The turn of the element's first game among the page's (null once it has started). */
    /** @type {{ ready: Promise<unknown>, done: () => void } | null} */
    this.turn = null;
    this.firstStarted = false;
    /** The host set `reveal` since the last start: the level shown is its new one, not the person's choice. */
    this.revealSet = false;
  }

  /**
   * The notice box and the status line every game element starts with.
   * @returns {{ notice: HTMLDivElement, status: HTMLParagraphElement }}
   */
  statusNodes() {
    const notice = make('div', { class: 'notice', role: 'alert', part: 'notice' });
    notice.hidden = true;
    const status = make('p', { class: 'status', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true', part: 'status' });
    return { notice, status };
  }

  /**
   * A long computation's progress bar with its Cancel button (hidden until
   * the work lasts), as the pages have; its words follow the language.
   * @returns {import('./progress.js').ProgressNodes}
   */
  progressNodes() {
    const box = make('div', { class: 'progress', part: 'progress' });
    box.hidden = true;
    const nodes = {
      box,
      text: make('label', { for: 'progress-bar' }),
      bar: make('progress', { id: 'progress-bar', max: '1', value: '0' }),
      cancel: make('button', { type: 'button' }),
    };
    box.append(nodes.text, nodes.bar, nodes.cancel);
    this.cancelButton = nodes.cancel;
    return nodes;
  }

  /**
   * The game's controller and its panel, made when the element enters a page.
   * @returns {import('./game-controller.js').GameController<S>}
   */
  createGame() {
    throw new Error('each game element makes its own controller');
  }

  /**
   * The fields of a move in the `move` event's detail.
   * @param {S['moves'][number]} move @returns {Record<string, number>}
   */
  moveFields(move) {
    void move;
    return {};
  }

  /** Writes the element's own words (its buttons) in the language `t`. @param {Translate} t */
  translateWords(t) {
    void t;
  }

  /**
   * Takes the host page's colour scheme, light or dark (the custom states
   * `light` and `dark`, which set the element's `color-scheme`); its own
   * colours (the --game-* properties' defaults) and its drawings follow it.
   */
  followScheme() {
    const root = this.getRootNode();
    const around = this.parentElement ?? (root instanceof ShadowRoot ? root.host : null);
    if (!this.isConnected || !around) return;
    const dark = darkAround(around);
    this.internals.states.delete(dark ? 'light' : 'dark');
    this.internals.states.add(dark ? 'dark' : 'light');
  }

  connectedCallback() {
    this.followScheme();
    // Moved within the page (removed and inserted in one go): same game, same worker.
    if (this.game) return;
    this.game = this.createGame();
    sendGameEvents(this.game, this, (m) => this.moveFields(m));
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
    else {
      if (name === 'reveal') this.revealSet = true;
      this.queueStart();
    }
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
    if (this.cancelButton) this.cancelButton.textContent = this.t('progress.cancel');
    this.translateWords(this.t);
    const game = this.game;
    if (!game) return;
    const snap = game.snap;
    const own = snap ? problems.map((p) => game.lines.problem(p, snap, 'embed.badAttribute')) : [];
    game.notices = [...this.startNotices, ...own];
    game.changed();
  }

  /** Several attributes set in a row start one game, not one per attribute. */
  queueStart() {
    if (this.restartQueued) return;
    this.restartQueued = true;
    // The first game takes its turn among the page's (taken once, in the order the elements entered the page).
    if (!this.firstStarted && !this.turn) this.turn = takeTurn();
    queueMicrotask(async () => {
      this.restartQueued = false;
      if (!this.isConnected || !this.game) return this.turn?.done();
      const turn = this.turn;
      // Waiting for its turn, a game says it is being prepared, as while it starts.
      if (turn && !this.game.snap) this.game.status = [this.game.solvingLine()];
      this.retranslate();
      if (turn) {
        await turn.ready;
        if (!this.isConnected || !this.game) return turn.done();
      }
      /** @type {[string, string][]} */
      const pairs = [];
      for (const name of this.gameAttributes) {
        const value = this.getAttribute(name);
        if (value !== null) pairs.push([name, value]);
      }
      // The new game shows what the person chose to see, as the page's new game does.
      const kept = this.revealSet ? [] : this.game.keptShown();
      this.revealSet = false;
      try {
        await this.game.start([...pairs, ...kept]);
      } finally {
        if (turn) {
          this.turn = null;
          this.firstStarted = true;
          turn.done();
        }
      }
      this.startNotices = this.game?.notices ?? [];
      this.retranslate();
    });
  }
}
