//! Fuzz body: one game with arbitrary tag values, an arbitrary tag name and arbitrary comment
//! text, through the whole pipeline with each notation and a start diagram. Shared by the
//! `tags` fuzz target (`fuzz/fuzz_targets/tags.rs`) and the test suite's smoke run
//! (`tests/…/fuzz_smoke.rs`), so the suite runs the same code the fuzzer does.
//!
//! The input's first byte chooses the settings and whether tag values are escaped; the rest,
//! read as UTF-8 (lossily), is split at `\n` into the values. Whatever the input, the pipeline
//! must not panic, must end in success or an input error, and a success must be braille.

use schackpunkt::{
    DiagramForm, Error, Format, InputKind, Layout, Moves, Notation, Settings, Style,
    transcribe_bytes,
};

/// The tags whose values come from the input, in order; the last value pair is a tag of any
/// name.
const TAGS: [&str; 10] = [
    "White", "Black", "Date", "Event", "Round", "Site", "Result", "WhiteElo", "ECO", "FEN",
];

/// The PGN of one game made from `values`.
pub fn game(values: &[&str], escape: bool) -> String {
    let quote = |v: &str| {
        if escape {
            v.replace('\\', "\\\\").replace('"', "\\\"")
        } else {
            v.to_owned()
        }
    };
    let value = |i: usize| values.get(i).copied().unwrap_or("");
    let mut pgn = String::new();
    for (i, tag) in TAGS.iter().enumerate() {
        if *tag == "FEN" && value(i).is_empty() {
            continue;
        }
        pgn.push_str(&format!("[{tag} \"{}\"]\n", quote(value(i))));
    }
    let name: String = value(TAGS.len())
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    if !name.is_empty() {
        pgn.push_str(&format!("[{name} \"{}\"]\n", quote(value(TAGS.len() + 1))));
    }
    let comment = value(TAGS.len() + 2).replace('}', "");
    pgn.push_str(&format!("\n1. e4 {{{comment}}} e5 2. Nf3 *\n"));
    pgn
}

/// Runs one input; panics (a finding) only when the pipeline misbehaves.
pub fn run(data: &[u8]) {
    let [first, rest @ ..] = data else { return };
    let text = String::from_utf8_lossy(rest);
    let values: Vec<&str> = text.split('\n').collect();
    let pgn = game(&values, first & 1 != 0);
    let bit = |n: u8| first & (1 << n) != 0;
    let settings = Settings {
        notation: Some(if bit(1) {
            Notation::Compact
        } else {
            Notation::Ordinary
        }),
        moves: Some(if bit(2) { Moves::Long } else { Moves::Short }),
        layout: Some(if bit(3) {
            Layout::List
        } else {
            Layout::Running
        }),
        diagram: Some(if bit(4) {
            DiagramForm::Board
        } else {
            DiagramForm::Pieces
        }),
        format: Some(Format::Unicode),
        start_diagram: Some(true),
        to_move: Some(bit(5)),
        line_length: Some(if bit(6) { 20 } else { 28 }),
        ..Settings::default()
    };
    let mut out = Vec::new();
    let result = transcribe_bytes(
        "fuzz.pgn",
        InputKind::Pgn,
        pgn.clone().into_bytes(),
        &settings,
        None,
        &mut out,
        &mut |w| drop(w.render(Style::default())),
    );
    match result {
        Ok(()) => {
            let braille = String::from_utf8(out).expect("the output is UTF-8");
            assert!(
                braille
                    .chars()
                    .all(|c| matches!(c, '\u{2800}'..='\u{283f}' | '\n' | '\u{c}')),
                "not braille for {pgn:?}: {braille:?}"
            );
        }
        Err(e @ Error::Input(_)) => drop(e.render(Style::default())),
        Err(e) => panic!("{e} for {pgn:?}"),
    }
}
