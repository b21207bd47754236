//! Grundy values of single heaps: G(n) = mex{ G(a) xor G(n−a) : 1 ≤ a < n−a }.
//!
//! [`GrundyTable`] computes them with the sparse-space method, a block of
//! heaps at a time over one-byte values (with wasm SIMD in the browser), the
//! few values of 256 and more kept apart; it computes an octal rule's values
//! too ([`GrundyTable::for_shape`]), with its few values past a byte kept
//! apart the same way (natively and in the study module) and the heap's
//! parity joined to the mask where its space needs it. [`SparseTable`]
//! is the previous heap-at-a-time method for every rule that splits heaps,
//! over u16 values (an octal rule's whose values past a byte crowd, and, as
//! [`ReferenceTable`],
//! Grundy's, the reference the block method is checked and benchmarked
//! against); [`plain_values`] is the plain quadratic loop.
//!
//! Files: `scan.rs` holds the scan of a heap's splits for the rare values,
//! `simd.rs` the wasm SIMD versions of the hot loops (natively too, with
//! AVX2), `bytes512.rs` AVX-512 versions of two of them (natively, when the
//! processor has it), `wide.rs` the values past a byte, `sparse.rs` the
//! previous method, for any rule (its AVX-512 loops in `avx512.rs`),
//! `small.rs` the table of rules whose values stay below 64 with few rare
//! heaps (natively; its AVX-512 scan in `small512.rs`).

#[cfg(target_arch = "x86_64")]
mod avx512;
#[cfg(target_arch = "x86_64")]
mod bytes512;
#[cfg(target_arch = "x86_64")]
mod packed;
mod scan;
#[cfg(any(target_arch = "wasm32", target_arch = "x86_64"))]
mod simd;
#[cfg(not(target_arch = "wasm32"))]
mod small;
#[cfg(target_arch = "x86_64")]
mod small512;
mod sparse;
mod sums;
mod wide;
#[cfg(target_arch = "x86_64")]
mod x86;

use scan::Wanted;
#[cfg(not(target_arch = "wasm32"))]
pub use small::SmallTable;
pub use sparse::{ReferenceTable, Shape, SparseTable, Stopped, VALUE_LIMIT};
use std::ops::Range;

/// The plain O(n²) computation of G(0..=n), kept as the independent reference
/// the sparse-space table is checked against (and used by the lab).
pub fn plain_values(n: u32) -> Vec<u16> {
    let n = n as usize;
    let mut g = vec![0u16; n + 1];
    let mut seen = Vec::new();
    for m in 3..=n {
        seen.clear();
        for small in 1..=(m - 1) / 2 {
            let v = (g[small] ^ g[m - small]) as usize;
            if v >= seen.len() {
                seen.resize(v + 1, false);
            }
            seen[v] = true;
        }
        g[m] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u16;
    }
    g
}

/// Heaps between two re-choices of the rare/common split (and progress calls).
const CHUNK: u32 = 1 << 16;

/// Heaps computed together. For heap m0 + j of a block starting at m0, the
/// split (r, m0 + j − r) with r ≥ BLOCK reads only heaps below m0, so the
/// walk over the long rare list reads one window of BLOCK known values per
/// rare heap for the whole block instead of one scattered value per heap.
const BLOCK: usize = 64;

/// Values are kept in one byte while they are below this (true for every heap
/// below [`FIRST_WIDE_HEAP`] and all but that one below 2^24); the others are
/// kept apart (see `wide.rs`).
const BYTE_LIMIT: u16 = 256;

/// Whether an octal rule's values of 256 and more are kept apart as
/// Grundy's are (natively and in the study module): otherwise, in the games
/// module, which has no room for it, the table stops before the first one
/// and its caller goes on with the u16 table.
const OCTAL_WIDE: bool = cfg!(any(feature = "study", feature = "cli"));

/// The first heap whose value does not fit in a byte (G = 256).
pub const FIRST_WIDE_HEAP: u32 = 7_250_049;

/// A heap's cost grows slowly with its size (its scan finds the values it
/// looks for a little later): heap m costs about 1 + m / 2^WORK_GROWTH of a
/// small one (measured in wasm: 0.86 µs a heap just past 2^19, 1.05 µs just
/// below 2^24; the heap of 256 changes nothing, see `wide.rs`).
const WORK_GROWTH: u32 = 26;

/// The work of computing G(0..=n), in small heaps: what a progress bar and
/// its time estimate should follow (the sum of 1 + m / 2^WORK_GROWTH for
/// m ≤ n), so that the rate measured early on holds to the end.
pub fn work_to(n: u32) -> u64 {
    let n = u64::from(n);
    n + n * n / (2 << WORK_GROWTH)
}

/// Computation stopped by the progress callback.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cancelled;

/// G(0..=n) for Grundy's game, computed with the sparse-space method.
///
/// Values are split into two classes by the parity of `value & mask`: with a
/// well-chosen mask almost every heap has an "odd" (common) value and only
/// 1274 heaps have an "even" (rare) one, the largest 82,860 (none more up to
/// 2^24 at least).
/// Since the parity of `x ^ y` is the xor of the parities,
/// - an odd value can only come from a pair (rare heap, common heap), so all
///   the odd values reachable from `m` come from walking the short rare list
///   (the "rare walk");
/// - an even value comes from (common, common) pairs, which produce even
///   values all the time, so the even values below the smallest missing odd
///   value are all seen after a short scan of the splits, and G(m) is that
///   odd value. Only when some even value is never produced (G(m) is then
///   rare) does the scan run to the end.
///
/// What makes it fast (the README has the figures):
/// - values are stored in one byte: all are below 256 up to heap 7,250,048,
///   and the few that are not (one below 2^24, G(7,250,049) = 256) are kept
///   apart, with the heaps whose splits meet them (see `wide.rs`);
/// - the rare walk is done for a block of [`BLOCK`] consecutive heaps at once
///   (see there): for each rare heap, one contiguous window of known values
///   serves the whole block, 16 heaps per vector. A quarter of the rare
///   heaps record every value they produce in a 256-byte table per heap;
///   against another quarter only the [`FIRST_CANDIDATES`] smallest common
///   values the record left unseen are compared, and against the other half
///   only the first [`CANDIDATES`] of those still unreached (the answer is
///   among them for all but about 0.4% of heaps, which walk the compared
///   rare heaps in full);
/// - the scan records the values of its first groups of 16 splits without
///   looking (`scan::mark_first`), then reads the rest a group at a time,
///   spread over the whole range (see `scan::Order`), comparing each group
///   at once against the few values still wanted.
///
/// The mask is not typed in: it is re-chosen from the values computed so far
/// (the one leaving the fewest rare heaps) at powers of two and every
/// [`CHUNK`] heaps. Any mask gives the same, exact values; a bad one is only
/// slower.
#[derive(Debug, Clone)]
pub struct GrundyTable {
    // The rule's moves: Grundy's game (take none, two unequal heaps) unless
    // made for another shape (see `for_shape`).
    shape: Shape,
    grundy: bool,
    // The rare walk's pairs for every take that leaves two heaps.
    offsets: Offsets,
    values: Vec<u16>,
    // The same values as bytes, read by the rare walk and the scan.
    bytes: Vec<u8>,
    // bytes reversed: G(x) at index far − x (x ≤ far), so the big heaps
    // m−1, m−2, … of the splits (1, m−1), (2, m−2), … are read forward and
    // the scan needs no byte shuffle to line them up with the small ones.
    reversed: Vec<u8>,
    far: usize,
    // Whether each byte value is rare (the parity of value & mask), as a table
    // and as a bit set.
    rare_value: [bool; 256],
    rare_bits: Bits,
    mask: u16,
    // With the heap's parity p (another rule than Grundy's whose takes that
    // split are all odd or all even, and no wide heap): the heaps n with
    // n % 2 != p have their classes flipped (see `flipped`).
    parity: Option<u8>,
    // The takes' parity, for another rule than Grundy's. Taken only where
    // OCTAL_WIDE is (each use says so, so that the games module compiles
    // the parity out).
    parity_allowed: Option<u8>,
    // How many odd heaps have each byte (another rule than Grundy's: the
    // whole table), to choose the mask with the parity.
    odd_counts: [u64; 256],
    // Changes with the classes (mask or parity): the walks' lists are
    // rebuilt when it does.
    classes_made: u32,
    rare: Vec<u32>,
    chunk: u32,
    // The largest value below `limit`.
    max_value: u16,
    // Values from here on are kept apart (BYTE_LIMIT; a smaller power of two
    // in tests).
    limit: u16,
    // The heaps whose value reached `limit`, in increasing order (0 in
    // `bytes`, never in `rare`; see wide.rs).
    wide: Vec<u32>,
    // The wide heaps as bits: a block finds the splits that meet them a
    // word at a time (see wide.rs).
    wide_set: wide::WideSet,
    // The wide heaps whose value is rare under the mask (counted with the
    // rare heaps, as the published tables do).
    wide_rare: Vec<u32>,
    // How many heaps of `bytes[counted_from..]` have each byte (wide heaps as
    // their 0): the newer half the mask is chosen on, kept as the table
    // grows rather than counted again at every chunk (half the table each
    // time: a fifth of a run to 2^26).
    counts: [u64; 256],
    counted_from: usize,
    // The splits that met a wide heap since the last check (see
    // `too_many_met`).
    met: Met,
    // How many heaps each way decided, for the tests.
    #[cfg(test)]
    paths: Paths,
}

/// The splits that met a wide heap from heap `from` on, when the table
/// had `wide` wide heaps.
#[derive(Debug, Clone, Copy, Default)]
struct Met {
    from: usize,
    wide: usize,
    splits: u64,
    // The table gave up (see `too_many_met`), and whether for the
    // windows of pairs of wide heaps.
    over: bool,
    #[cfg_attr(not(test), allow(dead_code))]
    crowded: bool,
}

/// The heaps decided by the byte method (those that meet a wide heap, with
/// `wide::Fix`, counted apart too) and by [`wide::past_limit`] after it.
#[cfg(test)]
#[derive(Debug, Clone, Copy, Default)]
struct Paths {
    bytes: u32,
    past_limit: u32,
    met: u32,
}

impl Default for GrundyTable {
    fn default() -> Self {
        GrundyTable {
            shape: grundy_shape(),
            grundy: true,
            offsets: Offsets::default(),
            values: vec![0, 0, 0],
            bytes: vec![0, 0, 0],
            reversed: Vec::new(),
            far: 0,
            rare_value: classes(u16::MAX),
            rare_bits: rare_bits(u16::MAX),
            mask: u16::MAX,
            parity: None,
            parity_allowed: None,
            odd_counts: [0; 256],
            classes_made: 0,
            rare: vec![0, 1, 2],
            chunk: CHUNK,
            max_value: 0,
            limit: BYTE_LIMIT,
            wide: Vec::new(),
            wide_set: wide::WideSet::default(),
            wide_rare: Vec::new(),
            counts: core::array::from_fn(|v| if v == 0 { 3 } else { 0 }),
            counted_from: 0,
            met: Met::default(),
            #[cfg(test)]
            paths: Paths::default(),
        }
    }
}

/// Grundy's game as a [`Shape`]: a move takes nothing and leaves two
/// unequal heaps.
fn grundy_shape() -> Shape {
    Shape {
        two: vec![0],
        one: vec![],
        whole: vec![],
        equal: false,
    }
}

/// The rare walk's pairs for a rule's takes that leave two heaps: the rare
/// heap r with take k gives the split (r, m − k − r) of heap m, whose other
/// heap is read at offset o = r + k below m, as a rare heap of Grundy's game
/// (take 0) is; sorted by offset, as (o, r). Rebuilt when the rare list or
/// the mask changes.
#[derive(Debug, Clone, Default)]
struct Offsets {
    key: (usize, u32),
    list: Vec<(u32, u32)>,
}

impl Offsets {
    fn update(&mut self, rare: &[u32], classes: u32, takes: &[u32]) {
        let key = (rare.len(), classes);
        if key == self.key && !self.list.is_empty() {
            return;
        }
        self.key = key;
        self.list.clear();
        // Each take's pairs are in order: merged, not sorted (a sort
        // routine weighed some 3 KB in the games module).
        let mut merged = Vec::new();
        for &k in takes {
            merged.clear();
            let (mut a, mut b) = (
                self.list.iter().peekable(),
                rare.iter().map(|&r| (r + k, r)).peekable(),
            );
            while let (Some(&&x), Some(&y)) = (a.peek(), b.peek()) {
                if x <= y {
                    merged.push(x);
                    a.next();
                } else {
                    merged.push(y);
                    b.next();
                }
            }
            merged.extend(a.copied());
            merged.extend(b);
            std::mem::swap(&mut self.list, &mut merged);
        }
    }
}

/// Whether value `v` is rare under `mask`: the parity of `v & mask` is
/// even (the class of a xor is then the xor of the classes, so a pair of
/// common heaps or of rare heaps gives a rare value, a mixed pair a common
/// one). The one definition every table reads.
fn rare_class(v: u16, mask: u16) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

/// Whether each byte value is rare under `mask`.
fn classes(mask: u16) -> [bool; 256] {
    core::array::from_fn(|v| rare_class(v as u16, mask))
}

/// A set of byte values: value v is bit v % 64 of word v / 64.
type Bits = [u64; 4];

/// [`classes`] as a bit set of the rare values.
fn rare_bits(mask: u16) -> Bits {
    let rare = classes(mask);
    core::array::from_fn(|i| (0..64).fold(0, |word, k| word | (rare[i * 64 + k] as u64) << k))
}

/// The values below `limit` (at most 256).
fn below(limit: usize) -> Bits {
    core::array::from_fn(|i| match limit.saturating_sub(64 * i) {
        0 => 0,
        n if n >= 64 => u64::MAX,
        n => (1 << n) - 1,
    })
}

fn and(a: &Bits, b: &Bits) -> Bits {
    core::array::from_fn(|i| a[i] & b[i])
}

fn not(a: &Bits) -> Bits {
    a.map(|w| !w)
}

/// The smallest value of `set`.
fn first(set: &Bits) -> Option<u8> {
    let i = set.iter().position(|&w| w != 0)?;
    Some((64 * i) as u8 + set[i].trailing_zeros() as u8)
}

/// The values v with `seen[v] == 0`, read in the first `words` words of
/// the set: those past them are taken as unseen (see
/// [`GrundyTable::seen_words`]).
fn unseen(seen: &[u8; 256], words: usize) -> Bits {
    #[cfg(any(target_arch = "wasm32", target_arch = "x86_64"))]
    if let Some(bits) = simd::unseen(seen, words) {
        return bits;
    }
    core::array::from_fn(|i| {
        if i >= words {
            return u64::MAX;
        }
        // Eight bytes (each 0 or 1) at a time: flip them, then gather their
        // low bits into one byte with a multiplication.
        seen[64 * i..64 * i + 64]
            .chunks_exact(8)
            .enumerate()
            .fold(0, |word, (k, bytes)| {
                let flipped = !u64::from_le_bytes(bytes.try_into().unwrap_or([1; 8])) & ONES;
                word | (flipped.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k)
            })
    })
}

/// [`unseen`] of every row, in one call for the block: a call a row (into
/// the vector code, never inlined here) returned its four words through
/// memory, read back at once before the stores had landed, a stall that
/// cost 0.354 some 6% of its run.
fn unseen_rows(seen: &[[u8; 256]; BLOCK], words: usize, out: &mut [Bits; BLOCK]) {
    #[cfg(any(target_arch = "wasm32", target_arch = "x86_64"))]
    if simd::unseen_rows(seen, words, out) {
        return;
    }
    for (row, bits) in seen.iter().zip(out) {
        *bits = unseen(row, words);
    }
}

/// A 1 in the low bit of each byte.
const ONES: u64 = 0x0101_0101_0101_0101;

impl GrundyTable {
    /// The values of every heap from 0 to `n`.
    pub fn new(n: u32) -> GrundyTable {
        let mut table = GrundyTable::default();
        table.extend_to(n);
        table
    }

    /// An empty table (heap 0 known) for a rule of this shape (an octal
    /// code's): the same block method, each take that leaves two heaps
    /// walked as Grundy's one take, the moves that leave one heap or none
    /// marked heap by heap. Values of 256 and more are kept apart as
    /// Grundy's are natively and in the study module, until they crowd
    /// (see `too_many_met`); in the games module, and from then on,
    /// [`Self::extend_shape`] stops (its caller goes on with
    /// [`SparseTable`]).
    pub fn for_shape(shape: Shape) -> GrundyTable {
        if shape == grundy_shape() {
            return GrundyTable::default();
        }
        GrundyTable {
            parity_allowed: shape.takes_parity(),
            shape,
            grundy: false,
            values: vec![0],
            bytes: vec![0],
            rare: vec![0],
            counts: core::array::from_fn(|v| (v == 0) as u64),
            ..GrundyTable::default()
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    /// A table of this shape (an octal code's, not Grundy's game) that
    /// knows `values` (G(0), G(1), …), all below a byte: where the small
    /// table hands over. `None` otherwise.
    pub fn from_values(shape: Shape, values: &[u16]) -> Option<GrundyTable> {
        if shape == grundy_shape()
            || values.first() != Some(&0)
            || values.iter().any(|&v| v >= BYTE_LIMIT)
        {
            return None;
        }
        let mut table = GrundyTable::for_shape(shape);
        for (m, &v) in values.iter().enumerate().skip(1) {
            table.push(m, v);
        }
        table.choose_mask();
        Some(table)
    }

    /// The values, the table given up.
    pub fn into_values(self) -> Vec<u16> {
        self.values
    }

    /// The u16 table of the same rule, from these values on: where another
    /// rule than Grundy's goes on past a byte (see [`Self::extend_shape`]).
    pub fn into_sparse(self) -> SparseTable {
        SparseTable::from_values(self.shape, self.values)
    }

    /// The smallest and the largest take that splits (0 and 0 without one).
    fn takes_span(&self) -> (usize, usize) {
        let two = self.shape.two.iter().copied();
        (
            two.clone().min().unwrap_or(0) as usize,
            two.max().unwrap_or(0) as usize,
        )
    }

    /// The values (bytes) of heap m's moves that leave one heap or none.
    fn one_heap_values(&self, m: usize) -> impl Iterator<Item = u8> + '_ {
        // A wide heap's value (256 or more) is none of them.
        let one = self.shape.one.iter().filter_map(move |&k| {
            let x = m.checked_sub(k as usize).filter(|&x| x > 0)?;
            (!OCTAL_WIDE || self.wide.is_empty() || !self.wide_set.has(x)).then(|| self.bytes[x])
        });
        let whole = self.shape.whole.contains(&(m as u32)).then_some(0);
        one.chain(whole)
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

    /// The mask currently used to split values into rare and common.
    pub fn mask(&self) -> u16 {
        self.mask
    }

    /// Heaps whose value is below 256 and rare under the current mask.
    pub fn rare_heaps(&self) -> &[u32] {
        &self.rare
    }

    /// Heaps whose value is 256 or more.
    pub fn wide_heaps(&self) -> &[u32] {
        &self.wide
    }

    /// How many heaps have a value rare under the current mask, the wide
    /// ones included (as the published tables count them: 1,287 below 2^26,
    /// the last at 48,399,022, where [`Self::rare_heaps`] lists 1,274), and
    /// the largest of them.
    pub fn all_rare(&self) -> (usize, Option<u32>) {
        let count = self.rare.len() + self.wide_rare.len();
        (count, self.rare.last().max(self.wide_rare.last()).copied())
    }

    /// Extends the table to heap `n`.
    pub fn extend_to(&mut self, n: u32) {
        let _ = self.extend_with(n, &mut |_| true);
    }

    /// Extends the table to heap `n`, calling `progress(done_heaps)` every
    /// [`CHUNK`] heaps; returning `false` from it stops the work (the values
    /// computed so far stay, so a later call resumes). A table of another
    /// rule than Grundy's may stop as if cancelled (see
    /// [`Self::extend_shape`], which says so).
    pub fn extend_with(
        &mut self,
        n: u32,
        progress: &mut dyn FnMut(u32) -> bool,
    ) -> Result<(), Cancelled> {
        self.extend_shape(n, progress).map_err(|_| Cancelled)
    }

    /// [`Self::extend_with`], which for a rule other than Grundy's stops
    /// ([`Stopped::TooLarge`] names the first heap not computed) where the
    /// u16 table should go on: before its first value of 256 in the games
    /// module, with the heap's parity or without a sparse space, or once
    /// its wide heaps crowd (see `too_many_met`).
    pub fn extend_shape(
        &mut self,
        n: u32,
        progress: &mut dyn FnMut(u32) -> bool,
    ) -> Result<(), Stopped> {
        let n = n as usize;
        if n < self.values.len() {
            return Ok(());
        }
        let more = n + 1 - self.values.len();
        self.values.reserve(more);
        self.bytes.reserve(more);
        if n > self.far {
            // Room to grow without rebuilding at every small extension.
            self.far = n.max(2 * self.far).max(self.bytes.len());
            self.reversed = vec![0; self.far + 1];
            for (slot, &g) in self.reversed.iter_mut().rev().zip(&self.bytes) {
                *slot = g;
            }
            self.wide_set.rebuild(self.far, &self.wide);
        }
        let mut work = Scratch::new();
        while self.values.len() <= n {
            let m = self.values.len();
            let chunk = self.chunk as usize;
            // Re-choose the mask at every power of two while the table is
            // young (a bad first guess makes the rare list long), then every
            // chunk; blocks end there so a block sees one rare list.
            if m.is_multiple_of(chunk) || (m >= 256 && m.is_power_of_two()) {
                if m.is_multiple_of(chunk) && !progress(m as u32) {
                    return Err(Stopped::Cancelled);
                }
                self.choose_mask();
            }
            if OCTAL_WIDE && self.too_many_met(m) {
                return Err(Stopped::TooLarge { heap: m as u32 });
            }
            let end = (m + BLOCK)
                .min((m / chunk + 1) * chunk)
                .min((m + 1).next_power_of_two().max(256))
                .min(n + 1);
            if !self.block(m, end, &mut work) {
                return Err(Stopped::TooLarge {
                    heap: self.max_heap() + 1,
                });
            }
        }
        Ok(())
    }

    /// Computes heaps `m0..end` (at most [`BLOCK`] of them, `m0` the first
    /// unknown one); false when it stopped before a heap of another rule
    /// than Grundy's whose value is 256 or more.
    ///
    /// Never inlined: V8 runs a wasm function in its baseline tier until a
    /// later call, so the hot code must sit in a function called often (once
    /// per block), not in the one call of `extend_with` that runs it all.
    #[inline(never)]
    fn block(&mut self, m0: usize, end: usize, work: &mut Scratch) -> bool {
        let lanes = end - m0;
        let limit = self.limit.min(BYTE_LIMIT) as usize;
        for row in work.seen.iter_mut() {
            row.fill(0);
        }
        // Pairs at offsets o with BLOCK ≤ o < m0 go through the block walk,
        // except, when the two heaps left must differ, those whose split
        // r + r is one of the block's heaps (that heap must skip it): they
        // and the rest are walked heap by heap. For Grundy's game the
        // offsets are the rare heaps.
        self.offsets
            .update(&self.rare, self.classes_made, &self.shape.two);
        let takes = self.takes_span();
        let rare = &self.offsets.list;
        let small_end = rare.partition_point(|&(o, _)| (o as usize) < BLOCK);
        let known_end = rare.partition_point(|&(o, _)| (o as usize) < m0);
        // The split r + r of heap 2r + k, k = o − r: inside the block for
        // 2o in m0 + k..end + k (taken wide for every take).
        let (halves_start, halves_end) = match self.shape.equal {
            true => (known_end, known_end),
            false => (
                rare.partition_point(|&(o, _)| 2 * (o as usize) < m0 + takes.0),
                rare.partition_point(|&(o, _)| 2 * (o as usize) < end + takes.1),
            ),
        };
        let walked = [
            small_end..halves_start.min(known_end),
            halves_end.max(small_end)..known_end,
        ];
        // A quarter of them is recorded in full; for the others only the
        // few common values each heap could still have are checked: the
        // FIRST_CANDIDATES smallest the recorded walk left unseen against
        // another quarter, then the CANDIDATES smallest of those still
        // unreached against the other half.
        work.parts
            .update(rare, &self.bytes, self.classes_made, &walked);
        let g = &self.bytes;
        walk_block(g, m0, &work.parts.recorded, &mut work.seen);
        // A heap's walk gives the values of its common class, which its
        // parity flips (with the parity): rare values then.
        let common_below = [
            and(&not(&self.rare_bits), &below(limit)),
            and(&self.rare_bits, &below(limit)),
        ];
        // In one call for the block natively and in the study module; the
        // games module (Grundy's game, whose values fill all four words)
        // has no room for it, and wasm gains nothing by it.
        if scan::LIMITS {
            unseen_rows(&work.seen, self.seen_words(), &mut work.unseen);
        }
        for j in 0..lanes {
            let unseen = match scan::LIMITS {
                true => work.unseen[j],
                false => unseen(&work.seen[j], 4),
            };
            let set = and(&unseen, &common_below[self.flipped(m0 + j) as usize]);
            let (cand, count) = candidates::<FIRST_CANDIDATES>(&set);
            work.first.count[j] = count as u8;
            for (k, c) in cand.into_iter().enumerate() {
                work.first.cand[k][j] = c;
            }
        }
        work.first.check(g, m0, &work.parts.first);
        compact(&work.first, &mut work.last);
        work.last.check(g, m0, &work.parts.last);

        // From heap 2·BLOCK on, each split of offset o < BLOCK is one the
        // block's heaps may all make (o < m, and its two heaps r and m − o
        // differ, r + o < 2·BLOCK ≤ m): those but heap 0's are listed with
        // their rare heap's byte once for the block, so that each heap's
        // loop is a load, a xor and a store (0.354 has some forty; Grundy's
        // game a few, so the games module leaves it out, see scan::LIMITS).
        work.near.clear();
        let near_listed = scan::LIMITS && m0 >= 2 * BLOCK;
        if near_listed {
            let near = self.offsets.list.get(..small_end).unwrap_or(&[]);
            let g = &self.bytes;
            work.near.extend(
                near.iter()
                    .filter(|&&(_, r)| r != 0)
                    .map(|&(o, r)| (o, g[r as usize])),
            );
        }
        let singles = [
            if near_listed { 0..0 } else { 0..small_end },
            halves_start.max(small_end)..halves_end.min(known_end),
        ];
        let later = small_end.max(known_end);
        // The splits that meet a wide heap, of two heaps below the block;
        // those with a heap of the block are found heap by heap.
        let (rare_start, wide_start) = (self.rare.len(), self.wide.len());
        work.fix.find_block(
            &self.wide_set,
            &self.offsets.list,
            &self.wide,
            &self.shape.two,
            m0,
            end,
        );
        let equal = self.shape.equal;
        for j in 0..lanes {
            let m = m0 + j;
            let met = !self.wide.is_empty()
                && work.fix.find_heap(
                    m,
                    &self.shape.two,
                    &self.wide_set,
                    &self.rare[rare_start..],
                    &self.wide[wide_start..],
                    &self.rare_value,
                    &self.bytes,
                );
            if OCTAL_WIDE && met {
                self.met.splits += work.fix.splits() as u64;
            }
            let g = &self.bytes;
            let row = &mut work.seen[j];
            for &(o, u) in &work.near {
                row[(u ^ g[m - o as usize]) as usize] = 1;
            }
            // The split (r, m − k − r), read at offset o = r + k.
            let mut single = |o: usize, r: usize| {
                if r != 0 && o < m && (equal || 2 * r + (o - r) != m) {
                    row[(g[r] ^ g[m - o]) as usize] = 1;
                }
            };
            let list = &self.offsets.list;
            for range in singles.iter().cloned() {
                for &(o, r) in list.get(range).unwrap_or(&[]) {
                    single(o as usize, r as usize);
                }
            }
            for &(o, r) in list.get(later..).unwrap_or(&[]) {
                single(o as usize, r as usize);
            }
            // The rare heaps of this block, found since the offsets were made.
            for &r in self.rare.get(rare_start..).unwrap_or(&[]) {
                for &k in &self.shape.two {
                    single((r + k) as usize, r as usize);
                }
            }
            // The moves that leave one heap, or none.
            for v in self.one_heap_values(m) {
                row[v as usize] = 1;
            }
            if met {
                work.fix
                    .mark_wide_pairs(&self.values, limit as u16, self.mask, row);
            }
            // The smallest last candidate neither checked nor seen since is
            // the smallest common value no split reaches; all below it are
            // reached (seen in the recorded walk or since, or candidates
            // reached in either check).
            let last = &work.last;
            let odd_mex = (0..last.count[j] as usize)
                .map(|k| (last.cand[k][j], last.hit[k][j]))
                .find(|&(c, hit)| hit == 0 && row[c as usize] == 0)
                .map(|(c, _)| c as usize);
            if odd_mex.is_none() {
                // Every candidate was reached (rare): walk the checked rare
                // heaps in full for this heap.
                for part in [&work.parts.first, &work.parts.last] {
                    for &(r, u) in part.iter() {
                        row[(g[m - r as usize] ^ u) as usize] = 1;
                    }
                }
            }
            if met {
                work.fix
                    .unmark_and_set(&self.values, g, limit as u16, self.mask, row);
                // The scan finds the values unmarked there again if a split
                // gives them, but not those of moves that leave one heap.
                if OCTAL_WIDE {
                    for v in self.one_heap_values(m) {
                        row[v as usize] = 1;
                    }
                }
            }
            let found = match met {
                false => self.value_from(m, row, odd_mex, &[]),
                true => {
                    #[cfg(test)]
                    {
                        self.paths.met += 1;
                    }
                    // The scan reads the wide heaps' bytes as set for m.
                    self.value_from(m, &work.seen[j], odd_mex, &work.fix.bytes)
                }
            };
            let g = match found {
                Some(v) => v as u16,
                // Another rule's value past a byte: its caller goes on with
                // the u16 table from here.
                // Or one without a sparse space (most heaps walked as
                // rare, each met with every wide heap: 0.164's first 2,000
                // wide heaps cost 5 times its first 2^14 heaps).
                // The wide heaps' splits are set right without the parity.
                None if !self.grundy
                    && (!OCTAL_WIDE || self.parity.is_some() || self.rare.len() * 4 > m) =>
                {
                    return false
                }
                None => {
                    #[cfg(test)]
                    {
                        self.paths.past_limit += 1;
                    }
                    wide::past_limit(&self.values, &self.wide, m, self.limit, &self.shape)
                }
            };
            #[cfg(test)]
            {
                self.paths.bytes += (g < self.limit) as u32;
            }
            self.push(m, g);
        }
        true
    }

    /// How many words of a heap's set of values its moves reach may hold
    /// one: every move gives a value or a xor of two, all below the power
    /// of two P above the largest value, so P / 64 words, rounded up
    /// (0.354's values stay below 128: half the set's conversion from
    /// bytes); all four once a heap is wide (two wide values' xor may be
    /// any byte), and in the games module (Grundy's game, whose values soon
    /// fill them all).
    fn seen_words(&self) -> usize {
        match scan::LIMITS && self.wide.is_empty() {
            true => (self.max_value as usize + 1)
                .next_power_of_two()
                .div_ceil(64),
            false => 4,
        }
    }

    /// Sets the bytes of `fixed` wide heaps for take `k` (in both byte
    /// tables), or puts their 0 back.
    fn set_bytes(&mut self, fixed: &[(u32, u32, u8)], k: u32, on: bool) {
        for &(_, w, byte) in fixed.iter().filter(|f| f.0 == k) {
            let byte = if on { byte } else { 0 };
            self.bytes[w as usize] = byte;
            if let Some(slot) = self.reversed.get_mut(self.far.wrapping_sub(w as usize)) {
                *slot = byte;
            }
        }
    }

    /// G(m) from the values seen in the rare walk (`seen[v]` is 1 or 0) and a
    /// scan of all splits for the rare values still missing; `None` when it
    /// would reach `limit`. `odd_mex`, when known, is the smallest common value
    /// no split reaches; otherwise `seen` holds every rare walk's value.
    /// Each take's scan reads the wide heaps' bytes `fixed` for it.
    fn value_from(
        &mut self,
        m: usize,
        seen: &[u8; 256],
        odd_mex: Option<usize>,
        fixed: &[(u32, u32, u8)],
    ) -> Option<u8> {
        let limit = self.limit.min(BYTE_LIMIT) as usize;
        // Past twice the largest rare heap no split is of two rare heaps, so
        // the rare walk saw no rare value: all those below odd_mex are
        // wanted but those a move leaving one heap or none gives, with no
        // need to read `seen` again.
        let (_, most) = self.takes_span();
        let apart = self
            .rare
            .last()
            .is_none_or(|&r| m.saturating_sub(most) > 2 * r as usize);
        let (odd_mex, rare_unseen) = match (odd_mex, apart) {
            (Some(odd_mex), true) => {
                let mut rare = self.scan_bits(m);
                for v in self.one_heap_values(m) {
                    rare[(v >> 6) as usize] &= !(1 << (v & 63));
                }
                (odd_mex, rare)
            }
            _ => {
                let unseen = unseen(seen, self.seen_words());
                let odd_mex = odd_mex.unwrap_or_else(|| {
                    let common = and(&and(&unseen, &not(&self.scan_bits(m))), &below(limit));
                    first(&common).map_or(limit, |v| v as usize)
                });
                (odd_mex, and(&unseen, &self.scan_bits(m)))
            }
        };
        let mut wanted = Wanted::from_bits(and(&rare_unseen, &below(odd_mex)));
        let g = match wanted.is_empty() {
            true => odd_mex,
            false => {
                // With several takes that split, each take's first splits
                // before any take's last: read one take to its end first and
                // a value only another gives made it read them all. An octal
                // rule reads its smallest heaps first, in a row.
                let (far, equal) = (self.far, self.shape.equal);
                let budgets: &[usize] = match self.shape.two.len() {
                    1 => &[usize::MAX],
                    _ => &[PEEK, usize::MAX],
                };
                let lead = if self.grundy { 0 } else { LEAD };
                'scans: for &budget in budgets {
                    for i in 0..self.shape.two.len() {
                        let k = self.shape.two[i];
                        let Some(h) = m.checked_sub(k as usize) else {
                            continue;
                        };
                        self.set_bytes(fixed, k, true);
                        let (g, r) = (&self.bytes, &self.reversed);
                        scan::first_missing_within(g, r, far, h, equal, budget, lead, &mut wanted);
                        self.set_bytes(fixed, k, false);
                        if wanted.is_empty() {
                            break 'scans;
                        }
                    }
                }
                wanted.first().map_or(odd_mex, usize::from)
            }
        };
        (g < limit).then_some(g as u8)
    }

    // Not inlined into `block`'s two calls: with the wide heaps' bookkeeping
    // that would put the games module over its 150 KB budget; a call per
    // heap costs nothing next to the heap's walk and scan.
    #[inline(never)]
    fn push(&mut self, m: usize, g: u16) {
        self.values.push(g);
        // A wide heap is a 0 in the byte tables (see wide.rs).
        let byte = match g < self.limit.min(BYTE_LIMIT) {
            true => g as u8,
            false => 0,
        };
        self.bytes.push(byte);
        self.counts[byte as usize] += 1;
        if OCTAL_WIDE && !self.grundy && m % 2 == 1 {
            self.odd_counts[byte as usize] += 1;
        }
        if let Some(slot) = self.reversed.get_mut(self.far.wrapping_sub(m)) {
            *slot = byte;
        }
        if g >= self.limit.min(BYTE_LIMIT) {
            self.wide_set.insert(m);
            self.wide.push(m as u32);
            if rare_class(g, self.mask) {
                self.wide_rare.push(m as u32);
            }
        } else {
            self.max_value = self.max_value.max(g);
            if self.rare_value[byte as usize] != self.flipped(m) {
                self.rare.push(m as u32);
            }
        }
    }

    /// Whether another rule than Grundy's should leave the byte method
    /// for the u16 table (its caller goes on with it), checked every 1,024
    /// heaps: when the splits that met a wide heap since the last check
    /// were more than 8 times [`MET_SPLITS`] a heap, or, from heap 2^15 on,
    /// more than [`MET_SPLITS`] a heap while the wide heaps are not
    /// thinning out (their share since the last check at least half their
    /// share in the whole table).
    /// The splits grow with the square of the wide heaps' share, and each
    /// costs some 36 ns: 0.6 (wide heaps 9% of those from 2^14 to 2^16)
    /// met 112 a heap up to 2^15 and 228 up to 2^16, and ran 40 times
    /// slower to 2^20 than on the u16 table; 0.776 (973 wide heaps by 2^16,
    /// 790 of them below 2^14) met 67 a heap up to 2^15, 6 up to 2^16 and 2
    /// to 3 after, and runs 3 times faster than on the u16 table.
    /// Once true, true for good.
    fn too_many_met(&mut self, m: usize) -> bool {
        let heaps = m - self.met.from;
        if self.met.over || heaps < 1024 {
            return self.met.over;
        }
        let (splits, new_wide) = (self.met.splits, self.wide.len() - self.met.wide);
        let (heaps, m64) = (heaps as u64, m as u64);
        let thinning = 2 * new_wide as u64 * m64 < self.wide.len() as u64 * heaps;
        let costly = |times: u64| splits > times * MET_SPLITS * heaps;
        // The splits of two wide heaps cost a window of wide heaps per wide
        // heap of one side and take, a block: their number grows with the
        // table where the wide heaps keep coming, while a heap of the u16
        // table costs about the same all along (0.776: 25 windows a heap
        // at 2^21, where the two cost the same; to 2^24 29.6 s, 16.2 s
        // handed over there).
        #[cfg(not(target_arch = "wasm32"))]
        let crowded = wide::pair_windows(&self.wide, &self.shape.two, m) > wide_windows() * BLOCK;
        #[cfg(target_arch = "wasm32")]
        let crowded = false;
        let over =
            !self.grundy && (costly(8) || (m >= 1 << 15 && costly(1) && !thinning) || crowded);
        self.met = Met {
            from: m,
            wide: self.wide.len(),
            splits: 0,
            over,
            crowded,
        };
        over
    }

    /// Whether heap n's classes are flipped: with the parity p, those of
    /// the heaps n with n % 2 != p. A heap's splits all leave two heaps
    /// whose sizes add up to a number of one parity, so a rare and a common
    /// heap give a value of the rare class for a flipped heap, of the
    /// common one for another.
    fn flipped(&self, n: usize) -> bool {
        OCTAL_WIDE && self.parity.is_some_and(|p| (n % 2) as u8 != p)
    }

    /// The values heap m's scan looks for: the rare ones, or the common
    /// ones when its classes are flipped.
    fn scan_bits(&self, m: usize) -> Bits {
        match self.flipped(m) {
            false => self.rare_bits,
            true => not(&self.rare_bits),
        }
    }

    /// The heap's parity joined to the mask, when it is (see `flipped`).
    pub fn parity(&self) -> Option<u8> {
        self.parity
    }

    /// Whether the table joins the heap's parity to the mask when that
    /// leaves far fewer rare heaps: another rule than Grundy's whose takes
    /// that split have one parity, natively and in the study module, while
    /// it has no wide heap (otherwise the u16 table takes it).
    pub fn may_take_parity(&self) -> bool {
        OCTAL_WIDE && self.parity_allowed.is_some() && self.wide.is_empty()
    }

    /// Picks the mask that leaves the fewest rare heaps among the newer half
    /// of the table (the older half is dense with small values in every class)
    /// and rebuilds the rare list for it.
    fn choose_mask(&mut self) {
        let bound = (self.max_value as usize + 1).next_power_of_two();
        // Grundy's game on the newer half; another rule on the whole table,
        // as the u16 table does (a newer half where a few values dominate
        // made 0.354's older heaps rare again past 10^7).
        let half = match self.grundy {
            true => self.bytes.len() / 2,
            false => 0,
        };
        for &v in &self.bytes[self.counted_from.min(half)..half] {
            self.counts[v as usize] -= 1;
        }
        self.counted_from = self.counted_from.max(half);
        let mut counts = self.counts;
        // Wide heaps are 0 in `bytes` but belong to no class here.
        let wide_zeros = self.wide.len() - self.wide.partition_point(|&w| (w as usize) < half);
        counts[0] -= wide_zeros as u64;
        // The mask (from 1) leaving the fewest rare heaps, by `rare(mask)`.
        // Ties go to the mask with the most bits: it judges the larger
        // values still to come by all their bits.
        let fewest = |rare: &dyn Fn(u16) -> u64| {
            let mut best = (u64::MAX, self.mask);
            for mask in 1..bound.max(2) as u32 {
                let r = rare(mask as u16);
                if r < best.0 || (r == best.0 && mask.count_ones() > best.1.count_ones()) {
                    best = (r, mask as u16);
                }
            }
            best
        };
        let in_class = |counts: &[u64; 256], mask: u16, rare: bool| -> u64 {
            let class = counts.iter().enumerate();
            class
                .filter(|&(v, _)| rare_class(v as u16, mask) == rare)
                .map(|(_, &c)| c)
                .sum()
        };
        let mut best = fewest(&|mask| in_class(&counts, mask, true));
        // With the heap's parity p, the heaps n with n % 2 != p flipped:
        // taken, as the u16 table takes it, when it leaves at most half as
        // many rare heaps (0.207: 139 rare heaps with it).
        let mut parity = None;
        let allowed = self
            .parity_allowed
            .filter(|_| OCTAL_WIDE && self.wide.is_empty());
        if let Some(p) = allowed {
            let odd = &self.odd_counts;
            let even: [u64; 256] = core::array::from_fn(|v| counts[v] - odd[v]);
            let with = fewest(&|mask| {
                // Even heaps are flipped when p is 1, odd ones when p is 0.
                in_class(&even, mask, p == 0) + in_class(odd, mask, p == 1)
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
            self.classes_made += 1;
            self.rare_value = classes(mask);
            self.rare_bits = rare_bits(mask);
            let rare_value = &self.rare_value;
            let wide = &self.wide;
            self.rare = (0..self.bytes.len() as u32)
                .filter(|&m| {
                    rare_value[self.bytes[m as usize] as usize] != self.flipped(m as usize)
                })
                .filter(|m| wide.binary_search(m).is_err())
                .collect();
            self.wide_rare.clear();
            for &w in &self.wide {
                if rare_class(self.values[w as usize], mask) {
                    self.wide_rare.push(w);
                }
            }
        }
    }
}

/// The splits a heap that meet a wide heap past which another rule than
/// Grundy's leaves the byte method for the u16 table (see
/// [`GrundyTable::too_many_met`]).
const MET_SPLITS: u64 = 32;

/// The windows of wide heaps a heap past which another rule than Grundy's
/// leaves the byte method for the u16 table, natively (see
/// [`GrundyTable::too_many_met`]).
#[cfg(not(target_arch = "wasm32"))]
const WIDE_WINDOWS: usize = 24;

#[cfg(test)]
thread_local! {
    /// A test's [`WIDE_WINDOWS`], lower, so that a table with its byte
    /// limit lowered meets it within a few thousand heaps.
    static TEST_WIDE_WINDOWS: core::cell::Cell<Option<usize>> = const { core::cell::Cell::new(None) };
}

/// [`WIDE_WINDOWS`], or a test's.
#[cfg(not(target_arch = "wasm32"))]
fn wide_windows() -> usize {
    #[cfg(test)]
    if let Some(w) = TEST_WIDE_WINDOWS.get() {
        return w;
    }
    WIDE_WINDOWS
}

/// Groups of 16 splits an octal rule's scan reads first in a row, from its
/// smallest heaps: with every big heap they settle most wanted values of
/// rules such as 0.354 (Grundy's game reads them spread at once).
/// Instructions to 2^18 (callgrind), 0.354 and 0.376: 0.95 and 2.22·10^9
/// with 16 (and 8 recorded), 0.90 and 2.10 with 32, 0.90 and 2.01 with 64
/// (4 recorded); with 64 the run that proves 0.376's period took 2.77 and
/// 2.90 s against 3.11 and 3.39 s, alternating.
const LEAD: usize = 64;

/// Groups of 16 splits each take reads before any take is read to its end,
/// for a rule with several takes that split.
const PEEK: usize = 64;

/// Common values a heap's recorded walk did not reach that are checked
/// against the second quarter of the rare walk: the smallest common value
/// no split reaches is among them for about 97% of heaps.
const FIRST_CANDIDATES: usize = 18;

/// Of those, the ones still unreached that are checked against the other
/// half: the answer is among them for about 98% of heaps (the rest walk the
/// checked rare heaps in full). Recording a quarter and checking the rest in
/// two steps costs about 10% less in all than recording half and checking
/// the other half: a recorded heap costs a store per heap of the block, a
/// checked one a comparison per candidate for 16 heaps.
const CANDIDATES: usize = 8;

/// The work tables of a block, kept from one block to the next.
struct Scratch {
    /// Values seen by each heap of the block (1 for seen).
    seen: [[u8; 256]; BLOCK],
    /// The values each heap's recorded walk left unseen.
    unseen: [Bits; BLOCK],
    parts: Parts,
    first: Stage<FIRST_CANDIDATES, 6>,
    last: Stage<CANDIDATES, 4>,
    fix: wide::Fix,
    /// The splits of offsets below BLOCK, walked heap by heap, as (offset,
    /// G(r)) once the block is far enough that every heap may make them.
    near: Vec<(u32, u8)>,
}

/// The rare heaps of the block walk as (r, G(r)), in its three parts:
/// recorded, checked first, checked last. They only change with the rare
/// list or the walked ranges, so they are rebuilt then, not at every block.
#[derive(Default)]
struct Parts {
    key: (usize, u32, [usize; 4]),
    recorded: Vec<(u32, u8)>,
    first: Vec<(u32, u8)>,
    last: Vec<(u32, u8)>,
}

impl Parts {
    fn update(&mut self, rare: &[(u32, u32)], g: &[u8], classes: u32, walked: &[Range<usize>; 2]) {
        let key = (
            rare.len(),
            classes,
            [
                walked[0].start,
                walked[0].end,
                walked[1].start,
                walked[1].end,
            ],
        );
        if key == self.key && !self.recorded.is_empty() {
            return;
        }
        self.key = key;
        self.recorded.clear();
        self.first.clear();
        self.last.clear();
        for range in walked.iter().cloned() {
            for p in range {
                let Some(&(o, r)) = rare.get(p) else {
                    continue;
                };
                let Some(&u) = g.get(r as usize) else {
                    continue;
                };
                // Places, not heaps, so that each part spreads over all.
                match p % 4 {
                    0 => self.recorded.push((o, u)),
                    2 => self.first.push((o, u)),
                    _ => self.last.push((o, u)),
                }
            }
        }
    }
}

/// One check of `K` candidates per heap against a part of the rare walk.
/// `P` at a time (as many as the vector loop keeps in registers with their
/// hits).
struct Stage<const K: usize, const P: usize> {
    /// `cand[k][j]`: the k-th smallest candidate of heap j (the last repeated
    /// when there are fewer), and how many there are.
    cand: [[u8; BLOCK]; K],
    count: [u8; BLOCK],
    /// Whether the checked walk reached `cand[k][j]` (not 0 if so).
    hit: [[u8; BLOCK]; K],
}

impl<const K: usize, const P: usize> Stage<K, P> {
    /// Whole passes only.
    const PASSES: () = assert!(K.is_multiple_of(P));

    fn new() -> Stage<K, P> {
        let () = Self::PASSES;
        Stage {
            cand: [[0; BLOCK]; K],
            count: [0; BLOCK],
            hit: [[0; BLOCK]; K],
        }
    }

    /// Checks the candidates against `checked`, for the block at `m0`.
    fn check(&mut self, g: &[u8], m0: usize, checked: &[(u32, u8)]) {
        let (cand, _) = self.cand.as_chunks::<P>();
        let (hit, _) = self.hit.as_chunks_mut::<P>();
        for (cand, hit) in cand.iter().zip(hit) {
            check_block(g, m0, checked, cand, hit);
        }
    }
}

impl Scratch {
    fn new() -> Box<Scratch> {
        Box::new(Scratch {
            seen: [[0; 256]; BLOCK],
            unseen: [[0; 4]; BLOCK],
            parts: Parts::default(),
            first: Stage::new(),
            last: Stage::new(),
            fix: wide::Fix::default(),
            near: Vec::new(),
        })
    }
}

/// For each heap of the block, the first candidates of `first` its check did
/// not reach, in order, as the candidates of `last` (slots past its count
/// are left as they are: the check compares them, nothing reads their
/// result).
fn compact<const K: usize, const P: usize, const L: usize, const Q: usize>(
    first: &Stage<K, P>,
    last: &mut Stage<L, Q>,
) {
    #[cfg(any(target_arch = "wasm32", target_arch = "x86_64"))]
    if simd::compact(
        &first.cand,
        &first.hit,
        &first.count,
        &mut last.cand,
        &mut last.count,
    ) {
        return;
    }
    for j in 0..BLOCK {
        let mut count = 0;
        for k in 0..first.count[j] as usize {
            if first.hit[k][j] == 0 && count < L {
                last.cand[count][j] = first.cand[k][j];
                count += 1;
            }
        }
        last.count[j] = count as u8;
    }
}

/// The first `K` values of `set`, the last repeated to fill the array
/// (comparing with a repeat changes nothing), and how many there are.
fn candidates<const K: usize>(set: &Bits) -> ([u8; K], usize) {
    let mut out = [0u8; K];
    let mut count = 0;
    for (i, &word) in set.iter().enumerate() {
        let mut word = word;
        while word != 0 && count < K {
            out[count] = (64 * i) as u8 + word.trailing_zeros() as u8;
            word &= word - 1;
            count += 1;
        }
    }
    if count > 0 {
        let last = out[count - 1];
        out[count..].fill(last);
    }
    (out, count)
}

/// Records G(r) xor G(m0 + j − r) in `seen[j]` for every heap of the block
/// and every (r, G(r)) of `rare` (all with `r ≥ BLOCK` and `r < m0`, so
/// every value read is below m0). The window G(m0 − r), G(m0 − r + 1), … is
/// contiguous and each table gets a constant offset, so the loop is loads,
/// xors and stores only.
fn walk_block(g: &[u8], m0: usize, rare: &[(u32, u8)], seen: &mut [[u8; 256]; BLOCK]) {
    #[cfg(any(target_arch = "wasm32", target_arch = "x86_64"))]
    if simd::walk(g, m0, rare, seen) {
        return;
    }
    for &(r, u) in rare {
        if let Some(window) = window(g, m0, r) {
            for (row, &x) in seen.iter_mut().zip(window) {
                row[(x ^ u) as usize] = 1;
            }
        }
    }
}

/// Marks in `hit[k][j]` whether G(r) xor G(m0 + j − r) equals `cand[k][j]`
/// for some (r, G(r)) of `checked` (with the same conditions as in
/// [`walk_block`]): one comparison per candidate instead of a store per
/// value, for the parts of the rare walk that only have to rule candidates
/// out.
fn check_block<const K: usize>(
    g: &[u8],
    m0: usize,
    checked: &[(u32, u8)],
    cand: &[[u8; BLOCK]; K],
    hit: &mut [[u8; BLOCK]; K],
) {
    #[cfg(target_arch = "x86_64")]
    if bytes512::check(g, m0, checked, cand, hit) {
        return;
    }
    #[cfg(any(target_arch = "wasm32", target_arch = "x86_64"))]
    if simd::check(g, m0, checked, cand, hit) {
        return;
    }
    for row in hit.iter_mut() {
        row.fill(0);
    }
    for &(r, u) in checked {
        let Some(window) = window(g, m0, r) else {
            continue;
        };
        for (k, row) in hit.iter_mut().enumerate() {
            for ((h, &x), &c) in row.iter_mut().zip(window).zip(&cand[k]) {
                *h |= ((x ^ u) == c) as u8;
            }
        }
    }
}

/// The window G(m0 − r .. m0 − r + BLOCK) of the block walk.
fn window(g: &[u8], m0: usize, r: u32) -> Option<&[u8; BLOCK]> {
    let base = m0.checked_sub(r as usize)?;
    g.get(base..base + BLOCK)?.try_into().ok()
}

#[cfg(test)]
mod tests;
