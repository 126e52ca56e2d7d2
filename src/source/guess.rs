//! Files whose encoding is guessed from their start (issue 33): read as UTF-8 before the rest
//! of them is known to be, each guess settled by the reading or by a check of the whole file.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use encoding_rs::UTF_8;

use super::{Same, sniff_at};

/// The regular files of a build whose encoding was guessed UTF-8 from their start (their
/// first letter not in ASCII is), not checked whole before they are read: each reading checks
/// every byte anyway, and the whole check read every file once more (2–3 % of a build's
/// time, issue 33). A guess is settled when a reading reaches the file's end (it was right)
/// or a byte that is not UTF-8 (it was wrong), or by reading the file whole to check it
/// ([`Guesses::settle`]) when the build says something before either (a warning, an error)
/// or is about to put its output in place. A wrong guess makes the build start again with
/// every file's encoding decided before it is read, before anything was said or written
/// (`build::run`), so that what it says and writes is what it was before the guess. No file
/// is guessed once the build has said something (it would say it again if the guess were
/// wrong), nor once it has opened a stream (which cannot be read again): the guesses made
/// before a stream are settled when it is opened, before a byte of it is read
/// ([`Guesses::close`]).
#[derive(Default)]
pub(crate) struct Guesses {
    files: Mutex<Vec<Arc<Guess>>>,
    closed: AtomicBool,
    /// How many are unsettled, and whether one was wrong: asked at every message, answered
    /// without a look at each file (a build of thousands of files says thousands of things).
    tally: Arc<Tally>,
}

#[derive(Default)]
struct Tally {
    unsure: AtomicUsize,
    wrong: AtomicBool,
}

impl Guesses {
    /// No more guesses: the build has said something, or opened a stream.
    pub(crate) fn close(&self) {
        self.closed.store(true, Ordering::Release);
    }

    /// Whether files may still be guessed.
    pub(super) fn open(&self) -> bool {
        !self.closed.load(Ordering::Acquire)
    }

    pub(super) fn add(&self, path: &Path, same: Same) -> Arc<Guess> {
        let guess = Arc::new(Guess {
            path: path.to_path_buf(),
            same,
            state: AtomicU8::new(UNSURE),
            tally: Arc::clone(&self.tally),
        });
        self.tally.unsure.fetch_add(1, Ordering::AcqRel);
        self.files().push(Arc::clone(&guess));
        guess
    }

    fn files(&self) -> std::sync::MutexGuard<'_, Vec<Arc<Guess>>> {
        // (A panic elsewhere does not make the list wrong.)
        self.files.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Settles every guess not yet settled by reading its file whole, as the check before the
    /// reading would have read it. A file that cannot be read again, or is not the file
    /// guessed (changed, replaced, removed), leaves its guess standing: the build's own
    /// reading of it says what became of it, as it did before guesses.
    pub(crate) fn settle(&self) {
        if self.tally.unsure.load(Ordering::Acquire) == 0 {
            return;
        }
        for guess in self.files().iter() {
            if guess.state.load(Ordering::Acquire) == UNSURE {
                guess.settle(match guess.utf8_throughout() {
                    Ok(false) => WRONG,
                    Ok(true) | Err(_) => SURE,
                });
            }
        }
    }

    /// A guess was wrong.
    pub(crate) fn wrong(&self) -> bool {
        self.tally.wrong.load(Ordering::Acquire)
    }
}

/// One file's guess ([`Guesses`]).
pub(crate) struct Guess {
    path: PathBuf,
    same: Same,
    state: AtomicU8,
    tally: Arc<Tally>,
}

/// A guess not settled, one found right, one found wrong.
const UNSURE: u8 = 0;
pub(super) const SURE: u8 = 1;
pub(super) const WRONG: u8 = 2;

impl Guess {
    /// Settles the guess, unless it is settled.
    pub(super) fn settle(&self, state: u8) {
        let settled =
            self.state
                .compare_exchange(UNSURE, state, Ordering::AcqRel, Ordering::Acquire);
        if settled.is_ok() {
            // (Wrong before it is counted settled: who finds none unsettled finds it wrong.)
            if state == WRONG {
                self.tally.wrong.store(true, Ordering::Release);
            }
            self.tally.unsure.fetch_sub(1, Ordering::AcqRel);
        }
    }

    /// Whether the file is UTF-8 as [`sniff_at`] decides it; an error when it is not the file
    /// guessed.
    fn utf8_throughout(&self) -> io::Result<bool> {
        let mut file = File::open(&self.path)?;
        if Same::of(&file.metadata()?) != self.same {
            return Err(io::Error::other("not the file guessed"));
        }
        Ok(sniff_at(&mut file)?.0 == UTF_8)
    }
}

#[cfg(test)]
mod tests {
    use std::io::{Read, Write};

    use super::super::open_counted;
    use super::*;

    fn state(guesses: &Guesses) -> Vec<u8> {
        guesses
            .files()
            .iter()
            .map(|g| g.state.load(Ordering::Acquire))
            .collect()
    }

    #[test]
    fn a_start_in_utf8_is_guessed_and_its_reading_settles_the_guess() {
        let dir = tempfile::tempdir().expect("a folder");
        let write = |name: &str, bytes: &[u8]| {
            let path = dir.path().join(name);
            std::fs::File::create(&path)
                .and_then(|mut f| f.write_all(bytes))
                .expect("written");
            path
        };
        let mut text = "{Åke} e4 e5\n".as_bytes().to_vec();
        text.resize(300_000, b' ');
        let utf8 = write("utf8.pgn", &text);
        text.extend_from_slice(b"{\xe5}\n");
        let late = write("late.pgn", &text);
        let latin1 = write("latin1.pgn", b"{\xc5ke} e4 e5\n");

        // Read whole: right; a byte that is not UTF-8: wrong, and the reading stops there.
        let guesses = Guesses::default();
        let mut input = open_counted(&utf8, None, None, 1, Some(&guesses)).expect("opened");
        assert_eq!((input.encoding, input.not_utf8_at), (UTF_8, None));
        assert_eq!(state(&guesses), [UNSURE]);
        input.reader.read_to_end(&mut Vec::new()).expect("read");
        assert_eq!(state(&guesses), [SURE]);
        let mut input = open_counted(&late, None, None, 1, Some(&guesses)).expect("opened");
        assert!(input.reader.read_to_end(&mut Vec::new()).is_err());
        assert_eq!(state(&guesses), [SURE, WRONG]);
        assert!(guesses.wrong());

        // A file whose first letter is not UTF-8 is decided, not guessed; a closed list
        // guesses nothing; an unsettled guess is settled by the whole check.
        let guesses = Guesses::default();
        let input = open_counted(&latin1, None, None, 1, Some(&guesses)).expect("opened");
        assert_eq!(input.not_utf8_at, Some((1, 2)));
        assert!(state(&guesses).is_empty());
        open_counted(&late, None, None, 1, Some(&guesses)).expect("opened");
        open_counted(&utf8, None, None, 1, Some(&guesses)).expect("opened");
        guesses.close();
        open_counted(&late, None, None, 1, Some(&guesses)).expect("opened");
        assert_eq!(state(&guesses), [UNSURE, UNSURE]);
        guesses.settle();
        assert_eq!(state(&guesses), [WRONG, SURE]);

        // A file that is no longer the file guessed: its own reading says so, not the check.
        let guesses = Guesses::default();
        open_counted(&late, None, None, 1, Some(&guesses)).expect("opened");
        std::fs::remove_file(&late).expect("removed");
        guesses.settle();
        assert_eq!(state(&guesses), [SURE]);
    }
}
