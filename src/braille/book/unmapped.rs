//! Characters with no braille rule: their places in the source, counted on from one to the
//! next ([`Places`]), and their warnings, the first few one by one and then a count.

use crate::braille::text::Unmapped;
use crate::document::Pos;
use crate::error::{Diagnostic, Warning};

/// Places of characters in a text, asked for by byte offsets in order: each is counted on from
/// the one before, so a text with many characters to report is walked once. (Counting from the
/// start for each made a long line of unknown characters quadratic: a 1 MB comment of them
/// took hours.)
pub(crate) struct Places<'a> {
    text: &'a str,
    /// The offset counted to, the line ends before it, and the characters after the last one.
    byte: usize,
    lines: u32,
    column: usize,
}

impl<'a> Places<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Places {
            text,
            byte: 0,
            lines: 0,
            column: 0,
        }
    }

    /// The place of byte `offset` of the text, whose first character stands at `start` (an
    /// offset before the last one asked for counts from the start again).
    pub(crate) fn at(&mut self, offset: usize, start: Pos) -> Pos {
        if offset < self.byte {
            *self = Places::new(self.text);
        }
        if let Some(passed) = self.text.get(self.byte..offset) {
            for c in passed.chars() {
                if c == '\n' {
                    self.lines = self.lines.saturating_add(1);
                    self.column = 0;
                } else {
                    self.column += 1;
                }
            }
            self.byte = offset;
        }
        if self.lines == 0 {
            start.plus(self.column)
        } else {
            Pos {
                line: start.line.saturating_add(self.lines),
                column: 1,
            }
            .plus(self.column)
        }
    }
}

/// How many characters with no braille rule one text (a paragraph, a line of code, a comment,
/// a heading) reports one by one; one more warning counts the rest, at the first of them. A line
/// of thousands of unknown characters would otherwise give thousands of warnings, each showing
/// that line.
pub(crate) const UNMAPPED_SHOWN: usize = 20;

/// Reports the characters of one text that have no braille rule: the first [`UNMAPPED_SHOWN`]
/// each at its place (`place` is asked in order), then a count of the rest.
pub(crate) fn report_unmapped(
    unmapped: &[Unmapped],
    place: &mut dyn FnMut(&Unmapped) -> crate::error::Location,
    warn: &mut dyn FnMut(Warning),
) {
    for u in unmapped.iter().take(UNMAPPED_SHOWN) {
        warn(no_rule(place(u), u.ch));
    }
    if let Some(first) = unmapped.get(UNMAPPED_SHOWN) {
        let more = unmapped.len() - UNMAPPED_SHOWN;
        warn(Warning(
            Diagnostic::new(
                place(first),
                format!(
                    "{more} more characters with no braille rule here, from this one on, are \
                     not reported one by one; a substitute is written for each"
                ),
            )
            .with_width(1),
        ));
    }
}

/// The warning for a character with no braille rule. The replacement character U+FFFD is
/// what decoding puts where the input could not be decoded (a lone surrogate in UTF-16): the
/// hint says so, since the character in the source is not the one shown.
pub(crate) fn no_rule(location: crate::error::Location, ch: char) -> Warning {
    let d = Diagnostic::new(
        location,
        format!(
            "no braille rule for the character '{ch}' (U+{:04X}); a substitute is written",
            u32::from(ch)
        ),
    );
    Warning(match ch {
        char::REPLACEMENT_CHARACTER => d.with_hint(
            "U+FFFD stands where the input could not be decoded (such as a lone surrogate in \
             UTF-16): correct the source here",
        ),
        _ => d,
    })
}
