//! The table of a rule whose values stay below 128 and whose sparse space
//! has a few rare heaps (0.454: 17, the last 124; 0.104: 20 with the heap's
//! parity; 0.324: 126, values to 94): a heap's reached values are one word
//! (two once a value passes 64), and its work is a short loop over its
//! rare splits and a short scan, with none of the block method's fixed
//! cost per heap (its candidates, its 256-byte rows), which made such
//! rules cost 150 ns a heap there, no faster than the C++ peer (0.324 180
//! ns, 3.2 times ahead of it).
//!
//! For heap m, with the mask's classes (flipped by the heap's parity when
//! the space has one, see [`SparseTable::parity`](super::SparseTable)):
//! - every value of m's common class comes from a split with one rare heap
//!   or a move leaving one heap or none: the walk of the rare splits and
//!   those moves give them all, so the smallest common value they miss is
//!   the common candidate c;
//! - the rare values below c are looked for in a scan of all splits, which
//!   stops as soon as every one is found (most heaps find them in a few
//!   dozen pairs); G(m) is the smallest one not found, or c.

use super::{Shape, Stopped};

#[cfg(target_arch = "x86_64")]
use super::small512::Features;
/// Elsewhere no vector scan runs (see `small512.rs`).
#[cfg(not(target_arch = "x86_64"))]
#[derive(Debug, Clone, Copy)]
enum Features {}

/// Values stay below this: a heap's reached values are two words (one
/// while they stay below 64).
pub const SMALL_LIMIT: u16 = 128;

/// The most rare splits a heap may walk (rare heaps times takes that
/// split): past it the block method's walks, a block of heaps at a time,
/// are faster.
pub const MAX_RARE_PAIRS: usize = 1024;

/// Heaps between two re-choices of the mask (and progress calls).
const CHUNK: u32 = 1 << 16;

/// The small-values table (see the module's text).
#[derive(Debug, Clone)]
pub struct SmallTable {
    shape: Shape,
    values: Vec<u16>,
    // The same values as bytes, read by the walk and the scan.
    bytes: Vec<u8>,
    // How many heaps of each parity have each value (counts[n % 2][v]).
    counts: [[u64; SMALL_LIMIT as usize]; 2],
    mask: u16,
    // The takes' parity, when every take that splits has it: heaps whose
    // parity differs have their classes flipped (see `flips`).
    parity_allowed: Option<u8>,
    parity: Option<u8>,
    // The values of even popcount under the mask, as bits.
    even: u128,
    // The rare heaps, increasing.
    rare: Vec<u32>,
    // The walk's splits: (o, G(r), r) for rare heap r ≥ 1 and take k that
    // splits, o = r + k, sorted, so heap m reads G(m − o) (r, to skip the
    // split r + r when the two heaps may not be equal).
    pairs: Vec<(u32, u8, u32)>,
    max_value: u16,
    // Whether the rare list was built (it may be empty: with the parity
    // heap 0 may be common).
    chosen: bool,
}

impl SmallTable {
    /// The table of this shape that knows `values` (G(0) at least, every
    /// value below [`SMALL_LIMIT`]).
    pub fn from_values(shape: Shape, values: &[u16]) -> Option<SmallTable> {
        if values.is_empty() || values.iter().any(|&v| v >= SMALL_LIMIT) {
            return None;
        }
        let parity_allowed = shape.takes_parity();
        let mut table = SmallTable {
            shape,
            values: values.to_vec(),
            bytes: values.iter().map(|&v| v as u8).collect(),
            counts: [[0; SMALL_LIMIT as usize]; 2],
            mask: u16::MAX,
            parity_allowed,
            parity: None,
            even: 0,
            rare: Vec::new(),
            pairs: Vec::new(),
            max_value: 0,
            chosen: false,
        };
        for (n, &v) in values.iter().enumerate() {
            table.counts[n % 2][v as usize] += 1;
            table.max_value = table.max_value.max(v);
        }
        table.choose_mask();
        Some(table)
    }

    /// The rule's shape and the values, the table given up: the block
    /// method goes on from them, or the u16 table with the heap's parity.
    pub fn into_parts(self) -> (Shape, Vec<u16>) {
        (self.shape, self.values)
    }

    /// G(0), G(1), … as a slice.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// The values, the table given up.
    pub fn into_values(self) -> Vec<u16> {
        self.values
    }

    /// The mask (its bits from the power of two above the largest value
    /// on set, as the other tables report it).
    pub fn mask(&self) -> u16 {
        self.mask
    }

    /// The heap parity joined with the mask, if any.
    pub fn parity(&self) -> Option<u8> {
        self.parity
    }

    /// Heaps whose value is rare.
    pub fn rare_heaps(&self) -> &[u32] {
        &self.rare
    }

    /// Whether the walk is still short enough for this table: at most
    /// [`MAX_RARE_PAIRS`] rare splits a heap.
    pub fn fits(&self) -> bool {
        self.rare.len() * self.shape.two.len() <= MAX_RARE_PAIRS
    }

    /// Whether heap n's classes are flipped (the parity joined, n's parity
    /// not the takes').
    fn flips(&self, n: usize) -> bool {
        self.parity.is_some_and(|p| n % 2 != p as usize)
    }

    /// Whether heap n's value is rare.
    fn is_rare(&self, n: usize) -> bool {
        (self.even >> self.bytes[n] & 1 == 1) != self.flips(n)
    }

    /// Picks the mask (with the heap's parity, when the rule allows it and
    /// it leaves fewer than half as many rare heaps) leaving the fewest rare
    /// heaps, as the u16 table does, and rebuilds the rare list on a change.
    fn choose_mask(&mut self) {
        let bound = (self.max_value as usize + 1).next_power_of_two().max(2);
        let even_of = |mask: usize| -> u128 {
            (0..SMALL_LIMIT as usize)
                .filter(|&v| (v & mask).count_ones().is_multiple_of(2))
                .fold(0u128, |set, v| set | 1 << v)
        };
        // Heaps of parity `flipped` counted with their classes flipped.
        let rare = |mask: usize, flipped: Option<usize>| -> u64 {
            let even = even_of(mask);
            (0..2)
                .map(|n| {
                    let set = match flipped == Some(n) {
                        true => !even,
                        false => even,
                    };
                    (0..bound)
                        .filter(|&v| set >> v & 1 == 1)
                        .map(|v| self.counts[n][v])
                        .sum::<u64>()
                })
                .sum()
        };
        // Ties go to the mask with the most bits, as in the u16 table.
        let fewest = |flipped: Option<usize>| {
            let mut best = (u64::MAX, 0usize);
            for mask in 1..bound {
                let r = rare(mask, flipped);
                if r < best.0 || (r == best.0 && mask.count_ones() > best.1.count_ones()) {
                    best = (r, mask);
                }
            }
            best
        };
        let mut best = fewest(None);
        let mut parity = None;
        if let Some(p) = self.parity_allowed {
            // Heaps of the other parity than the takes' are flipped.
            let with = fewest(Some(1 - p as usize));
            if 2 * with.0 < best.0 {
                best = with;
                parity = Some(p);
            }
        }
        let mask = best.1 as u16 | !((bound as u16).wrapping_sub(1));
        if mask != self.mask || parity != self.parity || !self.chosen {
            self.chosen = true;
            self.mask = mask;
            self.parity = parity;
            self.even = even_of(mask as usize);
            self.rare = (0..self.values.len())
                .filter(|&n| self.is_rare(n))
                .map(|n| n as u32)
                .collect();
            self.rebuild_pairs();
        }
    }

    fn rebuild_pairs(&mut self) {
        self.pairs.clear();
        for &r in &self.rare {
            if r == 0 {
                continue;
            }
            for &k in &self.shape.two {
                self.pairs.push((r + k, self.bytes[r as usize], r));
            }
        }
        self.pairs.sort_unstable();
    }

    /// Extends the table to heap `n`, calling `progress(done_heaps)` every
    /// [`CHUNK`] heaps (`false` stops the work, what was computed stays).
    /// Stops with [`Stopped::TooLarge`] before a heap whose value would
    /// reach [`SMALL_LIMIT`], and before any heap once the rare splits no
    /// longer fit ([`Self::fits`]): another table goes on from there.
    pub fn extend_with(
        &mut self,
        n: u32,
        progress: &mut dyn FnMut(u32) -> bool,
    ) -> Result<(), Stopped> {
        let n = n as usize;
        #[cfg(target_arch = "x86_64")]
        let fast = super::small512::available();
        #[cfg(not(target_arch = "x86_64"))]
        let fast = None;
        self.values
            .reserve((n + 1).saturating_sub(self.values.len()));
        self.bytes.reserve((n + 1).saturating_sub(self.bytes.len()));
        while self.values.len() <= n {
            let m = self.values.len();
            if m.is_multiple_of(CHUNK as usize) {
                if !progress(m as u32) {
                    return Err(Stopped::Cancelled);
                }
                self.choose_mask();
            }
            if !self.fits() {
                return Err(Stopped::TooLarge { heap: m as u32 });
            }
            match self.value(m, fast) {
                Some(g) => self.push(m, g),
                None => return Err(Stopped::TooLarge { heap: m as u32 }),
            }
        }
        Ok(())
    }

    /// G(m), or `None` when it would reach [`SMALL_LIMIT`]: in one word
    /// while the values stay below 64 (a heap whose value would not is
    /// done again in two).
    fn value(&self, m: usize, fast: Option<Features>) -> Option<u8> {
        if self.max_value < 64 {
            if let Some(v) = self.value_in::<u64>(m, fast) {
                return Some(v);
            }
        }
        self.value_in::<u128>(m, fast)
    }

    /// G(m) with its reached values in a set of type `S`, or `None` when
    /// it is not below `S::BITS`.
    // Not inlined: in the one loop of `extend_with` its walk's registers
    // spilled (0.205 10% slower).
    #[inline(never)]
    fn value_in<S: Set>(&self, m: usize, fast: Option<Features>) -> Option<u8> {
        let g = &self.bytes;
        // The values of m's rare class.
        let even = S::from_wide(self.even);
        let rare_class = match self.flips(m) {
            true => !even,
            false => even,
        };
        let mut seen = S::EMPTY;
        for &k in &self.shape.one {
            if let Some(x) = m.checked_sub(k as usize).filter(|&x| x > 0) {
                seen |= S::of(g[x]);
            }
        }
        if self.shape.whole.contains(&(m as u32)) {
            seen |= S::of(0);
        }
        // The splits (r, m − o) with a rare heap r, o = r + k; the other
        // heap non-empty (o < m), and other than r if they must differ.
        let pairs = match self.pairs.last() {
            Some(&(o, _, _)) if (o as usize) < m => &self.pairs[..],
            _ => {
                let end = self.pairs.partition_point(|&(o, _, _)| (o as usize) < m);
                &self.pairs[..end]
            }
        };
        seen |= S::walk(g, m, pairs, self.shape.equal);
        let c = (!seen & !rare_class).first();
        let mut wanted = rare_class & !seen & S::below(c);
        if wanted != S::EMPTY {
            wanted = self.scan(m, wanted, fast);
        }
        let v = match wanted == S::EMPTY {
            true => c,
            false => wanted.first(),
        };
        (v < S::BITS).then_some(v as u8)
    }

    /// The `wanted` values no split of heap m gives: its splits are read
    /// from the smallest heaps up, until none is left.
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
    fn scan<S: Set>(&self, m: usize, mut wanted: S, fast: Option<Features>) -> S {
        let g = &self.bytes;
        for &k in &self.shape.two {
            let Some(h) = m.checked_sub(k as usize) else {
                continue;
            };
            // Splits (a, h − a), 1 ≤ a ≤ h − a (a < h − a if they differ).
            let last = match self.shape.equal {
                true => h / 2,
                false => (h.saturating_sub(1)) / 2,
            };
            let mut a = 1;
            #[cfg(target_arch = "x86_64")]
            if let Some(f) = fast {
                if let Some((next, left)) = super::small512::scan(f, g, h, a, last, wanted.wide()) {
                    if left == 0 {
                        return S::EMPTY;
                    }
                    (a, wanted) = (next, S::from_wide(left));
                }
            }
            while a <= last {
                let stop = (a + 16).min(last + 1);
                // b in a..stop against h − b, read downwards.
                let (small, big) = (&g[a..stop], &g[h + 1 - stop..h + 1 - a]);
                let hit = small
                    .iter()
                    .zip(big.iter().rev())
                    .fold(S::EMPTY, |hit, (&x, &y)| hit | S::of(x ^ y));
                wanted &= !hit;
                if wanted == S::EMPTY {
                    return S::EMPTY;
                }
                a = stop;
            }
        }
        wanted
    }

    fn push(&mut self, m: usize, g: u8) {
        self.values.push(u16::from(g));
        self.bytes.push(g);
        self.counts[m % 2][g as usize] += 1;
        if u16::from(g) > self.max_value {
            self.max_value = u16::from(g);
            // The mask's bits above the old bound were set: still right,
            // the next choice narrows them.
        }
        if self.is_rare(m) {
            self.rare.push(m as u32);
            for &k in &self.shape.two {
                let entry = (m as u32 + k, g, m as u32);
                let at = self.pairs.partition_point(|&p| p < entry);
                self.pairs.insert(at, entry);
            }
        }
    }
}

/// A set of values below `BITS`, one bit each: a word while the values
/// stay below 64, two words (and a byte a value in the walk) up to 127.
trait Set:
    Copy
    + Eq
    + core::ops::BitOr<Output = Self>
    + core::ops::BitAnd<Output = Self>
    + core::ops::Not<Output = Self>
    + core::ops::BitOrAssign
    + core::ops::BitAndAssign
{
    const BITS: usize;
    const EMPTY: Self;
    /// {v}, v below `BITS`.
    fn of(v: u8) -> Self;
    /// The values below c.
    fn below(c: usize) -> Self;
    /// The smallest value, `BITS` for none.
    fn first(self) -> usize;
    /// The values below `BITS` of a set of 128.
    fn from_wide(set: u128) -> Self;
    fn wide(self) -> u128;
    /// The values of heap m's splits `pairs` (see `SmallTable::pairs`).
    fn walk(g: &[u8], m: usize, pairs: &[(u32, u8, u32)], equal: bool) -> Self;
}

/// The part of [`Set`] a word of any width does alike.
macro_rules! set_of_bits {
    ($word:ty) => {
        const BITS: usize = <$word>::BITS as usize;
        const EMPTY: $word = 0;
        fn of(v: u8) -> $word {
            1 << (v & (<$word>::BITS - 1) as u8)
        }
        fn below(c: usize) -> $word {
            (1 as $word)
                .checked_shl(c as u32)
                .map_or(<$word>::MAX, |b| b - 1)
        }
        fn first(self) -> usize {
            self.trailing_zeros() as usize
        }
        fn from_wide(set: u128) -> $word {
            set as $word
        }
        fn wide(self) -> u128 {
            self as u128
        }
    };
}

impl Set for u64 {
    set_of_bits!(u64);
    /// Four words, so that the ors do not wait on each other.
    fn walk(g: &[u8], m: usize, pairs: &[(u32, u8, u32)], equal: bool) -> u64 {
        if !equal {
            let mut seen = 0u64;
            for &(o, u, r) in pairs {
                if m - o as usize != r as usize {
                    seen |= u64::of(u ^ g[m - o as usize]);
                }
            }
            return seen;
        }
        let mut s = [0u64; 4];
        let mut quads = pairs.chunks_exact(4);
        for q in &mut quads {
            for (w, &(o, u, _)) in s.iter_mut().zip(q) {
                *w |= u64::of(u ^ g[m - o as usize]);
            }
        }
        for &(o, u, _) in quads.remainder() {
            s[0] |= u64::of(u ^ g[m - o as usize]);
        }
        s[0] | s[1] | s[2] | s[3]
    }
}

impl Set for u128 {
    set_of_bits!(u128);
    /// A byte a value, stored: a shift of a 128-bit word costs several
    /// instructions, and no store waits on another (0.324 to 2^20: 0.21 s
    /// → 0.15 s against four pairs of words).
    fn walk(g: &[u8], m: usize, pairs: &[(u32, u8, u32)], equal: bool) -> u128 {
        let mut reached = [0u8; SMALL_LIMIT as usize];
        for &(o, u, r) in pairs {
            if equal || m - o as usize != r as usize {
                reached[((u ^ g[m - o as usize]) & 127) as usize] = 1;
            }
        }
        bits_of(&reached)
    }
}

/// The set of the values whose byte is 1.
#[cfg(target_arch = "x86_64")]
fn bits_of(bytes: &[u8; SMALL_LIMIT as usize]) -> u128 {
    use core::arch::x86_64::*;
    let mut set = 0u128;
    for (i, chunk) in bytes.chunks_exact(16).enumerate() {
        // SAFETY: SSE2 is part of x86_64; the chunk is 16 bytes.
        let word = unsafe {
            let x = _mm_loadu_si128(chunk.as_ptr().cast());
            _mm_movemask_epi8(_mm_slli_epi16(x, 7)) as u16
        };
        set |= u128::from(word) << (16 * i);
    }
    set
}

/// The set of the values whose byte is 1.
#[cfg(not(target_arch = "x86_64"))]
fn bits_of(bytes: &[u8; SMALL_LIMIT as usize]) -> u128 {
    bytes
        .iter()
        .enumerate()
        .fold(0, |set, (i, &b)| set | u128::from(b) << i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::rule::{plain_values, plain_values_u16, Rule};
    use crate::grundy::sequence::shape;

    /// The small table from a rule's first `start` values, extended to `n`,
    /// against the plain mex: equal up to where it stopped, and stopped
    /// only at a value of 64 or with too many rare splits.
    fn check(rule: &Rule, start: usize, n: u32) -> Result<(), Stopped> {
        let plain: Vec<u16> = plain_values_u16(rule, n);
        let shape = shape(rule).unwrap();
        let Some(mut t) = SmallTable::from_values(shape, &plain[..start]) else {
            assert!(plain[..start].iter().any(|&v| v >= SMALL_LIMIT));
            return Ok(());
        };
        let stopped = t.extend_with(n, &mut |_| true);
        let len = t.values().len();
        assert_eq!(t.values(), &plain[..len], "{rule:?}");
        if let Err(Stopped::TooLarge { heap }) = stopped {
            assert_eq!(heap as usize, len);
            assert!(plain[len] >= SMALL_LIMIT || !t.fits(), "{rule:?} at {len}");
        }
        stopped
    }

    #[test]
    fn random_codes_equal_the_plain_mex() {
        // Any code, sparse or not, with or without the heap's parity: the
        // values are the plain mex's until the table stops, and it stops
        // only where it must.
        let mut rng = crate::rng::Rng::new(64);
        let mut ran = 0;
        for _ in 0..150 {
            let len = 1 + (rng.next_u64() % 5) as usize;
            let mut code = String::from(if rng.next_u64().is_multiple_of(3) {
                "4."
            } else {
                "0."
            });
            for _ in 0..len {
                code.push(char::from(b'0' + (rng.next_u64() % 8) as u8));
            }
            let rule = Rule::parse(&code).unwrap();
            let small = plain_values(&rule, 199)
                .iter()
                .all(|&v| v < u32::from(SMALL_LIMIT));
            if shape(&rule).is_some() && check(&rule, 200, 2500).is_ok() && small {
                ran += 1;
            }
        }
        assert!(ran > 40, "{ran} codes ran to the end");
    }

    #[test]
    fn sparse_rules_with_and_without_the_parity() {
        // 0.324 and 0.207 pass 64 at heaps 1,744 and 1,567: two words.
        for code in [
            "0.454", "0.104", "0.106", "0.205", "kayles", "0.324", "0.207",
        ] {
            let rule = Rule::parse(code).unwrap();
            assert_eq!(check(&rule, 1000, 6000), Ok(()), "{code}");
        }
        // Dawson's Kayles has no sparse space: its rare heaps soon walk
        // more splits than the table takes.
        let dawson = Rule::parse("dawson").unwrap();
        assert!(matches!(
            check(&dawson, 1000, 6000),
            Err(Stopped::TooLarge { .. })
        ));
        // 0.104's space is the heap's parity with the mask 0x17 (20 rare
        // heaps, the last 284, as the u16 table finds it).
        let plain: Vec<u16> = plain_values_u16(&Rule::parse("0.104").unwrap(), 8191);
        let shape = shape(&Rule::parse("0.104").unwrap()).unwrap();
        let t = SmallTable::from_values(shape, &plain).unwrap();
        assert_eq!(t.parity(), Some(1));
        // Values below 32: the bits from 32 on are set and do not matter.
        assert!(plain.iter().all(|&v| v < 32));
        assert_eq!(t.mask() & 0x1f, 0x17);
        assert_eq!(
            (t.rare_heaps().len(), t.rare_heaps().last()),
            (20, Some(&284))
        );
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_word_scan_as_a_processor_without_avx512_runs_it() {
        // The scan of `small512.rs` where the processor has it, the word
        // loop here: the same values (the plain mex's) either way.
        super::super::avx512::NO_AVX512.set(true);
        for code in ["0.454", "0.205", "0.106", "0.324"] {
            let rule = Rule::parse(code).unwrap();
            assert_eq!(check(&rule, 1000, 5000), Ok(()), "{code}");
        }
        super::super::avx512::NO_AVX512.set(false);
    }

    #[test]
    fn grundys_game_past_its_first_value_of_64() {
        // Two unequal heaps: the walk skips the split r + r, in one word
        // and, from heap 4,019 (G = 64 first), in two (the sequence never
        // gives Grundy's game to this table: its rare heaps are too many
        // for it later on).
        let rule = Rule::Grundy;
        let plain: Vec<u16> = plain_values_u16(&rule, 4100);
        let first = plain.iter().position(|&v| v >= 64).unwrap();
        assert_eq!(first, 4019);
        let shape = shape(&rule).unwrap();
        let mut t = SmallTable::from_values(shape, &plain[..100]).unwrap();
        assert_eq!(t.extend_with(4100, &mut |_| true), Ok(()));
        assert_eq!(t.values(), &plain[..]);
        // A value of 128 is refused at the start.
        let mut too_large = plain[..100].to_vec();
        too_large.push(SMALL_LIMIT);
        assert!(SmallTable::from_values(shape_of_grundy(), &too_large).is_none());
    }

    fn shape_of_grundy() -> Shape {
        shape(&Rule::Grundy).unwrap()
    }

    #[test]
    fn past_a_chunk_the_mask_is_chosen_again_and_the_values_stay_exact() {
        // Against the u16 table (itself checked against the plain mex) to
        // 140,000 heaps: the mask re-chosen at 65,536 and 131,072 (the
        // other tests stop before).
        for code in ["0.454", "0.104", "0.205"] {
            let rule = Rule::parse(code).unwrap();
            let shape = shape(&rule).unwrap();
            let start: Vec<u16> = plain_values_u16(&rule, 999);
            let mut small = SmallTable::from_values(shape.clone(), &start).unwrap();
            small.extend_with(140_000, &mut |_| true).unwrap();
            let mut reference = super::super::SparseTable::from_values(shape, start.clone());
            reference.extend_with(140_000, &mut |_| true).unwrap();
            assert_eq!(small.values(), reference.values(), "{code}");
        }
    }

    #[test]
    fn cancelled_keeps_what_was_computed() {
        let rule = Rule::parse("0.454").unwrap();
        let plain: Vec<u16> = plain_values_u16(&rule, 300);
        let mut t = SmallTable::from_values(shape(&rule).unwrap(), &plain).unwrap();
        let mut calls = 0;
        let stopped = t.extend_with(200_000, &mut |_| {
            calls += 1;
            calls < 2
        });
        assert_eq!(stopped, Err(Stopped::Cancelled));
        assert_eq!(t.values().len(), 2 * CHUNK as usize);
    }
}
