//! Rules of heap games: Grundy's game, Nim, and every octal game.
//!
//! An octal code `d0.d1d2…` says, for each number `k` of tokens a move
//! takes from one heap, what it may leave there: digit `dk` is a sum of
//! [`WHOLE`] (the heap was exactly `k`: nothing is left), [`ONE`] (one
//! non-empty heap is left) and [`TWO`] (two non-empty heaps are left, of any
//! sizes, equal ones included). Kayles is `0.77`, Dawson's Kayles `0.07`,
//! the matches game that takes 1 to 3 `0.333`; `4.07` also splits a heap
//! without taking (digit `d0`, which can only be 0 or 4: taking nothing and
//! leaving the heap as it was would be a pass). Grundy's game (split into two
//! *unequal* heaps) is not octal, and Nim (take any number) has infinitely
//! many digits; both are rules of their own here.

use crate::error::{Coded, Params};
use std::fmt;

/// Digit bit: taking `k` from a heap of exactly `k` (nothing is left).
pub const WHOLE: u8 = 1;
/// Digit bit: taking `k` and leaving one non-empty heap.
pub const ONE: u8 = 2;
/// Digit bit: taking `k` and leaving two non-empty heaps.
pub const TWO: u8 = 4;

/// Most digits after the point of an octal code.
pub const MAX_DIGITS: usize = 16;

/// Names the rules are known by, with the code each stands for.
pub const NAMED: &[(&str, &str)] = &[
    ("grundy", "grundy"),
    ("nim", "nim"),
    ("kayles", "0.77"),
    ("dawson", "0.07"),
];

/// The rule of a heap game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Grundy's game: split one heap into two non-empty heaps of different
    /// sizes.
    Grundy,
    /// Nim: take any number of tokens, at least one, from one heap.
    Nim,
    /// An octal game.
    Octal(Octal),
}

/// An octal code: `digits[k]` for `k` from 0 to [`MAX_DIGITS`], each from 0
/// to 7 (`digits[0]` 0 or 4), nothing past the last non-zero digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Octal {
    digits: [u8; MAX_DIGITS + 1],
}

/// Why a rule was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// Nothing was written.
    Empty,
    /// Neither a known name nor a code `d0.d1d2…`.
    Syntax {
        /// The text, cut to 20 characters.
        text: String,
    },
    /// A digit that is not octal (8, 9) after the point.
    Digit {
        /// The character.
        digit: char,
        /// Its place after the point, from 1.
        place: usize,
    },
    /// A digit before the point other than 0 or 4.
    FirstDigit {
        /// The character.
        digit: char,
    },
    /// A point with no digit after it (`0.`).
    NoDigits,
    /// More than [`MAX_DIGITS`] digits after the point.
    TooLong {
        /// Digits written.
        digits: usize,
    },
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::Empty => f.write_str(
                "no rule was given: write a name (grundy, nim, kayles, dawson) or an octal code such as 0.77",
            ),
            RuleError::Syntax { text } => write!(
                f,
                "\"{text}\" is not a rule: write a name (grundy, nim, kayles, dawson) or an octal code such as 0.77"
            ),
            RuleError::Digit { digit, place } => write!(
                f,
                "digit {place} after the point is {digit}: an octal code has digits 0 to 7"
            ),
            RuleError::FirstDigit { digit } => write!(
                f,
                "the digit before the point is {digit}: it can only be 0, or 4 (a heap may be split without taking)"
            ),
            RuleError::NoDigits => {
                f.write_str("an octal code needs at least one digit after the point, such as 0.7")
            }
            RuleError::TooLong { digits } => write!(
                f,
                "the code has {digits} digits after the point, more than {MAX_DIGITS}"
            ),
        }
    }
}

impl std::error::Error for RuleError {}

impl Coded for RuleError {
    fn code(&self) -> &'static str {
        match self {
            RuleError::Empty => "rule.empty",
            RuleError::Syntax { .. } => "rule.syntax",
            RuleError::Digit { .. } => "rule.digit",
            RuleError::FirstDigit { .. } => "rule.first_digit",
            RuleError::NoDigits => "rule.no_digits",
            RuleError::TooLong { .. } => "rule.too_long",
        }
    }

    fn params(&self) -> Params {
        match self {
            RuleError::Empty | RuleError::NoDigits => vec![],
            RuleError::Syntax { text } => vec![("text", text.clone().into())],
            RuleError::Digit { digit, place } => {
                vec![("digit", (*digit).into()), ("place", (*place).into())]
            }
            RuleError::FirstDigit { digit } => vec![("digit", (*digit).into())],
            RuleError::TooLong { digits } => {
                vec![("digits", (*digits).into()), ("max", MAX_DIGITS.into())]
            }
        }
    }
}

/// Codes of [`RuleError`].
pub const CODES: &[&str] = &[
    "rule.empty",
    "rule.syntax",
    "rule.digit",
    "rule.first_digit",
    "rule.no_digits",
    "rule.too_long",
];

/// One way to move in a heap of `take + big + small` tokens: take `take`
/// and leave `big` and `small` (`big ≥ small`; `small` 0 when one heap or
/// none is left, both 0 when none is).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct HeapOption {
    /// Tokens taken.
    pub take: u32,
    /// The larger heap left (0: none).
    pub big: u32,
    /// The smaller heap left (0: at most one).
    pub small: u32,
}

impl HeapOption {
    /// Heaps it leaves: 0, 1 or 2.
    pub fn heaps_left(&self) -> u8 {
        u8::from(self.big > 0) + u8::from(self.small > 0)
    }
}

impl Octal {
    /// The code's digits, `d0` first, up to the last non-zero one (`[0]`
    /// for a code with no move).
    pub fn digits(&self) -> &[u8] {
        &self.digits[..=self.last()]
    }

    /// The index of the last non-zero digit (0 when there is none): the
    /// most a move takes, `t` in the periodicity theorem.
    pub fn last(&self) -> usize {
        self.digits.iter().rposition(|&d| d != 0).unwrap_or(0)
    }

    /// Digit `k` (0 past the code).
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// The `k`s whose digit has `bit`, as a bit set (bit `k` for `k`).
    pub fn mask(&self, bit: u8) -> u32 {
        self.digits
            .iter()
            .enumerate()
            .filter(|(_, &d)| d & bit != 0)
            .fold(0, |m, (k, _)| m | 1 << k)
    }
}

impl fmt::Display for Octal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        let last = self.last().max(1);
        for &d in &self.digits[1..=last] {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl Rule {
    /// Reads a rule: a name of [`NAMED`] (any case) or an octal code
    /// `d0.d1d2…` (`0.77`, `.77`, `4.07`), trailing zeros dropped.
    #[inline(never)]
    pub fn parse(text: &str) -> Result<Rule, RuleError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(RuleError::Empty);
        }
        let lower = text.to_ascii_lowercase();
        match lower.as_str() {
            "grundy" => return Ok(Rule::Grundy),
            "nim" => return Ok(Rule::Nim),
            _ => {}
        }
        if let Some(&(_, code)) = NAMED.iter().find(|(name, _)| *name == lower) {
            return Rule::parse(code);
        }
        let syntax = || RuleError::Syntax {
            text: text.chars().take(20).collect(),
        };
        let (before, after) = text.split_once('.').ok_or_else(syntax)?;
        if !before.bytes().all(|b| b.is_ascii_digit()) || !after.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(syntax());
        }
        let d0 = match before {
            "" | "0" => 0,
            "4" => 4,
            other if other.len() == 1 => {
                let digit = other.chars().next().unwrap_or('?');
                return Err(RuleError::FirstDigit { digit });
            }
            _ => return Err(syntax()),
        };
        if after.is_empty() {
            return Err(RuleError::NoDigits);
        }
        if after.len() > MAX_DIGITS {
            return Err(RuleError::TooLong {
                digits: after.len(),
            });
        }
        let mut digits = [0u8; MAX_DIGITS + 1];
        digits[0] = d0;
        for (i, c) in after.chars().enumerate() {
            let d = c.to_digit(8).ok_or(RuleError::Digit {
                digit: c,
                place: i + 1,
            })?;
            digits[i + 1] = d as u8;
        }
        Ok(Rule::Octal(Octal { digits }))
    }

    /// The rule as [`Rule::parse`] reads it back: `grundy`, `nim`, `0.77`.
    pub fn name(&self) -> String {
        self.to_string()
    }

    /// Its name in [`NAMED`], if it has one (`kayles` for `0.77`).
    pub fn known_name(&self) -> Option<&'static str> {
        let name = self.name();
        NAMED
            .iter()
            .find(|(_, code)| *code == name)
            .map(|(n, _)| *n)
    }

    /// The most a move takes, when bounded (Nim's is not).
    pub fn max_take(&self) -> Option<u32> {
        match self {
            Rule::Grundy => Some(0),
            Rule::Nim => None,
            Rule::Octal(o) => Some(o.last() as u32),
        }
    }

    /// Whether a heap of `n` may be left as two equal heaps.
    pub fn equal_parts(&self) -> bool {
        !matches!(self, Rule::Grundy)
    }

    /// What taking `take` tokens may leave, as [`WHOLE`], [`ONE`] and
    /// [`TWO`] bits (Grundy's game: only [`TWO`] for 0, and unequal).
    pub fn digit(&self, take: u32) -> u8 {
        match self {
            Rule::Grundy => {
                if take == 0 {
                    TWO
                } else {
                    0
                }
            }
            Rule::Nim => {
                if take == 0 {
                    0
                } else {
                    WHOLE | ONE
                }
            }
            Rule::Octal(o) => o.digit(take as usize),
        }
    }

    /// Whether taking `take` from a heap of `size` and leaving `big` and
    /// `small` (as [`HeapOption`] writes them) is a move of this rule.
    pub fn allows(&self, size: u32, o: HeapOption) -> bool {
        let total = u64::from(o.take) + u64::from(o.big) + u64::from(o.small);
        if total != u64::from(size) || o.big < o.small || size == 0 {
            return false;
        }
        let bit = match o.heaps_left() {
            0 => WHOLE,
            1 => ONE,
            _ => TWO,
        };
        if bit == TWO && o.big == o.small && !self.equal_parts() {
            return false;
        }
        self.digit(o.take) & bit != 0
    }

    /// Every move from a heap of `n`, by growing `take`, then the smaller
    /// part growing (`(take, n − take, 0)` before its splits).
    pub fn options(&self, n: u32) -> impl Iterator<Item = HeapOption> + '_ {
        let max_take = self.max_take().unwrap_or(n).min(n);
        (0..=max_take).flat_map(move |take| {
            let d = self.digit(take);
            let rest = n - take;
            let whole = (d & WHOLE != 0 && rest == 0).then_some(HeapOption {
                take,
                big: 0,
                small: 0,
            });
            let one = (d & ONE != 0 && rest > 0).then_some(HeapOption {
                take,
                big: rest,
                small: 0,
            });
            let last_small = match (d & TWO != 0, self.equal_parts()) {
                (false, _) => 0,
                (true, true) => rest / 2,
                (true, false) => rest.saturating_sub(1) / 2,
            };
            let splits = (1..=last_small).map(move |small| HeapOption {
                take,
                big: rest - small,
                small,
            });
            whole.into_iter().chain(one).chain(splits)
        })
    }

    /// The moves taking `take` from a heap of `n`: whether it may be taken
    /// whole, whether one heap may be left, and how many ways to leave two
    /// (the smaller part from 1 to that number).
    fn per_take(&self, n: u32, take: u32) -> (bool, bool, u32) {
        let d = self.digit(take);
        let Some(rest) = n.checked_sub(take) else {
            return (false, false, 0);
        };
        let splits = match (d & TWO != 0, self.equal_parts()) {
            (false, _) => 0,
            (true, true) => rest / 2,
            (true, false) => rest.saturating_sub(1) / 2,
        };
        (
            d & WHOLE != 0 && rest == 0,
            d & ONE != 0 && rest > 0,
            splits,
        )
    }

    /// The takes a heap of `n` may see (Nim's are every one up to `n`).
    fn takes(&self, n: u32) -> u32 {
        self.max_take().unwrap_or(n).min(n)
    }

    /// How many moves a heap of `n` has (as many as [`Rule::options`] lists).
    #[inline(never)]
    pub fn option_count(&self, n: u32) -> u64 {
        if *self == Rule::Nim {
            return n.into();
        }
        (0..=self.takes(n))
            .map(|take| {
                let (whole, one, splits) = self.per_take(n, take);
                u64::from(whole) + u64::from(one) + u64::from(splits)
            })
            .sum()
    }

    /// The first move from a heap of `n`, in the order of [`Rule::options`],
    /// for which `f` is true. One walk for every caller, which the games
    /// module's size prefers to an iterator inlined at each.
    #[inline(never)]
    pub fn find_option(&self, n: u32, f: &mut dyn FnMut(HeapOption) -> bool) -> Option<HeapOption> {
        for take in 0..=self.takes(n) {
            let (whole, one, splits) = self.per_take(n, take);
            let rest = n - take;
            let mut o = HeapOption {
                take,
                big: 0,
                small: 0,
            };
            if whole && f(o) {
                return Some(o);
            }
            o.big = rest;
            if one && f(o) {
                return Some(o);
            }
            for small in 1..=splits {
                o.big = rest - small;
                o.small = small;
                if f(o) {
                    return Some(o);
                }
            }
        }
        None
    }

    /// Move `i` (from 0) of a heap of `n`, in the order of [`Rule::options`].
    pub fn nth_option(&self, n: u32, mut i: u64) -> Option<HeapOption> {
        self.find_option(n, &mut |_| {
            i = i.wrapping_sub(1);
            i == u64::MAX
        })
    }

    /// The largest smaller part a move from a heap of `n` may leave (0:
    /// no move leaves two heaps).
    pub fn max_small(&self, n: u32) -> u32 {
        if *self == Rule::Nim {
            return 0;
        }
        (0..=self.takes(n))
            .map(|take| self.per_take(n, take).2)
            .max()
            .unwrap_or(0)
    }

    /// Whether a heap of `n` has a move at all.
    pub fn has_move(&self, n: u32) -> bool {
        self.option_count(n) > 0
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rule::Grundy => f.write_str("grundy"),
            Rule::Nim => f.write_str("nim"),
            Rule::Octal(o) => o.fmt(f),
        }
    }
}

impl std::str::FromStr for Rule {
    type Err = RuleError;
    fn from_str(s: &str) -> Result<Rule, RuleError> {
        Rule::parse(s)
    }
}

/// [`plain_values`] as u16, the tables' type, for the tests that check a
/// table against it.
#[cfg(test)]
pub(crate) fn plain_values_u16(rule: &Rule, n: u32) -> Vec<u16> {
    plain_values(rule, n)
        .into_iter()
        .map(|v| v as u16)
        .collect()
}

/// G(0..=n) by the plain mex of every option: quadratic, kept as the
/// independent reference every faster method is checked against. Values
/// are `u32` (Nim's G(n) is n).
///
/// The options are those [`Rule::options`] lists (a test checks that they
/// are), walked by plain loops over the takes and the splits: the tests
/// spend most of their time here, and the iterator's chain cost them about
/// half of it.
pub fn plain_values(rule: &Rule, n: u32) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n as usize + 1);
    // Seen values, over a power of two above every value so far: the xor
    // of two values below it stays below it.
    let mut seen: Vec<bool> = vec![false; 2];
    for m in 0..=n {
        seen.fill(false);
        for take in 0..=rule.takes(m) {
            let (whole, one, splits) = rule.per_take(m, take);
            let rest = (m - take) as usize;
            if whole {
                seen[0] = true;
            }
            if one {
                seen[g[rest] as usize] = true;
            }
            for small in 1..=splits as usize {
                seen[(g[rest - small] ^ g[small]) as usize] = true;
            }
        }
        let value = seen.iter().position(|&s| !s).unwrap_or(seen.len());
        if value + 1 >= seen.len() {
            seen.resize((value + 2).next_power_of_two(), false);
        }
        g.push(value as u32);
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> &'static str {
        Rule::parse(text).unwrap_err().code()
    }

    #[test]
    fn names_and_codes_are_read_and_written_back() {
        for (text, name) in [
            ("grundy", "grundy"),
            ("Nim", "nim"),
            ("0.77", "0.77"),
            (".77", "0.77"),
            ("kayles", "0.77"),
            ("DAWSON", "0.07"),
            ("4.07", "4.07"),
            ("0.333", "0.333"),
            ("0.3330", "0.333"),
            (" 0.6 ", "0.6"),
            ("0.0", "0.0"),
            ("4.0", "4.0"),
            ("0.1234567012345670", "0.123456701234567"),
        ] {
            let rule = Rule::parse(text).unwrap();
            assert_eq!(rule.name(), name, "{text}");
            assert_eq!(Rule::parse(&rule.name()), Ok(rule), "{text}");
        }
        assert_eq!(Rule::parse("kayles").unwrap().known_name(), Some("kayles"));
        assert_eq!(Rule::parse("0.07").unwrap().known_name(), Some("dawson"));
        assert_eq!(Rule::parse("0.6").unwrap().known_name(), None);
    }

    #[test]
    fn bad_rules_are_refused_with_their_codes() {
        assert_eq!(code("0.8"), "rule.digit");
        assert_eq!(
            Rule::parse("0.78").unwrap_err().params(),
            vec![("digit", '8'.into()), ("place", 2usize.into())]
        );
        assert_eq!(code("7.1"), "rule.first_digit");
        assert_eq!(code("1.7"), "rule.first_digit");
        assert_eq!(code("abc"), "rule.syntax");
        assert_eq!(code("0.7a"), "rule.syntax");
        assert_eq!(code("44.7"), "rule.syntax");
        assert_eq!(code("0.7.7"), "rule.syntax");
        assert_eq!(code("-0.7"), "rule.syntax");
        assert_eq!(code(""), "rule.empty");
        assert_eq!(code("  "), "rule.empty");
        assert_eq!(code("0."), "rule.no_digits");
        assert_eq!(code("."), "rule.no_digits");
        assert_eq!(code("0.77777777777777777"), "rule.too_long");
        for text in ["0.8", "7.1", "abc", "", "0.", "0.77777777777777777"] {
            let e = Rule::parse(text).unwrap_err();
            assert!(CODES.contains(&e.code()));
            assert!(!e.to_string().is_empty());
        }
    }

    #[test]
    fn options_follow_the_digits() {
        let kayles = Rule::parse("0.77").unwrap();
        let o: Vec<(u32, u32, u32)> = kayles
            .options(4)
            .map(|o| (o.take, o.big, o.small))
            .collect();
        assert_eq!(o, [(1, 3, 0), (1, 2, 1), (2, 2, 0), (2, 1, 1)]);
        assert_eq!(kayles.options(2).count(), 2); // take 1 leaving 1, or take both
        let grundy = Rule::Grundy;
        let o: Vec<(u32, u32)> = grundy.options(7).map(|o| (o.big, o.small)).collect();
        assert_eq!(o, [(6, 1), (5, 2), (4, 3)]);
        assert!(!grundy.has_move(2) && grundy.has_move(3));
        assert_eq!(Rule::Nim.options(3).count(), 3);
        let dawson = Rule::parse("dawson").unwrap();
        assert!(!dawson.has_move(1) && dawson.has_move(2));
        assert!(Rule::parse("4.0")
            .unwrap()
            .options(4)
            .any(|o| o.big == 2 && o.small == 2));
        for rule in [kayles, grundy, Rule::Nim, dawson] {
            for n in 0..30 {
                for o in rule.options(n) {
                    assert!(rule.allows(n, o), "{rule} {n} {o:?}");
                }
            }
        }
        assert!(!grundy.allows(
            6,
            HeapOption {
                take: 0,
                big: 3,
                small: 3
            }
        ));
        assert!(!kayles.allows(
            6,
            HeapOption {
                take: 3,
                big: 3,
                small: 0
            }
        ));
        assert!(!kayles.allows(
            6,
            HeapOption {
                take: 1,
                big: 2,
                small: 3
            }
        ));
    }

    #[test]
    fn options_are_counted_and_indexed_as_listed() {
        for text in [
            "grundy", "nim", "0.77", "0.07", "4.07", "0.333", "0.6", "4.0", "0.1",
        ] {
            let rule = Rule::parse(text).unwrap();
            for n in 0..40 {
                let all: Vec<HeapOption> = rule.options(n).collect();
                assert_eq!(rule.option_count(n), all.len() as u64, "{text} {n}");
                for (i, o) in all.iter().enumerate() {
                    assert_eq!(rule.nth_option(n, i as u64), Some(*o), "{text} {n} {i}");
                }
                assert_eq!(rule.nth_option(n, all.len() as u64), None);
                let small = all.iter().map(|o| o.small).max().unwrap_or(0);
                assert_eq!(rule.max_small(n), small, "{text} {n}");
            }
        }
    }

    #[test]
    fn plain_values_match_known_sequences() {
        // Nim: G(n) = n. Subtraction 1–3: n mod 4.
        assert_eq!(plain_values(&Rule::Nim, 6), [0, 1, 2, 3, 4, 5, 6]);
        let matches = Rule::parse("0.333").unwrap();
        assert_eq!(plain_values(&matches, 9), [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]);
        // Kayles (OEIS A002186) and Dawson's Kayles (A002187).
        let kayles = plain_values(&Rule::parse("kayles").unwrap(), 17);
        assert_eq!(
            kayles,
            [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4]
        );
        let dawson = plain_values(&Rule::parse("dawson").unwrap(), 17);
        assert_eq!(
            dawson,
            [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2]
        );
        // Grundy's game (A002188).
        let grundy = plain_values(&Rule::Grundy, 14);
        assert_eq!(grundy, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2]);
    }

    #[test]
    fn plain_values_take_the_mex_of_the_listed_options() {
        // The reference's loops against the mex of what `options` lists,
        // one heap after another, on named rules and every code
        // 0.d1d2d3 and 4.d1d2d3.
        let mut texts: Vec<String> = ["grundy", "nim", "0.77", "0.07", "4.07", "4.0", "0.333"]
            .map(String::from)
            .to_vec();
        for first in ["0.", "4."] {
            for d in 0..512 {
                texts.push(format!("{first}{}{}{}", d / 64, d / 8 % 8, d % 8));
            }
        }
        for text in &texts {
            let rule = Rule::parse(text).unwrap();
            let plain = plain_values(&rule, 60);
            for n in 0..=60u32 {
                let seen: Vec<u32> = rule
                    .options(n)
                    .map(|o| plain[o.big as usize] ^ plain[o.small as usize])
                    .collect();
                let mex = (0..).find(|v| !seen.contains(v)).unwrap();
                assert_eq!(plain[n as usize], mex, "{text} at {n}");
            }
        }
    }
}
