//! Positions of Grundy's game: a list of heaps, and the split moves between them.

use std::fmt;

/// Largest heap accepted anywhere (2^24 matches): the Grundy-value table for
/// it takes 32 MiB and a few seconds, past that the page would stall.
pub const MAX_HEAP: u32 = 1 << 24;

/// Most heaps in one position; a single heap of [`MAX_HEAP`] never gets there
/// in a real game, and the limit keeps absurd input from allocating.
pub const MAX_HEAPS: usize = 4096;

/// Why a list of heaps or a move was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapsError(pub String);

impl fmt::Display for HeapsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for HeapsError {}

/// One move: heap number `heap` (0-based index in the list) is split into
/// `big + small` matches, with `big > small > 0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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

/// Checks a list of heaps: at least one heap, each between 1 and [`MAX_HEAP`].
pub fn check_heaps(heaps: &[u32]) -> Result<(), HeapsError> {
    if heaps.is_empty() {
        return Err(HeapsError("a position needs at least one heap".into()));
    }
    if heaps.len() > MAX_HEAPS {
        return Err(HeapsError(format!(
            "{} heaps is too many (at most {MAX_HEAPS})",
            heaps.len()
        )));
    }
    for (i, &h) in heaps.iter().enumerate() {
        if h == 0 {
            return Err(HeapsError(format!(
                "heap {} is empty: every heap has at least 1 match",
                i + 1
            )));
        }
        if h > MAX_HEAP {
            return Err(HeapsError(format!(
                "heap {} has {h} matches, more than the largest supported heap ({MAX_HEAP})",
                i + 1
            )));
        }
    }
    Ok(())
}

/// Checks that `split` is legal in `heaps`, explaining why not.
pub fn check_split(heaps: &[u32], split: Split) -> Result<(), HeapsError> {
    let Some(&n) = heaps.get(split.heap) else {
        return Err(HeapsError(format!(
            "there is no heap {} (the position has {} heaps)",
            split.heap + 1,
            heaps.len()
        )));
    };
    if n <= 2 {
        return Err(HeapsError(format!(
            "a heap of {n} cannot be split: its two parts would have to be different and non-empty"
        )));
    }
    if split.small == 0 || split.big == 0 {
        return Err(HeapsError("both parts of a split must be non-empty".into()));
    }
    if u64::from(split.big) + u64::from(split.small) != u64::from(n) {
        return Err(HeapsError(format!(
            "{} + {} is not {n}: the two parts must add up to the heap",
            split.big, split.small
        )));
    }
    if split.big == split.small {
        return Err(HeapsError(format!(
            "{n} cannot be split into two equal heaps of {}",
            split.big
        )));
    }
    if split.big < split.small {
        return Err(HeapsError("the larger part comes first".into()));
    }
    Ok(())
}

/// The position after `split`: the split heap is replaced, in place, by its
/// larger part, and the smaller part goes right after it (so heap indices
/// before it do not move, which keeps the drawing stable).
pub fn apply(heaps: &[u32], split: Split) -> Result<Vec<u32>, HeapsError> {
    check_split(heaps, split)?;
    let mut next = Vec::with_capacity(heaps.len() + 1);
    next.extend_from_slice(&heaps[..split.heap]);
    next.push(split.big);
    next.push(split.small);
    next.extend_from_slice(&heaps[split.heap + 1..]);
    Ok(next)
}

/// Parses a list of heaps written with spaces, commas, `+` or semicolons
/// between the numbers (`"17, 5"`, `"7 3"`, `"[7, 3]"`).
pub fn parse_heaps(text: &str) -> Result<Vec<u32>, HeapsError> {
    let inner = text.trim();
    let inner = inner
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .unwrap_or(inner);
    let mut heaps = Vec::new();
    for (i, word) in inner
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';' || c == '+')
        .filter(|w| !w.is_empty())
        .enumerate()
    {
        if !word.bytes().all(|b| b.is_ascii_digit()) {
            return Err(HeapsError(format!(
                "heap {}: \"{word}\" is not a whole number of matches",
                i + 1
            )));
        }
        let value: u64 = word.parse().unwrap_or(u64::MAX);
        if value > u64::from(MAX_HEAP) {
            return Err(HeapsError(format!(
                "heap {}: {word} matches is more than the largest supported heap ({MAX_HEAP})",
                i + 1
            )));
        }
        heaps.push(value as u32);
        if heaps.len() > MAX_HEAPS {
            return Err(HeapsError(format!("too many heaps (at most {MAX_HEAPS})")));
        }
    }
    check_heaps(&heaps)?;
    Ok(heaps)
}

/// Writes heaps the way [`parse_heaps`] reads them: `"17, 5"`.
pub fn format_heaps(heaps: &[u32]) -> String {
    heaps
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
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
    fn parse_and_format_round_trip() {
        assert_eq!(parse_heaps("17, 5").unwrap(), vec![17, 5]);
        assert_eq!(parse_heaps(" [7 3] ").unwrap(), vec![7, 3]);
        assert_eq!(parse_heaps("7+3+1").unwrap(), vec![7, 3, 1]);
        assert_eq!(format_heaps(&[17, 5]), "17, 5");
    }

    #[test]
    fn bad_heaps_are_explained() {
        assert!(parse_heaps("").unwrap_err().0.contains("at least one heap"));
        assert!(parse_heaps("3, x").unwrap_err().0.contains("\"x\""));
        assert!(parse_heaps("3, -4").unwrap_err().0.contains("\"-4\""));
        assert!(parse_heaps("0").unwrap_err().0.contains("empty"));
        assert!(parse_heaps("99999999999999999999")
            .unwrap_err()
            .0
            .contains("largest"));
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
        .0
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
        .0
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
        .0
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
        .0
        .contains("no heap 10"));
    }
}
