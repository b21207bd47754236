//! The worksheet's algorithms on a game graph, step by step: the kernel by
//! repeated sink removal, the winning strategy, and Sprague–Grundy numbers.

use super::parse::Graph;
use std::fmt;

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

/// A graph with a cycle: one cycle, spelled out by vertex indices (first
/// vertex repeated at the end).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cycle(pub Vec<usize>);

impl Cycle {
    /// The cycle with vertex names, and why it matters.
    pub fn describe(&self, g: &Graph) -> String {
        let path: Vec<&str> = self.0.iter().map(|&v| g.names[v].as_str()).collect();
        format!(
            "the graph has a cycle: {}. A game on it could go on forever, and a graph with a cycle may have no kernel or several, so the worksheet's algorithms do not apply",
            path.join(" → ")
        )
    }
}

impl Cycle {
    /// The cycle as a coded error, its vertices named as in `g`.
    pub fn report(&self, g: &Graph) -> crate::error::Report {
        let path: Vec<&str> = self.0.iter().map(|&v| g.names[v].as_str()).collect();
        crate::error::Report {
            code: "graph.cycle",
            params: vec![("cycle", path.join(" → ").into())],
            message: self.describe(g),
        }
    }
}

impl fmt::Display for Cycle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cycle through {} vertices",
            self.0.len().saturating_sub(1)
        )
    }
}

/// A cycle of the graph, if it has one (iterative depth-first search).
pub fn find_cycle(g: &Graph) -> Option<Cycle> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    let mut mark = vec![Mark::New; g.len()];
    let mut parent = vec![usize::MAX; g.len()];
    for root in 0..g.len() {
        if mark[root] != Mark::New {
            continue;
        }
        // Stack of (vertex, next successor index to look at).
        let mut stack = vec![(root, 0usize)];
        mark[root] = Mark::Open;
        while let Some(&mut (v, ref mut next)) = stack.last_mut() {
            if let Some(&s) = g.successors[v].get(*next) {
                *next += 1;
                match mark[s] {
                    Mark::New => {
                        mark[s] = Mark::Open;
                        parent[s] = v;
                        stack.push((s, 0));
                    }
                    Mark::Open => {
                        // s is on the current path: walk back from v to s.
                        let mut cycle = vec![v];
                        let mut u = v;
                        while u != s {
                            u = parent[u];
                            cycle.push(u);
                        }
                        cycle.reverse();
                        cycle.push(s);
                        return Some(Cycle(cycle));
                    }
                    Mark::Done => {}
                }
            } else {
                mark[v] = Mark::Done;
                stack.pop();
            }
        }
    }
    None
}

/// Runs the worksheet's three algorithms; a cyclic graph is refused with one
/// of its cycles.
pub fn analyze(g: &Graph) -> Result<Analysis, Cycle> {
    if let Some(c) = find_cycle(g) {
        return Err(c);
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
/// left, add it to the kernel, delete it and its predecessors, repeat.
fn kernel(g: &Graph) -> (Vec<usize>, Vec<KernelStep>) {
    let preds = g.predecessors();
    let mut alive = vec![true; g.len()];
    // Successors still alive, per vertex.
    let mut out: Vec<usize> = g.successors.iter().map(Vec::len).collect();
    let mut kernel = Vec::new();
    let mut steps = Vec::new();
    let mut left = g.len();
    while left > 0 {
        let sink = (0..g.len())
            .find(|&v| alive[v] && out[v] == 0)
            .expect("an acyclic graph always has a sink");
        let removed: Vec<usize> = preds[sink].iter().copied().filter(|&p| alive[p]).collect();
        for &v in std::iter::once(&sink).chain(&removed) {
            alive[v] = false;
            left -= 1;
            for &p in &preds[v] {
                out[p] -= 1;
            }
        }
        kernel.push(sink);
        steps.push(KernelStep { sink, removed });
    }
    (kernel, steps)
}

/// `strategie(d)`: from the first vertex, for every non-kernel vertex the
/// opponent can bring about, its first kernel successor in the text's order.
fn strategy(g: &Graph, kernel: &[usize]) -> Vec<(usize, usize)> {
    let mut in_kernel = vec![false; g.len()];
    for &k in kernel {
        in_kernel[k] = true;
    }
    let mut strat: Vec<(usize, usize)> = Vec::new();
    let mut visited = vec![false; g.len()];
    // Depth-first like the worksheet's recursive completerStrat, with a
    // visited mark so shared positions are not explored twice.
    fn complete(
        g: &Graph,
        s: usize,
        in_kernel: &[bool],
        visited: &mut [bool],
        strat: &mut Vec<(usize, usize)>,
    ) {
        if visited[s] {
            return;
        }
        visited[s] = true;
        if in_kernel[s] {
            // The first player's turn never falls here; the opponent's replies follow.
            for &j in &g.successors[s] {
                complete(g, j, in_kernel, visited, strat);
            }
            return;
        }
        let Some(&k) = g.successors[s].iter().find(|&&k| in_kernel[k]) else {
            return;
        };
        strat.push((s, k));
        for &j in &g.successors[k] {
            complete(g, j, in_kernel, visited, strat);
        }
    }
    complete(g, 0, &in_kernel, &mut visited, &mut strat);
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
    let mut ready: std::collections::BTreeSet<usize> =
        (0..g.len()).filter(|&v| missing[v] == 0).collect();
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

    fn names(g: &Graph, vs: &[usize]) -> Vec<String> {
        vs.iter().map(|&v| g.names[v].clone()).collect()
    }

    #[test]
    fn the_worksheet_chomp_2_3_lesson() {
        let g = parse_graph(WORKSHEET).unwrap();
        let a = analyze(&g).unwrap();
        assert_eq!(names(&g, &a.kernel), ["8", "6", "2"]);
        assert_eq!(names(&g, &a.kernel_steps[0].removed), ["4", "5", "7"]);
        assert_eq!(names(&g, &a.kernel_steps[1].removed), ["1", "3"]);
        assert_eq!(names(&g, &a.kernel_steps[2].removed), ["0"]);
        let mut strat: Vec<(String, String)> = a
            .strategy
            .iter()
            .map(|&(s, k)| (g.names[s].clone(), g.names[k].clone()))
            .collect();
        strat.sort();
        let want: Vec<(String, String)> = [(0, 2), (1, 6), (3, 6), (4, 8), (5, 8), (7, 8)]
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        assert_eq!(strat, want);
        // Nimbers by a plain recursive mex, and the kernel = nimber 0.
        assert_eq!(a.nimbers, brute_nimbers(&g));
        let zero: Vec<usize> = (0..g.len()).filter(|&v| a.nimbers[v] == 0).collect();
        let mut k = a.kernel.clone();
        k.sort();
        assert_eq!(k, zero);
    }

    #[test]
    fn cycles_are_spelled_out() {
        let g = parse_graph("{0: [1], 1: [2], 2: [0, 3], 3: []}").unwrap();
        let c = analyze(&g).unwrap_err();
        assert_eq!(
            c.describe(&g).split(". ").next().unwrap(),
            "the graph has a cycle: 0 → 1 → 2 → 0"
        );
        assert!(c.describe(&g).contains("no kernel or several"));
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
                            names: (0..n).map(|v| v.to_string()).collect(),
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
        }
    }
}
