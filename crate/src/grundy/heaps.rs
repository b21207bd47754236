//! Positions of heap games: a list of heaps under a rule, and the moves
//! between them (Grundy's splits, and the takes of every other rule).

use super::rule::{HeapOption, Rule};
use crate::error::{Coded, Params, Sure};
use crate::turns::GamePosition;
use std::fmt;

/// Largest heap accepted anywhere (2^24 matches): the Grundy-value table for
/// it takes about 16 s in a browser (with progress and Cancel) and is checked
/// against the previous method up to there; each power of two past it would
/// more than double the wait.
pub const MAX_HEAP: u32 = 1 << 24;

/// Most heaps in one position; a single heap of [`MAX_HEAP`] never gets there
/// in a real game, and the limit keeps absurd input from allocating.
pub const MAX_HEAPS: usize = 4096;

/// Most heaps of 1, and most heaps of 2, in a position read from text
/// (`1x4294967295`): they never move, but their count is shown and sent to
/// JavaScript, where it stays a whole number well within 2^53.
pub const MAX_SET_ASIDE: u64 = u32::MAX as u64;

/// Most tokens on live heaps in misère play (other than Nim's): the
/// search's positions are keyed by 128 bits, and a game from 64 tokens
/// lasts at most 127 moves, which bounds the search's depth.
pub const MISERE_MAX_TOKENS: u64 = 64;

/// Most positions a misère game may reach (its search solves them all at
/// the start, a few MB, under a second in a browser): past it, refused.
pub const MISERE_MAX_POSITIONS: usize = 200_000;

/// Why a list of heaps or a move was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GrundyError {
    /// An empty list.
    NoHeaps,
    /// More heaps than allowed: [`MAX_HEAPS`] heaps that can be split, or
    /// [`MAX_SET_ASIDE`] heaps of 1 (or of 2).
    TooManyHeaps {
        /// Heaps given.
        count: u64,
        /// Most allowed.
        max: u64,
    },
    /// A heap of 0 matches.
    EmptyHeap {
        /// Its place, from 1.
        heap: usize,
    },
    /// A heap larger than [`MAX_HEAP`].
    HeapTooLarge {
        /// Its place, from 1.
        heap: usize,
        /// Its size as written.
        size: String,
    },
    /// A word that is not a whole number.
    NotANumber {
        /// Its place, from 1.
        heap: usize,
        /// The word.
        word: String,
    },
    /// A split of a heap that does not exist.
    NoSuchHeap {
        /// The heap asked for, from 1.
        heap: usize,
        /// Heaps there are.
        count: usize,
    },
    /// A heap of 1 or 2: no two different non-empty parts.
    CannotSplit {
        /// Its size.
        size: u32,
    },
    /// A part of 0 matches.
    EmptyPart,
    /// Parts that do not add up to the heap.
    WrongSum {
        /// The larger part.
        big: u32,
        /// The smaller part.
        small: u32,
        /// The heap.
        size: u32,
    },
    /// Two equal parts: forbidden by the rules.
    EqualHalves {
        /// The heap.
        size: u32,
        /// Each half.
        half: u32,
    },
    /// The smaller part given first.
    SmallFirst,
    /// Tokens and heaps left that do not make the heap.
    WrongTotal {
        /// Tokens taken.
        take: u32,
        /// The larger heap left.
        big: u32,
        /// The smaller heap left.
        small: u32,
        /// The heap.
        size: u32,
    },
    /// A number of tokens the rule never takes.
    CannotTake {
        /// Tokens taken.
        take: u32,
    },
    /// The rule takes that many but may not leave that many heaps.
    CannotLeave {
        /// Tokens taken.
        take: u32,
        /// Heaps left: 0, 1 or 2.
        left: u8,
    },
    /// Misère play past its search's bound: too many tokens on live heaps.
    MisereTokens {
        /// Tokens on live heaps.
        tokens: u64,
    },
    /// Misère play past its search's bound: too many positions.
    MiserePositions,
    /// The table cannot hold this heap (it was cancelled or is being built).
    NotComputed {
        /// The heap.
        size: u32,
    },
    /// The computation of values was cancelled.
    Cancelled,
}

impl fmt::Display for GrundyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use GrundyError::*;
        match self {
            NoHeaps => f.write_str("a position needs at least one heap"),
            TooManyHeaps { count, max } => {
                write!(f, "{count} heaps is too many (at most {max})")
            }
            EmptyHeap { heap } => write!(f, "heap {heap} is empty: every heap has at least 1 match"),
            HeapTooLarge { heap, size } => write!(
                f,
                "heap {heap} has {size} matches, more than the largest supported heap ({MAX_HEAP})"
            ),
            NotANumber { heap, word } => {
                write!(f, "heap {heap}: \"{word}\" is not a whole number of matches")
            }
            NoSuchHeap { heap, count } => {
                write!(f, "there is no heap {heap} (the position has {count} heaps)")
            }
            CannotSplit { size } => write!(
                f,
                "a heap of {size} cannot be split: its two parts would have to be different and non-empty"
            ),
            EmptyPart => f.write_str("both parts of a split must be non-empty"),
            WrongSum { big, small, size } => write!(
                f,
                "{big} + {small} is not {size}: the two parts must add up to the heap"
            ),
            EqualHalves { size, half } => {
                write!(f, "{size} cannot be split into two equal heaps of {half}")
            }
            SmallFirst => f.write_str("the larger part comes first"),
            WrongTotal { take, big, small, size } => write!(
                f,
                "taking {take} and leaving {big} and {small} does not make the heap of {size}"
            ),
            CannotTake { take } => write!(f, "this rule never takes {take} from a heap"),
            CannotLeave { take, left } => write!(
                f,
                "this rule may take {take} but not leave {left} heaps"
            ),
            MisereTokens { tokens } => write!(
                f,
                "misère play is solved by search up to {MISERE_MAX_TOKENS} tokens on heaps that can move; this position has {tokens}"
            ),
            MiserePositions => write!(
                f,
                "misère play is solved by search up to {MISERE_MAX_POSITIONS} positions; this game reaches more"
            ),
            NotComputed { size } => {
                write!(f, "the value of a heap of {size} is not computed yet")
            }
            Cancelled => f.write_str("the computation of Grundy values was cancelled"),
        }
    }
}

impl std::error::Error for GrundyError {}

impl Coded for GrundyError {
    fn code(&self) -> &'static str {
        use GrundyError::*;
        match self {
            NoHeaps => "heaps.none",
            TooManyHeaps { .. } => "heaps.too_many",
            EmptyHeap { .. } => "heaps.empty_heap",
            HeapTooLarge { .. } => "heaps.too_large",
            NotANumber { .. } => "heaps.not_a_number",
            NoSuchHeap { .. } => "split.no_heap",
            CannotSplit { .. } => "split.too_small",
            EmptyPart => "split.empty_part",
            WrongSum { .. } => "split.wrong_sum",
            EqualHalves { .. } => "split.equal",
            SmallFirst => "split.order",
            WrongTotal { .. } => "move.wrong_sum",
            CannotTake { .. } => "move.take",
            CannotLeave { .. } => "move.leave",
            MisereTokens { .. } => "misere.tokens",
            MiserePositions => "misere.positions",
            NotComputed { .. } => "heaps.not_computed",
            Cancelled => "heaps.cancelled",
        }
    }

    fn params(&self) -> Params {
        use GrundyError::*;
        match self {
            NoHeaps | EmptyPart | SmallFirst | Cancelled => vec![],
            WrongTotal {
                take,
                big,
                small,
                size,
            } => vec![
                ("take", (*take).into()),
                ("big", (*big).into()),
                ("small", (*small).into()),
                ("size", (*size).into()),
            ],
            CannotTake { take } => vec![("take", (*take).into())],
            CannotLeave { take, left } => {
                vec![("take", (*take).into()), ("left", u32::from(*left).into())]
            }
            MisereTokens { tokens } => {
                vec![
                    ("tokens", (*tokens).into()),
                    ("max", MISERE_MAX_TOKENS.into()),
                ]
            }
            MiserePositions => vec![("max", MISERE_MAX_POSITIONS.into())],
            TooManyHeaps { count, max } => vec![("count", (*count).into()), ("max", (*max).into())],
            EmptyHeap { heap } => vec![("heap", (*heap).into())],
            HeapTooLarge { heap, size } => vec![
                ("heap", (*heap).into()),
                ("size", size.clone().into()),
                ("max", MAX_HEAP.into()),
            ],
            NotANumber { heap, word } => {
                vec![("heap", (*heap).into()), ("word", word.clone().into())]
            }
            NoSuchHeap { heap, count } => {
                vec![("heap", (*heap).into()), ("count", (*count).into())]
            }
            CannotSplit { size } | NotComputed { size } => vec![("size", (*size).into())],
            WrongSum { big, small, size } => vec![
                ("big", (*big).into()),
                ("small", (*small).into()),
                ("size", (*size).into()),
            ],
            EqualHalves { size, half } => vec![("size", (*size).into()), ("half", (*half).into())],
        }
    }
}

/// Codes of [`GrundyError`].
pub const CODES: &[&str] = &[
    "heaps.none",
    "heaps.too_many",
    "heaps.empty_heap",
    "heaps.too_large",
    "heaps.not_a_number",
    "split.no_heap",
    "split.too_small",
    "split.empty_part",
    "split.wrong_sum",
    "split.equal",
    "split.order",
    "heaps.not_computed",
    "heaps.cancelled",
    "move.wrong_sum",
    "move.take",
    "move.leave",
    "misere.tokens",
    "misere.positions",
];

/// One move: heap number `heap` (0-based index in the list) is split into
/// `big + small` matches, with `big > small > 0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Split {
    /// Index of the heap that is split.
    pub heap: usize,
    /// The larger part.
    pub big: u32,
    /// The smaller part (never equal to `big`: that split is forbidden).
    pub small: u32,
}

/// Every split of a heap of `n` matches, as `(big, small)` with the smaller
/// part growing: `(n-1, 1), (n-2, 2), …`. Heaps of 1 and 2 have none.
pub fn splits_of(n: u32) -> impl Iterator<Item = (u32, u32)> {
    // small < n - small  <=>  2·small < n  <=>  small <= (n-1)/2
    (1..=n.saturating_sub(1) / 2).map(move |small| (n - small, small))
}

/// True when no heap can be split: the player to move has lost.
pub fn is_over(heaps: &[u32]) -> bool {
    heaps.iter().all(|&h| h <= 2)
}

/// Checks a list of heaps given as input: at least one heap, at most
/// [`MAX_HEAPS`], each between 1 and [`MAX_HEAP`].
pub fn check_heaps(heaps: &[u32]) -> Result<(), GrundyError> {
    if heaps.len() > MAX_HEAPS {
        return Err(GrundyError::TooManyHeaps {
            count: heaps.len() as u64,
            max: MAX_HEAPS as u64,
        });
    }
    check_sizes(heaps)
}

/// Checks the heaps of a position reached in a game: at least one heap, each
/// between 1 and [`MAX_HEAP`], however many (every split of a heap of 7 or
/// more can add a heap, so a game from [`MAX_HEAPS`] heaps goes past it).
pub fn check_sizes(heaps: &[u32]) -> Result<(), GrundyError> {
    if heaps.is_empty() {
        return Err(GrundyError::NoHeaps);
    }
    for (i, &h) in heaps.iter().enumerate() {
        if h == 0 {
            return Err(GrundyError::EmptyHeap { heap: i + 1 });
        }
        if h > MAX_HEAP {
            return Err(GrundyError::HeapTooLarge {
                heap: i + 1,
                size: h.to_string(),
            });
        }
    }
    Ok(())
}

/// Checks that `split` is legal in `heaps`, explaining why not.
pub fn check_split(heaps: &[u32], split: Split) -> Result<(), GrundyError> {
    let Some(&n) = heaps.get(split.heap) else {
        return Err(GrundyError::NoSuchHeap {
            heap: split.heap + 1,
            count: heaps.len(),
        });
    };
    if n <= 2 {
        return Err(GrundyError::CannotSplit { size: n });
    }
    if split.small == 0 || split.big == 0 {
        return Err(GrundyError::EmptyPart);
    }
    if u64::from(split.big) + u64::from(split.small) != u64::from(n) {
        return Err(GrundyError::WrongSum {
            big: split.big,
            small: split.small,
            size: n,
        });
    }
    if split.big == split.small {
        return Err(GrundyError::EqualHalves {
            size: n,
            half: split.big,
        });
    }
    if split.big < split.small {
        return Err(GrundyError::SmallFirst);
    }
    Ok(())
}

/// The position after `split`: the split heap is replaced, in place, by its
/// larger part, and the smaller part goes right after it (so heap indices
/// before it do not move, which keeps the drawing stable).
pub fn apply(heaps: &[u32], split: Split) -> Result<Vec<u32>, GrundyError> {
    check_split(heaps, split)?;
    let mut next = Vec::with_capacity(heaps.len() + 1);
    next.extend_from_slice(&heaps[..split.heap]);
    next.push(split.big);
    next.push(split.small);
    next.extend_from_slice(&heaps[split.heap + 1..]);
    Ok(next)
}

/// One move of any heap game: from live heap `heap` (0-based), take `take`
/// tokens and leave `big` and `small` (`big ≥ small`; `small` 0 when one
/// heap or none is left, both 0 when the heap is taken whole). Grundy's
/// [`Split`] is a move that takes nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub struct HeapMove {
    /// Index of the heap moved in.
    pub heap: usize,
    /// Tokens taken.
    pub take: u32,
    /// The larger heap left (0: none).
    pub big: u32,
    /// The smaller heap left (0: at most one).
    pub small: u32,
}

impl HeapMove {
    /// The move `option` in live heap `heap`.
    pub fn of(heap: usize, o: HeapOption) -> HeapMove {
        HeapMove {
            heap,
            take: o.take,
            big: o.big,
            small: o.small,
        }
    }

    /// The option of its heap it plays.
    pub fn option(&self) -> HeapOption {
        HeapOption {
            take: self.take,
            big: self.big,
            small: self.small,
        }
    }
}

impl From<Split> for HeapMove {
    fn from(s: Split) -> HeapMove {
        HeapMove {
            heap: s.heap,
            take: 0,
            big: s.big,
            small: s.small,
        }
    }
}

/// Checks that `mv` is a move of `rule` in `heaps`, explaining why not.
/// Grundy's game keeps its own refusals (`split.*`); another rule says which
/// heap, sum, take or heaps left it does not allow (`move.*`).
pub fn check_move(rule: &Rule, heaps: &[u32], mv: HeapMove) -> Result<(), GrundyError> {
    if *rule == Rule::Grundy && mv.take == 0 {
        return check_split(
            heaps,
            Split {
                heap: mv.heap,
                big: mv.big,
                small: mv.small,
            },
        );
    }
    let Some(&size) = heaps.get(mv.heap) else {
        return Err(GrundyError::NoSuchHeap {
            heap: mv.heap + 1,
            count: heaps.len(),
        });
    };
    if mv.big < mv.small {
        return Err(GrundyError::SmallFirst);
    }
    let (take, big, small) = (mv.take, mv.big, mv.small);
    if u64::from(take) + u64::from(big) + u64::from(small) != u64::from(size) {
        return Err(GrundyError::WrongTotal {
            take,
            big,
            small,
            size,
        });
    }
    if rule.digit(take) == 0 {
        return Err(GrundyError::CannotTake { take });
    }
    if !rule.allows(size, mv.option()) {
        let left = mv.option().heaps_left();
        return Err(GrundyError::CannotLeave { take, left });
    }
    Ok(())
}

/// A position as a game keeps it: its rule and whether it is played misère
/// (the last mover loses), the heaps that can still move, in the order they
/// are drawn, and how many heaps of each size were set aside: those the rule
/// gives no move (Grundy's game: 1 and 2; Dawson's Kayles: 1; Kayles and Nim:
/// none), which never move again, so they count for nothing in normal play
/// (value 0) or misère. Heaps of 0 vanish. A game of any length keeps a small
/// position.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Heaps {
    rule: Rule,
    misere: bool,
    live: Vec<u32>,
    /// (size, count), sizes growing, counts above 0.
    aside: Vec<(u32, u64)>,
}

impl GamePosition for Heaps {
    type Move = HeapMove;
    fn is_over(&self) -> bool {
        self.live.is_empty()
    }
    fn stuck_player_loses(&self) -> bool {
        !self.misere
    }
    fn after(&self, mv: &HeapMove) -> Heaps {
        self.apply_move(*mv)
            .sure("moves in a game were checked when played")
    }
}

impl Heaps {
    /// An empty position of `rule`.
    pub fn empty(rule: Rule, misere: bool) -> Heaps {
        Heaps {
            rule,
            misere,
            live: Vec::new(),
            aside: Vec::new(),
        }
    }

    /// One heap of `n` (at most [`MAX_HEAP`]) under `rule`.
    pub fn single(rule: Rule, misere: bool, n: u32) -> Heaps {
        let mut h = Heaps::empty(rule, misere);
        h.add(n, 1);
        h
    }

    /// The position of Grundy's game of a list of heaps (checked by [`check_heaps`]).
    pub fn from_list(list: &[u32]) -> Result<Heaps, GrundyError> {
        Heaps::of(Rule::Grundy, false, list)
    }

    /// The position of `rule` of a list of heaps (checked by [`check_heaps`]).
    #[inline(never)]
    pub fn of(rule: Rule, misere: bool, list: &[u32]) -> Result<Heaps, GrundyError> {
        check_heaps(list)?;
        let mut h = Heaps::empty(rule, misere);
        for &n in list {
            h.add(n, 1);
        }
        Ok(h)
    }

    /// Puts `copies` heaps of `n` on the table: live, set aside, or nowhere
    /// (0). Returns the count they now make of their kind (live heaps, or
    /// set-aside heaps of that size).
    fn add(&mut self, n: u32, copies: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        if self.rule.has_move(n) {
            let count = (self.live.len() as u64).saturating_add(copies);
            // Past the bound the caller refuses: no more is allocated.
            let room = (MAX_HEAPS + 1).saturating_sub(self.live.len()) as u64;
            self.live
                .extend(std::iter::repeat_n(n, copies.min(room) as usize));
            return count;
        }
        let i = match self.aside.binary_search_by_key(&n, |&(size, _)| size) {
            Ok(i) => i,
            Err(i) => {
                self.aside.insert(i, (n, 0));
                i
            }
        };
        self.aside[i].1 = self.aside[i].1.saturating_add(copies);
        self.aside[i].1
    }

    /// The same heaps, in misère play or not.
    pub fn played(&self, misere: bool) -> Heaps {
        Heaps {
            misere,
            ..self.clone()
        }
    }

    /// The rule played.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Whether the last mover loses.
    pub fn misere(&self) -> bool {
        self.misere
    }

    /// The heaps that can still move, in order: the ones a move can take.
    pub fn live(&self) -> &[u32] {
        &self.live
    }

    /// The heaps set aside, as (size, count), sizes growing.
    pub fn aside(&self) -> &[(u32, u64)] {
        &self.aside
    }

    fn count(&self, size: u32) -> u64 {
        self.aside
            .iter()
            .find(|&&(n, _)| n == size)
            .map_or(0, |&(_, c)| c)
    }

    /// Heaps of 1 set aside.
    pub fn ones(&self) -> u64 {
        self.count(1)
    }

    /// Heaps of 2 set aside.
    pub fn twos(&self) -> u64 {
        self.count(2)
    }

    /// Tokens on the table (saturating: set-aside heaps are only counted).
    pub fn matches(&self) -> u64 {
        let aside = self.aside.iter().fold(0u64, |t, &(n, c)| {
            t.saturating_add(c.saturating_mul(n.into()))
        });
        self.live
            .iter()
            .fold(aside, |t, &h| t.saturating_add(h.into()))
    }

    /// True when no heap can move: the game is over.
    pub fn is_over(&self) -> bool {
        self.live.is_empty()
    }

    /// The position after `split` (its `heap` indexes [`Heaps::live`]).
    pub fn apply(&self, split: Split) -> Result<Heaps, GrundyError> {
        self.apply_move(split.into())
    }

    /// The position after `mv` (its `heap` indexes [`Heaps::live`]): a part
    /// that can move takes the heap's place (the larger first), one that
    /// cannot is set aside.
    #[inline(never)]
    pub fn apply_move(&self, mv: HeapMove) -> Result<Heaps, GrundyError> {
        check_move(&self.rule, &self.live, mv)?;
        let mut next = Heaps {
            live: Vec::with_capacity(self.live.len() + 1),
            aside: self.aside.clone(),
            ..*self
        };
        next.live.extend_from_slice(&self.live[..mv.heap]);
        next.add(mv.big, 1);
        next.add(mv.small, 1);
        next.live.extend_from_slice(&self.live[mv.heap + 1..]);
        Ok(next)
    }

    /// Reads heaps of Grundy's game (see [`Heaps::parse_for`]).
    pub fn parse(text: &str) -> Result<Heaps, GrundyError> {
        Heaps::parse_for(Rule::Grundy, false, text)
    }

    /// Reads heaps of `rule` written with spaces, commas, `+` or semicolons
    /// between them (`17, 5`, `[7 3]`); `2x40` (or `2×40`, `2*40`) stands
    /// for forty heaps of 2. At most [`MAX_HEAPS`] heaps that can move, and
    /// [`MAX_SET_ASIDE`] set aside of each size.
    #[inline(never)]
    pub fn parse_for(rule: Rule, misere: bool, text: &str) -> Result<Heaps, GrundyError> {
        let inner = text.trim();
        let inner = inner
            .strip_prefix('[')
            .and_then(|s| s.strip_suffix(']'))
            .unwrap_or(inner);
        let mut h = Heaps::empty(rule, misere);
        let number = |word: &str, heap: usize| -> Result<u64, GrundyError> {
            if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
                return Err(GrundyError::NotANumber {
                    heap,
                    word: word.to_string(),
                });
            }
            Ok(word.parse().unwrap_or(u64::MAX))
        };
        let words = inner
            .split(|c: char| c.is_whitespace() || c == ',' || c == ';' || c == '+')
            .filter(|w| !w.is_empty());
        for (i, word) in words.enumerate() {
            let heap = i + 1;
            let (size, copies) = match word.split_once(['x', '×', '*']) {
                Some((size, copies)) => (
                    size,
                    number(copies, heap).map_err(|_| GrundyError::NotANumber {
                        heap,
                        word: word.to_string(),
                    })?,
                ),
                None => (word, 1),
            };
            let n = number(size, heap)?;
            if n == 0 {
                return Err(GrundyError::EmptyHeap { heap });
            }
            if n > u64::from(MAX_HEAP) {
                return Err(GrundyError::HeapTooLarge {
                    heap,
                    size: size.to_string(),
                });
            }
            let max = if rule.has_move(n as u32) {
                MAX_HEAPS as u64
            } else {
                MAX_SET_ASIDE
            };
            let count = h.add(n as u32, copies);
            // Distinct sizes set aside are bounded too (a code such as 0.1
            // sets aside every heap above 1).
            if count > max {
                return Err(GrundyError::TooManyHeaps { count, max });
            }
            if h.aside.len() > MAX_HEAPS {
                let (count, max) = (h.aside.len() as u64, MAX_HEAPS as u64);
                return Err(GrundyError::TooManyHeaps { count, max });
            }
        }
        if h.live.is_empty() && h.aside.is_empty() {
            return Err(GrundyError::NoHeaps);
        }
        Ok(h)
    }

    /// Writes the heaps as [`Heaps::parse`] reads them: `17,5,2x3,1x2`
    /// (the set-aside heaps last, the larger first).
    pub fn format(&self) -> String {
        let mut words: Vec<String> = self.live.iter().map(u32::to_string).collect();
        for &(size, count) in self.aside.iter().rev() {
            words.push(match count {
                1 => size.to_string(),
                n => format!("{size}x{n}"),
            });
        }
        words.join(",")
    }

    /// Every heap, the set-aside ones last (for tests and small positions).
    pub fn to_list(&self) -> Vec<u32> {
        let mut list = self.live.clone();
        for &(size, count) in self.aside.iter().rev() {
            list.extend(std::iter::repeat_n(size, count as usize));
        }
        list
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_skip_equal_halves() {
        assert_eq!(splits_of(6).collect::<Vec<_>>(), vec![(5, 1), (4, 2)]);
        assert_eq!(
            splits_of(7).collect::<Vec<_>>(),
            vec![(6, 1), (5, 2), (4, 3)]
        );
        assert_eq!(splits_of(2).count(), 0);
        assert_eq!(splits_of(1).count(), 0);
        assert_eq!(splits_of(0).count(), 0);
    }

    #[test]
    fn compact_heaps_read_and_write() {
        let h = Heaps::parse("17, 5 2x3 1×2 [").unwrap_err();
        assert_eq!(h.code(), "heaps.not_a_number");
        let h = Heaps::parse("[17, 5, 2x3, 1×2, 2]").unwrap();
        assert_eq!((h.live(), h.twos(), h.ones()), (&[17, 5][..], 4, 2));
        assert_eq!(h.format(), "17,5,2x4,1x2");
        assert_eq!(Heaps::parse(&h.format()).unwrap(), h);
        assert_eq!(Heaps::parse("1x1000000000").unwrap().ones(), 1_000_000_000);
        // Heaps of 1 or 2 are counted, up to a count JavaScript holds exactly.
        let most = Heaps::parse("1x4294967295,2x4294967295").unwrap();
        assert_eq!(
            (most.ones(), most.twos()),
            (u32::MAX.into(), u32::MAX.into())
        );
        for past in ["1x99999999999999999", "2x4294967296", "1x4294967295,1"] {
            let e = Heaps::parse(past).unwrap_err();
            assert_eq!(e.code(), "heaps.too_many", "{past}");
            assert_eq!(e.params()[1], ("max", MAX_SET_ASIDE.into()), "{past}");
        }
        assert_eq!(Heaps::parse("3x5000").unwrap_err().code(), "heaps.too_many");
        assert_eq!(Heaps::parse("0").unwrap_err().code(), "heaps.empty_heap");
        assert_eq!(
            Heaps::parse("5,-3").unwrap_err().code(),
            "heaps.not_a_number"
        );
        assert_eq!(Heaps::parse("7x").unwrap_err().code(), "heaps.not_a_number");
        assert_eq!(Heaps::parse(" ").unwrap_err().code(), "heaps.none");
        assert_eq!(
            Heaps::parse("16777217").unwrap_err().code(),
            "heaps.too_large"
        );
    }

    #[test]
    fn heaps_of_one_and_two_are_set_aside() {
        let h = Heaps::from_list(&[7, 2, 1, 5]).unwrap();
        assert_eq!((h.live(), h.ones(), h.twos()), (&[7, 5][..], 1, 1));
        let next = h
            .apply(Split {
                heap: 0,
                big: 5,
                small: 2,
            })
            .unwrap();
        assert_eq!((next.live(), next.twos()), (&[5, 5][..], 2));
        assert_eq!(next.matches(), h.matches());
        let next = next
            .apply(Split {
                heap: 1,
                big: 4,
                small: 1,
            })
            .unwrap();
        assert_eq!(next.live(), &[5, 4]);
        assert_eq!(next.to_list(), [5, 4, 2, 2, 1, 1]);
        assert!(Heaps::from_list(&[2, 1, 1]).unwrap().is_over());
        assert_eq!(
            h.apply(Split {
                heap: 1,
                big: 3,
                small: 1
            })
            .unwrap_err()
            .code(),
            "split.wrong_sum"
        );
    }

    #[test]
    fn splits_are_checked() {
        let h = [7, 2, 6];
        assert_eq!(
            apply(
                &h,
                Split {
                    heap: 0,
                    big: 4,
                    small: 3
                }
            )
            .unwrap(),
            vec![4, 3, 2, 6]
        );
        assert!(check_split(
            &h,
            Split {
                heap: 1,
                big: 1,
                small: 1
            }
        )
        .unwrap_err()
        .to_string()
        .contains("cannot be split"));
        assert!(check_split(
            &h,
            Split {
                heap: 2,
                big: 3,
                small: 3
            }
        )
        .unwrap_err()
        .to_string()
        .contains("equal"));
        assert!(check_split(
            &h,
            Split {
                heap: 0,
                big: 5,
                small: 3
            }
        )
        .unwrap_err()
        .to_string()
        .contains("add up"));
        assert!(check_split(
            &h,
            Split {
                heap: 9,
                big: 5,
                small: 3
            }
        )
        .unwrap_err()
        .to_string()
        .contains("no heap 10"));
    }
}
