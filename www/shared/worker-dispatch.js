// The generic dispatcher every worker runs (the Rust module lives in a Web
// Worker, so the page never freezes). It knows no game: it makes objects of
// the module's classes and calls their methods, or its functions, by name.
//   in:  { id, op: 'new', target: 'ChompSession' }           → handle number
//        { id, op: 'call', target: handle | null | 'ClassName', method, args }
//            → the method's result (null: a function of the module; a class
//              name: one of its static methods)
//        { id, op: 'free', target: handle }
//   out: { id, type: 'progress', done, total } while a call reports progress,
//        { id, type: 'result', value } or { id, type: 'error', error }.
// An argument { progress: true } stands for a callback that posts progress.
// After a trap (the module's memory or stack broke) the worker refuses
// everything: the client ends it and starts a fresh one.

/**
 * Serves the module `pkg` (its default export `init` loads the wasm) to the
 * page that started this worker.
 * @param {() => Promise<unknown>} init @param {Record<string, any>} pkg
 */
export function serve(init, pkg) {
  const ready = init();
  /** @type {Map<number, any>} */
  const objects = new Map();
  let trapped = false;

  /** @param {any} msg */
  function handle(msg) {
    if (msg.op === 'new') return objects.set(msg.id, new pkg[msg.target]()) && msg.id;
    const target = msg.target === null ? pkg : typeof msg.target === 'string' ? pkg[msg.target] : objects.get(msg.target);
    if (!target) throw Object.assign(new Error('this object is gone'), { code: 'worker.gone', params: {} });
    if (msg.op === 'free') {
      objects.delete(msg.target);
      return target.free();
    }
    const args = msg.args.map((/** @type {any} */ a) =>
      a && a.progress === true ? (/** @type {number} */ done, /** @type {number} */ total) => postMessage({ id: msg.id, type: 'progress', done, total }) : a,
    );
    return /** @type {Function} */ (target[msg.method]).apply(target, args);
  }

  self.onmessage = async (/** @type {MessageEvent} */ event) => {
    const msg = event.data;
    try {
      await ready;
      if (trapped) throw new WebAssembly.RuntimeError('the module trapped earlier');
      postMessage({ id: msg.id, type: 'result', value: handle(msg) });
    } catch (err) {
      // A RuntimeError (unreachable, out of bounds) or RangeError (stack) leaves the instance unusable.
      trapped ||= err instanceof WebAssembly.RuntimeError || err instanceof RangeError;
      const e = /** @type {any} */ (err);
      postMessage({
        id: msg.id,
        type: 'error',
        error: { message: String(e?.message ?? e), code: e?.code ?? null, params: e?.params ?? {}, trapped },
      });
    }
  };
}
