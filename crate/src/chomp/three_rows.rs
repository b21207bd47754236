//! Exact Chomp on boards of at most three rows, of any width.
//!
//! For fixed lower rows (b, c) at most one first-row length `a` makes
//! `[a, b, c]` a P-position: from a longer first row, eating in row 1 reaches
//! the shorter one. So a table `first[b][c]` (about n²/2 entries) decides every
//! position: `[a, b, c]` is P exactly when `a == first[b][c]`.
//!
//! `first[b][c]` is the smallest `a ≥ max(b, 1)` that no move of rows 2 or 3
//! rules out (those moves reach `[a, y, min(c, y)]` for y < b and `[a, b, z]`
//! for z < c, P exactly when `a` is their own table entry), unless a row-1
//! move already reaches a P-position `[t, t, min(c, t)]` with 1 ≤ t < b, in
//! which case no first row works. Entries are computed without any width
//! limit, so one table serves every width up to the one it was built for.

use super::position::{Move, Position};
use crate::error::Sure;

/// No first-row length gives a P-position for this tail.
const NONE: u32 = u32::MAX;

/// The P-position table of 3-row Chomp up to a given width.
#[derive(Clone, Debug)]
pub struct ThreeRows {
    width: usize,
    /// `first[b * (width + 1) + c]` for c ≤ b ≤ width.
    first: Vec<u32>,
}

impl ThreeRows {
    /// Builds the table for boards up to `width` columns (time about width³/6).
    pub fn new(width: usize) -> ThreeRows {
        let w = width + 1;
        let mut first = vec![NONE; w * w];
        // Stamps mark the first-row lengths excluded for the current tail;
        // lengths never exceed b + (b + c) + 1 ≤ 3·width + 1.
        let mut stamp = vec![0u32; 3 * width + 3];
        let mut tail_id = 0u32;
        // square_p[c]: some [t, t, min(c, t)] with 1 ≤ t < b is P (kept up to
        // date as b grows, instead of searched again for every tail).
        let mut square_p = vec![false; w];
        for b in 0..=width {
            for c in 0..=b {
                tail_id += 1;
                if square_p[c] {
                    continue;
                }
                for y in 0..b {
                    let f = first[y * w + c.min(y)];
                    if (f as usize) < stamp.len() {
                        stamp[f as usize] = tail_id;
                    }
                }
                for z in 0..c {
                    let f = first[b * w + z];
                    if (f as usize) < stamp.len() {
                        stamp[f as usize] = tail_id;
                    }
                }
                let mut a = b.max(1);
                while stamp[a] == tail_id {
                    a += 1;
                }
                first[b * w + c] = a as u32;
            }
            if b >= 1 {
                for (c, flag) in square_p.iter_mut().enumerate() {
                    *flag |= first[b * w + c.min(b)] == b as u32;
                }
            }
        }
        ThreeRows { width, first }
    }

    /// Widest board the table covers.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Whether the position (at most 3 rows, at most `width` columns) is P.
    pub fn is_p(&self, rows: &[usize]) -> bool {
        let at = |i: usize| rows.get(i).copied().unwrap_or(0);
        let (a, b, c) = (at(0), at(1), at(2));
        debug_assert!(rows.len() <= 3 && a <= self.width);
        self.first[b * (self.width + 1) + c] == a as u32
    }

    /// Every winning move from `position` (which must fit the table).
    pub fn winning_moves(&self, position: &Position) -> Vec<Move> {
        position
            .moves()
            .filter(|&mv| self.is_p(position.play(mv).sure("legal move").rows()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chomp::{Outcome, Solution};

    #[test]
    fn matches_the_general_solver_on_3_rows_up_to_width_60() {
        let table = ThreeRows::new(60);
        let s = Solution::solve_with(3, 60, 0, &mut |_, _| {}).unwrap();
        for a in 1..=60 {
            for b in 0..=a {
                for c in 0..=b {
                    let p = Position::new(&[a, b, c]).unwrap();
                    let want = s.outcome(&p).unwrap() == Outcome::P;
                    assert_eq!(table.is_p(p.rows()), want, "{p}");
                }
            }
        }
    }

    #[test]
    fn published_rows_of_the_3_row_table() {
        // Brouwer's table: c = 2 gives a = b + 2; c = 5: (10,5,5), (9,6,5), a = b + 4 for b ≥ 7.
        let table = ThreeRows::new(1000);
        for b in 2..=990 {
            assert!(table.is_p(&[b + 2, b, 2]), "[{}, {b}, 2]", b + 2);
        }
        assert!(table.is_p(&[10, 5, 5]) && table.is_p(&[9, 6, 5]));
        for b in 7..=990 {
            assert!(table.is_p(&[b + 4, b, 5]));
        }
        // Every 3×n rectangle has exactly one winning opening (Sheiner 2026),
        // never in row 1.
        for n in 2..=1000 {
            let wins = table.winning_moves(&Position::rectangle(3, n).unwrap());
            assert_eq!(wins.len(), 1, "3x{n}: {wins:?}");
            assert_ne!(wins[0].row, 1);
        }
    }
}
