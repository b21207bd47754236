//! The registry of every error code the crate can report: what both wasm
//! modules publish as `error_codes()` (each the codes it can throw), and
//! what the page's i18n table and the fuzz tests are checked against.
//!
//! It lives at the crate root, above the games it lists, so that the shared
//! base ([`crate::error`]) knows no game: each game module lists its own
//! codes, and only this registry gathers them.

use crate::error::INPUT_CODES;

/// Every code an error of this crate can carry. The page's i18n table must
/// have `err.<code>` for each, in every language (scripts/check-i18n.mjs).
pub fn all_codes() -> Vec<&'static str> {
    let mut codes: Vec<&'static str> = INPUT_CODES.to_vec();
    for list in crate::chomp::ERROR_CODES {
        codes.extend_from_slice(list);
    }
    for list in crate::grundy::ERROR_CODES {
        codes.extend_from_slice(list);
    }
    // Game graphs and sums are played in the study module only: the games
    // module neither throws their codes nor carries their names.
    #[cfg(feature = "study")]
    {
        codes.extend_from_slice(crate::graph::ERROR_CODES);
        codes.extend_from_slice(crate::sum::CODES);
    }
    codes.extend_from_slice(crate::turns::CODES);
    codes.extend_from_slice(crate::reveal::CODES);
    codes.extend_from_slice(crate::oracle::CODES);
    codes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique() {
        let codes = all_codes();
        let mut seen = std::collections::HashSet::new();
        for c in &codes {
            assert!(seen.insert(c), "{c} listed twice");
            assert!(c.contains('.') && !c.contains(' '), "{c}");
        }
        assert!(codes.len() > 40, "{}", codes.len());
    }
}
