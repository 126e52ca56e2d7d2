//! The replayed game: every move with the facts the position gives, in source order with its
//! comments, annotation glyphs and variations.

use shakmaty::{Board, CastlingSide, Color, Role, Square};

use crate::document::Pos;
use crate::error::Location;

/// Check, double check or mate after a move, as the position says.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Check {
    None,
    /// One piece gives check.
    Single,
    /// Two pieces give check.
    Double,
    Mate,
}

/// Which coordinates of the from-square short notation must show (FIDE rules: file first,
/// rank if the file does not decide, both if neither alone does).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub struct Disambiguation {
    pub file: bool,
    pub rank: bool,
}

/// What a move is, as the position says.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum MoveKind {
    /// Any move but castling; pawns have `role == Role::Pawn`.
    Normal {
        role: Role,
        from: Square,
        to: Square,
        capture: bool,
        en_passant: bool,
        promotion: Option<Role>,
        disambiguation: Disambiguation,
    },
    Castle(CastlingSide),
    /// A null move (`--`, `Z0`): the side passes.
    Null,
}

/// One move with everything braille writes about it.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct MoveFacts {
    /// The full-move number this move belongs to.
    pub number: u32,
    /// Who made the move.
    pub color: Color,
    pub kind: MoveKind,
    pub check: Check,
}

/// One thing in the movetext, in source order.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Item {
    Move(MoveFacts),
    /// A numeric annotation glyph of the move before it (`!` is `$1`), and where it stands.
    Nag(u8, Pos),
    /// A comment, as decoded text (whitespace as in the source), and where that text starts
    /// (right after its `{` or `;`).
    Comment(String, Pos),
    /// `(`: the moves that follow replace the last move played.
    VariationStart,
    /// `)`.
    VariationEnd,
}

/// The game result, from the movetext's termination marker (or the Result tag).
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    Unknown,
}

/// A replayed game.
#[derive(Clone, Debug, Default)]
pub struct Game {
    /// 1-based number of the game within its file.
    pub number: usize,
    /// Where the game starts in its file.
    pub location: Option<Location>,
    /// Tag pairs in source order, values decoded.
    pub tags: Vec<(String, String)>,
    pub items: Vec<Item>,
    pub result: Option<GameResult>,
    /// The position a game with a `[FEN]` tag starts from (board and side to move).
    pub start: Option<(Board, Color)>,
}

impl Game {
    /// The value of a tag, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The prose of a comment: the text without its embedded commands (`[%clk 0:05:00]`,
/// `[%eval 0.17]`, `[%csl Ga4]`: clock times, engine scores and arrows that programs store
/// in comments for themselves, not for a reader), blanks trimmed.
pub fn comment_prose(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains("[%") {
        return std::borrow::Cow::Borrowed(text.trim());
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("[%") {
        out.push_str(&rest[..start]);
        match rest[start..].find(']') {
            Some(end) => rest = &rest[start + end + 1..],
            None => {
                // An unclosed command: keep it as text.
                out.push_str(&rest[start..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    let words: Vec<&str> = out.split_whitespace().collect();
    std::borrow::Cow::Owned(words.join(" "))
}

#[cfg(test)]
mod tests {
    use super::comment_prose;

    #[test]
    fn commands_are_not_prose() {
        assert_eq!(comment_prose(" [%clk 0:05:00] "), "");
        assert_eq!(
            comment_prose("Bra drag. [%eval 0.17] [%clk 0:01:02]"),
            "Bra drag."
        );
        assert_eq!(
            comment_prose("[%csl Ga4] Hot mot a4 [%cal Gd1a4]"),
            "Hot mot a4"
        );
        assert_eq!(comment_prose(" Vanlig text "), "Vanlig text");
        assert_eq!(comment_prose("[%oavslutad"), "[%oavslutad");
    }
}
