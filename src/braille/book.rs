//! The prose of a document in braille: title page, headings, paragraphs, lists, quotes, tables
//! and code as [`Block`]s, and the blank lines around games and diagrams (rules.md §7, §8).
//!
//! Every node of every input kind passes through one [`Writer`]: a game of a `.pgn` file and a
//! game of a ```` ```pgn ```` block get the same blank lines, the same heading rules and the
//! same blocks.
//!
//! | node | braille |
//! |---|---|
//! | title page | the lines of `templates/titelsida.txt`, then a page break |
//! | heading | no indent, no emphasis signs; level 1: 3 blank lines before (also at the top of a page), 1 after; other levels: 1 before (left out at the top of a page), 1 after; kept with the next block |
//! | paragraph | first line indented two cells, no blank lines between paragraphs; after a hard line break, a new line at the continuation indent |
//! | italic, bold | rules.md §7 (6-3, 6-36 … 156; 46, 46-46 … 156); bold wins where both are set |
//! | list | a blank line before and after the outermost list; each item starts with its marker (`•` for bullets, `1.`, `1)` numbers) glued to the first word, continuation lines two cells further in; an item whose first block is no paragraph: the marker on a line of its own first; a further paragraph of an item indented two cells; nested lists two cells further in |
//! | block quote | a blank line before and after, every line two cells further in |
//! | a game, a diagram, code, a table in a list item or a block quote | the container's margin added to its own indents (a board as far as the line allows) |
//! | table | a blank line before and after; each row as a paragraph, cells separated by `;` and a blank, an empty cell as `(tom)` |
//! | thematic break | a blank line, six cells of dots 25, a blank line |
//! | page break | a new page (a blank line without pages) |
//! | code | a blank line before and after, each line as it stands (no reflow) |
//! | a game, a diagram | a blank line before and after |

use super::block::{Block, Paragraph, Rule, Seam};
use super::cell::Cell;
use super::tables;
use super::text::{self, Unmapped};
use crate::chess::letters::{SwedishMoves, moves_to_swedish, prose_letters};
use crate::chess::pieces::Language;
use crate::document::{Emphasis, Inline, Node, Opening, Piece, Pos};
use crate::error::{Diagnostic, Warning};
use crate::settings::{Moves, Notation, Options};

/// The title page template (see the file for its fields).
const TITLE_PAGE: &str = include_str!("../../templates/titelsida.txt");

/// Words for the title page's `{notation}` and `{moves}` fields.
const NOTATION_WORDS: &[(Notation, &str)] = &[
    (Notation::Ordinary, "ordinär schacknotation"),
    (Notation::Compact, "kompakt schacknotation"),
];
const MOVES_WORDS: &[(Moves, &str)] = &[
    (Moves::Short, "kort algebraisk"),
    (Moves::Long, "lång algebraisk"),
];

/// The colon (dots 25), which ends a paragraph that introduces the next block.
const COLON: crate::braille::Cell = crate::braille::Cell::dots("25");

/// Print marks of list items and tables, translated with the text rules.
const BULLET: &str = "•";
const CELL_SEPARATOR: &str = "; ";
/// An empty cell: a word of print, in brackets, that no chess sign can be taken for (a dash,
/// `⠤⠤`, is compact notation's omitted move; issue 31).
const EMPTY_CELL: &str = "(tom)";

/// The thematic break line: six cells of dots 25 (a full line of them is a print page change).
const RULE_LINE: [Cell; 6] = [Cell::dots("25"); 6];

/// The print page change line (rules.md §8, MTM 9.3.2): dots 25 to the line's end, the print
/// page number after three of them.
const PRINT_PAGE_FILL: Cell = Cell::dots("25");

/// The lines around a set-off passage (rules.md §8, MTM 9.6): dots 2356, the upper one naming
/// the kind after three of them.
const PASSAGE_FILL: Cell = Cell::dots("2356");
const IMAGE_WORD: &str = "bild";

/// The heading of a chapter's notes, and of the contents list.
pub(crate) const NOTES_HEADING: &str = "Noter";
pub(crate) const CONTENTS_HEADING: &str = "Innehåll";
/// After the contents list's heading where the list goes on in the next volume.
const CONTENTS_CONTINUED: &str = ", forts.";

/// Whether a line of print is the contents list's heading, or its heading where it goes on.
pub(crate) fn is_contents_heading(line: &str) -> bool {
    line.strip_prefix(CONTENTS_HEADING)
        .is_some_and(|rest| rest.is_empty() || rest == CONTENTS_CONTINUED)
}
/// A bulletin's words (`build/bulletin.rs` writes them, `read` reads them back): the word
/// before a round's number and before a board's, the heading over games without a round,
/// the heading of the index of players.
pub(crate) const ROUND_WORD: &str = "Rond";
pub(crate) const BOARD_WORD: &str = "Bord";
pub(crate) const NO_ROUND: &str = "Utan rond";
pub(crate) const INDEX_HEADING: &str = "Spelarregister";

/// The words a title page's notation line begins with (`Schacknotation: `, the fixed text of
/// `templates/titelsida.txt` before its first field): `read` knows a title page by them.
pub(crate) fn title_page_mark() -> &'static str {
    TITLE_PAGE
        .lines()
        .find(|l| !l.starts_with('%') && l.contains("{notation}"))
        .and_then(|l| l.split('{').next())
        .filter(|m| !m.trim().is_empty())
        .unwrap_or("Schacknotation: ")
}

/// How much further in than its entry's first line a contents entry's wrapped lines go (two
/// steps: more than the next level's entries).
const CONTENTS_WRAP: usize = 2 * NEST_INDENT;

/// Blank lines before a heading: level 1, other levels (rules.md §8).
const MAIN_HEADING_BLANKS: usize = 3;
const HEADING_BLANKS: usize = 1;

/// Indent of paragraph first lines, and the step of lists and block quotes.
const PARAGRAPH_INDENT: usize = 2;
const NEST_INDENT: usize = 2;

/// A container block around the current one.
#[derive(Copy, Clone, Debug)]
enum Frame {
    Quote,
    /// A list, the number of its next item (`None`: bullets) and what follows the number.
    List(Option<u64>, char),
    Item,
}

/// Writes the nodes of documents as blocks, keeping the state that runs from node to node
/// (containers, list markers, the blank line due before the next block).
pub(crate) struct Writer {
    /// The file of the nodes being written, for messages.
    file: String,
    frames: Vec<Frame>,
    /// Lists among the frames, and quotes and items (each two cells of margin).
    lists: usize,
    indented: usize,
    /// The marker of a list item whose first line is not written yet.
    marker: Option<Vec<Cell>>,
    /// A blank line is due before the next block.
    want_blank: bool,
    /// The last thing written ends with a blank line (or nothing is written yet).
    after_blank: bool,
    /// Blank lines the last block, a heading, has after it: a heading right after it needs
    /// only the rest of its own (two headings in a row: one blank line between them).
    after_heading: usize,
    cells: Vec<Cell>,
    unmapped: Vec<Unmapped>,
    /// The piece letters of moves in prose, when they are not the Swedish ones
    /// (`source_notation: en`, `fr` …).
    letters: Option<&'static Language>,
    /// Where soft hyphens stood in the last text translated (indices in `cells`).
    soft_hyphens: Vec<usize>,
    /// The contents list: the headings found, and those of the pass before with their pages.
    contents: Contents,
    /// What the next title page says of its volume (the first volume's, on the book's own
    /// title page); taken by it.
    volume: Option<VolumeTitle>,
}

/// What a volume's title page says of the volume: its number, how many there are, the
/// braille pages it holds and the print pages they come from.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub(crate) struct VolumeTitle {
    pub number: usize,
    pub of: usize,
    pub pages: (u32, u32),
    /// The first and last print page (`<!-- sida N -->`) of the volume, when the book has them.
    pub print: Option<(String, String)>,
}

impl VolumeTitle {
    /// The words of the title page's `{volume}`, `{braille_pages}` and `{print_pages}`
    /// fields; empty (their lines left out) when the book is one volume.
    fn words(&self) -> (String, String, String) {
        if self.of < 2 {
            return Default::default();
        }
        let range = |a: &str, b: &str| match a == b {
            true => a.to_owned(),
            false => format!("{a}–{b}"),
        };
        let (first, last) = self.pages;
        (
            format!("{} av {}", self.number, self.of),
            range(&first.to_string(), &last.to_string()),
            self.print
                .as_ref()
                .map_or_else(String::new, |(a, b)| range(a, b)),
        )
    }
}

/// A heading the contents list names: its level and cells.
#[derive(Clone, Debug, Eq, PartialEq)]
pub(crate) struct Entry {
    pub level: u8,
    pub cells: Vec<Cell>,
}

/// What the contents list needs across a build's passes: the book is laid out once to learn
/// where its headings stand, then again with the list written (and again while its page
/// numbers change the pages).
#[derive(Clone, Debug, Default)]
pub(crate) struct Contents {
    /// Headings are noted (some book of the output has a contents list).
    pub wanted: bool,
    /// The headings of this pass, in order; each heading's paragraph carries its index as
    /// its mark ([`Paragraph::mark`]), so that the layout tells its page.
    pub found: Vec<Entry>,
    /// The list to write: the headings of the pass before, each with its page (`None`
    /// without pages).
    pub known: Vec<(Entry, Option<u32>)>,
    /// The list is written in this pass (an output has one).
    pub written: bool,
}

impl Default for Writer {
    fn default() -> Self {
        Writer {
            file: String::new(),
            frames: Vec::new(),
            lists: 0,
            indented: 0,
            marker: None,
            letters: None,
            soft_hyphens: Vec::new(),
            contents: Contents::default(),
            volume: None,
            want_blank: false,
            after_blank: true,
            after_heading: 0,
            cells: Vec::new(),
            unmapped: Vec::new(),
        }
    }
}

impl Writer {
    /// A new input begins; a book (or a chapter) on a new page when `new_page`.
    pub(crate) fn start_input(
        &mut self,
        file: &str,
        book: bool,
        new_page: bool,
        out: &mut Vec<Block>,
    ) {
        file.clone_into(&mut self.file);
        if book {
            if new_page {
                out.push(Block::RectoBreak);
            }
            let file = std::mem::take(&mut self.file);
            let contents = std::mem::take(&mut self.contents);
            let volume = self.volume.take();
            *self = Writer {
                file,
                contents,
                volume,
                ..Writer::default()
            };
        }
    }

    /// The contents list: what this pass found (in), what the pass before found (out).
    pub(crate) fn contents(&mut self) -> &mut Contents {
        &mut self.contents
    }

    /// What the book's own title page says of the first volume.
    pub(crate) fn set_volume(&mut self, volume: Option<VolumeTitle>) {
        self.volume = volume;
    }

    /// The title page of a volume (the title page's template with the book's title and author
    /// and the volume's pages), ending with its page break. The title and author were checked
    /// on the book's own title page: nothing is warned here.
    pub(crate) fn volume_title_page(
        title: Option<&str>,
        author: Option<&str>,
        volume: VolumeTitle,
        options: &Options,
    ) -> Vec<Block> {
        let inline = |text: Option<&str>| {
            text.map(|t| {
                vec![Piece {
                    text: t.to_owned(),
                    emphasis: Emphasis::None,
                    at: Pos { line: 1, column: 1 },
                }]
            })
        };
        let mut writer = Writer {
            volume: Some(volume),
            ..Writer::default()
        };
        let mut out = Vec::new();
        writer.title_page(
            inline(title).as_ref(),
            inline(author).as_ref(),
            options,
            &mut out,
            &mut |_| {},
        );
        out
    }

    /// The heading of a contents list where it goes on in the next volume, after that
    /// volume's title page: `Innehåll, forts.` (issue 31), as the list's own heading stands.
    pub(crate) fn contents_continued() -> Vec<Block> {
        let mut writer = Writer::default();
        let mut out = Vec::new();
        let text = writer.plain(&format!("{CONTENTS_HEADING}{CONTENTS_CONTINUED}"));
        writer.heading(1, &text, None, &mut out, &mut |_| {});
        out
    }

    /// A game or a diagram: its blocks with a blank line before and after.
    /// Inside a list item or a block quote, it keeps the container's margin.
    pub(crate) fn unit(&mut self, blocks: impl IntoIterator<Item = Block>, out: &mut Vec<Block>) {
        if self.frames.is_empty() {
            out.push(Block::Seam(Seam::Block));
        }
        self.want_blank = true;
        let margin = self.margin();
        for mut b in blocks {
            b.indent(margin);
            self.push(b, out);
        }
        // A game or position keeps nothing with what follows it; nor does a heading over one
        // that wrote nothing (a forfeit's in a bulletin, a game of tags only): a row of them
        // would be one chain, moved to the next page whole.
        let last = out
            .iter_mut()
            .rev()
            .find(|b| !matches!(b, Block::Seam(_) | Block::Origin(_)));
        if let Some(Block::Paragraph(p)) = last {
            p.keep_with_next = false;
        }
        self.want_blank = true;
    }

    /// Writes a node of prose (games and positions go through [`Writer::unit`]).
    pub(crate) fn node(
        &mut self,
        node: &Node,
        options: &Options,
        out: &mut Vec<Block>,
        warn: &mut dyn FnMut(Warning),
    ) {
        self.node_laid(node, options, out, warn, &mut |_| {});
    }

    /// [`Writer::node`], handing `laid` the blocks made so far now and then while a long
    /// node is written (a contents list of 40 000 games: its blocks, made all at once, were
    /// most of a bulletin's memory), for the layout to take them.
    pub(crate) fn node_laid(
        &mut self,
        node: &Node,
        options: &Options,
        out: &mut Vec<Block>,
        warn: &mut dyn FnMut(Warning),
        laid: &mut dyn FnMut(&mut Vec<Block>),
    ) {
        self.letters = prose_letters(options.source_notation);
        if let Some(seam) = self.seam_before(node) {
            out.push(Block::Seam(seam));
        }
        match node {
            Node::TitlePage { title, author } => {
                self.title_page(title.as_ref(), author.as_ref(), options, out, warn)
            }
            Node::Heading { level, text } => self.listed_heading(*level, text, options, out, warn),
            Node::Paragraph {
                text,
                opening,
                broken,
            } => self.paragraph(text, *opening, *broken, out, warn),
            Node::PrintPage { number, at } => self.print_page(number, *at, out, warn),
            Node::Image {
                alt,
                title,
                address,
            } => self.image(alt, title, address, out, warn),
            Node::Contents if self.contents.written => warn(Warning(Diagnostic::new(
                crate::error::Location {
                    file: self.file.clone(),
                    line: 1,
                    column: 1,
                },
                "a second contents list is left out: a book has one",
            ))),
            Node::Contents => self.contents_list(options, out, warn, laid),
            Node::Notes { .. } => {
                let text = self.plain(NOTES_HEADING);
                self.heading(2, &text, None, out, warn);
            }
            // A note is an item marked with its number: its text hangs under it.
            Node::NoteStart { number, .. } => self.start_item(&number.to_string()),
            Node::NoteEnd => self.end_item(out, warn),
            Node::QuoteStart => {
                // A list item that starts with a quote: its marker first, outside the quote.
                self.marker_alone(out);
                self.want_blank = true;
                self.push_frame(Frame::Quote);
            }
            Node::QuoteEnd => {
                self.pop_frame();
                self.want_blank = true;
            }
            Node::ListStart { first, delimiter } => {
                // A list item that starts with a list: its own marker first.
                self.marker_alone(out);
                if !self.in_list() {
                    self.want_blank = true;
                }
                self.push_frame(Frame::List(*first, *delimiter));
            }
            Node::ListEnd => {
                self.pop_frame();
                if !self.in_list() {
                    self.want_blank = true;
                }
            }
            Node::ItemStart => {
                let mark = self.next_item_mark();
                self.start_item(&mark);
            }
            Node::ItemEnd => self.end_item(out, warn),
            Node::TableStart | Node::TableEnd => self.want_blank = true,
            Node::TableRow { cells } => self.table_row(cells, out, warn),
            Node::ThematicBreak => {
                self.want_blank = true;
                let mut p = Paragraph::new(0, 0);
                p.push(&RULE_LINE);
                self.push(Block::Paragraph(p), out);
                self.want_blank = true;
            }
            Node::PageBreak => {
                out.push(Block::PageBreak);
                self.want_blank = false;
                self.after_blank = true;
            }
            Node::Code { lines } => self.code(lines, out, warn),
            Node::Games(_) | Node::Position(_) => {}
        }
    }

    /// A heading, and its entry in the contents list when the list names its level.
    fn listed_heading(
        &mut self,
        level: u8,
        text: &Inline,
        options: &Options,
        out: &mut Vec<Block>,
        warn: &mut dyn FnMut(Warning),
    ) {
        let listed = self.contents.wanted && level as usize <= options.toc_depth;
        let mark = listed.then(|| u32::try_from(self.contents.found.len()).ok());
        let p = self.heading(level, text, mark.flatten(), out, warn);
        if let (Some(Some(_)), Some(cells)) = (mark, p) {
            self.contents.found.push(Entry { level, cells });
        }
    }

    /// The marker of the next item of the list in force: its number and delimiter, counted
    /// on, or the bullet.
    fn next_item_mark(&mut self) -> String {
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

    /// Where a volume may end before `node`: before the top-level blocks of prose, never
    /// inside a list, a quote, a note or a table.
    fn seam_before(&self, node: &Node) -> Option<Seam> {
        if !self.frames.is_empty() {
            return None;
        }
        match node {
            Node::Heading { level: 1, .. } => Some(Seam::Chapter),
            Node::Heading { level: 2, .. } | Node::Notes { .. } => Some(Seam::Section),
            Node::Heading { .. }
            | Node::Paragraph { .. }
            | Node::PrintPage { .. }
            | Node::Image { .. }
            | Node::TableStart
            | Node::ThematicBreak
            | Node::Code { .. }
            | Node::ListStart { .. }
            | Node::QuoteStart => Some(Seam::Block),
            _ => None,
        }
    }

    /// A list item (or a note) begins: its marker waits for its first block.
    fn start_item(&mut self, mark: &str) {
        let mut cells = Vec::new();
        text::translate(mark, &mut cells, &mut Vec::new());
        self.marker = Some(cells);
        self.push_frame(Frame::Item);
    }

    /// A list item (or a note) ends; an empty one is its marker alone.
    fn end_item(&mut self, out: &mut Vec<Block>, warn: &mut dyn FnMut(Warning)) {
        if self.marker.is_some() {
            self.paragraph(&Vec::new(), Opening::Indented, false, out, warn);
        }
        self.pop_frame();
    }

    fn in_list(&self) -> bool {
        self.lists > 0
    }

    /// The left margin of the current container.
    fn margin(&self) -> usize {
        self.indented * NEST_INDENT
    }

    /// Enters a container; what it counts is kept as it goes, so that a book nested 100 000
    /// lists deep is not walked at every block.
    fn push_frame(&mut self, frame: Frame) {
        match frame {
            Frame::List(..) => self.lists += 1,
            Frame::Quote | Frame::Item => self.indented += 1,
        }
        self.frames.push(frame);
    }

    fn pop_frame(&mut self) {
        match self.frames.pop() {
            Some(Frame::List(..)) => self.lists -= 1,
            Some(Frame::Quote | Frame::Item) => self.indented -= 1,
            None => {}
        }
    }

    /// Adds a block, with the blank line due before it, and the marker of a list item whose
    /// first block it is when that is not a paragraph (which takes the marker itself).
    fn push(&mut self, mut block: Block, out: &mut Vec<Block>) {
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
    fn marker_alone(&mut self, out: &mut Vec<Block>) {
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

    /// Translates inline text into `self.cells`, reporting characters with no rule at their
    /// place.
    fn translate(&mut self, pieces: &[Piece], warn: &mut dyn FnMut(Warning)) {
        self.cells.clear();
        self.unmapped.clear();
        // Another language's piece letters become Swedish ones, letter for letter: places
        // stay.
        let texts: Vec<SwedishMoves<'_>> = pieces
            .iter()
            .map(|p| match self.letters {
                Some(lang) => moves_to_swedish(&p.text, lang),
                None => SwedishMoves::unchanged(&p.text),
            })
            .collect();
        let spans: Vec<(&str, Emphasis)> = texts
            .iter()
            .zip(pieces)
            .map(|(t, p)| (t.text.as_ref(), p.emphasis))
            .collect();
        // An offset in the pieces' text as translated, in their text as written (they differ
        // after a piece letter of two bytes).
        let to_source = |offset: usize| {
            let (mut translated, mut written) = (0, 0);
            for (t, p) in texts.iter().zip(pieces) {
                if offset < translated + t.text.len() {
                    return written + t.source_offset(offset - translated);
                }
                translated += t.text.len();
                written += p.text.len();
            }
            written + (offset - translated)
        };
        self.soft_hyphens = text::translate_spans(&spans, &mut self.cells, &mut self.unmapped);
        // The piece that holds each character (they come in order), where that piece starts
        // in the text, and the places counted in it so far.
        let mut piece = 0;
        let mut piece_start = 0;
        let mut places = Places::new(pieces.first().map_or("", |p| p.text.as_str()));
        let mut place = |u: &Unmapped| {
            let offset = to_source(u.offset);
            if offset < piece_start {
                (piece, piece_start) = (0, 0);
                places = Places::new(pieces.first().map_or("", |p| p.text.as_str()));
            }
            while let Some(p) = pieces.get(piece)
                && offset >= piece_start + p.text.len()
            {
                piece_start += p.text.len();
                piece += 1;
                places = Places::new(pieces.get(piece).map_or("", |p| p.text.as_str()));
            }
            let at = match pieces.get(piece) {
                Some(p) => places.at(offset - piece_start, p.at),
                None => pieces.last().map(|p| p.at).unwrap_or_default(),
            };
            at.in_file(&self.file)
        };
        report_unmapped(&self.unmapped, &mut place, warn);
    }

    fn title_page(
        &mut self,
        title: Option<&Inline>,
        author: Option<&Inline>,
        options: &Options,
        out: &mut Vec<Block>,
        warn: &mut dyn FnMut(Warning),
    ) {
        fn value(p: Option<&Inline>) -> String {
            let text: String = p.into_iter().flatten().map(|p| p.text.as_str()).collect();
            text.trim().to_owned()
        }
        let (title_text, author_text) = (value(title), value(author));
        let volume = self.volume.take().unwrap_or_default();
        let (number, pages, print) = volume.words();
        let fields: [(&str, &str, Option<&Inline>); 7] = [
            ("{title}", &title_text, title),
            ("{author}", &author_text, author),
            ("{notation}", word(NOTATION_WORDS, options.notation), None),
            ("{moves}", word(MOVES_WORDS, options.moves), None),
            ("{volume}", &number, None),
            ("{braille_pages}", &pages, None),
            ("{print_pages}", &print, None),
        ];
        let mut blanks = 0;
        for line in TITLE_PAGE.lines().filter(|l| !l.starts_with('%')) {
            if line.trim().is_empty() {
                blanks += 1;
                continue;
            }
            let mut text = line.to_string();
            let mut empty_field = false;
            let mut source = None;
            for (field, value, piece) in fields {
                if text.contains(field) {
                    empty_field |= value.is_empty();
                    text = text.replace(field, value);
                    source = source.or(piece);
                }
            }
            if empty_field {
                continue;
            }
            self.cells.clear();
            self.unmapped.clear();
            text::translate(&text, &mut self.cells, &mut self.unmapped);
            // At the character in the front matter value it comes from.
            let mut place = |u: &Unmapped| {
                source
                    .into_iter()
                    .flatten()
                    .find_map(|p| {
                        let i = p.text.find(u.ch)?;
                        Some(p.at.plus(p.text.get(..i)?.chars().count()))
                    })
                    .unwrap_or(Pos { line: 1, column: 1 })
                    .in_file(&self.file)
            };
            report_unmapped(&self.unmapped, &mut place, warn);
            let mut p = Paragraph::new(0, NEST_INDENT);
            p.push_text(&self.cells);
            p.blank_before = std::mem::take(&mut blanks);
            p.blank_before_at_top = true;
            self.push(Block::Paragraph(p), out);
        }
        out.push(Block::RectoBreak);
        self.after_blank = true;
        self.after_heading = 0;
    }

    fn paragraph(
        &mut self,
        text: &Inline,
        opening: Opening,
        broken: bool,
        out: &mut Vec<Block>,
        warn: &mut dyn FnMut(Warning),
    ) {
        self.translate(text, warn);
        let margin = self.margin();
        // The lines of a hard-broken paragraph start at the margin; a wrap goes further in.
        // A list item's first paragraph starts with its marker; a further paragraph of the
        // item is indented as any paragraph is, so that it can be told from a wrap.
        let after_break = opening == Opening::AfterBreak;
        let wrap = if after_break || broken {
            NEST_INDENT
        } else {
            0
        };
        let (first, rest) = if self.marker.is_some() {
            (margin.saturating_sub(NEST_INDENT), margin + wrap)
        } else if opening != Opening::Indented {
            (margin, margin + wrap)
        } else {
            (margin + PARAGRAPH_INDENT, margin + wrap)
        };
        let mut p = Paragraph::new(first, rest);
        if let Some(marker) = self.marker.take() {
            p.push(&marker);
            p.end_word_glued();
        }
        p.push_text_cut(&self.cells, &self.soft_hyphens);
        p.end_word();
        if p.word_count() > 0 {
            self.push(Block::Paragraph(p), out);
        }
    }

    /// A heading; `mark`: its number in the contents list. Returns its cells.
    fn heading(
        &mut self,
        level: u8,
        text: &Inline,
        mark: Option<u32>,
        out: &mut Vec<Block>,
        warn: &mut dyn FnMut(Warning),
    ) -> Option<Vec<Cell>> {
        // A heading that begins a list item follows its marker with no blank lines between.
        let after_marker = self.marker.is_some();
        self.marker_alone(out);
        self.translate(text, warn);
        let margin = self.margin();
        let mut p = Paragraph::new(margin, margin);
        p.push_text_cut(&self.cells, &self.soft_hyphens);
        p.end_word();
        let main = level == 1;
        p.blank_before = if after_marker {
            0
        } else if main {
            MAIN_HEADING_BLANKS
        } else {
            HEADING_BLANKS
        };
        p.blank_before = p.blank_before.saturating_sub(self.after_heading);
        p.blank_before_at_top = main;
        p.blank_after = 1;
        p.keep_with_next = true;
        p.mark = mark;
        self.want_blank = false;
        self.after_heading = p.blank_after;
        // The contents entry: the heading without its notes' numbers.
        let cells = mark.map(|_| {
            if text
                .iter()
                .any(|p| p.text.starts_with(tables::NUMBER_BREAK))
            {
                let without: Inline = text
                    .iter()
                    .filter(|p| !p.text.starts_with(tables::NUMBER_BREAK))
                    .cloned()
                    .collect();
                self.translate(&without, &mut |_| {});
            }
            self.cells.clone()
        });
        out.push(Block::Paragraph(p));
        self.after_blank = true;
        cells
    }

    /// Text of the program's own (a heading it adds) as inline text.
    fn plain(&self, text: &str) -> Inline {
        vec![Piece {
            text: text.to_owned(),
            emphasis: Emphasis::None,
            at: Pos { line: 1, column: 1 },
        }]
    }

    /// A print page change: a full line of dots 25 with the print page number (rules.md §8),
    /// kept with what follows it.
    fn print_page(
        &mut self,
        number: &str,
        at: Pos,
        out: &mut Vec<Block>,
        warn: &mut dyn FnMut(Warning),
    ) {
        let piece = vec![Piece {
            text: number.to_owned(),
            emphasis: Emphasis::None,
            at,
        }];
        self.translate(&piece, warn);
        let rule = Rule {
            fill: PRINT_PAGE_FILL,
            label: self.cells.clone(),
            keep_with_next: true,
            print_page: Some(number.into()),
        };
        self.push(Block::Rule(rule), out);
    }

    /// An image: a set-off passage named `bild` (rules.md §8, MTM 9.6): a full line of dots
    /// 2356 naming it, the alt text and the title indented two cells, a full line of dots
    /// 2356; a blank line before and after. With neither alt text nor title, its address.
    fn image(
        &mut self,
        alt: &Inline,
        title: &Inline,
        address: &Inline,
        out: &mut Vec<Block>,
        warn: &mut dyn FnMut(Warning),
    ) {
        let mut word = Vec::new();
        text::translate(IMAGE_WORD, &mut word, &mut Vec::new());
        self.want_blank = true;
        self.push(
            Block::Rule(Rule {
                fill: PASSAGE_FILL,
                label: word,
                keep_with_next: true,
                print_page: None,
            }),
            out,
        );
        let has = |t: &Inline| t.iter().any(|p| !p.text.trim().is_empty());
        let texts: Vec<&Inline> = match (has(alt), has(title)) {
            (false, false) => vec![address],
            (true, true) => vec![alt, title],
            (true, false) => vec![alt],
            (false, true) => vec![title],
        };
        let margin = self.margin() + NEST_INDENT;
        for text in texts {
            self.translate(text, warn);
            let mut p = Paragraph::new(margin, margin);
            p.push_text_cut(&self.cells, &self.soft_hyphens);
            p.end_word();
            if p.word_count() > 0 {
                self.push(Block::Paragraph(p), out);
            }
        }
        self.push(
            Block::Rule(Rule {
                fill: PASSAGE_FILL,
                label: Vec::new(),
                keep_with_next: false,
                print_page: None,
            }),
            out,
        );
        self.want_blank = true;
    }

    /// The contents list: a main heading, then each heading of the pass before, sub-headings
    /// two cells further in, its braille page number right-aligned at the end of its last
    /// line; the book goes on on a new page.
    fn contents_list(
        &mut self,
        options: &Options,
        out: &mut Vec<Block>,
        warn: &mut dyn FnMut(Warning),
        laid: &mut dyn FnMut(&mut Vec<Block>),
    ) {
        self.contents.written = true;
        if self.contents.known.is_empty() {
            // The pass before found no heading (the first pass finds them; it warns nothing).
            warn(Warning(Diagnostic::new(
                crate::error::Location {
                    file: self.file.clone(),
                    line: 1,
                    column: 1,
                },
                format!(
                    "the contents list is empty: no headings down to level {}",
                    options.toc_depth
                ),
            )));
        }
        let text = self.plain(CONTENTS_HEADING);
        self.heading(1, &text, None, out, &mut |_| {});
        // In a container (a marker in a list or quote), the list keeps the heading's margin.
        let margin = self.margin();
        let mut first_entry = true;
        for (entry, page) in &self.contents.known {
            if usize::from(entry.level) > options.toc_depth {
                continue;
            }
            // A volume may end between two entries, when nothing better fits (a contents
            // list longer than a volume goes on in the next).
            if !std::mem::take(&mut first_entry) && self.frames.is_empty() {
                out.push(Block::Seam(match entry.level {
                    1 => Seam::Contents,
                    _ => Seam::ContentsEntry,
                }));
            }
            let first = margin + NEST_INDENT * usize::from(entry.level.saturating_sub(1));
            let mut p = Paragraph::new(first, first + CONTENTS_WRAP);
            // An entry's lines on one page: its page number is on its last line.
            p.keep_together = true;
            p.push_text(&entry.cells);
            p.end_word();
            if let Some(page) = page {
                super::page_number(*page, &mut p.trailer);
            }
            out.push(Block::Paragraph(p));
            if out.len() >= CONTENTS_PART {
                laid(out);
            }
        }
        out.push(Block::RectoBreak);
        self.want_blank = false;
        self.after_blank = true;
        self.after_heading = 0;
    }

    fn table_row(&mut self, cells: &[Inline], out: &mut Vec<Block>, warn: &mut dyn FnMut(Warning)) {
        let mut pieces: Inline = Vec::new();
        for (i, cell) in cells.iter().enumerate() {
            let at = cell.first().map(|p| p.at).unwrap_or_default();
            let mark = |text: &str| Piece {
                text: text.to_owned(),
                emphasis: Emphasis::None,
                at,
            };
            if i > 0 {
                pieces.push(mark(CELL_SEPARATOR));
            }
            if cell.iter().all(|p| p.text.trim().is_empty()) {
                pieces.push(mark(EMPTY_CELL));
            } else {
                pieces.extend(cell.iter().cloned());
            }
        }
        self.translate(&pieces, warn);
        let margin = self.margin();
        let mut p = Paragraph::new(margin, margin + NEST_INDENT);
        p.push_text_cut(&self.cells, &self.soft_hyphens);
        p.end_word();
        self.push(Block::Paragraph(p), out);
    }

    fn code(
        &mut self,
        lines: &[(String, Pos)],
        out: &mut Vec<Block>,
        warn: &mut dyn FnMut(Warning),
    ) {
        self.want_blank = true;
        let margin = self.margin();
        for (line, at) in lines {
            if line.trim().is_empty() {
                self.push(Block::Blank, out);
                continue;
            }
            self.cells.clear();
            self.unmapped.clear();
            text::translate(line, &mut self.cells, &mut self.unmapped);
            let mut places = Places::new(line);
            let mut place = |u: &Unmapped| places.at(u.offset, *at).in_file(&self.file);
            report_unmapped(&self.unmapped, &mut place, warn);
            // The line's own indent stays (a tab to the next multiple of four), and a line
            // that must wrap goes on two cells further in.
            let mut lead = 0;
            for c in line.chars() {
                match c {
                    ' ' => lead += 1,
                    '\t' => lead += 4 - lead % 4,
                    _ => break,
                }
            }
            let mut p = Paragraph::new(margin + lead, margin + lead + NEST_INDENT);
            p.push_text(&self.cells);
            p.end_word();
            if p.word_count() > 0 {
                self.push(Block::Paragraph(p), out);
            }
        }
        self.want_blank = true;
    }
}

/// Blocks of a contents list handed to the layout at a time ([`Writer::node_laid`]).
const CONTENTS_PART: usize = 256;

/// The words of a table for a value.
fn word<K: PartialEq>(table: &[(K, &'static str)], key: K) -> &'static str {
    table
        .iter()
        .find(|(k, _)| *k == key)
        .map_or("", |(_, w)| *w)
}

/// Places of characters in a text, asked for by byte offsets in order: each is counted on from
/// the one before, so a text with many characters to report is walked once. (Counting from the
/// start for each made a long line of unknown characters quadratic: a 1 MB comment of them
/// took hours.)
pub(crate) struct Places<'a> {
    text: &'a str,
    /// The offset counted to, the line ends before it, and the characters after the last one.
    byte: usize,
    lines: u32,
    column: usize,
}

impl<'a> Places<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Places {
            text,
            byte: 0,
            lines: 0,
            column: 0,
        }
    }

    /// The place of byte `offset` of the text, whose first character stands at `start` (an
    /// offset before the last one asked for counts from the start again).
    pub(crate) fn at(&mut self, offset: usize, start: Pos) -> Pos {
        if offset < self.byte {
            *self = Places::new(self.text);
        }
        if let Some(passed) = self.text.get(self.byte..offset) {
            for c in passed.chars() {
                if c == '\n' {
                    self.lines = self.lines.saturating_add(1);
                    self.column = 0;
                } else {
                    self.column += 1;
                }
            }
            self.byte = offset;
        }
        if self.lines == 0 {
            start.plus(self.column)
        } else {
            Pos {
                line: start.line.saturating_add(self.lines),
                column: 1,
            }
            .plus(self.column)
        }
    }
}

/// How many characters with no braille rule one text (a paragraph, a line of code, a comment,
/// a heading) reports one by one; one more warning counts the rest, at the first of them. A line
/// of thousands of unknown characters would otherwise give thousands of warnings, each showing
/// that line.
pub(crate) const UNMAPPED_SHOWN: usize = 20;

/// Reports the characters of one text that have no braille rule: the first [`UNMAPPED_SHOWN`]
/// each at its place (`place` is asked in order), then a count of the rest.
pub(crate) fn report_unmapped(
    unmapped: &[Unmapped],
    place: &mut dyn FnMut(&Unmapped) -> crate::error::Location,
    warn: &mut dyn FnMut(Warning),
) {
    for u in unmapped.iter().take(UNMAPPED_SHOWN) {
        warn(no_rule(place(u), u.ch));
    }
    if let Some(first) = unmapped.get(UNMAPPED_SHOWN) {
        let more = unmapped.len() - UNMAPPED_SHOWN;
        warn(Warning(
            Diagnostic::new(
                place(first),
                format!(
                    "{more} more characters with no braille rule here, from this one on, are \
                     not reported one by one; a substitute is written for each"
                ),
            )
            .with_width(1),
        ));
    }
}

/// The warning for a character with no braille rule. The replacement character U+FFFD is
/// what decoding puts where the input could not be decoded (a lone surrogate in UTF-16): the
/// hint says so, since the character in the source is not the one shown.
pub(crate) fn no_rule(location: crate::error::Location, ch: char) -> Warning {
    let d = Diagnostic::new(
        location,
        format!(
            "no braille rule for the character '{ch}' (U+{:04X}); a substitute is written",
            u32::from(ch)
        ),
    );
    Warning(match ch {
        char::REPLACEMENT_CHARACTER => d.with_hint(
            "U+FFFD stands where the input could not be decoded (such as a lone surrogate in \
             UTF-16): correct the source here",
        ),
        _ => d,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::cell::to_unicode_string;

    fn piece(text: &str) -> Inline {
        vec![Piece {
            text: text.to_owned(),
            emphasis: Emphasis::None,
            at: Pos { line: 1, column: 1 },
        }]
    }

    /// Unknown characters are each reported at their place, across the pieces of a paragraph,
    /// up to [`UNMAPPED_SHOWN`]; one more warning counts the rest. Their places are counted
    /// once for the whole text (a 200 000-character paragraph of them is quick).
    #[test]
    fn unknown_characters_are_reported_at_their_places_then_counted() {
        let text = vec![
            Piece {
                text: "a☃b☃".into(),
                emphasis: Emphasis::None,
                at: Pos { line: 3, column: 1 },
            },
            Piece {
                text: "☃".repeat(200_000),
                emphasis: Emphasis::Italic,
                at: Pos { line: 3, column: 6 },
            },
        ];
        let (b, w) = write(&[Node::Paragraph {
            text,
            opening: Opening::Indented,
            broken: false,
        }]);
        assert_eq!(b.len(), 1);
        let shown: Vec<_> = w
            .iter()
            .map(|w| (w.0.location.line, w.0.location.column))
            .collect();
        let mut want = vec![(3, 2), (3, 4)];
        want.extend((0..19).map(|i| (3, 6 + i)));
        assert_eq!(shown, want);
        assert!(w[..20].iter().all(|w| w.0.message.contains("'☃' (U+2603)")));
        assert_eq!(
            w[20].0.message,
            "199982 more characters with no braille rule here, from this one on, are not \
             reported one by one; a substitute is written for each"
        );
    }

    #[test]
    fn an_undecodable_character_is_named_as_such() {
        let at = Pos { line: 3, column: 6 }.in_file("bok.md");
        let w = no_rule(at.clone(), '\u{fffd}');
        assert!(w.0.message.contains("(U+FFFD)"), "{w:?}");
        assert!(
            w.0.hint
                .as_deref()
                .is_some_and(|h| h.contains("lone surrogate")),
            "{w:?}"
        );
        assert_eq!(w.0.location, at);
        assert_eq!(no_rule(at, '☃').0.hint, None);
    }

    /// What a block is, in short: `P(first,rest) text` for a paragraph, `_` for a blank line,
    /// `/` for a page break. Seams are left out (see `seams_stand_between_top_level_blocks`).
    fn show(blocks: &mut [Block]) -> Vec<String> {
        blocks
            .iter_mut()
            .filter(|b| !matches!(b, Block::Seam(_)))
            .map(|b| match b {
                Block::Paragraph(p) => {
                    let words: Vec<_> = p.words().to_vec();
                    let text: Vec<String> = words
                        .iter()
                        .map(|&w| to_unicode_string(p.word_cells(w)))
                        .collect();
                    format!("P({},{}) {}", p.first_indent, p.rest_indent, text.join("⠀"))
                }
                Block::Blank => "_".into(),
                Block::PageBreak | Block::RectoBreak => "/".into(),
                other => format!("{other:?}"),
            })
            .collect()
    }

    fn write(nodes: &[Node]) -> (Vec<String>, Vec<Warning>) {
        let mut w = Writer::default();
        let mut out = Vec::new();
        let mut warnings = Vec::new();
        for n in nodes {
            w.node(n, &Options::default(), &mut out, &mut |x| warnings.push(x));
        }
        (show(&mut out), warnings)
    }

    fn t(s: &str) -> String {
        crate::text_to_unicode(s)
    }

    #[test]
    fn paragraphs_lists_and_quotes_indent_as_the_book_says() {
        let (b, _) = write(&[
            Node::Paragraph {
                text: piece("Ett."),
                opening: Opening::Indented,
                broken: false,
            },
            Node::ListStart {
                first: Some(3),
                delimiter: '.',
            },
            Node::ItemStart,
            Node::Paragraph {
                text: piece("Två."),
                opening: Opening::Indented,
                broken: false,
            },
            Node::ItemEnd,
            Node::ItemStart,
            Node::ItemEnd,
            Node::ListEnd,
            Node::QuoteStart,
            Node::Paragraph {
                text: piece("Tre."),
                opening: Opening::Indented,
                broken: false,
            },
            Node::QuoteEnd,
            Node::Paragraph {
                text: piece("Fyra."),
                opening: Opening::AfterBreak,
                broken: false,
            },
        ]);
        assert_eq!(
            b,
            [
                format!("P(2,0) {}", t("Ett.")),
                "_".into(),
                format!("P(0,2) {}⠀{}", t("3."), t("Två.")),
                format!("P(0,2) {}", t("4.")),
                "_".into(),
                format!("P(4,2) {}", t("Tre.")),
                "_".into(),
                // A line after a hard break: at the margin, its wraps two cells in.
                format!("P(0,2) {}", t("Fyra.")),
            ]
        );
    }

    #[test]
    fn a_unit_gets_one_blank_line_before_and_after() {
        let mut w = Writer::default();
        let mut out = Vec::new();
        // At the start nothing is before it: no blank line.
        w.unit([Block::Paragraph(Paragraph::new(0, 0))], &mut out);
        w.unit([Block::Paragraph(Paragraph::new(0, 0))], &mut out);
        w.node(
            &Node::Paragraph {
                text: piece("Text."),
                opening: Opening::Indented,
                broken: false,
            },
            &Options::default(),
            &mut out,
            &mut |_| {},
        );
        let b = show(&mut out);
        assert_eq!(b.iter().filter(|b| *b == "_").count(), 2, "{b:?}");
        assert_ne!(b[0], "_");
    }

    #[test]
    fn table_rows_and_characters_without_a_rule() {
        let mut snow = piece("☃");
        snow[0].at = Pos { line: 7, column: 4 };
        let (b, w) = write(&[
            Node::TableStart,
            Node::TableRow {
                cells: vec![piece("a"), Vec::new(), snow],
            },
            Node::TableEnd,
        ]);
        assert_eq!(b[0], format!("P(0,2) {}⠀{}⠀⠘⠘", t("a;"), t("(tom);")));
        assert_eq!(w.len(), 1);
        assert_eq!((w[0].0.location.line, w[0].0.location.column), (7, 4));
    }

    #[test]
    fn headings_keep_with_next_and_a_book_after_another_starts_a_page() {
        let mut w = Writer::default();
        let mut out = Vec::new();
        w.start_input("a.md", true, false, &mut out);
        w.node(
            &Node::Heading {
                level: 1,
                text: piece("Kapitel"),
            },
            &Options::default(),
            &mut out,
            &mut |_| {},
        );
        w.start_input("b.md", true, true, &mut out);
        assert!(matches!(out[0], Block::Seam(Seam::Chapter)));
        let Block::Paragraph(h) = &out[1] else {
            panic!("{out:?}")
        };
        assert!(h.keep_with_next && h.blank_before_at_top);
        assert_eq!((h.blank_before, h.blank_after), (3, 1));
        assert!(matches!(out[2], Block::RectoBreak));
    }

    #[test]
    fn seams_stand_between_top_level_blocks_never_inside_a_container() {
        let para = |t: &str| Node::Paragraph {
            text: piece(t),
            opening: Opening::Indented,
            broken: false,
        };
        let heading = |level: u8| Node::Heading {
            level,
            text: piece("Rubrik"),
        };
        let nodes = [
            heading(1),
            para("Ett."),
            heading(2),
            heading(3),
            Node::ListStart {
                first: None,
                delimiter: '.',
            },
            Node::ItemStart,
            para("I listan."),
            Node::ItemEnd,
            Node::ListEnd,
            Node::QuoteStart,
            para("Citat."),
            Node::QuoteEnd,
            para("Sist."),
        ];
        let mut w = Writer::default();
        let mut out = Vec::new();
        for n in &nodes {
            w.node(n, &Options::default(), &mut out, &mut |_| {});
        }
        w.unit([Block::Blank], &mut out);
        let seams: Vec<Seam> = out
            .iter()
            .filter_map(|b| match b {
                Block::Seam(s) => Some(*s),
                _ => None,
            })
            .collect();
        use Seam::{Block as B, Chapter, Section};
        // Heading 1, paragraph, heading 2, heading 3, the list, the quote, the last
        // paragraph, the game or diagram: none inside the list or the quote.
        assert_eq!(seams, [Chapter, B, Section, B, B, B, B, B]);
    }
}
