//! Prose in braille: inline text translated (the characters with no rule reported where they
//! stand), paragraphs, headings, print page lines, images, table rows and code.

use super::{
    CELL_SEPARATOR, EMPTY_CELL, HEADING_BLANKS, IMAGE_WORD, MAIN_HEADING_BLANKS, NEST_INDENT,
    PARAGRAPH_INDENT, PASSAGE_FILL, PRINT_PAGE_FILL, Places, Writer, report_unmapped,
};
use crate::braille::block::{Block, Paragraph, Rule};
use crate::braille::tables;
use crate::braille::text::{self, Unmapped};
use crate::chess::letters::{SwedishMoves, moves_to_swedish};
use crate::document::{Emphasis, Inline, Opening, Piece, Pos};
use crate::error::Warning;

impl Writer {
    /// Translates inline text into `self.cells`, reporting characters with no rule at their
    /// place.
    fn translate(&mut self, pieces: &[Piece], warn: &mut dyn FnMut(Warning)) {
        self.translate_as(pieces, false, warn);
    }

    /// [`Writer::translate`]; with `by_words`, a text without emphasis goes a word at a time
    /// where that gives the same cells, from the words kept ([`text::WordCache::words`]): true
    /// when its cells are then words for [`text::WordCache::push_cells`].
    pub(super) fn translate_as(
        &mut self,
        pieces: &[Piece],
        by_words: bool,
        warn: &mut dyn FnMut(Warning),
    ) -> bool {
        self.cells.clear();
        self.unmapped.clear();
        // Another language's piece letters become Swedish ones, letter for letter: places
        // stay.
        let texts: Vec<SwedishMoves<'_>> = pieces
            .iter()
            .map(|p| match self.letters {
                Some(lang) => moves_to_swedish(&p.text, lang),
                None => SwedishMoves::unchanged(&p.text),
            })
            .collect();
        let spans: Vec<(&str, Emphasis)> = texts
            .iter()
            .zip(pieces)
            .map(|(t, p)| (t.text.as_ref(), p.emphasis))
            .collect();
        // An offset in the pieces' text as translated, in their text as written (they differ
        // after a piece letter of two bytes).
        let to_source = |offset: usize| {
            let (mut translated, mut written) = (0, 0);
            for (t, p) in texts.iter().zip(pieces) {
                if offset < translated + t.text.len() {
                    return written + t.source_offset(offset - translated);
                }
                translated += t.text.len();
                written += p.text.len();
            }
            written + (offset - translated)
        };
        let mut one_word = None;
        if by_words && spans.iter().all(|&(_, e)| e == Emphasis::None) {
            // (The pieces read as one text: without emphasis, as their text joined. A heading
            // has none, the document drops it; the question keeps this right for any text.)
            self.joined.clear();
            self.joined.extend(spans.iter().map(|&(t, _)| t));
            one_word = self
                .words
                .words(&self.joined, &mut self.cells, &mut self.unmapped);
        }
        match one_word {
            // (A text a word at a time has no soft hyphen.)
            Some(_) => self.soft_hyphens.clear(),
            None => {
                self.soft_hyphens =
                    text::translate_spans(&spans, &mut self.cells, &mut self.unmapped)
            }
        }
        // The piece that holds each character (they come in order), where that piece starts
        // in the text, and the places counted in it so far.
        let mut piece = 0;
        let mut piece_start = 0;
        let mut places = Places::new(pieces.first().map_or("", |p| p.text.as_str()));
        let mut place = |u: &Unmapped| {
            let offset = to_source(u.offset);
            if offset < piece_start {
                (piece, piece_start) = (0, 0);
                places = Places::new(pieces.first().map_or("", |p| p.text.as_str()));
            }
            while let Some(p) = pieces.get(piece)
                && offset >= piece_start + p.text.len()
            {
                piece_start += p.text.len();
                piece += 1;
                places = Places::new(pieces.get(piece).map_or("", |p| p.text.as_str()));
            }
            let at = match pieces.get(piece) {
                Some(p) => places.at(offset - piece_start, p.at),
                None => pieces.last().map(|p| p.at).unwrap_or_default(),
            };
            at.in_file(&self.file)
        };
        report_unmapped(&self.unmapped, &mut place, warn);
        one_word == Some(true)
    }

    pub(super) fn paragraph(
        &mut self,
        text: &Inline,
        opening: Opening,
        broken: bool,
        out: &mut Vec<Block>,
        warn: &mut dyn FnMut(Warning),
    ) {
        self.translate(text, warn);
        let margin = self.margin();
        // The lines of a hard-broken paragraph start at the margin; a wrap goes further in.
        // A list item's first paragraph starts with its marker; a further paragraph of the
        // item is indented as any paragraph is, so that it can be told from a wrap.
        let after_break = opening == Opening::AfterBreak;
        let wrap = if after_break || broken {
            NEST_INDENT
        } else {
            0
        };
        let (first, rest) = if self.marker.is_some() {
            (margin.saturating_sub(NEST_INDENT), margin + wrap)
        } else if opening != Opening::Indented {
            (margin, margin + wrap)
        } else {
            (margin + PARAGRAPH_INDENT, margin + wrap)
        };
        let mut p = Paragraph::new(first, rest);
        if let Some(marker) = self.marker.take() {
            p.push(&marker);
            p.end_word_glued();
        }
        p.push_text_cut(&self.cells, &self.soft_hyphens);
        p.end_word();
        if p.word_count() > 0 {
            self.push(Block::Paragraph(p), out);
        }
    }

    /// A heading; `mark`: its number in the contents list. With a mark, the writer's cells
    /// are then its entry's (the heading without its notes' numbers), and it returns `true`.
    pub(super) fn heading(
        &mut self,
        level: u8,
        text: &Inline,
        mark: Option<u32>,
        out: &mut Vec<Block>,
        warn: &mut dyn FnMut(Warning),
    ) -> bool {
        // A heading that begins a list item follows its marker with no blank lines between.
        let after_marker = self.marker.is_some();
        self.marker_alone(out);
        let words = self.translate_as(text, true, warn);
        self.heading_laid(level, words, after_marker, mark, out);
        // The contents entry: the heading without its notes' numbers.
        if mark.is_some()
            && text
                .iter()
                .any(|p| p.text.starts_with(tables::NUMBER_BREAK))
        {
            let without: Inline = text
                .iter()
                .filter(|p| !p.text.starts_with(tables::NUMBER_BREAK))
                .cloned()
                .collect();
            self.translate(&without, &mut |_| {});
        }
        mark.is_some()
    }

    /// The paragraph of a heading whose cells the writer holds (`words`: made a word at a
    /// time, with the words kept), into `out`.
    pub(super) fn heading_laid(
        &mut self,
        level: u8,
        words: bool,
        after_marker: bool,
        mark: Option<u32>,
        out: &mut Vec<Block>,
    ) {
        let margin = self.margin();
        let mut p = Paragraph::new(margin, margin);
        self.words
            .push_cells(&self.cells, &mut p, words, &self.soft_hyphens);
        p.end_word();
        let main = level == 1;
        p.blank_before = if after_marker {
            0
        } else if main {
            MAIN_HEADING_BLANKS
        } else {
            HEADING_BLANKS
        };
        p.blank_before = p.blank_before.saturating_sub(self.after_heading);
        p.blank_before_at_top = main;
        p.blank_after = 1;
        p.keep_with_next = true;
        p.mark = mark;
        self.want_blank = false;
        self.after_heading = p.blank_after;
        out.push(Block::Paragraph(p));
        self.after_blank = true;
    }

    /// Text of the program's own (a heading it adds) as inline text.
    pub(super) fn plain(&self, text: &str) -> Inline {
        vec![Piece {
            text: text.to_owned(),
            emphasis: Emphasis::None,
            at: Pos { line: 1, column: 1 },
        }]
    }

    /// A print page change: a full line of dots 25 with the print page number (rules.md §8),
    /// kept with what follows it.
    pub(super) fn print_page(
        &mut self,
        number: &str,
        at: Pos,
        out: &mut Vec<Block>,
        warn: &mut dyn FnMut(Warning),
    ) {
        let piece = vec![Piece {
            text: number.to_owned(),
            emphasis: Emphasis::None,
            at,
        }];
        self.translate(&piece, warn);
        let rule = Rule {
            fill: PRINT_PAGE_FILL,
            label: self.cells.clone(),
            keep_with_next: true,
            print_page: Some(number.into()),
        };
        self.push(Block::Rule(rule), out);
    }

    /// An image: a set-off passage named `bild` (rules.md §8, MTM 9.6): a full line of dots
    /// 2356 naming it, the alt text and the title indented two cells, a full line of dots
    /// 2356; a blank line before and after. With neither alt text nor title, its address.
    pub(super) fn image(
        &mut self,
        alt: &Inline,
        title: &Inline,
        address: &Inline,
        out: &mut Vec<Block>,
        warn: &mut dyn FnMut(Warning),
    ) {
        let mut word = Vec::new();
        text::translate(IMAGE_WORD, &mut word, &mut Vec::new());
        self.want_blank = true;
        self.push(
            Block::Rule(Rule {
                fill: PASSAGE_FILL,
                label: word,
                keep_with_next: true,
                print_page: None,
            }),
            out,
        );
        let has = |t: &Inline| t.iter().any(|p| !p.text.trim().is_empty());
        let texts: Vec<&Inline> = match (has(alt), has(title)) {
            (false, false) => vec![address],
            (true, true) => vec![alt, title],
            (true, false) => vec![alt],
            (false, true) => vec![title],
        };
        let margin = self.margin() + NEST_INDENT;
        for text in texts {
            self.translate(text, warn);
            let mut p = Paragraph::new(margin, margin);
            p.push_text_cut(&self.cells, &self.soft_hyphens);
            p.end_word();
            if p.word_count() > 0 {
                self.push(Block::Paragraph(p), out);
            }
        }
        self.push(
            Block::Rule(Rule {
                fill: PASSAGE_FILL,
                label: Vec::new(),
                keep_with_next: false,
                print_page: None,
            }),
            out,
        );
        self.want_blank = true;
    }

    pub(super) fn table_row(
        &mut self,
        cells: &[Inline],
        out: &mut Vec<Block>,
        warn: &mut dyn FnMut(Warning),
    ) {
        let mut pieces: Inline = Vec::new();
        for (i, cell) in cells.iter().enumerate() {
            let at = cell.first().map(|p| p.at).unwrap_or_default();
            let mark = |text: &str| Piece {
                text: text.to_owned(),
                emphasis: Emphasis::None,
                at,
            };
            if i > 0 {
                pieces.push(mark(CELL_SEPARATOR));
            }
            if cell.iter().all(|p| p.text.trim().is_empty()) {
                pieces.push(mark(EMPTY_CELL));
            } else {
                pieces.extend(cell.iter().cloned());
            }
        }
        self.translate(&pieces, warn);
        let margin = self.margin();
        let mut p = Paragraph::new(margin, margin + NEST_INDENT);
        p.push_text_cut(&self.cells, &self.soft_hyphens);
        p.end_word();
        self.push(Block::Paragraph(p), out);
    }

    pub(super) fn code(
        &mut self,
        lines: &[(String, Pos)],
        out: &mut Vec<Block>,
        warn: &mut dyn FnMut(Warning),
    ) {
        self.want_blank = true;
        let margin = self.margin();
        for (line, at) in lines {
            if line.trim().is_empty() {
                self.push(Block::Blank, out);
                continue;
            }
            self.cells.clear();
            self.unmapped.clear();
            text::translate(line, &mut self.cells, &mut self.unmapped);
            let mut places = Places::new(line);
            let mut place = |u: &Unmapped| places.at(u.offset, *at).in_file(&self.file);
            report_unmapped(&self.unmapped, &mut place, warn);
            // The line's own indent stays (a tab to the next multiple of four), and a line
            // that must wrap goes on two cells further in.
            let mut lead = 0;
            for c in line.chars() {
                match c {
                    ' ' => lead += 1,
                    '\t' => lead += 4 - lead % 4,
                    _ => break,
                }
            }
            let mut p = Paragraph::new(margin + lead, margin + lead + NEST_INDENT);
            p.push_text(&self.cells);
            p.end_word();
            if p.word_count() > 0 {
                self.push(Block::Paragraph(p), out);
            }
        }
        self.want_blank = true;
    }
}
