// The lab's two charts: time and operation count against n on log scales
// (uPlot). Its own module, loaded by the lab when it first draws: the chart
// is an extra, and whatever goes wrong here (the library, the drawing) is
// said in the chart's place while the runs and the table go on.

import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { t, num, compactNum } from '../shared/i18n.js';

const VERSIONS = [0, 1, 2, 3, 4, 5];
const COLORS = ['#b0204a', '#d9822b', '#7a9a01', '#0f7b3e', '#1f4e9c', '#6a3d9a'];
const DASHES = [[], [8, 4], [2, 3], [10, 3, 2, 3], [4, 4], []];

/** @typedef {{ version: string, heap: number, won: boolean, ops: number, ms: number }} Row */

/**
 * The y axis's width, from its longest tick label (a fixed width cut off
 * the operation counts' labels).
 * @param {uPlot} self @param {string[]} values @param {number} axisIdx @param {number} cycleNum
 */
function axisWidth(self, values, axisIdx, cycleNum) {
  const axis = /** @type {uPlot.Axis & { _size?: number }} */ ((self.axes ?? [])[axisIdx]);
  if (cycleNum > 1 && axis._size) return axis._size;
  const longest = (values ?? []).reduce((a, v) => (String(v).length > a.length ? String(v) : a), '');
  self.ctx.font = /** @type {[string, number]} */ (axis.font ?? ['12px system-ui', 12])[0];
  // The tick marks, the gap, the labels (measured at the canvas's pixel ratio) and the axis title.
  return Math.ceil(10 + 5 + self.ctx.measureText(longest).width / devicePixelRatio + 30);
}

/**
 * Tick labels written short on the log scales (2.3K, 77M, 0.01), in the page's language.
 * @param {uPlot} _self @param {number[]} splits
 */
function compactValues(_self, splits) {
  return splits.map((v) => (v == null ? '' : compactNum(v)));
}

/** Every number the chart writes, in the page's language (uPlot's own default is the browser's). */
const inPageLanguage = (/** @type {uPlot} */ _self, /** @type {number | null} */ v) => (v == null ? '' : num(v));

/**
 * A legend value: the one under the pointer, and with no pointer on the
 * chart the largest n's (the legend read "n: v0: v1:", colons with nothing
 * after them, until hovered); a version stopped before it (its budget
 * spent) gives its last value and that value's n.
 * @param {uPlot} self @param {number | null} v @param {number} series @param {number | null} idx
 */
function legendValue(self, v, series, idx) {
  if (idx != null) return inPageLanguage(self, v);
  const column = /** @type {(number | null | undefined)[]} */ (self.data[series] ?? []);
  let at = column.length - 1;
  while (at >= 0 && column[at] == null) at -= 1;
  if (at < 0) return '–';
  const value = num(/** @type {number} */ (column[at]));
  return at === column.length - 1 ? value : `${value} (n = ${num(/** @type {number} */ (self.data[0][at]))})`;
}

/**
 * Only the powers of ten keep their grid line and tick on a log scale: the
 * lines at 2, 3 … 9 times each stood so close as to read as grey bands.
 * @param {uPlot} _self @param {number[]} splits
 */
function powersOfTen(_self, splits) {
  return splits.map((v) => (v > 0 && Math.abs(Math.log10(v) - Math.round(Math.log10(v))) < 1e-9 ? v : null));
}

/** uPlot's columns: n, then one series per version (null where not run). @param {Row[]} rows @param {'ms' | 'ops'} field */
function data(rows, field) {
  const ns = [...new Set(rows.map((r) => r.heap))].sort((a, b) => a - b);
  const series = VERSIONS.map((v) =>
    ns.map((n) => {
      const r = rows.find((x) => x.version === `v${v}` && x.heap === n);
      // Log scales cannot show 0: a run faster than the clock shows at its resolution.
      return r ? Math.max(r[field], field === 'ms' ? 0.001 : 1) : null;
    }),
  );
  return /** @type {uPlot.AlignedData} */ ([ns, ...series]);
}

/** @param {'ms' | 'ops'} field @param {HTMLElement} where @param {Row[]} rows */
function makePlot(field, where, rows) {
  const width = Math.max(280, Math.min(620, where.clientWidth || 560));
  return new uPlot(
    {
      width,
      height: 300,
      scales: { x: { time: false }, y: { distr: 3 } },
      axes: [
        { label: t('lab.n'), values: (self, splits) => splits.map((v) => inPageLanguage(self, v)) },
        { label: field === 'ms' ? 'ms' : 'ops', size: axisWidth, values: compactValues, filter: powersOfTen, grid: { filter: powersOfTen }, ticks: { filter: powersOfTen } },
      ],
      series: [
        { label: 'n', value: legendValue },
        ...VERSIONS.map((v) => ({
          label: `v${v}`,
          stroke: COLORS[v],
          dash: DASHES[v],
          width: 2,
          points: { show: true, size: 5 },
          spanGaps: false,
          value: legendValue,
        })),
      ],
    },
    data(rows, field),
    where,
  );
}

/** The time chart and the operations chart of one lab run. */
export class LabCharts {
  /** @param {HTMLElement} timeEl @param {HTMLElement} opsEl */
  constructor(timeEl, opsEl) {
    this.timeEl = timeEl;
    this.opsEl = opsEl;
    /** @type {uPlot[]} */
    this.plots = [];
  }

  /** Draws the rows so far (the first call makes the charts). @param {Row[]} rows */
  draw(rows) {
    if (this.plots.length === 0) {
      this.timeEl.replaceChildren();
      this.opsEl.replaceChildren();
      this.plots = [makePlot('ms', this.timeEl, rows), makePlot('ops', this.opsEl, rows)];
    } else {
      this.plots[0].setData(data(rows, 'ms'));
      this.plots[1].setData(data(rows, 'ops'));
    }
  }

  destroy() {
    this.plots.forEach((p) => p.destroy());
    this.plots = [];
  }
}
