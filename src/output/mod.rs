//! Output formats: each is one [`Renderer`] in a file of its own, picked by the `--format`
//! option: BRF (in a braille table of `tables.rs`), Unicode braille, PEF.

mod brf;
mod pef;
mod tables;
mod unicode;

use std::io::{self, Write};

pub use brf::Brf;
pub use pef::Pef;
pub use unicode::Unicode;

use crate::braille::cell::Cell;
use crate::layout::LineSink;
use crate::settings::{BrfTable, Format};

/// Writes laid-out braille in one file format.
pub trait Renderer {
    /// Writes one line (trailing blanks already trimmed) with its line end.
    fn line(&mut self, out: &mut dyn Write, cells: &[Cell]) -> io::Result<()>;
    /// Ends a page.
    fn end_page(&mut self, out: &mut dyn Write) -> io::Result<()>;
    /// Ends the document (after its last page).
    fn finish(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
    /// A new part of the book begins with the next page (PEF: a `section`).
    fn new_section(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
}

/// What a document format says about the book beside its braille (PEF's head and volume).
#[derive(Clone, Debug, Default)]
pub struct Meta {
    pub title: Option<String>,
    pub author: Option<String>,
    /// Names the book: made from what the book is (title, author, inputs), so that a rebuild
    /// keeps it.
    pub identifier: String,
    /// `yyyy-mm-dd`.
    pub date: Option<String>,
    /// Cells a line and lines a page.
    pub cols: usize,
    pub rows: usize,
    /// Pages on both sides of the sheet.
    pub duplex: bool,
}

/// The renderer for a format (and a BRF's braille table, a PEF's head).
pub fn renderer(format: Format, table: BrfTable, meta: Meta) -> Box<dyn Renderer> {
    match format {
        Format::Brf => Box::new(Brf::new(table)),
        Format::Unicode => Box::new(Unicode),
        Format::Pef => Box::new(Pef::new(meta)),
    }
}

/// A renderer bound to a writer: the sink the layout writes lines into.
pub struct Output<W: Write> {
    renderer: Box<dyn Renderer>,
    writer: W,
}

impl<W: Write> Output<W> {
    pub fn new(format: Format, table: BrfTable, meta: Meta, writer: W) -> Self {
        Output {
            renderer: renderer(format, table, meta),
            writer,
        }
    }

    /// The document ended, the writer flushed.
    pub fn into_inner(mut self) -> io::Result<W> {
        self.renderer.finish(&mut self.writer)?;
        self.writer.flush()?;
        Ok(self.writer)
    }
}

impl<W: Write> LineSink for Output<W> {
    fn line(&mut self, cells: &[Cell]) -> io::Result<()> {
        self.renderer.line(&mut self.writer, cells)
    }

    fn end_page(&mut self) -> io::Result<()> {
        self.renderer.end_page(&mut self.writer)
    }

    fn new_section(&mut self) -> io::Result<()> {
        self.renderer.new_section(&mut self.writer)
    }
}
