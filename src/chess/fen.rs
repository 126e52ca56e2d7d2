//! FEN positions: one FEN checked field by field with located errors (the lines of `.fen`
//! lists and ```` ```fen ```` blocks come from [`crate::document::fen`]).
//!
//! A malformed FEN (a field that does not follow the FEN grammar) is an error naming the file,
//! the line, the column where the bad field starts and the field. A well-formed FEN whose
//! position could not arise in a game (no king, pawns on the first rank, too much material…) is
//! accepted with a warning: diagrams are not games.
//!
//! Defaults for missing fields (only the board is required): White to move, no castling rights,
//! no en passant square, halfmove clock 0, fullmove number 1. A fullmove number 0 (written by
//! some programs) is read as 1 with a warning.

use std::ops::Range;

use shakmaty::fen::Fen;
use shakmaty::{Board, CastlingMode, Chess, Color, PositionErrorKinds, Role, Setup, Square};

use crate::document::fen::FenLine;
use crate::error::{Diagnostic, Error, Location, Result, Warning};

/// A FEN read and checked.
#[derive(Clone, Debug)]
pub(crate) struct ParsedFen {
    /// Board, side to move, castling rights, en passant square and counters.
    pub setup: Setup,
    /// Things that do not stop the build: the position could not arise in a game, a fullmove
    /// number 0.
    pub warnings: Vec<Warning>,
}

impl ParsedFen {
    pub(crate) fn board(&self) -> &Board {
        &self.setup.board
    }

    pub(crate) fn turn(&self) -> Color {
        self.setup.turn
    }
}

/// The names of the FEN fields, in order, as error messages give them.
const FIELDS: [&str; 6] = [
    "board",
    "side to move",
    "castling",
    "en passant",
    "halfmove clock",
    "fullmove number",
];

/// Whether `c` is a piece letter of the board field: the English letter of
/// [`PIECES`](super::pieces::PIECES), White upper case, Black lower case.
fn is_piece_letter(c: char) -> bool {
    super::pieces::PIECES
        .iter()
        .any(|p| p.english == c || p.english.to_ascii_lowercase() == c)
}

/// Reads one FEN. `location` is where `text` starts; when it is column 1, `text` is shown as
/// the source line under an error, otherwise no source line is shown (use
/// [`parse_fen_in_line`] when the whole line is at hand).
#[cfg(test)]
pub(crate) fn parse_fen(text: &str, location: Location) -> Result<ParsedFen> {
    let source = (location.column == 1).then_some(text);
    let cx = Context {
        file: &location.file,
        line: location.line,
        source,
        base: location.column,
    };
    cx.parse(text)
}

/// Reads the FEN at byte range `fen` of the source line `line` (a `[FEN "…"]` tag, a line of a
/// `.fen` file or of a Markdown `fen` block); errors show the line with a marker.
pub(crate) fn parse_fen_in_line(
    line: &str,
    fen: Range<usize>,
    file: &str,
    line_number: u32,
) -> Result<ParsedFen> {
    let start = if line.is_char_boundary(fen.start) {
        fen.start.min(line.len())
    } else {
        0
    };
    let text = line.get(start..fen.end).unwrap_or(&line[start..]);
    let base = column_of(line, start);
    let cx = Context {
        file,
        line: line_number,
        source: Some(line),
        base,
    };
    cx.parse(text)
}

/// The 1-based column (in characters) of byte offset `at` of `s`.
fn column_of(s: &str, at: usize) -> u32 {
    let at = at.min(s.len());
    let n = s.char_indices().take_while(|&(i, _)| i < at).count();
    u32::try_from(n + 1).unwrap_or(u32::MAX)
}

/// One whitespace-separated field of the FEN text.
#[derive(Copy, Clone)]
struct Field<'a> {
    text: &'a str,
    /// Byte offset in the FEN text.
    start: usize,
}

/// Where the FEN stands, for messages.
struct Context<'a> {
    file: &'a str,
    line: u32,
    /// The source line, when known; `base` is then a column in it.
    source: Option<&'a str>,
    /// The column of the FEN's first character.
    base: u32,
}

impl Context<'_> {
    /// A diagnostic at byte `start` of the FEN text, marking `width` characters.
    fn diagnostic(&self, text: &str, start: usize, width: usize, message: String) -> Diagnostic {
        let column = self.base.saturating_add(column_of(text, start) - 1);
        let location = Location {
            file: self.file.to_string(),
            line: self.line,
            column,
        };
        let d = Diagnostic::new(location, message);
        match self.source {
            Some(line) => d.with_source(line, width),
            None => d,
        }
    }

    /// A malformed-FEN error marking a whole field (or `part` of one).
    fn error(&self, text: &str, part: Field<'_>, message: String) -> Error {
        let width = part.text.chars().count();
        Error::from(self.diagnostic(text, part.start, width, format!("malformed FEN: {message}")))
    }

    fn parse(&self, text: &str) -> Result<ParsedFen> {
        let fields = split_fields(text);
        let Some(&board) = fields.first() else {
            let start = text.len() - text.trim_start().len();
            return Err(self.error(
                text,
                Field { text: "", start },
                "the board is missing (the FEN is empty)".to_string(),
            ));
        };
        if let Some(&extra) = fields.get(FIELDS.len()) {
            return Err(self.error(
                text,
                extra,
                format!(
                    "unexpected '{}' after the fullmove number (a FEN has at most six fields)",
                    extra.text
                ),
            ));
        }
        self.check_board(text, board)?;
        let mut turn = Color::White;
        if let Some(&f) = fields.get(1) {
            turn = match f.text {
                "w" => Color::White,
                "b" => Color::Black,
                other => {
                    return Err(self.error(
                        text,
                        f,
                        format!("side to move: '{other}' is neither w (White) nor b (Black)"),
                    ));
                }
            };
        }
        if let Some(&f) = fields.get(2) {
            self.check_castling(text, f)?;
        }
        if let Some(&f) = fields.get(3) {
            self.check_en_passant(text, f)?;
        }
        if let Some(&f) = fields.get(4) {
            self.check_counter(text, f, FIELDS[4])?;
        }
        let mut warnings = Vec::new();
        if let Some(&f) = fields.get(5)
            && self.check_counter(text, f, FIELDS[5])? == 0
        {
            let d = self.diagnostic(
                text,
                f.start,
                1,
                "fullmove number 0 read as 1 (moves are counted from 1)".to_string(),
            );
            warnings.push(Warning(d));
        }

        // Every field is well-formed: shakmaty builds the setup from them.
        let normal: Vec<&str> = fields.iter().map(|f| f.text).collect();
        let setup = match Fen::from_ascii(normal.join(" ").as_bytes()) {
            Ok(fen) => fen.into_setup(),
            Err(e) => return Err(self.error(text, board, format!("{e}"))),
        };
        debug_assert_eq!(setup.turn, turn);

        let mode = CastlingMode::detect(&setup);
        if let Err(e) = setup.clone().position::<Chess>(mode) {
            {
                let reasons = position_reasons(&setup, e.kinds());
                let width = text.trim().chars().count();
                let message = format!(
                    "this position could not arise in a game ({}); it is drawn as given",
                    reasons.join("; ")
                );
                warnings.push(Warning(self.diagnostic(text, board.start, width, message)));
            }
        }
        Ok(ParsedFen { setup, warnings })
    }

    /// The board: eight ranks separated by `/`, each of eight squares.
    fn check_board(&self, text: &str, board: Field<'_>) -> Result<()> {
        let ranks: Vec<Field<'_>> = board
            .text
            .split('/')
            .scan(board.start, |at, r| {
                let f = Field {
                    text: r,
                    start: *at,
                };
                *at += r.len() + 1;
                Some(f)
            })
            .collect();
        if ranks.len() != 8 {
            let n = ranks.len();
            let noun = if n == 1 { "rank" } else { "ranks" };
            return Err(self.error(
                text,
                board,
                format!(
                    "board: {n} {noun}; a board has 8, from rank 8 down to rank 1, separated by '/'"
                ),
            ));
        }
        for (i, &rank) in ranks.iter().enumerate() {
            let number = 8 - i;
            if rank.text.is_empty() {
                return Err(self.error(
                    text,
                    rank,
                    format!("rank {number} is empty; an empty rank is written 8"),
                ));
            }
            let mut squares = 0u32;
            for c in rank.text.chars() {
                if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    squares += d;
                } else if is_piece_letter(c) {
                    squares += 1;
                } else {
                    return Err(self.error(
                        text,
                        rank,
                        format!(
                            "rank {number}: '{c}' is neither a piece letter (K Q R B N P, black \
                             k q r b n p) nor a number of empty squares (1 to 8)"
                        ),
                    ));
                }
            }
            if squares != 8 {
                let noun = if squares == 1 { "square" } else { "squares" };
                return Err(self.error(
                    text,
                    rank,
                    format!("rank {number} has {squares} {noun}; a rank has 8"),
                ));
            }
        }
        Ok(())
    }

    /// Castling: `-`, or K Q k q (or Shredder-FEN file letters), each once, two a side at most.
    fn check_castling(&self, text: &str, f: Field<'_>) -> Result<()> {
        if f.text == "-" {
            return Ok(());
        }
        let mut seen = String::new();
        let mut per_side = [0u8; 2];
        for c in f.text.chars() {
            let ok = matches!(c, 'K' | 'Q' | 'k' | 'q' | 'A'..='H' | 'a'..='h');
            if !ok {
                return Err(self.error(
                    text,
                    f,
                    format!("castling: '{c}' is not a castling right (K Q k q, or - for none)"),
                ));
            }
            if seen.contains(c) {
                return Err(self.error(text, f, format!("castling: '{c}' is given twice")));
            }
            seen.push(c);
            let side = usize::from(c.is_ascii_lowercase());
            per_side[side] += 1;
            if per_side[side] > 2 {
                let who = if side == 0 { "White" } else { "Black" };
                return Err(self.error(
                    text,
                    f,
                    format!("castling: more than two castling rights for {who}"),
                ));
            }
        }
        Ok(())
    }

    /// En passant: `-` or the square a pawn passed over, on rank 3 or 6.
    fn check_en_passant(&self, text: &str, f: Field<'_>) -> Result<()> {
        if f.text == "-" {
            return Ok(());
        }
        match f.text.parse::<Square>() {
            Ok(sq) if matches!(sq.rank().char(), '3' | '6') => Ok(()),
            Ok(sq) => Err(self.error(
                text,
                f,
                format!(
                    "en passant: {sq} is not on rank 3 or 6 (the square a pawn passed over, or -)"
                ),
            )),
            Err(_) => Err(self.error(
                text,
                f,
                format!(
                    "en passant: '{}' is not a square (the square a pawn passed over, or -)",
                    f.text
                ),
            )),
        }
    }

    /// A counter: a whole number.
    fn check_counter(&self, text: &str, f: Field<'_>, name: &str) -> Result<u32> {
        if !f.text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.error(
                text,
                f,
                format!("{name}: '{}' is not a whole number", f.text),
            ));
        }
        f.text
            .parse::<u32>()
            .map_err(|_| self.error(text, f, format!("{name}: {} is too large", f.text)))
    }
}

/// The whitespace-separated fields of a FEN, with their byte offsets: the six of a FEN and the
/// first one too many, no more (a hostile line of millions of fields must not become a list
/// of millions).
fn split_fields(text: &str) -> Vec<Field<'_>> {
    let mut fields = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                fields.push(Field {
                    text: &text[s..i],
                    start: s,
                });
                start = None;
                if fields.len() > FIELDS.len() {
                    return fields;
                }
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        fields.push(Field {
            text: &text[s..],
            start: s,
        });
    }
    fields
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Why a position could not arise in a game, in words a reader of the book understands.
fn position_reasons(setup: &Setup, kinds: PositionErrorKinds) -> Vec<String> {
    let board = &setup.board;
    let mut out = Vec::new();
    if kinds.contains(PositionErrorKinds::EMPTY_BOARD) {
        out.push("the board is empty".to_string());
    } else if kinds
        .intersects(PositionErrorKinds::MISSING_KING | PositionErrorKinds::TOO_MANY_KINGS)
    {
        for color in Color::ALL {
            match (board.kings() & board.by_color(color)).count() {
                0 => out.push(format!("{} has no king", color_name(color))),
                1 => {}
                n => out.push(format!("{} has {n} kings", color_name(color))),
            }
        }
    }
    if kinds.contains(PositionErrorKinds::PAWNS_ON_BACKRANK) {
        let squares: Vec<String> = (board.pawns() & shakmaty::Bitboard::BACKRANKS)
            .into_iter()
            .map(|sq| sq.to_string())
            .collect();
        out.push(format!(
            "pawns on the first or eighth rank: {}",
            squares.join(", ")
        ));
    }
    if kinds.contains(PositionErrorKinds::TOO_MUCH_MATERIAL) {
        for color in Color::ALL {
            if too_much_material(board, color) {
                out.push(format!(
                    "{} has more pieces than promotions can give",
                    color_name(color)
                ));
            }
        }
    }
    if kinds.contains(PositionErrorKinds::OPPOSITE_CHECK) {
        out.push(format!(
            "{} is in check but {} is to move",
            color_name(!setup.turn),
            color_name(setup.turn)
        ));
    }
    if kinds.contains(PositionErrorKinds::IMPOSSIBLE_CHECK) {
        out.push(format!(
            "{} is in a check no move can give",
            color_name(setup.turn)
        ));
    }
    if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
        out.push("castling rights the kings and rooks on the board do not allow".to_string());
    }
    if kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE) {
        let sq = setup.ep_square.map(|s| s.to_string()).unwrap_or_default();
        out.push(format!(
            "en passant square {sq} that no double pawn move left"
        ));
    }
    if out.is_empty() {
        out.push("a rule of chess is broken".to_string());
    }
    out
}

/// More pieces of one colour than its pawns can have promoted to (shakmaty's count: bishops by
/// square colour, 16 pieces at most).
fn too_much_material(board: &Board, color: Color) -> bool {
    let ours = board.by_color(color);
    let count = |role: Role| (board.by_role(role) & ours).count();
    let bishops = board.bishops() & ours;
    let light = (bishops & shakmaty::Bitboard::LIGHT_SQUARES).count();
    let dark = (bishops & shakmaty::Bitboard::DARK_SQUARES).count();
    let promoted = count(Role::Queen).saturating_sub(1)
        + count(Role::Rook).saturating_sub(2)
        + count(Role::Knight).saturating_sub(2)
        + light.saturating_sub(1)
        + dark.saturating_sub(1);
    ours.count() > 16 || count(Role::Pawn) + promoted > 8
}

/// Reads the FEN of a line of a FEN list or block.
pub(crate) fn parse_fen_line(fen: &FenLine, file: &str) -> Result<ParsedFen> {
    let parsed = parse_fen_in_line(&fen.line, fen.range.clone(), file, fen.number)?;
    // What is wrong after the position (an EPD line's operations) is an error of the line too.
    if let Some((at, message)) = &fen.problem {
        let location = Location {
            file: file.to_owned(),
            line: fen.number,
            column: column_of(&fen.line, at.start),
        };
        let width = fen.line.get(at.clone()).map_or(1, |s| s.chars().count());
        return Err(Diagnostic::new(location, message.clone())
            .with_source(&fen.line, width)
            .into());
    }
    Ok(parsed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: &str) -> Result<ParsedFen> {
        parse_fen(
            line,
            Location {
                file: "t.fen".into(),
                line: 1,
                column: 1,
            },
        )
    }

    fn err(line: &str) -> (u32, String) {
        match at(line) {
            Err(Error::Input(d)) => (d.location.column, d.message),
            other => panic!("expected an input error, got {other:?}"),
        }
    }

    #[test]
    fn board_only_has_defaults() {
        let p = at("8/8/8/8/8/8/8/K6k").ok();
        let p = p.as_ref().map(|p| {
            (
                p.turn(),
                p.setup.castling_rights.count(),
                p.setup.fullmoves.get(),
            )
        });
        assert_eq!(p, Some((Color::White, 0, 1)));
    }

    #[test]
    fn columns_count_leading_blanks() {
        let (col, msg) = err("  8/8/8/8/8/8/8/K6k x");
        assert_eq!(col, 21);
        assert!(msg.contains("side to move"), "{msg}");
    }

    #[test]
    fn fields_split_on_runs_of_blanks() {
        assert!(at("8/8/8/8/8/8/8/K6k   b  -  - 0\t1").is_ok());
    }

    /// A line of millions of fields is split into the six and the first one too many, which
    /// is the error.
    #[test]
    fn fields_stop_after_the_first_one_too_many() {
        let line = format!("8/8/8/8/8/8/8/K6k w - - 0 1 {}", "x ".repeat(1_000_000));
        let fields = split_fields(&line);
        assert_eq!(fields.len(), 7);
        assert_eq!((fields[6].text, fields[6].start), ("x", 28));
        let (col, msg) = err(&line);
        assert_eq!(col, 29);
        assert!(
            msg.contains("unexpected 'x' after the fullmove number"),
            "{msg}"
        );
        assert_eq!(split_fields(" a b ").len(), 2);
    }

    #[test]
    fn parse_in_line_uses_the_line_columns() {
        let line = "[FEN \"8/8/8/8/8/8/8/K6k w - - 0 x\"]";
        let r = parse_fen_in_line(line, 6..33, "g.pgn", 4);
        match r {
            Err(Error::Input(d)) => {
                assert_eq!(d.location.column, 33);
                assert_eq!(d.source_line.as_deref(), Some(line));
                assert!(d.message.contains("fullmove number"));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn material_count() {
        let b = Board::from_ascii_board_fen(b"k7/8/8/8/8/8/PPPPPPPP/QQQK4").unwrap_or_default();
        assert!(too_much_material(&b, Color::White));
        assert!(!too_much_material(&b, Color::Black));
        let b = Board::from_ascii_board_fen(b"k7/8/8/8/8/8/PPPPPP2/QQQK4").unwrap_or_default();
        assert!(!too_much_material(&b, Color::White));
    }
}
