//! One object that answers for any board the page offers, exactly when it
//! can and honestly when it cannot.
//!
//! * **Box**: the whole box solved in advance (see `solver`).
//! * **Three rows** (or three columns, by transposition): the tail table of
//!   `three_rows`, exact at any width.
//! * **Open** (boards past the exact range): per position, in order
//!   1. a full rectangle up to 20×20: the opening book (`book`), every
//!      winning first move proven, every other one losing;
//!   2. closed forms — two rows (P iff `a = b + 1`), L-shapes (P iff the arms
//!      are equal: the mirror strategy), any full rectangle but 1×1 (N, by
//!      strategy stealing), any square (every move known: (2, 2) alone wins);
//!   3. the smallest box holding the position, solved exactly when it has at
//!      most [`SUBBOX_LIMIT`] positions (kept for the next moves);
//!   4. a memoised search of the position's down-set when it has at most
//!      [`DOWNSET_LIMIT`] positions;
//!   5. a search bounded by [`SEARCH_BUDGET`] positions: whatever it proves
//!      is exact; the rest is reported as unknown.
//!
//!   What the searches prove is kept in the engine from one move to the next
//!   (up to [`MEMO_LIMIT`] positions, then forgotten at once): a proven P or N
//!   stays true for the whole game, so the next move's search starts from it.

use super::book;
use super::play::{choose, Choice, Level, MoveValue, Verdict};
use super::position::{Move, Position, PositionError};
use super::rank::binomial;
use super::solver::{Outcome, Solution, SolveError, SolveJob, REMOTENESS_LIMIT};
use super::three_rows::ThreeRows;
use crate::error::Sure;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

/// Largest box solved on the fly for a position of an open board.
pub const SUBBOX_LIMIT: u64 = 1 << 24;
/// Largest down-set searched exhaustively.
pub const DOWNSET_LIMIT: u64 = 1 << 21;
/// Positions a bounded search may settle before giving up.
pub const SEARCH_BUDGET: usize = 1 << 16;
/// Positions whose outcome open play keeps from one move to the next. A kept
/// entry is a 128-bit key and a flag: this many fill 2^19 buckets of the map
/// at its 7/8 load, about 17 MiB (some 7 moves of searches at full budget).
/// Past it the memo is dropped whole (cheaper and simpler than choosing what
/// to evict; the next searches refill it).
pub const MEMO_LIMIT: usize = 7 << 16;
/// Widest open board (neither solved in advance nor three rows): per-move
/// answers look at every move, so the board must stay small enough for that.
pub const OPEN_MAX_SIDE: usize = 40;

/// Where the engine's answer for a position comes from, as a move list
/// tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// An exact table: the solved box, or the three-row table.
    Table,
    /// The opening book of full rectangles.
    Book,
    /// Open play's closed forms and searches (exact where they proved it).
    Search,
}

/// How the engine answers.
#[derive(Debug)]
enum Kind {
    /// Shared, so a caller can keep answering from the table without a copy.
    Box(Rc<Solution>),
    ThreeRows {
        table: ThreeRows,
        transposed: bool,
    },
    Open(OpenState),
}

/// Hashes the memo's 128-bit keys with two multiplies: a search looks up
/// every child of every position it settles, and the default SipHash cost
/// more than the look-up itself.
#[derive(Clone, Copy, Debug, Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        // Only u128 keys are hashed; this is the general fallback.
        for &b in bytes {
            self.write_u128(b as u128);
        }
    }

    fn write_u128(&mut self, v: u128) {
        let (lo, hi) = (v as u64, (v >> 64) as u64);
        let h = (self.0 ^ lo).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ hi;
        let h = h.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        self.0 = h ^ (h >> 32);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Proven outcomes (true = P), by [`memo_key_rows`].
type Memo = HashMap<u128, bool, BuildHasherDefault<KeyHasher>>;

/// What open play keeps between moves.
#[derive(Debug, Default)]
struct OpenState {
    /// The last small box solved on the fly.
    cache: Option<Solution>,
    /// Outcomes proven by searches.
    memo: Memo,
}

/// An engine for a `rows × cols` board.
#[derive(Debug)]
pub struct Engine {
    rows: usize,
    cols: usize,
    kind: Kind,
    /// Why the box was not solved in advance although it is within the
    /// limit: the device would not give the table's memory.
    fallback: Option<SolveError>,
}

/// Positions of the smallest box holding `p`.
fn box_positions(p: &Position) -> Option<u64> {
    binomial((p.height() + p.width()) as u64, p.height() as u64)
}

/// Number of positions contained in `p` (its down-set), the empty board
/// included, saturating at `u64::MAX`.
pub fn downset_size(p: &Position) -> u64 {
    // ways[v] = sub-diagrams of the rows so far whose last row has length v.
    let w = p.width();
    let mut ways = vec![0u64; w + 1];
    for way in ways.iter_mut().take(p.rows()[0] + 1) {
        *way = 1;
    }
    for &len in &p.rows()[1..] {
        let mut next = vec![0u64; w + 1];
        let mut acc = 0u64;
        // next[v] = Σ ways[u] for u ≥ v, v ≤ len.
        for v in (0..=w).rev() {
            acc = acc.saturating_add(ways[v]);
            if v <= len {
                next[v] = acc;
            }
        }
        ways = next;
    }
    ways.iter().fold(0u64, |a, &b| a.saturating_add(b))
}

/// Exact outcome from a closed form, when one applies.
fn closed_form(p: &Position) -> Option<Outcome> {
    closed_form_rows(p.rows())
}

/// [`closed_form`] of the row lengths of a position (non-empty rows only,
/// non-increasing, the first at least 1).
fn closed_form_rows(rows: &[usize]) -> Option<Outcome> {
    let pick = |is_p: bool| Some(if is_p { Outcome::P } else { Outcome::N });
    if rows.len() == 1 {
        return pick(rows[0] == 1);
    }
    if rows.len() == 2 {
        return pick(rows[0] == rows[1] + 1);
    }
    if rows[0] <= 2 {
        // Two columns: the transpose of two rows, P iff the first column is
        // one longer than the second (which counts the rows of length 2).
        let second = rows.iter().take_while(|&&len| len >= 2).count();
        return pick(rows[0] == 2 && rows.len() == second + 1);
    }
    if rows[1] == 1 {
        // L-shape: arm lengths along row 1 and column 1, poison shared.
        return pick(rows[0] == rows.len());
    }
    if rows.iter().all(|&len| len == rows[0]) {
        // A full rectangle, by strategy stealing: if eating the corner lost,
        // its winning reply would be a winning first move. (On a square,
        // (2, 2) leaves an equal L.) 1×1 has one row, settled above.
        return Some(Outcome::N);
    }
    None
}

/// Whether `p` is a full rectangle (every row as long as the first).
fn is_rectangle(p: &Position) -> bool {
    p.rows().iter().all(|&len| len == p.width())
}

/// A position (its row lengths) as 128 bits: its boundary path from the top right, inside an
/// [`OPEN_MAX_SIDE`]-wide box, a 1 per row after as many 0s as the row is
/// shorter than the one above, under a leading 1. At most 1 + 40 + 40 bits,
/// so distinct positions get distinct keys; a position too big for that
/// (never on an open board) gets none and is simply not memoised.
fn memo_key_rows(rows: &[usize]) -> Option<u128> {
    if rows.first().is_none_or(|&w| w > OPEN_MAX_SIDE) || rows.len() + OPEN_MAX_SIDE >= 127 {
        return None;
    }
    let mut key: u128 = 1;
    let mut above = OPEN_MAX_SIDE;
    for &len in rows {
        key = (key << (above - len + 1)) | 1;
        above = len;
    }
    Some(key)
}

/// Writes into `out` the rows left after eating (row, col) (1-based, a legal
/// move) from `rows`, empty rows dropped.
fn cut(rows: &[usize], row: usize, col: usize, out: &mut Vec<usize>) {
    out.clear();
    out.extend_from_slice(&rows[..row - 1]);
    if col > 1 {
        out.extend(rows[row - 1..].iter().map(|&len| len.min(col - 1)));
    }
}

/// A memoised search with a budget of positions settled by this search (the
/// memo may hold more, proven earlier in the game). Positions are row
/// lengths: children are cut into one buffer per level, and only the ones
/// searched further are looked at twice.
struct Search<'a> {
    memo: &'a mut Memo,
    budget: usize,
    settled: usize,
}

impl Search<'_> {
    /// Whether the position of row lengths `rows` (non-empty rows only) is
    /// P, or `None` once the budget is spent.
    fn is_p(&mut self, rows: &[usize]) -> Option<bool> {
        let key = memo_key_rows(rows);
        if let Some(&v) = key.and_then(|k| self.memo.get(&k)) {
            return Some(v);
        }
        if let Some(o) = closed_form_rows(rows) {
            return Some(o == Outcome::P);
        }
        if self.settled >= self.budget {
            return None;
        }
        // Bigger bites first: they reach small positions, settled quickly.
        let (height, width) = (rows.len(), rows[0]);
        let mut moves: Vec<(usize, usize)> = Vec::new();
        for (i, &len) in rows.iter().enumerate() {
            let first = if i == 0 { 2 } else { 1 };
            moves.extend((first..=len).map(|col| (i + 1, col)));
        }
        moves.sort_by_key(|&(r, c)| std::cmp::Reverse((height - r + 1) * (width - c + 1)));
        // First what is already known of every child (memo, closed forms): a
        // known P child settles this position without searching the others,
        // which is where a memo kept from earlier moves pays.
        let mut child = Vec::with_capacity(height);
        let mut open = Vec::with_capacity(moves.len());
        for &(r, c) in &moves {
            cut(rows, r, c, &mut child);
            match self.known(&child) {
                Some(true) => {
                    self.settle(key, false);
                    return Some(false);
                }
                Some(false) => {}
                None => open.push((r, c)),
            }
        }
        let mut unknown = false;
        for (r, c) in open {
            cut(rows, r, c, &mut child);
            // Asked again: a sibling's search may have settled it meanwhile.
            match self.is_p(&child) {
                Some(true) => {
                    self.settle(key, false);
                    return Some(false);
                }
                Some(false) => {}
                None => unknown = true,
            }
        }
        if unknown {
            return None;
        }
        self.settle(key, true);
        Some(true)
    }

    /// Whether `rows` is P, from the memo or a closed form only (no search).
    fn known(&self, rows: &[usize]) -> Option<bool> {
        if let Some(&v) = memo_key_rows(rows).and_then(|k| self.memo.get(&k)) {
            return Some(v);
        }
        closed_form_rows(rows).map(|o| o == Outcome::P)
    }

    fn settle(&mut self, key: Option<u128>, is_p: bool) {
        self.settled += 1;
        if let Some(k) = key {
            self.memo.insert(k, is_p);
        }
    }
}

impl Engine {
    /// An engine for a `rows × cols` board: the whole box solved with
    /// remoteness when it is small, else the three-row table when a side is at
    /// most 3, else the whole box as outcome bits when it has at most
    /// `exact_limit` positions, else open play (sides up to [`OPEN_MAX_SIDE`]).
    /// `progress` follows a box solve.
    pub fn new(
        rows: usize,
        cols: usize,
        exact_limit: u64,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Engine, SolveError> {
        if rows == 0 || cols == 0 {
            return Err(SolveError::EmptyBox);
        }
        let positions = binomial((rows + cols) as u64, rows as u64);
        let within = |limit: u64| positions.is_some_and(|p| p <= limit.min(exact_limit));
        let mut fallback = None;
        let kind = match () {
            // Small boxes keep remoteness, the best guide for the computer.
            _ if within(REMOTENESS_LIMIT) => {
                Kind::Box(Rc::new(Solution::solve(rows, cols, progress)?))
            }
            // Thin boards: the tail table is exact and far smaller than the box.
            _ if rows.min(cols) <= 3 => {
                let transposed = rows > cols;
                Kind::ThreeRows {
                    table: ThreeRows::new(rows.max(cols)),
                    transposed,
                }
            }
            _ if within(u64::MAX) => match Solution::solve(rows, cols, progress) {
                Ok(s) => Kind::Box(Rc::new(s)),
                // The device refused the table: play per position, as past the limit, and say why.
                Err(e @ SolveError::OutOfMemory { .. }) if rows.max(cols) <= OPEN_MAX_SIDE => {
                    fallback = Some(e);
                    Kind::Open(OpenState::default())
                }
                Err(e) => return Err(e),
            },
            _ if rows.max(cols) <= OPEN_MAX_SIDE => Kind::Open(OpenState::default()),
            _ => {
                return Err(SolveError::TooLarge {
                    rows,
                    cols,
                    positions,
                })
            }
        };
        Ok(Engine {
            rows,
            cols,
            kind,
            fallback,
        })
    }

    /// An engine for a `rows × cols` board that plays at once: when the
    /// board would be solved in advance and has more than `defer_from`
    /// positions (a solve that takes longer than a person should wait), it
    /// plays per position now (book, closed forms, searches) and the box's
    /// solve comes back as a job, to be run a slice at a time and given to
    /// [`Engine::take_solution`] when done. Other boards are as
    /// [`Engine::new`] makes them. A device that cannot give the table plays
    /// per position, told so, with no job.
    pub fn deferred(
        rows: usize,
        cols: usize,
        exact_limit: u64,
        defer_from: u64,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<(Engine, Option<SolveJob>), SolveError> {
        let positions = binomial((rows + cols) as u64, rows as u64);
        // Boards of three rows or columns past the remoteness range have
        // their own exact table, built at once.
        let thin = rows.min(cols) <= 3 && positions.is_none_or(|p| p > REMOTENESS_LIMIT);
        let defer = !thin
            && rows.max(cols) <= OPEN_MAX_SIDE
            && positions.is_some_and(|p| p > defer_from && p <= exact_limit);
        if !defer {
            return Ok((Engine::new(rows, cols, exact_limit, progress)?, None));
        }
        let open = |fallback| Engine {
            rows,
            cols,
            kind: Kind::Open(OpenState::default()),
            fallback,
        };
        match SolveJob::new(rows, cols, REMOTENESS_LIMIT, exact_limit) {
            Ok(job) => Ok((open(None), Some(job))),
            Err(e @ SolveError::OutOfMemory { .. }) => Ok((open(Some(e)), None)),
            Err(e) => Err(e),
        }
    }

    /// Answers from now on from `solution`, the solved box of this board
    /// (from the job of [`Engine::deferred`]); a table of another box is
    /// refused and given back.
    pub fn take_solution(&mut self, solution: Solution) -> Result<(), Solution> {
        if (solution.rows(), solution.cols()) != (self.rows, self.cols) {
            return Err(solution);
        }
        self.kind = Kind::Box(Rc::new(solution));
        self.fallback = None;
        Ok(())
    }

    /// Where the answer for `position` comes from.
    pub fn source(&self, position: &Position) -> Source {
        match &self.kind {
            Kind::Open(_) if book_verdict(position).is_some() => Source::Book,
            Kind::Open(_) => Source::Search,
            _ => Source::Table,
        }
    }

    /// Rows of the board.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Why a box within the limit is played per position: the device would
    /// not give its table's memory.
    pub fn fallback(&self) -> Option<&SolveError> {
        self.fallback.as_ref()
    }

    /// The solved box, when the whole board was solved.
    pub fn solution(&self) -> Option<&Rc<Solution>> {
        match &self.kind {
            Kind::Box(s) => Some(s),
            _ => None,
        }
    }

    /// "box", "three-rows" or "open".
    pub fn kind_name(&self) -> &'static str {
        match self.kind {
            Kind::Box(_) => "box",
            Kind::ThreeRows { .. } => "three-rows",
            Kind::Open { .. } => "open",
        }
    }

    /// What is known of `position` and of each of its moves.
    pub fn verdict(&mut self, position: &Position) -> Result<Verdict, PositionError> {
        position.check_fits(self.rows, self.cols)?;
        match &mut self.kind {
            Kind::Box(s) => super::play::analyze(s, position),
            Kind::ThreeRows { table, transposed } => {
                let is_p = |p: &Position| {
                    if *transposed {
                        table.is_p(p.transpose().rows())
                    } else {
                        table.is_p(p.rows())
                    }
                };
                exact_by(position, is_p)
            }
            Kind::Open(state) => open_verdict(state, position),
        }
    }

    /// Positions whose outcome open play has proven and keeps for the next
    /// moves (0 for other kinds); at most [`MEMO_LIMIT`] between calls.
    pub fn memo_len(&self) -> usize {
        match &self.kind {
            Kind::Open(state) => state.memo.len(),
            _ => 0,
        }
    }

    /// Forgets what open play's searches have proven (the memo), as if each
    /// verdict started afresh: for measuring what keeping it gains, or to
    /// give its memory back.
    pub fn forget_memo(&mut self) {
        if let Kind::Open(state) = &mut self.kind {
            state.memo = Memo::default();
        }
    }
}

impl Engine {
    /// The computer's move at `level` (`random` in [0, 1) drives its choices),
    /// or `None` when only the poison is left.
    pub fn computer_move(
        &mut self,
        position: &Position,
        level: Level,
        random: f64,
    ) -> Result<Option<Choice>, PositionError> {
        let verdict = self.verdict(position)?;
        self.choose(position, &verdict, level, random)
    }

    /// The computer's move from an already computed verdict of `position`.
    pub fn choose(
        &self,
        position: &Position,
        verdict: &Verdict,
        level: Level,
        random: f64,
    ) -> Result<Option<Choice>, PositionError> {
        match &self.kind {
            Kind::Box(s) => {
                let replies = |p: &Position| super::play::winning_replies(s, p);
                choose(position, verdict, level, random, Some(&replies))
            }
            _ => choose(position, verdict, level, random, None),
        }
    }

    /// True when a verdict costs little (a table look-up per move), so it can
    /// be asked for every move played.
    pub fn verdicts_are_cheap(&self) -> bool {
        !matches!(self.kind, Kind::Open { .. })
    }
}

/// A verdict from an exact P-test of positions.
fn exact_by(
    position: &Position,
    mut is_p: impl FnMut(&Position) -> bool,
) -> Result<Verdict, PositionError> {
    let mut moves = Vec::new();
    for mv in position.moves() {
        let child = position.play(mv)?;
        let win = is_p(&child);
        moves.push(MoveValue {
            mv,
            winning: Some(win),
            remoteness: None,
            squares_left: child.squares(),
        });
    }
    let outcome = if is_p(position) {
        Outcome::P
    } else {
        Outcome::N
    };
    Ok(Verdict {
        outcome: Some(outcome),
        moves,
        remoteness: None,
        exact: true,
    })
}

/// Whether the opening book answers `position` (a full rectangle it lists).
pub fn book_answers(position: &Position) -> bool {
    book_verdict(position).is_some()
}

/// A verdict on a full rectangle from the opening book: exact when the book
/// lists every winning first move; else (20×20) the listed ones are known to
/// win and the others are left to the search.
fn book_verdict(position: &Position) -> Option<(Verdict, bool)> {
    if !is_rectangle(position) {
        return None;
    }
    let entry = book::lookup(position.height(), position.width())?;
    let mut moves = Vec::new();
    for mv in position.moves() {
        let known = entry.moves.contains(&mv);
        moves.push(MoveValue {
            mv,
            winning: if entry.complete || known {
                Some(known)
            } else {
                None
            },
            remoteness: None,
            squares_left: position.squares() - bite(position, mv),
        });
    }
    let outcome = match (entry.moves.is_empty(), entry.complete) {
        (false, _) => Some(Outcome::N),
        (true, true) => Some(Outcome::P),
        (true, false) => None,
    };
    let verdict = Verdict {
        outcome,
        moves,
        remoteness: None,
        exact: entry.complete,
    };
    Some((verdict, entry.complete))
}

/// The exact verdict on a full square of side n ≥ 2: (2, 2) is its only
/// winning move. It leaves an L with equal arms (lost: the mirror strategy);
/// a bite in row 1 or column 1 leaves a rectangle other than 1×1 (won for
/// the mover, by strategy stealing); any other bite keeps row 1 and column 1
/// whole, and the reply (2, 2) leaves the equal L.
fn square_verdict(position: &Position) -> Option<Verdict> {
    if !is_rectangle(position) || position.height() != position.width() || position.height() < 2 {
        return None;
    }
    let corner = Move { row: 2, col: 2 };
    let moves = position
        .moves()
        .map(|mv| MoveValue {
            mv,
            winning: Some(mv == corner),
            remoteness: None,
            squares_left: position.squares() - bite(position, mv),
        })
        .collect();
    Some(Verdict {
        outcome: Some(Outcome::N),
        moves,
        remoteness: None,
        exact: true,
    })
}

/// Squares eaten by `mv` on `position` (a legal move).
fn bite(position: &Position, mv: Move) -> usize {
    position.rows()[mv.row - 1..]
        .iter()
        .map(|&len| len.saturating_sub(mv.col - 1))
        .sum()
}

fn open_verdict(state: &mut OpenState, position: &Position) -> Result<Verdict, PositionError> {
    // 1. A rectangle of the opening book: every first move known, at once.
    let from_book = book_verdict(position);
    if let Some((verdict, true)) = from_book {
        return Ok(verdict);
    }
    // 2. Any square: (2, 2) alone wins, at once and exactly.
    if let Some(verdict) = square_verdict(position) {
        return Ok(verdict);
    }
    let cache = &mut state.cache;
    // 3. A small enough box holding the position: solve it once, keep it.
    if cache.as_ref().is_some_and(|s| s.covers(position))
        || box_positions(position).is_some_and(|n| n <= SUBBOX_LIMIT)
    {
        if !cache.as_ref().is_some_and(|s| s.covers(position)) {
            let solved = Solution::solve(position.height(), position.width(), &mut |_, _| {})
                .sure("box within the limit");
            *cache = Some(solved);
        }
        let s = cache.as_ref().expect("just filled");
        return super::play::analyze(s, position);
    }
    // 2, 4 and 5. Closed forms inside a search: exhaustive on a small down-set,
    // bounded otherwise.
    let budget = if downset_size(position) <= DOWNSET_LIMIT {
        usize::MAX
    } else {
        SEARCH_BUDGET
    };
    // Proven facts from earlier moves are kept, but never without bound.
    if state.memo.len() > MEMO_LIMIT {
        state.memo = Memo::default();
    }
    let mut search = Search {
        memo: &mut state.memo,
        budget,
        settled: 0,
    };
    let mut moves = Vec::new();
    let mut all_known = true;
    let mut any_win = false;
    // What an incomplete book line proves (none today) is taken as known.
    let known = |mv: Move| {
        from_book
            .as_ref()
            .and_then(|(v, _)| v.value_of(mv))
            .and_then(|v| v.winning)
    };
    for mv in position.moves() {
        let child = position.play(mv)?;
        let value = if let Some(w) = known(mv) {
            Some(w)
        } else {
            search.is_p(child.rows())
        };
        all_known &= value.is_some();
        any_win |= value == Some(true);
        moves.push(MoveValue {
            mv,
            winning: value,
            remoteness: None,
            squares_left: child.squares(),
        });
    }
    // Drop an oversized memo now rather than hold it until the next call (an
    // exhaustive search may have grown it well past the limit).
    if state.memo.len() > MEMO_LIMIT {
        state.memo = Memo::default();
    }
    // A rectangle is won (strategy stealing) even when no winning move is found.
    let outcome = if any_win || closed_form(position) == Some(Outcome::N) {
        Some(Outcome::N)
    } else if all_known {
        Some(Outcome::P)
    } else {
        None
    };
    Ok(Verdict {
        outcome,
        moves,
        remoteness: None,
        exact: all_known,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn downset_sizes() {
        // A full m×n box holds C(m+n, m) positions, the empty one included.
        for (m, n) in [(1, 1), (2, 3), (4, 4), (5, 7)] {
            let p = Position::rectangle(m, n).unwrap();
            assert_eq!(
                downset_size(&p),
                binomial((m + n) as u64, m as u64).unwrap()
            );
        }
        // Staircase [3, 2, 1]: 14 sub-diagrams... counted by hand: Catalan(4) = 14.
        assert_eq!(downset_size(&Position::new(&[3, 2, 1]).unwrap()), 14);
        assert_eq!(
            downset_size(&Position::rectangle(30, 30).unwrap()),
            binomial(60, 30).unwrap()
        );
    }

    #[test]
    fn closed_forms_agree_with_the_solver() {
        let s = Solution::solve(9, 9, &mut |_, _| {}).unwrap();
        let mut rows = vec![0; 9];
        let mut checked = 0;
        while crate::chomp::rank::next_in_rank_order(&mut rows, 9) {
            let p = Position::new(&rows).unwrap();
            if let Some(o) = closed_form(&p) {
                assert_eq!(o, s.outcome(&p).unwrap(), "{p}");
                checked += 1;
            }
        }
        assert!(checked >= 150, "{checked}");
    }

    #[test]
    fn three_row_engine_is_exact_at_width_1000() {
        let mut e = Engine::new(3, 1000, 1 << 20, &mut |_, _| {}).unwrap();
        assert_eq!(e.kind_name(), "three-rows");
        let v = e.verdict(&Position::rectangle(3, 1000).unwrap()).unwrap();
        assert!(v.exact);
        assert_eq!(v.outcome, Some(Outcome::N));
        assert_eq!(v.winning_moves().count(), 1);
        // Transposed: 1000 rows of 3.
        let mut t = Engine::new(1000, 3, 1 << 20, &mut |_, _| {}).unwrap();
        let v = t.verdict(&Position::rectangle(1000, 3).unwrap()).unwrap();
        assert_eq!(v.winning_moves().count(), 1);
    }

    #[test]
    fn computer_on_open_boards_wins_by_closed_forms_and_admits_doubt() {
        let mut e = Engine::new(30, 30, 1 << 20, &mut |_, _| {}).unwrap();
        let full = Position::rectangle(30, 30).unwrap();
        let c = e
            .computer_move(&full, Level::Perfect, 0.5)
            .unwrap()
            .unwrap();
        assert_eq!(
            c,
            Choice {
                mv: Move { row: 2, col: 2 },
                sure: true
            }
        );
        // After (2, 2) the opponent's every move from the equal L loses; the
        // computer mirrors it and stays exact to the end.
        let mut p = full.play(c.mv).unwrap();
        p = p.play(Move { row: 1, col: 21 }).unwrap();
        let reply = e.computer_move(&p, Level::Perfect, 0.5).unwrap().unwrap();
        assert!(reply.sure);
        assert_eq!(reply.mv, Move { row: 21, col: 1 });
        // Deep in an unknown position it says it is not sure.
        let big = full.play(Move { row: 30, col: 30 }).unwrap();
        let c = e.computer_move(&big, Level::Perfect, 0.5).unwrap().unwrap();
        let v = e.verdict(&big).unwrap();
        if !v.exact && v.outcome.is_none() {
            assert!(!c.sure);
        }
    }

    #[test]
    fn open_engine_is_exact_where_it_can_be_and_honest_elsewhere() {
        let mut e = Engine::new(30, 30, 1 << 20, &mut |_, _| {}).unwrap();
        assert_eq!(e.kind_name(), "open");
        // The full square: (2, 2) is known to win; other moves may be unknown.
        let full = Position::rectangle(30, 30).unwrap();
        let v = e.verdict(&full).unwrap();
        assert_eq!(v.outcome, Some(Outcome::N));
        let known: Vec<Move> = v.winning_moves().collect();
        assert!(known.contains(&Move { row: 2, col: 2 }));
        // An equal L-shape is P by the mirror strategy, exactly.
        let mut l = vec![30];
        l.extend(std::iter::repeat_n(1, 29));
        let v = e.verdict(&Position::new(&l).unwrap()).unwrap();
        assert!(v.exact);
        assert_eq!(v.outcome, Some(Outcome::P));
        // A position inside a small box is solved exactly on the fly.
        let small = Position::new(&[12, 10, 9, 9, 5, 2, 1]).unwrap();
        let v = e.verdict(&small).unwrap();
        assert!(v.exact);
        let s = Solution::solve(7, 12, &mut |_, _| {}).unwrap();
        assert_eq!(v.outcome, Some(s.outcome(&small).unwrap()));
        // A thin position with a small down-set but a huge box: exhaustive search.
        let thin = Position::new(&[
            30, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
            1,
        ])
        .unwrap();
        assert!(downset_size(&thin) <= DOWNSET_LIMIT);
        assert!(box_positions(&thin).unwrap() > SUBBOX_LIMIT);
        let v = e.verdict(&thin).unwrap();
        assert!(v.exact);
        // Checked against a brute-force search with no budget.
        let mut memo = Memo::default();
        let mut brute = Search {
            memo: &mut memo,
            budget: usize::MAX,
            settled: 0,
        };
        let want = if brute.is_p(thin.rows()) == Some(true) {
            Outcome::P
        } else {
            Outcome::N
        };
        assert_eq!(v.outcome, Some(want));
        // A big position: whatever is claimed is consistent, the rest unknown.
        let big = full.play(Move { row: 30, col: 30 }).unwrap();
        let v = e.verdict(&big).unwrap();
        assert!(!v.exact || v.outcome.is_some());
        // Wider than open play allows, and not three rows: refused, clearly.
        let err = Engine::new(50, 50, 1 << 20, &mut |_, _| {}).unwrap_err();
        assert!(err.to_string().contains("50×50"), "{err}");
    }

    /// A kept memo only holds proven facts: on random positions of an open
    /// board, an engine that keeps what it learned and one that starts afresh
    /// for every position never disagree where both answer.
    #[test]
    fn kept_memo_never_contradicts_a_fresh_search() {
        let mut kept = Engine::new(24, 24, 1 << 20, &mut |_, _| {}).unwrap();
        let mut fresh = Engine::new(24, 24, 1 << 20, &mut |_, _| {}).unwrap();
        assert_eq!(kept.kind_name(), "open");
        let mut rng = crate::rng::Rng::new(7);
        let (mut compared, mut known_kept, mut known_fresh) = (0, 0, 0);
        let (mut memo_before, mut forgotten) = (0, false);
        // Three games: the memo fills past its limit during the third and
        // is forgotten, so facts learned after that are compared too.
        for game in 0..3 {
            let mut p = Position::rectangle(24, 24).unwrap();
            // A few random bites, then the engines' answers along the way.
            for ply in 0..6 {
                let moves: Vec<Move> = p.moves().collect();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
                p = p.play(mv).unwrap();
                if ply < 2 {
                    continue;
                }
                let a = kept.verdict(&p).unwrap();
                fresh.forget_memo();
                let b = fresh.verdict(&p).unwrap();
                assert!(kept.memo_len() <= MEMO_LIMIT);
                forgotten |= kept.memo_len() < memo_before;
                memo_before = kept.memo_len();
                if let (Some(x), Some(y)) = (a.outcome, b.outcome) {
                    assert_eq!(x, y, "game {game}: {p}");
                }
                for (x, y) in a.moves.iter().zip(&b.moves) {
                    assert_eq!(x.mv, y.mv);
                    if let (Some(u), Some(v)) = (x.winning, y.winning) {
                        assert_eq!(u, v, "game {game}: {p} then {:?}", x.mv);
                        compared += 1;
                    }
                    known_kept += x.winning.is_some() as usize;
                    known_fresh += y.winning.is_some() as usize;
                }
            }
        }
        assert!(compared > 100, "{compared}");
        assert!(forgotten, "the memo never reached its limit");
        // Keeping proven facts can only add answers within the same budget.
        assert!(known_kept >= known_fresh, "{known_kept} < {known_fresh}");
    }

    #[test]
    fn memo_keys_are_distinct() {
        let mut seen = std::collections::HashMap::new();
        let mut rows = vec![0; 5];
        while crate::chomp::rank::next_in_rank_order(&mut rows, 6) {
            let p = Position::new(&rows).unwrap();
            let k = memo_key_rows(p.rows()).unwrap();
            assert!(seen.insert(k, p.clone()).is_none(), "{p}");
        }
        // Cutting rows gives the same position as playing the move.
        let p = Position::new(&[6, 6, 4, 3, 3, 1]).unwrap();
        let mut out = vec![];
        for mv in p.moves() {
            cut(p.rows(), mv.row, mv.col, &mut out);
            assert_eq!(out, p.play(mv).unwrap().rows(), "{mv:?}");
            assert_eq!(closed_form_rows(&out), closed_form(&p.play(mv).unwrap()));
        }
        let widest = Position::rectangle(OPEN_MAX_SIDE, OPEN_MAX_SIDE).unwrap();
        assert!(memo_key_rows(widest.rows()).is_some());
        assert!(memo_key_rows(Position::rectangle(2, OPEN_MAX_SIDE + 1).unwrap().rows()).is_none());
    }

    #[test]
    fn open_boards_answer_book_rectangles_exactly_and_at_once() {
        let mut e = Engine::new(24, 24, 1 << 20, &mut |_, _| {}).unwrap();
        for (r, c) in [(19, 20), (20, 17), (18, 18), (24, 13), (7, 24)] {
            let rect = Position::rectangle(r, c).unwrap();
            let v = e.verdict(&rect).unwrap();
            let want = book::winning_first_moves(r, c);
            if let Some(want) = want {
                assert!(v.exact, "{r}×{c}");
                assert_eq!(v.outcome, Some(Outcome::N));
                assert_eq!(v.winning_moves().collect::<Vec<_>>(), want.to_vec());
                assert!(v.moves.iter().all(|m| m.winning.is_some()));
                for m in &v.moves {
                    let child = rect.play(m.mv).unwrap();
                    assert_eq!(m.squares_left, child.squares());
                }
            } else {
                // Outside the book (a side past 20): at least strategy
                // stealing says the rectangle is won.
                assert_eq!(v.outcome, Some(Outcome::N), "{r}×{c}");
            }
        }
        // Any square, in the book or not: (2, 2) alone, exactly. The
        // argument checked against the solver on every square up to 12×12.
        for n in [20, 24] {
            let square = Position::rectangle(n, n).unwrap();
            let v = e.verdict(&square).unwrap();
            assert!(v.exact);
            assert_eq!(v.outcome, Some(Outcome::N));
            assert_eq!(
                v.winning_moves().collect::<Vec<_>>(),
                [Move { row: 2, col: 2 }]
            );
        }
        for n in 2..=12 {
            let s = Solution::solve(n, n, &mut |_, _| {}).unwrap();
            let square = Position::rectangle(n, n).unwrap();
            let want = super::super::play::analyze(&s, &square).unwrap();
            let got = square_verdict(&square).unwrap();
            let values = |v: &Verdict| {
                v.moves
                    .iter()
                    .map(|m| (m.mv, m.winning, m.squares_left))
                    .collect::<Vec<_>>()
            };
            assert_eq!(values(&got), values(&want), "{n}×{n}");
        }
        assert!(square_verdict(&Position::rectangle(1, 1).unwrap()).is_none());
        assert!(square_verdict(&Position::rectangle(3, 4).unwrap()).is_none());
    }
}
