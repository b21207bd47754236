// What the Grundy status line says, as translatable lines made from a
// snapshot of the session. Nothing here decides a rule.

import { problemLine as settingLine } from '../shared/i18n.js';
import { movesSaid } from '../shared/moves-said.js';

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
  // Grundy's sentences speak of splits and of being stuck, which loses: not in misère play.
  const other = s.rule !== 'grundy' || s.misere;
  if (s.over) {
    // The session names the winner of a game over, at its start too (heaps of 2 and 1).
    const winner = /** @type {1 | 2} */ (s.winner);
    if (s.demo) return [other ? 'h.demo.wins' : 'g.demo.wins', { player: winner }];
    // Misère play: the game ends when the last token is taken, and its taker loses.
    const m = s.misere && s.moves.length > 0;
    if (s.vs_computer) {
      if (!other) return [winner === 1 ? 'g.youWin' : 'g.youLose'];
      return [winner === 1 ? (m ? 'h.youWinMisere' : 'h.youWin') : m ? 'h.youLoseMisere' : 'h.youLose'];
    }
    return [other ? (m ? 'h.playerWinsMisere' : 'h.playerWins') : 'g.playerWins', { player: name(s, winner) }];
  }
  if (s.demo) return ['demo.toMove', { player: s.to_move }];
  // After a jump back to its turn the computer waits to be asked, and the status says so.
  if (s.computer_waits) return ['status.computerWaits'];
  if (s.vs_computer) return [s.computer_to_move ? 'g.thinking' : other ? 'h.yourTurn' : 'g.yourTurn'];
  return [other ? 'h.playerTurn' : 'g.playerTurn', { player: name(s, s.to_move) }];
}

/**
 * A move in words: Grundy's split ("split 13 into 8 + 5"), or what another
 * rule's move takes and leaves ("take 2 of 7, leaving 3 + 2").
 * @param {{ take: number, big: number, small: number }} m @returns {Line}
 */
export function moveLine(m) {
  const size = m.take + m.big + m.small;
  const words = { take: m.take, size, big: m.big, small: m.small };
  if (m.take === 0) return ['h.m.split', words];
  if (m.big === 0) return ['h.m.all', words];
  return [m.small === 0 ? 'h.m.one' : 'h.m.two', words];
}

/** @param {Ply} m @returns {Record<string, number>} */
const split = (m) => ({ count: m.size, big: m.big, small: m.small });

/**
 * What was played, in Grundy's sentence or another rule's.
 * @param {Snapshot} s @param {'g.youPlayed' | 'g.computerPlayed' | 'g.playerPlayed' | 'g.demo.played'} key @param {Ply} m @param {Record<string, unknown>} [more]
 * @returns {Line}
 */
function played(s, key, m, more = {}) {
  if (s.rule === 'grundy') return /** @type {Line} */ ([key, { ...more, ...split(m) }]);
  const other = /** @type {const} */ ({ 'g.youPlayed': 'h.youPlayed', 'g.computerPlayed': 'h.computerPlayed', 'g.playerPlayed': 'h.playerPlayed', 'g.demo.played': 'h.demo.played' })[key];
  return /** @type {Line} */ ([other, { ...more, move: { line: moveLine(m) } }]);
}

/** What was just played, then whose turn. @param {Snapshot} s @returns {Line[]} */
export function afterMoveLines(s) {
  if (s.demo) return demoLines(s);
  const lines = movesSaid(s.moves, s.vs_computer).map((m) =>
    s.vs_computer ? played(s, m.by === 1 ? 'g.youPlayed' : 'g.computerPlayed', m) : played(s, 'g.playerPlayed', m, { player: name(s, m.by) }),
  );
  return [...lines, turnLine(s)];
}

/** In the demo: the split just played and what it does to the nim-sum. @param {Snapshot} s @returns {Line[]} */
export function demoLines(s) {
  const last = s.moves[s.moves.length - 1];
  if (!last) return [turnLine(s)];
  /** @type {Line[]} */
  const lines = [played(s, 'g.demo.played', last, { player: last.by })];
  const other = s.rule !== 'grundy' || s.misere;
  if (s.over) lines.push(turnLine(s));
  else if (last.winning && (s.misere || (other && !s.values))) lines.push(['h.demo.toLost']);
  else if (last.winning) lines.push(['g.demo.toZero', { sum: s.values && s.values.length > 1 ? `${s.values.join(' xor ')} = 0` : '0' }]);
  else if (last.was_winning === false) lines.push([other ? 'h.demo.resist' : 'g.demo.resist']);
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

/**
 * Another rule's heaps with no move left, by size ("2 × 1, 1 × 3").
 * @param {number[]} aside `[size, count, …]` @returns {Line}
 */
export function asideGroupsLine(aside) {
  /** @type {string[]} */
  const parts = [];
  for (let i = 0; i + 1 < aside.length; i += 2) parts.push(`${aside[i + 1]} × ${aside[i]}`);
  return ['h.setAside', { list: parts.join(', ') }];
}

/** The hint's line. @param {Snapshot} s @returns {Line[]} */
export function hintLines(s) {
  const h = s.hint;
  if (!h) return [];
  if (s.rule !== 'grundy' || s.misere) {
    if (h.winning) return [['h.hintWin', { move: { line: moveLine(h.winning) }, n: h.winning.heap + 1 }]];
    if (h.resist) return [['h.hintLoseResist', { move: { line: moveLine(h.resist) } }]];
    return [['h.hintLose']];
  }
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
  return settingLine(p, key);
}
