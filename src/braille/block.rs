//! What the braille stage hands to the layout: blocks of cells with layout hints (indents,
//! unbreakable words, keep-together, keep-with-next, blank lines, page breaks). Nothing here
//! knows the line width: the layout stage decides where lines and pages end.

pub(crate) use super::binding::{Binding, binding, bound_blanks};
use super::binding::{binds_after, binds_word};
use super::cell::Cell;
use super::tables;

/// One unit of a document as the layout sees it.
#[derive(Clone, Debug)]
pub(crate) enum Block {
    /// Words filled into lines.
    Paragraph(Paragraph),
    /// Lines already made (a board diagram): written as they are, `indent` cells in (a
    /// container's margin) as far as the line allows. The layout never splits them across
    /// pages; trailing blanks are trimmed on output.
    Fixed {
        lines: Vec<Vec<Cell>>,
        indent: usize,
    },
    /// Blocks laid out one after the other and kept on one page (a diagram: its piece lists
    /// and the line saying who is to move), moved to the next page whole when they do not fit.
    Together(Vec<Block>),
    /// A line of one cell repeated to the line's end, with a label (rules.md §8: a print page
    /// change, the lines around a set-off passage).
    Rule(Rule),
    /// An empty line (left out at the top of a page).
    Blank,
    /// The page ends here (nothing happens at the top of a page; without pages, a blank line).
    PageBreak,
    /// The page ends here and what follows starts on a right-hand page: printed on both sides
    /// (duplex), a left-hand page is left blank when needed; otherwise a page break. A title
    /// page, a contents list and each chapter end with one.
    RectoBreak,
    /// A place where a volume may end: between two top-level blocks of prose, before a game or
    /// a diagram, never inside one (nor inside a table, a list or a quote). Writes nothing.
    Seam(Seam),
    /// What the next lines are made from (for a proof beside the print): writes nothing.
    Origin(Box<Origin>),
}

/// Where a block comes from: its file and line, what it is, its print text.
#[derive(Clone, Debug, Eq, PartialEq)]
pub(crate) struct Origin {
    pub file: String,
    pub line: u32,
    pub kind: Made,
    /// The print text (a paragraph's words, a game's players), as the proof shows it.
    pub text: String,
}

/// What a block of braille is made from.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum Made {
    TitlePage,
    Contents,
    Heading,
    Paragraph,
    Table,
    Code,
    Image,
    PrintPage,
    Notes,
    Rule,
    Game,
    Diagram,
}

impl Made {
    /// The word a proof shows for it (in Swedish, as the transcriber reads the proof).
    pub fn word(self) -> &'static str {
        match self {
            Made::TitlePage => "titelsida",
            Made::Contents => "innehåll",
            Made::Heading => "rubrik",
            Made::Paragraph => "stycke",
            Made::Table => "tabell",
            Made::Code => "kod",
            Made::Image => "bild",
            Made::PrintPage => "trycksida",
            Made::Notes => "noter",
            Made::Rule => "linje",
            Made::Game => "parti",
            Made::Diagram => "diagram",
        }
    }
}

/// How good a place to end a volume a [`Block::Seam`] is: the smaller, the better.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Ord, PartialOrd)]
pub(crate) enum Seam {
    /// Before a level-1 heading (a chapter).
    Chapter,
    /// Before a level-2 heading.
    Section,
    /// Between any other two blocks: a paragraph, a game, a diagram, a deeper heading.
    Block,
    /// Before an entry of the contents list at its first level (a chapter's, a round's): for
    /// a contents list too long for its volume (a bulletin of a thousand games), which goes
    /// on in the next. Ranked after every other place.
    Contents,
    /// Before a deeper entry of the contents list (a section's, a game's): ranked last.
    ContentsEntry,
}

impl Block {
    /// Each word the block shows, in order (its cells split at blanks): what its lines read,
    /// whatever their width (a diagram inside a game, for a build that checks itself).
    pub fn each_word(&self, word: &mut dyn FnMut(&[Cell])) {
        let mut split = |cells: &[Cell]| {
            for w in cells.split(|c| c.is_blank()).filter(|w| !w.is_empty()) {
                word(w);
            }
        };
        match self {
            Block::Paragraph(p) => {
                split(&p.cells);
                split(&p.trailer);
            }
            Block::Fixed { lines, .. } => lines.iter().for_each(|l| split(l)),
            Block::Together(blocks) => blocks.iter().for_each(|b| b.each_word(word)),
            Block::Rule(_)
            | Block::Blank
            | Block::PageBreak
            | Block::RectoBreak
            | Block::Seam(_)
            | Block::Origin(_) => {}
        }
    }

    /// Moves the block `n` cells further in (into a list item or a block quote). Full lines
    /// stay full.
    pub fn indent(&mut self, n: usize) {
        match self {
            Block::Paragraph(p) => {
                p.first_indent += n;
                p.rest_indent += n;
            }
            Block::Fixed { indent, .. } => *indent += n,
            Block::Together(blocks) => blocks.iter_mut().for_each(|b| b.indent(n)),
            Block::Rule(_)
            | Block::Blank
            | Block::PageBreak
            | Block::RectoBreak
            | Block::Seam(_)
            | Block::Origin(_) => {}
        }
    }
}

/// A full line (rules.md §8): `fill` cells to the end of the line; with a label, three of them,
/// a blank, the label, a blank, then `fill` cells to the end (`⠒⠒⠒⠀⠼⠁⠃⠀⠒⠒…`).
#[derive(Clone, Debug)]
pub(crate) struct Rule {
    pub fill: Cell,
    pub label: Vec<Cell>,
    /// The line stays on one page with the first lines of the next block (the upper line of a
    /// set-off passage, a print page change).
    pub keep_with_next: bool,
    /// The print page that begins here (a print page change): its number as the book gives it.
    pub print_page: Option<Box<str>>,
}

/// Cells of `fill` before a rule's label.
pub(crate) const RULE_LEAD: usize = 3;

impl Rule {
    /// The line's cells for a line of `width` cells. A label too long for the line is
    /// written as far as it goes.
    pub fn cells(&self, width: usize) -> Vec<Cell> {
        let mut line = Vec::with_capacity(width);
        if self.label.is_empty() {
            line.resize(width, self.fill);
            return line;
        }
        line.extend(std::iter::repeat_n(self.fill, RULE_LEAD));
        line.push(Cell::BLANK);
        line.extend_from_slice(&self.label);
        line.push(Cell::BLANK);
        if line.len() < width {
            line.resize(width, self.fill);
        }
        line.truncate(width);
        line
    }
}

/// A word's span in its paragraph's cells, and whether the blank after it may break a line.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) struct Word {
    pub start: u32,
    pub end: u32,
    /// The blank after this word must not end a line (a move number stays with its move, a
    /// move with its signs after a blank) as long as the glued group fits a line.
    pub glued: bool,
    /// Glued, and never broken, even in a glued group longer than a line: a move number and
    /// its move, a number and its group of digits (MTM 1.4).
    pub bound: bool,
}

/// A paragraph's cells and words, kept to make another paragraph with
/// ([`Paragraph::reusing`]): a writer that makes paragraph after paragraph, game after game,
/// allocates none once it has some.
#[derive(Default)]
pub(crate) struct Buffers {
    cells: Vec<Cell>,
    words: Vec<Word>,
}

/// The size of a paragraph's buffers, as a writer keeps them apart: a line's (a heading's
/// lines, kept for lines) or a game's moves'; larger ones are let go, not kept (a long game's
/// moves). Kept apart, a line never holds a game's room while it waits to be laid out.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum Size {
    Line,
    Moves,
}

impl Buffers {
    /// The cells and words, emptied, to be filled by another paragraph ([`Paragraph::reusing`],
    /// and one read back from a build's spool, `binary.rs`).
    pub(crate) fn emptied(self) -> (Vec<Cell>, Vec<Word>) {
        let Buffers {
            mut cells,
            mut words,
        } = self;
        cells.clear();
        words.clear();
        (cells, words)
    }

    /// The size of these buffers; `None` when too large to keep.
    pub(crate) fn size(&self) -> Option<Size> {
        let (cells, words) = (self.cells.capacity(), self.words.capacity());
        match (cells, words) {
            (..=256, ..=64) => Some(Size::Line),
            (..=4096, ..=1024) => Some(Size::Moves),
            _ => None,
        }
    }
}

/// Words to be filled into lines, with the indent of its first line and of the others.
#[derive(Clone, Debug, Default)]
pub(crate) struct Paragraph {
    /// The words' cells, one blank between a word and the next: words that share a line stand
    /// here as they stand on it, so the layout copies them in one piece
    /// ([`Paragraph::span_cells`]).
    pub(super) cells: Vec<Cell>,
    pub(super) words: Vec<Word>,
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
    /// The paragraph introduces the next block (it ends with a colon: `Ställningen efter
    /// 20...Dd7:`): its last lines stay on one page with that block's first lines.
    pub introduces: bool,
    pub(super) open: Option<u32>,
    /// Where soft hyphens stood: indices of the cells after them, ascending (a word longer
    /// than a line may be cut there; see [`Paragraph::cut_points`]).
    pub(super) soft: Vec<u32>,
    /// The layout notes the page of the paragraph's first line under this number (a heading
    /// that the contents list names).
    pub mark: Option<u32>,
    /// Cells right-aligned at the end of the last line, after at least one blank, on a line
    /// of their own when they do not fit there (a page number in the contents list).
    pub trailer: Vec<Cell>,
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

    /// [`Paragraph::new`], in `buffers` (emptied here).
    pub fn reusing(buffers: Buffers, first_indent: usize, rest_indent: usize) -> Self {
        let (cells, words) = buffers.emptied();
        Paragraph {
            cells,
            words,
            first_indent,
            rest_indent,
            ..Default::default()
        }
    }

    /// What `clone` gives, its cells and words in `buffers`. (Every field named, none by
    /// `..`: a field added later must be copied here too.)
    pub fn clone_in(&self, buffers: Buffers) -> Self {
        let Buffers {
            mut cells,
            mut words,
        } = buffers;
        cells.clear();
        cells.extend_from_slice(&self.cells);
        words.clear();
        words.extend_from_slice(&self.words);
        Paragraph {
            cells,
            words,
            first_indent: self.first_indent,
            rest_indent: self.rest_indent,
            keep_together: self.keep_together,
            blank_before: self.blank_before,
            blank_before_at_top: self.blank_before_at_top,
            blank_after: self.blank_after,
            keep_with_next: self.keep_with_next,
            introduces: self.introduces,
            open: self.open,
            soft: self.soft.clone(),
            mark: self.mark,
            trailer: self.trailer.clone(),
        }
    }

    /// The paragraph's cells and words, for another paragraph.
    /// Its cells' and words' buffers taken out (the paragraph keeps empty ones), where the
    /// paragraph stands: not moved out of its list first, a copy of its whole size that was
    /// read back at once (half the time of recycling a game's paragraphs).
    pub fn take_buffers(&mut self) -> Buffers {
        Buffers {
            cells: std::mem::take(&mut self.cells),
            words: std::mem::take(&mut self.words),
        }
    }

    /// Room for `cells` more cells in `words` more words (a game's moves: growing a cell at a
    /// time copied the paragraph again and again).
    pub fn reserve(&mut self, cells: usize, words: usize) {
        self.cells.reserve(cells);
        self.words.reserve(words);
    }

    /// Appends cells to the word being written (starting one if none is open).
    pub fn push(&mut self, cells: &[Cell]) {
        if self.open.is_none() {
            // The blank between the last word and this one.
            if !self.words.is_empty() {
                self.cells.push(Cell::BLANK);
            }
            self.open = Some(self.cells.len() as u32);
        }
        self.cells.extend_from_slice(cells);
    }

    /// Appends to the word being written (starting one if none is open) what `write` appends
    /// to the vector it is given: a move's cells go straight from their rules into the
    /// paragraph, with no buffer between. `write` only appends.
    pub fn push_with(&mut self, write: impl FnOnce(&mut Vec<Cell>)) {
        self.push(&[]);
        write(&mut self.cells);
    }

    /// Appends one cell to the word being written.
    pub fn push_cell(&mut self, cell: Cell) {
        self.push(std::slice::from_ref(&cell));
    }

    /// Ends the open word; the blank after it may break a line.
    pub fn end_word(&mut self) {
        self.finish(false, false);
    }

    /// Ends the open word; the blank after it must not break a line, unless the glued group
    /// is longer than a line.
    pub fn end_word_glued(&mut self) {
        self.finish(true, false);
    }

    /// Ends the open word; the blank after it never breaks a line (a move number).
    pub fn end_word_bound(&mut self) {
        self.finish(true, true);
    }

    fn finish(&mut self, glued: bool, bound: bool) {
        if let Some(start) = self.open.take() {
            let end = self.cells.len() as u32;
            if end > start {
                self.words.push(Word {
                    start,
                    end,
                    glued,
                    bound,
                });
            } else if !self.words.is_empty() {
                // An empty word is no word: the blank put before it goes too.
                self.cells.truncate((start as usize).saturating_sub(1));
            }
        }
    }

    /// Appends cells that may hold blanks: each blank ends a word, so prose translated as a
    /// whole flows into words. A blank may break a line, except where a number binds to what
    /// follows it ([`Paragraph::binds`]). The last word is left open.
    pub fn push_text(&mut self, cells: &[Cell]) {
        self.push_text_cut(cells, &[]);
    }

    /// [`Paragraph::push_text`], with the places where soft hyphens stood (indices in `cells`
    /// of the cells after them, ascending): a word longer than a line may be cut there too.
    pub fn push_text_cut(&mut self, cells: &[Cell], soft_hyphens: &[usize]) {
        // Room for the text at once (a heading or a contents entry grew a few times over,
        // at every game of a bulletin).
        let blanks = cells.iter().filter(|c| c.is_blank()).count();
        self.reserve(cells.len(), blanks + 1);
        if soft_hyphens.is_empty() {
            // No soft hyphens (most text): the cells between blanks go in a word at a time.
            self.push_runs(cells, |p, k| p.binds(&cells[k + 1..]));
            return;
        }
        let mut soft = soft_hyphens.iter().peekable();
        for (k, &c) in cells.iter().enumerate() {
            while soft.next_if(|&&at| at <= k).is_some() {
                if self
                    .open
                    .is_some_and(|start| (start as usize) < self.cells.len())
                {
                    self.soft.push(self.cells.len() as u32);
                }
            }
            if c.is_blank() {
                if self.binds(&cells[k + 1..]) {
                    self.end_word_bound();
                } else {
                    self.end_word();
                }
            } else {
                self.push_cell(c);
            }
        }
    }

    /// The cells between blanks a word at a time; at each blank, the word before it ends
    /// bound when `binds_at` (asked with the paragraph and the blank's index) says so.
    fn push_runs(&mut self, cells: &[Cell], mut binds_at: impl FnMut(&Paragraph, usize) -> bool) {
        let mut k = 0;
        while k < cells.len() {
            let run = cells[k..].iter().take_while(|c| !c.is_blank()).count();
            if run > 0 {
                self.push(&cells[k..k + run]);
                k += run;
                continue;
            }
            match binds_at(self, k) {
                true => self.end_word_bound(),
                false => self.end_word(),
            }
            k += 1;
        }
    }

    /// Whether the open word and the text after the blank (`after`) stay on one line (MTM 1.4,
    /// rules.md §8): a move number with its move (`12.` `e4`, `7...` `Sf5`: a number of at most
    /// three digits and its periods); a number with the next group of digits (`1 000`, also
    /// written with a no-break space; `08-123 45 67`), with `%`, `‰` or `×` after it, or with a
    /// month (`17 maj`); a month with its year (`maj 2024`); `§` or `×` with the number after
    /// it; a short abbreviation with the abbreviation or number after it (`t. ex.`, `f. Kr.`,
    /// `s. 12`, `kl. 10.30`).
    fn binds(&self, after: &[Cell]) -> bool {
        let Some(start) = self.open else {
            return false;
        };
        binds_word(&self.cells[start as usize..], after)
    }

    /// [`Paragraph::push_text`], for text whose blanks that bind are known ([`bound_blanks`]
    /// of `cells`, each `base` more): a contents list's entries, laid out in every pass, their
    /// blanks asked once. Neither the blanks nor what binds is looked for again: text with its
    /// words one blank apart goes in in one piece.
    pub fn push_text_bound(&mut self, cells: &[Cell], bound: &[usize], base: usize) {
        // (A word open before the text: it ends at the text's first blank, which binds as
        // that whole word says; asked, as `push_text` asks.)
        if self.open.is_some() {
            return self.push_text(cells);
        }
        let mut bound = bound.iter().map(|&at| at - base).peekable();
        let spaced = !self.words.is_empty();
        let offset = self.cells.len() + usize::from(spaced);
        // One blank between words, none at either end: the cells as they stand.
        let (mut blanks, mut after_blank, mut loose) = (0, true, false);
        for c in cells {
            let blank = c.is_blank();
            loose |= blank && after_blank;
            blanks += usize::from(blank);
            after_blank = blank;
        }
        if loose || after_blank {
            self.push_runs(cells, |_, k| bound.next_if_eq(&k).is_some());
            return;
        }
        self.reserve(cells.len() + 1, blanks + 1);
        if spaced {
            self.cells.push(Cell::BLANK);
        }
        self.cells.extend_from_slice(cells);
        let mut start = 0;
        for (k, c) in cells.iter().enumerate() {
            if c.is_blank() {
                let tight = bound.next_if_eq(&k).is_some();
                self.words.push(Word {
                    start: (offset + start) as u32,
                    end: (offset + k) as u32,
                    glued: tight,
                    bound: tight,
                });
                start = k + 1;
            }
        }
        // The last word stays open, as `push_text` leaves it.
        self.open = Some((offset + start) as u32);
    }

    /// [`Paragraph::push_text`] for text whose words are known: each word's cells
    /// (`cells[start..end]`, not empty, no blank among them) and how it binds to the next
    /// ([`binding`]), the words one blank apart (a heading's words kept from game to game:
    /// neither the blanks nor what each word binds to are looked for again).
    pub fn push_words(&mut self, cells: &[Cell], words: &[(u32, u32, Binding)]) {
        self.reserve(cells.len() + 1, words.len());
        if !self.push_words_whole(cells, words) {
            self.push_words_each(cells, words);
        }
    }

    /// [`Paragraph::push_words`] in one piece, when the words stand one blank apart, none
    /// empty, and no word is open before them (asked, not trusted): the cells copied at once,
    /// as `push_text_bound` puts them; false, with nothing done, when they do not.
    fn push_words_whole(&mut self, cells: &[Cell], words: &[(u32, u32, Binding)]) -> bool {
        let apart = |w: &[(u32, u32, Binding)]| {
            w[0].0 < w[0].1
                && w[1].0 < w[1].1
                && w[1].0 == w[0].1 + 1
                && cells.get(w[0].1 as usize).is_some_and(|c| c.is_blank())
        };
        let (Some(&(first, ..)), Some(&(last, last_end, _))) = (words.first(), words.last()) else {
            return false;
        };
        if self.open.is_some() || first >= last_end || !words.windows(2).all(apart) {
            return false;
        }
        if !self.words.is_empty() {
            self.cells.push(Cell::BLANK);
        }
        let here = self.cells.len() as u32;
        let at = |cell: u32| here + (cell - first);
        self.cells
            .extend_from_slice(&cells[first as usize..last_end as usize]);
        for pair in words.windows(2) {
            let ((start, end, binding), (next, next_end, _)) = (pair[0], pair[1]);
            let word = &cells[start as usize..end as usize];
            let tight = binds_after(word, binding, &cells[next as usize..next_end as usize]);
            self.words.push(Word {
                start: at(start),
                end: at(end),
                glued: tight,
                bound: tight,
            });
        }
        // The last word stays open, as `push_words_each` leaves it.
        self.open = Some(at(last));
        true
    }

    /// [`Paragraph::push_words`] a word at a time.
    fn push_words_each(&mut self, cells: &[Cell], words: &[(u32, u32, Binding)]) {
        for (k, &(start, end, binding)) in words.iter().enumerate() {
            let word = &cells[start as usize..end as usize];
            self.push(word);
            if let Some(&(next, next_end, _)) = words.get(k + 1) {
                match binds_after(word, binding, &cells[next as usize..next_end as usize]) {
                    true => self.end_word_bound(),
                    false => self.end_word(),
                }
            }
        }
    }
}

impl Paragraph {
    /// Whether the paragraph's last word ends with one `cell` after a cell of another kind
    /// (`⠙⠗⠁⠛⠑⠞⠒` ends with a colon; a line of colons' cells, the thematic break, does not).
    pub fn ends_with(&self, cell: Cell) -> bool {
        matches!(self.cells[..], [.., before, last] if last == cell && before != cell && !before.is_blank())
    }

    /// The words, after closing any open one.
    #[cfg(test)]
    pub fn words(&mut self) -> &[Word] {
        self.end_word();
        &self.words
    }

    /// The words finished so far (all of them after [`Paragraph::end_word`]).
    pub fn finished_words(&self) -> &[Word] {
        &self.words
    }

    /// The cells of a word.
    pub fn word_cells(&self, w: Word) -> &[Cell] {
        &self.cells[w.start as usize..w.end as usize]
    }

    /// The cells of the words `first` to `last` (`first` not after `last`) with the blanks
    /// between them, as they stand on a line: one piece of the paragraph's cells.
    pub fn span_cells(&self, first: Word, last: Word) -> &[Cell] {
        self.cells
            .get(first.start as usize..last.end as usize)
            .unwrap_or_default()
    }

    /// Where a word longer than a line may be cut, as counts of its cells before the cut,
    /// ascending: after `/ . @ - _` (read off its cells: only such rare words are asked) and
    /// where soft hyphens stood; else it is cut where the line ends.
    pub fn cut_points(&self, w: Word) -> Vec<usize> {
        let cells = self.word_cells(w);
        let mut cuts = Vec::new();
        for ch in CUT_AFTER {
            let Some(sign) = tables::lookup(ch)
                .map(|r| r.cells)
                .filter(|s| !s.is_empty())
            else {
                continue;
            };
            // After each place the sign stands, but not at the word's end.
            let ends = cells.windows(sign.len()).enumerate();
            cuts.extend(
                ends.filter(|&(_, at)| at == sign)
                    .map(|(k, _)| k + sign.len())
                    .filter(|&k| k < cells.len()),
            );
        }
        // The soft hyphens inside the word: the list is in order (pushed as cells are), so
        // found by halving, not by a walk over the paragraph's for every long word (issue 32).
        let from = self.soft.partition_point(|&at| at <= w.start);
        let to = self.soft.partition_point(|&at| at < w.end);
        cuts.extend(
            self.soft[from..to.max(from)]
                .iter()
                .map(|&at| (at - w.start) as usize),
        );
        cuts.sort_unstable();
        cuts.dedup();
        cuts
    }
}

/// The signs after which a word longer than a line may be cut (an address, a long name).
pub(crate) const CUT_AFTER: [char; 5] = ['/', '.', '-', '_', '@'];

/// Whether a word ends with a sign it may be cut after ([`CUT_AFTER`]): read back, the word
/// may go on on the next line.
pub(crate) fn ends_at_cut(word: &[Cell]) -> bool {
    CUT_AFTER.iter().any(|&ch| {
        tables::lookup(ch)
            .map(|r| r.cells)
            .is_some_and(|sign| !sign.is_empty() && word.ends_with(sign))
    })
}

/// The first place a word may be cut ([`CUT_AFTER`]): the count of its cells before the cut.
pub(crate) fn first_cut(word: &[Cell]) -> Option<usize> {
    (1..word.len()).find(|&k| ends_at_cut(&word[..k]))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::text;

    /// The words of a text and whether each is glued to the next.
    fn glued(s: &str) -> Vec<bool> {
        let (mut cells, mut unmapped) = (Vec::new(), Vec::new());
        text::translate(s, &mut cells, &mut unmapped);
        let mut p = Paragraph::new(0, 0);
        p.push_text(&cells);
        p.words().iter().map(|w| w.glued).collect()
    }

    /// A contents entry laid out from the blanks found to bind with its heading is the entry
    /// laid out asking them again: after another word or first, one blank apart or not.
    #[test]
    fn text_with_its_bound_blanks_known_is_the_text_asked_again() {
        let texts = [
            "Rond 1",
            "Bord 3: Carlsen, Magnus (2830) – Nakamura, Hikaru (2780) 1–0",
            "1 000 spelare 17 maj 2024, § 3 och 2 × 3",
            "a) t. ex. s. 12 kl. 10.30",
            "12. e4 e5 13. Sf3",
            " inledd med blanksteg",
            "två  blanksteg",
            "slutar med blanksteg ",
            "",
            "1",
        ];
        let mut bound_somewhere = false;
        let mut number = Vec::new();
        text::translate("12.", &mut number, &mut Vec::new());
        for text in texts {
            let (mut cells, mut unmapped) = (Vec::new(), Vec::new());
            text::translate(text, &mut cells, &mut unmapped);
            for base in [0, 7] {
                let mut bound = Vec::new();
                bound_blanks(&cells, |at| bound.push(base + at));
                bound_somewhere |= !bound.is_empty();
                // First; after a word; after a word still open (`12.` then the text).
                for before in 0..3 {
                    let (mut asked, mut known) = (Paragraph::new(2, 6), Paragraph::new(2, 6));
                    for p in [&mut asked, &mut known] {
                        match before {
                            1 => {
                                p.push_text(&cells[..cells.len().min(3)]);
                                p.end_word();
                            }
                            2 => p.push_text(&number),
                            _ => {}
                        }
                    }
                    asked.push_text(&cells);
                    known.push_text_bound(&cells, &bound, base);
                    assert_eq!(format!("{asked:?}"), format!("{known:?}"), "{text:?}");
                    asked.end_word();
                    known.end_word();
                    assert_eq!(format!("{asked:?}"), format!("{known:?}"), "{text:?}");
                }
            }
        }
        assert!(bound_somewhere);
    }

    /// A paragraph copied into kept buffers (full of another paragraph's cells) is its clone,
    /// every field; a paragraph made in kept buffers is a new one.
    #[test]
    fn a_copy_in_kept_buffers_is_the_clone() {
        let mut cells = Vec::new();
        text::translate(
            "Ställningen efter 20...Dd7: vit drar",
            &mut cells,
            &mut Vec::new(),
        );
        let mut p = Paragraph::new(2, 4);
        p.push_text(&cells);
        p.end_word();
        p.push(&cells[..3]);
        p.soft.push(1);
        p.trailer.push(cells[0]);
        (p.keep_together, p.blank_before, p.blank_before_at_top) = (true, 2, true);
        (p.blank_after, p.keep_with_next, p.introduces) = (1, true, true);
        p.mark = Some(7);
        let mut other = Paragraph::new(0, 0);
        other.push_text(&cells[5..]);
        other.end_word();
        let copy = p.clone_in(other.clone().take_buffers());
        assert_eq!(format!("{copy:?}"), format!("{:?}", p.clone()));
        let fresh = Paragraph::reusing(other.take_buffers(), 2, 4);
        assert_eq!(format!("{fresh:?}"), format!("{:?}", Paragraph::new(2, 4)));
    }

    /// Words kept with their bindings go in in one piece as they go in a word at a time, and,
    /// one blank apart with no word open, as their text goes in; words not so (two blanks, an
    /// empty word, a word left out between two) and a word open before them go in a word at a
    /// time. Whether the one piece was taken is asked too: a path never taken passes nothing.
    #[test]
    fn known_words_go_in_in_one_piece_as_one_at_a_time() {
        let texts = [
            "Bord 3: Carlsen, Magnus (2830) – Nakamura, Hikaru (2780) 1–0",
            "a) t. ex. s. 12 kl. 10.30",
            "12. e4 e5 13. Sf3",
            "ett",
            "två  blanksteg",
            " inledd",
        ];
        let mut number = Vec::new();
        text::translate("12.", &mut number, &mut Vec::new());
        let (mut whole_taken, mut each_taken) = (0, 0);
        for text in texts {
            let mut cells = Vec::new();
            text::translate(text, &mut cells, &mut Vec::new());
            // The words as the text's blanks part them (empty ones too).
            let mut all = Vec::new();
            let mut start = 0;
            for end in (0..=cells.len()).filter(|&k| cells.get(k).is_none_or(|c| c.is_blank())) {
                all.push((start as u32, end as u32, binding(&cells[start..end])));
                start = end + 1;
            }
            // All the words; all but the first (the cells do not start at the first word);
            // every other word (two words and more apart).
            let every_other: Vec<_> = all.iter().copied().step_by(2).collect();
            // And the first word's first cell and its cells from the third on: one cell apart,
            // but not a blank.
            let (s, e, b) = all[0];
            let split = match e - s >= 3 {
                true => vec![(s, s + 1, b), (s + 2, e, b)],
                false => Vec::new(),
            };
            for words in [&all[..], &all[1.min(all.len())..], &every_other, &split] {
                // Each word's cells, none empty, and the next word right after one blank.
                let apart = words.iter().all(|w| w.0 < w.1)
                    && words
                        .windows(2)
                        .all(|p| p[1].0 == p[0].1 + 1 && cells[p[0].1 as usize].is_blank());
                let Some((first, last_end)) = words.first().zip(words.last()) else {
                    continue;
                };
                let text_cells = &cells[first.0 as usize..last_end.1 as usize];
                for before in 0..3 {
                    let (mut each, mut whole, mut asked) = (
                        Paragraph::new(0, 2),
                        Paragraph::new(0, 2),
                        Paragraph::new(0, 2),
                    );
                    for p in [&mut each, &mut whole, &mut asked] {
                        match before {
                            1 => {
                                p.push_text(&number);
                                p.end_word();
                            }
                            2 => p.push_text(&number),
                            _ => {}
                        }
                    }
                    each.push_words_each(&cells, words);
                    let taken = whole.push_words_whole(&cells, words);
                    assert_eq!(taken, apart && before < 2, "{text:?} {words:?} {before}");
                    if !taken {
                        whole.push_words_each(&cells, words);
                    }
                    asked.push_text(text_cells);
                    assert_eq!(format!("{each:?}"), format!("{whole:?}"), "{text:?}");
                    // (A word open before them: the first word is asked about alone, where the
                    // text's first blank asks about the whole open word. A heading's words go
                    // into a paragraph of their own.)
                    if taken {
                        assert_eq!(format!("{asked:?}"), format!("{whole:?}"), "{text:?}");
                    }
                    whole_taken += usize::from(taken);
                    each_taken += usize::from(!taken);
                }
            }
        }
        assert!(
            whole_taken >= 10 && each_taken >= 10,
            "{whole_taken} {each_taken}"
        );
    }

    #[test]
    fn numbers_bind_to_their_moves_and_groups() {
        assert_eq!(glued("12. e4 Sf6"), [true, false, false]);
        assert_eq!(glued("(7... Sf5)"), [true, false]);
        assert_eq!(glued("1 000 000 drag"), [true, true, false, false]);
        assert_eq!(glued("2\u{a0}500 kr"), [true, false, false]);
        // Any group of digits: a telephone number.
        assert_eq!(glued("08-123 45 67 slut"), [true, true, false, false]);
        // Not: a move that ends a sentence, a year, a number and a word.
        assert_eq!(glued("vann 5...fxe5. Efter"), [false, false, false]);
        assert_eq!(glued("år 1999. Sedan"), [false, false, false]);
        assert_eq!(glued("3 drag"), [false, false]);
        // A label stays with what it labels (issue 31).
        assert_eq!(
            glued("välj 1) Sf3 eller 2) e4"),
            [false, true, false, false, true, false]
        );
        assert_eq!(glued("b) Lc4 nu"), [true, false, false]);
        // A number binds to its percent sign with punctuation after it (a table's row).
        assert_eq!(glued("44,6 %; 5,5"), [true, false, false]);
        assert_eq!(glued("var 12 %."), [false, true, false]);
        // Castling is no number: it binds to no move number after it (issue 31).
        assert_eq!(glued("9...0-0 10.Lc4 Sf6"), [false, false, false]);
        assert_eq!(glued("9...0-0-0 10.Lc4"), [false, false]);
        assert_eq!(glued("0-0 10.Lc4"), [false, false]);
    }

    #[test]
    fn abbreviations_dates_and_signs_with_numbers_stay_together() {
        let bound = |s: &str| {
            let (mut cells, mut unmapped) = (Vec::new(), Vec::new());
            text::translate(s, &mut cells, &mut unmapped);
            let mut p = Paragraph::new(0, 0);
            p.push_text(&cells);
            p.words().iter().map(|w| w.bound).collect::<Vec<_>>()
        };
        assert_eq!(bound("t. ex. slut"), [true, false, false]);
        assert_eq!(
            bound("år 400 f. Kr. slut"),
            [false, false, true, false, false]
        );
        assert_eq!(bound("se s. 12 nu"), [false, true, false, false]);
        assert_eq!(bound("kl. 10.30 i dag"), [true, false, false, false]);
        assert_eq!(
            bound("den 17 maj 2024 slut"),
            [false, true, true, false, false]
        );
        assert_eq!(bound("den 3 dec. 2024"), [false, true, true, false]);
        assert_eq!(bound("25 % slut"), [true, false, false]);
        assert_eq!(bound("§ 5 slut"), [true, false, false]);
        assert_eq!(bound("3 × 4 slut"), [true, true, false, false]);
        // Not: a sentence that ends in a short word, a word that is no month, a year alone.
        assert_eq!(bound("en ö. Sedan gick"), [false, false, false, false]);
        assert_eq!(bound("ex. slut"), [false, false]);
        assert_eq!(bound("17 drag 2024"), [false, false, false]);
        assert_eq!(bound("maj var 2024"), [false, false, false]);
    }
}
