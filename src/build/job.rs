//! The build job: what to read (inputs and their kinds), where to write, with which settings.

use super::*;

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
    /// A job of `inputs` into `destination` with what `schackpunkt build` takes when nothing
    /// more is said: the settings left to the front matter and the defaults, encodings and
    /// kinds detected, warnings let through, one thread a core, books checked and games not,
    /// a book folder's chapters inside it. Change the fields for the rest.
    pub fn new(inputs: Vec<PathBuf>, destination: Destination) -> Job {
        Job {
            inputs,
            destination,
            settings: Settings::default(),
            input_encoding: None,
            input_kind: None,
            deny_warnings: false,
            jobs: 0,
            progress: None,
            verify: None,
            allow_outside: false,
        }
    }

    /// How the loop runs: its threads, and whether it only checks.
    pub(super) fn drive(&self) -> Drive {
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
    pub(super) fn format_of(&self, part: &Part) -> Result<Format> {
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
    pub(super) fn units(&self, warn: &mut dyn FnMut(&Warning)) -> Vec<Result<Unit>> {
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
