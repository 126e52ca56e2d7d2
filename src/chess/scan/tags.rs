//! A game's tag pairs, `[Name "value"]`, a value wrapped over lines too.

use super::scanner::roster_bit;
use super::{GameScan, ScanError, TagTok, is_space};
use crate::document::Pos;

/// A tag whose value goes on on the next line (or is being read): where it and its name
/// and value start, and on how many lines it stands so far.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(super) struct OpenTag {
    pub(super) start: usize,
    pub(super) name: (usize, usize),
    pub(super) value_start: usize,
    pub(super) at: Pos,
    pub(super) lines: u8,
    /// A backslash in the value so far.
    pub(super) escapes: bool,
}

/// The error of a tag whose value has no closing quote: at the tag, to its value's start.
pub(super) fn unterminated_tag(open: &OpenTag) -> ScanError {
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
pub(super) const NO_VALUE_YET: usize = usize::MAX;

/// A tag's value wrapped over more lines than this is a tag left unterminated.
const MOST_TAG_LINES: u8 = 3;

impl GameScan {
    /// Reads `[Name "value"]` at `i`; returns the byte after it.
    pub(super) fn tag(&mut self, line: &str, base: usize, i: usize) -> Result<usize, ScanError> {
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
            escapes: false,
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
    pub(super) fn value_opens(
        &mut self,
        line: &str,
        base: usize,
        quote: usize,
        mut open: OpenTag,
    ) -> Result<usize, ScanError> {
        let value_start = quote + 1;
        open.value_start = base + value_start;
        open.at = self.place_in_line(line, value_start);
        self.read_tag_value(line, base, value_start, open)
    }

    /// The place of byte `at` of the line being scanned (the last one kept; a column counts
    /// characters).
    fn place_in_line(&self, line: &str, at: usize) -> Pos {
        let before = line.get(..at).unwrap_or_default();
        let column = match self.ascii {
            true => before.len(),
            false => before.chars().count(),
        };
        self.place_at_column(column)
    }

    /// The place of the character `column` (counted from 0) of the line being scanned: where
    /// the bytes before it are ASCII, the byte there ([`GameScan::place_in_line`]).
    fn place_at_column(&self, column: usize) -> Pos {
        let index = u32::try_from(self.line_starts.len().saturating_sub(1)).unwrap_or(u32::MAX);
        Pos {
            line: self.first_line.saturating_add(index),
            column: u32::try_from(column).unwrap_or(u32::MAX).saturating_add(1),
        }
    }

    /// A line that is one tag as exports write it, `[Name "value"]` (a name of letters, digits
    /// and `_`, one space, a value without a backslash, nothing after the `]`), read at once:
    /// true when it was one. What [`GameScan::tag`] and [`GameScan::read_tag_value`] make of
    /// such a line, without their questions (most lines of tags are such lines).
    pub(super) fn plain_tag_line(&mut self, line: &str, base: usize) -> bool {
        match PlainTag::at(line.as_bytes()) {
            Some(tag) if tag.len() == line.len() => {
                self.push_plain_tag(tag, roster_bit(tag.name(line.as_bytes())), base);
                true
            }
            _ => false,
        }
    }

    /// Keeps the tag of a [`PlainTag`] line (the line being scanned) that starts at `base` in
    /// the text; `roster` is its name's [`roster_bit`].
    pub(super) fn push_plain_tag(&mut self, tag: PlainTag, roster: u8, base: usize) {
        let PlainTag {
            name_end,
            value_start,
            quote,
        } = tag;
        self.roster_seen |= roster;
        // (What `place_in_line` gives: the bytes before the value, `[Name "`, are ASCII.)
        let at = self.place_at_column(value_start);
        self.tags.push(TagTok {
            start: base,
            end: base + tag.len(),
            name: (base + 1, base + name_end),
            value: (base + value_start, base + quote),
            at,
            wrapped: false,
            escapes: false,
            loose_quotes: false,
        });
    }

    /// Reads the value of an open tag from byte `j` of the line to its closing `"` and `]`,
    /// and keeps the tag; returns the byte after it. A value whose line ends before its
    /// closing quote goes on on the next line (a tag wrapped, as ChessBase's clipboard export
    /// wraps long ones): the tag stays open ([`GameScan::open_tag`]) and the line is done. A
    /// quote inside the value not escaped (`[White ""Socrates""]`) is the value's when the line
    /// ends with the tag's own `"]`.
    pub(super) fn read_tag_value(
        &mut self,
        line: &str,
        base: usize,
        mut j: usize,
        mut open: OpenTag,
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
                Some(b'\\') => {
                    open.escapes = true;
                    j += 2;
                }
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
        let loose_quotes = b.get(end) != Some(&b']');
        if loose_quotes {
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
            wrapped: open.lines > 1,
            escapes: open.escapes || (loose_quotes && b[j..value_end].contains(&b'\\')),
            loose_quotes,
        });
        Ok(end + 1)
    }
}

/// The name of a line that looks like one tag pair, `[Name "value"]`: what begins a game.
pub(super) fn is_tag_line(line: &str) -> Option<&str> {
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

/// Where the parts of a tag line as exports write it stand (`[Name "value"]`: a name of letters,
/// digits and `_`, one space, a value without a backslash): the name's end, the value's start
/// and its closing quote, in bytes from the `[`.
#[derive(Copy, Clone, Debug)]
pub(super) struct PlainTag {
    name_end: usize,
    value_start: usize,
    quote: usize,
}

impl PlainTag {
    /// Such a tag at the start of `b`, whatever follows its `]` (a line end inside its value
    /// is none: that tag is wrapped over lines).
    #[inline]
    pub(super) fn at(b: &[u8]) -> Option<PlainTag> {
        Self::ending(b, &ENDS_VALUE)
    }

    /// [`PlainTag::at`], or with `ascii_only` a tag of ASCII bytes alone.
    #[inline]
    pub(super) fn at_if(b: &[u8], ascii_only: bool) -> Option<PlainTag> {
        match ascii_only {
            true => Self::ending(b, &ENDS_ASCII_VALUE),
            false => Self::ending(b, &ENDS_VALUE),
        }
    }

    /// [`PlainTag::at`] with the value ending at the bytes `ends` marks.
    #[inline]
    fn ending(b: &[u8], ends: &[bool; 256]) -> Option<PlainTag> {
        let name_len = b.get(1..)?.iter().position(|&c| !IN_NAME[usize::from(c)])?;
        let name_end = 1 + name_len;
        let value_start = name_end + 2;
        if b[0] != b'[' || name_len == 0 || b.get(name_end..value_start) != Some(b" \"") {
            return None;
        }
        // (A value is some tens of bytes: a loop, not a search set up for long texts.)
        let k = b[value_start..]
            .iter()
            .position(|&c| ends[usize::from(c)])?;
        let quote = value_start + k;
        (b[quote] == b'"' && b.get(quote + 1) == Some(&b']')).then_some(PlainTag {
            name_end,
            value_start,
            quote,
        })
    }

    /// The tag's name in its line `b`.
    pub(super) fn name<'b>(&self, b: &'b [u8]) -> &'b [u8] {
        &b[1..self.name_end]
    }

    /// The tag's length, to its `]`.
    pub(super) fn len(&self) -> usize {
        self.quote + 2
    }
}

/// The bytes a plain tag's value ends at: its closing `"`; a backslash or a line end, where
/// the value is not plain.
const ENDS_VALUE: [bool; 256] = {
    let mut t = [false; 256];
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'\n' as usize] = true;
    t
};

/// [`ENDS_VALUE`] and every byte not ASCII.
const ENDS_ASCII_VALUE: [bool; 256] = {
    let mut t = ENDS_VALUE;
    let mut c = 0x80;
    while c < 256 {
        t[c] = true;
        c += 1;
    }
    t
};

/// The bytes of a tag's name: letters, digits and `_`.
const IN_NAME: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 128 {
        t[c] = (c as u8).is_ascii_alphanumeric() || c as u8 == b'_';
        c += 1;
    }
    t
};
