//! One move in braille: ordinary notation (Swedish print notation under the text rules,
//! rules.md §2) and compact notation (rules.md §3).

use std::fmt::Write as _;

use rustc_hash::FxHashMap;
use shakmaty::{CastlingSide, Square};

use super::cell::Cell;
use super::pieces::{LOWER_DIGITS, compact_move_letter, letter, print_letter};
use super::text::{self, Unmapped};
use crate::chess::{Check, MoveFacts, MoveKind};
use crate::settings::{EnPassant, Moves};

/// How moves are written, from the build options.
#[derive(Copy, Clone, Debug)]
pub struct MoveStyle {
    pub moves: Moves,
    pub en_passant: EnPassant,
    pub double_check: bool,
}

/// Writes a move in Swedish print notation (`Sbxd4+`, `0-0-0`, `hxg3ep`, `g1D+`, `Lf1-b5+`).
pub fn print_move(m: &MoveFacts, style: MoveStyle, out: &mut String) {
    match m.kind {
        MoveKind::Castle(CastlingSide::KingSide) => out.push_str("0-0"),
        MoveKind::Castle(CastlingSide::QueenSide) => out.push_str("0-0-0"),
        MoveKind::Null => out.push_str("--"),
        MoveKind::Normal {
            role,
            from,
            to,
            capture,
            en_passant,
            promotion,
            disambiguation,
        } => {
            if let Some(l) = print_letter(role) {
                out.push(l);
            }
            match style.moves {
                Moves::Long => {
                    push_square(from, out);
                    out.push(if capture { 'x' } else { '-' });
                }
                Moves::Short => {
                    let pawn_capture = role == shakmaty::Role::Pawn && capture;
                    if disambiguation.file || pawn_capture {
                        out.push(from.file().char());
                    }
                    if disambiguation.rank {
                        out.push(from.rank().char());
                    }
                    if capture {
                        out.push('x');
                    }
                }
            }
            push_square(to, out);
            if let Some(p) = promotion.and_then(print_letter) {
                out.push(p);
            }
            if en_passant {
                out.push_str(match style.en_passant {
                    EnPassant::Ep => "ep",
                    EnPassant::EDotP => "e.p.",
                    EnPassant::None => "",
                });
            }
        }
    }
    match m.check {
        Check::None => {}
        Check::Single => out.push('+'),
        Check::Double if style.double_check => out.push_str("++"),
        Check::Double => out.push('+'),
        Check::Mate => out.push('#'),
    }
}

fn push_square(sq: Square, out: &mut String) {
    let sq = broken_rule::apply(sq);
    out.push(sq.file().char());
    out.push(sq.rank().char());
}

/// A rule broken on purpose, for the tests of the builds that check themselves: while it is
/// set (on the test's own thread), every move to f3 is written as a move to f4. Test builds
/// only.
pub(crate) mod broken_rule {
    use shakmaty::Square;

    #[cfg(test)]
    thread_local! {
        pub(crate) static BROKEN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }

    /// The square as written: itself, unless the rule is broken (tests).
    #[inline]
    pub(super) fn apply(sq: Square) -> Square {
        #[cfg(test)]
        if sq == Square::F3 && BROKEN.with(std::cell::Cell::get) {
            return Square::F4;
        }
        sq
    }
}

/// Writes moves in ordinary braille: their print form under the Swedish text rules.
///
/// Bulletins repeat the same few thousand move texts (`Sf3`, `exd5`, `0-0`) millions of times,
/// so translated moves are kept in a bounded cache keyed by their print text; the cells are
/// exactly those of [`text::translate`].
#[derive(Default)]
pub struct OrdinaryMoves {
    scratch: String,
    /// Keyed by what decides the print text: the move, its check, and the number of a Black
    /// move written with its number. The style is fixed for a writer's life.
    cache: FxHashMap<(MoveKind, Check, Option<u32>), Vec<Cell>>,
    /// White move numbers `N.` by number.
    numbers: Vec<Vec<Cell>>,
}

/// Entries the cache holds before it starts afresh (a few hundred kilobytes at most).
const CACHE_LIMIT: usize = 16 * 1024;

impl OrdinaryMoves {
    /// Writes a move. With `black_number`, the move is a Black move written with its number
    /// (`12...Sf5`): number and move are one word, translated together so that number mode
    /// runs on (`7...a6` takes the separator before `a`).
    pub fn write(
        &mut self,
        m: &MoveFacts,
        style: MoveStyle,
        black_number: Option<u32>,
        out: &mut Vec<Cell>,
    ) {
        let key = (m.kind, m.check, black_number);
        if let Some(cells) = self.cache.get(&key) {
            out.extend_from_slice(cells);
            return;
        }
        self.scratch.clear();
        if let Some(n) = black_number {
            let _ = write!(self.scratch, "{n}...");
        }
        print_move(m, style, &mut self.scratch);
        let start = out.len();
        let mut unmapped: Vec<Unmapped> = Vec::new();
        text::translate(&self.scratch, out, &mut unmapped);
        if self.cache.len() >= CACHE_LIMIT {
            self.cache.clear();
        }
        self.cache.insert(key, out[start..].to_vec());
    }

    /// Writes a White move number: `12.` (a blank follows, glued to the move).
    pub fn number(&mut self, number: u32, out: &mut Vec<Cell>) {
        let i = number as usize;
        if let Some(cells) = self.numbers.get(i).filter(|c| !c.is_empty()) {
            out.extend_from_slice(cells);
            return;
        }
        self.scratch.clear();
        let _ = write!(self.scratch, "{number}.");
        let start = out.len();
        let mut unmapped: Vec<Unmapped> = Vec::new();
        text::translate(&self.scratch, out, &mut unmapped);
        if i < 1000 {
            if self.numbers.len() <= i {
                self.numbers.resize(i + 1, Vec::new());
            }
            self.numbers[i] = out[start..].to_vec();
        }
    }
}

/// Check in compact notation: å (16).
const COMPACT_CHECK: Cell = Cell::dots("16");
/// Mate in compact notation: m (134).
const COMPACT_MATE: Cell = Cell::dots("134");
/// The hyphen / from-to dash (36).
const DASH: Cell = Cell::dots("36");
/// Capture x (1346).
const CAPTURE: Cell = Cell::dots("1346");
/// Period (3).
const PERIOD: Cell = Cell::dots("3");

/// Writes a move in compact notation (`sbxd⠲`, `⠴⠤⠴`, `g⠂ôå`). (Inlined into the one place
/// that writes game moves: a call a move cost as much as some of its cells.)
#[inline]
pub fn compact_move(m: &MoveFacts, style: MoveStyle, out: &mut Vec<Cell>) {
    match m.kind {
        MoveKind::Castle(side) => {
            out.extend([LOWER_DIGITS[0], DASH, LOWER_DIGITS[0]]);
            if side == CastlingSide::QueenSide {
                out.extend([DASH, LOWER_DIGITS[0]]);
            }
        }
        MoveKind::Null => out.extend([DASH, DASH]),
        MoveKind::Normal {
            role,
            from,
            to,
            capture,
            en_passant,
            promotion,
            disambiguation,
        } => {
            out.extend(compact_move_letter(role));
            match style.moves {
                Moves::Long => {
                    compact_square(from, out);
                    out.push(if capture { CAPTURE } else { DASH });
                }
                Moves::Short => {
                    let pawn_capture = role == shakmaty::Role::Pawn && capture;
                    if disambiguation.file || pawn_capture {
                        out.push(letter(from.file().char() as u8));
                    }
                    if disambiguation.rank {
                        out.push(LOWER_DIGITS[usize::from(u8::from(from.rank())) + 1]);
                    }
                    if capture {
                        out.push(CAPTURE);
                    }
                }
            }
            compact_square(to, out);
            out.extend(promotion.and_then(compact_move_letter));
            // Compact notation writes `ep` (book 4.1): its period ends a game, so `e.p.` is
            // for ordinary notation only.
            if en_passant && style.en_passant != EnPassant::None {
                out.extend([letter(b'e'), letter(b'p')]);
            }
        }
    }
    match m.check {
        Check::None => {}
        Check::Single => out.push(COMPACT_CHECK),
        Check::Double if style.double_check => out.extend([COMPACT_CHECK, COMPACT_CHECK]),
        Check::Double => out.push(COMPACT_CHECK),
        Check::Mate => out.push(COMPACT_MATE),
    }
}

fn compact_square(sq: Square, out: &mut Vec<Cell>) {
    out.extend_from_slice(&COMPACT_SQUARES[broken_rule::apply(sq) as usize]);
}

/// Every square in compact notation, its file letter and its rank in lower digits (`e4` is
/// ⠑⠲), worked out at compile time from [`letter`] and [`LOWER_DIGITS`]: a move's squares are
/// two look-ups.
const COMPACT_SQUARES: [[Cell; 2]; 64] = {
    let mut table = [[Cell::BLANK; 2]; 64];
    let mut i = 0;
    while i < Square::ALL.len() {
        let sq = Square::ALL[i];
        table[sq as usize] = [
            letter(sq.file().char() as u8),
            LOWER_DIGITS[sq.rank() as usize + 1],
        ];
        i += 1;
    }
    table
};

/// The period that ends a game in compact notation.
pub const COMPACT_END: Cell = PERIOD;
/// The omitted-move dash of compact notation (`7 -- sf5`).
pub const COMPACT_OMITTED: [Cell; 2] = [DASH, DASH];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::cell::to_unicode_string;
    use crate::chess::game::Disambiguation;
    use shakmaty::{Color, Role};

    fn mv(role: Role, from: Square, to: Square, capture: bool) -> MoveFacts {
        MoveFacts {
            number: 1,
            color: Color::White,
            kind: MoveKind::Normal {
                role,
                from,
                to,
                capture,
                en_passant: false,
                promotion: None,
                disambiguation: Disambiguation::default(),
            },
            check: Check::None,
        }
    }

    const SHORT: MoveStyle = MoveStyle {
        moves: Moves::Short,
        en_passant: EnPassant::Ep,
        double_check: false,
    };
    const LONG: MoveStyle = MoveStyle {
        moves: Moves::Long,
        en_passant: EnPassant::Ep,
        double_check: false,
    };

    fn print(m: &MoveFacts, style: MoveStyle) -> String {
        let mut s = String::new();
        print_move(m, style, &mut s);
        s
    }

    fn compact(m: &MoveFacts, style: MoveStyle) -> String {
        let mut v = Vec::new();
        compact_move(m, style, &mut v);
        to_unicode_string(&v)
    }

    #[test]
    fn print_forms() {
        let mut m = mv(Role::Knight, Square::B3, Square::D4, true);
        if let MoveKind::Normal { disambiguation, .. } = &mut m.kind {
            disambiguation.file = true;
        }
        m.check = Check::Single;
        assert_eq!(print(&m, SHORT), "Sbxd4+");
        assert_eq!(print(&m, LONG), "Sb3xd4+");
        let p = mv(Role::Pawn, Square::E4, Square::D5, true);
        assert_eq!(print(&p, SHORT), "exd5");
        assert_eq!(print(&p, LONG), "e4xd5");
        let mut ep = mv(Role::Pawn, Square::H4, Square::G3, true);
        if let MoveKind::Normal { en_passant, .. } = &mut ep.kind {
            *en_passant = true;
        }
        assert_eq!(print(&ep, SHORT), "hxg3ep");
        let dotted = MoveStyle {
            en_passant: EnPassant::EDotP,
            ..SHORT
        };
        assert_eq!(print(&ep, dotted), "hxg3e.p.");
        let none = MoveStyle {
            en_passant: EnPassant::None,
            ..SHORT
        };
        assert_eq!(print(&ep, none), "hxg3");
        let mut promo = mv(Role::Pawn, Square::G2, Square::G1, false);
        if let MoveKind::Normal { promotion, .. } = &mut promo.kind {
            *promotion = Some(Role::Queen);
        }
        promo.check = Check::Single;
        assert_eq!(print(&promo, SHORT), "g1D+");
        assert_eq!(print(&promo, LONG), "g2-g1D+");
        let mut castle = mv(Role::King, Square::E1, Square::G1, false);
        castle.kind = MoveKind::Castle(CastlingSide::QueenSide);
        castle.check = Check::Double;
        assert_eq!(print(&castle, SHORT), "0-0-0+");
        let dc = MoveStyle {
            double_check: true,
            ..SHORT
        };
        assert_eq!(print(&castle, dc), "0-0-0++");
        castle.check = Check::Mate;
        assert_eq!(print(&castle, SHORT), "0-0-0#");
    }

    #[test]
    fn compact_forms() {
        let mut q = mv(Role::Queen, Square::D1, Square::E2, false);
        q.check = Check::Single;
        assert_eq!(compact(&q, SHORT), "⠹⠑⠆⠡");
        let mut n = mv(Role::Knight, Square::D2, Square::B3, false);
        if let MoveKind::Normal { disambiguation, .. } = &mut n.kind {
            disambiguation.rank = true;
        }
        assert_eq!(compact(&n, SHORT), "⠎⠆⠃⠒");
        let p = mv(Role::Pawn, Square::D4, Square::E5, true);
        assert_eq!(compact(&p, SHORT), "⠙⠭⠑⠢");
        let qx = mv(Role::Queen, Square::D4, Square::E5, true);
        assert_eq!(compact(&qx, SHORT), "⠹⠭⠑⠢");
        let mut castle = q;
        castle.kind = MoveKind::Castle(CastlingSide::KingSide);
        castle.check = Check::None;
        assert_eq!(compact(&castle, SHORT), "⠴⠤⠴");
        castle.kind = MoveKind::Castle(CastlingSide::QueenSide);
        castle.check = Check::Mate;
        assert_eq!(compact(&castle, SHORT), "⠴⠤⠴⠤⠴⠍");
        let n2 = mv(Role::Knight, Square::G1, Square::F3, false);
        assert_eq!(compact(&n2, LONG), "⠎⠛⠂⠤⠋⠒");
        // En passant is `ep` in compact notation whatever the setting says: a period would
        // end the game.
        let mut ep = mv(Role::Pawn, Square::E5, Square::D6, true);
        if let MoveKind::Normal { en_passant, .. } = &mut ep.kind {
            *en_passant = true;
        }
        for (style, cells) in [
            (EnPassant::Ep, "⠑⠭⠙⠖⠑⠏"),
            (EnPassant::EDotP, "⠑⠭⠙⠖⠑⠏"),
            (EnPassant::None, "⠑⠭⠙⠖"),
        ] {
            let style = MoveStyle {
                en_passant: style,
                ..SHORT
            };
            assert_eq!(compact(&ep, style), cells);
        }
    }
}
