//! Version 3: v2 plus theorem 3.4 — a losing heap is neutral.
//!
//! Adding or removing a heap that is losing on its own does not change the
//! nature of a position (P + P = P, G + P = G). So before a position is looked
//! up or decomposed, every heap `h` whose one-heap position `[h]` is losing is
//! dropped: `[3, 4, 20]` becomes `[3]`, already known to be winning.
//!
//! # Which heaps count as "known losing"
//!
//! The seed drops the heaps "already evaluated and stored in the list of
//! losing positions". Here a heap whose `[h]` is in neither list is evaluated
//! first (recursively, as a one-heap position, which then lands in a list), so
//! the rule always applies. The two readings do exactly the same work in the
//! seed's own use — a game that starts from one heap `[n]`: the first
//! decomposition tried is always `[n − 1, 1]`, whose evaluation goes down the
//! chain `[n − 1]`, `[n − 2]`, … first, so every `[h]` with `h < n` is in a
//! list before any position of two heaps or more is met. The difference only
//! shows on a position of several heaps typed in by hand, where the literal
//! reading would leave losing heaps in place until they happen to be met.
//!
//! A one-heap position is never reduced (it would have to evaluate itself),
//! and what is left after the reduction is what gets stored.

use super::{contains, decompositions, jouer_gagnant, normalise, SeedSolver};
use crate::grundy::heaps::Split;

/// The solver that drops losing heaps. Operations counted: one per
/// decomposition examined, one per stored position compared while looking a
/// position up — including the look-ups of `[h]` that decide whether a heap is
/// dropped.
#[derive(Debug, Default, Clone)]
pub struct V3 {
    ops: u64,
    /// Losing positions met so far, reduced and normalised.
    perdantes: Vec<Vec<u32>>,
    /// Winning positions met so far, reduced and normalised.
    gagnantes: Vec<Vec<u32>>,
}

impl V3 {
    /// A solver with an empty memory.
    pub fn new() -> Self {
        Self::default()
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
    /// faces it; the answer is remembered either way.
    pub fn est_perdante(&mut self, jeu: &[u32]) -> bool {
        let mut key = normalise(jeu);
        if key.len() > 1 {
            key.retain(|&h| !self.est_perdante(&[h]));
        }
        if key.is_empty() {
            // Nothing but neutral heaps: P + P + … = P.
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

impl SeedSolver for V3 {
    fn name(&self) -> &'static str {
        "v3"
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
