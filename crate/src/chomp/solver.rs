//! Exact solution of every position of a box, by one pass in rank order.
//!
//! For each position the pass looks at every move, computing the successor's
//! rank in O(1): eating `(r, c)` shortens rows `r..=h` (h = height of column
//! `c`) to `c - 1`, so walking `r` upwards from `h` accumulates the rank change
//! one table difference at a time. It stores the *remoteness* of each position
//! (moves left under perfect play: a winner ends as fast as possible, a loser
//! holds out as long as possible). Remoteness is even exactly for P-positions
//! (the kernel), so the same byte gives the outcome.

use super::position::{Position, PositionError};
use super::rank::{next_in_rank_order, BoxRanker};
use std::fmt;

/// Largest box (in positions) solved exactly: remoteness takes one or two
/// bytes per position, so this bounds memory to 128 MiB.
pub const MAX_SOLVE_POSITIONS: u64 = 1 << 26;

/// How often (in positions) the progress callback is called.
const PROGRESS_EVERY: u64 = 1 << 16;

/// Outcome of a position for the player about to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Previous player wins: the position is in the kernel, every move loses.
    P,
    /// Next player wins: some move leads into the kernel.
    N,
}

/// Why a box cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// Zero rows or columns.
    EmptyBox,
    /// More positions than [`MAX_SOLVE_POSITIONS`].
    TooLarge {
        rows: usize,
        cols: usize,
        positions: Option<u64>,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::EmptyBox => f.write_str("a board needs at least one row and one column"),
            SolveError::TooLarge {
                rows,
                cols,
                positions,
            } => {
                let count = positions.map_or("too many".to_string(), |p| p.to_string());
                write!(
                    f,
                    "a {rows}×{cols} board has {count} positions; exact solving is limited to {MAX_SOLVE_POSITIONS}"
                )
            }
        }
    }
}

impl std::error::Error for SolveError {}

/// Remoteness storage: one byte while it cannot exceed 255, else two.
#[derive(Clone, Debug)]
enum Table {
    Narrow(Vec<u8>),
    Wide(Vec<u16>),
}

/// A cell type for the remoteness table.
trait Cell: Copy + Into<u32> {
    fn from_u32(v: u32) -> Self;
}

impl Cell for u8 {
    fn from_u32(v: u32) -> Self {
        v as u8
    }
}

impl Cell for u16 {
    fn from_u32(v: u32) -> Self {
        v as u16
    }
}

/// The solved box: outcome and remoteness of every position in it.
#[derive(Clone, Debug)]
pub struct Solution {
    ranker: BoxRanker,
    table: Table,
    p_positions: u64,
}

impl Solution {
    /// Solves every position of a `rows × cols` box. `progress(done, total)` is
    /// called now and then so a caller can report progress.
    pub fn solve(
        rows: usize,
        cols: usize,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Solution, SolveError> {
        if rows == 0 || cols == 0 {
            return Err(SolveError::EmptyBox);
        }
        let too_large = |positions| SolveError::TooLarge {
            rows,
            cols,
            positions,
        };
        let ranker = BoxRanker::new(rows, cols).ok_or(too_large(None))?;
        if ranker.total() > MAX_SOLVE_POSITIONS {
            return Err(too_large(Some(ranker.total())));
        }
        // Remoteness never exceeds the number of squares minus one.
        let (table, p_positions) = if rows * cols <= 256 {
            let (t, p) = fill::<u8>(&ranker, progress);
            (Table::Narrow(t), p)
        } else {
            let (t, p) = fill::<u16>(&ranker, progress);
            (Table::Wide(t), p)
        };
        Ok(Solution {
            ranker,
            table,
            p_positions,
        })
    }

    /// Rows of the solved box.
    pub fn rows(&self) -> usize {
        self.ranker.rows()
    }

    /// Columns of the solved box.
    pub fn cols(&self) -> usize {
        self.ranker.cols()
    }

    /// Positions in the box, poisoned square present (the empty board excluded).
    pub fn positions(&self) -> u64 {
        self.ranker.total() - 1
    }

    /// Number of P-positions (kernel size) in the box.
    pub fn p_positions(&self) -> u64 {
        self.p_positions
    }

    /// Whether this solution covers `position`.
    pub fn covers(&self, position: &Position) -> bool {
        position.check_fits(self.rows(), self.cols()).is_ok()
    }

    fn remoteness_at(&self, rank: u64) -> u32 {
        match &self.table {
            Table::Narrow(t) => t[rank as usize] as u32,
            Table::Wide(t) => t[rank as usize] as u32,
        }
    }

    /// Remoteness of a position of the box: moves until only the poison is
    /// left, under perfect play.
    pub fn remoteness(&self, position: &Position) -> Result<u32, PositionError> {
        position.check_fits(self.rows(), self.cols())?;
        Ok(self.remoteness_at(self.ranker.rank(position)))
    }

    /// Outcome of a position of the box.
    pub fn outcome(&self, position: &Position) -> Result<Outcome, PositionError> {
        Ok(outcome_of(self.remoteness(position)?))
    }
}

/// P exactly when the remoteness is even.
pub fn outcome_of(remoteness: u32) -> Outcome {
    if remoteness.is_multiple_of(2) {
        Outcome::P
    } else {
        Outcome::N
    }
}

fn fill<T: Cell>(ranker: &BoxRanker, progress: &mut dyn FnMut(u64, u64)) -> (Vec<T>, u64) {
    let total = ranker.total();
    let (m, n) = (ranker.rows(), ranker.cols());
    let mut table: Vec<T> = vec![T::from_u32(0); total as usize];
    let mut rows = vec![0usize; m];
    let mut p_positions = 0u64;
    // Rank 0 is the empty board, never reached; rank 1 is the poison alone,
    // remoteness 0, already in place.
    next_in_rank_order(&mut rows, n);
    let mut rank = 1u64;
    p_positions += 1;
    while next_in_rank_order(&mut rows, n) {
        rank += 1;
        if rank.is_multiple_of(PROGRESS_EVERY) {
            progress(rank, total);
        }
        let mut fastest_win = u32::MAX; // smallest remoteness among P successors
        let mut longest_loss = 0u32; // largest remoteness among N successors
        let mut height = m;
        for c in 1..=rows[0] {
            while rows[height - 1] < c {
                height -= 1;
            }
            let mut delta = 0u64;
            for r in (0..height).rev() {
                delta += ranker.term(r, rows[r]) - ranker.term(r, c - 1);
                if r == 0 && c == 1 {
                    break; // the poison is never a move
                }
                let v: u32 = table[(rank - delta) as usize].into();
                if v.is_multiple_of(2) {
                    fastest_win = fastest_win.min(v);
                } else {
                    longest_loss = longest_loss.max(v);
                }
            }
        }
        let value = if fastest_win != u32::MAX {
            fastest_win + 1
        } else {
            p_positions += 1;
            longest_loss + 1
        };
        table[rank as usize] = T::from_u32(value);
    }
    progress(total, total);
    (table, p_positions)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chomp::Move;
    use std::collections::HashMap;

    /// Plain memoised recursion over positions (chp.js's `valeur`), remoteness included.
    fn brute(p: &Position, memo: &mut HashMap<Position, u32>) -> u32 {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let children: Vec<u32> = p
            .moves()
            .map(|m| brute(&p.play(m).unwrap(), memo))
            .collect();
        let wins: Vec<u32> = children
            .iter()
            .copied()
            .filter(|v| v.is_multiple_of(2))
            .collect();
        let v = if p.is_terminal() {
            0
        } else if let Some(min) = wins.iter().min() {
            min + 1
        } else {
            children.iter().max().unwrap() + 1
        };
        memo.insert(p.clone(), v);
        v
    }

    fn all_positions(m: usize, n: usize) -> Vec<Position> {
        let mut rows = vec![0; m];
        let mut out = vec![];
        while next_in_rank_order(&mut rows, n) {
            out.push(Position::new(&rows).unwrap());
        }
        out
    }

    #[test]
    fn matches_brute_force_on_every_box_up_to_6x6() {
        let mut memo = HashMap::new();
        for m in 1..=6 {
            for n in 1..=6 {
                let s = Solution::solve(m, n, &mut |_, _| {}).unwrap();
                let mut kernel = 0;
                for p in all_positions(m, n) {
                    let expect = brute(&p, &mut memo);
                    assert_eq!(s.remoteness(&p).unwrap(), expect, "{m}x{n} {p}");
                    kernel += expect.is_multiple_of(2) as u64;
                }
                assert_eq!(s.p_positions(), kernel);
                assert_eq!(s.positions() as usize, all_positions(m, n).len());
            }
        }
    }

    fn winning_moves(s: &Solution, p: &Position) -> Vec<Move> {
        p.moves()
            .filter(|&mv| s.outcome(&p.play(mv).unwrap()).unwrap() == Outcome::P)
            .collect()
    }

    #[test]
    fn two_by_n_unique_winning_move_is_the_corner() {
        for n in 2..=40 {
            let s = Solution::solve(2, n, &mut |_, _| {}).unwrap();
            let full = Position::rectangle(2, n).unwrap();
            assert_eq!(
                winning_moves(&s, &full),
                vec![Move { row: 2, col: n }],
                "2x{n}"
            );
            // P-positions of 2-row Chomp are exactly (a, a-1).
            for a in 1..=n {
                for b in 0..=a {
                    let p = Position::new(&[a, b]).unwrap();
                    let expect = if b + 1 == a { Outcome::P } else { Outcome::N };
                    assert_eq!(s.outcome(&p).unwrap(), expect, "{p}");
                }
            }
        }
    }

    #[test]
    fn square_boards_unique_winning_move_is_2_2() {
        for n in 2..=12 {
            let s = Solution::solve(n, n, &mut |_, _| {}).unwrap();
            let full = Position::rectangle(n, n).unwrap();
            assert_eq!(
                winning_moves(&s, &full),
                vec![Move { row: 2, col: 2 }],
                "{n}x{n}"
            );
            // After (2, 2), the L-shape with equal arms is P; unequal arms are N.
            for a in 1..=n {
                for b in 1..=n {
                    let mut rows = vec![a];
                    rows.extend(std::iter::repeat_n(1, b - 1));
                    let p = Position::new(&rows).unwrap();
                    let expect = if a == b { Outcome::P } else { Outcome::N };
                    assert_eq!(s.outcome(&p).unwrap(), expect, "{p}");
                }
            }
        }
    }

    /// Three-rowed P-positions [p, q, r] for r ≤ 5, as published by A. E.
    /// Brouwer ("The game of Chomp", quoted in OEIS A147983): r = 0: p = q + 1;
    /// r = 1: only (3,1,1), (2,2,1); r = 2: p = q + 2; r = 3: only (6,3,3),
    /// (7,4,3), (5,5,3); r = 4: only (8,4,4), (9,5,4), (10,6,4), (7,7,4);
    /// r = 5: (10,5,5), (9,6,5) and (a+11, a+7, 5) for a ≥ 0.
    #[test]
    fn three_row_p_positions_match_the_published_table() {
        let n = 40;
        let s = Solution::solve(3, n, &mut |_, _| {}).unwrap();
        let published = |p: usize, q: usize, r: usize| match r {
            0 => p == q + 1,
            1 => [(3, 1), (2, 2)].contains(&(p, q)),
            2 => p == q + 2,
            3 => [(6, 3), (7, 4), (5, 5)].contains(&(p, q)),
            4 => [(8, 4), (9, 5), (10, 6), (7, 7)].contains(&(p, q)),
            _ => [(10, 5), (9, 6)].contains(&(p, q)) || (q >= 7 && p == q + 4),
        };
        for r in 0..=5 {
            for q in r.max(1)..=n {
                for p in q..=n {
                    let pos = Position::new(&[p, q, r]).unwrap();
                    let kernel = s.outcome(&pos).unwrap() == Outcome::P;
                    assert_eq!(kernel, published(p, q, r), "{pos}");
                }
            }
        }
    }

    #[test]
    fn transposed_positions_have_the_same_outcome() {
        for (m, n) in [(3, 7), (4, 6), (5, 5), (2, 9)] {
            let s = Solution::solve(m, n, &mut |_, _| {}).unwrap();
            let t = Solution::solve(n, m, &mut |_, _| {}).unwrap();
            for p in all_positions(m, n) {
                assert_eq!(
                    s.remoteness(&p).unwrap(),
                    t.remoteness(&p.transpose()).unwrap(),
                    "{p}"
                );
            }
        }
    }

    #[test]
    fn refuses_bad_boxes_and_positions() {
        assert_eq!(
            Solution::solve(0, 3, &mut |_, _| {}).unwrap_err(),
            SolveError::EmptyBox
        );
        let e = Solution::solve(20, 20, &mut |_, _| {}).unwrap_err();
        assert!(e.to_string().contains("137846528820 positions"), "{e}");
        assert!(matches!(
            Solution::solve(900, 900, &mut |_, _| {}),
            Err(SolveError::TooLarge {
                positions: None,
                ..
            })
        ));
        let s = Solution::solve(3, 3, &mut |_, _| {}).unwrap();
        assert!(s.outcome(&Position::new(&[4]).unwrap()).is_err());
        assert!(s.outcome(&Position::new(&[1, 1, 1, 1]).unwrap()).is_err());
    }

    #[test]
    fn wide_table_for_long_thin_boxes() {
        // 2×200 has 400 squares, so remoteness needs more than a byte.
        let s = Solution::solve(2, 200, &mut |_, _| {}).unwrap();
        let p = Position::new(&[200, 199]).unwrap();
        assert_eq!(s.outcome(&p).unwrap(), Outcome::P);
        assert!(s.remoteness(&p).unwrap() > 255);
    }

    #[test]
    fn progress_reaches_the_end() {
        let mut last = (0, 0);
        Solution::solve(8, 8, &mut |d, t| last = (d, t)).unwrap();
        assert_eq!(last, (12870, 12870));
    }
}
