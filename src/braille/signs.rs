//! The comment signs of the book's section 3.1 (rules.md §5) and the PGN NAGs they stand for.
//!
//! One table holds every sign: its meaning, cells, NAG numbers and placement. Nothing else in
//! the program knows which NAG is written how.

use super::cell::Cell;
#[cfg(test)]
use super::cell::Cells;

/// Where a sign stands relative to its move.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Placement {
    /// Right after the move (`Lb5+!`).
    Attached,
    /// After a blank, kept on the move's line (`Lb5+ ⠲⠌⠶`).
    AfterBlank,
}

/// The most cells a sign has.
const MAX_CELLS: usize = 5;

/// One comment sign.
#[derive(Copy, Clone, Debug)]
pub struct Sign {
    /// What the sign means, in English: for people reading the table, and for the tests'
    /// messages; the program itself writes cells, never this.
    #[cfg_attr(not(test), allow(dead_code))]
    pub meaning: &'static str,
    /// The print characters (not ASCII) that stand for this sign in running text: a comment
    /// that holds one gets the sign's cells for it (rules.md §5, "print"). The text table reads
    /// them from here ([`for_glyph`]). ASCII forms (`+/-`, `=`) come out right from the text
    /// rules, and so do `→ ∞ ×`, which are text symbols (rules.md §7) with the same cells; the
    /// quotation marks `« »` stay quotation marks.
    pub glyphs: &'static [char],
    /// The cells, decoded at compile time from the Unicode braille of the table.
    cells: [Cell; MAX_CELLS],
    len: usize,
    /// The PGN NAG numbers written with this sign ($238-$246 are ChessBase extensions).
    pub nags: &'static [u8],
    pub placement: Placement,
}

use Placement::{AfterBlank, Attached};

/// Six-dot Unicode braille decoded at compile time (a table with anything else does not
/// compile).
const fn decode(braille: &str) -> ([Cell; MAX_CELLS], usize) {
    let b = braille.as_bytes();
    assert!(
        b.len().is_multiple_of(3) && b.len() / 3 <= MAX_CELLS,
        "a sign is 1 to 5 braille cells"
    );
    let mut cells = [Cell::BLANK; MAX_CELLS];
    let mut i = 0;
    while i < b.len() {
        // U+2800..U+283F is E2 A0 80..E2 A0 BF in UTF-8.
        assert!(
            b[i] == 0xE2 && b[i + 1] == 0xA0 && b[i + 2] & 0xC0 == 0x80,
            "six-dot braille only"
        );
        cells[i / 3] = match Cell::from_bits(b[i + 2] & 0x3F) {
            Some(c) => c,
            None => panic!("six-dot braille only"),
        };
        i += 3;
    }
    (cells, b.len() / 3)
}

const fn sign(
    meaning: &'static str,
    glyphs: &'static [char],
    braille: &'static str,
    nags: &'static [u8],
    placement: Placement,
) -> Sign {
    let (cells, len) = decode(braille);
    Sign {
        meaning,
        glyphs,
        cells,
        len,
        nags,
        placement,
    }
}

/// The signs of rules.md §5, in the book's order. Signs that the notation itself writes
/// (check, mate, capture, en passant, the from-to dash, omitted moves) are listed for
/// completeness with no NAG.
pub const SIGNS: &[Sign] = &[
    sign("double check", &[], "⠲⠲", &[], Attached),
    sign("en passant", &[], "⠑⠄⠏⠄", &[], Attached),
    sign("en passant (short form)", &[], "⠑⠏", &[], Attached),
    sign("good move", &[], "⠖", &[1], Attached),
    sign("mistake", &[], "⠢", &[2], Attached),
    sign("very good move", &[], "⠖⠖", &[3], Attached),
    sign("blunder", &[], "⠢⠢", &[4], Attached),
    sign("interesting move", &[], "⠖⠢", &[5], Attached),
    sign("dubious move", &[], "⠢⠖", &[6], Attached),
    sign("from-to dash", &[], "⠤", &[], Attached),
    sign("mate", &['‡'], "⠘⠼", &[], Attached),
    // (PGN has no NAG for it: inside the program it is the null annotation's, 0.)
    sign(
        "draw offer",
        &[],
        "⠦⠶⠴",
        &[crate::chess::game::DRAW_OFFER_NAG],
        Attached,
    ),
    sign("novelty", &[], "⠦⠝⠴", &[146], Attached),
    sign("check", &['†'], "⠲", &[], Attached),
    sign("captures", &[], "⠭", &[], Attached),
    sign("better is", &['⌓'], "⠻⠃⠒", &[142], AfterBlank),
    sign(
        "centre",
        &['⊞'],
        "⠻⠉⠑",
        &[48, 49, 50, 51, 52, 53, 241],
        AfterBlank,
    ),
    sign("diagonal", &['⇗'], "⠻⠌", &[240], AfterBlank),
    sign("zugzwang", &['⨀'], "⠻⠙⠞", &[22, 23], AfterBlank),
    sign("endgame", &['⊥'], "⠻⠎⠎", &[245], AfterBlank),
    sign("file", &['⇔'], "⠻⠿", &[239], AfterBlank),
    sign("with attack", &[], "⠒⠕", &[40, 41], AfterBlank),
    // $20/$21 (crushing advantage) have no sign of their own: written as winning.
    sign("black is winning", &[], "⠤⠲", &[19, 21], AfterBlank),
    sign("white is winning", &[], "⠲⠤", &[18, 20], AfterBlank),
    sign("with the idea", &['∆'], "⠻⠲", &[140], AfterBlank),
    sign(
        "with initiative",
        &['↑'],
        "⠻⠊⠝",
        &[36, 37, 38, 39],
        AfterBlank,
    ),
    sign("black is clearly better", &['∓'], "⠤⠌⠲", &[17], AfterBlank),
    sign("white is clearly better", &['±'], "⠲⠌⠤", &[16], AfterBlank),
    sign("with compensation", &[], "⠶⠌⠼⠿", &[44, 45], AfterBlank),
    sign("equal position", &[], "⠶", &[10, 11, 12], AfterBlank),
    sign("black is slightly better", &['⩱'], "⠶⠌⠲", &[15], AfterBlank),
    sign("white is slightly better", &['⩲'], "⠲⠌⠶", &[14], AfterBlank),
    sign("bishop pair", &[], "⠻⠇⠇", &[246], AfterBlank),
    sign("with counterplay", &['⇆'], "⠪⠒⠌⠒⠕", &[132, 133], AfterBlank),
    sign("unclear", &[], "⠼⠿", &[13], AfterBlank),
    sign(
        "space advantage",
        &['○'],
        "⠻⠞⠋",
        &[24, 25, 26, 27, 28, 29, 238],
        AfterBlank,
    ),
    sign(
        "on the queenside",
        &['⟪'],
        "⠻⠙⠋",
        &[60, 61, 62, 63, 64, 65, 243],
        AfterBlank,
    ),
    sign(
        "on the kingside",
        &['⟫'],
        "⠻⠅⠋",
        &[54, 55, 56, 57, 58, 59, 242],
        AfterBlank,
    ),
    sign("weakness", &['✕'], "⠻⠭", &[244], AfterBlank),
    sign("omitted move", &[], "⠤⠤", &[], AfterBlank),
    sign("omitted move (no blanks)", &[], "⠄⠄⠄", &[], Attached),
    sign(
        "development advantage",
        &['⟳'],
        "⠻⠥⠋",
        &[30, 31, 32, 33, 34, 35],
        AfterBlank,
    ),
];

/// The sign for a NAG, if the book has one.
pub fn for_nag(nag: u8) -> Option<&'static Sign> {
    SIGNS.iter().find(|s| s.nags.contains(&nag))
}

/// Whether a NAG is one of PGN's move assessments (`!`, `?`, `!!`, `??`, `!?`, `?!`: $1–$6). A
/// move takes one: their signs are made of the same two cells and run together into another
/// (`!` and `!` would read as `!!`).
pub fn is_move_assessment(nag: u8) -> bool {
    (1..=6).contains(&nag)
}

/// Why a NAG of a move is not written in ordinary notation, given the NAGs of that move
/// written before it: one place for the rule that the writer follows and a build that checks
/// itself expects ([`nag_refused`]).
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Refusal {
    /// The book has no sign for it.
    NoSign,
    /// The move has it already.
    Twice,
    /// The move has a move assessment already (this NAG's number), and a move takes one.
    SecondAssessment(u8),
}

/// Whether NAG `n` of a move is written after the NAGs `written` before it, or why not.
pub fn nag_refused(n: u8, written: impl Iterator<Item = u8> + Clone) -> Option<Refusal> {
    if for_nag(n).is_none() {
        return Some(Refusal::NoSign);
    }
    if written.clone().any(|m| m == n) {
        return Some(Refusal::Twice);
    }
    written
        .into_iter()
        .find(|&m| is_move_assessment(n) && is_move_assessment(m))
        .map(Refusal::SecondAssessment)
}

/// The sign a print character stands for in running text (see [`Sign::glyphs`]).
pub fn for_glyph(ch: char) -> Option<&'static Sign> {
    SIGNS.iter().find(|s| s.glyphs.contains(&ch))
}

/// The sign with a NAG whose cells are `word`, placed so (a word of its own after a move,
/// `⠲⠌⠶`; a sign in brackets, `⠦⠝⠴`); for reading back.
pub fn with_cells(word: &[Cell], placement: Placement) -> Option<&'static Sign> {
    SIGNS
        .iter()
        .find(|s| s.placement == placement && !s.nags.is_empty() && s.cells() == word)
}

/// The sign with a NAG written right after a move that ends `word` (`⠑⠼⠙⠖⠖`: `!!`), the
/// longest; for reading back.
pub fn attached_at_end(word: &[Cell]) -> Option<&'static Sign> {
    SIGNS
        .iter()
        .filter(|s| s.placement == Attached && !s.nags.is_empty())
        .filter(|s| word.len() > s.len && word.ends_with(s.cells()))
        .max_by_key(|s| s.len)
}

impl Sign {
    /// The sign's cells.
    pub const fn cells(&self) -> &[Cell] {
        self.cells.split_at(self.len).0
    }

    /// The sign's cells, as a vector.
    #[cfg(test)]
    pub fn to_cells(self) -> Cells {
        self.cells().to_vec()
    }

    /// Appends the sign's cells.
    pub fn push_cells(&self, out: &mut Vec<Cell>) {
        out.extend_from_slice(self.cells());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::cell::to_unicode_string;

    #[test]
    fn every_sign_has_cells_and_the_table_reads_back() {
        for s in SIGNS {
            assert!(!s.cells().is_empty(), "{}", s.meaning);
            assert!(
                s.cells[s.len..].iter().all(|c| c.is_blank()),
                "{}",
                s.meaning
            );
        }
        let by_meaning = |m: &str| SIGNS.iter().find(|s| s.meaning == m).map(|s| s.to_cells());
        let cells = |u: &str| crate::braille::cell::from_unicode_str(u);
        assert_eq!(by_meaning("with counterplay"), cells("⠪⠒⠌⠒⠕"));
        assert_eq!(by_meaning("mate"), cells("⠘⠼"));
        assert_eq!(by_meaning("omitted move (no blanks)"), cells("⠄⠄⠄"));
        assert_eq!(by_meaning("double check"), cells("⠲⠲"));
    }

    #[test]
    fn no_glyph_has_two_signs_and_glyphs_are_not_ascii() {
        let mut seen = std::collections::BTreeSet::new();
        for s in SIGNS {
            for &g in s.glyphs {
                assert!(!g.is_ascii(), "{g}");
                assert!(seen.insert(g), "{g} stands for two signs");
            }
        }
        assert_eq!(for_glyph('±').map(|s| s.nags), Some(&[16u8][..]));
        assert_eq!(for_glyph('‡').map(|s| s.meaning), Some("mate"));
        assert!(for_glyph('«').is_none());
    }

    #[test]
    fn no_nag_has_two_signs() {
        for nag in 0..=255u8 {
            assert!(
                SIGNS.iter().filter(|s| s.nags.contains(&nag)).count() <= 1,
                "${nag}"
            );
        }
    }

    #[test]
    fn nag_signs_per_rules() {
        let cells = |n| for_nag(n).map(|s| to_unicode_string(&s.to_cells()));
        let place = |n| for_nag(n).map(|s| s.placement);
        assert_eq!(cells(1).as_deref(), Some("⠖"));
        assert_eq!(cells(2).as_deref(), Some("⠢"));
        assert_eq!(cells(3).as_deref(), Some("⠖⠖"));
        assert_eq!(cells(4).as_deref(), Some("⠢⠢"));
        assert_eq!(cells(5).as_deref(), Some("⠖⠢"));
        assert_eq!(cells(6).as_deref(), Some("⠢⠖"));
        assert_eq!(cells(146).as_deref(), Some("⠦⠝⠴"));
        assert_eq!(place(146), Some(Placement::Attached));
        assert_eq!(cells(14).as_deref(), Some("⠲⠌⠶"));
        assert_eq!(cells(15).as_deref(), Some("⠶⠌⠲"));
        assert_eq!(cells(16).as_deref(), Some("⠲⠌⠤"));
        assert_eq!(cells(17).as_deref(), Some("⠤⠌⠲"));
        assert_eq!(cells(18).as_deref(), Some("⠲⠤"));
        assert_eq!(cells(19).as_deref(), Some("⠤⠲"));
        assert_eq!(cells(13).as_deref(), Some("⠼⠿"));
        assert_eq!(cells(10).as_deref(), Some("⠶"));
        assert_eq!(cells(44).as_deref(), Some("⠶⠌⠼⠿"));
        assert_eq!(cells(132).as_deref(), Some("⠪⠒⠌⠒⠕"));
        assert_eq!(cells(142).as_deref(), Some("⠻⠃⠒"));
        assert_eq!(cells(22).as_deref(), Some("⠻⠙⠞"));
        assert_eq!(cells(36).as_deref(), Some("⠻⠊⠝"));
        assert_eq!(cells(40).as_deref(), Some("⠒⠕"));
        assert_eq!(cells(140).as_deref(), Some("⠻⠲"));
        assert_eq!(cells(238).as_deref(), Some("⠻⠞⠋"));
        assert_eq!(cells(239).as_deref(), Some("⠻⠿"));
        assert_eq!(cells(240).as_deref(), Some("⠻⠌"));
        assert_eq!(cells(241).as_deref(), Some("⠻⠉⠑"));
        assert_eq!(cells(242).as_deref(), Some("⠻⠅⠋"));
        assert_eq!(cells(243).as_deref(), Some("⠻⠙⠋"));
        assert_eq!(cells(244).as_deref(), Some("⠻⠭"));
        assert_eq!(cells(245).as_deref(), Some("⠻⠎⠎"));
        assert_eq!(cells(246).as_deref(), Some("⠻⠇⠇"));
        assert_eq!(cells(30).as_deref(), Some("⠻⠥⠋"));
        assert_eq!(place(14), Some(Placement::AfterBlank));
        assert_eq!(place(1), Some(Placement::Attached));
        assert!(for_nag(7).is_none());
        // (0, PGN's null annotation, carries the draw offer inside the program.)
        assert_eq!(cells(0).as_deref(), Some("⠦⠶⠴"));
        assert_eq!(place(0), Some(Placement::Attached));
    }
}
