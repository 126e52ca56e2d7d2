//! Build options: notation, move form, layout, page geometry, output format and diagram form.
//!
//! The names of every choice are those of the command line and of a book's front matter;
//! `clap::ValueEnum` gives both parsers from one place.

use clap::ValueEnum;

/// Which chess braille notation to write (rules.md §2 and §3).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, ValueEnum)]
pub enum Notation {
    /// Ordinary notation: Swedish print notation under the text rules (books).
    #[default]
    Ordinary,
    /// Compact notation: lower digits, no capital or number signs (scoresheets, bulletins).
    Compact,
}

/// Short or long algebraic moves.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, ValueEnum)]
pub enum Moves {
    /// `Sf3`, `exd5`.
    #[default]
    Short,
    /// `Sg1-f3`, `e4xd5`.
    Long,
}

/// How moves are laid out on lines (rules.md §4).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, ValueEnum)]
pub enum Layout {
    /// Lines filled as far as they go.
    #[default]
    Running,
    /// One move pair a line.
    List,
}

/// How an en passant capture is marked.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, ValueEnum)]
pub enum EnPassant {
    /// `ep` right after the move.
    #[default]
    Ep,
    /// `e.p.` right after the move.
    #[value(name = "e.p.")]
    EDotP,
    /// No mark.
    None,
}

/// The output file format.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, ValueEnum)]
pub enum Format {
    /// Braille ASCII for embossers: CR LF line ends, a form feed after each page.
    #[default]
    Brf,
    /// Unicode braille (U+2800 block), LF line ends.
    Unicode,
}

impl Format {
    /// The file extension an output of this format gets next to its input.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Brf => "brf",
            Format::Unicode => "txt",
        }
    }
}

/// The three diagram forms of the book's section 5.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, ValueEnum)]
pub enum DiagramForm {
    /// 5.1: piece by piece, `Vit:` then `Svart:`.
    #[default]
    Pieces,
    /// 5.2: rank by rank with counts of empty squares.
    Rows,
    /// 5.3: the spatial board.
    Board,
}

/// Everything that decides what a build writes. The same options and input give the same bytes.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Options {
    pub notation: Notation,
    pub moves: Moves,
    pub layout: Layout,
    pub en_passant: EnPassant,
    pub format: Format,
    pub diagram: DiagramForm,
    /// Cells a line.
    pub line_length: usize,
    /// Lines a page; 0 means no pages (no form feeds).
    pub page_length: usize,
    /// Write double check as 256-256 instead of plain check.
    pub double_check: bool,
    /// Write `Vit drar.` / `Svart drar.` after a diagram.
    pub to_move: bool,
    /// Draw the start position of a game that begins from a `[FEN]` tag.
    pub start_diagram: bool,
}

/// The shortest line we lay out: a move with its number and signs must fit.
pub const MIN_LINE_LENGTH: usize = 12;

impl Default for Options {
    fn default() -> Self {
        Options {
            notation: Notation::Ordinary,
            moves: Moves::Short,
            layout: Layout::Running,
            en_passant: EnPassant::Ep,
            format: Format::Brf,
            diagram: DiagramForm::Pieces,
            line_length: 28,
            page_length: 29,
            double_check: false,
            to_move: false,
            start_diagram: false,
        }
    }
}
