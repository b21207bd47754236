// The accessible twin of the canvas: a role="grid" of buttons laid exactly
// over the drawing. It is what pointer, touch, keyboard and screen readers
// (and the browser tests) use to play. Arrow keys move, Enter or Space bites
// (with Shift, arrows, Home and End step through the game: see record-view.js).

import { t as pageT } from '../shared/i18n.js';

/** @typedef {import('./controller.js').Move} Move */
/**
 * @typedef {object} GridHandlers
 * @property {(move: Move) => void} onBite
 * @property {(move: Move | null) => void} onPreview
 * @property {(move: Move, add: boolean) => void} [onEdit] the position editor: add or remove a square
 * @property {import('../shared/i18n.js').Translate} [t] the labels' language (default: the page's)
 */
/**
 * What the grid shows.
 * @typedef {object} GridState
 * @property {number[]} rows the position (or the editor's shape)
 * @property {Move[]} hints squares rung by the hint
 * @property {Map<string, string>} [labels] the analysis board's words for squares ("row,col" keys)
 * @property {boolean} [editing] clicks and drags edit the shape instead of biting
 */

export class BoardGrid {
  /** @param {HTMLElement} root @param {GridHandlers} handlers */
  constructor(root, handlers) {
    this.root = root;
    this.handlers = handlers;
    this.boxRows = 0;
    this.boxCols = 0;
    /** @type {HTMLButtonElement[][]} */
    this.cells = [];
    this.focus = { row: 1, col: 1 };
    /** On touch screens the first tap previews and a second tap on the same square bites. */
    this.lastPointer = 'mouse';
    /** @type {Move | null} */
    this.armed = null;
    this.shownRows = '';
    this.editing = false;
    /** While a drag edits the shape: add or remove, and the last square done. @type {{ add: boolean, last: string } | null} */
    this.drag = null;
    root.addEventListener('keydown', (e) => this.onKey(e));
    // The editor: a press adds or removes a square, and a drag does the same
    // to every square it crosses (touch included: the wrap stops scrolling).
    root.addEventListener('pointerdown', (e) => {
      if (!this.editing) return;
      const cell = this.cellAt(e.clientX, e.clientY);
      if (!cell || cell.dataset.state === 'poison') return;
      e.preventDefault();
      const add = cell.dataset.state === 'eaten';
      this.drag = { add, last: '' };
      root.setPointerCapture?.(e.pointerId);
      this.editAt(cell);
    });
    root.addEventListener('pointermove', (e) => {
      if (!this.drag) return;
      const cell = this.cellAt(e.clientX, e.clientY);
      if (cell) this.editAt(cell);
    });
    const stop = () => {
      this.drag = null;
    };
    root.addEventListener('pointerup', stop);
    root.addEventListener('pointercancel', stop);
  }

  /** The square under a point, if any. @param {number} x @param {number} y */
  cellAt(x, y) {
    // Inside <chomp-game> the shadow root finds its own squares.
    const scope = /** @type {Document | ShadowRoot} */ (this.root.getRootNode());
    const hit = scope.elementFromPoint(x, y);
    const cell = /** @type {HTMLElement | null} */ (hit?.closest('.cell') ?? null);
    return cell && this.root.contains(cell) ? cell : null;
  }

  /** Edits the square of `cell` in the drag's direction, once per square. @param {HTMLElement} cell */
  editAt(cell) {
    const drag = this.drag;
    if (!drag) return;
    const key = `${cell.dataset.row},${cell.dataset.col}`;
    if (key === drag.last) return;
    drag.last = key;
    this.handlers.onEdit?.({ row: Number(cell.dataset.row), col: Number(cell.dataset.col) }, drag.add);
  }

  /** Rebuilds the buttons for a new box. @param {number} rows @param {number} cols */
  build(rows, cols) {
    this.boxRows = rows;
    this.boxCols = cols;
    this.root.replaceChildren();
    this.root.style.gridTemplateColumns = `repeat(${cols}, 1fr)`;
    this.root.style.gridTemplateRows = `repeat(${rows}, 1fr)`;
    this.cells = [];
    for (let r = 1; r <= rows; r++) {
      const rowEl = document.createElement('div');
      rowEl.setAttribute('role', 'row');
      rowEl.className = 'grid-row';
      /** @type {HTMLButtonElement[]} */
      const line = [];
      for (let c = 1; c <= cols; c++) {
        const b = document.createElement('button');
        b.type = 'button';
        b.setAttribute('role', 'gridcell');
        b.className = 'cell';
        b.dataset.row = String(r);
        b.dataset.col = String(c);
        b.tabIndex = r === 1 && c === 1 ? 0 : -1;
        const move = { row: r, col: c };
        b.addEventListener('pointerdown', (e) => {
          this.lastPointer = e.pointerType;
        });
        b.addEventListener('click', () => this.activate(move));
        b.addEventListener('pointerenter', (e) => {
          if (e.pointerType === 'mouse') this.handlers.onPreview(move);
        });
        b.addEventListener('pointerleave', (e) => {
          if (e.pointerType === 'mouse') this.handlers.onPreview(null);
        });
        b.addEventListener('focus', () => {
          this.focus = move;
          if (this.lastPointer !== 'touch') this.handlers.onPreview(move);
        });
        line.push(b);
        rowEl.append(b);
      }
      this.cells.push(line);
      this.root.append(rowEl);
    }
    this.focus = { row: 1, col: 1 };
  }

  /** @param {Move} move */
  activate(move) {
    if (this.editing) {
      // Pointers edited on pointerdown; Enter or Space on a square toggles it.
      if (this.lastPointer === 'keyboard') {
        const cell = this.cells[move.row - 1]?.[move.col - 1];
        if (cell && cell.dataset.state !== 'poison') this.handlers.onEdit?.(move, cell.dataset.state === 'eaten');
      }
      this.lastPointer = 'mouse';
      return;
    }
    if (this.lastPointer === 'touch') {
      const same = this.armed && this.armed.row === move.row && this.armed.col === move.col;
      if (!same) {
        this.armed = move;
        this.handlers.onPreview(move);
        return;
      }
    }
    this.armed = null;
    this.lastPointer = 'mouse';
    this.handlers.onBite(move);
  }

  /**
   * Updates labels and states for a position (or the editor's shape), its
   * marked winning squares and the analysis board's words.
   * @param {GridState} state
   */
  update({ rows, hints, labels, editing = false }) {
    this.editing = editing;
    if (!editing) this.drag = null;
    const hinted = new Set(hints.map((m) => `${m.row},${m.col}`));
    const t = this.handlers.t ?? pageT;
    this.root.setAttribute('aria-label', t('board.label', { rows: this.boxRows, cols: this.boxCols }));
    this.root.setAttribute('aria-rowcount', String(this.boxRows));
    this.root.setAttribute('aria-colcount', String(this.boxCols));
    for (const [i, line] of this.cells.entries()) {
      for (const [j, b] of line.entries()) {
        const row = i + 1;
        const col = j + 1;
        const present = row <= rows.length && col <= rows[row - 1];
        const win = hinted.has(`${row},${col}`);
        let label;
        const said = labels?.get(`${row},${col}`);
        if (!present) label = t('cell.eaten', { row, col });
        else if (row === 1 && col === 1) label = t('cell.poison');
        else if (said) label = said;
        else if (win) label = t('cell.hint', { row, col });
        else label = t('cell.plain', { row, col });
        b.setAttribute('aria-label', label);
        // The analysis board's words also show as a tooltip under the pointer.
        if (said && present) b.title = said;
        else b.removeAttribute('title');
        b.setAttribute('aria-disabled', String(!present && !editing));
        b.dataset.state = !present ? 'eaten' : row === 1 && col === 1 ? 'poison' : 'present';
        if (win) b.dataset.hint = 'true';
        else delete b.dataset.hint;
      }
    }
    // A tap armed on an earlier position must not bite the new one.
    const key = rows.join(' ');
    if (key !== this.shownRows) this.armed = null;
    this.shownRows = key;
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    const { row, col } = this.focus;
    /** @type {Record<string, [number, number]>} */
    const steps = {
      ArrowUp: [row - 1, col],
      ArrowDown: [row + 1, col],
      ArrowLeft: [row, col - 1],
      ArrowRight: [row, col + 1],
      Home: [row, 1],
      End: [row, this.boxCols],
      PageUp: [1, col],
      PageDown: [this.boxRows, col],
    };
    // With Shift they step through the game instead (the move list's keys).
    const to = e.shiftKey ? undefined : steps[e.key];
    if (to) {
      e.preventDefault();
      this.moveFocus(Math.min(Math.max(to[0], 1), this.boxRows), Math.min(Math.max(to[1], 1), this.boxCols));
    } else if (e.key === 'Enter' || e.key === ' ') {
      // The button's own click follows; it must not count as a touch tap.
      this.lastPointer = 'keyboard';
    } else if (e.key === 'Escape') {
      this.handlers.onPreview(null);
    }
  }

  /** Puts the keyboard back on the board, on the square it was last on. */
  focusCurrent() {
    this.cells[this.focus.row - 1]?.[this.focus.col - 1]?.focus();
  }

  /** @param {number} row @param {number} col */
  moveFocus(row, col) {
    const from = this.cells[this.focus.row - 1]?.[this.focus.col - 1];
    const to = this.cells[row - 1][col - 1];
    if (from) from.tabIndex = -1;
    to.tabIndex = 0;
    to.focus();
  }
}
