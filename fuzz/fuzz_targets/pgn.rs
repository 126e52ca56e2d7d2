//! Fuzz target: PGN text through the whole pipeline (every game read and replayed, written in
//! both notations); errors and warnings rendered.
#![no_main]

use libfuzzer_sys::fuzz_target;
use schackpunkt::{InputKind, Notation, Settings, Style, transcribe_bytes};

fuzz_target!(|data: &[u8]| {
    for notation in [Notation::Ordinary, Notation::Compact] {
        let settings = Settings {
            notation: Some(notation),
            ..Settings::default()
        };
        let result = transcribe_bytes(
            "fuzz.pgn",
            InputKind::Pgn,
            data.to_vec(),
            &settings,
            None,
            &mut std::io::sink(),
            &mut |w| drop(w.render(Style::default())),
        );
        if let Err(e) = result {
            let _ = e.render(Style::default());
            let _ = e.render(Style {
                color: true,
                no_graphics: false,
            });
        }
    }
});
