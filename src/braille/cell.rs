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

/// Up to 16 cells gathered in registers and appended to a cell string at once (a move in
/// compact notation): a push is a shift, not a store of the string's length and a load of it
/// back for the next push.
#[derive(Copy, Clone, Default)]
pub(crate) struct ShortRun {
    /// Cells 0 to 7, cell `k` in byte `k`.
    low: u64,
    /// Cells 8 to 15 (seldom any).
    high: u64,
    len: u32,
}

impl ShortRun {
    /// Adds a cell (a run already full is a bug of its caller's: debug builds stop there).
    #[inline(always)]
    pub(crate) fn push(&mut self, cell: Cell) {
        debug_assert!(self.len < 16, "a short run holds 16 cells");
        let shift = (8 * self.len) & 63;
        if self.len < 8 {
            self.low |= u64::from(cell.0) << shift;
        } else {
            self.high |= u64::from(cell.0) << shift;
        }
        self.len += 1;
    }

    /// Adds two cells (a square) at one shift.
    #[inline(always)]
    pub(crate) fn push_pair(&mut self, [a, b]: [Cell; 2]) {
        if self.len <= 6 {
            let pair = u64::from(a.0) | (u64::from(b.0) << 8);
            self.low |= pair << ((8 * self.len) & 63);
            self.len += 2;
        } else {
            self.push(a);
            self.push(b);
        }
    }

    /// Adds some cells.
    #[inline(always)]
    pub(crate) fn extend(&mut self, cells: &[Cell]) {
        for &c in cells {
            self.push(c);
        }
    }

    /// Appends the run to `out`: 16 cells copied at once, the ones past the run cut off.
    #[inline(always)]
    pub(crate) fn append_to(self, out: &mut Vec<Cell>) {
        let from = out.len();
        // (Each byte a cell's bits, below 64: pushed cells, or zero past them.)
        out.extend_from_slice(&self.low.to_le_bytes().map(Cell::from_low_bits));
        if self.len > 8 {
            out.extend_from_slice(&self.high.to_le_bytes().map(Cell::from_low_bits));
        }
        out.truncate(from + self.len as usize);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A short run appends exactly the cells pushed, whatever their number and however they
    /// were pushed (one at a time, in pairs, across the eighth cell), after what `out` held.
    #[test]
    fn a_short_run_appends_what_was_pushed() {
        let cell = |k: usize| Cell::from_low_bits(k as u8 * 7 + 1);
        for len in 0..=16 {
            for pairs_from in 0..=len {
                let mut run = ShortRun::default();
                let mut want = vec![Cell::dots("12")];
                let mut k = 0;
                while k < len {
                    if k >= pairs_from && k + 1 < len {
                        run.push_pair([cell(k), cell(k + 1)]);
                        want.extend([cell(k), cell(k + 1)]);
                        k += 2;
                    } else {
                        run.push(cell(k));
                        want.push(cell(k));
                        k += 1;
                    }
                }
                let mut out = vec![Cell::dots("12")];
                run.append_to(&mut out);
                assert_eq!(out, want, "{len} cells, pairs from the {pairs_from}th");
            }
        }
        let mut run = ShortRun::default();
        run.extend(&[Cell::dots("1"), Cell::BLANK, Cell::dots("3456")]);
        let mut out = Vec::new();
        run.append_to(&mut out);
        assert_eq!(out, [Cell::dots("1"), Cell::BLANK, Cell::dots("3456")]);
    }

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
