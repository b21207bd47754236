//! The scan of a heap's splits for the rare values the rare walk did not
//! produce.
//!
//! For heap m the splits (a, m − a), a = 1, 2, …, (m − 1)/2 are read as two
//! byte slices, the small heaps forward and the big heaps from a reversed
//! copy of the table (so both are read forward), and the xor of each pair is
//! looked up in the set of wanted values; a value found leaves the set, and
//! the scan stops when the set is empty. Every split is a move, so any order
//! and any pair is fine; the scan is exhaustive when it runs to the end. Most
//! pairs hit nothing, so the scan is a loop that only asks "did any of these
//! 16 pairs hit?" and looks at single pairs only when one did.
//!
//! The order of the groups of 16 pairs is spread out (see [`Order`]). In wasm
//! the 16 pairs are one `v128` (see `simd.rs`); elsewhere a portable loop does
//! the same with 16-byte arrays: while many values are wanted, each xor is
//! looked up in the set, and once at most [`FEW`] are left, compared with
//! each of them (which vectorizes).

/// The set of wanted values (all below 256) as bits, with its size. Value v
/// is bit v % 64 of word v / 64, which in memory (little-endian, as wasm is)
/// is also bit v % 8 of byte v / 8: the SIMD lookup reads it as 32 bytes.
#[derive(Debug, Clone, Default)]
pub(super) struct Wanted {
    pub(super) words: [u64; 4],
    pub(super) count: u32,
}

impl Wanted {
    #[cfg(test)]
    pub(super) fn insert(&mut self, v: u8) {
        if !self.has(v) {
            self.words[(v >> 6) as usize] |= 1 << (v & 63);
            self.count += 1;
        }
    }

    /// The set of the values whose bit is set.
    pub(super) fn from_bits(words: [u64; 4]) -> Wanted {
        Wanted {
            words,
            count: words.iter().map(|w| w.count_ones()).sum(),
        }
    }

    #[cfg(test)]
    pub(super) fn has(&self, v: u8) -> bool {
        self.words[(v >> 6) as usize] >> (v & 63) & 1 == 1
    }

    /// Takes `v` out of the set (if it is there), without a branch: this runs
    /// for every pair of a 16-pair group that hit.
    pub(super) fn remove(&mut self, v: u8) {
        let word = &mut self.words[(v >> 6) as usize];
        let had = (*word >> (v & 63)) & 1;
        *word &= !(1 << (v & 63));
        self.count -= had as u32;
    }

    pub(super) fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The smallest value in the set.
    pub(super) fn first(&self) -> Option<u8> {
        let i = self.words.iter().position(|&w| w != 0)?;
        Some((i * 64) as u8 + self.words[i].trailing_zeros() as u8)
    }

    /// Up to `K` values of the set, the first repeated to fill the rest
    /// (comparing with a repeat changes nothing).
    pub(super) fn few<const K: usize>(&self) -> [u8; K] {
        let mut out = [0u8; K];
        let mut k = 0;
        for (i, &w) in self.words.iter().enumerate() {
            let mut w = w;
            while w != 0 && k < K {
                out[k] = (i * 64) as u8 + w.trailing_zeros() as u8;
                w &= w - 1;
                k += 1;
            }
        }
        for i in k.max(1)..K {
            out[i] = out[0];
        }
        out
    }
}

/// At most this many wanted values are looked for by direct comparison.
pub(super) const FEW: usize = 4;

/// The smallest wanted value that no split (a, m − a) of heap `m` produces,
/// `g` holding G(0..m) (and perhaps more), `reversed[far − x]` holding G(x)
/// and `spread` a [`bit_reversal`] table; the found values leave `wanted`.
/// `None` when every wanted value is produced.
pub(super) fn first_missing(
    g: &[u8],
    reversed: &[u8],
    far: usize,
    spread: &[u32],
    m: usize,
    wanted: &mut Wanted,
) -> Option<u8> {
    let half = m.saturating_sub(1) / 2;
    // Pair k (k = 0, 1, …) is the split (k + 1, m − 1 − k).
    let small = g.get(1..=half);
    let big = far
        .checked_sub(m.saturating_sub(1))
        .and_then(|start| reversed.get(start..start + half));
    match (small, big) {
        (Some(small), Some(big)) => scan(small, big, spread, wanted),
        // Only for m < 3 (no split): nothing to remove.
        _ => debug_assert!(half == 0),
    }
    wanted.first()
}

/// 0..2^bits in bit-reversed order (0, 2^bits/2, 2^bits/4, 3·2^bits/4, …).
pub(super) fn bit_reversal(bits: u32) -> Vec<u32> {
    (0..1u32 << bits)
        .map(|i| i.reverse_bits().checked_shr(32 - bits).unwrap_or(0))
        .collect()
}

/// The order in which a scan reads its groups of 16 pairs (group i is pairs
/// 16i..16i+16, the splits (16i + 1, m − 16i − 1), …).
///
/// Neighbouring splits have related values (G(x) = G(x + 3) for 30% of x,
/// and a few values fill most of the table), so reading them in a row finds
/// the wanted values slowly; spread-out splits behave more like independent
/// samples. The first P groups, P the largest power of two at most half
/// their number, are read in bit-reversed order (0, P/2, P/4, 3P/4, …), then
/// the rest in a row: for heaps 2^19 to 2^20 the last wanted value is found
/// after 1,440 pairs on average instead of 3,100 in plain order (and the
/// heaps of a block read the same places, which stay in cache).
pub(super) struct Order<'a> {
    spread: &'a [u32],
    // spread holds 0..Q reversed over log2 Q bits; its first P entries
    // shifted right by `shift` are 0..P reversed over log2 P bits.
    shift: u32,
    mask: u32,
    next_spread: usize,
    next_row: usize,
    groups: usize,
}

impl<'a> Order<'a> {
    /// The order for `half` pairs (groups of 16; the last `half % 16` pairs
    /// are not in any group).
    pub(super) fn new(spread: &'a [u32], half: usize) -> Order<'a> {
        let groups = half / 16;
        let largest = |x: usize| match x {
            0 => 0,
            x => 1 << x.ilog2(),
        };
        // Both powers of two (the table's length is one by construction).
        let q = largest(spread.len());
        let p = largest(groups / 2).min(q);
        Order {
            spread: &spread[..p],
            shift: q.trailing_zeros().saturating_sub(p.trailing_zeros()),
            mask: (p as u32).wrapping_sub(1),
            next_spread: 0,
            next_row: p,
            groups,
        }
    }

    /// How many groups there are in all.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub(super) fn groups(&self) -> usize {
        self.groups
    }

    /// Groups not read yet.
    #[inline(always)]
    pub(super) fn left(&self) -> usize {
        (self.spread.len() - self.next_spread) + (self.groups - self.next_row)
    }

    /// The first pair of the next group; every group returned has all its
    /// 16 pairs below 16·groups ≤ half.
    #[inline(always)]
    pub(super) fn next(&mut self) -> Option<usize> {
        if let Some(&i) = self.spread.get(self.next_spread) {
            self.next_spread += 1;
            // The mask keeps the group below P whatever the table holds.
            return Some(16 * ((i >> self.shift) & self.mask) as usize);
        }
        if self.next_row < self.groups {
            self.next_row += 1;
            return Some(16 * (self.next_row - 1));
        }
        None
    }

    /// `C` groups at once, when at least `C` are left.
    #[inline(always)]
    pub(super) fn take<const C: usize>(&mut self) -> Option<[usize; C]> {
        // The common cases in one step each: C groups of the spread part, or
        // C groups of the part in a row.
        if let Some(chunk) = self.spread.get(self.next_spread..self.next_spread + C) {
            self.next_spread += C;
            let (shift, mask) = (self.shift, self.mask);
            return Some(core::array::from_fn(|i| {
                16 * ((chunk[i] >> shift) & mask) as usize
            }));
        }
        if self.next_spread == self.spread.len() && self.next_row + C <= self.groups {
            self.next_row += C;
            let first = self.next_row - C;
            return Some(core::array::from_fn(|i| 16 * (first + i)));
        }
        if self.left() < C {
            return None;
        }
        let mut ks = [0; C];
        for k in ks.iter_mut() {
            *k = self.next()?;
        }
        Some(ks)
    }
}

/// Removes from `wanted` every value `small[k] ^ big[k]`.
fn scan(small: &[u8], big: &[u8], spread: &[u32], wanted: &mut Wanted) {
    let half = small.len().min(big.len());
    let (small, big) = (&small[..half], &big[..half]);
    let mut order = Order::new(spread, half);
    #[cfg(target_arch = "wasm32")]
    super::simd::scan(small, big, &mut order, wanted);
    #[cfg(not(target_arch = "wasm32"))]
    portable(small, big, &mut order, wanted);
    // Whatever the vector loop left (it stops early only when nothing is
    // wanted any more), then the pairs past the last group.
    while !wanted.is_empty() {
        let Some(k) = order.next() else { break };
        for i in k..(k + 16).min(half) {
            wanted.remove(small[i] ^ big[i]);
        }
    }
    for k in 16 * (half / 16)..half {
        if wanted.is_empty() {
            return;
        }
        wanted.remove(small[k] ^ big[k]);
    }
}

/// The portable scan over groups of 16 pairs, until no group is left in
/// `order` or nothing is wanted.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
fn portable(small: &[u8], big: &[u8], order: &mut Order, wanted: &mut Wanted) {
    // Each run lasts until a group hits; the set changed then, so the way of
    // looking is chosen again.
    while order.left() > 0 && !wanted.is_empty() {
        if wanted.count as usize > FEW {
            run_portable(&LookupBits(wanted.words), small, big, order, wanted);
        } else {
            run_portable(&Targets(wanted.few::<FEW>()), small, big, order, wanted);
        }
    }
}

/// The xors of pairs k..k+16 (zeros if they are out of range, which the
/// order never asks for).
#[inline(always)]
fn group(small: &[u8], big: &[u8], k: usize) -> [u8; 16] {
    let mut v = [0u8; 16];
    if let (Some(xs), Some(ys)) = (small.get(k..k + 16), big.get(k..k + 16)) {
        for (out, (x, y)) in v.iter_mut().zip(xs.iter().zip(ys)) {
            *out = x ^ y;
        }
    }
    v
}

/// How the portable scan tests a group against the wanted set.
trait PortableProbe {
    fn hits(&self, v: &[u8; 16]) -> bool;
}

/// The whole set as bits; loads only (a store per pair would chain each
/// lookup to the previous one through memory).
struct LookupBits([u64; 4]);

impl PortableProbe for LookupBits {
    #[inline(always)]
    fn hits(&self, v: &[u8; 16]) -> bool {
        v.iter()
            .fold(0, |h, &x| h | self.0[(x >> 6) as usize] >> (x & 63))
            & 1
            == 1
    }
}

/// At most [`FEW`] values compared one by one (this vectorizes).
struct Targets([u8; FEW]);

impl PortableProbe for Targets {
    #[inline(always)]
    fn hits(&self, v: &[u8; 16]) -> bool {
        let mut hit = [false; 16];
        for t in self.0 {
            for (h, &x) in hit.iter_mut().zip(v) {
                *h |= x == t;
            }
        }
        hit.iter().any(|&h| h)
    }
}

/// Reads groups from `order` until one hits `probe` (its values then leave
/// `wanted`) or none is left; one test per four groups.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
#[inline(always)]
fn run_portable(
    probe: &impl PortableProbe,
    small: &[u8],
    big: &[u8],
    order: &mut Order,
    wanted: &mut Wanted,
) {
    while let Some(ks) = order.take::<4>() {
        if ks.iter().any(|&k| probe.hits(&group(small, big, k))) {
            for k in ks {
                group(small, big, k).iter().for_each(|&x| wanted.remove(x));
            }
            return;
        }
    }
    while let Some(k) = order.next() {
        let v = group(small, big, k);
        if probe.hits(&v) {
            v.iter().for_each(|&x| wanted.remove(x));
            return;
        }
    }
}
