//! One game of a heap game as the page plays it, under any [`Rule`] and in
//! normal or misère play (Grundy's game when no rule is given): what decides
//! it (values or a solved search), the course of the game, and a snapshot
//! after each request.

use super::explain::{self, Why};
use super::heaps::{
    GrundyError, HeapMove, Heaps, MAX_HEAP, MAX_HEAPS, MISERE_MAX_POSITIONS, MISERE_MAX_TOKENS,
};
use super::play::{GrundyLevel, Solver};
use super::rule::Rule;
use super::table::ValueTable;
use crate::error::{Coded, Report};
use crate::params::{first_name, game_params, resume_at, GameLinks, ParamReader, FIRSTS};
use crate::reveal::{self, Mark, Noted, Reveal, RevealError, Value, REVEALS};
use crate::rng::Rng;
use crate::turns::{GameLine, Player, TurnError, Turns, TurnsView};
use serde::Serialize;
use std::fmt;

/// Who plays player 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// The computer at one of its levels.
    Computer(GrundyLevel),
    /// A second person on the same device.
    Human,
}

/// Names of the opponents, as the URL and the form write them.
pub const OPPONENTS: &[&str] = &["perfect", "seed", "random", "human"];

impl Opponent {
    /// Reads one of [`OPPONENTS`] (`original` is read as `seed`).
    pub fn parse(text: &str) -> Option<Opponent> {
        match text {
            "human" => Some(Opponent::Human),
            other => GrundyLevel::parse(other).map(Opponent::Computer),
        }
    }

    /// Its name in [`OPPONENTS`].
    pub fn name(self) -> &'static str {
        match self {
            Opponent::Computer(GrundyLevel::Perfect) => "perfect",
            Opponent::Computer(GrundyLevel::Seed) => "seed",
            Opponent::Computer(GrundyLevel::Random) => "random",
            Opponent::Human => "human",
        }
    }
}

/// The heap played when nothing else is asked for.
pub const DEFAULT_HEAP: u32 = 20;

/// A game to start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The heaps on the table at the start, with the rule and whether the
    /// game is misère.
    pub heaps: Heaps,
    /// Who moves first.
    pub first: Player,
    /// Who player 2 is.
    pub opponent: Opponent,
    /// Moves to replay from the start (a game record), checked when played.
    pub moves: Vec<RecordMove>,
    /// The seed of the computer's random choices, when one was asked for.
    pub seed: Option<u64>,
    /// The most the game may reveal (a teacher's link may limit it).
    pub reveal: Reveal,
    /// Moves of `moves` on the board, when not all of them (an address's
    /// `at`: the rest can be redone).
    pub at: Option<usize>,
    /// The reveal level the page showed, below `reveal` (an address's `shown`).
    pub shown: Option<Reveal>,
}

/// Why a record cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// A word that is not a move.
    Syntax {
        /// Its place in the record, from 1.
        index: usize,
        /// The text found.
        text: String,
    },
    /// A move that cannot be played where it comes.
    Illegal {
        /// Its place in the record, from 1.
        index: usize,
        /// The move.
        mv: RecordMove,
    },
    /// The same, in a record read strictly: nothing of it is played.
    Refused {
        /// Its place in the record, from 1.
        index: usize,
        /// The move.
        mv: RecordMove,
    },
    /// A record line without its heaps and a colon before the moves.
    Header,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Syntax { index, text } => write!(
                f,
                "move {index} of the record is \"{text}\": write each split as big+small, such as 13+7 (and a take as heap-take, 7-3, or heap-take=big+small, 10-2=5+3)"
            ),
            RecordError::Illegal { index, mv } => write!(
                f,
                "move {index} of the record ({mv}) cannot be played there: no heap of {} allows it; the moves before it are kept",
                mv.size()
            ),
            RecordError::Refused { index, mv } => write!(
                f,
                "move {index} of the record ({mv}) cannot be played there: the record was not loaded"
            ),
            RecordError::Header => f.write_str(
                "a record starts with its heaps and a colon, such as 20: 13+7 9+4 (another game's with its rule: kayles 10: 10-2=5+3)",
            ),
        }
    }
}

impl Coded for RecordError {
    fn code(&self) -> &'static str {
        match self {
            RecordError::Syntax { .. } => "record.split_syntax",
            RecordError::Illegal { .. } => "record.split_illegal",
            RecordError::Refused { .. } => "record.split_refused",
            RecordError::Header => "record.split_header",
        }
    }

    fn params(&self) -> crate::error::Params {
        match self {
            RecordError::Syntax { index, text } => {
                vec![("index", (*index).into()), ("text", text.clone().into())]
            }
            RecordError::Illegal { index, mv } | RecordError::Refused { index, mv } => vec![
                ("index", (*index).into()),
                ("move", mv.to_string().into()),
                ("size", mv.size().into()),
            ],
            RecordError::Header => vec![],
        }
    }
}

/// Codes of [`RecordError`].
pub const CODES: &[&str] = &[
    "record.split_syntax",
    "record.split_illegal",
    "record.split_refused",
    "record.split_header",
];

/// A move as a record writes it, on the `nth` live heap of its size: a
/// split taking nothing `big+small` (`13+7`; `13+7@2` for the second heap
/// of 20, `@1` left out), a take leaving one heap or none `size-take`
/// (`7-3` leaves 4, `7-7` takes all), a take leaving two heaps
/// `size-take=big+small` (`10-2=5+3`). Heaps of one size are
/// interchangeable, but the drawing keeps their order, so replaying a
/// record must move in the same one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordMove {
    /// Tokens taken.
    pub take: u32,
    /// The larger heap left (0: none).
    pub big: u32,
    /// The smaller heap left (0: at most one).
    pub small: u32,
    /// Which heap of its size, counted from 1 among the live heaps.
    pub nth: u32,
}

/// Grundy's splits as records write them (the sum's records use them).
pub type RecordSplit = RecordMove;

impl RecordMove {
    /// The heap moved in.
    pub fn size(&self) -> u32 {
        self.take + self.big + self.small
    }

    /// The record's form of `mv` played in `position`.
    pub fn of(position: &Heaps, mv: HeapMove) -> RecordMove {
        let size = position.live()[mv.heap];
        let nth = 1 + position.live()[..mv.heap]
            .iter()
            .filter(|&&h| h == size)
            .count() as u32;
        RecordMove {
            take: mv.take,
            big: mv.big,
            small: mv.small,
            nth,
        }
    }

    /// Reads one word of a record (see [`parse_moves`]): its numbers and
    /// the signs between them, `13+7`, `7-3`, `10-2=5+3`, maybe `@2`.
    #[inline(never)]
    fn parse(word: &str, dash_splits: bool) -> Option<RecordMove> {
        let (mut numbers, mut signs, mut digits) = (Vec::<u32>::new(), String::new(), false);
        for c in word.chars() {
            match (c.to_digit(10), numbers.last_mut()) {
                (Some(d), Some(n)) if digits => *n = n.saturating_mul(10).saturating_add(d),
                (Some(d), _) => numbers.push(d),
                // A sign comes between two numbers.
                (None, _) if digits => signs.push(c),
                (None, _) => return None,
            }
            digits = c.is_ascii_digit();
        }
        if !digits || numbers.iter().any(|&n| n > MAX_HEAP) {
            return None;
        }
        let mut nth = 1;
        if signs.ends_with('@') {
            signs.pop();
            nth = numbers.pop().filter(|&n| n > 0)?;
        }
        let ok = |c: bool| c.then_some(());
        let (take, big, small) = match (signs.as_str(), &numbers[..]) {
            ("-", &[size, take]) if !dash_splits => {
                ok((1..=size).contains(&take))?;
                (take, size - take, 0)
            }
            ("-=", &[size, take, big]) => {
                ok(big > 0 && size == take + big)?;
                (take, big, 0)
            }
            ("-=+", &[size, take, big, small]) => {
                ok(big > 0 && small > 0 && size == take + big + small)?;
                (take, big, small)
            }
            ("+" | ":" | "-", &[big, small]) => {
                ok(big > 0 && small > 0)?;
                (0, big, small)
            }
            _ => return None,
        };
        Some(RecordMove {
            take,
            big,
            small,
            nth,
        })
    }
}

impl fmt::Display for RecordMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (take, big, small) = (self.take, self.big, self.small);
        match (take, small) {
            (0, _) => write!(f, "{big}+{small}")?,
            (_, 0) => write!(f, "{}-{take}", self.size())?,
            _ => write!(f, "{}-{take}={big}+{small}", self.size())?,
        }
        match self.nth {
            1 => Ok(()),
            n => write!(f, "@{n}"),
        }
    }
}

/// The move a record's move stands for: its `nth` live heap of that size,
/// if there is one.
pub fn locate(position: &Heaps, m: RecordMove) -> Option<HeapMove> {
    let heap = position
        .live()
        .iter()
        .enumerate()
        .filter(|(_, &h)| h == m.size())
        .nth((m.nth as usize).checked_sub(1)?)?
        .0;
    Some(HeapMove {
        heap,
        take: m.take,
        big: m.big,
        small: m.small,
    })
}

/// Reads a record of `rule`'s moves (see [`RecordMove`]), each maybe `@n`
/// for the `n`th heap of its size, separated by spaces, commas or `;`. A
/// split may also be written `big:small`, and in Grundy's game, where
/// nothing is ever taken, `big-small` as old records did.
#[inline(never)]
pub fn parse_moves(text: &str, rule: &Rule) -> Result<Vec<RecordMove>, RecordError> {
    let dash_splits = *rule == Rule::Grundy;
    let mut moves = Vec::new();
    let words = text.split(|c: char| c.is_whitespace() || c == ',' || c == ';');
    for (i, word) in words.filter(|w| !w.is_empty()).enumerate() {
        let Some(mv) = RecordMove::parse(word, dash_splits) else {
            return Err(RecordError::Syntax {
                index: i + 1,
                text: word.chars().take(20).collect(),
            });
        };
        moves.push(mv);
    }
    Ok(moves)
}

/// Writes moves as [`parse_moves`] reads them: `13+7 9+4 5+4@2`, `10-2=5+3 7-3`.
pub fn format_moves(moves: &[RecordMove]) -> String {
    let words: Vec<String> = moves.iter().map(RecordMove::to_string).collect();
    words.join(" ")
}

/// What a record line writes before its colon: the rule (unless Grundy's
/// game), `misere` when misère, and the heaps: `kayles misere 10,7`.
fn header(heaps: &Heaps) -> String {
    let mut words = Vec::new();
    if heaps.rule() != Rule::Grundy {
        words.push(heaps.rule().name());
    }
    if heaps.misere() {
        words.push("misere".into());
    }
    words.push(heaps.format());
    words.join(" ")
}

/// Reads a record line, `20: 13+7 9+4` or `kayles misere 10: 10-2=5+3`:
/// its rule and `misere` when written (else `rule` and `misere`), its
/// heaps and its moves.
#[inline(never)]
fn read_record(text: &str, rule: Rule, misere: bool) -> Result<(Heaps, Vec<RecordMove>), Report> {
    let (head, moves) = text
        .split_once(':')
        .ok_or_else(|| report(RecordError::Header))?;
    let (mut rule, mut misere, mut rest) = (rule, misere, head.trim());
    // The rule and `misere` come first: words that are not heaps.
    loop {
        let (word, after) = rest.split_once(' ').unwrap_or((rest, ""));
        if word == "misere" || word == "misère" {
            misere = true;
        } else {
            match Rule::parse(word) {
                Ok(r) => rule = r,
                Err(e) if word.contains('.') => return Err(report(e)),
                Err(_) => break,
            }
        }
        rest = after.trim_start();
    }
    let heaps = Heaps::parse_for(rule, misere, rest).map_err(report)?;
    Ok((heaps, parse_moves(moves, &rule).map_err(report)?))
}

impl Settings {
    /// The pairs that start this game again (`rule` and `misere` only when
    /// they are not Grundy's game in normal play, so its links stay as they
    /// were).
    pub fn to_params(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = Vec::new();
        if self.heaps.rule() != Rule::Grundy {
            out.push(("rule".into(), self.heaps.rule().name()));
        }
        if self.heaps.misere() {
            out.push(("misere".into(), "1".into()));
        }
        out.extend([
            ("heaps".into(), self.heaps.format()),
            ("first".into(), first_name(self.first).into()),
            ("level".into(), self.opponent.name().into()),
        ]);
        if let Some(seed) = self.seed {
            out.push(("seed".into(), seed.to_string()));
        }
        if self.reveal != Reveal::Explain {
            out.push(("reveal".into(), self.reveal.name().into()));
        }
        out
    }
}

pub use crate::params::Problem;

/// Every parameter [`read_settings`] reads (the page reads its own: `lang`,
/// `theme`, …). The documentation's tables are checked against it.
pub const PARAMS: &[&str] = &[
    "rule", "misere", "heaps", "n", "first", "level", "moves", "record", "at", "reveal", "shown",
    "seed",
];

/// Reads the game from `pairs`: `rule` (a name of [`super::rule::NAMED`] or an octal
/// code; Grundy's game when absent), `misere` (`1`: the last mover loses),
/// `heaps` (`17,5`; `n` is one heap), `first` (`human` or `computer`),
/// `level` (one of [`OPPONENTS`]), `moves` (a record, `13+7 4+3`) or
/// `record` (`20: 13+7 4+3`, `kayles 10: 10-2=5+3`), `at` (how many of them
/// are on the board), `seed`, `reveal` and `shown` (the level the page
/// shows, at most `reveal`). A bad value is reported and its default played;
/// with `strict`, it is an error instead.
pub fn read_settings(
    pairs: &[(String, String)],
    strict: bool,
) -> Result<(Settings, Vec<Problem>), Report> {
    let mut r = ParamReader::new(pairs, PARAMS);
    let rule = match r.get("rule").map(|v| (v, Rule::parse(v))) {
        Some((_, Ok(rule))) => rule,
        Some((value, Err(e))) => {
            r.report("rule", value, &e, "grundy".into());
            Rule::Grundy
        }
        None => Rule::Grundy,
    };
    let flag = |v: &str| match v {
        "0" => Some(false),
        "1" => Some(true),
        _ => None,
    };
    let misere = r.choice("misere", &["0", "1"], flag, false, "0");
    let default_heaps = Heaps::single(rule, misere, DEFAULT_HEAP);
    let heaps = r
        .get("heaps")
        .map(|v| ("heaps", v))
        .or(r.get("n").map(|v| ("n", v)));
    let heaps =
        match heaps.map(|(name, value)| (name, value, Heaps::parse_for(rule, misere, value))) {
            Some((_, _, Ok(h))) => h,
            Some((name, value, Err(e))) => {
                r.report(name, value, &e, DEFAULT_HEAP.to_string());
                default_heaps
            }
            None => default_heaps,
        };
    let mut heaps = heaps;
    let mut moves = r
        .parsed("moves", |text| parse_moves(text, &rule))
        .unwrap_or_default();
    // A record line, `20: 13+7 9+4`, gives both the heaps and the moves
    // (and the rule, when it names one).
    if let Some(text) = r.get("record") {
        match read_record(text, rule, misere) {
            Ok((h, m)) => (heaps, moves) = (h, m),
            Err(reason) => r.push(Problem::unused("record", text, reason)),
        }
    }
    let seed = r.seed();
    let first = r.first();
    let perfect = Opponent::Computer(GrundyLevel::Perfect);
    let opponent = r.choice("level", OPPONENTS, Opponent::parse, perfect, perfect.name());
    let reveal = r.reveal();
    let at = r.at();
    let shown = r.shown(reveal);
    let settings = Settings {
        heaps,
        first,
        opponent,
        moves,
        seed,
        reveal,
        at,
        shown,
    };
    let problems = r.finish(strict)?;
    // Read strictly (a record typed in the page), a record is played whole
    // or not at all; from an address, the moves before a bad one are kept.
    if strict {
        let mut position = settings.heaps.clone();
        for (i, &mv) in settings.moves.iter().enumerate() {
            match locate(&position, mv).map(|m| position.apply_move(m)) {
                Some(Ok(next)) => position = next,
                _ => return Err(report(RecordError::Refused { index: i + 1, mv })),
            }
        }
    }
    Ok((settings, problems))
}

/// What was known of a move when it was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PlyNote {
    /// The heap's size before the move.
    pub size: u32,
    /// The move as the record writes it (which heap of its size).
    #[serde(skip)]
    pub split: RecordMove,
    /// Whether the move left a lost position (nim-sum 0 in normal play).
    pub winning: bool,
    /// Whether the position before it was won.
    pub was_winning: bool,
}

impl Noted for PlyNote {
    fn before(&self) -> Value {
        Value {
            win: Some(self.was_winning),
            remoteness: None,
        }
    }

    fn after(&self) -> Value {
        // A lost position left behind: the next mover loses.
        Value {
            win: Some(!self.winning),
            remoteness: None,
        }
    }

    fn best(&self) -> Option<u32> {
        None
    }
}

/// A move played, as the views show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PlyView {
    /// Index of the heap moved in, among the live heaps before the move.
    pub heap: usize,
    /// The heap's size before the move.
    pub size: u32,
    /// Tokens taken (0 for Grundy's splits).
    pub take: u32,
    /// The larger heap left (0: none).
    pub big: u32,
    /// The smaller heap left (0: at most one).
    pub small: u32,
    /// Who played it.
    pub by: Player,
    /// Whether it left a lost position (`None`: not shown at this level).
    pub winning: Option<bool>,
    /// Whether the position before it was won (`None`: not shown).
    pub was_winning: Option<bool>,
    /// Kept the win, or gave it away.
    pub mark: Option<Mark>,
}

/// Moves of one heap listed by [`Session::options`] at most.
pub const SPLITS_LIMIT: u32 = 2000;

/// The answer to "Hint".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hint {
    /// A move that leaves a lost position, when the position is won.
    pub winning: Option<HeapMove>,
    /// When lost: the perfect computer's move, the same every time.
    pub resist: Option<HeapMove>,
}

/// Everything the views draw, after any request.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// The rule, as [`Rule::parse`] reads it back (`grundy`, `0.77`).
    pub rule: String,
    /// Whether the last mover loses.
    pub misere: bool,
    /// The heaps that can move, in order (the ones a move can take).
    pub heaps: Vec<u32>,
    /// Heaps of 1 set aside.
    pub ones: u64,
    /// Heaps of 2 set aside.
    pub twos: u64,
    /// Every size of heap set aside (no move left in it) and how many, as
    /// pairs in one flat list: `[size, count, size, count, …]`, sizes growing.
    pub aside: Vec<u64>,
    /// Tokens on the table.
    pub matches: u64,
    /// The largest smaller part a move of each heap of `heaps` may leave
    /// (Grundy's game: parts from 1 to it are the legal splits).
    pub max_small: Vec<u32>,
    /// The Grundy value of each heap of `heaps` (the set-aside ones are 0),
    /// when the level shows numbers, in normal play.
    pub values: Option<Vec<u32>>,
    /// The xor of the values: 0 means the player to move loses (shown with the values).
    pub nim_sum: Option<u32>,
    /// Whether the player to move wins with perfect play, from the outcome
    /// level on (in misère play, where there are no values, the one answer).
    pub win: Option<bool>,
    /// The moves on the board, in order.
    pub moves: Vec<PlyView>,
    /// The moves undone, which a jump or redo plays again, in order.
    pub undone: Vec<PlyView>,
    /// Who wins each position of the game line, before each move and after
    /// the last, for the player to move there (empty at level off).
    pub history: Vec<Value>,
    /// What the game reveals now (one of [`REVEALS`]).
    pub reveal: &'static str,
    /// The most it may reveal (a teacher's link may limit it).
    pub reveal_limit: &'static str,
    /// The game record on one line (`20: 13+7 9+4`, `kayles 10: 10-2=5+3`),
    /// for export.
    pub record_line: String,
    /// The opponent's name (one of [`OPPONENTS`]).
    pub level: &'static str,
    /// Whose turn it is, who won, what undo and redo do.
    pub turns: TurnsView,
    /// Problems of the last start, and the pairs and record for addresses.
    pub links: GameLinks,
    /// The hint, when asked for.
    pub hint: Option<Hint>,
}

crate::flat::flat_serialize!(Snapshot {
    rule, misere, heaps, ones, twos, aside, matches, max_small, values, nim_sum, win, moves, undone,
    history, reveal, reveal_limit, record_line, level, hint
} + { turns, links });

/// The page's limits and names.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rules {
    /// Opponent names, in the form's order.
    pub opponents: &'static [&'static str],
    /// Who may move first.
    pub firsts: &'static [&'static str],
    /// The reveal levels, from nothing to everything.
    pub reveals: &'static [&'static str],
    /// The rules known by name ([`super::rule::NAMED`]; a game's snapshot
    /// says the code each stands for).
    pub named: &'static [&'static str],
    /// The largest heap.
    pub max_heap: u32,
    /// Most heaps at the start.
    pub max_heaps: usize,
    /// Most tokens on heaps that can move in misère play (but Nim's).
    pub misere_max_tokens: u64,
    /// Most positions a misère game may reach.
    pub misere_max_positions: usize,
    /// The parameters a game is started from (URL, attributes, form): see [`PARAMS`].
    pub params: &'static [&'static str],
}

/// The page's limits and names.
pub fn rules() -> Rules {
    Rules {
        opponents: OPPONENTS,
        firsts: FIRSTS,
        reveals: REVEALS,
        named: NAMES,
        max_heap: MAX_HEAP,
        max_heaps: MAX_HEAPS,
        misere_max_tokens: MISERE_MAX_TOKENS,
        misere_max_positions: MISERE_MAX_POSITIONS,
        params: PARAMS,
    }
}

/// [`super::rule::NAMED`]'s names, as [`Rules::named`] lists them.
const NAMES: &[&str] = &["grundy", "nim", "kayles", "dawson"];

struct Game {
    settings: Settings,
    turns: Turns<Heaps, PlyNote>,
}

/// A session of heap games: what decides the game (its rule's values, kept
/// and grown from game to game of that rule, or a misère game's solved
/// positions) and one game at a time.
pub struct Session {
    solver: Solver,
    game: Option<Game>,
    rng: Rng,
    /// The reveal level chosen in the page (never above the game's limit).
    reveal: reveal::Chosen,
}

fn report(e: impl Coded) -> Report {
    Report::of(&e)
}

/// The heaps of `0..=total` that would be done if each cost the same, once
/// G(0..=done) is known under the rule of `table`: a progress bar and its
/// time estimate follow the work, not the heaps (a big heap costs a little
/// more than a small one), and the bar still names the largest heap.
fn share_of_work(table: &ValueTable, done: u32, total: u32) -> u32 {
    let all = table.work_to(total).max(1);
    (u128::from(table.work_to(done)) * u128::from(total) / u128::from(all)) as u32
}

impl Session {
    /// A session; `seed` drives the computer's random choices.
    pub fn new(seed: u64) -> Session {
        Session {
            solver: Solver::new(Rule::Grundy, false),
            game: None,
            rng: Rng::new(seed),
            reveal: reveal::Chosen::default(),
        }
    }

    /// Starts a game from `pairs` (see [`read_settings`]). In normal play
    /// the value table grows to the largest heap first; `progress(done,
    /// total)` follows it (`done` in proportion to the work, see
    /// [`share_of_work`]) and may return false to stop it (an error, the old
    /// game kept). In misère play every position the game can reach is
    /// solved first; past the search's bounds (`misere.tokens`,
    /// `misere.positions`) the start is refused, strict or not, as a start
    /// stopped is: that many heaps were asked for, and a game in normal play
    /// instead would not be the one asked.
    pub fn start(
        &mut self,
        pairs: &[(String, String)],
        strict: bool,
        progress: &mut dyn FnMut(u32, u32) -> bool,
    ) -> Result<Snapshot, Report> {
        let (settings, mut problems) = read_settings(pairs, strict)?;
        self.solver = self.ready(&settings.heaps, progress).map_err(report)?;
        let start = settings.heaps.clone();
        let against_computer = settings.opponent != Opponent::Human;
        let turns = Turns::new(start, settings.first, against_computer);
        let record = settings.moves.clone();
        let at = settings.at;
        if let Some(seed) = settings.seed {
            self.rng = Rng::new(seed);
        }
        self.reveal = reveal::Chosen::of(settings.shown);
        self.game = Some(Game { settings, turns });
        if let Some(e) = self.replay(&record) {
            if strict {
                return Err(report(e));
            }
            problems.push(Problem::cut_short(
                "moves",
                &format_moves(&record),
                report(e),
            ));
        }
        problems.extend(resume_at(&mut self.game_mut()?.turns, at));
        let mut snap = self.snapshot()?;
        snap.links.problems = problems;
        Ok(snap)
    }

    #[inline(never)]
    /// A solver ready for a game from `heaps`: normal play keeps the values
    /// already computed for its rule (given back if stopped, as the old
    /// game still needs them).
    fn ready(
        &mut self,
        heaps: &Heaps,
        progress: &mut dyn FnMut(u32, u32) -> bool,
    ) -> Result<Solver, GrundyError> {
        let (rule, misere) = (heaps.rule(), heaps.misere());
        let fresh = Solver::new(rule, misere);
        let reuse = !misere && !self.solver.misere() && self.solver.rule() == rule;
        let mut solver = if reuse {
            std::mem::replace(&mut self.solver, fresh)
        } else {
            fresh
        };
        let largest = heaps.live().iter().copied().max().unwrap_or(0);
        let work = Solver::new(rule, false);
        let done = solver.prepare(heaps.live(), &mut |done| {
            progress(share_of_work(work.table(), done, largest), largest)
        });
        match done {
            Ok(()) => Ok(solver),
            Err(e) => {
                if reuse {
                    self.solver = solver;
                }
                Err(e)
            }
        }
    }

    /// Plays a record's moves in turn (each on its heap of the right size);
    /// stops at the first that cannot be played, and says which.
    fn replay(&mut self, record: &[RecordMove]) -> Option<RecordError> {
        for (i, &mv) in record.iter().enumerate() {
            let position = self.game.as_ref()?.turns.position();
            let illegal = RecordError::Illegal { index: i + 1, mv };
            let Some(m) = locate(position, mv) else {
                return Some(illegal);
            };
            if self.push(m).is_err() {
                return Some(illegal);
            }
        }
        None
    }

    fn game_mut(&mut self) -> Result<&mut Game, Report> {
        self.game.as_mut().ok_or_else(|| report(TurnError::NoGame))
    }

    fn push(&mut self, mv: HeapMove) -> Result<(), Report> {
        let game = self
            .game
            .as_ref()
            .ok_or_else(|| report(TurnError::NoGame))?;
        let before = game.turns.position().clone();
        let after = before.apply_move(mv).map_err(report)?;
        let note = PlyNote {
            size: before.live()[mv.heap],
            split: RecordMove::of(&before, mv),
            winning: self.solver.x(after.live()) == 0,
            was_winning: self.solver.x(before.live()) != 0,
        };
        self.game_mut()?.turns.push(mv, after, note);
        Ok(())
    }

    /// The person splits live heap `heap` (0-based) into `big + small`,
    /// taking nothing (Grundy's move).
    pub fn play(&mut self, heap: usize, big: u32, small: u32) -> Result<Snapshot, Report> {
        self.play_move(HeapMove {
            heap,
            take: 0,
            big,
            small,
        })
    }

    /// The person plays `mv` (its `heap` indexes the live heaps).
    pub fn play_move(&mut self, mv: HeapMove) -> Result<Snapshot, Report> {
        self.game_mut()?
            .turns
            .check_person_may_move()
            .map_err(report)?;
        self.push(mv)?;
        self.snapshot()
    }

    /// The computer moves (its turn, or either side's in a demo), asked at
    /// `at_ply` moves: a request overtaken by another is refused as stale.
    pub fn computer_move(&mut self, at_ply: usize) -> Result<Snapshot, Report> {
        let seed = self.rng.next_u64();
        let game = self.game_mut()?;
        game.turns.check_computer_may_move(at_ply).map_err(report)?;
        let level = match (game.turns.demo(), game.settings.opponent) {
            (false, Opponent::Computer(level)) => level,
            _ => GrundyLevel::Perfect,
        };
        let live = game.turns.position().live().to_vec();
        let mv = self
            .solver
            .computer_move(&live, level, seed)
            .map_err(report)?
            .ok_or_else(|| report(TurnError::GameOver))?;
        self.push(mv)?;
        self.snapshot()
    }

    /// The hint for the position on the board (asked at `at_ply` moves).
    pub fn hint(&mut self, at_ply: usize) -> Result<Snapshot, Report> {
        self.level()?
            .require(Reveal::Moves, RevealError::Hint)
            .map_err(report)?;
        let game = self.game_mut()?;
        if at_ply != game.turns.ply() {
            return Err(report(TurnError::Stale));
        }
        if game.turns.over() {
            return Err(report(TurnError::GameOver));
        }
        let live = game.turns.position().live().to_vec();
        let winning = self.solver.winning(&live);
        let resist = match winning {
            Some(_) => None,
            None => self
                .solver
                .computer_move(&live, GrundyLevel::Perfect, 0)
                .map_err(report)?,
        };
        let mut snap = self.snapshot()?;
        snap.hint = Some(Hint { winning, resist });
        Ok(snap)
    }

    fn game(&self) -> Result<&Game, Report> {
        self.game.as_ref().ok_or_else(|| report(TurnError::NoGame))
    }

    /// The reveal level in force: the one chosen, within the game's limit.
    fn level(&self) -> Result<Reveal, Report> {
        Ok(self.reveal.within(self.game()?.settings.reveal))
    }

    /// Chooses what the game reveals (one of [`REVEALS`]), up to the limit
    /// the game was started with.
    pub fn set_reveal(&mut self, name: &str) -> Result<Snapshot, Report> {
        let limit = self.game()?.settings.reveal;
        self.reveal.set(name, limit)?;
        self.snapshot()
    }

    /// Every move of live heap `heap` (at most [`SPLITS_LIMIT`], in the
    /// order of [`Rule::options`]) with what it leaves, four numbers a move
    /// in one flat list (as the page takes it): `take`, `big`, `small`, and
    /// the nim-sum it leaves, 0 when it wins; 1 for any losing move below
    /// the values level and in misère play (where there are no values),
    /// and for every move below the winning moves level (the moves are
    /// listed at every level, so a page offers only legal ones).
    pub fn options(&self, heap: usize) -> Result<Vec<u32>, Report> {
        let level = self.level()?;
        // Below the winning moves level the moves are still listed (the
        // page offers only legal ones), each saying 1: nothing is revealed.
        let shown = level >= Reveal::Moves;
        let live = self.game()?.turns.position().live();
        let size = *live.get(heap).ok_or_else(|| {
            report(GrundyError::NoSuchHeap {
                heap: heap + 1,
                count: live.len(),
            })
        })?;
        let s = &self.solver;
        let x = s.x(live);
        let numbers = level >= Reveal::Values && !s.misere();
        let mut out = Vec::new();
        s.rule().find_option(size, &mut |o| {
            let v = s.x_after(live, x, HeapMove::of(heap, o));
            out.extend([
                o.take,
                o.big,
                o.small,
                if !shown {
                    1
                } else if numbers {
                    v
                } else {
                    u32::from(v != 0)
                },
            ]);
            out.len() >= 4 * SPLITS_LIMIT as usize
        });
        Ok(out)
    }

    /// What each split of live heap `heap` leaves, smaller part 1, 2, … in
    /// Grundy's game (each move of [`Session::options`] for another rule):
    /// the nim-sum after it, 0 when it wins.
    pub fn splits(&self, heap: usize) -> Result<Vec<u32>, Report> {
        self.level()?
            .require(Reveal::Moves, RevealError::Splits)
            .map_err(report)?;
        Ok(self.options(heap)?.into_iter().skip(3).step_by(4).collect())
    }

    /// "Why?": why splitting live heap `heap` (0-based) of the position
    /// after `ply` moves of the game line into `size − small` and `small`
    /// wins or loses, or with `heap` and `small` 0, why that position is won
    /// or lost (see [`Session::why_move`]).
    pub fn why(&self, ply: usize, heap: usize, small: u32) -> Result<Why, Report> {
        self.why_move(ply, heap, 0, small)
    }

    /// "Why?" for taking `take` from live heap `heap` of the position after
    /// `ply` moves of the game line and leaving `size − take − small` and
    /// `small`, or with `heap`, `take` and `small` 0, for that position
    /// itself (see [`explain::explain`]). Needs the explanations level.
    pub fn why_move(&self, ply: usize, heap: usize, take: u32, small: u32) -> Result<Why, Report> {
        self.level()?
            .require(Reveal::Explain, RevealError::Why)
            .map_err(report)?;
        let position = self
            .game()?
            .turns
            .position_at(ply)
            .ok_or_else(|| report(TurnError::Stale))?;
        let mv = if (heap, take, small) == (0, 0, 0) {
            None
        } else {
            let live = position.live();
            let size = *live.get(heap).ok_or_else(|| {
                report(GrundyError::NoSuchHeap {
                    heap: heap + 1,
                    count: live.len(),
                })
            })?;
            let big = size.saturating_sub(take).saturating_sub(small);
            Some(HeapMove {
                heap,
                take,
                big,
                small,
            })
        };
        explain::explain(&self.solver, &position, mv).map_err(report)
    }

    /// Everything the views draw, as far as the reveal level shows.
    pub fn snapshot(&self) -> Result<Snapshot, Report> {
        let level = self.level()?;
        let game = self.game()?;
        let t = &game.turns;
        let position = t.position();
        let live = position.live();
        let rule = position.rule();
        let mut here = game.settings.clone();
        here.heaps = position.clone();
        here.first = t.to_move();
        here.moves.clear();
        here.seed = None;
        let numbers = level >= Reveal::Values && !position.misere();
        let values: Vec<u32> = live.iter().map(|&h| self.solver.g(h)).collect();
        let records: Vec<RecordMove> = t.line().iter().map(|p| p.note.split).collect();
        let line = format_moves(&records);
        // The record is the line unless moves were undone: written once
        // (every snapshot of a long game writes thousands of moves).
        let record = if t.ply() == records.len() {
            line.clone()
        } else {
            format_moves(&records[..t.ply()])
        };
        let start_params = game.settings.to_params();
        let shown = self.reveal.shown(game.settings.reveal);
        let game_params = game_params(&start_params, line, t, shown);
        Ok(Snapshot {
            rule: rule.name(),
            misere: position.misere(),
            heaps: live.to_vec(),
            ones: position.ones(),
            twos: position.twos(),
            aside: position
                .aside()
                .iter()
                .flat_map(|&(size, count)| [size.into(), count])
                .collect(),
            matches: position.matches(),
            max_small: live.iter().map(|&h| rule.max_small(h)).collect(),
            nim_sum: numbers.then(|| self.solver.x(live)),
            win: (level >= Reveal::Outcome).then(|| self.solver.x(live) != 0),
            values: numbers.then_some(values),
            moves: plies(t.played(), level),
            undone: plies(t.undone(), level),
            history: reveal::history(t.line().iter().map(|p| &p.note), level),
            reveal: level.name(),
            reveal_limit: game.settings.reveal.name(),
            record_line: format!(
                "{}:{}{record}",
                header(&game.settings.heaps),
                if record.is_empty() { "" } else { " " }
            ),
            level: game.settings.opponent.name(),
            turns: t.view(),
            links: GameLinks {
                problems: Vec::new(),
                start_params,
                here_params: here.to_params(),
                record,
                game_params,
            },
            hint: None,
        })
    }
}

/// Moves as the views show them at `level`.
fn plies(played: &[crate::turns::Played<HeapMove, PlyNote>], level: Reveal) -> Vec<PlyView> {
    let shown = |v: bool| Some(v).filter(|_| level >= Reveal::Outcome);
    played
        .iter()
        .map(|p| PlyView {
            heap: p.mv.heap,
            size: p.note.size,
            take: p.mv.take,
            big: p.mv.big,
            small: p.mv.small,
            by: p.by,
            winning: shown(p.note.winning),
            was_winning: shown(p.note.was_winning),
            mark: reveal::judge(&p.note, level).0,
        })
        .collect()
}

impl GameLine for Session {
    type Position = Heaps;
    type Note = PlyNote;
    type Snapshot = Snapshot;

    fn game_line(&mut self) -> Result<&mut Turns<Heaps, PlyNote>, Report> {
        Ok(&mut self.game_mut()?.turns)
    }

    fn describe(&mut self) -> Result<Snapshot, Report> {
        self.snapshot()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::Split;

    /// Grundy's split as the session answers it.
    fn split(s: Split) -> HeapMove {
        s.into()
    }

    #[test]
    fn every_parameter_in_the_table_is_read() {
        crate::params::assert_every_param_is_read(PARAMS, |p| read_settings(p, false).unwrap().1);
    }

    #[test]
    fn the_named_rules_are_listed_as_the_rule_book_names_them() {
        let names: Vec<&str> = super::super::rule::NAMED.iter().map(|&(n, _)| n).collect();
        assert_eq!(NAMES, names);
    }

    #[test]
    fn progress_follows_the_work() {
        let t = ValueTable::new(Rule::Grundy);
        let share_of_work = |done, total| super::share_of_work(&t, done, total);
        let total = 16_777_215;
        assert_eq!(share_of_work(0, total), 0);
        assert_eq!(share_of_work(total, total), total);
        // Half the heaps are a little less than half the work; no step at
        // the first heap of 256 (once nine times the cost).
        let half = share_of_work(total / 2, total);
        assert!(half > total / 100 * 46 && half < total / 100 * 49, "{half}");
        let wide = super::super::values::FIRST_WIDE_HEAP;
        let step = share_of_work(wide + 65_536, total) - share_of_work(wide, total);
        assert!(step > 60_000 && step < 70_000, "{step}");
        // Small tables: heaps and work agree.
        assert_eq!(share_of_work(500, 1000), 500);
    }

    use crate::params::pairs;

    fn start(list: &[(&str, &str)]) -> (Session, Snapshot) {
        let mut s = Session::new(3);
        let snap = s.start(&pairs(list), false, &mut |_, _| true).unwrap();
        (s, snap)
    }

    #[test]
    fn the_address_brings_back_the_line_where_the_board_is_and_the_level_shown() {
        let (mut s, _) = start(&[("heaps", "20,13"), ("seed", "4")]);
        s.play(1, 7, 6).unwrap();
        s.computer_move(1).unwrap();
        s.play(0, 13, 7).unwrap();
        s.computer_move(3).unwrap();
        s.set_reveal("moves").unwrap();
        let jumped = s.go_to(1).unwrap();
        assert!(jumped.turns.computer_waits);
        let pairs: Vec<(&str, &str)> = jumped
            .links
            .game_params
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        assert!(pairs.contains(&("at", "1")) && pairs.contains(&("shown", "moves")));
        let (_, again) = start(&pairs);
        assert!(again.links.problems.is_empty());
        assert_eq!(
            (again.heaps.clone(), again.moves.len()),
            (jumped.heaps.clone(), 1)
        );
        assert_eq!(again.undone, jumped.undone);
        assert!(again.turns.computer_waits);
        assert_eq!(again.reveal, "moves");
        assert_eq!(again.links.game_params, jumped.links.game_params);
        // A record cut short is kept up to its bad split, and said so.
        let (_, cut) = start(&[("heaps", "20"), ("moves", "13+7 20+1")]);
        assert!(cut.links.problems[0].partly_used);
        assert!(cut
            .links
            .game_params
            .contains(&("moves".into(), "13+7".into())));
    }

    #[test]
    fn a_game_against_the_perfect_computer_from_a_lost_heap() {
        // G(7) = 0: the person moving first loses against perfect play.
        let (mut s, snap) = start(&[("heaps", "7")]);
        assert_eq!(snap.nim_sum, Some(0));
        let mut snap = snap;
        while !snap.turns.over {
            if snap.turns.computer_to_move {
                snap = s.computer_move(snap.moves.len()).unwrap();
                assert_eq!(snap.moves.last().unwrap().winning, Some(true));
            } else {
                let heap = snap.heaps[0];
                snap = s.play(0, heap - 1, 1).unwrap();
            }
        }
        assert_eq!(snap.turns.winner, Some(Player::Two));
    }

    #[test]
    fn refusals_have_codes() {
        let (mut s, _) = start(&[("heaps", "6,2"), ("level", "human")]);
        assert_eq!(s.play(0, 3, 3).unwrap_err().code, "split.equal");
        assert_eq!(s.play(1, 5, 1).unwrap_err().code, "split.no_heap");
        assert_eq!(s.play(0, 4, 1).unwrap_err().code, "split.wrong_sum");
        assert_eq!(s.computer_move(0).unwrap_err().code, "turn.not_computer");
        let snap = s.play(0, 4, 2).unwrap();
        assert_eq!((snap.heaps.clone(), snap.twos), (vec![4], 2));
        assert_eq!(snap.turns.to_move, Player::Two);
        let snap = s.play(0, 3, 1).unwrap();
        let snap2 = s.play(0, 2, 1).unwrap();
        assert!(snap2.turns.over && snap.heaps == [3]);
        assert_eq!(snap2.turns.winner, Some(Player::One));
        assert_eq!(s.play(0, 2, 1).unwrap_err().code, "turn.game_over");
    }

    #[test]
    fn hints_and_undo() {
        let (mut s, _) = start(&[("heaps", "9")]);
        let hint = s.hint(0).unwrap().hint.unwrap();
        let w = hint.winning.unwrap();
        let snap = s.play(w.heap, w.big, w.small).unwrap();
        assert_eq!(snap.nim_sum, Some(0));
        assert!(snap.turns.computer_to_move);
        let snap = s.computer_move(1).unwrap();
        assert_ne!(snap.nim_sum, Some(0));
        assert_eq!(snap.undo_available(), (true, false));
        let snap = s.undo().unwrap();
        assert_eq!((snap.moves.len(), snap.turns.redo_count), (0, 2));
        let (mut s, _) = start(&[("heaps", "7"), ("level", "human")]);
        let a = s.hint(0).unwrap().hint.unwrap();
        assert!(a.winning.is_none() && a.resist.is_some());
        assert_eq!(a, s.hint(0).unwrap().hint.unwrap());
    }

    impl Snapshot {
        fn undo_available(&self) -> (bool, bool) {
            (self.turns.can_undo, self.turns.can_redo)
        }
    }

    #[test]
    fn bad_settings_are_reported_and_strict_starts_refuse() {
        for (value, code) in [
            ("abc", "heaps.not_a_number"),
            ("0", "heaps.empty_heap"),
            ("5,-3", "heaps.not_a_number"),
            ("16777217", "heaps.too_large"),
        ] {
            let (_, snap) = start(&[("heaps", value), ("level", "x"), ("first", "y")]);
            assert_eq!(snap.heaps, [20]);
            let codes: Vec<&str> = snap.links.problems.iter().map(|p| p.reason.code).collect();
            assert_eq!(codes, [code, "input.unknown", "input.unknown"], "{value}");
        }
        let mut s = Session::new(0);
        let e = s
            .start(&pairs(&[("heaps", "1,x")]), true, &mut |_, _| true)
            .unwrap_err();
        assert_eq!(e.code, "heaps.not_a_number");
        let e = s
            .start(&pairs(&[("heaps", "100000")]), false, &mut |_, _| false)
            .unwrap_err();
        assert_eq!(e.code, "heaps.cancelled");
    }

    #[test]
    fn records_name_which_heap_of_a_size_was_split() {
        // Found by the fuzz suite: a split of the second heap of 20 replayed
        // on the first gave the same heaps in another order.
        let (mut s, _) = start(&[("heaps", "20,9,20"), ("level", "human")]);
        let snap = s.play(2, 13, 7).unwrap();
        assert_eq!(snap.links.record, "13+7@2");
        assert_eq!(snap.heaps, [20, 9, 13, 7]);
        let mut again = snap.links.start_params.clone();
        again.push(("moves".into(), snap.links.record.clone()));
        let replayed = Session::new(1)
            .start(&again, true, &mut |_, _| true)
            .unwrap();
        assert_eq!(replayed.heaps, snap.heaps);
        let (_, bad) = start(&[("heaps", "20"), ("moves", "13+7@2")]);
        assert_eq!(bad.links.problems[0].reason.code, "record.split_illegal");
    }

    #[test]
    fn records_replay_and_name_their_first_illegal_split() {
        let (mut s, _) = start(&[("heaps", "20,7"), ("level", "human")]);
        s.play(0, 13, 7).unwrap();
        let snap = s.play(1, 4, 3).unwrap();
        assert_eq!(snap.links.record, "13+7 4+3");
        let mut again = snap.links.start_params.clone();
        again.push(("moves".into(), snap.links.record.clone()));
        let mut r = Session::new(1);
        let replayed = r.start(&again, true, &mut |_, _| true).unwrap();
        assert_eq!(replayed.heaps, snap.heaps);
        assert_eq!(replayed.moves, snap.moves);
        let (_, bad) = start(&[("heaps", "20"), ("moves", "13+7 5+5 6-1")]);
        assert_eq!(bad.moves.len(), 1);
        assert_eq!(bad.links.problems[0].reason.code, "record.split_illegal");
        let (_, bad) = start(&[("moves", "13x7")]);
        assert_eq!(bad.links.problems[0].reason.code, "record.split_syntax");
    }

    #[test]
    fn marks_jumps_split_values_and_reveal_levels() {
        // G(9) = 1: 7 + 2 (G = 0 + 0) and 6 + 3 (1 xor 1) win, 8 + 1 (G = 2) does not.
        let (mut s, _) = start(&[("heaps", "9"), ("level", "human")]);
        let v = s.splits(0).unwrap();
        assert_eq!(v, [2, 0, 0, 2]);
        assert_eq!(s.splits(1).unwrap_err().code, "split.no_heap");
        let snap = s.play(0, 8, 1).unwrap();
        assert_eq!(snap.moves[0].mark, Some(Mark::Mistake));
        let snap = s.play(0, 7, 1).unwrap();
        assert_eq!(snap.moves[1].mark, Some(Mark::Good));
        assert_eq!(
            snap.history.iter().map(|v| v.win).collect::<Vec<_>>(),
            [Some(true), Some(true), Some(false)]
        );
        let snap = s.go_to(1).unwrap();
        assert_eq!((snap.moves.len(), snap.undone.len()), (1, 1));
        assert_eq!(snap.heaps, [8]);
        // Limited by the link: no values, no hint, no splits; off hides the marks.
        let (mut s, snap) = start(&[("heaps", "9"), ("reveal", "outcome")]);
        assert_eq!((snap.values, snap.nim_sum), (None, None));
        assert!(snap
            .links
            .start_params
            .contains(&("reveal".into(), "outcome".into())));
        assert_eq!(s.hint(0).unwrap_err().code, "reveal.hint");
        assert_eq!(s.splits(0).unwrap_err().code, "reveal.splits");
        assert_eq!(s.set_reveal("moves").unwrap_err().code, "reveal.limit");
        let snap = s.play(0, 8, 1).unwrap();
        assert_eq!(snap.moves[0].mark, Some(Mark::Mistake));
        let snap = s.set_reveal("off").unwrap();
        assert_eq!((snap.moves[0].mark, snap.moves[0].winning), (None, None));
        assert!(snap.history.is_empty());
    }

    #[test]
    fn why_explains_splits_and_positions_and_refuses_like_chomp() {
        // 20,7: G = 0 xor 0, lost for the player to move: every split has an answer.
        let (mut s, _) = start(&[("heaps", "20,7"), ("level", "human")]);
        let why = s.why(0, 0, 0).unwrap();
        assert!(!why.winning && why.split.is_none());
        assert_eq!(
            (why.before.values.clone(), why.before.nim_sum),
            (vec![0, 0], 0)
        );
        assert!(!why.replies.is_empty() && why.replies.iter().all(|r| r.answer.is_some()));
        // 20 into 13 + 7 loses: it leaves G = 3 xor 0 xor 0; the opponent
        // splits the 13 into 8 + 5 (G = 2 xor 2).
        let why = s.why(0, 0, 7).unwrap();
        assert!(!why.winning);
        assert_eq!(why.parts, Some([0, 3, 0]));
        let after = why.after.clone().unwrap();
        assert_eq!(
            (after.heaps, after.values, after.nim_sum),
            (vec![13, 7, 7], vec![3, 0, 0], 3)
        );
        let r = why.refutation.unwrap();
        assert_eq!(
            (r.mv, r.nim_sum),
            (
                split(Split {
                    heap: 0,
                    big: 8,
                    small: 5
                }),
                3
            )
        );
        s.play(0, 13, 7).unwrap();
        // After 13 + 7, the 13 into 8 + 5 wins: nim-sum 0.
        let why = s.why(1, 0, 5).unwrap();
        assert!(why.winning && why.refutation.is_none());
        assert_eq!(why.after.as_ref().unwrap().nim_sum, 0);
        for r in &why.replies {
            assert!(r.answer.is_some(), "{r:?}");
        }
        // The splits of the two 7s are listed once.
        let sevens = why
            .replies
            .iter()
            .filter(|r| r.mv.big + r.mv.small == 7)
            .count();
        assert_eq!(sevens, 3);
        // The position after move 1 is won: its winning splits.
        let why = s.why(1, 0, 0).unwrap();
        let wins: Vec<HeapMove> = why.replies.iter().map(|r| r.mv).collect();
        assert!(why.winning);
        assert_eq!(
            wins,
            [split(Split {
                heap: 0,
                big: 8,
                small: 5
            })]
        );
        // The move played, asked from the position before it.
        assert!(!s.why(0, 0, 7).unwrap().winning);
        // Refusals, coded.
        assert_eq!(s.why(2, 0, 0).unwrap_err().code, "session.stale");
        assert_eq!(s.why(1, 3, 1).unwrap_err().code, "split.no_heap");
        assert_eq!(s.why(1, 0, 0).unwrap().before.heaps, [13, 7, 7]);
        assert_eq!(s.why(1, 1, 4).unwrap_err().code, "split.order");
        assert_eq!(s.why(1, 0, 13).unwrap_err().code, "split.empty_part");
        assert_eq!(s.why(1, 0, 99).unwrap_err().code, "split.empty_part");
        assert_eq!(s.why(1, 1, 0).unwrap_err().code, "split.empty_part");
        // Undone moves stay on the line: "Why?" still answers for them.
        s.undo().unwrap();
        assert!(s.why(1, 0, 0).is_ok());
        // Levels below explanations refuse.
        s.set_reveal("values").unwrap();
        assert_eq!(s.why(0, 0, 0).unwrap_err().code, "reveal.why");
        let (s, _) = start(&[("heaps", "20"), ("reveal", "moves")]);
        assert_eq!(s.why(0, 0, 7).unwrap_err().code, "reveal.why");
        assert_eq!(
            Session::new(1).why(0, 0, 0).unwrap_err().code,
            "session.no_game"
        );
    }

    #[test]
    fn record_lines_are_written_and_read_whole_or_refused() {
        let (mut s, _) = start(&[("heaps", "20,7"), ("level", "human")]);
        s.play(0, 13, 7).unwrap();
        let snap = s.play(1, 4, 3).unwrap();
        assert_eq!(snap.record_line, "20,7: 13+7 4+3");
        let (_, again) = start(&[("record", &snap.record_line), ("level", "human")]);
        assert_eq!(
            (again.heaps.clone(), again.moves.len()),
            (snap.heaps.clone(), 2)
        );
        let strict = |text: &str| read_settings(&pairs(&[("record", text)]), true);
        assert_eq!(
            strict("20: 13+7 8+8").unwrap_err().code,
            "record.split_refused"
        );
        assert_eq!(strict("20 13+7").unwrap_err().code, "record.split_header");
        assert_eq!(strict("20: 13x7").unwrap_err().code, "record.split_syntax");
        assert_eq!(strict("x: 13+7").unwrap_err().code, "heaps.not_a_number");
        assert_eq!(
            strict("20: 13+7 6+1 4+3").unwrap_err().code,
            "record.split_refused"
        );
        assert_eq!(strict("20: 13+7 5+2").unwrap().0.moves.len(), 2);
    }

    #[test]
    fn a_game_past_4096_live_heaps_goes_on_at_every_level() {
        // The most heaps a start may have: every split of a 7 into 4 + 3
        // adds a live heap, so the game goes past the bound at once (it
        // once stopped there: `heaps.too_many` for the computer and the hint).
        for level in ["perfect", "seed", "random"] {
            let (mut s, _) = start(&[("heaps", "7x4096"), ("level", level), ("reveal", "moves")]);
            let mut snap = s.play(0, 4, 3).unwrap();
            assert_eq!(snap.heaps.len(), 4097);
            for _ in 0..20 {
                snap = if snap.turns.computer_to_move {
                    let hint = s.hint(snap.moves.len());
                    assert!(hint.is_ok(), "{level}: {hint:?}");
                    s.computer_move(snap.moves.len()).unwrap()
                } else {
                    let size = snap.heaps[0];
                    s.play(0, size - 1, 1).unwrap()
                };
            }
            assert_eq!(snap.moves.len(), 21, "{level}");
        }
    }

    #[test]
    fn a_game_over_at_its_start_is_lost_by_the_player_to_move() {
        // Heaps of 2 and 1: no heap can be split.
        crate::turns::check_over_at_its_start(&[("heaps", "2,1")], start, |s| s.turns);
        // Every rule with heaps that cannot move: Dawson's 1s, 4.07's 1s,
        // 0.4's 1s and 2s (it takes one and must leave two heaps).
        for (rule, heaps) in [("dawson", "1x3"), ("4.07", "1"), ("0.4", "2,1,2")] {
            let game = [("rule", rule), ("heaps", heaps)];
            crate::turns::check_over_at_its_start(&game, start, |s| s.turns);
        }
    }

    #[test]
    fn a_misere_game_over_at_its_start_is_won_by_the_player_to_move() {
        for (rule, heaps) in [("grundy", "2,1"), ("dawson", "1")] {
            for (first, winner) in [("human", Player::One), ("computer", Player::Two)] {
                let (mut s, snap) = start(&[
                    ("rule", rule),
                    ("misere", "1"),
                    ("heaps", heaps),
                    ("first", first),
                ]);
                assert!(snap.turns.over && !snap.turns.can_undo, "{rule} {first}");
                assert_eq!(snap.turns.winner, Some(winner), "{rule} {first}");
                assert_eq!(s.restart().unwrap(), snap);
            }
        }
    }

    const RULES: &[&str] = &["grundy", "kayles", "dawson", "0.333", "nim", "4.07"];

    #[test]
    fn every_rule_plays_its_moves_and_refuses_others_with_codes() {
        let code = |s: &mut Session, take, big, small| {
            let mv = HeapMove {
                heap: 0,
                take,
                big,
                small,
            };
            s.play_move(mv).unwrap_err().code
        };
        // Kayles: take 1 or 2 pins, leaving one row or two.
        let (mut s, snap) = start(&[("rule", "kayles"), ("heaps", "7"), ("level", "human")]);
        assert_eq!((snap.rule.as_str(), snap.misere), ("0.77", false));
        assert_eq!(snap.values, Some(vec![2]));
        assert_eq!(code(&mut s, 3, 4, 0), "move.take");
        assert_eq!(code(&mut s, 1, 4, 1), "move.wrong_sum");
        assert_eq!(code(&mut s, 1, 2, 4), "split.order");
        assert_eq!(s.play(1, 3, 3).unwrap_err().code, "split.no_heap");
        let snap = s
            .play_move(HeapMove {
                heap: 0,
                take: 1,
                big: 3,
                small: 3,
            })
            .unwrap();
        assert_eq!((snap.heaps.clone(), snap.moves[0].take), (vec![3, 3], 1));
        assert_eq!(snap.nim_sum, Some(0));
        assert_eq!(snap.links.record, "7-1=3+3");
        // The matches game: take 1 to 3, never leaving two heaps.
        let (mut s, _) = start(&[("rule", "0.333"), ("heaps", "7"), ("level", "human")]);
        assert_eq!(code(&mut s, 1, 3, 3), "move.leave");
        assert_eq!(code(&mut s, 4, 3, 0), "move.take");
        let snap = s
            .play_move(HeapMove {
                heap: 0,
                take: 3,
                big: 4,
                small: 0,
            })
            .unwrap();
        assert_eq!(
            (snap.heaps.clone(), snap.links.record.as_str()),
            (vec![4], "7-3")
        );
        let snap = s
            .play_move(HeapMove {
                heap: 0,
                take: 3,
                big: 1,
                small: 0,
            })
            .unwrap();
        let snap2 = s
            .play_move(HeapMove {
                heap: 0,
                take: 1,
                big: 0,
                small: 0,
            })
            .unwrap();
        assert!(snap2.turns.over && !snap.turns.over);
        assert_eq!(snap2.links.record, "7-3 4-3 1-1");
        assert_eq!(snap2.turns.winner, Some(Player::One));
        // Nim takes any number, a whole heap too; Grundy's game never takes.
        let (mut s, _) = start(&[("rule", "nim"), ("heaps", "5,3"), ("level", "human")]);
        assert_eq!(code(&mut s, 0, 3, 2), "move.take");
        let snap = s
            .play_move(HeapMove {
                heap: 0,
                take: 5,
                big: 0,
                small: 0,
            })
            .unwrap();
        assert_eq!((snap.heaps.clone(), snap.aside.clone()), (vec![3], vec![]));
        let (mut s, _) = start(&[("heaps", "7"), ("level", "human")]);
        assert_eq!(code(&mut s, 1, 3, 3), "move.take");
        // 4.07 splits without taking, equal halves too, and sets its 1s aside.
        let (mut s, _) = start(&[("rule", "4.07"), ("heaps", "6"), ("level", "human")]);
        let snap = s.play(0, 3, 3).unwrap();
        assert_eq!(snap.links.record, "3+3");
        let snap = s
            .play_move(HeapMove {
                heap: 0,
                take: 2,
                big: 1,
                small: 0,
            })
            .unwrap();
        assert_eq!(
            (snap.heaps.clone(), snap.aside.clone(), snap.ones),
            (vec![3], vec![1, 1], 1)
        );
    }

    /// Every position of up to `total` tokens in at most three heaps.
    fn small_positions(total: u32) -> Vec<Vec<u32>> {
        super::super::play::tests::positions(total, 3)
    }

    #[test]
    fn hints_win_against_a_plain_recursion_for_every_rule_in_both_plays() {
        use super::super::play::tests::brute;
        for text in RULES {
            let rule = Rule::parse(text).unwrap();
            for misere in [false, true] {
                let mut memo = std::collections::HashMap::new();
                for list in small_positions(10) {
                    let heaps: Vec<String> = list.iter().map(u32::to_string).collect();
                    let heaps = heaps.join(",");
                    let m = if misere { "1" } else { "0" };
                    let (mut s, snap) = start(&[
                        ("rule", text),
                        ("misere", m),
                        ("heaps", &heaps),
                        ("level", "human"),
                    ]);
                    let what = format!("{text} misère {misere} {heaps}");
                    let won = brute(&rule, misere, &list, &mut memo);
                    assert_eq!(snap.win, Some(won), "{what}");
                    assert_eq!(snap.values.is_some(), !misere, "{what}");
                    if snap.turns.over {
                        continue;
                    }
                    let hint = s.hint(0).unwrap().hint.unwrap();
                    let mv = hint.winning.or(hint.resist).unwrap();
                    assert_eq!(hint.winning.is_some(), won, "{what}");
                    let after = s.play_move(mv).unwrap();
                    let left = after.heaps.iter().copied().chain(
                        after
                            .aside
                            .chunks(2)
                            .flat_map(|p| std::iter::repeat_n(p[0] as u32, p[1] as usize)),
                    );
                    let left: Vec<u32> = left.collect();
                    assert_eq!(
                        brute(&rule, misere, &left, &mut memo),
                        !won,
                        "{what} {mv:?}"
                    );
                    assert_eq!(after.moves[0].winning, Some(won), "{what}");
                    // Every move's value on the analysis board says the same.
                    s.undo().unwrap();
                    let options = s.options(0).unwrap();
                    assert_eq!(options.len() as u64, 4 * rule.option_count(snap.heaps[0]));
                    for o in options.chunks(4) {
                        // The live heaps with the first one's move played.
                        let mut next = snap.heaps.clone();
                        next[0] = o[1];
                        next.push(o[2]);
                        assert_eq!(
                            o[3] == 0,
                            !brute(&rule, misere, &next, &mut memo),
                            "{what} {o:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn records_and_addresses_bring_back_every_rule() {
        for text in RULES {
            for misere in ["0", "1"] {
                let (mut s, mut snap) = start(&[
                    ("rule", text),
                    ("misere", misere),
                    ("heaps", "9,6"),
                    ("seed", "5"),
                    ("level", "random"),
                ]);
                s.set_demo(true).unwrap();
                for _ in 0..4 {
                    if !snap.turns.over {
                        snap = s.computer_move(snap.moves.len()).unwrap();
                    }
                }
                let snap = s.set_demo(false).unwrap();
                let what = format!("{text} {misere}: {}", snap.record_line);
                // The start and the record.
                let mut again = snap.links.start_params.clone();
                again.push(("moves".into(), snap.links.record.clone()));
                let replayed = Session::new(1)
                    .start(&again, true, &mut |_, _| true)
                    .unwrap();
                assert_eq!(
                    (replayed.heaps.clone(), replayed.aside.clone()),
                    (snap.heaps.clone(), snap.aside.clone()),
                    "{what}"
                );
                assert_eq!(replayed.moves, snap.moves, "{what}");
                // The record line alone, read strictly.
                let line = [("record".to_string(), snap.record_line.clone())];
                let read = Session::new(1)
                    .start(&line, true, &mut |_, _| true)
                    .unwrap();
                assert_eq!(
                    (read.heaps.clone(), read.rule.clone(), read.misere),
                    (snap.heaps.clone(), snap.rule.clone(), snap.misere),
                    "{what}"
                );
                // The address, and the position's own.
                let back = Session::new(1)
                    .start(&snap.links.game_params, true, &mut |_, _| true)
                    .unwrap();
                assert_eq!(back.links.game_params, snap.links.game_params, "{what}");
                assert_eq!(back.turns, snap.turns, "{what}");
                let here = Session::new(1)
                    .start(&snap.links.here_params, true, &mut |_, _| true)
                    .unwrap();
                assert_eq!(
                    (here.heaps.clone(), here.rule.clone()),
                    (snap.heaps.clone(), snap.rule.clone()),
                    "{what}"
                );
            }
        }
        // Grundy's game writes its links and records as it always did.
        let (mut s, _) = start(&[("heaps", "20"), ("level", "human")]);
        let snap = s.play(0, 13, 7).unwrap();
        assert_eq!(snap.record_line, "20: 13+7");
        assert!(snap
            .links
            .start_params
            .iter()
            .all(|(k, _)| k != "rule" && k != "misere"));
        // Old records, dashes and colons, still read.
        let (_, old) = start(&[("heaps", "20"), ("moves", "13-7 8:5")]);
        assert_eq!(
            (old.heaps.clone(), old.links.problems.len()),
            (vec![8, 5, 7], 0)
        );
        // A record line names its rule and misère play.
        let (_, read) = start(&[("record", "0.333 misere 21: 21-3 18-1")]);
        assert_eq!(
            (read.rule.as_str(), read.misere, read.heaps.clone()),
            ("0.333", true, vec![17])
        );
        let (_, read) = start(&[("rule", "kayles"), ("record", "10: 10-2=5+3")]);
        assert_eq!(
            (read.rule.as_str(), read.heaps.clone()),
            ("0.77", vec![5, 3])
        );
        let strict = |text: &str| read_settings(&pairs(&[("record", text)]), true).map(|_| ());
        assert_eq!(strict("0.8 10: 10-1").unwrap_err().code, "rule.digit");
        assert_eq!(
            strict("kayles 10: 10-3").unwrap_err().code,
            "record.split_refused"
        );
        assert_eq!(
            strict("kayles 10: 10-3x").unwrap_err().code,
            "record.split_syntax"
        );
    }

    #[test]
    fn a_bad_rule_or_misere_is_reported_and_a_strict_start_refuses_it() {
        for (name, value, code, used) in [
            ("rule", "0.8", "rule.digit", "grundy"),
            ("rule", "7.1", "rule.first_digit", "grundy"),
            ("rule", "abc", "rule.syntax", "grundy"),
            ("rule", "", "rule.empty", "grundy"),
            ("rule", "0.", "rule.no_digits", "grundy"),
            ("rule", "0.77777777777777777", "rule.too_long", "grundy"),
            ("misere", "yes", "input.unknown", "0"),
        ] {
            let (_, snap) = start(&[(name, value), ("heaps", "9")]);
            assert_eq!(
                (snap.rule.as_str(), snap.misere),
                ("grundy", false),
                "{value}"
            );
            let p = &snap.links.problems[0];
            assert_eq!((p.reason.code, p.used.as_str()), (code, used), "{value}");
            // Strict: refused, and the game on the board stays as it was.
            let (mut s, before) = start(&[("rule", "kayles"), ("heaps", "5")]);
            let e = s.start(
                &pairs(&[(name, value), ("heaps", "9")]),
                true,
                &mut |_, _| true,
            );
            assert_eq!(e.unwrap_err().code, code);
            assert_eq!(s.snapshot().unwrap(), before);
        }
    }

    #[test]
    fn options_list_the_legal_moves_at_every_level_revealing_nothing_below_moves() {
        // Kayles at reveal off: the page still offers only legal moves, none marked.
        let (s, _) = start(&[("rule", "kayles"), ("heaps", "3"), ("reveal", "off")]);
        assert_eq!(s.options(0).unwrap(), [1, 2, 0, 1, 1, 1, 1, 1, 2, 1, 0, 1]);
        assert_eq!(s.splits(0).unwrap_err().code, "reveal.splits");
    }

    #[test]
    fn misere_games_show_outcomes_not_values_and_stop_at_their_bound() {
        // 21 matches, taking 1 to 3, the last one loses: lost for the first player.
        let (mut s, snap) = start(&[("rule", "0.333"), ("misere", "1"), ("heaps", "21")]);
        assert_eq!((snap.values.clone(), snap.nim_sum), (None, None));
        assert_eq!(snap.win, Some(false));
        assert_eq!(
            s.options(0).unwrap(),
            [1, 20, 0, 1, 2, 19, 0, 1, 3, 18, 0, 1]
        );
        let why = s.why_move(0, 0, 0, 0).unwrap();
        assert!(!why.winning && why.before.values.is_empty() && why.parts.is_none());
        let mut snap = s
            .play_move(HeapMove {
                heap: 0,
                take: 2,
                big: 19,
                small: 0,
            })
            .unwrap();
        // The perfect computer keeps to 4k + 1 and wins.
        while !snap.turns.over {
            snap = if snap.turns.computer_to_move {
                let next = s.computer_move(snap.moves.len()).unwrap();
                assert_eq!(next.heaps.first().copied().unwrap_or(1) % 4, 1);
                next
            } else {
                s.play_move(HeapMove {
                    heap: 0,
                    take: 1,
                    big: snap.heaps[0] - 1,
                    small: 0,
                })
                .unwrap()
            };
        }
        assert_eq!(snap.turns.winner, Some(Player::Two));
        assert!(snap
            .moves
            .iter()
            .filter(|m| m.by == Player::Two)
            .all(|m| m.winning == Some(true)));
        // Past the bound: refused, strict or not; the game stays.
        let before = s.snapshot().unwrap();
        for strict in [false, true] {
            let e = s
                .start(
                    &pairs(&[("rule", "kayles"), ("misere", "1"), ("heaps", "70")]),
                    strict,
                    &mut |_, _| true,
                )
                .unwrap_err();
            assert_eq!(e.code, "misere.tokens");
            assert_eq!(s.snapshot().unwrap(), before);
        }
        // Marienbad at any size, by Bouton's rule.
        let (mut s, snap) = start(&[
            ("rule", "nim"),
            ("misere", "1"),
            ("heaps", "1,3,5,7,16777216"),
        ]);
        assert_eq!(snap.win, Some(true));
        assert!(s.hint(0).unwrap().hint.unwrap().winning.is_some());
    }

    #[test]
    fn a_game_of_9000_matches_is_played_to_the_end() {
        let (mut s, mut snap) = start(&[("heaps", "9000"), ("level", "random")]);
        s.set_demo(true).unwrap();
        while !snap.turns.over {
            snap = s.computer_move(snap.moves.len()).unwrap();
        }
        assert_eq!(snap.matches, 9000);
        assert!(snap.heaps.is_empty());
        assert_eq!(snap.ones + 2 * snap.twos, 9000);
        assert!(snap.moves.len() > 4096, "{}", snap.moves.len());
        let (again, _) = read_settings(&snap.links.here_params, true).unwrap();
        assert_eq!(
            again.heaps.ones() + again.heaps.twos(),
            snap.ones + snap.twos
        );
    }
}
