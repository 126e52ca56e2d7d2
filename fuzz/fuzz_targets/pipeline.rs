//! Fuzz target: the whole pipeline, bytes to braille: the first two bytes choose the kind of
//! input and the options, the rest is the file (decoded as a file would be).
#![no_main]

use libfuzzer_sys::fuzz_target;
use schackpunkt::{InputKind, Settings, Style, transcribe_bytes};
use schackpunkt::{DiagramForm, Format, Layout, Moves, Notation};

fuzz_target!(|data: &[u8]| {
    let [a, b, rest @ ..] = data else { return };
    let kind = match a % 3 {
        0 => InputKind::Pgn,
        1 => InputKind::Fen,
        _ => InputKind::Markdown,
    };
    let bit = |n: u8| a & (1 << n) != 0;
    let settings = Settings {
        notation: Some(if bit(2) {
            Notation::Compact
        } else {
            Notation::Ordinary
        }),
        moves: Some(if bit(3) { Moves::Long } else { Moves::Short }),
        layout: Some(if bit(4) {
            Layout::List
        } else {
            Layout::Running
        }),
        format: Some(if bit(5) { Format::Unicode } else { Format::Brf }),
        diagram: Some(
            [DiagramForm::Pieces, DiagramForm::Rows, DiagramForm::Board][(a >> 6) as usize % 3],
        ),
        line_length: Some(12 + usize::from(b % 40)),
        page_length: Some(usize::from(b / 40)),
        double_check: Some(b & 1 != 0),
        to_move: Some(b & 2 != 0),
        start_diagram: Some(b & 4 != 0),
        ..Settings::default()
    };
    let mut out = Vec::new();
    let result = transcribe_bytes(
        "fuzz.in",
        kind,
        rest.to_vec(),
        &settings,
        None,
        &mut out,
        &mut |w| drop(w.render(Style::default())),
    );
    if let Err(e) = result {
        let _ = e.render(Style::default());
    }
});
