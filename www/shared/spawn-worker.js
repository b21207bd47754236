// Starts a solver worker as its own file next to this module, so the site
// works from any folder (the bundler hashes the name and keeps the URL relative).

/** @param {'games' | 'study'} module which wasm module the worker serves */
export function spawnSolverWorker(module) {
  return module === 'study'
    ? new Worker(new URL('./study-worker.js', import.meta.url), { type: 'module' })
    : new Worker(new URL('./solver-worker.js', import.meta.url), { type: 'module' });
}
