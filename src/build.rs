//! The build job and the one loop of the pipeline: every input, whatever its kind, goes
//! source → document → chess → braille → layout → output here, and nowhere else.
//!
//! Each input is read as a stream of document nodes (a PGN game, a FEN line at a time), turned
//! into blocks and laid out at once, so memory stays bounded by the largest game, not the file.
//! Where the output goes, and how a failed build writes nothing, is `destination`'s part.

mod bulletin;
mod folder;
mod games;
mod verify;

use std::cell::{Cell, RefCell};
use std::io::{self, BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use encoding_rs::Encoding;

use crate::braille::diagram::{BOARD_LINES, BOARD_WIDTH, diagram};
use crate::braille::{self, Block, Made, Origin, book};
use crate::chess::fen::parse_fen_line;
use crate::destination;
use crate::document::fen::FenLine;
use crate::document::frontmatter;
use crate::document::{Document, Games, Node, Pos, Words};
use crate::error::{Diagnostic, Error, LeftOut, Location, Reporter, Result, Warning};
use crate::layout::{self, Layouter, LineSink};
use crate::output::{Joined, Meta, Output, VolumeWrite};
use crate::settings::Settings;
use crate::settings::profile::{self, DEFAULT_PROFILE, PageNumbers, Profile};
use crate::settings::{BrfTable, ChapterStart, DiagramForm, Format, Links, Notation, Options};
use crate::source::{self, Progress};
use folder::{Part, Role};
use games::Step;

/// What kind of document an input is: from its file extension, or as `--input-kind` says.
#[derive(Copy, Clone, Debug, Eq, PartialEq, clap::ValueEnum)]
pub enum InputKind {
    /// Games in PGN.
    Pgn,
    /// Positions, one FEN a line, drawn as diagrams.
    Fen,
    /// Positions in EPD, one a line, drawn as diagrams under their `id` and comments.
    Epd,
    /// A chess book in Markdown.
    #[value(name = "md")]
    Markdown,
}

impl InputKind {
    /// The kind an input's name says: standard input (`-`) is PGN (a broadcast piped in)
    /// unless `--input-format` says otherwise; an unknown extension is a usage error that
    /// points to `--input-format`.
    pub fn of(path: &Path) -> Result<InputKind> {
        if path.as_os_str() == "-" {
            return Ok(InputKind::Pgn);
        }
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        match ext.as_str() {
            "pgn" => Ok(InputKind::Pgn),
            "fen" => Ok(InputKind::Fen),
            "epd" => Ok(InputKind::Epd),
            "md" | "markdown" => Ok(InputKind::Markdown),
            _ => Err(Error::Usage(format!(
                "{}: unknown kind of input (expected .pgn, .fen, .epd or .md, or give \
                 --input-format)",
                path.display()
            ))),
        }
    }
}

/// Where the output goes.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Destination {
    /// One output per input, beside it, with the format's extension.
    BesideInput,
    /// Every input into this one file (a device, a FIFO or a socket is written in place).
    File(PathBuf),
    /// One output per input in this folder, named after the input with the format's extension.
    Folder(PathBuf),
    /// Every input to standard output (written only when the whole build succeeded).
    Stdout,
    /// Nowhere: each input goes through the whole pipeline and its output is dropped
    /// (`schackpunkt check`).
    Discard,
}

/// A build: inputs, destination, and the options given (on the command line); a book's front
/// matter fills in what they leave open.
#[derive(Clone, Debug)]
pub struct Job {
    pub inputs: Vec<PathBuf>,
    pub destination: Destination,
    pub settings: Settings,
    /// Decode every input with this encoding instead of detecting it.
    pub input_encoding: Option<&'static Encoding>,
    /// Read every input as this kind, whatever its name says (needed for standard input).
    pub input_kind: Option<InputKind>,
    /// Warnings fail the build (exit code 1, nothing written); all are still shown.
    pub deny_warnings: bool,
    /// Threads that translate games; 0: one a core. The output is the same whatever the
    /// number.
    pub jobs: usize,
    /// Where the build says how far it has got (for a progress bar), if anywhere.
    pub progress: Option<Arc<Progress>>,
    /// Read every game back from the braille written and compare it with its source, move by
    /// move (`None`: for books, not for games and positions alone).
    pub verify: Option<bool>,
    /// A book folder's chapters may be files outside it (`--allow-outside`); else each must
    /// stand inside the folder, links resolved.
    pub allow_outside: bool,
}

/// The most threads a build starts, whatever `--jobs` asks.
const MAX_JOBS: usize = 256;

impl Job {
    /// How the loop runs: its threads, and whether it only checks.
    fn drive(&self) -> Drive {
        // More threads than games in flight gain nothing; tens of thousands cannot start.
        let jobs = match self.jobs {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
        .min(MAX_JOBS);
        Drive {
            jobs,
            check: self.destination == Destination::Discard,
            progress: self.progress.clone(),
            verify: self.verify,
        }
    }

    /// What `path` holds: `--input-kind` when given, else its extension.
    fn kind_of(&self, path: &Path) -> Result<InputKind> {
        self.input_kind.map_or_else(|| InputKind::of(path), Ok)
    }

    /// The output format of an input built on its own: the command line's, else a book's
    /// front matter's (or its folder's `bok.yaml`'s; read here for the output's name; not a
    /// stream's), else the default.
    fn format_of(&self, part: &Part) -> Result<Format> {
        if let Some(format) = self.settings.format {
            return Ok(format);
        }
        let path = &part.path;
        // A stream is read once, by the build: its output's name cannot wait for it.
        if part.kind == InputKind::Markdown && std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
            let mut input = source::open(path, self.input_encoding)?;
            let text = input.read_text(true)?;
            let front = front_of(&input.name, &text, part.role)?;
            if let Some(format) = front.settings.format {
                return Ok(format);
            }
        }
        Ok(Format::default())
    }

    /// What the inputs are: a file each, a book folder's files together.
    /// Each input as a unit of files (a book folder's parts, or the file alone), or why it
    /// cannot be one (a folder without `bok.yaml`, a `bok.yaml` that cannot be read).
    fn units(&self, warn: &mut dyn FnMut(&Warning)) -> Vec<Result<Unit>> {
        self.inputs.iter().map(|p| self.unit(p, warn)).collect()
    }

    fn unit(&self, path: &Path, warn: &mut dyn FnMut(&Warning)) -> Result<Unit> {
        let folder = path.as_os_str() != "-" && path.is_dir();
        // `.` or `..` has no name to give the book: the folder's own name is taken.
        let path = match folder && path.file_name().is_none() {
            true => path.canonicalize().map_err(|e| Error::io(path, e))?,
            false => path.to_path_buf(),
        };
        let parts = if folder {
            folder::parts(&path, self.allow_outside, warn)?
        } else {
            vec![Part {
                path: path.clone(),
                kind: self.kind_of(&path)?,
                role: Role::Alone,
            }]
        };
        Ok(Unit { path, parts })
    }
}

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
fn value_name<T: clap::ValueEnum>(value: &T) -> String {
    value
        .to_possible_value()
        .map_or_else(String::new, |v| v.get_name().to_owned())
}

/// What one output's transcription counted.
#[derive(Clone, Debug, Default)]
struct Counts {
    /// Pages and sheets of each volume.
    volumes: Vec<(u64, u64)>,
    pages: u64,
    /// Sheets of paper: the pages, or half of them printed on both sides.
    sheets: u64,
    games: u64,
    diagrams: u64,
    format: Option<(Format, BrfTable)>,
    /// Games and positions left out (`keep_going`, `check`), and the places of the first.
    skipped: u64,
    skipped_positions: u64,
    /// Of them, texts between games (in no game).
    skipped_texts: u64,
    skipped_at: Vec<Location>,
    /// The games and positions left out were so because `keep_going` said so (else `check`
    /// went on past them, and fails at the end).
    kept_going: bool,
    /// Annotation glyphs compact notation left out.
    dropped_nags: u64,
    /// The page profile files a book's front matter named: inputs too, which no output may
    /// be (known only once the book is read; issue 32).
    profile_files: Vec<PathBuf>,
}

impl Counts {
    /// A game or position left out, at `at`.
    fn skip(&mut self, at: &Location) {
        self.skipped += 1;
        if self.skipped_at.len() < crate::error::PLACES_NAMED {
            self.skipped_at.push(at.clone());
        }
    }
}

/// An input as given: a file, or a book folder (its `bok.yaml` and chapters); one output when
/// outputs are one an input.
struct Unit {
    path: PathBuf,
    parts: Vec<Part>,
}

/// Runs a build. Warnings go to `warn` as they are found; with [`Job::deny_warnings`] the
/// first one fails the build once its input is through, and nothing is written.
/// Returns what was read and written.
pub fn run(job: &Job, warn: &mut dyn FnMut(&Warning)) -> Result<Summary> {
    let first: RefCell<Option<Warning>> = RefCell::new(None);
    let count = Cell::new(0usize);
    let mut seen = |w: &Warning| {
        // An error that left out its game is no warning: it has its own count and exit code.
        if !w.is_error() {
            count.set(count.get() + 1);
            first.borrow_mut().get_or_insert_with(|| w.clone());
        }
        warn(w);
    };
    // Asked before any output is put in place (renamed, copied to standard output).
    let gate = || -> Result<()> {
        match &*first.borrow() {
            Some(w) if job.deny_warnings => Err(denied(w, count.get())),
            _ => Ok(()),
        }
    };
    let mut summary = run_gated(job, &mut seen, &gate)?;
    summary.warnings = count.get();
    Ok(summary)
}

/// The error a denied warning becomes: the warning itself, at its place.
fn denied(w: &Warning, count: usize) -> Error {
    let mut d = w.0.clone();
    d.message = match count {
        0 | 1 => format!("{} (warning denied by --deny-warnings)", d.message),
        n => format!(
            "{} (warning denied by --deny-warnings; {} more)",
            d.message,
            n - 1
        ),
    };
    if d.hint.is_none() {
        d.hint = Some("without --deny-warnings, warnings do not stop the build".into());
    }
    d.into()
}

fn run_gated(
    job: &Job,
    warn: &mut dyn FnMut(&Warning),
    gate: &dyn Fn() -> Result<()>,
) -> Result<Summary> {
    // `-o bok.pef` without `--format`: the name says the format (`.brf`, `.txt`, `.pef`,
    // `.html`), as it would say it for an output beside its input.
    let named;
    let job = match (&job.destination, job.settings.format) {
        (Destination::File(target), None) => match Format::of_extension(target) {
            Some(format) => {
                named = Job {
                    settings: Settings {
                        format: Some(format),
                        ..job.settings.clone()
                    },
                    ..job.clone()
                };
                &named
            }
            None => job,
        },
        _ => job,
    };
    if job.inputs.is_empty() {
        return Err(Error::Usage("no input given".into()));
    }
    // `check` names an input that cannot be a unit (a folder without `bok.yaml`) where it
    // stands among the others and checks them; a build stops at it.
    let units = job.units(warn);
    let checking = matches!(job.destination, Destination::Discard);
    let mut unit_errors: Vec<(usize, Error)> = Vec::new();
    let mut inputs = Vec::with_capacity(units.len());
    for (k, unit) in units.into_iter().enumerate() {
        match unit {
            Ok(unit) => inputs.push(unit),
            Err(e) if checking => unit_errors.push((k, e)),
            Err(e) => return Err(e),
        }
    }
    // Every file read, for the check that no output is an input: the page profile's file
    // too (issue 32: `--profile ./p.yaml -o p.yaml` wrote braille over it).
    let profile = job.settings.profile.as_deref().and_then(profile::file_of);
    let read: Vec<PathBuf> = job
        .inputs
        .iter()
        .cloned()
        .chain(
            inputs
                .iter()
                .flat_map(|u| u.parts.iter().map(|p| p.path.clone())),
        )
        .chain(profile)
        .collect();
    let summary = RefCell::new(Summary {
        inputs: inputs.iter().map(|u| u.parts.len()).sum(),
        ..Summary::default()
    });
    // Counts one output's transcription: written to files (a volume each when there are as
    // many), to standard output (`Some(vec![])`), or nowhere (`check`).
    let tally = |counts: Counts, files: Option<Vec<PathBuf>>| {
        let mut s = summary.borrow_mut();
        s.pages += counts.pages;
        s.games += counts.games;
        s.diagrams += counts.diagrams;
        s.skipped += counts.skipped;
        s.skipped_positions += counts.skipped_positions;
        s.skipped_texts += counts.skipped_texts;
        for at in counts.skipped_at {
            if s.skipped_at.len() < crate::error::PLACES_NAMED {
                s.skipped_at.push(at);
            }
        }
        s.nags_left_out += counts.dropped_nags;
        let (Some(files), Some((format, table))) = (files, counts.format) else {
            return;
        };
        let table = (format == Format::Brf).then_some(table);
        let n = counts.volumes.len();
        if files.len() > 1 && files.len() == n {
            for (k, (path, (pages, sheets))) in files.into_iter().zip(counts.volumes).enumerate() {
                s.outputs.push(Written {
                    path: Some(path),
                    format,
                    table,
                    pages,
                    sheets,
                    volume: Some((k + 1, n)),
                    volume_sheets: Vec::new(),
                });
            }
        } else {
            s.outputs.push(Written {
                path: files.into_iter().next(),
                format,
                table,
                pages: counts.pages,
                sheets: counts.sheets,
                volume: None,
                volume_sheets: match n {
                    0 | 1 => Vec::new(),
                    _ => counts.volumes.iter().map(|v| v.1).collect(),
                },
            });
        }
    };
    if job.inputs.iter().filter(|p| p.as_os_str() == "-").count() > 1 {
        return Err(Error::Usage(
            "standard input (-) is given more than once; it can be read only once".into(),
        ));
    }
    // One output file per input, or one for all: each checked before anything is read.
    let one_each = |folder: Option<&Path>| -> Result<Vec<Option<PathBuf>>> {
        let targets: Vec<Option<PathBuf>> = inputs
            .iter()
            .map(|unit| {
                let input = &unit.path;
                if input.as_os_str() == "-" {
                    return match folder {
                        // Standard input's output goes to standard output.
                        None => Ok(None),
                        Some(_) => Err(Error::Usage(
                            "standard input has no name to give its output in a folder; give \
                             -o FILE or -o -"
                                .into(),
                        )),
                    };
                }
                let format = match unit.parts.first() {
                    Some(part) => job.format_of(part)?,
                    None => Format::default(),
                };
                let own = input.with_extension(format.extension());
                Ok(Some(match folder {
                    None => own,
                    Some(dir) => dir.join(own.file_name().unwrap_or(own.as_os_str())),
                }))
            })
            .collect::<Result<_>>()?;
        let named: Vec<(PathBuf, &Path)> = targets
            .iter()
            .zip(inputs.iter())
            .filter_map(|(t, unit)| Some((t.clone()?, unit.path.as_path())))
            .collect();
        let read = destination::Inputs::new(&read);
        for (target, _) in &named {
            read.refuse(target)?;
        }
        destination::refuse_shared_outputs(&named)?;
        Ok(targets)
    };
    // Every output is written aside first and put in place only once all are written and the
    // gate is passed: a clash or a full disk at the last output leaves every output as it was
    // (issue 32).
    let put_in_place = |written: Vec<(Counts, destination::Pending)>,
                        warn: &mut dyn FnMut(&Warning)|
     -> Result<()> {
        let (counts, pending): (Vec<Counts>, Vec<destination::Pending>) =
            written.into_iter().unzip();
        for (first, last, n, pattern) in destination::stale_volumes(&pending) {
            warn(&stale_volumes(&first, &last, n, &pattern));
        }
        gate()?;
        // The profile files the books named are inputs too.
        let mut read = read.clone();
        read.extend(counts.iter().flat_map(|c| c.profile_files.iter().cloned()));
        let files = destination::commit(pending, &read)?;
        for (counts, files) in counts.into_iter().zip(files) {
            tally(counts, Some(files));
        }
        Ok(())
    };
    let each = |targets: Vec<Option<PathBuf>>, warn: &mut dyn FnMut(&Warning)| -> Result<()> {
        let mut written = Vec::with_capacity(targets.len());
        for (input, target) in inputs.iter().zip(targets) {
            let mut counts = Counts::default();
            let pending = destination::prepare(target.as_deref(), |w| {
                counts = transcribe(std::slice::from_ref(input), job, w, warn)?;
                Ok(())
            })?;
            written.push((counts, pending));
        }
        put_in_place(written, warn)
    };
    let done = match &job.destination {
        Destination::BesideInput => each(one_each(None)?, warn),
        Destination::Folder(dir) => {
            // A folder named with its `/` that is not there yet is made (its parent must be
            // there); a build that then writes nothing into it takes it away again.
            let made = !dir.exists();
            if made {
                std::fs::create_dir(dir).map_err(|e| {
                    let why = match e.kind() {
                        // (`name/` where a file is: the slash makes it no path to the file.)
                        io::ErrorKind::AlreadyExists => "not a folder",
                        io::ErrorKind::NotFound => "no such folder, and no folder to make it in",
                        _ => return Error::io(dir, e),
                    };
                    Error::io(dir, io::Error::new(e.kind(), why))
                })?;
            } else if !dir.is_dir() {
                return Err(Error::io(
                    dir,
                    io::Error::new(io::ErrorKind::NotADirectory, "not a folder"),
                ));
            }
            let done = one_each(Some(dir)).and_then(|targets| each(targets, warn));
            if made && done.is_err() {
                // (Only an empty folder goes: anything written stays, as it would.)
                let _ = std::fs::remove_dir(dir);
            }
            done
        }
        Destination::File(target) => {
            destination::refuse_input_as_output(target, &read)?;
            let mut counts = Counts::default();
            let pending = destination::prepare(Some(target), |w| {
                counts = transcribe(&inputs, job, w, warn)?;
                Ok(())
            })?;
            put_in_place(vec![(counts, pending)], warn)
        }
        Destination::Discard => {
            // Each input on its own, as beside-input outputs would be (its own front matter).
            // Every error is reported: a bad game or position is left out and the check goes
            // on; an input that cannot be read at all (or opened) is named and the next one
            // checked.
            // Every error in input order (games left out included), and whether one of them
            // fails the check (a game left out under --keep-going alone does not).
            let mut failed = Counts::default();
            let mut failing = false;
            let mut unreadable = false;
            // The inputs in their order, those that are no unit among them.
            let mut units = inputs.iter();
            let mut unit_errors = unit_errors.into_iter().peekable();
            for k in 0..job.inputs.len() {
                let checked = match unit_errors.next_if(|(at, _)| *at == k) {
                    Some((_, e)) => Err(e),
                    None => match units.next() {
                        Some(input) => {
                            transcribe(std::slice::from_ref(input), job, &mut io::sink(), warn)
                        }
                        None => break,
                    },
                };
                match checked {
                    Ok(counts) => {
                        for at in &counts.skipped_at {
                            failed.skip(at);
                        }
                        failed.skipped += counts.skipped - counts.skipped_at.len() as u64;
                        failing |= !counts.kept_going && counts.skipped > 0;
                        tally(counts, None);
                    }
                    Err(Error::Input(d)) => {
                        failing = true;
                        failed.skip(&d.location);
                        warn(&Warning::skipped(*d));
                    }
                    // An input that cannot be opened or read (nothing is written here): named,
                    // and the next one checked.
                    Err(Error::Io { path, source }) => {
                        let at = Location {
                            file: path.display().to_string(),
                            line: 1,
                            column: 1,
                        };
                        failed.skip(&at);
                        failing = true;
                        unreadable = true;
                        let message = format!("cannot be read: {source}");
                        warn(&Warning::skipped(Diagnostic::new(at, message)));
                    }
                    Err(e) => return Err(e),
                }
            }
            // The closing count names them all: the games --keep-going left out too, which
            // the summary (not shown after an error) would have named.
            if failing {
                return Err(Error::Reported {
                    count: failed.skipped as usize,
                    places: failed.skipped_at,
                    unreadable,
                });
            }
            gate()
        }
        Destination::Stdout => {
            let mut counts = Counts::default();
            let pending = destination::prepare(None, |w| {
                counts = transcribe(&inputs, job, w, warn)?;
                Ok(())
            })?;
            put_in_place(vec![(counts, pending)], warn)
        }
    };
    done?;
    Ok(summary.into_inner())
}

/// The warning for the files of an earlier build's volumes beyond this build's (issue 32):
/// named, never removed, as they may be another input's outputs.
fn stale_volumes(first: &Path, last: &Path, n: usize, pattern: &str) -> Warning {
    let files = match n {
        1 => format!("{} is", first.display()),
        _ => format!(
            "{} files, {} to {}, are",
            n,
            first.display(),
            last.display()
        ),
    };
    Warning(
        Diagnostic::new(
            Location {
                file: first.display().to_string(),
                line: 1,
                column: 1,
            },
            format!(
                "{files} left beside this build's volumes and were not written by it (an \
                 earlier build's volumes?)"
            ),
        )
        .with_hint(format!(
            "remove them before embossing the volumes as {pattern}"
        )),
    )
}

/// The warning for an input with nothing in it (docs/decisions.md: an empty input gives an
/// empty output and this warning, so that `--deny-warnings` catches an emptied file).
fn empty_input(name: &str, what: &str) -> Warning {
    Warning(Diagnostic::new(
        Location {
            file: name.to_owned(),
            line: 1,
            column: 1,
        },
        format!("{what} in this file: nothing is transcribed from it"),
    ))
}

/// An input opened for transcription: a book is read whole (books are small and Markdown
/// needs the whole text), games and positions stream, unless the output has a contents list
/// or volumes (then their text is spooled to a temporary file, to be laid out more than
/// once without being held in memory).
enum Prepared {
    Book(String),
    Stream(source::Input),
    Spooled(source::Spooled),
}

impl Prepared {
    /// A copy for a trial pass of the contents list (a stream is never copied: with a
    /// contents list, streams are spooled).
    fn copy(&self, name: &str) -> Result<Option<Prepared>> {
        Ok(match self {
            Prepared::Book(t) => Some(Prepared::Book(t.clone())),
            Prepared::Spooled(t) => Some(Prepared::Spooled(
                t.share().map_err(|e| Error::io(name, e))?,
            )),
            Prepared::Stream(_) => None,
        })
    }
}

/// The pages a pass lays out of a bulletin's title page and contents list alone (its first
/// input read as empty: no games, no index); `None` when the first input is no spooled PGN.
fn front_pages(
    pass: Pass<'_, '_>,
    opened: &[(String, Prepared, InputKind, Role)],
    each: &[Options],
) -> Result<Option<u64>> {
    let (Some((name, Prepared::Spooled(text), InputKind::Pgn, role)), Some(options)) =
        (opened.first(), each.first())
    else {
        return Ok(None);
    };
    let alone = vec![(
        name.clone(),
        Prepared::Spooled(text.emptied()),
        InputKind::Pgn,
        *role,
    )];
    let laid = pass.run(alone, vec![options.clone()], NoLines)?;
    Ok(Some(laid.counts.pages))
}

/// A sink that only counts: the trial passes of a contents list.
struct NoLines;

impl LineSink for NoLines {
    fn line(&mut self, _: &[braille::Cell]) -> io::Result<()> {
        Ok(())
    }
    fn end_page(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The options of one output: the command line's, over the front matter of its first input
/// when that is a book. Books are paginated by a page profile (`sv-a4` unless one is named);
/// games and diagrams only when a profile is named.
fn resolve(
    settings: &Settings,
    name: &str,
    first: &Prepared,
    role: Role,
    base: Option<&Settings>,
) -> Result<(Options, Option<Profile>)> {
    match first {
        Prepared::Book(text) => {
            let front = front_of(name, text, role)?;
            let merged = settings
                .clone()
                .or(front.settings)
                .or(base.cloned().unwrap_or_default());
            bulletin_notation(merged).resolve(Some(DEFAULT_PROFILE))
        }
        // A bulletin is a book of games: its pages are numbered as a book's.
        Prepared::Stream(_) | Prepared::Spooled(_) => match settings.bulletin {
            Some(true) => bulletin_notation(settings.clone()).resolve(Some(DEFAULT_PROFILE)),
            _ => settings.resolve(None),
        },
    }
}

/// A bulletin is written in compact notation, the notation of scoresheets and bulletins
/// (rules.md §3), unless a notation is asked for.
fn bulletin_notation(mut settings: Settings) -> Settings {
    if settings.bulletin == Some(true) && settings.notation.is_none() {
        settings.notation = Some(Notation::Compact);
    }
    settings
}

/// An error at the first of `keys` a book's front matter sets (its key underlined), when it
/// sets one: the setting's name and the diagnostic.
fn at_setting(
    name: &str,
    text: &str,
    role: Role,
    keys: &[&str],
    message: &str,
) -> Option<(&'static str, Diagnostic)> {
    let front = front_of(name, text, role).ok()?;
    let (key, at, line) = front
        .places
        .into_iter()
        .find(|(k, _, _)| keys.contains(k))?;
    Some((
        key,
        Diagnostic::new(at, message).with_source(line, key.len()),
    ))
}

/// The front matter of a book, or a folder's `bok.yaml`.
fn front_of(name: &str, text: &str, role: Role) -> Result<frontmatter::FrontMatter> {
    match role {
        Role::BookFile => frontmatter::read_book_file(name, text, &mut Vec::new()),
        _ => frontmatter::read(name, text, &mut Vec::new()),
    }
}

/// How the loop runs, besides what it writes.
#[derive(Clone, Debug)]
struct Drive {
    /// Threads that translate games.
    jobs: usize,
    /// Nothing is written (`check`): every error is reported, each bad game or position left
    /// out as with `keep_going`.
    check: bool,
    /// Bytes read and games written are counted here (the last pass's games only).
    progress: Option<Arc<Progress>>,
    /// The build checks itself (`None`: books do, games and positions alone do not).
    verify: Option<bool>,
}

/// Transcribes inputs into one output stream.
fn transcribe(
    inputs: &[Unit],
    job: &Job,
    out: &mut dyn VolumeWrite,
    warn: &mut dyn FnMut(&Warning),
) -> Result<Counts> {
    let mut opened = Vec::with_capacity(inputs.len());
    for part in inputs.iter().flat_map(|u| &u.parts) {
        let input = source::open_counted(&part.path, job.input_encoding, job.progress.as_ref())?;
        opened.push((input, part.kind, part.role));
    }
    transcribe_opened(opened, &job.settings, job.drive(), out, warn)
}

/// The whole pipeline on one input given as bytes, with no file read or written: `name` is
/// used in messages, `kind` says what the bytes are, `encoding` forces a decoding (else it is
/// detected as for a file). For tests, fuzzing and programs that hold their input in memory;
/// [`run`] is the build job itself.
pub fn transcribe_bytes(
    name: &str,
    kind: InputKind,
    bytes: Vec<u8>,
    settings: &Settings,
    encoding: Option<&'static Encoding>,
    out: &mut dyn Write,
    warn: &mut dyn FnMut(&Warning),
) -> Result<()> {
    let encoding_given = encoding.is_some();
    let (encoding, not_utf8_at) = match encoding {
        Some(e) => (e, None),
        None => source::sniff_at(&mut &bytes[..]).map_err(|e| Error::io(name, e))?,
    };
    let input = source::Input {
        name: name.to_owned(),
        encoding,
        not_utf8_at,
        encoding_given,
        reader: source::decoder(name, io::Cursor::new(bytes), encoding),
    };
    let mut out = Joined(out);
    let drive = Drive {
        jobs: 1,
        check: false,
        progress: None,
        verify: Some(false),
    };
    transcribe_opened(
        vec![(input, kind, Role::Alone)],
        settings,
        drive,
        &mut out,
        warn,
    )
    .map(|_| ())
}

/// The warning for a bulletin asked of a build with no .pgn file to lay out as one.
fn no_bulletin(file: &str) -> Warning {
    let d = Diagnostic::new(
        Location {
            file: file.to_owned(),
            line: 1,
            column: 1,
        },
        "bulletin: true lays out the games of .pgn files, and this build has none: its games \
         keep their own headings (in compact notation, a bulletin's, unless a notation is \
         given)",
    );
    Warning(
        d.with_hint("build the rounds' .pgn files, or a book folder listing them, as a bulletin"),
    )
}

/// The warning for a bulletin without pages (`page_length` 0).
fn unpaged_bulletin(file: &str) -> Warning {
    let d = Diagnostic::new(
        Location {
            file: file.to_owned(),
            line: 1,
            column: 1,
        },
        "page_length 0 writes no pages: the bulletin has no contents list and no index of \
         players, which name pages",
    );
    Warning(d.with_hint("give the embosser's page length (--page-length) to have them"))
}

/// The warning for an input whose bytes are not UTF-8, at the first byte that is not (the
/// encoding was guessed from there). A UTF-16 byte-order mark names its encoding as
/// `--input-encoding` would: no warning then.
fn not_utf8(input: &source::Input, (line, column): (u32, u32)) -> Warning {
    let message = format!(
        "not UTF-8 from here on: the whole file is read as {}",
        input.encoding.name()
    );
    let d = Diagnostic::new(
        Location {
            file: input.name.clone(),
            line,
            column,
        },
        message,
    );
    Warning(d.with_hint("save the file as UTF-8, or give --input-encoding if this is right"))
}

/// Transcribes opened inputs into one output stream: the one loop.
fn transcribe_opened(
    inputs: Vec<(source::Input, InputKind, Role)>,
    settings: &Settings,
    drive: Drive,
    out: &mut dyn VolumeWrite,
    warn: &mut dyn FnMut(&Warning),
) -> Result<Counts> {
    let mut reporter = Reporter::new(warn);
    let mut opened = Vec::with_capacity(inputs.len());
    for (mut input, kind, role) in inputs {
        // A warning when the encoding was found, not when it was given.
        if let Some(at) = input.not_utf8_at.filter(|_| !input.encoding_given) {
            reporter.warn(not_utf8(&input, at));
        }
        let name = input.name.clone();
        let prepared = if kind == InputKind::Markdown {
            Prepared::Book(input.read_text(true)?)
        } else {
            Prepared::Stream(input)
        };
        opened.push((name, prepared, kind, role));
    }
    // The settings of each book folder (its `bok.yaml`, or its first chapter's front matter)
    // under its chapters' own.
    let mut bases = Vec::with_capacity(opened.len());
    let mut base: Option<Settings> = None;
    for (name, prepared, _, role) in &opened {
        match (role, prepared) {
            (Role::BookFile | Role::Chapter { head: true }, Prepared::Book(text)) => {
                base = Some(front_of(name, text, *role)?.settings);
                bases.push(None);
            }
            (Role::Chapter { head: false }, _) => bases.push(base.clone()),
            _ => {
                base = None;
                bases.push(None);
            }
        }
    }
    // The page is the first book's (games and positions have no front matter), else the
    // command line's; each book keeps its own other settings, and must agree on the page.
    let Some(((first_name, first, _, first_role), first_base)) = opened
        .iter()
        .zip(&bases)
        .find(|((_, p, _, _), _)| matches!(p, Prepared::Book(_)))
        .or(opened.iter().zip(&bases).next())
    else {
        return Err(Error::Usage("no input given".into()));
    };
    let (mut options, profile) = resolve(
        settings,
        first_name,
        first,
        *first_role,
        first_base.as_ref(),
    )?;
    let page = Page::of(&options, profile.as_ref());
    let mut profile_files: Vec<PathBuf> = Vec::new();
    let mut each = Vec::with_capacity(opened.len());
    let mut wanted = false;
    // A `<!-- toc -->` anywhere places the one contents list: `toc: true` adds none.
    let mut marker = false;
    for ((name, prepared, _, role), base) in opened.iter().zip(&bases) {
        let own = match prepared {
            Prepared::Book(text) => {
                let own = resolve(settings, name, prepared, *role, base.as_ref())?;
                marker |= crate::document::markdown::has_contents_marker(text);
                wanted |= own.0.toc || marker;
                own
            }
            Prepared::Stream(_) | Prepared::Spooled(_) => (options.clone(), profile.clone()),
        };
        // (The profile's own name is inside its file: the file is the one the settings name.)
        if let Prepared::Book(text) = prepared {
            let front = front_of(name, text, *role)?;
            let named = [
                front.settings.profile,
                base.as_ref().and_then(|b| b.profile.clone()),
            ];
            profile_files.extend(named.iter().flatten().filter_map(|n| profile::file_of(n)));
        }
        let theirs = Page::of(&own.0, own.1.as_ref());
        if let Some((difference, keys)) = page.differs(&theirs) {
            if matches!(role, Role::Chapter { .. }) {
                let message = format!(
                    "a chapter cannot change the page of its book ({difference}); set it for \
                     the whole book in {} or the first chapter",
                    folder::BOOK_FILE
                );
                // At the chapter's own setting, when its front matter gives it.
                if let Prepared::Book(text) = prepared
                    && let Some((key, mut d)) = at_setting(name, text, *role, keys, &message)
                {
                    d.message = format!("{key}: {message}");
                    return Err(d.into());
                }
                return Err(Error::Usage(format!("{name}: {message}")));
            }
            return Err(Error::Usage(format!(
                "{first_name} and {name} cannot be one output: {difference}; build them apart \
                 (-o DIR/) or give them the same page settings"
            )));
        }
        each.push(own.0);
    }
    let mut meta = meta(&opened, &options, settings)?;
    // A bulletin of games: a title page, a contents list down to the games, an index. It lays
    // out .pgn files; a build of none keeps its games' own headings, and is told so.
    let bulletin = options.bulletin
        && opened
            .iter()
            .any(|(_, p, k, _)| *k == InputKind::Pgn && !matches!(p, Prepared::Book(_)));
    // A page of one line has no room for a page number beside its text (issue 32: the
    // numbers were left out without a word).
    if options.page_length == 1 && profile.as_ref().is_some_and(|p| p.page_numbers.is_some()) {
        let message = "a page of 1 line has no room for a page number beside its text: the \
                       pages are not numbered";
        let at = opened.iter().find_map(|(name, p, _, role)| match p {
            Prepared::Book(text) if settings.page_length.is_none() => {
                at_setting(name, text, *role, &["page_length"], message).map(|(_, d)| d)
            }
            _ => None,
        });
        let d = at.unwrap_or_else(|| {
            Diagnostic::new(
                Location {
                    file: first_name.clone(),
                    line: 1,
                    column: 1,
                },
                message,
            )
        });
        reporter.warn(Warning(d.with_hint(
            "give a page length of 2 lines or more, or a profile without page numbers",
        )));
    }
    if options.bulletin && !bulletin {
        reporter.warn(no_bulletin(first_name));
        options.bulletin = false;
        for o in &mut each {
            o.bulletin = false;
        }
    }
    // A book's front matter has made the title page: the bulletin makes none of its own.
    let book_titled = meta.title.is_some() || meta.author.is_some();
    let mut bulletin = bulletin.then(|| {
        if !book_titled {
            // The setting's title, else (learnt in the first pass) the Event tag's.
            // (An empty title is none: the Event tag's.)
            meta.title = settings.title.clone().filter(|t| !t.trim().is_empty());
        }
        bulletin::Bulletin::new(meta.title.clone(), !book_titled, options.page_length > 0)
    });
    if bulletin.is_some() {
        // Without pages, no contents list and no index: they name pages.
        wanted = options.page_length > 0;
        if !wanted {
            reporter.warn(unpaged_bulletin(first_name));
        }
        // A game from a `[FEN]` position (Chess960, an adjourned game) cannot be followed
        // without it: a bulletin draws every start position.
        options.start_diagram = true;
        for o in &mut each {
            o.toc_depth = o.toc_depth.max(2);
            o.start_diagram = true;
        }
    }
    let mut contents = book::Contents {
        wanted,
        ..Default::default()
    };
    let mut volumes = Volumes {
        titled: (matches!(opened.first(), Some((_, Prepared::Book(_), _, _)))
            || bulletin.is_some())
            && (meta.title.is_some() || meta.author.is_some()),
        ..Volumes::default()
    };
    // Volumes of at most this many pages (0: one volume).
    let per_sheet = options.pages_per_sheet();
    let limit = u32::try_from(options.volume_sheets as u64 * per_sheet).unwrap_or(u32::MAX);
    let split = limit > 0 && options.page_length > 0;
    // (A bulletin learns its title from its first game: laid out again even without pages.)
    if wanted || split || bulletin.is_some() {
        // Laid out more than once: streams are spooled.
        let mut spool = source::Spool::default();
        for (_, prepared, _, _) in &mut opened {
            if let Prepared::Stream(input) = prepared {
                *prepared = Prepared::Spooled(input.spool(&mut spool)?);
            }
        }
        let numbered =
            options.page_length > 0 && profile.as_ref().and_then(|p| p.page_numbers).is_some();
        for _ in 1..PASSES {
            let mut copies = Vec::with_capacity(opened.len());
            for (n, p, k, r) in &opened {
                if let Some(copy) = p.copy(n)? {
                    copies.push((n.clone(), copy, *k, *r));
                }
            }
            let mut quiet = |_: &Warning| {};
            let quiet = Reporter::new(&mut quiet);
            let mut trial = Pass::trial(
                &options,
                profile.as_ref(),
                marker,
                &volumes,
                &meta,
                &drive,
                quiet,
            );
            (trial.contents, trial.bulletin) = (contents.clone(), bulletin.clone());
            let laid = trial.run(copies, each.clone(), NoLines)?;
            bulletin = laid.bulletin;
            // The title a bulletin learnt from its first game: its title page, each volume's,
            // the PEF's and the proof's head.
            let title = bulletin.as_ref().and_then(|b| b.title.clone());
            let retitled = bulletin.is_some() && title != meta.title;
            if retitled {
                meta.title = title;
                volumes.titled = meta.title.is_some();
            }
            // Each entry's page: where its mark was first laid out (looked up, not looked for
            // among all the marks for each entry, which was quadratic; issue 32).
            let mut pages = vec![None; laid.found.len()];
            for &(mark, page) in laid.marks.iter().rev() {
                if let Some(slot) = pages.get_mut(mark as usize) {
                    *slot = Some(page);
                }
            }
            let known: Vec<_> = (laid.found.into_iter().zip(pages))
                .map(|(entry, page)| (entry, page.filter(|_| numbered)))
                .collect();
            let next = match split {
                // The contents list's entries changed in number: so did the places between
                // them where a volume may end, and the places after them are counted anew.
                // One volume, planned again from the next layout.
                true if known.len() != contents.known.len() => Volumes {
                    titled: volumes.titled,
                    ..Volumes::default()
                },
                true => volumes.next(&laid.places, &laid.spans, limit, per_sheet, options.duplex),
                false => volumes.clone(),
            };
            if known == contents.known && next == volumes && !retitled {
                break;
            }
            // A bulletin whose list, with the pages just found, takes as many pages as it took
            // with the pages it was laid out with: the games start on the same page and stand
            // where they stood, so the next pass would only find these pages again. The title
            // page and the list are laid out alone, twice, to see (issue 33: a pass of the
            // whole bulletin fewer, a quarter of its time).
            if !contents.known.is_empty()
                && numbered
                && !split
                && !retitled
                && let Some(b) = bulletin.as_ref()
            {
                let front = |known: Vec<(book::Entry, Option<u32>)>| {
                    let mut quiet = |_: &Warning| {};
                    let quiet = Reporter::new(&mut quiet);
                    let mut pass = Pass::trial(
                        &options,
                        profile.as_ref(),
                        marker,
                        &volumes,
                        &meta,
                        &drive,
                        quiet,
                    );
                    // (This pass's list alone: nothing found yet, nothing written.)
                    let list = book::Contents {
                        wanted: contents.wanted,
                        known,
                        ..book::Contents::default()
                    };
                    (pass.contents, pass.bulletin) = (list, Some(b.clone()));
                    front_pages(pass, &opened, &each)
                };
                let (before, after) = (front(contents.known.clone())?, front(known.clone())?);
                if before.is_some() && before == after {
                    contents.known = known;
                    break;
                }
            }
            contents.known = known;
            volumes = next;
        }
    }
    // Joined: every volume in the one file.
    let mut joined = Joined(&mut *out);
    let out: &mut dyn VolumeWrite = match options.join_volumes {
        true => &mut joined,
        false => out,
    };
    // A book checks itself unless told not to; games and positions alone when told to. The
    // HTML proof is for the eye, not read back.
    let verify = options.format != Format::Html
        && drive.verify.unwrap_or(
            opened
                .iter()
                .any(|(_, p, _, _)| matches!(p, Prepared::Book(_))),
        );
    // What is written is read back as it is written when the build checks itself, from the
    // first game on (prose before the games is not read back).
    // (On a thread of its own when the build may use more than one.)
    let (verifier, verdict) = match verify {
        true => {
            let (feed, verdict) = verify::Feed::new(&options, drive.jobs);
            (Some(feed), Some(verdict))
        }
        false => (None, None),
    };
    let mut tee = Tee {
        inner: out,
        verifier: verifier.clone(),
    };
    // The last pass, written; what it borrows ends with the block.
    let (mut counts, spans) = {
        let writer = BufWriter::with_capacity(64 * 1024, &mut tee as &mut dyn VolumeWrite);
        let pass = Pass {
            options: &options,
            profile: profile.as_ref(),
            reporter,
            contents,
            marker,
            volumes: &volumes,
            meta: &meta,
            drive,
            bulletin,
            verifier: verifier.clone(),
        };
        let laid = pass.run(
            opened,
            each,
            Output::new(options.format, options.table, meta.clone(), writer),
        )?;
        let Laid {
            sink,
            counts,
            spans,
            ..
        } = laid;
        sink.into_inner()
            .map_err(|e| Error::io(destination::OUTPUT, e))?;
        (counts, spans)
    };
    drop(tee);
    if let Some(verdict) = verdict {
        verdict.finish()?;
    }
    counts.format = Some((options.format, options.table));
    counts.volumes = spans
        .iter()
        .map(|s| (u64::from(s.pages()), options.sheets(s.pages().into())))
        .collect();
    counts.sheets = counts.volumes.iter().map(|v| v.1).sum();
    counts.profile_files = profile_files;
    Ok(counts)
}

/// A writer that hands what passes through it to the build's check of itself.
struct Tee<'a> {
    inner: &'a mut dyn VolumeWrite,
    verifier: Option<verify::Feed>,
}

impl Write for Tee<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        if let Some(v) = &self.verifier {
            v.written(&buf[..n]);
        }
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl VolumeWrite for Tee<'_> {
    fn next_volume(&mut self) -> io::Result<()> {
        self.inner.next_volume()
    }
}

/// How many times a book is laid out at most: once to find where the headings stand and where
/// the volumes may end, then until the contents list's page numbers and the volumes stop
/// changing the pages (a pass ends at least one more volume where it should).
const PASSES: usize = 24;

impl Volumes {
    /// The volumes of the next pass, from where this pass laid the seams and the volumes.
    fn next(
        &self,
        places: &[layout::Place],
        spans: &[layout::Span],
        limit: u32,
        per_sheet: u64,
        duplex: bool,
    ) -> Volumes {
        let title = u32::try_from(per_sheet).unwrap_or(1);
        let breaks = layout::plan(&self.breaks, places, spans, limit, title, duplex);
        let n = breaks.len() + 1;
        let titles = match n {
            1 => Vec::new(),
            _ => (0..n)
                .map(|k| {
                    // The pages as they fell when the breaks were these; else to be learnt.
                    let span = spans.get(k).filter(|_| breaks == self.breaks);
                    book::VolumeTitle {
                        number: k + 1,
                        of: n,
                        pages: span.map_or((0, 0), |s| (s.first, s.last)),
                        print: span
                            .and_then(|s| s.print.as_ref())
                            .map(|(a, b)| (a.to_string(), b.to_string())),
                    }
                })
                .collect(),
        };
        Volumes {
            breaks,
            titles,
            titled: self.titled,
        }
    }
}

/// What the output's format says of the book beside its braille (PEF's head): the first book's
/// title and author, an identifier made from them and the inputs' names, the date of
/// `SOURCE_DATE_EPOCH` when set. PEF needs pages: without a page length it is a usage error.
fn meta(
    opened: &[(String, Prepared, InputKind, Role)],
    options: &Options,
    cli: &Settings,
) -> Result<Meta> {
    if options.format == Format::Pef && options.page_length == 0 {
        let message = "PEF is made of pages: give a page length (page_length 0 writes no pages)";
        // At the book's own `page_length: 0`, when the command line did not set it.
        let book = opened.iter().find_map(|(name, p, _, role)| match p {
            Prepared::Book(text) => Some((name, text, *role)),
            _ => None,
        });
        if cli.page_length.is_none()
            && let Some((name, text, role)) = book
            && let Some((_, d)) = at_setting(name, text, role, &["page_length"], message)
        {
            return Err(d.into());
        }
        return Err(Error::Usage(message.into()));
    }
    let mut meta = Meta {
        cols: options.line_length,
        rows: options.page_length,
        duplex: options.duplex,
        ..Meta::default()
    };
    if let Some((name, Prepared::Book(text), _, role)) = opened
        .iter()
        .find(|(_, p, _, _)| matches!(p, Prepared::Book(_)))
    {
        let front = front_of(name, text, *role)?;
        meta.title = front.title;
        meta.author = front.author;
    }
    // FNV-1a, 64 bits: the same book gets the same identifier on every machine.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |s: &str| {
        for b in s.bytes().chain([0]) {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    feed(meta.title.as_deref().unwrap_or(""));
    feed(meta.author.as_deref().unwrap_or(""));
    for (name, ..) in opened {
        let file = Path::new(name).file_name().map(|f| f.to_string_lossy());
        feed(file.as_deref().unwrap_or(name));
    }
    meta.identifier = format!("urn:schackpunkt:{hash:016x}");
    meta.date = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<i64>().ok())
        .map(date_of);
    Ok(meta)
}

/// The date (`yyyy-mm-dd`, UTC) of a time in seconds since 1970 (the civil calendar from a day
/// count: Howard Hinnant's algorithm).
fn date_of(seconds: i64) -> String {
    let days = seconds.div_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// One layout of an output's inputs.
struct Pass<'o, 'w> {
    options: &'o Options,
    profile: Option<&'o Profile>,
    reporter: Reporter<'w>,
    contents: book::Contents,
    /// Some book of the output places the contents list with `<!-- toc -->`.
    marker: bool,
    /// Where volumes begin, and what their title pages say.
    volumes: &'o Volumes,
    meta: &'o Meta,
    drive: Drive,
    /// The output is a bulletin: what the passes before learnt of it.
    bulletin: Option<bulletin::Bulletin>,
    /// This pass gives each game's moves to the check of the braille written, and tells it
    /// when the first game is written (the output is read back from there on).
    verifier: Option<verify::Feed>,
}

/// A book's volumes as the pass before laid them out: the seams where they begin, what each
/// title page says.
#[derive(Clone, Debug, Default, PartialEq)]
struct Volumes {
    breaks: Vec<u32>,
    /// A title page a volume (none: one volume).
    titles: Vec<book::VolumeTitle>,
    /// The book begins with its own title page (which then says what volume 1 holds).
    titled: bool,
}

/// What a pass laid out.
struct Laid<S> {
    sink: S,
    /// The headings the contents list names, and the pages where they stand.
    found: Vec<book::Entry>,
    marks: Vec<(u32, u32)>,
    counts: Counts,
    /// Where the places a volume may end fell, and the volumes.
    places: Vec<layout::Place>,
    spans: Vec<layout::Span>,
    bulletin: Option<bulletin::Bulletin>,
}

impl<'o, 'w> Pass<'o, 'w> {
    /// A trial pass (to learn where the headings and volumes fall): it says nothing, counts
    /// no progress (the last pass writes the games again) and checks nothing; `reporter` is
    /// one that says nothing. The caller gives it its contents list and bulletin.
    fn trial(
        options: &'o Options,
        profile: Option<&'o Profile>,
        marker: bool,
        volumes: &'o Volumes,
        meta: &'o Meta,
        drive: &Drive,
        reporter: Reporter<'w>,
    ) -> Self {
        Pass {
            options,
            profile,
            reporter,
            contents: book::Contents::default(),
            marker,
            volumes,
            meta,
            drive: Drive {
                progress: None,
                ..drive.clone()
            },
            verifier: None,
            bulletin: None,
        }
    }

    /// Lays out the inputs (each with its options) into `sink`.
    fn run<S: LineSink>(
        self,
        opened: Vec<(String, Prepared, InputKind, Role)>,
        each: Vec<Options>,
        sink: S,
    ) -> Result<Laid<S>> {
        let options = self.options;
        let opened_name = opened.first().map(|(n, ..)| n.clone());
        let mut layout = Layouter::new(options.line_length, options.page_length, sink);
        if let Some(place) = self.profile.and_then(|p| p.page_numbers) {
            layout.number_pages(place, 1, braille::page_number);
        }
        layout.set_duplex(options.duplex);
        let mut writer = book::Writer::default();
        *writer.contents() = self.contents;
        let mut first_title = Vec::new();
        if self.volumes.titles.len() > 1 {
            let title = |k: usize| {
                book::Writer::volume_title_page(
                    self.meta.title.as_deref(),
                    self.meta.author.as_deref(),
                    self.volumes.titles[k].clone(),
                    options,
                )
            };
            if self.volumes.titled {
                writer.set_volume(self.volumes.titles.first().cloned());
            } else {
                first_title = title(0);
            }
            layout.set_volumes(layout::Plan {
                breaks: self.volumes.breaks.clone(),
                titles: (1..self.volumes.titles.len()).map(title).collect(),
                contents_continued: book::Writer::contents_continued(),
            });
        }
        let mut run = Run {
            options: options.clone(),
            reporter: self.reporter,
            writer,
            blocks: Vec::new(),
            wide_warned: None,
            last_diagram: None,
            words_read: None,
            layout,
            counts: Counts::default(),
            proof: options.format == Format::Html,
            go_on: options.keep_going || self.drive.check,
            jobs: self.drive.jobs,
            progress: self.drive.progress.clone(),
            verify: self.verifier.is_some(),
            verifier: self.verifier.clone(),
            bulletin: self.bulletin.map(|mut b| {
                b.restart();
                b
            }),
        };
        for mut block in first_title {
            run.layout
                .push(&mut block)
                .map_err(|e| Error::io(destination::OUTPUT, e))?;
        }
        for (i, ((name, prepared, kind, role), options)) in opened.into_iter().zip(each).enumerate()
        {
            run.options = options;
            // A chapter of a folder on a new page unless the book says otherwise.
            let chapter = matches!(role, Role::Chapter { head: false });
            let book = kind == InputKind::Markdown || chapter;
            let new_page =
                i > 0 && !(chapter && run.options.chapter_start == ChapterStart::SamePage);
            run.writer
                .start_input(&name, book, new_page, &mut run.blocks);
            match prepared {
                Prepared::Book(text) => {
                    if text.trim().is_empty() && role != Role::BookFile {
                        run.reporter.warn(empty_input(&name, "no text"));
                    }
                    let mut warnings = Vec::new();
                    let mut front = match role {
                        Role::BookFile => frontmatter::read_book_file(&name, &text, &mut warnings)?,
                        _ => frontmatter::read(&name, &text, &mut warnings)?,
                    };
                    run.reporter.reading(&name, Some(&text));
                    warnings.into_iter().for_each(|w| run.reporter.warn(w));
                    if chapter {
                        not_the_book(&name, &text, &mut front, &mut run.reporter);
                    } else if role == Role::Alone && !front.chapters.is_empty() {
                        run.reporter.warn(Warning(Diagnostic::new(
                            front.chapters[0].1.clone(),
                            "chapters are listed for a book folder (schackpunkt build DIR): \
                             left out here",
                        )));
                    }
                    let addresses = run.options.links == Links::Address;
                    // The contents list after the book's title page, not a chapter's.
                    let contents = run.options.toc && !chapter && !self.marker;
                    let document = Document::book(&name, &text, &front, addresses, contents);
                    run.document(document, &name)?;
                }
                Prepared::Stream(input) => run.stream(input.reader, &name, kind)?,
                Prepared::Spooled(text) => {
                    let reader = text.reader().map_err(|e| Error::io(&name, e))?;
                    run.stream(reader, &name, kind)?
                }
            }
        }
        if let Some(b) = &run.bulletin {
            // The index of players, with the pages of the pass before (the list's: its pages
            // only, not a copy of its entries).
            let known: Vec<Option<u32>> = (run.writer.contents().known.iter())
                .map(|(_, page)| *page)
                .collect();
            let pages = |i: usize| known.get(i).copied().flatten();
            // Its names were warned of at their games' headings: not again here. Each laid
            // out as it is made.
            for node in b.index(&pages) {
                run.writer
                    .node(&node, &run.options, &mut run.blocks, &mut |_| {});
                lay_out(&mut run.blocks, &mut run.layout, None)?;
            }
        }
        let marks = run.layout.marks().to_vec();
        let places = run.layout.places().to_vec();
        let found = std::mem::take(&mut run.writer.contents().found);
        let mut counts = run.counts;
        let (sink, pages, spans) = run
            .layout
            .finish()
            .map_err(|e| Error::io(destination::OUTPUT, e))?;
        counts.pages = pages;
        counts.kept_going = options.keep_going;
        let sheets = options.volume_sheets;
        if sheets > 0 && options.page_length > 0 {
            let first = opened_name.unwrap_or_default();
            for (k, span) in spans.iter().enumerate() {
                let held = options.sheets(span.pages().into());
                if held > sheets as u64 {
                    run.reporter.warn(Warning(
                        Diagnostic::new(
                            Location {
                                file: first.clone(),
                                line: 1,
                                column: 1,
                            },
                            format!(
                                "volume {} of {} holds {held} sheets, more than volume_sheets \
                                 ({sheets}): no place between its pages {} and {} may end a \
                                 volume (a game, diagram, table, list or quote, or the title \
                                 page, fills them)",
                                k + 1,
                                spans.len(),
                                span.first,
                                span.last
                            ),
                        )
                        .with_hint(
                            "raise volume_sheets, or give the text a heading or a paragraph \
                             where a volume may end",
                        ),
                    ));
                }
            }
        }
        Ok(Laid {
            sink,
            found,
            marks,
            counts,
            places,
            spans,
            bulletin: run.bulletin,
        })
    }
}

/// A chapter's front matter says only how the chapter is written: a title, an author or a
/// list of chapters there is the book's to say (in `bok.yaml` or the first chapter), and is
/// left out with a warning.
fn not_the_book(
    name: &str,
    text: &str,
    front: &mut frontmatter::FrontMatter,
    reporter: &mut Reporter<'_>,
) {
    let at = |span: &Option<std::ops::Range<usize>>| {
        let offset = span.as_ref().map_or(0, |s| s.start);
        let before = text.get(..offset).unwrap_or("");
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        Location {
            file: name.to_owned(),
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column: u32::try_from(column).unwrap_or(u32::MAX),
        }
    };
    let mut left_out = |what: &str, location: Location| {
        reporter.warn(Warning(Diagnostic::new(
            location,
            format!(
                "a chapter's {what} is left out: the book's is in {} or its first chapter",
                folder::BOOK_FILE
            ),
        )));
    };
    if front.title.take().is_some() {
        left_out("title", at(&front.title_span));
    }
    if front.author.take().is_some() {
        left_out("author", at(&front.author_span));
    }
    if let Some((_, location)) = front.chapters.first() {
        left_out("list of chapters", location.clone());
    }
    if front.settings.toc == Some(true) {
        // The front matter keeps no place for a setting: the key's line is looked up.
        let offset = text[..front.body_start.min(text.len())]
            .find("\ntoc:")
            .map(|i| i + 1);
        left_out("contents list (`toc`)", at(&offset.map(|o| o..o)));
    }
}

/// What inputs laid out into one output must agree on: the page.
#[derive(PartialEq)]
struct Page {
    format: Format,
    table: BrfTable,
    duplex: bool,
    line_length: usize,
    page_length: usize,
    numbers: Option<PageNumbers>,
}

impl Page {
    fn of(options: &Options, profile: Option<&Profile>) -> Page {
        Page {
            format: options.format,
            table: options.table,
            duplex: options.duplex,
            line_length: options.line_length,
            page_length: options.page_length,
            numbers: profile.and_then(|p| p.page_numbers),
        }
    }

    /// What differs between two pages, said for the user, and the settings that may make
    /// it (to find one where it is set); `None` when they agree.
    fn differs(&self, other: &Page) -> Option<(String, &'static [&'static str])> {
        let numbers = |n: Option<PageNumbers>| match n {
            None => "none",
            Some(PageNumbers::Top) => "at the top",
            Some(PageNumbers::Bottom) => "at the bottom",
        };
        if self.format != other.format {
            let (a, b) = (value_name(&self.format), value_name(&other.format));
            Some((format!("the output format is {a} and {b}"), &["format"]))
        } else if self.format == Format::Brf && self.table != other.table {
            let (a, b) = (value_name(&self.table), value_name(&other.table));
            Some((format!("the braille table is {a} and {b}"), &["table"]))
        } else if self.line_length != other.line_length {
            let (a, b) = (self.line_length, other.line_length);
            let keys: &[&str] = &["line_length", "profile"];
            Some((format!("the line length is {a} and {b}"), keys))
        } else if self.page_length != other.page_length {
            let (a, b) = (self.page_length, other.page_length);
            let keys: &[&str] = &["page_length", "profile"];
            Some((format!("the page length is {a} and {b}"), keys))
        } else if self.duplex != other.duplex {
            let message = "one is printed on both sides of the sheet, the other not";
            Some((message.to_string(), &["duplex", "profile"]))
        } else if self.numbers != other.numbers {
            let (a, b) = (numbers(self.numbers), numbers(other.numbers));
            Some((format!("the page numbers are {a} and {b}"), &["profile"]))
        } else {
            None
        }
    }
}

/// The state of the loop over one output's inputs.
struct Run<'w, S: LineSink> {
    options: Options,
    reporter: Reporter<'w>,
    writer: book::Writer,
    /// Blocks made and not yet laid out.
    blocks: Vec<Block>,
    /// What the last warning about a board too wide was given for: it is given once a block
    /// or file.
    wide_warned: Option<Source>,
    /// The board of the last diagram drawn, until the next game (a book draws a study's
    /// position in a ```fen block before its game).
    last_diagram: Option<String>,
    /// Games and diagrams so far.
    counts: Counts,
    /// The block whose info-string words were read last (a ```` ```fen ```` block gives a node
    /// a position, and its words are reported once).
    words_read: Option<Source>,
    layout: Layouter<S>,
    /// Each block says where it comes from (the HTML proof shows it).
    proof: bool,
    /// A game or position that cannot be transcribed is left out and named, and the loop goes
    /// on (`keep_going`, and `check`).
    go_on: bool,
    /// Threads that translate games.
    jobs: usize,
    /// The output is a bulletin: its rounds and players so far.
    bulletin: Option<bulletin::Bulletin>,
    /// Games written are counted here.
    progress: Option<Arc<Progress>>,
    /// The build checks itself: each game's moves, to compare with the braille read back.
    verify: bool,
    /// The check of the braille written: told of each game before it is written.
    verifier: Option<verify::Feed>,
}

/// A file, or a block of a book (its fence).
#[derive(Clone, Debug, Eq, PartialEq)]
struct Source {
    file: String,
    block: Option<Pos>,
}

impl<S: LineSink> Run<'_, S> {
    /// Games or positions read as a stream (a file, or text held for another pass).
    fn stream(
        &mut self,
        reader: Box<dyn BufRead + Send>,
        name: &str,
        kind: InputKind,
    ) -> Result<()> {
        self.reporter.reading(name, None);
        // The bulletin's title page and contents come first, before any input's text (a
        // foreword, positions): before the first input when the bulletin makes its own title
        // page, else after the book's (`document`) or before the first games.
        if kind == InputKind::Pgn || self.bulletin.as_ref().is_some_and(|b| b.own_title_page()) {
            self.bulletin_front()?;
        }
        let (document, what) = match kind {
            InputKind::Fen => (Document::fen(reader, name), "no positions"),
            InputKind::Epd => (Document::epd(reader, name), "no positions"),
            InputKind::Pgn | InputKind::Markdown => (Document::pgn(reader), "no games"),
        };
        // Not empty when every game was skipped (`keep_going`): each skip is named already.
        let skipped = self.counts.skipped;
        if self.document(document, name)? == 0 && self.counts.skipped == skipped {
            self.reporter.warn(empty_input(name, what));
        }
        Ok(())
    }

    /// Every node of a document through chess and braille into the layout. Returns the number
    /// of games and positions.
    /// The bulletin's title page and contents list, unless written already.
    fn bulletin_front(&mut self) -> Result<()> {
        if let Some(b) = &self.bulletin
            && !self.writer.contents().written
        {
            for node in b.front() {
                let (reporter, layout) = (&mut self.reporter, &mut self.layout);
                // The list's entries laid out as they are made (one a game).
                let mut failed = None;
                let mut laid = |blocks: &mut Vec<Block>| {
                    if failed.is_none() {
                        failed = lay_out(blocks, layout, None).err();
                    }
                };
                self.writer.node_laid(
                    &node,
                    &self.options,
                    &mut self.blocks,
                    &mut |w| reporter.warn(w),
                    &mut laid,
                );
                if let Some(e) = failed {
                    return Err(e);
                }
            }
        }
        Ok(())
    }

    fn document(&mut self, mut document: Document<'_>, name: &str) -> Result<usize> {
        let mut count = 0;
        loop {
            let reporter = &mut self.reporter;
            let node = document.next_node(&mut |w| reporter.warn(w));
            let node = node.map_err(|e| self.reporter.error(e))?;
            let Some(node) = node else { break };
            match node {
                Node::Games(games) => {
                    let read = self.games(games, name)?;
                    self.counts.games += read as u64;
                    count += read;
                }
                Node::Position(fen) => {
                    count += 1;
                    if self.position(&fen, name)? {
                        self.counts.diagrams += 1;
                    }
                }
                other => {
                    if self.proof
                        && let Some(origin) = origin_of(&other, name)
                    {
                        self.blocks.push(Block::Origin(Box::new(origin)));
                    }
                    let reporter = &mut self.reporter;
                    self.writer
                        .node(&other, &self.options, &mut self.blocks, &mut |w| {
                            reporter.warn(w)
                        });
                    // A book's title page: the bulletin's contents right after it.
                    if matches!(other, Node::TitlePage { .. }) {
                        self.bulletin_front()?;
                    }
                }
            }
            lay_out(&mut self.blocks, &mut self.layout, None)?;
        }
        Ok(count)
    }

    /// The games of a `.pgn` file or a ```` ```pgn ```` block, each laid out as soon as it is
    /// read. Returns how many there were.
    fn games(&mut self, games: Games, name: &str) -> Result<usize> {
        let Games {
            text,
            indent,
            words,
            at,
        } = games;
        let mut options = block_options(&self.options, &words, name, Some(&mut self.reporter));
        // Start diagrams follow the rule for boards too wide, like every diagram.
        // (A game from a position drawn without `start_diagram`: one with no moves.)
        let narrow = !board_fits(&options);
        if narrow {
            options.diagram = DiagramForm::Pieces;
        }
        let relocate = |mut d: Diagnostic| {
            indent.relocate(&mut d.location);
            d
        };
        let Run {
            reporter,
            writer,
            blocks,
            wide_warned,
            last_diagram,
            layout,
            proof,
            counts,
            go_on,
            jobs,
            bulletin,
            progress,
            verify,
            verifier,
            ..
        } = self;
        let (proof, go_on, jobs, verify) = (*proof, *go_on, *jobs, *verify);
        let keep_going = options.keep_going;
        let mut read = 0usize;
        let mut step = |step: Step, spent: &mut games::Spent| -> Result<()> {
            // A game that could not be read, or text in no game: an error, or (going on) left
            // out and named.
            let (e, warnings, what) = match step {
                Step::Game(t, w) => (Ok(t), w, LeftOut::Game),
                Step::Bad(e, w) => (Err(e), w, LeftOut::Game),
                Step::Text(e) => (Err(e), Vec::new(), LeftOut::Text),
            };
            let (translated, warnings) = match e {
                Ok(t) => (t, warnings),
                Err(e) => {
                    for w in warnings {
                        reporter.warn(Warning(relocate(w.0)));
                    }
                    let Error::Input(d) = e else { return Err(e) };
                    let d = relocate(*d);
                    if !go_on {
                        return Err(reporter.error(Error::Input(Box::new(d))));
                    }
                    counts.skip(&d.location);
                    if what == LeftOut::Text {
                        counts.skipped_texts += 1;
                    }
                    reporter.warn(skipped(d, what, keep_going));
                    return Ok(());
                }
            };
            read += 1;
            if let Some(p) = progress.as_ref() {
                p.game();
            }
            for w in warnings {
                reporter.warn(Warning(relocate(w.0)));
            }
            let about = translated.about;
            if narrow && translated.start_drawn {
                let location = about.location.clone().unwrap_or_else(|| at.in_file(name));
                let source = Source {
                    file: name.to_owned(),
                    block: Some(at),
                };
                too_wide(wide_warned, source, location, &mut |w| {
                    reporter.warn(Warning(relocate(w.0)))
                });
            }
            if proof {
                let mut at = about.location.clone().unwrap_or_else(|| at.in_file(name));
                indent.relocate(&mut at);
                blocks.push(Block::Origin(Box::new(game_origin(&about, at))));
            }
            counts.dropped_nags += translated.dropped_nags as u64;
            // Nothing to write of it: no moves, no position, no tag a heading gives (`*`
            // alone). Said, not dropped without a word. (A bulletin's heading names it.)
            if translated.blocks.is_empty() && bulletin.is_none() {
                let location = about.location.clone().unwrap_or_else(|| at.in_file(name));
                let d = Diagnostic::new(
                    location,
                    format!(
                        "game {} has nothing to transcribe: no moves, no position and no tag \
                         that a heading gives",
                        about.number
                    ),
                );
                reporter.warn(Warning(relocate(d)));
            }
            // A start diagram drawn is a diagram written (the summary counts it).
            if translated.start_drawn {
                counts.diagrams += 1;
            }
            counts.diagrams += translated.diagrams_inside as u64;
            // Moves from a position that no diagram before them shows: a reader cannot follow
            // them. Said, not left to the reader to find out.
            let shown = last_diagram.take();
            if let Some(board) = about.start_board.as_ref()
                && !translated.start_drawn
                && *board != shakmaty::Board::default().to_string()
                && shown.as_ref() != Some(board)
            {
                let location = about.location.clone().unwrap_or_else(|| at.in_file(name));
                let d = Diagnostic::new(
                    location,
                    format!(
                        "game {} begins from a position ([FEN]) that no diagram before its moves \
                         shows: a reader cannot follow them",
                        about.number
                    ),
                )
                .with_hint(
                    "give --start-diagram (front matter `start_diagram: true`), or draw the \
                     position in a ```fen block right before the game",
                );
                reporter.warn(Warning(relocate(d)));
            }
            // A game from a [FEN] position is compared when its start diagram is drawn before
            // its moves (the braille then says where they start) and it has moves.
            // A game with moves is compared: guided by its source, which knows where its
            // moves start, whether or not a diagram shows it.
            if let (Some(v), Some(witness)) = (verifier.as_ref(), translated.witness) {
                v.start();
                let mut at = about.location.clone().unwrap_or_else(|| at.in_file(name));
                indent.relocate(&mut at);
                v.source(verify::SourceGame {
                    at,
                    label: game_origin(
                        &about,
                        Location {
                            file: String::new(),
                            line: 0,
                            column: 0,
                        },
                    )
                    .text,
                    notation: options.notation,
                    witness,
                });
            }
            if let Some(b) = bulletin.as_mut() {
                let entry = writer.contents().found.len();
                // The bulletin's headings are made of the game's tags: what they warn of is
                // the game's, at the character in its tag (as its own heading's tags are).
                for node in b.before_game(&about, entry) {
                    writer.node(&node, &options, blocks, &mut |mut w| {
                        indent.relocate(&mut w.0.location);
                        w.0.message = format!("game {}: {}", about.number, w.0.message);
                        reporter.warn(w)
                    });
                }
            }
            let mut made = translated.blocks;
            writer.unit(made.drain(..), blocks);
            lay_out(blocks, layout, Some(&mut spent.blocks))?;
            spent.games.push((made, about));
            Ok(())
        };
        games::each_game(
            text,
            name,
            indent.first_line,
            &options,
            jobs,
            verify,
            &mut step,
        )?;
        Ok(read)
    }

    /// One position, as a diagram; `false` when it was left out (`keep_going`).
    fn position(&mut self, fen: &FenLine, name: &str) -> Result<bool> {
        let source = Source {
            file: name.to_owned(),
            block: fen.block,
        };
        // A block's words are reported once, at its first position.
        let report = self.words_read.as_ref() != Some(&source);
        self.words_read = Some(source.clone());
        let options = block_options(
            &self.options,
            &fen.words,
            name,
            report.then_some(&mut self.reporter),
        );
        let parsed = match parse_fen_line(fen, name) {
            Ok(parsed) => parsed,
            Err(Error::Input(d)) if self.go_on => {
                let mut d = *d;
                self.reporter.complete(&mut d);
                self.counts.skip(&d.location);
                self.counts.skipped_positions += 1;
                self.reporter
                    .warn(skipped(d, LeftOut::Position, self.options.keep_going));
                return Ok(false);
            }
            Err(e) => return Err(self.reporter.error(e)),
        };
        for w in parsed.warnings.iter().cloned() {
            self.reporter.warn(w);
        }
        let mut form = options.diagram;
        if !board_fits(&options) {
            form = DiagramForm::Pieces;
            let at = fen.block.unwrap_or_else(|| fen.pos()).in_file(name);
            let reporter = &mut self.reporter;
            too_wide(&mut self.wide_warned, source, at, &mut |mut w| {
                if fen.block.is_none() {
                    // A .fen file streams: show its line here.
                    w.0.source_line = Some(fen.line.clone());
                }
                reporter.warn(w)
            });
        }
        let block = diagram(
            parsed.board(),
            parsed.turn(),
            form,
            options.notation,
            options.to_move,
        );
        if self.proof {
            let origin = Origin {
                file: name.to_owned(),
                line: fen.number,
                kind: Made::Diagram,
                text: fen.line.get(fen.range.clone()).unwrap_or("").to_owned(),
            };
            self.blocks.push(Block::Origin(Box::new(origin)));
        }
        let caption = fen.caption.as_deref().map(|text| {
            let at = fen.pos().in_file(name);
            let reporter = &mut self.reporter;
            braille::diagram::caption(text, &mut |u| reporter.warn(book::no_rule(at.clone(), u)))
        });
        self.writer
            .unit(caption.into_iter().chain([block]), &mut self.blocks);
        self.last_diagram = Some(parsed.board().to_string());
        Ok(true)
    }
}

/// The error of a game or position left out, said as an error; with `keep_going` a note
/// after its hint says so (a check goes on past every error anyway).
fn skipped(d: Diagnostic, what: LeftOut, keep_going: bool) -> Warning {
    match keep_going {
        true => Warning::skipped(d.with_note(what)),
        false => Warning::skipped(d),
    }
}

/// Where a node of prose comes from, for the HTML proof: its line, what it is, its print text.
fn origin_of(node: &Node, name: &str) -> Option<Origin> {
    // (Without the mark that ends a number before a note's number: it is for the braille.)
    let text = |inline: &[crate::document::Piece]| -> String {
        inline
            .iter()
            .flat_map(|p| p.text.chars())
            .filter(|&c| c != crate::braille::tables::NUMBER_BREAK)
            .collect()
    };
    let line = |inline: &[crate::document::Piece]| inline.first().map_or(0, |p| p.at.line);
    let (kind, line, text) = match node {
        Node::TitlePage { title, author } => {
            let parts: Vec<String> = [title, author]
                .into_iter()
                .flatten()
                .map(|t| text(t))
                .collect();
            let at = title.as_deref().or(author.as_deref()).map_or(0, line);
            (Made::TitlePage, at, parts.join(" / "))
        }
        Node::Heading { text: t, .. } => (Made::Heading, line(t), text(t)),
        Node::Paragraph { text: t, .. } => (Made::Paragraph, line(t), text(t)),
        Node::PrintPage { number, at } => (Made::PrintPage, at.line, number.clone()),
        Node::Image { alt, address, .. } => (Made::Image, line(alt).max(line(address)), text(alt)),
        Node::Contents => (Made::Contents, 0, String::new()),
        Node::Notes { at } => (
            Made::Notes,
            at.line,
            crate::braille::book::NOTES_HEADING.to_owned(),
        ),
        // (A note's number, as its list in the braille has it: its blocks' notes follow.)
        Node::NoteStart { number, at } => (Made::Notes, at.line, format!("{number}.")),
        Node::TableRow { cells } => {
            let at = cells.iter().map(|c| line(c)).find(|&l| l > 0).unwrap_or(0);
            let row: Vec<String> = cells.iter().map(|c| text(c)).collect();
            (Made::Table, at, row.join(" | "))
        }
        Node::Code { lines } => (
            Made::Code,
            lines.first().map_or(0, |l| l.1.line),
            lines.first().map(|l| l.0.clone()).unwrap_or_default(),
        ),
        Node::ThematicBreak => (Made::Rule, 0, String::new()),
        _ => return None,
    };
    Some(Origin {
        file: name.to_owned(),
        line,
        kind,
        text,
    })
}

/// Where a game comes from, for the HTML proof: its players, event and result.
fn game_origin(game: &games::About, at: Location) -> Origin {
    let tag = |name: &str| game.tag(name);
    let mut text = match (tag("White"), tag("Black")) {
        (Some(w), Some(b)) => format!("{w} – {b}"),
        (Some(w), None) => w.to_owned(),
        (None, Some(b)) => b.to_owned(),
        (None, None) => format!("parti {}", game.number),
    };
    for name in ["Event", "Round", "Result"] {
        if let Some(value) = tag(name) {
            text.push_str(", ");
            text.push_str(value);
        }
    }
    Origin {
        file: at.file,
        line: at.line,
        kind: Made::Game,
        text,
    }
}

/// Hands the blocks made so far to the layout. Its errors are the output's (a write that
/// failed), never the input's (issue 32: a full disk was blamed on the input).
fn lay_out<S: LineSink>(
    blocks: &mut Vec<Block>,
    layout: &mut Layouter<S>,
    mut spent: Option<&mut Vec<Block>>,
) -> Result<()> {
    if let Some(spent) = spent.as_mut() {
        spent.reserve(blocks.len());
    }
    for mut b in blocks.drain(..) {
        layout
            .push(&mut b)
            .map_err(|e| Error::io(destination::OUTPUT, e))?;
        if let Some(spent) = spent.as_mut() {
            spent.push(b);
        }
    }
    Ok(())
}

/// The one rule for boards too wide or too tall, wherever a diagram comes from (a `.fen`
/// file, a ```` ```fen ```` block, the start of a game): a board needs [`BOARD_WIDTH`] cells a
/// line and [`BOARD_PAGE`] lines a page; on a shorter line or page the position is written as
/// a piece list (a board is never split across pages).
fn board_fits(options: &Options) -> bool {
    options.diagram != DiagramForm::Board
        || (options.line_length >= BOARD_WIDTH
            && (options.page_length == 0 || options.page_length >= BOARD_PAGE))
}

/// Lines a page must have for a board: its 12 lines and a page number line.
const BOARD_PAGE: usize = BOARD_LINES + 1;

/// The warning for a board too wide or too tall, once a file or block (`source`).
fn too_wide(
    warned: &mut Option<Source>,
    source: Source,
    at: Location,
    warn: &mut dyn FnMut(Warning),
) {
    if warned.as_ref() == Some(&source) {
        return;
    }
    *warned = Some(source);
    warn(Warning(
        Diagnostic::new(
            at,
            format!(
                "a board diagram needs {BOARD_WIDTH} cells a line and {BOARD_PAGE} lines a \
                 page; written as a piece list"
            ),
        )
        .with_width(3),
    ));
}

/// The options of a ```` ```pgn ```` or ```` ```fen ```` block: the output's, changed by the
/// words of its info string. Unknown words are warnings at their place, given when `reporter`
/// is there.
fn block_options(
    options: &Options,
    words: &Words,
    file: &str,
    mut reporter: Option<&mut Reporter<'_>>,
) -> Options {
    let mut set = Settings::default();
    for (word, at) in words {
        if !set.apply_word(word)
            && let Some(r) = reporter.as_deref_mut()
        {
            r.warn(Warning(
                Diagnostic::new(
                    at.in_file(file),
                    format!("unknown block option '{word}' is left out"),
                )
                .with_width(word.chars().count()),
            ));
        }
    }
    set.over(options)
}

#[cfg(test)]
mod verify_tests {
    //! The build that checks itself: a broken rule (simulated by a wrong cell in the braille
    //! written) is caught at its game and move.

    use super::*;

    const GAME: &str = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";

    /// The braille of `pgn` (BRF) and its source games as the build keeps them.
    fn built(
        pgn: &str,
        notation: crate::settings::Notation,
    ) -> (Vec<u8>, Vec<verify::SourceGame>, Options) {
        built_as(pgn, notation, Format::Brf)
    }

    /// The braille of `pgn` in `format`, and its source games.
    fn built_as(
        pgn: &str,
        notation: crate::settings::Notation,
        format: Format,
    ) -> (Vec<u8>, Vec<verify::SourceGame>, Options) {
        let settings = Settings {
            notation: Some(notation),
            format: Some(format),
            ..Settings::default()
        };
        let (options, _) = settings.resolve(None).expect("options");
        let mut out = Vec::new();
        transcribe_bytes(
            "t.pgn",
            InputKind::Pgn,
            pgn.as_bytes().to_vec(),
            &settings,
            None,
            &mut out,
            &mut |_| {},
        )
        .expect("the game builds");
        let mut sources = Vec::new();
        let mut step = |step: Step, _: &mut games::Spent| -> Result<()> {
            if let Step::Game(t, _) = step {
                let about = &t.about;
                sources.push(verify::SourceGame {
                    at: about.location.clone().expect("a place"),
                    label: format!(
                        "{} – {}",
                        about.tag("White").unwrap_or("?"),
                        about.tag("Black").unwrap_or("?")
                    ),
                    notation,
                    witness: t.witness.expect("a game with moves"),
                });
            }
            Ok(())
        };
        games::each_game(
            Box::new(io::Cursor::new(pgn.as_bytes().to_vec())),
            "t.pgn",
            1,
            &options,
            1,
            true,
            &mut step,
        )
        .expect("the game reads");
        (out, sources, options)
    }

    /// The braille `out` of `sources` read back as a build reads it, `stretch` bytes at a
    /// time (in pieces of `piece` bytes, as a buffered writer hands them on); the most bytes
    /// held at a time.
    fn check(
        out: &[u8],
        sources: Vec<verify::SourceGame>,
        options: &Options,
        stretch: usize,
    ) -> (Result<()>, usize) {
        let mut v = verify::Verifier::new(options).with_stretch(stretch);
        v.start();
        // Each game is told of before its braille is written; here all before any.
        for s in sources {
            v.source(s);
        }
        for piece in out.chunks(97) {
            v.written(piece);
        }
        let most = v.most_pending;
        (v.finish(), most)
    }

    /// The braille `out` of `sources` read back through the feed a build gives it, the check
    /// on its own thread when `threads` is more than one: its verdict.
    fn check_fed(
        out: &[u8],
        sources: Vec<verify::SourceGame>,
        options: &Options,
        threads: usize,
    ) -> Result<()> {
        let (feed, verdict) = verify::Feed::new(options, threads);
        feed.start();
        for s in sources {
            feed.source(s);
        }
        for piece in out.chunks(97) {
            feed.written(piece);
        }
        drop(feed);
        verdict.finish()
    }

    /// A test build with a rule broken on purpose (a move to f3 written as one to f4): the
    /// build checks itself, fails at the game and the move, and writes nothing, whether
    /// the check runs on the build's thread or on its own.
    #[test]
    fn a_rule_broken_on_purpose_fails_the_build_that_checks_itself() {
        use crate::braille::notation::broken_rule::BROKEN;
        use crate::settings::Notation;
        let dir = tempfile::tempdir().expect("a folder");
        let input = dir.path().join("t.pgn");
        std::fs::write(&input, GAME).expect("write");
        for (notation, jobs) in [
            (Notation::Compact, 1),
            (Notation::Ordinary, 1),
            (Notation::Compact, 2),
            (Notation::Ordinary, 2),
        ] {
            let output = dir.path().join("t.brf");
            let job = Job {
                inputs: vec![input.clone()],
                destination: Destination::File(output.clone()),
                settings: Settings {
                    notation: Some(notation),
                    ..Settings::default()
                },
                input_encoding: None,
                input_kind: None,
                deny_warnings: false,
                jobs,
                progress: None,
                verify: Some(true),
                allow_outside: false,
            };
            // Whole, it checks out.
            assert!(run(&job, &mut |_| {}).is_ok(), "{notation:?}");
            std::fs::remove_file(&output).expect("remove");
            BROKEN.with(|b| b.set(true));
            let result = run(&job, &mut |_| {});
            BROKEN.with(|b| b.set(false));
            let e = result.err().map(|e| e.to_string()).unwrap_or_default();
            assert!(
                e.contains("t.pgn:1:1: error: the braille of this game (A – B) does not read back to it: its move 3 (g1f3)"),
                "{notation:?}: {e}"
            );
            assert!(!output.exists(), "nothing is written");
        }
    }

    #[test]
    fn the_braille_written_reads_back_and_a_wrong_cell_is_caught_at_its_move() {
        use crate::settings::Notation;
        for notation in [Notation::Compact, Notation::Ordinary] {
            let (out, sources, options) = built(GAME, notation);
            assert_eq!(signature(&sources[0]).len(), 6);
            assert!(
                check(&out, built(GAME, notation).1, &options, 1 << 20)
                    .0
                    .is_ok(),
                "{notation:?}"
            );
            // A rule broken: the knight's move written to the wrong square (f3 as f4: in
            // BRF, compact `SF3` is `SF3`'s lower digit, ordinary `,SF#C` its number).
            let text = String::from_utf8(out.clone()).expect("BRF is ASCII");
            let broken = match notation {
                Notation::Compact => text.replacen("SF3", "SF4", 1),
                Notation::Ordinary => text.replacen(",SF#C", ",SF#D", 1),
            };
            assert_ne!(broken, text, "{notation:?}: {text}");
            let e = check(broken.as_bytes(), sources, &options, 1 << 20)
                .0
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default();
            assert!(
                e.starts_with("t.pgn:1:1: error: the braille of this game (A – B) does not read back to it: its move 3 (g1f3)"),
                "{notation:?}: {e}"
            );
            // The same through a build's feed, on the build's thread and on its own.
            for threads in [1, 2] {
                let fed = |out: &[u8]| check_fed(out, built(GAME, notation).1, &options, threads);
                assert!(fed(&out).is_ok(), "{notation:?}, {threads} threads");
                let e = fed(broken.as_bytes())
                    .err()
                    .map(|e| e.to_string())
                    .unwrap_or_default();
                assert!(
                    e.starts_with(
                        "t.pgn:1:1: error: the braille of this game (A – B) does not read back \
                         to it: its move 3 (g1f3)"
                    ),
                    "{notation:?}, {threads} threads: {e}"
                );
            }
        }
    }

    /// Ordinary notation leaves a move in a comment and the game's move alike (a comment has
    /// nothing to close it): the build that checks itself reads such a word the way that
    /// agrees with the game written. A move written wrongly is caught all the same.
    #[test]
    fn comments_that_name_moves_are_read_the_games_way_and_a_wrong_move_is_still_caught() {
        use crate::settings::Notation;
        // A plain reading of this braille once went wrong at `9.b3 Sd7 och 10.Scb5 följer)`.
        const NAMED: &str = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 \
            4. Nxd4 Nf6 {Också 5.b3 eller 5.Sc3 Sd5 är möjligt.} 5. Nc3 {Också 5...Sa6 eller \
            5...a6 Sf3 är möjligt.} 5... a6 6. Be2 e6 7. O-O Be7 8. f4 Nc6 9. Nxc6 (9. b3 Nd7 \
            {och 10.Scb5 följer}) 9... bxc6 10. e5 Nd5 11. Ne4 dxe5 12. fxe5 O-O 13. Kh1 c5 \
            1/2-1/2\n";
        let (out, sources, options) = built(NAMED, Notation::Ordinary);
        let plain =
            crate::read::read_braille("t.brf", &out, options.table, Notation::Ordinary, true)
                .expect("read");
        let plain: Vec<&str> = plain[0]
            .items
            .iter()
            .filter_map(|i| i.signature())
            .collect();
        // (A plain reading once went wrong here; it reads the game's moves now too.)
        assert_eq!(plain, signature(&sources[0]), "the plain reading");
        assert!(
            check(&out, built(NAMED, Notation::Ordinary).1, &options, 1 << 20)
                .0
                .is_ok()
        );
        // 9.Sxc6 (no comment names it) written as 9.Sxc7.
        let text = String::from_utf8(out).expect("BRF is ASCII");
        let broken = text.replacen(",SXC#F", ",SXC#G", 1);
        assert_ne!(broken, text, "{text}");
        let e = failure(broken.as_bytes(), sources, &options, 1 << 20);
        assert!(
            e.starts_with("t.pgn:1:1: error: the braille of this game (A – B")
                && e.contains("does not read back to it: its move 17 (d4c6)"),
            "{e}"
        );
    }

    /// `text` with the first knight move to f3 after `heading` written to f4 (a rule broken):
    /// `cells` spells BRF as the output does (itself for BRF, [`unicode`] for PEF).
    fn knight_to_f4(
        text: &str,
        heading: &str,
        notation: crate::settings::Notation,
        cells: impl Fn(&str) -> String,
    ) -> String {
        use crate::settings::Notation;
        let at = text.find(&cells(heading)).expect("the game's heading");
        let (wrong, right) = match notation {
            Notation::Compact => (cells("SF3"), cells("SF4")),
            Notation::Ordinary => (cells(",SF#C"), cells(",SF#D")),
        };
        let k = at + text[at..].find(&wrong).expect("a knight to f3");
        format!("{}{right}{}", &text[..k], &text[k + wrong.len()..])
    }

    /// A source game's moves (UCI) and variations (`(`, `)`), as `read` gives them.
    fn signature(s: &verify::SourceGame) -> Vec<String> {
        s.witness
            .expected
            .iter()
            .filter_map(|e| match e {
                verify::Expect::Move(m, _) => Some(m.uci()),
                verify::Expect::Open => Some("(".into()),
                verify::Expect::Close => Some(")".into()),
                verify::Expect::Comment => None,
            })
            .collect()
    }

    /// The message of a check of `out` that fails.
    fn failure(
        out: &[u8],
        sources: Vec<verify::SourceGame>,
        options: &Options,
        stretch: usize,
    ) -> String {
        check(out, sources, options, stretch)
            .0
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    }

    /// A long bulletin read back a few pages at a time, as the build does with a large
    /// output: every game is found, memory holds a stretch, and a wrong cell in a game far
    /// into it fails the build at that game.
    #[test]
    fn the_braille_is_read_back_a_stretch_at_a_time() {
        use crate::settings::Notation;
        let pgn = bulletin();
        for notation in [Notation::Compact, Notation::Ordinary] {
            let (out, sources, options) = built(&pgn, notation);
            assert_eq!(sources.len(), 60);
            let whole = check(&out, built(&pgn, notation).1, &options, 1 << 30);
            assert!(whole.0.is_ok(), "{notation:?}: {:?}", whole.0);
            // A stretch of a few hundred bytes: many stretches, each found in order.
            let (result, most) = check(&out, built(&pgn, notation).1, &options, 600);
            assert!(result.is_ok(), "{notation:?}: {result:?}");
            assert!(
                most < out.len() / 4,
                "{notation:?}: {most} of {} bytes held",
                out.len()
            );
            // The knight of game 41 (Vit 40) to the wrong square: found at that game.
            let text = String::from_utf8(out.clone()).expect("BRF is ASCII");
            let broken = knight_to_f4(&text, "VIT #DJ", notation, str::to_owned);
            let e = failure(broken.as_bytes(), sources, &options, 600);
            assert!(
                e.contains(
                    "error: the braille of this game (Vit 40 – Svart 40) does not read back"
                ),
                "{notation:?}: {e}"
            );
        }
    }

    /// Sixty games, no two with the same moves (a game is found among those read back by its
    /// moves), some with a variation: `Vit i – Svart i`.
    fn bulletin() -> String {
        const LINE: [&str; 22] = [
            "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3", "Nb8", "d4",
            "Nbd7", "Nbd2", "Bb7", "Bc2", "Re8", "Nf1", "Bf8", "Ng3", "g6",
        ];
        let mut pgn = String::new();
        for i in 0..60 {
            let first = ["1. e4", "1. e4 (1. d4)", "1. e4 (1. c4 e5)"][i / 22];
            let mut moves = format!("{first} e5 2. Nf3 Nc6 3. Bb5 a6");
            for (k, m) in LINE.iter().take(i % 22).enumerate() {
                match k % 2 {
                    0 => moves.push_str(&format!(" {}. {m}", 4 + k / 2)),
                    _ => moves.push_str(&format!(" {m}")),
                }
            }
            pgn.push_str(&format!(
                "[White \"Vit {i}\"]\n[Black \"Svart {i}\"]\n[Round \"{i}\"]\n\n{moves} *\n\n"
            ));
        }
        pgn
    }

    /// BRF text as Unicode braille (the NABCC table, read either case).
    fn unicode(brf: &str) -> String {
        let table = crate::output::tables::bytes(BrfTable::Nabcc);
        brf.bytes()
            .map(|b| {
                let bits = table
                    .iter()
                    .position(|&t| t == b.to_ascii_uppercase())
                    .expect("a BRF byte");
                char::from_u32(0x2800 + bits as u32).expect("a braille character")
            })
            .collect()
    }

    /// A PEF is read back as it is written too, its whole pages a stretch at a time.
    #[test]
    fn a_pef_is_read_back_a_stretch_at_a_time() {
        use crate::settings::Notation;
        let pgn = bulletin();
        for notation in [Notation::Compact, Notation::Ordinary] {
            let (out, sources, options) = built_as(&pgn, notation, Format::Pef);
            let (result, most) =
                check(&out, built_as(&pgn, notation, Format::Pef).1, &options, 600);
            assert!(result.is_ok(), "{notation:?}: {result:?}");
            assert!(
                most < out.len() / 4,
                "{notation:?}: {most} of {} bytes held",
                out.len()
            );
            // The knight of game 41 (Vit 40) to the wrong square.
            let text = String::from_utf8(out).expect("PEF is UTF-8");
            let broken = knight_to_f4(&text, "VIT #DJ", notation, unicode);
            let e = failure(broken.as_bytes(), sources, &options, 600);
            assert!(
                e.contains(
                    "error: the braille of this game (Vit 40 – Svart 40) does not read back"
                ),
                "{notation:?}: {e}"
            );
        }
    }

    /// Games with the same moves (short draws): a wrong game is not taken for a later one.
    #[test]
    fn a_wrong_game_is_not_taken_for_a_later_game_with_its_moves() {
        use crate::settings::Notation;
        let mut pgn = String::new();
        for i in 0..12 {
            let moves = [
                "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6",
                "1. d4 d5 2. Nf3 Nf6 3. c4 e6",
            ][i % 2];
            pgn.push_str(&format!(
                "[White \"Vit {i}\"]\n[Black \"Svart {i}\"]\n\n{moves} 1/2-1/2\n\n"
            ));
        }
        for notation in [Notation::Compact, Notation::Ordinary] {
            let (out, _, options) = built(&pgn, notation);
            assert!(
                check(&out, built(&pgn, notation).1, &options, 1 << 30)
                    .0
                    .is_ok()
            );
            // Game 5 (Vit 4) broken: games 7, 9 and 11 have its moves.
            let text = String::from_utf8(out).expect("BRF is ASCII");
            let broken = knight_to_f4(&text, "VIT #D", notation, str::to_owned);
            for stretch in [1 << 30, 300] {
                let e = failure(
                    broken.as_bytes(),
                    built(&pgn, notation).1,
                    &options,
                    stretch,
                );
                assert!(
                    e.contains("(Vit 4 – Svart 4) does not read back to it: its move 3 (g1f3)"),
                    "{notation:?} {stretch}: {e}"
                );
            }
        }
    }
}
