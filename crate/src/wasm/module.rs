//! What both modules (games and study) say about themselves.

use crate::codes;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Every error code the module can throw; the page's i18n table has a
/// sentence `err.<code>` for each (checked by the test suite).
#[wasm_bindgen]
pub fn error_codes() -> Vec<String> {
    codes::all_codes().into_iter().map(String::from).collect()
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
