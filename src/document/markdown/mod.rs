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
//!
//! The files of this folder, by job:
//!
//! - `mod.rs`: the [`Reader`] (its state, made for a book or for one note's definition, and its
//!   loop over the events), the Markdown a book may use, and whether a book has its own
//!   `<!-- toc -->`.
//! - `places.rs`: where a byte stands (`Places`), the places of nodes and warnings.
//! - `events.rs`: what each of pulldown-cmark's events does.
//! - `inlines.rs`: inline text, links, images, paragraphs.
//! - `notes.rs`: footnotes, written at their chapter's end.
//! - `html.rs`: HTML blocks and the comments that say something (page breaks, print pages,
//!   the contents list).
//! - `code.rs`: code blocks (```` ```pgn ````, ```` ```fen ````, verbatim).

use std::collections::VecDeque;
use std::ops::Range;
use std::rc::Rc;

use pulldown_cmark::{Event, HeadingLevel, OffsetIter, Options as MdOptions, Parser, Tag};

use super::frontmatter::FrontMatter;
use super::{Inline, Node, Opening};
use crate::error::Warning;

mod code;
mod events;
mod html;
mod inlines;
mod notes;
mod places;

use html::is_contents_marker;
use places::Places;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{Emphasis, Pos};

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
