// <chomp-game rows="5" cols="7" first="human" level="perfect" lang="fr">
// (and position="5,5,3" to start elsewhere than the full bar, reveal="moves"
// to limit what the analysis board and the hint tell, seed="7" for the same
// random choices on every load, no-hint and
// no-settings to leave out the Hint button or the analysis board and its
// editor; `move` and `gameover` events tell the host page what happens):
// Chomp for a math site's page, from one <script type="module">. A thin
// shell around the same controller and panel as the page, on the element
// base it shares with <grundy-game> (shadow DOM, own worker, attributes,
// language, events).

import css from './element.css?inline';
import { GameElement, make } from '../shared/game-element.js';
import { ChompController } from './controller.js';
import { ChompPanel } from './panel.js';
import { stoppedLine } from './status.js';
import { say } from '../shared/i18n.js';

/** The attributes the game reads; the session checks them like a URL's parameters. */
const GAME_ATTRIBUTES = ['rows', 'cols', 'first', 'level', 'position', 'reveal', 'seed'];

/** @extends {GameElement<import('../pkg/impartial.js').ChompSnapshot>} */
export class ChompGameElement extends GameElement {
  static observedAttributes = [...GAME_ATTRIBUTES, 'lang'];

  constructor() {
    super(css, GAME_ATTRIBUTES);
    const { notice, status } = this.statusNodes();
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
    const progress = this.progressNodes();
    // Where the background solve's bar was: why the computer is no longer sure (the page's solver line).
    this.solverNote = make('p', { class: 'solver-note', part: 'solver' });
    this.solverNote.hidden = true;
    this.root.append(notice, status, scroll, progress.box, this.solverNote, controls, this.analysisBox);
    this.nodes = { status, notice, wrap, canvas, grid, buttons: this.buttons, controls, analysis, progress };
  }

  createGame() {
    const game = new ChompController('embed.badAttribute');
    const panel = new ChompPanel(game, this.nodes, () => this.t);
    panel.analysis.editButton.setAttribute('part', 'edit');
    game.addEventListener('change', () => {
      const line = game.solving ? null : stoppedLine(game.snap);
      this.solverNote.hidden = !line;
      this.solverNote.textContent = line ? say(line, this.t) : '';
    });
    return game;
  }

  /** @param {import('../pkg/impartial.js').ChompPly} move */
  moveFields(move) {
    return { row: move.row, col: move.col };
  }

  /** @param {import('../shared/i18n.js').Translate} t */
  translateWords(t) {
    this.buttons.hint.textContent = t('controls.hint');
    this.buttons.undo.textContent = t('controls.undo');
    this.buttons.redo.textContent = t('controls.redo');
    this.buttons.restart.textContent = t('controls.restart');
    this.analysisSummary.textContent = t('an.title');
  }
}

if (!customElements.get('chomp-game')) customElements.define('chomp-game', ChompGameElement);
