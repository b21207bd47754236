//! The few wasm SIMD operations `simd.rs` uses, written with x86-64
//! 16-byte instructions under the same names and meanings, so that the
//! native build runs the same vector loops as the browser. They are compiled
//! for AVX2 (x86-64 processors since 2013; checked at run time, see
//! `simd::available`): the same operations then take three operands, which
//! saves the register copies of SSE (about 7% of a table's time). Each is a
//! safe function with the feature enabled: callers enable it too, so the
//! calls are safe and inline.

#![allow(non_camel_case_types)]

use core::arch::x86_64::*;

/// 16 bytes, as wasm's `v128`.
pub(super) type v128 = __m128i;

/// # Safety
/// 16 bytes readable at `p` (unaligned is fine).
#[inline]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn v128_load(p: *const v128) -> v128 {
    // SAFETY: the caller's promise.
    unsafe { _mm_loadu_si128(p) }
}

/// # Safety
/// 16 bytes writable at `p` (unaligned is fine).
#[inline]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn v128_store(p: *mut v128, v: v128) {
    // SAFETY: the caller's promise.
    unsafe { _mm_storeu_si128(p, v) }
}

#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn v128_xor(a: v128, b: v128) -> v128 {
    _mm_xor_si128(a, b)
}

#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn v128_or(a: v128, b: v128) -> v128 {
    _mm_or_si128(a, b)
}

#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn v128_and(a: v128, b: v128) -> v128 {
    _mm_and_si128(a, b)
}

/// `a` and not `b`.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn v128_andnot(a: v128, b: v128) -> v128 {
    _mm_andnot_si128(b, a)
}

#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn u8x16_add(a: v128, b: v128) -> v128 {
    _mm_add_epi8(a, b)
}

/// Unsigned.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn u8x16_min(a: v128, b: v128) -> v128 {
    _mm_min_epu8(a, b)
}

/// Unsigned.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn u8x16_max(a: v128, b: v128) -> v128 {
    _mm_max_epu8(a, b)
}

#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn u8x16_splat(x: u8) -> v128 {
    _mm_set1_epi8(x as i8)
}

/// Lanes of all ones where equal.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn u8x16_eq(a: v128, b: v128) -> v128 {
    _mm_cmpeq_epi8(a, b)
}

/// Lanes of all ones where different.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn u8x16_ne(a: v128, b: v128) -> v128 {
    _mm_xor_si128(_mm_cmpeq_epi8(a, b), _mm_set1_epi8(-1))
}

/// The top bit of each lane, lane i as bit i.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn u8x16_bitmask(a: v128) -> u16 {
    _mm_movemask_epi8(a) as u16
}

#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn u8x16_extract_lane<const I: i32>(a: v128) -> u8 {
    _mm_extract_epi8::<I>(a) as u8
}

/// Whether some bit is set.
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn v128_any_true(a: v128) -> bool {
    _mm_testz_si128(a, a) == 0
}

/// Lane i of the result is lane `index[i]` of `table`, or 0 when that index
/// is 16 or more (wasm's meaning; `pshufb` alone only looks at the top bit,
/// so indexes of 16 and more are pushed to 128 and more first).
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn i8x16_swizzle(table: v128, index: v128) -> v128 {
    _mm_shuffle_epi8(table, _mm_adds_epu8(index, _mm_set1_epi8(0x70)))
}

/// Each 16-bit lane shifted right by `n` (below 16).
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn u16x8_shr(a: v128, n: u32) -> v128 {
    _mm_srl_epi16(a, _mm_cvtsi32_si128(n as i32))
}

#[allow(clippy::too_many_arguments)]
#[inline]
#[target_feature(enable = "avx2")]
pub(super) fn u8x16(
    a0: u8,
    a1: u8,
    a2: u8,
    a3: u8,
    a4: u8,
    a5: u8,
    a6: u8,
    a7: u8,
    a8: u8,
    a9: u8,
    a10: u8,
    a11: u8,
    a12: u8,
    a13: u8,
    a14: u8,
    a15: u8,
) -> v128 {
    let b = [
        a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15,
    ];
    // SAFETY: b is 16 bytes long.
    unsafe { _mm_loadu_si128(b.as_ptr() as *const v128) }
}
