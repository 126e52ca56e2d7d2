//! Inline text: pieces placed where they stand, with their emphasis; links and their
//! addresses, images, inline code and HTML, hard breaks, and the paragraph they make.

use std::ops::Range;

use super::Reader;
use crate::document::{Emphasis, Inline, Node, Opening, Piece};
use crate::error::Warning;

/// How far past the end of the last piece [`Reader::placed`] looks for the next run whole.
const NEAR: usize = 512;

impl<'a> Reader<'a> {
    /// The end of a link: its address in parentheses after its text, unless the text is the
    /// address (an autolink), the address points inside the book (`#…`), or links give their
    /// text only.
    pub(super) fn end_link(&mut self, range: Range<usize>) {
        let Some((url, from)) = self.links.pop() else {
            return;
        };
        if !self.link_addresses || url.is_empty() || url.starts_with('#') {
            return;
        }
        let shown = url.strip_prefix("mailto:").unwrap_or(&url).to_owned();
        let shown = shown.as_str();
        let text: String = self
            .pieces
            .get(from..)
            .into_iter()
            .flatten()
            .map(|p| p.text.as_str())
            .collect();
        if text.trim() != shown {
            // The address where it stands in the source, for messages about its characters.
            let end = range.end.saturating_sub(1);
            self.piece(" (", end..range.end);
            let pieces = self.address_pieces(shown, range.clone());
            self.pieces.extend(pieces);
            self.piece(")", end..range.end);
        }
    }

    /// The end of an image: a [`Node::Image`] between the paragraph's text before it and after
    /// it; in a heading, a table cell or a link, which cannot hold one, its alt text stays
    /// where it stands.
    pub(super) fn end_image(&mut self, warn: &mut dyn FnMut(Warning)) {
        let Some(image) = self.images.pop() else {
            return;
        };
        if !self.images.is_empty() {
            return;
        }
        let from = image.from.min(self.pieces.len());
        let no_alt = self
            .pieces
            .get(from..)
            .is_none_or(|alt| alt.iter().all(|p| p.text.trim().is_empty()));
        let title = if image.title.trim().is_empty() {
            Vec::new()
        } else {
            self.placed(&image.title, image.range.clone(), Emphasis::None)
        };
        if no_alt {
            let width = self
                .text
                .get(image.range.clone())
                .map_or(1, |s| s.lines().next().unwrap_or("").chars().count());
            let what = if title.is_empty() {
                "its address is written"
            } else {
                "its title is written"
            };
            self.warn_at(
                warn,
                image.range.start,
                width,
                format!("an image with no alt text: {what}; describe the image in its alt text"),
            );
        }
        let address = self.address_pieces(&image.url, image.range.clone());
        if self.heading.is_some() || self.row.is_some() || !self.links.is_empty() {
            // A heading, a table cell or a link holds no passage: the image's words stand
            // where it stands, its title in parentheses after its alt text.
            let at = image.range.end.saturating_sub(1)..image.range.end;
            match (no_alt, title.is_empty()) {
                (true, true) => self.pieces.extend(address),
                (true, false) => self.pieces.extend(title),
                (false, false) => {
                    self.piece(" (", at.clone());
                    self.pieces.extend(title);
                    self.piece(")", at);
                }
                (false, true) => {}
            }
            return;
        }
        let alt = self.pieces.split_off(from);
        let before = self.pieces.iter().any(|p| !p.text.trim().is_empty());
        self.flush_inline();
        self.queue.push_back(Node::Image {
            alt,
            title,
            address,
        });
        if before {
            self.opening = Opening::Resumed;
        }
    }

    /// An address (of a link or an image that ends at `range.end`) as pieces where it stands:
    /// the last place before the end where it is written as it is (pulldown-cmark's range of
    /// a link may start earlier than its text), else run by run after the last `](`.
    fn address_pieces(&self, address: &str, range: Range<usize>) -> Inline {
        let before = self.text.get(..range.end).unwrap_or("");
        match before.rfind(address) {
            Some(i) => vec![Piece {
                text: address.to_owned(),
                emphasis: self.emphasis(),
                at: self.pos(i),
            }],
            None => {
                let source = self.text.get(range.clone()).unwrap_or("");
                let from = source
                    .rfind("](")
                    .map_or(range.start, |i| range.start + i + 2);
                self.placed(address, from..range.end, self.emphasis())
            }
        }
    }

    fn emphasis(&self) -> Emphasis {
        if self.heading.is_some() {
            Emphasis::None
        } else if self.bold > 0 {
            Emphasis::Bold
        } else if self.italic > 0 {
            Emphasis::Italic
        } else {
            Emphasis::None
        }
    }

    pub(super) fn piece(&mut self, text: &str, src: Range<usize>) {
        let emphasis = self.emphasis();
        let at = self.pos(src.start);
        self.pieces.push(Piece {
            text: text.to_string(),
            emphasis,
            at,
        });
    }

    /// Inline code. Its text is not the file's from the start of the event: the backticks are
    /// left out, and over several lines line ends are read as blanks and quote marks and
    /// indents left out; so each run of it is placed where it stands.
    pub(super) fn code_span(&mut self, code: &str, src: Range<usize>) {
        let emphasis = self.emphasis();
        let pieces = self.placed(code, src, emphasis);
        self.pieces.extend(pieces);
    }

    /// `text`, which stands in the file between the bytes of `src` but not letter for letter,
    /// as pieces placed where they stand: each run of characters other than blanks where it is
    /// found, in order; a run not found (an escape) a character at a time, a character not
    /// found where the search stands.
    pub(super) fn placed(&self, text: &str, src: Range<usize>, emphasis: Emphasis) -> Vec<Piece> {
        // Where a run of text is looked for whole: near where the last one ended (markup, a
        // link's address, stands between them); a run not there is placed a character at a
        // time, so that a run the source writes otherwise is not looked for to the end of
        // the text each time.
        fn near(source: &str, len: usize) -> &str {
            let mut cut = (len + NEAR).min(source.len());
            while !source.is_char_boundary(cut) {
                cut += 1;
            }
            &source[..cut]
        }
        let end = src.end.min(self.text.len());
        let mut from = src.start.min(end);
        let mut pieces = Vec::new();
        let mut push = |text: &str, at: usize| {
            pieces.push(Piece {
                text: text.to_owned(),
                emphasis,
                at: self.pos(at),
            })
        };
        // Characters not found from some place on (see below).
        let mut absent: Vec<char> = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let blank = rest.starts_with(' ');
            let len = rest
                .find(|c: char| (c == ' ') != blank)
                .unwrap_or(rest.len());
            let (run, after) = rest.split_at(len);
            rest = after;
            let source = self.text.get(from..end).unwrap_or("");
            if blank {
                push(run, from);
                // Past the blanks where the source has them, so that what follows is looked
                // for after them (an escape after a blank stands at its backslash).
                let blanks = source.len() - source.trim_start_matches(' ').len();
                from += blanks.min(run.len());
            } else if let Some(i) = near(source, run.len()).find(run) {
                push(run, from + i);
                from += i + run.len();
            } else {
                // A character the source writes otherwise (an entity, an escape), one at a
                // time. One not found from here is not found further on either: looked for
                // once (issue 32: 40 000 lines of `&quot;x` searched to the end for every `"`,
                // 7.4 s).
                for (i, c) in run.char_indices() {
                    let one = &run[i..i + c.len_utf8()];
                    let found = match absent.contains(&c) {
                        true => None,
                        false => self.text.get(from..end).and_then(|s| s.find(c)),
                    };
                    match found {
                        Some(j) => {
                            push(one, from + j);
                            from += j + one.len();
                        }
                        None => {
                            if !absent.contains(&c) {
                                absent.push(c);
                            }
                            push(one, from)
                        }
                    }
                }
            }
        }
        pieces
    }

    pub(super) fn inline_html(
        &mut self,
        html: &str,
        range: Range<usize>,
        warn: &mut dyn FnMut(Warning),
    ) {
        let tag = html.trim().to_ascii_lowercase();
        if matches!(tag.as_str(), "<br>" | "<br/>" | "<br />") {
            self.hard_break(range);
            return;
        }
        // Other inline tags (`<b>`, `<span …>`, `</abbr>`) are markup: the text between them
        // is the text, and comes as text. Other comments are silent.
        let what = match self.directive(html, range.clone(), warn) {
            Some(node @ Node::PrintPage { .. }) => {
                // The paragraph goes on after the print page's line.
                let before = self.pieces.iter().any(|p| !p.text.trim().is_empty());
                self.flush_inline();
                self.queue.push_back(node);
                if before {
                    self.opening = Opening::Resumed;
                }
                return;
            }
            Some(Node::Contents) => "a contents list",
            Some(_) => "a page break",
            None => return,
        };
        let message = format!("{what} inside a paragraph is left out: put it on a line of its own");
        self.warn_at(warn, range.start, html.chars().count(), message);
    }

    /// A hard line break (two blanks, `\\`, `<br>`): in a paragraph it ends a line, which the
    /// next goes on from; in a heading or a table cell, which are one line each, it is a blank.
    pub(super) fn hard_break(&mut self, range: Range<usize>) {
        if self.heading.is_some() || self.row.is_some() {
            self.piece(" ", range);
        } else {
            self.broken = true;
            self.flush_inline();
            self.broken = false;
            self.opening = Opening::AfterBreak;
        }
    }

    /// Ends the inline text collected so far as a paragraph (nothing if there is none).
    pub(super) fn flush_inline(&mut self) {
        if self.heading.is_some() || self.row.is_some() {
            return;
        }
        if self.pieces.iter().all(|p| p.text.trim().is_empty()) {
            self.pieces.clear();
            return;
        }
        let text = std::mem::take(&mut self.pieces);
        let opening = std::mem::take(&mut self.opening);
        let broken = self.broken;
        self.queue.push_back(Node::Paragraph {
            text,
            opening,
            broken,
        });
    }
}
