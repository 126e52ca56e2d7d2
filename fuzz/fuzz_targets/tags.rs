//! Fuzz target: a game with arbitrary tag values and comments through the whole pipeline (the
//! body is shared with the test suite's smoke run: `fuzz/bodies/tags.rs`).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../bodies/tags.rs"]
mod tags;

fuzz_target!(|data: &[u8]| tags::run(data));
