//! The guard (issue 33): the movetext of a game in plain PGN read once, cheaply, in place of
//! the located scan's tokens. pgn-reader reads every game's moves; the guard proves that it
//! can have skipped nothing, and keeps what the replay needs of the source: the move numbers
//! written, and where each annotation and comment stands.
//!
//! A game is *plain* when every word of its movetext is one the located scan reads as one
//! token, without a warning and in the very form pgn-reader reads (a move in English SAN, a
//! move number with its dots, `$n`, `!` to `??`, `{…}`, a variation's brackets, PGN's four
//! results), with nothing after the result but comments. The guard counts the reports
//! pgn-reader must give; the replay compares them ([`GuardRecord`]). At the first word that is
//! not plain, and at the end of a game that is not, the located scan reads the movetext after
//! all, from its start ([`GameScan::read_located`]): such a game ends with exactly the tokens,
//! errors and flags a scan without the guard gives. A plain game whose replay differs in
//! anything (a move that is not legal, a sign or number the position does not bear out, a
//! count that differs) is scanned and replayed again the located way, which explains it.

use super::{GameScan, is_delimiter};
use crate::chess::letters::Reading;
use crate::chess::words::quick_move;

/// How the movetext of a game is read.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum Mode {
    /// Into tokens with their places (the located scan).
    Tokens,
    /// The guard may read it: its movetext has not begun.
    Ready,
    /// The guard reads it.
    Guarded,
}

/// A word or sign that is not plain: the located scan must read the game.
pub(super) struct NotPlain;

type Plain = Result<(), NotPlain>;

/// What the guard keeps of a plain game: the reports pgn-reader must give, and the source's
/// move numbers and places. Reused from game to game.
#[derive(Clone, Debug, Default)]
pub(crate) struct GuardRecord {
    /// Where the movetext begins: the index of its line, and the byte in that line.
    pub(super) begins: (usize, usize),
    /// The tokens the located scan would have made.
    pub(crate) tokens: usize,
    /// Moves, annotations, comments, variations begun and ended, results: pgn-reader reports
    /// each once.
    pub(crate) moves: u32,
    pub(crate) nags: usize,
    pub(crate) comments: usize,
    pub(crate) var_starts: usize,
    pub(crate) var_ends: usize,
    pub(crate) results: usize,
    /// For each move with a number written before it: the move (counted from 0, in the order
    /// pgn-reader reports moves) and the number.
    pub(crate) claims: Vec<(u32, u32)>,
    /// Where each annotation starts (its `$`, `!` or `?`), in order.
    pub(crate) nag_at: Vec<usize>,
    /// Each comment's text (inside its braces) as a byte span, in order.
    pub(crate) comment_at: Vec<(usize, usize)>,
    /// The moves a variation follows (after annotations and comments only), in order.
    pub(crate) var_after: Vec<u32>,
    depth: usize,
    /// A move number read, its move not yet.
    pending: Option<u32>,
    /// The last move, while only annotations and comments have come after it.
    follows: Option<u32>,
    /// The last token is a `(`.
    just_opened: bool,
    after_result: bool,
}

impl GuardRecord {
    pub(super) fn clear(&mut self) {
        let GuardRecord {
            claims,
            nag_at,
            comment_at,
            var_after,
            ..
        } = std::mem::take(self);
        *self = GuardRecord {
            claims,
            nag_at,
            comment_at,
            var_after,
            ..GuardRecord::default()
        };
        self.claims.clear();
        self.nag_at.clear();
        self.comment_at.clear();
        self.var_after.clear();
    }

    /// The state at the game's end is plain: no comment left open (the caller's), no variation
    /// left open, no number without its move.
    pub(super) fn ends_plain(&self) -> bool {
        self.depth == 0 && self.pending.is_none()
    }

    fn token(&mut self) {
        self.tokens += 1;
        self.just_opened = false;
    }

    /// Before a token that is no comment: nothing may follow the result.
    fn not_after_result(&self) -> Plain {
        match self.after_result {
            true => Err(NotPlain),
            false => Ok(()),
        }
    }

    fn number(&mut self, n: u32) -> Plain {
        self.not_after_result()?;
        if self.pending.replace(n).is_some() {
            return Err(NotPlain);
        }
        self.token();
        Ok(())
    }

    fn a_move(&mut self) -> Plain {
        self.not_after_result()?;
        if let Some(n) = self.pending.take() {
            self.claims.push((self.moves, n));
        }
        self.follows = Some(self.moves);
        self.moves += 1;
        self.token();
        Ok(())
    }

    fn nag(&mut self, at: usize) -> Plain {
        self.not_after_result()?;
        if self.pending.is_some() {
            return Err(NotPlain);
        }
        self.nag_at.push(at);
        self.nags += 1;
        self.token();
        Ok(())
    }

    pub(super) fn comment(&mut self, start: usize, end: usize) {
        self.comment_at.push((start, end));
        self.comments += 1;
        self.token();
    }

    fn var_start(&mut self) -> Plain {
        self.not_after_result()?;
        if self.pending.is_some() {
            return Err(NotPlain);
        }
        if let Some(m) = self.follows.take() {
            self.var_after.push(m);
        }
        self.depth += 1;
        self.var_starts += 1;
        self.token();
        self.just_opened = true;
        Ok(())
    }

    fn var_end(&mut self) -> Plain {
        self.not_after_result()?;
        if self.depth == 0 || self.pending.is_some() || self.just_opened {
            return Err(NotPlain);
        }
        self.depth -= 1;
        self.var_ends += 1;
        self.follows = None;
        self.token();
        Ok(())
    }

    fn result(&mut self) -> Plain {
        self.not_after_result()?;
        if self.depth > 0 || self.pending.is_some() {
            return Err(NotPlain);
        }
        self.after_result = true;
        self.results += 1;
        self.follows = None;
        self.token();
        Ok(())
    }
}

impl GameScan {
    /// The guard's reading of the line `text[start..end]` from byte `i` of the line; at a
    /// word that is not plain, the located scan reads the movetext from its start instead.
    pub(super) fn guard_line(&mut self, text: &str, start: usize, end: usize, i: usize) {
        if self.guard_words(text, start, end, i).is_err() {
            self.read_located(text);
        }
    }

    fn guard_words(&mut self, text: &str, start: usize, end: usize, mut i: usize) -> Plain {
        let line = text.as_bytes().get(start..end).unwrap_or_default();
        if let Some(open) = self.open_comment {
            let Some(k) = memchr::memchr(b'}', line) else {
                return Ok(());
            };
            self.guard.comment(open + 1, start + k);
            self.open_comment = None;
            i = k + 1;
        } else if i == 0 && line.first() == Some(&b'%') {
            return Ok(());
        }
        // (A byte at a time through a table: the guard's whole cost is its loop over the
        // movetext's bytes.)
        while let Some(&c) = line.get(i) {
            // (The blank after a word or a comment is taken with it: the jump through a table
            // of every class at every byte was a fifth of the guard's time, and most blanks
            // follow a word or a comment.)
            // (A word, most often, by a branch of its own before the table of the others.)
            let class = CLASS[usize::from(c)];
            if class == Class::Word {
                i = self.guard_word_at(line, i, c)?;
                continue;
            }
            match class {
                Class::Blank => i += 1,
                // (Taken above.)
                Class::Word => i = self.guard_word_at(line, i, c)?,
                Class::Comment => match memchr::memchr(b'}', &line[i + 1..]) {
                    Some(k) => {
                        let at = start + i;
                        self.guard.comment(at + 1, at + 1 + k);
                        i += k + 2;
                        i += usize::from(line.get(i) == Some(&b' '));
                    }
                    None => {
                        self.open_comment = Some(start + i);
                        return Ok(());
                    }
                },
                Class::Open => {
                    self.guard.var_start()?;
                    i += 1;
                }
                Class::Close => {
                    self.guard.var_end()?;
                    i += 1;
                }
                Class::Dollar => i = self.guard_dollar(line, i, start + i)?,
                Class::Glyph => {
                    let n = line[i..]
                        .iter()
                        .take_while(|&&c| c == b'!' || c == b'?')
                        .count();
                    if n > 2 {
                        return Err(NotPlain);
                    }
                    self.guard.nag(start + i)?;
                    i += n;
                }
                Class::Other => return Err(NotPlain),
            }
        }
        Ok(())
    }

    /// The word at byte `i` of `line` (its first byte `c`, of [`Class::Word`]): the byte after
    /// it and the blank after it.
    #[inline(always)]
    fn guard_word_at(&mut self, line: &[u8], mut i: usize, c: u8) -> Result<usize, NotPlain> {
        // (A move number alone, `12.` or `12...` before a blank: read at once, as
        // `guard_word` reads it.)
        if c.is_ascii_digit()
            && let Some((n, next)) = number_alone(line, i)
        {
            self.guard.number(n)?;
            // (The blank after it, or the line's end.)
            return Ok(next + 1);
        }
        let from = i;
        i += 1;
        while line
            .get(i)
            .is_some_and(|&c| CLASS[usize::from(c)] == Class::Word)
        {
            i += 1;
        }
        let word = &line[from..i];
        // (Letters not ASCII; `e8(Q)`, a promotion in brackets.)
        let next = line.get(i).copied();
        match next {
            Some(c) if c >= 0x80 => return Err(NotPlain),
            Some(b'(') if matches!(word.last(), Some(b'1' | b'8')) => {
                return Err(NotPlain);
            }
            _ => {}
        }
        self.guard_word(word)?;
        i += usize::from(next == Some(b' '));
        Ok(i)
    }

    /// `$` and a number from 1 to 255 at byte `i` of `line`: the byte after it.
    fn guard_dollar(&mut self, line: &[u8], i: usize, at: usize) -> Result<usize, NotPlain> {
        let digits = line[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        let stop = i + 1 + digits;
        if !(1..=3).contains(&digits) {
            return Err(NotPlain);
        }
        let value = line[i + 1..stop]
            .iter()
            .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
        let plain =
            line[i + 1] != b'0' && value <= 255 && line.get(stop).is_none_or(|&c| is_delimiter(c));
        if !plain {
            return Err(NotPlain);
        }
        self.guard.nag(at)?;
        Ok(stop)
    }

    /// A word of movetext: a move number (a move may be glued to it), a move, a result.
    fn guard_word(&mut self, word: &[u8]) -> Plain {
        let mut rest = word;
        if let [b'0'..=b'9' | b'*', ..] = word {
            // A move number (`12.`, `12...`, `12.e4`), read digit by digit; else a result.
            let mut n = 0u32;
            let mut k = 0;
            while let Some(&d @ b'0'..=b'9') = word.get(k) {
                n = n.wrapping_mul(10).wrapping_add(u32::from(d - b'0'));
                k += 1;
            }
            let digits = k;
            while word.get(k) == Some(&b'.') {
                k += 1;
            }
            if digits == 0 || digits > 9 || k == digits {
                return match word {
                    b"1-0" | b"0-1" | b"1/2-1/2" | b"*" => self.guard.result(),
                    _ => Err(NotPlain),
                };
            }
            self.guard.number(n)?;
            rest = &word[k..];
            if rest.is_empty() {
                return Ok(());
            }
        }
        match plain_move(rest, self.reading) {
            true => self.guard.a_move(),
            false => Err(NotPlain),
        }
    }

    /// Whether the guard reads this game's movetext.
    pub(crate) fn is_guarded(&self) -> bool {
        self.mode == Mode::Guarded
    }

    /// The movetext begins at byte `i` of line `line`: the guard reads it when nothing so
    /// far is other than pgn-reader reads it.
    pub(super) fn movetext_begins(&mut self, line: usize, i: usize) {
        if self.mode == Mode::Ready {
            self.mode = match self.raw && self.error.is_none() {
                true => Mode::Guarded,
                false => Mode::Tokens,
            };
            self.guard.begins = (line, i);
        }
    }

    /// The located scan reads the movetext after all: from its start to the last line read
    /// (`text` is the game's text, taken out of `self` while a line is scanned).
    pub(super) fn read_located(&mut self, text: &str) {
        self.mode = Mode::Tokens;
        self.open_comment = None;
        let (first, at) = self.guard.begins;
        self.guard.clear();
        for k in first..self.line_starts.len() {
            let start = self.line_starts[k];
            let end = match self.line_starts.get(k + 1) {
                Some(&next) => next - 1,
                None => text.len().saturating_sub(1),
            };
            match k == first {
                true => self.movetext_from(text, start, end, at),
                false => self.line(text, start, end),
            }
        }
    }

    /// [`GameScan::read_located`] on a game whose lines are all read.
    pub(crate) fn rescan_full(&mut self) {
        if self.mode == Mode::Guarded {
            let text = std::mem::take(&mut self.text);
            self.read_located(&text);
            self.text = text;
            self.finish();
        }
    }

    /// The tokens the located scan made, or would have made (for the cap on a game's size).
    pub(super) fn token_count(&self) -> usize {
        self.tokens.len().max(self.guard.tokens)
    }
}

/// A move number alone at byte `i` of `line`: one to nine digits, one dot or more, then a
/// blank or the line's end. Its number and the byte after it; `None` for any other word
/// (`guard_word` reads it).
#[inline]
fn number_alone(line: &[u8], i: usize) -> Option<(u32, usize)> {
    let mut n = 0u32;
    let mut k = i;
    while let Some(&d @ b'0'..=b'9') = line.get(k) {
        n = n.wrapping_mul(10).wrapping_add(u32::from(d - b'0'));
        k += 1;
    }
    let digits = k - i;
    while line.get(k) == Some(&b'.') {
        k += 1;
    }
    let ends = line
        .get(k)
        .is_none_or(|&c| CLASS[usize::from(c)] == Class::Blank);
    (digits <= 9 && k > i + digits && ends).then_some((n, k))
}

/// Whether `w` is a move the located scan reads as one token in the form pgn-reader reads
/// (see [`super::language::is_canonical`]): in English SAN, a `+` or `#` after it allowed.
fn plain_move(w: &[u8], reading: Reading) -> bool {
    if let [b'K' | b'Q' | b'R' | b'B' | b'N' | b'a'..=b'h', ..] = w
        && quick_move(w, reading).is_some()
    {
        return true;
    }
    let core = match w.last() {
        Some(b'+' | b'#') => &w[..w.len() - 1],
        _ => w,
    };
    matches!(
        core,
        b"O-O"
            | b"O-O-O"
            | [b'a'..=b'h', b'1' | b'8', b'=', b'Q' | b'R' | b'B' | b'N']
            | [
                b'a'..=b'h',
                b'x',
                b'a'..=b'h',
                b'1' | b'8',
                b'=',
                b'Q' | b'R' | b'B' | b'N'
            ]
    )
}

/// What a byte of movetext begins, for the guard.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Class {
    Blank,
    /// A byte of a word (ASCII, no blank or delimiter).
    Word,
    Comment,
    Open,
    Close,
    Dollar,
    /// `!` or `?`.
    Glyph,
    /// `}`, `;`, a line end, a byte of a letter not ASCII: never in plain movetext.
    Other,
}

/// [`Class`] by byte.
const CLASS: [Class; 256] = {
    let mut t = [Class::Other; 256];
    let mut c = 0;
    while c < 128 {
        t[c] = match c as u8 {
            b' ' | b'\t' | b'\r' => Class::Blank,
            b'{' => Class::Comment,
            b'(' => Class::Open,
            b')' => Class::Close,
            b'$' => Class::Dollar,
            b'!' | b'?' => Class::Glyph,
            b => match is_delimiter(b) {
                true => Class::Other,
                false => Class::Word,
            },
        };
        c += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::super::Scanner;
    use super::*;

    /// What a scan leaves for the replay and the splitter, per game.
    fn facts(g: &GameScan) -> String {
        format!(
            "{:?} {:?} {:?} {:?} {:?} {} {} {} {:?} {:?}",
            g.tags,
            g.tokens,
            g.error,
            g.raw,
            g.lang(),
            g.has_result(),
            g.is_empty(),
            g.is_text(),
            g.open_comment,
            g.parens,
        )
    }

    /// Each game of `src` scanned with and without the guard: (guarded, the guard's record,
    /// the facts after [`GameScan::rescan_full`], the facts of the scan without the guard).
    fn both(src: &str) -> Vec<(bool, GuardRecord, String, String)> {
        let mut plain = Scanner::new(src.as_bytes(), 1);
        let mut guarded = Scanner::new(src.as_bytes(), 1);
        guarded.set_guarded(true);
        let mut out = Vec::new();
        while guarded.next_game().unwrap() {
            assert!(plain.next_game().unwrap());
            let g = &mut guarded.game;
            let was = g.is_guarded();
            let record = g.guard.clone();
            let (count, has_result) = (g.token_count(), g.has_result());
            g.rescan_full();
            assert_eq!(g.tokens.len(), count, "{src}");
            assert_eq!(g.has_result(), has_result, "{src}");
            out.push((was, record, facts(g), facts(&plain.game)));
        }
        assert!(!plain.next_game().unwrap());
        out
    }

    #[test]
    fn a_plain_game_is_read_by_the_guard_with_its_numbers_and_places() {
        let src = "[Event \"E\"]\n\n1. e4 $1 e5 {a\ncomment} 2.Nf3 (2. f4 exf4) !? 2...Nc6 3. O-O-O+ \
                   e8=Q# 4. exd8=N 1-0 {after}\n";
        let games = both(src);
        assert_eq!(games.len(), 1);
        let (guarded, g, after, plain) = &games[0];
        assert!(guarded);
        assert_eq!(after, plain);
        assert_eq!(g.moves, 9);
        assert_eq!(g.claims, [(0, 1), (2, 2), (3, 2), (5, 2), (6, 3), (8, 4)]);
        assert_eq!(g.nags, 2);
        assert_eq!(g.comments, 2);
        assert_eq!((g.var_starts, g.var_ends, g.results), (1, 1, 1));
        // The variation follows the third move, 2. Nf3.
        assert_eq!(g.var_after, [2]);
        let at = |s: &str| src.find(s).unwrap();
        assert_eq!(g.nag_at, [at("$1"), at("!?")]);
        assert_eq!(
            g.comment_at,
            [(at("a\n"), at("}")), (at("after"), at("after") + 5)]
        );
    }

    /// Every word that is not plain hands the game to the located scan, which then leaves
    /// exactly what it leaves without the guard: tokens, errors, the raw and language flags.
    #[test]
    fn what_is_not_plain_is_read_the_located_way() {
        let cases = [
            "1. e4 e5 2. Sf3 *",
            "1. e4 foo *",
            "1. e9 *",
            "1. Nf3x *",
            "1. e4 1/2",
            "1. e4 e5 2. 0-0 *",
            "1. e4 e5 2. Nf3++ *",
            "1. e8Q *",
            "1. e8(Q) *",
            "1. e4 !!! *",
            "1. e4 $0 *",
            "1. e4 $256 *",
            "1. e4 $01 *",
            "1. e4 ; a line comment\n*",
            "1. e4 } *",
            "1. e4 ( *",
            "1. e4 ) *",
            "1. e4 () *",
            "1. e4 (=) *",
            "1. e4 2. 3. d4 *",
            // Numbers that are no move number alone (`number_alone` leaves them all).
            "1. e4 2 d5 *",
            "1 e4 *",
            "1234567890. e4 *",
            "1.. ... e4 *",
            "1. e4 2.\u{a0}d5 *",
            "1. e4 2.\u{e9} *",
            "1. e4 e5 2.",
            "41. 1-0",
            "1. e4 * e5",
            "1. e4 1-0 1-0",
            "1. e4 {open\nstill open",
            "1. e4\u{a0}e5 *",
            "1. e4 e5 2. Lb5 *",
            "1. Pe4 *",
            "1. e4 ... e5 *",
            "1. e4 e5 2. Nf3 e.p. *",
            "5254 *",
            "1. e4 ½-½",
            "1. ♘f3 *",
            "Rond 2 spelas i morgon.",
            "Event \"SM\"\n1. e4 *",
        ];
        for src in cases {
            for (guarded, _, after, plain) in both(src) {
                assert!(!guarded, "{src}");
                assert_eq!(after, plain, "{src}");
            }
        }
    }

    /// Plain games read into tokens after all (for a message) give the very tokens of the
    /// scan without the guard.
    #[test]
    fn a_plain_game_rescanned_is_the_game_scanned() {
        let cases = [
            "1. e4 e5 2. Nf3 Nc6 *",
            "[Event \"E\"] 1. d4 {x} d5 $14 2. c4 (2. Nf3) (2. Bf4 Nf6) 1/2-1/2",
            "[Event \"E\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
            "1. e4 {a [#] diagram} e5\n% an escape line\n2. Nf3 *",
            "1. e2e4 e7e5 2. g1f3 *",
            "123456789. e4 123456789... e5\t2.\tNf3 3.. Nc6 4.{c} Bb5 4.e4 *",
            "1. e4 e5 2. Ke2 Ke7 *",
        ];
        for src in cases {
            let games = both(src);
            assert!(!games.is_empty(), "{src}");
            for (guarded, _, after, plain) in games {
                assert!(guarded, "{src}");
                assert_eq!(after, plain, "{src}");
            }
        }
    }
}

#[cfg(test)]
mod grammar {
    use super::*;
    use shakmaty::san::SanPlus;

    /// Every word the guard takes for a move is one pgn-reader reads whole, as one SAN: were
    /// a shorter SAN read from its start (`Ng1` of `Ng1f3`), pgn-reader would drop it and
    /// read the rest as a move of its own, and the counts would still agree.
    #[test]
    fn every_plain_move_is_read_whole_by_pgn_reader() {
        let reading = Reading::default();
        let mut words: Vec<String> = Vec::new();
        for piece in ["", "K", "Q", "R", "B", "N"] {
            for file in ["", "a", "c", "h"] {
                for rank in ["", "1", "4", "8"] {
                    for x in ["", "x"] {
                        for to in ["a1", "d4", "h8", "e1", "g7"] {
                            for suffix in ["", "+", "#"] {
                                words.push(format!("{piece}{file}{rank}{x}{to}{suffix}"));
                            }
                        }
                    }
                }
            }
        }
        for core in ["O-O", "O-O-O", "e8=Q", "a1=N", "bxa8=R", "gxh1=B"] {
            for suffix in ["", "+", "#"] {
                words.push(format!("{core}{suffix}"));
            }
        }
        let mut plain = 0;
        for w in &words {
            if !plain_move(w.as_bytes(), reading) {
                continue;
            }
            plain += 1;
            let read = SanPlus::from_ascii_prefix(w.as_bytes());
            assert_eq!(read.map(|(_, n)| n).ok(), Some(w.len()), "{w}");
        }
        assert!(plain > 1000, "{plain}");
    }
}
