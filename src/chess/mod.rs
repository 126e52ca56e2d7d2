//! Chess: PGN read with pgn-reader, every move replayed with shakmaty.
//!
//! [`PgnReader`] scans each game itself (positions for messages, every token checked, Swedish
//! piece letters), hands pgn-reader a normalized copy and replays what it reports.

mod feed;
pub mod game;
mod letters;
mod normalize;
mod pgn;
mod replay;
mod scan;
mod words;

pub use game::{Check, Disambiguation, Game, GameResult, Item, MoveFacts, MoveKind};
pub use pgn::PgnReader;
