//! What the u16 table's scans found in the last few sums, for rules with
//! several takes that split.
//!
//! A scan looks among the (common, common) splits (a, s − a) of a sum `s`
//! of tokens for the heap's wanted values. With several takes that split,
//! each sum is split by several heaps, at most the largest take less the
//! smallest apart: heap m taking 2 and heap m + 1 taking 3 both leave
//! m − 2 tokens in two heaps (0.264). A wanted value a scan found there is
//! a value of one of those splits, whatever the heap, so the next heaps
//! need not look for it again. 0.564 (takes 1, 2 and 3) to 2^20: 21% fewer
//! blocks scanned; 0.264 10%, 0.364 16%.
//!
//! Only the values a scan found are kept (a scan looks for the wanted values
//! alone): a value no scan of the sum found may still be there.
//!
//! In wasm too since stop 63, once the study module had room for it (0.97
//! KB): in node to 2^20, 0.564 4.57 → 4.18 s, 0.364 and 0.416 4% faster,
//! the others within 2%.

/// The found values of the last sums, one slot a sum (sum `s` in slot
/// `s % slots`), a byte a value.
#[derive(Default)]
pub(super) struct Sums {
    slots: Vec<Slot>,
}

/// One sum's found values.
#[derive(Default)]
struct Slot {
    /// The sum held, if any.
    sum: Option<u32>,
    /// 1 for each value found, 0 elsewhere.
    found: Vec<u8>,
    /// One past the bytes handed out for this sum: every 1 lies below.
    used: usize,
}

/// Slots at most: an octal code's takes run from 0 (`4.`…) to 16 (as
/// `avx512::SPREAD`, not imported: that module is native only). With fewer
/// slots than a rule's takes are apart, some sums are forgotten sooner,
/// nothing worse.
const MOST_SLOTS: usize = 17;

impl Sums {
    /// The slots a rule whose takes that split run from `least` to `most`
    /// needs: a sum is split by heaps up to `most − least` apart.
    pub(super) fn slots_for(least: u32, most: u32) -> usize {
        (most.saturating_sub(least) as usize)
            .saturating_add(1)
            .min(MOST_SLOTS)
    }

    /// The found values of sum `s`, one byte for each value below `len`,
    /// made empty when the slot held another sum: a slot for each of
    /// `slots`.
    pub(super) fn found_mut(&mut self, s: u32, slots: usize, len: usize) -> &mut [u8] {
        if self.slots.len() != slots {
            self.slots = (0..slots).map(|_| Slot::default()).collect();
        }
        let slot = &mut self.slots[s as usize % slots];
        if slot.sum != Some(s) {
            slot.found[..slot.used].fill(0);
            slot.sum = Some(s);
            slot.used = 0;
        }
        if slot.found.len() < len {
            slot.found.resize(len, 0);
        }
        slot.used = slot.used.max(len);
        &mut slot.found[..len]
    }

    /// Clears in `wanted` (a byte a value, 0 or 1) the values found in sum
    /// `s`. The caller counts what is left once, after every sum: a count
    /// here, for each sum, was a fifth of `next_value`'s time.
    pub(super) fn forget_found(&self, s: u32, wanted: &mut [u8]) {
        let Some(slot) = self.slots.get(s as usize % self.slots.len().max(1)) else {
            return;
        };
        if slot.sum != Some(s) {
            return;
        }
        let end = slot.used.min(wanted.len());
        for (w, &f) in wanted[..end].iter_mut().zip(&slot.found[..end]) {
            *w &= f ^ 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Sums;

    #[test]
    fn found_values_are_kept_by_sum_and_forgotten_when_the_slot_is_reused() {
        let mut sums = Sums::default();
        let slots = Sums::slots_for(2, 3);
        assert_eq!(slots, 2);
        sums.found_mut(10, slots, 20)[7] = 1;
        sums.found_mut(10, slots, 40)[33] = 1;
        sums.found_mut(11, slots, 20)[5] = 1;
        let mut wanted = vec![0u8; 64];
        for v in [5, 7, 9, 33] {
            wanted[v] = 1;
        }
        let left = |wanted: &[u8]| wanted.iter().filter(|&&w| w == 1).count();
        // Sum 10's values only, and only those wanted.
        sums.forget_found(10, &mut wanted);
        assert_eq!(left(&wanted), 2);
        assert_eq!((wanted[5], wanted[9]), (1, 1));
        // Sum 12 takes sum 10's slot: nothing of sum 10 is left.
        let found = sums.found_mut(12, slots, 8);
        assert!(found.iter().all(|&f| f == 0));
        sums.forget_found(10, &mut wanted);
        assert_eq!(left(&wanted), 2);
        sums.forget_found(11, &mut wanted);
        assert_eq!(left(&wanted), 1);
        assert_eq!(wanted[5], 0);
    }
}
