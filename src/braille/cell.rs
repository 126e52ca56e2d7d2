//! The six-dot braille cell and cell strings, with their Unicode form (the characters of BRF
//! are the braille tables', in `output/tables.rs`).

use std::fmt;

/// One six-dot braille cell. Bit `n` (0..=5) is dot `n + 1`; the value is always below 64,
/// so a `Cell` can never hold an eight-dot pattern or garbage.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Default)]
pub struct Cell(u8);

impl Cell {
    /// The blank cell (no dots).
    pub const BLANK: Cell = Cell(0);

    /// A cell from its dot bits; `None` if a bit above dot 6 is set.
    pub const fn from_bits(bits: u8) -> Option<Cell> {
        if bits < 64 { Some(Cell(bits)) } else { None }
    }

    /// The cell of the low six bits of `bits` (the bits above dot 6 dropped).
    pub const fn from_low_bits(bits: u8) -> Cell {
        Cell(bits & 63)
    }

    /// A cell from its dot numbers written as digits, as the book does: `dots("3456")` is the
    /// number sign. Panics at compile time (in a `const`) or in tests on a wrong digit, so it is
    /// meant for the rule tables only.
    pub const fn dots(digits: &str) -> Cell {
        let b = digits.as_bytes();
        let mut bits = 0u8;
        let mut i = 0;
        while i < b.len() {
            let d = b[i];
            assert!(d >= b'1' && d <= b'6', "a dot number is 1 to 6");
            bits |= 1 << (d - b'1');
            i += 1;
        }
        Cell(bits)
    }

    /// The dot bits (dot 1 = bit 0).
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// True for the blank cell.
    pub const fn is_blank(self) -> bool {
        self.0 == 0
    }

    /// This cell with dot 6 added (black pieces in diagrams).
    pub const fn with_dot6(self) -> Cell {
        Cell(self.0 | 0x20)
    }

    /// The Unicode braille character (U+2800 block).
    pub fn to_unicode(self) -> char {
        // 0x2800 + a value below 64 is always a valid char.
        char::from_u32(0x2800 + u32::from(self.0)).unwrap_or(' ')
    }

    /// The cell read back from a Unicode braille character; `None` for anything else,
    /// including eight-dot patterns.
    #[cfg(test)]
    pub fn from_unicode(c: char) -> Option<Cell> {
        let v = u32::from(c).checked_sub(0x2800)?;
        if v < 64 { Some(Cell(v as u8)) } else { None }
    }

    /// The dots as digits, `"3456"`; the blank cell is `"0"`.
    #[cfg(test)]
    pub fn dot_string(self) -> String {
        if self.0 == 0 {
            return "0".to_string();
        }
        (0..6)
            .filter(|i| self.0 & (1 << i) != 0)
            .map(|i| char::from(b'1' + i))
            .collect()
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_unicode())
    }
}

/// A run of cells.
#[cfg(test)]
pub type Cells = Vec<Cell>;

/// Cells written as Unicode braille.
pub fn to_unicode_string(cells: &[Cell]) -> String {
    cells.iter().map(|c| c.to_unicode()).collect()
}

/// Cells read back from Unicode braille (tests and tables); `None` on any other character.
#[cfg(test)]
pub fn from_unicode_str(s: &str) -> Option<Cells> {
    s.chars().map(Cell::from_unicode).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dots_and_bits_agree() {
        assert_eq!(Cell::dots("3456").bits(), 0b111100);
        assert_eq!(Cell::dots("1").to_unicode(), '⠁');
        assert_eq!(Cell::dots("156").to_unicode(), '⠱');
        assert_eq!(Cell::dots("3456").dot_string(), "3456");
        assert_eq!(Cell::BLANK.to_unicode(), '⠀');
        assert_eq!(Cell::from_unicode('⣿'), None);
    }
}
