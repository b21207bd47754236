//! Grundy values of single heaps: G(n) = mex{ G(a) xor G(n−a) : 1 ≤ a < n−a }.
//!
//! [`GrundyTable`] computes them with the sparse-space method, a block of
//! heaps at a time over one-byte values (with wasm SIMD in the browser);
//! [`ReferenceTable`] is the previous heap-at-a-time method, kept as the
//! reference the new one is checked and benchmarked against (and as the
//! fallback for values of 256 and more); [`plain_values`] is the plain
//! quadratic loop.
//!
//! Files: `scan.rs` holds the scan of a heap's splits for the rare values,
//! `simd.rs` the wasm SIMD versions of the hot loops, `reference.rs` the
//! previous method.

mod reference;
mod scan;
#[cfg(target_arch = "wasm32")]
mod simd;

pub use reference::ReferenceTable;
use scan::Wanted;
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
/// below [`FIRST_WIDE_HEAP`]); the first heap whose value would not fit hands the table
/// over to [`ReferenceTable`] (slower, but exact for any value).
const BYTE_LIMIT: u16 = 256;

/// The first heap whose value does not fit in a byte: from there on the table
/// is computed by [`ReferenceTable`].
pub const FIRST_WIDE_HEAP: u32 = 7_250_049;

/// How many times longer a heap past [`FIRST_WIDE_HEAP`] takes than one
/// before it (the reference method against the block method, measured in
/// Chromium: about 0.66 M heaps a second before, 75 k after).
const WIDE_COST: u32 = 9;

/// The work of computing G(0..=n), in heaps of the block method: what a
/// progress bar and its time estimate should follow, since a heap past
/// [`FIRST_WIDE_HEAP`] costs [`WIDE_COST`] times more than one before it.
pub fn work_to(n: u32) -> u32 {
    match n.checked_sub(FIRST_WIDE_HEAP) {
        Some(wide) => FIRST_WIDE_HEAP.saturating_add(wide.saturating_mul(WIDE_COST)),
        None => n,
    }
}

/// Computation stopped by the progress callback.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cancelled;

/// G(0..=n) for Grundy's game, computed with the sparse-space method.
///
/// Values are split into two classes by the parity of `value & mask`: with a
/// well-chosen mask almost every heap has an "odd" (common) value and only
/// 1274 heaps below 2^20 have an "even" (rare) one, the largest 82,860.
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
/// What makes it fast (about 9 times the previous method in wasm, 4 times
/// natively, at 2^20):
/// - values are stored in one byte (all are below 256 up to heap 7,250,048;
///   from the first that is not, [`ReferenceTable`] takes over);
/// - the rare walk is done for a block of [`BLOCK`] consecutive heaps at once
///   (see there): for each rare heap, one contiguous window of known values
///   serves the whole block, 16 heaps per vector. Half of the rare heaps
///   record every value they produce in a 256-byte table per heap; for the
///   other half only the [`CANDIDATES`] smallest odd values the first half
///   left unseen are compared (the answer is among them for about 99% of
///   heaps, the rest walk that half in full);
/// - the scan reads its splits in groups of 16, spread over the whole range
///   (see `scan::Order`), and compares each group at once against the set of
///   still-wanted values.
///
/// The mask is not typed in: it is re-chosen from the values computed so far
/// (the one leaving the fewest rare heaps) at powers of two and every
/// [`CHUNK`] heaps. Any mask gives the same, exact values; a bad one is only
/// slower.
#[derive(Debug, Clone)]
pub struct GrundyTable {
    values: Vec<u16>,
    // The same values as bytes, read by the rare walk and the scan.
    bytes: Vec<u8>,
    // bytes reversed: G(x) at index far − x (x ≤ far), so the big heaps
    // m−1, m−2, … of the splits (1, m−1), (2, m−2), … are read forward and
    // the scan needs no byte shuffle to line them up with the small ones.
    reversed: Vec<u8>,
    far: usize,
    // The order in which the scan reads its groups of pairs (see
    // scan::Order), for the largest heap asked for.
    spread: Vec<u32>,
    // Whether each byte value is rare (the parity of value & mask), as a table
    // and as a bit set.
    rare_value: [bool; 256],
    rare_bits: Bits,
    mask: u16,
    rare: Vec<u32>,
    chunk: u32,
    max_value: u16,
    // Values from here on go to `wide` (BYTE_LIMIT; lower in tests).
    limit: u16,
    // Set once a value reached `limit`; holds every value from then on.
    wide: Option<Box<ReferenceTable>>,
}

impl Default for GrundyTable {
    fn default() -> Self {
        GrundyTable {
            values: vec![0, 0, 0],
            bytes: vec![0, 0, 0],
            reversed: Vec::new(),
            far: 0,
            spread: Vec::new(),
            rare_value: classes(u16::MAX),
            rare_bits: rare_bits(u16::MAX),
            mask: u16::MAX,
            rare: vec![0, 1, 2],
            chunk: CHUNK,
            max_value: 0,
            limit: BYTE_LIMIT,
            wide: None,
        }
    }
}

/// Whether each byte value is rare under `mask`.
fn classes(mask: u16) -> [bool; 256] {
    core::array::from_fn(|v| (v as u16 & mask).count_ones().is_multiple_of(2))
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

/// The values v with `seen[v] == 0`.
fn unseen(seen: &[u8; 256]) -> Bits {
    #[cfg(target_arch = "wasm32")]
    return simd::unseen(seen);
    #[cfg(not(target_arch = "wasm32"))]
    core::array::from_fn(|i| {
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

/// A 1 in the low bit of each byte.
#[cfg(not(target_arch = "wasm32"))]
const ONES: u64 = 0x0101_0101_0101_0101;

impl GrundyTable {
    /// The values of every heap from 0 to `n`.
    pub fn new(n: u32) -> GrundyTable {
        let mut table = GrundyTable::default();
        table.extend_to(n);
        table
    }

    /// Largest heap whose value is known.
    pub fn max_heap(&self) -> u32 {
        (self.values().len() - 1) as u32
    }

    /// G(n); `None` when the table does not reach `n`.
    pub fn get(&self, n: u32) -> Option<u16> {
        self.values().get(n as usize).copied()
    }

    /// G(0), G(1), … as a slice.
    pub fn values(&self) -> &[u16] {
        match &self.wide {
            Some(wide) => wide.values(),
            None => &self.values,
        }
    }

    /// The mask currently used to split values into rare and common.
    pub fn mask(&self) -> u16 {
        match &self.wide {
            Some(wide) => wide.mask(),
            None => self.mask,
        }
    }

    /// Heaps whose value is rare under the current mask.
    pub fn rare_heaps(&self) -> &[u32] {
        match &self.wide {
            Some(wide) => wide.rare_heaps(),
            None => &self.rare,
        }
    }

    /// Extends the table to heap `n`.
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
    ) -> Result<(), Cancelled> {
        if let Some(wide) = &mut self.wide {
            return wide.extend_with(n, progress);
        }
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
        }
        // The scan of heap n reads its first (n − 1)/2/16/2 groups spread out.
        let spread_bits = ((n.saturating_sub(1) / 64).max(1)).ilog2();
        if self.spread.len() < 1 << spread_bits {
            self.spread = scan::bit_reversal(spread_bits);
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
                    return Err(Cancelled);
                }
                self.choose_mask();
            }
            let end = (m + BLOCK)
                .min((m / chunk + 1) * chunk)
                .min((m + 1).next_power_of_two().max(256))
                .min(n + 1);
            if !self.block(m, end, &mut work) {
                // A value does not fit in a byte: the reference method goes on
                // from the values computed so far.
                let values = std::mem::take(&mut self.values);
                let mut wide = Box::new(ReferenceTable::resume(values, self.chunk));
                let done = wide.extend_with(n as u32, progress);
                self.wide = Some(wide);
                self.bytes = Vec::new();
                self.reversed = Vec::new();
                self.spread = Vec::new();
                self.rare = Vec::new();
                return done;
            }
        }
        Ok(())
    }

    /// Computes heaps `m0..end` (at most [`BLOCK`] of them, `m0` the first
    /// unknown one); false, with the heaps before it stored, when a value
    /// would reach `limit`.
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
        // Rare heaps r with BLOCK ≤ r < m0 go through the block walk, except
        // those with 2r inside the block (one of its heaps must skip the
        // split r + r): they and the rest are walked heap by heap.
        let rare = &self.rare;
        let small_end = rare.partition_point(|&r| (r as usize) < BLOCK);
        let known_end = rare.partition_point(|&r| (r as usize) < m0);
        let halves_start = rare.partition_point(|&r| 2 * (r as usize) < m0);
        let halves_end = rare.partition_point(|&r| 2 * (r as usize) < end);
        let walked = [
            small_end..halves_start.min(known_end),
            halves_end.max(small_end)..known_end,
        ];
        // Every other one of them is recorded in full; for the others only
        // the few common values each heap could still have are checked.
        walk_block(&self.bytes, m0, part(rare, &walked, true), &mut work.seen);
        let common_below = and(&not(&self.rare_bits), &below(limit));
        for j in 0..lanes {
            let (cand, count) = candidates(&and(&unseen(&work.seen[j]), &common_below));
            work.candidates[j] = count as u8;
            for (k, c) in cand.into_iter().enumerate() {
                work.cand[k][j] = c;
            }
        }
        work.checked.clear();
        for r in part(rare, &walked, false) {
            if let Some((u, _)) = window(&self.bytes, m0, r) {
                work.checked.push(((m0 - r) as u32, u));
            }
        }
        check_block(&self.bytes, &work.checked, &work.cand, &mut work.hit);

        let singles = [
            0..small_end,
            halves_start.max(small_end)..halves_end.min(known_end),
        ];
        let later = small_end.max(known_end);
        for j in 0..lanes {
            let m = m0 + j;
            let g = &self.bytes;
            let row = &mut work.seen[j];
            let mut single = |r: usize| {
                if r != 0 && r < m && 2 * r != m {
                    row[(g[r] ^ g[m - r]) as usize] = 1;
                }
            };
            for range in singles.iter().cloned() {
                for &r in self.rare.get(range).unwrap_or(&[]) {
                    single(r as usize);
                }
            }
            for &r in self.rare.get(later..).unwrap_or(&[]) {
                single(r as usize);
            }
            // The smallest candidate neither checked nor seen since is the
            // smallest common value no split reaches; all below it are
            // reached (seen in the recorded walk, or candidates reached).
            let odd_mex = (0..work.candidates[j] as usize)
                .map(|k| (work.cand[k][j], work.hit[k][j]))
                .find(|&(c, hit)| hit == 0 && row[c as usize] == 0)
                .map(|(c, _)| c as usize);
            if odd_mex.is_none() {
                // Every candidate was reached (rare): walk the checked rare
                // heaps in full for this heap.
                for &(base, u) in &work.checked {
                    row[(g[base as usize + j] ^ u) as usize] = 1;
                }
            }
            match self.value_from(m, row, odd_mex) {
                Some(v) => self.push(m, v),
                None => return false,
            }
        }
        true
    }

    /// G(m) from the values seen in the rare walk (`seen[v]` is 1 or 0) and a
    /// scan of all splits for the rare values still missing; `None` when it
    /// would reach `limit`. `odd_mex`, when known, is the smallest common value
    /// no split reaches; otherwise `seen` holds every rare walk's value.
    fn value_from(&self, m: usize, seen: &[u8; 256], odd_mex: Option<usize>) -> Option<u8> {
        let limit = self.limit.min(BYTE_LIMIT) as usize;
        let unseen = unseen(seen);
        let odd_mex = odd_mex.unwrap_or_else(|| {
            let common = and(&and(&unseen, &not(&self.rare_bits)), &below(limit));
            first(&common).map_or(limit, |v| v as usize)
        });
        let mut wanted = Wanted::from_bits(and(&and(&unseen, &self.rare_bits), &below(odd_mex)));
        let g = match wanted.is_empty() {
            true => odd_mex,
            false => match scan::first_missing(
                &self.bytes,
                &self.reversed,
                self.far,
                &self.spread,
                m,
                &mut wanted,
            ) {
                Some(v) => v as usize,
                None => odd_mex,
            },
        };
        (g < limit).then_some(g as u8)
    }

    fn push(&mut self, m: usize, g: u8) {
        self.values.push(g as u16);
        self.bytes.push(g);
        if let Some(slot) = self.reversed.get_mut(self.far.wrapping_sub(m)) {
            *slot = g;
        }
        self.max_value = self.max_value.max(g as u16);
        if self.rare_value[g as usize] {
            self.rare.push(m as u32);
        }
    }

    /// Picks the mask that leaves the fewest rare heaps among the newer half
    /// of the table (the older half is dense with small values in every class)
    /// and rebuilds the rare list for it.
    fn choose_mask(&mut self) {
        let bound = (self.max_value as usize + 1).next_power_of_two();
        let mut counts = [0u64; 256];
        let half = self.bytes.len() / 2;
        for &v in &self.bytes[half..] {
            counts[v as usize] += 1;
        }
        let mut best = (u64::MAX, self.mask);
        for mask in 1..bound.max(2) as u32 {
            let rare: u64 = counts
                .iter()
                .enumerate()
                .filter(|&(v, _)| (v as u32 & mask).count_ones().is_multiple_of(2))
                .map(|(_, &c)| c)
                .sum();
            // Ties go to the mask with the most bits: it judges the larger
            // values still to come by all their bits.
            if rare < best.0 || (rare == best.0 && mask.count_ones() > best.1.count_ones()) {
                best = (rare, mask as u16);
            }
        }
        // Keep the bits above the values seen so far set, for the same reason.
        let mask = best.1 | !((bound as u16).wrapping_sub(1));
        if mask != self.mask {
            self.mask = mask;
            self.rare_value = classes(mask);
            self.rare_bits = rare_bits(mask);
            let rare_value = &self.rare_value;
            self.rare = (0..self.bytes.len() as u32)
                .filter(|&m| rare_value[self.bytes[m as usize] as usize])
                .collect();
        }
    }
}

/// Common values a heap's recorded walk did not reach that are checked
/// against the rest of the rare walk: enough that the smallest common value
/// no split reaches is among them for about 99% of heaps (every other rare
/// heap recorded; 4 would leave about 8% to walk in full, 8 is no faster).
const CANDIDATES: usize = 6;

/// The work tables of a block, kept from one block to the next.
struct Scratch {
    /// Values seen by each heap of the block (1 for seen).
    seen: [[u8; 256]; BLOCK],
    /// `cand[k][j]`: the k-th smallest common value heap j's recorded walk
    /// did not reach (the last repeated when there are fewer), and how many
    /// there are.
    cand: [[u8; BLOCK]; CANDIDATES],
    candidates: [u8; BLOCK],
    /// Whether the checked walk reached `cand[k][j]` (not 0 if so).
    hit: [[u8; BLOCK]; CANDIDATES],
    /// The checked rare heaps r as (m0 − r, G(r)).
    checked: Vec<(u32, u8)>,
}

impl Scratch {
    fn new() -> Box<Scratch> {
        Box::new(Scratch {
            seen: [[0; 256]; BLOCK],
            cand: [[0; BLOCK]; CANDIDATES],
            candidates: [0; BLOCK],
            hit: [[0; BLOCK]; CANDIDATES],
            checked: Vec::new(),
        })
    }
}

/// The first [`CANDIDATES`] values of `set`, the last repeated to fill the
/// array, and how many there are.
fn candidates(set: &Bits) -> ([u8; CANDIDATES], usize) {
    let mut out = [0u8; CANDIDATES];
    let mut count = 0;
    for (i, &word) in set.iter().enumerate() {
        let mut word = word;
        while word != 0 && count < CANDIDATES {
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
/// and every r of `rare` (all with `r ≥ BLOCK` and `r < m0`, so every value
/// read is below m0). The window G(m0 − r), G(m0 − r + 1), … is contiguous
/// and each table gets a constant offset, so the loop is loads, xors and
/// stores only.
fn walk_block(
    g: &[u8],
    m0: usize,
    rare: impl Iterator<Item = usize>,
    seen: &mut [[u8; 256]; BLOCK],
) {
    #[cfg(target_arch = "wasm32")]
    simd::walk(g, m0, rare, seen);
    #[cfg(not(target_arch = "wasm32"))]
    for r in rare {
        if let Some((u, window)) = window(g, m0, r) {
            for (row, &x) in seen.iter_mut().zip(window) {
                row[(x ^ u) as usize] = 1;
            }
        }
    }
}

/// Marks in `hit[k][j]` whether G(r) xor G(m0 + j − r) equals `cand[k][j]`
/// for some rare heap r of `checked` (given as (m0 − r, G(r)), with the same
/// conditions as in [`walk_block`]): one comparison per candidate instead of
/// a store per value, for the part of the rare walk that only has to rule
/// candidates out.
fn check_block(
    g: &[u8],
    checked: &[(u32, u8)],
    cand: &[[u8; BLOCK]; CANDIDATES],
    hit: &mut [[u8; BLOCK]; CANDIDATES],
) {
    #[cfg(target_arch = "wasm32")]
    if simd::check(g, checked, cand, hit) {
        return;
    }
    for row in hit.iter_mut() {
        row.fill(0);
    }
    for &(base, u) in checked {
        let Some(window) = g.get(base as usize..base as usize + BLOCK) else {
            continue;
        };
        for (k, row) in hit.iter_mut().enumerate() {
            for ((h, &x), &c) in row.iter_mut().zip(window).zip(&cand[k]) {
                *h |= ((x ^ u) == c) as u8;
            }
        }
    }
}

/// The rare heaps of `rare[ranges]` recorded in full (those at even places
/// in `rare`) or, with `recorded` false, only checked (odd places).
fn part<'a>(
    rare: &'a [u32],
    ranges: &'a [Range<usize>; 2],
    recorded: bool,
) -> impl Iterator<Item = usize> + Clone + 'a {
    let parity = (!recorded) as usize;
    ranges.iter().flat_map(move |range| {
        let first = range.start + (range.start + parity) % 2;
        rare.get(first..range.end.max(first))
            .unwrap_or(&[])
            .iter()
            .step_by(2)
            .map(|&r| r as usize)
    })
}

/// G(r) and the window G(m0 − r .. m0 − r + BLOCK) of the block walk.
fn window(g: &[u8], m0: usize, r: usize) -> Option<(u8, &[u8; BLOCK])> {
    let base = m0.checked_sub(r)?;
    let window = g.get(base..base + BLOCK)?;
    Some((*g.get(r)?, window.try_into().ok()?))
}

#[cfg(test)]
mod tests;
