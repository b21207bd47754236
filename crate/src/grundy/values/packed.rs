//! The u16 table's scan a byte a pair, natively with AVX-512 VBMI, while
//! every value is below [`LIMIT`] (0.6 to 2^20 stays below 303, 0.204
//! below 446).
//!
//! The scan looks for values of one class (the parity of `value & mask`),
//! and a class of the values below 512 is 256 values: leaving out one bit
//! of the mask, which the class gives back, packs each into a byte. The
//! packing keeps xors (it is linear), so a (common, common) pair's packed
//! xor is its value's packing, and distinct values of the class stay
//! distinct. A block of 64 pairs is then one register, looked up in the
//! packed set with two `vpermi2b`, where the u16 scan (`avx512.rs`) takes
//! two registers and two `vpermi2w`. A pair with a rare heap, whose value
//! is of the other class (or which the rare walk handles), may pack like
//! a wanted value: the rare heaps' bits, kept beside the sides, leave its
//! lane out. A hit only takes its packed value out of the registers, and
//! the wanted values and those found are written back once, at the end.
//!
//! The block walk of `avx512.rs` reads the same packed values
//! ([`Windows`]).
//!
//! In the browser, the portable scan's last blocks (one or two values
//! looked for) compared on packed sides, 16 pairs a vector rather than 8,
//! were no faster in node (0.6, 0.204, 0.367 within 1%), and the study
//! module 1.4 KB larger: native only.

use core::arch::x86_64::*;
use core::ops::Range;

/// Values the packed sides hold: below 512, a class is 256 values.
pub(super) const LIMIT: usize = 512;

/// Blocks of 64 pairs read before a branch on their hits.
const TOGETHER: usize = 2;

/// The scan's sides again, a byte a heap (see the module's text).
#[derive(Debug, Clone)]
pub(super) struct Packed {
    /// The packed value of heap x at x.
    pub(super) small: Vec<u8>,
    /// The packed value of heap x at `far − x`, as `big_side_reversed`.
    pub(super) big_reversed: Vec<u8>,
    /// Bit i % 64 of word i / 64 set when heap i + 1, a scan's small heap
    /// of pair i, is rare: those lanes are left out.
    rare_small: Vec<u64>,
    /// Bit j % 64 of word j / 64 set when heap `far − j` is rare, as
    /// `big_reversed`.
    rare_big: Vec<u64>,
    /// The largest rare heap (0 for none): a scan whose big heaps are all
    /// past it leaves `rare_big` unread.
    last_rare: usize,
    /// The values back from the packed ones, and the bit left out.
    pub(super) unpack: Unpack,
}

impl Packed {
    /// The sides for `values` under `mask`, to `far`: none when a value
    /// passes [`LIMIT`], when the mask has no bit below 9 (then one class
    /// holds every value below 512), or when the processor cannot scan them.
    pub(super) fn new(mask: u16, values: &[u16], rare: &[u32], far: usize) -> Option<Packed> {
        let drop = mask.trailing_zeros();
        if drop >= LIMIT.trailing_zeros()
            || values.iter().any(|&v| v as usize >= LIMIT)
            || !available()
        {
            return None;
        }
        let mut packed = Packed {
            small: Vec::with_capacity(values.len()),
            // Heaps past the last known one are 0 here with no rare bit,
            // where the u16 side marks them rare: a scan of h ≤ m tokens,
            // m the next heap, reads big heaps below h only, all known.
            big_reversed: vec![0; far + 1],
            rare_small: Vec::new(),
            rare_big: vec![0; far / 64 + 1],
            last_rare: 0,
            unpack: Unpack::new(mask),
        };
        let mut rare = rare.iter().peekable();
        for (m, &g) in values.iter().enumerate() {
            let is_rare = rare.next_if(|&&r| r as usize == m).is_some();
            packed.push(m, g, is_rare, far);
        }
        Some(packed)
    }

    /// Heap `m`'s value `g` (below [`LIMIT`]), `m` the next heap, rare or not.
    pub(super) fn push(&mut self, m: usize, g: u16, rare: bool, far: usize) {
        let byte = self.pack(g as usize);
        self.small.push(byte);
        if let Some(slot) = self.big_reversed.get_mut(far.wrapping_sub(m)) {
            *slot = byte;
        }
        if rare && m > 0 {
            let i = m - 1;
            if self.rare_small.len() <= i / 64 {
                self.rare_small.resize(i / 64 + 1, 0);
            }
            self.rare_small[i / 64] |= 1 << (i % 64);
            self.last_rare = m;
            if let Some(j) = far.checked_sub(m) {
                self.rare_big[j / 64] |= 1 << (j % 64);
            }
        }
    }

    /// What a scan of the `half` splits of `h` tokens reads.
    pub(super) fn sides(&self, h: usize, half: usize) -> Sides<'_> {
        let start = self.big_reversed.len() - h;
        Sides {
            small: &self.small[1..=half],
            big: &self.big_reversed[start..start + half],
            rare_small: &self.rare_small,
            // Past the last rare heap, the big heaps' bits are not read.
            rare_big: (h - half <= self.last_rare).then_some((&self.rare_big[..], start)),
            unpack: &self.unpack,
        }
    }

    /// What the block walk reads (see [`Windows`]).
    pub(super) fn windows(&self) -> Windows<'_> {
        Windows {
            values: &self.small,
            rare: &self.rare_small,
            drop: self.unpack.drop,
        }
    }

    /// `v` (below [`LIMIT`]) without the mask's lowest bit.
    fn pack(&self, v: usize) -> u8 {
        pack(v, self.unpack.drop)
    }
}

/// The packed values as the block walk reads them (`avx512::walk_block`):
/// a pair with a rare heap may pack like a candidate, so its lane is left
/// out by the rare heaps' bits.
pub(super) struct Windows<'a> {
    /// The packed value of heap x at x.
    pub(super) values: &'a [u8],
    rare: &'a [u64],
    drop: u32,
}

impl Windows<'_> {
    /// Bit i: heap `start + i` is rare. Heap 0, rare in the table's list
    /// (value 0 is of the rare class), has no bit here: a window starts
    /// past the walked rare heaps, at least LANES.
    #[inline]
    pub(super) fn rare32(&self, start: usize) -> u32 {
        debug_assert!(start > 0);
        // Bit x − 1 of `rare` is heap x's.
        let bit = start - 1;
        let (word, shift) = (bit / 64, bit % 64);
        let low = self.rare.get(word).copied().unwrap_or(0) >> shift;
        let high = match shift {
            0 => 0,
            _ => self.rare.get(word + 1).copied().unwrap_or(0) << (64 - shift),
        };
        (low | high) as u32
    }

    /// `v` (below [`LIMIT`]) packed.
    pub(super) fn pack(&self, v: usize) -> u8 {
        pack(v, self.drop)
    }
}

pub(super) fn pack(v: usize, drop: u32) -> u8 {
    ((v >> (drop + 1) << drop) | (v & ((1 << drop) - 1))) as u8
}

/// Whether the packed scan can run here (std caches the answer); a test
/// sets [`NO_PACKED`] to leave it out.
pub(super) fn available() -> bool {
    #[cfg(test)]
    if NO_PACKED.get() {
        return false;
    }
    super::avx512::available()
        && std::is_x86_feature_detected!("avx512vbmi")
        && std::is_x86_feature_detected!("bmi2")
}

#[cfg(test)]
thread_local! {
    /// Set by a test to scan the u16 sides on this thread.
    pub(super) static NO_PACKED: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// The packed sides of a scan, `small` and `big` as the u16 ones (pair i
/// of `h` tokens: heaps i + 1 and h − 1 − i), and which heaps are rare:
/// the bits of pair i in `rare_small`, and in `rare_big.0` from bit
/// `rare_big.1` on, or none when no big heap is rare.
pub(super) struct Sides<'a> {
    small: &'a [u8],
    big: &'a [u8],
    rare_small: &'a [u64],
    rare_big: Option<(&'a [u64], usize)>,
    unpack: &'a Unpack,
}

/// Scans the pairs of the first `blocks` ranges of `next` for the `missing`
/// values set in `wanted`, as `avx512::scan` does, on the packed `sides`
/// but the pairs with a rare heap, clearing those seen and setting them in
/// `in_sum` (when it holds them: it may be empty); returns how many are
/// still missing. The wanted values are packed into registers, and a hit
/// only takes its packed value out of them: `wanted` and `in_sum` are
/// written once, at the end, from the registers.
///
/// # Safety
/// [`available`]; every range ends within the sides and starts at a
/// multiple of 64; `wanted` is a multiple of 64 bytes long, at most
/// [`LIMIT`], and its values are of one class under the mask, that of the
/// (common, common) pairs' values.
pub(super) unsafe fn scan(
    sides: &Sides,
    blocks: usize,
    next: &mut impl Iterator<Item = Range<usize>>,
    wanted: &mut [u8],
    in_sum: &mut [u8],
    missing: usize,
) -> usize {
    // SAFETY: the caller's promises.
    unsafe {
        match sides.rare_big {
            None => scan_with::<false>(sides, (&[], 0), blocks, next, wanted, in_sum, missing),
            Some(rare_big) => {
                scan_with::<true>(sides, rare_big, blocks, next, wanted, in_sum, missing)
            }
        }
    }
}

/// [`scan`], the big heaps' bits read when `RARE_BIG`.
///
/// # Safety
/// As for [`scan`]; `rare_big` is `sides.rare_big` when `RARE_BIG`.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,bmi2")]
unsafe fn scan_with<const RARE_BIG: bool>(
    sides: &Sides,
    rare_big: (&[u64], usize),
    blocks: usize,
    next: &mut impl Iterator<Item = Range<usize>>,
    wanted: &mut [u8],
    in_sum: &mut [u8],
    mut missing: usize,
) -> usize {
    let Sides {
        small,
        big,
        rare_small,
        unpack,
        ..
    } = *sides;
    debug_assert!(wanted.len() <= LIMIT && wanted.len().is_multiple_of(64));
    let Some(first) = wanted.iter().position(|&w| w != 0) else {
        return missing;
    };
    let odd = unpack.odd(first);
    // Two values of both classes would pack alike, and one be lost.
    debug_assert!((wanted.iter().enumerate()).all(|(v, &w)| w == 0 || unpack.odd(v) == odd));
    let before = Set::from_bytes(wanted, unpack.drop);
    let mut set = Set { regs: before.regs };
    let mut left = blocks;
    while left > 0 && missing > 0 {
        let mut ranges: [Range<usize>; TOGETHER] = [const { 0..0 }; TOGETHER];
        for range in ranges.iter_mut().take(left) {
            *range = next.next().unwrap_or(0..0);
        }
        left -= left.min(TOGETHER);
        let mut hit = [0u64; TOGETHER];
        let mut xors = [_mm512_setzero_si512(); TOGETHER];
        for (b, range) in ranges.iter().enumerate() {
            // A block's rare heaps' bits are one word of `rare_small`.
            debug_assert!(range.start.is_multiple_of(64) && range.len() <= 64);
            let lanes = match range.len() {
                64.. => u64::MAX,
                count => (1u64 << count) - 1,
            } & !rare_small.get(range.start / 64).copied().unwrap_or(0)
                & !match RARE_BIG {
                    true => bits_at(rare_big.0, rare_big.1 + range.start),
                    false => 0,
                };
            // SAFETY: lanes past the range's end are not read, and the
            // caller promised every range's end within the slices; the
            // address by wrapping_add, as in `avx512::find`.
            let v = unsafe {
                _mm512_xor_si512(
                    _mm512_maskz_loadu_epi8(lanes, small.as_ptr().wrapping_add(range.start).cast()),
                    _mm512_maskz_loadu_epi8(lanes, big.as_ptr().wrapping_add(range.start).cast()),
                )
            };
            hit[b] = set.hits(lanes, v);
            xors[b] = v;
        }
        if hit.iter().all(|&h| h == 0) {
            continue;
        }
        // The packed values found, as bits of the set's four registers
        // (a value given twice sets its bit twice), in one register: a
        // value p is bit p − 64·i of word i, and `vpsllvq` reads the other
        // words' counts (below 0 or past 63) as unsigned, giving 0. Bits of
        // an array in memory chained the hits through it when they fell in
        // one word.
        let word_start = _mm256_setr_epi64x(0, 64, 128, 192);
        let mut found = _mm256_setzero_si256();
        for (mut hit, xors) in hit.into_iter().zip(xors) {
            let mut bytes = [0u8; 64];
            // SAFETY: 64 bytes.
            unsafe { _mm512_storeu_si512(bytes.as_mut_ptr().cast(), xors) };
            while hit != 0 {
                let p = bytes[hit.trailing_zeros() as usize];
                hit &= hit - 1;
                let shift = _mm256_sub_epi64(_mm256_set1_epi64x(i64::from(p)), word_start);
                found = _mm256_or_si256(found, _mm256_sllv_epi64(_mm256_set1_epi64x(1), shift));
            }
        }
        let mut words = [0u64; 4];
        // SAFETY: 32 bytes.
        unsafe { _mm256_storeu_si256(words.as_mut_ptr().cast(), found) };
        set.remove(words);
        missing = set.len();
    }
    // SAFETY: `wanted` and `in_sum` (when not empty) are as long, at most
    // LIMIT, a multiple of 64.
    unsafe { unpack.write(&before, &set, odd, wanted, in_sum) };
    missing
}

/// The 64 bits of `bits` from bit `at` on (0 past its end).
#[inline]
fn bits_at(bits: &[u64], at: usize) -> u64 {
    let word = |w: usize| bits.get(w).copied().unwrap_or(0);
    let shift = at % 64;
    // Two shifts for the upper word, so that a shift of 0 reads none of it.
    word(at / 64) >> shift | word(at / 64 + 1) << 1 << (63 - shift)
}

/// What puts the packed values back: for each 64 values, the packed index
/// of each, and which of them have an odd class.
#[derive(Debug, Clone)]
pub(super) struct Unpack {
    /// The bit of the values left out: the mask's lowest, below 9.
    drop: u32,
    index: [[u8; 64]; LIMIT / 64],
    odd: [u64; LIMIT / 64],
}

impl Unpack {
    fn new(mask: u16) -> Unpack {
        let drop = mask.trailing_zeros();
        Unpack {
            drop,
            index: core::array::from_fn(|c| core::array::from_fn(|i| pack(64 * c + i, drop))),
            odd: core::array::from_fn(|c| {
                (0..64).fold(0, |bits, i| {
                    let class = ((64 * c + i) as u16 & mask).count_ones() as u64 % 2;
                    bits | class << i
                })
            }),
        }
    }

    /// Whether value `v` has an odd class.
    fn odd(&self, v: usize) -> bool {
        self.odd[v / 64 % (LIMIT / 64)] >> (v % 64) & 1 == 1
    }

    /// Writes into `wanted` the values of the class `odd` says whose packed
    /// value `set` holds (0 or 1 a value), and sets in `in_sum` (when it is
    /// not empty) those that `before` held and `set` does not.
    ///
    /// # Safety
    /// AVX-512 F, BW and VBMI are available; `wanted` and `in_sum` (when not
    /// empty) are as long, a multiple of 64 at most [`LIMIT`].
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    unsafe fn write(
        &self,
        before: &Set,
        set: &Set,
        odd: bool,
        wanted: &mut [u8],
        in_sum: &mut [u8],
    ) {
        let ones = _mm512_set1_epi8(1);
        for (c, chunk) in wanted.chunks_exact_mut(64).enumerate() {
            let class = match odd {
                true => self.odd[c],
                false => !self.odd[c],
            };
            // SAFETY: 64 bytes.
            let index = unsafe { _mm512_loadu_si512(self.index[c].as_ptr().cast()) };
            let now = set.holds(index) & class;
            // SAFETY: 64 bytes, in `wanted` and, when not empty, `in_sum`.
            unsafe {
                _mm512_storeu_si512(chunk.as_mut_ptr().cast(), _mm512_maskz_mov_epi8(now, ones));
                if let Some(sum) = in_sum.get_mut(64 * c..64 * c + 64) {
                    let gone = before.holds(index) & class & !now;
                    let was = _mm512_loadu_si512(sum.as_ptr().cast());
                    let sum_now = _mm512_mask_mov_epi8(was, gone, ones);
                    _mm512_storeu_si512(sum.as_mut_ptr().cast(), sum_now);
                }
            }
        }
    }
}

/// The packed wanted values, a byte each (0xff when wanted) in four
/// registers, as the byte table's lookup (`bytes512.rs`).
struct Set {
    regs: [__m512i; 4],
}

impl Set {
    /// The packed values of those whose byte in `wanted` is not 0.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,bmi2")]
    fn from_bytes(wanted: &[u8], drop: u32) -> Set {
        let mut words = [0u64; LIMIT / 64];
        for (word, chunk) in words.iter_mut().zip(wanted.chunks_exact(64)) {
            // SAFETY: a chunk of 64 bytes.
            *word = unsafe { super::avx512::nonzero_bytes(chunk.as_ptr()) };
        }
        let mut bits = [0u64; 4];
        if drop < 6 {
            // The values of a word whose bit `drop` is 0, then those whose
            // bit is 1: each 32 packed values in order.
            let ones = (0..64u64)
                .filter(|p| p >> drop & 1 == 1)
                .fold(0, |m, p| m | 1 << p);
            for (k, &w) in words.iter().enumerate() {
                let half = _pext_u64(w, !ones) | _pext_u64(w, ones);
                bits[k / 2] |= half << (32 * (k % 2));
            }
        } else {
            // The bit is one of the word's index: two words pack into one.
            for (k, &w) in words.iter().enumerate() {
                bits[pack(k, drop - 6) as usize] |= w;
            }
        }
        Set {
            regs: bits.map(|b| _mm512_movm_epi8(b)),
        }
    }

    /// Bit i of `lanes` set where lane i's packed value is in the set.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    fn hits(&self, lanes: u64, v: __m512i) -> u64 {
        let byte = self.lookup(v);
        _mm512_mask_test_epi8_mask(lanes, byte, byte)
    }

    /// Bit i set where the packed value in lane i of `v` is in the set.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    fn holds(&self, v: __m512i) -> u64 {
        self.hits(u64::MAX, v)
    }

    /// Each lane's byte of the set (0xff or 0).
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    fn lookup(&self, v: __m512i) -> __m512i {
        let [a, b, c, d] = self.regs;
        let low = _mm512_permutex2var_epi8(a, v, b);
        let high = _mm512_permutex2var_epi8(c, v, d);
        _mm512_mask_blend_epi8(_mm512_movepi8_mask(v), low, high)
    }

    /// Takes out the packed values set in `bits` (bit p % 64 of word p / 64).
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw")]
    fn remove(&mut self, bits: [u64; 4]) {
        for (reg, bits) in self.regs.iter_mut().zip(bits) {
            *reg = _mm512_mask_mov_epi8(*reg, bits, _mm512_setzero_si512());
        }
    }

    /// How many packed values the set holds.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw")]
    fn len(&self) -> usize {
        self.regs
            .iter()
            .map(|&r| _mm512_test_epi8_mask(r, r).count_ones() as usize)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Packing is a bijection of each class below 512 onto the bytes, for
    /// every lowest bit of the mask, and keeps the class's order (the block
    /// walk reads its candidates in the packed order).
    #[test]
    fn each_class_packs_onto_the_bytes() {
        for drop in 0..9 {
            let mask = (0xffffu16 << drop) & 0x1ff | 0x8000;
            let unpack = Unpack::new(mask);
            for odd in [false, true] {
                let mut seen = [false; 256];
                let mut last = None;
                for v in (0..LIMIT).filter(|&v| unpack.odd(v) == odd) {
                    let p = pack(v, drop) as usize;
                    assert!(!seen[p], "mask {mask:#x}, value {v}");
                    assert!(last < Some(p), "mask {mask:#x}, value {v}");
                    last = Some(p);
                    seen[p] = true;
                    assert_eq!(unpack.index[v / 64][v % 64] as usize, p);
                }
                assert!(seen.iter().all(|&s| s));
            }
        }
    }

    /// The packed scan against a plain one over the u16 values, on made-up
    /// tables: values below 512 under masks whose lowest bit is 0 to 8, a
    /// sixteenth of the heaps rare (their pairs left out, on either side),
    /// the classes flipped on even heaps or not, the wanted values of the
    /// (common, common) pairs' class, blocks read in a shuffled order, some
    /// scans stopped short. What it clears is what it found.
    #[test]
    fn the_packed_scan_finds_what_a_plain_scan_finds() {
        if !available() {
            eprintln!("no AVX-512 VBMI here: the packed scan is not run");
            return;
        }
        let mut rng = Rng::new(34);
        for case in 0..400 {
            let drop = (rng.next_u64() % 9) as u32;
            let mask = ((rng.next_u64() as u16) | 0x8000) & !((1u16 << drop) - 1) | 1 << drop;
            let flipped = rng.next_u64().is_multiple_of(2);
            let n = 2 + (rng.next_u64() % 3000) as usize;
            let odd_class = |v: usize| (v as u16 & mask).count_ones() % 2 == 1;
            // A common heap x has a value of class `common(x)`.
            let common = |x: usize| !(flipped && x.is_multiple_of(2));
            // A scan of the splits of h tokens.
            let h = 2 + (rng.next_u64() % (n as u64 - 1)) as usize;
            let half = (h - 1) / 2;
            // Rare heaps everywhere, or only among the small heaps (the big
            // heaps' bits then unread), or the last one the least big heap.
            let rare_below = match case % 4 {
                1 | 2 => h - half,
                _ => n + 1,
            };
            let rare: Vec<bool> = (0..=n)
                .map(|x| {
                    x == 0
                        || (case % 4 == 2 && x == h - half)
                        || (x < rare_below && rng.next_u64().is_multiple_of(16))
                })
                .collect();
            let values: Vec<u16> = (0..=n)
                .map(|x| loop {
                    let v = (rng.next_u64() % LIMIT as u64) as usize;
                    if rare[x] || odd_class(v) == common(x) {
                        break v as u16;
                    }
                })
                .collect();
            let rare_list: Vec<u32> = (0..=n as u32).filter(|&x| rare[x as usize]).collect();
            let far = n + (rng.next_u64() % 100) as usize;
            let packed = Packed::new(mask, &values, &rare_list, far).expect("values below 512");
            if half == 0 {
                continue;
            }
            let class = common(1) != common(h - 1);
            let wanted_len = [64, 128, 256, 512][case % 4];
            let mut wanted = vec![0u8; wanted_len];
            let count = 1 + rng.next_u64() % [4, 40, 200][case % 3];
            for _ in 0..count {
                let v = (rng.next_u64() % wanted_len as u64) as usize;
                wanted[v] = (odd_class(v) == class) as u8;
            }
            let missing = wanted.iter().filter(|&&w| w == 1).count();
            let blocks = half.div_ceil(64);
            let mut order: Vec<usize> = (0..blocks).collect();
            for i in (1..blocks).rev() {
                order.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
            }
            let read = match case % 5 {
                0 => 1 + (rng.next_u64() % blocks as u64) as usize,
                _ => blocks,
            };
            let ranges: Vec<Range<usize>> = order
                .iter()
                .map(|&b| 64 * b..(64 * b + 64).min(half))
                .collect();
            let mut plain = wanted.clone();
            let mut plain_missing = missing;
            for range in &ranges[..read] {
                for i in range.clone() {
                    let (a, b) = (i + 1, h - 1 - i);
                    if rare[a] || rare[b] {
                        continue;
                    }
                    let v = (values[a] ^ values[b]) as usize;
                    assert_eq!(odd_class(v), class, "case {case}");
                    if let Some(w) = plain.get_mut(v) {
                        plain_missing -= *w as usize;
                        *w = 0;
                    }
                }
            }
            let before = wanted.clone();
            let mut found = vec![0u8; [0, wanted_len][case % 2]];
            let mut sides = packed.sides(h, half);
            match case % 4 {
                1 => assert!(sides.rare_big.is_none(), "case {case}"),
                2 => assert!(sides.rare_big.is_some(), "case {case}"),
                _ => {}
            }
            // The big heaps' bits read when none is rare, too.
            if case % 4 == 3 {
                sides.rare_big = Some((&packed.rare_big, far + 1 - h));
            }
            let mut next = ranges.iter().cloned();
            // SAFETY: VBMI is here; the ranges are blocks of the sides from
            // multiples of 64.
            let left = unsafe { scan(&sides, read, &mut next, &mut wanted, &mut found, missing) };
            assert_eq!(
                left,
                wanted.iter().filter(|&&w| w == 1).count(),
                "case {case}"
            );
            for (v, &f) in found.iter().enumerate() {
                assert_eq!(f, before[v] & (wanted[v] ^ 1), "case {case}, value {v}");
            }
            // It stops once nothing is wanted; otherwise it read all it was given.
            match left {
                0 => assert_eq!(plain_missing, 0, "case {case}"),
                _ => {
                    assert_eq!(left, plain_missing, "case {case}");
                    assert_eq!(wanted, plain, "case {case}");
                }
            }
        }
    }
}
