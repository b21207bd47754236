//! `SumSession`: a sum of games (Chomp bars, heap games of any rule, Nim
//! heaps) as the sum page plays it, one call per action.

use super::{borrow, fail, flag, random_seed, read_pairs, to_js, whole};
use crate::error::Report;
use crate::sum::session::{self, Session};
use crate::sum::SumMove;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_SUM: &'static str = r#"
/**
 * A sum's snapshot as the module sends it: `components`, `moves`, `undone`
 * and `hint` are flat lists of numbers (see the Rust `sum::session::Snapshot`);
 * www/sum/controller.js turns them into objects. `history`: who wins each
 * position of the game line.
 */
export interface SumSnapshotRaw {
  components: number[]; rules: string[]; nim_sum: number; start_sum: number;
  moves: number[]; undone: number[]; history: ValuePoint[]; redo_count: number;
  to_move: Player; first: Player; level: string;
  vs_computer: boolean; computer_to_move: boolean; demo: boolean;
  over: boolean; winner: Player | null;
  can_undo: boolean; can_redo: boolean; computer_waits: boolean;
  problems: Problem[];
  start_params: Pairs; here_params: Pairs; record: string; game_params: Pairs;
  hint: number[] | null; hint_wins: boolean;
}
/** The sum page's names, from the rule book. */
export interface SumRules {
  opponents: string[]; firsts: string[];
  /** Every parameter `start` reads (an address's). */
  params: string[];
}
"#;

fn answer(result: Result<session::Snapshot, Report>) -> Result<JsValue, JsValue> {
    to_js(&result.map_err(|e| fail(&e))?)
}

/// A sum of games: its components and their nimbers, whose turn it is, undo
/// and redo, and who won. Every method returns a `SumSnapshotRaw`; a refused
/// request throws an `Error` with `code` and `params` and changes nothing.
#[wasm_bindgen]
pub struct SumSession {
    /// Borrowed per call (`super::borrow`), after the arguments are read.
    inner: RefCell<Session>,
}

/// A component index from JavaScript (0-based).
fn component(value: &JsValue) -> Result<usize, JsValue> {
    Ok(whole("component", value, 0, crate::sum::MAX_COMPONENTS as u64)? as usize)
}

/// A heap game's move from JavaScript, its arguments read in order: the
/// component and live heap (0-based), `take` (none for Grundy's splits,
/// which take nothing), `big` and `small`.
fn heap_move(
    component_: &JsValue,
    heap: &JsValue,
    take: Option<&JsValue>,
    big: &JsValue,
    small: &JsValue,
) -> Result<SumMove, JsValue> {
    let max = u64::from(crate::grundy::MAX_HEAP);
    Ok(SumMove::Heap {
        component: component(component_)?,
        heap: whole("heap", heap, 0, u32::MAX.into())? as usize,
        take: match take {
            Some(take) => whole("take", take, 0, max)? as u32,
            None => 0,
        },
        big: whole("big", big, 0, max)? as u32,
        small: whole("small", small, 0, max)? as u32,
    })
}

#[wasm_bindgen]
impl SumSession {
    /// A session with its own random seed.
    #[wasm_bindgen(constructor)]
    pub fn new() -> SumSession {
        SumSession {
            inner: RefCell::new(Session::new(random_seed())),
        }
    }

    /// The names the sum page's form and address use.
    #[wasm_bindgen(unchecked_return_type = "SumRules")]
    pub fn rules() -> Result<JsValue, JsValue> {
        to_js(&session::rules())
    }

    /// Starts a sum from name/value pairs (`chomp`, `grundy`, `heaps`, `nim`, `first`,
    /// `level`, `seed`, `moves`); a bad value is reported in `problems` and
    /// left out, or, with `strict`, thrown.
    #[wasm_bindgen(unchecked_return_type = "SumSnapshotRaw")]
    pub fn start(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Pairs")] params: JsValue,
        #[wasm_bindgen(unchecked_param_type = "boolean")] strict: JsValue,
    ) -> Result<JsValue, JsValue> {
        let pairs = read_pairs(&params)?;
        let strict = flag("strict", &strict)?;
        answer(borrow(&self.inner)?.start(&pairs, strict))
    }

    /// The person eats square (`row`, `col`) of Chomp bar `component`.
    #[wasm_bindgen(unchecked_return_type = "SumSnapshotRaw")]
    pub fn play_chomp(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] component_: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] row: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] col: JsValue,
    ) -> Result<JsValue, JsValue> {
        let mv = SumMove::Chomp {
            component: component(&component_)?,
            row: whole("row", &row, 0, 1000)? as usize,
            col: whole("col", &col, 0, 1000)? as usize,
        };
        answer(borrow(&self.inner)?.play(mv))
    }

    /// The person splits live heap `heap` of Grundy game `component` into
    /// `big + small` (a game may have more live heaps than it started with).
    #[wasm_bindgen(unchecked_return_type = "SumSnapshotRaw")]
    pub fn play_grundy(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] component_: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] heap: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] big: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] small: JsValue,
    ) -> Result<JsValue, JsValue> {
        let mv = heap_move(&component_, &heap, None, &big, &small)?;
        answer(borrow(&self.inner)?.play(mv))
    }

    /// The person moves in live heap `heap` of heap game `component` (any
    /// rule): takes `take` tokens and leaves `big` and `small` (0: none).
    #[wasm_bindgen(unchecked_return_type = "SumSnapshotRaw")]
    pub fn play_heap(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] component_: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] heap: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] take: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] big: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] small: JsValue,
    ) -> Result<JsValue, JsValue> {
        let mv = heap_move(&component_, &heap, Some(&take), &big, &small)?;
        answer(borrow(&self.inner)?.play(mv))
    }

    /// The person leaves `leave` tokens of Nim heap `component`.
    #[wasm_bindgen(unchecked_return_type = "SumSnapshotRaw")]
    pub fn play_nim(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] component_: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] leave: JsValue,
    ) -> Result<JsValue, JsValue> {
        let mv = SumMove::Nim {
            component: component(&component_)?,
            leave: whole("leave", &leave, 0, u64::from(crate::sum::MAX_NIM))? as u32,
        };
        answer(borrow(&self.inner)?.play(mv))
    }
}

session_methods!(SumSession, "SumSnapshotRaw");

impl Default for SumSession {
    fn default() -> Self {
        SumSession::new()
    }
}
