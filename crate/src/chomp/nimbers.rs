//! Sprague–Grundy values (nimbers) of Chomp positions, for whole boxes.
//!
//! The worksheet's `nimber(d)` gives each vertex the smallest number missing
//! among its successors' nimbers. Outcomes alone (the solver's tables) only
//! say whether that number is 0; a sum of games needs the number itself, so
//! a box is walked once more here, in rank order (a move always lowers the
//! rank, so every successor is numbered before its predecessors), keeping
//! one byte per position. A nimber never exceeds the number of moves, and a
//! box of [`MAX_POSITIONS`] positions has at most 100 squares, so a byte holds
//! it. The code is kept small on purpose: it ships in the wasm module.

use super::position::{Move, Position, PositionError};
use super::rank::{binomial, BoxRanker};
use crate::error::{Coded, Params};
use std::fmt;

/// Most positions of a box whose nimbers are computed: `C(20, 10)`, every box
/// up to 10 × 10 (8 × 8 has 12,870). It takes a few tenths of a second in
/// the browser and 185 KB.
pub const MAX_POSITIONS: u64 = 184_756;

/// A box too big for a nimber table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NimbersTooBig {
    /// Rows of the box.
    pub rows: usize,
    /// Columns of the box.
    pub cols: usize,
}

impl fmt::Display for NimbersTooBig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "nimbers are computed for bars of at most {MAX_POSITIONS} positions (10 × 10); a {} × {} box has more",
            self.rows, self.cols
        )
    }
}

impl std::error::Error for NimbersTooBig {}

impl Coded for NimbersTooBig {
    fn code(&self) -> &'static str {
        "nimbers.too_big"
    }
    fn params(&self) -> Params {
        vec![
            ("rows", self.rows.into()),
            ("cols", self.cols.into()),
            ("max", MAX_POSITIONS.into()),
        ]
    }
}

/// Codes of this module's errors.
pub const CODES: &[&str] = &["nimbers.too_big"];

/// The nimber of every position of a `rows × cols` box.
#[derive(Clone, Debug)]
pub struct NimberTable {
    ranker: BoxRanker,
    values: Vec<u8>,
}

impl NimberTable {
    /// Numbers every position of the box (refused past [`MAX_POSITIONS`]).
    pub fn new(rows: usize, cols: usize) -> Result<NimberTable, NimbersTooBig> {
        let too_big = NimbersTooBig { rows, cols };
        let fits = binomial((rows + cols) as u64, rows as u64).is_some_and(|n| n <= MAX_POSITIONS);
        if rows == 0 || cols == 0 || !fits {
            return Err(too_big);
        }
        let ranker = BoxRanker::new(rows, cols).ok_or(too_big)?;
        let total = ranker.total() as usize;
        let mut values = vec![0u8; total];
        let mut lens = vec![0usize; rows];
        // Rank 0 is the empty board, never reached by a move: left at 0.
        for rank in 1..total {
            ranker.unrank_into(rank as u64, &mut lens);
            let mut seen = [0u64; 4];
            for_each_child(&ranker, &lens, rank as u64, |child| {
                let v = values[child as usize];
                seen[usize::from(v >> 6)] |= 1 << (v & 63);
            });
            values[rank] = mex(&seen);
        }
        Ok(NimberTable { ranker, values })
    }

    /// Rows of the box.
    pub fn rows(&self) -> usize {
        self.ranker.rows()
    }

    /// Columns of the box.
    pub fn cols(&self) -> usize {
        self.ranker.cols()
    }

    /// Whether `position` fits the box.
    pub fn covers(&self, position: &Position) -> bool {
        position.check_fits(self.rows(), self.cols()).is_ok()
    }

    /// The nimber of a position of the box: 0 exactly for the kernel (the
    /// P-positions); the position with only the poison left has 0.
    pub fn get(&self, position: &Position) -> Result<u8, PositionError> {
        position.check_fits(self.rows(), self.cols())?;
        Ok(self.values[self.ranker.rank(position) as usize])
    }

    /// Every legal move of `position` with the nimber it leaves, row by row.
    pub fn moves(&self, position: &Position) -> Result<Vec<(Move, u8)>, PositionError> {
        position
            .moves()
            .map(|mv| Ok((mv, self.get(&position.play(mv)?)?)))
            .collect()
    }
}

/// The smallest number absent from the 256-bit set `seen`.
fn mex(seen: &[u64; 4]) -> u8 {
    for (i, &w) in seen.iter().enumerate() {
        if w != u64::MAX {
            return (i as u32 * 64 + (!w).trailing_zeros()) as u8;
        }
    }
    // Unreachable: a position has fewer than 256 moves in any allowed box.
    u8::MAX
}

/// Calls `f` with the rank of every position one move from `lens` (row
/// lengths of the box, zeros included), whose rank is `rank`. Eating (r, c)
/// cuts rows r… to c − 1 where they are longer, so the child's rank differs
/// by one table difference per row cut.
fn for_each_child(ranker: &BoxRanker, lens: &[usize], rank: u64, mut f: impl FnMut(u64)) {
    for r in 0..lens.len() {
        for c in usize::from(r == 0)..lens[r] {
            // The square at row r + 1, column c + 1 (1-based); the rows below
            // shorter than c are untouched, and rows only get shorter.
            let mut child = rank;
            for (j, &len) in lens.iter().enumerate().skip(r) {
                if len <= c {
                    break;
                }
                child = child - ranker.term(j, len) + ranker.term(j, c);
            }
            f(child);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{analyze, arena_below, chomp_arena};
    use std::collections::HashMap;

    /// The plain recursion: the mex of the successors' nimbers.
    fn plain(p: &Position, memo: &mut HashMap<Position, u8>) -> u8 {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let seen: Vec<u8> = p
            .moves()
            .map(|m| plain(&p.play(m).unwrap(), memo))
            .collect();
        let v = (0..=u8::MAX).find(|k| !seen.contains(k)).unwrap();
        memo.insert(p.clone(), v);
        v
    }

    #[test]
    fn every_position_of_every_box_up_to_6x6_matches_the_recursion() {
        let mut memo = HashMap::new();
        for rows in 1..=6 {
            for cols in 1..=6 {
                let table = NimberTable::new(rows, cols).unwrap();
                let ranker = BoxRanker::new(rows, cols).unwrap();
                for rank in 1..ranker.total() {
                    let p = Position::new(&ranker.unrank(rank)).unwrap();
                    assert_eq!(table.get(&p).unwrap(), plain(&p, &mut memo), "{p}");
                }
            }
        }
    }

    #[test]
    fn nimbers_are_the_worksheet_s_on_arenas() {
        // nimber(d) of the worksheet's Chomp(2, 3): 4, 3, 0, 2, 2, 1, 0, 1, 0.
        let (g, positions) = chomp_arena(2, 3).unwrap();
        let table = NimberTable::new(2, 3).unwrap();
        let ours: Vec<u32> = positions
            .iter()
            .map(|p| u32::from(table.get(p).unwrap()))
            .collect();
        assert_eq!(ours, [4, 3, 0, 2, 2, 1, 0, 1, 0]);
        assert_eq!(ours, analyze(&g).unwrap().nimbers);
        for (rows, cols) in [(3, 3), (3, 5), (4, 4), (5, 4), (2, 8), (1, 6)] {
            let (g, positions) = chomp_arena(rows, cols).unwrap();
            let table = NimberTable::new(rows, cols).unwrap();
            let ours: Vec<u32> = positions
                .iter()
                .map(|p| u32::from(table.get(p).unwrap()))
                .collect();
            assert_eq!(ours, analyze(&g).unwrap().nimbers, "{rows}×{cols}");
        }
        let start = Position::new(&[5, 4, 4, 2, 1]).unwrap();
        let (g, positions) = arena_below(&start).unwrap();
        let table = NimberTable::new(5, 5).unwrap();
        let ours: Vec<u32> = positions
            .iter()
            .map(|p| u32::from(table.get(p).unwrap()))
            .collect();
        assert_eq!(ours, analyze(&g).unwrap().nimbers);
    }

    #[test]
    fn nimber_zero_is_the_solver_s_kernel_up_to_10x10() {
        let table = NimberTable::new(10, 10).unwrap();
        let solution = crate::chomp::Solution::solve(10, 10, &mut |_, _| {}).unwrap();
        let ranker = BoxRanker::new(10, 10).unwrap();
        let mut zeros = 0;
        for rank in 1..ranker.total() {
            let p = Position::new(&ranker.unrank(rank)).unwrap();
            let p_position = solution.outcome(&p).unwrap() == crate::chomp::Outcome::P;
            assert_eq!(table.get(&p).unwrap() == 0, p_position, "{p}");
            zeros += usize::from(p_position);
        }
        assert_eq!(zeros, 2612);
        // The worksheet's 2 × 3 bar again, its moves with the nimbers they leave.
        let t = NimberTable::new(2, 3).unwrap();
        let full = Position::rectangle(2, 3).unwrap();
        let moves = t.moves(&full).unwrap();
        assert_eq!(moves.len(), 5);
        assert_eq!(moves.iter().filter(|(_, n)| *n == 0).count(), 1);
    }

    #[test]
    fn too_big_boxes_are_refused_with_a_code() {
        assert!(NimberTable::new(10, 10).is_ok());
        let e = NimberTable::new(11, 10).unwrap_err();
        assert_eq!(e.code(), "nimbers.too_big");
        assert!(NimberTable::new(0, 4).is_err());
        assert!(NimberTable::new(1000, 1000).is_err());
        assert!(
            NimberTable::new(1, 1)
                .unwrap()
                .get(&Position::new(&[1]).unwrap())
                == Ok(0)
        );
        let t = NimberTable::new(2, 2).unwrap();
        assert_eq!(
            t.get(&Position::new(&[3]).unwrap()).unwrap_err().code(),
            "position.outside_box"
        );
    }
}
