//! The two ways people write Chomp positions.
//!
//! * **Row lengths**, top row (the one with the poison) first: `11 8 8 5 3`.
//! * **Column heights**, as in the original JavaScript page (chp.js), left
//!   column (the one with the poison) first: `5 5 5 4 4 3 3 3 1 1 1 0 0`.
//!
//! Both describe the same board; the seed's 13-column example is
//!
//! ```text
//! ☠XXXXXXXXXX..   row 1: 11
//! XXXXXXXX.....   row 2:  8
//! XXXXXXXX.....   row 3:  8
//! XXXXX........   row 4:  5
//! XXX..........   row 5:  3
//! 5554433311100   column heights, left to right
//! ```
//!
//! (the seed draws it upside down, poison bottom-left, and labels the row of 3
//! squares "2"; its drawing and its column list both say 3). Trailing zeros
//! are allowed and tell the size of the box: 13 entries above mean 13 columns.
//! Numbers may be separated by spaces, commas or semicolons and wrapped in
//! `[...]` or `(...)`, so `[3, 3, 2]` is accepted as written in code.

use super::position::{Position, PositionError, MAX_SIDE};
use crate::error::{Coded, Params};
use std::fmt;

/// Which notation a text was read in: its numbers are row lengths or column heights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Row lengths, top row first.
    Row,
    /// Column heights, left column first.
    Column,
}

/// What is wrong with a position text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// `[` or `(` without its closing bracket.
    Unclosed {
        /// The opening bracket.
        open: char,
        /// The bracket that should close it.
        close: char,
    },
    /// A separator where a number was expected.
    NumberExpected {
        /// The separator found.
        found: char,
    },
    /// A minus sign.
    Negative,
    /// A decimal point.
    Decimal,
    /// Any other character.
    BadChar {
        /// The character found.
        found: char,
    },
    /// No number at all.
    NoNumbers,
    /// An entry larger than [`MAX_SIDE`].
    TooLarge {
        /// Row lengths or column heights.
        unit: Unit,
        /// Its place (1-indexed).
        index: usize,
        /// The value given.
        value: usize,
    },
    /// An entry larger than the one before.
    Increasing {
        /// Row lengths or column heights.
        unit: Unit,
        /// Its place (1-indexed).
        index: usize,
        /// The value given.
        value: usize,
        /// The value before it.
        before: usize,
    },
    /// More entries than [`MAX_SIDE`].
    TooMany {
        /// Row lengths or column heights.
        unit: Unit,
    },
    /// The first entry is 0: the poisoned square is always there.
    FirstEmpty {
        /// Row lengths or column heights.
        unit: Unit,
    },
    /// The numbers do not make a position.
    Position(PositionError),
}

/// A parse failure, with the 1-based character column where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based character position in the text (0 when the whole text is at fault).
    pub column: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

fn unit_name(unit: Unit) -> &'static str {
    match unit {
        Unit::Row => "row",
        Unit::Column => "column",
    }
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParseErrorKind::*;
        match self {
            Unclosed { open, close } => write!(f, "'{open}' is never closed by '{close}'"),
            NumberExpected { found } => write!(f, "expected a number before '{found}'"),
            Negative => {
                f.write_str("negative numbers are not allowed: lengths are whole numbers ≥ 0")
            }
            Decimal => f.write_str("lengths are whole numbers, without a decimal point"),
            BadChar { found } => write!(f, "'{found}' is not a digit, space or comma"),
            NoNumbers => f.write_str("no numbers given"),
            TooLarge { unit, index, value } => write!(
                f,
                "{} {index} is {value}: at most {MAX_SIDE} are supported",
                unit_name(*unit)
            ),
            Increasing {
                unit,
                index,
                value,
                before,
            } => {
                let what = unit_name(*unit);
                write!(
                    f,
                    "{what} {index} has {value} squares but {what} {} has {before}: {what}s must not increase",
                    index - 1
                )
            }
            TooMany { unit } => write!(f, "more than {MAX_SIDE} {}s", unit_name(*unit)),
            FirstEmpty { unit } => write!(
                f,
                "{} 1 holds the poisoned square, so it cannot be empty",
                unit_name(*unit)
            ),
            Position(e) => e.fmt(f),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.column == 0 {
            self.kind.fmt(f)
        } else {
            write!(f, "at character {}: {}", self.column, self.kind)
        }
    }
}

impl std::error::Error for ParseError {}

impl Coded for ParseError {
    fn code(&self) -> &'static str {
        use ParseErrorKind::*;
        let by_unit = |unit: &Unit, row: &'static str, column: &'static str| match unit {
            Unit::Row => row,
            Unit::Column => column,
        };
        match &self.kind {
            Unclosed { .. } => "notation.unclosed",
            NumberExpected { .. } => "notation.number_expected",
            Negative => "notation.negative",
            Decimal => "notation.decimal",
            BadChar { .. } => "notation.bad_char",
            NoNumbers => "notation.no_numbers",
            TooLarge { unit, .. } => {
                by_unit(unit, "notation.row_too_large", "notation.column_too_large")
            }
            Increasing { unit, .. } => by_unit(
                unit,
                "notation.rows_increasing",
                "notation.columns_increasing",
            ),
            TooMany { unit } => {
                by_unit(unit, "notation.too_many_rows", "notation.too_many_columns")
            }
            FirstEmpty { unit } => by_unit(
                unit,
                "notation.first_row_empty",
                "notation.first_column_empty",
            ),
            Position(e) => e.code(),
        }
    }

    fn params(&self) -> Params {
        use ParseErrorKind::*;
        let mut params: Params = vec![("at", self.column.into())];
        match &self.kind {
            Unclosed { open, close } => {
                params.extend([("open", (*open).into()), ("close", (*close).into())])
            }
            NumberExpected { found } | BadChar { found } => params.push(("found", (*found).into())),
            Negative | Decimal | NoNumbers | FirstEmpty { .. } => {}
            TooLarge { index, value, .. } => params.extend([
                ("index", (*index).into()),
                ("value", (*value).into()),
                ("max", MAX_SIDE.into()),
            ]),
            Increasing {
                index,
                value,
                before,
                ..
            } => params.extend([
                ("index", (*index).into()),
                ("value", (*value).into()),
                ("previous", (*index - 1).into()),
                ("before", (*before).into()),
            ]),
            TooMany { .. } => params.push(("max", MAX_SIDE.into())),
            Position(e) => params.extend(e.params()),
        }
        params
    }
}

/// Codes of [`ParseError`] besides those of [`PositionError`].
pub const CODES: &[&str] = &[
    "notation.unclosed",
    "notation.number_expected",
    "notation.negative",
    "notation.decimal",
    "notation.bad_char",
    "notation.no_numbers",
    "notation.row_too_large",
    "notation.column_too_large",
    "notation.rows_increasing",
    "notation.columns_increasing",
    "notation.too_many_rows",
    "notation.too_many_columns",
    "notation.first_row_empty",
    "notation.first_column_empty",
];

/// A parsed position together with the box its text describes (entry count,
/// trailing zeros included, and the largest entry).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The position itself.
    pub position: Position,
    /// Rows of the box the text describes.
    pub box_rows: usize,
    /// Columns of the box the text describes.
    pub box_cols: usize,
}

/// One number of the text and the column where it starts.
struct Token {
    value: usize,
    column: usize,
}

fn tokens(text: &str) -> Result<Vec<Token>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut start = 0;
    let mut end = chars.len();
    while start < end && chars[start].is_whitespace() {
        start += 1;
    }
    while end > start && chars[end - 1].is_whitespace() {
        end -= 1;
    }
    if start < end {
        let close = match chars[start] {
            '[' => Some(']'),
            '(' => Some(')'),
            _ => None,
        };
        if let Some(close) = close {
            if chars[end - 1] != close {
                return Err(ParseError {
                    column: start + 1,
                    kind: ParseErrorKind::Unclosed {
                        open: chars[start],
                        close,
                    },
                });
            }
            start += 1;
            end -= 1;
        }
    }
    let mut out = Vec::new();
    let mut i = start;
    let mut expect_number = true;
    while i < end {
        let ch = chars[i];
        if ch.is_whitespace() {
            i += 1;
        } else if ch == ',' || ch == ';' {
            if expect_number {
                return Err(ParseError {
                    column: i + 1,
                    kind: ParseErrorKind::NumberExpected { found: ch },
                });
            }
            expect_number = true;
            i += 1;
        } else if ch.is_ascii_digit() {
            let begin = i;
            let mut value: usize = 0;
            while i < end && chars[i].is_ascii_digit() {
                value = value
                    .saturating_mul(10)
                    .saturating_add(chars[i] as usize - '0' as usize);
                i += 1;
            }
            if i < end && !(chars[i].is_whitespace() || chars[i] == ',' || chars[i] == ';') {
                return Err(bad_char(&chars, i));
            }
            out.push(Token {
                value,
                column: begin + 1,
            });
            expect_number = false;
        } else {
            return Err(bad_char(&chars, i));
        }
    }
    if out.is_empty() {
        return Err(ParseError {
            column: 0,
            kind: ParseErrorKind::NoNumbers,
        });
    }
    Ok(out)
}

fn bad_char(chars: &[char], i: usize) -> ParseError {
    let kind = match chars[i] {
        '-' => ParseErrorKind::Negative,
        '.' => ParseErrorKind::Decimal,
        found => ParseErrorKind::BadChar { found },
    };
    ParseError {
        column: i + 1,
        kind,
    }
}

fn non_increasing(tokens: &[Token], unit: Unit) -> Result<(), ParseError> {
    for (i, t) in tokens.iter().enumerate() {
        if t.value > MAX_SIDE {
            return Err(ParseError {
                column: t.column,
                kind: ParseErrorKind::TooLarge {
                    unit,
                    index: i + 1,
                    value: t.value,
                },
            });
        }
        if i > 0 && t.value > tokens[i - 1].value {
            return Err(ParseError {
                column: t.column,
                kind: ParseErrorKind::Increasing {
                    unit,
                    index: i + 1,
                    value: t.value,
                    before: tokens[i - 1].value,
                },
            });
        }
    }
    if tokens.len() > MAX_SIDE {
        return Err(ParseError {
            column: tokens[MAX_SIDE].column,
            kind: ParseErrorKind::TooMany { unit },
        });
    }
    if tokens[0].value == 0 {
        return Err(ParseError {
            column: tokens[0].column,
            kind: ParseErrorKind::FirstEmpty { unit },
        });
    }
    Ok(())
}

fn to_position(rows: &[usize]) -> Result<Position, ParseError> {
    Position::new(rows).map_err(|e: PositionError| ParseError {
        column: 0,
        kind: ParseErrorKind::Position(e),
    })
}

/// Parses row lengths, top row first: `"3 3 2"`, `"[3, 3, 2]"`, `"4 2 0 0"`.
pub fn parse_rows(text: &str) -> Result<Parsed, ParseError> {
    let toks = tokens(text)?;
    non_increasing(&toks, Unit::Row)?;
    let rows: Vec<usize> = toks.iter().map(|t| t.value).collect();
    Ok(Parsed {
        position: to_position(&rows)?,
        box_rows: rows.len(),
        box_cols: rows[0],
    })
}

/// Parses column heights, left column first, as chp.js writes them:
/// `"5 5 5 4 4 3 3 3 1 1 1 0 0"`.
pub fn parse_columns(text: &str) -> Result<Parsed, ParseError> {
    let toks = tokens(text)?;
    non_increasing(&toks, Unit::Column)?;
    let cols: Vec<usize> = toks.iter().map(|t| t.value).collect();
    let used = cols.iter().take_while(|&&h| h > 0).count();
    let rows: Vec<usize> = (1..=cols[0])
        .map(|r| cols[..used].iter().take_while(|&&h| h >= r).count())
        .collect();
    Ok(Parsed {
        position: to_position(&rows)?,
        box_rows: cols[0],
        box_cols: cols.len(),
    })
}

fn join(values: impl Iterator<Item = usize>) -> String {
    values.map(|v| v.to_string()).collect::<Vec<_>>().join(" ")
}

/// Row lengths separated by spaces, padded with empty rows to `box_rows`.
pub fn format_rows(position: &Position, box_rows: usize) -> String {
    let pad = box_rows.saturating_sub(position.height());
    join(
        position
            .rows()
            .iter()
            .copied()
            .chain(std::iter::repeat_n(0, pad)),
    )
}

/// Column heights separated by spaces, padded with empty columns to `box_cols`.
pub fn format_columns(position: &Position, box_cols: usize) -> String {
    let cols = position.columns();
    let pad = box_cols.saturating_sub(cols.len());
    join(cols.into_iter().chain(std::iter::repeat_n(0, pad)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chomp::Move;

    #[test]
    fn seed_example_both_notations() {
        let by_cols = parse_columns("5 5 5 4 4 3 3 3 1 1 1 0 0").unwrap();
        assert_eq!(by_cols.position.rows(), &[11, 8, 8, 5, 3]);
        assert_eq!((by_cols.box_rows, by_cols.box_cols), (5, 13));
        let by_rows = parse_rows("11 8 8 5 3 0").unwrap();
        assert_eq!(by_rows.position, by_cols.position);
        assert_eq!(
            format_columns(&by_rows.position, 13),
            "5 5 5 4 4 3 3 3 1 1 1 0 0"
        );
        assert_eq!(format_rows(&by_cols.position, 6), "11 8 8 5 3 0");
        // The seed's successor: the starred square, 0-indexed (3, 2) from the
        // poison as (column, row), is row 3, column 4 here.
        let next = by_rows.position.play(Move { row: 3, col: 4 }).unwrap();
        assert_eq!(format_columns(&next, 13), "5 5 5 2 2 2 2 2 1 1 1 0 0");
    }

    #[test]
    fn accepts_code_like_text() {
        assert_eq!(parse_rows("[3, 3, 2]").unwrap().position.rows(), &[3, 3, 2]);
        assert_eq!(parse_rows(" (4;2) ").unwrap().position.rows(), &[4, 2]);
        assert_eq!(parse_rows("4\n2\t1").unwrap().position.rows(), &[4, 2, 1]);
    }

    #[test]
    fn errors_say_what_and_where() {
        let e = parse_rows("3 4").unwrap_err();
        assert_eq!(e.column, 3);
        assert!(e.to_string().contains("row 2 has 4"), "{e}");
        let e = parse_rows("3 x 1").unwrap_err();
        assert_eq!(e.column, 3);
        assert!(e.to_string().contains("'x'"), "{e}");
        let e = parse_rows("3 -1").unwrap_err();
        assert_eq!(e.column, 3);
        assert!(e.to_string().contains("negative"), "{e}");
        let e = parse_rows("2.5").unwrap_err();
        assert!(e.to_string().contains("decimal"), "{e}");
        let e = parse_rows("").unwrap_err();
        assert!(e.to_string().contains("no numbers"), "{e}");
        let e = parse_rows("[3 2").unwrap_err();
        assert!(e.to_string().contains("never closed"), "{e}");
        let e = parse_rows("3,,2").unwrap_err();
        assert_eq!(e.column, 3);
        let e = parse_rows("0 0").unwrap_err();
        assert!(e.to_string().contains("poisoned"), "{e}");
        let e = parse_columns("1 2").unwrap_err();
        assert!(e.to_string().contains("column 2 has 2"), "{e}");
        let e = parse_rows("99999999999999999999999").unwrap_err();
        assert!(e.to_string().contains("at most"), "{e}");
    }
}
