//! Fuzzing every entry point the page and other sites reach, natively, with
//! proptest: random and mutated settings, moves, position texts, heap lists,
//! graph texts and positions.
//!
//! Invariants, on every input:
//! * nothing panics;
//! * every refusal carries a code listed by `codes::all_codes()` and a
//!   non-empty English sentence;
//! * what is written can be read back: position notations, heap lists,
//!   graph dicts, a session's `start_params` (+ its `record`), `here_params`
//!   and `game_params` (the very same game: its line, where the board is in
//!   it, whether the computer waits);
//! * answers agree with plain references: a session's snapshot is a legal
//!   position, its turn follows the moves, its winner once over is the
//!   player not left without a move (at the start too; the player left
//!   without one in misère play), and `winning_move` equals a brute-force
//!   recursion on small positions (Chomp, and heap games of random rules in
//!   both plays).
//!
//! CI runs a bounded number of cases per property (`FUZZ_CASES`, default
//! 1000). The long run the README reports:
//! `FUZZ_CASES=1700000 cargo test --release --test fuzz -- --nocapture`
//! (seven properties, about 1.2·10^7 inputs in all).
#![cfg(not(target_arch = "wasm32"))]

use impartial::chomp::{self, Move, Position};
use impartial::codes::all_codes;
use impartial::error::{Coded, Report};
use impartial::graph;
use impartial::grundy::{self, HeapMove, Heaps, Rule};
use impartial::oracle;
use impartial::turns::GameLine;
use proptest::prelude::*;
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

fn cases() -> u32 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000)
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: cases(),
        // A failure is shrunk to a small input; no file is written next to the tests.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn known_codes() -> &'static HashSet<&'static str> {
    static CODES: OnceLock<HashSet<&'static str>> = OnceLock::new();
    CODES.get_or_init(|| all_codes().into_iter().collect())
}

/// Every refusal is coded with a listed code and said in a sentence.
fn check_report(e: &Report) {
    assert!(known_codes().contains(e.code), "unlisted code {}", e.code);
    assert!(
        !e.message.trim().is_empty(),
        "{} without a sentence",
        e.code
    );
}

fn check_coded(e: &dyn Coded) {
    check_report(&Report::of(e));
}

/// Text that looks like what people paste: digits, separators, brackets,
/// signs, letters, quotes, unicode and NUL, with a bias to short runs.
fn texty() -> impl Strategy<Value = String> {
    let pieces = prop_oneof![
        Just(" ".to_string()),
        Just(",".to_string()),
        Just(";".to_string()),
        Just("x".to_string()),
        Just("+".to_string()),
        Just("-".to_string()),
        Just(".".to_string()),
        Just("[".to_string()),
        Just("]".to_string()),
        Just("(".to_string()),
        Just("'".to_string()),
        Just("\u{0}".to_string()),
        Just("é".to_string()),
        Just("×".to_string()),
        (0u64..40).prop_map(|n| n.to_string()),
        (0u64..u64::MAX).prop_map(|n| n.to_string()),
        "[a-z]{1,3}",
    ];
    prop::collection::vec(pieces, 0..12).prop_map(|v| v.concat())
}

/// A value for a setting: usually meaningful, sometimes anything.
fn setting_value(name: &'static str) -> BoxedStrategy<String> {
    let good: BoxedStrategy<String> = match name {
        "rows" | "cols" => prop_oneof![4 => (1u32..7).prop_map(|n| n.to_string()), 1 => (0u32..2000).prop_map(|n| n.to_string())].boxed(),
        "first" => prop_oneof![Just("human".to_string()), Just("computer".to_string())].boxed(),
        "level" => prop_oneof![Just("perfect"), Just("original"), Just("random"), Just("human"), Just("seed")]
            .prop_map(String::from)
            .boxed(),
        "position" | "columns" => prop::collection::vec(0usize..7, 1..6)
            .prop_map(|mut v| {
                v.sort_unstable_by(|a, b| b.cmp(a));
                v.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(",")
            })
            .boxed(),
        "moves" => prop::collection::vec((1usize..7, 1usize..7), 0..6)
            .prop_map(|v| v.iter().map(|(r, c)| format!("{r},{c}")).collect::<Vec<_>>().join(" "))
            .boxed(),
        // Heaps alone (a heap game's session), or heap games with their
        // rules (a sum's `heaps`), each read by both.
        "heaps" => prop_oneof![
            3 => prop::collection::vec(1u32..40, 1..4)
                .prop_map(|v| v.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(",")),
            2 => prop::collection::vec(
                (prop::sample::select(&["", "kayles:", "dawson:", "0.333:", "4.07:", "nim:", "grundy:", "0.8:"][..]), 1u32..14, 0u32..6),
                1..4,
            )
            .prop_map(|v| {
                v.iter()
                    .map(|(rule, a, b)| if *b == 0 { format!("{rule}{a}") } else { format!("{rule}{a}+{b}") })
                    .collect::<Vec<_>>()
                    .join(",")
            }),
        ]
        .boxed(),
        "seed" => (0u64..1 << 53).prop_map(|n| n.to_string()).boxed(),
        "rule" => prop_oneof![
            prop::sample::select(&["grundy", "nim", "kayles", "dawson", "0.333", "4.07", "0.6", "0.8", "", "x"][..])
                .prop_map(String::from),
            rule_code(),
        ]
        .boxed(),
        "misere" => prop_oneof![Just("1".to_string()), Just("0".to_string())].boxed(),
        "at" => (0usize..8).prop_map(|n| n.to_string()).boxed(),
        "shown" | "reveal" => prop::sample::select(&["off", "outcome", "moves", "values", "explain"][..])
            .prop_map(String::from)
            .boxed(),
        "chomp" => prop_oneof![
            (1u32..4, 1u32..5).prop_map(|(r, c)| format!("{r}x{c}")),
            Just("3,2;2x2".to_string()),
        ]
        .boxed(),
        "grundy" => prop::collection::vec(3u32..14, 1..3)
            .prop_map(|v| v.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(","))
            .boxed(),
        "nim" => prop::collection::vec(0u32..9, 1..3)
            .prop_map(|v| v.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(","))
            .boxed(),
        _ => texty().boxed(),
    };
    prop_oneof![5 => good, 1 => texty()].boxed()
}

/// An octal code of one to four digits (`d0` 0 or 4), as written.
fn rule_code() -> impl Strategy<Value = String> {
    (prop::bool::ANY, prop::collection::vec(0u8..8, 1..5)).prop_map(|(split, digits)| {
        let after: String = digits.iter().map(|d| char::from(b'0' + d)).collect();
        format!("{}.{after}", if split { 4 } else { 0 })
    })
}

/// Whether the player to move wins a heap game, by plain recursion over
/// every move of every heap (no values, nothing set aside), in normal or
/// misère play: the referee of the heap games' answers.
fn brute_heaps(
    rule: &Rule,
    misere: bool,
    heaps: &[u32],
    memo: &mut HashMap<Vec<u32>, bool>,
) -> bool {
    let mut key: Vec<u32> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut moved = false;
    let mut won = false;
    for i in 0..key.len() {
        for o in rule.options(key[i]) {
            moved = true;
            let mut next = key.clone();
            next[i] = o.big;
            next.push(o.small);
            won |= !brute_heaps(rule, misere, &next, memo);
        }
    }
    let won = won || (misere && !moved);
    memo.insert(key, won);
    won
}

fn pairs_of(names: &'static [&'static str]) -> impl Strategy<Value = Vec<(String, String)>> {
    let one = prop::sample::select(names)
        .prop_flat_map(|n| setting_value(n).prop_map(move |v| (n.to_string(), v)));
    prop::collection::vec(one, 0..6)
}

/// What a person (or a stale request) can do to a session.
#[derive(Clone, Debug)]
enum Action {
    Play(usize, usize),
    Computer(usize),
    Hint(usize),
    Undo,
    Redo,
    Restart,
    Demo(bool),
    Jump(usize),
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        6 => (0usize..8, 0usize..8).prop_map(|(r, c)| Action::Play(r, c)),
        1 => (0usize..1200, 0usize..1200).prop_map(|(r, c)| Action::Play(r, c)),
        3 => (0usize..12).prop_map(Action::Computer),
        1 => (0usize..12).prop_map(Action::Hint),
        1 => Just(Action::Undo),
        1 => Just(Action::Redo),
        1 => Just(Action::Restart),
        1 => any::<bool>().prop_map(Action::Demo),
        2 => (0usize..12).prop_map(Action::Jump),
    ]
}

/// The plain recursion every solver is checked against: P-positions of small boards.
fn brute_is_p(p: &Position, memo: &mut HashMap<Position, bool>) -> bool {
    if let Some(&v) = memo.get(p) {
        return v;
    }
    let v = p.moves().all(|m| !brute_is_p(&p.play(m).unwrap(), memo));
    memo.insert(p.clone(), v);
    v
}

proptest! {
    #![proptest_config(config())]

    /// Chomp sessions: any settings, then any actions.
    #[test]
    fn chomp_sessions(
        pairs in pairs_of(&["rows", "cols", "first", "level", "position", "columns", "moves", "seed", "lang", "at", "shown", "reveal"]),
        strict in any::<bool>(),
        actions in prop::collection::vec(action(), 0..16),
    ) {
        let mut s = chomp::Session::new(1 << 20, 7);
        let snap = match s.start(&pairs, strict, &mut |_, _| {}, &|| 0.0) {
            Ok(snap) => snap,
            Err(e) => {
                check_report(&e);
                return Ok(());
            }
        };
        for p in &snap.links.problems {
            check_report(&p.reason);
        }
        // What the session writes, it reads back: the same game, the same position.
        let (again, problems) = chomp::settings::read_settings(&snap.links.start_params, true).unwrap();
        prop_assert!(problems.is_empty());
        prop_assert_eq!((again.rows, again.cols), (snap.box_rows, snap.box_cols));
        let open = snap.solver.kind == "open";
        let mut reopened = chomp::Session::new(1 << 20, 7);
        for a in actions {
            let result = match a {
                Action::Play(r, c) => s.play(r, c),
                Action::Computer(_) | Action::Hint(_) if open => continue,
                Action::Computer(ply) => s.computer_move(ply),
                Action::Hint(ply) => s.hint(ply),
                Action::Undo => s.undo(),
                Action::Redo => s.redo(),
                Action::Restart => s.restart(),
                Action::Demo(on) => s.set_demo(on),
                Action::Jump(ply) => s.go_to(ply),
            };
            match result {
                Err(e) => check_report(&e),
                Ok(snap) => {
                    let p = Position::new(&snap.rows).expect("a snapshot holds a legal position");
                    prop_assert!(p.height() <= snap.box_rows && p.width() <= snap.box_cols);
                    prop_assert_eq!(snap.turns.over, p.is_terminal());
                    // The player left without a move loses, at the start too (a 1×1 bar).
                    prop_assert_eq!(snap.turns.winner, snap.turns.over.then(|| snap.turns.to_move.other()));
                    // The record replays to the same position.
                    let mut replay = snap.links.start_params.clone();
                    replay.push(("moves".into(), snap.links.record.clone()));
                    let (settings, problems) = chomp::settings::read_settings(&replay, true).unwrap();
                    prop_assert!(problems.is_empty());
                    let mut at = settings.start_position();
                    for m in settings.moves {
                        at = at.play(m).expect("recorded moves are legal");
                    }
                    prop_assert_eq!(at.rows(), &snap.rows[..]);
                    // And `here_params` opens the position on the board.
                    let (here, _) = chomp::settings::read_settings(&snap.links.here_params, true).unwrap();
                    let here = here.start_position();
                    prop_assert_eq!(here.rows(), &snap.rows[..]);
                    // `game_params` bring back the very game: its line, where the board is, who waits.
                    let again = reopened.start(&snap.links.game_params, true, &mut |_, _| {}, &|| 0.0).unwrap();
                    prop_assert_eq!(&again.rows, &snap.rows);
                    prop_assert_eq!((again.moves.len(), again.undone.len()), (snap.moves.len(), snap.undone.len()));
                    prop_assert_eq!((again.reveal, again.reveal_limit), (snap.reveal, snap.reveal_limit));
                    prop_assert_eq!(&again.links.game_params, &snap.links.game_params);
                    if !snap.turns.demo {
                        // The computer about to move in the middle of the line (the demo
                        // just left there) comes back waiting to be asked: the line is kept.
                        let mut turns = snap.turns;
                        turns.computer_waits |= turns.computer_to_move && !again.undone.is_empty();
                        prop_assert_eq!(again.turns, turns);
                    }
                }
            }
        }
    }

    /// Heap-game sessions (Grundy's game by default, any rule, misère
    /// play): any settings, then any moves.
    #[test]
    fn grundy_sessions(
        pairs in pairs_of(&["rule", "misere", "heaps", "n", "first", "level", "moves", "record", "seed", "at", "shown", "reveal"]),
        strict in any::<bool>(),
        actions in prop::collection::vec((0usize..5, 0u32..40, 0u32..40, 0u32..4, 0usize..10, 0u8..7), 0..16),
    ) {
        let mut s = grundy::session::Session::new(3);
        let snap = match s.start(&pairs, strict, &mut |_, _| true) {
            Ok(snap) => snap,
            Err(e) => {
                check_report(&e);
                return Ok(());
            }
        };
        for p in &snap.links.problems {
            check_report(&p.reason);
        }
        let rule = Rule::parse(&snap.rule).unwrap();
        let total = snap.matches;
        for (heap, big, small, take, ply, kind) in actions {
            let result = match kind {
                0 | 1 => s.play_move(HeapMove { heap, take, big, small }),
                2 => s.computer_move(ply),
                3 => s.hint(ply),
                4 => s.undo(),
                5 => s.redo(),
                _ => s.go_to(ply),
            };
            match result {
                Err(e) => check_report(&e),
                Ok(snap) => {
                    // Grundy's splits keep every match; other rules' moves only take.
                    if rule == Rule::Grundy {
                        prop_assert_eq!(snap.matches, total);
                    }
                    prop_assert!(snap.matches <= total);
                    // Heaps that cannot move are set aside (Grundy's game: 1 and 2).
                    prop_assert!(snap.heaps.iter().all(|&h| rule.has_move(h)));
                    prop_assert!(snap.aside.chunks(2).all(|p| !rule.has_move(p[0] as u32)));
                    prop_assert_eq!(snap.turns.over, snap.heaps.is_empty());
                    // The player left without a move loses, at the start too
                    // (heaps of 2 and 1); in misère play that player wins.
                    let stuck = snap.turns.to_move;
                    let winner = if snap.misere { stuck } else { stuck.other() };
                    prop_assert_eq!(snap.turns.winner, snap.turns.over.then_some(winner));
                    let sum = snap.values.as_ref().map(|v| v.iter().fold(0, |x, &g| x ^ g));
                    prop_assert_eq!(snap.nim_sum, sum);
                    if let (Some(win), Some(x)) = (snap.win, snap.nim_sum) {
                        prop_assert_eq!(win, x != 0);
                    }
                    let mut replay = snap.links.start_params.clone();
                    replay.push(("moves".into(), snap.links.record.clone()));
                    let mut r = grundy::session::Session::new(3);
                    let again = r.start(&replay, true, &mut |_, _| true).unwrap();
                    prop_assert_eq!((&again.heaps, &again.aside), (&snap.heaps, &snap.aside));
                    // `game_params` bring back the very game: its line, where the board is, who waits.
                    let again = r.start(&snap.links.game_params, true, &mut |_, _| true).unwrap();
                    prop_assert_eq!((&again.heaps, &again.aside), (&snap.heaps, &snap.aside));
                    prop_assert_eq!(&again.undone, &snap.undone);
                    prop_assert_eq!(again.turns, snap.turns);
                    prop_assert_eq!(again.reveal, snap.reveal);
                    prop_assert_eq!(&again.links.game_params, &snap.links.game_params);
                    // The record line reads back whole, rule and misère play too.
                    let line = [("record".to_string(), snap.record_line.clone())];
                    let read = r.start(&line, true, &mut |_, _| true).unwrap();
                    prop_assert_eq!((&read.rule, read.misere), (&snap.rule, snap.misere));
                }
            }
        }
    }

    /// Sums of games: any settings, then any moves in any component.
    #[test]
    fn sum_sessions(
        pairs in pairs_of(&["chomp", "grundy", "heaps", "nim", "first", "level", "seed", "moves", "at"]),
        strict in any::<bool>(),
        actions in prop::collection::vec((0u8..7, 0usize..4, 0usize..5, 0usize..5, 0u32..14, 0u32..3), 0..14),
    ) {
        use impartial::sum::{session::Session, SumMove};
        let mut s = Session::new(5);
        let snap = match s.start(&pairs, strict) {
            Ok(snap) => snap,
            Err(e) => {
                check_report(&e);
                return Ok(());
            }
        };
        for p in &snap.links.problems {
            check_report(&p.reason);
        }
        for (kind, component, a, b, n, take) in actions {
            let result = match kind {
                0 => s.play(SumMove::Chomp { component, row: a, col: b }),
                1 => s.play(SumMove::Heap { component, heap: a, take, big: n, small: b as u32 }),
                2 => s.play(SumMove::Nim { component, leave: n }),
                3 => s.computer_move(a),
                4 => s.hint(a),
                5 => s.undo(),
                _ => s.go_to(a),
            };
            match result {
                Err(e) => check_report(&e),
                Ok(snap) => {
                    // No move left anywhere: every component is worth 0 (Sprague–Grundy).
                    if snap.turns.over {
                        prop_assert_eq!(snap.nim_sum, 0);
                    }
                    // The player left without a move in any game loses, at the start too (nim=0).
                    prop_assert_eq!(snap.turns.winner, snap.turns.over.then(|| snap.turns.to_move.other()));
                    // The game line: nine numbers a move, a value for each of its
                    // positions, the one on the board the nim-sum's, and each move's
                    // mark the values' (a won position kept, or handed over).
                    prop_assert!(snap.moves.len() % 9 == 0 && snap.undone.len() % 9 == 0);
                    let ply = snap.moves.len() / 9;
                    let line: Vec<&[u32]> = snap.moves.chunks(9).chain(snap.undone.chunks(9)).collect();
                    let h = &snap.history;
                    prop_assert_eq!(h.len(), if line.is_empty() { 0 } else { line.len() + 1 });
                    if !h.is_empty() {
                        prop_assert_eq!(h[ply].win, Some(snap.nim_sum != 0));
                    }
                    for (k, m) in line.iter().enumerate() {
                        let want = match (h[k].win, h[k + 1].win) {
                            (Some(true), Some(true)) => 2,
                            (Some(true), Some(false)) => 1,
                            _ => 0,
                        };
                        prop_assert_eq!(m[8], want);
                        prop_assert_eq!(h[k + 1].win, Some(m[7] != 0));
                    }
                    // The sum's start reads back.
                    let mut r = Session::new(5);
                    let again = r.start(&snap.links.start_params, true).unwrap();
                    prop_assert_eq!(again.start_sum, snap.start_sum);
                    // `game_params` bring back the very sum: its record, where the board is.
                    let again = r.start(&snap.links.game_params, true).unwrap();
                    prop_assert!(again.links.problems.is_empty());
                    prop_assert_eq!((&again.components, &again.moves, &again.undone), (&snap.components, &snap.moves, &snap.undone));
                    prop_assert_eq!(again.turns, snap.turns);
                    prop_assert_eq!(&again.links.game_params, &snap.links.game_params);
                }
            }
        }
    }

    /// Position texts in both notations: coded errors, and what is written reads back.
    #[test]
    fn position_texts(text in texty(), rows in prop::collection::vec(0usize..9, 1..8)) {
        for parsed in [chomp::parse_rows(&text), chomp::parse_columns(&text)] {
            if let Err(e) = parsed {
                check_coded(&e);
            }
        }
        let mut rows = rows;
        rows.sort_unstable_by(|a, b| b.cmp(a));
        if let Ok(p) = Position::new(&rows) {
            let box_rows = rows.len();
            let box_cols = rows[0];
            let by_rows = chomp::parse_rows(&chomp::format_rows(&p, box_rows)).unwrap();
            prop_assert_eq!(&by_rows.position, &p);
            let by_cols = chomp::parse_columns(&chomp::format_columns(&p, box_cols)).unwrap();
            prop_assert_eq!(&by_cols.position, &p);
        }
    }

    /// Heap lists and rules: coded errors, and the compact forms read back.
    #[test]
    fn heap_texts(text in texty(), code in rule_code(), list in prop::collection::vec(1u32..100, 1..30)) {
        if let Err(e) = Heaps::parse(&text) {
            check_coded(&e);
        }
        let h = Heaps::from_list(&list).unwrap();
        prop_assert_eq!(Heaps::parse(&h.format()).unwrap(), h);
        for t in [text.as_str(), code.as_str()] {
            match Rule::parse(t) {
                Err(e) => check_coded(&e),
                Ok(rule) => {
                    prop_assert_eq!(Rule::parse(&rule.name()), Ok(rule));
                    let h = Heaps::of(rule, false, &list).unwrap();
                    prop_assert_eq!(Heaps::parse_for(rule, false, &h.format()).unwrap(), h);
                }
            }
        }
    }

    /// The stateless answer for heap games of random rules, in both plays:
    /// on small positions it equals a plain recursion.
    #[test]
    fn heaps_winning_move_agrees_with_brute_force(
        code in rule_code(),
        named in 0usize..3,
        misere in any::<bool>(),
        heaps in prop::collection::vec(1u32..8, 1..4),
    ) {
        let rule = match named {
            0 => Rule::parse(&code).unwrap(),
            1 => Rule::Grundy,
            _ => Rule::Nim,
        };
        let mut memo = HashMap::new();
        let won = brute_heaps(&rule, misere, &heaps, &mut memo);
        match oracle::heaps_winning_move(rule, misere, &heaps).unwrap() {
            // Without a winning move: lost, or (misère) no move at all.
            None => prop_assert!(!won || heaps.iter().all(|&h| !rule.has_move(h))),
            Some(mv) => {
                grundy::check_move(&rule, &heaps, mv).unwrap();
                let mut next = heaps.clone();
                next[mv.heap] = mv.big;
                next.push(mv.small);
                prop_assert!(won && !brute_heaps(&rule, misere, &next, &mut memo));
            }
        }
    }

    /// Graph texts, pasted or mutated from the worksheet's: coded errors, and
    /// what parses is analysed without a panic and exports back to itself.
    #[test]
    fn graph_texts(text in texty(), cut in 0usize..120, insert in texty()) {
        const WORKSHEET: &str = "d = { 0: [1, 2, 3, 4, 5], 1: [4, 5, 6], 2: [1, 3, 4, 5],\n      3: [5, 6, 7], 4: [7, 8], 5: [8], 6: [5, 7], 7: [8], 8: [] }";
        let at = WORKSHEET.char_indices().map(|(i, _)| i).nth(cut).unwrap_or(WORKSHEET.len());
        let mutated = format!("{}{}{}", &WORKSHEET[..at], insert, &WORKSHEET[at..]);
        for t in [text.as_str(), mutated.as_str()] {
            match graph::parse_graph(t) {
                Err(e) => check_coded(&e),
                Ok(g) => {
                    if let Err(e) = graph::analyze(&g) {
                        check_coded(&e);
                    }
                    let back = graph::parse_graph(&g.to_dict_text()).unwrap();
                    prop_assert_eq!(back, g);
                }
            }
        }
    }

    /// The stateless `winning_move`: on small positions it equals brute force.
    #[test]
    fn winning_move_agrees_with_brute_force(rows in prop::collection::vec(0usize..6, 1..6)) {
        let mut rows = rows;
        rows.sort_unstable_by(|a, b| b.cmp(a));
        let Ok(p) = Position::new(&rows) else { return Ok(()); };
        let mut memo = HashMap::new();
        match oracle::chomp_winning_move(&p).unwrap() {
            None => prop_assert!(brute_is_p(&p, &mut memo)),
            Some(Move { row, col }) => {
                let child = p.play(Move { row, col }).unwrap();
                prop_assert!(brute_is_p(&child, &mut memo));
            }
        }
    }
}
