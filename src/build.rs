//! The build job: inputs through the pipeline into one output, written atomically.
//!
//! Each input is read as a stream (a PGN game, a FEN line at a time), turned into blocks and
//! laid out at once, so memory stays bounded by the largest game, not the file. The output goes
//! to a temporary file beside its destination and is renamed into place only when every input
//! has gone through: a failed build writes nothing and leaves an earlier output as it was.

use std::cell::{Cell, RefCell};
use std::fs;
use std::io::{self, BufRead, BufWriter, Read as _, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc;

use encoding_rs::{Encoding, UTF_8};

use crate::braille::diagram::{self, BOARD_WIDTH};
use crate::braille::game::GameWriter;
use crate::chess::{Game, PgnReader};
use crate::document::fen::FenReader;
use crate::document::frontmatter::Settings;
use crate::document::markdown::Book;
use crate::document::profile::{DEFAULT_PROFILE, Profile};
use crate::error::{Diagnostic, Error, Location, Result, Warning};
use crate::layout::{Block, Layouter};
use crate::options::{DiagramForm, Notation, Options};
use crate::output::Output;
use crate::source;

/// What kind of document an input is, from its file extension.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum InputKind {
    /// Games in PGN.
    Pgn,
    /// Positions, one FEN a line, drawn as diagrams.
    Fen,
    /// A chess book in Markdown.
    Markdown,
}

impl InputKind {
    pub fn of(path: &Path) -> Result<InputKind> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        match ext.as_str() {
            "pgn" => Ok(InputKind::Pgn),
            "fen" => Ok(InputKind::Fen),
            "md" | "markdown" => Ok(InputKind::Markdown),
            _ => Err(Error::Usage(format!(
                "{}: unknown kind of input (expected .pgn, .fen or .md)",
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
    /// Every input into this one file.
    File(PathBuf),
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
    /// Warnings fail the build (exit code 1, nothing written); all are still shown.
    pub deny_warnings: bool,
}

/// Runs a build. Warnings go to `warn` as they are found; with [`Job::deny_warnings`] the
/// first one fails the build once its input is through, and nothing is written.
pub fn run(job: &Job, warn: &mut dyn FnMut(&Warning)) -> Result<()> {
    let first: RefCell<Option<Warning>> = RefCell::new(None);
    let count = Cell::new(0usize);
    let mut seen = |w: &Warning| {
        count.set(count.get() + 1);
        first.borrow_mut().get_or_insert_with(|| w.clone());
        warn(w);
    };
    // Asked before any output is put in place (renamed, copied to standard output).
    let gate = || -> Result<()> {
        match &*first.borrow() {
            Some(w) if job.deny_warnings => Err(denied(w, count.get())),
            _ => Ok(()),
        }
    };
    run_gated(job, &mut seen, &gate)
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
) -> Result<()> {
    if job.inputs.is_empty() {
        return Err(Error::Usage("no input given".into()));
    }
    for input in &job.inputs {
        InputKind::of(input)?;
    }
    match &job.destination {
        Destination::BesideInput => {
            for input in &job.inputs {
                let format = job.settings.format.unwrap_or_default();
                let target = input.with_extension(format.extension());
                if &target == input {
                    return Err(Error::Usage(format!(
                        "{}: the output would overwrite the input; give -o",
                        input.display()
                    )));
                }
                write_atomically(&target, |w| {
                    transcribe(std::slice::from_ref(input), job, w, warn)?;
                    gate()
                })?;
            }
            Ok(())
        }
        Destination::File(target) => write_atomically(target, |w| {
            transcribe(&job.inputs, job, w, warn)?;
            gate()
        }),
        Destination::Discard => {
            // Each input on its own, as beside-input outputs would be (its own front matter).
            for input in &job.inputs {
                transcribe(std::slice::from_ref(input), job, &mut io::sink(), warn)?;
            }
            gate()
        }
        Destination::Stdout => {
            // Through a temporary file, so that a failed build prints nothing.
            let mut tmp = tempfile::tempfile().map_err(|e| Error::io("(temporary file)", e))?;
            transcribe(&job.inputs, job, &mut tmp, warn)?;
            gate()?;
            use std::io::Seek;
            tmp.seek(io::SeekFrom::Start(0))
                .map_err(|e| Error::io("(temporary file)", e))?;
            let stdout = io::stdout();
            let mut lock = stdout.lock();
            io::copy(&mut tmp, &mut lock)
                .and_then(|_| lock.flush())
                .map_err(|e| Error::io("(standard output)", e))
        }
    }
}

/// Writes a file through a temporary file in the same folder, renamed into place on success.
fn write_atomically(target: &Path, body: impl FnOnce(&mut dyn Write) -> Result<()>) -> Result<()> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut tmp = tempfile::Builder::new()
        .prefix(".schackpunkt-")
        .tempfile_in(&dir)
        .map_err(|e| Error::io(target, e))?;
    body(tmp.as_file_mut())?;
    tmp.as_file_mut()
        .sync_all()
        .map_err(|e| Error::io(target, e))?;
    tmp.persist(target)
        .map_err(|e| Error::io(target, e.error))?;
    // The temporary file is created private (0600); give the output the usual permissions.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = fs::set_permissions(target, fs::Permissions::from_mode(0o644));
    }
    Ok(())
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

/// What the reading thread hands to the writing one.
enum Read {
    Game(Game, Vec<Warning>),
    End(Vec<Warning>),
    Failed(Error),
}

/// Games in flight between the two threads: enough to smooth out long games, few enough that
/// memory stays bounded.
const GAMES_IN_FLIGHT: usize = 64;

/// Writes one game, passing on its warnings.
type WriteGame<'a> = dyn FnMut(&Game, &mut dyn FnMut(&Warning)) -> Result<()> + 'a;

/// Reads games on a thread of their own (parsing and replaying is half the work) and hands
/// each, in order, to `write` on this thread. Stops at the first error of either side.
fn read_games(
    input: Box<dyn BufRead + Send>,
    name: &str,
    write: &mut WriteGame<'_>,
    warn: &mut dyn FnMut(&Warning),
) -> Result<()> {
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::sync_channel::<Read>(GAMES_IN_FLIGHT);
        scope.spawn(move || {
            let mut reader = PgnReader::new(input, name);
            loop {
                let msg = match reader.read_game() {
                    Ok(Some(game)) => Read::Game(game, reader.take_warnings()),
                    Ok(None) => Read::End(reader.take_warnings()),
                    Err(e) => Read::Failed(e),
                };
                let last = !matches!(msg, Read::Game(..));
                // A closed channel means the writer stopped (an error): stop too.
                if tx.send(msg).is_err() || last {
                    return;
                }
            }
        });
        for msg in rx {
            match msg {
                Read::Game(game, warnings) => {
                    warnings.iter().for_each(&mut *warn);
                    write(&game, warn)?;
                }
                Read::End(warnings) => {
                    warnings.iter().for_each(&mut *warn);
                    return Ok(());
                }
                Read::Failed(e) => return Err(e),
            }
        }
        Ok(())
    })
}

/// The options of one output: the command line's, over the front matter of its first input
/// when that is a book. Books are paginated by a page profile (`sv-a4` unless one is named);
/// games and diagrams only when a profile is named.
fn resolve(
    settings: &Settings,
    name: &str,
    first: &Prepared,
) -> Result<(Options, Option<Profile>)> {
    match first {
        Prepared::Book(text) => {
            let book = Book::read(name, text, &mut |_| {})?;
            settings
                .clone()
                .or(book.settings().clone())
                .resolve(Some(DEFAULT_PROFILE))
        }
        Prepared::Stream(_) => settings.resolve(None),
    }
}

/// An input opened for transcription: a book is read whole (books are small and Markdown
/// needs the whole text), games and positions stream.
enum Prepared {
    Book(String),
    Stream(source::Input),
}

fn prepare(path: &Path, job: &Job) -> Result<(source::Input, InputKind)> {
    Ok((
        source::open(path, job.input_encoding)?,
        InputKind::of(path)?,
    ))
}

/// Transcribes input files into one output stream.
fn transcribe(
    inputs: &[PathBuf],
    job: &Job,
    out: &mut dyn Write,
    warn: &mut dyn FnMut(&Warning),
) -> Result<()> {
    let mut opened = Vec::with_capacity(inputs.len());
    for path in inputs {
        opened.push(prepare(path, job)?);
    }
    transcribe_opened(opened, &job.settings, out, warn)
}

/// The whole pipeline on one input given as bytes, with no file read or written: `name` is
/// used in messages, `kind` says what the bytes are, `encoding` forces a decoding (else it is
/// detected as for a file). For tests and fuzzing; [`run`] is the build job itself.
pub fn transcribe_bytes(
    name: &str,
    kind: InputKind,
    bytes: Vec<u8>,
    settings: &Settings,
    encoding: Option<&'static Encoding>,
    out: &mut dyn Write,
    warn: &mut dyn FnMut(&Warning),
) -> Result<()> {
    let (encoding, not_utf8_at) = match encoding {
        Some(e) => (e, None),
        None => source::sniff_at(&mut &bytes[..]).map_err(|e| Error::io(name, e))?,
    };
    let input = source::Input {
        name: name.to_owned(),
        encoding,
        not_utf8_at,
        reader: source::decoder(io::Cursor::new(bytes), encoding),
    };
    transcribe_opened(vec![(input, kind)], settings, out, warn)
}

/// Transcribes opened inputs into one output stream.
fn transcribe_opened(
    inputs: Vec<(source::Input, InputKind)>,
    settings: &Settings,
    out: &mut dyn Write,
    warn: &mut dyn FnMut(&Warning),
) -> Result<()> {
    let mut opened = Vec::with_capacity(inputs.len());
    for (mut input, kind) in inputs {
        let path = PathBuf::from(&input.name);
        if input.encoding != UTF_8 {
            // At the first byte that is not UTF-8 when that decided it, else at the start.
            let (line, column) = input.not_utf8_at.unwrap_or((1, 1));
            let message = match input.not_utf8_at {
                Some(_) => format!(
                    "not UTF-8 from here on: the whole file is read as {}",
                    input.encoding.name()
                ),
                None => format!("not UTF-8: read as {}", input.encoding.name()),
            };
            let mut d = Diagnostic::new(
                Location {
                    file: input.name.clone(),
                    line,
                    column,
                },
                message,
            );
            if input.not_utf8_at.is_some() {
                d = d
                    .with_hint("save the file as UTF-8, or give --input-encoding if this is right");
            }
            warn(&Warning(d));
        }
        let prepared = if kind == InputKind::Markdown {
            let mut text = String::new();
            input
                .reader
                .read_to_string(&mut text)
                .map_err(|e| Error::io(path.clone(), e))?;
            Prepared::Book(text)
        } else {
            Prepared::Stream(input)
        };
        opened.push((path, prepared, kind));
    }
    let Some((first_path, first, _)) = opened.first() else {
        return Err(Error::Usage("no input given".into()));
    };
    let (options, profile) = resolve(settings, &first_path.display().to_string(), first)?;
    let needs_board = opened.iter().any(|(_, _, k)| *k == InputKind::Fen);
    if needs_board && options.diagram == DiagramForm::Board && options.line_length < BOARD_WIDTH {
        return Err(Error::Usage(format!(
            "the board diagram needs lines of at least {BOARD_WIDTH} cells"
        )));
    }
    let writer = BufWriter::with_capacity(64 * 1024, out);
    let mut layout = Layouter::new(
        options.line_length,
        options.page_length,
        Output::new(options.format, writer),
    );
    if let Some(p) = &profile {
        p.apply(&mut layout);
    }
    let mut blocks: Vec<Block> = Vec::new();
    let mut warnings: Vec<Warning> = Vec::new();
    let mut first = true;
    for (path, prepared, kind) in opened {
        let path = path.as_path();
        let io_err = |e: io::Error| Error::io(path, e);
        let name = path.display().to_string();
        let input = match prepared {
            Prepared::Book(text) => {
                if !first {
                    layout.page_break().map_err(io_err)?;
                }
                first = false;
                if text.trim().is_empty() {
                    warn(&empty_input(&name, "no text"));
                }
                let book = Book::read(&name, &text, warn)?;
                book.transcribe(&options, &mut layout, warn)?;
                continue;
            }
            Prepared::Stream(input) => input,
        };
        if kind == InputKind::Fen {
            let mut positions = 0usize;
            for fen in FenReader::new(input.reader, name.as_str()) {
                let fen = fen?;
                positions += 1;
                for w in &fen.warnings {
                    warn(w);
                }
                let mut block = diagram::diagram_fixed(
                    fen.board(),
                    fen.turn(),
                    options.diagram,
                    options.notation,
                    options.to_move,
                    options.line_length,
                );
                if !first {
                    layout.push(&mut Block::Blank).map_err(io_err)?;
                }
                first = false;
                layout.push(&mut block).map_err(io_err)?;
            }
            if positions == 0 {
                warn(&empty_input(&name, "no positions"));
            }
            continue;
        }
        let mut games = GameWriter::new(&options);
        let mut read = 0usize;
        let mut write_game = |game: &Game, warn: &mut dyn FnMut(&Warning)| -> Result<()> {
            read += 1;
            blocks.clear();
            games.write(game, &mut blocks, &mut warnings);
            for w in warnings.drain(..) {
                warn(&w);
            }
            if blocks.is_empty() {
                return Ok(());
            }
            if !first {
                layout.push(&mut Block::Blank).map_err(io_err)?;
            }
            first = false;
            for b in &mut blocks {
                layout.push(b).map_err(io_err)?;
            }
            Ok(())
        };
        read_games(input.reader, &name, &mut write_game, warn)?;
        if read == 0 {
            warn(&empty_input(&name, "no games"));
        }
        if options.notation == Notation::Compact && games.dropped_nags > 0 {
            warn(&Warning(Diagnostic::new(
                Location {
                    file: name.clone(),
                    line: 1,
                    column: 1,
                },
                format!(
                    "{} annotation glyphs left out: compact notation has no comment signs",
                    games.dropped_nags
                ),
            )));
        }
    }
    let output = layout.finish().map_err(|e| Error::io("(output)", e))?;
    output.into_inner().map_err(|e| Error::io("(output)", e))?;
    Ok(())
}
