//! pulldown-cmark's events into nodes: what each start and end of a block or of inline markup
//! does, and a heading's node.

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Tag, TagEnd};

use super::{Code, Image, Reader};
use crate::document::{Emphasis, Node};
use crate::error::Warning;

impl<'a> Reader<'a> {
    pub(super) fn event(
        &mut self,
        event: Event<'_>,
        range: Range<usize>,
        warn: &mut dyn FnMut(Warning),
    ) {
        if self.skipping_note {
            // A note's definition is read at its chapter's end.
            if let Event::End(TagEnd::FootnoteDefinition) = event {
                self.skipping_note = false;
            }
            return;
        }
        match event {
            Event::Start(tag) => self.start(tag, range, warn),
            Event::End(tag) => self.end(tag, range, warn),
            Event::Text(t) => {
                if let Some(code) = &mut self.code {
                    code.text.push_str(&t);
                } else if let Some((html, _)) = &mut self.html {
                    html.push_str(&t);
                } else {
                    self.piece(&t, range);
                }
            }
            Event::Code(t) => self.code_span(&t, range),
            Event::Html(t) => match &mut self.html {
                Some((html, _)) => html.push_str(&t),
                None => self.unsupported(warn, &range, "HTML"),
            },
            Event::InlineHtml(t) => self.inline_html(&t, range, warn),
            Event::FootnoteReference(label) => self.note_reference(&label, range, warn),
            Event::SoftBreak => self.piece(" ", range),
            Event::HardBreak => self.hard_break(range),
            Event::Rule => {
                self.flush_inline();
                self.queue.push_back(Node::ThematicBreak);
            }
            Event::TaskListMarker(_) | Event::InlineMath(_) | Event::DisplayMath(_) => {
                self.unsupported(warn, &range, "this Markdown extension");
            }
        }
    }

    fn start(&mut self, tag: Tag<'_>, range: Range<usize>, warn: &mut dyn FnMut(Warning)) {
        match tag {
            Tag::Paragraph => self.flush_inline(),
            Tag::Heading { level, .. } => {
                self.flush_inline();
                if level == HeadingLevel::H1 && self.containers == 0 {
                    self.end_chapter(false, warn);
                }
                self.heading = Some(level);
            }
            Tag::BlockQuote(_) => {
                self.flush_inline();
                self.containers += 1;
                self.queue.push_back(Node::QuoteStart);
            }
            Tag::CodeBlock(kind) => {
                self.flush_inline();
                let info = match kind {
                    CodeBlockKind::Fenced(info) => Some(info.to_string()),
                    CodeBlockKind::Indented => None,
                };
                self.code = Some(Code {
                    info,
                    text: String::new(),
                    start: range.start,
                });
            }
            Tag::HtmlBlock => {
                self.flush_inline();
                self.html = Some((String::new(), range.start));
            }
            Tag::List(first) => {
                self.flush_inline();
                // pulldown-cmark gives the number, not what follows it: read in the source.
                let delimiter = self
                    .text
                    .get(range.start..)
                    .and_then(|t| {
                        t.trim_start()
                            .trim_start_matches(|c: char| c.is_ascii_digit())
                            .chars()
                            .next()
                    })
                    .filter(|c| *c == ')')
                    .unwrap_or('.');
                self.containers += 1;
                self.queue.push_back(Node::ListStart { first, delimiter });
            }
            Tag::Item => {
                self.flush_inline();
                self.queue.push_back(Node::ItemStart);
            }
            Tag::FootnoteDefinition(_) => {
                self.flush_inline();
                self.skipping_note = !self.in_note;
            }
            Tag::Table(_) => {
                self.flush_inline();
                self.queue.push_back(Node::TableStart);
            }
            Tag::TableHead | Tag::TableRow => self.row = Some(Vec::new()),
            Tag::TableCell => {
                self.pieces.clear();
            }
            Tag::Emphasis => self.italic += 1,
            Tag::Strong => self.bold += 1,
            Tag::Strikethrough => {
                self.unsupported(warn, &range, "strikethrough (the text is written plain)")
            }
            Tag::Superscript | Tag::Subscript => self.unsupported(
                warn,
                &range,
                "superscript and subscript (the text is written plain)",
            ),
            Tag::Link { dest_url, .. } => {
                self.links.push((dest_url.to_string(), self.pieces.len()))
            }
            Tag::Image {
                dest_url, title, ..
            } => self.images.push(Image {
                url: dest_url.to_string(),
                title: title.to_string(),
                from: self.pieces.len(),
                range,
            }),
            Tag::DefinitionList
            | Tag::DefinitionListTitle
            | Tag::DefinitionListDefinition
            | Tag::MetadataBlock(_) => {
                self.flush_inline();
                self.unsupported(warn, &range, "this Markdown extension");
            }
        }
    }

    fn end(&mut self, tag: TagEnd, range: Range<usize>, warn: &mut dyn FnMut(Warning)) {
        match tag {
            TagEnd::Paragraph => self.flush_inline(),
            TagEnd::Heading(level) => self.heading_node(level),
            TagEnd::BlockQuote(_) => {
                self.flush_inline();
                self.containers = self.containers.saturating_sub(1);
                self.queue.push_back(Node::QuoteEnd);
            }
            TagEnd::CodeBlock => {
                if let Some(code) = self.code.take() {
                    if code.info.is_some() && self.unclosed_fence(&range) {
                        let width = self.fence_width(code.start);
                        let message = "this fenced block is never closed: it runs to the end of \
                                       the file, and every line after it is read as its content";
                        self.warn_at(warn, code.start, width, message);
                    }
                    self.code_block(&code);
                }
            }
            TagEnd::HtmlBlock => {
                if let Some((html, start)) = self.html.take() {
                    self.html_block(&html, start..range.end, warn);
                }
            }
            TagEnd::List(_) => {
                self.flush_inline();
                self.containers = self.containers.saturating_sub(1);
                self.queue.push_back(Node::ListEnd);
            }
            TagEnd::Item => {
                self.flush_inline();
                self.queue.push_back(Node::ItemEnd);
            }
            TagEnd::TableCell => {
                let cell = std::mem::take(&mut self.pieces);
                if let Some(row) = &mut self.row {
                    row.push(cell);
                }
            }
            TagEnd::TableHead | TagEnd::TableRow => {
                if let Some(cells) = self.row.take()
                    && !cells.is_empty()
                {
                    self.queue.push_back(Node::TableRow { cells });
                }
            }
            TagEnd::Table => self.queue.push_back(Node::TableEnd),
            TagEnd::Link => self.end_link(range),
            TagEnd::Image => self.end_image(warn),
            TagEnd::FootnoteDefinition => self.flush_inline(),
            TagEnd::Emphasis => self.italic = self.italic.saturating_sub(1),
            TagEnd::Strong => self.bold = self.bold.saturating_sub(1),
            _ => {}
        }
    }

    fn heading_node(&mut self, level: HeadingLevel) {
        self.heading = None;
        let mut text = std::mem::take(&mut self.pieces);
        if text.iter().all(|p| p.text.trim().is_empty()) {
            return;
        }
        for p in &mut text {
            p.emphasis = Emphasis::None;
        }
        let level = match level {
            HeadingLevel::H1 => 1,
            HeadingLevel::H2 => 2,
            HeadingLevel::H3 => 3,
            HeadingLevel::H4 => 4,
            HeadingLevel::H5 => 5,
            HeadingLevel::H6 => 6,
        };
        self.queue.push_back(Node::Heading { level, text });
    }
}
