//! The JavaScript boundary: the only modules that know about wasm-bindgen,
//! js-sys and web-sys. One file per game; this one holds what they share.
//!
//! Names at the boundary are snake_case, as in Rust and as the two stateless
//! functions sites already call (`winning_move`, `analyze_graph`): classes,
//! methods and the fields of every object. A refused request throws an
//! `Error` whose `code` and `params` let the page say it in its own language
//! (`message` is the English sentence). Nothing here panics on any input.

/// The methods every game's session has, the same for each: the computer's
/// move, the hint, undo, redo, restart, the demo and the snapshot, each one
/// call that answers the game's snapshot (`$snapshot` names its TypeScript type).
macro_rules! session_methods {
    ($session:ident, $snapshot:literal) => {
        #[wasm_bindgen]
        impl $session {
            /// The computer moves (its turn, or either side's in a demo);
            /// `at_ply` is the number of moves on the board the request is
            /// for: a request overtaken by another throws `session.stale`.
            #[wasm_bindgen(unchecked_return_type = $snapshot)]
            pub fn computer_move(&mut self, at_ply: f64) -> Result<JsValue, JsValue> {
                let at = $crate::wasm::whole("at_ply", at_ply, 0, u32::MAX.into())? as usize;
                answer(self.inner.computer_move(at))
            }

            /// The snapshot with `hint` filled in, for the position at `at_ply` moves.
            #[wasm_bindgen(unchecked_return_type = $snapshot)]
            pub fn hint(&mut self, at_ply: f64) -> Result<JsValue, JsValue> {
                let at = $crate::wasm::whole("at_ply", at_ply, 0, u32::MAX.into())? as usize;
                answer(self.inner.hint(at))
            }

            /// Takes back the person's last move (and the computer's reply).
            #[wasm_bindgen(unchecked_return_type = $snapshot)]
            pub fn undo(&mut self) -> Result<JsValue, JsValue> {
                answer($crate::turns::GameLine::undo(&mut self.inner))
            }

            /// Plays again what was undone.
            #[wasm_bindgen(unchecked_return_type = $snapshot)]
            pub fn redo(&mut self) -> Result<JsValue, JsValue> {
                answer($crate::turns::GameLine::redo(&mut self.inner))
            }

            /// Back to the start, every move forgotten.
            #[wasm_bindgen(unchecked_return_type = $snapshot)]
            pub fn restart(&mut self) -> Result<JsValue, JsValue> {
                answer($crate::turns::GameLine::restart(&mut self.inner))
            }

            /// Enters or leaves the demo (the computer plays both sides).
            #[wasm_bindgen(unchecked_return_type = $snapshot)]
            pub fn set_demo(&mut self, on: bool) -> Result<JsValue, JsValue> {
                answer($crate::turns::GameLine::set_demo(&mut self.inner, on))
            }

            /// The snapshot of the game as it is.
            #[wasm_bindgen(unchecked_return_type = $snapshot)]
            pub fn snapshot(&mut self) -> Result<JsValue, JsValue> {
                answer(self.inner.snapshot())
            }
        }
    };
}

#[cfg(feature = "games")]
/// The methods of the games with an analysis board (Chomp and Grundy's
/// game): jumps in the game line and the reveal level.
macro_rules! analysis_methods {
    ($session:ident, $snapshot:literal) => {
        #[wasm_bindgen]
        impl $session {
            /// Shows the position after `ply` moves of the game line (the
            /// later moves stay until a new one is played); on the
            /// computer's turn the computer waits (`computer_waits`) until
            /// `computer_move` is asked. Past the line: `session.stale`.
            #[wasm_bindgen(unchecked_return_type = $snapshot)]
            pub fn go_to(&mut self, ply: f64) -> Result<JsValue, JsValue> {
                let ply = $crate::wasm::whole("ply", ply, 0, u32::MAX.into())? as usize;
                answer($crate::turns::GameLine::go_to(&mut self.inner, ply))
            }

            /// Chooses what the game reveals: `off`, `outcome`, `moves`,
            /// `values` or `explain`, up to the level the game was started
            /// with (`reveal.limit` above it).
            #[wasm_bindgen(unchecked_return_type = $snapshot)]
            pub fn set_reveal(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "Reveal")] level: &str,
            ) -> Result<JsValue, JsValue> {
                answer(self.inner.set_reveal(level))
            }
        }
    };
}

#[cfg(feature = "games")]
mod api;
#[cfg(feature = "games")]
mod chomp;
#[cfg(feature = "study")]
mod graph;
#[cfg(feature = "games")]
mod grundy;
#[cfg(feature = "study")]
mod lab;
mod module;
#[cfg(feature = "study")]
mod sum;
#[cfg(feature = "games")]
mod teach;

#[cfg(feature = "games")]
pub use api::winning_move;
#[cfg(feature = "games")]
pub use chomp::ChompSession;
#[cfg(feature = "study")]
pub use graph::{analyze_graph, GraphSession};
#[cfg(feature = "games")]
pub use grundy::GrundySession;
#[cfg(feature = "study")]
pub use lab::GrundyLab;
pub use module::{error_codes, memory_bytes, trap_for_tests};
#[cfg(feature = "study")]
pub use sum::SumSession;
#[cfg(feature = "games")]
pub use teach::ChompNimbers;

use crate::error::{Coded, InputError, Param};
#[cfg(feature = "games")]
use js_sys::Function;
use js_sys::{Array, Object, Reflect};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen(typescript_custom_section)]
const TS_SHARED: &'static str = r#"
/** Name/value pairs, as URLSearchParams gives them: [["rows", "5"], ["cols", "7"]]. */
export type Pairs = [string, string][];
/** An error thrown by the module: `code` and `params` fill the page's sentence `err.<code>`. */
export interface ImpartialError extends Error { code: string; params: Record<string, string | number> }
/** A setting that was not used as given, why, and what was used instead. */
export interface Problem {
  name: string; value: string;
  reason: { code: string; params: Record<string, string | number>; message: string };
  used: string; used_full_bar: boolean; partly_used: boolean;
}
/** Player 1 is the person at the page; player 2 the computer or a second person. */
export type Player = 1 | 2;
/** Progress of a long computation; return false to stop it (where supported). */
export type Progress = (done: number, total: number) => boolean | void;
/** What a game reveals, from nothing to everything. */
export type Reveal = "off" | "outcome" | "moves" | "values" | "explain";
/** A move's mark: kept the win (or resisted longest), or gave it away. */
export type Mark = "good" | "mistake";
/** A position's value for the player to move (null: unknown or not shown). */
export interface ValuePoint { win: boolean | null; remoteness: number | null }
/** Whose turn, undo and redo: the part of every snapshot about the course of the game. */
export interface TurnsView {
  redo_count: number; to_move: Player; first: Player;
  vs_computer: boolean; computer_to_move: boolean; demo: boolean;
  over: boolean; winner: Player | null;
  can_undo: boolean; can_redo: boolean; computer_waits: boolean;
}
"#;

/// Installs the panic hook so a bug shows a Rust message in the console.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// A thrown JavaScript `Error` carrying the error's code and parameters.
pub(crate) fn fail(e: &dyn Coded) -> JsValue {
    let error = js_sys::Error::new(&e.to_string());
    let params = Object::new();
    for (name, value) in e.params() {
        let value = match value {
            Param::Num(n) => JsValue::from_f64(n),
            Param::Text(t) => JsValue::from_str(&t),
        };
        // Names are this crate's own identifiers, never user text.
        let _ = Reflect::set(&params, &JsValue::from_str(name), &value);
    }
    let _ = Reflect::set(&error, &"code".into(), &e.code().into());
    let _ = Reflect::set(&error, &"params".into(), &params);
    error.into()
}

/// A plain JavaScript value for `value` (objects, arrays, numbers, null).
pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| js_sys::Error::new(&e.to_string()).into())
}

/// Reads `[["name", "value"], …]`; anything else is refused with a code.
pub(crate) fn read_pairs(value: &JsValue) -> Result<Vec<(String, String)>, JsValue> {
    let shape = || {
        fail(&InputError::NotAnObject {
            expected: "[[\"rows\", \"5\"], [\"cols\", \"7\"]]",
        })
    };
    if !Array::is_array(value) {
        return Err(shape());
    }
    let list = Array::from(value);
    let mut pairs = Vec::with_capacity(list.length().min(64) as usize);
    for entry in list.iter() {
        if !Array::is_array(&entry) {
            return Err(shape());
        }
        let entry = Array::from(&entry);
        match (entry.get(0).as_string(), entry.get(1).as_string()) {
            (Some(k), Some(v)) if entry.length() == 2 => pairs.push((k, v)),
            _ => return Err(shape()),
        }
    }
    Ok(pairs)
}

/// A whole number in `min..=max`, or a coded error naming `field`.
pub(crate) fn whole(field: &str, value: f64, min: u64, max: u64) -> Result<u64, JsValue> {
    crate::error::whole(field, value, min, max).map_err(|e| fail(&e))
}

/// The clock of the window or worker the module runs in, in milliseconds
/// (0 where there is none).
pub(crate) fn now() -> f64 {
    Reflect::get(&js_sys::global(), &"performance".into())
        .ok()
        .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
        .map_or(0.0, |p| p.now())
}

/// A random seed for a session's computer (the browser's own generator).
pub(crate) fn random_seed() -> u64 {
    (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64
}

/// Calls a JavaScript progress callback at most every 50 ms (and always at
/// the end), so a fast computation does not flood the page with messages.
#[cfg(feature = "games")]
pub(crate) struct Pacer {
    callback: Option<Function>,
    last: f64,
}

/// The longest pause between two progress calls, in milliseconds.
#[cfg(feature = "games")]
const PACE_MS: f64 = 50.0;

#[cfg(feature = "games")]
impl Pacer {
    pub(crate) fn new(callback: Option<Function>) -> Pacer {
        Pacer {
            callback,
            last: f64::NEG_INFINITY,
        }
    }

    /// Reports `done` of `total`; false when the callback asked to stop.
    pub(crate) fn tick(&mut self, done: f64, total: f64) -> bool {
        let Some(f) = &self.callback else {
            return true;
        };
        let t = now();
        if done < total && t - self.last < PACE_MS {
            return true;
        }
        self.last = t;
        match f.call2(&JsValue::NULL, &done.into(), &total.into()) {
            Ok(answer) => answer.as_bool() != Some(false),
            Err(e) => {
                // A throwing callback must not stop the work; say it once.
                web_sys::console::warn_2(&"progress callback failed:".into(), &e);
                self.callback = None;
                true
            }
        }
    }
}
