// The only place the solver runs: a Web Worker, so the page never freezes.
// Messages in:  { id, type: 'solve', rows, cols }
//               { id, type: 'analyze' | 'computerMove', rows: number[], level?, random? }
//               { id, type: 'parse', text, notation } | { id, type: 'format', rows, boxRows, boxCols }
//               { id, type: 'grundyAnalyze' | 'grundyComputer' | 'grundyPlay' | 'grundyParse' | 'labRun', ... }
// Messages out: { id, type: 'progress', done, total } while solving,
//               { id, type: 'result', value } or { id, type: 'error', message }.

import init, {
  ChompSolver,
  parse_position,
  format_position,
  analyze_graph,
  chomp_arena,
  chomp_arena_below,
  grundy_analyze,
  grundy_computer_move,
  grundy_lab_run,
  grundy_parse,
  grundy_play,
} from './pkg/impartial.js';

/** @type {WebAssembly.Memory | null} */
let memory = null;
const ready = init().then((exports) => {
  memory = exports.memory;
});
/** @type {ChompSolver | null} */
let solver = null;

/** @param {number[]} rows */
const position = (rows) => ({ game: /** @type {const} */ ('chomp'), rows });

/**
 * @param {any} msg
 * @returns {unknown}
 */
function handle(msg) {
  switch (msg.type) {
    case 'solve': {
      solver?.free();
      solver = null;
      const start = performance.now();
      const solved = ChompSolver.solve(
        msg.rows,
        msg.cols,
        (done, total) => {
          postMessage({ id: msg.id, type: 'progress', done, total });
        },
        msg.exactLimit,
      );
      solver = solved;
      return {
        kind: solved.kind,
        positions: solved.positions,
        kernel: solved.pPositions,
        ms: Math.round(performance.now() - start),
        remoteness: solved.hasRemoteness,
        tableBytes: solved.tableBytes,
        memoryBytes: wasmMemoryBytes(),
      };
    }
    case 'analyze':
      return requireSolver().analyze(position(msg.rows));
    case 'computerMove':
      return requireSolver().computerMove(position(msg.rows), msg.level, msg.random);
    case 'parse':
      return parse_position(msg.text, msg.notation);
    case 'graph':
      return analyze_graph(msg.text);
    case 'arena':
      return msg.rows ? chomp_arena_below(position(msg.rows)) : chomp_arena(msg.boxRows, msg.boxCols);
    case 'grundyAnalyze':
      return grundy_analyze(msg.heaps);
    case 'grundyComputer':
      return grundy_computer_move(msg.heaps, msg.level, msg.seed);
    case 'grundyPlay':
      return Array.from(grundy_play(msg.heaps, msg.heap, msg.big, msg.small));
    case 'grundyParse':
      return Array.from(grundy_parse(msg.text));
    case 'labRun': {
      // The worker's clock ticks in 0.1 ms steps: fast runs are repeated
      // (fresh solver each time) until 5 ms have passed, and averaged.
      let reps = 0;
      let run;
      const start = performance.now();
      do {
        run = grundy_lab_run(msg.version, msg.heap);
        reps++;
      } while (performance.now() - start < 5 && reps < 1000);
      return { ...run, ms: (performance.now() - start) / reps };
    }
    case 'format':
      return format_position(position(msg.rows), msg.boxRows, msg.boxCols);
    default:
      throw new Error(`unknown request ${JSON.stringify(msg.type)}`);
  }
}

/** Size of the wasm linear memory: the solver's peak (wasm memory never shrinks). */
function wasmMemoryBytes() {
  return memory ? memory.buffer.byteLength : 0;
}

function requireSolver() {
  if (!solver) throw new Error('no board has been solved yet');
  return solver;
}

self.onmessage = async (event) => {
  const msg = event.data;
  try {
    await ready;
    postMessage({ id: msg.id, type: 'result', value: handle(msg) });
  } catch (err) {
    postMessage({ id: msg.id, type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
