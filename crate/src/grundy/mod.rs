//! Grundy's game: a position is a list of heaps of matches; a move splits one
//! heap into two non-empty heaps of different sizes. Heaps of 1 and 2 cannot be
//! split, and the player who cannot move loses.
//!
//! [`values`] computes the Grundy value of every heap size with the sparse-space
//! ("rare values") method; [`play`] turns them into winning moves (the nim-sum
//! of the heaps' values decides the game); [`seed`] keeps the five historical
//! solvers of the seed text, each with an operation counter, for the lab.

pub mod explain;
mod heaps;
pub mod play;
pub mod rule;
pub mod seed;
pub mod session;
pub mod table;
pub mod values;

pub use heaps::{
    apply, check_heaps, check_split, is_over, splits_of, GrundyError, Heaps, Split, MAX_HEAP,
    MAX_HEAPS,
};
pub use rule::{HeapOption, Rule, RuleError};
pub use table::ValueTable;
pub use values::GrundyTable;

/// Every error code of this module, for [`crate::error::all_codes`].
pub const ERROR_CODES: &[&[&str]] = &[heaps::CODES, session::CODES, seed::CODES, rule::CODES];
