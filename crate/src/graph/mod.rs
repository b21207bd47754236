//! Finite game graphs as the classroom worksheet writes them: parse the
//! Python dict, refuse cycles with one spelled out, and compute the kernel
//! (step by step), a winning strategy and the Sprague–Grundy numbers.

mod analysis;
mod arena;
mod parse;

pub use analysis::{analyze, find_cycle, Analysis, Cycle, KernelStep, NimberStep};
pub use arena::{arena_below, chomp_arena, ArenaError, MAX_ARENA_VERTICES};
pub use parse::{parse_graph, Graph, GraphError, Place, MAX_VERTICES};

/// Every error code of this module, for [`crate::error::all_codes`].
pub const ERROR_CODES: &[&str] = &[
    "graph.syntax",
    "graph.cycle",
    "arena.empty",
    "arena.too_big",
];
