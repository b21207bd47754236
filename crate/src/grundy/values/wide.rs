//! The few heaps the byte tables cannot decide on their own: values of
//! `limit` (256) and more, and the heaps whose splits meet them.
//!
//! A heap whose value reaches the limit is *wide*. It is kept in the byte
//! tables as 0 (a rare value under every mask) and listed apart, with its
//! true value in the u16 table. With the limit a power of two, a split of a
//! wide heap and a narrow one is worth at least the limit, so it never
//! changes a value below the limit; the byte method only has to be kept from
//! reading the 0 as a value. Heap m reads a wide heap w's 0 in two places:
//! - the scan of (common, common) pairs meets the pair (w, m − w), where
//!   0 xor G(m − w) is of the class of G(m − w). The scan only looks for rare
//!   values, so the 0 does harm only when m − w is rare (or wide);
//! - the rare walk reads G(m − r) for every rare r: m − r = w only when
//!   m − w is rare, the same heaps.
//!
//! So for every heap m that has no wide heap w with m − w rare or wide
//! ([`meets_wide`]), the byte method gives the smallest value below the limit
//! that no narrow split reaches, exactly. If that is the limit itself (every
//! smaller value is reached), the value is the smallest one from the limit
//! on that no split with a wide heap gives ([`past_limit`]). The heaps that
//! do meet a wide heap that way (below 2^24: the 1,273 heaps 7,250,049 + r,
//! r rare and not 0) are computed by [`exact`] from the u16 values.

/// Whether value `v` is rare under `mask` (the parity of `v & mask` is even).
fn rare_class(v: u16, mask: u16) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

/// Whether the byte method would read a wide heap's 0 as a rare value for
/// heap `m`: some wide heap w < m with m − w ≠ w whose partner's byte in
/// `bytes` (0 for a wide one) is rare (`rare_byte`).
pub(super) fn meets_wide(m: usize, wide: &[u32], bytes: &[u8], rare_byte: &[bool; 256]) -> bool {
    wide.iter()
        .map(|&w| w as usize)
        .take_while(|&w| w < m)
        .any(|w| m - w != w && bytes.get(m - w).is_some_and(|&b| rare_byte[b as usize]))
}

/// G(m) when every value below `limit` is reached by a split of two narrow
/// heaps: the smallest value from `limit` on that no split (w, m − w) with w
/// wide gives (`values` holds G(0..m)). Splits of two wide heaps are left to
/// [`exact`], since such a heap meets a wide heap (see [`meets_wide`]).
pub(super) fn past_limit(values: &[u16], wide: &[u32], m: usize, limit: u16) -> u16 {
    let mut reached: Vec<u16> = wide
        .iter()
        .map(|&w| w as usize)
        .take_while(|&w| w < m)
        .filter(|&w| m - w != w)
        .map(|w| values[w] ^ values[m - w])
        .filter(|&v| v >= limit)
        .collect();
    reached.sort_unstable();
    reached.dedup();
    // The first gap in the sorted values from `limit` on.
    let mut g = limit;
    for v in reached {
        if v != g {
            break;
        }
        g += 1;
    }
    g
}

/// G(m) from `values` = G(0..m) (any values), by the sparse-space method on
/// u16 values: `rare` lists the narrow heaps whose value is rare under
/// `mask`, `wide` the wide ones (whose class is read here) and `narrow_top`
/// is the largest value of a narrow heap. Plain and
/// exact: a walk over every rare heap gives all the common values reached,
/// then a scan of the splits in order looks for the rare values below the
/// smallest common one missing.
pub(super) fn exact(
    values: &[u16],
    m: usize,
    mask: u16,
    rare: &[u32],
    wide: &[u32],
    narrow_top: u16,
) -> u16 {
    let top = wide
        .iter()
        .take_while(|&&w| (w as usize) < m)
        .map(|&w| values[w as usize])
        .fold(narrow_top, u16::max);
    // Every xor of two values is below this.
    let bound = 2 * (top as usize + 1).next_power_of_two();
    let (mut common, mut even) = (vec![false; bound], vec![false; bound]);
    let wide_rare = wide
        .iter()
        .filter(|&&w| rare_class(values[w as usize], mask));
    for &r in rare.iter().chain(wide_rare) {
        let r = r as usize;
        if r == 0 || r >= m || 2 * r == m {
            continue;
        }
        let v = (values[r] ^ values[m - r]) as usize;
        match rare_class(values[m - r], mask) {
            true => even[v] = true,
            false => common[v] = true,
        }
    }
    let odd_mex = (0..bound)
        .find(|&v| !rare_class(v as u16, mask) && !common[v])
        .unwrap_or(bound);
    // The rare values below odd_mex no rare pair gave.
    let mut wanted = even;
    let mut left = 0;
    for (v, w) in wanted.iter_mut().enumerate().take(odd_mex) {
        *w = rare_class(v as u16, mask) && !*w;
        left += *w as usize;
    }
    for a in 1..=(m - 1) / 2 {
        if left == 0 {
            break;
        }
        let v = (values[a] ^ values[m - a]) as usize;
        if v < odd_mex && wanted[v] {
            wanted[v] = false;
            left -= 1;
        }
    }
    wanted[..odd_mex.min(bound)]
        .iter()
        .position(|&w| w)
        .unwrap_or(odd_mex) as u16
}
