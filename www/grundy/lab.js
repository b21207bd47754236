// The lab: runs the seed's solvers v0…v5 in their own worker on one heap of
// n = 3, 4, … until a run takes longer than the budget, and plots time and
// operation count against n (lab-chart.js, loaded at the first run), with a
// table and CSV. The page loads this module when the lab is first run.

import { t, num, say, errorLine } from '../shared/i18n.js';
import { SolverClient, CancelledError } from '../shared/solver-client.js';

const VERSIONS = [0, 1, 2, 3, 4, 5];

/** @typedef {import('./lab-chart.js').Row} Row */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** Wires the lab's form; returns its run, for the page's first Run (which loaded this module). */
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

  /** The charts, once their module is loaded; null until then, or if they failed. @type {import('./lab-chart.js').LabCharts | null} */
  let charts = null;

  /** The charts are an extra: a failure is said where they would be, and the lab goes on. @param {unknown} err */
  function chartFailed(err) {
    charts = null;
    /** @type {import('../shared/i18n.js').Line} */
    const problem = ['lab.chartFailed', { reason: { line: errorLine(err) } }];
    for (const where of [$('lab-time'), $('lab-ops')]) {
      const note = document.createElement('p');
      note.className = 'lab-chart-problem';
      note.setAttribute('role', 'status');
      note.textContent = say(problem);
      where.replaceChildren(note);
    }
  }

  /** Loads the charts' module (and its library) for a new run. */
  async function newCharts() {
    charts?.destroy();
    charts = null;
    try {
      const { LabCharts } = await import('./lab-chart.js');
      charts = new LabCharts($('lab-time'), $('lab-ops'));
    } catch (err) {
      chartFailed(err);
    }
  }

  function redraw() {
    try {
      charts?.draw(rows);
    } catch (err) {
      chartFailed(err);
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
    stopped = false;
    worker = new SolverClient('study');
    lab = null;
    runBtn.disabled = true;
    stopBtn.disabled = false;
    csvBtn.disabled = true;
    try {
      await newCharts();
      redraw();
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
      // The lab is an extra too: what stopped it is said here, the game plays on.
      statusEl.textContent = err instanceof CancelledError ? t('lab.stopped', { runs: rows.length }) : say(['lab.failed', { runs: rows.length, reason: { line: errorLine(err) } }]);
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
  return { run };
}
