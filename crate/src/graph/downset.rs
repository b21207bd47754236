//! How big the arena below a Chomp position is, counted without building it:
//! the positions are the Young diagrams inside the position's, counted row
//! by row (like [`crate::chomp::downset_size`]), together with their squares,
//! since a position with `s` squares has `s - 1` moves.

/// The sub-diagrams of the diagram with row lengths `rows` (non-increasing):
/// how many there are, the empty one included, and their squares in all.
/// Both saturate at `u64::MAX`. `O(height × width)` time.
pub(super) fn downset_counts(rows: &[usize]) -> (u64, u64) {
    let Some(&width) = rows.first() else {
        return (1, 0);
    };
    // ways[v]: sub-diagrams of the rows so far whose last row has length v;
    // squares[v]: their squares in all.
    let mut ways = vec![1u64; width + 1];
    let mut squares: Vec<u64> = (0..=width as u64).collect();
    let mut next_ways = vec![0u64; width + 1];
    let mut next_squares = vec![0u64; width + 1];
    for &len in &rows[1..] {
        // A new row of length u ≤ len sits under any last row v ≥ u.
        let (mut acc_ways, mut acc_squares) = (0u64, 0u64);
        for v in (0..=width).rev() {
            acc_ways = acc_ways.saturating_add(ways[v]);
            acc_squares = acc_squares.saturating_add(squares[v]);
            if v <= len {
                next_ways[v] = acc_ways;
                next_squares[v] = acc_squares.saturating_add((v as u64).saturating_mul(acc_ways));
            } else {
                next_ways[v] = 0;
                next_squares[v] = 0;
            }
        }
        std::mem::swap(&mut ways, &mut next_ways);
        std::mem::swap(&mut squares, &mut next_squares);
    }
    let sum = |xs: &[u64]| xs.iter().fold(0u64, |a, &b| a.saturating_add(b));
    (sum(&ways), sum(&squares))
}

/// Positions of the `rows × cols` box, the empty one included: the binomial
/// `C(rows + cols, rows)`, saturating at `u64::MAX`. Constant time once it
/// saturates, so any size is fine.
pub(super) fn box_count(rows: usize, cols: usize) -> u64 {
    let k = rows.min(cols) as u128;
    let n = (rows as u128).saturating_add(cols as u128);
    let mut c: u128 = 1;
    let mut i: u128 = 1;
    while i <= k {
        // c = C(n - k + i - 1, i - 1) → C(n - k + i, i); exact at every step.
        // A product past u128 would give more than u64::MAX once divided.
        c = match c.checked_mul(n - k + i) {
            Some(product) => product / i,
            None => return u64::MAX,
        };
        if c > u128::from(u64::MAX) {
            return u64::MAX;
        }
        i += 1;
    }
    c as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chomp::{downset_size, Position};

    /// Every sub-diagram of `rows`, by brute force.
    fn brute(rows: &[usize]) -> (u64, u64) {
        fn go(rows: &[usize], i: usize, cap: usize, squares: u64, acc: &mut (u64, u64)) {
            if i == rows.len() {
                acc.0 += 1;
                acc.1 += squares;
                return;
            }
            for len in 0..=cap.min(rows[i]) {
                go(rows, i + 1, len, squares + len as u64, acc);
            }
        }
        let mut acc = (0, 0);
        go(rows, 0, usize::MAX, 0, &mut acc);
        acc
    }

    #[test]
    fn counts_match_brute_force_and_the_chomp_engine() {
        for rows in [
            vec![1],
            vec![3],
            vec![3, 3],
            vec![3, 2, 1],
            vec![5, 5, 2, 2, 1],
            vec![4, 4, 4, 4, 4, 4, 4],
        ] {
            let counts = downset_counts(&rows);
            assert_eq!(counts, brute(&rows), "{rows:?}");
            let p = Position::new(&rows).unwrap();
            assert_eq!(counts.0, downset_size(&p), "{rows:?}");
        }
        // The 2 × 3 box: 10 diagrams, 30 squares (the worksheet's 9 vertices
        // and 30 - 9 = 21 arcs).
        assert_eq!(downset_counts(&[3, 3]), (10, 30));
    }

    #[test]
    fn boxes_are_binomials() {
        assert_eq!(box_count(2, 3), 10);
        assert_eq!(box_count(4, 7), 330);
        assert_eq!(box_count(30, 30), 118_264_581_564_861_424);
        assert_eq!(box_count(40, 40), u64::MAX);
        assert_eq!(box_count(usize::MAX, usize::MAX), u64::MAX);
        assert_eq!(box_count(0, 5), 1);
        for (r, c) in [(3, 4), (6, 6), (1, 9)] {
            assert_eq!(box_count(r, c), downset_counts(&vec![c; r]).0);
        }
    }
}
