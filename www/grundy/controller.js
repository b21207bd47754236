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
 * A move of a rule other than Grundy's, as the player chose it: take `take`
 * from live heap `heap`, the tokens from `from` on (the parts left are
 * `from` and `size − from − take`, the larger `big`).
 * @typedef {{ heap: number, take: number, big: number, small: number, from: number }} Choice
 */
/** One legal move of a heap, from the session's options(heap): `x` the nim-sum it leaves (1 when hidden). @typedef {{ take: number, big: number, small: number, x: number }} Option */
/**
 * What "Why?" explains: the split of live heap `heap` into `size − small`
 * and `small` from the position after `ply` moves of the game line, or that
 * position itself (`small` 0). `key` names it with the game line it is on,
 * so an answer for another line or split is never shown.
 * @typedef {{ ply: number, heap: number, small: number, size: number, take?: number, big?: number,
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
    /** Another rule's move chosen (previewed). @type {Choice | null} */
    this.choice = null;
    /** Another rule's hinted move. @type {Choice | null} */
    this.hintMove = null;
    /** The legal moves of the chosen heap, for the position they were asked at. @type {{ key: string, heap: number, list: Option[] | null, error: Line | null } | null} */
    this.moveOptions = null;
  }

  /** Whether the game is Grundy's (splits), else another rule's (takes). */
  isGrundy() {
    return !this.snap || this.snap.rule === 'grundy';
  }

  /** The key of the position and heap whose options are wanted. @param {number} heap */
  optionsKey(heap) {
    const s = this.snap;
    return s ? `${s.record_line}|${s.moves.length}|${heap}|${s.reveal}` : '';
  }

  /**
   * The legal moves of live heap `heap` as the session lists them (asked
   * once per position and heap), or null until they come.
   * @param {number} heap @returns {Option[] | null}
   */
  optionsOf(heap) {
    const key = this.optionsKey(heap);
    if (this.moveOptions?.key === key) return this.moveOptions.list;
    const asked = { key, heap, list: /** @type {Option[] | null} */ (null), error: /** @type {Line | null} */ (null) };
    this.moveOptions = asked;
    this.query('options', heap)
      .then((flat) => {
        if (this.moveOptions !== asked || !flat) return;
        const f = /** @type {number[]} */ (flat);
        /** @type {Option[]} */
        const list = [];
        for (let i = 0; i + 3 < f.length; i += 4) list.push({ take: f[i], big: f[i + 1], small: f[i + 2], x: f[i + 3] });
        asked.list = list;
        this.changed();
      })
      .catch((/** @type {unknown} */ err) => {
        if (this.moveOptions !== asked) return;
        asked.error = errorLine(err);
        this.changed();
      });
    return null;
  }

  /** Chooses (previews) another rule's move, or none. @param {Choice | null} m */
  choose(m) {
    this.choice = m;
    if (m) this.selected = m.heap;
    this.changed();
  }

  /** The person plays another rule's move. @param {{ heap: number, take: number, big: number, small: number }} m */
  playMove(m) {
    return this.act((s) => s.call('play', m.heap, m.big, m.small, m.take));
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
    this.selected = w ? w.heap : null;
    if (snap && snap.rule !== 'grundy') {
      // Another rule's hint: the tokens it takes are marked, the move chosen.
      const m = w ? { heap: w.heap, take: w.take, big: w.big, small: w.small, from: w.big } : null;
      this.hintMove = m;
      this.choice = m;
      this.hintCut = this.preview = null;
      return;
    }
    this.hintMove = this.choice = null;
    this.hintCut = w ? { heap: w.heap, cut: w.small } : null;
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
    this.choice = null;
    // A move previewed on the heap left is no longer the one Split or
    // Play would play: the line above the board says whose turn it is again.
    if (this.snap && this.status.some(([key]) => /^[gh]\.preview/.test(key))) this.status = [this.lines.turn(this.snap)];
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
    if (s.rule !== 'grundy') {
      const c = playing ? this.choice : null;
      if (c) {
        const size = c.take + c.big + c.small;
        return { ply, heap: c.heap, small: c.small, size, take: c.take, big: c.big, kind: 'split', key: `${line}|${ply}|${c.heap}:${c.take}:${c.small}` };
      }
    }
    const at = s.rule !== 'grundy' ? null : this.preview ?? (this.selected !== null ? { heap: this.selected, cut: this.sliderSmall() } : null);
    const split = playing && at ? this.splitAt(at) : null;
    if (split) {
      const size = split.big + split.small;
      return { ply, heap: split.heap, small: split.small, size, kind: 'split', key: `${line}|${ply}|${split.heap}:${split.small}` };
    }
    const position = { ply, heap: 0, small: 0, size: 0, kind: /** @type {const} */ ('position'), key: `${line}|${ply}|-` };
    if (this.whyPosition === position.key || ply === 0) return s.over ? null : position;
    const last = s.moves[ply - 1];
    return { ply: ply - 1, heap: last.heap, small: last.small, size: last.size, take: last.take, big: last.big, kind: 'played', key: `${line}|${ply - 1}|${last.heap}:${last.take}:${last.small}` };
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
    this.choice = null;
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
        const answer = /** @type {Why | null} */ (await this.query('why', target.ply, target.heap, target.small, target.take ?? 0));
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
