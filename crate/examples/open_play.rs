//! Times the perfect computer on open boards (past exact reach), move by move:
//!   cargo run --release --example open_play -- 24 30
//!
//! For each side n, one scripted game on the n×n board: the last column is
//! bitten off (the n×(n−1) rectangle left is won, by strategy stealing, but no
//! closed form or book gives its winning move), then the computer
//! (Level::Perfect, random 0.5) plays both sides for 10 plies. It is played twice in the same run: first forgetting
//! the search memo before every move (as every move did before the memo was
//! kept), then keeping it. Prints per ply: the move (`?` when unsure), its
//! milliseconds, how many of the position's moves had a known value, and the
//! memo's size in thousands.

use impartial::chomp::{Engine, Level, Move, Position};
use std::time::Instant;

const PLIES: usize = 10;

fn main() {
    let sides: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sides = if sides.is_empty() {
        vec![24, 30]
    } else {
        sides
    };
    for n in sides {
        for keep in [false, true] {
            play(n, keep);
        }
    }
}

fn play(n: usize, keep: bool) {
    let mut engine = match Engine::new(n, n, 1 << 20, &mut |_, _| {}) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("{n}×{n}: {e}");
            return;
        }
    };
    let mode = if keep { "kept memo" } else { "fresh memo" };
    let mut p = Position::rectangle(n, n)
        .and_then(|r| r.play(Move { row: 1, col: n }))
        .expect("a board of at least 2×2");
    let mut times = Vec::new();
    let mut line = String::new();
    let (mut known_total, mut moves_total) = (0, 0);
    for _ in 0..PLIES {
        if !keep {
            engine.forget_memo();
        }
        let start = Instant::now();
        // What computer_move does, kept apart to count the moves it knew.
        let verdict = engine.verdict(&p).expect("position on the board");
        let choice = engine
            .choose(&p, &verdict, Level::Perfect, 0.5)
            .expect("position on the board");
        let ms = start.elapsed().as_secs_f64() * 1e3;
        let known = verdict.moves.iter().filter(|m| m.winning.is_some()).count();
        known_total += known;
        moves_total += verdict.moves.len();
        let Some(c) = choice else { break };
        times.push(ms);
        line.push_str(&format!(
            " ({},{}){} {ms:.0}ms {known}/{} {}k",
            c.mv.row,
            c.mv.col,
            if c.sure { "" } else { "?" },
            verdict.moves.len(),
            engine.memo_len() / 1000
        ));
        p = p.play(c.mv).expect("legal move");
    }
    let total: f64 = times.iter().sum();
    println!(
        "{n}×{n} {mode}: {} plies, total {total:.0} ms, mean {:.0} ms, max {:.0} ms, moves known {known_total}/{moves_total};{line}",
        times.len(),
        total / times.len().max(1) as f64,
        times.iter().cloned().fold(0.0, f64::max)
    );
}
