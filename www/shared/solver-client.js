// The page's side of the solver worker: objects of the Rust module's classes
// living in the worker, called by method name, one promise per request, with
// the types of the generated impartial.d.ts. cancel() stops whatever the
// worker is doing at once by ending it; a trap in the module ends it too.
// Either way the objects it held are gone: their owners are told ('lost')
// and start new ones.

import { spawnSolverWorker } from './spawn-worker.js';

/** @typedef {typeof import('../pkg/impartial.js') & typeof import('../pkg/impartial_study.js')} Pkg */
/** @typedef {'ChompSession' | 'GrundySession' | 'GraphSession' | 'GrundyLab' | 'SumSession' | 'ChompNimbers'} ClassName */
/** @typedef {(done: number, total: number) => void} ProgressFn */
/**
 * The names of the methods of T.
 * @template T
 * @typedef {{ [K in keyof T]: T[K] extends (...args: any[]) => any ? K : never }[keyof T] & string} Methods
 */

/** The module refused a request: `code` and `params` say why (see i18n's `err.<code>`). */
export class SolverError extends Error {
  /** @param {{ message: string, code: string | null, params: Record<string, string | number>, trapped?: boolean }} e */
  constructor(e) {
    super(e.message);
    this.name = 'SolverError';
    this.code = e.code;
    this.params = e.params;
    this.trapped = !!e.trapped;
  }
}

/** The worker was ended (cancel, a new game, a trap) before it answered. */
export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

/**
 * An object of class T in the worker.
 * @template T
 */
export class Remote {
  /** @param {SolverClient} client @param {number} handle @param {number} generation */
  constructor(client, handle, generation) {
    this.client = client;
    this.handle = handle;
    this.generation = generation;
  }

  /** False once the worker that held it was ended. */
  get alive() {
    return this.generation === this.client.generation;
  }

  /**
   * Calls `method` with `args` (a function argument becomes a progress callback).
   * @template {Methods<T>} M
   * @param {M} method
   * @param {T[M] extends (...args: infer A) => any ? A : never} args
   * @returns {Promise<T[M] extends (...args: any[]) => infer R ? R : never>}
   */
  call(method, ...args) {
    if (!this.alive) return Promise.reject(new CancelledError());
    return this.client.request({ op: 'call', target: this.handle, method, args });
  }

  /**
   * Runs `method` slice after slice in the worker (see worker-dispatch's
   * 'run'), other requests answered in between; `progress` follows it.
   * @template {Methods<T>} M
   * @param {M} method
   * @param {ProgressFn} progress
   * @param {T[M] extends (...args: infer A) => any ? A : never} args
   * @returns {Promise<T[M] extends (...args: any[]) => infer R ? R : never>}
   */
  run(method, progress, ...args) {
    if (!this.alive) return Promise.reject(new CancelledError());
    return this.client.request({ op: 'run', target: this.handle, method, args: [...args, progress] }, true);
  }

  /** Frees the object in the worker. */
  free() {
    if (this.alive) void this.client.request({ op: 'free', target: this.handle, args: [] }).catch(() => {});
  }
}

export class SolverClient extends EventTarget {
  /** @param {'games' | 'study'} [module] which wasm module: the games' sessions, or game graphs and the lab */
  constructor(module = 'games') {
    super();
    this.module = module;
    /** @type {Map<number, { resolve: (v: any) => void, reject: (e: Error) => void, progress?: ProgressFn }>} */
    this.pending = new Map();
    this.nextId = 1;
    /** Bumped each time the worker is replaced: older objects are gone. */
    this.generation = 0;
    /**
     * Started by the first request, so a module nobody asks for (the study
     * module under a graph section never scrolled to) is never downloaded.
     * @type {Worker | null}
     */
    this.worker = null;
    /** Set by close(): the client answers nothing more. */
    this.closed = false;
    /**
     * Runs held back, not yet posted (null: none held; see holdRuns).
     * @type {(() => void)[] | null}
     */
    this.heldRuns = null;
  }

  /**
   * Holds every run (a box's table, solved slice by slice) from now on: it
   * is asked for and shown as under way, but the worker starts it only at
   * releaseRuns(). The test suite's way (chomp/page.js's `?debug=hold`) to
   * keep a page in its "table being solved" state, as long as a check
   * needs, without a core spent on the table meanwhile.
   */
  holdRuns() {
    this.heldRuns ??= [];
  }

  /** Starts the runs held back, and holds no more. */
  releaseRuns() {
    const held = this.heldRuns ?? [];
    this.heldRuns = null;
    for (const post of held) post();
  }

  spawn() {
    const worker = spawnSolverWorker(this.module);
    worker.onmessage = (event) => {
      const msg = event.data;
      const entry = this.pending.get(msg.id);
      if (!entry) return;
      if (msg.type === 'progress') {
        entry.progress?.(msg.done, msg.total);
        return;
      }
      this.pending.delete(msg.id);
      if (msg.type === 'result') return entry.resolve(msg.value);
      const error = new SolverError(msg.error);
      entry.reject(error);
      if (error.trapped) this.replace('trapped');
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.replace('trapped');
    };
    return worker;
  }

  /**
   * Posts one request; functions among its arguments become progress callbacks.
   * @param {{ op: string, target: number | string | null, method?: string, args: unknown[] }} msg
   * @param {boolean} [sliced] a run: its function argument follows the slices and is not passed on
   * @returns {Promise<any>}
   */
  request(msg, sliced = false) {
    if (this.closed) return Promise.reject(new CancelledError());
    const id = this.nextId++;
    /** @type {ProgressFn | undefined} */
    let progress;
    const args = msg.args.flatMap((a) => {
      if (typeof a !== 'function') return [a];
      progress = /** @type {ProgressFn} */ (a);
      // A run's slices report themselves: the method takes no callback.
      return sliced ? [] : [{ progress: true }];
    });
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, progress });
      // A run held back and dropped since (its worker ended) is not posted.
      const post = () => {
        if (!this.pending.has(id)) return;
        try {
          (this.worker ??= this.spawn()).postMessage({ ...msg, args, id });
        } catch (err) {
          // As the executor's own throw would: this request fails, the others go on.
          this.pending.delete(id);
          reject(err);
        }
      };
      if (sliced && this.heldRuns) this.heldRuns.push(post);
      else post();
    });
  }

  /**
   * Makes an object of a class of the module in the worker.
   * @template {ClassName} C
   * @param {C} name
   * @returns {Promise<Remote<InstanceType<Pkg[C]>>>}
   */
  async create(name) {
    const generation = this.generation;
    const handle = await this.request({ op: 'new', target: name, args: [] });
    if (generation !== this.generation) throw new CancelledError();
    return new Remote(this, handle, generation);
  }

  /**
   * Calls a function of the module.
   * @template {'winning_move' | 'analyze_graph' | 'heap_values' | 'error_codes' | 'memory_bytes' | 'trap_for_tests'} F
   * @param {F} name
   * @param {Parameters<Pkg[F]>} args
   * @returns {Promise<ReturnType<Pkg[F]>>}
   */
  call(name, ...args) {
    return this.request({ op: 'call', target: null, method: name, args });
  }

  /**
   * Calls a static method of a class of the module (its rules, say).
   * @template {ClassName} C
   * @template {Exclude<keyof Pkg[C], 'prototype'> & string} M
   * @param {C} name @param {M} method
   * @returns {Promise<Pkg[C][M] extends (...args: any[]) => infer R ? R : never>}
   */
  callStatic(name, method) {
    return this.request({ op: 'call', target: name, method, args: [] });
  }

  /** @param {Error} err */
  failAll(err) {
    for (const entry of this.pending.values()) entry.reject(err);
    this.pending.clear();
  }

  /**
   * Ends the worker and starts a fresh one; its objects are gone.
   * @param {'cancelled' | 'trapped'} why
   */
  replace(why) {
    if (this.closed) return;
    this.worker?.terminate();
    this.generation++;
    this.failAll(new CancelledError());
    this.worker = this.spawn();
    this.dispatchEvent(new CustomEvent('lost', { detail: why }));
  }

  /** Stops whatever the worker is doing; pending requests reject with CancelledError. */
  cancel() {
    this.replace('cancelled');
  }

  /** Ends the worker for good (an embedded game removed from its page). */
  close() {
    this.closed = true;
    this.worker?.terminate();
    this.worker = null;
    this.generation++;
    this.failAll(new CancelledError());
  }
}
