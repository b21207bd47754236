//! The hot loops with wasm SIMD (simd128, supported by every current
//! browser): the block walk and its checked half, and the scan. The feature
//! is enabled per function, so the crate's ordinary `cargo build --release
//! --target wasm32-unknown-unknown` emits it without a global
//! `target-feature` flag. Natively on x86-64 the same loops run on x86
//! versions of the operations (`x86.rs`) when the processor has AVX2;
//! elsewhere, the portable loops of `values.rs` and `scan.rs`.
//!
//! Measured in V8 (node 20, Chromium 156): 16 bytes per instruction win
//! everywhere here; what costs is leaving the vector loops (a hit, a change
//! of probe), so the loops test for hits once per four vectors.
//!
//! Each entry point returns whether it did the work (false: the caller runs
//! the portable loop).

// Calling a simd128 function is safe in wasm (an engine without it rejects
// the whole module), not an x86 one without the check of `available`.
#![cfg_attr(target_arch = "wasm32", allow(unused_unsafe))]

use super::scan::{Order, Wanted, FEW};
#[cfg(target_arch = "x86_64")]
use super::x86::*;
use super::BLOCK;
#[cfg(target_arch = "wasm32")]
use core::arch::wasm32::*;

/// Whether the vector loops can run here.
#[cfg(target_arch = "wasm32")]
fn available() -> bool {
    true
}

/// Whether the vector loops can run here (std caches the answer).
#[cfg(target_arch = "x86_64")]
fn available() -> bool {
    #[cfg(test)]
    if PORTABLE.get() {
        return false;
    }
    std::is_x86_feature_detected!("avx2")
}

#[cfg(all(test, target_arch = "x86_64"))]
thread_local! {
    /// Set by a test to run the portable loops on this thread.
    pub(super) static PORTABLE: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// See [`walk_simd`].
pub(super) fn walk(g: &[u8], m0: usize, rare: &[(u32, u8)], seen: &mut [[u8; 256]; BLOCK]) -> bool {
    if !available() {
        return false;
    }
    // SAFETY: the features are there (just checked).
    unsafe { walk_simd(g, m0, rare, seen) };
    true
}

/// See [`compact_simd`].
pub(super) fn compact<const K: usize, const L: usize>(
    cand: &[[u8; BLOCK]; K],
    hit: &[[u8; BLOCK]; K],
    count: &[u8; BLOCK],
    out: &mut [[u8; BLOCK]; L],
    out_count: &mut [u8; BLOCK],
) -> bool {
    if !available() {
        return false;
    }
    // SAFETY: the features are there (just checked).
    unsafe { compact_simd(cand, hit, count, out, out_count) };
    true
}

/// See [`check_simd`].
pub(super) fn check<const K: usize>(
    g: &[u8],
    m0: usize,
    checked: &[(u32, u8)],
    cand: &[[u8; BLOCK]; K],
    hit: &mut [[u8; BLOCK]; K],
) -> bool {
    // SAFETY: the features are there (checked first).
    available() && unsafe { check_simd(g, m0, checked, cand, hit) }
}

/// See [`unseen_simd`].
pub(super) fn unseen(seen: &[u8; 256], words: usize) -> Option<[u64; 4]> {
    // SAFETY: the features are there (checked first).
    available().then(|| unsafe { unseen_simd(seen, words) })
}

/// See [`unseen_simd`], for every row (false: not done here).
pub(super) fn unseen_rows(
    seen: &[[u8; 256]; BLOCK],
    words: usize,
    out: &mut [[u64; 4]; BLOCK],
) -> bool {
    if !available() {
        return false;
    }
    // SAFETY: the features are there (just checked).
    unsafe { unseen_rows_simd(seen, words, out) };
    true
}

/// See [`mark_simd`].
pub(super) fn mark(small: &[u8], big: &[u8], groups: &[usize], found: &mut [u8; 256]) -> bool {
    if !available() {
        return false;
    }
    // SAFETY: the features are there (just checked).
    unsafe { mark_simd(small, big, groups, found) }
}

/// See [`scan_simd`].
pub(super) fn scan(small: &[u8], big: &[u8], order: &mut Order, wanted: &mut Wanted) -> bool {
    if !available() {
        return false;
    }
    // SAFETY: the features are there (just checked).
    unsafe { scan_simd(small, big, order, wanted) };
    true
}

/// The rare walk of a block (see [`super::walk_block`]): for each rare heap,
/// 16 xors per vector, then one store per lane at a constant row offset.
#[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
#[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx2"))]
fn walk_simd(g: &[u8], m0: usize, rare: &[(u32, u8)], seen: &mut [[u8; 256]; BLOCK]) {
    let (groups, _) = seen.as_chunks_mut::<16>();
    for &(r, u) in rare {
        let Some(window) = super::window(g, m0, r) else {
            continue;
        };
        let splat = u8x16_splat(u);
        for (q, rows) in groups.iter_mut().enumerate() {
            // SAFETY: q < BLOCK / 16, so the 16 bytes at 16q are in the window.
            let v = v128_xor(
                unsafe { v128_load(window.as_ptr().add(16 * q) as *const v128) },
                splat,
            );
            macro_rules! lanes {
                ($($i:literal)*) => { $( rows[$i][u8x16_extract_lane::<$i>(v) as usize] = 1; )* };
            }
            lanes!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
        }
    }
}

/// The checked rare walk of a block (see [`super::check_block`]): per group of
/// 16 heaps, the candidates and hit flags stay in registers while all the
/// checked rare heaps go by. False (nothing done) if a window of `checked`
/// is out of `g`, which the caller never asks for.
#[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
#[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx2"))]
fn check_simd<const K: usize>(
    g: &[u8],
    m0: usize,
    checked: &[(u32, u8)],
    cand: &[[u8; BLOCK]; K],
    hit: &mut [[u8; BLOCK]; K],
) -> bool {
    // What makes the window loads below safe.
    if checked
        .iter()
        .any(|&(r, _)| super::window(g, m0, r).is_none())
    {
        return false;
    }
    for q in 0..BLOCK / 16 {
        // SAFETY (candidates and hits): q < BLOCK / 16, so 16q + 16 ≤ BLOCK.
        let c: [v128; K] = core::array::from_fn(|k| unsafe {
            v128_load(cand[k].as_ptr().add(16 * q) as *const v128)
        });
        let mut h = [u8x16_splat(0); K];
        for &(r, u) in checked {
            // SAFETY: the window m0 − r .. m0 − r + BLOCK is in g (checked
            // above).
            let base = m0 - r as usize;
            let x = unsafe { v128_load(g.as_ptr().add(base + 16 * q) as *const v128) };
            let v = v128_xor(x, u8x16_splat(u));
            for k in 0..K {
                h[k] = v128_or(h[k], u8x16_eq(v, c[k]));
            }
        }
        for k in 0..K {
            // SAFETY: as for the candidates.
            unsafe { v128_store(hit[k].as_mut_ptr().add(16 * q) as *mut v128, h[k]) };
        }
    }
    true
}

/// [`unseen_simd`] of each row.
#[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
#[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx2"))]
fn unseen_rows_simd(seen: &[[u8; 256]; BLOCK], words: usize, out: &mut [[u64; 4]; BLOCK]) {
    for (row, bits) in seen.iter().zip(out) {
        *bits = unseen_simd(row, words);
    }
}

/// The values v with `seen[v] == 0`, 16 at a time, in the first `words`
/// words (the others all ones).
#[inline]
#[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
#[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx2"))]
fn unseen_simd(seen: &[u8; 256], words: usize) -> [u64; 4] {
    let zero = u8x16_splat(0);
    core::array::from_fn(|i| {
        if i >= words {
            return u64::MAX;
        }
        (0..4).fold(0, |word, q| {
            // SAFETY: 64i + 16q + 16 ≤ 256.
            let v = unsafe { v128_load(seen.as_ptr().add(64 * i + 16 * q) as *const v128) };
            word | (u8x16_bitmask(u8x16_eq(v, zero)) as u64) << (16 * q)
        })
    })
}

/// Sets `found[small[i] ^ big[i]]` for the 16 pairs of each group of
/// `groups`: a store per pair, no test (see `scan::mark_first`). False
/// (nothing done) if a group is out of the slices, which the caller never
/// asks for.
#[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
#[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx2"))]
fn mark_simd(small: &[u8], big: &[u8], groups: &[usize], found: &mut [u8; 256]) -> bool {
    if groups.iter().any(|&k| k + 16 > small.len().min(big.len())) {
        return false;
    }
    for &k in groups {
        // SAFETY: k + 16 is within both slices (checked above).
        let v = unsafe { pairs(small, big, k) };
        macro_rules! lanes {
            ($($i:literal)*) => { $( found[u8x16_extract_lane::<$i>(v) as usize] = 1; )* };
        }
        lanes!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
    }
    true
}

/// [`super::compact`] for 16 heaps at a time, with no branch: each first
/// candidate k goes to slot s of the heaps where it is the s-th unreached
/// one (a compare and a blend per slot).
#[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
#[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx2"))]
fn compact_simd<const K: usize, const L: usize>(
    cand: &[[u8; BLOCK]; K],
    hit: &[[u8; BLOCK]; K],
    count: &[u8; BLOCK],
    out: &mut [[u8; BLOCK]; L],
    out_count: &mut [u8; BLOCK],
) {
    let load = |row: &[u8; BLOCK], q: usize| {
        // SAFETY: q < BLOCK / 16, so the 16 bytes at 16q are in the row.
        unsafe { v128_load(row.as_ptr().add(16 * q) as *const v128) }
    };
    let zero = u8x16_splat(0);
    let one = u8x16_splat(1);
    for q in 0..BLOCK / 16 {
        let n = load(count, q);
        let mut rank = zero;
        let mut slots = [zero; L];
        for k in 0..K {
            // Unreached, and a real candidate (k below the heap's count).
            let live = v128_and(u8x16_eq(load(&hit[k], q), zero), below_count(n, k as u8));
            let c = load(&cand[k], q);
            for (s, slot) in slots.iter_mut().enumerate() {
                let here = v128_and(live, u8x16_eq(rank, u8x16_splat(s as u8)));
                *slot = v128_or(v128_and(here, c), v128_andnot(*slot, here));
            }
            rank = u8x16_add(rank, v128_and(live, one));
        }
        for (s, slot) in slots.iter().enumerate() {
            // SAFETY: as in load.
            unsafe { v128_store(out[s].as_mut_ptr().add(16 * q) as *mut v128, *slot) };
        }
        let kept = u8x16_min(rank, u8x16_splat(L as u8));
        // SAFETY: as in load.
        unsafe { v128_store(out_count.as_mut_ptr().add(16 * q) as *mut v128, kept) };
    }
}

/// All ones in the lanes where `k < n`.
#[inline]
#[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
#[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx2"))]
fn below_count(n: v128, k: u8) -> v128 {
    // k < n ⟺ max(n, k + 1) = n (unsigned bytes, n ≤ 255 and k < 255).
    u8x16_eq(u8x16_max(n, u8x16_splat(k + 1)), n)
}

/// Pairs k..k+16 as one vector: small[k + i] ^ big[k + i].
///
/// # Safety
/// `k + 16 <= small.len()` and `k + 16 <= big.len()`.
#[inline]
#[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
#[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx2"))]
unsafe fn pairs(small: &[u8], big: &[u8], k: usize) -> v128 {
    // SAFETY: the caller keeps both 16-byte loads inside the slices
    // (unaligned loads are allowed in wasm).
    unsafe {
        v128_xor(
            v128_load(small.as_ptr().add(k) as *const v128),
            v128_load(big.as_ptr().add(k) as *const v128),
        )
    }
}

/// Takes out of `wanted` the lanes of `v` whose lane in `hit` is not 0.
#[inline]
#[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
#[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx2"))]
fn record(v: v128, hit: v128, wanted: &mut Wanted) {
    let mut lanes = u8x16_bitmask(u8x16_ne(hit, u8x16_splat(0)));
    let mut bytes = [0u8; 16];
    // SAFETY: bytes is 16 bytes long.
    unsafe { v128_store(bytes.as_mut_ptr() as *mut v128, v) };
    while lanes != 0 {
        wanted.remove(bytes[lanes.trailing_zeros() as usize]);
        lanes &= lanes - 1;
    }
}

/// How a vector of 16 xors is tested against the wanted set.
trait Probe {
    /// Non-zero lanes where the xor is wanted.
    ///
    /// # Safety
    /// Only from a function with this module's features (they cannot be
    /// enabled on a trait method; every caller has them, so this inlines).
    unsafe fn hits(&self, v: v128) -> v128;
}

/// The whole set, looked up with byte shuffles: byte v >> 3 of the 32-byte
/// set (swizzle gives 0 for an index past 15, so each half answers only for
/// its own indices), then bit v & 7 of that byte. The constants are fields so
/// that they are computed once per run, not at each use inside the loop.
struct Lookup {
    lo: v128,
    hi: v128,
    bits: v128,
    low5: v128,
    seven: v128,
    sixteen: v128,
}

impl Lookup {
    /// Takes the set again after values left it.
    #[inline]
    #[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
    #[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx2"))]
    fn reload(&mut self, wanted: &Wanted) {
        // SAFETY: words is 32 bytes long.
        unsafe {
            let p = wanted.words.as_ptr() as *const v128;
            (self.lo, self.hi) = (v128_load(p), v128_load(p.add(1)));
        }
    }

    #[inline]
    #[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
    #[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx2"))]
    fn new(wanted: &Wanted) -> Lookup {
        // SAFETY: words is 32 bytes long.
        let (lo, hi) = unsafe {
            let p = wanted.words.as_ptr() as *const v128;
            (v128_load(p), v128_load(p.add(1)))
        };
        Lookup {
            lo,
            hi,
            bits: u8x16(1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128),
            low5: u8x16_splat(31),
            seven: u8x16_splat(7),
            sixteen: u8x16_splat(16),
        }
    }
}

impl Probe for Lookup {
    #[inline(always)]
    unsafe fn hits(&self, v: v128) -> v128 {
        // SAFETY: the caller has the features.
        unsafe { lookup_hits(self, v) }
    }
}

#[inline]
#[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
#[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx2"))]
fn lookup_hits(set: &Lookup, v: v128) -> v128 {
    // A 16-bit shift and a mask: what a byte shift compiles to anyway, with
    // the mask in a register.
    let index = v128_and(u16x8_shr(v, 3), set.low5);
    let byte = v128_or(
        i8x16_swizzle(set.lo, index),
        i8x16_swizzle(set.hi, v128_xor(index, set.sixteen)),
    );
    v128_and(byte, i8x16_swizzle(set.bits, v128_and(v, set.seven)))
}

/// Up to K values compared one by one (K ≤ FEW; cheaper than the lookup).
struct Compare<const K: usize>([v128; K]);

impl<const K: usize> Probe for Compare<K> {
    #[inline(always)]
    unsafe fn hits(&self, v: v128) -> v128 {
        // SAFETY: the caller has the features.
        unsafe { compare_hits(&self.0, v) }
    }
}

#[inline]
#[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
#[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx2"))]
fn compare_hits<const K: usize>(targets: &[v128; K], v: v128) -> v128 {
    let mut hit = u8x16_eq(v, targets[0]);
    for t in &targets[1..] {
        hit = v128_or(hit, u8x16_eq(v, *t));
    }
    hit
}

/// Groups read between two tests for a hit.
const CHUNK: usize = 4;

/// Scans `order` until a vector hits (its values then leave `wanted`) or no
/// group is left.
#[inline]
#[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
#[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx2"))]
fn run(probe: &impl Probe, small: &[u8], big: &[u8], order: &mut Order, wanted: &mut Wanted) {
    // One test per CHUNK vectors; when it hits, the vectors are read again
    // to find which (rare enough that keeping them all in registers would
    // cost more).
    while let Some(ks) = order.take::<CHUNK>() {
        let mut any = u8x16_splat(0);
        for &k in &ks {
            // SAFETY: every group of order ends at most at half, the length
            // of both slices (checked in scan); this function has the
            // features.
            any = v128_or(any, unsafe { probe.hits(pairs(small, big, k)) });
        }
        if v128_any_true(any) {
            for &k in &ks {
                // SAFETY: as above.
                let v = unsafe { pairs(small, big, k) };
                record(v, unsafe { probe.hits(v) }, wanted);
            }
            return;
        }
    }
    while let Some(k) = order.next() {
        // SAFETY: as above.
        let (v, h) = unsafe {
            let v = pairs(small, big, k);
            (v, probe.hits(v))
        };
        if v128_any_true(h) {
            record(v, h, wanted);
            return;
        }
    }
}

/// [`run`] with the whole-set lookup, which goes on after a hit (with the
/// smaller set) until at most [`FEW`] values are left: early in a scan most
/// vectors hit, and leaving the loop for each would cost more than the
/// vectors themselves. For the same reason the vectors and their hits stay
/// in registers instead of being read again.
#[inline]
#[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
#[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx2"))]
fn run_lookup(small: &[u8], big: &[u8], order: &mut Order, wanted: &mut Wanted) {
    let mut probe = Lookup::new(wanted);
    while let Some(ks) = order.take::<CHUNK>() {
        // SAFETY: as in run.
        let v: [v128; CHUNK] = core::array::from_fn(|i| unsafe { pairs(small, big, ks[i]) });
        // SAFETY: this function has the features.
        let h: [v128; CHUNK] = core::array::from_fn(|i| unsafe { probe.hits(v[i]) });
        if v128_any_true(h.iter().fold(u8x16_splat(0), |a, &b| v128_or(a, b))) {
            for i in 0..CHUNK {
                record(v[i], h[i], wanted);
            }
            if wanted.count as usize <= FEW {
                return;
            }
            probe.reload(wanted);
        }
    }
    run(&probe, small, big, order, wanted)
}

/// See `scan::portable`: removes from `wanted` the xors of the pairs
/// `small[k] ^ big[k]` in groups of 16, until no group is left in `order` or
/// nothing is wanted. Does nothing if `order` has groups past the slices'
/// ends (never the case; the caller then reads the groups safely).
#[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
#[cfg_attr(target_arch = "x86_64", target_feature(enable = "avx2"))]
fn scan_simd(small: &[u8], big: &[u8], order: &mut Order, wanted: &mut Wanted) {
    // What makes the loads of run safe.
    if order.groups() * 16 > small.len().min(big.len()) {
        return;
    }
    while order.left() > 0 && !wanted.is_empty() {
        // After each hit the set is smaller: choose the cheapest probe again.
        match wanted.count {
            1 => {
                let [a] = wanted.few::<1>();
                run(&Compare([u8x16_splat(a)]), small, big, order, wanted)
            }
            2 => {
                let [a, b] = wanted.few::<2>();
                run(
                    &Compare([u8x16_splat(a), u8x16_splat(b)]),
                    small,
                    big,
                    order,
                    wanted,
                )
            }
            c if c as usize <= FEW => {
                let [a, b, c, d] = wanted.few::<FEW>();
                let t = [
                    u8x16_splat(a),
                    u8x16_splat(b),
                    u8x16_splat(c),
                    u8x16_splat(d),
                ];
                run(&Compare(t), small, big, order, wanted)
            }
            _ => run_lookup(small, big, order, wanted),
        }
    }
}

/// The lanes (bits) of the 8 pairs `x[i] ^ y[i]` equal to one of `t`.
#[cfg(target_arch = "wasm32")]
#[inline]
#[target_feature(enable = "simd128")]
pub(super) fn hit_lanes8<const K: usize>(x: &[u16; 8], y: &[u16; 8], t: &[u16; K]) -> u32 {
    // SAFETY: 8 u16 are a v128; wasm loads need no alignment.
    let v = unsafe {
        v128_xor(
            v128_load(x.as_ptr() as *const v128),
            v128_load(y.as_ptr() as *const v128),
        )
    };
    let mut m = u16x8_splat(0);
    for &t in t {
        m = v128_or(m, u16x8_eq(v, u16x8_splat(t)));
    }
    i16x8_bitmask(m) as u32
}
