// Which moves a status line says after a move, the same on every game page.

/**
 * The last move, and against the computer the person's move before its
 * reply (both, in the order played): "You ate …. The computer ate …".
 * @template {{ by: number }} M
 * @param {M[]} moves @param {boolean} vsComputer @returns {M[]}
 */
export function movesSaid(moves, vsComputer) {
  /** @type {M[]} */
  const said = [];
  for (let i = moves.length - 1; i >= 0 && said.length < (vsComputer ? 2 : 1); i--) {
    said.unshift(moves[i]);
    if (moves[i].by === 1) break;
  }
  return said;
}
