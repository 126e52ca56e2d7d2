//! BRF: a byte a cell in a braille table (North American braille ASCII, upper-case letters,
//! unless another is asked for), CR LF after every line, a form feed ending each page.

use std::io::{self, Write};

use super::{Renderer, tables};
use crate::braille::cell::Cell;
use crate::settings::BrfTable;

/// The BRF renderer, with its table.
pub struct Brf {
    table: &'static [u8; 64],
    /// A line's bytes, made here and written at once (the buffer kept from line to line).
    line: Vec<u8>,
}

impl Brf {
    pub fn new(table: BrfTable) -> Self {
        Brf {
            table: tables::bytes(table),
            line: Vec::new(),
        }
    }
}

impl Renderer for Brf {
    fn line(&mut self, out: &mut dyn Write, cells: &[Cell]) -> io::Result<()> {
        // One write a line, its line end with it: each cell a byte of the table.
        let table = self.table;
        self.line.clear();
        self.line
            .extend(cells.iter().map(|&c| tables::byte(table, c)));
        self.line.extend_from_slice(b"\r\n");
        out.write_all(&self.line)
    }

    fn end_page(&mut self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(b"\x0c")
    }
}
