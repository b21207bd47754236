//! What a player (or the computer) needs about a position: the value of every
//! move, and the computer's choice at each level.

use super::position::{Move, Position, PositionError};
use super::solver::{Outcome, Solution};

/// How the computer chooses its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Wins as fast as possible when it can; otherwise resists as long as possible.
    Perfect,
    /// The original JavaScript page: a move into the kernel when there is one
    /// (the first found, like its `suivt[pos]`), otherwise any random move.
    Original,
    /// Any legal move, uniformly at random.
    Random,
}

impl Level {
    /// Parses `perfect`, `original` or `random`.
    pub fn parse(text: &str) -> Option<Level> {
        match text {
            "perfect" => Some(Level::Perfect),
            "original" => Some(Level::Original),
            "random" => Some(Level::Random),
            _ => None,
        }
    }
}

/// One legal move and what is known of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The square eaten.
    pub mv: Move,
    /// `Some(true)` when the move is proven to lead into the kernel (the mover
    /// then wins), `Some(false)` when proven not to, `None` when unknown.
    pub winning: Option<bool>,
    /// Remoteness of the position after the move, when known.
    pub remoteness: Option<u32>,
    /// Squares left after the move, the poison included.
    pub squares_left: usize,
}

/// What is known of a position and of each of its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Outcome for the player to move, when known.
    pub outcome: Option<Outcome>,
    /// Moves left under perfect play, when known.
    pub remoteness: Option<u32>,
    /// True when every move's value is known.
    pub exact: bool,
    /// Every legal move, row by row, left to right.
    pub moves: Vec<MoveValue>,
}

impl Verdict {
    /// The moves proven to win, row by row.
    pub fn winning_moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves
            .iter()
            .filter(|v| v.winning == Some(true))
            .map(|v| v.mv)
    }

    /// The value of `mv`, if it is a legal move.
    pub fn value_of(&self, mv: Move) -> Option<&MoveValue> {
        self.moves.iter().find(|v| v.mv == mv)
    }
}

/// Exact values of every move from `position`, which must fit the solved box.
pub fn analyze(solution: &Solution, position: &Position) -> Result<Verdict, PositionError> {
    let moves = position
        .moves()
        .map(|mv| {
            let child = position.play(mv)?;
            Ok(MoveValue {
                mv,
                winning: Some(solution.outcome(&child)? == Outcome::P),
                remoteness: solution.remoteness(&child)?,
                squares_left: child.squares(),
            })
        })
        .collect::<Result<Vec<_>, PositionError>>()?;
    Ok(Verdict {
        outcome: Some(solution.outcome(position)?),
        remoteness: solution.remoteness(position)?,
        exact: true,
        moves,
    })
}

/// Picks one of `items` with `random` in `[0, 1)`.
pub(crate) fn pick<T: Copy>(items: &[T], random: f64) -> Option<T> {
    if items.is_empty() {
        return None;
    }
    let r = if random.is_finite() {
        random.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let i = ((r * items.len() as f64) as usize).min(items.len() - 1);
    Some(items[i])
}

/// The computer's choice and whether it is sure of its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The square to eat.
    pub mv: Move,
    /// False when the board is past exact reach and the move's value is unknown.
    pub sure: bool,
}

/// Counts the winning replies to a position, from an exact table.
pub type ReplyCounter<'a> = &'a dyn Fn(&Position) -> Result<usize, PositionError>;

/// The computer's move at `level` from what `verdict` knows of `position`,
/// or `None` when only the poison is left. `random` in `[0, 1)` breaks ties
/// and drives the random levels, so the caller owns the randomness and tests
/// are repeatable. `replies`, when given, counts the winning replies to a
/// position (an exact table that has no remoteness): a losing perfect player
/// then leaves the opponent the fewest.
pub fn choose(
    position: &Position,
    verdict: &Verdict,
    level: Level,
    random: f64,
    replies: Option<ReplyCounter>,
) -> Result<Option<Choice>, PositionError> {
    let all: Vec<&MoveValue> = verdict.moves.iter().collect();
    let wins: Vec<&MoveValue> = all
        .iter()
        .copied()
        .filter(|v| v.winning == Some(true))
        .collect();
    let sure = |mv| Choice { mv, sure: true };
    let unsure = |mv| Choice {
        mv,
        sure: verdict.exact,
    };
    let moves = |pool: &[&MoveValue]| pool.iter().map(|v| v.mv).collect::<Vec<_>>();
    Ok(match level {
        Level::Random => pick(&moves(&all), random).map(sure),
        Level::Original => match wins.first() {
            Some(v) => Some(sure(v.mv)),
            None => pick(&moves(&all), random).map(unsure),
        },
        Level::Perfect if !wins.is_empty() => {
            // Hurry: the quickest win, else the bite that leaves the least.
            let best = if wins.iter().all(|v| v.remoteness.is_some()) {
                best_by(&wins, |v| std::cmp::Reverse(v.remoteness))
            } else {
                best_by(&wins, |v| std::cmp::Reverse(v.squares_left))
            };
            pick(&best, random).map(sure)
        }
        Level::Perfect => {
            // Losing, or unsure: moves not known to lose come first; then the
            // longest resistance (by remoteness, else by the fewest winning
            // replies, else by the smallest bite).
            let open: Vec<&MoveValue> = all
                .iter()
                .copied()
                .filter(|v| v.winning.is_none())
                .collect();
            let pool = if open.is_empty() { all } else { open };
            let best = if pool.iter().all(|v| v.remoteness.is_some()) {
                best_by(&pool, |v| v.remoteness)
            } else if let (Some(count), true) = (replies, verdict.exact) {
                let mut scored = Vec::with_capacity(pool.len());
                for v in &pool {
                    let n = count(&position.play(v.mv)?)?;
                    scored.push((std::cmp::Reverse(n), v.squares_left, v.mv));
                }
                let top = scored.iter().map(|s| (s.0, s.1)).max();
                scored
                    .iter()
                    .filter(|s| Some((s.0, s.1)) == top)
                    .map(|s| s.2)
                    .collect()
            } else {
                best_by(&pool, |v| v.squares_left)
            };
            pick(&best, random).map(unsure)
        }
    })
}

/// The moves of `pool` with the largest `key`, in board order.
fn best_by<K: Ord>(pool: &[&MoveValue], key: impl Fn(&MoveValue) -> K) -> Vec<Move> {
    let top = pool.iter().map(|v| key(v)).max();
    pool.iter()
        .filter(|v| Some(key(v)) == top)
        .map(|v| v.mv)
        .collect()
}

/// How many moves from `position` lead into the kernel.
pub(crate) fn winning_replies(
    solution: &Solution,
    position: &Position,
) -> Result<usize, PositionError> {
    let mut n = 0;
    for reply in position.moves() {
        if solution.outcome(&position.play(reply)?)? == Outcome::P {
            n += 1;
        }
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The computer's move in a solved box, as the engine chooses it.
    fn computer_move(
        solution: &Solution,
        position: &Position,
        level: Level,
        random: f64,
    ) -> Result<Option<Move>, PositionError> {
        let verdict = analyze(solution, position)?;
        let replies = |p: &Position| winning_replies(solution, p);
        Ok(choose(position, &verdict, level, random, Some(&replies))?.map(|c| c.mv))
    }

    fn solved(m: usize, n: usize) -> Solution {
        Solution::solve(m, n, &mut |_, _| {}).unwrap()
    }

    #[test]
    fn perfect_computer_wins_fastest_and_resists_longest() {
        let s = solved(4, 5);
        let start = Position::rectangle(4, 5).unwrap();
        let a = analyze(&s, &start).unwrap();
        assert_eq!(a.outcome, Some(Outcome::N));
        for r in [0.0, 0.3, 0.99] {
            let mv = computer_move(&s, &start, Level::Perfect, r)
                .unwrap()
                .unwrap();
            let v = a.value_of(mv).unwrap();
            assert_eq!(v.winning, Some(true));
            assert_eq!(v.remoteness.unwrap() + 1, a.remoteness.unwrap());
        }
        // From a P-position every move loses; the computer picks the longest.
        let p = Position::new(&[2, 1]).unwrap();
        let a = analyze(&s, &p).unwrap();
        assert_eq!(a.outcome, Some(Outcome::P));
        let mv = computer_move(&s, &p, Level::Perfect, 0.5).unwrap().unwrap();
        let longest = a.moves.iter().map(|v| v.remoteness.unwrap()).max().unwrap();
        assert_eq!(
            a.moves.iter().find(|v| v.mv == mv).unwrap().remoteness,
            Some(longest)
        );
    }

    #[test]
    fn original_level_takes_the_first_kernel_move() {
        let s = solved(2, 3);
        let start = Position::rectangle(2, 3).unwrap();
        assert_eq!(
            computer_move(&s, &start, Level::Original, 0.7).unwrap(),
            Some(Move { row: 2, col: 3 })
        );
    }

    #[test]
    fn random_level_spreads_over_all_moves() {
        let s = solved(3, 3);
        let start = Position::rectangle(3, 3).unwrap();
        let mut seen = std::collections::HashSet::new();
        for i in 0..100 {
            seen.insert(
                computer_move(&s, &start, Level::Random, i as f64 / 100.0)
                    .unwrap()
                    .unwrap(),
            );
        }
        assert_eq!(seen.len(), start.moves().count());
        assert_eq!(
            computer_move(&s, &Position::new(&[1]).unwrap(), Level::Perfect, 0.1).unwrap(),
            None
        );
        // Out-of-range randomness is clamped, never a panic.
        assert!(computer_move(&s, &start, Level::Random, f64::NAN)
            .unwrap()
            .is_some());
        assert!(computer_move(&s, &start, Level::Random, 7.0)
            .unwrap()
            .is_some());
    }

    #[test]
    fn perfect_play_without_remoteness_still_wins_and_resists() {
        let s = Solution::solve_with(6, 7, 0, &mut |_, _| {}).unwrap();
        assert!(!s.has_remoteness());
        let start = Position::rectangle(6, 7).unwrap();
        let mv = computer_move(&s, &start, Level::Perfect, 0.4)
            .unwrap()
            .unwrap();
        assert_eq!(s.outcome(&start.play(mv).unwrap()).unwrap(), Outcome::P);
        // From a P-position: a losing move that leaves the fewest winning replies.
        let p = start.play(mv).unwrap();
        let reply = computer_move(&s, &p, Level::Perfect, 0.4).unwrap().unwrap();
        let child = p.play(reply).unwrap();
        let count = |c: &Position| {
            c.moves()
                .filter(|&m| s.outcome(&c.play(m).unwrap()).unwrap() == Outcome::P)
                .count()
        };
        let fewest = p.moves().map(|m| count(&p.play(m).unwrap())).min().unwrap();
        assert_eq!(count(&child), fewest);
    }

    #[test]
    fn level_names() {
        assert_eq!(Level::parse("perfect"), Some(Level::Perfect));
        assert_eq!(Level::parse("original"), Some(Level::Original));
        assert_eq!(Level::parse("random"), Some(Level::Random));
        assert_eq!(Level::parse("genius"), None);
    }
}
