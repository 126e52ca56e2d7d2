//! The front of a book: its title page and each volume's (`templates/titelsida.txt`), and the
//! contents list with its braille page numbers.

use super::{
    CONTENTS_CONTINUED, CONTENTS_HEADING, Entry, NEST_INDENT, VolumeTitle, Writer, report_unmapped,
};
use crate::braille::block::{Block, Paragraph, Seam};
use crate::braille::text::{self, Unmapped};
use crate::document::{Emphasis, Inline, Piece, Pos};
use crate::error::{Diagnostic, Warning};
use crate::settings::{Moves, Notation, Options};

/// The title page template (see the file for its fields).
const TITLE_PAGE: &str = include_str!("../../../templates/titelsida.txt");

/// Words for the title page's `{notation}` and `{moves}` fields.
const NOTATION_WORDS: &[(Notation, &str)] = &[
    (Notation::Ordinary, "ordinär schacknotation"),
    (Notation::Compact, "kompakt schacknotation"),
];
const MOVES_WORDS: &[(Moves, &str)] = &[
    (Moves::Short, "kort algebraisk"),
    (Moves::Long, "lång algebraisk"),
];

/// The words a title page's notation line begins with (`Schacknotation: `, the fixed text of
/// `templates/titelsida.txt` before its first field): `read` knows a title page by them.
pub(crate) fn title_page_mark() -> &'static str {
    TITLE_PAGE
        .lines()
        .find(|l| !l.starts_with('%') && l.contains("{notation}"))
        .and_then(|l| l.split('{').next())
        .filter(|m| !m.trim().is_empty())
        .unwrap_or("Schacknotation: ")
}

/// How much further in than its entry's first line a contents entry's wrapped lines go (two
/// steps: more than the next level's entries).
const CONTENTS_WRAP: usize = 2 * NEST_INDENT;

impl VolumeTitle {
    /// The words of the title page's `{volume}`, `{braille_pages}` and `{print_pages}`
    /// fields; empty (their lines left out) when the book is one volume.
    fn words(&self) -> (String, String, String) {
        if self.of < 2 {
            return Default::default();
        }
        let range = |a: &str, b: &str| match a == b {
            true => a.to_owned(),
            false => format!("{a}–{b}"),
        };
        let (first, last) = self.pages;
        (
            format!("{} av {}", self.number, self.of),
            range(&first.to_string(), &last.to_string()),
            self.print
                .as_ref()
                .map_or_else(String::new, |(a, b)| range(a, b)),
        )
    }
}

impl Writer {
    /// The title page of a volume (the title page's template with the book's title and author
    /// and the volume's pages), ending with its page break. The title and author were checked
    /// on the book's own title page: nothing is warned here.
    pub(crate) fn volume_title_page(
        title: Option<&str>,
        author: Option<&str>,
        volume: VolumeTitle,
        options: &Options,
    ) -> Vec<Block> {
        let inline = |text: Option<&str>| {
            text.map(|t| {
                vec![Piece {
                    text: t.to_owned(),
                    emphasis: Emphasis::None,
                    at: Pos { line: 1, column: 1 },
                }]
            })
        };
        let mut writer = Writer {
            volume: Some(volume),
            ..Writer::default()
        };
        let mut out = Vec::new();
        writer.title_page(
            inline(title).as_ref(),
            inline(author).as_ref(),
            options,
            &mut out,
            &mut |_| {},
        );
        out
    }

    /// The heading of a contents list where it goes on in the next volume, after that
    /// volume's title page: `Innehåll, forts.` (issue 31), as the list's own heading stands.
    pub(crate) fn contents_continued() -> Vec<Block> {
        let mut writer = Writer::default();
        let mut out = Vec::new();
        let text = writer.plain(&format!("{CONTENTS_HEADING}{CONTENTS_CONTINUED}"));
        writer.heading(1, &text, None, &mut out, &mut |_| {});
        out
    }

    pub(super) fn title_page(
        &mut self,
        title: Option<&Inline>,
        author: Option<&Inline>,
        options: &Options,
        out: &mut Vec<Block>,
        warn: &mut dyn FnMut(Warning),
    ) {
        fn value(p: Option<&Inline>) -> String {
            let text: String = p.into_iter().flatten().map(|p| p.text.as_str()).collect();
            text.trim().to_owned()
        }
        let (title_text, author_text) = (value(title), value(author));
        let volume = self.volume.take().unwrap_or_default();
        let (number, pages, print) = volume.words();
        let fields: [(&str, &str, Option<&Inline>); 7] = [
            ("{title}", &title_text, title),
            ("{author}", &author_text, author),
            ("{notation}", word(NOTATION_WORDS, options.notation), None),
            ("{moves}", word(MOVES_WORDS, options.moves), None),
            ("{volume}", &number, None),
            ("{braille_pages}", &pages, None),
            ("{print_pages}", &print, None),
        ];
        let mut blanks = 0;
        for line in TITLE_PAGE.lines().filter(|l| !l.starts_with('%')) {
            if line.trim().is_empty() {
                blanks += 1;
                continue;
            }
            let mut text = line.to_string();
            let mut empty_field = false;
            let mut source = None;
            for (field, value, piece) in fields {
                if text.contains(field) {
                    empty_field |= value.is_empty();
                    text = text.replace(field, value);
                    source = source.or(piece);
                }
            }
            if empty_field {
                continue;
            }
            self.cells.clear();
            self.unmapped.clear();
            text::translate(&text, &mut self.cells, &mut self.unmapped);
            // At the character in the front matter value it comes from.
            let mut place = |u: &Unmapped| {
                source
                    .into_iter()
                    .flatten()
                    .find_map(|p| {
                        let i = p.text.find(u.ch)?;
                        Some(p.at.plus(p.text.get(..i)?.chars().count()))
                    })
                    .unwrap_or(Pos { line: 1, column: 1 })
                    .in_file(&self.file)
            };
            report_unmapped(&self.unmapped, &mut place, warn);
            let mut p = Paragraph::new(0, NEST_INDENT);
            p.push_text(&self.cells);
            p.blank_before = std::mem::take(&mut blanks);
            p.blank_before_at_top = true;
            self.push(Block::Paragraph(p), out);
        }
        out.push(Block::RectoBreak);
        self.after_blank = true;
        self.after_heading = 0;
    }

    /// The contents list: a main heading, then each heading of the pass before, sub-headings
    /// two cells further in, its braille page number right-aligned at the end of its last
    /// line; the book goes on on a new page.
    pub(super) fn contents_list(
        &mut self,
        options: &Options,
        out: &mut Vec<Block>,
        warn: &mut dyn FnMut(Warning),
        laid: &mut dyn FnMut(&mut Vec<Block>),
    ) {
        self.contents.written = true;
        if self.contents.known.is_empty() {
            // The pass before found no heading (the first pass finds them; it warns nothing).
            warn(Warning(Diagnostic::new(
                crate::error::Location {
                    file: self.file.clone(),
                    line: 1,
                    column: 1,
                },
                format!(
                    "the contents list is empty: no headings down to level {}",
                    options.toc_depth
                ),
            )));
        }
        let text = self.plain(CONTENTS_HEADING);
        self.heading(1, &text, None, out, &mut |_| {});
        // In a container (a marker in a list or quote), the list keeps the heading's margin.
        let margin = self.margin();
        let mut first_entry = true;
        for Entry {
            level,
            cells,
            bound,
            base,
            page,
        } in self.contents.known.entries()
        {
            if usize::from(level) > options.toc_depth {
                continue;
            }
            // A volume may end between two entries, when nothing better fits (a contents
            // list longer than a volume goes on in the next).
            if !std::mem::take(&mut first_entry) && self.frames.is_empty() {
                out.push(Block::Seam(match level {
                    1 => Seam::Contents,
                    _ => Seam::ContentsEntry,
                }));
            }
            let first = margin + NEST_INDENT * usize::from(level.saturating_sub(1));
            let mut p = Paragraph::new(first, first + CONTENTS_WRAP);
            // An entry's lines on one page: its page number is on its last line.
            p.keep_together = true;
            // (Its blanks that bind were found with the heading: not asked again in each pass.)
            p.push_text_bound(cells, bound, base);
            #[cfg(debug_assertions)]
            {
                let mut asked = Paragraph::new(first, first + CONTENTS_WRAP);
                asked.keep_together = true;
                asked.push_text(cells);
                debug_assert_eq!(format!("{p:?}"), format!("{asked:?}"), "{cells:?}");
            }
            p.end_word();
            if let Some(page) = page {
                crate::braille::page_number(page, &mut p.trailer);
            }
            out.push(Block::Paragraph(p));
            if out.len() >= CONTENTS_PART {
                laid(out);
            }
        }
        out.push(Block::RectoBreak);
        self.want_blank = false;
        self.after_blank = true;
        self.after_heading = 0;
    }
}

/// Blocks of a contents list handed to the layout at a time ([`Writer::node_laid`]).
const CONTENTS_PART: usize = 256;

/// The words of a table for a value.
fn word<K: PartialEq>(table: &[(K, &'static str)], key: K) -> &'static str {
    table
        .iter()
        .find(|(k, _)| *k == key)
        .map_or("", |(_, w)| *w)
}
