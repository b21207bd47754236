// The game's own part of the screen, the same on the page and in the
// <chomp-game> element: status line, notices, the board (canvas and its
// accessible grid), the game buttons and the solve's progress. It turns
// clicks into calls on the controller and paints the controller's state.

import { say } from '../shared/i18n.js';
import { BoardView } from './board-view.js';
import { BoardGrid } from './board-grid.js';
import { ProgressView } from '../shared/progress.js';

/** @typedef {import('./controller.js').ChompController} ChompController */
/** @typedef {import('../shared/i18n.js').Translate} Translate */
/**
 * @typedef {object} PanelNodes
 * @property {HTMLElement} status   aria-live status line
 * @property {HTMLElement} notice   notices (bad settings, restarts)
 * @property {HTMLElement} wrap     the board's box (gets --rows and --cols)
 * @property {HTMLCanvasElement} canvas
 * @property {HTMLElement} grid     role="grid" over the canvas
 * @property {{ hint: HTMLButtonElement, undo: HTMLButtonElement, redo?: HTMLButtonElement, restart: HTMLButtonElement }} buttons
 * @property {import('../shared/progress.js').ProgressNodes} [progress]
 */

export class ChompPanel {
  /**
   * @param {ChompController} game @param {PanelNodes} nodes
   * @param {() => Translate} tr the language to speak (the page's or the element's)
   * @param {{ hintLocked?: () => boolean }} [options] `hintLocked`: the page's own reason to lock Hint (the demo)
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
      t: (key, values) => tr()(key, values),
    });
    this.box = '';
    const { buttons } = nodes;
    buttons.hint.addEventListener('click', () => void game.hint());
    buttons.undo.addEventListener('click', () => void game.undo());
    buttons.redo?.addEventListener('click', () => void game.redo());
    buttons.restart.addEventListener('click', () => void game.restart());
    this.progress = nodes.progress ? new ProgressView(nodes.progress, () => game.cancel(), { tr }) : null;
    game.addEventListener('change', () => this.render());
  }

  /** @param {import('../shared/i18n.js').Line[]} lines */
  text(lines) {
    return lines.map((line) => say(line, this.tr())).join(' ');
  }

  render() {
    const { game, nodes } = this;
    const snap = game.snap;
    const ready = !!snap && !game.solving;
    nodes.wrap.classList.toggle('not-ready', !ready);
    if (snap) {
      const box = `${snap.box_rows}×${snap.box_cols}`;
      if (box !== this.box) {
        this.box = box;
        nodes.wrap.style.setProperty('--rows', String(snap.box_rows));
        nodes.wrap.style.setProperty('--cols', String(snap.box_cols));
        this.grid.build(snap.box_rows, snap.box_cols);
      }
      const hints = ready ? game.hints : [];
      this.view.show({
        boxRows: snap.box_rows,
        boxCols: snap.box_cols,
        rows: snap.rows,
        previous: snap.previous,
        preview: ready ? game.preview : null,
        hints,
      });
      this.grid.update(snap.rows, hints);
    } else if (this.box !== '') {
      // No game (a start was cancelled): nothing drawn that could be played.
      this.box = '';
      this.view.clear();
      this.grid.build(0, 0);
    }
    const { buttons } = nodes;
    buttons.hint.disabled = !ready || this.hintLocked() || !!snap?.over || !!snap?.computer_to_move || !!snap?.demo;
    buttons.undo.disabled = !ready || !snap?.can_undo;
    if (buttons.redo) buttons.redo.disabled = !ready || !snap?.can_redo;
    buttons.restart.disabled = !ready;
    nodes.status.textContent = this.text(game.status);
    // Busy while the worker has not answered the last click.
    nodes.status.setAttribute('aria-busy', String(game.pending > 0));
    nodes.notice.hidden = game.notices.length === 0;
    nodes.notice.replaceChildren(
      ...game.notices.map((line) => {
        const p = document.createElement('p');
        p.textContent = say(line, this.tr());
        return p;
      }),
    );
    this.renderProgress();
  }

  renderProgress() {
    const { game } = this;
    if (this.progress) return this.progress.show(game.solving, game.progress);
    // Without a progress bar (the element), the status line counts.
    if (game.solving && game.progress) {
      const percent = Math.floor((100 * game.progress.done) / game.progress.total);
      this.nodes.status.textContent = this.tr()('progress.label', { percent, total: game.progress.total.toLocaleString() });
    }
  }
}
