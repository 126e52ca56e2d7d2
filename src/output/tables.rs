//! The braille tables of BRF output: which character stands for each of the 64 cells. Each
//! table is a file of its own in `tables/` (a row a cell, its source named in the file's head),
//! read here; its characters are written one byte each (ASCII for `nabcc`, ISO-8859-1 for
//! `sv-cx`: every character of a table is below U+0100).

use std::sync::OnceLock;

use crate::settings::BrfTable;

/// Each table and its file.
const FILES: &[(BrfTable, &str)] = &[
    (BrfTable::Nabcc, include_str!("../../tables/nabcc.tsv")),
    (BrfTable::SvCx, include_str!("../../tables/sv-cx.tsv")),
];

/// The byte a table writes for each cell, indexed by the cell's dot bits.
pub(crate) fn bytes(table: BrfTable) -> &'static [u8; 64] {
    static NABCC: OnceLock<[u8; 64]> = OnceLock::new();
    static SV_CX: OnceLock<[u8; 64]> = OnceLock::new();
    let cell = match table {
        BrfTable::Nabcc => &NABCC,
        BrfTable::SvCx => &SV_CX,
    };
    cell.get_or_init(|| {
        let text = FILES.iter().find(|(t, _)| *t == table).map_or("", |f| f.1);
        parse(text).unwrap_or([b'?'; 64])
    })
}

/// A table file: `cell TAB dots TAB U+XXXX TAB character` a row, `#` lines comments. `None`
/// unless every cell is there once, with a character below U+0100 (one byte).
fn parse(text: &str) -> Option<[u8; 64]> {
    let mut out = [0u8; 64];
    let mut seen = [false; 64];
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let mut fields = line.split('\t');
        let cell = fields.next()?.chars().next()?;
        let bits = u32::from(cell).checked_sub(0x2800).filter(|b| *b < 64)? as usize;
        let _dots = fields.next()?;
        let code = u32::from_str_radix(fields.next()?.strip_prefix("U+")?, 16).ok()?;
        if seen[bits] {
            return None;
        }
        seen[bits] = true;
        out[bits] = u8::try_from(code).ok()?;
    }
    seen.iter().all(|s| *s).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::cell::Cell;

    /// The byte `t` gives a cell.
    fn byte(t: &[u8; 64], c: Cell) -> u8 {
        t[usize::from(c.bits())]
    }

    #[test]
    fn every_table_file_maps_every_cell_once() {
        for (table, text) in FILES {
            let bytes = parse(text);
            assert!(bytes.is_some(), "{table:?}");
            // Each row's character is the one its code point names.
            for line in text.lines().filter(|l| !l.starts_with('#')) {
                let f: Vec<&str> = line.split('\t').collect();
                let code = u32::from_str_radix(&f[2][2..], 16).ok();
                assert_eq!(f[3].chars().next().map(u32::from), code, "{line}");
            }
            // No two cells share a character.
            let mut sorted = bytes.unwrap_or([0; 64]).to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(sorted.len(), 64, "{table:?}");
        }
    }

    #[test]
    fn nabcc_is_north_american_braille_ascii() {
        let t = bytes(BrfTable::Nabcc);
        // Letters a..z are the standard braille letters, upper case.
        for (c, l) in "⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵".chars().zip(b'A'..=b'Z')
        {
            assert_eq!(Cell::from_unicode(c).map(|c| byte(t, c)), Some(l));
        }
        assert_eq!(byte(t, Cell::dots("3456")), b'#');
        assert_eq!(byte(t, Cell::dots("6")), b',');
        assert_eq!(byte(t, Cell::dots("256")), b'4');
        assert_eq!(byte(t, Cell::dots("123456")), b'=');
        assert_eq!(byte(t, Cell::BLANK), b' ');
        assert!(t.iter().all(|b| (0x20..0x7f).contains(b)));
    }

    #[test]
    fn sv_cx_is_the_swedish_table_in_latin_1() {
        let t = bytes(BrfTable::SvCx);
        assert_eq!(byte(t, Cell::dots("1")), b'a');
        assert_eq!(byte(t, Cell::dots("16")), 0xE5); // å
        assert_eq!(byte(t, Cell::dots("345")), 0xE4); // ä
        assert_eq!(byte(t, Cell::dots("246")), 0xF6); // ö
        assert_eq!(byte(t, Cell::dots("3456")), b'#');
        assert_eq!(byte(t, Cell::dots("6")), b'_');
    }
}
