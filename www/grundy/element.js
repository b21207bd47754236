// <grundy-game heaps="17,5" first="human" level="perfect" lang="fr">
// (and reveal="moves" to limit what the hint tells, no-hint to leave the
// Hint button out; `move` and `gameover` events tell the host page what
// happens): Grundy's game for a math site's page, from one
// <script type="module" src=".../grundy-game.js">. A thin shell around the
// same controller and panel as the Grundy page, on the element base it
// shares with <chomp-game> (shadow DOM, own worker, attributes, language).

import css from './element.css?inline';
import { GameElement, make } from '../shared/game-element.js';
import { GrundyController } from './controller.js';
import { GrundyPanel } from './panel.js';

/** The attributes the game reads; the session checks them like a URL's parameters. */
// `rule` and `misere` choose the heap game, as in the page's address: a
// changed `rule` starts its game (the panel draws and plays every rule).
const GAME_ATTRIBUTES = ['rule', 'misere', 'heaps', 'first', 'level', 'reveal', 'seed'];

/** @extends {GameElement<import('../pkg/impartial.js').GrundySnapshot>} */
export class GrundyGameElement extends GameElement {
  static observedAttributes = [...GAME_ATTRIBUTES, 'lang'];

  constructor() {
    super(css, GAME_ATTRIBUTES);
    const { notice, status } = this.statusNodes();
    const canvas = make('canvas', { class: 'heaps-canvas', 'aria-hidden': 'true', part: 'board' });
    const heaps = make('div', { class: 'heaps', role: 'group' });
    const aside = make('p', { class: 'set-aside' });
    const progress = this.progressNodes();
    const split = {
      box: make('div', { class: 'split' }),
      label: make('label', { for: 'split-range' }),
      range: make('input', { type: 'range', id: 'split-range', min: '1', max: '1', value: '1' }),
      number: make('input', { type: 'number', class: 'split-n', min: '1', max: '1', value: '1', inputmode: 'numeric' }),
      out: make('output'),
      play: make('button', { type: 'button', class: 'primary' }),
    };
    split.box.append(split.label, split.range, split.number, split.out, split.play);
    this.buttons = {
      again: make('button', { type: 'button', class: 'primary' }),
      continue: make('button', { type: 'button', class: 'primary' }),
      hint: make('button', { type: 'button', class: 'primary', part: 'hint' }),
      undo: make('button', { type: 'button' }),
      redo: make('button', { type: 'button' }),
      restart: make('button', { type: 'button' }),
    };
    this.buttons.again.hidden = this.buttons.continue.hidden = true;
    const controls = make('div', { class: 'controls', part: 'controls' });
    controls.append(...Object.values(this.buttons));
    this.root.append(notice, status, canvas, heaps, aside, progress.box, split.box, controls);
    this.heaps = heaps;
    this.split = split;
    this.nodes = { status, notice, canvas, heaps, aside, split, buttons: this.buttons, progress };
    /** The element's panel, once in a page (its drawing's layout can be read from `panel.view`). @type {GrundyPanel | null} */
    this.panel = null;
  }

  createGame() {
    const game = new GrundyController('embed.badAttribute');
    this.panel = new GrundyPanel(game, this.nodes, () => this.t);
    return game;
  }

  /** @param {import('../pkg/impartial.js').GrundyPly} move */
  moveFields(move) {
    return { heap: move.heap, size: move.size, take: move.take, big: move.big, small: move.small };
  }

  /** @param {import('../shared/i18n.js').Translate} t */
  translateWords(t) {
    const b = this.buttons;
    b.hint.textContent = t('controls.hint');
    b.undo.textContent = t('controls.undo');
    b.redo.textContent = t('controls.redo');
    b.restart.textContent = t('controls.restart');
    b.again.textContent = t('an.again');
    b.continue.textContent = t('an.continue');
    this.split.play.textContent = t('g.split');
    this.split.number.setAttribute('aria-label', t('ui.g.splitSmall'));
    this.heaps.setAttribute('aria-label', t('g.board'));
  }
}

if (!customElements.get('grundy-game')) customElements.define('grundy-game', GrundyGameElement);
