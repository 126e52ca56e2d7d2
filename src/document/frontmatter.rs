//! YAML front matter of a Markdown book (the `---` block of Pandoc): title, author and defaults
//! for the build options, which the command line overrides.
//!
//! Read with saphyr (YAML 1.2: `no` and `off` are text, not false), keeping every key's place
//! for messages. The key names are those of the command-line options, with `_` or `-`.

use std::ops::Range;

use saphyr::{MarkedYaml, Scalar, YamlData, YamlLoader};
use saphyr_parser::{Event, Marker, Parser, ScanError};

use crate::error::{Diagnostic, Error, LineStarts, Location, Result, Warning};
use crate::settings::{self, scalar_text};

/// Build options set by one source; declared with every setting in [`crate::settings`].
pub use crate::settings::Settings;

/// What a book's front matter says.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct FrontMatter {
    pub title: Option<String>,
    pub author: Option<String>,
    /// Where the values of `title` and `author` stand in the file (bytes, quotes included).
    pub title_span: Option<Range<usize>>,
    pub author_span: Option<Range<usize>>,
    pub settings: Settings,
    /// Byte offset in the file where the Markdown after the front matter starts (0: none).
    pub body_start: usize,
    /// The chapter files of a book folder, in order, each with where it is named (`chapters:`
    /// in `bok.yaml` or in the first file's front matter).
    pub chapters: Vec<(String, Location)>,
    /// Where each setting it gives stands (its key), with that line of the file: for an
    /// error about a setting found later (a chapter's page that is not its book's).
    pub places: Vec<(&'static str, Location, String)>,
}

/// Finds and reads the front matter at the start of `text`: a line `---`, YAML, a line `---`
/// or `...`. Without both lines (or with a blank line right after the first, which Pandoc
/// reads as a thematic break) there is none. Keys it does not know are warnings; a wrong value
/// is an input error at its place.
pub fn read(name: &str, text: &str, warnings: &mut Vec<Warning>) -> Result<FrontMatter> {
    let Some((yaml, body_start)) = split(text) else {
        if let Some(line) = unclosed(text) {
            warnings.push(Warning(
                Diagnostic::new(
                    Location {
                        file: name.to_string(),
                        line: 1,
                        column: 1,
                    },
                    "front matter: this `---` is never closed (no line `---` or `...` after \
                     its keys), so its lines are read as text",
                )
                .with_source(line, 3)
                .with_hint("end the front matter with a line `---`"),
            ));
        }
        return Ok(FrontMatter::default());
    };
    // Lines of the YAML start at line 2 of the file.
    read_yaml(name, text, yaml, 1, body_start, warnings)
}

/// Reads a book folder's `bok.yaml`: the same keys as a front matter, the whole file YAML.
pub fn read_book_file(name: &str, text: &str, warnings: &mut Vec<Warning>) -> Result<FrontMatter> {
    read_yaml(name, text, text, 0, text.len(), warnings)
}

/// Where a front matter's YAML stands in its file, to place what is said of it.
struct Yaml<'t> {
    name: &'t str,
    text: &'t str,
    /// The lines of the file before the YAML's first.
    lines_before: usize,
    /// Where the body after the front matter starts.
    body_start: usize,
    /// (Each line found at once: 80 000 unknown keys took minutes found line by line.)
    lines: LineStarts,
}

impl Yaml<'_> {
    /// The line of the file (0-based) of a YAML line (saphyr counts lines from 1).
    fn file_line(&self, line: usize) -> usize {
        (line + self.lines_before).saturating_sub(1)
    }

    /// The place of a YAML line and column (saphyr counts columns from 0).
    fn place(&self, line: usize, col: usize) -> Location {
        Location {
            file: self.name.to_string(),
            line: u32::try_from(self.file_line(line) + 1).unwrap_or(u32::MAX),
            column: u32::try_from(col + 1).unwrap_or(u32::MAX),
        }
    }

    /// The text of a YAML line, for messages.
    fn source_line(&self, line: usize) -> String {
        self.lines
            .line(self.file_line(line), self.text)
            .unwrap_or("")
            .to_string()
    }

    /// A marker's byte offset in the file (columns are characters).
    fn offset(&self, m: saphyr::Marker) -> usize {
        let line_start = self.lines.start(self.file_line(m.line()), self.text);
        let line = self.text.get(line_start..).unwrap_or("");
        let column = line
            .char_indices()
            .nth(m.col())
            .map_or(line.len(), |(i, _)| i);
        (line_start + column).min(self.body_start)
    }

    fn span_of(&self, node: &MarkedYaml) -> std::ops::Range<usize> {
        self.offset(node.span.start)..self.offset(node.span.end)
    }
}

/// Reads `yaml`, which stands in `text` after `lines_before` lines and ends before
/// `body_start`.
fn read_yaml(
    name: &str,
    text: &str,
    yaml: &str,
    lines_before: usize,
    body_start: usize,
    warnings: &mut Vec<Warning>,
) -> Result<FrontMatter> {
    let mut front = FrontMatter {
        body_start,
        ..FrontMatter::default()
    };
    let at = Yaml {
        name,
        text,
        lines_before,
        body_start,
        lines: LineStarts::new(text),
    };
    if let Some(m) = too_deep(yaml) {
        return Err(Diagnostic::new(
            at.place(m.line(), m.col()),
            format!("front matter: nested more than {MAX_DEPTH} levels deep"),
        )
        .with_source(at.source_line(m.line()), 1)
        .with_hint("the front matter holds keys with single values, such as `notation: compact`")
        .into());
    }
    let docs = load(yaml).map_err(|e| {
        let m = e.marker();
        Error::from(
            Diagnostic::new(
                at.place(m.line(), m.col()),
                format!("front matter: {}", e.info()),
            )
            .with_source(at.source_line(m.line()), 1),
        )
    })?;
    let Some(doc) = docs.first() else {
        return Ok(front);
    };
    let entries = match &doc.data {
        YamlData::Mapping(map) => map,
        YamlData::Value(Scalar::Null) => return Ok(front),
        YamlData::Representation(t, ..) if matches!(t.as_ref(), "" | "~" | "null") => {
            return Ok(front);
        }
        _ => {
            let m = doc.span.start;
            return Err(Diagnostic::new(
                at.place(m.line(), m.col()),
                "front matter: expected keys and values (`title: …`)",
            )
            .into());
        }
    };
    // Each key as the table knows it, with where it was given: `line-length` and
    // `line_length` are one key, given twice (issue 32: the last won without a word). (By
    // the key: a list walked for each key took as many steps each, 40 000 keys 32 s.)
    let mut given: std::collections::HashMap<String, (String, Location)> =
        std::collections::HashMap::new();
    for (key, value) in entries {
        at.entry(&mut front, &mut given, key, value, warnings)?;
    }
    Ok(front)
}

impl Yaml<'_> {
    /// One key of the front matter and its value, read into `front`; a key given twice (as
    /// the table knows it) is an error, an unknown key a warning.
    fn entry(
        &self,
        front: &mut FrontMatter,
        given: &mut std::collections::HashMap<String, (String, Location)>,
        key: &MarkedYaml,
        value: &MarkedYaml,
        warnings: &mut Vec<Warning>,
    ) -> Result<()> {
        let m = key.span.start;
        let at = self.place(m.line(), m.col());
        let key_text = scalar_text(key).unwrap_or_default();
        let known = key_text.replace('-', "_").to_ascii_lowercase();
        if let Some((first, first_at)) = given.get(&known) {
            return Err(Diagnostic::new(
                at.clone(),
                format!(
                    "front matter: '{key_text}' is '{first}' (line {}) again: a key is given once",
                    first_at.line
                ),
            )
            .with_source(self.source_line(m.line()), key_text.chars().count())
            .with_hint("keep one of the two")
            .into());
        }
        given.insert(known, (key_text.clone(), at.clone()));
        let vm = value.span.start;
        let value_at = self.place(vm.line(), vm.col());
        let text_value = scalar_text(value);
        let bad = |what: String| -> Error {
            Diagnostic::new(
                value_at.clone(),
                format!("front matter: {key_text}: {what}"),
            )
            .with_source(
                self.source_line(vm.line()),
                text_value.as_deref().map_or(1, str::len),
            )
            .into()
        };
        let need_text = || {
            text_value
                .clone()
                .ok_or_else(|| bad("expected a single value".into()))
        };
        let key = key_text.replace('-', "_").to_ascii_lowercase();
        match key.as_str() {
            "title" => {
                front.title = Some(need_text()?);
                front.title_span = Some(self.span_of(value));
            }
            "author" => {
                // Pandoc's list of authors (`author: [A, B]`) is read as `A och B`.
                let names = match &value.data {
                    YamlData::Sequence(items) => items
                        .iter()
                        .map(scalar_text)
                        .collect::<Option<Vec<_>>>()
                        .filter(|n| !n.is_empty()),
                    _ => None,
                };
                front.author = Some(match names {
                    Some(names) => swedish_list(&names),
                    None => need_text()?,
                });
                front.author_span = Some(self.span_of(value));
            }
            "chapters" => {
                let YamlData::Sequence(items) = &value.data else {
                    return Err(bad(
                        "expected a list of chapter files (`- kapitel1.md`)".into()
                    ));
                };
                for item in items {
                    let im = item.span.start;
                    let file = scalar_text(item).ok_or_else(|| {
                        Error::from(
                            Diagnostic::new(
                                self.place(im.line(), im.col()),
                                format!("front matter: {key_text}: expected a file name"),
                            )
                            .with_source(self.source_line(im.line()), 1),
                        )
                    })?;
                    front.chapters.push((file, self.place(im.line(), im.col())));
                }
            }
            _ => match settings::lookup(&key) {
                Some(setting) => {
                    setting.read_yaml(&mut front.settings, value).map_err(bad)?;
                    let line = self.source_line(m.line());
                    front.places.push((setting.key(), at.clone(), line));
                }
                None => warnings.push(unknown_key(at, &key_text, self.source_line(m.line()))),
            },
        }
        Ok(())
    }
}

/// The warning for a key the front matter does not know: it is left out.
fn unknown_key(at: Location, key_text: &str, line: String) -> Warning {
    Warning(
        Diagnostic::new(
            at,
            format!("front matter: unknown key '{key_text}' is left out"),
        )
        .with_source(line, key_text.chars().count())
        .with_hint(format!(
            "known keys: {}",
            BOOK_KEYS
                .into_iter()
                .chain(settings::keys().filter(|k| !BOOK_KEYS.contains(k)))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    )
}

/// Loads the YAML with every scalar kept as written (issue 32: `title: 1.10` became "1.1",
/// `author: 0x1c` "28"): a setting that needs a number or a flag reads it from the text.
fn load(yaml: &str) -> std::result::Result<Vec<MarkedYaml<'_>>, ScanError> {
    let mut loader = YamlLoader::<MarkedYaml>::default();
    loader.early_parse(false);
    Parser::new_from_str(yaml).load(&mut loader, true)?;
    if let Some(e) = loader.error() {
        return Err(e.clone());
    }
    Ok(loader.into_documents())
}

/// The first line of a front matter that is opened and never closed: a line `---` followed
/// by a line that looks like a key (`title: …`), without a closing line.
fn unclosed(text: &str) -> Option<String> {
    let mut lines = text.lines();
    if lines.next()?.trim_end() != "---" {
        return None;
    }
    let next = lines.next()?;
    let (key, _) = next.split_once(':')?;
    let looks_like_key = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-');
    looks_like_key.then(|| "---".to_string())
}

/// Names as a Swedish list: `A`, `A och B`, `A, B och C`.
fn swedish_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} och {last}", rest.join(", ")),
    }
}

/// How deep the front matter's YAML may nest: its keys take single values (depth 1), a list
/// given by mistake is depth 2. saphyr's loader recurses once a level of block nesting (its
/// limit covers only flow collections), so a hostile front matter nested thousands of levels
/// deep would overflow the stack: [`too_deep`] stops it first.
const MAX_DEPTH: usize = 64;

/// The keys of a book's own, besides the settings.
const BOOK_KEYS: [&str; 3] = ["title", "author", "chapters"];

/// Where the YAML first nests deeper than [`MAX_DEPTH`], found by saphyr's event parser (a
/// state machine with a stack of its own, no recursion). A syntax error ends the walk: the
/// loader then reports it, having nested no deeper than this walk allowed.
fn too_deep(yaml: &str) -> Option<Marker> {
    let mut depth = 0usize;
    for event in Parser::new_from_str(yaml) {
        let (event, span) = event.ok()?;
        match event {
            Event::SequenceStart(..) | Event::MappingStart(..) => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(span.start);
                }
            }
            Event::SequenceEnd | Event::MappingEnd => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// The YAML of the front matter and where the body starts.
fn split(text: &str) -> Option<(&str, usize)> {
    let first_end = text.find('\n')?;
    if text[..first_end].trim_end() != "---" {
        return None;
    }
    let yaml_start = first_end + 1;
    let mut pos = yaml_start;
    let mut first_line = true;
    while pos < text.len() {
        let end = text[pos..].find('\n').map_or(text.len(), |i| pos + i + 1);
        let line = text[pos..end].trim_end();
        if first_line && line.is_empty() {
            return None;
        }
        first_line = false;
        if line == "---" || line == "..." {
            return Some((&text[yaml_start..pos], end));
        }
        pos = end;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::{DiagramForm, EnPassant, Moves, Notation, Options};

    fn front(text: &str) -> (Result<FrontMatter>, Vec<Warning>) {
        let mut w = Vec::new();
        (read("bok.md", text, &mut w), w)
    }

    #[test]
    fn scalars_are_text_as_written() {
        // Issue 32: YAML's numbers, null and infinities were written as their values.
        for (value, text) in [
            ("1.10", "1.10"),
            ("0x1c", "0x1c"),
            ("007", "007"),
            ("0o17", "0o17"),
            ("2e5", "2e5"),
            (".inf", ".inf"),
            ("null", "null"),
            ("true", "true"),
            ("\"1.10\"", "1.10"),
            ("'0x1c'", "0x1c"),
        ] {
            let (f, w) = front(&format!("---\ntitle: {value}\nauthor: {value}\n---\n"));
            let f = f.ok().unwrap_or_default();
            assert!(w.is_empty(), "{w:?}");
            assert_eq!(f.title.as_deref(), Some(text), "{value}");
            assert_eq!(f.author.as_deref(), Some(text), "{value}");
        }
        // A setting that needs a number or a flag still reads one.
        let (f, _) = front("---\nline_length: 30\nto_move: false\n---\n");
        let f = f.ok().unwrap_or_default();
        assert_eq!(f.settings.line_length, Some(30));
        assert_eq!(f.settings.to_move, Some(false));
        let (f, _) = front("---\nto_move: \"yes\"\n---\n");
        assert!(f.is_err());
    }

    #[test]
    fn one_key_under_two_spellings_is_an_error_at_the_second() {
        let (f, _) = front("---\nline-length: 14\nline_length: 30\n---\n");
        let Err(Error::Input(d)) = f else {
            panic!("{f:?}")
        };
        assert_eq!((d.location.line, d.location.column), (3, 1));
        assert_eq!(
            d.message,
            "front matter: 'line_length' is 'line-length' (line 2) again: a key is given once"
        );
    }

    #[test]
    fn a_front_matter_never_closed_is_a_warning() {
        let (f, w) = front("---\ntitle: Bok\n\nText.\n");
        assert_eq!(f.ok().unwrap_or_default(), FrontMatter::default());
        assert_eq!(w.len(), 1);
        assert!(w[0].0.message.contains("never closed"), "{w:?}");
        // A thematic break first is no front matter, and no warning.
        let (_, w) = front("---\n\nText.\n");
        assert!(w.is_empty(), "{w:?}");
        let (_, w) = front("---\nText utan kolon.\n");
        assert!(w.is_empty(), "{w:?}");
    }

    #[test]
    fn the_line_of_the_last_of_many_unknown_keys_is_named() {
        let mut text = String::from("---\n");
        for k in 0..5000 {
            text.push_str(&format!("okänd{k}: {k}\n"));
        }
        text.push_str("---\n");
        let (f, w) = front(&text);
        assert!(f.is_ok());
        assert_eq!(w.len(), 5000);
        let last = &w[4999].0;
        assert_eq!(last.location.line, 5001);
        assert_eq!(last.source_line.as_deref(), Some("okänd4999: 4999"));
    }

    #[test]
    fn reads_title_author_and_settings() {
        let text = "---\ntitle: Operapartiet\nauthor: \"Åke Ö\"\nnotation: compact\n\
                    en-passant: e.p.\nprofile: us-brf\nline_length: 32\nto_move: true\n---\n# Hej\n";
        let (f, w) = front(text);
        let f = f.ok().unwrap_or_default();
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(f.title.as_deref(), Some("Operapartiet"));
        assert_eq!(f.author.as_deref(), Some("Åke Ö"));
        assert_eq!(f.settings.notation, Some(Notation::Compact));
        assert_eq!(f.settings.en_passant, Some(EnPassant::EDotP));
        assert_eq!(f.settings.line_length, Some(32));
        assert_eq!(f.settings.to_move, Some(true));
        assert_eq!(&text[f.body_start..], "# Hej\n");
        let (o, p) = f.settings.resolve(Some("sv-a4")).ok().unwrap_or_default();
        assert_eq!(
            (o.line_length, o.page_length, o.notation),
            (32, 25, Notation::Compact)
        );
        assert_eq!(p.map(|p| p.name), Some("us-brf".to_string()));
    }

    #[test]
    fn no_front_matter() {
        // (`---` and a key without a closing line: see a_front_matter_never_closed_is_a_warning.)
        for text in ["# Rubrik\n", "---\n\nText\n", ""] {
            let (f, w) = front(text);
            assert_eq!(f.ok().map(|f| f.body_start), Some(0), "{text:?}");
            assert!(w.is_empty());
        }
    }

    #[test]
    fn unknown_key_warns_bad_value_errors_at_its_place() {
        let (f, w) = front("---\ntitle: T\ndate: 2024\n...\nText\n");
        assert!(f.is_ok());
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].0.location.line, 3);
        assert_eq!(w[0].0.location.column, 1);
        let (f, _) = front("---\ntitle: T\nnotation:   kompakt\n---\n");
        let e = f.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(
            e.starts_with("bok.md:3:13: error: front matter: notation: 'kompakt'"),
            "{e}"
        );
        assert!(e.contains("ordinary, compact"), "{e}");
        let (f, _) = front("---\nline_length: 5\n---\n");
        assert!(f.is_err());
        let (f, _) = front("---\ntitle: [a\n---\n");
        assert!(
            f.err()
                .map(|e| e.to_string())
                .unwrap_or_default()
                .starts_with("bok.md:")
        );
    }

    #[test]
    fn keys_and_values_come_from_the_table() {
        let (f, w) = front(
            "---\nPage-Length: 0\ndouble-check: true\ndiagram: Board\nstart_diagram: false\n---\n",
        );
        let s = f.map(|f| f.settings).unwrap_or_default();
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(s.page_length, Some(0));
        assert_eq!(s.double_check, Some(true));
        assert_eq!(s.diagram, Some(DiagramForm::Board));
        assert_eq!(s.start_diagram, Some(false));
        let (_, w) = front("---\nfärg: röd\n---\n");
        let hint = w.first().and_then(|w| w.0.hint.clone()).unwrap_or_default();
        // Each key once: `title` is a setting too (a bulletin's title).
        let keys: Vec<_> = crate::settings::keys().filter(|k| *k != "title").collect();
        assert_eq!(
            hint,
            format!("known keys: title, author, chapters, {}", keys.join(", "))
        );
        for (text, message) in [
            ("notation: [a, b]", "notation: expected a single value"),
            ("to-move: no", "to-move: expected true or false"),
            (
                "page_length: 1001",
                "page_length: expected a number from 0 to 1000",
            ),
            ("profile: a5", "profile: unknown page profile 'a5'"),
        ] {
            let (f, _) = front(&format!("---\n{text}\n---\n"));
            let e = f.err().map(|e| e.to_string()).unwrap_or_default();
            assert!(e.contains(message), "{text}: {e}");
        }
    }

    /// Hostile front matter: nesting thousands of levels deep (block or flow) and an alias bomb
    /// are errors at their place, found without overflowing the stack or expanding the aliases.
    #[test]
    fn deep_nesting_and_alias_bombs_are_errors_at_their_place() {
        let block: String = (0..10_000)
            .map(|i| format!("{}k{i}:\n", "  ".repeat(i)))
            .collect();
        let sequences = format!("- {}1\n", "- ".repeat(10_000));
        let flow = format!("x: {}{}\n", "[".repeat(10_000), "]".repeat(10_000));
        for (yaml, at, message) in [
            (
                block.as_str(),
                "bok.md:66:129:",
                "nested more than 64 levels deep",
            ),
            (
                sequences.as_str(),
                "bok.md:2:129:",
                "nested more than 64 levels deep",
            ),
            (flow.as_str(), "bok.md:2:", "front matter: "),
        ] {
            let (f, _) = front(&format!("---\n{yaml}---\n# Bok\n"));
            let e = f.err().map(|e| e.to_string()).unwrap_or_default();
            assert!(e.starts_with(at) && e.contains(message), "{e:.300}");
        }
        let mut bomb = String::from("a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for (name, before) in "bcdefghi".chars().zip("abcdefgh".chars()) {
            let refs = vec![format!("*{before}"); 9].join(", ");
            bomb.push_str(&format!("{name}: &{name} [{refs}]\n"));
        }
        let (f, _) = front(&format!("---\n{bomb}---\n"));
        let e = f.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(
            e.starts_with("bok.md:") && e.contains("billion-laughs"),
            "{e:.300}"
        );
        // Nesting within the limit is read (and a list is the usual error of a key's value).
        let (f, _) = front("---\nnotation: [[[a]]]\n---\n");
        let e = f.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("notation: expected a single value"), "{e}");
    }

    #[test]
    fn command_line_wins() {
        let cli = Settings {
            notation: Some(Notation::Ordinary),
            ..Settings::default()
        };
        let book = Settings {
            notation: Some(Notation::Compact),
            moves: Some(Moves::Long),
            ..Settings::default()
        };
        let s = cli.or(book);
        assert_eq!(
            (s.notation, s.moves),
            (Some(Notation::Ordinary), Some(Moves::Long))
        );
        let (o, p) = Settings::default().resolve(None).ok().unwrap_or_default();
        assert_eq!(o, Options::default());
        assert!(p.is_none());
    }
}
