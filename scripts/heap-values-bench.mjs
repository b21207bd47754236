// Times G(0..n−1) of heap rules, n a power of two: this crate's command line
// (`impartial values`) against the C++ peer, Tomek Czajka's octal-games
// (its `old/` program, `bin/analyze`, built outside this repository: its
// path in PEER), one after the other for each rule in one run, so that
// machine load hits both alike.
//   PEER=/path/to/old/bin/analyze node scripts/heap-values-bench.mjs [2^20] [grundy,0.6,0.354,0.376@2^23] [repetitions]
// Without PEER (as `npm run bench` runs it) ours alone, each rule against Grundy's.
// With repetitions (default 3) the two alternate, ours first then the
// peer's, and the medians are shown.
// The peer prints one line each time the heaps computed reach a power of
// two; it is timed to its `n=2^k` line, then stopped. Both must agree on
// the largest value, its first heap, the number of rare heaps and the last
// one, or the script fails. The peer plays Grundy's game too (its name
// `grundy`, as ours), which is also the yardstick of "another rule costs
// at most 2× Grundy's". An octal rule written `rule@2^m` (heaps 0
// to 2^m − 1, as the other rows) or `rule@N` (heaps 0 to N, as the command
// line's --to N) is timed to its own bound, ours alone: the issue's period
// goals, where the time is the time to the heap that proves the period, the
// values past it read off it (0.376@2^23: its period 4 from 2,268,248 needs
// the values to heap 4,536,506). Builds the release binary first.
// In wasm too, where the study module is built (www/pkg/, `npm run build`;
// --no-wasm leaves it out): its `heap_values(rule, n − 1)` in node (V8, as
// the page's worker runs it), a process a run, alternating with the native
// runs (in this process, its memory made the native runs after it a tenth
// slower), each rule's time and its ratio to Grundy's in wasm (rules with
// their own bound are timed natively only).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = `${root}www/pkg`;

// One wasm run, in a process of its own: prints its seconds.
if (process.argv[2] === '--wasm-run') {
  const [rule, last] = [process.argv[3], Number(process.argv[4])];
  const study = await import(pathToFileURL(`${pkg}/impartial_study.js`).href);
  study.initSync({ module: readFileSync(`${pkg}/impartial_study_bg.wasm`) });
  const t = performance.now();
  const { values } = study.heap_values(rule, last);
  const seconds = (performance.now() - t) / 1000;
  if (values.length !== last + 1) throw new Error(`${rule}: heap_values gave ${values.length} values, not ${last + 1}`);
  console.log(seconds);
  process.exit(0);
}

const args = process.argv.slice(2).filter((a) => a !== '--no-wasm');
const [sizeArg = '2^20', rulesArg = 'grundy,0.6,0.354', repsArg = '3'] = args;
const reps = Number(repsArg);
const k = sizeArg.startsWith('2^') ? Number(sizeArg.slice(2)) : Math.log2(Number(sizeArg));
if (!Number.isInteger(k) || k < 10 || k > 28 || !(reps >= 1)) {
  console.error('usage: [PEER=…] node scripts/heap-values-bench.mjs [2^k, 10 ≤ k ≤ 28] [rules] [repetitions] [--no-wasm]');
  process.exit(2);
}
const n = 2 ** k;
const rules = rulesArg.split(',');
// Without the peer (npm run bench), ours alone: each rule's time and its ratio to Grundy's.
const peer = process.env.PEER;
if (peer && !existsSync(peer)) {
  console.error(`PEER is ${peer}: no such file (see docs/solver.md, "Against the C++ peer")`);
  process.exit(2);
}

execFileSync('cargo', ['build', '--release', '--bin', 'impartial'], { cwd: root, stdio: 'inherit' });
const bin = `${process.env.CARGO_TARGET_DIR ?? `${root}target`}/release/impartial`;

/** Whether the study module is built and wanted. */
const study = !process.argv.includes('--no-wasm') && existsSync(`${pkg}/impartial_study_bg.wasm`);

/** In wasm: heaps 0 to `last`, seconds (see --wasm-run). */
function inWasm(/** @type {string} */ rule, /** @type {number} */ last) {
  const script = fileURLToPath(import.meta.url);
  return Number(execFileSync(process.execPath, [script, '--wasm-run', rule, String(last)], { encoding: 'utf8' }));
}

/** `rule@2^m` or `rule@N`: the rule and the last heap it is timed to; else n − 1. */
function spec(/** @type {string} */ text) {
  const [rule, bound, ...more] = text.split('@');
  if (bound === undefined) return { rule, last: n - 1, own: false };
  const last = bound.startsWith('2^') ? 2 ** Number(bound.slice(2)) - 1 : Number(bound);
  if (more.length > 0 || rule === 'grundy' || !Number.isInteger(last) || last < 1 || last >= 2 ** 30) {
    console.error(`${text}: an octal rule's bound must be 2^m or a number below 2^30 (Grundy's game is the yardstick, timed to 2^${k} − 1)`);
    process.exit(2);
  }
  return { rule, last, own: true };
}
// Every rule read before any is run: a bad bound is told at once.
const specs = rules.map(spec);

/** Ours: heaps 0 to `last` (n − 1 unless the rule has its own bound, as many as the peer's `n=2^k`). */
function ours(/** @type {string} */ rule, /** @type {number} */ last) {
  const t = performance.now();
  const out = execFileSync(bin, ['values', rule, '--to', String(last), '--json'], { encoding: 'utf8', maxBuffer: 1 << 20 });
  const seconds = (performance.now() - t) / 1000;
  const j = JSON.parse(out);
  return { seconds, largest: j.max_value, at: j.max_value_heap, rare: j.sparse?.rare, lastRare: j.sparse?.last_rare, period: j.period };
}

/** The peer, timed to its line for n = 2^k, then stopped (or to its end, where it proved a period first). @returns {Promise<any>} */
function theirs(rule) {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(peer, [rule], { stdio: ['ignore', 'pipe', 'pipe'] });
    let buffer = '';
    let done = false;
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const line = buffer.split('\n').find((l) => l.startsWith(`n=2^${k} `));
      if (!line || done) return;
      done = true;
      const seconds = (performance.now() - t) / 1000;
      child.kill();
      const m = line.match(/largest G\[(\d+)\]=(\d+) rare_mask=\S+ num_rare=(\d+) last_rare=(\d+)/);
      if (!m) return reject(new Error(`peer's line not understood: ${line}`));
      resolve({ seconds, at: Number(m[1]), largest: Number(m[2]), rare: Number(m[3]), lastRare: Number(m[4]) });
    });
    child.on('exit', (code) => {
      if (done) return;
      // A periodic rule: the peer stops once its period is proven (ours
      // then reads the rest off it), timed to there.
      const found = buffer.match(/Found period start=(\d+) period=(\d+)/);
      if (code === 0 && found) {
        resolve({ seconds: (performance.now() - t) / 1000, period: { start: Number(found[1]), length: Number(found[2]) } });
        return;
      }
      reject(new Error(`peer stopped (${code}) before n=2^${k} on ${rule}: ${buffer.slice(-300)}`));
    });
  });
}

const rows = [];
let grundy = null;
let grundyWasm = null;
let failed = false;
const median = (/** @type {number[]} */ xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
for (const { rule, last, own } of specs) {
  const oursRuns = [];
  const theirRuns = [];
  const wasmRuns = [];
  let a = null;
  let b = null;
  for (let i = 0; i < reps; i++) {
    a = ours(rule, last);
    oursRuns.push(a.seconds);
    if (peer && !own) {
      b = await theirs(rule);
      theirRuns.push(b.seconds);
    }
    if (study && !own) wasmRuns.push(inWasm(rule, last));
  }
  a.seconds = median(oursRuns);
  const wasm = wasmRuns.length > 0 ? median(wasmRuns) : null;
  if (rule === 'grundy') [grundy, grundyWasm] = [a.seconds, wasm];
  // Grundy's game is the yardstick of the others, not measured against itself.
  const vsGrundy = grundy && rule !== 'grundy' ? `${(a.seconds / grundy).toFixed(2)}×` : '';
  const wasmVsGrundy = wasm && grundyWasm && rule !== 'grundy' ? `${(wasm / grundyWasm).toFixed(2)}×` : '';
  const inBrowser = `${wasm ? `${wasm.toFixed(2)} s` : ''} | ${wasmVsGrundy}`;
  // A period proven on the way (the values past its proof read off it).
  const period = a.period ? `${a.period.length.toLocaleString('en')} from ${a.period.start.toLocaleString('en')}` : 'none';
  if (own) {
    rows.push(`| ${rule} to ${last.toLocaleString('en')} | ${a.seconds.toFixed(2)} s | (own bound) | | ${vsGrundy} | ${inBrowser} | ${period} |`);
    continue;
  }
  if (!b) {
    rows.push(`| ${rule} | ${a.seconds.toFixed(2)} s | (PEER not set) | | ${vsGrundy} | ${inBrowser} | ${period} |`);
    continue;
  }
  b.seconds = median(theirRuns);
  // A period both found is what both must agree on; else the largest value,
  // its heap, the rare heaps and the last of them.
  const agree = b.period
    ? [['period', `${a.period?.length} from ${a.period?.start}`, `${b.period.length} from ${b.period.start}`]]
    : ['largest', 'at', 'rare', 'lastRare'].map((key) => [key, a[key], b[key]]);
  for (const [key, x, y] of agree) {
    if (x !== y) {
      console.error(`${rule}: ${key} differs: ours ${x}, the peer's ${y}`);
      failed = true;
    }
  }
  rows.push(`| ${rule} | ${a.seconds.toFixed(2)} s | ${b.seconds.toFixed(2)} s | ${(b.seconds / a.seconds).toFixed(2)}× | ${vsGrundy} | ${inBrowser} | ${period} |`);
}
console.log(`G(0..2^${k} − 1), wall-clock, median of ${reps} alternating runs, load ${(await import('node:os')).loadavg()[0].toFixed(1)}`);
console.log(`| rule | ours | the peer | peer / ours | ours / Grundy's | wasm${study ? '' : ' (not built)'} | wasm / Grundy's | period proven |`);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
for (const r of rows) console.log(r);
process.exit(failed ? 1 : 0);
