// The benchmarks' plain-text tables: one line per row, columns right-aligned.

const pad = (/** @type {unknown} */ v, /** @type {number} */ w) => String(v).padStart(w);

/**
 * Prints a table and a blank line.
 * @param {string[]} head
 * @param {unknown[][]} body
 */
export function printTable(head, body) {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => String(r[i]).length)));
  console.log(head.map((h, i) => pad(h, widths[i])).join('  '));
  for (const r of body) console.log(r.map((v, i) => pad(v, widths[i])).join('  '));
  console.log();
}
