//! The run over every input: settings resolved, outputs opened, warnings counted and gated, volumes named.

use super::*;

/// Runs a build. Warnings go to `warn` as they are found; with [`Job::deny_warnings`] the
/// first one fails the build once its input is through, and nothing is written.
/// Returns what was read and written.
pub fn run(job: &Job, warn: &mut dyn FnMut(&Warning)) -> Result<Summary> {
    // A file whose start is UTF-8 is read as UTF-8 before the rest of it is known to be
    // (`source::Guesses`); when it is not, nothing was said or written, and the build starts
    // again with each file's encoding decided before it is read.
    let guesses = source::Guesses::default();
    let guessing = run_guessing(job, warn, Some(&guesses));
    if guessing.is_err() {
        guesses.settle();
    }
    if !guesses.wrong() {
        return guessing;
    }
    if let Some(progress) = &job.progress {
        progress.restart();
    }
    run_guessing(job, warn, None)
}

/// [`run`], the encoding of files guessed from their start with `guesses`: nothing is said
/// before every guess is settled, and nothing once one was wrong.
fn run_guessing(
    job: &Job,
    warn: &mut dyn FnMut(&Warning),
    guesses: Option<&source::Guesses>,
) -> Result<Summary> {
    let first: RefCell<Option<Warning>> = RefCell::new(None);
    let count = Cell::new(0usize);
    let mut seen = |w: &Warning| {
        if let Some(guesses) = guesses {
            guesses.settle();
            if guesses.wrong() {
                return;
            }
            // (Said once: a file guessed after it, and guessed wrong, would say it again.)
            guesses.close();
        }
        // An error that left out its game is no warning: it has its own count and exit code.
        if !w.is_error() {
            count.set(count.get() + 1);
            first.borrow_mut().get_or_insert_with(|| w.clone());
        }
        warn(w);
    };
    // Asked before any output is put in place (renamed, copied to standard output).
    let gate = || -> Result<()> {
        if let Some(guesses) = guesses {
            guesses.settle();
            if guesses.wrong() {
                // (Never shown: `run` starts the build again.)
                return Err(Error::Usage("an input's encoding was guessed wrong".into()));
            }
        }
        match &*first.borrow() {
            Some(w) if job.deny_warnings => Err(denied(w, count.get())),
            _ => Ok(()),
        }
    };
    let mut summary = run_gated(job, guesses, &mut seen, &gate)?;
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
    guesses: Option<&source::Guesses>,
    warn: &mut dyn FnMut(&Warning),
    gate: &dyn Fn() -> Result<()>,
) -> Result<Summary> {
    // `-o bok.pef` without `--format`: the name says the format (`.brf`, `.txt`, `.pef`,
    // `.html`), as it would say it for an output beside its input.
    let named = format_named(job);
    let job = named.as_ref().unwrap_or(job);
    if job.inputs.is_empty() {
        return Err(Error::Usage("no input given".into()));
    }
    // `check` names an input that cannot be a unit (a folder without `bok.yaml`) where it
    // stands among the others and checks them; a build stops at it.
    let checking = matches!(job.destination, Destination::Discard);
    let (inputs, unit_errors) = units_of(job, checking, warn)?;
    let read = files_read(job, &inputs);
    let gated = Gated {
        job,
        summary: RefCell::new(Summary {
            inputs: inputs.iter().map(|u| u.parts.len()).sum(),
            ..Summary::default()
        }),
        inputs,
        read,
        gate,
        guesses,
    };
    if job.inputs.iter().filter(|p| p.as_os_str() == "-").count() > 1 {
        return Err(Error::Usage(
            "standard input (-) is given more than once; it can be read only once".into(),
        ));
    }
    match &job.destination {
        Destination::BesideInput => gated.each(gated.targets(None)?, warn),
        Destination::Folder(dir) => gated.in_folder(dir, warn),
        Destination::File(target) => {
            destination::refuse_input_as_output(target, &gated.read)?;
            gated.all_in_one(Some(target), warn)
        }
        Destination::Discard => gated.check(unit_errors, warn),
        Destination::Stdout => gated.all_in_one(None, warn),
    }?;
    Ok(gated.summary.into_inner())
}

/// The job with the format its output's name says, when `--format` does not say one.
fn format_named(job: &Job) -> Option<Job> {
    let (Destination::File(target), None) = (&job.destination, job.settings.format) else {
        return None;
    };
    let format = Format::of_extension(target)?;
    Some(Job {
        settings: Settings {
            format: Some(format),
            ..job.settings.clone()
        },
        ..job.clone()
    })
}

/// Inputs that cannot be a unit, each with its place among the inputs (`check` names them
/// there).
type UnitErrors = Vec<(usize, Error)>;

/// The units of the job's inputs; with `checking`, those that cannot be one are kept aside
/// with their place among the inputs.
fn units_of(
    job: &Job,
    checking: bool,
    warn: &mut dyn FnMut(&Warning),
) -> Result<(Vec<Unit>, UnitErrors)> {
    let units = job.units(warn);
    let mut unit_errors: UnitErrors = Vec::new();
    let mut inputs = Vec::with_capacity(units.len());
    for (k, unit) in units.into_iter().enumerate() {
        match unit {
            Ok(unit) => inputs.push(unit),
            Err(e) if checking => unit_errors.push((k, e)),
            Err(e) => return Err(e),
        }
    }
    Ok((inputs, unit_errors))
}

/// Every file read, for the check that no output is an input: the page profile's file too
/// (issue 32: `--profile ./p.yaml -o p.yaml` wrote braille over it).
fn files_read(job: &Job, inputs: &[Unit]) -> Vec<PathBuf> {
    let profile = job.settings.profile.as_deref().and_then(profile::file_of);
    job.inputs
        .iter()
        .cloned()
        .chain(
            inputs
                .iter()
                .flat_map(|u| u.parts.iter().map(|p| p.path.clone())),
        )
        .chain(profile)
        .collect()
}

/// Every file a build of `job` reads, as far as it can be told before the build: the inputs,
/// each book folder's `bok.yaml` and chapters, the page profile's file, named on the command
/// line or in a book's front matter. A folder that is no book (yet) is named itself. For
/// `schackpunkt serve`, which watches them.
pub fn files_of(job: &Job) -> Vec<PathBuf> {
    let mut units = Vec::new();
    let mut named = Vec::new();
    for (path, unit) in job.inputs.iter().zip(job.units(&mut |_| {})) {
        match unit {
            Ok(unit) => units.push(unit),
            // (It is no unit as it stands: the input itself, and for a folder the files its
            // `bok.yaml` names, to see it mended.)
            Err(_) => {
                if path.is_dir() {
                    named.extend(folder::named(path));
                }
                units.push(Unit {
                    path: path.clone(),
                    parts: Vec::new(),
                })
            }
        }
    }
    let mut files = files_read(job, &units);
    // (A front matter that cannot be read names no profile: the build says why.)
    let markdown = units
        .iter()
        .flat_map(|u| &u.parts)
        .filter(|p| p.kind == InputKind::Markdown);
    for part in markdown {
        let Ok(mut input) = source::open(&part.path, job.input_encoding) else {
            continue;
        };
        let Ok(text) = input.read_text(true) else {
            continue;
        };
        let profile = front_of(&input.name, &text, part.role)
            .ok()
            .and_then(|f| f.settings.profile.as_deref().and_then(profile::file_of));
        files.extend(profile);
    }
    files.extend(named);
    files
}

/// A build's inputs on their way to their outputs, and what it has done so far.
struct Gated<'a> {
    job: &'a Job,
    inputs: Vec<Unit>,
    read: Vec<PathBuf>,
    /// Asked before any output is put in place.
    gate: &'a dyn Fn() -> Result<()>,
    summary: RefCell<Summary>,
    /// The files whose encoding is guessed from their start.
    guesses: Option<&'a source::Guesses>,
}

impl Gated<'_> {
    /// Counts one output's transcription: written to files (a volume each when there are as
    /// many), to standard output (`Some(vec![])`), or nowhere (`check`).
    fn tally(&self, counts: Counts, files: Option<Vec<PathBuf>>) {
        let mut s = self.summary.borrow_mut();
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
    }

    /// One output file per input, or one for all: each checked before anything is read.
    fn targets(&self, folder: Option<&Path>) -> Result<Vec<Option<PathBuf>>> {
        let targets: Vec<Option<PathBuf>> = self
            .inputs
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
                    Some(part) => self.job.format_of(part)?,
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
            .zip(self.inputs.iter())
            .filter_map(|(t, unit)| Some((t.clone()?, unit.path.as_path())))
            .collect();
        let read = destination::Inputs::new(&self.read);
        for (target, _) in &named {
            read.refuse(target)?;
        }
        destination::refuse_shared_outputs(&named)?;
        Ok(targets)
    }

    /// Every output is written aside first and put in place only once all are written and
    /// the gate is passed: a clash or a full disk at the last output leaves every output as
    /// it was (issue 32).
    fn put_in_place(
        &self,
        written: Vec<(Counts, destination::Pending)>,
        warn: &mut dyn FnMut(&Warning),
    ) -> Result<()> {
        let (counts, pending): (Vec<Counts>, Vec<destination::Pending>) =
            written.into_iter().unzip();
        for (first, last, n, pattern) in destination::stale_volumes(&pending) {
            warn(&stale_volumes(&first, &last, n, &pattern));
        }
        (self.gate)()?;
        // The profile files the books named are inputs too.
        let mut read = self.read.clone();
        read.extend(counts.iter().flat_map(|c| c.profile_files.iter().cloned()));
        let files = destination::commit(pending, &read)?;
        for (counts, files) in counts.into_iter().zip(files) {
            self.tally(counts, Some(files));
        }
        Ok(())
    }

    /// Each input into its own output.
    fn each(&self, targets: Vec<Option<PathBuf>>, warn: &mut dyn FnMut(&Warning)) -> Result<()> {
        let mut written = Vec::with_capacity(targets.len());
        for (input, target) in self.inputs.iter().zip(targets) {
            let mut counts = Counts::default();
            let pending = destination::prepare(target.as_deref(), |w| {
                counts = transcribe(std::slice::from_ref(input), self.job, self.guesses, w, warn)?;
                Ok(())
            })?;
            written.push((counts, pending));
        }
        self.put_in_place(written, warn)
    }

    /// Every input into one output: a file, or standard output.
    fn all_in_one(&self, target: Option<&Path>, warn: &mut dyn FnMut(&Warning)) -> Result<()> {
        let mut counts = Counts::default();
        let pending = destination::prepare(target, |w| {
            counts = transcribe(&self.inputs, self.job, self.guesses, w, warn)?;
            Ok(())
        })?;
        self.put_in_place(vec![(counts, pending)], warn)
    }

    /// Each input into its own output in a folder.
    fn in_folder(&self, dir: &Path, warn: &mut dyn FnMut(&Warning)) -> Result<()> {
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
        let done = self
            .targets(Some(dir))
            .and_then(|targets| self.each(targets, warn));
        if made && done.is_err() {
            // (Only an empty folder goes: anything written stays, as it would.)
            let _ = std::fs::remove_dir(dir);
        }
        done
    }

    /// `check`: each input transcribed, nothing written.
    fn check(&self, unit_errors: UnitErrors, warn: &mut dyn FnMut(&Warning)) -> Result<()> {
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
        let mut units = self.inputs.iter();
        let mut unit_errors = unit_errors.into_iter().peekable();
        for k in 0..self.job.inputs.len() {
            let checked = match unit_errors.next_if(|(at, _)| *at == k) {
                Some((_, e)) => Err(e),
                None => match units.next() {
                    Some(input) => {
                        let sink = &mut io::sink();
                        transcribe(
                            std::slice::from_ref(input),
                            self.job,
                            self.guesses,
                            sink,
                            warn,
                        )
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
                    self.tally(counts, None);
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
        (self.gate)()
    }
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
pub(super) fn empty_input(name: &str, what: &str) -> Warning {
    Warning(Diagnostic::new(
        Location {
            file: name.to_owned(),
            line: 1,
            column: 1,
        },
        format!("{what} in this file: nothing is transcribed from it"),
    ))
}
