//! Finite game graphs as the classroom worksheet writes them: read the
//! Python dict, refuse cycles with one spelled out, and compute the kernel
//! (step by step), a winning strategy and the Sprague–Grundy numbers; build
//! the arena of a Chomp position with the worksheet's own numbering.
//!
//! Every algorithm here is iterative and every input is bounded before
//! anything big is built, so a pasted text or a board can neither exhaust
//! the stack (a browser's is small) nor hang the page: the limits below are
//! checked first and refused with a coded error.

mod analysis;
mod arena;
mod cycle;
mod downset;
mod error;
mod model;
mod name;
mod parse;
mod read;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;

pub use analysis::{analyze, Analysis, KernelStep, NimberStep};
pub use arena::{arena_below, arena_size, chomp_arena, ArenaError};
pub use cycle::{find_cycle, Cycle, CycleError};
pub use error::{GraphError, GraphErrorKind, Place};
pub use model::Graph;
pub use name::Name;
pub use parse::parse_graph;

/// Longest text read, in characters. Reading is linear, so this only keeps
/// memory bounded; it fits a chain of [`MAX_VERTICES`] vertices as
/// [`Graph::to_dict_text`] writes it (1.7 million characters), and
/// [`MAX_ARCS`] arcs written as tersely as `0,0,…` (2 characters each).
pub const MAX_TEXT_CHARS: usize = 4_000_000;

/// Most vertices read: every later step is linear or `n log n` in the size,
/// and this keeps the analysis of a pasted graph well under a second.
pub const MAX_VERTICES: usize = 100_000;

/// Most arcs read (successor entries over all lists), for the same reason.
pub const MAX_ARCS: usize = 1_000_000;

/// Most vertices in a Chomp arena. The page decides how many it draws; the
/// engine only has to stay bounded, and an arena this big builds and is
/// analysed in a fraction of a second.
pub const MAX_ARENA_VERTICES: u64 = 20_000;

/// Most arcs in a Chomp arena: a long thin bar has few positions but many
/// moves each (a single row of 1000 has half a million), so arcs are capped
/// on their own.
pub const MAX_ARENA_ARCS: u64 = 1_000_000;

/// A graph bigger than the caller will show: refused before it is built or
/// analysed (the page draws a few hundred vertices at most).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooBigToShow {
    /// Its vertices.
    pub count: u64,
    /// The most the caller shows.
    pub max: u64,
}

impl std::fmt::Display for TooBigToShow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "this graph has {} vertices: too many to draw (at most {})",
            self.count, self.max
        )
    }
}

impl crate::error::Coded for TooBigToShow {
    fn code(&self) -> &'static str {
        "graph.too_big_to_show"
    }
    fn params(&self) -> crate::error::Params {
        vec![("count", self.count.into()), ("max", self.max.into())]
    }
}

/// Every error code of this module, for [`crate::codes::all_codes`]; each
/// appears once (checked by a test against every error variant).
pub const ERROR_CODES: &[&str] = &[
    "graph.empty",
    "graph.too_long",
    "graph.too_many_vertices",
    "graph.too_many_arcs",
    "graph.expected_dict",
    "graph.expected_open_brace",
    "graph.expected_key",
    "graph.expected_colon",
    "graph.expected_open_bracket",
    "graph.expected_successor",
    "graph.expected_comma_in_list",
    "graph.expected_comma_in_dict",
    "graph.unclosed_dict",
    "graph.unclosed_list",
    "graph.unclosed_string",
    "graph.bad_escape",
    "graph.negative_number",
    "graph.leading_zero",
    "graph.number_too_large",
    "graph.trailing_text",
    "graph.no_vertex",
    "graph.duplicate_key",
    "graph.unknown_successor",
    "graph.successor_type_mismatch",
    "graph.self_loop",
    "graph.duplicate_arc",
    "graph.cycle",
    "graph.too_big_to_show",
    "arena.empty",
    "arena.too_big",
    "arena.too_many_arcs",
];
