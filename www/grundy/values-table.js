// The values view's table, as Winning Ways prints a heap game's values: rows
// of one period (row labels 0, p, 2p, …), each column one residue mod p, and
// before the period's start the exceptions marked: the values that differ
// from the one the period gives their column. Pure: no page, no module, so
// the unit tests (tests/unit/values-table.test.mjs) and the export use it.

/** Rows this wide when no period is proven (or the period is too long to read as rows). */
export const PLAIN_WIDTH = 10;
/** A period longer than this is not written one row per period. */
export const MAX_ROW = 60;

/** @typedef {{ start: number, length: number }} Period */
/** @typedef {{ n: number, value: number, exception: boolean }} Cell */
/** @typedef {{ label: number, cells: Cell[] }} Row */
/** @typedef {{ width: number, byPeriod: boolean, rows: Row[], rowCount: number, exceptions: number[] }} Table */

/**
 * Whether G(n) differs from the value the period gives n: the first heap at
 * or past `start` with n's residue. Only heaps before `start` can (past it the
 * period holds by definition); false when that heap is past the values.
 * @param {ArrayLike<number>} values @param {Period | null} period @param {number} n
 */
export function isException(values, period, n) {
  if (!period || n >= period.start) return false;
  const p = period.length;
  const k = n + p * Math.ceil((period.start - n) / p);
  return k < values.length && values[k] !== values[n];
}

/**
 * The table of G(0), …, G(values.length − 1): its first `maxRows` rows (a
 * table of 2^24 values is not made whole), the count of them all, and
 * every exception (only heaps before the period's start can be one).
 * @param {ArrayLike<number>} values @param {Period | null} period @param {number} [maxRows]
 * @returns {Table}
 */
export function valuesTable(values, period, maxRows = Infinity) {
  const byPeriod = !!period && period.length <= MAX_ROW;
  const width = byPeriod && period ? period.length : PLAIN_WIDTH;
  const rowCount = Math.ceil(values.length / width);
  /** @type {number[]} */
  const exceptions = [];
  for (let n = 0; n < Math.min(values.length, period ? period.start : 0); n++) if (isException(values, period, n)) exceptions.push(n);
  /** @type {Row[]} */
  const rows = [];
  for (let label = 0; label < values.length && rows.length < maxRows; label += width) {
    /** @type {Cell[]} */
    const cells = [];
    for (let n = label; n < Math.min(values.length, label + width); n++) {
      cells.push({ n, value: values[n], exception: isException(values, period, n) });
    }
    rows.push({ label, cells });
  }
  return { width, byPeriod, rows, rowCount, exceptions };
}

/**
 * The table as plain text: a header of the columns, then one line per row,
 * its label first; an exception written with a star (`*3`), as the bold of
 * Winning Ways cannot be written in text.
 * @param {Table} table @param {number} [maxRows] rows written at most
 */
export function tableText(table, maxRows = Infinity) {
  // A loop, not Math.max(...cells): half a million arguments overflow the stack.
  let cellWidth = 3;
  for (const r of table.rows.slice(0, maxRows)) {
    for (const c of r.cells) cellWidth = Math.max(cellWidth, String(c.value).length + (c.exception ? 2 : 1));
  }
  const labelWidth = Math.max(2, String(table.rows.slice(0, maxRows).at(-1)?.label ?? 0).length) + 1;
  const pad = (/** @type {string} */ s, /** @type {number} */ w) => s.padStart(w);
  const head = pad('+', labelWidth) + Array.from({ length: table.width }, (_, k) => pad(String(k), cellWidth)).join('');
  const lines = table.rows
    .slice(0, maxRows)
    .map((r) => pad(String(r.label), labelWidth) + r.cells.map((c) => pad((c.exception ? '*' : '') + String(c.value), cellWidth)).join(''));
  return [head, ...lines].join('\n');
}

/**
 * The chart's points: every value up to `max` heaps; past that, per bucket
 * of heaps (at most `max` buckets) the distinct values it takes, each a
 * point at the bucket's first heap (a periodic game's values show as rows
 * of points, its largest as the top row), at most `perBucket` of them, the
 * largest. The heaps are non-decreasing, as uPlot's x values must be.
 * @param {ArrayLike<number>} values @param {number} [max] @param {number} [perBucket]
 * @returns {[number[], number[]]}
 */
export function downsample(values, max = 2000, perBucket = 48) {
  const len = values.length;
  if (len <= max) return [Array.from({ length: len }, (_, n) => n), Array.from(values)];
  const step = Math.ceil(len / max);
  /** @type {number[]} */
  const xs = [];
  /** @type {number[]} */
  const ys = [];
  /** Which bucket last saw each value (values fit in 16 bits). */
  const seen = new Int32Array(65536).fill(-1);
  for (let from = 0, b = 0; from < len; from += step, b++) {
    /** @type {number[]} */
    const taken = [];
    for (let n = from; n < Math.min(len, from + step); n++) {
      const v = values[n];
      if (seen[v] !== b) {
        seen[v] = b;
        taken.push(v);
      }
    }
    taken.sort((a, c) => a - c);
    for (const v of taken.slice(-perBucket)) {
      xs.push(from);
      ys.push(v);
    }
  }
  return [xs, ys];
}
