//! What a build did, as the last line says it: the counts of what was read, written and left out.

use super::*;

/// What a build made, for the line `schackpunkt build` says when it is done.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct Summary {
    /// Files read (a book folder's each), standard input counted as one.
    pub inputs: usize,
    /// The outputs written, in order.
    pub outputs: Vec<Written>,
    /// Braille pages, games, diagrams (positions drawn), over all outputs.
    pub pages: u64,
    pub games: u64,
    pub diagrams: u64,
    /// Warnings given.
    pub warnings: usize,
    /// Games and positions left out because they could not be transcribed (`keep_going`):
    /// how many in all, how many of them positions and how many texts between games (in no
    /// game), and the places of the first.
    pub skipped: u64,
    pub skipped_positions: u64,
    pub skipped_texts: u64,
    pub skipped_at: Vec<Location>,
    /// Annotation glyphs (NAGs, `!`, `?`) left out because compact notation has no comment
    /// signs: the documented behaviour, counted here rather than warned about.
    pub nags_left_out: u64,
}

/// One output written.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Written {
    /// `None`: standard output.
    pub path: Option<PathBuf>,
    pub format: Format,
    /// The braille table (BRF only).
    pub table: Option<BrfTable>,
    pub pages: u64,
    pub sheets: u64,
    /// This file is volume k of n (a file a volume).
    pub volume: Option<(usize, usize)>,
    /// The sheets of each volume the file holds, when it holds more than one (PEF, or joined
    /// volumes).
    pub volume_sheets: Vec<u64>,
}

impl std::fmt::Display for Summary {
    /// One line of plain words, for a screen reader as much as for the eye:
    /// `read 3 files; wrote bok.brf (BRF, table nabcc, 24 pages); 24 pages, 3 games, 7
    /// diagrams, no warnings`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count = |n: u64, one: &str, many: &str| match n {
            0 => format!("no {many}"),
            1 => format!("1 {one}"),
            n => format!("{n} {many}"),
        };
        write!(f, "read {}", count(self.inputs as u64, "file", "files"))?;
        if self.outputs.is_empty() {
            write!(f, "; wrote nothing (check)")?;
        }
        for (i, w) in self.outputs.iter().enumerate() {
            let name = w.path.as_ref().map_or_else(
                || "standard output".to_string(),
                |p| crate::error::shown(&p.display().to_string()).into_owned(),
            );
            let format = match w.format {
                Format::Brf => "BRF",
                Format::Unicode => "Unicode braille",
                Format::Pef => "PEF",
                Format::Html => "HTML proof",
            };
            let table = w
                .table
                .map_or_else(String::new, |t| format!(", table {}", value_name(&t)));
            let sep = if i == 0 { "; wrote" } else { "," };
            let sheets = match w.sheets {
                0 => String::new(),
                n => format!(", {}", count(n, "sheet", "sheets")),
            };
            let volume = match (w.volume, w.volume_sheets.as_slice()) {
                (Some((k, n)), _) => format!(", volume {k} of {n}"),
                (None, []) => String::new(),
                (None, each) => {
                    let words: Vec<String> = each.iter().map(u64::to_string).collect();
                    match words.split_last() {
                        Some((last, rest)) => format!(
                            ", {} volumes of {} and {last} sheets",
                            each.len(),
                            rest.join(", ")
                        ),
                        None => String::new(),
                    }
                }
            };
            // A volume after the first is in the format of the first.
            let (format, table, volume) = match w.volume {
                Some((k, _)) if k > 1 => ("", String::new(), volume.replacen(", ", "", 1)),
                _ => (format, table, volume),
            };
            write!(
                f,
                "{sep} {name} ({format}{table}{volume}, {}{sheets})",
                count(w.pages, "page", "pages")
            )?;
        }
        write!(
            f,
            "; {}, {}",
            count(self.games, "game", "games"),
            count(self.diagrams, "diagram", "diagrams"),
        )?;
        if self.skipped > 0 {
            let (p, t) = (self.skipped_positions, self.skipped_texts);
            let g = self.skipped - p - t;
            let parts = [
                (g, count(g, "game", "games")),
                (p, count(p, "position", "positions")),
                (t, count(t, "text between games", "texts between games")),
            ];
            let parts: Vec<String> = parts
                .into_iter()
                .filter(|&(n, _)| n > 0)
                .map(|(_, s)| s)
                .collect();
            let what = match parts.split_last() {
                Some((last, [])) => last.clone(),
                Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
                None => String::new(),
            };
            write!(
                f,
                ", {what} skipped: {}",
                crate::error::places_text(&self.skipped_at, self.skipped as usize)
            )?;
        }
        if self.nags_left_out > 0 {
            write!(
                f,
                ", {} left out (compact notation has no comment signs)",
                count(self.nags_left_out, "annotation glyph", "annotation glyphs")
            )?;
        }
        write!(
            f,
            ", {}",
            count(self.warnings as u64, "warning", "warnings")
        )
    }
}

/// The name a setting's value has on the command line and in the front matter.
pub(super) fn value_name<T: clap::ValueEnum>(value: &T) -> String {
    value
        .to_possible_value()
        .map_or_else(String::new, |v| v.get_name().to_owned())
}

/// What one output's transcription counted.
#[derive(Clone, Debug, Default)]
pub(super) struct Counts {
    /// Pages and sheets of each volume.
    pub(super) volumes: Vec<(u64, u64)>,
    pub(super) pages: u64,
    /// Sheets of paper: the pages, or half of them printed on both sides.
    pub(super) sheets: u64,
    pub(super) games: u64,
    pub(super) diagrams: u64,
    pub(super) format: Option<(Format, BrfTable)>,
    /// Games and positions left out (`keep_going`, `check`), and the places of the first.
    pub(super) skipped: u64,
    pub(super) skipped_positions: u64,
    /// Of them, texts between games (in no game).
    pub(super) skipped_texts: u64,
    pub(super) skipped_at: Vec<Location>,
    /// The games and positions left out were so because `keep_going` said so (else `check`
    /// went on past them, and fails at the end).
    pub(super) kept_going: bool,
    /// Annotation glyphs compact notation left out.
    pub(super) dropped_nags: u64,
    /// The page profile files a book's front matter named: inputs too, which no output may
    /// be (known only once the book is read; issue 32).
    pub(super) profile_files: Vec<PathBuf>,
}

impl Counts {
    /// A game or position left out, at `at`.
    pub(super) fn skip(&mut self, at: &Location) {
        self.skipped += 1;
        if self.skipped_at.len() < crate::error::PLACES_NAMED {
            self.skipped_at.push(at.clone());
        }
    }
}

/// An input as given: a file, or a book folder (its `bok.yaml` and chapters); one output when
/// outputs are one an input.
pub(super) struct Unit {
    pub(super) path: PathBuf,
    pub(super) parts: Vec<Part>,
}
