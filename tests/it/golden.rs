//! Every case of the book (tests/seed-cases.json, copied from the spec), byte for byte: games
//! and diagrams through the command line, moves in running text through the text rules.

use std::path::Path;

use serde_json::Value;

use crate::support::{Sandbox, data, repo_file};

fn cases() -> Vec<Value> {
    let text = std::fs::read_to_string(repo_file("tests/seed-cases.json")).expect("seed cases");
    let v: Value = serde_json::from_str(&text).expect("json");
    v["cases"].as_array().expect("cases").clone()
}

/// Runs `schackpunkt build` on a file with the case's options; returns stdout lines.
fn run(dir: &Sandbox, input: &Path, options: &Value) -> Vec<String> {
    let input = input.to_string_lossy();
    let mut args: Vec<String> = vec!["build".into(), input.into_owned()];
    for (key, flag) in [
        ("notation", "--notation"),
        ("moves", "--moves"),
        ("layout", "--layout"),
        ("en_passant", "--en-passant"),
        ("diagram", "--diagram"),
    ] {
        if let Some(v) = options.get(key).and_then(Value::as_str) {
            args.extend([flag.to_string(), v.to_string()]);
        }
    }
    if let Some(n) = options.get("line_length").and_then(Value::as_u64) {
        args.extend(["--line-length".to_string(), n.to_string()]);
    }
    args.extend(["--page-length", "0", "--format", "unicode", "-o", "-"].map(String::from));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = dir.run(&args);
    assert_eq!(out.code, Some(0), "{args:?} failed: {}", out.stderr);
    let text = out.text();
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
    let dir = Sandbox::new();
    let lines = if let Some(pgn) = input.get("pgn").and_then(Value::as_str) {
        run(&dir, &data(pgn), &case["options"])
    } else if let Some(fen) = input.get("fen").and_then(Value::as_str) {
        let path = dir.write("final.fen", format!("{fen}\n"));
        run(&dir, &path, &case["options"])
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

#[test]
fn every_inline_case_through_the_text_rules() {
    // The cases of moves in running text: each through the public text rules, byte for byte.
    let cases: Vec<Value> = cases()
        .into_iter()
        .filter(|c| c["input"].get("text").is_some())
        .collect();
    assert!(cases.len() >= 12, "{} inline cases", cases.len());
    for case in &cases {
        let text = case["input"]["text"].as_str().expect("text");
        assert_eq!(
            case["options"]["notation"], "ordinary",
            "case {}",
            case["id"]
        );
        assert_eq!(
            [schackpunkt::text_to_unicode(text)],
            expected(case).as_slice(),
            "case {}",
            case["id"]
        );
    }
}
