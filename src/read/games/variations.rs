//! Variations: where one opens on the last move, and where its brackets close.

use shakmaty::Position;

use super::Item;
use super::comments::MOST_COMMENT_WORDS;
use super::moves::fitting;
use super::reader::Reader;
use super::words::{Word, brackets};
use crate::braille::Cell;

impl Reader<'_> {
    /// Whether a variation is open and no move of it has been read.
    pub(super) fn variation_without_move(&self) -> bool {
        !self.stack.is_empty()
            && self
                .game
                .items
                .iter()
                .rev()
                .find(|i| !matches!(i, Item::Comment(_) | Item::Nag(_)))
                .is_some_and(|i| *i == Item::VariationStart)
    }

    /// Whether the words after a text word that opens with a bracket (`first`) go on into a
    /// variation on the last move: the first of them that is a move with the number due
    /// before the last move is legal there; text that closes every bracket opened before it
    /// comes makes it text in brackets (`(som vanligt)`), and a comment's own brackets and
    /// moves from elsewhere (`({(Jämför 3.f4 ovan.)} 4...c5)`) are the comment's.
    pub(super) fn variation_follows(&self, first: &[Cell], rest: &[Word<'_>]) -> bool {
        let Some(before) = &self.before else {
            return false;
        };
        let (open, close) = brackets(self.notation);
        let count = |cells: &[Cell], set: &[Cell]| cells.iter().filter(|c| set.contains(c)).count();
        // Brackets open: the variation's and the comment's own.
        let mut depth = count(first, open) as isize - count(first, close) as isize;
        let due = Some(before.fullmoves().get());
        let white = before.turn() == shakmaty::Color::White;
        // Compact notation writes the number apart (`7 -- sf5`), and Black's after the dashes.
        let (mut numbered, mut marked) = (false, false);
        for w in rest.iter().take(MOST_COMMENT_WORDS) {
            let q = self.parsed(w.cells);
            if q.is_text() || (q.number.is_some() && q.number != due && !numbered) {
                depth += count(w.cells, open) as isize - count(w.cells, close) as isize;
                if depth <= 0 {
                    return false;
                }
                numbered = false;
                continue;
            }
            if q.opens > 0 {
                return false;
            }
            // The dashes: White's null move, or the White move left out before Black's (then
            // Black's null move: `2...--`, compact `2 -- --`).
            match q.written {
                None if q.omitted && (numbered || q.number == due) && white => return true,
                None if q.omitted && q.number == due && q.black => return true,
                None if q.omitted && numbered && marked => return true,
                None if q.omitted && numbered => marked = true,
                None if q.number == due || (numbered && q.omitted) => numbered = true,
                None => return false,
                Some(m) => {
                    return (numbered || q.number == due) && fitting(before, &m).len() == 1;
                }
            }
        }
        false
    }

    /// Opens a variation on the last move: the position before it, the comment so far
    /// flushed; `false` when no move stands before it.
    pub(super) fn open_variation(&mut self) -> bool {
        self.flush_comment();
        let Some(before) = self.before.clone() else {
            return false;
        };
        let back = std::mem::replace(&mut self.pos, before);
        self.stack.push((back, self.before.take()));
        self.game.items.push(Item::VariationStart);
        true
    }
}
