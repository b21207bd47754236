//! The JavaScript boundary as a page sees it, run in headless Chromium by
//! wasm-bindgen-test-runner: the stateless API, the sessions, and the errors
//! that carry a code and parameters.
#![cfg(all(target_arch = "wasm32", feature = "games", feature = "study"))]

use impartial::wasm::{
    analyze_graph, error_codes, winning_move, ChompNimbers, ChompSession, GraphSession, GrundyLab,
    GrundySession, SumSession,
};
use js_sys::{Array, Function, Object, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn js(text: &str) -> JsValue {
    JSON::parse(text).expect("test JSON")
}

fn field(v: &JsValue, name: &str) -> JsValue {
    Reflect::get(v, &name.into()).unwrap()
}

fn text(v: &JsValue) -> String {
    JSON::stringify(v).unwrap().into()
}

/// The code, the params (as JSON) and the message of a thrown error.
fn thrown(result: Result<JsValue, JsValue>) -> (String, String, String) {
    let err = result.expect_err("expected an error");
    let code = field(&err, "code").as_string().unwrap_or_default();
    let params = text(&field(&err, "params"));
    let message = js_sys::Error::from(err).message().into();
    (code, params, message)
}

fn n(x: f64) -> JsValue {
    JsValue::from_f64(x)
}

fn pairs(list: &[(&str, &str)]) -> JsValue {
    list.iter()
        .map(|(k, v)| Array::of2(&(*k).into(), &(*v).into()))
        .collect::<Array>()
        .into()
}

fn keys(v: &JsValue) -> Vec<String> {
    Object::keys(&Object::from(v.clone()))
        .iter()
        .map(|k| k.as_string().unwrap())
        .collect()
}

#[wasm_bindgen_test]
fn winning_move_keeps_its_shape() {
    let m = winning_move(js(r#"{"game":"chomp","rows":[7,7]}"#)).unwrap();
    assert_eq!(text(&m), r#"{"row":2,"col":7}"#);
    let m = winning_move(js(r#"{"game":"chomp","rows":[6,6,6,6,6,6]}"#)).unwrap();
    assert_eq!(text(&m), r#"{"row":2,"col":2}"#);
    for kernel in ["[2,1]", "[1]", "[5,1,1,1,1]"] {
        let p = js(&format!(r#"{{"game":"chomp","rows":{kernel}}}"#));
        assert!(winning_move(p).unwrap().is_null(), "{kernel}");
    }
    // Grundy's game: G(7) = 0, G(3) = 1, so the 3 splits into 2 + 1.
    let m = winning_move(js(r#"{"game":"grundy","heaps":[7,3]}"#)).unwrap();
    assert_eq!(text(&m), r#"{"heap":1,"into":[2,1]}"#);
    assert!(winning_move(js(r#"{"game":"grundy","heaps":[20]}"#))
        .unwrap()
        .is_null());
    // Any heap game: Kayles' row of 4 loses its middle two pins; the
    // matches game taking 1 to 3 from 7 takes 3; Nim takes all of a heap.
    let answer = |p: &str| text(&winning_move(js(p)).unwrap());
    assert_eq!(
        answer(r#"{"game":"heaps","rule":"kayles","heaps":[4]}"#),
        r#"{"heap":0,"take":2,"into":[1,1]}"#
    );
    assert_eq!(
        answer(r#"{"game":"heaps","rule":"0.333","heaps":[7]}"#),
        r#"{"heap":0,"take":3,"into":[4]}"#
    );
    assert_eq!(
        answer(r#"{"game":"heaps","rule":"nim","heaps":[5]}"#),
        r#"{"heap":0,"take":5,"into":[]}"#
    );
    // Misère: Marienbad and 21 matches are lost for the player to move.
    for p in [
        r#"{"game":"heaps","rule":"nim","heaps":[1,3,5,7],"misere":true}"#,
        r#"{"game":"heaps","rule":"0.333","heaps":[21],"misere":true}"#,
    ] {
        assert!(winning_move(js(p)).unwrap().is_null(), "{p}");
    }
    assert_eq!(
        answer(r#"{"game":"heaps","rule":"0.333","heaps":[20],"misere":true}"#),
        r#"{"heap":0,"take":3,"into":[17]}"#
    );
}

#[wasm_bindgen_test]
fn bad_input_throws_codes_with_params() {
    let cases = [
        (r#"{"game":"chomp","rows":[3,4]}"#, "position.increasing"),
        (r#"{"game":"nim","rows":[3]}"#, "input.unknown"),
        (r#"{"rows":[3]}"#, "input.missing"),
        (r#"{"game":"chomp"}"#, "input.missing"),
        (r#"{"game":"chomp","rows":[3,-1]}"#, "input.not_whole"),
        (r#"{"game":"chomp","rows":[2.5]}"#, "input.not_whole"),
        (r#"{"game":"chomp","rows":["x"]}"#, "input.type"),
        (r#"{"game":"chomp","rows":[]}"#, "position.empty"),
        (r#"{"game":"chomp","rows":[5000]}"#, "input.not_whole"),
        (r#"{"game":"grundy","heaps":[7,0]}"#, "input.not_whole"),
        (r#"{"game":"grundy","heaps":[]}"#, "heaps.none"),
        (
            r#"{"game":"grundy","heaps":[99999999999]}"#,
            "input.not_whole",
        ),
        (r#"{"game":"heaps","heaps":[3]}"#, "input.missing"),
        (r#"{"game":"heaps","rule":"0.8","heaps":[3]}"#, "rule.digit"),
        (r#"{"game":"heaps","rule":7,"heaps":[3]}"#, "input.type"),
        (
            r#"{"game":"heaps","rule":"nim","heaps":[3],"misere":1}"#,
            "input.type",
        ),
        (
            r#"{"game":"heaps","rule":"kayles","heaps":[40,30],"misere":true}"#,
            "misere.tokens",
        ),
    ];
    for (input, code) in cases {
        let (got, _, message) = thrown(winning_move(js(input)));
        assert_eq!(got, code, "{input}: {message}");
        assert!(!message.is_empty());
    }
    let (code, params, message) = thrown(winning_move(js(r#"{"game":"chomp","rows":[3,4]}"#)));
    assert_eq!(code, "position.increasing");
    assert_eq!(params, r#"{"row":2,"len":4,"above":3}"#);
    assert!(message.contains("must not increase"), "{message}");
    assert_eq!(thrown(winning_move(JsValue::NULL)).0, "input.not_object");
    // Every code is listed once, for the page's translations.
    let codes = error_codes();
    let mut sorted = codes.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), codes.len());
    assert!(codes.iter().any(|c| c == "move.poison"));
}

#[wasm_bindgen_test]
fn a_chomp_session_plays_a_game_in_one_call_per_action() {
    let s = ChompSession::new();
    let calls = Array::new();
    let progress = Function::new_with_args("done, total", "this.push([done, total])").bind0(&calls);
    let snap = s
        .start(
            pairs(&[("rows", "8"), ("cols", "9")]),
            JsValue::FALSE,
            progress.into(),
        )
        .unwrap();
    // The first progress call says the count at once, the last one the end:
    // the box's positions, as the solver line counts them (the empty board is none).
    assert_eq!(text(&calls.get(0)), "[0,24309]");
    assert_eq!(text(&calls.get(calls.length() - 1)), "[24309,24309]");
    assert_eq!(text(&field(&snap, "rows")), "[9,9,9,9,9,9,9,9]");
    assert_eq!(field(&snap, "to_move").as_f64(), Some(1.0));
    assert_eq!(
        field(&field(&snap, "solver"), "kind").as_string().unwrap(),
        "box"
    );
    // The snapshot has exactly the fields impartial.d.ts declares.
    let mut k = keys(&snap);
    k.sort();
    assert_eq!(
        k.join(" "),
        "analysis analysis_on box_cols box_rows can_redo can_undo computer_to_move computer_waits demo first game_params here_params hint history level moves notations over previous problems record record_line redo_count reveal reveal_limit rows solver start_params to_move undone vs_computer winner"
    );
    let snap = s.play(n(2.0), n(3.0)).unwrap();
    assert_eq!(field(&snap, "computer_to_move").as_bool(), Some(true));
    let (code, _, _) = thrown(s.play(n(1.0), n(2.0)));
    assert_eq!(code, "turn.computer");
    let (code, _, _) = thrown(s.computer_move(n(0.0)));
    assert_eq!(code, "session.stale");
    let snap = s.computer_move(n(1.0)).unwrap();
    assert_eq!(Array::from(&field(&snap, "moves")).length(), 2);
    assert_eq!(
        field(&snap, "record")
            .as_string()
            .unwrap()
            .split(' ')
            .count(),
        2
    );
    let (code, params, _) = thrown(s.play(n(1.0), n(1.0)));
    assert_eq!((code.as_str(), params.as_str()), ("move.poison", "{}"));
    let snap = s.undo().unwrap();
    assert_eq!(Array::from(&field(&snap, "moves")).length(), 0);
    assert_eq!(field(&snap, "can_redo").as_bool(), Some(true));
    let snap = s.hint(n(0.0)).unwrap();
    assert!(Array::from(&field(&field(&snap, "hint"), "winning")).length() >= 1);
    // Bad settings are reported, with what was used instead.
    let snap = s
        .start(
            pairs(&[("rows", "40"), ("cols", "40")]),
            JsValue::FALSE,
            JsValue::UNDEFINED,
        )
        .unwrap();
    let problem = Array::from(&field(&snap, "problems")).get(0);
    assert_eq!(field(&problem, "used").as_string().unwrap(), "30×30");
    assert_eq!(
        field(&field(&problem, "reason"), "code")
            .as_string()
            .unwrap(),
        "setting.shape"
    );
    let (code, _, _) = thrown(s.start(
        pairs(&[("position", "3 x")]),
        JsValue::TRUE,
        JsValue::UNDEFINED,
    ));
    assert_eq!(code, "notation.bad_char");
    let (code, _, _) = thrown(s.start(js(r#"{"rows": 3}"#), JsValue::FALSE, JsValue::UNDEFINED));
    assert_eq!(code, "input.not_object");
    let rules = ChompSession::rules().unwrap();
    assert_eq!(field(&rules, "max_board_side").as_f64(), Some(30.0));
    assert_eq!(
        text(&field(&rules, "opponents")),
        r#"["perfect","original","random","human"]"#
    );
}

#[wasm_bindgen_test]
fn the_analysis_board_answers_through_the_session() {
    let s = ChompSession::new();
    s.start(
        pairs(&[("rows", "2"), ("cols", "4"), ("level", "human")]),
        JsValue::FALSE,
        JsValue::UNDEFINED,
    )
    .unwrap();
    let snap = s.set_analysis(JsValue::TRUE).unwrap();
    let analysis = field(&snap, "analysis");
    assert_eq!(text(&field(&analysis, "remoteness")), "7");
    let squares = Array::from(&field(&analysis, "squares"));
    assert_eq!(squares.length(), 7);
    let mut k = keys(&squares.get(0));
    k.sort();
    assert_eq!(k.join(" "), "col delta remoteness row winning");
    let snap = s.play(n(1.0), n(2.0)).unwrap();
    assert_eq!(
        field(&Array::from(&field(&snap, "moves")).get(0), "mark")
            .as_string()
            .unwrap(),
        "mistake"
    );
    assert_eq!(field(&snap, "record_line").as_string().unwrap(), "2x4: 1,2");
    let why = s.why(n(0.0), n(1.0), n(2.0)).unwrap();
    assert_eq!(
        text(&field(&why, "refutation")),
        r#"{"mv":{"row":2,"col":1},"answer":null,"remoteness":0}"#
    );
    let snap = s.go_to(n(0.0)).unwrap();
    assert_eq!(Array::from(&field(&snap, "undone")).length(), 1);
    let edit = s.edit(n(2.0), n(2.0), JsValue::FALSE).unwrap();
    assert_eq!(
        text(&edit),
        r#"{"rows":[4,1],"outcome":"N","remoteness":3}"#
    );
    let (code, _, _) = thrown(s.edit(n(1.0), n(1.0), JsValue::FALSE));
    assert_eq!(code, "move.poison");
    let snap = s.set_reveal("moves".into()).unwrap();
    assert!(field(&field(&snap, "analysis"), "remoteness").is_null());
    let (code, _, _) = thrown(s.why(n(0.0), n(0.0), n(0.0)));
    assert_eq!(code, "reveal.why");
    let (code, _, _) = thrown(s.go_to(n(5.0)));
    assert_eq!(code, "session.stale");
    let g = GrundySession::new();
    g.start(
        pairs(&[("heaps", "9"), ("reveal", "moves")]),
        JsValue::FALSE,
        JsValue::UNDEFINED,
    )
    .unwrap();
    let splits = g.splits(n(0.0)).unwrap();
    assert_eq!(text(&splits), "[1,0,0,1]");
    let (code, _, _) = thrown(g.set_reveal("explain".into()));
    assert_eq!(code, "reveal.limit");
}

#[wasm_bindgen_test]
fn progress_is_paced_not_flooded() {
    let s = ChompSession::new();
    let calls = Array::new();
    let progress = Function::new_with_args("done, total", "this.push([done, total])").bind0(&calls);
    s.start(
        pairs(&[("rows", "11"), ("cols", "11")]),
        JsValue::FALSE,
        progress.into(),
    )
    .unwrap();
    // 11×11, the largest square solved before its game starts (bigger boxes
    // are solved in the background): 705 k positions, a few steps of the
    // solver; a fast machine solves them in well under a second, so few
    // calls pass the 50 ms pacer.
    assert!(
        calls.length() >= 1 && calls.length() <= 11,
        "{}",
        calls.length()
    );
    assert_eq!(text(&calls.get(calls.length() - 1)), "[705431,705431]");
}

#[wasm_bindgen_test]
fn a_grundy_session_plays_and_sets_small_heaps_aside() {
    let s = GrundySession::new();
    let snap = s
        .start(
            pairs(&[("heaps", "2,6,5"), ("level", "human")]),
            JsValue::FALSE,
            JsValue::UNDEFINED,
        )
        .unwrap();
    assert_eq!(text(&field(&snap, "heaps")), "[6,5]");
    assert_eq!(field(&snap, "twos").as_f64(), Some(1.0));
    assert_eq!(text(&field(&snap, "max_small")), "[2,2]");
    let none = || JsValue::UNDEFINED;
    let (code, params, _) = thrown(s.play(n(0.0), n(3.0), n(3.0), none()));
    assert_eq!(code, "split.equal");
    assert_eq!(params, r#"{"size":6,"half":3}"#);
    let snap = s.play(n(1.0), n(3.0), n(2.0), none()).unwrap();
    assert_eq!(text(&field(&snap, "heaps")), "[6,3]");
    assert_eq!(field(&snap, "nim_sum").as_f64(), Some(0.0));
    let snap = s.hint(n(1.0)).unwrap();
    assert!(field(&field(&snap, "hint"), "winning").is_null());
    let snap = s
        .start(
            pairs(&[("heaps", "17,x")]),
            JsValue::FALSE,
            JsValue::UNDEFINED,
        )
        .unwrap();
    let problem = Array::from(&field(&snap, "problems")).get(0);
    assert_eq!(
        field(&field(&problem, "reason"), "code")
            .as_string()
            .unwrap(),
        "heaps.not_a_number"
    );
    assert_eq!(text(&field(&snap, "heaps")), "[20]");
    // Another rule: Dawson's Kayles sets its heaps of 1 aside; a move takes.
    let snap = s
        .start(
            pairs(&[("rule", "dawson"), ("heaps", "7,1"), ("level", "human")]),
            JsValue::FALSE,
            JsValue::UNDEFINED,
        )
        .unwrap();
    assert_eq!(field(&snap, "rule").as_string().unwrap(), "0.07");
    assert_eq!(text(&field(&snap, "aside")), "[1,1]");
    let (code, params, _) = thrown(s.play(n(0.0), n(6.0), n(0.0), n(1.0)));
    assert_eq!(
        (code.as_str(), params.as_str()),
        ("move.take", r#"{"take":1}"#)
    );
    let snap = s.play(n(0.0), n(3.0), n(2.0), n(2.0)).unwrap();
    assert_eq!(text(&field(&snap, "heaps")), "[3,2]");
    assert_eq!(field(&snap, "record").as_string().unwrap(), "7-2=3+2");
    // Four numbers a move: take, big, small and what it leaves.
    let options = s.options(n(0.0)).unwrap();
    assert_eq!(text(&options), "[2,1,0,1]");
    // The snapshot has exactly the fields impartial.d.ts declares.
    let mut k = keys(&snap);
    k.sort();
    assert_eq!(
        k.join(" "),
        "aside can_redo can_undo computer_to_move computer_waits demo first game_params heaps here_params hint history level matches max_small misere moves nim_sum ones over problems record record_line redo_count reveal reveal_limit rule start_params to_move twos undone values vs_computer win winner"
    );
    let (code, _, _) = thrown(s.start(
        pairs(&[("rule", "kayles"), ("misere", "1"), ("heaps", "40,30")]),
        JsValue::FALSE,
        JsValue::UNDEFINED,
    ));
    assert_eq!(code, "misere.tokens");
}

#[wasm_bindgen_test]
fn graphs_by_index_and_by_label() {
    let text_ = "d = { 0: [1, 2, 3, 4, 5], 1: [4, 5, 6], 2: [1, 3, 4, 5],\n      3: [5, 6, 7], 4: [7, 8], 5: [8], 6: [5, 7], 7: [8], 8: [] }";
    let a = analyze_graph(text_.into()).unwrap();
    assert_eq!(text(&field(&a, "kernel")), r#"["8","6","2"]"#);
    assert_eq!(
        text(&field(&a, "strategy")),
        r#"{"0":"2","1":"6","3":"6","4":"8","5":"8","7":"8"}"#
    );
    let (code, params, _) = thrown(analyze_graph("{0: [1], 1: [0]}".into()));
    assert_eq!(code, "graph.cycle");
    // In Python 1 and '1' are different keys: a mix is named, with its place.
    let (code, params_, _) = thrown(analyze_graph("{0: ['1'], 1: []}".into()));
    assert_eq!(code, "graph.successor_type_mismatch");
    assert!(params_.contains(r#""line":1"#), "{params_}");
    assert!(params.contains("0 → 1 → 0"), "{params}");
    // A vertex named like an object's inner property is a vertex like any
    // other (labels are Python's repr: the quotes are part of them).
    let a = analyze_graph("{'__proto__': ['x'], 'x': []}".into()).unwrap();
    let succ = field(&a, "successors");
    assert_eq!(Object::keys(&Object::from(succ.clone())).length(), 2);
    assert_eq!(
        text(&Reflect::get(&succ, &"'__proto__'".into()).unwrap()),
        r#"["'x'"]"#
    );
    let g = GraphSession::new();
    let view = g.arena(n(2.0), n(3.0), n(300.0)).unwrap();
    assert_eq!(Array::from(&field(&view, "labels")).length(), 9);
    assert_eq!(Array::from(&field(&view, "positions")).length(), 9);
    let view = g.parse(text_.into(), n(300.0)).unwrap();
    assert_eq!(text(&field(&view, "kernel")), "[8,6,2]");
    assert!(field(&view, "positions").is_null());
    // Refused before anything is built, by what the page draws (at most the engine's own bound).
    let (code, params, _) = thrown(g.arena(n(9.0), n(9.0), n(300.0)));
    assert_eq!(code, "graph.too_big_to_show");
    assert_eq!(params, r#"{"count":48619,"max":300}"#);
    assert_eq!(
        thrown(g.arena(n(9.0), n(9.0), n(20001.0))).0,
        "input.not_whole"
    );
    assert_eq!(
        thrown(g.parse(text_.into(), n(5.0))).0,
        "graph.too_big_to_show"
    );
}

#[wasm_bindgen_test]
fn the_lab_times_each_seed_solver() {
    let lab = GrundyLab::new();
    for version in 0..=5 {
        let run = lab.run(n(f64::from(version)), n(13.0)).unwrap();
        assert_eq!(field(&run, "won").as_bool(), Some(true), "v{version}");
        assert!(field(&run, "ops").as_f64().unwrap() >= 1.0);
        assert!(field(&run, "ms").as_f64().unwrap() >= 0.0);
    }
    assert_eq!(thrown(lab.run(n(6.0), n(13.0))).0, "input.not_whole");
}

/// A JavaScript value from an expression (Proxies, getters, BigInt, Dates).
fn eval(expr: &str) -> JsValue {
    Function::new_no_args(&format!("return ({expr});"))
        .call0(&JsValue::NULL)
        .unwrap()
}

#[wasm_bindgen_test]
fn arguments_of_another_type_are_refused_with_a_code() {
    // Each once trapped (memory access out of bounds, unreachable) or threw
    // an error without a code from wasm-bindgen's own conversions.
    let s = ChompSession::new();
    s.start(
        pairs(&[("rows", "3"), ("cols", "4")]),
        JsValue::FALSE,
        JsValue::UNDEFINED,
    )
    .unwrap();
    for (value, got) in [
        ("5", "number"),
        ("null", "null"),
        ("undefined", "undefined"),
        ("{length: 3}", "object"),
        ("{length: 2**31}", "object"),
        ("Symbol('s')", "symbol"),
    ] {
        let (code, params, _) = thrown(s.set_reveal(eval(value)));
        assert_eq!(code, "input.type", "{value}");
        assert!(
            params.contains(&format!(r#""got":"{got}""#)),
            "{value}: {params}"
        );
    }
    for value in [
        "2n",
        "{valueOf() { throw new Error('no') }}",
        "new Date()",
        "'2'",
        "true",
    ] {
        assert_eq!(
            thrown(s.play(eval(value), n(1.0))).0,
            "input.type",
            "{value}"
        );
    }
    let (code, _, _) = thrown(s.start(pairs(&[("rows", "3")]), eval("1n"), JsValue::UNDEFINED));
    assert_eq!(code, "input.type");
    let (code, _, _) = thrown(s.start(pairs(&[("rows", "3")]), JsValue::FALSE, n(3.0)));
    assert_eq!(code, "input.type");
    assert_eq!(thrown(s.set_analysis(n(1.0))).0, "input.type");
    for value in ["{}", "7", "true", "3n", "new Date()", "{length: 2**31}"] {
        assert_eq!(
            thrown(analyze_graph(eval(value))).0,
            "input.type",
            "{value}"
        );
        let g = GraphSession::new();
        assert_eq!(
            thrown(g.parse(eval(value), n(300.0))).0,
            "input.type",
            "{value}"
        );
    }
    // Lengths are checked before anything is copied.
    let g = GraphSession::new();
    let (code, params, _) = thrown(g.parse(eval("'x'.repeat(4000001)"), n(300.0)));
    assert_eq!(
        (code.as_str(), params.as_str()),
        (
            "input.too_long",
            r#"{"field":"text","length":4000001,"max":4000000}"#
        )
    );
    for big in ["new Array(2**27)", "new Array(2**28)", "new Array(2**29)"] {
        let (code, params, _) = thrown(ChompNimbers::new().of(eval(big)).map(|_| JsValue::NULL));
        assert_eq!(code, "input.too_many", "{big}");
        assert!(params.contains(r#""max":1000"#), "{params}");
        let p = eval(&format!("{{game: 'chomp', rows: {big}}}"));
        assert_eq!(thrown(winning_move(p)).0, "input.too_many", "{big}");
        assert_eq!(
            thrown(g.below(eval(big), n(300.0))).0,
            "input.too_many",
            "{big}"
        );
    }
    let p = eval("{game: 'grundy', heaps: new Array(5000).fill(3)}");
    assert_eq!(thrown(winning_move(p)).0, "input.too_many");
    let (code, _, _) = thrown(winning_move(eval("{game: 'chomp', rows: [3, 'x']}")));
    assert_eq!(code, "input.type");
}

#[wasm_bindgen_test]
fn a_throwing_argument_leaves_the_session_and_the_module_usable() {
    let s = ChompSession::new();
    let hostile = [
        "new Proxy([], { get() { throw new Error('get') } })",
        "(() => { const a = [['rows', '3']]; Object.defineProperty(a, 0, { get() { throw 1 } }); return a })()",
        "(() => { const r = Proxy.revocable([], {}); r.revoke(); return r.proxy })()",
        "[['rows', '3'], new Proxy(['cols', '4'], { get(t, k) { if (k === '1') throw 2; return t[k] } })]",
    ];
    // Each throw once left the session borrowed for good ("recursive use of
    // an object detected"); after about 2,180 even a new session trapped.
    for _ in 0..800 {
        for value in hostile {
            let (code, _, _) = thrown(s.start(eval(value), JsValue::FALSE, JsValue::UNDEFINED));
            assert_eq!(code, "input.unreadable", "{value}");
        }
    }
    assert_eq!(thrown(s.snapshot()).0, "session.no_game");
    s.start(
        pairs(&[("rows", "3"), ("cols", "4")]),
        JsValue::FALSE,
        JsValue::UNDEFINED,
    )
    .unwrap();
    let p = "{game: 'chomp', get rows() { throw new Error('rows') }}";
    assert_eq!(thrown(winning_move(eval(p))).0, "input.unreadable");
    let p = "{game: 'grundy', heaps: new Proxy([3], { get() { throw 0 } })}";
    assert_eq!(thrown(winning_move(eval(p))).0, "input.unreadable");
    assert!(ChompSession::new().snapshot().is_err());
    assert_eq!(
        text(&winning_move(js(r#"{"game":"chomp","rows":[7,7]}"#)).unwrap()),
        r#"{"row":2,"col":7}"#
    );
}

#[wasm_bindgen_test]
fn a_progress_callback_that_calls_its_session_back_is_told_it_is_busy() {
    let session: JsValue = GrundySession::new().into();
    let run = Function::new_with_args(
        "s",
        "const seen = new Set();
         const snap = s.start([['heaps', '300000']], false, () => {
           try { s.snapshot(); seen.add('answered'); } catch (e) { seen.add(e.code ?? e.message); }
         });
         return [[...seen].join(' '), snap.heaps[0], s.snapshot().heaps[0]];",
    );
    let got = text(&run.call1(&JsValue::NULL, &session).unwrap());
    assert_eq!(got, r#"["session.busy",300000,300000]"#);
}

#[wasm_bindgen_test]
fn the_stateless_api_and_the_lab_stay_within_two_seconds() {
    // The largest Grundy heap of the stateless call; a session goes to 2^24
    // with progress and Cancel.
    let p = js(r#"{"game":"grundy","heaps":[1048577]}"#);
    let (code, params, _) = thrown(winning_move(p));
    assert_eq!(code, "input.not_whole");
    assert!(params.contains(r#""max":1048576"#), "{params}");
    // Each lab version stops where one more match would take over 2 s
    // (v0 ran 25 in 3.5 s, where it once allowed 200), or at the depth its
    // recursion can take.
    let lab = GrundyLab::new();
    assert_eq!(GrundyLab::max_heaps(), [24, 28, 43, 52, 1000, 1 << 20]);
    assert_eq!(
        GrundyLab::limit_reasons().join(" "),
        "time time time time stack time"
    );
    let (code, params, _) = thrown(lab.run(n(0.0), n(25.0)));
    assert_eq!(
        (code.as_str(), params.as_str()),
        ("lab.too_slow", r#"{"version":0,"max":24}"#)
    );
    assert_eq!(thrown(lab.run(n(4.0), n(1001.0))).0, "lab.too_deep");
}

#[wasm_bindgen_test]
fn a_sum_of_kayles_and_the_matches_game_plays_through_the_boundary() {
    let s = SumSession::new();
    let snap = s
        .start(
            pairs(&[
                ("heaps", "kayles:5,0.333:9"),
                ("nim", "2"),
                ("level", "human"),
            ]),
            JsValue::FALSE,
        )
        .unwrap();
    assert_eq!(
        js_sys::JSON::stringify(&field(&snap, "rules")).unwrap(),
        r#"["kayles","0.333",""]"#
    );
    // Kayles: two pins taken from the end of 5, a row of 3 left (worth 3, the sum 0).
    let snap = s.play_heap(n(0.0), n(0.0), n(2.0), n(3.0), n(0.0)).unwrap();
    assert_eq!(field(&snap, "nim_sum").as_f64(), Some(0.0));
    assert_eq!(field(&snap, "record").as_string().as_deref(), Some("1:5-2"));
    // The matches game takes 1 to 3: 4 is refused with the rule's code.
    let (code, _, _) = thrown(s.play_heap(n(1.0), n(0.0), n(4.0), n(5.0), n(0.0)));
    assert_eq!(code, "move.take");
}

#[wasm_bindgen_test]
fn a_sum_game_splits_heaps_past_the_4096th() {
    // A split of a heap of 60 into 57 + 3 adds a live heap: the index of a
    // later split was once capped at the starting bound.
    let s = SumSession::new();
    s.start(
        pairs(&[("grundy", "60x4096"), ("level", "human")]),
        JsValue::FALSE,
    )
    .unwrap();
    s.play_grundy(n(0.0), n(0.0), n(57.0), n(3.0)).unwrap();
    s.play_grundy(n(0.0), n(0.0), n(54.0), n(3.0)).unwrap();
    let snap = s.play_grundy(n(0.0), n(4097.0), n(59.0), n(1.0)).unwrap();
    let length =
        |snap: &JsValue, name: &str| field(snap, name).dyn_into::<Array>().unwrap().length();
    // Nine numbers a move.
    assert_eq!(length(&snap, "moves"), 27);
    // The move list's jump: one move on the board, two after it in the line.
    let at = s.go_to(n(1.0)).unwrap();
    assert_eq!((length(&at, "moves"), length(&at, "undone")), (9, 18));
    assert_eq!(length(&at, "history"), 4);
}
