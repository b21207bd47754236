//! The compiled-in opening book against fresh solves (native only).
#![cfg(not(target_arch = "wasm32"))]

use impartial::chomp::book::{self, BOOK_SIDE};
use impartial::chomp::{analyze, Move, Position, Solution};

/// One solve of the 14×14 box holds every rectangle up to 14×14: each
/// rectangle's full list of winning first moves must be the book's.
#[test]
fn book_equals_fresh_solves_up_to_14x14() {
    let s = Solution::solve_with(14, 14, 0, &mut |_, _| {}).unwrap();
    for r in 1..=14 {
        for c in 1..=14 {
            let rect = Position::rectangle(r, c).unwrap();
            let fresh: Vec<Move> = analyze(&s, &rect).unwrap().winning_moves().collect();
            assert_eq!(book::winning_first_moves(r, c), Some(&fresh[..]), "{r}×{c}");
        }
    }
}

/// Transposing a rectangle transposes its winning moves, across the book.
#[test]
fn book_is_symmetric_under_transposition() {
    for r in 1..=BOOK_SIDE {
        for c in 1..=BOOK_SIDE {
            let a = book::lookup(r, c).unwrap();
            let b = book::lookup(c, r).unwrap();
            let t = Move::transpose_all(b.moves);
            assert_eq!(a.moves, &t[..], "{r}×{c}");
            assert_eq!(a.complete, b.complete, "{r}×{c}");
        }
    }
}
