//! The pgn-reader visitor that replays a game with shakmaty: every SAN pgn-reader reports is
//! matched to its source token and played on the real position, which gives the move's facts.

use std::borrow::Cow;
use std::mem;
use std::ops::ControlFlow;

use pgn_reader::{KnownOutcome, Nag, Outcome, RawComment, RawTag, SanPlus, Skip, Visitor};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{
    Bitboard, CastlingMode, CastlingSide, Chess, Color, EnPassantMode, FromSetup, Move, MoveList,
    Position, Role, Square, attacks,
};

use super::fen;
use super::game::{
    Check, DIAGRAM_MARK, DRAW_OFFER_NAG, Disambiguation, GameResult, Item, MoveFacts, MoveKind,
    Tags, draw_offer_at, has_diagram_mark,
};
use super::letters::{Lang, Letter, role_name};
use super::scan::{GameScan, TagTok, TokKind, Token, tag_text};
use super::words::{MoveShape, MoveWord, SourceSuffix};
use crate::document::Pos;
use crate::error::{Diagnostic, Error, Warning};

/// The position before a variation, restored at its end.
#[derive(Clone, Debug)]
pub(crate) struct Frame {
    pos: Chess,
    before: Option<Chess>,
    past_max: bool,
}

/// Replays one game; built per game, its output read from the fields after pgn-reader is done.
pub(crate) struct Replay<'a> {
    scan: &'a GameScan,
    file: &'a str,
    number: usize,
    lang: Lang,
    /// The next token of `scan` to match with pgn-reader's reports.
    pub cursor: usize,
    /// The move number written before the next move, with its token.
    claim: Option<(u32, usize)>,
    pos: Chess,
    /// The position before the last move played on this line, for a variation on it.
    before: Option<Chess>,
    /// Black has played move `u32::MAX` on this line: shakmaty's counter stays there, so a
    /// further move would repeat its number; it is an error instead. (`before` is never past:
    /// no move is played after.)
    past_max: bool,
    stack: &'a mut Vec<Frame>,
    fen_tag: Option<usize>,
    /// The position of the `[FEN]` tag, once read.
    pub start: Option<Chess>,
    chess960: bool,
    /// The `[Variant]` tag of a variant with rules of its own, as its index in `tags`.
    variant: Option<usize>,
    /// The start position was set up (at the movetext's beginning).
    set_up: bool,
    /// Where the comment being reported in pieces (a long one) starts in `text`.
    partial: Option<usize>,
    /// The last place looked up (a byte offset and its line and column), to count the next
    /// one on from.
    last_place: Option<(usize, Pos)>,
    pub tags: Tags,
    pub items: Vec<Item>,
    /// The texts of the comments ([`crate::chess::Game::text`]).
    pub text: String,
    /// The result from the termination marker.
    pub marker: Option<GameResult>,
    /// The first error, with the byte offset of its place in the game text.
    pub error: Option<(usize, Error)>,
    /// The error is ours, not the input's: pgn-reader and the scan disagree.
    pub internal: bool,
    pub warnings: Vec<Warning>,
}

/// FIDE's minimal disambiguation of `m` among the legal moves of its kind of piece to its
/// square (file first, rank if the file does not decide, both if neither alone does).
fn disambiguation(m: Move, legals: &MoveList) -> Disambiguation {
    match San::disambiguate(m, legals) {
        San::Normal { file, rank, .. } => Disambiguation {
            file: file.is_some(),
            rank: rank.is_some(),
        },
        _ => Disambiguation::default(),
    }
}

/// Whether the side to move, in check, has no legal move. A safe square next to the king
/// answers at once (most checks); only then are all legal moves generated.
fn is_mate(pos: &Chess) -> bool {
    let board = pos.board();
    let us = pos.turn();
    if let Some(king) = board.king_of(us) {
        let occupied = board.occupied().without(king);
        let escapes = attacks::king_attacks(king) & !board.by_color(us);
        if escapes
            .into_iter()
            .any(|sq| board.attacks_to(sq, !us, occupied).is_empty())
        {
            return false;
        }
    }
    pos.legal_moves().is_empty()
}

/// "game 3 (Carlsen, Magnus – Caruana, Fabiano)" for messages.
pub(crate) fn game_label(scan: &GameScan, number: usize) -> String {
    let known = |v: Option<String>| v.filter(|v| !v.trim().is_empty() && v.trim() != "?");
    match (
        known(scan.tag_value("White")),
        known(scan.tag_value("Black")),
    ) {
        (None, None) => format!("game {number}"),
        (w, b) => format!(
            "game {number} ({} – {})",
            w.as_deref().unwrap_or("?"),
            b.as_deref().unwrap_or("?")
        ),
    }
}

type Flow = ControlFlow<()>;

/// Why a FEN's halfmove clock or fullmove number is no number a position can hold (more than
/// `u32::MAX`), as [`crate::chess::fen`] says it for a `.fen` file.
fn counter_too_large(fen: &str) -> Option<String> {
    let fields = fen.split_ascii_whitespace().skip(4).take(2);
    fields
        .zip(["halfmove clock", "fullmove number"])
        .find_map(|(f, name)| {
            let digits = !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit());
            (digits && f.parse::<u32>().is_err()).then(|| format!("{name}: {f} is too large"))
        })
}

/// Whether a tag's value as written holds a `"` not escaped with a backslash.
fn unescaped_quote(raw: &str) -> bool {
    let b = raw.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return true,
            _ => i += 1,
        }
    }
    false
}

/// What a `[Variant]` tag's value says: standard chess (`false`), Chess960 (`true`: also
/// "Fischerandom", "Chess 960"), or (`None`) a variant with rules of its own. Standard chess
/// goes by many names: empty, "Standard", "Normal", "From Position" (lichess's name for a
/// standard game from a set-up position).
fn variant(value: &str) -> Option<bool> {
    let v = value.trim().to_ascii_lowercase();
    if v.contains("960") || v.contains("fischer") {
        return Some(true);
    }
    const STANDARD: [&str; 7] = [
        "",
        "standard",
        "normal",
        "chess",
        "from position",
        "fromposition",
        "classical",
    ];
    STANDARD.contains(&v.as_str()).then_some(false)
}

/// Comment bytes as text (they are UTF-8: the normalized text is made from a `str`).
fn text_of(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

/// `bytes` (what pgn-reader hands over) as text: the scan's text at `span` when that holds
/// the very same bytes, which are UTF-8 already (comparing them costs less than validating
/// them again, a call for every tag and comment); else [`text_of`].
fn scanned_text<'t>(text: &'t str, span: (usize, usize), bytes: &'t [u8]) -> Cow<'t, str> {
    match text.get(span.0..span.1) {
        Some(s) if s.as_bytes() == bytes => Cow::Borrowed(s),
        _ => text_of(bytes),
    }
}

impl<'a> Replay<'a> {
    pub(crate) fn new(
        scan: &'a GameScan,
        file: &'a str,
        number: usize,
        stack: &'a mut Vec<Frame>,
    ) -> Self {
        stack.clear();
        Replay {
            scan,
            file,
            number,
            lang: scan.lang(),
            cursor: 0,
            claim: None,
            pos: Chess::default(),
            before: None,
            past_max: false,
            stack,
            fen_tag: None,
            start: None,
            chess960: false,
            variant: None,
            set_up: false,
            partial: None,
            last_place: None,
            tags: Tags::with_capacity(
                scan.tags.len(),
                scan.tags.iter().map(|t| t.end - t.start).sum(),
            ),
            items: Vec::with_capacity(scan.tokens.len()),
            text: String::new(),
            marker: None,
            error: None,
            internal: false,
            warnings: Vec::new(),
        }
    }

    /// The game's tags, as the scan read them (values unescaped); the `[FEN]` tag and a
    /// Chess960 `[Variant]` noted for the start position.
    pub(crate) fn take_tags(&mut self) {
        let scan = self.scan;
        for t in &scan.tags {
            let name = scan.slice(t.name);
            let raw = scan.slice(t.value);
            // Read as exports write them, and said: a tag wrapped over lines (a value's lines
            // joined by a blank), quotes not escaped inside a value.
            let value = tag_text(raw);
            if scan
                .text
                .get(t.start..t.end)
                .is_some_and(|tag| tag.contains('\n'))
            {
                let message =
                    format!("the tag {name} is wrapped over lines; it is read as one line");
                self.tag_warning(t, message);
            }
            if unescaped_quote(raw) {
                self.tag_warning(t, format!("the value of the tag {name} holds quotes that are not escaped (\\\"); they are read as they stand"));
            }
            match name {
                "FEN" => self.fen_tag = Some(self.tags.len()),
                "Variant" => match variant(&value) {
                    Some(chess960) => self.chess960 = chess960,
                    None => self.variant = Some(self.tags.len()),
                },
                _ => {}
            }
            self.tags.push_at(name, &value, Some(t.at));
        }
    }

    /// A warning at a tag's value.
    fn tag_warning(&mut self, t: &TagTok, message: String) {
        let label = game_label(self.scan, self.number);
        let end = self.scan.text[t.value.0..]
            .find('\n')
            .map_or(t.value.1, |k| (t.value.0 + k).min(t.value.1))
            .max(t.value.0 + 1);
        let d = self
            .scan
            .diagnostic(self.file, t.value.0, end, format!("{message} in {label}"));
        self.warnings.push(Warning(d));
    }

    /// The next token pgn-reader reports; move numbers are noted on the way.
    fn next_token(&mut self) -> Option<(usize, &'a Token)> {
        let tokens = &self.scan.tokens;
        while let Some(t) = tokens.get(self.cursor) {
            let i = self.cursor;
            self.cursor += 1;
            match t.kind {
                TokKind::Number { number, .. } => {
                    if let Some((_, before)) = self.claim.replace((number, i)) {
                        self.two_numbers(before, t);
                    }
                }
                TokKind::Ellipsis => {}
                _ => return Some((i, t)),
            }
        }
        None
    }

    /// The line and column of byte `offset` of the game text; offsets are asked for in order.
    fn place(&mut self, offset: usize) -> Pos {
        let pos = self.scan.pos_after(self.last_place, offset);
        self.last_place = Some((offset, pos));
        pos
    }

    fn fail(&mut self, at: usize, e: Error) -> Flow {
        if self.error.is_none() {
            self.error = Some((at, e));
        }
        ControlFlow::Break(())
    }

    fn internal(&mut self, what: &str) -> Flow {
        self.internal = true;
        let d = self
            .scan
            .diagnostic(self.file, 0, 1, format!("internal error: {what}"));
        self.fail(0, d.into())
    }

    fn diagnostic(&self, t: &Token, message: String, hint: Option<&str>) -> Diagnostic {
        let d = self.scan.diagnostic(self.file, t.start, t.end, message);
        match hint {
            Some(h) => d.with_hint(h),
            None => d,
        }
    }

    fn move_error(&self, t: &Token, kind: &str, reason: &str, hint: Option<&str>) -> Error {
        let label = game_label(self.scan, self.number);
        let text = self.scan.token_text(t);
        self.diagnostic(t, format!("{kind} '{text}' in {label}: {reason}"), hint)
            .into()
    }

    fn warn(&mut self, t: &Token, message: String) {
        let label = game_label(self.scan, self.number);
        let d = self.diagnostic(t, format!("{message} in {label}"), None);
        self.warnings.push(Warning(d));
    }

    /// A move number with no move after it: `next` is what stands there instead (an
    /// annotation, a variation's bracket, the result), `None` at the game's end. A cut-short
    /// file (`… 2. N`) would otherwise lose the number without a word, its `N` taken for the
    /// novelty sign of the move before.
    #[cold]
    fn number_without_move(&mut self, number: usize, next: Option<&Token>) -> Flow {
        let Some(nt) = self.scan.tokens.get(number) else {
            return self.internal("move number not found");
        };
        let label = game_label(self.scan, self.number);
        let written = self.scan.token_text(nt);
        let message = match next {
            Some(t) => format!(
                "'{}' after the move number '{written}' in {label}: the move is missing",
                self.scan.token_text(t)
            ),
            None => format!("move number '{written}' with no move after it in {label}"),
        };
        let hint = match next.map(|t| t.kind) {
            Some(TokKind::Nag(_)) => {
                "an annotation stands after its move (Nf3 N, e4!); if the file was cut short, \
                 the rest of the game is missing"
            }
            _ => {
                "a move stands after its number; if the file was cut short, the rest of the \
                  game is missing"
            }
        };
        let d = self.diagnostic(nt, message, Some(hint));
        self.fail(nt.start, d.into())
    }

    /// Two move numbers with no move between them (`2. 2. Nf3`): the first is left out, said.
    #[cold]
    fn two_numbers(&mut self, before: usize, t: &Token) {
        let Some(first) = self.scan.tokens.get(before) else {
            return;
        };
        let label = game_label(self.scan, self.number);
        let message = format!(
            "two move numbers with no move between them in {label} ('{}' and '{}'): the first \
             is left out",
            self.scan.token_text(first),
            self.scan.token_text(t)
        );
        let d = self.diagnostic(first, message, None);
        self.warnings.push(Warning(d));
    }

    /// At the game's end: a move number after the last move. A game of tags alone (no
    /// movetext: pgn-reader begins none) still starts from its `[FEN]` position.
    pub(crate) fn finish(&mut self, written: usize) {
        if !self.set_up {
            let _ = self.setup();
        }
        if self.error.is_some() {
            return;
        }
        let rest = self
            .scan
            .tokens
            .get(self.cursor..written)
            .unwrap_or_default();
        let trailing = rest
            .iter()
            .position(|t| matches!(t.kind, TokKind::Number { .. }))
            .map(|i| self.cursor + i);
        if let Some(i) = self.claim.map(|(_, i)| i).or(trailing) {
            let _ = self.number_without_move(i, None);
        }
    }

    fn setup(&mut self) -> Flow {
        self.set_up = true;
        // A variant with other rules (`Atomic`, `Crazyhouse`): refused at its tag, by name,
        // before a move is read as standard chess.
        if let Some(i) = self.variant
            && let (Some(t), Some((_, value))) = (self.scan.tags.get(i), self.tags.at(i))
        {
            let label = game_label(self.scan, self.number);
            let message = format!(
                "{label} is a game of {value}, a variant with rules of its own: only standard \
                 chess and Chess960 are transcribed"
            );
            let d = self
                .scan
                .diagnostic(self.file, t.value.0, t.value.1.max(t.value.0 + 1), message)
                .with_hint(
                    "its moves would be read, and drawn, as standard chess; --keep-going skips \
                     it and goes on",
                );
            return self.fail(t.start, d.into());
        }
        let mode = if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let Some(i) = self.fen_tag else {
            return ControlFlow::Continue(());
        };
        let value = self.tags.at(i).map_or("", |t| t.1.trim());
        // shakmaty saturates a counter too large for it; a .fen file's FEN is an error then.
        let fen = Fen::from_ascii(value.as_bytes())
            .map_err(|e| e.to_string())
            .and_then(|fen| counter_too_large(value).map_or(Ok(fen), Err));
        let pos = match fen {
            Err(e) => Err(format!("bad FEN '{value}': {e}")),
            // Standard castling first; Chess960 only for castling rights it cannot hold.
            Ok(fen) => match fen.clone().into_position::<Chess>(mode) {
                Ok(p) => Ok(p),
                Err(e) if mode == CastlingMode::Chess960 => Err(format!("bad FEN '{value}': {e}")),
                Err(e) => fen
                    .into_position::<Chess>(CastlingMode::Chess960)
                    .map_err(|_| format!("bad FEN '{value}': {e}")),
            },
        };
        match pos {
            Ok(p) => {
                self.start = Some(p.clone());
                self.pos = p;
                ControlFlow::Continue(())
            }
            Err(message) => {
                let Some(t) = self.scan.tags.get(i) else {
                    return self.internal("FEN tag not found");
                };
                let label = game_label(self.scan, self.number);
                // The FEN reader of `.fen` files says which field is wrong and where; its
                // place is found in the tag's value as written.
                let raw = self.scan.slice(t.value);
                let (start, end, message) = match fen::parse_fen_in_line(raw, 0..raw.len(), "", 1) {
                    Err(Error::Input(d)) => {
                        let skip = (d.location.column as usize).saturating_sub(1);
                        let offset = raw.char_indices().nth(skip).map_or(raw.len(), |(b, _)| b);
                        let start = t.value.0 + offset;
                        let end = start + (d.width as usize).max(1);
                        (start, end, format!("bad FEN tag in {label}: {}", d.message))
                    }
                    _ => (t.start, t.end, format!("{message} in {label}")),
                };
                let d = self
                    .scan
                    .diagnostic(self.file, start, end.min(t.end), message)
                    .with_hint(
                        "the FEN tag gives the position the game starts from, e.g. \
                     [FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]",
                    );
                self.fail(t.start, d.into())
            }
        }
    }

    /// The legal move a SAN means, found quickly: [`quick_move`].
    fn quick_resolve(&self, san: &San) -> Option<Move> {
        quick_move(&self.pos, san)
    }

    /// Finds the legal move a SAN means. Captures may go unmarked; a marked one must capture.
    /// Also gives FIDE's minimal disambiguation, from the legal moves of the same kind of
    /// piece to the same square.
    fn resolve(
        &self,
        san: San,
        t: &Token,
        word: &MoveWord,
    ) -> Result<(Move, Disambiguation), Error> {
        match san {
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                let legals = self.pos.san_candidates(role, to);
                let mut found = None;
                let mut froms = Bitboard::EMPTY;
                let mut all = Bitboard::EMPTY;
                for &m in &legals {
                    let (from, takes, p) = match m {
                        Move::Normal {
                            from,
                            capture,
                            promotion,
                            ..
                        } => (from, capture.is_some(), promotion),
                        Move::EnPassant { from, .. } => (from, true, None),
                        _ => continue,
                    };
                    all.add(from);
                    if file.is_some_and(|f| f != from.file())
                        || rank.is_some_and(|r| r != from.rank())
                        || promotion != p
                        || (capture && !takes)
                        || (role == Role::Pawn && file.is_none() && takes)
                    {
                        continue;
                    }
                    found.get_or_insert(m);
                    froms.add(from);
                }
                match (found, froms.count()) {
                    (Some(m), 1) if role == Role::Pawn || all.count() == 1 => {
                        Ok((m, Disambiguation::default()))
                    }
                    (Some(m), 1) => Ok((m, disambiguation(m, &legals))),
                    // A coordinate move (`g1f3`, as UCI and some sites write moves): the
                    // piece on its first square, whichever it is.
                    (_, 0) | (None, _)
                        if role == Role::Pawn
                            && !capture
                            && let (Some(file), Some(rank)) = (file, rank)
                            && let Some(m) = self.coordinate_move(
                                Square::from_coords(file, rank),
                                to,
                                promotion,
                            ) =>
                    {
                        let legals = self.pos.san_candidates(m.role(), to);
                        Ok((m, disambiguation(m, &legals)))
                    }
                    (_, 0) | (None, _) => {
                        let (reason, hint) = match self.game_over() {
                            Some(r) => (r.to_owned(), None),
                            None => self.why_illegal(san, word, self.scan.token_text(t)),
                        };
                        Err(self.move_error(t, "illegal move", &reason, hint))
                    }
                    (Some(_), _) => Err(self.ambiguous(t, role, froms, to)),
                }
            }
            San::Castle(side) => match self.pos.castling_moves(side).first() {
                Some(&m) => Ok((m, Disambiguation::default())),
                None => {
                    let reason = self.game_over().map_or_else(
                        || {
                            let s = if side == CastlingSide::KingSide {
                                "kingside"
                            } else {
                                "queenside"
                            };
                            format!("castling {s} is not possible here")
                        },
                        str::to_owned,
                    );
                    Err(self.move_error(t, "illegal move", &reason, None))
                }
            },
            San::Null | San::Put { .. } => {
                Err(self.move_error(t, "illegal move", "not a move", None))
            }
        }
    }

    /// The error of a move that more than one piece of its kind (on `froms`) can make.
    #[cold]
    fn ambiguous(&self, t: &Token, role: Role, froms: Bitboard, to: Square) -> Error {
        let squares: Vec<String> = froms.into_iter().map(|s| s.to_string()).collect();
        let all = if squares.len() == 2 { "both" } else { "all" };
        let listed = match squares.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => squares.concat(),
        };
        let reason = format!("the {}s on {listed} can {all} reach {to}", role_name(role));
        let hint = "write the file or rank the piece comes from, e.g. Nbd2 or R1e2";
        self.move_error(t, "ambiguous move", &reason, Some(hint))
    }

    /// The legal move from `from` to `to` of the piece that stands on `from` (a king's two
    /// squares: castling), read as UCI reads it.
    fn coordinate_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
        let uci = shakmaty::uci::UciMove::Normal {
            from,
            to,
            promotion,
        };
        uci.to_move(&self.pos).ok()
    }

    /// Why the game has no more moves, if it has none.
    fn game_over(&self) -> Option<&'static str> {
        if !self.pos.legal_moves().is_empty() {
            return None;
        }
        Some(match (self.pos.is_check(), self.pos.turn()) {
            (true, Color::White) => "the game is over: White is checkmated",
            (true, Color::Black) => "the game is over: Black is checkmated",
            (false, _) => "the game is over: stalemate",
        })
    }

    fn why_illegal(
        &self,
        san: San,
        word: &MoveWord,
        written: &str,
    ) -> (String, Option<&'static str>) {
        let (why, hint) = match self.why_coordinate_illegal(word) {
            Some(why) => why,
            None => self.why_san_illegal(san, word),
        };
        // An ICCF word says which squares it names.
        match word.shape {
            MoveShape::Normal {
                file: Some(f),
                rank: Some(r),
                to,
                ..
            } if written.bytes().all(|b| b.is_ascii_digit()) => (
                format!(
                    "{}-{to} in ICCF numeric notation: {why}",
                    Square::from_coords(f, r)
                ),
                hint.or(Some(
                    "ICCF numeric notation writes the file and rank of the square moved from, \
                     then of the square moved to, as digits 1-8 (5254 is e2-e4), and a fifth \
                     digit 1-4 for a promotion (queen, rook, bishop, knight)",
                )),
            ),
            _ => (why, hint),
        }
    }

    fn why_san_illegal(&self, san: San, word: &MoveWord) -> (String, Option<&'static str>) {
        let San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } = san
        else {
            return ("not a legal move".into(), None);
        };
        let name = role_name(role);
        let all = self.pos.san_candidates(role, to);
        let b_hint = match word.shape {
            MoveShape::Normal {
                piece: Some(Letter::B),
                ..
            } if self.lang != Lang::Swedish => Some(
                "B is read as a bishop: this game shows no other Swedish piece letter \
                 (in Swedish notation a pawn move is written without B, e.g. e4)",
            ),
            _ => None,
        };
        if all.is_empty() {
            let check = if self.pos.is_check() {
                " (the king is in check)"
            } else {
                ""
            };
            return (format!("no {name} can reach {to}{check}"), b_hint);
        }
        if capture && !all.iter().any(|m| m.is_capture()) {
            return (format!("there is nothing to capture on {to}"), None);
        }
        if promotion.is_none() && all.iter().all(|m| m.is_promotion()) {
            return (
                "a pawn reaching the last rank must promote".into(),
                Some("write the new piece after the square, e.g. e8=Q (Swedish e8D)"),
            );
        }
        if promotion.is_some() && !all.iter().any(|m| m.is_promotion()) {
            return ("only a pawn reaching the last rank promotes".into(), None);
        }
        let from = match (file, rank) {
            (Some(f), Some(r)) => format!(" on {}{}", f.char(), r.char()),
            (Some(f), None) => format!(" on the {}-file", f.char()),
            (None, Some(r)) => format!(" on rank {}", r.char()),
            (None, None) => String::new(),
        };
        (format!("no {name}{from} can reach {to}"), None)
    }

    /// Why a coordinate move (`e2e3`, as UCI writes it, or ICCF's `5253`) is illegal, from
    /// what stands on its first square; `None` for any other move, and for a move from that
    /// square to that one that is legal but for its promotion (the SAN reasons say why).
    #[cold]
    fn why_coordinate_illegal(&self, word: &MoveWord) -> Option<(String, Option<&'static str>)> {
        let MoveShape::Normal {
            piece: None,
            file: Some(file),
            rank: Some(rank),
            capture: false,
            to,
            ..
        } = word.shape
        else {
            return None;
        };
        let from = Square::from_coords(file, rank);
        let side = |c: Color| if c.is_white() { "White" } else { "Black" };
        let why = match self.pos.board().piece_at(from) {
            None => format!("there is no piece on {from}"),
            Some(p) if p.color != self.pos.turn() => format!(
                "the {} on {from} is {}'s, and {} is to move",
                role_name(p.role),
                side(p.color),
                side(self.pos.turn())
            ),
            Some(_)
                if self
                    .pos
                    .legal_moves()
                    .iter()
                    .any(|m| m.from() == Some(from) && m.to() == to) =>
            {
                return None;
            }
            Some(p) => {
                let check = if self.pos.is_check() {
                    " (the king is in check)"
                } else {
                    ""
                };
                format!(
                    "the {} on {from} cannot move to {to}{check}",
                    role_name(p.role)
                )
            }
        };
        Some((why, None))
    }

    /// Whether a variation on the move just read follows (the position before it is kept
    /// only then).
    fn variation_follows(&self) -> bool {
        let rest = self.scan.tokens.get(self.cursor..).unwrap_or_default();
        for t in rest {
            match t.kind {
                TokKind::VarStart => return true,
                TokKind::Nag(_)
                | TokKind::Comment
                | TokKind::LineComment
                | TokKind::Number { .. }
                | TokKind::Ellipsis => {}
                _ => return false,
            }
        }
        false
    }

    fn play(&mut self, m: Move, disambiguation: Disambiguation) -> MoveFacts {
        let number = self.pos.fullmoves().get();
        let color = self.pos.turn();
        self.past_max = color == Color::Black && number == u32::MAX;
        let kind = match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => MoveKind::Normal {
                role,
                from,
                to,
                capture: capture.is_some(),
                en_passant: false,
                promotion,
                disambiguation,
            },
            Move::EnPassant { from, to } => MoveKind::Normal {
                role: Role::Pawn,
                from,
                to,
                capture: true,
                en_passant: true,
                promotion: None,
                disambiguation: Disambiguation::default(),
            },
            Move::Castle { .. } => {
                MoveKind::Castle(m.castling_side().unwrap_or(CastlingSide::KingSide))
            }
            Move::Put { .. } => MoveKind::Null,
        };
        self.before = self.variation_follows().then(|| self.pos.clone());
        self.pos.play_unchecked(m);
        let checkers = self.pos.checkers();
        let check = if checkers.is_empty() {
            Check::None
        } else if is_mate(&self.pos) {
            Check::Mate
        } else if checkers.count() > 1 {
            Check::Double
        } else {
            Check::Single
        };
        MoveFacts {
            number,
            color,
            kind,
            check,
        }
    }

    fn null_move(&mut self, t: &Token) -> Result<MoveFacts, Error> {
        if self.pos.is_check() {
            let reason = self
                .game_over()
                .unwrap_or("a null move is not possible while the king is in check");
            return Err(self.move_error(t, "illegal move", reason, None));
        }
        let number = self.pos.fullmoves();
        let color = self.pos.turn();
        let mode = self.pos.castles().mode();
        let mut setup = self.pos.clone().to_setup(EnPassantMode::Legal);
        setup.swap_turn();
        if color == Color::Black {
            setup.fullmoves = number.saturating_add(1);
        }
        match Chess::from_setup(setup, mode) {
            Ok(next) => {
                self.past_max = color == Color::Black && number.get() == u32::MAX;
                self.before = Some(mem::replace(&mut self.pos, next));
                Ok(MoveFacts {
                    number: number.get(),
                    color,
                    kind: MoveKind::Null,
                    check: Check::None,
                })
            }
            Err(e) => Err(self.move_error(
                t,
                "illegal move",
                &format!("a null move is not possible here: {e}"),
                None,
            )),
        }
    }

    /// Warnings where the source says something the position does not.
    #[inline]
    fn check_source(&mut self, t: &Token, word: &MoveWord, facts: &MoveFacts) {
        let claim = self.claim.take();
        let wrong_number = claim.is_some_and(|(number, _)| number != facts.number);
        let wrong_sign = match (word.suffix, facts.check) {
            (None, _) => false,
            (Some(SourceSuffix::Mate), c) => c != Check::Mate,
            (Some(_), c) => c == Check::None,
        };
        if wrong_number || wrong_sign || word.ep_mark {
            self.source_warnings(t, word, facts, claim);
        }
    }

    #[cold]
    fn source_warnings(
        &mut self,
        t: &Token,
        word: &MoveWord,
        facts: &MoveFacts,
        claim: Option<(u32, usize)>,
    ) {
        if let Some((number, i)) = claim
            && number != facts.number
            && let Some(nt) = self.scan.tokens.get(i)
        {
            let msg = format!(
                "move number {number} where the position has move {}",
                facts.number
            );
            self.warn(nt, msg);
        }
        let text = self.scan.token_text(t);
        match (word.suffix, facts.check) {
            (Some(SourceSuffix::Mate), c) if c != Check::Mate => {
                self.warn(t, format!("'{text}' is marked as mate but is not mate"));
            }
            (Some(SourceSuffix::Check | SourceSuffix::DoubleCheck), Check::None) => {
                self.warn(t, format!("'{text}' is marked as check but gives no check"));
            }
            _ => {}
        }
        let en_passant = matches!(
            facts.kind,
            MoveKind::Normal {
                en_passant: true,
                ..
            }
        );
        if word.ep_mark && !en_passant {
            self.warn(
                t,
                format!("'{text}' is marked e.p. but is not an en passant capture"),
            );
        }
    }
}

impl Visitor for Replay<'_> {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), _: &[u8], _: RawTag<'_>) -> Flow {
        // The tags are the scan's: pgn-reader is given the movetext alone.
        self.internal("pgn-reader reported a tag in the movetext")
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        self.setup()
    }

    fn san(&mut self, _: &mut (), san_plus: SanPlus) -> Flow {
        let Some((_, t)) = self.next_token() else {
            return self.internal("pgn-reader reported a move the scan did not find");
        };
        let TokKind::Move(word) = t.kind else {
            let what = format!(
                "pgn-reader reported a move at '{}'",
                self.scan.token_text(t)
            );
            return self.internal(&what);
        };
        if self.past_max {
            let e = self.move_error(
                t,
                "move",
                &format!(
                    "its number would be more than {}, the largest move number",
                    u32::MAX
                ),
                Some("the [FEN] tag's fullmove number is too large for a game that goes on"),
            );
            return self.fail(t.start, e);
        }
        let facts = match san_plus.san {
            San::Null => self.null_move(t),
            san => match self.quick_resolve(&san) {
                Some(m) => {
                    // Tests and debug builds check that the quick way finds what the general
                    // one does. (Left out of release builds altogether, not just skipped: the
                    // code around gets inlined differently with it.)
                    #[cfg(debug_assertions)]
                    assert_eq!(
                        self.resolve(san, t, &word).ok(),
                        Some((m, Disambiguation::default())),
                        "quick_resolve differs from resolve"
                    );
                    Ok(self.play(m, Disambiguation::default()))
                }
                None => self.resolve(san, t, &word).map(|(m, d)| self.play(m, d)),
            },
        };
        match facts {
            Ok(f) => {
                self.check_source(t, &word, &f);
                self.items.push(Item::Move(f));
                ControlFlow::Continue(())
            }
            Err(e) => self.fail(t.start, e),
        }
    }

    fn nag(&mut self, _: &mut (), nag: Nag) -> Flow {
        match self.next_token() {
            Some((
                _,
                t @ Token {
                    kind: TokKind::Nag(_),
                    ..
                },
            )) => {
                if let Some((_, i)) = self.claim {
                    return self.number_without_move(i, Some(t));
                }
                // PGN's null annotation means nothing, and its number is the draw offer's
                // inside the program.
                if nag.0 == DRAW_OFFER_NAG {
                    let message = "the null annotation $0 means nothing; it is left out".into();
                    self.warn(t, message);
                    return ControlFlow::Continue(());
                }
                let at = self.place(t.start);
                self.items.push(Item::Nag(nag.0, at));
                ControlFlow::Continue(())
            }
            _ => self.internal("pgn-reader reported a NAG the scan did not find"),
        }
    }

    fn partial_comment(&mut self, _: &mut (), comment: RawComment<'_>) -> Flow {
        self.partial.get_or_insert(self.text.len());
        self.text.push_str(&text_of(comment.as_bytes()));
        ControlFlow::Continue(())
    }

    fn comment(&mut self, _: &mut (), comment: RawComment<'_>) -> Flow {
        match self.next_token() {
            Some((
                _,
                t @ Token {
                    kind: TokKind::Comment | TokKind::LineComment,
                    ..
                },
            )) => {
                let at = self.place(t.start);
                let chunked = self.partial.is_some();
                let start = self.partial.take().unwrap_or(self.text.len());
                let scan_text = self.scan.text.as_str();
                let comment = scanned_text(scan_text, (t.start, t.end), comment.as_bytes());
                let same_bytes = matches!(comment, Cow::Borrowed(_)) && !chunked;
                self.text.push_str(&comment);
                if !has_diagram_mark(&self.text[start..]) {
                    self.items.push(Item::Comment(start..self.text.len(), at));
                    return ControlFlow::Continue(());
                }
                // ChessBase's `[#]`: a diagram of the position here, where it stands among
                // the comment's words (the text before it, the diagram, the text after it).
                let mut from = start;
                let mut place = at;
                let marks: Vec<usize> = self.text[start..]
                    .match_indices(DIAGRAM_MARK)
                    .map(|(i, _)| start + i)
                    .collect();
                for mark in marks {
                    if !self.text[from..mark].trim().is_empty() {
                        self.items.push(Item::Comment(from..mark, place));
                    }
                    let here = (self.pos.board().clone(), self.pos.turn());
                    self.items.push(Item::Diagram(Box::new(here)));
                    from = mark + DIAGRAM_MARK.len();
                    // (The text after the mark starts at its place in the file when the
                    // comment is the file's bytes as they are.)
                    if same_bytes {
                        place = self.place(t.start + (from - start));
                    }
                }
                if !self.text[from..].trim().is_empty() {
                    self.items.push(Item::Comment(from..self.text.len(), place));
                }
                ControlFlow::Continue(())
            }
            _ => self.internal("pgn-reader reported a comment the scan did not find"),
        }
    }

    fn begin_variation(&mut self, _: &mut ()) -> ControlFlow<(), Skip> {
        let Some((_, t)) = self.next_token() else {
            let _ = self.internal("pgn-reader reported a variation the scan did not find");
            return ControlFlow::Break(());
        };
        if let Some((_, i)) = self.claim {
            let _ = self.number_without_move(i, Some(t));
            return ControlFlow::Break(());
        }
        let Some(before) = self.before.take() else {
            let d = self.diagnostic(
                t,
                format!(
                    "variation without a move before it in {}",
                    game_label(self.scan, self.number)
                ),
                Some("a variation replaces the move before it: write it after that move"),
            );
            let _ = self.fail(t.start, d.into());
            return ControlFlow::Break(());
        };
        let pos = mem::replace(&mut self.pos, before.clone());
        self.stack.push(Frame {
            pos,
            before: Some(before),
            past_max: mem::take(&mut self.past_max),
        });
        self.items.push(Item::VariationStart);
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, _: &mut ()) -> Flow {
        let (Some((_, t)), Some(frame)) = (self.next_token(), self.stack.pop()) else {
            return self.internal("pgn-reader reported a ')' the scan did not find");
        };
        // A variation of a move number alone (`( 2...)`, as exports leave them) or of
        // nothing (`()`): said, and left out; the game goes on as if it were not there.
        // (`(=)`, a draw offer, is a sign of its move: below.)
        let empty = matches!(self.items.last(), Some(Item::VariationStart));
        if let Some((_, i)) = self.claim
            && !empty
        {
            return self.number_without_move(i, Some(t));
        }
        self.pos = frame.pos;
        self.before = frame.before;
        self.past_max = frame.past_max;
        if empty {
            self.items.pop();
            let message = match self.claim.take() {
                Some(_) => "an empty variation (a move number alone), left out",
                None => "an empty variation, left out",
            };
            self.warn(t, message.to_owned());
            return ControlFlow::Continue(());
        }
        // `(=)` right after a move: the draw offer, a sign of that move (FIDE's notation).
        if let Some(at) = draw_offer_at(&self.items) {
            self.items.truncate(self.items.len() - 2);
            self.items.push(Item::Nag(DRAW_OFFER_NAG, at));
            return ControlFlow::Continue(());
        }
        self.items.push(Item::VariationEnd);
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, _: &mut (), outcome: Outcome) -> Flow {
        let Some((_, t)) = self.next_token() else {
            return self.internal("pgn-reader reported a result the scan did not find");
        };
        // A number before the result (`41. 1-0`, as some programs end a game) loses nothing
        // but itself: said, not an error.
        if let Some((_, i)) = self.claim.take()
            && let Some(nt) = self.scan.tokens.get(i)
        {
            let label = game_label(self.scan, self.number);
            let message = format!(
                "move number '{}' with no move after it before the result '{}' in {label}: left \
                 out",
                self.scan.token_text(nt),
                self.scan.token_text(t)
            );
            let d = self.diagnostic(nt, message, None);
            self.warnings.push(Warning(d));
        }
        self.marker = Some(match outcome {
            Outcome::Known(KnownOutcome::Decisive {
                winner: Color::White,
            }) => GameResult::WhiteWins,
            Outcome::Known(KnownOutcome::Decisive {
                winner: Color::Black,
            }) => GameResult::BlackWins,
            Outcome::Known(KnownOutcome::Draw) => GameResult::Draw,
            Outcome::Unknown => GameResult::Unknown,
        });
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _: ()) {}
}

/// The legal move a SAN means when it is found quickly and surely without generating the
/// candidate moves (shakmaty's list of them is a 2 KiB copy at every move): a knight,
/// bishop, rook or queen move that one piece of its kind can legally make, a king move
/// other than castling, a pawn push or capture (not en passant). `None` for anything else,
/// or when the SAN does not fit the position: [`Replay::resolve`] then decides, and explains
/// errors (the reader's `fitting`: its list of candidates). What is found here is the move
/// `resolve` finds, with no disambiguation (one piece of its kind can make it). One quick way
/// for the replay and the reader (`read::games::fitting`, and so a build's check of itself).
pub(crate) fn quick_move(pos: &Chess, san: &San) -> Option<Move> {
    let San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = *san
    else {
        return None;
    };
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_color(us);
    if ours.contains(to) {
        return None;
    }
    let king = board.king_of(us)?;
    let occupied = board.occupied();
    let takes = board.by_color(!us).contains(to);
    // A move other than the king's is legal when no piece of the other side attacks the
    // king afterwards (the captured piece taken away).
    let safe = |from: Square| {
        let after = occupied.without(from).with(to);
        (board.attacks_to(king, !us, after) & !Bitboard::from_square(to)).is_empty()
    };
    let from = match role {
        Role::Knight | Role::Bishop | Role::Rook | Role::Queen => {
            let reach = match role {
                Role::Knight => attacks::knight_attacks(to),
                Role::Bishop => attacks::bishop_attacks(to, occupied),
                Role::Rook => attacks::rook_attacks(to, occupied),
                _ => attacks::queen_attacks(to, occupied),
            };
            let mut legal = (reach & board.by_role(role) & ours)
                .into_iter()
                .filter(|&from| safe(from));
            let from = legal.next()?;
            if promotion.is_some() || legal.next().is_some() {
                return None;
            }
            from
        }
        Role::King => {
            let attacked = board.attacks_to(to, !us, occupied.without(king)).any();
            if promotion.is_some() || !attacks::king_attacks(king).contains(to) || attacked {
                return None;
            }
            king
        }
        Role::Pawn => {
            let back = if us == Color::White { -8 } else { 8 };
            let pawns = board.by_role(Role::Pawn) & ours;
            let from = match file {
                // A push: one square, or two from the pawn's first rank.
                None if !takes => {
                    let one = to.offset(back)?;
                    if pawns.contains(one) {
                        one
                    } else {
                        let two = one.offset(back)?;
                        let fourth = us.relative_rank(shakmaty::Rank::Fourth);
                        if occupied.contains(one) || to.rank() != fourth || !pawns.contains(two) {
                            return None;
                        }
                        two
                    }
                }
                // A capture from the next file.
                Some(f) if takes && f.distance(to.file()) == 1 => {
                    let from = Square::from_coords(f, to.rank()).offset(back)?;
                    if !pawns.contains(from) {
                        return None;
                    }
                    from
                }
                _ => return None,
            };
            let last = to.rank() == us.relative_rank(shakmaty::Rank::Eighth);
            let promotes = matches!(
                promotion,
                Some(Role::Knight | Role::Bishop | Role::Rook | Role::Queen)
            );
            if last != promotes || !safe(from) {
                return None;
            }
            from
        }
    };
    if file.is_some_and(|f| f != from.file())
        || rank.is_some_and(|r| r != from.rank())
        || (capture && !takes)
    {
        return None;
    }
    Some(Move::Normal {
        role,
        from,
        capture: board.role_at(to),
        to,
        promotion: if role == Role::Pawn { promotion } else { None },
    })
}
