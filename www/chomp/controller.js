// One Chomp game on a page, without any DOM (see shared/game-controller.js):
// the page and the <chomp-game> element are thin shells around it. Besides
// the session's snapshots it keeps what the person is pointing at, the last
// "Why?" answer and the position editor's shape, all from the session.

import { GameController, keptShown } from '../shared/game-controller.js';
import { errorLine } from '../shared/i18n.js';
import { touchScreen } from '../shared/touch.js';
import { afterMoveLines, demoLines, hintLine, problemLine, turnLine, editLine } from './status.js';

/** @typedef {import('../pkg/impartial.js').ChompSnapshot} Snapshot */
/** @typedef {import('../pkg/impartial.js').ChompWhy} Why */
/** @typedef {import('../pkg/impartial.js').ChompEdit} Edit */
/** @typedef {import('../pkg/impartial.js').ChompSlice} Slice */
/** @typedef {import('../shared/game-controller.js').Progress} Progress */
/** @typedef {import('../shared/i18n.js').Line} Line */
/** @typedef {{ row: number, col: number }} Move */
/**
 * What "Why?" explains: a move from the position after `ply` moves of the
 * game line, or that position itself (`move` null).
 * @typedef {{ ply: number, move: Move | null, kind: 'played' | 'square' | 'position' }} WhyTarget
 */

/**
 * Work units of a slice of the box's background solve (some 3 to 25 ms):
 * the page's requests wait at most that long behind it.
 */
const SLICE_UNITS = 1 << 18;

/** @param {WhyTarget} t */
const whyKey = (t) => `${t.ply}:${t.move ? `${t.move.row},${t.move.col}` : '-'}`;

/** @extends {GameController<Snapshot>} */
export class ChompController extends GameController {
  /** @param {'url.bad' | 'embed.badAttribute'} problemKey how bad settings are announced */
  constructor(problemKey) {
    super(
      'ChompSession',
      { afterMove: afterMoveLines, demo: demoLines, turn: turnLine, hint: (s) => (s.hint ? [hintLine(s.hint, !!s.solver.background)] : []), problem: problemLine },
      problemKey,
    );
    /** Squares rung by the last hint. @type {Move[]} */
    this.hints = [];
    /** The hint's longest resistance, in a lost position. @type {Move | null} */
    this.resist = null;
    /** The square whose bite is previewed. @type {Move | null} */
    this.preview = null;
    /** The last "Why?" answer and what it explains. @type {{ target: WhyTarget, answer: Why | null, error: Line | null } | null} */
    this.why = null;
    /** The ply at which the position itself was asked to be explained. @type {number | null} */
    this.whyPosition = null;
    /** The position editor's shape, while editing. @type {Edit | null} */
    this.editing = null;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.whyTimer = null;
    /** "Why?" opened under the game's buttons (a phone), with or without the values shown. */
    this.whyInline = false;
    /** The run solving a box's table between requests, with its session (null: none). @type {{ session: unknown } | null} */
    this.backgroundRun = null;
    /** How far that solve is (null when none). @type {Progress | null} */
    this.background = null;
  }

  /**
   * Shows a snapshot; a box whose table is still to solve gets it solved
   * in the background, slice by slice between the game's requests. The
   * solve is known before the snapshot is shown, so the progress bar goes
   * on from the start's to the solve's without going out between them.
   * @param {Snapshot} snap @param {Line[]} [status]
   */
  apply(snap, status) {
    const solve = this.backgroundSolve(snap);
    super.apply(snap, status);
    solve?.();
  }

  /**
   * Readies the background solve of `snap`'s box when it has one to solve
   * (how far it is, from now on), and returns what starts it; null when none.
   * @param {Snapshot} snap
   */
  backgroundSolve(snap) {
    const session = this.session;
    const run = session?.run?.bind(session);
    const pending = snap.solver.background;
    if (!pending && session && this.backgroundRun?.session === session) {
      // The session has no table to solve any more (stopped, a small box):
      // the bar goes with this snapshot, not with the run's last answer.
      this.backgroundRun = null;
      this.background = null;
    }
    if (!session || !run || !pending || this.backgroundRun?.session === session) return null;
    // This run's own token: a run ended early (above) and still answering
    // leaves the bar and the announcement to the run after it.
    const token = { session };
    this.backgroundRun = token;
    const began = performance.now();
    /** The first slice's report: the rate is measured from there. @type {{ at: number, done: number } | null} */
    let first = null;
    this.background = { done: pending.done, total: pending.total, seconds: null, began };
    const progress = (/** @type {number} */ done, /** @type {number} */ total) => {
      if (this.backgroundRun !== token) return;
      const now = performance.now();
      first ??= { at: now, done };
      const span = now - first.at;
      const gained = done - first.done;
      const left = gained > 0 && span > 500 ? Math.ceil(((total - done) * span) / gained / 1000) : null;
      // The first positions mark most of the box: their pace says nothing of the rest's.
      const seconds = left !== null && left < 3600 ? left : null;
      this.background = { done, total, seconds, began };
      this.changed();
    };
    const ended = () => {
      const mine = this.backgroundRun === token;
      if (mine) {
        this.backgroundRun = null;
        this.background = null;
      }
      return mine;
    };
    return () =>
      run('solve_some', progress, SLICE_UNITS).then(
        (/** @type {Slice} */ slice) => {
          if (!ended()) return;
          // Stopped, or another box since (a small one is solved at its start): no job
          // finished in this slice (its total is 0), so nothing was taken up to announce.
          const taken = slice.total > 0 && slice.snapshot?.solver.kind === 'box';
          if (!slice.snapshot || !taken || this.solving || session !== this.session) return this.changed();
          this.apply(slice.snapshot, [['status.tableReady'], ...afterMoveLines(slice.snapshot)]);
        },
        () => {
          if (ended()) this.changed();
        },
      );
  }

  /** Stops the box's background solve: the game goes on per position. */
  stopBackground() {
    return this.act((s) => s.call('stop_solving'), () => this.status);
  }

  /** Stops a solve or a search; else the background solve. */
  cancel() {
    if (!this.solving && !this.thinkingSince && this.background) {
      void this.stopBackground();
      return;
    }
    super.cancel();
  }

  /** @param {Snapshot | null} [snap] */
  cleared(snap) {
    this.hints = snap?.hint?.winning ?? [];
    this.resist = snap?.hint?.resist ?? null;
    this.preview = null;
    // Any new snapshot ends an edit (the game moved on under it).
    this.editing = null;
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
    this.askWhy();
  }

  /** Turns the analysis board on or off (the session adds the squares' values to its snapshots). @param {boolean} on */
  setAnalysis(on) {
    return this.act((s) => s.call('set_analysis', on), () => this.status);
  }

  /** The "Why?" answer for what is to be explained now, if it has come. */
  currentWhy() {
    const target = this.whyWanted() ? this.whyTarget() : null;
    return target && this.why && whyKey(this.why.target) === whyKey(target) ? this.why : null;
  }

  /** Whether "Why?" may be asked now: analysis on (or "Why?" opened under the buttons), explanations revealed, a game going on. */
  whyWanted() {
    const s = this.snap;
    return !!s && (s.analysis_on || this.whyInline) && s.reveal === 'explain' && !this.editing && !this.solving;
  }

  /**
   * What "Why?" should explain now: the square under the pointer, else the
   * position when asked, else the last move played.
   * @returns {WhyTarget | null}
   */
  whyTarget() {
    const s = this.snap;
    if (!s) return null;
    const ply = s.moves.length;
    if (this.preview && !s.over) return { ply, move: this.preview, kind: 'square' };
    if (this.whyPosition === ply || ply === 0) return s.over ? null : { ply, move: null, kind: 'position' };
    const last = s.moves[ply - 1];
    return { ply: ply - 1, move: { row: last.row, col: last.col }, kind: 'played' };
  }

  /** Explains the position on the board (every bite's answer, or its winning moves). */
  explainPosition() {
    this.whyPosition = this.snap?.moves.length ?? null;
    this.askWhy(true);
  }

  /**
   * Asks the session "Why?" for the current target, unless it is the one
   * answered; a pointer moving over the bar asks once it rests.
   * @param {boolean} [now]
   */
  askWhy(now = false) {
    if (this.whyTimer !== null) clearTimeout(this.whyTimer);
    this.whyTimer = null;
    const target = this.whyWanted() ? this.whyTarget() : null;
    if (!target) return;
    if (this.why && whyKey(this.why.target) === whyKey(target)) return;
    const ask = async () => {
      this.whyTimer = null;
      const { ply, move } = target;
      /** @type {{ target: WhyTarget, answer: Why | null, error: Line | null }} */
      let result;
      try {
        const answer = /** @type {Why | null} */ (await this.query('why', ply, move?.row ?? 0, move?.col ?? 0));
        if (!answer) return;
        result = { target, answer, error: null };
      } catch (err) {
        result = { target, answer: null, error: errorLine(err) };
      }
      // Dropped if the pointer or the position moved on meanwhile.
      const still = this.whyWanted() ? this.whyTarget() : null;
      if (!still || whyKey(still) !== whyKey(target)) return;
      this.why = result;
      this.changed();
    };
    if (now || target.kind !== 'square') void ask();
    else this.whyTimer = setTimeout(ask, 150);
  }

  /** Opens the position editor on the position of the board. */
  async editBegin() {
    await this.editWith(0, 0, false);
  }

  /**
   * In the editor, adds or removes a square (and what keeps the shape legal).
   * @param {Move} move @param {boolean} add
   */
  edit(move, add) {
    return this.editWith(move.row, move.col, add);
  }

  /** @param {number} row @param {number} col @param {boolean} add */
  async editWith(row, col, add) {
    try {
      const shape = /** @type {Edit | null} */ (await this.query('edit', row, col, add));
      if (!shape) return;
      this.editing = shape;
      this.status = [editLine(shape, this.snap?.reveal ?? 'off', touchScreen())];
    } catch (err) {
      this.status = [errorLine(err), ...(this.editing ? [editLine(this.editing, this.snap?.reveal ?? 'off', touchScreen())] : [])];
    }
    this.changed();
  }

  /** Leaves the editor; the game is as it was. */
  editCancel() {
    this.editing = null;
    if (this.snap) this.status = this.lines.afterMove(this.snap);
    this.changed();
  }

  /** Starts a game from the editor's shape (same box, opponent, first player and reveal limit). */
  async editPlay() {
    const shape = this.editing;
    const snap = this.snap;
    if (!shape || !snap) return;
    /** @type {[string, string][]} */
    const pairs = [
      ...keptSettings(snap),
      ['rows', String(snap.box_rows)],
      ['cols', String(snap.box_cols)],
      ['position', shape.rows.join(',')],
    ];
    this.editing = null;
    await this.start(pairs, { notices: [['notation.loaded', { rows: shape.rows.join(' ') }]] });
  }

  /**
   * Loads a game record typed or pasted in the page (`5x7: 2,3 4,1`): played
   * whole, or refused with the first move that cannot be played.
   * @param {string} text
   */
  async importRecord(text) {
    const snap = this.snap;
    if (!snap) return;
    try {
      const started = await this.start([...keptSettings(snap), ['record', text]], { strict: true });
      if (started) this.notices = [/** @type {Line} */ (['an.imported', { count: started.moves.length }])];
    } catch (err) {
      this.notices = [/** @type {Line} */ (['an.importBad', { reason: { line: errorLine(err) } }])];
    }
    this.changed();
  }
}

/**
 * The settings a new game keeps from this one: who starts, the opponent, the
 * reveal limit and the level shown.
 * @param {Snapshot} snap @returns {[string, string][]}
 */
export function keptSettings(snap) {
  return [...snap.start_params.filter(([name]) => name === 'first' || name === 'level' || name === 'reveal'), ...keptShown(snap)];
}
