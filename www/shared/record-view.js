// The game record, the same for every game (Chomp, Grundy's game, sums of
// games) and in the page and the <chomp-game> element: the move list (each
// move with who played it and its mark, a click goes back to it), the
// value-history chart, and, for a game whose record reads back, the record
// as one line of text to copy, to paste back, or as a link. It only shows
// what the session's snapshots say and turns clicks into the controller's
// calls.
//
// The keyboard steps through the game as on an analysis board: in the move
// list ← and ↑ go one move back, → and ↓ one forward, Home to the start and
// End to the last move, the focus following the move shown; from the board
// (where plain arrows move between squares) the same with Shift
// (boardKey, which the panels wire). A jump is the session's: on the
// computer's turn it waits.

import { MARGIN } from './fit.js';
import { FrameTask } from './frame-task.js';
import { Sharer } from './share.js';
import { ValueChart } from './value-chart.js';

/** @typedef {import('./i18n.js').Translate} Translate */
/** @typedef {import('./i18n.js').Line} Line */
/** @typedef {import('../pkg/impartial.js').ValuePoint} ValuePoint */
/**
 * One move of the list.
 * @typedef {object} RecordItem
 * @property {Line} move what was played, in words
 * @property {1 | 2} by who played it
 * @property {import('../pkg/impartial.js').Mark | null} mark
 * @property {number | null} delta moves slower (a win) or shorter (a resistance) than the best
 * @property {boolean} [winning] whether it kept (or took) the win, when the mark says nothing
 * @property {'book' | 'search' | null} [source] where a computer's move came from before an exact table was ready
 */
/**
 * What the record shows.
 * @typedef {object} RecordState
 * @property {RecordItem[]} items the game line: the moves on the board, then those undone
 * @property {number} cursor moves on the board
 * @property {ValuePoint[]} history the value of each position of the line
 * @property {1 | 2} first who moved first
 * @property {(player: 1 | 2) => string} name a player's name
 * @property {string} [line] the record on one line (for the record's field: a game that has one)
 * @property {boolean} busy a start or solve is running: nothing to click yet
 */

let fieldCount = 0;

/** @typedef {'back' | 'forward' | 'start' | 'end'} Step */

/** The move list's keys (with or without Shift). @type {Record<string, Step>} */
const LIST_KEYS = { ArrowLeft: 'back', ArrowUp: 'back', ArrowRight: 'forward', ArrowDown: 'forward', Home: 'start', End: 'end' };
/** The board's keys, with Shift: its plain arrows move between squares. @type {Record<string, Step>} */
const BOARD_KEYS = { ArrowLeft: 'back', ArrowRight: 'forward', Home: 'start', End: 'end' };

export class RecordView {
  /**
   * @param {HTMLElement} root an empty container
   * @param {{ tr: () => Translate, say: (line: Line) => string, onJump: (ply: number) => void,
   *   onImport?: (text: string) => void, link?: () => string | null, listId?: string,
   *   field?: import('./i18n.js').Key, example?: import('./i18n.js').Key }} options `onImport`:
   *   a record pasted back (without it, no record field: the list and the chart alone, as the
   *   sum page, whose address keeps the game, has them); `link`: the address that replays this
   *   game (the page has one, an element does not); `listId`: an id for the move list;
   *   `field`, `example`: the record field's label and placeholder
   */
  constructor(root, options) {
    this.options = options;
    const make = (/** @type {string} */ tag, /** @type {string} */ cls) => {
      const node = document.createElement(tag);
      node.className = cls;
      return node;
    };
    this.title = make('h3', 'an-title');
    this.startButton = /** @type {HTMLButtonElement} */ (make('button', 'an-start'));
    this.startButton.type = 'button';
    this.startButton.dataset.ply = '0';
    this.list = /** @type {HTMLOListElement} */ (make('ol', 'an-moves'));
    if (options.listId) this.list.id = options.listId;
    this.empty = make('p', 'an-empty');
    /** How to step through the game with the keyboard. */
    this.keys = make('p', 'an-keys');
    const chartBox = make('div', 'an-chart-box');
    /** The value-history chart's box (a page may show it elsewhere: see classroom.js). */
    this.chartBox = chartBox;
    this.chart = new ValueChart(chartBox, { tr: options.tr, say: options.say, onJump: (ply) => this.jump(ply) });
    /** The export and import controls (a panel may place them apart from the list). */
    const io = make('div', 'an-io');
    this.io = io;
    const id = `an-record-${++fieldCount}`;
    this.fieldLabel = /** @type {HTMLLabelElement} */ (make('label', 'an-field-label'));
    this.fieldLabel.htmlFor = id;
    this.field = /** @type {HTMLInputElement} */ (make('input', 'an-record-field'));
    this.field.id = id;
    this.field.spellcheck = false;
    this.field.autocomplete = 'off';
    this.copy = /** @type {HTMLButtonElement} */ (make('button', 'an-copy'));
    this.load = /** @type {HTMLButtonElement} */ (make('button', 'an-load'));
    this.linkButton = /** @type {HTMLButtonElement} */ (make('button', 'an-link'));
    for (const b of [this.copy, this.load, this.linkButton]) b.type = 'button';
    this.linkField = /** @type {HTMLInputElement} */ (make('input', 'share-url'));
    this.linkField.readOnly = true;
    this.linkField.hidden = true;
    const status = make('p', 'share-status');
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');
    this.sharer = new Sharer(status, () => options.tr());
    const buttons = make('div', 'an-io-buttons');
    buttons.append(this.load, this.copy);
    if (options.link) buttons.append(this.linkButton);
    io.append(this.fieldLabel, this.field, buttons, this.linkField, status);
    const head = make('div', 'an-record-head');
    head.append(this.title, this.startButton);
    root.append(head, chartBox, this.list, this.keys, this.empty, ...(options.onImport ? [io] : []));
    // Nothing to show, nor words on its buttons, before the first game (the
    // export and import controls too, wherever the panel put them).
    root.hidden = io.hidden = true;
    this.root = root;
    /** The field keeps what the person typed until it is loaded or emptied. */
    this.dirty = false;
    this.line = '';
    this.field.addEventListener('input', () => {
      this.dirty = this.field.value !== this.line;
    });
    this.field.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') this.load.click();
    });
    this.load.addEventListener('click', () => {
      this.dirty = false;
      options.onImport?.(this.field.value);
    });
    this.copy.addEventListener('click', () => {
      this.dirty = false;
      this.field.value = this.line;
      void this.sharer.copy(this.line, this.field, 'an.copied');
    });
    this.linkButton.addEventListener('click', () => {
      // No link from a page opened as a file: the record line instead.
      if (options.link) void this.sharer.copyLink(options.link(), this.line, this.linkField);
    });
    for (const clickable of [this.list, this.startButton]) {
      clickable.addEventListener('click', (e) => {
        const b = /** @type {HTMLElement} */ (e.target).closest('button');
        if (b?.dataset.ply) this.jump(Number(b.dataset.ply));
      });
      clickable.addEventListener('keydown', (event) => {
        const e = /** @type {KeyboardEvent} */ (event);
        const b = /** @type {HTMLElement} */ (e.target).closest('button');
        if (!b?.dataset.ply || e.altKey || e.ctrlKey || e.metaKey) return;
        // From the move in focus, so keys pressed faster than the answers still count.
        const to = this.stepFrom(Number(b.dataset.ply), LIST_KEYS[e.key]);
        if (to === undefined) return;
        e.preventDefault();
        if (to === null) return;
        this.button(to)?.focus();
        this.jump(to);
      });
    }
    /** @type {RecordState | null} */
    this.state = null;
    /** What keepCurrentInView added to the list's bottom padding, in pixels. */
    this.extra = 0;
    // What lies above the list (the chart, the panel's other parts) changes
    // size with the game and the language: the list is fitted again then, at
    // the next frame (its new height resizes what is watched: done within
    // the observer's call, that would be a loop the browser reports).
    let width = 0;
    const refit = new FrameTask(() => {
      // A new room moves the current move, a new width wraps the moves anew:
      // seen again, whole rows at the top. Other changes around the list
      // ("Why?", a copied link) leave a list the person scrolled as it is.
      const wider = this.list.clientWidth !== width;
      width = this.list.clientWidth;
      if (this.fitList() || wider) this.keepCurrentInView();
    });
    addEventListener('resize', () => refit.request());
    const watch = new ResizeObserver(() => refit.request());
    watch.observe(root);
    if (root.parentElement) watch.observe(root.parentElement);
  }

  /**
   * On a page whose move list starts on the first screen (a laptop's side
   * column), the list ends above the window's bottom edge, the current move
   * in view without scrolling the page: the stylesheet reads `--an-room`,
   * the height left under its top, and keeps its own cap and floor. A list
   * further down (a phone's single column) or in an embedded element (the
   * host page's window is not its own) keeps the stylesheet's height.
   * @returns {boolean} whether the room changed
   */
  fitList() {
    const list = this.list;
    const before = list.style.getPropertyValue('--an-room');
    let room = '';
    if (list.isConnected && list.getRootNode() === document && !list.hidden) {
      // From the top of the document, so a page scrolled down keeps its layout.
      const left = innerHeight - MARGIN - (list.getBoundingClientRect().top + scrollY);
      if (left > 0) room = `${Math.floor(left)}px`;
    }
    if (room === before) return false;
    if (room) list.style.setProperty('--an-room', room);
    else list.style.removeProperty('--an-room');
    return true;
  }

  /**
   * Scrolls the move list (never the page) as little as shows the current
   * move whole, and so that the list starts on a whole row of moves: no move
   * shows a part of itself under the list's top edge (a move cut in two
   * there read as a drawing error on a projector). A current move already
   * seen is left where it is (a move clicked in the list does not jump),
   * but for a row cut at the top after the list changed (a move's text
   * wrapping anew, a resize): shown whole, or hidden, whichever keeps the
   * current move seen and moves less. Where the rows left do not fill the
   * list after the one at its top, it gets the difference as padding under
   * its last move rather than a smaller height, so nothing under it moves.
   */
  keepCurrentInView() {
    const list = this.list;
    const current = /** @type {HTMLElement | null} */ (list.querySelector('[aria-current="step"]'));
    const extra = this.extra;
    if (!current || list.scrollHeight - extra <= list.clientHeight) {
      this.padEnd(0);
      return;
    }
    const css = getComputedStyle(list);
    const padTop = parseFloat(css.paddingTop);
    // The rows' room: the list's inside without its own padding.
    const room = list.clientHeight - padTop - (parseFloat(css.paddingBottom) - extra);
    const from = list.scrollTop;
    // The grid's rows (several moves a row when the list is wide), from the top of its content.
    const origin = list.getBoundingClientRect().top + list.clientTop + padTop - from;
    /** @type {{ top: number, bottom: number }[]} */
    const rows = [];
    let at = -1;
    for (const li of list.children) {
      const r = li.getBoundingClientRect();
      const row = rows[rows.length - 1];
      if (row && Math.abs(r.top - origin - row.top) < 1) row.bottom = Math.max(row.bottom, r.bottom - origin);
      else rows.push({ top: r.top - origin, bottom: r.bottom - origin });
      if (li.contains(current)) at = rows.length - 1;
    }
    if (at < 0) return;
    // Where the list scrolls to show row i first, the row above wholly under
    // the top edge with its border (the padding can be wider than the gap
    // between rows); whole pixels: scrollTop is rounded.
    const topOf = (/** @type {number} */ i) => (i > 0 ? Math.ceil(Math.max(rows[i].top, rows[i - 1].bottom + padTop)) : 0);
    // Whether the current row is seen whole with the list scrolled to `y` (in its padding too).
    const seenAt = (/** @type {number} */ y) => rows[at].top >= y - padTop - 0.5 && rows[at].bottom <= y - padTop + list.clientHeight + 0.5;
    let to = from;
    if (rows[at].top < from - padTop - 0.5) to = topOf(at);
    else if (!seenAt(from)) {
      // Below: the first row that leaves the current one room under it.
      let first = 0;
      while (first < at && topOf(first) < rows[at].bottom - room - 0.5) first += 1;
      to = topOf(first);
    } else {
      const edge = from - padTop;
      const cut = rows.findIndex((r) => r.top < edge - 0.5 && r.bottom > edge + 0.5);
      if (cut >= 0) {
        const moves = [topOf(cut), cut + 1 < rows.length ? topOf(cut + 1) : null].filter((y) => y !== null && seenAt(y));
        moves.sort((a, b) => Math.abs(/** @type {number} */ (a) - from) - Math.abs(/** @type {number} */ (b) - from));
        if (moves.length > 0) to = /** @type {number} */ (moves[0]);
      }
    }
    this.padEnd(to > 0 ? to + 1 - (list.scrollHeight - extra - list.clientHeight) : 0);
    if (to !== from) list.scrollTop = to;
  }

  /** Pads the list's end by `px` more than its stylesheet says (none when `px` ≤ 0). @param {number} px */
  padEnd(px) {
    const list = this.list;
    if (px > 0.5) {
      list.style.removeProperty('padding-bottom');
      list.style.paddingBottom = `${parseFloat(getComputedStyle(list).paddingBottom) + px}px`;
      this.extra = px;
    } else if (this.extra) {
      list.style.removeProperty('padding-bottom');
      this.extra = 0;
    }
  }

  /**
   * Where `step` goes from the position after `ply` moves: a ply of the line,
   * null when there is nowhere to go (already there, nothing to show), or
   * undefined when it is not a step.
   * @param {number} ply @param {Step | undefined} step
   * @returns {number | null | undefined}
   */
  stepFrom(ply, step) {
    if (!step) return undefined;
    const state = this.state;
    if (!state || state.busy) return null;
    const last = state.items.length;
    const to = { back: ply - 1, forward: ply + 1, start: 0, end: last }[step];
    return to < 0 || to > last || to === ply ? null : to;
  }

  /**
   * A key pressed on the board (or any control of the game): Shift with ←,
   * →, Home or End steps through the game, the focus staying where it is.
   * @param {KeyboardEvent} e @returns {boolean} whether it was a step
   */
  boardKey(e) {
    if (!e.shiftKey || e.altKey || e.ctrlKey || e.metaKey || !this.state) return false;
    const tag = /** @type {HTMLElement} */ (e.target).tagName;
    // Text fields and sliders keep their own Shift+arrows.
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return false;
    const to = this.stepFrom(this.state.cursor, BOARD_KEYS[e.key]);
    if (to === undefined) return false;
    e.preventDefault();
    if (to !== null) this.jump(to);
    return true;
  }

  /** Goes to the position after `ply` moves, and says so to the page around (a demo pauses). @param {number} ply */
  jump(ply) {
    this.root.dispatchEvent(new CustomEvent('jump', { bubbles: true, detail: { ply } }));
    this.options.onJump(ply);
  }

  /** The button that goes to the position after `ply` moves. @param {number} ply */
  button(ply) {
    if (ply === 0) return this.startButton;
    return /** @type {HTMLButtonElement | null} */ (this.list.querySelector(`button[data-ply="${ply}"]`));
  }

  /** @param {RecordState} state */
  show(state) {
    this.state = state;
    this.root.hidden = this.io.hidden = false;
    const tr = this.options.tr();
    const { say } = this.options;
    this.title.textContent = tr('an.record');
    this.fieldLabel.textContent = tr(this.options.field ?? 'an.recordField');
    this.field.placeholder = tr(this.options.example ?? 'an.recordExample');
    this.copy.textContent = tr('an.copy');
    this.load.textContent = tr('an.load');
    this.linkButton.textContent = tr('an.link');
    this.linkField.setAttribute('aria-label', tr('share.linkLabel'));
    this.sharer.retranslate();
    this.line = state.line ?? '';
    const focused = /** @type {Document | ShadowRoot} */ (this.field.getRootNode()).activeElement === this.field;
    if (!this.dirty && !focused) this.field.value = this.line;
    this.empty.hidden = state.items.length > 0;
    this.list.hidden = !this.empty.hidden;
    this.empty.textContent = tr('an.noMoves');
    this.keys.hidden = this.list.hidden;
    this.keys.textContent = tr('an.keys');
    this.list.setAttribute('aria-label', tr('an.moveList'));
    this.startButton.textContent = tr('an.start');
    this.startButton.disabled = state.busy;
    this.startButton.hidden = state.items.length === 0;
    if (state.cursor === 0) this.startButton.setAttribute('aria-current', 'step');
    else this.startButton.removeAttribute('aria-current');
    const items = state.items.map((m, i) => {
      const marks = [];
      if (m.mark === 'mistake') marks.push(`✗ ${tr('an.mistake')}`);
      else if (m.mark === 'good') marks.push(`✓ ${tr('an.good')}`);
      if (m.delta === 1) marks.push(tr(m.winning ? 'an.slowerOne' : 'an.shorterOne'));
      else if (m.delta) marks.push(tr(m.winning ? 'an.slower' : 'an.shorter', { n: m.delta }));
      if (m.source === 'book') marks.push(tr('an.fromBook'));
      else if (m.source === 'search') marks.push(tr('an.fromSearch'));
      const text = `${i + 1}. ${tr('labelled', { label: state.name(m.by), text: say(m.move) })}`;
      const li = this.item(i + 1, text, state);
      if (m.mark) li.dataset.mark = m.mark;
      if (marks.length) {
        const span = document.createElement('span');
        span.className = 'an-mark';
        // Apart from the move's own numbers: "row 2, column 2 (2 moves shorter…)".
        span.textContent = ` (${marks.join(', ')})`;
        li.firstElementChild?.append(span);
      }
      return li;
    });
    // The list is written anew: the keyboard stays on the move it was on.
    const scope = /** @type {Document | ShadowRoot} */ (this.list.getRootNode());
    const active = /** @type {HTMLElement | null} */ (scope.activeElement);
    const focusedPly = active && this.list.contains(active) ? Number(active.dataset.ply) : null;
    this.list.replaceChildren(...items);
    if (focusedPly !== null) (this.button(focusedPly) ?? this.button(state.cursor))?.focus({ preventScroll: true });
    const mistakes = state.items.flatMap((m, i) => (m.mark === 'mistake' ? [i] : []));
    this.chart.show(
      state.history.length > 1
        ? { points: state.history, first: state.first, cursor: state.cursor, mistakes, name: state.name }
        : null,
    );
    // After the chart, whose height moves the list's top.
    this.fitList();
    this.keepCurrentInView();
  }

  /**
   * A list entry: a button that goes to the position after `ply` moves.
   * @param {number} ply @param {string} text @param {RecordState} state
   */
  item(ply, text, state) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.ply = String(ply);
    b.textContent = text;
    b.disabled = state.busy;
    if (ply === state.cursor) b.setAttribute('aria-current', 'step');
    if (ply > state.cursor) li.className = 'future';
    li.append(b);
    return li;
  }
}
