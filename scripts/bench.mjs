// Prints the Chomp solver's speed, everything measured in one run on this machine:
//   * exact n×n solves: wasm in headless Chromium (the game's own worker) and
//     native Rust side by side;
//   * winning_move latency in the browser, cold and warm;
//   * the chp.js-style baseline (memoised recursion on string keys) in the same
//     browser, while a box finishes within the budget, with the ratio.
//   * the frontier: 16×18 and 17×18, wasm and native side by side, with memory;
//   * then Grundy values G(0..2^k), k = 20, 22, 23, 24, native and in
//     Chromium (scripts/grundy-wasm-bench.mjs), and open play
//     (examples/open_play.rs), each beside the method it replaced.
//   npm run bench [-- 16 [baselineBudgetMs]]   largest box (default 14), budget (default 60000)
//   BENCH_BOXES=none npm run bench             skips the frontier boxes (about 4 minutes)
//   BENCH_GRUNDY=new npm run bench             skips the previous Grundy method (about 14 minutes)
// Writes bench-results/chomp.json too.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { siteHandler } from './site-server.mjs';
import { chromium } from '@playwright/test';
import { launchOptions } from '../tests/browser.mjs';
import { printTable } from './print-table.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const max = Number(process.argv[2] ?? 14);
const budget = Number(process.argv[3] ?? 60_000);

const server = http.createServer(siteHandler(`${root}${process.env.DIST_DIR ?? 'dist'}/`));
await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(null)));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const browser = await chromium.launch(launchOptions);
const page = await browser.newPage();
page.setDefaultTimeout(0);
const boxes = process.env.BENCH_BOXES ?? '16x18,17x18';
// The heap games are timed by heap-values-bench.mjs, natively and in wasm side by side.
await page.goto(`http://127.0.0.1:${port}/bench.html?parts=solves,frontier,thin,latency,baseline&max=${max}&baselineBudget=${budget}&boxes=${boxes === 'none' ? '' : boxes}&lang=en`);
const results = await page.evaluate(() => /** @type {any} */ (window).benchResults);
await browser.close();
server.close();

const out = execFileSync('cargo', ['run', '--quiet', '--release', '--example', 'solve_box', '--', String(max), '--json'], {
  cwd: root,
  encoding: 'utf8',
});
const native = out.trim().split('\n').map((line) => JSON.parse(line));


const solves = results.solves.map((/** @type {any} */ w) => {
  const nat = native.find((r) => r.n === w.n);
  if (!nat || nat.positions !== w.positions || nat.kernel !== w.kernel) {
    throw new Error(`wasm and native disagree on ${w.n}×${w.n}: ${JSON.stringify({ w, nat })}`);
  }
  return {
    board: `${w.n}×${w.n}`,
    positions: w.positions,
    kernel: w.kernel,
    table: w.remoteness ? 'remoteness' : 'bits',
    wasmMs: w.ms,
    nativeMs: Math.round(nat.ms * 10) / 10,
    wasmMiB: Math.round((w.memoryBytes / 2 ** 20) * 10) / 10,
  };
});
console.log('Exact solves of n×n boxes (wasm: headless Chromium, one worker; native: this machine)');
printTable(
  ['board', 'positions', 'P', 'table', 'wasm ms', 'native ms', 'wasm/native', 'wasm MiB'],
  solves.map((/** @type {any} */ r) => [
    r.board, r.positions, r.kernel, r.table, r.wasmMs, r.nativeMs,
    r.nativeMs >= 1 ? (r.wasmMs / r.nativeMs).toFixed(2) : '-', r.wasmMiB,
  ]),
);
const frontier = (results.frontier ?? []).map((/** @type {any} */ w) => {
  const nat = JSON.parse(
    execFileSync('cargo', ['run', '--quiet', '--release', '--example', 'solve_box', '--', '--box', String(w.rows), String(w.cols)], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
  if (nat.positions !== w.positions || nat.kernel !== w.kernel) {
    throw new Error(`wasm and native disagree on ${w.rows}×${w.cols}: ${JSON.stringify({ w, nat })}`);
  }
  return {
    board: `${w.rows}×${w.cols}`,
    positions: w.positions,
    kernel: w.kernel,
    wasmS: Math.round(w.ms / 100) / 10,
    nativeS: nat.seconds,
    wasmMiB: Math.round((w.memoryBytes / 2 ** 20) * 10) / 10,
    tableMiB: Math.round((nat.tableBytes / 2 ** 20) * 10) / 10,
  };
});
if (frontier.length > 0) {
  console.log('The frontier of exact play: boxes solved whole (wasm: headless Chromium, a fresh worker each; native: this machine)');
  printTable(
    ['board', 'positions', 'P', 'wasm s', 'native s', 'wasm/native', 'wasm MiB', 'table MiB'],
    frontier.map((/** @type {any} */ r) => [
      r.board, r.positions, r.kernel, r.wasmS, r.nativeS, (r.wasmS / r.nativeS).toFixed(2), r.wasmMiB, r.tableMiB,
    ]),
  );
}
const thinNative = JSON.parse(
  execFileSync('cargo', ['run', '--quiet', '--release', '--example', 'solve_box', '--', '--thin', '1000'], {
    cwd: root,
    encoding: 'utf8',
  }),
);
console.log('Three rows, any width: the tail table (exact)');
printTable(['board', 'wasm ms', 'native ms'], [['3×1000', results.thin.ms, thinNative.ms.toFixed(1)]]);
console.log('winning_move on the full rectangle (browser): cold includes the box solve');
printTable(
  ['board', 'cold ms', 'warm µs'],
  results.latency.map((/** @type {any} */ r) => [`${r.n}×${r.n}`, r.coldMs.toFixed(2), (r.warmMs * 1000).toFixed(1)]),
);
console.log(`chp.js-style baseline vs wasm, same browser (budget ${budget} ms)`);
printTable(
  ['board', 'memoised', 'baseline ms', 'wasm ms', 'baseline/wasm'],
  results.baseline.map((/** @type {any} */ r) => [
    `${r.n}×${r.n}`, r.known, Math.round(r.ms), r.wasmMs, r.wasmMs > 0 ? (r.ms / r.wasmMs).toFixed(1) : '-',
  ]),
);
mkdirSync(`${root}/bench-results`, { recursive: true });
writeFileSync(
  `${root}/bench-results/chomp.json`,
  JSON.stringify(
    { date: new Date().toISOString(), solves, frontier, thin: { ...results.thin, nativeMs: thinNative.ms }, latency: results.latency, baseline: results.baseline },
    null,
    2,
  ),
);
console.log('written: bench-results/chomp.json');

// The methods that replaced earlier ones, each side by side with its
// predecessor in the same run: Grundy values (block method vs the previous
// table, native and in Chromium; the previous method takes about 14 minutes
// in all here, BENCH_GRUNDY=new leaves it out), and open play keeping its
// memo vs forgetting it.
console.log('\nGrundy values G(0..2^k): block method vs previous table');
execFileSync(
  'node',
  [
    'scripts/grundy-wasm-bench.mjs', '2^20,2^22,2^23,2^24', '1', '--chromium', '--no-node',
    ...(process.env.BENCH_GRUNDY === 'new' ? ['--new-only'] : []),
  ],
  { cwd: root, stdio: 'inherit' },
);
console.log('\nOpen play past exact reach, per computer move: memo forgotten vs kept');
execFileSync('cargo', ['run', '--quiet', '--release', '--example', 'open_play', '--', '24', '30'], { cwd: root, stdio: 'inherit' });
