//! Files whose encoding is guessed from their start (issue 33): read as UTF-8 before the rest
//! of them is known to be, each guess settled by the reading or by a check of the whole file.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering};
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
/// (`build::run`), so that what it says and writes is what it was before the guess.
#[derive(Default)]
pub(crate) struct Guesses(Mutex<Vec<Arc<Guess>>>);

impl Guesses {
    pub(super) fn add(&self, path: &Path, same: Same) -> Arc<Guess> {
        let guess = Arc::new(Guess {
            path: path.to_path_buf(),
            same,
            state: AtomicU8::new(UNSURE),
        });
        self.files().push(Arc::clone(&guess));
        guess
    }

    fn files(&self) -> std::sync::MutexGuard<'_, Vec<Arc<Guess>>> {
        // (A panic elsewhere does not make the list wrong.)
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Settles every guess not yet settled by reading its file whole, as the check before the
    /// reading would have read it. A file that cannot be read again, or has changed, is a wrong
    /// guess too: the build starting again says what became of it.
    pub(crate) fn settle(&self) {
        for guess in self.files().iter() {
            if guess.state.load(Ordering::Acquire) == UNSURE {
                guess.settle(match guess.utf8_throughout() {
                    Ok(true) => SURE,
                    _ => WRONG,
                });
            }
        }
    }

    /// A guess was wrong.
    pub(crate) fn wrong(&self) -> bool {
        self.files()
            .iter()
            .any(|g| g.state.load(Ordering::Acquire) == WRONG)
    }
}

/// One file's guess ([`Guesses`]).
pub(crate) struct Guess {
    path: PathBuf,
    same: Same,
    state: AtomicU8,
}

/// A guess not settled, one found right, one found wrong.
const UNSURE: u8 = 0;
pub(super) const SURE: u8 = 1;
pub(super) const WRONG: u8 = 2;

impl Guess {
    /// Settles the guess, unless it is settled.
    pub(super) fn settle(&self, state: u8) {
        let _ = self
            .state
            .compare_exchange(UNSURE, state, Ordering::AcqRel, Ordering::Acquire);
    }

    /// Whether the file, still the file guessed, is UTF-8 as [`sniff_at`] decides it.
    fn utf8_throughout(&self) -> io::Result<bool> {
        let mut file = File::open(&self.path)?;
        if Same::of(&file.metadata()?) != self.same {
            return Ok(false);
        }
        Ok(sniff_at(&mut file)?.0 == UTF_8)
    }
}
