// The guides' JavaScript as tests: each JavaScript block of the API guide
// (docs/api.md) and of the teacher's guides (their answers) is run against
// the built modules (www/pkg/, `npm run build`), with its `// →` and
// `// throws` claims checked (tests/docs/snippets.mjs); and the API guide
// names every function, class and method of the `.d.ts` files, and no class
// or method they do not have.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readGuide, ROOT } from '../../scripts/docs.mjs';
import { withChecks, matches, throwsCode } from './snippets.mjs';
import { declarations } from './dts.mjs';

const GUIDE = process.env.DOCS_API_GUIDE ?? 'docs/api.md';
const PKG = pathToFileURL(path.join(ROOT, 'www/pkg/')).href;

// The modules load their wasm with `fetch`, which node has only for http:
// the guide's blocks are written for a page, so node is given a page's fetch
// of its own files.
const webFetch = globalThis.fetch;
globalThis.fetch = /** @type {typeof fetch} */ (async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.protocol !== 'file:') return webFetch(input, init);
  const bytes = await readFile(url);
  return new Response(bytes, { headers: { 'Content-Type': url.pathname.endsWith('.wasm') ? 'application/wasm' : 'text/javascript' } });
});
Object.assign(globalThis, { __matches: matches, __throws: throwsCode });

const guide = await readGuide(GUIDE);
/** The guides whose JavaScript runs, and how many blocks each has at least. */
const RUN = { [GUIDE]: 6, 'docs/teaching.md': 4, 'docs/enseigner.md': 4 };

const dir = await mkdtemp(path.join(tmpdir(), 'api-docs-'));
test.after(() => rm(dir, { recursive: true, force: true }));

let n = 0;
for (const [file, least] of Object.entries(RUN)) {
  const blocks = (await readGuide(file)).blocks.filter((b) => b.lang === 'js');
  test(`${file} has JavaScript blocks, each with claims`, () => {
    assert.ok(blocks.length >= least, `only ${blocks.length} JavaScript blocks`);
  });
  for (const block of blocks) {
    const where = `${file}:${block.line} (${block.heading})`;
    const i = n++;
    test(`the block at ${where} runs and its claims hold`, async () => {
      const { code, claims } = withChecks(block.code, where);
      assert.ok(claims > 0, `${where}: a block without a claim checks nothing`);
      // The guide imports the modules as a page next to www/ would (or one in docs/).
      const module = code.replace(/(['"])(?:\.\.?\/)+www\/pkg\//g, `$1${PKG}`);
      const path_ = path.join(dir, `block-${i}.mjs`);
      await writeFile(path_, module);
      await import(pathToFileURL(path_).href);
    });
  }
}

test(`${GUIDE} names every export and method of the .d.ts files, and none they lack`, async () => {
  const text = guide.text;
  /** @type {string[]} */
  const missing = [];
  /** @type {Map<string, Set<string>>} */
  const classes = new Map();
  for (const dts of ['www/pkg/impartial.d.ts', 'www/pkg/impartial_study.d.ts']) {
    const { functions, classes: found } = declarations(await readFile(path.join(ROOT, dts), 'utf8'));
    for (const name of functions) if (!new RegExp(`\\b${name}\\b`).test(text)) missing.push(`${name} (${dts})`);
    for (const [name, methods] of found) {
      classes.set(name, methods);
      if (!new RegExp(`\\b${name}\\b`).test(text)) missing.push(`${name} (${dts})`);
      for (const method of methods) if (!new RegExp(`\\b${method}\\(`).test(text)) missing.push(`${name}.${method} (${dts})`);
    }
  }
  assert.deepEqual(missing, [], 'named in the .d.ts files but not in the guide');
  // `Class.method(` and `Class.method` written in the guide exist.
  /** @type {string[]} */
  const unknown = [];
  for (const m of text.matchAll(/\b([A-Z][A-Za-z]+)\.([a-z_]+)\b/g)) {
    const methods = classes.get(m[1]);
    if (methods && !methods.has(m[2])) unknown.push(`${m[1]}.${m[2]}`);
  }
  assert.deepEqual(unknown, [], 'written in the guide but not in the .d.ts files');
});

// The printed worksheets' answer tables are the solver's values too.
for (const file of ['docs/worksheet-grundy.md', 'docs/fiche-grundy.md']) {
  test(`${file}: the answers' G(n) are the solver's`, async () => {
    const text = await readFile(path.join(ROOT, file), 'utf8');
    const m = /<!-- grundy-values -->\s*\n\s*\|\s*n\s*\|([^\n]*)\n[^\n]*\n\|\s*G\(n\)\s*\|([^\n]*)/.exec(text);
    assert.ok(m, `${file}: no <!-- grundy-values --> table`);
    const cells = (/** @type {string} */ row) => row.split('|').map((c) => c.trim()).filter((c) => c !== '').map(Number);
    const [heaps, values] = [cells(m[1]), cells(m[2])];
    const { GrundySession } = await import(`${PKG}impartial.js`);
    const s = new GrundySession().start([['heaps', heaps.join(',')]], false, undefined);
    // Heaps of 1 and 2 are set aside by the session: their value is 0.
    const solver = heaps.map((h) => (h <= 2 ? 0 : s.values[s.heaps.indexOf(h)]));
    assert.deepEqual(values, solver);
  });
}

// The heap games worksheets' Kayles table is the solver's too: each G(n) and
// the values the moves of a row of n leave.
for (const file of ['docs/worksheet-heaps.md', 'docs/fiche-tas.md']) {
  test(`${file}: the answers' Kayles values are the solver's`, async () => {
    const text = await readFile(path.join(ROOT, file), 'utf8');
    const m = /<!-- kayles-values -->\s*\n\s*\|\s*n\s*\|([^\n]*)\n[^\n]*\n\|[^|\n]*\|([^\n]*)\n\|\s*G\(n\)\s*\|([^\n]*)/.exec(text);
    assert.ok(m, `${file}: no <!-- kayles-values --> table`);
    const cells = (/** @type {string} */ row) => row.split('|').map((c) => c.trim()).filter((c) => c !== '');
    const rows = cells(m[1]).map(Number);
    const left = cells(m[2]).map((c) => (/^[0-9]/.test(c) ? c.split(',').map(Number) : []));
    const values = cells(m[3]).map(Number);
    const { GrundySession } = await import(`${PKG}impartial.js`);
    const game = new GrundySession();
    const s = game.start([['rule', 'kayles'], ['heaps', rows.filter((n) => n > 0).join(',')], ['reveal', 'values']], false, undefined);
    assert.deepEqual(values, rows.map((n) => (n === 0 ? 0 : s.values[s.heaps.indexOf(n)])));
    // Alone on the table, a row's move leaves the nim-sum of what it leaves: options(heap) gives it fourth.
    const solver = rows.map((n) => {
      if (n === 0) return [];
      game.start([['rule', 'kayles'], ['heaps', String(n)], ['reveal', 'values']], false, undefined);
      const options = game.options(0);
      const sums = new Set();
      for (let i = 3; i < options.length; i += 4) sums.add(options[i]);
      return [...sums].sort((a, b) => a - b);
    });
    assert.deepEqual(left, solver);
  });
}
