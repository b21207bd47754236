// The single-file build's worker: its code (and the wasm inside it) is inlined
// in the page, because a page opened from file:// may not load a worker file.
// vite.config.mjs puts this module in place of spawn-worker.js for that build.

import InlineSolverWorker from './solver-worker.js?worker&inline';

export function spawnSolverWorker() {
  return new InlineSolverWorker();
}
