//! Exact solvers for impartial games, starting with David Gale's Chomp.
//!
//! The game logic in [`chomp`] is plain Rust with no WebAssembly types, so it is
//! tested natively; `wasm.rs` is the only module that talks to JavaScript.

pub mod chomp;
pub mod graph;
pub mod grundy;

#[cfg(target_arch = "wasm32")]
pub mod wasm;
