//! What game to play, read from name/value pairs: a page's URL, an embedded
//! element's attributes or the new-game form all give the same pairs, and the
//! same rules decide what is allowed. A bad value is reported with what was
//! used instead, never silently changed.

use super::engine::Source;
use super::notation::{parse_columns, parse_rows, Parsed};
use super::play::Level;
use super::position::{Move, Position, MAX_SIDE};
use crate::error::{Coded, InputError, Params, Report, Sure};
use crate::params::{first_name, ParamReader};
pub use crate::params::{Problem, FIRSTS};
use crate::reveal::Reveal;
use crate::turns::Player;
use std::fmt;

/// Longest side of a board offered for play when both sides are over 3:
/// boxes up to 16×16 are solved exactly in advance; past that the computer
/// plays each position exactly where it can and says when it is not sure.
pub const MAX_BOARD_SIDE: usize = 30;

/// Longest side of a board with at most 3 rows (or columns), exact at any
/// width by the three-row table.
pub const MAX_THIN_SIDE: usize = MAX_SIDE;

/// The board played when nothing else is asked for.
pub const DEFAULT_BOARD: (usize, usize) = (4, 7);

/// Who plays player 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// The computer at one of its levels.
    Computer(Level),
    /// A second person on the same device.
    Human,
}

/// Names of the opponents, as the URL and the form write them.
pub const OPPONENTS: &[&str] = &["perfect", "original", "random", "human"];

impl Opponent {
    /// Reads one of [`OPPONENTS`].
    pub fn parse(text: &str) -> Option<Opponent> {
        match text {
            "human" => Some(Opponent::Human),
            other => Level::parse(other).map(Opponent::Computer),
        }
    }

    /// Its name in [`OPPONENTS`].
    pub fn name(self) -> &'static str {
        match self {
            Opponent::Computer(Level::Perfect) => "perfect",
            Opponent::Computer(Level::Original) => "original",
            Opponent::Computer(Level::Random) => "random",
            Opponent::Human => "human",
        }
    }
}

/// Whether a `rows × cols` board is offered for play.
pub fn board_allowed(rows: usize, cols: usize) -> bool {
    let longest = if rows.min(cols) <= 3 {
        MAX_THIN_SIDE
    } else {
        MAX_BOARD_SIDE
    };
    rows >= 1 && cols >= 1 && rows.max(cols) <= longest
}

/// A game to start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Rows of the box.
    pub rows: usize,
    /// Columns of the box.
    pub cols: usize,
    /// Who moves first.
    pub first: Player,
    /// Who player 2 is.
    pub opponent: Opponent,
    /// Where the game starts, when not the full bar.
    pub start: Option<Position>,
    /// Moves to replay from the start (a game record), checked when played.
    pub moves: Vec<Move>,
    /// How the computer chose the first of `moves`, as an address keeps it
    /// (`marks`; the rest are plain).
    pub marks: Vec<Chosen>,
    /// The seed of the computer's random choices, when one was asked for
    /// (so a random opponent replays the same game).
    pub seed: Option<u64>,
    /// The most the game may reveal (a teacher's link may limit it).
    pub reveal: Reveal,
    /// Moves of `moves` on the board, when not all of them (an address's
    /// `at`: the rest can be redone).
    pub at: Option<usize>,
    /// The reveal level the page showed, below `reveal` (an address's `shown`).
    pub shown: Option<Reveal>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            rows: DEFAULT_BOARD.0,
            cols: DEFAULT_BOARD.1,
            first: Player::One,
            opponent: Opponent::Computer(Level::Perfect),
            start: None,
            moves: Vec::new(),
            marks: Vec::new(),
            seed: None,
            reveal: Reveal::Explain,
            at: None,
            shown: None,
        }
    }
}

impl Settings {
    /// The starting position: `start`, or the full bar.
    pub fn start_position(&self) -> Position {
        self.start
            .clone()
            .unwrap_or_else(|| Position::rectangle(self.rows, self.cols).sure("checked board"))
    }

    /// The pairs that start this game again (the full bar is left out).
    pub fn to_params(&self) -> Vec<(String, String)> {
        let mut out = vec![
            ("rows".to_string(), self.rows.to_string()),
            ("cols".to_string(), self.cols.to_string()),
        ];
        if let Some(p) = self.start_if_not_full() {
            out.push(("position".to_string(), lengths(p)));
        }
        out.push(("first".to_string(), first_name(self.first).to_string()));
        out.push(("level".to_string(), self.opponent.name().to_string()));
        if let Some(seed) = self.seed {
            out.push(("seed".to_string(), seed.to_string()));
        }
        if self.reveal != Reveal::Explain {
            out.push(("reveal".to_string(), self.reveal.name().to_string()));
        }
        out
    }

    /// The starting position when it is not the full bar.
    fn start_if_not_full(&self) -> Option<&Position> {
        let full =
            |p: &Position| p.height() == self.rows && p.rows().iter().all(|&l| l == self.cols);
        self.start.as_ref().filter(|p| !full(p))
    }

    /// The game record of `moves` played from this game's start, on one
    /// line as [`read_record`] reads it: `5x7: 2,3 4,1`, or with a start
    /// other than the full bar, `5x7 7,7,5,3: 2,3`.
    pub fn record(&self, moves: &[Move]) -> String {
        let mut line = format!("{}x{}", self.rows, self.cols);
        if let Some(p) = self.start_if_not_full() {
            line.push(' ');
            line.push_str(&lengths(p));
        }
        line.push(':');
        if !moves.is_empty() {
            line.push(' ');
            line.push_str(&format_moves(moves));
        }
        line
    }
}

/// Row lengths with commas: `7,7,5,3`.
fn lengths(p: &Position) -> String {
    p.rows()
        .iter()
        .map(|r| r.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Why a setting cannot be used, besides the errors of other modules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingError {
    /// A board past the offered sizes.
    Shape {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// A move of a record that is not `row,col`.
    RecordSyntax {
        /// Its place in the record, from 1.
        index: usize,
        /// The text found.
        text: String,
    },
    /// A move of a record that cannot be played where it comes.
    RecordIllegal {
        /// Its place in the record, from 1.
        index: usize,
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
    },
    /// A record of a move that cannot be played where it comes, read
    /// strictly: nothing of it is played.
    RecordRefused {
        /// Its place in the record, from 1.
        index: usize,
        /// Its row.
        row: usize,
        /// Its column.
        col: usize,
    },
    /// An address's mark saying a move came from the opening book where
    /// the book has no move (it is left out).
    MarkNotBook {
        /// The move's place in `moves`, from 1.
        index: usize,
    },
    /// A record line whose board (before the colon) cannot be read.
    RecordHeader {
        /// The text before the colon (or the start of the line).
        text: String,
    },
    /// A position larger than the box asked for.
    PositionFit {
        /// Rows the position needs.
        need_rows: usize,
        /// Columns the position needs.
        need_cols: usize,
        /// Rows of the box.
        rows: usize,
        /// Columns of the box.
        cols: usize,
    },
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingError::Shape { rows, cols } => write!(
                f,
                "a {rows}×{cols} board is not offered: boards go up to {MAX_BOARD_SIDE}×{MAX_BOARD_SIDE}, or {MAX_THIN_SIDE} columns (rows) when there are at most 3 rows (columns)"
            ),
            SettingError::PositionFit {
                need_rows,
                need_cols,
                rows,
                cols,
            } => write!(
                f,
                "this position needs a {need_rows}×{need_cols} bar but the board is {rows}×{cols}"
            ),
            SettingError::RecordSyntax { index, text } => write!(
                f,
                "move {index} of the record is \"{text}\": write each move as row,column, such as 2,3"
            ),
            SettingError::RecordIllegal { index, row, col } => write!(
                f,
                "move {index} of the record (row {row}, column {col}) cannot be played there: the moves before it are kept"
            ),
            SettingError::RecordRefused { index, row, col } => write!(
                f,
                "move {index} of the record (row {row}, column {col}) cannot be played there: the record was not loaded"
            ),
            SettingError::MarkNotBook { index } => write!(
                f,
                "move {index} is marked as played from the opening book, but the book has no move there: the mark is left out"
            ),
            SettingError::RecordHeader { text } => write!(
                f,
                "a record starts with its board and a colon, such as 5x7: 2,3 4,1, not \"{text}\""
            ),
        }
    }
}

impl Coded for SettingError {
    fn code(&self) -> &'static str {
        match self {
            SettingError::Shape { .. } => "setting.shape",
            SettingError::PositionFit { .. } => "setting.position_fit",
            SettingError::RecordSyntax { .. } => "record.syntax",
            SettingError::RecordIllegal { .. } => "record.illegal",
            SettingError::RecordRefused { .. } => "record.refused",
            SettingError::RecordHeader { .. } => "record.header",
            SettingError::MarkNotBook { .. } => "marks.book",
        }
    }

    fn params(&self) -> Params {
        match *self {
            SettingError::RecordSyntax { index, ref text } => {
                vec![("index", index.into()), ("text", text.clone().into())]
            }
            SettingError::RecordIllegal { index, row, col }
            | SettingError::RecordRefused { index, row, col } => vec![
                ("index", index.into()),
                ("row", row.into()),
                ("col", col.into()),
            ],
            SettingError::RecordHeader { ref text } => vec![("text", text.clone().into())],
            SettingError::MarkNotBook { index } => vec![("index", index.into())],
            SettingError::Shape { rows, cols } => vec![
                ("rows", rows.into()),
                ("cols", cols.into()),
                ("max", MAX_BOARD_SIDE.into()),
                ("thin", MAX_THIN_SIDE.into()),
            ],
            SettingError::PositionFit {
                need_rows,
                need_cols,
                rows,
                cols,
            } => vec![
                ("need_rows", need_rows.into()),
                ("need_cols", need_cols.into()),
                ("rows", rows.into()),
                ("cols", cols.into()),
            ],
        }
    }
}

/// Codes of [`SettingError`].
pub const CODES: &[&str] = &[
    "setting.shape",
    "setting.position_fit",
    "record.syntax",
    "record.illegal",
    "record.refused",
    "record.header",
    "marks.book",
];

/// A game record read from one line: the board, where the game started,
/// and the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Rows of the box.
    pub rows: usize,
    /// Columns of the box.
    pub cols: usize,
    /// The starting position, when it is not the full bar.
    pub start: Option<Position>,
    /// The moves, in order (not yet checked against the positions).
    pub moves: Vec<Move>,
}

/// Reads a record line: the board (`5x7`, also `5×7`), optionally the
/// starting position's row lengths (`5x7 7,7,5,3`), a colon, then the moves
/// as [`parse_moves`] reads them (`2,3 4,1`).
pub fn read_record(text: &str) -> Result<Record, Report> {
    let bad = || {
        Report::of(&SettingError::RecordHeader {
            text: text.trim().chars().take(20).collect(),
        })
    };
    let (head, moves) = text.split_once(':').ok_or_else(bad)?;
    let head = head.trim();
    let (board, position) = head.split_once(char::is_whitespace).unwrap_or((head, ""));
    let (rows, cols) = board.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let (rows, cols) = match (read_side("rows", rows), read_side("cols", cols)) {
        (Ok(r), Ok(c)) => (r, c),
        _ => return Err(bad()),
    };
    if !board_allowed(rows, cols) {
        return Err(Report::of(&SettingError::Shape { rows, cols }));
    }
    let mut start = None;
    if !position.trim().is_empty() {
        let p = parse_rows(position).map_err(|e| Report::of(&e))?.position;
        if p.check_fits(rows, cols).is_err() {
            return Err(Report::of(&SettingError::PositionFit {
                need_rows: p.height(),
                need_cols: p.width(),
                rows,
                cols,
            }));
        }
        start = Some(p);
    }
    let moves = parse_moves(moves).map_err(|e| Report::of(&e))?;
    Ok(Record {
        rows,
        cols,
        start,
        moves,
    })
}

/// The first move of `moves` that cannot be played from `start` in turn.
fn first_illegal(start: &Position, moves: &[Move]) -> Option<SettingError> {
    let mut p = start.clone();
    for (i, &mv) in moves.iter().enumerate() {
        match p.play(mv) {
            Ok(next) => p = next,
            Err(_) => {
                return Some(SettingError::RecordRefused {
                    index: i + 1,
                    row: mv.row,
                    col: mv.col,
                })
            }
        }
    }
    None
}

/// Reads a record's moves: `row,col` pairs separated by spaces (or `;`).
pub fn parse_moves(text: &str) -> Result<Vec<Move>, SettingError> {
    let mut moves = Vec::new();
    for (i, word) in text
        .split(|c: char| c.is_whitespace() || c == ';')
        .filter(|w| !w.is_empty())
        .enumerate()
    {
        let bad = || SettingError::RecordSyntax {
            index: i + 1,
            text: word.chars().take(20).collect(),
        };
        let (r, c) = word.split_once(',').ok_or_else(bad)?;
        let number = |t: &str| {
            t.parse::<usize>()
                .ok()
                .filter(|&n| (1..=MAX_SIDE).contains(&n) && t.bytes().all(|b| b.is_ascii_digit()))
        };
        match (number(r), number(c)) {
            (Some(row), Some(col)) => moves.push(Move { row, col }),
            _ => return Err(bad()),
        }
        if moves.len() > MAX_SIDE * MAX_SIDE {
            return Err(bad());
        }
    }
    Ok(moves)
}

/// Writes moves as [`parse_moves`] reads them: `2,3 4,1`.
pub fn format_moves(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| format!("{},{}", m.row, m.col))
        .collect::<Vec<_>>()
        .join(" ")
}

/// How the computer chose a move before the box's exact table was ready:
/// the move list's mark, which an address keeps so that a reload shows the
/// game as it was played (see [`parse_marks`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chosen {
    /// The book or a search (`None`: a person's move, or the table's).
    pub source: Option<Source>,
    /// Whether the move was proven when played.
    pub sure: bool,
}

impl Chosen {
    /// A move with no mark: a person's, or proven by a table.
    pub const PLAIN: Chosen = Chosen {
        source: None,
        sure: true,
    };

    /// Its letter in `marks`.
    fn letter(self) -> char {
        match (self.source, self.sure) {
            (Some(Source::Book), _) => 'b',
            (Some(Source::Search), true) => 's',
            (Some(Source::Search), false) => 'u',
            _ => '-',
        }
    }
}

/// The letters of `marks`, as [`InputError::Unknown`] names them.
const MARK_LETTERS: &str = "-, b, s, u (one per move)";

/// Reads an address's `marks`: one letter per move of `moves`, `-` for a
/// plain move, `b` for the opening book's, `s` for a search's, `u` for a
/// search's it could not prove. Letters past the last are plain moves.
pub fn parse_marks(text: &str) -> Result<Vec<Chosen>, InputError> {
    let mut marks = Vec::new();
    for letter in text.chars() {
        let (source, sure) = match letter {
            '-' => (None, true),
            'b' => (Some(Source::Book), true),
            's' => (Some(Source::Search), true),
            'u' => (Some(Source::Search), false),
            _ => {
                return Err(InputError::Unknown {
                    field: "marks".into(),
                    value: text.chars().take(40).collect(),
                    expected: MARK_LETTERS.into(),
                })
            }
        };
        if marks.len() == MAX_SIDE * MAX_SIDE {
            return Err(InputError::TooMany {
                field: "marks".into(),
                count: text.chars().count(),
                max: MAX_SIDE * MAX_SIDE,
            });
        }
        marks.push(Chosen { source, sure });
    }
    Ok(marks)
}

/// `marks` as [`parse_marks`] reads it, the plain moves at its end left
/// out (`None` when no move has a mark).
pub fn format_marks(marks: impl IntoIterator<Item = Chosen>) -> Option<String> {
    let text: String = marks.into_iter().map(Chosen::letter).collect();
    let text = text.trim_end_matches('-');
    (!text.is_empty()).then(|| text.to_string())
}

/// Reads a side: a whole number from 1 to [`MAX_THIN_SIDE`], spaces allowed around.
fn read_side(name: &str, value: &str) -> Result<usize, InputError> {
    let text = value.trim();
    match text.parse::<usize>() {
        Ok(n) if (1..=MAX_THIN_SIDE).contains(&n) && text.bytes().all(|b| b.is_ascii_digit()) => {
            Ok(n)
        }
        _ => Err(InputError::NotWhole {
            field: name.to_string(),
            value: value.to_string(),
            min: 1,
            max: MAX_THIN_SIDE as u64,
        }),
    }
}

/// Every parameter [`read_settings`] reads, as the URL, the element's
/// attributes and the form name them (the page reads its own: `lang`,
/// `theme`, …). The documentation's tables are checked against it.
pub const PARAMS: &[&str] = &[
    "rows", "cols", "position", "columns", "first", "level", "moves", "marks", "record", "at",
    "reveal", "shown", "seed",
];

/// Reads the game from `pairs` (later pairs of the same name win). A name
/// it does not read is reported (the page keeps its own, `lang`, `theme`, …,
/// out of the pairs).
///
/// * `rows`, `cols`: the box (default 4×7). A board past the offered sizes is
///   capped at [`MAX_BOARD_SIDE`] on both sides.
/// * `position`: row lengths, top row first (`5,5,3`), or `columns`: column
///   heights (`3 3 2 2 2`). Without `rows`/`cols`, the box is the text's.
/// * `first`: `human` or `computer`; `level`: one of [`OPPONENTS`].
/// * `moves`: a record to replay from the start (`2,3 4,1`), checked by the
///   session as it plays it; `marks`: how the computer chose them (see
///   [`parse_marks`]); `at`: how many of them are on the board (the
///   rest can be redone); `seed`: the computer's random seed.
/// * `reveal`: the most the game reveals; `shown`: the level the page shows,
///   at most `reveal`.
///
/// Each value that cannot be used is a [`Problem`] and its default is played;
/// with `strict`, the first problem is an error instead.
pub fn read_settings(
    pairs: &[(String, String)],
    strict: bool,
) -> Result<(Settings, Vec<Problem>), Report> {
    let mut r = ParamReader::new(pairs, PARAMS);
    let mut s = Settings::default();
    let mut given = [None, None];
    for (i, name) in ["rows", "cols"].into_iter().enumerate() {
        if let Some(value) = r.get(name) {
            match read_side(name, value) {
                Ok(n) => given[i] = Some(n),
                Err(e) => {
                    let default = if i == 0 { s.rows } else { s.cols };
                    r.report(name, value, &e, default.to_string());
                }
            }
        }
    }
    (s.rows, s.cols) = (given[0].unwrap_or(s.rows), given[1].unwrap_or(s.cols));
    if !board_allowed(s.rows, s.cols) {
        let (rows, cols) = (s.rows.min(MAX_BOARD_SIDE), s.cols.min(MAX_BOARD_SIDE));
        let e = SettingError::Shape {
            rows: s.rows,
            cols: s.cols,
        };
        let value = format!("{}×{}", s.rows, s.cols);
        r.report("rows×cols", &value, &e, format!("{rows}×{cols}"));
        (s.rows, s.cols) = (rows, cols);
        given = [given[0].map(|_| rows), given[1].map(|_| cols)];
    }

    let text = r
        .get("position")
        .map(|t| ("position", t, parse_rows(t)))
        .or_else(|| r.get("columns").map(|t| ("columns", t, parse_columns(t))));
    if let Some((name, value, parsed)) = text {
        let fitted = parsed.map_err(|e| Report::of(&e)).and_then(|p: Parsed| {
            let rows = given[0].unwrap_or(p.box_rows.max(p.position.height()));
            let cols = given[1].unwrap_or(p.box_cols.max(p.position.width()));
            if p.position.height() > rows || p.position.width() > cols {
                return Err(Report::of(&SettingError::PositionFit {
                    need_rows: p.position.height(),
                    need_cols: p.position.width(),
                    rows,
                    cols,
                }));
            }
            if !board_allowed(rows, cols) {
                return Err(Report::of(&SettingError::Shape { rows, cols }));
            }
            Ok((rows, cols, p.position))
        });
        match fitted {
            Ok((rows, cols, position)) => {
                (s.rows, s.cols) = (rows, cols);
                s.start = Some(position);
            }
            Err(reason) => r.push(Problem {
                name: name.into(),
                value: value.into(),
                reason,
                used: String::new(),
                used_full_bar: true,
                partly_used: false,
            }),
        }
    }
    s.moves = r.parsed("moves", parse_moves).unwrap_or_default();
    if let Some(text) = r.get("record") {
        match read_record(text) {
            Ok(record) => {
                (s.rows, s.cols, s.start, s.moves) =
                    (record.rows, record.cols, record.start, record.moves);
            }
            Err(reason) => r.push(Problem::unused("record", text, reason)),
        }
    }
    s.marks = r.parsed("marks", parse_marks).unwrap_or_default();
    if s.marks.len() > s.moves.len() {
        let value = r.get("marks").unwrap_or_default();
        let e = InputError::TooMany {
            field: "marks".into(),
            count: s.marks.len(),
            max: s.moves.len(),
        };
        r.push(Problem::cut_short("marks", value, Report::of(&e)));
        s.marks.truncate(s.moves.len());
    }
    s.seed = r.seed();
    s.first = r.first();
    let default = s.opponent;
    s.opponent = r.choice("level", OPPONENTS, Opponent::parse, default, default.name());
    s.reveal = r.reveal();
    s.at = r.at();
    s.shown = r.shown(s.reveal);
    let problems = r.finish(strict)?;
    // Read strictly (a record typed in the page), a record is played whole
    // or not at all; from an address, the moves before a bad one are kept.
    if let Some(e) = first_illegal(&s.start_position(), &s.moves).filter(|_| strict) {
        return Err(Report::of(&e));
    }
    Ok((s, problems))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_parameter_in_the_table_is_read() {
        crate::params::assert_every_param_is_read(PARAMS, |p| read_settings(p, false).unwrap().1);
    }

    fn read(pairs: &[(&str, &str)]) -> (Settings, Vec<Problem>) {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        read_settings(&pairs, false).unwrap()
    }

    #[test]
    fn defaults_and_good_values() {
        let (s, p) = read(&[]);
        assert_eq!((s.rows, s.cols), DEFAULT_BOARD);
        assert!(p.is_empty());
        let (s, p) = read(&[
            ("rows", "5"),
            ("cols", " 9 "),
            ("first", "computer"),
            ("level", "random"),
        ]);
        assert!(p.is_empty(), "{p:?}");
        assert_eq!((s.rows, s.cols, s.first), (5, 9, Player::Two));
        assert_eq!(s.opponent, Opponent::Computer(Level::Random));
        assert_eq!(read(&[("rows", "3"), ("cols", "1000")]).0.cols, 1000);
    }

    #[test]
    fn a_name_the_game_does_not_read_is_named_once_with_its_last_value() {
        // The page keeps its own (`lang`) out; any other is a typo or another page's.
        let (s, p) = read(&[("rows", "5"), ("row", "6"), ("lang", "fr"), ("row", "7")]);
        assert_eq!(s.rows, 5);
        let named: Vec<(&str, &str, &str)> = p
            .iter()
            .map(|p| (p.name.as_str(), p.value.as_str(), p.reason.code))
            .collect();
        assert_eq!(
            named,
            [
                ("lang", "fr", "input.not_param"),
                ("row", "7", "input.not_param")
            ]
        );
        assert!(
            p[1].reason
                .message
                .contains("whose settings are rows, cols"),
            "{}",
            p[1].reason.message
        );
        assert_eq!(p[1].used, "");
        // Strict (a form's start): the first refusal is the error.
        let pairs: Vec<(String, String)> = vec![("colour".into(), "red".into())];
        assert_eq!(
            read_settings(&pairs, true).unwrap_err().code,
            "input.not_param"
        );
    }

    #[test]
    fn bad_values_are_reported_with_what_was_used() {
        let (s, p) = read(&[
            ("rows", "abc"),
            ("cols", "0"),
            ("first", "me"),
            ("level", "god"),
        ]);
        assert_eq!((s.rows, s.cols), DEFAULT_BOARD);
        let names: Vec<&str> = p.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["rows", "cols", "first", "level"]);
        assert_eq!(p[0].reason.code, "input.not_whole");
        assert_eq!(p[0].used, "4");
        assert_eq!(p[3].reason.code, "input.unknown");
        for bad in ["2.5", "-3", "1e3", "1001", ""] {
            assert_eq!(read(&[("rows", bad)]).1.len(), 1, "{bad}");
        }
    }

    #[test]
    fn both_sides_are_capped_and_said() {
        let (s, p) = read(&[("rows", "40"), ("cols", "40")]);
        assert_eq!((s.rows, s.cols), (30, 30));
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].reason.code, "setting.shape");
        assert_eq!(p[0].used, "30×30");
        let (s, _) = read(&[("rows", "5"), ("cols", "400")]);
        assert_eq!((s.rows, s.cols), (5, 30));
    }

    #[test]
    fn positions_take_their_box_or_fit_the_one_asked() {
        let (s, p) = read(&[("position", "5,5,3")]);
        assert!(p.is_empty());
        assert_eq!((s.rows, s.cols), (3, 5));
        assert_eq!(s.start.unwrap().rows(), &[5, 5, 3]);
        let (s, _) = read(&[("position", "5,5,3,0"), ("cols", "8")]);
        assert_eq!((s.rows, s.cols), (4, 8));
        let (s, p) = read(&[("position", "5,6"), ("rows", "3")]);
        assert!(s.start.is_none());
        assert!(p[0].used_full_bar);
        assert_eq!(p[0].reason.code, "notation.rows_increasing");
        let (_, p) = read(&[("position", "9"), ("cols", "5")]);
        assert_eq!(p[0].reason.code, "setting.position_fit");
        let (s, p) = read(&[("columns", "5 5 5 4 4 3 3 3 1 1 1 0 0")]);
        assert!(p.is_empty());
        assert_eq!((s.rows, s.cols), (5, 13));
        assert_eq!(s.start.unwrap().rows(), &[11, 8, 8, 5, 3]);
        let (_, p) = read(&[("position", "31,31,31,31")]);
        assert_eq!(p[0].reason.code, "setting.shape");
    }

    #[test]
    fn strict_reading_refuses_instead() {
        let pairs = vec![("position".to_string(), "3 x".to_string())];
        let e = read_settings(&pairs, true).unwrap_err();
        assert_eq!(e.code, "notation.bad_char");
    }

    #[test]
    fn records_are_read_from_one_line_and_written_back() {
        let (s, p) = read(&[("record", "5x7: 2,3 4,1"), ("first", "computer")]);
        assert!(p.is_empty(), "{p:?}");
        assert_eq!((s.rows, s.cols, s.first), (5, 7, Player::Two));
        assert_eq!(s.moves, [Move { row: 2, col: 3 }, Move { row: 4, col: 1 }]);
        assert_eq!(s.record(&s.moves), "5x7: 2,3 4,1");
        let (s, p) = read(&[("record", " 4×6 6,6,2 : 1,3")]);
        assert!(p.is_empty(), "{p:?}");
        assert_eq!(s.start.as_ref().unwrap().rows(), &[6, 6, 2]);
        assert_eq!(s.record(&[]), "4x6 6,6,2:");
        for (bad, code) in [
            ("2,3 4,1", "record.header"),
            ("5y7: 2,3", "record.header"),
            ("0x7: 2,3", "record.header"),
            ("40x40:", "setting.shape"),
            ("3x3 4,4: 2,2", "setting.position_fit"),
            ("3x3 2,3: 2,2", "notation.rows_increasing"),
            ("5x7: 2;3", "record.syntax"),
        ] {
            let (s, p) = read(&[("record", bad), ("rows", "2"), ("cols", "2")]);
            assert_eq!(p[0].reason.code, code, "{bad}");
            assert_eq!((p[0].name.as_str(), s.rows), ("record", 2), "{bad}");
        }
        // Strictly, an illegal move refuses the record and names the move;
        // otherwise it is left to the session, which keeps the moves before it.
        let pairs = vec![("record".to_string(), "3x3: 2,2 3,3".to_string())];
        let e = read_settings(&pairs, true).unwrap_err();
        assert_eq!(e.code, "record.refused");
        assert_eq!(e.message, "move 2 of the record (row 3, column 3) cannot be played there: the record was not loaded");
        assert!(read_settings(&pairs, false).unwrap().1.is_empty());
    }

    #[test]
    fn reveal_levels_are_read_and_kept_in_links() {
        let (s, p) = read(&[("reveal", "moves")]);
        assert!(p.is_empty());
        assert_eq!(s.reveal, Reveal::Moves);
        assert!(s.to_params().contains(&("reveal".into(), "moves".into())));
        let (s, p) = read(&[("reveal", "all")]);
        assert_eq!((s.reveal, p[0].used.as_str()), (Reveal::Explain, "explain"));
        assert!(!s.to_params().iter().any(|(k, _)| k == "reveal"));
    }

    #[test]
    fn params_start_the_same_game_again() {
        let (s, _) = read(&[
            ("position", "5,5,3"),
            ("cols", "6"),
            ("first", "computer"),
            ("level", "original"),
        ]);
        let pairs = s.to_params();
        let (again, p) = read_settings(&pairs, true).unwrap();
        assert!(p.is_empty());
        assert_eq!(again, s);
        let (full, _) = read(&[("position", "4,4")]);
        assert!(!full.to_params().iter().any(|(k, _)| k == "position"));
    }
}
