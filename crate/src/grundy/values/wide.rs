//! The few heaps the byte tables cannot decide on their own: values of
//! `limit` (256) and more, and the heaps whose splits meet them.
//!
//! A heap whose value reaches the limit is *wide*. It is kept in the byte
//! tables as 0 (a rare value under every mask) and listed apart, with its
//! true value in the u16 table. With the limit a power of two, a split of a
//! wide heap and a narrow one is worth at least the limit, so it never
//! changes a value below the limit; the byte method only has to be kept from
//! reading the 0 as a value. Heap m reads a wide heap w's 0 in two places:
//! - the rare walk reads G(m − r) for every rare r: at r = m − w it marks
//!   G(r) xor 0 = G(r), a rare value the split (r, w) does not give;
//! - the scan of all splits meets the pair (w, m − w), where 0 xor G(m − w)
//!   is of the class of G(m − w). The scan only looks for rare values, so
//!   the 0 does harm only when m − w is rare (or wide).
//!
//! And the byte method never sees what a split of two wide heaps gives,
//! which may be below the limit, of either class. So heap m is decided by
//! the byte method alone unless it has a split (w, m − w), w wide and m − w
//! rare or wide (1,273 heaps below 2^24, millions by 2^26 in Grundy's game).
//! Those splits are found a block at a time ([`Fix::find_block`], one word
//! of [`WideSet`] per rare or wide heap), and the byte method runs with them
//! set right: the common values of two wide heaps are marked before the
//! smallest common value is taken, the rare values the walk marked from a
//! wide heap's 0 are unmarked (the scan, which reads every split, finds them
//! again if another split gives them), and for the scan the wide heaps'
//! bytes are set, for that heap only, so that each of those splits gives its
//! true value when below the limit and otherwise a common value, which the
//! scan never looks for. If every value below the limit is reached, the
//! value is the smallest one from the limit on that no split with a wide
//! heap gives ([`past_limit`]).

use super::{rare_class, Shape};
#[cfg(not(target_arch = "wasm32"))]
use core::ops::Range;

/// The wide heaps as one bit a heap, up to the table's end: a block of 64
/// heaps reads which heaps of a window of 64 are wide in one word.
#[derive(Debug, Clone, Default)]
pub(super) struct WideSet {
    bits: Vec<u64>,
}

impl WideSet {
    /// The set of `wide`, for a table that ends at `end`.
    #[cold]
    pub(super) fn rebuild(&mut self, end: usize, wide: &[u32]) {
        self.bits = vec![0; end / 64 + 2];
        for &w in wide {
            self.insert(w as usize);
        }
    }

    /// Heap `w` turns wide.
    pub(super) fn insert(&mut self, w: usize) {
        if let Some(word) = self.bits.get_mut(w / 64) {
            *word |= 1 << (w % 64);
        }
    }

    /// Whether heap `x` is wide.
    pub(super) fn has(&self, x: usize) -> bool {
        self.bits
            .get(x / 64)
            .is_some_and(|w| w >> (x % 64) & 1 == 1)
    }

    /// Calls `f` with each wide heap of `lo..hi` (at most 64 heaps), in
    /// increasing order.
    fn each(&self, lo: usize, hi: usize, mut f: impl FnMut(usize)) {
        if lo >= hi {
            return;
        }
        let mut bits = self.window(lo, hi - lo);
        while bits != 0 {
            f(lo + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }

    /// Bit i says whether heap `lo + i` is wide, for i < `len` (≤ 64).
    fn window(&self, lo: usize, len: usize) -> u64 {
        let word = |i: usize| self.bits.get(i).copied().unwrap_or(0);
        let shift = lo % 64;
        let low = word(lo / 64) >> shift;
        let high = match shift {
            0 => 0,
            _ => word(lo / 64 + 1) << (64 - shift),
        };
        let all = low | high;
        match len {
            64.. => all,
            _ => all & ((1 << len) - 1),
        }
    }
}

#[cfg(test)]
thread_local! {
    /// How often `Fix::find_block` took each way, on this thread: the
    /// rare heaps' windows, the wide heaps near the block, the lower wide
    /// heaps' windows, the upper ones'.
    pub(super) static WAYS: core::cell::Cell<[u32; 4]> = const { core::cell::Cell::new([0; 4]) };
}

#[cfg(test)]
fn count_way(i: usize) {
    WAYS.with(|w| {
        let mut ways = w.get();
        ways[i] += 1;
        w.set(ways);
    });
}

/// A wide heap near a block costs about this many rare heaps' windows
/// when the rare heaps it pairs with are looked up (two binary searches).
#[cfg(not(target_arch = "wasm32"))]
const NEAR_COST: usize = 16;

/// The wide heaps near the block at `m0` (each within the largest offset
/// below it), when pairing the rare heaps with each of them is cheaper
/// than a window of wide heaps per rare heap and take (`offsets`).
#[cfg(not(target_arch = "wasm32"))]
fn near_wide<'a>(wide: &'a [u32], offsets: &[(u32, u32)], m0: usize) -> Option<&'a [u32]> {
    let below = wide.partition_point(|&x| (x as usize) < m0);
    let reach = offsets.last().map_or(0, |&(o, _)| o as usize);
    let near = wide.partition_point(|&x| (x as usize) + reach < m0);
    ((below - near) * NEAR_COST < offsets.len()).then(|| &wide[near..below])
}

/// How many windows of wide heaps a block from `m0` reads for the splits
/// of two wide heaps ([`Fix::find_block`]): one per take and wide heap of
/// the side it goes through, the one with fewer heaps.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn pair_windows(wide: &[u32], takes: &[u32], m0: usize) -> usize {
    let (upper, lower) = wide_sides(wide, takes, m0, m0 + super::BLOCK);
    upper.len().min(lower) * takes.len()
}

/// The wide heaps x below the block `m0..end` that may pair with a
/// smaller wide heap w (2x + k > m0 for some take k), when they are fewer
/// than the heaps w that may pair with a larger one (2w + k + 1 < end).
#[cfg(not(target_arch = "wasm32"))]
fn upper_wide<'a>(wide: &'a [u32], takes: &[u32], m0: usize, end: usize) -> Option<&'a [u32]> {
    let (upper, lower) = wide_sides(wide, takes, m0, end);
    (upper.len() < lower).then(|| &wide[upper])
}

/// The two sides of the splits of two wide heaps below the block
/// `m0..end`: the wide heaps that may pair with a smaller one (indices in
/// `wide`), and how many (the first ones) may pair with a larger one.
#[cfg(not(target_arch = "wasm32"))]
fn wide_sides(wide: &[u32], takes: &[u32], m0: usize, end: usize) -> (Range<usize>, usize) {
    let least = takes.iter().copied().min().unwrap_or(0) as usize;
    let most = takes.iter().copied().max().unwrap_or(0) as usize;
    let below = wide.partition_point(|&x| (x as usize) < m0);
    let lower = wide.partition_point(|&w| 2 * (w as usize) + 1 + least < end);
    let upper = wide.partition_point(|&x| 2 * (x as usize) + most <= m0);
    (upper.min(below)..below, lower.min(below))
}

/// A split of heap `m` that the byte method reads wrong: taking `k` leaves
/// `a` rare and narrow and `b` wide, or both wide (`a < b`).
#[derive(Debug, Clone, Copy)]
struct Split {
    m: u32,
    k: u32,
    a: u32,
    b: u32,
    both_wide: bool,
}

/// The splits of a block's heaps that meet a wide heap (the byte method
/// would read its 0 as a value), and what is set right for each heap.
/// Found for a whole block at once: for each rare heap r and take k, and
/// each wide heap w and take k, one word of [`WideSet`] says which heaps of
/// the block have the split (r, m − k − r) or (w, m − k − w) with its other
/// heap wide, so that a block costs a word per rare or wide heap and take
/// instead of a walk per heap (5,357 wide heaps by 2^26 in Grundy's game).
/// Kept from block to block so that it is allocated once.
#[derive(Debug, Clone, Default)]
pub(super) struct Fix {
    // The block's splits of two heaps below it, in order of heap.
    block: Vec<Split>,
    next: usize,
    // The current heap's.
    heap: Vec<Split>,
    /// The wide heaps' bytes the scan reads instead of their 0, as (take,
    /// heap, byte), for the current heap only: a take's scan reads its own
    /// (an octal rule's wide heap has a partner per take).
    pub(super) bytes: Vec<(u32, u32, u8)>,
}

/// A value of the common class under `mask` (below 256 as long as the
/// largest narrow value is: the mask's bits there are never all clear).
fn common_byte(mask: u16) -> u8 {
    1 << (mask & 0xff).trailing_zeros().min(7)
}

impl Fix {
    /// The splits of heaps `m0..end` into two heaps below `m0`, one wide
    /// and the other rare (`offsets`: the rare walk's pairs (o, r), o = r +
    /// k for each rare narrow heap r and take k that splits, all below m0)
    /// or wide.
    pub(super) fn find_block(
        &mut self,
        set: &WideSet,
        offsets: &[(u32, u32)],
        wide: &[u32],
        takes: &[u32],
        m0: usize,
        end: usize,
    ) {
        self.block.clear();
        self.next = 0;
        if wide.is_empty() {
            return;
        }
        // The partners x = m − o of a heap r read at offset o (o = r + k),
        // for m in m0..end, those below m0 and above `above`.
        let mut block = core::mem::take(&mut self.block);
        let add = |block: &mut Vec<Split>, o: usize, r: usize, above: usize, both_wide: bool| {
            let lo = m0.saturating_sub(o).max(above + 1);
            let hi = end.saturating_sub(o).min(m0);
            set.each(lo, hi, |x| {
                block.push(Split {
                    m: (o + x) as u32,
                    k: (o - r) as u32,
                    a: r as u32,
                    b: x as u32,
                    both_wide,
                })
            });
        };
        // Natively, each side of a split is looked for from whichever has
        // the fewer heaps to go through: a window of wide heaps per rare
        // heap (or per wide heap below half the block), or, where the wide
        // heaps are fewer, the rare heaps (or the wide heaps) each wide
        // heap near the block pairs with. 0.776 has 503 rare heaps, all
        // below 7,349, and 1,415 wide ones by 2^20, 973 below 2^16: near
        // heap 2^20 a block meets 4 wide heaps within 7,349 of it (10 at
        // most) and 227 in its upper half, where it read 1,509 and 4,245
        // windows.
        // (Left out of the study module, which has no room for it; the
        // games module never has a wide heap.)
        #[cfg(not(target_arch = "wasm32"))]
        let near = near_wide(wide, offsets, m0);
        #[cfg(target_arch = "wasm32")]
        let near: Option<&[u32]> = None;
        #[cfg(test)]
        count_way(near.is_some() as usize);
        match near {
            Some(near) => {
                for &x in near {
                    let x = x as usize;
                    // The offsets o with m0 ≤ o + x < end.
                    let from = offsets.partition_point(|&(o, _)| (o as usize) + x < m0);
                    let to = offsets.partition_point(|&(o, _)| (o as usize) + x < end);
                    for &(o, r) in &offsets[from..to] {
                        if r != 0 {
                            let o = o as usize;
                            block.push(Split {
                                m: (o + x) as u32,
                                k: o as u32 - r,
                                a: r,
                                b: x as u32,
                                both_wide: false,
                            });
                        }
                    }
                }
            }
            None => {
                for &(o, r) in offsets {
                    if r != 0 && (o as usize) < end {
                        add(&mut block, o as usize, r as usize, 0, false);
                    }
                }
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        let upper = upper_wide(wide, takes, m0, end);
        #[cfg(target_arch = "wasm32")]
        let upper: Option<&[u32]> = None;
        #[cfg(test)]
        count_way(2 + upper.is_some() as usize);
        match upper {
            // Pairs w < x of wide heaps, x from the upper half below the
            // block.
            Some(upper) => {
                for &x in upper.iter().rev() {
                    let x = x as usize;
                    for &k in takes {
                        let k = k as usize;
                        // w = m − k − x for m in m0..end, below x.
                        let lo = m0.saturating_sub(k + x).max(1);
                        let hi = end.saturating_sub(k + x).min(x);
                        set.each(lo, hi, |w| {
                            block.push(Split {
                                m: (w + k + x) as u32,
                                k: k as u32,
                                a: w as u32,
                                b: x as u32,
                                both_wide: true,
                            })
                        });
                    }
                }
            }
            None => {
                let least = takes.iter().copied().min().unwrap_or(0) as usize;
                for &w in wide {
                    let w = w as usize;
                    if 2 * w + 1 + least >= end || w >= m0 {
                        break;
                    }
                    for &k in takes {
                        add(&mut block, w + k as usize, w, w, true);
                    }
                }
            }
        }
        block.sort_unstable_by_key(|s| s.m);
        self.block = block;
    }

    /// Heap m's splits that meet a wide heap: those of [`Fix::find_block`],
    /// and those with a heap of the block (`new_rare`, `new_wide`: the rare
    /// narrow and the wide heaps from m0 on, all below m). Whether it has
    /// any.
    #[allow(clippy::too_many_arguments)] // the table's parts, borrowed apart
    pub(super) fn find_heap(
        &mut self,
        m: usize,
        takes: &[u32],
        set: &WideSet,
        new_rare: &[u32],
        new_wide: &[u32],
        rare_value: &[bool; 256],
        bytes: &[u8],
    ) -> bool {
        self.heap.clear();
        while self.block.get(self.next).is_some_and(|s| s.m as usize == m) {
            self.heap.push(self.block[self.next]);
            self.next += 1;
        }
        let m32 = m as u32;
        for &k in takes {
            // What taking k leaves, to split.
            let Some(h) = m32.checked_sub(k) else {
                continue;
            };
            let mut push = |a: u32, b: u32, both_wide: bool| {
                self.heap.push(Split {
                    m: m32,
                    k,
                    a,
                    b,
                    both_wide,
                })
            };
            for &y in new_rare {
                if y < h && set.has((h - y) as usize) {
                    push(y, h - y, false);
                }
            }
            for &y in new_wide {
                let Some(x) = h.checked_sub(y).filter(|&x| x != 0 && x != y) else {
                    continue;
                };
                if set.has(x as usize) {
                    // Found once: from the larger of the two when both are new.
                    if x < y {
                        push(x, y, true);
                    }
                } else if rare_value[bytes[x as usize] as usize]
                    // A rare heap of the block was paired from its own side above.
                    && x < new_rare.first().copied().unwrap_or(u32::MAX)
                {
                    push(x, y, false);
                }
            }
        }
        !self.heap.is_empty()
    }

    /// How many splits of the current heap meet a wide heap.
    pub(super) fn splits(&self) -> usize {
        self.heap.len()
    }

    /// Before the smallest common value is taken: marks in `seen` the
    /// common values below `limit` of the current heap's splits into two
    /// wide heaps (`values` = G(0..m)), which the byte method never reads.
    pub(super) fn mark_wide_pairs(
        &self,
        values: &[u16],
        limit: u16,
        mask: u16,
        seen: &mut [u8; 256],
    ) {
        for s in self.heap.iter().filter(|s| s.both_wide) {
            let v = values[s.a as usize] ^ values[s.b as usize];
            if v < limit && !rare_class(v, mask) {
                seen[v as usize] = 1;
            }
        }
    }

    /// After the rare walk: unmarks in `seen` the rare value G(a) each split
    /// (a rare, b wide) gave through b's 0 (the scan, which reads every
    /// split, finds it again if another one gives it), and lists the bytes
    /// the scan is to read for the wide heaps: for (a, b) a common value
    /// (`filler`) once xored with G(a), for two wide heaps their value when
    /// below `limit`, else the filler.
    pub(super) fn unmark_and_set(
        &mut self,
        values: &[u16],
        bytes: &[u8],
        limit: u16,
        mask: u16,
        seen: &mut [u8; 256],
    ) {
        let filler = common_byte(mask);
        self.bytes.clear();
        for s in &self.heap {
            let (a, b) = (s.a as usize, s.b as usize);
            let byte = match s.both_wide {
                false => {
                    seen[bytes[a] as usize] = 0;
                    filler ^ bytes[a]
                }
                true => {
                    let v = values[a] ^ values[b];
                    match v < limit {
                        true => v as u8,
                        false => filler,
                    }
                }
            };
            self.bytes.push((s.k, b as u32, byte));
        }
    }
}

/// G(m) when every value below `limit` is reached by a move that leaves
/// narrow heaps: the smallest value from `limit` on that no move leaving a
/// wide heap gives (`values` holds G(0..m)): taking k to leave w alone, or
/// to leave (w, m − k − w), with two wide heaps too.
pub(super) fn past_limit(values: &[u16], wide: &[u32], m: usize, limit: u16, shape: &Shape) -> u16 {
    // Marks, not a sort: the xors of values below 2^k stay below 2^k.
    let mut reached: Vec<bool> = Vec::new();
    let mut mark = |v: u16| {
        let v = v as usize;
        if v >= limit as usize {
            if reached.len() <= v {
                reached.resize(v + 1, false);
            }
            reached[v] = true;
        }
    };
    for &w in wide {
        let w = w as usize;
        if w >= m {
            break;
        }
        for &k in &shape.two {
            match (m - w).checked_sub(k as usize) {
                Some(x) if x != 0 && (x != w || shape.equal) => mark(values[w] ^ values[x]),
                _ => {}
            }
        }
        if super::OCTAL_WIDE && shape.one.iter().any(|&k| w + k as usize == m) {
            mark(values[w]);
        }
    }
    // The first value from `limit` on that no move gives.
    let mut g = limit as usize;
    while reached.get(g) == Some(&true) {
        g += 1;
    }
    g as u16
}
