// The single-file build's workers: their code (and the wasm inside it) is
// inlined in the page, because a page opened from file:// may not load a
// worker file. vite.config.mjs puts this module in place of spawn-worker.js
// for that build.

import InlineSolverWorker from './solver-worker.js?worker&inline';
import InlineStudyWorker from './study-worker.js?worker&inline';

/** @param {'games' | 'study'} module which wasm module the worker serves */
export function spawnSolverWorker(module) {
  return module === 'study' ? new InlineStudyWorker() : new InlineSolverWorker();
}
