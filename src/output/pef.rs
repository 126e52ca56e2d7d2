//! PEF, the Portable Embosser Format 2008-1 (`http://www.daisy.org/ns/2008/pef`): XML written
//! with quick-xml, a `page` of `row`s of Unicode braille a braille page, in a `volume` a volume
//! of the book (one unless it is split), whose `cols` and `rows` are the line and page length
//! (the page number line is a row), a `section` a part of the book (the title page, the
//! contents list, each chapter). The head
//! holds `dc:format`, `dc:identifier`, the title, the author, `dc:language` `sv`, and
//! `dc:date` when `SOURCE_DATE_EPOCH` gives one (the date of the run would make two builds of
//! one book differ).
//!
//! Written a page at a time: the XML of a page is made in a buffer and handed on when the page
//! ends, so memory holds one page.

use std::io::{self, Write};

use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};

use super::{Meta, Renderer};
use crate::braille::cell::Cell;

const NAMESPACE: &str = "http://www.daisy.org/ns/2008/pef";
const DUBLIN_CORE: &str = "http://purl.org/dc/elements/1.1/";
const MEDIA_TYPE: &str = "application/x-pef+xml";
const LANGUAGE: &str = "sv";

/// The PEF renderer: the document's head is written before the first page, its end by
/// [`Renderer::finish`].
pub struct Pef {
    meta: Meta,
    xml: Writer<Vec<u8>>,
    started: bool,
    /// A page is open (a line was written since the last page end).
    in_page: bool,
    /// Pages in the open section; a new section is opened before the next page once asked for.
    section_pages: usize,
    section_due: bool,
}

impl Pef {
    pub fn new(meta: Meta) -> Self {
        Pef {
            meta,
            xml: Writer::new_with_indent(Vec::new(), b' ', 2),
            started: false,
            in_page: false,
            section_pages: 0,
            section_due: false,
        }
    }

    fn start(&mut self) -> io::Result<()> {
        if self.started {
            return Ok(());
        }
        self.started = true;
        let x = &mut self.xml;
        x.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
        x.write_event(Event::Start(
            BytesStart::new("pef").with_attributes([("version", "2008-1"), ("xmlns", NAMESPACE)]),
        ))?;
        x.write_event(Event::Start(BytesStart::new("head")))?;
        x.write_event(Event::Start(
            BytesStart::new("meta").with_attributes([("xmlns:dc", DUBLIN_CORE)]),
        ))?;
        let mut element = |name: &str, text: &str| -> io::Result<()> {
            x.create_element(name)
                .write_text_content(BytesText::new(text))
                .map(|_| ())
        };
        element("dc:format", MEDIA_TYPE)?;
        element("dc:identifier", &self.meta.identifier)?;
        if let Some(title) = &self.meta.title {
            element("dc:title", title)?;
        }
        if let Some(author) = &self.meta.author {
            element("dc:creator", author)?;
        }
        element("dc:language", LANGUAGE)?;
        if let Some(date) = &self.meta.date {
            element("dc:date", date)?;
        }
        x.write_event(Event::End(BytesEnd::new("meta")))?;
        x.write_event(Event::End(BytesEnd::new("head")))?;
        x.write_event(Event::Start(BytesStart::new("body")))?;
        self.open_volume()
    }

    /// Opens a `volume` and its first `section`.
    fn open_volume(&mut self) -> io::Result<()> {
        let cols = self.meta.cols.to_string();
        let rows = self.meta.rows.to_string();
        self.xml
            .write_event(Event::Start(BytesStart::new("volume").with_attributes([
                ("cols", cols.as_str()),
                ("rows", rows.as_str()),
                ("rowgap", "0"),
                ("duplex", if self.meta.duplex { "true" } else { "false" }),
            ])))?;
        self.xml
            .write_event(Event::Start(BytesStart::new("section")))?;
        self.section_due = false;
        self.section_pages = 0;
        Ok(())
    }

    /// Closes the open section and opens the next, when one is due.
    fn open_section(&mut self) -> io::Result<()> {
        if self.section_due {
            self.section_due = false;
            self.section_pages = 0;
            self.xml.write_event(Event::End(BytesEnd::new("section")))?;
            self.xml
                .write_event(Event::Start(BytesStart::new("section")))?;
        }
        Ok(())
    }

    /// Hands the XML made so far to `out`.
    fn flush(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let buffer = self.xml.get_mut();
        out.write_all(buffer)?;
        buffer.clear();
        Ok(())
    }
}

impl Renderer for Pef {
    fn line(&mut self, _out: &mut dyn Write, cells: &[Cell]) -> io::Result<()> {
        self.start()?;
        if !self.in_page {
            self.open_section()?;
            self.in_page = true;
            self.xml
                .write_event(Event::Start(BytesStart::new("page")))?;
        }
        let row: String = cells.iter().map(|c| c.to_unicode()).collect();
        let element = self.xml.create_element("row");
        if row.is_empty() {
            element.write_empty()?;
        } else {
            element.write_text_content(BytesText::new(&row))?;
        }
        Ok(())
    }

    fn end_page(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.start()?;
        if self.in_page {
            self.xml.write_event(Event::End(BytesEnd::new("page")))?;
        } else {
            self.open_section()?;
            self.xml
                .write_event(Event::Empty(BytesStart::new("page")))?;
        }
        self.in_page = false;
        self.section_pages += 1;
        self.flush(out)
    }

    /// A chapter, a title page, a contents list: a `section` of its own from the next page on
    /// (never an empty one).
    fn new_section(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        self.section_due = self.section_pages > 0;
        Ok(())
    }

    /// The next page begins a `volume` of its own (a volume break comes after a page end).
    fn new_volume(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.start()?;
        if self.in_page {
            self.xml.write_event(Event::End(BytesEnd::new("page")))?;
            self.in_page = false;
        }
        for name in ["section", "volume"] {
            self.xml.write_event(Event::End(BytesEnd::new(name)))?;
        }
        self.open_volume()?;
        self.flush(out)
    }

    fn finish(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.start()?;
        if self.in_page {
            self.xml.write_event(Event::End(BytesEnd::new("page")))?;
            self.in_page = false;
        }
        for name in ["section", "volume", "body", "pef"] {
            self.xml.write_event(Event::End(BytesEnd::new(name)))?;
        }
        self.xml.get_mut().push(b'\n');
        self.flush(out)
    }
}
