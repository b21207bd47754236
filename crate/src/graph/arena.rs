//! The arena of Chomp below a position: every position reachable from it
//! (the empty board excluded) as a vertex, an arc for every move, numbered
//! the way the worksheet numbers the arena of the 2 × 3 bar.
//!
//! The worksheet's numbering (0 = [3, 3], 1 = [3, 1], 2 = [3, 2], 3 = [2, 2],
//! 4 = [3], 5 = [1, 1], 6 = [2, 1], 7 = [2], 8 = [1], rows top first, poison
//! in row 1) is the only one giving its dict, and no plain scan order of the
//! moves produces it. The rule used here does, and reads naturally on a
//! drawing: vertices are numbered in breadth-first order from the start
//! (vertex 0), and the moves of each position are tried
//! - first those leaving a position with at least two rows and two columns,
//!   then those leaving a single row or column, then the move to the poison
//!   alone (the moves that end the game soonest come last);
//! - in each group, bottom row first, and left to right in a row.
//!
//! Successor lists are written in increasing order, as in the worksheet.
//! The size (positions and moves) is counted from the position before
//! anything is built, and the arena is built by walking the down-set itself.

use super::downset::{box_count, downset_counts};
use super::model::Graph;
use super::name::Name;
use super::{MAX_ARENA_ARCS, MAX_ARENA_VERTICES};
use crate::chomp::{Position, MAX_SIDE};
use crate::error::{Coded, Params};
use std::collections::HashMap;
use std::fmt;

/// Why an arena is not built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArenaError {
    /// Zero rows or columns.
    Empty,
    /// More than [`MAX_ARENA_VERTICES`] positions below the start.
    TooBig {
        /// Positions below the start, the empty board excluded (saturating
        /// at `u64::MAX` for astronomically large boxes).
        count: u64,
    },
    /// More than [`MAX_ARENA_ARCS`] moves among them.
    TooManyArcs {
        /// Moves among the positions below the start (saturating).
        count: u64,
    },
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArenaError::Empty => f.write_str("a board needs at least one row and one column"),
            ArenaError::TooBig { count } => write!(
                f,
                "this arena has {count} vertices, more than {MAX_ARENA_VERTICES}: too many to build"
            ),
            ArenaError::TooManyArcs { count } => write!(
                f,
                "this arena has {count} arcs, more than {MAX_ARENA_ARCS}: too many to build"
            ),
        }
    }
}

impl std::error::Error for ArenaError {}

impl Coded for ArenaError {
    fn code(&self) -> &'static str {
        match self {
            ArenaError::Empty => "arena.empty",
            ArenaError::TooBig { .. } => "arena.too_big",
            ArenaError::TooManyArcs { .. } => "arena.too_many_arcs",
        }
    }

    fn params(&self) -> Params {
        match *self {
            ArenaError::Empty => vec![],
            ArenaError::TooBig { count } => {
                vec![("count", count.into()), ("max", MAX_ARENA_VERTICES.into())]
            }
            ArenaError::TooManyArcs { count } => {
                vec![("count", count.into()), ("max", MAX_ARENA_ARCS.into())]
            }
        }
    }
}

/// Vertices of the arena below `start` (its positions but the empty
/// board), counted without building anything.
pub fn arena_size(start: &Position) -> u64 {
    downset_counts(start.rows()).0.saturating_sub(1)
}

/// The arena of the `rows × cols` box (vertex 0 = the full bar) and the
/// position of each vertex.
pub fn chomp_arena(rows: usize, cols: usize) -> Result<(Graph, Vec<Position>), ArenaError> {
    if rows == 0 || cols == 0 {
        return Err(ArenaError::Empty);
    }
    if rows > MAX_SIDE || cols > MAX_SIDE {
        let count = box_count(rows, cols).saturating_sub(1);
        return Err(ArenaError::TooBig { count });
    }
    let full = Position::rectangle(rows, cols).map_err(|_| ArenaError::Empty)?;
    arena_below(&full)
}

/// The arena of every position reachable from `start` (its down-set, the
/// empty board excluded), vertex 0 being `start` itself, and the position of
/// each vertex. Refused by its real size, whatever box holds `start`.
pub fn arena_below(start: &Position) -> Result<(Graph, Vec<Position>), ArenaError> {
    let (diagrams, squares) = downset_counts(start.rows());
    let vertices = diagrams.saturating_sub(1);
    if vertices > MAX_ARENA_VERTICES {
        return Err(ArenaError::TooBig { count: vertices });
    }
    // A position with s squares has s - 1 moves (any square but the poison).
    let arcs = squares.saturating_sub(vertices);
    if arcs > MAX_ARENA_ARCS {
        return Err(ArenaError::TooManyArcs { count: arcs });
    }
    Ok(build(start))
}

/// Row lengths of the conjugate diagram (column heights).
fn conjugate(rows: &[u16]) -> Vec<u16> {
    let width = rows.first().copied().unwrap_or(0);
    let mut cols = vec![0u16; usize::from(width)];
    for &len in rows {
        for c in cols.iter_mut().take(usize::from(len)) {
            *c += 1;
        }
    }
    cols
}

/// Breadth-first walk of the down-set of `start`. Positions are stored by
/// their shorter side (rows, or columns when there are more rows than
/// columns): a down-set of n positions contains every hook, so its shorter
/// side is at most √n and each move costs that much at most.
fn build(start: &Position) -> (Graph, Vec<Position>) {
    // Sides are at most MAX_SIDE = 1000, so they fit in u16.
    let rows: Vec<u16> = start.rows().iter().map(|&l| l as u16).collect();
    let transposed = rows.len() > usize::from(rows[0]);
    let first = if transposed { conjugate(&rows) } else { rows };
    let mut keys: Vec<Box<[u16]>> = vec![first.clone().into_boxed_slice()];
    let mut index: HashMap<Box<[u16]>, usize> = HashMap::new();
    index.insert(first.into_boxed_slice(), 0);
    let mut successors: Vec<Vec<usize>> = Vec::new();
    // Children of the current position, by group (see the module's doc).
    let mut groups: [Vec<Vec<u16>>; 3] = Default::default();
    let mut next = 0;
    while next < keys.len() {
        let key = keys[next].clone();
        next += 1;
        let original = if transposed {
            conjugate(&key)
        } else {
            key.to_vec()
        };
        let (height, width) = (original.len(), usize::from(original[0]));
        for r in (1..=height).rev() {
            for c in 1..=usize::from(original[r - 1]) {
                if r == 1 && c == 1 {
                    continue;
                }
                // Eating (r, c) empties the rows from r when c = 1 and cuts the
                // top row to c - 1 when r = 1; nothing else changes the sides.
                let child_height = if c == 1 { r - 1 } else { height };
                let child_width = if r == 1 { c - 1 } else { width };
                let group = match (child_height == 1, child_width == 1) {
                    (false, false) => 0,
                    (true, true) => 2,
                    _ => 1,
                };
                let (ir, ic) = if transposed { (c, r) } else { (r, c) };
                groups[group].push(bite(&key, ir, ic));
            }
        }
        let mut succ = Vec::new();
        for group in &mut groups {
            for child in group.drain(..) {
                let id = match index.get(child.as_slice()) {
                    Some(&id) => id,
                    None => {
                        let id = keys.len();
                        let child = child.into_boxed_slice();
                        keys.push(child.clone());
                        index.insert(child, id);
                        id
                    }
                };
                succ.push(id);
            }
        }
        succ.sort_unstable();
        successors.push(succ);
    }
    let positions = keys
        .iter()
        .map(|key| {
            let rows = if transposed {
                conjugate(key)
            } else {
                key.to_vec()
            };
            let rows: Vec<usize> = rows.into_iter().map(usize::from).collect();
            // Not `expect`, which formats the error with `Debug` (see
            // `SumPosition::after`).
            Position::new(&rows).unwrap_or_else(|_| {
                unreachable!("a non-empty sub-diagram of a position is a position")
            })
        })
        .collect();
    let names = (0..keys.len() as u64).map(Name::Int).collect();
    (Graph { names, successors }, positions)
}

/// The diagram `rows` after eating square (`r`, `c`) (1-based) and everything
/// below and right of it, empty rows dropped.
fn bite(rows: &[u16], r: usize, c: usize) -> Vec<u16> {
    let cut = (c - 1) as u16;
    let mut child: Vec<u16> = rows[..r - 1].to_vec();
    child.extend(rows[r - 1..].iter().map(|&len| len.min(cut)));
    while child.last() == Some(&0) {
        child.pop();
    }
    child
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chomp::downset_size;
    use crate::graph::{analyze, parse_graph};
    use std::collections::VecDeque;

    const WORKSHEET: &str = "d = { 0: [1, 2, 3, 4, 5], 1: [4, 5, 6], 2: [1, 3, 4, 5],\n      3: [5, 6, 7], 4: [7, 8], 5: [8], 6: [5, 7], 7: [8], 8: [] }";

    fn squeeze(s: &str) -> String {
        s.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn chomp_2_3_arena_is_the_worksheet_s() {
        let (g, positions) = chomp_arena(2, 3).unwrap();
        assert_eq!(squeeze(&g.to_dict_text()), squeeze(WORKSHEET));
        assert_eq!(g, parse_graph(WORKSHEET).unwrap());
        let rows: Vec<&[usize]> = positions.iter().map(Position::rows).collect();
        let want: [&[usize]; 9] = [
            &[3, 3],
            &[3, 1],
            &[3, 2],
            &[2, 2],
            &[3],
            &[1, 1],
            &[2, 1],
            &[2],
            &[1],
        ];
        assert_eq!(rows, want);
        let a = analyze(&g).unwrap();
        let steps: Vec<(usize, &[usize])> = a
            .kernel_steps
            .iter()
            .map(|s| (s.sink, s.removed.as_slice()))
            .collect();
        assert_eq!(
            steps,
            [(8, &[4, 5, 7][..]), (6, &[1, 3][..]), (2, &[0][..])]
        );
        let mut strat = a.strategy.clone();
        strat.sort_unstable();
        assert_eq!(strat, [(0, 2), (1, 6), (3, 6), (4, 8), (5, 8), (7, 8)]);
        assert_eq!(a.nimbers, [4, 3, 0, 2, 2, 1, 0, 1, 0]);
        // The kernel is the losing positions [1], [2, 1], [3, 2].
        let mut kernel: Vec<&[usize]> = a.kernel.iter().map(|&v| positions[v].rows()).collect();
        kernel.sort();
        assert_eq!(kernel, [&[1][..], &[2, 1], &[3, 2]]);
    }

    /// The numbering rule, written directly on the Chomp engine's moves.
    fn reference(start: &Position) -> Vec<Position> {
        let group = |p: &Position| match (p.height() == 1, p.width() == 1) {
            (false, false) => 0,
            (true, true) => 2,
            _ => 1,
        };
        let mut order = vec![start.clone()];
        let mut seen = std::collections::HashSet::from([start.clone()]);
        let mut queue = VecDeque::from([start.clone()]);
        while let Some(p) = queue.pop_front() {
            let mut moves: Vec<_> = p.moves().collect();
            moves.sort_by_key(|m| {
                let child = p.play(*m).unwrap();
                (group(&child), std::cmp::Reverse(m.row), m.col)
            });
            for m in moves {
                let child = p.play(m).unwrap();
                if seen.insert(child.clone()) {
                    order.push(child.clone());
                    queue.push_back(child);
                }
            }
        }
        order
    }

    #[test]
    fn every_arena_follows_the_rule_and_the_moves() {
        for rows in [
            vec![3, 3],
            vec![3, 2, 1],
            vec![4, 4, 4, 4],
            vec![7, 7, 7, 7],
            vec![2, 2, 2, 2, 2, 1],
            vec![5, 3, 3, 1, 1, 1, 1],
            vec![1, 1, 1],
            vec![6],
        ] {
            let start = Position::new(&rows).unwrap();
            let (g, positions) = arena_below(&start).unwrap();
            assert_eq!(positions, reference(&start), "{rows:?}");
            assert_eq!(g.len() as u64, downset_size(&start) - 1);
            for (v, p) in positions.iter().enumerate() {
                let mut want: Vec<usize> = p
                    .moves()
                    .map(|m| {
                        let child = p.play(m).unwrap();
                        positions.iter().position(|q| *q == child).unwrap()
                    })
                    .collect();
                want.sort_unstable();
                assert_eq!(g.successors[v], want, "{rows:?} vertex {v}");
            }
            assert!(analyze(&g).is_ok());
        }
    }

    #[test]
    fn arena_below_a_position_is_its_down_set() {
        let start = Position::new(&[3, 2, 1]).unwrap();
        let (g, positions) = arena_below(&start).unwrap();
        // Catalan(4) = 14 sub-diagrams of the staircase, minus the empty one.
        assert_eq!(g.len(), 13);
        assert_eq!(positions[0], start);
        assert_eq!(g.successors[0].len(), start.moves().count());
    }

    #[test]
    fn sizes_are_checked_before_building() {
        assert_eq!(chomp_arena(0, 3).unwrap_err(), ArenaError::Empty);
        // 8 × 8: C(16, 8) - 1 = 12869 positions, now built.
        assert_eq!(chomp_arena(8, 8).unwrap().0.len(), 12_869);
        let e = chomp_arena(9, 9).unwrap_err();
        assert_eq!(e, ArenaError::TooBig { count: 48_619 });
        assert_eq!(e.code(), "arena.too_big");
        assert!(
            e.to_string().contains("48619 vertices, more than 20000"),
            "{e}"
        );
        let e = chomp_arena(1001, 1001).unwrap_err();
        assert_eq!(
            e,
            ArenaError::TooBig {
                count: u64::MAX - 1
            }
        );
        // A single row of 1000 has 1000 positions but 499 500 moves; a
        // 2-row bar of 1000 has 500 500 positions.
        assert!(arena_below(&Position::new(&[1000]).unwrap()).is_ok());
        let e = chomp_arena(2, 1000).unwrap_err();
        assert_eq!(e.code(), "arena.too_big");
        let e = arena_below(&Position::new(&[1000, 3]).unwrap()).unwrap_err();
        assert_eq!(e.code(), "arena.too_many_arcs");
    }

    #[test]
    fn a_tall_position_is_walked_by_its_columns() {
        // 500 rows of one square and a top row of 3: more rows than columns.
        let mut rows = vec![3];
        rows.extend(std::iter::repeat_n(1, 499));
        let start = Position::new(&rows).unwrap();
        let (g, positions) = arena_below(&start).unwrap();
        assert_eq!(g.len() as u64, downset_size(&start) - 1);
        assert_eq!(positions[0], start);
        let (t, tp) = arena_below(&start.transpose()).unwrap();
        assert_eq!(t.len(), g.len());
        // Same arcs up to transposition.
        let arcs = |g: &Graph| g.successors.iter().map(Vec::len).sum::<usize>();
        assert_eq!(arcs(&t), arcs(&g));
        assert!(tp.iter().all(|p| positions.contains(&p.transpose())));
    }
}
