//! Tables as data: piece letters of the languages read (English, Swedish, figurines, all from
//! [`PIECES`]), the annotation symbols read as NAGs, and the piece-letter language of a game.

use shakmaty::Role;

use super::pieces::{PIECES, letters};

/// A piece letter as written; its role may depend on the game's language.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum Letter {
    /// The same in every language read: `K` and the figurines.
    Any(Role),
    /// Only English uses it: `Q R N P`.
    English(Role),
    /// Only Swedish uses it: `D T L S` (dam, torn, löpare, springare).
    Swedish(Role),
    /// `B`: a bishop in English, a pawn (bonde) in Swedish.
    B,
}

/// The piece-letter language of one game.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum Lang {
    /// Only letters shared by both (`K`, `B`, figurines): read as English.
    Undecided,
    English,
    Swedish,
}

/// What a letter or figurine is read as, from [`PIECES`]: a figurine or a letter both languages
/// give the same role is [`Letter::Any`], a letter of one language only is that language's, and
/// the one letter the two languages read differently (`B`) is [`Letter::B`].
const fn classify(c: char) -> Option<Letter> {
    let mut english = None;
    let mut swedish = None;
    let mut i = 0;
    while i < PIECES.len() {
        let p = &PIECES[i];
        if p.figurines[0] == c || p.figurines[1] == c {
            return Some(Letter::Any(p.role));
        }
        if p.english == c {
            english = Some(p.role);
        }
        if p.swedish == c {
            swedish = Some(p.role);
        }
        i += 1;
    }
    match (english, swedish) {
        (Some(e), Some(s)) if e as u8 == s as u8 => Some(Letter::Any(e)),
        (Some(e), Some(s)) => {
            assert!(
                c == 'B' && matches!(e, Role::Bishop) && matches!(s, Role::Pawn),
                "the only letter two languages read differently is B"
            );
            Some(Letter::B)
        }
        (Some(e), None) => Some(Letter::English(e)),
        (None, Some(s)) => Some(Letter::Swedish(s)),
        (None, None) => None,
    }
}

/// Annotation symbols standing alone in movetext (or glued after a move, for the non-ASCII
/// ones), with their NAG (PGN standard; $140-$146 and $238-$246 as ChessBase writes them).
pub(crate) const SYMBOL_NAGS: &[(&str, u8)] = &[
    ("□", 7),
    ("=", 10),
    ("∞", 13),
    ("+=", 14),
    ("+/=", 14),
    ("⩲", 14),
    ("=+", 15),
    ("=/+", 15),
    ("⩱", 15),
    ("±", 16),
    ("+/-", 16),
    ("∓", 17),
    ("-/+", 17),
    ("+-", 18),
    ("-+", 19),
    // Every dash is the sign's: the minus sign, the en dash and the em dash of typeset and
    // exported text (issue 31).
    ("+\u{2212}", 18),
    ("\u{2212}+", 19),
    ("+–", 18),
    ("–+", 19),
    ("+—", 18),
    ("—+", 19),
    ("\u{2212}/+", 17),
    ("+/\u{2212}", 16),
    ("⨀", 22),
    ("↑", 36),
    ("→", 40),
    ("=/∞", 44),
    ("⇆", 132),
    ("∆", 140),
    ("Δ", 140),
    ("⌓", 142),
    ("N", 146),
    ("‼", 3),
    ("⁇", 4),
    ("⁉", 5),
    ("⁈", 6),
];

/// [`classify`] indexed by ASCII code, for the fast path.
const ASCII_LETTERS: [Option<Letter>; 128] = {
    let mut table = [None; 128];
    let mut i = 0;
    while i < 128 {
        table[i] = classify(i as u8 as char);
        i += 1;
    }
    table
};

/// The letter for `c`, upper case or figurine.
pub(crate) fn piece_letter(c: char) -> Option<Letter> {
    match ASCII_LETTERS.get(c as usize) {
        Some(&l) => l,
        None => classify(c),
    }
}

/// The NAG of an annotation symbol written as `s`.
pub(crate) fn symbol_nag(s: &str) -> Option<u8> {
    SYMBOL_NAGS
        .iter()
        .find(|(sym, _)| *sym == s)
        .map(|&(_, nag)| nag)
}

/// The NAG of a run of `!` and `?`: `!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6.
pub(crate) fn glyph_nag(s: &str) -> Option<u8> {
    match s {
        "!" => Some(1),
        "?" => Some(2),
        "!!" => Some(3),
        "??" => Some(4),
        "!?" => Some(5),
        "?!" => Some(6),
        _ => None,
    }
}

impl Letter {
    /// The language this letter shows, if any.
    pub(crate) fn lang(self) -> Lang {
        match self {
            Letter::English(_) => Lang::English,
            Letter::Swedish(_) => Lang::Swedish,
            Letter::Any(_) | Letter::B => Lang::Undecided,
        }
    }

    /// The role of a piece letter in a game of language `lang`.
    pub(crate) fn role(self, lang: Lang) -> Role {
        match self {
            Letter::Any(r) | Letter::English(r) | Letter::Swedish(r) => r,
            Letter::B if lang == Lang::Swedish => Role::Pawn,
            Letter::B => Role::Bishop,
        }
    }
}

/// The English SAN letter of a role (none for a pawn).
pub(crate) fn english_letter(role: Role) -> Option<u8> {
    match role {
        Role::Pawn => None,
        _ => Some(letters(role).english as u8),
    }
}

/// The English name of a role, for messages.
pub(crate) fn role_name(role: Role) -> &'static str {
    letters(role).name
}

/// The Swedish letter of a piece written with its English letter (`N` → `S`); `None` for a
/// letter that is no English piece letter (pawns have none in a move).
fn swedish_for_english(c: char) -> Option<char> {
    PIECES
        .iter()
        .find(|p| p.english == c && p.role != Role::Pawn)
        .map(|p| p.swedish)
}

/// Where a word shaped like a move, starting at `i`, ends, and the place of its English piece
/// letter: `Nf3`, `Rxe1+`, `Nbd7`, `R1e2!`, `exd8=Q#` (the promotion letter).
fn move_word(b: &[u8], i: usize) -> Option<(usize, usize)> {
    let square = |k: usize| {
        b.get(k).is_some_and(|c| (b'a'..=b'h').contains(c))
            && b.get(k + 1).is_some_and(|c| (b'1'..=b'8').contains(c))
    };
    let piece = |k: usize| {
        b.get(k)
            .is_some_and(|&c| swedish_for_english(c as char).is_some())
    };
    let (end, letter) = if piece(i) {
        // The piece letter, then `[a-h]?[1-8]?x?` and the target square, the square last.
        let mut k = i + 1;
        let rest_end = k + b[k..]
            .iter()
            .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
            .count();
        let rest = &b[k..rest_end];
        if rest.len() < 2 || !square(rest_end - 2) {
            return None;
        }
        let head = &rest[..rest.len() - 2];
        let ok = match head {
            [] => true,
            [f] => (b'a'..=b'h').contains(f) || (b'1'..=b'8').contains(f) || *f == b'x',
            [f, b'x'] => (b'a'..=b'h').contains(f) || (b'1'..=b'8').contains(f),
            [f, r] => (b'a'..=b'h').contains(f) && (b'1'..=b'8').contains(r),
            [f, r, b'x'] => (b'a'..=b'h').contains(f) && (b'1'..=b'8').contains(r),
            _ => false,
        };
        if !ok {
            return None;
        }
        k = rest_end;
        (k, i)
    } else {
        // A pawn promotion: `e8=Q`, `exd8=Q`.
        let mut k = i;
        if b.get(k + 1) == Some(&b'x') {
            if !b.get(k).is_some_and(|c| (b'a'..=b'h').contains(c)) {
                return None;
            }
            k += 2;
        }
        if !square(k) || !matches!(b.get(k + 1), Some(b'1' | b'8')) || b.get(k + 2) != Some(&b'=') {
            return None;
        }
        if !piece(k + 3) {
            return None;
        }
        (k + 4, k + 3)
    };
    let end = end + b[end..].iter().take_while(|c| b"+#!?".contains(c)).count();
    if b.get(end).is_some_and(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    Some((end, letter))
}

/// Prose whose moves are written with English piece letters, with Swedish ones (`Nf3` → `Sf3`,
/// `Qxf7#` → `Dxf7#`, `exd8=Q` → `exd8=D`), for books written in English notation. Only words
/// shaped like a move change, one ASCII letter for another, so every place in the text stays.
pub(crate) fn english_moves_to_swedish(text: &str) -> std::borrow::Cow<'_, str> {
    let b = text.as_bytes();
    let mut changes = Vec::new();
    let mut i = 0;
    while i < b.len() {
        // A move starts a word, or follows its number (`12.Nf3`, `7...Qd8`) or a bracket.
        let starts = i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] >= 0x80);
        match move_word(b, i).filter(|_| starts) {
            Some((end, letter)) => {
                changes.push(letter);
                i = end;
            }
            None => i += 1,
        }
    }
    if changes.is_empty() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = b.to_vec();
    for at in changes {
        if let Some(s) = swedish_for_english(out[at] as char) {
            out[at] = s as u8;
        }
    }
    // One ASCII letter replaced another: still UTF-8.
    std::borrow::Cow::Owned(String::from_utf8(out).unwrap_or_else(|_| text.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swedish_and_english_letters() {
        assert_eq!(
            piece_letter('S').map(|l| l.role(Lang::Swedish)),
            Some(Role::Knight)
        );
        assert_eq!(piece_letter('D').map(|l| l.lang()), Some(Lang::Swedish));
        assert_eq!(piece_letter('N').map(|l| l.lang()), Some(Lang::English));
        assert_eq!(
            piece_letter('B').map(|l| l.role(Lang::Swedish)),
            Some(Role::Pawn)
        );
        assert_eq!(
            piece_letter('B').map(|l| l.role(Lang::Undecided)),
            Some(Role::Bishop)
        );
        assert_eq!(
            piece_letter('♞').map(|l| l.role(Lang::English)),
            Some(Role::Knight)
        );
        assert_eq!(piece_letter('n'), None);
    }

    #[test]
    fn letters_read_as_before() {
        use Letter::{Any, English, Swedish};
        let expected = [
            ('K', Any(Role::King)),
            ('Q', English(Role::Queen)),
            ('R', English(Role::Rook)),
            ('B', Letter::B),
            ('N', English(Role::Knight)),
            ('P', English(Role::Pawn)),
            ('D', Swedish(Role::Queen)),
            ('T', Swedish(Role::Rook)),
            ('L', Swedish(Role::Bishop)),
            ('S', Swedish(Role::Knight)),
            ('♔', Any(Role::King)),
            ('♕', Any(Role::Queen)),
            ('♖', Any(Role::Rook)),
            ('♗', Any(Role::Bishop)),
            ('♘', Any(Role::Knight)),
            ('♙', Any(Role::Pawn)),
            ('♚', Any(Role::King)),
            ('♛', Any(Role::Queen)),
            ('♜', Any(Role::Rook)),
            ('♝', Any(Role::Bishop)),
            ('♞', Any(Role::Knight)),
            ('♟', Any(Role::Pawn)),
        ];
        for (c, l) in expected {
            assert_eq!(piece_letter(c), Some(l), "{c}");
        }
        let read = (0..128u8)
            .map(char::from)
            .filter(|&c| piece_letter(c).is_some())
            .count();
        assert_eq!(read, 10);
        assert_eq!(english_letter(Role::Knight), Some(b'N'));
        assert_eq!(english_letter(Role::Pawn), None);
        assert_eq!(role_name(Role::Bishop), "bishop");
    }

    #[test]
    fn symbols_and_glyphs() {
        assert_eq!(symbol_nag("±"), Some(16));
        assert_eq!(symbol_nag("+-"), Some(18));
        assert_eq!(symbol_nag("N"), Some(146));
        assert_eq!(symbol_nag("++"), None);
        assert_eq!(glyph_nag("?!"), Some(6));
        assert_eq!(glyph_nag("!!!"), None);
    }

    #[test]
    fn english_moves_in_prose_get_swedish_letters() {
        let cases = [
            (
                "Efter 1. Nf3 Nc6 2. Bb5 a6 3. Qxf7#!",
                "Efter 1. Sf3 Sc6 2. Lb5 a6 3. Dxf7#!",
            ),
            ("12.Rxe1+ Nbd7 R1e2 Ke2", "12.Txe1+ Sbd7 T1e2 Ke2"),
            ("(7...Qd8) och exd8=Q!", "(7...Dd8) och exd8=D!"),
            // Not moves: words, a letter without a square, letters glued to a word.
            (
                "Be quick, Nils. BBC ABe4 Nf3x Q9",
                "Be quick, Nils. BBC ABe4 Nf3x Q9",
            ),
            ("Noa rqNf3 Ö-Nf3", "Noa rqNf3 Ö-Sf3"),
        ];
        for (english, swedish) in cases {
            assert_eq!(english_moves_to_swedish(english), swedish, "{english}");
        }
    }
}
