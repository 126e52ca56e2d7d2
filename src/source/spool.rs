//! Inputs laid out more than once (contents lists, volumes, bulletins): a regular file read
//! again from itself each pass, any other input copied once into the build's temporary file.

use std::fs::File;
use std::io::{self, BufRead, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{Again, CHUNK, Input};

impl Input {
    /// The text, decoded and checked, to be read once a pass (contents lists, volumes): a
    /// regular file not yet read is read again from the file itself, each pass as the first
    /// (decoded and checked again, and refused when it changed: [`super::Deferred`]); any
    /// other input (a stream, standard input) is written to the end of `spool`, an unnamed
    /// temporary file (the system removes it when it is closed, whatever ends the program)
    /// that holds every spooled input of a build. Memory stays the same whatever the input's
    /// size, and one file is open however many inputs there are (issue 32: a file each failed
    /// past `ulimit -n`). (Issue 33: a regular file was copied too, a whole pass over the
    /// input on one thread before the first.)
    pub(crate) fn spool(&mut self, spool: &mut Spool) -> crate::error::Result<Spooled> {
        if let Some(again) = self.again.take().filter(|a| a.untouched()) {
            return Ok(Spooled(Text::Again {
                again,
                counted: Arc::new(AtomicBool::new(false)),
                empty: false,
            }));
        }
        let err = |e| crate::error::Error::io(&self.name, e);
        let file = match &spool.0 {
            Some(file) => Arc::clone(file),
            None => Arc::clone(spool.0.insert(Arc::new(tempfile::tempfile().map_err(err)?))),
        };
        let start = file.metadata().map_err(err)?.len();
        let mut to = &*file;
        io::copy(&mut self.reader, &mut to).map_err(err)?;
        let end = file.metadata().map_err(err)?.len();
        Ok(Spooled(Text::Copied { file, start, end }))
    }
}

/// The temporary file the inputs of a build are spooled to, made when the first is.
#[derive(Default)]
pub(crate) struct Spool(Option<Arc<File>>);

/// An input's text to be read once a pass ([`Input::spool`]).
pub(crate) struct Spooled(Text);

#[derive(Clone)]
enum Text {
    /// Bytes `start..end` of the build's temporary file.
    Copied {
        file: Arc<File>,
        start: u64,
        end: u64,
    },
    /// A regular file, read again (none of it when `empty`); the bytes read are counted
    /// into the build's progress once (`counted`: a reader counted them).
    Again {
        again: Arc<Again>,
        counted: Arc<AtomicBool>,
        empty: bool,
    },
}

impl Spooled {
    /// Another handle on the same text (passes run one after another, each from the start).
    pub(crate) fn share(&self) -> io::Result<Spooled> {
        Ok(Spooled(self.0.clone()))
    }

    /// A handle on none of the text (a pass that lays out what comes before it alone).
    pub(crate) fn emptied(&self) -> Spooled {
        let mut text = self.0.clone();
        match &mut text {
            Text::Copied { start, end, .. } => *end = *start,
            Text::Again { empty, .. } => *empty = true,
        }
        Spooled(text)
    }

    /// The text from its start (a pass's reading: the first counts its bytes as read).
    pub(crate) fn reader(self) -> io::Result<Box<dyn BufRead + Send>> {
        self.read(true)
    }

    /// The text from its start, read ahead of the passes (its bytes not counted as read).
    pub(crate) fn look(self) -> io::Result<Box<dyn BufRead + Send>> {
        self.read(false)
    }

    fn read(self, counts: bool) -> io::Result<Box<dyn BufRead + Send>> {
        match self.0 {
            Text::Copied { file, start, end } => {
                let at = ReadAt {
                    file,
                    pos: start,
                    end,
                };
                Ok(Box::new(io::BufReader::with_capacity(CHUNK, at)))
            }
            Text::Again { empty: true, .. } => Ok(Box::new(io::empty())),
            Text::Again { again, counted, .. } => {
                let counts = counts && !counted.swap(true, Ordering::Relaxed);
                Ok(Box::new(Again::waiting(&again, counts, false)))
            }
        }
    }
}

/// Reads bytes `pos..end` of a file shared with other readers, each at its own place.
struct ReadAt {
    file: Arc<File>,
    pos: u64,
    end: u64,
}

impl Read for ReadAt {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = usize::try_from(self.end - self.pos).unwrap_or(usize::MAX);
        let want = buf.len().min(left);
        if want == 0 {
            return Ok(0);
        }
        let n = read_at(&self.file, &mut buf[..want], self.pos)?;
        if n == 0 {
            return Err(io::Error::from(io::ErrorKind::UnexpectedEof));
        }
        self.pos += n as u64;
        Ok(n)
    }
}

#[cfg(unix)]
pub(super) fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(file, buf, offset)
}

#[cfg(windows)]
pub(super) fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(file, buf, offset)
}

#[cfg(test)]
mod tests {
    use super::super::{Progress, open, open_counted, stream};
    use super::*;

    /// The spooled text of `input` read whole by `read` ([`Spooled::reader`] or
    /// [`Spooled::look`]).
    fn spooled_text(
        spooled: &Spooled,
        read: fn(Spooled) -> io::Result<Box<dyn BufRead + Send>>,
    ) -> io::Result<String> {
        let mut text = String::new();
        read(spooled.share()?)?.read_to_string(&mut text)?;
        Ok(text)
    }

    /// A regular file not yet read is read again from itself each pass (no copy in the
    /// build's temporary file), decoded and checked as its first reading is, its bytes counted
    /// once; any other input is copied.
    #[test]
    fn a_file_is_read_again_from_itself_and_a_stream_from_its_copy() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("g.pgn");
        // Windows-1252 with a DOS end mark: the text is not the file's bytes.
        let bytes = b"[White \"\xc5str\xf6m\"]\n\n1. e4 e5 *\n\x1a";
        std::fs::write(&path, bytes).unwrap();
        let progress = Arc::new(Progress::default());
        let whole = {
            let mut text = String::new();
            let mut first = open(&path, None).unwrap();
            first.reader.read_to_string(&mut text).unwrap();
            text
        };
        assert!(whole.contains("Åström"), "{whole:?}");
        let mut spool = Spool::default();
        let mut input = open_counted(&path, None, Some(&progress), 1, None).unwrap();
        let spooled = input.spool(&mut spool).unwrap();
        assert!(spool.0.is_none(), "a regular file is not copied");
        assert_eq!(spooled_text(&spooled, Spooled::look).unwrap(), whole);
        assert_eq!(progress.bytes(), 0, "a look ahead counts nothing");
        for _pass in 0..3 {
            assert_eq!(spooled_text(&spooled, Spooled::reader).unwrap(), whole);
            assert_eq!(progress.bytes(), bytes.len() as u64, "counted once");
        }
        assert_eq!(
            spooled_text(&spooled.emptied(), Spooled::reader).unwrap(),
            ""
        );
        // An input whose reader has begun is copied from where it stands.
        let mut begun = open(&path, None).unwrap();
        let mut first = [0u8; 1];
        begun.reader.read_exact(&mut first).unwrap();
        let copied = begun.spool(&mut spool).unwrap();
        assert!(spool.0.is_some());
        assert_eq!(spooled_text(&copied, Spooled::reader).unwrap(), whole[1..]);
        // A stream is copied.
        let mut piped = stream("s", io::Cursor::new(bytes.to_vec()), None).unwrap();
        let copied = piped.spool(&mut spool).unwrap();
        assert_eq!(spooled_text(&copied, Spooled::reader).unwrap(), whole);
        // A file changed after it was opened is refused when a pass reads it: saved again
        // with as many bytes (a move corrected in place)...
        let mut same_length = bytes.to_vec();
        same_length[bytes.len() - 6] = b'd';
        std::fs::write(&path, &same_length).unwrap();
        let f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        let later = std::time::SystemTime::now() + std::time::Duration::from_secs(10);
        f.set_modified(later).unwrap();
        let e = spooled_text(&spooled, Spooled::reader).unwrap_err();
        assert!(e.to_string().contains("time of last change moved"), "{e}");
        // ... or with more.
        let f = std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap();
        std::io::Write::write_all(&mut &f, b"1. d4 *\n").unwrap();
        let e = spooled_text(&spooled, Spooled::reader).unwrap_err();
        assert!(e.to_string().contains("changed while it was read"), "{e}");
        // ... or removed, or a FIFO put in its place (refused, not waited on).
        std::fs::remove_file(&path).unwrap();
        let e = spooled_text(&spooled, Spooled::reader).unwrap_err();
        assert!(e.to_string().contains("it was removed"), "{e}");
        #[cfg(unix)]
        {
            let made = std::process::Command::new("mkfifo").arg(&path).status();
            if made.is_ok_and(|s| s.success()) {
                let e = spooled_text(&spooled, Spooled::reader).unwrap_err();
                assert!(e.to_string().contains("another file took its place"), "{e}");
            }
        }
    }
}
