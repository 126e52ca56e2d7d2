//! The moves of a game in braille: each item (a move, a comment, a NAG, a variation's start
//! and end, a diagram) in turn, move numbers, the brackets of variations, the paragraphs the
//! words fill (one a move pair in the list layout), and the game's end.

use shakmaty::Color;

use super::{Run, WordKind, variation_brackets};
use crate::braille::block::Block;
use crate::braille::cell::Cell;
use crate::braille::notation::{self, COMPACT_END, COMPACT_OMITTED};
use crate::braille::pieces::push_lower_number;
use crate::chess::Item;
use crate::settings::{Layout, Notation};

impl<'a> Run<'a> {
    pub(super) fn item(&mut self, item: &'a Item) {
        match item {
            Item::Move(m) => {
                self.flush_move();
                self.pending = Some(m);
            }
            Item::Nag(n, at) => match self.pending {
                Some(_) => self.annotate(*n, *at),
                None => self.stray_nag(*n, *at),
            },
            Item::Comment(c, at) => {
                self.flush_move();
                let game = self.game;
                self.comment(game.comment(c), *at);
            }
            // (Nothing to write; a sign after it is no longer the move's, as after any
            // comment.)
            Item::Commands => self.flush_move(),
            Item::Diagram(here) => {
                self.flush_move();
                self.diagram(&here.0, here.1);
            }
            Item::VariationStart => {
                self.flush_move();
                self.depth += 1;
                let open = self.bracket(true);
                self.prefix.push(open);
                self.need_number = true;
            }
            Item::VariationEnd => {
                self.flush_move();
                let close = self.bracket(false);
                // The game may end with this bracket: compact notation's period goes after it
                // when it closes onto a move (not onto a comment's word, nor alone).
                let mut onto_move = false;
                if self.prefix.is_empty() && self.para.is_empty() {
                    // Right after a diagram: the bracket is a word of its own.
                    self.para.push_cell(close);
                    self.para.end_word();
                    self.mark(WordKind::Notation);
                } else if self.prefix.is_empty() {
                    self.para.extend_last(&[close]);
                    onto_move = !self.last_word_text;
                    // (Onto a comment's last word: its kind says so.)
                    if self.kinds.len() == self.para.word_count()
                        && let Some(WordKind::Text { closes, .. }) = self.kinds.last_mut()
                    {
                        *closes += 1;
                    }
                } else {
                    // An empty variation: write its brackets as a word of their own.
                    let open = std::mem::take(&mut self.prefix);
                    self.para.push(&open);
                    self.para.push_cell(close);
                    self.para.end_word();
                    self.mark(WordKind::Notation);
                }
                self.depth = self.depth.saturating_sub(1);
                self.need_number = true;
                self.ends_with_move = onto_move && self.depth == 0;
            }
        }
    }

    fn bracket(&self, open: bool) -> Cell {
        let (opening, closing) = variation_brackets(self.w.notation, self.depth);
        if open { opening } else { closing }
    }

    /// Starts a word, putting any pending opening bracket first.
    #[inline]
    pub(super) fn begin_word(&mut self) {
        if !self.prefix.is_empty() {
            self.put_prefix();
        }
    }

    /// [`Run::begin_word`] with an opening bracket to put (seldom: kept out of every move's
    /// way).
    #[cold]
    fn put_prefix(&mut self) {
        let prefix = std::mem::take(&mut self.prefix);
        self.para.push(&prefix);
        self.prefix = prefix;
        self.prefix.clear();
    }

    /// The words of `para` ended since the last mark are of `kind`.
    pub(super) fn mark(&mut self, kind: WordKind) {
        if self.w.witness.is_some() {
            let count = self.para.word_count();
            self.kinds.resize(count.max(self.kinds.len()), kind);
        }
    }

    pub(super) fn new_paragraph(&mut self) {
        if !self.para.is_empty() {
            let rest = if self.w.layout == Layout::List { 2 } else { 0 };
            let fresh = self.w.moves_paragraph(rest);
            let done = std::mem::replace(&mut self.para, fresh);
            if let Some(w) = self.w.witness.as_mut() {
                let words = done.finished_words();
                if let (Some(&first), Some(&last)) = (words.first(), words.last()) {
                    // (The paragraph's cells at once, not a copy a word.)
                    let base = w.cells.len() as u32;
                    w.cells.extend_from_slice(done.span_cells(first, last));
                    let at = |cell: u32| base + (cell - first.start);
                    for (k, word) in words.iter().enumerate() {
                        let kind = self.kinds.get(k).copied().unwrap_or(WordKind::Notation);
                        w.words.push((at(word.start), at(word.end), kind));
                    }
                }
                self.kinds.clear();
            }
            self.blocks.push(Block::Paragraph(done));
            self.started = true;
        } else if self.w.layout == Layout::List {
            self.para.rest_indent = 2;
        }
    }

    fn flush_move(&mut self) {
        let Some(m) = self.pending.take() else { return };
        let black = m.color == Color::Black;
        let main_line = self.depth == 0;
        if self.w.layout == Layout::List && main_line && (!black || self.need_number) {
            self.new_paragraph();
        }
        let compact = self.w.notation == Notation::Compact;
        // The move number, glued to the move.
        let numbered = !black || self.need_number;
        self.begin_word();
        let style = self.w.style;
        if compact {
            // Compact cells come from small tables: written straight into the paragraph.
            if numbered {
                self.para.push_with(|out| push_lower_number(m.number, out));
                self.para.end_word_bound();
                if black {
                    self.para.push(&COMPACT_OMITTED);
                    self.para.end_word_bound();
                }
            }
            self.para
                .push_with(|out| notation::compact_move(m, style, out));
            // Compact notation has no comment signs: they are counted.
            let dropped = self.nags.len();
            self.w.drop_nags(dropped, self.game);
            self.nags.clear();
        } else {
            let ordinary = &mut self.w.ordinary;
            if numbered && !black {
                self.para.push_with(|out| ordinary.number(m.number, out));
                self.para.end_word_bound();
            }
            let black_number = (numbered && black).then_some(m.number);
            self.para
                .push_with(|out| ordinary.write(m, style, black_number, out));
            self.ordinary_signs();
        }
        self.para.end_word();
        self.mark(WordKind::Notation);
        self.need_number = false;
        self.ends_with_move = main_line;
        self.last_word_text = false;
    }

    pub(super) fn finish(mut self) {
        self.flush_move();
        if let Some((at, more)) = self.nags_counted.take() {
            let message = format!(
                "{more} more annotations left out in this game, from this one on, are not \
                 reported one by one"
            );
            self.nag_warning(at, message);
        }
        if self.w.notation == Notation::Compact && self.ends_with_move {
            self.para.extend_last(&[COMPACT_END]);
        }
        self.prefix_alone();
        self.new_paragraph();
    }

    /// A pending opening bracket written as a word of its own (no move follows it here).
    pub(super) fn prefix_alone(&mut self) {
        if !self.prefix.is_empty() {
            let open = std::mem::take(&mut self.prefix);
            self.para.push(&open);
            self.para.end_word();
            self.mark(WordKind::Notation);
        }
    }
}
