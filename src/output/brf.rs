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
        // One write a line, its line end with it (a line longer than the buffer, in pieces).
        const PIECE: usize = 254;
        let mut buf = [0u8; PIECE + 2];
        let mut rest = cells;
        loop {
            let (piece, after) = rest.split_at(rest.len().min(PIECE));
            let mut n = piece.len();
            for (b, c) in buf[..n].iter_mut().zip(piece) {
                *b = tables::byte(self.table, *c);
            }
            if after.is_empty() {
                buf[n..n + 2].copy_from_slice(b"\r\n");
                n += 2;
            }
            out.write_all(&buf[..n])?;
            if after.is_empty() {
                return Ok(());
            }
            rest = after;
        }
    }

    fn end_page(&mut self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(b"\x0c")
    }
}
