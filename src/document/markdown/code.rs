//! Code blocks: a ```` ```pgn ```` block as `Games`, a ```` ```fen ```` block as a `Position` a
//! line, any other as `Code`, each line placed where the file has it.

use super::{Code, Reader};
use crate::document::fen::{FenLine, holds_fen};
use crate::document::{Games, Indent, Node, Words};

impl<'a> Reader<'a> {
    pub(super) fn code_block(&mut self, code: &Code) {
        let info = code.info.as_deref().unwrap_or("");
        let mut words = info.split_whitespace();
        let kind = words.next().map(str::to_ascii_lowercase);
        let words: Vec<&str> = words.collect();
        match kind.as_deref() {
            Some("pgn") => {
                let words = self.block_words(code, &words);
                self.pgn_block(code, words);
            }
            Some("fen") => {
                let words = self.block_words(code, &words);
                self.fen_block(code, &words);
            }
            _ => self.verbatim(code),
        }
    }

    /// The words of a block's info string with their places on the fence line.
    fn block_words(&self, code: &Code, words: &[&str]) -> Words {
        let line = self.line_of(code.start);
        let line_start = self.places.line_starts.get(line).copied().unwrap_or(0);
        let fence = self.line_text(line);
        // Each word is looked for after the fence and the words before it.
        let mut from = code.start.saturating_sub(line_start);
        words
            .iter()
            .map(|w| {
                let at = match fence.get(from..).and_then(|rest| rest.find(w)) {
                    Some(i) => {
                        let at = line_start + from + i;
                        from += i + w.len();
                        at
                    }
                    None => code.start,
                };
                (w.to_string(), self.pos(at))
            })
            .collect()
    }

    /// The 0-based file line of the block's first content line.
    fn content_line(&self, code: &Code) -> usize {
        let fence = self.line_of(code.start);
        if code.info.is_some() {
            fence + 1
        } else {
            fence
        }
    }

    /// Where content line `i` of a code block stands in its file line: the byte and character
    /// offset (indent and block-quote marks stripped by Markdown). A tab Markdown took only
    /// part of is given as blanks at the start of the content, which the file does not have:
    /// then the offset is where the content's first character would stand, so that the text
    /// after its leading white space stands where the file has it.
    fn content_offset(&self, code: &Code, i: usize, content: &str) -> (usize, usize) {
        let line = self.line_text(self.content_line(code) + i);
        if !content.is_empty() && line.ends_with(content) {
            let bytes = line.len() - content.len();
            return (bytes, line[..bytes].chars().count());
        }
        let text = content.trim_start();
        if text.is_empty() || !line.ends_with(text) {
            return (0, 0);
        }
        let before = line[..line.len() - text.len()].chars().count();
        let blanks = content.len() - text.len();
        let chars = before.saturating_sub(blanks);
        let bytes = line
            .char_indices()
            .nth(chars)
            .map_or(line.len(), |(b, _)| b);
        (bytes, chars)
    }

    fn verbatim(&mut self, code: &Code) {
        let first = self.content_line(code);
        let lines = code
            .text
            .lines()
            .enumerate()
            .map(|(i, line)| {
                let (bytes, _) = self.content_offset(code, i, line);
                let start = self.places.line_starts.get(first + i).copied().unwrap_or(0) + bytes;
                (line.to_string(), self.pos(start))
            })
            .collect();
        self.queue.push_back(Node::Code { lines });
    }

    fn pgn_block(&mut self, code: &Code, words: Words) {
        let first = self.content_line(code);
        let shifts = code
            .text
            .lines()
            .enumerate()
            .map(|(i, content)| {
                let (_, chars) = self.content_offset(code, i, content);
                u32::try_from(chars).unwrap_or(0)
            })
            .collect();
        self.queue.push_back(Node::Games(Games {
            text: Box::new(std::io::Cursor::new(code.text.clone().into_bytes())),
            indent: Indent {
                first_line: u32::try_from(first + 1).unwrap_or(u32::MAX),
                shifts,
            },
            words,
            at: self.pos(code.start),
        }));
    }

    fn fen_block(&mut self, code: &Code, words: &Words) {
        let first = self.content_line(code);
        let fence = self.pos(code.start);
        for (i, content) in code.text.lines().enumerate() {
            if !holds_fen(content) {
                continue;
            }
            let line = self.line_text(first + i);
            let (bytes, _) = self.content_offset(code, i, content);
            let trimmed = content.trim();
            let lead = content.len() - content.trim_start().len();
            let start = bytes + lead;
            self.queue.push_back(Node::Position(FenLine {
                line: line.to_owned(),
                range: start..start + trimmed.len(),
                number: u32::try_from(first + i + 1).unwrap_or(u32::MAX),
                words: words.clone(),
                block: Some(fence),
                caption: None,
                problem: None,
            }));
        }
    }
}
