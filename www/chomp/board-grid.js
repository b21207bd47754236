// The accessible twin of the canvas: a role="grid" of buttons laid exactly
// over the drawing. It is what pointer, touch, keyboard and screen readers
// (and the browser tests) use to play. Arrow keys move, Enter or Space bites.

import { t as pageT } from '../shared/i18n.js';

/** @typedef {import('./controller.js').Move} Move */
/**
 * @typedef {object} GridHandlers
 * @property {(move: Move) => void} onBite
 * @property {(move: Move | null) => void} onPreview
 * @property {import('../shared/i18n.js').Translate} [t] the labels' language (default: the page's)
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
    root.addEventListener('keydown', (e) => this.onKey(e));
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
   * Updates labels and states for a position and its marked winning squares.
   * @param {number[]} rows @param {Move[]} hints
   */
  update(rows, hints) {
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
        if (!present) label = t('cell.eaten', { row, col });
        else if (row === 1 && col === 1) label = t('cell.poison');
        else if (win) label = t('cell.hint', { row, col });
        else label = t('cell.plain', { row, col });
        b.setAttribute('aria-label', label);
        b.setAttribute('aria-disabled', String(!present));
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
    const to = steps[e.key];
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

  /** @param {number} row @param {number} col */
  moveFocus(row, col) {
    const from = this.cells[this.focus.row - 1]?.[this.focus.col - 1];
    const to = this.cells[row - 1][col - 1];
    if (from) from.tabIndex = -1;
    to.tabIndex = 0;
    to.focus();
  }
}
