//! Layout: unbreakable words, glued blanks, indents, keep-together blocks, lines and pages.
//!
//! The braille stage hands over [`Block`]s; the [`Layouter`] fills lines (breaking only at
//! breakable blanks), cuts pages and passes finished lines to a [`LineSink`] (an output
//! renderer), so a long input streams through with only one block in memory.

mod lines;
mod page;
mod volume;

use std::io;

#[cfg(test)]
pub(crate) use lines::fill;

use crate::braille::{Block, Cell, Origin};

pub(crate) use volume::{Place, Plan, Span, plan};

/// Where finished lines go: an output renderer.
pub(crate) trait LineSink {
    /// One line of cells, trailing blanks already trimmed.
    fn line(&mut self, cells: &[Cell]) -> io::Result<()>;
    /// The page that the lines since the last call filled is complete.
    fn end_page(&mut self) -> io::Result<()>;
    /// A new part of the book (a chapter, after a title page) begins with the next page.
    fn new_section(&mut self) -> io::Result<()> {
        Ok(())
    }
    /// A new volume begins with the next page.
    fn new_volume(&mut self) -> io::Result<()> {
        Ok(())
    }
    /// The next line begins a block made from this (a proof shows it beside the line).
    fn origin(&mut self, _origin: &Origin) -> io::Result<()> {
        Ok(())
    }
}

/// Fills blocks into lines and pages.
pub(crate) struct Layouter<S: LineSink> {
    width: usize,
    /// Lines a page; 0 means one endless page and no page ends.
    page_length: usize,
    /// Lines written on the current page.
    used: usize,
    sink: S,
    /// The lines of the block being laid out (buffers kept from block to block).
    lines: lines::Lines,
    /// Page numbers and blocks kept with the next one (off unless asked for).
    pages: page::Pages,
    /// The pages where marked paragraphs (headings in the contents list) begin: mark, page.
    marks: Vec<(u32, u32)>,
    /// Pages ended so far.
    pages_ended: u64,
    /// Pages are printed on both sides of the sheet.
    duplex: bool,
    /// Where volumes begin and where they may.
    volumes: volume::Volumes,
    /// Where the next block comes from, and what the next line written begins.
    pending: Vec<Origin>,
    attach: Vec<Origin>,
}

impl<S: LineSink> Layouter<S> {
    pub fn new(width: usize, page_length: usize, sink: S) -> Self {
        Layouter {
            width,
            page_length,
            used: 0,
            sink,
            lines: lines::Lines::default(),
            pages: Default::default(),
            marks: Vec::new(),
            pages_ended: 0,
            duplex: false,
            volumes: Default::default(),
            pending: Vec::new(),
            attach: Vec::new(),
        }
    }

    /// Pages are printed on both sides: what starts on a right-hand page may need a blank
    /// left-hand page before it ([`Block::RectoBreak`]).
    pub fn set_duplex(&mut self, duplex: bool) {
        self.duplex = duplex;
    }

    /// The pages where the marked paragraphs laid out so far begin ([`Paragraph::mark`]), in
    /// the order they were placed: mark, braille page number (taken: the list of a bulletin of
    /// thousands of games is not copied).
    ///
    /// [`Paragraph::mark`]: crate::braille::Paragraph
    pub fn take_marks(&mut self) -> Vec<(u32, u32)> {
        std::mem::take(&mut self.marks)
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
                lines::fill_lines(p, self.width, &mut lines);
                page::Keep::of(p)
            }
            Block::Fixed {
                lines: fixed,
                indent,
            } => {
                shifted(fixed, *indent, self.width, &mut lines);
                page::Keep::whole()
            }
            Block::Rule(rule) => {
                if let Some(number) = &rule.print_page {
                    self.print_page(number);
                }
                lines.push(&rule.cells(self.width));
                page::Keep {
                    with_next: rule.keep_with_next,
                    ..page::Keep::default()
                }
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
            Block::RectoBreak => {
                self.lines = lines;
                return self.recto_break();
            }
            Block::Seam(rank) => {
                self.lines = lines;
                return self.seam(*rank);
            }
            Block::Origin(origin) => {
                self.lines = lines;
                self.pending.push((**origin).clone());
                return Ok(());
            }
        };
        let mark = match block {
            Block::Paragraph(p) => p.mark,
            _ => None,
        };
        let result = self.place(&lines, keep, mark);
        self.lines = lines;
        result
    }

    /// The lines of a block inside a [`Block::Together`]: its own keep rules give way to the
    /// group's, blank lines are empty lines.
    fn lines_of(&self, block: &mut Block, lines: &mut lines::Lines) {
        match block {
            Block::Paragraph(p) => lines::fill_lines(p, self.width, lines),
            Block::Fixed {
                lines: fixed,
                indent,
            } => shifted(fixed, *indent, self.width, lines),
            Block::Rule(rule) => lines.push(&rule.cells(self.width)),
            Block::Together(blocks) => {
                for b in blocks {
                    self.lines_of(b, lines);
                }
            }
            Block::Blank | Block::PageBreak | Block::RectoBreak => {
                lines.new_line();
            }
            Block::Seam(_) | Block::Origin(_) => {}
        }
    }

    fn emit(&mut self, cells: &[Cell]) -> io::Result<()> {
        self.emit_marked(cells, None)
    }

    /// Writes a line; `mark`: the page it lands on is noted under this number.
    fn emit_marked(&mut self, cells: &[Cell], mark: Option<u32>) -> io::Result<()> {
        self.before_line()?;
        for origin in self.attach.drain(..) {
            self.sink.origin(&origin)?;
        }
        if let Some(mark) = mark {
            self.marks.push((mark, self.pages.number()));
        }
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

    /// Ends the last page and hands back the sink, with how many pages there were and the
    /// volumes.
    pub fn finish(mut self) -> io::Result<(S, u64, Vec<Span>)> {
        self.flush_held()?;
        if self.page_length > 0 && self.used > 0 {
            self.end_page()?;
        }
        let spans = self.spans();
        Ok((self.sink, self.pages_ended, spans))
    }
}

/// Lines made before, `indent` cells in as far as the line allows (the widest line decides).
fn shifted(fixed: &[Vec<Cell>], indent: usize, width: usize, lines: &mut lines::Lines) {
    let widest = fixed.iter().map(Vec::len).max().unwrap_or(0);
    let shift = indent.min(width.saturating_sub(widest));
    for l in fixed {
        let line = lines.new_line();
        line.resize(shift, Cell::BLANK);
        line.extend_from_slice(l);
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
        Block::Fixed {
            lines: vec![vec![Cell::dots("1")]; n],
            indent: 0,
        }
    }

    #[test]
    fn fixed_block_is_never_split() {
        let mut l = Layouter::new(10, 5, Record::default());
        l.push(&mut fixed(3)).ok();
        l.push(&mut fixed(3)).ok();
        let r = l.finish().map(|(r, ..)| r.0).unwrap_or_default();
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
        let r = l.finish().map(|(r, ..)| r.0).unwrap_or_default();
        assert_eq!(r, vec![Some(1), Some(1), Some(0), Some(1)]);
    }
}
