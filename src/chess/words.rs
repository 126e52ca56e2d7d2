//! One movetext word read by itself: a move (SAN, long algebraic, Swedish letters, figurines),
//! a move number, a result, an en passant mark or an annotation symbol.

use shakmaty::{CastlingSide, File, Rank, Role, Square};

use super::game::GameResult;
use super::letters::{Lang, Letter, Reading, english_letter, role_name, symbol_nag};

/// A check or mate sign as written after a move (the position decides what is written out).
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum SourceSuffix {
    Check,
    DoubleCheck,
    Mate,
}

/// What a move word says, letters not yet given roles.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum MoveShape {
    Normal {
        piece: Option<Letter>,
        file: Option<File>,
        rank: Option<Rank>,
        capture: bool,
        to: Square,
        promotion: Option<Letter>,
    },
    Castle(CastlingSide),
    Null,
}

/// A move word with the signs written after it.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) struct MoveWord {
    pub shape: MoveShape,
    pub suffix: Option<SourceSuffix>,
    /// `e.p.` or `ep` was written after it.
    pub ep_mark: bool,
}

/// A word of movetext.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum Word {
    /// `12.`, `12...`, `12…` or a bare `12`, `len` bytes long; `black` after two or more dots.
    Number {
        number: u32,
        black: bool,
        len: usize,
    },
    /// `...`, `..` or `…` for an omitted white move, `len` bytes long.
    Ellipsis {
        len: usize,
    },
    /// A move, with a NAG symbol glued after it (`Nf3±`).
    Move {
        word: MoveWord,
        nag: Option<u8>,
    },
    Result(GameResult),
    Nag(u8),
    /// `e.p.` or `ep` standing alone after a move.
    EnPassant,
    /// `–`, `—` or `-` standing for an omitted white move (`7. – Sf5`).
    Dash,
}

/// Why a word could not be read.
#[derive(Clone, Debug, Eq, PartialEq)]
pub(crate) struct WordError {
    pub message: String,
    pub hint: Option<std::borrow::Cow<'static, str>>,
}

/// The results as they are written, in the movetext and in a Result tag. `1/2` alone is an
/// old form of the draw (older databases and hand-typed files write it).
const RESULTS: &[(&str, GameResult)] = &[
    ("1-0", GameResult::WhiteWins),
    ("0-1", GameResult::BlackWins),
    ("1/2-1/2", GameResult::Draw),
    ("1/2", GameResult::Draw),
    ("½-½", GameResult::Draw),
    ("1–0", GameResult::WhiteWins),
    ("0–1", GameResult::BlackWins),
    ("1/2–1/2", GameResult::Draw),
    ("½–½", GameResult::Draw),
    // With a colon, as German and Scandinavian print often has it.
    ("1:0", GameResult::WhiteWins),
    ("0:1", GameResult::BlackWins),
    ("½:½", GameResult::Draw),
    ("*", GameResult::Unknown),
];

/// The result `w` names (`1-0`, `1/2`, `½-½`, `*` …), in the movetext or a Result tag.
pub(crate) fn result_named(w: &str) -> Option<GameResult> {
    RESULTS.iter().find(|(s, _)| *s == w).map(|&(_, r)| r)
}

/// Reads one word (no blanks, none of `{ } ( ) ; $ ! ?` except a promotion `(Q)`), its
/// piece letters read as `reading` reads them.
pub(crate) fn read_word(w: &str, reading: Reading) -> Result<Word, WordError> {
    let Some(&first) = w.as_bytes().first() else {
        return Err(error(w, reading));
    };
    // The common words go straight to their reader; the tables are for the rest.
    match first {
        // A file, or a piece letter other than `N` (alone, `N` is the novelty sign).
        c if matches!(c, b'a'..=b'h') || (c != b'N' && reading.letter(char::from(c)).is_some()) => {
            if let Some(word) = quick_move(w.as_bytes(), reading) {
                return Ok(Word::Move { word, nag: None });
            }
            if first == b'e' && matches!(w, "e.p." | "e.p" | "ep") {
                return Ok(Word::EnPassant);
            }
            read_move(w, reading)
        }
        b'O' | b'Z' => read_move(w, reading),
        b'N' if w.len() > 1 => read_move(w, reading),
        b'0'..=b'9' => {
            let digits = w.bytes().take_while(u8::is_ascii_digit).count();
            match w.as_bytes().get(digits) {
                None | Some(b'.') => read_number(w),
                Some(_) => match result_named(w) {
                    Some(r) => Ok(Word::Result(r)),
                    None if castling_side(w).is_some() => read_move(w, reading),
                    None => read_number(w),
                },
            }
        }
        _ => {
            if let Some(r) = result_named(w) {
                return Ok(Word::Result(r));
            }
            if w.starts_with("..") || w.starts_with('…') {
                let len = w.len() - w.trim_start_matches(['.', '…']).len();
                return Ok(Word::Ellipsis { len });
            }
            if let Some(nag) = symbol_nag(w) {
                return Ok(Word::Nag(nag));
            }
            match w {
                "–" | "—" | "-" => Ok(Word::Dash),
                _ => read_move(w, reading),
            }
        }
    }
}

/// The common moves, read on bytes: `[piece][file][rank][x]square`, then `+` or `#`. Gives
/// what [`read_move`] gives for them, or `None` for anything else.
#[inline]
pub(crate) fn quick_move(w: &[u8], reading: Reading) -> Option<MoveWord> {
    let (core, suffix) = match w.last()? {
        b'+' => (&w[..w.len() - 1], Some(SourceSuffix::Check)),
        b'#' => (&w[..w.len() - 1], Some(SourceSuffix::Mate)),
        _ => (w, None),
    };
    let [head @ .., f @ b'a'..=b'h', r @ b'1'..=b'8'] = core else {
        return None;
    };
    let to = Square::from_coords(
        File::new(u32::from(f - b'a')),
        Rank::new(u32::from(r - b'1')),
    );
    let (head, capture) = match head {
        [h @ .., b'x'] => (h, true),
        h => (h, false),
    };
    let (piece, head) = match head {
        [c @ b'A'..=b'Z', h @ ..] => (Some(reading.letter(char::from(*c))?), h),
        h => (None, h),
    };
    let (file, rank) = match *head {
        [] => (None, None),
        [f @ b'a'..=b'h'] => (Some(File::new(u32::from(f - b'a'))), None),
        [r @ b'1'..=b'8'] => (None, Some(Rank::new(u32::from(r - b'1')))),
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => (
            Some(File::new(u32::from(f - b'a'))),
            Some(Rank::new(u32::from(r - b'1'))),
        ),
        _ => return None,
    };
    let shape = MoveShape::Normal {
        piece,
        file,
        rank,
        capture,
        to,
        promotion: None,
    };
    Some(MoveWord {
        shape,
        suffix,
        ep_mark: false,
    })
}

fn read_number(w: &str) -> Result<Word, WordError> {
    let digits = w.bytes().take_while(u8::is_ascii_digit).count();
    let mut number: u32 = 0;
    for b in w[..digits].bytes() {
        number = number
            .checked_mul(10)
            .and_then(|n| n.checked_add(u32::from(b - b'0')))
            .ok_or_else(|| WordError {
                message: format!("move number '{w}' is too large"),
                hint: None,
            })?;
    }
    let rest = &w[digits..];
    let dots = rest.len() - rest.trim_start_matches(['.', '…']).len();
    let marks = &rest[..dots];
    if dots == 0 && !rest.is_empty() {
        return Err(WordError {
            message: format!("cannot read '{w}'"),
            hint: Some("a move number is written like 12. or 12...".into()),
        });
    }
    let black = marks.len() >= 2 || marks.contains('…');
    Ok(Word::Number {
        number,
        black,
        len: digits + dots,
    })
}

/// A cursor over the characters of a word.
struct Cursor<'a> {
    rest: &'a str,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<char> {
        match self.rest.as_bytes().first() {
            Some(&b) if b < 0x80 => Some(b as char),
            Some(_) => self.rest.chars().next(),
            None => None,
        }
    }

    fn bump(&mut self) {
        let n = self.peek().map_or(0, char::len_utf8);
        self.rest = &self.rest[n..];
    }

    fn eat(&mut self, s: &str) -> bool {
        match self.rest.strip_prefix(s) {
            Some(r) => {
                self.rest = r;
                true
            }
            None => false,
        }
    }

    fn file(&mut self) -> Option<File> {
        match self.rest.as_bytes().first() {
            Some(&b @ b'a'..=b'h') => {
                self.rest = &self.rest[1..];
                File::from_char(b as char)
            }
            _ => None,
        }
    }

    fn rank(&mut self) -> Option<Rank> {
        match self.rest.as_bytes().first() {
            Some(&b @ b'1'..=b'8') => {
                self.rest = &self.rest[1..];
                Rank::from_char(b as char)
            }
            _ => None,
        }
    }
}

fn error(w: &str, reading: Reading) -> WordError {
    let lower_castle = w.starts_with("o-o");
    if let (Some(hint), false) = (reading.move_hint(), lower_castle) {
        let name = reading.language.map_or("", |l| l.name);
        return WordError {
            message: format!("cannot read '{w}' as a move in {name} notation"),
            hint: Some(hint.into()),
        };
    }
    let reads = |r: Reading| matches!(read_word(w, r), Ok(Word::Move { .. }));
    if let Some(hint) = w
        .chars()
        .next()
        .and_then(|c| reading.other_languages_hint(c, reads))
    {
        return WordError {
            message: format!("cannot read '{w}' as a move"),
            hint: Some(hint.into()),
        };
    }
    // A piece letter of `auto` written small (`nf3`), other than a file's letter.
    let lower_piece = w.chars().next().is_some_and(|c| {
        c.is_ascii_lowercase()
            && !('a'..='h').contains(&c)
            && super::letters::piece_letter(c.to_ascii_uppercase()).is_some()
    }) && w.len() > 1;
    WordError {
        message: format!("cannot read '{w}' as a move"),
        hint: Some(if lower_piece {
            super::letters::capitals_hint().into()
        } else if lower_castle {
            "castling is written O-O or 0-0 (capital O or digit zero)".into()
        } else {
            Reading::auto_hint().into()
        }),
    }
}

/// The dashes castling is written with: the hyphen of PGN, and the en dash, em dash and minus
/// sign of typeset text (`0–0`).
const CASTLING_DASHES: [&str; 4] = ["-", "–", "—", "\u{2212}"];

/// Castling at the start of `w` (`O-O`, `0-0-0`, `0–0`: letter O or digit zero, any dash) and
/// the bytes it takes.
pub(crate) fn castling_side(w: &str) -> Option<(CastlingSide, usize)> {
    let o = w.chars().next().filter(|c| matches!(c, 'O' | '0'))?;
    let mut rest = &w[1..];
    let mut count = 1;
    while count < 3
        && let Some(after) = CASTLING_DASHES
            .iter()
            .find_map(|d| rest.strip_prefix(d))
            .and_then(|r| r.strip_prefix(o))
    {
        rest = after;
        count += 1;
    }
    let side = match count {
        2 => CastlingSide::KingSide,
        3 => CastlingSide::QueenSide,
        _ => return None,
    };
    Some((side, w.len() - rest.len()))
}

fn read_move(w: &str, reading: Reading) -> Result<Word, WordError> {
    let mut c = Cursor { rest: w };
    let shape = match castling_side(w) {
        Some((side, len)) => {
            c.rest = &w[len..];
            MoveShape::Castle(side)
        }
        None => match w.as_bytes().first() {
            Some(b'-' | b'Z') if c.eat("--") || c.eat("Z0") => MoveShape::Null,
            _ => read_normal(&mut c, reading).ok_or_else(|| error(w, reading))?,
        },
    };
    if c.rest.is_empty() {
        return Ok(Word::Move {
            word: MoveWord {
                shape,
                suffix: None,
                ep_mark: false,
            },
            nag: None,
        });
    }
    // A symbol right after the move (`Qh5+-`, `Nf3±`) before signs are tried.
    // (`=` alone is the sign only where it cannot be a promotion left unfinished.)
    let promoting = match shape {
        MoveShape::Normal {
            promotion: Some(_), ..
        } => true,
        MoveShape::Normal { piece, to, .. } => {
            matches!(
                piece,
                None | Some(Letter::English(Role::Pawn) | Letter::Any(Role::Pawn) | Letter::B)
            ) && matches!(to.rank(), Rank::First | Rank::Eighth)
        }
        _ => false,
    };
    if !c.rest.is_empty()
        && let Some(nag) = symbol_nag(c.rest)
        && c.rest != "N"
        && (c.rest != "=" || !promoting)
    {
        return Ok(Word::Move {
            word: MoveWord {
                shape,
                suffix: None,
                ep_mark: false,
            },
            nag: Some(nag),
        });
    }
    let mut suffix = None;
    let mut ep_mark = false;
    loop {
        let sign = if c.eat("++") || c.eat("††") {
            Some(SourceSuffix::DoubleCheck)
        } else if c.eat("+") || c.eat("†") {
            Some(SourceSuffix::Check)
        } else if c.eat("#") || c.eat("‡") {
            Some(SourceSuffix::Mate)
        } else {
            None
        };
        if let Some(s) = sign {
            if suffix.is_some() {
                return Err(error(w, reading));
            }
            suffix = Some(s);
            continue;
        }
        if !ep_mark && (c.eat("e.p.") || c.eat("e.p") || c.eat("ep")) {
            ep_mark = true;
            continue;
        }
        break;
    }
    let word = MoveWord {
        shape,
        suffix,
        ep_mark,
    };
    if c.rest.is_empty() {
        return Ok(Word::Move { word, nag: None });
    }
    match symbol_nag(c.rest) {
        Some(nag) if !c.rest.is_ascii() => Ok(Word::Move {
            word,
            nag: Some(nag),
        }),
        _ => Err(error(w, reading)),
    }
}

fn read_normal(c: &mut Cursor<'_>, reading: Reading) -> Option<MoveShape> {
    let piece = c.peek().and_then(|ch| reading.letter(ch));
    if piece.is_some() {
        c.bump();
    }
    let file = c.file();
    let rank = c.rank();
    let capture = c.eat("x") || c.eat(":") || c.eat("×");
    let before_dash = c.rest;
    let mut dash = !capture && c.eat("-");
    // (A dash with no square after it is a sign's: `Sf6-+`.)
    if dash && !c.rest.starts_with(|ch: char| ('a'..='h').contains(&ch)) {
        c.rest = before_dash;
        dash = false;
    }
    let (file, rank, to) = match c.file() {
        Some(to_file) => {
            let to_rank = c.rank()?;
            (file, rank, Square::from_coords(to_file, to_rank))
        }
        None if capture || dash => return None,
        None => (None, None, Square::from_coords(file?, rank?)),
    };
    let promotion = read_promotion(c, reading)?;
    Some(MoveShape::Normal {
        piece,
        file,
        rank,
        capture,
        to,
        promotion,
    })
}

/// `=Q`, `=q`, `/Q`, `(Q)`, `Q` or a figurine right after the target square.
fn read_promotion(c: &mut Cursor<'_>, reading: Reading) -> Option<Option<Letter>> {
    let piece_letter = |ch: char| reading.letter(ch);
    let upper = |ch: char| {
        if ch.is_ascii_lowercase() {
            ch.to_ascii_uppercase()
        } else {
            ch
        }
    };
    // (A `=` with no piece letter after it is no promotion: a sign glued to the move,
    // `Lc5=`, read after it.)
    let equal_sign = c.rest.starts_with('=')
        && c.rest[1..]
            .chars()
            .next()
            .map(upper)
            .and_then(piece_letter)
            .is_none();
    if !equal_sign && (c.eat("=") || c.eat("/")) {
        let l = c.peek().map(upper).and_then(piece_letter)?;
        c.bump();
        return Some(Some(l));
    }
    if c.rest.starts_with('(') {
        let mut inner = Cursor { rest: &c.rest[1..] };
        let l = inner.peek().and_then(piece_letter)?;
        inner.bump();
        if !inner.eat(")") {
            return None;
        }
        c.rest = inner.rest;
        return Some(Some(l));
    }
    match c.peek().and_then(piece_letter) {
        Some(l) => {
            c.bump();
            Some(Some(l))
        }
        None => Some(None),
    }
}

/// A move as English SAN bytes (`Ng1f3`, `exd5`, `e8=Q`, `O-O`, `--`): the bytes and their length.
pub(crate) fn san_bytes(
    m: &MoveWord,
    lang: Lang,
) -> Result<([u8; 8], usize), (String, &'static str)> {
    let mut san = [0u8; 8];
    let mut n = 0;
    let mut put = |b: u8| {
        if let Some(slot) = san.get_mut(n) {
            *slot = b;
            n += 1;
        }
    };
    match m.shape {
        MoveShape::Castle(CastlingSide::KingSide) => b"O-O".iter().for_each(|&b| put(b)),
        MoveShape::Castle(CastlingSide::QueenSide) => b"O-O-O".iter().for_each(|&b| put(b)),
        MoveShape::Null => b"--".iter().for_each(|&b| put(b)),
        MoveShape::Normal {
            piece,
            file,
            rank,
            capture,
            to,
            promotion,
        } => {
            let role = piece.map_or(Role::Pawn, |l| l.role(lang));
            let promotion = match promotion {
                None => None,
                Some(_) if role != Role::Pawn => {
                    return Err((
                        format!("a {} cannot promote", role_name(role)),
                        "only a pawn reaching the last rank promotes",
                    ));
                }
                Some(p) => match p.role(lang) {
                    Role::Pawn | Role::King => {
                        let hint = if p == Letter::B {
                            "in a game with Swedish letters B is a pawn (bonde); the bishop is L"
                        } else {
                            "a pawn promotes to a queen, rook, bishop or knight"
                        };
                        return Err((
                            format!("a pawn cannot promote to a {}", role_name(p.role(lang))),
                            hint,
                        ));
                    }
                    r => Some(r),
                },
            };
            if let Some(l) = english_letter(role) {
                put(l);
            }
            if let Some(f) = file {
                put(f.char() as u8);
            }
            if let Some(r) = rank {
                put(r.char() as u8);
            }
            if capture {
                put(b'x');
            }
            put(to.file().char() as u8);
            put(to.rank().char() as u8);
            if let Some(l) = promotion.and_then(english_letter) {
                put(b'=');
                put(l);
            }
        }
    }
    Ok((san, n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Role;

    fn normal(
        w: &str,
    ) -> (
        Option<Letter>,
        Option<File>,
        Option<Rank>,
        bool,
        Square,
        Option<Letter>,
    ) {
        match read_word(w, Reading::default()) {
            Ok(Word::Move {
                word:
                    MoveWord {
                        shape:
                            MoveShape::Normal {
                                piece,
                                file,
                                rank,
                                capture,
                                to,
                                promotion,
                            },
                        ..
                    },
                ..
            }) => (piece, file, rank, capture, to, promotion),
            other => panic!("{w}: {other:?}"),
        }
    }

    #[test]
    fn san_and_long_algebraic() {
        assert_eq!(
            normal("Nf3"),
            (
                Some(Letter::English(Role::Knight)),
                None,
                None,
                false,
                Square::F3,
                None
            )
        );
        assert_eq!(
            normal("exd5"),
            (None, Some(File::E), None, true, Square::D5, None)
        );
        assert_eq!(
            normal("Ng1-f3"),
            (
                Some(Letter::English(Role::Knight)),
                Some(File::G),
                Some(Rank::First),
                false,
                Square::F3,
                None
            )
        );
        assert_eq!(
            normal("e2-e4"),
            (
                None,
                Some(File::E),
                Some(Rank::Second),
                false,
                Square::E4,
                None
            )
        );
        assert_eq!(normal("N2b3").2, Some(Rank::Second));
        assert_eq!(normal("Sxe5").0, Some(Letter::Swedish(Role::Knight)));
        assert_eq!(normal("♘f3").0, Some(Letter::Any(Role::Knight)));
        assert_eq!(normal("♙e4").0, Some(Letter::Any(Role::Pawn)));
    }

    #[test]
    fn quick_path_agrees_with_the_full_reader() {
        for w in [
            "e4", "exd5", "Nf3", "Ngf3", "N2b3", "Qh4xe1", "Kxe2+", "Bb5#", "Sf3", "Be4", "xd5",
            "Pe4", "e2e4", "Lc4+",
        ] {
            let quick =
                quick_move(w.as_bytes(), Reading::default()).unwrap_or_else(|| panic!("{w}"));
            assert_eq!(
                Ok(Word::Move {
                    word: quick,
                    nag: None
                }),
                read_move(w, Reading::default()),
                "{w}"
            );
        }
        for w in [
            "O-O", "e8Q", "Nf3++", "Nf3!", "e9", "N", "Xe4", "♘f3", "exd6ep", "e4x",
        ] {
            assert_eq!(quick_move(w.as_bytes(), Reading::default()), None, "{w}");
        }
    }

    #[test]
    fn promotions() {
        let q = Some(Letter::English(Role::Queen));
        assert_eq!(normal("e8=Q").5, q);
        assert_eq!(normal("e8Q").5, q);
        assert_eq!(normal("e8(Q)").5, q);
        assert_eq!(normal("e8/Q").5, q);
        assert_eq!(normal("e8=q").5, q);
        assert_eq!(normal("g1D+").5, Some(Letter::Swedish(Role::Queen)));
        assert_eq!(normal("bxa8=♕").5, Some(Letter::Any(Role::Queen)));
    }

    #[test]
    fn signs_after_moves() {
        let Ok(Word::Move { word, nag }) = read_word("exd6e.p.+", Reading::default()) else {
            panic!()
        };
        assert!(word.ep_mark);
        assert_eq!(word.suffix, Some(SourceSuffix::Check));
        assert_eq!(nag, None);
        let Ok(Word::Move { word, .. }) = read_word("Qg2#", Reading::default()) else {
            panic!()
        };
        assert_eq!(word.suffix, Some(SourceSuffix::Mate));
        let Ok(Word::Move { word, .. }) = read_word("Nf3++", Reading::default()) else {
            panic!()
        };
        assert_eq!(word.suffix, Some(SourceSuffix::DoubleCheck));
        let Ok(Word::Move { nag, .. }) = read_word("Nf3±", Reading::default()) else {
            panic!()
        };
        assert_eq!(nag, Some(16));
        assert!(read_word("Nf3+++", Reading::default()).is_err());
        assert!(read_word("Nf3+#", Reading::default()).is_err());
    }

    #[test]
    fn castling_null_numbers_results() {
        let castle = |w| match read_word(w, Reading::default()) {
            Ok(Word::Move { word, .. }) => word.shape,
            other => panic!("{other:?}"),
        };
        assert_eq!(castle("O-O"), MoveShape::Castle(CastlingSide::KingSide));
        assert_eq!(castle("0-0-0+"), MoveShape::Castle(CastlingSide::QueenSide));
        assert_eq!(castle("--"), MoveShape::Null);
        assert_eq!(castle("Z0"), MoveShape::Null);
        // The dashes of typeset text (issue 34: a German book's `0–0`).
        assert_eq!(castle("0–0"), MoveShape::Castle(CastlingSide::KingSide));
        assert_eq!(castle("O—O—O#"), MoveShape::Castle(CastlingSide::QueenSide));
        assert_eq!(
            castle("0\u{2212}0"),
            MoveShape::Castle(CastlingSide::KingSide)
        );
        assert!(read_word("0–", Reading::default()).is_err());
        assert!(read_word("O-0", Reading::default()).is_err());
        for (w, r) in [
            ("1:0", GameResult::WhiteWins),
            ("0:1", GameResult::BlackWins),
            ("½:½", GameResult::Draw),
        ] {
            assert_eq!(read_word(w, Reading::default()), Ok(Word::Result(r)), "{w}");
        }
        assert_eq!(
            read_word("12.", Reading::default()),
            Ok(Word::Number {
                number: 12,
                black: false,
                len: 3
            })
        );
        assert_eq!(
            read_word("12...Nf6", Reading::default()),
            Ok(Word::Number {
                number: 12,
                black: true,
                len: 5
            })
        );
        assert_eq!(
            read_word("7…", Reading::default()),
            Ok(Word::Number {
                number: 7,
                black: true,
                len: 4
            })
        );
        assert_eq!(
            read_word("...e5", Reading::default()),
            Ok(Word::Ellipsis { len: 3 })
        );
        assert_eq!(
            read_word("½-½", Reading::default()),
            Ok(Word::Result(GameResult::Draw))
        );
        assert_eq!(
            read_word("1/2", Reading::default()),
            Ok(Word::Result(GameResult::Draw))
        );
        assert_eq!(
            read_word("0-1", Reading::default()),
            Ok(Word::Result(GameResult::BlackWins))
        );
        assert_eq!(
            read_word("*", Reading::default()),
            Ok(Word::Result(GameResult::Unknown))
        );
        assert_eq!(read_word("+-", Reading::default()), Ok(Word::Nag(18)));
        assert_eq!(read_word("e.p.", Reading::default()), Ok(Word::EnPassant));
        assert_eq!(read_word("–", Reading::default()), Ok(Word::Dash));
    }

    #[test]
    fn junk_is_an_error_with_a_hint() {
        for w in [
            "nf3", "Xf3", "Nf9", "N", "Nx", "e4e", "o-o", "12e4", "Nf3=Q=", "e9", "1/3",
        ] {
            if w == "N" {
                assert_eq!(read_word(w, Reading::default()), Ok(Word::Nag(146)));
                continue;
            }
            let e = read_word(w, Reading::default()).expect_err(w);
            assert!(e.message.contains(w), "{w}: {}", e.message);
        }
        assert!(
            read_word("nf3", Reading::default())
                .unwrap_err()
                .hint
                .unwrap_or_default()
                .contains("capitals")
        );
    }

    #[test]
    fn a_named_language_reads_its_letters_alone() {
        use crate::settings::SourceNotation as S;
        let role = |w: &str, n: S| match read_word(w, Reading::of(n)) {
            Ok(Word::Move {
                word:
                    MoveWord {
                        shape: MoveShape::Normal { piece, .. },
                        ..
                    },
                ..
            }) => piece.map(|l| l.role(Lang::Undecided)),
            other => panic!("{w} {n:?}: {other:?}"),
        };
        assert_eq!(role("Cf3", S::Fr), Some(Role::Knight));
        assert_eq!(role("Fb5", S::Fr), Some(Role::Bishop));
        assert_eq!(role("Rf2", S::Fr), Some(Role::King));
        // Finnish R is a knight, English R a rook: the language named decides.
        assert_eq!(role("Rf3", S::Fi), Some(Role::Knight));
        assert_eq!(role("Rf3", S::En), Some(Role::Rook));
        assert_eq!(role("Ĉf3", S::Eo), Some(Role::Knight));
        assert_eq!(role("Kc4", S::Eo), Some(Role::Bishop));
        assert_eq!(role("Hd1", S::Pl), Some(Role::Queen));
        assert_eq!(role("Jf3", S::Cs), Some(Role::Knight));
        assert_eq!(role("♘f3", S::Fr), Some(Role::Knight));
        // Swedish B is a pawn; English reads no Swedish letter.
        assert_eq!(role("Be4", S::Sv), Some(Role::Pawn));
        assert!(read_word("Sf3", Reading::of(S::En)).is_err());
        assert!(read_word("Nf3", Reading::of(S::Sv)).is_err());
        // A promotion takes the language's letter, with or without `=`.
        let Ok(Word::Move { word, .. }) = read_word("e8D", Reading::of(S::Fr)) else {
            panic!("e8D");
        };
        let MoveShape::Normal { promotion, .. } = word.shape else {
            panic!("{word:?}");
        };
        assert_eq!(
            promotion.map(|l| l.role(Lang::Undecided)),
            Some(Role::Queen)
        );
        // The error names the language and its letters.
        let e = read_word("Nf3", Reading::of(S::Fr)).expect_err("Nf3");
        assert_eq!(e.message, "cannot read 'Nf3' as a move in French notation");
        assert!(e.hint.unwrap_or_default().contains("R D T F C"));
        // `auto` names the languages a word reads in.
        let e = read_word("Af3", Reading::default()).expect_err("Af3");
        let hint = e.hint.unwrap_or_default();
        assert!(
            hint.contains("a bishop in Italian (it), Spanish (es)"),
            "{hint}"
        );
    }
}
