//! A proof as `--format html` wrote it, taken apart to be shown inside `serve`'s page: its
//! title, style and body, and where each block begins (its file, line and braille page).

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// A proof as the build wrote it, taken apart to be shown inside the page.
pub(crate) struct Proof {
    /// The build that made it.
    pub(super) generation: u64,
    pub(super) pages: u64,
    /// The proof's title, style, the attributes of its body, and its body.
    pub(super) title: String,
    pub(super) style: String,
    pub(super) body_attributes: String,
    pub(super) body: String,
    /// Where each block begins: its file's name, its line, the braille page (in order).
    blocks: Vec<(String, u32, u32)>,
}

/// The text between `open` and `close` after `from` in `text`, and where it ends.
fn between<'a>(text: &'a str, from: usize, open: &str, close: &str) -> Option<(&'a str, usize)> {
    let start = from + text[from..].find(open)? + open.len();
    let len = text[start..].find(close)?;
    Some((&text[start..start + len], start + len + close.len()))
}

impl Proof {
    /// The proof in the HTML files of a build (one, or a file a volume, joined).
    pub(super) fn of_files(files: &[PathBuf], pages: u64) -> Result<Proof> {
        let mut proof: Option<Proof> = None;
        for file in files {
            let text = std::fs::read_to_string(file).map_err(|e| Error::io(file, e))?;
            let part = Proof::of_text(&text).ok_or_else(|| {
                Error::io(
                    file,
                    std::io::Error::new(std::io::ErrorKind::InvalidData, "not a proof"),
                )
            })?;
            match &mut proof {
                None => proof = Some(part),
                Some(p) => {
                    p.body.push_str(&part.body);
                    p.blocks.extend(part.blocks);
                }
            }
        }
        let mut proof = proof.ok_or_else(|| Error::Usage("the build wrote no proof".into()))?;
        proof.pages = pages;
        Ok(proof)
    }

    /// The proof of one file's text (ours: `output/html.rs`).
    pub(super) fn of_text(text: &str) -> Option<Proof> {
        let (title, _) = between(text, 0, "<title>", "</title>")?;
        let (style, _) = between(text, 0, "<style>", "</style>")?;
        let (body_attributes, at) = between(text, 0, "<body", ">")?;
        let end = text.rfind("</body>")?;
        let body = text.get(at..end)?;
        // Each page, and the place of each block that begins on it.
        let mut blocks = Vec::new();
        let mut page = 0u32;
        let mut at = 0;
        const PAGE: &str = "<section class=\"page\" id=\"punktsida-";
        const PLACE: &str = "<span class=\"at\">";
        loop {
            let next_page = body[at..].find(PAGE).map(|i| at + i);
            let next_place = body[at..].find(PLACE).map(|i| at + i);
            match (next_page, next_place) {
                (Some(p), q) if q.is_none_or(|q| p < q) => {
                    let (number, end) = between(body, p, "punktsida-", "\"")?;
                    page = number.parse().ok()?;
                    at = end;
                }
                (_, Some(q)) => {
                    let (place, end) = between(body, q, PLACE, "</span>")?;
                    // `file:line`, or the file alone (the unescaped name: compared with a
                    // message's file name).
                    let place = quick_xml::escape::unescape(place).ok()?;
                    let numbered = place
                        .rsplit_once(':')
                        .and_then(|(f, l)| Some((f.to_owned(), l.parse::<u32>().ok()?)));
                    let (file, line) = numbered.unwrap_or_else(|| (place.into_owned(), 0));
                    blocks.push((file, line, page));
                    at = end;
                }
                _ => break,
            }
        }
        Some(Proof {
            generation: 0,
            pages: 0,
            title: title.to_owned(),
            style: style.to_owned(),
            body_attributes: body_attributes.to_owned(),
            body: body.to_owned(),
            blocks,
        })
    }

    /// The braille page of the block a problem at `file`, `line` concerns: the last block of
    /// that file that begins at or before the line (the first of the file when none does).
    pub(super) fn page_of(&self, file: &str, line: u32) -> Option<u32> {
        let name = Path::new(file)
            .file_name()
            .map_or_else(|| file.to_owned(), |n| n.to_string_lossy().into_owned());
        let of_file = || self.blocks.iter().filter(|(f, _, _)| *f == name);
        of_file()
            .filter(|(_, l, _)| *l <= line)
            .max_by_key(|(_, l, _)| *l)
            .or_else(|| of_file().next())
            .map(|(_, _, page)| *page)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(crate) const PROOF: &str = "<!DOCTYPE html>\n<html lang=\"sv\">\n<head>\n<meta charset=\"utf-8\">\n\
        <title>Korrektur: Bok</title>\n<style>body{}</style>\n</head>\n\
        <body data-cols=\"28\" data-rows=\"3\">\n<header>h</header>\n\
        <section class=\"page\" id=\"punktsida-1\" data-page=\"1\" data-volume=\"1\">\
        <div class=\"note\"><span class=\"at\">01-a.md:3</span> x</div>\
        <div class=\"note\"><span class=\"at\">01-a.md:9</span> x</div></section>\n\
        <section class=\"page\" id=\"punktsida-2\" data-page=\"2\" data-volume=\"1\">\
        <div class=\"note\"><span class=\"at\">01-a.md:20</span> x</div>\
        <div class=\"note\"><span class=\"at\">b &amp; c.md:1</span> x</div></section>\n\
        </body>\n</html>\n";

    #[test]
    fn a_problem_leads_to_the_page_where_its_block_begins() {
        let proof = Proof::of_text(PROOF).expect("a proof");
        assert_eq!(proof.title, "Korrektur: Bok");
        assert_eq!(proof.body_attributes, " data-cols=\"28\" data-rows=\"3\"");
        assert_eq!(proof.blocks.len(), 4);
        // In the block that begins at line 9, page 1; at line 20 and after, page 2.
        assert_eq!(proof.page_of("bok/01-a.md", 12), Some(1));
        assert_eq!(proof.page_of("bok/01-a.md", 20), Some(2));
        assert_eq!(proof.page_of("01-a.md", 400), Some(2));
        // Before the file's first block: that block.
        assert_eq!(proof.page_of("01-a.md", 1), Some(1));
        assert_eq!(proof.page_of("b & c.md", 1), Some(2));
        assert_eq!(proof.page_of("other.md", 1), None);
    }
}
