//! Book folders: `schackpunkt build DIR` builds one book from the chapter files of a folder, in
//! the order its `bok.yaml` lists them (as mdBook's SUMMARY.md does), or else in the order of
//! their names.
//!
//! `bok.yaml` holds what a book's front matter holds (title, author, settings) and `chapters`,
//! the list of chapter files. Without it the first chapter's front matter is the book's (and
//! may list the chapters itself). A chapter's own front matter may change settings for that
//! chapter, never the page. Markdown files of the folder that no list names are left out with a
//! warning each; a listed file that is missing is an error at its place in the list.

use std::path::{Path, PathBuf};

use super::InputKind;
use crate::document::frontmatter::{self, FrontMatter};
use crate::error::{Diagnostic, Error, Location, Result, Warning};

/// The book file of a folder.
pub(crate) const BOOK_FILE: &str = "bok.yaml";

/// What a file of an output is to the book it belongs to.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum Role {
    /// A file given on its own: its own front matter, its own title page.
    Alone,
    /// A folder's `bok.yaml`: the book's title page, contents list and settings.
    BookFile,
    /// A chapter of a folder; `head`: the first chapter of a folder without `bok.yaml`, whose
    /// front matter is the book's.
    Chapter { head: bool },
}

/// One file of an output, with its kind and role.
#[derive(Clone, Debug)]
pub(crate) struct Part {
    pub path: PathBuf,
    pub kind: InputKind,
    pub role: Role,
}

/// The files of a book folder, in order; warnings for the Markdown files left out.
/// Every file must stand inside the folder, links resolved, unless `allow_outside`.
pub(crate) fn parts(
    dir: &Path,
    allow_outside: bool,
    warn: &mut dyn FnMut(&Warning),
) -> Result<Vec<Part>> {
    let book_file = dir.join(BOOK_FILE);
    let inside = Inside::of(dir, allow_outside)?;
    let (markdown, odd) = markdown_files(dir)?;
    for file in markdown
        .iter()
        .chain(Some(&book_file).filter(|f| f.exists()))
    {
        inside.check(file, None)?;
    }
    let (mut parts, named, list_file) = if book_file.is_file() {
        let text = read(&book_file)?;
        let name = book_file.display().to_string();
        let front = frontmatter::read_book_file(&name, &text, &mut Vec::new())?;
        let chapters = listed(dir, &front, &inside)?;
        let head = Part {
            path: book_file.clone(),
            kind: InputKind::Markdown,
            role: Role::BookFile,
        };
        (vec![head], chapters, Some((name, front)))
    } else {
        let Some(first) = markdown.first() else {
            return Err(Error::io(
                dir,
                std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    format!(
                        "a folder is read as a book: chapter files (.md) or a {BOOK_FILE}; \
                         it holds neither"
                    ),
                ),
            ));
        };
        let text = read(first)?;
        let name = first.display().to_string();
        let front = frontmatter::read(&name, &text, &mut Vec::new())?;
        let mut chapters = vec![first.clone()];
        chapters.extend(
            listed(dir, &front, &inside)?
                .into_iter()
                .filter(|c| !same_file(c, first)),
        );
        (Vec::new(), chapters, Some((name, front)))
    };
    let by_list = list_file
        .as_ref()
        .is_some_and(|(_, f)| !f.chapters.is_empty());
    // A `.md` that is no file (a link to nothing, a pipe, a folder): in a book of the
    // folder's files, a chapter that cannot be read; beside a list, one more left out.
    // (Issue 32: it was left out without a word.)
    if let Some((path, what)) = odd.first().filter(|_| !by_list) {
        return Err(chapter_no_file(path, what));
    }
    let chapters = if by_list { named } else { markdown.clone() };
    if let Some((name, _)) = &list_file
        && by_list
    {
        for file in markdown
            .iter()
            .chain(odd.iter().map(|(path, _)| path))
            .filter(|m| !chapters.iter().any(|c| same_file(c, m)))
        {
            warn(&Warning(Diagnostic::new(
                Location {
                    file: name.clone(),
                    line: 1,
                    column: 1,
                },
                format!(
                    "{} is in the book folder but not among its chapters: left out",
                    file.display()
                ),
            )));
        }
    }
    let first_chapter = parts.is_empty();
    for (i, path) in chapters.into_iter().enumerate() {
        // A chapter may be games or positions too (`parti.pgn`, `slutspel.fen`).
        let kind = InputKind::of(&path)?;
        parts.push(Part {
            path,
            kind,
            role: Role::Chapter {
                head: first_chapter && i == 0,
            },
        });
    }
    Ok(parts)
}

/// The error of a chapter of a book folder that is no file (a link to nothing, a pipe, a
/// folder), in a book of the folder's files.
fn chapter_no_file(path: &Path, what: &str) -> Error {
    let at = Location {
        file: path.display().to_string(),
        line: 1,
        column: 1,
    };
    let message = format!("a chapter of the book folder is {what}, not a file");
    Diagnostic::new(at, message)
        .with_hint(
            "the .md files of a book folder are its chapters: move this one out, or list the \
             chapters in bok.yaml",
        )
        .into()
}

/// Where a book folder's files may stand: inside the folder as it really is (links
/// resolved), or anywhere with `--allow-outside` (issue 32: `chapters: [../secret.md]`, an
/// absolute path, or a chapter that was a link to `/etc/passwd` was transcribed without a
/// word; `serve` shows what a folder holds and must not show more).
struct Inside {
    /// The folder's real path; `None`: anywhere.
    root: Option<PathBuf>,
}

impl Inside {
    fn of(dir: &Path, allow_outside: bool) -> Result<Inside> {
        let root = match allow_outside {
            true => None,
            false => Some(dir.canonicalize().map_err(|e| Error::io(dir, e))?),
        };
        Ok(Inside { root })
    }

    /// An error when `path` (which exists) leads out of the folder: at `at` in the list of
    /// chapters, or naming the file.
    fn check(&self, path: &Path, at: Option<(&Location, &str)>) -> Result<()> {
        let Some(root) = &self.root else {
            return Ok(());
        };
        let real = path.canonicalize().map_err(|e| Error::io(path, e))?;
        if real.starts_with(root) {
            return Ok(());
        }
        let message = match at {
            Some((_, file)) => format!(
                "the chapter {file} is outside the book folder ({})",
                real.display()
            ),
            None => format!(
                "{} leads out of the book folder (to {})",
                path.display(),
                real.display()
            ),
        };
        let hint = "a book folder's chapters stand inside it; give --allow-outside to take \
                    files from elsewhere";
        Err(match at {
            Some((at, file)) => Diagnostic::new(at.clone(), message)
                .with_width(file.chars().count().max(1))
                .with_hint(hint)
                .into(),
            None => Diagnostic::new(
                Location {
                    file: path.display().to_string(),
                    line: 1,
                    column: 1,
                },
                message,
            )
            .with_hint(hint)
            .into(),
        })
    }
}

/// The chapter files a front matter lists, each checked to be there (and inside the folder).
/// The files a book folder's `bok.yaml` names, whether they are there or not, and `bok.yaml`
/// itself: what a build of a folder that is no book yet would read once mended (for `serve`,
/// which watches them). Empty when there is no `bok.yaml` or it cannot be read.
pub(super) fn named(dir: &Path) -> Vec<PathBuf> {
    let book_file = dir.join(BOOK_FILE);
    let Ok(text) = read(&book_file) else {
        return Vec::new();
    };
    let name = book_file.display().to_string();
    let chapters = frontmatter::read_book_file(&name, &text, &mut Vec::new())
        .map(|front| front.chapters)
        .unwrap_or_default();
    std::iter::once(book_file)
        .chain(chapters.into_iter().map(|(file, _)| dir.join(file)))
        .collect()
}

fn listed(dir: &Path, front: &FrontMatter, inside: &Inside) -> Result<Vec<PathBuf>> {
    let mut chapters: Vec<PathBuf> = Vec::new();
    for (file, at) in &front.chapters {
        let path = dir.join(file);
        if !path.is_file() {
            let message = match no_file(&path) {
                Some(what) => format!("the chapter {} is {what}, not a file", path.display()),
                None => format!("no chapter file {} in the book folder", path.display()),
            };
            return Err(Diagnostic::new(at.clone(), message)
                .with_width(file.chars().count().max(1))
                .into());
        }
        inside.check(&path, Some((at, file)))?;
        if InputKind::of(&path).is_err() {
            // (Not `--input-format`'s hint: it names the kind of the inputs given, not of a
            // folder's chapters; issue 32.)
            let message = format!(
                "{}: a chapter is a .md, .pgn, .fen or .epd file",
                path.display()
            );
            return Err(Diagnostic::new(at.clone(), message)
                .with_width(file.chars().count().max(1))
                .into());
        }
        if chapters.iter().any(|c| same_file(c, &path)) {
            return Err(Diagnostic::new(
                at.clone(),
                format!("{file} is listed twice among the chapters"),
            )
            .with_width(file.chars().count().max(1))
            .into());
        }
        chapters.push(path);
    }
    Ok(chapters)
}

/// The Markdown files of a folder, in the order of their names; and the entries named as
/// Markdown files that are none, with what they are ([`no_file`]).
#[allow(clippy::type_complexity)]
fn markdown_files(dir: &Path) -> Result<(Vec<PathBuf>, Vec<(PathBuf, &'static str)>)> {
    let entries = std::fs::read_dir(dir).map_err(|e| Error::io(dir, e))?;
    let mut files = Vec::new();
    let mut odd = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| Error::io(dir, e))?.path();
        let md = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| matches!(e.to_ascii_lowercase().as_str(), "md" | "markdown"));
        if !md {
            continue;
        }
        match no_file(&path).filter(|_| !path.is_file()) {
            Some(what) => odd.push((path, what)),
            None => files.push(path),
        }
    }
    // In the order a reader counts: 2 before 10.
    files.sort_by_cached_key(|p| natural_key(&p.to_string_lossy()));
    odd.sort_by_cached_key(|(p, _)| natural_key(&p.to_string_lossy()));
    Ok((files, odd))
}

/// What stands at `path` when it is no regular file (links followed): a link to nothing, a
/// folder, a pipe, a device or a socket; `None` when nothing stands there at all.
fn no_file(path: &Path) -> Option<&'static str> {
    let Ok(meta) = std::fs::metadata(path) else {
        return std::fs::symlink_metadata(path)
            .is_ok()
            .then_some("a link to nothing");
    };
    let kind = meta.file_type();
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a pipe (FIFO)");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
        if kind.is_block_device() || kind.is_char_device() {
            return Some("a device");
        }
    }
    match (kind.is_dir(), kind.is_file()) {
        (true, _) => Some("a folder"),
        (_, true) => None,
        _ => Some("no regular file"),
    }
}

/// A name as runs of text and of digits, the digits as numbers: `kap2` before `kap10`.
fn natural_key(name: &str) -> Vec<(String, u128)> {
    let mut key = Vec::new();
    let mut rest = name;
    while !rest.is_empty() {
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits > 0 {
            key.push((String::new(), rest[..digits].parse().unwrap_or(u128::MAX)));
            rest = &rest[digits..];
        } else {
            let text = rest
                .find(|c: char| c.is_ascii_digit())
                .unwrap_or(rest.len());
            key.push((rest[..text].to_lowercase(), 0));
            rest = &rest[text..];
        }
    }
    key
}

fn same_file(a: &Path, b: &Path) -> bool {
    a == b
        || a.canonicalize()
            .ok()
            .zip(b.canonicalize().ok())
            .is_some_and(|(a, b)| a == b)
}

/// A book file's or chapter's text, for its front matter (the build reads it again, through
/// the source stage, with its encoding).
fn read(path: &Path) -> Result<String> {
    crate::source::open(path, None)?.read_text(true)
}
