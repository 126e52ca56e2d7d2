//! A move played on the position: its facts (number, side, kind, check or mate), a null
//! move, and the warnings where the source says something the position does not.

use std::mem;

use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, EnPassantMode, FromSetup, Move, Position, Role, attacks,
};

use super::Replay;
use super::resolve::{DIAGONAL, ORTHOGONAL, along, answers_check, attacked_at};
use crate::chess::game::{Check, Disambiguation, MoveFacts, MoveKind};
use crate::chess::scan::{TokKind, Token};
use crate::chess::words::{MoveWord, SourceSuffix};
use crate::error::Error;

/// Whether the side to move, in check from `checkers`, has no legal move. A safe square next
/// to the king answers at once (most checks), else another piece that takes the one checker
/// or stands between ([`answers_check`]); only then are all legal moves generated.
#[inline(never)]
fn is_mate(pos: &Chess, checkers: Bitboard) -> bool {
    let board = pos.board();
    let us = pos.turn();
    if let Some(king) = board.king_of(us) {
        let occupied = board.occupied().without(king);
        let escapes = attacks::king_attacks(king) & !board.by_color(us);
        // (From the small tables of lines: shakmaty's attack tables missed the cache.)
        if escapes
            .into_iter()
            .any(|sq| !attacked_at(board, us, sq, occupied))
        {
            return false;
        }
        if let Some(checker) = checkers.single_square()
            && answers_check(pos, king, checker)
        {
            return false;
        }
    }
    pos.legal_moves().is_empty()
}

/// The pieces that check the side to move: what shakmaty's `checkers` gives, a rook or queen,
/// a bishop or queen of the other side looked at only when it stands on one of the king's
/// lines ([`ORTHOGONAL`], [`DIAGONAL`]: small tables), and then whether anything stands
/// between ([`along`]). The sliders' attack tables are large: a look-up from the king at every
/// move missed the cache often enough to be a fifth of the replay's time in a profile of one
/// thread, and the look-ups left when a slider stood on a line, a third of `play_checked`'s.
#[inline(always)]
fn checkers(pos: &Chess) -> Bitboard {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(us) else {
        return Bitboard::EMPTY;
    };
    let them = board.by_color(!us);
    let occupied = board.occupied();
    let k = usize::from(king);
    let mut checkers = (attacks::knight_attacks(king) & board.knights())
        | (attacks::pawn_attacks(us, king) & board.pawns());
    let straight = board.rooks_and_queens() & them & Bitboard(ORTHOGONAL[k]);
    if straight.any() {
        checkers |= along(king, occupied, straight, &ORTHOGONAL);
    }
    let slanted = board.bishops_and_queens() & them & Bitboard(DIAGONAL[k]);
    if slanted.any() {
        checkers |= along(king, occupied, slanted, &DIAGONAL);
    }
    checkers & them
}

/// Whether the sign written after a move (`+`, `#`) is one the position does not bear out:
/// a mate sign without mate, a check sign without check.
pub(super) fn wrong_sign(suffix: Option<SourceSuffix>, check: Check) -> bool {
    match (suffix, check) {
        (None, _) => false,
        (Some(SourceSuffix::Mate), c) => c != Check::Mate,
        (Some(_), c) => c == Check::None,
    }
}

impl<'a> Replay<'a> {
    /// Whether a variation on the move just read follows (the position before it is kept
    /// only then).
    fn variation_follows(&mut self) -> bool {
        if self.guard.is_some() {
            return self.guarded_variation_follows();
        }
        let rest = self.scan.tokens.get(self.cursor..).unwrap_or_default();
        for t in rest {
            match t.kind {
                TokKind::VarStart => return true,
                TokKind::Nag(_)
                | TokKind::Comment
                | TokKind::LineComment
                | TokKind::Number { .. }
                | TokKind::Ellipsis => {}
                _ => return false,
            }
        }
        false
    }

    /// Plays the move; its facts. (Always inlined: the facts are put together where they are
    /// used, from what stays in registers; given back through memory, their bytes were
    /// written one by one and read at once eight at a time, which a processor cannot forward
    /// from its stores, and the replay waited at every move.)
    #[inline(always)]
    pub(super) fn play(&mut self, m: Move, disambiguation: Disambiguation) -> MoveFacts {
        let number = self.pos.fullmoves().get();
        let color = self.pos.turn();
        self.past_max = color == Color::Black && number == u32::MAX;
        let kind = match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => MoveKind::Normal {
                role,
                from,
                to,
                capture: capture.is_some(),
                en_passant: false,
                promotion,
                disambiguation,
            },
            Move::EnPassant { from, to } => MoveKind::Normal {
                role: Role::Pawn,
                from,
                to,
                capture: true,
                en_passant: true,
                promotion: None,
                disambiguation: Disambiguation::default(),
            },
            Move::Castle { .. } => {
                MoveKind::Castle(m.castling_side().unwrap_or(CastlingSide::KingSide))
            }
            Move::Put { .. } => MoveKind::Null,
        };
        let check = self.play_checked(m);
        MoveFacts {
            number,
            color,
            kind,
            check,
        }
    }

    /// The position before the move, for the variation that follows it. (Out of line: a copy
    /// of a position is long, and a variation is rare.)
    #[cold]
    #[inline(never)]
    fn keep_before(&mut self) {
        self.before = Some(self.pos.clone());
    }

    /// Plays the move on the position; whether it checks or mates.
    fn play_checked(&mut self, m: Move) -> Check {
        match self.variation_follows() {
            true => self.keep_before(),
            false => self.before = None,
        }
        self.pos.play_unchecked(m);
        let checkers = checkers(&self.pos);
        debug_assert_eq!(checkers, self.pos.checkers());
        self.not_in_check = checkers.is_empty();
        if checkers.is_empty() {
            Check::None
        } else if is_mate(&self.pos, checkers) {
            Check::Mate
        } else if checkers.count() > 1 {
            Check::Double
        } else {
            Check::Single
        }
    }

    pub(super) fn null_move(&mut self, t: &Token) -> Result<MoveFacts, Error> {
        if self.pos.is_check() {
            let reason = self
                .game_over()
                .unwrap_or("a null move is not possible while the king is in check");
            return Err(self.move_error(t, "illegal move", reason, None));
        }
        let number = self.pos.fullmoves();
        let color = self.pos.turn();
        let mode = self.pos.castles().mode();
        let mut setup = self.pos.clone().to_setup(EnPassantMode::Legal);
        setup.swap_turn();
        if color == Color::Black {
            setup.fullmoves = number.saturating_add(1);
        }
        match Chess::from_setup(setup, mode) {
            Ok(next) => {
                self.past_max = color == Color::Black && number.get() == u32::MAX;
                self.before = Some(mem::replace(&mut self.pos, next));
                self.not_in_check = false;
                Ok(MoveFacts {
                    number: number.get(),
                    color,
                    kind: MoveKind::Null,
                    check: Check::None,
                })
            }
            Err(e) => Err(self.move_error(
                t,
                "illegal move",
                &format!("a null move is not possible here: {e}"),
                None,
            )),
        }
    }

    /// Warnings where the source says something the position does not.
    #[inline]
    pub(super) fn check_source(&mut self, t: &Token, word: &MoveWord, facts: &MoveFacts) {
        let claim = self.claim.take();
        let wrong_number = claim.is_some_and(|(number, _)| number != facts.number);
        if wrong_number || wrong_sign(word.suffix, facts.check) || word.ep_mark {
            self.source_warnings(t, word, facts, claim);
        }
    }

    #[cold]
    fn source_warnings(
        &mut self,
        t: &Token,
        word: &MoveWord,
        facts: &MoveFacts,
        claim: Option<(u32, usize)>,
    ) {
        if let Some((number, i)) = claim
            && number != facts.number
            && let Some(nt) = self.scan.tokens.get(i)
        {
            let msg = format!(
                "move number {number} where the position has move {}",
                facts.number
            );
            self.warn(nt, msg);
        }
        let text = self.scan.token_text(t);
        match (word.suffix, facts.check) {
            (Some(SourceSuffix::Mate), c) if c != Check::Mate => {
                self.warn(t, format!("'{text}' is marked as mate but is not mate"));
            }
            (Some(SourceSuffix::Check | SourceSuffix::DoubleCheck), Check::None) => {
                self.warn(t, format!("'{text}' is marked as check but gives no check"));
            }
            _ => {}
        }
        let en_passant = matches!(
            facts.kind,
            MoveKind::Normal {
                en_passant: true,
                ..
            }
        );
        if word.ep_mark && !en_passant {
            self.warn(
                t,
                format!("'{text}' is marked e.p. but is not an en passant capture"),
            );
        }
    }
}
