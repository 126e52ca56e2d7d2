//! Tests of the chess stage as a whole, beside it: the reader on games and test data
//! (`reader`), and hand-run checks on the shared corpus (`corpus`, ignored by default).

mod corpus;
mod reader;

use shakmaty::{CastlingSide, Role};

use crate::chess::{Check, MoveFacts, MoveKind};

/// English SAN rebuilt from the facts alone, for comparing with the source and with
/// another program.
pub(super) fn san_of(m: &MoveFacts) -> String {
    let mut s = String::new();
    match m.kind {
        MoveKind::Castle(CastlingSide::KingSide) => s.push_str("O-O"),
        MoveKind::Castle(CastlingSide::QueenSide) => s.push_str("O-O-O"),
        MoveKind::Null => s.push_str("--"),
        MoveKind::Normal {
            role,
            from,
            to,
            capture,
            promotion,
            disambiguation,
            ..
        } => {
            if role != Role::Pawn {
                s.push(role.upper_char());
            }
            if disambiguation.file || (role == Role::Pawn && capture) {
                s.push(from.file().char());
            }
            if disambiguation.rank {
                s.push(from.rank().char());
            }
            if capture {
                s.push('x');
            }
            s.push_str(&to.to_string());
            if let Some(p) = promotion {
                s.push('=');
                s.push(p.upper_char());
            }
        }
    }
    s.push_str(match m.check {
        Check::None => "",
        Check::Single | Check::Double => "+",
        Check::Mate => "#",
    });
    s
}
