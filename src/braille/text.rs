//! Swedish text braille (rules.md §7): letters, capitals, numbers, punctuation.

use super::cell::Cell;

/// A character of the input that has no braille rule; it was written as a visible substitute.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Unmapped {
    /// Byte offset of the character in the translated text.
    pub offset: usize,
    pub ch: char,
}

/// Translates Swedish print text to cells; a blank in the text is a blank cell.
pub fn translate(text: &str, out: &mut Vec<Cell>, unmapped: &mut Vec<Unmapped>) {
    let _ = (text, out, unmapped);
}
