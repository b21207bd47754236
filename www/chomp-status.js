// The turn-taking the Chomp page and the <chomp-game> element share: what the
// status line says (last moves, whose turn, refusals, bad parameters, as
// translatable lines) and the computer's paced reply.

import { illegal } from './game.js';
import { CancelledError } from './solver-client.js';
import { MAX_SIDE, MAX_THIN_SIDE } from './url-params.js';

/** @typedef {import('./game.js').Game} Game */
/** @typedef {import('./game.js').Move} Move */
/** @typedef {import('./i18n.js').Key} Key */
/** @typedef {[Key, Record<string, string | number | Move[]>?]} Line */

/**
 * One line in a language; a `moves` value becomes a readable list.
 * @param {Line} line @param {import('./i18n.js').Translate} t
 */
export function sayLine([key, values = {}], t) {
  /** @type {Record<string, string | number>} */
  const filled = {};
  for (const [name, v] of Object.entries(values)) {
    filled[name] = Array.isArray(v) ? v.map((m) => t('hint.move', { ...m })).join(', ') : v;
  }
  return t(key, filled);
}

/** The line that says whose turn it is, or who won. @param {Game} game @returns {Line} */
export function turnLine(game) {
  if (game.over) {
    const winner = game.winner;
    if (game.vsComputer) return [winner === 'A' ? 'status.youWon' : 'status.computerWon'];
    return ['status.playerWon', { player: winner === 'A' ? 1 : 2, loser: winner === 'A' ? 2 : 1 }];
  }
  if (game.vsComputer) return [game.computerToMove ? 'status.computerThinking' : 'status.yourTurn'];
  return ['status.playerTurn', { player: game.sideAt() === 'A' ? 1 : 2 }];
}

/**
 * What was just played: against the computer, the person's move and its reply.
 * @param {Game} game @returns {Line[]}
 */
export function lastMoveLines(game) {
  /** @type {Line[]} */
  const lines = [];
  for (let i = game.index; i >= 1 && lines.length < (game.vsComputer ? 2 : 1); i--) {
    const move = /** @type {Move} */ (game.history[i].move);
    const by = game.sideAt(i - 1);
    if (game.vsComputer) lines.unshift([by === 'A' ? 'status.youPlayed' : 'status.computerPlayed', { ...move }]);
    else lines.unshift(['status.playerPlayed', { player: by === 'A' ? 1 : 2, ...move }]);
    if (by === 'A') break;
  }
  return lines;
}

/**
 * Why a bite by the person is refused right now, or null when it may be played.
 * @param {Game | null} game @param {boolean} busy @param {Move} move
 * @returns {Line[] | null}
 */
export function refusal(game, busy, move) {
  if (busy || !game) return [['error.busy']];
  if (game.over) return [['error.gameOver']];
  if (game.computerToMove) return [['error.notYourTurn']];
  const why = illegal(game.rows, move);
  if (why === 'poison') return [['error.poison'], turnLine(game)];
  if (why === 'eaten') return [['error.eaten', { ...move }], turnLine(game)];
  return null;
}

/**
 * The notice for a bad URL parameter (`url.bad`) or element attribute
 * (`embed.badAttribute`), with what was expected and what is used instead.
 * @param {import('./url-params.js').Problem} p
 * @param {import('./i18n.js').Translate} t
 * @param {{ rows: number, cols: number }} box the board played instead
 * @param {string} lang @param {'url.bad' | 'embed.badAttribute'} key
 * @returns {Line}
 */
export function problemLine(p, t, box, lang, key) {
  const limits = { max: p.expected === 'url.expect.shape' ? MAX_SIDE : MAX_THIN_SIDE, thin: MAX_THIN_SIDE };
  return [
    key,
    {
      name: p.name,
      value: p.value,
      expected: t(p.expected, { ...p.values, ...limits }),
      used: p.usedKey ? t(p.usedKey, { rows: box.rows, cols: box.cols }) : p.used || lang,
    },
  ];
}

/**
 * The computer's move in `game` after a short pause (so a person sees their own
 * bite first), or null when `stillWanted()` turns false meanwhile (undo, new
 * game) or the solver is cancelled.
 * @param {import('./solver-client.js').SolverClient} solver @param {Game} game
 * @param {() => boolean} stillWanted
 * @returns {Promise<import('./pkg/impartial.js').Choice | null>}
 */
export async function computerReply(solver, game, stillWanted) {
  const pause = matchMedia('(prefers-reduced-motion: reduce)').matches ? 150 : 500;
  await new Promise((resolve) => setTimeout(resolve, pause));
  if (!stillWanted()) return null;
  try {
    const move = await solver.computerMove(game.rows, game.settings.level);
    return stillWanted() ? move : null;
  } catch (err) {
    if (err instanceof CancelledError) return null;
    throw err;
  }
}

/**
 * The hint for the position on the board: its winning squares and the line
 * that says so (or, with none, the perfect computer's resisting move), or null
 * when the position changed while the solver worked (a bite, undo, new game)
 * or the solver was cancelled.
 * @param {import('./solver-client.js').SolverClient} solver @param {Game} game
 * @returns {Promise<{ hints: Move[], line: Line } | null>}
 */
export async function hintFor(solver, game) {
  const { index, rows } = game;
  const stale = () => game.index !== index || game.rows !== rows;
  try {
    const analysis = await solver.analyze(rows);
    if (stale()) return null;
    const hints = analysis.moves.filter((m) => m.winning === true).map(({ row, col }) => ({ row, col }));
    if (hints.length > 0) return { hints, line: [analysis.exact ? 'hint.some' : 'hint.someUnsure', { list: hints }] };
    // Longest resistance by remoteness when the box has it, else the move
    // leaving the fewest winning replies.
    const resist = await solver.computerMove(rows, 'perfect');
    if (stale() || !resist) return null;
    return { hints, line: [analysis.outcome === 'P' ? 'hint.none' : 'hint.unknown', { row: resist.row, col: resist.col }] };
  } catch (err) {
    if (err instanceof CancelledError) return null;
    throw err;
  }
}
