// A baseline written to the original page's own description (chp.js, in
// ../shared/seeds/000): memoised recursion over positions keyed by their
// column-height strings ("5 5 5 4 4 3 3 3 1 1 1 0 0"), `noyau[pos]` = 0 for
// kernel positions and 1 otherwise, `suivt[pos]` = the kernel successor to
// play. It answers one position, stopping at the first kernel successor.
// Used only by the benchmark page, to compare with the wasm solver.

/**
 * @param {number} rows @param {number} cols
 * @returns {{ winning: string | null, known: number }}
 */
export function chpSolve(rows, cols) {
  /** @type {Record<string, number>} */
  const noyau = {};
  /** @type {Record<string, string>} */
  const suivt = {};

  /** @param {string} pos */
  function gagne(pos) {
    if (pos in noyau) return noyau[pos];
    const colonnes = pos.split(' ').map(Number);
    for (let x = 0; x < colonnes.length; x++) {
      for (let y = 0; y < colonnes[x]; y++) {
        if (x === 0 && y === 0) continue; // the poisoned square
        const succ = colonnes.map((h, i) => (i >= x ? Math.min(h, y) : h)).join(' ');
        if (gagne(succ) === 0) {
          noyau[pos] = 1;
          suivt[pos] = succ;
          return 1;
        }
      }
    }
    noyau[pos] = 0;
    suivt[pos] = pos;
    return 0;
  }

  const start = Array.from({ length: cols }, () => rows).join(' ');
  const value = gagne(start);
  return { winning: value === 1 ? suivt[start] : null, known: Object.keys(noyau).length };
}
