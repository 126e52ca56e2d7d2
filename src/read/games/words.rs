//! One word of a game read back: its cells and place, and what it is ([`parse`]): a move
//! number, a move as written, the dashes, brackets, a result or a sign, or text.

use std::rc::Rc;

use rustc_hash::FxHashMap;
use shakmaty::Role;

use super::moves::{Written, written, written_print};
use crate::braille::Cell;
use crate::braille::pieces::{LOWER_DIGITS, compact_move_letter, letter};
use crate::braille::signs::{self, Placement};
use crate::braille::tables::{CAPITAL, DIGITS, NUMBER_SIGN};
use crate::read::text::to_print;
use crate::settings::Notation;

/// A word of braille and where it stands.
#[derive(Clone, Debug)]
pub(crate) struct Word<'a> {
    /// Its cells, in the line read.
    pub cells: &'a [Cell],
    pub line: u32,
    pub column: u32,
    pub page: u32,
    /// An empty line stands between this word and the one before it (not the line of a page
    /// number, nor the end of a page).
    pub after_blank_line: bool,
}

/// The result a word is (`1-0`, `0-1`, `1/2-1/2`, `remi`), as PGN writes it: its digits
/// lower (as compact notation's moves have them) or upper with number signs (as text and
/// ordinary notation), a period after it or none.
pub(super) fn result_word(cells: &[Cell]) -> Option<&'static str> {
    let cells = cells.strip_suffix(&[PERIOD]).unwrap_or(cells);
    if to_print(cells).eq_ignore_ascii_case("remi") {
        return Some("1/2-1/2");
    }
    const SLASH: Cell = Cell::dots("34");
    [
        &[LOWER_DIGITS[0], LOWER_DIGITS[1], LOWER_DIGITS[2]],
        &[DIGITS[0], DIGITS[1], DIGITS[2]],
    ]
    .into_iter()
    .find_map(|&[zero, one, two]| {
        let sign = match zero == DIGITS[0] {
            true => vec![NUMBER_SIGN[0]],
            false => Vec::new(),
        };
        let half = [sign.clone(), vec![one, SLASH, two]].concat();
        let side = |d: Cell| [sign.clone(), vec![d]].concat();
        let result = |a: &[Cell], b: &[Cell]| [a, &[DASH][..], b].concat();
        if cells == result(&side(one), &side(zero)) {
            Some("1-0")
        } else if cells == result(&side(zero), &side(one)) {
            Some("0-1")
        } else if cells == result(&half, &half) {
            Some("1/2-1/2")
        } else {
            None
        }
    })
}

pub(super) const PERIOD: Cell = Cell::dots("3");
pub(super) const DASH: Cell = Cell::dots("36");
pub(super) const CAPTURE: Cell = Cell::dots("1346");
pub(super) const CHECK: Cell = Cell::dots("16");
pub(super) const MATE: Cell = Cell::dots("134");
const OPEN: Cell = Cell::dots("12356");
const CLOSE: Cell = Cell::dots("23456");
/// Ordinary notation's round brackets (variations at odd depths), the text's `(` and `)`.
const PAREN_OPEN: Cell = Cell::dots("236");
const PAREN_CLOSE: Cell = Cell::dots("356");
/// The signs in round brackets written after a move (rules.md §5): novelty `(n)`, draw
/// offer `(=)`.
const BRACKETED_SIGNS: [[Cell; 3]; 2] = [
    [PAREN_OPEN, Cell::dots("1345"), PAREN_CLOSE],
    [PAREN_OPEN, Cell::dots("2356"), PAREN_CLOSE],
];

/// The value of a word of lower digits (a move number); `None` for anything else.
pub(super) fn number(cells: &[Cell]) -> Option<u32> {
    if cells.is_empty() || cells.len() > 9 {
        return None;
    }
    cells.iter().try_fold(0u32, |n, c| {
        let d = LOWER_DIGITS.iter().position(|d| d == c)?;
        Some(n * 10 + d as u32)
    })
}

pub(super) fn role_of(c: Cell) -> Option<Role> {
    [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
    ]
    .into_iter()
    .find(|&r| compact_move_letter(r) == Some(c))
}

/// The cells that open and close a variation: compact notation's brackets; in ordinary
/// notation also the round ones (variations at odd depths), which are the text's too.
pub(super) fn brackets(notation: Notation) -> (&'static [Cell], &'static [Cell]) {
    match notation {
        Notation::Compact => (&[OPEN], &[CLOSE]),
        Notation::Ordinary => (&[OPEN, PAREN_OPEN], &[CLOSE, PAREN_CLOSE]),
    }
}

/// A sign written after a blank (`⠲⠌⠶`) as a word, with the brackets that close variations
/// after it: its NAG and how many brackets.
pub(crate) fn sign_word(notation: Notation, cells: &[Cell]) -> Option<(u8, usize)> {
    let (_, close) = brackets(notation);
    let closes = cells.iter().rev().take_while(|c| close.contains(c)).count();
    let sign = signs::with_cells(&cells[..cells.len() - closes], Placement::AfterBlank)?;
    Some((*sign.nags.first()?, closes))
}

/// What one word of a game is, its brackets taken off.
#[derive(Clone, Debug, Default)]
pub(crate) struct Parsed {
    /// Variations opened before it, closed after it.
    pub opens: usize,
    pub closes: usize,
    /// The period that ends a game in compact notation.
    pub ends: bool,
    /// A move number (with the move written in the same word in ordinary notation,
    /// `12...Sf5`).
    pub number: Option<u32>,
    /// The dashes `⠤⠤`: a White move left out before a Black move's number (`7 -- sf5`), or
    /// a null move.
    pub omitted: bool,
    /// The number is a Black move's (`12...`, ordinary notation).
    pub black: bool,
    /// A move as written.
    pub written: Option<Written>,
    /// Nothing but brackets (an empty variation) or nothing at all.
    pub empty: bool,
    /// Ordinary notation: the move's print text, for the readings of [`repaired`].
    pub print: Option<String>,
    /// Ordinary notation: the move had a period after it (`Lc5.`, a game's end typed as in
    /// print), read only where no comment has begun.
    pub stopped: bool,
    /// Ordinary notation: the NAGs of the signs written after the move (`!!`, `(n)`).
    pub nags: Vec<u8>,
}

impl Parsed {
    /// Neither a number, nor a move, nor the dashes: text.
    pub(crate) fn is_text(&self) -> bool {
        self.number.is_none() && !self.omitted && self.written.is_none() && !self.empty
    }
}

/// Reads a word in `notation`. Brackets count only around a number or a move (in ordinary
/// notation a comment's parentheses are the same cells).
pub(crate) fn parse(notation: Notation, cells: &[Cell]) -> Parsed {
    let (open, close) = brackets(notation);
    // A sign in round brackets after a move (`(n)`, `(=)`) is a sign, not a variation's.
    let unsigned;
    let mut bracket_nag = None;
    let cells = match notation {
        Notation::Ordinary => match cells
            .windows(3)
            .position(|w| BRACKETED_SIGNS.contains(&[w[0], w[1], w[2]]))
        {
            Some(i) if i > 0 && cells[i + 3..].iter().all(|c| close.contains(c)) => {
                bracket_nag = signs::with_cells(&cells[i..i + 3], Placement::Attached)
                    .and_then(|s| s.nags.first().copied());
                unsigned = [&cells[..i], &cells[i + 3..]].concat();
                &unsigned[..]
            }
            _ => cells,
        },
        Notation::Compact => cells,
    };
    let mut p = Parsed::default();
    p.nags.extend(bracket_nag);
    // (A word opens one variation at most: a variation begins with a move, before any
    // other can open on it. `((2...g5` is a variation, then a comment's bracket.)
    let mut core = cells;
    if core.first().is_some_and(|c| open.contains(c)) {
        core = &core[1..];
        p.opens += 1;
    }
    loop {
        match core.last() {
            Some(c) if close.contains(c) => p.closes += 1,
            Some(&PERIOD) if notation == Notation::Compact && p.closes == 0 && !p.ends => {
                p.ends = true
            }
            _ => break,
        }
        core = &core[..core.len() - 1];
    }
    match notation {
        Notation::Compact => parse_compact(core, &mut p),
        Notation::Ordinary => parse_ordinary(core, &mut p),
    }
    p.empty = core.is_empty();
    if p.is_text() {
        // Text keeps its brackets.
        p.opens = 0;
        p.closes = 0;
        p.ends = false;
    }
    p
}

/// [`parse`] in compact notation: the word's `core` (its brackets and period taken off).
fn parse_compact(core: &[Cell], p: &mut Parsed) {
    p.number = number(core);
    p.omitted = core == [DASH, DASH];
    p.written = written(core);
    if p.ends && p.written.is_none() {
        // The period was the end of `e.p.` (`⠑⠭⠋⠖⠑⠄⠏⠄`), not the game's.
        let with_period = [core, &[PERIOD]].concat();
        if let Some(w) = written(&with_period) {
            p.written = Some(w);
            p.ends = false;
        }
    }
    // A number typed with a period after it, as in print (`⠂⠄`): the number.
    if p.number.is_some() {
        p.ends = false;
    }
}

/// [`parse`] in ordinary notation: the word's `core` (its brackets taken off), read into
/// print.
fn parse_ordinary(core: &[Cell], p: &mut Parsed) {
    let text = to_print(core);
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &text[digits..];
    let dots = rest.bytes().take_while(|&b| b == b'.').count();
    let mv = if digits > 0 && (dots == 1 || dots == 3) {
        p.number = text[..digits].parse().ok();
        p.black = dots == 3;
        &rest[dots..]
    } else {
        text.as_str()
    };
    // (A null move may bear signs too: `--!?`.)
    let sign = signs::attached_at_end(core);
    let unsigned = &core[..core.len() - sign.map_or(0, |s| s.cells().len())];
    p.omitted = unsigned.ends_with(&[DASH, DASH])
        && mv.trim_end_matches(['!', '?']) == to_print(&[DASH, DASH]);
    p.written = (!mv.is_empty()).then(|| written_print(mv)).flatten();
    // A sign right after the move (`!!`, `?`; the print reading drops them).
    if (p.written.is_some() || p.omitted)
        && let Some(sign) = sign
    {
        p.nags.extend(sign.nags.first());
    }
    // A move with a period after it (`Lc5.`): the move, where a move may stand.
    let bare = mv
        .strip_suffix('.')
        .filter(|b| !b.is_empty() && !b.ends_with('.'));
    if p.written.is_none()
        && let Some(bare) = bare
    {
        p.written = written_print(bare);
        p.stopped = true;
    }
    if !mv.is_empty() && p.written.is_none() && p.number.is_some() && !p.omitted {
        p.number = None;
    }
    p.print = Some(match p.stopped {
        true => bare.unwrap_or(mv).to_owned(),
        false => mv.to_owned(),
    });
}

/// Notation words read by the rules of reading, kept by their cells (per notation): a book
/// repeats its move numbers and common moves thousands of times. A word of at most eight
/// cells (nearly every one) is kept by its cells packed in a number, found in a step or two;
/// a longer one by its cells.
#[derive(Default)]
pub(crate) struct Parses {
    short: [FxHashMap<u64, Rc<Parsed>>; 2],
    long: [FxHashMap<Box<[Cell]>, Rc<Parsed>>; 2],
}

/// The most words [`Parses`] keeps of each kind (then it starts again).
const MOST_PARSES: usize = 1 << 16;

impl Parses {
    pub(crate) fn get(&mut self, notation: Notation, cells: &[Cell]) -> Rc<Parsed> {
        let which = usize::from(notation == Notation::Ordinary);
        if cells.len() <= 8 {
            // (Six bits a cell and a set bit above them, so that no two lengths agree.)
            let key = cells
                .iter()
                .fold(1u64, |key, c| (key << 6) | u64::from(c.bits()));
            return cached(&mut self.short[which], key, || parse(notation, cells));
        }
        cached(&mut self.long[which], cells.into(), || {
            parse(notation, cells)
        })
    }
}

/// What `map` keeps for `key`, made by `make` and kept when it is not there.
fn cached<K: std::hash::Hash + Eq>(
    map: &mut FxHashMap<K, Rc<Parsed>>,
    key: K,
    make: impl FnOnce() -> Parsed,
) -> Rc<Parsed> {
    if let Some(p) = map.get(&key) {
        return Rc::clone(p);
    }
    if map.len() >= MOST_PARSES {
        map.clear();
    }
    let p = Rc::new(make());
    map.insert(key, Rc::clone(&p));
    p
}

/// The error for a word where a move is due that reads as no move.
pub(super) const NO_MOVE_DUE: &str = "no move is written so, where a move is due";

/// What a word typed where a move is due may have taken from another habit: the hint for
/// it.
pub(super) fn habit(notation: Notation, cells: &[Cell]) -> Option<&'static str> {
    let first = *cells.first()?;
    match notation {
        Notation::Compact if first == CAPITAL[0] => {
            Some("compact notation writes its piece letters without a capital sign")
        }
        Notation::Compact
            if first == letter(b'd')
                && cells
                    .get(1)
                    .is_some_and(|&c| (b'a'..=b'h').any(|l| letter(l) == c)) =>
        {
            Some("the queen is ⠹ (ô, dots 1 4 5 6) in compact notation; D is print's letter")
        }
        Notation::Compact if first == NUMBER_SIGN[0] => {
            Some("compact notation writes move numbers in lower digits, without a number sign")
        }
        // Two digits at the end: the rank, then dots 2 5 6 (the print check sign's cell).
        Notation::Compact
            if cells.len() > 2
                && cells.ends_with(&[Cell::dots("256")])
                && LOWER_DIGITS.contains(&cells[cells.len() - 2]) =>
        {
            Some("check is ⠡ (dots 1 6) in compact notation")
        }
        // (Print's O-O, or compact notation's castling in upper zeros: `⠚⠤⠚`.)
        Notation::Compact | Notation::Ordinary
            if cells.contains(&Cell::dots("135"))
                || (notation == Notation::Compact
                    && cells.contains(&Cell::dots("36"))
                    && cells.iter().filter(|&&c| c == DIGITS[0]).count() >= 2) =>
        {
            Some("castling is written with zeros: ⠴⠤⠴ in compact notation, ⠼⠚⠤⠼⠚ in ordinary")
        }
        _ => None,
    }
}
