//! Tables as data: piece letters as the reader reads them (`auto`'s English, Swedish and
//! figurines from [`PIECES`]; a named language's from [`LANGUAGES`]), the annotation symbols
//! read as NAGs, the piece-letter language of a game, and the moves of prose in another
//! language's letters made Swedish.

use shakmaty::Role;

use super::pieces::{LANGUAGES, Language, PIECES, figurine_role, letters};
use crate::settings::SourceNotation;

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
    ("–/+", 17),
    ("+/–", 16),
    ("—/+", 17),
    ("+/—", 16),
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

/// How one game's piece letters are read: as `auto` reads them (English or Swedish, the
/// game's letters deciding), or in one named language, whose letters then decide alone
/// (Finnish `R` is a knight, English `R` a rook). Figurines are read in both.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Reading {
    /// The letters by ASCII code.
    ascii: &'static [Option<Letter>; 128],
    /// The language named; `None` for `auto` and `iccf`.
    pub language: Option<&'static Language>,
    /// ICCF numeric notation named: a word of four or five digits is a move.
    pub iccf: bool,
}

impl Default for Reading {
    fn default() -> Self {
        Reading::of(SourceNotation::Auto)
    }
}

/// A named language's letters by ASCII code: each is [`Letter::Any`] of its role.
const fn named_table(l: &Language) -> [Option<Letter>; 128] {
    let mut table = [None; 128];
    let mut i = 0;
    while i < 128 {
        let c = i as u8 as char;
        if let Some(role) = l.role_of(c) {
            table[i] = Some(Letter::Any(role));
        }
        i += 1;
    }
    table
}

/// [`named_table`] of every language in [`LANGUAGES`], in its order.
const NAMED_TABLES: [[Option<Letter>; 128]; LANGUAGES.len()] = {
    let mut tables = [[None; 128]; LANGUAGES.len()];
    let mut i = 0;
    while i < LANGUAGES.len() {
        tables[i] = named_table(&LANGUAGES[i]);
        i += 1;
    }
    tables
};

impl Reading {
    /// How the setting `notation` reads letters.
    pub(crate) fn of(notation: SourceNotation) -> Reading {
        match LANGUAGES.iter().position(|l| l.notation == notation) {
            // English named: its letters as `auto` reads them, Swedish ones left out.
            Some(i) if LANGUAGES[i].notation == SourceNotation::En => Reading {
                ascii: &ENGLISH_LETTERS,
                language: Some(&LANGUAGES[i]),
                iccf: false,
            },
            Some(i) => Reading {
                ascii: &NAMED_TABLES[i],
                language: Some(&LANGUAGES[i]),
                iccf: false,
            },
            None => Reading {
                ascii: &ASCII_LETTERS,
                language: None,
                iccf: notation == SourceNotation::Iccf,
            },
        }
    }

    /// The letter for `c`, upper case or figurine.
    #[inline]
    pub(crate) fn letter(&self, c: char) -> Option<Letter> {
        match self.ascii.get(c as usize) {
            Some(&l) => l,
            None => match self.language {
                None => classify(c),
                Some(l) => match figurine_role(c) {
                    Some(role) => Some(Letter::Any(role)),
                    None if l.notation == SourceNotation::En => None,
                    None => l.role_of(c).map(Letter::Any),
                },
            },
        }
    }

    /// The hint of a word that is no move in `auto` (English and Swedish letters).
    pub(crate) fn auto_hint() -> String {
        format!(
            "a move is written like e4, Nf3, exd5, Ng1-f3, e8=Q or O-O; Swedish piece letters {} \
             and figurines are read too",
            letter_list(SourceNotation::Sv)
        )
    }

    /// Whether pgn-reader may read the source's moves as written: not in a named language
    /// other than English, whose letters it does not know.
    pub(crate) fn english_letters(&self) -> bool {
        self.language
            .is_none_or(|l| l.notation == SourceNotation::En)
    }

    /// The hint of a word that is no move in a named language, naming its letters.
    pub(crate) fn move_hint(&self) -> Option<String> {
        let l = self.language?;
        Some(format!(
            "a move is written like e4, {}f3, exd5 or O-O; in {} notation (source_notation: {}) \
             the piece letters are {} (king, queen, rook, bishop, knight)",
            l.letters[4],
            l.name,
            l.code(),
            l.letter_list()
        ))
    }

    /// With `auto`: the hint of a word that starts with `c`, a capital that English and
    /// Swedish do not read but other languages do (`Cf3`), for the languages that read the
    /// word as a move (`reads`): which, and how to name one.
    pub(crate) fn other_languages_hint(
        &self,
        c: char,
        reads: impl Fn(Reading) -> bool,
    ) -> Option<String> {
        if self.language.is_some() || piece_letter(c).is_some() {
            return None;
        }
        let mut found: Vec<(Role, Vec<&Language>)> = Vec::new();
        for l in LANGUAGES {
            if let Some(role) = l.role_of(c)
                && reads(Reading::of(l.notation))
            {
                match found.iter_mut().find(|(r, _)| *r == role) {
                    Some((_, ls)) => ls.push(l),
                    None => found.push((role, vec![l])),
                }
            }
        }
        let first = found.first()?.1.first()?.code();
        let said: Vec<String> = found
            .iter()
            .map(|(role, ls)| {
                let names: Vec<String> = ls
                    .iter()
                    .map(|l| format!("{} ({})", l.name, l.code()))
                    .collect();
                format!("a {} in {}", letters(*role).name, names.join(", "))
            })
            .collect();
        Some(format!(
            "'{c}' is no English or Swedish piece letter; it is {}: name the notation, e.g. \
             --source-notation {first} (source_notation: {first} in the front matter)",
            said.join("; ")
        ))
    }
}

/// The English letters as `auto` reads them ([`ASCII_LETTERS`] without the Swedish ones):
/// what `source_notation: en` reads.
const ENGLISH_LETTERS: [Option<Letter>; 128] = {
    let mut table = ASCII_LETTERS;
    let mut i = 0;
    while i < 128 {
        if let Some(Letter::Swedish(_)) = table[i] {
            table[i] = None;
        }
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

/// The letters of a language as hints list them (`K D T L S`).
fn letter_list(notation: SourceNotation) -> String {
    super::pieces::language_of(notation).map_or_else(String::new, Language::letter_list)
}

/// The hint of a game that mixes English and Swedish letters.
pub(crate) fn one_language_hint() -> String {
    format!(
        "use one language for the piece letters of a game: English {}, or Swedish {} (B for a \
         pawn)",
        letter_list(SourceNotation::En),
        letter_list(SourceNotation::Sv)
    )
}

/// The hint of a move word whose piece letter is not a capital.
pub(crate) fn capitals_hint() -> String {
    format!(
        "piece letters are capitals: {} (English) or {} (Swedish)",
        letter_list(SourceNotation::En),
        letter_list(SourceNotation::Sv)
    )
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

/// The language whose piece letters the moves of prose and comments have, when they must be
/// changed to get the Swedish book's letters: `None` for `auto` (each game decides: see
/// [`prose_letters_of_game`]), `iccf`, and for languages whose letters are the Swedish ones
/// (Danish, German, Norwegian, Swedish: prose is transcribed as written).
pub(crate) fn prose_letters(notation: SourceNotation) -> Option<&'static Language> {
    let swedish = super::pieces::language_of(SourceNotation::Sv)?;
    super::pieces::language_of(notation).filter(|l| l.letters != swedish.letters)
}

/// The language of the moves in a game's comments under `auto`: English when the game's
/// moves have English letters.
pub(crate) fn prose_letters_of_game(english_moves: bool) -> Option<&'static Language> {
    match english_moves {
        true => super::pieces::language_of(SourceNotation::En),
        false => None,
    }
}

/// The Swedish letter of a piece written with letter `c` of `lang` (`N` → `S` in English,
/// `C` → `S` in French); `None` for a letter that is no piece letter of `lang` (pawns have
/// none in a move).
fn swedish_for(lang: &Language, c: char) -> Option<char> {
    match lang.role_of(c)? {
        Role::Pawn => None,
        role => Some(letters(role).swedish),
    }
}

/// Where a word shaped like a move, starting at `i`, ends, and the place of its piece letter
/// in `lang`: `Nf3`, `Rxe1+`, `Nbd7`, `R1e2!`, `exd8=Q#`, `d8Q` (FIDE's promotion without
/// `=`): the end, the letter's start and its length in bytes.
fn move_word(text: &str, i: usize, lang: &Language) -> Option<(usize, usize, usize)> {
    let b = text.as_bytes();
    let square = |k: usize| {
        b.get(k).is_some_and(|c| (b'a'..=b'h').contains(c))
            && b.get(k + 1).is_some_and(|c| (b'1'..=b'8').contains(c))
    };
    // The piece letter at `k` and its length.
    let piece = |k: usize| -> Option<usize> {
        let c = text.get(k..)?.chars().next()?;
        swedish_for(lang, c).map(|_| c.len_utf8())
    };
    let (end, letter, len) = if let Some(len) = piece(i) {
        // The piece letter, then `[a-h]?[1-8]?x?` and the target square, the square last.
        let k = i + len;
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
        (rest_end, i, len)
    } else {
        // A pawn promotion: `e8=Q`, `exd8=Q`, `d8Q`.
        let mut k = i;
        if b.get(k + 1) == Some(&b'x') {
            if !b.get(k).is_some_and(|c| (b'a'..=b'h').contains(c)) {
                return None;
            }
            k += 2;
        }
        if !square(k) || !matches!(b.get(k + 1), Some(b'1' | b'8')) {
            return None;
        }
        let at = k + 2 + usize::from(b.get(k + 2) == Some(&b'='));
        let len = piece(at)?;
        (at + len, at, len)
    };
    let end = end + b[end..].iter().take_while(|c| b"+#!?".contains(c)).count();
    if b.get(end).is_some_and(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    Some((end, letter, len))
}

/// Prose with Swedish piece letters ([`moves_to_swedish`]), and where it is shorter than its
/// source: a letter of two bytes (Esperanto `Ĉ`) becomes one.
#[derive(Debug)]
pub(crate) struct SwedishMoves<'t> {
    pub text: std::borrow::Cow<'t, str>,
    /// The offsets in `text` from which the source is one byte longer, each once a letter.
    shorter_from: Vec<usize>,
}

impl SwedishMoves<'_> {
    /// The text as it was, unchanged.
    pub(crate) fn unchanged(text: &str) -> SwedishMoves<'_> {
        SwedishMoves {
            text: std::borrow::Cow::Borrowed(text),
            shorter_from: Vec::new(),
        }
    }

    /// The offset in the source of byte `offset` of [`SwedishMoves::text`].
    pub(crate) fn source_offset(&self, offset: usize) -> usize {
        offset
            + self
                .shorter_from
                .iter()
                .take_while(|&&s| s <= offset)
                .count()
    }
}

/// Prose whose moves are written with the piece letters of `lang`, with Swedish ones (`Nf3` →
/// `Sf3` in English, `Cf3` → `Sf3` in French, `Qxf7#` → `Dxf7#`, `exd8=Q` → `exd8=D`), for
/// books written in another language's notation. Only words shaped like a move change, one
/// letter for another; places stay, but for a letter of two bytes (Esperanto `Ĉ`), which the
/// result's [`SwedishMoves::source_offset`] accounts for.
pub(crate) fn moves_to_swedish<'t>(text: &'t str, lang: &Language) -> SwedishMoves<'t> {
    let b = text.as_bytes();
    let mut changes = Vec::new();
    let mut i = 0;
    while i < b.len() {
        // A move starts a word, or follows its number (`12.Nf3`, `7…Qd8`), a bracket or a
        // dash: anything but a letter or digit.
        let starts = i == 0
            || match b[i - 1] {
                c if c < 0x80 => !c.is_ascii_alphanumeric(),
                _ => text
                    .get(..i)
                    .and_then(|t| t.chars().next_back())
                    .is_some_and(|c| !c.is_alphanumeric()),
            };
        match move_word(text, i, lang).filter(|_| starts) {
            Some((end, letter, len)) => {
                changes.push((letter, len));
                i = end;
            }
            None => i += 1,
        }
    }
    if changes.is_empty() {
        return SwedishMoves::unchanged(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut shorter_from = Vec::new();
    let mut from = 0;
    for (at, len) in changes {
        let (Some(before), Some(letter)) = (text.get(from..at), text.get(at..at + len)) else {
            return SwedishMoves::unchanged(text);
        };
        out.push_str(before);
        match letter.chars().next().and_then(|c| swedish_for(lang, c)) {
            Some(s) => {
                out.push(s);
                for _ in s.len_utf8()..len {
                    shorter_from.push(out.len());
                }
            }
            None => out.push_str(letter),
        }
        from = at + len;
    }
    out.push_str(text.get(from..).unwrap_or_default());
    SwedishMoves {
        text: std::borrow::Cow::Owned(out),
        shorter_from,
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
        let en = crate::chess::pieces::language_of(SourceNotation::En).expect("English");
        for (english, swedish) in cases {
            assert_eq!(moves_to_swedish(english, en).text, swedish, "{english}");
        }
        // Other languages; FIDE's promotion without `=`.
        let lang = |n| crate::chess::pieces::language_of(n).expect("a language");
        let fr = moves_to_swedish("1. Cf3 Cc6 2. Fb5 Rxe2 e8D (Cf3)", lang(SourceNotation::Fr));
        assert_eq!(fr.text, "1. Sf3 Sc6 2. Lb5 Kxe2 e8D (Sf3)");
        let cs = moves_to_swedish("Jf3 Sb5 Vd1", lang(SourceNotation::Cs));
        assert_eq!(cs.text, "Sf3 Lb5 Td1");
        // Esperanto's knight takes two bytes: places after it are one byte further on.
        let eo = moves_to_swedish("Ĉf3 Kb5 ☃ Ĉc3", lang(SourceNotation::Eo));
        assert_eq!(eo.text, "Sf3 Lb5 ☃ Sc3");
        assert_eq!(eo.source_offset(0), 0);
        assert_eq!(eo.source_offset(1), 2);
        assert_eq!(eo.source_offset(8), 9);
        assert_eq!(eo.source_offset(13), 15);
        // Languages with the Swedish letters are transcribed as written.
        assert!(prose_letters(SourceNotation::De).is_none());
        assert!(prose_letters(SourceNotation::Sv).is_none());
        assert!(prose_letters(SourceNotation::Auto).is_none());
        assert_eq!(
            prose_letters(SourceNotation::Nl).map(|l| l.name),
            Some("Dutch")
        );
    }
}
