//! What the braille stage hands to the layout: blocks of cells with layout hints (indents,
//! unbreakable words, keep-together, keep-with-next, blank lines, page breaks). Nothing here
//! knows the line width: the layout stage decides where lines and pages end.

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
            let mut k = 0;
            while k < cells.len() {
                let run = cells[k..].iter().take_while(|c| !c.is_blank()).count();
                if run > 0 {
                    self.push(&cells[k..k + run]);
                    k += run;
                    continue;
                }
                if self.binds(&cells[k + 1..]) {
                    self.end_word_bound();
                } else {
                    self.end_word();
                }
                k += 1;
            }
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
        let word = &self.cells[start as usize..];
        match asks(word) {
            Some(binding) => binds_after(word, binding, after),
            // (Most words: whether they are `§`, `×` or a month is asked only when a number
            // follows.)
            None if !starts_with_number(after) => false,
            None => binds_after(word, binding(word), after),
        }
    }

    /// [`Paragraph::push_text`] for text whose words are known: each word's cells
    /// (`cells[start..end]`, not empty, no blank among them) and how it binds to the next
    /// ([`binding`]), the words one blank apart (a heading's words kept from game to game:
    /// neither the blanks nor what each word binds to are looked for again).
    pub fn push_words(&mut self, cells: &[Cell], words: &[(u32, u32, Binding)]) {
        self.reserve(cells.len(), words.len());
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

/// What [`Paragraph::binds`] asks of the word before a blank alone: found once for a word
/// that comes again ([`crate::braille::text::WordCache`]).
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum Binding {
    /// It binds to no word after it (most words: no number, not ending as a label or an
    /// abbreviation does, not `§`, `×` or a month).
    Never,
    /// It binds to a number after it, and to nothing else (`§`, `×`, a month).
    ToNumber,
    /// What comes after it decides ([`binds_after`]).
    Asks { has_number: bool },
}

/// How `word` binds to the word after the blank after it.
pub(crate) fn binding(word: &[Cell]) -> Binding {
    asks(word).unwrap_or_else(
        || match is_sign(word, '§') || is_sign(word, '×') || is_month(word) {
            true => Binding::ToNumber,
            false => Binding::Never,
        },
    )
}

/// [`Binding::Asks`] for a word that has a number or ends as a label or an abbreviation does;
/// `None` for most words, which bind to a number after them at most (`§`, `×`, a month):
/// [`binds_after`] answers for them without looking at the next word whole.
fn asks(word: &[Cell]) -> Option<Binding> {
    let has_number = word.iter().any(|&c| [c] == tables::NUMBER_SIGN);
    let ends = |sign: char| tables::lookup(sign).is_some_and(|r| word.ends_with(r.cells));
    (has_number || ends(')') || ends('.')).then_some(Binding::Asks { has_number })
}

/// Whether `cells` start with a number.
fn starts_with_number(cells: &[Cell]) -> bool {
    cells.first().is_some_and(|&c| [c] == tables::NUMBER_SIGN)
}

/// Whether the word `word`, which binds as `binding` says, and the text after the blank after
/// it (`after`) stay on one line ([`Paragraph::binds`]).
fn binds_after(word: &[Cell], binding: Binding, after: &[Cell]) -> bool {
    let has_number = match binding {
        Binding::Never => return false,
        Binding::ToNumber => return starts_with_number(after),
        Binding::Asks { has_number } => has_number,
    };
    let next = &after[..after
        .iter()
        .position(|c| c.is_blank())
        .unwrap_or(after.len())];
    // A label (`2)`, `a)`) stays with what it labels.
    if !next.is_empty() && is_label(word) {
        return true;
    }
    // Most words hold no number at all.
    if !has_number {
        return !next.is_empty() && binds_without_number(word, next);
    }
    let period = tables::lookup('.').map_or(&[][..], |r| r.cells);
    let periods = word.iter().rev().take_while(|&&c| [c] == period).count();
    let digits_end = word.len() - periods;
    let run = |cells: &[Cell]| {
        cells
            .iter()
            .take_while(|&&c| tables::is_digit_cell(c))
            .count()
    };
    let Some(number) = word[..digits_end]
        .iter()
        .rposition(|&c| [c] == tables::NUMBER_SIGN)
    else {
        return false;
    };
    let digits = run(&word[number + 1..digits_end]);
    // A move number: the whole word but for an opening bracket, and runs to the periods
    // (`⠼⠁⠃⠄`, `⠦⠼⠛⠄⠄⠄`); not a move that ends a sentence (`e5.`).
    let opening = |c: Cell| {
        ['(', '[']
            .iter()
            .any(|&b| tables::lookup(b).is_some_and(|r| r.cells == [c]))
    };
    if periods > 0 {
        return number + 1 + digits == digits_end
            && digits > 0
            && word[..number].iter().all(|&c| opening(c))
            && digits <= 3;
    }
    // A number (its digits and the signs inside numbers: `08-123`, `10.30`, `2024-05-17`)
    // with what follows it; castling (`⠼⠚⠤⠼⠚`, which prose writes so too) is no number
    // and binds to nothing (`0-0 10.Lc4`).
    is_number(word)
        && !is_castling(word)
        && (starts_with_number(next)
            || ['%', '‰', '×']
                .iter()
                .any(|&s| is_sign_then_punctuation(next, s))
            || is_month(next))
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

/// A word of a number alone: a number sign first, then digits and the signs inside numbers
/// (`- . , : /`, another number sign), a digit last.
fn is_number(word: &[Cell]) -> bool {
    let inside = |c: Cell| {
        ['-', '.', ',', ':', '/']
            .iter()
            .any(|&b| tables::lookup(b).is_some_and(|r| r.cells == [c]))
    };
    word.first().is_some_and(|&c| [c] == tables::NUMBER_SIGN)
        && word.last().is_some_and(|&c| tables::is_digit_cell(c))
        && word
            .iter()
            .all(|&c| tables::is_digit_cell(c) || [c] == tables::NUMBER_SIGN || inside(c))
}

/// Whether `word` is a label of a list in running text: a number of one or two digits, or a
/// small letter, and a closing parenthesis (`2)`, `b)`).
fn is_label(word: &[Cell]) -> bool {
    let close = tables::lookup(')').map_or(&[][..], |r| r.cells);
    let Some(body) = word.strip_suffix(close) else {
        return false;
    };
    match body {
        [n, digits @ ..] if [*n] == tables::NUMBER_SIGN => {
            (1..=2).contains(&digits.len()) && digits.iter().all(|&c| tables::is_digit_cell(c))
        }
        [letter] => ('a'..='h').any(|l| tables::lookup(l).is_some_and(|r| r.cells == [*letter])),
        _ => false,
    }
}

/// Whether `word` is castling as written with its number signs, after its move number or
/// not: `⠼⠚⠤⠼⠚`, `⠼⠊⠄⠄⠄⠼⠚⠤⠼⠚⠤⠼⠚`.
fn is_castling(word: &[Cell]) -> bool {
    let zero = [tables::NUMBER_SIGN[0], tables::DIGITS[0]];
    let dash = tables::lookup('-').map_or(&[][..], |r| r.cells);
    let period = tables::lookup('.').map_or(&[][..], |r| r.cells);
    // (A move number before it: number sign, digits, periods.)
    let word = match word.iter().position(|&c| period == [c]) {
        Some(k) if word[1..k].iter().all(|&c| tables::is_digit_cell(c)) => {
            let rest = &word[k..];
            &rest[rest.iter().take_while(|&&c| period == [c]).count()..]
        }
        _ => word,
    };
    let mut parts = word.split(|c| dash == [*c]);
    let count = parts.clone().count();
    (2..=3).contains(&count) && parts.all(|p| p == zero)
}

/// Whether `word` is the sign `sign`, alone or with punctuation after it (`%;` in a table's
/// row, `%.` at a sentence's end).
fn is_sign_then_punctuation(word: &[Cell], sign: char) -> bool {
    let Some(cells) = tables::lookup(sign).map(|r| r.cells) else {
        return false;
    };
    word.strip_prefix(cells).is_some_and(|rest| {
        rest.iter().all(|&c| {
            ['.', ',', ';', ':', ')', '!', '?']
                .iter()
                .any(|&p| tables::lookup(p).is_some_and(|r| r.cells == [c]))
        })
    })
}

/// Whether `word` is the sign `sign` alone.
fn is_sign(word: &[Cell], sign: char) -> bool {
    tables::lookup(sign).is_some_and(|r| r.cells == word)
}

/// Whether `word` spells `text` (lower-case ASCII letters and periods).
fn spells(word: &[Cell], text: &str) -> bool {
    word.len() == text.len()
        && text
            .bytes()
            .zip(word)
            .all(|(b, &c)| tables::lookup_ascii(b).is_some_and(|r| r.cells == [c]))
}

/// Swedish months, written out and shortened.
const MONTHS: [&str; 25] = [
    "januari",
    "februari",
    "mars",
    "april",
    "maj",
    "juni",
    "juli",
    "augusti",
    "september",
    "oktober",
    "november",
    "december",
    "jan.",
    "febr.",
    "feb.",
    "mar.",
    "apr.",
    "jun.",
    "jul.",
    "aug.",
    "sept.",
    "sep.",
    "okt.",
    "nov.",
    "dec.",
];

fn is_month(word: &[Cell]) -> bool {
    MONTHS.iter().any(|m| spells(word, m))
}

/// A short abbreviation: one to three small letters and a period, a capital sign allowed
/// before them (`t.`, `ex.`, `kl.`, `Kr.`).
fn is_abbreviation(word: &[Cell]) -> bool {
    let word = word.strip_prefix(tables::CAPITAL).unwrap_or(word);
    let Some((&last, letters)) = word.split_last() else {
        return false;
    };
    let letter = |c: Cell| tables::LETTERS.iter().any(|&(_, l)| l == c);
    is_sign(&[last], '.') && (1..=3).contains(&letters.len()) && letters.iter().all(|&c| letter(c))
}

/// [`Paragraph::binds`] for an open word without a number: a month with its year, `§` and `×`
/// with their number, an abbreviation with the next abbreviation or a number.
fn binds_without_number(word: &[Cell], next: &[Cell]) -> bool {
    let number_next = starts_with_number(next);
    if number_next && (is_sign(word, '§') || is_sign(word, '×') || is_month(word)) {
        return true;
    }
    is_abbreviation(word) && (number_next || is_abbreviation(next))
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
