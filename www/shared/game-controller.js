// One game on a page, without any DOM, whatever the game: its session in
// the worker, the last snapshot it sent, and what the status line says.
// Each game's controller extends it with its moves; the pages and elements
// are thin shells around those: they turn clicks into calls and paint the
// controller's state when it says 'change'.
//
// One user action is one request to the session and one snapshot back. The
// computer's reply is requested after a short pause, for the ply it was
// asked for, so an undo or a new game in between makes it stale.

import { SolverClient, SolverError, CancelledError } from './solver-client.js';
import { errorLine } from './i18n.js';

/** @typedef {import('./i18n.js').Line} Line */
/** @typedef {import('../pkg/impartial.js').Problem} Problem */
/** @typedef {{ done: number, total: number, seconds: number | null, began: number }} Progress */
/**
 * What every game's snapshot has.
 * @typedef {{ moves: unknown[], over: boolean, computer_to_move: boolean, computer_waits: boolean,
 *   demo: boolean, problems: Problem[], start_params: [string, string][], record: string,
 *   game_params: [string, string][], reveal?: string, reveal_limit?: string }} BaseSnapshot
 */
/**
 * The game's own sentences, made from its snapshots.
 * @template {BaseSnapshot} S
 * @typedef {object} GameLines
 * @property {(s: S) => Line[]} afterMove what was played and whose turn it is
 * @property {(s: S) => Line[]} demo a demo move and why
 * @property {(s: S) => Line} turn whose turn it is
 * @property {(s: S) => Line[]} hint the hint in the snapshot
 * @property {(p: Problem, s: S, key: 'url.bad' | 'embed.badAttribute') => Line} problem a setting not used
 */
/**
 * A session in the worker, as every game's has it.
 * @template S
 * @typedef {{ call(method: string, ...args: unknown[]): Promise<S>, run?: (method: string, progress: (done: number, total: number) => void, ...args: unknown[]) => Promise<any>, alive: boolean }} Session
 */

/** Whether `err` says the request was overtaken (a stale ply, a cancelled worker). */
function overtaken(/** @type {unknown} */ err) {
  return err instanceof CancelledError || (err instanceof SolverError && err.code === 'session.stale');
}

/**
 * The level a page shows, when below the game's limit, as a new game keeps
 * it (`shown`; the sum reveals everything).
 * @param {BaseSnapshot | null} s @returns {[string, string][]}
 */
export function keptShown(s) {
  return s?.reveal && s.reveal !== s.reveal_limit ? [['shown', s.reveal]] : [];
}

/** A search for a move running longer than this is cancelled by a new game rather than waited for. */
const LONG_SEARCH_MS = 300;

/** The pause before the computer answers, so a person sees their own bite first. */
const replyPause = () => (matchMedia('(prefers-reduced-motion: reduce)').matches ? 150 : 500);

/** @template {BaseSnapshot} S */
export class GameController extends EventTarget {
  /**
   * @param {'ChompSession' | 'GrundySession' | 'SumSession'} className the session's class in the module
   * @param {GameLines<S>} lines
   * @param {'url.bad' | 'embed.badAttribute'} problemKey how bad settings are announced
   */
  constructor(className, lines, problemKey) {
    super();
    this.className = className;
    this.lines = lines;
    this.problemKey = problemKey;
    // Sums of games live in the study module; Chomp and Grundy in the games one.
    this.client = new SolverClient(className === 'SumSession' ? 'study' : 'games');
    this.client.addEventListener('lost', (e) => this.lost(/** @type {CustomEvent} */ (e).detail));
    /** @type {Session<S> | null} */
    this.session = null;
    /** The session being made, which every caller meanwhile waits for. @type {Promise<unknown> | null} */
    this.creating = null;
    /** @type {S | null} */
    this.snap = null;
    this.solving = false;
    /** @type {Progress | null} */
    this.progress = null;
    /** @type {Line[]} */
    this.status = [];
    /** @type {Line[]} */
    this.notices = [];
    /** Requests sent and not yet answered: the status line is marked busy meanwhile. */
    this.pending = 0;
    /**
     * Bumped by every start: answers for an older game are dropped. Within a
     * game, every answer is shown in the order it comes, which is the order
     * the worker ran the requests in, so the last one is the session's state.
     */
    this.starts = 0;
    /**
     * When the search for a computer move or a hint went out (0 when none
     * is on its way): on an open board it can take seconds, so the page
     * offers to cancel it and a new game does not wait for it.
     */
    this.thinkingSince = 0;
    /** Who waits for the next snapshot (a demo move the computer could not prove yet). @type {((v: null) => void)[]} */
    this.awaiting = [];
    /** Set by cancelThinking: the worker's end is a cancelled search, not a lost game. */
    this.thinkingCancelled = false;
    /**
     * Counts the games started (a start that sets up again a game already
     * played, after a lost worker or from the address, is not a new one):
     * the address bar gives each game one entry of the history.
     */
    this.games = 0;
  }

  /**
   * Sends a request that may search for long (a computer move, a hint),
   * marking the game as thinking until it answers.
   * @param {Session<S>} session @param {string} method @param {...unknown} args
   * @returns {Promise<S>}
   */
  async think(session, method, ...args) {
    const since = performance.now();
    this.thinkingSince = since;
    this.changed();
    try {
      return await session.call(method, ...args);
    } finally {
      // Unless another search began meanwhile (after a cancel, a new game).
      if (this.thinkingSince === since) this.thinkingSince = 0;
    }
  }

  /** How long the current search has been going, in milliseconds (0 when none). */
  thinkingFor() {
    return this.thinkingSince ? performance.now() - this.thinkingSince : 0;
  }

  changed() {
    this.dispatchEvent(new Event('change'));
  }

  /** @returns {Promise<Session<S>>} */
  async ensureSession() {
    if (!this.session?.alive) {
      // Callers at the same time share one session.
      const pending = this.creating ?? this.client.create(this.className);
      this.creating = pending;
      try {
        this.session = /** @type {Session<S>} */ (/** @type {unknown} */ (await pending));
      } finally {
        if (this.creating === pending) this.creating = null;
      }
    }
    return this.session;
  }

  /**
   * Starts the worker and its session now, before the page has set itself
   * up: the worker's script and the wasm load and compile on another core
   * meanwhile (most of a slow device's time to a playable board).
   */
  warmUp() {
    this.ensureSession().catch(() => {});
  }

  /**
   * Starts a game from name/value pairs (the URL's, an element's attributes,
   * a form's). Bad values are announced and replaced, or, when `strict`,
   * refused: the promise then rejects with the solver's error and the game
   * on the board stays. Resolves with the snapshot, or null when another
   * start or a cancel overtook this one.
   * @param {[string, string][]} pairs
   * @param {{ strict?: boolean, notices?: Line[], wait?: boolean, status?: Line[], resume?: boolean }} [options]
   *   notices to show with the new game; `wait`: on the computer's turn, it
   *   waits to be asked (the game set up again after its search was
   *   cancelled), with `status` said; `resume`: the pairs set up again a game
   *   already played (not a new game)
   * @returns {Promise<S | null>}
   */
  async start(pairs, { strict = false, notices = [], wait = false, status, resume = false } = {}) {
    const token = ++this.starts;
    // A box still being solved, or a long search for a move, is no longer
    // wanted: stop it rather than queue behind it. A quick answer (an exact
    // box answers in milliseconds) is waited for, so its table is kept. While
    // the session is still being made nothing runs yet: stopping the worker
    // then would fail the very creation this start waits for, and load it again.
    if (!this.creating && (this.solving || this.thinkingFor() > LONG_SEARCH_MS)) this.client.cancel();
    this.solving = true;
    this.progress = null;
    this.cleared();
    this.status = [this.solvingLine()];
    this.changed();
    const began = performance.now();
    /** The first report: the rate is measured from there. @type {{ at: number, done: number } | null} */
    let first = null;
    const progress = (/** @type {number} */ done, /** @type {number} */ total) => {
      if (token !== this.starts) return;
      const now = performance.now();
      // The work is not spread evenly over the reports (a box's solve says
      // its count at once, then nothing for its first third): the rate since
      // the first report of work done, not since the start, predicts the rest.
      if (done > 0) first ??= { at: now, done };
      const span = first ? now - first.at : 0;
      const gained = first ? done - first.done : 0;
      const seconds = gained > 0 && span > 500 ? Math.ceil(((total - done) * span) / gained / 1000) : null;
      this.progress = { done, total, seconds, began };
      this.changed();
    };
    /** @type {S} */
    let snap;
    try {
      const session = await this.ensureSession();
      snap = await session.call('start', pairs, strict, progress);
      if (wait && snap.computer_to_move && !snap.over && token === this.starts) {
        snap = await session.call('go_to', snap.moves.length);
      }
    } catch (err) {
      if (token !== this.starts) return null;
      this.solving = false;
      this.progress = null;
      if (err instanceof CancelledError) {
        // The session went with the worker: no game is left to play.
        this.snap = null;
        this.status = [this.cancelledLine()];
      }
      else if (!strict) this.status = [this.failedLine(err)];
      else this.status = this.snap ? this.lines.afterMove(this.snap) : [];
      this.changed();
      if (strict && !(err instanceof CancelledError)) throw err;
      return null;
    }
    if (token !== this.starts) return null;
    this.solving = false;
    this.progress = null;
    if (!resume) this.games++;
    this.notices = [...notices, ...snap.problems.map((p) => this.lines.problem(p, snap, this.problemKey))];
    this.apply(snap, status);
    return snap;
  }

  /** What the status line says while a start is being prepared. @returns {Line} */
  solvingLine() {
    return ['status.solving'];
  }

  /** What the status line says when a start is cancelled. @returns {Line} */
  cancelledLine() {
    return ['status.cancelled'];
  }

  /** What the status line says when a start fails. @param {unknown} err @returns {Line} */
  failedLine(err) {
    return ['status.solveFailed', { reason: { line: errorLine(err) } }];
  }

  /**
   * Forgets what belonged to the position shown (each game's hints and
   * previews), taking the hint of `snap` when it has one.
   * @param {S | null} [snap]
   */
  cleared(snap) {
    void snap;
  }

  /**
   * Shows a snapshot and what it says; asks for the computer's move when it is its turn.
   * @param {S} snap @param {Line[]} [status]
   */
  apply(snap, status) {
    for (const resolve of this.awaiting.splice(0)) resolve(null);
    this.snap = snap;
    this.cleared(snap);
    this.status = status ?? this.lines.afterMove(snap);
    this.changed();
    // After a jump back to its turn the computer waits to be asked (continueGame).
    if (snap.computer_to_move && !snap.computer_waits) void this.computerTurn();
  }

  /**
   * Sends one action to the session and shows its answer; a refusal is said
   * with whose turn it is.
   * @param {(s: Session<S>) => Promise<S>} action
   * @param {(s: S) => Line[]} [status]
   */
  async act(action, status) {
    const snap = this.snap;
    const session = this.session;
    if (!snap || !session || this.solving) {
      this.status = [['error.busy']];
      this.changed();
      return;
    }
    const starts = this.starts;
    this.pending++;
    this.changed();
    try {
      const next = await action(session);
      this.pending--;
      if (starts === this.starts) this.apply(next, status?.(next));
    } catch (err) {
      this.pending--;
      if (starts !== this.starts || overtaken(err)) return this.changed();
      // Refused: nothing changed in the session (a computer move still on its way comes as planned).
      this.status = [errorLine(err), this.lines.turn(this.snap ?? snap)];
      this.changed();
    }
  }

  /** After undo, redo or restart: in a demo only whose turn it is, else what was played. @param {S} s */
  steppedLines(s) {
    return s.demo ? [this.lines.turn(s)] : this.lines.afterMove(s);
  }

  undo() {
    return this.act((s) => s.call('undo'), (next) => this.steppedLines(next));
  }

  redo() {
    return this.act((s) => s.call('redo'), (next) => this.steppedLines(next));
  }

  restart() {
    return this.act((s) => s.call('restart'), (next) => this.steppedLines(next));
  }

  /** Asks for the hint on the position shown. */
  hint() {
    const ply = this.snap?.moves.length ?? 0;
    return this.act(
      (s) => this.think(s, 'hint', ply),
      (next) => [...this.lines.hint(next), this.lines.turn(next)],
    );
  }

  /** Shows the position after `ply` moves of the game line (the move list's jump). @param {number} ply */
  goTo(ply) {
    return this.act((s) => s.call('go_to', ply), (next) => this.steppedLines(next));
  }

  /** Lets the computer play from a position reached by a jump, where it waits. */
  continueGame() {
    const ply = this.snap?.moves.length ?? 0;
    return this.act((s) => this.think(s, 'computer_move', ply));
  }

  /**
   * Chooses what the game reveals; the status line stays as it is.
   * @param {import('../pkg/impartial.js').Reveal} level
   */
  setReveal(level) {
    return this.act((s) => s.call('set_reveal', level), () => this.status);
  }

  /**
   * Asks the session a question that changes nothing (why, the editor, the
   * values of splits): its answer, or null when the game changed meanwhile
   * or the worker was ended. A refusal is thrown with its code.
   * @param {string} method the session's method @param {...unknown} args
   * @returns {Promise<unknown>} the answer (each caller knows its type)
   */
  async query(method, ...args) {
    const session = this.session;
    if (!session || this.solving) return null;
    const starts = this.starts;
    try {
      const answer = await session.call(method, ...args);
      return starts === this.starts ? answer : null;
    } catch (err) {
      if (starts !== this.starts || overtaken(err)) return null;
      throw err;
    }
  }

  /** The level the page shows, as a new game keeps it (see keptShown). */
  keptShown() {
    return keptShown(this.snap);
  }

  /** Starts the same game again from its beginning (the Play again button). */
  playAgain() {
    const snap = this.snap;
    if (snap) void this.start([...snap.start_params, ...this.keptShown()]);
  }

  /** Enters or leaves the demo. @param {boolean} on */
  setDemo(on) {
    return this.act(
      (s) => s.call('set_demo', on),
      (next) => (on ? [['demo.started'], this.lines.turn(next)] : this.lines.afterMove(next)),
    );
  }

  /**
   * One demo move by the perfect computer, said with why it is good.
   * @param {() => boolean} alive turns false when the move is no longer wanted
   * @returns {Promise<boolean>} whether the game goes on
   */
  async demoMove(alive) {
    const snap = this.snap;
    if (!snap || !this.session || snap.over || this.solving) return false;
    const starts = this.starts;
    try {
      const next = await this.think(this.session, 'computer_move', snap.moves.length);
      if (starts !== this.starts) return false;
      // Played in the session even if the demo was paused meanwhile: shown, then it stops.
      this.apply(next, this.lines.demo(next));
      return alive() && !next.over;
    } catch (err) {
      if (overtaken(err)) return false;
      if (err instanceof SolverError && err.code === 'computer.waits') {
        // Nothing proven yet: the demo goes on with the next snapshot (the table taken up, or stopped).
        this.status = [['status.computerWaitsTable']];
        this.changed();
        await new Promise((resolve) => this.awaiting.push(resolve));
        return alive() && starts === this.starts;
      }
      throw err;
    }
  }

  /** The computer's reply, after a pause. */
  async computerTurn() {
    const snap = this.snap;
    const session = this.session;
    if (!snap || !session) return;
    const starts = this.starts;
    await new Promise((resolve) => setTimeout(resolve, replyPause()));
    // Another answer came meanwhile (undo, restart, a new game): this turn is gone.
    if (this.snap !== snap || starts !== this.starts) return;
    try {
      const next = await this.think(session, 'computer_move', snap.moves.length);
      if (starts === this.starts) this.apply(next);
    } catch (err) {
      if (starts !== this.starts || overtaken(err)) return;
      // The perfect computer waits for what is being proven: the next
      // snapshot (its table ready) asks it again.
      if (err instanceof SolverError && err.code === 'computer.waits') this.status = [['status.computerWaitsTable']];
      else this.status = [['g.failed', { reason: { line: errorLine(err) } }], this.lines.turn(snap)];
      this.changed();
    }
  }

  /**
   * Stops a solve at once; or a search for a move, after which the game is
   * set up again where it was, the computer waiting to be asked.
   */
  cancel() {
    // Clicked just as the answer came: nothing to stop, and the game stays.
    if (!this.solving && !this.thinkingSince) return;
    if (!this.solving) this.thinkingCancelled = true;
    this.client.cancel();
  }

  /** Ends the worker for good. */
  close() {
    this.starts++;
    this.client.close();
  }

  /**
   * The worker was ended: by cancel (the caller says so), or by a trap in
   * the module, after which the game is set up again where it was.
   * @param {'cancelled' | 'trapped'} why
   */
  lost(why) {
    this.session = null;
    const snap = this.snap;
    const searchCancelled = why === 'cancelled' && this.thinkingCancelled;
    this.thinkingCancelled = false;
    this.thinkingSince = 0;
    if ((why === 'cancelled' && !searchCancelled) || this.solving || !snap) return;
    this.snap = null;
    // The same game line, board and level shown.
    const pairs = snap.game_params;
    if (searchCancelled) {
      // Set up again with the computer waiting, or it would search again at once.
      void this.start(pairs, { notices: this.notices, wait: true, status: [['status.searchCancelled']], resume: true });
    } else {
      void this.start(pairs, { notices: [...this.notices, ['worker.restarted']], resume: true });
    }
  }
}
