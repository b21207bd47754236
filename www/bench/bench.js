// The browser benchmark page: everything timed in this browser, side by side.
//   1. exact solves of n×n boxes in the game's own worker (wasm);
//   2. winning_move latency, cold (box solve included) and warm;
//   3. the chp.js-style baseline (memoised recursion, string keys) on n×n
//      rectangles, while one finishes within the time budget;
//   4. on request (`parts=…,grundy`), Grundy's values G(0..2^20) as the game computes them.
// Results: tables in the page and window.benchResults (for scripts/bench.mjs).
import { SolverClient } from '../shared/solver-client.js';

const params = new URLSearchParams(location.search);
const max = Math.min(16, Math.max(1, Number(params.get('max')) || 12));
const baselineBudgetMs = Number(params.get('baselineBudget')) || 60_000;
/** Rectangles past the n×n runs (`boxes=16x18,17x18`): the frontier of exact play. */
const boxes = (params.get('boxes') ?? '')
  .split(',')
  .filter(Boolean)
  .map((b) => b.split('x').map(Number))
  .filter(([r, c]) => r > 0 && c > 0);
/** The n×n boxes to solve (`n=14,16`); every n from 1 to max by default. */
const sizes = params.has('n')
  ? (params.get('n') ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n >= 1 && n <= 16)
  : Array.from({ length: max }, (_, i) => i + 1);
/** Which parts run (`parts=solves,thin,grundy`, as scripts/bench-engines.mjs asks in every engine); all but grundy by default. */
const parts = new Set((params.get('parts') ?? 'solves,frontier,thin,latency,baseline').split(','));
/** Grundy's game: G(0..heap) in the game's worker, as a game with one heap that big starts (`grundy=1048576`). */
const grundyHeap = Math.min(2 ** 24, Math.max(1, Number(params.get('grundy')) || 2 ** 20));
const statusEl = /** @type {HTMLElement} */ (document.getElementById('bench-status'));

/** @param {string} id @param {(string | number)[]} cells */
function addRow(id, cells) {
  const body = /** @type {HTMLElement} */ (document.querySelector(`#${id} tbody`));
  const tr = document.createElement('tr');
  for (const v of cells) {
    const td = document.createElement('td');
    td.textContent = typeof v === 'number' ? v.toLocaleString('en-US') : v;
    tr.append(td);
  }
  body.append(tr);
}

/** @param {Record<string, unknown>} job @returns {Promise<any>} */
function runJob(job) {
  const worker = new Worker(new URL('./bench-worker.js', import.meta.url), { type: 'module' });
  return new Promise((resolve, reject) => {
    worker.onmessage = (e) => {
      worker.terminate();
      resolve(e.data);
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message));
    };
    worker.postMessage(job);
  });
}

/**
 * Solves a `rows × cols` board in a fresh worker, as the game does: every
 * figure includes allocation, nothing is reused.
 * @param {number} rows @param {number} cols
 */
async function solve(rows, cols) {
  const client = new SolverClient();
  const session = await client.create('ChompSession');
  const snap = await session.call('start', [['rows', String(rows)], ['cols', String(cols)], ['level', 'human']], true, undefined);
  const memoryBytes = await client.call('memory_bytes');
  client.close();
  const s = snap.solver;
  return { kind: s.kind, positions: s.positions, kernel: s.kernel, ms: Math.round(s.ms), remoteness: s.remoteness, memoryBytes };
}

async function solves() {
  const rows = [];
  for (const n of sizes) {
    statusEl.textContent = `Solving ${n}×${n}…`;
    const row = { n, ...(await solve(n, n)) };
    rows.push(row);
    const mib = (row.memoryBytes / 2 ** 20).toFixed(1);
    addRow('bench-table', [`${n}×${n}`, row.positions ?? '–', row.kernel ?? '–', row.ms, row.remoteness ? 'remoteness' : 'bits', mib]);
  }
  return rows;
}

/** The three-row table for 3×1000, in the game's worker. */
async function thin() {
  statusEl.textContent = 'Solving 3×1000…';
  const report = await solve(3, 1000);
  addRow('thin-table', ['3×1000', report.kind, report.ms]);
  return { rows: 3, cols: 1000, kind: report.kind, ms: report.ms };
}

async function latency() {
  const rows = [];
  for (const n of [6, 8, 10]) {
    statusEl.textContent = `winning_move on ${n}×${n}…`;
    const r = await runJob({ kind: 'latency', rows: n, cols: n });
    rows.push({ n, coldMs: r.coldMs, warmMs: r.warmMs });
    addRow('latency-table', [`${n}×${n}`, r.coldMs.toFixed(2), (r.warmMs * 1000).toFixed(1)]);
  }
  return rows;
}

/** @param {{ n: number, ms: number }[]} wasmRows */
async function baseline(wasmRows) {
  const rows = [];
  let last = 0;
  // Stop before a box that would likely pass the budget (each n costs about 4× the last).
  for (let n = 1; n <= max && last * 4 < baselineBudgetMs; n++) {
    statusEl.textContent = `chp.js baseline on ${n}×${n}…`;
    const r = await runJob({ kind: 'chp', rows: n, cols: n });
    last = r.ms;
    const wasmMs = wasmRows.find((w) => w.n === n)?.ms ?? NaN;
    rows.push({ n, ms: r.ms, known: r.known, wasmMs });
    const ratio = wasmMs > 0 ? (r.ms / wasmMs).toFixed(1) : '–';
    addRow('baseline-table', [`${n}×${n}`, r.known, Math.round(r.ms), wasmMs, ratio]);
  }
  return rows;
}

/** The frontier boxes, each in a fresh worker. */
async function frontier() {
  const rows = [];
  for (const [r, c] of boxes) {
    statusEl.textContent = `Solving ${r}×${c}…`;
    const row = { rows: r, cols: c, ...(await solve(r, c)) };
    rows.push(row);
    addRow('bench-table', [`${r}×${c}`, row.positions ?? '–', row.kernel ?? '–', row.ms, row.remoteness ? 'remoteness' : 'bits', (row.memoryBytes / 2 ** 20).toFixed(1)]);
  }
  return rows;
}

/** G(0..grundyHeap) in a fresh worker of the game, as the page computes them for a heap that large. */
async function grundy() {
  statusEl.textContent = `Grundy values up to ${grundyHeap}…`;
  const client = new SolverClient();
  const session = await client.create('GrundySession');
  const t0 = performance.now();
  const snap = await session.call('start', [['heaps', String(grundyHeap)], ['level', 'human']], true, undefined);
  const ms = Math.round(performance.now() - t0);
  client.close();
  addRow('grundy-table', [`G(0..${grundyHeap})`, ms]);
  // The nim-sum of the one heap is its value: the same in every engine, or something is wrong.
  return { heap: grundyHeap, ms, value: snap.nim_sum };
}

async function run() {
  const solved = parts.has('solves') ? await solves() : [];
  const far = parts.has('frontier') ? await frontier() : [];
  const thinRow = parts.has('thin') ? await thin() : null;
  const latencies = parts.has('latency') ? await latency() : [];
  const chp = parts.has('baseline') ? await baseline(solved) : [];
  const values = parts.has('grundy') ? await grundy() : null;
  statusEl.textContent = 'Done.';
  return { solves: solved, frontier: far, thin: thinRow, latency: latencies, baseline: chp, grundy: values };
}

/** @type {any} */ (window).benchResults = run();
