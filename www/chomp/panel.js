// The game's own part of the screen, the same on the page and in the
// <chomp-game> element: status line, notices, the board (canvas, its
// accessible grid and its coordinates), the game buttons, the solve's
// progress and the analysis board. It turns clicks into calls on the
// controller and paints the controller's state.

import { say, showNotices } from '../shared/i18n.js';
import { BoardView } from './board-view.js';
import { BoardGrid } from './board-grid.js';
import { ProgressView } from '../shared/progress.js';
import { AnalysisPanel, squareWords } from './analysis-panel.js';
import { reveals } from '../shared/reveal-select.js';
import { setFittedText, keepTextFitted, squareSide } from '../shared/fit.js';
import { setHidden } from '../shared/focus.js';

/** @typedef {import('./controller.js').ChompController} ChompController */
/** @typedef {import('../shared/i18n.js').Translate} Translate */
/** @typedef {import('../pkg/impartial.js').ChompSnapshot} Snapshot */
/**
 * @typedef {object} PanelNodes
 * @property {HTMLElement} status   aria-live status line
 * @property {HTMLElement} notice   notices (bad settings, restarts)
 * @property {HTMLElement} wrap     the board's box (gets --rows and --cols)
 * @property {HTMLCanvasElement} canvas
 * @property {HTMLElement} grid     role="grid" over the canvas
 * @property {{ hint: HTMLButtonElement, undo: HTMLButtonElement, redo?: HTMLButtonElement, restart: HTMLButtonElement }} buttons
 * @property {HTMLElement} controls the game buttons' row (Play again, Continue and the editor's buttons join it)
 * @property {HTMLElement} analysis an empty container for the analysis board
 * @property {import('../shared/progress.js').ProgressNodes} progress
 */

/**
 * @param {string} text @param {string} [cls]
 * @returns {HTMLButtonElement}
 */
function button(text, cls) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  if (cls) b.className = cls;
  return b;
}

/** The least side of a square on a board seen whole, where a page fits the board to the screen (CSS pixels). */
const LEAST_SQUARE = 12;

/**
 * Coordinates along an edge, one number every `step` squares: every number
 * (1), the odd ones (2), or the first and every fifth, tenth… (5 and more).
 * @param {number} n @param {number} step
 */
function coordinateLabels(n, step) {
  const shown = (/** @type {number} */ i) => step === 1 || i === 0 || (step === 2 ? i % 2 === 0 : (i + 1) % step === 0);
  return Array.from({ length: n }, (_, i) => (shown(i) ? String(i + 1) : ''));
}

/**
 * How many squares apart the numbers along an edge of `n` squares of side
 * `side` stand, each needing `need` pixels: every number on a short side
 * where they fit, fewer where the squares are small (the numbers keep their
 * size), every fifth at least on a long side.
 * @param {number} n @param {number} side @param {number} need
 */
function labelStep(n, side, need) {
  const least = n > 40 ? 5 : 1;
  return [1, 2, 5, 10, 20, 50, 100, 250, 500, 1000].find((step) => step >= least && step * side >= need) ?? 1000;
}

export class ChompPanel {
  /**
   * @param {ChompController} game @param {PanelNodes} nodes
   * @param {() => Translate} tr the language to speak (the page's or the element's)
   * @param {{ hintLocked?: () => boolean, link?: (snap: Snapshot) => string | null, refit?: () => void }} [options]
   *   `hintLocked`: the page's own reason to lock Hint (the demo); `link`: the address that replays a game;
   *   `refit`: the page fits the board to the screen (fit.js): measures its room now and gives it to fitBoard
   */
  constructor(game, nodes, tr, options = {}) {
    this.game = game;
    this.nodes = nodes;
    this.tr = tr;
    this.hintLocked = options.hintLocked ?? (() => false);
    this.view = new BoardView(nodes.canvas);
    this.grid = new BoardGrid(nodes.grid, {
      onBite: (move) => void game.bite(move),
      onPreview: (move) => game.setPreview(move),
      onEdit: (move, add) => void game.edit(move, add),
      t: (key, values) => tr()(key, values),
    });
    this.box = '';
    /** The numbers along the edges as last written (see labelEdges). */
    this.edges = '';
    this.refit = options.refit;
    /** The room the page last gave the board. @type {import('../shared/fit.js').Room | null} */
    this.room = null;
    this.touch = matchMedia('(pointer: coarse)');
    // Row and column numbers along the bar's edges (the grid's labels say them too).
    this.colLabels = document.createElement('div');
    this.colLabels.className = 'coords coords-cols';
    this.rowLabels = document.createElement('div');
    this.rowLabels.className = 'coords coords-rows';
    for (const strip of [this.colLabels, this.rowLabels]) strip.setAttribute('aria-hidden', 'true');
    nodes.wrap.append(this.colLabels, this.rowLabels);
    const { buttons } = nodes;
    buttons.hint.addEventListener('click', () => void game.hint());
    buttons.undo.addEventListener('click', () => void game.undo());
    buttons.redo?.addEventListener('click', () => void game.redo());
    buttons.restart.addEventListener('click', () => void game.restart());
    this.again = button('', 'primary');
    this.again.addEventListener('click', () => game.playAgain());
    this.continue = button('', 'primary');
    this.continue.addEventListener('click', () => void game.continueGame());
    this.playEdited = button('', 'primary');
    this.playEdited.addEventListener('click', () => void game.editPlay());
    this.cancelEdit = button('');
    this.cancelEdit.addEventListener('click', () => game.editCancel());
    nodes.controls.prepend(this.again, this.continue, this.playEdited, this.cancelEdit);
    this.analysis = new AnalysisPanel(game, nodes.analysis, tr, (line) => say(line, tr()), { link: options.link });
    nodes.controls.append(this.analysis.editButton);
    // On a phone the analysis board is far below the board: "Why?" joins the
    // game's buttons and opens right under them, values shown or not.
    this.whyToggle = button('', 'why-toggle');
    this.whyToggle.setAttribute('aria-expanded', 'false');
    nodes.controls.append(this.whyToggle);
    this.phone = matchMedia('(max-width: 600px)');
    this.whyToggle.addEventListener('click', () => {
      game.whyInline = !game.whyInline;
      this.placeWhy();
      game.changed();
      if (game.whyInline) this.analysis.whyBox.scrollIntoView({ block: 'nearest' });
    });
    this.phone.addEventListener('change', () => {
      if (!this.phone.matches) game.whyInline = false;
      this.placeWhy();
      game.changed();
    });
    // Shift with ←, →, Home or End steps through the game from the board and its buttons.
    for (const el of [nodes.grid, nodes.controls]) el.addEventListener('keydown', (e) => this.analysis.record.boardKey(e));
    this.progress = new ProgressView(nodes.progress, () => game.cancel(), { tr });
    /** The hint last scrolled into view, so a redraw does not scroll again. */
    this.scrolledHint = '';
    keepTextFitted(nodes.status);
    game.addEventListener('change', () => this.render());
  }

  /** "Why?" under the game's buttons when opened there on a phone, else in the analysis board. */
  placeWhy() {
    const box = this.analysis.whyBox;
    if (!this.game.whyInline || !this.phone.matches) {
      this.analysis.homeWhy();
      return;
    }
    // After the fitted box of the page (the board keeps its room), or the buttons of an element.
    const anchor = this.nodes.controls.closest('.play-fit') ?? this.nodes.controls;
    if (anchor.nextElementSibling !== box) anchor.after(box);
    box.classList.add('inline');
  }

  /** @param {import('../shared/i18n.js').Line[]} lines */
  text(lines) {
    return lines.map((line) => say(line, this.tr())).join(' ');
  }

  render() {
    const { game, nodes } = this;
    const tr = this.tr();
    const snap = game.snap;
    const ready = !!snap && !game.solving;
    const editing = ready ? game.editing : null;
    nodes.wrap.classList.toggle('not-ready', !ready);
    nodes.wrap.classList.toggle('editing', !!editing);
    if (snap) {
      const box = `${snap.box_rows}×${snap.box_cols}`;
      if (box !== this.box) {
        this.box = box;
        nodes.wrap.style.setProperty('--rows', String(snap.box_rows));
        nodes.wrap.style.setProperty('--cols', String(snap.box_cols));
        this.grid.build(snap.box_rows, snap.box_cols);
        this.labelEdges(snap.box_rows, snap.box_cols);
        // A board played per position may search for a while: its progress
        // keeps its row from the start, so the board does not move when it shows.
        nodes.progress.box.classList.toggle('kept', snap.solver.kind === 'open');
        // Its room measured at once (that row, the row numbers' width): the
        // board is first shown at its size, not at the last room's for a frame.
        if (this.refit) this.refit();
        else this.fitBoard();
      }
      const hints = ready && !editing ? game.hints : [];
      const values = ready && !editing && snap.analysis_on ? snap.analysis?.squares ?? null : null;
      const resist = ready && !editing ? game.resist : null;
      this.view.show({
        boxRows: snap.box_rows,
        boxCols: snap.box_cols,
        rows: editing ? editing.rows : snap.rows,
        previous: editing ? null : snap.previous,
        preview: ready && !editing ? game.preview : null,
        hints,
        resist,
        values,
        editing: !!editing,
      });
      /** @type {Map<string, string>} */
      const labels = new Map();
      for (const v of values ?? []) labels.set(`${v.row},${v.col}`, squareWords(v, tr));
      if (resist) labels.set(`${resist.row},${resist.col}`, tr('an.cellResist', resist));
      this.grid.update({ rows: editing ? editing.rows : snap.rows, hints, labels, editing: !!editing });
      this.scrollToHint([...hints, ...(resist ? [resist] : [])]);
    } else if (this.box !== '') {
      // No game (a start was cancelled): nothing drawn that could be played.
      this.box = '';
      this.view.clear();
      this.grid.build(0, 0);
      this.labelEdges(0, 0);
      this.fitBoard();
    }
    const { buttons } = nodes;
    const playing = ready && !editing;
    buttons.hint.disabled =
      !playing || this.hintLocked() || !!snap?.over || !!snap?.computer_to_move || !!snap?.demo || !reveals(snap?.reveal ?? 'off', 'moves');
    buttons.undo.disabled = !playing || !snap?.can_undo;
    if (buttons.redo) buttons.redo.disabled = !playing || !snap?.can_redo;
    buttons.restart.disabled = !playing;
    for (const b of [buttons.hint, buttons.undo, buttons.redo, buttons.restart]) if (b) b.hidden = !!editing;
    this.again.textContent = tr('an.again');
    // Once used, these buttons go: the keyboard goes back to the board.
    const toBoard = () => this.grid.focusCurrent();
    setHidden(this.again, !playing || !snap?.over || !!snap?.demo, toBoard);
    this.continue.textContent = tr('an.continue');
    setHidden(this.continue, !playing || !snap?.computer_waits, toBoard);
    this.whyToggle.textContent = tr('an.whyTitle');
    this.whyToggle.hidden = !playing || snap?.reveal !== 'explain';
    this.whyToggle.setAttribute('aria-expanded', String(game.whyInline));
    this.playEdited.textContent = tr('an.editPlay');
    this.cancelEdit.textContent = tr('an.editCancel');
    this.playEdited.hidden = this.cancelEdit.hidden = !editing;
    // A first tap only shows the bite: say that a second one eats it.
    const armed = this.grid.armed;
    const tapAgain = armed && game.preview?.row === armed.row && game.preview?.col === armed.col;
    this.setStatus(this.text(game.status) + (tapAgain ? ` ${tr('status.tapAgain', { row: armed.row, col: armed.col })}` : ''));
    // Busy while the worker has not answered the last click.
    nodes.status.setAttribute('aria-busy', String(game.pending > 0));
    showNotices(nodes.notice, game.notices, tr);
    this.analysis.render();
    this.renderProgress();
  }

  /**
   * Sizes the board's squares for the room the page gives it (fit.js): as
   * big as the room allows, down to a legible least, so the board is seen
   * whole; a board too long for that (a 1000×3 bar) scrolls in its box. The
   * board is shown once it has its size: it is laid out once, not first
   * at another box's size or another room.
   * @param {import('../shared/fit.js').Room | null} [room] a new room, else the last one
   */
  fitBoard(room = this.room) {
    this.room = room;
    const snap = this.game.snap;
    if (snap && room) {
      const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
      const { side, scrolls } = squareSide({ rows: snap.box_rows, cols: snap.box_cols }, room, {
        least: LEAST_SQUARE,
        finger: 1.5 * rem,
        touch: this.touch.matches,
      });
      this.nodes.wrap.style.setProperty('--cell', `${side}px`);
      this.nodes.wrap.parentElement?.classList.toggle('too-long', scrolls);
      // Smaller squares: fewer numbers along the edges, at their own size.
      const font = parseFloat(getComputedStyle(this.colLabels).fontSize);
      const digits = String(snap.box_cols).length;
      this.labelEdges(snap.box_rows, snap.box_cols, labelStep(snap.box_rows, side, 1.1 * font), labelStep(snap.box_cols, side, (0.62 * digits + 0.4) * font));
    }
    this.nodes.wrap.classList.toggle('sized', !!snap && (!this.refit || !!room));
  }

  /** Writes the status line, its words fitted to its fixed height. @param {string} text */
  setStatus(text) {
    setFittedText(this.nodes.status, text);
  }

  /**
   * Numbers along the top and the left of a `rows × cols` box, one every
   * `rowStep` rows and `colStep` columns (see coordinateLabels).
   * @param {number} rows @param {number} cols @param {number} [rowStep] @param {number} [colStep]
   */
  labelEdges(rows, cols, rowStep = labelStep(rows, Infinity, 0), colStep = labelStep(cols, Infinity, 0)) {
    const key = `${rows}/${rowStep}×${cols}/${colStep}`;
    if (key === this.edges) return;
    this.edges = key;
    const fill = (/** @type {HTMLElement} */ strip, /** @type {number} */ n, /** @type {number} */ step) => {
      strip.replaceChildren(
        ...coordinateLabels(n, step).map((text) => {
          const span = document.createElement('span');
          span.textContent = text;
          return span;
        }),
      );
    };
    fill(this.colLabels, cols, colStep);
    fill(this.rowLabels, rows, rowStep);
    // The scroller leaves the row numbers the room their digits take ("585", not "85").
    this.nodes.wrap.parentElement?.style.setProperty('--row-digits', String(Math.max(1, String(rows).length)));
  }

  /**
   * Brings a hinted square into view on a bar longer than its box (a 3×1000
   * bar scrolls sideways, a 1000×3 one up and down, inside the box, so the
   * buttons stay where they are), once per hint.
   * @param {import('./controller.js').Move[]} squares
   */
  scrollToHint(squares) {
    const key = squares.map((m) => `${m.row},${m.col}`).join(' ');
    if (key === this.scrolledHint) return;
    this.scrolledHint = key;
    const first = squares[0];
    if (!first) return;
    const cell = this.nodes.grid.querySelector(`[data-row="${first.row}"][data-col="${first.col}"]`);
    const scroller = this.nodes.wrap.parentElement;
    if (!cell || !scroller) return;
    const c = cell.getBoundingClientRect();
    const s = scroller.getBoundingClientRect();
    if (scroller.scrollWidth > scroller.clientWidth && (c.left < s.left || c.right > s.right)) {
      scroller.scrollLeft += c.left - s.left - (s.width - c.width) / 2;
    }
    if (scroller.scrollHeight > scroller.clientHeight && (c.top < s.top || c.bottom > s.bottom)) {
      scroller.scrollTop += c.top - s.top - (s.height - c.height) / 2;
    }
  }

  renderProgress() {
    const { game } = this;
    // The box's table solved in the background shows the same bar, the board playable meanwhile.
    if (!game.solving && game.background) this.progress.show(true, game.background, 'progress.background');
    else this.progress.show(game.solving, game.progress);
    this.progress.searching(game.thinkingSince);
  }
}
