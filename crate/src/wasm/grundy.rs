//! `GrundySession`: Grundy's game as the page plays it, one call per action.

use super::{borrow, callback, fail, flag, random_seed, read_pairs, to_js, whole, Pacer};
use crate::error::Report;
use crate::grundy::session::{self, Session};
use crate::grundy::MAX_HEAP;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_GRUNDY: &'static str = r#"
/** A split: live heap `heap` (0-based) into big + small, big > small > 0. */
export interface Split { heap: number; big: number; small: number }
/** A split played, who played it, whether it left a nim-sum of 0 and its mark (null: not shown). */
export interface GrundyPly {
  heap: number; size: number; big: number; small: number; by: Player;
  winning: boolean | null; was_winning: boolean | null; mark: Mark | null;
}

/** A winning split, or the longest resistance when lost. */
export interface GrundyHint { winning: Split | null; resist: Split | null }
/** Everything the views draw, after any request. */
export interface GrundySnapshot extends TurnsView {
  heaps: number[]; ones: number; twos: number; matches: number; max_small: number[];
  values: number[] | null; nim_sum: number | null;
  moves: GrundyPly[]; undone: GrundyPly[]; history: ValuePoint[];
  reveal: Reveal; reveal_limit: Reveal; record_line: string; level: string;
  problems: Problem[];
  start_params: Pairs; here_params: Pairs; record: string; game_params: Pairs;
  hint: GrundyHint | null;
}
/** The live heaps of a position, their Grundy values and nim-sum (0: the player to move loses). */
export interface GrundyNimSum { heaps: number[]; values: number[]; nim_sum: number }
/** A split, the nim-sum it leaves and the split that makes it 0 again (null: none needed). */
export interface GrundyAnswered { mv: Split; nim_sum: number; answer: Split | null }
/**
 * "Why?": why a split wins or loses (`split`), or why a position is won or lost (`split` null).
 * `parts`: G of the heap split, of its larger and of its smaller part. `replies`: a winning
 * split's replies with their answers, a lost position's splits with their answers, or a won
 * position's winning splits (one heap of each size, at most 64; `more` left out, a lower
 * bound when `more_exact` is false). `refutation`: a losing split's.
 */
export interface GrundyWhy {
  split: Split | null; winning: boolean; before: GrundyNimSum; after: GrundyNimSum | null;
  parts: [number, number, number] | null; replies: GrundyAnswered[]; more: number; more_exact: boolean;
  refutation: GrundyAnswered | null;
}
/** The page's limits and names, from the rule book. */
export interface GrundyRules {
  opponents: string[]; firsts: string[]; reveals: Reveal[]; max_heap: number; max_heaps: number;
  /** Every parameter `start` reads (an address's, an element's attributes). */
  params: string[];
}
"#;

fn answer(result: Result<session::Snapshot, Report>) -> Result<JsValue, JsValue> {
    to_js(&result.map_err(|e| fail(&e))?)
}

/// A game of Grundy's game: the Grundy values it needs (grown with progress
/// for big heaps), the heaps, whose turn it is, undo and redo, and who won.
/// Heaps of 1 and 2 never move again: they are counted apart (`ones`, `twos`).
#[wasm_bindgen]
pub struct GrundySession {
    /// Borrowed per call (`super::borrow`), after the arguments are read.
    inner: RefCell<Session>,
}

#[wasm_bindgen]
impl GrundySession {
    /// A session with its own random seed.
    #[wasm_bindgen(constructor)]
    pub fn new() -> GrundySession {
        GrundySession {
            inner: RefCell::new(Session::new(random_seed())),
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
    /// to stop (the old game stays); it may not call this session
    /// (`session.busy`), and `free()` there frees it when the start returns.
    #[wasm_bindgen(unchecked_return_type = "GrundySnapshot")]
    pub fn start(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Pairs")] params: JsValue,
        #[wasm_bindgen(unchecked_param_type = "boolean")] strict: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Progress | undefined")] progress: JsValue,
    ) -> Result<JsValue, JsValue> {
        let pairs = read_pairs(&params)?;
        let strict = flag("strict", &strict)?;
        let mut pacer = Pacer::new(callback("progress", &progress)?);
        answer(
            borrow(&self.inner)?.start(&pairs, strict, &mut |done, total| {
                pacer.tick(f64::from(done), f64::from(total))
            }),
        )
    }

    /// The person splits live heap `heap` (0-based) into `big + small`.
    #[wasm_bindgen(unchecked_return_type = "GrundySnapshot")]
    pub fn play(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] heap: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] big: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] small: JsValue,
    ) -> Result<JsValue, JsValue> {
        let heap = whole("heap", &heap, 0, u32::MAX.into())? as usize;
        let big = whole("big", &big, 0, MAX_HEAP.into())? as u32;
        let small = whole("small", &small, 0, MAX_HEAP.into())? as u32;
        answer(borrow(&self.inner)?.play(heap, big, small))
    }

    /// What each split of live heap `heap` (0-based) leaves, smaller part
    /// 1, 2, … (at most 2,000): the nim-sum after it, 0 when it wins; below
    /// the values level a losing split says 1 (`reveal.splits` below the
    /// winning moves level).
    #[wasm_bindgen(unchecked_return_type = "number[]")]
    pub fn splits(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] heap: JsValue,
    ) -> Result<JsValue, JsValue> {
        let heap = whole("heap", &heap, 0, u32::MAX.into())? as usize;
        let splits = borrow(&self.inner)?.splits(heap);
        to_js(&splits.map_err(|e| fail(&e))?)
    }

    /// "Why?" for splitting live heap `heap` (0-based) of the position after
    /// `ply` moves of the game line into `size − small` and `small`, or with
    /// `heap` and `small` 0 for that position itself. Needs the `explain`
    /// level (`reveal.why`); an illegal split is refused with its code.
    #[wasm_bindgen(unchecked_return_type = "GrundyWhy")]
    pub fn why(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] ply: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] heap: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] small: JsValue,
    ) -> Result<JsValue, JsValue> {
        let ply = whole("ply", &ply, 0, u32::MAX.into())? as usize;
        let heap = whole("heap", &heap, 0, u32::MAX.into())? as usize;
        let small = whole("small", &small, 0, MAX_HEAP.into())? as u32;
        let why = borrow(&self.inner)?.why(ply, heap, small);
        to_js(&why.map_err(|e| fail(&e))?)
    }
}

session_methods!(GrundySession, "GrundySnapshot");
analysis_methods!(GrundySession, "GrundySnapshot");

impl Default for GrundySession {
    fn default() -> Self {
        GrundySession::new()
    }
}
