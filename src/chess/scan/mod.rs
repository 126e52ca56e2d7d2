//! The scanning pass: splits the input into games exactly where pgn-reader does, and reads
//! each game's tags and movetext into tokens that keep their source positions.
//!
//! Its rooms: [`tags`] (a game's tag pairs), [`movetext`] (the tokens of its movetext),
//! [`guard`] (the movetext of a plain game read cheaply instead, issue 33), [`language`] (the
//! language of its piece letters, ICCF numbers) and [`scanner`] (the lines cut into games).

mod guard;
mod language;
mod movetext;
mod scanner;
mod tags;

pub(crate) use guard::GuardRecord;
use guard::Mode;
pub(crate) use scanner::Scanner;
use tags::OpenTag;
pub(crate) use tags::tag_text;

use super::game::GameResult;
use super::letters::{Lang, Reading};
use super::words::{MoveWord, Word, read_word};
use crate::document::Pos;
use crate::error::{Diagnostic, Location};

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
    /// What the scan saw of its form (so that the tags are not read again for it): the tag
    /// wrapped over lines, a backslash in the value, quotes in the value not escaped.
    pub wrapped: bool,
    pub escapes: bool,
    pub loose_quotes: bool,
}

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
#[derive(Clone, Debug)]
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
    /// The guard may read the movetext of games in plain PGN (the build's scans; the scan's
    /// own tests read every game into tokens).
    guard_allowed: bool,
    /// How the movetext is read: into [`GameScan::tokens`], or by the guard into `guard`.
    mode: Mode,
    /// What the guard found, when it read the movetext.
    pub(crate) guard: GuardRecord,
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
        self.result_at.is_some() || self.guard.results > 0
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
            guard_allowed: false,
            mode: Mode::Tokens,
            guard: GuardRecord::default(),
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
        self.mode = match self.guard_allowed {
            true => Mode::Ready,
            false => Mode::Tokens,
        };
        self.guard.clear();
    }

    /// Nothing but `;` comments (a file's heading note): not a game.
    pub(crate) fn is_empty(&self) -> bool {
        self.tags.is_empty()
            && self.error.is_none()
            && self.guard.tokens == 0
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
}

#[cfg(test)]
mod tests {
    use super::language::iccf_move;
    use super::*;
    use crate::chess::letters::Letter;
    use crate::chess::words::MoveShape;
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

    /// A line that is one tag as exports write it is read at once
    /// ([`GameScan::plain_tag_line`]) into what the tag reader makes of it: the same tag, the
    /// same place, the same roster and `raw`; any other line is left to the tag reader.
    #[test]
    fn a_plain_tag_line_reads_as_the_tag_reader_reads_it() {
        let plain = [
            "[Event \"Wch 2024\"]",
            "[White \"Carlsen, Magnus\"]",
            "[W_1 \"\"]",
            "[Site \"Å ö, Malmö\"]",
            "[Round \"1.2\"]",
            "[Event \"a]b [c\"]",
        ];
        let other = [
            "[Event  \"x\"]",
            "[Event\t\"x\"]",
            "[Event \"x\"] ",
            "[Event \"x\" ]",
            "[Event \"x\\\"y\"]",
            "[White \"\"So\"\"]",
            "[Event \"x\"] [Site \"y\"]",
            " [Event \"x\"]",
            "[Ev-ent \"x\"]",
            "[ Event \"x\"]",
            "[\"x\"]",
            "[Event",
            "[Event \"x",
            "[Event \"x\"",
            "",
            "[",
        ];
        for (line, is_plain) in plain
            .iter()
            .map(|l| (l, true))
            .chain(other.iter().map(|l| (l, false)))
        {
            for ascii in [true, false] {
                let mut fast = GameScan::new();
                fast.phase = Phase::Tags;
                fast.first_line = 7;
                fast.line_starts.extend([0, 3]);
                fast.ascii = ascii && line.is_ascii();
                let mut slow = fast.clone();
                let mut alone = fast.clone();
                assert_eq!(alone.plain_tag_line(line, 3), is_plain, "{line:?}");
                if is_plain {
                    // The scan of the line (the fast reading, where it is called) against the
                    // tag reader's.
                    let text = format!("xx\n{line}\n");
                    fast.line(&text, 3, 3 + line.len());
                    assert_eq!(slow.tag(line, 3, 0), Ok(line.len()), "{line:?}");
                    assert_eq!(fast.tags, slow.tags, "{line:?}");
                    assert_eq!(alone.tags, slow.tags, "{line:?}");
                    assert_eq!(
                        (
                            fast.roster_seen,
                            fast.raw,
                            fast.open_tag,
                            fast.phase,
                            &fast.error
                        ),
                        (
                            slow.roster_seen,
                            slow.raw,
                            slow.open_tag,
                            slow.phase,
                            &slow.error
                        ),
                        "{line:?}"
                    );
                } else {
                    assert!(alone.tags.is_empty() && alone.roster_seen == 0, "{line:?}");
                }
            }
        }
    }

    /// Lines read ahead from the input's buffer (most lines: whole, ended by LF or CR LF) and
    /// lines read in pieces (a buffer of a few bytes: every line crosses its end; a lone CR)
    /// give the same games: text, line starts, places, whether ASCII, tags, tokens, errors.
    /// Buffers of some tens of bytes mix the two ways within a game.
    #[test]
    fn lines_read_whole_or_in_pieces_scan_alike() {
        let src = "\u{feff}[Event \"Å\"]\r\n[White \"A\"]\r\n\r\n1. e4 {two\n\nlines} e5 *\n\n\
                   [Event \"x\"]\r[Site \"y\"]\r\r1. d4 ( 1. c4 ) d5 ; rest\n2. c4 *\n\
                   \n  \n% escape\n[Event \"z\"]\n1. Nf3 Nf6 2. ♘c3 xyz *\n\n[Event \"e\"]\n\n\
                   1. e4 e5 2. Nf3 1-0";
        let read = |capacity: usize| {
            let input = std::io::BufReader::with_capacity(capacity, src.as_bytes());
            let mut s = Scanner::new(input, 1);
            s.set_guarded(true);
            let mut out = Vec::new();
            while s.next_game().unwrap() {
                let g = &s.game;
                let tags: Vec<_> = g.tags.iter().map(|t| (t.name, t.value, t.at)).collect();
                out.push(format!(
                    "{:?} {:?} {} {} {:?} {:?} {:?} {:?}",
                    g.text,
                    g.line_starts,
                    g.first_line,
                    g.ascii,
                    tags,
                    g.tokens.iter().map(|t| t.kind).collect::<Vec<_>>(),
                    g.error,
                    g.guard.tokens,
                ));
            }
            out
        };
        let whole = read(1 << 16);
        assert_eq!(whole.len(), 4, "{whole:#?}");
        for capacity in [1, 2, 3, 5, 8, 13, 21, 34, 55, 89] {
            assert_eq!(read(capacity), whole, "a buffer of {capacity} bytes");
        }
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
