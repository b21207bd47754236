// What the Grundy status line says, as translatable lines made from a
// snapshot of the session. Nothing here decides a rule.

import { errorLine } from '../shared/i18n.js';

/** @typedef {import('../pkg/impartial.js').GrundySnapshot} Snapshot */
/** @typedef {import('../pkg/impartial.js').GrundyPly} Ply */
/** @typedef {import('../shared/i18n.js').Line} Line */

/** "You", "the computer" or "Player n", as a nested line. @param {Snapshot} s @param {1 | 2} player */
function name(s, player) {
  if (s.vs_computer) return { line: /** @type {Line} */ ([player === 1 ? 'you' : 'computer']) };
  return { line: /** @type {Line} */ (['g.player', { n: player }]) };
}

/** Whose turn it is, or who won. @param {Snapshot} s @returns {Line} */
export function turnLine(s) {
  if (s.over) {
    // The session names the winner of a game over, at its start too (heaps of 2 and 1).
    const winner = /** @type {1 | 2} */ (s.winner);
    if (s.demo) return ['g.demo.wins', { player: winner }];
    if (s.vs_computer) return [winner === 1 ? 'g.youWin' : 'g.youLose'];
    return ['g.playerWins', { player: name(s, winner) }];
  }
  if (s.demo) return ['demo.toMove', { player: s.to_move }];
  // After a jump back to its turn the computer waits to be asked, and the status says so.
  if (s.computer_waits) return ['status.computerWaits'];
  if (s.vs_computer) return [s.computer_to_move ? 'g.thinking' : 'g.yourTurn'];
  return ['g.playerTurn', { player: name(s, s.to_move) }];
}

/** @param {Ply} m @returns {Record<string, number>} */
const split = (m) => ({ count: m.size, big: m.big, small: m.small });

/** What was just played, then whose turn. @param {Snapshot} s @returns {Line[]} */
export function afterMoveLines(s) {
  if (s.demo) return demoLines(s);
  /** @type {Line[]} */
  const lines = [];
  for (let i = s.moves.length - 1; i >= 0 && lines.length < (s.vs_computer ? 2 : 1); i--) {
    const m = s.moves[i];
    if (s.vs_computer) lines.unshift([m.by === 1 ? 'g.youPlayed' : 'g.computerPlayed', split(m)]);
    else lines.unshift(['g.playerPlayed', { player: name(s, m.by), ...split(m) }]);
    if (m.by === 1) break;
  }
  return [...lines, turnLine(s)];
}

/** In the demo: the split just played and what it does to the nim-sum. @param {Snapshot} s @returns {Line[]} */
export function demoLines(s) {
  const last = s.moves[s.moves.length - 1];
  if (!last) return [turnLine(s)];
  /** @type {Line[]} */
  const lines = [['g.demo.played', { player: last.by, ...split(last) }]];
  if (s.over) lines.push(turnLine(s));
  else if (last.winning) lines.push(['g.demo.toZero', { sum: s.values && s.values.length > 1 ? `${s.values.join(' xor ')} = 0` : '0' }]);
  else if (last.was_winning === false) lines.push(['g.demo.resist']);
  return lines;
}

/**
 * The heaps set aside, naming only the sizes there are (a heap of 1 alone
 * is "1 of 1 match", not "0 of 2 matches, 1 of 1 match").
 * @param {number} ones @param {number} twos @returns {Line}
 */
export function asideLine(ones, twos) {
  /** @type {Line} */
  const two = ['g.asideTwos', { count: twos }];
  /** @type {Line} */
  const one = ['g.asideOnes', { count: ones }];
  /** @type {Line} */
  const list = ones && twos ? ['g.asideBoth', { twos: { line: two }, ones: { line: one } }] : twos ? two : one;
  return [ones + twos === 1 ? 'g.setAsideOne' : 'g.setAsideLabel', { list: { line: list } }];
}

/** The hint's line. @param {Snapshot} s @returns {Line[]} */
export function hintLines(s) {
  const h = s.hint;
  if (!h) return [];
  if (h.winning) {
    const w = h.winning;
    return [['g.hintWin', { count: w.big + w.small, n: w.heap + 1, big: w.big, small: w.small }]];
  }
  if (h.resist) return [['g.hintLoseResist', { count: h.resist.big + h.resist.small, big: h.resist.big, small: h.resist.small }]];
  return [['g.hintLose']];
}

/**
 * The notice for a setting the session could not use.
 * @param {import('../pkg/impartial.js').Problem} p @param {Snapshot} _s
 * @param {'url.bad' | 'embed.badAttribute'} key
 * @returns {Line}
 */
export function problemLine(p, _s, key) {
  const reason = { line: errorLine(p.reason) };
  // A record cut short was played up to the split the reason names: not ignored.
  if (p.partly_used) return ['url.partly', { name: p.name, value: p.value, reason }];
  if (!p.used) return [key === 'url.bad' ? 'url.badPlain' : 'embed.badAttributePlain', { name: p.name, value: p.value, reason }];
  return [key, { name: p.name, value: p.value, reason, used: p.used }];
}
