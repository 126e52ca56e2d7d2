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
pub mod source;

pub use error::{Diagnostic, Error, Location, Result, Warning};
pub use options::Options;
