//! FEN lists: the lines of a `.fen` file (one FEN a line; blank lines and lines whose first
//! non-blank character is `#` skipped) and of ```` ```fen ```` blocks, as lines with places;
//! and EPD files (`.epd`: a position's four fields, then operations `opcode operand;`), whose
//! `id` and comments (`c0` … `c9`) make the caption. The chess stage reads the FEN itself
//! ([`crate::chess::fen`]).

use std::io::BufRead;
use std::ops::Range;

use super::lines::{read_line_within, too_long};
use super::{Pos, Words};
use crate::error::{Diagnostic, Error, Location, Result};
use crate::source::{MAX_HELD, MAX_HELD_TEXT};

/// One FEN with the source line it stands on.
#[derive(Clone, Debug, Eq, PartialEq)]
pub(crate) struct FenLine {
    /// The whole source line (shown under an error).
    pub line: String,
    /// Where the FEN stands in `line` (bytes).
    pub range: Range<usize>,
    /// The 1-based file line.
    pub number: u32,
    /// The info-string words of its block (none in a `.fen` file).
    pub words: Words,
    /// The fence of its block; `None` in a `.fen` file.
    pub block: Option<Pos>,
    /// What an EPD line says of its position: its `id`, then its comments (`c0` … `c9`).
    pub caption: Option<String>,
    /// What is wrong with an EPD line's operations: where (bytes of `line`) and what.
    pub problem: Option<Problem>,
}

/// What is wrong with a line besides its FEN: where (bytes of the line) and what.
pub(crate) type Problem = (Range<usize>, String);

/// An EPD operation: its opcode and its operands (joined by blanks).
type Operation = (String, String);

impl FenLine {
    /// Where the FEN starts.
    pub(crate) fn pos(&self) -> Pos {
        let start = self.range.start.min(self.line.len());
        let chars = self.line.get(..start).map_or(0, |s| s.chars().count());
        Pos {
            line: self.number,
            column: 1,
        }
        .plus(chars)
    }
}

/// Whether a line of a FEN list holds a FEN (not blank, not a `#` comment).
pub(crate) fn holds_fen(line: &str) -> bool {
    let content = line.trim();
    !content.is_empty() && !content.starts_with('#')
}

/// The FEN lines of a `.fen` file (or the EPD lines of an `.epd` file), read one at a time.
pub(crate) struct Lines {
    reader: Box<dyn BufRead + Send>,
    file: String,
    number: u32,
    buf: String,
    epd: bool,
}

impl Lines {
    pub(crate) fn new(reader: Box<dyn BufRead + Send>, file: &str) -> Self {
        Lines {
            reader,
            file: file.to_owned(),
            number: 0,
            buf: String::new(),
            epd: false,
        }
    }

    /// The lines of an EPD file: the position is the first four fields, the rest operations.
    pub(crate) fn epd(reader: Box<dyn BufRead + Send>, file: &str) -> Self {
        Lines {
            epd: true,
            ..Lines::new(reader, file)
        }
    }

    /// The next line that holds a FEN.
    pub(crate) fn next_line(&mut self) -> Result<Option<FenLine>> {
        loop {
            self.buf.clear();
            let n = match read_line_within(&mut self.reader, &mut self.buf, MAX_HELD) {
                Err(e) if too_long(&e) => {
                    let at = Location {
                        file: self.file.clone(),
                        line: self.number.saturating_add(1),
                        column: 1,
                    };
                    let message = format!(
                        "this line is longer than {MAX_HELD_TEXT}, the most a line of positions \
                         may be: it is not read"
                    );
                    return Err(Diagnostic::new(at, message).into());
                }
                read => read.map_err(|e| Error::io(&self.file, e))?,
            };
            if n == 0 {
                return Ok(None);
            }
            self.number = self.number.saturating_add(1);
            let mut line = self.buf.trim_end_matches(['\n', '\r']);
            if self.number == 1 {
                line = line.strip_prefix('\u{feff}').unwrap_or(line);
            }
            if holds_fen(line) {
                let (range, caption, problem) = match self.epd {
                    true => epd_parts(line),
                    false => (0..line.len(), None, None),
                };
                return Ok(Some(FenLine {
                    line: line.to_owned(),
                    range,
                    number: self.number,
                    words: Vec::new(),
                    block: None,
                    caption,
                    problem,
                }));
            }
        }
    }
}

/// An EPD operand's quote that nothing closes.
const UNCLOSED: &str = "unterminated quoted operand: its closing \" is missing";
/// A quote inside an unquoted operand.
const STRAY: &str = "a quote inside an operand: is the closing quote of the operand before it \
                     missing?";

/// An EPD line's position (its first four fields, as bytes of the line) and caption: the
/// operand of `id`, then those of `c0` … `c9` in that order, joined by `: `. Other operations
/// (`bm`, `am`: the solution; `hmvc`, `fmvn`: counters) are not written: a problem's answer
/// does not stand beside it. A quote never closed, or one inside a word, is the line's
/// problem (the words after it would run into the caption).
fn epd_parts(line: &str) -> (Range<usize>, Option<String>, Option<Problem>) {
    // The end of the fourth field.
    let mut end = line.len();
    let mut fields = 0;
    let mut in_field = false;
    for (i, c) in line.char_indices() {
        if c.is_whitespace() {
            if in_field {
                fields += 1;
                if fields == 4 {
                    end = i;
                    break;
                }
            }
            in_field = false;
        } else {
            in_field = true;
        }
    }
    let mut id = None;
    let mut comments: Vec<(u8, String)> = Vec::new();
    let (operations, problem) = operations(&line[end..]);
    let problem = problem.map(|(at, message)| (end + at.start..end + at.end, message.to_owned()));
    for (opcode, operand) in operations {
        match opcode.as_str() {
            "id" => id = id.or(Some(operand)),
            c if c.len() == 2 && c.starts_with('c') && c.as_bytes()[1].is_ascii_digit() => {
                comments.push((c.as_bytes()[1], operand))
            }
            _ => {}
        }
    }
    comments.sort_by_key(|(n, _)| *n);
    let parts: Vec<String> = id
        .into_iter()
        .chain(comments.into_iter().map(|(_, c)| c))
        .filter(|p| !p.trim().is_empty())
        .collect();
    let caption = (!parts.is_empty()).then(|| parts.join(": "));
    (0..end, caption, problem)
}

/// The operations of an EPD line after its position: `opcode operand…;`, operands blank
/// separated, a quoted operand (`"…"`) taken whole (a `;` inside it is text, `\"` a quote);
/// an operation without its `;` runs to the end of the line. Also where (bytes of `text`) a
/// quote opens that is never closed (to the end), or stands inside a word (`"a" b"`: a
/// closing quote missing before it), and what is wrong there.
fn operations(text: &str) -> (Vec<Operation>, Option<(Range<usize>, &'static str)>) {
    let mut ops = Vec::new();
    let mut chars = text.char_indices().peekable();
    loop {
        while chars
            .next_if(|&(_, c)| c.is_whitespace() || c == ';')
            .is_some()
        {}
        let mut opcode = String::new();
        while let Some((_, c)) = chars.next_if(|&(_, c)| !c.is_whitespace() && c != ';') {
            opcode.push(c);
        }
        if opcode.is_empty() {
            return (ops, None);
        }
        let mut operands: Vec<String> = Vec::new();
        loop {
            while chars.next_if(|&(_, c)| c.is_whitespace()).is_some() {}
            match chars.peek().copied() {
                None => break,
                Some((_, ';')) => {
                    chars.next();
                    break;
                }
                Some((open, '"')) => {
                    chars.next();
                    // `\"` and `\\` stand for a quote and a backslash, as in a PGN tag.
                    let mut quoted = String::new();
                    while let Some((_, c)) = chars.next_if(|&(_, c)| c != '"') {
                        match c {
                            '\\' => quoted.push(
                                chars
                                    .next_if(|&(_, c)| matches!(c, '"' | '\\'))
                                    .map_or(c, |(_, c)| c),
                            ),
                            c => quoted.push(c),
                        }
                    }
                    if chars.next().is_none() {
                        return (ops, Some((open..text.len(), UNCLOSED)));
                    }
                    operands.push(quoted);
                }
                Some(_) => {
                    let mut word = String::new();
                    while let Some((i, c)) = chars.next_if(|&(_, c)| !c.is_whitespace() && c != ';')
                    {
                        if c == '"' {
                            return (ops, Some((i..i + 1, STRAY)));
                        }
                        word.push(c);
                    }
                    operands.push(word);
                }
            }
        }
        ops.push((opcode, operands.join(" ")));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_skip_comments_and_blank_lines() {
        let text = "\u{feff}# a\n\n  # b\n8/8/8/8/8/8/8/K6k\r\n\n  8/8/8/8/8/8/8/k6K b\n";
        let mut lines = Lines::new(Box::new(text.as_bytes()), "x.fen");
        let mut got = Vec::new();
        while let Ok(Some(l)) = lines.next_line() {
            got.push((l.number, l.line.clone(), l.pos()));
        }
        assert_eq!(
            got,
            [
                (
                    4,
                    "8/8/8/8/8/8/8/K6k".to_string(),
                    Pos { line: 4, column: 1 }
                ),
                (
                    6,
                    "  8/8/8/8/8/8/8/k6K b".to_string(),
                    Pos { line: 6, column: 1 }
                )
            ]
        );
    }

    #[test]
    fn an_epd_quote_never_closed_is_the_lines_problem() {
        let text = "8/8/8/8/8/8/8/K6k w - - id \"open; c0 x\n\
                    8/8/8/8/8/8/8/K6k w - - id \"unterminated; c0 \"hello\";\n\
                    8/8/8/8/8/8/8/K6k w - - id \"a \\\"b\\\"\"; c0 \"c\";\n";
        let mut lines = Lines::epd(Box::new(text.as_bytes()), "x.epd");
        let mut next = || lines.next_line().ok().flatten().expect("a line");
        // The quote after `id` is never closed.
        let first = next();
        let (at, message) = first.problem.expect("a problem");
        assert_eq!((at, message.as_str()), (27..38, UNCLOSED), "{}", first.line);
        let (at, message) = next().problem.expect("a stray quote");
        assert_eq!((at, message.as_str()), (51..52, STRAY));
        let third = next();
        assert_eq!(third.problem, None);
        assert_eq!(third.caption.as_deref(), Some("a \"b\": c"));
    }

    #[test]
    fn epd_lines_give_the_position_and_a_caption_of_id_and_comments() {
        let text = "r1b1k2r/ppp2ppp/8/8/8/8/PPP2PPP/R1B1K2R w KQkq - bm O-O; id \"WAC; 1\"; \
                    c1 \"andra \\\"x\\\" a\\\\b c\\d\"; c0 \"Vit drar\";\n8/8/8/8/8/8/8/K6k b - -\n\
                    8/8/8/8/8/8/8/K6k w - - hmvc 0; fmvn 1;\n";
        let mut lines = Lines::epd(Box::new(text.as_bytes()), "x.epd");
        let first = lines.next_line().ok().flatten().expect("a line");
        assert_eq!(
            &first.line[first.range.clone()],
            "r1b1k2r/ppp2ppp/8/8/8/8/PPP2PPP/R1B1K2R w KQkq -"
        );
        assert_eq!(
            first.caption.as_deref(),
            Some("WAC; 1: Vit drar: andra \"x\" a\\b c\\d")
        );
        let second = lines.next_line().ok().flatten().expect("a line");
        assert_eq!((second.range.clone(), second.caption), (0..23, None));
        let third = lines.next_line().ok().flatten().expect("a line");
        assert_eq!((third.range.end, third.caption), (23, None));
    }
}
