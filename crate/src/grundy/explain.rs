//! "Why?" for Grundy's game, from the table of Grundy values: why a split
//! wins or loses (the nim-sums, the opponent's replies and the answer to
//! each, two plies deep), or why a position is won (its winning splits) or
//! lost (every split has an answer). Heaps of one size are interchangeable,
//! so the splits of each size are listed once, for its first heap.
//!
//! The work is bounded: at most [`WHY_LIMIT`] splits are listed, and a won
//! position's winning splits are looked for among [`SCAN_BUDGET`] splits at
//! most (a heap of 2^24 has over eight million).

use super::heaps::{splits_of, GrundyError, Heaps, Split};
use super::play::{first_winning_move, nim_sum};
use super::values::GrundyTable;
use serde::Serialize;

/// Splits listed by "Why?" at most.
pub const WHY_LIMIT: usize = 64;

/// Splits examined at most when looking for a won position's winning splits.
pub const SCAN_BUDGET: u64 = 1 << 22;

/// The live heaps of a position with their Grundy values and nim-sum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NimSum {
    /// The heaps of 3 or more, in order (those set aside have G = 0).
    pub heaps: Vec<u32>,
    /// G of each.
    pub values: Vec<u16>,
    /// Their xor: 0 means the player to move there loses.
    pub nim_sum: u16,
}

/// A split and the answer to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Answered {
    /// The split (a reply of the opponent, a split from a lost position, or
    /// a winning split); `heap` indexes the live heaps where it is played.
    pub mv: Split,
    /// The nim-sum it leaves.
    pub nim_sum: u16,
    /// The split that makes the nim-sum 0 again (its `heap` indexes the live
    /// heaps after `mv`); `None` for a winning split, which needs none.
    pub answer: Option<Split>,
}

/// "Why?": why a split wins or loses, or why a position is won or lost.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Why {
    /// The split explained; `None`: the position itself.
    pub split: Option<Split>,
    /// Whether the split wins (leaves nim-sum 0); for the position, whether
    /// it is won (its nim-sum is not 0).
    pub winning: bool,
    /// The position explained, before the split.
    pub before: NimSum,
    /// What the split leaves (`None` for the position).
    pub after: Option<NimSum>,
    /// G of the heap split, of its larger part and of its smaller part.
    pub parts: Option<[u16; 3]>,
    /// A winning split: the opponent's replies, each with the answer that
    /// makes the nim-sum 0 again. A lost position: its splits and their
    /// answers. A won position: its winning splits. At most [`WHY_LIMIT`].
    pub replies: Vec<Answered>,
    /// Splits of the same kind left out of `replies`.
    pub more: u64,
    /// False when `more` is only a lower bound (a won position with more
    /// winning splits than [`SCAN_BUDGET`] lets count).
    pub more_exact: bool,
    /// A losing split: the opponent's refutation, which makes the nim-sum 0.
    pub refutation: Option<Answered>,
}

/// The first heap of each size, as (index, size), in order.
fn distinct(live: &[u32]) -> Vec<(usize, u32)> {
    let mut seen = std::collections::HashSet::new();
    live.iter()
        .copied()
        .enumerate()
        .filter(|&(_, h)| seen.insert(h))
        .collect()
}

fn nim(table: &GrundyTable, heaps: &Heaps) -> Result<NimSum, GrundyError> {
    let live = heaps.live();
    let nim_sum = nim_sum(table, live)?;
    let values = live.iter().map(|&h| table.get(h).unwrap_or(0)).collect();
    Ok(NimSum {
        heaps: live.to_vec(),
        values,
        nim_sum,
    })
}

/// The split that makes the nim-sum of `heaps` 0, when it is not already.
fn answer(table: &GrundyTable, heaps: &Heaps) -> Result<(u16, Option<Split>), GrundyError> {
    let x = nim_sum(table, heaps.live())?;
    Ok((x, first_winning_move(table, heaps.live(), x)))
}

/// Every split of one heap of each size of `heaps` (at most [`WHY_LIMIT`]),
/// with the nim-sum it leaves and the answer that makes it 0 again, and
/// how many more there are.
fn answered(table: &GrundyTable, heaps: &Heaps) -> Result<(Vec<Answered>, u64), GrundyError> {
    let sizes = distinct(heaps.live());
    let total: u64 = sizes.iter().map(|&(_, h)| u64::from((h - 1) / 2)).sum();
    let mut out = Vec::new();
    let all = sizes
        .iter()
        .flat_map(|&(heap, h)| splits_of(h).map(move |(big, small)| Split { heap, big, small }));
    for mv in all.take(WHY_LIMIT) {
        let (nim_sum, answer) = answer(table, &heaps.apply(mv)?)?;
        out.push(Answered {
            mv,
            nim_sum,
            answer,
        });
    }
    let listed = out.len() as u64;
    Ok((out, total - listed))
}

/// The winning splits of `heaps` (nim-sum `x`, not 0), one heap of each
/// size: at most [`WHY_LIMIT`] listed, how many more, and whether that
/// count is exact (the search stops after [`SCAN_BUDGET`] splits).
fn winning_splits(
    table: &GrundyTable,
    heaps: &Heaps,
    x: u16,
) -> Result<(Vec<Answered>, u64, bool), GrundyError> {
    let mut out = Vec::new();
    let mut more = 0u64;
    let mut budget = SCAN_BUDGET;
    let mut exact = true;
    let g = |n: u32| table.get(n).unwrap_or(0);
    'heaps: for (heap, h) in distinct(heaps.live()) {
        let target = g(h) ^ x;
        for (big, small) in splits_of(h) {
            if budget == 0 {
                exact = false;
                break 'heaps;
            }
            budget -= 1;
            if g(big) ^ g(small) != target {
                continue;
            }
            if out.len() < WHY_LIMIT {
                let mv = Split { heap, big, small };
                out.push(Answered {
                    mv,
                    nim_sum: 0,
                    answer: None,
                });
            } else {
                more += 1;
            }
        }
    }
    if out.is_empty() {
        // Past the budget before the first: the one the hint gives.
        if let Some(mv) = first_winning_move(table, heaps.live(), x) {
            out.push(Answered {
                mv,
                nim_sum: 0,
                answer: None,
            });
        }
    }
    Ok((out, more, exact))
}

/// Why `split` of `position` wins or loses, or, without one, why the
/// position is won (its winning splits) or lost (every split has an
/// answer). Every heap must be in `table`; an illegal split is refused
/// with its code.
pub fn explain(
    table: &GrundyTable,
    position: &Heaps,
    split: Option<Split>,
) -> Result<Why, GrundyError> {
    let before = nim(table, position)?;
    let mut why = Why {
        split,
        winning: false,
        before,
        after: None,
        parts: None,
        replies: Vec::new(),
        more: 0,
        more_exact: true,
        refutation: None,
    };
    let Some(split) = split else {
        let x = why.before.nim_sum;
        why.winning = x != 0;
        (why.replies, why.more, why.more_exact) = if why.winning {
            winning_splits(table, position, x)?
        } else {
            let (replies, more) = answered(table, position)?;
            (replies, more, true)
        };
        return Ok(why);
    };
    let after = position.apply(split)?;
    let g = |n: u32| table.get(n).ok_or(GrundyError::NotComputed { size: n });
    why.parts = Some([g(split.big + split.small)?, g(split.big)?, g(split.small)?]);
    let leaves = nim(table, &after)?;
    why.winning = leaves.nim_sum == 0;
    why.after = Some(leaves);
    if why.winning {
        (why.replies, why.more) = answered(table, &after)?;
    } else {
        let (nim_sum, refutation) = answer(table, &after)?;
        why.refutation = refutation.map(|mv| Answered {
            mv,
            nim_sum,
            answer: None,
        });
    }
    Ok(why)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Whether the player to move wins, by plain recursion over the splits
    /// (no Grundy values): a position is won when some split leaves a lost one.
    fn wins(heaps: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
        let mut key: Vec<u32> = heaps.iter().copied().filter(|&h| h > 2).collect();
        key.sort_unstable();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let mut won = false;
        'all: for i in 0..key.len() {
            for small in 1..=(key[i] - 1) / 2 {
                let mut next = key.clone();
                next[i] -= small;
                next.push(small);
                if !wins(&next, memo) {
                    won = true;
                    break 'all;
                }
            }
        }
        memo.insert(key, won);
        won
    }

    /// Every list of heaps (non-increasing) of `total` matches or fewer.
    fn positions(total: u32) -> Vec<Vec<u32>> {
        fn rec(left: u32, top: u32, prefix: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
            if !prefix.is_empty() {
                out.push(prefix.clone());
            }
            for h in (1..=top.min(left)).rev() {
                prefix.push(h);
                rec(left - h, h, prefix, out);
                prefix.pop();
            }
        }
        let mut out = Vec::new();
        rec(total, total, &mut Vec::new(), &mut out);
        out
    }

    fn full(h: &Heaps) -> Vec<u32> {
        let mut v = h.live().to_vec();
        v.extend(std::iter::repeat_n(1, h.ones() as usize));
        v.extend(std::iter::repeat_n(2, h.twos() as usize));
        v
    }

    /// Splits of one heap of each size.
    fn distinct_splits(h: &Heaps) -> Vec<Split> {
        distinct(h.live())
            .into_iter()
            .flat_map(|(heap, n)| splits_of(n).map(move |(big, small)| Split { heap, big, small }))
            .collect()
    }

    #[test]
    fn every_split_of_every_position_up_to_20_matches_a_plain_recursion() {
        let table = GrundyTable::new(20);
        let mut memo = HashMap::new();
        let (mut splits, mut answers) = (0, 0);
        let lost = |h: &Heaps, memo: &mut HashMap<Vec<u32>, bool>| !wins(&full(h), memo);
        for list in positions(20) {
            let position = Heaps::from_list(&list).unwrap();
            // The position itself.
            let why = explain(&table, &position, None).unwrap();
            assert_eq!(why.winning, !lost(&position, &mut memo), "{list:?}");
            assert!(why.split.is_none() && why.after.is_none() && why.refutation.is_none());
            assert_eq!(why.before.heaps, position.live());
            if why.winning {
                let all: Vec<Split> = distinct_splits(&position)
                    .into_iter()
                    .filter(|&s| lost(&position.apply(s).unwrap(), &mut memo))
                    .collect();
                let listed: Vec<Split> = why.replies.iter().map(|r| r.mv).collect();
                assert_eq!(listed, all, "{list:?}");
                assert_eq!((why.more, why.more_exact), (0, true));
            } else {
                assert_eq!(why.replies.len(), distinct_splits(&position).len());
                for r in &why.replies {
                    let b = position.apply(r.mv).unwrap();
                    let c = b.apply(r.answer.unwrap()).unwrap();
                    assert!(lost(&c, &mut memo), "{list:?} {r:?}");
                    answers += 1;
                }
            }
            // Each split of it.
            for (heap, &n) in position.live().iter().enumerate() {
                for (big, small) in splits_of(n) {
                    let split = Split { heap, big, small };
                    let after = position.apply(split).unwrap();
                    let why = explain(&table, &position, Some(split)).unwrap();
                    let leaves = why.after.clone().unwrap();
                    assert_eq!(why.winning, lost(&after, &mut memo), "{list:?} {split:?}");
                    assert_eq!(why.winning, leaves.nim_sum == 0);
                    assert_eq!(leaves.heaps, after.live());
                    let [g, gb, gs] = why.parts.unwrap();
                    assert_eq!(
                        leaves.nim_sum,
                        why.before.nim_sum ^ g ^ gb ^ gs,
                        "{list:?} {split:?}"
                    );
                    if why.winning {
                        assert!(why.refutation.is_none());
                        let replies = distinct_splits(&after);
                        assert_eq!(why.replies.len() as u64 + why.more, replies.len() as u64);
                        for r in &why.replies {
                            let b = after.apply(r.mv).unwrap();
                            assert_ne!(r.nim_sum, 0);
                            let c = b.apply(r.answer.unwrap()).unwrap();
                            assert!(lost(&c, &mut memo), "{list:?} {split:?} {r:?}");
                            answers += 1;
                        }
                    } else {
                        assert!(why.replies.is_empty());
                        let r = why.refutation.unwrap();
                        assert_eq!(r.nim_sum, leaves.nim_sum);
                        let c = after.apply(r.mv).unwrap();
                        assert!(lost(&c, &mut memo), "{list:?} {split:?}");
                    }
                    splits += 1;
                }
            }
        }
        assert!(splits > 5_000 && answers > 10_000, "{splits} {answers}");
    }

    #[test]
    fn illegal_splits_are_refused_with_their_codes() {
        use crate::error::Coded;
        let table = GrundyTable::new(20);
        let p = Heaps::from_list(&[20, 7, 2]).unwrap();
        let code = |heap, big, small| {
            explain(&table, &p, Some(Split { heap, big, small }))
                .unwrap_err()
                .code()
        };
        assert_eq!(code(2, 1, 1), "split.no_heap");
        assert_eq!(code(0, 10, 10), "split.equal");
        assert_eq!(code(0, 20, 0), "split.empty_part");
        assert_eq!(code(0, 7, 13), "split.order");
        assert_eq!(code(1, 5, 1), "split.wrong_sum");
        // A heap past the table is not guessed at.
        let big = Heaps::from_list(&[40]).unwrap();
        assert_eq!(
            explain(&table, &big, None).unwrap_err().code(),
            "heaps.not_computed"
        );
    }

    #[test]
    fn big_heaps_list_the_first_splits_and_count_or_bound_the_rest() {
        let table = GrundyTable::new(200_000);
        // A winning split leaving two big heaps: replies of one heap of each size.
        let p = Heaps::from_list(&[200_000, 150_000, 150_000]).unwrap();
        let x = nim_sum(&table, p.live()).unwrap();
        let mv = first_winning_move(&table, p.live(), x).unwrap();
        let why = explain(&table, &p, Some(mv)).unwrap();
        assert!(why.winning);
        assert_eq!(why.replies.len(), WHY_LIMIT);
        let after = p.apply(mv).unwrap();
        let total: u64 = distinct(after.live())
            .iter()
            .map(|&(_, h)| u64::from((h - 1) / 2))
            .sum();
        assert_eq!(why.replies.len() as u64 + why.more, total);
        // A won position's winning splits: listed, counted within the budget.
        let why = explain(&table, &Heaps::from_list(&[200_000]).unwrap(), None).unwrap();
        assert!(why.winning && !why.replies.is_empty() && why.more_exact);
        // Past the budget the count is a lower bound, and a winning split is still named.
        let many: Vec<u32> = (0..60).map(|i| 199_000 + i * 7).collect();
        let p = Heaps::from_list(&many).unwrap();
        let why = explain(&table, &p, None).unwrap();
        assert!(why.winning && !why.more_exact);
        for r in &why.replies {
            assert_eq!(nim_sum(&table, p.apply(r.mv).unwrap().live()).unwrap(), 0);
        }
    }
}
