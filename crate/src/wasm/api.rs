//! `winning_move(position)`, the stateless function other sites call (name,
//! argument and result as documented in the README), and what both modules
//! say about themselves.

use super::{fail, flag, numbers, property, text, to_js};
use crate::chomp::{Position, MAX_SIDE};
use crate::error::InputError;
use crate::grundy::{Rule, MAX_HEAPS};
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
/**
 * A position of any heap game: its rule (`grundy`, `nim`, `kayles`, `dawson` or an octal
 * code such as `0.333`), its heaps, and misère play (the last mover loses) or not.
 */
export interface HeapsPosition { game: "heaps"; rule: string; heaps: number[]; misere?: boolean }
/** A move of a heap game: from heap `heap` (0-based) take `take`, leaving the heaps `into` (none, one, or two, the larger first). */
export interface HeapAnswer { heap: number; take: number; into: number[] }
"#;

const SHAPE: &str = "{ game: \"chomp\", rows: [3, 3, 2] }, { game: \"grundy\", heaps: [7, 3] } or { game: \"heaps\", rule: \"kayles\", heaps: [7, 3] }";

/// A move of a heap game as the API answers it; Grundy's game without
/// `take`, as it always did.
#[derive(Serialize)]
struct MoveOut {
    heap: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    take: Option<u32>,
    into: Vec<u32>,
}

/// A winning move from `position`, or `null` when every move loses.
///
/// Chomp (`{ game: "chomp", rows }`) answers `{ row, col }`, solving the
/// position's box the first time, then from memory (one box is kept);
/// past the exact box it uses the three-row table or open play and throws
/// when no winning move is known. Grundy's game (`{ game: "grundy", heaps }`)
/// answers `{ heap, into: [a, b] }` from the nim-sum of the heaps' Grundy
/// values, heaps of at most 2^20 matches (their values take about 2 s the
/// first time; a game session goes to 2^24 with progress and Cancel). Any
/// heap game (`{ game: "heaps", rule, heaps, misere }`) answers `{ heap,
/// take, into }`, `into` the heaps left (none, one or two); misère play
/// within its search's bounds (`misere.tokens`, `misere.positions`; Nim's at
/// any size). Bad input throws an `Error` with `code` and `params`.
#[wasm_bindgen(unchecked_return_type = "Move | GrundySplit | HeapAnswer | null")]
pub fn winning_move(
    #[wasm_bindgen(unchecked_param_type = "ChompPosition | GrundyPosition | HeapsPosition")]
    position: JsValue,
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
        game @ ("grundy" | "heaps") => {
            let grundy = game == "grundy";
            let (rule, misere) = if grundy {
                (Rule::Grundy, false)
            } else {
                let rule = property("rule", &position, "rule")?;
                if rule.is_undefined() {
                    return Err(fail(&InputError::Missing {
                        field: "rule".into(),
                    }));
                }
                let rule = Rule::parse(&text("rule", &rule, 64)?).map_err(|e| fail(&e))?;
                let misere = property("misere", &position, "misere")?;
                (rule, !misere.is_undefined() && flag("misere", &misere)?)
            };
            let heaps = property("heaps", &position, "heaps")?;
            let heaps = numbers(
                "heaps",
                &heaps,
                1,
                u64::from(oracle::ORACLE_MAX_HEAP),
                MAX_HEAPS,
            )?;
            let heaps: Vec<u32> = heaps.into_iter().map(|h| h as u32).collect();
            match oracle::heaps_winning_move(rule, misere, &heaps).map_err(|e| fail(&e))? {
                Some(m) => to_js(&MoveOut {
                    heap: m.heap,
                    take: (!grundy).then_some(m.take),
                    into: [m.big, m.small].into_iter().filter(|&h| h > 0).collect(),
                }),
                None => Ok(JsValue::NULL),
            }
        }
        other => Err(fail(&InputError::Unknown {
            field: "game".into(),
            value: other.into(),
            expected: "chomp, grundy, heaps".into(),
        })),
    }
}
