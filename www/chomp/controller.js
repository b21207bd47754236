// One Chomp game on a page, without any DOM (see shared/game-controller.js):
// the page and the <chomp-game> element are thin shells around it.

import { GameController } from '../shared/game-controller.js';
import { afterMoveLines, demoLines, hintLine, problemLine, turnLine } from './status.js';

/** @typedef {import('../pkg/impartial.js').ChompSnapshot} Snapshot */
/** @typedef {{ row: number, col: number }} Move */

/** @extends {GameController<Snapshot>} */
export class ChompController extends GameController {
  /** @param {'url.bad' | 'embed.badAttribute'} problemKey how bad settings are announced */
  constructor(problemKey) {
    super(
      'ChompSession',
      { afterMove: afterMoveLines, demo: demoLines, turn: turnLine, hint: (s) => (s.hint ? [hintLine(s.hint)] : []), problem: problemLine },
      problemKey,
    );
    /** Squares rung by the last hint. @type {Move[]} */
    this.hints = [];
    /** The square whose bite is previewed. @type {Move | null} */
    this.preview = null;
  }

  /** @param {Snapshot | null} [snap] */
  cleared(snap) {
    this.hints = snap?.hint?.winning ?? [];
    this.preview = null;
  }

  /** The person eats `move`. @param {Move} move */
  bite(move) {
    return this.act((s) => s.call('play', move.row, move.col));
  }

  /** The square whose bite is previewed (hover, focus, first tap). @param {Move | null} move */
  setPreview(move) {
    const rows = this.snap?.rows ?? [];
    // A hit test on the drawing: a square still there, other than the poisoned one.
    const shown = move && !this.snap?.over && move.row <= rows.length && move.col <= rows[move.row - 1] && (move.row > 1 || move.col > 1);
    const next = shown ? move : null;
    if (next?.row === this.preview?.row && next?.col === this.preview?.col) return;
    this.preview = next;
    this.changed();
  }
}
