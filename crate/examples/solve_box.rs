//! Times exact solves of square boxes natively.
//!   cargo run --release --example solve_box -- 14            (a table, 1×1 to 14×14)
//!   cargo run --release --example solve_box -- 14 --json     (one JSON object per line)
//!   ... --bits                                               (outcome bits only, no remoteness)
//!   cargo run --release --example solve_box -- --thin 1000   (the 3-row table, as JSON)
//!   cargo run --release --example solve_box -- --box 17 18   (one box, outcome bits,
//!                                                             progress on stderr)

use impartial::chomp::{analyze, Position, Solution, ThreeRows, REMOTENESS_LIMIT};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--thin") {
        let width: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
        let start = Instant::now();
        let table = ThreeRows::new(width);
        let ms = start.elapsed().as_secs_f64() * 1e3;
        println!("{{\"width\":{},\"ms\":{ms:.3}}}", table.width());
        return;
    }
    if args.first().map(String::as_str) == Some("--box") {
        let side = |i: usize| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(16);
        solve_one(side(1), side(2));
        return;
    }
    let largest: usize = args.iter().find_map(|a| a.parse().ok()).unwrap_or(12);
    let json = args.iter().any(|a| a == "--json");
    let limit = if args.iter().any(|a| a == "--bits") {
        0
    } else {
        REMOTENESS_LIMIT
    };
    if !json {
        println!(
            "{:>7} {:>12} {:>10} {:>10} {:>10} {:>12}",
            "board", "positions", "P", "ms", "table MiB", "win move"
        );
    }
    for n in 1..=largest {
        let start = Instant::now();
        let s = match Solution::solve_with(n, n, limit, &mut |_, _| {}) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{n}×{n}: {e}");
                break;
            }
        };
        let ms = start.elapsed().as_secs_f64() * 1e3;
        let full = Position::rectangle(n, n).expect("non-empty board");
        let win = analyze(&s, &full)
            .expect("board fits its box")
            .winning_moves()
            .next();
        let mib = s.table_bytes() as f64 / (1 << 20) as f64;
        if json {
            println!(
                "{{\"n\":{n},\"positions\":{},\"kernel\":{},\"ms\":{ms:.3},\"remoteness\":{},\"tableBytes\":{}}}",
                s.positions(),
                s.p_positions(),
                s.has_remoteness(),
                s.table_bytes()
            );
        } else {
            let win = win.map_or("none".into(), |m| format!("({}, {})", m.row, m.col));
            println!(
                "{:>7} {:>12} {:>10} {:>10.1} {:>10.2} {:>12}",
                format!("{n}×{n}"),
                s.positions(),
                s.p_positions(),
                ms,
                mib,
                win
            );
        }
    }
}

/// One box as outcome bits, timed, with progress on stderr.
fn solve_one(rows: usize, cols: usize) {
    let start = Instant::now();
    let mut next_report = 0.0;
    let solved = Solution::solve_with(rows, cols, 0, &mut |done, total| {
        let secs = start.elapsed().as_secs_f64();
        if secs >= next_report {
            next_report = secs + 5.0;
            eprintln!(
                "{rows}×{cols}: {:.1}% after {secs:.1} s",
                done as f64 * 100.0 / total as f64
            );
        }
    });
    let s = match solved {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{rows}×{cols}: {e}");
            std::process::exit(1);
        }
    };
    let secs = start.elapsed().as_secs_f64();
    let full = Position::rectangle(rows, cols).expect("non-empty board");
    let wins: Vec<String> = analyze(&s, &full)
        .expect("board fits its box")
        .winning_moves()
        .map(|m| format!("({}, {})", m.row, m.col))
        .collect();
    println!(
        "{{\"rows\":{rows},\"cols\":{cols},\"positions\":{},\"kernel\":{},\"seconds\":{secs:.2},\"tableBytes\":{},\"winningMoves\":\"{}\"}}",
        s.positions(),
        s.p_positions(),
        s.table_bytes(),
        wins.join(" ")
    );
}
