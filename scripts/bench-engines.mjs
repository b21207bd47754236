// The browser benchmark in the three engines of the cross-engine suite
// (Chromium, Firefox ESR, WebKitGTK: tests/engines/engines.mjs), one after
// the other in one run, each on the same build and machine:
//   * exact solves of the 14×14 and 16×16 boxes, the 3×1000 bar's tail table
//     and Grundy's values G(0..2^20), in the game's own worker (bench.html);
//   * G(0..2^20 − 1) of Grundy's game, 0.6 and 0.264 as the Values panel
//     computes them (the study module), each rule's time over Grundy's;
//   * the time from navigation to a playable board of index.html ("Your
//     turn"), median of 3 first loads, each in a freshly started browser.
// Every engine must find the same positions and P-positions.
//   node scripts/bench-engines.mjs        (after npm run build; ENGINES=webkit for one)
// Writes bench-results/engines.json.
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { siteHandler } from './site-server.mjs';
import { chosenEngines, launch, ENGINES } from '../tests/engines/engines.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const LOADS = 3;
/** The heap rules valued besides Grundy's game: the octal rule of one take furthest from it, and one of several takes. */
const HEAP_RULES = ['0.6', '0.264'];
const server = http.createServer(siteHandler(`${root}${process.env.DIST_DIR ?? 'dist'}/`));
await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(null)));
const address = server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;

/** Polls the page (each engine's protocol differs, polling does not) until `check` is truthy. @param {import('../tests/engines/engines.mjs').Driver} d @param {Function} check */
async function until(d, check, timeout = 600_000) {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await d.evaluate(check);
    if (v) return v;
    if (Date.now() > end) throw new Error(`${d.engine}: timed out`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** @type {Record<string, any>} */
const results = {};
for (const engine of chosenEngines()) {
  const loads = [];
  let version = '';
  for (let i = 0; i < LOADS; i++) {
    const d = await launch(engine);
    version = d.version;
    try {
      await d.goto(`${base}index.html`);
      // The page's own clock, read in the frame where the status first says so.
      loads.push(
        await d.evaluate(
          () =>
            new Promise((resolve) => {
              const tick = () => (/Your turn/.test(document.getElementById('status')?.textContent ?? '') ? resolve(Math.round(performance.now())) : requestAnimationFrame(tick));
              tick();
            }),
        ),
      );
    } finally {
      await d.close();
    }
  }
  const d = await launch(engine);
  try {
    await d.goto(`${base}bench.html?n=14,16&parts=solves,thin,grundy,heaps&grundy=${2 ** 20}&heaps=${HEAP_RULES.join(',')}&to=${2 ** 20 - 1}&lang=en`);
    // Done, or stopped with the reason (the page says it, and benchResults rejects with it).
    const end = await until(d, () => {
      const text = document.getElementById('bench-status')?.textContent ?? '';
      return text === 'Done.' || text.startsWith('Stopped:') ? text : '';
    });
    if (end !== 'Done.') throw new Error(`${engine}: the benchmark page ${end}`);
    const r = await d.evaluate(() => /** @type {any} */ (window).benchResults);
    results[engine] = { version, playableMs: median(loads), playableRuns: loads, solves: r.solves, thin: r.thin, grundy: r.grundy, heaps: r.heaps };
  } finally {
    await d.close();
  }
  console.log(`${ENGINES[engine].label} (${version}): done`);
}
server.close();

// The same answers everywhere: a different count is a bug in an engine or in us.
const engines = Object.keys(results);
for (const n of [14, 16]) {
  for (const e of engines) {
    const s = results[e].solves.find((/** @type {any} */ x) => x.n === n);
    // A box read before its table was solved has no counts: nothing to compare (the check passed on nulls).
    if (!s || typeof s.positions !== 'number' || typeof s.kernel !== 'number') throw new Error(`${e} gave no solve of ${n}×${n}: ${JSON.stringify(s)}`);
  }
  const seen = new Set(engines.map((e) => JSON.stringify(results[e].solves.filter((/** @type {any} */ s) => s.n === n).map((/** @type {any} */ s) => [s.positions, s.kernel]))));
  if (seen.size !== 1) throw new Error(`the engines disagree on ${n}×${n}: ${[...seen].join(' / ')}`);
}

const values = new Set(engines.map((e) => results[e].grundy.value));
if (values.size !== 1) throw new Error(`the engines disagree on G(${2 ** 20}): ${[...values].join(' / ')}`);
for (const rule of ['grundy', ...HEAP_RULES]) {
  const seen = new Set(engines.map((e) => {
    const h = results[e].heaps.find((/** @type {any} */ x) => x.rule === rule);
    if (!h || h.error) throw new Error(`${e} gave no values of ${rule}: ${h?.error ?? 'no row'}`);
    return JSON.stringify([h.largest, h.at, h.period]);
  }));
  if (seen.size !== 1) throw new Error(`the engines disagree on ${rule}'s values: ${[...seen].join(' / ')}`);
}
/** A rule's time to 2^20 and its multiple of Grundy's game's in the same engine. @param {any} r @param {string} rule */
const heapCell = (r, rule) => {
  const h = r.heaps.find((/** @type {any} */ x) => x.rule === rule);
  return rule === 'grundy' || h.times === null ? ms(h.ms) : `${ms(h.ms)} (${h.times.toFixed(2)}×)`;
};

const ms = (/** @type {number} */ v) => (v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`);
const rows = [
  ['14×14 box (40,116,599 positions)', (/** @type {any} */ r) => ms(r.solves.find((/** @type {any} */ s) => s.n === 14).ms)],
  ['16×16 box (601,080,389 positions)', (/** @type {any} */ r) => ms(r.solves.find((/** @type {any} */ s) => s.n === 16).ms)],
  ['3×1000 bar (tail table)', (/** @type {any} */ r) => ms(r.thin.ms)],
  ['Grundy G(0..2^20)', (/** @type {any} */ r) => ms(r.grundy.ms)],
  ...['grundy', ...HEAP_RULES].map((rule) => [`${rule === 'grundy' ? 'Grundy' : rule} G(0..2^20 − 1), study module (× Grundy's)`, (/** @type {any} */ r) => heapCell(r, rule)]),
  [`index.html to a playable board (median of ${LOADS} first loads)`, (/** @type {any} */ r) => ms(r.playableMs)],
];
const head = ['', ...engines.map((e) => `${ENGINES[/** @type {import('../tests/engines/engines.mjs').EngineName} */ (e)].label} ${results[e].version.replace(/^[^\d]*/, '')}`)];
const body = rows.map(([label, cell]) => [/** @type {string} */ (label), ...engines.map((e) => /** @type {Function} */ (cell)(results[e]))]);
console.log(`\n| ${head.join(' | ')} |\n| --- |${engines.map(() => ' ---: |').join('')}`);
for (const r of body) console.log(`| ${r.join(' | ')} |`);
mkdirSync(`${root}bench-results`, { recursive: true });
writeFileSync(`${root}bench-results/engines.json`, JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
console.log('\nwritten: bench-results/engines.json');
