//! Computes the proven opening book: every winning first move of every
//! rectangle up to N×N, from one solve of the (N−1)×N box.
//!
//!   cargo run --release --example opening_book -- 20
//!   cargo run --release --example opening_book -- 20 --from-book   (Markdown only,
//!                                                 re-read from data/opening-book.txt)
//!
//! Every rectangle r×c with r ≤ N−1 and c ≤ N is a position of the (N−1)×N box;
//! N×c (c < N) is the transpose of c×N; N×N needs no solve: on any square,
//! (2, 2) is the only winning first move (see [`square`]).
//! Progress goes to stderr; `data/opening-book.txt` (read by `chomp::book` at
//! compile time) and `data/opening-book.md` (tables for the README) are written
//! in the crate. For N = 20 the box has 68.9 G positions: 8.6 GB of bits.

use impartial::chomp::{analyze, Move, Position, Solution};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Instant;

/// Winning first moves of one rectangle, and whether the list is complete.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    moves: Vec<Move>,
    complete: bool,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args.iter().find_map(|a| a.parse().ok()).unwrap_or(20);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let txt_path = dir.join("opening-book.txt");
    let md_path = dir.join("opening-book.md");
    if n < 2 {
        eprintln!("the book needs N ≥ 2");
        std::process::exit(2);
    }
    let (book, note) = if args.iter().any(|a| a == "--from-book") {
        let text = std::fs::read_to_string(&txt_path).expect("read data/opening-book.txt");
        let note = text
            .lines()
            .filter_map(|l| l.strip_prefix("# solve: "))
            .next()
            .unwrap_or("")
            .to_string();
        (parse(&text), note)
    } else {
        let (book, note) = compute(n);
        std::fs::create_dir_all(&dir).expect("create data/");
        std::fs::write(&txt_path, render_txt(n, &book, &note)).expect("write the book");
        eprintln!("wrote {}", txt_path.display());
        (book, note)
    };
    std::fs::write(&md_path, render_md(n, &book, &note)).expect("write the Markdown");
    eprintln!("wrote {}", md_path.display());
}

/// Solves the (n−1)×n box and reads every rectangle's winning first moves.
fn compute(n: usize) -> (BTreeMap<(usize, usize), Entry>, String) {
    let (rows, cols) = (n - 1, n);
    let start = Instant::now();
    let mut next_report = 0.0;
    let solved = Solution::solve_outcomes(rows, cols, u64::MAX, &mut |done, total| {
        let secs = start.elapsed().as_secs_f64();
        if secs >= next_report {
            next_report = secs + 30.0;
            let frac = done as f64 / total as f64;
            let eta = if frac > 0.0 { secs / frac - secs } else { 0.0 };
            eprintln!(
                "{rows}×{cols}: {:.2}% of {total} after {secs:.0} s, about {eta:.0} s left",
                frac * 100.0
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
    let note = format!(
        "{rows}×{cols} box, {} positions, {} P-positions, {} bytes of bits, {secs:.0} s wall, {} s on the CPU, peak resident {} (one thread)",
        s.positions(),
        s.p_positions(),
        s.table_bytes(),
        cpu_seconds(),
        peak_memory()
    );
    eprintln!("{note}");
    let mut book = BTreeMap::new();
    let wins = |r: usize, c: usize| -> Vec<Move> {
        let rect = Position::rectangle(r, c).expect("non-empty");
        analyze(&s, &rect)
            .expect("inside the box")
            .winning_moves()
            .collect()
    };
    for r in 1..=rows {
        for c in 1..=cols {
            book.insert(
                (r, c),
                Entry {
                    moves: wins(r, c),
                    complete: true,
                },
            );
        }
    }
    // Both r×c and c×r are in the box for r, c < n: they must mirror each other.
    for r in 1..n {
        for c in 1..n {
            let mirrored = Move::transpose_all(&book[&(c, r)].moves);
            assert_eq!(
                book[&(r, c)].moves,
                mirrored,
                "{r}×{c} is not the transpose"
            );
        }
    }
    for c in 1..n {
        let entry = Entry {
            moves: Move::transpose_all(&book[&(c, n)].moves),
            complete: true,
        };
        book.insert((n, c), entry);
    }
    for k in 2..n {
        assert_eq!(
            book[&(k, k)],
            square(),
            "{k}×{k}: the solve disagrees with the proof"
        );
    }
    book.insert((n, n), square());
    (book, note)
}

/// The winning first moves of any n×n square, n ≥ 2: (2, 2) alone. It
/// leaves an L with equal arms, lost for the mover (the mirror strategy).
/// A bite (1, c) or (r, 1) leaves a rectangle other than 1×1, won for the
/// mover by strategy stealing. Any other bite keeps the first row and
/// column whole, so the reply (2, 2) leaves the equal L: it loses too.
fn square() -> Entry {
    Entry {
        moves: vec![Move { row: 2, col: 2 }],
        complete: true,
    }
}

/// Seconds this process has run on a CPU (the wall time also counts waiting
/// for a shared machine), from Linux's /proc; "?" elsewhere.
fn cpu_seconds() -> String {
    std::fs::read_to_string("/proc/self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or_else(|| "?".into(), |ns| format!("{:.0}", ns as f64 / 1e9))
}

/// Peak resident memory of this process, from Linux's /proc.
fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .map(|l| l["VmHWM:".len()..].trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}

fn moves_text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| format!("{},{}", m.row, m.col))
        .collect::<Vec<_>>()
        .join(" ")
}

fn render_txt(n: usize, book: &BTreeMap<(usize, usize), Entry>, note: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Chomp opening book: every winning first move of every rectangle up to {n}×{n}."
    );
    let _ = writeln!(
        out,
        "# `rows cols: row,col …` lists the squares whose bite wins, row by row; every other"
    );
    let _ = writeln!(
        out,
        "# first move loses. ({n}×c is the transpose of c×{n}; {n}×{n} is (2, 2) alone, as on"
    );
    let _ = writeln!(
        out,
        "# every square. A trailing `?` would mark a list known to be incomplete: none is.)"
    );
    let _ = writeln!(
        out,
        "# Made by `cargo run --release --example opening_book -- {n}` from one solve:"
    );
    let _ = writeln!(out, "# solve: {note}");
    for (&(r, c), e) in book {
        let _ = write!(out, "{r} {c}:");
        if !e.moves.is_empty() {
            let _ = write!(out, " {}", moves_text(&e.moves));
        }
        if !e.complete {
            out.push_str(" ?");
        }
        out.push('\n');
    }
    out
}

fn parse(text: &str) -> BTreeMap<(usize, usize), Entry> {
    let mut book = BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (head, tail) = line.split_once(':').expect("`rows cols:`");
        let mut dims = head.split_whitespace().map(|x| x.parse().expect("a side"));
        let key = (dims.next().expect("rows"), dims.next().expect("cols"));
        let mut entry = Entry {
            moves: vec![],
            complete: true,
        };
        for token in tail.split_whitespace() {
            if token == "?" {
                entry.complete = false;
                continue;
            }
            let (r, c) = token.split_once(',').expect("row,col");
            entry.moves.push(Move {
                row: r.parse().expect("row"),
                col: c.parse().expect("col"),
            });
        }
        book.insert(key, entry);
    }
    book
}

fn render_md(n: usize, book: &BTreeMap<(usize, usize), Entry>, note: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Winning first moves of every rectangle up to {n}×{n}\n"
    );
    let _ = writeln!(
        out,
        "Square eaten as `row,col` (all of them when there are several); every other first\n\
         move loses. Read from one solve of the {}×{n} box (`cargo run --release --example\n\
         opening_book -- {n}`: {note}); {n}×c is the transpose of c×{n}. On every square (2, 2)\n\
         is the only winning first move: it leaves an L with equal arms, lost by the mirror\n\
         strategy; a bite in row 1 or column 1 leaves a rectangle, won by strategy stealing;\n\
         any other bite keeps row 1 and column 1 whole, and the reply (2, 2) wins. The solve\n\
         agrees on every square inside the box.\n",
        n - 1
    );
    let _ = write!(out, "| rows \\ cols |");
    for c in 1..=n {
        let _ = write!(out, " {c} |");
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "|---|{}", "---|".repeat(n));
    for r in 1..=n {
        let _ = write!(out, "| **{r}** |");
        for c in 1..=n {
            let cell = match book.get(&(r, c)) {
                Some(e) if e.moves.is_empty() => "–".to_string(),
                Some(e) => {
                    let mut t = moves_text(&e.moves);
                    if !e.complete {
                        t.push_str(" +?");
                    }
                    t
                }
                None => "".to_string(),
            };
            let _ = write!(out, " {cell} |");
        }
        let _ = writeln!(out);
    }
    let several: Vec<String> = book
        .iter()
        .filter(|(_, e)| e.moves.len() > 1)
        .map(|(&(r, c), e)| format!("* {r}×{c}: {}", moves_text(&e.moves)))
        .collect();
    let _ = writeln!(
        out,
        "\n## Rectangles with more than one winning first move ({})\n",
        several.len()
    );
    for line in several {
        let _ = writeln!(out, "{line}");
    }
    let squares: Vec<String> = (2..=n)
        .filter_map(|k| {
            let e = book.get(&(k, k))?;
            Some(format!(
                "{k}×{k}: {}{}",
                moves_text(&e.moves),
                if e.complete { "" } else { " (others unproven)" }
            ))
        })
        .collect();
    let _ = writeln!(out, "\n## Squares\n");
    let _ = writeln!(
        out,
        "What the solve says of each square inside the box ({n}×{n} from the proof alone):\n"
    );
    for line in squares {
        let _ = writeln!(out, "* {line}");
    }
    out
}
