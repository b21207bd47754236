//! `GrundyLab`: the seed's five solvers and Sprague–Grundy, each run fresh
//! on one heap and timed with the worker's own clock (the study module).

use super::{borrow, fail, now, to_js, whole};
use crate::grundy::{seed, GrundyTable, Split, MAX_HEAP};
use serde::Serialize;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_LAB: &'static str = r#"
/** A split: heap (0-based) into big + small, big > small > 0. */
export interface LabSplit { heap: number; big: number; small: number }
/** One timed run of a seed solver. */
export interface LabRun { version: string; heap: number; won: boolean; ops: number; move: LabSplit | null; ms: number }
"#;

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
    /// Borrowed per call (`super::borrow`), after the arguments are read.
    table: RefCell<GrundyTable>,
}

#[wasm_bindgen]
impl GrundyLab {
    /// A lab with its own value table (for v4's heap types).
    #[wasm_bindgen(constructor)]
    pub fn new() -> GrundyLab {
        GrundyLab {
            table: RefCell::new(GrundyTable::default()),
        }
    }

    /// The largest heap each version (v0 to v5) runs on.
    pub fn max_heaps() -> Vec<u32> {
        (0..=5).map(seed::max_heap).collect()
    }

    /// Why each version (v0 to v5) stops at its largest heap: `time` (one
    /// more match and a run takes more than 2 s) or `stack` (the recursion
    /// would overflow the stack).
    pub fn limit_reasons() -> Vec<String> {
        (0..=5).map(|v| seed::limit(v).1.name().into()).collect()
    }

    /// Runs solver `version` (0–5) on a single heap of `heap` matches (at
    /// most its `max_heaps()`). The clock ticks in 0.1 ms steps, so a fast
    /// run is repeated (fresh solver each time) until 5 ms have passed, and
    /// the mean is reported.
    #[wasm_bindgen(unchecked_return_type = "LabRun")]
    pub fn run(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] version: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] heap: JsValue,
    ) -> Result<JsValue, JsValue> {
        let version = whole("version", &version, 0, 5)? as u8;
        let n = whole("heap", &heap, 1, MAX_HEAP.into())? as u32;
        let max = seed::max_heap(version);
        if n > max {
            return Err(fail(&seed::TooDeep { version, max }));
        }
        let types = {
            let mut table = borrow(&self.table)?;
            table.extend_to(n);
            table.values()[..=n as usize].to_vec()
        };
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
