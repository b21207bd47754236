// Numbers in the page's words are written as each language's Intl writes
// them, though whole numbers are grouped by hand (www/shared/i18n.js: the
// first Intl formatter is slow to make on a slow device).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compactNum, num, setLang, translator } from '../../www/shared/i18n.js';

// setLang() also marks the document's language.
/** @type {any} */ (globalThis).document ??= { documentElement: {} };

const samples = [0, 7, 42, 999, 1000, 1234, 9999, 10000, 65536, 601080389, 2 ** 31, Number.MAX_SAFE_INTEGER, -1, -1234, -601080389, 0.5, 1234.5678, -0.25, 1e21];

for (const [lang, locale] of /** @type {const} */ ([['en', 'en-US'], ['fr', 'fr-FR']])) {
  test(`num() writes numbers as ${locale} does`, () => {
    setLang(lang);
    for (const n of samples) assert.equal(num(n), n.toLocaleString(locale), `${n}`);
  });
}

test('placeholders group numbers of five digits or more, in the language asked for', () => {
  const fr = translator('fr');
  const en = translator('en');
  const total = 601080389;
  assert.match(en('progress.label', { percent: 3, total }), /601,080,389/);
  assert.match(fr('progress.label', { percent: 3, total }), /601\u202f080\u202f389/);
  assert.match(en('progress.label', { percent: 3, total: 9999 }), /9999/);
});

test('tick labels are written short, and those below 1 keep their digits', () => {
  const ticks = [0.01, 0.1, 1, 100, 2345, 10000, 77e6, 1e9];
  setLang('en');
  assert.deepEqual(ticks.map(compactNum), ['0.01', '0.1', '1', '100', '2.3K', '10K', '77M', '1B']);
  setLang('fr');
  const fr = ticks.map(compactNum).map((s) => s.replace(/\s/g, ' '));
  assert.deepEqual(fr, ['0,01', '0,1', '1', '100', '2,3 k', '10 k', '77 M', '1 Md']);
});
