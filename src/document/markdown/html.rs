//! HTML: blocks (their comments that say something, their text kept as paragraphs), the
//! comments that ask for a page break, a print page change or the contents list, and whether a
//! chapter follows.

use std::ops::Range;

use super::Reader;
use crate::document::{Emphasis, Node};
use crate::error::Warning;

/// The comment that asks for a page break.
const PAGE_BREAK: &str = "pagebreak";

/// The comment that places the contents list.
const CONTENTS: &str = "toc";

/// The words that start a print page comment (`<!-- sida 12 -->`), lower case.
const PRINT_PAGE_WORDS: &[&str] = &["sida", "s.", "page", "p."];

impl<'a> Reader<'a> {
    /// An HTML block: its comments that say something (a page break, a print page, the
    /// contents list) in their places, its text kept as paragraphs between them (a located
    /// warning when markup is left out), other comments silent.
    pub(super) fn html_block(
        &mut self,
        html: &str,
        range: Range<usize>,
        warn: &mut dyn FnMut(Warning),
    ) {
        let mut text = String::new();
        let mut rest = html;
        // Where in the file the next comment is looked for (after the one before), and where
        // the text since the last comment that said something stands: each found once, not
        // from the block's start (a block of thousands of comments was quadratic; issue 32).
        let (mut from, mut text_from) = (range.start, range.start);
        while let Some(i) = rest.find("<!--") {
            text.push_str(&rest[..i]);
            let after = &rest[i..];
            let Some(end) = after.find("-->") else {
                text.push_str(after);
                rest = "";
                break;
            };
            let comment = &after[..end + 3];
            rest = &after[end + 3..];
            let node = self.directive(comment, from..range.end, warn);
            if let Some(at) = self.comment_at(comment, from..range.end) {
                from = at + comment.trim().len();
            }
            if let Some(node) = node {
                let text_range = text_from..range.end;
                text_from = from;
                self.html_text_block(&std::mem::take(&mut text), text_range, warn);
                // A page break or a print page change before the next chapter (or the book's
                // end): the notes of this chapter end it before them, not on the next
                // chapter's first page or print page.
                if matches!(node, Node::PageBreak | Node::PrintPage { .. })
                    && self.containers == 0
                    && rest.trim().is_empty()
                    && self.chapter_follows(range.end)
                {
                    self.end_chapter(false, warn);
                }
                self.queue.push_back(node);
            }
        }
        text.push_str(rest);
        self.html_text_block(&text, text_from..range.end, warn);
    }

    /// Whether a level-1 heading (`# …`, at most three blanks in) or the end of the book is
    /// what comes next after byte `at`, blank lines aside.
    ///
    /// The answer is kept with the line it was found on: asked again from the start of a line
    /// passed over on the way, it is the same, and not looked for again (each of thousands of
    /// page breaks in a row looked past all those after it; issue 32).
    fn chapter_follows(&self, at: usize) -> bool {
        if let Some((from, found, answer)) = self.follows.get()
            && (from..=found).contains(&at)
            && (at == from || self.text.as_bytes().get(at.wrapping_sub(1)) == Some(&b'\n'))
        {
            return answer;
        }
        let rest = self.text.get(at..).unwrap_or_default();
        // (Lines of comments alone are passed over: a print page change, `<!-- sida 6 -->`,
        // stands before the next chapter's heading.)
        let comment_alone = |l: &str| {
            let t = l.trim();
            t.starts_with("<!--") && t.ends_with("-->") && !t[4..].contains("<!--")
        };
        // The lines as `str::lines` gives them, with where each starts.
        let mut start = at;
        let found = rest.split_inclusive('\n').find_map(|piece| {
            let line = piece
                .strip_suffix('\n')
                .map_or(piece, |l| l.strip_suffix('\r').unwrap_or(l));
            let here = start;
            start += piece.len();
            (!line.trim().is_empty() && !comment_alone(line)).then_some((here, line))
        });
        let (found, answer) = match found {
            None => (self.text.len().max(at), true),
            Some((here, line)) => {
                let t = line.trim_start_matches(' ');
                let heading = line.len() - t.len() <= 3
                    && (t.trim_end() == "#" || t.starts_with("# ") || t.starts_with("#\t"));
                (here, heading)
            }
        };
        self.follows.set(Some((at, found, answer)));
        answer
    }

    /// What a comment asks for: a page break, a print page change, the contents list; `None`
    /// for any other comment (a print page comment without a number is warned about).
    /// `within`: the bytes of the file where it is looked for.
    pub(super) fn directive(
        &self,
        html: &str,
        within: Range<usize>,
        warn: &mut dyn FnMut(Warning),
    ) -> Option<Node> {
        let at = self
            .comment_at(html, within.clone())
            .unwrap_or(within.start);
        if is_page_break(html) {
            Some(Node::PageBreak)
        } else if let Some(number) = print_page(html) {
            let width = html.chars().count();
            let Some(digits) = page_number_value(number) else {
                let message = format!(
                    "'{number}' is no print page number (digits, as 12 or 12a, at most \
                     {PAGE_DIGITS} of them, or a roman numeral, as xii): the comment is left \
                     out"
                );
                self.warn_at(warn, at, width, &message);
                return None;
            };
            if let Some(n) = digits {
                if let Some(before) = self.print_page.get().filter(|b| n < *b) {
                    let message = format!(
                        "print page {number} after print page {before}: the print pages go \
                         backwards here"
                    );
                    self.warn_at(warn, at, width, &message);
                }
                self.print_page.set(Some(n));
            }
            Some(Node::PrintPage {
                number: number.to_owned(),
                at: self.pos(at),
            })
        } else if is_contents_marker(html) {
            Some(Node::Contents)
        } else {
            if looks_like_print_page(html) {
                self.warn_at(
                    warn,
                    at,
                    html.chars().count(),
                    "a print page comment without one page number is left out: write \
                     <!-- sida 12 -->",
                );
            }
            None
        }
    }

    /// Where the comment `html` stands in the file, looked for in the bytes `within` (`None`
    /// when it is not written there as it is: inside a quote, over several lines).
    fn comment_at(&self, html: &str, within: Range<usize>) -> Option<usize> {
        let end = within.end.min(self.text.len());
        (self.text.get(within.start.min(end)..end))
            .and_then(|t| t.find(html.trim()))
            .map(|i| within.start + i)
    }

    /// The text of (part of) an HTML block as a paragraph, its markup left out with a warning.
    fn html_text_block(&mut self, html: &str, range: Range<usize>, warn: &mut dyn FnMut(Warning)) {
        let text = html_text(html);
        if text.trim().is_empty() {
            return;
        }
        let plain: Vec<&str> = html.split_whitespace().collect();
        if plain.join(" ") != text {
            self.warn_at(
                warn,
                range.start,
                1,
                "an HTML block: its text is kept as a paragraph, its markup left out",
            );
        }
        // Each run of the text where it stands in the block.
        let pieces = self.placed(&text, range, Emphasis::None);
        self.pieces.extend(pieces);
        self.flush_inline();
    }
}

/// The text of an HTML comment, trimmed.
fn comment(html: &str) -> Option<&str> {
    html.trim()
        .strip_prefix("<!--")
        .and_then(|s| s.strip_suffix("-->"))
        .map(str::trim)
}

fn is_page_break(html: &str) -> bool {
    comment(html).is_some_and(|s| s.eq_ignore_ascii_case(PAGE_BREAK))
}

/// The print page number of a print page comment (`<!-- sida 12 -->`, `<!-- s. xii -->`): one
/// word after one of [`PRINT_PAGE_WORDS`].
fn print_page(html: &str) -> Option<&str> {
    let inner = comment(html)?;
    let lower = inner.to_lowercase();
    let word = PRINT_PAGE_WORDS.iter().find(|w| {
        lower
            .strip_prefix(**w)
            .is_some_and(|rest| rest.starts_with(char::is_whitespace) || w.ends_with('.'))
    })?;
    let number = inner.get(word.len()..)?.trim();
    (!number.is_empty() && !number.contains(char::is_whitespace)).then_some(number)
}

/// The most digits of a print page number.
const PAGE_DIGITS: usize = 6;

/// What a print page comment's word is (issue 32: `sida -1` was taken, and 100 000 digits
/// were cut to 23 without a word): `Some(Some(n))` for digits (with a letter after them,
/// `12a`), `Some(None)` for a roman numeral (`xii`, front matter pages, which count apart),
/// `None` for anything else.
fn page_number_value(word: &str) -> Option<Option<u64>> {
    let digits = word.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let letters = word.len() - digits.len();
    if !digits.is_empty()
        && digits.len() <= PAGE_DIGITS
        && digits.bytes().all(|b| b.is_ascii_digit())
        && letters <= 1
    {
        return digits.parse().ok().map(Some);
    }
    let roman = !word.is_empty()
        && word.len() <= 12
        && (word.chars().all(|c| "ivxlcdm".contains(c))
            || word.chars().all(|c| "IVXLCDM".contains(c)));
    roman.then_some(None)
}

/// Whether a comment starts like a print page comment (`<!-- sida … -->`) but is none.
fn looks_like_print_page(html: &str) -> bool {
    let Some(inner) = comment(html) else {
        return false;
    };
    let lower = inner.to_lowercase();
    print_page(html).is_none()
        && PRINT_PAGE_WORDS.iter().any(|w| {
            lower == w.trim_end_matches('.')
                || lower
                    .strip_prefix(*w)
                    .is_some_and(|r| r.is_empty() || r.starts_with(char::is_whitespace))
        })
}

/// `<!-- toc -->`.
pub(super) fn is_contents_marker(html: &str) -> bool {
    comment(html).is_some_and(|c| c.eq_ignore_ascii_case(CONTENTS))
}

/// The text of an HTML block: tags and comments left out, the common entities read, white
/// space one blank.
fn html_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let end = if rest.starts_with("<!--") {
            rest.find("-->").map(|e| e + 3)
        } else {
            rest.find('>').map(|e| e + 1)
        };
        match end {
            Some(e) => {
                // A tag is a word break (`<p>a</p><p>b</p>`).
                out.push(' ');
                rest = &rest[e..];
            }
            None => {
                out.push_str(rest);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    let decoded = out
        .replace("&nbsp;", "\u{a0}")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}
