//! Version 5, past the seed: the Sprague–Grundy theorem.
//!
//! A position is worth the xor (nim-sum) of its heaps' Grundy values, and is
//! losing iff that is 0. To win from a non-zero nim-sum `s`, pick a heap whose
//! value `g` drops when xored with `s` (one exists: the heap holding the
//! highest bit of `s`), and split it into two parts whose values xor to
//! `g ^ s`; such a split exists because `g` is the mex of the values of the
//! heap's splits, so every smaller value is among them. No search, no memory:
//! everything is in the table of values the solver is built with.

use super::SeedSolver;
use crate::grundy::heaps::{splits_of, Split};

/// The Sprague–Grundy solver. Operations counted: one per xor of the nim-sum,
/// one per heap tested against it, one per split whose value is tested.
#[derive(Debug, Default, Clone)]
pub struct V5 {
    ops: u64,
    /// `values[h]` is the Grundy value of a heap of `h` matches.
    values: Vec<u16>,
}

impl V5 {
    /// A solver that trusts `values[h]` to be the Grundy value of a heap of
    /// `h` matches (a wrong table gives wrong moves: it is not checked).
    pub fn new(values: Vec<u16>) -> Self {
        Self { ops: 0, values }
    }

    /// Grundy value of a heap, `None` past the end of the table.
    fn value(&self, heap: u32) -> Option<u16> {
        self.values.get(heap as usize).copied()
    }

    /// The xor of the heaps' Grundy values, or `None` if a heap is past the
    /// end of the table (then nothing can be said for sure).
    pub fn nim_sum(&mut self, jeu: &[u32]) -> Option<u16> {
        let mut sum = 0;
        for &h in jeu {
            self.ops += 1;
            sum ^= self.value(h)?;
        }
        Some(sum)
    }

    /// True when the nim-sum is 0, `None` if a heap is past the table.
    pub fn est_perdante(&mut self, jeu: &[u32]) -> Option<bool> {
        self.nim_sum(jeu).map(|s| s == 0)
    }
}

impl SeedSolver for V5 {
    fn name(&self) -> &'static str {
        "v5"
    }

    fn winning_move(&mut self, heaps: &[u32]) -> Option<Split> {
        let sum = self.nim_sum(heaps)?;
        if sum == 0 {
            return None;
        }
        for (heap, &h) in heaps.iter().enumerate() {
            let g = self.value(h)?;
            self.ops += 1;
            let target = g ^ sum;
            if target >= g {
                continue;
            }
            for (big, small) in splits_of(h) {
                self.ops += 1;
                if self.value(big)? ^ self.value(small)? == target {
                    return Some(Split { heap, big, small });
                }
            }
            // Only a table that is not made of Grundy values gets here; another
            // heap may still do.
        }
        None
    }

    fn ops(&self) -> u64 {
        self.ops
    }
}
