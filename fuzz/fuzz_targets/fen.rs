//! Fuzz target: a `.fen` list through the whole pipeline, every position drawn in each diagram
//! form.
#![no_main]

use libfuzzer_sys::fuzz_target;
use schackpunkt::{DiagramForm, InputKind, Settings, Style, transcribe_bytes};

fuzz_target!(|data: &[u8]| {
    for diagram in [DiagramForm::Pieces, DiagramForm::Rows, DiagramForm::Board] {
        let settings = Settings {
            diagram: Some(diagram),
            ..Settings::default()
        };
        let result = transcribe_bytes(
            "fuzz.fen",
            InputKind::Fen,
            data.to_vec(),
            &settings,
            None,
            &mut std::io::sink(),
            &mut |w| drop(w.render(Style::default())),
        );
        if let Err(e) = result {
            let _ = e.render(Style::default());
        }
    }
});
