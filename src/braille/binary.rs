//! The binary form of [`Block`]s, for a build that keeps the games it translated in a file
//! between passes (`build/spool.rs`): every field written, read back as it was, or `None`
//! where the bytes are no blocks.
//!
//! Numbers are LEB128 (seven bits a byte, the last byte's high bit clear), a cell a byte,
//! texts as their length and UTF-8 bytes. Each type is taken apart whole (`let Paragraph {
//! .. } = p` names every field), so a field added to a block fails to build here until it is
//! written too.

use super::block::{Block, Buffers, Made, Origin, Paragraph, Rule, Seam, Word};
use super::cell::Cell;
use super::game::{WordKind, WrittenWords};

/// Where the binary form is written.
pub(crate) struct Put<'a>(pub(crate) &'a mut Vec<u8>);

impl Put<'_> {
    pub(crate) fn u64(&mut self, mut n: u64) {
        while n >= 0x80 {
            self.0.push((n as u8) | 0x80);
            n >>= 7;
        }
        self.0.push(n as u8);
    }

    pub(crate) fn usize(&mut self, n: usize) {
        self.u64(n as u64);
    }

    pub(crate) fn u32(&mut self, n: u32) {
        self.u64(u64::from(n));
    }

    pub(crate) fn bool(&mut self, b: bool) {
        self.0.push(u8::from(b));
    }

    pub(crate) fn str(&mut self, s: &str) {
        self.usize(s.len());
        self.0.extend_from_slice(s.as_bytes());
    }

    pub(crate) fn cells(&mut self, cells: &[Cell]) {
        self.usize(cells.len());
        self.0.extend(cells.iter().map(|c| c.bits()));
    }

    /// `None` as 0, a number `n` as `n + 1`.
    pub(crate) fn option_u32(&mut self, n: Option<u32>) {
        self.u64(n.map_or(0, |n| u64::from(n) + 1));
    }
}

/// A number as [`Put::u64`] writes it, its bytes given one at a time by `next`; `None` when
/// they end before it does or it says more than 64 bits.
pub(crate) fn read_u64(mut next: impl FnMut() -> Option<u8>) -> Option<u64> {
    let mut n = 0u64;
    for shift in (0..64).step_by(7) {
        let b = next()?;
        let bits = u64::from(b & 0x7f);
        // (The tenth byte holds the top bit alone.)
        if shift == 63 && bits > 1 {
            return None;
        }
        n |= bits << shift;
        if b < 0x80 {
            return Some(n);
        }
    }
    None
}

/// Where the binary form is read from: the bytes not read yet.
pub(crate) struct Take<'a>(pub(crate) &'a [u8]);

impl<'a> Take<'a> {
    pub(crate) fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }

    #[inline]
    pub(crate) fn u64(&mut self) -> Option<u64> {
        // (Most numbers are below 128, one byte: a word's length, the blank before it.)
        match self.0.split_first() {
            Some((&b, rest)) if b < 0x80 => {
                self.0 = rest;
                Some(u64::from(b))
            }
            _ => read_u64(|| self.byte()),
        }
    }

    pub(crate) fn usize(&mut self) -> Option<usize> {
        usize::try_from(self.u64()?).ok()
    }

    pub(crate) fn u32(&mut self) -> Option<u32> {
        u32::try_from(self.u64()?).ok()
    }

    pub(crate) fn bool(&mut self) -> Option<bool> {
        match self.byte()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }

    fn bytes(&mut self, n: usize) -> Option<&'a [u8]> {
        let bytes = self.0.get(..n)?;
        self.0 = &self.0[n..];
        Some(bytes)
    }

    pub(crate) fn str(&mut self) -> Option<&'a str> {
        let n = self.usize()?;
        std::str::from_utf8(self.bytes(n)?).ok()
    }

    pub(crate) fn cells(&mut self) -> Option<Vec<Cell>> {
        let mut cells = Vec::new();
        self.cells_into(&mut cells)?;
        Some(cells)
    }

    /// [`Take::cells`] appended to `out`.
    pub(crate) fn cells_into(&mut self, out: &mut Vec<Cell>) -> Option<()> {
        let n = self.usize()?;
        let bytes = self.bytes(n)?;
        // (Checked, the bits of all the bytes together, then made, a cell a byte: both loops
        // run a vector register at a time.)
        match Cell::from_bits(bytes.iter().fold(0, |all, &b| all | b)).is_some() {
            true => {
                out.extend(bytes.iter().map(|&b| Cell::from_low_bits(b)));
                Some(())
            }
            false => None,
        }
    }

    pub(crate) fn option_u32(&mut self) -> Option<Option<u32>> {
        match self.u64()? {
            0 => Some(None),
            n => u32::try_from(n - 1).ok().map(Some),
        }
    }
}

/// Writes the words of a game's moves as written (for a build that checks itself).
pub(crate) fn put_words(written: &WrittenWords, out: &mut Put<'_>) {
    let WrittenWords { cells, words } = written;
    out.cells(cells);
    out.usize(words.len());
    for &(start, end, kind) in words {
        out.u32(start);
        out.u32(end);
        match kind {
            WordKind::Notation => out.0.push(0),
            WordKind::Text { opens, closes } => out.0.extend([1, opens, closes]),
            WordKind::Diagram { first } => out.0.extend([2, u8::from(first)]),
        }
    }
}

/// Reads the words [`put_words`] wrote.
pub(crate) fn take_words(input: &mut Take<'_>) -> Option<WrittenWords> {
    let cells = input.cells()?;
    let n = input.usize()?;
    let mut words = Vec::with_capacity(n.min(input.0.len()));
    for _ in 0..n {
        let (start, end) = (input.u32()?, input.u32()?);
        // (A word within the cells: the check slices them so.)
        if start > end || end as usize > cells.len() {
            return None;
        }
        let kind = match input.byte()? {
            0 => WordKind::Notation,
            1 => WordKind::Text {
                opens: input.byte()?,
                closes: input.byte()?,
            },
            2 => WordKind::Diagram {
                first: input.bool()?,
            },
            _ => return None,
        };
        words.push((start, end, kind));
    }
    Some(WrittenWords { cells, words })
}

/// Writes `blocks` (their count, then each).
pub(crate) fn put_blocks(blocks: &[Block], out: &mut Put<'_>) {
    out.usize(blocks.len());
    for block in blocks {
        put_block(block, out);
    }
}

/// Reads blocks [`put_blocks`] wrote.
pub(crate) fn take_blocks(input: &mut Take<'_>, spare: &mut Vec<Buffers>) -> Option<Vec<Block>> {
    let n = input.usize()?;
    // (At most a block a byte left: a count that says more is no count.)
    let mut blocks = Vec::with_capacity(n.min(input.0.len()));
    for _ in 0..n {
        blocks.push(take_block(input, spare)?);
    }
    Some(blocks)
}

const PARAGRAPH: u8 = 0;
const FIXED: u8 = 1;
const TOGETHER: u8 = 2;
const RULE: u8 = 3;
const BLANK: u8 = 4;
const PAGE_BREAK: u8 = 5;
const RECTO_BREAK: u8 = 6;
const SEAM: u8 = 7;
const ORIGIN: u8 = 8;

fn put_block(block: &Block, out: &mut Put<'_>) {
    match block {
        Block::Paragraph(p) => {
            out.0.push(PARAGRAPH);
            put_paragraph(p, out);
        }
        Block::Fixed { lines, indent } => {
            out.0.push(FIXED);
            out.usize(*indent);
            out.usize(lines.len());
            lines.iter().for_each(|l| out.cells(l));
        }
        Block::Together(blocks) => {
            out.0.push(TOGETHER);
            put_blocks(blocks, out);
        }
        Block::Rule(rule) => {
            out.0.push(RULE);
            let Rule {
                fill,
                label,
                keep_with_next,
                print_page,
            } = rule;
            out.cells(&[*fill]);
            out.cells(label);
            out.bool(*keep_with_next);
            out.bool(print_page.is_some());
            if let Some(page) = print_page {
                out.str(page);
            }
        }
        Block::Blank => out.0.push(BLANK),
        Block::PageBreak => out.0.push(PAGE_BREAK),
        Block::RectoBreak => out.0.push(RECTO_BREAK),
        Block::Seam(seam) => {
            out.0.push(SEAM);
            out.0.push(seam_byte(*seam));
        }
        Block::Origin(origin) => {
            out.0.push(ORIGIN);
            let Origin {
                file,
                line,
                kind,
                text,
            } = &**origin;
            out.str(file);
            out.u32(*line);
            out.0.push(made_byte(*kind));
            out.str(text);
        }
    }
}

/// The byte of a seam: its place in [`SEAMS`].
fn seam_byte(seam: Seam) -> u8 {
    match seam {
        Seam::Chapter => 0,
        Seam::Section => 1,
        Seam::Block => 2,
        Seam::Contents => 3,
        Seam::ContentsEntry => 4,
    }
}

/// The byte of what a block is made from: its place in [`MADE`].
fn made_byte(made: Made) -> u8 {
    match made {
        Made::TitlePage => 0,
        Made::Contents => 1,
        Made::Heading => 2,
        Made::Paragraph => 3,
        Made::Table => 4,
        Made::Code => 5,
        Made::Image => 6,
        Made::PrintPage => 7,
        Made::Notes => 8,
        Made::Rule => 9,
        Made::Game => 10,
        Made::Diagram => 11,
    }
}

/// Every seam and every kind of block made, in the order their bytes name them.
const SEAMS: [Seam; 5] = [
    Seam::Chapter,
    Seam::Section,
    Seam::Block,
    Seam::Contents,
    Seam::ContentsEntry,
];
const MADE: [Made; 12] = [
    Made::TitlePage,
    Made::Contents,
    Made::Heading,
    Made::Paragraph,
    Made::Table,
    Made::Code,
    Made::Image,
    Made::PrintPage,
    Made::Notes,
    Made::Rule,
    Made::Game,
    Made::Diagram,
];

fn take_block(input: &mut Take<'_>, spare: &mut Vec<Buffers>) -> Option<Block> {
    Some(match input.byte()? {
        PARAGRAPH => Block::Paragraph(take_paragraph(input, spare)?),
        FIXED => {
            let indent = input.usize()?;
            let n = input.usize()?;
            let mut lines = Vec::with_capacity(n.min(input.0.len()));
            for _ in 0..n {
                lines.push(input.cells()?);
            }
            Block::Fixed { lines, indent }
        }
        TOGETHER => Block::Together(take_blocks(input, spare)?),
        RULE => {
            let fill = *input.cells()?.first()?;
            let label = input.cells()?;
            let keep_with_next = input.bool()?;
            let print_page = match input.bool()? {
                true => Some(Box::from(input.str()?)),
                false => None,
            };
            Block::Rule(Rule {
                fill,
                label,
                keep_with_next,
                print_page,
            })
        }
        BLANK => Block::Blank,
        PAGE_BREAK => Block::PageBreak,
        RECTO_BREAK => Block::RectoBreak,
        SEAM => Block::Seam(*SEAMS.get(usize::from(input.byte()?))?),
        ORIGIN => {
            let file = input.str()?.to_owned();
            let line = input.u32()?;
            let kind = *MADE.get(usize::from(input.byte()?))?;
            let text = input.str()?.to_owned();
            Block::Origin(Box::new(Origin {
                file,
                line,
                kind,
                text,
            }))
        }
        _ => return None,
    })
}

/// A word's flags in one byte.
const GLUED: u8 = 1;
const BOUND: u8 = 2;

fn put_paragraph(p: &Paragraph, out: &mut Put<'_>) {
    let Paragraph {
        cells,
        words,
        first_indent,
        rest_indent,
        keep_together,
        blank_before,
        blank_before_at_top,
        blank_after,
        keep_with_next,
        introduces,
        open,
        soft,
        mark,
        trailer,
    } = p;
    out.cells(cells);
    out.usize(words.len());
    // Each word from where the one before ended (a word's start is never before it).
    let mut end = 0;
    for w in words {
        out.u32(w.start.wrapping_sub(end));
        out.u32(w.end.wrapping_sub(w.start));
        out.0
            .push(if w.glued { GLUED } else { 0 } | if w.bound { BOUND } else { 0 });
        end = w.end;
    }
    for n in [*first_indent, *rest_indent, *blank_before, *blank_after] {
        out.usize(n);
    }
    for b in [
        *keep_together,
        *blank_before_at_top,
        *keep_with_next,
        *introduces,
    ] {
        out.bool(b);
    }
    out.option_u32(*open);
    out.usize(soft.len());
    soft.iter().for_each(|&s| out.u32(s));
    out.option_u32(*mark);
    out.cells(trailer);
}

fn take_paragraph(input: &mut Take<'_>, spare: &mut Vec<Buffers>) -> Option<Paragraph> {
    // (In the buffers of a paragraph laid out before, when there are some: a bulletin reads
    // every game back in every pass.)
    let (mut cells, mut words) = spare.pop().unwrap_or_default().emptied();
    input.cells_into(&mut cells)?;
    let n = input.usize()?;
    words.reserve(n.min(input.0.len()));
    let mut end = 0u32;
    for _ in 0..n {
        // (Most words: three bytes, a number of one byte each, as `put_paragraph` put them.)
        let (gap, len, flags) = match *input.0 {
            [gap @ ..0x80, len @ ..0x80, flags, ..] => {
                input.0 = &input.0[3..];
                (u32::from(gap), u32::from(len), flags)
            }
            _ => (input.u32()?, input.u32()?, input.byte()?),
        };
        let start = end.wrapping_add(gap);
        end = start.wrapping_add(len);
        // (A word is its cells': a record that says otherwise is damaged, never a panic when
        // the word's cells are taken.)
        if start > end || end as usize > cells.len() {
            return None;
        }
        words.push(Word {
            start,
            end,
            glued: flags & GLUED != 0,
            bound: flags & BOUND != 0,
        });
    }
    let first_indent = input.usize()?;
    let rest_indent = input.usize()?;
    let blank_before = input.usize()?;
    let blank_after = input.usize()?;
    let keep_together = input.bool()?;
    let blank_before_at_top = input.bool()?;
    let keep_with_next = input.bool()?;
    let introduces = input.bool()?;
    let open = input.option_u32()?;
    let n = input.usize()?;
    let mut soft = Vec::with_capacity(n.min(input.0.len()));
    for _ in 0..n {
        soft.push(input.u32()?);
    }
    let mark = input.option_u32()?;
    let trailer = input.cells()?;
    Some(Paragraph {
        cells,
        words,
        first_indent,
        rest_indent,
        keep_together,
        blank_before,
        blank_before_at_top,
        blank_after,
        keep_with_next,
        introduces,
        open,
        soft,
        mark,
        trailer,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(blocks: &[Block]) -> Vec<Block> {
        round_trip_in(blocks, &mut Vec::new())
    }

    /// [`round_trip`], the paragraphs read into the buffers of `spare`.
    fn round_trip_in(blocks: &[Block], spare: &mut Vec<Buffers>) -> Vec<Block> {
        let mut bytes = Vec::new();
        put_blocks(blocks, &mut Put(&mut bytes));
        let mut input = Take(&bytes);
        let back = take_blocks(&mut input, spare).expect("read back");
        assert!(input.0.is_empty(), "every byte read");
        back
    }

    /// Paragraphs read back into buffers that held other paragraphs (a bulletin's games, pass
    /// after pass) are the paragraphs written: nothing of the buffers' last words stays.
    #[test]
    fn a_paragraph_read_into_used_buffers_is_the_paragraph_written() {
        let paragraph = |cells: &[&str], words: usize| {
            let mut p = Paragraph::new(0, 2);
            for _ in 0..words {
                p.push(&cells.iter().map(|&d| Cell::dots(d)).collect::<Vec<_>>());
                p.end_word();
            }
            p
        };
        let long = paragraph(&["1", "12", "1346"], 40);
        let short = paragraph(&["25"], 2);
        let mut spare: Vec<Buffers> = [long.clone(), short.clone(), long.clone()]
            .into_iter()
            .map(|mut p| p.take_buffers())
            .collect();
        let blocks = vec![
            Block::Paragraph(short),
            Block::Blank,
            Block::Together(vec![Block::Paragraph(paragraph(&["3"], 5))]),
            Block::Paragraph(paragraph(&["2", "5"], 3)),
        ];
        let back = round_trip_in(&blocks, &mut spare);
        assert_eq!(format!("{back:?}"), format!("{blocks:?}"));
        // Three paragraphs read, three buffers taken.
        assert!(spare.is_empty());
        assert_eq!(
            format!("{:?}", round_trip_in(&blocks, &mut spare)),
            format!("{blocks:?}")
        );
    }

    #[test]
    fn every_kind_of_block_reads_back_as_it_was_written() {
        let mut p = Paragraph::new(2, 4);
        p.push(&[Cell::dots("1"), Cell::dots("12")]);
        p.end_word_bound();
        p.push(&[Cell::dots("123456")]);
        p.end_word();
        p.keep_with_next = true;
        p.blank_before = 1;
        p.mark = Some(7);
        p.trailer = vec![Cell::dots("3456"), Cell::dots("1")];
        let blocks = vec![
            Block::Origin(Box::new(Origin {
                file: "rond 1.pgn".into(),
                line: 300,
                kind: Made::Game,
                text: "Åkesson – Öberg".into(),
            })),
            Block::Paragraph(p),
            Block::Together(vec![
                Block::Fixed {
                    lines: vec![vec![Cell::dots("2"); 3], Vec::new()],
                    indent: 2,
                },
                Block::Blank,
            ]),
            Block::Rule(Rule {
                fill: Cell::dots("25"),
                label: vec![Cell::dots("3456"), Cell::dots("12")],
                keep_with_next: true,
                print_page: Some("xii".into()),
            }),
            Block::PageBreak,
            Block::RectoBreak,
            Block::Seam(Seam::ContentsEntry),
        ];
        // (Blocks hold no equality of their own: their debug form shows every field.)
        assert_eq!(format!("{:?}", round_trip(&blocks)), format!("{blocks:?}"));
    }

    /// A paragraph's words whose blank before them or length takes one byte (the three bytes
    /// of such a word taken at once) or more, on both sides of 128.
    #[test]
    fn words_of_every_length_and_distance_read_back_as_they_were_written() {
        let mut p = Paragraph::new(0, 0);
        let (mut end, mut flags) = (0u32, 0);
        for (gap, len) in [
            (0, 0),
            (1, 127),
            (1, 128),
            (127, 1),
            (128, 5),
            (300, 200),
            (0, 1),
        ] {
            let start = end + gap;
            end = start + len;
            flags += 1;
            p.words.push(Word {
                start,
                end,
                glued: flags % 2 == 0,
                bound: flags % 3 == 0,
            });
        }
        p.cells = vec![Cell::dots("1"); end as usize];
        let blocks = vec![Block::Paragraph(p)];
        assert_eq!(format!("{:?}", round_trip(&blocks)), format!("{blocks:?}"));
        // The bytes are the numbers' own: a word of one-byte numbers is three bytes.
        let mut bytes = Vec::new();
        put_blocks(&blocks, &mut Put(&mut bytes));
        let numbers: usize = [0, 0, 1, 127, 1, 128, 127, 1, 128, 5, 300, 200, 0, 1]
            .iter()
            .map(|&n: &u32| if n < 128 { 1 } else { 2 })
            .sum();
        let mut alone = Paragraph::new(0, 0);
        alone.cells = vec![Cell::dots("1"); end as usize];
        let mut without = Vec::new();
        put_blocks(&[Block::Paragraph(alone)], &mut Put(&mut without));
        // (Seven words: their numbers, and a byte of flags each.)
        assert_eq!(bytes.len(), without.len() + numbers + 7);
    }

    #[test]
    fn the_words_of_a_game_read_back_as_they_were_written() {
        let mut written = WrittenWords {
            cells: vec![
                Cell::dots("1"),
                Cell::BLANK,
                Cell::dots("12"),
                Cell::dots("3"),
            ],
            words: vec![
                (0, 1, WordKind::Notation),
                (
                    2,
                    3,
                    WordKind::Text {
                        opens: 2,
                        closes: 0,
                    },
                ),
                (3, 4, WordKind::Diagram { first: true }),
            ],
        };
        let mut bytes = Vec::new();
        put_words(&written, &mut Put(&mut bytes));
        let back = take_words(&mut Take(&bytes)).expect("read back");
        assert_eq!(format!("{back:?}"), format!("{written:?}"));
        // A word past the cells is no word.
        written.words.push((3, 9, WordKind::Notation));
        let mut bytes = Vec::new();
        put_words(&written, &mut Put(&mut bytes));
        assert!(take_words(&mut Take(&bytes)).is_none());
    }

    #[test]
    fn bytes_that_are_no_blocks_are_refused() {
        let mut bytes = Vec::new();
        put_blocks(&[Block::Seam(Seam::Block)], &mut Put(&mut bytes));
        // Cut short, or a kind of block that does not exist.
        assert!(take_blocks(&mut Take(&bytes[..bytes.len() - 1]), &mut Vec::new()).is_none());
        assert!(take_blocks(&mut Take(&[1, 99]), &mut Vec::new()).is_none());
        // A cell of more than six dots.
        assert!(Take(&[1, 0x40]).cells().is_none());
        // A paragraph's word past its cells, or one that ends before it starts (its length
        // wrapping round): refused, not a panic when the word is laid out.
        let mut p = Paragraph::new(0, 0);
        p.push(&[Cell::dots("1"), Cell::dots("12")]);
        p.end_word();
        let mut bytes = Vec::new();
        put_blocks(&[Block::Paragraph(p)], &mut Put(&mut bytes));
        // (count, kind, two cells, one word: blank before it, length, flags)
        assert_eq!(bytes[..9], [1, PARAGRAPH, 2, 1, 3, 1, 0, 2, 0]);
        assert!(round_trip_bytes(&bytes).is_some());
        // A length of 3, past the two cells; a blank of 1 and a length of u32::MAX (five
        // bytes), whose end wraps round to before the start.
        let u32_max = [0xff, 0xff, 0xff, 0xff, 0x0f];
        for word in [vec![0, 3], [&[1][..], &u32_max[..]].concat()] {
            let mut damaged = bytes.clone();
            damaged.splice(6..8, word);
            assert!(round_trip_bytes(&damaged).is_none(), "{damaged:?}");
        }
    }

    /// Blocks read from `bytes`, every byte read.
    fn round_trip_bytes(bytes: &[u8]) -> Option<Vec<Block>> {
        let mut input = Take(bytes);
        take_blocks(&mut input, &mut Vec::new()).filter(|_| input.0.is_empty())
    }

    #[test]
    fn each_seam_and_kind_is_read_from_its_own_byte() {
        for (i, &seam) in SEAMS.iter().enumerate() {
            assert_eq!(usize::from(seam_byte(seam)), i);
        }
        for (i, &made) in MADE.iter().enumerate() {
            assert_eq!(usize::from(made_byte(made)), i);
        }
    }

    #[test]
    fn numbers_take_as_many_bytes_as_their_bits_need() {
        for n in [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            let mut bytes = Vec::new();
            Put(&mut bytes).u64(n);
            assert_eq!(
                bytes.len(),
                (64 - n.leading_zeros() as usize).div_ceil(7).max(1)
            );
            assert_eq!(Take(&bytes).u64(), Some(n));
        }
        // More than 64 bits, or cut short, is no number.
        let mut too_big = vec![0xff; 9];
        too_big.push(0x02);
        assert_eq!(Take(&too_big).u64(), None);
        assert_eq!(Take(&[0x80]).u64(), None);
    }
}
