//! A finite game graph: what every algorithm of this module works on, and
//! how it is written back as the worksheet's dict.

use super::name::Name;

/// A finite game graph: named vertices (in the order of the text, which is
/// the order the worksheet's algorithms scan them) and, for each, its
/// successors as indices. Graphs from [`super::parse_graph`] and the arenas
/// always hold `names.len() == successors.len()` and indices below that.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    /// Vertex names, as Python keys.
    pub names: Vec<Name>,
    /// Successor indices of each vertex, in the order written.
    pub successors: Vec<Vec<usize>>,
}

impl Graph {
    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// True for the graph with no vertex.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// How vertex `v` is shown everywhere (steps, strategy, errors): digits
    /// for a number, Python's repr for a string (`'a'`), so `1` and `'1'`
    /// never look alike. `v` must be a vertex (`v < len()`).
    pub fn label(&self, v: usize) -> String {
        self.names[v].label()
    }

    /// Predecessor indices of each vertex, each list in increasing order (the
    /// kernel algorithm removes predecessors in that order).
    pub fn predecessors(&self) -> Vec<Vec<usize>> {
        let mut preds = vec![Vec::new(); self.len()];
        for (v, succ) in self.successors.iter().enumerate() {
            for &s in succ {
                preds[s].push(v);
            }
        }
        preds
    }

    /// The graph in the worksheet's dict format, `d = { 0: [1, 2], ... }`,
    /// which [`super::parse_graph`] reads back as the same graph (same names,
    /// same order). Linear in the output: each label is made once.
    pub fn to_dict_text(&self) -> String {
        let labels: Vec<String> = self.names.iter().map(Name::label).collect();
        let arcs: usize = self.successors.iter().map(Vec::len).sum();
        let guess = labels.iter().map(|l| l.len() + 12).sum::<usize>() + arcs * 8;
        let mut out = String::with_capacity(guess);
        out.push_str("d = { ");
        for (v, succ) in self.successors.iter().enumerate() {
            if v > 0 {
                out.push_str(",\n      ");
            }
            out.push_str(&labels[v]);
            out.push_str(": [");
            for (i, &s) in succ.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&labels[s]);
            }
            out.push(']');
        }
        out.push_str(" }");
        out
    }
}
