//! Vertex names with Python's key semantics: `1` and `'1'` are different
//! keys, so they are different vertices, and each is shown the way Python
//! prints it, so a student recognises the key they typed.

use std::fmt;

/// A vertex name as a Python dict key.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Name {
    /// A whole number written without quotes, such as `7`. Python's ints are
    /// unbounded; names past `u64::MAX` are refused when read (no worksheet
    /// needs them, and the page could not show them exactly anyway).
    Int(u64),
    /// A quoted string with its escapes decoded, such as `'a'` or `"a"`.
    Str(String),
}

impl Name {
    /// How the vertex is shown: a number as its digits, a string as Python's
    /// `repr` (quotes and escapes), so the label reads back as the same key.
    pub fn label(&self) -> String {
        match self {
            Name::Int(n) => n.to_string(),
            Name::Str(s) => python_repr(s),
        }
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

impl From<u64> for Name {
    fn from(n: u64) -> Self {
        Name::Int(n)
    }
}

impl From<&str> for Name {
    fn from(s: &str) -> Self {
        Name::Str(s.to_string())
    }
}

/// A string as Python 3's `repr` writes it: single quotes unless the string
/// holds a single quote and no double one; backslash, the quote, `\t`, `\n`
/// and `\r` escaped; other characters Python does not print as `\xhh`,
/// `\uhhhh` or `\Uhhhhhhhh`. Python decides "printable" from the full
/// Unicode tables; here control, separator, format and private-use
/// characters are escaped and everything else is kept, which is Python's
/// choice for every assigned character a student is likely to type.
pub(super) fn python_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if is_printable(c) => out.push(c),
            c => {
                let code = u32::from(c);
                let escaped = if code <= 0xff {
                    format!("\\x{code:02x}")
                } else if code <= 0xffff {
                    format!("\\u{code:04x}")
                } else {
                    format!("\\U{code:08x}")
                };
                out.push_str(&escaped);
            }
        }
    }
    out.push(quote);
    out
}

/// Python's `str.isprintable` for one character, as far as it can be told
/// without Unicode category tables (see [`python_repr`]).
fn is_printable(c: char) -> bool {
    if c == ' ' {
        return true;
    }
    if c.is_control() || c.is_whitespace() {
        return false;
    }
    let code = u32::from(c);
    let format_or_private = matches!(
        code,
        0xad | 0x600..=0x605
            | 0x61c
            | 0x6dd
            | 0x70f
            | 0x890..=0x891
            | 0x8e2
            | 0x180e
            | 0x200b..=0x200f
            | 0x202a..=0x202e
            | 0x2060..=0x206f
            | 0xe000..=0xf8ff
            | 0xfeff
            | 0xfff9..=0xfffb
            | 0x110bd
            | 0x110cd
            | 0x13430..=0x1343f
            | 0x1bca0..=0x1bca3
            | 0x1d173..=0x1d17a
            | 0xe0001
            | 0xe0020..=0xe007f
            | 0xf0000..
    );
    !format_or_private
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_python_reprs() {
        assert_eq!(Name::Int(7).label(), "7");
        assert_eq!(Name::from("a").label(), "'a'");
        assert_eq!(Name::from("1").label(), "'1'");
        assert_eq!(Name::from("it's").label(), "\"it's\"");
        assert_eq!(Name::from("it's \"x\"").label(), "'it\\'s \"x\"'");
        assert_eq!(Name::from("a\\b").label(), "'a\\\\b'");
        assert_eq!(Name::from("\0\n\t\u{7f}").label(), "'\\x00\\n\\t\\x7f'");
        assert_eq!(Name::from("é ü 中 😀").label(), "'é ü 中 😀'");
        assert_eq!(
            Name::from("\u{a0}\u{200b}\u{10ffff}").label(),
            "'\\xa0\\u200b\\U0010ffff'"
        );
        assert_eq!(Name::from("").label(), "''");
    }
}
