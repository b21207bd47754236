// Page weight and time to interactive of the built site, in headless Chromium:
//   * bytes each page loads (scripts, worker, wasm, styles), raw and gzipped
//     (level 9, what a static host typically sends);
//   * time from navigation to a playable board ("Your turn" in the status,
//     i.e. board drawn and solver ready), median of cold loads, each in a fresh
//     browser context (empty cache), for the site, an embed and the file:// copy.
// Budgets (issue 6): wasm ≤ 150 KB gzipped; first board ≤ 1 s on this machine.
//   node scripts/bench-page.mjs [runs]     (after npm run build; default 5 runs)
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { launchOptions } from '../tests/browser.mjs';
import { siteHandler } from './site-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}${process.env.DIST_DIR ?? 'dist'}/`;
const runs = Number(process.argv[2] ?? 5);
const WASM_BUDGET_KB = 150;
const FIRST_BOARD_BUDGET_MS = 1000;

const server = http.createServer(siteHandler(dist));
await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(null)));
const address = server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
const browser = await chromium.launch(launchOptions);

/** Playable: the status of the page (or of the first embedded game) says it is the player's turn. */
const ready = () => {
  const el = document.querySelector('#status') ?? document.querySelector('chomp-game')?.shadowRoot?.querySelector('.status');
  return /Your turn/.test(el?.textContent ?? '');
};

/**
 * One cold load: what was fetched (type, url, bytes) and when the board became playable.
 * @param {string} url
 */
async function load(url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  /** @type {Promise<{ type: string, url: string, bytes: Buffer }>[]} */
  const bodies = [];
  page.on('response', (r) => {
    if (r.url().startsWith(base) || r.url().startsWith('file:')) {
      bodies.push(r.body().then((bytes) => ({ type: r.request().resourceType(), url: r.url(), bytes })).catch(() => ({ type: 'gone', url: r.url(), bytes: Buffer.alloc(0) })));
    }
  });
  await page.goto(url);
  await page.waitForFunction(ready, null, { polling: 'raf', timeout: 30_000 });
  const ms = await page.evaluate(() => performance.now());
  const files = await Promise.all(bodies);
  await context.close();
  return { ms, files };
}

const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (/** @type {number} */ n) => (n / 1000).toFixed(1);
const gz = (/** @type {Buffer} */ b) => gzipSync(b, { level: 9 }).length;

const pages = [
  { name: 'Chomp page (index.html)', url: `${base}index.html` },
  { name: "Grundy's game (grundy.html)", url: `${base}grundy.html` },
  { name: 'Embed demo (2 × <chomp-game>)', url: `${base}embed-demo.html` },
  { name: 'Single file from file://', url: pathToFileURL(`${dist}chomp.html`).href },
];

/** @type {any[]} */
const rows = [];
for (const p of pages) {
  const loads = [];
  for (let i = 0; i < runs; i++) loads.push(await load(p.url));
  // Each worker asks for the wasm; the browser's cache answers all but the first.
  const files = [...new Map(loads[0].files.map((f) => [f.url, f])).values()];
  const sum = (/** @type {(f: { type: string, url: string, bytes: Buffer }) => boolean} */ keep) =>
    files.filter(keep).reduce((acc, f) => ({ raw: acc.raw + f.bytes.length, gz: acc.gz + gz(f.bytes) }), { raw: 0, gz: 0 });
  const wasm = sum((f) => f.url.endsWith('.wasm'));
  const js = sum((f) => f.url.endsWith('.js'));
  const css = sum((f) => f.url.endsWith('.css'));
  const html = sum((f) => f.type === 'document');
  rows.push({ page: p.name, wasm, js, css, html, msRuns: loads.map((l) => Math.round(l.ms)), ms: Math.round(median(loads.map((l) => l.ms))) });
}
await browser.close();
server.close();

const single = readFileSync(`${dist}chomp.html`);
const pad = (/** @type {unknown} */ v, /** @type {number} */ w) => String(v).padStart(w);
const head = ['page', 'wasm KB gz', 'JS KB gz', 'CSS KB gz', 'HTML KB gz', 'total KB gz', 'to playable ms (median)'];
const body = rows.map((r) => [
  r.page,
  r.wasm.gz ? kb(r.wasm.gz) : '(in HTML)',
  r.js.gz ? kb(r.js.gz) : '(in HTML)',
  r.css.gz ? kb(r.css.gz) : '(in HTML)',
  kb(r.html.gz),
  kb(r.wasm.gz + r.js.gz + r.css.gz + r.html.gz),
  `${r.ms}  [${r.msRuns.join(', ')}]`,
]);
const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => String(r[i]).length)));
console.log(`Page weight and time to a playable board, headless Chromium, ${runs} cold loads each`);
console.log(head.map((h, i) => (i === 0 ? h.padEnd(widths[i]) : pad(h, widths[i]))).join('  '));
for (const r of body) console.log(r.map((v, i) => (i === 0 ? String(v).padEnd(widths[i]) : pad(v, widths[i]))).join('  '));
console.log(`single file dist/chomp.html: ${kb(single.length)} KB raw, ${kb(gz(single))} KB gzipped`);

const wasmGz = rows[0].wasm.gz;
const firstBoard = rows[0].ms;
console.log(
  `budget: wasm ${kb(wasmGz)} KB gz ${wasmGz <= WASM_BUDGET_KB * 1000 ? '≤' : '>'} ${WASM_BUDGET_KB} KB ${wasmGz <= WASM_BUDGET_KB * 1000 ? 'OK' : 'OVER'}; ` +
    `first board ${firstBoard} ms ${firstBoard <= FIRST_BOARD_BUDGET_MS ? '≤' : '>'} ${FIRST_BOARD_BUDGET_MS} ms ${firstBoard <= FIRST_BOARD_BUDGET_MS ? 'OK' : 'OVER'}`,
);
mkdirSync(`${root}bench-results`, { recursive: true });
writeFileSync(`${root}bench-results/page.json`, JSON.stringify({ date: new Date().toISOString(), runs, pages: rows, singleFile: { raw: single.length, gz: gz(single) } }, null, 2));
console.log('written: bench-results/page.json');
