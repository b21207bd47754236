//! The byte table's hot loops with AVX-512, natively (checked at run time,
//! as `avx512.rs`; elsewhere the 16-byte loops of `simd.rs` run, in the
//! browser too, and natively in a test).
//!
//! - **The checked rare walk** ([`check`]): a block's 64 heaps are one
//!   register, so each checked rare heap costs a load and, per candidate,
//!   a xor of three and a minimum, where the 16-byte loop costs four
//!   compares and four ors.
//! - **The scan** ([`scan`]): four groups of 16 pairs in one register, the
//!   wanted set as 256 bytes read with `vpermi2b` (AVX-512 VBMI) while
//!   many values are wanted, compared value by value once few are.
//!
//! Grundy's game to 2^20 0.70 s → 0.55 s, 0.354 0.20 s → 0.17 s
//! (docs/solver.md).

use super::scan::{Order, Wanted, FEW};
use super::BLOCK;
use core::arch::x86_64::*;

/// Candidates held in registers at once: with their running minima and
/// the window, 20 of the 32 registers.
const PART: usize = 9;

/// Marks in `hit[k][j]` (0xff, or 0) whether `G(r) ^ g[m0 + j − r]` equals
/// `cand[k][j]` for some `(r, G(r))` of `checked` (see
/// `values::check_block`). False (nothing done) without AVX-512 or if a
/// window of `checked` is out of `g`, which the caller never asks for.
pub(super) fn check<const K: usize>(
    g: &[u8],
    m0: usize,
    checked: &[(u32, u8)],
    cand: &[[u8; BLOCK]; K],
    hit: &mut [[u8; BLOCK]; K],
) -> bool {
    if !super::avx512::available()
        || checked
            .iter()
            .any(|&(r, _)| super::window(g, m0, r).is_none())
    {
        return false;
    }
    for first in (0..K).step_by(PART) {
        // SAFETY: the features are there and every window is in g (both
        // checked above).
        unsafe { check_part(g, m0, checked, cand, hit, first) };
    }
    true
}

/// [`check`] for candidates `first..first + PART` (those past `K` repeat
/// the last one, and their hits are not stored).
///
/// # Safety
/// AVX-512 F and BW are available; every window `m0 − r .. m0 − r + BLOCK`
/// of `checked` is in `g`.
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn check_part<const K: usize>(
    g: &[u8],
    m0: usize,
    checked: &[(u32, u8)],
    cand: &[[u8; BLOCK]; K],
    hit: &mut [[u8; BLOCK]; K],
    first: usize,
) {
    // SAFETY: each row is BLOCK = 64 bytes.
    let c: [__m512i; PART] = core::array::from_fn(|i| unsafe {
        _mm512_loadu_si512(cand[(first + i).min(K - 1)].as_ptr().cast())
    });
    let mut least = [_mm512_set1_epi8(-1); PART];
    for &(r, u) in checked {
        // SAFETY: the caller's promise.
        let window = unsafe { _mm512_loadu_si512(g.as_ptr().add(m0 - r as usize).cast()) };
        let value = _mm512_set1_epi8(u as i8);
        for (least, &c) in least.iter_mut().zip(&c) {
            // 0x96: a ^ b ^ c, zero where the pair gives the candidate.
            let differ = _mm512_ternarylogic_epi32::<0x96>(window, value, c);
            *least = _mm512_min_epu8(*least, differ);
        }
    }
    for (i, least) in least.into_iter().enumerate() {
        if let Some(row) = hit.get_mut(first + i) {
            let zero = _mm512_cmpeq_epi8_mask(least, _mm512_setzero_si512());
            // SAFETY: the row is 64 bytes.
            unsafe {
                _mm512_storeu_si512(
                    row.as_mut_ptr().cast(),
                    _mm512_maskz_mov_epi8(zero, _mm512_set1_epi8(-1)),
                )
            };
        }
    }
}

/// Whether the scan's lookup can run here: `vpermi2b` is AVX-512 VBMI.
fn scan_available() -> bool {
    super::avx512::available() && std::is_x86_feature_detected!("avx512vbmi")
}

/// See `simd::scan`: removes from `wanted` the xors of the pairs
/// `small[k] ^ big[k]`, four groups of 16 (one register) at a time, until
/// no group is left in `order` or nothing is wanted. False (nothing done)
/// without AVX-512 VBMI, or if `order` has groups past the slices' ends
/// (never the case).
pub(super) fn scan(small: &[u8], big: &[u8], order: &mut Order, wanted: &mut Wanted) -> bool {
    if !scan_available() || order.groups() * 16 > small.len().min(big.len()) {
        return false;
    }
    // SAFETY: the features are there, and every group of order ends at
    // most at 16·groups, within both slices (both checked above).
    unsafe { scan_512(small, big, order, wanted) };
    true
}

/// [`scan`], its checks made.
///
/// # Safety
/// AVX-512 F, BW and VBMI are available; every group of `order` is within
/// both slices.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
unsafe fn scan_512(small: &[u8], big: &[u8], order: &mut Order, wanted: &mut Wanted) {
    let pairs = Pairs { small, big };
    while order.left() > 0 && !wanted.is_empty() {
        // After each hit the set is smaller: choose the cheapest probe again.
        // SAFETY (each run): the caller's promise.
        match wanted.count {
            1 => {
                let [a] = wanted.few::<1>();
                unsafe { run(&Compare([_mm512_set1_epi8(a as i8)]), &pairs, order, wanted) }
            }
            2 => {
                let [a, b] = wanted.few::<2>();
                let targets = [_mm512_set1_epi8(a as i8), _mm512_set1_epi8(b as i8)];
                unsafe { run(&Compare(targets), &pairs, order, wanted) }
            }
            c if c as usize <= FEW => {
                let targets = wanted.few::<FEW>().map(|t| _mm512_set1_epi8(t as i8));
                unsafe { run(&Compare(targets), &pairs, order, wanted) }
            }
            _ => unsafe { run_lookup(&pairs, order, wanted) },
        }
    }
}

/// The two slices a scan reads, small heaps and big ones.
struct Pairs<'a> {
    small: &'a [u8],
    big: &'a [u8],
}

impl Pairs<'_> {
    /// The pairs of four groups (first pairs `ks`) in one register.
    ///
    /// # Safety
    /// AVX-512 F is available; each group `k..k + 16` is within both slices.
    #[inline]
    #[target_feature(enable = "avx512f")]
    unsafe fn four(&self, ks: [usize; 4]) -> __m512i {
        // SAFETY: the caller's promise.
        let load = |s: &[u8], k: usize| unsafe { _mm_loadu_si128(s.as_ptr().add(k).cast()) };
        let side = |s: &[u8]| {
            let v = _mm512_castsi128_si512(load(s, ks[0]));
            let v = _mm512_inserti32x4::<1>(v, load(s, ks[1]));
            let v = _mm512_inserti32x4::<2>(v, load(s, ks[2]));
            _mm512_inserti32x4::<3>(v, load(s, ks[3]))
        };
        _mm512_xor_si512(side(self.small), side(self.big))
    }

    /// The pairs of one group in the register's first 16 bytes (the others
    /// are 0: the caller masks them out).
    ///
    /// # Safety
    /// As [`Pairs::four`].
    #[inline]
    #[target_feature(enable = "avx512f")]
    unsafe fn one(&self, k: usize) -> __m512i {
        // SAFETY: the caller's promise.
        let load = |s: &[u8]| unsafe { _mm_loadu_si128(s.as_ptr().add(k).cast()) };
        _mm512_zextsi128_si512(_mm_xor_si128(load(self.small), load(self.big)))
    }
}

/// How a register of 64 xors is tested against the wanted set.
trait Probe {
    /// Bit i set where lane i's xor is wanted.
    ///
    /// # Safety
    /// Only from a function with this module's features (they cannot be
    /// enabled on a trait method; every caller has them, so this inlines).
    unsafe fn hits(&self, v: __m512i) -> u64;
}

/// Up to [`FEW`] values compared one by one.
struct Compare<const K: usize>([__m512i; K]);

impl<const K: usize> Probe for Compare<K> {
    #[inline(always)]
    unsafe fn hits(&self, v: __m512i) -> u64 {
        // SAFETY: the caller has the features.
        unsafe { compare_hits(&self.0, v) }
    }
}

#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
fn compare_hits<const K: usize>(targets: &[__m512i; K], v: __m512i) -> u64 {
    targets
        .iter()
        .fold(0, |hit, &t| hit | _mm512_cmpeq_epi8_mask(v, t))
}

/// The whole set as 256 bytes (0xff where the value is wanted) in four
/// registers, looked up with two `vpermi2b` (each answers for the values
/// of its half, by their low seven bits) and the sign bit choosing between
/// them.
struct Lookup([__m512i; 4]);

impl Lookup {
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw")]
    fn new(wanted: &Wanted) -> Lookup {
        let ones = _mm512_set1_epi8(-1);
        Lookup(wanted.words.map(|w| _mm512_maskz_mov_epi8(w, ones)))
    }
}

impl Probe for Lookup {
    #[inline(always)]
    unsafe fn hits(&self, v: __m512i) -> u64 {
        // SAFETY: the caller has the features.
        unsafe { lookup_hits(self, v) }
    }
}

#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
fn lookup_hits(set: &Lookup, v: __m512i) -> u64 {
    let [a, b, c, d] = set.0;
    let low = _mm512_permutex2var_epi8(a, v, b);
    let high = _mm512_permutex2var_epi8(c, v, d);
    let byte = _mm512_mask_blend_epi8(_mm512_movepi8_mask(v), low, high);
    _mm512_test_epi8_mask(byte, byte)
}

/// Takes out of `wanted` the lanes of `v` set in `hit`.
#[inline]
#[target_feature(enable = "avx512f")]
fn record(v: __m512i, mut hit: u64, wanted: &mut Wanted) {
    let mut bytes = [0u8; 64];
    // SAFETY: bytes is 64 bytes long.
    unsafe { _mm512_storeu_si512(bytes.as_mut_ptr().cast(), v) };
    while hit != 0 {
        wanted.remove(bytes[hit.trailing_zeros() as usize]);
        hit &= hit - 1;
    }
}

/// Scans `order` until a register hits (its values then leave `wanted`) or
/// no group is left.
///
/// # Safety
/// AVX-512 F and BW are available; every group of `order` is within both
/// slices.
#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn run(probe: &impl Probe, pairs: &Pairs, order: &mut Order, wanted: &mut Wanted) {
    while let Some(ks) = order.take::<4>() {
        // SAFETY: the caller's promise; this function has the features.
        let (v, hit) = unsafe {
            let v = pairs.four(ks);
            (v, probe.hits(v))
        };
        if hit != 0 {
            record(v, hit, wanted);
            return;
        }
    }
    while let Some(k) = order.next() {
        // SAFETY: as above.
        let (v, hit) = unsafe {
            let v = pairs.one(k);
            (v, probe.hits(v) & 0xffff)
        };
        if hit != 0 {
            record(v, hit, wanted);
            return;
        }
    }
}

/// [`run`] with the whole-set lookup, which goes on after a hit (with the
/// smaller set) until at most [`FEW`] values are left, as `simd.rs` does.
///
/// # Safety
/// As [`run`], and AVX-512 VBMI is available.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
unsafe fn run_lookup(pairs: &Pairs, order: &mut Order, wanted: &mut Wanted) {
    let mut probe = Lookup::new(wanted);
    while let Some(ks) = order.take::<4>() {
        // SAFETY: the caller's promise.
        let v = unsafe { pairs.four(ks) };
        let hit = lookup_hits(&probe, v);
        if hit != 0 {
            record(v, hit, wanted);
            if wanted.count as usize <= FEW {
                return;
            }
            probe = Lookup::new(wanted);
        }
    }
    // SAFETY: the caller's promise.
    unsafe { run(&probe, pairs, order, wanted) }
}
