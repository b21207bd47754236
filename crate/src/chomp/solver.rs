//! Exact solution of every position of a box, by one backward pass.
//!
//! Positions are visited in rank order, so every successor of a position is
//! settled before it. A position that no earlier P-position has marked is a
//! P-position (all its moves lead to N); it then marks every one of its
//! predecessors N. P-positions are about 1% of a box, and each predecessor is
//! reached in O(1) from ranks alone (see `walk`), so the pass costs about one
//! mark per winning move of the box instead of a look at every move.
//!
//! Two tables, chosen by size:
//! * **remoteness** (boxes up to [`REMOTENESS_LIMIT`] positions): one byte per
//!   position (two on boards of more than 255 squares) holding the number of
//!   moves left under perfect play — a winner hurries, a loser delays. It is
//!   even exactly for P-positions. A mark stores `1 + remoteness` of the
//!   P-position when smaller than what is there, so an N-position ends with
//!   `1 + min` over its P successors; a P-position takes `1 + max` over its
//!   successors, the only place where all moves are looked at.
//! * **outcome bits** (larger boxes, up to [`MAX_SOLVE_POSITIONS`]): one bit per
//!   position, set for N; unset bits are found a word at a time. Predecessors
//!   come in runs of consecutive ranks where they can (see
//!   `walk::predecessor_runs`), set a word at a time: 1.3× faster
//!   than one bit per mark on 16×17 and 16×18.
//!
//! The bit table is allocated once at its exact size and its failure is an
//! error, not an abort: 17×18 takes 567 MB of the 640 MiB a wasm32 instance
//! may get (17×18 in 60 s in headless Chromium on a 2-core machine, 41 s of
//! CPU natively). Ranks are `u64` everywhere (17×18 has 4.54 G positions, past
//! 2^32); only word indices (rank / 64) become `usize`.
//!
//! Progress is reported by rank, and the work is not spread evenly over the
//! ranks: the first ranks are the narrow positions, whose P-positions have
//! the most predecessors, so about a third of the time passes before the
//! first 2^18 ranks are done (17×18 natively: first report after 18 s of 54 s).

use super::position::{Position, PositionError};
use super::rank::{next_in_rank_order, BoxRanker};
use super::walk::{for_each_successor, predecessor_runs, WalkCursor};
use crate::error::{Coded, Param, Params};
use std::fmt;

/// Largest box (in positions) solved exactly: one bit each, so 640 MiB.
///
/// It covers 17×18 (4.54 G positions, 567 MB), the largest box exact play on
/// boards up to 18×18 needs (a square is settled by (2, 2), and any bite in
/// row 1 or column 1 of an 18×18 board leaves at most 17×18), and it fits the
/// memory a browser gives one wasm32 instance; 18×18 (9.08 G) is refused.
/// [`Solution::solve_outcomes`] takes a larger bound, for native tools.
pub const MAX_SOLVE_POSITIONS: u64 = 5 << 30;

/// Largest box (in positions) that also gets remoteness: 16 Mi positions,
/// 16 MiB (32 MiB on boards of more than 255 squares).
pub const REMOTENESS_LIMIT: u64 = 1 << 24;

/// Outcome of a position for the player about to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Outcome {
    /// Previous player wins: the position is in the kernel, every move loses.
    P,
    /// Next player wins: some move leads into the kernel.
    N,
}

/// Why a box cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// Zero rows or columns.
    EmptyBox,
    /// The table of a box within the limit could not be allocated.
    OutOfMemory {
        /// Rows of the box.
        rows: usize,
        /// Columns of the box.
        cols: usize,
        /// Bytes the table needs.
        bytes: u64,
    },
    /// More positions than [`MAX_SOLVE_POSITIONS`].
    TooLarge {
        /// Rows of the box.
        rows: usize,
        /// Columns of the box.
        cols: usize,
        /// Its number of positions, when it fits a `u64`.
        positions: Option<u64>,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::EmptyBox => f.write_str("a board needs at least one row and one column"),
            SolveError::OutOfMemory { rows, cols, bytes } => write!(
                f,
                "a {rows}×{cols} board needs {bytes} bytes of memory, more than this device gives"
            ),
            SolveError::TooLarge {
                rows,
                cols,
                positions,
            } => {
                let count = positions.map_or("too many".to_string(), |p| p.to_string());
                write!(
                    f,
                    "a {rows}×{cols} board has {count} positions; exact solving is limited to {MAX_SOLVE_POSITIONS}"
                )
            }
        }
    }
}

impl std::error::Error for SolveError {}

impl Coded for SolveError {
    fn code(&self) -> &'static str {
        match self {
            SolveError::EmptyBox => "board.empty",
            SolveError::OutOfMemory { .. } => "board.out_of_memory",
            SolveError::TooLarge { .. } => "board.too_large",
        }
    }

    fn params(&self) -> Params {
        match *self {
            SolveError::EmptyBox => vec![],
            SolveError::OutOfMemory { rows, cols, bytes } => vec![
                ("rows", rows.into()),
                ("cols", cols.into()),
                ("bytes", bytes.into()),
            ],
            SolveError::TooLarge {
                rows,
                cols,
                positions,
            } => vec![
                ("rows", rows.into()),
                ("cols", cols.into()),
                (
                    "positions",
                    positions.map_or(Param::Text("> 2^64".into()), Param::from),
                ),
                ("max", MAX_SOLVE_POSITIONS.into()),
            ],
        }
    }
}

/// Codes of [`SolveError`].
pub const CODES: &[&str] = &["board.empty", "board.out_of_memory", "board.too_large"];

/// What is known of every position of the box.
#[derive(Clone, Debug)]
enum Table {
    /// Remoteness, one byte per position.
    Narrow(Vec<u8>),
    /// Remoteness, two bytes per position.
    Wide(Vec<u16>),
    /// Outcome only: bit set for N-positions.
    Bits(Vec<u64>),
}

/// A remoteness cell; `UNSET` marks a position no P-position has reached yet.
trait Cell: Copy + Ord + Into<u32> {
    const UNSET: Self;
    fn from_u32(v: u32) -> Self;
}

impl Cell for u8 {
    const UNSET: Self = u8::MAX;
    fn from_u32(v: u32) -> Self {
        v as u8
    }
}

impl Cell for u16 {
    const UNSET: Self = u16::MAX;
    fn from_u32(v: u32) -> Self {
        v as u16
    }
}

/// The solved box: outcome of every position, and remoteness when it fits.
#[derive(Clone, Debug)]
pub struct Solution {
    ranker: BoxRanker,
    table: Table,
    p_positions: u64,
}

impl Solution {
    /// Solves every position of a `rows × cols` box, with remoteness when the
    /// box has at most [`REMOTENESS_LIMIT`] positions. `progress(done, total)`
    /// is called now and then so a caller can report progress.
    pub fn solve(
        rows: usize,
        cols: usize,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Solution, SolveError> {
        Solution::solve_with(rows, cols, REMOTENESS_LIMIT, progress)
    }

    /// Like [`Solution::solve`], with remoteness only up to `remoteness_limit` positions.
    pub fn solve_with(
        rows: usize,
        cols: usize,
        remoteness_limit: u64,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Solution, SolveError> {
        Solution::solve_bounded(rows, cols, remoteness_limit, MAX_SOLVE_POSITIONS, progress)
    }

    /// Outcomes only (one bit per position) of a box of up to `max_positions`
    /// positions, which may exceed [`MAX_SOLVE_POSITIONS`]: for native tools
    /// such as the opening book's solve of 19×20 (68.9 G positions, 8.6 GB),
    /// never for a page. Fails cleanly when the table cannot be allocated.
    pub fn solve_outcomes(
        rows: usize,
        cols: usize,
        max_positions: u64,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Solution, SolveError> {
        Solution::solve_bounded(rows, cols, 0, max_positions, progress)
    }

    fn solve_bounded(
        rows: usize,
        cols: usize,
        remoteness_limit: u64,
        max_positions: u64,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Solution, SolveError> {
        let mut job = SolveJob::new(rows, cols, remoteness_limit, max_positions)?;
        // Progress counts positions as `positions()` does (rank 0, the empty
        // board, is none), from the start: a page says "Solving 601,080,389
        // positions" and then "601,080,389 positions solved", never "0".
        let (_, positions) = job.progress();
        progress(0, positions);
        loop {
            let finished = job.step(STEP_UNITS);
            let (done, total) = job.progress();
            progress(done, total);
            if finished {
                break;
            }
        }
        job.finish().map_err(|_| SolveError::EmptyBox)
    }

    /// Rows of the solved box.
    pub fn rows(&self) -> usize {
        self.ranker.rows()
    }

    /// Columns of the solved box.
    pub fn cols(&self) -> usize {
        self.ranker.cols()
    }

    /// Positions in the box, poisoned square present (the empty board excluded).
    pub fn positions(&self) -> u64 {
        self.ranker.total() - 1
    }

    /// Number of P-positions (kernel size) in the box.
    pub fn p_positions(&self) -> u64 {
        self.p_positions
    }

    /// Whether this solution knows remoteness (else only outcomes).
    pub fn has_remoteness(&self) -> bool {
        !matches!(self.table, Table::Bits(_))
    }

    /// Bytes held by the table.
    pub fn table_bytes(&self) -> usize {
        match &self.table {
            Table::Narrow(t) => t.len(),
            Table::Wide(t) => t.len() * 2,
            Table::Bits(t) => t.len() * 8,
        }
    }

    /// Whether this solution covers `position`.
    pub fn covers(&self, position: &Position) -> bool {
        position.check_fits(self.rows(), self.cols()).is_ok()
    }

    fn rank(&self, position: &Position) -> Result<u64, PositionError> {
        position.check_fits(self.rows(), self.cols())?;
        Ok(self.ranker.rank(position))
    }

    fn outcome_at(&self, rank: u64) -> Outcome {
        let p = match &self.table {
            Table::Narrow(t) => t[rank as usize] % 2 == 0,
            Table::Wide(t) => t[rank as usize] % 2 == 0,
            Table::Bits(t) => t[(rank >> 6) as usize] >> (rank & 63) & 1 == 0,
        };
        if p {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// Remoteness of a position of the box (moves until only the poison is
    /// left, under perfect play), or `None` when the box was solved for
    /// outcomes only.
    pub fn remoteness(&self, position: &Position) -> Result<Option<u32>, PositionError> {
        let rank = self.rank(position)? as usize;
        Ok(match &self.table {
            Table::Narrow(t) => Some(t[rank] as u32),
            Table::Wide(t) => Some(t[rank] as u32),
            Table::Bits(_) => None,
        })
    }

    /// Outcome of a position of the box.
    pub fn outcome(&self, position: &Position) -> Result<Outcome, PositionError> {
        Ok(self.outcome_at(self.rank(position)?))
    }
}

/// Room for `words` words, reserved once at their exact size (and empty),
/// or `None` when that much memory cannot be had. The table is most of the
/// memory of a big solve (567 MB of the 640 MiB a wasm32 instance may get
/// for 17×18), so it must never go through a growing `Vec`'s doubling, and a
/// refusal must be an error rather than an abort. Zero pages come from the
/// allocator untouched on native targets and from `memory.grow` on wasm32,
/// so the job's fill is the only pass over them.
fn reserve_words(words: usize) -> Option<Vec<u64>> {
    let mut bits: Vec<u64> = Vec::new();
    bits.try_reserve_exact(words).ok()?;
    advise_huge_pages(&mut bits);
    Some(bits)
}

/// `count` remoteness cells, all unset, or `None` when the memory cannot be had.
fn unset_cells<T: Cell>(count: u64) -> Option<Vec<T>> {
    let count = usize::try_from(count).ok()?;
    let mut cells = Vec::new();
    cells.try_reserve_exact(count).ok()?;
    cells.resize(count, T::UNSET);
    Some(cells)
}

/// Asks Linux to back a big table with 2 MiB pages before it is touched.
/// Marks land all over the table, so with 4 KiB pages nearly every one is a
/// TLB miss whose page walk itself misses the cache once the table is many
/// GB (the opening book's 8.6 GB); the system's default ("madvise") only
/// gives huge pages to memory that asks. A hint: failure changes nothing.
#[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
fn advise_huge_pages(bits: &mut Vec<u64>) {
    extern "C" {
        fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
    }
    const MADV_HUGEPAGE: i32 = 14;
    const HUGE: usize = 2 << 20;
    let start = bits.as_mut_ptr() as usize;
    let end = start + bits.capacity() * 8;
    let aligned = start.next_multiple_of(HUGE);
    if end >= aligned + 32 * HUGE {
        let len = (end - aligned) / HUGE * HUGE;
        // SAFETY: the range lies inside this Vec's own allocation, and
        // MADV_HUGEPAGE only changes how its pages are backed, not their
        // contents or validity.
        unsafe {
            madvise(aligned as *mut std::ffi::c_void, len, MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(all(target_os = "linux", not(target_arch = "wasm32"))))]
fn advise_huge_pages(_bits: &mut Vec<u64>) {}

/// Sets bits `first..first + count` (all inside the table): whole words at
/// once in the middle of a long run.
#[inline]
fn set_run(bits: &mut [u64], first: u64, count: u64) {
    if count == 1 {
        bits[(first >> 6) as usize] |= 1 << (first & 63);
        return;
    }
    let end = first + count; // exclusive
    let (w0, w1) = ((first >> 6) as usize, ((end - 1) >> 6) as usize);
    let head = !0u64 << (first & 63);
    let tail = !0u64 >> (63 - ((end - 1) & 63));
    if w0 == w1 {
        bits[w0] |= head & tail;
        return;
    }
    bits[w0] |= head;
    for word in &mut bits[w0 + 1..w1] {
        *word = !0;
    }
    bits[w1] |= tail;
}

/// A box being solved a slice at a time: the pass of [`Solution::solve`]
/// (which runs one to its end), stopped after about as much work as asked
/// and resumed where it stopped, so a page can play on while it runs. The
/// table is reserved whole when the job is made (a device that cannot give
/// it is told at once) and freed with the job.
#[derive(Debug)]
pub struct SolveJob {
    ranker: BoxRanker,
    table: Table,
    /// Words the bit table will have: it is reserved at once and zeroed a
    /// slice at a time (567 MB take half a second to write).
    words: usize,
    p_positions: u64,
    /// Row lengths of the position of rank `current`.
    rows: Vec<usize>,
    current: u64,
    /// Outcome bits: the next rank to look at.
    next: u64,
    /// Marking the predecessors of the P-position `current`: how far.
    walking: bool,
    walk: WalkCursor,
    /// Remoteness: what the P-position `current` marks on its predecessors.
    mark: u32,
    finished: bool,
}

/// Work units of one step of [`Solution::solve`] between progress reports
/// (a unit is a run of predecessors marked or a rank looked at: about 10 to
/// 100 ns each, so some 10 to 100 ms a step).
const STEP_UNITS: u64 = 1 << 20;

/// Words of the bit table zeroed per unit of work.
const FILL_WORDS: usize = 1 << 10;

impl SolveJob {
    /// The solve of a `rows × cols` box, not started: with remoteness when it
    /// has at most `remoteness_limit` positions, refused past `max_positions`
    /// or when its table cannot be had.
    pub fn new(
        rows: usize,
        cols: usize,
        remoteness_limit: u64,
        max_positions: u64,
    ) -> Result<SolveJob, SolveError> {
        if rows == 0 || cols == 0 {
            return Err(SolveError::EmptyBox);
        }
        let too_large = |positions| SolveError::TooLarge {
            rows,
            cols,
            positions,
        };
        let ranker = BoxRanker::new(rows, cols).ok_or(too_large(None))?;
        let total = ranker.total();
        if total > max_positions {
            return Err(too_large(Some(total)));
        }
        let out_of_memory = |bytes| SolveError::OutOfMemory { rows, cols, bytes };
        let mut words = 0;
        let table = if total > remoteness_limit {
            let w = total.div_ceil(64);
            words = usize::try_from(w).map_err(|_| out_of_memory(w.saturating_mul(8)))?;
            Table::Bits(reserve_words(words).ok_or(out_of_memory(w.saturating_mul(8)))?)
        } else if rows * cols <= 255 {
            // Remoteness is at most squares − 1 ≤ 254, below the UNSET mark.
            Table::Narrow(unset_cells(total).ok_or(out_of_memory(total))?)
        } else {
            Table::Wide(unset_cells(total).ok_or(out_of_memory(total.saturating_mul(2)))?)
        };
        Ok(SolveJob {
            rows: vec![0; ranker.rows()],
            ranker,
            table,
            words,
            p_positions: 0,
            current: 0,
            next: 0,
            walking: false,
            walk: WalkCursor::default(),
            mark: 0,
            finished: false,
        })
    }

    /// Rows of the box.
    pub fn rows(&self) -> usize {
        self.ranker.rows()
    }

    /// Columns of the box.
    pub fn cols(&self) -> usize {
        self.ranker.cols()
    }

    /// Positions settled so far and positions of the box (the empty board is
    /// none, as in [`Solution::positions`]).
    pub fn progress(&self) -> (u64, u64) {
        let positions = self.ranker.total() - 1;
        if self.finished {
            return (positions, positions);
        }
        let at = match self.table {
            Table::Bits(_) => self.next,
            _ => self.current + 1,
        };
        (at.saturating_sub(1).min(positions), positions)
    }

    /// Bytes of the table (reserved whole from the start).
    pub fn table_bytes(&self) -> u64 {
        match &self.table {
            Table::Narrow(t) => t.len() as u64,
            Table::Wide(t) => t.len() as u64 * 2,
            Table::Bits(_) => self.words as u64 * 8,
        }
    }

    /// Does about `units` units of work (a unit is a run of predecessors
    /// marked or a rank looked at); true once the box is solved.
    pub fn step(&mut self, units: u64) -> bool {
        if self.finished {
            return true;
        }
        let mut budget = units.max(1);
        let mut table = std::mem::replace(&mut self.table, Table::Bits(Vec::new()));
        let finished = match &mut table {
            Table::Narrow(t) => self.step_remoteness(t, &mut budget),
            Table::Wide(t) => self.step_remoteness(t, &mut budget),
            Table::Bits(t) => self.step_bits(t, &mut budget),
        };
        self.table = table;
        self.finished = finished;
        finished
    }

    /// The solved box once [`SolveJob::step`] has said so; else the job back.
    pub fn finish(self) -> Result<Solution, Box<SolveJob>> {
        if !self.finished {
            return Err(Box::new(self));
        }
        Ok(Solution {
            ranker: self.ranker,
            table: self.table,
            p_positions: self.p_positions,
        })
    }

    /// Ranks in order: a position no P-position has reached yet is P, takes
    /// `1 + max` over its successors, and marks its predecessors with one
    /// more than that when smaller than what they hold.
    fn step_remoteness<T: Cell>(&mut self, table: &mut [T], budget: &mut u64) -> bool {
        if self.current == 0 && !self.walking {
            // Rank 0 is the empty board: never a successor, never visited.
            table[0] = T::from_u32(1);
        }
        let n = self.ranker.cols();
        loop {
            if self.walking {
                let mark = T::from_u32(self.mark);
                let done = predecessor_runs(
                    &self.ranker,
                    &self.rows,
                    self.current,
                    &mut self.walk,
                    budget,
                    &mut |first, count| {
                        for cell in &mut table[first as usize..(first + count) as usize] {
                            if mark < *cell {
                                *cell = mark;
                            }
                        }
                    },
                );
                if !done {
                    return false;
                }
                self.walking = false;
            }
            if *budget == 0 {
                return false;
            }
            if !next_in_rank_order(&mut self.rows, n) {
                return true;
            }
            self.current += 1;
            *budget -= 1;
            let rank = self.current;
            if table[rank as usize] != T::UNSET {
                continue; // N, and final: every P successor has marked it
            }
            self.p_positions += 1;
            let mut longest: Option<u32> = None;
            for_each_successor(&self.ranker, &self.rows, rank, |s| {
                let v: u32 = table[s as usize].into();
                longest = Some(longest.map_or(v, |l| l.max(v)));
            });
            let value = longest.map_or(0, |l| l + 1);
            table[rank as usize] = T::from_u32(value);
            self.mark = value + 1;
            self.walk.restart();
            self.walking = true;
        }
    }

    /// Words in order: each unset bit is a P-position, whose predecessors
    /// are set in runs.
    fn step_bits(&mut self, bits: &mut Vec<u64>, budget: &mut u64) -> bool {
        if bits.len() < self.words {
            while bits.len() < self.words {
                if *budget == 0 {
                    return false;
                }
                *budget -= 1;
                // Reserved already: this only writes the zeros.
                let more = FILL_WORDS.min(self.words - bits.len());
                bits.resize(bits.len() + more, 0);
            }
            bits[0] = 1; // rank 0, the empty board, is not a position
            let tail = self.ranker.total() % 64;
            if tail != 0 {
                bits[self.words - 1] |= !0u64 << tail; // ranks past the box
            }
        }
        let bits = bits.as_mut_slice();
        loop {
            if self.walking {
                let done = predecessor_runs(
                    &self.ranker,
                    &self.rows,
                    self.current,
                    &mut self.walk,
                    budget,
                    &mut |first, count| set_run(bits, first, count),
                );
                if !done {
                    return false;
                }
                self.walking = false;
            }
            // The next unset bit from `next`, a word at a time, in locals.
            let mut next = self.next;
            let mut left = *budget;
            let found = loop {
                if left == 0 {
                    break None;
                }
                left -= 1;
                let w = (next >> 6) as usize;
                let Some(&word) = bits.get(w) else {
                    break None;
                };
                // Marks may have landed later in this very word: read it again.
                let free = !word & (!0u64 << (next & 63));
                if free != 0 {
                    break Some(w as u64 * 64 + free.trailing_zeros() as u64);
                }
                next = (w as u64 + 1) * 64;
            };
            *budget = left;
            let Some(rank) = found else {
                self.next = next;
                return (next >> 6) as usize >= self.words;
            };
            self.p_positions += 1;
            self.ranker.unrank_into(rank, &mut self.rows);
            self.current = rank;
            self.next = rank + 1;
            self.walk.restart();
            self.walking = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chomp::Move;
    use std::collections::HashMap;

    /// Plain memoised recursion over positions (chp.js's `valeur`), remoteness included.
    fn brute(p: &Position, memo: &mut HashMap<Position, u32>) -> u32 {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let children: Vec<u32> = p
            .moves()
            .map(|m| brute(&p.play(m).unwrap(), memo))
            .collect();
        let wins: Vec<u32> = children
            .iter()
            .copied()
            .filter(|v| v.is_multiple_of(2))
            .collect();
        let v = if p.is_terminal() {
            0
        } else if let Some(min) = wins.iter().min() {
            min + 1
        } else {
            children.iter().max().unwrap() + 1
        };
        memo.insert(p.clone(), v);
        v
    }

    fn all_positions(m: usize, n: usize) -> Vec<Position> {
        let mut rows = vec![0; m];
        let mut out = vec![];
        while next_in_rank_order(&mut rows, n) {
            out.push(Position::new(&rows).unwrap());
        }
        out
    }

    #[test]
    fn matches_brute_force_on_every_box_up_to_6x6() {
        let mut memo = HashMap::new();
        for m in 1..=6 {
            for n in 1..=6 {
                let s = Solution::solve(m, n, &mut |_, _| {}).unwrap();
                let mut kernel = 0;
                for p in all_positions(m, n) {
                    let expect = brute(&p, &mut memo);
                    assert_eq!(s.remoteness(&p).unwrap(), Some(expect), "{m}x{n} {p}");
                    kernel += expect.is_multiple_of(2) as u64;
                }
                assert_eq!(s.p_positions(), kernel);
                assert_eq!(s.positions() as usize, all_positions(m, n).len());
            }
        }
    }

    fn winning_moves(s: &Solution, p: &Position) -> Vec<Move> {
        p.moves()
            .filter(|&mv| s.outcome(&p.play(mv).unwrap()).unwrap() == Outcome::P)
            .collect()
    }

    #[test]
    fn two_by_n_unique_winning_move_is_the_corner() {
        for n in 2..=40 {
            let s = Solution::solve(2, n, &mut |_, _| {}).unwrap();
            let full = Position::rectangle(2, n).unwrap();
            assert_eq!(
                winning_moves(&s, &full),
                vec![Move { row: 2, col: n }],
                "2x{n}"
            );
            // P-positions of 2-row Chomp are exactly (a, a-1).
            for a in 1..=n {
                for b in 0..=a {
                    let p = Position::new(&[a, b]).unwrap();
                    let expect = if b + 1 == a { Outcome::P } else { Outcome::N };
                    assert_eq!(s.outcome(&p).unwrap(), expect, "{p}");
                }
            }
        }
    }

    #[test]
    fn square_boards_unique_winning_move_is_2_2() {
        for n in 2..=12 {
            let s = Solution::solve(n, n, &mut |_, _| {}).unwrap();
            let full = Position::rectangle(n, n).unwrap();
            assert_eq!(
                winning_moves(&s, &full),
                vec![Move { row: 2, col: 2 }],
                "{n}x{n}"
            );
            // After (2, 2), the L-shape with equal arms is P; unequal arms are N.
            for a in 1..=n {
                for b in 1..=n {
                    let mut rows = vec![a];
                    rows.extend(std::iter::repeat_n(1, b - 1));
                    let p = Position::new(&rows).unwrap();
                    let expect = if a == b { Outcome::P } else { Outcome::N };
                    assert_eq!(s.outcome(&p).unwrap(), expect, "{p}");
                }
            }
        }
    }

    /// Three-rowed P-positions [p, q, r] for r ≤ 5, as published by A. E.
    /// Brouwer ("The game of Chomp", quoted in OEIS A147983): r = 0: p = q + 1;
    /// r = 1: only (3,1,1), (2,2,1); r = 2: p = q + 2; r = 3: only (6,3,3),
    /// (7,4,3), (5,5,3); r = 4: only (8,4,4), (9,5,4), (10,6,4), (7,7,4);
    /// r = 5: (10,5,5), (9,6,5) and (a+11, a+7, 5) for a ≥ 0.
    #[test]
    fn three_row_p_positions_match_the_published_table() {
        let n = 40;
        let s = Solution::solve(3, n, &mut |_, _| {}).unwrap();
        let published = |p: usize, q: usize, r: usize| match r {
            0 => p == q + 1,
            1 => [(3, 1), (2, 2)].contains(&(p, q)),
            2 => p == q + 2,
            3 => [(6, 3), (7, 4), (5, 5)].contains(&(p, q)),
            4 => [(8, 4), (9, 5), (10, 6), (7, 7)].contains(&(p, q)),
            _ => [(10, 5), (9, 6)].contains(&(p, q)) || (q >= 7 && p == q + 4),
        };
        for r in 0..=5 {
            for q in r.max(1)..=n {
                for p in q..=n {
                    let pos = Position::new(&[p, q, r]).unwrap();
                    let kernel = s.outcome(&pos).unwrap() == Outcome::P;
                    assert_eq!(kernel, published(p, q, r), "{pos}");
                }
            }
        }
    }

    #[test]
    fn transposed_positions_have_the_same_outcome() {
        for (m, n) in [(3, 7), (4, 6), (5, 5), (2, 9)] {
            let s = Solution::solve(m, n, &mut |_, _| {}).unwrap();
            let t = Solution::solve(n, m, &mut |_, _| {}).unwrap();
            for p in all_positions(m, n) {
                assert_eq!(
                    s.remoteness(&p).unwrap(),
                    t.remoteness(&p.transpose()).unwrap(),
                    "{p}"
                );
            }
        }
    }

    /// The plainest DP there is, independent of the rank walk: every position
    /// in rank order, every move played on a `Position` and ranked afresh.
    fn plain_dp(m: usize, n: usize) -> Vec<bool> {
        let ranker = BoxRanker::new(m, n).unwrap();
        let mut p = vec![false; ranker.total() as usize];
        let mut rows = vec![0; m];
        while next_in_rank_order(&mut rows, n) {
            let pos = Position::new(&rows).unwrap();
            let any_p_child = pos
                .moves()
                .any(|mv| p[ranker.rank(&pos.play(mv).unwrap()) as usize]);
            p[ranker.rank(&pos) as usize] = !any_p_child;
        }
        p
    }

    #[test]
    fn fast_solver_matches_a_plain_dp_up_to_11x11() {
        for (m, n) in [(11, 11), (10, 11), (11, 9), (7, 11), (3, 11), (1, 11)] {
            let plain = plain_dp(m, n);
            for limit in [0, REMOTENESS_LIMIT] {
                let fast = Solution::solve_with(m, n, limit, &mut |_, _| {}).unwrap();
                assert_eq!(fast.has_remoteness(), limit > 0);
                let ranker = BoxRanker::new(m, n).unwrap();
                let mut rows = vec![0; m];
                let mut kernel = 0;
                while next_in_rank_order(&mut rows, n) {
                    let rank = ranker.rank_rows(&rows);
                    let want = if plain[rank as usize] {
                        Outcome::P
                    } else {
                        Outcome::N
                    };
                    assert_eq!(fast.outcome_at(rank), want, "{m}x{n} {rows:?}");
                    kernel += plain[rank as usize] as u64;
                }
                assert_eq!(fast.p_positions(), kernel, "{m}x{n}");
            }
        }
    }

    #[test]
    fn outcome_bits_agree_with_remoteness_on_every_box_up_to_10x10() {
        for m in 1..=10 {
            for n in 1..=10 {
                let bits = Solution::solve_with(m, n, 0, &mut |_, _| {}).unwrap();
                let full = Solution::solve(m, n, &mut |_, _| {}).unwrap();
                assert_eq!(bits.p_positions(), full.p_positions(), "{m}x{n}");
                for rank in 1..bits.ranker.total() {
                    assert_eq!(
                        bits.outcome_at(rank),
                        full.outcome_at(rank),
                        "{m}x{n} rank {rank}"
                    );
                }
            }
        }
    }

    /// Gale's strategy stealing says every rectangle but 1×1 has a winning
    /// first move; transposing a rectangle transposes its winning moves.
    #[test]
    fn rectangle_openings_exist_and_are_symmetric_up_to_13x13() {
        let s = Solution::solve_with(13, 13, 0, &mut |_, _| {}).unwrap();
        let wins = |r: usize, c: usize| -> Vec<Move> {
            let mut w = winning_moves(&s, &Position::rectangle(r, c).unwrap());
            w.sort();
            w
        };
        for r in 1..=13 {
            for c in 1..=13 {
                let w = wins(r, c);
                assert_eq!(w.is_empty(), r == 1 && c == 1, "{r}x{c}");
                assert_eq!(w, Move::transpose_all(&wins(c, r)), "{r}x{c}");
            }
        }
    }

    #[test]
    fn refuses_bad_boxes_and_positions() {
        assert_eq!(
            Solution::solve(0, 3, &mut |_, _| {}).unwrap_err(),
            SolveError::EmptyBox
        );
        let e = Solution::solve(20, 20, &mut |_, _| {}).unwrap_err();
        assert!(e.to_string().contains("137846528820 positions"), "{e}");
        let e = Solution::solve(18, 18, &mut |_, _| {}).unwrap_err();
        assert!(
            e.to_string()
                .contains("exact solving is limited to 5368709120"),
            "{e}"
        );
        // 17×18, the largest box exact play up to 18×18 needs, is within it.
        assert!(BoxRanker::new(17, 18).unwrap().total() <= MAX_SOLVE_POSITIONS);
        let e = Solution::solve_outcomes(18, 18, 1 << 33, &mut |_, _| {}).unwrap_err();
        assert!(e.to_string().contains("9075135300 positions"), "{e}");
        assert!(matches!(
            Solution::solve(900, 900, &mut |_, _| {}),
            Err(SolveError::TooLarge {
                positions: None,
                ..
            })
        ));
        let s = Solution::solve(3, 3, &mut |_, _| {}).unwrap();
        assert!(s.outcome(&Position::new(&[4]).unwrap()).is_err());
        assert!(s.outcome(&Position::new(&[1, 1, 1, 1]).unwrap()).is_err());
    }

    #[test]
    fn wide_table_for_long_thin_boxes() {
        // 2×200 has 400 squares, so remoteness needs more than a byte.
        let s = Solution::solve(2, 200, &mut |_, _| {}).unwrap();
        let p = Position::new(&[200, 199]).unwrap();
        assert_eq!(s.outcome(&p).unwrap(), Outcome::P);
        assert!(s.remoteness(&p).unwrap().unwrap() > 255);
    }

    /// The same table whether the box is solved in one go or a few units of
    /// work at a time (each step stopping inside a P-position's walk).
    #[test]
    fn a_job_stepped_in_slices_gives_the_same_table() {
        let same = |a: &Solution, b: &Solution| match (&a.table, &b.table) {
            (Table::Narrow(x), Table::Narrow(y)) => x == y,
            (Table::Wide(x), Table::Wide(y)) => x == y,
            (Table::Bits(x), Table::Bits(y)) => x == y,
            _ => false,
        };
        for (rows, cols, limit) in [
            (7, 9, REMOTENESS_LIMIT),
            (2, 130, REMOTENESS_LIMIT),
            (9, 9, 0),
            (6, 13, 0),
        ] {
            let whole = Solution::solve_with(rows, cols, limit, &mut |_, _| {}).unwrap();
            for units in [1, 3, 50] {
                let mut job = SolveJob::new(rows, cols, limit, MAX_SOLVE_POSITIONS).unwrap();
                let mut steps = 0u64;
                let mut last = (0, 0);
                while !job.step(units) {
                    steps += 1;
                    let now = job.progress();
                    assert!(now.0 >= last.0 && now.0 <= now.1, "{now:?}");
                    last = now;
                }
                assert_eq!(job.progress(), (whole.positions(), whole.positions()));
                let sliced = job.finish().unwrap();
                assert!(same(&whole, &sliced), "{rows}×{cols} in slices of {units}");
                assert_eq!(sliced.p_positions(), whole.p_positions());
                assert!(steps > 10, "{steps}");
            }
        }
        // Not finished: the job comes back, and goes on.
        let mut job = SolveJob::new(5, 5, 0, MAX_SOLVE_POSITIONS).unwrap();
        job.step(2);
        let mut job = *job.finish().unwrap_err();
        while !job.step(7) {}
        assert!(job.finish().is_ok());
    }

    #[test]
    fn progress_reaches_the_end() {
        let mut reports = Vec::new();
        let s = Solution::solve(8, 8, &mut |d, t| reports.push((d, t))).unwrap();
        let n = s.positions();
        assert_eq!(
            (n, reports[0], *reports.last().unwrap()),
            (12869, (0, n), (n, n))
        );
        reports.clear();
        let s = Solution::solve_with(12, 12, 0, &mut |d, t| reports.push((d, t))).unwrap();
        let n = s.positions();
        assert_eq!(
            (n, reports[0], *reports.last().unwrap()),
            (2704155, (0, n), (n, n))
        );
        assert!(reports.windows(2).all(|w| w[0].0 <= w[1].0 && w[1].1 == n));
    }
}
