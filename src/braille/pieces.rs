//! Piece letters and digits of the chess notations: Swedish print letters for ordinary
//! notation, lower-case letters and lower digits for compact notation (rules.md §2, §3).

use shakmaty::Role;

use super::cell::Cell;

/// A piece's letter in Swedish print notation (`K D T L S`; pawns have none in moves).
pub const fn print_letter(role: Role) -> Option<char> {
    match role {
        Role::King => Some('K'),
        Role::Queen => Some('D'),
        Role::Rook => Some('T'),
        Role::Bishop => Some('L'),
        Role::Knight => Some('S'),
        Role::Pawn => None,
    }
}

/// A piece's cell in compact move notation: k, ô (1456, so a queen move is never read as a
/// d-pawn move), t, l, s; pawns have none.
pub const fn compact_move_letter(role: Role) -> Option<Cell> {
    match role {
        Role::King => Some(Cell::dots("13")),
        Role::Queen => Some(Cell::dots("1456")),
        Role::Rook => Some(Cell::dots("2345")),
        Role::Bishop => Some(Cell::dots("123")),
        Role::Knight => Some(Cell::dots("234")),
        Role::Pawn => None,
    }
}

/// The lower digits of compact notation, 0 to 9.
pub const LOWER_DIGITS: [Cell; 10] = [
    Cell::dots("356"),
    Cell::dots("2"),
    Cell::dots("23"),
    Cell::dots("25"),
    Cell::dots("256"),
    Cell::dots("26"),
    Cell::dots("235"),
    Cell::dots("2356"),
    Cell::dots("236"),
    Cell::dots("35"),
];

/// The letters a..z as cells (standard braille letters).
pub const LETTERS: [Cell; 26] = [
    Cell::dots("1"),
    Cell::dots("12"),
    Cell::dots("14"),
    Cell::dots("145"),
    Cell::dots("15"),
    Cell::dots("124"),
    Cell::dots("1245"),
    Cell::dots("125"),
    Cell::dots("24"),
    Cell::dots("245"),
    Cell::dots("13"),
    Cell::dots("123"),
    Cell::dots("134"),
    Cell::dots("1345"),
    Cell::dots("135"),
    Cell::dots("1234"),
    Cell::dots("12345"),
    Cell::dots("1235"),
    Cell::dots("234"),
    Cell::dots("2345"),
    Cell::dots("136"),
    Cell::dots("1236"),
    Cell::dots("2456"),
    Cell::dots("1346"),
    Cell::dots("13456"),
    Cell::dots("1356"),
];

/// The cell of a lower-case ASCII letter.
pub fn letter(c: u8) -> Cell {
    LETTERS[usize::from(c.to_ascii_lowercase().wrapping_sub(b'a')).min(25)]
}

/// Appends a number in lower digits.
pub fn push_lower_number(n: u32, out: &mut Vec<Cell>) {
    let mut digits = [0u8; 10];
    let mut len = 0;
    let mut v = n;
    loop {
        digits[len] = (v % 10) as u8;
        len += 1;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.extend(
        digits[..len]
            .iter()
            .rev()
            .map(|&d| LOWER_DIGITS[usize::from(d)]),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::cell::to_unicode_string;

    #[test]
    fn lower_digits() {
        assert_eq!(to_unicode_string(&LOWER_DIGITS), "⠴⠂⠆⠒⠲⠢⠖⠶⠦⠔");
        let mut v = Vec::new();
        push_lower_number(120, &mut v);
        assert_eq!(to_unicode_string(&v), "⠂⠆⠴");
    }

    #[test]
    fn letters() {
        assert_eq!(to_unicode_string(&LETTERS), "⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵");
        assert_eq!(letter(b'h'), Cell::dots("125"));
        assert_eq!(compact_move_letter(Role::Queen), Some(Cell::dots("1456")));
    }
}
