//! The pieces and their letters: the one table of which letter stands for which piece in
//! English and Swedish notation, and which figurines (rules.md §2, §6); and the piece letters
//! of every language read (`LANGUAGES`, issue 34).
//!
//! The PGN reader reads these letters (`chess::letters` derives its tables from this
//! one); the braille writers write the Swedish ones. Braille cells are the writers' business.

use shakmaty::Role;

use crate::settings::SourceNotation;

/// One kind of piece and how notation writes it.
#[derive(Copy, Clone, Debug)]
pub struct PieceLetters {
    pub role: Role,
    /// The English SAN letter (`K Q R B N P`).
    pub english: char,
    /// The Swedish letter (`K D T L S`: kung, dam, torn, löpare, springare; `B`, bonde, for the
    /// pawn, as in the book's diagrams and as figurines are written).
    pub swedish: char,
    /// The figurines, white and black.
    pub figurines: [char; 2],
    /// The English name, for messages.
    pub name: &'static str,
}

const fn piece(
    role: Role,
    english: char,
    swedish: char,
    figurines: [char; 2],
    name: &'static str,
) -> PieceLetters {
    PieceLetters {
        role,
        english,
        swedish,
        figurines,
        name,
    }
}

/// King, queen, rook, bishop, knight, pawn: the order of a diagram's piece list (book 5.1).
pub const PIECES: &[PieceLetters] = &[
    piece(Role::King, 'K', 'K', ['♔', '♚'], "king"),
    piece(Role::Queen, 'Q', 'D', ['♕', '♛'], "queen"),
    piece(Role::Rook, 'R', 'T', ['♖', '♜'], "rook"),
    piece(Role::Bishop, 'B', 'L', ['♗', '♝'], "bishop"),
    piece(Role::Knight, 'N', 'S', ['♘', '♞'], "knight"),
    piece(Role::Pawn, 'P', 'B', ['♙', '♟'], "pawn"),
];

/// A language's piece letters, as players of that language write moves (the Danish
/// article's table, `../shared/spec/algebraisk-notation-da.txt`, with Norwegian from FIDE's
/// rules in Norwegian and Swedish from the book): the one table the PGN reader, the moves of
/// prose and comments, and the docs read.
#[derive(Copy, Clone, Debug)]
pub struct Language {
    /// The setting that names it (`source_notation: fr`).
    pub notation: SourceNotation,
    /// Its name in English, for messages and docs.
    pub name: &'static str,
    /// The letters of king, queen, rook, bishop and knight.
    pub letters: [char; 5],
    /// The letter of a pawn, where the language has one in moves (English `P`, Swedish `B`).
    pub pawn: Option<char>,
}

/// The roles of [`Language::letters`], in order.
pub const LETTER_ROLES: [Role; 5] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
];

/// The letters of one column of [`PIECES`] (English or Swedish), in the order of
/// [`LETTER_ROLES`].
const fn column(swedish: bool) -> [char; 5] {
    let mut out = ['?'; 5];
    let mut i = 0;
    while i < 5 {
        let p = letters(LETTER_ROLES[i]);
        out[i] = if swedish { p.swedish } else { p.english };
        i += 1;
    }
    out
}

const fn language(
    notation: SourceNotation,
    name: &'static str,
    letters: [char; 5],
    pawn: Option<char>,
) -> Language {
    Language {
        notation,
        name,
        letters,
        pawn,
    }
}

/// Every language whose piece letters are read, in the Danish article's order (Norwegian and
/// Swedish last). English and Swedish are [`PIECES`]' own columns.
#[rustfmt::skip]
pub const LANGUAGES: &[Language] = &[
    language(SourceNotation::Da, "Danish",    ['K', 'D', 'T', 'L', 'S'], None),
    language(SourceNotation::En, "English",   column(false), Some(letters(Role::Pawn).english)),
    language(SourceNotation::Eo, "Esperanto", ['R', 'D', 'T', 'K', 'Ĉ'], None),
    language(SourceNotation::Fi, "Finnish",   ['K', 'D', 'T', 'L', 'R'], None),
    language(SourceNotation::Fr, "French",    ['R', 'D', 'T', 'F', 'C'], None),
    language(SourceNotation::Nl, "Dutch",     ['K', 'D', 'T', 'L', 'P'], None),
    language(SourceNotation::Is, "Icelandic", ['K', 'D', 'H', 'B', 'R'], None),
    language(SourceNotation::It, "Italian",   ['R', 'D', 'T', 'A', 'C'], None),
    language(SourceNotation::Pl, "Polish",    ['K', 'H', 'W', 'G', 'S'], None),
    language(SourceNotation::Ro, "Romanian",  ['R', 'D', 'T', 'N', 'C'], None),
    language(SourceNotation::Es, "Spanish",   ['R', 'D', 'T', 'A', 'C'], None),
    language(SourceNotation::Cs, "Czech",     ['K', 'D', 'V', 'S', 'J'], None),
    language(SourceNotation::De, "German",    ['K', 'D', 'T', 'L', 'S'], None),
    language(SourceNotation::No, "Norwegian", ['K', 'D', 'T', 'L', 'S'], None),
    language(SourceNotation::Sv, "Swedish",   column(true),  Some(letters(Role::Pawn).swedish)),
];

/// The language a setting names; `None` for `auto` and `iccf`.
pub fn language_of(notation: SourceNotation) -> Option<&'static Language> {
    LANGUAGES.iter().find(|l| l.notation == notation)
}

impl Language {
    /// The role of letter `c` (a capital) in this language.
    pub const fn role_of(&self, c: char) -> Option<Role> {
        let mut i = 0;
        while i < 5 {
            if self.letters[i] == c {
                return Some(LETTER_ROLES[i]);
            }
            i += 1;
        }
        match self.pawn {
            Some(p) if p == c => Some(Role::Pawn),
            _ => None,
        }
    }

    /// The ISO 639-1 code that names it (`fr`).
    pub fn code(&self) -> String {
        use clap::ValueEnum;
        self.notation
            .to_possible_value()
            .map(|v| v.get_name().to_owned())
            .unwrap_or_default()
    }

    /// The letters as the docs and hints list them: `R D T F C`.
    pub fn letter_list(&self) -> String {
        let mut s = String::new();
        for (i, c) in self.letters.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            s.push(*c);
        }
        s
    }
}

/// The piece letters of every language as a Markdown table, for `docs/options.md`.
pub fn languages_markdown() -> String {
    let mut s = String::from(
        "## Piece letters (`source_notation`)\n\n\
         Read in PGN movetext and in the moves of prose and comments; the braille always has \
         the Swedish book's letters. `auto` reads English or Swedish letters (each game its \
         own); `iccf` reads ICCF's numeric notation (`5254` for e2-e4).\n\n\
         | code | language | king | queen | rook | bishop | knight | pawn |\n\
         |---|---|---|---|---|---|---|---|\n",
    );
    for l in LANGUAGES {
        let [k, q, r, b, n] = l.letters;
        let pawn = l.pawn.map_or_else(|| "–".to_owned(), String::from);
        s.push_str(&format!(
            "| {} | {} | {k} | {q} | {r} | {b} | {n} | {pawn} |\n",
            l.code(),
            l.name
        ));
    }
    s
}

/// The letters of a role.
pub const fn letters(role: Role) -> &'static PieceLetters {
    let mut i = 0;
    while i < PIECES.len() {
        if PIECES[i].role as u8 == role as u8 {
            return &PIECES[i];
        }
        i += 1;
    }
    panic!("every role is in PIECES")
}

/// The role of a figurine of either colour.
pub const fn figurine_role(ch: char) -> Option<Role> {
    let mut i = 0;
    while i < PIECES.len() {
        let [white, black] = PIECES[i].figurines;
        if ch == white || ch == black {
            return Some(PIECES[i].role);
        }
        i += 1;
    }
    None
}

/// A piece's Swedish letter in moves (`K D T L S`): pawns have none.
pub const fn swedish_move_letter(role: Role) -> Option<char> {
    match role {
        Role::Pawn => None,
        _ => Some(letters(role).swedish),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn every_role_once_and_one_letter_per_language() {
        let roles: BTreeSet<u8> = PIECES.iter().map(|p| p.role as u8).collect();
        assert_eq!(roles.len(), 6);
        assert_eq!(PIECES.len(), 6);
        let english: String = PIECES.iter().map(|p| p.english).collect();
        let swedish: String = PIECES.iter().map(|p| p.swedish).collect();
        assert_eq!(english, "KQRBNP");
        assert_eq!(swedish, "KDTLSB");
        let figurines: BTreeSet<char> = PIECES.iter().flat_map(|p| p.figurines).collect();
        assert_eq!(figurines.len(), 12);
        for p in PIECES {
            assert_eq!(letters(p.role).role, p.role);
            for f in p.figurines {
                assert_eq!(figurine_role(f), Some(p.role));
            }
        }
        assert_eq!(figurine_role('K'), None);
        assert_eq!(swedish_move_letter(Role::Queen), Some('D'));
        // Every language once, its letters distinct; English and Swedish are the columns.
        let codes: BTreeSet<String> = LANGUAGES.iter().map(Language::code).collect();
        assert_eq!(codes.len(), 15);
        for l in LANGUAGES {
            let distinct: BTreeSet<char> = l.letters.iter().copied().chain(l.pawn).collect();
            assert_eq!(
                distinct.len(),
                5 + usize::from(l.pawn.is_some()),
                "{}",
                l.name
            );
            assert_eq!(language_of(l.notation).map(|m| m.name), Some(l.name));
        }
        let en = language_of(SourceNotation::En).map(Language::letter_list);
        let sv = language_of(SourceNotation::Sv).map(Language::letter_list);
        assert_eq!(en.as_deref(), Some("K Q R B N"));
        assert_eq!(sv.as_deref(), Some("K D T L S"));
        assert_eq!(language_of(SourceNotation::Auto).map(|l| l.name), None);
        assert_eq!(swedish_move_letter(Role::Pawn), None);
    }
}
