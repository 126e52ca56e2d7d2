//! Chess: PGN read with pgn-reader, every move replayed with shakmaty.

pub mod game;

pub use game::{Check, Disambiguation, Game, GameResult, Item, MoveFacts, MoveKind};
