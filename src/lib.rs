//! schackpunkt: chess books and PGN into Swedish chess braille (*Schacknotation i punktskrift*,
//! 2013), laid out for the embosser.
//!
//! The pipeline runs one way, one module a stage: `source` (bytes, encodings) → `document`
//! (one node stream for every input kind, with places) → `chess` (PGN and FEN read, every move
//! replayed) → `braille` (cells and layout hints) → `layout` (lines, pages) → `output` (BRF,
//! Unicode) → `destination` (files, devices, pipes). The `build` module is the one loop that
//! runs every input through it; `serve` runs builds again as the inputs change.
//!
//! The API is small:
//!
//! - [`run`] a [`Job`]: files, pipes or standard input in; one output per input (beside it or
//!   in a folder), or one file or device, or standard output; nothing written unless the build
//!   succeeds, and never over an input; what `schackpunkt build` and `check` do.
//! - [`remove_temporary_files`]: for a signal handler, before it ends the program.
//! - [`transcribe_bytes`]: one input held in memory, through the whole pipeline, into any
//!   writer.
//! - [`Settings`]: the choices of a build (notation, moves, layout, page geometry …), each
//!   `None` when left to the front matter, the page profile and the defaults.
//! - [`Error`] and [`Warning`]: located diagnostics, rendered like a compiler's.
//! - [`text_to_unicode`]: a plain text in Swedish text braille; [`settings_markdown`]: every
//!   setting, for `schackpunkt settings` and `docs/options.md`.
//! - [`read_file`], [`read_braille`], [`to_pgn`]: braille in compact notation read back into
//!   games, and those games as PGN (`schackpunkt read`).
//! - [`serve`]: the HTML proof of a [`Job`] served to a browser and rebuilt whenever an input
//!   changes (`schackpunkt serve`); [`files_of`]: the files a build of a job reads.

pub(crate) mod braille;
pub(crate) mod build;
pub(crate) mod chess;
pub(crate) mod destination;
pub(crate) mod document;
pub(crate) mod error;
pub(crate) mod layout;
pub(crate) mod output;
pub(crate) mod read;
pub(crate) mod serve;
pub(crate) mod settings;
pub(crate) mod source;

pub use build::{Destination, InputKind, Job, Summary, Written, files_of, run, transcribe_bytes};
pub use destination::remove_temporary_files;
pub use error::{
    Diagnostic, Error, Location, Result, Severity, Shown, Style, WARNINGS_SHOWN, Warning,
};
pub use read::{
    Item as ReadItem, ReadGame, read_braille, read_braille_in_stretches, read_file, to_pgn,
};
pub use serve::{Say, Serve, serve};
pub use settings::{
    BrfTable, ChapterStart, DiagramForm, EnPassant, Format, Layout, Links, MAX_LENGTH,
    MIN_LINE_LENGTH, Moves, Notation, Settings, SourceNotation,
};
pub use source::{Progress, STDIN_NAME, encoding_for_label};

/// Every setting with its values, default, flag, front-matter key and block words, and which
/// source wins: the text of `docs/options.md` (Markdown), made from the one table of settings.
pub fn settings_markdown() -> String {
    let mut md = settings::options_markdown();
    md.push('\n');
    md.push_str(&chess::pieces::languages_markdown());
    md
}

/// Tests: numbers at random from `seed`, the same at every run (a linear congruential
/// generator); each call gives one below its `n`.
#[cfg(test)]
pub(crate) fn numbers_from(mut seed: u64) -> impl FnMut(usize) -> usize {
    move |n| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as usize % n
    }
}

#[cfg(test)]
mod options_doc {
    #[test]
    fn options_doc_is_current() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/options.md");
        let want = super::settings_markdown();
        if std::env::var_os("UPDATE_DOCS").is_some() {
            assert!(std::fs::write(path, &want).is_ok(), "cannot write {path}");
        }
        let have = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            have == want,
            "docs/options.md differs from the tables in src/settings/mod.rs and \
             src/chess/pieces.rs; regenerate it with `UPDATE_DOCS=1 cargo test --lib options_doc` \
             (or `make options-doc`)"
        );
    }
}

/// A plain text in Swedish text braille (rules.md §7), as Unicode braille: for tools and tests
/// that need the cells of a word, a heading or a comment. A character with no rule is written
/// as the substitute ⠘⠘.
pub fn text_to_unicode(text: &str) -> String {
    let mut cells = Vec::new();
    let mut unmapped = Vec::new();
    braille::text::translate(text, &mut cells, &mut unmapped);
    braille::cell::to_unicode_string(&cells)
}

#[cfg(test)]
mod architecture {
    //! The pipeline's import rule, checked on the source: a stage imports only the stages
    //! before it (and the foundations: errors, settings), and no two files of a stage import
    //! each other, directly or round a cycle. Test modules are left out: a test may run a
    //! later stage to show what a block gives.

    use std::collections::BTreeMap;
    use std::path::Path;

    /// The stages in pipeline order, foundations first; `build` is the loop over them all.
    const ORDER: [&str; 13] = [
        "error",
        "settings",
        "source",
        "document",
        "chess",
        "braille",
        "layout",
        "output",
        "destination",
        "read",
        "build",
        "serve",
        "main",
    ];

    fn rank(module: &str) -> Option<usize> {
        ORDER.iter().position(|m| *m == module)
    }

    /// The code of a file without its test module and comments.
    fn code(text: &str) -> String {
        let end = text.find("#[cfg(test)]\nmod ").unwrap_or(text.len());
        text[..end]
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Names following `prefix` in `code` (`crate::` → `braille`, `super::` → `game`).
    fn paths<'a>(code: &'a str, prefix: &str) -> Vec<&'a str> {
        code.match_indices(prefix)
            .map(|(i, _)| {
                let rest = &code[i + prefix.len()..];
                let end = rest
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len());
                &rest[..end]
            })
            .filter(|m| !m.is_empty())
            .collect()
    }

    /// Every source file: (stage, file stem, code); a folder inside a stage's (a room of
    /// rooms: `read/games/`) as one, by its name.
    fn files() -> Vec<(String, String, String)> {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut out = Vec::new();
        let stem = |path: &Path| {
            path.file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("")
                .to_owned()
        };
        for entry in std::fs::read_dir(&src).into_iter().flatten().flatten() {
            let path = entry.path();
            let name = stem(&path);
            if path.is_dir() {
                for f in std::fs::read_dir(&path).into_iter().flatten().flatten() {
                    let f = f.path();
                    if f.is_dir() && f.file_name().is_some_and(|n| n == "tests") {
                        // (Test modules, as in `code`.)
                        continue;
                    }
                    if f.is_dir() {
                        // A room of rooms: one node, its files' imports of the stage
                        // together (`super::` in its files but `mod.rs` is inside it).
                        let mut code = String::new();
                        nested(&f, &mut code);
                        out.push((name.clone(), stem(&f), code));
                    } else if f.extension().is_some_and(|e| e == "rs") {
                        let text = std::fs::read_to_string(&f).unwrap_or_default();
                        out.push((name.clone(), stem(&f), self::code(&text)));
                    }
                }
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                out.push((name, stem(&path), code(&text)));
            }
        }
        out
    }

    /// The code of the files of the folder `dir` (and its folders) that reaches out of it:
    /// all but the `super::` paths of its files other than its `mod.rs`, which stay inside.
    fn nested(dir: &Path, out: &mut String) {
        for f in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let f = f.path();
            if f.is_dir() {
                nested(&f, out);
                continue;
            }
            if f.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = code(&std::fs::read_to_string(&f).unwrap_or_default());
            let root = f.file_stem().is_some_and(|s| s == "mod") && f.parent() == Some(dir);
            out.push_str(&match root {
                true => text,
                false => text.replace("super::", "inner::"),
            });
            out.push('\n');
        }
    }

    #[test]
    fn stages_import_only_earlier_stages() {
        let files = files();
        assert!(files.len() > 20, "the source was not found");
        let mut wrong = Vec::new();
        for (stage, stem, code) in &files {
            if stage == "lib" {
                continue;
            }
            let Some(own) = rank(stage) else {
                wrong.push(format!("{stage}: not a stage of the pipeline"));
                continue;
            };
            for target in paths(code, "crate::") {
                match rank(target) {
                    Some(r) if r <= own => {}
                    _ => wrong.push(format!("{stage}/{stem} imports crate::{target}")),
                }
            }
        }
        assert!(wrong.is_empty(), "imports against the pipeline: {wrong:#?}");
    }

    #[test]
    fn no_import_cycle_inside_a_stage() {
        let files = files();
        let mut graph: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
        for (stage, stem, code) in &files {
            let mut targets: Vec<String> = paths(code, "super::")
                .into_iter()
                .map(str::to_owned)
                .collect();
            let own = format!("crate::{stage}::");
            targets.extend(paths(code, &own).into_iter().map(str::to_owned));
            targets.retain(|t| t != stem);
            graph.insert((stage.clone(), stem.clone()), targets);
        }
        // Depth-first search for a cycle among the files of each stage.
        fn visit(
            node: &(String, String),
            graph: &BTreeMap<(String, String), Vec<String>>,
            path: &mut Vec<(String, String)>,
        ) -> Option<Vec<(String, String)>> {
            if let Some(i) = path.iter().position(|n| n == node) {
                return Some(path[i..].to_vec());
            }
            path.push(node.clone());
            for t in graph.get(node).into_iter().flatten() {
                let next = (node.0.clone(), t.clone());
                if graph.contains_key(&next)
                    && next.1 != "mod"
                    && let Some(c) = visit(&next, graph, path)
                {
                    return Some(c);
                }
            }
            path.pop();
            None
        }
        for node in graph.keys() {
            let cycle = visit(node, &graph, &mut Vec::new());
            assert!(cycle.is_none(), "import cycle: {cycle:?}");
        }
    }
}
