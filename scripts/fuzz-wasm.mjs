// A seeded fuzz of both built wasm modules in node (www/pkg/impartial.js,
// "games", and www/pkg/impartial_study.js, "study"), as a page or another
// site could call them: every export, with valid values, near-valid ones and
// hostile ones (wrong types, BigInt, Symbol, null/undefined, {length: 2**31},
// huge arrays, throwing getters, iterators, Proxies and valueOf, Dates,
// nested objects, callbacks that throw, re-enter or free their object), in
// random sequences on live objects.
//
// After every call it checks:
//   * no trap (WebAssembly.RuntimeError, stack overflow): the module lives on;
//   * every error thrown has a `code` listed by error_codes(), `params` and a
//     sentence, and no exception of the caller's own leaks through;
//   * no bricked object: the object called still answers (no "recursive use
//     of an object detected"), and so does the module;
//   * a refused call changes nothing: the session's snapshot before and after
//     are the same; undo then redo comes back to the same snapshot; a game
//     over is won by the player not to move (at its start too), in misère
//     play by the player to move; go_to(k) shows k moves.
// It prints the figures and exits 1 on any failure, with the seed and call
// number that reproduce it.
//
//   node scripts/fuzz-wasm.mjs [--calls N] [--seed S] [--pkg DIR] [--no-cases]
// (--no-cases skips the audit's cases: an older build runs some for minutes).
// `npm test` runs 20,000 calls (seed 1); the long run the README reports is
// `node scripts/fuzz-wasm.mjs --calls 10000000`. Run after scripts/build.sh.
// `trap_for_tests` is left out: it traps on purpose (the e2e tests use it).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { types } from 'node:util';

const { isProxy } = types;

const argv = process.argv.slice(2);
/** @param {string} name @param {string} fallback */
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : fallback;
};
console.warn = () => {};
const CALLS = Number(opt('calls', '20000'));
const SEED = Number(opt('seed', '1')) >>> 0;
const PKG = opt('pkg', new URL('../www/pkg/', import.meta.url).pathname).replace(/\/?$/, '/');
if (!(CALLS > 0)) {
  console.error('usage: node scripts/fuzz-wasm.mjs [--calls N] [--seed S] [--pkg DIR] [--no-cases]');
  process.exit(2);
}

// ---- seeded randomness (splitmix32) ----
let state = SEED ^ 0x9e3779b9;
function rand() {
  state = (state + 0x9e3779b9) | 0;
  let z = state;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
}
/** @param {number} n */
const int = (n) => Math.floor(rand() * n);
/** @template T @param {T[]} list @returns {T} */
const pick = (list) => list[int(list.length)];
/** @param {number} p */
const chance = (p) => rand() < p;

// ---- loading (a fresh instance after a trap) ----
let loads = 0;
/** @param {string} name */
async function load(name) {
  const mod = await import(`${pathToFileURL(`${PKG}${name}.js`).href}?instance=${loads++}`);
  mod.initSync({ module: readFileSync(`${PKG}${name}_bg.wasm`) });
  return mod;
}
/** @type {Record<'games' | 'study', any>} */
const mods = { games: await load('impartial'), study: await load('impartial_study') };
const CODES = new Set([...mods.games.error_codes(), ...mods.study.error_codes()]);

// ---- the caller's own exceptions, to tell them from the module's ----
class Hostile extends Error {}
const hostileThrow = (/** @type {string} */ what) => {
  throw new Hostile(what);
};

// Big values are built once: a fresh one per call would time the fuzz, not the module.
const LONG_TEXT = 'x'.repeat(5_000_000);
const MID_TEXT = '3,'.repeat(50_000);
const DENSE = new Array(1_000_000).fill(3);
const DENSE_PAIRS = new Array(100_000).fill(['rows', '3']);
const DEEP = (() => {
  let v = /** @type {any} */ ([]);
  for (let i = 0; i < 10_000; i++) v = [v];
  return v;
})();
const CYCLE = /** @type {any[]} */ ([]);
CYCLE.push(CYCLE);

/**
 * Hostile values, each made fresh; `ctx.target` is the object being called
 * (a getter may call it back or free it) and `ctx.freed` is set when it does.
 * @type {((ctx: { target: any, freed: boolean }) => any)[]}
 */
const HOSTILE = [
  () => undefined,
  () => null,
  () => true,
  () => false,
  () => 0,
  () => -0,
  () => -1,
  () => 1.5,
  () => NaN,
  () => Infinity,
  () => -Infinity,
  () => 2 ** 31,
  () => 2 ** 32,
  () => 2 ** 53 + 2,
  () => Number.MAX_VALUE,
  () => 5e-324,
  () => 0n,
  () => 3n,
  () => 2n ** 64n,
  () => Symbol('s'),
  () => Symbol.iterator,
  () => '',
  () => '3',
  () => 'x',
  () => ' 5 ',
  () => '\u0000',
  () => '\ud800',
  () => '😀',
  () => LONG_TEXT,
  () => MID_TEXT,
  () => ({}),
  () => [],
  () => [[]],
  () => ({ length: 2 ** 31 }),
  () => ({ length: 3 }),
  () => ({ length: -1 }),
  () => ({ length: 2 ** 53 }),
  () => ({ length: 2, 0: 'rows', 1: '3' }),
  () => new Array(2 ** 28),
  () => new Array(2 ** 32 - 1),
  () => DENSE,
  () => DENSE_PAIRS,
  () => new Date(),
  () => new Date(NaN),
  () => /x/,
  () => new Map([['rows', '3']]),
  () => new Set([1]),
  () => new Float64Array(4),
  () => new Uint8Array(1 << 20),
  () => new ArrayBuffer(8),
  () => new Error('e'),
  () => function f() {},
  () => () => 1,
  () => class {},
  () => Object.create(null),
  () => ({ valueOf: () => hostileThrow('valueOf') }),
  () => ({ toString: () => hostileThrow('toString') }),
  () => ({ [Symbol.toPrimitive]: () => hostileThrow('toPrimitive') }),
  () => ({ valueOf: () => 3 }),
  () => throwingGetters(),
  () => new Proxy({}, trapsThatThrow()),
  () => new Proxy([['rows', '3']], trapsThatThrow()),
  () => revoked(),
  () => arrayWithThrowingIndex(),
  () => arrayWithThrowingIterator(),
  () => new Proxy([1, 2], { get: (t, k) => (k === 'length' ? hostileThrow('length') : Reflect.get(t, k)) }),
  () => DEEP,
  () => CYCLE,
  () => Object.freeze([['rows', '2']]),
  () => [['rows', '3'], , ['cols', '4']],
  (ctx) => ctx.target,
  (ctx) => reentrant(ctx),
  (ctx) => freeing(ctx),
];

function throwingGetters() {
  const o = {};
  for (const k of ['game', 'rows', 'heaps', 'length', '0', '1']) {
    Object.defineProperty(o, k, { get: () => hostileThrow(`get ${k}`), enumerable: true });
  }
  return o;
}

/** @returns {ProxyHandler<any>} */
function trapsThatThrow() {
  const t = (/** @type {string} */ name) => () => hostileThrow(name);
  return {
    get: t('get'),
    has: t('has'),
    ownKeys: t('ownKeys'),
    getOwnPropertyDescriptor: t('getOwnPropertyDescriptor'),
    getPrototypeOf: t('getPrototypeOf'),
  };
}

function revoked() {
  const r = Proxy.revocable([['rows', '3']], {});
  r.revoke();
  return r.proxy;
}

function arrayWithThrowingIndex() {
  const a = [['rows', '3'], ['cols', '3']];
  Object.defineProperty(a, 0, { get: () => hostileThrow('index 0') });
  Object.defineProperty(a[1], 1, { get: () => hostileThrow('inner index') });
  return a;
}

function arrayWithThrowingIterator() {
  const a = [['rows', '3'], ['cols', '4']];
  /** @type {any} */ (a)[Symbol.iterator] = () => hostileThrow('iterator');
  return a;
}

/** A Proxy of valid pairs whose reads call the object being called (read-only calls). @param {{ target: any, freed: boolean }} ctx */
function reentrant(ctx) {
  return new Proxy([['rows', '3']], {
    get(t, k) {
      try {
        if (!ctx.freed && typeof ctx.target?.snapshot === 'function') ctx.target.snapshot();
        mods.games.error_codes();
      } catch (e) {
        checkError(e, 'reentrant getter');
      }
      return Reflect.get(t, k);
    },
  });
}

/** A Proxy whose first read frees the object being called. @param {{ target: any, freed: boolean }} ctx */
function freeing(ctx) {
  return new Proxy([['rows', '2']], {
    get(t, k) {
      if (!ctx.freed && ctx.target && typeof ctx.target.free === 'function') {
        ctx.freed = true;
        try {
          ctx.target.free();
        } catch (e) {
          checkError(e, 'free in a getter');
        }
      }
      return Reflect.get(t, k);
    },
  });
}

// ---- valid and near-valid values, per kind of parameter ----
const REVEALS = ['off', 'outcome', 'moves', 'values', 'explain'];
const small = () => (chance(0.8) ? 1 + int(6) : 1 + int(9));

/** @param {'chomp' | 'grundy' | 'sum'} game */
function validPairs(game) {
  /** @type {[string, string][]} */
  const p = [];
  if (game === 'chomp') {
    if (chance(0.7)) p.push(['rows', String(small())], ['cols', String(small())]);
    else if (chance(0.5)) p.push(['position', descending(1 + int(6), 8).join(',')]);
    else p.push(['columns', descending(1 + int(6), 6).join(' ')]);
    if (chance(0.03)) p.push(['rows', String(pick([0, 31, 1000, 3, 2]))], ['cols', String(pick([1, 3, 40, 1000]))]);
  } else if (game === 'grundy') {
    // Heap games of other rules (their values by the plain method for now:
    // small heaps), misère play within its search's bounds or past them.
    if (chance(0.4)) p.push(['rule', pick(['kayles', 'dawson', 'nim', '0.333', '4.07', '0.6', '0.51', `${pick(['0', '4'])}.${int(8)}${int(8)}`, '0.8', 'x'])]);
    if (chance(0.2)) p.push(['misere', pick(['1', '1', '0', 'yes'])]);
    if (chance(0.8)) {
      const n = 1 + int(4);
      p.push(['heaps', Array.from({ length: n }, () => (chance(0.2) ? 1 + int(2) : 3 + int(30))).join(',')]);
    } else p.push(['n', String(1 + int(40))]);
    if (chance(0.05)) p.push(['heaps', pick(['2,1', '1x99999999999999999', '7x4097', '2x3,1', '0', 'x'])]);
  } else {
    if (chance(0.5)) p.push(['chomp', Array.from({ length: 1 + int(2) }, () => `${1 + int(3)}x${1 + int(4)}`).join(';')]);
    if (chance(0.7)) p.push(['grundy', Array.from({ length: 1 + int(3) }, () => String(1 + int(14))).join(',')]);
    // Heap games of any rule, a rule holding for the games after it.
    if (chance(0.5)) p.push(['heaps', Array.from({ length: 1 + int(3) }, () => `${chance(0.6) ? `${pick(['kayles', 'dawson', '0.333', '4.07', 'nim', 'grundy', '0.6'])}:` : ''}${1 + int(14)}${chance(0.3) ? `+${1 + int(6)}` : ''}`).join(',')]);
    if (chance(0.6)) p.push(['nim', Array.from({ length: 1 + int(3) }, () => String(int(8))).join(',')]);
    if (chance(0.05)) p.push(['nim', pick(['0', '61', '-1', '0,0'])]);
    if (chance(0.05)) p.push(['heaps', pick(['0.8:5', 'kayles:61', '5', 'kayles:0', ':3', 'x:y:z'])]);
    if (chance(0.2)) p.push(['seed', String(int(1000))]);
  }
  if (chance(0.5)) p.push(['first', pick(['human', 'computer', 'x'])]);
  // Grundy's perfect computer searches up to 200,000 positions a move: named
  // always, it plays a sixth of the games rather than half, so the calls go further.
  if (game === 'grundy' || chance(0.6)) p.push(['level', pick(['perfect', 'random', 'human', 'original', 'seed', 'x'])]);
  if (game !== 'sum' && chance(0.4)) p.push(['reveal', pick(REVEALS)]);
  if (chance(0.05)) p.push(['moves', pick(['1,2', '2,2 1,2', '13+7', 'zz', MID_TEXT])]);
  return p;
}

/** Non-increasing row lengths. @param {number} n @param {number} max */
function descending(n, max) {
  const rows = [];
  let top = 1 + int(max);
  for (let i = 0; i < n; i++) {
    top = Math.max(chance(0.1) ? 0 : 1, top - int(3));
    rows.push(top);
  }
  return rows;
}

/** Pairs with one part hostile. @param {{ target: any, freed: boolean }} ctx */
function nearPairs(ctx) {
  const h = () => pick(HOSTILE)(ctx);
  return pick([
    () => [['rows', h()]],
    () => [[h(), '3']],
    () => [['rows', '3', 'extra']],
    () => ['rows', '3'],
    () => [h()],
    () => [['rows', '3'], h()],
    () => [{ length: 2, 0: 'rows', 1: '3' }],
  ])();
}

/** @param {any} game */
function graphText(game) {
  void game;
  const n = 1 + int(8);
  const lines = [];
  for (let v = 0; v < n; v++) {
    const succ = [];
    for (let w = v + 1; w < n; w++) if (chance(0.35)) succ.push(w);
    if (chance(0.03) && v > 0) succ.push(int(v + 1)); // sometimes a cycle
    lines.push(`${v}: [${succ.join(', ')}]`);
  }
  const text = `{${lines.join(', ')}}`;
  if (chance(0.1)) {
    const at = int(text.length);
    return text.slice(0, at) + pick(['', '"', '{', ']', ':', 'x', '\u0000', "'a'"]) + text.slice(at + 1);
  }
  return text;
}

/** A winning_move position. @param {{ target: any, freed: boolean }} ctx */
function position(ctx) {
  if (chance(0.15)) return pick(HOSTILE)(ctx);
  if (chance(0.5)) {
    const rows = chance(0.1) ? pick([DENSE, new Array(2 ** 27), [...Array(12).fill(3), 1], [0], []]) : descending(1 + int(6), 9);
    return { game: chance(0.95) ? 'chomp' : pick(['nim', 3, null]), rows: chance(0.9) ? rows : pick(HOSTILE)(ctx) };
  }
  const heaps = chance(0.1)
    ? pick([[0], [], DENSE, [2 ** 24 + 1], [1.5], ['3']])
    : Array.from({ length: 1 + int(5) }, () => 1 + int(chance(0.05) ? 5000 : 40));
  if (chance(0.5)) return { game: 'grundy', heaps: chance(0.9) ? heaps : pick(HOSTILE)(ctx) };
  // Any heap game; other rules' values come from the plain method for now: small heaps.
  const rule = chance(0.9) ? pick(['grundy', 'nim', 'kayles', 'dawson', '0.333', '4.07', '0.6', '.15', '0.8', '']) : pick(HOSTILE)(ctx);
  const small = heaps.map((h) => (typeof h === 'number' && rule !== 'grundy' && rule !== 'nim' ? Math.min(h, 60) : h));
  /** @type {Record<string, any>} */
  const p = { game: 'heaps', rule, heaps: chance(0.9) ? small : pick(HOSTILE)(ctx) };
  if (chance(0.4)) p.misere = chance(0.9) ? chance(0.7) : pick(HOSTILE)(ctx);
  if (chance(0.05)) delete p.rule;
  return p;
}

/** @typedef {{ target: any, freed: boolean, cls: string, view: any }} Ctx */
/** @typedef {(ctx: Ctx) => any} Gen */
/** @typedef {Gen[] | ((ctx: Ctx) => any[])} Args  per-argument generators, or one for all the arguments */

const num = (/** @type {() => number} */ valid) => (/** @type {Ctx} */ ctx) => (chance(0.85) ? valid() : pick(HOSTILE)(ctx));
const bool = (/** @type {Ctx} */ ctx) => (chance(0.85) ? chance(0.5) : pick(HOSTILE)(ctx));
const reveal = (/** @type {Ctx} */ ctx) => (chance(0.85) ? pick([...REVEALS, 'all', 'OFF']) : pick(HOSTILE)(ctx));
/** @param {'chomp' | 'grundy' | 'sum'} game */
const pairs = (game) => (/** @type {Ctx} */ ctx) => (chance(0.75) ? validPairs(game) : chance(0.5) ? nearPairs(ctx) : pick(HOSTILE)(ctx));
const rowsArg = (/** @type {Ctx} */ ctx) =>
  chance(0.8) ? descending(1 + int(5), 6) : chance(0.5) ? pick([DENSE, new Array(2 ** 27), new Array(2 ** 28), [3, 'x'], [-1], [1e9]]) : pick(HOSTILE)(ctx);
const ply = (/** @type {Ctx} */ ctx) =>
  chance(0.7) ? plyOf(ctx.view) : chance(0.5) ? Math.max(0, plyOf(ctx.view) + int(3) - 1) : pick(HOSTILE)(ctx);

/** Progress callbacks: mostly plain, some that cancel, throw, re-enter or free. @param {Ctx} ctx */
function progress(ctx) {
  if (chance(0.5)) return undefined;
  if (chance(0.1)) return pick(HOSTILE)(ctx);
  const plan = pick(['count', 'count', 'cancel', 'throw', 'reenter', 'free', 'odd']);
  let first = true;
  return (/** @type {number} */ done, /** @type {number} */ total) => {
    if (typeof done !== 'number' || typeof total !== 'number') failures.push(['progress arguments', `${typeof done} ${typeof total}`]);
    const now = first;
    first = false;
    if (!now) return undefined;
    switch (plan) {
      case 'cancel':
        return false;
      case 'throw':
        return hostileThrow('progress');
      case 'odd':
        return pick([0n, Symbol('p'), {}, 'no', null]);
      case 'reenter':
        // A freed object is not called (a getter of an argument may have freed it).
        if (ctx.freed) return undefined;
        try {
          ctx.target.snapshot();
        } catch (e) {
          checkError(e, 'progress re-entry');
        }
        return undefined;
      case 'free':
        if (!ctx.freed) {
          ctx.freed = true;
          try {
            ctx.target.free();
          } catch (e) {
            checkError(e, 'free in progress');
          }
        }
        return undefined;
      default:
        return undefined;
    }
  };
}

/** A rule for heap_values: names, octal codes (some bad), hostile values. @param {Ctx} ctx */
function valuesRule(ctx) {
  if (chance(0.1)) return pick(HOSTILE)(ctx);
  return pick(['grundy', 'nim', 'kayles', 'dawson', '0.6', '4.07', '0.8', '', 'x', `${pick(['0', '4'])}.${int(8)}${int(8)}${int(8)}`]);
}

/** heap_values' progress: none, counting, cancelling, throwing or odd answers. @param {Ctx} ctx */
function valuesProgress(ctx) {
  if (chance(0.5)) return undefined;
  if (chance(0.1)) return pick(HOSTILE)(ctx);
  const plan = pick(['count', 'cancel', 'throw', 'odd']);
  return (/** @type {number} */ done, /** @type {number} */ total) => {
    if (typeof done !== 'number' || typeof total !== 'number') failures.push(['progress arguments', `${typeof done} ${typeof total}`]);
    if (plan === 'cancel') return false;
    if (plan === 'throw') return hostileThrow('progress');
    if (plan === 'odd') return pick([0n, Symbol('p'), {}, 'no', null]);
    return undefined;
  };
}

/** Moves on the board, from a snapshot. @param {any} view */
function plyOf(view) {
  if (!view || !Array.isArray(view.moves)) return 0;
  return view.components ? view.moves.length / 9 : view.moves.length;
}

/** Arguments of a legal move from the last snapshot (else random ones). */
const legal = {
  /** @param {Ctx} ctx */
  chomp(ctx) {
    const rows = ctx.view?.rows;
    if (!Array.isArray(rows) || chance(0.2)) return [int(8), int(9)];
    const choices = [];
    rows.forEach((/** @type {number} */ len, /** @type {number} */ i) => {
      for (let c = i === 0 ? 2 : 1; c <= len; c++) choices.push([i + 1, c]);
    });
    return choices.length ? pick(choices) : [1, 1];
  },
  /** @param {Ctx} ctx */
  grundy(ctx) {
    const heaps = ctx.view?.heaps;
    if (!Array.isArray(heaps) || heaps.length === 0 || chance(0.2)) return [int(4), int(30), 1 + int(8)];
    const i = int(heaps.length);
    if (ctx.view?.rule && ctx.view.rule !== 'grundy') {
      // Another rule: take 1 to 3, leave the rest whole or in two (often legal).
      const take = Math.min(heaps[i], 1 + int(3));
      const rest = heaps[i] - take;
      const small = chance(0.5) ? 0 : int(Math.floor(rest / 2) + 1);
      return [i, rest - small, small, take];
    }
    const small = 1 + int(Math.max(1, Math.floor((heaps[i] - 1) / 2)));
    return [i, heaps[i] - small, small];
  },
  /** The components of a sum's flat snapshot. @param {any} view */
  components(view) {
    const list = [];
    const c = view?.components;
    for (let k = 0; Array.isArray(c) && k < c.length; ) {
      const [kind, , n] = c.slice(k, k + 3);
      list.push({ kind, body: c.slice(k + 3, k + 3 + n) });
      k += 3 + n;
    }
    return list;
  },
  /** @param {Ctx} ctx @param {number} kind */
  sum(ctx, kind) {
    const all = legal.components(ctx.view).map((x, i) => ({ ...x, i })).filter((x) => x.kind === kind);
    if (all.length === 0 || chance(0.2)) return null;
    const { i, body } = pick(all);
    if (kind === 0) return [i, ...legal.chomp({ ...ctx, view: { rows: body.slice(2) } })];
    if (kind === 1 || kind === 3) {
      // Its sizes set aside, then each heap that moves: size, value, its moves.
      /** @type {{ size: number, options: number[][] }[]} */
      const heaps = [];
      for (let j = 1 + 2 * body[0]; j + 2 < body.length; j += 3 + 3 * body[j + 2]) {
        const options = [];
        for (let k = 0; k < body[j + 2]; k++) options.push(body.slice(j + 3 + 3 * k, j + 6 + 3 * k));
        heaps.push({ size: body[j], options });
      }
      if (kind === 1) return [i, ...legal.grundy({ ...ctx, view: { heaps: heaps.map((h) => h.size) } })];
      const h = int(Math.max(1, heaps.length));
      return [i, h, ...(heaps[h]?.options.length ? pick(heaps[h].options) : [int(3), int(9), int(4)])];
    }
    return [i, int(Math.max(1, body[1]))];
  },
};

/**
 * The exports: per class its methods with a generator per argument (weights
 * favour moves, so games get deep) and how to look at its state.
 * @type {Record<string, { mod: 'games' | 'study', session: boolean, methods: [string, Gen[], number][] }>}
 */
const CLASSES = {
  ChompSession: {
    weight: 5,
    mod: 'games',
    session: true,
    methods: [
      ['start', [pairs('chomp'), bool, progress], 6],
      ['play', (ctx) => (chance(0.9) ? legal.chomp(ctx) : [pick(HOSTILE)(ctx), num(() => int(9))(ctx)]), 14],
      ['computer_move', [ply], 10],
      ['hint', [ply], 3],
      ['undo', [], 4],
      ['redo', [], 3],
      ['restart', [], 1],
      ['set_demo', [bool], 1],
      ['snapshot', [], 1],
      ['go_to', [num(() => int(8))], 4],
      ['set_reveal', [reveal], 2],
      ['set_analysis', [bool], 2],
      ['why', [num(() => int(6)), num(() => int(6)), num(() => int(7))], 2],
      ['edit', [num(() => int(7)), num(() => int(8)), bool], 2],
      ['stealing', [], 1],
      ['solve_some', [num(() => int(64))], 1],
      ['stop_solving', [], 1],
    ],
  },
  GrundySession: {
    weight: 5,
    mod: 'games',
    session: true,
    methods: [
      ['start', [pairs('grundy'), bool, progress], 6],
      ['play', (ctx) => (chance(0.9) ? legal.grundy(ctx) : [num(() => int(4))(ctx), pick(HOSTILE)(ctx), 1, num(() => int(4))(ctx)]), 14],
      ['computer_move', [ply], 10],
      ['hint', [ply], 3],
      ['undo', [], 4],
      ['redo', [], 3],
      ['restart', [], 1],
      ['set_demo', [bool], 1],
      ['snapshot', [], 1],
      ['go_to', [num(() => int(8))], 4],
      ['set_reveal', [reveal], 2],
      ['splits', [num(() => int(4))], 2],
      ['options', [num(() => int(4))], 2],
      ['why', [num(() => int(6)), num(() => int(4)), num(() => int(8)), (ctx) => (chance(0.5) ? undefined : num(() => int(4))(ctx))], 2],
    ],
  },
  ChompNimbers: { weight: 1, mod: 'games', session: false, methods: [['of', [rowsArg], 1]] },
  SumSession: {
    weight: 5,
    mod: 'study',
    session: true,
    methods: [
      ['start', [pairs('sum'), bool], 6],
      ['play_chomp', (ctx) => legal.sum(ctx, 0) ?? [num(() => int(4)), num(() => int(4)), num(() => int(5))].map((g) => g(ctx)), 6],
      ['play_grundy', (ctx) => legal.sum(ctx, 1) ?? [num(() => int(4)), num(() => int(3)), num(() => int(14)), num(() => 1 + int(6))].map((g) => g(ctx)), 6],
      ['play_nim', (ctx) => legal.sum(ctx, 2) ?? [num(() => int(5)), num(() => int(7))].map((g) => g(ctx)), 6],
      ['play_heap', (ctx) => legal.sum(ctx, 3) ?? [num(() => int(5)), num(() => int(3)), num(() => int(4)), num(() => int(14)), num(() => int(7))].map((g) => g(ctx)), 6],
      ['computer_move', [ply], 10],
      ['hint', [ply], 3],
      ['undo', [], 4],
      ['redo', [], 3],
      ['restart', [], 1],
      ['set_demo', [bool], 1],
      ['snapshot', [], 1],
      ['go_to', [num(() => int(8))], 4],
    ],
  },
  GraphSession: {
    weight: 2,
    mod: 'study',
    session: false,
    methods: [
      ['parse', [(ctx) => (chance(0.85) ? graphText(ctx) : pick(HOSTILE)(ctx)), num(() => pick([10, 300, 20000]))], 3],
      ['arena', [num(() => 1 + int(4)), num(() => 1 + int(5)), num(() => pick([10, 300]))], 2],
      ['below', [rowsArg, num(() => pick([10, 300]))], 2],
    ],
  },
  GrundyLab: {
    weight: 0.2,
    mod: 'study',
    session: false,
    methods: [['run', [num(() => int(6)), num(() => 1 + int(12))], 1]],
  },
};

/** Functions and static methods: [module, path, argument generators, weight]. @type {['games' | 'study', string, Gen[], number][]} */
const FUNCTIONS = [
  ['games', 'winning_move', [position], 6],
  ['study', 'analyze_graph', [(ctx) => (chance(0.85) ? graphText(ctx) : pick(HOSTILE)(ctx))], 3],
  ['games', 'error_codes', [], 1],
  ['study', 'error_codes', [], 1],
  ['games', 'memory_bytes', [], 1],
  ['study', 'memory_bytes', [], 1],
  ['games', 'start', [], 1],
  ['study', 'start', [], 1],
  ['games', 'ChompSession.rules', [], 1],
  ['games', 'GrundySession.rules', [], 1],
  ['study', 'GrundyLab.max_heaps', [], 1],
  ['study', 'heap_values', [valuesRule, num(() => pick([0, 1, 17, 300, 2000, 2 ** 24 + 1, 1.5, -1])), valuesProgress], 2],
];

// ---- the checks ----
/**
 * Failures as they come ([kind, text]); the first few are printed at once, so
 * a long run shows them without waiting for its end.
 * @type {[string, string][]}
 */
const failures = [];
const push = failures.push.bind(failures);
failures.push = (...items) => {
  for (const [kind, text] of items) if (failures.length < 20) console.error(`[fuzz] at once: ${kind}: ${text}`);
  return push(...items);
};
const counts = { calls: 0, ok: 0, refused: 0, traps: 0, uncoded: 0, bricked: 0, changed: 0, undoRedo: 0, winner: 0, goTo: 0, freedInCall: 0, reloads: 0 };
/** @type {Map<string, { calls: number, refused: number, maxMs: number, totalMs: number }>} */
const perExport = new Map();
/** @type {Map<string, number>} */
const codesSeen = new Map();
/** The exports the random calls reached. @type {Set<string>} */
const reached = new Set();
/** The slowest calls, for the report: [ms, description]. @type {[number, string][]} */
const slowest = [];
let current = '';

/** True for an error the module may throw: coded, listed, with params and a sentence. @param {any} e */
function coded(e) {
  return (
    e instanceof Error &&
    !(e instanceof Hostile) &&
    typeof (/** @type {any} */ (e).code) === 'string' &&
    CODES.has(/** @type {any} */ (e).code) &&
    typeof (/** @type {any} */ (e).params) === 'object' &&
    e.message.length > 0
  );
}

/** @param {any} e */
function isTrap(e) {
  return e instanceof WebAssembly.RuntimeError || (e instanceof RangeError && /call stack/.test(e.message));
}

/** Checks an error seen inside a callback or getter (it must be coded too). @param {any} e @param {string} where */
function checkError(e, where) {
  if (e instanceof Hostile) return;
  if (isTrap(e)) trapped = true;
  if (!coded(e)) {
    counts.uncoded++;
    failures.push(['uncoded', `${where} during ${current}: ${describeError(e)}`]);
  }
}

/** @param {any} e */
function describeError(e) {
  return `${e?.constructor?.name}: ${String(e?.message ?? e).slice(0, 160)}${e?.code ? ` [${e.code}]` : ''}`;
}

/**
 * A short description of a value, for reproducing a failure, read without
 * running any of its code (no getter, no Proxy trap, no toString).
 * @param {any} v @param {number} [depth]
 * @returns {string}
 */
function show(v, depth = 0) {
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'symbol') return v.description === undefined ? 'Symbol()' : `Symbol(${v.description})`;
  if (typeof v === 'function') return 'function';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…(${v.length})` : v);
  if (v === null || typeof v !== 'object') return Object.is(v, -0) ? '-0' : String(v);
  if (isProxy(v)) return 'Proxy';
  if (depth > 2) return '…';
  if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) return `${v.constructor.name}(${v.byteLength})`;
  if (Array.isArray(v) && v.length > 6) return `Array(${v.length})`;
  const own = Object.getOwnPropertyNames(v);
  const parts = [];
  for (const k of own.slice(0, 6)) {
    if (Array.isArray(v) && k === 'length') continue;
    const d = Object.getOwnPropertyDescriptor(v, k);
    parts.push(`${Array.isArray(v) ? '' : `${k}: `}${d && 'value' in d ? show(d.value, depth + 1) : '<getter>'}`);
  }
  const more = own.length > 7 ? ', …' : '';
  if (Array.isArray(v)) return `[${parts.join(', ')}${more}]`;
  const name = Object.getPrototypeOf(v)?.constructor?.name ?? 'Object';
  return `${name === 'Object' ? '' : `${name} `}{${parts.join(', ')}${more}}`;
}

let trapped = false;

// ---- objects and the sequence ----
/** @type {{ cls: string, obj: any, view: any, gen: number }[]} */
let live = [];
let generation = 0;

async function reload() {
  counts.reloads++;
  generation++;
  live = [];
  mods.games = await load('impartial');
  mods.study = await load('impartial_study');
  trapped = false;
}

/**
 * The object's state as text (its snapshot, or the error code before a
 * game). On a Chomp board played per position ("open") the analysis is left
 * out: each look searches on from what earlier ones proved, within a memory
 * bound, so two looks in a row may differ without any call between them.
 * @param {{ cls: string, obj: any }} o
 */
function look(o) {
  try {
    const s = o.obj.snapshot();
    if (s?.solver?.kind === 'open') delete s.analysis;
    return JSON.stringify(s);
  } catch (e) {
    return `error ${/** @type {any} */ (e)?.code ?? describeError(e)}`;
  }
}

/** The object still answers; false when bricked. @param {{ cls: string, obj: any }} o */
function answers(o) {
  try {
    if (CLASSES[o.cls].session) o.obj.snapshot();
    else if (o.cls === 'ChompNimbers') o.obj.of([1]);
    else if (o.cls === 'GraphSession') o.obj.arena(1, 1, 10);
    else if (o.cls === 'GrundyLab') o.obj.run(5, 3);
    return true;
  } catch (e) {
    if (isTrap(e)) trapped = true;
    return coded(e) && /** @type {any} */ (e).code === 'session.no_game';
  }
}

/** @param {string} name @param {number} ms @param {boolean} refused */
function tally(name, ms, refused) {
  let s = perExport.get(name);
  if (!s) perExport.set(name, (s = { calls: 0, refused: 0, maxMs: 0, totalMs: 0 }));
  s.calls++;
  s.totalMs += ms;
  if (ms > 200 && (slowest.length < 10 || ms > slowest[slowest.length - 1][0])) {
    slowest.push([ms, current]);
    slowest.sort((a, b) => b[0] - a[0]);
    slowest.length = Math.min(slowest.length, 10);
  }
  if (refused) s.refused++;
  if (ms > s.maxMs) s.maxMs = ms;
}

/**
 * Calls `fn`, classifies the outcome; returns [ok, value].
 * @param {string} name @param {() => any} fn @returns {[boolean, any]}
 */
function attempt(name, fn) {
  counts.calls++;
  const t = performance.now();
  try {
    const value = fn();
    tally(name, performance.now() - t, false);
    counts.ok++;
    return [true, value];
  } catch (e) {
    tally(name, performance.now() - t, true);
    if (isTrap(e)) {
      counts.traps++;
      trapped = true;
      failures.push(['trap', `${current}: ${describeError(e)}`]);
    } else if (!coded(e)) {
      counts.uncoded++;
      failures.push(['uncoded', `${current}: ${describeError(e)}`]);
    } else {
      counts.refused++;
      const code = /** @type {any} */ (e).code;
      codesSeen.set(code, (codesSeen.get(code) ?? 0) + 1);
    }
    return [false, e];
  }
}

/** Checks a session's snapshot for the game's invariants. @param {any} s @param {string} op @param {any[]} args */
function checkView(s, op, args) {
  if (!s || typeof s !== 'object' || !('over' in s)) return;
  const n = plyOf(s);
  // The player left without a move loses, whether moves were played or not;
  // in misère play that player wins.
  const winner = s.over ? (s.misere ? s.to_move : 3 - s.to_move) : null;
  if (s.winner !== winner) {
    counts.winner++;
    failures.push(['winner', `${current}: winner ${s.winner} with over ${s.over}, player ${s.to_move} to move, after ${n} moves`]);
  }
  if (op === 'go_to' && typeof args[0] === 'number' && n !== args[0]) {
    counts.goTo++;
    failures.push(['go_to', `${current}: go_to(${args[0]}) shows ${n} moves`]);
  }
}

/** One call on a live object (or a new one, or free). */
function objectCall() {
  const names = Object.keys(CLASSES);
  if (live.length < 3 || chance(0.004)) {
    const cls = weighted(names.map((n) => [n, CLASSES[n].weight]))[0];
    const Cls = mods[CLASSES[cls].mod][cls];
    current = `#${counts.calls} new ${cls}`;
    reached.add(`new ${cls}`);
    const [ok, obj] = attempt(`new ${cls}`, () => new Cls());
    if (ok) live.push({ cls, obj, view: null, gen: generation });
    if (live.length > 8) {
      const old = /** @type {{ cls: string, obj: any }} */ (live.shift());
      current = `#${counts.calls} ${old.cls}.free() (the oldest of 9)`;
      reached.add(`${old.cls}.free`);
      attempt(`${old.cls}.free`, () => old.obj.free());
    }
    return;
  }
  const o = weighted(live.map((x) => [x, CLASSES[x.cls].weight]))[0];
  if (chance(0.005)) {
    current = `#${counts.calls} ${o.cls}.free()`;
    reached.add(`${o.cls}.free`);
    attempt(`${o.cls}.free`, () => o.obj.free());
    live = live.filter((x) => x !== o);
    return;
  }
  const spec = CLASSES[o.cls];
  const [method, gens] = weighted(spec.methods);
  /** @type {Ctx} */
  const ctx = { target: o.obj, freed: false, cls: o.cls, view: o.view };
  const args = typeof gens === 'function' ? gens(ctx) : gens.map((g) => g(ctx));
  current = `#${counts.calls} ${o.cls}.${method}(${args.map(show).join(', ')})`;
  reached.add(`${o.cls}.${method}`);
  const before = spec.session ? look(o) : '';
  const [ok, value] = attempt(`${o.cls}.${method}`, () => o.obj[method](...args));
  if (trapped) return;
  if (ctx.freed) {
    // Freed while the call ran (a getter or the progress callback): it was
    // released when the call ended; the module must still answer.
    counts.freedInCall++;
    live = live.filter((x) => x !== o);
    return;
  }
  if (!answers(o)) {
    counts.bricked++;
    failures.push(['bricked', `${current}: the object no longer answers`]);
    live = live.filter((x) => x !== o);
    return;
  }
  if (!spec.session) return;
  const after = look(o);
  if (ok) {
    if (value && typeof value === 'object' && 'over' in value) o.view = value;
    checkView(value, method, args);
    if (method === 'undo' && chance(0.5) && before !== after) {
      const [redone] = attempt(`${o.cls}.redo`, () => o.obj.redo());
      if (redone && look(o) !== before) {
        counts.undoRedo++;
        failures.push(['undo-redo', `${current} then redo(): not back where it was`]);
      }
      o.view = safeView(o);
    }
  } else if (after !== before && !isReentrantValue(args)) {
    counts.changed++;
    failures.push(['changed', `${current} was refused (${value?.code}) but changed the snapshot: ${difference(before, after)}`]);
    o.view = safeView(o);
  }
}

/** Where two texts part, with some context. @param {string} a @param {string} b */
function difference(a, b) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `…${a.slice(Math.max(0, i - 60), i + 40)}… became …${b.slice(Math.max(0, i - 60), i + 40)}…`;
}

/** @param {{ obj: any }} o */
function safeView(o) {
  try {
    return o.obj.snapshot();
  } catch {
    return null;
  }
}

/** Arguments that call the object back may change it themselves. @param {any[]} args */
function isReentrantValue(args) {
  return args.some((a) => typeof a === 'function');
}

/** Picks an entry by its weight (its last element). @template {any[]} T @param {T[]} list @returns {T} */
function weighted(list) {
  const total = list.reduce((s, m) => s + m[m.length - 1], 0);
  let r = rand() * total;
  for (const m of list) if ((r -= m[m.length - 1]) < 0) return m;
  return list[list.length - 1];
}

function functionCall() {
  const [mod, path, gens] = weighted(FUNCTIONS);
  const [owner, name] = path.includes('.') ? path.split('.') : [null, path];
  const target = owner ? mods[mod][owner] : mods[mod];
  /** @type {Ctx} */
  const ctx = { target: null, freed: false, cls: '', view: null };
  const args = gens.map((g) => g(ctx));
  current = `#${counts.calls} ${mod}.${path}(${args.map(show).join(', ')})`;
  reached.add(`${mod}.${path}`);
  attempt(`${mod}.${path}`, () => target[name](...args));
}

/** The module itself still answers (a class can be made, a function called). */
function moduleAnswers() {
  try {
    new mods.games.ChompSession().free();
    new mods.study.SumSession().free();
    mods.games.error_codes();
    mods.study.error_codes();
    return true;
  } catch (e) {
    failures.push(['bricked', `module after ${current}: ${describeError(e)}`]);
    counts.bricked++;
    return false;
  }
}

// ---- the audit's cases (issue 25), each by name, before the random calls ----
/** @type {string[]} */
const figures = [];

/**
 * Runs `fn`, which must throw an error with one of `codes` (any listed code
 * when `codes` is empty), within `ms` milliseconds of calls at most... the
 * time is reported, not judged here.
 * @param {string} name @param {() => any} fn @param {string[]} codes
 */
function refuses(name, fn, codes = []) {
  current = `case: ${name}`;
  const [ok, value] = attempt(name, fn);
  if (trapped) return;
  if (ok) failures.push(['case', `${name}: answered ${show(value)} instead of refusing`]);
  else if (codes.length && !codes.includes(value?.code)) failures.push(['case', `${name}: refused with ${value?.code}, not ${codes.join(' or ')}`]);
}

/** @param {string} name @param {() => any} fn @returns {any} */
function answersCase(name, fn) {
  current = `case: ${name}`;
  const t = performance.now();
  const [ok, value] = attempt(name, fn);
  const ms = performance.now() - t;
  if (!ok && !trapped) failures.push(['case', `${name}: refused with ${value?.code ?? describeError(value)}`]);
  return [ok ? value : null, ms];
}

/** @param {boolean} good @param {string} what */
function expect(good, what) {
  if (!good) failures.push(['case', what]);
}

async function auditCases() {
  const { games, study } = mods;
  const P = (/** @type {Record<string, string>} */ o) => Object.entries(o);
  // Values a page can send where a string, a number, a boolean or a list is expected.
  const odd = [5, true, 2n, {}, new Date(), { length: 2 ** 31 }, { length: 3 }, null, undefined, Symbol('s'), [], { valueOf: () => hostileThrow('valueOf') }];
  const c = new games.ChompSession();
  for (const v of odd) refuses(`ChompSession.set_reveal(${show(v)})`, () => c.set_reveal(v), ['input.type', 'session.no_game']);
  for (const v of odd) refuses(`analyze_graph(${show(v)})`, () => study.analyze_graph(v), ['input.type']);
  const g = new study.GraphSession();
  for (const v of odd) refuses(`GraphSession.parse(${show(v)})`, () => g.parse(v, 300), ['input.type']);
  answersCase('ChompSession.start 3x4', () => c.start(P({ rows: '3', cols: '4' }), false));
  for (const v of odd.filter((x) => typeof x !== 'number')) refuses(`ChompSession.play(${show(v)}, 1)`, () => c.play(v, 1), ['input.type']);
  for (const v of odd.filter((x) => typeof x !== 'boolean')) {
    refuses(`ChompSession.set_analysis(${show(v)})`, () => c.set_analysis(v), ['input.type']);
    refuses(`ChompSession.start(pairs, ${show(v)})`, () => c.start(P({ rows: '3' }), v), ['input.type']);
  }
  // Huge array-likes: refused by their length, before anything is copied.
  const before = games.memory_bytes();
  for (const e of [27, 28, 29]) {
    const t = performance.now();
    refuses(`ChompNimbers.of(new Array(2**${e}))`, () => new games.ChompNimbers().of(new Array(2 ** e)), ['input.too_many']);
    refuses(`winning_move rows new Array(2**${e})`, () => games.winning_move({ game: 'chomp', rows: new Array(2 ** e) }), ['input.too_many']);
    figures.push(`2**${e} array-likes refused in ${(performance.now() - t).toFixed(1)} ms`);
  }
  expect(games.memory_bytes() - before < 2 ** 24, `huge arrays grew memory by ${games.memory_bytes() - before} bytes`);
  // A throwing getter, iterator or Proxy, 3,000 times: the session and the module go on.
  const s = new games.ChompSession();
  const throwing = [() => new Proxy([], trapsThatThrow()), arrayWithThrowingIndex, revoked, arrayWithThrowingIterator];
  for (let i = 0; i < 3000; i++) {
    const v = throwing[i % throwing.length]();
    const [ok, e] = attempt('ChompSession.start(throwing)', () => s.start(v, false));
    if (!ok && !coded(e)) failures.push(['case', `throwing pairs #${i}: ${describeError(e)}`]);
  }
  answersCase('ChompSession.start after 3,000 throws', () => s.start(P({ rows: '4', cols: '4' }), false));
  answersCase('new ChompSession after 3,000 throws', () => new games.ChompSession().free());
  refuses('winning_move rows getter throws', () => games.winning_move({ game: 'chomp', get rows() { return hostileThrow('rows'); } }), ['input.unreadable']);
  // free() inside a progress callback: deferred to the end of the call.
  for (let i = 0; i < 20; i++) {
    const victim = new games.ChompSession();
    /** @type {any} */
    let inside = 'not called';
    answersCase('ChompSession.start with free() in progress', () =>
      victim.start(P({ rows: '11', cols: '11' }), false, () => {
        if (inside !== 'not called') return;
        try {
          victim.free();
          inside = 'freed';
        } catch (e) {
          inside = describeError(e);
        }
      }),
    );
    expect(inside === 'freed', `free() in a progress callback: ${inside}`);
  }
  const after = games.memory_bytes();
  for (let i = 0; i < 20; i++) {
    const victim = new games.ChompSession();
    victim.start(P({ rows: '11', cols: '11' }), false, () => void victim.free());
  }
  expect(games.memory_bytes() === after, `20 sessions freed in their progress callbacks grew memory by ${games.memory_bytes() - after} bytes`);
  // A progress callback calling its own session is told it is busy.
  const busy = new games.GrundySession();
  /** @type {Set<string>} */
  const seen = new Set();
  answersCase('GrundySession.start with a re-entering progress', () =>
    busy.start(P({ heaps: '300000' }), false, () => {
      try {
        busy.snapshot();
        seen.add('answered');
      } catch (e) {
        seen.add(/** @type {any} */ (e).code ?? describeError(e));
      }
    }),
  );
  expect([...seen].join() === 'session.busy', `re-entry from progress: ${[...seen].join()}`);
  // A refused go_to changes nothing; undo then redo on the computer's turn comes back.
  for (const [cls, mod, pairs, play, move] of /** @type {const} */ ([
    ['ChompSession', 'games', { rows: '3', cols: '4' }, 'play', [2, 2]],
    ['GrundySession', 'games', { heaps: '20' }, 'play', [0, 19, 1]],
    ['SumSession', 'study', { nim: '4,3' }, 'play_nim', [0, 3]],
  ])) {
    const x = new mods[mod][cls]();
    x.start(P(pairs), false);
    x[play](...move);
    x.computer_move(1);
    const at = x.go_to(1);
    expect(at.computer_waits === true, `${cls}: go_to(1) on the computer's turn does not wait`);
    const text = JSON.stringify(x.snapshot());
    refuses(`${cls}.go_to(7) past the line`, () => x.go_to(7), ['session.stale']);
    expect(JSON.stringify(x.snapshot()) === text, `${cls}: a refused go_to changed the snapshot`);
    const undone = x.undo();
    const redone = x.redo();
    expect(plyOf(undone) === 0 && JSON.stringify(redone) === text, `${cls}: go_to(1), undo, redo went 1 → ${plyOf(undone)} → ${plyOf(redone)}`);
  }
  // A game that starts over is lost by the player to move, with nothing to
  // undo; restart gives the same.
  for (const [cls, mod, pairs] of /** @type {const} */ ([
    ['ChompSession', 'games', { rows: '1', cols: '1' }],
    ['GrundySession', 'games', { heaps: '2,1' }],
    ['SumSession', 'study', { nim: '0' }],
  ])) {
    for (const first of ['human', 'computer']) {
      const x = new mods[mod][cls]();
      const winner = first === 'human' ? 2 : 1;
      for (const v of [x.start(P({ ...pairs, first }), false), x.undo(), x.restart()]) {
        expect(v.over === true && v.winner === winner && !v.can_undo, `${cls} ${JSON.stringify(pairs)} first=${first}: over ${v.over}, winner ${v.winner}, can_undo ${v.can_undo}`);
      }
    }
  }
  // Limits that match: each answers (its time is reported with the figures).
  for (const level of ['perfect', 'seed', 'random']) {
    const x = new games.GrundySession();
    x.start(P({ heaps: '7x4096', level, reveal: 'moves' }), false);
    x.play(0, 4, 3);
    const [, hintMs] = answersCase(`Grundy 7x4096 (${level}) hint past 4,096 heaps`, () => x.hint(1));
    const [, moveMs] = answersCase(`Grundy 7x4096 (${level}) computer_move past 4,096 heaps`, () => x.computer_move(1));
    figures.push(`Grundy heaps=7x4096 (${level}) after play(0, 4, 3): hint ${hintMs.toFixed(0)} ms, computer_move ${moveMs.toFixed(0)} ms`);
  }
  const rows = (/** @type {number} */ n, /** @type {number} */ w) => [...Array(n).fill(w), 1];
  // Each in a fresh instance: winning_move keeps the last box it solved.
  const tall = await load('impartial');
  const [, tallMs] = answersCase('winning_move 999 rows of 3 + 1', () => tall.winning_move({ game: 'chomp', rows: rows(999, 3) }));
  const wide = await load('impartial');
  const [, wideMs] = answersCase('winning_move 3 rows of 1,000', () => wide.winning_move({ game: 'chomp', rows: [1000, 1000, 999] }));
  figures.push(`winning_move: 999 rows of 3 + 1 in ${tallMs.toFixed(0)} ms, 3 rows of 1,000 in ${wideMs.toFixed(0)} ms`);
  const sum = new study.SumSession();
  sum.start(P({ grundy: '50x4096' }), false);
  const [, sumHint] = answersCase('sum grundy=50x4096 hint(0)', () => sum.hint(0));
  sum.set_demo(true);
  const [, sumMove] = answersCase('sum grundy=50x4096 computer_move(0)', () => sum.computer_move(0));
  figures.push(`sum grundy=50x4096: hint ${sumHint.toFixed(0)} ms, computer_move ${sumMove.toFixed(0)} ms`);
  const lab = new study.GrundyLab();
  for (const [v, n] of [[0, 26], [1, 30], [3, 60], [2, 60], [3, 100]]) {
    refuses(`GrundyLab.run(${v}, ${n})`, () => lab.run(v, n), ['lab.too_slow']);
  }
  const maxes = study.GrundyLab.max_heaps();
  for (let v = 0; v <= 4; v++) {
    const [, ms] = answersCase(`GrundyLab.run(${v}, ${maxes[v]})`, () => lab.run(v, maxes[v]));
    figures.push(`lab v${v} at its largest heap ${maxes[v]}: ${ms.toFixed(0)} ms`);
  }
  // heap_values: the sequence, its period, its refusals.
  const [kaylesValues] = answersCase("heap_values('kayles', 1000)", () => study.heap_values('kayles', 1000));
  expect(kaylesValues?.values instanceof Uint16Array && kaylesValues.values.length === 1001, `heap_values kayles: ${show(kaylesValues)}`);
  expect(kaylesValues?.period?.start === 71 && kaylesValues?.period?.length === 12, `heap_values kayles period: ${show(kaylesValues?.period)}`);
  const [dawsonValues] = answersCase("heap_values('dawson', 2**20)", () => study.heap_values('dawson', 2 ** 20));
  expect(dawsonValues?.period?.start === 53 && dawsonValues?.period?.length === 34 && dawsonValues.values[2 ** 20] === dawsonValues.values[2 ** 20 - 34], `heap_values dawson: ${show(dawsonValues?.period)}`);
  const [grundySmall] = answersCase("heap_values('grundy', 14)", () => study.heap_values('grundy', 14));
  expect(grundySmall?.period === null && [...(grundySmall?.values ?? [])].join() === '0,0,0,1,0,2,1,0,2,1,0,2,1,3,2', `heap_values grundy 14: ${show(grundySmall)}`);
  refuses("heap_values('0.8', 10)", () => study.heap_values('0.8', 10), ['rule.digit']);
  refuses("heap_values('kayles', 2**24 + 1)", () => study.heap_values('kayles', 2 ** 24 + 1), ['values.too_far']);
  refuses("heap_values('kayles', 2**60)", () => study.heap_values('kayles', 2 ** 60), ['values.too_far', 'input.not_whole']);
  refuses("heap_values('kayles', 1.5)", () => study.heap_values('kayles', 1.5), ['input.not_whole']);
  refuses("heap_values('nim', 70000)", () => study.heap_values('nim', 70000), ['values.too_large']);
  refuses("heap_values('0.6', 2**16, cancel)", () => study.heap_values('0.6', 2 ** 16, () => false), ['values.cancelled']);
  const [, grundyMs] = answersCase("heap_values('grundy', 2**20)", () => study.heap_values('grundy', 2 ** 20));
  const [, sixMs] = answersCase("heap_values('0.6', 2**16)", () => study.heap_values('0.6', 2 ** 16));
  figures.push(`heap_values: grundy to 2**20 in ${grundyMs.toFixed(0)} ms, 0.6 to 2**16 in ${sixMs.toFixed(0)} ms`);
  const t = performance.now();
  refuses('winning_move grundy [2**24]', () => games.winning_move({ game: 'grundy', heaps: [2 ** 24] }), ['input.not_whole']);
  figures.push(`winning_move grundy [2**24] refused in ${(performance.now() - t).toFixed(1)} ms (cap 2**20)`);
  const [, capMs] = answersCase('winning_move grundy [2**20]', () => games.winning_move({ game: 'grundy', heaps: [2 ** 20] }));
  figures.push(`winning_move grundy [2**20] (its cap, first call) in ${capMs.toFixed(0)} ms`);
  // Misère play: solved by search within its bounds, refused past them with their codes.
  const misere = (/** @type {string} */ rule, /** @type {number[]} */ heaps) => games.winning_move({ game: 'heaps', rule, heaps, misere: true });
  refuses('winning_move kayles misère [40, 30]', () => misere('kayles', [40, 30]), ['misere.tokens']);
  let t0 = performance.now();
  refuses('winning_move grundy misère [64]', () => misere('grundy', [64]), ['misere.positions']);
  const tooMany = performance.now() - t0;
  const [, kayles] = answersCase('winning_move kayles misère [36]', () => misere('kayles', [36]));
  const [, nim] = answersCase('winning_move nim misère 1,3,5,7,2**20', () => misere('nim', [1, 3, 5, 7, 2 ** 20]));
  figures.push(`misère: kayles [36] in ${kayles.toFixed(0)} ms, grundy [64] refused past its positions in ${tooMany.toFixed(0)} ms, nim [1, 3, 5, 7, 2**20] in ${nim.toFixed(1)} ms`);
}

// A trap outside any call (a finalizer freeing an object of a trapped instance) is a trap too.
process.on('uncaughtException', (e) => {
  if (!isTrap(e)) throw e;
  counts.traps++;
  failures.push(['trap', `outside a call (a finalizer?) after ${current}: ${describeError(e)}`]);
});

// ---- run ----
const started = performance.now();
if (!argv.includes('--no-cases')) await auditCases();
const caseCalls = counts.calls;
const caseFailures = failures.length;
if (trapped) await reload();
// One object of each class to begin with, so that every class is called.
for (const cls of Object.keys(CLASSES)) {
  const Cls = mods[CLASSES[cls].mod][cls];
  current = `new ${cls}`;
  reached.add(current);
  const [ok, obj] = attempt(current, () => new Cls());
  if (ok) live.push({ cls, obj, view: null, gen: generation });
}
let lastReport = started;
let peakMemory = 0;
while (counts.calls - caseCalls < CALLS) {
  try {
    if (chance(0.85)) objectCall();
    else functionCall();
  } catch (e) {
    // Outside a timed call: a probe, a snapshot, an eviction from the pool.
    if (isTrap(e)) {
      counts.traps++;
      trapped = true;
    }
    failures.push([isTrap(e) ? 'trap' : 'uncoded', `around ${current}: ${describeError(e)}`]);
  }
  if (trapped) await reload();
  if (counts.calls % 997 === 0) {
    if (!moduleAnswers()) await reload();
    peakMemory = Math.max(peakMemory, mods.games.memory_bytes(), mods.study.memory_bytes());
    if (performance.now() - lastReport > 30_000) {
      lastReport = performance.now();
      console.log(`[fuzz] ${counts.calls.toLocaleString('en')} calls, ${failures.length} failures, ${((lastReport - started) / 1000).toFixed(0)} s`);
    }
  }
  if (failures.length > 200) break;
}
peakMemory = Math.max(peakMemory, mods.games.memory_bytes(), mods.study.memory_bytes());
// The objects left are freed, as a page leaving would.
for (const o of live) {
  current = `#${counts.calls} ${o.cls}.free() at the end`;
  reached.add(`${o.cls}.free`);
  attempt(`${o.cls}.free`, () => o.obj.free());
}
const seconds = (performance.now() - started) / 1000;

// Every export of both modules (trap_for_tests aside) is called, or the fuzz says which is not.
const everyExport = [
  ...Object.entries(CLASSES).flatMap(([cls, spec]) => [`new ${cls}`, `${cls}.free`, ...spec.methods.map(([m]) => `${cls}.${m}`)]),
  ...FUNCTIONS.map(([mod, path]) => `${mod}.${path}`),
];
const missed = everyExport.filter((e) => !reached.has(e));
for (const [mod, name] of [['games', mods.games], ['study', mods.study]]) {
  for (const key of Object.keys(name)) {
    const known = ['default', 'initSync', 'trap_for_tests'].includes(key) || everyExport.some((e) => e === `${mod}.${key}` || e === `new ${key}`);
    if (!known) missed.push(`${mod}.${key} (not in the fuzz's list)`);
  }
}
if (missed.length) failures.push(['coverage', `exports never called: ${missed.join(', ')}`]);
const slow = [...perExport.entries()].filter(([, s]) => s.maxMs > 2000).map(([k, s]) => `${k} ${s.maxMs.toFixed(0)} ms`);
console.log(
  `[fuzz] seed ${SEED}: ${(counts.calls - caseCalls).toLocaleString('en')} random calls (and the audit's cases) in ${seconds.toFixed(1)} s on all ${reached.size} exports; ` +
    `${counts.ok.toLocaleString('en')} answered, ${counts.refused.toLocaleString('en')} refused with ${codesSeen.size} distinct codes; ` +
    `${counts.freedInCall} objects freed by their own callbacks or getters; peak memory ${(peakMemory / 2 ** 20).toFixed(0)} MiB`,
);
console.log(`[fuzz] the audit's cases: ${caseCalls.toLocaleString('en')} calls, ${caseFailures} failures; ${figures.join('; ')}`);
console.log(
  `[fuzz] traps ${counts.traps}, uncoded errors ${counts.uncoded}, bricked ${counts.bricked}, refused calls that changed state ${counts.changed}, ` +
    `undo+redo not back ${counts.undoRedo}, wrong winners ${counts.winner}, go_to off ${counts.goTo}` +
    (slow.length ? `; slowest: ${slow.join(', ')}` : ''),
);
if (process.env.FUZZ_VERBOSE) {
  for (const [ms, what] of slowest) console.log(`  slow: ${ms.toFixed(0)} ms ${what}`);
  for (const [k, s] of [...perExport.entries()].sort()) {
    console.log(`  ${k}: ${s.calls} calls, ${s.refused} refused, max ${s.maxMs.toFixed(1)} ms, total ${(s.totalMs / 1000).toFixed(1)} s`);
  }
}
if (failures.length > 0) {
  const byKind = new Map();
  for (const [kind, text] of failures) if ((byKind.get(kind) ?? []).length < 5) byKind.set(kind, [...(byKind.get(kind) ?? []), text]);
  for (const [kind, list] of byKind) for (const text of list) console.error(`[fuzz] ${kind}: ${text}`);
  console.error(`[fuzz] ${failures.length} failure(s); rerun with --seed ${SEED} --calls ${counts.calls - caseCalls}`);
  process.exit(1);
}
