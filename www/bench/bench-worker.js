// Runs one timed job of the benchmark page off the main thread.
//   { kind: 'chp', rows, cols }      the chp.js-style baseline on the full rectangle
//   { kind: 'latency', rows, cols }  winning_move on the full rectangle: cold (box solve
//                                    included) then warm (mean of 1000 calls)
import init, { winning_move } from '../pkg/impartial.js';
import { chpSolve } from './baseline-chp.js';

self.onmessage = async (event) => {
  const { kind, rows, cols } = event.data;
  if (kind === 'chp') {
    const t0 = performance.now();
    const result = chpSolve(rows, cols);
    postMessage({ ms: performance.now() - t0, ...result });
    return;
  }
  await init();
  const position = { game: /** @type {const} */ ('chomp'), rows: Array.from({ length: rows }, () => cols) };
  const t0 = performance.now();
  const first = winning_move(position);
  const coldMs = performance.now() - t0;
  const t1 = performance.now();
  for (let i = 0; i < 1000; i++) winning_move(position);
  const warmMs = (performance.now() - t1) / 1000;
  postMessage({ coldMs, warmMs, move: first });
};
