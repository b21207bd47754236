//! The command line `impartial values`, run as a program: its summary, its
//! JSON, its files and its refusals.
#![cfg(not(target_arch = "wasm32"))]

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_impartial"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn kayles_period_is_printed() {
    let o = run(&["values", "kayles", "--to", "2^20"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("rule     0.77"), "{text}");
    assert!(text.contains("heaps    0 to 1048576"), "{text}");
    assert!(
        text.contains("period   12 from heap 71 (last exception 70)"),
        "{text}"
    );
    assert!(text.contains("largest  G = 8, first at heap 27"), "{text}");
}

#[test]
fn json_has_every_field() {
    let o = run(&["values", "dawson", "--to", "1_000", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let line = text.trim();
    assert!(line.starts_with('{') && line.ends_with('}'), "{line}");
    for field in [
        "\"rule\":\"0.07\"",
        "\"n\":1000",
        "\"complete\":true",
        "\"seconds\":",
        "\"period\":{\"start\":53,\"length\":34}",
        "\"max_value\":",
        "\"max_value_heap\":",
        "\"sparse\":",
        "\"out\":null",
    ] {
        assert!(line.contains(field), "{field} in {line}");
    }
    let o = run(&["values", "grundy", "--to", "2^16", "--json"]);
    let line = stdout(&o);
    assert!(line.contains("\"period\":null"), "{line}");
    assert!(line.contains("\"sparse\":{\"mask\":"), "{line}");
    assert!(line.contains("\"parity\":null"), "{line}");
}

#[test]
fn a_sparse_space_with_the_heaps_parity_is_printed() {
    // 0.104's rare heaps are those the C++ peer finds: 20, the last 284,
    // with the heap's parity joined to the mask.
    let o = run(&["values", "0.104", "--to", "2^16"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("sparse   mask 0xfff7, even heaps flipped: 20 rare heaps, the last 284"),
        "{text}"
    );
    let o = run(&["values", "0.104", "--to", "2^16", "--json"]);
    let line = stdout(&o);
    assert!(
        line.contains("\"sparse\":{\"mask\":65527,\"parity\":1,\"rare\":20,\"last_rare\":284}"),
        "{line}"
    );
}

#[test]
fn values_are_written_as_lines_or_u16() {
    let dir = std::env::temp_dir().join(format!("impartial-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lines = dir.join("kayles.txt");
    let o = run(&[
        "values",
        "kayles",
        "--to",
        "17",
        "--out",
        lines.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("one value per line"));
    let text = std::fs::read_to_string(&lines).unwrap();
    let got: Vec<u16> = text.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(got, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4]);
    let bin = dir.join("grundy.bin");
    let o = run(&[
        "values",
        "grundy",
        "--to",
        "14",
        "--out",
        bin.to_str().unwrap(),
        "--binary",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let bytes = std::fs::read(&bin).unwrap();
    let got: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|b| u16::from_le_bytes([b[0], b[1]]))
        .collect();
    assert_eq!(got, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_rules_and_bounds_are_refused() {
    let o = run(&["values", "0.8"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o)
            .contains("digit 1 after the point is 8: an octal code has digits 0 to 7 (rule.digit)"),
        "{}",
        stderr(&o)
    );
    let o = run(&["values", "kayles", "--to", "2^31"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("values.too_far"), "{}", stderr(&o));
    let o = run(&["values", "kayles", "--to", "lots"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--to lots"), "{}", stderr(&o));
    let o = run(&["values"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no rule"), "{}", stderr(&o));
    let o = run(&["values", "nim", "--to", "70000"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("values.too_large"), "{}", stderr(&o));
}

#[test]
fn ctrl_c_prints_what_was_computed() {
    let child = Command::new(env!("CARGO_BIN_EXE_impartial"))
        .args(["values", "0.6", "--to", "2^24", "--json"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    // SAFETY: a signal to our own child.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(stderr(&o).contains("interrupted"));
    let line = stdout(&o);
    assert!(line.contains("\"complete\":false"), "{line}");
    assert!(!line.contains("\"n\":16777216"), "{line}");
}
