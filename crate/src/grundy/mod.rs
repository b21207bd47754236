//! Heap games: a position is a list of heaps of tokens, and a [`Rule`] says
//! what a move may take from one heap and leave there (Grundy's game splits
//! one heap into two non-empty heaps of different sizes; Nim takes any
//! number; an octal code such as Kayles' `0.77` lists each take's leavings).
//! The player who cannot move loses, or in misère play wins.
//!
//! [`values`] computes the Grundy value of every heap size of Grundy's game
//! with the sparse-space ("rare values") method, and [`table`] those of any
//! rule; [`play`] turns them into winning moves (the nim-sum of the heaps'
//! values decides the game), or solves a misère game by search; [`session`]
//! is one game of any rule; [`seed`] keeps the five historical solvers of
//! the seed text, each with an operation counter, for the lab.

pub mod explain;
mod heaps;
pub mod play;
pub mod rule;
pub mod seed;
pub mod sequence;
pub mod session;
pub mod table;
pub mod values;

pub use heaps::{
    apply, check_heaps, check_move, check_split, is_over, splits_of, GrundyError, HeapMove, Heaps,
    Split, MAX_HEAP, MAX_HEAPS, MISERE_MAX_POSITIONS, MISERE_MAX_TOKENS,
};
pub use play::Solver;
pub use rule::{HeapOption, Rule, RuleError};
pub use table::ValueTable;
pub use values::GrundyTable;

/// Every error code of this module, for [`crate::codes::all_codes`].
pub const ERROR_CODES: &[&[&str]] = &[
    heaps::CODES,
    session::CODES,
    seed::CODES,
    rule::CODES,
    sequence::CODES,
];
