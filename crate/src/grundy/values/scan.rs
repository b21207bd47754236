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

    /// Keeps only the values that are also in `set`.
    pub(super) fn keep(&mut self, set: &[u64; 4]) {
        *self = Wanted::from_bits(core::array::from_fn(|i| self.words[i] & set[i]));
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

/// Whether a scan may be limited (a budget of groups, the smallest heaps'
/// groups first), a block lists its near splits once (`block`), and reads
/// only the words of its sets of values that values below the largest's
/// power of two fill, its rows' in one call (`seen_words`, `unseen_rows`):
/// for octal rules' values, in the study module and natively. The games
/// module plays Grundy's game only, and its table stays as it was (the
/// checks weighed 1.7 KB of its 150 KB budget, the list 0.2 KB, the words
/// 0.2 KB); left out there, each only costs time, for the same values.
pub(super) const LIMITS: bool = cfg!(any(feature = "study", feature = "cli"));

/// At most this many wanted values are looked for by direct comparison.
pub(super) const FEW: usize = 4;

/// The smallest wanted value that no split (a, h − a) of a heap of `h`
/// produces (two equal heaps too when `equal`, not in Grundy's game), `g`
/// holding G(0..h) (and perhaps more), `reversed[far − x]` holding G(x);
/// the found values leave `wanted`.
/// `None` when every wanted value is produced.
#[cfg(test)]
pub(super) fn first_missing(
    g: &[u8],
    reversed: &[u8],
    far: usize,
    h: usize,
    equal: bool,
    wanted: &mut Wanted,
) -> Option<u8> {
    first_missing_within(g, reversed, far, h, equal, usize::MAX, 0, wanted)
}

/// [`first_missing`] reading at most `budget` groups of 16 splits (all of
/// them with `usize::MAX`), the first `lead` of them from the smallest
/// heaps in a row: a rule with several takes that split looks at each
/// take's first splits before it reads any take to its end, and an octal
/// rule's small heaps with every big one settle most wanted values (0.354).
#[allow(clippy::too_many_arguments)]
pub(super) fn first_missing_within(
    g: &[u8],
    reversed: &[u8],
    far: usize,
    h: usize,
    equal: bool,
    budget: usize,
    lead: usize,
    wanted: &mut Wanted,
) -> Option<u8> {
    let half = match equal {
        true => h / 2,
        false => h.saturating_sub(1) / 2,
    };
    // Pair k (k = 0, 1, …) is the split (k + 1, h − 1 − k).
    let small = g.get(1..=half);
    let big = far
        .checked_sub(h.saturating_sub(1))
        .and_then(|start| reversed.get(start..start + half));
    match (small, big) {
        (Some(small), Some(big)) => scan(small, big, budget, lead, wanted),
        // Only for h < 3 (h < 2 when equal: no split): nothing to remove.
        _ => debug_assert!(half == 0),
    }
    wanted.first()
}

/// The order in which a scan reads its groups of 16 pairs (group i is pairs
/// 16i..16i+16, the splits (16i + 1, m − 16i − 1), …).
///
/// Neighbouring splits have related values (G(x) = G(x + 3) for 30% of x,
/// and a few values fill most of the table), so reading them in a row finds
/// the wanted values slowly; spread-out splits behave more like independent
/// samples. The first P groups, P the largest power of two at most half
/// their number, are read in the order i·c mod P (i = 0, 1, …; c odd and
/// close to P/φ, so each next group falls in one of the largest gaps left,
/// and every group below P comes once), then the rest in a row: for heaps
/// 2^19 to 2^20 the last wanted value is found after about 1,500 pairs on
/// average instead of 3,100 in plain order, and the heaps of a block read the
/// same places, which stay in cache.
///
/// Not bit-reversed order (0, P/2, P/4, 3P/4, …), which spreads as well:
/// its first reads are a large power of two apart, so they all fall in the
/// same few sets of the processor's caches and evict each other (measured
/// with cachegrind: ~125 first-level misses per heap).
pub(super) struct Order {
    // P, then the first pair of the next group of the spread part, 16·c and
    // 16·P − 1 (pairs, not groups: one add and one mask a group).
    spread: usize,
    at: usize,
    step: usize,
    mask: usize,
    next_spread: usize,
    next_row: usize,
    groups: usize,
    // Groups this scan may still read (usize::MAX: all of them).
    budget: usize,
    // Groups read first in a row, from the smallest heaps, and how many were.
    lead: usize,
    next_lead: usize,
}

impl Order {
    /// The order for `half` pairs (groups of 16; the last `half % 16` pairs
    /// are not in any group).
    #[cfg(test)]
    pub(super) fn new(half: usize) -> Order {
        Order::with_budget(half, usize::MAX, 0)
    }

    /// [`Order::new`], reading at most `budget` groups, the first `lead` of
    /// them (those of the smallest heaps) in a row before the others.
    pub(super) fn with_budget(half: usize, budget: usize, lead: usize) -> Order {
        let groups = half / 16;
        let p = match groups / 2 {
            0 => 0,
            x => 1 << x.ilog2(),
        };
        Order {
            spread: p,
            at: 0,
            step: 16 * ((p as f64 * 0.618_033_988_75) as usize | 1),
            mask: (16 * p).saturating_sub(1),
            next_spread: 0,
            next_row: p,
            groups,
            budget,
            lead: lead.min(groups),
            next_lead: 0,
        }
    }

    /// How many groups there are in all.
    pub(super) fn groups(&self) -> usize {
        self.groups
    }

    /// Groups not read yet.
    #[inline(always)]
    pub(super) fn left(&self) -> usize {
        let rest = (self.spread - self.next_spread) + (self.groups - self.next_row);
        match LIMITS {
            true => (rest + (self.lead - self.next_lead)).min(self.budget),
            false => rest,
        }
    }

    /// Whether every group was read (not only this scan's budget).
    fn done(&self) -> bool {
        (!LIMITS || self.next_lead >= self.lead)
            && self.next_spread >= self.spread
            && self.next_row >= self.groups
    }

    /// Counts `n` groups read against the budget.
    #[inline(always)]
    fn spend(&mut self, n: usize) {
        if LIMITS {
            self.budget -= n;
        }
    }

    /// The first pair of the next group; every group returned has all its
    /// 16 pairs below 16·groups ≤ half.
    #[inline(always)]
    pub(super) fn next(&mut self) -> Option<usize> {
        if LIMITS && self.budget == 0 {
            return None;
        }
        if LIMITS && self.next_lead < self.lead {
            self.spend(1);
            self.next_lead += 1;
            return Some(16 * (self.next_lead - 1));
        }
        if self.next_spread < self.spread {
            self.spend(1);
            self.next_spread += 1;
            let k = self.at;
            self.at = (k + self.step) & self.mask;
            return Some(k);
        }
        if self.next_row < self.groups {
            self.spend(1);
            self.next_row += 1;
            return Some(16 * (self.next_row - 1));
        }
        None
    }

    /// `C` groups at once, when at least `C` are left.
    #[inline(always)]
    pub(super) fn take<const C: usize>(&mut self) -> Option<[usize; C]> {
        if LIMITS && self.budget < C {
            return None;
        }
        let led = !LIMITS || self.next_lead >= self.lead;
        if LIMITS && self.next_lead + C <= self.lead {
            self.spend(C);
            self.next_lead += C;
            let first = self.next_lead - C;
            return Some(core::array::from_fn(|i| 16 * (first + i)));
        }
        // The common cases in one step each: C groups of the spread part, or
        // C groups of the part in a row.
        if led && self.next_spread + C <= self.spread {
            self.spend(C);
            self.next_spread += C;
            let (at, step, mask) = (self.at, self.step, self.mask);
            self.at = (at + C * step) & mask;
            return Some(core::array::from_fn(|i| (at + i * step) & mask));
        }
        if led && self.next_spread >= self.spread && self.next_row + C <= self.groups {
            self.spend(C);
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

/// Groups read first without looking at the wanted set (see
/// [`mark_first`]): Grundy's game, then an octal rule, whose first groups
/// are its smallest heaps in a row (instructions to 2^18, callgrind: 0.354
/// 1.02·10^9 with 16, 0.95 with 8, 0.90 with 4 and a lead of 64; Grundy's
/// 1.5% more when its 16 were read 8 at a time).
const FIRST: usize = 16;
const FIRST_IN_A_ROW: usize = 4;

/// Reads the first `N` groups of `order` and takes their values out of
/// `wanted`, with a store per pair into a table of values seen and no test:
/// in the first groups almost every pair is a value still wanted (the scan
/// starts with some 30 of them), and stopping at each to take it out costs
/// more than the stores (about 10% of the time of a table in wasm).
fn mark_first<const N: usize>(small: &[u8], big: &[u8], order: &mut Order, wanted: &mut Wanted) {
    let Some(groups) = order.take::<N>() else {
        return;
    };
    let mut found = [0u8; 256];
    #[cfg(any(target_arch = "wasm32", target_arch = "x86_64"))]
    let done = super::simd::mark(small, big, &groups, &mut found);
    #[cfg(not(any(target_arch = "wasm32", target_arch = "x86_64")))]
    let done = false;
    if !done {
        for k in groups {
            for v in group(small, big, k) {
                found[v as usize] = 1;
            }
        }
    }
    // Only the words up to the last wanted value's are read (see LIMITS).
    let words = match LIMITS {
        false => 4,
        true => wanted
            .words
            .iter()
            .rposition(|&w| w != 0)
            .map_or(0, |i| i + 1),
    };
    wanted.keep(&super::unseen(&found, words));
}

/// Removes from `wanted` every value `small[k] ^ big[k]` (of the first
/// `budget` groups read, when fewer than all).
fn scan(small: &[u8], big: &[u8], budget: usize, lead: usize, wanted: &mut Wanted) {
    let half = small.len().min(big.len());
    let (small, big) = (&small[..half], &big[..half]);
    let mut order = Order::with_budget(half, budget, lead);
    match LIMITS && lead > 0 {
        false => mark_first::<FIRST>(small, big, &mut order, wanted),
        true => mark_first::<FIRST_IN_A_ROW>(small, big, &mut order, wanted),
    }
    #[cfg(target_arch = "x86_64")]
    let done = super::bytes512::scan(small, big, &mut order, wanted)
        || super::simd::scan(small, big, &mut order, wanted);
    #[cfg(target_arch = "wasm32")]
    let done = super::simd::scan(small, big, &mut order, wanted);
    #[cfg(not(any(target_arch = "wasm32", target_arch = "x86_64")))]
    let done = false;
    if !done {
        portable(small, big, &mut order, wanted);
    }
    // Whatever the vector loop left (it stops early only when nothing is
    // wanted any more), then the pairs past the last group.
    while !wanted.is_empty() {
        let Some(k) = order.next() else { break };
        for i in k..(k + 16).min(half) {
            wanted.remove(small[i] ^ big[i]);
        }
    }
    if LIMITS && !order.done() {
        return;
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
    /// The lanes of `v` that hit, as bits.
    fn lanes(&self, v: &[u8; 16]) -> u32;
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

    #[inline(always)]
    fn lanes(&self, v: &[u8; 16]) -> u32 {
        v.iter().enumerate().fold(0, |h, (i, &x)| {
            h | ((self.0[(x >> 6) as usize] >> (x & 63)) as u32 & 1) << i
        })
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

    #[inline(always)]
    fn lanes(&self, v: &[u8; 16]) -> u32 {
        v.iter()
            .enumerate()
            .fold(0, |h, (i, &x)| h | (self.0.contains(&x) as u32) << i)
    }
}

/// Takes out of `wanted` the values of `v` in the lanes that hit `probe`
/// (usually one or two: removing all 16 would cost more than the scan).
#[inline(always)]
fn record_portable(probe: &impl PortableProbe, v: &[u8; 16], wanted: &mut Wanted) {
    let mut lanes = probe.lanes(v);
    while lanes != 0 {
        wanted.remove(v[lanes.trailing_zeros() as usize]);
        lanes &= lanes - 1;
    }
}

/// Reads groups from `order` until one hits `probe` (its values then leave
/// `wanted`) or none is left; one test per four groups.
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
                record_portable(probe, &group(small, big, k), wanted);
            }
            return;
        }
    }
    while let Some(k) = order.next() {
        let v = group(small, big, k);
        if probe.hits(&v) {
            record_portable(probe, &v, wanted);
            return;
        }
    }
}
