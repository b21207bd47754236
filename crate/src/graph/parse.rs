//! Reads a game graph as students write it in the worksheet — a Python dict
//! `d = { 0: [1, 2, 3], 1: [2], 2: [] }` — or as JSON `{"0": [1, 2], ...}`.
//!
//! Accepted: an optional `name =` before the dict, any whitespace and line
//! breaks, trailing commas, `#` comments to the end of a line; vertex names
//! that are whole numbers, 'quoted' or "quoted" strings. Every error names
//! the line and column and what was expected there.

use crate::error::{Coded, Params};
use std::collections::HashMap;
use std::fmt;

/// Where something is in the text: 1-based line and column (in characters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// A graph text that cannot be read, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphError {
    /// Where the problem is (None for the text as a whole).
    pub place: Option<Place>,
    /// What is wrong, in words.
    pub message: String,
}

impl fmt::Display for GraphError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.place {
            Some(p) => write!(f, "{p}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for GraphError {}

impl Coded for GraphError {
    fn code(&self) -> &'static str {
        "graph.syntax"
    }

    fn params(&self) -> Params {
        let (line, column) = self.place.map_or((0, 0), |p| (p.line, p.column));
        vec![
            ("line", line.into()),
            ("column", column.into()),
            ("detail", self.message.clone().into()),
        ]
    }
}

/// A finite game graph: named vertices (in the order of the text) and, for
/// each, its successors as indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    /// Vertex names as written (numbers keep their digits, strings lose their quotes).
    pub names: Vec<String>,
    /// Successor indices of each vertex, in the order written.
    pub successors: Vec<Vec<usize>>,
}

impl Graph {
    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// True for the graph with no vertex.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Predecessor indices of each vertex.
    pub fn predecessors(&self) -> Vec<Vec<usize>> {
        let mut preds = vec![Vec::new(); self.len()];
        for (v, succ) in self.successors.iter().enumerate() {
            for &s in succ {
                preds[s].push(v);
            }
        }
        preds
    }

    /// The graph in the worksheet's dict format, `d = { 0: [1, 2], ... }`.
    pub fn to_dict_text(&self) -> String {
        let quote = |name: &str| {
            if name.chars().all(|c| c.is_ascii_digit()) && !name.is_empty() {
                name.to_string()
            } else {
                format!("'{}'", name.replace('\\', "\\\\").replace('\'', "\\'"))
            }
        };
        let entries: Vec<String> = self
            .names
            .iter()
            .zip(&self.successors)
            .map(|(name, succ)| {
                let list: Vec<String> = succ.iter().map(|&s| quote(&self.names[s])).collect();
                format!("{}: [{}]", quote(name), list.join(", "))
            })
            .collect();
        format!("d = {{ {} }}", entries.join(",\n      "))
    }
}

/// Largest graph read, to keep every later step bounded.
pub const MAX_VERTICES: usize = 100_000;

struct Reader {
    chars: Vec<char>,
    pos: usize,
}

/// A vertex name and where it was written.
struct Name {
    text: String,
    place: Place,
}

impl Reader {
    fn place_at(&self, pos: usize) -> Place {
        let mut line = 1;
        let mut column = 1;
        for &c in &self.chars[..pos.min(self.chars.len())] {
            if c == '\n' {
                line += 1;
                column = 1;
            } else {
                column += 1;
            }
        }
        Place { line, column }
    }

    fn error(&self, pos: usize, message: impl Into<String>) -> GraphError {
        GraphError {
            place: Some(self.place_at(pos)),
            message: message.into(),
        }
    }

    /// Skips spaces, line breaks and `#` comments.
    fn skip(&mut self) {
        while self.pos < self.chars.len() {
            match self.chars[self.pos] {
                c if c.is_whitespace() => self.pos += 1,
                '#' => {
                    while self.pos < self.chars.len() && self.chars[self.pos] != '\n' {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip();
        self.chars.get(self.pos).copied()
    }

    fn describe(&self) -> String {
        match self.chars.get(self.pos) {
            None => "the end of the text".into(),
            Some(c) => format!("'{c}'"),
        }
    }

    fn expect(&mut self, want: char, what: &str) -> Result<(), GraphError> {
        if self.peek() == Some(want) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(
                self.pos,
                format!("expected {what}, found {}", self.describe()),
            ))
        }
    }

    fn name(&mut self, what: &str) -> Result<Name, GraphError> {
        let start = match self.peek() {
            Some(_) => self.pos,
            None => {
                return Err(self.error(
                    self.pos,
                    format!("expected {what}, found the end of the text"),
                ))
            }
        };
        let place = self.place_at(start);
        let c = self.chars[start];
        if c.is_ascii_digit() {
            let mut end = start;
            while end < self.chars.len() && self.chars[end].is_ascii_digit() {
                end += 1;
            }
            self.pos = end;
            let digits: String = self.chars[start..end].iter().collect();
            // 007 and 7 are the same key in Python; keep one spelling.
            let trimmed = digits.trim_start_matches('0');
            let text = if trimmed.is_empty() {
                "0".to_string()
            } else {
                trimmed.to_string()
            };
            return Ok(Name { text, place });
        }
        if c == '\'' || c == '"' {
            let mut end = start + 1;
            let mut text = String::new();
            while end < self.chars.len() && self.chars[end] != c {
                if self.chars[end] == '\n' {
                    return Err(self.error(start, "this quoted name is not closed on its line"));
                }
                if self.chars[end] == '\\' && end + 1 < self.chars.len() {
                    end += 1;
                }
                text.push(self.chars[end]);
                end += 1;
            }
            if end >= self.chars.len() {
                return Err(self.error(start, "this quoted name is never closed"));
            }
            self.pos = end + 1;
            return Ok(Name { text, place });
        }
        let hint = if c == '-' {
            " (negative numbers are not vertex names)"
        } else {
            ""
        };
        Err(self.error(
            start,
            format!("expected {what} (a whole number or a quoted name), found '{c}'{hint}"),
        ))
    }
}

/// Reads a graph from the worksheet's dict text or JSON.
pub fn parse_graph(text: &str) -> Result<Graph, GraphError> {
    let mut r = Reader {
        chars: text.chars().collect(),
        pos: 0,
    };
    // Optional `d =` (any identifier) before the dict.
    if let Some(c) = r.peek() {
        if c.is_alphabetic() || c == '_' {
            let start = r.pos;
            while r.pos < r.chars.len()
                && (r.chars[r.pos].is_alphanumeric() || r.chars[r.pos] == '_')
            {
                r.pos += 1;
            }
            if r.peek() != Some('=') {
                return Err(r.error(start, "expected the dict, like d = { 0: [1, 2], 1: [] }"));
            }
            r.pos += 1;
        }
    }
    if r.peek().is_none() {
        return Err(GraphError {
            place: None,
            message: "the text is empty: paste a dict like d = { 0: [1, 2], 1: [], 2: [] }".into(),
        });
    }
    r.expect('{', "'{' to open the dict")?;
    let mut names: Vec<Name> = Vec::new();
    let mut lists: Vec<Vec<Name>> = Vec::new();
    loop {
        if r.peek() == Some('}') {
            r.pos += 1;
            break;
        }
        let key = r.name("a vertex name or '}'")?;
        r.expect(':', &format!("':' after the vertex {}", key.text))?;
        r.expect('[', &format!("'[' to open the successors of {}", key.text))?;
        let mut list = Vec::new();
        loop {
            if r.peek() == Some(']') {
                r.pos += 1;
                break;
            }
            list.push(r.name("a successor or ']'")?);
            match r.peek() {
                Some(',') => r.pos += 1,
                Some(']') => {}
                _ => {
                    return Err(r.error(
                        r.pos,
                        format!(
                            "expected ',' or ']' in the successors of {}, found {}",
                            key.text,
                            r.describe()
                        ),
                    ))
                }
            }
        }
        names.push(key);
        lists.push(list);
        if names.len() > MAX_VERTICES {
            return Err(r.error(r.pos, format!("more than {MAX_VERTICES} vertices")));
        }
        match r.peek() {
            Some(',') => r.pos += 1,
            Some('}') => {}
            _ => {
                return Err(r.error(
                    r.pos,
                    format!(
                        "expected ',' or '}}' after the successors of {}, found {}",
                        names.last().map_or("", |n| &n.text),
                        r.describe()
                    ),
                ))
            }
        }
    }
    if r.peek().is_some() {
        return Err(r.error(
            r.pos,
            format!("unexpected {} after the end of the dict", r.describe()),
        ));
    }
    if names.is_empty() {
        return Err(GraphError {
            place: None,
            message: "the dict has no vertex".into(),
        });
    }
    let mut index: HashMap<&str, usize> = HashMap::new();
    for (i, n) in names.iter().enumerate() {
        if let Some(&first) = index.get(n.text.as_str()) {
            return Err(GraphError {
                place: Some(n.place),
                message: format!(
                    "vertex {} is listed twice (first at {})",
                    n.text, names[first].place
                ),
            });
        }
        index.insert(&n.text, i);
    }
    let mut successors = Vec::with_capacity(names.len());
    for (i, list) in lists.iter().enumerate() {
        let mut seen = Vec::with_capacity(list.len());
        for s in list {
            let Some(&j) = index.get(s.text.as_str()) else {
                return Err(GraphError {
                    place: Some(s.place),
                    message: format!(
                        "{} is not a vertex: add a key {}: [...] to the dict",
                        s.text, s.text
                    ),
                });
            };
            if j == i {
                return Err(GraphError {
                    place: Some(s.place),
                    message: format!(
                        "vertex {} lists itself as a successor: a move must change the position",
                        s.text
                    ),
                });
            }
            if seen.contains(&j) {
                return Err(GraphError {
                    place: Some(s.place),
                    message: format!(
                        "{} appears twice among the successors of {}",
                        s.text, names[i].text
                    ),
                });
            }
            seen.push(j);
        }
        successors.push(seen);
    }
    Ok(Graph {
        names: names.into_iter().map(|n| n.text).collect(),
        successors,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    pub const WORKSHEET: &str = "d = { 0: [1, 2, 3, 4, 5], 1: [4, 5, 6], 2: [1, 3, 4, 5],\n      3: [5, 6, 7], 4: [7, 8], 5: [8], 6: [5, 7], 7: [8], 8: [] }";

    #[test]
    fn reads_the_worksheet_dict() {
        let g = parse_graph(WORKSHEET).unwrap();
        assert_eq!(g.len(), 9);
        assert_eq!(g.successors[0], vec![1, 2, 3, 4, 5]);
        assert_eq!(g.successors[8], Vec::<usize>::new());
        assert_eq!(parse_graph(&g.to_dict_text()).unwrap(), g);
    }

    #[test]
    fn accepts_what_students_write() {
        let text = "# Chomp (2, 3)\nmon_graphe = {\n  0: [1, 2,],  # trailing comma\n  1: [2],\n  2: [],\n}\n";
        let g = parse_graph(text).unwrap();
        assert_eq!(g.names, vec!["0", "1", "2"]);
        let json = r#"{"a": ["b"], "b": []}"#;
        assert_eq!(parse_graph(json).unwrap().names, vec!["a", "b"]);
        let quoted = "{'x': ['y'], 'y': []}";
        assert_eq!(
            parse_graph(quoted).unwrap().successors,
            vec![vec![1], vec![]]
        );
    }

    /// Text, expected words of the message, expected (line, column).
    type Case = (&'static str, &'static str, Option<(usize, usize)>);

    #[test]
    fn every_error_names_its_place() {
        let cases: &[Case] = &[
            ("", "the text is empty", None),
            ("d = ", "the text is empty", None),
            ("d = [0]", "expected '{' to open the dict", Some((1, 5))),
            (
                "{0: [1], 1: []",
                "expected ',' or '}' after the successors of 1, found the end of the text",
                Some((1, 15)),
            ),
            (
                "{0: [1], 1: [],",
                "expected a vertex name or '}'",
                Some((1, 16)),
            ),
            ("{0 [1]}", "expected ':' after the vertex 0", Some((1, 4))),
            (
                "{0: 1}",
                "expected '[' to open the successors of 0",
                Some((1, 5)),
            ),
            (
                "{0: [1 2], 1: [], 2: []}",
                "expected ',' or ']' in the successors of 0",
                Some((1, 8)),
            ),
            ("{0: [9]}", "9 is not a vertex", Some((1, 6))),
            (
                "{0: [1],\n 1: [],\n 0: []}",
                "vertex 0 is listed twice (first at line 1, column 2)",
                Some((3, 2)),
            ),
            ("{0: [0]}", "vertex 0 lists itself", Some((1, 6))),
            (
                "{0: [1, 1], 1: []}",
                "1 appears twice among the successors of 0",
                Some((1, 9)),
            ),
            ("{0: [-1]}", "negative numbers", Some((1, 6))),
            ("{}", "the dict has no vertex", None),
            (
                "{0: []} extra",
                "unexpected 'e' after the end of the dict",
                Some((1, 9)),
            ),
            ("{'a: []}", "never closed", Some((1, 2))),
            ("d x {0: []}", "expected the dict", Some((1, 1))),
        ];
        for (text, want, place) in cases {
            let e = parse_graph(text).unwrap_err();
            assert!(e.message.contains(want), "{text:?}: {e}");
            assert_eq!(e.place.map(|p| (p.line, p.column)), *place, "{text:?}: {e}");
        }
    }
}
