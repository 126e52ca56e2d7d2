//! A heading's braille made ahead, on a thread that translates games (a bulletin's game
//! heading, issue 33): the writer that lays the heading out takes its cells as they are,
//! instead of translating the heading again in every pass on the thread that lays out.

use super::Writer;
use crate::braille::block::{Binding, Block};
use crate::braille::cell::Cell;
use crate::braille::tables;
use crate::chess::letters::prose_letters;
#[cfg(debug_assertions)]
use crate::document::Inline;
use crate::document::{Node, Piece};
use crate::settings::Options;

/// The braille of a heading made ahead: its cells, each word's cells and binding when they
/// were made a word at a time, and the places of soft hyphens otherwise.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct MadeHeading {
    pub(crate) cells: Vec<Cell>,
    pub(crate) words: Option<Vec<(u32, u32, Binding)>>,
    pub(crate) soft_hyphens: Vec<usize>,
}

impl Writer {
    /// The braille of a heading of `pieces`, made ahead. `None` when the writer that lays it
    /// out must translate it itself: a character has no rule (its warning comes at the
    /// heading's turn, from that writer), or a piece starts with a note's number (its entry
    /// in the contents list is translated apart).
    pub(crate) fn made_heading(
        &mut self,
        pieces: &[Piece],
        options: &Options,
    ) -> Option<MadeHeading> {
        if pieces
            .iter()
            .any(|p| p.text.starts_with(tables::NUMBER_BREAK))
        {
            return None;
        }
        self.letters = prose_letters(options.source_notation);
        let mut warned = false;
        let words = self.translate_as(pieces, true, &mut |_| warned = true);
        (!warned).then(|| MadeHeading {
            cells: self.cells.clone(),
            words: words.then(|| self.words.spans().to_vec()),
            soft_hyphens: self.soft_hyphens.clone(),
        })
    }

    /// What [`Writer::node`] does with a heading of `level` that names a game, its braille
    /// `made` ahead: the same blocks and the same entry in the contents list, nothing
    /// translated. Debug builds, so every test, translate `text` (the heading's own, which
    /// they still make) and compare.
    pub(crate) fn made_heading_node(
        &mut self,
        level: u8,
        made: &MadeHeading,
        #[cfg(debug_assertions)] text: Option<&Inline>,
        options: &Options,
        out: &mut Vec<Block>,
    ) {
        #[cfg(debug_assertions)]
        if let Some(text) = text {
            let mut again = Writer::default();
            let fresh = again.made_heading(text, options);
            assert_eq!(fresh.as_ref(), Some(made), "{text:?} made ahead");
        }
        self.letters = prose_letters(options.source_notation);
        // (An empty text allocates nothing.)
        if let Some(seam) = self.seam_before(&Node::Heading {
            level,
            text: Vec::new(),
        }) {
            out.push(Block::Seam(seam));
        }
        let mark = self.heading_mark(level, options);
        let after_marker = self.marker.is_some();
        self.marker_alone(out);
        self.cells.clear();
        self.cells.extend_from_slice(&made.cells);
        self.soft_hyphens.clear();
        self.soft_hyphens.extend_from_slice(&made.soft_hyphens);
        if let Some(words) = &made.words {
            self.words.set_spans(words);
        }
        self.heading_laid(
            level,
            made.words.is_some(),
            after_marker,
            mark.flatten(),
            out,
        );
        if let Some(Some(_)) = mark {
            self.contents.found.push(level, &self.cells);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::{Emphasis, Pos};

    fn pieces(text: &str) -> Vec<Piece> {
        // As a bulletin's heading comes: a piece a word and a piece a blank, in columns.
        let mut out = Vec::new();
        let mut column = 1;
        for (i, word) in text.split(' ').enumerate() {
            if i > 0 {
                out.push(Piece {
                    text: " ".into(),
                    emphasis: Emphasis::None,
                    at: Pos { line: 3, column },
                });
                column += 1;
            }
            out.push(Piece {
                text: word.into(),
                emphasis: Emphasis::None,
                at: Pos { line: 3, column },
            });
            column += word.chars().count() as u32;
        }
        out
    }

    /// A heading made ahead gives the blocks and the contents entry the heading translated
    /// by the writer that lays it out gives, after a heading or not, listed or not.
    #[test]
    fn a_heading_made_ahead_lays_out_as_one_translated_there() {
        let options = Options::default();
        for text in [
            "Bord 1: Carlsen, Magnus (2837) – Nepomniachtchi, Ian (2758), 1-0",
            "NN – Öst, Åke, remi",
            "CARLSEN MAGNUS NORWAY – SO WESLEY USA",
            "Bord 12: van Foreest, Jorden – Giri, Anish, 0-1",
            "§ 3 – 5 maj 2024",
            "a\u{ad}b – x/y",
        ] {
            let text = pieces(text);
            let made = Writer::default()
                .made_heading(&text, &options)
                .expect("a heading every character of which has a rule");
            for (wanted, after_heading) in [(false, 0), (true, 0), (true, 1)] {
                let (mut a, mut b) = (Writer::default(), Writer::default());
                for w in [&mut a, &mut b] {
                    w.contents.wanted = wanted;
                    w.after_heading = after_heading;
                }
                let (mut out_a, mut out_b) = (Vec::new(), Vec::new());
                let node = Node::Heading {
                    level: 2,
                    text: text.clone(),
                };
                a.node(&node, &options, &mut out_a, &mut |w| panic!("{w:?}"));
                b.made_heading_node(
                    2,
                    &made,
                    #[cfg(debug_assertions)]
                    Some(&text),
                    &options,
                    &mut out_b,
                );
                assert_eq!(format!("{out_a:?}"), format!("{out_b:?}"), "{text:?}");
                let entries = |w: &Writer| -> Vec<String> {
                    w.contents
                        .found
                        .clone()
                        .into_kept()
                        .iter()
                        .map(|e| format!("{e:?}"))
                        .collect()
                };
                assert_eq!(entries(&a), entries(&b), "{text:?}");
                assert_eq!(entries(&a).len(), usize::from(wanted));
            }
        }
    }

    /// What the writer that lays a heading out must say or make itself is not made ahead: a
    /// character with no rule (its warning), a note's number (the entry without it).
    #[test]
    fn headings_with_a_warning_or_a_note_number_are_not_made_ahead() {
        let options = Options::default();
        let mut w = Writer::default();
        assert!(w.made_heading(&pieces("Zo \u{416}u"), &options).is_none());
        let number = format!("{}1", tables::NUMBER_BREAK);
        assert!(
            w.made_heading(&pieces(&format!("Ask {number}")), &options)
                .is_none()
        );
        assert!(w.made_heading(&pieces("Ask – Bo"), &options).is_some());
    }
}
