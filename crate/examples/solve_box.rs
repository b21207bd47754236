//! Prints how long the exact solve of each square box takes natively:
//! `cargo run --release --example solve_box -- 12` (boxes 1×1 up to 12×12).

use impartial::chomp::{Position, Solution};
use std::time::Instant;

fn main() {
    let largest: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(12);
    println!(
        "{:>7} {:>12} {:>10} {:>10} {:>12}",
        "board", "positions", "P", "ms", "win move"
    );
    for n in 1..=largest {
        let start = Instant::now();
        let s = match Solution::solve(n, n, &mut |_, _| {}) {
            Ok(s) => s,
            Err(e) => {
                println!("{n}×{n}: {e}");
                break;
            }
        };
        let ms = start.elapsed().as_secs_f64() * 1e3;
        let full = Position::rectangle(n, n).expect("non-empty board");
        let analysis = impartial::chomp::analyze(&s, &full).expect("board fits its box");
        let win = analysis
            .winning_moves()
            .next()
            .map_or("none".into(), |m| format!("({}, {})", m.row, m.col));
        println!(
            "{:>7} {:>12} {:>10} {:>10.1} {:>12}",
            format!("{n}×{n}"),
            s.positions(),
            s.p_positions(),
            ms,
            win
        );
    }
}
