//! Braille as it comes in: Unicode braille text or BRF in one of our tables, into lines of
//! cells with their places (file line, braille page, line of the page).

use crate::braille::Cell;
use crate::braille::tables::NUMBER_SIGN;
use crate::error::{Diagnostic, Error, Location, Result};
use crate::output::tables;
use crate::settings::BrfTable;

/// One line of braille.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    /// The line of the file (1-based).
    pub number: u32,
    /// The braille page (1-based: pages end with a form feed).
    pub page: u32,
    pub cells: Vec<Cell>,
}

impl Line {
    /// Where a page number stands on this line: a number with its number sign that ends the
    /// line, set apart by at least three blanks (the layout's page number line; the moves of
    /// compact notation have no number sign).
    pub(crate) fn page_number(&self) -> Option<usize> {
        page_number(&self.cells)
    }

    /// A line of a page number alone.
    pub(crate) fn is_page_number(&self) -> bool {
        self.page_number()
            .is_some_and(|s| self.cells[..s].iter().all(|c| c.is_blank()))
    }
}

/// Where a page number stands on a line of `cells`: see [`Line::page_number`].
pub(crate) fn page_number(cells: &[Cell]) -> Option<usize> {
    let s = cells.iter().rposition(|c| c.is_blank())? + 1;
    let number = cells.get(s) == Some(&NUMBER_SIGN[0]);
    (number && s >= 3 && cells[s - 3..s].iter().all(|c| c.is_blank())).then_some(s)
}

/// Where the lines of a braille file go as they are read: each line, with its place, as it
/// ends (its cells lent: a sink that keeps them copies them).
pub(crate) trait LineSink {
    fn line(&mut self, place: Place, cells: &[Cell]);
}

/// A line's place: the line of the file (1-based) and the braille page.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Place {
    pub number: u32,
    pub page: u32,
}

impl LineSink for Vec<Line> {
    fn line(&mut self, place: Place, cells: &[Cell]) {
        self.push(Line {
            number: place.number,
            page: place.page,
            cells: cells.to_vec(),
        });
    }
}

/// The lines of a braille file: see [`read_lines`].
pub(crate) fn lines(name: &str, bytes: &[u8], table: BrfTable) -> Result<Vec<Line>> {
    // (A line a few dozen bytes: room for them at once.)
    let mut out = Vec::with_capacity(bytes.len() / 24 + 1);
    read_lines(name, bytes, table, &mut out)?;
    Ok(out)
}

/// The lines of a braille file: Unicode braille (the U+2800 block; a blank may also be a
/// space) when the bytes are UTF-8 and hold braille, else BRF in `table`. Line ends are LF,
/// CR LF or a lone CR (an old notetaker's), a form feed ends a page; a tab is a blank, and a
/// BOM is skipped. BRF in the Swedish CX table (ISO-8859-1) may come saved as UTF-8, as
/// Braille Utils writes it: read as its characters.
/// Each line goes to `sink` as it ends.
pub(crate) fn read_lines(
    name: &str,
    bytes: &[u8],
    table: BrfTable,
    sink: &mut impl LineSink,
) -> Result<()> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let latin1: Vec<u8>;
    // (Only the CX table's bytes may have come as UTF-8.)
    let as_text =
        (table == BrfTable::SvCx && !bytes.is_ascii()).then(|| std::str::from_utf8(bytes));
    let bytes = match as_text {
        Some(Ok(text)) => {
            match text
                .chars()
                .map(|c| u8::try_from(u32::from(c)).ok())
                .collect()
            {
                Some(b) => {
                    latin1 = b;
                    &latin1[..]
                }
                None => bytes,
            }
        }
        _ => bytes,
    };
    // (ASCII holds no braille character: BRF in NABCC is known at once.)
    let unicode = (!bytes.is_ascii())
        .then(|| std::str::from_utf8(bytes).ok())
        .flatten()
        .filter(|t| t.chars().any(|c| ('\u{2800}'..='\u{283f}').contains(&c)));
    let unreadable = |place: Place, column: u32, what: String| -> Error {
        Diagnostic::new(
            Location {
                file: name.to_owned(),
                line: place.number,
                column,
            },
            format!("{what} is no braille cell (braille page {})", place.page),
        )
        .with_hint(match (unicode, table) {
            (Some(_), _) => "the file is read as Unicode braille (U+2800 to U+283F)",
            (None, BrfTable::Nabcc) => {
                "the file is read as BRF in North American Braille ASCII (--table nabcc): give \
                 --table sv-cx for the Swedish CX table"
            }
            (None, BrfTable::SvCx) => {
                "the file is read as BRF in the Swedish CX table (--table sv-cx, ISO-8859-1): \
                 give --table nabcc for North American Braille ASCII"
            }
        })
        .into()
    };
    let mut lines = Gather::new(sink);
    match unicode {
        Some(text) => {
            for (i, c) in text.char_indices() {
                match c {
                    '\n' => lines.line_end(),
                    '\x0c' => lines.page_end(),
                    // CR LF is one line end, a CR alone another.
                    '\r' if text.as_bytes().get(i + 1) == Some(&b'\n') => lines.skip(),
                    '\r' => lines.line_end(),
                    '\u{feff}' => lines.skip(),
                    ' ' | '\t' => lines.cell(Cell::BLANK),
                    c => match (c as u32)
                        .checked_sub(0x2800)
                        .and_then(|b| u8::try_from(b).ok())
                        .and_then(Cell::from_bits)
                    {
                        Some(cell) => lines.cell(cell),
                        None => {
                            return Err(unreadable(lines.place, lines.column, format!("'{c}'")));
                        }
                    },
                }
            }
        }
        None => {
            let table = tables::bytes(table);
            let mut cell_of = [None; 256];
            for (bits, &byte) in table.iter().enumerate() {
                cell_of[usize::from(byte)] = u8::try_from(bits).ok().and_then(Cell::from_bits);
                // Braille ASCII is read in either case.
                cell_of[usize::from(byte.to_ascii_lowercase())] = cell_of[usize::from(byte)];
            }
            for (i, &b) in bytes.iter().enumerate() {
                // (The cells first: nearly every byte is one.)
                if let Some(cell) = cell_of[usize::from(b)] {
                    lines.cell(cell);
                    continue;
                }
                match b {
                    b'\n' => lines.line_end(),
                    b'\x0c' => lines.page_end(),
                    b'\r' if bytes.get(i + 1) == Some(&b'\n') => lines.skip(),
                    b'\r' => lines.line_end(),
                    b'\t' => lines.cell(Cell::BLANK),
                    b => {
                        let what = format!("the byte 0x{b:02x}");
                        return Err(unreadable(lines.place, lines.column, what));
                    }
                }
            }
        }
    }
    lines.finish();
    Ok(())
}

/// Lines as they are read, a symbol at a time: the place and cells of the line being read
/// (its room kept from line to line), its column, and whether a line before it ended on its
/// page; each line goes to the sink as it ends.
struct Gather<'s, S: LineSink> {
    sink: &'s mut S,
    place: Place,
    cells: Vec<Cell>,
    column: u32,
    /// A line of this page has gone to the sink.
    page_begun: bool,
}

impl<'s, S: LineSink> Gather<'s, S> {
    fn new(sink: &'s mut S) -> Gather<'s, S> {
        Gather {
            sink,
            place: Place { number: 1, page: 1 },
            // (Room for a line of an embosser's width: most lines grow no more.)
            cells: Vec::with_capacity(64),
            column: 1,
            page_begun: false,
        }
    }

    fn cell(&mut self, cell: Cell) {
        self.cells.push(cell);
        self.column += 1;
    }

    /// What is no cell and ends nothing (the CR of a CR LF, a BOM).
    fn skip(&mut self) {
        self.column += 1;
    }

    fn line_end(&mut self) {
        self.end_line(false);
        self.column = 1;
    }

    /// A form feed after a line's end ends the page; in a line, it ends both.
    fn page_end(&mut self) {
        if self.cells.is_empty() && self.page_begun {
            self.place.page += 1;
            self.page_begun = false;
        } else {
            self.end_line(true);
        }
        self.column += 1;
    }

    /// A form feed ends a page but not the file's line: the line after it has the same
    /// number.
    fn end_line(&mut self, page_end: bool) {
        self.sink.line(self.place, &self.cells);
        self.cells.clear();
        let place = self.place;
        self.place = Place {
            number: place.number + u32::from(!page_end),
            page: place.page + u32::from(page_end),
        };
        self.page_begun = !page_end;
    }

    fn finish(self) {
        if !self.cells.is_empty() {
            self.sink.line(self.place, &self.cells);
        }
    }
}

/// The braille of a PEF file as Unicode braille text: each `row` a line, each `page` ending
/// with a form feed. `None` when the bytes are no PEF.
pub(crate) fn pef_text(name: &str, bytes: &[u8]) -> Option<Result<String>> {
    // A PEF in UTF-16 (with its byte-order mark) is read as the same text in UTF-8 (issue
    // 32: it was read as BRF, "'<' is no braille cell").
    let decoded;
    let bytes = match encoding_rs::Encoding::for_bom(bytes) {
        Some((encoding, _)) if encoding != encoding_rs::UTF_8 => {
            decoded = encoding.decode_with_bom_removal(bytes).0.into_owned();
            decoded.as_bytes()
        }
        _ => bytes,
    };
    let head = &bytes[..bytes.len().min(4096)];
    let found = |b: &[u8]| b.windows(4).any(|w| w == b"<pef");
    if !found(head) {
        // XML by its first bytes (a prolog longer than the head, comments, a doctype): a PEF
        // if its root is further on, else no braille at all.
        let start = head
            .strip_prefix(b"\xef\xbb\xbf")
            .unwrap_or(head)
            .trim_ascii_start();
        let xml = [&b"<?xml"[..], b"<!--", b"<!DOCTYPE"]
            .iter()
            .any(|p| start.starts_with(p));
        if !xml {
            return None;
        }
        if !found(bytes) {
            let at = Location {
                file: name.to_string(),
                line: 1,
                column: 1,
            };
            let d = Diagnostic::new(at, "an XML file, but no PEF: it has no <pef> element")
                .with_hint("read takes PEF, BRF or Unicode braille");
            return Some(Err(d.into()));
        }
    }
    let mut out = String::new();
    Some(pef_rows(name, bytes, false, &mut out).map(|()| out))
}

/// The rows of PEF `bytes` as Unicode braille onto `out`: each `row` a line, each `page`
/// ending with a form feed. With `stretch`, `bytes` are a stretch of a PEF (whole pages, the
/// elements around them opened before it or closed after it), as a build that checks itself
/// reads what it writes.
pub(crate) fn pef_rows(name: &str, bytes: &[u8], stretch: bool, out: &mut String) -> Result<()> {
    use quick_xml::events::Event;
    // A stretch closes the elements opened before it (`</section></volume>` after its last
    // page): they close elements opened here for them, whatever their names.
    const OPENED: &[u8] = b"<s><s><s><s><s><s><s><s>";
    let all;
    let bytes = match stretch {
        true => {
            all = [OPENED, bytes].concat();
            &all[..]
        }
        false => bytes,
    };
    let mut reader = quick_xml::Reader::from_reader(bytes);
    reader.config_mut().check_end_names = !stretch;
    let mut buf = Vec::new();
    let mut in_row = false;
    loop {
        let event = match reader.read_event_into(&mut buf) {
            Ok(e) => e,
            Err(e) => {
                let at = reader.buffer_position();
                let before = &bytes[..(at as usize).min(bytes.len())];
                let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
                return Err(Diagnostic::new(
                    Location {
                        file: name.to_owned(),
                        line: u32::try_from(line).unwrap_or(u32::MAX),
                        column: 1,
                    },
                    format!("this PEF is not well-formed XML: {e}"),
                )
                .into());
            }
        };
        match event {
            Event::Start(e) if e.local_name().into_inner() == "row" => in_row = true,
            Event::Empty(e) if e.local_name().into_inner() == "row" => out.push('\n'),
            Event::End(e) if e.local_name().into_inner() == "row" => {
                in_row = false;
                out.push('\n');
            }
            Event::End(e) if e.local_name().into_inner() == "page" => out.push('\x0c'),
            Event::Text(t) if in_row => {
                out.push_str(t.as_ref());
            }
            Event::Eof => break,
            _ => {}
        }
        buf.clear();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A byte that is no cell names the table it was read in, and the other one.
    #[test]
    fn a_byte_that_is_no_cell_names_the_table_read_in() {
        for (table, read_in, other) in [
            (BrfTable::Nabcc, "--table nabcc", "--table sv-cx"),
            (BrfTable::SvCx, "--table sv-cx", "--table nabcc"),
        ] {
            let hint = match lines("t.brf", b"ab\x01\n", table) {
                Err(Error::Input(d)) => d.hint.unwrap_or_default(),
                other => panic!("{table:?}: {other:?}"),
            };
            assert!(hint.contains(read_in), "{hint}");
            assert!(hint.contains(&format!("give {other}")), "{hint}");
        }
    }

    /// Line ends as notetakers and editors write them: LF, CR LF, a lone CR; a tab is a blank,
    /// a BOM is skipped; the Swedish CX table saved as UTF-8 reads as its characters.
    #[test]
    fn line_ends_tabs_a_bom_and_sv_cx_in_utf8() {
        let shown = |bytes: &[u8], table: BrfTable| -> Vec<(u32, String)> {
            match lines("t.brf", bytes, table) {
                Ok(lines) => lines
                    .iter()
                    .map(|l| (l.number, crate::braille::cell::to_unicode_string(&l.cells)))
                    .collect(),
                Err(e) => panic!("{e}"),
            }
        };
        let want = vec![
            (1, "⠁⠃".to_owned()),
            (2, "⠉⠀⠙".to_owned()),
            (3, "⠑".to_owned()),
        ];
        for bytes in [
            &b"AB\nC D\nE"[..],
            b"AB\r\nC D\r\nE\r\n",
            b"AB\rC D\rE\r",
            b"\xef\xbb\xbfAB\nC\tD\nE",
        ] {
            assert_eq!(shown(bytes, BrfTable::Nabcc), want, "{bytes:?}");
        }
        // The same in the Swedish CX table, in ISO-8859-1 and in UTF-8: each byte of the
        // table read as the character it stands for.
        let table = tables::bytes(BrfTable::SvCx);
        let latin1: Vec<u8> = table.iter().copied().filter(|&b| b >= 0x80).collect();
        assert!(!latin1.is_empty(), "the table has letters beyond ASCII");
        let utf8: String = latin1.iter().map(|&b| char::from(b)).collect();
        assert_eq!(
            shown(&latin1, BrfTable::SvCx),
            shown(utf8.as_bytes(), BrfTable::SvCx)
        );
    }
}
