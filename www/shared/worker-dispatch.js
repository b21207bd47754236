// The generic dispatcher every worker runs (the Rust module lives in a Web
// Worker, so the page never freezes). It knows no game: it makes objects of
// the module's classes and calls their methods, or its functions, by name.
//   in:  { id, op: 'new', target: 'ChompSession' }           → handle number
//        { id, op: 'call', target: handle | null | 'ClassName', method, args }
//            → the method's result (null: a function of the module; a class
//              name: one of its static methods)
//        { id, op: 'free', target: handle }
//        { id, op: 'run', target: handle, method, args }
//            → calls the method again and again, as long as it answers
//              { more: true, done, total } (a slice of a long work, such as a
//              box's table), letting every other request in between; its
//              last answer is the result
//   out: { id, type: 'progress', done, total } while a call reports progress
//        (and after each slice of a run),
//        { id, type: 'result', value } or { id, type: 'error', error }.
// An argument { progress: true } stands for a callback that posts progress.
// After a trap (the module's memory or stack broke) the worker refuses
// everything: the client ends it and starts a fresh one.

/** A run reports its progress at most this often. */
const REPORT_MS = 250;

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

  // A run's next slice is queued as a message to itself, behind the page's
  // requests already waiting (a timer would be clamped to 4 ms a slice).
  const slices = new MessageChannel();
  /** @type {Map<number, any>} */
  const runs = new Map();
  /** When a run last reported: a page redrawn after every slice would have no time left for the person. */
  let reported = 0;
  slices.port1.onmessage = (/** @type {MessageEvent} */ event) => step(runs.get(event.data));

  /** One slice of a run; the next is queued while the answer says more. @param {any} msg */
  function step(msg) {
    runs.delete(msg.id);
    try {
      if (trapped) throw new WebAssembly.RuntimeError('the module trapped earlier');
      const value = handle({ ...msg, op: 'call' });
      if (value && value.more === true) {
        const now = performance.now();
        if (now - reported >= REPORT_MS) {
          reported = now;
          postMessage({ id: msg.id, type: 'progress', done: value.done, total: value.total });
        }
        runs.set(msg.id, msg);
        slices.port2.postMessage(msg.id);
        return;
      }
      postMessage({ id: msg.id, type: 'result', value });
    } catch (err) {
      fail(msg, err);
    }
  }

  /** @param {any} msg @param {unknown} err */
  function fail(msg, err) {
    // A RuntimeError (unreachable, out of bounds) or RangeError (stack) leaves the instance unusable.
    trapped ||= err instanceof WebAssembly.RuntimeError || err instanceof RangeError;
    const e = /** @type {any} */ (err);
    postMessage({
      id: msg.id,
      type: 'error',
      error: { message: String(e?.message ?? e), code: e?.code ?? null, params: e?.params ?? {}, trapped },
    });
  }

  self.onmessage = async (/** @type {MessageEvent} */ event) => {
    const msg = event.data;
    try {
      await ready;
      if (msg.op === 'run') return step(msg);
      if (trapped) throw new WebAssembly.RuntimeError('the module trapped earlier');
      postMessage({ id: msg.id, type: 'result', value: handle(msg) });
    } catch (err) {
      fail(msg, err);
    }
  };
}
