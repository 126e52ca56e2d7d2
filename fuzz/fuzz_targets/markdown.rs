//! Fuzz target: a Markdown chess book (front matter, prose, pgn and fen blocks) transcribed.
#![no_main]

use libfuzzer_sys::fuzz_target;
use schackpunkt::{InputKind, Settings, Style, transcribe_bytes};

fuzz_target!(|data: &[u8]| {
    let result = transcribe_bytes(
        "fuzz.md",
        InputKind::Markdown,
        data.to_vec(),
        &Settings::default(),
        None,
        &mut std::io::sink(),
        &mut |w| drop(w.render(Style::default())),
    );
    if let Err(e) = result {
        let _ = e.render(Style::default());
    }
});
