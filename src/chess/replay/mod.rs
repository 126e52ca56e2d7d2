//! The pgn-reader visitor that replays a game with shakmaty: every SAN pgn-reader reports is
//! matched to its source token and played on the real position, which gives the move's facts.
//!
//! The files of this folder, by job:
//!
//! - `mod.rs`: the [`Replay`] (its state, the tokens of the scan followed in step with
//!   pgn-reader, places, the game's end) and the [`Frame`] a variation restores.
//! - `visitor.rs`: what each of pgn-reader's reports does (moves, NAGs, comments and their
//!   diagrams, variations, the result).
//! - `tags.rs`: the tags, and the start position from `[FEN]` and `[Variant]`.
//! - `resolve.rs`: the legal move a SAN means ([`quick_move`], `Replay::resolve`), with its
//!   disambiguation.
//! - `illegal.rs`: why a move is not legal.
//! - `play.rs`: a move played (its facts: check, mate), a null move, what the source says
//!   that the position does not.
//! - `messages.rs`: errors and warnings at their tokens.
//! - `guarded.rs`: the reports of a plain game, which the scan's guard read without tokens,
//!   checked against the guard's record.

use std::ops::ControlFlow;

use shakmaty::Chess;

use super::game::{Game, GameResult, Item, Tags};
use super::letters::Lang;
use super::scan::{GameScan, TokKind, Token};
use crate::document::Pos;
use crate::error::{Error, Warning};

mod guarded;
mod illegal;
mod messages;
mod play;
mod resolve;
mod tags;
mod visitor;

pub(crate) use messages::game_label;
pub(crate) use resolve::{castling, quick_move};

/// The position before a variation, restored at its end.
#[derive(Clone, Debug)]
pub(crate) struct Frame {
    pos: Chess,
    before: Option<Chess>,
    past_max: bool,
}

/// The buffers of a game done with, kept for the next game's replay (its moves and signs, its
/// comments' text, its tags): a game cost four allocations and frees of some kilobytes, most of
/// them by glibc's slow way, and the next game found its memory cold. A buffer past
/// [`Spare::KEPT`] bytes is let go (a game of a million moves keeps no memory after it).
#[derive(Default)]
pub(crate) struct Spare {
    items: Vec<Item>,
    text: String,
    tags: Tags,
}

impl Spare {
    const KEPT: usize = 64 * 1024;

    /// What of `game` is kept, emptied.
    pub(crate) fn of(game: Game) -> Spare {
        let Game {
            mut items,
            mut text,
            mut tags,
            ..
        } = game;
        let small = |bytes: usize| bytes <= Spare::KEPT;
        if !small(items.capacity() * std::mem::size_of::<Item>()) {
            items = Vec::new();
        }
        if !small(text.capacity()) {
            text = String::new();
        }
        if !small(tags.capacity()) {
            tags = Tags::default();
        }
        items.clear();
        text.clear();
        tags.clear();
        Spare { items, text, tags }
    }
}

/// Replays one game; built per game, its output read from the fields after pgn-reader is done.
pub(crate) struct Replay<'a> {
    scan: &'a GameScan,
    file: &'a str,
    number: usize,
    lang: Lang,
    /// The next token of `scan` to match with pgn-reader's reports.
    pub cursor: usize,
    /// A plain game's reports so far, matched with the guard's record instead of tokens.
    guard: Option<guarded::Guarding>,
    /// The move number written before the next move, with its token.
    claim: Option<(u32, usize)>,
    pos: Chess,
    /// The side to move in `pos` is known not to be in check (learnt playing the move
    /// before; false when unknown: a position set up, restored or started afresh).
    not_in_check: bool,
    /// The position before the last move played on this line, for a variation on it.
    before: Option<Chess>,
    /// Black has played move `u32::MAX` on this line: shakmaty's counter stays there, so a
    /// further move would repeat its number; it is an error instead. (`before` is never past:
    /// no move is played after.)
    past_max: bool,
    stack: &'a mut Vec<Frame>,
    fen_tag: Option<usize>,
    /// The position of the `[FEN]` tag, once read.
    pub start: Option<Chess>,
    chess960: bool,
    /// The `[Variant]` tag of a variant with rules of its own, as its index in `tags`.
    variant: Option<usize>,
    /// The start position was set up (at the movetext's beginning).
    set_up: bool,
    /// Where the comment being reported in pieces (a long one) starts in `text`.
    partial: Option<usize>,
    /// The last place looked up (a byte offset and its line and column), to count the next
    /// one on from.
    last_place: Option<(usize, Pos)>,
    pub tags: Tags,
    pub items: Vec<Item>,
    /// The texts of the comments ([`crate::chess::Game::text`]).
    pub text: String,
    /// The result from the termination marker.
    pub marker: Option<GameResult>,
    /// The first error, with the byte offset of its place in the game text.
    pub error: Option<(usize, Error)>,
    /// The error is ours, not the input's: pgn-reader and the scan disagree.
    pub internal: bool,
    pub warnings: Vec<Warning>,
}

type Flow = ControlFlow<()>;

impl<'a> Replay<'a> {
    pub(crate) fn new(
        scan: &'a GameScan,
        file: &'a str,
        number: usize,
        stack: &'a mut Vec<Frame>,
        spare: &mut Spare,
    ) -> Self {
        stack.clear();
        // (The buffers of the game before, when there was one: taken, not shared.)
        let Spare {
            mut items,
            mut text,
            mut tags,
        } = std::mem::take(spare);
        tags.reserve(
            scan.tags.len(),
            scan.tags.iter().map(|t| t.end - t.start).sum(),
        );
        items.reserve(scan.tokens.len() + scan.guard.tokens);
        // (A plain game's comments, as the guard found them: room made once.)
        text.reserve(scan.guard.comment_at.iter().map(|(s, e)| e - s).sum());
        Replay {
            scan,
            file,
            number,
            lang: scan.lang(),
            cursor: 0,
            guard: scan.is_guarded().then(guarded::Guarding::default),
            claim: None,
            pos: Chess::default(),
            not_in_check: false,
            before: None,
            past_max: false,
            stack,
            fen_tag: None,
            start: None,
            chess960: false,
            variant: None,
            set_up: false,
            partial: None,
            last_place: None,
            tags,
            items,
            text,
            marker: None,
            error: None,
            internal: false,
            warnings: Vec::new(),
        }
    }

    /// The next token pgn-reader reports; move numbers are noted on the way.
    fn next_token(&mut self) -> Option<(usize, &'a Token)> {
        let tokens = &self.scan.tokens;
        while let Some(t) = tokens.get(self.cursor) {
            let i = self.cursor;
            self.cursor += 1;
            match t.kind {
                TokKind::Number { number, .. } => {
                    if let Some((_, before)) = self.claim.replace((number, i)) {
                        self.two_numbers(before, t);
                    }
                }
                TokKind::Ellipsis => {}
                _ => return Some((i, t)),
            }
        }
        None
    }

    /// The line and column of byte `offset` of the game text; offsets are asked for in order.
    fn place(&mut self, offset: usize) -> Pos {
        let pos = self.scan.pos_after(self.last_place, offset);
        self.last_place = Some((offset, pos));
        pos
    }

    /// At the end of a plain game: a game of tags alone still starts from its `[FEN]`
    /// position.
    pub(crate) fn finish_guarded(&mut self) {
        if !self.set_up {
            let _ = self.setup();
        }
    }

    /// At the game's end: a move number after the last move. A game of tags alone (no
    /// movetext: pgn-reader begins none) still starts from its `[FEN]` position.
    pub(crate) fn finish(&mut self, written: usize) {
        if !self.set_up {
            let _ = self.setup();
        }
        if self.error.is_some() {
            return;
        }
        let rest = self
            .scan
            .tokens
            .get(self.cursor..written)
            .unwrap_or_default();
        let trailing = rest
            .iter()
            .position(|t| matches!(t.kind, TokKind::Number { .. }))
            .map(|i| self.cursor + i);
        if let Some(i) = self.claim.map(|(_, i)| i).or(trailing) {
            let _ = self.number_without_move(i, None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game's buffers are kept emptied, each up to its budget; a larger one is let go.
    #[test]
    fn a_spare_keeps_small_buffers_empty_and_lets_large_ones_go() {
        let mut game = Game::default();
        game.items.push(Item::VariationStart);
        game.text.push_str("{ [%clk 0:05:00] }");
        game.tags.push_at("Event", "Rond 1", None);
        let spare = Spare::of(game.clone());
        assert!(spare.items.is_empty() && spare.text.is_empty() && spare.tags.is_empty());
        assert!(spare.items.capacity() > 0 && spare.text.capacity() > 0);
        assert!(spare.tags.capacity() > 0);
        game.items.reserve(Spare::KEPT);
        game.text.reserve(Spare::KEPT + 1);
        game.tags.reserve(0, Spare::KEPT + 1);
        let spare = Spare::of(game);
        assert_eq!(spare.items.capacity(), 0);
        assert_eq!(spare.text.capacity(), 0);
        assert_eq!(spare.tags.capacity(), 0);
    }
}
