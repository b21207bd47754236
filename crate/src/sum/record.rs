//! A sum's game record: each move is its game's number, a colon and the move
//! as that game's own record writes it, `1:2,3` (square row 2, column 3 of
//! a Chomp bar), `2:6+3` (a Grundy heap of 9 split into 6 + 3; `@2` for the
//! second heap of that size), `4:7-2=3+2` (a heap game of another rule, as
//! its own record writes it: 2 taken from 7, leaving 3 + 2) or `3:1` (a Nim
//! heap left with 1 token), moves separated by spaces: `1:2,3 2:6+3 3:1`.
//! An address's `moves` replays it.

use super::{Component, SumError, SumMove, SumPosition, MAX_NIM};
use crate::chomp::settings::parse_moves as parse_chomp_moves;
use crate::grundy::session::{locate, parse_moves as parse_splits, RecordSplit};
use crate::grundy::HeapMove;

/// A move as the record writes it: for a heap game's move, which heap of
/// its size (the position it is played in says which heap that is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordMove {
    /// A Chomp or Nim move, as the sum plays it.
    Plain(SumMove),
    /// A move of heap game `component`.
    Heap {
        /// The component.
        component: usize,
        /// The move, on the `nth` live heap of its size.
        split: RecordSplit,
    },
}

/// The most moves a record may hold: more than any sum of at most eight
/// games of the offered sizes lasts.
const MAX_RECORD: usize = 1000;

/// The only item of `list`, if it has exactly one.
fn one<T: Copy>(list: Vec<T>) -> Option<T> {
    (list.len() == 1).then(|| list[0])
}

/// Reads a record for a sum that starts at `start`: each move's game must be
/// one of the sum's and the move written as that game's own. Whether each
/// move can be played is checked as it is replayed.
pub fn parse_moves(text: &str, start: &SumPosition) -> Result<Vec<RecordMove>, SumError> {
    let mut moves = Vec::new();
    for (i, word) in text.split_whitespace().enumerate() {
        let bad = || SumError::RecordSyntax {
            index: i + 1,
            text: word.chars().take(20).collect(),
        };
        if i >= MAX_RECORD {
            return Err(bad());
        }
        let (game, mv) = word.split_once(':').ok_or_else(bad)?;
        let component = game
            .parse::<usize>()
            .ok()
            .filter(|_| game.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|n| n.checked_sub(1))
            .ok_or_else(bad)?;
        let read = match start.components.get(component).ok_or_else(bad)? {
            Component::Chomp(_) => parse_chomp_moves(mv).ok().and_then(one).map(|m| {
                RecordMove::Plain(SumMove::Chomp {
                    component,
                    row: m.row,
                    col: m.col,
                })
            }),
            Component::Heaps(h) => parse_splits(mv, &h.rule())
                .ok()
                .and_then(one)
                .map(|split| RecordMove::Heap { component, split }),
            Component::Nim(_) => mv
                .parse::<u32>()
                .ok()
                .filter(|&n| n <= MAX_NIM && mv.bytes().all(|b| b.is_ascii_digit()))
                .map(|leave| RecordMove::Plain(SumMove::Nim { component, leave })),
        };
        moves.push(read.ok_or_else(bad)?);
    }
    Ok(moves)
}

/// The move `m` stands for in `position`, if its game has such a move there
/// (whether it is legal is the position's to say).
pub fn locate_move(position: &SumPosition, m: RecordMove) -> Option<SumMove> {
    match m {
        RecordMove::Plain(mv) => Some(mv),
        RecordMove::Heap { component, split } => match position.components.get(component)? {
            Component::Heaps(heaps) => {
                let HeapMove {
                    heap,
                    take,
                    big,
                    small,
                } = locate(heaps, split)?;
                Some(SumMove::Heap {
                    component,
                    heap,
                    take,
                    big,
                    small,
                })
            }
            _ => None,
        },
    }
}

/// The record's form of `mv` played in `position`.
pub fn record_move(position: &SumPosition, mv: SumMove) -> RecordMove {
    match (mv, position.components.get(mv.component())) {
        (
            SumMove::Heap {
                component,
                heap,
                take,
                big,
                small,
            },
            Some(Component::Heaps(heaps)),
        ) => RecordMove::Heap {
            component,
            split: RecordSplit::of(
                heaps,
                HeapMove {
                    heap,
                    take,
                    big,
                    small,
                },
            ),
        },
        _ => RecordMove::Plain(mv),
    }
}

/// Writes moves as [`parse_moves`] reads them: `1:2,3 2:6+3 3:1`.
pub fn format_moves(moves: &[RecordMove]) -> String {
    let word = |m: &RecordMove| match *m {
        RecordMove::Plain(SumMove::Chomp {
            component,
            row,
            col,
        }) => format!("{}:{row},{col}", component + 1),
        RecordMove::Plain(SumMove::Nim { component, leave }) => {
            format!("{}:{leave}", component + 1)
        }
        // A heap move written without the heap it was made on (not made by
        // record_move): the first heap of its size.
        RecordMove::Plain(SumMove::Heap {
            component,
            take,
            big,
            small,
            ..
        }) => {
            let split = RecordSplit {
                take,
                big,
                small,
                nth: 1,
            };
            format!("{}:{split}", component + 1)
        }
        RecordMove::Heap { component, split } => format!(
            "{}:{}",
            component + 1,
            crate::grundy::session::format_moves(&[split])
        ),
    };
    moves.iter().map(word).collect::<Vec<_>>().join(" ")
}
