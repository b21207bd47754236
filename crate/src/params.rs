//! Reading a game's settings from name/value pairs (a URL's parameters, an
//! element's attributes, a form), the same way for every game: a value that
//! cannot be used is a [`Problem`] naming it, why, and what was used instead.

use crate::error::{Coded, InputError, Report};
use crate::reveal::{self, Reveal, REVEALS};
use crate::turns::{GamePosition, Player, Turns};
use serde::Serialize;

/// A setting that was not used as given: its name and value, why, and what
/// was used instead.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Problem {
    /// The parameter's name (`rows`, `position`, `rows×cols`, …).
    pub name: String,
    /// The value as given.
    pub value: String,
    /// Why it was not used.
    pub reason: Report,
    /// What was used instead (a number, a name, a size such as `30×30`;
    /// empty when the reason says it).
    pub used: String,
    /// True when the full bar was played instead of the position given.
    pub used_full_bar: bool,
    /// True when the value was used up to the place its reason names (a
    /// record's moves before the first that cannot be played): not ignored.
    pub partly_used: bool,
}

impl Problem {
    /// A setting not used at all, and why (nothing was used instead).
    pub fn unused(name: &str, value: &str, reason: Report) -> Problem {
        Problem {
            name: name.into(),
            value: value.into(),
            reason,
            used: String::new(),
            used_full_bar: false,
            partly_used: false,
        }
    }

    /// A record played up to its first move that cannot be played, which
    /// `reason` names (the moves before it are kept).
    pub fn cut_short(name: &str, value: &str, reason: Report) -> Problem {
        Problem {
            partly_used: true,
            ..Problem::unused(name, value, reason)
        }
    }
}

/// What every game's snapshot carries for the page's addresses: the
/// settings the last start could not use, the pairs that start the game
/// again and those that open the position on the board, and the record
/// (written into the snapshot field by field, or flattened by serde).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameLinks {
    /// Settings that could not be used as given (only after a start).
    pub problems: Vec<Problem>,
    /// The pairs that start this game again (for the address bar).
    pub start_params: Vec<(String, String)>,
    /// The pairs that open this very position, same player to move (for a shared link).
    pub here_params: Vec<(String, String)>,
    /// The moves on the board as a record: the `moves` value that replays
    /// this game from its start.
    pub record: String,
    /// The pairs that bring this very game back as it stands (for the
    /// address bar, so a reload or a bookmark lands on it): the start, every
    /// move of the line in `moves` (those undone too), `at` when the board is
    /// not at the line's end or the computer waits there, and `shown` when
    /// the page shows less than the game may reveal.
    pub game_params: Vec<(String, String)>,
}

crate::flat::fields!(GameLinks {
    problems,
    start_params,
    here_params,
    record,
    game_params
});

/// [`GameLinks::game_params`]: `start` (the pairs that start the game),
/// then the game line's record `line`, where the board is in it and what the
/// page shows of it.
pub fn game_params<P: GamePosition, N: Clone>(
    start: &[(String, String)],
    line: String,
    turns: &Turns<P, N>,
    shown: Option<Reveal>,
) -> Vec<(String, String)> {
    let mut out = start.to_vec();
    if !line.is_empty() {
        out.push(("moves".into(), line));
    }
    if let Some(at) = resume_ply(turns) {
        out.push(("at".into(), at.to_string()));
    }
    if let Some(level) = shown {
        out.push(("shown".into(), level.name().into()));
    }
    out
}

/// The `at` an address needs to come back to the board as it is: the moves
/// on it, when the line goes on past them (after undo or a jump) or when the
/// computer waits to be asked (after a jump); `None` at the line's end.
pub fn resume_ply<P: GamePosition, N: Clone>(turns: &Turns<P, N>) -> Option<usize> {
    (turns.ply() < turns.line().len() || turns.computer_waits()).then_some(turns.ply())
}

/// Brings a replayed line to `at` moves, as an address's `at` asks: a jump,
/// so on the computer's turn it waits to be asked, as it did when the
/// address was written. Past the line's end, the problem (the end is kept).
pub fn resume_at<P: GamePosition, N: Clone>(
    turns: &mut Turns<P, N>,
    at: Option<usize>,
) -> Option<Problem> {
    let at = at?;
    let end = turns.line().len();
    if at > end {
        let e = InputError::NotWhole {
            field: "at".into(),
            value: at.to_string(),
            min: 0,
            max: end as u64,
        };
        return Some(Problem {
            used: end.to_string(),
            ..Problem::unused("at", &at.to_string(), Report::of(&e))
        });
    }
    turns.jump(at);
    None
}

/// Pairs from string slices (for tests).
#[cfg(test)]
pub(crate) fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Names of who moves first.
pub const FIRSTS: &[&str] = &["human", "computer"];

/// The name of who moves first, as [`FIRSTS`] writes it.
pub fn first_name(first: Player) -> &'static str {
    match first {
        Player::One => "human",
        Player::Two => "computer",
    }
}

/// The largest seed: it round-trips through JavaScript numbers and links.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// Reads pairs, collecting the problems.
pub struct ParamReader<'a> {
    pairs: &'a [(String, String)],
    /// Every name this game reads: the documentation's tables are checked
    /// against it, so a name read here but missing there must fail a test.
    table: &'static [&'static str],
    problems: Vec<Problem>,
}

impl<'a> ParamReader<'a> {
    /// A reader of `pairs` (later pairs of the same name win) for a game
    /// whose parameters are `table`.
    pub fn new(pairs: &'a [(String, String)], table: &'static [&'static str]) -> Self {
        ParamReader {
            pairs,
            table,
            problems: Vec::new(),
        }
    }

    /// The value of `name`, if given.
    #[inline(never)]
    pub fn get(&self, name: &str) -> Option<&'a str> {
        // A name outside the game's table would be read but documented nowhere.
        debug_assert!(
            self.table.contains(&name),
            "parameter `{name}` is missing from the game's table"
        );
        self.pairs
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Records that `name=value` was not used, why, and what was instead.
    #[inline(never)]
    pub fn report(&mut self, name: &str, value: &str, reason: &dyn Coded, used: String) {
        self.problems.push(Problem {
            name: name.to_string(),
            value: value.to_string(),
            reason: Report::of(reason),
            used,
            used_full_bar: false,
            partly_used: false,
        });
    }

    /// Records a problem as it is.
    pub fn push(&mut self, problem: Problem) {
        self.problems.push(problem);
    }

    /// `name` read by `read`, or `None` (absent, or reported with nothing used).
    pub fn parsed<T, E: Coded>(
        &mut self,
        name: &str,
        read: impl FnOnce(&str) -> Result<T, E>,
    ) -> Option<T> {
        let value = self.get(name)?;
        match read(value) {
            Ok(v) => Some(v),
            Err(e) => {
                self.report(name, value, &e, String::new());
                None
            }
        }
    }

    /// One of `names`, read by `parse`; `default` (named `default_name`) otherwise.
    pub fn choice<T>(
        &mut self,
        name: &str,
        names: &[&str],
        parse: impl Fn(&str) -> Option<T>,
        default: T,
        default_name: &str,
    ) -> T {
        let Some(value) = self.get(name) else {
            return default;
        };
        match parse(value) {
            Some(v) => v,
            None => {
                let e = InputError::Unknown {
                    field: name.into(),
                    value: value.into(),
                    expected: names.join(", "),
                };
                self.report(name, value, &e, default_name.into());
                default
            }
        }
    }

    /// `first`: who moves first (`human` or `computer`); player 1 by default.
    #[inline(never)]
    pub fn first(&mut self) -> Player {
        let parse = |v: &str| match v {
            "human" => Some(Player::One),
            "computer" => Some(Player::Two),
            _ => None,
        };
        self.choice("first", FIRSTS, parse, Player::One, "human")
    }

    /// `reveal`: what the game may tell (one of [`REVEALS`]); everything by default.
    #[inline(never)]
    pub fn reveal(&mut self) -> Reveal {
        let all = Reveal::Explain;
        self.choice("reveal", REVEALS, Reveal::parse, all, all.name())
    }

    /// `seed`: the computer's random seed, a whole number up to [`MAX_SEED`].
    #[inline(never)]
    pub fn seed(&mut self) -> Option<u64> {
        self.parsed("seed", |value| {
            let text = value.trim();
            match text.parse::<u64>() {
                Ok(n) if n <= MAX_SEED && text.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
                _ => Err(InputError::NotWhole {
                    field: "seed".into(),
                    value: value.into(),
                    min: 0,
                    max: MAX_SEED,
                }),
            }
        })
    }

    /// `at`: how many moves of the record are on the board (see
    /// [`resume_at`]; checked against the record once it is replayed).
    #[inline(never)]
    pub fn at(&mut self) -> Option<usize> {
        self.parsed("at", |value| {
            let text = value.trim();
            match text.parse::<u32>() {
                Ok(n) if text.bytes().all(|b| b.is_ascii_digit()) => Ok(n as usize),
                _ => Err(InputError::NotWhole {
                    field: "at".into(),
                    value: value.into(),
                    min: 0,
                    max: u32::MAX.into(),
                }),
            }
        })
    }

    /// `shown`: the reveal level chosen in the page, at most `limit` (the
    /// game's `reveal`); above it, the limit is used and said.
    #[inline(never)]
    pub fn shown(&mut self, limit: Reveal) -> Option<Reveal> {
        let value = self.get("shown")?;
        match reveal::choose(value, limit) {
            Ok(level) => Some(level),
            Err(reason) => {
                self.push(Problem {
                    used: limit.name().into(),
                    ..Problem::unused("shown", value, reason)
                });
                None
            }
        }
    }

    /// The problems found, then each name the game does not read (once,
    /// with its last value: a link's typo or another page's setting would
    /// otherwise start the default game and say nothing) and each earlier
    /// value of a name it reads given again later (`chomp=3x3&chomp=2x2` on
    /// the sum page plays one board, not the two the link seems to ask
    /// for); with `strict`, the first one as an error instead.
    #[inline(never)]
    pub fn finish(mut self, strict: bool) -> Result<Vec<Problem>, Report> {
        for (i, (name, value)) in self.pairs.iter().enumerate() {
            let later = self.pairs[i + 1..].iter().any(|(k, _)| k == name);
            let read = self.table.contains(&name.as_str());
            if let (true, Some(last)) = (later, read.then(|| self.get(name)).flatten()) {
                // A report of its own, not an `InputError`: a variant there
                // costs every match on those errors, and the study module
                // its budget.
                let reason = Report {
                    code: "input.repeated",
                    message: format!(
                        "{name} is given more than once: only its last value, \"{last}\", is read"
                    ),
                    params: vec![("field", name.clone().into()), ("last", last.into())],
                };
                // Nothing "used instead": the reason names the value read,
                // whose own problem (if any) says what it gave.
                self.problems.push(Problem::unused(name, value, reason));
            }
            if later || read {
                continue;
            }
            let e = InputError::NotAParameter {
                field: name.clone(),
                value: value.clone(),
                expected: self.table.join(", "),
            };
            self.problems
                .push(Problem::unused(name, value, Report::of(&e)));
        }
        match self.problems.first() {
            Some(p) if strict => Err(p.reason.clone()),
            _ => Ok(self.problems),
        }
    }
}

/// Checks a game's [`ParamReader`] table against its reader (for the games'
/// tests): each name given a value no game accepts is reported under that
/// name, so every name in the table is really read (and `get` asserts the
/// converse).
#[cfg(test)]
pub(crate) fn assert_every_param_is_read(
    table: &[&str],
    read: impl Fn(&[(String, String)]) -> Vec<Problem>,
) {
    for name in table {
        let problems = read(&pairs(&[(name, "\u{1}?")]));
        assert!(
            problems.iter().any(|p| p.name == *name),
            "`{name}` is in the table but a bad value of it is not reported: {problems:?}"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_pairs_win_and_problems_say_what_was_used() {
        let p = pairs(&[("first", "computer"), ("first", "robot"), ("seed", "12")]);
        let mut r = ParamReader::new(&p, &["first", "seed"]);
        assert_eq!(r.first(), Player::One);
        assert_eq!(r.seed(), Some(12));
        let problems = r.finish(false).unwrap();
        assert_eq!(problems.len(), 2);
        assert_eq!(problems[0].used, "human");
        assert_eq!(problems[0].reason.code, "input.unknown");
        // The earlier value is said to be left, and which one was read.
        assert_eq!(problems[1].value, "computer");
        assert_eq!(problems[1].reason.code, "input.repeated");
        assert!(problems[1].reason.message.contains("\"robot\""));
        // Repeated with the same value too (the sum page's
        // `chomp=3x3&chomp=3x3` plays one board); a name the game does not
        // read is said once, with its last value.
        let p = pairs(&[("seed", "5"), ("seed", "5"), ("sede", "1"), ("sede", "2")]);
        let problems = ParamReader::new(&p, &["seed"]).finish(false).unwrap();
        let codes: Vec<_> = problems
            .iter()
            .map(|p| (p.reason.code, p.value.as_str()))
            .collect();
        assert_eq!(codes, [("input.repeated", "5"), ("input.not_param", "2")]);
        assert_eq!(
            ParamReader::new(&p, &["seed"])
                .finish(true)
                .unwrap_err()
                .code,
            "input.repeated"
        );
        let p = pairs(&[("seed", "9007199254740992")]);
        let mut r = ParamReader::new(&p, &["seed"]);
        assert_eq!(r.seed(), None);
        assert_eq!(r.finish(true).unwrap_err().code, "input.not_whole");
    }

    #[test]
    #[should_panic(expected = "missing from the game's table")]
    fn a_name_outside_the_table_is_caught() {
        ParamReader::new(&[], &["seed"]).get("sede");
    }
}
