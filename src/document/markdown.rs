//! Markdown books: the text after the front matter read with pulldown-cmark into [`Node`]s,
//! every piece of text with its place (line and column) in the file.
//!
//! What each element becomes is listed here; how it is written in braille is the braille
//! stage's ([`crate::braille::book`]; the choices are in `docs/decisions.md`).
//!
//! | element | node |
//! |---|---|
//! | front matter `title`/`author` | [`Node::TitlePage`] |
//! | heading | [`Node::Heading`] (emphasis dropped: rules.md §7) |
//! | paragraph | [`Node::Paragraph`]; a hard line break (two blanks, `\`, `<br>`) ends one and the next goes on after it ([`Opening::AfterBreak`]) |
//! | list, item, block quote, table | start and end nodes; a table row is [`Node::TableRow`] |
//! | thematic break | [`Node::ThematicBreak`] |
//! | `<!-- pagebreak -->` | [`Node::PageBreak`] |
//! | `<!-- sida 12 -->` (also `s. 12`, `page 12`, `p. 12`), on its own line or in a paragraph | [`Node::PrintPage`]; a paragraph goes on after it ([`Opening::Resumed`]) |
//! | `<!-- toc -->`, or `toc: true` (after the title page) | [`Node::Contents`] |
//! | image | [`Node::Image`] (in a heading, a table cell or a link: its alt text) |
//! | footnote reference, definition | the note's number (from 1 in each chapter, in the order of the references); the notes of a chapter (a level-1 section, or the file) after it: [`Node::Notes`], then [`Node::NoteStart`], the note's blocks, [`Node::NoteEnd`] for each |
//! | ```` ```pgn [words] ```` | [`Node::Games`] with the block's text and words |
//! | ```` ```fen [words] ```` | a [`Node::Position`] for each FEN line |
//! | other code blocks | [`Node::Code`], each line as it stands |
//! | link | its text, then its address in parentheses (the `links` setting) |
//! | anything else (HTML blocks, strikethrough) | a warning with its place; the text is kept where there is any |

use std::collections::VecDeque;
use std::ops::Range;
use std::rc::Rc;

use pulldown_cmark::{
    CodeBlockKind, Event, HeadingLevel, OffsetIter, Options as MdOptions, Parser, Tag, TagEnd,
};

use super::fen::{FenLine, holds_fen};
use super::frontmatter::FrontMatter;
use super::{Emphasis, Games, Indent, Inline, Node, Opening, Piece, Pos, Words};
use crate::error::{Diagnostic, Location, Warning};

/// The comment that asks for a page break.
const PAGE_BREAK: &str = "pagebreak";

/// Written before a note's number in the text: INVISIBLE SEPARATOR, which the braille stage
/// reads as the end of a number (`braille::tables::NUMBER_BREAK`; the document stage knows no
/// braille, only that this character separates).
const NOTE_NUMBER_BREAK: char = '\u{2063}';

/// The comment that places the contents list.
const CONTENTS: &str = "toc";

/// How far past the end of the last piece [`Reader::placed`] looks for the next run whole.
const NEAR: usize = 512;

/// The words that start a print page comment (`<!-- sida 12 -->`), lower case.
const PRINT_PAGE_WORDS: &[&str] = &["sida", "s.", "page", "p."];

/// An image being read: its address, title, where its alt text starts in `pieces`, and its
/// place.
struct Image {
    url: String,
    title: String,
    from: usize,
    range: Range<usize>,
}

/// A code block being read.
struct Code {
    /// The info string of a fenced block (`None`: indented).
    info: Option<String>,
    text: String,
    /// Byte offset of the block's first line (the fence) in the file.
    start: usize,
}

/// Bytes of the book between two counts of characters in [`Places`].
const STRIDE: usize = 128;

/// Where any byte of a book stands, found at once: where each line starts, and how many
/// characters stand before every [`STRIDE`]th byte, so that a column is counted over at most
/// [`STRIDE`] bytes. (A column counted from its line's start for every piece made a long line
/// quadratic: `*a* ` repeated to 1.6 MB on one line took 23 s; issue 32.) Made once for the
/// book, and shared with the readers of its notes.
struct Places {
    line_starts: Vec<usize>,
    /// The characters before byte `k * STRIDE`, for each `k` up to the text's length.
    chars: Vec<usize>,
}

impl Places {
    fn new(text: &str) -> Places {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        let mut chars = Vec::with_capacity(text.len() / STRIDE + 1);
        let mut before = 0;
        chars.push(0);
        for stride in text.as_bytes().chunks(STRIDE) {
            before += starts_of_characters(stride);
            chars.push(before);
        }
        Places { line_starts, chars }
    }

    /// How many characters of `text` start before byte `offset`.
    fn chars_before(&self, text: &str, offset: usize) -> usize {
        let offset = offset.min(text.len());
        let k = offset / STRIDE;
        let from = k * STRIDE;
        self.chars.get(k).copied().unwrap_or(0)
            + text
                .as_bytes()
                .get(from..offset)
                .map_or(0, starts_of_characters)
    }
}

/// How many characters start in `bytes` of UTF-8 (every byte but the continuation bytes).
fn starts_of_characters(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b as i8) >= -0x40).count()
}

/// Reads a book's nodes one at a time (a pull parser over pulldown-cmark's events).
pub(crate) struct Reader<'a> {
    name: &'a str,
    text: &'a str,
    places: Rc<Places>,
    events: OffsetIter<'a>,
    /// Where the body starts in the file (after the front matter).
    body_start: usize,
    queue: VecDeque<Node>,
    pieces: Inline,
    italic: u32,
    bold: u32,
    /// How the next paragraph (or piece of one) starts.
    opening: Opening,
    /// The paragraph being flushed ends at a hard line break.
    broken: bool,
    heading: Option<HeadingLevel>,
    html: Option<(String, usize)>,
    code: Option<Code>,
    /// In a table row: its cells, the current one last.
    row: Option<Vec<Inline>>,
    /// Links open: each one's address and where its text starts in `pieces`.
    links: Vec<(String, usize)>,
    /// A link's address follows its text (when the text is not the address).
    link_addresses: bool,
    /// Images open (an image's alt text may hold another).
    images: Vec<Image>,
    /// The notes of the book: label, where the definition stands in the file, and whether a
    /// reference to it was read.
    notes: Vec<(String, Range<usize>, bool)>,
    /// Notes defined again under a label already used: left out, warned about at the end.
    twice: Vec<(String, Range<usize>)>,
    /// The notes referred to in this chapter so far, in order (their numbers from 1).
    chapter_notes: Vec<usize>,
    /// In a note's definition, which is read at the chapter's end: left out where it stands.
    skipping_note: bool,
    /// This reader reads one note's definition (at its chapter's end).
    in_note: bool,
    /// Block quotes and lists open: a level-1 heading inside one ends no chapter.
    containers: u32,
    /// The book has a `<!-- toc -->` of its own.
    contents_marker: bool,
    /// The last print page number in digits (`<!-- sida 12 -->`), to find pages that go
    /// backwards.
    print_page: std::cell::Cell<Option<u64>>,
    /// The last answer of [`Reader::chapter_follows`]: where it looked from, the start of
    /// the line it found (the text's end for none), and the answer.
    follows: std::cell::Cell<Option<(usize, usize, bool)>>,
    done: bool,
}

impl<'a> Reader<'a> {
    /// A reader of the book `text` (the whole file; `name` is used in messages), whose front
    /// matter was read into `front`.
    pub(crate) fn new(name: &'a str, text: &'a str, front: &FrontMatter) -> Self {
        Reader::with_places(name, text, front, Rc::new(Places::new(text)))
    }

    /// A reader of `text` up to its end, whose places (of the whole book) are `places`.
    fn with_places(name: &'a str, text: &'a str, front: &FrontMatter, places: Rc<Places>) -> Self {
        let body_start = front.body_start.min(text.len());
        let body = text.get(body_start..).unwrap_or("");
        let md = markdown_options();
        let mut reader = Reader {
            name,
            text,
            places,
            events: Parser::new_ext(body, md).into_offset_iter(),
            body_start,
            queue: VecDeque::new(),
            pieces: Vec::new(),
            italic: 0,
            bold: 0,
            opening: Opening::Indented,
            broken: false,
            heading: None,
            html: None,
            code: None,
            row: None,
            links: Vec::new(),
            link_addresses: false,
            images: Vec::new(),
            notes: Vec::new(),
            twice: Vec::new(),
            chapter_notes: Vec::new(),
            skipping_note: false,
            in_note: false,
            containers: 0,
            contents_marker: false,
            print_page: std::cell::Cell::new(None),
            follows: std::cell::Cell::new(None),
            done: false,
        };
        // The notes' definitions, wherever they stand (a chapter's notes follow it), and
        // whether the book places its contents list itself.
        for (event, range) in Parser::new_ext(body, md).into_offset_iter() {
            if let Event::Html(html) = &event {
                reader.contents_marker |= is_contents_marker(html);
            }
            if let Event::Start(Tag::FootnoteDefinition(label)) = event {
                let range = range.start + body_start..range.end + body_start;
                // Labels match without regard to case (CommonMark); a label defined twice
                // keeps its first definition, and the second is warned about at the end.
                let label = label.to_lowercase();
                if reader.notes.iter().any(|(l, _, _)| *l == label) {
                    reader.twice.push((label, range));
                } else {
                    reader.notes.push((label, range, false));
                }
            }
        }
        if front.title.is_some() || front.author.is_some() {
            let title =
                (front.title.as_deref()).map(|t| reader.value_pieces(t, front.title_span.clone()));
            let author = (front.author.as_deref())
                .map(|a| reader.value_pieces(a, front.author_span.clone()));
            reader.queue.push_back(Node::TitlePage { title, author });
        }
        reader
    }

    /// A reader of one note's definition (`range`, in `text`), for its chapter's end.
    fn note(name: &'a str, text: &'a str, range: Range<usize>, places: Rc<Places>) -> Self {
        let front = FrontMatter {
            body_start: range.start,
            ..FrontMatter::default()
        };
        let end = range.end.min(text.len());
        let part = text.get(..end).unwrap_or(text);
        let mut reader = Reader::with_places(name, part, &front, places);
        reader.text = text;
        reader.notes.clear();
        reader.in_note = true;
        reader
    }

    /// Places the contents list after the title page, unless the book has a `<!-- toc -->`
    /// of its own (the `toc` setting).
    pub(crate) fn with_contents(mut self, on: bool) -> Self {
        if on && !self.contents_marker {
            let at = usize::from(matches!(self.queue.front(), Some(Node::TitlePage { .. })));
            self.queue.insert(at, Node::Contents);
        }
        self
    }

    /// Links give their address after their text (the `links` setting).
    pub(crate) fn with_link_addresses(mut self, on: bool) -> Self {
        self.link_addresses = on;
        self
    }

    /// The next node; warnings about the book's form go to `warn`.
    pub(crate) fn next_node(&mut self, warn: &mut dyn FnMut(Warning)) -> Option<Node> {
        while self.queue.is_empty() && !self.done {
            match self.events.next() {
                Some((event, range)) => {
                    let range = range.start + self.body_start..range.end + self.body_start;
                    self.event(event, range, warn);
                }
                None => {
                    self.flush_inline();
                    self.end_chapter(true, warn);
                    self.done = true;
                }
            }
        }
        self.queue.pop_front()
    }

    // ---- places ------------------------------------------------------------------------

    /// The 0-based line of a byte offset.
    fn line_of(&self, offset: usize) -> usize {
        self.places
            .line_starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }

    /// The text of a 0-based line, without its line end.
    fn line_text(&self, line: usize) -> &'a str {
        let start = self
            .places
            .line_starts
            .get(line)
            .copied()
            .unwrap_or(self.text.len());
        let end = self
            .places
            .line_starts
            .get(line + 1)
            .copied()
            .unwrap_or(self.text.len());
        self.text
            .get(start..end)
            .unwrap_or("")
            .trim_end_matches(['\n', '\r'])
    }

    fn pos(&self, offset: usize) -> Pos {
        let offset = offset.min(self.text.len());
        let line = self.line_of(offset);
        let start = self.places.line_starts.get(line).copied().unwrap_or(0);
        // (The characters between the line's start and the offset, when both stand between
        // characters.)
        let column = match self.text.get(start..offset) {
            Some(_) => {
                self.places.chars_before(self.text, offset)
                    - self.places.chars_before(self.text, start)
            }
            None => 0,
        };
        Pos {
            line: u32::try_from(line + 1).unwrap_or(u32::MAX),
            column: u32::try_from(column + 1).unwrap_or(u32::MAX),
        }
    }

    fn location(&self, offset: usize) -> Location {
        self.pos(offset).in_file(self.name)
    }

    fn warn_at(
        &self,
        warn: &mut dyn FnMut(Warning),
        offset: usize,
        width: usize,
        message: impl Into<String>,
    ) {
        let line = self.line_text(self.line_of(offset.min(self.text.len())));
        warn(Warning(
            Diagnostic::new(self.location(offset), message).with_source(line, width),
        ));
    }

    /// Whether the fenced block whose source is `range` ends at the end of the file without a
    /// closing fence (a fence of its character, at least as long, alone on its last line).
    fn unclosed_fence(&self, range: &Range<usize>) -> bool {
        let Some(source) = self.text.get(range.clone()) else {
            return false;
        };
        if range.end < self.text.trim_end().len() {
            return false;
        }
        // (Block quote marks and indentation before a fence.)
        let bare = |line: &str| {
            line.trim_start_matches([' ', '\t', '>'])
                .trim_end()
                .to_owned()
        };
        let mut lines = source.lines();
        let open = bare(lines.next().unwrap_or(""));
        let Some(mark) = open.chars().next().filter(|c| matches!(c, '`' | '~')) else {
            return false;
        };
        let length = open.chars().take_while(|&c| c == mark).count();
        let closed = lines
            .next_back()
            .map(bare)
            .is_some_and(|last| last.chars().count() >= length && last.chars().all(|c| c == mark));
        !closed
    }

    /// The width of the fence line's fence and info string, from `start`.
    fn fence_width(&self, start: usize) -> usize {
        let line = self.line_text(self.line_of(start));
        line.trim().chars().count().max(1)
    }

    fn unsupported(&self, warn: &mut dyn FnMut(Warning), range: &Range<usize>, what: &str) {
        let width = self
            .text
            .get(range.clone())
            .map_or(1, |s| s.lines().next().unwrap_or("").chars().count());
        self.warn_at(warn, range.start, width, format!("{what} is not supported"));
    }

    /// A front matter value as pieces placed where it stands in the front matter (`span`: its
    /// bytes, when known): one piece when it is written as it reads, else placed run by run
    /// (a quoted value with escapes, a value over several lines).
    fn value_pieces(&self, value: &str, span: Option<Range<usize>>) -> Inline {
        let end = self.body_start.min(self.text.len());
        let span = span.unwrap_or(0..end);
        let span = span.start.min(end)..span.end.min(end);
        match self.text.get(span.clone()).and_then(|s| s.find(value)) {
            Some(i) => vec![Piece {
                text: value.to_owned(),
                emphasis: Emphasis::None,
                at: self.pos(span.start + i),
            }],
            None => {
                // After an opening quote: a character written as an escape is then placed at
                // its backslash.
                let quoted = self
                    .text
                    .get(span.clone())
                    .unwrap_or("")
                    .starts_with(['"', '\'']);
                let from = span.start + usize::from(quoted);
                self.placed(value, from..span.end, Emphasis::None)
            }
        }
    }

    // ---- events ------------------------------------------------------------------------

    fn event(&mut self, event: Event<'_>, range: Range<usize>, warn: &mut dyn FnMut(Warning)) {
        if self.skipping_note {
            // A note's definition is read at its chapter's end.
            if let Event::End(TagEnd::FootnoteDefinition) = event {
                self.skipping_note = false;
            }
            return;
        }
        match event {
            Event::Start(tag) => self.start(tag, range, warn),
            Event::End(tag) => self.end(tag, range, warn),
            Event::Text(t) => {
                if let Some(code) = &mut self.code {
                    code.text.push_str(&t);
                } else if let Some((html, _)) = &mut self.html {
                    html.push_str(&t);
                } else {
                    self.piece(&t, range);
                }
            }
            Event::Code(t) => self.code_span(&t, range),
            Event::Html(t) => match &mut self.html {
                Some((html, _)) => html.push_str(&t),
                None => self.unsupported(warn, &range, "HTML"),
            },
            Event::InlineHtml(t) => self.inline_html(&t, range, warn),
            Event::FootnoteReference(label) => self.note_reference(&label, range, warn),
            Event::SoftBreak => self.piece(" ", range),
            Event::HardBreak => self.hard_break(range),
            Event::Rule => {
                self.flush_inline();
                self.queue.push_back(Node::ThematicBreak);
            }
            Event::TaskListMarker(_) | Event::InlineMath(_) | Event::DisplayMath(_) => {
                self.unsupported(warn, &range, "this Markdown extension");
            }
        }
    }

    fn start(&mut self, tag: Tag<'_>, range: Range<usize>, warn: &mut dyn FnMut(Warning)) {
        match tag {
            Tag::Paragraph => self.flush_inline(),
            Tag::Heading { level, .. } => {
                self.flush_inline();
                if level == HeadingLevel::H1 && self.containers == 0 {
                    self.end_chapter(false, warn);
                }
                self.heading = Some(level);
            }
            Tag::BlockQuote(_) => {
                self.flush_inline();
                self.containers += 1;
                self.queue.push_back(Node::QuoteStart);
            }
            Tag::CodeBlock(kind) => {
                self.flush_inline();
                let info = match kind {
                    CodeBlockKind::Fenced(info) => Some(info.to_string()),
                    CodeBlockKind::Indented => None,
                };
                self.code = Some(Code {
                    info,
                    text: String::new(),
                    start: range.start,
                });
            }
            Tag::HtmlBlock => {
                self.flush_inline();
                self.html = Some((String::new(), range.start));
            }
            Tag::List(first) => {
                self.flush_inline();
                // pulldown-cmark gives the number, not what follows it: read in the source.
                let delimiter = self
                    .text
                    .get(range.start..)
                    .and_then(|t| {
                        t.trim_start()
                            .trim_start_matches(|c: char| c.is_ascii_digit())
                            .chars()
                            .next()
                    })
                    .filter(|c| *c == ')')
                    .unwrap_or('.');
                self.containers += 1;
                self.queue.push_back(Node::ListStart { first, delimiter });
            }
            Tag::Item => {
                self.flush_inline();
                self.queue.push_back(Node::ItemStart);
            }
            Tag::FootnoteDefinition(_) => {
                self.flush_inline();
                self.skipping_note = !self.in_note;
            }
            Tag::Table(_) => {
                self.flush_inline();
                self.queue.push_back(Node::TableStart);
            }
            Tag::TableHead | Tag::TableRow => self.row = Some(Vec::new()),
            Tag::TableCell => {
                self.pieces.clear();
            }
            Tag::Emphasis => self.italic += 1,
            Tag::Strong => self.bold += 1,
            Tag::Strikethrough => {
                self.unsupported(warn, &range, "strikethrough (the text is written plain)")
            }
            Tag::Superscript | Tag::Subscript => self.unsupported(
                warn,
                &range,
                "superscript and subscript (the text is written plain)",
            ),
            Tag::Link { dest_url, .. } => {
                self.links.push((dest_url.to_string(), self.pieces.len()))
            }
            Tag::Image {
                dest_url, title, ..
            } => self.images.push(Image {
                url: dest_url.to_string(),
                title: title.to_string(),
                from: self.pieces.len(),
                range,
            }),
            Tag::DefinitionList
            | Tag::DefinitionListTitle
            | Tag::DefinitionListDefinition
            | Tag::MetadataBlock(_) => {
                self.flush_inline();
                self.unsupported(warn, &range, "this Markdown extension");
            }
        }
    }

    fn end(&mut self, tag: TagEnd, range: Range<usize>, warn: &mut dyn FnMut(Warning)) {
        match tag {
            TagEnd::Paragraph => self.flush_inline(),
            TagEnd::Heading(level) => self.heading_node(level),
            TagEnd::BlockQuote(_) => {
                self.flush_inline();
                self.containers = self.containers.saturating_sub(1);
                self.queue.push_back(Node::QuoteEnd);
            }
            TagEnd::CodeBlock => {
                if let Some(code) = self.code.take() {
                    if code.info.is_some() && self.unclosed_fence(&range) {
                        let width = self.fence_width(code.start);
                        let message = "this fenced block is never closed: it runs to the end of \
                                       the file, and every line after it is read as its content";
                        self.warn_at(warn, code.start, width, message);
                    }
                    self.code_block(&code);
                }
            }
            TagEnd::HtmlBlock => {
                if let Some((html, start)) = self.html.take() {
                    self.html_block(&html, start..range.end, warn);
                }
            }
            TagEnd::List(_) => {
                self.flush_inline();
                self.containers = self.containers.saturating_sub(1);
                self.queue.push_back(Node::ListEnd);
            }
            TagEnd::Item => {
                self.flush_inline();
                self.queue.push_back(Node::ItemEnd);
            }
            TagEnd::TableCell => {
                let cell = std::mem::take(&mut self.pieces);
                if let Some(row) = &mut self.row {
                    row.push(cell);
                }
            }
            TagEnd::TableHead | TagEnd::TableRow => {
                if let Some(cells) = self.row.take()
                    && !cells.is_empty()
                {
                    self.queue.push_back(Node::TableRow { cells });
                }
            }
            TagEnd::Table => self.queue.push_back(Node::TableEnd),
            TagEnd::Link => self.end_link(range),
            TagEnd::Image => self.end_image(warn),
            TagEnd::FootnoteDefinition => self.flush_inline(),
            TagEnd::Emphasis => self.italic = self.italic.saturating_sub(1),
            TagEnd::Strong => self.bold = self.bold.saturating_sub(1),
            _ => {}
        }
    }

    // ---- inline text -------------------------------------------------------------------

    /// The end of a link: its address in parentheses after its text, unless the text is the
    /// address (an autolink), the address points inside the book (`#…`), or links give their
    /// text only.
    fn end_link(&mut self, range: Range<usize>) {
        let Some((url, from)) = self.links.pop() else {
            return;
        };
        if !self.link_addresses || url.is_empty() || url.starts_with('#') {
            return;
        }
        let shown = url.strip_prefix("mailto:").unwrap_or(&url).to_owned();
        let shown = shown.as_str();
        let text: String = self
            .pieces
            .get(from..)
            .into_iter()
            .flatten()
            .map(|p| p.text.as_str())
            .collect();
        if text.trim() != shown {
            // The address where it stands in the source, for messages about its characters.
            let end = range.end.saturating_sub(1);
            self.piece(" (", end..range.end);
            let pieces = self.address_pieces(shown, range.clone());
            self.pieces.extend(pieces);
            self.piece(")", end..range.end);
        }
    }

    /// The end of an image: a [`Node::Image`] between the paragraph's text before it and after
    /// it; in a heading, a table cell or a link, which cannot hold one, its alt text stays
    /// where it stands.
    fn end_image(&mut self, warn: &mut dyn FnMut(Warning)) {
        let Some(image) = self.images.pop() else {
            return;
        };
        if !self.images.is_empty() {
            return;
        }
        let from = image.from.min(self.pieces.len());
        let no_alt = self
            .pieces
            .get(from..)
            .is_none_or(|alt| alt.iter().all(|p| p.text.trim().is_empty()));
        let title = if image.title.trim().is_empty() {
            Vec::new()
        } else {
            self.placed(&image.title, image.range.clone(), Emphasis::None)
        };
        if no_alt {
            let width = self
                .text
                .get(image.range.clone())
                .map_or(1, |s| s.lines().next().unwrap_or("").chars().count());
            let what = if title.is_empty() {
                "its address is written"
            } else {
                "its title is written"
            };
            self.warn_at(
                warn,
                image.range.start,
                width,
                format!("an image with no alt text: {what}; describe the image in its alt text"),
            );
        }
        let address = self.address_pieces(&image.url, image.range.clone());
        if self.heading.is_some() || self.row.is_some() || !self.links.is_empty() {
            // A heading, a table cell or a link holds no passage: the image's words stand
            // where it stands, its title in parentheses after its alt text.
            let at = image.range.end.saturating_sub(1)..image.range.end;
            match (no_alt, title.is_empty()) {
                (true, true) => self.pieces.extend(address),
                (true, false) => self.pieces.extend(title),
                (false, false) => {
                    self.piece(" (", at.clone());
                    self.pieces.extend(title);
                    self.piece(")", at);
                }
                (false, true) => {}
            }
            return;
        }
        let alt = self.pieces.split_off(from);
        let before = self.pieces.iter().any(|p| !p.text.trim().is_empty());
        self.flush_inline();
        self.queue.push_back(Node::Image {
            alt,
            title,
            address,
        });
        if before {
            self.opening = Opening::Resumed;
        }
    }

    /// An address (of a link or an image that ends at `range.end`) as pieces where it stands:
    /// the last place before the end where it is written as it is (pulldown-cmark's range of
    /// a link may start earlier than its text), else run by run after the last `](`.
    fn address_pieces(&self, address: &str, range: Range<usize>) -> Inline {
        let before = self.text.get(..range.end).unwrap_or("");
        match before.rfind(address) {
            Some(i) => vec![Piece {
                text: address.to_owned(),
                emphasis: self.emphasis(),
                at: self.pos(i),
            }],
            None => {
                let source = self.text.get(range.clone()).unwrap_or("");
                let from = source
                    .rfind("](")
                    .map_or(range.start, |i| range.start + i + 2);
                self.placed(address, from..range.end, self.emphasis())
            }
        }
    }

    /// A reference to a note: the note's number (from 1 in each chapter), right after its word.
    fn note_reference(&mut self, label: &str, range: Range<usize>, warn: &mut dyn FnMut(Warning)) {
        let key = label.to_lowercase();
        let Some(index) = self.notes.iter().position(|(l, _, _)| *l == key) else {
            let width = range.len().max(1);
            let message = if self.in_note {
                format!("a reference to a note inside a note: [^{label}] is written as it stands")
            } else {
                format!("no note [^{label}] in this book: the reference is written as it stands")
            };
            self.warn_at(warn, range.start, width, message);
            self.piece(&format!("[^{label}]"), range);
            return;
        };
        self.notes[index].2 = true;
        let number = match self.chapter_notes.iter().position(|&i| i == index) {
            Some(k) => k + 1,
            None => {
                self.chapter_notes.push(index);
                self.chapter_notes.len()
            }
        };
        // Its own number, whatever stands before it (`1925` and note 1 are not `19251`).
        self.piece(&format!("{NOTE_NUMBER_BREAK}{number}"), range);
    }

    /// The end of a chapter (a level-1 heading follows, or the book ends): the notes referred
    /// to in it. At the book's end, also the notes nothing referred to (with a warning each).
    fn end_chapter(&mut self, last: bool, warn: &mut dyn FnMut(Warning)) {
        if last {
            for (label, range) in std::mem::take(&mut self.twice) {
                let message = format!(
                    "the note [^{label}] is defined twice: this second definition is left out"
                );
                self.warn_at(warn, range.start, label.chars().count() + 3, message);
            }
            for index in 0..self.notes.len() {
                if !self.notes[index].2 && !self.chapter_notes.contains(&index) {
                    let (label, range, _) = &self.notes[index];
                    let message = format!(
                        "nothing refers to the note [^{label}]: it is written with the last \
                         chapter's notes"
                    );
                    self.warn_at(warn, range.start, label.chars().count() + 3, message);
                    self.chapter_notes.push(index);
                }
            }
        }
        if self.chapter_notes.is_empty() {
            return;
        }
        let first = self.chapter_notes[0];
        let at = self.pos(self.notes[first].1.start);
        self.queue.push_back(Node::Notes { at });
        for (k, index) in std::mem::take(&mut self.chapter_notes)
            .into_iter()
            .enumerate()
        {
            let range = self.notes[index].1.clone();
            self.queue.push_back(Node::NoteStart {
                number: u32::try_from(k + 1).unwrap_or(u32::MAX),
                at: self.pos(range.start),
            });
            let mut note = Reader::note(self.name, self.text, range, Rc::clone(&self.places));
            note.link_addresses = self.link_addresses;
            while let Some(node) = note.next_node(warn) {
                self.queue.push_back(node);
            }
            self.queue.push_back(Node::NoteEnd);
        }
    }

    fn emphasis(&self) -> Emphasis {
        if self.heading.is_some() {
            Emphasis::None
        } else if self.bold > 0 {
            Emphasis::Bold
        } else if self.italic > 0 {
            Emphasis::Italic
        } else {
            Emphasis::None
        }
    }

    fn piece(&mut self, text: &str, src: Range<usize>) {
        let emphasis = self.emphasis();
        let at = self.pos(src.start);
        self.pieces.push(Piece {
            text: text.to_string(),
            emphasis,
            at,
        });
    }

    /// Inline code. Its text is not the file's from the start of the event: the backticks are
    /// left out, and over several lines line ends are read as blanks and quote marks and
    /// indents left out; so each run of it is placed where it stands.
    fn code_span(&mut self, code: &str, src: Range<usize>) {
        let emphasis = self.emphasis();
        let pieces = self.placed(code, src, emphasis);
        self.pieces.extend(pieces);
    }

    /// `text`, which stands in the file between the bytes of `src` but not letter for letter,
    /// as pieces placed where they stand: each run of characters other than blanks where it is
    /// found, in order; a run not found (an escape) a character at a time, a character not
    /// found where the search stands.
    fn placed(&self, text: &str, src: Range<usize>, emphasis: Emphasis) -> Vec<Piece> {
        // Where a run of text is looked for whole: near where the last one ended (markup, a
        // link's address, stands between them); a run not there is placed a character at a
        // time, so that a run the source writes otherwise is not looked for to the end of
        // the text each time.
        fn near(source: &str, len: usize) -> &str {
            let mut cut = (len + NEAR).min(source.len());
            while !source.is_char_boundary(cut) {
                cut += 1;
            }
            &source[..cut]
        }
        let end = src.end.min(self.text.len());
        let mut from = src.start.min(end);
        let mut pieces = Vec::new();
        let mut push = |text: &str, at: usize| {
            pieces.push(Piece {
                text: text.to_owned(),
                emphasis,
                at: self.pos(at),
            })
        };
        // Characters not found from some place on (see below).
        let mut absent: Vec<char> = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let blank = rest.starts_with(' ');
            let len = rest
                .find(|c: char| (c == ' ') != blank)
                .unwrap_or(rest.len());
            let (run, after) = rest.split_at(len);
            rest = after;
            let source = self.text.get(from..end).unwrap_or("");
            if blank {
                push(run, from);
                // Past the blanks where the source has them, so that what follows is looked
                // for after them (an escape after a blank stands at its backslash).
                let blanks = source.len() - source.trim_start_matches(' ').len();
                from += blanks.min(run.len());
            } else if let Some(i) = near(source, run.len()).find(run) {
                push(run, from + i);
                from += i + run.len();
            } else {
                // A character the source writes otherwise (an entity, an escape), one at a
                // time. One not found from here is not found further on either: looked for
                // once (issue 32: 40 000 lines of `&quot;x` searched to the end for every `"`,
                // 7.4 s).
                for (i, c) in run.char_indices() {
                    let one = &run[i..i + c.len_utf8()];
                    let found = match absent.contains(&c) {
                        true => None,
                        false => self.text.get(from..end).and_then(|s| s.find(c)),
                    };
                    match found {
                        Some(j) => {
                            push(one, from + j);
                            from += j + one.len();
                        }
                        None => {
                            if !absent.contains(&c) {
                                absent.push(c);
                            }
                            push(one, from)
                        }
                    }
                }
            }
        }
        pieces
    }

    fn inline_html(&mut self, html: &str, range: Range<usize>, warn: &mut dyn FnMut(Warning)) {
        let tag = html.trim().to_ascii_lowercase();
        if matches!(tag.as_str(), "<br>" | "<br/>" | "<br />") {
            self.hard_break(range);
            return;
        }
        // Other inline tags (`<b>`, `<span …>`, `</abbr>`) are markup: the text between them
        // is the text, and comes as text. Other comments are silent.
        let what = match self.directive(html, range.clone(), warn) {
            Some(node @ Node::PrintPage { .. }) => {
                // The paragraph goes on after the print page's line.
                let before = self.pieces.iter().any(|p| !p.text.trim().is_empty());
                self.flush_inline();
                self.queue.push_back(node);
                if before {
                    self.opening = Opening::Resumed;
                }
                return;
            }
            Some(Node::Contents) => "a contents list",
            Some(_) => "a page break",
            None => return,
        };
        let message = format!("{what} inside a paragraph is left out: put it on a line of its own");
        self.warn_at(warn, range.start, html.chars().count(), message);
    }

    /// A hard line break (two blanks, `\\`, `<br>`): in a paragraph it ends a line, which the
    /// next goes on from; in a heading or a table cell, which are one line each, it is a blank.
    fn hard_break(&mut self, range: Range<usize>) {
        if self.heading.is_some() || self.row.is_some() {
            self.piece(" ", range);
        } else {
            self.broken = true;
            self.flush_inline();
            self.broken = false;
            self.opening = Opening::AfterBreak;
        }
    }

    /// Ends the inline text collected so far as a paragraph (nothing if there is none).
    fn flush_inline(&mut self) {
        if self.heading.is_some() || self.row.is_some() {
            return;
        }
        if self.pieces.iter().all(|p| p.text.trim().is_empty()) {
            self.pieces.clear();
            return;
        }
        let text = std::mem::take(&mut self.pieces);
        let opening = std::mem::take(&mut self.opening);
        let broken = self.broken;
        self.queue.push_back(Node::Paragraph {
            text,
            opening,
            broken,
        });
    }

    fn heading_node(&mut self, level: HeadingLevel) {
        self.heading = None;
        let mut text = std::mem::take(&mut self.pieces);
        if text.iter().all(|p| p.text.trim().is_empty()) {
            return;
        }
        for p in &mut text {
            p.emphasis = Emphasis::None;
        }
        let level = match level {
            HeadingLevel::H1 => 1,
            HeadingLevel::H2 => 2,
            HeadingLevel::H3 => 3,
            HeadingLevel::H4 => 4,
            HeadingLevel::H5 => 5,
            HeadingLevel::H6 => 6,
        };
        self.queue.push_back(Node::Heading { level, text });
    }

    // ---- HTML and code blocks ----------------------------------------------------------

    /// An HTML block: its comments that say something (a page break, a print page, the
    /// contents list) in their places, its text kept as paragraphs between them (a located
    /// warning when markup is left out), other comments silent.
    fn html_block(&mut self, html: &str, range: Range<usize>, warn: &mut dyn FnMut(Warning)) {
        let mut text = String::new();
        let mut rest = html;
        // Where in the file the next comment is looked for (after the one before), and where
        // the text since the last comment that said something stands: each found once, not
        // from the block's start (a block of thousands of comments was quadratic; issue 32).
        let (mut from, mut text_from) = (range.start, range.start);
        while let Some(i) = rest.find("<!--") {
            text.push_str(&rest[..i]);
            let after = &rest[i..];
            let Some(end) = after.find("-->") else {
                text.push_str(after);
                rest = "";
                break;
            };
            let comment = &after[..end + 3];
            rest = &after[end + 3..];
            let node = self.directive(comment, from..range.end, warn);
            if let Some(at) = self.comment_at(comment, from..range.end) {
                from = at + comment.trim().len();
            }
            if let Some(node) = node {
                let text_range = text_from..range.end;
                text_from = from;
                self.html_text_block(&std::mem::take(&mut text), text_range, warn);
                // A page break or a print page change before the next chapter (or the book's
                // end): the notes of this chapter end it before them, not on the next
                // chapter's first page or print page.
                if matches!(node, Node::PageBreak | Node::PrintPage { .. })
                    && self.containers == 0
                    && rest.trim().is_empty()
                    && self.chapter_follows(range.end)
                {
                    self.end_chapter(false, warn);
                }
                self.queue.push_back(node);
            }
        }
        text.push_str(rest);
        self.html_text_block(&text, text_from..range.end, warn);
    }

    /// Whether a level-1 heading (`# …`, at most three blanks in) or the end of the book is
    /// what comes next after byte `at`, blank lines aside.
    ///
    /// The answer is kept with the line it was found on: asked again from the start of a line
    /// passed over on the way, it is the same, and not looked for again (each of thousands of
    /// page breaks in a row looked past all those after it; issue 32).
    fn chapter_follows(&self, at: usize) -> bool {
        if let Some((from, found, answer)) = self.follows.get()
            && (from..=found).contains(&at)
            && (at == from || self.text.as_bytes().get(at.wrapping_sub(1)) == Some(&b'\n'))
        {
            return answer;
        }
        let rest = self.text.get(at..).unwrap_or_default();
        // (Lines of comments alone are passed over: a print page change, `<!-- sida 6 -->`,
        // stands before the next chapter's heading.)
        let comment_alone = |l: &str| {
            let t = l.trim();
            t.starts_with("<!--") && t.ends_with("-->") && !t[4..].contains("<!--")
        };
        // The lines as `str::lines` gives them, with where each starts.
        let mut start = at;
        let found = rest.split_inclusive('\n').find_map(|piece| {
            let line = piece
                .strip_suffix('\n')
                .map_or(piece, |l| l.strip_suffix('\r').unwrap_or(l));
            let here = start;
            start += piece.len();
            (!line.trim().is_empty() && !comment_alone(line)).then_some((here, line))
        });
        let (found, answer) = match found {
            None => (self.text.len().max(at), true),
            Some((here, line)) => {
                let t = line.trim_start_matches(' ');
                let heading = line.len() - t.len() <= 3
                    && (t.trim_end() == "#" || t.starts_with("# ") || t.starts_with("#\t"));
                (here, heading)
            }
        };
        self.follows.set(Some((at, found, answer)));
        answer
    }

    /// What a comment asks for: a page break, a print page change, the contents list; `None`
    /// for any other comment (a print page comment without a number is warned about).
    /// `within`: the bytes of the file where it is looked for.
    fn directive(
        &self,
        html: &str,
        within: Range<usize>,
        warn: &mut dyn FnMut(Warning),
    ) -> Option<Node> {
        let at = self
            .comment_at(html, within.clone())
            .unwrap_or(within.start);
        if is_page_break(html) {
            Some(Node::PageBreak)
        } else if let Some(number) = print_page(html) {
            let width = html.chars().count();
            let Some(digits) = page_number_value(number) else {
                let message = format!(
                    "'{number}' is no print page number (digits, as 12 or 12a, at most \
                     {PAGE_DIGITS} of them, or a roman numeral, as xii): the comment is left \
                     out"
                );
                self.warn_at(warn, at, width, &message);
                return None;
            };
            if let Some(n) = digits {
                if let Some(before) = self.print_page.get().filter(|b| n < *b) {
                    let message = format!(
                        "print page {number} after print page {before}: the print pages go \
                         backwards here"
                    );
                    self.warn_at(warn, at, width, &message);
                }
                self.print_page.set(Some(n));
            }
            Some(Node::PrintPage {
                number: number.to_owned(),
                at: self.pos(at),
            })
        } else if is_contents_marker(html) {
            Some(Node::Contents)
        } else {
            if looks_like_print_page(html) {
                self.warn_at(
                    warn,
                    at,
                    html.chars().count(),
                    "a print page comment without one page number is left out: write \
                     <!-- sida 12 -->",
                );
            }
            None
        }
    }

    /// Where the comment `html` stands in the file, looked for in the bytes `within` (`None`
    /// when it is not written there as it is: inside a quote, over several lines).
    fn comment_at(&self, html: &str, within: Range<usize>) -> Option<usize> {
        let end = within.end.min(self.text.len());
        (self.text.get(within.start.min(end)..end))
            .and_then(|t| t.find(html.trim()))
            .map(|i| within.start + i)
    }

    /// The text of (part of) an HTML block as a paragraph, its markup left out with a warning.
    fn html_text_block(&mut self, html: &str, range: Range<usize>, warn: &mut dyn FnMut(Warning)) {
        let text = html_text(html);
        if text.trim().is_empty() {
            return;
        }
        let plain: Vec<&str> = html.split_whitespace().collect();
        if plain.join(" ") != text {
            self.warn_at(
                warn,
                range.start,
                1,
                "an HTML block: its text is kept as a paragraph, its markup left out",
            );
        }
        // Each run of the text where it stands in the block.
        let pieces = self.placed(&text, range, Emphasis::None);
        self.pieces.extend(pieces);
        self.flush_inline();
    }

    fn code_block(&mut self, code: &Code) {
        let info = code.info.as_deref().unwrap_or("");
        let mut words = info.split_whitespace();
        let kind = words.next().map(str::to_ascii_lowercase);
        let words: Vec<&str> = words.collect();
        match kind.as_deref() {
            Some("pgn") => {
                let words = self.block_words(code, &words);
                self.pgn_block(code, words);
            }
            Some("fen") => {
                let words = self.block_words(code, &words);
                self.fen_block(code, &words);
            }
            _ => self.verbatim(code),
        }
    }

    /// The words of a block's info string with their places on the fence line.
    fn block_words(&self, code: &Code, words: &[&str]) -> Words {
        let line = self.line_of(code.start);
        let line_start = self.places.line_starts.get(line).copied().unwrap_or(0);
        let fence = self.line_text(line);
        // Each word is looked for after the fence and the words before it.
        let mut from = code.start.saturating_sub(line_start);
        words
            .iter()
            .map(|w| {
                let at = match fence.get(from..).and_then(|rest| rest.find(w)) {
                    Some(i) => {
                        let at = line_start + from + i;
                        from += i + w.len();
                        at
                    }
                    None => code.start,
                };
                (w.to_string(), self.pos(at))
            })
            .collect()
    }

    /// The 0-based file line of the block's first content line.
    fn content_line(&self, code: &Code) -> usize {
        let fence = self.line_of(code.start);
        if code.info.is_some() {
            fence + 1
        } else {
            fence
        }
    }

    /// Where content line `i` of a code block stands in its file line: the byte and character
    /// offset (indent and block-quote marks stripped by Markdown). A tab Markdown took only
    /// part of is given as blanks at the start of the content, which the file does not have:
    /// then the offset is where the content's first character would stand, so that the text
    /// after its leading white space stands where the file has it.
    fn content_offset(&self, code: &Code, i: usize, content: &str) -> (usize, usize) {
        let line = self.line_text(self.content_line(code) + i);
        if !content.is_empty() && line.ends_with(content) {
            let bytes = line.len() - content.len();
            return (bytes, line[..bytes].chars().count());
        }
        let text = content.trim_start();
        if text.is_empty() || !line.ends_with(text) {
            return (0, 0);
        }
        let before = line[..line.len() - text.len()].chars().count();
        let blanks = content.len() - text.len();
        let chars = before.saturating_sub(blanks);
        let bytes = line
            .char_indices()
            .nth(chars)
            .map_or(line.len(), |(b, _)| b);
        (bytes, chars)
    }

    fn verbatim(&mut self, code: &Code) {
        let first = self.content_line(code);
        let lines = code
            .text
            .lines()
            .enumerate()
            .map(|(i, line)| {
                let (bytes, _) = self.content_offset(code, i, line);
                let start = self.places.line_starts.get(first + i).copied().unwrap_or(0) + bytes;
                (line.to_string(), self.pos(start))
            })
            .collect();
        self.queue.push_back(Node::Code { lines });
    }

    fn pgn_block(&mut self, code: &Code, words: Words) {
        let first = self.content_line(code);
        let shifts = code
            .text
            .lines()
            .enumerate()
            .map(|(i, content)| {
                let (_, chars) = self.content_offset(code, i, content);
                u32::try_from(chars).unwrap_or(0)
            })
            .collect();
        self.queue.push_back(Node::Games(Games {
            text: Box::new(std::io::Cursor::new(code.text.clone().into_bytes())),
            indent: Indent {
                first_line: u32::try_from(first + 1).unwrap_or(u32::MAX),
                shifts,
            },
            words,
            at: self.pos(code.start),
        }));
    }

    fn fen_block(&mut self, code: &Code, words: &Words) {
        let first = self.content_line(code);
        let fence = self.pos(code.start);
        for (i, content) in code.text.lines().enumerate() {
            if !holds_fen(content) {
                continue;
            }
            let line = self.line_text(first + i);
            let (bytes, _) = self.content_offset(code, i, content);
            let trimmed = content.trim();
            let lead = content.len() - content.trim_start().len();
            let start = bytes + lead;
            self.queue.push_back(Node::Position(FenLine {
                line: line.to_owned(),
                range: start..start + trimmed.len(),
                number: u32::try_from(first + i + 1).unwrap_or(u32::MAX),
                words: words.clone(),
                block: Some(fence),
                caption: None,
                problem: None,
            }));
        }
    }
}

/// The text of an HTML comment, trimmed.
fn comment(html: &str) -> Option<&str> {
    html.trim()
        .strip_prefix("<!--")
        .and_then(|s| s.strip_suffix("-->"))
        .map(str::trim)
}

fn is_page_break(html: &str) -> bool {
    comment(html).is_some_and(|s| s.eq_ignore_ascii_case(PAGE_BREAK))
}

/// The print page number of a print page comment (`<!-- sida 12 -->`, `<!-- s. xii -->`): one
/// word after one of [`PRINT_PAGE_WORDS`].
fn print_page(html: &str) -> Option<&str> {
    let inner = comment(html)?;
    let lower = inner.to_lowercase();
    let word = PRINT_PAGE_WORDS.iter().find(|w| {
        lower
            .strip_prefix(**w)
            .is_some_and(|rest| rest.starts_with(char::is_whitespace) || w.ends_with('.'))
    })?;
    let number = inner.get(word.len()..)?.trim();
    (!number.is_empty() && !number.contains(char::is_whitespace)).then_some(number)
}

/// The most digits of a print page number.
const PAGE_DIGITS: usize = 6;

/// What a print page comment's word is (issue 32: `sida -1` was taken, and 100 000 digits
/// were cut to 23 without a word): `Some(Some(n))` for digits (with a letter after them,
/// `12a`), `Some(None)` for a roman numeral (`xii`, front matter pages, which count apart),
/// `None` for anything else.
fn page_number_value(word: &str) -> Option<Option<u64>> {
    let digits = word.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let letters = word.len() - digits.len();
    if !digits.is_empty()
        && digits.len() <= PAGE_DIGITS
        && digits.bytes().all(|b| b.is_ascii_digit())
        && letters <= 1
    {
        return digits.parse().ok().map(Some);
    }
    let roman = !word.is_empty()
        && word.len() <= 12
        && (word.chars().all(|c| "ivxlcdm".contains(c))
            || word.chars().all(|c| "IVXLCDM".contains(c)));
    roman.then_some(None)
}

/// Whether a comment starts like a print page comment (`<!-- sida … -->`) but is none.
fn looks_like_print_page(html: &str) -> bool {
    let Some(inner) = comment(html) else {
        return false;
    };
    let lower = inner.to_lowercase();
    print_page(html).is_none()
        && PRINT_PAGE_WORDS.iter().any(|w| {
            lower == w.trim_end_matches('.')
                || lower
                    .strip_prefix(*w)
                    .is_some_and(|r| r.is_empty() || r.starts_with(char::is_whitespace))
        })
}

/// Whether a book's text has a `<!-- toc -->` of its own, as an HTML block.
pub(crate) fn has_contents_marker(body: &str) -> bool {
    body.contains("<!--")
        && Parser::new_ext(body, markdown_options())
            .any(|e| matches!(e, Event::Html(t) if is_contents_marker(&t)))
}

/// The Markdown a book may use: CommonMark with tables, strikethrough and footnotes.
fn markdown_options() -> MdOptions {
    MdOptions::ENABLE_TABLES | MdOptions::ENABLE_STRIKETHROUGH | MdOptions::ENABLE_FOOTNOTES
}

/// `<!-- toc -->`.
fn is_contents_marker(html: &str) -> bool {
    comment(html).is_some_and(|c| c.eq_ignore_ascii_case(CONTENTS))
}

/// The text of an HTML block: tags and comments left out, the common entities read, white
/// space one blank.
fn html_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let end = if rest.starts_with("<!--") {
            rest.find("-->").map(|e| e + 3)
        } else {
            rest.find('>').map(|e| e + 1)
        };
        match end {
            Some(e) => {
                // A tag is a word break (`<p>a</p><p>b</p>`).
                out.push(' ');
                rest = &rest[e..];
            }
            None => {
                out.push_str(rest);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    let decoded = out
        .replace("&nbsp;", "\u{a0}")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nodes of a book (no front matter), with the warnings.
    fn nodes(text: &str) -> (Vec<Node>, Vec<Warning>) {
        let front = FrontMatter::default();
        let mut r = Reader::new("b.md", text, &front);
        let mut warnings = Vec::new();
        let mut out = Vec::new();
        while let Some(n) = r.next_node(&mut |w| warnings.push(w)) {
            out.push(n);
        }
        (out, warnings)
    }

    fn joined(text: &Inline) -> String {
        text.iter().map(|p| p.text.as_str()).collect()
    }

    #[test]
    fn prose_becomes_nodes_with_places() {
        let (n, w) = nodes("# Rubrik *ett*\n\nEtt *två* tre\\\nfyra\n\n- a\n- b\n");
        assert!(w.is_empty(), "{w:?}");
        let Node::Heading { level: 1, text } = &n[0] else {
            panic!("a heading first")
        };
        assert_eq!(joined(text), "Rubrik ett");
        assert!(text.iter().all(|p| p.emphasis == Emphasis::None));
        let Node::Paragraph {
            text,
            opening: Opening::Indented,
            broken: true,
        } = &n[1]
        else {
            panic!("{}", n.len())
        };
        assert_eq!(joined(text), "Ett två tre");
        assert_eq!(text[1].emphasis, Emphasis::Italic);
        assert_eq!(text[1].at, Pos { line: 3, column: 6 });
        assert!(matches!(
            &n[2],
            Node::Paragraph {
                opening: Opening::AfterBreak,
                ..
            }
        ));
        assert!(matches!(n[3], Node::ListStart { first: None, .. }));
        assert!(matches!(n[4], Node::ItemStart));
    }

    #[test]
    fn inline_code_is_placed_where_it_stands() {
        // In a quote, over three lines (one ending in CR LF): the code's text has blanks for the
        // line ends and no quote marks; each character stands where the file has it.
        let text = "> Se `a ☃\r\n> b\n>   c ☃` nu\n";
        let (n, _) = nodes(text);
        let Some(Node::Paragraph { text: pieces, .. }) =
            n.iter().find(|n| matches!(n, Node::Paragraph { .. }))
        else {
            panic!("no paragraph")
        };
        let words: Vec<String> = joined(pieces)
            .split_whitespace()
            .map(str::to_owned)
            .collect();
        assert_eq!(words, ["Se", "a", "☃", "b", "c", "☃", "nu"]);
        placed_where_they_stand(text, pieces);
        // On one line too: after the backticks, not at them.
        let text = "Se ``a ☃`` och ` b `\n";
        let (n, _) = nodes(text);
        let Some(Node::Paragraph { text: pieces, .. }) = n.first() else {
            panic!("no paragraph")
        };
        placed_where_they_stand(text, pieces);
        let snow = pieces.iter().find(|p| p.text.contains('☃'));
        assert_eq!(snow.map(|p| p.at), Some(Pos { line: 1, column: 8 }));
    }

    /// Every piece that is not blank stands where the file has its text (`at` is the place of
    /// its first character; quotes, escapes and line ends are not in the text).
    fn placed_where_they_stand(text: &str, pieces: &Inline) {
        let lines: Vec<&str> = text.split('\n').collect();
        for p in pieces.iter().filter(|p| !p.text.trim().is_empty()) {
            let line = lines[p.at.line as usize - 1];
            let from: String = line.chars().skip(p.at.column as usize - 1).collect();
            let first = p.text.chars().next().unwrap_or(' ');
            assert!(from.starts_with(first), "{p:?} on {line:?}");
        }
    }

    #[test]
    fn title_and_author_are_placed_where_the_front_matter_has_them() {
        for (text, want) in [
            // Escapes, and the value also inside an earlier one.
            (
                "---\nauthor: \"x\"\ntitle: \"Så \\\"sa\\\" ☃ x\"\n---\n",
                "Så \"sa\" ☃ x",
            ),
            // A plain value over two lines.
            ("---\ntitle: Ett\n  två ☃\n---\n", "Ett två ☃"),
            // As written: one piece.
            ("---\ntitle: 'Ett ☃'\n---\n", "Ett ☃"),
        ] {
            let front = super::super::frontmatter::read("b.md", text, &mut Vec::new());
            let front = front.unwrap_or_default();
            let mut r = Reader::new("b.md", text, &front);
            let Some(Node::TitlePage {
                title: Some(title), ..
            }) = r.next_node(&mut |_| {})
            else {
                panic!("no title page for {text:?}")
            };
            assert_eq!(joined(&title), want);
            placed_where_they_stand(text, &title);
            let snow = title.iter().find(|p| p.text.contains('☃'));
            let line = snow.map(|p| p.at.line);
            assert_eq!(
                line,
                Some(text.lines().position(|l| l.contains('☃')).unwrap_or(0) as u32 + 1)
            );
        }
        // A character written as an escape: at its backslash, not at the opening quote.
        let text = "---\ntitle: \"\\u0007 ☃\"\n---\n";
        let front = super::super::frontmatter::read("b.md", text, &mut Vec::new());
        let front = front.unwrap_or_default();
        let mut r = Reader::new("b.md", text, &front);
        let Some(Node::TitlePage { title: Some(t), .. }) = r.next_node(&mut |_| {}) else {
            panic!("no title page")
        };
        let bell = t.iter().find(|p| p.text.contains('\u{7}')).map(|p| p.at);
        assert_eq!(bell, Some(Pos { line: 2, column: 9 }));
    }

    #[test]
    fn code_after_a_tab_markdown_took_part_of_stands_where_the_file_has_it() {
        // In a quote, four tabs: an indented code block whose first tab Markdown took only
        // part of, given back as blanks.
        // The same after a list marker.
        for text in ["> \t\t\t\t@a♜☃ x\n", "*\t\t☃     * **\n"] {
            let (n, _) = nodes(text);
            let code = n.iter().find(|n| matches!(n, Node::Code { .. }));
            let Some(Node::Code { lines }) = code else {
                panic!("no code in {text:?}")
            };
            let (content, at) = &lines[0];
            let snow = content.chars().position(|c| c == '☃').unwrap_or(0);
            let column = at.column as usize + snow;
            assert_eq!(text.chars().nth(column - 1), Some('☃'), "{lines:?}");
        }
    }

    #[test]
    fn a_pgn_block_in_a_list_knows_the_indent_markdown_took_off() {
        let (n, _) = nodes("- Parti:\n\n  ```pgn compact list\n  1. e4 e5 *\n  ```\n");
        let games = n.iter().find_map(|n| match n {
            Node::Games(g) => Some(g),
            _ => None,
        });
        let Some(g) = games else { panic!("no games") };
        assert_eq!((g.indent.first_line, g.indent.shifts.clone()), (4, vec![2]));
        assert_eq!(g.at, Pos { line: 3, column: 3 });
        let words: Vec<_> = g
            .words
            .iter()
            .map(|(w, at)| (w.as_str(), at.column))
            .collect();
        assert_eq!(words, [("compact", 10), ("list", 18)]);
    }

    #[test]
    fn a_fen_block_gives_a_position_a_line() {
        let (n, _) = nodes(
            "> ```fen rows\n> # kommentar\n> 8/8/8/8/8/8/8/K6k w\n>\n>   8/8/8/8/8/8/8/k6K b\n> ```\n",
        );
        let fens: Vec<_> = n
            .iter()
            .filter_map(|n| match n {
                Node::Position(f) => Some((f.number, f.pos(), f.words.len(), f.block)),
                _ => None,
            })
            .collect();
        let fence = Some(Pos { line: 1, column: 3 });
        assert_eq!(
            fens,
            [
                (3, Pos { line: 3, column: 3 }, 1, fence),
                (5, Pos { line: 5, column: 5 }, 1, fence)
            ]
        );
    }

    #[test]
    fn a_column_counted_from_the_strides_is_the_characters_before_it() {
        let text = "a\u{e5}\u{2603}\n\u{1f600}b\r\n".repeat(40);
        let places = Places::new(&text);
        for (offset, _) in text.char_indices().chain([(text.len(), ' ')]) {
            assert_eq!(
                places.chars_before(&text, offset),
                text[..offset].chars().count(),
                "{offset}"
            );
        }
    }

    #[test]
    fn places_at_the_end_of_a_line_of_200_000_characters_are_right() {
        // Each piece of a long line placed where it stands (each counted from its line's start
        // was quadratic), characters of two and three bytes among them.
        let line = format!("{}\u{2603}", "*\u{e9}* ".repeat(50_000));
        let text = format!("# B\n\n{line}\n");
        let (n, _) = nodes(&text);
        let Some(Node::Paragraph { text: pieces, .. }) = n.last() else {
            panic!("no paragraph")
        };
        // Each piece's first character where the line has it.
        let chars: Vec<char> = line.chars().collect();
        for p in pieces.iter().filter(|p| !p.text.trim().is_empty()) {
            assert_eq!(p.at.line, 3);
            let first = p.text.chars().next();
            assert_eq!(chars.get(p.at.column as usize - 1), first.as_ref(), "{p:?}");
        }
        assert!(pieces.len() >= 100_000);
        let last_e = pieces.iter().rfind(|p| p.text == "\u{e9}").map(|p| p.at);
        assert_eq!(
            last_e,
            Some(Pos {
                line: 3,
                column: 199_998
            })
        );
        let snowman = pieces.iter().find(|p| p.text.contains('\u{2603}'));
        let snowman = snowman.map(|p| p.at.column as usize + p.text.chars().count());
        // The snowman is the line's 200 001st character, the last of the piece that holds it.
        assert_eq!(snowman, Some(200_001 + 1));
    }

    #[test]
    fn ten_thousand_page_breaks_in_a_row() {
        let breaks = "<!-- pagebreak -->\n".repeat(10_000);
        for (after, chapter) in [("# Tv\u{e5}\n\nMer.\n", true), ("Mer.\n", false)] {
            let text = format!("Text[^n].\n\n{breaks}\n{after}\n[^n]: Noten.\n");
            let (n, _) = nodes(&text);
            let page_breaks: Vec<usize> = (n.iter().enumerate())
                .filter(|(_, n)| matches!(n, Node::PageBreak))
                .map(|(i, _)| i)
                .collect();
            assert_eq!(page_breaks.len(), 10_000);
            // The breaks one after the other.
            assert_eq!(page_breaks[9_999] - page_breaks[0], 9_999);
            // The chapter's notes end it before the breaks when a chapter follows them, else
            // at the book's end.
            let notes = n.iter().position(|n| matches!(n, Node::Notes { .. }));
            let Some(notes) = notes else {
                panic!("no notes")
            };
            assert_eq!(notes < page_breaks[0], chapter, "{after}");
        }
    }

    #[test]
    fn comments_in_one_html_block_stand_where_each_is() {
        let (n, _) = nodes("<div>\n<!-- sida 5 -->\n<!-- sida 5 -->\n<!-- sida 6 -->\n</div>\n");
        let pages: Vec<(String, Pos)> = n
            .iter()
            .filter_map(|n| match n {
                Node::PrintPage { number, at } => Some((number.clone(), *at)),
                _ => None,
            })
            .collect();
        let at = |line| Pos { line, column: 1 };
        assert_eq!(
            pages,
            [
                ("5".to_string(), at(2)),
                ("5".to_string(), at(3)),
                ("6".to_string(), at(4))
            ]
        );
    }

    #[test]
    fn html_and_page_breaks() {
        let (n, w) =
            nodes("Text\n\n<!-- pagebreak -->\n\n<div>x</div>\n\nMer <!-- pagebreak --> text\n");
        assert!(n.iter().any(|n| matches!(n, Node::PageBreak)));
        let messages: Vec<_> = w
            .iter()
            .map(|w| (w.0.location.line, w.0.message.as_str()))
            .collect();
        assert_eq!(
            messages,
            [
                (
                    5,
                    "an HTML block: its text is kept as a paragraph, its markup left out"
                ),
                (
                    7,
                    "a page break inside a paragraph is left out: put it on a line of its own"
                )
            ]
        );
    }
}
