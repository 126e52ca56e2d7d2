//! Footnotes: a reference's number (from 1 in each chapter), and the notes of a chapter read
//! at its end.

use std::ops::Range;
use std::rc::Rc;

use super::Reader;
use crate::document::Node;
use crate::error::Warning;

/// Written before a note's number in the text: INVISIBLE SEPARATOR, which the braille stage
/// reads as the end of a number (`braille::tables::NUMBER_BREAK`; the document stage knows no
/// braille, only that this character separates).
const NOTE_NUMBER_BREAK: char = '\u{2063}';

impl<'a> Reader<'a> {
    /// A reference to a note: the note's number (from 1 in each chapter), right after its word.
    pub(super) fn note_reference(
        &mut self,
        label: &str,
        range: Range<usize>,
        warn: &mut dyn FnMut(Warning),
    ) {
        let key = label.to_lowercase();
        let Some(index) = self.notes.iter().position(|(l, _, _)| *l == key) else {
            let width = range.len().max(1);
            let message = if self.in_note {
                format!("a reference to a note inside a note: [^{label}] is written as it stands")
            } else {
                format!("no note [^{label}] in this book: the reference is written as it stands")
            };
            self.warn_at(warn, range.start, width, message);
            self.piece(&format!("[^{label}]"), range);
            return;
        };
        self.notes[index].2 = true;
        let number = match self.chapter_notes.iter().position(|&i| i == index) {
            Some(k) => k + 1,
            None => {
                self.chapter_notes.push(index);
                self.chapter_notes.len()
            }
        };
        // Its own number, whatever stands before it (`1925` and note 1 are not `19251`).
        self.piece(&format!("{NOTE_NUMBER_BREAK}{number}"), range);
    }

    /// The end of a chapter (a level-1 heading follows, or the book ends): the notes referred
    /// to in it. At the book's end, also the notes nothing referred to (with a warning each).
    pub(super) fn end_chapter(&mut self, last: bool, warn: &mut dyn FnMut(Warning)) {
        if last {
            for (label, range) in std::mem::take(&mut self.twice) {
                let message = format!(
                    "the note [^{label}] is defined twice: this second definition is left out"
                );
                self.warn_at(warn, range.start, label.chars().count() + 3, message);
            }
            for index in 0..self.notes.len() {
                if !self.notes[index].2 && !self.chapter_notes.contains(&index) {
                    let (label, range, _) = &self.notes[index];
                    let message = format!(
                        "nothing refers to the note [^{label}]: it is written with the last \
                         chapter's notes"
                    );
                    self.warn_at(warn, range.start, label.chars().count() + 3, message);
                    self.chapter_notes.push(index);
                }
            }
        }
        if self.chapter_notes.is_empty() {
            return;
        }
        let first = self.chapter_notes[0];
        let at = self.pos(self.notes[first].1.start);
        self.queue.push_back(Node::Notes { at });
        for (k, index) in std::mem::take(&mut self.chapter_notes)
            .into_iter()
            .enumerate()
        {
            let range = self.notes[index].1.clone();
            self.queue.push_back(Node::NoteStart {
                number: u32::try_from(k + 1).unwrap_or(u32::MAX),
                at: self.pos(range.start),
            });
            let mut note = Reader::note(self.name, self.text, range, Rc::clone(&self.places));
            note.link_addresses = self.link_addresses;
            while let Some(node) = note.next_node(warn) {
                self.queue.push_back(node);
            }
            self.queue.push_back(Node::NoteEnd);
        }
    }
}
