//! Times the graph engine on its biggest inputs. The reader on long chains
//! (`0: [1], 1: [2], …`): parsing and exporting grow linearly with the text,
//! so the 80,000-vertex chain should take about twice as long as the
//! 40,000-vertex one. Then analysis of a 100,000-vertex chain, and Chomp
//! arenas near the limits (vertices or arcs).
//!
//! `cargo run --release --example graph_timing [runs]`

use impartial::chomp::Position;
use impartial::graph::{analyze, arena_below, parse_graph};
use std::time::{Duration, Instant};

/// The worksheet's dict format for a chain of `n` vertices.
fn chain(n: usize) -> String {
    let mut s = String::from("d = {");
    for v in 0..n {
        if v + 1 < n {
            s.push_str(&format!(" {v}: [{}],", v + 1));
        } else {
            s.push_str(&format!(" {v}: [] }}"));
        }
    }
    s
}

/// Best of `runs` timings of `f`.
fn best(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let runs = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3);
    let mut parse_times = Vec::new();
    for n in [40_000, 80_000] {
        let text = chain(n);
        let g = parse_graph(&text).expect("a chain parses");
        let parse = best(runs, || {
            parse_graph(&text).expect("a chain parses");
        });
        let export = best(runs, || {
            std::hint::black_box(g.to_dict_text());
        });
        println!(
            "chain of {n} vertices ({} KB): parse {:.3} ms, to_dict_text {:.3} ms",
            text.len() / 1000,
            parse.as_secs_f64() * 1e3,
            export.as_secs_f64() * 1e3
        );
        parse_times.push(parse.as_secs_f64());
    }
    println!(
        "parse time ratio 80k / 40k: {:.2}",
        parse_times[1] / parse_times[0]
    );
    let g = parse_graph(&chain(100_000)).expect("a chain parses");
    let t = best(runs, || {
        analyze(&g).expect("a chain is acyclic");
    });
    println!(
        "analyze a chain of 100000 vertices: {:.3} ms",
        t.as_secs_f64() * 1e3
    );
    let hook = {
        let mut rows = vec![100];
        rows.extend(std::iter::repeat_n(1, 99));
        rows
    };
    let tall = {
        let mut rows = vec![20];
        rows.extend(std::iter::repeat_n(20, 3));
        rows.extend(std::iter::repeat_n(4, 200));
        rows
    };
    for rows in [
        vec![7; 4],
        vec![8; 8],
        vec![1000],
        vec![12, 12, 12, 12, 12, 10, 8, 6, 4, 2],
        vec![500, 2],
        hook,
        tall,
    ] {
        let p = Position::new(&rows).expect("a position");
        match arena_below(&p) {
            Ok((g, _)) => {
                let arcs: usize = g.successors.iter().map(Vec::len).sum();
                let build = best(runs, || {
                    arena_below(&p).expect("built once already");
                });
                let analysis = best(runs, || {
                    analyze(&g).expect("arenas are acyclic");
                });
                println!(
                    "arena below {} rows (top {}): {} vertices, {arcs} arcs: build {:.1} ms, analyze {:.1} ms",
                    rows.len(),
                    rows[0],
                    g.len(),
                    build.as_secs_f64() * 1e3,
                    analysis.as_secs_f64() * 1e3
                );
            }
            Err(e) => println!("arena below {} rows (top {}): {e}", rows.len(), rows[0]),
        }
    }
}
