// Starts the solver worker as its own file next to this module, so the site
// works from any folder (the bundler hashes the name and keeps the URL relative).

export function spawnSolverWorker() {
  return new Worker(new URL('./solver-worker.js', import.meta.url), { type: 'module' });
}
