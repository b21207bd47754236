//! The analysis board's answers for Chomp, from the engine's verdicts: the
//! value of every square of a position, "why" a move wins or loses (two
//! plies deep), and the position editor's shapes. What a reveal level hides
//! is left out here, so a snapshot never carries it.

use super::engine::Engine;
use super::play::{Level, Verdict};
use super::position::{Move, Position, PositionError};
use super::solver::Outcome;
use crate::error::{Coded, Params};
use crate::reveal::Reveal;
use serde::Serialize;
use std::fmt;

/// Replies listed by "Why?" at most (a 3×1000 bar has thousands).
pub const WHY_LIMIT: usize = 64;

/// The value of eating one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SquareValue {
    /// Row of the square.
    pub row: usize,
    /// Column of the square.
    pub col: usize,
    /// Whether eating it wins (leaves a P-position); `None`: unknown.
    pub winning: Option<bool>,
    /// Remoteness of the position it leaves (the game then lasts this many
    /// more moves), when known and shown.
    pub remoteness: Option<u32>,
    /// How many moves slower than the fastest win (a winning square), or
    /// shorter than the longest resistance (a losing one); 0 for the best.
    pub delta: Option<u32>,
}

/// What the analysis board paints: the position's value and every square's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardAnalysis {
    /// The outcome for the player to move, when known.
    pub outcome: Option<Outcome>,
    /// Moves left with perfect play, when known and shown.
    pub remoteness: Option<u32>,
    /// False when some squares' values are unknown (boards past exact reach).
    pub exact: bool,
    /// Every square that can be eaten, row by row (empty when the level
    /// shows only who is winning).
    pub squares: Vec<SquareValue>,
}

/// The fastest win (`winning`) or the longest resistance among the moves
/// of that side; `None` when there is none or a remoteness is unknown.
fn extreme(verdict: &Verdict, winning: bool) -> Option<u32> {
    let mut best = None;
    for v in verdict.moves.iter().filter(|v| v.winning == Some(winning)) {
        let r = v.remoteness?;
        best = Some(best.map_or(r, |b: u32| if winning { b.min(r) } else { b.max(r) }));
    }
    best
}

/// The remoteness after the best move of the mover's side: the fastest win
/// when some move wins, else the longest resistance; `None` unless every
/// value it needs is known.
pub fn best_remoteness(verdict: &Verdict) -> Option<u32> {
    extreme(verdict, verdict.outcome? == Outcome::N)
}

/// The analysis of a position from its verdict, as far as `level` shows it.
pub fn board_analysis(verdict: &Verdict, level: Reveal) -> BoardAnalysis {
    let numbers = level >= Reveal::Values;
    let (fastest, longest) = (extreme(verdict, true), extreme(verdict, false));
    let mut squares = Vec::new();
    if level >= Reveal::Moves {
        for v in &verdict.moves {
            let top = if v.winning == Some(true) {
                fastest
            } else {
                longest
            };
            let shown = v.remoteness.filter(|_| numbers);
            squares.push(SquareValue {
                row: v.mv.row,
                col: v.mv.col,
                winning: v.winning,
                remoteness: shown,
                delta: top.zip(shown).map(|(b, r)| b.abs_diff(r)),
            });
        }
    }
    BoardAnalysis {
        outcome: verdict.outcome.filter(|_| level >= Reveal::Outcome),
        remoteness: verdict.remoteness.filter(|_| numbers),
        exact: verdict.exact,
        squares,
    }
}

/// A move and the answer to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Answered {
    /// The move (a reply of the opponent, or a bite from a kernel position).
    pub mv: Move,
    /// The perfect answer to it, `None` when it ends the game or none wins.
    pub answer: Option<Move>,
    /// Remoteness after the answer, when known.
    pub remoteness: Option<u32>,
}

/// "Why?": why a move wins or loses, or why a position is lost (the
/// caller knows which move of which position it asked about).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Why {
    /// Whether the move wins (for the position: whether it is won).
    pub winning: Option<bool>,
    /// Remoteness after the move (for the position: its own).
    pub remoteness: Option<u32>,
    /// A winning move: every reply with the answer that keeps the win. A
    /// lost position: every bite with the answer that refutes it. A won
    /// position: its winning moves.
    pub replies: Vec<Answered>,
    /// Replies left out past [`WHY_LIMIT`].
    pub more: usize,
    /// A losing move: the opponent's refutation and how long it takes.
    pub refutation: Option<Answered>,
    /// What the refutation leaves, row lengths (a kernel position for the mover).
    pub leaves: Option<Vec<usize>>,
}

/// Why an explanation cannot be given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WhyError {
    /// The board is past exact solving: its verdicts are searches, too slow
    /// to repeat for every reply.
    Open,
    /// The move or position cannot be explained (an eaten square, the poison…).
    Position(PositionError),
}

impl fmt::Display for WhyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WhyError::Open => f.write_str("explanations need a board solved exactly in advance"),
            WhyError::Position(e) => e.fmt(f),
        }
    }
}

impl Coded for WhyError {
    fn code(&self) -> &'static str {
        match self {
            WhyError::Open => "why.open",
            WhyError::Position(e) => e.code(),
        }
    }

    fn params(&self) -> Params {
        match self {
            WhyError::Open => vec![],
            WhyError::Position(e) => e.params(),
        }
    }
}

impl From<PositionError> for WhyError {
    fn from(e: PositionError) -> Self {
        WhyError::Position(e)
    }
}

/// Codes of [`WhyError`] (its position errors are listed with positions).
pub const CODES: &[&str] = &["why.open"];

/// The perfect answer from `position` (the same square every time) and the
/// remoteness after it.
fn answer(
    engine: &mut Engine,
    position: &Position,
) -> Result<(Option<Move>, Option<u32>), PositionError> {
    let verdict = engine.verdict(position)?;
    let mv = engine
        .choose(position, &verdict, Level::Perfect, 0.0)?
        .map(|c| c.mv);
    let remoteness = mv
        .and_then(|m| verdict.value_of(m))
        .and_then(|v| v.remoteness);
    Ok((mv, remoteness))
}

/// Every move of `position` (at most [`WHY_LIMIT`]) with its perfect answer.
fn answered(
    engine: &mut Engine,
    position: &Position,
    moves: impl Iterator<Item = Move>,
) -> Result<(Vec<Answered>, usize), PositionError> {
    let all: Vec<Move> = moves.collect();
    let mut out = Vec::with_capacity(all.len().min(WHY_LIMIT));
    for &mv in all.iter().take(WHY_LIMIT) {
        let (answer, remoteness) = answer(engine, &position.play(mv)?)?;
        out.push(Answered {
            mv,
            answer,
            remoteness,
        });
    }
    Ok((out, all.len().saturating_sub(WHY_LIMIT)))
}

/// Why `mv` wins or loses from `position`, or, without a move, why the
/// position is lost (every bite has an answer) or won (its winning moves).
/// Only on boards whose verdicts are table look-ups.
pub fn explain(
    engine: &mut Engine,
    position: &Position,
    mv: Option<Move>,
) -> Result<Why, WhyError> {
    if !engine.verdicts_are_cheap() {
        return Err(WhyError::Open);
    }
    let mut why = Why {
        winning: None,
        remoteness: None,
        replies: Vec::new(),
        more: 0,
        refutation: None,
        leaves: None,
    };
    let Some(mv) = mv else {
        let verdict = engine.verdict(position)?;
        why.winning = verdict.outcome.map(|o| o == Outcome::N);
        why.remoteness = verdict.remoteness;
        (why.replies, why.more) = if why.winning == Some(false) {
            answered(engine, position, position.moves())?
        } else {
            let wins = verdict.winning_moves().map(|mv| Answered {
                mv,
                answer: None,
                remoteness: verdict.value_of(mv).and_then(|v| v.remoteness),
            });
            (wins.collect(), 0)
        };
        return Ok(why);
    };
    let after = position.play(mv)?;
    let verdict = engine.verdict(&after)?;
    why.winning = verdict.outcome.map(|o| o == Outcome::P);
    why.remoteness = verdict.remoteness;
    match why.winning {
        Some(true) => (why.replies, why.more) = answered(engine, &after, after.moves())?,
        Some(false) => {
            let (refutation, remoteness) = answer(engine, &after)?;
            if let Some(m) = refutation {
                why.leaves = Some(after.play(m)?.rows().to_vec());
                why.refutation = Some(Answered {
                    mv: m,
                    answer: None,
                    remoteness,
                });
            }
        }
        None => {}
    }
    Ok(why)
}

/// The editor's shape after adding or removing the square at (`row`,
/// `col`) of a `box_rows × box_cols` box: adding fills every square above
/// and left of it, removing takes every square below and right of it (as a
/// bite), so rows never grow downward. The poison stays.
pub fn edit_shape(
    shape: &Position,
    box_rows: usize,
    box_cols: usize,
    row: usize,
    col: usize,
    add: bool,
) -> Result<Position, PositionError> {
    if row == 0 || col == 0 || row > box_rows || col > box_cols {
        return Err(PositionError::OffBoard { row, col });
    }
    let mut rows = shape.rows().to_vec();
    rows.resize(box_rows.max(rows.len()), 0);
    if add {
        for len in &mut rows[..row] {
            *len = (*len).max(col);
        }
    } else {
        if (row, col) == (1, 1) {
            return Err(PositionError::Poison);
        }
        for len in &mut rows[row - 1..] {
            *len = (*len).min(col - 1);
        }
    }
    Position::new(&rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The original page's recursion, with remoteness: (is N, moves left).
    fn plain(p: &[usize], memo: &mut HashMap<Vec<usize>, (bool, u32)>) -> (bool, u32) {
        if p == [1] {
            return (false, 0);
        }
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let mut win = None::<u32>;
        let mut lose = 0;
        for (r, &len) in p.iter().enumerate() {
            for c in (if r == 0 { 2 } else { 1 })..=len {
                let child: Vec<usize> = p
                    .iter()
                    .enumerate()
                    .map(|(i, &l)| if i >= r { l.min(c - 1) } else { l })
                    .filter(|&l| l > 0)
                    .collect();
                let (n, rem) = plain(&child, memo);
                if !n {
                    win = Some(win.map_or(rem, |w| w.min(rem)));
                }
                lose = lose.max(rem);
            }
        }
        let v = match win {
            Some(w) => (true, w + 1),
            None => (false, lose + 1),
        };
        memo.insert(p.to_vec(), v);
        v
    }

    /// Every position of an m×n box (non-increasing rows, first row ≥ 1).
    fn positions(m: usize, n: usize) -> Vec<Vec<usize>> {
        let mut out = vec![vec![]];
        for _ in 0..m {
            out = out
                .into_iter()
                .flat_map(|rows: Vec<usize>| {
                    let top = rows.last().copied().unwrap_or(n);
                    (0..=top).map(move |len| {
                        let mut next = rows.clone();
                        next.push(len);
                        next
                    })
                })
                .collect();
        }
        out.into_iter()
            .filter(|r| r[0] > 0)
            .map(|r| r.into_iter().filter(|&l| l > 0).collect())
            .collect()
    }

    #[test]
    fn every_square_of_every_position_up_to_6x6_matches_a_plain_recursion() {
        let mut memo = HashMap::new();
        let mut squares = 0;
        for m in 1..=6 {
            for n in 1..=6 {
                let mut engine = Engine::new(m, n, 1 << 24, &mut |_, _| {}).unwrap();
                for rows in positions(m, n) {
                    let p = Position::new(&rows).unwrap();
                    let verdict = engine.verdict(&p).unwrap();
                    let a = board_analysis(&verdict, Reveal::Values);
                    let (n_pos, rem) = plain(&rows, &mut memo);
                    assert_eq!(a.outcome, Some(if n_pos { Outcome::N } else { Outcome::P }));
                    assert_eq!(a.remoteness, Some(rem), "{rows:?}");
                    assert_eq!(a.squares.len(), p.moves().count());
                    let values: Vec<(bool, u32)> = a
                        .squares
                        .iter()
                        .map(|s| {
                            let child = p
                                .play(Move {
                                    row: s.row,
                                    col: s.col,
                                })
                                .unwrap();
                            let (cn, cr) = plain(child.rows(), &mut memo);
                            assert_eq!(s.winning, Some(!cn), "{rows:?} {s:?}");
                            assert_eq!(s.remoteness, Some(cr), "{rows:?} {s:?}");
                            (!cn, cr)
                        })
                        .collect();
                    // Deltas against the fastest win and the longest resistance.
                    for (s, &(w, r)) in a.squares.iter().zip(&values) {
                        let side = values.iter().filter(|v| v.0 == w).map(|v| v.1);
                        let best = if w { side.min() } else { side.max() }.unwrap();
                        assert_eq!(s.delta, Some(best.abs_diff(r)), "{rows:?} {s:?}");
                        squares += 1;
                    }
                    let best = best_remoteness(&verdict);
                    let fastest = values.iter().filter(|v| v.0).map(|v| v.1).min();
                    let longest = values.iter().map(|v| v.1).max();
                    assert_eq!(best, if n_pos { fastest } else { longest }, "{rows:?}");
                }
            }
        }
        assert!(squares > 20_000, "{squares}");
    }

    #[test]
    fn levels_hide_what_they_do_not_show() {
        let mut engine = Engine::new(4, 5, 1 << 24, &mut |_, _| {}).unwrap();
        let v = engine.verdict(&Position::rectangle(4, 5).unwrap()).unwrap();
        let a = board_analysis(&v, Reveal::Moves);
        assert!(a
            .squares
            .iter()
            .all(|s| s.remoteness.is_none() && s.delta.is_none()));
        assert_eq!(
            a.squares.iter().filter(|s| s.winning == Some(true)).count(),
            1
        );
        let a = board_analysis(&v, Reveal::Outcome);
        assert_eq!((a.outcome, a.squares.len()), (Some(Outcome::N), 0));
        let a = board_analysis(&v, Reveal::Off);
        assert_eq!((a.outcome, a.remoteness), (None, None));
        // A bit table knows outcomes only: win or lose, no numbers.
        let mut bits = Engine::new(14, 14, 1 << 31, &mut |_, _| {}).unwrap();
        let v = bits.verdict(&Position::new(&[3, 2, 1]).unwrap()).unwrap();
        let a = board_analysis(&v, Reveal::Explain);
        assert!(a.exact && a.remoteness.is_none());
        assert!(a
            .squares
            .iter()
            .all(|s| s.winning.is_some() && s.remoteness.is_none()));
    }

    #[test]
    fn why_a_move_wins_loses_or_a_position_is_lost() {
        let mut engine = Engine::new(3, 4, 1 << 24, &mut |_, _| {}).unwrap();
        let start = Position::rectangle(2, 4).unwrap();
        // 2×4: the only winning move is (2, 4), leaving [4, 3].
        let why = explain(&mut engine, &start, Some(Move { row: 2, col: 4 })).unwrap();
        assert_eq!(why.winning, Some(true));
        assert_eq!(
            why.replies.len(),
            Position::new(&[4, 3]).unwrap().moves().count()
        );
        for r in &why.replies {
            // Each reply has an answer, and it leaves a kernel position again.
            let after = Position::new(&[4, 3]).unwrap().play(r.mv).unwrap();
            let back = after.play(r.answer.unwrap()).unwrap();
            let v = engine.verdict(&back).unwrap();
            assert_eq!(v.outcome, Some(Outcome::P), "{r:?}");
        }
        // A losing move: the refutation and what it leaves.
        let why = explain(&mut engine, &start, Some(Move { row: 1, col: 2 })).unwrap();
        assert_eq!(why.winning, Some(false));
        assert_eq!(why.refutation.unwrap().mv, Move { row: 2, col: 1 });
        assert_eq!(why.leaves.as_deref(), Some(&[1][..]));
        // A kernel position: every bite has an answer.
        let kernel = Position::new(&[4, 3]).unwrap();
        let why = explain(&mut engine, &kernel, None).unwrap();
        assert_eq!(why.winning, Some(false));
        assert_eq!(why.replies.len(), kernel.moves().count());
        assert!(why.replies.iter().all(|r| r.answer.is_some()));
        // A won position: its winning moves.
        let why = explain(&mut engine, &start, None).unwrap();
        assert_eq!(
            why.replies.iter().map(|r| r.mv).collect::<Vec<_>>(),
            [Move { row: 2, col: 4 }]
        );
        // Refusals, coded.
        let e = explain(&mut engine, &start, Some(Move { row: 1, col: 1 })).unwrap_err();
        assert_eq!(e.code(), "move.poison");
        let mut open = Engine::new(30, 30, 1 << 20, &mut |_, _| {}).unwrap();
        let e = explain(&mut open, &Position::rectangle(30, 30).unwrap(), None).unwrap_err();
        assert_eq!(e.code(), "why.open");
        // Long bars list the first replies and count the others.
        let mut thin = Engine::new(3, 200, 1 << 24, &mut |_, _| {}).unwrap();
        let bar = Position::rectangle(3, 200).unwrap();
        let win = thin.verdict(&bar).unwrap().winning_moves().next().unwrap();
        let why = explain(&mut thin, &bar, Some(win)).unwrap();
        assert_eq!(why.replies.len(), WHY_LIMIT);
        assert_eq!(
            why.replies.len() + why.more,
            bar.play(win).unwrap().moves().count()
        );
    }

    #[test]
    fn editing_keeps_every_shape_legal() {
        let p = Position::new(&[5, 3]).unwrap();
        let add = edit_shape(&p, 4, 6, 3, 4, true).unwrap();
        assert_eq!(add.rows(), &[5, 4, 4]);
        let cut = edit_shape(&add, 4, 6, 2, 2, false).unwrap();
        assert_eq!(cut.rows(), &[5, 1, 1]);
        let full = edit_shape(&cut, 4, 6, 4, 6, true).unwrap();
        assert_eq!(full, Position::rectangle(4, 6).unwrap());
        let bare = edit_shape(&full, 4, 6, 1, 2, false).unwrap();
        assert_eq!(bare.rows(), &[1, 1, 1, 1]);
        assert_eq!(
            edit_shape(&p, 4, 6, 1, 1, false).unwrap_err(),
            PositionError::Poison
        );
        for (r, c) in [(0, 1), (5, 1), (1, 7)] {
            assert_eq!(
                edit_shape(&p, 4, 6, r, c, true).unwrap_err().code(),
                "move.off_board"
            );
        }
    }
}
