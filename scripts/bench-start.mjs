// Time to a playable board, in headless Chromium on the built site (issue 23):
//   * Chomp boards from 10×10 to 30×30: from navigation to "Your turn" (board
//     drawn, a bite accepted), to the hint's answer, and, the computer
//     starting, to its first move on the board (perfect level);
//   * every default page on a phone viewport (390×844) at 1× and 4× CPU
//     throttling (CDP Emulation.setCPUThrottlingRate, Lighthouse's mobile
//     profile), the page and its workers throttled alike.
//   node scripts/bench-start.mjs [boards] [runs]   (after npm run build)
//   boards: comma-separated, default 10x10,16x16,16x18,17x18,20x20,30x30 ('' for none);
//   runs: cold loads per page at 1×/4× (default 3).
//   AGAINST=<another build's dist> also loads each default page from that
//   build, alternately with this one's, and prints both and their ratio (a
//   change measured side by side, on a machine whose load varies).
//   ONLY=<text> loads only the default pages whose address contains it.
// Writes bench-results/start.json.
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { launchOptions } from '../tests/browser.mjs';
import { siteHandler } from './site-server.mjs';
import { printTable } from './print-table.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}${process.env.DIST_DIR ?? 'dist'}/`;
const boards = (process.argv[2] ?? '10x10,16x16,16x18,17x18,20x20,30x30').split(',').filter(Boolean);
const runs = Number(process.argv[3] ?? 3);
const LIMIT_MS = 120_000;

/** Serves `dir` on a free port; its base URL and server. @param {string} dir */
async function serve(dir) {
  const server = http.createServer(siteHandler(dir));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(null)));
  const address = server.address();
  return { server, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/` };
}
const { server, base } = await serve(dist);
const against = process.env.AGAINST ? await serve(`${process.env.AGAINST.replace(/\/$/, '')}/`) : null;
const browser = await chromium.launch(launchOptions);

/**
 * Installed in every page before its own scripts (a CDP init script, which
 * the pages' CSP does not apply to): `window.__reached(what)` resolves with
 * the page's clock when `what` is first seen, checked at every frame. The
 * page is watched from inside, so the harness adds nothing to its main
 * thread (Playwright's waitForFunction first compiles its own injected
 * script there: about 80 ms at 4×, counted before as the page's).
 * @param {'playable' | 'hint' | 'firstMove'} what
 */
function watcher() {
  const seen = (/** @type {string} */ what) => {
    const status =
      (document.querySelector('#status') ?? document.querySelector('chomp-game')?.shadowRoot?.querySelector('.status'))?.textContent ?? '';
    if (what === 'firstMove') return !!document.querySelector('li button[data-ply="1"]');
    if (what === 'hint') return /winning move|Winning move/.test(status);
    return /Your turn/.test(status);
  };
  /** @type {any} */ (window).__reached = (/** @type {string} */ what) =>
    new Promise((resolve) => {
      const check = () => (seen(what) ? resolve(Math.round(performance.now())) : requestAnimationFrame(check));
      check();
    });
}

/**
 * Throttles the page's CPU and, as they start, its workers' (each is its own
 * target, held at its start until throttled).
 * @param {import('@playwright/test').CDPSession} cdp @param {number} rate
 */
async function throttle(cdp, rate) {
  if (rate === 1) return;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  let id = 0;
  const child = (/** @type {string} */ sessionId, /** @type {string} */ method, /** @type {object} */ params) =>
    cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++id, method, params }) });
  cdp.on('Target.attachedToTarget', async ({ sessionId, targetInfo }) => {
    if (targetInfo.type === 'worker') await child(sessionId, 'Emulation.setCPUThrottlingRate', { rate }).catch(() => {});
    await child(sessionId, 'Runtime.runIfWaitingForDebugger', {}).catch(() => {});
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
}

/**
 * One cold load of `url`: milliseconds from navigation to a playable board,
 * and, when asked, to the hint's answer and to the computer's first move.
 * @param {string} url @param {{ rate?: number, phone?: boolean, hint?: boolean, computerFirst?: boolean }} o
 */
async function load(url, { rate = 1, phone = false, hint = false, computerFirst = false } = {}) {
  const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {});
  await context.addInitScript(`(${watcher})()`);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttle(cdp, rate);
  await page.goto(url);
  /** @type {Record<string, number | null>} */
  const out = {};
  const now = () => cdp.send('Runtime.evaluate', { expression: 'Math.round(performance.now())', returnByValue: true });
  const at = async () => /** @type {number} */ ((await now()).result.value);
  const wait = async (/** @type {'playable' | 'hint' | 'firstMove'} */ what) => {
    const reached = cdp.send('Runtime.evaluate', { expression: `window.__reached(${JSON.stringify(what)})`, awaitPromise: true, returnByValue: true });
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    const late = new Promise((resolve) => (timer = setTimeout(() => resolve(null), LIMIT_MS)));
    const out = /** @type {any} */ (await Promise.race([reached, late]));
    clearTimeout(timer);
    return out === null ? null : /** @type {number} */ (out.result.value);
  };
  if (computerFirst) {
    out.firstMove = await wait('firstMove');
  } else {
    out.playable = await wait('playable');
    if (hint && out.playable !== null) {
      const before = await at();
      await page.click('#hint');
      const answered = await wait('hint');
      out.hint = answered === null ? null : answered - before;
    }
  }
  await context.close();
  return out;
}

const median = (/** @type {(number | null)[]} */ xs) => {
  const ok = /** @type {number[]} */ (xs.filter((x) => x !== null)).sort((a, b) => a - b);
  return ok.length === xs.length ? ok[Math.floor(ok.length / 2)] : null;
};
const fmt = (/** @type {number | null} */ ms) => (ms === null ? `> ${LIMIT_MS / 1000} s` : `${(ms / 1000).toFixed(2)} s`);

/** @type {any[]} */
const chomp = [];
for (const b of boards) {
  const [rows, cols] = b.split('x');
  const url = `${base}index.html?rows=${rows}&cols=${cols}&level=perfect`;
  const human = await load(`${url}&first=human`, { hint: true });
  const computer = await load(`${url}&first=computer`, { computerFirst: true });
  chomp.push({ board: b, playable: human.playable, hint: human.hint, firstMove: computer.firstMove });
}
console.log('Chomp: time from navigation (headless Chromium, 1366×768, 1×): playable board, hint answer, computer first move');
printTable(
  ['board', 'playable', 'hint answers in', 'computer first move'],
  chomp.map((r) => [r.board.replace('x', '×'), fmt(r.playable), fmt(r.hint), fmt(r.firstMove)]),
);

const pages = [
  { name: 'Chomp (index.html)', path: 'index.html' },
  { name: 'Chomp 10×10', path: 'index.html?rows=10&cols=10' },
  { name: "Grundy's game (grundy.html)", path: 'grundy.html' },
  { name: 'Grundy heap 100,000', path: 'grundy.html?heaps=100000' },
  { name: 'Sums of games (sum.html)', path: 'sum.html' },
  { name: 'Embed demo', path: 'embed-demo.html' },
];
/** @type {any[]} */
const low = [];
for (const p of pages.filter((page) => page.path.includes(process.env.ONLY ?? ''))) {
  /** @type {Record<string, number | null>} */
  const ms = {};
  for (const rate of [1, 4]) {
    /** @type {(number | null)[]} */
    const loads = [];
    /** @type {(number | null)[]} */
    const before = [];
    for (let i = 0; i < runs; i++) {
      if (against) before.push((await load(against.base + p.path, { rate, phone: true })).playable);
      loads.push((await load(base + p.path, { rate, phone: true })).playable);
    }
    ms[rate] = median(loads);
    if (against) ms[`against${rate}`] = median(before);
  }
  low.push({ page: p.name, ms1: ms[1], ms4: ms[4], against1: ms.against1, against4: ms.against4 });
}
await browser.close();
server.close();
against?.server.close();
console.log(`Phone viewport (390×844), time to a playable board, median of ${runs} cold loads; goal ≤ 1 s at 4×`);
const ratio = (/** @type {number | null} */ now, /** @type {number | null} */ then) => (now !== null && then ? (now / then).toFixed(2) : '–');
printTable(
  against ? ['page', '1× before', '1×', 'ratio', '4× before', '4×', 'ratio', 'goal'] : ['page', '1×', '4×', 'goal'],
  low.map((r) => {
    const goal = r.ms4 !== null && r.ms4 <= 1000 ? 'OK' : 'OVER';
    if (!against) return [r.page, fmt(r.ms1), fmt(r.ms4), goal];
    return [r.page, fmt(r.against1), fmt(r.ms1), ratio(r.ms1, r.against1), fmt(r.against4), fmt(r.ms4), ratio(r.ms4, r.against4), goal];
  }),
);
mkdirSync(`${root}bench-results`, { recursive: true });
writeFileSync(`${root}bench-results/start.json`, JSON.stringify({ date: new Date().toISOString(), runs, against: process.env.AGAINST ?? null, chomp, low }, null, 2));
console.log('written: bench-results/start.json');
