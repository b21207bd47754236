//! One object that answers for any board the page offers, exactly when it
//! can and honestly when it cannot.
//!
//! * **Box**: the whole box solved in advance (see `solver`).
//! * **Three rows** (or three columns, by transposition): the tail table of
//!   `three_rows`, exact at any width.
//! * **Open** (boards past the exact range): per position, in order
//!   1. closed forms — two rows (P iff `a = b + 1`), L-shapes (P iff the arms
//!      are equal: the mirror strategy), the full square (N, by (2, 2));
//!   2. the smallest box holding the position, solved exactly when it has at
//!      most [`SUBBOX_LIMIT`] positions (kept for the next moves);
//!   3. a memoised search of the position's down-set when it has at most
//!      [`DOWNSET_LIMIT`] positions;
//!   4. a search bounded by [`SEARCH_BUDGET`] positions: whatever it proves
//!      is exact; the rest is reported as unknown.

use super::play::{choose, Choice, Level, MoveValue, Verdict};
use super::position::{Move, Position, PositionError};
use super::rank::binomial;
use super::solver::{Outcome, Solution, SolveError, REMOTENESS_LIMIT};
use super::three_rows::ThreeRows;
use std::collections::HashMap;
use std::rc::Rc;

/// Largest box solved on the fly for a position of an open board.
pub const SUBBOX_LIMIT: u64 = 1 << 24;
/// Largest down-set searched exhaustively.
pub const DOWNSET_LIMIT: u64 = 1 << 21;
/// Positions a bounded search may settle before giving up.
pub const SEARCH_BUDGET: usize = 1 << 16;
/// Widest open board (neither solved in advance nor three rows): per-move
/// answers look at every move, so the board must stay small enough for that.
pub const OPEN_MAX_SIDE: usize = 40;

/// How the engine answers.
#[derive(Debug)]
enum Kind {
    /// Shared, so a caller can keep answering from the table without a copy.
    Box(Rc<Solution>),
    ThreeRows {
        table: ThreeRows,
        transposed: bool,
    },
    Open {
        cache: Option<Solution>,
    },
}

/// An engine for a `rows × cols` board.
#[derive(Debug)]
pub struct Engine {
    rows: usize,
    cols: usize,
    kind: Kind,
}

/// Positions of the smallest box holding `p`.
fn box_positions(p: &Position) -> Option<u64> {
    binomial((p.height() + p.width()) as u64, p.height() as u64)
}

/// Number of positions contained in `p` (its down-set), the empty board
/// included, saturating at `u64::MAX`.
pub fn downset_size(p: &Position) -> u64 {
    // ways[v] = sub-diagrams of the rows so far whose last row has length v.
    let w = p.width();
    let mut ways = vec![0u64; w + 1];
    for way in ways.iter_mut().take(p.rows()[0] + 1) {
        *way = 1;
    }
    for &len in &p.rows()[1..] {
        let mut next = vec![0u64; w + 1];
        let mut acc = 0u64;
        // next[v] = Σ ways[u] for u ≥ v, v ≤ len.
        for v in (0..=w).rev() {
            acc = acc.saturating_add(ways[v]);
            if v <= len {
                next[v] = acc;
            }
        }
        ways = next;
    }
    ways.iter().fold(0u64, |a, &b| a.saturating_add(b))
}

/// Exact outcome from a closed form, when one applies.
fn closed_form(p: &Position) -> Option<Outcome> {
    let rows = p.rows();
    let pick = |is_p: bool| Some(if is_p { Outcome::P } else { Outcome::N });
    if rows.len() == 1 {
        return pick(rows[0] == 1);
    }
    if rows.len() == 2 {
        return pick(rows[0] == rows[1] + 1);
    }
    if rows[0] <= 2 {
        // Two columns: the transpose of two rows.
        let cols = p.columns();
        return pick(cols.len() == 2 && cols[0] == cols[1] + 1);
    }
    if rows[1] == 1 {
        // L-shape: arm lengths along row 1 and column 1, poison shared.
        return pick(rows[0] == rows.len());
    }
    if rows.len() == rows[0] && rows.iter().all(|&len| len == rows[0]) {
        return Some(Outcome::N); // full square: (2, 2) leaves an equal L
    }
    None
}

/// A memoised search with an optional budget of settled positions.
struct Search {
    memo: HashMap<Position, bool>,
    budget: usize,
}

impl Search {
    /// Whether `p` is P, or `None` once the budget is spent.
    fn is_p(&mut self, p: &Position) -> Option<bool> {
        if let Some(&v) = self.memo.get(p) {
            return Some(v);
        }
        if let Some(o) = closed_form(p) {
            return Some(o == Outcome::P);
        }
        if self.memo.len() >= self.budget {
            return None;
        }
        let mut unknown = false;
        // Bigger bites first: they reach small positions, settled quickly.
        let mut moves: Vec<Move> = p.moves().collect();
        moves
            .sort_by_key(|m| std::cmp::Reverse((p.height() - m.row + 1) * (p.width() - m.col + 1)));
        for mv in moves {
            match self.is_p(&p.play(mv).expect("legal move")) {
                Some(true) => {
                    self.memo.insert(p.clone(), false);
                    return Some(false);
                }
                Some(false) => {}
                None => unknown = true,
            }
        }
        if unknown {
            return None;
        }
        self.memo.insert(p.clone(), true);
        Some(true)
    }
}

impl Engine {
    /// An engine for a `rows × cols` board: the whole box solved with
    /// remoteness when it is small, else the three-row table when a side is at
    /// most 3, else the whole box as outcome bits when it has at most
    /// `exact_limit` positions, else open play (sides up to [`OPEN_MAX_SIDE`]).
    /// `progress` follows a box solve.
    pub fn new(
        rows: usize,
        cols: usize,
        exact_limit: u64,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Engine, SolveError> {
        if rows == 0 || cols == 0 {
            return Err(SolveError::EmptyBox);
        }
        let positions = binomial((rows + cols) as u64, rows as u64);
        let within = |limit: u64| positions.is_some_and(|p| p <= limit.min(exact_limit));
        let kind = match () {
            // Small boxes keep remoteness, the best guide for the computer.
            _ if within(REMOTENESS_LIMIT) => {
                Kind::Box(Rc::new(Solution::solve(rows, cols, progress)?))
            }
            // Thin boards: the tail table is exact and far smaller than the box.
            _ if rows.min(cols) <= 3 => {
                let transposed = rows > cols;
                Kind::ThreeRows {
                    table: ThreeRows::new(rows.max(cols)),
                    transposed,
                }
            }
            _ if within(u64::MAX) => Kind::Box(Rc::new(Solution::solve(rows, cols, progress)?)),
            _ if rows.max(cols) <= OPEN_MAX_SIDE => Kind::Open { cache: None },
            _ => {
                return Err(SolveError::TooLarge {
                    rows,
                    cols,
                    positions,
                })
            }
        };
        Ok(Engine { rows, cols, kind })
    }

    /// Rows of the board.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The solved box, when the whole board was solved.
    pub fn solution(&self) -> Option<&Rc<Solution>> {
        match &self.kind {
            Kind::Box(s) => Some(s),
            _ => None,
        }
    }

    /// "box", "three-rows" or "open".
    pub fn kind_name(&self) -> &'static str {
        match self.kind {
            Kind::Box(_) => "box",
            Kind::ThreeRows { .. } => "three-rows",
            Kind::Open { .. } => "open",
        }
    }

    /// What is known of `position` and of each of its moves.
    pub fn verdict(&mut self, position: &Position) -> Result<Verdict, PositionError> {
        position.check_fits(self.rows, self.cols)?;
        match &mut self.kind {
            Kind::Box(s) => super::play::analyze(s, position),
            Kind::ThreeRows { table, transposed } => {
                let is_p = |p: &Position| {
                    if *transposed {
                        table.is_p(p.transpose().rows())
                    } else {
                        table.is_p(p.rows())
                    }
                };
                exact_by(position, is_p)
            }
            Kind::Open { cache } => open_verdict(cache, position),
        }
    }
}

impl Engine {
    /// The computer's move at `level` (`random` in [0, 1) drives its choices),
    /// or `None` when only the poison is left.
    pub fn computer_move(
        &mut self,
        position: &Position,
        level: Level,
        random: f64,
    ) -> Result<Option<Choice>, PositionError> {
        let verdict = self.verdict(position)?;
        self.choose(position, &verdict, level, random)
    }

    /// The computer's move from an already computed verdict of `position`.
    pub fn choose(
        &self,
        position: &Position,
        verdict: &Verdict,
        level: Level,
        random: f64,
    ) -> Result<Option<Choice>, PositionError> {
        match &self.kind {
            Kind::Box(s) => {
                let replies = |p: &Position| super::play::winning_replies(s, p);
                choose(position, verdict, level, random, Some(&replies))
            }
            _ => choose(position, verdict, level, random, None),
        }
    }

    /// True when a verdict costs little (a table look-up per move), so it can
    /// be asked for every move played.
    pub fn verdicts_are_cheap(&self) -> bool {
        !matches!(self.kind, Kind::Open { .. })
    }
}

/// A verdict from an exact P-test of positions.
fn exact_by(
    position: &Position,
    mut is_p: impl FnMut(&Position) -> bool,
) -> Result<Verdict, PositionError> {
    let mut moves = Vec::new();
    for mv in position.moves() {
        let child = position.play(mv)?;
        let win = is_p(&child);
        moves.push(MoveValue {
            mv,
            winning: Some(win),
            remoteness: None,
            squares_left: child.squares(),
        });
    }
    let outcome = if is_p(position) {
        Outcome::P
    } else {
        Outcome::N
    };
    Ok(Verdict {
        outcome: Some(outcome),
        moves,
        remoteness: None,
        exact: true,
    })
}

fn open_verdict(
    cache: &mut Option<Solution>,
    position: &Position,
) -> Result<Verdict, PositionError> {
    // 2. A small enough box holding the position: solve it once, keep it.
    if cache.as_ref().is_some_and(|s| s.covers(position))
        || box_positions(position).is_some_and(|n| n <= SUBBOX_LIMIT)
    {
        if !cache.as_ref().is_some_and(|s| s.covers(position)) {
            let solved = Solution::solve(position.height(), position.width(), &mut |_, _| {})
                .expect("box within the limit");
            *cache = Some(solved);
        }
        let s = cache.as_ref().expect("just filled");
        return super::play::analyze(s, position);
    }
    // 1 and 3. Closed forms inside a search: exhaustive on a small down-set,
    // bounded otherwise.
    let budget = if downset_size(position) <= DOWNSET_LIMIT {
        usize::MAX
    } else {
        SEARCH_BUDGET
    };
    let mut search = Search {
        memo: HashMap::new(),
        budget,
    };
    let mut moves = Vec::new();
    let mut all_known = true;
    let mut any_win = false;
    // The mirror strategy's move on a full square is known to win.
    let square_move = (closed_form(position) == Some(Outcome::N) && position.rows()[1] > 1)
        .then_some(Move { row: 2, col: 2 });
    for mv in position.moves() {
        let child = position.play(mv)?;
        let value = if Some(mv) == square_move {
            Some(true)
        } else {
            search.is_p(&child)
        };
        all_known &= value.is_some();
        any_win |= value == Some(true);
        moves.push(MoveValue {
            mv,
            winning: value,
            remoteness: None,
            squares_left: child.squares(),
        });
    }
    let outcome = if any_win {
        Some(Outcome::N)
    } else if all_known {
        Some(Outcome::P)
    } else {
        None
    };
    Ok(Verdict {
        outcome,
        moves,
        remoteness: None,
        exact: all_known,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn downset_sizes() {
        // A full m×n box holds C(m+n, m) positions, the empty one included.
        for (m, n) in [(1, 1), (2, 3), (4, 4), (5, 7)] {
            let p = Position::rectangle(m, n).unwrap();
            assert_eq!(
                downset_size(&p),
                binomial((m + n) as u64, m as u64).unwrap()
            );
        }
        // Staircase [3, 2, 1]: 14 sub-diagrams... counted by hand: Catalan(4) = 14.
        assert_eq!(downset_size(&Position::new(&[3, 2, 1]).unwrap()), 14);
        assert_eq!(
            downset_size(&Position::rectangle(30, 30).unwrap()),
            binomial(60, 30).unwrap()
        );
    }

    #[test]
    fn closed_forms_agree_with_the_solver() {
        let s = Solution::solve(9, 9, &mut |_, _| {}).unwrap();
        let mut rows = vec![0; 9];
        let mut checked = 0;
        while crate::chomp::rank::next_in_rank_order(&mut rows, 9) {
            let p = Position::new(&rows).unwrap();
            if let Some(o) = closed_form(&p) {
                assert_eq!(o, s.outcome(&p).unwrap(), "{p}");
                checked += 1;
            }
        }
        assert!(checked >= 150, "{checked}");
    }

    #[test]
    fn three_row_engine_is_exact_at_width_1000() {
        let mut e = Engine::new(3, 1000, 1 << 20, &mut |_, _| {}).unwrap();
        assert_eq!(e.kind_name(), "three-rows");
        let v = e.verdict(&Position::rectangle(3, 1000).unwrap()).unwrap();
        assert!(v.exact);
        assert_eq!(v.outcome, Some(Outcome::N));
        assert_eq!(v.winning_moves().count(), 1);
        // Transposed: 1000 rows of 3.
        let mut t = Engine::new(1000, 3, 1 << 20, &mut |_, _| {}).unwrap();
        let v = t.verdict(&Position::rectangle(1000, 3).unwrap()).unwrap();
        assert_eq!(v.winning_moves().count(), 1);
    }

    #[test]
    fn computer_on_open_boards_wins_by_closed_forms_and_admits_doubt() {
        let mut e = Engine::new(30, 30, 1 << 20, &mut |_, _| {}).unwrap();
        let full = Position::rectangle(30, 30).unwrap();
        let c = e
            .computer_move(&full, Level::Perfect, 0.5)
            .unwrap()
            .unwrap();
        assert_eq!(
            c,
            Choice {
                mv: Move { row: 2, col: 2 },
                sure: true
            }
        );
        // After (2, 2) the opponent's every move from the equal L loses; the
        // computer mirrors it and stays exact to the end.
        let mut p = full.play(c.mv).unwrap();
        p = p.play(Move { row: 1, col: 21 }).unwrap();
        let reply = e.computer_move(&p, Level::Perfect, 0.5).unwrap().unwrap();
        assert!(reply.sure);
        assert_eq!(reply.mv, Move { row: 21, col: 1 });
        // Deep in an unknown position it says it is not sure.
        let big = full.play(Move { row: 30, col: 30 }).unwrap();
        let c = e.computer_move(&big, Level::Perfect, 0.5).unwrap().unwrap();
        let v = e.verdict(&big).unwrap();
        if !v.exact && v.outcome.is_none() {
            assert!(!c.sure);
        }
    }

    #[test]
    fn open_engine_is_exact_where_it_can_be_and_honest_elsewhere() {
        let mut e = Engine::new(30, 30, 1 << 20, &mut |_, _| {}).unwrap();
        assert_eq!(e.kind_name(), "open");
        // The full square: (2, 2) is known to win; other moves may be unknown.
        let full = Position::rectangle(30, 30).unwrap();
        let v = e.verdict(&full).unwrap();
        assert_eq!(v.outcome, Some(Outcome::N));
        let known: Vec<Move> = v.winning_moves().collect();
        assert!(known.contains(&Move { row: 2, col: 2 }));
        // An equal L-shape is P by the mirror strategy, exactly.
        let mut l = vec![30];
        l.extend(std::iter::repeat_n(1, 29));
        let v = e.verdict(&Position::new(&l).unwrap()).unwrap();
        assert!(v.exact);
        assert_eq!(v.outcome, Some(Outcome::P));
        // A position inside a small box is solved exactly on the fly.
        let small = Position::new(&[12, 10, 9, 9, 5, 2, 1]).unwrap();
        let v = e.verdict(&small).unwrap();
        assert!(v.exact);
        let s = Solution::solve(7, 12, &mut |_, _| {}).unwrap();
        assert_eq!(v.outcome, Some(s.outcome(&small).unwrap()));
        // A thin position with a small down-set but a huge box: exhaustive search.
        let thin = Position::new(&[
            30, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
            1,
        ])
        .unwrap();
        assert!(downset_size(&thin) <= DOWNSET_LIMIT);
        assert!(box_positions(&thin).unwrap() > SUBBOX_LIMIT);
        let v = e.verdict(&thin).unwrap();
        assert!(v.exact);
        // Checked against a brute-force search with no budget.
        let mut brute = Search {
            memo: HashMap::new(),
            budget: usize::MAX,
        };
        let want = if brute.is_p(&thin) == Some(true) {
            Outcome::P
        } else {
            Outcome::N
        };
        assert_eq!(v.outcome, Some(want));
        // A big position: whatever is claimed is consistent, the rest unknown.
        let big = full.play(Move { row: 30, col: 30 }).unwrap();
        let v = e.verdict(&big).unwrap();
        assert!(!v.exact || v.outcome.is_some());
        // Wider than open play allows, and not three rows: refused, clearly.
        let err = Engine::new(50, 50, 1 << 20, &mut |_, _| {}).unwrap_err();
        assert!(err.to_string().contains("50×50"), "{err}");
    }
}
