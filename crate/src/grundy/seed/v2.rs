//! Version 2: v1 plus a list of the winning positions.
//!
//! Both outcomes are now remembered, in two separate lists (losing, winning)
//! with the same normalisation as v1 (heaps of 1 and 2 dropped, the rest
//! sorted). Both are consulted, the losing one first, before decomposing.
//! The lists are still searched linearly, as the seed's `ArrayList`s were.

use super::{contains, decompositions, jouer_gagnant, normalise, SeedSolver};
use crate::grundy::heaps::Split;

/// The solver with a memory of losing and winning positions. Operations
/// counted: one per decomposition examined, one per stored position compared
/// while looking a position up (in either list).
#[derive(Debug, Default, Clone)]
pub struct V2 {
    ops: u64,
    /// Losing positions met so far, normalised.
    perdantes: Vec<Vec<u32>>,
    /// Winning positions met so far, normalised.
    gagnantes: Vec<Vec<u32>>,
}

impl V2 {
    /// A solver with an empty memory.
    pub fn new() -> Self {
        Self::default()
    }

    /// The losing positions remembered so far (normalised).
    pub fn perdantes(&self) -> &[Vec<u32>] {
        &self.perdantes
    }

    /// The winning positions remembered so far (normalised).
    pub fn gagnantes(&self) -> &[Vec<u32>] {
        &self.gagnantes
    }

    /// True when every decomposition of `jeu` is winning for the player who
    /// faces it; the answer is remembered either way.
    pub fn est_perdante(&mut self, jeu: &[u32]) -> bool {
        let key = normalise(jeu);
        if key.is_empty() {
            return true;
        }
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
}

impl SeedSolver for V2 {
    fn name(&self) -> &'static str {
        "v2"
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
