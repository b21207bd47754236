//! The small table's scan with AVX-512, natively (checked at run time; the
//! browser and other processors run the word loop of `small.rs`): 64 splits
//! a register, their values tested against the wanted set at once with
//! `vpshufbitqmb` (AVX-512 BITALG), which looks each byte up as a bit of a
//! 64-bit word, so a register that meets no wanted value costs two loads, a
//! byte reversal (`vpermb`, AVX-512 VBMI), a xor and that test; one that
//! meets some compares each wanted value with it (0.104 to 2^22 0.34 s →
//! 0.22 s against taking its hits out one by one, each waiting on the last).

use core::arch::x86_64::*;

/// Proof that this scan can run here: made only by [`available`], once
/// per run rather than at every heap.
#[derive(Debug, Clone, Copy)]
pub(super) struct Features(());

/// The features, when this processor has them (a test leaves them out
/// with `avx512::NO_AVX512`).
pub(super) fn available() -> Option<Features> {
    (super::avx512::available()
        && std::is_x86_feature_detected!("avx512vbmi")
        && std::is_x86_feature_detected!("avx512bitalg"))
    .then_some(Features(()))
}

/// Takes out of `wanted` the values `g[b] ^ g[h − b]` of the splits b from
/// `a` on, 64 at a time while a whole register fits below `last` (b ≤
/// last ≤ h − b); returns the first b not read and what is still wanted,
/// which is 0 as soon as every wanted value was met. Every value of `g`
/// must be below 128; `None` when `h` is past `g`'s end (g[h] itself is
/// never read: it is G(m) for a take of 0, not yet known), `a` is 0 or
/// `last` past h / 2. While every wanted value is below 64 one word is
/// looked up: a byte of 64 or more may then seem to meet one (its low six
/// bits), which the compares that follow a hit set right (testing each
/// byte's bit 6 as well cost 0.324 to 2^20 17%).
pub(super) fn scan(
    _: Features,
    g: &[u8],
    h: usize,
    a: usize,
    last: usize,
    wanted: u128,
) -> Option<(usize, u128)> {
    if h > g.len() || last > h / 2 || a == 0 {
        return None;
    }
    // SAFETY: the features are there; every register read is within
    // g[a..=last] and g[h − last..=h − a] (checked in the loop).
    Some(unsafe {
        match u64::try_from(wanted) {
            Ok(wanted) => {
                let (a, left) = scan_512(g, h, a, last, wanted);
                (a, u128::from(left))
            }
            Err(_) => scan_512_wide(g, h, a, last, wanted),
        }
    })
}

/// [`scan`].
///
/// # Safety
/// AVX-512 F, BW, VBMI and BITALG are available; h ≤ g.len(), 1 ≤ a,
/// last ≤ h / 2.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512bitalg")]
unsafe fn scan_512(g: &[u8], h: usize, mut a: usize, last: usize, mut wanted: u64) -> (usize, u64) {
    let reverse = _mm512_set_epi8(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
        25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
        48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63,
    );
    while a + 64 <= last + 1 {
        // b = a + j for lane j; its partner h − a − j is lane 63 − j of the
        // 64 bytes from h − a − 63 (≥ a + 63 > 0: a + 63 ≤ last ≤ h − last).
        let small = _mm512_loadu_si512(g.as_ptr().add(a).cast());
        let big = _mm512_loadu_si512(g.as_ptr().add(h - a - 63).cast());
        let x = _mm512_xor_si512(small, _mm512_permutexvar_epi8(reverse, big));
        let hits = _mm512_bitshuffle_epi64_mask(_mm512_set1_epi64(wanted as i64), x);
        if hits != 0 {
            // Each wanted value compared with the register: a few
            // independent tests, where taking the hits out one by one
            // chained each on the last.
            let mut each = wanted;
            while each != 0 {
                let v = each.trailing_zeros();
                each &= each - 1;
                if _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8(v as i8)) != 0 {
                    wanted &= !(1u64 << v);
                }
            }
            if wanted == 0 {
                return (a + 64, 0);
            }
        }
        a += 64;
    }
    (a, wanted)
}

/// [`scan_512`] with values from 64 to 127 wanted too: each byte's low six
/// bits index the wanted set's lower or upper word, as its bit 6 says.
///
/// # Safety
/// As [`scan_512`].
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512bitalg")]
unsafe fn scan_512_wide(
    g: &[u8],
    h: usize,
    mut a: usize,
    last: usize,
    mut wanted: u128,
) -> (usize, u128) {
    let reverse = _mm512_set_epi8(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
        25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
        48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63,
    );
    let bit6 = _mm512_set1_epi8(64);
    while a + 64 <= last + 1 {
        let small = _mm512_loadu_si512(g.as_ptr().add(a).cast());
        let big = _mm512_loadu_si512(g.as_ptr().add(h - a - 63).cast());
        let x = _mm512_xor_si512(small, _mm512_permutexvar_epi8(reverse, big));
        let upper = _mm512_test_epi8_mask(x, bit6);
        let lo = _mm512_bitshuffle_epi64_mask(_mm512_set1_epi64(wanted as i64), x);
        let hi = _mm512_bitshuffle_epi64_mask(_mm512_set1_epi64((wanted >> 64) as i64), x);
        if (lo & !upper) | (hi & upper) != 0 {
            let mut each = wanted;
            while each != 0 {
                let v = each.trailing_zeros();
                each &= each - 1;
                if _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8(v as i8)) != 0 {
                    wanted &= !(1u128 << v);
                }
            }
            if wanted == 0 {
                return (a + 64, 0);
            }
        }
        a += 64;
    }
    (a, wanted)
}
