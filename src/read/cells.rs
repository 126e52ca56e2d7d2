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
    let mut detector = Detector::default();
    detector.feed(bytes);
    let mut decoder = Decoder::new(name, detector.finish(table), table);
    for chunk in bytes.chunks(1 << 16) {
        decoder.feed(chunk, sink)?;
    }
    decoder.finish(sink);
    Ok(())
}

/// How a braille file's bytes are read: decided over all of them ([`Detector`]) before the
/// first is read into cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Encoding {
    /// Unicode braille in UTF-8.
    Unicode,
    /// BRF: a byte a cell.
    Brf,
    /// BRF in the Swedish CX table saved as UTF-8: a character a byte.
    BrfAsUtf8,
}

/// What the bytes of a braille file seen so far say of its [`Encoding`]: fed a stretch at a
/// time, so that a file of any size is known without being held.
pub(crate) struct Detector {
    /// The first bytes are still to come (a BOM is looked for there).
    begun: bool,
    ascii: bool,
    /// UTF-8 so far; a character cut at the end of the last stretch waits in `cut`.
    utf8: bool,
    cut: Vec<u8>,
    /// A character of the braille block was seen.
    braille: bool,
    /// Every character seen is one of ISO-8859-1.
    latin1: bool,
}

impl Default for Detector {
    fn default() -> Self {
        Detector {
            begun: false,
            ascii: true,
            utf8: true,
            cut: Vec::new(),
            braille: false,
            latin1: true,
        }
    }
}

impl Detector {
    pub(crate) fn feed(&mut self, mut bytes: &[u8]) {
        if !self.begun {
            self.begun = true;
            bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
        }
        // (ASCII is UTF-8, no braille, and ISO-8859-1: nothing more to learn from it.)
        if bytes.is_ascii() && self.cut.is_empty() {
            return;
        }
        self.ascii = false;
        while !self.cut.is_empty() && self.utf8 {
            let Some((&b, rest)) = bytes.split_first() else {
                return;
            };
            bytes = rest;
            self.cut.push(b);
            match std::str::from_utf8(&self.cut) {
                Ok(text) => {
                    let text = text.to_owned();
                    self.chars(&text);
                    self.cut.clear();
                }
                Err(e) if e.error_len().is_none() => {}
                Err(_) => self.utf8 = false,
            }
        }
        if !self.utf8 {
            return;
        }
        match std::str::from_utf8(bytes) {
            Ok(text) => self.chars(text),
            Err(e) => {
                let (valid, rest) = bytes.split_at(e.valid_up_to());
                // (Checked just now.)
                self.chars(std::str::from_utf8(valid).unwrap_or_default());
                match e.error_len() {
                    None => self.cut.extend_from_slice(rest),
                    Some(_) => self.utf8 = false,
                }
            }
        }
    }

    fn chars(&mut self, text: &str) {
        if self.braille && !self.latin1 {
            return;
        }
        for c in text.chars() {
            self.braille |= ('\u{2800}'..='\u{283f}').contains(&c);
            self.latin1 &= u32::from(c) <= 0xff;
        }
    }

    /// The file's encoding, once all its bytes were fed.
    pub(crate) fn finish(self, table: BrfTable) -> Encoding {
        let utf8 = self.utf8 && self.cut.is_empty();
        match () {
            () if self.ascii => Encoding::Brf,
            // (Only the CX table's bytes may have come as UTF-8.)
            () if table == BrfTable::SvCx && utf8 && self.latin1 => Encoding::BrfAsUtf8,
            () if utf8 && self.braille => Encoding::Unicode,
            () => Encoding::Brf,
        }
    }
}

const BOM: &[u8] = b"\xef\xbb\xbf";

/// The most cells a line of braille may have (a million: an embosser's line has some forty).
pub(crate) const MOST_CELLS: usize = 1 << 20;

/// Bytes into lines of cells in a known [`Encoding`], a stretch at a time (a character or a
/// CR LF may be cut between two stretches).
pub(crate) struct Decoder<'n> {
    name: &'n str,
    encoding: Encoding,
    table: BrfTable,
    cell_of: [Option<Cell>; 256],
    lines: Gather,
    begun: bool,
    /// A CR seen last: a line's end, whatever comes next (an LF after it ends no other).
    cr: bool,
    /// The bytes of a UTF-8 character cut at the end of the last stretch.
    cut: Vec<u8>,
}

impl<'n> Decoder<'n> {
    pub(crate) fn new(name: &'n str, encoding: Encoding, table: BrfTable) -> Decoder<'n> {
        let mut cell_of = [None; 256];
        for (bits, &byte) in tables::bytes(table).iter().enumerate() {
            cell_of[usize::from(byte)] = u8::try_from(bits).ok().and_then(Cell::from_bits);
            // Braille ASCII is read in either case.
            cell_of[usize::from(byte.to_ascii_lowercase())] = cell_of[usize::from(byte)];
        }
        Decoder {
            name,
            encoding,
            table,
            cell_of,
            lines: Gather::new(),
            begun: false,
            cr: false,
            cut: Vec::new(),
        }
    }

    /// The next stretch of the file's bytes: each line it ends goes to `sink`.
    pub(crate) fn feed(&mut self, bytes: &[u8], sink: &mut impl LineSink) -> Result<()> {
        self.cells(bytes, sink)?;
        // (Issue 32: a line is held whole until it ends; no braille line is this long.)
        if self.lines.cells.len() > MOST_CELLS {
            let place = self.lines.place;
            let at = Location {
                file: self.name.to_owned(),
                line: place.number,
                column: 1,
            };
            let message = format!(
                "this line is longer than {MOST_CELLS} cells (braille page {}), the most a \
                 line of braille may be",
                place.page
            );
            return Err(Diagnostic::new(at, message)
                .with_hint(
                    "a braille file has lines of an embosser's width, each ended by a line end",
                )
                .into());
        }
        Ok(())
    }

    fn cells(&mut self, mut bytes: &[u8], sink: &mut impl LineSink) -> Result<()> {
        if !self.begun {
            self.begun = true;
            bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
        }
        if self.encoding == Encoding::Brf {
            for &b in bytes {
                // (The cells first: nearly every byte is one.)
                match self.cell_of[usize::from(b)] {
                    Some(cell) if !self.cr => self.lines.cell(cell),
                    _ => self.symbol(u32::from(b), sink)?,
                }
            }
            return Ok(());
        }
        // A character cut at the last stretch's end, completed.
        while !self.cut.is_empty() {
            let Some((&b, rest)) = bytes.split_first() else {
                return Ok(());
            };
            bytes = rest;
            self.cut.push(b);
            if let Ok(text) = std::str::from_utf8(&self.cut) {
                let c = text.chars().next().map_or(0, u32::from);
                self.cut.clear();
                self.char(c, sink)?;
            }
        }
        let text = match std::str::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let (valid, rest) = bytes.split_at(e.valid_up_to());
                self.cut.extend_from_slice(rest);
                std::str::from_utf8(valid).unwrap_or_default()
            }
        };
        for c in text.chars() {
            self.char(u32::from(c), sink)?;
        }
        Ok(())
    }

    fn char(&mut self, c: u32, sink: &mut impl LineSink) -> Result<()> {
        match self.encoding {
            // (Known to be a byte's character.)
            Encoding::BrfAsUtf8 => match u8::try_from(c)
                .ok()
                .and_then(|b| self.cell_of[usize::from(b)])
            {
                Some(cell) if !self.cr => {
                    self.lines.cell(cell);
                    Ok(())
                }
                _ => self.symbol(c, sink),
            },
            _ => self.symbol(c, sink),
        }
    }

    /// A character (a byte of BRF) that is no cell of the table, or one after a CR.
    fn symbol(&mut self, c: u32, sink: &mut impl LineSink) -> Result<()> {
        if std::mem::take(&mut self.cr) {
            // CR LF is one line end, a CR alone another.
            if c == u32::from('\n') {
                self.lines.skip();
                self.lines.line_end(sink);
                return Ok(());
            }
            self.lines.line_end(sink);
            if self.encoding != Encoding::Unicode
                && let Some(cell) = u8::try_from(c)
                    .ok()
                    .and_then(|b| self.cell_of[usize::from(b)])
            {
                self.lines.cell(cell);
                return Ok(());
            }
        }
        let unicode = self.encoding == Encoding::Unicode;
        match char::from_u32(c).unwrap_or('\0') {
            '\n' => self.lines.line_end(sink),
            '\x0c' => self.lines.page_end(sink),
            '\r' => self.cr = true,
            '\t' => self.lines.cell(Cell::BLANK),
            '\u{feff}' if unicode => self.lines.skip(),
            ' ' if unicode => self.lines.cell(Cell::BLANK),
            ch if unicode => match c
                .checked_sub(0x2800)
                .and_then(|b| u8::try_from(b).ok())
                .and_then(Cell::from_bits)
            {
                Some(cell) => self.lines.cell(cell),
                None => return Err(self.unreadable(format!("'{ch}'"))),
            },
            _ => return Err(self.unreadable(format!("the byte 0x{c:02x}"))),
        }
        Ok(())
    }

    /// The file has ended: its last line, if it has cells, goes to `sink`.
    pub(crate) fn finish(mut self, sink: &mut impl LineSink) {
        if std::mem::take(&mut self.cr) {
            self.lines.line_end(sink);
        }
        self.lines.finish(sink);
    }

    fn unreadable(&self, what: String) -> Error {
        let place = self.lines.place;
        Diagnostic::new(
            Location {
                file: self.name.to_owned(),
                line: place.number,
                column: self.lines.column,
            },
            format!("{what} is no braille cell (braille page {})", place.page),
        )
        .with_hint(match (self.encoding, self.table) {
            (Encoding::Unicode, _) => "the file is read as Unicode braille (U+2800 to U+283F)",
            (_, BrfTable::Nabcc) => {
                "the file is read as BRF in North American Braille ASCII (--table nabcc): give \
                 --table sv-cx for the Swedish CX table"
            }
            (_, BrfTable::SvCx) => {
                "the file is read as BRF in the Swedish CX table (--table sv-cx, ISO-8859-1): \
                 give --table nabcc for North American Braille ASCII"
            }
        })
        .into()
    }
}

/// Lines as they are read, a symbol at a time: the place and cells of the line being read
/// (its room kept from line to line), its column, and whether a line before it ended on its
/// page; each line goes to the sink as it ends.
struct Gather {
    place: Place,
    cells: Vec<Cell>,
    column: u32,
    /// A line of this page has gone to the sink.
    page_begun: bool,
}

impl Gather {
    fn new() -> Gather {
        Gather {
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

    fn line_end(&mut self, sink: &mut impl LineSink) {
        self.end_line(false, sink);
        self.column = 1;
    }

    /// A form feed after a line's end ends the page; in a line, it ends both.
    fn page_end(&mut self, sink: &mut impl LineSink) {
        if self.cells.is_empty() && self.page_begun {
            self.place.page += 1;
            self.page_begun = false;
        } else {
            self.end_line(true, sink);
        }
        self.column += 1;
    }

    /// A form feed ends a page but not the file's line: the line after it has the same
    /// number.
    fn end_line(&mut self, page_end: bool, sink: &mut impl LineSink) {
        sink.line(self.place, &self.cells);
        self.cells.clear();
        let place = self.place;
        self.place = Place {
            number: place.number + u32::from(!page_end),
            page: place.page + u32::from(page_end),
        };
        self.page_begun = !page_end;
    }

    fn finish(self, sink: &mut impl LineSink) {
        if !self.cells.is_empty() {
            sink.line(self.place, &self.cells);
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
    match pef_kind(&bytes[..bytes.len().min(4096)]) {
        PefKind::None | PefKind::Utf16 => return None,
        PefKind::Pef => {}
        PefKind::Xml => {
            if !bytes.windows(4).any(|w| w == b"<pef") {
                return Some(Err(no_pef(name)));
            }
        }
    }
    let mut out = String::new();
    Some(pef_rows(name, bytes, false, &mut out).map(|()| out))
}

/// The error of an XML file that is no PEF.
pub(crate) fn no_pef(name: &str) -> Error {
    let at = Location {
        file: name.to_string(),
        line: 1,
        column: 1,
    };
    Diagnostic::new(at, "an XML file, but no PEF: it has no <pef> element")
        .with_hint("read takes PEF, BRF or Unicode braille")
        .into()
}

/// What the first bytes of a file say of it as a PEF.
pub(crate) enum PefKind {
    /// No PEF (braille).
    None,
    /// A PEF: its root element is among them.
    Pef,
    /// In UTF-16 (with its byte-order mark): to be decoded first.
    Utf16,
    /// XML (a prolog, a comment, a doctype first): a PEF if its root is further on.
    Xml,
}

/// What the first bytes `head` of a file say of it as a PEF.
pub(crate) fn pef_kind(head: &[u8]) -> PefKind {
    if encoding_rs::Encoding::for_bom(head).is_some_and(|(e, _)| e != encoding_rs::UTF_8) {
        return PefKind::Utf16;
    }
    if head.windows(4).any(|w| w == b"<pef") {
        return PefKind::Pef;
    }
    let start = head.strip_prefix(BOM).unwrap_or(head).trim_ascii_start();
    match [&b"<?xml"[..], b"<!--", b"<!DOCTYPE"]
        .iter()
        .any(|p| start.starts_with(p))
    {
        true => PefKind::Xml,
        false => PefKind::None,
    }
}

/// The rows of PEF `bytes` as Unicode braille onto `out`: each `row` a line, each `page`
/// ending with a form feed. With `stretch`, `bytes` are a stretch of a PEF (whole pages, the
/// elements around them opened before it or closed after it), as a build that checks itself
/// reads what it writes.
pub(crate) fn pef_rows(name: &str, bytes: &[u8], stretch: bool, out: &mut String) -> Result<()> {
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
    let mut push = |text: &str| {
        out.push_str(text);
        Ok(())
    };
    match pef_events(reader, &mut push) {
        Ok(()) => Ok(()),
        Err(Stop::Xml(at, e)) => {
            let before = &bytes[..usize::try_from(at).unwrap_or(usize::MAX).min(bytes.len())];
            let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
            Err(not_well_formed(name, line, &e))
        }
        Err(Stop::Out(e)) => Err(e),
    }
}

/// Why [`pef_events`] stopped: the XML is broken at a byte, or the text could not be put.
pub(crate) enum Stop {
    Xml(u64, quick_xml::Error),
    Out(Error),
}

/// The error of a PEF that is no well-formed XML at `line`.
pub(crate) fn not_well_formed(name: &str, line: usize, e: &quick_xml::Error) -> Error {
    Diagnostic::new(
        Location {
            file: name.to_owned(),
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column: 1,
        },
        format!("this PEF is not well-formed XML: {e}"),
    )
    .into()
}

/// The rows of a PEF as Unicode braille, a piece at a time to `out`: each `row` a line, each
/// `page` ending with a form feed.
pub(crate) fn pef_events<R: std::io::BufRead>(
    mut reader: quick_xml::Reader<R>,
    out: &mut dyn FnMut(&str) -> Result<()>,
) -> std::result::Result<(), Stop> {
    use quick_xml::events::Event;
    let mut buf = Vec::new();
    let mut in_row = false;
    loop {
        let event = match reader.read_event_into(&mut buf) {
            Ok(e) => e,
            Err(e) => return Err(Stop::Xml(reader.buffer_position(), e)),
        };
        match event {
            Event::Start(e) if e.local_name().into_inner() == "row" => in_row = true,
            Event::Empty(e) if e.local_name().into_inner() == "row" => {
                out("\n").map_err(Stop::Out)?
            }
            Event::End(e) if e.local_name().into_inner() == "row" => {
                in_row = false;
                out("\n").map_err(Stop::Out)?;
            }
            Event::End(e) if e.local_name().into_inner() == "page" => {
                out("\x0c").map_err(Stop::Out)?;
            }
            Event::Text(t) if in_row => {
                let text: &str = t.as_ref();
                out(text).map_err(Stop::Out)?;
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

    /// Bytes fed a stretch at a time, cut anywhere (inside a character of three bytes,
    /// between a CR and its LF, inside the BOM), give the lines of the bytes fed at once.
    #[test]
    fn bytes_cut_anywhere_give_the_same_lines() {
        let shown = |lines: &[Line]| -> Vec<(u32, u32, String)> {
            lines
                .iter()
                .map(|l| {
                    let cells = crate::braille::cell::to_unicode_string(&l.cells);
                    (l.number, l.page, cells)
                })
                .collect()
        };
        let latin1: Vec<u8> = tables::bytes(BrfTable::SvCx)
            .iter()
            .copied()
            .filter(|&b| b >= 0x80)
            .collect();
        let cx: String = latin1.iter().map(|&b| char::from(b)).collect();
        for (bytes, table) in [
            (
                "\u{feff}⠁⠃\r\n⠉⠀⠙\r⠑\x0c⠋ ⠛\t⠓\r\n\x0c\r\n⠊"
                    .as_bytes()
                    .to_vec(),
                BrfTable::Nabcc,
            ),
            (b"AB\r\nC D\rE\x0cF\tG\r\n\x0c\r".to_vec(), BrfTable::Nabcc),
            (format!("ab\r\n{cx}\r\nc").into_bytes(), BrfTable::SvCx),
        ] {
            let whole = lines("t", &bytes, table).expect("whole");
            assert!(whole.len() >= 3, "{whole:?}");
            let mut detector = Detector::default();
            for b in &bytes {
                detector.feed(std::slice::from_ref(b));
            }
            let encoding = detector.finish(table);
            for cut in 1..bytes.len() {
                let mut decoder = Decoder::new("t", encoding, table);
                let mut read = Vec::new();
                for chunk in bytes.chunks(cut) {
                    decoder.feed(chunk, &mut read).expect("read");
                }
                decoder.finish(&mut read);
                assert_eq!(shown(&read), shown(&whole), "{bytes:?} cut every {cut}");
            }
        }
    }

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
