//! The pieces and their letters: the one table of which letter stands for which piece in
//! English and Swedish notation, and which figurines (rules.md §2, §6).
//!
//! The PGN reader reads these letters (`chess::letters` derives its tables from this
//! one); the braille writers write the Swedish ones. Braille cells are the writers' business.

use shakmaty::Role;

/// One kind of piece and how notation writes it.
#[derive(Copy, Clone, Debug)]
pub struct PieceLetters {
    pub role: Role,
    /// The English SAN letter (`K Q R B N P`).
    pub english: char,
    /// The Swedish letter (`K D T L S`: kung, dam, torn, löpare, springare; `B`, bonde, for the
    /// pawn, as in the book's diagrams and as figurines are written).
    pub swedish: char,
    /// The figurines, white and black.
    pub figurines: [char; 2],
    /// The English name, for messages.
    pub name: &'static str,
}

const fn piece(
    role: Role,
    english: char,
    swedish: char,
    figurines: [char; 2],
    name: &'static str,
) -> PieceLetters {
    PieceLetters {
        role,
        english,
        swedish,
        figurines,
        name,
    }
}

/// King, queen, rook, bishop, knight, pawn: the order of a diagram's piece list (book 5.1).
pub const PIECES: &[PieceLetters] = &[
    piece(Role::King, 'K', 'K', ['♔', '♚'], "king"),
    piece(Role::Queen, 'Q', 'D', ['♕', '♛'], "queen"),
    piece(Role::Rook, 'R', 'T', ['♖', '♜'], "rook"),
    piece(Role::Bishop, 'B', 'L', ['♗', '♝'], "bishop"),
    piece(Role::Knight, 'N', 'S', ['♘', '♞'], "knight"),
    piece(Role::Pawn, 'P', 'B', ['♙', '♟'], "pawn"),
];

/// The letters of a role.
pub const fn letters(role: Role) -> &'static PieceLetters {
    let mut i = 0;
    while i < PIECES.len() {
        if PIECES[i].role as u8 == role as u8 {
            return &PIECES[i];
        }
        i += 1;
    }
    panic!("every role is in PIECES")
}

/// The role of a figurine of either colour.
pub const fn figurine_role(ch: char) -> Option<Role> {
    let mut i = 0;
    while i < PIECES.len() {
        let [white, black] = PIECES[i].figurines;
        if ch == white || ch == black {
            return Some(PIECES[i].role);
        }
        i += 1;
    }
    None
}

/// A piece's Swedish letter in moves (`K D T L S`): pawns have none.
pub const fn swedish_move_letter(role: Role) -> Option<char> {
    match role {
        Role::Pawn => None,
        _ => Some(letters(role).swedish),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn every_role_once_and_one_letter_per_language() {
        let roles: BTreeSet<u8> = PIECES.iter().map(|p| p.role as u8).collect();
        assert_eq!(roles.len(), 6);
        assert_eq!(PIECES.len(), 6);
        let english: String = PIECES.iter().map(|p| p.english).collect();
        let swedish: String = PIECES.iter().map(|p| p.swedish).collect();
        assert_eq!(english, "KQRBNP");
        assert_eq!(swedish, "KDTLSB");
        let figurines: BTreeSet<char> = PIECES.iter().flat_map(|p| p.figurines).collect();
        assert_eq!(figurines.len(), 12);
        for p in PIECES {
            assert_eq!(letters(p.role).role, p.role);
            for f in p.figurines {
                assert_eq!(figurine_role(f), Some(p.role));
            }
        }
        assert_eq!(figurine_role('K'), None);
        assert_eq!(swedish_move_letter(Role::Queen), Some('D'));
        assert_eq!(swedish_move_letter(Role::Pawn), None);
    }
}
