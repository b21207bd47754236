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

/// One legal move and where it leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The square eaten.
    pub mv: Move,
    /// True when the move leads into the kernel: the mover then wins.
    pub winning: bool,
    /// Remoteness of the position after the move, when the box has it.
    pub remoteness: Option<u32>,
    /// Squares left after the move, the poison included.
    pub squares_left: usize,
}

/// Everything the page shows about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Outcome for the player to move.
    pub outcome: Outcome,
    /// Moves left under perfect play, when the box has remoteness.
    pub remoteness: Option<u32>,
    /// Every legal move with its value, row by row.
    pub moves: Vec<MoveValue>,
}

impl Analysis {
    /// The moves into the kernel, row by row.
    pub fn winning_moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.moves.iter().filter(|v| v.winning).map(|v| v.mv)
    }
}

/// Values of every move from `position`, which must fit the solved box.
pub fn analyze(solution: &Solution, position: &Position) -> Result<Analysis, PositionError> {
    let remoteness = solution.remoteness(position)?;
    let moves = position
        .moves()
        .map(|mv| {
            let child = position.play(mv)?;
            Ok(MoveValue {
                mv,
                winning: solution.outcome(&child)? == Outcome::P,
                remoteness: solution.remoteness(&child)?,
                squares_left: child.squares(),
            })
        })
        .collect::<Result<Vec<_>, PositionError>>()?;
    Ok(Analysis {
        outcome: solution.outcome(position)?,
        remoteness,
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

/// The computer's move at `level`, or `None` when only the poison is left.
/// `random` in `[0, 1)` breaks ties and drives the random levels, so the
/// caller owns the randomness and tests are repeatable.
pub fn computer_move(
    solution: &Solution,
    position: &Position,
    level: Level,
    random: f64,
) -> Result<Option<Move>, PositionError> {
    let analysis = analyze(solution, position)?;
    let all: Vec<Move> = analysis.moves.iter().map(|v| v.mv).collect();
    Ok(match level {
        Level::Random => pick(&all, random),
        Level::Original => analysis
            .winning_moves()
            .next()
            .or_else(|| pick(&all, random)),
        Level::Perfect => pick(&perfect_candidates(solution, position, &analysis)?, random),
    })
}

/// The moves perfect play chooses from. With remoteness: the fastest wins, or
/// when every move loses, the longest resistance. Without it (outcome-only
/// boxes): any winning move eating the most squares; when losing, the moves
/// that leave the opponent the fewest winning replies, then the most squares.
fn perfect_candidates(
    solution: &Solution,
    position: &Position,
    analysis: &Analysis,
) -> Result<Vec<Move>, PositionError> {
    let winning: Vec<&MoveValue> = analysis.moves.iter().filter(|v| v.winning).collect();
    let pool: Vec<&MoveValue> = if winning.is_empty() {
        analysis.moves.iter().collect()
    } else {
        winning.clone()
    };
    let scores = pool
        .iter()
        .map(|v| {
            Ok(match (v.remoteness, !winning.is_empty()) {
                // Lower is better in every branch.
                (Some(r), true) => (r as i64, 0),
                (Some(r), false) => (-(r as i64), 0),
                (None, true) => (v.squares_left as i64, 0),
                (None, false) => {
                    let child = position.play(v.mv)?;
                    let mut replies = 0i64;
                    for reply in child.moves() {
                        if solution.outcome(&child.play(reply)?)? == Outcome::P {
                            replies += 1;
                        }
                    }
                    (replies, -(v.squares_left as i64))
                }
            })
        })
        .collect::<Result<Vec<(i64, i64)>, PositionError>>()?;
    let best = scores.iter().min().copied();
    Ok(pool
        .iter()
        .zip(&scores)
        .filter(|(_, s)| Some(**s) == best)
        .map(|(v, _)| v.mv)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solved(m: usize, n: usize) -> Solution {
        Solution::solve(m, n, &mut |_, _| {}).unwrap()
    }

    #[test]
    fn perfect_computer_wins_fastest_and_resists_longest() {
        let s = solved(4, 5);
        let start = Position::rectangle(4, 5).unwrap();
        let a = analyze(&s, &start).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        for r in [0.0, 0.3, 0.99] {
            let mv = computer_move(&s, &start, Level::Perfect, r)
                .unwrap()
                .unwrap();
            let v = a.moves.iter().find(|v| v.mv == mv).unwrap();
            assert!(v.winning);
            assert_eq!(v.remoteness.unwrap() + 1, a.remoteness.unwrap());
        }
        // From a P-position every move loses; the computer picks the longest.
        let p = Position::new(&[2, 1]).unwrap();
        let a = analyze(&s, &p).unwrap();
        assert_eq!(a.outcome, Outcome::P);
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
