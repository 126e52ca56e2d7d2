//! Layout: unbreakable words, glued blanks, indents, keep-together blocks, lines and pages.
//!
//! The braille stage hands over [`Block`]s; the [`Layouter`] fills lines (breaking only at
//! breakable blanks), cuts pages and passes finished lines to an output renderer.

mod paragraph;

pub use paragraph::{Paragraph, Word};

use crate::braille::cell::Cell;

/// One unit of a document as the layout sees it.
#[derive(Clone, Debug)]
pub enum Block {
    /// Words filled into lines.
    Paragraph(Paragraph),
    /// Lines already made (a board diagram): written as they are, never split across pages.
    /// Each line must fit the line length; trailing blanks are trimmed on output.
    Fixed(Vec<Vec<Cell>>),
    /// An empty line.
    Blank,
}
