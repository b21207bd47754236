//! Version 1: v0 plus a list of the losing positions already evaluated.
//!
//! There is no point in decomposing again a position already known to be
//! losing. Each losing position is stored once, normalised (heaps of 1 and 2
//! dropped, the others sorted increasingly), and the list is consulted before
//! any decomposition. Winning positions are not remembered: they are
//! recomputed every time, which v2 fixes.
//!
//! The seed kept the list in a Java `ArrayList` searched by `contains`, i.e.
//! linearly; a `Vec` scanned from the start keeps that cost visible in the lab
//! (a hash set would hide it).

use super::{contains, decompositions, jouer_gagnant, normalise, SeedSolver};
use crate::grundy::heaps::Split;

/// The solver with a memory of losing positions. Operations counted: one per
/// decomposition examined, one per stored position compared while looking a
/// position up.
#[derive(Debug, Default, Clone)]
pub struct V1 {
    ops: u64,
    /// Losing positions met so far, normalised, in the order they were found.
    perdantes: Vec<Vec<u32>>,
}

impl V1 {
    /// A solver with an empty memory.
    pub fn new() -> Self {
        Self::default()
    }

    /// The losing positions remembered so far (normalised).
    pub fn perdantes(&self) -> &[Vec<u32>] {
        &self.perdantes
    }

    /// True when every decomposition of `jeu` is winning for the player who
    /// faces it; a position found losing is remembered.
    pub fn est_perdante(&mut self, jeu: &[u32]) -> bool {
        let key = normalise(jeu);
        if key.is_empty() {
            // Only heaps of 1 and 2: nothing to split, nothing worth storing.
            return true;
        }
        if contains(&self.perdantes, &key, &mut self.ops) {
            return true;
        }
        for essai in decompositions(&key) {
            self.ops += 1;
            if self.est_perdante(&essai) {
                return false;
            }
        }
        self.perdantes.push(key);
        true
    }
}

impl SeedSolver for V1 {
    fn name(&self) -> &'static str {
        "v1"
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
