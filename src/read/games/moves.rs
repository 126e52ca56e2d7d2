//! A move as written ([`Written`]), in either notation, and the legal moves that fit it.

use shakmaty::san::San;
use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, File, Move, Position, Rank, Role, Square, attacks,
};

use super::words::{CAPTURE, CHECK, DASH, MATE, PERIOD, role_of};
use crate::braille::Cell;
use crate::braille::pieces::{LOWER_DIGITS, letter};

/// Ordinary moves typed without a capital sign (`sf3` for `Sf3`) or without the number sign
/// (`ed` for `e4`: the digits are the letters a to j without it): the readings that put them
/// back, for a word that reads as no legal move as it stands.
pub(super) fn repaired(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    // Castling with the zeros typed without the number sign: `j-j`, `j-j-j`.
    if text.starts_with("j-j") {
        out.push(text.replacen("j-j-j", "0-0-0", 1).replacen("j-j", "0-0", 1));
    }
    let mut chars: Vec<char> = text.chars().collect();
    if chars.first().is_some_and(|c| "kdtls".contains(*c)) {
        let mut capital = chars.clone();
        capital[0] = capital[0].to_ascii_uppercase();
        out.push(capital.iter().collect::<String>());
    }
    // A letter a..j right after a file letter, where the rank stands: a digit.
    let mut changed = false;
    for i in 1..chars.len() {
        if ('a'..='h').contains(&chars[i - 1])
            && let Some(d) = "jabcdefghi".find(chars[i])
            && (i + 1 == chars.len() || !chars[i + 1].is_ascii_lowercase())
        {
            chars[i] = char::from(b'0' + d as u8);
            changed = true;
        }
    }
    if changed {
        out.push(chars.iter().collect::<String>());
        if chars.first().is_some_and(|c| "kdtls".contains(*c)) {
            chars[0] = chars[0].to_ascii_uppercase();
            out.push(chars.iter().collect::<String>());
        }
    }
    out
}

/// Reads a move in Swedish print notation (`Sf3`, `exd5`, `Lf1-b5+`, `e8D`, `0-0-0`,
/// `hxg3ep`, with `!` `?` signs after it); `None` when it has not that form.
pub(super) fn written_print(text: &str) -> Option<Written> {
    let mut t = text.trim_end_matches(['!', '?']);
    let signed = t;
    t = t.trim_end_matches(['+', '#']);
    let sign = match &signed[t.len()..] {
        "" => None,
        s if s.contains('#') => Some(Check::Mate),
        _ => Some(Check::Check),
    };
    let bare = t
        .strip_suffix("e.p.")
        .or_else(|| t.strip_suffix("ep"))
        .unwrap_or(t);
    let ep = bare.len() < t.len();
    t = bare;
    match t {
        "0-0" | "O-O" => {
            return Some(Written {
                castle: Some(CastlingSide::KingSide),
                sign,
                ..Written::default()
            });
        }
        "0-0-0" | "O-O-O" => {
            return Some(Written {
                castle: Some(CastlingSide::QueenSide),
                sign,
                ..Written::default()
            });
        }
        _ => {}
    }
    let role = |c: char| match c {
        'K' => Some(Role::King),
        'D' => Some(Role::Queen),
        'T' => Some(Role::Rook),
        'L' => Some(Role::Bishop),
        'S' => Some(Role::Knight),
        _ => None,
    };
    let mut chars: Vec<char> = t.chars().collect();
    let mut w = Written {
        sign,
        ep,
        ..Written::default()
    };
    if let Some(&c) = chars.first()
        && let Some(r) = role(c)
    {
        w.role = Some(r);
        chars.remove(0);
    }
    if chars.len() >= 3
        && let Some(r) = chars.last().copied().and_then(role)
    {
        w.promotion = Some(r);
        chars.pop();
    }
    let n = chars.len();
    if n < 2 {
        return None;
    }
    let file = |c: char| {
        ('a'..='h')
            .contains(&c)
            .then(|| File::new(c as u32 - 'a' as u32))
    };
    let rank = |c: char| {
        ('1'..='8')
            .contains(&c)
            .then(|| Rank::new(c as u32 - '1' as u32))
    };
    w.to = Some(Square::from_coords(
        file(chars[n - 2])?,
        rank(chars[n - 1])?,
    ));
    let mut from = &chars[..n - 2];
    if let Some(&last) = from.last()
        && (last == 'x' || last == '-')
    {
        w.capture = last == 'x';
        from = &from[..from.len() - 1];
    }
    match from {
        [] => {}
        [c] if file(*c).is_some() => w.from_file = file(*c),
        [c] if rank(*c).is_some() => w.from_rank = rank(*c),
        [f, r] => {
            w.from_file = Some(file(*f)?);
            w.from_rank = Some(rank(*r)?);
        }
        _ => return None,
    }
    Some(w)
}

/// A move as written: what it says of the move, to be found among the legal ones.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Written {
    role: Option<Role>,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    pub capture: bool,
    to: Option<Square>,
    promotion: Option<Role>,
    castle: Option<CastlingSide>,
    /// The sign written after it: check (`+`, `++`) or mate (`#`).
    pub sign: Option<Check>,
    /// Marked en passant (`ep`, `e.p.`).
    pub ep: bool,
}

/// A check or mate sign after a move.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub(crate) enum Check {
    Check,
    Mate,
}

/// Reads a move word (without brackets and the closing period); `None` when it does not have
/// the form of a move.
pub(super) fn written(cells: &[Cell]) -> Option<Written> {
    written_print(&compact_to_print(cells)?)
}

/// A compact move word spelt as a Swedish print move (`⠎⠋⠒` → `Sf3`, `⠴⠤⠴` → `0-0`,
/// `⠑⠭⠙⠖⠑⠏⠡` → `exd6ep+`), so that one parser reads both notations; `None` for a cell no
/// move has.
fn compact_to_print(cells: &[Cell]) -> Option<String> {
    cells
        .iter()
        .map(|&c| match c {
            // The signs first: mate is the letter m's cell.
            CAPTURE => Some('x'),
            DASH => Some('-'),
            CHECK => Some('+'),
            MATE => Some('#'),
            PERIOD => Some('.'),
            c => match role_of(c) {
                Some(role) => crate::braille::pieces::print_letter(role),
                None => match LOWER_DIGITS.iter().position(|&x| x == c) {
                    Some(d) => Some(char::from(b'0' + d as u8)),
                    None => (b'a'..=b'z').find(|&l| letter(l) == c).map(char::from),
                },
            },
        })
        .collect()
}

/// The legal moves that fit what is written.
/// The one legal move in `pos` that `w` names, if exactly one.
pub(super) fn only_fitting(pos: &Chess, w: &Written) -> Option<Move> {
    match fitting(pos, w)[..] {
        [m] => Some(m),
        _ => None,
    }
}

pub(super) fn fitting(pos: &Chess, w: &Written) -> Vec<Move> {
    match quick_fitting(pos, w) {
        Some(m) => vec![m],
        None => candidates(pos, w)
            .iter()
            .filter(|m| fits(w, m))
            .copied()
            .collect(),
    }
}

/// The one legal move of `pos` that `w` may name, or how many there are when not one (a
/// build's check of itself: the count, not the moves).
pub(crate) fn the_fitting(pos: &Chess, w: &Written) -> std::result::Result<Move, usize> {
    if let Some(m) = quick_fitting(pos, w) {
        return Ok(m);
    }
    let legal = candidates(pos, w);
    let mut fit = legal.iter().filter(|m| fits(w, m));
    match (fit.next(), fit.count()) {
        (Some(m), 0) => Ok(*m),
        (None, _) => Err(0),
        (Some(_), more) => Err(more + 1),
    }
}

/// Whether `m`, a legal move of `pos` (a build's check of itself knows its source's move), is
/// the one move `w` names: what [`the_fitting`] says, found without the legal moves where no
/// other piece of its kind could even go to its square past the word's file and rank (the
/// pieces that could are a superset of those that legally can). `None`: the legal moves
/// decide.
pub(crate) fn names_only(pos: &Chess, w: &Written, m: &Move) -> Option<bool> {
    let (None, Some(to), Move::Normal { from, .. } | Move::EnPassant { from, .. }) =
        (w.castle, w.to, *m)
    else {
        return None;
    };
    if !fits(w, m) {
        return Some(false);
    }
    let board = pos.board();
    let us = pos.turn();
    let role = w.role.unwrap_or(Role::Pawn);
    let ours = board.by_color(us) & board.by_role(role);
    let occupied = board.occupied();
    let could = match role {
        Role::Pawn => {
            // Captures from either side, a push of one or two.
            let back = if us == Color::White { -8 } else { 8 };
            let one = to.offset(back);
            let two = one
                .filter(|&s| !occupied.contains(s))
                .and_then(|s| s.offset(back));
            let pushes = [one, two]
                .into_iter()
                .flatten()
                .fold(Bitboard::EMPTY, |b, s| b.with(s));
            (attacks::pawn_attacks(!us, to) | pushes) & ours
        }
        Role::Knight => attacks::knight_attacks(to) & ours,
        Role::Bishop => attacks::bishop_attacks(to, occupied) & ours,
        Role::Rook => attacks::rook_attacks(to, occupied) & ours,
        Role::Queen => attacks::queen_attacks(to, occupied) & ours,
        Role::King => attacks::king_attacks(to) & ours,
    };
    // A pawn's file alone, or a capture sign, names a capture: from the next file.
    let capture = w.capture || (w.from_file.is_some() && w.from_rank.is_none());
    let named = could.into_iter().filter(|s| {
        w.from_file.is_none_or(|f| s.file() == f)
            && w.from_rank.is_none_or(|r| s.rank() == r)
            && (role != Role::Pawn || w.role.is_some() || !capture || s.file() != to.file())
    });
    let mut named = named;
    match (named.next(), named.next()) {
        (Some(only), None) if only == from => {
            // Tests and debug builds check that the quick way says what the general one does.
            #[cfg(debug_assertions)]
            assert_eq!(
                the_fitting(pos, w),
                Ok(*m),
                "names_only differs from the_fitting"
            );
            Some(true)
        }
        _ => None,
    }
}

/// The moves among which those `w` names are: only the moves of its piece to its square,
/// when it names them, the one castling move to its side for castling (the rest never fit;
/// every legal move of the position was generated for castling, and missed the cache).
fn candidates(pos: &Chess, w: &Written) -> shakmaty::MoveList {
    match (w.castle, w.to) {
        (None, Some(to)) => pos.san_candidates(w.role.unwrap_or(Role::Pawn), to),
        (Some(side), _) => {
            let mut castling = shakmaty::MoveList::new();
            castling.extend(crate::chess::castling(pos, side));
            debug_assert_eq!(
                castling,
                pos.legal_moves()
                    .into_iter()
                    .filter(|m| m.castling_side() == Some(side))
                    .collect::<shakmaty::MoveList>()
            );
            castling
        }
        _ => pos.legal_moves(),
    }
}

/// Most words name a move one piece can make: found without the list of candidates (the
/// replay's own quick way). What it finds is the one move that fits: the word's file or
/// rank, when it has them, are those of the one piece that can go there. `None`: the list
/// decides.
fn quick_fitting(pos: &Chess, w: &Written) -> Option<Move> {
    let (None, Some(to)) = (w.castle, w.to) else {
        return None;
    };
    let san = San::Normal {
        role: w.role.unwrap_or(Role::Pawn),
        file: w.from_file,
        rank: w.from_rank,
        capture: w.capture,
        to,
        promotion: w.promotion,
    };
    let m = crate::chess::quick_move(pos, &san).filter(|m| fits(w, m))?;
    // Tests and debug builds check that the quick way finds what the general one does.
    #[cfg(debug_assertions)]
    assert_eq!(
        candidates(pos, w)
            .iter()
            .filter(|m| fits(w, m))
            .copied()
            .collect::<Vec<_>>(),
        vec![m],
        "the quick way to the move differs from the general one"
    );
    Some(m)
}

/// Whether the legal move `m` is one `w` may name.
fn fits(w: &Written, m: &Move) -> bool {
    match (w.castle, m.castling_side()) {
        (Some(side), Some(theirs)) => side == theirs,
        (Some(_), None) => false,
        (None, Some(_)) => false,
        (None, None) => {
            m.role() == w.role.unwrap_or(Role::Pawn)
                && Some(m.to()) == w.to
                && m.promotion() == w.promotion
                && w.from_file
                    .is_none_or(|f| m.from().is_some_and(|s| s.file() == f))
                && w.from_rank
                    .is_none_or(|r| m.from().is_some_and(|s| s.rank() == r))
                && (!w.capture || m.is_capture())
                // A pawn's file alone before its square is that of a capture (`ed5`): a
                // push has none (`dd3` is no pawn move: a queen written with print's D),
                // but its whole square in long notation (`e2-e4`).
                && (w.role.is_some()
                    || w.from_file.is_none()
                    || w.from_rank.is_some()
                    || m.is_capture())
        }
    }
}

/// The SAN of a move written in compact braille, from the start position; for tests.
#[allow(dead_code)]
#[cfg(test)]
fn san_of(cells: &[Cell]) -> Option<String> {
    let w = written(cells)?;
    let fit = fitting(&Chess::default(), &w);
    let m = fit.first()?;
    Some(shakmaty::san::San::from_move(&Chess::default(), *m).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::cell::from_unicode_str;

    fn cells(s: &str) -> Vec<Cell> {
        from_unicode_str(s).map(|c| c.to_vec()).unwrap_or_default()
    }

    #[test]
    fn moves_of_the_start_position() {
        assert_eq!(san_of(&cells("⠑⠲")).as_deref(), Some("e4"));
        assert_eq!(san_of(&cells("⠎⠋⠒")).as_deref(), Some("Nf3"));
        assert_eq!(san_of(&cells("⠎⠛⠂⠤⠋⠒")).as_deref(), Some("Nf3"));
        assert_eq!(san_of(&cells("⠑⠆⠤⠑⠲")).as_deref(), Some("e4"));
        assert!(san_of(&cells("⠑⠢")).is_none());
    }
}
