//! What the lessons ask of the solver on the Chomp page: Gale's strategy
//! stealing on the bar being played (a method of `ChompSession`, which
//! already holds that bar's solved box), and `ChompNimbers`, the nimbers of
//! positions (their own table: the solver keeps outcomes only).

use super::chomp::ChompSession;
use super::{borrow, fail, numbers, to_js};
use crate::chomp::{NimberTable, Position, MAX_SIDE};
use crate::error::Report;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TEACH: &'static str = r#"
/** Gale's strategy-stealing argument on a full bar, as the solver settles it. */
export interface ChompStealing {
  rows: number; cols: number;
  corner: Move; after_corner: number[];
  corner_wins: boolean;
  reply: Move | null; after_reply: number[] | null;
  winning: Move[];
}
"#;

#[wasm_bindgen]
impl ChompSession {
    /// Gale's strategy stealing on this game's full bar: bite only the far
    /// corner; if that loses, the opponent's winning reply is available from
    /// the full bar too. Throws `stealing.one_square` on a 1 × 1 bar and
    /// `stealing.not_exact` past the exact range.
    #[wasm_bindgen(unchecked_return_type = "ChompStealing")]
    pub fn stealing(&self) -> Result<JsValue, JsValue> {
        let answer: Result<_, Report> = borrow(&self.inner)?.stealing();
        to_js(&answer.map_err(|e| fail(&e))?)
    }
}

/// Nimbers of Chomp positions, from a table of the smallest box holding the
/// first position asked about (later positions of a game fit it; a bigger
/// one replaces it). Boxes up to 10 × 10.
#[wasm_bindgen]
pub struct ChompNimbers {
    /// Borrowed per call (`super::borrow`), after the rows are read.
    table: RefCell<Option<NimberTable>>,
}

#[wasm_bindgen]
impl ChompNimbers {
    /// An empty cache.
    #[wasm_bindgen(constructor)]
    pub fn new() -> ChompNimbers {
        ChompNimbers {
            table: RefCell::new(None),
        }
    }

    /// The nimber of the position with row lengths `rows` (top first) and
    /// the nimber each of its moves leaves, as one list of numbers:
    /// `[nimber, box_rows, box_cols, row, col, nimber, row, col, nimber, …]`
    /// (a flat list keeps the module small). Throws `nimbers.too_big` past
    /// 10 × 10 and the position's own errors for a bad list.
    pub fn of(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number[]")] rows: JsValue,
    ) -> Result<Vec<u32>, JsValue> {
        let lengths: Vec<usize> = numbers("rows", &rows, 0, MAX_SIDE as u64, MAX_SIDE)?
            .into_iter()
            .map(|r| r as usize)
            .collect();
        let position = Position::new(&lengths).map_err(|e| fail(&e))?;
        let mut cache = borrow(&self.table)?;
        let table = match cache.take() {
            Some(t) if t.covers(&position) => cache.insert(t),
            // One table at a time: the old one goes before the new one is built.
            _ => cache.insert(
                NimberTable::new(position.height(), position.width()).map_err(|e| fail(&e))?,
            ),
        };
        let nimber = table.get(&position).map_err(|e| fail(&e))?;
        let mut out = vec![u32::from(nimber), table.rows() as u32, table.cols() as u32];
        for (m, n) in table.moves(&position).map_err(|e| fail(&e))? {
            out.extend([m.row as u32, m.col as u32, u32::from(n)]);
        }
        Ok(out)
    }
}

impl Default for ChompNimbers {
    fn default() -> Self {
        ChompNimbers::new()
    }
}
