//! Exact solvers for impartial games: David Gale's Chomp ([`chomp`]), heap
//! games such as Grundy's game ([`grundy`]), their sums ([`sum`]) and any
//! finite game graph ([`graph`]).
//!
//! The game logic is plain Rust with no WebAssembly types, so it is tested
//! natively; `wasm/` is the only module that talks to JavaScript, and
//! [`codes`] lists every error code the games can report.

pub mod chomp;
pub mod codes;
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
