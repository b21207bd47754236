//! "Why?" for heap games: why a move wins or loses (the nim-sums, the
//! opponent's replies and the answer to each, two plies deep), or why a
//! position is won (its winning moves) or lost (every move has an answer).
//! Heaps of one size are interchangeable, so the moves of each size are
//! listed once, for its first heap. In misère play there are no values: the
//! solved positions say who wins, and each "nim-sum" is 0 for a lost
//! position, 1 for a won one.
//!
//! The work is bounded: at most [`WHY_LIMIT`] moves are listed, and a won
//! position's winning moves are looked for among [`SCAN_BUDGET`] moves at
//! most (a heap of 2^24 has over eight million).

use super::heaps::{GrundyError, HeapMove, Heaps};
use super::play::Solver;
use serde::Serialize;

/// Moves listed by "Why?" at most.
pub const WHY_LIMIT: usize = 64;

/// Moves examined at most when looking for a won position's winning moves.
pub const SCAN_BUDGET: u64 = 1 << 22;

/// The live heaps of a position with their Grundy values and nim-sum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NimSum {
    /// The heaps that can move, in order (those set aside have G = 0).
    pub heaps: Vec<u32>,
    /// G of each (empty in misère play).
    pub values: Vec<u32>,
    /// Their xor: 0 means the player to move there loses (misère: 0 or 1).
    pub nim_sum: u32,
}

/// A move and the answer to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Answered {
    /// The move (a reply of the opponent, a move from a lost position, or
    /// a winning move); `heap` indexes the live heaps where it is played.
    pub mv: HeapMove,
    /// The nim-sum it leaves.
    pub nim_sum: u32,
    /// The move that makes the nim-sum 0 again (its `heap` indexes the live
    /// heaps after `mv`); `None` for a winning move, which needs none.
    pub answer: Option<HeapMove>,
}

/// "Why?": why a move wins or loses, or why a position is won or lost.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Why {
    /// The move explained; `None`: the position itself.
    pub split: Option<HeapMove>,
    /// Whether the move wins (leaves nim-sum 0); for the position, whether
    /// it is won (its nim-sum is not 0).
    pub winning: bool,
    /// The position explained, before the move.
    pub before: NimSum,
    /// What the move leaves (`None` for the position).
    pub after: Option<NimSum>,
    /// G of the heap moved in, of its larger part and of its smaller part
    /// (`None` in misère play).
    pub parts: Option<[u32; 3]>,
    /// A winning move: the opponent's replies, each with the answer that
    /// makes the nim-sum 0 again. A lost position: its moves and their
    /// answers. A won position: its winning moves. At most [`WHY_LIMIT`].
    pub replies: Vec<Answered>,
    /// Moves of the same kind left out of `replies`.
    pub more: u64,
    /// False when `more` is only a lower bound (a won position with more
    /// winning moves than [`SCAN_BUDGET`] lets count).
    pub more_exact: bool,
    /// A losing move: the opponent's refutation, which makes the nim-sum 0.
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

fn nim(solver: &Solver, heaps: &Heaps) -> Result<NimSum, GrundyError> {
    let live = heaps.live();
    let mut values = Vec::new();
    if !solver.misere() {
        for &h in live {
            values.push(
                solver
                    .table()
                    .get(h)
                    .ok_or(GrundyError::NotComputed { size: h })?,
            );
        }
    }
    Ok(NimSum {
        heaps: live.to_vec(),
        values,
        nim_sum: solver.x(live),
    })
}

/// The move that makes the nim-sum of `heaps` 0, when it is not already.
fn answer(solver: &Solver, heaps: &Heaps) -> (u32, Option<HeapMove>) {
    (solver.x(heaps.live()), solver.winning(heaps.live()))
}

/// Every move of one heap of each size of `heaps` (at most [`WHY_LIMIT`]),
/// with the nim-sum it leaves and the answer that makes it 0 again, and
/// how many more there are.
fn answered(solver: &Solver, heaps: &Heaps) -> Result<(Vec<Answered>, u64), GrundyError> {
    let rule = heaps.rule();
    let mut out = Vec::new();
    let mut total = 0;
    let mut bad = None;
    for (heap, h) in distinct(heaps.live()) {
        total += rule.option_count(h);
        rule.find_option(h, &mut |o| {
            if out.len() >= WHY_LIMIT {
                return true;
            }
            let mv = HeapMove::of(heap, o);
            match heaps.apply_move(mv) {
                Ok(after) => {
                    let (nim_sum, answer) = answer(solver, &after);
                    out.push(Answered {
                        mv,
                        nim_sum,
                        answer,
                    });
                }
                Err(e) => bad = Some(e),
            }
            false
        });
    }
    let more = total - out.len() as u64;
    match bad {
        Some(e) => Err(e),
        None => Ok((out, more)),
    }
}

/// The winning moves of `heaps` (nim-sum `x`, not 0), one heap of each
/// size: at most [`WHY_LIMIT`] listed, how many more, and whether that
/// count is exact (the search stops after [`SCAN_BUDGET`] heaps looked at).
fn winning_moves(solver: &Solver, heaps: &Heaps, x: u32) -> (Vec<Answered>, u64, bool) {
    let (live, rule) = (heaps.live(), heaps.rule());
    let mut out = Vec::new();
    let mut more = 0u64;
    let cost = solver.scan_cost(live);
    let mut budget = SCAN_BUDGET;
    let mut exact = true;
    for (heap, h) in distinct(live) {
        rule.find_option(h, &mut |o| {
            if budget < cost {
                exact = false;
                return true;
            }
            budget -= cost;
            let mv = HeapMove::of(heap, o);
            if solver.x_after(live, x, mv) == 0 {
                if out.len() < WHY_LIMIT {
                    out.push(Answered {
                        mv,
                        nim_sum: 0,
                        answer: None,
                    });
                } else {
                    more += 1;
                }
            }
            false
        });
    }
    if out.is_empty() {
        // Past the budget before the first: the one the hint gives.
        out.extend(solver.winning(live).map(|mv| Answered {
            mv,
            nim_sum: 0,
            answer: None,
        }));
    }
    (out, more, exact)
}

/// Why `mv` of `position` wins or loses, or, without one, why the
/// position is won (its winning moves) or lost (every move has an
/// answer). Every heap must be in the solver's table (normal play) or among
/// its solved positions (misère); an illegal move is refused with its code.
#[inline(never)]
pub fn explain(
    solver: &Solver,
    position: &Heaps,
    mv: Option<HeapMove>,
) -> Result<Why, GrundyError> {
    let before = nim(solver, position)?;
    let mut why = Why {
        split: mv,
        winning: false,
        before,
        after: None,
        parts: None,
        replies: Vec::new(),
        more: 0,
        more_exact: true,
        refutation: None,
    };
    let Some(mv) = mv else {
        let x = why.before.nim_sum;
        why.winning = x != 0;
        (why.replies, why.more, why.more_exact) = if why.winning {
            winning_moves(solver, position, x)
        } else {
            let (replies, more) = answered(solver, position)?;
            (replies, more, true)
        };
        return Ok(why);
    };
    let after = position.apply_move(mv)?;
    if !solver.misere() {
        let size = position.live()[mv.heap];
        let g = |n: u32| {
            solver
                .table()
                .get(n)
                .ok_or(GrundyError::NotComputed { size: n })
        };
        why.parts = Some([g(size)?, g(mv.big)?, g(mv.small)?]);
    }
    let leaves = nim(solver, &after)?;
    why.winning = leaves.nim_sum == 0;
    why.after = Some(leaves);
    if why.winning {
        (why.replies, why.more) = answered(solver, &after)?;
    } else {
        let (nim_sum, refutation) = answer(solver, &after);
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
    use super::super::play::tests::{brute, positions};
    use super::super::rule::Rule;
    use super::*;
    use std::collections::HashMap;

    /// Moves of one heap of each size.
    fn distinct_moves(h: &Heaps) -> Vec<HeapMove> {
        let rule = h.rule();
        distinct(h.live())
            .into_iter()
            .flat_map(|(heap, n)| rule.options(n).map(move |o| HeapMove::of(heap, o)))
            .collect()
    }

    fn solver(rule: Rule, misere: bool, list: &[u32]) -> Solver {
        let mut s = Solver::new(rule, misere);
        s.prepare(list, &mut |_| true).unwrap();
        s
    }

    /// Every move of every position of up to `total` tokens, for `rule`.
    fn check_rule(rule: Rule, misere: bool, total: u32) -> (u32, u32) {
        let mut memo = HashMap::new();
        let (mut moves, mut answers) = (0, 0);
        let mut lost = |h: &Heaps| !brute(&rule, misere, &h.to_list(), &mut memo);
        for list in positions(total, usize::MAX) {
            let what = format!("{rule} misère {misere} {list:?}");
            let position = Heaps::of(rule, misere, &list).unwrap();
            let solver = solver(rule, misere, &list);
            // The position itself.
            let why = explain(&solver, &position, None).unwrap();
            assert_eq!(why.winning, !lost(&position), "{what}");
            assert!(why.split.is_none() && why.after.is_none() && why.refutation.is_none());
            assert_eq!(why.before.heaps, position.live());
            assert_eq!(
                why.before.values.is_empty(),
                misere || list.is_empty() || position.live().is_empty()
            );
            if why.winning {
                let all: Vec<HeapMove> = distinct_moves(&position)
                    .into_iter()
                    .filter(|&m| lost(&position.apply_move(m).unwrap()))
                    .collect();
                let listed: Vec<HeapMove> = why.replies.iter().map(|r| r.mv).collect();
                assert_eq!(listed, all, "{what}");
                assert_eq!((why.more, why.more_exact), (0, true));
            } else {
                assert_eq!(why.replies.len(), distinct_moves(&position).len(), "{what}");
                for r in &why.replies {
                    let b = position.apply_move(r.mv).unwrap();
                    // Misère: a move that leaves no move loses with no answer.
                    let Some(answer) = r.answer else {
                        assert!(misere && b.live().is_empty(), "{what} {r:?}");
                        continue;
                    };
                    let c = b.apply_move(answer).unwrap();
                    assert!(lost(&c), "{what} {r:?}");
                    answers += 1;
                }
            }
            // Each move of it.
            for (heap, &n) in position.live().iter().enumerate() {
                for o in rule.options(n) {
                    let mv = HeapMove::of(heap, o);
                    let after = position.apply_move(mv).unwrap();
                    let why = explain(&solver, &position, Some(mv)).unwrap();
                    let leaves = why.after.clone().unwrap();
                    assert_eq!(why.winning, lost(&after), "{what} {mv:?}");
                    assert_eq!(why.winning, leaves.nim_sum == 0);
                    assert_eq!(leaves.heaps, after.live());
                    if let Some([g, gb, gs]) = why.parts {
                        assert_eq!(
                            leaves.nim_sum,
                            why.before.nim_sum ^ g ^ gb ^ gs,
                            "{what} {mv:?}"
                        );
                    }
                    assert_eq!(why.parts.is_none(), misere);
                    if why.winning {
                        assert!(why.refutation.is_none());
                        let replies = distinct_moves(&after);
                        assert_eq!(why.replies.len() as u64 + why.more, replies.len() as u64);
                        for r in &why.replies {
                            let b = after.apply_move(r.mv).unwrap();
                            assert_ne!(r.nim_sum, 0);
                            let Some(answer) = r.answer else {
                                assert!(misere && b.live().is_empty(), "{what} {r:?}");
                                continue;
                            };
                            let c = b.apply_move(answer).unwrap();
                            assert!(lost(&c), "{what} {mv:?} {r:?}");
                            answers += 1;
                        }
                    } else {
                        assert!(why.replies.is_empty());
                        let Some(r) = why.refutation else {
                            assert!(misere && after.live().is_empty(), "{what} {mv:?}");
                            continue;
                        };
                        assert_eq!(r.nim_sum, leaves.nim_sum);
                        let c = after.apply_move(r.mv).unwrap();
                        assert!(lost(&c), "{what} {mv:?}");
                    }
                    moves += 1;
                }
            }
        }
        (moves, answers)
    }

    #[test]
    fn every_split_of_every_position_up_to_20_matches_a_plain_recursion() {
        let (splits, answers) = check_rule(Rule::Grundy, false, 20);
        assert!(splits > 5_000 && answers > 10_000, "{splits} {answers}");
    }

    #[test]
    fn every_move_of_other_rules_and_of_misere_play_matches_a_plain_recursion() {
        for text in ["nim", "kayles", "dawson", "0.333", "4.07", "0.6"] {
            let rule = Rule::parse(text).unwrap();
            for misere in [false, true] {
                let (moves, answers) = check_rule(rule, misere, 11);
                assert!(
                    moves > 500 && answers > 100,
                    "{text} {misere}: {moves} {answers}"
                );
            }
        }
        check_rule(Rule::Grundy, true, 16);
    }

    #[test]
    fn illegal_moves_are_refused_with_their_codes() {
        use crate::error::Coded;
        let p = Heaps::from_list(&[20, 7, 2]).unwrap();
        let table = solver(Rule::Grundy, false, &[20]);
        let code = |heap, big, small| {
            let mv = HeapMove {
                heap,
                take: 0,
                big,
                small,
            };
            explain(&table, &p, Some(mv)).unwrap_err().code()
        };
        assert_eq!(code(2, 1, 1), "split.no_heap");
        assert_eq!(code(0, 10, 10), "split.equal");
        assert_eq!(code(0, 20, 0), "split.empty_part");
        assert_eq!(code(0, 7, 13), "split.order");
        assert_eq!(code(1, 5, 1), "split.wrong_sum");
        // Another rule says what it does not allow.
        let kayles = Rule::parse("kayles").unwrap();
        let k = Heaps::of(kayles, false, &[7]).unwrap();
        let ks = solver(kayles, false, &[7]);
        let code = |take, big, small| {
            let mv = HeapMove {
                heap: 0,
                take,
                big,
                small,
            };
            explain(&ks, &k, Some(mv)).unwrap_err().code()
        };
        assert_eq!(code(3, 4, 0), "move.take");
        assert_eq!(code(1, 5, 0), "move.wrong_sum");
        assert_eq!(code(0, 4, 3), "move.take");
        assert_eq!(code(1, 2, 4), "split.order");
        let matches = Rule::parse("0.333").unwrap();
        let d = Heaps::of(matches, false, &[7]).unwrap();
        let mv = HeapMove {
            heap: 0,
            take: 1,
            big: 3,
            small: 3,
        };
        let e = explain(&solver(matches, false, &[7]), &d, Some(mv)).unwrap_err();
        assert_eq!(
            (e.code(), e.params()[1].1.clone()),
            ("move.leave", 2u32.into())
        );
        // A heap past the table is not guessed at.
        let big = Heaps::from_list(&[40]).unwrap();
        assert_eq!(
            explain(&table, &big, None).unwrap_err().code(),
            "heaps.not_computed"
        );
    }

    #[test]
    fn big_heaps_list_the_first_splits_and_count_or_bound_the_rest() {
        let s = solver(Rule::Grundy, false, &[200_000]);
        // A winning split leaving two big heaps: replies of one heap of each size.
        let p = Heaps::from_list(&[200_000, 150_000, 150_000]).unwrap();
        let mv = s.winning(p.live()).unwrap();
        let why = explain(&s, &p, Some(mv)).unwrap();
        assert!(why.winning);
        assert_eq!(why.replies.len(), WHY_LIMIT);
        let after = p.apply_move(mv).unwrap();
        let total: u64 = distinct(after.live())
            .iter()
            .map(|&(_, h)| u64::from((h - 1) / 2))
            .sum();
        assert_eq!(why.replies.len() as u64 + why.more, total);
        // A won position's winning splits: listed, counted within the budget.
        let why = explain(&s, &Heaps::from_list(&[200_000]).unwrap(), None).unwrap();
        assert!(why.winning && !why.replies.is_empty() && why.more_exact);
        // Past the budget the count is a lower bound, and a winning split is still named.
        let many: Vec<u32> = (0..60).map(|i| 199_000 + i * 7).collect();
        let p = Heaps::from_list(&many).unwrap();
        let why = explain(&s, &p, None).unwrap();
        assert!(why.winning && !why.more_exact);
        for r in &why.replies {
            assert_eq!(s.x(p.apply_move(r.mv).unwrap().live()), 0);
        }
        // Misère Nim on big heaps: Bouton's rule, the scan bounded.
        let nim: Vec<u32> = (0..40).map(|i| 100_000 + i * 13).collect();
        let s = solver(Rule::Nim, true, &nim);
        let p = Heaps::of(Rule::Nim, true, &nim).unwrap();
        let why = explain(&s, &p, None).unwrap();
        assert!(why.winning && !why.more_exact && !why.replies.is_empty());
    }
}
