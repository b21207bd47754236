//! Times the exact solve of square boxes natively.
//!   cargo run --release --example solve_box -- 12          (a table, 1×1 to 12×12)
//!   cargo run --release --example solve_box -- 12 --json   (one JSON object per line)

use impartial::chomp::{analyze, Position, Solution};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let largest: usize = args.iter().find_map(|a| a.parse().ok()).unwrap_or(12);
    let json = args.iter().any(|a| a == "--json");
    if !json {
        println!(
            "{:>7} {:>12} {:>10} {:>10} {:>12}",
            "board", "positions", "P", "ms", "win move"
        );
    }
    for n in 1..=largest {
        let start = Instant::now();
        let s = match Solution::solve(n, n, &mut |_, _| {}) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{n}×{n}: {e}");
                break;
            }
        };
        let ms = start.elapsed().as_secs_f64() * 1e3;
        let full = Position::rectangle(n, n).expect("non-empty board");
        let analysis = analyze(&s, &full).expect("board fits its box");
        let win = analysis.winning_moves().next();
        if json {
            println!(
                "{{\"n\":{n},\"positions\":{},\"kernel\":{},\"ms\":{ms:.3}}}",
                s.positions(),
                s.p_positions()
            );
        } else {
            let win = win.map_or("none".into(), |m| format!("({}, {})", m.row, m.col));
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
}
