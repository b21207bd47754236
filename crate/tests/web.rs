//! The JavaScript API as a page sees it, run in headless Chromium by
//! wasm-bindgen-test-runner.
#![cfg(target_arch = "wasm32")]

use impartial::wasm::{
    analyze_graph, chomp_arena, format_position, grundy_analyze, grundy_lab_run, parse_position,
    play_move, winning_move, ChompSolver,
};
use js_sys::{Function, Reflect, JSON};
use wasm_bindgen::{JsError, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn js(text: &str) -> JsValue {
    JSON::parse(text).expect("test JSON")
}

fn message(result: Result<JsValue, JsError>) -> String {
    let err = result.expect_err("expected an error");
    js_sys::Error::from(JsValue::from(err)).message().into()
}

fn field(v: &JsValue, name: &str) -> JsValue {
    Reflect::get(v, &name.into()).unwrap()
}

fn as_move(v: &JsValue) -> (f64, f64) {
    (
        field(v, "row").as_f64().unwrap(),
        field(v, "col").as_f64().unwrap(),
    )
}

#[wasm_bindgen_test]
fn winning_move_answers_closed_forms() {
    let m = winning_move(js(r#"{"game":"chomp","rows":[7,7]}"#)).unwrap();
    assert_eq!(as_move(&m), (2.0, 7.0));
    let m = winning_move(js(r#"{"game":"chomp","rows":[6,6,6,6,6,6]}"#)).unwrap();
    assert_eq!(as_move(&m), (2.0, 2.0));
    // A plain JS object: the result is an object with exactly row and col.
    assert_eq!(JSON::stringify(&m).unwrap(), r#"{"row":2,"col":2}"#);
}

#[wasm_bindgen_test]
fn winning_move_is_null_in_the_kernel() {
    assert!(winning_move(js(r#"{"game":"chomp","rows":[2,1]}"#))
        .unwrap()
        .is_null());
    assert!(winning_move(js(r#"{"game":"chomp","rows":[1]}"#))
        .unwrap()
        .is_null());
    assert!(winning_move(js(r#"{"game":"chomp","rows":[5,1,1,1,1]}"#))
        .unwrap()
        .is_null());
}

#[wasm_bindgen_test]
fn bad_positions_throw_clear_errors() {
    let cases = [
        (r#"{"game":"chomp","rows":[3,4]}"#, "must not increase"),
        (r#"{"game":"nim","rows":[3]}"#, "unknown game \"nim\""),
        (r#"{"rows":[3]}"#, "game field is missing"),
        (r#"{"game":"chomp"}"#, "rows field is missing"),
        (r#"{"game":"chomp","rows":[3,-1]}"#, "rows[1] is -1"),
        (r#"{"game":"chomp","rows":[2.5]}"#, "whole number"),
        (
            r#"{"game":"chomp","rows":["x"]}"#,
            "a position is an object",
        ),
        (r#"{"game":"chomp","rows":[]}"#, "empty"),
        (r#"{"game":"chomp","rows":[5000]}"#, "at most 1000"),
        // A 20×30 rectangle: past exact reach, and no closed form knows it.
        (
            r#"{"game":"chomp","rows":[30,30,30,30,30,30,30,30,30,30,30,30,30,30,30,30,30,30,30,30]}"#,
            "past exact reach",
        ),
        (
            r#"{"game":"chomp","rows":[50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50,50]}"#,
            "41×50 board has",
        ),
    ];
    for (input, expected) in cases {
        let msg = message(winning_move(js(input)));
        assert!(msg.contains(expected), "{input}: {msg}");
    }
    assert!(message(winning_move(JsValue::from_str("3 3 2"))).contains("not the string"));
    assert!(message(winning_move(JsValue::NULL)).contains("not null"));
}

#[wasm_bindgen_test]
fn solver_handle_reports_progress_and_analyzes() {
    let calls = js_sys::Array::new();
    let progress = Function::new_with_args("done, total", "this.push([done, total])").bind0(&calls);
    let mut solver = ChompSolver::solve(8.0, 9.0, Some(progress), None).unwrap();
    assert_eq!(solver.positions(), Some(24310.0 - 1.0));
    assert_eq!(solver.kind(), "box");
    assert!(calls.length() >= 1);
    let last = calls.get(calls.length() - 1);
    assert_eq!(JSON::stringify(&last).unwrap(), "[24310,24310]");
    let a = solver
        .analyze(js(r#"{"game":"chomp","rows":[3,3]}"#))
        .unwrap();
    assert_eq!(field(&a, "outcome").as_string().unwrap(), "N");
    assert_eq!(js_sys::Array::from(&field(&a, "moves")).length(), 5);
    let m = solver
        .computer_move(js(r#"{"game":"chomp","rows":[3,3]}"#), "perfect", 0.5)
        .unwrap();
    assert_eq!(as_move(&m), (2.0, 3.0));
    let msg = message(solver.computer_move(js(r#"{"game":"chomp","rows":[3]}"#), "genius", 0.5));
    assert!(msg.contains("unknown level"), "{msg}");
    let msg = message(solver.analyze(js(r#"{"game":"chomp","rows":[10]}"#)));
    assert!(msg.contains("does not fit in a 8×9 board"), "{msg}");
    let msg = message(ChompSolver::solve(f64::NAN, 3.0, None, None).map(JsValue::from));
    assert!(msg.contains("rows is NaN"), "{msg}");
}

#[wasm_bindgen_test]
fn notations_round_trip() {
    let p = parse_position("5 5 5 4 4 3 3 3 1 1 1 0 0", "columns").unwrap();
    assert_eq!(
        JSON::stringify(&p).unwrap(),
        r#"{"game":"chomp","rows":[11,8,8,5,3],"boxRows":5,"boxCols":13}"#
    );
    let n = format_position(p, 6.0, 13.0).unwrap();
    assert_eq!(field(&n, "rows").as_string().unwrap(), "11 8 8 5 3 0");
    assert_eq!(
        field(&n, "columns").as_string().unwrap(),
        "5 5 5 4 4 3 3 3 1 1 1 0 0"
    );
    let msg = message(parse_position("3 x", "rows"));
    assert!(msg.contains("at character 3"), "{msg}");
    assert!(message(parse_position("3", "diagonals")).contains("unknown notation"));
    let next = play_move(js(r#"{"game":"chomp","rows":[3,3]}"#), 1.0, 2.0).unwrap();
    assert_eq!(JSON::stringify(&field(&next, "rows")).unwrap(), "[1,1]");
    assert!(
        message(play_move(js(r#"{"game":"chomp","rows":[3,3]}"#), 1.0, 1.0)).contains("poisoned")
    );
}

#[wasm_bindgen_test]
fn large_boxes_keep_outcomes_only() {
    let small = ChompSolver::solve(10.0, 10.0, None, None).unwrap();
    assert!(small.has_remoteness());
    let mut large = ChompSolver::solve(14.0, 14.0, None, None).unwrap();
    assert!(!large.has_remoteness());
    assert_eq!(large.p_positions(), Some(256_366.0));
    assert_eq!(large.table_bytes(), (40_116_600f64 / 64.0).ceil() * 8.0);
    let a = large
        .analyze(js(
            r#"{"game":"chomp","rows":[14,1,1,1,1,1,1,1,1,1,1,1,1,1]}"#,
        ))
        .unwrap();
    assert_eq!(field(&a, "outcome").as_string().unwrap(), "P");
    assert!(field(&a, "remoteness").is_null());
    let m = large
        .winning_move(js(
            r#"{"game":"chomp","rows":[14,14,14,14,14,14,14,14,14,14,14,14,14,14]}"#,
        ))
        .unwrap();
    assert_eq!(as_move(&m), (2.0, 2.0));
}

#[wasm_bindgen_test]
fn boards_past_the_exact_box() {
    // Three rows, 1000 columns: exact by the tail table.
    let mut thin = ChompSolver::solve(3.0, 1000.0, None, None).unwrap();
    assert_eq!(thin.kind(), "three-rows");
    let rows = vec![1000; 3];
    let pos = js(&format!(r#"{{"game":"chomp","rows":{rows:?}}}"#));
    let a = thin.analyze(pos.clone()).unwrap();
    assert_eq!(field(&a, "exact").as_bool(), Some(true));
    assert!(thin.winning_move(pos).unwrap().is_object());
    // 30×30: open play; the square's (2, 2) is known, the computer is sure of it.
    let mut open = ChompSolver::solve(30.0, 30.0, None, Some(1e6)).unwrap();
    assert_eq!(open.kind(), "open");
    assert_eq!(open.positions(), None);
    let full = js(&format!(r#"{{"game":"chomp","rows":{:?}}}"#, vec![30; 30]));
    let c = open.computer_move(full.clone(), "perfect", 0.5).unwrap();
    assert_eq!(
        JSON::stringify(&c).unwrap(),
        r#"{"row":2,"col":2,"sure":true}"#
    );
    let w = winning_move(full).unwrap();
    assert_eq!(as_move(&w), (2.0, 2.0));
    let msg = message(ChompSolver::solve(60.0, 60.0, None, None).map(JsValue::from));
    assert!(msg.contains("60×60"), "{msg}");
}

#[wasm_bindgen_test]
fn worksheet_graph_from_js() {
    let text = "d = { 0: [1, 2, 3, 4, 5], 1: [4, 5, 6], 2: [1, 3, 4, 5],\n      3: [5, 6, 7], 4: [7, 8], 5: [8], 6: [5, 7], 7: [8], 8: [] }";
    let a = analyze_graph(text).unwrap();
    assert_eq!(
        JSON::stringify(&field(&a, "kernel")).unwrap(),
        r#"["8","6","2"]"#
    );
    assert_eq!(
        JSON::stringify(&field(&a, "strategy")).unwrap(),
        r#"{"0":"2","1":"6","3":"6","4":"8","5":"8","7":"8"}"#
    );
    let msg = message(analyze_graph("{0: [1], 1: [0]}"));
    assert!(msg.contains("cycle: 0 → 1 → 0"), "{msg}");
    let msg = message(analyze_graph("{0: [1],\n 1: [7]}"));
    assert_eq!(
        msg,
        "line 2, column 6: 7 is not a vertex: add a key 7: [...] to the dict"
    );
    let arena = chomp_arena(2.0, 3.0).unwrap();
    assert_eq!(js_sys::Array::from(&field(&arena, "positions")).length(), 9);
    assert!(message(chomp_arena(9.0, 9.0)).contains("more than 5000"));
}

#[wasm_bindgen_test]
fn grundy_winning_move_and_errors() {
    // G(7) = 0, G(3) = 1: split the 3 into 2 + 1.
    let m = winning_move(js(r#"{"game":"grundy","heaps":[7,3]}"#)).unwrap();
    assert_eq!(field(&m, "heap").as_f64(), Some(1.0));
    assert_eq!(JSON::stringify(&field(&m, "into")).unwrap(), "[2,1]");
    // A losing heap (G(20) = 0): null.
    assert!(winning_move(js(r#"{"game":"grundy","heaps":[20]}"#))
        .unwrap()
        .is_null());
    // A big heap is answered, and its split brings the nim-sum to 0 (2^20 is
    // tested natively: in the browser it takes longer than the runner waits).
    let big = winning_move(js(r#"{"game":"grundy","heaps":[20001]}"#)).unwrap();
    let into = js_sys::Array::from(&field(&big, "into"));
    let (a, b) = (into.get(0).as_f64().unwrap(), into.get(1).as_f64().unwrap());
    assert_eq!(a + b, 20001.0);
    let after = grundy_analyze(vec![a, b]).unwrap();
    assert_eq!(field(&after, "nimSum").as_f64(), Some(0.0));
    for (input, expected) in [
        (r#"{"game":"grundy","heaps":[7,0]}"#, "heaps[1] is 0"),
        (r#"{"game":"grundy","heaps":[]}"#, "at least one heap"),
        (
            r#"{"game":"grundy","heaps":[99999999999]}"#,
            "largest supported heap",
        ),
        (r#"{"game":"grundy"}"#, "heaps field is missing"),
        (r#"{"game":"nim","heaps":[3]}"#, "unknown game"),
    ] {
        let text = message(winning_move(js(input)));
        assert!(text.contains(expected), "{input}: {text}");
    }
}

#[wasm_bindgen_test]
fn grundy_lab_versions_agree() {
    for version in 0..=5 {
        let run = grundy_lab_run(f64::from(version), 13.0).unwrap();
        assert_eq!(field(&run, "won").as_bool(), Some(true), "v{version}");
        assert!(field(&run, "ops").as_f64().unwrap() >= 1.0);
    }
    assert!(message(grundy_lab_run(6.0, 13.0)).contains("expected 0 to 5"));
}
