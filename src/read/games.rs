//! Games read back from braille words. Compact notation (rules.md §3): move numbers in lower
//! digits, moves with the compact piece letters (k ô t l s), squares as a letter and a lower
//! digit, `⠭` a capture, `⠤` the dash of long moves, `⠡` check, `⠍` mate, `⠤⠤` an omitted
//! White move, `⠷ ⠾` a variation, `⠄` the end of a game. Ordinary notation (rules.md §2): the
//! words read back into print by the text tables, then as Swedish print moves. Comments in
//! text braille between moves. Every move is found among the legal moves of the position: a
//! word that reads as a move but is none is an error at its place, with the moves read so far.

use std::cell::RefCell;
use std::rc::Rc;

use rustc_hash::FxHashMap;
use shakmaty::san::{San, SanPlus};
use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, File, FromSetup, Move, Position, Rank, Role, Square,
    attacks,
};

use super::diagram::ReadDiagram;
use super::text::to_print;
use crate::braille::Cell;
use crate::braille::pieces::{LOWER_DIGITS, compact_move_letter, letter};
use crate::braille::signs::{self, Placement};
use crate::braille::tables::{CAPITAL, DIGITS, NUMBER_SIGN};
use crate::error::{Diagnostic, Error, Location, Result};
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

/// A line of text that may belong to a game's heading.
#[derive(Clone, Debug)]
pub(crate) struct HeadingLine<'a> {
    pub line: u32,
    /// Its braille page.
    pub page: u32,
    /// Its cells from its first word to its last (read into print only when it is a heading).
    pub cells: &'a [Cell],
    /// It starts with blanks: it goes on with the line before it.
    pub continued: bool,
    /// Its first word would not have fit at the end of the line before, which it may go on
    /// from (a bulletin's game heading wraps with no indent).
    pub filled: bool,
    /// The line before it was full: a word was cut there (no blank between them).
    pub cut: bool,
    /// It belongs to a paragraph of prose: one that begins indented after an empty line (or
    /// right after another such paragraph), its next lines at the margin. No game's heading
    /// (a heading begins at the margin, its next lines indented).
    pub prose: bool,
}

/// What a game read back holds, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A move in standard algebraic notation (English letters) with its check sign, its
    /// number and side.
    Move {
        san: String,
        /// The move in UCI (`e2e4`, `e1g1`, `e7e8q`): what the builds that check themselves
        /// compare.
        uci: String,
        number: u32,
        white: bool,
    },
    Comment(String),
    /// An annotation sign after a move (rules.md §5), as its PGN NAG (`!!` → 3, `⠲⠌⠶` → 14);
    /// the draw offer `⠦⠶⠴`, which PGN has no NAG for, as 0 (PGN's null annotation, which no
    /// sign means), written back as `(=)`.
    Nag(u8),
    VariationStart,
    VariationEnd,
}

impl Item {
    /// What the builds that check themselves compare: a move's UCI, `(` and `)` for a
    /// variation; `None` for comments and annotation signs.
    pub fn signature(&self) -> Option<&str> {
        match self {
            Item::Move { uci, .. } => Some(uci),
            Item::VariationStart => Some("("),
            Item::VariationEnd => Some(")"),
            Item::Comment(_) | Item::Nag(_) => None,
        }
    }
}

/// A game read back: the text of the lines before it (its heading), its moves; or a diagram:
/// its position (`start`, FEN) and no moves.
#[derive(Debug, Default)]
pub struct ReadGame {
    /// The file line where it begins.
    pub line: u32,
    pub heading: Vec<String>,
    pub items: Vec<Item>,
    /// The position it starts from when that is not the start position (a diagram).
    pub start: Option<String>,
    /// That position castles as in Chess960 (a king off its square between its rooks).
    pub chess960: bool,
    /// Why it could not be read to its end (`keep_going`): its moves are those before.
    pub error: Option<Error>,
    /// The result typed after its last move (a scoresheet's `1-0`), as PGN writes it.
    pub result: Option<String>,
    /// Where the braille allows two readings and the rules chose one with little to go on
    /// (the game's move or a comment's): each with both readings and its place. A reading
    /// that is sure has none.
    pub doubts: Vec<crate::error::Warning>,
}

/// The result a word is (`1-0`, `0-1`, `1/2-1/2`, `remi`), as PGN writes it: its digits
/// lower (as compact notation's moves have them) or upper with number signs (as text and
/// ordinary notation), a period after it or none.
fn result_word(cells: &[Cell]) -> Option<&'static str> {
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

const PERIOD: Cell = Cell::dots("3");
const DASH: Cell = Cell::dots("36");
const CAPTURE: Cell = Cell::dots("1346");
const CHECK: Cell = Cell::dots("16");
const MATE: Cell = Cell::dots("134");
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
fn number(cells: &[Cell]) -> Option<u32> {
    if cells.is_empty() || cells.len() > 9 {
        return None;
    }
    cells.iter().try_fold(0u32, |n, c| {
        let d = LOWER_DIGITS.iter().position(|d| d == c)?;
        Some(n * 10 + d as u32)
    })
}

fn role_of(c: Cell) -> Option<Role> {
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
fn brackets(notation: Notation) -> (&'static [Cell], &'static [Cell]) {
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

/// How many words of a comment at the start of a variation are looked through for its move.
const MOST_COMMENT_WORDS: usize = 24;
/// How many words of a comment before a study's first move (right after its diagram) are
/// looked through for the move.
const MOST_STUDY_WORDS: usize = 400;

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
        Notation::Compact => {
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
        Notation::Ordinary => {
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

/// Ordinary moves typed without a capital sign (`sf3` for `Sf3`) or without the number sign
/// (`ed` for `e4`: the digits are the letters a to j without it): the readings that put them
/// back, for a word that reads as no legal move as it stands.
fn repaired(text: &str) -> Vec<String> {
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
fn written_print(text: &str) -> Option<Written> {
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
fn written(cells: &[Cell]) -> Option<Written> {
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
fn only_fitting(pos: &Chess, w: &Written) -> Option<Move> {
    match fitting(pos, w)[..] {
        [m] => Some(m),
        _ => None,
    }
}

pub(crate) fn fitting(pos: &Chess, w: &Written) -> Vec<Move> {
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
/// when it names them (the rest never fit).
fn candidates(pos: &Chess, w: &Written) -> shakmaty::MoveList {
    match (w.castle, w.to) {
        (None, Some(to)) => pos.san_candidates(w.role.unwrap_or(Role::Pawn), to),
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

/// The error for a word where a move is due that reads as no move.
const NO_MOVE_DUE: &str = "no move is written so, where a move is due";

/// What a word typed where a move is due may have taken from another habit: the hint for
/// it.
fn habit(notation: Notation, cells: &[Cell]) -> Option<&'static str> {
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

/// Where the reading of one game stands.
struct Reader<'a> {
    file: &'a str,
    notation: Notation,
    pos: Chess,
    /// The position before the last move (a variation starts from it).
    before: Option<Chess>,
    /// Positions to go back to when a variation ends: (position, before).
    stack: Vec<(Chess, Option<Chess>)>,
    game: ReadGame,
    comment: Vec<Cell>,
    /// Moves read so far (before the first, text that looks like a move is heading text).
    moves_read: usize,
    /// The word before was a move number alone (a move follows).
    after_number: bool,
    /// That number was a Black move's (`12...`).
    after_black_number: bool,
    /// The move before was read without its capital or number sign put back.
    repairing: bool,
    /// A move of this game was read so: its typist leaves the signs out (also after a move
    /// that needs none put back, castling or a pawn's).
    unsigned: bool,
    /// The first word of the comment read, when it began right after a move.
    comment_start: Option<Spot>,
    /// How deep in trial readings this reader is ([`Reader::comment_names_the_move`]): 0 for
    /// the reading itself; at [`TRIALS_DEEP`] it tries no readings of its own.
    trial: u8,
    /// The next word is read as a move, untried (the trial of that reading).
    as_move: bool,
    /// The word just read, a move number alone, was taken for the game's with little to go
    /// on ([`Reader::comment_names_the_move`]): its doubt, said when its move is played.
    doubt: Option<Diagnostic>,
    /// The words read so far, by their cells (trial readings read the same words again).
    parses: &'a RefCell<Parses>,
    /// White moves read as the game's that were written in one word with their number
    /// (`11.d4`): ordinary notation sets the game's apart (`11. d4`), a comment's as its
    /// source wrote it, so a reading that takes many for the game's is less likely.
    glued: usize,
}

/// One of the two readings [`Reader::comment_names_the_move`] tries, as far as it got.
struct Attempt<'a> {
    r: Reader<'a>,
    /// The last word's reading: `Ok(false)` while it reads on.
    read: Result<bool>,
    /// Moves it loses for the number written again that it took for text (two each).
    again: usize,
    /// Of those, and of a failure there, the times it was the same move.
    same: usize,
    /// The word before was the number again, apart from the same move.
    apart_again: bool,
}

/// What [`Reader::comment_names_the_move`] chose.
struct Choice {
    /// The word is the comment's, not the game's.
    comment: bool,
    /// The readings scored (about) the same: the other may be right.
    doubtful: bool,
}

/// Trial readings within trial readings, at most (each tries two readings of the words after
/// one that may be a comment's move: [`Reader::comment_names_the_move`]).
const TRIALS_DEEP: u8 = 2;
/// Words a trial reading within a trial reads on, at most: a wrong reading goes wrong within a
/// few moves (numbers that are not due), and the readings stay cheap in long annotated games.
const TRIAL_WORDS: usize = 60;
/// Words the two readings of the reading itself read on, at most: a comment may hold a line
/// of a dozen moves and a hundred words, and the game's own moves after it are what tell the
/// readings apart (on real annotated games 240 read as many games right as 500, and more than
/// 60 or 120).
const READING_WORDS: usize = 240;

/// Where a word stood, kept after it.
#[derive(Clone)]
struct Spot {
    cells: Vec<Cell>,
    line: u32,
    column: u32,
    page: u32,
}

impl Spot {
    fn word(&self) -> Word<'_> {
        Word {
            cells: &self.cells,
            line: self.line,
            column: self.column,
            page: self.page,
            after_blank_line: false,
        }
    }
}

impl Reader<'_> {
    /// A copy to read on with, as a trial: the game's state and its items from the last move
    /// on, not its heading.
    fn trial(&self) -> Self {
        Reader {
            file: self.file,
            notation: self.notation,
            pos: self.pos.clone(),
            before: self.before.clone(),
            stack: self.stack.clone(),
            game: ReadGame {
                // (From the last move on: a reading looks back no further, and a copy of
                // the whole game at every trial would cost its length each time.)
                items: self.game.items[self
                    .game
                    .items
                    .iter()
                    .rposition(|i| matches!(i, Item::Move { .. }))
                    .unwrap_or(0)..]
                    .to_vec(),
                ..ReadGame::default()
            },
            comment: self.comment.clone(),
            moves_read: self.moves_read,
            after_number: self.after_number,
            after_black_number: self.after_black_number,
            repairing: self.repairing,
            unsigned: self.unsigned,
            comment_start: self.comment_start.clone(),
            trial: self.trial + 1,
            as_move: false,
            doubt: None,
            glued: self.glued,
            parses: self.parses,
        }
    }

    /// A word read by [`parse`], kept for the next time it is read.
    fn parsed(&self, cells: &[Cell]) -> Rc<Parsed> {
        self.parses.borrow_mut().get(self.notation, cells)
    }

    /// Whether `other` stands where this reader stands, in a state that reads the words
    /// after alike: the same positions (also those variations go back to), between moves,
    /// with no comment begun.
    fn same_state(&self, other: &Self) -> bool {
        self.comment.is_empty()
            && other.comment.is_empty()
            && self.pos == other.pos
            && self.pos.fullmoves() == other.pos.fullmoves()
            && self.before == other.before
            && self.stack == other.stack
            && self.after_number == other.after_number
            && self.after_black_number == other.after_black_number
            && self.repairing == other.repairing
            && self.unsigned == other.unsigned
            && !self.as_move
            && !other.as_move
    }

    /// Ordinary notation: whether the word `w`, a move with the number due (`2...Sc6`), is a
    /// comment's and not the game's. A comment is text with nothing to close it: it may begin
    /// with a move (`{1...b6 är sämre} 1...e6`) or name the very move that follows it
    /// (`Efter 2...Sc6 3.Lb5 a6 blir det spanskt. 2...Sc6 3. Lb5`). The game's own move is
    /// the reading after which the rest of the game reads on as moves: both readings are
    /// tried on (to the game's end, its blank line, or [`READING_WORDS`] words, in a trial
    /// [`TRIAL_WORDS`]), and the one that reads more moves wins; a reading that takes the same
    /// number written again later for text loses two moves for it, and one that ends in an
    /// error two. White's number standing apart from its move (`11. Sb3`, as the game's are
    /// written) is the comment's only where that reading wins by more than two.
    /// When the rest reads the same either way (the move ends a variation or the game), it
    /// is the game's right after a move (`40. Dxf7 och svart gav upp`), after a comment that
    /// ends a sentence (`Nu avgör: 40. Dxf7`) or names it (`Nu avgör 4. La4 4. La4 och …`),
    /// and where no text follows it (`och sedan 2...Sf6)`); else the comment's (`c5 och
    /// 11.d4 följer)`).
    /// The choice is doubtful ([`Choice::doubtful`]) where the readings tie, or where the
    /// comment's wins by no more than one penalty: a reading's score is then no evidence,
    /// and the braille says both (on real annotated games every reading that went wrong
    /// silently went wrong at such a choice, and no right one had one).
    fn comment_names_the_move(&self, w: &Word<'_>, p: &Parsed, rest: &[Word<'_>]) -> Choice {
        // A reading's score: the moves it reads, less two for each word after it with this
        // number, as this side's, that it takes for text at this depth of variations (the
        // move written again: `… blir det spanskt. 2...Sc6`).
        let depth = self.stack.len();
        // The move a word names here, with its number (in the word after an apart one).
        let here = self.played_in(p.opens);
        let named_move = |q: &Parsed, after: Option<&Word<'_>>| {
            let written = q
                .written
                .or_else(|| after.and_then(|a| self.parsed(a.cells).written))?;
            only_fitting(here, &written)
        };
        let this_move = named_move(p, rest.first());
        let window = match self.trial {
            0 => READING_WORDS,
            _ => TRIAL_WORDS,
        };
        // The two readings, read on word by word side by side.
        let start = |as_move: bool| {
            let mut r = self.trial();
            let read = match as_move {
                true => {
                    r.as_move = true;
                    r.read_word(w, rest)
                }
                false => {
                    r.text_word(w.cells);
                    Ok(false)
                }
            };
            Attempt {
                r,
                read,
                again: 0,
                same: 0,
                apart_again: false,
            }
        };
        let mut attempts = [start(false), start(true)];
        let mut k = 0;
        while attempts.iter().any(|a| matches!(a.read, Ok(false))) {
            // (To the game's end: a blank line, or the next game's first move number: a `1`
            // after the first moves, White's `1.` after Black's first; a variation's `(1...` is
            // none.)
            // (Or the next game's players' line at a page's top, `Vit 753 -- Svart 753`,
            // where the page's end took the blank line away.)
            let players_overleaf = |n: &Word<'_>| {
                let page_before = match k {
                    0 => w.page,
                    _ => rest[k - 1].page,
                };
                n.page > page_before
                    && n.column == 1
                    && rest[k..].windows(2).take(6).any(|pair| {
                        let q = self.parsed(pair[0].cells);
                        pair[1].cells == [DASH, DASH]
                            && pair[1].line == n.line
                            && q.number.is_none()
                            && q.written.is_none()
                    })
            };
            let Some(next) = rest.get(k).filter(|n| {
                let q = self.parsed(n.cells);
                k < window
                    && !n.after_blank_line
                    && !players_overleaf(n)
                    && !(q.number == Some(1)
                        && q.opens == 0
                        && (p.number.is_some_and(|n| n > 1) || (p.black && !q.black)))
            }) else {
                break;
            };
            k += 1;
            let q = self.parsed(next.cells);
            let number_again = q.number == p.number && q.black == p.black && q.opens == 0;
            let same_again = || this_move.is_some() && named_move(&q, rest.get(k)) == this_move;
            for a in attempts.iter_mut().filter(|a| matches!(a.read, Ok(false))) {
                let r = &mut a.r;
                let (moves, at) = (r.moves_read, r.stack.len());
                a.read = r.word(next, &rest[k..]);
                // (A number read as one, its move in the next word, is no text.)
                if r.moves_read == moves && !r.after_number && at == depth && number_again {
                    a.again += 2;
                    a.same += usize::from(same_again());
                } else if a.read.is_err() && (number_again || a.apart_again) {
                    // (Failing at the same move, or at its word after its number apart.)
                    a.same += usize::from(same_again() || a.apart_again);
                }
                a.apart_again = number_again && q.written.is_none() && same_again();
            }
            // Where the readings have come to the same place in the same state, they read
            // the rest alike: what they differ by is known.
            let [text, read] = &attempts;
            if text.read.is_ok() && read.read.is_ok() && text.r.same_state(&read.r) {
                break;
            }
        }
        let score = |a: &Attempt<'_>| {
            // A reading that ends in an error loses two moves too.
            let wrong = if a.read.is_err() { 2 } else { 0 };
            let glued = a.r.glued - self.glued;
            (
                a.r.moves_read.saturating_sub(a.again + wrong),
                a.same,
                glued,
            )
        };
        let ((text, _, text_glued), (read, same, read_glued)) =
            (score(&attempts[0]), score(&attempts[1]));
        let sentence_ends = || {
            let before = to_print(&self.comment);
            before.trim_end().ends_with(['.', ':', '!', '?', ')'])
        };
        // The comment names this move before (`Nu avgör 4. La4 4. La4 och …`): this is the
        // game's.
        let named = || {
            self.comment
                .split(|c| c.is_blank())
                .map(|c| parse(self.notation, c))
                .any(|q| q.number == p.number && q.black == p.black)
        };
        // (Where the readings differ by this move alone, it is the game's unless it is
        // White's written with its number in one word, `11.d4`: the writer of books sets a
        // White move apart from its number, `11. d4`, and a comment's move is as its source
        // wrote it. Black's move after a comment is written `11...d4` either way: the
        // game's, as comments are mostly words and evaluations, `{bra} 2...Sc6`, `{0.00}`.)
        let glued_white = p.written.is_some() && !p.black;
        // (White's number standing apart, as the writer sets the game's moves: the comment's
        // only where its reading wins by more than one penalty, `a4! 11. Sb3 förhindras.`.)
        let apart_margin = match p.written.is_none() && !p.black {
            true => 2,
            false => 0,
        };
        // (The move written again, read as text or failing, is evidence at any margin.)
        let apart_margin = if same > 0 { 0 } else { apart_margin };
        let comment = text > read + apart_margin
            || (text + 1 == read
                && glued_white
                && !self.comment.is_empty()
                && self.text_follows(p, rest)
                && !sentence_ends()
                && !named());
        // (The game's move where the comment named it, `… blir det spanskt. 2...Sc6`: the
        // reading that takes the first for the game's takes the same move written again for
        // text, or fails at it; that is evidence, not a doubt.)
        // (Nor is a tie where the comment's reading takes more moves written in one word with
        // their White number for the game's, `{eller 2.e4} 2...d6`, as the game's moves are
        // not written.)
        let unlike = !comment && text_glued > read_glued;
        Choice {
            comment,
            doubtful: (read..=read + 2).contains(&text) && same == 0 && !unlike,
        }
    }

    /// Whether text follows the move of `p` (after the move's word when the number stands
    /// apart), and the move closes no variation.
    fn text_follows(&self, p: &Parsed, rest: &[Word<'_>]) -> bool {
        let parsed = |k: usize| {
            rest.get(k)
                .filter(|n| !n.after_blank_line)
                .map(|n| self.parsed(n.cells))
        };
        match p.written {
            Some(_) => p.closes == 0 && parsed(0).is_some_and(|q| q.is_text()),
            None => {
                parsed(0).is_some_and(|q| q.closes == 0) && parsed(1).is_some_and(|q| q.is_text())
            }
        }
    }

    fn error(&self, w: &Word<'_>, message: String) -> Error {
        self.diagnostic(w, message).into()
    }

    /// An error at a word where a move is due, with a hint when the word looks like a
    /// habit of the other notation or of print.
    fn error_at_move(&self, w: &Word<'_>, message: &str) -> Error {
        let d = self.diagnostic(w, message.to_owned());
        match habit(self.notation, w.cells) {
            Some(hint) => d.with_hint(hint).into(),
            None => d.into(),
        }
    }

    fn diagnostic(&self, w: &Word<'_>, message: String) -> Diagnostic {
        let read: Vec<&str> = self
            .game
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Move { san, .. } => Some(san.as_str()),
                _ => None,
            })
            .collect();
        let tail: Vec<&str> = read.iter().rev().take(6).rev().copied().collect();
        Diagnostic::new(
            Location {
                file: self.file.to_owned(),
                line: w.line,
                column: w.column,
            },
            format!(
                "{message}: {} (braille page {}){}",
                crate::braille::cell::to_unicode_string(w.cells),
                w.page,
                match tail.len() {
                    0 => String::new(),
                    _ => format!("; the moves before it: {}", tail.join(" ")),
                }
            ),
        )
    }

    /// The move `written` names in `here`, in print (`9. Nxd5`, `9... Nxd5`), as the doubt
    /// about the word `p` names it.
    fn san_fitting(&self, here: &Chess, written: &Written, p: &Parsed) -> Option<String> {
        let m = only_fitting(here, written)?;
        let san = SanPlus::from_move(here.clone(), m);
        let number = here.fullmoves().get();
        Some(match p.black {
            true => format!("{number}... {san}"),
            false => format!("{number}. {san}"),
        })
    }

    /// The doubt about the word `w`, read as a comment's text (`as_comment`) or as the game's
    /// move `san`: both readings, where they stand.
    fn doubt(&self, w: &Word<'_>, san: Option<String>, as_comment: bool) -> Diagnostic {
        let san = san.unwrap_or_else(|| "its move".into());
        let message = match as_comment {
            true => format!(
                "two readings remain: read as a comment's words; as the game's move {san} the \
                 rest reads about as well"
            ),
            false => format!(
                "two readings remain: read as the game's move {san}; as a comment's words the \
                 rest reads about as well"
            ),
        };
        self.diagnostic(w, message)
            .with_hint("check the game here against the print; the PGN has the reading named first")
    }

    fn flush_comment(&mut self) {
        if !self.comment.is_empty() {
            let text = to_print(&self.comment);
            self.comment.clear();
            if !text.is_empty() {
                self.game.items.push(Item::Comment(text));
            }
        }
    }

    fn play(&mut self, m: Move) {
        let number = self.pos.fullmoves().get();
        let white = self.pos.turn() == shakmaty::Color::White;
        let san = SanPlus::from_move(self.pos.clone(), m);
        self.before = Some(self.pos.clone());
        self.pos.play_unchecked(m);
        // (Castling as the games written name it, whatever the king's square: played
        // already, so the side is the one not to move now.)
        let uci = match m.castling_side() {
            Some(side) => crate::chess::game::castle_uci(!self.pos.turn(), side),
            None => m.to_uci(shakmaty::CastlingMode::Standard).to_string(),
        };
        self.game.items.push(Item::Move {
            san: san.to_string(),
            uci,
            number,
            white,
        });
        self.moves_read += 1;
    }

    /// A null move (`--`): the other side to move, in a position it may stand in.
    fn play_null(&mut self, w: &Word<'_>) -> Result<()> {
        let number = self.pos.fullmoves().get();
        let white = self.pos.turn() == shakmaty::Color::White;
        if self.pos.is_check() {
            return Err(self.error(w, "a null move while the king is in check".into()));
        }
        let mode = self.pos.castles().mode();
        let mut setup = self.pos.clone().to_setup(shakmaty::EnPassantMode::Legal);
        setup.swap_turn();
        if !white {
            setup.fullmoves = setup.fullmoves.saturating_add(1);
        }
        let next = Chess::from_setup(setup, mode)
            .map_err(|e| self.error(w, format!("a null move is not possible here: {e}")))?;
        self.before = Some(std::mem::replace(&mut self.pos, next));
        self.game.items.push(Item::Move {
            san: "--".into(),
            uci: "0000".into(),
            number,
            white,
        });
        self.moves_read += 1;
        Ok(())
    }

    /// The position a word's move is played in: a variation (`opens` > 0) starts before the
    /// last move.
    fn played_in(&self, opens: usize) -> &Chess {
        match (opens, &self.before) {
            (0, _) | (_, None) => &self.pos,
            (_, Some(before)) => before,
        }
    }

    /// One word of a game (`rest`: the words after it); `true` when it ended the game.
    fn word(&mut self, w: &Word<'_>, rest: &[Word<'_>]) -> Result<bool> {
        // A comment that begins right after a move.
        let fresh = self.comment.is_empty() && self.after_move();
        let ended = self.read_word(w, rest)?;
        if self.comment.is_empty() {
            self.comment_start = None;
        } else if fresh {
            self.comment_start = Some(Spot {
                cells: w.cells.to_vec(),
                line: w.line,
                column: w.column,
                page: w.page,
            });
        }
        Ok(ended)
    }

    fn read_word(&mut self, w: &Word<'_>, rest: &[Word<'_>]) -> Result<bool> {
        let untried = std::mem::take(&mut self.as_move);
        // (A doubt waits for its move only right after its number.)
        if !self.after_number {
            self.doubt = None;
        }
        let next = rest.first();
        // A result typed after the last move, the game's last word (a scoresheet's `1-0`):
        // the game's result and its end, not comment text.
        if self.moves_read > 0
            && self.stack.is_empty()
            && !self.after_number
            && next.is_none_or(|n| n.after_blank_line)
            && let Some(result) = result_word(w.cells)
        {
            self.flush_comment();
            self.game.result = Some(result.to_owned());
            return Ok(true);
        }
        let mut p = Parsed::clone(&self.parsed(w.cells));
        let mut repaired_now = false;
        // Ordinary notation typed without a capital or number sign, right after a move number,
        // or after a move read so itself (a typist who leaves the signs out leaves them out
        // throughout, and after castling or a pawn's move too), or right after a move with
        // the number sign kept (`sf#f`: no word of text has it); never where a comment has
        // begun, whose words it would take for moves. The reading that is one legal move.
        let after_move = self.comment.is_empty() && self.after_move();
        let expecting = self.comment.is_empty()
            && (self.after_number
                || self.repairing
                || (after_move && (self.unsigned || w.cells.contains(&NUMBER_SIGN[0]))));
        if expecting
            && self.notation == Notation::Ordinary
            && p.written.is_none_or(|w| fitting(&self.pos, &w).is_empty())
            && let Some(print) = p.print.clone()
        {
            let here = self.played_in(p.opens);
            if let Some(w) = repaired(&print)
                .iter()
                .filter_map(|t| written_print(t))
                .find(|w| fitting(here, w).len() == 1)
            {
                p.written = Some(w);
                repaired_now = true;
            }
        }
        self.repairing = repaired_now;
        self.unsigned |= repaired_now;
        let (after_number, after_black) = (self.after_number, self.after_black_number);
        // (Set again below when this word is a move number read as one.)
        self.after_number = false;
        self.after_black_number = false;
        // A move with a period after it where a comment has begun: the comment's text.
        if p.stopped && !self.comment.is_empty() {
            p.written = None;
            p.number = None;
        }
        if after_number
            && (p.is_text()
                || p.written
                    .is_some_and(|m| fitting(self.played_in(p.opens), &m).is_empty()))
        {
            // A move number is followed by its move (or, in compact notation, the dashes of
            // a White move left out): a word typed wrong there is an error, not a comment that
            // would shift every move after it onto the wrong number.
            let message = match p.written {
                Some(_) => "no legal move is written so",
                None => NO_MOVE_DUE,
            };
            return Err(self.error_at_move(w, message));
        }
        // A sign with a NAG as a word of its own right after a move (`⠲⠌⠶`, `⠻⠙⠞⠴` at a
        // variation's end): the move's.
        if p.is_text()
            && self.comment.is_empty()
            && self.after_move()
            && let Some((nag, closes)) = sign_word(self.notation, w.cells)
            && closes <= self.stack.len()
        {
            self.game.items.push(Item::Nag(nag));
            for _ in 0..closes {
                if let Some((pos, before)) = self.stack.pop() {
                    (self.pos, self.before) = (pos, before);
                }
                self.game.items.push(Item::VariationEnd);
            }
            return Ok(false);
        }
        // A closing bracket alone where a comment has begun: the comment's own, or the end of
        // variations (`{[clk 1:05:23 ] och mer}` in compact notation, whose variations have
        // the text's square brackets).
        if p.empty && p.opens == 0 && p.closes > 0 && !self.comment.is_empty() {
            self.text_word(w.cells);
            return Ok(false);
        }
        // A period alone is text (a comment's `{ . }`): a compact game's end stands right
        // after its last move.
        if p.empty && p.ends && p.opens == 0 && p.closes == 0 {
            self.text_word(w.cells);
            return Ok(false);
        }
        if p.is_text() {
            // A variation that begins with a comment (`(Eller 1...e6)`): its bracket, then
            // the comment in it.
            let (open, _) = brackets(self.notation);
            if w.cells.len() > 1
                && open.contains(&w.cells[0])
                && self.variation_follows(w.cells, rest)
                && self.open_variation()
            {
                self.comment_word(&w.cells[1..]);
                return Ok(false);
            }
            self.text_word(w.cells);
            return Ok(false);
        }
        // The move number due; after a comment only when a move (or the dashes of one left
        // out) follows, since a lone punctuation cell of the comment may read as a number.
        // (A variation's number is that of the move it replaces.)
        let here = self.played_in(p.opens);
        let due = here.fullmoves().get();
        // Ordinary notation: a move with the number due may be a comment's, where a comment
        // has begun, when text follows it, or when it is written as the other side's (`5.d3`
        // where Black's `5...` is due). Written so and no legal move, it is (right after a
        // move, when text follows: a comment that begins with it); a legal one is the game's
        // when the game reads on from it (`comment_names_the_move`).
        if self.notation == Notation::Ordinary
            && self.trial < TRIALS_DEEP
            && !untried
            && p.number == Some(due)
            && p.opens == 0
            && !p.omitted
        {
            let next_move = next.map(|n| self.parsed(n.cells));
            let dashes_next = p.written.is_none() && next_move.as_ref().is_some_and(|q| q.omitted);
            let written = match p.written {
                Some(m) => Some(m),
                None => next_move.and_then(|q| q.written.filter(|_| q.number.is_none())),
            };
            let legal = written.is_some_and(|m| fitting(here, &m).len() == 1);
            let other_side = p.black != (here.turn() == shakmaty::Color::Black);
            let in_comment = !self.comment.is_empty();
            // (Right after a move, a comment begins with a move when text follows it:
            // `10.d3 är lugnare`.)
            let text_follows = || self.text_follows(&p, rest);
            // (A comment may begin with a line of moves, then its text: `2.f4 exf4 är
            // kungsgambit` after White's `2.Sf3`.)
            let text_after_moves = || self.text_after_moves(&p, here, rest);
            // (The first move of a variation that began with a comment, `({Lasker spelade}
            // 1...c5 {i parti två})`: a variation has a move.)
            let variation_move = legal && !other_side && self.variation_without_move();
            // (White's number due standing apart from its legal move right after a move, as
            // the writer of books sets the game's moves, `2. c4 {eller 2.e4}`, is the game's
            // where the readings differ by it alone; a comment's where the rest reads better
            // so: `a4! 11. Sb3 förhindras. 11. Tb1`, a comment that opens with the move. The
            // game's first move is the game's: the next game may follow it with no blank line
            // between, where a page's end took the line away, and read on as this one.)
            let first = legal
                && !other_side
                && !in_comment
                && p.written.is_none()
                && !p.black
                && self.moves_read == 0;
            let mut doubtful = false;
            if !dashes_next
                && !variation_move
                && ((other_side
                    && !legal
                    && (in_comment
                        || (p.written.is_some() && (text_follows() || text_after_moves()))))
                    // In a comment, a move with the number due that is no legal move here
                    // is the comment's: its line goes on from another position (`Efter
                    // 6...Lb6 7.d5` where 6...Lb4+ was played and 7.d5 leaves the king in
                    // check). A slip in the game's move there turns the rest into comment,
                    // an error at its end (`game_in_last_comment`).
                    || (in_comment
                        && !other_side
                        && written.is_some()
                        && !legal
                        && self.comment_has_numbered_move())
                    || (legal
                        && !first
                        && (in_comment || other_side || text_follows())
                        && {
                            let choice = self.comment_names_the_move(w, &p, rest);
                            doubtful = choice.doubtful;
                            choice.comment
                        }))
            {
                if doubtful && self.trial == 0 {
                    let san = written.and_then(|m| self.san_fitting(here, &m, &p));
                    let d = self.doubt(w, san, true);
                    self.game.doubts.push(crate::error::Warning(d));
                }
                self.text_word(w.cells);
                return Ok(false);
            }
            if doubtful && self.trial == 0 {
                let san = written.and_then(|m| self.san_fitting(here, &m, &p));
                self.doubt = Some(self.doubt(w, san, false));
            }
        }
        let here = self.played_in(p.opens);
        // Ordinary notation: Black's move with its number right after White's move of that
        // number is a comment's (`1. e4 {1...c5}`): the game's has no number there.
        // (Looked back for only where the rest holds.)
        let last_white = || {
            self.game.items.iter().rev().find_map(|i| match i {
                Item::Move { white, .. } => Some(*white),
                _ => None,
            })
        };
        if self.notation == Notation::Ordinary
            && !untried
            && p.black
            && p.opens == 0
            && p.number == Some(due)
            && here.turn() == shakmaty::Color::Black
            && self.comment.is_empty()
            && self.after_move()
            && last_white() == Some(true)
        {
            self.text_word(w.cells);
            return Ok(false);
        }
        // (Ordinary notation: a Black move with the number of the one just played, where
        // White is due, is no slip but a comment naming another move there: `6...b6 6...d5
        // 7.e3 är också bra`.)
        let alternative = self.notation == Notation::Ordinary
            && p.black
            && here.turn() == shakmaty::Color::White
            && p.number.is_some_and(|n| n.checked_add(1) == Some(due))
            && p.opens == 0;
        if let Some(n) = p.number
            && n != due
            && !alternative
            && self.comment.is_empty()
            && self.moves_read > 0
            && self.move_follows(&p, here, rest)
        {
            // A move number right after a move, with its move after it, that is not the
            // number due: a number typed wrong (or a move left out), not a comment.
            let e = self.error_at_move(w, &format!("move number {n} where {due} is due"));
            return Err(e);
        }
        // Compact notation: the number after the one due, with a move after it, where a
        // comment began right after a move: that comment's first word was the move due typed
        // wrong (a comment has no lower digits to read as the number).
        if self.notation == Notation::Compact
            && p.number == Some(due + 1)
            && p.opens == 0
            && let Some(start) = &self.comment_start
            && next.is_some_and(|n| self.parsed(n.cells).written.is_some())
        {
            return Err(self.error_at_move(&start.word(), NO_MOVE_DUE));
        }
        // Compact notation: a comment has no lower digits, so a move number in one that is
        // not the number due, with a move after it, is a number typed wrong (not the comment's
        // first word, nor text that takes the rest of the game).
        if self.notation == Notation::Compact
            && let Some(n) = p.number
            && n != due
            && p.opens == 0
            && self.moves_read > 0
            && !self.comment.is_empty()
            && self.move_follows(&p, here, rest)
        {
            let e = self.error_at_move(w, &format!("move number {n} where {due} is due"));
            return Err(e);
        }
        // (Ordinary notation: the number due, this side's, apart from a word of a move's form
        // that is no legal move here, after a comment that names no move of its own (`bra
        // drag 3. Lb6`): the game's move written wrongly, read as one to be the error there,
        // as when they are written together. A comment's own line begins with a move legal
        // here, or follows a move it names.)
        let slipped = self.notation == Notation::Ordinary
            && p.number == Some(due)
            && p.written.is_none()
            && p.opens == 0
            && p.black == (here.turn() == shakmaty::Color::Black)
            && next.is_some_and(|n| {
                let q = self.parsed(n.cells);
                q.number.is_none() && q.written.is_some() && q.opens == 0
            })
            && !self.comment_has_numbered_move();
        if p.number.is_some_and(|n| n != due)
            || (p.number.is_some()
                && p.written.is_none()
                && !p.omitted
                && !self.comment.is_empty()
                && !slipped
                && !next.is_some_and(|n| {
                    let q = self.parsed(n.cells);
                    q.omitted || q.written.is_some_and(|m| fitting(here, &m).len() == 1)
                }))
        {
            // Not the number due: text of a comment (`sedan 1843.)` may end a variation).
            self.text_word(w.cells);
            return Ok(false);
        }
        self.after_number = p.number.is_some() && p.written.is_none() && !p.omitted;
        self.after_black_number = self.after_number && p.black;
        for _ in 0..p.opens {
            if !self.open_variation() {
                return Err(self.error(w, "a variation with no move before it".into()));
            }
        }
        // The dashes: a null move, unless they stand for the White move left out before a
        // Black move's number (White has moved: `7 -- sf5`, `7. -- Sf5`).
        if p.omitted {
            let black = self.pos.turn() == shakmaty::Color::Black;
            let marker = black && !p.black && !after_black && (after_number || p.number.is_some());
            // Dashes between words of text are text: the dash between the players of the
            // next game's heading (`Anna -- Bo`), when a page end took the blank line away.
            // (At the game's end, after a move, they are a null move: `3. Lb5 --`.)
            // (Right after a move they are a null move: `3. Lb5 --`, `2. Kf2 -- {bra}`; a
            // heading's dash has a name before it.)
            let in_text = p.number.is_none()
                && p.closes == 0
                && !after_number
                && next.is_none_or(|n| self.parsed(n.cells).is_text())
                && !(self.comment.is_empty() && self.after_move());
            if in_text && !marker {
                self.comment_word(w.cells);
                return Ok(false);
            }
            if marker {
                // Black's move follows, as after its number (`1...`).
                self.after_number = true;
                self.after_black_number = true;
            } else {
                self.flush_comment();
                self.play_null(w)?;
            }
        }
        // After a comment a move has its number (`12 -- sc6`, `12...Sc6`): a word of a move's
        // form after comment text, with no number, is the comment's (`{eller d5 kanske}`);
        // brackets after it close the comment's own, then variations (`{… saknade bonden
        // d5!})`).
        if p.written.is_some()
            && !self.comment.is_empty()
            && !after_number
            && p.number.is_none()
            && p.opens == 0
        {
            self.text_word(w.cells);
            return Ok(false);
        }
        // Ordinary notation: White's move has its number (`2. a3`); a move's word without
        // one where White is due, right after Black's move, is a comment's (`1. e4 e5 {a3}`);
        // so is one before the game's first move, which has its number (a study's `{Lf5.}
        // 1...Lf5`).
        if p.written.is_some()
            && p.number.is_none()
            && !after_number
            && !untried
            && p.opens == 0
            && ((self.notation == Notation::Ordinary
                && self.moves_read > 0
                && self.pos.turn() == shakmaty::Color::White)
                || self.moves_read == 0)
        {
            self.text_word(w.cells);
            return Ok(false);
        }
        if let Some(written) = p.written {
            let fit = fitting(&self.pos, &written);
            match fit.as_slice() {
                [m] => {
                    // A sign the move does not bear out: a cell of the move or of the sign
                    // is wrong (a sign may be left out, not written wrongly).
                    if let Some(wrong) = self.wrong_sign(*m, &written) {
                        return Err(self.error_at_move(w, &wrong));
                    }
                    self.flush_comment();
                    if let Some(d) = self.doubt.take() {
                        self.game.doubts.push(crate::error::Warning(d));
                    }
                    self.play(*m);
                    if p.number.is_some() && !p.black && self.notation == Notation::Ordinary {
                        self.glued += 1;
                    }
                    // (The draw offer last, as print writes it: `Lb5!(=)`.)
                    let offer = crate::chess::game::DRAW_OFFER_NAG;
                    let signs = p.nags.iter().filter(|&&n| n != offer);
                    let offers = p.nags.iter().filter(|&&n| n == offer);
                    self.game
                        .items
                        .extend(signs.chain(offers).map(|&n| Item::Nag(n)));
                }
                [] if p.opens == 0
                    && !after_number
                    && p.number.is_none()
                    && (!self.comment.is_empty()
                        || self.moves_read == 0
                        || next.is_some_and(|n| self.parsed(n.cells).is_text())) =>
                {
                    // In a comment (or before the game's first move), text that looks like a
                    // move is text; so is such a word that text follows: a comment that
                    // begins with a move (`{e4 är bättre}`).
                    self.text_word(w.cells);
                    return Ok(false);
                }
                [] => return Err(self.error(w, "no legal move is written so".into())),
                _ => {
                    return Err(self.error(w, format!("{} legal moves are written so", fit.len())));
                }
            }
        }
        for _ in 0..p.closes {
            self.flush_comment();
            let Some((pos, before)) = self.stack.pop() else {
                return Err(self.error(w, "a variation closed that was never opened".into()));
            };
            self.pos = pos;
            self.before = before;
            self.game.items.push(Item::VariationEnd);
        }
        if p.ends && self.stack.is_empty() && !p.empty {
            self.flush_comment();
            return Ok(true);
        }
        Ok(false)
    }

    /// What the signs written with move `m` (check, mate, en passant) say that the move does
    /// not do, as a message; `None` when they agree (or none is written).
    fn wrong_sign(&self, m: Move, written: &Written) -> Option<String> {
        // (Most moves have no sign: nothing to work out then.)
        if written.sign.is_none() && !written.ep {
            return None;
        }
        let san = SanPlus::from_move(self.pos.clone(), m);
        let bare = san.san;
        match (written.sign, san.suffix) {
            (Some(Check::Mate), Some(shakmaty::san::Suffix::Checkmate)) => {}
            (Some(Check::Mate), _) => {
                return Some(format!("marked as mate, but {bare} is no mate"));
            }
            (Some(Check::Check), None) => {
                return Some(format!("marked as check, but {bare} gives no check"));
            }
            _ => {}
        }
        (written.ep && !m.is_en_passant())
            .then(|| format!("marked en passant, but {bare} is no en passant capture"))
    }

    /// Whether a variation is open and no move of it has been read.
    fn variation_without_move(&self) -> bool {
        !self.stack.is_empty()
            && self
                .game
                .items
                .iter()
                .rev()
                .find(|i| !matches!(i, Item::Comment(_) | Item::Nag(_)))
                .is_some_and(|i| *i == Item::VariationStart)
    }

    /// Whether the last thing read is a move (with its signs, if any).
    fn after_move(&self) -> bool {
        matches!(
            self.game.items.last(),
            Some(Item::Move { .. } | Item::Nag(_))
        )
    }

    /// Whether a number word (`p`) is followed by its move as moves are: in the same word
    /// (ordinary notation), or in the next word (or the dashes of a White move left out),
    /// with no text after it. `here`: the position the move is played in.
    fn move_follows(&self, p: &Parsed, here: &Chess, rest: &[Word<'_>]) -> bool {
        let fits = |m: &Written| !fitting(here, m).is_empty();
        let text_after = |k: usize| rest.get(k).is_some_and(|w| self.parsed(w.cells).is_text());
        match p.written {
            Some(m) => fits(&m) && !text_after(0),
            // (In compact notation a comment has no lower digits: any word of a move's
            // form after the number says that a move was meant.)
            None => rest.first().is_some_and(|w| {
                let q = self.parsed(w.cells);
                let meant = match self.notation {
                    Notation::Compact => q.written.is_some(),
                    Notation::Ordinary => q.written.is_some_and(|m| fits(&m)),
                };
                (q.omitted || meant) && !text_after(1)
            }),
        }
    }

    /// Whether the comment so far names a move with its number (`Efter 6...Lb6`): a line of
    /// moves of its own, from another position. (A comment without one, `bra drag`, followed
    /// by a move no legal one here is the game's move written wrongly: an error.)
    fn comment_has_numbered_move(&self) -> bool {
        self.comment
            .split(|c| c.is_blank())
            .map(|c| parse(self.notation, c))
            .any(|q| q.number.is_some() && q.written.is_some())
    }

    /// Whether text follows the move of `p` after a line of moves, before the move due in
    /// `here` (the words of the line: moves and their numbers, none of them that move): a
    /// comment that begins with a line of moves (`2.f4 exf4 är kungsgambit`).
    fn text_after_moves(&self, p: &Parsed, here: &Chess, rest: &[Word<'_>]) -> bool {
        let due = here.fullmoves().get();
        let black = here.turn() == shakmaty::Color::Black;
        for n in rest.iter().take(MOST_COMMENT_WORDS) {
            if n.after_blank_line {
                return false;
            }
            let q = self.parsed(n.cells);
            if q.is_text() {
                return p.closes == 0;
            }
            if q.opens > 0 || q.closes > 0 || (q.number == Some(due) && q.black == black) {
                return false;
            }
        }
        false
    }

    /// Whether the words after a text word that opens with a bracket (`first`) go on into a
    /// variation on the last move: the first of them that is a move with the number due
    /// before the last move is legal there; text that closes every bracket opened before it
    /// comes makes it text in brackets (`(som vanligt)`), and a comment's own brackets and
    /// moves from elsewhere (`({(Jämför 3.f4 ovan.)} 4...c5)`) are the comment's.
    fn variation_follows(&self, first: &[Cell], rest: &[Word<'_>]) -> bool {
        let Some(before) = &self.before else {
            return false;
        };
        let (open, close) = brackets(self.notation);
        let count = |cells: &[Cell], set: &[Cell]| cells.iter().filter(|c| set.contains(c)).count();
        // Brackets open: the variation's and the comment's own.
        let mut depth = count(first, open) as isize - count(first, close) as isize;
        let due = Some(before.fullmoves().get());
        let white = before.turn() == shakmaty::Color::White;
        // Compact notation writes the number apart (`7 -- sf5`), and Black's after the dashes.
        let (mut numbered, mut marked) = (false, false);
        for w in rest.iter().take(MOST_COMMENT_WORDS) {
            let q = self.parsed(w.cells);
            if q.is_text() || (q.number.is_some() && q.number != due && !numbered) {
                depth += count(w.cells, open) as isize - count(w.cells, close) as isize;
                if depth <= 0 {
                    return false;
                }
                numbered = false;
                continue;
            }
            if q.opens > 0 {
                return false;
            }
            // The dashes: White's null move, or the White move left out before Black's (then
            // Black's null move: `2...--`, compact `2 -- --`).
            match q.written {
                None if q.omitted && (numbered || q.number == due) && white => return true,
                None if q.omitted && q.number == due && q.black => return true,
                None if q.omitted && numbered && marked => return true,
                None if q.omitted && numbered => marked = true,
                None if q.number == due || (numbered && q.omitted) => numbered = true,
                None => return false,
                Some(m) => {
                    return (numbered || q.number == due) && fitting(before, &m).len() == 1;
                }
            }
        }
        false
    }

    /// Opens a variation on the last move: the position before it, the comment so far
    /// flushed; `false` when no move stands before it.
    fn open_variation(&mut self) -> bool {
        self.flush_comment();
        let Some(before) = self.before.clone() else {
            return false;
        };
        let back = std::mem::replace(&mut self.pos, before);
        self.stack.push((back, self.before.take()));
        self.game.items.push(Item::VariationStart);
        true
    }

    /// Ordinary notation, a file read: the error for a comment that began right after a move
    /// and ends the game (its `words`), when the words after its first read on as the game's
    /// moves (three, or all of them and two or more), as they stand or after a legal move in
    /// the first word's place (or the first two's: a blank typed inside a move): that word was
    /// the move or move number due, typed wrong (`#b` without its period, a cell of a move),
    /// and the game went on as comment text.
    fn game_in_last_comment(&self, words: &[Word<'_>]) -> Option<Error> {
        let first = words.first()?;
        if self.notation != Notation::Ordinary || words.len() < 2 {
            return None;
        }
        let reads_on = |rest: &[Word<'_>], instead: Option<Move>| {
            let mut t = self.trial();
            t.comment.clear();
            t.comment_start = None;
            if let Some(m) = instead {
                t.play(m);
            }
            let from = t.moves_read;
            for (k, w) in rest.iter().take(TRIAL_WORDS).enumerate() {
                match t.word(w, &rest[k + 1..]) {
                    Ok(ended) if t.comment.is_empty() => {
                        if ended || t.moves_read >= from + 3 {
                            break;
                        }
                    }
                    _ => return false,
                }
            }
            t.moves_read >= from + 2
        };
        let legal = self.pos.legal_moves();
        let slip = |skip: usize| {
            let rest = words.get(skip..).unwrap_or_default();
            !rest.is_empty()
                && (reads_on(rest, None) || legal.iter().any(|&m| reads_on(rest, Some(m))))
        };
        (slip(1) || slip(2)).then(|| {
            self.error_at_move(
                first,
                &format!("{NO_MOVE_DUE}; the words after it read as the game's moves"),
            )
        })
    }

    /// The error for a comment at a game's end that holds its last moves (see `games`).
    fn moves_in_last_comment(&self) -> Option<Error> {
        let start = self.comment_start.as_ref()?;
        let last = self.comment.rsplit(|c| *c == Cell::BLANK).next()?;
        let (&PERIOD, bare) = last.split_last()? else {
            return None;
        };
        if self.notation != Notation::Compact || written(bare).is_none() {
            return None;
        }
        Some(self.error_at_move(&start.word(), NO_MOVE_DUE))
    }

    /// A word of text: a comment's. Brackets that close it end variations (a comment sign
    /// after a blank, `⠲⠌⠶)`; a comment's last word, `följer)`).
    fn text_word(&mut self, cells: &[Cell]) {
        let (open, close) = brackets(self.notation);
        let trailing = cells.iter().rev().take_while(|c| close.contains(c)).count();
        // (Most words close nothing: the comment is not counted through for them.)
        if trailing == 0 {
            self.comment_word(cells);
            return;
        }
        // Brackets the comment opened itself and has not closed close first (`{(se nedan)}`,
        // `{se (nedan)}`; not `{(Spassky-Fischer, 1960).}`, closed before its period).
        let count = |cells: &[Cell], set: &[Cell]| cells.iter().filter(|c| set.contains(c)).count();
        let word = &cells[..cells.len() - trailing];
        let opened = (count(&self.comment, open) + count(word, open))
            .saturating_sub(count(&self.comment, close) + count(word, close));
        let own = opened.min(trailing);
        let closes = trailing - own;
        if closes == 0 || closes > self.stack.len() || trailing == cells.len() {
            self.comment_word(cells);
            return;
        }
        self.comment_word(&cells[..cells.len() - closes]);
        for _ in 0..closes {
            self.flush_comment();
            if let Some((pos, before)) = self.stack.pop() {
                self.pos = pos;
                self.before = before;
            }
            self.game.items.push(Item::VariationEnd);
        }
    }

    /// A diagram drawn here (`[#]`, as ChessBase marks one in a comment): the comment before
    /// it ends, and the move after it has its number.
    fn diagram_mark(&mut self) {
        self.flush_comment();
        let mark = crate::chess::game::DIAGRAM_MARK.to_owned();
        self.game.items.push(Item::Comment(mark));
    }

    fn comment_word(&mut self, cells: &[Cell]) {
        if !self.comment.is_empty() {
            self.comment.push(Cell::BLANK);
        }
        self.comment.extend_from_slice(cells);
    }
}

/// A bulletin's round heading: `Rond 3`, `Utan rond`; `Rond 3, SM-gruppen` in a file of
/// several events.
pub(crate) fn is_round_heading(line: &str) -> bool {
    use crate::braille::book::{NO_ROUND, ROUND_WORD};
    line == NO_ROUND
        || line.starts_with(&format!("{NO_ROUND}, "))
        || line
            .strip_prefix(ROUND_WORD)
            .is_some_and(|r| r.starts_with(' ') && !r.contains(" – "))
}

/// A bulletin's game heading with a board: the board and the players' line after it
/// (`Bord 2: White (Elo) – Black (Elo), 1-0`).
pub(crate) fn board_heading(line: &str) -> Option<(&str, &str)> {
    line.strip_prefix(crate::braille::book::BOARD_WORD)
        .filter(|r| r.starts_with(' '))
        .and_then(|r| r.split_once(": "))
        // (` –` at the end of a line the heading wraps after.)
        .filter(|(_, p)| p.contains(" –"))
}

/// Reads the games of a stream of words: each begins with a move number followed by a move
/// (the lines before it are its heading) and ends with the period after its last move, or
/// where the words end. `bulletin`: the file is a bulletin of ours ([`is_bulletin`]);
/// `contents_before`: a contents list's heading stands before the words (a stretch of a file
/// that begins in its contents list).
#[allow(clippy::too_many_arguments)]
pub(crate) fn games(
    file: &str,
    notation: Notation,
    words: &[Word<'_>],
    headings: &[HeadingLine<'_>],
    diagrams: &[ReadDiagram],
    keep_going: bool,
    bulletin: bool,
    mut contents_before: bool,
) -> Result<Found> {
    let mut out = Vec::new();
    // Where the last game read from its moves began: see [`Found::last`].
    let mut last = None;
    // The words read, by their cells, for all the games (a game's trial readings read the same
    // words many times; a file repeats its numbers and moves).
    let parses = RefCell::new(Parses::default());
    // The diagrams that are the start of a game read (the others are diagrams of their own).
    let mut started = Vec::new();
    // A game from a position: right after its diagram, a move number (any: the diagram does
    // not show it) and a move legal in the diagram's position (for Black, in compact notation
    // after the dashes of the White move left out).
    // The diagram a word right after it begins a game from (a move number and a move): its
    // index, the move number, whether Black moves first, the first move as written.
    // The move number at word `i` and the first move after it (or in it): the number, whether
    // Black moves first, the move as written.
    let first_moves = |i: usize| -> Option<(u32, bool, Option<Written>)> {
        let first = parse(notation, words[i].cells);
        let n = first.number.filter(|_| first.opens == 0)?;
        let second = words.get(i + 1).map(|w| parse(notation, w.cells));
        // Black moves first when the number says so (`14...`, `14 --`), whatever the
        // diagram said (a diagram need not say who moves).
        let black =
            first.black || (first.written.is_none() && second.as_ref().is_some_and(|q| q.omitted));
        // The first move: in the number's word, the next word, or the one after the dashes.
        // (Ordinary notation writes a null move in the number's word: `40...--`.)
        let first_move = match (first.written.is_some() || first.omitted, &second) {
            (true, _) => Some(first),
            (false, Some(q)) if q.omitted && black => {
                words.get(i + 2).map(|w| parse(notation, w.cells))
            }
            // (A number whose next word has a number of its own is text: `Reykjavik 1972.
            // 14...d6`.)
            (false, _) => second.filter(|q| q.number.is_none()),
        }?;
        // (A null move first, `40 -- --`: no move to tell the diagram's positions apart.)
        match (first_move.written, first_move.omitted) {
            (None, false) => None,
            (w, _) => Some((n, black, w)),
        }
    };
    let after_diagram = |i: usize| -> Option<(usize, u32, bool, Option<Written>)> {
        let k = diagrams
            .partition_point(|d| d.end < words[i].line)
            .checked_sub(1)?;
        let d = &diagrams[k];
        if i > 0 && words[i - 1].line > d.end {
            return None;
        }
        // A comment may stand before the first move (a study's `{Vit drar och vinner.}`, with
        // numbers of its own: `{Fischer-Spassky, 1972.}`): its words, up to a blank line,
        // then the first number with a move.
        match parse(notation, words[i].cells).number.is_none() {
            true => (i + 1..words.len().min(i + 1 + MOST_STUDY_WORDS))
                .take_while(|&j| !words[j].after_blank_line)
                .find_map(|j| first_moves(j).map(|m| (k, m))),
            false => first_moves(i).map(|m| (k, m)),
        }
        .map(|(k, (n, black, w))| (k, n, black, w))
    };
    // Not `strict`: the first move fits no position of the diagram (a slip in it or in the
    // diagram); the game is read from the diagram all the same, where that move is the error.
    let diagram_start = |i: usize, strict: bool| -> Option<(usize, Chess)> {
        let (k, n, black, w) = after_diagram(i)?;
        if diagrams[k].problem.is_some() {
            return None;
        }
        let mut positions = diagram_positions(&diagrams[k].fen, n, black).into_iter();
        match (strict, w) {
            (true, Some(w)) => positions.find(|pos| fitting(pos, &w).len() == 1),
            _ => positions.next(),
        }
        .map(|pos| (k, pos))
    };
    let from_diagram = |i: usize| diagram_start(i, true);
    let mut i = 0;
    let mut heading_from = 0u32;
    // A bulletin of ours (its contents list and index of players): its headings wrap with
    // no indent.
    // Its title pages (a book's, each volume's), known by their notation line: no game's
    // heading (a title with a dash, `Taktikens grunder – kombinationer`, read as a forfeit).
    // A title page's lines: from its page's first line to the end of the notation's paragraph
    // and of the volume's lines after it (`Volym 2 av 3`, …): lines, not pages, for a book
    // without pages is one page.
    let title_lines = {
        use crate::braille::book::title_page_mark;
        let mut titles = Vec::new();
        let mark = title_page_mark();
        for (k, h) in headings.iter().enumerate() {
            let text = to_print(h.cells);
            if text.starts_with(mark) {
                let first = headings[..k]
                    .iter()
                    .rposition(|p| p.page != h.page)
                    .map_or(0, |j| j + 1);
                let mut end = k;
                while headings.get(end + 1).is_some_and(|n| !n.cells.is_empty()) {
                    end += 1;
                }
                let next = (end + 1..headings.len()).find(|&j| !headings[j].cells.is_empty());
                if let Some(j) = next.filter(|&j| to_print(headings[j].cells).starts_with("Volym "))
                {
                    end = j;
                    while headings.get(end + 1).is_some_and(|n| !n.cells.is_empty()) {
                        end += 1;
                    }
                }
                titles.push((headings[first].line, headings[end].line));
            }
        }
        titles
    };
    // A game starts at the number 1 followed by a move that is legal from the start position.
    // (In ordinary notation also as typed without capital or number signs.)
    let legal_first = |p: &Parsed| {
        let start = Chess::default();
        p.written.is_some_and(|w| !fitting(&start, &w).is_empty())
            || p.print.as_deref().is_some_and(|t| {
                repaired(t)
                    .iter()
                    .filter_map(|r| written_print(r))
                    .any(|w| fitting(&start, &w).len() == 1)
            })
    };
    // (Only a word that begins as the number 1 is read further: most words are not.)
    let one: &[Cell] = match notation {
        Notation::Compact => &[LOWER_DIGITS[1]],
        Notation::Ordinary => &[NUMBER_SIGN[0], DIGITS[1]],
    };
    let starts_game = |i: usize| {
        if !words[i].cells.starts_with(one) {
            return false;
        }
        let first = parse(notation, words[i].cells);
        // (Not Black's number, `1...`: no game begins with Black's move from the start
        // position, and a game from a diagram goes on so after a comment.)
        first.number == Some(1)
            && first.opens == 0
            && !first.black
            && match first.written {
                Some(_) => legal_first(&first),
                None => words
                    .get(i + 1)
                    .is_some_and(|w| legal_first(&parse(notation, w.cells))),
            }
    };
    // A game that begins with White's null move, `1 -- e5` (`1.-- e5`), and a move legal for
    // Black then, at a line's start: only where a game may begin, never as the next game's
    // start in a game, where compact notation writes Black's move after a comment so (`1 e4
    // eller d5 kanske 1 -- e5`).
    let starts_with_null = |i: usize| {
        let first = parse(notation, words[i].cells);
        let (dashes, k) = match first.written {
            None if !first.omitted => (words.get(i + 1).map(|w| parse(notation, w.cells)), i + 2),
            _ => (Some(first.clone()), i + 1),
        };
        (i == 0 || words[i - 1].line < words[i].line)
            && words[i].cells.starts_with(one)
            && first.number == Some(1)
            && first.opens == 0
            && !first.black
            && dashes.is_some_and(|d| d.omitted && d.written.is_none())
            && words.get(k).is_some_and(|b| {
                parse(notation, b.cells).written.is_some_and(|m| {
                    Chess::default()
                        .swap_turn()
                        .is_ok_and(|after| fitting(&after, &m).len() == 1)
                })
            })
    };
    // Word `i` begins the line right after a game's heading: a line of its players (`White –
    // Black`, a dash between words) or one ending in a result (`Studie, remi`). Moves there
    // are a game's, not prose naming moves (a game from a position whose diagram is not
    // drawn: its moves must not vanish as text).
    // The first word of the block each word belongs to (from the blank line before it), or
    // the first word of all: found once, not by a walk back from every word (issue 32: 20 000
    // lines of a word each took as many steps each).
    let block_starts: Vec<usize> = words
        .iter()
        .enumerate()
        .scan(0, |start, (k, w)| {
            if w.after_blank_line {
                *start = k;
            }
            Some(*start)
        })
        .collect();
    let after_heading = |i: usize| {
        let Some(before) = i.checked_sub(1).map(|k| &words[k]) else {
            return false;
        };
        if before.line + 1 != words[i].line || words[i].after_blank_line || words[i].column != 1 {
            return false;
        }
        let line = &words[..i];
        let from = line.partition_point(|w| w.line < before.line);
        // The block the line before belongs to (from the blank line before it) begins at the
        // margin, as a game's heading does, and the moves too: a paragraph of prose begins
        // indented, and a hard-broken one's lines or a list item's wraps go further in.
        let block = &words[block_starts[i - 1]];
        block.column == 1
            && (result_word(before.cells).is_some()
                || line[from..].iter().any(|w| w.cells == [DASH, DASH]))
    };
    // A game's first move written wrongly: the number 1 and a word of a move's form that is
    // no legal first move, followed by another move's word (or the number 2), the words of a
    // game; the place of that move. (Not a heading's text: it would take the game's moves.)
    let wrong_start = |i: usize| -> Option<(usize, &str)> {
        // (At a line's start; in ordinary notation, a book's, where prose names moves too
        // (`Lösningen: 1.Dxh7+ Kxh7`), at a paragraph's start.)
        let line_start = i == 0 || words[i - 1].line < words[i].line;
        let paragraph = i == 0 || words[i].after_blank_line || after_heading(i);
        if !line_start || (notation == Notation::Ordinary && !paragraph) {
            return None;
        }
        // (Compact notation's 1 typed as ordinary notation's, `⠼⠁`, before a legal move.)
        if notation == Notation::Compact && words[i].cells == [NUMBER_SIGN[0], DIGITS[1]] {
            let next = words.get(i + 1).filter(|w| !w.after_blank_line)?;
            return legal_first(&parse(notation, next.cells)).then_some((
                i,
                "the move number 1 is not written so, where a game begins",
            ));
        }
        if !words[i].cells.starts_with(one) {
            return None;
        }
        let first = parse(notation, words[i].cells);
        // (Black's number, `1...`, right after a game's heading: a game from a position with
        // Black to move, whose diagram is not drawn.)
        let black = first.black && after_heading(i);
        if first.number != Some(1) || first.opens > 0 || (first.black && !black) {
            return None;
        }
        let at = if first.written.is_some() { i } else { i + 1 };
        let m = words.get(at).filter(|w| at == i || !w.after_blank_line)?;
        let q = parse(notation, m.cells);
        let next = words.get(at + 1).filter(|w| !w.after_blank_line)?;
        let n = parse(notation, next.cells);
        let goes_on = (n.written.is_some() && n.number.is_none()) || n.number == Some(2);
        let moves = q.written.is_some() && (at == i || q.number.is_none()) && goes_on;
        match black {
            true => moves.then_some((
                at,
                "a game's first move is Black's, where a game begins from the start position",
            )),
            false => (moves && !legal_first(&q))
                .then_some((at, "no legal first move is written so, where a game begins")),
        }
    };
    // Where the reading goes on after a game left out (`keep_going`): its blank line, or the
    // next game's start.
    let next_start = |mut i: usize| {
        while i < words.len()
            && !words[i].after_blank_line
            && !starts_game(i)
            && from_diagram(i).is_none()
        {
            i += 1;
        }
        i
    };
    // A diagram between words `a` and `b` (`b` none: after `a`, to the next word or the end)
    // that shows `pos`'s board: one drawn inside a game (a comment's `[#]`). Not one after a
    // blank line on its page: a diagram of its own.
    // An empty line between lines `a` and `b` (not a page's first line holding its number
    // alone): what stands after it is no longer the game's.
    let blank_between = |a: u32, b: u32| {
        let lo = headings.partition_point(|h| h.line <= a);
        let hi = headings.partition_point(|h| h.line < b).max(lo);
        (lo..hi).any(|j| {
            headings[j].cells.is_empty() && j > 0 && headings[j - 1].page == headings[j].page
        })
    };
    // A diagram right after word `a` (before word `b`, or the end) that shows `pos`'s board:
    // one drawn inside a game (a comment's `[#]`), and whether the game goes on after it
    // (the word `b` follows it with no empty line or other diagram between).
    let inner_diagram = |a: usize, b: Option<usize>, pos: &Chess, started: &[usize]| {
        let after = words[a].line;
        let k = diagrams.partition_point(|d| d.line <= after);
        let d = diagrams.get(k)?;
        let next = b.or(Some(a + 1)).and_then(|b| words.get(b));
        if next.is_some_and(|w| d.end >= w.line)
            || d.problem.is_some()
            || started.contains(&k)
            || d.fen.split(' ').next() != Some(pos.board().to_string().as_str())
            || blank_between(after, d.line)
        {
            return None;
        }
        let goes_on = next.is_some_and(|w| {
            !blank_between(d.end, w.line) && diagrams.get(k + 1).is_none_or(|e| e.line > w.line)
        });
        Some((k, goes_on))
    };
    while i < words.len() {
        // Right after a diagram (no blank line between: a game's start diagram), a game from
        // its position before one from the start position; after a blank line the other
        // way round (a diagram of its own, then a game).
        let diagram = match words[i].after_blank_line {
            // (A numbered move right after a diagram that fits none of its positions, and is
            // no first move from the start position: the game's, written wrongly.)
            false => from_diagram(i)
                .map(Some)
                .or_else(|| starts_game(i).then_some(None))
                .or_else(|| diagram_start(i, false).map(Some))
                .or_else(|| starts_with_null(i).then_some(None)),
            true => starts_game(i)
                .then_some(None)
                .or_else(|| from_diagram(i).map(Some))
                .or_else(|| starts_with_null(i).then_some(None)),
        };
        let Some(diagram) = diagram else {
            // Moves right after a diagram no game can stand in (a king left out, two on one
            // square): an error, not moves that vanish.
            if !words[i].after_blank_line
                && let Some((k, ..)) = after_diagram(i)
            {
                let e = Diagnostic::new(
                    Location {
                        file: file.to_owned(),
                        line: words[i].line,
                        column: words[i].column,
                    },
                    format!(
                        "the game after the diagram on line {} cannot be played from it: the \
                         diagram is no position a game can stand in{}: {}",
                        diagrams[k].line,
                        diagrams[k]
                            .problem
                            .as_deref()
                            .map_or(String::new(), |p| format!(" ({p})")),
                        crate::braille::cell::to_unicode_string(words[i].cells)
                    ),
                )
                .with_hint("each side has one king, a square holds one piece, and the side not to move is not in check");
                match keep_going {
                    true => {
                        out.push(ReadGame {
                            line: diagrams[k].line,
                            start: Some(diagrams[k].fen.clone()),
                            error: Some(e.into()),
                            ..ReadGame::default()
                        });
                        started.push(k);
                        i += 1;
                        i = next_start(i);
                        continue;
                    }
                    false => return Err(e.into()),
                }
            }
            if let Some((at, what)) = wrong_start(i) {
                let w = &words[at];
                let d = Diagnostic::new(
                    Location {
                        file: file.to_owned(),
                        line: w.line,
                        column: w.column,
                    },
                    format!(
                        "{what}: {} (braille page {})",
                        crate::braille::cell::to_unicode_string(w.cells),
                        w.page
                    ),
                );
                let hint = habit(notation, w.cells).or_else(|| {
                    after_heading(i).then_some(
                        "a game that begins from a position reads back only with that \
                         position's diagram right before its moves (a build draws it with \
                         --start-diagram)",
                    )
                });
                let e: Error = match hint {
                    Some(hint) => d.with_hint(hint).into(),
                    None => d.into(),
                };
                if !keep_going {
                    return Err(e);
                }
                out.push(ReadGame {
                    line: words[i].line,
                    error: Some(e),
                    ..ReadGame::default()
                });
                i += 1;
                i = next_start(i);
                heading_from = words[i - 1].line + 1;
                continue;
            }
            i += 1;
            continue;
        };
        let first_line = words[i].line;
        last = Some((out.len(), heading_from));
        // The heading's paragraphs: a line that starts with blanks goes on with the one
        // before it.
        let mut heading: Vec<String> = Vec::new();
        // (The lines are in order: the range is found by bisection, not by a walk over all.)
        let lo = headings.partition_point(|h| h.line < heading_from);
        let hi = headings.partition_point(|h| h.line < first_line).max(lo);
        // A bulletin's title page and contents list stand before its first game: the pages
        // before the game's own (its contents entries are no headings of games).
        let lines = &headings[lo..hi];
        // (A contents list's heading may stand before the lines read here: `contents_before`.)
        let contents = std::mem::take(&mut contents_before)
            || lines
                .iter()
                .any(|h| crate::braille::book::is_contents_heading(&to_print(h.cells)));
        let page = match diagram {
            Some((k, _)) => diagrams[k].page,
            None => words[i].page,
        };
        // In a book, a heading of one line between empty lines (a chapter's or section's,
        // `Kapitel 3 – Slutspel`) before a players' line is no game's: not a forfeit's
        // players (a game's heading runs on into its moves, a forfeit's into its result).
        let alone = |k: usize| {
            let empty = |j: usize| lines.get(j).is_none_or(|h| h.cells.is_empty());
            let end = (k + 1..lines.len())
                .find(|&j| !lines[j].continued || lines[j].cells.is_empty())
                .unwrap_or(lines.len());
            !bulletin
                && !lines[k].cells.is_empty()
                && !lines[k].continued
                && (k == 0 || empty(k - 1))
                && end < lines.len()
                && empty(end)
        };
        let dashed = |k: usize| to_print(lines[k].cells).contains(" – ");
        let kept = |k: usize| {
            let h = &lines[k];
            (!contents || h.page >= page)
                && !h.prose
                && !title_lines.iter().any(|&(a, b)| (a..=b).contains(&h.line))
        };
        let before_players =
            |k: usize| alone(k) && (k + 1..lines.len()).any(|j| kept(j) && !alone(j) && dashed(j));
        join_heading(
            &mut heading,
            (0..lines.len())
                .filter(|&k| kept(k) && !before_players(k))
                .map(|k| &lines[k]),
            bulletin,
        );
        // Headings of games without moves (a forfeit, a result alone) before this game's.
        split_games_without_moves(&mut heading, first_line, &mut out, bulletin);
        let mut chess960 = false;
        // A game's start diagram of the start position itself: a `[#]` before its first
        // move, not a position to start from.
        let opening = diagram
            .as_ref()
            .is_some_and(|(_, pos)| *pos == Chess::default());
        if let Some((k, _)) = diagram.as_ref().filter(|_| opening) {
            started.push(*k);
        }
        let diagram = diagram.filter(|_| !opening);
        let (pos, start, line) = match diagram {
            Some((k, pos)) => {
                started.push(k);
                let fen = shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal);
                chess960 = pos.castles().mode() == shakmaty::CastlingMode::Chess960;
                (pos, Some(fen.to_string()), diagrams[k].line)
            }
            None => (Chess::default(), None, first_line),
        };
        let mut reader = Reader {
            file,
            notation,
            pos,
            before: None,
            stack: Vec::new(),
            game: ReadGame {
                line,
                heading,
                start,
                chess960,
                ..ReadGame::default()
            },
            comment: Vec::new(),
            comment_start: None,
            trial: 0,
            as_move: false,
            doubt: None,
            glued: 0,
            parses: &parses,
            moves_read: 0,
            after_number: false,
            after_black_number: false,
            repairing: false,
            unsigned: false,
        };
        if opening {
            reader.diagram_mark();
        }
        // To the period after the game's last move (compact notation), a blank line after its
        // moves (games stand a blank line apart), or the end of the words.
        let game_start = i;
        // The line of the game's last move, and of the last word the game kept: the lines
        // after it that come before the next game are that game's heading.
        let mut last_move_line = words[i].line;
        // The page of the last move: a game that follows with no blank line between begins on
        // a later page (a page end took the blank line away); on the same page the number 1
        // and a legal first move are a comment's (`{(Jämför 1.a3 ovan.)}`).
        let mut last_move_page = words[i].page;
        // The first word after the last move.
        let mut after_last_move = i;
        let mut last_line = words[i].line;
        // Where the words on the lines after the last move's begin in the comment (its
        // length then) and their line: the next game's heading when that game follows with no
        // blank line between (a page end took it away).
        let mut mark: Option<(usize, u32)> = None;
        let mut comment_from: Option<usize> = None;
        // The next game's players' line at the top of a page after the last move's (`line`,
        // after `last`): a page end took the blank line before it away.
        // In a bulletin its heading wraps with no indent, the dash often onto the next line
        // (`Bord 2: Ceder, Cecilia` / `– Dahl, David, 0-1`), and a round's heading may be the
        // page's first line.
        let overleaf = |line: u32, last: u32| {
            let index = |l: u32| headings.partition_point(|h| h.line < l);
            let k = index(line);
            let (Some(h), Some(m)) = (headings.get(k), headings.get(index(last))) else {
                return false;
            };
            if h.line != line || h.page <= m.page {
                return false;
            }
            // (The page's first line of text: a comment goes on lower down.)
            let before = headings.get(..k).unwrap_or_default().iter().rev();
            if !before
                .take_while(|p| p.page == h.page)
                .all(|p| p.cells.is_empty())
            {
                return false;
            }
            let text = to_print(h.cells);
            // (Not a move number's dashes, the White move left out, `1 -- b6`, nor a null
            // move's after a move, `(9. Dxb4 -- [9...a5`.)
            let words: Vec<&[Cell]> = h.cells.split(|c| c.is_blank()).collect();
            let omitted = words.windows(2).any(|w| {
                let q = parse(notation, w[0]);
                w[1] == [DASH, DASH] && (q.number.is_some() || q.written.is_some())
            });
            if !bulletin {
                return text.contains(" – ") && !omitted;
            }
            if is_round_heading(&text) {
                return true;
            }
            // A bulletin's game heading, joined with the lines it filled (the dash may stand
            // two lines down): a board's (`Bord 3: …`) or players ending in the result. Not
            // a comment's line with a dash in it, which would take the rest of the game.
            let lines = headings.get(k..).unwrap_or_default().iter();
            let mut joined = Vec::new();
            join_heading(
                &mut joined,
                lines.take(3).take_while(|n| n.page == h.page),
                true,
            );
            let Some(text) = joined.into_iter().next() else {
                return false;
            };
            board_heading(&text).is_some()
                || (text.contains(" – ") && heading_result(&text).is_some())
        };
        // Words between a game's last move and the next game on a later page: that game's
        // heading, with its players' dash (`A – B`, however it wraps), not a comment's words;
        // or the next game's number 1 stands at a line's start apart from its move, as the
        // writer sets a game's first move (a comment's `1.a3` is as its source wrote it).
        let players_between = |between: &[Word<'_>]| {
            let dashed = between.windows(2).any(|w| {
                let q = parse(notation, w[0].cells);
                w[1].cells == [DASH, DASH] && q.number.is_none() && q.written.is_none()
            });
            dashed && between.first().is_some_and(|w| w.column == 1)
        };
        // A book's game heading at a page's top (a players' line) is followed by its game
        // within a few lines: a comment's line with a dash (`"offer" -- pawn`) is not.
        let heading_then_game = |i: usize| {
            let top = words[i].line;
            let mut j = i;
            while j < words.len() && words[j].line <= top + 3 {
                if starts_game(j) || from_diagram(j).is_some() {
                    return true;
                }
                j += 1;
            }
            j < words.len() && (starts_game(j) || from_diagram(j).is_some())
        };
        while i < words.len() {
            let w = &words[i];
            // A diagram of the game's position here, between its words: drawn inside the
            // game (`[#]`); the game goes on after it.
            let mut inside = false;
            if i > game_start && reader.game.error.is_none() {
                match inner_diagram(i - 1, Some(i), &reader.pos, &started) {
                    Some((k, true)) => {
                        started.push(k);
                        reader.diagram_mark();
                        inside = true;
                    }
                    // At the game's end: taken below.
                    Some((_, false)) if reader.stack.is_empty() => break,
                    _ => {}
                }
            }
            // An empty line, then a diagram: the next game's start, or a diagram of its own.
            if i > game_start
                && !inside
                && reader.stack.is_empty()
                && blank_between(words[i - 1].line, words[i].line)
                && diagrams
                    .get(diagrams.partition_point(|d| d.line <= words[i - 1].line))
                    .is_some_and(|d| d.end < w.line)
            {
                break;
            }
            if i > game_start && reader.stack.is_empty() && !inside {
                // A blank line after the moves, or (a page end took the blank line away) the
                // next game's first move, or a game's start diagram: the game has ended.
                // (Its heading, if any, is the page's first line: a comment's words there would
                // take it for the game's.)
                let next_game = reader.moves_read > 0
                    && w.line > last_move_line
                    && w.page > last_move_page
                    && (i == after_last_move
                        || (words[after_last_move].page > last_move_page
                            && (players_between(&words[after_last_move..i])
                                || (w.column == 1 && parse(notation, w.cells).written.is_none()))))
                    && (starts_game(i) || from_diagram(i).is_some());
                if w.after_blank_line || next_game {
                    if next_game && let Some((len, line)) = mark {
                        reader.comment.truncate(len);
                        last_line = line - 1;
                    }
                    break;
                }
                // (Or the next game's players' line overleaf: its heading, not this game's
                // comment or result.)
                // (Not a line that goes on with the game: the number due, or a variation's
                // with its bracket (`2 -- sc6` in compact notation, whose dashes are no
                // players' dash).)
                let q = parse(notation, w.cells);
                let goes_on = q.number.is_some()
                    && (q.opens > 0 || q.number == Some(reader.pos.fullmoves().get()));
                if reader.moves_read > 0
                    && w.line > last_move_line
                    && words[i - 1].line < w.line
                    && !goes_on
                    && overleaf(w.line, last_move_line)
                    && (bulletin || heading_then_game(i))
                {
                    last_line = w.line - 1;
                    break;
                }
            }
            if w.line > last_move_line && mark.is_none() {
                mark = Some((reader.comment.len(), w.line));
            }
            i += 1;
            let before = reader.moves_read;
            let began = reader.comment_start.is_none();
            let read = reader.word(w, &words[i..]);
            // Where the comment open now began, when it began right after a move.
            match (&reader.comment_start, began) {
                (None, _) => comment_from = None,
                (Some(_), true) => comment_from = Some(i - 1),
                (Some(_), false) => {}
            }
            match read {
                Ok(true) => {
                    last_line = w.line;
                    // The words after the game's end on its line: a result typed there
                    // (`⠄ ⠴⠤⠂`) is the game's, other words a comment after its last move
                    // (not dropped).
                    while let Some(n) = words
                        .get(i)
                        .filter(|n| n.line == w.line && !n.after_blank_line)
                    {
                        match result_word(n.cells) {
                            Some(r) => reader.game.result = Some(r.to_owned()),
                            None => reader.comment_word(n.cells),
                        }
                        i += 1;
                    }
                    break;
                }
                Ok(false) => {}
                // Keep going: the game is kept as far as it was read, with its error, and
                // the reading goes on after it (its blank line, or the next game's start).
                Err(e) if keep_going => {
                    reader.game.error = Some(e);
                    i = next_start(i);
                    last_line = words[i - 1].line;
                    reader.stack.clear();
                    break;
                }
                Err(e) => return Err(e),
            }
            last_line = w.line;
            if reader.moves_read > before {
                last_move_line = w.line;
                last_move_page = w.page;
                after_last_move = i;
                mark = None;
            }
        }
        // Compact notation: a comment that began right after a move and ends the game with a
        // move and the game's period (`⠇⠑⠲⠄`, which text in a comment cannot be): its first
        // word was a move typed wrong.
        let last_comment = comment_from
            .filter(|_| reader.stack.is_empty() && reader.game.error.is_none())
            .and_then(|from| reader.game_in_last_comment(words.get(from..i)?));
        if let Some(e) = reader.moves_in_last_comment().or(last_comment) {
            match keep_going {
                true => reader.game.error = Some(e),
                false => return Err(e),
            }
        }
        // A move number with no move after it at the game's end: a move left out.
        if reader.after_number
            && reader.game.error.is_none()
            && let Some(w) = words.get(i.saturating_sub(1))
        {
            let e = reader.error(
                w,
                "a move number with no move after it ends the game".into(),
            );
            match keep_going {
                true => reader.game.error = Some(e),
                false => return Err(e),
            }
        }
        // A diagram of the game's last position right after its last word: drawn at its
        // end (`[#]`).
        if i > game_start
            && reader.game.error.is_none()
            && let Some((k, _)) = inner_diagram(i - 1, None, &reader.pos, &started)
        {
            started.push(k);
            reader.diagram_mark();
            last_line = last_line.max(diagrams[k].end);
        }
        reader.flush_comment();
        if let Some(w) = words.get(i.saturating_sub(1))
            && !reader.stack.is_empty()
        {
            let e = reader.error(w, "a variation is not closed".into());
            match keep_going {
                true => reader.game.error = Some(e),
                false => return Err(e),
            }
        }
        heading_from = last_line + 1;
        out.push(reader.game);
    }
    // A bulletin's games without moves after its last game (a forfeit on the last board):
    // the headings after that game, up to the index of players.
    if bulletin && out.iter().any(|g| !g.items.is_empty()) {
        let lo = headings.partition_point(|h| h.line < heading_from);
        let index = crate::braille::book::INDEX_HEADING;
        let lines = headings[lo..]
            .iter()
            .take_while(|h| to_print(h.cells) != index);
        let mut heading = Vec::new();
        join_heading(&mut heading, lines, bulletin);
        if heading.iter().any(|l| l.contains(" – ")) {
            let line = headings.get(lo).map_or(heading_from, |h| h.line);
            split_games_without_moves(&mut heading, line, &mut out, bulletin);
            out.push(ReadGame {
                line,
                heading,
                ..ReadGame::default()
            });
        }
    }
    Ok(Found {
        games: out,
        started,
        last,
    })
}

/// What [`games`] found.
pub(crate) struct Found {
    /// The games, in the order read.
    pub games: Vec<ReadGame>,
    /// The diagrams a game started from or drew inside it (indices into the diagrams).
    pub started: Vec<usize>,
    /// The last game read from its moves: how many games were found before it (the games
    /// without moves of its heading are after them), and the line its heading may begin at.
    /// A reading of part of a file ([`super::stream`]) keeps what stands before that line and
    /// reads the rest again with the lines after it: that game may go on there.
    pub last: Option<(usize, u32)>,
}

/// Whether a bulletin's contents list and index of players stand among `headings`: its game
/// headings wrap with no indent.
pub(crate) fn is_bulletin<'c>(headings: impl Iterator<Item = &'c [Cell]>) -> bool {
    let (mut contents, mut index) = (false, false);
    for cells in headings {
        let (c, i) = bulletin_marks(cells);
        contents |= c;
        index |= i;
    }
    contents && index
}

/// Whether a line's text is a contents list's heading, and whether it is the heading of a
/// bulletin's index of players (see [`is_bulletin`]).
pub(crate) fn bulletin_marks(cells: &[Cell]) -> (bool, bool) {
    use crate::braille::book::{INDEX_HEADING, is_contents_heading};
    // (A heading is a few words: a longer line is not read into print.)
    if cells.len() > MOST_HEADING_CELLS {
        return (false, false);
    }
    let text = to_print(cells);
    (is_contents_heading(&text), text == INDEX_HEADING)
}

/// Longer than either heading of [`bulletin_marks`] in braille (`Innehåll (forts.)`).
const MOST_HEADING_CELLS: usize = 40;

/// Adds heading lines to the paragraphs of a heading: a line that starts with blanks goes on
/// with the one before it, and so does a bulletin's game or round heading, unindented, on the
/// lines it filled.
fn join_heading<'h, 'c: 'h>(
    heading: &mut Vec<String>,
    lines: impl Iterator<Item = &'h HeadingLine<'c>>,
    bulletin: bool,
) {
    let board = |t: &str| board_heading(t).is_some();
    for h in lines.filter(|h| !h.cells.is_empty()) {
        let text = to_print(h.cells);
        match heading.last_mut() {
            Some(last) if h.continued => {
                if !h.cut {
                    last.push(' ');
                }
                last.push_str(&text);
            }
            Some(last)
                if h.filled
                    && (bulletin || board(last) || is_round_heading(last))
                    && !board(&text)
                    && !is_round_heading(&text) =>
            {
                last.push(' ');
                last.push_str(&text);
            }
            _ => heading.push(text),
        }
    }
}

/// The result a heading's line ends in (`…, 1-0`, `…, remi`, as `braille/game.rs` writes
/// it): the line before it, and the result as PGN writes it.
pub(crate) fn heading_result(line: &str) -> Option<(&str, &'static str)> {
    [(", 1-0", "1-0"), (", 0-1", "0-1"), (", remi", "1/2-1/2")]
        .into_iter()
        .find_map(|(written, result)| line.strip_suffix(written).map(|l| (l, result)))
}

/// Whether a part of a heading's event line is its date as written there (`1999-05-01`).
pub(crate) fn is_heading_date(part: &str) -> bool {
    let b = part.as_bytes();
    b.len() == 10 && b[4] == b'-' && b[7] == b'-'
}

/// The headings of games without moves (a forfeit, a result alone) at the start of `heading`,
/// each a game of its own (`line` where they stand): each begins with a players' line
/// (`White – Black`, [`is_players_line`]; a bulletin's round heading before it goes with it),
/// and the last players' line stays, the heading of the game after them. (Lines before the
/// first players' line go with it: a bulletin's round.)
fn split_games_without_moves(
    heading: &mut Vec<String>,
    line: u32,
    out: &mut Vec<ReadGame>,
    bulletin: bool,
) {
    loop {
        let mut players = (0..heading.len()).filter(|&k| is_players_line(heading, k, bulletin));
        let (Some(first), Some(mut at)) = (players.next(), players.next()) else {
            break;
        };
        if at > first + 1 && is_round_heading(&heading[at - 1]) {
            at -= 1;
        }
        let rest = heading.split_off(at);
        out.push(ReadGame {
            line,
            heading: std::mem::replace(heading, rest),
            ..ReadGame::default()
        });
    }
}

/// Whether line `k` of a game's heading lines is a players' line (`White – Black`): a dash
/// between words, and it ends in no `:`, `!` or `?`. In a book, not the
/// event's line right after a players' line that has a dash in the event's name (`Tata Steel
/// – Masters, rond 3, remi`: a date, a round or a result in it); a bulletin's headings have no
/// event's line.
pub(crate) fn is_players_line<S: AsRef<str>>(lines: &[S], k: usize, bulletin: bool) -> bool {
    // (A period may end an initial, `Karpov, A.`.)
    let dashed = |l: &str| l.contains(" – ") && !l.ends_with([':', '!', '?']);
    let event = |l: &str| {
        l.contains(", rond ") || heading_result(l).is_some() || l.split(", ").any(is_heading_date)
    };
    let Some(l) = lines.get(k).map(AsRef::as_ref) else {
        return false;
    };
    let after_players = k
        .checked_sub(1)
        .is_some_and(|j| is_players_line(lines, j, bulletin));
    dashed(l) && (bulletin || board_heading(l).is_some() || !(after_players && event(l)))
}

/// The positions of a diagram (`fen`, as read: board and side to move) for a game that goes
/// on from it at move `number` (`black`: with Black to move). A diagram draws neither castling
/// rights nor en passant: a king and a rook on their first squares may castle, and a pawn of
/// the other side beside which the side to move stands may have just made its double step;
/// the moves read show which. The position without en passant first; none for a position no
/// game can stand in.
fn diagram_positions(fen: &str, number: u32, black: bool) -> Vec<Chess> {
    use shakmaty::{Bitboard, CastlingMode, Color, fen::Fen};
    let Some(mut setup) = Fen::from_ascii(fen.as_bytes()).ok().map(Fen::into_setup) else {
        return Vec::new();
    };
    let Some(fullmoves) = std::num::NonZeroU32::new(number) else {
        return Vec::new();
    };
    setup.fullmoves = fullmoves;
    if black {
        setup.turn = Color::Black;
    }
    // Castling as the diagram allows it (it does not say whether the king or a rook has
    // moved): a king on its square with a rook in a corner. A Chess960 start array (each
    // side's eight pawns on its second rank, eight pieces on its first) castles with the
    // outermost rook on either side of the king, wherever they stand. (A castled king on g1
    // beside a rook on a1 is no Chess960 start.)
    let rank_of = |color: Color, first: bool| match (color, first) {
        (Color::White, true) => Rank::First,
        (Color::White, false) => Rank::Second,
        (Color::Black, true) => Rank::Eighth,
        (Color::Black, false) => Rank::Seventh,
    };
    let on_rank =
        |color: Color, rank: Rank| Bitboard::from_rank(rank) & setup.board.by_color(color);
    let start_array = [Color::White, Color::Black].into_iter().all(|color| {
        let pawns = on_rank(color, rank_of(color, false)) & setup.board.pawns();
        pawns.count() == 8 && on_rank(color, rank_of(color, true)).count() == 8
    });
    let mut rights = Bitboard::EMPTY;
    let mut chess960 = false;
    for color in [Color::White, Color::Black] {
        let rank = rank_of(color, true);
        let at = |f: File| setup.board.piece_at(Square::from_coords(f, rank));
        let Some(k) = File::ALL
            .into_iter()
            .find(|&f| at(f) == Some(Role::King.of(color)))
        else {
            continue;
        };
        let rooks: Vec<File> = File::ALL
            .into_iter()
            .filter(|&f| at(f) == Some(Role::Rook.of(color)))
            .collect();
        let sides = [
            rooks.iter().copied().find(|&f| f < k),
            rooks.iter().copied().rev().find(|&f| f > k),
        ];
        for f in sides.into_iter().flatten() {
            let standard = k == File::E && matches!(f, File::A | File::H);
            if standard || start_array {
                chess960 |= !standard;
                rights.add(Square::from_coords(f, rank));
            }
        }
    }
    setup.castling_rights = rights;
    let mode = match chess960 {
        true => CastlingMode::Chess960,
        false => CastlingMode::Standard,
    };
    let them = !setup.turn;
    let (rank, behind) = match them {
        Color::White => (Rank::Fourth, Rank::Third),
        Color::Black => (Rank::Fifth, Rank::Sixth),
    };
    let eps = File::ALL.into_iter().filter_map(|file| {
        let ep = Square::from_coords(file, behind);
        (setup.board.piece_at(Square::from_coords(file, rank)) == Some(Role::Pawn.of(them)))
            .then_some(Some(ep))
    });
    std::iter::once(None)
        .chain(eps)
        .filter_map(|ep| {
            let mut with = setup.clone();
            with.ep_square = ep;
            Chess::from_setup(with, mode).ok()
        })
        .collect()
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
