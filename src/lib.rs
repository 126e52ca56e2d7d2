//! schackpunkt: chess books and PGN into Swedish chess braille (*Schacknotation i punktskrift*,
//! 2013), laid out for the embosser.
//!
//! The pipeline runs one way: [`source`] (bytes, encodings) → [`chess`] (games replayed) →
//! [`braille`] (cells, notation, diagrams) → [`layout`] (lines, pages) → [`output`] (BRF, Unicode).

pub mod braille;
pub mod build;
pub mod chess;
pub mod document;
pub mod error;
pub mod layout;
pub mod options;
pub mod output;
pub mod settings;
pub mod source;

pub use error::{Diagnostic, Error, Location, Result, Warning};
pub use options::Options;

pub use build::{Destination, InputKind, Job, run, transcribe_bytes};
pub use document::frontmatter::Settings;
pub use error::{Severity, Style};
pub use options::{DiagramForm, EnPassant, Format, Layout, Moves, Notation};

/// A plain text in Swedish text braille (rules.md §7), as Unicode braille: for tools and tests
/// that need the cells of a word, a heading or a comment. A character with no rule is written
/// as the substitute ⠘⠘.
pub fn text_to_unicode(text: &str) -> String {
    let mut cells = Vec::new();
    let mut unmapped = Vec::new();
    braille::text::translate(text, &mut cells, &mut unmapped);
    braille::cell::to_unicode_string(&cells)
}
