//! The HTML proof: every braille page as a box of exactly its lines (the page length, blank
//! lines included) in Unicode braille, its braille page number and the print page it comes
//! from, and beside the line where each block begins the print it was made from, with its
//! file and line. Games and diagrams are marked. One self-contained file (no script, font or
//! picture from elsewhere), for a sighted proofreader with the print book beside it. Each page's
//! box has the id `punktsida-N`: a link (`bok.html#punktsida-12`, `serve`'s error links) leads
//! to it.
//!
//! Written a page at a time: a page's lines are held until it ends (its box is filled to the
//! page length), so memory holds one page.

use std::io::{self, Write};

use quick_xml::escape::escape;

use super::{Meta, Renderer};
use crate::braille::cell::Cell;
use crate::braille::{Made, Origin};

/// The print text shown beside a line at once: a longer one's rest is one click away.
const SHOWN: usize = 160;

const STYLE: &str = "
body { font-family: sans-serif; margin: 1em; background: #f4f4f0; color: #111; }
header { margin-bottom: 1em; }
h2.volume { border-top: 3px solid #333; padding-top: .5em; }
section.page { background: #fff; border: 1px solid #888; margin: 0 0 1.2em 0; padding: .4em .6em;
  width: max-content; max-width: calc(100% - 1.2em); }
section.page h3 { font-size: 1em; margin: 0 0 .3em 0; }
section.page h3 .print { font-weight: normal; color: #555; margin-left: 1em; }
.line { display: flex; align-items: baseline; min-height: 1.25em; }
.cells { font-size: 1.75em; font-family: 'DejaVu Sans Mono', 'Noto Sans Mono', 'Noto Sans Symbols 2', monospace;
  white-space: pre; display: inline-block; line-height: 1.25em; border-right: 1px dotted #bbb;
  box-sizing: content-box; }
.line.game .cells { background: #e7f0ff; }
.line.diagram .cells { background: #fff1d6; }
.note { font-size: .9em; color: #333; margin-left: 1em; max-width: 32em; min-width: 12em;
  white-space: normal; overflow-wrap: anywhere; }
.note .at { color: #777; font-family: monospace; }
.note summary { cursor: pointer; }
.note .kind { font-weight: bold; }
";

/// The HTML proof renderer.
pub struct Html {
    meta: Meta,
    started: bool,
    /// The page's lines so far: cells as Unicode braille, what the line is part of, the notes
    /// of the blocks that begin on it.
    lines: Vec<(String, Option<Made>, Vec<Origin>)>,
    /// What the lines are part of (the last block begun), and the notes for the next line.
    current: Option<Made>,
    notes: Vec<Origin>,
    page: u32,
    /// The print page in force where this page began, and the last one begun on it.
    print: Option<String>,
    print_at_start: Option<String>,
    volume: u32,
}

impl Html {
    pub fn new(meta: Meta) -> Self {
        Html {
            meta,
            started: false,
            lines: Vec::new(),
            current: None,
            notes: Vec::new(),
            page: 0,
            print: None,
            print_at_start: None,
            volume: 1,
        }
    }

    fn start(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.started {
            return Ok(());
        }
        self.started = true;
        let title = self.meta.title.as_deref().unwrap_or("");
        writeln!(out, "<!DOCTYPE html>")?;
        writeln!(out, "<html lang=\"sv\">")?;
        writeln!(out, "<head>")?;
        writeln!(out, "<meta charset=\"utf-8\">")?;
        writeln!(out, "<title>Korrektur: {}</title>", escape(title))?;
        writeln!(out, "<style>{STYLE}</style>")?;
        writeln!(out, "</head>")?;
        writeln!(
            out,
            "<body data-cols=\"{}\" data-rows=\"{}\">",
            self.meta.cols, self.meta.rows
        )?;
        writeln!(out, "<header>")?;
        writeln!(out, "<h1>Korrektur: {}</h1>", escape(title))?;
        let mut about = Vec::new();
        if let Some(author) = &self.meta.author {
            about.push(escape(author).into_owned());
        }
        about.push(format!(
            "{} tecken × {} rader",
            self.meta.cols, self.meta.rows
        ));
        if self.meta.duplex {
            about.push("båda sidor av bladet".into());
        }
        writeln!(out, "<p>{}</p>", about.join(" · "))?;
        writeln!(
            out,
            "<p>Varje ruta är en punktsida med alla sina rader. Bredvid raden där ett block \
             börjar står texten det är gjort av, med fil och rad. Partier och diagram är \
             färgade.</p>"
        )?;
        writeln!(out, "</header>")
    }

    /// The note beside a line: each block that begins on it.
    fn note(origins: &[Origin]) -> String {
        let mut note = String::new();
        for (i, o) in origins.iter().enumerate() {
            if i > 0 {
                note.push_str(" · ");
            }
            // The file's name: its folder is the book's, and the same on every line.
            let file = std::path::Path::new(&o.file)
                .file_name()
                .map_or_else(|| o.file.clone(), |f| f.to_string_lossy().into_owned());
            let at = match o.line {
                0 => file,
                n => format!("{file}:{n}"),
            };
            let head = format!(
                "<span class=\"at\">{}</span> <span class=\"kind\">{}</span>",
                escape(&at),
                o.kind.word(),
            );
            // A long text: its beginning, and the rest one click away (every word readable
            // without a pointer held over it, and the page box no taller than its lines).
            match o.text.char_indices().nth(SHOWN) {
                Some((cut, _)) => note.push_str(&format!(
                    "<details><summary>{head} {}…</summary>{}</details>",
                    escape(&o.text[..cut]),
                    escape(&o.text[cut..])
                )),
                None => note.push_str(&format!("{head} {}", escape(&o.text))),
            }
        }
        note
    }

    /// The print text of the blocks beginning on a line, whole.
    fn title(origins: &[Origin]) -> String {
        let texts: Vec<String> = origins
            .iter()
            .map(|o| format!("{}: {}", o.kind.word(), o.text))
            .collect();
        texts.join("\n")
    }

    fn write_page(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.start(out)?;
        self.page += 1;
        let print = match (&self.print_at_start, &self.print) {
            (Some(a), Some(b)) if a != b => format!("trycksida {a}–{b}"),
            (_, Some(b)) => format!("trycksida {b}"),
            _ => String::new(),
        };
        writeln!(
            out,
            "<section class=\"page\" id=\"punktsida-{}\" data-page=\"{}\" data-volume=\"{}\">",
            self.page, self.page, self.volume
        )?;
        writeln!(
            out,
            "<h3>Punktsida {}<span class=\"print\">{}</span></h3>",
            self.page,
            escape(&print)
        )?;
        // The box holds the page length in lines: the empty ones after the last line too.
        let rows = self.lines.len().max(self.meta.rows);
        let lines = std::mem::take(&mut self.lines);
        for i in 0..rows {
            let (cells, made, origins) = match lines.get(i) {
                Some((c, m, o)) => (c.as_str(), *m, o.as_slice()),
                None => ("", None, &[][..]),
            };
            let class = match made {
                Some(Made::Game) => " game",
                Some(Made::Diagram) => " diagram",
                _ => "",
            };
            let note = match origins {
                [] => String::new(),
                // Wrapped beside its line, a long text's rest behind a click; the whole text
                // also when pointed at.
                o => format!(
                    "<div class=\"note\" title=\"{}\">{}</div>",
                    escape(Html::title(o)),
                    Html::note(o)
                ),
            };
            // Filled to the line length with blank cells: the box is the page's cells.
            let fill = self.meta.cols.saturating_sub(cells.chars().count());
            let blanks = "\u{2800}".repeat(fill);
            writeln!(
                out,
                "<div class=\"line{class}\"><span class=\"cells\">{cells}{blanks}</span>{note}</div>"
            )?;
        }
        writeln!(out, "</section>")?;
        self.print_at_start = self.print.clone();
        Ok(())
    }
}

impl Renderer for Html {
    fn line(&mut self, out: &mut dyn Write, cells: &[Cell]) -> io::Result<()> {
        self.start(out)?;
        let row: String = cells.iter().map(|c| c.to_unicode()).collect();
        let notes = std::mem::take(&mut self.notes);
        self.lines.push((row, self.current, notes));
        Ok(())
    }

    fn end_page(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.write_page(out)
    }

    fn origin(&mut self, _out: &mut dyn Write, origin: &Origin) -> io::Result<()> {
        if origin.kind == Made::PrintPage {
            self.print = Some(origin.text.clone());
            // (Nothing of the page before it but blank lines and the page number's line: the
            // page begins with this print page.)
            let blank = |row: &str| row.chars().all(|c| c == '\u{2800}');
            let number = |row: &str| {
                let text = row.trim_start_matches('\u{2800}');
                text.len() < row.len() && text.starts_with('⠼') && !text.contains('\u{2800}')
            };
            let before_it =
                |(k, (row, _, _)): (usize, &(String, _, _))| blank(row) || (k == 0 && number(row));
            if self.lines.iter().enumerate().all(before_it) {
                self.print_at_start = self.print.clone();
            }
        }
        self.current = Some(origin.kind);
        self.notes.push(origin.clone());
        Ok(())
    }

    fn new_volume(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.start(out)?;
        self.volume += 1;
        writeln!(out, "<h2 class=\"volume\">Volym {}</h2>", self.volume)
    }

    fn finish(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.start(out)?;
        // Lines after the last page end (a document without pages): one box.
        if !self.lines.is_empty() {
            self.write_page(out)?;
        }
        writeln!(out, "</body>")?;
        writeln!(out, "</html>")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn origin(kind: Made, line: u32, text: &str) -> Origin {
        Origin {
            file: "bok.md".into(),
            line,
            kind,
            text: text.into(),
        }
    }

    #[test]
    fn a_page_is_a_box_of_the_page_length_with_notes_where_blocks_begin() {
        let mut html = Html::new(Meta {
            title: Some("A & B".into()),
            cols: 12,
            rows: 4,
            ..Meta::default()
        });
        let mut out = Vec::new();
        let cell = [Cell::dots("1")];
        html.origin(&mut out, &origin(Made::PrintPage, 3, "12"))
            .unwrap_or_default();
        html.origin(&mut out, &origin(Made::Paragraph, 4, "Ett <stycke>"))
            .unwrap_or_default();
        html.line(&mut out, &cell).unwrap_or_default();
        html.origin(&mut out, &origin(Made::Game, 9, "Anna – Bo"))
            .unwrap_or_default();
        html.line(&mut out, &cell).unwrap_or_default();
        html.end_page(&mut out).unwrap_or_default();
        html.finish(&mut out).unwrap_or_default();
        let text = String::from_utf8(out).unwrap_or_default();
        assert_eq!(text.matches("<div class=\"line").count(), 4);
        assert!(text.contains("<title>Korrektur: A &amp; B</title>"));
        assert!(text.contains("trycksida 12"));
        assert!(text.contains("<section class=\"page\" id=\"punktsida-1\" data-page=\"1\""));
        assert!(
            text.contains("bok.md:4</span> <span class=\"kind\">stycke</span> Ett &lt;stycke&gt;")
        );
        let blanks = "⠀".repeat(11);
        assert!(text.contains(&format!(
            "<div class=\"line game\"><span class=\"cells\">⠁{blanks}</span>"
        )));
        assert!(!text.contains("http"), "self-contained");
    }

    /// A page whose first line after its number is a print page change holds that print page
    /// alone (it was labelled with the page before too, `trycksida 5–6`); one whose text
    /// begins before the change holds both.
    #[test]
    fn a_page_that_begins_with_a_print_page_change_holds_that_page_alone() {
        let mut html = Html::new(Meta {
            cols: 12,
            rows: 4,
            ..Meta::default()
        });
        let mut out = Vec::new();
        let number = [
            Cell::BLANK,
            Cell::BLANK,
            Cell::dots("3456"),
            Cell::dots("1"),
        ];
        let text = [Cell::dots("1")];
        for (page, before) in [("5", false), ("6", false), ("7", true)] {
            html.line(&mut out, &number).unwrap_or_default();
            if before {
                html.line(&mut out, &text).unwrap_or_default();
            }
            html.origin(&mut out, &origin(Made::PrintPage, 1, page))
                .unwrap_or_default();
            html.line(&mut out, &text).unwrap_or_default();
            html.end_page(&mut out).unwrap_or_default();
        }
        html.finish(&mut out).unwrap_or_default();
        let text = String::from_utf8(out).unwrap_or_default();
        let labels: Vec<&str> = text
            .split("<span class=\"print\">")
            .skip(1)
            .filter_map(|s| s.split('<').next())
            .collect();
        assert_eq!(labels, ["trycksida 5", "trycksida 6", "trycksida 6–7"]);
    }
}
