//! Tables as data: piece letters of the languages read (English, Swedish, figurines), the
//! annotation symbols read as NAGs, and the piece-letter language of a game.

use shakmaty::Role;

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

/// Every piece letter read, upper case, with the figurines of both colours.
pub(crate) const PIECE_LETTERS: &[(char, Letter)] = &[
    ('K', Letter::Any(Role::King)),
    ('Q', Letter::English(Role::Queen)),
    ('R', Letter::English(Role::Rook)),
    ('B', Letter::B),
    ('N', Letter::English(Role::Knight)),
    ('P', Letter::English(Role::Pawn)),
    ('D', Letter::Swedish(Role::Queen)),
    ('T', Letter::Swedish(Role::Rook)),
    ('L', Letter::Swedish(Role::Bishop)),
    ('S', Letter::Swedish(Role::Knight)),
    ('♔', Letter::Any(Role::King)),
    ('♕', Letter::Any(Role::Queen)),
    ('♖', Letter::Any(Role::Rook)),
    ('♗', Letter::Any(Role::Bishop)),
    ('♘', Letter::Any(Role::Knight)),
    ('♙', Letter::Any(Role::Pawn)),
    ('♚', Letter::Any(Role::King)),
    ('♛', Letter::Any(Role::Queen)),
    ('♜', Letter::Any(Role::Rook)),
    ('♝', Letter::Any(Role::Bishop)),
    ('♞', Letter::Any(Role::Knight)),
    ('♟', Letter::Any(Role::Pawn)),
];

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

/// [`PIECE_LETTERS`] indexed by ASCII code, for the fast path.
const ASCII_LETTERS: [Option<Letter>; 128] = {
    let mut table = [None; 128];
    let mut i = 0;
    while i < PIECE_LETTERS.len() {
        let (c, l) = PIECE_LETTERS[i];
        if (c as u32) < 128 {
            table[c as usize] = Some(l);
        }
        i += 1;
    }
    table
};

/// The letter for `c`, upper case or figurine.
pub(crate) fn piece_letter(c: char) -> Option<Letter> {
    match ASCII_LETTERS.get(c as usize) {
        Some(&l) => l,
        None => PIECE_LETTERS
            .iter()
            .find(|(l, _)| *l == c)
            .map(|&(_, letter)| letter),
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
        Role::Knight => Some(b'N'),
        Role::Bishop => Some(b'B'),
        Role::Rook => Some(b'R'),
        Role::Queen => Some(b'Q'),
        Role::King => Some(b'K'),
    }
}

/// The English name of a role, for messages.
pub(crate) fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
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
    fn symbols_and_glyphs() {
        assert_eq!(symbol_nag("±"), Some(16));
        assert_eq!(symbol_nag("+-"), Some(18));
        assert_eq!(symbol_nag("N"), Some(146));
        assert_eq!(symbol_nag("++"), None);
        assert_eq!(glyph_nag("?!"), Some(6));
        assert_eq!(glyph_nag("!!!"), None);
    }
}
