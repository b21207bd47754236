//! Chomp: a bar of `rows × cols` squares whose top-left square is poisoned.
//!
//! A move picks a remaining square `(r, c)` (1-indexed, row 1 on top, column 1
//! on the left) and eats it together with every square below and to the right
//! of it. Eating the poisoned square loses, so the position where only the
//! poisoned square remains is lost for the player to move: it is the only sink
//! of the game graph and belongs to the kernel (the P-positions).

pub mod analysis;
pub mod book;
mod engine;
mod nimbers;
mod notation;
mod play;
mod position;
mod rank;
pub mod session;
pub mod settings;
mod solver;
pub mod stealing;
mod three_rows;
mod walk;

pub use engine::{downset_size, Engine, Source, MEMO_LIMIT};
pub use nimbers::{NimberTable, NimbersTooBig, MAX_POSITIONS as MAX_NIMBER_POSITIONS};
pub use notation::{
    format_columns, format_rows, parse_columns, parse_rows, ParseError, ParseErrorKind, Unit,
};
pub use play::{analyze, choose, Choice, Level, MoveValue, Verdict};
pub use position::{Move, Position, PositionError, MAX_SIDE};
pub use rank::BoxRanker;
pub use session::Session;
pub use solver::{Outcome, Solution, SolveError, SolveJob, MAX_SOLVE_POSITIONS, REMOTENESS_LIMIT};
pub use three_rows::ThreeRows;

/// Every error code of this module, for [`crate::codes::all_codes`].
pub const ERROR_CODES: &[&[&str]] = &[
    position::CODES,
    notation::CODES,
    solver::CODES,
    settings::CODES,
    analysis::CODES,
    nimbers::CODES,
    stealing::CODES,
    session::CODES,
];
