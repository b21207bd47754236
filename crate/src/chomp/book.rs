//! The proven opening book: every winning first move of every full rectangle
//! up to [`BOOK_SIDE`]×[`BOOK_SIDE`], so a first move or a hint on any
//! rectangle in that range is exact at once, with no solve.
//!
//! The data (`crate/data/opening-book.txt`, compiled in) comes from one native
//! solve of the 19×20 box, which holds every rectangle r×c with r ≤ 19,
//! c ≤ 20 as a position; 20×c is its transpose; on 20×20, as on every
//! square, (2, 2) is the only winning first move (it leaves an L with equal
//! arms; a bite in row 1 or column 1 leaves a rectangle, won by strategy
//! stealing; any other bite keeps row 1 and column 1 whole and the reply
//! (2, 2) wins). It is remade by `cargo run --release --example opening_book
//! -- 20` (12.5 min of CPU, 20 min wall on a shared core; 8.4 GB peak). A line reads
//! `rows cols: row,col …`; a trailing `?` would mark a list known to be
//! incomplete (the format allows it for a book past what is proven; none is).

use super::position::Move;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Largest side of a rectangle in the book.
pub const BOOK_SIDE: usize = 20;

/// The book's text, as the example wrote it.
const TEXT: &str = include_str!("../../data/opening-book.txt");

/// What the book knows of one rectangle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// Winning first moves, row by row, left to right.
    pub moves: &'static [Move],
    /// True when these are all the winning first moves (every other first
    /// move is proven to lose); false when only these are known to win.
    pub complete: bool,
}

/// A parsed line: (rows, cols) and (winning moves, complete).
type Line = ((usize, usize), (Vec<Move>, bool));
/// The parsed book.
type Table = HashMap<(usize, usize), (Vec<Move>, bool)>;

/// The parsed book, keyed by (rows, cols). Parsed once, on first use: a few
/// hundred short lines, well under a millisecond.
fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| parse(TEXT))
}

/// Reads the book's lines; a malformed line is skipped (the test below checks
/// there are none), so a bad file can cost answers but never a panic.
fn parse(text: &str) -> Table {
    let mut out = HashMap::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some((key, entry)) = parse_line(line) {
            out.insert(key, entry);
        }
    }
    out
}

fn parse_line(line: &str) -> Option<Line> {
    let (head, tail) = line.split_once(':')?;
    let mut sides = head.split_whitespace().map(|x| x.parse::<usize>().ok());
    let rows = sides.next()??;
    let cols = sides.next()??;
    if sides.next().is_some() {
        return None;
    }
    let mut moves = Vec::new();
    let mut complete = true;
    for token in tail.split_whitespace() {
        if token == "?" {
            complete = false;
            continue;
        }
        let (r, c) = token.split_once(',')?;
        let mv = Move {
            row: r.parse().ok()?,
            col: c.parse().ok()?,
        };
        // Only squares of the rectangle, never the poison.
        if mv.row == 0
            || mv.col == 0
            || mv.row > rows
            || mv.col > cols
            || mv == (Move { row: 1, col: 1 })
        {
            return None;
        }
        moves.push(mv);
    }
    Some(((rows, cols), (moves, complete)))
}

/// What the book knows of the full `rows × cols` rectangle, when it is in
/// the book (both sides at most [`BOOK_SIDE`]).
pub fn lookup(rows: usize, cols: usize) -> Option<BookEntry> {
    table()
        .get(&(rows, cols))
        .map(|(moves, complete)| BookEntry {
            moves,
            complete: *complete,
        })
}

/// Every winning first move of the full `rows × cols` rectangle (row by row),
/// when the book knows them all: every other first move then loses. `None`
/// outside the book.
pub fn winning_first_moves(rows: usize, cols: usize) -> Option<&'static [Move]> {
    lookup(rows, cols).filter(|e| e.complete).map(|e| e.moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_parses_and_covers_the_whole_range() {
        let lines = TEXT
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .count();
        assert_eq!(table().len(), lines, "a line failed to parse");
        for r in 1..=BOOK_SIDE {
            for c in 1..=BOOK_SIDE {
                let e = lookup(r, c).unwrap_or_else(|| panic!("{r}×{c} missing"));
                // Strategy stealing: every rectangle but 1×1 has a winning move.
                assert_eq!(e.moves.is_empty(), r == 1 && c == 1, "{r}×{c}");
                assert!(e.complete, "{r}×{c}");
                if r == c && r > 1 {
                    assert_eq!(e.moves, &[Move { row: 2, col: 2 }], "{r}×{c}");
                }
            }
        }
        assert_eq!(lookup(BOOK_SIDE + 1, 3), None);
        assert_eq!(
            winning_first_moves(BOOK_SIDE, BOOK_SIDE),
            Some(&[Move { row: 2, col: 2 }][..])
        );
    }

    #[test]
    fn transposition_symmetry_across_the_book() {
        for r in 1..=BOOK_SIDE {
            for c in 1..=BOOK_SIDE {
                let t = Move::transpose_all(lookup(c, r).unwrap().moves);
                assert_eq!(lookup(r, c).unwrap().moves, &t[..], "{r}×{c}");
            }
        }
    }

    #[test]
    fn known_lines() {
        // Two rows: (2, n) is the only winning move; one row: (1, 2).
        for n in 2..=BOOK_SIDE {
            assert_eq!(
                winning_first_moves(2, n),
                Some(&[Move { row: 2, col: n }][..])
            );
            assert_eq!(
                winning_first_moves(1, n),
                Some(&[Move { row: 1, col: 2 }][..])
            );
        }
        assert_eq!(
            winning_first_moves(6, 13),
            Some(&[Move { row: 4, col: 12 }, Move { row: 5, col: 9 }][..])
        );
        assert!(parse_line("3 4: 1,1").is_none());
        assert!(parse_line("3 4: 4,1").is_none());
        assert!(parse_line("3 x: 2,2").is_none());
        assert!(parse_line("3 4 5: 2,2").is_none());
        assert_eq!(
            parse_line("20 20: 2,2 ?"),
            Some(((20, 20), (vec![Move { row: 2, col: 2 }], false)))
        );
    }
}
