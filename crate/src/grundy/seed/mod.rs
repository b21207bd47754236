//! The seed's five Grundy's-game solvers (v0–v4) and Sprague–Grundy (v5).
//!
//! The seed is a school project (IUT de Vannes) whose five Java versions of
//! `jouerGagnant` each answer the same question faster than the previous one.
//! They are rewritten here one per file, close to the Java, so that the lab can
//! count and time them side by side:
//!
//! | version | idea |
//! |---|---|
//! | [`v0`] | plain recursion: a position is losing iff every decomposition is winning |
//! | [`v1`] | + a list of the losing positions already met |
//! | [`v2`] | + a list of the winning positions too |
//! | [`v3`] | + theorem 3.4: a losing heap is neutral and can be dropped |
//! | [`v4`] | + "types": two heaps of the same Grundy value cancel |
//! | [`v5`] | Sprague–Grundy: the nim-sum of the Grundy values decides |
//!
//! # What the operation counters count
//!
//! All versions count the same kinds of elementary steps, so the numbers can
//! be compared:
//!
//! * one per **decomposition examined**: every position obtained by splitting
//!   one heap, whether in `jouer_gagnant` (the move search) or inside the
//!   recursive `est_perdante` (the Java's `cpt++` in the decomposition loop);
//! * one per **memo entry compared** during a linear search of the lists of
//!   known positions (v1–v4), whatever the entry's length: this is the price
//!   of the seed's `ArrayList.contains`;
//! * one per **Grundy-value read** in v4 (type of a heap) and v5 (each xor of
//!   the nim-sum, each split whose value is tested).
//!
//! Sorting and copying a position (normalisation) are not counted in any
//! version: they are the same small cost everywhere and the Java did not count
//! them either.

use super::heaps::{splits_of, Split};

pub mod v0;
pub mod v1;
pub mod v2;
pub mod v3;
pub mod v4;
pub mod v5;

#[cfg(test)]
mod tests;

/// One of the seed's solvers, as the lab drives them.
pub trait SeedSolver {
    /// Short name shown in the lab: "v0" … "v5".
    fn name(&self) -> &'static str;
    /// The move the computer plays if it can be sure to win, else None (then the seed plays at random).
    fn winning_move(&mut self, heaps: &[u32]) -> Option<Split>;
    /// Elementary operations since creation: one per decomposition examined,
    /// one per memo entry compared in a linear search (v1–v4), one per Grundy
    /// value read (v4's types, v5's xors); see the [module documentation](self).
    fn ops(&self) -> u64;
}

/// A fresh solver of the given version (0 to 5), or `None` for any other
/// number. `types[i]` must be the Grundy value of a heap of `i` matches; only
/// v4 and v5 use it (v0–v3 find everything by search).
pub fn solver(version: u8, types: Vec<u16>) -> Option<Box<dyn SeedSolver>> {
    Some(match version {
        0 => Box::new(v0::V0::new()),
        1 => Box::new(v1::V1::new()),
        2 => Box::new(v2::V2::new()),
        3 => Box::new(v3::V3::new()),
        4 => Box::new(v4::V4::new(types)),
        5 => Box::new(v5::V5::new(types)),
        _ => return None,
    })
}

/// Why the lab stops a version where it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// One more match and a single run takes more than [`RUN_BUDGET_MS`].
    Time,
    /// The recursion, as deep as the heap, would overflow the wasm stack.
    Stack,
}

impl Limit {
    /// `time` or `stack`, as the page names the reason.
    pub fn name(self) -> &'static str {
        match self {
            Limit::Time => "time",
            Limit::Stack => "stack",
        }
    }
}

/// The longest a single lab run may take, in milliseconds: a run cannot be
/// interrupted inside the worker (only ended with it), so each version stops
/// at the last heap whose run took at most this in wasm (V8 in node, on the
/// README's 2-core machine, with the bounds lifted; `node
/// scripts/fuzz-wasm.mjs` times each version at its bound). The times are
/// not monotone in the heap (v1 runs 28 in 0.2 s and 29 in 10 s), so each
/// limit is the last heap before the first run that took longer.
pub const RUN_BUDGET_MS: u32 = 2000;

/// The largest heap the lab runs version `version` on, and why it stops
/// there. v0–v3 are exponential: measured in three runs, v0 runs 24 in
/// 0.9–1.3 s and 25 in 2.2–3.5 s; v1 28 in 0.2–0.3 s and 29 in 9–14 s; v2 43
/// in 1.1–1.2 s and 44 in 1.8–2.4 s; v3 52 in 0.9–1.1 s and 53 in 2.4–3.1 s
/// (before, all four allowed 200). v4 keeps the seed's recursion, whose depth
/// grows with the heap: it overflowed the browser's 1 MiB wasm stack between
/// 3,000 and 6,000 matches, and 1,000 keeps a wide margin (58 ms). v5 does
/// not recurse; its Grundy values up to 2^20 take about 2 s the first time.
pub fn limit(version: u8) -> (u32, Limit) {
    match version {
        0 => (24, Limit::Time),
        1 => (28, Limit::Time),
        2 => (43, Limit::Time),
        3 => (52, Limit::Time),
        4 => (1000, Limit::Stack),
        _ => (crate::oracle::ORACLE_MAX_HEAP, Limit::Time),
    }
}

/// The largest heap the lab runs version `version` on (see [`limit`]).
pub fn max_heap(version: u8) -> u32 {
    limit(version).0
}

/// A lab run refused: the heap is past what the version can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooDeep {
    /// The version, 0 to 5.
    pub version: u8,
    /// Its largest heap ([`max_heap`]).
    pub max: u32,
}

impl std::fmt::Display for TooDeep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let why = match limit(self.version).1 {
            Limit::Stack => "its search is a recursion as deep as the heap",
            Limit::Time => "past that a single run takes more than 2 s",
        };
        write!(
            f,
            "v{} runs on heaps of at most {} matches: {why}",
            self.version, self.max
        )
    }
}

impl crate::error::Coded for TooDeep {
    fn code(&self) -> &'static str {
        match limit(self.version).1 {
            Limit::Stack => "lab.too_deep",
            Limit::Time => "lab.too_slow",
        }
    }
    fn params(&self) -> crate::error::Params {
        vec![
            ("version", u32::from(self.version).into()),
            ("max", self.max.into()),
        ]
    }
}

/// Codes of this module.
pub const CODES: &[&str] = &["lab.too_deep", "lab.too_slow"];

/// The seed's `jouerGagnant`, common to v0–v4: try every decomposition of the
/// position in the caller's order (heap by heap, smaller part growing from 1)
/// and play the first one that `est_perdante` says is losing for the opponent.
///
/// As in the Java (`enlever`), the split heap keeps its place with the larger
/// part and the smaller part goes at the end; the returned [`Split`] indexes
/// the caller's slice. `est_perdante` is in charge of counting the operation.
fn jouer_gagnant(jeu: &[u32], mut est_perdante: impl FnMut(&[u32]) -> bool) -> Option<Split> {
    let mut essai = jeu.to_vec();
    for (heap, &h) in jeu.iter().enumerate() {
        for (big, small) in splits_of(h) {
            essai[heap] = big;
            essai.push(small);
            let losing = est_perdante(&essai);
            essai.pop();
            essai[heap] = h;
            if losing {
                return Some(Split { heap, big, small });
            }
        }
    }
    None
}

/// The form in which v1–v4 store a position: heaps of 1 and 2 dropped (they
/// can never be split, so they change nothing) and the rest sorted
/// increasingly, so that one position has one spelling.
fn normalise(jeu: &[u32]) -> Vec<u32> {
    let mut key: Vec<u32> = jeu.iter().copied().filter(|&h| h > 2).collect();
    key.sort_unstable();
    key
}

/// The seed's `ArrayList.contains` on a list of positions: a linear scan that
/// costs one operation per entry compared.
fn contains(list: &[Vec<u32>], key: &[u32], ops: &mut u64) -> bool {
    for known in list {
        *ops += 1;
        if known.as_slice() == key {
            return true;
        }
    }
    false
}

/// Every decomposition of a normalised position, as the position it leads to
/// (larger part in place, smaller part at the end; the callee re-normalises).
fn decompositions(key: &[u32]) -> impl Iterator<Item = Vec<u32>> + '_ {
    key.iter().enumerate().flat_map(move |(i, &h)| {
        splits_of(h).map(move |(big, small)| {
            let mut essai = Vec::with_capacity(key.len() + 1);
            essai.extend_from_slice(key);
            essai[i] = big;
            essai.push(small);
            essai
        })
    })
}
