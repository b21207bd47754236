// What the Chomp status line says, as translatable lines made from a
// snapshot of the session: whose turn, the last moves, the hint, a refusal,
// a demo move and why. Nothing here decides a rule: it only reads snapshots.

import { problemLine as settingLine } from '../shared/i18n.js';
import { movesSaid } from '../shared/moves-said.js';

/** @typedef {import('../pkg/impartial.js').ChompSnapshot} Snapshot */
/** @typedef {import('../shared/i18n.js').Line} Line */
/** @typedef {import('../pkg/impartial.js').Problem} Problem */

/**
 * Said while a big box is played without its table because its background
 * solve was stopped (the page's solver line, the element's own note).
 * @param {Snapshot | null} s @returns {Line | null}
 */
export function stoppedLine(s) {
  return s?.solver.kind === 'open' && s.solver.stopped ? ['status.openStopped'] : null;
}

/** The line that says whose turn it is, or who won. @param {Snapshot} s @returns {Line} */
export function turnLine(s) {
  if (s.over) {
    // The session names the winner of a game over, at its start too.
    const winner = /** @type {1 | 2} */ (s.winner);
    const loser = 3 - winner;
    if (s.demo) return ['demo.won', { player: winner, loser }];
    // Over before any move (a 1×1 bar): nobody left the poison to anyone; the player to move must eat it.
    if (s.moves.length === 0) {
      if (s.vs_computer) return [winner === 1 ? 'status.startWon' : 'status.startLost'];
      return ['status.startPlayerWon', { player: winner, loser }];
    }
    if (s.vs_computer) return [winner === 1 ? 'status.youWon' : 'status.computerWon'];
    return ['status.playerWon', { player: winner, loser }];
  }
  if (s.demo) return ['demo.toMove', { player: s.to_move }];
  // After a jump back to its turn the computer waits to be asked, and the status says so.
  if (s.computer_waits) return ['status.computerWaits'];
  if (s.vs_computer) return [s.computer_to_move ? 'status.computerThinking' : 'status.yourTurn'];
  return ['status.playerTurn', { player: s.to_move }];
}

/**
 * What was just played: against the computer, the person's move and its
 * reply; between two people, the last move.
 * @param {Snapshot} s @returns {Line[]}
 */
export function lastMoveLines(s) {
  /** @type {Line[]} */
  const lines = movesSaid(s.moves, s.vs_computer).map(({ row, col, by }) =>
    s.vs_computer ? [by === 1 ? 'status.youPlayed' : 'status.computerPlayed', { row, col }] : ['status.playerPlayed', { player: by, row, col }],
  );
  const last = s.moves[s.moves.length - 1];
  if (last && last.by === 2 && !last.note.sure && s.vs_computer) lines.push(['status.computerUnsure']);
  return lines;
}

/** The status after a move or a start: what was played, then whose turn. @param {Snapshot} s @returns {Line[]} */
export function afterMoveLines(s) {
  return s.demo ? demoLines(s) : [...lastMoveLines(s), turnLine(s)];
}

/**
 * In the demo: the move just played and why it is good, from what the
 * session knew when it played it.
 * @param {Snapshot} s @returns {Line[]}
 */
export function demoLines(s) {
  const last = s.moves[s.moves.length - 1];
  if (!last) return [turnLine(s)];
  /** @type {Line[]} */
  const lines = [['demo.played', { player: last.by, row: last.row, col: last.col }]];
  const r = last.note.remoteness;
  if (s.over) lines.push(turnLine(s));
  else if (last.note.winning === true) lines.push(r === null ? ['demo.whyWin'] : ['demo.whyWinIn', { moves: r }]);
  else if (last.note.winning === false && last.note.was_winning === false) {
    lines.push(r === null ? ['demo.whyResist'] : r === 1 ? ['demo.whyResistLast'] : ['demo.whyResistIn', { moves: r }]);
  }
  if (!last.note.sure) lines.push(['status.computerUnsure']);
  return lines;
}

/**
 * The hint's line.
 * @param {import('../pkg/impartial.js').ChompHint} h
 * @param {boolean} [solving] the box's table is being solved: what is not proven yet may be soon
 * @returns {Line}
 */
export function hintLine(h, solving = false) {
  if (h.winning.length > 0) {
    if (h.exact) return [h.winning.length === 1 ? 'hint.one' : 'hint.some', { list: h.winning }];
    return [solving ? 'hint.someNotYet' : 'hint.someUnsure', { list: h.winning }];
  }
  const at = h.resist ?? { row: 1, col: 1 };
  if (h.outcome === 'P') return ['hint.none', { row: at.row, col: at.col }];
  return [solving ? 'hint.unknownNotYet' : 'hint.unknown', { row: at.row, col: at.col }];
}

/**
 * The notice for a setting the session could not use (`url.bad` for the
 * address, `embed.badAttribute` for an element's attribute).
 * @param {Problem} p @param {Snapshot} s the game played instead
 * @param {'url.bad' | 'embed.badAttribute'} key
 * @returns {Line}
 */
export function problemLine(p, s, key) {
  return settingLine(p, key, p.used_full_bar ? ['url.usedFullBar', { rows: s.box_rows, cols: s.box_cols }] : null);
}

/**
 * The editor's line: the shape and its outcome for the player to move, as
 * far as the reveal level shows it.
 * @param {import('../pkg/impartial.js').ChompEdit} e @param {string} reveal the level in force
 * @param {boolean} [touch] a finger edits (it taps, it does not click)
 * @returns {Line}
 */
export function editLine(e, reveal, touch = false) {
  /** @type {Line} */
  let value;
  if (e.rows.length === 1 && e.rows[0] === 1) value = ['an.editOver'];
  else if (reveal === 'off') value = ['an.editHidden'];
  else if (e.outcome === null) value = ['an.editUnknown'];
  else if (e.remoteness === null) value = [e.outcome === 'N' ? 'an.editWin' : 'an.editLose'];
  else if (e.remoteness === 1) value = [e.outcome === 'N' ? 'an.editWinOne' : 'an.editLoseOne'];
  else value = [e.outcome === 'N' ? 'an.editWinIn' : 'an.editLoseIn', { moves: e.remoteness }];
  return [touch ? 'an.editingTouch' : 'an.editing', { rows: e.rows.join(' '), value: { line: value } }];
}
