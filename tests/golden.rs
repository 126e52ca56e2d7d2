//! Every case of the book (tests/seed-cases.json, copied from the spec) through the command
//! line, byte for byte.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn cases() -> Vec<Value> {
    let text = std::fs::read_to_string(data_dir().join("../seed-cases.json")).expect("seed cases");
    let v: Value = serde_json::from_str(&text).expect("json");
    v["cases"].as_array().expect("cases").clone()
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// Runs `schackpunkt build` on a file with the case's options; returns stdout lines.
fn run(input: &Path, options: &Value) -> Vec<String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_schackpunkt"));
    cmd.arg("build").arg(input);
    for (key, flag) in [
        ("notation", "--notation"),
        ("moves", "--moves"),
        ("layout", "--layout"),
        ("en_passant", "--en-passant"),
        ("diagram", "--diagram"),
    ] {
        if let Some(v) = options.get(key).and_then(Value::as_str) {
            cmd.arg(flag).arg(v);
        }
    }
    if let Some(n) = options.get("line_length").and_then(Value::as_u64) {
        cmd.arg("--line-length").arg(n.to_string());
    }
    cmd.args(["--page-length", "0", "--format", "unicode", "-o", "-"]);
    let out = cmd.output().expect("run schackpunkt");
    assert!(
        out.status.success(),
        "{:?} failed: {}",
        cmd,
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8 output");
    assert!(
        !text.contains('\r') && !text.contains('\x0c'),
        "no CR or FF without pages"
    );
    text.lines().map(str::to_string).collect()
}

fn expected(case: &Value) -> Vec<String> {
    case["expected"]
        .as_array()
        .expect("expected")
        .iter()
        .map(|l| l.as_str().unwrap_or("").to_string())
        .collect()
}

fn check_case(id: &str) {
    let case = cases()
        .into_iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("no case {id}"));
    let input = &case["input"];
    let lines = if let Some(pgn) = input.get("pgn").and_then(Value::as_str) {
        run(&data_dir().join(pgn), &case["options"])
    } else if let Some(fen) = input.get("fen").and_then(Value::as_str) {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("final.fen");
        std::fs::write(&path, format!("{fen}\n")).expect("write fen");
        run(&path, &case["options"])
    } else {
        panic!("case {id} has no file input");
    };
    assert_eq!(lines, expected(&case), "case {id}");
}

#[test]
fn seed_2_2_long_ordinary_list() {
    check_case("seed-2.2-long-ordinary-list");
}

#[test]
fn seed_2_3_short_ordinary_list() {
    check_case("seed-2.3-short-ordinary-list");
}

#[test]
fn seed_4_2_compact_running() {
    check_case("seed-4.2-compact-running");
}

#[test]
fn decision_short_ordinary_running() {
    check_case("decision-short-ordinary-running");
}

#[test]
fn seed_5_1_pieces_ordinary() {
    check_case("seed-5.1-pieces-ordinary");
}

#[test]
fn seed_5_1_pieces_compact() {
    check_case("seed-5.1-pieces-compact");
}

#[test]
fn seed_5_2_rows() {
    check_case("seed-5.2-rows");
}

#[test]
fn seed_5_3_board() {
    check_case("seed-5.3-board");
}

#[test]
fn every_file_case_is_tested() {
    // A new game or diagram case in the seed file must get a test above.
    let ids: Vec<String> = cases()
        .iter()
        .filter(|c| c["input"].get("pgn").is_some() || c["input"].get("fen").is_some())
        .map(|c| c["id"].as_str().unwrap_or("").to_string())
        .collect();
    assert_eq!(
        ids,
        [
            "seed-2.2-long-ordinary-list",
            "seed-2.3-short-ordinary-list",
            "seed-4.2-compact-running",
            "decision-short-ordinary-running",
            "seed-5.1-pieces-ordinary",
            "seed-5.1-pieces-compact",
            "seed-5.2-rows",
            "seed-5.3-board"
        ]
    );
}
