//! The arena of Chomp on a small box: every position with the poison as a
//! vertex (the empty board excluded), an arc for every move. Vertex 0 is the
//! full bar; the poison alone is the only sink. Numbered from the full bar
//! down in rank order, so every arc goes to a larger number.

use super::parse::Graph;
use crate::chomp::{BoxRanker, Position};
use crate::error::{Coded, Params};
use std::fmt;

/// Largest arena built: drawing and reading it past this makes no sense.
pub const MAX_ARENA_VERTICES: u64 = 5000;

/// Why an arena is not built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArenaError {
    /// Zero rows or columns.
    Empty,
    /// More than [`MAX_ARENA_VERTICES`] vertices.
    TooBig {
        /// Rows of the box holding the position.
        rows: usize,
        /// Columns of that box.
        cols: usize,
    },
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArenaError::Empty => f.write_str("a board needs at least one row and one column"),
            ArenaError::TooBig { rows, cols } => write!(
                f,
                "the {rows}×{cols} arena has more than {MAX_ARENA_VERTICES} vertices: too many to draw or read"
            ),
        }
    }
}

impl Coded for ArenaError {
    fn code(&self) -> &'static str {
        match self {
            ArenaError::Empty => "arena.empty",
            ArenaError::TooBig { .. } => "arena.too_big",
        }
    }

    fn params(&self) -> Params {
        match *self {
            ArenaError::Empty => vec![],
            ArenaError::TooBig { rows, cols } => vec![
                ("rows", rows.into()),
                ("cols", cols.into()),
                ("max", MAX_ARENA_VERTICES.into()),
            ],
        }
    }
}

/// The arena of the `rows × cols` box and the position of each vertex.
pub fn chomp_arena(rows: usize, cols: usize) -> Result<(Graph, Vec<Position>), ArenaError> {
    let full = Position::rectangle(rows, cols).map_err(|_| ArenaError::Empty)?;
    arena_below(&full)
}

/// The arena of every position reachable from `start` (its down-set, the
/// empty board excluded), vertex 0 being `start` itself.
pub fn arena_below(start: &Position) -> Result<(Graph, Vec<Position>), ArenaError> {
    let (rows, cols) = (start.height(), start.width());
    let ranker = BoxRanker::new(rows, cols)
        .filter(|r| r.total() - 1 <= MAX_ARENA_VERTICES)
        .ok_or(ArenaError::TooBig { rows, cols })?;
    let total = ranker.total();
    // Positions inside `start`, from the largest rank (start itself) down to
    // rank 1 (poison alone), numbered 0, 1, … in that order.
    let inside = |p: &Position| p.rows().iter().zip(start.rows()).all(|(a, b)| a <= b);
    let mut positions = Vec::new();
    let mut vertex_of_rank = std::collections::HashMap::new();
    for rank in (1..total).rev() {
        let p = Position::new(&ranker.unrank(rank)).expect("ranks ≥ 1 keep the poison");
        if inside(&p) {
            vertex_of_rank.insert(rank, positions.len());
            positions.push(p);
        }
    }
    let successors = positions
        .iter()
        .map(|p| {
            let mut succ: Vec<usize> = p
                .moves()
                .map(|mv| vertex_of_rank[&ranker.rank(&p.play(mv).expect("legal"))])
                .collect();
            succ.sort_unstable();
            succ
        })
        .collect();
    let names = (0..positions.len()).map(|v| v.to_string()).collect();
    Ok((Graph { names, successors }, positions))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{analyze, parse_graph};

    #[test]
    fn chomp_2_3_arena_is_the_worksheet_s() {
        let (g, positions) = chomp_arena(2, 3).unwrap();
        assert_eq!(g.len(), 9);
        assert_eq!(positions[0].rows(), &[3, 3]);
        assert_eq!(positions[8].rows(), &[1]);
        assert!(g.successors[8].is_empty());
        assert_eq!(g.successors.iter().filter(|s| s.is_empty()).count(), 1);
        let a = analyze(&g).unwrap();
        assert_eq!(a.kernel.len(), 3);
        // Same graph as the worksheet's dict, up to numbering: same kernel
        // positions ([1], [2, 1], [3, 2]) and the same number of arcs.
        let mut kernel: Vec<Vec<usize>> = a
            .kernel
            .iter()
            .map(|&v| positions[v].rows().to_vec())
            .collect();
        kernel.sort();
        assert_eq!(kernel, vec![vec![1], vec![2, 1], vec![3, 2]]);
        let worksheet = parse_graph("{0: [1, 2, 3, 4, 5], 1: [4, 5, 6], 2: [1, 3, 4, 5], 3: [5, 6, 7], 4: [7, 8], 5: [8], 6: [5, 7], 7: [8], 8: []}").unwrap();
        let arcs = |g: &Graph| g.successors.iter().map(Vec::len).sum::<usize>();
        assert_eq!(arcs(&g), arcs(&worksheet));
        // The exported text reads back as the same graph.
        assert_eq!(parse_graph(&g.to_dict_text()).unwrap(), g);
    }

    #[test]
    fn arena_below_a_position_is_its_down_set() {
        let start = Position::new(&[3, 2, 1]).unwrap();
        let (g, positions) = arena_below(&start).unwrap();
        // Catalan(4) = 14 sub-diagrams of the staircase, minus the empty one.
        assert_eq!(g.len(), 13);
        assert_eq!(positions[0], start);
        assert_eq!(g.successors[0].len(), start.moves().count());
        assert!(analyze(&g).is_ok());
    }

    #[test]
    fn refuses_huge_arenas() {
        let e = chomp_arena(8, 8).unwrap_err();
        assert!(e.to_string().contains("more than 5000 vertices"), "{e}");
        assert!(chomp_arena(0, 3).is_err());
    }
}
