//! The stateless functions other sites call: `winning_move(position)` and
//! `analyze_graph(text)` (names, arguments and results as documented in the
//! README), and two facts the page asks the module about itself.

use super::{fail, to_js};
use crate::chomp::{Position, MAX_SIDE};
use crate::error::{self, InputError};
use crate::graph;
use crate::grundy::{Split, MAX_HEAP, MAX_HEAPS};
use crate::oracle;
use js_sys::{Array, Object, Reflect};
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
/** One step of the worksheet's kernel algorithm. */
export interface KernelStep { sink: string; removed: string[] }
/** One step of the nimber computation. */
export interface NimberStep { vertex: string; nimber: number; seen: number[] }
/** A game graph analysed as in the worksheet (vertices by their labels). */
export interface GraphAnalysis {
  vertices: string[];
  successors: Record<string, string[]>;
  kernel: string[];
  strategy: Record<string, string>;
  nimbers: Record<string, number>;
  steps: { kernel: KernelStep[]; nimbers: NimberStep[] };
}
"#;

const SHAPE: &str = "{ game: \"chomp\", rows: [3, 3, 2] } or { game: \"grundy\", heaps: [7, 3] }";

fn field(value: &JsValue, name: &str) -> JsValue {
    Reflect::get(value, &name.into()).unwrap_or(JsValue::UNDEFINED)
}

/// A list of whole numbers in `min..=max`, at most `most` of them.
fn numbers(
    value: &JsValue,
    name: &str,
    min: u64,
    max: u64,
    most: usize,
) -> Result<Vec<u64>, JsValue> {
    if !Array::is_array(value) {
        return Err(fail(&InputError::Missing { field: name.into() }));
    }
    let list = Array::from(value);
    if list.length() as usize > most {
        return Err(fail(&InputError::TooMany {
            field: name.into(),
            count: list.length() as usize,
            max: most,
        }));
    }
    let mut out = Vec::with_capacity(list.length() as usize);
    for (i, v) in list.iter().enumerate() {
        let n = v.as_f64().unwrap_or(f64::NAN);
        out.push(error::whole(&format!("{name}[{i}]"), n, min, max).map_err(|e| fail(&e))?);
    }
    Ok(out)
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

/// A winning move from `position`, or `null` when every move loses.
///
/// Chomp (`{ game: "chomp", rows }`) answers `{ row, col }`, solving the
/// position's box the first time, then from memory (one box is kept);
/// past the exact box it uses the three-row table or open play and throws
/// when no winning move is known. Grundy's game (`{ game: "grundy", heaps }`)
/// answers `{ heap, into: [a, b] }` from the nim-sum of the heaps' Grundy
/// values. Bad input throws an `Error` with `code` and `params`.
#[wasm_bindgen(unchecked_return_type = "Move | GrundySplit | null")]
pub fn winning_move(
    #[wasm_bindgen(unchecked_param_type = "ChompPosition | GrundyPosition")] position: JsValue,
) -> Result<JsValue, JsValue> {
    if !position.is_object() {
        return Err(fail(&InputError::NotAnObject { expected: SHAPE }));
    }
    match field(&position, "game").as_string().as_deref() {
        Some("chomp") => {
            let rows = numbers(
                &field(&position, "rows"),
                "rows",
                0,
                MAX_SIDE as u64,
                MAX_SIDE,
            )?;
            let rows: Vec<usize> = rows.into_iter().map(|r| r as usize).collect();
            let position = Position::new(&rows).map_err(|e| fail(&e))?;
            match oracle::chomp_winning_move(&position).map_err(|e| fail(&e))? {
                Some(m) => to_js(&m),
                None => Ok(JsValue::NULL),
            }
        }
        Some("grundy") => {
            let heaps = numbers(
                &field(&position, "heaps"),
                "heaps",
                1,
                u64::from(MAX_HEAP),
                MAX_HEAPS,
            )?;
            let heaps: Vec<u32> = heaps.into_iter().map(|h| h as u32).collect();
            match oracle::grundy_winning_move(&heaps).map_err(|e| fail(&e))? {
                Some(s) => to_js(&SplitOut::from(s)),
                None => Ok(JsValue::NULL),
            }
        }
        Some(other) => Err(fail(&InputError::Unknown {
            field: "game".into(),
            value: other.into(),
            expected: "chomp, grundy".into(),
        })),
        None => Err(fail(&InputError::Missing {
            field: "game".into(),
        })),
    }
}

/// An object whose own keys are vertex labels: built key by key as own
/// properties, so a vertex called `__proto__` is a vertex like any other.
fn object_of(entries: impl Iterator<Item = (String, JsValue)>) -> Object {
    let pairs = Array::new();
    for (k, v) in entries {
        pairs.push(&Array::of2(&k.into(), &v));
    }
    Object::from_entries(&pairs).unwrap_or_else(|_| Object::new())
}

/// Reads a game graph written as the worksheet's Python dict (or JSON) and
/// returns its kernel (with the algorithm's steps), a winning strategy from
/// the first vertex, and every vertex's nimber, vertices by their labels.
/// Throws with the line and column of a malformed text, or with one cycle.
#[wasm_bindgen(unchecked_return_type = "GraphAnalysis")]
pub fn analyze_graph(text: &str) -> Result<JsValue, JsValue> {
    let g = graph::parse_graph(text).map_err(|e| fail(&e))?;
    let a = graph::analyze(&g).map_err(|c| fail(&c))?;
    let name = |v: usize| JsValue::from_str(&g.label(v));
    let names = |vs: &[usize]| vs.iter().map(|&v| name(v)).collect::<Array>();
    let label = |v: usize| g.label(v);
    let out = Object::new();
    let set = |k: &str, v: &JsValue| {
        let _ = Reflect::set(&out, &k.into(), v);
    };
    set("vertices", &(0..g.len()).map(name).collect::<Array>());
    set(
        "successors",
        &object_of((0..g.len()).map(|v| (label(v), names(&g.successors[v]).into()))),
    );
    set("kernel", &names(&a.kernel));
    set(
        "strategy",
        &object_of(a.strategy.iter().map(|&(s, k)| (label(s), name(k)))),
    );
    set(
        "nimbers",
        &object_of((0..g.len()).map(|v| (label(v), a.nimbers[v].into()))),
    );
    let steps = Object::new();
    let kernel_steps: Array = a
        .kernel_steps
        .iter()
        .map(|st| {
            let o = Object::new();
            let _ = Reflect::set(&o, &"sink".into(), &name(st.sink));
            let _ = Reflect::set(&o, &"removed".into(), &names(&st.removed));
            JsValue::from(o)
        })
        .collect();
    let nimber_steps: Array = a
        .nimber_steps
        .iter()
        .map(|st| {
            let o = Object::new();
            let _ = Reflect::set(&o, &"vertex".into(), &name(st.vertex));
            let _ = Reflect::set(&o, &"nimber".into(), &st.nimber.into());
            let seen: Array = st.seen.iter().map(|&n| JsValue::from(n)).collect();
            let _ = Reflect::set(&o, &"seen".into(), &seen);
            JsValue::from(o)
        })
        .collect();
    let _ = Reflect::set(&steps, &"kernel".into(), &kernel_steps);
    let _ = Reflect::set(&steps, &"nimbers".into(), &nimber_steps);
    set("steps", &steps);
    Ok(out.into())
}

/// Every error code the module can throw; the page's i18n table has a
/// sentence `err.<code>` for each (checked by the test suite).
#[wasm_bindgen]
pub fn error_codes() -> Vec<String> {
    error::all_codes().into_iter().map(String::from).collect()
}

/// Size of the module's memory in bytes: the peak of what it used (wasm
/// memory never shrinks).
#[wasm_bindgen]
pub fn memory_bytes() -> f64 {
    wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .map_or(0.0, |m| {
            m.buffer()
                .dyn_into::<js_sys::ArrayBuffer>()
                .map_or(0.0, |b| f64::from(b.byte_length()))
        })
}

/// Stops the module with a trap, on purpose: the test suite checks that a
/// page whose worker traps starts a fresh one and goes on with its game
/// (a trapped instance is never used again). Harmless anywhere else: only
/// the worker that calls it is lost.
#[wasm_bindgen]
pub fn trap_for_tests() {
    core::arch::wasm32::unreachable()
}
