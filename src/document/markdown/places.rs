//! Where a byte of the book stands (`Places`: line starts and characters counted by strides),
//! and the reader's places, warnings and front matter values placed where they stand.

use std::ops::Range;

use super::Reader;
use crate::document::{Emphasis, Inline, Piece, Pos};
use crate::error::{Diagnostic, Location, Warning};

/// Bytes of the book between two counts of characters in [`Places`].
const STRIDE: usize = 128;

/// Where any byte of a book stands, found at once: where each line starts, and how many
/// characters stand before every [`STRIDE`]th byte, so that a column is counted over at most
/// [`STRIDE`] bytes. (A column counted from its line's start for every piece made a long line
/// quadratic: `*a* ` repeated to 1.6 MB on one line took 23 s; issue 32.) Made once for the
/// book, and shared with the readers of its notes.
pub(super) struct Places {
    pub(super) line_starts: Vec<usize>,
    /// The characters before byte `k * STRIDE`, for each `k` up to the text's length.
    chars: Vec<usize>,
}

impl Places {
    pub(super) fn new(text: &str) -> Places {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        let mut chars = Vec::with_capacity(text.len() / STRIDE + 1);
        let mut before = 0;
        chars.push(0);
        for stride in text.as_bytes().chunks(STRIDE) {
            before += starts_of_characters(stride);
            chars.push(before);
        }
        Places { line_starts, chars }
    }

    /// How many characters of `text` start before byte `offset`.
    fn chars_before(&self, text: &str, offset: usize) -> usize {
        let offset = offset.min(text.len());
        let k = offset / STRIDE;
        let from = k * STRIDE;
        self.chars.get(k).copied().unwrap_or(0)
            + text
                .as_bytes()
                .get(from..offset)
                .map_or(0, starts_of_characters)
    }
}

/// How many characters start in `bytes` of UTF-8 (every byte but the continuation bytes).
fn starts_of_characters(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| (b as i8) >= -0x40).count()
}

impl<'a> Reader<'a> {
    /// The 0-based line of a byte offset.
    pub(super) fn line_of(&self, offset: usize) -> usize {
        self.places
            .line_starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }

    /// The text of a 0-based line, without its line end.
    pub(super) fn line_text(&self, line: usize) -> &'a str {
        let start = self
            .places
            .line_starts
            .get(line)
            .copied()
            .unwrap_or(self.text.len());
        let end = self
            .places
            .line_starts
            .get(line + 1)
            .copied()
            .unwrap_or(self.text.len());
        self.text
            .get(start..end)
            .unwrap_or("")
            .trim_end_matches(['\n', '\r'])
    }

    pub(super) fn pos(&self, offset: usize) -> Pos {
        let offset = offset.min(self.text.len());
        let line = self.line_of(offset);
        let start = self.places.line_starts.get(line).copied().unwrap_or(0);
        // (The characters between the line's start and the offset, when both stand between
        // characters.)
        let column = match self.text.get(start..offset) {
            Some(_) => {
                self.places.chars_before(self.text, offset)
                    - self.places.chars_before(self.text, start)
            }
            None => 0,
        };
        Pos {
            line: u32::try_from(line + 1).unwrap_or(u32::MAX),
            column: u32::try_from(column + 1).unwrap_or(u32::MAX),
        }
    }

    fn location(&self, offset: usize) -> Location {
        self.pos(offset).in_file(self.name)
    }

    pub(super) fn warn_at(
        &self,
        warn: &mut dyn FnMut(Warning),
        offset: usize,
        width: usize,
        message: impl Into<String>,
    ) {
        let line = self.line_text(self.line_of(offset.min(self.text.len())));
        warn(Warning(
            Diagnostic::new(self.location(offset), message).with_source(line, width),
        ));
    }

    /// Whether the fenced block whose source is `range` ends at the end of the file without a
    /// closing fence (a fence of its character, at least as long, alone on its last line).
    pub(super) fn unclosed_fence(&self, range: &Range<usize>) -> bool {
        let Some(source) = self.text.get(range.clone()) else {
            return false;
        };
        if range.end < self.text.trim_end().len() {
            return false;
        }
        // (Block quote marks and indentation before a fence.)
        let bare = |line: &str| {
            line.trim_start_matches([' ', '\t', '>'])
                .trim_end()
                .to_owned()
        };
        let mut lines = source.lines();
        let open = bare(lines.next().unwrap_or(""));
        let Some(mark) = open.chars().next().filter(|c| matches!(c, '`' | '~')) else {
            return false;
        };
        let length = open.chars().take_while(|&c| c == mark).count();
        let closed = lines
            .next_back()
            .map(bare)
            .is_some_and(|last| last.chars().count() >= length && last.chars().all(|c| c == mark));
        !closed
    }

    /// The width of the fence line's fence and info string, from `start`.
    pub(super) fn fence_width(&self, start: usize) -> usize {
        let line = self.line_text(self.line_of(start));
        line.trim().chars().count().max(1)
    }

    pub(super) fn unsupported(
        &self,
        warn: &mut dyn FnMut(Warning),
        range: &Range<usize>,
        what: &str,
    ) {
        let width = self
            .text
            .get(range.clone())
            .map_or(1, |s| s.lines().next().unwrap_or("").chars().count());
        self.warn_at(warn, range.start, width, format!("{what} is not supported"));
    }

    /// A front matter value as pieces placed where it stands in the front matter (`span`: its
    /// bytes, when known): one piece when it is written as it reads, else placed run by run
    /// (a quoted value with escapes, a value over several lines).
    pub(super) fn value_pieces(&self, value: &str, span: Option<Range<usize>>) -> Inline {
        let end = self.body_start.min(self.text.len());
        let span = span.unwrap_or(0..end);
        let span = span.start.min(end)..span.end.min(end);
        match self.text.get(span.clone()).and_then(|s| s.find(value)) {
            Some(i) => vec![Piece {
                text: value.to_owned(),
                emphasis: Emphasis::None,
                at: self.pos(span.start + i),
            }],
            None => {
                // After an opening quote: a character written as an escape is then placed at
                // its backslash.
                let quoted = self
                    .text
                    .get(span.clone())
                    .unwrap_or("")
                    .starts_with(['"', '\'']);
                let from = span.start + usize::from(quoted);
                self.placed(value, from..span.end, Emphasis::None)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_column_counted_from_the_strides_is_the_characters_before_it() {
        let text = "a\u{e5}\u{2603}\n\u{1f600}b\r\n".repeat(40);
        let places = Places::new(&text);
        for (offset, _) in text.char_indices().chain([(text.len(), ' ')]) {
            assert_eq!(
                places.chars_before(&text, offset),
                text[..offset].chars().count(),
                "{offset}"
            );
        }
    }
}
