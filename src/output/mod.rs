//! Output formats: each is one [`Renderer`] in a file of its own, picked by the `--format`
//! option: BRF (in a braille table of `tables.rs`), Unicode braille, PEF, the HTML proof.

mod brf;
mod html;
mod pef;
pub(crate) mod tables;
mod unicode;

use std::io::{self, BufWriter, Write};

pub use brf::Brf;
pub use html::Html;
pub use pef::Pef;
pub use unicode::Unicode;

use crate::braille::Origin;
use crate::braille::cell::Cell;
use crate::layout::LineSink;
use crate::settings::{BrfTable, Format};

/// The bytes an output is written in at a time: the buffer of the writer a build renders
/// into, and what BRF holds before it writes (as many, so that the buffer passes them straight
/// on instead of copying them into itself).
pub(crate) const WRITE_CHUNK: usize = 64 * 1024;

/// Writes laid-out braille in one file format.
pub trait Renderer {
    /// Writes one line (trailing blanks already trimmed) with its line end.
    fn line(&mut self, out: &mut dyn Write, cells: &[Cell]) -> io::Result<()>;
    /// Ends a page.
    fn end_page(&mut self, out: &mut dyn Write) -> io::Result<()>;
    /// Ends the document (after its last page). A renderer may hold what it made until then
    /// (BRF writes some kilobytes at a time).
    fn finish(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
    /// A new part of the book begins with the next page (PEF: a `section`).
    fn new_section(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
    /// A new volume begins with the next page, in the same file (PEF: a `volume`).
    fn new_volume(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
    /// The next line begins a block made from this (the HTML proof shows it).
    fn origin(&mut self, _out: &mut dyn Write, _origin: &Origin) -> io::Result<()> {
        Ok(())
    }
}

/// Where an output goes, a volume at a time: a file a volume ([`VolumeWrite::next_volume`]
/// starts the next one), or one file for all.
pub trait VolumeWrite: Write {
    /// What is written from now on is the next volume's.
    fn next_volume(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl<T: VolumeWrite + ?Sized> VolumeWrite for &mut T {
    fn next_volume(&mut self) -> io::Result<()> {
        (**self).next_volume()
    }
}

impl<T: VolumeWrite> VolumeWrite for BufWriter<T> {
    fn next_volume(&mut self) -> io::Result<()> {
        self.flush()?;
        self.get_mut().next_volume()
    }
}

impl VolumeWrite for io::Sink {}

/// A writer that takes every volume: they follow one another in it.
pub struct Joined<W: Write>(pub W);

impl<W: Write> Write for Joined<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

impl<W: Write> VolumeWrite for Joined<W> {}

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
        Format::Html => Box::new(Html::new(meta)),
    }
}

/// A renderer bound to a writer: the sink the layout writes lines into.
pub struct Output<W: VolumeWrite> {
    renderer: Box<dyn Renderer>,
    writer: W,
    /// What makes the renderer again for the next volume's file.
    format: Format,
    table: BrfTable,
    meta: Meta,
}

impl<W: VolumeWrite> Output<W> {
    pub fn new(format: Format, table: BrfTable, meta: Meta, writer: W) -> Self {
        Output {
            renderer: renderer(format, table, meta.clone()),
            writer,
            format,
            table,
            meta,
        }
    }

    /// The document ended, the writer flushed.
    pub fn into_inner(mut self) -> io::Result<W> {
        self.renderer.finish(&mut self.writer)?;
        self.writer.flush()?;
        Ok(self.writer)
    }
}

impl<W: VolumeWrite> LineSink for Output<W> {
    fn line(&mut self, cells: &[Cell]) -> io::Result<()> {
        self.renderer.line(&mut self.writer, cells)
    }

    fn end_page(&mut self) -> io::Result<()> {
        self.renderer.end_page(&mut self.writer)
    }

    fn new_section(&mut self) -> io::Result<()> {
        self.renderer.new_section(&mut self.writer)
    }

    fn origin(&mut self, origin: &Origin) -> io::Result<()> {
        self.renderer.origin(&mut self.writer, origin)
    }

    /// A PEF holds every volume; BRF and Unicode braille go on in the next volume's file (or
    /// the same one, when the volumes are joined), each file whole in itself.
    fn new_volume(&mut self) -> io::Result<()> {
        if matches!(self.format, Format::Pef | Format::Html) {
            return self.renderer.new_volume(&mut self.writer);
        }
        self.renderer.finish(&mut self.writer)?;
        self.writer.next_volume()?;
        self.renderer = renderer(self.format, self.table, self.meta.clone());
        Ok(())
    }
}
