// Prints the solver's speed side by side: wasm in headless Chromium (the game's
// own worker) and native Rust, for n×n boxes, measured in one run on this machine.
//   npm run bench [-- 16]     largest box (default 14)
// Writes bench-results/chomp.json too.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { chromium } from '@playwright/test';
import { launchOptions } from '../tests/browser.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const max = Number(process.argv[2] ?? 14);

const server = http.createServer(sirv(root, { dev: true }));
await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(null)));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const browser = await chromium.launch(launchOptions);
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${port}/bench.html?max=${max}`);
/** @type {{ n: number, positions: number, kernel: number, ms: number, remoteness: boolean, memoryBytes: number }[]} */
const wasm = await page.evaluate(() => /** @type {any} */ (window).benchResults);
await browser.close();
server.close();

const out = execFileSync('cargo', ['run', '--quiet', '--release', '--example', 'solve_box', '--', String(max), '--json'], {
  cwd: root,
  encoding: 'utf8',
});
const native = out.trim().split('\n').map((line) => JSON.parse(line));

const rows = wasm.map((w) => {
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

const pad = (/** @type {unknown} */ v, /** @type {number} */ w) => String(v).padStart(w);
console.log(
  `${pad('board', 7)} ${pad('positions', 12)} ${pad('P', 9)} ${pad('table', 11)} ${pad('wasm ms', 9)} ${pad('native ms', 10)} ${pad('wasm/native', 12)} ${pad('wasm MiB', 9)}`,
);
for (const r of rows) {
  const ratio = r.nativeMs >= 1 ? (r.wasmMs / r.nativeMs).toFixed(2) : '-';
  console.log(
    `${pad(r.board, 7)} ${pad(r.positions, 12)} ${pad(r.kernel, 9)} ${pad(r.table, 11)} ${pad(r.wasmMs, 9)} ${pad(r.nativeMs, 10)} ${pad(ratio, 12)} ${pad(r.wasmMiB, 9)}`,
  );
}
mkdirSync(`${root}/bench-results`, { recursive: true });
writeFileSync(`${root}/bench-results/chomp.json`, JSON.stringify({ date: new Date().toISOString(), rows }, null, 2));
console.log('written: bench-results/chomp.json');
