//! Version 0 (`GrundyRecBruteEff`): plain recursion, no memory at all.
//!
//! Two rules decide everything:
//! 1. a position is **losing** iff every decomposition of it is winning for the
//!    opponent (in particular when there is no decomposition at all);
//! 2. a position is **winning** iff at least one decomposition is losing for
//!    the opponent — and that decomposition is the move to play.
//!
//! The same sub-positions are evaluated again and again (in every order their
//! heaps can appear in), which makes this version exponential.

use super::{jouer_gagnant, SeedSolver};
use crate::grundy::heaps::{splits_of, Split};

/// The brute-force solver. Operations counted: one per decomposition examined
/// (in the move search and in each recursive call).
#[derive(Debug, Default, Clone)]
pub struct V0 {
    ops: u64,
}

impl V0 {
    /// A solver with its counter at zero.
    pub fn new() -> Self {
        Self::default()
    }

    /// Rule 1: true when every decomposition of `jeu` is winning for the
    /// player who faces it. The only recursive function, as in the seed.
    pub fn est_perdante(&mut self, jeu: &[u32]) -> bool {
        self.perdante(&mut jeu.to_vec())
    }

    /// [`Self::est_perdante`] on a position it may rearrange and must leave as
    /// it found it: splitting in place spares one allocation per node of a
    /// tree that is exponential in size.
    fn perdante(&mut self, jeu: &mut Vec<u32>) -> bool {
        for heap in 0..jeu.len() {
            let h = jeu[heap];
            for (big, small) in splits_of(h) {
                self.ops += 1;
                jeu[heap] = big;
                jeu.push(small);
                let opponent_loses = self.perdante(jeu);
                jeu.pop();
                jeu[heap] = h;
                if opponent_loses {
                    return false;
                }
            }
        }
        true
    }
}

impl SeedSolver for V0 {
    fn name(&self) -> &'static str {
        "v0"
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
