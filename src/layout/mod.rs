//! Layout: unbreakable words, glued blanks, indents, keep-together blocks, lines and pages.
//!
//! The braille stage hands over [`Block`]s; the [`Layouter`] fills lines (breaking only at
//! breakable blanks), cuts pages and passes finished lines to a [`LineSink`] (an output
//! renderer), so a long input streams through with only one block in memory.

mod lines;
mod page;

use std::io;

#[cfg(test)]
pub(crate) use lines::fill;

use crate::braille::{Block, Cell};

/// Where finished lines go: an output renderer.
pub(crate) trait LineSink {
    /// One line of cells, trailing blanks already trimmed.
    fn line(&mut self, cells: &[Cell]) -> io::Result<()>;
    /// The page that the lines since the last call filled is complete.
    fn end_page(&mut self) -> io::Result<()>;
}

/// Fills blocks into lines and pages.
pub(crate) struct Layouter<S: LineSink> {
    width: usize,
    /// Lines a page; 0 means one endless page and no page ends.
    page_length: usize,
    /// Lines written on the current page.
    used: usize,
    sink: S,
    lines: Vec<Vec<Cell>>,
    /// Page numbers and blocks kept with the next one (off unless asked for).
    pages: page::Pages,
}

impl<S: LineSink> Layouter<S> {
    pub fn new(width: usize, page_length: usize, sink: S) -> Self {
        Layouter {
            width,
            page_length,
            used: 0,
            sink,
            lines: Vec::new(),
            pages: Default::default(),
        }
    }

    /// Lays out one block.
    pub fn push(&mut self, block: &mut Block) -> io::Result<()> {
        let mut lines = std::mem::take(&mut self.lines);
        lines.clear();
        let keep = match block {
            Block::Blank => {
                self.lines = lines;
                return self.blank();
            }
            Block::Paragraph(p) => {
                lines::fill(p, self.width, &mut lines);
                page::Keep::of(p)
            }
            Block::Fixed(fixed) => {
                lines.extend(fixed.iter().cloned());
                page::Keep::whole()
            }
            Block::Together(blocks) => {
                for b in blocks {
                    self.lines_of(b, &mut lines);
                }
                page::Keep::whole()
            }
            Block::PageBreak => {
                self.lines = lines;
                return self.page_break();
            }
        };
        let result = self.place(&lines, keep);
        self.lines = lines;
        result
    }

    /// The lines of a block inside a [`Block::Together`]: its own keep rules give way to the
    /// group's, blank lines are empty lines.
    fn lines_of(&self, block: &mut Block, lines: &mut Vec<Vec<Cell>>) {
        match block {
            Block::Paragraph(p) => lines::fill(p, self.width, lines),
            Block::Fixed(fixed) => lines.extend(fixed.iter().cloned()),
            Block::Together(blocks) => {
                for b in blocks {
                    self.lines_of(b, lines);
                }
            }
            Block::Blank | Block::PageBreak => lines.push(Vec::new()),
        }
    }

    fn emit(&mut self, cells: &[Cell]) -> io::Result<()> {
        self.before_line()?;
        let end = cells
            .iter()
            .rposition(|c| !c.is_blank())
            .map_or(0, |i| i + 1);
        self.sink.line(&cells[..end])?;
        self.used += 1;
        if self.page_length > 0 && self.used == self.capacity() {
            self.end_page()?;
        }
        Ok(())
    }

    fn end_page(&mut self) -> io::Result<()> {
        self.close_page()
    }

    /// Ends the last page and hands back the sink.
    pub fn finish(mut self) -> io::Result<S> {
        self.flush_held()?;
        if self.page_length > 0 && self.used > 0 {
            self.end_page()?;
        }
        Ok(self.sink)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records lines as lengths and page ends as `None`.
    #[derive(Default)]
    struct Record(Vec<Option<usize>>);

    impl LineSink for Record {
        fn line(&mut self, cells: &[Cell]) -> io::Result<()> {
            self.0.push(Some(cells.len()));
            Ok(())
        }
        fn end_page(&mut self) -> io::Result<()> {
            self.0.push(None);
            Ok(())
        }
    }

    fn fixed(n: usize) -> Block {
        Block::Fixed(vec![vec![Cell::dots("1")]; n])
    }

    #[test]
    fn fixed_block_is_never_split() {
        let mut l = Layouter::new(10, 5, Record::default());
        l.push(&mut fixed(3)).ok();
        l.push(&mut fixed(3)).ok();
        let r = l.finish().map(|r| r.0).unwrap_or_default();
        let s = Some(1);
        assert_eq!(r, vec![s, s, s, None, s, s, s, None]);
    }

    #[test]
    fn no_pages_without_page_length_and_blank_skipped_at_top() {
        let mut l = Layouter::new(10, 0, Record::default());
        l.push(&mut Block::Blank).ok();
        l.push(&mut fixed(2)).ok();
        l.push(&mut Block::Blank).ok();
        l.push(&mut fixed(1)).ok();
        let r = l.finish().map(|r| r.0).unwrap_or_default();
        assert_eq!(r, vec![Some(1), Some(1), Some(0), Some(1)]);
    }
}
