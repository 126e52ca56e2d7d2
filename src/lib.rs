//! schackpunkt: chess books and PGN into Swedish chess braille (*Schacknotation i punktskrift*,
//! 2013), laid out for the embosser.
//!
//! The pipeline runs one way, one module a stage: `source` (bytes, encodings) → `document`
//! (one node stream for every input kind, with places) → `chess` (PGN and FEN read, every move
//! replayed) → `braille` (cells and layout hints) → `layout` (lines, pages) → `output` (BRF,
//! Unicode). The `build` module is the one loop that runs every input through it.
//!
//! The API is small:
//!
//! - [`run`] a [`Job`]: files in, one output per input (or one file, or standard output),
//!   written atomically; what `schackpunkt build` and `check` do.
//! - [`transcribe_bytes`]: one input held in memory, through the whole pipeline, into any
//!   writer.
//! - [`Settings`]: the choices of a build (notation, moves, layout, page geometry …), each
//!   `None` when left to the front matter, the page profile and the defaults.
//! - [`Error`] and [`Warning`]: located diagnostics, rendered like a compiler's.
//! - [`text_to_unicode`]: a plain text in Swedish text braille.

pub(crate) mod braille;
pub mod build;
pub(crate) mod chess;
pub(crate) mod document;
pub mod error;
pub(crate) mod layout;
pub mod options;
pub(crate) mod output;
pub mod source;

pub use build::{Destination, InputKind, Job, run, transcribe_bytes};
pub use document::frontmatter::Settings;
pub use error::{Diagnostic, Error, Location, Result, Severity, Style, Warning};
pub use options::{DiagramForm, EnPassant, Format, Layout, MIN_LINE_LENGTH, Moves, Notation};

/// A plain text in Swedish text braille (rules.md §7), as Unicode braille: for tools and tests
/// that need the cells of a word, a heading or a comment. A character with no rule is written
/// as the substitute ⠘⠘.
pub fn text_to_unicode(text: &str) -> String {
    let mut cells = Vec::new();
    let mut unmapped = Vec::new();
    braille::text::translate(text, &mut cells, &mut unmapped);
    braille::cell::to_unicode_string(&cells)
}
