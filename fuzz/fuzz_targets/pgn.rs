//! Fuzz target: PGN text read and every game replayed; errors and warnings rendered.
#![no_main]

use libfuzzer_sys::fuzz_target;
use schackpunkt::chess::PgnReader;
use schackpunkt::error::Style;

fuzz_target!(|data: &[u8]| {
    // The reader gets UTF-8 text (the source stage decodes every file).
    let text = String::from_utf8_lossy(data);
    let mut reader = PgnReader::new(text.as_bytes(), "fuzz.pgn");
    loop {
        match reader.read_game() {
            Ok(Some(_game)) => {
                for w in reader.take_warnings() {
                    let _ = w.render(Style::default());
                }
            }
            Ok(None) => break,
            Err(e) => {
                let _ = e.render(Style::default());
                let _ = e.render(Style {
                    color: true,
                    no_graphics: false,
                });
                break;
            }
        }
    }
});
