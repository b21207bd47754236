//! Property tests of the whole module: what is exported reads back the same,
//! no text makes the reader panic, and every error is coded.

use super::*;
use crate::error::Coded;
use proptest::prelude::*;
use std::collections::HashSet;

/// One error of every kind, through an exhaustive match so a new kind
/// cannot be forgotten here.
fn one_of_each_kind() -> Vec<GraphErrorKind> {
    use GraphErrorKind as K;
    let s = || "x".to_string();
    let p = Place { line: 1, column: 1 };
    let all = vec![
        K::Empty,
        K::TooLong { chars: 1 },
        K::TooManyVertices,
        K::TooManyArcs,
        K::ExpectedDict { name: s() },
        K::ExpectedOpenBrace { found: s() },
        K::ExpectedKey { found: s() },
        K::ExpectedColon {
            vertex: s(),
            found: s(),
        },
        K::ExpectedOpenBracket {
            vertex: s(),
            found: s(),
        },
        K::ExpectedSuccessor {
            vertex: s(),
            found: s(),
        },
        K::ExpectedCommaInList {
            vertex: s(),
            found: s(),
        },
        K::ExpectedCommaInDict {
            vertex: s(),
            found: s(),
        },
        K::UnclosedDict { open: p },
        K::UnclosedList {
            vertex: s(),
            open: p,
        },
        K::UnclosedString { quote: '\'' },
        K::BadEscape { escape: s() },
        K::NegativeNumber { digits: s() },
        K::LeadingZero { digits: s() },
        K::NumberTooLarge { digits: s() },
        K::TrailingText { found: s() },
        K::NoVertex,
        K::DuplicateKey {
            vertex: s(),
            first: p,
        },
        K::UnknownSuccessor {
            name: s(),
            vertex: s(),
        },
        K::SuccessorTypeMismatch {
            name: s(),
            key: s(),
        },
        K::SelfLoop { vertex: s() },
        K::DuplicateArc {
            name: s(),
            vertex: s(),
        },
    ];
    for kind in &all {
        // Adding a kind without listing it above fails to compile here.
        match kind {
            K::Empty
            | K::TooLong { .. }
            | K::TooManyVertices
            | K::TooManyArcs
            | K::ExpectedDict { .. }
            | K::ExpectedOpenBrace { .. }
            | K::ExpectedKey { .. }
            | K::ExpectedColon { .. }
            | K::ExpectedOpenBracket { .. }
            | K::ExpectedSuccessor { .. }
            | K::ExpectedCommaInList { .. }
            | K::ExpectedCommaInDict { .. }
            | K::UnclosedDict { .. }
            | K::UnclosedList { .. }
            | K::UnclosedString { .. }
            | K::BadEscape { .. }
            | K::NegativeNumber { .. }
            | K::LeadingZero { .. }
            | K::NumberTooLarge { .. }
            | K::TrailingText { .. }
            | K::NoVertex
            | K::DuplicateKey { .. }
            | K::UnknownSuccessor { .. }
            | K::SuccessorTypeMismatch { .. }
            | K::SelfLoop { .. }
            | K::DuplicateArc { .. } => {}
        }
    }
    all
}

#[test]
fn error_codes_list_every_code_once() {
    let listed: HashSet<&str> = ERROR_CODES.iter().copied().collect();
    assert_eq!(listed.len(), ERROR_CODES.len(), "a code is listed twice");
    let mut codes: Vec<&str> = one_of_each_kind()
        .into_iter()
        .map(|kind| GraphError { kind, place: None }.code())
        .collect();
    let cycle = CycleError {
        cycle: Cycle(vec![0, 0]),
        labels: vec!["0".into(), "0".into()],
    };
    codes.push(cycle.code());
    codes.push(TooBigToShow { count: 1, max: 0 }.code());
    for e in [
        ArenaError::Empty,
        ArenaError::TooBig { count: 1 },
        ArenaError::TooManyArcs { count: 1 },
    ] {
        codes.push(e.code());
    }
    let produced: HashSet<&str> = codes.iter().copied().collect();
    assert_eq!(produced.len(), codes.len(), "two kinds share a code");
    assert_eq!(produced, listed);
    // The crate-wide list has no duplicate either.
    let all = crate::codes::all_codes();
    let unique: HashSet<&str> = all.iter().copied().collect();
    assert_eq!(unique.len(), all.len());
}

/// A vertex name a student (or a fuzzer) could write: numbers, and strings
/// with quotes, backslashes, control characters, Unicode and the names that
/// trip up JavaScript objects.
fn name() -> impl Strategy<Value = Name> {
    prop_oneof![
        (0u64..20).prop_map(Name::Int),
        any::<u64>().prop_map(Name::Int),
        prop::sample::select(vec![
            "__proto__",
            "constructor",
            "toString",
            "0",
            "1",
            "007",
            "",
            " ",
            "'",
            "\"",
            "'\"",
            "\\",
            "\\'",
            "\0",
            "a\nb",
            "\r\t",
            "é",
            "中文",
            "😀",
            "\u{a0}",
            "\u{200b}",
            "\u{feff}",
            "\u{10ffff}",
            "#",
            "{",
            "]",
        ])
        .prop_map(Name::from),
        any::<String>().prop_map(Name::Str),
    ]
}

/// A graph with distinct names and arbitrary arcs (cycles allowed: reading
/// does not care), no self-loop and no repeated arc.
fn graph() -> impl Strategy<Value = Graph> {
    prop::collection::vec(name(), 1..25)
        .prop_map(|names| {
            let mut seen = HashSet::new();
            names
                .into_iter()
                .filter(|n| seen.insert(n.clone()))
                .collect::<Vec<_>>()
        })
        .prop_flat_map(|names| {
            let n = names.len();
            let lists = prop::collection::vec(prop::collection::vec(0..n, 0..6), n);
            (Just(names), lists)
        })
        .prop_map(|(names, lists)| {
            let successors = lists
                .into_iter()
                .enumerate()
                .map(|(v, list)| {
                    let mut seen = HashSet::new();
                    list.into_iter()
                        .filter(|&s| s != v && seen.insert(s))
                        .collect()
                })
                .collect();
            Graph { names, successors }
        })
}

/// A name written as a student might: digits, or the string in either quote
/// with each character written plainly or as an escape, chosen by `style`.
fn spell(name: &Name, style: &[u8]) -> String {
    let Name::Str(s) = name else {
        return name.label();
    };
    let quote = if style.first().copied().unwrap_or(0) % 2 == 0 {
        '\''
    } else {
        '"'
    };
    let mut out = String::from(quote);
    for (i, c) in s.chars().enumerate() {
        let pick = style.get(i + 1).copied().unwrap_or(0) % 4;
        let code = u32::from(c);
        match (pick, c) {
            (_, c) if c == quote || c == '\\' => {
                out.push('\\');
                out.push(c);
            }
            (_, '\n' | '\r') | (1, _) if code <= 0xff => out.push_str(&format!("\\x{code:02x}")),
            (2, _) if code <= 0xffff => out.push_str(&format!("\\u{code:04X}")),
            (3, _) => out.push_str(&format!("\\U{code:08x}")),
            (_, '\n') => out.push_str("\\n"),
            (_, '\r') => out.push_str("\\r"),
            _ => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// Every error of the reader is coded, listed, worded and placed in the text.
fn check_error(text: &str, e: &GraphError) -> Result<(), TestCaseError> {
    prop_assert!(
        ERROR_CODES.contains(&e.code()),
        "unlisted code {}",
        e.code()
    );
    prop_assert!(!e.to_string().is_empty());
    if let Some(p) = e.place {
        prop_assert!(p.line >= 1 && p.column >= 1);
        prop_assert!(p.line <= text.split('\n').count(), "{:?} in {:?}", p, text);
    }
    Ok(())
}

/// A mutation of a text: delete, insert or replace at a place.
#[derive(Clone, Debug)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, String),
    Replace(usize, char),
}

fn edit() -> impl Strategy<Value = Edit> {
    let piece = prop::sample::select(vec![
        "{", "}", "[", "]", ":", ",", "'", "\"", "\\", "#", "\n", "-", "0", "007", "9", "d =",
        "'a'", "é", "\u{0}", "\\x", "\\u12", "1 2", "]]",
    ]);
    prop_oneof![
        (0usize..200, 1usize..8).prop_map(|(at, len)| Edit::Delete(at, len)),
        (0usize..200, piece).prop_map(|(at, s)| Edit::Insert(at, s.to_string())),
        (0usize..200, any::<char>()).prop_map(|(at, c)| Edit::Replace(at, c)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        match e {
            Edit::Delete(at, len) => {
                let at = (*at).min(chars.len());
                let end = (at + len).min(chars.len());
                chars.drain(at..end);
            }
            Edit::Insert(at, s) => {
                let at = (*at).min(chars.len());
                chars.splice(at..at, s.chars());
            }
            Edit::Replace(at, c) => {
                if let Some(slot) = chars.get_mut(*at) {
                    *slot = *c;
                }
            }
        }
    }
    chars.into_iter().collect()
}

const WORKSHEET: &str = "d = { 0: [1, 2, 3, 4, 5], 1: [4, 5, 6], 2: [1, 3, 4, 5],\n      3: [5, 6, 7], 4: [7, 8], 5: [8], 6: [5, 7], 7: [8], 8: [] }";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn exported_text_reads_back_as_the_same_graph(g in graph()) {
        let text = g.to_dict_text();
        prop_assert_eq!(parse_graph(&text), Ok(g.clone()), "{}", text);
        // Labels read back too, one by one.
        for v in 0..g.len() {
            let one = format!("{{{}: []}}", g.label(v));
            prop_assert_eq!(&parse_graph(&one).unwrap().names[0], &g.names[v]);
        }
    }

    #[test]
    fn any_spelling_reads_as_the_same_names(g in graph(), styles in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..40), 25)) {
        let spelled = |v: usize| spell(&g.names[v], &styles[v % styles.len()]);
        let entries: Vec<String> = (0..g.len())
            .map(|v| {
                let list: Vec<String> = g.successors[v].iter().map(|&s| spelled(s)).collect();
                format!("{}:[{}]", spelled(v), list.join(","))
            })
            .collect();
        let text = format!("{{{}}}", entries.join(",\n"));
        let read = parse_graph(&text);
        prop_assert_eq!(&read, &Ok(g.clone()), "{}", text);
        let again = parse_graph(&g.to_dict_text());
        prop_assert_eq!(again, read);
    }

    #[test]
    fn random_text_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = parse_graph(&text) {
            check_error(&text, &e)?;
        }
    }

    #[test]
    fn mutated_worksheet_dicts_never_panic(edits in prop::collection::vec(edit(), 1..6)) {
        let text = apply(WORKSHEET, &edits);
        match parse_graph(&text) {
            Ok(g) => {
                prop_assert_eq!(parse_graph(&g.to_dict_text()), Ok(g.clone()));
                match analyze(&g) {
                    Ok(a) => prop_assert_eq!(a.nimbers.len(), g.len()),
                    Err(e) => {
                        prop_assert_eq!(e.code(), "graph.cycle");
                        prop_assert!(e.to_string().contains(" → "));
                    }
                }
            }
            Err(e) => check_error(&text, &e)?,
        }
    }
}
