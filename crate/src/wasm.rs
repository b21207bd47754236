//! The JavaScript boundary: the only module that knows about wasm-bindgen.
//!
//! Positions cross it as plain objects `{ game: "chomp", rows: [3, 3, 2] }`,
//! moves as `{ row, col }` (1-indexed). Every invalid input becomes a thrown
//! `Error` with a message meant for people; nothing here panics.

use crate::chomp::{self, Level, Move, Outcome, Position, Solution};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** A Chomp position: row lengths from the top (poisoned) row down, non-increasing. */
export interface ChompPosition { game: "chomp"; rows: number[] }
/** A square to eat, 1-indexed; (1, 1) is the poison. */
export interface Move { row: number; col: number }
/** A legal move and where it leads (remoteness is null on boxes solved for outcomes only). */
export interface MoveValue extends Move { winning: boolean; remoteness: number | null; squaresLeft: number }
/** Outcome for the player to move ("P": in the kernel, every move loses). */
export interface Analysis { outcome: "P" | "N"; remoteness: number | null; moves: MoveValue[] }
/** A parsed position and the box its text describes. */
export interface ParsedPosition extends ChompPosition { boxRows: number; boxCols: number }
/** Both notations of a position. */
export interface Notations { rows: string; columns: string }
"#;

/// Installs the panic hook so a bug shows a Rust message in the console.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

#[derive(Deserialize)]
struct PositionInput {
    game: Option<String>,
    rows: Option<Vec<f64>>,
}

#[derive(Serialize)]
struct MoveOut {
    row: usize,
    col: usize,
}

impl From<Move> for MoveOut {
    fn from(m: Move) -> Self {
        MoveOut {
            row: m.row,
            col: m.col,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MoveValueOut {
    row: usize,
    col: usize,
    winning: bool,
    remoteness: Option<u32>,
    squares_left: usize,
}

#[derive(Serialize)]
struct AnalysisOut {
    outcome: &'static str,
    remoteness: Option<u32>,
    moves: Vec<MoveValueOut>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ParsedOut {
    game: &'static str,
    rows: Vec<usize>,
    box_rows: usize,
    box_cols: usize,
}

#[derive(Serialize)]
struct NotationsOut {
    rows: String,
    columns: String,
}

fn error(message: impl std::fmt::Display) -> JsError {
    JsError::new(&message.to_string())
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(error)
}

/// Reads `{ game: "chomp", rows: [...] }` with a message for every way it can be wrong.
fn read_position(value: &JsValue) -> Result<Position, JsError> {
    const SHAPE: &str = "a position is an object like { game: \"chomp\", rows: [3, 3, 2] }";
    if !value.is_object() {
        return Err(error(format!("{SHAPE}, not {}", describe(value))));
    }
    let input: PositionInput = serde_wasm_bindgen::from_value(value.clone())
        .map_err(|e| error(format!("{SHAPE}: {e}")))?;
    match input.game.as_deref() {
        Some("chomp") => {}
        Some(other) => {
            return Err(error(format!(
                "unknown game \"{other}\": expected \"chomp\""
            )))
        }
        None => return Err(error(format!("{SHAPE}: the game field is missing"))),
    }
    let raw = input
        .rows
        .ok_or_else(|| error(format!("{SHAPE}: the rows field is missing")))?;
    let mut rows = Vec::with_capacity(raw.len().min(chomp::MAX_SIDE + 1));
    for (i, &v) in raw.iter().enumerate() {
        if !v.is_finite() || v.fract() != 0.0 || v < 0.0 {
            return Err(error(format!(
                "rows[{i}] is {v}: a row length must be a whole number ≥ 0"
            )));
        }
        if v > chomp::MAX_SIDE as f64 {
            return Err(error(format!(
                "rows[{i}] is {v}: at most {} squares per row are supported",
                chomp::MAX_SIDE
            )));
        }
        rows.push(v as usize);
    }
    Position::new(&rows).map_err(error)
}

fn describe(value: &JsValue) -> String {
    if value.is_null() {
        "null".into()
    } else if value.is_undefined() {
        "undefined".into()
    } else if let Some(s) = value.as_string() {
        format!("the string {s:?}")
    } else {
        format!("{value:?}")
    }
}

fn is_count(v: f64, min: f64) -> bool {
    v.is_finite() && v.fract() == 0.0 && v >= min && v <= chomp::MAX_SIDE as f64
}

fn read_move(row: f64, col: f64) -> Result<Move, JsError> {
    if !is_count(row, 1.0) || !is_count(col, 1.0) {
        return Err(error(format!(
            "row {row}, column {col}: squares are numbered by whole numbers from 1"
        )));
    }
    Ok(Move {
        row: row as usize,
        col: col as usize,
    })
}

/// A board side given by JavaScript: a whole number from `min` to `MAX_SIDE`.
fn read_side(value: f64, what: &str, min: f64) -> Result<usize, JsError> {
    if !is_count(value, min) {
        return Err(error(format!(
            "{what} is {value}: expected a whole number from {min} to {}",
            chomp::MAX_SIDE
        )));
    }
    Ok(value as usize)
}

thread_local! {
    /// Solved boxes, most recent first. A box answers every position it contains.
    static SOLVED: RefCell<Vec<Rc<Solution>>> = const { RefCell::new(Vec::new()) };
}

/// How many solved boxes stay in memory for `winning_move`.
const KEEP_SOLVED: usize = 2;

fn remember(solution: Rc<Solution>) {
    SOLVED.with(|cache| {
        let mut cache = cache.borrow_mut();
        cache.retain(|s| !(s.rows() == solution.rows() && s.cols() == solution.cols()));
        cache.insert(0, solution);
        cache.truncate(KEEP_SOLVED);
    });
}

/// A solution covering `position`, solving its smallest box if none is cached.
fn solution_for(position: &Position) -> Result<Rc<Solution>, JsError> {
    if let Some(found) =
        SOLVED.with(|cache| cache.borrow().iter().find(|s| s.covers(position)).cloned())
    {
        return Ok(found);
    }
    let solved = Rc::new(
        Solution::solve(position.height(), position.width(), &mut |_, _| {}).map_err(error)?,
    );
    remember(solved.clone());
    Ok(solved)
}

fn winning(solution: &Solution, position: &Position) -> Result<JsValue, JsError> {
    let analysis = chomp::analyze(solution, position).map_err(error)?;
    let first = analysis.winning_moves().next();
    match first {
        Some(m) => to_js(&MoveOut::from(m)),
        None => Ok(JsValue::NULL),
    }
}

/// A winning move from `position` (`{ row, col }`), or `null` when the position
/// is in the kernel and every move loses. Solves the position's box the first
/// time, then answers from memory.
#[wasm_bindgen(js_name = winning_move, unchecked_return_type = "Move | null")]
pub fn winning_move(
    #[wasm_bindgen(unchecked_param_type = "ChompPosition")] position: JsValue,
) -> Result<JsValue, JsError> {
    let position = read_position(&position)?;
    let solution = solution_for(&position)?;
    winning(&solution, &position)
}

/// Parses a position written as row lengths (`notation = "rows"`, e.g. `3 3 2`)
/// or as column heights like the original page (`"columns"`, e.g. `5 5 4 0`).
#[wasm_bindgen(js_name = parse_position, unchecked_return_type = "ParsedPosition")]
pub fn parse_position(text: &str, notation: &str) -> Result<JsValue, JsError> {
    let parsed = match notation {
        "rows" => chomp::parse_rows(text),
        "columns" => chomp::parse_columns(text),
        other => {
            return Err(error(format!(
                "unknown notation \"{other}\": expected \"rows\" or \"columns\""
            )))
        }
    }
    .map_err(error)?;
    to_js(&ParsedOut {
        game: "chomp",
        rows: parsed.position.rows().to_vec(),
        box_rows: parsed.box_rows,
        box_cols: parsed.box_cols,
    })
}

/// Both notations of `position`, padded with empty rows/columns to the box.
#[wasm_bindgen(js_name = format_position, unchecked_return_type = "Notations")]
pub fn format_position(
    #[wasm_bindgen(unchecked_param_type = "ChompPosition")] position: JsValue,
    box_rows: f64,
    box_cols: f64,
) -> Result<JsValue, JsError> {
    let position = read_position(&position)?;
    let box_rows = read_side(box_rows, "boxRows", 0.0)?;
    let box_cols = read_side(box_cols, "boxCols", 0.0)?;
    to_js(&NotationsOut {
        rows: chomp::format_rows(&position, box_rows),
        columns: chomp::format_columns(&position, box_cols),
    })
}

/// The position after eating `(row, col)`; throws if that square is not a legal move.
#[wasm_bindgen(js_name = play_move, unchecked_return_type = "ChompPosition")]
pub fn play_move(
    #[wasm_bindgen(unchecked_param_type = "ChompPosition")] position: JsValue,
    row: f64,
    col: f64,
) -> Result<JsValue, JsError> {
    let position = read_position(&position)?;
    let next = position.play(read_move(row, col)?).map_err(error)?;
    to_js(&ParsedOut {
        game: "chomp",
        rows: next.rows().to_vec(),
        box_rows: next.height(),
        box_cols: next.width(),
    })
}

/// An exactly solved `rows × cols` box, kept for fast answers about any
/// position inside it.
#[wasm_bindgen]
pub struct ChompSolver {
    solution: Rc<Solution>,
}

#[wasm_bindgen]
impl ChompSolver {
    /// Solves every position of the box. `progress(done, total)` is called now
    /// and then during the solve. Throws if the box is too large.
    pub fn solve(
        rows: f64,
        cols: f64,
        #[wasm_bindgen(
            unchecked_param_type = "((done: number, total: number) => void) | undefined"
        )]
        progress: Option<js_sys::Function>,
    ) -> Result<ChompSolver, JsError> {
        let mut report = |done: u64, total: u64| {
            if let Some(f) = &progress {
                // A throwing callback must not stop the solve.
                let _ = f.call2(
                    &JsValue::NULL,
                    &(done as f64).into(),
                    &(total as f64).into(),
                );
            }
        };
        let (rows, cols) = (read_side(rows, "rows", 1.0)?, read_side(cols, "cols", 1.0)?);
        let solution = Rc::new(Solution::solve(rows, cols, &mut report).map_err(error)?);
        remember(solution.clone());
        Ok(ChompSolver { solution })
    }

    /// Rows of the box.
    #[wasm_bindgen(getter)]
    pub fn rows(&self) -> usize {
        self.solution.rows()
    }

    /// Columns of the box.
    #[wasm_bindgen(getter)]
    pub fn cols(&self) -> usize {
        self.solution.cols()
    }

    /// Positions in the box (the empty board excluded).
    #[wasm_bindgen(getter)]
    pub fn positions(&self) -> f64 {
        self.solution.positions() as f64
    }

    /// Whether moves come with remoteness (boxes up to 2^24 positions).
    #[wasm_bindgen(getter, js_name = hasRemoteness)]
    pub fn has_remoteness(&self) -> bool {
        self.solution.has_remoteness()
    }

    /// Bytes of the solved table.
    #[wasm_bindgen(getter, js_name = tableBytes)]
    pub fn table_bytes(&self) -> f64 {
        self.solution.table_bytes() as f64
    }

    /// Positions in the kernel (P-positions).
    #[wasm_bindgen(getter, js_name = pPositions)]
    pub fn p_positions(&self) -> f64 {
        self.solution.p_positions() as f64
    }

    /// Outcome, remoteness and the value of every legal move.
    #[wasm_bindgen(unchecked_return_type = "Analysis")]
    pub fn analyze(
        &self,
        #[wasm_bindgen(unchecked_param_type = "ChompPosition")] position: JsValue,
    ) -> Result<JsValue, JsError> {
        let position = read_position(&position)?;
        let a = chomp::analyze(&self.solution, &position).map_err(error)?;
        to_js(&AnalysisOut {
            outcome: if a.outcome == Outcome::P { "P" } else { "N" },
            remoteness: a.remoteness,
            moves: a
                .moves
                .iter()
                .map(|v| MoveValueOut {
                    row: v.mv.row,
                    col: v.mv.col,
                    winning: v.winning,
                    remoteness: v.remoteness,
                    squares_left: v.squares_left,
                })
                .collect(),
        })
    }

    /// A winning move, or `null` in the kernel.
    #[wasm_bindgen(js_name = winningMove, unchecked_return_type = "Move | null")]
    pub fn winning_move(
        &self,
        #[wasm_bindgen(unchecked_param_type = "ChompPosition")] position: JsValue,
    ) -> Result<JsValue, JsError> {
        winning(&self.solution, &read_position(&position)?)
    }

    /// The computer's move at `level` (`"perfect"`, `"original"`, `"random"`);
    /// `random` in [0, 1) drives its choices. `null` when only the poison is left.
    #[wasm_bindgen(js_name = computerMove, unchecked_return_type = "Move | null")]
    pub fn computer_move(
        &self,
        #[wasm_bindgen(unchecked_param_type = "ChompPosition")] position: JsValue,
        level: &str,
        random: f64,
    ) -> Result<JsValue, JsError> {
        let position = read_position(&position)?;
        let level = Level::parse(level).ok_or_else(|| {
            error(format!(
                "unknown level \"{level}\": expected \"perfect\", \"original\" or \"random\""
            ))
        })?;
        match chomp::computer_move(&self.solution, &position, level, random).map_err(error)? {
            Some(m) => to_js(&MoveOut::from(m)),
            None => Ok(JsValue::NULL),
        }
    }
}
