//! Pages: braille page numbers, blocks kept with the next one, and blank lines that stand at
//! the top of a page too (rules.md §8).
//!
//! Everything here is off by default: a [`Layouter`] that is never told to number its pages
//! and gets no heading paragraphs lays out exactly as before (PGN and FEN output).

use std::io;

use super::{Layouter, LineSink};
use crate::braille::{Cell, Paragraph};
pub(crate) use crate::settings::profile::PageNumbers;

/// The cells of a braille page number: given to the layout as data by whoever runs it (the
/// braille stage's number rule), so that the layout never translates anything itself.
pub(crate) type PageNumberCells = fn(u32, &mut Vec<Cell>);

/// How a block sits on pages, beyond its lines.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct Keep {
    /// Its lines stay on one page (when they fit one).
    pub together: bool,
    pub blank_before: usize,
    pub blank_before_at_top: bool,
    pub blank_after: usize,
    /// It stays on one page with the first lines of the next block.
    pub with_next: bool,
    /// Its last lines stay on one page with the first lines of the next block (a paragraph
    /// that introduces it).
    pub introduces: bool,
}

impl Keep {
    pub fn of(p: &Paragraph) -> Keep {
        Keep {
            together: p.keep_together,
            blank_before: p.blank_before,
            blank_before_at_top: p.blank_before_at_top,
            blank_after: p.blank_after,
            with_next: p.keep_with_next,
            introduces: p.introduces,
        }
    }

    pub fn whole() -> Keep {
        Keep {
            together: true,
            ..Keep::default()
        }
    }
}

/// A line waiting to be placed.
#[derive(Clone, Debug)]
struct Held {
    cells: Vec<Cell>,
    /// Left out when it would be the first line of a page (an ordinary blank line).
    skip_at_top: bool,
    /// The first line of a marked paragraph.
    mark: Option<u32>,
    /// What the block whose first line this is comes from.
    origins: Vec<crate::braille::Origin>,
}

/// The page state of a [`Layouter`] beyond its line count.
#[derive(Debug)]
pub(super) struct Pages {
    numbers: Option<(PageNumbers, PageNumberCells)>,
    /// The number of the current page.
    number: u32,
    /// Lines of blocks kept with the next block, not yet placed.
    held: Vec<Held>,
    /// The cell buffers of held lines already placed, for the next ones (a game's heading
    /// and first lines are held: a buffer a line cost an allocation and a free each).
    spare: Vec<Vec<Cell>>,
    scratch: Vec<Cell>,
}

impl Default for Pages {
    fn default() -> Self {
        Pages {
            numbers: None,
            number: 1,
            held: Vec::new(),
            spare: Vec::new(),
            scratch: Vec::new(),
        }
    }
}

impl Pages {
    /// The number of the current page.
    pub(super) fn number(&self) -> u32 {
        self.number
    }

    /// No lines wait for the next block.
    pub(super) fn held_nothing(&self) -> bool {
        self.held.is_empty()
    }

    /// Empties `held` (lines placed), keeping the buffers of its lines for the next ones.
    fn recycle(&mut self, held: &mut Vec<Held>) {
        for h in held.drain(..) {
            let mut cells = h.cells;
            if cells.capacity() > 0 && self.spare.len() < SPARE_LINES {
                cells.clear();
                self.spare.push(cells);
            }
        }
    }
}

/// Line buffers [`Pages`] keeps for held lines: more than a heading and its block's first
/// lines hold.
const SPARE_LINES: usize = 16;

/// How many of the next block's lines stay with a heading before it.
const LINES_WITH_HEADING: usize = 2;

impl<S: LineSink> Layouter<S> {
    /// Numbers the pages, starting at `first`, with the number (its cells from `cells`) on a
    /// line of its own: the text gets one line less a page. Has no effect without pages (page
    /// length 0), nor on pages of one line: a number line there would leave no room for text,
    /// and a page never holds more lines than the page length.
    pub(crate) fn number_pages(&mut self, place: PageNumbers, first: u32, cells: PageNumberCells) {
        if self.page_length < 2 {
            return;
        }
        self.pages.numbers = Some((place, cells));
        self.pages.number = first;
    }

    /// The pages ended so far, when what comes next starts a page (nothing on the page yet,
    /// nothing held for it); `None` otherwise.
    pub(crate) fn pages_before_next(&self) -> Option<u64> {
        (self.page_length > 0 && self.used == 0 && self.pages.held.is_empty())
            .then_some(self.pages_ended)
    }

    /// Lines of text a page holds (0: no pages).
    pub(super) fn capacity(&self) -> usize {
        match (self.page_length, self.pages.numbers) {
            (0, _) => 0,
            (n, Some(_)) => n.saturating_sub(1).max(1),
            (n, None) => n,
        }
    }

    /// Ends the page here: the rest of it stays empty. Nothing happens at the top of a page;
    /// without pages a blank line is written instead. A heading waiting for its next block
    /// (kept with it) goes to the new page with that block.
    pub fn page_break(&mut self) -> io::Result<()> {
        if self.used == 0 {
            return Ok(());
        }
        if self.page_length == 0 {
            self.emit(&[])
        } else {
            self.end_page()
        }
    }

    /// A page break after which the text starts on a right-hand page: printed on both sides, a
    /// page whose number is even is a left-hand page and stays blank (with its page number).
    ///
    /// Unlike a page break, it never takes a held heading along: what comes before it (the end
    /// of a chapter, a title page) stays before it.
    pub fn recto_break(&mut self) -> io::Result<()> {
        self.flush_held()?;
        self.page_break()?;
        let left_hand = self.pages.number.is_multiple_of(2);
        if self.duplex
            && self.page_length > 0
            && self.pages.held.is_empty()
            && self.used == 0
            && left_hand
        {
            if matches!(self.pages.numbers, Some((PageNumbers::Top, _))) {
                self.number_line()?;
            }
            self.close_page()?;
        }
        // A section of its own (PEF), when a page break was made (not at the very start).
        if self.page_length > 0 && self.used == 0 && self.pages_ended > 0 {
            self.sink.new_section()?;
        }
        Ok(())
    }

    /// A blank line: left out at the top of a page; held with a block kept with the next one.
    pub(super) fn blank(&mut self) -> io::Result<()> {
        if !self.pages.held.is_empty() {
            self.pages.held.push(Held {
                cells: Vec::new(),
                skip_at_top: true,
                mark: None,
                origins: Vec::new(),
            });
            return Ok(());
        }
        if self.used > 0 {
            self.emit(&[])?;
        }
        Ok(())
    }

    /// Places the lines of one block.
    pub(super) fn place(
        &mut self,
        lines: &[Vec<Cell>],
        mut keep: Keep,
        mark: Option<u32>,
    ) -> io::Result<()> {
        // A paragraph that introduces the next block: its last lines are held for that block
        // (a long one's first lines placed as they come).
        if keep.introduces && !keep.with_next && !keep.together {
            keep.introduces = false;
            let tail = lines.len().min(LINES_WITH_HEADING);
            if lines.len() > tail {
                let head = Keep {
                    blank_after: 0,
                    ..keep
                };
                self.place(&lines[..lines.len() - tail], head, mark)?;
                let last = Keep {
                    blank_before: 0,
                    with_next: true,
                    ..keep
                };
                return self.place(&lines[lines.len() - tail..], last, None);
            }
            keep.with_next = true;
        }
        let mut held = std::mem::take(&mut self.pages.held);
        let mut origins = std::mem::take(&mut self.pending);
        let spare = &mut self.pages.spare;
        let before = Held {
            cells: Vec::new(),
            skip_at_top: !keep.blank_before_at_top,
            mark: None,
            origins: Vec::new(),
        };
        let mut line = |(i, l): (usize, &Vec<Cell>)| Held {
            cells: {
                let mut cells = spare.pop().unwrap_or_default();
                cells.extend_from_slice(l);
                cells
            },
            skip_at_top: false,
            mark: mark.filter(|_| i == 0),
            origins: match i {
                0 => std::mem::take(&mut origins),
                _ => Vec::new(),
            },
        };
        held.extend(std::iter::repeat_n(before, keep.blank_before));
        if keep.with_next {
            held.extend(lines.iter().enumerate().map(line));
            let after = Held {
                cells: Vec::new(),
                skip_at_top: true,
                mark: None,
                origins: Vec::new(),
            };
            held.extend(std::iter::repeat_n(after, keep.blank_after));
            self.pages.held = held;
            return Ok(());
        }
        // The group that must share a page: held lines and the first lines of this block.
        let k = if keep.together {
            lines.len()
        } else if held.iter().any(|h| !h.cells.is_empty()) {
            lines.len().min(LINES_WITH_HEADING)
        } else {
            0
        };
        let split = held.len();
        held.extend(lines[..k].iter().enumerate().map(&mut line));
        self.place_group(&held, split)?;
        self.pages.recycle(&mut held);
        self.pages.held = held;
        for (i, l) in lines.iter().enumerate().skip(k) {
            if i == 0 {
                self.attach.append(&mut origins);
            }
            self.emit_marked(l, mark.filter(|_| i == 0))?;
        }
        for _ in 0..keep.blank_after {
            self.blank()?;
        }
        Ok(())
    }

    /// Places held lines whose next block never came (a page break, the end).
    pub(super) fn flush_held(&mut self) -> io::Result<()> {
        if self.pages.held.is_empty() {
            return Ok(());
        }
        let mut held = std::mem::take(&mut self.pages.held);
        let result = self.place_group(&held, 0);
        self.pages.recycle(&mut held);
        self.pages.held = held;
        result
    }

    /// Writes lines that stay on one page, starting a new page first when they do not fit the
    /// rest of this one but fit a page. `split` is where the held lines (a heading) end and the
    /// next block's begin: when the two do not fit one page together, the blank lines before
    /// the heading give way first, then those between it and its block, then the heading goes
    /// apart from its block (a diagram is never split to keep a heading with it).
    fn place_group(&mut self, group: &[Held], split: usize) -> io::Result<()> {
        let capacity = self.capacity();
        let mut drop_blanks = false;
        let mut drop_all_blanks = false;
        if capacity > 0 && !group.is_empty() && self.used + group.len() > capacity {
            let leading_skips = group.iter().take_while(|h| h.skip_at_top).count();
            let leading_blanks = group.iter().take_while(|h| h.cells.is_empty()).count();
            if group.len() - leading_skips <= capacity {
                if self.used > 0 {
                    self.end_page()?;
                }
            } else if group.len() - leading_blanks <= capacity {
                if self.used > 0 {
                    self.end_page()?;
                }
                drop_blanks = true;
            } else if split > 0
                && split < group.len()
                && group.iter().filter(|h| !h.cells.is_empty()).count() <= capacity
            {
                // (Small pages: the blank lines between a heading and its block give way
                // before the two part; issue 31.)
                if self.used > 0 {
                    self.end_page()?;
                }
                drop_all_blanks = true;
            } else if split > 0 && split < group.len() {
                // Headings and their block do not fit one page together: the headings nearest
                // the block go with it, as many as fit a page with it (a heading is never the
                // last thing on a page), the others before them; when not even the last fits,
                // the block goes apart.
                // (Fitting with its blank lines, or else without them.)
                let fits = |from: usize, loose: bool| {
                    let tail = &group[from..];
                    let blanks = match loose {
                        false => tail.iter().take_while(|h| h.cells.is_empty()).count(),
                        true => tail.iter().filter(|h| h.cells.is_empty()).count(),
                    };
                    tail.len() - blanks <= capacity
                };
                let starts = || {
                    (1..split)
                        .filter(|&i| group[i - 1].cells.is_empty() && !group[i].cells.is_empty())
                };
                let at = starts()
                    .find(|&i| fits(i, false))
                    .or_else(|| starts().find(|&i| fits(i, true)))
                    .unwrap_or(split);
                self.place_group(&group[..at], 0)?;
                return self.place_group(&group[at..], split - at);
            }
        }
        let mut leading = true;
        for h in group {
            leading &= h.cells.is_empty();
            if ((h.skip_at_top || (drop_blanks && leading)) && self.used == 0)
                || (drop_all_blanks && h.cells.is_empty())
            {
                continue;
            }
            self.attach.extend(h.origins.iter().cloned());
            self.emit_marked(&h.cells, h.mark)?;
        }
        Ok(())
    }

    /// Writes the page number line at the top of a page, before its first line.
    pub(super) fn before_line(&mut self) -> io::Result<()> {
        if self.used == 0
            && self.page_length > 0
            && matches!(self.pages.numbers, Some((PageNumbers::Top, _)))
        {
            self.number_line()?;
        }
        Ok(())
    }

    /// Finishes a page: the number line at the bottom, then the page end.
    pub(super) fn close_page(&mut self) -> io::Result<()> {
        if matches!(self.pages.numbers, Some((PageNumbers::Bottom, _))) {
            for _ in self.used..self.capacity() {
                self.sink.line(&[])?;
            }
            self.number_line()?;
        }
        self.used = 0;
        self.pages.number = self.pages.number.saturating_add(1);
        self.pages_ended += 1;
        self.sink.end_page()
    }

    fn number_line(&mut self) -> io::Result<()> {
        let mut cells = std::mem::take(&mut self.pages.scratch);
        cells.clear();
        if let Some((_, number_cells)) = self.pages.numbers {
            number_cells(self.pages.number, &mut cells);
        }
        let pad = self.width.saturating_sub(cells.len());
        cells.splice(0..0, std::iter::repeat_n(Cell::BLANK, pad));
        let result = self.sink.line(&cells);
        self.pages.scratch = cells;
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::Block;
    use crate::braille::cell::to_unicode_string;

    /// Records lines as Unicode braille and page ends as `"\f"`.
    #[derive(Default)]
    struct Record(Vec<String>);

    impl LineSink for Record {
        fn line(&mut self, cells: &[Cell]) -> io::Result<()> {
            self.0.push(to_unicode_string(cells));
            Ok(())
        }
        fn end_page(&mut self) -> io::Result<()> {
            self.0.push("\u{c}".into());
            Ok(())
        }
    }

    fn para(words: usize, indent: usize) -> Block {
        let mut p = Paragraph::new(indent, 0);
        for _ in 0..words {
            p.push(&[Cell::dots("1")]);
            p.end_word();
        }
        Block::Paragraph(p)
    }

    fn heading(main: bool) -> Block {
        let mut p = Paragraph::new(0, 0);
        p.push(&[Cell::dots("125")]);
        p.end_word();
        p.blank_before = if main { 3 } else { 1 };
        p.blank_before_at_top = main;
        p.blank_after = 1;
        p.keep_with_next = true;
        Block::Paragraph(p)
    }

    fn run(
        width: usize,
        length: usize,
        numbers: Option<PageNumbers>,
        blocks: Vec<Block>,
    ) -> Vec<String> {
        let mut l = Layouter::new(width, length, Record::default());
        if let Some(n) = numbers {
            l.number_pages(n, 1, crate::braille::page_number);
        }
        for mut b in blocks {
            l.push(&mut b).ok();
        }
        l.finish().map(|(r, ..)| r.0).unwrap_or_default()
    }

    #[test]
    fn page_numbers_top_and_bottom() {
        let top = run(6, 3, Some(PageNumbers::Top), vec![para(9, 0)]);
        assert_eq!(
            top,
            vec![
                "⠀⠀⠀⠀⠼⠁",
                "⠁⠀⠁⠀⠁",
                "⠁⠀⠁⠀⠁",
                "\u{c}",
                "⠀⠀⠀⠀⠼⠃",
                "⠁⠀⠁⠀⠁",
                "\u{c}"
            ]
        );
        let bottom = run(6, 3, Some(PageNumbers::Bottom), vec![para(7, 0)]);
        assert_eq!(
            bottom,
            vec![
                "⠁⠀⠁⠀⠁",
                "⠁⠀⠁⠀⠁",
                "⠀⠀⠀⠀⠼⠁",
                "\u{c}",
                "⠁",
                "",
                "⠀⠀⠀⠀⠼⠃",
                "\u{c}"
            ]
        );
        let mut cells = Vec::new();
        crate::braille::page_number(120, &mut cells);
        assert_eq!(to_unicode_string(&cells), "⠼⠁⠃⠚");
    }

    #[test]
    fn pages_of_one_line_get_no_number() {
        // A number line and a text line would make pages of two lines.
        let plain = run(6, 1, None, vec![para(9, 0)]);
        for place in [PageNumbers::Top, PageNumbers::Bottom] {
            let numbered = run(6, 1, Some(place), vec![para(9, 0)]);
            assert_eq!(numbered, plain, "{place:?}");
        }
        let pages: Vec<&[String]> = plain.split(|l| l == "\u{c}").collect();
        assert!(pages.len() > 2, "{plain:?}");
        assert!(pages.iter().all(|p| p.len() <= 1), "{plain:?}");
        // Two lines a page leave room for the number.
        let two = run(6, 2, Some(PageNumbers::Top), vec![para(9, 0)]);
        assert_eq!(two.first().map(String::as_str), Some("⠀⠀⠀⠀⠼⠁"), "{two:?}");
    }

    #[test]
    fn heading_goes_with_next_block() {
        // 4 text lines a page: one line used, the heading group (blank, heading, blank, two
        // lines) does not fit the 3 left: new page, the plain blank before is left out there.
        let out = run(10, 4, None, vec![para(1, 0), heading(false), para(12, 0)]);
        assert_eq!(
            out,
            vec![
                "⠁",
                "\u{c}",
                "⠓",
                "",
                "⠁⠀⠁⠀⠁⠀⠁⠀⠁",
                "⠁⠀⠁⠀⠁⠀⠁⠀⠁",
                "\u{c}",
                "⠁⠀⠁",
                "\u{c}"
            ]
        );
    }

    #[test]
    fn main_heading_keeps_its_blank_lines_at_the_top() {
        let out = run(10, 6, None, vec![para(1, 0), heading(true), para(1, 0)]);
        assert_eq!(out, vec!["⠁", "\u{c}", "", "", "", "⠓", "", "⠁", "\u{c}"]);
    }

    #[test]
    fn a_diagram_is_not_split_to_keep_a_heading_with_it() {
        // 6 lines a page: a main heading (3 blank lines, heading, blank) and a 5-line diagram
        // do not fit; the blank lines give way. With a 6-line diagram the heading goes apart.
        let out = run(
            10,
            6,
            None,
            vec![
                para(1, 0),
                heading(true),
                Block::Fixed {
                    lines: vec![vec![Cell::dots("1")]; 4],
                    indent: 0,
                },
            ],
        );
        assert_eq!(
            out,
            vec!["⠁", "\u{c}", "⠓", "", "⠁", "⠁", "⠁", "⠁", "\u{c}"]
        );
        let out = run(
            10,
            6,
            None,
            vec![
                heading(false),
                Block::Fixed {
                    lines: vec![vec![Cell::dots("1")]; 6],
                    indent: 0,
                },
            ],
        );
        assert_eq!(
            out,
            vec!["⠓", "", "\u{c}", "⠁", "⠁", "⠁", "⠁", "⠁", "⠁", "\u{c}"]
        );
    }

    #[test]
    fn the_heading_nearest_a_block_goes_with_it_when_all_do_not_fit() {
        // 8 lines a page: two headings and a 5-line diagram (11 lines with their blank lines)
        // do not fit; without the blank lines between them they do, and go to the next page
        // together (issue 31: before, the first heading was left at the foot of the first
        // page, a heading ending a page).
        let blocks = || {
            vec![
                para(1, 0),
                heading(false),
                heading(false),
                Block::Fixed {
                    lines: vec![vec![Cell::dots("1")]; 5],
                    indent: 0,
                },
            ]
        };
        let out = run(10, 8, None, blocks());
        assert_eq!(
            out,
            vec!["⠁", "\u{c}", "⠓", "⠓", "⠁", "⠁", "⠁", "⠁", "⠁", "\u{c}"]
        );
        // 6 lines a page: not even so; the heading nearest the diagram goes with it, the other
        // before them.
        let out = run(10, 6, None, blocks());
        assert_eq!(
            out,
            vec![
                "⠁", "", "⠓", "", "", "\u{c}", "⠓", "⠁", "⠁", "⠁", "⠁", "⠁", "\u{c}"
            ]
        );
    }

    #[test]
    fn page_break_and_no_pages() {
        let mut l = Layouter::new(10, 5, Record::default());
        l.push(&mut para(1, 0)).ok();
        l.page_break().ok();
        l.page_break().ok();
        l.push(&mut para(1, 0)).ok();
        let r = l.finish().map(|(r, ..)| r.0).unwrap_or_default();
        assert_eq!(r, vec!["⠁", "\u{c}", "⠁", "\u{c}"]);
        let mut l = Layouter::new(10, 0, Record::default());
        l.number_pages(PageNumbers::Top, 1, crate::braille::page_number);
        l.push(&mut para(1, 0)).ok();
        l.page_break().ok();
        l.push(&mut heading(true)).ok();
        l.push(&mut para(1, 0)).ok();
        let r = l.finish().map(|(r, ..)| r.0).unwrap_or_default();
        assert_eq!(r, vec!["⠁", "", "", "", "", "⠓", "", "⠁"]);
    }
}
