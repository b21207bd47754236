// The browser benchmark page: everything timed in this browser, side by side.
//   1. exact solves of n×n boxes in the game's own worker (wasm);
//   2. winning_move latency, cold (box solve included) and warm;
//   3. the chp.js-style baseline (memoised recursion, string keys) on n×n
//      rectangles, while one finishes within the time budget;
//   4. Grundy's values G(0..2^20) as the game computes them (a game of one heap);
//   5. heap games' values G(0..n) of several rules as the Values panel
//      computes them (the study module's heap_values), each as a multiple of
//      Grundy's game's in the same run.
// Results: tables in the page (English or French) and window.benchResults
// (for scripts/bench.mjs and scripts/bench-engines.mjs).
import { SolverClient } from '../shared/solver-client.js';
import { LANGS, browserLang, errorLine, lang, num, say, setLang, t, translate } from '../shared/i18n.js';
import { readDisplay } from '../shared/url.js';

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
/** Which parts run (`parts=solves,thin,grundy`, as scripts/bench-engines.mjs asks in every engine); all by default. */
const parts = new Set((params.get('parts') ?? 'solves,frontier,thin,grundy,heaps,latency,baseline').split(','));
/** Grundy's game: G(0..heap) in the game's worker, as a game with one heap that big starts (`grundy=1048576`). */
const grundyHeap = Math.min(2 ** 24, Math.max(1, Number(params.get('grundy')) || 2 ** 20));
/** The heap rules valued (`heaps=grundy,0.6,kayles`); Grundy's game is timed first whatever the list, the others said as multiples of it. */
const heapRules = [...new Set(['grundy', ...(params.get('heaps') ?? '0.6,0.354,kayles,0.264').split(',').map((r) => r.trim()).filter(Boolean)])].slice(0, 13);
/** How far (`to=1048575`): G(0..to), within heap_values' own bound (the values panel's, 2^24). */
const heapTo = Math.min(2 ** 24, Math.max(1, Math.floor(Number(params.get('to'))) || 2 ** 20 - 1));
const statusEl = /** @type {HTMLElement} */ (document.getElementById('bench-status'));
/** Work units of a slice of a box's background solve: the game's (chomp/controller.js). */
const SLICE_UNITS = 1 << 18;

setLang(readDisplay(params, browserLang()).lang);
const langSelect = /** @type {HTMLSelectElement} */ (document.getElementById('lang'));
langSelect.replaceChildren(...LANGS.map((code) => new Option(code === 'fr' ? 'Français' : 'English', code, false, code === lang())));
/** @type {import('../shared/i18n.js').Line} */
let said = ['bench.running'];
/** Each table's rows as lines to say again in another language: cells of text, numbers or sentences. */
/** @type {Map<string, Cell[][]>} */
const tables = new Map();
/** @typedef {string | number | import('../shared/i18n.js').Line} Cell */

/** The page in the current language: its fixed words, the status line and every row written so far. */
function paint() {
  translate(document);
  document.title = t('bench.docTitle');
  statusEl.textContent = say(said);
  for (const [id, rows] of tables) {
    const body = /** @type {HTMLElement} */ (document.querySelector(`#${id} tbody`));
    body.replaceChildren(...rows.map(rowOf));
  }
}

/** @param {import('../shared/i18n.js').Line} line */
function status(line) {
  said = line;
  statusEl.textContent = say(line);
}

/**
 * A progress callback that says `line(percent)` each time the whole
 * percentage done changes (not at every slice).
 * @param {(percent: number) => import('../shared/i18n.js').Line} line
 */
function sayPercent(line) {
  let shown = -1;
  return (/** @type {number} */ done, /** @type {number} */ total) => {
    const percent = Math.floor((100 * done) / Math.max(1, total));
    if (percent !== shown) status(line((shown = percent)));
  };
}

/** @param {Cell[]} cells */
function rowOf(cells) {
  const tr = document.createElement('tr');
  for (const v of cells) {
    const td = document.createElement('td');
    td.textContent = typeof v === 'number' ? num(v) : Array.isArray(v) ? say(v) : v;
    tr.append(td);
  }
  return tr;
}

langSelect.addEventListener('change', () => {
  setLang(/** @type {import('../shared/i18n.js').Lang} */ (langSelect.value));
  const url = new URL(location.href);
  url.searchParams.set('lang', lang());
  history.replaceState(null, '', url);
  paint();
});
/** @type {HTMLElement} */ (document.getElementById('bench-parts')).textContent = [...parts].join(',');
for (const part of ['solves', 'thin', 'grundy', 'heaps', 'latency', 'baseline']) {
  const shown = parts.has(part) || (part === 'solves' && parts.has('frontier') && boxes.length > 0);
  /** @type {HTMLElement} */ (document.getElementById(`part-${part}`)).hidden = !shown;
}
paint();

/** @param {string} id @param {Cell[]} cells */
function addRow(id, cells) {
  const rows = tables.get(id) ?? [];
  rows.push(cells);
  tables.set(id, rows);
  /** @type {HTMLElement} */ (document.querySelector(`#${id} tbody`)).append(rowOf(cells));
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
  let snap = await session.call('start', [['rows', String(rows)], ['cols', String(cols)], ['level', 'human']], true, undefined);
  // A box past the start's own solve is played at once and solved in the
  // background, slice by slice, as the game does (chomp/controller.js): its
  // table and time are those of the last slice's snapshot. (The start's own
  // snapshot, read alone, gave 14×14 and 16×16 in 0 ms with no positions.)
  if (snap.solver.background) {
    const slice = await session.run('solve_some', sayPercent((percent) => ['bench.solvingAt', { rows, cols, percent }]), SLICE_UNITS);
    if (!slice.snapshot || slice.snapshot.solver.kind !== 'box') throw new Error(`the ${rows}×${cols} box was not solved (${slice.snapshot?.solver.kind ?? 'no snapshot'})`);
    snap = slice.snapshot;
  }
  const memoryBytes = await client.call('memory_bytes');
  client.close();
  const s = snap.solver;
  return { kind: s.kind, positions: s.positions, kernel: s.kernel, ms: Math.round(s.ms), remoteness: s.remoteness, memoryBytes };
}

async function solves() {
  const rows = [];
  for (const n of sizes) {
    status(['bench.solving', { rows: n, cols: n }]);
    const row = { n, ...(await solve(n, n)) };
    rows.push(row);
    addRow('bench-table', [`${n}×${n}`, row.positions ?? '–', row.kernel ?? '–', row.ms, [row.remoteness ? 'bench.tableRemoteness' : 'bench.tableBits'], mib(row.memoryBytes)]);
  }
  return rows;
}

/** The three-row table for 3×1000, in the game's worker. */
async function thin() {
  status(['bench.solving', { rows: 3, cols: 1000 }]);
  const report = await solve(3, 1000);
  addRow('thin-table', ['3×1000', report.kind, report.ms]);
  return { rows: 3, cols: 1000, kind: report.kind, ms: report.ms };
}

async function latency() {
  const rows = [];
  for (const n of [6, 8, 10]) {
    status(['bench.latencyOn', { n }]);
    const r = await runJob({ kind: 'latency', rows: n, cols: n });
    rows.push({ n, coldMs: r.coldMs, warmMs: r.warmMs });
    addRow('latency-table', [`${n}×${n}`, round(r.coldMs, 2), round(r.warmMs * 1000, 1)]);
  }
  return rows;
}

/** @param {{ n: number, ms: number }[]} wasmRows */
async function baseline(wasmRows) {
  const rows = [];
  let last = 0;
  // Stop before a box that would likely pass the budget (each n costs about 4× the last).
  for (let n = 1; n <= max && last * 4 < baselineBudgetMs; n++) {
    status(['bench.baselineOn', { n }]);
    const r = await runJob({ kind: 'chp', rows: n, cols: n });
    last = r.ms;
    const wasmMs = wasmRows.find((w) => w.n === n)?.ms ?? NaN;
    rows.push({ n, ms: r.ms, known: r.known, wasmMs });
    const ratio = wasmMs > 0 ? round(r.ms / wasmMs, 1) : '–';
    addRow('baseline-table', [`${n}×${n}`, r.known, Math.round(r.ms), Number.isNaN(wasmMs) ? '–' : wasmMs, ratio]);
  }
  return rows;
}

/** The frontier boxes, each in a fresh worker. */
async function frontier() {
  const rows = [];
  for (const [r, c] of boxes) {
    status(['bench.solving', { rows: r, cols: c }]);
    const row = { rows: r, cols: c, ...(await solve(r, c)) };
    rows.push(row);
    addRow('bench-table', [`${r}×${c}`, row.positions ?? '–', row.kernel ?? '–', row.ms, [row.remoteness ? 'bench.tableRemoteness' : 'bench.tableBits'], mib(row.memoryBytes)]);
  }
  return rows;
}

/** G(0..grundyHeap) in a fresh worker of the game, as the page computes them for a heap that large. */
async function grundy() {
  status(['bench.grundyTo', { n: grundyHeap }]);
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

/** Rounded to `digits` decimals (a number, so each language writes it its way). @param {number} x @param {number} digits */
function round(x, digits) {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** @param {number} bytes */
function mib(bytes) {
  return round(bytes / 2 ** 20, 1);
}

/**
 * G(0..heapTo) of each rule with the study module's heap_values, each in a
 * fresh worker whose module is loaded before the clock starts, Grundy's
 * game first: the others' times are said as multiples of its time. A rule
 * refused says why in its row, and the others run.
 */
async function heapValues() {
  const rows = [];
  /** @type {number | null} */
  let grundyMs = null;
  for (const rule of heapRules) {
    const client = new SolverClient('study');
    try {
      await client.call('error_codes');
      const progress = sayPercent((percent) => ['bench.heapsOn', { rule, n: heapTo, percent }]);
      progress(0, 1);
      const t0 = performance.now();
      const answer = await client.call('heap_values', rule, heapTo, progress);
      const elapsed = performance.now() - t0;
      const ms = Math.round(elapsed);
      const values = /** @type {ArrayLike<number>} */ (answer.values);
      let largest = 0;
      let at = 0;
      for (let i = 0; i < values.length; i++) if (values[i] > largest) (largest = values[i]), (at = i);
      const period = answer.period ?? null;
      // The ratio from the times as measured, not as rounded for the table.
      if (rule === 'grundy') grundyMs = elapsed;
      const times = grundyMs !== null && grundyMs > 0 && rule !== 'grundy' ? round(elapsed / grundyMs, 2) : null;
      rows.push({ rule, n: heapTo, ms, times, largest, at, period });
      addRow('heaps-table', [rule, `G(0..${heapTo})`, ms, times ?? '–', `${largest} (G(${at}))`, period ? ['bench.period', { start: period.start, length: period.length }] : ['bench.noPeriod']]);
    } catch (err) {
      rows.push({ rule, n: heapTo, error: String(/** @type {Error} */ (err)?.message ?? err) });
      addRow('heaps-table', [rule, `G(0..${heapTo})`, '–', '–', '–', ['bench.refused', { reason: { line: errorLine(err) } }]]);
    } finally {
      client.close();
    }
  }
  return rows;
}

async function run() {
  const solved = parts.has('solves') ? await solves() : [];
  const far = parts.has('frontier') ? await frontier() : [];
  const thinRow = parts.has('thin') ? await thin() : null;
  const latencies = parts.has('latency') ? await latency() : [];
  const chp = parts.has('baseline') ? await baseline(solved) : [];
  const values = parts.has('grundy') ? await grundy() : null;
  const heaps = parts.has('heaps') ? await heapValues() : [];
  status(['bench.done']);
  return { solves: solved, frontier: far, thin: thinRow, latency: latencies, baseline: chp, grundy: values, heaps };
}

// A part that fails stops the run and says why (the status stayed on its last step).
/** @type {any} */ (window).benchResults = run().catch((err) => {
  status(['bench.failed', { reason: { line: errorLine(err) } }]);
  throw err;
});
