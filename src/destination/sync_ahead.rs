//! The sync ahead: a large output is put on disk by a thread of its own while the build goes
//! on, so that the sync before the rename waits for the last bytes only.

use std::fs::File;
use std::io;
use std::sync::mpsc;

/// Bytes written to an output after which the system is asked to put them on disk, on a
/// thread of its own, while the build goes on: the sync before the rename then waits for the
/// last of them only (a 28 MB bulletin waited 40–60 ms for all of them, a tenth of a build on
/// two cores).
pub(super) const SYNC_AHEAD: u64 = 8 << 20;

/// A thread that syncs the files handed to it, one at a time, while the build goes on.
pub(super) struct SyncAhead {
    tx: mpsc::SyncSender<File>,
    thread: std::thread::JoinHandle<io::Result<()>>,
}

impl SyncAhead {
    /// `None` when no thread can be had (the final sync then does it all).
    pub(super) fn start() -> Option<SyncAhead> {
        // One sync waiting at most: one asked for while another waits would sync the same.
        let (tx, rx) = mpsc::sync_channel::<File>(1);
        let syncer = std::thread::Builder::new().name("sync".into());
        let thread = syncer
            .spawn(move || rx.into_iter().try_for_each(|file| file.sync_data()))
            .ok()?;
        Some(SyncAhead { tx, thread })
    }

    /// Asks for a sync of `file`, unless one is waiting already or the thread has stopped
    /// (at an error, which [`SyncAhead::finish`] gives).
    pub(super) fn ask(&self, file: File) {
        let _ = self.tx.try_send(file);
    }

    /// Waits for the thread; the first error of its syncs.
    pub(super) fn finish(self) -> io::Result<()> {
        drop(self.tx);
        self.thread
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the thread syncing the output stopped")))
    }
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;
    use crate::destination::write;
    use crate::error::Error;

    /// `n` bytes that differ from place to place (a lost or doubled piece shows).
    fn bytes(n: usize, seed: u8) -> Vec<u8> {
        (0..n).map(|i| (i % 251) as u8 ^ seed).collect()
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_failed_sync_ahead_is_an_error_when_the_syncs_are_waited_for() {
        // A file of /proc cannot be synced (EINVAL), as a full disk or a lost NFS server
        // fails a sync: the error is given back, not lost.
        let ahead = SyncAhead::start().unwrap();
        ahead.ask(File::open("/proc/self/status").unwrap());
        assert!(ahead.finish().is_err());
        let dir = tempfile::tempdir().unwrap();
        let ahead = SyncAhead::start().unwrap();
        ahead.ask(File::create(dir.path().join("a")).unwrap());
        ahead.finish().unwrap();
    }

    #[test]
    fn a_large_output_synced_ahead_is_written_whole_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("bok.brf");
        // Two volumes, the first past the size where the system is asked to sync ahead.
        let (one, two) = (
            bytes(SYNC_AHEAD as usize * 2 + 12_345, 0),
            bytes(70_000, 0x55),
        );
        let written = write(&target, &[], |w| {
            for piece in one.chunks(8192) {
                w.write_all(piece).map_err(|e| Error::io("bok.brf", e))?;
            }
            w.next_volume().map_err(|e| Error::io("bok.brf", e))?;
            w.write_all(&two).map_err(|e| Error::io("bok.brf", e))
        })
        .unwrap();
        assert_eq!(written.len(), 2);
        assert!(fs::read(&written[0]).unwrap() == one);
        assert!(fs::read(&written[1]).unwrap() == two);
        // A build that fails after as much leaves no file, temporary or not.
        let other = dir.path().join("annan.brf");
        let failed = write(&other, &[], |w| {
            w.write_all(&one).map_err(|e| Error::io("annan.brf", e))?;
            Err(Error::Usage("stopped".into()))
        });
        assert!(failed.is_err());
        let mut names: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names, ["bok-1.brf", "bok-2.brf"]);
    }
}
