//! The sparse-space table of any heap rule that splits heaps: u16 values,
//! one heap at a time.
//!
//! It began as Grundy's previous method (kept as [`ReferenceTable`], the
//! independent reference the block method of [`super::GrundyTable`] is
//! checked and benchmarked against) and is generalised to every octal rule:
//! a rule is read as its [`Shape`] (the takes that leave two heaps, one
//! heap, nothing), and Grundy's game is the shape "take 0, leave two
//! unequal heaps".

use super::{rare_class, Cancelled};

// Nothing from the rest of the crate: scripts/grundy-wasm-bench.mjs
// compiles values.rs and its folder on their own (a rule's shape is made
// in `crate::grundy::sequence::shape`).

/// Heaps between two re-choices of the rare/common split (and progress calls).
const CHUNK: u32 = 1 << 16;

/// Pairs scanned between two checks of the wanted values.
const SCAN_BLOCK: usize = 64;
/// Blocks of pairs a scan reads in order before it spreads (see `scan`).
const IN_ORDER: usize = 4;
/// Wanted values looked for by the vectorized compare loop (the rest are
/// settled first by the recording loop).
const FEW_WANTED: usize = 4;

/// Marks a rare heap in the scan arrays: xor-ing either mark with anything
/// gives at least 0x4000, above every value, so the scan needs no class test.
const RARE_SMALL: u16 = 0x8000;
const RARE_BIG: u16 = 0x4000;

/// Values stay below this (the scan's marks sit above it): a heap whose
/// value would reach it stops the table with [`Stopped::TooLarge`].
pub const VALUE_LIMIT: u32 = RARE_BIG as u32;

/// Why [`SparseTable::extend_with`] stopped before the heap it was asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// The progress callback said stop.
    Cancelled,
    /// This heap's value would reach [`VALUE_LIMIT`] (no known octal game
    /// comes near; a rule with huge values is out of the table's reach).
    TooLarge {
        /// The first heap whose value does not fit.
        heap: u32,
    },
}

impl From<Cancelled> for Stopped {
    fn from(_: Cancelled) -> Self {
        Stopped::Cancelled
    }
}

/// A rule as the table reads it: each take that leaves two non-empty heaps,
/// one heap, or nothing (only from a heap of exactly that size), and whether
/// the two heaps may be equal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    /// Takes whose move leaves two non-empty heaps.
    pub two: Vec<u32>,
    /// Takes whose move leaves one non-empty heap.
    pub one: Vec<u32>,
    /// Takes that may empty a heap of exactly that size.
    pub whole: Vec<u32>,
    /// Whether the two heaps left may be equal (not in Grundy's game).
    pub equal: bool,
}

/// A step coprime with `blocks` near `blocks` times the golden ratio's
/// fraction, so that `k * step % blocks` visits every block once, spread.
fn weyl_step(blocks: usize) -> usize {
    fn gcd(a: usize, b: usize) -> usize {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    let mut step = (blocks as f64 * 0.618_034) as usize | 1;
    while gcd(step, blocks) != 1 {
        step += 1;
    }
    step.max(1)
}

/// Grundy's game's previous sparse-space table, the reference of the block
/// method: the sparse-space table of Grundy's [`Shape`].
pub type ReferenceTable = SparseTable;

/// G(0..=n) for a rule with a [`Shape`], computed with the sparse-space
/// method (Gangolli and Plambeck's rare and common values).
///
/// Values are split into two classes by the parity of `value & mask`: with a
/// well-chosen mask almost every heap has an "odd" (common) value and only
/// a few have an "even" (rare) one (Grundy's game: about 1300 heaps below
/// 2^20). Since the parity of `x ^ y` is the xor of the parities, for each
/// take that leaves two heaps, splitting `h = m − take`:
/// - an odd value can only come from a pair (rare heap, common heap), so all
///   the odd values reachable come from walking the short rare list;
/// - an even value comes from (common, common) pairs, which produce even
///   values all the time, so the even values below the smallest missing odd
///   value are all seen after a short scan, and G(m) is that odd value.
///   Only when some even value is never produced (G(m) is then rare) does
///   the scan run to the end.
///
/// The moves that leave one heap or none give their values directly.
/// A rule without a sparse space (every mask leaves many rare heaps) is
/// still exact: its rare walk is long, about the plain mex's cost.
///
/// The mask is not typed in: it is re-chosen from the values computed so far
/// (the one leaving the fewest rare heaps) at powers of two and every
/// [`CHUNK`] heaps. Any mask gives the same, exact values; a bad one is only
/// slower.
#[derive(Debug, Clone)]
pub struct SparseTable {
    shape: Shape,
    values: Vec<u16>,
    // G(x) for common heaps and RARE_SMALL for rare ones, at index x.
    small_side: Vec<u16>,
    // G(x) for common heaps and RARE_BIG for rare ones, at index far − x, so
    // the big heaps h−1, h−2, … of the pairs (1, h−1), (2, h−2), … are read
    // in increasing order: both sides of the scan are plain slices, which
    // the compiler turns into vector code.
    big_side_reversed: Vec<u16>,
    far: usize,
    // Whether each value is rare, by value (the parity of value & mask).
    rare_value: Vec<bool>,
    mask: u16,
    rare: Vec<u32>,
    // G(r) for each heap r of `rare`, beside it.
    rare_values: Vec<u16>,
    chunk: u32,
    max_value: u16,
    // How many heaps have each value, over the whole table (the mask's choice).
    counts: Vec<u64>,
}

impl Default for SparseTable {
    /// Grundy's game's empty table.
    fn default() -> Self {
        SparseTable::for_shape(Shape {
            two: vec![0],
            one: vec![],
            whole: vec![],
            equal: false,
        })
    }
}

/// A set of u16 values as a byte for each (1 for in the set), indexed by
/// any u16 with no bounds test. A heap's reached values are one, stored
/// without reading; its scan's wanted values another, so that each pair's
/// xor (a value, or one carrying a rare heap's mark) is looked up and taken
/// out with no branch. Bits were slower: each pair's read-modify-write of
/// one of a few shared words chained the loop through memory (0.6 to 2^20:
/// 9.0 s, 4.1 s with bytes). Only values below the heap's `bound` are ever
/// set, and they are cleared before the next heap.
struct ByteSet(Box<[u8; 1 << 16]>);

impl Default for ByteSet {
    fn default() -> Self {
        ByteSet(Box::new([0; 1 << 16]))
    }
}

impl ByteSet {
    fn has(&self, v: usize) -> bool {
        self.0.get(v) == Some(&1)
    }
}

/// The work tables of one heap, kept from one heap to the next.
#[derive(Default)]
struct Work {
    /// The values the heap's moves reach.
    seen: ByteSet,
    /// The rare values its scan looks for.
    wanted: ByteSet,
}

impl SparseTable {
    /// The values of every heap of Grundy's game from 0 to `n`.
    pub fn new(n: u32) -> SparseTable {
        let mut table = SparseTable::default();
        table.extend_to(n);
        table
    }

    /// An empty table (heap 0 known) for a rule of this shape.
    pub fn for_shape(shape: Shape) -> SparseTable {
        SparseTable {
            shape,
            values: vec![0],
            small_side: vec![RARE_SMALL],
            big_side_reversed: Vec::new(),
            far: 0,
            rare_value: Vec::new(),
            mask: u16::MAX,
            rare: vec![0],
            rare_values: vec![0],
            chunk: CHUNK,
            max_value: 0,
            counts: vec![1],
        }
    }

    /// A table of this shape that knows `values` (G(0), G(1), …, heap 0's
    /// 0 at least): the rest of a block table's run, past a byte.
    pub fn from_values(shape: Shape, mut values: Vec<u16>) -> SparseTable {
        if values.is_empty() {
            values.push(0);
        }
        let mut table = SparseTable::for_shape(shape);
        table.max_value = values.iter().copied().max().unwrap_or(0);
        table.counts = vec![0; table.max_value as usize + 1];
        for &v in &values {
            table.counts[v as usize] += 1;
        }
        table.far = values.len() - 1;
        table.values = values;
        table.choose_mask();
        table.rebuild_sides();
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

    /// The values, the table given up.
    pub fn into_values(self) -> Vec<u16> {
        self.values
    }

    /// The mask currently used to split values into rare and common.
    pub fn mask(&self) -> u16 {
        self.mask
    }

    /// Heaps whose value is rare under the current mask.
    pub fn rare_heaps(&self) -> &[u32] {
        &self.rare
    }

    /// Extends the table to heap `n` (a value past [`VALUE_LIMIT`] stops it
    /// there).
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
    ) -> Result<(), Stopped> {
        let n = n as usize;
        let more = n.saturating_sub(self.values.len() - 1);
        self.values.reserve(more);
        self.small_side.reserve(more);
        if n > self.far {
            self.far = n;
            self.rebuild_sides();
        }
        let mut work = Work::default();
        while self.values.len() <= n {
            let m = self.values.len() as u32;
            // Re-choose the mask at every power of two while the table is
            // young (a bad first guess makes the rare list long), then every
            // chunk.
            if m.is_multiple_of(self.chunk) || (m >= 256 && m.is_power_of_two()) {
                if m.is_multiple_of(self.chunk) && !progress(m) {
                    return Err(Stopped::Cancelled);
                }
                self.choose_mask();
            }
            let g = self.next_value(m, &mut work);
            if u32::from(g) >= VALUE_LIMIT {
                return Err(Stopped::TooLarge { heap: m });
            }
            self.push(m, g);
        }
        Ok(())
    }

    fn is_rare(&self, v: u16) -> bool {
        match self.rare_value.get(v as usize) {
            Some(&rare) => rare,
            None => rare_class(v, self.mask),
        }
    }

    fn push(&mut self, m: u32, g: u16) {
        self.values.push(g);
        if self.counts.len() <= g as usize {
            self.counts.resize(g as usize + 1, 0);
        }
        self.counts[g as usize] += 1;
        if g > self.max_value {
            self.max_value = g;
            let mask = self.mask;
            self.rare_value = (0..4 * (g as usize + 1).next_power_of_two())
                .map(|v| rare_class(v as u16, mask))
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
            self.rare_values.push(g);
        }
    }

    /// Rebuilds the class table, the scan arrays and the rare list after the
    /// mask or the far end changed.
    fn rebuild_sides(&mut self) {
        let mask = self.mask;
        self.rare_value = (0..4 * (self.max_value as usize + 1).next_power_of_two())
            .map(|v| rare_class(v as u16, mask))
            .collect();
        self.big_side_reversed.clear();
        self.big_side_reversed.resize(self.far + 1, RARE_BIG);
        self.small_side.clear();
        self.rare.clear();
        self.rare_values.clear();
        for m in 0..self.values.len() {
            let g = self.values[m];
            let rare = self.is_rare(g);
            self.small_side.push(if rare { RARE_SMALL } else { g });
            self.big_side_reversed[self.far - m] = if rare { RARE_BIG } else { g };
            if rare {
                self.rare.push(m as u32);
                self.rare_values.push(g);
            }
        }
    }

    /// The most tokens a move splitting heap `h` can leave in its smaller
    /// heap.
    fn half(&self, h: u32) -> usize {
        match self.shape.equal {
            true => (h / 2) as usize,
            false => (h.saturating_sub(1) / 2) as usize,
        }
    }

    /// G(m) from the values of the smaller heaps.
    ///
    /// Never inlined: V8 runs a wasm function in its baseline tier until a
    /// later call, so the hot code must sit in a function called often
    /// (once per heap), not in the one call of `extend_with` that runs it
    /// all. Binaryen must not inline it back either (`scripts/build.sh`:
    /// 0.6 to 2^20 in node took 20 s when it did, 10 s now).
    #[inline(never)]
    fn next_value(&self, m: u32, work: &mut Work) -> u16 {
        let g = &self.values;
        let Work {
            seen: ByteSet(seen),
            wanted,
        } = work;
        // Every option is a xor of two values, all below this power of two,
        // and the mask's bit there is set: that value is common, unreached.
        let bound = 2 * (self.max_value as usize + 1).next_power_of_two() + 1;
        // One byte a value, not bits: the rare walk stores without reading
        // (a bit set's read-modify-write of a few words chained every store
        // through memory: 40% of 0.6's time). A value's class is that of
        // the xor, so one table serves both classes.
        let seen: &mut [u8; 1 << 16] = seen;
        // Values stay below VALUE_LIMIT = 2^14, so bound ≤ 2^15 + 1.
        let bound = bound.min(seen.len());
        seen[..bound].fill(0);
        for &k in &self.shape.whole {
            if k == m {
                seen[0] = 1;
            }
        }
        for &k in &self.shape.one {
            if k < m {
                seen[g[(m - k) as usize] as usize] = 1;
            }
        }
        // Pairs with a rare heap: every common value, and the rare values of
        // (rare, rare) pairs.
        for &k in &self.shape.two {
            let Some(h) = m.checked_sub(k) else {
                continue;
            };
            // The rare heaps r with 1 ≤ r < h, but r = h/2 when the two heaps
            // left must differ: ranges cut out beforehand, so that the loop
            // is loads, a xor and a store (half of 0.6's time).
            let below = self.rare.partition_point(|&r| r < h);
            let from = self.rare.partition_point(|&r| r == 0);
            let cut = match self.shape.equal || h % 2 == 1 {
                true => below..below,
                false => {
                    let at = self.rare.partition_point(|&r| r < h / 2);
                    at..at + (self.rare.get(at) == Some(&(h / 2))) as usize
                }
            };
            let big = g.get(..h as usize).unwrap_or(&[]);
            for range in [from..cut.start, cut.end..below] {
                let rare = self.rare.get(range.clone()).unwrap_or(&[]);
                let rare_values = self.rare_values.get(range).unwrap_or(&[]);
                for (&r, &u) in rare.iter().zip(rare_values) {
                    if let Some(&x) = big.get((h - r) as usize) {
                        seen[(u ^ x) as usize] = 1;
                    }
                }
            }
        }
        let odd_mex = (0..bound)
            .find(|&v| !self.is_rare(v as u16) && seen[v] == 0)
            .unwrap_or(bound);

        // Rare values below odd_mex still to be seen.
        let mut missing = 0;
        for (v, &s) in seen.iter().enumerate().take(odd_mex) {
            if let Some(slot) = wanted.0.get_mut(v) {
                *slot = (s == 0 && self.is_rare(v as u16)) as u8;
                missing += *slot as usize;
            }
        }
        for &k in &self.shape.two {
            if missing == 0 {
                break;
            }
            if let Some(h) = m.checked_sub(k) {
                missing = self.scan(h, odd_mex, wanted, missing);
            }
        }
        let g = match missing {
            0 => odd_mex,
            _ => (0..odd_mex).find(|&v| wanted.has(v)).unwrap_or(odd_mex),
        };
        if let Some(set) = wanted.0.get_mut(..odd_mex) {
            set.fill(0);
        }
        g as u16
    }

    /// Scans the (common, common) pairs (a, h−a), a = 1, 2, …, for the
    /// `missing` values of `wanted`, clearing those it sees; returns how many
    /// are still missing. First a few blocks record every value seen, which
    /// settles most wanted values; then the last few are looked for alone, a
    /// block at a time, with a compare loop the compiler vectorizes.
    // In wasm with SIMD (every engine that runs the module has it, see
    // simd.rs), so the compare loop is vectorized there as it is natively.
    #[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
    fn scan(&self, h: u32, odd_mex: usize, wanted: &mut ByteSet, mut missing: usize) -> usize {
        let half = self.half(h);
        if half == 0 {
            return missing;
        }
        let small = &self.small_side[1..=half];
        let start = self.far + 1 - h as usize;
        let big = &self.big_side_reversed[start..start + half];
        // Blocks in a Weyl order spread over the whole range: the small
        // heaps at the start hold few distinct values, so read in order a
        // scan finds the last wanted values late (0.6: thousands of pairs a
        // heap); spread, it meets every kind of pair at once.
        let blocks = half.div_ceil(SCAN_BLOCK);
        // The first IN_ORDER blocks in order (the small heaps with every
        // big one: a few hundred pairs that settle most wanted values for
        // rules such as 0.354), then the others in a Weyl order spread over
        // the rest of the range, each once (k·step mod their number,
        // carried from one to the next: a division per block showed in
        // profiles).
        let first = IN_ORDER.min(blocks);
        let rest = blocks - first;
        let step = weyl_step(rest.max(1));
        let (mut k_first, mut b) = (0, 0);
        let mut next = || {
            let block = match k_first < first {
                true => {
                    k_first += 1;
                    k_first - 1
                }
                false => {
                    let block = first + b;
                    b += step;
                    if b >= rest {
                        b -= rest;
                    }
                    block
                }
            };
            block * SCAN_BLOCK..((block + 1) * SCAN_BLOCK).min(half)
        };
        let mut k = 0;
        while missing > FEW_WANTED && k < blocks {
            let r = next();
            for (&x, &y) in small[r.clone()].iter().zip(&big[r]) {
                let w = &mut wanted.0[(x ^ y) as usize];
                missing -= *w as usize;
                *w = 0;
            }
            k += 1;
        }
        if missing == 0 || k >= blocks {
            return missing;
        }
        let mut targets = [u16::MAX; FEW_WANTED];
        let mut found = 0;
        for v in 0..odd_mex {
            if wanted.has(v) && found < FEW_WANTED {
                targets[found] = v as u16;
                found += 1;
            }
        }
        while k < blocks {
            let r = next();
            let hit = small[r.clone()]
                .iter()
                .zip(&big[r.clone()])
                .fold(false, |hit, (&x, &y)| {
                    let v = x ^ y;
                    hit | targets.iter().fold(false, |h, &t| h | (v == t))
                });
            if hit {
                for (&x, &y) in small[r.clone()].iter().zip(&big[r]) {
                    for t in targets.iter_mut() {
                        if x ^ y == *t {
                            wanted.0[*t as usize] = 0;
                            *t = u16::MAX;
                            missing -= 1;
                        }
                    }
                }
                if missing == 0 {
                    return 0;
                }
            }
            k += 1;
        }
        missing
    }

    /// Picks the mask that leaves the fewest rare heaps in the whole table
    /// and rebuilds the rare list and scan arrays for it.
    ///
    /// Heap `m` is rare under `mask` when `G(m) & mask` has an even number
    /// of bits, so the rare heaps of every mask at once are
    /// `(total + W[mask]) / 2`, `W` the Walsh–Hadamard transform of the
    /// values' counts: `B log B` steps for values below `B`, whatever the
    /// table's length. Counted on the whole table rather than its newer
    /// half: a mask chosen on a half where a few values dominate (0.354 past
    /// 10^7) turned heaps of the other half rare again, each a full scan.
    fn choose_mask(&mut self) {
        let bound = (self.max_value as usize + 1).next_power_of_two().max(2);
        let mut w: Vec<i64> = vec![0; bound];
        for (v, &c) in self.counts.iter().enumerate().take(bound) {
            w[v] = c as i64;
        }
        let mut len = 1;
        while len < bound {
            for block in (0..bound).step_by(2 * len) {
                for i in block..block + len {
                    let (a, b) = (w[i], w[i + len]);
                    w[i] = a + b;
                    w[i + len] = a - b;
                }
            }
            len *= 2;
        }
        let total = w[0];
        let mut best = (i64::MAX, self.mask);
        for (mask, &t) in w.iter().enumerate().skip(1) {
            let rare = (total + t) / 2;
            // Ties go to the mask with the most bits: it judges the larger
            // values still to come by all their bits.
            if rare < best.0 || (rare == best.0 && (mask as u32).count_ones() > best.1.count_ones())
            {
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
        assert_eq!(stopped, Err(Stopped::Cancelled));
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

    use crate::grundy::rule::{plain_values as rule_plain, Rule};
    use crate::grundy::sequence::shape;
    use crate::rng::Rng;

    fn check_rule(text: &str, n: u32, chunk: u32) {
        let rule = Rule::parse(text).unwrap();
        let mut table = SparseTable::for_shape(shape(&rule).unwrap());
        table.chunk = chunk;
        table.extend_with(n, &mut |_| true).unwrap();
        let plain = rule_plain(&rule, n);
        let got: Vec<u32> = table.values().iter().map(|&v| u32::from(v)).collect();
        assert_eq!(got, plain, "{text}");
    }

    #[test]
    fn named_octal_rules_match_the_plain_mex() {
        for text in [
            "0.77", "0.07", "0.6", "0.16", "0.376", "0.354", "4.07", "0.333", "4.0", "0.1", "0.4",
            "4.7", "0.137", "grundy",
        ] {
            check_rule(text, 3000, 1024);
        }
    }

    #[test]
    fn random_octal_rules_match_the_plain_mex() {
        let mut rng = Rng::new(31);
        for i in 0..200 {
            let len = 1 + (rng.next_u64() % 6) as usize;
            let mut code = String::from(if rng.next_u64().is_multiple_of(2) {
                "0."
            } else {
                "4."
            });
            for _ in 0..len {
                code.push(char::from(b'0' + (rng.next_u64() % 8) as u8));
            }
            // Short chunks now and then: masks re-chosen often.
            let chunk = if i % 3 == 0 { 256 } else { CHUNK };
            check_rule(&code, 2000, chunk);
        }
    }
}
