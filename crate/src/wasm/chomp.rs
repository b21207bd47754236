//! `ChompSession`: the Chomp game as the page plays it, one call per action.

use super::{borrow, callback, fail, flag, now, random_seed, read_pairs, to_js, whole, Pacer};
use crate::chomp::session::{self, Session};
use crate::chomp::{MAX_SIDE, MAX_SOLVE_POSITIONS};
use crate::error::Report;
use js_sys::Reflect;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_CHOMP: &'static str = r#"
/** What was known of a move when it was played (null: unknown or not shown at the reveal level). */
export interface ChompPlyNote { sure: boolean; source: "book" | "search" | null; winning: boolean | null; was_winning: boolean | null; remoteness: number | null }
/** A move on the board, who played it, what was known of it and its mark. */
export interface ChompPly { row: number; col: number; by: Player; note: ChompPlyNote; mark: Mark | null; delta: number | null }
/** The value of eating one square (numbers only from the values level). */
export interface ChompSquareValue { row: number; col: number; winning: boolean | null; remoteness: number | null; delta: number | null }
/** The analysis board: the position's value and every square's. */
export interface ChompAnalysis { outcome: "P" | "N" | null; remoteness: number | null; exact: boolean; squares: ChompSquareValue[] }
/** A move and the perfect answer to it. */
export interface ChompAnswered { mv: Move; answer: Move | null; remoteness: number | null }
/** "Why?": why a move wins or loses, or why a position is lost (mv null). */
export interface ChompWhy {
  ply: number; rows: number[]; mv: Move | null; winning: boolean | null; remoteness: number | null;
  replies: ChompAnswered[]; more: number; refutation: ChompAnswered | null; leaves: number[] | null;
}
/** The position editor's shape and its value (null: not shown at the reveal level). */
export interface ChompEdit { rows: number[]; outcome: "P" | "N" | null; remoteness: number | null }
/** How the board is answered. */
export interface ChompSolveInfo {
  kind: "box" | "three-rows" | "open";
  positions: number | null; kernel: number | null;
  remoteness: boolean; table_bytes: number; ms: number;
  fallback: { code: string; params: Record<string, string | number>; message: string } | null;
  /** The box's table being solved while the game is played per position. */
  background: { done: number; total: number; table_bytes: number } | null;
  /** The background solve was stopped: the game is played per position. */
  stopped: boolean;
}
/** A slice of the background solve: more to come, or the game as it now is. */
export interface ChompSlice { more: boolean; done: number; total: number; snapshot: ChompSnapshot | null }
/** The winning squares, or the longest resistance when none is known. */
export interface ChompHint { winning: Move[]; exact: boolean; outcome: "P" | "N" | null; resist: Move | null }
/** Everything the views draw, after any request. */
export interface ChompSnapshot extends TurnsView {
  box_rows: number; box_cols: number;
  rows: number[]; previous: number[] | null;
  moves: ChompPly[]; undone: ChompPly[]; history: ValuePoint[];
  reveal: Reveal; reveal_limit: Reveal; analysis_on: boolean; analysis: ChompAnalysis | null;
  record_line: string; level: string;
  notations: { rows: string; columns: string };
  solver: ChompSolveInfo;
  problems: Problem[];
  start_params: Pairs; here_params: Pairs; record: string; game_params: Pairs;
  hint: ChompHint | null;
}
/** The page's limits and names, from the rule book. */
export interface ChompRules {
  opponents: string[]; firsts: string[]; reveals: Reveal[];
  max_board_side: number; max_thin_side: number;
  default_rows: number; default_cols: number;
  /** Every parameter `start` reads (an address's, an element's attributes). */
  params: string[];
}
"#;

/// Positions solved in advance on this device: a bit table of at most a
/// twelfth of the memory the browser reports (Chromium reports 0.25 to 8 GiB,
/// 8 meaning "8 or more"; 8 when it says nothing). So 17×18 (4.54 G
/// positions, 567 MB) needs an 8 GiB device, 16×18 a 4 GiB one and 16×16 a
/// 1 GiB one; smaller devices play those boards per position, told so before
/// anything is allocated.
fn device_exact_limit() -> u64 {
    let gib = Reflect::get(&js_sys::global(), &"navigator".into())
        .ok()
        .and_then(|n| Reflect::get(&n, &"deviceMemory".into()).ok())
        .and_then(|m| m.as_f64())
        .filter(|m| m.is_finite() && *m > 0.0)
        .unwrap_or(8.0);
    let bytes = gib * f64::from(1u32 << 30) / 12.0;
    ((bytes * 8.0) as u64).min(MAX_SOLVE_POSITIONS)
}

fn answer(result: Result<session::Snapshot, Report>) -> Result<JsValue, JsValue> {
    to_js(&result.map_err(|e| fail(&e))?)
}

/// A Chomp game: the board's solver (one table at a time), the position,
/// whose turn it is, the opponent, undo and redo, and who won. Every method
/// that changes the game returns a `ChompSnapshot`; a refused request throws
/// an `Error` with `code` and `params` and changes nothing.
#[wasm_bindgen]
pub struct ChompSession {
    // Seen by `teach.rs`, which adds the lessons' methods. Borrowed per call
    // (`super::borrow`), after the arguments are read.
    pub(super) inner: RefCell<Session>,
}

#[wasm_bindgen]
impl ChompSession {
    /// A session sized to this device's memory, with its own random seed.
    #[wasm_bindgen(constructor)]
    pub fn new() -> ChompSession {
        ChompSession {
            inner: RefCell::new(Session::new(device_exact_limit(), random_seed())),
        }
    }

    /// The limits and names the page's forms use.
    #[wasm_bindgen(unchecked_return_type = "ChompRules")]
    pub fn rules() -> Result<JsValue, JsValue> {
        to_js(&session::rules())
    }

    /// Starts a game from name/value pairs (`rows`, `cols`, `position` or
    /// `columns`, `first`, `level`; others are ignored). A bad value is
    /// reported in `problems` and its default played; with `strict` it
    /// throws instead. A new box is solved first, with `progress(done, total)`
    /// (which may not call this session: `session.busy`; `free()` there
    /// frees it when the start returns).
    #[wasm_bindgen(unchecked_return_type = "ChompSnapshot")]
    pub fn start(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Pairs")] params: JsValue,
        #[wasm_bindgen(unchecked_param_type = "boolean")] strict: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Progress | undefined")] progress: JsValue,
    ) -> Result<JsValue, JsValue> {
        let pairs = read_pairs(&params)?;
        let strict = flag("strict", &strict)?;
        let mut pacer = Pacer::new(callback("progress", &progress)?);
        answer(borrow(&self.inner)?.start(
            &pairs,
            strict,
            &mut |done, total| {
                pacer.tick(done as f64, total as f64);
            },
            &now,
        ))
    }

    /// The person eats the square at `row`, `col` (from 1).
    #[wasm_bindgen(unchecked_return_type = "ChompSnapshot")]
    pub fn play(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] row: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] col: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (row, col) = square(&row, &col)?;
        answer(borrow(&self.inner)?.play(row, col))
    }

    /// Solves about `units` units of work more of the box's table (a unit
    /// is some 10 to 100 ns): `more` while it is not ready; once it is, the
    /// game goes on exactly (`snapshot`, the game line kept). The worker
    /// calls it between the page's requests.
    #[wasm_bindgen(unchecked_return_type = "ChompSlice")]
    pub fn solve_some(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] units: JsValue,
    ) -> Result<JsValue, JsValue> {
        let units = whole("units", &units, 1, 1 << 40)?;
        let slice = borrow(&self.inner)?
            .solve_some(units, &now)
            .map_err(|e| fail(&e))?;
        let out = js_sys::Object::new();
        let set = |k: &str, v: JsValue| Reflect::set(&out, &k.into(), &v).map(|_| ());
        set("more", slice.more.into())?;
        set("done", (slice.done as f64).into())?;
        set("total", (slice.total as f64).into())?;
        let snapshot = match &slice.snapshot {
            Some(s) => to_js(s)?,
            None => JsValue::NULL,
        };
        set("snapshot", snapshot)?;
        Ok(out.into())
    }

    /// Stops the box's background solve and frees its table: the game goes
    /// on per position.
    #[wasm_bindgen(unchecked_return_type = "ChompSnapshot")]
    pub fn stop_solving(&self) -> Result<JsValue, JsValue> {
        answer(borrow(&self.inner)?.stop_solving())
    }

    /// Turns the analysis board on or off: when on, each snapshot has the
    /// value of every square (`analysis`), as far as the reveal level shows.
    #[wasm_bindgen(unchecked_return_type = "ChompSnapshot")]
    pub fn set_analysis(
        &self,
        #[wasm_bindgen(unchecked_param_type = "boolean")] on: JsValue,
    ) -> Result<JsValue, JsValue> {
        let on = flag("on", &on)?;
        answer(borrow(&self.inner)?.set_analysis(on))
    }

    /// "Why?" for eating `row`, `col` after `ply` moves of the game line, or
    /// with `row` and `col` 0 for that position itself. Needs the
    /// `explain` level (`reveal.why`) and an exactly solved board (`why.open`).
    #[wasm_bindgen(unchecked_return_type = "ChompWhy")]
    pub fn why(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] ply: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] row: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] col: JsValue,
    ) -> Result<JsValue, JsValue> {
        let ply = whole("ply", &ply, 0, u32::MAX.into())? as usize;
        let (row, col) = square(&row, &col)?;
        let why = borrow(&self.inner)?.why(ply, row, col);
        to_js(&why.map_err(|e| fail(&e))?)
    }

    /// The position editor: adds (`add`) or removes the square at `row`,
    /// `col` and whatever keeps the shape legal (rows never grow downward);
    /// with `row` and `col` 0, starts again from the position on the board.
    #[wasm_bindgen(unchecked_return_type = "ChompEdit")]
    pub fn edit(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] row: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] col: JsValue,
        #[wasm_bindgen(unchecked_param_type = "boolean")] add: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (row, col) = square(&row, &col)?;
        let add = flag("add", &add)?;
        let edit = borrow(&self.inner)?.edit(row, col, add);
        to_js(&edit.map_err(|e| fail(&e))?)
    }
}

/// A square's row and column, whole numbers up to the longest side.
fn square(row: &JsValue, col: &JsValue) -> Result<(usize, usize), JsValue> {
    let row = whole("row", row, 0, MAX_SIDE as u64)? as usize;
    let col = whole("col", col, 0, MAX_SIDE as u64)? as usize;
    Ok((row, col))
}

session_methods!(ChompSession, "ChompSnapshot");
analysis_methods!(ChompSession, "ChompSnapshot");

impl Default for ChompSession {
    fn default() -> Self {
        ChompSession::new()
    }
}
