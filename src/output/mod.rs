//! Output formats: each is one [`Renderer`] in a file of its own, picked by the `--format` option.

mod brf;
mod tables;
mod unicode;

use std::io::{self, Write};

pub use brf::Brf;
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
}

/// The renderer for a format (and a BRF's braille table).
pub fn renderer(format: Format, table: BrfTable) -> Box<dyn Renderer> {
    match format {
        Format::Brf => Box::new(Brf::new(table)),
        Format::Unicode => Box::new(Unicode),
    }
}

/// A renderer bound to a writer: the sink the layout writes lines into.
pub struct Output<W: Write> {
    renderer: Box<dyn Renderer>,
    writer: W,
}

impl<W: Write> Output<W> {
    pub fn new(format: Format, table: BrfTable, writer: W) -> Self {
        Output {
            renderer: renderer(format, table),
            writer,
        }
    }

    /// The writer, flushed.
    pub fn into_inner(mut self) -> io::Result<W> {
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
}
