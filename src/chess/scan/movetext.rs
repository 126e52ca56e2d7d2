//! A game's movetext read into tokens, word by word, each with its place: numbers, moves,
//! signs, comments, variations, the result.

use super::language::{iccf_move, is_canonical, not_iccf};
use super::tags::{NO_VALUE_YET, unterminated_tag};
use super::{GameScan, Mode, Phase, ScanError, TokKind, Token, is_delimiter, is_space};
use crate::chess::letters::{Letter, Reading, glyph_nag};
use crate::chess::words::{SourceSuffix, Word, quick_move, read_word};

impl GameScan {
    /// Scans the last line added to `text` (from `start` to the end, without its `\n`).
    pub(super) fn scan_line(&mut self, start: usize) {
        let text = std::mem::take(&mut self.text);
        let end = text.len().saturating_sub(1);
        self.line(&text, start, end);
        self.text = text;
    }

    pub(super) fn line(&mut self, text: &str, start: usize, end: usize) {
        if self.mode == Mode::Guarded {
            return self.guard_line(text, start, end, 0);
        }
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
            if self.open_tag.is_none() && i == 0 && self.plain_tag_line(line, start) {
                return;
            }
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
                // pgn-reader skips only spaces, tabs and CRs here (and a BOM that starts a
                // game): after a form feed or a vertical tab it no longer takes a `%` line for an
                // escape line, and would read its words as moves (a review's find).
                self.raw &= line[i..i + blanks]
                    .bytes()
                    .all(|b| matches!(b, b' ' | b'\t' | b'\r'))
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
        self.movetext_from(text, start, end, i);
    }

    /// Reads the movetext of the line `text[start..end]` from byte `i` of the line (the
    /// guard, when this is where the movetext begins and the game may be plain); after an
    /// error, follows only its comments.
    pub(super) fn movetext_from(&mut self, text: &str, start: usize, end: usize, i: usize) {
        if self.mode == Mode::Ready {
            self.movetext_begins(self.line_starts.len().saturating_sub(1), i);
            if self.mode == Mode::Guarded {
                return self.guard_line(text, start, end, i);
            }
        }
        if let Err(e) = self.movetext(text, start, end, i) {
            let line = text.get(start..end).unwrap_or("");
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

    /// Reads the movetext of the line `text[start..end]` from byte `i` of the line.
    pub(super) fn movetext(
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
                b'$' => i = self.dollar_nag(text, start, end, i)?,
                b'!' | b'?' => i = self.glyph_nag(text, start, end, i)?,
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

    /// A NAG written `$` and a number at byte `i` of the line `text[start..end]`: the byte
    /// after it.
    #[inline(always)]
    fn dollar_nag(
        &mut self,
        text: &str,
        start: usize,
        end: usize,
        i: usize,
    ) -> Result<usize, ScanError> {
        let line = text.get(start..end).unwrap_or("");
        let b = line.as_bytes();
        let at = start + i;
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
        Ok(stop)
    }

    /// A move sign (`!`, `?!`, …) at byte `i` of the line `text[start..end]`: the byte after
    /// it.
    #[inline(always)]
    fn glyph_nag(
        &mut self,
        text: &str,
        start: usize,
        end: usize,
        i: usize,
    ) -> Result<usize, ScanError> {
        let line = text.get(start..end).unwrap_or("");
        let at = start + i;
        let n = line.as_bytes()[i..]
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
        Ok(i + n)
    }

    /// A move number with its dots (`12.`, `12...`) at the start of the word `text[i..end]`:
    /// the byte after it (`i` when there is none).
    #[inline]
    fn dotted_number(&mut self, text: &str, mut i: usize, end: usize) -> Result<usize, ScanError> {
        let b = text.as_bytes().get(..end).unwrap_or_default();
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
        Ok(i)
    }

    /// Reads the word `text[i..end]`, which may hold a move number glued to a move.
    #[inline]
    pub(super) fn words(&mut self, text: &str, mut i: usize, end: usize) -> Result<(), ScanError> {
        // The common words first: `12.` or `12...`, then a plain move.
        let b = text.as_bytes().get(..end).unwrap_or_default();
        if b.get(i).is_some_and(u8::is_ascii_digit) {
            i = self.dotted_number(text, i, end)?;
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
            let lang = match crate::chess::letters::piece_letter(char::from(b[i])) {
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
        self.word_by_word(text, i, end)
    }

    /// Reads the word `text[i..end]` that is no plain move, part by part (a number glued to
    /// what follows it, an ellipsis, a move with its sign, `e.p.`, a result).
    #[inline(always)]
    fn word_by_word(&mut self, text: &str, mut i: usize, end: usize) -> Result<(), ScanError> {
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
    pub(super) fn token(
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

    /// At the end of the game: unterminated comments and unclosed variations. With `auto`,
    /// a game whose moves are all words of four or five digits is in ICCF numeric notation.
    pub(super) fn finish(&mut self) {
        if self.mode == Mode::Guarded {
            if self.open_comment.is_none() && self.guard.ends_plain() {
                return;
            }
            let text = std::mem::take(&mut self.text);
            self.read_located(&text);
            self.text = text;
        }
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

/// Whether a line holds nothing but blanks. (At every line: a printable first byte answers
/// at once.)
pub(super) fn is_blank(line: &str) -> bool {
    match line.as_bytes().first() {
        Some(b) if b.is_ascii_graphic() => false,
        _ => line.chars().all(is_space),
    }
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
