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
//! ([`Meets`]), the byte method gives the smallest value below the limit
//! that no narrow split reaches, exactly. If that is the limit itself (every
//! smaller value is reached), the value is the smallest one from the limit
//! on that no split with a wide heap gives ([`past_limit`]). The heaps that
//! do meet a wide heap that way (below 2^24: the 1,273 heaps 7,250,049 + r,
//! r rare and not 0) are computed by [`exact`] from the u16 values.

/// Whether value `v` is rare under `mask` (the parity of `v & mask` is even).
pub(super) fn rare_class(v: u16, mask: u16) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

/// The heaps m that have a split (w, m − w) with w wide and m − w rare or
/// wide (m − w ≠ w): there the byte method would read a wide heap's 0 as a
/// rare value. One bit a heap up to the table's end, allocated when the
/// first heap turns wide, and set as heaps turn wide or rare, so that asking
/// costs one bit whatever the number of wide heaps (5,357 below 2^26 in
/// Grundy's game; walking them for every heap was most of a run's time).
#[derive(Debug, Clone, Default)]
pub(super) struct Meets {
    bits: Vec<u64>,
}

impl Meets {
    /// Whether heap `m` meets a wide heap that way.
    pub(super) fn has(&self, m: usize) -> bool {
        self.bits
            .get(m / 64)
            .is_some_and(|w| w >> (m % 64) & 1 == 1)
    }

    /// Marks heap `w + x` for every x of `xs`.
    fn mark(&mut self, w: usize, xs: &[u32]) {
        for &x in xs {
            if let Some(word) = self.bits.get_mut((w + x as usize) / 64) {
                *word |= 1 << ((w + x as usize) % 64);
            }
        }
    }

    /// Every heap up to `end` from the wide and rare heaps as they are now
    /// (after the mask, and with it the rare heaps, changed, or the table's
    /// end moved); nothing while no heap is wide.
    #[cold]
    pub(super) fn rebuild(&mut self, end: usize, wide: &[u32], rare: &[u32]) {
        self.bits.clear();
        for (i, &w) in wide.iter().enumerate() {
            self.add_wide(w as usize, end, &wide[..i], rare);
        }
    }

    /// Heap `w` turns wide (`wide` and `rare` are the heaps before it; the
    /// table ends at `end`).
    #[cold]
    pub(super) fn add_wide(&mut self, w: usize, end: usize, wide: &[u32], rare: &[u32]) {
        if self.bits.is_empty() {
            self.bits.resize(end / 64 + 1, 0);
        }
        self.mark(w, rare);
        self.mark(w, wide);
    }

    /// Heap `r` turns rare.
    #[cold]
    pub(super) fn add_rare(&mut self, r: usize, wide: &[u32]) {
        self.mark(r, wide);
    }
}

/// G(m) when every value below `limit` is reached by a split of two narrow
/// heaps: the smallest value from `limit` on that no split (w, m − w) with w
/// wide gives (`values` holds G(0..m)). Splits of two wide heaps are left to
/// [`exact`], since such a heap meets a wide heap (see [`Meets`]).
pub(super) fn past_limit(values: &[u16], wide: &[u32], m: usize, limit: u16) -> u16 {
    // Marks, not a sort: the xors of values below 2^k stay below 2^k.
    let mut reached: Vec<bool> = Vec::new();
    for &w in wide {
        let w = w as usize;
        if w >= m {
            break;
        }
        let v = (values[w] ^ values[m - w]) as usize;
        if m - w != w && v >= limit as usize {
            if reached.len() <= v {
                reached.resize(v + 1, false);
            }
            reached[v] = true;
        }
    }
    // The first value from `limit` on that no split gives.
    let mut g = limit as usize;
    while reached.get(g) == Some(&true) {
        g += 1;
    }
    g as u16
}

/// G(m) from `values` = G(0..m) (any values), by the sparse-space method on
/// u16 values: `rare` lists the narrow heaps whose value is rare under
/// `mask`, `wide_rare` the wide ones, and `top` is the largest value below
/// m. Plain and exact: a walk over every rare heap gives all the common
/// values reached, then a scan of the splits looks for the rare values below
/// the smallest common one missing. Nothing here reads every wide heap: past
/// 2^25 they are thousands, and so are the heaps that come here.
pub(super) fn exact(
    values: &[u16],
    m: usize,
    mask: u16,
    rare: &[u32],
    wide_rare: &[u32],
    top: u16,
) -> u16 {
    // Every xor of two values is below this.
    let bound = 2 * (top as usize + 1).next_power_of_two();
    let (mut common, mut even) = (vec![false; bound], vec![false; bound]);
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
