//! `GrundySession`: every heap game as the page plays it, one call per
//! action: Grundy's game when no `rule` is given (the class keeps its name,
//! which every caller already uses: a second class with the same methods
//! would cost the games module kilobytes of glue).

use super::{borrow, callback, fail, flag, random_seed, read_pairs, to_js, whole, Pacer};
use crate::error::Report;
use crate::grundy::session::{self, Session};
use crate::grundy::{HeapMove, MAX_HEAP};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_GRUNDY: &'static str = r#"
/**
 * A move of a heap game: from live heap `heap` (0-based) take `take` tokens and leave
 * `big` and `small` (big ≥ small; 0: no heap). Grundy's splits take 0 and leave
 * big > small > 0.
 */
export interface HeapMove { heap: number; take: number; big: number; small: number }
/** A move, under the name Grundy's game gave it. */
export type Split = HeapMove;
/** A move played, who played it, whether it left a lost position and its mark (null: not shown). */
export interface GrundyPly {
  heap: number; size: number; take: number; big: number; small: number; by: Player;
  winning: boolean | null; was_winning: boolean | null; mark: Mark | null;
}

/** A winning move, or the longest resistance when lost. */
export interface GrundyHint { winning: Split | null; resist: Split | null }
/**
 * Everything the views draw, after any request. `rule` as it reads back (`grundy`, `nim`,
 * `0.77`); `aside` the heaps with no move left, `[size, count, size, count, …]`.
 */
export interface GrundySnapshot extends TurnsView {
  rule: string; misere: boolean;
  heaps: number[]; ones: number; twos: number; aside: number[]; matches: number; max_small: number[];
  values: number[] | null; nim_sum: number | null; win: boolean | null;
  moves: GrundyPly[]; undone: GrundyPly[]; history: ValuePoint[];
  reveal: Reveal; reveal_limit: Reveal; record_line: string; level: string;
  problems: Problem[];
  start_params: Pairs; here_params: Pairs; record: string; game_params: Pairs;
  hint: GrundyHint | null;
}
/**
 * The live heaps of a position, their Grundy values and nim-sum (0: the player to move loses).
 * In misère play `values` is empty and `nim_sum` is 0 (lost) or 1 (won).
 */
export interface GrundyNimSum { heaps: number[]; values: number[]; nim_sum: number }
/** A move, the nim-sum it leaves and the move that makes it 0 again (null: none needed, or in misère play none left). */
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
/**
 * The page's limits and names, from the rule book: `named` the rules known by name (a game's
 * `rule` says the code each stands for); misère play's search bounds.
 */
export interface GrundyRules {
  opponents: string[]; firsts: string[]; reveals: Reveal[]; named: string[];
  max_heap: number; max_heaps: number; misere_max_tokens: number; misere_max_positions: number;
  /** Every parameter `start` reads (an address's, an element's attributes). */
  params: string[];
}
"#;

fn answer(result: Result<session::Snapshot, Report>) -> Result<JsValue, JsValue> {
    to_js(&result.map_err(|e| fail(&e))?)
}

/// An optional last argument `take`: 0 when `undefined` (Grundy's split).
fn taken(take: &JsValue) -> Result<u32, JsValue> {
    if take.is_undefined() {
        return Ok(0);
    }
    Ok(whole("take", take, 0, MAX_HEAP.into())? as u32)
}

/// A game of any heap game (Grundy's game unless `rule` says otherwise, in
/// misère play with `misere=1`): what decides it (values grown with progress
/// for big heaps, or a misère game's solved positions), the heaps, whose
/// turn it is, undo and redo, and who won. Heaps with no move left are
/// counted apart (`aside`; `ones` and `twos` for Grundy's game).
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

    /// Starts a game from name/value pairs (`rule`, `misere`, `heaps` such
    /// as `17,5` or `2x40`, `n`, `first`, `level`). The Grundy values of big
    /// heaps are computed first, with `progress(done, total)`, which may
    /// return false to stop (the old game stays); it may not call this
    /// session (`session.busy`), and `free()` there frees it when the start
    /// returns. A misère game's positions are solved first, within bounds.
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

    /// The person takes `take` (0 when left out: Grundy's split) from live
    /// heap `heap` (0-based) and leaves `big` and `small`.
    #[wasm_bindgen(unchecked_return_type = "GrundySnapshot")]
    pub fn play(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] heap: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] big: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] small: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] take: JsValue,
    ) -> Result<JsValue, JsValue> {
        let heap = whole("heap", &heap, 0, u32::MAX.into())? as usize;
        let big = whole("big", &big, 0, MAX_HEAP.into())? as u32;
        let small = whole("small", &small, 0, MAX_HEAP.into())? as u32;
        let take = taken(&take)?;
        answer(borrow(&self.inner)?.play_move(HeapMove {
            heap,
            take,
            big,
            small,
        }))
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

    /// Every move of live heap `heap` (0-based), take growing, then the
    /// smaller part growing (at most 2,000), with what it leaves, as four
    /// numbers a move in one flat list: `take`, `big`, `small` and the
    /// nim-sum it leaves, 0 when it wins (below the values level and in
    /// misère play a losing move says 1; below the winning moves level
    /// every move says 1).
    #[wasm_bindgen(unchecked_return_type = "number[]")]
    pub fn options(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] heap: JsValue,
    ) -> Result<JsValue, JsValue> {
        let heap = whole("heap", &heap, 0, u32::MAX.into())? as usize;
        let options = borrow(&self.inner)?.options(heap);
        to_js(&options.map_err(|e| fail(&e))?)
    }

    /// "Why?" for taking `take` (0 when left out: Grundy's split) from
    /// live heap `heap` (0-based) of the position after `ply` moves of the
    /// game line and leaving `size − take − small` and `small`, or with
    /// `heap`, `small` and `take` 0 for that position itself. Needs the
    /// `explain` level (`reveal.why`); an illegal move is refused with its code.
    #[wasm_bindgen(unchecked_return_type = "GrundyWhy")]
    pub fn why(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] ply: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] heap: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] small: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] take: JsValue,
    ) -> Result<JsValue, JsValue> {
        let ply = whole("ply", &ply, 0, u32::MAX.into())? as usize;
        let heap = whole("heap", &heap, 0, u32::MAX.into())? as usize;
        let small = whole("small", &small, 0, MAX_HEAP.into())? as u32;
        let take = taken(&take)?;
        let why = borrow(&self.inner)?.why_move(ply, heap, take, small);
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
