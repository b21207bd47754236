// The values view's table (www/grundy/values-table.js): rows of one period,
// and the exceptions before it, checked against values computed here by the
// plain mex over every move (not the module's).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { valuesTable, tableText, isException, downsample, PLAIN_WIDTH } from '../../www/grundy/values-table.js';

/**
 * G(0..=n) of an octal game from its digits after the point (d1 first), by
 * the mex of every move: take k (digit k's bit 1: leave nothing, 2: one heap,
 * 4: two heaps).
 * @param {number[]} digits @param {number} n
 */
function octal(digits, n) {
  const g = [];
  for (let h = 0; h <= n; h++) {
    const seen = new Set();
    digits.forEach((d, i) => {
      const k = i + 1;
      if (k > h) return;
      const rest = h - k;
      if (d & 1 && rest === 0) seen.add(0);
      if (d & 2 && rest > 0) seen.add(g[rest]);
      if (d & 4) for (let a = 1; a < rest; a++) if (a <= rest - a) seen.add(g[a] ^ g[rest - a]);
    });
    let mex = 0;
    while (seen.has(mex)) mex++;
    g.push(mex);
  }
  return g;
}

const kayles = octal([7, 7], 200);
const dawson = octal([0, 7], 300);

test('Kayles: the values computed here are the known ones', () => {
  assert.deepEqual(kayles.slice(0, 12), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
  // Period 12 from 71 (Winning Ways): G(n + 12) = G(n) for n ≥ 71, not for 70.
  for (let n = 71; n + 12 <= 200; n++) assert.equal(kayles[n + 12], kayles[n]);
  assert.notEqual(kayles[70 + 12], kayles[70]);
});

test('Kayles: rows of 12, labelled 0, 12, 24, …, the exceptions those of Winning Ways', () => {
  const table = valuesTable(kayles, { start: 71, length: 12 });
  assert.equal(table.width, 12);
  assert.equal(table.byPeriod, true);
  assert.deepEqual(table.rows.slice(0, 4).map((r) => r.label), [0, 12, 24, 36]);
  assert.equal(table.rows.length, Math.ceil(201 / 12));
  assert.equal(table.rowCount, 17);
  // A table made in part: its first rows, the count of all, every exception.
  const part = valuesTable(kayles, { start: 71, length: 12 }, 2);
  assert.deepEqual([part.rows.length, part.rowCount, part.exceptions.length], [2, 17, 14]);
  assert.deepEqual(table.rows[0].cells.map((c) => c.value), kayles.slice(0, 12));
  assert.equal(table.rows.at(-1)?.cells.length, 201 - 16 * 12);
  assert.deepEqual(table.exceptions, [0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]);
  // None at or past the start.
  assert.ok(table.rows.flatMap((r) => r.cells).every((c) => c.n < 71 || !c.exception));
});

test("Dawson's Kayles: rows of 34 from its period 34 from 53", () => {
  for (let n = 53; n + 34 <= 300; n++) assert.equal(dawson[n + 34], dawson[n]);
  const table = valuesTable(dawson, { start: 53, length: 34 });
  assert.equal(table.width, 34);
  assert.deepEqual(table.rows.slice(0, 3).map((r) => r.label), [0, 34, 68]);
  for (const n of table.exceptions) assert.ok(n < 53);
  // An exception is read from the values: G(0) against the period's G(68).
  assert.equal(isException(dawson, { start: 53, length: 34 }, 0), dawson[68] !== dawson[0]);
});

test('no period: rows of ten, no exceptions', () => {
  const table = valuesTable(kayles.slice(0, 50), null);
  assert.equal(table.width, PLAIN_WIDTH);
  assert.deepEqual(table.rows.map((r) => r.label), [0, 10, 20, 30, 40]);
  assert.deepEqual(table.exceptions, []);
});

test('a long period is written in rows of ten, its exceptions still marked', () => {
  const values = Array.from({ length: 300 }, (_, n) => (n === 3 ? 9 : n % 70));
  const table = valuesTable(values, { start: 4, length: 70 });
  assert.equal(table.width, PLAIN_WIDTH);
  assert.equal(table.byPeriod, false);
  assert.deepEqual(table.exceptions, [3]);
});

test('the text export marks exceptions with a star, one line per row', () => {
  const text = tableText(valuesTable(kayles, { start: 71, length: 12 }));
  const lines = text.split('\n');
  assert.equal(lines.length, 1 + 17);
  assert.match(lines[0], /^\s*\+\s+0\s+1\s+2/);
  assert.match(lines[1], /^\s*0\s+\*0\s+1\s+2\s+\*3\s/);
  assert.match(lines[7], /^\s*72\s/);
  assert.equal(tableText(valuesTable(kayles, null), 3).split('\n').length, 4);
});

test('downsampling: each bucket of heaps shows the values it takes', () => {
  const values = Array.from({ length: 10000 }, (_, n) => (n === 4321 ? 99 : n % 7));
  const [xs, ys] = downsample(values, 1000);
  // 1000 buckets of 10 heaps, each taking the 7 values 0…6 (one also 99).
  assert.equal(xs.length, 1000 * 7 + 1);
  assert.equal(Math.max(...ys), 99);
  assert.deepEqual(ys.slice(0, 7), [0, 1, 2, 3, 4, 5, 6]);
  assert.ok(xs.every((x, k) => k === 0 || x >= xs[k - 1]));
  // At most perBucket values a bucket, the largest kept.
  const [, few] = downsample(values, 1000, 2);
  assert.deepEqual(few.slice(0, 2), [5, 6]);
  assert.deepEqual(downsample([1, 2, 3]), [[0, 1, 2], [1, 2, 3]]);
});

test('a table of 2^24 values is made in part, at once', () => {
  const values = new Uint16Array(2 ** 24 + 1);
  for (let n = 0; n < values.length; n++) values[n] = kayles[71 + ((n - 71) % 12 + 12) % 12];
  for (let n = 0; n < 71; n++) values[n] = kayles[n];
  const began = performance.now();
  const table = valuesTable(values, { start: 71, length: 12 }, 2500);
  assert.equal(table.rows.length, 2500);
  assert.equal(table.rowCount, Math.ceil((2 ** 24 + 1) / 12));
  assert.equal(table.exceptions.length, 14);
  assert.ok(performance.now() - began < 1000);
  // Its text too (cells by the million once overflowed the stack).
  const text = tableText(valuesTable(values, { start: 71, length: 12 }, 50000));
  assert.equal(text.split('\n').length, 50001);
});
