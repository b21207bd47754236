// The DOM events a page can listen to on <chomp-game> and <grundy-game>, so
// a host (a lesson, an exercise sheet, a score board) follows the game
// without reaching into the shadow DOM:
//   move      detail: the move (each game's own fields), `player` (1 or 2),
//             `computer` (whether the computer played it), `ply` (moves on
//             the board after it)
//   gameover  detail: `winner` (1 or 2), `computer` (whether the computer
//             won), `moves` (how many were played), `record` (the game
//             record line, as "Copy the record" gives it); sent as the game
//             starts when it starts over (a 1×1 bar: moves 0)
// Both bubble and cross the shadow root. Player 1 is the person at the page;
// player 2 the computer or a second person.

/**
 * @template {import('./game-controller.js').BaseSnapshot & { moves: { by: 1 | 2 }[], vs_computer: boolean,
 *   winner: 1 | 2 | null, record_line: string }} S
 * @param {import('./game-controller.js').GameController<S>} game
 * @param {EventTarget} host the element the events are sent from
 * @param {(move: S['moves'][number]) => Record<string, number>} fields the move's own fields (row and col; heap and parts)
 */
export function sendGameEvents(game, host, fields) {
  /** The snapshot last seen, and the start it belongs to. */
  let last = /** @type {S | null} */ (null);
  let starts = -1;
  game.addEventListener('change', () => {
    const snap = game.snap;
    if (!snap || snap === last) return;
    const before = starts === game.starts ? last : null;
    last = snap;
    starts = game.starts;
    // One move more than the snapshot before (a bite, the computer's answer, a redo).
    if (before && snap.moves.length === before.moves.length + 1) {
      const move = snap.moves[snap.moves.length - 1];
      const computer = snap.vs_computer && move.by === 2;
      host.dispatchEvent(
        new CustomEvent('move', {
          bubbles: true,
          composed: true,
          detail: { ...fields(move), player: move.by, computer, ply: snap.moves.length },
        }),
      );
    }
    if (snap.over && snap.winner !== null && (!before || !before.over)) {
      host.dispatchEvent(
        new CustomEvent('gameover', {
          bubbles: true,
          composed: true,
          detail: {
            winner: snap.winner,
            computer: snap.vs_computer && snap.winner === 2,
            moves: snap.moves.length,
            record: snap.record_line,
          },
        }),
      );
    }
  });
}
