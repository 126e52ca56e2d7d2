//! One move in braille: ordinary notation (Swedish print notation under the text rules,
//! rules.md §2) and compact notation (rules.md §3).

use rustc_hash::FxHashMap;
use shakmaty::{CastlingSide, Square};

use super::cell::{Cell, ShortRun};
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
/// Games repeat the same few thousand move texts (`Sf3`, `exd5`, `0-0`) again and again, so
/// each move's cells are made once, by [`text::translate`], and copied after that: kept in a
/// bounded cache keyed by the print text itself (a move's text is a few ASCII bytes: the key
/// is those bytes in one number, cheap to hash), with the cells the move takes after a Black
/// move's number. A move met before is found by its facts ([`move_code`]) without its print
/// text being made again. Move numbers are kept by number.
#[derive(Default)]
pub struct OrdinaryMoves {
    scratch: String,
    /// The moves translated so far, by their print text ([`text_key`]): where their cells
    /// stand in `cells`.
    cache: FxHashMap<u128, Known>,
    /// The moves met so far, by their facts ([`move_code`]; the style is fixed for a
    /// writer's life): where their cells stand in `cells`. Moves from other squares share a
    /// print text (`Sf3` from g1 or from d2), so this holds more entries than `cache`.
    by_code: FxHashMap<u32, Known>,
    /// The cells of the moves in `cache`, one after the other.
    cells: Vec<Cell>,
    /// White move numbers `N.` by number.
    numbers: Vec<Vec<Cell>>,
    /// Black move numbers `N...` by number.
    black_numbers: Vec<Vec<Cell>>,
}

/// Where a translated move's cells stand in [`OrdinaryMoves`]' cells: from `start`, `alone`
/// cells for the move as a word of its own, then `after_number` cells for the move right
/// after a Black move's number (`7...a6` takes the separator before `a`: number mode runs
/// on into the move).
#[derive(Copy, Clone)]
struct Known {
    start: u32,
    alone: u8,
    after_number: u8,
}

/// Entries the cache holds before it starts afresh (a few hundred kilobytes at most).
const CACHE_LIMIT: usize = 16 * 1024;

/// A move as one number: every fact its print text is made from (its kind and check), each
/// in bits of its own.
fn move_code(m: &MoveFacts) -> u32 {
    let kind = match m.kind {
        MoveKind::Normal {
            role,
            from,
            to,
            capture,
            en_passant,
            promotion,
            disambiguation,
        } => {
            role as u32
                | (from as u32) << 3
                | (to as u32) << 9
                | u32::from(capture) << 15
                | u32::from(en_passant) << 16
                | promotion.map_or(0, |r| r as u32) << 17
                | u32::from(disambiguation.file) << 20
                | u32::from(disambiguation.rank) << 21
        }
        MoveKind::Castle(side) => 1 << 22 | side as u32,
        MoveKind::Null => 2 << 22,
    };
    kind << 2 | m.check as u32
}

/// A move's print text as a cache key: its bytes, zero-padded, in one number; `None` for a
/// text longer than 16 bytes (no move's is: `Lf1xb5e.p.++` is 12).
fn text_key(text: &str) -> Option<u128> {
    let mut bytes = [0u8; 16];
    bytes
        .get_mut(..text.len())?
        .copy_from_slice(text.as_bytes());
    Some(u128::from_le_bytes(bytes))
}

/// The Black move number in whose number mode a move's cells after a number are made (any
/// number gives the same cells after it: a test checks that the cells of `N...` and a move
/// are those of `N...` and of the move after `1...`).
const SOME_BLACK_NUMBER: &str = "1...";

impl OrdinaryMoves {
    /// Writes a move. With `black_number`, the move is a Black move written with its number
    /// (`12...Sf5`): number and move are one word, in number mode as one text (`7...a6` takes
    /// the separator before `a`).
    pub fn write(
        &mut self,
        m: &MoveFacts,
        style: MoveStyle,
        black_number: Option<u32>,
        out: &mut Vec<Cell>,
    ) {
        let code = move_code(m);
        let known = match self.by_code.get(&code) {
            Some(&known) => known,
            None => match self.by_text(m, style, code) {
                Some(known) => known,
                None => return self.translate_whole(black_number, out),
            },
        };
        let start = known.start as usize;
        let (from, len) = match black_number {
            None => (start, known.alone),
            Some(n) => {
                number_cells(&mut self.black_numbers, n, "...", out);
                (start + usize::from(known.alone), known.after_number)
            }
        };
        out.extend_from_slice(&self.cells[from..from + usize::from(len)]);
    }

    /// Writes a White move number: `12.` (a blank follows, glued to the move).
    pub fn number(&mut self, number: u32, out: &mut Vec<Cell>) {
        number_cells(&mut self.numbers, number, ".", out);
    }

    /// A move not met before by its facts: its print text made (in `scratch`) and looked up,
    /// or translated, and kept under `code` too. `None` for a text too long to be a key.
    #[inline(never)]
    fn by_text(&mut self, m: &MoveFacts, style: MoveStyle, code: u32) -> Option<Known> {
        self.scratch.clear();
        print_move(m, style, &mut self.scratch);
        let key = text_key(&self.scratch)?;
        let known = match self.cache.get(&key) {
            Some(&known) => known,
            None => self.learn(key),
        };
        if self.by_code.len() >= CACHE_LIMIT {
            self.by_code.clear();
        }
        self.by_code.insert(code, known);
        Some(known)
    }

    /// Translates the move in `scratch` (alone, and after a Black move's number) and keeps
    /// its cells under `key`.
    #[cold]
    fn learn(&mut self, key: u128) -> Known {
        if self.cache.len() >= CACHE_LIMIT {
            self.cache.clear();
            self.by_code.clear();
            self.cells.clear();
        }
        let mut unmapped: Vec<Unmapped> = Vec::new();
        let start = self.cells.len();
        text::translate(&self.scratch, &mut self.cells, &mut unmapped);
        let alone = self.cells.len() - start;
        // The move after a number: the cells of number and move, less the number's.
        let (mut number, mut both) = (Vec::new(), Vec::new());
        text::translate(SOME_BLACK_NUMBER, &mut number, &mut unmapped);
        let text = format!("{SOME_BLACK_NUMBER}{}", self.scratch);
        text::translate(&text, &mut both, &mut unmapped);
        self.cells
            .extend_from_slice(both.get(number.len()..).unwrap_or_default());
        let after_number = self.cells.len() - start - alone;
        let known = Known {
            start: start as u32,
            alone: u8::try_from(alone).unwrap_or(u8::MAX),
            after_number: u8::try_from(after_number).unwrap_or(u8::MAX),
        };
        self.cache.insert(key, known);
        known
    }

    /// The move in `scratch` translated as it is, with its number when it is a Black move
    /// written with one: a text too long to be a key (none is).
    #[cold]
    fn translate_whole(&mut self, black_number: Option<u32>, out: &mut Vec<Cell>) {
        let text = match black_number {
            Some(n) => format!("{n}...{}", self.scratch),
            None => self.scratch.clone(),
        };
        text::translate(&text, out, &mut Vec::new());
    }
}

/// Appends the cells of the move number `number` with `periods` after it (`12.`, `12...`),
/// kept in `kept` by number: translated the first time only.
fn number_cells(kept: &mut Vec<Vec<Cell>>, number: u32, periods: &str, out: &mut Vec<Cell>) {
    let i = number as usize;
    if let Some(cells) = kept.get(i).filter(|c| !c.is_empty()) {
        out.extend_from_slice(cells);
        return;
    }
    let start = out.len();
    text::translate(&format!("{number}{periods}"), out, &mut Vec::new());
    if i < 1000 {
        if kept.len() <= i {
            kept.resize(i + 1, Vec::new());
        }
        kept[i] = out[start..].to_vec();
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
    // (Gathered in registers and appended at once: at most 9 cells.)
    let mut run = ShortRun::default();
    compact_cells(m, style, &mut run);
    run.append_to(out);
}

/// [`compact_move`]'s cells.
#[inline(always)]
fn compact_cells(m: &MoveFacts, style: MoveStyle, out: &mut ShortRun) {
    match m.kind {
        MoveKind::Castle(side) => {
            out.extend(&[LOWER_DIGITS[0], DASH, LOWER_DIGITS[0]]);
            if side == CastlingSide::QueenSide {
                out.extend(&[DASH, LOWER_DIGITS[0]]);
            }
        }
        MoveKind::Null => out.extend(&[DASH, DASH]),
        MoveKind::Normal {
            role,
            from,
            to,
            capture,
            en_passant,
            promotion,
            disambiguation,
        } => {
            if let Some(c) = compact_move_letter(role) {
                out.push(c);
            }
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
            if let Some(c) = promotion.and_then(compact_move_letter) {
                out.push(c);
            }
            // Compact notation writes `ep` (book 4.1): its period ends a game, so `e.p.` is
            // for ordinary notation only.
            if en_passant && style.en_passant != EnPassant::None {
                out.extend(&[letter(b'e'), letter(b'p')]);
            }
        }
    }
    match m.check {
        Check::None => {}
        Check::Single => out.push(COMPACT_CHECK),
        Check::Double if style.double_check => out.extend(&[COMPACT_CHECK, COMPACT_CHECK]),
        Check::Double => out.push(COMPACT_CHECK),
        Check::Mate => out.push(COMPACT_MATE),
    }
}

#[inline(always)]
fn compact_square(sq: Square, out: &mut ShortRun) {
    out.push_pair(COMPACT_SQUARES[broken_rule::apply(sq) as usize]);
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

    /// A move's cells are kept by its print text, and a Black move's number is written from
    /// its own cells before the move's cells after a number: the same cells as the number and
    /// the move translated as one text, whatever the number.
    #[test]
    fn kept_cells_are_those_of_the_text_translated() {
        let mut moves = vec![
            mv(Role::Knight, Square::G1, Square::F3, false),
            mv(Role::Pawn, Square::E4, Square::D5, true),
            mv(Role::Pawn, Square::A2, Square::A4, false),
            mv(Role::Queen, Square::D1, Square::H5, true),
        ];
        let mut castle = mv(Role::King, Square::E1, Square::G1, false);
        castle.kind = MoveKind::Castle(CastlingSide::QueenSide);
        castle.check = Check::Mate;
        moves.push(castle);
        let mut ep = mv(Role::Pawn, Square::E5, Square::D6, true);
        if let MoveKind::Normal { en_passant, .. } = &mut ep.kind {
            *en_passant = true;
        }
        ep.check = Check::Double;
        moves.push(ep);
        let mut null = mv(Role::Pawn, Square::E5, Square::D6, true);
        null.kind = MoveKind::Null;
        moves.push(null);
        let dotted = MoveStyle {
            en_passant: EnPassant::EDotP,
            double_check: true,
            ..LONG
        };
        let translated = |text: &str| {
            let mut out = Vec::new();
            text::translate(text, &mut out, &mut Vec::new());
            to_unicode_string(&out)
        };
        for style in [SHORT, LONG, dotted] {
            let mut ordinary = OrdinaryMoves::default();
            // (Twice: made, then kept.)
            for _ in 0..2 {
                for m in &moves {
                    let text = print(m, style);
                    let mut out = Vec::new();
                    ordinary.write(m, style, None, &mut out);
                    assert_eq!(to_unicode_string(&out), translated(&text), "{text}");
                    for n in [0, 1, 7, 9, 10, 99, 100, 999, 1000, 12_345] {
                        let mut out = Vec::new();
                        ordinary.write(m, style, Some(n), &mut out);
                        let whole = translated(&format!("{n}...{text}"));
                        assert_eq!(to_unicode_string(&out), whole, "{n}...{text}");
                    }
                }
            }
        }
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
