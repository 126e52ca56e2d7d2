//! Unicode braille (U+2800 block) for screens and proofing: LF line ends, a form feed ending
//! each page, like BRF.

use std::io::{self, Write};

use super::Renderer;
use crate::braille::cell::Cell;

/// The Unicode braille renderer.
pub struct Unicode;

impl Renderer for Unicode {
    fn line(&mut self, out: &mut dyn Write, cells: &[Cell]) -> io::Result<()> {
        let mut s = String::with_capacity(cells.len() * 3 + 1);
        s.extend(cells.iter().map(|c| c.to_unicode()));
        s.push('\n');
        out.write_all(s.as_bytes())
    }

    fn end_page(&mut self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(b"\x0c")
    }
}
