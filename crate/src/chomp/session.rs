//! One game of Chomp as the page plays it: the board's solver, the course of
//! the game, and a snapshot of everything the views draw after each request.
//!
//! Every user action is one call that returns one [`Snapshot`]; a refused
//! action returns the reason as a coded error and changes nothing.

use super::analysis::{self, best_remoteness, board_analysis, BoardAnalysis, Why};
use super::engine::{book_answers, Engine, Source};
use super::notation::{format_columns, format_rows};
use super::play::{Choice, Level, Verdict};
use super::position::{Move, Position};
use super::settings::{
    format_marks, format_moves, read_settings, Chosen, Opponent, Problem, SettingError, Settings,
    DEFAULT_BOARD, FIRSTS, MAX_BOARD_SIDE, MAX_THIN_SIDE, OPPONENTS,
};
use super::solver::{Outcome, SolveJob};
use crate::error::{Coded, Report, Sure};
use crate::params::{game_params, resume_at, GameLinks};
use crate::reveal::{self, Mark, Noted, Reveal, RevealError, Value, REVEALS};
use crate::rng::Rng;
use crate::turns::{GameLine, GamePosition, Player, TurnError, Turns, TurnsView};
use serde::Serialize;

impl GamePosition for Position {
    type Move = Move;
    fn is_over(&self) -> bool {
        self.is_terminal()
    }
    fn after(&self, mv: &Move) -> Position {
        self.play(*mv)
            .sure("moves in a game were checked when played")
    }
}

/// What was known of a move when it was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PlyNote {
    /// False when the computer played it without knowing its value.
    pub sure: bool,
    /// Where the computer's move came from when not from an exact table:
    /// the book or a search, before the box's table was ready (`None` for
    /// a person's move and the table's).
    pub source: Option<Source>,
    /// Whether the move left a P-position (`None`: unknown).
    pub winning: Option<bool>,
    /// Whether the position before it was won (`None`: unknown): a losing
    /// move from a won position gives the win away.
    pub was_winning: Option<bool>,
    /// Remoteness after the move, when known.
    pub remoteness: Option<u32>,
    /// Remoteness before the move, when known (for the history, not sent).
    #[serde(skip)]
    pub before: Option<u32>,
    /// Remoteness after the best move from the same position (the fastest
    /// win, or the longest resistance), when known (for the mark, not sent).
    #[serde(skip)]
    pub best: Option<u32>,
}

impl PlyNote {
    fn from(verdict: Option<&Verdict>, mv: Move, sure: bool) -> PlyNote {
        let value = verdict.and_then(|v| v.value_of(mv));
        PlyNote {
            sure,
            source: None,
            winning: value.and_then(|v| v.winning),
            was_winning: verdict.and_then(|v| v.outcome).map(|o| o == Outcome::N),
            remoteness: value.and_then(|v| v.remoteness),
            before: verdict.and_then(|v| v.remoteness),
            best: verdict.and_then(best_remoteness),
        }
    }

    /// What `level` lets a player see of it (whether the computer was sure
    /// reveals nothing of the game and always stays).
    fn shown(self, level: Reveal) -> PlyNote {
        let outcome = |v: Option<bool>| v.filter(|_| level >= Reveal::Outcome);
        let number = |v: Option<u32>| v.filter(|_| level >= Reveal::Values);
        PlyNote {
            sure: self.sure,
            source: self.source,
            winning: outcome(self.winning),
            was_winning: outcome(self.was_winning),
            remoteness: number(self.remoteness),
            before: number(self.before),
            best: number(self.best),
        }
    }
}

impl Noted for PlyNote {
    fn before(&self) -> Value {
        Value {
            win: self.was_winning,
            remoteness: self.before,
        }
    }

    fn after(&self) -> Value {
        // A winning move leaves a P-position: the next mover loses.
        Value {
            win: self.winning.map(|w| !w),
            remoteness: self.remoteness,
        }
    }

    fn best(&self) -> Option<u32> {
        self.best
    }
}

/// How the board is answered, for the page's solver line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolveInfo {
    /// `"box"` (solved in advance), `"three-rows"` or `"open"`.
    pub kind: &'static str,
    /// Positions of the solved box (the empty board excluded).
    pub positions: Option<u64>,
    /// P-positions among them.
    pub kernel: Option<u64>,
    /// Whether moves come with remoteness.
    pub remoteness: bool,
    /// Bytes of the solved table.
    pub table_bytes: u64,
    /// Milliseconds the solve took (0 when the box was already solved).
    pub ms: f64,
    /// Why a box within the exact range is played per position instead
    /// (the device would not give the table's memory).
    pub fallback: Option<Report>,
    /// The box's table being solved while the game is played per position.
    pub background: Option<Background>,
    /// The background solve was stopped: the game is played per position.
    pub stopped: bool,
}

/// How far the box's table is solved while the game goes on.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Background {
    /// Positions settled so far.
    pub done: u64,
    /// Positions of the box.
    pub total: u64,
    /// Bytes of the table, reserved whole.
    pub table_bytes: u64,
}

/// A slice of the background solve, as [`Session::solve_some`] answers it.
#[derive(Clone, Debug, PartialEq)]
pub struct Slice {
    /// True while the table is not ready.
    pub more: bool,
    /// Positions settled so far.
    pub done: u64,
    /// Positions of the box.
    pub total: u64,
    /// When the table has just been taken up (or there is none to solve):
    /// the game as it now is.
    pub snapshot: Option<Snapshot>,
}

/// A move played, as the views show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PlyView {
    /// Row of the square eaten.
    pub row: usize,
    /// Column of the square eaten.
    pub col: usize,
    /// Who ate it.
    pub by: Player,
    /// What was known of it, as far as the reveal level shows.
    pub note: PlyNote,
    /// Kept a win (or resisted longest), or gave the win away.
    pub mark: Option<Mark>,
    /// Moves slower than the fastest win, or shorter than the longest resistance.
    pub delta: Option<u32>,
}

/// The position editor's shape and what is known of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EditView {
    /// Row lengths of the shape, top row first.
    pub rows: Vec<usize>,
    /// The outcome for the player to move, when known and shown.
    pub outcome: Option<Outcome>,
    /// Moves left with perfect play, when known and shown.
    pub remoteness: Option<u32>,
}

/// The answer to "Hint": the winning squares, or the longest resistance.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hint {
    /// Squares proven to win, row by row.
    pub winning: Vec<Move>,
    /// False when the board is past exact reach and other squares may win.
    pub exact: bool,
    /// The outcome for the player to move (`None`: unknown).
    pub outcome: Option<Outcome>,
    /// When no winning square is known: the perfect computer's move, always
    /// the same for the same position.
    pub resist: Option<Move>,
}

/// Both notations of the position, padded to the box.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Notations {
    /// Row lengths, top row first.
    pub rows: String,
    /// Column heights, left column first (the original page's notation).
    pub columns: String,
}

/// Everything the views draw, after any request (one flat object).
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// Rows of the box.
    pub box_rows: usize,
    /// Columns of the box.
    pub box_cols: usize,
    /// The position: row lengths, top row first.
    pub rows: Vec<usize>,
    /// The position before the last move.
    pub previous: Option<Vec<usize>>,
    /// The moves on the board, in order.
    pub moves: Vec<PlyView>,
    /// The moves undone, which a jump or redo plays again, in order.
    pub undone: Vec<PlyView>,
    /// The value of every position of the game line, before each move and
    /// after the last, for the player to move there (empty at level off).
    pub history: Vec<Value>,
    /// What the game reveals now (one of [`REVEALS`]).
    pub reveal: &'static str,
    /// The most it may reveal (a teacher's link may limit it).
    pub reveal_limit: &'static str,
    /// Whether the analysis board is on.
    pub analysis_on: bool,
    /// The analysis of the position on the board, when on and the game goes on.
    pub analysis: Option<BoardAnalysis>,
    /// The game record on one line (`5x7: 2,3 4,1`), for export.
    pub record_line: String,
    /// The opponent's name (one of the `opponents` of [`rules`]).
    pub level: &'static str,
    /// Whose turn it is, who won, what undo and redo do.
    pub turns: TurnsView,
    /// Both notations of the position.
    pub notations: Notations,
    /// How the board is answered.
    pub solver: SolveInfo,
    /// Problems of the last start, and the pairs and record for addresses.
    pub links: GameLinks,
    /// The hint, when asked for.
    pub hint: Option<Hint>,
}

crate::flat::flat_serialize!(Snapshot {
    box_rows, box_cols, rows, previous, moves, undone, history, reveal, reveal_limit,
    analysis_on, analysis, record_line, level, notations, solver, hint
} + { turns, links });

/// The page's limits and names, for its form and its checks.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rules {
    /// Opponent names, in the form's order.
    pub opponents: &'static [&'static str],
    /// Who may move first.
    pub firsts: &'static [&'static str],
    /// The reveal levels, from nothing to everything.
    pub reveals: &'static [&'static str],
    /// Longest side when both sides are over 3.
    pub max_board_side: usize,
    /// Longest side when a side is at most 3.
    pub max_thin_side: usize,
    /// The default board.
    pub default_rows: usize,
    /// The default board.
    pub default_cols: usize,
    /// The parameters a game is started from (URL, attributes, form): see
    /// [`super::settings::PARAMS`].
    pub params: &'static [&'static str],
}

/// The page's limits and names.
pub fn rules() -> Rules {
    Rules {
        opponents: OPPONENTS,
        firsts: FIRSTS,
        reveals: REVEALS,
        max_board_side: MAX_BOARD_SIDE,
        max_thin_side: MAX_THIN_SIDE,
        default_rows: DEFAULT_BOARD.0,
        default_cols: DEFAULT_BOARD.1,
        params: super::settings::PARAMS,
    }
}

struct Game {
    settings: Settings,
    turns: Turns<Position, PlyNote>,
}

/// Boxes of more positions than this are played at once and solved in the
/// background: 11×11 (705,432 positions) is solved first in some 50 ms of
/// wasm; 12×12 (2.7 M) would take a few hundred.
pub const DEFER_FROM: u64 = 1 << 20;

/// A Chomp session: at most one board's solver and one game at a time.
pub struct Session {
    exact_limit: u64,
    /// Boxes of more positions are solved in the background (see
    /// [`Engine::deferred`]).
    defer_from: u64,
    engine: Option<Engine>,
    solve: Option<SolveInfo>,
    /// The box's table being solved a slice at a time, while `engine` plays
    /// per position (one table at a time: it goes with its box).
    job: Option<SolveJob>,
    /// When the job began (the clock of [`Session::start`]), to time it.
    job_began: f64,
    game: Option<Game>,
    rng: Rng,
    /// The reveal level chosen in the page (never above the game's limit).
    reveal: reveal::Chosen,
    analysis_on: bool,
    /// The position editor's shape, while editing.
    draft: Option<Position>,
}

fn report(e: impl Coded) -> Report {
    Report::of(&e)
}

impl Session {
    /// A session that solves boxes of at most `exact_limit` positions in
    /// advance (bigger ones are played per position); `seed` drives the
    /// computer's random choices.
    pub fn new(exact_limit: u64, seed: u64) -> Session {
        Session::deferring(exact_limit, DEFER_FROM, seed)
    }

    /// [`Session::new`], solving the boxes of more than `defer_from`
    /// positions in the background while their game is played.
    pub fn deferring(exact_limit: u64, defer_from: u64, seed: u64) -> Session {
        Session {
            exact_limit,
            defer_from,
            engine: None,
            solve: None,
            job: None,
            job_began: 0.0,
            game: None,
            rng: Rng::new(seed),
            reveal: reveal::Chosen::default(),
            analysis_on: false,
            draft: None,
        }
    }

    /// Starts a game from `pairs` (see [`read_settings`]; with `strict`, a
    /// bad value is an error instead of a reported problem). The box is solved
    /// unless it is the one already solved; `progress(done, total)` follows
    /// the solve and `now()` (milliseconds) times it.
    pub fn start(
        &mut self,
        pairs: &[(String, String)],
        strict: bool,
        progress: &mut dyn FnMut(u64, u64),
        now: &dyn Fn() -> f64,
    ) -> Result<Snapshot, Report> {
        let (settings, problems) = read_settings(pairs, strict)?;
        let same_box = self
            .engine
            .as_ref()
            .is_some_and(|e| (e.rows(), e.cols()) == (settings.rows, settings.cols));
        if !same_box {
            // One table at a time: the old one goes before the new one is built.
            self.game = None;
            self.engine = None;
            self.solve = None;
            self.job = None;
            let began = now();
            let (engine, job) = Engine::deferred(
                settings.rows,
                settings.cols,
                self.exact_limit,
                self.defer_from,
                progress,
            )
            .map_err(report)?;
            self.solve = Some(solve_info(&engine, now() - began));
            self.engine = Some(engine);
            self.job = job;
            self.job_began = began;
        } else if let Some(info) = &mut self.solve {
            info.ms = 0.0;
        }
        let against_computer = settings.opponent != Opponent::Human;
        let turns = Turns::new(settings.start_position(), settings.first, against_computer);
        let record = settings.moves.clone();
        let marks = settings.marks.clone();
        let at = settings.at;
        if let Some(seed) = settings.seed {
            self.rng = Rng::new(seed);
        }
        self.reveal = reveal::Chosen::of(settings.shown);
        self.draft = None;
        self.game = Some(Game { settings, turns });
        let mut problems = problems;
        let (illegal, unmarked) = self.replay(&record, &marks);
        if let Some(e) = illegal {
            if strict {
                return Err(report(e));
            }
            problems.push(Problem::cut_short(
                "moves",
                &format_moves(&record),
                report(e),
            ));
        }
        if let Some(e) = unmarked.into_iter().next() {
            if strict {
                return Err(report(e));
            }
            let text = format_marks(marks).unwrap_or_default();
            problems.push(Problem::cut_short("marks", &text, report(e)));
        }
        problems.extend(resume_at(&mut self.parts()?.1.turns, at));
        let mut snap = self.snapshot()?;
        snap.links.problems = problems;
        Ok(snap)
    }

    /// Plays a record's moves in turn from the start, each noted as
    /// `marks` says the computer chose it (an address keeps how the moves
    /// were played before the box's table was ready: a reload shows them
    /// so, though its table is being solved again or is ready by then);
    /// stops at the first move that cannot be played there, and says which,
    /// and which book marks were left out (the book has no move there).
    fn replay(
        &mut self,
        record: &[Move],
        marks: &[Chosen],
    ) -> (Option<SettingError>, Vec<SettingError>) {
        let mut unmarked = Vec::new();
        let Ok((engine, game)) = self.parts() else {
            return (None, unmarked);
        };
        for (i, &mv) in record.iter().enumerate() {
            let before = game.turns.position().clone();
            let Ok(after) = before.play(mv) else {
                let e = SettingError::RecordIllegal {
                    index: i + 1,
                    row: mv.row,
                    col: mv.col,
                };
                return (Some(e), unmarked);
            };
            let verdict = engine
                .verdicts_are_cheap()
                .then(|| engine.verdict(&before).ok())
                .flatten();
            let mut note = PlyNote::from(verdict.as_ref(), mv, true);
            let chosen = marks.get(i).copied().unwrap_or(Chosen::PLAIN);
            if chosen.source == Some(Source::Book) && !book_answers(&before) {
                unmarked.push(SettingError::MarkNotBook { index: i + 1 });
            } else {
                (note.source, note.sure) = (chosen.source, chosen.sure);
            }
            game.turns.push(mv, after, note);
        }
        (None, unmarked)
    }

    fn game(&self) -> Result<&Game, Report> {
        self.game.as_ref().ok_or_else(|| report(TurnError::NoGame))
    }

    fn parts(&mut self) -> Result<(&mut Engine, &mut Game), Report> {
        match (self.engine.as_mut(), self.game.as_mut()) {
            (Some(e), Some(g)) => Ok((e, g)),
            _ => Err(report(TurnError::NoGame)),
        }
    }

    /// The person eats `(row, col)`.
    pub fn play(&mut self, row: usize, col: usize) -> Result<Snapshot, Report> {
        let (engine, game) = self.parts()?;
        game.turns.check_person_may_move().map_err(report)?;
        let mv = Move { row, col };
        let before = game.turns.position().clone();
        let after = before.play(mv).map_err(report)?;
        let verdict = if engine.verdicts_are_cheap() {
            Some(engine.verdict(&before).map_err(report)?)
        } else {
            None
        };
        let note = PlyNote::from(verdict.as_ref(), mv, true);
        game.turns.push(mv, after, note);
        self.snapshot()
    }

    /// The computer moves (its turn, or either side's in a demo). `at_ply` is
    /// the number of moves on the board the request was made for: a request
    /// overtaken by a move, undo or new game is refused as stale.
    pub fn computer_move(&mut self, at_ply: usize) -> Result<Snapshot, Report> {
        let random = self.rng.next_f64();
        let waiting = self.job.as_ref().map(|j| j.progress());
        let (engine, game) = self.parts()?;
        game.turns.check_computer_may_move(at_ply).map_err(report)?;
        let level = match (game.turns.demo(), game.settings.opponent) {
            (false, Opponent::Computer(level)) => level,
            _ => Level::Perfect,
        };
        let position = game.turns.position().clone();
        let verdict = engine.verdict(&position).map_err(report)?;
        let Some(Choice { mv, sure }) = engine
            .choose(&position, &verdict, level, random)
            .map_err(report)?
        else {
            return Err(report(TurnError::GameOver));
        };
        // The perfect computer plays only what is proven: before the table
        // it waits for it rather than guess (the other levels play on).
        if let (Level::Perfect, false, Some((done, total))) = (level, sure, waiting) {
            return Err(report(WaitError::Table { done, total }));
        }
        // Moves from a table go unmarked (as when a record is replayed).
        let source = Some(engine.source(&position)).filter(|&s| s != Source::Table);
        let after = position.play(mv).map_err(report)?;
        let mut note = PlyNote::from(Some(&verdict), mv, sure);
        note.source = source;
        game.turns.push(mv, after, note);
        self.snapshot()
    }

    /// Solves about `units` units of work more of the box's table (see
    /// [`SolveJob::step`]); once it is done, the game goes on with it: exact
    /// play, hints and analysis from the next request, the game line and
    /// what was played before kept. With nothing to solve (the table is
    /// there, stopped, or the box changed), says so with the game as it is.
    /// `now()` (milliseconds, the clock of [`Session::start`]) times the
    /// whole solve, the game's time between slices included.
    pub fn solve_some(&mut self, units: u64, now: &dyn Fn() -> f64) -> Result<Slice, Report> {
        let Some(job) = self.job.as_mut() else {
            return Ok(Slice {
                more: false,
                done: 0,
                total: 0,
                snapshot: self.game.is_some().then(|| self.snapshot()).transpose()?,
            });
        };
        let finished = job.step(units);
        let (done, total) = job.progress();
        if !finished {
            return Ok(Slice {
                more: true,
                done,
                total,
                snapshot: None,
            });
        }
        let job = self.job.take().expect("a job is being solved");
        let engine = self
            .engine
            .as_mut()
            .ok_or_else(|| report(TurnError::NoGame))?;
        if let Ok(solution) = job.finish() {
            // The job was made for this engine's box: never refused.
            let _ = engine.take_solution(solution);
            self.solve = Some(solve_info(engine, now() - self.job_began));
        }
        let snapshot = self.game.is_some().then(|| self.snapshot()).transpose()?;
        Ok(Slice {
            more: false,
            done,
            total,
            snapshot,
        })
    }

    /// Stops the box's solve and frees its table: the game goes on per
    /// position, and the perfect computer plays what it can find.
    pub fn stop_solving(&mut self) -> Result<Snapshot, Report> {
        if self.job.take().is_some() {
            if let Some(info) = &mut self.solve {
                info.stopped = true;
            }
        }
        self.snapshot()
    }

    /// The hint for the position on the board (asked at `at_ply` moves).
    pub fn hint(&mut self, at_ply: usize) -> Result<Snapshot, Report> {
        let level = self.level()?;
        level
            .require(Reveal::Moves, RevealError::Hint)
            .map_err(report)?;
        let (engine, game) = self.parts()?;
        if at_ply != game.turns.ply() {
            return Err(report(TurnError::Stale));
        }
        if game.turns.over() {
            return Err(report(TurnError::GameOver));
        }
        let position = game.turns.position().clone();
        let verdict = engine.verdict(&position).map_err(report)?;
        let winning: Vec<Move> = verdict.winning_moves().collect();
        let resist = if winning.is_empty() {
            // Always the same square for the same position: the first of the best.
            engine
                .choose(&position, &verdict, Level::Perfect, 0.0)
                .map_err(report)?
                .map(|c| c.mv)
        } else {
            None
        };
        let hint = Hint {
            winning,
            exact: verdict.exact,
            outcome: verdict.outcome,
            resist,
        };
        let mut snap = self.snapshot()?;
        snap.hint = Some(hint);
        Ok(snap)
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

    /// Turns the analysis board on or off: when on, every snapshot carries
    /// the values of the position's squares, as far as the level shows.
    pub fn set_analysis(&mut self, on: bool) -> Result<Snapshot, Report> {
        self.game()?;
        self.analysis_on = on;
        self.snapshot()
    }

    /// "Why?": why eating (`row`, `col`) after `ply` moves of the game line
    /// wins or loses, or with row and column 0, why that position is lost
    /// (or which moves win it). Needs the explanations level.
    pub fn why(&mut self, ply: usize, row: usize, col: usize) -> Result<Why, Report> {
        self.level()?
            .require(Reveal::Explain, RevealError::Why)
            .map_err(report)?;
        let (engine, game) = self.parts()?;
        let position = game
            .turns
            .position_at(ply)
            .ok_or_else(|| report(TurnError::Stale))?;
        let mv = (row, col) != (0, 0);
        analysis::explain(engine, &position, mv.then_some(Move { row, col })).map_err(report)
    }

    /// The position editor: adds (`add`) or removes the square at (`row`,
    /// `col`) and what it needs to stay a legal shape (see
    /// [`analysis::edit_shape`]); with row and column 0, starts again from
    /// the position on the board. Answers the shape and its value, as far
    /// as the level shows.
    pub fn edit(&mut self, row: usize, col: usize, add: bool) -> Result<EditView, Report> {
        let level = self.level()?;
        let game = self.game()?;
        let board = game.turns.position();
        let shape = if (row, col) == (0, 0) {
            board.clone()
        } else {
            let from = self.draft.as_ref().unwrap_or(board);
            let (rows, cols) = (game.settings.rows, game.settings.cols);
            analysis::edit_shape(from, rows, cols, row, col, add).map_err(report)?
        };
        self.draft = Some(shape.clone());
        let (engine, _) = self.parts()?;
        let verdict = engine.verdict(&shape).map_err(report)?;
        let value = Value {
            win: verdict.outcome.map(|o| o == Outcome::N),
            remoteness: verdict.remoteness,
        }
        .shown(level);
        Ok(EditView {
            rows: shape.rows().to_vec(),
            outcome: verdict.outcome.filter(|_| value.win.is_some()),
            remoteness: value.remoteness,
        })
    }

    /// Gale's strategy-stealing argument on this game's bar (the full box),
    /// settled by the board's own solver (see [`super::stealing`]).
    pub fn stealing(&mut self) -> Result<super::stealing::Stealing, Report> {
        let engine = self
            .engine
            .as_mut()
            .ok_or_else(|| report(TurnError::NoGame))?;
        super::stealing::explain(engine).map_err(report)
    }

    /// Everything the views draw, with the analysis of the position when
    /// it is on.
    pub fn snapshot(&mut self) -> Result<Snapshot, Report> {
        let mut snap = self.view()?;
        let level = self.level()?;
        if !self.analysis_on || snap.turns.over || level < Reveal::Outcome {
            return Ok(snap);
        }
        let (engine, game) = self.parts()?;
        let verdict = engine.verdict(game.turns.position()).map_err(report)?;
        snap.analysis = Some(board_analysis(&verdict, level));
        Ok(snap)
    }

    /// Everything the views draw but the analysis.
    fn view(&self) -> Result<Snapshot, Report> {
        let level = self.level()?;
        let game = self.game()?;
        let t = &game.turns;
        let s = &game.settings;
        let position = t.position();
        let mut here = s.clone();
        here.start = Some(position.clone());
        here.first = t.to_move();
        here.moves.clear();
        here.seed = None;
        let start_params = s.to_params();
        let line = format_moves(&t.line().iter().map(|p| p.mv).collect::<Vec<_>>());
        let mut game_params = game_params(&start_params, line, t, self.reveal.shown(s.reveal));
        // Beside the moves: how the computer chose them (a reload keeps the move list's marks).
        let chosen = t.line().iter().map(|p| Chosen {
            source: p.note.source,
            sure: p.note.sure,
        });
        if let Some(marks) = format_marks(chosen) {
            let at = game_params
                .iter()
                .position(|(k, _)| k == "moves")
                .map_or(0, |i| i + 1);
            game_params.insert(at, ("marks".into(), marks));
        }
        Ok(Snapshot {
            box_rows: s.rows,
            box_cols: s.cols,
            rows: position.rows().to_vec(),
            previous: t.previous().map(|p| p.rows().to_vec()),
            moves: plies(t.played(), level),
            undone: plies(t.undone(), level),
            history: reveal::history(t.line().iter().map(|p| &p.note), level),
            reveal: level.name(),
            reveal_limit: s.reveal.name(),
            analysis_on: self.analysis_on,
            analysis: None,
            record_line: s.record(&t.played().iter().map(|p| p.mv).collect::<Vec<_>>()),
            level: s.opponent.name(),
            turns: t.view(),
            notations: Notations {
                rows: format_rows(position, s.rows),
                columns: format_columns(position, s.cols),
            },
            solver: SolveInfo {
                background: self.job.as_ref().map(|j| {
                    let (done, total) = j.progress();
                    Background {
                        done,
                        total,
                        table_bytes: j.table_bytes(),
                    }
                }),
                ..self.solve.clone().expect("a game has a solver")
            },
            links: GameLinks {
                problems: Vec::new(),
                start_params,
                here_params: here.to_params(),
                record: format_moves(&t.played().iter().map(|p| p.mv).collect::<Vec<_>>()),
                game_params,
            },
            hint: None,
        })
    }
}

/// Moves as the views show them at `level`.
fn plies(played: &[crate::turns::Played<Move, PlyNote>], level: Reveal) -> Vec<PlyView> {
    played
        .iter()
        .map(|p| {
            let (mark, delta) = reveal::judge(&p.note, level);
            PlyView {
                row: p.mv.row,
                col: p.mv.col,
                by: p.by,
                note: p.note.shown(level),
                mark,
                delta,
            }
        })
        .collect()
}

fn solve_info(engine: &Engine, ms: f64) -> SolveInfo {
    let s = engine.solution();
    SolveInfo {
        kind: engine.kind_name(),
        positions: s.map(|s| s.positions()),
        kernel: s.map(|s| s.p_positions()),
        remoteness: s.is_some_and(|s| s.has_remoteness()),
        table_bytes: s.map_or(0, |s| s.table_bytes() as u64),
        ms,
        fallback: engine.fallback().map(|e| Report::of(e)),
        background: None,
        stopped: false,
    }
}

/// A computer move that is not made yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WaitError {
    /// The perfect computer waits for the box's table: nothing it could
    /// play is proven yet (`done` of `total` positions solved).
    Table {
        /// Positions solved so far.
        done: u64,
        /// Positions of the box.
        total: u64,
    },
}

impl std::fmt::Display for WaitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let WaitError::Table { done, total } = self;
        write!(
            f,
            "the perfect computer plays only proven moves: it waits for the table ({done} of {total} positions solved)"
        )
    }
}

impl Coded for WaitError {
    fn code(&self) -> &'static str {
        "computer.waits"
    }

    fn params(&self) -> crate::error::Params {
        let WaitError::Table { done, total } = self;
        vec![("done", (*done).into()), ("total", (*total).into())]
    }
}

/// Codes of [`WaitError`].
pub const CODES: &[&str] = &["computer.waits"];

impl GameLine for Session {
    type Position = Position;
    type Note = PlyNote;
    type Snapshot = Snapshot;

    fn game_line(&mut self) -> Result<&mut Turns<Position, PlyNote>, Report> {
        Ok(&mut self.parts()?.1.turns)
    }

    fn describe(&mut self) -> Result<Snapshot, Report> {
        self.snapshot()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::chomp::MAX_SOLVE_POSITIONS;
    use crate::params::pairs;

    fn start(list: &[(&str, &str)]) -> (Session, Snapshot) {
        let mut s = Session::new(1 << 24, 1);
        let snap = s
            .start(&pairs(list), false, &mut |_, _| {}, &|| 0.0)
            .unwrap();
        (s, snap)
    }

    /// A session that solves boxes of more than `defer_from` positions in
    /// the background.
    /// A 16×18 game against the original level before its table: the
    /// computer's reply to (16, 16) comes from a search that proves nothing.
    fn unsure_search_reply() -> Snapshot {
        let other = [
            ("rows", "16"),
            ("cols", "18"),
            ("first", "human"),
            ("level", "original"),
        ];
        let (mut r, _) = deferring(DEFER_FROM, &other);
        r.play(16, 16).unwrap();
        r.computer_move(1).unwrap()
    }

    fn deferring(defer_from: u64, list: &[(&str, &str)]) -> (Session, Snapshot) {
        let mut s = Session::deferring(MAX_SOLVE_POSITIONS, defer_from, 3);
        let snap = s
            .start(&pairs(list), false, &mut |_, _| {}, &|| 0.0)
            .unwrap();
        (s, snap)
    }

    #[test]
    fn a_big_box_is_played_at_once_and_takes_its_table_mid_game() {
        let list = [
            ("rows", "7"),
            ("cols", "8"),
            ("first", "computer"),
            ("level", "perfect"),
        ];
        let (mut s, snap) = deferring(1000, &list);
        assert_eq!(snap.solver.kind, "open");
        let background = snap.solver.background.clone().unwrap();
        assert_eq!((background.done, background.total), (0, 6434));
        // The book answers the first move, proven, and says so.
        let first = s.computer_move(0).unwrap();
        assert_eq!(first.moves[0].note.source, Some(Source::Book));
        assert!(first.moves[0].note.sure);
        s.play(1, 3).unwrap();
        let third = s.computer_move(2).unwrap();
        assert!(matches!(
            third.moves[2].note.source,
            Some(Source::Book | Source::Search)
        ));
        s.play(3, 1).unwrap();
        let line: Vec<(usize, usize)> = s
            .snapshot()
            .unwrap()
            .moves
            .iter()
            .map(|m| (m.row, m.col))
            .collect();
        // A slice at a time, the session playing on between them.
        let mut slices = 0;
        let done = loop {
            let slice = s.solve_some(50, &|| 0.0).unwrap();
            if !slice.more {
                break slice;
            }
            assert!(slice.snapshot.is_none() && slice.done <= slice.total);
            slices += 1;
        };
        assert!(slices > 10, "{slices}");
        let after = done.snapshot.unwrap();
        assert_eq!(after.solver.kind, "box");
        assert!(after.solver.background.is_none() && after.solver.remoteness);
        let kept: Vec<(usize, usize)> = after.moves.iter().map(|m| (m.row, m.col)).collect();
        assert_eq!(kept, line, "the game line is kept");
        assert_eq!(after.moves[0].note.source, Some(Source::Book));
        // From the table on: exact, the same as a session that solved first
        // and replayed the line.
        let mut exact = Session::new(MAX_SOLVE_POSITIONS, 3);
        exact
            .start(&after.links.game_params, false, &mut |_, _| {}, &|| 0.0)
            .unwrap();
        let want = exact.hint(4).unwrap().hint.unwrap();
        let hint = s.hint(4).unwrap().hint.unwrap();
        assert!(hint.exact && want.exact);
        assert_eq!(hint, want);
        let fifth = s.computer_move(4).unwrap();
        let m = &fifth.moves[4];
        assert_eq!(m.note.source, None, "from the table: no mark");
        assert!(m.note.sure && m.note.remoteness.is_some());
        if !want.winning.is_empty() {
            assert!(want.winning.contains(&Move {
                row: m.row,
                col: m.col
            }));
        }
        // Nothing more to solve: the game as it is.
        let idle = s.solve_some(50, &|| 0.0).unwrap();
        assert!(!idle.more && idle.snapshot.is_some());
    }

    #[test]
    fn the_perfect_computer_waits_for_the_table_rather_than_guess() {
        let list = [
            ("rows", "16"),
            ("cols", "18"),
            ("first", "human"),
            ("level", "perfect"),
        ];
        let (mut s, snap) = deferring(DEFER_FROM, &list);
        assert_eq!(snap.solver.kind, "open");
        // The book answers the hint at once (16×18 has a single winning bite).
        let hint = s.hint(0).unwrap().hint.unwrap();
        assert!(hint.exact && hint.winning.len() == 1);
        // A corner square off: no bite is proven within the search's budget.
        s.play(16, 16).unwrap();
        let err = s.computer_move(1).unwrap_err();
        assert_eq!(err.code, "computer.waits");
        let total = snap.solver.background.clone().unwrap().total;
        assert!(
            err.params.contains(&("total", total.into())),
            "{:?}",
            err.params
        );
        assert_eq!(s.snapshot().unwrap().moves.len(), 1, "nothing played");
        // Another level plays on, unsure, and the move list says from where.
        let played = unsure_search_reply();
        assert_eq!(played.moves[1].note.source, Some(Source::Search));
        assert!(!played.moves[1].note.sure);
        // Stopped: no table is coming, so the perfect computer plays what it finds.
        let stopped = s.stop_solving().unwrap();
        assert!(stopped.solver.stopped && stopped.solver.background.is_none());
        let moved = s.computer_move(1).unwrap();
        assert!(!moved.moves[1].note.sure);
        assert!(!s.solve_some(10, &|| 0.0).unwrap().more);
    }

    /// Where each move of a snapshot's line came from, and whether it was proven.
    fn chosen(snap: &Snapshot) -> Vec<(Option<Source>, bool)> {
        snap.moves
            .iter()
            .chain(&snap.undone)
            .map(|m| (m.note.source, m.note.sure))
            .collect()
    }

    #[test]
    fn a_reload_keeps_how_the_computer_chose_its_moves_before_the_table() {
        let list = [
            ("rows", "7"),
            ("cols", "8"),
            ("first", "computer"),
            ("level", "perfect"),
        ];
        let (mut s, _) = deferring(1000, &list);
        s.computer_move(0).unwrap();
        s.play(1, 3).unwrap();
        s.computer_move(2).unwrap();
        s.play(3, 1).unwrap();
        while s.solve_some(1000, &|| 0.0).unwrap().more {}
        let played = s.computer_move(4).unwrap();
        let want = chosen(&played);
        assert_eq!(want[0], (Some(Source::Book), true));
        assert!(matches!(
            want[2],
            (Some(Source::Book | Source::Search), true)
        ));
        assert_eq!(want[4], (None, true), "from the table: no mark");
        let marks = played.links.game_params.iter().find(|(k, _)| k == "marks");
        assert!(
            marks.is_some_and(|(_, v)| v.starts_with('b') && v.len() == 3),
            "{marks:?}"
        );
        // Reloaded before its table is ready, or after it (solved at once):
        // the same marks, the table's move still plain.
        for mut again in [
            Session::deferring(MAX_SOLVE_POSITIONS, 1000, 3),
            Session::new(MAX_SOLVE_POSITIONS, 3),
        ] {
            let snap = again
                .start(&played.links.game_params, false, &mut |_, _| {}, &|| 0.0)
                .unwrap();
            assert!(snap.links.problems.is_empty(), "{:?}", snap.links.problems);
            assert_eq!(chosen(&snap), want);
            assert_eq!(snap.links.game_params, played.links.game_params);
        }
        // Undone moves keep theirs, and the address with them.
        let back = s.go_to(1).unwrap();
        assert_eq!(chosen(&back), want);
        let mut again = Session::new(MAX_SOLVE_POSITIONS, 3);
        let snap = again
            .start(&back.links.game_params, false, &mut |_, _| {}, &|| 0.0)
            .unwrap();
        assert_eq!((snap.moves.len(), chosen(&snap)), (1, want));
        // A search's unproven move says so again after a reload.
        let unsure = unsure_search_reply();
        assert!(unsure
            .links
            .game_params
            .contains(&("marks".into(), "-u".into())));
        let mut again = Session::deferring(MAX_SOLVE_POSITIONS, DEFER_FROM, 3);
        let snap = again
            .start(&unsure.links.game_params, false, &mut |_, _| {}, &|| 0.0)
            .unwrap();
        assert_eq!(chosen(&snap), [(None, true), (Some(Source::Search), false)]);
    }

    #[test]
    fn bad_marks_are_named_and_left_out() {
        let start = |extra: &[(&str, &str)]| {
            let mut list = vec![
                ("rows", "7"),
                ("cols", "8"),
                ("first", "computer"),
                ("moves", "2,2 1,3 3,1"),
            ];
            list.extend_from_slice(extra);
            let mut s = Session::new(MAX_SOLVE_POSITIONS, 3);
            s.start(&pairs(&list), false, &mut |_, _| {}, &|| 0.0)
                .unwrap()
        };
        let plain = vec![(None, true); 3];
        let snap = start(&[("marks", "bx")]);
        assert_eq!(snap.links.problems[0].reason.code, "input.unknown");
        assert_eq!(chosen(&snap), plain);
        let snap = start(&[("marks", "b-s-")]);
        assert_eq!(snap.links.problems[0].reason.code, "input.too_many");
        assert!(snap.links.problems[0].partly_used);
        assert_eq!(
            chosen(&snap)[..3],
            [
                (Some(Source::Book), true),
                (None, true),
                (Some(Source::Search), true)
            ]
        );
        // The book has no move after a first bite: that mark is left out, the others kept.
        let snap = start(&[("marks", "b-b")]);
        let problem = &snap.links.problems[0];
        assert_eq!(
            (problem.name.as_str(), problem.reason.code),
            ("marks", "marks.book")
        );
        assert!(problem.reason.params.contains(&("index", 3usize.into())));
        assert_eq!(chosen(&snap)[0], (Some(Source::Book), true));
        assert_eq!(chosen(&snap)[2], (None, true));
        assert!(!snap
            .links
            .game_params
            .contains(&("marks".into(), "b-b".into())));
        let mut s = Session::new(MAX_SOLVE_POSITIONS, 3);
        let strict = [
            ("rows", "7"),
            ("cols", "8"),
            ("moves", "2,2 1,3 3,1"),
            ("marks", "b-b"),
        ];
        let err = s
            .start(&pairs(&strict), true, &mut |_, _| {}, &|| 0.0)
            .unwrap_err();
        assert_eq!(err.code, "marks.book");
    }

    #[test]
    fn a_refused_jump_changes_nothing_and_undo_redo_come_back() {
        // The audit's sequence: a jump back to the computer's turn, then a
        // stale jump (refused) once cleared the computer's wait.
        let (mut s, _) = start(&[("rows", "3"), ("cols", "4")]);
        s.play(2, 2).unwrap();
        s.computer_move(1).unwrap();
        let at = s.go_to(1).unwrap();
        assert!(at.turns.computer_waits);
        assert_eq!(s.go_to(7).unwrap_err().code, "session.stale");
        assert_eq!(s.snapshot().unwrap(), at);
        // Undo then redo on the computer's turn: 1 → 0 → 1, still waiting.
        assert_eq!(s.undo().unwrap().moves.len(), 0);
        assert_eq!(s.redo().unwrap(), at);
    }

    #[test]
    fn a_game_over_at_its_start_is_lost_by_the_player_to_move() {
        // Only the poisoned square is left: the player to move would have to eat it.
        crate::turns::check_over_at_its_start(&[("rows", "1"), ("cols", "1")], start, |s| s.turns);
    }

    #[test]
    fn a_game_against_the_computer() {
        let (mut s, snap) = start(&[("rows", "3"), ("cols", "4")]);
        assert_eq!(snap.rows, [4, 4, 4]);
        assert_eq!(snap.turns.to_move, Player::One);
        assert!(snap.turns.vs_computer && !snap.turns.computer_to_move && !snap.turns.can_undo);
        assert_eq!(snap.solver.kind, "box");
        let snap = s.play(2, 3).unwrap();
        assert_eq!(snap.rows, [4, 2, 2]);
        assert_eq!(snap.previous.as_deref(), Some(&[4, 4, 4][..]));
        assert!(snap.turns.computer_to_move);
        assert_eq!(snap.moves[0].by, Player::One);
        assert_eq!(snap.moves[0].note.was_winning, Some(true));
        // The person may not move for the computer.
        assert_eq!(s.play(1, 2).unwrap_err().code, "turn.computer");
        // A request made before the position changed is stale.
        assert_eq!(s.computer_move(0).unwrap_err().code, "session.stale");
        let snap = s.computer_move(1).unwrap();
        assert_eq!(snap.moves.len(), 2);
        assert_eq!(snap.moves[1].by, Player::Two);
        // The perfect computer wins whenever the person's move let it.
        let first = snap.moves[0].note.winning.unwrap();
        assert_eq!(snap.moves[1].note.winning, Some(!first));
        assert_eq!(snap.moves[1].note.was_winning, Some(!first));
        assert!(snap.turns.can_undo);
        let snap = s.undo().unwrap();
        assert_eq!((snap.moves.len(), snap.turns.redo_count), (0, 2));
        assert!(snap.turns.can_redo);
        let snap = s.redo().unwrap();
        assert_eq!(snap.moves.len(), 2);
    }

    #[test]
    fn illegal_moves_and_game_over_are_refused_with_codes() {
        let (mut s, _) = start(&[("rows", "2"), ("cols", "2"), ("level", "human")]);
        assert_eq!(s.play(1, 1).unwrap_err().code, "move.poison");
        assert_eq!(s.play(3, 1).unwrap_err().code, "move.eaten");
        assert_eq!(s.play(0, 1).unwrap_err().code, "move.off_board");
        // Between two people, each moves in turn; the computer is never asked.
        s.play(2, 2).unwrap();
        assert_eq!(s.computer_move(1).unwrap_err().code, "turn.not_computer");
        let snap = s.play(2, 1).unwrap();
        assert_eq!(snap.turns.to_move, Player::One);
        let snap = s.play(1, 2).unwrap();
        assert!(snap.turns.over);
        assert_eq!(snap.turns.winner, Some(Player::One));
        assert_eq!(s.play(1, 2).unwrap_err().code, "turn.game_over");
        assert_eq!(s.hint(3).unwrap_err().code, "turn.game_over");
        // Undo between two people: one move back.
        assert_eq!(s.undo().unwrap().moves.len(), 2);
    }

    #[test]
    fn the_computer_opens_when_it_goes_first_and_the_demo_plays_both_sides() {
        let (mut s, snap) = start(&[("rows", "4"), ("cols", "5"), ("first", "computer")]);
        assert!(snap.turns.computer_to_move);
        assert_eq!(s.play(2, 2).unwrap_err().code, "turn.computer");
        let snap = s.computer_move(0).unwrap();
        assert_eq!(snap.moves[0].note.winning, Some(true));
        let snap = s.set_demo(true).unwrap();
        assert!(snap.turns.demo && !snap.turns.vs_computer);
        assert_eq!(s.play(1, 2).unwrap_err().code, "turn.demo");
        let mut ply = 1;
        while !s.snapshot().unwrap().turns.over {
            s.computer_move(ply).unwrap();
            ply += 1;
        }
        // Perfect play from a won position: the side that moved first wins.
        assert_eq!(s.snapshot().unwrap().turns.winner, Some(Player::Two));
    }

    #[test]
    fn hints_name_every_winning_square_or_one_steady_resistance() {
        let (mut s, _) = start(&[("rows", "2"), ("cols", "5")]);
        let hint = s.hint(0).unwrap().hint.unwrap();
        assert_eq!(hint.winning, [Move { row: 2, col: 5 }]);
        assert!(hint.exact && hint.resist.is_none());
        let (mut s, _) = start(&[("position", "3,2"), ("level", "human")]);
        let a = s.hint(0).unwrap().hint.unwrap();
        let b = s.hint(0).unwrap().hint.unwrap();
        assert!(a.winning.is_empty());
        assert_eq!(a.outcome, Some(Outcome::P));
        assert!(a.resist.is_some());
        assert_eq!(a, b);
        assert_eq!(s.hint(4).unwrap_err().code, "session.stale");
    }

    #[test]
    fn starts_report_problems_and_keep_the_solved_box() {
        let (mut s, snap) = start(&[("rows", "40"), ("cols", "40"), ("level", "x")]);
        assert_eq!((snap.box_rows, snap.box_cols), (30, 30));
        assert_eq!(snap.solver.kind, "open");
        assert_eq!(snap.links.problems.len(), 2);
        let snap = s
            .start(
                &pairs(&[("rows", "30"), ("cols", "30"), ("first", "computer")]),
                false,
                &mut |_, _| {},
                &|| 5.0,
            )
            .unwrap();
        assert!(snap.links.problems.is_empty());
        assert_eq!(snap.solver.ms, 0.0);
        let e = s
            .start(
                &pairs(&[("position", "3 4")]),
                true,
                &mut |_, _| {},
                &|| 0.0,
            )
            .unwrap_err();
        assert_eq!(e.code, "notation.rows_increasing");
        // A refused strict start leaves the game as it was.
        assert_eq!(s.snapshot().unwrap().box_rows, 30);
    }

    #[test]
    fn links_reopen_the_start_and_the_position_on_the_board() {
        let (mut s, snap) = start(&[("rows", "3"), ("cols", "4"), ("level", "human")]);
        assert!(!snap.links.start_params.iter().any(|(k, _)| k == "position"));
        s.play(3, 2).unwrap();
        let snap = s.play(1, 4).unwrap();
        let (here, _) = read_settings(&snap.links.here_params, true).unwrap();
        assert_eq!(here.start.unwrap().rows(), &snap.rows[..]);
        assert_eq!(here.first, Player::One);
        let (again, _) = read_settings(&snap.links.start_params, true).unwrap();
        assert_eq!(again.start_position(), Position::rectangle(3, 4).unwrap());
    }

    #[test]
    fn records_replay_and_name_their_first_illegal_move() {
        let (mut s, _) = start(&[("rows", "5"), ("cols", "7"), ("level", "human")]);
        s.play(2, 3).unwrap();
        s.play(4, 1).unwrap();
        let snap = s.play(1, 5).unwrap();
        assert_eq!(snap.links.record, "2,3 4,1 1,5");
        let mut again = snap.links.start_params.clone();
        again.push(("moves".into(), snap.links.record.clone()));
        let (_, replayed) = start(
            &again
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str()))
                .collect::<Vec<_>>(),
        );
        assert_eq!(replayed.rows, snap.rows);
        assert_eq!(replayed.moves, snap.moves);
        assert!(replayed.links.problems.is_empty());
        let (_, bad) = start(&[("rows", "5"), ("cols", "7"), ("moves", "2,3 4,1 3,5 1,2")]);
        assert_eq!(bad.moves.len(), 2);
        assert_eq!(bad.links.problems[0].reason.code, "record.illegal");
        assert_eq!(bad.links.problems[0].reason.message, "move 3 of the record (row 3, column 5) cannot be played there: the moves before it are kept");
        let (_, bad) = start(&[("moves", "2;3 x")]);
        assert_eq!(bad.links.problems[0].reason.code, "record.syntax");
        let mut s = Session::new(1 << 20, 0);
        let e = s
            .start(&pairs(&[("moves", "1,1")]), true, &mut |_, _| {}, &|| 0.0)
            .unwrap_err();
        assert_eq!(e.code, "record.refused");
    }

    /// A session started again from `snap`'s address pairs.
    fn reopened(snap: &Snapshot) -> (Session, Snapshot) {
        let pairs: Vec<(&str, &str)> = snap
            .links
            .game_params
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        start(&pairs)
    }

    #[test]
    fn the_address_brings_back_the_line_where_the_board_is_and_the_level_shown() {
        let (mut s, _) = start(&[
            ("rows", "5"),
            ("cols", "7"),
            ("seed", "3"),
            ("reveal", "values"),
        ]);
        s.play(5, 7).unwrap();
        s.computer_move(1).unwrap();
        s.play(1, 6).unwrap();
        let end = s.computer_move(3).unwrap();
        let (_, again) = reopened(&end);
        assert_eq!(
            (again.moves.clone(), again.rows.clone()),
            (end.moves.clone(), end.rows.clone())
        );
        assert!(!end
            .links
            .game_params
            .iter()
            .any(|(k, _)| k == "at" || k == "shown"));
        // Back to the computer's turn in the middle, at a lower level: the
        // same board, the same future kept, the computer still waiting.
        s.set_reveal("outcome").unwrap();
        let jumped = s.go_to(1).unwrap();
        assert!(jumped.turns.computer_waits);
        let params = &jumped.links.game_params;
        assert!(params.contains(&("at".into(), "1".into())));
        assert!(params.contains(&("shown".into(), "outcome".into())));
        assert!(params.contains(&("reveal".into(), "values".into())));
        let (mut back, again) = reopened(&jumped);
        assert_eq!(again.rows, jumped.rows);
        assert_eq!((again.moves.len(), again.undone.len()), (1, 3));
        assert_eq!(again.undone, jumped.undone);
        assert_eq!((again.reveal, again.reveal_limit), ("outcome", "values"));
        assert!(again.turns.computer_waits && again.links.problems.is_empty());
        assert_eq!(again.links.game_params, jumped.links.game_params);
        // The level shown may go back up to the link's limit.
        assert_eq!(back.set_reveal("values").unwrap().reveal, "values");
        // Undo on the person's turn keeps the future too, without waiting.
        let undone = s.undo().unwrap();
        let (_, again) = reopened(&undone);
        assert_eq!((again.moves.len(), again.undone.len()), (0, 4));
        assert!(!again.turns.computer_waits);
        // A new start without `shown` shows what the game may.
        let (_, fresh) = start(&[("reveal", "values")]);
        assert_eq!(fresh.reveal, "values");
    }

    #[test]
    fn a_bad_at_or_shown_is_named_and_the_nearest_used() {
        let (_, snap) = start(&[
            ("rows", "3"),
            ("cols", "4"),
            ("level", "human"),
            ("moves", "2,2 1,4"),
            ("at", "5"),
        ]);
        assert_eq!(snap.moves.len(), 2);
        let p = &snap.links.problems[0];
        assert_eq!(
            (p.name.as_str(), p.used.as_str(), p.reason.code),
            ("at", "2", "input.not_whole")
        );
        let (_, snap) = start(&[("at", "x")]);
        assert_eq!(snap.links.problems[0].reason.code, "input.not_whole");
        let (_, snap) = start(&[("reveal", "moves"), ("shown", "values")]);
        let p = &snap.links.problems[0];
        assert_eq!(
            (p.reason.code, p.used.as_str(), snap.reveal),
            ("reveal.limit", "moves", "moves")
        );
        let (_, snap) = start(&[("shown", "most")]);
        assert_eq!(snap.links.problems[0].reason.code, "input.unknown");
        // A record cut short is used up to its bad move, and the address keeps what was played.
        let (_, snap) = start(&[
            ("rows", "5"),
            ("cols", "7"),
            ("level", "human"),
            ("moves", "2,3 4,1 3,5 1,2"),
        ]);
        let p = &snap.links.problems[0];
        assert!(p.partly_used && !p.used_full_bar);
        assert!(snap
            .links
            .game_params
            .contains(&("moves".into(), "2,3 4,1".into())));
    }

    #[test]
    fn the_move_list_marks_a_mistake_and_a_jump_goes_back_to_it() {
        let (mut s, _) = start(&[("rows", "5"), ("cols", "7"), ("seed", "3")]);
        // 5×7 is won for the first player by (2, 3) only: (5, 7) gives it away.
        let snap = s.play(5, 7).unwrap();
        assert_eq!(snap.moves[0].mark, Some(Mark::Mistake));
        let snap = s.computer_move(1).unwrap();
        assert_eq!(snap.moves[1].mark, Some(Mark::Good));
        assert_eq!(snap.moves[1].delta, Some(0));
        assert_eq!(snap.history.len(), 3);
        assert_eq!(snap.history[0].win, Some(true));
        assert_eq!(snap.history[1].win, Some(true));
        assert_eq!(snap.history[2].win, Some(false));
        let r = snap.history[2].remoteness.unwrap();
        assert_eq!(snap.history[1].remoteness, Some(r + 1));
        assert!(snap.record_line.starts_with("5x7: 5,7 "));
        // Back to the computer's turn: it waits, and the future is kept.
        let snap = s.go_to(1).unwrap();
        assert_eq!((snap.moves.len(), snap.undone.len()), (1, 1));
        assert!(snap.turns.computer_to_move && snap.turns.computer_waits);
        assert_eq!(snap.rows, [7, 7, 7, 7, 6]);
        assert_eq!(s.play(1, 2).unwrap_err().code, "turn.computer");
        // Asked, it plays from there, and the old future is dropped.
        let snap = s.computer_move(1).unwrap();
        assert_eq!((snap.moves.len(), snap.undone.len()), (2, 0));
        assert!(!snap.turns.computer_waits);
        assert_eq!(s.go_to(3).unwrap_err().code, "session.stale");
    }

    #[test]
    fn reveal_levels_are_kept_by_the_session() {
        let (mut s, snap) = start(&[
            ("rows", "3"),
            ("cols", "4"),
            ("reveal", "outcome"),
            ("level", "human"),
        ]);
        assert_eq!((snap.reveal, snap.reveal_limit), ("outcome", "outcome"));
        assert_eq!(s.hint(0).unwrap_err().code, "reveal.hint");
        assert_eq!(s.why(0, 2, 3).unwrap_err().code, "reveal.why");
        assert_eq!(s.set_reveal("values").unwrap_err().code, "reveal.limit");
        assert_eq!(s.set_reveal("most").unwrap_err().code, "input.unknown");
        let snap = s.set_analysis(true).unwrap();
        let a = snap.analysis.unwrap();
        assert_eq!(
            (a.outcome, a.remoteness, a.squares.len()),
            (Some(Outcome::N), None, 0)
        );
        let snap = s.play(1, 2).unwrap();
        assert_eq!(snap.moves[0].note.winning, Some(false));
        assert_eq!(
            (snap.moves[0].note.remoteness, snap.moves[0].note.best),
            (None, None)
        );
        assert_eq!(snap.moves[0].mark, Some(Mark::Mistake));
        assert!(snap.history.iter().all(|v| v.remoteness.is_none()));
        // Off: no mark, no value, no analysis, even when asked.
        let snap = s.set_reveal("off").unwrap();
        assert_eq!(snap.moves[0].note.winning, None);
        assert_eq!(snap.moves[0].mark, None);
        assert!(snap.history.is_empty() && snap.analysis.is_none());
        assert_eq!(s.edit(0, 0, false).unwrap().outcome, None);
        // Without a limit, everything; the explanation names the refutation.
        let (mut s, _) = start(&[("rows", "2"), ("cols", "4"), ("level", "human")]);
        let snap = s.set_analysis(true).unwrap();
        let a = snap.analysis.unwrap();
        assert_eq!(a.remoteness, Some(7));
        let win = a.squares.iter().find(|q| q.winning == Some(true)).unwrap();
        assert_eq!(
            (win.row, win.col, win.remoteness, win.delta),
            (2, 4, Some(6), Some(0))
        );
        let why = s.why(0, 1, 2).unwrap();
        assert_eq!(why.winning, Some(false));
        assert!(why.refutation.is_some());
        assert_eq!(s.why(1, 0, 0).unwrap_err().code, "session.stale");
        assert_eq!(s.why(0, 3, 1).unwrap_err().code, "move.eaten");
    }

    #[test]
    fn the_editor_keeps_legal_shapes_and_says_their_outcome() {
        let (mut s, _) = start(&[("rows", "3"), ("cols", "4")]);
        let v = s.edit(2, 2, false).unwrap();
        assert_eq!(v.rows, [4, 1, 1]);
        // An L with unequal arms is won; equal arms are lost.
        assert_eq!(v.outcome, Some(Outcome::N));
        let v = s.edit(1, 4, false).unwrap();
        assert_eq!(
            (v.rows.as_slice(), v.outcome),
            (&[3, 1, 1][..], Some(Outcome::P))
        );
        assert_eq!(v.remoteness, Some(4));
        let v = s.edit(3, 2, true).unwrap();
        assert_eq!(v.rows, [3, 2, 2]);
        assert_eq!(s.edit(1, 1, false).unwrap_err().code, "move.poison");
        assert_eq!(s.edit(4, 1, true).unwrap_err().code, "move.off_board");
        // The board's position is where a new edit begins.
        assert_eq!(s.edit(0, 0, false).unwrap().rows, [4, 4, 4]);
    }

    #[test]
    fn no_game_yet_is_said() {
        let mut s = Session::new(1 << 20, 0);
        assert_eq!(s.play(1, 2).unwrap_err().code, "session.no_game");
        assert_eq!(s.snapshot().unwrap_err().code, "session.no_game");
        assert_eq!(rules().max_board_side, 30);
    }
}
