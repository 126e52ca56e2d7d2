//! Chess: PGN read with pgn-reader, every move replayed with shakmaty.
//!
//! [`PgnReader`] scans each game itself (positions for messages, every token checked, Swedish
//! piece letters, long algebraic, figurines), has pgn-reader read the game (the source when it
//! is plain SAN, else a normalized copy in English SAN) and replays every move pgn-reader
//! reports on a shakmaty position, matching it to the token it came from.
//!
//! Files: `scan` (game splitting and tokens), `words` (one word: move, number, result, symbol),
//! `pieces` (the piece letters of both languages and the figurines, one table, also used by the
//! braille writers), `letters` (the letters read, derived from it, and annotation symbols), `normalize` (the copy for
//! pgn-reader), `feed` (what pgn-reader reads), `replay` (the visitor), `pgn` (the reader).

mod feed;
pub(crate) mod fen;
pub(crate) mod game;
pub(crate) mod letters;
mod normalize;
pub(crate) mod pgn;
pub(crate) mod pieces;
mod replay;
mod scan;
mod words;

#[cfg(test)]
mod tests;

pub(crate) use game::{Check, Game, GameResult, Item, MoveFacts, MoveKind, Tags};
#[cfg(test)]
pub(crate) use pgn::PgnReader;
pub(crate) use replay::{castling, quick_move};
