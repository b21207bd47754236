//! Cycles: the worksheet's algorithms need an acyclic graph, so a cycle is
//! found (without recursion) and spelled out with the vertices' labels.

use super::model::Graph;
use crate::error::{Coded, Params};
use std::fmt;

/// One cycle of a graph, by vertex indices, the first vertex repeated at the
/// end (`[0, 1, 0]`), so it reads as the path a game could go round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cycle(pub Vec<usize>);

impl fmt::Display for Cycle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cycle through {} vertices",
            self.0.len().saturating_sub(1)
        )
    }
}

/// A graph refused for having a cycle. It carries the labels of the cycle's
/// vertices, so it can be reported without the graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CycleError {
    /// The cycle, by vertex indices.
    pub cycle: Cycle,
    /// The label of each vertex of `cycle`, in the same order.
    pub labels: Vec<String>,
}

impl CycleError {
    /// The cycle of `g` as an error.
    pub fn new(g: &Graph, cycle: Cycle) -> CycleError {
        let labels = cycle.0.iter().map(|&v| g.label(v)).collect();
        CycleError { cycle, labels }
    }

    /// The cycle as one string, `0 → 1 → 0`.
    pub fn path(&self) -> String {
        self.labels.join(" → ")
    }
}

impl fmt::Display for CycleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the graph has a cycle: {}. A game on it could go on forever, and a graph with a cycle may have no kernel or several, so the worksheet's algorithms do not apply",
            self.path()
        )
    }
}

impl std::error::Error for CycleError {}

impl Coded for CycleError {
    fn code(&self) -> &'static str {
        "graph.cycle"
    }

    fn params(&self) -> Params {
        vec![("cycle", self.path().into())]
    }
}

/// A cycle of the graph, if it has one (iterative depth-first search, so a
/// long path cannot overflow the stack).
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{analyze, parse_graph};

    #[test]
    fn cycles_are_spelled_out_with_labels() {
        let g = parse_graph("{0: [1], 1: [2], 2: [0, 3], 3: []}").unwrap();
        let e = analyze(&g).unwrap_err();
        assert_eq!(e.code(), "graph.cycle");
        assert_eq!(e.cycle, Cycle(vec![0, 1, 2, 0]));
        assert_eq!(
            e.to_string().split(". ").next().unwrap(),
            "the graph has a cycle: 0 → 1 → 2 → 0"
        );
        assert!(e.to_string().contains("no kernel or several"));
        let g = parse_graph("{'a': ['b'], 'b': ['a']}").unwrap();
        let e = analyze(&g).unwrap_err();
        assert_eq!(
            e.params(),
            vec![("cycle", crate::error::Param::Text("'a' → 'b' → 'a'".into()))]
        );
    }

    #[test]
    fn a_long_cycle_is_found_without_recursion() {
        let n = 200_000;
        let g = Graph {
            names: (0..n as u64).map(Into::into).collect(),
            successors: (0..n).map(|v| vec![(v + 1) % n]).collect(),
        };
        let c = find_cycle(&g).unwrap();
        assert_eq!(c.0.len(), n + 1);
    }
}
