//! BRF: braille ASCII (upper-case letters), CR LF after every line, a form feed ending each page.

use std::io::{self, Write};

use super::Renderer;
use crate::braille::cell::Cell;

/// The BRF renderer.
pub struct Brf;

impl Renderer for Brf {
    fn line(&mut self, out: &mut dyn Write, cells: &[Cell]) -> io::Result<()> {
        let mut buf = [0u8; 256];
        for chunk in cells.chunks(buf.len() - 2) {
            for (b, c) in buf.iter_mut().zip(chunk) {
                *b = c.to_brf();
            }
            out.write_all(&buf[..chunk.len()])?;
        }
        out.write_all(b"\r\n")
    }

    fn end_page(&mut self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(b"\x0c")
    }
}
