//! Documents: the inputs that are not PGN games (FEN lists; later Markdown books).

pub mod fen;
pub mod frontmatter;
pub mod markdown;
pub mod profile;
