//! The Grundy values of single heaps under any [`Rule`], grown as a game
//! needs them: the one table sessions, hints, sums and `winning_move` read.
//!
//! Grundy's game uses the sparse-space [`GrundyTable`]; Nim needs no table
//! (G(n) = n); octal rules are computed by the plain mex for now (the
//! sparse-space method for every rule that has a sparse space replaces it).

use super::rule::{plain_values, Rule};
use super::values::{Cancelled, GrundyTable};

/// Values of one rule's heaps, from 0 to [`ValueTable::max_heap`].
#[derive(Debug, Clone)]
pub struct ValueTable {
    rule: Rule,
    kind: Kind,
}

// One table per session or cache: its size on the stack does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
enum Kind {
    Grundy(GrundyTable),
    // Nim's G(n) is n: only the reach is kept.
    Nim(u32),
    Plain(Vec<u32>),
}

/// Heaps between two progress calls of the plain method.
const PLAIN_STEP: u32 = 1 << 10;

impl ValueTable {
    /// An empty table (heap 0 known) for `rule`.
    pub fn new(rule: Rule) -> ValueTable {
        let kind = match rule {
            Rule::Grundy => Kind::Grundy(GrundyTable::default()),
            Rule::Nim => Kind::Nim(0),
            Rule::Octal(_) => Kind::Plain(vec![0]),
        };
        ValueTable { rule, kind }
    }

    /// The rule whose values these are.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The largest heap whose value is known.
    pub fn max_heap(&self) -> u32 {
        match &self.kind {
            Kind::Grundy(t) => t.max_heap(),
            Kind::Nim(n) => *n,
            Kind::Plain(v) => (v.len() - 1) as u32,
        }
    }

    /// G(n), `None` past [`ValueTable::max_heap`].
    pub fn get(&self, n: u32) -> Option<u32> {
        match &self.kind {
            Kind::Grundy(t) => t.get(n).map(u32::from),
            Kind::Nim(max) => (n <= *max).then_some(n),
            Kind::Plain(v) => v.get(n as usize).copied(),
        }
    }

    /// Grows the table to heap `n`.
    pub fn extend_to(&mut self, n: u32) {
        let _ = self.extend_with(n, &mut |_| true);
    }

    /// Grows the table to heap `n`, calling `progress(heaps_done)` now and
    /// then; `false` from it stops the work (what was computed stays, a
    /// later call resumes).
    pub fn extend_with(
        &mut self,
        n: u32,
        progress: &mut dyn FnMut(u32) -> bool,
    ) -> Result<(), Cancelled> {
        match &mut self.kind {
            Kind::Grundy(t) => t.extend_with(n, progress),
            Kind::Nim(max) => {
                *max = (*max).max(n);
                Ok(())
            }
            Kind::Plain(v) => {
                let mut done = (v.len() - 1) as u32;
                while done < n {
                    if !progress(done) {
                        return Err(Cancelled);
                    }
                    let next = n.min(done.saturating_add(PLAIN_STEP));
                    // The plain loop from scratch, kept simple: this whole
                    // path is the placeholder the sparse-space method replaces.
                    *v = plain_values(&self.rule, next);
                    done = next;
                }
                Ok(())
            }
        }
    }

    /// The work of growing a table to `n`, in small heaps (what a progress
    /// bar follows, see [`super::values::work_to`]).
    pub fn work_to(&self, n: u32) -> u64 {
        match self.rule {
            Rule::Grundy => super::values::work_to(n),
            Rule::Nim => 1,
            Rule::Octal(_) => u64::from(n) * u64::from(n) / 2,
        }
    }

    /// The sparse-space table of Grundy's game, when that is the rule (the
    /// lab and the statistics read its rare heaps).
    pub fn grundy(&self) -> Option<&GrundyTable> {
        match &self.kind {
            Kind::Grundy(t) => Some(t),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_rule_agrees_with_the_plain_mex() {
        for text in ["grundy", "nim", "0.77", "0.07", "4.07", "0.333", "0.6"] {
            let rule = Rule::parse(text).unwrap();
            let mut t = ValueTable::new(rule);
            assert_eq!(t.get(0), Some(0));
            let mut calls = 0;
            t.extend_with(3000, &mut |_| {
                calls += 1;
                true
            })
            .unwrap();
            let plain = plain_values(&rule, 3000);
            assert_eq!(t.max_heap(), 3000, "{text}");
            for n in 0..=3000 {
                assert_eq!(t.get(n), Some(plain[n as usize]), "{text} {n}");
            }
            assert_eq!(t.get(3001), None);
        }
        let mut t = ValueTable::new(Rule::parse("0.77").unwrap());
        assert!(t.extend_with(5000, &mut |_| false).is_err());
        assert_eq!(t.max_heap(), 0);
    }
}
