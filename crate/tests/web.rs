//! The JavaScript boundary as a page sees it, run in headless Chromium by
//! wasm-bindgen-test-runner: the stateless API, the sessions, and the errors
//! that carry a code and parameters.
#![cfg(all(target_arch = "wasm32", feature = "games", feature = "study"))]

use impartial::wasm::{
    analyze_graph, error_codes, winning_move, ChompSession, GraphSession, GrundyLab, GrundySession,
};
use js_sys::{Array, Function, Object, Reflect, JSON};
use wasm_bindgen::JsValue;
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
        (r#"{"game":"chomp","rows":["x"]}"#, "input.not_whole"),
        (r#"{"game":"chomp","rows":[]}"#, "position.empty"),
        (r#"{"game":"chomp","rows":[5000]}"#, "input.not_whole"),
        (r#"{"game":"grundy","heaps":[7,0]}"#, "input.not_whole"),
        (r#"{"game":"grundy","heaps":[]}"#, "heaps.none"),
        (
            r#"{"game":"grundy","heaps":[99999999999]}"#,
            "input.not_whole",
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
    let mut s = ChompSession::new();
    let calls = Array::new();
    let progress = Function::new_with_args("done, total", "this.push([done, total])").bind0(&calls);
    let snap = s
        .start(
            pairs(&[("rows", "8"), ("cols", "9")]),
            false,
            Some(progress),
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
    let snap = s.play(2.0, 3.0).unwrap();
    assert_eq!(field(&snap, "computer_to_move").as_bool(), Some(true));
    let (code, _, _) = thrown(s.play(1.0, 2.0));
    assert_eq!(code, "turn.computer");
    let (code, _, _) = thrown(s.computer_move(0.0));
    assert_eq!(code, "session.stale");
    let snap = s.computer_move(1.0).unwrap();
    assert_eq!(Array::from(&field(&snap, "moves")).length(), 2);
    assert_eq!(
        field(&snap, "record")
            .as_string()
            .unwrap()
            .split(' ')
            .count(),
        2
    );
    let (code, params, _) = thrown(s.play(1.0, 1.0));
    assert_eq!((code.as_str(), params.as_str()), ("move.poison", "{}"));
    let snap = s.undo().unwrap();
    assert_eq!(Array::from(&field(&snap, "moves")).length(), 0);
    assert_eq!(field(&snap, "can_redo").as_bool(), Some(true));
    let snap = s.hint(0.0).unwrap();
    assert!(Array::from(&field(&field(&snap, "hint"), "winning")).length() >= 1);
    // Bad settings are reported, with what was used instead.
    let snap = s
        .start(pairs(&[("rows", "40"), ("cols", "40")]), false, None)
        .unwrap();
    let problem = Array::from(&field(&snap, "problems")).get(0);
    assert_eq!(field(&problem, "used").as_string().unwrap(), "30×30");
    assert_eq!(
        field(&field(&problem, "reason"), "code")
            .as_string()
            .unwrap(),
        "setting.shape"
    );
    let (code, _, _) = thrown(s.start(pairs(&[("position", "3 x")]), true, None));
    assert_eq!(code, "notation.bad_char");
    let (code, _, _) = thrown(s.start(js(r#"{"rows": 3}"#), false, None));
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
    let mut s = ChompSession::new();
    s.start(
        pairs(&[("rows", "2"), ("cols", "4"), ("level", "human")]),
        false,
        None,
    )
    .unwrap();
    let snap = s.set_analysis(true).unwrap();
    let analysis = field(&snap, "analysis");
    assert_eq!(text(&field(&analysis, "remoteness")), "7");
    let squares = Array::from(&field(&analysis, "squares"));
    assert_eq!(squares.length(), 7);
    let mut k = keys(&squares.get(0));
    k.sort();
    assert_eq!(k.join(" "), "col delta remoteness row winning");
    let snap = s.play(1.0, 2.0).unwrap();
    assert_eq!(
        field(&Array::from(&field(&snap, "moves")).get(0), "mark")
            .as_string()
            .unwrap(),
        "mistake"
    );
    assert_eq!(field(&snap, "record_line").as_string().unwrap(), "2x4: 1,2");
    let why = s.why(0.0, 1.0, 2.0).unwrap();
    assert_eq!(
        text(&field(&why, "refutation")),
        r#"{"mv":{"row":2,"col":1},"answer":null,"remoteness":0}"#
    );
    let snap = s.go_to(0.0).unwrap();
    assert_eq!(Array::from(&field(&snap, "undone")).length(), 1);
    let edit = s.edit(2.0, 2.0, false).unwrap();
    assert_eq!(
        text(&edit),
        r#"{"rows":[4,1],"outcome":"N","remoteness":3}"#
    );
    let (code, _, _) = thrown(s.edit(1.0, 1.0, false));
    assert_eq!(code, "move.poison");
    let snap = s.set_reveal("moves").unwrap();
    assert!(field(&field(&snap, "analysis"), "remoteness").is_null());
    let (code, _, _) = thrown(s.why(0.0, 0.0, 0.0));
    assert_eq!(code, "reveal.why");
    let (code, _, _) = thrown(s.go_to(5.0));
    assert_eq!(code, "session.stale");
    let mut g = GrundySession::new();
    g.start(pairs(&[("heaps", "9"), ("reveal", "moves")]), false, None)
        .unwrap();
    let splits = g.splits(0.0).unwrap();
    assert_eq!(text(&splits), "[1,0,0,1]");
    let (code, _, _) = thrown(g.set_reveal("explain"));
    assert_eq!(code, "reveal.limit");
}

#[wasm_bindgen_test]
fn progress_is_paced_not_flooded() {
    let mut s = ChompSession::new();
    let calls = Array::new();
    let progress = Function::new_with_args("done, total", "this.push([done, total])").bind0(&calls);
    s.start(
        pairs(&[("rows", "12"), ("cols", "12")]),
        false,
        Some(progress),
    )
    .unwrap();
    // 2.7 M positions would be ten calls at the solver's own pace; a fast
    // machine solves them in well under a second, so few calls pass the 50 ms pacer.
    assert!(
        calls.length() >= 1 && calls.length() <= 11,
        "{}",
        calls.length()
    );
    assert_eq!(text(&calls.get(calls.length() - 1)), "[2704155,2704155]");
}

#[wasm_bindgen_test]
fn a_grundy_session_plays_and_sets_small_heaps_aside() {
    let mut s = GrundySession::new();
    let snap = s
        .start(
            pairs(&[("heaps", "2,6,5"), ("level", "human")]),
            false,
            None,
        )
        .unwrap();
    assert_eq!(text(&field(&snap, "heaps")), "[6,5]");
    assert_eq!(field(&snap, "twos").as_f64(), Some(1.0));
    assert_eq!(text(&field(&snap, "max_small")), "[2,2]");
    let (code, params, _) = thrown(s.play(0.0, 3.0, 3.0));
    assert_eq!(code, "split.equal");
    assert_eq!(params, r#"{"size":6,"half":3}"#);
    let snap = s.play(1.0, 3.0, 2.0).unwrap();
    assert_eq!(text(&field(&snap, "heaps")), "[6,3]");
    assert_eq!(field(&snap, "nim_sum").as_f64(), Some(0.0));
    let snap = s.hint(1.0).unwrap();
    assert!(field(&field(&snap, "hint"), "winning").is_null());
    let snap = s.start(pairs(&[("heaps", "17,x")]), false, None).unwrap();
    let problem = Array::from(&field(&snap, "problems")).get(0);
    assert_eq!(
        field(&field(&problem, "reason"), "code")
            .as_string()
            .unwrap(),
        "heaps.not_a_number"
    );
    assert_eq!(text(&field(&snap, "heaps")), "[20]");
}

#[wasm_bindgen_test]
fn graphs_by_index_and_by_label() {
    let text_ = "d = { 0: [1, 2, 3, 4, 5], 1: [4, 5, 6], 2: [1, 3, 4, 5],\n      3: [5, 6, 7], 4: [7, 8], 5: [8], 6: [5, 7], 7: [8], 8: [] }";
    let a = analyze_graph(text_).unwrap();
    assert_eq!(text(&field(&a, "kernel")), r#"["8","6","2"]"#);
    assert_eq!(
        text(&field(&a, "strategy")),
        r#"{"0":"2","1":"6","3":"6","4":"8","5":"8","7":"8"}"#
    );
    let (code, params, _) = thrown(analyze_graph("{0: [1], 1: [0]}"));
    assert_eq!(code, "graph.cycle");
    // In Python 1 and '1' are different keys: a mix is named, with its place.
    let (code, params_, _) = thrown(analyze_graph("{0: ['1'], 1: []}"));
    assert_eq!(code, "graph.successor_type_mismatch");
    assert!(params_.contains(r#""line":1"#), "{params_}");
    assert!(params.contains("0 → 1 → 0"), "{params}");
    // A vertex named like an object's inner property is a vertex like any
    // other (labels are Python's repr: the quotes are part of them).
    let a = analyze_graph("{'__proto__': ['x'], 'x': []}").unwrap();
    let succ = field(&a, "successors");
    assert_eq!(Object::keys(&Object::from(succ.clone())).length(), 2);
    assert_eq!(
        text(&Reflect::get(&succ, &"'__proto__'".into()).unwrap()),
        r#"["'x'"]"#
    );
    let mut g = GraphSession::new();
    let view = g.arena(2.0, 3.0, 300.0).unwrap();
    assert_eq!(Array::from(&field(&view, "labels")).length(), 9);
    assert_eq!(Array::from(&field(&view, "positions")).length(), 9);
    let view = g.parse(text_, 300.0).unwrap();
    assert_eq!(text(&field(&view, "kernel")), "[8,6,2]");
    assert!(field(&view, "positions").is_null());
    // Refused before anything is built, by what the page draws (at most the engine's own bound).
    let (code, params, _) = thrown(g.arena(9.0, 9.0, 300.0));
    assert_eq!(code, "graph.too_big_to_show");
    assert_eq!(params, r#"{"count":48619,"max":300}"#);
    assert_eq!(thrown(g.arena(9.0, 9.0, 20001.0)).0, "input.not_whole");
    assert_eq!(thrown(g.parse(text_, 5.0)).0, "graph.too_big_to_show");
}

#[wasm_bindgen_test]
fn the_lab_times_each_seed_solver() {
    let mut lab = GrundyLab::new();
    for version in 0..=5 {
        let run = lab.run(f64::from(version), 13.0).unwrap();
        assert_eq!(field(&run, "won").as_bool(), Some(true), "v{version}");
        assert!(field(&run, "ops").as_f64().unwrap() >= 1.0);
        assert!(field(&run, "ms").as_f64().unwrap() >= 0.0);
    }
    assert_eq!(thrown(lab.run(6.0, 13.0)).0, "input.not_whole");
}
