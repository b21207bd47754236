// The JavaScript API guide (docs/api.md) as tests: each of its JavaScript
// blocks is run against the built modules (www/pkg/, `npm run build`), with
// its `// →` and `// throws` claims checked (tests/docs/snippets.mjs); and
// the guide names every function, class and method of the `.d.ts` files,
// and no class or method they do not have.
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
const blocks = guide.blocks.filter((b) => b.lang === 'js');

test(`${GUIDE} has JavaScript examples, each with claims`, () => {
  assert.ok(blocks.length >= 4, `only ${blocks.length} JavaScript blocks`);
});

const dir = await mkdtemp(path.join(tmpdir(), 'api-docs-'));
test.after(() => rm(dir, { recursive: true, force: true }));

for (const [i, block] of blocks.entries()) {
  const where = `${GUIDE}:${block.line} (${block.heading})`;
  test(`the example at ${where} runs and its claims hold`, async () => {
    const { code, claims } = withChecks(block.code, where);
    assert.ok(claims > 0, `${where}: a block without a claim checks nothing`);
    // The guide imports the modules as a page next to www/ would.
    const module = code.replace(/(['"])\.\/www\/pkg\//g, `$1${PKG}`);
    const file = path.join(dir, `block-${i}.mjs`);
    await writeFile(file, module);
    await import(pathToFileURL(file).href);
  });
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
