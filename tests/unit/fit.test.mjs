// A Chomp board's squares in the room a fitted page gives it (www/shared/fit.js):
// seen whole down to the legible least, a phone's squares a finger's size
// where the width allows, and only a board too long for that scrolling in
// its box, with squares a finger can hit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { squareSide } from '../../www/shared/fit.js';

const MOUSE = { least: 12, finger: 33, touch: false };
const PHONE = { least: 12, finger: 24, touch: true };

test('a board is seen whole, its squares as big as the room and the width allow', () => {
  // 20×20 in a laptop's 350 pixels: the height decides.
  assert.deepEqual(squareSide({ rows: 20, cols: 20 }, { room: 350, screen: 350, width: 650 }, MOUSE), { side: 17.5, scrolls: false });
  // 8×10 in a narrow column: the width decides.
  assert.deepEqual(squareSide({ rows: 8, cols: 10 }, { room: 400, screen: 400, width: 301 }, MOUSE), { side: 30, scrolls: false });
  // Never past the room by a rounding: quarter pixels, rounded down.
  const { side } = squareSide({ rows: 16, cols: 16 }, { room: 503, screen: 503, width: 900 }, MOUSE);
  assert.ok(side * 16 <= 503 && side > 31.2, `${side}`);
});

test('with a mouse, squares go down to the legible least, not under it', () => {
  assert.deepEqual(squareSide({ rows: 20, cols: 20 }, { room: 241, screen: 241, width: 700 }, MOUSE), { side: 12, scrolls: false });
  // Under it, the board scrolls in its box.
  assert.equal(squareSide({ rows: 20, cols: 20 }, { room: 230, screen: 230, width: 700 }, MOUSE).scrolls, true);
});

test('a phone keeps squares a finger can hit, the page scrolled for them', () => {
  // 16×16 on a phone: too short under the header at 24 pixels, a whole screen holds it.
  assert.deepEqual(squareSide({ rows: 16, cols: 16 }, { room: 300, screen: 520, width: 330 }, PHONE), { side: 20.5, scrolls: false });
  assert.deepEqual(squareSide({ rows: 8, cols: 10 }, { room: 150, screen: 520, width: 330 }, PHONE), { side: 33, scrolls: false });
  // Twenty columns on a 360-pixel phone: the width's share, under a finger's but over the least.
  assert.deepEqual(squareSide({ rows: 20, cols: 20 }, { room: 250, screen: 500, width: 304 }, PHONE), { side: 15, scrolls: false });
});

test('a bar too long to be seen whole scrolls in its box, its squares a finger’s', () => {
  assert.deepEqual(squareSide({ rows: 1000, cols: 3 }, { room: 300, screen: 300, width: 700 }, MOUSE), { side: 33, scrolls: true });
  assert.deepEqual(squareSide({ rows: 3, cols: 1000 }, { room: 300, screen: 300, width: 700 }, MOUSE), { side: 33, scrolls: true });
  assert.deepEqual(squareSide({ rows: 1000, cols: 3 }, { room: 300, screen: 600, width: 330 }, PHONE), { side: 24, scrolls: true });
  // A big square board scrolls one way only: its squares fill the width.
  assert.deepEqual(squareSide({ rows: 40, cols: 40 }, { room: 300, screen: 300, width: 700 }, MOUSE), { side: 17.5, scrolls: true });
});
