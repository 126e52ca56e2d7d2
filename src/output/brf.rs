//! BRF: a byte a cell in a braille table (North American braille ASCII, upper-case letters,
//! unless another is asked for), CR LF after every line, a form feed ending each page.

use std::io::{self, Write};

use super::{Renderer, tables};
use crate::braille::cell::Cell;
use crate::settings::BrfTable;

/// The BRF renderer, with its table.
pub struct Brf {
    table: &'static [u8; 64],
}

impl Brf {
    pub fn new(table: BrfTable) -> Self {
        Brf {
            table: tables::bytes(table),
        }
    }
}

impl Renderer for Brf {
    fn line(&mut self, out: &mut dyn Write, cells: &[Cell]) -> io::Result<()> {
        let mut buf = [0u8; 256];
        for chunk in cells.chunks(buf.len() - 2) {
            for (b, c) in buf.iter_mut().zip(chunk) {
                *b = tables::byte(self.table, *c);
            }
            out.write_all(&buf[..chunk.len()])?;
        }
        out.write_all(b"\r\n")
    }

    fn end_page(&mut self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(b"\x0c")
    }
}
