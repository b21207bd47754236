//! The JavaScript boundary: the only module that knows about wasm-bindgen.
//!
//! Positions cross it as plain objects `{ game: "chomp", rows: [3, 3, 2] }`,
//! moves as `{ row, col }` (1-indexed). Every invalid input becomes a thrown
//! `Error` with a message meant for people; nothing here panics.

use crate::chomp::{self, Engine, Level, Move, Outcome, Position, Solution};
use crate::graph;
use crate::grundy::{self, GrundyTable, Split};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** A Chomp position: row lengths from the top (poisoned) row down, non-increasing. */
export interface ChompPosition { game: "chomp"; rows: number[] }
/** A square to eat, 1-indexed; (1, 1) is the poison. */
export interface Move { row: number; col: number }
/** A legal move and where it leads: winning true/false, or null when unknown. */
export interface MoveValue extends Move { winning: boolean | null; remoteness: number | null; squaresLeft: number }
/** Outcome for the player to move ("P": in the kernel, every move loses; null: unknown). */
export interface Analysis { outcome: "P" | "N" | null; remoteness: number | null; exact: boolean; moves: MoveValue[] }
/** The computer's move; sure is false when the board is past exact reach. */
export interface Choice extends Move { sure: boolean }
/** A parsed position and the box its text describes. */
export interface ParsedPosition extends ChompPosition { boxRows: number; boxCols: number }
/** Both notations of a position. */
export interface Notations { rows: string; columns: string }
/** One step of the worksheet's kernel algorithm. */
export interface KernelStep { sink: string; removed: string[] }
/** One step of the nimber computation. */
export interface NimberStep { vertex: string; nimber: number; seen: number[] }
/** A game graph analysed as in the worksheet (vertex names as in the text). */
export interface GraphAnalysis {
  vertices: string[];
  successors: Record<string, string[]>;
  kernel: string[];
  strategy: Record<string, string>;
  nimbers: Record<string, number>;
  steps: { kernel: KernelStep[]; nimbers: NimberStep[] };
}
/** A position of Grundy's game: heaps of matches. */
export interface GrundyPosition { game: "grundy"; heaps: number[] }
/** A split: heap (0-based index) into [a, b], a > b > 0. */
export interface GrundySplit { heap: number; into: [number, number] }
/** Grundy values, their xor and a winning split (null when lost). */
export interface GrundyAnalysis { values: number[]; nimSum: number; winning: GrundySplit | null }
/** One run of a seed solver in the lab. */
export interface LabRun { version: string; heap: number; won: boolean; ops: number; move: GrundySplit | null }
/** The arena of a Chomp box: the dict text and each vertex's position. */
export interface ChompArena { text: string; positions: number[][] }
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
    heaps: Option<Vec<f64>>,
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
                "unknown game \"{other}\": expected \"chomp\" or \"grundy\""
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

/// A winning move from `position`, or `null` when every move loses.
///
/// Chomp (`{ game: "chomp", rows }`) answers `{ row, col }`, solving the
/// position's box the first time, then from memory. Grundy's game
/// (`{ game: "grundy", heaps }`) answers `{ heap, into: [a, b] }` from the
/// nim-sum of the heaps' Grundy values.
#[wasm_bindgen(js_name = winning_move, unchecked_return_type = "Move | GrundySplit | null")]
pub fn winning_move(
    #[wasm_bindgen(unchecked_param_type = "ChompPosition | GrundyPosition")] position: JsValue,
) -> Result<JsValue, JsError> {
    if game_of(&position).as_deref() == Some("grundy") {
        let heaps = read_grundy(&position)?;
        let mv = with_table(|t| grundy::play::winning_move(t, &heaps))?;
        return split_out(mv);
    }
    let position = read_position(&position)?;
    match solution_for(&position) {
        Ok(solution) => winning(&solution, &position),
        Err(_) => {
            // Past the exact box limit: the three-row table or open play.
            let mut engine = Engine::new(position.height(), position.width(), 0, &mut |_, _| {})
                .map_err(error)?;
            let v = engine.verdict(&position).map_err(error)?;
            verdict_winning(&v)
        }
    }
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

/// The solver for one board: the whole box solved exactly when it fits the
/// given limit, the three-row table for boards with a side of at most 3, and
/// otherwise per-position answers (closed forms, exact sub-solves, bounded
/// search) that say when they are not sure.
#[wasm_bindgen]
pub struct ChompSolver {
    engine: Engine,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct VerdictMoveOut {
    row: usize,
    col: usize,
    winning: Option<bool>,
    remoteness: Option<u32>,
    squares_left: usize,
}

#[derive(Serialize)]
struct VerdictOut {
    outcome: Option<&'static str>,
    remoteness: Option<u32>,
    exact: bool,
    moves: Vec<VerdictMoveOut>,
}

#[derive(Serialize)]
struct ChoiceOut {
    row: usize,
    col: usize,
    sure: bool,
}

fn outcome_name(o: Outcome) -> &'static str {
    if o == Outcome::P {
        "P"
    } else {
        "N"
    }
}

#[wasm_bindgen]
impl ChompSolver {
    /// Prepares a `rows × cols` board: solves the whole box when it has at
    /// most `exact_limit` positions (default and maximum 2^31), calling
    /// `progress(done, total)` now and then. Throws on an empty or absurd board.
    pub fn solve(
        rows: f64,
        cols: f64,
        #[wasm_bindgen(
            unchecked_param_type = "((done: number, total: number) => void) | undefined"
        )]
        progress: Option<js_sys::Function>,
        #[wasm_bindgen(js_name = exactLimit)] exact_limit: Option<f64>,
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
        let max = chomp::MAX_SOLVE_POSITIONS;
        let limit = match exact_limit {
            None => max,
            Some(v) if v.is_finite() && v >= 0.0 => (v as u64).min(max),
            Some(v) => return Err(error(format!("exactLimit is {v}: expected a number ≥ 0"))),
        };
        let engine = Engine::new(rows, cols, limit, &mut report).map_err(error)?;
        if let Some(s) = engine.solution() {
            remember(Rc::clone(s));
        }
        Ok(ChompSolver { engine })
    }

    /// Rows of the board.
    #[wasm_bindgen(getter)]
    pub fn rows(&self) -> usize {
        self.engine.rows()
    }

    /// Columns of the board.
    #[wasm_bindgen(getter)]
    pub fn cols(&self) -> usize {
        self.engine.cols()
    }

    /// How this board is answered: `"box"` (solved in advance), `"three-rows"`
    /// (exact table) or `"open"` (per position, possibly unsure).
    #[wasm_bindgen(getter)]
    pub fn kind(&self) -> String {
        self.engine.kind_name().to_string()
    }

    /// Positions of the solved box (the empty board excluded), or undefined.
    #[wasm_bindgen(getter)]
    pub fn positions(&self) -> Option<f64> {
        self.engine.solution().map(|s| s.positions() as f64)
    }

    /// Positions in the kernel of the solved box, or undefined.
    #[wasm_bindgen(getter, js_name = pPositions)]
    pub fn p_positions(&self) -> Option<f64> {
        self.engine.solution().map(|s| s.p_positions() as f64)
    }

    /// Whether moves come with remoteness (boxes up to 2^24 positions).
    #[wasm_bindgen(getter, js_name = hasRemoteness)]
    pub fn has_remoteness(&self) -> bool {
        self.engine.solution().is_some_and(|s| s.has_remoteness())
    }

    /// Bytes of the solved table (0 when nothing was solved in advance).
    #[wasm_bindgen(getter, js_name = tableBytes)]
    pub fn table_bytes(&self) -> f64 {
        self.engine
            .solution()
            .map_or(0.0, |s| s.table_bytes() as f64)
    }

    /// Outcome (`null` when unknown), remoteness, whether every move's value
    /// is known, and each move with `winning` true, false or null (unknown).
    #[wasm_bindgen(unchecked_return_type = "Analysis")]
    pub fn analyze(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "ChompPosition")] position: JsValue,
    ) -> Result<JsValue, JsError> {
        let position = read_position(&position)?;
        let v = self.engine.verdict(&position).map_err(error)?;
        to_js(&VerdictOut {
            outcome: v.outcome.map(outcome_name),
            remoteness: v.remoteness,
            exact: v.exact,
            moves: v
                .moves
                .iter()
                .map(|(m, w)| VerdictMoveOut {
                    row: m.mv.row,
                    col: m.mv.col,
                    winning: *w,
                    remoteness: m.remoteness,
                    squares_left: m.squares_left,
                })
                .collect(),
        })
    }

    /// A winning move, `null` when the position is in the kernel; throws when
    /// the board is past exact reach and no winning move is known.
    #[wasm_bindgen(js_name = winningMove, unchecked_return_type = "Move | null")]
    pub fn winning_move(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "ChompPosition")] position: JsValue,
    ) -> Result<JsValue, JsError> {
        let position = read_position(&position)?;
        let v = self.engine.verdict(&position).map_err(error)?;
        verdict_winning(&v)
    }

    /// The computer's move at `level` (`"perfect"`, `"original"`, `"random"`),
    /// with `sure: false` when its value is unknown; `random` in [0, 1) drives
    /// its choices. `null` when only the poison is left.
    #[wasm_bindgen(js_name = computerMove, unchecked_return_type = "Choice | null")]
    pub fn computer_move(
        &mut self,
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
        match self
            .engine
            .computer_move(&position, level, random)
            .map_err(error)?
        {
            Some(c) => to_js(&ChoiceOut {
                row: c.mv.row,
                col: c.mv.col,
                sure: c.sure,
            }),
            None => Ok(JsValue::NULL),
        }
    }
}

fn verdict_winning(v: &chomp::Verdict) -> Result<JsValue, JsError> {
    if let Some((m, _)) = v.moves.iter().find(|(_, w)| *w == Some(true)) {
        return to_js(&MoveOut::from(m.mv));
    }
    if v.outcome == Some(Outcome::P) {
        return Ok(JsValue::NULL);
    }
    Err(error(
        "this position is past exact reach: no winning move is known and it may have none",
    ))
}

#[derive(Serialize)]
struct KernelStepOut {
    sink: String,
    removed: Vec<String>,
}

#[derive(Serialize)]
struct NimberStepOut {
    vertex: String,
    nimber: u32,
    seen: Vec<u32>,
}

#[derive(Serialize)]
struct StepsOut {
    kernel: Vec<KernelStepOut>,
    nimbers: Vec<NimberStepOut>,
}

#[derive(Serialize)]
struct GraphOut {
    vertices: Vec<String>,
    successors: BTreeMap<String, Vec<String>>,
    kernel: Vec<String>,
    strategy: BTreeMap<String, String>,
    nimbers: BTreeMap<String, u32>,
    steps: StepsOut,
}

/// Reads a game graph written as the worksheet's Python dict (or JSON) and
/// returns its kernel (with the algorithm's steps), a winning strategy from
/// the first vertex, and every vertex's nimber. Throws with the line and
/// column of a malformed text, or with one cycle spelled out.
#[wasm_bindgen(js_name = analyze_graph, unchecked_return_type = "GraphAnalysis")]
pub fn analyze_graph(text: &str) -> Result<JsValue, JsError> {
    let g = graph::parse_graph(text).map_err(error)?;
    let a = graph::analyze(&g).map_err(|c| error(c.describe(&g)))?;
    let name = |v: usize| g.names[v].clone();
    let names = |vs: &[usize]| vs.iter().map(|&v| name(v)).collect::<Vec<_>>();
    to_js(&GraphOut {
        vertices: g.names.clone(),
        successors: (0..g.len())
            .map(|v| (name(v), names(&g.successors[v])))
            .collect(),
        kernel: names(&a.kernel),
        strategy: a
            .strategy
            .iter()
            .map(|&(s, k)| (name(s), name(k)))
            .collect(),
        nimbers: (0..g.len()).map(|v| (name(v), a.nimbers[v])).collect(),
        steps: StepsOut {
            kernel: a
                .kernel_steps
                .iter()
                .map(|st| KernelStepOut {
                    sink: name(st.sink),
                    removed: names(&st.removed),
                })
                .collect(),
            nimbers: a
                .nimber_steps
                .iter()
                .map(|st| NimberStepOut {
                    vertex: name(st.vertex),
                    nimber: st.nimber,
                    seen: st.seen.clone(),
                })
                .collect(),
        },
    })
}

#[derive(Serialize)]
struct ArenaOut {
    text: String,
    positions: Vec<Vec<usize>>,
}

/// The arena below a position (every position reachable from it, vertex 0
/// being the position itself), like [`chomp_arena`]. Throws past 5000 vertices.
#[wasm_bindgen(js_name = chomp_arena_below, unchecked_return_type = "ChompArena")]
pub fn chomp_arena_below(
    #[wasm_bindgen(unchecked_param_type = "ChompPosition")] position: JsValue,
) -> Result<JsValue, JsError> {
    let position = read_position(&position)?;
    let (g, positions) = graph::arena_below(&position).map_err(error)?;
    to_js(&ArenaOut {
        text: g.to_dict_text(),
        positions: positions.iter().map(|p| p.rows().to_vec()).collect(),
    })
}

/// The arena of the `rows × cols` Chomp box in the worksheet's dict format
/// (vertex 0 = the full bar) and each vertex's position. Throws past 5000 vertices.
#[wasm_bindgen(js_name = chomp_arena, unchecked_return_type = "ChompArena")]
pub fn chomp_arena(rows: f64, cols: f64) -> Result<JsValue, JsError> {
    let (rows, cols) = (read_side(rows, "rows", 1.0)?, read_side(cols, "cols", 1.0)?);
    let (g, positions) = graph::chomp_arena(rows, cols).map_err(error)?;
    to_js(&ArenaOut {
        text: g.to_dict_text(),
        positions: positions.iter().map(|p| p.rows().to_vec()).collect(),
    })
}

// ---------------------------------------------------------------- Grundy's game

thread_local! {
    /// Grundy values computed so far; extended when a bigger heap shows up.
    static TABLE: RefCell<GrundyTable> = RefCell::new(GrundyTable::default());
}

fn with_table<T>(
    f: impl FnOnce(&mut GrundyTable) -> Result<T, grundy::HeapsError>,
) -> Result<T, JsError> {
    TABLE.with(|t| f(&mut t.borrow_mut())).map_err(error)
}

fn game_of(value: &JsValue) -> Option<String> {
    if !value.is_object() {
        return None;
    }
    js_sys::Reflect::get(value, &JsValue::from_str("game"))
        .ok()
        .and_then(|g| g.as_string())
}

/// Reads `{ game: "grundy", heaps: [...] }`.
fn read_grundy(value: &JsValue) -> Result<Vec<u32>, JsError> {
    const SHAPE: &str = "a Grundy position is an object like { game: \"grundy\", heaps: [7, 3] }";
    let input: PositionInput = serde_wasm_bindgen::from_value(value.clone())
        .map_err(|e| error(format!("{SHAPE}: {e}")))?;
    let raw = input
        .heaps
        .ok_or_else(|| error(format!("{SHAPE}: the heaps field is missing")))?;
    read_heaps(&raw)
}

fn read_heaps(raw: &[f64]) -> Result<Vec<u32>, JsError> {
    if raw.len() > grundy::MAX_HEAPS {
        return Err(error(format!(
            "{} heaps is too many (at most {})",
            raw.len(),
            grundy::MAX_HEAPS
        )));
    }
    let mut heaps = Vec::with_capacity(raw.len());
    for (i, &v) in raw.iter().enumerate() {
        if !v.is_finite() || v.fract() != 0.0 || v < 1.0 {
            return Err(error(format!(
                "heaps[{i}] is {v}: a heap is a whole number of matches ≥ 1"
            )));
        }
        if v > f64::from(grundy::MAX_HEAP) {
            return Err(error(format!(
                "heaps[{i}] is {v}: the largest supported heap is {}",
                grundy::MAX_HEAP
            )));
        }
        heaps.push(v as u32);
    }
    grundy::check_heaps(&heaps).map_err(error)?;
    Ok(heaps)
}

#[derive(Serialize)]
struct SplitOut {
    heap: usize,
    into: [u32; 2],
}

impl From<Split> for SplitOut {
    fn from(s: Split) -> Self {
        SplitOut {
            heap: s.heap,
            into: [s.big, s.small],
        }
    }
}

fn split_out(mv: Option<Split>) -> Result<JsValue, JsError> {
    match mv {
        Some(mv) => to_js(&SplitOut::from(mv)),
        None => Ok(JsValue::NULL),
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct GrundyAnalysisOut {
    values: Vec<u16>,
    nim_sum: u16,
    winning: Option<SplitOut>,
}

/// Parses heaps written as `17, 5` (spaces, commas, `+` or `;` between them).
#[wasm_bindgen(js_name = grundy_parse)]
pub fn grundy_parse(text: &str) -> Result<Vec<u32>, JsError> {
    grundy::parse_heaps(text).map_err(error)
}

/// Each heap's Grundy value, the nim-sum and a winning split.
#[wasm_bindgen(js_name = grundy_analyze, unchecked_return_type = "GrundyAnalysis")]
pub fn grundy_analyze(heaps: Vec<f64>) -> Result<JsValue, JsError> {
    let heaps = read_heaps(&heaps)?;
    let a = with_table(|t| grundy::play::analyze(t, &heaps))?;
    to_js(&GrundyAnalysisOut {
        values: a.values,
        nim_sum: a.nim_sum,
        winning: a.winning.map(SplitOut::from),
    })
}

/// Splits heap `heap` (0-based) into `big + small`; the new heap list, or
/// an error saying why the split is not allowed.
#[wasm_bindgen(js_name = grundy_play)]
pub fn grundy_play(heaps: Vec<f64>, heap: f64, big: f64, small: f64) -> Result<Vec<u32>, JsError> {
    let heaps = read_heaps(&heaps)?;
    let whole = |v: f64, what: &str| {
        if v.is_finite() && v.fract() == 0.0 && (0.0..=f64::from(grundy::MAX_HEAP)).contains(&v) {
            Ok(v)
        } else {
            Err(error(format!("{what} is {v}: expected a whole number")))
        }
    };
    let split = Split {
        heap: whole(heap, "heap")? as usize,
        big: whole(big, "the larger part")? as u32,
        small: whole(small, "the smaller part")? as u32,
    };
    grundy::apply(&heaps, split).map_err(error)
}

/// The computer's split (`null` when no heap can be split) at `level`
/// (`perfect`, `seed` or `random`); `seed` makes random choices repeatable.
#[wasm_bindgen(js_name = grundy_computer_move, unchecked_return_type = "GrundySplit | null")]
pub fn grundy_computer_move(heaps: Vec<f64>, level: &str, seed: f64) -> Result<JsValue, JsError> {
    let heaps = read_heaps(&heaps)?;
    let level = grundy::play::GrundyLevel::parse(level).ok_or_else(|| {
        error(format!(
            "unknown level \"{level}\": expected perfect, seed or random"
        ))
    })?;
    let seed = if seed.is_finite() {
        seed.abs() as u64
    } else {
        0
    };
    split_out(with_table(|t| {
        grundy::play::computer_move(t, &heaps, level, seed)
    })?)
}

/// Grundy values G(0..=n) (extends the table; `progress(done, n)` is called
/// between chunks and may return `false` to cancel, which throws).
#[wasm_bindgen(js_name = grundy_values)]
pub fn grundy_values(n: f64, progress: Option<js_sys::Function>) -> Result<Vec<u16>, JsError> {
    if !(n.is_finite() && n.fract() == 0.0 && n >= 0.0 && n <= f64::from(grundy::MAX_HEAP)) {
        return Err(error(format!(
            "n is {n}: expected a whole number from 0 to {}",
            grundy::MAX_HEAP
        )));
    }
    let n = n as u32;
    TABLE.with(|t| {
        let mut table = t.borrow_mut();
        let mut tick = |done: u32| match &progress {
            Some(f) => f
                .call2(&JsValue::NULL, &JsValue::from(done), &JsValue::from(n))
                .map(|r| r.as_bool() != Some(false))
                .unwrap_or(true),
            None => true,
        };
        table
            .extend_with(n, &mut tick)
            .map_err(|_| error("cancelled"))?;
        Ok(table.values()[..=n as usize].to_vec())
    })
}

#[derive(Serialize)]
struct LabRunOut {
    version: &'static str,
    heap: u32,
    won: bool,
    ops: f64,
    #[serde(rename = "move")]
    mv: Option<SplitOut>,
}

/// Runs the seed's solver `version` (0–5) once, fresh, on a single heap of
/// `heap` matches, as the seed's efficiency test did: the lab times the call
/// and reads the operation count.
#[wasm_bindgen(js_name = grundy_lab_run, unchecked_return_type = "LabRun")]
pub fn grundy_lab_run(version: f64, heap: f64) -> Result<JsValue, JsError> {
    if !(version.is_finite() && version.fract() == 0.0 && (0.0..=5.0).contains(&version)) {
        return Err(error(format!("version is {version}: expected 0 to 5")));
    }
    let heaps = read_heaps(&[heap])?;
    let n = heaps[0];
    let types = TABLE.with(|t| {
        let mut t = t.borrow_mut();
        t.extend_to(n);
        t.values()[..=n as usize].to_vec()
    });
    let mut solver =
        grundy::seed::solver(version as u8, types).ok_or_else(|| error("no such version"))?;
    let mv = solver.winning_move(&heaps);
    to_js(&LabRunOut {
        version: solver.name(),
        heap: n,
        won: mv.is_some(),
        ops: solver.ops() as f64,
        mv: mv.map(SplitOut::from),
    })
}
