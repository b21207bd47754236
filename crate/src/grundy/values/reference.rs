//! The previous sparse-space table: u16 values, one heap at a time.
//!
//! Kept as the independent reference the block method of
//! [`super::GrundyTable`] is checked and benchmarked against.

use super::Cancelled;

/// Heaps between two re-choices of the rare/common split (and progress calls).
const CHUNK: u32 = 1 << 16;

/// Pairs scanned between two checks of the wanted values.
const SCAN_BLOCK: usize = 64;
/// Wanted values looked for by the vectorized compare loop (the rest are
/// settled first by the recording loop).
const FEW_WANTED: usize = 4;

/// Marks a rare heap in the scan arrays: xor-ing either mark with anything
/// gives at least 0x4000, above every value, so the scan needs no class test.
const RARE_SMALL: u16 = 0x8000;
const RARE_BIG: u16 = 0x4000;

/// G(0..=n) for Grundy's game, computed with the sparse-space method.
///
/// Values are split into two classes by the parity of `value & mask`: with a
/// well-chosen mask almost every heap has an "odd" (common) value and only
/// about 1300 heaps below 2^20 have an "even" (rare) one. Since the parity of
/// `x ^ y` is the xor of the parities,
/// - an odd value can only come from a pair (rare heap, common heap), so all
///   the odd values reachable from `m` come from walking the short rare list;
/// - an even value comes from (common, common) pairs, which produce even
///   values all the time, so the even values below the smallest missing odd
///   value are all seen after a short scan, and G(m) is that odd value.
///   Only when some even value is never produced (G(m) is then rare) does
///   the scan run to the end.
///
/// The mask is not typed in: it is re-chosen from the values computed so far
/// (the one leaving the fewest rare heaps) at powers of two and every
/// [`CHUNK`] heaps. Any mask gives the same, exact values; a bad one is only
/// slower.
#[derive(Debug, Clone)]
pub struct ReferenceTable {
    values: Vec<u16>,
    // G(x) for common heaps and RARE_SMALL for rare ones, at index x.
    small_side: Vec<u16>,
    // G(x) for common heaps and RARE_BIG for rare ones, at index far − x, so
    // the big heaps m−1, m−2, … of the pairs (1, m−1), (2, m−2), … are read
    // in increasing order: both sides of the scan are plain slices, which
    // the compiler turns into vector code.
    big_side_reversed: Vec<u16>,
    far: usize,
    // Whether each value is rare, by value (the parity of value & mask).
    rare_value: Vec<bool>,
    mask: u16,
    rare: Vec<u32>,
    chunk: u32,
    max_value: u16,
}

impl Default for ReferenceTable {
    fn default() -> Self {
        ReferenceTable {
            values: vec![0, 0, 0],
            small_side: vec![RARE_SMALL; 3],
            big_side_reversed: Vec::new(),
            far: 0,
            rare_value: Vec::new(),
            mask: u16::MAX,
            rare: vec![0, 1, 2],
            chunk: CHUNK,
            max_value: 0,
        }
    }
}

/// A small set of values as bits.
#[derive(Default)]
struct Bits(Vec<u64>);

impl Bits {
    fn reset(&mut self, len: usize) {
        self.0.clear();
        self.0.resize(len.div_ceil(64), 0);
    }
    fn set(&mut self, v: usize) {
        self.0[v / 64] |= 1 << (v % 64);
    }
    fn clear(&mut self, v: usize) -> bool {
        let had = self.has(v);
        self.0[v / 64] &= !(1 << (v % 64));
        had
    }
    fn has(&self, v: usize) -> bool {
        self.0.get(v / 64).is_some_and(|w| w >> (v % 64) & 1 == 1)
    }
    fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }
}

impl ReferenceTable {
    /// The values of every heap from 0 to `n`.
    pub fn new(n: u32) -> ReferenceTable {
        let mut table = ReferenceTable::default();
        table.extend_to(n);
        table
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

    /// Heaps whose value is rare under the current mask.
    pub fn rare_heaps(&self) -> &[u32] {
        &self.rare
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
        let n = n as usize;
        let more = n.saturating_sub(self.values.len() - 1);
        self.values.reserve(more);
        self.small_side.reserve(more);
        if n > self.far {
            self.far = n;
            self.rebuild_sides();
        }
        let (mut odd, mut even, mut wanted) = (Bits::default(), Bits::default(), Bits::default());
        while self.values.len() <= n {
            let m = self.values.len() as u32;
            // Re-choose the mask at every power of two while the table is
            // young (a bad first guess makes the rare list long), then every
            // chunk.
            if m.is_multiple_of(self.chunk) || (m >= 256 && m.is_power_of_two()) {
                if m.is_multiple_of(self.chunk) && !progress(m) {
                    return Err(Cancelled);
                }
                self.choose_mask();
            }
            let g = self.next_value(m, &mut odd, &mut even, &mut wanted);
            self.push(m, g);
        }
        Ok(())
    }

    fn is_rare(&self, v: u16) -> bool {
        match self.rare_value.get(v as usize) {
            Some(&rare) => rare,
            None => (v & self.mask).count_ones().is_multiple_of(2),
        }
    }

    fn push(&mut self, m: u32, g: u16) {
        // Values stay far below RARE_BIG (the largest known below 2^35 is
        // under 2^11); clamp so a surprise could never fake a scan hit.
        let g = g.min(RARE_BIG - 1);
        self.values.push(g);
        if g > self.max_value {
            self.max_value = g;
            let mask = self.mask;
            self.rare_value = (0..4 * (g as usize + 1).next_power_of_two())
                .map(|v| (v as u16 & mask).count_ones().is_multiple_of(2))
                .collect();
        }
        let rare = self.is_rare(g);
        self.small_side.push(if rare { RARE_SMALL } else { g });
        if let Some(slot) = self
            .big_side_reversed
            .get_mut(self.far.wrapping_sub(m as usize))
        {
            *slot = if rare { RARE_BIG } else { g };
        }
        if rare {
            self.rare.push(m);
        }
    }

    /// Rebuilds the class table, the scan arrays and the rare list after the
    /// mask or the far end changed.
    fn rebuild_sides(&mut self) {
        let mask = self.mask;
        self.rare_value = (0..4 * (self.max_value as usize + 1).next_power_of_two())
            .map(|v| (v as u16 & mask).count_ones().is_multiple_of(2))
            .collect();
        self.big_side_reversed.clear();
        self.big_side_reversed.resize(self.far + 1, RARE_BIG);
        self.small_side.clear();
        self.rare.clear();
        for m in 0..self.values.len() {
            let g = self.values[m];
            let rare = self.is_rare(g);
            self.small_side.push(if rare { RARE_SMALL } else { g });
            self.big_side_reversed[self.far - m] = if rare { RARE_BIG } else { g };
            if rare {
                self.rare.push(m as u32);
            }
        }
    }

    /// G(m) from the values of the smaller heaps.
    fn next_value(&self, m: u32, odd: &mut Bits, even: &mut Bits, wanted: &mut Bits) -> u16 {
        let g = &self.values;
        let bound = 2 * (self.max_value as usize + 1).next_power_of_two() + 1;
        odd.reset(bound);
        even.reset(bound);

        // Pairs with a rare heap: every odd value, and the even values of
        // (rare, rare) pairs.
        for &r in &self.rare {
            if r >= m {
                break;
            }
            let other = m - r;
            if r == 0 || other == r {
                continue;
            }
            let v = (g[r as usize] ^ g[other as usize]) as usize;
            if self.is_rare(g[other as usize]) {
                even.set(v);
            } else {
                odd.set(v);
            }
        }
        let odd_mex = (0..bound)
            .find(|&v| !self.is_rare(v as u16) && !odd.has(v))
            .unwrap_or(bound);

        // Even values below odd_mex still to be seen.
        wanted.reset(odd_mex);
        let mut missing = 0;
        for v in 0..odd_mex {
            if self.is_rare(v as u16) && !even.has(v) {
                wanted.set(v);
                missing += 1;
            }
        }
        if missing == 0 {
            return odd_mex as u16;
        }
        // The (common, common) pairs (a, m−a), a = 1, 2, …: first a few
        // blocks recording every value seen, which settles most wanted
        // values; then the last few are looked for alone, a block at a time,
        // with a compare loop the compiler vectorizes.
        let half = ((m - 1) / 2) as usize;
        let small = &self.small_side[1..=half];
        let start = self.far - m as usize + 1;
        let big = &self.big_side_reversed[start..start + half];
        let mut done = 0;
        while missing > FEW_WANTED && done < half {
            let end = (done + SCAN_BLOCK).min(half);
            for (&x, &y) in small[done..end].iter().zip(&big[done..end]) {
                let v = (x ^ y) as usize;
                if v < odd_mex && wanted.clear(v) {
                    missing -= 1;
                }
            }
            done = end;
        }
        if missing == 0 {
            return odd_mex as u16;
        }
        let mut targets = [u16::MAX; FEW_WANTED];
        let mut k = 0;
        for v in 0..odd_mex {
            if wanted.has(v) && k < FEW_WANTED {
                targets[k] = v as u16;
                k += 1;
            }
        }
        while done < half {
            let end = (done + SCAN_BLOCK).min(half);
            let hit = small[done..end]
                .iter()
                .zip(&big[done..end])
                .fold(false, |hit, (&x, &y)| {
                    let v = x ^ y;
                    hit | targets.iter().fold(false, |h, &t| h | (v == t))
                });
            if hit {
                for (&x, &y) in small[done..end].iter().zip(&big[done..end]) {
                    for t in targets.iter_mut() {
                        if x ^ y == *t {
                            wanted.clear(*t as usize);
                            *t = u16::MAX;
                            missing -= 1;
                        }
                    }
                }
                if missing == 0 {
                    return odd_mex as u16;
                }
            }
            done = end;
        }
        wanted.first().unwrap_or(odd_mex) as u16
    }

    /// Picks the mask that leaves the fewest rare heaps among the newer half
    /// of the table (the older half is dense with small values in every class)
    /// and rebuilds the rare list and scan arrays for it.
    fn choose_mask(&mut self) {
        let bound = (self.max_value as usize + 1).next_power_of_two();
        let mut counts = vec![0u64; bound];
        let half = self.values.len() / 2;
        for &v in &self.values[half..] {
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
            self.rebuild_sides();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::values::plain_values;

    #[test]
    fn sparse_table_matches_plain_loop_to_20000() {
        let n = 20_000;
        let plain = plain_values(n);
        let table = ReferenceTable::new(n);
        assert_eq!(table.values(), &plain[..]);
    }

    #[test]
    fn sparse_table_matches_plain_loop_past_mask_changes() {
        // Short chunks, so the mask is re-chosen many times and the rare list
        // rebuilt, with the plain loop still quick.
        let n = 30_000;
        let plain = plain_values(n);
        let mut table = ReferenceTable {
            chunk: 1024,
            ..ReferenceTable::default()
        };
        table.extend_to(n);
        assert_eq!(table.values(), &plain[..]);
        assert_eq!(table.mask() & 0xff, 0xfe, "the mask of Flammenkamp's table");
    }

    #[test]
    fn extending_resumes_where_it_stopped() {
        let short = || ReferenceTable {
            chunk: 1024,
            ..ReferenceTable::default()
        };
        let mut table = short();
        table.extend_to(100);
        table.extend_to(5000);
        assert_eq!(table.values(), &plain_values(5000)[..]);
        let mut calls = 0;
        let stopped = table.extend_with(20_000, &mut |_| {
            calls += 1;
            calls < 3
        });
        assert_eq!(stopped, Err(Cancelled));
        assert_eq!(table.max_heap(), 7 * 1024 - 1);
        table.extend_to(20_000);
        assert_eq!(table.values(), &plain_values(20_000)[..]);
    }

    #[test]
    fn known_single_heap_losses() {
        // OEIS A002188: heaps where G = 0 (losing single heaps), a published fact.
        let table = ReferenceTable::new(2000);
        let zeros: Vec<u32> = (0..=2000).filter(|&n| table.get(n) == Some(0)).collect();
        assert_eq!(
            zeros,
            vec![
                0, 1, 2, 4, 7, 10, 20, 23, 26, 50, 53, 270, 273, 276, 282, 285, 288, 316, 334, 337,
                340, 346, 359, 362, 365, 386, 389, 392, 566, 630, 633, 636, 639, 673, 676, 682,
                685, 923, 926, 929, 932, 1222
            ]
        );
    }
}
