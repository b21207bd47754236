//! The stateless `winning_move(position)` of the public API: any position of
//! any game in, a winning move out.
//!
//! A full Chomp rectangle up to 20×20 is answered from the opening book
//! ([`crate::chomp::book`]) at once. Otherwise it keeps one cache, the only
//! state outside a session: the last Chomp box it solved (one box, replaced
//! by the next box it needs; at most [`ORACLE_SOLVE_LIMIT`] bits, 256 MiB)
//! and the Grundy values up to the largest heap it was asked about (two
//! bytes per heap size). Game sessions never share it.

use crate::chomp::{self, Engine, Move, Position, Solution};
use crate::error::{Coded, Report};
use crate::grundy::{self, GrundyTable, Split};
use std::cell::RefCell;
use std::fmt;

/// Why no winning move can be given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OracleError {
    /// Past exact reach, no winning move is known (there may be one).
    Unknown,
}

impl fmt::Display for OracleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "this position is past exact reach: no winning move is known and it may have none",
        )
    }
}

impl Coded for OracleError {
    fn code(&self) -> &'static str {
        "oracle.unknown"
    }
    fn params(&self) -> crate::error::Params {
        vec![]
    }
}

/// Largest box the oracle solves for one position: 2^31 positions (16×16),
/// as before the solver reached 17×18. A 17×18 box is a minute and 567 MB in
/// a browser: a page may choose that for a game, a one-off call should not
/// do it unasked; past this bound it answers by open play.
pub const ORACLE_SOLVE_LIMIT: u64 = 1 << 31;

/// Codes of [`OracleError`].
pub const CODES: &[&str] = &["oracle.unknown"];

#[derive(Default)]
struct Cache {
    chomp: Option<Solution>,
    grundy: GrundyTable,
}

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Cache::default());
}

/// A winning move from a Chomp position, `None` when it is in the kernel.
/// A full rectangle in the opening book gets the book's first winning move
/// (the same move a solve would give: the first row by row). Otherwise solves
/// the position's smallest box the first time (then answers from memory);
/// past the exact box, the three-row table or open play, which may not know.
pub fn chomp_winning_move(position: &Position) -> Result<Option<Move>, Report> {
    let rectangle = position.rows().iter().all(|&len| len == position.width());
    if rectangle {
        if let Some(entry) = chomp::book::lookup(position.height(), position.width()) {
            match entry.moves.first() {
                Some(&m) => return Ok(Some(m)),
                // Only 1×1 has no winning move, and it is in the kernel.
                None if entry.complete => return Ok(None),
                None => {}
            }
        }
    }
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if !cache.chomp.as_ref().is_some_and(|s| s.covers(position)) {
            cache.chomp = None; // one table at a time
            let (h, w) = (position.height(), position.width());
            let small =
                chomp::BoxRanker::new(h, w).is_some_and(|r| r.total() <= ORACLE_SOLVE_LIMIT);
            if small {
                cache.chomp = Solution::solve(h, w, &mut |_, _| {}).ok();
            }
        }
        if let Some(s) = &cache.chomp {
            let v = chomp::analyze(s, position).map_err(|e| Report::of(&e))?;
            return Ok(v.winning_moves().next());
        }
        let mut engine = Engine::new(position.height(), position.width(), 0, &mut |_, _| {})
            .map_err(|e| Report::of(&e))?;
        let v = engine.verdict(position).map_err(|e| Report::of(&e))?;
        let first = v.winning_moves().next();
        match first {
            Some(m) => Ok(Some(m)),
            None if v.outcome == Some(chomp::Outcome::P) => Ok(None),
            None => Err(Report::of(&OracleError::Unknown)),
        }
    })
}

/// A winning split of a list of heaps, `None` when the nim-sum is 0.
pub fn grundy_winning_move(heaps: &[u32]) -> Result<Option<Split>, Report> {
    CACHE.with(|cache| {
        grundy::play::winning_move(&mut cache.borrow_mut().grundy, heaps)
            .map_err(|e| Report::of(&e))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_from_one_cached_box() {
        let p = Position::new(&[7, 7]).unwrap();
        assert_eq!(chomp_winning_move(&p), Ok(Some(Move { row: 2, col: 7 })));
        assert_eq!(
            chomp_winning_move(&Position::new(&[2, 1]).unwrap()),
            Ok(None)
        );
        // Another box replaces the first one.
        let two = Position::new(&[1000, 999]).unwrap();
        assert_eq!(chomp_winning_move(&two), Ok(None));
        CACHE.with(|c| assert_eq!(c.borrow().chomp.as_ref().map(|s| s.cols()), Some(1000)));
        // A book rectangle: answered without touching the cache.
        let big = Position::rectangle(19, 20).unwrap();
        let first = chomp::book::winning_first_moves(19, 20).unwrap()[0];
        assert_eq!(chomp_winning_move(&big), Ok(Some(first)));
        assert_eq!(
            chomp_winning_move(&Position::rectangle(20, 20).unwrap()),
            Ok(Some(Move { row: 2, col: 2 }))
        );
        assert_eq!(
            chomp_winning_move(&Position::rectangle(1, 1).unwrap()),
            Ok(None)
        );
        CACHE.with(|c| assert_eq!(c.borrow().chomp.as_ref().map(|s| s.cols()), Some(1000)));
        // Past the oracle's own bound: open play, no 2.3 G-position solve.
        let mut rows = vec![17; 16];
        rows.push(16);
        let past = Position::new(&rows).unwrap();
        let m = chomp_winning_move(&past).unwrap().unwrap();
        let after = past.play(m).unwrap();
        assert_eq!(chomp_winning_move(&after), Ok(None), "{m:?}");
        CACHE.with(|c| assert!(c.borrow().chomp.is_none()));
        assert_eq!(
            grundy_winning_move(&[7, 3]),
            Ok(Some(Split {
                heap: 1,
                big: 2,
                small: 1
            }))
        );
        assert_eq!(grundy_winning_move(&[7]), Ok(None));
    }
}
