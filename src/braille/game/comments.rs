//! Comments among the moves: their prose in braille with moves in Swedish letters, each
//! character with no rule reported where it stands in the source ([`CommentPlaces`]), and the
//! diagram a comment's `[#]` asks for.

use shakmaty::Color;

use super::{Run, WordKind, in_game};
use crate::braille::book::{Places, report_unmapped};
use crate::braille::diagram::diagram;
use crate::braille::text;
use crate::chess::game::comment_prose;
use crate::chess::letters::{SwedishMoves, moves_to_swedish, prose_letters_of_game};
use crate::document::Pos;

impl Run<'_> {
    /// A comment; `at` is where its text starts.
    pub(super) fn comment(&mut self, source: &str, at: Pos) {
        let prose = comment_prose(source);
        // (Nothing but commands, a clock time at every move: nothing to write.)
        if prose.is_empty() {
            return;
        }
        // Another language's piece letters become Swedish ones, letter for letter: places
        // stay.
        let letters = match self.w.letters_of_game {
            true => prose_letters_of_game(self.game.english_moves),
            false => self.w.letters,
        };
        let swedish = match letters {
            Some(lang) => moves_to_swedish(prose.as_ref(), lang),
            None => SwedishMoves::unchanged(prose.as_ref()),
        };
        let text = swedish.text.as_ref();
        if text.is_empty() {
            return;
        }
        self.w.cells.clear();
        self.w.unmapped.clear();
        text::translate(text, &mut self.w.cells, &mut self.w.unmapped);
        let from = match &prose {
            // The prose is the source trimmed: it starts after the source's blanks.
            std::borrow::Cow::Borrowed(_) => Some(source.len() - source.trim_start().len()),
            std::borrow::Cow::Owned(_) => None,
        };
        let mut places = CommentPlaces::new(source, from);
        let file = self.game.location.as_ref().map_or("", |l| l.file.as_str());
        let (game, warnings) = (self.game, &mut *self.warnings);
        report_unmapped(
            &self.w.unmapped,
            &mut |u| {
                places
                    .at(prose.as_ref(), swedish.source_offset(u.offset), at)
                    .in_file(file)
            },
            &mut |w| warnings.push(in_game(game, w)),
        );
        let opens = self.prefix.len();
        self.begin_word();
        let cells = std::mem::take(&mut self.w.cells);
        self.para.push_text(&cells);
        self.w.cells = cells;
        self.para.end_word();
        let first = self.kinds.len();
        self.mark(WordKind::Text {
            opens: 0,
            closes: 0,
        });
        if let Some(WordKind::Text { opens: o, .. }) = self.kinds.get_mut(first) {
            *o = u8::try_from(opens).unwrap_or(u8::MAX);
        }
        self.need_number = true;
        self.ends_with_move = false;
        self.last_word_text = true;
    }

    /// A diagram of the position here (a comment's `[#]`), in the form in force, between the
    /// paragraphs of the moves; the moves go on after it, Black's with its number. One before
    /// the first move of a game whose start diagram is drawn is that diagram.
    pub(super) fn diagram(&mut self, board: &shakmaty::Board, turn: Color) {
        let at_start = !self.started && self.para.is_empty() && self.prefix.is_empty();
        if at_start && self.w.start_drawn {
            return;
        }
        // A variation's bracket opened right before it stands before it, as a word of its
        // own (the moves after the diagram are the variation's).
        self.prefix_alone();
        self.new_paragraph();
        let (form, to_move) = self.w.diagram;
        let block = diagram(board, turn, form, self.w.notation, to_move);
        if let Some(w) = self.w.witness.as_mut() {
            let mut first = true;
            block.each_word(&mut |cells| {
                let start = w.cells.len() as u32;
                w.cells.extend_from_slice(cells);
                let kind = WordKind::Diagram { first };
                w.words.push((start, w.cells.len() as u32, kind));
                first = false;
            });
        }
        self.blocks.push(block);
        self.started = true;
        match at_start {
            true => self.w.start_drawn = true,
            false => self.w.diagrams_inside += 1,
        }
        self.need_number = true;
        self.ends_with_move = false;
    }
}

/// Where the characters of a comment's prose stand in its source, asked for in order. When the
/// prose is the source trimmed, `from` is where it starts in the source; otherwise (commands
/// taken out) each character is looked for in the source after the one before.
struct CommentPlaces<'a> {
    source: &'a str,
    from: Option<usize>,
    places: Places<'a>,
    /// Where the search for the next character starts (no `from`).
    next: usize,
}

impl<'a> CommentPlaces<'a> {
    fn new(source: &'a str, from: Option<usize>) -> Self {
        CommentPlaces {
            source,
            from,
            places: Places::new(source),
            next: 0,
        }
    }

    /// The place of the character at byte `offset` of `prose`; the source starts at `at`.
    fn at(&mut self, prose: &str, offset: usize, at: Pos) -> Pos {
        let in_source = match self.from {
            Some(from) => from + offset,
            None => {
                let ch = prose.get(offset..).and_then(|rest| rest.chars().next());
                let found = ch.and_then(|ch| {
                    let i = self.next + self.source.get(self.next..)?.find(ch)?;
                    self.next = i + ch.len_utf8();
                    Some(i)
                });
                found.unwrap_or(0)
            }
        };
        self.places.at(in_source, at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::book::Places;

    #[test]
    fn a_character_without_a_rule_in_a_comment_is_placed_in_its_source() {
        let at = Pos { line: 4, column: 8 };
        let pos = |line, column| Pos { line, column };
        assert_eq!(
            CommentPlaces::new(" x☃", Some(1)).at("x☃", 1, at),
            pos(4, 10)
        );
        // Commands taken out: each character is looked for in the source after the last.
        let mut places = CommentPlaces::new("[%clk 1] ☃ a\n ☃ [%eval 1] ☃", None);
        let prose = "☃ a ☃ ☃";
        assert_eq!(places.at(prose, 0, at), pos(4, 17));
        assert_eq!(places.at(prose, 6, at), pos(5, 2));
        assert_eq!(places.at(prose, 10, at), pos(5, 14));
        // Places in order, across lines; asked again from the start.
        let mut places = Places::new("ab\ncd☃\n\n☃");
        assert_eq!(places.at(1, at), pos(4, 9));
        assert_eq!(places.at(5, at), pos(5, 3));
        assert_eq!(places.at(10, at), pos(7, 1));
        assert_eq!(places.at(0, at), at);
    }
}
