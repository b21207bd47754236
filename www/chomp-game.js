// <chomp-game rows="5" cols="7" first="human" level="perfect" lang="fr">
// (and position="5,5,3" to start elsewhere than the full bar):
// Chomp for a math site's page, from one <script type="module">. The shadow
// DOM keeps the site's CSS out and ours in; each element has its own solver
// worker, so several games can share a page without waiting on each other.

import css from './chomp-game.css?inline';
import { translator, browserLang } from './i18n.js';
import { readUrl } from './url-params.js';
import { Game, fullBar } from './game.js';
import { BoardView } from './board-view.js';
import { BoardGrid } from './board-grid.js';
import { SolverClient, CancelledError, EXACT_LIMIT } from './solver-client.js';
import { sayLine, turnLine, lastMoveLines, refusal, problemLine, computerReply, hintFor } from './chomp-status.js';

/** @typedef {import('./game.js').Settings} Settings */
/** @typedef {import('./game.js').Move} Move */
/** @typedef {import('./chomp-status.js').Line} Line */
/** @typedef {import('./i18n.js').Lang} Lang */

const ATTRIBUTES = ['rows', 'cols', 'first', 'level', 'lang', 'position'];

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
    this.noticeEl = make('div', { class: 'notice', role: 'alert', part: 'notice' });
    this.noticeEl.hidden = true;
    this.statusEl = make('p', { class: 'status', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true', part: 'status' });
    this.wrap = make('div', { class: 'board-wrap', part: 'board' });
    const canvas = make('canvas', { 'aria-hidden': 'true' });
    const gridEl = make('div', { class: 'grid', role: 'grid' });
    this.wrap.append(canvas, gridEl);
    const scroll = make('div', { class: 'board-scroll' });
    scroll.append(this.wrap);
    this.buttons = {
      hint: make('button', { type: 'button', class: 'primary' }),
      undo: make('button', { type: 'button' }),
      restart: make('button', { type: 'button' }),
    };
    const controls = make('div', { class: 'controls', part: 'controls' });
    controls.append(this.buttons.hint, this.buttons.undo, this.buttons.restart);
    root.append(this.noticeEl, this.statusEl, scroll, controls);

    this.view = new BoardView(canvas);
    this.grid = new BoardGrid(gridEl, {
      onBite: (move) => this.onBite(move),
      onPreview: (move) => this.onPreview(move),
      t: (key, values) => this.t(key, values),
    });
    this.buttons.hint.addEventListener('click', () => void this.showHint());
    this.buttons.undo.addEventListener('click', () => {
      this.turn++;
      this.game?.undo();
      this.afterMove();
    });
    this.buttons.restart.addEventListener('click', () => {
      this.turn++;
      this.game?.restart();
      this.afterMove();
    });

    /** @type {SolverClient | null} */
    this.solver = null;
    /** @type {Settings} */
    this.settings = readUrl('').settings;
    /** @type {Game | null} */
    this.game = null;
    this.solving = false;
    /** @type {Move[]} */
    this.hints = [];
    /** @type {Move | null} */
    this.preview = null;
    /** @type {Line[]} */
    this.status = [];
    /** @type {Line[]} */
    this.notices = [];
    this.t = translator('en');
    /** Bumped whenever a pending computer move must be dropped. */
    this.turn = 0;
    /** Bumped by every new game, so a superseded start stops where it is. */
    this.start = 0;
    this.restartQueued = false;
    /** The box the worker has solved ('' while none): other settings on it need no new solve. */
    this.solvedBox = '';
  }

  connectedCallback() {
    // Moved within the page (removed and inserted in one go): same game, same worker.
    if (this.solver) return;
    this.solver = new SolverClient();
    this.queueStart();
  }

  disconnectedCallback() {
    queueMicrotask(() => {
      if (this.isConnected || !this.solver) return;
      // Removed for good: no worker (and solved table) may outlive it.
      this.start++;
      this.turn++;
      this.solving = false;
      this.solvedBox = '';
      this.game = null;
      this.solver.close();
      this.solver = null;
    });
  }

  /** @param {string} name @param {string | null} old @param {string | null} value */
  attributeChangedCallback(name, old, value) {
    if (old === value || !this.isConnected || !this.solver) return;
    // Another language is only other words: the game and its solved box stay.
    if (name === 'lang' && !this.restartQueued) this.retranslate();
    else this.queueStart();
  }

  retranslate() {
    const { settings, lang, problems } = this.readAttributes();
    this.t = translator(lang);
    this.notices = problems.map((p) => problemLine(p, this.t, settings, lang, 'embed.badAttribute'));
    this.buttons.hint.textContent = this.t('controls.hint');
    this.buttons.undo.textContent = this.t('controls.undo');
    this.buttons.restart.textContent = this.t('controls.restart');
    this.setStatus(this.status);
    this.render();
  }

  /** Several attributes set in a row start one game, not one per attribute. */
  queueStart() {
    if (this.restartQueued) return;
    this.restartQueued = true;
    queueMicrotask(() => {
      this.restartQueued = false;
      if (this.isConnected) void this.newGame();
    });
  }

  /** Settings from the attributes, checked by the same rules as the page's URL. */
  readAttributes() {
    const params = new URLSearchParams();
    for (const name of ATTRIBUTES) {
      const value = this.getAttribute(name);
      if (value !== null) params.set(name, value);
    }
    const read = readUrl(params.toString());
    // Without its own lang, the game speaks the language of the text around it.
    const around = this.closest('[lang]')?.getAttribute('lang')?.slice(0, 2).toLowerCase();
    /** @type {Lang} */
    const lang = read.lang ?? (around === 'fr' || around === 'en' ? around : browserLang());
    return { ...read, lang };
  }

  async newGame() {
    const token = ++this.start;
    const solver = this.solver;
    if (!solver) return;
    if (this.solving) solver.cancel();
    const { settings, position } = this.readAttributes();
    this.turn++;
    this.settings = settings;
    this.game = null;
    this.hints = [];
    this.preview = null;
    this.wrap.style.setProperty('--rows', String(settings.rows));
    this.wrap.style.setProperty('--cols', String(settings.cols));
    this.grid.build(settings.rows, settings.cols);
    const box = `${settings.rows}×${settings.cols}`;
    if (box === this.solvedBox) {
      // Another opening or opponent on the same box: its solved table serves.
      this.game = new Game(settings, position ?? undefined);
      this.retranslate();
      this.afterMove();
      return;
    }
    this.solvedBox = '';
    this.solving = true;
    this.status = [['status.solving', { rows: settings.rows, cols: settings.cols }]];
    this.retranslate();
    try {
      await solver.solve(
        settings.rows,
        settings.cols,
        (done, total) => {
          const percent = Math.floor((100 * done) / total);
          this.statusEl.textContent = this.t('progress.label', { rows: settings.rows, cols: settings.cols, percent });
        },
        EXACT_LIMIT,
      );
    } catch (err) {
      if (token !== this.start) return;
      this.solving = false;
      this.render();
      if (!(err instanceof CancelledError)) {
        this.setStatus([['status.solveFailed', { message: err instanceof Error ? err.message : String(err) }]]);
      }
      return;
    }
    if (token !== this.start) return;
    this.solving = false;
    this.solvedBox = box;
    this.game = new Game(settings, position ?? undefined);
    this.afterMove();
  }

  /** @param {Line[]} lines */
  setStatus(lines) {
    this.status = lines;
    this.statusEl.textContent = lines.map((line) => sayLine(line, this.t)).join(' ');
  }

  render() {
    const { settings, game } = this;
    const rows = game ? game.rows : fullBar(settings.rows, settings.cols);
    const previous = game && game.index > 0 ? game.history[game.index - 1].rows : null;
    this.view.show({ boxRows: settings.rows, boxCols: settings.cols, rows, previous, preview: this.preview, hints: this.hints });
    this.grid.update(rows, this.hints);
    const idle = !!game && !this.solving;
    this.buttons.hint.disabled = !idle || !!game?.over || !!game?.computerToMove;
    this.buttons.undo.disabled = !idle || game?.undoTarget() === null;
    this.buttons.restart.disabled = !idle;
    this.noticeEl.hidden = this.notices.length === 0;
    this.noticeEl.replaceChildren(
      ...this.notices.map((line) => {
        const p = document.createElement('p');
        p.textContent = sayLine(line, this.t);
        return p;
      }),
    );
  }

  afterMove() {
    const game = this.game;
    if (!game) return;
    this.hints = [];
    this.preview = null;
    this.render();
    this.setStatus([...lastMoveLines(game), turnLine(game)]);
    void this.computerTurn();
  }

  async computerTurn() {
    const game = this.game;
    const solver = this.solver;
    if (!game || !solver || !game.computerToMove) return;
    const turn = ++this.turn;
    const move = await computerReply(solver, game, () => turn === this.turn && this.game === game);
    if (!move) return;
    game.play({ row: move.row, col: move.col });
    this.afterMove();
  }

  /** @param {Move} move */
  onBite(move) {
    const game = this.game;
    const refused = refusal(game, this.solving, move);
    if (refused) return this.setStatus(refused);
    /** @type {Game} */ (game).play(move);
    this.afterMove();
  }

  /** @param {Move | null} move */
  onPreview(move) {
    const game = this.game;
    const same = move && this.preview && move.row === this.preview.row && move.col === this.preview.col;
    if (same || (!move && !this.preview)) return;
    this.preview = move && game && !game.over && !refusal(game, false, move) ? move : null;
    this.render();
  }

  async showHint() {
    const game = this.game;
    const solver = this.solver;
    if (!game || !solver || game.over) return;
    const hint = await hintFor(solver, game);
    if (!hint || this.game !== game) return;
    this.hints = hint.hints;
    this.setStatus([hint.line, turnLine(game)]);
    this.render();
  }
}

if (!customElements.get('chomp-game')) customElements.define('chomp-game', ChompGameElement);
