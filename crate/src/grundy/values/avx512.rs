//! The u16 table's hot loops with AVX-512 (checked at run time; the
//! portable loops run elsewhere, in the browser too, and in a test).
//!
//! - **The scan** ([`scan`]). The portable scan records every pair's value
//!   into a byte a value while many values are wanted, then compares each
//!   pair against the last two. Here the wanted values below 2,048 are a
//!   bit set held in two registers (four past 1,024), and `vpermi2w` reads
//!   each pair's word of it: a block of 64 pairs costs a dozen instructions
//!   whatever the number of values wanted, and only the pairs that give one
//!   are handled one at a time.
//! - **The rare walk of 32 heaps at once** ([`walk_block`]), as Grundy's
//!   block method does over bytes: a rare heap's pairs with the 32 heaps
//!   are one window of values; half the rare heaps (or more, see `Share`)
//!   record what they give in a row for each of the block's sums, once for
//!   all takes, and the others only compare against each heap's few
//!   smallest common values still unreached. While the values stay below
//!   512 they are read a byte each, as the packed scan reads them: two
//!   candidates a register ([`check_packed`]), and rows of 256 bytes for
//!   the blocks whose windows hold no rare heap ([`record_packed`]).
//!
//! 0.6 to 2^20 (its values pass 255 at heap 10,344, so this table computes
//! nearly all of them): 2.29 s to 1.22 s natively (docs/solver.md).

use super::sparse::{Share, Walked, CANDIDATES, LANES};
use core::arch::x86_64::*;
use core::ops::Range;

/// Values the scan's bit set holds: wanted values must be below it. Past
/// 1,024 the set takes four registers and each lookup a second `vpermi2w`:
/// 0.564, whose values pass 1,024 at heap 6,460, scanned without AVX-512
/// before (to 2^20 7% faster so).
pub(super) const LIMIT: usize = 2048;

/// Values a block's rare walk takes: a row of a byte a value for each of
/// its heaps, of [`NARROW_WALK`] bytes while the values stay below it, else
/// [`WIDE_ROW`].
pub(super) const WALK_LIMIT: usize = 2048;

/// Values the narrow rows hold. Rows as long as the wide ones for every
/// rule made 0.364 2 to 6% slower to 2^20, 0.6 2%.
pub(super) const NARROW_WALK: usize = 1024;

/// The wide rows' length: 64 bytes past [`WALK_LIMIT`], so that rows do not
/// fall in the same few sets of the first-level cache (unpadded rows of
/// 2,048 bytes for every rule made 0.6 70% slower, and 0.564 10% slower
/// than its walk in groups of 8; padded, and for values past 1,024 only,
/// 0.564 to 2^20 9% faster than in groups). A multiple of 64, as the
/// narrow rows' length: a row is read 64 bytes at a time.
const WIDE_ROW: usize = WALK_LIMIT + 64;

const _: () = assert!(
    WIDE_ROW.is_multiple_of(64) && NARROW_WALK.is_multiple_of(64) && WIDE_ROW >= WALK_LIMIT
);

/// Values the set's first two registers hold, all a scan reads while its
/// wanted values stay below.
const NARROW: usize = 1024;

/// Blocks of 64 pairs whose lookups end in one branch: most give no wanted
/// value, and the few that do are hard to predict (one branch for two
/// blocks: 0.6 to 2^20 about 13% faster than one a register).
const TOGETHER: usize = 2;

/// Hits in a register pair taken out of the bit set one by one; past
/// this, the set is read back from the bytes.
const FEW_HITS: u32 = 16;

/// Whether the lookup can run here (std caches the answer); a test sets
/// `simd::PORTABLE` to run the portable scan instead, or [`NO_AVX512`] to
/// run the byte table's 16-byte loops (`simd.rs`) as a processor without
/// AVX-512 does.
pub(super) fn available() -> bool {
    #[cfg(test)]
    if super::simd::PORTABLE.get() || NO_AVX512.get() {
        return false;
    }
    std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512bw")
}

#[cfg(test)]
thread_local! {
    /// Set by a test to leave AVX-512 out on this thread.
    pub(super) static NO_AVX512: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Scans the pairs `small[i] ^ big[i]` of the first `blocks` ranges of `next`
/// for the `missing` values set in `wanted` (all below [`LIMIT`]), clearing
/// those seen and setting their bytes in `in_sum` (when it holds them: it
/// may be empty); returns how many are still missing.
///
/// # Safety
/// AVX-512 F and BW are available ([`available`]), `small` and `big` are at
/// least as long as every range's end, and `wanted` has a byte for every
/// value below [`LIMIT`] or is a multiple of 64 bytes long, every wanted
/// value in it.
#[target_feature(enable = "avx512f,avx512bw")]
pub(super) unsafe fn scan(
    small: &[u16],
    big: &[u16],
    blocks: usize,
    next: &mut impl Iterator<Item = Range<usize>>,
    wanted: &mut [u8],
    in_sum: &mut [u8],
    missing: usize,
) -> usize {
    match wanted.len() <= NARROW {
        // SAFETY: the caller's promises.
        true => unsafe { scan_with::<false>(small, big, blocks, next, wanted, in_sum, missing) },
        false => unsafe { scan_with::<true>(small, big, blocks, next, wanted, in_sum, missing) },
    }
}

/// [`scan`], with the set's upper registers read when `WIDE`.
///
/// # Safety
/// As for [`scan`]; without `WIDE`, `wanted` holds no value from
/// [`NARROW`] on.
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn scan_with<const WIDE: bool>(
    small: &[u16],
    big: &[u16],
    blocks: usize,
    next: &mut impl Iterator<Item = Range<usize>>,
    wanted: &mut [u8],
    in_sum: &mut [u8],
    mut missing: usize,
) -> usize {
    // The words that may hold a wanted value.
    let chunks = (wanted.len() / 64).min(LIMIT / 64);
    // SAFETY: 64 bytes from 64·chunk < wanted.len() for each chunk read.
    let mut set = unsafe { Set::from_bytes(wanted, chunks) };
    let mut left = blocks;
    let pairs = Pairs { small, big };
    while left > 0 && missing > 0 {
        // SAFETY: the caller's promise on the ranges. (Comparing with the
        // last two values instead of the lookup was slower.)
        let next_hits = unsafe { find::<WIDE>(&pairs, &set, next, &mut left) };
        let Some((ranges, hit)) = next_hits else {
            break;
        };
        let hits: u32 = hit.iter().map(|h| h.count_ones()).sum();
        for (b, mut hit) in hit.into_iter().enumerate() {
            while hit != 0 {
                // Read again from the tables (`find` keeps no copy of its
                // registers).
                let i = ranges[b].start + hit.trailing_zeros() as usize;
                let value = (small[i] ^ big[i]) as usize;
                hit &= hit - 1;
                // SAFETY: a hit is a wanted value, and the caller promised
                // a byte for each.
                unsafe { *wanted.get_unchecked_mut(value) = 0 };
                if let Some(found) = in_sum.get_mut(value) {
                    *found = 1;
                }
                if hits <= FEW_HITS {
                    // A value given twice is counted once.
                    missing -= set.remove(value) as usize;
                }
            }
        }
        if hits > FEW_HITS {
            // SAFETY: as above.
            set = unsafe { Set::from_bytes(wanted, chunks) };
            missing = set.len();
        }
    }
    // Every value seen left `wanted` as it was seen.
    missing
}

/// The wanted values (below [`LIMIT`]) as bits in four registers, two for
/// each 1,024 values: bit v of u64 lane v / 64 % 8 of register v / 512
/// (`vpermi2w` reads the same bits of a pair of registers as 64 u16 words,
/// bit v of word v / 16). Kept in registers: a bit set in memory chained
/// each hit's read-modify-write to the previous one's store, and a
/// register's load of words just stored waits for the stores.
struct Set {
    regs: [__m512i; LIMIT / 512],
}

impl Set {
    /// The values whose byte in `wanted` is not 0, in the first `chunks`
    /// 64-byte chunks.
    ///
    /// # Safety
    /// AVX-512 F and BW are available; `64 · chunks ≤ wanted.len()`.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw")]
    unsafe fn from_bytes(wanted: &[u8], chunks: usize) -> Set {
        let mut regs = [_mm512_setzero_si512(); LIMIT / 512];
        for chunk in 0..chunks.min(LIMIT / 64) {
            // SAFETY: the caller's promise.
            let word = unsafe { nonzero_bytes(wanted.as_ptr().add(64 * chunk)) };
            let reg = &mut regs[chunk / 8];
            *reg = _mm512_mask_set1_epi64(*reg, 1 << (chunk % 8), word as i64);
        }
        Set { regs }
    }

    /// Takes `v` (below [`LIMIT`]) out; whether it was there.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw")]
    fn remove(&mut self, v: usize) -> bool {
        let bit = _mm512_set1_epi64(1 << (v % 64));
        let lane = 1 << (v / 64 % 8);
        let reg = &mut self.regs[v / 512 % (LIMIT / 512)];
        let had = _mm512_mask_test_epi64_mask(lane, *reg, bit) != 0;
        *reg = _mm512_mask_andnot_epi64(*reg, lane, bit, *reg);
        had
    }

    /// How many values the set holds.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw")]
    fn len(&self) -> usize {
        let count = |v: __m512i| {
            let mut words = [0u64; 8];
            // SAFETY: 8 words, a register's worth.
            unsafe { _mm512_storeu_si512(words.as_mut_ptr().cast(), v) };
            words.iter().map(|w| w.count_ones() as usize).sum::<usize>()
        };
        self.regs.iter().map(|&r| count(r)).sum()
    }
}

/// The two slices a scan reads.
struct Pairs<'a> {
    small: &'a [u16],
    big: &'a [u16],
}

/// Reads the ranges of `next`, [`TOGETHER`] at a time, until some hit
/// (then those ranges and their hits) or `left` is 0.
///
/// # Safety
/// AVX-512 F and BW are available; `small` and `big` are at least as long
/// as every range's end.
#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn find<const WIDE: bool>(
    pairs: &Pairs,
    set: &Set,
    next: &mut impl Iterator<Item = Range<usize>>,
    left: &mut usize,
) -> Option<([Range<usize>; TOGETHER], [u64; TOGETHER])> {
    // A block's 64 pairs are two registers, with one branch for both: most
    // blocks give no wanted value, and those that do are hard to predict.
    while *left > 0 {
        // A loop, not `array::from_fn`, which was a call per register pair.
        let mut ranges: [Range<usize>; TOGETHER] = [const { 0..0 }; TOGETHER];
        for range in ranges.iter_mut().take(*left) {
            *range = next.next().unwrap_or(0..0);
        }
        *left -= (*left).min(TOGETHER);
        let mut hit = [0u64; TOGETHER];
        for (b, range) in ranges.iter().enumerate() {
            let count = range.len().min(64);
            let lanes = match count {
                64 => u64::MAX,
                _ => (1u64 << count) - 1,
            };
            for half in 0..2 {
                let lanes = (lanes >> (32 * half)) as u32;
                let at = range.start + 32 * half;
                // SAFETY: lanes past the range's end are neither read nor
                // written, and the caller promised every range's end ≤ len
                // for both slices. The address is made with wrapping_add:
                // past a short range (or for an empty one) it may lie
                // beyond the slice, where `add` would be undefined even
                // with every lane masked out.
                let (x, y) = unsafe {
                    (
                        _mm512_maskz_loadu_epi16(
                            lanes,
                            pairs.small.as_ptr().wrapping_add(at).cast(),
                        ),
                        _mm512_maskz_loadu_epi16(lanes, pairs.big.as_ptr().wrapping_add(at).cast()),
                    )
                };
                let x = _mm512_xor_si512(x, y);
                hit[b] |= u64::from(lookup_hits::<WIDE>(set, lanes, x)) << (32 * half);
            }
        }
        if hit.iter().any(|&h| h != 0) {
            return Some((ranges, hit));
        }
    }
    None
}

#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
fn lookup_hits<const WIDE: bool>(set: &Set, lanes: u32, v: __m512i) -> u32 {
    // A pair with a rare heap carries its mark (0x4000 or more), so it is
    // past the limit, as are the lanes masked out.
    let limit = if WIDE { LIMIT } else { NARROW };
    let inside = _mm512_mask_cmplt_epu16_mask(lanes, v, _mm512_set1_epi16(limit as i16));
    // vpermi2w reads the index's low 6 bits: the word v / 16 % 64.
    let index = _mm512_srli_epi16::<4>(v);
    let mut word = _mm512_permutex2var_epi16(set.regs[0], index, set.regs[1]);
    if WIDE {
        let upper = _mm512_permutex2var_epi16(set.regs[2], index, set.regs[3]);
        let high = _mm512_test_epi16_mask(v, _mm512_set1_epi16(NARROW as i16));
        word = _mm512_mask_blend_epi16(high, word, upper);
    }
    let bit = _mm512_srlv_epi16(word, _mm512_and_si512(v, _mm512_set1_epi16(15)));
    _mm512_mask_test_epi16_mask(inside, bit, _mm512_set1_epi16(1))
}

/// Bit i set for each of the 64 bytes from `p` that is not 0.
///
/// # Safety
/// 64 bytes readable from `p`.
#[target_feature(enable = "avx512f,avx512bw")]
pub(super) unsafe fn nonzero_bytes(p: *const u8) -> u64 {
    // SAFETY: the caller's promise.
    let bytes = unsafe { _mm512_loadu_si512(p.cast()) };
    _mm512_test_epi8_mask(bytes, bytes)
}

/// The rare walk of a block of [`LANES`] heaps `m0 + j` (see [`walk_block`]).
pub(super) struct Block {
    /// Values reached by the recorded rare heaps, a row per sum: the first
    /// LANES + the takes' spread of LANES + SPREAD (made when first
    /// needed).
    rows: Option<Rows>,
    /// Rare heaps recorded: the offset `o = r + k` for the largest take k
    /// (the split of sum `m0 − k + i` with rare heap r reads heap
    /// `m0 − o + i`) and the rare heap's value.
    pub(super) recorded: Vec<(u32, u32)>,
    /// For each take k that splits, the largest less k: heap `m0 + j`'s
    /// sums are those of rows `j + takes[t]`.
    pub(super) takes: Vec<usize>,
    /// Pairs checked against the candidates: the offset and the rare heap's
    /// value, written twice (`u | u << 16`).
    pub(super) checked: Vec<(u32, u32)>,
    /// The checked pairs' rare heaps' values packed (`packed.rs`), for a
    /// walk on the packed values.
    pub(super) checked_packed: Vec<u8>,
    /// The recorded rare heaps' values packed, likewise.
    pub(super) recorded_packed: Vec<u8>,
    /// `common` packed, for each class (see [`PackedCommon`]).
    pub(super) packed_common: [PackedCommon; 2],
    /// Rows of the packed values reached, as `rows`, for the blocks whose
    /// windows hold no rare heap.
    packed_rows: Option<Box<[[u8; 256]; LANES + SPREAD]>>,
    /// `cand[c][j]`: heap `m0 + j`'s candidates (see [`Walked::cand`]).
    cand: [[u16; LANES]; CANDIDATES],
    /// The candidates packed two to a register: `cand[2i][j]` at
    /// `packed_cand[i][j]`, `cand[2i + 1][j]` at `packed_cand[i][LANES + j]`.
    packed_cand: [[u8; 2 * LANES]; CANDIDATES / 2],
    /// Bit j of `hit[c]`: a checked pair of heap `m0 + j` gives `cand[c][j]`.
    hit: [u32; CANDIDATES],
    /// The common values below the bound, as bits: `common[0]` those of
    /// the values' classes, `common[1]` the other class, the common values
    /// of the heaps whose classes are flipped (a sparse space with the
    /// heap's parity, `SparseTable::flips`).
    pub(super) common: [[u64; WALK_LIMIT / 64]; 2],
    /// Bit j: heap `m0 + j`'s classes are flipped.
    pub(super) flipped: u32,
    /// What the lists and `common` were made for: the rare heaps walked
    /// (indices in the rare list), the mask and the heap's parity, the
    /// bound and the share of rare heaps recorded.
    pub(super) key: (Range<usize>, u16, Option<u8>, usize, Share),
    /// The lists' smallest and largest offsets (`u32::MAX` and 0 when
    /// they are empty).
    pub(super) offsets: (u32, u32),
}

impl Default for Block {
    fn default() -> Self {
        Block {
            rows: None,
            recorded: Vec::new(),
            takes: vec![0],
            checked: Vec::new(),
            checked_packed: Vec::new(),
            recorded_packed: Vec::new(),
            packed_common: [PackedCommon::default(); 2],
            packed_rows: None,
            cand: [[u16::MAX; LANES]; CANDIDATES],
            packed_cand: [[0; 2 * LANES]; CANDIDATES / 2],
            hit: [0; CANDIDATES],
            common: [[0; WALK_LIMIT / 64]; 2],
            flipped: 0,
            key: (0..0, 0, None, 0, Share::default()),
            offsets: (u32::MAX, 0),
        }
    }
}

// Candidates go two to a register on the packed values.
const _: () = assert!(CANDIDATES.is_multiple_of(2));

/// Takes that split a block walks its sums for: from the least to the
/// largest, at most this many apart (an octal code's takes run from 0,
/// `4.`…, to 16: `rule::MAX_DIGITS`, not imported, since this folder
/// builds on its own in scripts/grundy-wasm-bench.mjs).
pub(super) const SPREAD: usize = 16;

/// A class's common values below the bound and 512, for a walk on the
/// packed values (see [`record_packed`]).
#[derive(Debug, Clone, Copy)]
pub(super) struct PackedCommon {
    /// Those below 512, packed: bit p % 64 of word p / 64.
    pub(super) bits: [u64; 4],
    /// The value of each packed one (`u16::MAX` for none).
    pub(super) values: [u16; 256],
}

impl Default for PackedCommon {
    fn default() -> Self {
        PackedCommon {
            bits: [0; 4],
            values: [u16::MAX; 256],
        }
    }
}

/// A block's rows, one for each of its sums (see [`walk_block`]): narrow
/// while the values stay below [`NARROW_WALK`], wide once they pass it (for
/// good: the largest value never falls).
enum Rows {
    Narrow(Box<[[u8; NARROW_WALK]; LANES + SPREAD]>),
    Wide(Box<[[u8; WIDE_ROW]; LANES + SPREAD]>),
}

impl Block {
    /// What the walk found for heap `m0 + j`, which walked the rare heaps
    /// `rare` (indices in the rare list).
    pub(super) fn lane(&self, j: usize, rare: Range<usize>) -> Walked {
        Walked {
            rare,
            cand: core::array::from_fn(|c| self.cand[c][j]),
            hit: (0..CANDIDATES).fold(0, |bits, c| bits | (self.hit[c] >> j & 1) << c),
        }
    }
}

/// Walks the rare heaps of `block.recorded` and the pairs of
/// `block.checked` for the heaps `m0..m0 + LANES`: each checked pair of
/// offset `o` gives heap `m0 + j` the value `u ^ g[m0 + j − o]`, read for
/// the 32 heaps from one window of `g`.
///
/// A recorded rare heap (half of them, or more: [`Share`]) marks every
/// value it gives in the rows of the block's sums, the tokens a take that
/// splits leaves: from m0 − k for the largest take k, LANES + the takes'
/// spread of them, each split by several heaps of the block (0.564, takes
/// 1 to 3: 34 stores a recorded rare heap where there were 96, one for
/// each heap and take). A heap's reached values are those of its sums' rows
/// (`block.takes`). Its [`CANDIDATES`] smallest common values still
/// unreached (`block.common` of its classes, below `bound`) are then
/// compared with every checked pair's value, a register of 32 heaps at a
/// time: a xor of three (window, value, candidate) and a minimum per
/// candidate, a zero at the end being a hit. That replaces a store per pair
/// by a fraction of an instruction.
///
/// While every value is below 512, `packed` holds them a byte each
/// (`packed.rs`) and the checked pairs read those, two candidates a
/// register ([`check_packed`]); a block whose windows hold no rare heap
/// records on them too ([`record_packed`]).
///
/// From one call to the next with the same `block`, `limit` never falls:
/// the rows are cleared below it only (the table's largest value never
/// falls either).
///
/// # Safety
/// AVX-512 F and BW are available ([`available`]); every offset `o` has
/// `o ≤ m0 ≤ g.len()`, a checked one `LANES ≤ o` and a recorded one
/// `LANES + spread ≤ o` (the spread: `block.takes`' largest, at most
/// [`SPREAD`]); every value of `g[..m0]` and every rare heap's value `u` of
/// the block's lists is below `limit`, a power of two at most
/// `WALK_LIMIT`; `packed`, if any, holds the values of `g[..m0]` packed,
/// and `block.checked_packed` the checked pairs' values packed alike; with
/// `rare_free`, no heap of the windows is rare.
///
/// Returns which rows ran.
#[target_feature(enable = "avx512f,avx512bw")]
pub(super) unsafe fn walk_block(
    block: &mut Block,
    g: &[u16],
    m0: usize,
    bound: usize,
    limit: usize,
    packed: Option<&super::packed::Windows>,
    rare_free: bool,
) -> RowsRan {
    debug_assert!(limit.is_power_of_two() && limit <= WALK_LIMIT);
    if let Some(packed) = packed.filter(|_| rare_free) {
        // SAFETY: the caller's promises; no window holds a rare heap.
        unsafe {
            record_packed(block, packed, m0);
            check_packed::<false>(block, packed, m0);
        }
        return RowsRan::Packed;
    }
    let mut rows = match block.rows.take() {
        Some(Rows::Narrow(_)) | None if limit > NARROW_WALK => {
            Rows::Wide(Box::new([[0; WIDE_ROW]; LANES + SPREAD]))
        }
        Some(rows) => rows,
        None => Rows::Narrow(Box::new([[0; NARROW_WALK]; LANES + SPREAD])),
    };
    // SAFETY: the caller's promises, the values below NARROW_WALK for the
    // narrow rows (the wide ones only are made past it).
    match &mut rows {
        Rows::Narrow(rows) => unsafe { walk_rows(block, rows, g, m0, bound, limit, packed) },
        Rows::Wide(rows) => unsafe { walk_rows(block, rows, g, m0, bound, limit, packed) },
    }
    let ran = match rows {
        Rows::Narrow(_) => RowsRan::Narrow,
        Rows::Wide(_) => RowsRan::Wide,
    };
    block.rows = Some(rows);
    ran
}

/// The rows a block's walk recorded its rare heaps in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RowsRan {
    /// The packed values' (see `record_packed`).
    Packed,
    /// Those of the values below [`NARROW_WALK`].
    Narrow,
    /// Those past it.
    Wide,
}

/// [`walk_block`] with rows of `ROW` bytes.
///
/// # Safety
/// As for [`walk_block`], those values below `ROW` rounded down to a power
/// of two; `ROW` is a multiple of 64.
#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn walk_rows<const ROW: usize>(
    block: &mut Block,
    seen: &mut [[u8; ROW]; LANES + SPREAD],
    g: &[u16],
    m0: usize,
    bound: usize,
    limit: usize,
    packed: Option<&super::packed::Windows>,
) {
    let bound = bound.min(ROW).min(WALK_LIMIT);
    // The block's sums: m0 − k for the largest take k, and the LANES +
    // spread − 1 after it.
    let spread = block.takes.iter().copied().max().unwrap_or(0);
    let sums = LANES + spread;
    // Every value marked is below `limit`, here and in the rows' earlier
    // blocks (see `walk_block`): from it on the rows stay 0, and they are
    // cleared below it, P rather than 2P + 1 where the rows hold that much.
    for row in seen[..sums].iter_mut() {
        row[..limit.min(bound)].fill(0);
    }
    let Some((head, tail)) = seen.split_first_chunk_mut::<LANES>() else {
        unreachable!("LANES + SPREAD rows")
    };
    for &(o, u) in &block.recorded {
        let start = m0 - o as usize;
        // SAFETY: the caller's promise: start + LANES + spread ≤ m0 ≤
        // g.len().
        let window = unsafe { g.get_unchecked(start..start + sums) };
        let Some((first, rest)) = window.split_first_chunk::<LANES>() else {
            unreachable!("sums ≥ LANES")
        };
        // The first LANES rows apart, a loop of known length the compiler
        // unrolls: all the rows of a rule with one take.
        for (row, &x) in head.iter_mut().zip(first) {
            // SAFETY: values below a power of two at most ROW, so their
            // xor too.
            unsafe { *row.get_unchecked_mut((u32::from(x) ^ u) as usize) = 1 };
        }
        for (row, &x) in tail.iter_mut().zip(rest) {
            // SAFETY: as above.
            unsafe { *row.get_unchecked_mut((u32::from(x) ^ u) as usize) = 1 };
        }
    }
    for j in 0..LANES {
        let common = &block.common[(block.flipped >> j & 1) as usize];
        // Past the bound the rows' rest is not read.
        let common = &common[..bound.div_ceil(64).min(common.len())];
        // SAFETY: 64 bytes from 64·chunk < bound ≤ ROW, in rows j + t <
        // LANES + spread.
        unsafe { draw_candidates(&mut block.cand, j, seen, &block.takes, common, |v| v as u16) };
    }
    if let Some(packed) = packed {
        // SAFETY: the caller's promises (a window may hold a rare heap:
        // `walk_block` took the others).
        unsafe { check_packed::<true>(block, packed, m0) };
        return;
    }
    // SAFETY: each row is 32 u16.
    let cand: [__m512i; CANDIDATES] =
        core::array::from_fn(|c| unsafe { _mm512_loadu_si512(block.cand[c].as_ptr().cast()) });
    let mut least = [_mm512_set1_epi16(-1); CANDIDATES];
    for &(o, u) in &block.checked {
        let start = m0 - o as usize;
        // SAFETY: the caller's promise, as above.
        let window = unsafe { _mm512_loadu_si512(g.as_ptr().add(start).cast()) };
        let value = _mm512_set1_epi32(u as i32);
        for (least, &cand) in least.iter_mut().zip(&cand) {
            // 0x96: a ^ b ^ c.
            let differ = _mm512_ternarylogic_epi32::<0x96>(window, value, cand);
            *least = _mm512_min_epu16(*least, differ);
        }
    }
    for (hit, least) in block.hit.iter_mut().zip(least) {
        *hit = _mm512_cmpeq_epi16_mask(least, _mm512_setzero_si512());
    }
}

/// The recorded rare heaps of [`walk_rows`] on the packed values, for a
/// block whose windows hold no rare heap: a pair's packed xor is then its
/// value's packing, rows of 256 bytes take them, and each heap's
/// candidates are read off its rows in the packed order, which is the
/// values' within a class. None is listed from 512 on: while every value
/// is below 512 no move reaches one, so a heap whose listed candidates are
/// all reached has a value of 512 or more, and walks again alone, as any
/// heap whose candidates are all reached (the u16 rows would list one
/// past 512, and `Walked::odd_mex` take it: the same value).
///
/// # Safety
/// As for [`walk_block`]; no heap of the windows is rare, the packed
/// values are those of `g[..m0]`, and `block.recorded_packed` and
/// `block.packed_common` are made with the same mask.
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn record_packed(block: &mut Block, packed: &super::packed::Windows, m0: usize) {
    let rows = block
        .packed_rows
        .get_or_insert_with(|| Box::new([[0; 256]; LANES + SPREAD]));
    let spread = block.takes.iter().copied().max().unwrap_or(0);
    let sums = LANES + spread;
    for row in rows[..sums].iter_mut() {
        row.fill(0);
    }
    let Some((head, tail)) = rows.split_first_chunk_mut::<LANES>() else {
        unreachable!("LANES + SPREAD rows")
    };
    debug_assert_eq!(block.recorded.len(), block.recorded_packed.len());
    for (&(o, _), &u) in block.recorded.iter().zip(&block.recorded_packed) {
        let start = m0 - o as usize;
        // SAFETY: the caller's promise: start + LANES + spread ≤ m0, and
        // the packed values are as many as `g[..m0]`.
        let window = unsafe { packed.values.get_unchecked(start..start + sums) };
        let Some((first, rest)) = window.split_first_chunk::<LANES>() else {
            unreachable!("sums ≥ LANES")
        };
        for (row, &x) in head.iter_mut().zip(first) {
            row[(x ^ u) as usize] = 1;
        }
        for (row, &x) in tail.iter_mut().zip(rest) {
            row[(x ^ u) as usize] = 1;
        }
    }
    for j in 0..LANES {
        let common = &block.packed_common[(block.flipped >> j & 1) as usize];
        // SAFETY: 64 bytes from 64·chunk < 256, in rows j + t < LANES +
        // spread.
        unsafe {
            draw_candidates(
                &mut block.cand,
                j,
                &rows[..],
                &block.takes,
                &common.bits,
                |p| common.values[p],
            )
        };
    }
}

/// Draws heap `m0 + j`'s candidates into `cand`: the values `value(v)` of
/// the bits v of `common` (bit v % 64 of word v / 64) that no row of its
/// sums marks (`rows[j + t]` for each t of `takes`), in increasing order,
/// [`CANDIDATES`] at most, `u16::MAX` past the last. With every candidate
/// drawn, the rows' rest is not read.
///
/// # Safety
/// AVX-512 F and BW are available, and each row `j + t` holds at least
/// `64 * common.len()` bytes.
#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn draw_candidates<const ROW: usize>(
    cand: &mut [[u16; LANES]; CANDIDATES],
    j: usize,
    rows: &[[u8; ROW]],
    takes: &[usize],
    common: &[u64],
    value: impl Fn(usize) -> u16,
) {
    let mut c = 0;
    for (chunk, &common) in common.iter().enumerate() {
        if c == CANDIDATES {
            break;
        }
        let mut reached = 0;
        for &t in takes {
            // SAFETY: the caller's promise.
            reached |= unsafe { nonzero_bytes(rows[j + t].as_ptr().add(64 * chunk)) };
        }
        let mut open = common & !reached;
        while open != 0 && c < CANDIDATES {
            cand[c][j] = value(64 * chunk + open.trailing_zeros() as usize);
            open &= open - 1;
            c += 1;
        }
    }
    for slot in cand[c..].iter_mut() {
        slot[j] = u16::MAX;
    }
}

/// The checked pairs of [`walk_rows`] on the packed values: a byte a heap,
/// two candidates in a register, half the instructions of the u16 ones.
/// Packing merges a value with the one of the other class it differs from
/// by the mask's lowest bit: a pair with a rare heap, whose value is of the
/// other class, may pack like a candidate, and its lane is left out when
/// `RARE` (else no window holds a rare heap, and no lane is).
///
/// # Safety
/// As for [`walk_block`]; the packed values are those of `g[..m0]`, and
/// `block.checked_packed` those of `block.checked`; without `RARE`, no heap
/// of the windows is rare.
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn check_packed<const RARE: bool>(
    block: &mut Block,
    packed: &super::packed::Windows,
    m0: usize,
) {
    // A candidate past the packed values' limit is no pair's value, but
    // its packing may be: its lane never hits.
    let mut past = [0u32; CANDIDATES];
    for (i, pair) in block.packed_cand.iter_mut().enumerate() {
        for j in 0..LANES {
            for (half, c) in [2 * i, 2 * i + 1].into_iter().enumerate() {
                let v = block.cand[c][j] as usize;
                pair[half * LANES + j] = packed.pack(v);
                past[c] |= u32::from(v >= super::packed::LIMIT) << j;
            }
        }
    }
    // SAFETY: each row is 64 bytes.
    let cand: [__m512i; CANDIDATES / 2] = core::array::from_fn(|c| unsafe {
        _mm512_loadu_si512(block.packed_cand[c].as_ptr().cast())
    });
    let mut least = [_mm512_set1_epi8(-1); CANDIDATES / 2];
    debug_assert_eq!(block.checked.len(), block.checked_packed.len());
    for (&(o, _), &u) in block.checked.iter().zip(&block.checked_packed) {
        let start = m0 - o as usize;
        debug_assert!(start + LANES <= packed.values.len());
        // SAFETY: the caller's promise, as for the u16 windows.
        let window = unsafe {
            _mm512_broadcast_i64x4(_mm256_loadu_si256(packed.values.as_ptr().add(start).cast()))
        };
        let keep = match RARE {
            true => u64::from(!packed.rare32(start)) * 0x1_0000_0001,
            false => u64::MAX,
        };
        let value = _mm512_set1_epi8(u as i8);
        for (least, &cand) in least.iter_mut().zip(&cand) {
            // 0x96: a ^ b ^ c.
            let differ = _mm512_ternarylogic_epi32::<0x96>(window, value, cand);
            *least = _mm512_mask_min_epu8(*least, keep, *least, differ);
        }
    }
    for ((pair, past), least) in block
        .hit
        .chunks_exact_mut(2)
        .zip(past.chunks_exact(2))
        .zip(least)
    {
        let zero = _mm512_cmpeq_epi8_mask(least, _mm512_setzero_si512());
        pair[0] = zero as u32 & !past[0];
        pair[1] = (zero >> 32) as u32 & !past[1];
    }
}

#[cfg(test)]
mod tests {
    use super::super::packed::{self, Packed};
    use super::*;
    use crate::rng::Rng;

    /// The checked pairs on the packed values against a plain check of the
    /// u16 ones, on made-up blocks: values below 512 under masks whose
    /// lowest bit is 0 to 8, rare heaps in the windows or none (a pair of
    /// two gives a value of the other class, which may pack like a
    /// candidate), candidates of the pairs' class below 1,024 (past the
    /// packed values' limit too), `u16::MAX`, or values some pair gives.
    #[test]
    fn packed_checked_pairs_hit_what_a_plain_check_hits() {
        if !packed::available() {
            eprintln!("no AVX-512 VBMI here: the packed walk is not checked");
            return;
        }
        let mut rng = Rng::new(35);
        let mut hits = [0; 2];
        for case in 0..300 {
            let drop = (rng.next_u64() % 9) as u32;
            let mask = ((rng.next_u64() as u16) | 0x8000) & !((1u16 << drop) - 1) | 1 << drop;
            let odd = |v: u64| (v as u16 & mask).count_ones() % 2 == 1;
            let draw = |rng: &mut Rng, class: bool, below: u64| loop {
                let v = rng.next_u64() % below;
                if odd(v) == class {
                    break v as u16;
                }
            };
            let m0 = LANES + (rng.next_u64() % 2000) as usize;
            let rare: Vec<bool> = (0..m0)
                .map(|x| x > 0 && case % 3 != 0 && rng.next_u64().is_multiple_of(8))
                .collect();
            let g: Vec<u16> = (0..m0).map(|x| draw(&mut rng, rare[x], 512)).collect();
            let rare_list: Vec<u32> = (0..m0 as u32).filter(|&x| rare[x as usize]).collect();
            let table = Packed::new(mask, &g, &rare_list, m0 + 64).expect("values below 512");
            let windows = table.windows();
            let mut block = Block::default();
            for _ in 0..1 + rng.next_u64() % 40 {
                let o = LANES + (rng.next_u64() % (m0 - LANES) as u64) as usize;
                let u = draw(&mut rng, true, 512);
                block
                    .checked
                    .push((o as u32, u32::from(u) | u32::from(u) << 16));
                block.checked_packed.push(packed::pack(u as usize, drop));
            }
            let offsets = block.checked.iter().map(|&(o, _)| o);
            block.offsets = (offsets.clone().min().unwrap(), offsets.max().unwrap());
            let pair = |j: usize, &(o, u): &(u32, u32)| {
                let h = m0 + j - o as usize;
                (u as u16 ^ g[h], rare[h])
            };
            for c in 0..CANDIDATES {
                for j in 0..LANES {
                    let k = (rng.next_u64() % block.checked.len() as u64) as usize;
                    // The checked pairs' class: a rare heap's value (odd)
                    // and a common one's (even).
                    block.cand[c][j] = match (rng.next_u64() % 4, pair(j, &block.checked[k])) {
                        (0, _) => u16::MAX,
                        (1, (v, false)) => v,
                        _ => draw(&mut rng, true, 1024),
                    };
                }
            }
            // SAFETY: AVX-512 is here, the windows lie in `g`, the packed
            // values are `g`'s and the checked ones the pairs'.
            unsafe {
                match rare.contains(&true) {
                    true => check_packed::<true>(&mut block, &windows, m0),
                    false => check_packed::<false>(&mut block, &windows, m0),
                }
            };
            for c in 0..CANDIDATES {
                for j in 0..LANES {
                    let plain = (block.checked.iter().map(|p| pair(j, p)))
                        .any(|(v, rare)| !rare && v == block.cand[c][j]);
                    assert_eq!(block.hit[c] >> j & 1 == 1, plain, "case {case}, {c}, {j}");
                    hits[usize::from(plain)] += 1;
                }
            }
        }
        // Both answers, often.
        assert!(hits.iter().all(|&h| h > 10_000), "{hits:?}");
    }
}
