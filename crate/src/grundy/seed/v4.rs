//! Version 4: v3 plus the "types" of heaps.
//!
//! The seed was handed a table `type[0..=50]` and two rules about winning
//! heaps `a`, `b`:
//! * rule 1: `[a, b]` is winning iff `a` and `b` have different types;
//! * rule 2: `[a, b]` is losing iff they have the same type — so such a pair
//!   is neutral and can be removed from any position (`X + 9 + 15 = X`).
//!
//! The type is the heap's Grundy value, and a heap of type 0 is a losing heap,
//! neutral by theorem 3.4. Here the table is **not** typed in: the solver is
//! built from Grundy values computed elsewhere
//! ([`plain_values`](crate::grundy::values::plain_values) or the sparse
//! table), which is also what makes it usable past 50 matches.
//!
//! Before a position is looked up or decomposed, heaps of type 0 are dropped
//! and heaps of the same non-zero type are removed two by two (the smallest
//! of an odd number is kept, as it has the fewest decompositions). If exactly
//! two heaps of known types remain, their types differ, so rule 1 answers
//! "winning" without any search. Heaps past the end of the table fall back to
//! v3's rule (dropped when `[h]` is found losing by search). The lists of
//! losing and winning positions work as in v2 and v3.

use super::{contains, decompositions, jouer_gagnant, normalise, SeedSolver};
use crate::grundy::heaps::Split;

/// The solver that also cancels heaps of equal type. Operations counted: one
/// per decomposition examined, one per stored position compared while looking
/// a position up, one per type read from the table.
#[derive(Debug, Default, Clone)]
pub struct V4 {
    ops: u64,
    /// `types[h]` is the Grundy value of a heap of `h` matches.
    types: Vec<u16>,
    /// Losing positions met so far, reduced and normalised.
    perdantes: Vec<Vec<u32>>,
    /// Winning positions met so far, reduced and normalised.
    gagnantes: Vec<Vec<u32>>,
}

impl V4 {
    /// A solver that trusts `types[h]` to be the Grundy value of a heap of `h`
    /// matches (a wrong table gives wrong answers: it is not checked).
    pub fn new(types: Vec<u16>) -> Self {
        Self {
            types,
            ..Self::default()
        }
    }

    /// The losing positions remembered so far (reduced, normalised).
    pub fn perdantes(&self) -> &[Vec<u32>] {
        &self.perdantes
    }

    /// The winning positions remembered so far (reduced, normalised).
    pub fn gagnantes(&self) -> &[Vec<u32>] {
        &self.gagnantes
    }

    /// True when every decomposition of `jeu` is winning for the player who
    /// faces it; the answer is remembered unless rule 1 gave it for free.
    pub fn est_perdante(&mut self, jeu: &[u32]) -> bool {
        let (mut key, typed) = self.reduce(jeu);
        if key.is_empty() {
            return true;
        }
        if typed == 2 && key.len() == 2 {
            return false;
        }
        key.sort_unstable();
        if contains(&self.perdantes, &key, &mut self.ops) {
            return true;
        }
        if contains(&self.gagnantes, &key, &mut self.ops) {
            return false;
        }
        let mut perdante = true;
        for essai in decompositions(&key) {
            self.ops += 1;
            if self.est_perdante(&essai) {
                perdante = false;
                break;
            }
        }
        if perdante {
            self.perdantes.push(key);
        } else {
            self.gagnantes.push(key);
        }
        perdante
    }

    /// `jeu` without its neutral heaps (unsorted), and how many of the heaps
    /// left have a known type.
    fn reduce(&mut self, jeu: &[u32]) -> (Vec<u32>, usize) {
        let key = normalise(jeu);
        let several = key.len() > 1;
        // Heaps of a type cancel two by two from the largest (`key` is
        // increasing), so that an odd one out is the smallest: the types
        // still open, each with its last heap. (A sort by type, as the seed
        // does, brought a sort's code of its own into the study module:
        // 3.6 KB of its 150 KB gzipped.)
        let mut open: Vec<(u16, u32)> = Vec::new();
        let mut untyped = Vec::new();
        for &h in key.iter().rev() {
            match self.types.get(h as usize) {
                Some(&t) => {
                    self.ops += 1;
                    match open.iter().position(|&(u, _)| u == t) {
                        Some(i) => _ = open.swap_remove(i),
                        None if t != 0 => open.push((t, h)),
                        None => {}
                    }
                }
                None => untyped.push(h),
            }
        }
        // Smallest first, as v3 evaluates them.
        untyped.reverse();
        let mut kept: Vec<u32> = Vec::with_capacity(open.len() + untyped.len());
        kept.extend(open.iter().map(|&(_, h)| h));
        let typed_left = kept.len();
        if several {
            // v3's rule where the table does not reach; never on a lone heap,
            // which would have to evaluate itself.
            untyped.retain(|&h| !self.est_perdante(&[h]));
        }
        kept.extend(untyped);
        (kept, typed_left)
    }
}

impl SeedSolver for V4 {
    fn name(&self) -> &'static str {
        "v4"
    }

    fn winning_move(&mut self, heaps: &[u32]) -> Option<Split> {
        jouer_gagnant(heaps, |essai| {
            self.ops += 1;
            self.est_perdante(essai)
        })
    }

    fn ops(&self) -> u64 {
        self.ops
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use std::cmp::Reverse;

    /// The operations and answers of this version as it was when it sorted
    /// by type (stop 67's, measured then): single heaps whose types are all
    /// known, and positions with heaps past a short table, which v3's rule
    /// evaluates smallest first. The lab's counts rest on them.
    #[test]
    fn operations_are_those_of_the_sorting_version() {
        use crate::grundy::seed::SeedSolver;
        let full = crate::grundy::values::plain_values(64);
        let short = crate::grundy::values::plain_values(8);
        // The types, the position, the operations, the winning split.
        type Case<'a> = (&'a [u16], &'a [u32], u64, Option<(u32, u32)>);
        let cases: [Case; 9] = [
            (&full, &[10], 32, None),
            (&full, &[15], 60, Some((12, 3))),
            (&full, &[20], 213, None),
            (&full, &[25], 6, Some((23, 2))),
            (&full, &[30], 480, Some((26, 4))),
            (&short, &[12], 35, Some((10, 2))),
            (&short, &[10, 9], 195, Some((9, 1))),
            (&short, &[15, 3, 11], 7788, Some((13, 2))),
            (&short, &[13, 7, 7, 4], 92, Some((8, 5))),
        ];
        for (types, jeu, ops, answer) in cases {
            let mut solver = V4::new(types.to_vec());
            let mv = solver.winning_move(jeu).map(|m| (m.big, m.small));
            assert_eq!((solver.ops, mv), (ops, answer), "{jeu:?}");
        }
    }

    /// Heaps of a type cancel as after the seed's sort by type (larger
    /// heaps first within a type, pairs cancelled in that order): the same
    /// heaps left, as many of known type, one operation a type read.
    #[test]
    fn heaps_of_a_type_cancel_as_after_a_sort_by_type() {
        let mut rng = Rng::new(41);
        for case in 0..3000 {
            let types: Vec<u16> = (0..60).map(|_| (rng.next_u64() % 6) as u16).collect();
            let len = rng.next_u64() % 10;
            let jeu: Vec<u32> = (0..len).map(|_| (rng.next_u64() % 60) as u32).collect();
            let key = normalise(&jeu);
            let mut typed: Vec<(u16, u32)> = (key.iter())
                .map(|&h| (types[h as usize], h))
                .filter(|&(t, _)| t != 0)
                .collect();
            typed.sort_by_key(|&(t, h)| (t, Reverse(h)));
            let mut want = Vec::new();
            let mut i = 0;
            while i < typed.len() {
                match typed.get(i + 1) {
                    Some(next) if next.0 == typed[i].0 => i += 2,
                    _ => {
                        want.push(typed[i].1);
                        i += 1;
                    }
                }
            }
            let mut solver = V4::new(types);
            let (mut got, typed_left) = solver.reduce(&jeu);
            got.sort_unstable();
            want.sort_unstable();
            let count = want.len();
            assert_eq!((got, typed_left), (want, count), "case {case}: {jeu:?}");
            assert_eq!(solver.ops, key.len() as u64, "case {case}");
        }
    }
}
