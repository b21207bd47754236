//! Reads a game graph as students write it in the worksheet — a Python dict
//! `d = { 0: [1, 2, 3], 1: [2], 2: [] }` — or as JSON `{"a": ["b"], "b": []}`.
//!
//! Accepted: an optional `name =` before the dict, any whitespace and line
//! breaks, trailing commas, `#` comments to the end of a line; vertex names
//! that are whole numbers or 'quoted' / "quoted" strings with Python's
//! escapes. Keys follow Python: `1` and `'1'` are different vertices. Not
//! Python, and refused with a coded error: leading zeros (`007`, a syntax
//! error in Python 3; `0` and `00` are 0), negative numbers, a key listed
//! twice (Python would keep the last silently), a vertex among its own
//! successors, a successor listed twice. Not read: other Python values as
//! keys (tuples, floats), `_` in numbers, raw or triple-quoted strings.
//!
//! Reading is linear: places are byte offsets until an error is reported,
//! duplicate checks are hash lookups, and the limits are checked before the
//! graph is built.

use super::error::{GraphError, GraphErrorKind as K};
use super::model::Graph;
use super::name::Name;
use super::read::Reader;
use super::{MAX_ARCS, MAX_TEXT_CHARS, MAX_VERTICES};
use std::collections::HashMap;

/// A name and the byte offset where it is written.
type Spot = (Name, usize);

/// Reads a graph from the worksheet's dict text or JSON.
pub fn parse_graph(text: &str) -> Result<Graph, GraphError> {
    // Four bytes at most per character: only long texts need counting.
    if text.len() > MAX_TEXT_CHARS {
        let chars = text.chars().count();
        if chars > MAX_TEXT_CHARS {
            return Err(GraphError {
                kind: K::TooLong { chars },
                place: None,
            });
        }
    }
    let mut r = Reader::new(text);
    let (keys, lists) = read_dict(&mut r)?;
    resolve(&r, keys, lists)
}

/// The dict's keys and successor lists, as written.
fn read_dict(r: &mut Reader<'_>) -> Result<(Vec<Spot>, Vec<Vec<Spot>>), GraphError> {
    // Optional `d =` (any identifier) before the dict.
    let name_at = r.pos;
    if let Some(name) = r.identifier() {
        if !r.eat('=') {
            let kind = K::ExpectedDict {
                name: name.to_string(),
            };
            return Err(r.error(name_at, kind));
        }
    }
    match r.peek() {
        None => {
            return Err(GraphError {
                kind: K::Empty,
                place: None,
            })
        }
        Some('{') => r.bump('{'),
        Some(_) => {
            let kind = K::ExpectedOpenBrace { found: r.found() };
            return Err(r.error(r.pos, kind));
        }
    }
    let open = r.pos - 1;
    let unclosed = |r: &Reader<'_>| {
        r.error(
            r.pos,
            K::UnclosedDict {
                open: r.place(open),
            },
        )
    };
    let mut keys: Vec<Spot> = Vec::new();
    let mut lists: Vec<Vec<Spot>> = Vec::new();
    let mut arcs = 0usize;
    loop {
        let Some(c) = r.peek() else {
            return Err(unclosed(r));
        };
        if c == '}' {
            r.bump(c);
            break;
        }
        let at = r.pos;
        let Some(key) = r.name(c)? else {
            let kind = K::ExpectedKey { found: r.found() };
            return Err(r.error(at, kind));
        };
        if keys.len() == MAX_VERTICES {
            return Err(r.error(at, K::TooManyVertices));
        }
        for (want, what) in [(':', 0), ('[', 1)] {
            if r.eat(want) {
                continue;
            }
            if r.peek().is_none() {
                return Err(unclosed(r));
            }
            let (vertex, found) = (key.label(), r.found());
            let kind = if what == 0 {
                K::ExpectedColon { vertex, found }
            } else {
                K::ExpectedOpenBracket { vertex, found }
            };
            return Err(r.error(r.pos, kind));
        }
        let list_open = r.pos - 1;
        let list = read_list(r, &key, list_open, &mut arcs)?;
        keys.push((key, at));
        lists.push(list);
        match r.peek() {
            Some(',') => r.bump(','),
            Some('}') => {}
            None => return Err(unclosed(r)),
            Some(_) => {
                let vertex = keys.last().map(|(k, _)| k.label()).unwrap_or_default();
                let kind = K::ExpectedCommaInDict {
                    vertex,
                    found: r.found(),
                };
                return Err(r.error(r.pos, kind));
            }
        }
    }
    if r.peek().is_some() {
        let kind = K::TrailingText { found: r.found() };
        return Err(r.error(r.pos, kind));
    }
    if keys.is_empty() {
        return Err(GraphError {
            kind: K::NoVertex,
            place: None,
        });
    }
    Ok((keys, lists))
}

/// The successors of `key` after its `[` (at byte `open`), through the `]`.
fn read_list(
    r: &mut Reader<'_>,
    key: &Name,
    open: usize,
    arcs: &mut usize,
) -> Result<Vec<Spot>, GraphError> {
    let unclosed = |r: &Reader<'_>| {
        let kind = K::UnclosedList {
            vertex: key.label(),
            open: r.place(open),
        };
        r.error(r.pos, kind)
    };
    let mut list = Vec::new();
    loop {
        let Some(c) = r.peek() else {
            return Err(unclosed(r));
        };
        if c == ']' {
            r.bump(c);
            return Ok(list);
        }
        let at = r.pos;
        let Some(name) = r.name(c)? else {
            let kind = K::ExpectedSuccessor {
                vertex: key.label(),
                found: r.found(),
            };
            return Err(r.error(at, kind));
        };
        if *arcs == MAX_ARCS {
            return Err(r.error(at, K::TooManyArcs));
        }
        *arcs += 1;
        list.push((name, at));
        match r.peek() {
            Some(',') => r.bump(','),
            Some(']') => {}
            None => return Err(unclosed(r)),
            Some(_) => {
                let kind = K::ExpectedCommaInList {
                    vertex: key.label(),
                    found: r.found(),
                };
                return Err(r.error(r.pos, kind));
            }
        }
    }
}

/// Turns successor names into indices, refusing what is not a game graph.
fn resolve(r: &Reader<'_>, keys: Vec<Spot>, lists: Vec<Vec<Spot>>) -> Result<Graph, GraphError> {
    let mut index: HashMap<&Name, usize> = HashMap::with_capacity(keys.len());
    for (i, (key, at)) in keys.iter().enumerate() {
        if let Some(&first) = index.get(key) {
            let kind = K::DuplicateKey {
                vertex: key.label(),
                first: r.place(keys[first].1),
            };
            return Err(r.error(*at, kind));
        }
        index.insert(key, i);
    }
    // seen[j] == i once j is listed among the successors of i.
    let mut seen = vec![usize::MAX; keys.len()];
    let mut successors = Vec::with_capacity(keys.len());
    for (i, list) in lists.iter().enumerate() {
        let mut succ = Vec::with_capacity(list.len());
        for (name, at) in list {
            let Some(&j) = index.get(name) else {
                return Err(r.error(*at, unknown(name, &keys[i].0, &index)));
            };
            if j == i {
                let kind = K::SelfLoop {
                    vertex: name.label(),
                };
                return Err(r.error(*at, kind));
            }
            if seen[j] == i {
                let kind = K::DuplicateArc {
                    name: name.label(),
                    vertex: keys[i].0.label(),
                };
                return Err(r.error(*at, kind));
            }
            seen[j] = i;
            succ.push(j);
        }
        successors.push(succ);
    }
    Ok(Graph {
        names: keys.into_iter().map(|(name, _)| name).collect(),
        successors,
    })
}

/// Why `name`, listed among the successors of `vertex`, is no key: if the same
/// text with the other type is a key (`1` against `'1'`), say so.
fn unknown(name: &Name, vertex: &Name, index: &HashMap<&Name, usize>) -> K {
    let other = match name {
        Name::Int(n) => Some(Name::Str(n.to_string())),
        Name::Str(s) => s
            .parse::<u64>()
            .ok()
            .filter(|n| n.to_string() == *s)
            .map(Name::Int),
    };
    match other.filter(|o| index.contains_key(o)) {
        Some(key) => K::SuccessorTypeMismatch {
            name: name.label(),
            key: key.label(),
        },
        None => K::UnknownSuccessor {
            name: name.label(),
            vertex: vertex.label(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Coded;

    pub const WORKSHEET: &str = "d = { 0: [1, 2, 3, 4, 5], 1: [4, 5, 6], 2: [1, 3, 4, 5],\n      3: [5, 6, 7], 4: [7, 8], 5: [8], 6: [5, 7], 7: [8], 8: [] }";

    fn ints(ns: &[u64]) -> Vec<Name> {
        ns.iter().map(|&n| Name::Int(n)).collect()
    }

    #[test]
    fn reads_the_worksheet_dict() {
        let g = parse_graph(WORKSHEET).unwrap();
        assert_eq!(g.len(), 9);
        assert_eq!(g.names, ints(&[0, 1, 2, 3, 4, 5, 6, 7, 8]));
        assert_eq!(g.successors[0], vec![1, 2, 3, 4, 5]);
        assert_eq!(g.successors[8], Vec::<usize>::new());
        assert_eq!(parse_graph(&g.to_dict_text()).unwrap(), g);
    }

    #[test]
    fn accepts_what_students_write() {
        let text = "# Chomp (2, 3)\nmon_graphe = {\n  0: [1, 2,],  # trailing comma\n  1: [2],\n  2: [],\n}\n";
        let g = parse_graph(text).unwrap();
        assert_eq!(g.names, ints(&[0, 1, 2]));
        let json = r#"{"a": ["b"], "b": []}"#;
        assert_eq!(
            parse_graph(json).unwrap().names,
            vec![Name::from("a"), Name::from("b")]
        );
        let quoted = "{'x': ['y'], 'y': []}";
        assert_eq!(
            parse_graph(quoted).unwrap().successors,
            vec![vec![1], vec![]]
        );
        assert_eq!(parse_graph("\u{feff}{0: []}").unwrap().names, ints(&[0]));
        // 0 and 00 are both Python's zero.
        assert_eq!(parse_graph("{00: []}").unwrap().names, ints(&[0]));
    }

    #[test]
    fn numbers_and_strings_are_different_keys() {
        let g = parse_graph("{1: ['1'], '1': ['001'], '001': []}").unwrap();
        assert_eq!(
            g.names,
            vec![Name::Int(1), Name::from("1"), Name::from("001")]
        );
        assert_eq!(g.successors, vec![vec![1], vec![2], vec![]]);
        assert_eq!(g.label(1), "'1'");
        assert_eq!(g.label(2), "'001'");
        assert_eq!(parse_graph(&g.to_dict_text()).unwrap(), g);
    }

    #[test]
    fn python_escapes_are_decoded() {
        let g = parse_graph(r#"{'a\'b': ["c\"d"], "c\"d": []}"#).unwrap();
        assert_eq!(g.names, vec![Name::from("a'b"), Name::from("c\"d")]);
        assert_eq!(g.successors, vec![vec![1], vec![]]);
        let g = parse_graph(r"{'\x41\u00e9\U0001F600\101\n\q\0': []}").unwrap();
        assert_eq!(g.names[0], Name::from("Aé😀A\n\\q\0"));
        assert_eq!(g.label(0), r"'Aé😀A\n\\q\x00'");
    }

    /// Text, expected code, expected words of the message, expected (line, column).
    type Case = (
        &'static str,
        &'static str,
        &'static str,
        Option<(usize, usize)>,
    );

    #[test]
    fn every_error_is_coded_and_names_its_place() {
        let cases: &[Case] = &[
            ("", "graph.empty", "the text is empty", None),
            (
                "  # only a comment\n",
                "graph.empty",
                "the text is empty",
                None,
            ),
            ("d = ", "graph.empty", "the text is empty", None),
            (
                "d = [0]",
                "graph.expected_open_brace",
                "expected '{' to open the dict, found '['",
                Some((1, 5)),
            ),
            (
                "{0: [1], 1: []",
                "graph.unclosed_dict",
                "the text ends before the dict opened at line 1, column 1 is closed",
                Some((1, 15)),
            ),
            (
                "{0: [1], 1: [],",
                "graph.unclosed_dict",
                "is closed with '}'",
                Some((1, 16)),
            ),
            (
                "{0: [1], 1: [], :}",
                "graph.expected_key",
                "expected a vertex name (a whole number or a quoted name) or '}', found ':'",
                Some((1, 17)),
            ),
            (
                "{0 [1]}",
                "graph.expected_colon",
                "expected ':' after the vertex 0, found '['",
                Some((1, 4)),
            ),
            (
                "{'a' [1]}",
                "graph.expected_colon",
                "expected ':' after the vertex 'a'",
                Some((1, 6)),
            ),
            (
                "{0: 1}",
                "graph.expected_open_bracket",
                "expected '[' to open the successors of 0, found '1'",
                Some((1, 5)),
            ),
            (
                "{0: [1 2], 1: [], 2: []}",
                "graph.expected_comma_in_list",
                "expected ',' or ']' in the successors of 0, found '2'",
                Some((1, 8)),
            ),
            (
                "{0: [1,,2]}",
                "graph.expected_successor",
                "expected a successor of 0",
                Some((1, 8)),
            ),
            (
                "{0: [1]; 1: []}",
                "graph.expected_comma_in_dict",
                "expected ',' or '}' after the successors of 0, found ';'",
                Some((1, 8)),
            ),
            (
                "{0: [1, 2",
                "graph.unclosed_list",
                "the successors of 0, opened at line 1, column 5, are closed",
                Some((1, 10)),
            ),
            (
                "{0: [9]}",
                "graph.unknown_successor",
                "9, a successor of 0, is not a vertex: add a key 9: [...]",
                Some((1, 6)),
            ),
            (
                "{'0': [1], '1': []}",
                "graph.successor_type_mismatch",
                "1 is not a vertex, but '1' is",
                Some((1, 8)),
            ),
            (
                "{0: ['1'], 1: []}",
                "graph.successor_type_mismatch",
                "'1' is not a vertex, but 1 is",
                Some((1, 6)),
            ),
            (
                "{0: [1],\n 1: [],\n 0: []}",
                "graph.duplicate_key",
                "vertex 0 is listed twice (first at line 1, column 2)",
                Some((3, 2)),
            ),
            (
                "{0: [0]}",
                "graph.self_loop",
                "vertex 0 lists itself",
                Some((1, 6)),
            ),
            (
                "{0: [1, 1], 1: []}",
                "graph.duplicate_arc",
                "1 appears twice among the successors of 0",
                Some((1, 9)),
            ),
            (
                "{0: [-1]}",
                "graph.negative_number",
                "-1 is negative",
                Some((1, 6)),
            ),
            (
                "{007: []}",
                "graph.leading_zero",
                "007 starts with 0",
                Some((1, 2)),
            ),
            (
                "{99999999999999999999: []}",
                "graph.number_too_large",
                "too large",
                Some((1, 2)),
            ),
            ("{}", "graph.no_vertex", "the dict has no vertex", None),
            (
                "{0: []} extra",
                "graph.trailing_text",
                "unexpected 'e' after the end of the dict",
                Some((1, 9)),
            ),
            (
                "{'a: []}",
                "graph.unclosed_string",
                "this quoted name is not closed: put a '",
                Some((1, 2)),
            ),
            (
                "{'a\n': []}",
                "graph.unclosed_string",
                "not closed",
                Some((1, 2)),
            ),
            (
                "{'\\x4': []}",
                "graph.bad_escape",
                "the escape \\x4 cannot be read",
                Some((1, 3)),
            ),
            (
                "{'\\ud800': []}",
                "graph.bad_escape",
                "the escape \\ud800",
                Some((1, 3)),
            ),
            (
                "d x {0: []}",
                "graph.expected_dict",
                "expected '=' and the dict after d",
                Some((1, 1)),
            ),
            (
                "{0: []}\n  é",
                "graph.trailing_text",
                "unexpected 'é'",
                Some((2, 3)),
            ),
            (
                "{'é': [], 'é': []}",
                "graph.duplicate_key",
                "vertex 'é' is listed twice (first at line 1, column 2)",
                Some((1, 11)),
            ),
        ];
        for &(text, code, want, place) in cases {
            let e = parse_graph(text).unwrap_err();
            assert_eq!(e.code(), code, "{text:?}: {e}");
            assert!(e.to_string().contains(want), "{text:?}: {e}");
            assert_eq!(e.place.map(|p| (p.line, p.column)), place, "{text:?}: {e}");
            if let Some((line, column)) = place {
                assert!(e
                    .to_string()
                    .starts_with(&format!("line {line}, column {column}: ")));
            }
        }
    }

    #[test]
    fn params_name_the_vertices_as_python_would() {
        let e = parse_graph("{'a': ['b']}").unwrap_err();
        let params = e.params();
        let get = |k: &str| params.iter().find(|(n, _)| *n == k).map(|(_, v)| v.clone());
        use crate::error::Param;
        assert_eq!(get("name"), Some(Param::Text("'b'".into())));
        assert_eq!(get("vertex"), Some(Param::Text("'a'".into())));
        assert_eq!(get("line"), Some(Param::Num(1.0)));
        assert_eq!(get("column"), Some(Param::Num(8.0)));
    }

    #[test]
    fn limits_are_refused_before_building() {
        let long = " ".repeat(MAX_TEXT_CHARS + 1);
        let e = parse_graph(&long).unwrap_err();
        assert_eq!(e.code(), "graph.too_long");
        // Multi-byte characters are counted as characters.
        let wide = format!("{{'{}': []}}", "é".repeat(MAX_TEXT_CHARS - 8));
        assert_eq!(wide.chars().count(), MAX_TEXT_CHARS);
        assert!(parse_graph(&wide).is_ok());
        let wider = format!("{{'{}': []}}", "é".repeat(MAX_TEXT_CHARS - 7));
        assert_eq!(parse_graph(&wider).unwrap_err().code(), "graph.too_long");
        let many: String = (0..=MAX_VERTICES).map(|v| format!("{v}:[],")).collect();
        let e = parse_graph(&format!("{{{many}}}")).unwrap_err();
        assert_eq!(e.code(), "graph.too_many_vertices");
        let arcs = "0,".repeat(MAX_ARCS + 1);
        let e = parse_graph(&format!("{{0:[{arcs}]}}")).unwrap_err();
        assert_eq!(e.code(), "graph.too_many_arcs");
    }
}
