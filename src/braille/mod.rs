//! Braille: cells, the Swedish text rules, chess notation (ordinary and compact), comment signs,
//! diagrams, games and the prose of books, as [`Block`]s of cells with layout hints. Nothing
//! here knows the line width.

pub(crate) mod binary;
pub(crate) mod binding;
pub(crate) mod block;
pub(crate) mod book;
pub(crate) mod cell;
pub(crate) mod diagram;
pub(crate) mod game;
pub(crate) mod notation;
pub(crate) mod pieces;
pub(crate) mod signs;
pub(crate) mod tables;
pub(crate) mod text;

pub(crate) use block::{Block, Made, Origin, Paragraph, Seam, Word};
pub(crate) use cell::Cell;

/// The braille page number: the number under the text rules (number sign and digits, what
/// [`text::translate`] makes of the number's digits; a test compares the two). Given to the
/// layout as data (`layout::page::PageNumberCells`). (A bulletin's contents list asks for one
/// at every entry in every pass: the digits straight from their table, not through the text
/// rules.)
pub(crate) fn page_number(n: u32, out: &mut Vec<Cell>) {
    out.extend_from_slice(tables::NUMBER_SIGN);
    let digits = n.checked_ilog10().unwrap_or(0);
    for k in (0..=digits).rev() {
        out.push(tables::DIGITS[(n / 10u32.pow(k) % 10) as usize]);
    }
}

#[cfg(test)]
mod tests {
    /// A page number's cells are the number's translated by the text rules.
    #[test]
    fn page_numbers_read_as_the_text_rules_write_numbers() {
        let numbers = (0..=12_000).chain([99_999, 100_000, 1_000_000, u32::MAX - 1, u32::MAX]);
        for n in numbers {
            let (mut want, mut unmapped) = (Vec::new(), Vec::new());
            super::text::translate(&n.to_string(), &mut want, &mut unmapped);
            let mut cells = vec![super::Cell::BLANK];
            super::page_number(n, &mut cells);
            assert_eq!(cells[1..], want[..], "{n}");
            assert!(unmapped.is_empty());
        }
    }
}
