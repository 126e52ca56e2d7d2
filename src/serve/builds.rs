//! The builds of `serve`: into a private folder, one format after the other (the proof first:
//! the page waits for nothing else), and the state every request reads under one lock.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use clap::ValueEnum;

use crate::build::{self, Destination, Job, Summary};
use crate::destination;
use crate::error::{Error, Result, Shown, Style, Warning};
use crate::settings::{Format, Settings};

use super::proof::Proof;
use super::state::{Download, Problem, State};
use super::watch::Watch;

/// Where the terminal's messages go (standard error, out of a progress bar's way).
pub type Say = Arc<dyn Fn(&str) + Send + Sync>;

/// The formats offered to download, built after the proof, in this order.
const DOWNLOADS: [Format; 3] = [Format::Brf, Format::Pef, Format::Unicode];

/// What the threads share: the job, the builds' folder, the state, and the two bells (a build
/// is wanted; the state changed).
pub(super) struct Shared {
    job: Job,
    /// The builds' folder: a subfolder a format, emptied before each build.
    folder: tempfile::TempDir,
    /// The outputs' name (the first input's, as a build beside it would be named).
    stem: String,
    style: Style,
    pub(super) say: Say,
    state: Mutex<State>,
    /// Rung when the state changes: the event streams wait on it.
    changed: Condvar,
    /// Set when an input changed; the builder waits on `wake`.
    wanted: Mutex<bool>,
    wake: Condvar,
}

impl Shared {
    pub(super) fn new(job: Job, style: Style, say: Say) -> Result<Shared> {
        let folder = tempfile::Builder::new()
            .prefix("schackpunkt-serve-")
            .tempdir()
            .map_err(|e| Error::io(std::env::temp_dir(), e))?;
        destination::remove_on_signal(folder.path());
        let first = &job.inputs[0];
        // (`.` or `..` has no name: the folder's own is taken.)
        let stem = match first.file_stem() {
            Some(stem) => Some(stem.to_owned()),
            None => first
                .canonicalize()
                .ok()
                .and_then(|p| p.file_name().map(|n| n.to_owned())),
        }
        .map_or_else(|| "bok".to_owned(), |s| s.to_string_lossy().into_owned());
        Ok(Shared {
            job,
            folder,
            stem,
            style,
            say,
            state: Mutex::new(State::default()),
            changed: Condvar::new(),
            // The first build is wanted at once.
            wanted: Mutex::new(true),
            wake: Condvar::new(),
        })
    }

    /// The state, for a moment (a panic elsewhere leaves it readable).
    pub(super) fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits until the state's version differs from `seen`, or `timeout` passes; returns the
    /// version then.
    pub(super) fn wait_for_change(&self, seen: &str, timeout: Duration) -> String {
        let state = self.state();
        let (state, _) = self
            .changed
            .wait_timeout_while(state, timeout, |s| s.version() == seen)
            .unwrap_or_else(|e| e.into_inner());
        state.version()
    }

    /// Waits while the downloads of the current proof are being built (or until `timeout`
    /// passes).
    pub(super) fn wait_for_downloads(&self, timeout: Duration) -> MutexGuard<'_, State> {
        let state = self.state();
        let (state, _) = self
            .changed
            .wait_timeout_while(state, timeout, |s| s.downloading)
            .unwrap_or_else(|e| e.into_inner());
        state
    }

    /// An input changed: a build is wanted (the builder may be busy; it builds again after).
    pub(super) fn want_build(&self) {
        *self.wanted.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.wake.notify_all();
    }

    /// Waits for the wish for a build, and takes it.
    fn wait_for_wish(&self) {
        let wanted = self.wanted.lock().unwrap_or_else(|e| e.into_inner());
        let mut wanted = self
            .wake
            .wait_while(wanted, |w| !*w)
            .unwrap_or_else(|e| e.into_inner());
        *wanted = false;
    }

    /// The builder's loop: a build whenever one is wanted, the watch set to the files the
    /// build reads after each.
    pub(super) fn run(&self, mut watch: Watch) {
        loop {
            self.wait_for_wish();
            let files = build::files_of(&self.job);
            watch.follow(&files, &self.job.inputs);
            // A build that panics (a bug of ours) fails like a bad input, and the next save
            // builds again: the server outlives it. (What panicked is on the terminal.)
            let built = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                if self.build_proof() {
                    self.build_downloads();
                }
            }));
            if built.is_err() {
                self.failed_on_a_bug();
            }
        }
    }

    /// The state after a build that panicked: failed, the last good proof kept.
    fn failed_on_a_bug(&self) {
        let message = "the build stopped on a bug of schackpunkt's (a panic, said on the \
                       terminal); the next save builds again. Please report it with the input";
        (self.say)(&format!("error: {message}"));
        let mut state = self.state();
        state.generation += 1;
        state.failed = true;
        state.downloading = false;
        state.problems = vec![Problem {
            error: true,
            ..Problem::said(message)
        }];
        drop(state);
        self.changed.notify_all();
    }

    /// Builds the proof; returns whether it succeeded. The state changes once, at the end.
    fn build_proof(&self) -> bool {
        let started = Instant::now();
        let (result, warnings) = self.build(Format::Html);
        let took = started.elapsed();
        let proof = match result {
            Ok((summary, files)) => Proof::of_files(&files, summary.pages),
            Err(e) => Err(e),
        };
        // The terminal hears what the page shows: the first warnings of each kind, then a
        // count of the rest, as `build` says them.
        let mut shown = Shown::default();
        let mut problems = Vec::new();
        for w in warnings.iter().filter(|w| shown.show(w)) {
            (self.say)(&w.render(self.style));
            problems.push(Problem::of_warning(w, self.style.no_graphics));
        }
        for line in shown.not_shown() {
            (self.say)(&line);
            problems.push(Problem::said(line.trim_start_matches("warning: ")));
        }
        let mut state = self.state();
        state.generation += 1;
        let generation = state.generation;
        let good = match proof {
            Ok(mut proof) => {
                proof.generation = generation;
                (self.say)(&format!(
                    "schackpunkt: build {generation}: the proof, {} braille pages, {}, in {} ms",
                    proof.pages,
                    match warnings.len() {
                        0 => "no warnings".to_owned(),
                        1 => "1 warning".to_owned(),
                        n => format!("{n} warnings"),
                    },
                    took.as_millis()
                ));
                state.proof = Some(proof);
                state.failed = false;
                state.downloading = true;
                state.took = took;
                true
            }
            Err(e) => {
                (self.say)(&e.render(self.style));
                let kept = match &state.proof {
                    Some(p) => format!("the page keeps the proof of build {}", p.generation),
                    None => "there is no proof to show yet".to_owned(),
                };
                (self.say)(&format!(
                    "schackpunkt: build {generation} failed; {kept} until the input is mended"
                ));
                problems.insert(0, Problem::of_error(&e, self.style.no_graphics));
                state.failed = true;
                false
            }
        };
        state.problems = problems;
        drop(state);
        self.changed.notify_all();
        good
    }

    /// Builds the braille files to download, one format after the other; stops when an input
    /// changes meanwhile (the next build makes them anew).
    fn build_downloads(&self) {
        let mut downloads = Vec::new();
        for format in DOWNLOADS {
            if self.build_wanted() {
                self.downloads_left_unmade();
                return;
            }
            let (result, _) = self.build(format);
            let Ok((summary, files)) = result else {
                // (The proof's build succeeded: the same inputs, another format. Said on the
                // terminal; the page offers what was made.)
                if let Err(e) = result {
                    (self.say)(&e.render(self.style));
                }
                continue;
            };
            for (file, written) in files.iter().zip(&summary.outputs) {
                let Ok(bytes) = std::fs::read(file) else {
                    continue;
                };
                let name = file
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                let label = match (format, written.table) {
                    (Format::Brf, Some(table)) => {
                        let table = table
                            .to_possible_value()
                            .map_or_else(String::new, |v| v.get_name().to_owned());
                        format!("BRF ({table})")
                    }
                    (Format::Pef, _) => "PEF".to_owned(),
                    (Format::Unicode, _) => "Unicode".to_owned(),
                    _ => format.extension().to_ascii_uppercase(),
                };
                let label = match written.volume {
                    Some((k, n)) if n > 1 => format!("{label}, volym {k}"),
                    _ => label,
                };
                downloads.push(Download {
                    name,
                    format,
                    label,
                    bytes,
                });
            }
        }
        if self.build_wanted() {
            self.downloads_left_unmade();
            return;
        }
        let mut state = self.state();
        state.downloads_of = state.proof.as_ref().map_or(0, |p| p.generation);
        state.downloads = downloads;
        state.downloading = false;
        drop(state);
        self.changed.notify_all();
    }

    /// A save came before the downloads were made: none is offered for this proof (the files
    /// of an older one would not be its braille); the next good build makes them.
    fn downloads_left_unmade(&self) {
        let mut state = self.state();
        state.downloading = false;
        state.downloads.clear();
        drop(state);
        self.changed.notify_all();
    }

    /// Whether a build is wanted (the wish left in place for the loop).
    fn build_wanted(&self) -> bool {
        *self.wanted.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// One build of the job in `format` into the format's own subfolder (emptied first: the
    /// volumes of an earlier build must not stay); the warnings, and the files written.
    fn build(&self, format: Format) -> (Result<(Summary, Vec<PathBuf>)>, Vec<Warning>) {
        let mut warnings = Vec::new();
        let result = self.build_into(format, &mut warnings);
        (result, warnings)
    }

    fn build_into(
        &self,
        format: Format,
        warnings: &mut Vec<Warning>,
    ) -> Result<(Summary, Vec<PathBuf>)> {
        let sub = self.folder.path().join(format.extension());
        empty(&sub)?;
        let target = sub.join(format!("{}.{}", self.stem, format.extension()));
        let job = Job {
            destination: Destination::File(target.clone()),
            settings: Settings {
                format: Some(format),
                ..self.job.settings.clone()
            },
            progress: None,
            ..self.job.clone()
        };
        let summary = build::run(&job, &mut |w| warnings.push(w.clone()))?;
        let files = summary
            .outputs
            .iter()
            .map(|w| w.path.clone().unwrap_or_else(|| target.clone()))
            .collect();
        Ok((summary, files))
    }
}

/// Makes `folder` empty (or makes it).
fn empty(folder: &Path) -> Result<()> {
    if folder.exists() {
        std::fs::remove_dir_all(folder).map_err(|e| Error::io(folder, e))?;
    }
    std::fs::create_dir_all(folder).map_err(|e| Error::io(folder, e))
}
