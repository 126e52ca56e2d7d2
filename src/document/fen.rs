//! FEN lists: the lines of a `.fen` file (one FEN a line; blank lines and lines whose first
//! non-blank character is `#` skipped) and of ```` ```fen ```` blocks, as lines with places.
//! The chess stage reads the FEN itself ([`crate::chess::fen`]).

use std::io::BufRead;
use std::ops::Range;

use super::lines::read_line;
use super::{Pos, Words};
use crate::error::{Error, Result};

/// One FEN with the source line it stands on.
#[derive(Clone, Debug, Eq, PartialEq)]
pub(crate) struct FenLine {
    /// The whole source line (shown under an error).
    pub line: String,
    /// Where the FEN stands in `line` (bytes).
    pub range: Range<usize>,
    /// The 1-based file line.
    pub number: u32,
    /// The info-string words of its block (none in a `.fen` file).
    pub words: Words,
    /// The fence of its block; `None` in a `.fen` file.
    pub block: Option<Pos>,
}

impl FenLine {
    /// Where the FEN starts.
    pub(crate) fn pos(&self) -> Pos {
        let start = self.range.start.min(self.line.len());
        let chars = self.line.get(..start).map_or(0, |s| s.chars().count());
        Pos {
            line: self.number,
            column: 1,
        }
        .plus(chars)
    }
}

/// Whether a line of a FEN list holds a FEN (not blank, not a `#` comment).
pub(crate) fn holds_fen(line: &str) -> bool {
    let content = line.trim();
    !content.is_empty() && !content.starts_with('#')
}

/// The FEN lines of a `.fen` file, read one at a time.
pub(crate) struct Lines {
    reader: Box<dyn BufRead + Send>,
    file: String,
    number: u32,
    buf: String,
}

impl Lines {
    pub(crate) fn new(reader: Box<dyn BufRead + Send>, file: &str) -> Self {
        Lines {
            reader,
            file: file.to_owned(),
            number: 0,
            buf: String::new(),
        }
    }

    /// The next line that holds a FEN.
    pub(crate) fn next_line(&mut self) -> Result<Option<FenLine>> {
        loop {
            self.buf.clear();
            let n =
                read_line(&mut self.reader, &mut self.buf).map_err(|e| Error::io(&self.file, e))?;
            if n == 0 {
                return Ok(None);
            }
            self.number = self.number.saturating_add(1);
            let mut line = self.buf.trim_end_matches(['\n', '\r']);
            if self.number == 1 {
                line = line.strip_prefix('\u{feff}').unwrap_or(line);
            }
            if holds_fen(line) {
                return Ok(Some(FenLine {
                    line: line.to_owned(),
                    range: 0..line.len(),
                    number: self.number,
                    words: Vec::new(),
                    block: None,
                }));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_skip_comments_and_blank_lines() {
        let text = "\u{feff}# a\n\n  # b\n8/8/8/8/8/8/8/K6k\r\n\n  8/8/8/8/8/8/8/k6K b\n";
        let mut lines = Lines::new(Box::new(text.as_bytes()), "x.fen");
        let mut got = Vec::new();
        while let Ok(Some(l)) = lines.next_line() {
            got.push((l.number, l.line.clone(), l.pos()));
        }
        assert_eq!(
            got,
            [
                (
                    4,
                    "8/8/8/8/8/8/8/K6k".to_string(),
                    Pos { line: 4, column: 1 }
                ),
                (
                    6,
                    "  8/8/8/8/8/8/8/k6K b".to_string(),
                    Pos { line: 6, column: 1 }
                )
            ]
        );
    }
}
