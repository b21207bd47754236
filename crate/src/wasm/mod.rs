//! The JavaScript boundary: the only modules that know about wasm-bindgen,
//! js-sys and web-sys. One file per game; this one holds what they share.
//!
//! Names at the boundary are snake_case, as in Rust and as the two stateless
//! functions sites already call (`winning_move`, `analyze_graph`): classes,
//! methods and the fields of every object. A refused request throws an
//! `Error` whose `code` and `params` let the page say it in its own language
//! (`message` is the English sentence). Nothing here panics on any input.

/// The methods every game's session has, the same for each: the computer's
/// move, the hint, undo, redo, restart, the demo, the snapshot and a jump in
/// the game line (the move list's), each one
/// call that answers the game's snapshot (`$snapshot` names its TypeScript
/// type). Arguments are read first, then the session is borrowed for the call.
macro_rules! session_methods {
    ($session:ident, $snapshot:literal) => {
        #[wasm_bindgen]
        impl $session {
            /// The computer moves (its turn, or either side's in a demo);
            /// `at_ply` is the number of moves on the board the request is
            /// for: a request overtaken by another throws `session.stale`.
            #[wasm_bindgen(unchecked_return_type = $snapshot)]
            pub fn computer_move(
                &self,
                #[wasm_bindgen(unchecked_param_type = "number")] at_ply: JsValue,
            ) -> Result<JsValue, JsValue> {
                let at = $crate::wasm::whole("at_ply", &at_ply, 0, u32::MAX.into())? as usize;
                answer($crate::wasm::borrow(&self.inner)?.computer_move(at))
            }

            /// The snapshot with `hint` filled in, for the position at `at_ply` moves.
            #[wasm_bindgen(unchecked_return_type = $snapshot)]
            pub fn hint(
                &self,
                #[wasm_bindgen(unchecked_param_type = "number")] at_ply: JsValue,
            ) -> Result<JsValue, JsValue> {
                let at = $crate::wasm::whole("at_ply", &at_ply, 0, u32::MAX.into())? as usize;
                answer($crate::wasm::borrow(&self.inner)?.hint(at))
            }

            /// Takes back the person's last move (and the computer's reply).
            #[wasm_bindgen(unchecked_return_type = $snapshot)]
            pub fn undo(&self) -> Result<JsValue, JsValue> {
                answer($crate::turns::GameLine::undo(&mut *$crate::wasm::borrow(
                    &self.inner,
                )?))
            }

            /// Plays again what was undone (undo then redo comes back to
            /// the same position, the computer waiting again if it was).
            #[wasm_bindgen(unchecked_return_type = $snapshot)]
            pub fn redo(&self) -> Result<JsValue, JsValue> {
                answer($crate::turns::GameLine::redo(&mut *$crate::wasm::borrow(
                    &self.inner,
                )?))
            }

            /// Back to the start, every move forgotten.
            #[wasm_bindgen(unchecked_return_type = $snapshot)]
            pub fn restart(&self) -> Result<JsValue, JsValue> {
                answer($crate::turns::GameLine::restart(
                    &mut *$crate::wasm::borrow(&self.inner)?,
                ))
            }

            /// Enters or leaves the demo (the computer plays both sides).
            #[wasm_bindgen(unchecked_return_type = $snapshot)]
            pub fn set_demo(
                &self,
                #[wasm_bindgen(unchecked_param_type = "boolean")] on: JsValue,
            ) -> Result<JsValue, JsValue> {
                let on = $crate::wasm::flag("on", &on)?;
                answer($crate::turns::GameLine::set_demo(
                    &mut *$crate::wasm::borrow(&self.inner)?,
                    on,
                ))
            }

            /// The snapshot of the game as it is.
            #[wasm_bindgen(unchecked_return_type = $snapshot)]
            pub fn snapshot(&self) -> Result<JsValue, JsValue> {
                answer($crate::wasm::borrow(&self.inner)?.snapshot())
            }

            /// Shows the position after `ply` moves of the game line (the
            /// later moves stay until a new one is played); on the
            /// computer's turn the computer waits (`computer_waits`) until
            /// `computer_move` is asked. Past the line: `session.stale`,
            /// and nothing changes.
            #[wasm_bindgen(unchecked_return_type = $snapshot)]
            pub fn go_to(
                &self,
                #[wasm_bindgen(unchecked_param_type = "number")] ply: JsValue,
            ) -> Result<JsValue, JsValue> {
                let ply = $crate::wasm::whole("ply", &ply, 0, u32::MAX.into())? as usize;
                answer($crate::turns::GameLine::go_to(
                    &mut *$crate::wasm::borrow(&self.inner)?,
                    ply,
                ))
            }
        }
    };
}

#[cfg(feature = "games")]
/// The methods of the games with an analysis board (Chomp and Grundy's
/// game): the reveal level.
macro_rules! analysis_methods {
    ($session:ident, $snapshot:literal) => {
        #[wasm_bindgen]
        impl $session {
            /// Chooses what the game reveals: `off`, `outcome`, `moves`,
            /// `values` or `explain`, up to the level the game was started
            /// with (`reveal.limit` above it).
            #[wasm_bindgen(unchecked_return_type = $snapshot)]
            pub fn set_reveal(
                &self,
                #[wasm_bindgen(unchecked_param_type = "Reveal")] level: JsValue,
            ) -> Result<JsValue, JsValue> {
                let level = $crate::wasm::text("level", &level, 16)?;
                answer($crate::wasm::borrow(&self.inner)?.set_reveal(&level))
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
#[cfg(feature = "study")]
mod values;

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
#[cfg(feature = "study")]
pub use values::heap_values;

use crate::error::{Busy, Coded, InputError, Param};
#[cfg(any(feature = "games", feature = "study"))]
use js_sys::Function;
use js_sys::{Object, Reflect};
use serde::Serialize;
use std::cell::{RefCell, RefMut};
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

// ---- Reading arguments ----
//
// Every argument crosses as a `JsValue` and is read here, before the object
// called is borrowed: wasm-bindgen's own conversions would run JavaScript
// (`valueOf`, a string's length, an array's elements) where a throw or a
// huge length traps the module or leaves the object borrowed for good. Only
// `typeof` checks and js-sys calls that catch are used, so no JavaScript
// exception ever unwinds through Rust; lengths are checked before anything
// is copied.

/// Longest text any argument may be (a graph's text is the longest the
/// page sends), in UTF-16 units.
pub(crate) const MAX_TEXT: usize = 4_000_000;

/// Most name/value pairs a start may have.
pub(crate) const MAX_PAIRS: usize = 256;

#[wasm_bindgen]
extern "C" {
    /// `Array.isArray`, which throws on a revoked Proxy.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn is_array(value: &JsValue) -> Result<bool, JsValue>;
}

/// The JavaScript type of `value` as `typeof` names it, `null` for null.
fn type_name(value: &JsValue) -> String {
    if value.is_null() {
        return "null".into();
    }
    value.js_typeof().as_string().unwrap_or_default()
}

fn wrong_type(field: &str, expected: &'static str, value: &JsValue) -> JsValue {
    fail(&InputError::WrongType {
        field: field.into(),
        expected,
        got: type_name(value),
    })
}

fn unreadable(field: &str) -> JsValue {
    fail(&InputError::Unreadable {
        field: field.into(),
    })
}

/// A whole number in `min..=max` given as a JavaScript number (no BigInt,
/// no object with a `valueOf`), or a coded error naming `field`.
#[inline(never)]
pub(crate) fn whole(field: &str, value: &JsValue, min: u64, max: u64) -> Result<u64, JsValue> {
    let n = value
        .as_f64()
        .ok_or_else(|| wrong_type(field, "number", value))?;
    crate::error::whole(field, n, min, max).map_err(|e| fail(&e))
}

/// A JavaScript boolean, or a coded error naming `field`.
pub(crate) fn flag(field: &str, value: &JsValue) -> Result<bool, JsValue> {
    value
        .as_bool()
        .ok_or_else(|| wrong_type(field, "boolean", value))
}

/// A JavaScript string of at most `max` UTF-16 units (checked before it is
/// copied), or a coded error naming `field`.
pub(crate) fn text(field: &str, value: &JsValue, max: usize) -> Result<String, JsValue> {
    let s = value
        .dyn_ref::<js_sys::JsString>()
        .ok_or_else(|| wrong_type(field, "string", value))?;
    let length = s.length() as usize;
    if length > max {
        return Err(fail(&InputError::TooLong {
            field: field.into(),
            length,
            max,
        }));
    }
    Ok(String::from(s))
}

/// A progress callback: a function, or `undefined` or `null` for none.
#[cfg(any(feature = "games", feature = "study"))]
pub(crate) fn callback(field: &str, value: &JsValue) -> Result<Option<Function>, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    value
        .dyn_ref::<Function>()
        .cloned()
        .map(Some)
        .ok_or_else(|| wrong_type(field, "function", value))
}

#[cfg(feature = "games")]
/// The property `key` of the object `value` (getters and Proxies run, and
/// what they throw is caught), or a coded error naming `field`.
pub(crate) fn property(field: &str, value: &JsValue, key: &str) -> Result<JsValue, JsValue> {
    if !value.is_object() && !value.is_function() {
        return Err(wrong_type(field, "object", value));
    }
    Reflect::get(value, &key.into()).map_err(|_| unreadable(field))
}

/// The elements of a JavaScript array of at most `most` elements (its
/// length is checked before any element is read), or a coded error naming
/// `field`. `undefined` is refused as missing.
pub(crate) fn list(field: &str, value: &JsValue, most: usize) -> Result<Vec<JsValue>, JsValue> {
    if value.is_undefined() {
        return Err(fail(&InputError::Missing {
            field: field.into(),
        }));
    }
    if !is_array(value).map_err(|_| unreadable(field))? {
        return Err(wrong_type(field, "array", value));
    }
    // An array's length is a whole number below 2^32; a Proxy may say otherwise.
    let length = Reflect::get(value, &"length".into())
        .map_err(|_| unreadable(field))?
        .as_f64()
        .filter(|n| n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(n))
        .ok_or_else(|| unreadable(field))? as usize;
    if length > most {
        return Err(fail(&InputError::TooMany {
            field: field.into(),
            count: length,
            max: most,
        }));
    }
    (0..length as u32)
        .map(|i| Reflect::get_u32(value, i).map_err(|_| unreadable(&format!("{field}[{i}]"))))
        .collect()
}

/// An array of at most `most` whole numbers in `min..=max`.
pub(crate) fn numbers(
    field: &str,
    value: &JsValue,
    min: u64,
    max: u64,
    most: usize,
) -> Result<Vec<u64>, JsValue> {
    list(field, value, most)?
        .iter()
        .enumerate()
        .map(|(i, v)| whole(&format!("{field}[{i}]"), v, min, max))
        .collect()
}

/// Reads `[["name", "value"], …]` (at most [`MAX_PAIRS`] pairs of strings);
/// any other shape is refused with a code.
pub(crate) fn read_pairs(value: &JsValue) -> Result<Vec<(String, String)>, JsValue> {
    let shape = || {
        fail(&InputError::NotAnObject {
            expected: "[[\"rows\", \"5\"], [\"cols\", \"7\"]]",
        })
    };
    if value.is_undefined() || !is_array(value).map_err(|_| unreadable("params"))? {
        return Err(shape());
    }
    let mut pairs = Vec::new();
    for (i, entry) in list("params", value, MAX_PAIRS)?.iter().enumerate() {
        let field = format!("params[{i}]");
        if !is_array(entry).map_err(|_| unreadable(&field))? {
            return Err(shape());
        }
        let entry = list(&field, entry, 2)?;
        let [name, value] = entry.as_slice() else {
            return Err(shape());
        };
        if !name.is_string() || !value.is_string() {
            return Err(shape());
        }
        pairs.push((
            text(&format!("{field}[0]"), name, MAX_TEXT)?,
            text(&format!("{field}[1]"), value, MAX_TEXT)?,
        ));
    }
    Ok(pairs)
}

/// The object behind a method's `&self`, borrowed for one call; a call made
/// from inside another on the same object (its progress callback, a getter
/// of an argument) is refused with `session.busy` instead of wasm-bindgen's
/// uncoded "recursive use of an object".
pub(crate) fn borrow<T>(cell: &RefCell<T>) -> Result<RefMut<'_, T>, JsValue> {
    cell.try_borrow_mut().map_err(|_| busy())
}

// One copy of the error for every call site (they are many).
#[cold]
#[inline(never)]
fn busy() -> JsValue {
    fail(&Busy)
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
#[cfg(any(feature = "games", feature = "study"))]
pub(crate) struct Pacer {
    callback: Option<Function>,
    last: f64,
}

/// The longest pause between two progress calls, in milliseconds.
#[cfg(any(feature = "games", feature = "study"))]
const PACE_MS: f64 = 50.0;

#[cfg(any(feature = "games", feature = "study"))]
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
