// One game of Grundy's game, without any DOM (see shared/game-controller.js).
// Besides the session's snapshot it keeps what the player is pointing at:
// the heap chosen and the cut previewed, and the hint's cut.

import { GameController } from '../shared/game-controller.js';
import { errorLine } from '../shared/i18n.js';
import { afterMoveLines, demoLines, hintLines, problemLine, turnLine } from './status.js';

/** @typedef {import('../pkg/impartial.js').GrundySnapshot} Snapshot */
/** @typedef {{ heap: number, cut: number }} Cut a place in a heap: `cut` matches on its left */

/** @extends {GameController<Snapshot>} */
export class GrundyController extends GameController {
  /** @param {'url.bad' | 'embed.badAttribute'} problemKey how bad settings are announced */
  constructor(problemKey) {
    super('GrundySession', { afterMove: afterMoveLines, demo: demoLines, turn: turnLine, hint: hintLines, problem: problemLine }, problemKey);
    /** The heap chosen by the player (index among the live heaps). @type {number | null} */
    this.selected = null;
    /** The cut previewed. @type {Cut | null} */
    this.preview = null;
    /** The hint's cut. @type {Cut | null} */
    this.hintCut = null;
  }

  solvingLine() {
    return /** @type {import('../shared/i18n.js').Line} */ (['g.computing']);
  }

  cancelledLine() {
    return /** @type {import('../shared/i18n.js').Line} */ (['g.cancelled']);
  }

  /** @param {unknown} err */
  failedLine(err) {
    return /** @type {import('../shared/i18n.js').Line} */ (['g.computeFailed', { reason: { line: errorLine(err) } }]);
  }

  /** @param {Snapshot | null} [snap] */
  cleared(snap) {
    const w = snap?.hint?.winning ?? snap?.hint?.resist ?? null;
    this.hintCut = w ? { heap: w.heap, cut: w.small } : null;
    this.selected = w ? w.heap : null;
    this.preview = w ? { heap: w.heap, cut: w.small } : null;
  }

  /** The person splits live heap `heap` into `big + small`. @param {number} heap @param {number} big @param {number} small */
  split(heap, big, small) {
    return this.act((s) => s.call('play', heap, big, small));
  }

  /**
   * The split a cut stands for, when the snapshot says it is one (the two
   * parts differ and neither is empty); null otherwise.
   * @param {Cut} at
   */
  splitAt(at) {
    const n = this.snap?.heaps[at.heap];
    const most = this.snap?.max_small[at.heap] ?? 0;
    if (n === undefined) return null;
    const small = Math.min(at.cut, n - at.cut);
    if (small < 1 || small > most) return null;
    return { heap: at.heap, big: n - small, small };
  }

  /** Chooses a heap. @param {number | null} heap */
  select(heap) {
    this.selected = heap;
    this.preview = null;
    this.changed();
  }

  /** Shows where a cut would split. @param {Cut | null} at */
  setPreview(at) {
    this.preview = at;
    if (at) this.selected = at.heap;
    this.changed();
  }
}
