//! Gale's strategy-stealing argument, played out by the solver on one bar.
//!
//! Davalan's text proves that the first player wins on any full rectangle A
//! of more than one square: bite only the far corner, leaving B. Either B is
//! losing for the player to move, and the corner bite wins; or the opponent
//! has a winning reply from B, leading to a losing position C — and every
//! position reachable from B is reachable from A (eating a square of B also
//! eats the corner, which is below and right of every square), so the first
//! player could have played that same square from A and "stolen" the win.
//! The proof never says which case holds; the solver does, and this module
//! returns the argument's steps with the squares involved, for the page to
//! show on two bars side by side.

use super::engine::Engine;
use super::position::{Move, Position};
use super::solver::Outcome;
use crate::error::{Coded, Params};
use serde::Serialize;
use std::fmt;

/// The argument on one rectangle, as the solver settles it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stealing {
    /// Rows of the full bar A.
    pub rows: usize,
    /// Columns of the full bar A.
    pub cols: usize,
    /// The far corner: the only square the first bite eats.
    pub corner: Move,
    /// B: row lengths of A without its corner.
    pub after_corner: Vec<usize>,
    /// Whether B is losing for the player to move (in the kernel): then the
    /// corner bite is itself a winning first move.
    pub corner_wins: bool,
    /// When it is not: the opponent's winning reply from B (the first in
    /// row order), which the first player steals by eating it from A.
    pub reply: Option<Move>,
    /// C: the losing position the reply leaves, the same from B and from A.
    pub after_reply: Option<Vec<usize>>,
    /// Every winning first move of A, row by row: the proof says one
    /// exists; only the solver says which.
    pub winning: Vec<Move>,
}

/// Why the argument cannot be shown on a bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StealingError {
    /// A 1 × 1 bar: the first player has no move at all (the argument needs
    /// at least two squares).
    OneSquare,
    /// The bar is past exact solving: the solver cannot say whether B loses.
    NotExact {
        /// Rows of the bar.
        rows: usize,
        /// Columns of the bar.
        cols: usize,
    },
}

impl fmt::Display for StealingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StealingError::OneSquare => f.write_str(
                "a bar of one square has no move: the first player loses at once, and the argument needs at least two squares",
            ),
            StealingError::NotExact { rows, cols } => write!(
                f,
                "the {rows} × {cols} bar is past exact solving: the solver cannot say whether biting the corner loses"
            ),
        }
    }
}

impl std::error::Error for StealingError {}

impl Coded for StealingError {
    fn code(&self) -> &'static str {
        match self {
            StealingError::OneSquare => "stealing.one_square",
            StealingError::NotExact { .. } => "stealing.not_exact",
        }
    }
    fn params(&self) -> Params {
        match *self {
            StealingError::OneSquare => vec![],
            StealingError::NotExact { rows, cols } => {
                vec![("rows", rows.into()), ("cols", cols.into())]
            }
        }
    }
}

/// Codes of [`StealingError`].
pub const CODES: &[&str] = &["stealing.one_square", "stealing.not_exact"];

/// The argument on the full bar of `engine`'s box, asking `engine` whether
/// the corner bite loses, for the opponent's reply and for A's winning moves;
/// refused on boards the engine plays per position (past the exact range).
pub fn explain(engine: &mut Engine) -> Result<Stealing, StealingError> {
    let (rows, cols) = (engine.rows(), engine.cols());
    let not_exact = StealingError::NotExact { rows, cols };
    if rows * cols < 2 {
        return Err(StealingError::OneSquare);
    }
    // Past the exact range a verdict is a bounded search that may not
    // settle B: the argument is only shown where the solver is sure.
    if engine.kind_name() == "open" {
        return Err(not_exact);
    }
    let full = Position::rectangle(rows, cols).map_err(|_| not_exact)?;
    let corner = Move {
        row: rows,
        col: cols,
    };
    let b = full.play(corner).map_err(|_| not_exact)?;
    let verdict_b = engine.verdict(&b).map_err(|_| not_exact)?;
    let verdict_a = engine.verdict(&full).map_err(|_| not_exact)?;
    if !verdict_b.exact || !verdict_a.exact {
        return Err(not_exact);
    }
    let corner_wins = match verdict_b.outcome {
        Some(o) => o == Outcome::P,
        None => return Err(not_exact),
    };
    let (reply, after_reply) = if corner_wins {
        (None, None)
    } else {
        let mv = verdict_b.winning_moves().next().ok_or(not_exact)?;
        let c = b.play(mv).map_err(|_| not_exact)?;
        (Some(mv), Some(c.rows().to_vec()))
    };
    Ok(Stealing {
        rows,
        cols,
        corner,
        after_corner: b.rows().to_vec(),
        corner_wins,
        reply,
        after_reply,
        winning: verdict_a.winning_moves().collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine(rows: usize, cols: usize) -> Engine {
        Engine::new(rows, cols, 1 << 24, &mut |_, _| {}).unwrap()
    }

    #[test]
    fn the_corner_bite_wins_on_two_rows() {
        // 2 × n: B = [n, n − 1] is in the kernel.
        let s = explain(&mut engine(2, 5)).unwrap();
        assert!(s.corner_wins);
        assert_eq!(s.corner, Move { row: 2, col: 5 });
        assert_eq!(s.after_corner, [5, 4]);
        assert_eq!((s.reply, s.after_reply), (None, None));
        assert_eq!(s.winning, [Move { row: 2, col: 5 }]);
    }

    #[test]
    fn the_reply_is_stolen_on_squares_and_on_4x7() {
        let s = explain(&mut engine(3, 3)).unwrap();
        assert!(!s.corner_wins);
        assert_eq!(s.after_corner, [3, 3, 2]);
        assert_eq!(s.winning, [Move { row: 2, col: 2 }]);
        let reply = s.reply.unwrap();
        assert!(s.winning.contains(&reply));
        let s = explain(&mut engine(4, 7)).unwrap();
        assert!(!s.corner_wins);
        assert_eq!(s.winning, [Move { row: 3, col: 4 }]);
        assert_eq!(s.reply, Some(Move { row: 3, col: 4 }));
        assert_eq!(s.after_reply.as_deref(), Some(&[7, 7, 3, 3][..]));
    }

    #[test]
    fn every_rectangle_up_to_9x9_and_a_thin_one_follow_the_argument() {
        for rows in 1..=9 {
            for cols in 1..=9 {
                if rows * cols == 1 {
                    assert_eq!(
                        explain(&mut engine(1, 1)).unwrap_err(),
                        StealingError::OneSquare
                    );
                    continue;
                }
                let s = explain(&mut engine(rows, cols)).unwrap();
                let full = Position::rectangle(rows, cols).unwrap();
                assert!(!s.winning.is_empty(), "{rows}×{cols}");
                if s.corner_wins {
                    assert!(s.winning.contains(&s.corner));
                } else {
                    // The stolen square: from A it leaves the same C as from B.
                    let reply = s.reply.unwrap();
                    let b = Position::new(&s.after_corner).unwrap();
                    let c = s.after_reply.clone().unwrap();
                    assert_eq!(b.play(reply).unwrap().rows(), &c[..]);
                    assert_eq!(full.play(reply).unwrap().rows(), &c[..]);
                    assert!(s.winning.contains(&reply));
                    assert!(!s.winning.contains(&s.corner));
                }
            }
        }
        let s = explain(&mut engine(3, 200)).unwrap();
        assert_eq!(s.after_corner, [200, 200, 199]);
        assert!(!s.winning.is_empty());
    }

    #[test]
    fn past_exact_reach_it_says_so() {
        // A limit below the box's size: the engine plays it per position.
        let mut open = Engine::new(20, 20, 1 << 20, &mut |_, _| {}).unwrap();
        assert_eq!(open.kind_name(), "open");
        let e = explain(&mut open).unwrap_err();
        assert_eq!(e.code(), "stealing.not_exact");
        assert!(e.to_string().contains("20 × 20"), "{e}");
    }
}
