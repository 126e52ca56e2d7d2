//! YAML front matter of a Markdown book (the `---` block of Pandoc): title, author and defaults
//! for the build options, which the command line overrides.
//!
//! Read with saphyr (YAML 1.2: `no` and `off` are text, not false), keeping every key's place
//! for messages. The key names are those of the command-line options, with `_` or `-`.

use clap::ValueEnum;
use saphyr::{LoadableYamlNode, MarkedYaml, Scalar, YamlData};

use super::profile::Profile;
use crate::error::{Diagnostic, Error, Location, Result, Warning};
use crate::options::{
    DiagramForm, EnPassant, Format, Layout, MIN_LINE_LENGTH, Moves, Notation, Options,
};

/// The longest line and page a setting may ask for.
const MAX_LENGTH: usize = 1000;

/// Build options set by one source (a book's front matter, the command line); `None` leaves
/// the choice to the next source, then to the page profile and the defaults.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct Settings {
    pub notation: Option<Notation>,
    pub moves: Option<Moves>,
    pub layout: Option<Layout>,
    pub en_passant: Option<EnPassant>,
    pub format: Option<Format>,
    pub diagram: Option<DiagramForm>,
    /// A page profile name (`sv-a4`, `us-brf`).
    pub profile: Option<String>,
    pub line_length: Option<usize>,
    pub page_length: Option<usize>,
    pub double_check: Option<bool>,
    pub to_move: Option<bool>,
    pub start_diagram: Option<bool>,
}

impl Settings {
    /// These settings, with `other`'s where these have none (`cli.or(book)`).
    pub fn or(self, other: Settings) -> Settings {
        Settings {
            notation: self.notation.or(other.notation),
            moves: self.moves.or(other.moves),
            layout: self.layout.or(other.layout),
            en_passant: self.en_passant.or(other.en_passant),
            format: self.format.or(other.format),
            diagram: self.diagram.or(other.diagram),
            profile: self.profile.or(other.profile),
            line_length: self.line_length.or(other.line_length),
            page_length: self.page_length.or(other.page_length),
            double_check: self.double_check.or(other.double_check),
            to_move: self.to_move.or(other.to_move),
            start_diagram: self.start_diagram.or(other.start_diagram),
        }
    }

    /// The options these settings give, and the page profile: the one named, else
    /// `default_profile` (Markdown books: [`DEFAULT_PROFILE`](super::profile::DEFAULT_PROFILE);
    /// PGN: none, which keeps pages unnumbered). Line and page length come from the settings,
    /// else from the profile, else from [`Options::default`].
    pub fn resolve(&self, default_profile: Option<&str>) -> Result<(Options, Option<Profile>)> {
        let profile = match self.profile.as_deref().or(default_profile) {
            Some(name) => Some(Profile::named(name).map_err(Error::Usage)?),
            None => None,
        };
        let d = Options::default();
        let options = Options {
            notation: self.notation.unwrap_or(d.notation),
            moves: self.moves.unwrap_or(d.moves),
            layout: self.layout.unwrap_or(d.layout),
            en_passant: self.en_passant.unwrap_or(d.en_passant),
            format: self.format.unwrap_or(d.format),
            diagram: self.diagram.unwrap_or(d.diagram),
            line_length: self
                .line_length
                .or(profile.as_ref().map(|p| p.line_length))
                .unwrap_or(d.line_length),
            page_length: self
                .page_length
                .or(profile.as_ref().map(|p| p.page_length))
                .unwrap_or(d.page_length),
            double_check: self.double_check.unwrap_or(d.double_check),
            to_move: self.to_move.unwrap_or(d.to_move),
            start_diagram: self.start_diagram.unwrap_or(d.start_diagram),
        };
        Ok((options, profile))
    }
}

/// What a book's front matter says.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct FrontMatter {
    pub title: Option<String>,
    pub author: Option<String>,
    pub settings: Settings,
    /// Byte offset in the file where the Markdown after the front matter starts (0: none).
    pub body_start: usize,
}

/// Finds and reads the front matter at the start of `text`: a line `---`, YAML, a line `---`
/// or `...`. Without both lines (or with a blank line right after the first, which Pandoc
/// reads as a thematic break) there is none. Keys it does not know are warnings; a wrong value
/// is an input error at its place.
pub fn read(name: &str, text: &str, warnings: &mut Vec<Warning>) -> Result<FrontMatter> {
    let Some((yaml, body_start)) = split(text) else {
        return Ok(FrontMatter::default());
    };
    let mut front = FrontMatter {
        body_start,
        ..FrontMatter::default()
    };
    // Lines of the YAML start at line 2 of the file.
    let place = |line: usize, col: usize| Location {
        file: name.to_string(),
        line: u32::try_from(line + 1).unwrap_or(u32::MAX),
        column: u32::try_from(col + 1).unwrap_or(u32::MAX),
    };
    let source_line = |line: usize| text.lines().nth(line).unwrap_or("").to_string();
    let docs = MarkedYaml::load_from_str(yaml).map_err(|e| {
        let m = e.marker();
        Error::from(
            Diagnostic::new(
                place(m.line(), m.col()),
                format!("front matter: {}", e.info()),
            )
            .with_source(source_line(m.line()), 1),
        )
    })?;
    let Some(doc) = docs.first() else {
        return Ok(front);
    };
    let entries = match &doc.data {
        YamlData::Mapping(map) => map,
        YamlData::Value(Scalar::Null) => return Ok(front),
        _ => {
            let m = doc.span.start;
            return Err(Diagnostic::new(
                place(m.line(), m.col()),
                "front matter: expected keys and values (`title: …`)",
            )
            .into());
        }
    };
    for (key, value) in entries {
        let m = key.span.start;
        let at = place(m.line(), m.col());
        let key_text = scalar_text(key).unwrap_or_default();
        let vm = value.span.start;
        let value_at = place(vm.line(), vm.col());
        let text_value = scalar_text(value);
        let bad = |what: String| -> Error {
            Diagnostic::new(
                value_at.clone(),
                format!("front matter: {key_text}: {what}"),
            )
            .with_source(
                source_line(vm.line()),
                text_value.as_deref().map_or(1, str::len),
            )
            .into()
        };
        let need_text = || {
            text_value
                .clone()
                .ok_or_else(|| bad("expected a single value".into()))
        };
        let s = &mut front.settings;
        match key_text.replace('-', "_").to_ascii_lowercase().as_str() {
            "title" => front.title = Some(need_text()?),
            "author" => front.author = Some(need_text()?),
            "notation" => s.notation = Some(choice(&need_text()?).map_err(bad)?),
            "moves" => s.moves = Some(choice(&need_text()?).map_err(bad)?),
            "layout" => s.layout = Some(choice(&need_text()?).map_err(bad)?),
            "en_passant" => s.en_passant = Some(choice(&need_text()?).map_err(bad)?),
            "format" => s.format = Some(choice(&need_text()?).map_err(bad)?),
            "diagram" => s.diagram = Some(choice(&need_text()?).map_err(bad)?),
            "profile" => {
                let p = need_text()?;
                Profile::named(&p).map_err(bad)?;
                s.profile = Some(p);
            }
            "line_length" => {
                s.line_length = Some(length(value, MIN_LINE_LENGTH).map_err(bad)?);
            }
            "page_length" => s.page_length = Some(length(value, 0).map_err(bad)?),
            "double_check" => s.double_check = Some(boolean(value).map_err(bad)?),
            "to_move" => s.to_move = Some(boolean(value).map_err(bad)?),
            "start_diagram" => s.start_diagram = Some(boolean(value).map_err(bad)?),
            _ => warnings.push(Warning(
                Diagnostic::new(
                    at,
                    format!("front matter: unknown key '{key_text}' is left out"),
                )
                .with_source(source_line(m.line()), key_text.chars().count())
                .with_hint(
                    "known keys: title, author, notation, moves, layout, en_passant, format, \
                     diagram, profile, line_length, page_length, double_check, to_move, start_diagram",
                ),
            )),
        }
    }
    Ok(front)
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

/// A scalar as text (numbers and booleans as written); `None` for a list or mapping.
fn scalar_text(node: &MarkedYaml) -> Option<String> {
    match &node.data {
        YamlData::Value(s) => Some(match s {
            Scalar::Null => String::new(),
            Scalar::Boolean(b) => b.to_string(),
            Scalar::Integer(i) => i.to_string(),
            Scalar::FloatingPoint(f) => f.to_string(),
            Scalar::String(s) => s.to_string(),
        }),
        YamlData::Representation(s, _, _) => Some(s.to_string()),
        _ => None,
    }
}

/// One of the names of an option (those of the command line).
fn choice<T: ValueEnum>(text: &str) -> Result<T, String> {
    T::from_str(text.trim(), true).map_err(|_| {
        let names: Vec<String> = T::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value().map(|p| p.get_name().to_string()))
            .collect();
        format!("'{text}' is not one of {}", names.join(", "))
    })
}

fn length(node: &MarkedYaml, min: usize) -> Result<usize, String> {
    let n = match &node.data {
        YamlData::Value(Scalar::Integer(i)) => usize::try_from(*i).ok(),
        _ => scalar_text(node).and_then(|t| t.trim().parse().ok()),
    };
    match n {
        Some(n) if (min..=MAX_LENGTH).contains(&n) => Ok(n),
        _ => Err(format!("expected a number from {min} to {MAX_LENGTH}")),
    }
}

fn boolean(node: &MarkedYaml) -> Result<bool, String> {
    match &node.data {
        YamlData::Value(Scalar::Boolean(b)) => Ok(*b),
        _ => Err("expected true or false".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn front(text: &str) -> (Result<FrontMatter>, Vec<Warning>) {
        let mut w = Vec::new();
        (read("bok.md", text, &mut w), w)
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
        for text in ["# Rubrik\n", "---\n\nText\n", "---\ntitle: x\n", ""] {
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
