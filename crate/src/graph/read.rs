//! The graph text's tokens: spaces and `#` comments, vertex names (whole
//! numbers and quoted strings with Python's escapes), single characters.
//! Positions are byte offsets; lines and columns are only worked out for the
//! error reported, so reading is linear in the text.

use super::error::{GraphError, GraphErrorKind, Place};
use super::name::{python_repr, Name};

/// A cursor over the text.
pub(super) struct Reader<'a> {
    pub(super) text: &'a str,
    /// Byte offset of the next character.
    pub(super) pos: usize,
}

impl<'a> Reader<'a> {
    pub(super) fn new(text: &'a str) -> Reader<'a> {
        Reader { text, pos: 0 }
    }

    /// An error at byte offset `at`.
    pub(super) fn error(&self, at: usize, kind: GraphErrorKind) -> GraphError {
        GraphError {
            kind,
            place: Some(self.place(at)),
        }
    }

    /// The line and column of byte offset `at` (linear: for errors only).
    pub(super) fn place(&self, at: usize) -> Place {
        Place::of(self.text, at)
    }

    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    /// Skips spaces, line breaks, a byte-order mark and `#` comments, then
    /// shows the next character without taking it.
    pub(super) fn peek(&mut self) -> Option<char> {
        loop {
            let c = self.rest().chars().next()?;
            // A byte-order mark is what some editors put first in a file.
            if c.is_whitespace() || c == '\u{feff}' {
                self.pos += c.len_utf8();
            } else if c == '#' {
                self.pos = self
                    .rest()
                    .find('\n')
                    .map_or(self.text.len(), |i| self.pos + i);
            } else {
                return Some(c);
            }
        }
    }

    /// Takes the character `c` just peeked.
    pub(super) fn bump(&mut self, c: char) {
        self.pos += c.len_utf8();
    }

    /// Takes `want` if it comes next (after spaces).
    pub(super) fn eat(&mut self, want: char) -> bool {
        if self.peek() == Some(want) {
            self.bump(want);
            true
        } else {
            false
        }
    }

    /// An identifier (`d`, `mon_graphe`) if one comes next.
    pub(super) fn identifier(&mut self) -> Option<&'a str> {
        let c = self.peek()?;
        if !(c.is_alphabetic() || c == '_') {
            return None;
        }
        let rest = self.rest();
        let len = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        self.pos += len;
        Some(&rest[..len])
    }

    /// A vertex name if one starts with `c` (already peeked, at `self.pos`);
    /// `Ok(None)` when `c` starts no name, so the caller says what it expected.
    pub(super) fn name(&mut self, c: char) -> Result<Option<Name>, GraphError> {
        let start = self.pos;
        if c.is_ascii_digit() {
            return self.number(start).map(Some);
        }
        if c == '\'' || c == '"' {
            return self.string(start, c).map(|s| Some(Name::Str(s)));
        }
        if c == '-' {
            let after = &self.text[start + 1..];
            let digits = after.trim_start_matches(|c: char| c.is_ascii_digit());
            let len = after.len() - digits.len();
            if len > 0 {
                let kind = GraphErrorKind::NegativeNumber {
                    digits: self.text[start..start + 1 + len].to_string(),
                };
                return Err(self.error(start, kind));
            }
        }
        Ok(None)
    }

    /// A whole number: Python 3's decimal literal, without `_` separators.
    fn number(&mut self, start: usize) -> Result<Name, GraphError> {
        let rest = self.rest();
        let len = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        let digits = &rest[..len];
        self.pos += len;
        if digits.len() > 1 && digits.starts_with('0') && digits.bytes().any(|b| b != b'0') {
            let kind = GraphErrorKind::LeadingZero {
                digits: digits.to_string(),
            };
            return Err(self.error(start, kind));
        }
        match digits.parse::<u64>() {
            Ok(n) => Ok(Name::Int(n)),
            Err(_) => {
                let kind = GraphErrorKind::NumberTooLarge {
                    digits: digits.to_string(),
                };
                Err(self.error(start, kind))
            }
        }
    }

    /// A quoted string opened by `quote` at `start`, with Python's escapes.
    fn string(&mut self, start: usize, quote: char) -> Result<String, GraphError> {
        let unclosed = |r: &Self| r.error(start, GraphErrorKind::UnclosedString { quote });
        let mut out = String::new();
        let mut chars = self.text[start + 1..].char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                c if c == quote => {
                    self.pos = start + 1 + i + 1;
                    return Ok(out);
                }
                '\n' | '\r' => return Err(unclosed(self)),
                '\\' => {
                    let at = start + 1 + i;
                    let Some((_, e)) = chars.next() else {
                        return Err(unclosed(self));
                    };
                    match e {
                        // A backslash at the end of a line continues the string.
                        '\n' => {}
                        '\r' => {
                            if chars.as_str().starts_with('\n') {
                                chars.next();
                            }
                        }
                        '\\' | '\'' | '"' => out.push(e),
                        'a' => out.push('\u{7}'),
                        'b' => out.push('\u{8}'),
                        'f' => out.push('\u{c}'),
                        'n' => out.push('\n'),
                        'r' => out.push('\r'),
                        't' => out.push('\t'),
                        'v' => out.push('\u{b}'),
                        '0'..='7' => {
                            let mut code = e.to_digit(8).unwrap_or(0);
                            for _ in 0..2 {
                                match chars.as_str().chars().next().and_then(|d| d.to_digit(8)) {
                                    Some(d) => {
                                        code = code * 8 + d;
                                        chars.next();
                                    }
                                    None => break,
                                }
                            }
                            // At most 0o777, always a character.
                            out.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                        }
                        'x' | 'u' | 'U' => {
                            let width = match e {
                                'x' => 2,
                                'u' => 4,
                                _ => 8,
                            };
                            let hex: String = chars.as_str().chars().take(width).collect();
                            let code = (hex.len() == width
                                && hex.chars().all(|h| h.is_ascii_hexdigit()))
                            .then(|| u32::from_str_radix(&hex, 16).ok())
                            .flatten();
                            match code.and_then(char::from_u32) {
                                Some(ch) => {
                                    out.push(ch);
                                    for _ in 0..width {
                                        chars.next();
                                    }
                                }
                                None => {
                                    let shown: String =
                                        hex.chars().take_while(|h| h.is_ascii_hexdigit()).collect();
                                    let kind = GraphErrorKind::BadEscape {
                                        escape: format!("\\{e}{shown}"),
                                    };
                                    return Err(self.error(at, kind));
                                }
                            }
                        }
                        'N' => {
                            let kind = GraphErrorKind::BadEscape {
                                escape: "\\N".to_string(),
                            };
                            return Err(self.error(at, kind));
                        }
                        // Python keeps an unknown escape as written.
                        other => {
                            out.push('\\');
                            out.push(other);
                        }
                    }
                }
                c => out.push(c),
            }
        }
        Err(unclosed(self))
    }

    /// The next character as a one-character Python string, for `found`.
    pub(super) fn found(&mut self) -> String {
        self.peek()
            .map(|c| python_repr(c.encode_utf8(&mut [0; 4])))
            .unwrap_or_default()
    }
}
