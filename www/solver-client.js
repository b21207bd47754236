// The page's side of the solver worker: promises for requests, a progress
// callback while solving, and cancel() that stops a solve at once by ending
// the worker and starting a fresh one.

/** @typedef {import('./pkg/impartial.js').Analysis} Analysis */
/** @typedef {import('./pkg/impartial.js').Move} Move */
/** @typedef {import('./pkg/impartial.js').Choice} Choice */
/**
 * @typedef {object} SolveReport
 * @property {'box' | 'three-rows' | 'open'} kind  how the board is answered
 * @property {number | undefined} positions   positions of the solved box (empty board excluded)
 * @property {number | undefined} kernel      P-positions among them
 * @property {number} ms          solve time in the worker
 * @property {boolean} remoteness whether moves come with remoteness
 * @property {number} tableBytes  size of the solved table
 * @property {number} memoryBytes wasm memory after the solve (its peak)
 */
/** @typedef {(done: number, total: number) => void} ProgressFn */

import { spawnSolverWorker } from './spawn-worker.js';

/**
 * Positions the worker may solve in advance, from the device's memory: a
 * quarter of a gibibyte of bit table per GiB reported (Chromium reports 0.25
 * to 8), so 16×16 (601 M positions) needs a 4 GiB device; smaller ones play
 * it per position.
 */
export const EXACT_LIMIT = Math.min(2 ** 31, ((/** @type {any} */ (navigator).deviceMemory ?? 8) * 2 ** 28));

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

export class SolverClient {
  constructor() {
    /** @type {Map<number, { resolve: (v: any) => void, reject: (e: Error) => void, progress?: ProgressFn }>} */
    this.pending = new Map();
    this.nextId = 1;
    this.worker = this.spawn();
  }

  spawn() {
    const worker = spawnSolverWorker();
    worker.onmessage = (event) => {
      const msg = event.data;
      const entry = this.pending.get(msg.id);
      if (!entry) return;
      if (msg.type === 'progress') {
        entry.progress?.(msg.done, msg.total);
        return;
      }
      this.pending.delete(msg.id);
      if (msg.type === 'result') entry.resolve(msg.value);
      else entry.reject(new Error(msg.message));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.failAll(new Error(event.message || 'the solver stopped unexpectedly'));
    };
    return worker;
  }

  /** @param {Error} err */
  failAll(err) {
    for (const entry of this.pending.values()) entry.reject(err);
    this.pending.clear();
  }

  /**
   * @param {Record<string, unknown>} msg
   * @param {ProgressFn} [progress]
   */
  request(msg, progress) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, progress });
      this.worker.postMessage({ ...msg, id });
    });
  }

  /**
   * Prepares a board (solving the whole box when it has at most `exactLimit`
   * positions); later requests are answered for it.
   * @param {number} rows @param {number} cols @param {ProgressFn} [progress]
   * @param {number} [exactLimit]
   * @returns {Promise<SolveReport>}
   */
  solve(rows, cols, progress, exactLimit) {
    return /** @type {Promise<SolveReport>} */ (this.request({ type: 'solve', rows, cols, exactLimit }, progress));
  }

  /** @param {number[]} rows @returns {Promise<Analysis>} */
  analyze(rows) {
    return /** @type {Promise<Analysis>} */ (this.request({ type: 'analyze', rows }));
  }

  /**
   * @param {number[]} rows @param {string} level
   * @returns {Promise<Choice | null>}
   */
  computerMove(rows, level) {
    return /** @type {Promise<Choice | null>} */ (
      this.request({ type: 'computerMove', rows, level, random: Math.random() })
    );
  }

  /**
   * Parses a position written as row lengths or column heights.
   * @param {string} text @param {'rows' | 'columns'} notation
   * @returns {Promise<import('./pkg/impartial.js').ParsedPosition>}
   */
  parse(text, notation) {
    return /** @type {Promise<any>} */ (this.request({ type: 'parse', text, notation }));
  }

  /**
   * Both notations of a position, padded to the box.
   * @param {number[]} rows @param {number} boxRows @param {number} boxCols
   * @returns {Promise<import('./pkg/impartial.js').Notations>}
   */
  format(rows, boxRows, boxCols) {
    return /** @type {Promise<any>} */ (this.request({ type: 'format', rows, boxRows, boxCols }));
  }

  /**
   * The worksheet's analysis of a graph given as dict text.
   * @param {string} text @returns {Promise<import('./pkg/impartial.js').GraphAnalysis>}
   */
  graph(text) {
    return /** @type {Promise<any>} */ (this.request({ type: 'graph', text }));
  }

  /**
   * The arena of a Chomp box, or of every position below `rows` when given.
   * @param {{ boxRows?: number, boxCols?: number, rows?: number[] }} what
   * @returns {Promise<import('./pkg/impartial.js').ChompArena>}
   */
  arena(what) {
    return /** @type {Promise<any>} */ (this.request({ type: 'arena', ...what }));
  }

  /**
   * Grundy values, nim-sum and a winning split of a list of heaps.
   * @param {number[]} heaps @returns {Promise<import('./pkg/impartial.js').GrundyAnalysis>}
   */
  grundyAnalyze(heaps) {
    return /** @type {Promise<any>} */ (this.request({ type: 'grundyAnalyze', heaps }));
  }

  /**
   * The computer's split at `level` (perfect, seed, random), null when the game is over.
   * @param {number[]} heaps @param {string} level
   * @returns {Promise<import('./pkg/impartial.js').GrundySplit | null>}
   */
  grundyComputer(heaps, level) {
    return /** @type {Promise<any>} */ (
      this.request({ type: 'grundyComputer', heaps, level, seed: Math.floor(Math.random() * 2 ** 52) })
    );
  }

  /**
   * The heaps after splitting heap `heap` into big + small (rejects with the reason when illegal).
   * @param {number[]} heaps @param {number} heap @param {number} big @param {number} small
   * @returns {Promise<number[]>}
   */
  grundyPlay(heaps, heap, big, small) {
    return /** @type {Promise<any>} */ (this.request({ type: 'grundyPlay', heaps, heap, big, small }));
  }

  /** @param {string} text @returns {Promise<number[]>} */
  grundyParse(text) {
    return /** @type {Promise<any>} */ (this.request({ type: 'grundyParse', text }));
  }

  /**
   * One timed run of a seed solver (0–5) on a single heap.
   * @param {number} version @param {number} heap
   * @returns {Promise<import('./pkg/impartial.js').LabRun & { ms: number }>}
   */
  labRun(version, heap) {
    return /** @type {Promise<any>} */ (this.request({ type: 'labRun', version, heap }));
  }

  /** Ends the worker for good (an embedded game removed from its page). */
  close() {
    this.worker.terminate();
    this.failAll(new CancelledError());
  }

  /** Stops whatever the worker is doing; pending requests reject with CancelledError. */
  cancel() {
    this.worker.terminate();
    this.failAll(new CancelledError());
    this.worker = this.spawn();
  }
}
