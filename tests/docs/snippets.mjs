// The documentation's code blocks as tests: extracted from the Markdown (so
// the text and the test cannot drift) and turned into modules whose claims
// are checked. A line of a JavaScript block may end with a claim:
//   expr;   // → { row: 2, col: 7 }     the value, matched field by field (an
//                                       object lists the fields it checks;
//                                       arrays and the rest compare whole)
//   expr;   // throws move.poison       the call throws an Error with that code
//   expr;   // throws move.eaten { row: 3 }   …and those params
// A claim's value may go on over the next comment lines (`//   …`).
import assert from 'node:assert/strict';

/**
 * `actual` has every field `expected` names, with the same values (arrays
 * and everything else compared whole, their elements field by field).
 * @param {unknown} actual @param {unknown} expected @param {string} where
 */
export function matches(actual, expected, where = 'value') {
  if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${where}: expected an array, got ${JSON.stringify(actual)}`);
    assert.equal(actual.length, expected.length, `${where}: expected ${expected.length} items, got ${JSON.stringify(actual)}`);
    expected.forEach((e, i) => matches(actual[i], e, `${where}[${i}]`));
  } else if (expected !== null && typeof expected === 'object') {
    assert.ok(actual !== null && typeof actual === 'object', `${where}: expected an object, got ${JSON.stringify(actual)}`);
    for (const [key, value] of Object.entries(expected)) {
      const got = actual instanceof Map ? actual.get(key) : /** @type {any} */ (actual)[key];
      matches(got, value, `${where}.${key}`);
    }
  } else {
    assert.deepEqual(actual, expected, `${where}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

/**
 * The call throws an Error with `code` (and `params` matching, when given).
 * @param {() => unknown} call @param {string} code @param {object | undefined} params @param {string} where
 */
export function throwsCode(call, code, params, where) {
  let thrown;
  try {
    call();
  } catch (e) {
    thrown = e;
  }
  assert.ok(thrown, `${where}: expected it to throw ${code}, it did not`);
  assert.ok(thrown instanceof Error, `${where}: expected an Error, got ${JSON.stringify(thrown)}`);
  assert.equal(/** @type {any} */ (thrown).code, code, `${where}: expected code ${code}, got ${/** @type {any} */ (thrown).code}: ${thrown.message}`);
  if (params) matches(/** @type {any} */ (thrown).params, params, `${where} params`);
}

const CLAIM = /^(\s*)(.*?);?\s*\/\/\s*(→|throws)\s*(.*)$/;

/**
 * A JavaScript block with its claims turned into checks (calls of
 * `__matches` and `__throws`, which the caller provides).
 * @param {string} code @param {string} where the file and line of the block
 */
export function withChecks(code, where) {
  const lines = code.split('\n');
  /** @type {string[]} */
  const out = [];
  let claims = 0;
  for (let i = 0; i < lines.length; i++) {
    const m = CLAIM.exec(lines[i]);
    if (!m || m[2].trim() === '' || m[2].trim().startsWith('//')) {
      out.push(lines[i]);
      continue;
    }
    const [, indent, expr, kind] = m;
    let rest = m[4];
    // The claim goes on over the comment lines that follow.
    while (i + 1 < lines.length && /^\s*\/\/\s{2,}/.test(lines[i + 1])) rest += ` ${lines[++i].replace(/^\s*\/\//, '').trim()}`;
    const at = JSON.stringify(`${where}, line ${i + 1} of the block`);
    claims++;
    // `const s = f(); // → …` declares s, then checks it.
    const declared = /^(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=/.exec(expr);
    if (kind === '→' && declared) {
      out.push(`${indent}${expr}; __matches(${declared[1]}, (${rest}), ${at});`);
    } else if (kind === '→') {
      out.push(`${indent}__matches((${expr}), (${rest}), ${at});`);
    } else {
      const [, errCode, params] = /^(\S+)\s*(.*)$/.exec(rest.trim()) ?? [];
      out.push(`${indent}__throws(() => (${expr}), ${JSON.stringify(errCode)}, ${params ? `(${params})` : 'undefined'}, ${at});`);
    }
  }
  return { code: out.join('\n'), claims };
}
