// The browser benchmark page: solves n×n boxes in the game's own worker and
// publishes the figures as a table and as window.benchResults (for scripts/bench.mjs).
import { SolverClient } from './solver-client.js';

/** @typedef {{ n: number, positions: number, kernel: number, ms: number, remoteness: boolean, memoryBytes: number }} Row */

const params = new URLSearchParams(location.search);
const max = Math.min(16, Math.max(1, Number(params.get('max')) || 12));
const body = /** @type {HTMLElement} */ (document.querySelector('#bench-table tbody'));
const statusEl = /** @type {HTMLElement} */ (document.getElementById('bench-status'));

async function run() {
  /** @type {Row[]} */
  const rows = [];
  for (let n = 1; n <= max; n++) {
    // A fresh worker per box: every figure includes allocation, nothing is reused.
    const solver = new SolverClient();
    statusEl.textContent = `Solving ${n}×${n}…`;
    const report = await solver.solve(n, n);
    solver.worker.terminate();
    const row = {
      n,
      positions: report.positions,
      kernel: report.kernel,
      ms: report.ms,
      remoteness: report.remoteness,
      memoryBytes: report.memoryBytes,
    };
    rows.push(row);
    const tr = document.createElement('tr');
    const mib = (row.memoryBytes / 2 ** 20).toFixed(1);
    for (const v of [`${n}×${n}`, row.positions.toLocaleString('en-US'), row.kernel.toLocaleString('en-US'), String(row.ms), row.remoteness ? 'yes' : 'no', mib]) {
      const td = document.createElement('td');
      td.textContent = v;
      tr.append(td);
    }
    body.append(tr);
  }
  statusEl.textContent = 'Done.';
  return rows;
}

/** @type {any} */ (window).benchResults = run();
