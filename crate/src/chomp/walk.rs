//! Moves in rank space: the ranks of a position's successors and of its
//! predecessors, computed from its row lengths and its own rank without
//! building any other position.

use super::rank::BoxRanker;

/// Calls `f(rank)` for the successor of every legal move from the position
/// `rows` (`ranker.rows()` entries, zeros padded) of rank `rank`.
///
/// Eating (r, c) shortens rows r..=h (h = height of column c) to c − 1, so
/// walking r upwards from h accumulates the rank change one term at a time.
#[inline]
pub fn for_each_successor(ranker: &BoxRanker, rows: &[usize], rank: u64, mut f: impl FnMut(u64)) {
    let mut height = rows.iter().take_while(|&&len| len > 0).count();
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
            f(rank - delta);
        }
    }
}

/// Calls `f(rank)` for every position of the box that has a move to the
/// position `rows` of rank `rank` (once per such position).
///
/// A predecessor differs from `rows` first at some row r, where it was cut to
/// v = rows[r] by eating (r, v + 1): so v is below the row above (or below the
/// box width for r = 1), rows r..=k that equal v may have been anything from v
/// up (non-increasing, row r at least v + 1), and all other rows are unchanged.
#[cfg(test)]
pub fn for_each_predecessor(
    ranker: &BoxRanker,
    rows: &[usize],
    rank: u64,
    f: &mut impl FnMut(u64),
) {
    let m = rows.len();
    for r in 0..m {
        let v = rows[r];
        let upper = if r == 0 { ranker.cols() } else { rows[r - 1] };
        if v >= upper {
            continue;
        }
        let mut k = r;
        while k + 1 < m && rows[k + 1] == v {
            k += 1;
        }
        raise(ranker, r, k, v, v + 1, upper, rank, f);
    }
}

/// Every position with a move to `rows` (as [`for_each_predecessor`], the
/// reference the tests check it against), in runs: calls `f(first, count)` for
/// `count` consecutive ranks from `first` that are all predecessors (every
/// predecessor once). Runs come from the bottom rows: when the raised rows
/// reach the bottom of the box, the last one's term is its length, so its
/// lengths are consecutive ranks; and when they are empty rows, every tail of
/// at most `upper` squares a row is a predecessor, and those tails' ranks are
/// one block (see [`BoxRanker::tails`]). Marking a run a word at a time is
/// what makes the big boxes' solve fast: the positions of few rows mark
/// billions of predecessors (every board starting with `a, a − 1` is N).
///
/// Resumable: at most `budget` runs are given to `f` (the budget is lowered
/// by as many); when it runs out first, `cursor` keeps where the walk
/// stopped and the answer is false, and a later call with the same position
/// and cursor goes on from there. A single position of a big box has up to
/// hundreds of millions of runs (seconds of work), which a solve sliced
/// between a game's requests cannot do in one piece. True when done.
pub fn predecessor_runs(
    ranker: &BoxRanker,
    rows: &[usize],
    rank: u64,
    cursor: &mut WalkCursor,
    budget: &mut u64,
    f: &mut impl FnMut(u64, u64),
) -> bool {
    let m = rows.len();
    if cursor.path.len() != m {
        cursor.path = vec![0; m];
    }
    while cursor.row < m {
        let r = cursor.row;
        let v = rows[r];
        let upper = if r == 0 { ranker.cols() } else { rows[r - 1] };
        if v < upper && v == 0 {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            // Rows r.. are all empty (the ones below cannot be longer), each
            // contributes 0 to `rank`: any non-empty tail within `upper`.
            f(rank + 1, ranker.tails(m - r, upper) - 1);
            // Nothing below r can be raised on its own: a row below an empty
            // one has an upper bound of 0.
            cursor.row = m;
            break;
        }
        if v < upper {
            let mut k = r;
            while k + 1 < m && rows[k + 1] == v {
                k += 1;
            }
            if !raise_within(
                ranker,
                r,
                k,
                v,
                v + 1,
                upper,
                rank,
                &mut cursor.path,
                budget,
                cursor.resume,
                f,
            ) {
                cursor.resume = true;
                return false;
            }
        }
        cursor.row += 1;
        cursor.resume = false;
    }
    true
}

/// Where [`predecessor_runs`] stopped: the row being raised and the lengths
/// of the rows below it at the run not yet given.
#[derive(Clone, Debug, Default)]
pub struct WalkCursor {
    row: usize,
    path: Vec<usize>,
    resume: bool,
}

impl WalkCursor {
    /// Back to the start of a walk, for another position (its room kept).
    pub fn restart(&mut self) {
        self.row = 0;
        self.resume = false;
    }
}

/// Enumerates rows i..=k, each from `low` (v + 1 for the first, v after) up
/// to the row above, as runs (see [`raise_runs`]), within `budget` runs: a
/// part that fits the budget goes to [`raise_runs`] whole, so the walk costs
/// nothing more than an unbounded one but at the top of big parts. With
/// `resume`, starts at the lengths `path` kept when the budget ran out;
/// false when it runs out again (`path` then says where).
#[allow(clippy::too_many_arguments)]
fn raise_within(
    ranker: &BoxRanker,
    i: usize,
    k: usize,
    v: usize,
    low: usize,
    upper: usize,
    rank: u64,
    path: &mut [usize],
    budget: &mut u64,
    resume: bool,
    f: &mut impl FnMut(u64, u64),
) -> bool {
    let bottom = k + 1 == ranker.rows();
    // Runs of this part, at most: one per choice of lengths of rows i..=k
    // in v..=upper (of rows i..k when the bottom row's lengths are one run).
    let size = ranker.tails(k - i + usize::from(!bottom), upper - v);
    if !resume && size <= *budget {
        *budget -= size;
        raise_runs(ranker, i, k, v, low, upper, rank, f);
        return true;
    }
    let base = ranker.term(i, v);
    if i == k && bottom {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        f(rank + ranker.term(i, low) - base, (upper - low + 1) as u64);
        return true;
    }
    let first = if resume { path[i] } else { low };
    for len in first..=upper {
        let r = rank + ranker.term(i, len) - base;
        let done = if i == k {
            *budget > 0 && {
                *budget -= 1;
                f(r, 1);
                true
            }
        } else {
            raise_within(
                ranker,
                i + 1,
                k,
                v,
                v,
                len,
                r,
                path,
                budget,
                resume && len == first,
                f,
            )
        };
        if !done {
            path[i] = len;
            return false;
        }
    }
    true
}

/// Enumerates rows i..=k, each from `low` (v + 1 for the first, v after) up
/// to the row above, as runs: the last row's lengths are one run when it is
/// the box's bottom row (whose term is its length).
#[allow(clippy::too_many_arguments)]
fn raise_runs(
    ranker: &BoxRanker,
    i: usize,
    k: usize,
    v: usize,
    low: usize,
    upper: usize,
    rank: u64,
    f: &mut impl FnMut(u64, u64),
) {
    let base = ranker.term(i, v);
    if i == k && k + 1 == ranker.rows() {
        f(rank + ranker.term(i, low) - base, (upper - low + 1) as u64);
        return;
    }
    for len in low..=upper {
        let r = rank + ranker.term(i, len) - base;
        if i == k {
            f(r, 1);
        } else {
            raise_runs(ranker, i + 1, k, v, v, len, r, f);
        }
    }
}

/// Enumerates rows i..=k, each from `low` (v + 1 for the first, v after) up to
/// the row above, adding each row's rank change to `rank`.
#[allow(clippy::too_many_arguments)]
#[cfg(test)]
fn raise(
    ranker: &BoxRanker,
    i: usize,
    k: usize,
    v: usize,
    low: usize,
    upper: usize,
    rank: u64,
    f: &mut impl FnMut(u64),
) {
    let base = ranker.term(i, v);
    for len in low..=upper {
        let r = rank + ranker.term(i, len) - base;
        if i == k {
            f(r);
        } else {
            raise(ranker, i + 1, k, v, v, len, r, f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chomp::rank::next_in_rank_order;
    use crate::chomp::Position;
    use std::collections::BTreeSet;

    #[test]
    fn successors_and_predecessors_are_inverse() {
        for (m, n) in [(1, 4), (2, 5), (3, 3), (4, 5), (5, 3), (6, 6), (7, 4)] {
            let ranker = BoxRanker::new(m, n).unwrap();
            let mut rows = vec![0; m];
            let mut all = vec![];
            while next_in_rank_order(&mut rows, n) {
                all.push(rows.clone());
            }
            let mut forward = BTreeSet::new();
            for q in &all {
                let rank = ranker.rank_rows(q);
                let p = Position::new(q).unwrap();
                let mut from_walk = vec![];
                for_each_successor(&ranker, q, rank, |s| from_walk.push(s));
                let mut direct: Vec<u64> = p
                    .moves()
                    .map(|mv| ranker.rank(&p.play(mv).unwrap()))
                    .collect();
                from_walk.sort();
                direct.sort();
                assert_eq!(from_walk, direct, "successors of {p}");
                for s in direct {
                    forward.insert((rank, s));
                }
            }
            let mut backward = BTreeSet::new();
            for q in &all {
                let rank = ranker.rank_rows(q);
                for_each_predecessor(&ranker, q, rank, &mut |p| {
                    assert!(backward.insert((p, rank)), "predecessor listed twice");
                });
            }
            assert_eq!(forward, backward, "{m}x{n}");
            // In runs, in one go or stopped and resumed after every few runs:
            // the same predecessors, each once.
            for slice in [u64::MAX, 1, 2, 3, 7] {
                let mut in_runs = BTreeSet::new();
                for q in &all {
                    let rank = ranker.rank_rows(q);
                    let mut cursor = WalkCursor::default();
                    let mut calls = 0;
                    loop {
                        let mut budget = slice;
                        let done = predecessor_runs(
                            &ranker,
                            q,
                            rank,
                            &mut cursor,
                            &mut budget,
                            &mut |first, count| {
                                assert!(count > 0);
                                for p in first..first + count {
                                    assert!(in_runs.insert((p, rank)), "run overlaps");
                                }
                            },
                        );
                        calls += 1;
                        if done {
                            break;
                        }
                        assert_eq!(budget, 0, "stopped with budget left");
                    }
                    assert!(calls < 1000, "{calls}");
                }
                assert_eq!(in_runs, backward, "runs {m}x{n}, slices of {slice}");
            }
        }
    }
}
