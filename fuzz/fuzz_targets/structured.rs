//! Fuzz target: structure-aware cases (games, books, positions and options built from the
//! input) through the whole pipeline to every output format, with the invariants of the body
//! (shared with the test suite's smoke run: `fuzz/bodies/structured.rs`).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../bodies/structured.rs"]
mod structured;

fuzz_target!(|data: &[u8]| structured::run(data));
