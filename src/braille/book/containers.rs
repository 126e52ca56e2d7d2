//! Containers (lists, their items, notes, block quotes): each one's margin and marker, and the
//! blank line due before the next block.

use super::{BULLET, COLON, Frame, NEST_INDENT, PRINT_PAGE_FILL, Writer};
use crate::braille::block::{Block, Paragraph};
use crate::braille::text;
use crate::document::Opening;
use crate::error::Warning;

impl Writer {
    /// The marker of the next item of the list in force: its number and delimiter, counted
    /// on, or the bullet.
    pub(super) fn next_item_mark(&mut self) -> String {
        let number = match self.frames.last_mut() {
            Some(Frame::List(Some(n), delimiter)) => {
                let this = *n;
                *n += 1;
                Some((this, *delimiter))
            }
            _ => None,
        };
        number.map_or_else(|| BULLET.to_string(), |(n, d)| format!("{n}{d}"))
    }

    /// A list item (or a note) begins: its marker waits for its first block.
    pub(super) fn start_item(&mut self, mark: &str) {
        let mut cells = Vec::new();
        text::translate(mark, &mut cells, &mut Vec::new());
        self.marker = Some(cells);
        self.push_frame(Frame::Item);
    }

    /// A list item (or a note) ends; an empty one is its marker alone.
    pub(super) fn end_item(&mut self, out: &mut Vec<Block>, warn: &mut dyn FnMut(Warning)) {
        if self.marker.is_some() {
            self.paragraph(&Vec::new(), Opening::Indented, false, out, warn);
        }
        self.pop_frame();
    }

    pub(super) fn in_list(&self) -> bool {
        self.lists > 0
    }

    /// The left margin of the current container.
    pub(super) fn margin(&self) -> usize {
        self.indented * NEST_INDENT
    }

    /// Enters a container; what it counts is kept as it goes, so that a book nested 100 000
    /// lists deep is not walked at every block.
    pub(super) fn push_frame(&mut self, frame: Frame) {
        match frame {
            Frame::List(..) => self.lists += 1,
            Frame::Quote | Frame::Item => self.indented += 1,
        }
        self.frames.push(frame);
    }

    pub(super) fn pop_frame(&mut self) {
        match self.frames.pop() {
            Some(Frame::List(..)) => self.lists -= 1,
            Some(Frame::Quote | Frame::Item) => self.indented -= 1,
            None => {}
        }
    }

    /// Adds a block, with the blank line due before it, and the marker of a list item whose
    /// first block it is when that is not a paragraph (which takes the marker itself).
    pub(super) fn push(&mut self, mut block: Block, out: &mut Vec<Block>) {
        // A print page line is no block of the item: the marker waits for the next one.
        if !matches!(&block, Block::Rule(r) if r.fill == PRINT_PAGE_FILL) {
            self.marker_alone(out);
        }
        // A paragraph that ends with a colon introduces what follows (a diagram, a game, a
        // list): it does not end a page apart from it (issue 31).
        if let Block::Paragraph(p) = &mut block
            && p.ends_with(COLON)
        {
            p.introduces = true;
        }
        if self.want_blank && !self.after_blank {
            out.push(Block::Blank);
        }
        self.want_blank = false;
        self.after_blank = matches!(block, Block::Blank);
        self.after_heading = 0;
        out.push(block);
    }

    /// The marker of a list item whose first block is no paragraph (a diagram, a game, code,
    /// a table, a heading): on a line of its own at the list's margin, before the block.
    pub(super) fn marker_alone(&mut self, out: &mut Vec<Block>) {
        if let Some(marker) = self.marker.take() {
            let margin = self.margin();
            let mut p = Paragraph::new(margin.saturating_sub(NEST_INDENT), margin);
            p.push(&marker);
            p.end_word();
            // Never the last line of a page: it goes with its block, with no blank line
            // between them.
            p.keep_with_next = true;
            self.push(Block::Paragraph(p), out);
            self.after_blank = true;
        }
    }
}
