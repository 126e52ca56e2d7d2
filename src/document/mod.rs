//! Documents: every input kind (.md books, .pgn files, .fen lists) as one stream of [`Node`]s,
//! each with its place in the source.
//!
//! A Markdown book is a title page, headings, paragraphs, lists, quotes, tables, code, games
//! (```` ```pgn ```` blocks) and positions (```` ```fen ```` blocks); a `.pgn` file is one
//! [`Games`] node whose games stream from the file; a `.fen` file is a [`Node::Position`] a
//! line. Nothing here knows chess or braille: games and positions are text with places, read by
//! the chess stage; the braille stage turns every node into blocks.

pub(crate) mod fen;
pub(crate) mod frontmatter;
pub(crate) mod lines;
pub(crate) mod markdown;

use std::io::BufRead;

use crate::error::{Location, Result, Warning};

/// A place in a document's file: 1-based line and column (in characters).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub(crate) struct Pos {
    pub line: u32,
    pub column: u32,
}

impl Pos {
    /// The place `chars` characters further on the same line.
    pub(crate) fn plus(self, chars: usize) -> Pos {
        Pos {
            line: self.line,
            column: self
                .column
                .saturating_add(u32::try_from(chars).unwrap_or(u32::MAX)),
        }
    }

    pub(crate) fn in_file(self, file: &str) -> Location {
        Location {
            file: file.to_owned(),
            line: self.line,
            column: self.column,
        }
    }
}

/// The emphasis of a piece of prose (rules.md §7).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub(crate) enum Emphasis {
    #[default]
    None,
    /// Italic: 6-3 before one word; 6-36 … 156 around several.
    Italic,
    /// Bold: 46 before one word; 46-46 … 156 around several.
    Bold,
}

/// How a paragraph's first line starts.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub(crate) enum Opening {
    /// A new paragraph: indented.
    #[default]
    Indented,
    /// After a hard line break: at the margin.
    AfterBreak,
    /// The paragraph goes on after something set in it (a print page change, an image): at
    /// the margin.
    Resumed,
}

/// A piece of inline text with its emphasis and where it starts.
#[derive(Clone, Debug, Eq, PartialEq)]
pub(crate) struct Piece {
    pub text: String,
    pub emphasis: Emphasis,
    pub at: Pos,
}

/// Inline text: pieces read as one text (capitals, numbers and blanks run across them).
pub(crate) type Inline = Vec<Piece>;

/// Words of a block's info string (```` ```pgn compact list ````): settings for that block.
pub(crate) type Words = Vec<(String, Pos)>;

/// One node of a document.
pub(crate) enum Node {
    /// The title page, from the front matter (only when it has a title or an author).
    TitlePage {
        title: Option<Inline>,
        author: Option<Inline>,
    },
    /// A heading, level 1 to 6.
    Heading {
        level: u8,
        text: Inline,
    },
    /// A paragraph, or a piece of one: `opening` says how its first line starts, `broken`
    /// that a hard line break ends it. A paragraph with a hard line break (after one, or
    /// ended by one) has its wrapped lines two cells further in, so that a reader tells a wrap
    /// from a break.
    Paragraph {
        text: Inline,
        opening: Opening,
        broken: bool,
    },
    /// The print page changes here (`<!-- sida 12 -->`): the new page's number as printed.
    PrintPage {
        number: String,
        at: Pos,
    },
    /// An image: its alt text and title (either may be empty) and address.
    Image {
        alt: Inline,
        title: Inline,
        address: Inline,
    },
    /// The contents list goes here (`<!-- toc -->`, or `toc: true` after the title page).
    Contents,
    /// The notes of a chapter follow (at its end): each is a [`Node::NoteStart`], its blocks
    /// and a [`Node::NoteEnd`]. `at`: where the first note is defined.
    Notes {
        at: Pos,
    },
    /// A note: its number (as its reference in the text has it), and where it is defined.
    NoteStart {
        number: u32,
        at: Pos,
    },
    NoteEnd,
    QuoteStart,
    QuoteEnd,
    /// A list; `first` is the number of its first item (`None`: bullets), `delimiter` what
    /// follows the numbers in print (`.` or `)`).
    ListStart {
        first: Option<u64>,
        delimiter: char,
    },
    ListEnd,
    ItemStart,
    ItemEnd,
    TableStart,
    /// A table row (the header row too): its cells.
    TableRow {
        cells: Vec<Inline>,
    },
    TableEnd,
    /// A thematic break (`---`).
    ThematicBreak,
    /// `<!-- pagebreak -->`.
    PageBreak,
    /// A code block written as it stands: each line with the place of its first character.
    Code {
        lines: Vec<(String, Pos)>,
    },
    /// Games in PGN.
    Games(Games),
    /// One position in FEN.
    Position(fen::FenLine),
}

/// Games in PGN: a `.pgn` file (read as a stream: memory does not grow with it) or the text of
/// a ```` ```pgn ```` block.
pub(crate) struct Games {
    pub text: Box<dyn BufRead + Send>,
    /// Where the text stands in its file.
    pub indent: Indent,
    /// The block's info-string words (none for a file).
    pub words: Words,
    /// Where the node starts: the fence of a block, 1:1 of a file.
    pub at: Pos,
}

/// Where a text read on its own stands in its file: the file line of its first line, and the
/// characters Markdown took off the front of each of its lines (the indent of a list or quote).
pub(crate) struct Indent {
    pub first_line: u32,
    pub shifts: Vec<u32>,
}

impl Indent {
    /// A whole file: nothing taken off.
    pub(crate) fn none() -> Indent {
        Indent {
            first_line: 1,
            shifts: Vec::new(),
        }
    }

    /// A location in the text (its lines already counted from `first_line`), as a place in the
    /// file.
    pub(crate) fn relocate(&self, location: &mut Location) {
        if let Some(i) = location.line.checked_sub(self.first_line)
            && let Some(shift) = self.shifts.get(i as usize)
        {
            location.column = location.column.saturating_add(*shift);
        }
    }
}

/// A document being read: its nodes one by one.
pub(crate) enum Document<'a> {
    Book(Box<markdown::Reader<'a>>),
    Pgn(Option<Box<dyn BufRead + Send>>),
    Fen(fen::Lines),
}

impl<'a> Document<'a> {
    /// A Markdown book (its whole text, front matter included); `link_addresses`: a link's
    /// address follows its text; `contents`: a contents list after the title page.
    pub(crate) fn book(
        name: &'a str,
        text: &'a str,
        front: &frontmatter::FrontMatter,
        link_addresses: bool,
        contents: bool,
    ) -> Self {
        Document::Book(Box::new(
            markdown::Reader::new(name, text, front)
                .with_link_addresses(link_addresses)
                .with_contents(contents),
        ))
    }

    /// A `.pgn` file: one [`Node::Games`].
    pub(crate) fn pgn(input: Box<dyn BufRead + Send>) -> Self {
        Document::Pgn(Some(input))
    }

    /// A `.fen` file: a [`Node::Position`] a line.
    pub(crate) fn fen(input: Box<dyn BufRead + Send>, name: &str) -> Self {
        Document::Fen(fen::Lines::new(input, name))
    }

    /// An `.epd` file: a [`Node::Position`] a line, with its caption.
    pub(crate) fn epd(input: Box<dyn BufRead + Send>, name: &str) -> Self {
        Document::Fen(fen::Lines::epd(input, name))
    }

    /// The next node, or `None` at the end. Warnings about the document's form (an HTML block,
    /// a footnote) go to `warn`.
    pub(crate) fn next_node(&mut self, warn: &mut dyn FnMut(Warning)) -> Result<Option<Node>> {
        match self {
            Document::Book(reader) => Ok(reader.next_node(warn)),
            Document::Pgn(input) => Ok(input.take().map(|text| {
                Node::Games(Games {
                    text,
                    indent: Indent::none(),
                    words: Vec::new(),
                    at: Pos { line: 1, column: 1 },
                })
            })),
            Document::Fen(lines) => Ok(lines.next_line()?.map(Node::Position)),
        }
    }
}
