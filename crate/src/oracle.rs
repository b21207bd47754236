//! The stateless `winning_move(position)` of the public API: any position of
//! any game in, a winning move out.
//!
//! A full Chomp rectangle up to 20×20 is answered from the opening book
//! ([`crate::chomp::book`]) at once. Otherwise it keeps one cache, the only
//! state outside a session: the last Chomp box it solved (one box, replaced
//! by the next box it needs; at most [`ORACLE_SOLVE_LIMIT`] bits, 256 MiB)
//! and the values of the last heap rule asked in normal play, up to the
//! largest heap it was asked about (Grundy's game: two bytes per heap
//! size). A misère position is solved by search each time, within its
//! bounds. Game sessions never share it.

use crate::chomp::{self, Engine, Move, Position, Solution};
use crate::error::{Coded, Report};
use crate::grundy::{check_heaps, HeapMove, Rule, Solver, Split};
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

/// Largest Grundy heap the stateless call takes: its values up to 2^20 take
/// about 2 s the first time in a browser (then come from memory), and the
/// call has no progress and no Cancel. A game session goes to
/// [`crate::grundy::MAX_HEAP`] with both.
pub const ORACLE_MAX_HEAP: u32 = 1 << 20;

/// Codes of [`OracleError`].
pub const CODES: &[&str] = &["oracle.unknown"];

#[derive(Default)]
struct Cache {
    chomp: Option<Solution>,
    heaps: Option<Solver>,
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
    // A tall position is answered as its transpose (the same game): the box
    // solver and the thin-board table both go fast along rows and slowly
    // down columns (999 rows of 3 took 97 s, 3 rows of 1,000 half a second).
    if position.height() > position.width() {
        // The first winning move row by row is the least of the transposed ones.
        let moves = winning_moves(&position.transpose())?;
        return Ok(moves
            .iter()
            .map(|m| Move {
                row: m.col,
                col: m.row,
            })
            .min());
    }
    Ok(winning_moves(position)?.first().copied())
}

/// Every winning move from `position` (at least the first one when they are
/// found one by one), in row-major order; empty when it is lost.
fn winning_moves(position: &Position) -> Result<Vec<Move>, Report> {
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
            return Ok(v.winning_moves().collect());
        }
        let mut engine = Engine::new(position.height(), position.width(), 0, &mut |_, _| {})
            .map_err(|e| Report::of(&e))?;
        let v = engine.verdict(position).map_err(|e| Report::of(&e))?;
        let moves: Vec<Move> = v.winning_moves().collect();
        if moves.is_empty() && v.outcome != Some(chomp::Outcome::P) {
            return Err(Report::of(&OracleError::Unknown));
        }
        Ok(moves)
    })
}

/// A winning split of a list of heaps of Grundy's game, `None` when the
/// nim-sum is 0.
pub fn grundy_winning_move(heaps: &[u32]) -> Result<Option<Split>, Report> {
    let mv = heaps_winning_move(Rule::Grundy, false, heaps)?;
    Ok(mv.map(|m| Split {
        heap: m.heap,
        big: m.big,
        small: m.small,
    }))
}

/// A winning move of `rule` from a list of heaps (its `heap` the place in
/// the list), `None` when the player to move loses: in normal play from
/// the heaps' values (kept for the rule), in misère play by a search of
/// every position it reaches, within [`crate::grundy::MISERE_MAX_TOKENS`] and
/// [`crate::grundy::MISERE_MAX_POSITIONS`] (Nim's by Bouton's rule, at any size).
pub fn heaps_winning_move(
    rule: Rule,
    misere: bool,
    heaps: &[u32],
) -> Result<Option<HeapMove>, Report> {
    check_heaps(heaps).map_err(|e| Report::of(&e))?;
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        // Normal play keeps the rule's values; a misère search is not kept.
        if misere
            || cache
                .heaps
                .as_ref()
                .is_none_or(|s| s.rule() != rule || s.misere())
        {
            cache.heaps = Some(Solver::new(rule, misere));
        }
        let solver = cache.heaps.as_mut().ok_or(OracleError::Unknown);
        let answer = solver.map_err(|e| Report::of(&e)).and_then(|s| {
            s.prepare(heaps, &mut |_| true)
                .map(|()| s.winning(heaps))
                .map_err(|e| Report::of(&e))
        });
        if misere {
            cache.heaps = None;
        }
        answer
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

    #[test]
    fn heaps_of_any_rule_in_both_plays() {
        let kayles = Rule::parse("kayles").unwrap();
        // Kayles 4 (G = 1) and 1 (G = 1): lost; 4 alone: take the middle two.
        assert_eq!(heaps_winning_move(kayles, false, &[4, 1]), Ok(None));
        let mv = heaps_winning_move(kayles, false, &[4]).unwrap().unwrap();
        assert_eq!((mv.take, mv.big, mv.small), (2, 1, 1));
        // Marienbad is lost for the first player; 21 matches taking 1–3 too.
        assert_eq!(heaps_winning_move(Rule::Nim, true, &[1, 3, 5, 7]), Ok(None));
        let matches = Rule::parse("0.333").unwrap();
        assert_eq!(heaps_winning_move(matches, true, &[21]), Ok(None));
        let mv = heaps_winning_move(matches, true, &[20]).unwrap().unwrap();
        assert_eq!((mv.heap, mv.take, mv.big), (0, 3, 17));
        // Bounds and bad lists, coded.
        let code = |r: Result<Option<HeapMove>, Report>| r.unwrap_err().code;
        assert_eq!(
            code(heaps_winning_move(kayles, true, &[40, 30])),
            "misere.tokens"
        );
        assert_eq!(code(heaps_winning_move(kayles, false, &[])), "heaps.none");
        assert_eq!(
            code(heaps_winning_move(kayles, false, &[0])),
            "heaps.empty_heap"
        );
        // The Grundy answers did not change with the cache's rule.
        assert_eq!(grundy_winning_move(&[7]), Ok(None));
    }

    #[test]
    fn a_tall_position_is_answered_as_its_transpose() {
        // 60 rows of 3 and a row of 1: the box kept is 3 × 61, not 61 × 3
        // (999 rows of 3 once took 97 s where 3 rows of 1,000 take 0.5 s).
        let mut rows = vec![3; 60];
        rows.push(1);
        let tall = Position::new(&rows).unwrap();
        let m = chomp_winning_move(&tall).unwrap().unwrap();
        CACHE.with(|c| {
            let cache = c.borrow();
            let s = cache.chomp.as_ref().unwrap();
            assert_eq!((s.rows(), s.cols()), (3, 61));
        });
        // The move wins: what it leaves is lost (asked of the wide box too),
        // and it is the first winning move row by row, as for a wide position.
        let after = tall.play(m).unwrap();
        assert_eq!(chomp_winning_move(&after), Ok(None), "{m:?}");
        let first = crate::chomp::Engine::new(61, 3, 1 << 24, &mut |_, _| {})
            .unwrap()
            .verdict(&tall)
            .unwrap()
            .winning_moves()
            .next();
        assert_eq!(Some(m), first);
        // A thin column of 1,000 rows: three rows' table, transposed.
        let mut rows = vec![3; 999];
        rows.push(1);
        let m = chomp_winning_move(&Position::new(&rows).unwrap()).unwrap();
        assert!(m.is_some_and(|m| m.col <= 3));
    }
}
