//! The sparse-space table of any heap rule that splits heaps: u16 values,
//! one heap at a time, but for the walk of the rare heaps, which heaps past
//! twice the last rare one make together (32 with AVX-512, 8 elsewhere).
//!
//! It began as Grundy's previous method (kept as [`ReferenceTable`], the
//! independent reference the block method of [`super::GrundyTable`] is
//! checked and benchmarked against) and is generalised to every octal rule:
//! a rule is read as its [`Shape`] (the takes that leave two heaps, one
//! heap, nothing), and Grundy's game is the shape "take 0, leave two
//! unequal heaps".

use super::sums::Sums;
use super::{rare_class, Cancelled};
use std::ops::Range;

// Nothing from the rest of the crate: scripts/grundy-wasm-bench.mjs
// compiles values.rs and its folder on their own (a rule's shape is made
// in `crate::grundy::sequence::shape`).

/// Heaps between two re-choices of the rare/common split (and progress calls).
const CHUNK: u32 = 1 << 16;

/// Pairs scanned between two checks of the wanted values.
const SCAN_BLOCK: usize = 64;
/// Blocks of pairs a scan reads in order before it spreads (see `scan`):
/// the small heaps with every big one, 256 pairs.
const IN_ORDER: usize = 4;
/// The same for a rule with several takes that split, whose scans read
/// each take's first blocks before any take's rest: 4,096 pairs. 0.364's
/// small heaps give its last wanted values after some 650 pairs of one take
/// or the other, where its spread blocks met them late (0.364 to 2^19: 5.9 s
/// before; with the takes' first blocks first and the walk of `walked`,
/// 2.3 s with 16 blocks, 2.0 s with 32, 1.8 s with 64 or 128; 0.264 4.4,
/// 4.1, 3.9 s). Not with one take: 0.6 in wasm, whose small heaps hold few
/// distinct values, was 15% slower with 64.
const IN_ORDER_TAKES: usize = 64;
/// Past those, a scan reads the blocks below this one (the near ones, the
/// heaps up to 8,192) in a spread order, taking turns with the others (the
/// far ones), spread too: 0.6 to 2^20 in wasm 1.75 → 1.63 s, 0.204 2.12 →
/// 1.95 s. 64 or 256, and two near blocks a far one, were the same
/// natively.
const NEAR: usize = 128;
/// Wanted values looked for by the vectorized compare loop (the rest are
/// settled first by the recording loop). Two rather than four since heaps
/// walk their rare heaps in groups: 0.6 to 2^20 in wasm 2.35 s → 2.18 s,
/// natively without AVX-512 1.73 s → 1.53 s (medians of five); three or
/// four again once a hit's lanes were found by vector, 1 to 3% slower.
const FEW_WANTED: usize = 2;

/// The lanes (bits) of the pairs `xs[i] ^ ys[i]` (at most 8) equal to a
/// target: a block that hit is read again a vector at a time, and only the
/// lanes that hit are looked at (in wasm 0.6 and 0.204 to 2^20 4% faster,
/// 0.367 2%, than comparing every pair of the block with every target).
#[inline(always)]
fn hit_lanes8<const K: usize>(xs: &[u16], ys: &[u16], t: &[u16; K]) -> u32 {
    debug_assert!(xs.len() <= 8);
    #[cfg(target_arch = "wasm32")]
    if let (Some(x), Some(y)) = (xs.first_chunk::<8>(), ys.first_chunk::<8>()) {
        return super::simd::hit_lanes8(x, y, t);
    }
    xs.iter()
        .zip(ys)
        .enumerate()
        .fold(0, |m, (i, (&x, &y))| m | (is_target(x ^ y, t) as u32) << i)
}

/// Whether `v` is one of `t` (without a branch, so that loops of it
/// vectorize).
#[inline(always)]
fn is_target<const K: usize>(v: u16, t: &[u16; K]) -> bool {
    t.iter().fold(false, |h, &t| h | (v == t))
}

/// The portable scan's blocks from the `k`th while more than `until` of the
/// `missing` values are wanted, compared with `targets` (the values wanted,
/// `u16::MAX` in the other places, which no pair gives: the sides hold
/// common values below `RARE_BIG`, and `RARE_SMALL` or `RARE_BIG` for a
/// rare heap); returns how many are still wanted.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn last_blocks<const K: usize>(
    small: &[u16],
    big: &[u16],
    blocks: usize,
    next: &mut impl FnMut() -> Range<usize>,
    k: &mut usize,
    targets: &mut [u16; K],
    until: usize,
    wanted: &mut ByteSet,
    mut missing: usize,
) -> usize {
    while *k < blocks && missing > until {
        let r = next();
        let any = |xs: &[u16], ys: &[u16]| {
            (xs.iter().zip(ys)).fold(false, |hit, (&x, &y)| hit | is_target(x ^ y, targets))
        };
        // A whole block as arrays, a loop of known length: 0.6, 0.204
        // and 0.367 in node 2 to 6% faster than over slices.
        let hit = match (
            small[r.clone()].first_chunk::<SCAN_BLOCK>(),
            big[r.clone()].first_chunk::<SCAN_BLOCK>(),
        ) {
            (Some(xs), Some(ys)) => any(xs, ys),
            _ => any(&small[r.clone()], &big[r.clone()]),
        };
        if hit {
            for (x8, y8) in small[r.clone()].chunks(8).zip(big[r].chunks(8)) {
                let mut lanes = hit_lanes8(x8, y8, targets);
                while lanes != 0 {
                    let i = lanes.trailing_zeros() as usize;
                    let v = x8[i] ^ y8[i];
                    for t in targets.iter_mut() {
                        if v == *t {
                            wanted.0[v as usize] = 0;
                            *t = u16::MAX;
                            missing -= 1;
                        }
                    }
                    lanes &= lanes - 1;
                }
            }
        }
        *k += 1;
    }
    missing
}

/// Heaps whose rare walk runs together, a register of u16 lanes (with
/// AVX-512, see `avx512::walk_block`; elsewhere [`GROUP`]).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(super) const LANES: usize = 32;

/// Heaps whose rare walk runs together where that block does not (the
/// browser, processors without AVX-512): a window of values per rare heap,
/// a store per sum of the group (see [`SparseTable::walk_group`]).
const GROUP: usize = 8;

/// Common values each heap of such a block checks after its recorded walk.
pub(super) const CANDIDATES: usize = 12;

/// One rare heap in this many of a block's walk is recorded, the others
/// checked, while few of its heaps walk again (see [`Share`]).
const RECORD_EVERY: usize = 2;

/// Which rare heaps of a block's walk are recorded: of every `every` in a
/// row, the first `recorded`; the others' pairs are checked against each
/// heap's candidates (a rule with one take had the same pairs recorded when
/// this counted (rare heap, take) pairs, until stop 61). A heap whose
/// candidates are all reached (by its checked pairs or its other moves)
/// walks its rare heaps again, alone: 0.416 to 2^20 with half its pairs
/// recorded, 30% of its heaps (its values pass 600 with 1,014 rare heaps);
/// 0.6, 0.9%. So the share recorded grows, from a half to 7 of 8, a step
/// each time more than one heap in [`AGAIN_RATE`] walked again over
/// [`ADAPT_EVERY`] heaps of blocks: more stores for every heap, and far
/// fewer walks again (0.416 to 2^20 settles at 3 of 4: 0.2% walk again,
/// 2.03 s → 1.72 s), where 0.6, which keeps its half, recording 3 of 4 was
/// 4% slower. Now and then ([`Probe`]) a grown share tries the next smaller
/// one for a window and keeps it if few heaps walked again there: 0.204's
/// heaps walk again in bursts while its rare heaps are still being found
/// (2 to 4% over its first windows with half recorded, 0.56% over its
/// run), which grew its share to 2 of 3 for good until stop 64; now it
/// records half again for most of its run, 1.25 → 1.20 s to 2^20.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Share {
    recorded: usize,
    every: usize,
}

impl Share {
    /// One rare heap in `every` recorded.
    const fn one_in(every: usize) -> Share {
        Share { recorded: 1, every }
    }

    /// Whether the pair at `turn` (counted from 0, modulo `every`) is
    /// recorded.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    fn records(&self, turn: usize) -> bool {
        turn < self.recorded
    }

    /// The next smaller share (the one [`Self::more`] came from).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    fn less(&self) -> Share {
        Share {
            recorded: self.recorded - 1,
            every: self.every - 1,
        }
    }

    /// The next larger share: one more recorded of one more (1 of 2, 2 of
    /// 3, …, all but one).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    fn more(&self) -> Share {
        Share {
            recorded: self.recorded + 1,
            every: self.every + 1,
        }
    }
}

/// Heaps of blocks between two looks at how many walked again (64 blocks:
/// not measured against other lengths).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const ADAPT_EVERY: u32 = 2048;

/// Past one heap in this many walking again, a block records more: between
/// 0.6's 0.9% with half recorded, which keeps it, and 0.367's 13.5% (2 of 3:
/// 0.5%) or 0.416's 30% (2 of 3: 2.1%, then 3 of 4).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const AGAIN_RATE: u32 = 50;

/// Windows of [`ADAPT_EVERY`] heaps between two tries of a smaller share,
/// at first and after a try that kept it; each try that did not doubles
/// the wait, up to [`PROBE_MOST`] (0.264, which needs 2 of 3, tries half
/// 6 times in its 502 windows to 2^20; the same time as without the
/// tries).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const PROBE_EVERY: u32 = 16;
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const PROBE_MOST: u32 = 256;

/// When a block's share of recorded rare heaps tries the next smaller one
/// (see [`Share`]).
#[derive(Debug, Clone)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
struct Probe {
    /// Windows since the last try (or the last growth), and how many to wait.
    windows: u32,
    every: u32,
    /// The share before the try running now, if one is.
    tried: Option<Share>,
}

impl Default for Probe {
    fn default() -> Self {
        Probe {
            windows: 0,
            every: PROBE_EVERY,
            tried: None,
        }
    }
}

/// At most all but one rare heap in this many recorded (no rule measured
/// went past 3 of 4).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const MOST_EVERY: usize = 8;

/// What a block's rare walk found for one of its heaps.
pub(super) struct Walked {
    /// The rare heaps it walked (indices in the rare list); their pairs give
    /// common values only.
    pub(super) rare: Range<usize>,
    /// The heap's smallest common values its recorded rare heaps left
    /// unreached, in increasing order; `u16::MAX` past the last.
    pub(super) cand: [u16; CANDIDATES],
    /// Bit c: one of its checked pairs gives `cand[c]`.
    pub(super) hit: u32,
}

/// What a walk over several heaps did before one heap's own.
enum Walk<'a> {
    /// Nothing: the heap walks every rare heap itself.
    Alone,
    /// A block's (AVX-512), which left the candidates of [`Walked`].
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    Checked(&'a Walked),
    /// A group's: the table holds the values of the heap's pairs with the
    /// rare heaps of this range (indices in the rare list), and nothing
    /// else below the bound (its sums' rows, or their merge: see `group`).
    Recorded(Range<usize>, &'a mut [u8; 1 << 16]),
}

impl Walked {
    /// The smallest candidate that no checked pair gives and that `reached`
    /// (the heap's other moves) does not hold: the smallest common value
    /// no move reaches. `None` when every candidate is reached.
    fn odd_mex(&self, reached: &[u8]) -> Option<usize> {
        self.cand
            .iter()
            .enumerate()
            .take_while(|&(_, &c)| c != u16::MAX)
            .find(|&(k, &c)| self.hit >> k & 1 == 0 && reached.get(c as usize) == Some(&0))
            .map(|(_, &c)| c as usize)
    }
}

/// Marks a rare heap in the scan arrays: xor-ing either mark with anything
/// gives at least 0x4000, above every value, so the scan needs no class test.
const RARE_SMALL: u16 = 0x8000;
const RARE_BIG: u16 = 0x4000;

/// Values stay below this (the scan's marks sit above it): a heap whose
/// value would reach it stops the table with [`Stopped::TooLarge`].
pub const VALUE_LIMIT: u32 = RARE_BIG as u32;

/// Why [`SparseTable::extend_with`] stopped before the heap it was asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// The progress callback said stop.
    Cancelled,
    /// This heap's value would reach [`VALUE_LIMIT`] (no known octal game
    /// comes near; a rule with huge values is out of the table's reach).
    TooLarge {
        /// The first heap whose value does not fit.
        heap: u32,
    },
}

impl From<Cancelled> for Stopped {
    fn from(_: Cancelled) -> Self {
        Stopped::Cancelled
    }
}

/// A rule as the table reads it: each take that leaves two non-empty heaps,
/// one heap, or nothing (only from a heap of exactly that size), and whether
/// the two heaps may be equal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    /// Takes whose move leaves two non-empty heaps.
    pub two: Vec<u32>,
    /// Takes whose move leaves one non-empty heap.
    pub one: Vec<u32>,
    /// Takes that may empty a heap of exactly that size.
    pub whole: Vec<u32>,
    /// Whether the two heaps left may be equal (not in Grundy's game).
    pub equal: bool,
}

impl Shape {
    /// The parity of the takes that split, when they all have one: a
    /// heap's splits then all leave heaps whose sizes add up to a number
    /// of one parity, and the classes may follow the heap's parity.
    pub(super) fn takes_parity(&self) -> Option<u8> {
        match self.two.first() {
            Some(&k) if self.two.iter().all(|&t| (t ^ k) & 1 == 0) => Some((k & 1) as u8),
            _ => None,
        }
    }

    /// The smallest and the largest take that splits (0 and 0 with none).
    pub(super) fn split_takes(&self) -> (u32, u32) {
        let takes = self.two.iter().copied();
        (takes.clone().min().unwrap_or(0), takes.max().unwrap_or(0))
    }
}

/// A step coprime with `blocks` near `blocks` times the golden ratio's
/// fraction, so that `k * step % blocks` visits every block once, spread.
fn weyl_step(blocks: usize) -> usize {
    fn gcd(a: usize, b: usize) -> usize {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    let mut step = (blocks as f64 * 0.618_034) as usize | 1;
    while gcd(step, blocks) != 1 {
        step += 1;
    }
    step.max(1)
}

/// The blocks of [`SCAN_BLOCK`] pairs of a scan (see `SparseTable::scan`):
/// the first `first` in order, then the others in two parts taken in turn:
/// the near ones (those below [`NEAR`]) in a Weyl order, `near_step` apart
/// (mod their number), and the far ones in another, `step` apart.
pub(super) struct ScanOrder {
    first: usize,
    k_first: usize,
    /// The near blocks past the first: how many, how many read, the next.
    /// They take turns with the far ones, a near one first: a near block
    /// reads next while no more of them than of the far ones were read.
    near: usize,
    near_read: usize,
    near_at: usize,
    near_step: usize,
    b: usize,
    back_read: usize,
    step: usize,
    back: usize,
    half: usize,
}

impl Iterator for ScanOrder {
    type Item = Range<usize>;

    // Inlined into the AVX-512 scan's loop (a closure it called once a
    // block had 8% of 0.6's samples).
    #[inline(always)]
    fn next(&mut self) -> Option<Range<usize>> {
        Some(self.next_block())
    }
}

impl ScanOrder {
    /// The order of the `blocks` blocks of a range of `half` pairs, the
    /// first `first` in order; `steps` are [`weyl_step`] of [`Self::near`]'s
    /// and [`Self::back`]'s counts; `skip_first` starts past the first blocks.
    fn new(
        first: usize,
        blocks: usize,
        steps: (usize, usize),
        half: usize,
        skip_first: bool,
    ) -> ScanOrder {
        let rest = blocks - first;
        let near = Self::near(first, rest);
        ScanOrder {
            first,
            k_first: if skip_first { first } else { 0 },
            near,
            near_read: 0,
            near_at: 0,
            near_step: steps.0,
            b: 0,
            back_read: 0,
            step: steps.1,
            back: rest - near,
            half,
        }
    }

    /// How many of the `rest` blocks past the `first` are near.
    fn near(first: usize, rest: usize) -> usize {
        NEAR.saturating_sub(first).min(rest)
    }

    /// How many blocks are far, of the `rest` past the `first`.
    fn back(first: usize, rest: usize) -> usize {
        rest - Self::near(first, rest)
    }

    /// The next block's pairs (past the last, the back's order starts again).
    #[inline(always)]
    fn next_block(&mut self) -> Range<usize> {
        let block = if self.k_first < self.first {
            self.k_first += 1;
            self.k_first - 1
        } else if (self.near_read <= self.back_read || self.back_read >= self.back)
            && self.near_read < self.near
        {
            self.near_read += 1;
            let block = self.first + self.near_at;
            self.near_at += self.near_step;
            if self.near_at >= self.near {
                self.near_at -= self.near;
            }
            block
        } else {
            self.back_read += 1;
            let block = self.first + self.near + self.b;
            self.b += self.step;
            if self.b >= self.back {
                self.b -= self.back;
            }
            block
        };
        block * SCAN_BLOCK..((block + 1) * SCAN_BLOCK).min(self.half)
    }
}

/// Which blocks of its pairs a scan reads (see `SparseTable::scan`).
#[derive(Debug, Clone, Copy)]
enum Blocks {
    All,
    /// The first [`IN_ORDER_TAKES`], those of the smallest heaps.
    First,
    /// The others, in a Weyl order.
    Rest,
}

/// Grundy's game's previous sparse-space table, the reference of the block
/// method: the sparse-space table of Grundy's [`Shape`].
pub type ReferenceTable = SparseTable;

/// G(0..=n) for a rule with a [`Shape`], computed with the sparse-space
/// method (Gangolli and Plambeck's rare and common values).
///
/// Values are split into two classes by the parity of `value & mask`: with a
/// well-chosen mask almost every heap has an "odd" (common) value and only
/// a few have an "even" (rare) one (Grundy's game: about 1300 heaps below
/// 2^20). Since the parity of `x ^ y` is the xor of the parities, for each
/// take that leaves two heaps, splitting `h = m − take`:
/// - an odd value can only come from a pair (rare heap, common heap), so all
///   the odd values reachable come from walking the short rare list;
/// - an even value comes from (common, common) pairs, which produce even
///   values all the time, so the even values below the smallest missing odd
///   value are all seen after a short scan, and G(m) is that odd value.
///   Only when some even value is never produced (G(m) is then rare) does
///   the scan run to the end.
///
/// The moves that leave one heap or none give their values directly.
/// A rule without a sparse space (every mask leaves many rare heaps) is
/// still exact: its rare walk is long, about the plain mex's cost.
///
/// The mask is not typed in: it is re-chosen from the values computed so far
/// (the one leaving the fewest rare heaps) at powers of two and every
/// [`CHUNK`] heaps. Any mask gives the same, exact values; a bad one is only
/// slower.
#[derive(Debug, Clone)]
pub struct SparseTable {
    shape: Shape,
    values: Vec<u16>,
    // G(x) for common heaps and RARE_SMALL for rare ones, at index x.
    small_side: Vec<u16>,
    // G(x) for common heaps and RARE_BIG for rare ones, at index far − x, so
    // the big heaps h−1, h−2, … of the pairs (1, h−1), (2, h−2), … are read
    // in increasing order: both sides of the scan are plain slices, which
    // the compiler turns into vector code.
    big_side_reversed: Vec<u16>,
    // Both sides again, a byte a heap, while every value is below 512 and
    // the processor has AVX-512 VBMI (see `packed.rs`).
    #[cfg(target_arch = "x86_64")]
    packed: Option<super::packed::Packed>,
    far: usize,
    // Whether each value is rare, by value (the parity of value & mask).
    rare_value: Vec<bool>,
    mask: u16,
    // With the mask, the heap's parity (see `flips`): Some(p) when the
    // classes of the heaps n with n % 2 != p are flipped.
    parity: Option<u8>,
    // The parity the mask may be joined with: that of the takes that split
    // when they all have one (see `choose_mask`).
    parity_allowed: Option<u8>,
    rare: Vec<u32>,
    // G(r) for each heap r of `rare`, beside it.
    rare_values: Vec<u16>,
    chunk: u32,
    max_value: u16,
    // How many heaps have each value, over the whole table (the mask's choice),
    // and how many odd heaps.
    counts: Vec<u64>,
    odd_counts: Vec<u64>,
    // Which rare heaps of a block's walk are recorded (a test records
    // fewer, so that every candidate of many heaps is reached), whether
    // that share adapts, the heaps of blocks and those of them that walked
    // again since the last look, and the tries of a smaller share (see
    // `Share`, `Probe`).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    record: Share,
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    adapt: bool,
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    walks: (u32, u32),
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    probe: Probe,
    // Every heap walks alone (a test's reference for the walks together).
    #[cfg(test)]
    alone: bool,
    #[cfg(test)]
    paths: Paths,
}

/// How often each path ran (tests check that they did).
#[cfg(test)]
#[derive(Debug, Clone, Default)]
struct Paths {
    /// Blocks whose rare walk ran together.
    blocks: core::cell::Cell<u32>,
    /// Those of them with values past 1,024 (the wide rows).
    wide_blocks: core::cell::Cell<u32>,
    /// Those of them that recorded on the packed values.
    packed_row_blocks: core::cell::Cell<u32>,
    /// Heaps of such blocks whose candidates were all reached.
    walked_again: core::cell::Cell<u32>,
    /// Scans that looked their pairs up in a bit set.
    lookups: core::cell::Cell<u32>,
    /// Scans that read the packed sides (see `packed.rs`).
    packed: core::cell::Cell<u32>,
    /// Blocks whose checked pairs read the packed values.
    packed_blocks: core::cell::Cell<u32>,
    /// Groups whose rare walk ran together (`walk_group`; not those whose
    /// heaps walked alone, no rare heap being past GROUP).
    groups: core::cell::Cell<u32>,
    /// Blocks and groups that left rare heaps past their walk to each heap
    /// (see `walked`).
    tails: core::cell::Cell<u32>,
    /// Wanted values not looked for, found in the same sum by an earlier
    /// heap's scan (see `Sums`).
    forgotten: core::cell::Cell<u32>,
}

impl Default for SparseTable {
    /// Grundy's game's empty table.
    fn default() -> Self {
        SparseTable::for_shape(Shape {
            two: vec![0],
            one: vec![],
            whole: vec![],
            equal: false,
        })
    }
}

/// A set of u16 values as a byte for each (1 for in the set), indexed by
/// any u16 with no bounds test. A heap's reached values are one, stored
/// without reading; its scan's wanted values another, so that each pair's
/// xor (a value, or one carrying a rare heap's mark) is looked up and taken
/// out with no branch. Bits were slower: each pair's read-modify-write of
/// one of a few shared words chained the loop through memory (0.6 to 2^20:
/// 9.0 s, 4.1 s with bytes). Only values below P
/// ([`SparseTable::xor_limit`]) are ever set, and they are cleared before
/// the next heap (a group's rows, before the next group: see
/// `SparseTable::group`).
struct ByteSet(Box<[u8; 1 << 16]>);

impl Default for ByteSet {
    fn default() -> Self {
        ByteSet(Box::new([0; 1 << 16]))
    }
}

impl ByteSet {
    fn has(&self, v: usize) -> bool {
        self.0.get(v) == Some(&1)
    }
}

/// The work tables of one heap, kept from one heap to the next.
#[derive(Default)]
struct Work {
    /// The values the heap's moves reach.
    seen: ByteSet,
    /// The rare values its scan looks for.
    wanted: ByteSet,
    /// What a scan keeps from one to the next.
    scan: ScanWork,
    /// Heaps of blocks that walked their rare heaps again, alone.
    again: u32,
    /// What the scans of the last sums found (several takes that split).
    sums: Sums,
}

/// What a scan keeps from one to the next (see `SparseTable::scan`).
#[derive(Default)]
struct ScanWork {
    /// The last scan's Weyl steps, of its near and its far blocks, for
    /// their numbers: the same for 128 heaps in a row, and their gcds cost
    /// divisions.
    weyl: [(usize, usize); 2],
    /// The wanted values before the portable loops (see `SparseTable::scan`):
    /// allocated once, not at every scan (1% of 0.367's time in wasm).
    before: Vec<u8>,
}

/// Takes that split a group walks its sums for: from the least to the
/// largest, at most this many apart (an octal code's takes run from 0 to
/// 16); past it, heaps walk alone.
const GROUP_SPREAD: usize = 16;

/// The values a group's sums reach, a row per sum (see [`ByteSet`]), and,
/// with several takes, a table for the heap computed: its sums' rows
/// merged, and its own walk.
struct Group {
    rows: Vec<Row>,
    merged: Box<[u8; 1 << 16]>,
}

/// A group's row, padded so that rows do not start 64 KB apart, in the
/// same sets of the first-level cache.
#[derive(Clone)]
#[repr(C)]
struct Row {
    seen: [u8; 1 << 16],
    _pad: [u8; 64],
}

impl Group {
    /// Rows for the sums of GROUP heaps, for takes `spread` apart.
    fn new(spread: usize) -> Group {
        let row = Row {
            seen: [0; 1 << 16],
            _pad: [0; 64],
        };
        Group {
            rows: vec![row; GROUP + spread.min(GROUP_SPREAD)],
            merged: Box::new([0; 1 << 16]),
        }
    }

    /// `merged` below `limit`: the values the `rows` reach.
    #[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
    fn merge(&mut self, rows: impl Iterator<Item = usize>, limit: usize) {
        let merged = &mut self.merged[..limit];
        merged.fill(0);
        for i in rows {
            for (m, &r) in merged.iter_mut().zip(&self.rows[i].seen[..limit]) {
                *m |= r;
            }
        }
    }
}

impl SparseTable {
    /// The values of every heap of Grundy's game from 0 to `n`.
    pub fn new(n: u32) -> SparseTable {
        let mut table = SparseTable::default();
        table.extend_to(n);
        table
    }

    /// An empty table (heap 0 known) for a rule of this shape.
    pub fn for_shape(shape: Shape) -> SparseTable {
        let parity_allowed = shape.takes_parity();
        SparseTable {
            parity: None,
            parity_allowed,
            odd_counts: vec![0],
            shape,
            values: vec![0],
            small_side: vec![RARE_SMALL],
            big_side_reversed: Vec::new(),
            #[cfg(target_arch = "x86_64")]
            packed: None,
            far: 0,
            rare_value: Vec::new(),
            mask: u16::MAX,
            rare: vec![0],
            rare_values: vec![0],
            chunk: CHUNK,
            max_value: 0,
            counts: vec![1],
            record: Share::one_in(RECORD_EVERY),
            adapt: true,
            walks: (0, 0),
            probe: Probe::default(),
            #[cfg(test)]
            alone: false,
            #[cfg(test)]
            paths: Paths::default(),
        }
    }

    /// A table of this shape that knows `values` (G(0), G(1), …, heap 0's
    /// 0 at least): the rest of a block table's run, past a byte.
    pub fn from_values(shape: Shape, mut values: Vec<u16>) -> SparseTable {
        if values.is_empty() {
            values.push(0);
        }
        let mut table = SparseTable::for_shape(shape);
        table.max_value = values.iter().copied().max().unwrap_or(0);
        table.counts = vec![0; table.max_value as usize + 1];
        table.odd_counts = vec![0; table.max_value as usize + 1];
        for (m, &v) in values.iter().enumerate() {
            table.counts[v as usize] += 1;
            table.odd_counts[v as usize] += (m % 2) as u64;
        }
        table.far = values.len() - 1;
        table.values = values;
        table.choose_mask();
        table.rebuild_sides();
        table
    }

    /// Largest heap whose value is known.
    pub fn max_heap(&self) -> u32 {
        (self.values.len() - 1) as u32
    }

    /// G(n); `None` when the table does not reach `n`.
    pub fn get(&self, n: u32) -> Option<u16> {
        self.values.get(n as usize).copied()
    }

    /// G(0), G(1), … as a slice.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// The values, the table given up.
    pub fn into_values(self) -> Vec<u16> {
        self.values
    }

    /// The mask currently used to split values into rare and common.
    pub fn mask(&self) -> u16 {
        self.mask
    }

    /// The heap parity joined with the mask, if any: heaps `n` with
    /// `n % 2` other than it have their classes flipped (rare when `G(n) &
    /// mask` has an odd number of 1s). A rule whose takes that split are
    /// all odd or all even may have a sparse space only so (0.104: 20 rare
    /// heaps under 0x17 with the parity, none without).
    pub fn parity(&self) -> Option<u8> {
        self.parity
    }

    /// Heaps whose value is rare under the current mask.
    pub fn rare_heaps(&self) -> &[u32] {
        &self.rare
    }

    /// Makes the tables read backwards reach heap `n` at once, for a
    /// caller about to extend the table there in steps (a sequence, at its
    /// period checks): each step past the end rebuilds them, a pass over
    /// every heap (with checks every sixteenth of the way, 2.7% of 0.6's
    /// run to 2^20).
    pub fn reserve_to(&mut self, n: u32) {
        let n = n as usize;
        if n > self.far {
            self.far = n;
            self.rebuild_sides();
        }
    }

    /// Extends the table to heap `n` (a value past [`VALUE_LIMIT`] stops it
    /// there).
    pub fn extend_to(&mut self, n: u32) {
        let _ = self.extend_with(n, &mut |_| true);
    }

    /// Extends the table to heap `n`, calling `progress(done_heaps)` every
    /// [`CHUNK`] heaps; returning `false` from it stops the work (the values
    /// computed so far stay, so a later call resumes).
    pub fn extend_with(
        &mut self,
        n: u32,
        progress: &mut dyn FnMut(u32) -> bool,
    ) -> Result<(), Stopped> {
        let n = n as usize;
        let more = n.saturating_sub(self.values.len() - 1);
        self.values.reserve(more);
        self.small_side.reserve(more);
        if n > self.far {
            self.far = n;
            self.rebuild_sides();
        }
        let mut work = Work::default();
        #[cfg(target_arch = "x86_64")]
        let mut block: Option<Box<super::avx512::Block>> = None;
        let mut group: Option<Group> = None;
        while self.values.len() <= n {
            let m = self.values.len() as u32;
            // Re-choose the mask at every power of two while the table is
            // young (a bad first guess makes the rare list long), then every
            // chunk.
            if m.is_multiple_of(self.chunk) || (m >= 256 && m.is_power_of_two()) {
                if m.is_multiple_of(self.chunk) && !progress(m) {
                    return Err(Stopped::Cancelled);
                }
                self.choose_mask();
            }
            #[cfg(target_arch = "x86_64")]
            if self.block_fits(m as usize, n) {
                let block = block.get_or_insert_with(Default::default);
                self.block(m, block, &mut work)?;
                continue;
            }
            if self.together_fits(m as usize, n, GROUP) {
                let group = group.get_or_insert_with(|| Group::new(self.spread()));
                self.group(m, group, &mut work)?;
                continue;
            }
            self.step(m, &mut work, Walk::Alone)?;
        }
        Ok(())
    }

    /// Computes heap `m` ([`Self::next_value`]) and keeps its value.
    fn step(&mut self, m: u32, work: &mut Work, walk: Walk<'_>) -> Result<(), Stopped> {
        let g = self.next_value(m, work, walk);
        if u32::from(g) >= VALUE_LIMIT {
            return Err(Stopped::TooLarge { heap: m });
        }
        self.push(m, g);
        Ok(())
    }

    /// Records one rare heap in `every` of a block's walk: from then on that
    /// share alone, but for the default one, which grows as it would.
    #[cfg(test)]
    fn fix_share(&mut self, every: usize) {
        self.record = Share::one_in(every);
        self.adapt = every == RECORD_EVERY;
    }

    /// Counts a block's or a group's walk together in `ran`, and in
    /// `tails` when it left rare heaps past `walked` to each heap.
    #[cfg(test)]
    fn count_walk(&self, ran: &core::cell::Cell<u32>, walked: &Range<usize>) {
        ran.set(ran.get() + 1);
        let tail = walked.end < self.rare.len();
        self.paths.tails.set(self.paths.tails.get() + tail as u32);
    }

    /// Whether heaps `m..m + lanes` (at most `n`) can walk their rare heaps
    /// together: no new mask is chosen among them, and some rare heaps are
    /// small enough to be walked so ([`Self::walked`]). A group records
    /// every value its walk gives, so any such heap will do; a block checks
    /// candidates, and wants more ([`Self::mostly_walked`]).
    fn together_fits(&self, m: usize, n: usize, lanes: usize) -> bool {
        #[cfg(test)]
        if self.alone {
            return false;
        }
        let end = m + lanes;
        let chunk = self.chunk as usize;
        end <= n + 1
            && end <= (m / chunk + 1) * chunk
            && end <= (m + 1).next_power_of_two()
            && !self.walked(m, lanes).is_empty()
    }

    /// Whether heaps `m..m + lanes` walk together most of the rare heaps
    /// they would walk alone, all but an eighth ([`Self::walked`]): the
    /// others' pairs may reach a block's candidates, whose heaps then walk
    /// again alone (0.6 to 2^17, its rare heaps reaching 20,627, with any
    /// walked together: 3,323 heaps of 4,092 blocks did, 2.5%).
    #[cfg(target_arch = "x86_64")]
    fn mostly_walked(&self, m: usize, lanes: usize) -> bool {
        let walked = self.walked(m, lanes);
        !walked.is_empty() && 8 * (self.rare.len() - walked.end) <= walked.len()
    }

    /// The rare heaps (indices in the rare list) that heaps `m0..m0 + lanes`
    /// walk together: those from `lanes` on (their pairs with the heaps of
    /// the walk lie below `m0`) and below (m0 − lanes − take) / 2, so that
    /// the other heap of each of their splits is above every one of them,
    /// and each split is one every heap may make: its values are common
    /// unless that heap is one of the rare heaps walked alone, whose own walk
    /// marks the pair. Those past it, few (0.364: 921 of its 960 rare heaps
    /// lie below 6,784, the last at 937,657), and those found since, each
    /// heap walks alone.
    fn walked(&self, m0: usize, lanes: usize) -> Range<usize> {
        let Some(&take) = self.shape.two.iter().max() else {
            return 0..0;
        };
        // In u64: usize is 32 bits in wasm, and a Shape's takes are any u32.
        let from = self.rare.partition_point(|&r| (r as usize) < lanes);
        let below = self
            .rare
            .partition_point(|&r| 2 * u64::from(r) + u64::from(take) + (lanes as u64) < m0 as u64);
        from..below.max(from)
    }

    /// Whether heaps `m..m + LANES` can walk their rare heaps together with
    /// AVX-512 (`avx512::walk_block`): [`Self::together_fits`], AVX-512 is
    /// here, and their values' xors fit the walk's rows (below
    /// `avx512::WALK_LIMIT`).
    #[cfg(target_arch = "x86_64")]
    fn block_fits(&self, m: usize, n: usize) -> bool {
        // With the heap's parity, the heaps' classes alternate: each takes
        // its candidates from the common values of its own (`Block::common`).
        self.together_fits(m, n, LANES)
            && self.mostly_walked(m, LANES)
            && self.xor_limit() <= super::avx512::WALK_LIMIT
            && self.spread() <= super::avx512::SPREAD
            && super::avx512::available()
    }

    /// The largest take that splits less the smallest (0 with one).
    fn spread(&self) -> usize {
        let (least, most) = self.shape.split_takes();
        (most - least) as usize
    }

    /// Computes heaps `m0..m0 + GROUP` ([`Self::together_fits`]): their
    /// walk of the rare heaps from GROUP on runs together
    /// ([`Self::walk_group`]), the rest heap by heap.
    fn group(&mut self, m0: u32, group: &mut Group, work: &mut Work) -> Result<(), Stopped> {
        let walked = self.walked(m0 as usize, GROUP);
        // Each window of the walk, GROUP + spread values from m0 − most − r,
        // must lie below the group (`walked` makes it so for the rare heaps
        // it gives), and its rows must be the group's (a spread past
        // GROUP_SPREAD has too few); were they not, the heaps would walk
        // alone.
        let (least, most) = self.shape.split_takes();
        let sums = GROUP + self.spread();
        let (first, last) = (self.rare.get(walked.start), self.rare[..walked.end].last());
        let together = match (first, last) {
            (Some(&r0), Some(&r1)) => {
                u64::from(r0) + u64::from(least) >= GROUP as u64
                    && u64::from(r1) + u64::from(most) <= u64::from(m0)
                    && sums <= group.rows.len()
            }
            _ => false,
        };
        if !together {
            for j in 0..GROUP {
                self.step(m0 + j as u32, work, Walk::Alone)?;
            }
            return Ok(());
        }
        #[cfg(test)]
        self.count_walk(&self.paths.groups, &walked);
        // Every byte a row gets is a value or a xor of two, below
        // `xor_limit` of its time, which never falls, and each group clears
        // its rows below it first: past it they are 0, however the limit
        // grows inside the group.
        let limit = self.xor_limit().min(1 << 16);
        for row in &mut group.rows[..sums] {
            row.seen[..limit].fill(0);
        }
        self.walk_group(m0 as usize - most as usize, walked.clone(), sums, group);
        for j in 0..GROUP {
            // Heap m0 + j's sums m0 + j − k are rows j + most − k.
            let rows = self.shape.two.iter().map(|&k| j + (most - k) as usize);
            let table = match self.shape.two.len() {
                1 => &mut group.rows[j].seen,
                _ => {
                    let limit = self.xor_limit().min(1 << 16);
                    group.merge(rows, limit);
                    &mut group.merged
                }
            };
            self.step(m0 + j as u32, work, Walk::Recorded(walked.clone(), table))?;
        }
        Ok(())
    }

    /// Records in the group's rows the values of the splits (r, s − r) of
    /// its `sums` sums s = s0, s0 + 1, … with the rare heaps r of
    /// `self.rare[walked]`: one window of values a rare heap, a xor and a
    /// store per sum, whatever the takes (a heap alone reads the rare heap,
    /// its value and its pair for each store: 0.6 to 2^20 in node 2.62 s →
    /// 2.22 s; a row per heap and take, as before, stored 24 times a rare
    /// heap for 0.564's three takes where its 10 sums store 10 times). Every
    /// window lies in the table ([`Self::group`] checks it).
    // In wasm with SIMD, so that the window's load and xor are one vector
    // each (see `scan`); never inlined, for V8's sake (see `next_value`).
    #[inline(never)]
    #[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
    fn walk_group(&self, s0: usize, walked: Range<usize>, sums: usize, group: &mut Group) {
        let rare = self.rare.get(walked.clone()).unwrap_or(&[]);
        let rare_values = self.rare_values.get(walked).unwrap_or(&[]);
        let Some((head, tail)) = group.rows[..sums].split_first_chunk_mut::<GROUP>() else {
            unreachable!("GROUP rows at least")
        };
        for (&r, &u) in rare.iter().zip(rare_values) {
            let window = s0
                .checked_sub(r as usize)
                .and_then(|start| self.values.get(start..start + sums));
            let Some((first, rest)) = window.and_then(|w| w.split_first_chunk::<GROUP>()) else {
                continue;
            };
            // The first GROUP rows apart, a loop of known length: all the
            // rows of a rule with one take.
            for (row, &x) in head.iter_mut().zip(first) {
                row.seen[(x ^ u) as usize] = 1;
            }
            for (row, &x) in tail.iter_mut().zip(rest) {
                row.seen[(x ^ u) as usize] = 1;
            }
        }
    }

    /// Computes heaps `m0..m0 + LANES` ([`Self::block_fits`]): their walk
    /// of the rare heaps from LANES on runs together, the rest heap by heap.
    #[cfg(target_arch = "x86_64")]
    fn block(
        &mut self,
        m0: u32,
        block: &mut super::avx512::Block,
        work: &mut Work,
    ) -> Result<(), Stopped> {
        let walked = self.walked(m0 as usize, LANES);
        #[cfg(test)]
        self.count_walk(&self.paths.blocks, &walked);
        // The pairs' lists and the common values change only with the rare
        // list, the mask or the bound: rebuilt then, not at every block.
        // The rare list changes with the mask or the heap's parity (which
        // `choose_mask` may change alone, the walked range's indices the
        // same), and as it grows past the walked range; the common values
        // with the mask and the bound alone.
        let bound = self.bound();
        let key = (walked.clone(), self.mask, self.parity, bound, self.record);
        if block.key != key {
            block.key = key;
            block.recorded.clear();
            block.checked.clear();
            block.checked_packed.clear();
            block.recorded_packed.clear();
            // A recorded rare heap marks its values in the rows of the
            // block's sums, once for all takes (see `walk_block`); a checked
            // one is checked for each take.
            let (least, most) = self.shape.split_takes();
            block.takes = self
                .shape
                .two
                .iter()
                .map(|&k| (most - k) as usize)
                .collect();
            let rare = self.rare[walked.clone()].iter();
            // The mask's lowest bit, which packing leaves out (see
            // `packed.rs`; the packed lists are read only while every value
            // is below 512, the bit then below 9: a value packed past them
            // is cut short, and never read).
            let drop = self.mask.trailing_zeros();
            let mut turn = 0;
            block.offsets = (u32::MAX, 0);
            for (&r, &u) in rare.zip(&self.rare_values[walked.clone()]) {
                block.offsets = (
                    block.offsets.0.min(r + least),
                    block.offsets.1.max(r + most),
                );
                match self.record.records(turn) {
                    true => {
                        block.recorded.push((r + most, u32::from(u)));
                        (block.recorded_packed).push(super::packed::pack(u as usize, drop));
                    }
                    false => {
                        block.checked.extend(
                            self.shape
                                .two
                                .iter()
                                .map(|&k| (r + k, u32::from(u) | u32::from(u) << 16)),
                        );
                        let packed = super::packed::pack(u as usize, drop);
                        (block.checked_packed).extend(self.shape.two.iter().map(|_| packed));
                    }
                }
                turn = (turn + 1) % self.record.every.max(1);
            }
            block.common = [false, true].map(|flip| {
                core::array::from_fn(|word| {
                    (0..64).fold(0, |bits, b| {
                        let v = 64 * word + b;
                        bits | u64::from(v < bound && self.is_rare(v as u16) == flip) << b
                    })
                })
            });
            // The same packed, and each packed one's value, for a walk on
            // the packed values.
            block.packed_common = [false, true].map(|flip| {
                let mut packed = super::avx512::PackedCommon::default();
                let common = |v: usize| v < bound && self.is_rare(v as u16) == flip;
                for v in (0..super::packed::LIMIT).filter(|&v| common(v)) {
                    let p = super::packed::pack(v, drop) as usize;
                    packed.bits[p / 64] |= 1 << (p % 64);
                    packed.values[p] = v as u16;
                }
                packed
            });
        }
        block.flipped = (0..LANES).fold(0, |bits, j| {
            bits | u32::from(self.flips(m0 as usize + j)) << j
        });
        // Each offset r + k has r ≥ LANES and r + k < m0 (r is at most the
        // last rare heap, below m0 − k): the lists, kept from an earlier
        // block, are checked here against this one, where walk_block's
        // reads rely on it (were they not, the heaps would walk alone).
        // The offsets run from the least r plus the least take to the
        // largest r plus the largest: a recorded one, r plus the largest
        // take, is then at least LANES plus the takes' spread.
        let (least, most) = (block.offsets.0 as usize, block.offsets.1 as usize);
        let fits = least >= LANES && most <= m0 as usize;
        if fits {
            // The largest value so far bounds every value in the table and
            // every rare heap's value; block_fits checked it against
            // WALK_LIMIT, and nothing is pushed before the walk.
            let limit = self.xor_limit();
            // While the values stay below 512, the walk reads the packed
            // values (the scan's test switch read again, as there).
            let packed = (self.packed.as_ref()).filter(|_| super::packed::available());
            let packed = packed.map(|p| p.windows());
            let rare_free = packed.is_some() && self.windows_rare_free(m0 as usize, &walked);
            // Every eighth block in the tests, against each window read.
            #[cfg(test)]
            if packed.is_some() && (m0 as usize / LANES).is_multiple_of(8) {
                assert_eq!(
                    rare_free,
                    self.windows_rare_free_plainly(m0 as usize, &walked)
                );
            }
            #[cfg(test)]
            if packed.is_some() {
                (self.paths.packed_blocks).set(self.paths.packed_blocks.get() + 1);
            }
            // SAFETY: block_fits checked AVX-512 and the values' size, the
            // offsets are checked just above, m0 = self.values.len(), and
            // the packed values (kept with the mask) are those of the
            // values, the lists' packed values made with the same mask.
            let ran = unsafe {
                super::avx512::walk_block(
                    block,
                    &self.values,
                    m0 as usize,
                    bound,
                    limit,
                    packed.as_ref(),
                    rare_free,
                )
            };
            #[cfg(test)]
            match ran {
                super::avx512::RowsRan::Wide => {
                    self.paths.wide_blocks.set(self.paths.wide_blocks.get() + 1);
                }
                super::avx512::RowsRan::Packed => {
                    (self.paths.packed_row_blocks).set(self.paths.packed_row_blocks.get() + 1);
                }
                super::avx512::RowsRan::Narrow => {}
            }
            let _ = ran;
        }
        let again = work.again;
        for j in 0..LANES {
            let m = m0 + j as u32;
            let walked = fits.then(|| block.lane(j, walked.clone()));
            let walk = walked.as_ref().map_or(Walk::Alone, Walk::Checked);
            self.step(m, work, walk)?;
        }
        if fits {
            self.adapt_share(work.again - again);
        }
        Ok(())
    }

    /// Whether no heap of the windows a block of heaps `m0..m0 + LANES`
    /// reads is rare, its walked rare heaps those of `self.rare[walked]`:
    /// rare heap r's windows, for the takes k that split, are the heaps
    /// from m0 − r − k on, LANES of them, so rare heap q lies in one when
    /// m0 − q − most ≤ r < m0 − q − least + LANES. A rule's last rare
    /// heaps may come late and alone (0.367's last, 643,528, of 827 to
    /// 2^20): those are looked up one by one, never all of them.
    #[cfg(target_arch = "x86_64")]
    fn windows_rare_free(&self, m0: usize, walked: &Range<usize>) -> bool {
        let (least, most) = self.shape.split_takes();
        let (least, most) = (least as usize, most as usize);
        let walked = &self.rare[walked.clone()];
        let (Some(&first), Some(&last)) = (walked.first(), walked.last()) else {
            return true;
        };
        // The windows' heaps, from the last rare heap's first window to the
        // first one's last.
        let (from, to) = (
            m0 - last as usize - most,
            m0 - first as usize - least + LANES,
        );
        let span = &self.rare[self.rare.partition_point(|&q| (q as usize) < from)..];
        span.iter().take_while(|&&q| (q as usize) < to).all(|&q| {
            // No walked rare heap r in [m0 − q − most, m0 − q − least + LANES)
            // (in i64: the first bound may be below 0).
            let gap = m0 as i64 - i64::from(q);
            let (from, to) = (gap - most as i64, gap - least as i64 + LANES as i64);
            let i = walked.partition_point(|&r| i64::from(r) < from);
            walked.get(i).is_none_or(|&r| i64::from(r) >= to)
        })
    }

    /// [`Self::windows_rare_free`], each window read.
    #[cfg(all(test, target_arch = "x86_64"))]
    fn windows_rare_free_plainly(&self, m0: usize, walked: &Range<usize>) -> bool {
        let (least, most) = self.shape.split_takes();
        let is_rare = |q: usize| self.rare.binary_search(&(q as u32)).is_ok();
        self.rare[walked.clone()].iter().all(|&r| {
            let first = m0 - r as usize - most as usize;
            !(first..m0 - r as usize - least as usize + LANES).any(is_rare)
        })
    }

    /// Counts a block's heaps, `again` of which walked again, and records
    /// more of the blocks' rare heaps from now on when too many did over a
    /// window, or tries fewer now and then ([`Probe`]; see [`Share`]).
    #[cfg(target_arch = "x86_64")]
    fn adapt_share(&mut self, again: u32) {
        let (heaps, walked_again) = &mut self.walks;
        *heaps += LANES as u32;
        *walked_again += again;
        if *heaps < ADAPT_EVERY {
            return;
        }
        let many = *walked_again * AGAIN_RATE > *heaps;
        self.walks = (0, 0);
        if !self.adapt {
            return;
        }
        let probe = &mut self.probe;
        if let Some(before) = probe.tried.take() {
            // A smaller share tried for one window: kept, or left for
            // twice as long as before.
            match many {
                true => {
                    self.record = before;
                    probe.every = (2 * probe.every).min(PROBE_MOST);
                }
                false => probe.every = PROBE_EVERY,
            }
        } else if many && self.record.every < MOST_EVERY {
            self.record = self.record.more();
            probe.windows = 0;
        } else if self.record.every > RECORD_EVERY {
            probe.windows += 1;
            if probe.windows >= probe.every {
                probe.windows = 0;
                probe.tried = Some(self.record);
                self.record = self.record.less();
            }
        }
    }

    fn is_rare(&self, v: u16) -> bool {
        match self.rare_value.get(v as usize) {
            Some(&rare) => rare,
            None => rare_class(v, self.mask),
        }
    }

    /// Whether heap `m`'s classes are flipped (see [`Self::parity`]): its
    /// value's, and those of its moves' values. With the parity p of the
    /// takes k that split, a split (a, b) of m has a + b = m − k, so a rare
    /// and a common heap give a value of one class for all of m's splits,
    /// two common heaps the other, as without the parity.
    fn flips(&self, m: usize) -> bool {
        self.parity.is_some_and(|p| (m as u8 & 1) ^ p == 1)
    }

    fn push(&mut self, m: u32, g: u16) {
        self.values.push(g);
        if self.counts.len() <= g as usize {
            self.counts.resize(g as usize + 1, 0);
        }
        self.counts[g as usize] += 1;
        if self.odd_counts.len() <= g as usize {
            self.odd_counts.resize(g as usize + 1, 0);
        }
        self.odd_counts[g as usize] += u64::from(m % 2);
        if g > self.max_value {
            self.max_value = g;
            let mask = self.mask;
            self.rare_value = (0..4 * (g as usize + 1).next_power_of_two())
                .map(|v| rare_class(v as u16, mask))
                .collect();
        }
        let rare = self.is_rare(g) ^ self.flips(m as usize);
        self.small_side.push(if rare { RARE_SMALL } else { g });
        if let Some(slot) = self
            .big_side_reversed
            .get_mut(self.far.wrapping_sub(m as usize))
        {
            *slot = if rare { RARE_BIG } else { g };
        }
        if rare {
            self.rare.push(m);
            self.rare_values.push(g);
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(packed) = &mut self.packed {
            match g as usize >= super::packed::LIMIT {
                true => self.packed = None,
                false => packed.push(m as usize, g, rare, self.far),
            }
        }
    }

    /// Rebuilds the class table, the scan arrays and the rare list after the
    /// mask or the far end changed.
    fn rebuild_sides(&mut self) {
        let mask = self.mask;
        self.rare_value = (0..4 * (self.max_value as usize + 1).next_power_of_two())
            .map(|v| rare_class(v as u16, mask))
            .collect();
        self.big_side_reversed.clear();
        self.big_side_reversed.resize(self.far + 1, RARE_BIG);
        self.small_side.clear();
        self.rare.clear();
        self.rare_values.clear();
        for m in 0..self.values.len() {
            let g = self.values[m];
            let rare = self.is_rare(g) ^ self.flips(m);
            self.small_side.push(if rare { RARE_SMALL } else { g });
            self.big_side_reversed[self.far - m] = if rare { RARE_BIG } else { g };
            if rare {
                self.rare.push(m as u32);
                self.rare_values.push(g);
            }
        }
        #[cfg(target_arch = "x86_64")]
        {
            self.packed = super::packed::Packed::new(mask, &self.values, &self.rare, self.far);
        }
    }

    /// One past the values a heap's moves may reach: every option is a xor
    /// of two values, all below a power of two P, and the mask's bit at P
    /// is set, so P is common and unreached; this is 2P + 1.
    fn bound(&self) -> usize {
        2 * self.xor_limit() + 1
    }

    /// P of [`Self::bound`]: every value, and so every xor of two, lies
    /// below it. The tables a heap's walk marks are never written from it
    /// on, so they are cleared only below it.
    fn xor_limit(&self) -> usize {
        (self.max_value as usize + 1).next_power_of_two()
    }

    /// The most tokens a move splitting heap `h` can leave in its smaller
    /// heap.
    fn half(&self, h: u32) -> usize {
        match self.shape.equal {
            true => (h / 2) as usize,
            false => (h.saturating_sub(1) / 2) as usize,
        }
    }

    /// G(m) from the values of the smaller heaps.
    ///
    /// Never inlined: V8 runs a wasm function in its baseline tier until a
    /// later call, so the hot code must sit in a function called often
    /// (once per heap), not in the one call of `extend_with` that runs it
    /// all. Binaryen must not inline it back either (`scripts/build.sh`:
    /// 0.6 to 2^20 in node took 20 s when it did, 10 s now).
    #[inline(never)]
    #[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
    fn next_value(&self, m: u32, work: &mut Work, walk: Walk<'_>) -> u16 {
        let g = &self.values;
        let Work {
            seen: ByteSet(own),
            wanted,
            scan,
            again,
            sums,
        } = work;
        // One byte a value, not bits: the rare walk stores without reading
        // (a bit set's read-modify-write of a few words chained every store
        // through memory: 40% of 0.6's time). A value's class is that of
        // the xor, so one table serves both classes.
        let (seen, block, walked, recorded): (&mut [u8; 1 << 16], _, _, _) = match walk {
            Walk::Alone => (own, None, 0..0, false),
            Walk::Checked(block) => (own, Some(block), block.rare.clone(), false),
            Walk::Recorded(walked, table) => (table, None, walked, true),
        };
        // Values stay below VALUE_LIMIT = 2^14, so bound ≤ 2^15 + 1.
        let bound = self.bound().min(seen.len());
        // Nothing is ever marked from `xor_limit` on (see `group`): the
        // table stays 0 there, and is cleared below P, not 2P + 1.
        if !recorded {
            seen[..self.xor_limit().min(bound)].fill(0);
        }
        for &k in &self.shape.whole {
            if k == m {
                seen[0] = 1;
            }
        }
        for &k in &self.shape.one {
            if k < m {
                seen[g[(m - k) as usize] as usize] = 1;
            }
        }
        // Pairs with a rare heap: every common value, and the rare values of
        // (rare, rare) pairs; a block's walked pairs give common values (or
        // rare ones that the other heap, walked here, gives too: see
        // `walked`), and its candidates say which is the smallest unreached;
        // those a group walked are in `seen`.
        for &k in &self.shape.two {
            if let Some(h) = m.checked_sub(k) {
                self.mark_rare(h, &[0..walked.start, walked.end..self.rare.len()], seen);
            }
        }
        let found = block.and_then(|b| b.odd_mex(&seen[..]));
        if block.is_some() && found.is_none() {
            // Every candidate was reached (rare): walk it all for this heap.
            *again += 1;
            #[cfg(test)]
            self.paths
                .walked_again
                .set(self.paths.walked_again.get() + 1);
            for &k in &self.shape.two {
                if let Some(h) = m.checked_sub(k) {
                    self.mark_rare(h, std::slice::from_ref(&walked), seen);
                }
            }
        }
        // This heap's classes (see `flips`): none flipped but with the
        // heap's parity (a block drew this heap's candidates from the same
        // class: `Block::flipped`).
        let flip = self.flips(m as usize);
        let odd_mex = match found {
            Some(v) => v,
            None => self.first_unreached(&seen[..bound], flip),
        };

        // Rare values below odd_mex still to be seen: over slices, so that
        // the loop is vector code, when the class table reaches odd_mex (it
        // does once a value above 0 is known). No short circuit and no
        // count inside (it was 6% of 0.6's time): they are counted once,
        // after those found in the same sums are taken out.
        let wanted_below = wanted.0.iter_mut().zip(&seen[..odd_mex]);
        match self.rare_value.get(..odd_mex) {
            Some(classes) => {
                for ((slot, &s), &rare) in wanted_below.zip(classes) {
                    *slot = ((s == 0) & (rare != flip)) as u8;
                }
            }
            None => {
                for (v, (slot, &s)) in wanted_below.enumerate() {
                    *slot = (s == 0 && self.is_rare(v as u16) != flip) as u8;
                }
            }
        }
        // With several takes, each take's first blocks before any take's
        // rest: a value that only another take's small heaps give would
        // otherwise cost a whole scan of the first (0.364: one heap in 150).
        let parts: &[Blocks] = match self.shape.two.len() {
            1 => &[Blocks::All],
            _ => &[Blocks::First, Blocks::Rest],
        };
        // With several, the values that earlier heaps' scans found in the
        // same sums are not looked for again (see `Sums`). Worked out here,
        // for each heap (a few takes), rather than kept in the table (the
        // study module then had no room for that).
        let (least, most) = self.shape.split_takes();
        let slots = match most > least {
            true => Sums::slots_for(least, most),
            false => 0,
        };
        let count =
            |wanted: &ByteSet| -> usize { wanted.0[..odd_mex].iter().map(|&w| w as usize).sum() };
        #[cfg(test)]
        let before = count(wanted);
        if slots > 0 {
            for &k in &self.shape.two {
                if let Some(h) = m.checked_sub(k) {
                    sums.forget_found(h, &mut wanted.0[..odd_mex]);
                }
            }
        }
        let mut missing = count(wanted);
        #[cfg(test)]
        self.paths
            .forgotten
            .set(self.paths.forgotten.get() + (before - missing) as u32);
        for &part in parts {
            for &k in &self.shape.two {
                if missing == 0 {
                    break;
                }
                if let Some(h) = m.checked_sub(k) {
                    let in_sum = match slots {
                        0 => &mut [][..],
                        _ => sums.found_mut(h, slots, odd_mex.div_ceil(64) * 64),
                    };
                    missing = self.scan(h, odd_mex, wanted, missing, scan, part, in_sum);
                }
            }
        }
        let g = match missing {
            0 => odd_mex,
            _ => (0..odd_mex).find(|&v| wanted.has(v)).unwrap_or(odd_mex),
        };
        if let Some(set) = wanted.0.get_mut(..odd_mex) {
            set.fill(0);
        }
        g as u16
    }

    /// The smallest value of the class `flip` says (common: false) that
    /// `seen` does not hold, or `seen.len()`. 16 values a step, a loop
    /// the compiler vectorizes, where the class table reaches.
    #[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
    fn first_unreached(&self, seen: &[u8], flip: bool) -> usize {
        const STEP: usize = 16;
        let bound = seen.len();
        let classes = self.rare_value.get(..bound).unwrap_or(&[]);
        let mut v = 0;
        for (s, r) in seen.chunks_exact(STEP).zip(classes.chunks_exact(STEP)) {
            let open = s
                .iter()
                .zip(r)
                .fold(false, |open, (&s, &r)| open | ((s == 0) & (r == flip)));
            if open {
                break;
            }
            v += STEP;
        }
        (v..bound)
            .find(|&v| self.is_rare(v as u16) == flip && seen[v] == 0)
            .unwrap_or(bound)
    }

    /// Marks in `seen` the values of the splits (r, h − r) of the rare heaps
    /// of each part of the rare list, `self.rare[part]`, that a move may
    /// leave: 1 ≤ r < h, and r ≠ h − r when the two heaps must differ.
    fn mark_rare(&self, h: u32, parts: &[Range<usize>], seen: &mut [u8; 1 << 16]) {
        let big = self.values.get(..h as usize).unwrap_or(&[]);
        for part in parts {
            let rare = self.rare.get(part.clone()).unwrap_or(&[]);
            let rare_values = self.rare_values.get(part.clone()).unwrap_or(&[]);
            // Ranges cut out beforehand, so that the loop is loads, a xor
            // and a store (half of 0.6's time), and cut out of each part:
            // after a block's walk a heap walks itself a few rare heaps
            // (those below its lanes and the one or two far ones), where
            // searches over the whole list were 8% of 0.367's time.
            let below = rare.partition_point(|&r| r < h);
            let from = rare.partition_point(|&r| r == 0);
            let cut = match self.shape.equal || h % 2 == 1 {
                true => below..below,
                false => {
                    let at = rare.partition_point(|&r| r < h / 2);
                    at..at + (rare.get(at) == Some(&(h / 2))) as usize
                }
            };
            for range in [from..cut.start, cut.end..below] {
                let pairs = rare.get(range.clone()).unwrap_or(&[]).iter();
                for (&r, &u) in pairs.zip(rare_values.get(range).unwrap_or(&[])) {
                    if let Some(&x) = big.get((h - r) as usize) {
                        seen[(u ^ x) as usize] = 1;
                    }
                }
            }
        }
    }

    /// Scans the (common, common) pairs (a, h−a), a = 1, 2, …, for the
    /// `missing` values of `wanted`, clearing those it sees and setting
    /// them in `in_sum` (when it holds them: it may be empty); returns how
    /// many are still missing, reading the blocks of `part`. First a few
    /// blocks record every value seen, which settles most wanted values;
    /// then the last few are looked for alone, a block at a time, with a
    /// compare loop the compiler vectorizes.
    // In wasm with SIMD (every engine that runs the module has it, see
    // simd.rs), so the compare loop is vectorized there as it is natively.
    #[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
    #[allow(clippy::too_many_arguments)] // the heap's work tables, borrowed apart
    fn scan(
        &self,
        h: u32,
        odd_mex: usize,
        wanted: &mut ByteSet,
        missing: usize,
        work: &mut ScanWork,
        part: Blocks,
        in_sum: &mut [u8],
    ) -> usize {
        let half = self.half(h);
        if half == 0 {
            return missing;
        }
        let small = &self.small_side[1..=half];
        let start = self.far + 1 - h as usize;
        let big = &self.big_side_reversed[start..start + half];
        // Read only in order, a scan finds the last wanted values late: the
        // small heaps at the start hold few distinct values (0.6: thousands
        // of pairs a heap). Read only spread, it finds late the values that
        // few pairs give, and those pairs lie mostly among the smallest
        // heaps (0.6 past 2^19: a value given by 21 pairs of 290,793, the
        // first ones at 232, 2,333 and 2,392). So the first IN_ORDER or
        // IN_ORDER_TAKES blocks in order (a few hundred pairs that settle
        // most wanted values for rules such as 0.354), then the near blocks
        // (up to NEAR) and the far ones in turn, each in a Weyl order
        // (k·step mod their number, carried from one block to the next: a
        // division per block showed in profiles). Until stop 64 a quarter
        // of the blocks past the first were read in order (the front),
        // taking turns with the others spread; the near ones now spread too:
        // neighbouring blocks give related values, and the hardest values'
        // pairs are two to three times denser among heaps 64 to 8,192 than
        // past 2^16 (0.6 near 10^6). Blocks drawn for 0.6 to 2^20: 31.0
        // million before (29.6 a heap; 41 before stop 59), 25.7 million
        // now; 0.204 38.6 → 30.5 million.
        let blocks = half.div_ceil(SCAN_BLOCK);
        let first = match part {
            Blocks::All => IN_ORDER,
            _ => IN_ORDER_TAKES,
        }
        .min(blocks);
        let rest = blocks - first;
        // The first part reads no spread block: its step is not worked out
        // (the takes' halves differ, so it would be, for each take).
        let steps = match part {
            Blocks::First => (1, 1),
            _ => {
                let near = ScanOrder::near(first, rest).max(1);
                let back = ScanOrder::back(first, rest).max(1);
                let weyl = &mut work.weyl;
                if weyl[0].0 != near {
                    weyl[0] = (near, weyl_step(near));
                }
                if weyl[1].0 != back {
                    weyl[1] = (back, weyl_step(back));
                }
                (weyl[0].1, weyl[1].1)
            }
        };
        let mut order = ScanOrder::new(first, blocks, steps, half, matches!(part, Blocks::Rest));
        let blocks = match part {
            Blocks::All => blocks,
            Blocks::First => first,
            Blocks::Rest => rest,
        };
        #[cfg(target_arch = "x86_64")]
        if let Some(packed) = (self.packed.as_ref()).filter(|_| odd_mex <= super::packed::LIMIT) {
            // The test's switch is read again here: the packed sides exist
            // where their scan runs.
            if super::packed::available() {
                #[cfg(test)]
                self.paths.packed.set(self.paths.packed.get() + 1);
                let sides = packed.sides(h as usize, half);
                let wanted = &mut wanted.0[..odd_mex.div_ceil(64) * 64];
                // SAFETY: every block ends by `half`, the sides' length, and
                // starts at a multiple of 64; the wanted values are below
                // odd_mex ≤ 512, of the class of the (common, common) pairs.
                return unsafe {
                    super::packed::scan(&sides, blocks, &mut order, wanted, in_sum, missing)
                };
            }
        }
        #[cfg(target_arch = "x86_64")]
        if odd_mex <= super::avx512::LIMIT && super::avx512::available() {
            #[cfg(test)]
            self.paths.lookups.set(self.paths.lookups.get() + 1);
            // SAFETY: AVX-512 is available, every block ends by `half`, the
            // length of both sides, and the wanted values are below
            // odd_mex ≤ LIMIT, inside the 65,536 bytes of `wanted`.
            return unsafe {
                let wanted = &mut wanted.0[..odd_mex.div_ceil(64) * 64];
                super::avx512::scan(small, big, blocks, &mut order, wanted, in_sum, missing)
            };
        }
        // What the portable loops clear is found: `wanted` is compared
        // with a copy from before them (for rules with several takes only,
        // on a processor without AVX-512 or past its scan's 2,048 values).
        let kept = in_sum.len().min(odd_mex);
        let before = &mut work.before;
        before.clear();
        before.extend_from_slice(&wanted.0[..kept]);
        let missing = Self::scan_portable(small, big, blocks, &mut order, odd_mex, wanted, missing);
        for ((f, &b), &w) in in_sum.iter_mut().zip(before.iter()).zip(&wanted.0[..kept]) {
            *f |= b & (w ^ 1);
        }
        missing
    }

    /// The portable part of [`Self::scan`], the blocks of `order`.
    #[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
    fn scan_portable(
        small: &[u16],
        big: &[u16],
        blocks: usize,
        order: &mut ScanOrder,
        odd_mex: usize,
        wanted: &mut ByteSet,
        mut missing: usize,
    ) -> usize {
        let mut next = || order.next_block();
        let mut k = 0;
        while missing > FEW_WANTED && k < blocks {
            let r = next();
            // Eight pairs' values a vector (one load of each side and a
            // xor), then a lane each, where V8 ran two loads and a xor a
            // pair: 0.264 to 2^20 in node 5.25 s → 4.50 s, 0.6 the same.
            let (xs, ys) = (&small[r.clone()], &big[r]);
            for (x8, y8) in xs.chunks_exact(8).zip(ys.chunks_exact(8)) {
                let v: [u16; 8] = core::array::from_fn(|i| x8[i] ^ y8[i]);
                for v in v {
                    let w = &mut wanted.0[v as usize];
                    missing -= *w as usize;
                    *w = 0;
                }
            }
            let tail = xs.len() / 8 * 8;
            for (&x, &y) in xs[tail..].iter().zip(&ys[tail..]) {
                let w = &mut wanted.0[(x ^ y) as usize];
                missing -= *w as usize;
                *w = 0;
            }
            k += 1;
        }
        if missing == 0 || k >= blocks {
            return missing;
        }
        let mut targets = [u16::MAX; FEW_WANTED];
        let mut found = 0;
        for v in 0..odd_mex {
            if wanted.has(v) && found < FEW_WANTED {
                targets[found] = v as u16;
                found += 1;
            }
        }
        // The values but one, then the last alone, one comparison a pair:
        // the last is alone in 70% of these blocks (0.6, 0.204, 0.367 and
        // 0.416 to 2^20), and in node 0.6, 0.204 and 0.367 to 2^20 took 2
        // to 5% less time so.
        if missing > 1 {
            missing = last_blocks(
                small,
                big,
                blocks,
                &mut next,
                &mut k,
                &mut targets,
                1,
                wanted,
                missing,
            );
        }
        if missing == 1 {
            let mut last = [targets.iter().fold(u16::MAX, |a, &t| a.min(t))];
            missing = last_blocks(
                small, big, blocks, &mut next, &mut k, &mut last, 0, wanted, missing,
            );
        }
        missing
    }

    /// Picks the mask that leaves the fewest rare heaps in the whole table
    /// and rebuilds the rare list and scan arrays for it.
    ///
    /// Heap `m` is rare under `mask` when `G(m) & mask` has an even number
    /// of bits, so the rare heaps of every mask at once are
    /// `(total + W[mask]) / 2`, `W` the Walsh–Hadamard transform of the
    /// values' counts: `B log B` steps for values below `B`, whatever the
    /// table's length. Counted on the whole table rather than its newer
    /// half: a mask chosen on a half where a few values dominate (0.354 past
    /// 10^7) turned heaps of the other half rare again, each a full scan.
    fn choose_mask(&mut self) {
        let bound = (self.max_value as usize + 1).next_power_of_two().max(2);
        let transform = |counts: &[u64]| {
            let mut w: Vec<i64> = vec![0; bound];
            for (v, &c) in counts.iter().enumerate().take(bound) {
                w[v] = c as i64;
            }
            let mut len = 1;
            while len < bound {
                for block in (0..bound).step_by(2 * len) {
                    for i in block..block + len {
                        let (a, b) = (w[i], w[i + len]);
                        w[i] = a + b;
                        w[i + len] = a - b;
                    }
                }
                len *= 2;
            }
            w
        };
        // The mask (from 1) leaving the fewest rare heaps, by `rare(mask)`.
        // Ties go to the mask with the most bits: it judges the larger
        // values still to come by all their bits.
        let fewest = |rare: &dyn Fn(usize) -> i64| {
            let mut best = (i64::MAX, 0u16);
            for mask in 1..bound {
                let r = rare(mask);
                if r < best.0 || (r == best.0 && (mask as u32).count_ones() > best.1.count_ones()) {
                    best = (r, mask as u16);
                }
            }
            best
        };
        let w = transform(&self.counts);
        let total = w[0];
        let mut best = fewest(&|mask| (total + w[mask]) / 2);
        // With the heap's parity p: the heaps n with n % 2 != p flipped, so
        // those count (total − W[mask]) / 2, the transform of their own
        // counts. Taken only when it leaves at most half as many rare heaps
        // (a margin set when its heaps walked in no AVX-512 block, not
        // measured again since they do).
        let mut parity = None;
        if let Some(p) = self.parity_allowed {
            let odd = transform(&self.odd_counts);
            let with = fewest(&|mask| {
                let (odd_all, odd_t) = (odd[0], odd[mask]);
                let (even_all, even_t) = (total - odd_all, w[mask] - odd_t);
                // Even heaps are flipped when p is 1, odd ones when p is 0.
                match p {
                    1 => (even_all - even_t) / 2 + (odd_all + odd_t) / 2,
                    _ => (even_all + even_t) / 2 + (odd_all - odd_t) / 2,
                }
            });
            if 2 * with.0 < best.0 {
                best = with;
                parity = Some(p);
            }
        }
        // Keep the bits above the values seen so far set, for the same reason.
        let mask = best.1 | !((bound as u16).wrapping_sub(1));
        if mask != self.mask || parity != self.parity {
            self.mask = mask;
            self.parity = parity;
            self.rebuild_sides();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::values::plain_values;

    /// A scan that reads all its blocks must have read each once: a heap
    /// whose wanted value no pair gives (a rare heap) is settled only so.
    #[test]
    fn a_scan_order_reads_each_block_once() {
        for half in 0usize..40_000 {
            let blocks = half.div_ceil(SCAN_BLOCK);
            for in_order in [IN_ORDER, IN_ORDER_TAKES] {
                let first = in_order.min(blocks);
                let near = ScanOrder::near(first, blocks - first).max(1);
                let back = ScanOrder::back(first, blocks - first).max(1);
                let step = (weyl_step(near), weyl_step(back));
                // The whole scan, or its first blocks then the rest (a rule
                // with several takes).
                for (skip, from) in [(false, 0), (true, first)] {
                    let mut order = ScanOrder::new(first, blocks, step, half, skip);
                    let mut read = vec![0u8; blocks];
                    for _ in from..blocks {
                        let range = order.next_block();
                        assert_eq!(range.start % SCAN_BLOCK, 0, "half {half}");
                        assert!(range.end <= half && !range.is_empty(), "half {half}");
                        read[range.start / SCAN_BLOCK] += 1;
                    }
                    let once = read
                        .iter()
                        .enumerate()
                        .all(|(b, &r)| r == (b >= from) as u8);
                    assert!(once, "half {half}, first {first}, from {from}: {read:?}");
                }
            }
        }
    }

    #[test]
    fn sparse_table_matches_plain_loop_to_20000() {
        let n = 20_000;
        let plain = plain_values(n);
        let table = ReferenceTable::new(n);
        assert_eq!(table.values(), &plain[..]);
    }

    #[test]
    fn sparse_table_matches_plain_loop_past_mask_changes() {
        // Short chunks, so the mask is re-chosen many times and the rare list
        // rebuilt, with the plain loop still quick.
        let n = 30_000;
        let plain = plain_values(n);
        let mut table = ReferenceTable {
            chunk: 1024,
            ..ReferenceTable::default()
        };
        table.extend_to(n);
        assert_eq!(table.values(), &plain[..]);
        assert_eq!(table.mask() & 0xff, 0xfe, "the mask of Flammenkamp's table");
    }

    #[test]
    fn extending_resumes_where_it_stopped() {
        let short = || ReferenceTable {
            chunk: 1024,
            ..ReferenceTable::default()
        };
        let mut table = short();
        table.extend_to(100);
        table.extend_to(5000);
        assert_eq!(table.values(), &plain_values(5000)[..]);
        let mut calls = 0;
        let stopped = table.extend_with(20_000, &mut |_| {
            calls += 1;
            calls < 3
        });
        assert_eq!(stopped, Err(Stopped::Cancelled));
        assert_eq!(table.max_heap(), 7 * 1024 - 1);
        table.extend_to(20_000);
        assert_eq!(table.values(), &plain_values(20_000)[..]);
    }

    #[test]
    fn known_single_heap_losses() {
        // OEIS A002188: heaps where G = 0 (losing single heaps), a published fact.
        let table = ReferenceTable::new(2000);
        let zeros: Vec<u32> = (0..=2000).filter(|&n| table.get(n) == Some(0)).collect();
        assert_eq!(
            zeros,
            vec![
                0, 1, 2, 4, 7, 10, 20, 23, 26, 50, 53, 270, 273, 276, 282, 285, 288, 316, 334, 337,
                340, 346, 359, 362, 365, 386, 389, 392, 566, 630, 633, 636, 639, 673, 676, 682,
                685, 923, 926, 929, 932, 1222
            ]
        );
    }

    use crate::grundy::rule::{plain_values as rule_plain, Rule};
    use crate::grundy::sequence::shape;
    use crate::rng::Rng;

    fn check_rule(text: &str, n: u32, chunk: u32) {
        let plain = rule_plain(&Rule::parse(text).unwrap(), n);
        check_rule_paths(text, &plain, chunk, RECORD_EVERY);
    }

    /// The table of `rule` to heap `n`, its heaps walking their rare heaps
    /// alone or together, one rare heap in `every` recorded.
    fn table_to(rule: &Rule, n: u32, alone: bool, every: usize) -> SparseTable {
        let mut table = SparseTable::for_shape(shape(rule).unwrap());
        table.alone = alone;
        table.fix_share(every);
        table.extend_to(n);
        table
    }

    /// Checks the table of rule `text` against its plain mex `plain`, with
    /// the vector paths where this machine has them and without
    /// (`simd::PORTABLE`); returns both runs' paths, in that order.
    fn check_rule_paths(text: &str, plain: &[u32], chunk: u32, record_every: usize) -> [Paths; 2] {
        let rule = Rule::parse(text).unwrap();
        let n = plain.len() as u32 - 1;
        let mut paths: [Paths; 2] = Default::default();
        for (portable, paths) in [false, true].into_iter().zip(&mut paths) {
            let (table, done) = with_portable(portable, || {
                let mut table = SparseTable::for_shape(shape(&rule).unwrap());
                table.chunk = chunk;
                table.fix_share(record_every);
                let done = table.extend_with(n, &mut |_| true);
                (table, done)
            });
            done.unwrap();
            let got: Vec<u32> = table.values().iter().map(|&v| u32::from(v)).collect();
            assert_eq!(got, plain, "{text}, portable: {portable}");
            *paths = table.paths;
        }
        paths
    }

    /// Rules whose sparse space needs the heap's parity (their takes that
    /// split all odd or all even), against the plain mex, with and without
    /// the vector paths; 0.104 keeps 20 rare heaps (the last 284) with the
    /// parity, as the C++ peer finds, where no mask alone leaves fewer than
    /// an eighth of the heaps rare.
    #[test]
    fn sparse_spaces_with_the_heaps_parity() {
        let vector = vector_paths();
        for code in ["0.104", "0.106", "0.205", "0.207", "0.324", "0.127"] {
            let plain = rule_plain(&Rule::parse(code).unwrap(), 12_000);
            let [paths, _] = check_rule_paths(code, &plain, 1024, RECORD_EVERY);
            // Past twice its last rare heap, 284, 0.104's heaps run in
            // blocks with AVX-512, against the plain mex here.
            if vector && code == "0.104" {
                assert!(paths.blocks.get() > 300, "{paths:?}");
            }
        }
        let mut table = SparseTable::for_shape(shape(&Rule::parse("0.104").unwrap()).unwrap());
        table.extend_to(20_000);
        assert_eq!(table.parity(), Some(1));
        assert_eq!(table.rare_heaps().len(), 20);
        assert_eq!(table.rare_heaps().last(), Some(&284));
        // Its heaps walked together: 32 at a time with AVX-512, each heap's
        // candidates of its own classes, else 8 at a time (the group walk
        // records values of either class).
        let paths = &table.paths;
        match vector {
            true => assert!(paths.blocks.get() > 500, "{paths:?}"),
            false => {
                assert!(paths.groups.get() > 2000, "{paths:?}");
                assert_eq!(paths.blocks.get(), 0);
            }
        }
        // Grundy's game (its one take, 0, is even) keeps its mask alone.
        let grundy = ReferenceTable::new(20_000);
        assert_eq!(grundy.parity(), None);
    }

    /// Rules with several takes that split, against the plain mex with and
    /// without the vector paths: their heaps do not look again for the
    /// wanted values that the previous heaps' scans found in the same sums
    /// (`Sums`), tens of thousands of them to 12,000 heaps.
    #[test]
    fn values_found_in_a_sum_are_not_looked_for_again() {
        for (code, least) in [
            ("0.264", 20_000),
            ("0.364", 20_000),
            ("0.416", 20_000),
            ("0.564", 100_000),
        ] {
            let plain = rule_plain(&Rule::parse(code).unwrap(), 12_000);
            for paths in check_rule_paths(code, &plain, 1024, RECORD_EVERY) {
                assert!(paths.forgotten.get() > least, "{code}: {paths:?}");
            }
        }
    }

    /// Runs `f` with the vector paths turned off (`simd::PORTABLE`) or not.
    fn with_portable<T>(portable: bool, f: impl FnOnce() -> T) -> T {
        #[cfg(not(target_arch = "x86_64"))]
        let _ = portable;
        #[cfg(target_arch = "x86_64")]
        super::super::simd::PORTABLE.set(portable);
        let out = f();
        #[cfg(target_arch = "x86_64")]
        super::super::simd::PORTABLE.set(false);
        out
    }

    /// `f` run with the u16 scan where the packed one would run
    /// (`packed.rs`), on this thread.
    fn without_packed<T>(f: impl FnOnce() -> T) -> T {
        #[cfg(target_arch = "x86_64")]
        super::super::packed::NO_PACKED.set(true);
        let out = f();
        #[cfg(target_arch = "x86_64")]
        super::super::packed::NO_PACKED.set(false);
        out
    }

    /// Whether this machine runs the packed scan (`packed.rs`).
    fn packed_paths() -> bool {
        #[cfg(target_arch = "x86_64")]
        if super::super::packed::available() {
            return true;
        }
        eprintln!("no AVX-512 VBMI here: the packed scan is not checked");
        false
    }

    /// Whether this machine runs the AVX-512 paths (`avx512.rs`); without
    /// them the tests below check the values of the portable paths alone.
    fn vector_paths() -> bool {
        #[cfg(target_arch = "x86_64")]
        if super::super::avx512::available() {
            return true;
        }
        eprintln!("no AVX-512 here: the portable paths alone are checked");
        false
    }

    /// 0.6's rare heaps end at 20,627, so its blocks and groups start past
    /// heap 41,286, beyond the plain mex's reach in a test: there the table
    /// whose heaps all walk alone, checked against the plain mex above, is
    /// the reference, and with every candidate reached the blocks' heaps
    /// walk again one at a time.
    #[test]
    fn blocks_of_heaps_give_0_6_the_portable_values_to_2_pow_17() {
        let rule = Rule::parse("0.6").unwrap();
        let n = 1 << 17;
        let run = |portable: bool, record_every: usize, alone: bool| {
            with_portable(portable, || {
                let mut table = SparseTable::for_shape(shape(&rule).unwrap());
                table.fix_share(record_every);
                table.alone = alone;
                table.extend_to(n);
                table
            })
        };
        let alone = run(true, RECORD_EVERY, true);
        let portable = run(true, RECORD_EVERY, false);
        assert_eq!(portable.values(), alone.values(), "groups");
        let paths = &portable.paths;
        assert_eq!(paths.blocks.get() + paths.lookups.get(), 0);
        // Heaps 41,296 to 2^17 in groups of 8: some 11,200.
        assert!(paths.groups.get() > 10_000, "{paths:?}");
        assert_eq!(alone.paths.groups.get(), 0);
        let vector = vector_paths();
        // With all rare heaps recorded, the u16 scan rather than the packed
        // one (0.6's values stay below 512).
        for record_every in [RECORD_EVERY, usize::MAX] {
            let table = match record_every {
                RECORD_EVERY => run(false, record_every, false),
                _ => without_packed(|| run(false, record_every, false)),
            };
            assert_eq!(
                table.values(),
                alone.values(),
                "recorded: 1 in {record_every}"
            );
            if !vector {
                continue;
            }
            let (blocks, again) = (table.paths.blocks.get(), table.paths.walked_again.get());
            assert!(blocks > 2_000, "{blocks} blocks");
            let scans = match record_every {
                RECORD_EVERY if packed_paths() => table.paths.packed.get(),
                _ => table.paths.lookups.get(),
            };
            assert!(scans > 100_000, "{:?}", table.paths);
            match record_every {
                RECORD_EVERY => assert!(
                    again < 32 * blocks / 100,
                    "{again} walked again of {blocks} blocks"
                ),
                _ => assert!(again > 32 * blocks / 2, "{again} walked again"),
            }
        }
    }

    /// 0.564's values pass 1,024 at heap 6,460, and its blocks then walk
    /// with rows of 2,048 values (and 64 bytes more): the same values as
    /// the table whose heaps all walk alone, to 40,000 (its last rare heap
    /// 13,275).
    #[test]
    fn blocks_walk_values_past_1024_in_wide_rows() {
        let rule = Rule::parse("0.564").unwrap();
        let run = |alone: bool, every: usize| table_to(&rule, 40_000, alone, every);
        let alone = run(true, RECORD_EVERY);
        // Every pair recorded: the values rest on the rows alone.
        for every in [RECORD_EVERY, 1] {
            let blocks = run(false, every);
            assert_eq!(blocks.values(), alone.values(), "1 in {every} recorded");
            assert!(blocks.max_value > 1024, "{}", blocks.max_value);
            if vector_paths() {
                let paths = &blocks.paths;
                let wide = paths.wide_blocks.get();
                assert!(wide > 300, "{paths:?}");
                // Rows that reach every candidate would make each heap walk
                // again, the values still right.
                assert!(paths.walked_again.get() < 32 * wide / 10, "{paths:?}");
            }
        }
    }

    /// 0.6's values pass 255 at heap 10,344 (its bound then 1,025, and its
    /// common values past 512 listed by the u16 rows, not by the packed
    /// ones): its blocks on packed values give the values of the table
    /// whose heaps all walk alone, to 45,000, with half the rare heaps
    /// recorded and with almost none (most heaps then walk again).
    #[test]
    fn blocks_on_packed_values_past_255_match_the_heaps_alone() {
        let rule = Rule::parse("0.6").unwrap();
        let run = |alone: bool, every: usize| table_to(&rule, 45_000, alone, every);
        let alone = run(true, RECORD_EVERY);
        assert!(alone.max_value > 255, "{}", alone.max_value);
        for every in [RECORD_EVERY, usize::MAX] {
            let blocks = run(false, every);
            assert_eq!(blocks.values(), alone.values(), "1 in {every} recorded");
            if vector_paths() && packed_paths() {
                let paths = &blocks.paths;
                assert!(paths.packed_row_blocks.get() > 300, "{paths:?}");
            }
        }
    }

    /// Rules with several takes that split: a block marks a recorded rare
    /// heap's values once in the row of each of its sums, and each heap's
    /// candidates come from the rows of its own sums (`walk_block`). With
    /// every rare heap recorded, the values rest on the rows alone. Takes 2
    /// and 3, 1 and 3, 0 (`4.`) to 3, and 1 and 16: 47 rows, the most.
    #[test]
    fn blocks_mark_each_sum_once_for_all_takes() {
        for code in ["0.264", "0.364", "0.416", "4.064", "0.4000000000000004"] {
            let rule = Rule::parse(code).unwrap();
            let run = |alone: bool, every: usize| table_to(&rule, 1 << 15, alone, every);
            let alone = run(true, RECORD_EVERY);
            for every in [RECORD_EVERY, 1] {
                let blocks = run(false, every);
                assert_eq!(
                    blocks.values(),
                    alone.values(),
                    "{code}, 1 in {every} recorded"
                );
                if vector_paths() {
                    let paths = &blocks.paths;
                    let count = paths.blocks.get();
                    assert!(count > 300, "{code}: {paths:?}");
                    assert!(
                        paths.walked_again.get() < 32 * count / 10,
                        "{code}: {paths:?}"
                    );
                }
            }
        }
    }

    /// 0.416's candidates are often all reached with half its pairs
    /// recorded (to 2^20, its values pass 600 with some 1,000 rare heaps):
    /// with AVX-512 its blocks record more of them as they go, 3 of 4 to
    /// 2^16, and fewer than a fourth as many heaps walk again; the values
    /// are those of the table whose heaps all walk alone.
    #[test]
    fn blocks_record_more_pairs_when_many_heaps_walk_again() {
        let rule = Rule::parse("0.416").unwrap();
        let run = |adapt: bool, alone: bool| {
            let mut table = SparseTable::for_shape(shape(&rule).unwrap());
            table.fix_share(RECORD_EVERY);
            table.adapt = adapt;
            table.alone = alone;
            table.extend_to(1 << 16);
            table
        };
        let alone = run(false, true);
        let fixed = run(false, false);
        let adapted = run(true, false);
        assert_eq!(fixed.values(), alone.values(), "half recorded");
        assert_eq!(adapted.values(), alone.values(), "a growing share");
        assert_eq!(fixed.record, Share::one_in(RECORD_EVERY));
        if !vector_paths() {
            // No blocks: nothing to adapt.
            assert_eq!(adapted.record, Share::one_in(RECORD_EVERY));
            return;
        }
        // The share outside a try of a smaller one (see `Probe`).
        assert_eq!(
            adapted.probe.tried.unwrap_or(adapted.record),
            Share {
                recorded: 3,
                every: 4
            }
        );
        let again = |t: &SparseTable| t.paths.walked_again.get();
        let blocks = fixed.paths.blocks.get();
        assert_eq!(adapted.paths.blocks.get(), blocks);
        assert!(blocks > 500, "{blocks} blocks");
        // Half recorded, more than a heap in eight walks again.
        assert!(again(&fixed) > 32 * blocks / 8, "{}", again(&fixed));
        assert!(
            again(&adapted) < again(&fixed) / 4,
            "{} of {}",
            again(&adapted),
            again(&fixed)
        );
    }

    /// A share that grew comes back down where few heaps walk again: 0.6
    /// (under 1% of its heaps walk again with half recorded) started at 2
    /// of 3 records half by 2^16, trying it after 16 windows and keeping it;
    /// the values are those of the table whose heaps all walk alone. 0.416,
    /// which needs 3 of 4 (above), keeps it.
    #[test]
    fn blocks_record_fewer_pairs_again_when_few_heaps_walk_again() {
        let rule = Rule::parse("0.6").unwrap();
        let run = |alone: bool| {
            let mut table = SparseTable::for_shape(shape(&rule).unwrap());
            table.record = Share::one_in(RECORD_EVERY).more();
            table.alone = alone;
            table.extend_to(1 << 16);
            table
        };
        let (table, alone) = (run(false), run(true));
        assert_eq!(table.values(), alone.values());
        if !vector_paths() {
            return;
        }
        // A try comes after 16 windows of 64 blocks, and runs for one more.
        assert!(
            table.paths.blocks.get() > 1_200,
            "{} blocks",
            table.paths.blocks.get()
        );
        assert_eq!(
            table.probe.tried.unwrap_or(table.record),
            Share::one_in(RECORD_EVERY)
        );
    }

    /// With AVX-512 (`avx512.rs`), heaps past twice the last rare heap walk
    /// their rare heaps 32 at a time, checking a few candidates, and every
    /// scan looks its pairs up in a bit set: the same values as the plain
    /// mex, with the pairs recorded as they are and with almost none (every
    /// candidate of most heaps reached, so they walk again one at a time).
    /// Without it (the portable run), they walk them 8 at a time, recording
    /// every pair.
    /// 4.354 and 4.3460 find rare heaps inside a block that the block's
    /// later heaps must walk alone (without that walk, their values differ
    /// from the plain mex before heap 3,000), 4.567153 inside a group (its
    /// heap 53 is wrong without it).
    #[test]
    fn blocks_of_heaps_and_looked_up_scans_match_the_plain_mex() {
        let vector = vector_paths();
        let total = Paths::default();
        let add = |[paths, portable]: &[Paths; 2]| {
            for (sum, part) in [
                (&total.blocks, &paths.blocks),
                (&total.walked_again, &paths.walked_again),
                (&total.lookups, &paths.lookups),
                (&total.packed, &paths.packed),
                (&total.packed_blocks, &paths.packed_blocks),
                (&total.packed_row_blocks, &paths.packed_row_blocks),
                (&total.groups, &portable.groups),
            ] {
                sum.set(sum.get() + part.get());
            }
        };
        let named = [
            ("0.354", 12_000),
            ("0.6", 12_000),
            ("0.376", 12_000),
            ("0.77", 12_000),
            ("0.16", 12_000),
            ("grundy", 12_000),
            ("0.137", 12_000),
            ("4.354", 3_000),
            ("4.3460", 3_000),
            ("4.567153", 3_000),
            ("0.364", 16_000),
            // Values past 1,024 from heap 6,460: the scan's four registers.
            ("0.564", 8_000),
        ];
        for (text, n) in named {
            let plain = rule_plain(&Rule::parse(text).unwrap(), n);
            for record_every in [RECORD_EVERY, usize::MAX] {
                // With all rare heaps recorded, the u16 scan alone.
                let both = match record_every {
                    RECORD_EVERY => check_rule_paths(text, &plain, 1024, record_every),
                    _ => without_packed(|| check_rule_paths(text, &plain, 1024, record_every)),
                };
                add(&both);
                let [paths, portable] = &both;
                // Past twice its last rare heap, 3,227: some 6,500 heaps.
                if text == "0.354" {
                    assert!(portable.groups.get() > 600, "{portable:?}");
                }
                // Groups with several takes, each heap's sums' rows merged:
                // 0.564 (takes 1 to 3) some 1,000 to 8,000, 4.567153 (0 to
                // 5) some 370 to 3,000.
                if text == "0.564" {
                    assert!(portable.groups.get() > 900, "{portable:?}");
                }
                if text == "4.567153" {
                    assert!(portable.groups.get() > 300, "{portable:?}");
                }
                // Most of its rare heaps lie below 6,784, a few more come
                // later (to 937,657): those above half the heap walk alone,
                // heap by heap, beside those walked together (some 850
                // groups and 210 blocks to 16,000).
                if text == "0.364" {
                    assert!(portable.tails.get() > 400, "{portable:?}");
                    if vector {
                        assert!(paths.tails.get() > 100, "{paths:?}");
                    }
                }
                if vector && text == "0.354" {
                    assert!(paths.blocks.get() > 150, "{paths:?}");
                    let scans = match record_every {
                        RECORD_EVERY if packed_paths() => paths.packed.get(),
                        _ => paths.lookups.get(),
                    };
                    assert!(scans > 10_000, "{paths:?}");
                    if record_every == usize::MAX {
                        assert!(paths.walked_again.get() > 1_000, "{paths:?}");
                    }
                }
            }
        }
        let mut rng = Rng::new(32);
        for _ in 0..40 {
            let mut code = String::from(["0.", "4."][(rng.next_u64() % 2) as usize]);
            for _ in 0..1 + rng.next_u64() % 5 {
                code.push(char::from(b'0' + (rng.next_u64() % 8) as u8));
            }
            let record_every = [RECORD_EVERY, 1, usize::MAX][(rng.next_u64() % 3) as usize];
            let plain = rule_plain(&Rule::parse(&code).unwrap(), 4_000);
            add(&check_rule_paths(&code, &plain, 256, record_every));
        }
        assert!(total.groups.get() > 5_000, "{total:?}");
        if vector {
            assert!(total.blocks.get() > 100, "{total:?}");
            assert!(total.walked_again.get() > 1_000, "{total:?}");
            assert!(total.lookups.get() > 50_000, "{total:?}");
            if packed_paths() {
                assert!(total.packed.get() > 50_000, "{total:?}");
                assert!(total.packed_blocks.get() > 100, "{total:?}");
                assert!(total.packed_row_blocks.get() > 100, "{total:?}");
                assert!(
                    total.packed_blocks.get() > total.packed_row_blocks.get(),
                    "{total:?}"
                );
            }
        }
    }

    /// The AVX-512 scan against a plain one on made-up pairs: values up to
    /// 1,023 (the set's two registers, for a wanted slice of 1,024 bytes)
    /// or 2,047 (its four, for a longer slice), rare heaps' marks, ranges
    /// shorter than a block or empty, wanted sets of every size.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_looked_up_scan_finds_what_a_plain_scan_finds() {
        if !vector_paths() {
            return;
        }
        let mut rng = Rng::new(33);
        for case in 0..800 {
            let len = 1 + (rng.next_u64() % 700) as usize;
            // The wanted values' bound: the pairs' values may pass it.
            let limit = [1024, 2048][case % 2];
            let value = |rng: &mut Rng| match rng.next_u64() % 16 {
                0 => RARE_SMALL,
                1 => limit as u16 - 1 - (rng.next_u64() % 8) as u16,
                _ => (rng.next_u64() % 2048) as u16,
            };
            let small: Vec<u16> = (0..len).map(|_| value(&mut rng)).collect();
            let big: Vec<u16> = (0..len)
                .map(|_| match rng.next_u64() % 16 {
                    0 => RARE_BIG,
                    _ => (rng.next_u64() % limit as u64) as u16,
                })
                .collect();
            let mut wanted = vec![0u8; 1 << 16];
            let count = 1 + rng.next_u64() % [4, 40, 400][case % 3];
            for _ in 0..count {
                wanted[(rng.next_u64() % limit as u64) as usize] = 1;
            }
            let missing = wanted.iter().filter(|&&w| w == 1).count();
            // Ranges of at most 64 pairs, some short or empty, in a shuffled
            // order, as a scan's blocks.
            let mut ranges = Vec::new();
            let mut at = 0;
            while at < len {
                let end = (at + (rng.next_u64() % 65) as usize).min(len);
                ranges.push(at..end);
                at = end;
            }
            for i in (1..ranges.len()).rev() {
                ranges.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
            }
            let mut plain = wanted.clone();
            let mut plain_missing = missing;
            for range in &ranges {
                for i in range.clone() {
                    let v = (small[i] ^ big[i]) as usize;
                    plain_missing -= plain[v] as usize;
                    plain[v] = 0;
                }
            }
            let before = wanted.clone();
            let mut found = vec![0u8; limit];
            // SAFETY: AVX-512 is here, every range ends by `len`, and
            // `wanted` has 65,536 bytes.
            let left = unsafe {
                super::super::avx512::scan(
                    &small,
                    &big,
                    ranges.len(),
                    &mut ranges.iter().cloned(),
                    &mut wanted[..limit],
                    &mut found,
                    missing,
                )
            };
            assert_eq!(left, plain_missing, "case {case}");
            // `found` holds the values it cleared.
            for (v, &f) in found.iter().enumerate() {
                assert_eq!(f, before[v] & (wanted[v] ^ 1), "case {case}, value {v}");
            }
            // It stops as soon as nothing is wanted; otherwise it read all.
            if left > 0 {
                assert_eq!(wanted, plain, "case {case}");
            } else {
                assert!(wanted.iter().all(|&w| w == 0), "case {case}");
            }
        }
    }

    #[test]
    fn named_octal_rules_match_the_plain_mex() {
        for text in [
            "0.77", "0.07", "0.6", "0.16", "0.376", "0.354", "4.07", "0.333", "4.0", "0.1", "0.4",
            "4.7", "0.137", "grundy",
        ] {
            check_rule(text, 3000, 1024);
        }
    }

    #[test]
    fn random_octal_rules_match_the_plain_mex() {
        let mut rng = Rng::new(31);
        for i in 0..200 {
            let len = 1 + (rng.next_u64() % 6) as usize;
            let mut code = String::from(if rng.next_u64().is_multiple_of(2) {
                "0."
            } else {
                "4."
            });
            for _ in 0..len {
                code.push(char::from(b'0' + (rng.next_u64() % 8) as u8));
            }
            // Short chunks now and then: masks re-chosen often.
            let chunk = if i % 3 == 0 { 256 } else { CHUNK };
            check_rule(&code, 2000, chunk);
        }
    }
}
