//! The integration tests, in one crate (one binary to link): the command line (`cli`,
//! `bad_inputs`, `hostile`, `costs`: what was quadratic, at large sizes; `files`: devices,
//! pipes, signals; `golden`, `samples`) and the
//! library's public API (`diagrams`, `book_prose`,
//! `book_layout`, `pipeline`: one input kind against another; `fuzz_smoke`: the fuzz bodies on
//! generated inputs; `notations`: every notation of the seed documents). Internals are tested beside their code, in `src/`.
//!
//! `support` holds what they share: the binary run in a temporary folder, and one input
//! transcribed through [`schackpunkt::transcribe_bytes`] into pages of Unicode braille.

mod support;

mod annotated;
mod bad_inputs;
mod book_folder;
mod book_layout;
mod book_prose;
mod book_structure;
mod bulletin;
mod cli;
mod code_shape;
mod costs;
mod devtools;
mod diagram_marks;
mod diagrams;
#[cfg(unix)]
mod files;
mod fuzz_smoke;
mod golden;
mod hostile;
mod keep_going;
mod notations;
mod passes;
mod pef;
mod pipeline;
mod primer;
mod proof;
mod read_back;
mod read_stretches;
mod samples;
mod serve;
mod tables;
mod volumes;
