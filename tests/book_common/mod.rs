//! Shared helpers of the `book_*` tests: a book transcribed into pages of Unicode braille.

#![allow(dead_code)]

use schackpunkt::braille::cell::Cell;
use schackpunkt::braille::text;
pub use schackpunkt::document::frontmatter::Settings;
use schackpunkt::document::markdown::transcribe_markdown;
use schackpunkt::layout::LineSink;

/// Pages of lines (Unicode braille); without pages, one page.
#[derive(Default)]
pub struct Pages {
    pub pages: Vec<Vec<String>>,
    open: Vec<String>,
}

impl LineSink for Pages {
    fn line(&mut self, cells: &[Cell]) -> std::io::Result<()> {
        self.open
            .push(cells.iter().map(|c| c.to_unicode()).collect());
        Ok(())
    }
    fn end_page(&mut self) -> std::io::Result<()> {
        self.pages.push(std::mem::take(&mut self.open));
        Ok(())
    }
}

pub struct Built {
    pub pages: Vec<Vec<String>>,
    /// Whether the last page ended with a page end.
    pub ended: bool,
    pub warnings: Vec<String>,
}

impl Built {
    /// Every line, pages joined.
    pub fn lines(&self) -> Vec<String> {
        self.pages.iter().flatten().cloned().collect()
    }
}

/// Transcribes a book; `Err` holds the error message.
pub fn build(md: &str, settings: Settings) -> Result<Built, String> {
    let mut warnings = Vec::new();
    let sink = transcribe_markdown("bok.md", md, &settings, Pages::default(), &mut |w| {
        warnings.push(w.to_string())
    })
    .map_err(|e| e.to_string())?;
    let mut pages = sink.pages;
    let ended = sink.open.is_empty();
    if !ended {
        pages.push(sink.open);
    }
    Ok(Built {
        pages,
        ended,
        warnings,
    })
}

/// A book's body without pages, page numbers or title page: its lines.
pub fn body(md: &str) -> Vec<String> {
    let settings = Settings {
        page_length: Some(0),
        ..Settings::default()
    };
    match build(md, settings) {
        Ok(b) => b.lines(),
        Err(e) => vec![format!("error: {e}")],
    }
}

/// The Unicode braille of a text under the text rules.
pub fn braille(s: &str) -> String {
    let mut cells = Vec::new();
    let mut unmapped = Vec::new();
    text::translate(s, &mut cells, &mut unmapped);
    cells.iter().map(|c| c.to_unicode()).collect()
}

/// Settings with a line and page length and no title page influence.
pub fn geometry(line: usize, page: usize) -> Settings {
    Settings {
        line_length: Some(line),
        page_length: Some(page),
        ..Settings::default()
    }
}

/// The braille page number of `n` (number sign and digits), right-aligned in `width` cells.
pub fn number_line(n: usize, width: usize) -> String {
    const DIGITS: [char; 10] = ['⠚', '⠁', '⠃', '⠉', '⠙', '⠑', '⠋', '⠛', '⠓', '⠊'];
    let mut s: String = n
        .to_string()
        .bytes()
        .map(|b| DIGITS[usize::from(b - b'0')])
        .collect();
    s.insert(0, '⠼');
    let pad = width.saturating_sub(s.chars().count());
    format!("{}{s}", "⠀".repeat(pad))
}

/// Words (runs of non-blank cells) of lines, in order.
pub fn words<'a>(lines: impl IntoIterator<Item = &'a String>) -> Vec<String> {
    lines
        .into_iter()
        .flat_map(|l| l.split('⠀').filter(|w| !w.is_empty()))
        .map(str::to_string)
        .collect()
}

pub fn sample() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/damoffret.md"))
        .unwrap_or_default()
}
