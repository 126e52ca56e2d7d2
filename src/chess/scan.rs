//! The scanning pass: splits the input into games exactly where pgn-reader does, and reads
//! each game's tags and movetext into tokens that keep their source positions.

use std::collections::VecDeque;
use std::io::{self, BufRead};

use super::game::GameResult;
use super::letters::{Lang, Letter, Reading, glyph_nag};
use super::words::{MoveShape, MoveWord, SourceSuffix, Word, quick_move, read_word};
use crate::document::Pos;
use crate::document::lines::{read_line_within, too_long};
use crate::error::{Diagnostic, Located, Location};
use crate::source::{MAX_HELD, MAX_HELD_TEXT};

/// What a movetext token is.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum TokKind {
    Move(MoveWord),
    Nag(u8),
    /// `{...}`: the span is the text inside the braces.
    Comment,
    /// `;...`: the span is the text after the semicolon.
    LineComment,
    VarStart,
    VarEnd,
    Result(GameResult),
    /// A move number (`12.`, `12...`); not passed on, kept for warnings.
    Number {
        number: u32,
        black: bool,
    },
    /// `...` or a dash for an omitted white move; not passed on.
    Ellipsis,
}

impl TokKind {
    /// Whether the token goes into the movetext given to pgn-reader.
    pub(crate) fn is_emitted(self) -> bool {
        !matches!(self, TokKind::Number { .. } | TokKind::Ellipsis)
    }
}

/// A token and its byte span in the game text.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) struct Token {
    pub kind: TokKind,
    pub start: usize,
    pub end: usize,
}

/// A tag pair: byte spans of the whole tag, its name and its raw (still escaped) value.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) struct TagTok {
    pub start: usize,
    pub end: usize,
    pub name: (usize, usize),
    pub value: (usize, usize),
    /// Where its value starts in the file (found as the line is scanned: a place a tag).
    pub at: Pos,
}

/// A tag whose value goes on on the next line (or is being read): where it and its name
/// and value start, and on how many lines it stands so far.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
struct OpenTag {
    start: usize,
    name: (usize, usize),
    value_start: usize,
    at: Pos,
    lines: u8,
}

/// The error of a tag whose value has no closing quote: at the tag, to its value's start.
fn unterminated_tag(open: &OpenTag) -> ScanError {
    let end = match open.value_start {
        NO_VALUE_YET => open.name.1,
        v => v,
    };
    ScanError::new(
        open.start,
        end.max(open.start + 1),
        "unterminated tag: the value has no closing '\"'".into(),
        Some("a tag is written [Name \"value\"] on one line"),
    )
}

/// [`OpenTag::value_start`] of a tag whose line ended after its name.
const NO_VALUE_YET: usize = usize::MAX;

/// A tag's value wrapped over more lines than this is a tag left unterminated.
const MOST_TAG_LINES: u8 = 3;

/// A problem found while scanning, located by byte span in the game text.
#[derive(Clone, Debug, Eq, PartialEq)]
pub(crate) struct ScanError {
    pub start: usize,
    pub end: usize,
    pub message: String,
    pub hint: Option<String>,
}

impl ScanError {
    pub(crate) fn new(start: usize, end: usize, message: String, hint: Option<&str>) -> Self {
        ScanError {
            start,
            end,
            message,
            hint: hint.map(str::to_owned),
        }
    }
}

#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Phase {
    Tags,
    Movetext,
}

/// One game as scanned: its text (lines joined with `\n`), tags and tokens. Reused across games.
#[derive(Debug)]
pub(crate) struct GameScan {
    pub text: String,
    line_starts: Vec<usize>,
    /// The file line number of the game's first line.
    pub first_line: u32,
    pub tags: Vec<TagTok>,
    pub tokens: Vec<Token>,
    /// The first problem found; tokens stop before it.
    pub error: Option<ScanError>,
    phase: Phase,
    open_comment: Option<usize>,
    /// A tag whose value goes on on the next line.
    open_tag: Option<OpenTag>,
    parens: Vec<usize>,
    result_at: Option<usize>,
    english_at: Option<(usize, usize)>,
    swedish_at: Option<(usize, usize)>,
    /// Languages seen: 1 English, 2 Swedish.
    langs_seen: u8,
    /// The roster's tags read (a bit each: [`roster_bit`]).
    roster_seen: u8,
    /// pgn-reader reads the source text itself exactly as the normalized text: every token
    /// in the form it would be written (English SAN, `$n`, `{}`), tags as `[Name "value"]`.
    pub raw: bool,
    /// The text is ASCII: a column is a byte offset (most PGN; places are found at every
    /// comment and annotation).
    ascii: bool,
    /// How piece letters (and ICCF's numbers) are read.
    pub(crate) reading: Reading,
    /// Words of four or five digits that ICCF numeric notation reads as moves, read as move
    /// numbers so far (`auto`: they become moves if the game has no other moves).
    iccf_words: usize,
}

fn is_space(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

const fn is_delimiter(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t' | b'\r' | b'\n' | b'{' | b'}' | b'(' | b')' | b';' | b'$' | b'!' | b'?'
    )
}

impl GameScan {
    /// Whether the movetext ends with a result (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub(crate) fn has_result(&self) -> bool {
        self.result_at.is_some()
    }

    fn new() -> Self {
        GameScan {
            text: String::new(),
            line_starts: Vec::new(),
            first_line: 1,
            tags: Vec::new(),
            tokens: Vec::new(),
            error: None,
            phase: Phase::Tags,
            open_comment: None,
            open_tag: None,
            parens: Vec::new(),
            result_at: None,
            english_at: None,
            swedish_at: None,
            langs_seen: 0,
            roster_seen: 0,
            raw: true,
            ascii: true,
            reading: Reading::default(),
            iccf_words: 0,
        }
    }

    fn reset(&mut self) {
        self.text.clear();
        self.line_starts.clear();
        self.tags.clear();
        self.tokens.clear();
        self.error = None;
        self.phase = Phase::Tags;
        self.open_comment = None;
        self.open_tag = None;
        self.parens.clear();
        self.result_at = None;
        self.english_at = None;
        self.swedish_at = None;
        self.langs_seen = 0;
        self.roster_seen = 0;
        self.raw = self.reading.english_letters() && !self.reading.iccf;
        self.ascii = true;
        self.iccf_words = 0;
    }

    /// Nothing but `;` comments (a file's heading note): not a game.
    pub(crate) fn is_empty(&self) -> bool {
        self.tags.is_empty()
            && self.error.is_none()
            && self.tokens.iter().all(|t| t.kind == TokKind::LineComment)
    }

    /// Text between games (`Rond 2 spelas i morgon.` on a line of its own): no tag, no word
    /// of it a move, and at least half its words words of letters (`I morgon …`, `2:a
    /// ronden …`), so it is no game with a slip in it (`1. e9 *`, control bytes). (Only
    /// asked of a scan that stopped at an error: a game's words all read.)
    pub(crate) fn is_text(&self) -> bool {
        if !self.tags.is_empty() || self.error.is_none() {
            return false;
        }
        let bare = |w: &'_ str| -> String {
            w.trim_matches(|c: char| ",.:;!?()\"'{}-–—".contains(c))
                .to_owned()
        };
        let (mut words, mut lettered) = (0usize, 0usize);
        for w in self.text.split(is_space).filter(|w| !w.is_empty()) {
            let w = bare(w);
            if matches!(read_word(&w, self.reading), Ok(Word::Move { .. })) {
                return false;
            }
            words += 1;
            let letters = w.chars().filter(|c| c.is_alphabetic()).count();
            if w.chars().next().is_some_and(char::is_alphabetic) && letters >= 2 {
                lettered += 1;
            }
        }
        lettered > 0 && lettered * 2 >= words
    }

    /// The piece-letter language of the tokens scanned.
    pub(crate) fn lang(&self) -> Lang {
        if self.swedish_at.is_some() {
            Lang::Swedish
        } else if self.english_at.is_some() {
            Lang::English
        } else {
            Lang::Undecided
        }
    }

    pub(crate) fn slice(&self, (start, end): (usize, usize)) -> &str {
        self.text.get(start..end).unwrap_or("")
    }

    /// The source text of a token.
    pub(crate) fn token_text(&self, t: &Token) -> &str {
        self.slice((t.start, t.end))
    }

    /// Index of the line holding byte `offset`.
    fn line_index(&self, offset: usize) -> usize {
        self.line_starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }

    /// The text of the line holding byte `offset`.
    fn line_text(&self, offset: usize) -> (usize, &str) {
        let i = self.line_index(offset);
        let start = self.line_starts.get(i).copied().unwrap_or(0);
        let end = self.line_starts.get(i + 1).map_or(self.text.len(), |&e| e);
        (
            start,
            self.text
                .get(start..end)
                .unwrap_or("")
                .trim_end_matches('\n'),
        )
    }

    /// The file location of byte `offset`.
    pub(crate) fn location(&self, file: &str, offset: usize) -> Location {
        self.pos(offset).in_file(file)
    }

    /// The line and column of byte `offset`.
    pub(crate) fn pos(&self, offset: usize) -> Pos {
        let i = self.line_index(offset);
        let (start, _) = self.line_text(offset);
        let column = self.chars(start, offset) + 1;
        Pos {
            line: self
                .first_line
                .saturating_add(u32::try_from(i).unwrap_or(u32::MAX)),
            column: u32::try_from(column).unwrap_or(u32::MAX),
        }
    }

    /// Where the movetext begins in the text: after the last tag.
    pub(crate) fn movetext_start(&self) -> usize {
        self.tags.last().map_or(0, |t| t.end)
    }

    /// The characters of the text from byte `start` to byte `end`.
    fn chars(&self, start: usize, end: usize) -> usize {
        match (self.ascii, self.text.get(start..end)) {
            (true, Some(s)) => s.len(),
            (false, Some(s)) => s.chars().count(),
            (_, None) => 0,
        }
    }

    /// [`GameScan::pos`] of `offset`, counted on from `earlier` (a byte offset not after it
    /// and its place) when that stands on the same line. Tokens are asked for in order:
    /// counting each from the start of its line made a long line of movetext quadratic.
    pub(crate) fn pos_after(&self, earlier: Option<(usize, Pos)>, offset: usize) -> Pos {
        // (One search for the line: the earlier place is on it when it is not before its
        // start. A comment's place is asked for at every comment.)
        let i = self.line_index(offset);
        let line_start = self.line_starts.get(i).copied().unwrap_or(0);
        if let Some((at, pos)) = earlier
            && line_start <= at
            && at <= offset
            && let Some(between) = self.text.get(at..offset)
        {
            let chars = match self.ascii {
                true => between.len(),
                false => between.chars().count(),
            };
            let chars = u32::try_from(chars).unwrap_or(u32::MAX);
            return Pos {
                line: pos.line,
                column: pos.column.saturating_add(chars),
            };
        }
        self.pos(offset)
    }

    /// A diagnostic for the bytes `start..end`, with the source line and a marker under them.
    pub(crate) fn diagnostic(
        &self,
        file: &str,
        start: usize,
        end: usize,
        message: String,
    ) -> Diagnostic {
        let (line_start, line) = self.line_text(start);
        let line_end = line_start + line.len();
        let width = self
            .text
            .get(start..end.min(line_end).max(start))
            .map_or(1, |s| s.chars().count());
        Diagnostic::new(self.location(file, start), message).with_source(line, width)
    }

    /// Where the game starts: its first non-blank character.
    pub(crate) fn start_location(&self, file: &str) -> Location {
        let (_, line) = self.line_text(0);
        let skip = line.len() - line.trim_start_matches(is_space).len();
        self.location(file, skip)
    }

    /// The value of a tag, escapes removed (one wrapped over lines on one line).
    pub(crate) fn tag_value(&self, name: &str) -> Option<String> {
        let t = self.tags.iter().find(|t| self.slice(t.name) == name)?;
        Some(tag_text(self.slice(t.value)).into_owned())
    }

    fn fail(&mut self, e: ScanError) {
        if self.error.is_none() {
            self.error = Some(e);
        }
    }

    fn push(&mut self, kind: TokKind, start: usize, end: usize) {
        self.tokens.push(Token { kind, start, end });
    }

    /// Scans the last line added to `text` (from `start` to the end, without its `\n`).
    fn scan_line(&mut self, start: usize) {
        let text = std::mem::take(&mut self.text);
        let end = text.len().saturating_sub(1);
        self.line(&text, start, end);
        self.text = text;
    }

    fn line(&mut self, text: &str, start: usize, end: usize) {
        let line = text.get(start..end).unwrap_or("");
        let mut i = 0;
        if let Some(open) = self.open_comment {
            match line.find('}') {
                Some(k) => {
                    if self.error.is_none() {
                        self.push(TokKind::Comment, open + 1, start + k);
                    }
                    self.open_comment = None;
                    i = k + 1;
                }
                None => return,
            }
        }
        if self.error.is_some() {
            let t = line[i..].trim_start_matches(is_space);
            if self.phase == Phase::Tags && !t.is_empty() && !t.starts_with(['[', '%']) {
                self.phase = Phase::Movetext;
            }
            self.skim(line, start, i);
            return;
        }
        if self.phase == Phase::Tags {
            // A tag's value that goes on from the line before (not at a line that begins a
            // tag of its own: that one was left unterminated).
            if let Some(mut open) = self.open_tag.take() {
                let t = line.trim_start_matches(is_space);
                let result = match t.is_empty() || t.starts_with('[') {
                    true => Err(unterminated_tag(&open)),
                    false => {
                        open.lines += 1;
                        match open.value_start {
                            // The value after a name alone on the line before.
                            NO_VALUE_YET => match t.starts_with('"') {
                                true => self.value_opens(line, start, line.len() - t.len(), open),
                                false => Err(unterminated_tag(&open)),
                            },
                            _ => self.read_tag_value(line, start, 0, open),
                        }
                    }
                };
                match result {
                    Ok(next) => i = next,
                    Err(e) => {
                        self.fail(e);
                        return;
                    }
                }
            }
            loop {
                let blanks = line[i..].len() - line[i..].trim_start_matches(is_space).len();
                // pgn-reader skips only ASCII blanks here (and a BOM that starts a game).
                self.raw &= line[i..i + blanks].is_ascii()
                    || (start == 0 && i == 0 && line.starts_with('\u{feff}'));
                i += blanks;
                match line.as_bytes().get(i) {
                    None => return,
                    Some(b'%') if line[..i].trim_start_matches(is_space).is_empty() => return,
                    Some(b'[') => match self.tag(line, start, i) {
                        Ok(next) => i = next,
                        Err(e) => {
                            self.fail(e);
                            return;
                        }
                    },
                    Some(_) => {
                        self.phase = Phase::Movetext;
                        break;
                    }
                }
            }
        } else if i == 0 && line.starts_with('%') {
            return;
        }
        if let Err(e) = self.movetext(text, start, end, i) {
            let resume = e.end.saturating_sub(start).min(line.len());
            self.fail(e);
            self.skim(line, start, resume);
        }
    }

    /// After an error: follows only comments, so that the game still ends where it should.
    fn skim(&mut self, line: &str, base: usize, mut i: usize) {
        let b = line.as_bytes();
        while i < b.len() {
            match b[i] {
                b'{' => match line[i + 1..].find('}') {
                    Some(k) => i += k + 2,
                    None => {
                        self.open_comment = Some(base + i);
                        return;
                    }
                },
                b';' => return,
                _ => i += 1,
            }
        }
    }

    /// Reads `[Name "value"]` at `i`; returns the byte after it.
    fn tag(&mut self, line: &str, base: usize, i: usize) -> Result<usize, ScanError> {
        let b = line.as_bytes();
        let hint = "a tag is written [Name \"value\"] on one line";
        let whole = |m: &str| ScanError::new(base + i, base + line.len(), m.to_owned(), Some(hint));
        let skip_blanks = |mut j: usize| {
            while j < b.len() && (b[j] == b' ' || b[j] == b'\t') {
                j += 1;
            }
            j
        };
        let mut j = skip_blanks(i + 1);
        let name_start = j;
        while j < b.len() && !matches!(b[j], b' ' | b'\t' | b'"' | b']') {
            j += 1;
        }
        let name_end = j;
        j = skip_blanks(j);
        self.raw &= name_start == i + 1 && j - name_end <= 1 && !b[name_end..j].contains(&b'\t');
        // A name whose line ends before its value (ChessBase's clipboard wraps `[FEN` and
        // its value so): the value comes on the next line.
        let wrapped = j == b.len() && name_start < name_end;
        if name_start == name_end || (b.get(j) != Some(&b'"') && !wrapped) {
            return Err(whole("malformed tag"));
        }
        self.roster_seen |= roster_bit(&b[name_start..name_end]);
        let mut open = OpenTag {
            start: base + i,
            name: (base + name_start, base + name_end),
            value_start: base + j,
            at: Pos::default(),
            lines: 1,
        };
        if wrapped {
            open.value_start = NO_VALUE_YET;
            self.open_tag = Some(open);
            return Ok(line.len());
        }
        self.value_opens(line, base, j, open)
    }

    /// A tag's value opens with the quote at byte `quote` of the line: its place noted, the
    /// value read on from there.
    fn value_opens(
        &mut self,
        line: &str,
        base: usize,
        quote: usize,
        mut open: OpenTag,
    ) -> Result<usize, ScanError> {
        let value_start = quote + 1;
        // (The line scanned is the last one kept; a column counts characters.)
        let index = u32::try_from(self.line_starts.len().saturating_sub(1)).unwrap_or(u32::MAX);
        let before = line.get(..value_start).unwrap_or_default();
        let column = match self.ascii {
            true => before.len(),
            false => before.chars().count(),
        };
        open.value_start = base + value_start;
        open.at = Pos {
            line: self.first_line.saturating_add(index),
            column: u32::try_from(column).unwrap_or(u32::MAX).saturating_add(1),
        };
        self.read_tag_value(line, base, value_start, open)
    }

    /// Reads the value of an open tag from byte `j` of the line to its closing `"` and `]`,
    /// and keeps the tag; returns the byte after it. A value whose line ends before its
    /// closing quote goes on on the next line (a tag wrapped, as ChessBase's clipboard export
    /// wraps long ones): the tag stays open ([`GameScan::open_tag`]) and the line is done. A
    /// quote inside the value not escaped (`[White ""Socrates""]`) is the value's when the line
    /// ends with the tag's own `"]`.
    fn read_tag_value(
        &mut self,
        line: &str,
        base: usize,
        mut j: usize,
        open: OpenTag,
    ) -> Result<usize, ScanError> {
        let b = line.as_bytes();
        let hint = "a tag is written [Name \"value\"] on one line";
        let from = open.start.max(base) - base;
        let whole =
            |m: &str| ScanError::new(base + from, base + line.len(), m.to_owned(), Some(hint));
        loop {
            match b.get(j) {
                None if open.lines < MOST_TAG_LINES => {
                    self.open_tag = Some(open);
                    return Ok(line.len());
                }
                None => return Err(unterminated_tag(&open)),
                Some(b'\\') => j += 2,
                Some(b'"') => break,
                Some(_) => j += 1,
            }
        }
        let mut value_end = j;
        let after = |k: usize| {
            k + b[k..]
                .iter()
                .take_while(|&&c| c == b' ' || c == b'\t')
                .count()
        };
        let mut end = after(j + 1);
        if b.get(end) != Some(&b']') {
            // Quotes not escaped inside the value: its end is the line's last `"]`.
            let t = line.trim_end_matches(is_space);
            let last = t
                .strip_suffix(']')
                .map(|t| t.trim_end_matches([' ', '\t']))
                .filter(|t| t.ends_with('"') && t.len() > value_end);
            match last {
                Some(t) => {
                    value_end = t.len() - 1;
                    end = after(value_end + 1);
                }
                None => return Err(whole("unterminated tag: ']' expected after the value")),
            }
        }
        self.tags.push(TagTok {
            start: open.start,
            end: base + end + 1,
            name: open.name,
            value: (open.value_start, base + value_end),
            at: open.at,
        });
        Ok(end + 1)
    }

    /// Reads the movetext of the line `text[start..end]` from byte `i` of the line.
    fn movetext(
        &mut self,
        text: &str,
        start: usize,
        end: usize,
        mut i: usize,
    ) -> Result<(), ScanError> {
        let line = text.get(start..end).unwrap_or("");
        let b = line.as_bytes();
        while i < b.len() {
            let at = start + i;
            match b[i] {
                b' ' | b'\t' | b'\r' => i += 1,
                b'{' => match find_byte(&b[i + 1..], b'}') {
                    Some(k) => {
                        self.push(TokKind::Comment, at + 1, at + 1 + k);
                        i += k + 2;
                    }
                    None => {
                        self.open_comment = Some(at);
                        return Ok(());
                    }
                },
                b'}' => {
                    return Err(ScanError::new(
                        at,
                        at + 1,
                        "'}' without a '{' before it".into(),
                        Some("comments are written {like this}"),
                    ));
                }
                b';' => {
                    self.push(TokKind::LineComment, at + 1, end);
                    self.raw = false;
                    return Ok(());
                }
                b'(' => {
                    self.token(text, TokKind::VarStart, at, at + 1)?;
                    self.parens.push(at);
                    i += 1;
                }
                b')' => {
                    if self.parens.pop().is_none() {
                        return Err(ScanError::new(
                            at,
                            at + 1,
                            "')' without a '(' before it".into(),
                            Some("a variation is written (like this)"),
                        ));
                    }
                    self.token(text, TokKind::VarEnd, at, at + 1)?;
                    i += 1;
                }
                b'$' => {
                    let n = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
                    let stop = i + 1 + n;
                    match line[i + 1..stop].parse::<u8>() {
                        Ok(nag) if b.get(stop).is_none_or(|&c| is_delimiter(c)) => {
                            self.token(text, TokKind::Nag(nag), at, start + stop)?
                        }
                        _ => {
                            let e = word_end(line, i + 1, self.reading);
                            return Err(ScanError::new(
                                at,
                                start + e,
                                format!("cannot read '{}' as an annotation", &line[i..e]),
                                Some("a NAG is written $ and a number from 0 to 255"),
                            ));
                        }
                    }
                    i = stop;
                }
                b'!' | b'?' => {
                    let n = b[i..]
                        .iter()
                        .take_while(|&&c| c == b'!' || c == b'?')
                        .count();
                    let glyph = &line[i..i + n];
                    match glyph_nag(glyph) {
                        Some(nag) => self.token(text, TokKind::Nag(nag), at, at + n)?,
                        None => {
                            return Err(ScanError::new(
                                at,
                                at + n,
                                format!("cannot read '{glyph}' as an annotation"),
                                Some("the move signs are ! ? !! ?? !? ?!"),
                            ));
                        }
                    }
                    i += n;
                }
                c => {
                    if c >= 0x80
                        && let Some(ch) = line[i..].chars().next()
                        && is_space(ch)
                    {
                        self.raw = false;
                        i += ch.len_utf8();
                        continue;
                    }
                    // The end of the word: the next blank or delimiter.
                    let mut stop = i + 1;
                    while let Some(&c) = b.get(stop)
                        && c < 0x80
                        && !DELIMITER[usize::from(c)]
                    {
                        stop += 1;
                    }
                    if b.get(stop).is_some_and(|&c| c >= 0x80 || c == b'(') {
                        stop = word_end(line, i, self.reading);
                    }
                    self.words(text, start + i, start + stop)?;
                    i = stop;
                }
            }
        }
        Ok(())
    }

    /// Reads the word `text[i..end]`, which may hold a move number glued to a move.
    #[inline]
    fn words(&mut self, text: &str, mut i: usize, end: usize) -> Result<(), ScanError> {
        // The common words first: `12.` or `12...`, then a plain move.
        let b = text.as_bytes().get(..end).unwrap_or_default();
        if b.get(i).is_some_and(u8::is_ascii_digit) {
            let mut j = i;
            let mut number: u32 = 0;
            while let Some(&d @ b'0'..=b'9') = b.get(j)
                && j - i < 9
            {
                number = number * 10 + u32::from(d - b'0');
                j += 1;
            }
            let dots = b[j..].iter().take_while(|&&c| c == b'.').count();
            if dots > 0 && b.get(j + dots).is_none_or(|&c| c != 0xE2) {
                self.token(
                    text,
                    TokKind::Number {
                        number,
                        black: dots >= 2,
                    },
                    i,
                    j + dots,
                )?;
                i = j + dots;
            }
        }
        // A word of ICCF numeric notation (`5254`, glued to its number or not; with `iccf`, a
        // check or mate sign may follow).
        if b.get(i).is_some_and(u8::is_ascii_digit)
            && let Some(w) = b.get(i..)
        {
            let iccf = self.reading.iccf;
            let (core, suffix) = match w.last() {
                Some(b'+') if iccf => (&w[..w.len() - 1], Some(SourceSuffix::Check)),
                Some(b'#') if iccf => (&w[..w.len() - 1], Some(SourceSuffix::Mate)),
                _ => (w, None),
            };
            match iccf_move(core) {
                Some(mut word) if iccf => {
                    word.suffix = suffix;
                    self.raw = false;
                    return self.token(text, TokKind::Move(word), i, end);
                }
                // (`auto`: a move number for now; [`GameScan::finish`] decides.)
                Some(_) => self.iccf_words += 1,
                None if iccf
                    && (4..=5).contains(&core.len())
                    && core.iter().all(u8::is_ascii_digit) =>
                {
                    return Err(not_iccf(text.get(i..end).unwrap_or_default(), i, end));
                }
                None => {}
            }
        }
        if i < end
            && let Some(word) = quick_move(&b[i..], self.reading)
        {
            // Written as pgn-reader reads it unless the letter is not English; the letter
            // tells the game's language.
            let lang = match super::letters::piece_letter(char::from(b[i])) {
                Some(Letter::English(shakmaty::Role::Pawn)) => {
                    self.raw = false;
                    1
                }
                Some(Letter::English(_)) => 1,
                Some(Letter::Swedish(_)) => {
                    self.raw = false;
                    2
                }
                _ => 0,
            };
            if lang & !self.langs_seen != 0 {
                self.check_lang(text, &word, i, end)?;
            }
            return self.token(text, TokKind::Move(word), i, end);
        }
        while i < end {
            let w = text.get(i..end).unwrap_or("");
            let word = read_word(w, self.reading)
                .map_err(|e| ScanError::new(i, end, e.message, e.hint.as_deref()))?;
            match word {
                Word::Number { number, black, len } => {
                    self.raw &= w[..len].is_ascii();
                    self.token(text, TokKind::Number { number, black }, i, i + len)?;
                    i += len;
                    continue;
                }
                Word::Ellipsis { len } => {
                    self.raw &= w.is_ascii();
                    self.token(text, TokKind::Ellipsis, i, i + len)?;
                    i += len;
                    continue;
                }
                Word::Dash => {
                    self.raw = false;
                    self.token(text, TokKind::Ellipsis, i, end)?;
                }
                Word::Move { word, nag } => {
                    self.raw &= nag.is_none() && is_canonical(&word, w);
                    self.check_lang(text, &word, i, end)?;
                    self.token(text, TokKind::Move(word), i, end)?;
                    if let Some(nag) = nag {
                        self.push(TokKind::Nag(nag), i, end);
                    }
                }
                Word::Nag(nag) => {
                    self.raw = false;
                    self.token(text, TokKind::Nag(nag), i, end)?;
                }
                Word::EnPassant => match self.tokens.last_mut() {
                    Some(Token {
                        kind: TokKind::Move(m),
                        ..
                    }) if self.result_at.is_none() => {
                        m.ep_mark = true;
                        self.raw = false;
                    }
                    _ => {
                        return Err(ScanError::new(
                            i,
                            end,
                            format!("'{w}' without a move before it"),
                            Some("write e.p. right after the en passant capture"),
                        ));
                    }
                },
                Word::Result(r) => {
                    // (pgn-reader reads PGN's four results; `1:0`, `½-½` … it reads from the
                    // normalized copy.)
                    self.raw &= matches!(w, "1-0" | "0-1" | "1/2-1/2" | "*");
                    self.token(text, TokKind::Result(r), i, end)?;
                    if let Some(&open) = self.parens.last() {
                        return Err(unclosed(open));
                    }
                    self.result_at = Some(i);
                }
            }
            break;
        }
        Ok(())
    }

    /// Pushes a token that is not a comment; nothing but comments may follow the result.
    #[inline]
    fn token(
        &mut self,
        text: &str,
        kind: TokKind,
        start: usize,
        end: usize,
    ) -> Result<(), ScanError> {
        if self.result_at.is_some() {
            return Err(after_result(text, start, end));
        }
        self.push(kind, start, end);
        Ok(())
    }

    /// Records the language of the piece letters of a move; both languages in one game fail.
    #[inline]
    fn check_lang(
        &mut self,
        text: &str,
        m: &MoveWord,
        start: usize,
        end: usize,
    ) -> Result<(), ScanError> {
        let MoveShape::Normal {
            piece, promotion, ..
        } = m.shape
        else {
            return Ok(());
        };
        // Nothing new: no letter of a language not seen yet in this game.
        let bit = |l: Option<Letter>| match l.map(Letter::lang) {
            Some(Lang::English) => 1u8,
            Some(Lang::Swedish) => 2,
            _ => 0,
        };
        if (bit(piece) | bit(promotion)) & !self.langs_seen == 0 {
            return Ok(());
        }
        self.langs_seen |= bit(piece) | bit(promotion);
        self.note_lang(text, piece, promotion, start, end)
    }

    fn note_lang(
        &mut self,
        text: &str,
        piece: Option<Letter>,
        promotion: Option<Letter>,
        start: usize,
        end: usize,
    ) -> Result<(), ScanError> {
        for letter in [piece, promotion].into_iter().flatten() {
            let (mine, other, mine_name, other_name) = match letter.lang() {
                Lang::English => (&mut self.english_at, self.swedish_at, "English", "Swedish"),
                Lang::Swedish => (&mut self.swedish_at, self.english_at, "Swedish", "English"),
                Lang::Undecided => continue,
            };
            if mine.is_none() {
                *mine = Some((start, end));
            }
            if let Some((s, e)) = other {
                let this = text.get(start..end).unwrap_or("");
                let first = text.get(s..e).unwrap_or("");
                return Err(ScanError::new(
                    start,
                    end,
                    format!(
                        "'{this}' uses {mine_name} piece letters, but this game already uses \
                         {other_name} ones (first in '{first}')"
                    ),
                    Some(super::letters::one_language_hint().as_str()),
                ));
            }
        }
        Ok(())
    }

    /// At the end of the game: unterminated comments and unclosed variations. With `auto`,
    /// a game whose moves are all words of four or five digits is in ICCF numeric notation.
    fn finish(&mut self) {
        if self.iccf_words > 0 {
            self.iccf_words = 0;
            self.numbers_to_iccf_moves();
        }
        if let Some(open) = self.open_tag.take() {
            self.fail(unterminated_tag(&open));
        }
        if let Some(open) = self.open_comment.take() {
            self.fail(ScanError::new(
                open,
                open + 1,
                "unterminated comment: this '{' has no '}'".into(),
                Some("the comment runs on to the end of the game; close it with '}'"),
            ));
        }
        if let Some(&open) = self.parens.last() {
            self.fail(unclosed(open));
        }
    }
}

impl GameScan {
    /// A game read with `auto` whose moves are all ICCF numbers (`1. 5254 5755 2. 7163`): the
    /// bare numbers of four or five digits become moves, when no other word is a move and no
    /// bare number is longer (move numbers, `1.` or a bare `1`, stay). One of four or five
    /// digits that is no ICCF move (`5759`) is then an error at its place, as it is with
    /// `iccf`. A game with any other move keeps them all as numbers.
    #[cold]
    fn numbers_to_iccf_moves(&mut self) {
        let mut words = 0;
        let mut bad = None;
        for (k, t) in self.tokens.iter().enumerate() {
            match t.kind {
                TokKind::Move(_) => return,
                TokKind::Number { .. } => {
                    let w = self.text.as_bytes().get(t.start..t.end).unwrap_or_default();
                    if !w.iter().all(u8::is_ascii_digit) || w.len() < 4 {
                        continue;
                    }
                    match (iccf_move(w), w.len()) {
                        (Some(_), _) => words += 1,
                        (None, 4 | 5) => {
                            bad.get_or_insert(k);
                        }
                        // A longer bare number: no ICCF.
                        (None, _) => return,
                    }
                }
                _ => {}
            }
        }
        if words == 0 {
            return;
        }
        if let Some(k) = bad
            && let Some(&t) = self.tokens.get(k)
        {
            self.tokens.truncate(k);
            let w = self.text.get(t.start..t.end).unwrap_or_default();
            self.fail(not_iccf(w, t.start, t.end));
        }
        for t in &mut self.tokens {
            if let TokKind::Number { .. } = t.kind
                && let Some(m) = self.text.as_bytes().get(t.start..t.end).and_then(iccf_move)
            {
                t.kind = TokKind::Move(m);
            }
        }
        self.raw = false;
    }
}

/// The error of a word of four or five digits that is no move of ICCF numeric notation.
fn not_iccf(w: &str, start: usize, end: usize) -> ScanError {
    ScanError::new(
        start,
        end,
        format!("cannot read '{w}' as a move in ICCF numeric notation"),
        Some(
            "ICCF numeric notation writes the file and rank of the square moved from, then of \
             the square moved to, as digits 1-8 (5254 is e2-e4), and a fifth digit 1-4 for a \
             promotion (queen, rook, bishop, knight)",
        ),
    )
}

/// A move in ICCF numeric notation (the Danish article, "Numerisk notation"): the file and rank
/// digits (1-8) of the square moved from, then of the square moved to (`5254` is e2-e4;
/// castling is the king's move, `5171`), and a fifth digit for a promotion (1 queen, 2 rook,
/// 3 bishop, 4 knight). The whole word `w`, or `None`.
pub(crate) fn iccf_move(w: &[u8]) -> Option<MoveWord> {
    let digit = |k: usize| match w.get(k) {
        Some(&d @ b'1'..=b'8') => Some(u32::from(d - b'1')),
        _ => None,
    };
    let (from_file, from_rank, to_file, to_rank) = (digit(0)?, digit(1)?, digit(2)?, digit(3)?);
    let promotion = match w.get(4..)? {
        [] => None,
        [d @ b'1'..=b'4'] => Some(Letter::Any(match d {
            b'1' => shakmaty::Role::Queen,
            b'2' => shakmaty::Role::Rook,
            b'3' => shakmaty::Role::Bishop,
            _ => shakmaty::Role::Knight,
        })),
        _ => return None,
    };
    let to =
        shakmaty::Square::from_coords(shakmaty::File::new(to_file), shakmaty::Rank::new(to_rank));
    // Written as a coordinate move (`e7e8=Q`), which the replay plays as the piece on its
    // first square makes it.
    Some(MoveWord {
        shape: MoveShape::Normal {
            piece: None,
            file: Some(shakmaty::File::new(from_file)),
            rank: Some(shakmaty::Rank::new(from_rank)),
            capture: false,
            to,
            promotion,
        },
        suffix: None,
        ep_mark: false,
    })
}

/// Whether pgn-reader reads the move word `w` as its normalized form: the same bytes,
/// but for a `+` or `#` after them.
fn is_canonical(m: &MoveWord, w: &str) -> bool {
    let core = w.strip_suffix(['+', '#']).unwrap_or(w);
    !m.ep_mark
        && m.suffix != Some(super::words::SourceSuffix::DoubleCheck)
        && super::words::san_bytes(m, Lang::English)
            .is_ok_and(|(san, n)| san.get(..n) == Some(core.as_bytes()))
}

/// Whether a line holds nothing but blanks. (At every line: a printable first byte answers
/// at once.)
fn is_blank(line: &str) -> bool {
    match line.as_bytes().first() {
        Some(b) if b.is_ascii_graphic() => false,
        _ => line.chars().all(is_space),
    }
}

/// The name of a line that looks like one tag pair, `[Name "value"]`: what begins a game.
fn is_tag_line(line: &str) -> Option<&str> {
    // At every line: most begin with a printable character other than `[`.
    if line
        .as_bytes()
        .first()
        .is_some_and(|&b| b != b'[' && b.is_ascii_graphic())
    {
        return None;
    }
    let t = line.trim_matches(is_space);
    let inner = t.strip_prefix('[')?.strip_suffix(']')?;
    let name_end = inner.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))?;
    let name = &inner[..name_end];
    let value = inner[name_end..].trim_start_matches(is_space);
    (!name.is_empty() && value.starts_with('"')).then_some(name)
}

/// The error of a token after the result. Out of line: [`GameScan::token`], which runs at
/// every token, stays small enough to be inlined.
#[cold]
#[inline(never)]
fn after_result(text: &str, start: usize, end: usize) -> ScanError {
    ScanError::new(
        start,
        end,
        format!(
            "text after the result: '{}'",
            text.get(start..end).unwrap_or("")
        ),
        Some("a game ends with its result; put a blank line before the next game"),
    )
}

fn find_byte(b: &[u8], x: u8) -> Option<usize> {
    b.iter().position(|&c| c == x)
}

fn unclosed(open: usize) -> ScanError {
    ScanError::new(
        open,
        open + 1,
        "unclosed variation: this '(' has no ')'".into(),
        Some("close the variation with ')' before the game ends"),
    )
}

/// The end of the word starting at `i`: the next blank or delimiter; a promotion `(Q)` after a
/// square on the first or last rank belongs to the word.
#[inline]
fn word_end(line: &str, i: usize, reading: Reading) -> usize {
    let b = line.as_bytes();
    let mut j = i;
    loop {
        while let Some(&c) = b.get(j) {
            if c < 0x80 {
                if DELIMITER[usize::from(c)] {
                    break;
                }
                j += 1;
            } else {
                let ch = line[j..].chars().next().unwrap_or(' ');
                if is_space(ch) {
                    break;
                }
                j += ch.len_utf8();
            }
        }
        // `e8(Q)`: a promotion in parentheses.
        if j > i && matches!(b[j - 1], b'1' | b'8') && b.get(j) == Some(&b'(') {
            let rest = &line[j + 1..];
            if let Some(ch) = rest.chars().next()
                && reading.letter(ch).is_some()
                && rest[ch.len_utf8()..].starts_with(')')
            {
                j += 1 + ch.len_utf8() + 1;
                continue;
            }
        }
        return j;
    }
}

/// [`is_delimiter`] as a table over ASCII.
const DELIMITER: [bool; 128] = {
    let mut t = [false; 128];
    let mut c = 0;
    while c < 128 {
        t[c] = is_delimiter(c as u8);
        c += 1;
    }
    t
};

/// A tag's value as text: escapes removed, and a value wrapped over lines on one line (its
/// lines joined by a blank).
pub(crate) fn tag_text(raw: &str) -> std::borrow::Cow<'_, str> {
    let value = unescape(raw);
    match value.contains('\n') {
        true => std::borrow::Cow::Owned(value.split_whitespace().collect::<Vec<_>>().join(" ")),
        false => value,
    }
}

/// A tag value with `\"` and `\\` unescaped (as pgn-reader decodes it); borrowed when it has
/// no backslash.
pub(crate) fn unescape(raw: &str) -> std::borrow::Cow<'_, str> {
    if !raw.contains('\\') {
        return std::borrow::Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.clone().next() {
                Some(n @ ('\\' | '"')) => {
                    out.push(n);
                    chars.next();
                }
                _ => out.push(c),
            }
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Reads lines and cuts them into games where pgn-reader does: a game's movetext ends at an
/// empty line or at a line starting with `[` (outside comments).
pub(crate) struct Scanner<R> {
    input: R,
    /// Lines read and not yet used (the `[` line that ended the game before, and the tag
    /// lines before it that are the next game's), each with its file line number.
    held: VecDeque<(String, u32)>,
    /// The file line number of the last line read from the input.
    line_no: u32,
    /// The file line number of the line `next_line` gave last.
    current: u32,
    /// The input is read to its end.
    ended: bool,
    pub game: GameScan,
    /// How each game's piece letters are read.
    reading: Reading,
}

/// The most lines, and the most tokens (moves, signs, comments, brackets), of one game: a
/// real game has some thousands (issue 32: `yes e4` grew a game of three bytes a move, whose
/// tokens took a gigabyte before its text reached [`MAX_HELD`]).
const MAX_PARTS: usize = 1 << 20;

/// The bit of a tag name of PGN's Seven Tag Roster (every game has each once: one written
/// again while tags are read begins the next game); 0 for any other name.
fn roster_bit(name: &[u8]) -> u8 {
    match name {
        b"Event" => 1,
        b"Site" => 2,
        b"Date" => 4,
        b"Round" => 8,
        b"White" => 16,
        b"Black" => 32,
        b"Result" => 64,
        _ => 0,
    }
}

/// The roster bit of a line's tag (`[Name "…`, blanks before it allowed); 0 for any other
/// line. (At every line of tags: no trimming, no search.)
fn roster_bit_of(line: &str) -> u8 {
    let b = line.trim_start_matches([' ', '\t']).as_bytes();
    let Some(rest) = b.strip_prefix(b"[") else {
        return 0;
    };
    let end = rest
        .iter()
        .position(|&c| !c.is_ascii_alphanumeric())
        .unwrap_or(rest.len());
    roster_bit(&rest[..end])
}

/// Where the tag lines after a blank line begin in a game being read: lines that go to the
/// next game when one of them, or the line after them, repeats a tag of the roster.
#[derive(Copy, Clone)]
struct SinceBlank {
    text: usize,
    tags: usize,
    line_starts: usize,
    line_no: u32,
}

impl<R: BufRead> Scanner<R> {
    pub(crate) fn new(input: R, first_line: u32) -> Self {
        Scanner {
            input,
            held: VecDeque::new(),
            line_no: first_line.saturating_sub(1),
            current: first_line.saturating_sub(1),
            ended: false,
            game: GameScan::new(),
            reading: Reading::default(),
        }
    }

    /// Reads piece letters (and numbers) as `reading` says.
    pub(crate) fn set_reading(&mut self, reading: Reading) {
        self.reading = reading;
    }

    /// Whether the game just scanned ended at the end of the input (no line of a later one
    /// is read or held).
    pub(crate) fn at_end(&self) -> bool {
        self.ended && self.held.is_empty()
    }

    /// The game just scanned, taken out; the next is scanned into `next` (a game done with,
    /// whose buffers are kept, or a new one).
    pub(crate) fn take_game(&mut self, next: Option<GameScan>) -> GameScan {
        std::mem::replace(&mut self.game, next.unwrap_or_else(GameScan::new))
    }

    /// How much memory a scanned game holds on to (its text's), to tell whether it is worth
    /// keeping for another game.
    pub(crate) fn held(game: &GameScan) -> usize {
        game.text.capacity()
    }

    /// The next line read is line `line` of its file.
    pub(crate) fn set_first_line(&mut self, line: u32) {
        self.line_no = line.saturating_sub(1);
    }

    /// The error for a game longer than [`MAX_HELD`] or of more than [`MAX_PARTS`] lines or
    /// tokens, at its first line (the file's name is
    /// given by the caller's [`Error::io`](crate::error::Error::io)).
    fn too_long(&self) -> io::Error {
        let at = Location {
            file: String::new(),
            line: self.game.first_line.max(1),
            column: 1,
        };
        let message = format!(
            "this game is larger than a game may be ({MAX_HELD_TEXT} of text, or a million \
             lines or moves, signs and comments): it is not read"
        );
        let d = Diagnostic::new(at, message).with_hint(
            "a comment or a variation that is never closed takes in the rest of the file; \
             close it, or split the game",
        );
        io::Error::new(io::ErrorKind::InvalidData, Located(Box::new(d)))
    }

    /// Reads the next line onto the end of the game text (without its line end); returns where
    /// it starts, or `None` at the end of the input.
    fn next_line(&mut self) -> io::Result<Option<usize>> {
        let text = &mut self.game.text;
        let start = text.len();
        if let Some((line, number)) = self.held.pop_front() {
            text.push_str(&line);
            self.current = number;
            return Ok(Some(start));
        }
        // (A game of a million short lines or words holds far more than its text: each
        // line's start and each token are kept.)
        if self.game.line_starts.len() > MAX_PARTS || self.game.tokens.len() > MAX_PARTS {
            return Err(self.too_long());
        }
        let text = &mut self.game.text;
        let read = match read_line_within(&mut self.input, text, MAX_HELD) {
            Err(e) if too_long(&e) => return Err(self.too_long()),
            read => read?,
        };
        if read == 0 {
            self.ended = true;
            return Ok(None);
        }
        self.line_no = self.line_no.saturating_add(1);
        self.current = self.line_no;
        if text.ends_with('\n') {
            text.pop();
            if text.ends_with('\r') {
                text.pop();
            }
        }
        Ok(Some(start))
    }

    /// Keeps the line read at `start` as part of the game and scans it.
    fn take_line(&mut self, start: usize) {
        let g = &mut self.game;
        g.ascii &= g.text[start..].is_ascii();
        g.line_starts.push(start);
        g.text.push('\n');
        g.scan_line(start);
    }

    /// Gives the next game the lines of this one from `cut` on and the line at `start` (not
    /// taken yet), in order.
    fn hold_since(&mut self, cut: SinceBlank, start: usize) {
        let g = &mut self.game;
        let taken = g.text.get(cut.text..start).unwrap_or_default();
        let mut number = cut.line_no;
        let mut lines: Vec<(String, u32)> = Vec::new();
        for line in taken.strip_suffix('\n').unwrap_or(taken).split('\n') {
            lines.push((line.to_owned(), number));
            number = number.saturating_add(1);
        }
        lines.push((
            g.text.get(start..).unwrap_or_default().to_owned(),
            self.current,
        ));
        for line in lines.into_iter().rev() {
            self.held.push_front(line);
        }
        g.text.truncate(cut.text);
        g.tags.truncate(cut.tags);
        g.line_starts.truncate(cut.line_starts);
    }

    /// Reads the next game into `self.game`; false at the end of the input.
    pub(crate) fn next_game(&mut self) -> io::Result<bool> {
        self.game.reading = self.reading;
        self.game.reset();
        let start = loop {
            let Some(start) = self.next_line()? else {
                return Ok(false);
            };
            let t = self.game.text[start..].trim_start_matches(is_space);
            if !t.is_empty() && !t.starts_with('%') {
                self.game.phase = if t.starts_with('[') {
                    Phase::Tags
                } else {
                    Phase::Movetext
                };
                break start;
            }
            self.game.text.truncate(start);
        };
        self.game.first_line = self.current;
        self.take_line(start);
        let mut after_blank = false;
        let mut since_blank: Option<SinceBlank> = None;
        while let Some(start) = self.next_line()? {
            let g = &mut self.game;
            let line = &g.text[start..];
            // (Only a tag line after a blank line, or one of the roster's read with the tags,
            // ends a game.)
            let tag = match after_blank {
                true => is_tag_line(line),
                false => None,
            };
            let repeated = |name: &str| g.tags.iter().any(|t| g.slice(t.name) == name);
            // A tag line after a blank line starts the next game even where the game before has
            // no movetext yet, when it repeats a tag of the game (a game of tags only: its tags
            // must not become the next game's), or where a '{' was left open (which would take
            // every game after it into its comment). A tag of the roster repeated while tags
            // are read does so with no blank line before it too (a game of tags only run into
            // the next game's tags); another tag repeated among the others stays in its game.
            let roster_again = g.phase == Phase::Tags
                && g.error.is_none()
                && roster_bit_of(line) & g.roster_seen != 0
                && is_tag_line(line).is_some();
            let next_game = roster_again
                || (after_blank
                    && match tag {
                        Some(name) if g.phase == Phase::Tags => repeated(name),
                        Some(_) => g.open_comment.is_some(),
                        None => false,
                    });
            if next_game
                && !after_blank
                && g.phase == Phase::Tags
                && let Some(cut) = since_blank
            {
                // The tag lines since the last blank line are the next game's too.
                self.hold_since(cut, start);
                break;
            }
            if next_game || (g.phase == Phase::Movetext && g.open_comment.is_none()) {
                if line.is_empty() && !next_game {
                    g.text.truncate(start);
                    break;
                }
                if line.starts_with('[') || next_game {
                    self.held.push_back((line.to_owned(), self.current));
                    g.text.truncate(start);
                    break;
                }
            }
            if after_blank && g.phase == Phase::Tags && tag.is_some() {
                since_blank = Some(SinceBlank {
                    text: start,
                    tags: g.tags.len(),
                    line_starts: g.line_starts.len(),
                    line_no: self.current,
                });
            }
            after_blank = is_blank(line);
            self.take_line(start);
        }
        self.game.finish();
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{File, Rank, Square};

    /// Per game: first line, tag names, token kinds, error.
    type Scanned = (u32, Vec<String>, Vec<TokKind>, Option<ScanError>);

    fn games(src: &str) -> Vec<Scanned> {
        let mut s = Scanner::new(src.as_bytes(), 1);
        let mut out = Vec::new();
        while s.next_game().unwrap() {
            let g = &s.game;
            let tags = g.tags.iter().map(|t| g.slice(t.name).to_owned()).collect();
            out.push((
                g.first_line,
                tags,
                g.tokens.iter().map(|t| t.kind).collect(),
                g.error.clone(),
            ));
        }
        out
    }

    /// Tags as exports write them (issue 31): wrapped over lines (ChessBase's clipboard), or
    /// with quotes not escaped inside the value; a value open at a tag line is unterminated.
    #[test]
    fn wrapped_tags_and_unescaped_quotes_are_read() {
        let src = "[Event \"Some long\nevent\"]\n[White \"\"Socrates Expert\"\"]\n\n1. e4 *\n";
        let mut s = Scanner::new(src.as_bytes(), 1);
        assert!(s.next_game().unwrap());
        let g = &s.game;
        assert!(g.error.is_none(), "{:?}", g.error);
        assert_eq!(g.tag_value("Event").as_deref(), Some("Some long event"));
        assert_eq!(g.tag_value("White").as_deref(), Some("\"Socrates Expert\""));
        assert_eq!(g.tokens.len(), 3);
        // The name alone on its line, the value on the next (ChessBase's clipboard), and
        // several tags on one line.
        let src = "[Event \"?\"] [Site \"?\"] [FEN\n\"8/8/8/8/8/8/8/K6k w - - 0 1\"] [PlyCount \"1\"]\n1. Kb1 *\n";
        let mut s = Scanner::new(src.as_bytes(), 1);
        assert!(s.next_game().unwrap());
        let g = &s.game;
        assert!(g.error.is_none(), "{:?}", g.error);
        assert_eq!(
            g.tag_value("FEN").as_deref(),
            Some("8/8/8/8/8/8/8/K6k w - - 0 1")
        );
        assert_eq!(g.tags.len(), 4);
        let g = games("[Event \"abc\n[Site \"x\"]\n\n1. e4 *\n");
        assert!(
            g[0].3
                .as_ref()
                .is_some_and(|e| e.message.contains("unterminated tag") && e.start == 0),
            "{g:?}"
        );
    }

    #[test]
    fn a_repeated_tag_or_a_comment_left_open_ends_the_game_before_it() {
        // A game of tags only: its Event is repeated by the next game's tags.
        let g = games("[Event \"a\"]\n[White \"x\"]\n\n[Event \"b\"]\n\n1. e4 *\n");
        assert_eq!(g.len(), 2);
        assert_eq!((g[0].1.len(), g[0].2.len(), g[1].0), (2, 0, 4));
        // A '{' left open ends at the next tag line after a blank line, as an error of its
        // own game; the next game is whole.
        let g = games("[A \"1\"]\n\n1. e4 {open\n\n[A \"2\"]\n\n1. d4 *\n");
        assert_eq!(g.len(), 2);
        assert!(
            g[0].3
                .as_ref()
                .is_some_and(|e| e.message.contains("unterminated"))
        );
        assert_eq!((g[1].0, g[1].3.is_none(), g[1].2.len()), (5, true, 3));
        // A tag other than the roster's repeated among the tags, with no blank line before
        // it, stays in its game.
        let g = games("[Event \"a\"]\n[Annotator \"b\"]\n[Annotator \"c\"]\n\n1. e4 *\n");
        assert_eq!((g.len(), g[0].1.len(), g[0].2.len()), (1, 3, 3));
        // A tag of the roster repeated begins the next game with no blank line before it too
        // (a forfeit's tags run into the next game's): no game takes the other's players.
        let forfeit = "[Event \"a\"]\n[White \"x\"]\n[Result \"1-0\"]\n";
        let played = "[Event \"a\"]\n[White \"y\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n";
        let g = games(&format!("{forfeit}{played}"));
        assert_eq!(g.len(), 2);
        assert_eq!((g[0].0, g[0].1.len(), g[0].2.len()), (1, 3, 0));
        assert_eq!((g[1].0, g[1].1.len(), g[1].2.len()), (4, 3, 3));
        // The tag lines after a blank line go with it: here a Date the forfeit does not have.
        let g = games(&format!("{forfeit}\n[Date \"2025.03.01\"]\n{played}"));
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].1, ["Event", "White", "Result"]);
        assert_eq!(g[1].0, 5);
        assert_eq!(g[1].1, ["Date", "Event", "White", "Result"]);
        assert_eq!(g[1].2.len(), 3);
        // Inside a comment, a tag-like line without a blank line before it is text.
        let g = games("1. e4 {a\n[A \"2\"]\nb} e5 *\n");
        assert_eq!(g.len(), 1);
        assert!(g[0].3.is_none());
    }

    #[test]
    fn splits_like_pgn_reader() {
        let src = "[A \"1\"] [B \"2\"]\n%esc\n\n[C \"3\"]\n\n1. e4 {a\n\nb} e5\n  \n2. Nf3\n[D \"4\"]\n*\n\n\n;x\n\nZ0";
        let g = games(src);
        assert_eq!(g.len(), 4);
        assert_eq!(g[0].0, 1);
        assert_eq!(g[0].1, ["A", "B", "C"]);
        // 1. e4 {a..b} e5 2. Nf3: number, move, comment, move, number, move.
        assert_eq!(g[0].2.len(), 6);
        assert_eq!(g[0].2[2], TokKind::Comment);
        assert_eq!(g[1].0, 11);
        assert_eq!(g[1].1, ["D"]);
        assert_eq!(g[1].2, [TokKind::Result(GameResult::Unknown)]);
        assert_eq!(g[2].2, [TokKind::LineComment]);
        assert_eq!(g[3].0, 17);
        assert!(g.iter().all(|g| g.3.is_none()));
    }

    #[test]
    fn errors_keep_the_game_boundaries() {
        let g = games("1. e4 xyz {open\n\n still open} e5\n\n1. d4");
        assert_eq!(g.len(), 2);
        let e = g[0].3.as_ref().unwrap();
        assert_eq!((e.start, e.end), (6, 9));
        assert_eq!(g[0].2.len(), 2);
        assert!(g[1].3.is_none());
    }

    #[test]
    fn structure_errors() {
        let err = |src: &str| games(src)[0].3.clone().map(|e| (e.start, e.message));
        assert_eq!(
            err("1. e4 (1. d4 e5"),
            Some((6, "unclosed variation: this '(' has no ')'".into()))
        );
        assert_eq!(err("1. e4 ) e5").map(|e| e.0), Some(6));
        assert_eq!(err("1. e4 {x").map(|e| e.0), Some(6));
        assert_eq!(err("1. e4 } e5").map(|e| e.0), Some(6));
        assert_eq!(err("1. e4 1-0 e5").map(|e| e.0), Some(10));
        assert_eq!(err("1. e4 1-0 {fine}"), None);
        assert_eq!(err("[Event \"x]\n1. e4").map(|e| e.0), Some(0));
        assert_eq!(err("1. e4 (e5 1-0) *").map(|e| e.0), Some(6));
        assert_eq!(err("1. Nf3 Sf6").map(|e| e.0), Some(7));
        assert_eq!(err("1. e4 $300").map(|e| e.0), Some(6));
        assert_eq!(err("1. e4 !!!").map(|e| e.0), Some(6));
    }

    #[test]
    fn promotion_in_parentheses_and_glued_numbers() {
        let g = games("1.e4 e5 2...Nc6 3… e8(Q)+ e.p. $1 !?");
        let kinds = &g[0].2;
        assert!(g[0].3.is_none(), "{:?}", g[0].3);
        assert_eq!(
            kinds[0],
            TokKind::Number {
                number: 1,
                black: false
            }
        );
        assert_eq!(
            kinds[3],
            TokKind::Number {
                number: 2,
                black: true
            }
        );
        assert!(matches!(kinds[6], TokKind::Move(m) if m.ep_mark));
        assert_eq!(&kinds[7..], [TokKind::Nag(1), TokKind::Nag(5)]);
    }

    #[test]
    fn locations_count_characters() {
        let mut s = Scanner::new("\n\n[W \"Å\"]\n1. ♘f3 xyz".as_bytes(), 1);
        assert!(s.next_game().unwrap());
        let e = s.game.error.clone().unwrap();
        let d = s.game.diagnostic("f.pgn", e.start, e.end, e.message);
        assert_eq!((d.location.line, d.location.column, d.width), (4, 8, 3));
        assert_eq!(d.source_line.as_deref(), Some("1. ♘f3 xyz"));
        assert_eq!(s.game.start_location("f.pgn").line, 3);
        assert_eq!(s.game.tag_value("W").as_deref(), Some("Å"));
    }

    #[test]
    fn iccf_numbers() {
        let m = |w: &str| iccf_move(w.as_bytes());
        let shape = |w: &str| m(w).map(|m| m.shape);
        let Some(MoveShape::Normal {
            file,
            rank,
            to,
            promotion,
            ..
        }) = shape("5254")
        else {
            panic!("5254");
        };
        assert_eq!(
            (file, rank, to),
            (Some(File::E), Some(Rank::Second), Square::E4)
        );
        assert_eq!(promotion, None);
        let Some(MoveShape::Normal { promotion, .. }) = shape("57584") else {
            panic!("57584");
        };
        assert_eq!(promotion, Some(Letter::Any(shakmaty::Role::Knight)));
        for w in ["5294", "525", "525411", "57585", "0254", "12.", "5254+"] {
            assert_eq!(m(w), None, "{w}");
        }
    }
}
