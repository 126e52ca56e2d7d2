//! Games read back from braille words. Compact notation (rules.md §3): move numbers in lower
//! digits, moves with the compact piece letters (k ô t l s), squares as a letter and a lower
//! digit, `⠭` a capture, `⠤` the dash of long moves, `⠡` check, `⠍` mate, `⠤⠤` an omitted
//! White move, `⠷ ⠾` a variation, `⠄` the end of a game. Ordinary notation (rules.md §2): the
//! words read back into print by the text tables, then as Swedish print moves. Comments in
//! text braille between moves. Every move is found among the legal moves of the position: a
//! word that reads as a move but is none is an error at its place, with the moves read so far.

use shakmaty::san::SanPlus;
use shakmaty::{CastlingSide, Chess, File, FromSetup, Move, Position, Rank, Role, Square};

use super::text::to_print;
use crate::braille::Cell;
use crate::braille::pieces::{LOWER_DIGITS, compact_move_letter, letter};
use crate::braille::tables::{DIGITS, NUMBER_SIGN};
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
    /// Its cells from its first word to its last (read into print only when it is a heading).
    pub cells: &'a [Cell],
    /// It starts with blanks: it goes on with the line before it.
    pub continued: bool,
    /// The line before it was full: a word was cut there (no blank between them).
    pub cut: bool,
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
    VariationStart,
    VariationEnd,
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
    /// Why it could not be read to its end (`keep_going`): its moves are those before.
    pub error: Option<Error>,
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

/// How many words of a comment at the start of a variation are looked through for its move.
const MOST_COMMENT_WORDS: usize = 24;

/// What one word of a game is, its brackets taken off.
#[derive(Clone, Debug, Default)]
struct Parsed {
    /// Variations opened before it, closed after it.
    opens: usize,
    closes: usize,
    /// The period that ends a game in compact notation.
    ends: bool,
    /// A move number (with the move written in the same word in ordinary notation,
    /// `12...Sf5`).
    number: Option<u32>,
    /// The dashes `⠤⠤`: a White move left out before a Black move's number (`7 -- sf5`), or
    /// a null move.
    omitted: bool,
    /// The number is a Black move's (`12...`, ordinary notation).
    black: bool,
    /// A move as written.
    written: Option<Written>,
    /// Nothing but brackets (an empty variation) or nothing at all.
    empty: bool,
    /// Ordinary notation: the move's print text, for the readings of [`repaired`].
    print: Option<String>,
}

impl Parsed {
    /// Neither a number, nor a move, nor the dashes: text.
    fn is_text(&self) -> bool {
        self.number.is_none() && !self.omitted && self.written.is_none() && !self.empty
    }
}

/// Reads a word in `notation`. Brackets count only around a number or a move (in ordinary
/// notation a comment's parentheses are the same cells).
fn parse(notation: Notation, cells: &[Cell]) -> Parsed {
    let (open, close) = brackets(notation);
    // A sign in round brackets after a move (`(n)`, `(=)`) is a sign, not a variation's.
    let unsigned;
    let cells = match notation {
        Notation::Ordinary => match cells
            .windows(3)
            .position(|w| BRACKETED_SIGNS.contains(&[w[0], w[1], w[2]]))
        {
            Some(i) if i > 0 && cells[i + 3..].iter().all(|c| close.contains(c)) => {
                unsigned = [&cells[..i], &cells[i + 3..]].concat();
                &unsigned[..]
            }
            _ => cells,
        },
        Notation::Compact => cells,
    };
    let mut p = Parsed::default();
    let mut core = cells;
    while core.first().is_some_and(|c| open.contains(c)) {
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
            p.omitted = core.ends_with(&[DASH, DASH]) && mv == to_print(&[DASH, DASH]);
            p.written = (!mv.is_empty()).then(|| written_print(mv)).flatten();
            if !mv.is_empty() && p.written.is_none() && p.number.is_some() && !p.omitted {
                p.number = None;
            }
            p.print = Some(mv.to_owned());
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

/// Ordinary moves typed without a capital sign (`sf3` for `Sf3`) or without the number sign
/// (`ed` for `e4`: the digits are the letters a to j without it): the readings that put them
/// back, for a word that reads as no legal move as it stands.
fn repaired(text: &str) -> Vec<String> {
    let mut out = Vec::new();
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
    t = t.trim_end_matches(['+', '#']);
    t = t
        .strip_suffix("e.p.")
        .or_else(|| t.strip_suffix("ep"))
        .unwrap_or(t);
    match t {
        "0-0" | "O-O" => {
            return Some(Written {
                castle: Some(CastlingSide::KingSide),
                ..Written::default()
            });
        }
        "0-0-0" | "O-O-O" => {
            return Some(Written {
                castle: Some(CastlingSide::QueenSide),
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
    let mut w = Written::default();
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
struct Written {
    role: Option<Role>,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    capture: bool,
    to: Option<Square>,
    promotion: Option<Role>,
    castle: Option<CastlingSide>,
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
fn fitting(pos: &Chess, w: &Written) -> Vec<Move> {
    let legal = pos.legal_moves();
    legal
        .into_iter()
        .filter(|m| match (w.castle, m.castling_side()) {
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
            }
        })
        .collect()
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
}

impl Reader<'_> {
    fn error(&self, w: &Word<'_>, message: String) -> Error {
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
        .into()
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
        self.game.items.push(Item::Move {
            san: san.to_string(),
            uci: m.to_uci(shakmaty::CastlingMode::Standard).to_string(),
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
        let next = rest.first();
        let mut p = parse(self.notation, w.cells);
        let mut repaired_now = false;
        // Ordinary notation typed without a capital or number sign, right after a move number,
        // or after a move read so itself (a typist who leaves the signs out leaves them out
        // throughout); never where a comment may begin, whose words it would take for moves.
        // The reading that is one legal move.
        let expecting = self.comment.is_empty() && (self.after_number || self.repairing);
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
        let (after_number, after_black) = (self.after_number, self.after_black_number);
        self.after_number = p.number.is_some() && p.written.is_none() && !p.omitted;
        self.after_black_number = self.after_number && p.black;
        if p.is_text() {
            // A variation that begins with a comment (`(Eller 1...e6)`): its bracket, then
            // the comment in it.
            let (open, close) = brackets(self.notation);
            if w.cells.len() > 1
                && open.contains(&w.cells[0])
                && self.variation_follows(rest)
                && self.open_variation()
            {
                self.comment_word(&w.cells[1..]);
                return Ok(false);
            }
            // Text that closes variations (a comment sign after a blank, `⠲⠌⠶)`): the text
            // is a comment, the brackets end the variations.
            let closes = w
                .cells
                .iter()
                .rev()
                .take_while(|c| close.contains(c))
                .count();
            if closes > 0 && closes <= self.stack.len() && closes < w.cells.len() {
                self.comment_word(&w.cells[..w.cells.len() - closes]);
                for _ in 0..closes {
                    self.flush_comment();
                    if let Some((pos, before)) = self.stack.pop() {
                        self.pos = pos;
                        self.before = before;
                    }
                    self.game.items.push(Item::VariationEnd);
                }
                return Ok(false);
            }
            self.comment_word(w.cells);
            return Ok(false);
        }
        // The move number due; after a comment only when a move (or the dashes of one left
        // out) follows, since a lone punctuation cell of the comment may read as a number.
        // (A variation's number is that of the move it replaces.)
        let here = self.played_in(p.opens);
        let due = here.fullmoves().get();
        if p.number.is_some_and(|n| n != due)
            || (p.number.is_some()
                && p.written.is_none()
                && !p.omitted
                && !self.comment.is_empty()
                && !next.is_some_and(|n| {
                    let q = parse(self.notation, n.cells);
                    q.omitted || q.written.is_some_and(|m| fitting(here, &m).len() == 1)
                }))
        {
            // Not the number due: text of a comment.
            self.comment_word(w.cells);
            return Ok(false);
        }
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
            let in_text = p.number.is_none()
                && p.closes == 0
                && !after_number
                && next.is_none_or(|n| parse(self.notation, n.cells).is_text());
            if in_text && !marker {
                self.comment_word(w.cells);
                return Ok(false);
            }
            if !marker {
                self.flush_comment();
                self.play_null(w)?;
            }
        }
        if let Some(written) = p.written {
            let fit = fitting(&self.pos, &written);
            match fit.as_slice() {
                [m] => {
                    self.flush_comment();
                    self.play(*m);
                }
                [] if p.opens == 0
                    && p.closes == 0
                    && p.number.is_none()
                    && (!self.comment.is_empty()
                        || self.moves_read == 0
                        || next.is_some_and(|n| parse(self.notation, n.cells).is_text())) =>
                {
                    // In a comment (or before the game's first move), text that looks like a
                    // move is text; so is such a word that text follows: a comment that
                    // begins with a move (`{e4 är bättre}`).
                    self.comment_word(w.cells);
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
        if p.ends && self.stack.is_empty() {
            self.flush_comment();
            return Ok(true);
        }
        Ok(false)
    }

    /// Whether the words after a text word that opens with a bracket go on into a variation
    /// on the last move: the first of them that is no text is a move with its number, the
    /// number due before the last move and the move legal there; a word of text that closes
    /// the bracket before it comes makes it text in brackets (`(som vanligt)`).
    fn variation_follows(&self, rest: &[Word<'_>]) -> bool {
        let Some(before) = &self.before else {
            return false;
        };
        let (_, close) = brackets(self.notation);
        let due = Some(before.fullmoves().get());
        let white = before.turn() == shakmaty::Color::White;
        // Compact notation writes the number apart (`7 -- sf5`).
        let mut numbered = false;
        for w in rest.iter().take(MOST_COMMENT_WORDS) {
            let q = parse(self.notation, w.cells);
            if q.is_text() {
                if w.cells.last().is_some_and(|c| close.contains(c)) {
                    return false;
                }
                continue;
            }
            if q.opens > 0 {
                return false;
            }
            // The dashes: White's null move, or the White move left out before Black's.
            match q.written {
                None if q.omitted && (numbered || q.number == due) && white => return true,
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

    fn comment_word(&mut self, cells: &[Cell]) {
        if !self.comment.is_empty() {
            self.comment.push(Cell::BLANK);
        }
        self.comment.extend_from_slice(cells);
    }
}

/// Reads the games of a stream of words: each begins with a move number followed by a move
/// (the lines before it are its heading) and ends with the period after its last move, or
/// where the words end.
pub(crate) fn games(
    file: &str,
    notation: Notation,
    words: &[Word<'_>],
    headings: &[HeadingLine<'_>],
    keep_going: bool,
) -> Result<Vec<ReadGame>> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut heading_from = 0u32;
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
        first.number == Some(1)
            && first.opens == 0
            && match first.written {
                Some(_) => legal_first(&first),
                None => words
                    .get(i + 1)
                    .is_some_and(|w| legal_first(&parse(notation, w.cells))),
            }
    };
    while i < words.len() {
        if !starts_game(i) {
            i += 1;
            continue;
        }
        let first_line = words[i].line;
        // The heading's paragraphs: a line that starts with blanks goes on with the one
        // before it.
        let mut heading: Vec<String> = Vec::new();
        // (The lines are in order: the range is found by bisection, not by a walk over all.)
        let lo = headings.partition_point(|h| h.line < heading_from);
        let hi = headings.partition_point(|h| h.line < first_line).max(lo);
        for h in headings[lo..hi].iter().filter(|h| !h.cells.is_empty()) {
            let text = to_print(h.cells);
            match heading.last_mut() {
                Some(last) if h.continued => {
                    if !h.cut {
                        last.push(' ');
                    }
                    last.push_str(&text);
                }
                _ => heading.push(text),
            }
        }
        // Headings of games without moves (a forfeit, a result alone) before this game's: each
        // begins with a players' line (`White – Black`).
        while let Some(k) = heading.iter().skip(1).position(|p| p.contains(" – ")) {
            let rest = heading.split_off(k + 1);
            out.push(ReadGame {
                line: first_line,
                heading: std::mem::replace(&mut heading, rest),
                ..ReadGame::default()
            });
        }
        let mut reader = Reader {
            file,
            notation,
            pos: Chess::default(),
            before: None,
            stack: Vec::new(),
            game: ReadGame {
                line: first_line,
                heading,
                ..ReadGame::default()
            },
            comment: Vec::new(),
            moves_read: 0,
            after_number: false,
            after_black_number: false,
            repairing: false,
        };
        // To the period after the game's last move (compact notation), a blank line after its
        // moves (games stand a blank line apart), or the end of the words.
        let game_start = i;
        // The line of the game's last move: the lines after it that come before the next
        // game are that game's heading.
        let mut last_move_line = words[i].line;
        while i < words.len() {
            let w = &words[i];
            if i > game_start && reader.stack.is_empty() {
                // A blank line after the moves, or (a page end took the blank line away) the
                // next game's first move: the game has ended, and text after its last move's
                // line is the next game's heading.
                let next_game = reader.moves_read > 0 && w.line > last_move_line && starts_game(i);
                if w.after_blank_line || next_game {
                    if next_game {
                        reader.comment.clear();
                    }
                    break;
                }
            }
            i += 1;
            let before = reader.moves_read;
            match reader.word(w, &words[i..]) {
                Ok(true) => {
                    last_move_line = w.line;
                    break;
                }
                Ok(false) => {}
                // Keep going: the game is kept as far as it was read, with its error, and
                // the reading goes on after it (its blank line, or the next game's start).
                Err(e) if keep_going => {
                    reader.game.error = Some(e);
                    while i < words.len() && !words[i].after_blank_line && !starts_game(i) {
                        i += 1;
                    }
                    reader.stack.clear();
                    break;
                }
                Err(e) => return Err(e),
            }
            if reader.moves_read > before {
                last_move_line = w.line;
            }
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
        heading_from = last_move_line + 1;
        out.push(reader.game);
    }
    Ok(out)
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
