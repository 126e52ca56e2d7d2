//! The check's feed: the games told to it ahead of their braille, and the pages written, on a thread of its own when the build may use more than one (`Feed`, `Verdict`).

use super::*;

/// What the build tells its check: in the order it happens, so the check sees the games and
/// the bytes as they are written.
pub(super) enum Told {
    Source(SourceGame),
    Written(Vec<u8>),
    /// Everything is written: the check ends and gives its verdict.
    Finish,
}

/// Batches on their way to a check on its own thread, at most: the build waits when the
/// check is this far behind (memory stays bounded: a batch holds the bytes of one flush of
/// the output's buffer and the games told before them).
const TOLD_AHEAD: usize = 16;

/// Where a build hands its games and the bytes it writes to its check of itself. The check
/// starts on the build's thread; when the build may use more than one, it moves to a thread
/// of its own at the first game, and reads back while the build writes on (issue 30: a
/// checked build at most twice an unchecked one). A build with no game starts no thread
/// (a book of prose pays nothing for it). Either way the check sees the same things in the
/// same order, and gives the same verdict.
#[derive(Clone)]
pub(in crate::build) struct Feed(Rc<RefCell<Link>>);

/// The check's end: its verdict, once all is written.
pub(in crate::build) struct Verdict(Rc<RefCell<Link>>);

enum Link {
    /// The check on the build's thread, and whether it may move to its own.
    Here(Box<Verifier>, bool),
    /// On its own thread: what is told since the last batch went (a batch goes with the
    /// bytes written: a message a game would keep the two threads waiting on each other),
    /// where batches go, and the thread.
    Away(Vec<Told>, SyncSender<Vec<Told>>, JoinHandle<Result<()>>),
    /// Moving (never seen outside [`Feed::start`]).
    Moving,
}

impl Feed {
    /// A check of a build of `options`, free to move to a thread of its own when `threads`
    /// allows more than one; the feed to give to the build, and its verdict at the end.
    pub(in crate::build) fn new(options: &Options, threads: usize) -> (Feed, Verdict) {
        let link = Link::Here(Box::new(Verifier::new(options)), threads > 1);
        let link = Rc::new(RefCell::new(link));
        (Feed(link.clone()), Verdict(link))
    }

    fn tell(&self, told: Told) {
        match &mut *self.0.borrow_mut() {
            Link::Here(v, _) => v.told(told),
            Link::Away(batch, tx, _) => {
                let bytes = matches!(told, Told::Written(_));
                batch.push(told);
                if bytes {
                    // (A check that has stopped has its verdict: the build hears it at the
                    // end.)
                    let _ = tx.send(std::mem::take(batch));
                }
            }
            Link::Moving => {}
        }
    }

    /// The first game is being written: the output is kept from here on, and the check
    /// moves to its own thread when it may. (A thread that cannot start leaves it here.)
    pub(in crate::build) fn start(&self) {
        let mut link = self.0.borrow_mut();
        if let Link::Here(_, true) = &*link
            && let Link::Here(mut v, _) = std::mem::replace(&mut *link, Link::Moving)
        {
            v.start();
            let (tx, rx) = sync_channel::<Vec<Told>>(TOLD_AHEAD);
            // (The check goes over once its thread has started: one that cannot start
            // leaves it here, as it was.)
            let (give, take) = sync_channel::<Box<Verifier>>(1);
            let thread = std::thread::Builder::new().name("verify".into());
            *link = match thread.spawn(move || match take.recv() {
                Ok(v) => check_told(*v, rx),
                Err(_) => Ok(()),
            }) {
                Ok(handle) => match give.send(v) {
                    Ok(()) => Link::Away(Vec::new(), tx, handle),
                    // (The thread ended before it got the check: not to happen.)
                    Err(back) => Link::Here(back.0, false),
                },
                Err(_) => Link::Here(v, false),
            };
            return;
        }
        // (On its own thread the check has started already: once is enough.)
        if let Link::Here(v, _) = &mut *link {
            v.start();
        }
    }

    /// A game about to be written.
    pub(in crate::build) fn source(&self, game: SourceGame) {
        self.tell(Told::Source(game));
    }

    /// Bytes written to the output.
    pub(in crate::build) fn written(&self, bytes: &[u8]) {
        let mut link = self.0.borrow_mut();
        match &mut *link {
            Link::Here(v, _) => v.written(bytes),
            Link::Away(..) => {
                drop(link);
                self.tell(Told::Written(bytes.to_vec()));
            }
            Link::Moving => {}
        }
    }
}

impl Verdict {
    /// Everything is written: the rest is read back; the first game that did not read back
    /// is the error.
    pub(in crate::build) fn finish(self) -> Result<()> {
        match std::mem::replace(&mut *self.0.borrow_mut(), Link::Moving) {
            Link::Here(mut v, _) => v.finish(),
            Link::Away(mut last, tx, handle) => {
                last.push(Told::Finish);
                let _ = tx.send(last);
                drop(tx);
                match handle.join() {
                    Ok(verdict) => verdict,
                    // Not the input's fault, and not to happen: said as such.
                    Err(_) => Err(Error::io(
                        "the self-check's thread".to_owned(),
                        std::io::Error::other("it stopped before its verdict"),
                    )),
                }
            }
            Link::Moving => Ok(()),
        }
    }
}

/// The check on its own thread: what it is told, in order, to the verdict.
fn check_told(mut verifier: Verifier, rx: Receiver<Vec<Told>>) -> Result<()> {
    for batch in rx {
        for told in batch {
            if let Told::Finish = told {
                return verifier.finish();
            }
            verifier.told(told);
        }
    }
    // The build stopped before it finished (its own error is the one it reports).
    Ok(())
}
