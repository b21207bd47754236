//! Why a graph text cannot be read, as a coded error: the page translates
//! `err.<code>` with the parameters, so every class of mistake has its own
//! code and the names involved are parameters (as Python labels), never part
//! of an English sentence.

use crate::error::{Coded, Params};
use std::fmt;

/// Where something is in the text: 1-based line and column (in characters),
/// because that is what an editor shows a student.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

impl Place {
    /// The place of byte offset `at` of `text`. Only called for the one error
    /// reported, so reading stays linear however long the text is.
    pub(super) fn of(text: &str, at: usize) -> Place {
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let before = &text[..at];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Place {
            line: before.bytes().filter(|&b| b == b'\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// What is wrong with a graph text. Names of vertices (`vertex`, `name`,
/// `key`) are labels as Python prints them (`7`, `'a'`); `found` is the
/// offending character as a one-character Python string (`'x'`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphErrorKind {
    /// Nothing but spaces and comments (and maybe `d =`).
    Empty,
    /// More than [`super::MAX_TEXT_CHARS`] characters.
    TooLong {
        /// Characters in the text.
        chars: usize,
    },
    /// More than [`super::MAX_VERTICES`] keys.
    TooManyVertices,
    /// More than [`super::MAX_ARCS`] successor entries.
    TooManyArcs,
    /// A name (`d`) not followed by `=`.
    ExpectedDict {
        /// The name written.
        name: String,
    },
    /// Something else than `{` where the dict should open.
    ExpectedOpenBrace {
        /// The character found.
        found: String,
    },
    /// Something else than a vertex name or `}` in the dict.
    ExpectedKey {
        /// The character found.
        found: String,
    },
    /// A key not followed by `:`.
    ExpectedColon {
        /// The key.
        vertex: String,
        /// The character found.
        found: String,
    },
    /// A `:` not followed by `[`.
    ExpectedOpenBracket {
        /// The key.
        vertex: String,
        /// The character found.
        found: String,
    },
    /// Something else than a name or `]` in a successor list.
    ExpectedSuccessor {
        /// The key whose list it is.
        vertex: String,
        /// The character found.
        found: String,
    },
    /// Something else than `,` or `]` after a successor.
    ExpectedCommaInList {
        /// The key whose list it is.
        vertex: String,
        /// The character found.
        found: String,
    },
    /// Something else than `,` or `}` after a successor list.
    ExpectedCommaInDict {
        /// The key whose list it was.
        vertex: String,
        /// The character found.
        found: String,
    },
    /// The text ends inside the dict.
    UnclosedDict {
        /// Where the dict's `{` is.
        open: Place,
    },
    /// The text ends inside a successor list.
    UnclosedList {
        /// The key whose list it is.
        vertex: String,
        /// Where the list's `[` is.
        open: Place,
    },
    /// A quoted name without its closing quote on the same line.
    UnclosedString {
        /// The opening quote, `'` or `"`.
        quote: char,
    },
    /// A backslash escape Python would refuse or that names no character
    /// this engine can hold (`\x4`, `\ud800`, `\N{…}`).
    BadEscape {
        /// The escape as written.
        escape: String,
    },
    /// `-1`: Python allows it, but a position is named by a whole number.
    NegativeNumber {
        /// The number as written, sign included.
        digits: String,
    },
    /// `007`: not a Python 3 number (leading zeros are a syntax error there),
    /// and a student may have meant the name `'007'`, so it is refused.
    LeadingZero {
        /// The number as written.
        digits: String,
    },
    /// A whole number past `u64::MAX`.
    NumberTooLarge {
        /// The number as written.
        digits: String,
    },
    /// Something after the dict's closing `}`.
    TrailingText {
        /// The character found.
        found: String,
    },
    /// `{}`: a game needs at least one position.
    NoVertex,
    /// The same key twice. Python would silently keep the last one; a student
    /// is better told.
    DuplicateKey {
        /// The key.
        vertex: String,
        /// Where it is first written.
        first: Place,
    },
    /// A successor that is no key of the dict.
    UnknownSuccessor {
        /// The successor.
        name: String,
        /// The key whose list it is in.
        vertex: String,
    },
    /// A successor that is no key, although the same text with the other
    /// type is (`1` against `'1'`), a common slip when mixing JSON and Python.
    SuccessorTypeMismatch {
        /// The successor.
        name: String,
        /// The key with the other type.
        key: String,
    },
    /// A vertex among its own successors.
    SelfLoop {
        /// The vertex.
        vertex: String,
    },
    /// The same successor twice in one list.
    DuplicateArc {
        /// The successor.
        name: String,
        /// The key whose list it is.
        vertex: String,
    },
}

/// A graph text that cannot be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphError {
    /// What is wrong.
    pub kind: GraphErrorKind,
    /// Where (None for the text as a whole).
    pub place: Option<Place>,
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(p) = self.place {
            write!(f, "{p}: ")?;
        }
        use GraphErrorKind as K;
        let (max_chars, max_vertices, max_arcs) =
            (super::MAX_TEXT_CHARS, super::MAX_VERTICES, super::MAX_ARCS);
        match &self.kind {
            K::Empty => f.write_str(
                "the text is empty: paste a dict like d = { 0: [1, 2], 1: [], 2: [] }",
            ),
            K::TooLong { chars } => write!(
                f,
                "the text has {chars} characters: at most {max_chars} are read"
            ),
            K::TooManyVertices => write!(f, "more than {max_vertices} vertices"),
            K::TooManyArcs => write!(f, "more than {max_arcs} arcs"),
            K::ExpectedDict { name } => write!(
                f,
                "expected '=' and the dict after {name}, like {name} = {{ 0: [1, 2], 1: [] }}"
            ),
            K::ExpectedOpenBrace { found } => {
                write!(f, "expected '{{' to open the dict, found {found}")
            }
            K::ExpectedKey { found } => write!(
                f,
                "expected a vertex name (a whole number or a quoted name) or '}}', found {found}"
            ),
            K::ExpectedColon { vertex, found } => {
                write!(f, "expected ':' after the vertex {vertex}, found {found}")
            }
            K::ExpectedOpenBracket { vertex, found } => write!(
                f,
                "expected '[' to open the successors of {vertex}, found {found}"
            ),
            K::ExpectedSuccessor { vertex, found } => write!(
                f,
                "expected a successor of {vertex} (a whole number or a quoted name) or ']', found {found}"
            ),
            K::ExpectedCommaInList { vertex, found } => write!(
                f,
                "expected ',' or ']' in the successors of {vertex}, found {found}"
            ),
            K::ExpectedCommaInDict { vertex, found } => write!(
                f,
                "expected ',' or '}}' after the successors of {vertex}, found {found}"
            ),
            K::UnclosedDict { open } => write!(
                f,
                "the text ends before the dict opened at {open} is closed with '}}'"
            ),
            K::UnclosedList { vertex, open } => write!(
                f,
                "the text ends before the successors of {vertex}, opened at {open}, are closed with ']'"
            ),
            K::UnclosedString { quote } => write!(
                f,
                "this quoted name is not closed: put a {quote} before the end of the line"
            ),
            K::BadEscape { escape } => write!(
                f,
                "the escape {escape} cannot be read: write the character itself, or \\xhh, \\uhhhh or \\Uhhhhhhhh"
            ),
            K::NegativeNumber { digits } => write!(
                f,
                "{digits} is negative: a vertex is a whole number from 0 or a quoted name"
            ),
            K::LeadingZero { digits } => write!(
                f,
                "{digits} starts with 0, which Python 3 refuses: write the number without leading zeros, or '{digits}' in quotes for a name"
            ),
            K::NumberTooLarge { digits } => write!(
                f,
                "{digits} is too large for a vertex number: write it in quotes for a name"
            ),
            K::TrailingText { found } => {
                write!(f, "unexpected {found} after the end of the dict")
            }
            K::NoVertex => f.write_str("the dict has no vertex"),
            K::DuplicateKey { vertex, first } => {
                write!(f, "vertex {vertex} is listed twice (first at {first})")
            }
            K::UnknownSuccessor { name, vertex } => write!(
                f,
                "{name}, a successor of {vertex}, is not a vertex: add a key {name}: [...] to the dict"
            ),
            K::SuccessorTypeMismatch { name, key } => write!(
                f,
                "{name} is not a vertex, but {key} is: in Python a number and a quoted name are different keys, so write both the same way"
            ),
            K::SelfLoop { vertex } => write!(
                f,
                "vertex {vertex} lists itself as a successor: a move must change the position"
            ),
            K::DuplicateArc { name, vertex } => {
                write!(f, "{name} appears twice among the successors of {vertex}")
            }
        }
    }
}

impl std::error::Error for GraphError {}

impl Coded for GraphError {
    fn code(&self) -> &'static str {
        use GraphErrorKind as K;
        match self.kind {
            K::Empty => "graph.empty",
            K::TooLong { .. } => "graph.too_long",
            K::TooManyVertices => "graph.too_many_vertices",
            K::TooManyArcs => "graph.too_many_arcs",
            K::ExpectedDict { .. } => "graph.expected_dict",
            K::ExpectedOpenBrace { .. } => "graph.expected_open_brace",
            K::ExpectedKey { .. } => "graph.expected_key",
            K::ExpectedColon { .. } => "graph.expected_colon",
            K::ExpectedOpenBracket { .. } => "graph.expected_open_bracket",
            K::ExpectedSuccessor { .. } => "graph.expected_successor",
            K::ExpectedCommaInList { .. } => "graph.expected_comma_in_list",
            K::ExpectedCommaInDict { .. } => "graph.expected_comma_in_dict",
            K::UnclosedDict { .. } => "graph.unclosed_dict",
            K::UnclosedList { .. } => "graph.unclosed_list",
            K::UnclosedString { .. } => "graph.unclosed_string",
            K::BadEscape { .. } => "graph.bad_escape",
            K::NegativeNumber { .. } => "graph.negative_number",
            K::LeadingZero { .. } => "graph.leading_zero",
            K::NumberTooLarge { .. } => "graph.number_too_large",
            K::TrailingText { .. } => "graph.trailing_text",
            K::NoVertex => "graph.no_vertex",
            K::DuplicateKey { .. } => "graph.duplicate_key",
            K::UnknownSuccessor { .. } => "graph.unknown_successor",
            K::SuccessorTypeMismatch { .. } => "graph.successor_type_mismatch",
            K::SelfLoop { .. } => "graph.self_loop",
            K::DuplicateArc { .. } => "graph.duplicate_arc",
        }
    }

    /// `line` and `column` first when the error has a place, then the
    /// kind's own values; limits are given as `max`.
    fn params(&self) -> Params {
        use GraphErrorKind as K;
        let mut params: Params = Vec::new();
        if let Some(p) = self.place {
            params.push(("line", p.line.into()));
            params.push(("column", p.column.into()));
        }
        let text = |s: &String| s.clone().into();
        match &self.kind {
            K::Empty | K::NoVertex => {}
            K::TooLong { chars } => {
                params.push(("chars", (*chars).into()));
                params.push(("max", super::MAX_TEXT_CHARS.into()));
            }
            K::TooManyVertices => params.push(("max", super::MAX_VERTICES.into())),
            K::TooManyArcs => params.push(("max", super::MAX_ARCS.into())),
            K::ExpectedDict { name } => params.push(("name", text(name))),
            K::ExpectedOpenBrace { found }
            | K::ExpectedKey { found }
            | K::TrailingText { found } => params.push(("found", text(found))),
            K::ExpectedColon { vertex, found }
            | K::ExpectedOpenBracket { vertex, found }
            | K::ExpectedSuccessor { vertex, found }
            | K::ExpectedCommaInList { vertex, found }
            | K::ExpectedCommaInDict { vertex, found } => {
                params.push(("vertex", text(vertex)));
                params.push(("found", text(found)));
            }
            K::UnclosedDict { open } => {
                params.push(("open_line", open.line.into()));
                params.push(("open_column", open.column.into()));
            }
            K::UnclosedList { vertex, open } => {
                params.push(("vertex", text(vertex)));
                params.push(("open_line", open.line.into()));
                params.push(("open_column", open.column.into()));
            }
            K::UnclosedString { quote } => params.push(("quote", (*quote).into())),
            K::BadEscape { escape } => params.push(("escape", text(escape))),
            K::NegativeNumber { digits }
            | K::LeadingZero { digits }
            | K::NumberTooLarge { digits } => params.push(("digits", text(digits))),
            K::DuplicateKey { vertex, first } => {
                params.push(("vertex", text(vertex)));
                params.push(("first_line", first.line.into()));
                params.push(("first_column", first.column.into()));
            }
            K::UnknownSuccessor { name, vertex } | K::DuplicateArc { name, vertex } => {
                params.push(("name", text(name)));
                params.push(("vertex", text(vertex)));
            }
            K::SuccessorTypeMismatch { name, key } => {
                params.push(("name", text(name)));
                params.push(("key", text(key)));
            }
            K::SelfLoop { vertex } => params.push(("vertex", text(vertex))),
        }
        params
    }
}
