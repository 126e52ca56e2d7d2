//! Input sources: files, pipes and standard input opened as UTF-8 text whatever their encoding
//! (UTF-8 with or without BOM, UTF-16 with BOM, Windows-1252 when the bytes are not UTF-8),
//! streamed, never loaded whole. A regular file is read once to decide its encoding
//! (`source/sniff.rs`), unless its start is UTF-8 (`source/guess.rs`), and again to
//! transcribe it (again each pass when a build lays it out more than once,
//! `source/spool.rs`); a stream (a pipe, a FIFO, a device, `-`) is read once,
//! its encoding decided on a buffered prefix. On the way every input is checked as text: a
//! NUL byte, or a byte that is not UTF-8 where UTF-8 was decided, is a located error.

use std::fs::File;
use std::io::{self, BufRead, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252};
use encoding_rs_io::DecodeReaderBytesBuilder;

use crate::error::{Diagnostic, Error, Located, Location, Result};

mod guess;
mod sniff;
mod spool;

pub(crate) use guess::Guesses;
use guess::{Guess, SURE, WRONG};
pub use sniff::sniff_at;
use sniff::{Start, sniff_file, sniff_start};
pub(crate) use spool::{Spool, Spooled};

/// An opened input: its name for messages, the encoding found, and a UTF-8 text reader.
pub struct Input {
    /// The name used in error locations (the path as given).
    pub name: String,
    /// The encoding the bytes were decoded from.
    pub encoding: &'static Encoding,
    /// When the bytes were found not to be UTF-8: the line and column (in characters) of the
    /// first byte that is not.
    pub not_utf8_at: Option<(u32, u32)>,
    /// The encoding was given (`--input-encoding`), not found: nothing to warn of.
    pub encoding_given: bool,
    pub reader: Box<dyn BufRead + Send>,
    /// How a regular file is read again from its start, while `reader` has read nothing
    /// ([`Input::spool`] then keeps no copy of it).
    pub(crate) again: Option<Arc<Again>>,
}

impl Input {
    /// The rest of the input as one text (a book, or a stream read more than once); `books`:
    /// lone CRs become LF, as Markdown books are read.
    pub(crate) fn read_text(&mut self, book: bool) -> crate::error::Result<String> {
        let mut text = String::new();
        (&mut self.reader)
            .take(MAX_HELD as u64 + 1)
            .read_to_string(&mut text)
            .map_err(|e| crate::error::Error::io(&self.name, e))?;
        // (Issue 32: endless standard input read as a book ended in an aborted allocation.)
        if text.len() > MAX_HELD {
            let at = Location {
                file: self.name.clone(),
                line: 1,
                column: 1,
            };
            let message = format!(
                "this text is longer than {MAX_HELD_TEXT}, the most a book (read whole) may be: \
                 it is not read"
            );
            let hint = "split the book into chapter files in a book folder";
            return Err(Diagnostic::new(at, message).with_hint(hint).into());
        }
        if book {
            lone_cr_to_lf(&mut text);
        }
        Ok(text)
    }
}

const CHUNK: usize = 64 * 1024;

/// How much of a stream is read before its encoding is decided (a stream cannot be read twice).
pub(crate) const STREAM_PREFIX: usize = 1024 * 1024;

/// The most text a build holds whole (issue 32: endless standard input, `yes '{comment'`,
/// ended in an aborted allocation): a game's text (its tags and moves), a line of a `.fen`
/// or `.epd` file, a Markdown book. More is a located error.
pub(crate) const MAX_HELD: usize = 64 << 20;

/// The same, in the words of a message.
pub(crate) const MAX_HELD_TEXT: &str = "64 MB";

/// The name standard input goes by in messages.
pub const STDIN_NAME: &str = "standard input";

/// How far a build has got, for a progress bar drawn by another thread: the bytes of its
/// inputs read (each byte once, whatever the passes) and the games written.
#[derive(Debug, Default)]
pub struct Progress {
    bytes: AtomicU64,
    games: AtomicU64,
}

impl Progress {
    /// Bytes of the inputs read so far.
    pub fn bytes(&self) -> u64 {
        self.bytes.load(Ordering::Relaxed)
    }

    /// Games written so far.
    pub fn games(&self) -> u64 {
        self.games.load(Ordering::Relaxed)
    }

    pub(crate) fn game(&self) {
        self.games.fetch_add(1, Ordering::Relaxed);
    }

    /// Back to nothing read, nothing written: the build starts again ([`Guesses`]).
    pub(crate) fn restart(&self) {
        self.bytes.store(0, Ordering::Relaxed);
        self.games.store(0, Ordering::Relaxed);
    }
}

/// A reader that adds what it reads to a [`Progress`].
struct Counted<R> {
    inner: R,
    progress: Arc<Progress>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.progress.bytes.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// `raw`, counted into `progress` when there is one.
fn counted<R: Read + Send + 'static>(
    raw: R,
    progress: Option<&Arc<Progress>>,
) -> Box<dyn Read + Send> {
    match progress {
        Some(p) => Box::new(Counted {
            inner: raw,
            progress: Arc::clone(p),
        }),
        None => Box::new(raw),
    }
}

/// Opens an input and decides its encoding; `forced` skips the detection. `-` is standard
/// input. A regular file is read once whole to check that it is UTF-8, then from the start;
/// anything else is a stream, decided on its first [`STREAM_PREFIX`] bytes.
pub fn open(path: &Path, forced: Option<&'static Encoding>) -> Result<Input> {
    open_counted(path, forced, None, 1, None)
}

/// [`open`], with the bytes read added to `progress`, the check of the encoding on up to
/// `threads` threads; with `guesses`, a file whose first letter not in ASCII is UTF-8 is
/// taken to be UTF-8 throughout, not checked whole before it is read ([`Guesses`]).
pub(crate) fn open_counted(
    path: &Path,
    forced: Option<&'static Encoding>,
    progress: Option<&Arc<Progress>>,
    threads: usize,
    guesses: Option<&Guesses>,
) -> Result<Input> {
    // (A stream cannot be read again: the files guessed before it are settled before it is
    // opened, and none after it is guessed.)
    let before_stream = |name: &str| match guesses {
        Some(guesses) => {
            guesses.settle();
            guesses.close();
            match guesses.wrong() {
                true => Err(Error::io(
                    name,
                    io::Error::other("an input's encoding was guessed wrong"),
                )),
                false => Ok(()),
            }
        }
        None => Ok(()),
    };
    if path.as_os_str() == "-" {
        before_stream(STDIN_NAME)?;
        return stream(STDIN_NAME, counted(io::stdin(), progress), forced)
            .map_err(|e| Error::io(STDIN_NAME, e));
    }
    let name = path.display().to_string();
    let io_err = |e: io::Error| Error::io(path, e);
    // (Asked before it is opened: opening a FIFO meets its writer, whose bytes go with the
    // reader that opened it.)
    if guesses.is_some() && std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        before_stream(&name)?;
    }
    let file = File::open(path).map_err(io_err)?;
    let meta = file.metadata().map_err(io_err)?;
    if meta.is_dir() {
        return Err(io_err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "this is a folder, not a file to transcribe",
        )));
    }
    if !meta.is_file() {
        before_stream(&name)?;
        return stream(&name, counted(file, progress), forced).map_err(io_err);
    }
    let same = Same::of(&meta);
    let mut guess = None;
    let (encoding, not_utf8_at) = match (forced, guesses) {
        (Some(enc), _) => (enc, None),
        (None, Some(guesses)) if guesses.open() => {
            match sniff_start(&file, meta.len(), threads).map_err(io_err)? {
                Start::Decided(enc, at) => (enc, at),
                Start::Likely => {
                    guess = Some(guesses.add(path, same));
                    (UTF_8, None)
                }
            }
        }
        (None, _) => sniff_file(&file, meta.len(), threads).map_err(io_err)?,
    };
    // Closed until it is read (issue 32: a build of thousands of files held each open from
    // the start, and failed past the limit of open files, `ulimit -n`).
    drop(file);
    let again = Arc::new(Again {
        path: path.to_path_buf(),
        name: name.clone(),
        same,
        encoding,
        progress: progress.cloned(),
        touched: AtomicBool::new(false),
        guess,
    });
    let deferred = Again::waiting(&again, true, true);
    Ok(Input {
        reader: Box::new(deferred),
        name,
        encoding,
        not_utf8_at,
        encoding_given: forced.is_some(),
        again: Some(again),
    })
}

/// A regular file as [`open`] found it, to be read again from its start as its [`Input`]'s
/// reader reads it ([`Deferred`]).
pub(crate) struct Again {
    path: PathBuf,
    name: String,
    same: Same,
    encoding: &'static Encoding,
    progress: Option<Arc<Progress>>,
    /// Its input's reader has begun to read.
    touched: AtomicBool,
    /// Its encoding was guessed from its start: each reading checks the guess.
    guess: Option<Arc<Guess>>,
}

impl Again {
    fn untouched(&self) -> bool {
        !self.touched.load(Ordering::Relaxed)
    }

    /// The file to be opened when it is first read, its bytes counted into the progress when
    /// `counts`; `first`: its input's own reader (which marks the file touched).
    fn waiting(again: &Arc<Again>, counts: bool, first: bool) -> Deferred {
        Deferred::Waiting {
            again: Arc::clone(again),
            counts,
            first,
        }
    }
}

/// What tells the file opened again from the file whose encoding was decided: its length, its
/// time of last change (a file saved again with as many bytes), and on Unix its device and
/// inode (a file replaced meanwhile is another file).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Same {
    len: u64,
    /// (None where the system keeps no such time.)
    modified: Option<std::time::SystemTime>,
    #[cfg(unix)]
    id: (u64, u64),
}

impl Same {
    fn of(meta: &std::fs::Metadata) -> Same {
        #[cfg(unix)]
        use std::os::unix::fs::MetadataExt;
        Same {
            len: meta.len(),
            modified: meta.modified().ok(),
            #[cfg(unix)]
            id: (meta.dev(), meta.ino()),
        }
    }

    /// How the file found now differs from `self`, in a message's words.
    fn how_changed(&self, now: &Same) -> String {
        if now.len != self.len {
            return format!("it had {} bytes, now {}", self.len, now.len);
        }
        #[cfg(unix)]
        if now.id != self.id {
            return "another file took its place".to_string();
        }
        "its time of last change moved".to_string()
    }
}

/// The error for a file that is not the file whose encoding was decided (`how`: in what).
fn changed(how: &str) -> io::Error {
    io::Error::other(format!(
        "the file changed while it was read ({how}); nothing is written (a file another \
         program keeps writing, as a live broadcast does, is built from a copy of it)"
    ))
}

/// A regular file whose encoding is decided, opened again (and its decoder and buffers made)
/// only when it is first read: a build of many files holds one open at a time.
enum Deferred {
    /// The file, whether its bytes are counted into the progress, whether this is its
    /// input's own reader (the file is then marked touched when it is first read).
    Waiting {
        again: Arc<Again>,
        counts: bool,
        first: bool,
    },
    Open(Box<dyn BufRead + Send>),
    /// Opening failed (the error was given).
    Failed,
}

impl Deferred {
    fn open(&mut self) -> io::Result<&mut Box<dyn BufRead + Send>> {
        // (Failed until opened: an error leaves it so.)
        *self = match std::mem::replace(self, Deferred::Failed) {
            Deferred::Waiting {
                again,
                counts,
                first,
            } => {
                let Again {
                    path,
                    name,
                    same,
                    encoding,
                    progress,
                    touched,
                    guess,
                } = &*again;
                let same = *same;
                if first {
                    touched.store(true, Ordering::Relaxed);
                }
                let progress = progress.as_ref().filter(|_| counts);
                // (Asked before it is opened: a FIFO put in its place would keep the opening
                // waiting for a writer.)
                match std::fs::metadata(path) {
                    Ok(meta) if meta.is_file() => {}
                    Ok(_) => return Err(changed("another file took its place")),
                    Err(e) if e.kind() == io::ErrorKind::NotFound => {
                        return Err(changed("it was removed"));
                    }
                    Err(e) => return Err(e),
                }
                let file = File::open(path)?;
                let now = Same::of(&file.metadata()?);
                if now != same {
                    return Err(changed(&same.how_changed(&now)));
                }
                let file = Unchanged {
                    file,
                    expected: same.len,
                    seen: 0,
                };
                let raw = counted(file, progress);
                Deferred::Open(match guess {
                    Some(guess) => Box::new(TextCheck {
                        guess: Some(Arc::clone(guess)),
                        ..TextCheck::new(name, raw, Checks::Utf8)
                    }),
                    None => decoder(name, raw, encoding),
                })
            }
            other => other,
        };
        match self {
            Deferred::Open(reader) => Ok(reader),
            _ => Err(io::Error::other("the file could not be opened again")),
        }
    }
}

impl Read for Deferred {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.open()?.read(buf)
    }
}

impl BufRead for Deferred {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.open()?.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        if let Deferred::Open(reader) = self {
            reader.consume(amount);
        }
    }
}

/// A regular file read the second time (the first decided its encoding): it must hold as many
/// bytes as it did when it was opened. A file cut or grown meanwhile (another program writing
/// it) is an error, not a shorter book without a word.
struct Unchanged {
    file: File,
    expected: u64,
    seen: u64,
}

impl Read for Unchanged {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.file.read(buf)?;
        self.seen += n as u64;
        if self.seen > self.expected || (n == 0 && !buf.is_empty() && self.seen != self.expected) {
            return Err(io::Error::other(format!(
                "the file changed while it was read (it had {} bytes, now {}); nothing is \
                 written",
                self.expected, self.seen
            )));
        }
        Ok(n)
    }
}

/// Opens a stream that is read once: its encoding is decided on a buffered prefix, which is
/// then read again from memory, followed by the rest of the stream.
fn stream<R: Read + Send + 'static>(
    name: &str,
    mut raw: R,
    forced: Option<&'static Encoding>,
) -> io::Result<Input> {
    let mut prefix = vec![0u8; STREAM_PREFIX];
    let n = read_full(&mut raw, &mut prefix)?;
    prefix.truncate(n);
    let (encoding, not_utf8_at) = match forced {
        Some(enc) => (enc, None),
        None => {
            // A prefix that stops inside a character is not for that reason not UTF-8.
            let whole = if n == STREAM_PREFIX {
                match std::str::from_utf8(&prefix) {
                    Err(e) if e.error_len().is_none() => e.valid_up_to(),
                    _ => n,
                }
            } else {
                n
            };
            sniff_at(&mut io::Cursor::new(&prefix[..whole]))?
        }
    };
    Ok(Input {
        name: name.to_owned(),
        encoding,
        not_utf8_at,
        encoding_given: forced.is_some(),
        reader: decoder(name, io::Cursor::new(prefix).chain(raw), encoding),
        again: None,
    })
}

/// Wraps raw bytes in a reader that yields UTF-8 text decoded from `encoding` (a BOM is
/// dropped), checked as it passes ([`TextCheck`]); `name` is the input's name in messages.
pub fn decoder<R: Read + Send + 'static>(
    name: &str,
    raw: R,
    encoding: &'static Encoding,
) -> Box<dyn BufRead + Send> {
    if encoding == UTF_8 {
        Box::new(TextCheck::new(name, raw, Checks::Utf8))
    } else {
        let decoded = DecodeReaderBytesBuilder::new()
            .encoding(Some(encoding))
            .bom_override(true)
            .strip_bom(false)
            .build(raw);
        // A lone UTF-16 surrogate comes out as U+FFFD, which the text stage reports as a
        // character with no rule, at its place, with a hint saying what it stands for.
        Box::new(TextCheck::new(name, decoded, Checks::Decoded))
    }
}

/// What [`TextCheck`] looks for besides NUL bytes.
#[derive(Copy, Clone, Eq, PartialEq)]
enum Checks {
    /// The bytes are read as UTF-8 as they are: they must be UTF-8 (a stream decided on its
    /// prefix, a file changed since it was checked). A leading BOM is dropped.
    Utf8,
    /// Decoded by encoding_rs: always UTF-8.
    Decoded,
}

/// Checks text on its way from the decoder to the readers, keeping the line and column so that
/// a problem is a located error: text never holds a NUL byte (a binary file, `/dev/zero`, UTF-16
/// without a BOM), and nothing is replaced or dropped silently (but DOS's end-of-file
/// mark, a blank: [`blank_dos_ends`]). It is the input's buffer too.
struct TextCheck<R> {
    inner: R,
    name: String,
    checks: Checks,
    buf: Box<[u8]>,
    /// `buf[pos..end]` is checked and not yet consumed; `buf[end..filled]` is the start of a
    /// character cut by the end of the last read, checked with the next.
    pos: usize,
    end: usize,
    filled: usize,
    /// The place of `buf[end]`.
    place: Place,
    started: bool,
    /// The file's encoding was guessed UTF-8 from its start: this reading checks the guess.
    guess: Option<Arc<Guess>>,
}

impl<R: Read> TextCheck<R> {
    fn new(name: &str, inner: R, checks: Checks) -> Self {
        TextCheck {
            inner,
            name: name.to_owned(),
            checks,
            buf: vec![0; CHUNK].into_boxed_slice(),
            pos: 0,
            end: 0,
            filled: 0,
            place: Place::default(),
            started: false,
            guess: None,
        }
    }

    fn problem(&self, message: &str, hint: &str) -> io::Error {
        let (line, column) = self.place.one_based();
        let at = Location {
            file: self.name.clone(),
            line,
            column,
        };
        let d = Diagnostic::new(at, message).with_hint(hint);
        io::Error::new(io::ErrorKind::InvalidData, Located(Box::new(d)))
    }

    /// Checks `buf[..whole]` (complete characters, or raw bytes at the end of the input), where
    /// `other` is the first byte found not UTF-8 (by the caller, which validated the bytes
    /// once to find where the last character is cut): the error for the first problem,
    /// located, or `None`.
    fn check(&mut self, whole: usize, other: Option<usize>) -> Option<io::Error> {
        let bytes = &self.buf[..whole];
        // Looked for a vector register at a time (every byte of the input passes here); most
        // text has none.
        let nul = memchr::memchr(0, bytes);
        let (at, is_nul) = match (nul, other) {
            (Some(n), Some(o)) if o < n => (o, false),
            (Some(n), _) => (n, true),
            (None, Some(o)) => (o, false),
            (None, None) => return None,
        };
        self.place.advance(&self.buf[..at]);
        if let (Some(guess), false) = (&self.guess, is_nul) {
            // (Never shown: the build starts again, the file's encoding decided first.)
            guess.settle(WRONG);
            return Some(self.problem(
                "not UTF-8 here, though its start was: the file is read again",
                "the build starts again with the file's encoding decided before it is read",
            ));
        }
        Some(if is_nul {
            self.problem(
                "a NUL byte: this is not text (a binary file, or UTF-16 without a byte-order mark)",
                "only text can be transcribed; for UTF-16 without a byte-order mark give \
                 --input-encoding utf-16le or utf-16be",
            )
        } else {
            self.problem(
                "not UTF-8 here, though the input was read as UTF-8 up to this place",
                "an input that is not a regular file is read once and its encoding decided \
                 on its first MiB: give --input-encoding windows-1252 if it is Latin-1, or \
                 save it as UTF-8",
            )
        })
    }
}

/// DOS's end-of-file mark (Ctrl-Z, 0x1A) reads as a blank wherever it stands: old DOS
/// programs end their files with it, and files joined by `copy /b` hold it between games.
/// Read as text it would be a game of its own that cannot be read.
fn blank_dos_ends(bytes: &mut [u8]) {
    const DOS_END: u8 = 0x1a;
    // Looked for a vector register at a time (every byte of the input passes here); most
    // text has none.
    if memchr::memchr(DOS_END, bytes).is_some() {
        for b in bytes.iter_mut().filter(|b| **b == DOS_END) {
            *b = b' ';
        }
    }
}

impl<R: Read> BufRead for TextCheck<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pos < self.end {
            return Ok(&self.buf[self.pos..self.end]);
        }
        // The cut character moves to the front; then read until a whole character is in.
        self.buf.copy_within(self.end..self.filled, 0);
        self.filled -= self.end;
        (self.pos, self.end) = (0, 0);
        loop {
            let n = loop {
                match self.inner.read(&mut self.buf[self.filled..]) {
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    other => break other?,
                }
            };
            self.filled += n;
            let at_end = n == 0;
            // A leading byte-order mark is dropped, once three bytes (or the end) are in.
            if !self.started && self.checks == Checks::Utf8 {
                if self.filled < 3 && !at_end {
                    continue;
                }
                if self.buf[..self.filled].starts_with(b"\xef\xbb\xbf") {
                    self.buf.copy_within(3..self.filled, 0);
                    self.filled -= 3;
                }
            }
            self.started = true;
            // UTF-8 cut by the end of this read: the rest of the character comes next. One
            // validation finds both that and the first byte that is not UTF-8.
            let mut whole = self.filled;
            let mut not_utf8 = None;
            // (simdutf8 first, a vector register at a time: every byte of the input passes here;
            // std's reader says where it is not UTF-8, when it is not.)
            if self.checks == Checks::Utf8
                && simdutf8::basic::from_utf8(&self.buf[..self.filled]).is_err()
                && let Err(e) = std::str::from_utf8(&self.buf[..self.filled])
            {
                if e.error_len().is_none() && !at_end {
                    whole = e.valid_up_to();
                } else {
                    not_utf8 = Some(e.valid_up_to());
                }
            }
            if whole == 0 && !at_end {
                continue;
            }
            if let Some(error) = self.check(whole, not_utf8) {
                return Err(error);
            }
            if let (Some(guess), true) = (&self.guess, at_end) {
                guess.settle(SURE);
            }
            blank_dos_ends(&mut self.buf[..whole]);
            self.place.advance(&self.buf[..whole]);
            self.end = whole;
            return Ok(&self.buf[..whole]);
        }
    }

    fn consume(&mut self, amount: usize) {
        self.pos = (self.pos + amount).min(self.end);
    }
}

impl<R: Read> Read for TextCheck<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

/// A place in a text being read: line and column (0-based; the column in characters).
#[derive(Copy, Clone, Default)]
struct Place {
    line: u32,
    column: u32,
}

impl Place {
    /// Moves past `bytes` (whole UTF-8 characters). Counted a chunk at a time, not a byte at a
    /// time: the newlines, then the characters after the last one.
    fn advance(&mut self, bytes: &[u8]) {
        let tail = match bytes.iter().rposition(|&b| b == b'\n') {
            Some(i) => {
                let lines = count(bytes, |b| b == b'\n');
                self.line = self
                    .line
                    .saturating_add(u32::try_from(lines).unwrap_or(u32::MAX));
                self.column = 0;
                &bytes[i + 1..]
            }
            None => bytes,
        };
        // A character starts at every byte that is not a continuation byte.
        let chars = count(tail, |b| (b as i8) >= -0x40);
        self.column = self
            .column
            .saturating_add(u32::try_from(chars).unwrap_or(u32::MAX));
    }

    /// (line, column), 1-based.
    fn one_based(self) -> (u32, u32) {
        (self.line.saturating_add(1), self.column.saturating_add(1))
    }
}

/// How many bytes of `bytes` are `is`. Every byte of the input is counted (its lines, for the
/// places of errors), so the count is kept in a byte for each block of at most 255 bytes: the
/// compiler then adds sixteen bytes an instruction, where a `usize` count took several a byte.
/// (192 bytes, a multiple of the vector loop's step, leave no byte to a loop of one at a time
/// in each block: 255 took 0.59 instructions a byte, 192 takes 0.35.)
fn count(bytes: &[u8], is: impl Fn(u8) -> bool) -> usize {
    bytes
        .chunks(192)
        .map(|block| usize::from(block.iter().fold(0u8, |n, &b| n + u8::from(is(b)))))
        .sum()
}

fn read_full<R: Read>(r: &mut R, buf: &mut [u8]) -> io::Result<usize> {
    let mut total = 0;
    while total < buf.len() {
        match r.read(&mut buf[total..]) {
            Ok(0) => break,
            Ok(n) => total += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(total)
}

/// Makes a lone CR (old Mac line ends) an LF, byte for byte, so that places stay: Markdown and
/// YAML readers take only LF and CR LF as line ends, and a CR-only book would be one line.
pub(crate) fn lone_cr_to_lf(text: &mut String) {
    if !text.contains('\r') {
        return;
    }
    let mut bytes = std::mem::take(text).into_bytes();
    for i in 0..bytes.len() {
        if bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n') {
            bytes[i] = b'\n';
        }
    }
    // One ASCII byte for another: still UTF-8.
    *text = String::from_utf8(bytes).unwrap_or_default();
}

/// Looks up an encoding by a label such as `utf-8`, `latin1`, `windows-1252`, `utf-16le`.
pub fn encoding_for_label(label: &str) -> Option<&'static Encoding> {
    match label.to_ascii_lowercase().as_str() {
        "latin1" | "latin-1" => Some(WINDOWS_1252),
        "utf16le" => Some(UTF_16LE),
        "utf16be" => Some(UTF_16BE),
        other => Encoding::for_label(other.as_bytes()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_latin1_and_utf16() {
        let mut s = String::new();
        decoder("t", &b"\xc5ke"[..], WINDOWS_1252)
            .read_to_string(&mut s)
            .ok();
        assert_eq!(s, "Åke");
        s.clear();
        decoder("t", &b"\xff\xfeA\x00\xe5\x00"[..], UTF_16LE)
            .read_to_string(&mut s)
            .ok();
        assert_eq!(s, "Aå");
        s.clear();
        decoder("t", &b"\xef\xbb\xbfAb"[..], UTF_8)
            .read_to_string(&mut s)
            .ok();
        assert_eq!(s, "Ab");
    }

    /// A reader that hands out its bytes `step` at a time, to cut characters at every place.
    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.0.len().min(self.1).min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    /// Reads `bytes` through the checks, `step` bytes a read: the text, or the error's place
    /// and message.
    fn through(
        bytes: &'static [u8],
        encoding: &'static Encoding,
        step: usize,
    ) -> Result<String, String> {
        let mut text = String::new();
        decoder("t", Trickle(bytes, step), encoding)
            .read_to_string(&mut text)
            .map(|_| text)
            .map_err(|e| match Error::io("t", e) {
                Error::Input(d) => format!("{}: {}", d.location, d.message),
                other => format!("not located: {other}"),
            })
    }

    #[test]
    fn text_passes_whole_however_it_is_cut() {
        let text = "Åke\n1. e4 {Bra ♔ drag} e5 *\n";
        for step in [1, 2, 3, 5, 64 * 1024] {
            assert_eq!(
                through(text.as_bytes(), UTF_8, step).as_deref(),
                Ok(text),
                "{step}"
            );
        }
        // A BOM is dropped, also when it comes a byte at a time.
        assert_eq!(through(b"\xef\xbb\xbfAb", UTF_8, 1).as_deref(), Ok("Ab"));
        // One BOM, in UTF-8 as in UTF-16: a U+FEFF after it is text (columns count it alike).
        assert_eq!(
            through(b"\xef\xbb\xbf\xef\xbb\xbfA", UTF_8, 64).as_deref(),
            Ok("\u{feff}A")
        );
        assert_eq!(
            through(b"\xff\xfe\xff\xfeA\x00", encoding_rs::UTF_16LE, 64).as_deref(),
            Ok("\u{feff}A")
        );
        assert_eq!(
            through(b"\xff\xfeA\x00", encoding_rs::UTF_16LE, 1).as_deref(),
            Ok("A")
        );
        assert_eq!(
            through(b"\xef\xbb", UTF_8, 1),
            Err(
                "t:1:1: not UTF-8 here, though the input was read as UTF-8 up to this place".into()
            )
        );
    }

    #[test]
    fn a_nul_byte_is_an_error_at_its_place() {
        for step in [1, 4, 1000] {
            let e = through(b"1. e4\n{\xc3\xa5\xc3\xa5 x\x00}", UTF_8, step).unwrap_err();
            assert!(e.starts_with("t:2:6: a NUL byte"), "{step}: {e}");
        }
        let e = through(b"\xc5ke\n\x00", WINDOWS_1252, 2).unwrap_err();
        assert!(e.starts_with("t:2:1: a NUL byte"), "{e}");
        // UTF-16 without a BOM, read as UTF-8: a NUL at the second byte.
        let e = through(b"1\x00.\x00", UTF_8, 100).unwrap_err();
        assert!(e.starts_with("t:1:2: a NUL byte"), "{e}");
    }

    #[test]
    fn bytes_that_are_not_what_was_decided_are_errors_at_their_place() {
        // UTF-8 decided, then a Latin-1 byte (a stream decided on its prefix).
        for step in [1, 3, 1000] {
            let e = through(b"ab\n\xc3\xa5\xe5ke", UTF_8, step).unwrap_err();
            assert!(e.starts_with("t:2:2: not UTF-8 here"), "{step}: {e}");
        }
        // A character cut by the end of the input.
        let e = through(b"ab\xc3", UTF_8, 1).unwrap_err();
        assert!(e.starts_with("t:1:3: not UTF-8 here"), "{e}");
        // A lone surrogate in UTF-16 passes as U+FFFD (the text stage reports it).
        let text = through(b"\xff\xfeA\x00\n\x00B\x00\x00\xd8C\x00", UTF_16LE, 3);
        assert_eq!(text.as_deref(), Ok("A\nB\u{fffd}C"));
    }

    #[test]
    fn a_stream_is_decided_on_its_prefix_and_read_once() {
        // Latin-1 within the prefix: decided Windows-1252, the place of the first such byte.
        let input = stream("s", &b"ab\n{\xe5}"[..], None).unwrap();
        assert_eq!(input.encoding, WINDOWS_1252);
        assert_eq!(input.not_utf8_at, Some((2, 2)));
        // A prefix cut inside a character is still UTF-8.
        let mut big = vec![b'a'; STREAM_PREFIX - 1];
        big.extend_from_slice("ö".as_bytes());
        let mut input = stream("s", io::Cursor::new(big.clone()), None).unwrap();
        assert_eq!(input.encoding, UTF_8);
        let mut text = String::new();
        input.reader.read_to_string(&mut text).unwrap();
        assert_eq!(text.as_bytes(), &big[..]);
    }

    #[test]
    fn a_file_cut_or_grown_between_the_two_reads_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.pgn");
        let text = "1. e4 e5 *\n".repeat(10_000);
        for change in [50_000u64, 200_000] {
            std::fs::write(&path, &text).unwrap();
            let mut input = open(&path, None).unwrap();
            // Another program cuts (or grows) the file after its encoding was decided.
            let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
            f.set_len(change).unwrap();
            let mut read = String::new();
            let e = input.reader.read_to_string(&mut read).unwrap_err();
            assert!(
                e.to_string().contains("changed while it was read"),
                "{change}: {e}"
            );
        }
        // Unchanged, it reads whole.
        std::fs::write(&path, &text).unwrap();
        let mut read = String::new();
        open(&path, None)
            .unwrap()
            .reader
            .read_to_string(&mut read)
            .unwrap();
        assert_eq!(read, text);
    }
}
