// The guides' URL parameter tables against the rule book: each page's table
// lists exactly the names its game's session reads (`rules().params`) and
// the page reads itself (`PAGE_PARAMS`), no more, no fewer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../../scripts/docs.mjs';
import { PAGE_PARAMS } from '../../www/shared/url.js';
import { nameTables } from './tables.mjs';

const pkg = (/** @type {string} */ f) => path.join(ROOT, 'www/pkg', f);
const games = await import(pkg('impartial.js'));
games.initSync({ module: await readFile(pkg('impartial_bg.wasm')) });
const study = await import(pkg('impartial_study.js'));
study.initSync({ module: await readFile(pkg('impartial_study_bg.wasm')) });

/** Each page's parameters: its session's, then its own. */
const BOOK = {
  chomp: [...games.ChompSession.rules().params, ...PAGE_PARAMS.chomp],
  grundy: [...games.GrundySession.rules().params, ...PAGE_PARAMS.grundy],
  sum: [...study.SumSession.rules().params, ...PAGE_PARAMS.sum],
};

const tables = await nameTables('params');

for (const [page, book] of Object.entries(BOOK)) {
  test(`the ${page} page's parameters: the guides' table and the rule book agree`, () => {
    const found = tables.filter((t) => t.name === page);
    assert.equal(found.length, 1, `one <!-- params: ${page} --> table in the guides, found ${found.map((t) => t.where).join(', ') || 'none'}`);
    const [{ names, where }] = found;
    assert.deepEqual(
      { missing: book.filter((n) => !names.includes(n)), unknown: names.filter((n) => !book.includes(n)) },
      { missing: [], unknown: [] },
      `${where}: missing = read by the page but not in the table; unknown = in the table but read by nothing`,
    );
  });
}

test('no parameter table names a page the rule book does not have', () => {
  assert.deepEqual(tables.map((t) => t.name).filter((n) => !(n in BOOK)), []);
});
