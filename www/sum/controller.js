// One sum of games on the page, without any DOM (see shared/game-controller.js).
// The module sends the components, moves and hint as flat lists of numbers
// (a smaller wasm); decode() turns each snapshot into objects first.

import { GameController } from '../shared/game-controller.js';
import { problemLine, moveLine as heapMoveLine } from '../grundy/status.js';
import { errorLine } from '../shared/i18n.js';
import { movesSaid } from '../shared/moves-said.js';

/** @typedef {import('../pkg/impartial_study.js').SumSnapshotRaw} Raw */
/** @typedef {'chomp' | 'grundy' | 'nim' | 'heaps'} Kind */
/** @typedef {{ kind: Kind, component: number, row: number, col: number, heap: number, take: number, big: number, small: number, leave: number }} SumMove */
/** One move of a heap: take `take` tokens, leave `big` and `small` (0: none). @typedef {{ take: number, big: number, small: number }} HeapOption */
/**
 * A component: `rule` names a heap game's rule (`grundy`, `kayles`, `0.333`;
 * empty otherwise); `heaps` are its heaps that have a move, each with its
 * moves (listed for rules other than Grundy's game), `aside` its heaps
 * without one (`ones` and `twos` for Grundy's game).
 * @typedef {{ kind: Kind, rule: string, nimber: number, rows: number[], box: [number, number],
 *   heaps: { size: number, value: number, options: HeapOption[] }[], aside: { size: number, count: number }[],
 *   ones: number, twos: number, size: number, start: number }} Component
 */
/**
 * A move of the game line: the nim-sums before and after it, and its mark.
 * @typedef {{ mv: SumMove, by: 1 | 2, before: number, after: number, mark: import('../pkg/impartial_study.js').Mark | null }} Ply
 */
/**
 * @typedef {Omit<Raw, 'components' | 'moves' | 'undone' | 'hint'> & { components: Component[], moves: Ply[],
 *   undone: Ply[], hint: { winning: SumMove[], resist: SumMove | null } | null }} SumSnapshot
 */
/** @typedef {import('../shared/i18n.js').Line} Line */

/** @type {Kind[]} */
const KINDS = ['chomp', 'grundy', 'nim', 'heaps'];
/** Numbers per move in the snapshot's lists (the Rust `MOVE_WORDS`). */
const MOVE = 6;
/** A move's mark from its number (0: none). @type {(import('../pkg/impartial_study.js').Mark | null)[]} */
const MARKS = [null, 'good', 'mistake'];

/** A move from its six numbers at `i`. @param {number[]} f @param {number} i @returns {SumMove} */
function moveAt(f, i) {
  const kind = KINDS[f[i]] ?? 'nim';
  const m = { kind, component: f[i + 1], row: 0, col: 0, heap: 0, take: 0, big: 0, small: 0, leave: 0 };
  if (kind === 'chomp') [m.row, m.col] = [f[i + 2], f[i + 3]];
  else if (kind === 'nim') m.leave = f[i + 2];
  else [m.heap, m.take, m.big, m.small] = [f[i + 2], f[i + 3], f[i + 4], f[i + 5]];
  return m;
}

/**
 * The snapshot as objects (the lists' layout is documented on the Rust
 * `sum::session::Snapshot`).
 * @param {Raw} raw @returns {SumSnapshot}
 */
export function decode(raw) {
  const f = raw.components;
  /** @type {Component[]} */
  const components = [];
  for (let i = 0; i + 2 < f.length; i += 3 + f[i + 2]) {
    const body = f.slice(i + 3, i + 3 + f[i + 2]);
    /** @type {Component} */
    const c = { kind: KINDS[f[i]] ?? 'nim', rule: raw.rules[components.length] ?? '', nimber: f[i + 1], rows: [], box: [0, 0], heaps: [], aside: [], ones: 0, twos: 0, size: 0, start: 0 };
    if (c.kind === 'chomp') {
      c.box = [body[0], body[1]];
      c.rows = body.slice(2);
    } else if (c.kind === 'nim') {
      [c.start, c.size] = [body[0], body[1]];
    } else {
      let j = 1;
      for (; j < 1 + 2 * body[0]; j += 2) c.aside.push({ size: body[j], count: body[j + 1] });
      while (j + 2 < body.length) {
        const [size, value, m] = [body[j], body[j + 1], body[j + 2]];
        /** @type {HeapOption[]} */
        const options = [];
        for (let k = 0; k < m; k++) options.push({ take: body[j + 3 + 3 * k], big: body[j + 4 + 3 * k], small: body[j + 5 + 3 * k] });
        c.heaps.push({ size, value, options });
        j += 3 + 3 * m;
      }
      c.ones = c.aside.find((a) => a.size === 1)?.count ?? 0;
      c.twos = c.aside.find((a) => a.size === 2)?.count ?? 0;
    }
    components.push(c);
  }
  // The game line, on the board then undone: each move's nim-sum before it is the one after the move before.
  /** @type {Ply[]} */
  const line = [];
  for (const f of [raw.moves, raw.undone]) {
    for (let i = 0; i + MOVE + 2 < f.length; i += MOVE + 3) {
      const mark = MARKS[f[i + MOVE + 2]] ?? null;
      line.push({ mv: moveAt(f, i), by: /** @type {1 | 2} */ (f[i + MOVE]), before: line.at(-1)?.after ?? raw.start_sum, after: f[i + MOVE + 1], mark });
    }
  }
  const moves = line.slice(0, raw.moves.length / (MOVE + 3));
  const undone = line.slice(moves.length);
  /** @type {SumMove[]} */
  const listed = [];
  for (let i = 0; raw.hint && i + MOVE - 1 < raw.hint.length; i += MOVE) listed.push(moveAt(raw.hint, i));
  const hint = raw.hint ? { winning: raw.hint_wins ? listed : [], resist: raw.hint_wins ? null : listed[0] ?? null } : null;
  return { ...raw, components, moves, undone, hint };
}

/** A move in words. @param {SumMove} m @param {SumSnapshot} [s] @returns {Line} */
export function moveLine(m, s) {
  const game = m.component + 1;
  if (m.kind === 'chomp') return ['sum.moveChomp', { game, row: m.row, col: m.col }];
  if (m.kind === 'grundy') return ['sum.moveGrundy', { game, size: m.big + m.small, big: m.big, small: m.small }];
  if (m.kind === 'heaps') return ['sum.moveHeap', { game, move: { line: heapMoveLine(m) } }];
  void s;
  return ['sum.moveNim', { game, leave: m.leave }];
}

/** Whose turn it is. @param {SumSnapshot} s @returns {Line} */
function turnLine(s) {
  if (s.over) {
    // The session names the winner of a game over, at its start too (nim=0).
    const winner = /** @type {1 | 2} */ (s.winner);
    // Over before any move: nobody won by a move; the player to move has none.
    if (s.moves.length === 0) {
      if (s.vs_computer) return [winner === 1 ? 'sum.startWon' : 'sum.startLost'];
      return ['sum.startPlayerWon', { player: winner, loser: 3 - winner }];
    }
    if (s.vs_computer) return [winner === 1 ? 'sum.youWon' : 'sum.computerWon'];
    return ['sum.playerWon', { player: winner }];
  }
  if (s.computer_waits) return ['status.computerWaits'];
  if (s.computer_to_move) return ['status.computerThinking'];
  if (s.vs_computer) return ['sum.yourTurn'];
  return ['status.playerTurn', { player: s.to_move }];
}

/**
 * What was just played, then whose turn it is: against the computer, the
 * person's move and then its reply, as the Chomp and Grundy pages say them
 * (the reply alone left the person's own move unsaid).
 * @param {SumSnapshot} s @returns {Line[]}
 */
function afterMoveLines(s) {
  const said = movesSaid(s.moves, s.vs_computer);
  /** @type {Line[]} */
  const lines = said.map((m, i) => {
    const who = s.vs_computer ? (m.by === 1 ? 'sum.you' : 'sum.computer') : 'sum.player';
    // The nim-sum once, after the last move: the line stays short enough
    // to read from the back of a classroom.
    const key = i === said.length - 1 ? 'sum.played' : 'sum.playedBefore';
    return [key, { who: { line: [who, { player: m.by }] }, move: { line: moveLine(m.mv) }, sum: m.after }];
  });
  return [...lines, turnLine(s)];
}

/**
 * A setting not used. The sum as a whole (no game left, or too many) is no
 * one parameter of the address: said without a name, with what is played.
 * @param {import('../pkg/impartial.js').Problem} p @param {SumSnapshot} s @param {'url.bad' | 'embed.badAttribute'} key
 * @returns {Line}
 */
function sumProblemLine(p, s, key) {
  const reason = { line: errorLine(p.reason) };
  if (p.reason.code === 'sum.empty') return ['sum.badEmpty', { reason }];
  if (p.reason.code === 'sum.too_many') return ['sum.badTooMany', { reason, used: p.used ?? '' }];
  return problemLine(p, /** @type {any} */ (s), key);
}

/** The hint in words. @param {SumSnapshot} s @returns {Line[]} */
function hintLines(s) {
  if (!s.hint) return [];
  // Two heaps of one size in a game have the same move in words: said once (both are ringed).
  if (s.hint.winning.length) return [['sum.hintWin', { moves: [...new Set(s.hint.winning.map((m) => say1(moveLine(m))))].join('; ') }]];
  return [['sum.hintLose', { move: s.hint.resist ? say1(moveLine(s.hint.resist)) : '–' }]];
}

/** @type {(line: Line) => string} */
let say1 = () => '';

/** @extends {GameController<SumSnapshot>} */
export class SumController extends GameController {
  /** @param {(line: Line) => string} say the page's say(), for lists of moves inside a sentence */
  constructor(say) {
    super('SumSession', { afterMove: afterMoveLines, demo: afterMoveLines, turn: turnLine, hint: hintLines, problem: (p, s, key) => sumProblemLine(p, s, key) }, 'url.bad');
    say1 = say;
  }

  /** The games being set up, not a Chomp bar alone (a sum may have none). */
  solvingLine() {
    return /** @type {Line} */ (['sum.solving']);
  }

  cancelledLine() {
    return /** @type {Line} */ (['sum.cancelled']);
  }

  /** A session whose answers are decoded. */
  async ensureSession() {
    if (!this.session?.alive) {
      const remote = await this.client.create('SumSession');
      this.session = {
        get alive() {
          return remote.alive;
        },
        call: async (/** @type {string} */ method, /** @type {unknown[]} */ ...args) =>
          decode(await /** @type {any} */ (remote).call(method, ...args)),
      };
    }
    return this.session;
  }

  /** @param {SumMove} m */
  play(m) {
    if (m.kind === 'chomp') return this.act((s) => s.call('play_chomp', m.component, m.row, m.col));
    if (m.kind === 'grundy') return this.act((s) => s.call('play_grundy', m.component, m.heap, m.big, m.small));
    if (m.kind === 'heaps') return this.act((s) => s.call('play_heap', m.component, m.heap, m.take, m.big, m.small));
    return this.act((s) => s.call('play_nim', m.component, m.leave));
  }

}
