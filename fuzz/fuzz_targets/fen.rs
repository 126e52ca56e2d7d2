//! Fuzz target: a `.fen` list read line by line; every position drawn in each diagram form.
#![no_main]

use libfuzzer_sys::fuzz_target;
use schackpunkt::build::{InputKind, transcribe_bytes};
use schackpunkt::document::fen::FenReader;
use schackpunkt::document::frontmatter::Settings;
use schackpunkt::error::Style;
use schackpunkt::options::DiagramForm;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for fen in FenReader::new(text.as_bytes(), "fuzz.fen") {
        if let Err(e) = fen {
            let _ = e.render(Style::default());
        }
    }
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
