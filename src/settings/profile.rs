//! Page profiles: line length, page length and where the page number stands, one small YAML
//! file each in `templates/`, built into the program; or a file of the user's, named by its
//! path (`--profile ./mitt-papper.yaml`), read the same way with its errors located.

use std::path::Path;

use saphyr::{LoadableYamlNode, MarkedYaml, Scalar, YamlData};

use super::{MAX_LENGTH, MIN_LINE_LENGTH};
use crate::error::{Diagnostic, Error, Location};

/// Where the braille page number stands. It is always right-aligned, on a line of its own.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum PageNumbers {
    /// Alone in the top line of every page (Swedish books, `sv-a4`).
    Top,
    /// At the right end of the last line of every page (BANA, `us-brf`). The line holds only
    /// the number: text never shares it.
    Bottom,
}

/// The profiles, by name, as the files in `templates/` hold them.
const PROFILES: &[(&str, &str)] = &[
    ("sv-a4", include_str!("../../templates/sv-a4.yaml")),
    (
        "sv-a4-duplex",
        include_str!("../../templates/sv-a4-duplex.yaml"),
    ),
    (
        "sv-a4-stor",
        include_str!("../../templates/sv-a4-stor.yaml"),
    ),
    ("us-brf", include_str!("../../templates/us-brf.yaml")),
];

/// The profile a Markdown book gets when neither its front matter nor the command line names one.
pub const DEFAULT_PROFILE: &str = "sv-a4";

/// A page profile.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Profile {
    pub name: String,
    pub description: String,
    /// Cells a line.
    pub line_length: usize,
    /// Lines a page, the page-number line included.
    pub page_length: usize,
    /// Where the page number stands; `None`: pages are not numbered.
    pub page_numbers: Option<PageNumbers>,
    /// Pages on both sides of the sheet (an optional key; false when left out).
    pub duplex: bool,
    /// The most sheets a volume holds (an optional key; 0, one volume however long, when left
    /// out).
    pub volume_sheets: usize,
}

/// The most bytes a profile file may hold: a profile is a few lines. (Read no further: an
/// endless device named as a profile, `/dev/zero`, would fill the memory.)
const PROFILE_BYTES: u64 = 64 * 1024;

/// A profile file's text, unless it is longer than a profile can be.
fn read_profile(name: &str) -> std::io::Result<String> {
    use std::io::Read as _;
    let mut bytes = Vec::new();
    std::fs::File::open(name)?
        .take(PROFILE_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > PROFILE_BYTES {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("more than {PROFILE_BYTES} bytes: this is no page profile"),
        ));
    }
    String::from_utf8(bytes)
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8 text"))
}

impl Profile {
    /// The profile of that name (`sv-a4`, `us-brf`), or of that file (a name with a `/` or
    /// ending in `.yaml` or `.yml`). The error lists the names there are, or is located in the
    /// file.
    pub fn named(name: &str) -> Result<Profile, Error> {
        let name = name.trim();
        if is_file_name(name) {
            let text = read_profile(name).map_err(|e| Error::io(name, e))?;
            return parse(name, &text).map_err(Error::from);
        }
        let Some((file, text)) = PROFILES.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) else {
            return Err(Error::Usage(format!(
                "unknown page profile '{name}' (there are: {}; or give a profile file's path)",
                names().collect::<Vec<_>>().join(", ")
            )));
        };
        parse(&format!("templates/{file}.yaml"), text).map_err(Error::from)
    }
}

/// The file a profile's name reads, when it names a file rather than a built-in profile: an
/// input of the build like any other, which no output may overwrite.
pub(crate) fn file_of(name: &str) -> Option<std::path::PathBuf> {
    let name = name.trim();
    is_file_name(name).then(|| std::path::PathBuf::from(name))
}

/// Whether a profile is named by a file's path rather than a built-in name.
fn is_file_name(name: &str) -> bool {
    let path = Path::new(name);
    name.contains(['/', '\\'])
        || path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| matches!(e.to_ascii_lowercase().as_str(), "yaml" | "yml"))
}

/// The names of the built-in profiles.
pub fn names() -> impl Iterator<Item = &'static str> {
    PROFILES.iter().map(|(n, _)| *n)
}

/// Reads a profile file (`file`: its name, for messages): a mapping of the keys the built-in
/// files explain. A missing key, a wrong value or an unknown key is an error at its place.
fn parse(file: &str, text: &str) -> Result<Profile, Diagnostic> {
    let at = |line: usize, column: usize| Location {
        file: file.to_owned(),
        line: u32::try_from(line).unwrap_or(u32::MAX),
        column: u32::try_from(column + 1).unwrap_or(u32::MAX),
    };
    let source = |line: usize| text.lines().nth(line.saturating_sub(1)).unwrap_or("");
    let fail = |m: saphyr::Marker, message: String, width: usize| {
        Diagnostic::new(at(m.line(), m.col()), format!("page profile: {message}"))
            .with_source(source(m.line()), width.max(1))
    };
    let docs = MarkedYaml::load_from_str(text).map_err(|e| {
        let m = e.marker();
        fail(*m, e.info().to_string(), 1)
    })?;
    let start = saphyr::Marker::new(0, 1, 0);
    let Some(YamlData::Mapping(map)) = docs.first().map(|d| &d.data) else {
        return Err(fail(
            start,
            "expected keys and values (`line_length: 28`)".into(),
            1,
        ));
    };
    let mut name = None;
    let mut description = None;
    let mut line_length = None;
    let mut page_length = None;
    let mut page_numbers = None;
    let mut duplex = false;
    let mut volume_sheets = 0;
    for (key, value) in map {
        let k = super::scalar_text(key).unwrap_or_default();
        let v = super::scalar_text(value).unwrap_or_default();
        let bad = |what: &str| fail(value.span.start, format!("{k}: {what}"), v.chars().count());
        let number = |min: usize| match &value.data {
            YamlData::Value(Scalar::Integer(n)) => usize::try_from(*n)
                .ok()
                .filter(|n| (min..=MAX_LENGTH).contains(n))
                .ok_or_else(|| bad(&format!("expected a number from {min} to {MAX_LENGTH}"))),
            _ => Err(bad(&format!(
                "expected a number from {min} to {MAX_LENGTH}"
            ))),
        };
        match k.as_str() {
            "name" => name = Some(v.clone()),
            "description" => description = Some(v.clone()),
            "line_length" => line_length = Some(number(MIN_LINE_LENGTH)?),
            "page_length" => page_length = Some(number(1)?),
            "volume_sheets" => volume_sheets = number(0)?,
            "duplex" => {
                duplex = match &value.data {
                    YamlData::Value(Scalar::Boolean(b)) => *b,
                    _ => return Err(bad("expected true or false")),
                }
            }
            "page_numbers" => {
                page_numbers = Some(match v.as_str() {
                    "top" => Some(PageNumbers::Top),
                    "bottom" => Some(PageNumbers::Bottom),
                    "none" => None,
                    _ => return Err(bad("expected top, bottom or none")),
                })
            }
            _ => {
                return Err(fail(
                    key.span.start,
                    format!(
                        "unknown key '{k}' (the keys: name, description, line_length, \
                         page_length, page_numbers, duplex, volume_sheets)"
                    ),
                    k.chars().count(),
                ));
            }
        }
    }
    let missing = |key: &str| fail(start, format!("no '{key}'"), 1);
    Ok(Profile {
        name: name.ok_or_else(|| missing("name"))?,
        description: description.unwrap_or_default(),
        line_length: line_length.ok_or_else(|| missing("line_length"))?,
        page_length: page_length.ok_or_else(|| missing("page_length"))?,
        page_numbers: page_numbers.ok_or_else(|| missing("page_numbers"))?,
        duplex,
        volume_sheets,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_profiles_read() {
        for (name, _) in PROFILES {
            let p = Profile::named(name);
            assert!(p.is_ok(), "{name}: {p:?}");
            assert_eq!(p.map(|p| p.name).unwrap_or_default(), *name);
        }
        let a4 = Profile::named("SV-A4").ok();
        assert_eq!(
            a4.as_ref().map(|p| (p.line_length, p.page_length)),
            Some((28, 29))
        );
        assert_eq!(a4.and_then(|p| p.page_numbers), Some(PageNumbers::Top));
        let us = Profile::named("us-brf").ok();
        assert_eq!(
            us.as_ref().map(|p| (p.line_length, p.page_length)),
            Some((40, 25))
        );
        assert_eq!(us.and_then(|p| p.page_numbers), Some(PageNumbers::Bottom));
        assert!(Profile::named("a5").is_err_and(|e| {
            e.to_string()
                .contains("sv-a4, sv-a4-duplex, sv-a4-stor, us-brf")
        }));
        let mtm = Profile::named("sv-a4-duplex").ok();
        assert_eq!(
            mtm.map(|p| (p.line_length, p.page_length, p.duplex, p.volume_sheets)),
            Some((28, 29, true, 50))
        );
    }

    #[test]
    fn a_profile_file_is_read_with_its_errors_located() {
        let ok = parse(
            "p.yaml",
            "name: a3\nline_length: 36\npage_length: 30\npage_numbers: bottom\n",
        );
        assert_eq!(
            ok.map(|p| (p.name, p.line_length, p.page_length, p.page_numbers)),
            Ok(("a3".into(), 36, 30, Some(PageNumbers::Bottom)))
        );
        let place = |text: &str| {
            parse("p.yaml", text)
                .map(|_| (0, 0, String::new()))
                .unwrap_or_else(|d| (d.location.line, d.location.column, d.message))
        };
        let (line, column, message) =
            place("name: x\nline_length: 8\npage_length: 30\npage_numbers: top\n");
        assert_eq!((line, column), (2, 14), "{message}");
        assert!(
            message.contains("line_length: expected a number from 12"),
            "{message}"
        );
        let (line, column, message) = place("name: x\nline_length: 30\nsidor: 3\n");
        assert_eq!((line, column), (3, 1), "{message}");
        assert!(message.contains("unknown key 'sidor'"), "{message}");
        let (line, _, message) = place("name: x\nline_length: 30\n");
        assert_eq!(line, 1);
        assert!(message.contains("no 'page_length'"), "{message}");
        let (line, _, message) = place("name: [x\n");
        assert!(
            line >= 1 && message.starts_with("page profile:"),
            "{message}"
        );
    }
}
