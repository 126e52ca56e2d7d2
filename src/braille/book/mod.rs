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
//!
//! The files of this folder, by job:
//!
//! - `mod.rs`: the [`Writer`] (its state, a node dispatched, a game or diagram set among the
//!   prose, where a volume may end), the contents list's records ([`Contents`], [`Entries`]), a
//!   volume's ([`VolumeTitle`]), and the words of print the book writes and `read` knows.
//! - `containers.rs`: lists, items, quotes: their margins and markers, and the blank line due
//!   before a block.
//! - `prose.rs`: inline text translated (its characters with no rule placed), paragraphs,
//!   headings, print page lines, images, table rows, code.
//! - `front.rs`: title pages (the book's and each volume's) and the contents list.
//! - `made.rs`: a heading's braille made ahead on another thread (a bulletin's game heading),
//!   laid out as the heading translated here would be.
//! - `unmapped.rs`: characters with no braille rule, reported at their places.

use std::num::NonZeroU32;

use super::block::{Block, Paragraph, Seam};
use super::cell::Cell;
use super::text::{Unmapped, WordCache};
use crate::chess::letters::prose_letters;
use crate::chess::pieces::Language;
use crate::document::{Inline, Node};
use crate::error::{Diagnostic, Warning};
use crate::settings::Options;

mod containers;
mod front;
mod made;
mod prose;
mod unmapped;

pub(crate) use front::title_page_mark;
pub(crate) use made::MadeHeading;
pub(crate) use unmapped::{Places, no_rule, report_unmapped};

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
    /// The words of headings translated before (a bulletin's game headings name the same
    /// players round after round), and the last heading's words in `cells` when it went a
    /// word at a time.
    words: WordCache,
    /// A text of pieces, joined (kept for its buffer).
    joined: String,
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

/// The headings a contents list names, in order: each one's level, cells and page (`None`
/// until a pass has laid it out, and without pages). The cells of all stand end to end in one
/// buffer: a bulletin names every game, tens of thousands, and a buffer of each heading's own
/// took as much memory again as its cells (issue 33: a bulletin's memory).
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub(crate) struct Entries {
    cells: Vec<Cell>,
    items: Vec<EntryItem>,
    /// The blanks of `cells` that bind (`block::bound_blanks`), in order: found once, when a
    /// heading is found, not in every pass that lays the list out (few: most entries have
    /// none).
    bound: Vec<usize>,
}

/// An entry of [`Entries`] as the list lays it out: its level, cells and page, and the blanks
/// among its cells that bind (indices `base` more than in `cells`, as
/// [`Paragraph::push_text_bound`] takes them).
pub(crate) struct Entry<'a> {
    pub level: u8,
    pub cells: &'a [Cell],
    pub bound: &'a [usize],
    pub base: usize,
    pub page: Option<u32>,
}

/// One entry of [`Entries`]: its level, where its cells end, its page (pages are numbered
/// from 1: sixteen bytes an entry, not 24).
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
struct EntryItem {
    level: u8,
    end: usize,
    page: Option<NonZeroU32>,
}

impl Entries {
    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// None yet, with room for as many as `like` holds and an eighth more (a pass finds the
    /// headings the pass before found, or a few more: a round's heading once the games are
    /// known to be of several events; its list then grows without the room to spare a
    /// doubling buffer keeps, and without two buffers at once while it grows).
    pub(crate) fn with_room_of(like: &Entries) -> Entries {
        let room = |n: usize| n.saturating_add(n / 8);
        Entries {
            cells: Vec::with_capacity(room(like.cells.len())),
            items: Vec::with_capacity(room(like.items.len())),
            bound: Vec::with_capacity(room(like.bound.len())),
        }
    }

    /// A heading of `level` with its `cells`, its page not known.
    pub(crate) fn push(&mut self, level: u8, cells: &[Cell]) {
        let base = self.cells.len();
        crate::braille::block::bound_blanks(cells, |at| self.bound.push(base + at));
        self.cells.extend_from_slice(cells);
        self.items.push(EntryItem {
            level,
            end: self.cells.len(),
            page: None,
        });
    }

    /// Each entry's level, cells and page, in order.
    #[cfg(test)]
    pub(crate) fn iter(&self) -> impl Iterator<Item = (u8, &[Cell], Option<u32>)> {
        self.entries().map(|e| (e.level, e.cells, e.page))
    }

    /// Each entry, with the blanks among its cells that bind, in order.
    pub(crate) fn entries(&self) -> impl Iterator<Item = Entry<'_>> {
        let starts = std::iter::once(0).chain(self.items.iter().map(|i| i.end));
        let mut next = 0;
        self.items.iter().zip(starts).map(move |(i, start)| {
            let from = next;
            next += self.bound[from..].partition_point(|&at| at < i.end);
            Entry {
                level: i.level,
                cells: &self.cells[start..i.end],
                bound: &self.bound[from..next],
                base: start,
                page: i.page.map(NonZeroU32::get),
            }
        })
    }

    /// Each entry's page, in order.
    pub(crate) fn pages(&self) -> impl Iterator<Item = Option<u32>> + '_ {
        self.items.iter().map(|i| i.page.map(NonZeroU32::get))
    }

    /// The same headings, with the pages `pages` gives in order (`None` past its end; pages
    /// are numbered from 1, and a 0 would be none). (Kept for the next pass at the size they are: not with the room a growing list had.)
    pub(crate) fn with_pages(mut self, pages: impl IntoIterator<Item = Option<u32>>) -> Entries {
        self.cells.shrink_to_fit();
        self.items.shrink_to_fit();
        self.bound.shrink_to_fit();
        let mut pages = pages.into_iter();
        for item in &mut self.items {
            item.page = pages.next().flatten().and_then(NonZeroU32::new);
        }
        self
    }
}

/// The headings a pass finds: kept with their cells, for the list the pass after writes; or
/// only counted, in the last pass, which no pass reads after it (a bulletin's list of tens of
/// thousands of games was held twice in it, as the list written and as the one found; issue
/// 33). A heading's number (its mark) is the count either way.
#[derive(Clone, Debug, Eq, PartialEq)]
pub(crate) enum Found {
    Kept(Entries),
    Counted(usize),
}

impl Default for Found {
    fn default() -> Self {
        Found::Kept(Entries::default())
    }
}

impl Found {
    pub(crate) fn len(&self) -> usize {
        match self {
            Found::Kept(entries) => entries.len(),
            Found::Counted(n) => *n,
        }
    }

    /// A heading of `level` with its `cells`.
    pub(crate) fn push(&mut self, level: u8, cells: &[Cell]) {
        match self {
            Found::Kept(entries) => entries.push(level, cells),
            Found::Counted(n) => *n += 1,
        }
    }

    /// The headings kept (none when they were only counted).
    pub(crate) fn into_kept(self) -> Entries {
        match self {
            Found::Kept(entries) => entries,
            Found::Counted(_) => Entries::default(),
        }
    }
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
    pub found: Found,
    /// The list to write: the headings of the pass before, each with its page (`None`
    /// without pages).
    pub known: Entries,
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
            words: WordCache::default(),
            joined: String::new(),
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
        let mark = self.heading_mark(level, options);
        // (The entry's cells are the writer's own after the heading: pushed, not copied.)
        if self.heading(level, text, mark.flatten(), out, warn) && matches!(mark, Some(Some(_))) {
            self.contents.found.push(level, &self.cells);
        }
    }

    /// A heading's number in the contents list: `None` when the list does not name it,
    /// `Some(None)` past the numbers a list can hold.
    fn heading_mark(&self, level: u8, options: &Options) -> Option<Option<u32>> {
        let listed = self.contents.wanted && level as usize <= options.toc_depth;
        listed.then(|| u32::try_from(self.contents.found.len()).ok())
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::cell::to_unicode_string;
    use crate::document::{Emphasis, Opening, Piece, Pos};

    #[test]
    fn entries_keep_each_headings_level_cells_and_page() {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        crate::braille::text::translate("Rond 1", &mut a, &mut Vec::new());
        crate::braille::text::translate("Ek – Ås", &mut b, &mut Vec::new());
        let mut found = Entries::default();
        found.push(1, &a);
        found.push(2, &b);
        found.push(2, &[]);
        let read = |e: &Entries| -> Vec<(u8, String, Option<u32>)> {
            e.iter()
                .map(|(level, cells, page)| (level, to_unicode_string(cells), page))
                .collect()
        };
        let (a, b) = (to_unicode_string(&a), to_unicode_string(&b));
        assert_eq!(
            read(&found),
            [
                (1, a.clone(), None),
                (2, b.clone(), None),
                (2, String::new(), None)
            ]
        );
        // The pages of a pass: one missing at the end is no page.
        let room = Entries::with_room_of(&found);
        assert!(room.is_empty() && room.cells.capacity() >= found.cells.len());
        let known = found.clone().with_pages([Some(3), None]);
        assert_eq!(
            read(&known),
            [(1, a, Some(3)), (2, b, None), (2, String::new(), None)]
        );
        assert_eq!(known.pages().collect::<Vec<_>>(), [Some(3), None, None]);
        // The same headings with other pages are another list.
        assert_ne!(known, found);
        assert_eq!(known.len(), 3);
        assert_eq!(std::mem::size_of::<EntryItem>(), 16);
    }

    #[test]
    fn the_last_pass_counts_its_headings_as_a_pass_that_keeps_them() {
        let mut a = Vec::new();
        crate::braille::text::translate("Rond 1", &mut a, &mut Vec::new());
        let (mut kept, mut counted) = (Found::default(), Found::Counted(0));
        for (level, cells) in [(1, &a[..]), (2, &[][..]), (2, &a[..])] {
            // A heading's number is the count before it, kept or not.
            assert_eq!(kept.len(), counted.len());
            kept.push(level, cells);
            counted.push(level, cells);
        }
        assert_eq!((kept.len(), counted.len()), (3, 3));
        assert_eq!(kept.into_kept().iter().count(), 3);
        // Nothing of a heading is kept when it is only counted.
        assert!(counted.into_kept().is_empty());
    }

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
