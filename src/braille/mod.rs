//! Braille: cells, the Swedish text rules, chess notation (ordinary and compact), comment signs,
//! diagrams, games and the prose of books, as [`Block`]s of cells with layout hints. Nothing
//! here knows the line width.

pub(crate) mod binary;
pub(crate) mod block;
pub(crate) mod book;
pub(crate) mod cell;
pub(crate) mod diagram;
pub(crate) mod game;
pub(crate) mod notation;
pub(crate) mod pieces;
pub(crate) mod signs;
pub(crate) mod tables;
pub(crate) mod text;

pub(crate) use block::{Block, Made, Origin, Paragraph, Seam, Word};
pub(crate) use cell::Cell;

/// The braille page number: the number under the text rules (number sign and digits). Given to
/// the layout as data (`layout::page::PageNumberCells`).
pub(crate) fn page_number(n: u32, out: &mut Vec<Cell>) {
    let mut unmapped = Vec::new();
    text::translate(&n.to_string(), out, &mut unmapped);
}
