//! How much a game tells about its positions, the same for every game: a
//! teacher's link may turn hints off or limit them, and the session (not the
//! page) keeps to it, so a snapshot only holds what the level reveals.
//!
//! Also what every game's analysis shares: the value of a position for the
//! player to move, the mark of a move played (kept the win, or gave it away)
//! and the value history of a game, built from what was noted of each move.

use crate::error::{Coded, InputError, Params, Report};
use serde::Serialize;
use std::fmt;

/// What a game may tell about its positions, from nothing to everything.
/// Each level includes the ones before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reveal {
    /// Nothing: no hint, no value, no mark.
    Off,
    /// Who is winning (the outcome of each position) and which moves gave a win away.
    Outcome,
    /// Also the winning moves: the hint, and win or lose on every move.
    Moves,
    /// Also the numbers: remoteness, Grundy values and nim-sums.
    Values,
    /// Also the explanations: "Why?" for any move.
    Explain,
}

/// Names of the levels, as the URL and the attribute write them, in order.
pub const REVEALS: &[&str] = &["off", "outcome", "moves", "values", "explain"];

impl Reveal {
    /// Reads one of [`REVEALS`].
    pub fn parse(text: &str) -> Option<Reveal> {
        match text {
            "off" => Some(Reveal::Off),
            "outcome" => Some(Reveal::Outcome),
            "moves" => Some(Reveal::Moves),
            "values" => Some(Reveal::Values),
            "explain" => Some(Reveal::Explain),
            _ => None,
        }
    }

    /// Its name in [`REVEALS`].
    pub fn name(self) -> &'static str {
        REVEALS[self as usize]
    }

    /// `Ok` when this level shows what `need` shows, else `refusal`.
    pub fn require(self, need: Reveal, refusal: RevealError) -> Result<(), RevealError> {
        if self >= need {
            Ok(())
        } else {
            Err(refusal)
        }
    }
}

/// The level chosen in a page, kept by a session: it may lower what a game
/// reveals, never raise it past the game's limit (a teacher's link).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Chosen(Option<Reveal>);

impl Chosen {
    /// A page's choice (`None`: none, the game's limit is shown), such as an
    /// address's `shown` gives it.
    pub fn of(level: Option<Reveal>) -> Chosen {
        Chosen(level)
    }

    /// What an address writes in `shown` for a game limited to `limit`:
    /// the level in force, when it is below the limit.
    pub fn shown(self, limit: Reveal) -> Option<Reveal> {
        Some(self.within(limit)).filter(|&level| level != limit)
    }

    /// The level in force for a game limited to `limit`.
    pub fn within(self, limit: Reveal) -> Reveal {
        self.0.map_or(limit, |r| r.min(limit))
    }

    /// Chooses the level named `name`, refused above `limit`.
    pub fn set(&mut self, name: &str, limit: Reveal) -> Result<(), Report> {
        self.0 = Some(choose(name, limit)?);
        Ok(())
    }
}

/// The level named `name` when it is within `limit`: the level chosen in a
/// page, which may lower what a game reveals but not raise it past its link.
pub fn choose(name: &str, limit: Reveal) -> Result<Reveal, Report> {
    let level = Reveal::parse(name).ok_or_else(|| {
        Report::of(&InputError::Unknown {
            field: "reveal".into(),
            value: name.into(),
            expected: "off, outcome, moves, values, explain".into(),
        })
    })?;
    if level > limit {
        return Err(Report::of(&RevealError::Limit));
    }
    Ok(level)
}

/// A request for more than the game's reveal level shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RevealError {
    /// The hint needs the winning moves.
    Hint,
    /// "Why?" needs the explanations.
    Why,
    /// The values of splits need at least the winning moves.
    Splits,
    /// A level above the one the game was started with (a teacher's link).
    Limit,
}

impl fmt::Display for RevealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RevealError::Hint => "the hint is off at this reveal level",
            RevealError::Why => "explanations are off at this reveal level",
            RevealError::Splits => "the values of splits are off at this reveal level",
            RevealError::Limit => "the link that opened this game does not reveal that much",
        })
    }
}

impl Coded for RevealError {
    fn code(&self) -> &'static str {
        match self {
            RevealError::Hint => "reveal.hint",
            RevealError::Why => "reveal.why",
            RevealError::Splits => "reveal.splits",
            RevealError::Limit => "reveal.limit",
        }
    }

    fn params(&self) -> Params {
        vec![]
    }
}

/// Codes of [`RevealError`].
pub const CODES: &[&str] = &["reveal.hint", "reveal.why", "reveal.splits", "reveal.limit"];

/// What is known of a position for the player to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Value {
    /// Whether the player to move wins with perfect play (`None`: unknown or not shown).
    pub win: Option<bool>,
    /// Moves left with perfect play, the winner hurrying and the loser delaying.
    pub remoteness: Option<u32>,
}

impl Value {
    /// What `level` lets a player see of it.
    pub fn shown(self, level: Reveal) -> Value {
        Value {
            win: self.win.filter(|_| level >= Reveal::Outcome),
            remoteness: self.remoteness.filter(|_| level >= Reveal::Values),
        }
    }
}

/// The mark of a move played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// Kept a win, or resisted as long as possible in a lost position.
    Good,
    /// Gave a win away: the opponent was handed a won position.
    Mistake,
}

/// What a game noted of a move when it was played, as the analysis reads it.
pub trait Noted {
    /// The position before the move, for its mover.
    fn before(&self) -> Value;
    /// The position after the move, for the next mover.
    fn after(&self) -> Value;
    /// The remoteness after the best move of the mover's side (the fastest
    /// win, or the longest resistance when lost), when known.
    fn best(&self) -> Option<u32>;
}

/// A move's mark and how many moves slower (a win) or shorter (a
/// resistance) than the best it was, as far as `level` shows them.
pub fn judge(note: &impl Noted, level: Reveal) -> (Option<Mark>, Option<u32>) {
    if level < Reveal::Outcome {
        return (None, None);
    }
    let after = note.after();
    let same_side = note
        .best()
        .zip(after.remoteness)
        .map(|(b, r)| b.abs_diff(r));
    let (mark, delta) = match (note.before().win, after.win) {
        // A won position handed over: the move's value is on the other side.
        (Some(true), Some(true)) => (Some(Mark::Mistake), None),
        (Some(true), Some(false)) => (Some(Mark::Good), same_side),
        (Some(false), _) => ((same_side == Some(0)).then_some(Mark::Good), same_side),
        _ => (None, None),
    };
    (mark, delta.filter(|_| level >= Reveal::Values))
}

/// The value of every position of a game line (before each move, then after
/// the last), as far as `level` shows them; empty when it shows nothing.
pub fn history<'a, N: Noted + 'a>(notes: impl Iterator<Item = &'a N>, level: Reveal) -> Vec<Value> {
    if level < Reveal::Outcome {
        return Vec::new();
    }
    let mut points = Vec::new();
    let mut last = None;
    for note in notes {
        points.push(note.before().shown(level));
        last = Some(note.after().shown(level));
    }
    points.extend(last);
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Note(Value, Value, Option<u32>);
    impl Noted for Note {
        fn before(&self) -> Value {
            self.0
        }
        fn after(&self) -> Value {
            self.1
        }
        fn best(&self) -> Option<u32> {
            self.2
        }
    }

    fn v(win: bool, r: u32) -> Value {
        Value {
            win: Some(win),
            remoteness: Some(r),
        }
    }

    #[test]
    fn levels_are_ordered_and_named() {
        for (i, name) in REVEALS.iter().enumerate() {
            let level = Reveal::parse(name).unwrap();
            assert_eq!(level as usize, i);
            assert_eq!(level.name(), *name);
        }
        assert!(Reveal::Off < Reveal::Explain);
        assert_eq!(Reveal::parse("all"), None);
        let refused = Reveal::Outcome.require(Reveal::Moves, RevealError::Hint);
        assert_eq!(refused.unwrap_err().code(), "reveal.hint");
    }

    #[test]
    fn marks_say_kept_wins_resistance_and_mistakes() {
        // Kept a win, 2 moves slower than the fastest.
        let kept = Note(v(true, 7), v(false, 8), Some(6));
        assert_eq!(judge(&kept, Reveal::Values), (Some(Mark::Good), Some(2)));
        assert_eq!(judge(&kept, Reveal::Moves), (Some(Mark::Good), None));
        assert_eq!(judge(&kept, Reveal::Off), (None, None));
        // Gave the win away.
        let gave = Note(v(true, 7), v(true, 4), Some(6));
        assert_eq!(judge(&gave, Reveal::Explain), (Some(Mark::Mistake), None));
        // Lost anyway: the longest resistance is good, a shorter one is not marked.
        let longest = Note(v(false, 8), v(true, 7), Some(7));
        assert_eq!(judge(&longest, Reveal::Values), (Some(Mark::Good), Some(0)));
        let shorter = Note(v(false, 8), v(true, 3), Some(7));
        assert_eq!(judge(&shorter, Reveal::Values), (None, Some(4)));
        let unknown = Note(Value::default(), Value::default(), None);
        assert_eq!(judge(&unknown, Reveal::Explain), (None, None));
    }

    #[test]
    fn history_lists_every_position_as_far_as_shown() {
        let notes = [
            Note(v(true, 3), v(true, 2), None),
            Note(v(true, 2), v(false, 1), None),
        ];
        let h = history(notes.iter(), Reveal::Values);
        assert_eq!(h, [v(true, 3), v(true, 2), v(false, 1)]);
        let h = history(notes.iter(), Reveal::Outcome);
        assert_eq!(
            h[2],
            Value {
                win: Some(false),
                remoteness: None
            }
        );
        assert!(history(notes.iter(), Reveal::Off).is_empty());
        assert!(history(std::iter::empty::<&Note>(), Reveal::Values).is_empty());
    }
}
