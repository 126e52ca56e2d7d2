//! The language of a game's piece letters (one language a game), and ICCF numeric notation:
//! the words of four or five digits that are moves.

use super::{GameScan, ScanError, TokKind};
use crate::chess::letters::{Lang, Letter};
use crate::chess::words::{MoveShape, MoveWord};

impl GameScan {
    /// Records the language of the piece letters of a move; both languages in one game fail.
    #[inline]
    pub(super) fn check_lang(
        &mut self,
        text: &str,
        m: &MoveWord,
        start: usize,
        end: usize,
    ) -> Result<(), ScanError> {
        let MoveShape::Normal {
            piece, promotion, ..
        } = m.shape
        else {
            return Ok(());
        };
        // Nothing new: no letter of a language not seen yet in this game.
        let bit = |l: Option<Letter>| match l.map(Letter::lang) {
            Some(Lang::English) => 1u8,
            Some(Lang::Swedish) => 2,
            _ => 0,
        };
        if (bit(piece) | bit(promotion)) & !self.langs_seen == 0 {
            return Ok(());
        }
        self.langs_seen |= bit(piece) | bit(promotion);
        self.note_lang(text, piece, promotion, start, end)
    }

    fn note_lang(
        &mut self,
        text: &str,
        piece: Option<Letter>,
        promotion: Option<Letter>,
        start: usize,
        end: usize,
    ) -> Result<(), ScanError> {
        for letter in [piece, promotion].into_iter().flatten() {
            let (mine, other, mine_name, other_name) = match letter.lang() {
                Lang::English => (&mut self.english_at, self.swedish_at, "English", "Swedish"),
                Lang::Swedish => (&mut self.swedish_at, self.english_at, "Swedish", "English"),
                Lang::Undecided => continue,
            };
            if mine.is_none() {
                *mine = Some((start, end));
            }
            if let Some((s, e)) = other {
                let this = text.get(start..end).unwrap_or("");
                let first = text.get(s..e).unwrap_or("");
                return Err(ScanError::new(
                    start,
                    end,
                    format!(
                        "'{this}' uses {mine_name} piece letters, but this game already uses \
                         {other_name} ones (first in '{first}')"
                    ),
                    Some(crate::chess::letters::one_language_hint().as_str()),
                ));
            }
        }
        Ok(())
    }
}

impl GameScan {
    /// A game read with `auto` whose moves are all ICCF numbers (`1. 5254 5755 2. 7163`): the
    /// bare numbers of four or five digits become moves, when no other word is a move and no
    /// bare number is longer (move numbers, `1.` or a bare `1`, stay). One of four or five
    /// digits that is no ICCF move (`5759`) is then an error at its place, as it is with
    /// `iccf`. A game with any other move keeps them all as numbers.
    #[cold]
    pub(super) fn numbers_to_iccf_moves(&mut self) {
        let mut words = 0;
        let mut bad = None;
        for (k, t) in self.tokens.iter().enumerate() {
            match t.kind {
                TokKind::Move(_) => return,
                TokKind::Number { .. } => {
                    let w = self.text.as_bytes().get(t.start..t.end).unwrap_or_default();
                    if !w.iter().all(u8::is_ascii_digit) || w.len() < 4 {
                        continue;
                    }
                    match (iccf_move(w), w.len()) {
                        (Some(_), _) => words += 1,
                        (None, 4 | 5) => {
                            bad.get_or_insert(k);
                        }
                        // A longer bare number: no ICCF.
                        (None, _) => return,
                    }
                }
                _ => {}
            }
        }
        if words == 0 {
            return;
        }
        if let Some(k) = bad
            && let Some(&t) = self.tokens.get(k)
        {
            self.tokens.truncate(k);
            let w = self.text.get(t.start..t.end).unwrap_or_default();
            self.fail(not_iccf(w, t.start, t.end));
        }
        for t in &mut self.tokens {
            if let TokKind::Number { .. } = t.kind
                && let Some(m) = self.text.as_bytes().get(t.start..t.end).and_then(iccf_move)
            {
                t.kind = TokKind::Move(m);
            }
        }
        self.raw = false;
    }
}

/// The error of a word of four or five digits that is no move of ICCF numeric notation.
pub(super) fn not_iccf(w: &str, start: usize, end: usize) -> ScanError {
    ScanError::new(
        start,
        end,
        format!("cannot read '{w}' as a move in ICCF numeric notation"),
        Some(
            "ICCF numeric notation writes the file and rank of the square moved from, then of \
             the square moved to, as digits 1-8 (5254 is e2-e4), and a fifth digit 1-4 for a \
             promotion (queen, rook, bishop, knight)",
        ),
    )
}

/// A move in ICCF numeric notation (the Danish article, "Numerisk notation"): the file and rank
/// digits (1-8) of the square moved from, then of the square moved to (`5254` is e2-e4;
/// castling is the king's move, `5171`), and a fifth digit for a promotion (1 queen, 2 rook,
/// 3 bishop, 4 knight). The whole word `w`, or `None`.
pub(crate) fn iccf_move(w: &[u8]) -> Option<MoveWord> {
    let digit = |k: usize| match w.get(k) {
        Some(&d @ b'1'..=b'8') => Some(u32::from(d - b'1')),
        _ => None,
    };
    let (from_file, from_rank, to_file, to_rank) = (digit(0)?, digit(1)?, digit(2)?, digit(3)?);
    let promotion = match w.get(4..)? {
        [] => None,
        [d @ b'1'..=b'4'] => Some(Letter::Any(match d {
            b'1' => shakmaty::Role::Queen,
            b'2' => shakmaty::Role::Rook,
            b'3' => shakmaty::Role::Bishop,
            _ => shakmaty::Role::Knight,
        })),
        _ => return None,
    };
    let to =
        shakmaty::Square::from_coords(shakmaty::File::new(to_file), shakmaty::Rank::new(to_rank));
    // Written as a coordinate move (`e7e8=Q`), which the replay plays as the piece on its
    // first square makes it.
    Some(MoveWord {
        shape: MoveShape::Normal {
            piece: None,
            file: Some(shakmaty::File::new(from_file)),
            rank: Some(shakmaty::Rank::new(from_rank)),
            capture: false,
            to,
            promotion,
        },
        suffix: None,
        ep_mark: false,
    })
}

/// Whether pgn-reader reads the move word `w` as its normalized form: the same bytes,
/// but for a `+` or `#` after them.
pub(super) fn is_canonical(m: &MoveWord, w: &str) -> bool {
    let core = w.strip_suffix(['+', '#']).unwrap_or(w);
    !m.ep_mark
        && m.suffix != Some(crate::chess::words::SourceSuffix::DoubleCheck)
        && crate::chess::words::san_bytes(m, Lang::English)
            .is_ok_and(|(san, n)| san.get(..n) == Some(core.as_bytes()))
}
