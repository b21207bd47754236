// One game of Grundy's game, without any DOM (see shared/game-controller.js).
// Besides the session's snapshot it keeps what the player is pointing at:
// the heap chosen and the cut previewed, and the hint's cut.

import { GameController } from '../shared/game-controller.js';
import { errorLine } from '../shared/i18n.js';
import { afterMoveLines, demoLines, hintLines, problemLine, turnLine } from './status.js';

/** @typedef {import('../pkg/impartial.js').GrundySnapshot} Snapshot */
/** @typedef {{ heap: number, cut: number }} Cut a place in a heap: `cut` matches on its left */
/** @typedef {import('../pkg/impartial.js').GrundyWhy} Why */
/** @typedef {import('../shared/i18n.js').Line} Line */
/**
 * What "Why?" explains: the split of live heap `heap` into `size − small`
 * and `small` from the position after `ply` moves of the game line, or that
 * position itself (`small` 0). `key` names it with the game line it is on,
 * so an answer for another line or split is never shown.
 * @typedef {{ ply: number, heap: number, small: number, size: number,
 *   kind: 'played' | 'split' | 'position', key: string }} WhyTarget
 */

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
    /** The last "Why?" answer and what it explains. @type {{ target: WhyTarget, answer: Why | null, error: Line | null } | null} */
    this.why = null;
    /** The position asked to be explained (its game line and ply). @type {string | null} */
    this.whyPosition = null;
    /** The split control's smaller part while no cut is previewed (the page's slider). */
    this.sliderSmall = () => 1;
    /** The target whose answer is on its way. @type {string | null} */
    this.whyAsked = null;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.whyTimer = null;
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

  /** Whether "Why?" may be asked now: explanations revealed, no computation going on. */
  whyWanted() {
    const s = this.snap;
    return !!s && s.reveal === 'explain' && !this.solving;
  }

  /**
   * What "Why?" should explain now: the split previewed (the heap chosen and
   * the slider, or a cut on the canvas), else the position when asked, else
   * the last move played (the one chosen in the move list).
   * @returns {WhyTarget | null}
   */
  whyTarget() {
    const s = this.snap;
    if (!s) return null;
    const ply = s.moves.length;
    const line = s.record_line;
    const playing = !s.over && !s.demo && !s.computer_to_move;
    const at = this.preview ?? (this.selected !== null ? { heap: this.selected, cut: this.sliderSmall() } : null);
    const split = playing && at ? this.splitAt(at) : null;
    if (split) {
      const size = split.big + split.small;
      return { ply, heap: split.heap, small: split.small, size, kind: 'split', key: `${line}|${ply}|${split.heap}:${split.small}` };
    }
    const position = { ply, heap: 0, small: 0, size: 0, kind: /** @type {const} */ ('position'), key: `${line}|${ply}|-` };
    if (this.whyPosition === position.key || ply === 0) return s.over ? null : position;
    const last = s.moves[ply - 1];
    return { ply: ply - 1, heap: last.heap, small: last.small, size: last.size, kind: 'played', key: `${line}|${ply - 1}|${last.heap}:${last.small}` };
  }

  /** The "Why?" answer for what is to be explained now, if it has come. */
  currentWhy() {
    const target = this.whyWanted() ? this.whyTarget() : null;
    return target && this.why && this.why.target.key === target.key ? this.why : null;
  }

  /** Explains the position on the board (its winning splits, or every split's answer). */
  explainPosition() {
    const s = this.snap;
    this.whyPosition = s ? `${s.record_line}|${s.moves.length}|-` : null;
    this.preview = null;
    this.selected = null;
    this.changed();
  }

  /**
   * Asks the session "Why?" for the current target, unless it is the one
   * answered or asked; a slider or pointer moving asks once it rests. An
   * answer that comes after the target moved on is dropped.
   */
  askWhy() {
    const target = this.whyWanted() ? this.whyTarget() : null;
    if (!target) return;
    if (this.why && this.why.target.key === target.key) return;
    if (this.whyAsked === target.key) return;
    if (this.whyTimer !== null) clearTimeout(this.whyTimer);
    this.whyAsked = target.key;
    const ask = async () => {
      this.whyTimer = null;
      /** @type {{ target: WhyTarget, answer: Why | null, error: Line | null }} */
      let result;
      try {
        const answer = /** @type {Why | null} */ (await this.query('why', target.ply, target.heap, target.small));
        if (!answer) return;
        result = { target, answer, error: null };
      } catch (err) {
        result = { target, answer: null, error: errorLine(err) };
      } finally {
        if (this.whyAsked === target.key) this.whyAsked = null;
      }
      const still = this.whyWanted() ? this.whyTarget() : null;
      if (!still || still.key !== target.key) return;
      this.why = result;
      this.changed();
    };
    if (target.kind !== 'split') void ask();
    else this.whyTimer = setTimeout(ask, 150);
  }
}
