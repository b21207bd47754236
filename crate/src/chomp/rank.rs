//! Ranking the positions of a `rows × cols` box by the combinatorial number system.
//!
//! Read from the bottom row up, row lengths `q` become the strictly increasing
//! sequence `c_i = q_(m+1-i) + i - 1` (i = 1..m), and the rank is
//! `Σ C(c_i, i)`. This is a bijection between the `C(m+n, m)` positions of the
//! box (the empty board included, rank 0) and `0..C(m+n, m)`. Every move lowers
//! some `c_i` and raises none, so it strictly lowers the rank: one pass in rank
//! order visits every position after all of its successors.

use super::position::Position;

/// Rank arithmetic for one box; the rank of a position is the sum of one
/// table entry per row, so a move's effect is a difference of entries.
#[derive(Clone, Debug)]
pub struct BoxRanker {
    rows: usize,
    cols: usize,
    total: u64,
    /// `term[j * (cols + 1) + v]`: contribution of row `j` (0 = top) of length `v`.
    term: Vec<u64>,
    /// `tails[s * (cols + 1) + u]`: positions of an `s`-row box `u` wide,
    /// `C(u + s, s)` (the empty one included), `s` in `0..=rows`.
    tails: Vec<u64>,
}

/// `C(n, k)` when it fits in a `u64`.
pub fn binomial(n: u64, k: u64) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut acc: u128 = 1;
    for i in 0..k {
        // Exact at every step: the product of i+1 consecutive numbers is
        // divisible by (i+1)!.
        acc = acc * (n - i) as u128 / (i + 1) as u128;
        if acc > u64::MAX as u128 {
            return None;
        }
    }
    Some(acc as u64)
}

impl BoxRanker {
    /// Rank tables for a `rows × cols` box, or `None` if it has more than
    /// `u64::MAX` positions.
    pub fn new(rows: usize, cols: usize) -> Option<BoxRanker> {
        let total = binomial((rows + cols) as u64, rows as u64)?;
        let mut term = Vec::with_capacity(rows * (cols + 1));
        for j in 0..rows {
            let i = (rows - j) as u64; // 1-based index counted from the bottom row
            for v in 0..=cols as u64 {
                term.push(binomial(v + i - 1, i)?);
            }
        }
        let mut tails = Vec::with_capacity((rows + 1) * (cols + 1));
        for s in 0..=rows as u64 {
            for u in 0..=cols as u64 {
                // At most C(rows + cols, rows), which fits: `total` did.
                tails.push(binomial(u + s, s)?);
            }
        }
        Some(BoxRanker {
            rows,
            cols,
            total,
            term,
            tails,
        })
    }

    /// Rows of the box.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the box.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of positions of the box, the empty board included.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// Contribution of row `row` (0 = top) when it has `len` squares.
    #[inline]
    pub fn term(&self, row: usize, len: usize) -> u64 {
        self.term[row * (self.cols + 1) + len]
    }

    /// Positions of the bottom `s` rows when each is at most `u` long: the
    /// ranks of these tails, read with the rows above fixed, are exactly
    /// `0..tails(s, u)` (the combinatorial number system of an `s`-row box).
    #[inline]
    pub fn tails(&self, s: usize, u: usize) -> u64 {
        self.tails[s * (self.cols + 1) + u]
    }

    /// Rank of a position that fits the box (checked by the caller).
    pub fn rank(&self, position: &Position) -> u64 {
        position
            .rows()
            .iter()
            .enumerate()
            .map(|(j, &len)| self.term(j, len))
            .sum()
    }

    /// Rank of raw row lengths (`rows()` entries, zeros allowed).
    #[inline]
    pub fn rank_rows(&self, rows: &[usize]) -> u64 {
        rows.iter()
            .enumerate()
            .map(|(j, &len)| self.term(j, len))
            .sum()
    }

    /// Row lengths (`rows()` entries, zeros included) of the position of rank `rank`.
    pub fn unrank(&self, rank: u64) -> Vec<usize> {
        let mut out = vec![0; self.rows];
        self.unrank_into(rank, &mut out);
        out
    }

    /// Writes the row lengths of the position of rank `rank` into `out`.
    pub fn unrank_into(&self, mut rank: u64, out: &mut [usize]) {
        for (j, slot) in out.iter_mut().enumerate() {
            // Largest length whose term does not exceed what is left: terms
            // grow with the length, so a binary search finds it.
            let terms = &self.term[j * (self.cols + 1)..(j + 1) * (self.cols + 1)];
            let len = terms.partition_point(|&t| t <= rank) - 1;
            rank -= terms[len];
            *slot = len;
        }
    }
}

/// Steps `rows` (non-increasing, each ≤ `cols`) to the position of the next
/// rank. Returns false after the full box.
pub fn next_in_rank_order(rows: &mut [usize], cols: usize) -> bool {
    for j in (0..rows.len()).rev() {
        let limit = if j == 0 { cols } else { rows[j - 1] };
        if rows[j] < limit {
            rows[j] += 1;
            for below in &mut rows[j + 1..] {
                *below = 0;
            }
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials() {
        assert_eq!(binomial(24, 12), Some(2_704_156));
        assert_eq!(binomial(28, 14), Some(40_116_600));
        assert_eq!(binomial(32, 16), Some(601_080_390));
        assert_eq!(binomial(3, 5), Some(0));
        assert_eq!(binomial(200, 100), None);
    }

    #[test]
    fn rank_order_is_a_bijection_and_topological() {
        for (m, n) in [(1, 1), (1, 5), (3, 4), (4, 3), (5, 5)] {
            let r = BoxRanker::new(m, n).unwrap();
            let mut rows = vec![0; m];
            let mut expected = 0;
            loop {
                assert_eq!(r.rank_rows(&rows), expected);
                assert_eq!(r.unrank(expected), rows);
                if rows[0] > 0 {
                    let p = Position::new(&rows).unwrap();
                    for mv in p.moves() {
                        let child = p.play(mv).unwrap();
                        assert!(r.rank(&child) < expected, "{p} -> {child}");
                    }
                }
                expected += 1;
                if !next_in_rank_order(&mut rows, n) {
                    break;
                }
            }
            assert_eq!(expected, r.total());
        }
    }
}
