//! What the braille stage hands to the layout: blocks of cells with layout hints (indents,
//! unbreakable words, keep-together, keep-with-next, blank lines, page breaks). Nothing here
//! knows the line width: the layout stage decides where lines and pages end.

use super::cell::Cell;

/// One unit of a document as the layout sees it.
#[derive(Clone, Debug)]
pub(crate) enum Block {
    /// Words filled into lines.
    Paragraph(Paragraph),
    /// Lines already made (a board diagram): written as they are. The layout never splits them
    /// across pages; trailing blanks are trimmed on output.
    Fixed(Vec<Vec<Cell>>),
    /// Blocks laid out one after the other and kept on one page (a diagram: its piece lists
    /// and the line saying who is to move), moved to the next page whole when they do not fit.
    Together(Vec<Block>),
    /// An empty line (left out at the top of a page).
    Blank,
    /// The page ends here (nothing happens at the top of a page; without pages, a blank line).
    PageBreak,
}

/// A word's span in its paragraph's cells, and whether the blank after it may break a line.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) struct Word {
    pub start: u32,
    pub end: u32,
    /// The blank after this word must not end a line (a move number stays with its move).
    pub glued: bool,
}

/// Words to be filled into lines, with the indent of its first line and of the others.
#[derive(Clone, Debug, Default)]
pub(crate) struct Paragraph {
    cells: Vec<Cell>,
    words: Vec<Word>,
    /// Blank cells before the first line.
    pub first_indent: usize,
    /// Blank cells before every continuation line.
    pub rest_indent: usize,
    /// Lines of the paragraph stay on one page (diagram piece lists).
    pub keep_together: bool,
    /// Blank lines before the paragraph, kept on its page with it (headings, rules.md §8).
    pub blank_before: usize,
    /// The blank lines before are written at the top of a page too (a main heading); otherwise
    /// they are left out there, like [`Block::Blank`].
    pub blank_before_at_top: bool,
    /// Blank lines after the paragraph (left out at the top of a page).
    pub blank_after: usize,
    /// The paragraph (with its blank lines) stays on one page with the first lines of the next
    /// block: a heading is never the last thing on a page.
    pub keep_with_next: bool,
    open: Option<u32>,
}

impl Paragraph {
    pub fn new(first_indent: usize, rest_indent: usize) -> Self {
        Paragraph {
            first_indent,
            rest_indent,
            ..Default::default()
        }
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty() && self.open.is_none()
    }

    /// Appends cells to the word being written (starting one if none is open).
    pub fn push(&mut self, cells: &[Cell]) {
        if self.open.is_none() {
            self.open = Some(self.cells.len() as u32);
        }
        self.cells.extend_from_slice(cells);
    }

    /// Appends one cell to the word being written.
    pub fn push_cell(&mut self, cell: Cell) {
        self.push(std::slice::from_ref(&cell));
    }

    /// Ends the open word; the blank after it may break a line.
    pub fn end_word(&mut self) {
        self.finish(false);
    }

    /// Ends the open word; the blank after it must not break a line.
    pub fn end_word_glued(&mut self) {
        self.finish(true);
    }

    fn finish(&mut self, glued: bool) {
        if let Some(start) = self.open.take() {
            let end = self.cells.len() as u32;
            if end > start {
                self.words.push(Word { start, end, glued });
            }
        }
    }

    /// Appends cells that may hold blanks: each blank ends a word (breakable), so prose
    /// translated as a whole flows into words. The last word is left open.
    pub fn push_text(&mut self, cells: &[Cell]) {
        for &c in cells {
            if c.is_blank() {
                self.end_word();
            } else {
                self.push_cell(c);
            }
        }
    }

    /// The words, after closing any open one.
    pub fn words(&mut self) -> &[Word] {
        self.end_word();
        &self.words
    }

    /// The cells of a word.
    pub fn word_cells(&self, w: Word) -> &[Cell] {
        &self.cells[w.start as usize..w.end as usize]
    }
}

impl Paragraph {
    /// Appends cells to the last word, open or finished (a closing bracket, a period).
    pub fn extend_last(&mut self, cells: &[Cell]) {
        if self.open.is_some() {
            self.cells.extend_from_slice(cells);
        } else if let Some(w) = self.words.last_mut() {
            // The last finished word ends where the cells end: nothing was written after it.
            self.cells.extend_from_slice(cells);
            w.end = self.cells.len() as u32;
        } else {
            self.push(cells);
        }
    }

    /// The number of finished words.
    pub fn word_count(&self) -> usize {
        self.words.len()
    }
}
