//! Whole-crate checks of the graph engine that need big inputs: linear-time
//! reading, no recursion on user-sized graphs, and the worksheet's arena.
//! They only use the public API the bindings call.

use impartial::chomp::Position;
use impartial::graph::{analyze, arena_below, chomp_arena, parse_graph};
use std::time::{Duration, Instant};

/// The worksheet's dict format for a chain `0 → 1 → … → n-1`.
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

/// Best of three timings of `f`, to keep a busy machine's noise out.
fn best_of_three(mut f: impl FnMut()) -> Duration {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// Doubling the text must not quadruple the time (reading it, writing it back
/// and reading that). A linear reader takes a few milliseconds here, so
/// anything under the floor passes whatever the machine's load; the old
/// quadratic reader took 40 s on the big chain and fails both ways.
#[test]
fn reading_a_chain_is_linear() {
    let (small, big) = (chain(40_000), chain(80_000));
    let t_small = best_of_three(|| {
        let g = parse_graph(&small).unwrap();
        assert_eq!(g.len(), 40_000);
        assert_eq!(parse_graph(&g.to_dict_text()).unwrap(), g);
    });
    let t_big = best_of_three(|| {
        let g = parse_graph(&big).unwrap();
        assert_eq!(g.len(), 80_000);
        assert_eq!(parse_graph(&g.to_dict_text()).unwrap(), g);
    });
    let floor = Duration::from_millis(400);
    assert!(
        t_big < floor || t_big < t_small * 4,
        "80k chain {t_big:?} vs 40k chain {t_small:?}"
    );
}

/// A thread with a small stack, as deep recursion would overflow it.
#[test]
fn a_long_chain_is_analysed_without_recursion() {
    let text = chain(100_000);
    let worker = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let g = parse_graph(&text).unwrap();
            let a = analyze(&g).unwrap();
            let dict = g.to_dict_text();
            (g.len(), a.kernel.len(), a.strategy.len(), dict.len())
        })
        .unwrap();
    let (len, kernel, strategy, _) = worker.join().expect("no stack overflow");
    assert_eq!(len, 100_000);
    // 99 999, 99 997, …, 1 are the losing positions; 0 → 1 starts the strategy.
    assert_eq!(kernel, 50_000);
    assert_eq!(strategy, 50_000);
}

/// The worksheet's dict for Chomp (2, 3), whitespace aside.
const WORKSHEET: &str = "d = { 0: [1, 2, 3, 4, 5], 1: [4, 5, 6], 2: [1, 3, 4, 5],
      3: [5, 6, 7], 4: [7, 8], 5: [8], 6: [5, 7], 7: [8], 8: [] }";

fn squeeze(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn the_2_by_3_arena_is_numbered_as_in_the_worksheet() {
    let (g, positions) = chomp_arena(2, 3).unwrap();
    assert_eq!(squeeze(&g.to_dict_text()), squeeze(WORKSHEET));
    let rows: Vec<Vec<usize>> = positions.iter().map(|p| p.rows().to_vec()).collect();
    let want: Vec<Vec<usize>> = vec![
        vec![3, 3],
        vec![3, 1],
        vec![3, 2],
        vec![2, 2],
        vec![3],
        vec![1, 1],
        vec![2, 1],
        vec![2],
        vec![1],
    ];
    assert_eq!(rows, want);
}

#[test]
fn a_thin_position_in_a_big_box_is_drawn() {
    // A hook of 30 + 29 squares: its down-set has 30 × 30 positions, far
    // fewer than its 30 × 30 box.
    let mut rows = vec![30];
    rows.extend(std::iter::repeat_n(1, 29));
    let hook = Position::new(&rows).unwrap();
    let (g, positions) = arena_below(&hook).unwrap();
    assert_eq!(g.len(), 30 * 30);
    assert_eq!(positions[0], hook);
    // The page's default 4 × 7 board: C(11, 4) = 330 positions, the empty one aside.
    let (g, _) = chomp_arena(4, 7).unwrap();
    assert_eq!(g.len(), 329);
}
