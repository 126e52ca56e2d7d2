//! Games read back from braille words. Compact notation (rules.md §3): move numbers in lower
//! digits, moves with the compact piece letters (k ô t l s), squares as a letter and a lower
//! digit, `⠭` a capture, `⠤` the dash of long moves, `⠡` check, `⠍` mate, `⠤⠤` an omitted
//! White move, `⠷ ⠾` a variation, `⠄` the end of a game. Ordinary notation (rules.md §2): the
//! words read back into print by the text tables, then as Swedish print moves. Comments in
//! text braille between moves. Every move is found among the legal moves of the position: a
//! word that reads as a move but is none is an error at its place, with the moves read so far.
//!
//! The reading's rooms: [`words`] (what one word is), [`moves`] (a move as written and the
//! legal moves that fit it), [`reader`] (one game's state as it is read), [`word`] (a word
//! read by the rules in turn), [`comments`] and [`variations`] (what stands between the
//! moves), [`heading`] (the lines before a game), [`find`] (where games begin) and [`walk`]
//! (the walk over a file, game by game, and where each game ends).

mod comments;
mod find;
mod heading;
mod moves;
mod reader;
mod variations;
mod walk;
mod word;
mod words;

use find::Finder;
use walk::Walk;

use super::diagram::ReadDiagram;
use crate::error::{Error, Result};
use crate::settings::Notation;

pub(crate) use heading::{
    HeadingLine, board_heading, bulletin_marks, heading_result, is_bulletin, is_heading_date,
    is_players_line, is_round_heading,
};
pub(crate) use moves::{Check, Written, names_only, the_fitting};
pub(crate) use words::{Parsed, Parses, Word, sign_word};

/// What a game read back holds, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A move in standard algebraic notation (English letters) with its check sign, its
    /// number and side.
    Move {
        san: String,
        /// The move in UCI (`e2e4`, `e1g1`, `e7e8q`): what the builds that check themselves
        /// compare.
        uci: String,
        number: u32,
        white: bool,
    },
    Comment(String),
    /// An annotation sign after a move (rules.md §5), as its PGN NAG (`!!` → 3, `⠲⠌⠶` → 14);
    /// the draw offer `⠦⠶⠴`, which PGN has no NAG for, as 0 (PGN's null annotation, which no
    /// sign means), written back as `(=)`.
    Nag(u8),
    VariationStart,
    VariationEnd,
}

impl Item {
    /// What the builds that check themselves compare: a move's UCI, `(` and `)` for a
    /// variation; `None` for comments and annotation signs.
    pub fn signature(&self) -> Option<&str> {
        match self {
            Item::Move { uci, .. } => Some(uci),
            Item::VariationStart => Some("("),
            Item::VariationEnd => Some(")"),
            Item::Comment(_) | Item::Nag(_) => None,
        }
    }
}

/// A game read back: the text of the lines before it (its heading), its moves; or a diagram:
/// its position (`start`, FEN) and no moves.
#[derive(Debug, Default)]
pub struct ReadGame {
    /// The file line where it begins.
    pub line: u32,
    pub heading: Vec<String>,
    pub items: Vec<Item>,
    /// The position it starts from when that is not the start position (a diagram).
    pub start: Option<String>,
    /// That position castles as in Chess960 (a king off its square between its rooks).
    pub chess960: bool,
    /// Why it could not be read to its end (`keep_going`): its moves are those before.
    pub error: Option<Error>,
    /// The result typed after its last move (a scoresheet's `1-0`), as PGN writes it.
    pub result: Option<String>,
    /// Where the braille allows two readings and the rules chose one with little to go on
    /// (the game's move or a comment's): each with both readings and its place. A reading
    /// that is sure has none.
    pub doubts: Vec<crate::error::Warning>,
}

/// Reads the games of a stream of words: each begins with a move number followed by a move
/// (the lines before it are its heading) and ends with the period after its last move, or
/// where the words end. `bulletin`: the file is a bulletin of ours ([`is_bulletin`]);
/// `contents_before`: a contents list's heading stands before the words (a stretch of a file
/// that begins in its contents list).
#[allow(clippy::too_many_arguments)]
pub(crate) fn games(
    file: &str,
    notation: Notation,
    words: &[Word<'_>],
    headings: &[HeadingLine<'_>],
    diagrams: &[ReadDiagram],
    keep_going: bool,
    bulletin: bool,
    contents_before: bool,
) -> Result<Found> {
    let finder = Finder::new(
        file, notation, words, headings, diagrams, keep_going, bulletin,
    );
    let mut walk = Walk::new(contents_before);
    let mut i = 0;
    while i < words.len() {
        i = match finder.game_start(i) {
            Some(diagram) => finder.game(i, diagram, &mut walk)?,
            None => finder.no_game_at(i, &mut walk)?,
        };
    }
    finder.games_without_moves_at_end(&mut walk);
    Ok(walk.found)
}

/// What [`games`] found.
pub(crate) struct Found {
    /// The games, in the order read.
    pub games: Vec<ReadGame>,
    /// The diagrams a game started from or drew inside it (indices into the diagrams).
    pub started: Vec<usize>,
    /// The last game read from its moves: how many games were found before it (the games
    /// without moves of its heading are after them), and the line its heading may begin at.
    /// A reading of part of a file ([`super::stream`]) keeps what stands before that line and
    /// reads the rest again with the lines after it: that game may go on there.
    pub last: Option<(usize, u32)>,
}
