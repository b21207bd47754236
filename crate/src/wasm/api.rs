//! `winning_move(position)`, the stateless function other sites call (name,
//! argument and result as documented in the README), and what both modules
//! say about themselves.

use super::{fail, numbers, property, text, to_js};
use crate::chomp::{Position, MAX_SIDE};
use crate::error::InputError;
use crate::grundy::{Split, MAX_HEAPS};
use crate::oracle;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_API: &'static str = r#"
/** A Chomp position: row lengths from the top (poisoned) row down, non-increasing. */
export interface ChompPosition { game: "chomp"; rows: number[] }
/** A square to eat, 1-indexed; (1, 1) is the poison. */
export interface Move { row: number; col: number }
/** A position of Grundy's game: heaps of matches. */
export interface GrundyPosition { game: "grundy"; heaps: number[] }
/** A split: heap (0-based index) into [a, b], a > b > 0. */
export interface GrundySplit { heap: number; into: [number, number] }
"#;

const SHAPE: &str = "{ game: \"chomp\", rows: [3, 3, 2] } or { game: \"grundy\", heaps: [7, 3] }";

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

/// A winning move from `position`, or `null` when every move loses.
///
/// Chomp (`{ game: "chomp", rows }`) answers `{ row, col }`, solving the
/// position's box the first time, then from memory (one box is kept);
/// past the exact box it uses the three-row table or open play and throws
/// when no winning move is known. Grundy's game (`{ game: "grundy", heaps }`)
/// answers `{ heap, into: [a, b] }` from the nim-sum of the heaps' Grundy
/// values, heaps of at most 2^20 matches (their values take about 2 s the
/// first time; a game session goes to 2^24 with progress and Cancel). Bad
/// input throws an `Error` with `code` and `params`.
#[wasm_bindgen(unchecked_return_type = "Move | GrundySplit | null")]
pub fn winning_move(
    #[wasm_bindgen(unchecked_param_type = "ChompPosition | GrundyPosition")] position: JsValue,
) -> Result<JsValue, JsValue> {
    if !position.is_object() {
        return Err(fail(&InputError::NotAnObject { expected: SHAPE }));
    }
    let game = property("game", &position, "game")?;
    if game.is_undefined() {
        return Err(fail(&InputError::Missing {
            field: "game".into(),
        }));
    }
    // Longer than any game's name: the name is quoted in the error whole.
    match text("game", &game, 64)?.as_str() {
        "chomp" => {
            let rows = property("rows", &position, "rows")?;
            let rows = numbers("rows", &rows, 0, MAX_SIDE as u64, MAX_SIDE)?;
            let rows: Vec<usize> = rows.into_iter().map(|r| r as usize).collect();
            let position = Position::new(&rows).map_err(|e| fail(&e))?;
            match oracle::chomp_winning_move(&position).map_err(|e| fail(&e))? {
                Some(m) => to_js(&m),
                None => Ok(JsValue::NULL),
            }
        }
        "grundy" => {
            let heaps = property("heaps", &position, "heaps")?;
            let heaps = numbers(
                "heaps",
                &heaps,
                1,
                u64::from(oracle::ORACLE_MAX_HEAP),
                MAX_HEAPS,
            )?;
            let heaps: Vec<u32> = heaps.into_iter().map(|h| h as u32).collect();
            match oracle::grundy_winning_move(&heaps).map_err(|e| fail(&e))? {
                Some(s) => to_js(&SplitOut::from(s)),
                None => Ok(JsValue::NULL),
            }
        }
        other => Err(fail(&InputError::Unknown {
            field: "game".into(),
            value: other.into(),
            expected: "chomp, grundy".into(),
        })),
    }
}
