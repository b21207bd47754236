// The lab: runs the seed's solvers v0…v5 in their own worker on one heap of
// n = 3, 4, … until a run takes longer than the budget, and plots time and
// operation count against n on log scales (uPlot), with a table and CSV.

import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { t, num, lang } from '../shared/i18n.js';
import { SolverClient, CancelledError } from '../shared/solver-client.js';

const VERSIONS = [0, 1, 2, 3, 4, 5];
const COLORS = ['#b0204a', '#d9822b', '#7a9a01', '#0f7b3e', '#1f4e9c', '#6a3d9a'];
const DASHES = [[], [8, 4], [2, 3], [10, 3, 2, 3], [4, 4], []];

/** @typedef {{ version: string, heap: number, won: boolean, ops: number, ms: number }} Row */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

export function startLab() {
  const form = /** @type {HTMLFormElement} */ ($('lab-form'));
  const budgetIn = /** @type {HTMLInputElement} */ ($('lab-budget'));
  const maxIn = /** @type {HTMLInputElement} */ ($('lab-max'));
  const stopBtn = /** @type {HTMLButtonElement} */ ($('lab-stop'));
  const runBtn = /** @type {HTMLButtonElement} */ ($('lab-run'));
  const csvBtn = /** @type {HTMLButtonElement} */ ($('lab-csv'));
  const statusEl = $('lab-status');
  const table = /** @type {HTMLTableElement} */ ($('lab-table'));
  /** @type {SolverClient | null} */
  let worker = null;
  /** @type {import('../shared/solver-client.js').Remote<import('../pkg/impartial_study.js').GrundyLab> | null} */
  let lab = null;
  /** @type {Row[]} */
  let rows = [];
  let stopped = false;
  /** @type {uPlot[]} */
  let plots = [];

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
   * Tick labels written short on the log scales (2k, 77M), in the page's language.
   * @param {uPlot} _self @param {number[]} splits
   */
  function compactValues(_self, splits) {
    const format = new Intl.NumberFormat(lang(), { notation: 'compact', maximumFractionDigits: 1 });
    return splits.map((v) => (v == null ? '' : format.format(v)));
  }

  /** @param {'ms' | 'ops'} field @param {HTMLElement} where */
  function makePlot(field, where) {
    const width = Math.max(280, Math.min(620, where.clientWidth || 560));
    return new uPlot(
      {
        width,
        height: 300,
        scales: { x: { time: false }, y: { distr: 3 } },
        axes: [{ label: t('lab.n') }, { label: field === 'ms' ? 'ms' : 'ops', size: axisWidth, values: compactValues }],
        series: [
          { label: 'n' },
          ...VERSIONS.map((v) => ({
            label: `v${v}`,
            stroke: COLORS[v],
            dash: DASHES[v],
            width: 2,
            points: { show: true, size: 5 },
            spanGaps: false,
          })),
        ],
      },
      data(field),
      where,
    );
  }

  /** uPlot's columns: n, then one series per version (null where not run). @param {'ms' | 'ops'} field */
  function data(field) {
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

  function redraw() {
    if (plots.length === 0) {
      $('lab-time').replaceChildren();
      $('lab-ops').replaceChildren();
      plots = [makePlot('ms', $('lab-time')), makePlot('ops', $('lab-ops'))];
    } else {
      plots[0].setData(data('ms'));
      plots[1].setData(data('ops'));
    }
    const head = document.createElement('tr');
    for (const key of /** @type {const} */ (['lab.col.version', 'lab.col.n', 'lab.col.won', 'lab.col.ms', 'lab.col.ops'])) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = t(key);
      head.append(th);
    }
    table.replaceChildren(
      head,
      ...rows.map((r) => {
        const tr = document.createElement('tr');
        for (const cell of [r.version, num(r.heap), t(r.won ? 'lab.yes' : 'lab.no'), r.ms.toFixed(3), num(r.ops)]) {
          const td = document.createElement('td');
          td.textContent = cell;
          tr.append(td);
        }
        return tr;
      }),
    );
  }

  async function run() {
    const budget = Math.max(10, Number(budgetIn.value) || 400);
    const maxN = Math.max(3, Math.min(100000, Number(maxIn.value) || 60));
    rows = [];
    plots.forEach((p) => p.destroy());
    plots = [];
    stopped = false;
    worker = new SolverClient('study');
    lab = null;
    runBtn.disabled = true;
    stopBtn.disabled = false;
    csvBtn.disabled = true;
    redraw();
    try {
      // Start the worker (wasm compile and init) before any run is timed.
      lab = await worker.create('GrundyLab');
      // Each version runs up to the heap the rule book allows it: where one
      // run stays within 2 s, or where its recursion fits the stack (`reasons`).
      const limits = await worker.callStatic('GrundyLab', 'max_heaps');
      const reasons = await worker.callStatic('GrundyLab', 'limit_reasons');
      /** @type {string[]} */
      const bounded = [];
      for (const v of VERSIONS) {
        const last = Math.min(maxN, limits[v]);
        for (let n = 3; n <= last && !stopped; n++) {
          statusEl.textContent = t('lab.running', { version: `v${v}`, n });
          // A run is not interruptible inside the worker: past ten budgets
          // the worker is ended and the version stops there.
          const watchdog = setTimeout(() => worker?.cancel(), Math.max(5000, 10 * budget));
          let r;
          try {
            // A version stopped by the watchdog took the worker with it: a new lab for the next.
            lab = lab?.alive ? lab : await worker.create('GrundyLab');
            r = await lab.call('run', v, n);
          } catch (err) {
            if (!(err instanceof CancelledError) || stopped) throw err;
            break;
          } finally {
            clearTimeout(watchdog);
          }
          rows.push({ version: r.version, heap: r.heap, won: r.won, ops: r.ops, ms: r.ms });
          redraw();
          if (r.ms > budget) break;
          if (n === limits[v] && n < maxN) {
            const why = reasons[v] === 'stack' ? 'lab.bounded' : 'lab.bounded.time';
            bounded.push(t(why, { version: `v${v}`, n: num(n) }));
          }
        }
        if (stopped) break;
      }
      statusEl.textContent = [t(stopped ? 'lab.stopped' : 'lab.done', { runs: rows.length }), ...bounded].join(' ');
    } catch (err) {
      statusEl.textContent = t('lab.stopped', { runs: rows.length });
      if (!(err instanceof CancelledError)) throw err;
    } finally {
      // Nothing is pending here: end the worker for good.
      worker?.close();
      worker = null;
      lab = null;
      runBtn.disabled = false;
      stopBtn.disabled = true;
      csvBtn.disabled = rows.length === 0;
    }
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void run();
  });
  stopBtn.addEventListener('click', () => {
    stopped = true;
    worker?.cancel();
  });
  csvBtn.addEventListener('click', () => {
    const text = ['version,n,winning,ms,ops', ...rows.map((r) => `${r.version},${r.heap},${r.won},${r.ms},${r.ops}`)].join('\n');
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text + '\n'], { type: 'text/csv' }));
    a.download = 'grundy-lab.csv';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
}
