//! The lines of a PGN input cut into games where pgn-reader cuts them, each game scanned as
//! its lines come ([`Scanner`]).

use std::collections::VecDeque;
use std::io::{self, BufRead};

use super::movetext::is_blank;
use super::tags::{PlainTag, is_tag_line};
use super::{GameScan, Mode, Phase, is_space};
use crate::chess::letters::Reading;
use crate::document::lines::{read_line_within, too_long};
use crate::error::{Diagnostic, Located, Location};
use crate::source::{MAX_HELD, MAX_HELD_TEXT};

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
    /// (In a box: handed on and taken back each game, a move of a pointer, not of the scan.)
    pub game: Box<GameScan>,
    /// How each game's piece letters are read.
    reading: Reading,
    /// The guard may read games in plain PGN ([`super::guard`]).
    guarded: bool,
    /// The line `next_line` gave last is known to be ASCII.
    ascii_line: bool,
    /// Whole lines read ahead from the input, served before it is read again (see
    /// [`Scanner::read_ahead`]); the next starts at `ahead_at`.
    ahead: String,
    ahead_at: usize,
    /// Every line in `ahead` is ASCII.
    ahead_ascii: bool,
    /// Tests: every line taken one at a time ([`Scanner::tag_lines`] left out).
    #[cfg(test)]
    one_at_a_time: bool,
}

/// The most bytes read ahead at once (the input's buffer holds 64 KiB).
const AHEAD: usize = 64 * 1024;

/// Where the lines that can be read ahead end in `buf`: after the last LF that comes before
/// any CR but that of a CR LF (a lone CR ends a line too, and what comes after it is looked
/// at by [`read_line_within`]); 0 if there is none.
fn whole_lines(buf: &[u8]) -> usize {
    let mut upto = buf.len();
    let mut from = 0;
    while let Some(k) = memchr::memchr(b'\r', &buf[from..]) {
        let cr = from + k;
        if buf.get(cr + 1) != Some(&b'\n') {
            upto = cr;
            break;
        }
        from = cr + 2;
    }
    memchr::memrchr(b'\n', &buf[..upto]).map_or(0, |lf| lf + 1)
}

/// The most lines, and the most tokens (moves, signs, comments, brackets), of one game: a
/// real game has some thousands (issue 32: `yes e4` grew a game of three bytes a move, whose
/// tokens took a gigabyte before its text reached [`MAX_HELD`]).
const MAX_PARTS: usize = 1 << 20;

/// The bit of a tag name of PGN's Seven Tag Roster (every game has each once: one written
/// again while tags are read begins the next game); 0 for any other name.
pub(super) fn roster_bit(name: &[u8]) -> u8 {
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
    // The one roster name the first letters allow, whole (no letter or digit after it): not
    // a scan of every name to its end (most tag lines are not the roster's).
    let name: &[u8] = match rest {
        [b'E', ..] => b"Event",
        [b'S', ..] => b"Site",
        [b'D', ..] => b"Date",
        [b'R', b'o', ..] => b"Round",
        [b'R', ..] => b"Result",
        [b'W', ..] => b"White",
        [b'B', ..] => b"Black",
        _ => return 0,
    };
    match rest.starts_with(name) && !rest.get(name.len()).is_some_and(u8::is_ascii_alphanumeric) {
        true => roster_bit(name),
        false => 0,
    }
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
            game: Box::new(GameScan::new()),
            reading: Reading::default(),
            guarded: false,
            ascii_line: false,
            ahead: String::new(),
            ahead_at: 0,
            ahead_ascii: false,
            #[cfg(test)]
            one_at_a_time: false,
        }
    }

    /// The guard reads the movetext of games in plain PGN (their tokens are not kept).
    pub(crate) fn set_guarded(&mut self, guarded: bool) {
        self.guarded = guarded;
    }

    /// Reads piece letters (and numbers) as `reading` says.
    pub(crate) fn set_reading(&mut self, reading: Reading) {
        self.reading = reading;
    }

    /// Whether the game just scanned ended at the end of the input (no line of a later one
    /// is read or held).
    pub(crate) fn at_end(&self) -> bool {
        self.ended && self.held.is_empty() && self.ahead_at == self.ahead.len()
    }

    /// The game just scanned, taken out; the next is scanned into `next` (a game done with,
    /// whose buffers are kept, or a new one).
    pub(crate) fn take_game(&mut self, next: Option<Box<GameScan>>) -> Box<GameScan> {
        std::mem::replace(
            &mut self.game,
            next.unwrap_or_else(|| Box::new(GameScan::new())),
        )
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
        self.ascii_line = false;
        if let Some((line, number)) = self.held.pop_front() {
            text.push_str(&line);
            self.current = number;
            return Ok(Some(start));
        }
        // (A game of a million short lines or words holds far more than its text: each
        // line's start and each token are kept.)
        if self.game.line_starts.len() > MAX_PARTS || self.game.token_count() > MAX_PARTS {
            return Err(self.too_long());
        }
        // Most lines: from the lines read ahead (the same as `read_line_within` reads, without
        // its questions; a line is some tens of bytes).
        if self.ahead_at == self.ahead.len() {
            self.read_ahead()?;
        }
        if let Some(rest) = self.ahead.get(self.ahead_at..)
            && !rest.is_empty()
        {
            let lf = memchr::memchr(b'\n', rest.as_bytes()).unwrap_or(rest.len());
            let line = rest[..lf].strip_suffix('\r').unwrap_or(&rest[..lf]);
            if self.game.text.len() + line.len() > MAX_HELD {
                return Err(self.too_long());
            }
            self.game.text.push_str(line);
            self.ahead_at += lf + 1;
            self.ascii_line = self.ahead_ascii;
            self.line_no = self.line_no.saturating_add(1);
            self.current = self.line_no;
            return Ok(Some(start));
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

    /// Reads ahead the whole lines in the input's buffer that end in LF or CR LF, checked to be
    /// UTF-8 at once (a line at a time, the questions of each read took more than the line's
    /// scan). What is left in the buffer (a line cut by its end, one with a lone CR), and all
    /// of it when any of it is not UTF-8 (which the input's own check lets through to no
    /// reader), is read by [`read_line_within`], as is everything after an error of the input.
    /// (An error of the input is said once: a second look would find it again, further on.)
    fn read_ahead(&mut self) -> io::Result<()> {
        self.ahead.clear();
        self.ahead_at = 0;
        let buf = match self.input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => return Ok(()),
            Err(e) => return Err(e),
        };
        let whole = whole_lines(&buf[..buf.len().min(AHEAD)]);
        if let Ok(lines) = simdutf8::basic::from_utf8(&buf[..whole]) {
            self.ahead.push_str(lines);
            self.ahead_ascii = lines.is_ascii();
            self.input.consume(whole);
        }
        Ok(())
    }

    /// Keeps the line read at `start` as part of the game and scans it.
    fn take_line(&mut self, start: usize) {
        let g = &mut self.game;
        g.ascii &= self.ascii_line || g.text[start..].is_ascii();
        g.line_starts.push(start);
        g.text.push('\n');
        g.scan_line(start);
    }

    /// Takes the lines read ahead that are tags as exports write them (`[Name "value"]`, then
    /// LF or CR LF) at once, in the tags of a game and after a line that is no blank line:
    /// each as [`Scanner::next_game`] takes such a line there (it ends no game unless it
    /// repeats a tag of the roster, and such a line is left to it), and their text copied into
    /// the game's in one piece (lines that end in LF; a CR before a line's LF is left out, as
    /// `next_line` leaves it out). (A line at a time, reading the line, copying it and asking
    /// the questions of any line took five times the tag's own reading.)
    fn tag_lines(&mut self) {
        let Scanner {
            game: g,
            ahead,
            ahead_at,
            ahead_ascii,
            held,
            line_no,
            current,
            ..
        } = self;
        let plain = g.phase == Phase::Tags
            && g.error.is_none()
            && g.open_tag.is_none()
            && g.open_comment.is_none()
            && g.mode != Mode::Guarded;
        if !held.is_empty() || !plain {
            return;
        }
        #[cfg(test)]
        if self.one_at_a_time {
            return;
        }
        let rest = ahead.get(*ahead_at..).unwrap_or_default();
        #[cfg(debug_assertions)]
        let before = g.clone();
        // `rest[copied..at]`: lines taken and not yet copied into the game's text.
        let (mut at, mut copied) = (0, 0);
        // (A line not ASCII is left to `take_line`, which marks the game so.)
        let ascii_only = !*ahead_ascii;
        while let Some(tag) = rest
            .as_bytes()
            .get(at..)
            .and_then(|b| PlainTag::at_if(b, ascii_only))
        {
            let line = &rest[at..at + tag.len()];
            // The roster's bit of the line as `roster_bit_of` finds it (the name to its first
            // byte that is no letter or digit), and of its whole name.
            let name = tag.name(line.as_bytes());
            // (A name is of letters, digits and `_`.)
            let letters = name.iter().position(|&c| c == b'_').unwrap_or(name.len());
            let bit = roster_bit(&name[..letters]);
            debug_assert_eq!(bit, roster_bit_of(line), "{line}");
            let after = at + line.len();
            let end = match rest.as_bytes().get(after) {
                Some(b'\n') => 1,
                Some(b'\r') if rest.as_bytes().get(after + 1) == Some(&b'\n') => 2,
                _ => break,
            };
            // Where the line starts in the game's text.
            let start = g.text.len() + (at - copied);
            // (The questions `next_line` and `next_game` ask of every line.)
            if g.line_starts.len() > MAX_PARTS
                || g.token_count() > MAX_PARTS
                || start + line.len() > MAX_HELD
                || bit & g.roster_seen != 0
            {
                break;
            }
            let whole = match letters == name.len() {
                true => bit,
                false => roster_bit(name),
            };
            g.line_starts.push(start);
            g.push_plain_tag(tag, whole, start);
            *line_no = line_no.saturating_add(1);
            *current = *line_no;
            if end == 2 {
                g.text.push_str(&rest[copied..after]);
                g.text.push('\n');
                copied = after + 2;
            }
            at = after + end;
        }
        if at == 0 {
            return;
        }
        g.text.push_str(&rest[copied..at]);
        *ahead_at += at;
        // (Debug builds, so every test: the lines taken at once as one at a time takes them.)
        #[cfg(debug_assertions)]
        {
            let mut one = before;
            for line in rest[..at - 1].split('\n') {
                let line = line.strip_suffix('\r').unwrap_or(line);
                let start = one.text.len();
                one.text.push_str(line);
                one.line_starts.push(start);
                one.text.push('\n');
                one.scan_line(start);
            }
            assert_eq!(format!("{one:?}"), format!("{g:?}"), "{:?}", &rest[..at]);
        }
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
        self.game.guard_allowed = self.guarded;
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
        loop {
            if !after_blank {
                self.tag_lines();
            }
            let Some(start) = self.next_line()? else {
                break;
            };
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

    /// The tag lines taken at once ([`Scanner::tag_lines`]) leave each game as taking every
    /// line one at a time leaves it: its text, lines, tags with their places, errors and where
    /// the games are cut (a tag of the roster again, with or without a blank line before it),
    /// with lines that end in CR LF, names with `_`, escapes, values not ASCII, tags wrapped
    /// or run into movetext, and lines past the buffer read ahead.
    #[test]
    fn tag_lines_taken_at_once_are_taken_as_one_at_a_time() {
        let games = |src: &str, one_at_a_time: bool| {
            let mut scanner = Scanner::new(src.as_bytes(), 1);
            scanner.set_guarded(true);
            scanner.one_at_a_time = one_at_a_time;
            let mut out = Vec::new();
            while scanner.next_game().unwrap() {
                out.push(format!("{:?} {}", scanner.game, scanner.current));
            }
            out
        };
        let long = format!("[Annotator \"{}\"]\n", "x".repeat(70_000));
        let cases = [
            "[Event \"A\"]\n[Site \"B\"]\n[White \"C\"]\n\n1. e4 *\n\n[Event \"D\"]\n\n1. d4 *\n",
            "[Event \"A\"]\r\n[Site \"B\"]\r\n[Date \"1.1\"]\n[Round \"1\"]\r\n\r\n1. e4 *\r\n",
            "[Event \"A\"]\n[White \"B\"]\n[Event \"C\"]\n[White \"D\"]\n\n1. e4 *\n",
            "[Event \"A\"]\n[Event_x \"B\"]\n[EventDate \"C\"]\n[Ro \"D\"]\n\n*\n",
            "[Event \"A\"]\n[White \"a \\\"b\\\" c\"]\n[Black \"Åström\"]\n\n*\n",
            "[Event \"A\"]\n[White \"wrapped\nover lines\"]\n[Black \"B\"] [Result \"*\"]\n\n*\n",
            "[Event \"A\"]\n[White \"B\"]\n1. e4 *\n[Event \"C\"]\n[Event \"D\"]\n",
            "[Event \"A\"]\n[White \"B\"]\n\n[Black \"C\"]\n[White \"D\"]\n\n*\n",
            "[Event \"A\"]\n[ECO \"\"]\n[X \"\"]x\n[Y\"\"]\n[ \"z\"]\n\n*\n",
            "[Event \"A\"]\n[White \"B\"]\n% escape\n[Black \"C\"]\n{open\n[Site \"D\"]\n}\n*\n",
            "[Event \"A\"]\n[White \"B\"]",
        ];
        let mut srcs: Vec<String> = cases.iter().map(|c| c.to_string()).collect();
        // Past the 64 KiB read ahead at once, and games after it.
        srcs.push(format!(
            "{}{long}{}",
            cases[0].repeat(900),
            cases[2].repeat(3)
        ));
        for src in &srcs {
            let (at_once, one) = (games(src, false), games(src, true));
            assert!(!one.is_empty(), "{src:?}");
            assert_eq!(at_once, one, "{src:?}");
        }
    }

    /// The roster bit found from the first letters is the bit of the whole name, read to its
    /// first byte that is no letter or digit.
    #[test]
    fn a_line_s_roster_bit_is_its_whole_name_s() {
        let whole = |line: &str| {
            let b = line.trim_start_matches([' ', '\t']).as_bytes();
            let Some(rest) = b.strip_prefix(b"[") else {
                return 0;
            };
            let end = rest
                .iter()
                .position(|c| !c.is_ascii_alphanumeric())
                .unwrap_or(rest.len());
            roster_bit(&rest[..end])
        };
        // Each name of the roster beside names that begin as it does.
        let names = [
            "Event",
            "EventDate",
            "Ev",
            "event",
            "Site",
            "SiteX",
            "Date",
            "Dates",
            "Round",
            "Rounds",
            "Ro",
            "R",
            "Result",
            "Results",
            "Re",
            "White",
            "WhiteElo",
            "Whitе",
            "W",
            "Black",
            "BlackElo",
            "Board",
            "ECO",
            "",
        ];
        let mut lines = Vec::new();
        for name in names {
            for after in ["", " \"x\"]", "_", "1", "-", "]", "\t\"x\"]", "é"] {
                for before in ["[", " [", "\t[", "", " "] {
                    lines.push(format!("{before}{name}{after}"));
                }
            }
        }
        let mut found = 0;
        for line in &lines {
            assert_eq!(roster_bit_of(line), whole(line), "{line:?}");
            found |= roster_bit_of(line);
        }
        // Every bit of the roster was among them.
        assert_eq!(found, 0x7f);
    }
}
