//! The reading of one game, word by word ([`Reader`]): its position, the positions its
//! variations go back to, the moves and comments read, and the errors at a word's place. The
//! rules that read a word are in `word.rs`; those that tell the game's moves from a
//! comment's, in `word.rs` and `comments.rs`.

use std::cell::RefCell;
use std::rc::Rc;

use shakmaty::san::SanPlus;
use shakmaty::{Chess, FromSetup, Move, Position};

use super::moves::{Check, Written, fitting};
use super::words::{Parsed, Parses, Word, habit};
use super::{Item, ReadGame};
use crate::braille::Cell;
use crate::error::{Diagnostic, Error, Location, Result};
use crate::settings::Notation;

/// Where the reading of one game stands.
pub(super) struct Reader<'a> {
    file: &'a str,
    pub(super) notation: Notation,
    pub(super) pos: Chess,
    /// The position before the last move (a variation starts from it).
    pub(super) before: Option<Chess>,
    /// Positions to go back to when a variation ends: (position, before).
    pub(super) stack: Vec<(Chess, Option<Chess>)>,
    pub(super) game: ReadGame,
    pub(super) comment: Vec<Cell>,
    /// Moves read so far (before the first, text that looks like a move is heading text).
    pub(super) moves_read: usize,
    /// The word before was a move number alone (a move follows).
    pub(super) after_number: bool,
    /// That number was a Black move's (`12...`).
    pub(super) after_black_number: bool,
    /// The move before was read without its capital or number sign put back.
    pub(super) repairing: bool,
    /// A move of this game was read so: its typist leaves the signs out (also after a move
    /// that needs none put back, castling or a pawn's).
    pub(super) unsigned: bool,
    /// The first word of the comment read, when it began right after a move.
    pub(super) comment_start: Option<Spot>,
    /// How deep in trial readings this reader is ([`Reader::comment_names_the_move`]): 0 for
    /// the reading itself; at [`TRIALS_DEEP`] it tries no readings of its own.
    pub(super) trial: u8,
    /// The next word is read as a move, untried (the trial of that reading).
    pub(super) as_move: bool,
    /// The word just read, a move number alone, was taken for the game's with little to go
    /// on ([`Reader::comment_names_the_move`]): its doubt, said when its move is played.
    pub(super) doubt: Option<Diagnostic>,
    /// The words read so far, by their cells (trial readings read the same words again).
    parses: &'a RefCell<Parses>,
    /// White moves read as the game's that were written in one word with their number
    /// (`11.d4`): ordinary notation sets the game's apart (`11. d4`), a comment's as its
    /// source wrote it, so a reading that takes many for the game's is less likely.
    pub(super) glued: usize,
}

/// Where a word stood, kept after it.
#[derive(Clone)]
pub(super) struct Spot {
    pub(super) cells: Vec<Cell>,
    pub(super) line: u32,
    pub(super) column: u32,
    pub(super) page: u32,
}

impl Spot {
    pub(super) fn word(&self) -> Word<'_> {
        Word {
            cells: &self.cells,
            line: self.line,
            column: self.column,
            page: self.page,
            after_blank_line: false,
        }
    }
}

impl<'a> Reader<'a> {
    /// A reader of `game` (its heading read) from `pos`.
    pub(super) fn new(
        file: &'a str,
        notation: Notation,
        pos: Chess,
        game: ReadGame,
        parses: &'a RefCell<Parses>,
    ) -> Self {
        Reader {
            file,
            notation,
            pos,
            before: None,
            stack: Vec::new(),
            game,
            comment: Vec::new(),
            comment_start: None,
            trial: 0,
            as_move: false,
            doubt: None,
            glued: 0,
            parses,
            moves_read: 0,
            after_number: false,
            after_black_number: false,
            repairing: false,
            unsigned: false,
        }
    }
}

impl Reader<'_> {
    /// A copy to read on with, as a trial: the game's state and its items from the last move
    /// on, not its heading.
    pub(super) fn trial(&self) -> Self {
        Reader {
            file: self.file,
            notation: self.notation,
            pos: self.pos.clone(),
            before: self.before.clone(),
            stack: self.stack.clone(),
            game: ReadGame {
                // (From the last move on: a reading looks back no further, and a copy of
                // the whole game at every trial would cost its length each time.)
                items: self.game.items[self
                    .game
                    .items
                    .iter()
                    .rposition(|i| matches!(i, Item::Move { .. }))
                    .unwrap_or(0)..]
                    .to_vec(),
                ..ReadGame::default()
            },
            comment: self.comment.clone(),
            moves_read: self.moves_read,
            after_number: self.after_number,
            after_black_number: self.after_black_number,
            repairing: self.repairing,
            unsigned: self.unsigned,
            comment_start: self.comment_start.clone(),
            trial: self.trial + 1,
            as_move: false,
            doubt: None,
            glued: self.glued,
            parses: self.parses,
        }
    }

    /// A word read by [`parse`], kept for the next time it is read.
    pub(super) fn parsed(&self, cells: &[Cell]) -> Rc<Parsed> {
        self.parses.borrow_mut().get(self.notation, cells)
    }

    /// Whether `other` stands where this reader stands, in a state that reads the words
    /// after alike: the same positions (also those variations go back to), between moves,
    /// with no comment begun.
    pub(super) fn same_state(&self, other: &Self) -> bool {
        self.comment.is_empty()
            && other.comment.is_empty()
            && self.pos == other.pos
            && self.pos.fullmoves() == other.pos.fullmoves()
            && self.before == other.before
            && self.stack == other.stack
            && self.after_number == other.after_number
            && self.after_black_number == other.after_black_number
            && self.repairing == other.repairing
            && self.unsigned == other.unsigned
            && !self.as_move
            && !other.as_move
    }

    pub(super) fn error(&self, w: &Word<'_>, message: String) -> Error {
        self.diagnostic(w, message).into()
    }

    /// An error at a word where a move is due, with a hint when the word looks like a
    /// habit of the other notation or of print.
    pub(super) fn error_at_move(&self, w: &Word<'_>, message: &str) -> Error {
        let d = self.diagnostic(w, message.to_owned());
        match habit(self.notation, w.cells) {
            Some(hint) => d.with_hint(hint).into(),
            None => d.into(),
        }
    }

    pub(super) fn diagnostic(&self, w: &Word<'_>, message: String) -> Diagnostic {
        let read: Vec<&str> = self
            .game
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Move { san, .. } => Some(san.as_str()),
                _ => None,
            })
            .collect();
        let tail: Vec<&str> = read.iter().rev().take(6).rev().copied().collect();
        Diagnostic::new(
            Location {
                file: self.file.to_owned(),
                line: w.line,
                column: w.column,
            },
            format!(
                "{message}: {} (braille page {}){}",
                crate::braille::cell::to_unicode_string(w.cells),
                w.page,
                match tail.len() {
                    0 => String::new(),
                    _ => format!("; the moves before it: {}", tail.join(" ")),
                }
            ),
        )
    }

    pub(super) fn play(&mut self, m: Move) {
        let number = self.pos.fullmoves().get();
        let white = self.pos.turn() == shakmaty::Color::White;
        let san = SanPlus::from_move(self.pos.clone(), m);
        self.before = Some(self.pos.clone());
        self.pos.play_unchecked(m);
        // (Castling as the games written name it, whatever the king's square: played
        // already, so the side is the one not to move now.)
        let uci = match m.castling_side() {
            Some(side) => crate::chess::game::castle_uci(!self.pos.turn(), side),
            None => m.to_uci(shakmaty::CastlingMode::Standard).to_string(),
        };
        self.game.items.push(Item::Move {
            san: san.to_string(),
            uci,
            number,
            white,
        });
        self.moves_read += 1;
    }

    /// A null move (`--`): the other side to move, in a position it may stand in.
    pub(super) fn play_null(&mut self, w: &Word<'_>) -> Result<()> {
        let number = self.pos.fullmoves().get();
        let white = self.pos.turn() == shakmaty::Color::White;
        if self.pos.is_check() {
            return Err(self.error(w, "a null move while the king is in check".into()));
        }
        let mode = self.pos.castles().mode();
        let mut setup = self.pos.clone().to_setup(shakmaty::EnPassantMode::Legal);
        setup.swap_turn();
        if !white {
            setup.fullmoves = setup.fullmoves.saturating_add(1);
        }
        let next = Chess::from_setup(setup, mode)
            .map_err(|e| self.error(w, format!("a null move is not possible here: {e}")))?;
        self.before = Some(std::mem::replace(&mut self.pos, next));
        self.game.items.push(Item::Move {
            san: "--".into(),
            uci: "0000".into(),
            number,
            white,
        });
        self.moves_read += 1;
        Ok(())
    }

    /// The position a word's move is played in: a variation (`opens` > 0) starts before the
    /// last move.
    pub(super) fn played_in(&self, opens: usize) -> &Chess {
        match (opens, &self.before) {
            (0, _) | (_, None) => &self.pos,
            (_, Some(before)) => before,
        }
    }

    /// One word of a game (`rest`: the words after it); `true` when it ended the game.
    pub(super) fn word(&mut self, w: &Word<'_>, rest: &[Word<'_>]) -> Result<bool> {
        // A comment that begins right after a move.
        let fresh = self.comment.is_empty() && self.after_move();
        let ended = self.read_word(w, rest)?;
        if self.comment.is_empty() {
            self.comment_start = None;
        } else if fresh {
            self.comment_start = Some(Spot {
                cells: w.cells.to_vec(),
                line: w.line,
                column: w.column,
                page: w.page,
            });
        }
        Ok(ended)
    }

    /// What the signs written with move `m` (check, mate, en passant) say that the move does
    /// not do, as a message; `None` when they agree (or none is written).
    pub(super) fn wrong_sign(&self, m: Move, written: &Written) -> Option<String> {
        // (Most moves have no sign: nothing to work out then.)
        if written.sign.is_none() && !written.ep {
            return None;
        }
        let san = SanPlus::from_move(self.pos.clone(), m);
        let bare = san.san;
        match (written.sign, san.suffix) {
            (Some(Check::Mate), Some(shakmaty::san::Suffix::Checkmate)) => {}
            (Some(Check::Mate), _) => {
                return Some(format!("marked as mate, but {bare} is no mate"));
            }
            (Some(Check::Check), None) => {
                return Some(format!("marked as check, but {bare} gives no check"));
            }
            _ => {}
        }
        (written.ep && !m.is_en_passant())
            .then(|| format!("marked en passant, but {bare} is no en passant capture"))
    }

    /// Whether the last thing read is a move (with its signs, if any).
    pub(super) fn after_move(&self) -> bool {
        matches!(
            self.game.items.last(),
            Some(Item::Move { .. } | Item::Nag(_))
        )
    }

    /// Whether a number word (`p`) is followed by its move as moves are: in the same word
    /// (ordinary notation), or in the next word (or the dashes of a White move left out),
    /// with no text after it. `here`: the position the move is played in.
    pub(super) fn move_follows(&self, p: &Parsed, here: &Chess, rest: &[Word<'_>]) -> bool {
        let fits = |m: &Written| !fitting(here, m).is_empty();
        let text_after = |k: usize| rest.get(k).is_some_and(|w| self.parsed(w.cells).is_text());
        match p.written {
            Some(m) => fits(&m) && !text_after(0),
            // (In compact notation a comment has no lower digits: any word of a move's
            // form after the number says that a move was meant.)
            None => rest.first().is_some_and(|w| {
                let q = self.parsed(w.cells);
                let meant = match self.notation {
                    Notation::Compact => q.written.is_some(),
                    Notation::Ordinary => q.written.is_some_and(|m| fits(&m)),
                };
                (q.omitted || meant) && !text_after(1)
            }),
        }
    }
}
