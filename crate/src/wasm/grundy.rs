//! `GrundySession` (Grundy's game as the page plays it) and `GrundyLab`
//! (the seed's five solvers, timed).

use super::{fail, now, random_seed, read_pairs, to_js, whole, Pacer};
use crate::error::Report;
use crate::grundy::session::{self, Session};
use crate::grundy::{seed, GrundyTable, Split, MAX_HEAP};
use js_sys::Function;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_GRUNDY: &'static str = r#"
/** A split: live heap `heap` (0-based) into big + small, big > small > 0. */
export interface Split { heap: number; big: number; small: number }
/** A split played, who played it, and whether it left a nim-sum of 0. */
export interface GrundyPly { heap: number; size: number; big: number; small: number; by: Player; winning: boolean; was_winning: boolean }
/** A winning split, or the longest resistance when lost. */
export interface GrundyHint { winning: Split | null; resist: Split | null }
/** Everything the views draw, after any request. */
export interface GrundySnapshot {
  heaps: number[]; ones: number; twos: number; matches: number; max_small: number[];
  values: number[]; nim_sum: number;
  moves: GrundyPly[]; redo_count: number;
  to_move: Player; first: Player; level: string;
  vs_computer: boolean; computer_to_move: boolean; demo: boolean;
  over: boolean; winner: Player | null;
  can_undo: boolean; can_redo: boolean;
  problems: Problem[];
  start_params: Pairs; here_params: Pairs; record: string;
  hint: GrundyHint | null;
}
/** The page's limits and names, from the rule book. */
export interface GrundyRules { opponents: string[]; firsts: string[]; max_heap: number; max_heaps: number }
/** One timed run of a seed solver. */
export interface LabRun { version: string; heap: number; won: boolean; ops: number; move: Split | null; ms: number }
"#;

fn answer(result: Result<session::Snapshot, Report>) -> Result<JsValue, JsValue> {
    to_js(&result.map_err(|e| fail(&e))?)
}

/// A game of Grundy's game: the Grundy values it needs (grown with progress
/// for big heaps), the heaps, whose turn it is, undo and redo, and who won.
/// Heaps of 1 and 2 never move again: they are counted apart (`ones`, `twos`).
#[wasm_bindgen]
pub struct GrundySession {
    inner: Session,
}

#[wasm_bindgen]
impl GrundySession {
    /// A session with its own random seed.
    #[wasm_bindgen(constructor)]
    pub fn new() -> GrundySession {
        GrundySession {
            inner: Session::new(random_seed()),
        }
    }

    /// The limits and names the page's forms use.
    #[wasm_bindgen(unchecked_return_type = "GrundyRules")]
    pub fn rules() -> Result<JsValue, JsValue> {
        to_js(&session::rules())
    }

    /// Starts a game from name/value pairs (`heaps` such as `17,5` or
    /// `2x40`, `n`, `first`, `level`). The Grundy values of big heaps are
    /// computed first, with `progress(done, total)`, which may return false
    /// to stop (the old game stays).
    #[wasm_bindgen(unchecked_return_type = "GrundySnapshot")]
    pub fn start(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Pairs")] params: JsValue,
        strict: bool,
        #[wasm_bindgen(unchecked_param_type = "Progress | undefined")] progress: Option<Function>,
    ) -> Result<JsValue, JsValue> {
        let pairs = read_pairs(&params)?;
        let mut pacer = Pacer::new(progress);
        answer(self.inner.start(&pairs, strict, &mut |done, total| {
            pacer.tick(f64::from(done), f64::from(total))
        }))
    }

    /// The person splits live heap `heap` (0-based) into `big + small`.
    #[wasm_bindgen(unchecked_return_type = "GrundySnapshot")]
    pub fn play(&mut self, heap: f64, big: f64, small: f64) -> Result<JsValue, JsValue> {
        let heap = whole("heap", heap, 0, u32::MAX.into())? as usize;
        let big = whole("big", big, 0, MAX_HEAP.into())? as u32;
        let small = whole("small", small, 0, MAX_HEAP.into())? as u32;
        answer(self.inner.play(heap, big, small))
    }
}

session_methods!(GrundySession, "GrundySnapshot");

impl Default for GrundySession {
    fn default() -> Self {
        GrundySession::new()
    }
}

#[derive(Serialize)]
struct LabRun {
    version: &'static str,
    heap: u32,
    won: bool,
    ops: f64,
    #[serde(rename = "move")]
    mv: Option<Split>,
    ms: f64,
}

/// The lab: the seed's solvers v0–v4 and Sprague–Grundy (v5), each run fresh
/// on one heap as the seed's efficiency test did, timed here with the
/// worker's own clock.
#[wasm_bindgen]
pub struct GrundyLab {
    table: GrundyTable,
}

#[wasm_bindgen]
impl GrundyLab {
    /// A lab with its own value table (for v4's heap types).
    #[wasm_bindgen(constructor)]
    pub fn new() -> GrundyLab {
        GrundyLab {
            table: GrundyTable::default(),
        }
    }

    /// The largest heap each version (v0 to v5) runs on.
    pub fn max_heaps() -> Vec<u32> {
        (0..=5).map(seed::max_heap).collect()
    }

    /// Runs solver `version` (0–5) on a single heap of `heap` matches (at
    /// most its `max_heaps()`). The clock ticks in 0.1 ms steps, so a fast
    /// run is repeated (fresh solver each time) until 5 ms have passed, and
    /// the mean is reported.
    #[wasm_bindgen(unchecked_return_type = "LabRun")]
    pub fn run(&mut self, version: f64, heap: f64) -> Result<JsValue, JsValue> {
        let version = whole("version", version, 0, 5)? as u8;
        let n = whole("heap", heap, 1, MAX_HEAP.into())? as u32;
        let max = seed::max_heap(version);
        if n > max {
            return Err(fail(&seed::TooDeep { version, max }));
        }
        self.table.extend_to(n);
        let types = self.table.values()[..=n as usize].to_vec();
        let start = now();
        let mut reps = 0u32;
        loop {
            let mut solver = seed::solver(version, types.clone()).ok_or_else(|| {
                fail(&crate::error::InputError::NotWhole {
                    field: "version".into(),
                    value: version.to_string(),
                    min: 0,
                    max: 5,
                })
            })?;
            let mv = solver.winning_move(&[n]);
            reps += 1;
            let elapsed = now() - start;
            if elapsed >= 5.0 || reps >= 1000 {
                return to_js(&LabRun {
                    version: solver.name(),
                    heap: n,
                    won: mv.is_some(),
                    ops: solver.ops() as f64,
                    mv,
                    ms: elapsed / f64::from(reps),
                });
            }
        }
    }
}

impl Default for GrundyLab {
    fn default() -> Self {
        GrundyLab::new()
    }
}
