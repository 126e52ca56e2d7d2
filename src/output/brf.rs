//! BRF: a byte a cell in a braille table (North American braille ASCII, upper-case letters,
//! unless another is asked for), CR LF after every line, a form feed ending each page.

use std::io::{self, Write};

use super::{Renderer, tables};
use crate::braille::cell::Cell;
use crate::settings::BrfTable;

/// The BRF renderer, with its table.
pub struct Brf {
    /// The byte of each cell, by the cell's bits (its 64 entries four times over: a cell's
    /// bits index it as they are, with no mask and no bounds check).
    table: [u8; 256],
    /// The bytes made and not yet written: written some kilobytes at a time (a write a line
    /// cost more than the line's bytes), the rest at [`Renderer::finish`].
    held: Vec<u8>,
}

/// How many bytes [`Brf`] holds before it writes them.
const HELD: usize = super::WRITE_CHUNK;

impl Brf {
    pub fn new(table: BrfTable) -> Self {
        let bytes = tables::bytes(table);
        Brf {
            table: std::array::from_fn(|bits| bytes[bits % 64]),
            held: Vec::with_capacity(HELD + 256),
        }
    }

    /// Writes the bytes held when they are some kilobytes.
    fn write_if_full(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.held.len() >= HELD {
            out.write_all(&self.held)?;
            self.held.clear();
        }
        Ok(())
    }
}

impl Renderer for Brf {
    fn line(&mut self, out: &mut dyn Write, cells: &[Cell]) -> io::Result<()> {
        // Each cell a byte of the table, the line end after them.
        let table = &self.table;
        self.held
            .extend(cells.iter().map(|&c| table[usize::from(c.bits())]));
        self.held.extend_from_slice(b"\r\n");
        self.write_if_full(out)
    }

    fn end_page(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.held.push(b'\x0c');
        self.write_if_full(out)
    }

    fn finish(&mut self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(&self.held)?;
        self.held.clear();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every cell of a line is its table's byte (the renderer's table is the table's 64
    /// bytes four times over), and the line ends in CR LF.
    #[test]
    fn each_cell_is_its_byte_of_the_table() {
        let cells: Vec<Cell> = (0..64u8)
            .map(|bits| Cell::from_unicode(char::from_u32(0x2800 + u32::from(bits)).unwrap()))
            .map(Option::unwrap)
            .collect();
        for table in [BrfTable::Nabcc, BrfTable::SvCx] {
            let mut out = Vec::new();
            let mut brf = Brf::new(table);
            brf.line(&mut out, &cells).unwrap();
            brf.finish(&mut out).unwrap();
            let mut expected = tables::bytes(table).to_vec();
            expected.extend_from_slice(b"\r\n");
            assert_eq!(out, expected, "{table:?}");
        }
    }
}
