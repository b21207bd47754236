//! The hot loops with wasm SIMD (simd128, supported by every current
//! browser): the block walk and its checked half, and the scan. The feature
//! is enabled per function, so the crate's ordinary `cargo build --release
//! --target wasm32-unknown-unknown` emits it without a global
//! `target-feature` flag; other targets use the portable loops of
//! `values.rs` and `scan.rs`.
//!
//! Measured in V8 (node 20, Chromium 156): 16 bytes per instruction win
//! everywhere here; what costs is leaving the vector loops (a hit, a change
//! of probe), so the loops test for hits once per four vectors.

use super::scan::{Order, Wanted, FEW};
use super::{BLOCK, CANDIDATES};
use core::arch::wasm32::*;

/// The rare walk of a block (see [`super::walk_block`]): for each rare heap,
/// 16 xors per vector, then one store per lane at a constant row offset.
#[target_feature(enable = "simd128")]
pub(super) fn walk(
    g: &[u8],
    m0: usize,
    rare: impl Iterator<Item = usize>,
    seen: &mut [[u8; 256]; BLOCK],
) {
    let (groups, _) = seen.as_chunks_mut::<16>();
    for r in rare {
        let Some((u, window)) = super::window(g, m0, r) else {
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
#[target_feature(enable = "simd128")]
pub(super) fn check(
    g: &[u8],
    checked: &[(u32, u8)],
    cand: &[[u8; BLOCK]; CANDIDATES],
    hit: &mut [[u8; BLOCK]; CANDIDATES],
) -> bool {
    // What makes the window loads below safe.
    if checked
        .iter()
        .any(|&(base, _)| base as usize + BLOCK > g.len())
    {
        return false;
    }
    for q in 0..BLOCK / 16 {
        // SAFETY (candidates and hits): q < BLOCK / 16, so 16q + 16 ≤ BLOCK.
        let c: [v128; CANDIDATES] = core::array::from_fn(|k| unsafe {
            v128_load(cand[k].as_ptr().add(16 * q) as *const v128)
        });
        let mut h = [u8x16_splat(0); CANDIDATES];
        for &(base, u) in checked {
            // SAFETY: base + BLOCK ≤ g.len(), checked above.
            let x = unsafe { v128_load(g.as_ptr().add(base as usize + 16 * q) as *const v128) };
            let v = v128_xor(x, u8x16_splat(u));
            for k in 0..CANDIDATES {
                h[k] = v128_or(h[k], u8x16_eq(v, c[k]));
            }
        }
        for k in 0..CANDIDATES {
            // SAFETY: as for the candidates.
            unsafe { v128_store(hit[k].as_mut_ptr().add(16 * q) as *mut v128, h[k]) };
        }
    }
    true
}

/// The values v with `seen[v] == 0`, 16 at a time.
#[target_feature(enable = "simd128")]
pub(super) fn unseen(seen: &[u8; 256]) -> [u64; 4] {
    let zero = u8x16_splat(0);
    core::array::from_fn(|i| {
        (0..4).fold(0, |word, q| {
            // SAFETY: 64i + 16q + 16 ≤ 256.
            let v = unsafe { v128_load(seen.as_ptr().add(64 * i + 16 * q) as *const v128) };
            word | (u8x16_bitmask(u8x16_eq(v, zero)) as u64) << (16 * q)
        })
    })
}

/// Pairs k..k+16 as one vector: small[k + i] ^ big[k + i].
///
/// # Safety
/// `k + 16 <= small.len()` and `k + 16 <= big.len()`.
#[inline]
#[target_feature(enable = "simd128")]
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
#[target_feature(enable = "simd128")]
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
    fn hits(&self, v: v128) -> v128;
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
    #[target_feature(enable = "simd128")]
    fn reload(&mut self, wanted: &Wanted) {
        // SAFETY: words is 32 bytes long.
        unsafe {
            let p = wanted.words.as_ptr() as *const v128;
            (self.lo, self.hi) = (v128_load(p), v128_load(p.add(1)));
        }
    }

    #[inline]
    #[target_feature(enable = "simd128")]
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
    fn hits(&self, v: v128) -> v128 {
        // Calling a simd128 function is safe in wasm (an engine without it
        // rejects the whole module); every caller has simd128 enabled too,
        // so this inlines.
        lookup_hits(self, v)
    }
}

#[inline]
#[target_feature(enable = "simd128")]
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
    fn hits(&self, v: v128) -> v128 {
        compare_hits(&self.0, v)
    }
}

#[inline]
#[target_feature(enable = "simd128")]
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
#[target_feature(enable = "simd128")]
fn run(probe: &impl Probe, small: &[u8], big: &[u8], order: &mut Order, wanted: &mut Wanted) {
    // One test per CHUNK vectors; when it hits, the vectors are read again
    // to find which (rare enough that keeping them all in registers would
    // cost more).
    while let Some(ks) = order.take::<CHUNK>() {
        let mut any = u8x16_splat(0);
        for &k in &ks {
            // SAFETY: every group of order ends at most at half, the length
            // of both slices (checked in scan).
            any = v128_or(any, probe.hits(unsafe { pairs(small, big, k) }));
        }
        if v128_any_true(any) {
            for &k in &ks {
                // SAFETY: as above.
                let v = unsafe { pairs(small, big, k) };
                record(v, probe.hits(v), wanted);
            }
            return;
        }
    }
    while let Some(k) = order.next() {
        // SAFETY: as above.
        let v = unsafe { pairs(small, big, k) };
        let h = probe.hits(v);
        if v128_any_true(h) {
            record(v, h, wanted);
            return;
        }
    }
}

/// [`run`] with the whole-set lookup, which goes on after a hit (with the
/// smaller set) until at most [`FEW`] values are left: early in a scan most
/// vectors hit, and leaving the loop for each would cost more than the
/// vectors themselves.
#[inline]
#[target_feature(enable = "simd128")]
fn run_lookup(small: &[u8], big: &[u8], order: &mut Order, wanted: &mut Wanted) {
    let mut probe = Lookup::new(wanted);
    while let Some(ks) = order.take::<CHUNK>() {
        let mut any = u8x16_splat(0);
        for &k in &ks {
            // SAFETY: as in run.
            any = v128_or(any, probe.hits(unsafe { pairs(small, big, k) }));
        }
        if v128_any_true(any) {
            for &k in &ks {
                // SAFETY: as in run.
                let v = unsafe { pairs(small, big, k) };
                record(v, probe.hits(v), wanted);
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
#[target_feature(enable = "simd128")]
pub(super) fn scan(small: &[u8], big: &[u8], order: &mut Order, wanted: &mut Wanted) {
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
