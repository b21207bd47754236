use crate::error::{Coded, Params};
use std::fmt;

/// Largest number of rows or columns a position may have. Far above what can be
/// solved exactly; it bounds memory for parsing and move generation.
pub const MAX_SIDE: usize = 1000;

/// A move: the square eaten at `row`, `col` (both 1-indexed, poison at (1, 1)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct Move {
    /// Row of the eaten square, 1 = top row (the one holding the poison).
    pub row: usize,
    /// Column of the eaten square, 1 = leftmost column (the one holding the poison).
    pub col: usize,
}

impl Move {
    /// The moves of the board flipped along its diagonal (see
    /// [`Position::transpose`]), in row-major order like every move list.
    pub fn transpose_all(moves: &[Move]) -> Vec<Move> {
        let mut t: Vec<Move> = moves
            .iter()
            .map(|m| Move {
                row: m.col,
                col: m.row,
            })
            .collect();
        t.sort();
        t
    }
}

/// Why a list of row lengths is not a Chomp position, or a move not legal in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The poisoned square is gone (or nothing was given): the game is over.
    Empty,
    /// Row `row` (1-indexed) is longer than the row above it.
    Increasing {
        /// The row (1-indexed).
        row: usize,
        /// Its length.
        len: usize,
        /// The length of the row above.
        above: usize,
    },
    /// More rows than [`MAX_SIDE`].
    TooManyRows {
        /// Rows given.
        count: usize,
    },
    /// A row longer than [`MAX_SIDE`].
    RowTooLong {
        /// Its length.
        len: usize,
    },
    /// The position does not fit the `rows × cols` box it was checked against.
    OutsideBox {
        /// Rows of the box.
        rows: usize,
        /// Columns of the box.
        cols: usize,
    },
    /// A move with a row or column 0: squares are numbered from 1.
    OffBoard {
        /// Row given.
        row: usize,
        /// Column given.
        col: usize,
    },
    /// A move on a square already eaten (or never on the board).
    Eaten {
        /// Row given.
        row: usize,
        /// Column given.
        col: usize,
    },
    /// A move on the poisoned square, which is never eaten by choice.
    Poison,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Empty => write!(
                f,
                "the position is empty: row 1 must keep at least the poisoned square"
            ),
            PositionError::Increasing { row, len, above } => write!(
                f,
                "row {row} has {len} squares but the row above has {above}: row lengths must not increase from top to bottom"
            ),
            PositionError::TooManyRows { count } => {
                write!(f, "{count} rows is too many: at most {MAX_SIDE} are supported")
            }
            PositionError::RowTooLong { len } => write!(
                f,
                "a row of {len} squares is too long: at most {MAX_SIDE} are supported"
            ),
            PositionError::OutsideBox { rows, cols } => {
                write!(f, "the position does not fit in a {rows}×{cols} board")
            }
            PositionError::OffBoard { row, col } => write!(
                f,
                "no square at row {row}, column {col}: rows and columns are numbered from 1"
            ),
            PositionError::Eaten { row, col } => {
                write!(f, "row {row}, column {col} has already been eaten")
            }
            PositionError::Poison => f.write_str(
                "the poisoned square is never eaten by choice: the game ends when it is the only square left",
            ),
        }
    }
}

impl Coded for PositionError {
    fn code(&self) -> &'static str {
        match self {
            PositionError::Empty => "position.empty",
            PositionError::Increasing { .. } => "position.increasing",
            PositionError::TooManyRows { .. } => "position.too_many_rows",
            PositionError::RowTooLong { .. } => "position.row_too_long",
            PositionError::OutsideBox { .. } => "position.outside_box",
            PositionError::OffBoard { .. } => "move.off_board",
            PositionError::Eaten { .. } => "move.eaten",
            PositionError::Poison => "move.poison",
        }
    }

    fn params(&self) -> Params {
        match *self {
            PositionError::Empty | PositionError::Poison => vec![],
            PositionError::Increasing { row, len, above } => {
                vec![
                    ("row", row.into()),
                    ("len", len.into()),
                    ("above", above.into()),
                ]
            }
            PositionError::TooManyRows { count } => {
                vec![("count", count.into()), ("max", MAX_SIDE.into())]
            }
            PositionError::RowTooLong { len } => {
                vec![("len", len.into()), ("max", MAX_SIDE.into())]
            }
            PositionError::OutsideBox { rows, cols } => {
                vec![("rows", rows.into()), ("cols", cols.into())]
            }
            PositionError::OffBoard { row, col } | PositionError::Eaten { row, col } => {
                vec![("row", row.into()), ("col", col.into())]
            }
        }
    }
}

/// Codes of [`PositionError`].
pub const CODES: &[&str] = &[
    "position.empty",
    "position.increasing",
    "position.too_many_rows",
    "position.row_too_long",
    "position.outside_box",
    "move.off_board",
    "move.eaten",
    "move.poison",
];

impl std::error::Error for PositionError {}

/// A Chomp position: row lengths from top to bottom, non-increasing, the first
/// at least 1 (the poisoned square). Trailing empty rows are dropped, so two
/// equal boards always compare equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    rows: Vec<usize>,
}

impl Position {
    /// Checks and builds a position from row lengths (top row first).
    pub fn new(rows: &[usize]) -> Result<Position, PositionError> {
        if rows.len() > MAX_SIDE {
            return Err(PositionError::TooManyRows { count: rows.len() });
        }
        for (i, pair) in rows.windows(2).enumerate() {
            if pair[1] > pair[0] {
                return Err(PositionError::Increasing {
                    row: i + 2,
                    len: pair[1],
                    above: pair[0],
                });
            }
        }
        match rows.first() {
            None | Some(0) => return Err(PositionError::Empty),
            Some(&len) if len > MAX_SIDE => return Err(PositionError::RowTooLong { len }),
            _ => {}
        }
        let used = rows.iter().take_while(|&&len| len > 0).count();
        Ok(Position {
            rows: rows[..used].to_vec(),
        })
    }

    /// The full `rows × cols` starting bar.
    pub fn rectangle(rows: usize, cols: usize) -> Result<Position, PositionError> {
        if rows == 0 || cols == 0 {
            return Err(PositionError::Empty);
        }
        if rows > MAX_SIDE {
            return Err(PositionError::TooManyRows { count: rows });
        }
        Position::new(&vec![cols; rows])
    }

    /// Row lengths, top row first, without empty rows.
    pub fn rows(&self) -> &[usize] {
        &self.rows
    }

    /// Number of non-empty rows.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// Length of the top row (the widest).
    pub fn width(&self) -> usize {
        self.rows[0]
    }

    /// Number of squares left, the poisoned one included.
    pub fn squares(&self) -> usize {
        self.rows.iter().sum()
    }

    /// True when only the poisoned square is left: the player to move has lost.
    pub fn is_terminal(&self) -> bool {
        self.rows == [1]
    }

    /// Column heights, left column first (the conjugate partition).
    pub fn columns(&self) -> Vec<usize> {
        (1..=self.width())
            .map(|c| self.rows.iter().take_while(|&&len| len >= c).count())
            .collect()
    }

    /// The same board flipped along its diagonal; it has the same outcome.
    pub fn transpose(&self) -> Position {
        Position {
            rows: self.columns(),
        }
    }

    /// Checks that the position fits inside a `rows × cols` box.
    pub fn check_fits(&self, rows: usize, cols: usize) -> Result<(), PositionError> {
        if self.height() > rows || self.width() > cols {
            return Err(PositionError::OutsideBox { rows, cols });
        }
        Ok(())
    }

    /// Whether eating `m` is a legal move (the square exists and is not the poison).
    pub fn check_move(&self, m: Move) -> Result<(), PositionError> {
        let Move { row, col } = m;
        if row == 0 || col == 0 {
            return Err(PositionError::OffBoard { row, col });
        }
        if row > self.height() || col > self.rows[row - 1] {
            return Err(PositionError::Eaten { row, col });
        }
        if row == 1 && col == 1 {
            return Err(PositionError::Poison);
        }
        Ok(())
    }

    /// The position after eating `m` and everything below and right of it.
    pub fn play(&self, m: Move) -> Result<Position, PositionError> {
        self.check_move(m)?;
        let mut rows = self.rows.clone();
        for len in rows.iter_mut().skip(m.row - 1) {
            *len = (*len).min(m.col - 1);
        }
        Position::new(&rows)
    }

    /// Every legal move, row by row, left to right.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.rows.iter().enumerate().flat_map(|(i, &len)| {
            let first = if i == 0 { 2 } else { 1 };
            (first..=len).map(move |col| Move { row: i + 1, col })
        })
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::chomp::format_rows(self, self.height()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_bad_rows() {
        assert_eq!(Position::new(&[]), Err(PositionError::Empty));
        assert_eq!(Position::new(&[0, 0]), Err(PositionError::Empty));
        assert_eq!(
            Position::new(&[3, 4]),
            Err(PositionError::Increasing {
                row: 2,
                len: 4,
                above: 3
            })
        );
        assert!(matches!(
            Position::new(&[2000]),
            Err(PositionError::RowTooLong { len: 2000 })
        ));
        assert!(Position::new(&[3, 3, 0, 0]).unwrap().rows() == [3, 3]);
    }

    #[test]
    fn moves_and_play() {
        let p = Position::rectangle(2, 3).unwrap();
        assert_eq!(p.moves().count(), 5);
        let q = p.play(Move { row: 1, col: 2 }).unwrap();
        assert_eq!(q.rows(), &[1, 1]);
        let q = p.play(Move { row: 2, col: 1 }).unwrap();
        assert_eq!(q.rows(), &[3]);
        assert!(p.play(Move { row: 1, col: 1 }).is_err());
        assert!(p.play(Move { row: 3, col: 1 }).is_err());
        assert!(p.play(Move { row: 0, col: 1 }).is_err());
        assert!(Position::new(&[1]).unwrap().is_terminal());
    }

    #[test]
    fn transpose_is_conjugate() {
        let p = Position::new(&[11, 8, 8, 5, 3]).unwrap();
        assert_eq!(p.columns(), vec![5, 5, 5, 4, 4, 3, 3, 3, 1, 1, 1]);
        assert_eq!(p.transpose().transpose(), p);
    }
}
