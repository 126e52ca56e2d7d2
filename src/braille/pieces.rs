//! Piece letters and digits of the chess notations in braille: the Swedish print letters of
//! ordinary notation, the lower-case letters and lower digits of compact notation and diagrams
//! (rules.md §2, §3, §6). The letters themselves are those of [`crate::chess::pieces`]; the
//! cells of a letter are those of the text table ([`tables::LETTERS`]).

use shakmaty::Role;

use super::cell::Cell;
use super::tables;
use crate::chess::pieces::{letters, swedish_move_letter};

/// A piece's letter in Swedish print notation (`K D T L S`; pawns have none in moves).
pub const fn print_letter(role: Role) -> Option<char> {
    swedish_move_letter(role)
}

/// A piece's cell in diagrams (rank by rank, board, compact piece list): its Swedish letter
/// in lower case, `k d t l s b` (book 5.1-5.3).
pub const fn diagram_letter(role: Role) -> Cell {
    letter(letters(role).swedish as u8)
}

/// A piece's cell in a compact piece list (book 5.1): the diagram letter (the queen is `d`
/// here, not ô as in compact moves); pawns have none.
pub const fn list_letter(role: Role) -> Option<Cell> {
    match role {
        Role::Pawn => None,
        _ => Some(diagram_letter(role)),
    }
}

/// The queen in compact moves: ô (1456), so a queen move is never read as a d-pawn move.
pub const COMPACT_QUEEN: Cell = Cell::dots("1456");

/// A piece's cell in compact move notation: k, ô ([`COMPACT_QUEEN`]), t, l, s; pawns have none.
pub const fn compact_move_letter(role: Role) -> Option<Cell> {
    COMPACT_MOVE_LETTERS[role as usize]
}

/// [`compact_move_letter`] of every role, indexed by the role's number (1 to 6), worked out
/// at compile time: a move looks its letter up instead of searching the piece table.
const COMPACT_MOVE_LETTERS: [Option<Cell>; 7] = {
    let mut table = [None; 7];
    let mut i = 0;
    while i < Role::ALL.len() {
        let role = Role::ALL[i];
        table[role as usize] = match role {
            Role::Pawn => None,
            Role::Queen => Some(COMPACT_QUEEN),
            _ => Some(diagram_letter(role)),
        };
        i += 1;
    }
    table
};

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

/// The cell of an ASCII letter, either case (the standard braille letters of the text table).
pub const fn letter(c: u8) -> Cell {
    let i = c.to_ascii_lowercase().wrapping_sub(b'a') as usize;
    tables::LETTERS[if i < 26 { i } else { 25 }].1
}

/// Appends a number in lower digits: one or two digits (most move numbers) at once, longer
/// numbers their higher digits first.
#[inline]
pub fn push_lower_number(n: u32, out: &mut Vec<Cell>) {
    match n {
        0..=9 => out.push(lower_digit(n)),
        10..=99 => out.extend_from_slice(&[lower_digit(n / 10), lower_digit(n)]),
        _ => push_long_lower_number(n, out),
    }
}

/// [`push_lower_number`] for a number of three digits or more (kept out of the way of the
/// short ones).
#[inline(never)]
fn push_long_lower_number(n: u32, out: &mut Vec<Cell>) {
    push_lower_number(n / 10, out);
    out.push(lower_digit(n));
}

/// The lower digit of the last decimal digit of `n`.
#[inline]
fn lower_digit(n: u32) -> Cell {
    LOWER_DIGITS[(n % 10) as usize]
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
        let a_to_z: Vec<Cell> = (b'a'..=b'z').map(letter).collect();
        assert_eq!(to_unicode_string(&a_to_z), "⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵");
        assert_eq!(letter(b'h'), Cell::dots("125"));
        assert_eq!(letter(b'H'), Cell::dots("125"));
    }

    #[test]
    fn one_letter_per_piece_and_notation() {
        let roles = [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ];
        let print: String = roles.iter().filter_map(|&r| print_letter(r)).collect();
        assert_eq!(print, "KDTLS");
        let compact: Vec<Cell> = roles
            .iter()
            .filter_map(|&r| compact_move_letter(r))
            .collect();
        assert_eq!(to_unicode_string(&compact), "⠅⠹⠞⠇⠎");
        let diagram: Vec<Cell> = roles.iter().map(|&r| diagram_letter(r)).collect();
        assert_eq!(to_unicode_string(&diagram), "⠅⠙⠞⠇⠎⠃");
        let list: Vec<Cell> = roles.iter().filter_map(|&r| list_letter(r)).collect();
        assert_eq!(to_unicode_string(&list), "⠅⠙⠞⠇⠎");
    }
}
