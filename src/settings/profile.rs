//! Page profiles: line length, page length and where the page number stands, one small YAML
//! file each in `templates/`, built into the program.

use saphyr::{LoadableYamlNode, Yaml};

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
}

impl Profile {
    /// The profile of that name (`sv-a4`, `us-brf`); the error lists the names there are.
    pub fn named(name: &str) -> Result<Profile, String> {
        let Some((_, text)) = PROFILES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name.trim()))
        else {
            return Err(format!(
                "unknown page profile '{name}' (there are: {})",
                names().collect::<Vec<_>>().join(", ")
            ));
        };
        parse(text)
    }
}

/// The names of the built-in profiles.
pub fn names() -> impl Iterator<Item = &'static str> {
    PROFILES.iter().map(|(n, _)| *n)
}

/// Reads a profile file.
fn parse(text: &str) -> Result<Profile, String> {
    let docs = Yaml::load_from_str(text).map_err(|e| format!("page profile: {e}"))?;
    let doc = docs.first().ok_or("page profile: empty file")?;
    let get = |key: &str| {
        doc.as_mapping_get(key)
            .ok_or(format!("page profile: no '{key}'"))
    };
    let string = |key: &str| -> Result<String, String> {
        get(key)?
            .as_str()
            .map(str::to_string)
            .ok_or(format!("page profile: '{key}' is not text"))
    };
    let number = |key: &str| -> Result<usize, String> {
        get(key)?
            .as_integer()
            .and_then(|n| usize::try_from(n).ok())
            .ok_or(format!("page profile: '{key}' is not a number"))
    };
    let page_numbers = match string("page_numbers")?.as_str() {
        "top" => Some(PageNumbers::Top),
        "bottom" => Some(PageNumbers::Bottom),
        "none" => None,
        other => {
            return Err(format!(
                "page profile: page_numbers '{other}': top, bottom or none"
            ));
        }
    };
    Ok(Profile {
        name: string("name")?,
        description: string("description")?,
        line_length: number("line_length")?,
        page_length: number("page_length")?,
        page_numbers,
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
        assert!(Profile::named("a5").is_err_and(|e| e.contains("sv-a4, us-brf")));
    }
}
