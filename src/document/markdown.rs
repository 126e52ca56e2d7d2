//! Markdown books (issue 4): prose, games and diagrams in Swedish braille, on numbered pages.
//!
//! A book is read whole (books are small); the YAML front matter gives its title, author and
//! option defaults ([`frontmatter`](super::frontmatter)); pulldown-cmark gives the blocks, with
//! byte ranges turned into line and column for every warning and error. Each block goes to the
//! [`Layouter`] as soon as it is complete, and the games of a ```` ```pgn ```` block stream
//! through the same reader and [`GameWriter`] as a `.pgn` file.
//!
//! How each Markdown element is written (the choices are listed in `docs/decisions.md`):
//!
//! | element | braille |
//! |---|---|
//! | front matter `title`/`author` | a title page from `templates/titelsida.txt`, then a page break |
//! | heading | no indent, no emphasis signs; level 1: 3 blank lines before (also at the top of a page), 1 after; other levels: 1 before (left out at the top of a page), 1 after; kept with the next block |
//! | paragraph | first line indented two cells, no blank lines between paragraphs |
//! | italic, bold | rules.md §7 (6-3, 6-36 … 156; 46, 46-46 … 156); bold wins where both are set |
//! | hard line break | a new line at the paragraph's continuation indent |
//! | list | a blank line before and after the outermost list; each item starts with its marker (`•` for bullets, `1.` numbers) glued to the first word, continuation lines two cells further in; nested lists two cells further in |
//! | block quote | a blank line before and after, every line two cells further in |
//! | thematic break | a blank line, six cells of dots 25, a blank line |
//! | `<!-- pagebreak -->` | a new page (a blank line without pages) |
//! | ```` ```pgn [words] ```` | the games, as a `.pgn` file; words set the block's options |
//! | ```` ```fen [words] ```` | one diagram per FEN line, never split across pages |
//! | other code blocks | a blank line before and after, each line as it stands (no reflow) |
//! | link | its text; image: its alt text |
//! | table | a blank line before and after; the header row and then each row as a paragraph, cells separated by `;` and a blank, an empty cell as `–` |
//! | anything else (HTML, footnotes, strikethrough) | a warning with its place; the text is kept where there is any |

use std::ops::Range;

use pulldown_cmark::{
    CodeBlockKind, Event, HeadingLevel, Options as MdOptions, Parser, Tag, TagEnd,
};

use super::fen::parse_fen_in_line;
use super::frontmatter::{self, FrontMatter, Settings};
use super::profile::DEFAULT_PROFILE;
use crate::braille::cell::Cell;
use crate::braille::diagram::{BOARD_WIDTH, diagram_fixed};
use crate::braille::game::GameWriter;
use crate::braille::text::{self, Emphasis, Unmapped};
use crate::chess::{Game, GameResult, PgnReader};
use crate::error::{Diagnostic, Error, Location, Result, Warning};
use crate::layout::{Block, Layouter, LineSink, Paragraph};
use crate::options::{DiagramForm, Moves, Notation, Options};

/// The title page template (see the file for its fields).
const TITLE_PAGE: &str = include_str!("../../templates/titelsida.txt");

/// Words for the title page's `{notation}` and `{moves}` fields.
const NOTATION_WORDS: &[(Notation, &str)] = &[
    (Notation::Ordinary, "vanlig notation"),
    (Notation::Compact, "kompakt notation"),
];
const MOVES_WORDS: &[(Moves, &str)] = &[
    (Moves::Short, "kort algebraisk"),
    (Moves::Long, "lång algebraisk"),
];

/// Print marks of list items and tables, translated with the text rules.
const BULLET: &str = "•";
const CELL_SEPARATOR: &str = "; ";
const EMPTY_CELL: &str = "–";

/// The thematic break line: six cells of dots 25 (a full line of them is a print page change).
const RULE_LINE: [Cell; 6] = [Cell::dots("25"); 6];

/// Blank lines before a heading: level 1, other levels (rules.md §8).
const MAIN_HEADING_BLANKS: usize = 3;
const HEADING_BLANKS: usize = 1;

/// Indent of paragraph first lines, and the step of lists and block quotes.
const PARAGRAPH_INDENT: usize = 2;
const NEST_INDENT: usize = 2;

/// The comment that asks for a page break.
const PAGE_BREAK: &str = "pagebreak";

/// A Markdown book: its text and what its front matter says.
pub struct Book<'a> {
    name: &'a str,
    text: &'a str,
    pub front: FrontMatter,
}

impl<'a> Book<'a> {
    /// Reads the front matter of `text` (the whole file; `name` is used in messages). A bad
    /// front matter value is an input error; unknown keys are warnings.
    pub fn read(name: &'a str, text: &'a str, warn: &mut dyn FnMut(&Warning)) -> Result<Book<'a>> {
        let mut warnings = Vec::new();
        let front = frontmatter::read(name, text, &mut warnings)?;
        warnings.iter().for_each(&mut *warn);
        Ok(Book { name, text, front })
    }

    /// The option defaults the front matter sets (command-line options go over them:
    /// `cli.or(book.settings().clone())`).
    pub fn settings(&self) -> &Settings {
        &self.front.settings
    }

    /// Transcribes the book into `layout`: the title page (when the front matter has a title
    /// or an author), then the body. The layouter's pages (numbers) are the caller's; a
    /// profile sets them with [`Profile::apply`](super::profile::Profile::apply).
    pub fn transcribe<S: LineSink>(
        &self,
        options: &Options,
        layout: &mut Layouter<S>,
        warn: &mut dyn FnMut(&Warning),
    ) -> Result<()> {
        let mut w = Writer::new(self.name, self.text, options, layout, warn);
        w.title_page(&self.front)?;
        w.body(self.front.body_start)?;
        Ok(())
    }
}

/// Transcribes a Markdown book into `sink` in one call: front matter, `overrides` over it (the
/// options given on the command line), the page profile (default `sv-a4`), the title page and
/// the body. The output format is the sink's: `overrides.format` and the front matter's are
/// not looked at here. Hands the sink back after the last page.
pub fn transcribe_markdown<S: LineSink>(
    name: &str,
    text: &str,
    overrides: &Settings,
    sink: S,
    warn: &mut dyn FnMut(&Warning),
) -> Result<S> {
    let book = Book::read(name, text, warn)?;
    let (options, profile) = overrides
        .clone()
        .or(book.settings().clone())
        .resolve(Some(DEFAULT_PROFILE))?;
    let mut layout = Layouter::new(options.line_length, options.page_length, sink);
    if let Some(p) = &profile {
        p.apply(&mut layout);
    }
    book.transcribe(&options, &mut layout, warn)?;
    layout.finish().map_err(output_error)
}

fn output_error(e: std::io::Error) -> Error {
    Error::io("(output)", e)
}

/// A piece of inline text with its emphasis and where it stands in the file.
struct Piece {
    text: String,
    emphasis: Emphasis,
    src: Range<usize>,
}

/// A container block around the current one.
#[derive(Copy, Clone, Debug)]
enum Frame {
    Quote,
    /// A list and the number of its next item (`None`: bullets).
    List(Option<u64>),
    Item,
}

/// A code block being read.
struct Code {
    /// The info string of a fenced block (`None`: indented).
    info: Option<String>,
    text: String,
    /// Byte offset of the block's first line (the fence) in the file.
    start: usize,
}

/// State while a book is written.
struct Writer<'a, 'w, S: LineSink> {
    name: &'a str,
    text: &'a str,
    line_starts: Vec<usize>,
    options: &'a Options,
    layout: &'w mut Layouter<S>,
    warn: &'w mut dyn FnMut(&Warning),
    pieces: Vec<Piece>,
    italic: u32,
    bold: u32,
    frames: Vec<Frame>,
    /// The marker of a list item whose first line is not written yet.
    marker: Option<Vec<Cell>>,
    /// After a hard line break: the next line starts at the continuation indent.
    continuation: bool,
    /// A blank line is due before the next block.
    want_blank: bool,
    /// The last thing written ends with a blank line.
    after_blank: bool,
    heading: Option<HeadingLevel>,
    html: Option<(String, usize)>,
    code: Option<Code>,
    /// In a table: the index of the current cell in its row, and where its pieces start.
    table_cell: Option<(usize, usize)>,
    cells: Vec<Cell>,
    unmapped: Vec<Unmapped>,
}

impl<'a, 'w, S: LineSink> Writer<'a, 'w, S> {
    fn new(
        name: &'a str,
        text: &'a str,
        options: &'a Options,
        layout: &'w mut Layouter<S>,
        warn: &'w mut dyn FnMut(&Warning),
    ) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Writer {
            name,
            text,
            line_starts,
            options,
            layout,
            warn,
            pieces: Vec::new(),
            italic: 0,
            bold: 0,
            frames: Vec::new(),
            marker: None,
            continuation: false,
            want_blank: false,
            after_blank: true,
            heading: None,
            html: None,
            code: None,
            table_cell: None,
            cells: Vec::new(),
            unmapped: Vec::new(),
        }
    }

    // ---- places ------------------------------------------------------------------------

    /// The 0-based line of a byte offset.
    fn line_of(&self, offset: usize) -> usize {
        self.line_starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }

    /// The text of a 0-based line, without its line end.
    fn line_text(&self, line: usize) -> &'a str {
        let start = self
            .line_starts
            .get(line)
            .copied()
            .unwrap_or(self.text.len());
        let end = self
            .line_starts
            .get(line + 1)
            .copied()
            .unwrap_or(self.text.len());
        self.text
            .get(start..end)
            .unwrap_or("")
            .trim_end_matches(['\n', '\r'])
    }

    fn location(&self, offset: usize) -> Location {
        let offset = offset.min(self.text.len());
        let line = self.line_of(offset);
        let start = self.line_starts.get(line).copied().unwrap_or(0);
        let column = self
            .text
            .get(start..offset)
            .map_or(0, |s| s.chars().count());
        Location {
            file: self.name.to_string(),
            line: u32::try_from(line + 1).unwrap_or(u32::MAX),
            column: u32::try_from(column + 1).unwrap_or(u32::MAX),
        }
    }

    fn warn_at(&mut self, offset: usize, width: usize, message: impl Into<String>) {
        let line = self.line_text(self.line_of(offset.min(self.text.len())));
        let d = Diagnostic::new(self.location(offset), message).with_source(line, width);
        (self.warn)(&Warning(d));
    }

    fn unsupported(&mut self, range: &Range<usize>, what: &str) {
        let width = self
            .text
            .get(range.clone())
            .map_or(1, |s| s.lines().next().unwrap_or("").chars().count());
        self.warn_at(range.start, width, format!("{what} is not supported"));
    }

    // ---- the book ----------------------------------------------------------------------

    fn title_page(&mut self, front: &FrontMatter) -> Result<()> {
        if front.title.is_none() && front.author.is_none() {
            return Ok(());
        }
        let fields: [(&str, &str); 4] = [
            ("{title}", front.title.as_deref().unwrap_or("")),
            ("{author}", front.author.as_deref().unwrap_or("")),
            ("{notation}", word(NOTATION_WORDS, self.options.notation)),
            ("{moves}", word(MOVES_WORDS, self.options.moves)),
        ];
        let mut blanks = 0;
        for line in TITLE_PAGE.lines().filter(|l| !l.starts_with('%')) {
            if line.trim().is_empty() {
                blanks += 1;
                continue;
            }
            let mut text = line.to_string();
            let mut empty_field = false;
            for (field, value) in fields {
                if text.contains(field) {
                    empty_field |= value.trim().is_empty();
                    text = text.replace(field, value.trim());
                }
            }
            if empty_field {
                continue;
            }
            self.cells.clear();
            self.unmapped.clear();
            text::translate(&text, &mut self.cells, &mut self.unmapped);
            let mut p = Paragraph::new(0, NEST_INDENT);
            p.push_text(&self.cells);
            p.blank_before = std::mem::take(&mut blanks);
            p.blank_before_at_top = true;
            self.report_unmapped_front();
            self.push(Block::Paragraph(p))?;
        }
        self.layout.page_break().map_err(output_error)?;
        self.after_blank = true;
        Ok(())
    }

    /// Characters of the title or author with no rule: reported at the front matter.
    fn report_unmapped_front(&mut self) {
        let unmapped = std::mem::take(&mut self.unmapped);
        for u in &unmapped {
            let at = self.text.find(u.ch).unwrap_or(0);
            self.warn_at(at, 1, no_rule(u.ch));
        }
        self.unmapped = unmapped;
    }

    fn body(&mut self, start: usize) -> Result<()> {
        let body = self.text.get(start..).unwrap_or("");
        let mut md = MdOptions::empty();
        md.insert(MdOptions::ENABLE_TABLES);
        md.insert(MdOptions::ENABLE_STRIKETHROUGH);
        md.insert(MdOptions::ENABLE_FOOTNOTES);
        for (event, range) in Parser::new_ext(body, md).into_offset_iter() {
            let range = range.start + start..range.end + start;
            self.event(event, range)?;
        }
        self.flush_inline()?;
        Ok(())
    }

    fn event(&mut self, event: Event<'_>, range: Range<usize>) -> Result<()> {
        match event {
            Event::Start(tag) => self.start(tag, range)?,
            Event::End(tag) => self.end(tag, range)?,
            Event::Text(t) => {
                if let Some(code) = &mut self.code {
                    code.text.push_str(&t);
                } else if let Some((html, _)) = &mut self.html {
                    html.push_str(&t);
                } else {
                    self.piece(&t, range);
                }
            }
            Event::Code(t) => self.piece(&t, range),
            Event::Html(t) => match &mut self.html {
                Some((html, _)) => html.push_str(&t),
                None => self.unsupported(&range, "HTML"),
            },
            Event::InlineHtml(t) => self.inline_html(&t, range)?,
            Event::FootnoteReference(label) => {
                self.unsupported(&range, "a footnote reference");
                self.piece(&format!("[{label}]"), range);
            }
            Event::SoftBreak => self.piece(" ", range),
            Event::HardBreak => {
                if self.heading.is_some() {
                    self.piece(" ", range);
                } else {
                    self.flush_inline()?;
                    self.continuation = true;
                }
            }
            Event::Rule => {
                self.flush_inline()?;
                self.want_blank = true;
                let mut p = Paragraph::new(0, 0);
                p.push(&RULE_LINE);
                self.push(Block::Paragraph(p))?;
                self.want_blank = true;
            }
            Event::TaskListMarker(_) | Event::InlineMath(_) | Event::DisplayMath(_) => {
                self.unsupported(&range, "this Markdown extension");
            }
        }
        Ok(())
    }

    fn start(&mut self, tag: Tag<'_>, range: Range<usize>) -> Result<()> {
        match tag {
            Tag::Paragraph => self.flush_inline()?,
            Tag::Heading { level, .. } => {
                self.flush_inline()?;
                self.heading = Some(level);
            }
            Tag::BlockQuote(_) => {
                self.flush_inline()?;
                self.want_blank = true;
                self.frames.push(Frame::Quote);
            }
            Tag::CodeBlock(kind) => {
                self.flush_inline()?;
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
                self.flush_inline()?;
                self.html = Some((String::new(), range.start));
            }
            Tag::List(first) => {
                self.flush_inline()?;
                if !self.frames.iter().any(|f| matches!(f, Frame::List(_))) {
                    self.want_blank = true;
                }
                self.frames.push(Frame::List(first));
            }
            Tag::Item => {
                self.flush_inline()?;
                let number = match self.frames.last_mut() {
                    Some(Frame::List(Some(n))) => {
                        let this = *n;
                        *n += 1;
                        Some(this)
                    }
                    _ => None,
                };
                let mark = number.map_or_else(|| BULLET.to_string(), |n| format!("{n}."));
                let mut cells = Vec::new();
                let mut unmapped = Vec::new();
                text::translate(&mark, &mut cells, &mut unmapped);
                self.marker = Some(cells);
                self.frames.push(Frame::Item);
            }
            Tag::FootnoteDefinition(_) => {
                self.flush_inline()?;
                self.unsupported(&range, "a footnote (its text is written where it stands)");
            }
            Tag::Table(_) => {
                self.flush_inline()?;
                self.want_blank = true;
            }
            Tag::TableHead | Tag::TableRow => self.table_cell = None,
            Tag::TableCell => {
                let index = match self.table_cell {
                    Some((i, _)) => {
                        self.piece(CELL_SEPARATOR, range.start..range.start);
                        i + 1
                    }
                    None => 0,
                };
                self.table_cell = Some((index, self.pieces.len()));
            }
            Tag::Emphasis => self.italic += 1,
            Tag::Strong => self.bold += 1,
            Tag::Strikethrough => {
                self.unsupported(&range, "strikethrough (the text is written plain)")
            }
            Tag::Superscript | Tag::Subscript => self.unsupported(
                &range,
                "superscript and subscript (the text is written plain)",
            ),
            Tag::Link { .. } | Tag::Image { .. } => {}
            Tag::DefinitionList
            | Tag::DefinitionListTitle
            | Tag::DefinitionListDefinition
            | Tag::MetadataBlock(_) => {
                self.flush_inline()?;
                self.unsupported(&range, "this Markdown extension");
            }
        }
        Ok(())
    }

    fn end(&mut self, tag: TagEnd, range: Range<usize>) -> Result<()> {
        match tag {
            TagEnd::Paragraph => self.flush_inline()?,
            TagEnd::Heading(level) => self.write_heading(level)?,
            TagEnd::BlockQuote(_) => {
                self.flush_inline()?;
                self.frames.pop();
                self.want_blank = true;
            }
            TagEnd::CodeBlock => {
                if let Some(code) = self.code.take() {
                    self.code_block(&code)?;
                }
            }
            TagEnd::HtmlBlock => {
                if let Some((html, start)) = self.html.take() {
                    self.html_block(&html, start..range.end)?;
                }
            }
            TagEnd::List(_) => {
                self.flush_inline()?;
                self.frames.pop();
                if !self.frames.iter().any(|f| matches!(f, Frame::List(_))) {
                    self.want_blank = true;
                }
            }
            TagEnd::Item => {
                self.flush_inline()?;
                if self.marker.is_some() {
                    // An empty item: its marker alone.
                    self.write_paragraph()?;
                }
                self.frames.pop();
            }
            TagEnd::TableCell => {
                if let Some((_, start)) = self.table_cell
                    && !self.pieces[start..]
                        .iter()
                        .any(|p| !p.text.trim().is_empty() && p.text != CELL_SEPARATOR)
                {
                    self.piece(EMPTY_CELL, range.start..range.start);
                }
            }
            TagEnd::TableHead | TagEnd::TableRow => {
                self.table_cell = None;
                self.write_row()?;
            }
            TagEnd::Table => self.want_blank = true,
            TagEnd::Emphasis => self.italic = self.italic.saturating_sub(1),
            TagEnd::Strong => self.bold = self.bold.saturating_sub(1),
            _ => {}
        }
        Ok(())
    }

    // ---- inline text -------------------------------------------------------------------

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
        self.pieces.push(Piece {
            text: text.to_string(),
            emphasis,
            src,
        });
    }

    fn inline_html(&mut self, html: &str, range: Range<usize>) -> Result<()> {
        let tag = html.trim().to_ascii_lowercase();
        if matches!(tag.as_str(), "<br>" | "<br/>" | "<br />") {
            self.flush_inline()?;
            self.continuation = true;
        } else if is_page_break(&tag) {
            self.warn_at(
                range.start,
                html.chars().count(),
                "a page break inside a paragraph is left out: put it on a line of its own",
            );
        } else if !tag.starts_with("<!--") {
            self.unsupported(&range, "inline HTML (it is left out)");
        }
        Ok(())
    }

    /// Translates the collected pieces, reporting characters with no rule at their place.
    fn translate_pieces(&mut self) {
        self.cells.clear();
        self.unmapped.clear();
        let spans: Vec<(&str, Emphasis)> = self
            .pieces
            .iter()
            .map(|p| (p.text.as_str(), p.emphasis))
            .collect();
        text::translate_spans(&spans, &mut self.cells, &mut self.unmapped);
        let unmapped = std::mem::take(&mut self.unmapped);
        for u in &unmapped {
            let at = self.source_offset(u.offset);
            self.warn_at(at, 1, no_rule(u.ch));
        }
        self.unmapped = unmapped;
    }

    /// The file offset of a byte offset in the joined pieces.
    fn source_offset(&self, mut offset: usize) -> usize {
        for p in &self.pieces {
            if offset < p.text.len() {
                let span = p.src.end.saturating_sub(p.src.start);
                return p.src.start + offset.min(span.saturating_sub(1));
            }
            offset -= p.text.len();
        }
        self.pieces.last().map_or(0, |p| p.src.start)
    }

    /// The left margin of the current container.
    fn margin(&self) -> usize {
        self.frames
            .iter()
            .filter(|f| !matches!(f, Frame::List(_)))
            .count()
            * NEST_INDENT
    }

    /// Writes the collected inline text as a paragraph (nothing if there is none).
    fn flush_inline(&mut self) -> Result<()> {
        if self.heading.is_some() || self.table_cell.is_some() {
            return Ok(());
        }
        if self.pieces.iter().all(|p| p.text.trim().is_empty()) {
            self.pieces.clear();
            return Ok(());
        }
        self.write_paragraph()
    }

    fn write_paragraph(&mut self) -> Result<()> {
        self.translate_pieces();
        self.pieces.clear();
        let margin = self.margin();
        let in_item = matches!(self.frames.last(), Some(Frame::Item));
        let (first, rest) = if self.marker.is_some() {
            (margin.saturating_sub(NEST_INDENT), margin)
        } else if self.continuation || in_item {
            (margin, margin)
        } else {
            (margin + PARAGRAPH_INDENT, margin)
        };
        let mut p = Paragraph::new(first, rest);
        if let Some(marker) = self.marker.take() {
            p.push(&marker);
            p.end_word_glued();
        }
        p.push_text(&self.cells);
        p.end_word();
        self.continuation = false;
        if p.word_count() > 0 {
            self.push(Block::Paragraph(p))?;
        }
        Ok(())
    }

    fn write_heading(&mut self, level: HeadingLevel) -> Result<()> {
        self.heading = None;
        if self.pieces.iter().all(|p| p.text.trim().is_empty()) {
            self.pieces.clear();
            return Ok(());
        }
        for p in &mut self.pieces {
            p.emphasis = Emphasis::None;
        }
        self.translate_pieces();
        self.pieces.clear();
        let margin = self.margin();
        let mut p = Paragraph::new(margin, margin);
        p.push_text(&self.cells);
        p.end_word();
        let main = level == HeadingLevel::H1;
        p.blank_before = if main {
            MAIN_HEADING_BLANKS
        } else {
            HEADING_BLANKS
        };
        p.blank_before_at_top = main;
        p.blank_after = 1;
        p.keep_with_next = true;
        self.want_blank = false;
        self.layout
            .push(&mut Block::Paragraph(p))
            .map_err(output_error)?;
        self.after_blank = true;
        Ok(())
    }

    fn write_row(&mut self) -> Result<()> {
        if self.pieces.is_empty() {
            return Ok(());
        }
        self.translate_pieces();
        self.pieces.clear();
        let margin = self.margin();
        let mut p = Paragraph::new(margin, margin + NEST_INDENT);
        p.push_text(&self.cells);
        p.end_word();
        self.push(Block::Paragraph(p))
    }

    /// Lays out a block, with the blank line due before it.
    fn push(&mut self, mut block: Block) -> Result<()> {
        if self.want_blank && !self.after_blank {
            self.layout.push(&mut Block::Blank).map_err(output_error)?;
        }
        self.want_blank = false;
        self.after_blank = matches!(block, Block::Blank);
        self.layout.push(&mut block).map_err(output_error)
    }

    // ---- HTML and code blocks ----------------------------------------------------------

    fn html_block(&mut self, html: &str, range: Range<usize>) -> Result<()> {
        let tag = html.trim();
        if is_page_break(tag) {
            self.layout.page_break().map_err(output_error)?;
            self.want_blank = false;
            self.after_blank = true;
        } else if !(tag.starts_with("<!--") && tag.ends_with("-->")) {
            self.unsupported(&range, "HTML (it is left out)");
        }
        Ok(())
    }

    fn code_block(&mut self, code: &Code) -> Result<()> {
        let info = code.info.as_deref().unwrap_or("");
        let mut words = info.split_whitespace();
        let kind = words.next().map(str::to_ascii_lowercase);
        let words: Vec<&str> = words.collect();
        match kind.as_deref() {
            Some("pgn") => self.pgn_block(code, &words),
            Some("fen") => self.fen_block(code, &words),
            _ => self.verbatim(code),
        }
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
    /// offset (indent and block-quote marks stripped by Markdown).
    fn content_offset(&self, code: &Code, i: usize, content: &str) -> (usize, usize) {
        let line = self.line_text(self.content_line(code) + i);
        if !content.is_empty() && line.ends_with(content) {
            let bytes = line.len() - content.len();
            (bytes, line[..bytes].chars().count())
        } else {
            (0, 0)
        }
    }

    fn verbatim(&mut self, code: &Code) -> Result<()> {
        self.want_blank = true;
        let margin = self.margin();
        for (i, line) in code.text.lines().enumerate() {
            if line.trim().is_empty() {
                self.push(Block::Blank)?;
                continue;
            }
            self.cells.clear();
            self.unmapped.clear();
            text::translate(line, &mut self.cells, &mut self.unmapped);
            let (bytes, _) = self.content_offset(code, i, line);
            let line_start = self
                .line_starts
                .get(self.content_line(code) + i)
                .copied()
                .unwrap_or(0)
                + bytes;
            let unmapped = std::mem::take(&mut self.unmapped);
            for u in &unmapped {
                self.warn_at(line_start + u.offset, 1, no_rule(u.ch));
            }
            self.unmapped = unmapped;
            let mut p = Paragraph::new(margin, margin + NEST_INDENT);
            p.push_text(&self.cells);
            p.end_word();
            if p.word_count() > 0 {
                self.push(Block::Paragraph(p))?;
            }
        }
        self.want_blank = true;
        Ok(())
    }

    /// Options of a ```` ```pgn ```` or ```` ```fen ```` block: the book's, changed by the
    /// words of the info string. Unknown words are warnings at the fence.
    fn block_options(&mut self, code: &Code, words: &[&str]) -> Options {
        let mut set = Settings::default();
        for word in words {
            let known = set.apply_word(word);
            if !known {
                let fence = self.line_text(self.line_of(code.start));
                let at = fence.find(word).map_or(code.start, |i| code.start + i);
                self.warn_at(
                    at,
                    word.chars().count(),
                    format!("unknown block option '{word}' is left out"),
                );
            }
        }
        set.over(self.options)
    }

    fn pgn_block(&mut self, code: &Code, words: &[&str]) -> Result<()> {
        let options = self.block_options(code, words);
        let first_line = self.content_line(code) + 1;
        let mut reader = PgnReader::new(code.text.as_bytes(), self.name)
            .starting_at_line(u32::try_from(first_line).unwrap_or(u32::MAX));
        let mut games = GameWriter::new(&options);
        let mut blocks = Vec::new();
        let mut warnings = Vec::new();
        loop {
            let read = reader.read_game();
            for w in reader.take_warnings() {
                let w = Warning(self.relocate(code, w.0));
                (self.warn)(&w);
            }
            let mut game = match read {
                Ok(Some(g)) => g,
                Ok(None) => break,
                Err(Error::Input(d)) => {
                    return Err(Error::Input(Box::new(self.relocate(code, *d))));
                }
                Err(e) => return Err(e),
            };
            if let Some(l) = game.location.take() {
                game.location = Some(self.relocate(code, Diagnostic::new(l, "")).location);
            }
            blocks.clear();
            games.write(&game, &mut blocks, &mut warnings);
            for w in warnings.drain(..) {
                (self.warn)(&w);
            }
            let heading = heading_blocks(&game).min(blocks.len());
            for b in blocks.iter_mut().take(heading) {
                if let Block::Paragraph(p) = b {
                    p.keep_with_next = true;
                }
            }
            self.want_blank = true;
            for b in blocks.drain(..) {
                self.push(b)?;
            }
        }
        if options.notation == Notation::Compact && games.dropped_nags > 0 {
            self.warn_at(
                code.start,
                3,
                format!(
                    "{} annotation glyphs left out: compact notation has no comment signs",
                    games.dropped_nags
                ),
            );
        }
        self.want_blank = true;
        Ok(())
    }

    /// A diagnostic of a block's content, moved to its place in the Markdown file (the line is
    /// already right; the column gets the indent Markdown stripped).
    fn relocate(&self, code: &Code, mut d: Diagnostic) -> Diagnostic {
        d.location.file = self.name.to_string();
        let line = (d.location.line as usize).saturating_sub(1);
        let first = self.content_line(code);
        if let Some(i) = line.checked_sub(first)
            && let Some(content) = code.text.lines().nth(i)
        {
            let (_, chars) = self.content_offset(code, i, content);
            if chars > 0 {
                d.location.column = d
                    .location
                    .column
                    .saturating_add(u32::try_from(chars).unwrap_or(0));
                if d.source_line.is_some() {
                    d.source_line = Some(self.line_text(line).to_string());
                }
            }
        }
        d
    }

    fn fen_block(&mut self, code: &Code, words: &[&str]) -> Result<()> {
        let mut options = self.block_options(code, words);
        if options.diagram == DiagramForm::Board && options.line_length < BOARD_WIDTH {
            self.warn_at(
                code.start,
                3,
                format!(
                    "a board diagram needs {BOARD_WIDTH} cells a line; written as a piece list"
                ),
            );
            options.diagram = DiagramForm::Pieces;
        }
        let first = self.content_line(code);
        self.want_blank = true;
        for (i, content) in code.text.lines().enumerate() {
            let trimmed = content.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let line = self.line_text(first + i);
            let (bytes, _) = self.content_offset(code, i, content);
            let lead = content.len() - content.trim_start().len();
            let start = bytes + lead;
            let parsed = parse_fen_in_line(
                line,
                start..start + trimmed.len(),
                self.name,
                u32::try_from(first + i + 1).unwrap_or(u32::MAX),
            )?;
            for w in &parsed.warnings {
                (self.warn)(w);
            }
            let block = diagram_fixed(
                parsed.board(),
                parsed.turn(),
                options.diagram,
                options.notation,
                options.to_move,
                options.line_length,
            );
            self.want_blank = true;
            self.push(block)?;
        }
        self.want_blank = true;
        Ok(())
    }
}

/// The words of a table for a value.
fn word<K: PartialEq>(table: &[(K, &'static str)], key: K) -> &'static str {
    table
        .iter()
        .find(|(k, _)| *k == key)
        .map_or("", |(_, w)| *w)
}

/// A value of an option named by a block word (`compact`, `long`, `list`, `board` …).
fn is_page_break(html: &str) -> bool {
    html.strip_prefix("<!--")
        .and_then(|s| s.strip_suffix("-->"))
        .is_some_and(|s| s.trim().eq_ignore_ascii_case(PAGE_BREAK))
}

fn no_rule(ch: char) -> String {
    format!(
        "no braille rule for the character '{ch}' (U+{:04X}); a substitute is written",
        u32::from(ch)
    )
}

/// How many of the blocks [`GameWriter`] writes for a game are its heading: the players'
/// line when both are known, and the event line when there is anything for it.
fn heading_blocks(game: &Game) -> usize {
    let known = |name: &str| {
        game.tag(name)
            .map(str::trim)
            .is_some_and(|v| !v.is_empty() && v != "?" && v != "-")
    };
    if !(known("White") && known("Black")) {
        return 0;
    }
    let year = game
        .tag("Date")
        .is_some_and(|d| d.len() >= 4 && d.bytes().take(4).all(|b| b.is_ascii_digit()));
    let result = matches!(
        game.result,
        Some(GameResult::WhiteWins | GameResult::BlackWins | GameResult::Draw)
    );
    if known("Event") || known("Round") || year || result {
        2
    } else {
        1
    }
}
