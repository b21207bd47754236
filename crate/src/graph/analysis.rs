//! The worksheet's algorithms on a game graph, step by step: the kernel by
//! repeated sink removal, the winning strategy, and Sprague–Grundy numbers.
//! Each follows the worksheet's order exactly (so the steps shown match what
//! a student's Python prints) but without its recursion or its rescans, so
//! a 100,000-vertex chain takes milliseconds and no stack.

use super::cycle::{find_cycle, CycleError};
use super::model::Graph;
use std::collections::BTreeSet;

/// One step of the kernel algorithm: a vertex without successor joins the
/// kernel, and it and its predecessors leave the graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelStep {
    /// The sink that joins the kernel.
    pub sink: usize,
    /// Its predecessors still in the graph, deleted with it (they are winning).
    pub removed: Vec<usize>,
}

/// One step of the nimber computation: a vertex whose successors all have
/// nimbers gets the smallest number none of them has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimberStep {
    /// The vertex numbered.
    pub vertex: usize,
    /// Its nimber.
    pub nimber: u32,
    /// The nimbers of its successors, in successor order.
    pub seen: Vec<u32>,
}

/// Everything the worksheet computes about an acyclic graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Kernel vertices, in the order the algorithm found them.
    pub kernel: Vec<usize>,
    /// The kernel algorithm's steps.
    pub kernel_steps: Vec<KernelStep>,
    /// `(vertex, kernel successor)` pairs of the winning strategy from the
    /// first vertex, in the order the worksheet's `strategie(d)` adds them.
    pub strategy: Vec<(usize, usize)>,
    /// Nimber of every vertex.
    pub nimbers: Vec<u32>,
    /// The nimber computation's steps.
    pub nimber_steps: Vec<NimberStep>,
}

/// Runs the worksheet's three algorithms; a cyclic graph is refused with one
/// of its cycles, as the algorithms assume none. `g` must hold [`Graph`]'s
/// invariants, as every graph read or built by this module does.
pub fn analyze(g: &Graph) -> Result<Analysis, CycleError> {
    if let Some(c) = find_cycle(g) {
        return Err(CycleError::new(g, c));
    }
    let (kernel, kernel_steps) = kernel(g);
    let strategy = strategy(g, &kernel);
    let (nimbers, nimber_steps) = nimbers(g);
    Ok(Analysis {
        kernel,
        kernel_steps,
        strategy,
        nimbers,
        nimber_steps,
    })
}

/// `noyau(d)`: take the first vertex (in the text's order) with no successor
/// left, add it to the kernel, delete it and its predecessors, repeat. The
/// vertices without successor left are kept in an ordered set instead of
/// being searched for again at every step.
fn kernel(g: &Graph) -> (Vec<usize>, Vec<KernelStep>) {
    let preds = g.predecessors();
    let mut alive = vec![true; g.len()];
    // Successors still alive, per vertex.
    let mut out: Vec<usize> = g.successors.iter().map(Vec::len).collect();
    let mut sinks: BTreeSet<usize> = (0..g.len()).filter(|&v| out[v] == 0).collect();
    let mut kernel = Vec::new();
    let mut steps = Vec::new();
    // An acyclic graph always has a sink until every vertex is gone.
    while let Some(sink) = sinks.pop_first() {
        alive[sink] = false;
        let mut removed = Vec::new();
        for &p in &preds[sink] {
            if alive[p] {
                alive[p] = false;
                removed.push(p);
            }
        }
        for &v in std::iter::once(&sink).chain(&removed) {
            sinks.remove(&v);
            for &p in &preds[v] {
                out[p] -= 1;
                if out[p] == 0 && alive[p] {
                    sinks.insert(p);
                }
            }
        }
        kernel.push(sink);
        steps.push(KernelStep { sink, removed });
    }
    (kernel, steps)
}

/// `strategie(d)`: from the first vertex, for every non-kernel vertex the
/// opponent can bring about, its first kernel successor in the text's order.
/// The worksheet's `completerStrat` is recursive; this walks the same
/// depth-first order with an explicit stack, and marks visited vertices so
/// shared positions are explored once (the order of first answers, which is
/// the order of the worksheet's dict, is unchanged).
fn strategy(g: &Graph, kernel: &[usize]) -> Vec<(usize, usize)> {
    let mut in_kernel = vec![false; g.len()];
    for &k in kernel {
        in_kernel[k] = true;
    }
    let mut strat: Vec<(usize, usize)> = Vec::new();
    let mut visited = vec![false; g.len()];
    // Each frame: the vertex whose successors are being explored, and the
    // index of the next one. The opponent moves from a kernel vertex: from
    // our answer k, or from the first vertex when it is itself losing.
    let mut stack: Vec<(usize, usize)> = Vec::new();
    let mut visit = |s: usize, stack: &mut Vec<(usize, usize)>| {
        if visited[s] {
            return;
        }
        visited[s] = true;
        if in_kernel[s] {
            stack.push((s, 0));
        } else if let Some(&k) = g.successors[s].iter().find(|&&k| in_kernel[k]) {
            strat.push((s, k));
            stack.push((k, 0));
        }
    };
    if !g.is_empty() {
        visit(0, &mut stack);
    }
    while let Some(&mut (v, ref mut next)) = stack.last_mut() {
        match g.successors[v].get(*next) {
            Some(&j) => {
                *next += 1;
                visit(j, &mut stack);
            }
            None => {
                stack.pop();
            }
        }
    }
    strat
}

/// `nimber(d)`: repeatedly take the first vertex without a nimber whose
/// successors all have one (`sansNimber`), and give it their mex.
fn nimbers(g: &Graph) -> (Vec<u32>, Vec<NimberStep>) {
    let preds = g.predecessors();
    let mut missing: Vec<usize> = g.successors.iter().map(Vec::len).collect();
    let mut value: Vec<Option<u32>> = vec![None; g.len()];
    let mut steps = Vec::with_capacity(g.len());
    // Ready vertices, kept sorted so the first in the text's order goes first.
    let mut ready: BTreeSet<usize> = (0..g.len()).filter(|&v| missing[v] == 0).collect();
    while let Some(v) = ready.pop_first() {
        let seen: Vec<u32> = g.successors[v]
            .iter()
            .map(|&s| value[s].expect("successor numbered"))
            .collect();
        let mut present = vec![false; seen.len() + 1];
        for &n in &seen {
            if (n as usize) < present.len() {
                present[n as usize] = true;
            }
        }
        let nimber = present
            .iter()
            .position(|&p| !p)
            .expect("a gap below len + 1") as u32;
        value[v] = Some(nimber);
        steps.push(NimberStep {
            vertex: v,
            nimber,
            seen,
        });
        for &p in &preds[v] {
            missing[p] -= 1;
            if missing[p] == 0 {
                ready.insert(p);
            }
        }
    }
    (
        value
            .into_iter()
            .map(|n| n.expect("acyclic: every vertex numbered"))
            .collect(),
        steps,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::parse_graph;

    const WORKSHEET: &str = "d = { 0: [1, 2, 3, 4, 5], 1: [4, 5, 6], 2: [1, 3, 4, 5],\n      3: [5, 6, 7], 4: [7, 8], 5: [8], 6: [5, 7], 7: [8], 8: [] }";

    fn labels(g: &Graph, vs: &[usize]) -> Vec<String> {
        vs.iter().map(|&v| g.label(v)).collect()
    }

    #[test]
    fn the_worksheet_chomp_2_3_lesson() {
        let g = parse_graph(WORKSHEET).unwrap();
        let a = analyze(&g).unwrap();
        assert_eq!(labels(&g, &a.kernel), ["8", "6", "2"]);
        assert_eq!(labels(&g, &a.kernel_steps[0].removed), ["4", "5", "7"]);
        assert_eq!(labels(&g, &a.kernel_steps[1].removed), ["1", "3"]);
        assert_eq!(labels(&g, &a.kernel_steps[2].removed), ["0"]);
        // strat = { 0:2 , 1:6 , 3:6 , 4:8 , 5:8 , 7:8 }, in the order
        // Python's completerStrat first inserts the keys.
        assert_eq!(a.strategy, [(0, 2), (1, 6), (5, 8), (7, 8), (3, 6), (4, 8)]);
        // nimber(d): sansNimber picks 8, 5, 7, 4, 6, 1, 3, 2, 0 in turn.
        let order: Vec<(usize, u32)> = a
            .nimber_steps
            .iter()
            .map(|s| (s.vertex, s.nimber))
            .collect();
        assert_eq!(
            order,
            [
                (8, 0),
                (5, 1),
                (7, 1),
                (4, 2),
                (6, 0),
                (1, 3),
                (3, 2),
                (2, 0),
                (0, 4)
            ]
        );
        assert_eq!(a.nimber_steps[8].seen, [3, 0, 2, 2, 1]);
        assert_eq!(a.nimbers, [4, 3, 0, 2, 2, 1, 0, 1, 0]);
        assert_eq!(a.nimbers, brute_nimbers(&g));
    }

    #[test]
    fn a_losing_first_vertex_answers_every_reply() {
        // 0 is losing: the strategy answers each of the opponent's moves.
        let g = parse_graph("{0: [1, 2], 1: [3], 2: [3], 3: []}").unwrap();
        let a = analyze(&g).unwrap();
        assert_eq!(a.strategy, [(1, 3), (2, 3)]);
    }

    fn brute_nimbers(g: &Graph) -> Vec<u32> {
        fn nim(g: &Graph, v: usize, memo: &mut Vec<Option<u32>>) -> u32 {
            if let Some(n) = memo[v] {
                return n;
            }
            let seen: Vec<u32> = g.successors[v].iter().map(|&s| nim(g, s, memo)).collect();
            let n = (0..).find(|k| !seen.contains(k)).unwrap();
            memo[v] = Some(n);
            n
        }
        let mut memo = vec![None; g.len()];
        (0..g.len()).map(|v| nim(g, v, &mut memo)).collect()
    }

    /// The worksheet's functions written as a student would, for small graphs
    /// (used by the property tests, which run natively).
    #[cfg(not(target_arch = "wasm32"))]
    mod worksheet {
        use super::*;

        /// `noyau(d)`: rescan for the first vertex without successor left.
        pub fn noyau(g: &Graph) -> Vec<KernelStep> {
            let mut alive = vec![true; g.len()];
            let mut steps = Vec::new();
            while let Some(sink) =
                (0..g.len()).find(|&v| alive[v] && g.successors[v].iter().all(|&s| !alive[s]))
            {
                let removed: Vec<usize> = (0..g.len())
                    .filter(|&p| alive[p] && g.successors[p].contains(&sink))
                    .collect();
                alive[sink] = false;
                for &p in &removed {
                    alive[p] = false;
                }
                steps.push(KernelStep { sink, removed });
            }
            steps
        }

        /// `strategie(d)` with `completerStrat` recursive, keys in first-insertion order.
        pub fn strategie(g: &Graph, kernel: &[usize]) -> Vec<(usize, usize)> {
            fn completer(
                g: &Graph,
                s: usize,
                k: &[usize],
                seen: &mut Vec<bool>,
                out: &mut Vec<(usize, usize)>,
            ) {
                if seen[s] {
                    return;
                }
                seen[s] = true;
                let next = if k.contains(&s) {
                    s
                } else {
                    let Some(&t) = g.successors[s].iter().find(|t| k.contains(t)) else {
                        return;
                    };
                    out.push((s, t));
                    t
                };
                for &j in &g.successors[next] {
                    completer(g, j, k, seen, out);
                }
            }
            let mut out = Vec::new();
            completer(g, 0, kernel, &mut vec![false; g.len()], &mut out);
            out
        }

        /// `nimber(d)` with `sansNimber(d, n)` rescanning from the first vertex.
        pub fn nimber(g: &Graph) -> Vec<NimberStep> {
            let mut n: Vec<Option<u32>> = vec![None; g.len()];
            let mut steps = Vec::new();
            while let Some(v) = (0..g.len())
                .find(|&v| n[v].is_none() && g.successors[v].iter().all(|&s| n[s].is_some()))
            {
                let seen: Vec<u32> = g.successors[v].iter().filter_map(|&s| n[s]).collect();
                let nimber = (0..).find(|k| !seen.contains(k)).unwrap();
                n[v] = Some(nimber);
                steps.push(NimberStep {
                    vertex: v,
                    nimber,
                    seen,
                });
            }
            steps
        }
    }

    /// Property tests run natively (proptest is a native-only dev-dependency).
    #[cfg(not(target_arch = "wasm32"))]
    mod property {
        use super::*;
        use proptest::prelude::*;

        /// Random DAGs: arcs only from lower to higher index, then vertices shuffled.
        fn dag() -> impl Strategy<Value = Graph> {
            (1usize..40).prop_flat_map(|n| {
                (
                    proptest::collection::vec(proptest::collection::vec(any::<bool>(), n), n),
                    Just(n),
                    proptest::sample::subsequence((0..n).collect::<Vec<_>>(), n).prop_shuffle(),
                )
                    .prop_map(|(arcs, n, order)| {
                        // order[i] is the text position of the i-th vertex in topological order.
                        let mut successors = vec![Vec::new(); n];
                        for i in 0..n {
                            for j in i + 1..n {
                                if arcs[i][j] {
                                    successors[order[i]].push(order[j]);
                                }
                            }
                        }
                        Graph {
                            names: (0..n as u64).map(crate::graph::Name::Int).collect(),
                            successors,
                        }
                    })
            })
        }

        proptest! {
            #[test]
            fn kernel_is_stable_absorbing_and_the_nimber_zero_set(g in dag()) {
                let a = analyze(&g).unwrap();
                let mut in_kernel = vec![false; g.len()];
                for &k in &a.kernel { in_kernel[k] = true; }
                for v in 0..g.len() {
                    let hits = g.successors[v].iter().filter(|&&s| in_kernel[s]).count();
                    if in_kernel[v] {
                        prop_assert_eq!(hits, 0, "stable");
                    } else {
                        prop_assert!(hits > 0, "absorbing");
                    }
                    prop_assert_eq!(a.nimbers[v] == 0, in_kernel[v]);
                }
                prop_assert_eq!(a.nimbers.clone(), brute_nimbers(&g));
                // The strategy always answers into the kernel along a real arc.
                for &(s, k) in &a.strategy {
                    prop_assert!(in_kernel[k] && !in_kernel[s] && g.successors[s].contains(&k));
                }
            }

            #[test]
            fn steps_are_the_worksheet_s_own(g in dag()) {
                let a = analyze(&g).unwrap();
                prop_assert_eq!(&a.kernel_steps, &worksheet::noyau(&g));
                prop_assert_eq!(&a.strategy, &worksheet::strategie(&g, &a.kernel));
                prop_assert_eq!(&a.nimber_steps, &worksheet::nimber(&g));
            }
        }
    }
}
