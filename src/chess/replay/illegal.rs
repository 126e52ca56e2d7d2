//! Why a move is not legal, in words a transcriber can act on: the game over, no piece that
//! can reach the square, nothing to capture, a promotion missing, a coordinate move's square.

use shakmaty::san::San;
use shakmaty::{Color, Position, Square};

use super::Replay;
use crate::chess::letters::{Lang, Letter, role_name};
use crate::chess::words::{MoveShape, MoveWord};

impl<'a> Replay<'a> {
    /// Why the game has no more moves, if it has none.
    pub(super) fn game_over(&self) -> Option<&'static str> {
        if !self.pos.legal_moves().is_empty() {
            return None;
        }
        Some(match (self.pos.is_check(), self.pos.turn()) {
            (true, Color::White) => "the game is over: White is checkmated",
            (true, Color::Black) => "the game is over: Black is checkmated",
            (false, _) => "the game is over: stalemate",
        })
    }

    pub(super) fn why_illegal(
        &self,
        san: San,
        word: &MoveWord,
        written: &str,
    ) -> (String, Option<&'static str>) {
        let (why, hint) = match self.why_coordinate_illegal(word) {
            Some(why) => why,
            None => self.why_san_illegal(san, word),
        };
        // An ICCF word says which squares it names.
        match word.shape {
            MoveShape::Normal {
                file: Some(f),
                rank: Some(r),
                to,
                ..
            } if written.bytes().all(|b| b.is_ascii_digit()) => (
                format!(
                    "{}-{to} in ICCF numeric notation: {why}",
                    Square::from_coords(f, r)
                ),
                hint.or(Some(
                    "ICCF numeric notation writes the file and rank of the square moved from, \
                     then of the square moved to, as digits 1-8 (5254 is e2-e4), and a fifth \
                     digit 1-4 for a promotion (queen, rook, bishop, knight)",
                )),
            ),
            _ => (why, hint),
        }
    }

    fn why_san_illegal(&self, san: San, word: &MoveWord) -> (String, Option<&'static str>) {
        let San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } = san
        else {
            return ("not a legal move".into(), None);
        };
        let name = role_name(role);
        let all = self.pos.san_candidates(role, to);
        let b_hint = match word.shape {
            MoveShape::Normal {
                piece: Some(Letter::B),
                ..
            } if self.lang != Lang::Swedish => Some(
                "B is read as a bishop: this game shows no other Swedish piece letter \
                 (in Swedish notation a pawn move is written without B, e.g. e4)",
            ),
            _ => None,
        };
        if all.is_empty() {
            let check = if self.pos.is_check() {
                " (the king is in check)"
            } else {
                ""
            };
            return (format!("no {name} can reach {to}{check}"), b_hint);
        }
        if capture && !all.iter().any(|m| m.is_capture()) {
            return (format!("there is nothing to capture on {to}"), None);
        }
        if promotion.is_none() && all.iter().all(|m| m.is_promotion()) {
            return (
                "a pawn reaching the last rank must promote".into(),
                Some("write the new piece after the square, e.g. e8=Q (Swedish e8D)"),
            );
        }
        if promotion.is_some() && !all.iter().any(|m| m.is_promotion()) {
            return ("only a pawn reaching the last rank promotes".into(), None);
        }
        let from = match (file, rank) {
            (Some(f), Some(r)) => format!(" on {}{}", f.char(), r.char()),
            (Some(f), None) => format!(" on the {}-file", f.char()),
            (None, Some(r)) => format!(" on rank {}", r.char()),
            (None, None) => String::new(),
        };
        (format!("no {name}{from} can reach {to}"), None)
    }

    /// Why a coordinate move (`e2e3`, as UCI writes it, or ICCF's `5253`) is illegal, from
    /// what stands on its first square; `None` for any other move, and for a move from that
    /// square to that one that is legal but for its promotion (the SAN reasons say why).
    #[cold]
    fn why_coordinate_illegal(&self, word: &MoveWord) -> Option<(String, Option<&'static str>)> {
        let MoveShape::Normal {
            piece: None,
            file: Some(file),
            rank: Some(rank),
            capture: false,
            to,
            ..
        } = word.shape
        else {
            return None;
        };
        let from = Square::from_coords(file, rank);
        let side = |c: Color| if c.is_white() { "White" } else { "Black" };
        let why = match self.pos.board().piece_at(from) {
            None => format!("there is no piece on {from}"),
            Some(p) if p.color != self.pos.turn() => format!(
                "the {} on {from} is {}'s, and {} is to move",
                role_name(p.role),
                side(p.color),
                side(self.pos.turn())
            ),
            Some(_)
                if self
                    .pos
                    .legal_moves()
                    .iter()
                    .any(|m| m.from() == Some(from) && m.to() == to) =>
            {
                return None;
            }
            Some(p) => {
                let check = if self.pos.is_check() {
                    " (the king is in check)"
                } else {
                    ""
                };
                format!(
                    "the {} on {from} cannot move to {to}{check}",
                    role_name(p.role)
                )
            }
        };
        Some((why, None))
    }
}
