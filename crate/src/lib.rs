//! Exact solvers for impartial games, starting with David Gale's Chomp.
//!
//! The game logic in [`chomp`] is plain Rust with no WebAssembly types, so it is
//! tested natively; `wasm.rs` is the only module that talks to JavaScript.

pub mod chomp;
pub mod error;
mod flat;
pub mod graph;
pub mod grundy;
pub mod oracle;
pub mod params;
pub mod reveal;
pub mod rng;
pub mod sum;
pub mod turns;

#[cfg(target_arch = "wasm32")]
pub mod wasm;
