// What the game graph's layout engine costs: the bytes of Graphviz's chunk
// in dist/ (gzipped at level 9, as a static host sends it; the graph section
// loads it when it first draws) and the time www/graph/layout.js takes to lay
// out the worksheet's 2×3 arena, random DAGs of 200 and 1,000 vertices, and
// the Chomp graphs the page draws in their reduced form, median of runs, in
// Node (the same V8 and WebAssembly engine as Chromium).
//   node scripts/layout-bench.mjs [runs]     (after npm run build for the sizes; default 5 runs)
import { gzipSync } from 'node:zlib';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { layOut, graphviz } from '../www/graph/layout.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.argv[2] ?? 5);
const kb = (/** @type {number} */ n) => (n / 1000).toFixed(1);

/** The worksheet's Chomp(2,3) arena. */
const ARENA = [[1, 2, 3, 4, 5], [4, 5, 6], [1, 3, 4, 5], [5, 6, 7], [7, 8], [8], [5, 7], [8], []];

/** A DAG of n vertices, each with 1 to 2·deg − 1 arcs to the next `span` vertices (seeded). */
function randomDag(/** @type {number} */ n, /** @type {number} */ deg, /** @type {number} */ span, seed = 1) {
  let s = seed >>> 0;
  const rnd = () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  return Array.from({ length: n }, (_, v) => {
    /** @type {Set<number>} */
    const out = new Set();
    if (v < n - 1) for (let k = 1 + Math.floor(rnd() * (2 * deg - 1)); k > 0; k--) out.add(Math.min(n - 1, v + 1 + Math.floor(rnd() * span)));
    return [...out];
  });
}

/** Every position of a rows × cols Chomp bar (rows of non-increasing length, the poisoned square kept) and its moves. */
function chompArena(/** @type {number} */ rows, /** @type {number} */ cols) {
  /** @type {number[][]} */
  const positions = [];
  const grow = (/** @type {number[]} */ p, /** @type {number} */ most) => {
    if (p.length === rows) return void (p[0] >= 1 && positions.push(p));
    for (let len = most; len >= 0; len--) grow([...p, len], len);
  };
  grow([], cols);
  const index = new Map(positions.map((p, i) => [p.join(','), i]));
  const successors = positions.map((p) => {
    /** @type {Set<number>} */
    const out = new Set();
    p.forEach((len, r) => {
      for (let c = r === 0 ? 1 : 0; c < len; c++) out.add(/** @type {number} */ (index.get(p.map((x, i) => (i >= r ? Math.min(x, c) : x)).join(','))));
    });
    return [...out];
  });
  return { successors, positions };
}

/** @param {number[][]} successors @param {number[][] | null} positions */
const graph = (successors, positions = null) => ({
  successors,
  positions,
  labels: successors.map((_, v) => String(v)),
  nimbers: successors.map(() => 0),
});
const arcs = (/** @type {number[][]} */ s) => s.reduce((n, x) => n + x.length, 0);

// The size of what the graph section loads for its layout.
const assets = `${root}${process.env.DIST_DIR ?? 'dist'}/assets/`;
try {
  const viz = readdirSync(assets).filter((f) => /^viz-.*\.js$/.test(f));
  for (const f of viz) {
    const bytes = readFileSync(assets + f);
    console.log(`Graphviz chunk ${f}: ${kb(bytes.length)} KB raw, ${kb(gzipSync(bytes, { level: 9 }).length)} KB gzipped`);
  }
} catch {
  console.log('(no dist/: run npm run build for the chunk sizes)');
}

let t = performance.now();
await graphviz();
console.log(`Graphviz instantiated in ${(performance.now() - t).toFixed(0)} ms`);

const cases = [
  { name: '2×3 arena (worksheet)', g: graph(ARENA), reduced: false },
  { name: 'random DAG, 200 vertices, every arc routed', g: graph(randomDag(200, 2, 20, 7)), reduced: false },
  { name: 'random DAG, 200 vertices, reduced (as drawn)', g: graph(randomDag(200, 2, 20, 7)), reduced: true },
  { name: 'random DAG, 1000 vertices, every arc routed', g: graph(randomDag(1000, 2, 40, 9)), reduced: false },
  { name: 'random DAG, 1000 vertices, reduced (as drawn)', g: graph(randomDag(1000, 2, 40, 9)), reduced: true },
  { name: '4×7 bar (default board), reduced', g: (({ successors, positions }) => graph(successors, positions))(chompArena(4, 7)), reduced: true },
  { name: '6×6 bar, reduced', g: (({ successors, positions }) => graph(successors, positions))(chompArena(6, 6)), reduced: true },
];
console.log(`Layout times, median of ${runs} runs (after one warm-up), left to right:`);
for (const { name, g, reduced } of cases) {
  const times = [];
  for (let i = 0; i <= runs; i++) {
    t = performance.now();
    await layOut(g, { orientation: 'LR', reduced });
    if (i > 0) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const label = `${name} (${g.successors.length} vertices, ${arcs(g.successors)} arcs)`;
  console.log(`  ${label.padEnd(76)} ${times[Math.floor(times.length / 2)].toFixed(1).padStart(8)} ms`);
}
