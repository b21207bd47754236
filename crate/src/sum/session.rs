//! One sum of games as the page plays it: the components, the course of the
//! game (the same [`Turns`] as every game), and a snapshot after each request.
//!
//! The snapshot's components, moves and hint cross to JavaScript as flat
//! lists of numbers (documented on [`Snapshot`]; `www/sum/controller.js` reads
//! them): serialising a dozen small structs field by field would add more
//! code to the wasm module than the whole game logic.

use super::record::{self, RecordMove};
use super::{
    format_grundy, format_heaps, parse_chomp, parse_grundy, parse_heaps, parse_nim, Component,
    SumError, SumMove, SumPosition, Values, MAX_COMPONENTS,
};
use crate::chomp::Position;
use crate::error::{Coded, Report};
use crate::grundy::{Heaps, Rule};
use crate::params::{first_name, game_params, resume_at, GameLinks, ParamReader, Problem, FIRSTS};
use crate::reveal::{self, Mark, Noted, Reveal, Value};
use crate::rng::Rng;
use crate::turns::{GameLine, Played, Player, TurnError, Turns, TurnsView};
use serde::Serialize;

/// Who plays player 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// Makes the nim-sum 0 whenever it can.
    Perfect,
    /// Any legal move.
    Random,
    /// A second person on the same device.
    Human,
}

/// Names of the opponents, as links and the form write them.
pub const OPPONENTS: &[&str] = &["perfect", "random", "human"];

impl Opponent {
    fn parse(text: &str) -> Option<Opponent> {
        match text {
            "perfect" => Some(Opponent::Perfect),
            "random" => Some(Opponent::Random),
            "human" => Some(Opponent::Human),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        OPPONENTS[self as usize]
    }
}

/// The sum played when the address names none: the worksheet's 2 × 3 bar
/// (nimber 4), a Grundy heap of 8 (2) and a Nim heap of 3: 4 xor 2 xor 3 = 5,
/// so the first player wins.
fn default_sum() -> Vec<Component> {
    vec![
        // Not `expect`, which formats the error with `Debug` (see
        // `SumPosition::after`).
        Component::Chomp(Position::rectangle(2, 3).unwrap_or_else(|_| unreachable!("a bar"))),
        Component::Heaps(Heaps::from_list(&[8]).unwrap_or_else(|_| unreachable!("a heap"))),
        Component::Nim(3),
    ]
}

/// A sum to start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The components at the start.
    pub start: SumPosition,
    /// Who moves first.
    pub first: Player,
    /// Who player 2 is.
    pub opponent: Opponent,
    /// The seed of the random computer, when one was asked for.
    pub seed: Option<u64>,
    /// Moves to replay from the start (a record, see [`record`]), checked
    /// when played.
    pub moves: Vec<RecordMove>,
    /// Moves of `moves` on the board, when not all of them (the rest can be redone).
    pub at: Option<usize>,
}

/// Numbers joined by `sep`.
fn join<T: ToString>(items: impl Iterator<Item = T>, sep: &str) -> String {
    items.map(|x| x.to_string()).collect::<Vec<_>>().join(sep)
}

impl Settings {
    /// The pairs that start this sum again: `chomp`, `grundy`, `heaps` and
    /// `nim` as [`read_settings`] reads them (the games in the same order),
    /// `first`, `level` and the seed.
    #[inline(never)]
    pub fn to_params(&self) -> Vec<(String, String)> {
        let mut lists: [Vec<String>; 4] = Default::default();
        let mut others: Vec<&Heaps> = Vec::new();
        for c in &self.start.components {
            match c {
                Component::Chomp(p) => lists[0].push(join(p.rows().iter(), ",")),
                // `grundy` is read before `heaps`: a game of Grundy's after
                // another rule's stays in `heaps`, in its place.
                Component::Heaps(h) if h.rule() == Rule::Grundy && others.is_empty() => {
                    lists[1].push(format_grundy(h))
                }
                Component::Heaps(h) => others.push(h),
                Component::Nim(n) => lists[3].push(n.to_string()),
            }
        }
        if !others.is_empty() {
            lists[2].push(format_heaps(others.into_iter()));
        }
        let mut pairs: Vec<(String, String)> = ["chomp", "grundy", "heaps", "nim"]
            .iter()
            .zip([";", ",", ",", ","])
            .zip(lists)
            .filter(|(_, list)| !list.is_empty())
            .map(|((name, sep), list)| (name.to_string(), list.join(sep)))
            .collect();
        pairs.push(("first".into(), first_name(self.first).into()));
        pairs.push(("level".into(), self.opponent.name().into()));
        if let Some(seed) = self.seed {
            pairs.push(("seed".into(), seed.to_string()));
        }
        pairs
    }
}

/// Every parameter [`read_settings`] reads (the page reads its own: `lang`,
/// `theme`). The documentation's tables are checked against it.
pub const PARAMS: &[&str] = &[
    "chomp", "grundy", "heaps", "nim", "first", "level", "seed", "moves", "at",
];

/// The sum page's limits and names, from the rule book.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rules {
    /// Opponent names, in the form's order.
    pub opponents: &'static [&'static str],
    /// Who may move first.
    pub firsts: &'static [&'static str],
    /// The parameters a sum is started from (see [`PARAMS`]).
    pub params: &'static [&'static str],
}

/// The sum page's limits and names.
pub fn rules() -> Rules {
    Rules {
        opponents: OPPONENTS,
        firsts: FIRSTS,
        params: PARAMS,
    }
}

/// Reads the sum from `pairs`: `chomp` (bars separated by `;`, each `3x4` or
/// row lengths `4,4,2`), `grundy` (games separated by `,`; `13+7` is one
/// game of two heaps), `heaps` (heap games of any rule, `kayles:5+3,7,0.333:9`,
/// see [`parse_heaps`]), `nim` (heaps separated by `,`), `first`, `level`
/// (one of [`OPPONENTS`]), `seed`, `moves` (a record, see [`record`]) and
/// `at` (how many of its moves are on the board). With none of `chomp`, `grundy`, `nim`,
/// the default sum (2 × 3 bar, Grundy heap of 8, Nim heap of 3). A bad value
/// is reported and left out (with `strict`, it is an error instead).
#[inline(never)]
pub fn read_settings(
    pairs: &[(String, String)],
    strict: bool,
) -> Result<(Settings, Vec<Problem>), Report> {
    let mut r = ParamReader::new(pairs, PARAMS);
    let given = ["chomp", "grundy", "heaps", "nim"]
        .iter()
        .any(|k| r.get(k).is_some());
    let mut components = Vec::new();
    if let Some(text) = r.get("chomp") {
        for bar in text.split(';').filter(|b| !b.trim().is_empty()) {
            match parse_chomp(bar) {
                Ok(p) => components.push(Component::Chomp(p)),
                Err(e) => r.report("chomp", bar, &e, String::new()),
            }
        }
    }
    if let Some(text) = r.get("grundy") {
        match parse_grundy(text) {
            Ok(list) => components.extend(list.into_iter().map(Component::Heaps)),
            Err(e) => r.report("grundy", text, &e, String::new()),
        }
    }
    if let Some(text) = r.get("heaps") {
        match parse_heaps(text) {
            Ok(list) => components.extend(list.into_iter().map(Component::Heaps)),
            Err(e) => r.report("heaps", text, &e, String::new()),
        }
    }
    if let Some(text) = r.get("nim") {
        match parse_nim(text) {
            Ok(list) => components.extend(list.into_iter().map(Component::Nim)),
            Err(e) => r.report("nim", text, &e, String::new()),
        }
    }
    if components.len() > MAX_COMPONENTS {
        let e = SumError::TooMany {
            count: components.len(),
        };
        let count = components.len().to_string();
        r.report(
            "chomp+grundy+heaps+nim",
            &count,
            &e,
            MAX_COMPONENTS.to_string(),
        );
        components.truncate(MAX_COMPONENTS);
    }
    if components.is_empty() {
        if given {
            r.report(
                "chomp+grundy+heaps+nim",
                "",
                &SumError::Empty,
                "2x3, 8, 3".into(),
            );
        }
        components = default_sum();
    }
    let seed = r.seed();
    let first = r.first();
    let opponent = r.choice(
        "level",
        OPPONENTS,
        Opponent::parse,
        Opponent::Perfect,
        "perfect",
    );
    let start = SumPosition { components };
    let moves = r
        .parsed("moves", |text| record::parse_moves(text, &start))
        .unwrap_or_default();
    let at = r.at();
    let settings = Settings {
        start,
        first,
        opponent,
        seed,
        moves,
        at,
    };
    Ok((settings, r.finish(strict)?))
}

/// What was known of a move when it was played: the nim-sums before and
/// after it, and how the record writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlyNote {
    /// The nim-sum before the move.
    pub before: u32,
    /// The nim-sum after it: 0 means the move wins against any defence.
    pub after: u32,
    /// The move as the record writes it (which heap of its size a split was on).
    pub record: RecordMove,
}

/// What the analysis reads of a move (marks, the value history): the nim-sum
/// decides who wins, so each value is the outcome alone, its remoteness
/// unknown (a sum's is not the nim-sum's to say).
impl Noted for PlyNote {
    fn before(&self) -> Value {
        outcome(self.before)
    }
    fn after(&self) -> Value {
        outcome(self.after)
    }
    fn best(&self) -> Option<u32> {
        None
    }
}

/// A position of nim-sum `sum` for the player to move: won unless it is 0.
fn outcome(sum: u32) -> Value {
    Value {
        win: Some(sum != 0),
        remoteness: None,
    }
}

/// What a sum reveals: everything (the page hides the nimbers on request,
/// the session has no level).
const REVEAL: Reveal = Reveal::Explain;

/// Kinds of components and moves, as numbers in the snapshot's lists.
const CHOMP: u32 = 0;
const GRUNDY: u32 = 1;
const NIM: u32 = 2;
const HEAPS: u32 = 3;

/// Numbers per move in the snapshot's lists.
pub const MOVE_WORDS: usize = 6;

/// A move as six numbers: kind, component, then row and column (Chomp),
/// heap, take, big and small (a heap game), or the tokens left (Nim),
/// zeros after.
fn encode_move(mv: &SumMove, position: &SumPosition, out: &mut Vec<u32>) {
    let words = match *mv {
        SumMove::Chomp {
            component,
            row,
            col,
        } => [CHOMP, component as u32, row as u32, col as u32, 0, 0],
        SumMove::Heap {
            component,
            heap,
            take,
            big,
            small,
        } => {
            let grundy = matches!(position.components.get(component),
                Some(Component::Heaps(h)) if h.rule() == Rule::Grundy);
            let kind = if grundy { GRUNDY } else { HEAPS };
            [kind, component as u32, heap as u32, take, big, small]
        }
        SumMove::Nim { component, leave } => [NIM, component as u32, leave, 0, 0, 0],
    };
    out.extend_from_slice(&words);
}

/// Each move's mark as the snapshot's lists write it.
fn mark_number(mark: Option<Mark>) -> u32 {
    match mark {
        None => 0,
        Some(Mark::Good) => 1,
        Some(Mark::Mistake) => 2,
    }
}

/// Moves of the game line as the snapshot's lists write them (nine numbers each).
fn encode_plies(plies: &[Played<SumMove, PlyNote>], start: &SumPosition) -> Vec<u32> {
    let mut out = Vec::with_capacity(plies.len() * (MOVE_WORDS + 3));
    for p in plies {
        encode_move(&p.mv, start, &mut out);
        let (mark, _) = reveal::judge(&p.note, REVEAL);
        out.extend([u32::from(p.by.number()), p.note.after, mark_number(mark)]);
    }
    out
}

/// Everything the views draw, after any request. `components`, `moves`,
/// `undone` and `hint` are flat lists of numbers (kinds: 0 Chomp, 1
/// Grundy's game, 2 Nim, 3 a heap game of another rule, named in `rules`):
/// * `components`: per component `kind, nimber, n` and `n` more numbers:
///   Chomp `box_rows, box_cols, rows…`; Nim `start, size`; a heap game
///   `a`, then `size, count` for each of the `a` sizes set aside (heaps
///   with no move), then for each heap that has a move `size, value, m`
///   and its `m` moves as `take, big, small` (none listed for Grundy's
///   game, whose moves are the page's to draw: every cut of its matches);
/// * `moves` (on the board) and `undone` (after them in the game line, to
///   redo or jump to): nine numbers per move: the move's six (see below),
///   who played it (1 or 2), the nim-sum after it (the one before is the
///   previous move's, or the start's) and its mark (0 none, 1 good: it
///   left nim-sum 0, 2 mistake: it handed a won position over);
/// * a move's six: `kind, component`, then `row, col, 0, 0` (Chomp),
///   `heap, take, big, small` (a heap game) or `leave, 0, 0, 0` (Nim);
/// * `hint`: six numbers per move that makes the nim-sum 0, or, when there
///   is none, the perfect computer's move (`hint_wins` says which).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Snapshot {
    /// The components, with their nimbers (see above).
    pub components: Vec<u32>,
    /// Each component's heap rule as the page names it (`grundy`,
    /// `kayles`, `0.333`), empty for a Chomp bar or a Nim heap.
    pub rules: Vec<String>,
    /// The xor of the nimbers: 0 means the player to move loses.
    pub nim_sum: u32,
    /// The nim-sum at the start.
    pub start_sum: u32,
    /// The moves on the board (see above).
    pub moves: Vec<u32>,
    /// The moves undone, after those on the board in the game line (see above).
    pub undone: Vec<u32>,
    /// Who wins each position of the game line, for the player to move
    /// there (from the nim-sum; no remoteness); empty before any move.
    pub history: Vec<Value>,
    /// The opponent's name (one of [`OPPONENTS`]).
    pub level: &'static str,
    /// Whose turn it is, who won, what undo and redo do.
    #[serde(flatten)]
    pub turns: TurnsView,
    /// Problems of the last start, and the pairs for addresses.
    #[serde(flatten)]
    pub links: GameLinks,
    /// The hint's moves, when asked for (see above).
    pub hint: Option<Vec<u32>>,
    /// Whether the hint's moves win (else it is the best resistance).
    pub hint_wins: bool,
}

struct Game {
    settings: Settings,
    values: Values,
    turns: Turns<SumPosition, PlyNote>,
}

/// A session of sums of games: one sum at a time.
pub struct Session {
    game: Option<Game>,
    rng: Rng,
}

fn report(e: impl Coded) -> Report {
    Report::of(&e)
}

impl Session {
    /// A session; `seed` drives the random computer.
    pub fn new(seed: u64) -> Session {
        Session {
            game: None,
            rng: Rng::new(seed),
        }
    }

    /// Starts a sum from `pairs` (see [`read_settings`]).
    pub fn start(&mut self, pairs: &[(String, String)], strict: bool) -> Result<Snapshot, Report> {
        let (settings, problems) = read_settings(pairs, strict)?;
        let values = Values::new(&settings.start).map_err(report)?;
        let against_computer = settings.opponent != Opponent::Human;
        let turns = Turns::new(settings.start.clone(), settings.first, against_computer);
        if let Some(seed) = settings.seed {
            self.rng = Rng::new(seed);
        }
        let (moves, at) = (settings.moves.clone(), settings.at);
        self.game = Some(Game {
            settings,
            values,
            turns,
        });
        let mut problems = problems;
        if let Some(e) = self.replay(&moves) {
            let written = record::format_moves(&moves);
            problems.push(Problem::cut_short("moves", &written, report(e)));
        }
        problems.extend(resume_at(&mut self.game_mut()?.turns, at));
        let mut snap = self.snapshot()?;
        snap.links.problems = problems;
        Ok(snap)
    }

    /// Plays a record's moves in turn from the start; stops at the first
    /// that cannot be played there, and says which.
    fn replay(&mut self, moves: &[RecordMove]) -> Option<SumError> {
        for (i, &m) in moves.iter().enumerate() {
            let position = self.game().ok()?.turns.position();
            let played = record::locate_move(position, m).map(|mv| self.push(mv));
            if !matches!(played, Some(Ok(()))) {
                return Some(SumError::RecordIllegal {
                    index: i + 1,
                    text: record::format_moves(&[m]),
                });
            }
        }
        None
    }

    fn game(&self) -> Result<&Game, Report> {
        self.game.as_ref().ok_or_else(|| report(TurnError::NoGame))
    }

    fn game_mut(&mut self) -> Result<&mut Game, Report> {
        self.game.as_mut().ok_or_else(|| report(TurnError::NoGame))
    }

    fn push(&mut self, mv: SumMove) -> Result<(), Report> {
        let game = self.game_mut()?;
        let before = game.turns.position();
        let after = before.play(mv).map_err(report)?;
        let note = PlyNote {
            before: game.values.nim_sum(before),
            after: game.values.nim_sum(&after),
            record: record::record_move(before, mv),
        };
        game.turns.push(mv, after, note);
        Ok(())
    }

    /// The person plays `mv`.
    pub fn play(&mut self, mv: SumMove) -> Result<Snapshot, Report> {
        self.game()?.turns.check_person_may_move().map_err(report)?;
        self.push(mv)?;
        self.snapshot()
    }

    /// The perfect move from `p`: one that makes the nim-sum 0, else (a lost
    /// position) the move leaving the most moves, so the game lasts and the
    /// opponent has the most chances to go wrong. `None` when the game is over.
    fn perfect(values: &Values, p: &SumPosition) -> Option<SumMove> {
        values.winning_moves(p).first().copied().or_else(|| {
            let left = p.moves_left();
            // The first of the best, so the same position gets the same move.
            let best = left.iter().map(|&(_, n)| n).max()?;
            left.into_iter().find(|&(_, n)| n == best).map(|(mv, _)| mv)
        })
    }

    /// The computer moves (its turn, or either side's in a demo), asked at
    /// `at_ply` moves: a request overtaken by another is refused as stale.
    pub fn computer_move(&mut self, at_ply: usize) -> Result<Snapshot, Report> {
        let random = self.rng.next_f64();
        let game = self.game()?;
        game.turns.check_computer_may_move(at_ply).map_err(report)?;
        let p = game.turns.position();
        let mv = match (game.turns.demo(), game.settings.opponent) {
            (false, Opponent::Random) => {
                let all = p.moves();
                let i = (random * all.len() as f64) as usize;
                all.get(i.min(all.len().saturating_sub(1))).copied()
            }
            _ => Self::perfect(&game.values, p),
        };
        self.push(mv.ok_or_else(|| report(TurnError::GameOver))?)?;
        self.snapshot()
    }

    /// The winning moves of the position on the board, or the perfect
    /// computer's move when there is none (true when they win).
    pub fn hint_moves(&self, at_ply: usize) -> Result<(Vec<SumMove>, bool), Report> {
        let game = self.game()?;
        if at_ply != game.turns.ply() {
            return Err(report(TurnError::Stale));
        }
        if game.turns.over() {
            return Err(report(TurnError::GameOver));
        }
        let p = game.turns.position();
        let winning = game.values.winning_moves(p);
        if winning.is_empty() {
            Ok((Self::perfect(&game.values, p).into_iter().collect(), false))
        } else {
            Ok((winning, true))
        }
    }

    /// The snapshot with the hint for the position on the board (asked at `at_ply` moves).
    pub fn hint(&mut self, at_ply: usize) -> Result<Snapshot, Report> {
        let (moves, wins) = self.hint_moves(at_ply)?;
        let mut snap = self.snapshot()?;
        let mut hint = Vec::with_capacity(moves.len() * MOVE_WORDS);
        let start = self.game()?.turns.start();
        for mv in &moves {
            encode_move(mv, start, &mut hint);
        }
        snap.hint = Some(hint);
        snap.hint_wins = wins;
        Ok(snap)
    }

    /// The position on the board (for tests and the stateless callers).
    pub fn position(&self) -> Result<&SumPosition, Report> {
        Ok(self.game()?.turns.position())
    }

    /// Everything the views draw.
    pub fn snapshot(&self) -> Result<Snapshot, Report> {
        let game = self.game()?;
        let t = &game.turns;
        let v = &game.values;
        let position = t.position();
        let mut components = Vec::new();
        let mut rules = Vec::new();
        for (c, start) in position
            .components
            .iter()
            .zip(&game.settings.start.components)
        {
            let mut body: Vec<u32> = Vec::new();
            let kind = match (c, start) {
                (Component::Chomp(p), Component::Chomp(s)) => {
                    rules.push(String::new());
                    body.extend([s.height() as u32, s.width() as u32]);
                    body.extend(p.rows().iter().map(|&r| r as u32));
                    CHOMP
                }
                (Component::Heaps(h), _) => {
                    let rule = h.rule();
                    body.push(h.aside().len() as u32);
                    for &(n, count) in h.aside() {
                        // At most 4096 heaps of at most 60 are split or cut into fewer than 2^32.
                        body.extend([n, count.min(u64::from(u32::MAX)) as u32]);
                    }
                    for &n in h.live() {
                        body.extend([n, v.heap(rule, n), 0]);
                        if rule != Rule::Grundy {
                            let at = body.len() - 1;
                            for o in rule.options(n) {
                                body.extend([o.take, o.big, o.small]);
                            }
                            body[at] = ((body.len() - at - 1) / 3) as u32;
                        }
                    }
                    rules.push(rule.known_name().map_or_else(|| rule.name(), String::from));
                    if rule == Rule::Grundy {
                        GRUNDY
                    } else {
                        HEAPS
                    }
                }
                (Component::Nim(n), Component::Nim(s)) => {
                    rules.push(String::new());
                    body.extend([*s, *n]);
                    NIM
                }
                // Components never change kind.
                _ => continue,
            };
            components.extend([kind, v.of(c), body.len() as u32]);
            components.extend(body);
        }
        let mut here = game.settings.clone();
        here.start = position.clone();
        here.first = t.to_move();
        here.seed = None;
        here.moves.clear();
        here.at = None;
        let written: Vec<RecordMove> = t.line().iter().map(|p| p.note.record).collect();
        let start_params = game.settings.to_params();
        let line = record::format_moves(&written);
        Ok(Snapshot {
            components,
            rules,
            nim_sum: v.nim_sum(position),
            start_sum: v.nim_sum(t.start()),
            moves: encode_plies(t.played(), t.start()),
            undone: encode_plies(t.undone(), t.start()),
            history: reveal::history(t.line().iter().map(|p| &p.note), REVEAL),
            level: game.settings.opponent.name(),
            turns: t.view(),
            links: GameLinks {
                problems: Vec::new(),
                game_params: game_params(&start_params, line, t, None),
                start_params,
                here_params: here.to_params(),
                record: record::format_moves(&written[..t.ply()]),
            },
            hint: None,
            hint_wins: false,
        })
    }
}

impl GameLine for Session {
    type Position = SumPosition;
    type Note = PlyNote;
    type Snapshot = Snapshot;

    fn game_line(&mut self) -> Result<&mut Turns<SumPosition, PlyNote>, Report> {
        Ok(&mut self.game_mut()?.turns)
    }

    fn describe(&mut self) -> Result<Snapshot, Report> {
        self.snapshot()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_parameter_in_the_table_is_read() {
        crate::params::assert_every_param_is_read(PARAMS, |p| read_settings(p, false).unwrap().1);
    }
    use crate::params::pairs;

    fn start(list: &[(&str, &str)]) -> (Session, Snapshot) {
        let mut s = Session::new(5);
        let snap = s.start(&pairs(list), false).unwrap();
        (s, snap)
    }

    #[test]
    fn a_sum_over_at_its_start_is_lost_by_the_player_to_move() {
        // A Nim heap of 0: no move in any game.
        crate::turns::check_over_at_its_start(&[("nim", "0")], start, |s| s.turns);
    }

    #[test]
    fn a_sum_of_4096_heaps_is_hinted_and_played() {
        // 98,304 moves: the hint and the computer look each move up once
        // (they once played every move and rescanned the sum after each).
        let (mut s, snap) = start(&[("grundy", "50x4096"), ("level", "perfect")]);
        assert_eq!(snap.nim_sum, 0);
        let hint = s.hint(0).unwrap();
        assert!(!hint.hint_wins);
        assert_eq!(hint.hint.as_ref().map(Vec::len), Some(MOVE_WORDS));
        s.set_demo(true).unwrap();
        let snap = s.computer_move(0).unwrap();
        assert_eq!(snap.moves[..MOVE_WORDS], hint.hint.unwrap()[..]);
        // Now the opponent wins: every hint makes the nim-sum 0 again.
        let hint = s.hint(1).unwrap();
        assert!(hint.hint_wins);
        let first = s.computer_move(1).unwrap();
        assert_eq!((first.nim_sum, first.moves.len()), (0, 18));
    }

    /// Each component's kind and nimber, read back from the flat list.
    fn kinds_and_nimbers(s: &Snapshot) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < s.components.len() {
            out.push((s.components[i], s.components[i + 1]));
            i += 3 + s.components[i + 2] as usize;
        }
        out
    }

    #[test]
    fn the_default_sum_is_won_by_following_the_hints() {
        let (mut s, mut snap) = start(&[]);
        assert_eq!(
            kinds_and_nimbers(&snap),
            [(CHOMP, 4), (GRUNDY, 2), (NIM, 3)]
        );
        assert_eq!(snap.components[..7], [CHOMP, 4, 4, 2, 3, 3, 3]);
        assert_eq!((snap.nim_sum, snap.start_sum), (5, 5));
        while !snap.turns.over {
            if snap.turns.computer_to_move {
                snap = s.computer_move(snap.turns_ply()).unwrap();
                assert_ne!(snap.nim_sum, 0);
            } else {
                let (moves, wins) = s.hint_moves(snap.turns_ply()).unwrap();
                assert!(wins);
                let hinted = s.hint(snap.turns_ply()).unwrap();
                assert_eq!(
                    hinted.hint.as_ref().unwrap().len(),
                    moves.len() * MOVE_WORDS
                );
                snap = s.play(moves[0]).unwrap();
                assert_eq!(snap.nim_sum, 0);
                // The last move left nim-sum 0 and is marked good.
                assert_eq!(snap.moves[snap.moves.len() - 2..], [0, 1]);
            }
        }
        assert_eq!(snap.turns.winner, Some(Player::One));
    }

    /// Pairs as string slices, to compare with literals.
    fn str_pairs(pairs: &[(String, String)]) -> Vec<(&str, &str)> {
        pairs
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect()
    }

    impl Snapshot {
        fn turns_ply(&self) -> usize {
            self.moves.len() / 9
        }
    }

    #[test]
    fn a_zero_sum_is_lost_against_the_perfect_computer() {
        // 4 xor 2 xor 6 = 0: whatever the person does, the computer restores 0.
        let (mut s, mut snap) = start(&[("chomp", "2x3"), ("grundy", "8"), ("nim", "6")]);
        assert_eq!(snap.nim_sum, 0);
        let mut seed = 1u64;
        while !snap.turns.over {
            if snap.turns.computer_to_move {
                snap = s.computer_move(snap.turns_ply()).unwrap();
                assert_eq!(snap.nim_sum, 0);
            } else {
                let (hint, wins) = s.hint_moves(snap.turns_ply()).unwrap();
                assert!(!wins && hint.len() == 1);
                let moves = s.position().unwrap().moves();
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                snap = s.play(moves[(seed >> 33) as usize % moves.len()]).unwrap();
            }
        }
        assert_eq!(snap.turns.winner, Some(Player::Two));
    }

    #[test]
    fn links_restart_the_sum_and_reopen_the_position() {
        let (mut s, _) = start(&[
            ("chomp", "3x3;2,1"),
            ("grundy", "9"),
            ("nim", "4,2"),
            ("level", "human"),
        ]);
        s.play(SumMove::Chomp {
            component: 0,
            row: 2,
            col: 2,
        })
        .unwrap();
        s.play(SumMove::Heap {
            component: 2,
            heap: 0,
            take: 0,
            big: 6,
            small: 3,
        })
        .unwrap();
        let snap = s
            .play(SumMove::Nim {
                component: 3,
                leave: 1,
            })
            .unwrap();
        // Player 2 handed over a won position (nim-sum 6 left): a mistake.
        assert_eq!(snap.moves[9..18], [GRUNDY, 2, 0, 0, 6, 3, 2, 6, 2]);
        let here = str_pairs(&snap.links.here_params);
        assert_eq!(
            here[..3],
            [("chomp", "3,1,1;2,1"), ("grundy", "6+3"), ("nim", "1,2")]
        );
        let (again, snap2) = start(&here);
        assert_eq!(again.position().unwrap(), s.position().unwrap());
        assert_eq!(snap2.turns.to_move, Player::Two);
        assert_eq!(kinds_and_nimbers(&snap2), kinds_and_nimbers(&snap));
        let start_params = str_pairs(&snap.links.start_params);
        assert_eq!(
            start_params[..3],
            [("chomp", "3,3,3;2,1"), ("grundy", "9"), ("nim", "4,2")]
        );
    }

    #[test]
    fn the_address_replays_the_record_and_comes_back_where_the_board_is() {
        let (mut s, _) = start(&[
            ("chomp", "3x3"),
            ("grundy", "9,9"),
            ("nim", "4"),
            ("level", "human"),
        ]);
        let chomp = SumMove::Chomp {
            component: 0,
            row: 2,
            col: 2,
        };
        let second = SumMove::Heap {
            component: 2,
            heap: 0,
            take: 0,
            big: 6,
            small: 3,
        };
        let first = SumMove::Heap {
            component: 1,
            heap: 0,
            take: 0,
            big: 5,
            small: 4,
        };
        let nim = SumMove::Nim {
            component: 3,
            leave: 1,
        };
        for mv in [chomp, second, first, nim] {
            s.play(mv).unwrap();
        }
        let end = s.snapshot().unwrap();
        assert_eq!(end.links.record, "1:2,2 3:6+3 2:5+4 4:1");
        let undone = s.undo().unwrap();
        assert_eq!(undone.links.record, "1:2,2 3:6+3 2:5+4");
        let pairs = str_pairs(&undone.links.game_params);
        assert!(
            pairs.contains(&("moves", "1:2,2 3:6+3 2:5+4 4:1")) && pairs.contains(&("at", "3"))
        );
        let (mut again, snap) = start(&pairs);
        assert!(snap.links.problems.is_empty());
        assert_eq!(
            (snap.components.clone(), snap.moves.clone()),
            (undone.components.clone(), undone.moves.clone())
        );
        assert_eq!(again.redo().unwrap().components, end.components);
        // The second of two heaps of one size is written @2 and split again there.
        let (mut s, _) = start(&[("grundy", "9+9"), ("level", "human")]);
        let snap = s
            .play(SumMove::Heap {
                component: 0,
                heap: 1,
                take: 0,
                big: 7,
                small: 2,
            })
            .unwrap();
        assert_eq!(snap.links.record, "1:7+2@2");
        let (_, again) = start(&[("grundy", "9+9"), ("moves", "1:7+2@2")]);
        assert_eq!(again.components, snap.components);
        // A move that cannot be played: the moves before it are kept, and said so.
        let (_, snap) = start(&[("nim", "4,3"), ("moves", "1:2 2:3 1:0")]);
        let p = &snap.links.problems[0];
        assert_eq!((p.reason.code, p.partly_used), ("sum.record_illegal", true));
        assert_eq!(
            p.reason.message,
            "move 2 of the record (2:3) cannot be played there: the moves before it are kept"
        );
        assert_eq!(snap.links.record, "1:2");
        // A move of no game of the sum, or not written as its game's.
        for bad in ["3:1", "1:2,3", "x", "1:", "0:1"] {
            let (_, snap) = start(&[("nim", "4,3"), ("moves", bad)]);
            assert_eq!(
                snap.links.problems[0].reason.code, "sum.record_syntax",
                "{bad}"
            );
            assert!(snap.moves.is_empty());
        }
    }

    #[test]
    fn heap_games_of_any_rule_play_in_a_sum_and_come_back_from_links() {
        let (mut s, snap) = start(&[
            ("heaps", "kayles:5+3,7,0.333:9"),
            ("nim", "2"),
            ("level", "human"),
        ]);
        assert_eq!(snap.rules, ["kayles", "kayles", "0.333", ""]);
        // Kinds and nimbers: Kayles 5+3 is 4 xor 3, Kayles 7 is 2, the
        // matches game's 9 is 9 mod 4 = 1, the Nim heap 2.
        assert_eq!(kinds_and_nimbers(&snap), [(3, 7), (3, 2), (3, 1), (2, 2)]);
        assert_eq!(snap.nim_sum, 7 ^ 2 ^ 1 ^ 2);
        // Every listed move of a heap is legal, and the hint's moves make the sum 0.
        let hint = s.hint(0).unwrap();
        assert!(hint.hint_wins);
        for m in hint.hint.unwrap().chunks(MOVE_WORDS) {
            let mv = SumMove::Heap {
                component: m[1] as usize,
                heap: m[2] as usize,
                take: m[3],
                big: m[4],
                small: m[5],
            };
            let p = s.position().unwrap().play(mv).unwrap();
            let v = Values::new(s.position().unwrap()).unwrap();
            assert_eq!(v.nim_sum(&p), 0, "{mv:?}");
        }
        // Knock the middle pin of Kayles' 7 down: 3 + 3 (worth 0).
        let snap = s
            .play(SumMove::Heap {
                component: 1,
                heap: 0,
                take: 1,
                big: 3,
                small: 3,
            })
            .unwrap();
        assert_eq!(snap.links.record, "2:7-1=3+3");
        assert_eq!(
            str_pairs(&snap.links.here_params)[..2],
            [("heaps", "kayles:5+3,3+3,0.333:9"), ("nim", "2")]
        );
        // Take the matches game's 9 whole, 3 by 3: the game comes back as 0.
        for (size, component) in [(9, 2), (6, 2), (3, 2)] {
            s.play(SumMove::Heap {
                component,
                heap: 0,
                take: 3,
                big: size - 3,
                small: 0,
            })
            .unwrap();
        }
        let snap = s.snapshot().unwrap();
        assert_eq!(
            str_pairs(&snap.links.here_params)[0],
            ("heaps", "kayles:5+3,3+3,0.333:0")
        );
        for pairs in [&snap.links.here_params, &snap.links.game_params] {
            let (_, again) = start(&str_pairs(pairs));
            assert!(
                again.links.problems.is_empty(),
                "{:?}",
                again.links.problems
            );
            assert_eq!(again.components, snap.components);
        }
        // A game of Grundy's after another rule's keeps its place in links.
        let (_, snap) = start(&[("heaps", "kayles:4,grundy:9"), ("grundy", "7")]);
        assert_eq!(snap.rules, ["grundy", "kayles", "grundy"]);
        let pairs = str_pairs(&snap.links.start_params);
        assert_eq!(
            pairs[..2],
            [("grundy", "7"), ("heaps", "kayles:4,grundy:9")]
        );
        // A record's heap move is read by its game's rule and replayed.
        let (_, again) = start(&[("heaps", "kayles:7"), ("moves", "1:7-2=3+2")]);
        assert_eq!(again.links.record, "1:7-2=3+2");
        assert!(again.links.problems.is_empty());
        let (_, bad) = start(&[("heaps", "kayles:7"), ("moves", "1:7-3=2+2")]);
        assert_eq!(bad.links.problems[0].reason.code, "sum.record_illegal");
        // A bad rule is named, and the default sum played.
        let (_, bad) = start(&[("heaps", "0.8:5")]);
        assert_eq!(bad.links.problems[0].reason.code, "rule.digit");
        assert_eq!(bad.links.problems[0].name, "heaps");
    }

    #[test]
    fn bad_settings_and_moves_are_named() {
        let (_, snap) = start(&[
            ("chomp", "11x2"),
            ("nim", "3,x"),
            ("grundy", "5"),
            ("level", "x"),
        ]);
        let codes: Vec<&str> = snap.links.problems.iter().map(|p| p.reason.code).collect();
        assert_eq!(codes, ["sum.bad_chomp", "sum.bad_nim", "input.unknown"]);
        assert_eq!(kinds_and_nimbers(&snap).len(), 1);
        let (_, snap) = start(&[("nim", "")]);
        assert_eq!(snap.links.problems[0].reason.code, "sum.empty");
        assert_eq!(kinds_and_nimbers(&snap).len(), 3);
        let (_, snap) = start(&[("nim", "1,2,3,4,5,6,7,8,9")]);
        assert_eq!(kinds_and_nimbers(&snap).len(), MAX_COMPONENTS);
        assert_eq!(snap.links.problems[0].reason.code, "sum.too_many");
        let mut s = Session::new(0);
        let e = s.start(&pairs(&[("nim", "a")]), true).unwrap_err();
        assert_eq!(e.code, "sum.bad_nim");
        assert_eq!(s.snapshot().unwrap_err().code, "session.no_game");
        let (mut s, _) = start(&[("nim", "3"), ("first", "computer")]);
        let take_all = SumMove::Nim {
            component: 0,
            leave: 0,
        };
        assert_eq!(s.play(take_all).unwrap_err().code, "turn.computer");
        let snap = s.computer_move(0).unwrap();
        assert!(snap.turns.over);
        assert_eq!(s.computer_move(1).unwrap_err().code, "turn.game_over");
        assert_eq!(s.hint(1).unwrap_err().code, "turn.game_over");
        assert_eq!(s.hint(0).unwrap_err().code, "session.stale");
    }

    #[test]
    fn the_game_line_carries_its_undone_moves_marks_and_values_and_go_to_jumps_in_it() {
        let (mut s, snap) = start(&[("nim", "4,3"), ("level", "human")]);
        assert!(snap.history.is_empty() && snap.undone.is_empty());
        let nim = |component, leave| SumMove::Nim { component, leave };
        // 4 xor 3 = 7: player 1 makes it 0 (good), player 2 cannot (no
        // mark: any move loses), player 1 then hands the win over (a mistake).
        s.play(nim(0, 3)).unwrap();
        s.play(nim(1, 1)).unwrap();
        let end = s.play(nim(0, 2)).unwrap();
        let marks: Vec<u32> = end.moves.chunks(9).map(|m| m[8]).collect();
        assert_eq!(marks, [1, 0, 2]);
        let wins: Vec<Option<bool>> = end.history.iter().map(|v| v.win).collect();
        assert_eq!(wins, [Some(true), Some(false), Some(true), Some(true)]);
        assert!(end.history.iter().all(|v| v.remoteness.is_none()));
        // A jump keeps the line: one move on the board, two to come back to.
        let at = s.go_to(1).unwrap();
        assert_eq!((at.moves.len(), at.undone.len()), (9, 18));
        assert_eq!(at.moves[..], end.moves[..9]);
        assert_eq!(at.undone[..], end.moves[9..]);
        assert_eq!((at.history.clone(), at.nim_sum), (end.history.clone(), 0));
        assert_eq!(at.links.record, "1:3");
        let pairs = str_pairs(&at.links.game_params);
        assert!(pairs.contains(&("moves", "1:3 2:1 1:2")) && pairs.contains(&("at", "1")));
        assert_eq!(s.go_to(4).unwrap_err().code, "session.stale");
        assert_eq!(s.snapshot().unwrap(), at);
        assert_eq!(s.go_to(3).unwrap(), end);
        // Against the computer, a jump to its turn has it wait to be asked.
        let (mut s, _) = start(&[("nim", "4,3")]);
        s.play(nim(0, 3)).unwrap();
        s.computer_move(1).unwrap();
        let at = s.go_to(1).unwrap();
        assert!(at.turns.computer_to_move && at.turns.computer_waits);
        assert_eq!(s.computer_move(1).unwrap().moves.len(), 18);
    }

    #[test]
    fn the_random_computer_and_the_demo_play_legal_moves_to_the_end() {
        let (mut s, mut snap) = start(&[
            ("chomp", "4x4"),
            ("grundy", "20"),
            ("nim", "7"),
            ("level", "random"),
            ("first", "computer"),
        ]);
        while !snap.turns.over {
            snap = if snap.turns.computer_to_move {
                s.computer_move(snap.turns_ply()).unwrap()
            } else {
                s.set_demo(true).unwrap();
                let next = s.computer_move(snap.turns_ply()).unwrap();
                s.set_demo(false).unwrap();
                next
            };
        }
        assert!(snap.turns.winner.is_some());
        assert!(s.undo().unwrap().turns.can_redo);
    }
}
