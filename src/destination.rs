//! Where a build's output goes, and how it gets there without harm: a regular file through a
//! temporary file beside it, renamed into place when the build has succeeded; a device, a FIFO,
//! a socket or standard output written in place once the build has succeeded; never an input
//! overwritten; temporary files removed when a signal ends the program.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, mpsc};

use crate::error::{Error, Result};
use crate::output::{Joined, VolumeWrite};

/// The name the pipeline gives its output in an I/O error; replaced by the user's path here.
pub(crate) const OUTPUT: &str = "(output)";

/// The temporary files of writes in progress, for [`remove_temporary_files`].
struct Temporaries {
    live: Vec<PathBuf>,
    /// Set by [`remove_temporary_files`]: no new temporary file is made after it.
    closed: bool,
}

static TEMPORARIES: Mutex<Temporaries> = Mutex::new(Temporaries {
    live: Vec::new(),
    closed: false,
});

fn temporaries() -> MutexGuard<'static, Temporaries> {
    // A panic elsewhere does not make the list wrong.
    TEMPORARIES.lock().unwrap_or_else(|e| e.into_inner())
}

/// Removes the temporary files of every output being written, and refuses new ones: for a
/// signal handler that is about to end the program (SIGINT, SIGTERM, SIGHUP). Outputs already
/// in place, and earlier outputs a build would have replaced, are left as they are.
pub fn remove_temporary_files() {
    let mut t = temporaries();
    for path in t.live.drain(..) {
        let _ = fs::remove_file(path);
    }
    t.closed = true;
}

/// Takes a temporary file off the list when its write ends, however it ends.
struct Listed(PathBuf);

impl Drop for Listed {
    fn drop(&mut self) {
        temporaries().live.retain(|p| *p != self.0);
    }
}

/// Whether two paths name the same file (the same device and inode: a symlink or a hard link
/// to it counts).
fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(x), Ok(y)) => {
            #[cfg(unix)]
            {
                use std::os::unix::fs::MetadataExt;
                x.dev() == y.dev() && x.ino() == y.ino()
            }
            #[cfg(not(unix))]
            {
                let _ = (x, y);
                fs::canonicalize(a).ok() == fs::canonicalize(b).ok()
            }
        }
        _ => false,
    }
}

/// Refuses an output that is one of the inputs (the same path, a symlink or a hard link to
/// it), before anything is read or written. Only a regular file can be destroyed that way: a
/// terminal or a pipe may well be both read and written.
pub(crate) fn refuse_input_as_output(output: &Path, inputs: &[PathBuf]) -> Result<()> {
    let regular = fs::metadata(output).is_ok_and(|m| m.is_file());
    match inputs
        .iter()
        .find(|i| i.as_os_str() != "-" && (*i == output || regular && same_file(output, i)))
    {
        Some(input) => Err(Error::Usage(format!(
            "{}: the output would overwrite the input {} (the same file); nothing was read or \
             written",
            output.display(),
            input.display()
        ))),
        None => Ok(()),
    }
}

/// Refuses two outputs of one build that are the same file (`a.pgn` and `a.fen` both beside
/// as `a.brf`): the second would replace the first. `outputs`: each output with its input,
/// which the message names.
pub(crate) fn refuse_shared_outputs(outputs: &[(PathBuf, &Path)]) -> Result<()> {
    for (i, (a, from)) in outputs.iter().enumerate() {
        if let Some((_, also)) = outputs[..i].iter().find(|(b, _)| b == a || same_file(a, b)) {
            return Err(Error::Usage(format!(
                "{}: the inputs {} and {} would both write this output; give -o FILE to put \
                 them into one",
                a.display(),
                also.display(),
                from.display()
            )));
        }
    }
    Ok(())
}

/// Paths that name a device or another process's file whatever `stat` says of them
/// (`/dev/stdout` may be a regular file the shell opened): written in place, never renamed over.
fn in_place_by_name(path: &Path) -> bool {
    path.starts_with("/dev") || path.starts_with("/proc")
}

/// Writes an output at `target`, as the user named it: `body` writes the whole output; when it
/// fails, nothing is written and an earlier file at `target` stays as it was. A book in
/// volumes written to a regular file gets a file a volume, named by [`volume_path`]
/// (none of them an input of `inputs`); a device gets them one after the other. Returns the
/// files written.
pub(crate) fn write(
    target: &Path,
    inputs: &[PathBuf],
    taken: &[PathBuf],
    body: impl FnOnce(&mut dyn VolumeWrite) -> Result<()>,
) -> Result<Vec<PathBuf>> {
    let meta = fs::metadata(target);
    if meta.as_ref().is_ok_and(|m| m.is_dir()) {
        // (A name that ends with `/` already asked for a folder where none is offered: `read`.)
        let message = match target.as_os_str().to_string_lossy().ends_with('/') {
            true => "this is a folder; give a file name",
            false => {
                "this is a folder; give a file name, or end the folder with / for one output \
                 per input in it"
            }
        };
        return Err(Error::io(
            target,
            io::Error::new(io::ErrorKind::IsADirectory, message),
        ));
    }
    let regular = match &meta {
        Ok(m) => m.is_file() && !in_place_by_name(target),
        Err(_) => !in_place_by_name(target),
    };
    if regular {
        write_atomically(target, inputs, taken, body)
    } else {
        write_in_place(target, |w| body(&mut Joined(w)))?;
        Ok(vec![target.to_path_buf()])
    }
}

/// The file of volume `k` (from 1) of an output named `target`: `bok.brf` gives `bok-1.brf`.
pub fn volume_path(target: &Path, k: usize) -> PathBuf {
    let stem = target.file_stem().map(|s| s.to_string_lossy().into_owned());
    let name = match (stem, target.extension()) {
        (Some(stem), Some(ext)) => format!("{stem}-{k}.{}", ext.to_string_lossy()),
        (Some(stem), None) => format!("{stem}-{k}"),
        (None, _) => format!("{k}"),
    };
    target.with_file_name(name)
}

/// Writes to standard output once the build has succeeded (a failed build prints nothing);
/// volumes one after the other.
pub(crate) fn write_stdout(body: impl FnOnce(&mut dyn VolumeWrite) -> Result<()>) -> Result<()> {
    let name = Path::new("(standard output)");
    let mut tmp = buffered(name, |w| body(&mut Joined(w)))?;
    let stdout = io::stdout();
    let mut lock = stdout.lock();
    io::copy(&mut tmp, &mut lock)
        .and_then(|_| lock.flush())
        .map_err(|e| Error::io(name, e))
}

/// Runs `body` into an unnamed temporary file (gone with the process, whatever ends it), and
/// rewinds it.
fn buffered(target: &Path, body: impl FnOnce(&mut dyn Write) -> Result<()>) -> Result<File> {
    let mut tmp = tempfile::tempfile().map_err(|e| {
        Error::io(
            target,
            io::Error::new(e.kind(), format!("cannot make a temporary file: {e}")),
        )
    })?;
    body(&mut tmp).map_err(|e| named(e, target))?;
    tmp.seek(io::SeekFrom::Start(0))
        .map_err(|e| Error::io(target, e))?;
    Ok(tmp)
}

/// A device, a FIFO, a socket: opened as it is (never replaced) and written once the build
/// has succeeded, every write error reported (a full device is an error).
fn write_in_place(target: &Path, body: impl FnOnce(&mut dyn Write) -> Result<()>) -> Result<()> {
    let mut tmp = buffered(target, body)?;
    let regular = fs::metadata(target).is_ok_and(|m| m.is_file());
    // Never created (an embosser that is not plugged in is an error, not a new file in /dev)
    // nor truncated (`-o /dev/stdout >> log` appends, as the shell asked).
    let mut out = OpenOptions::new()
        .write(true)
        .append(regular)
        .open(target)
        .map_err(|e| Error::io(target, e))?;
    io::copy(&mut tmp, &mut out)
        .and_then(|_| out.flush())
        .map_err(|e| Error::io(target, e))?;
    if regular {
        out.sync_all().map_err(|e| Error::io(target, e))?;
    }
    Ok(())
}

/// An error of the pipeline's output, named as the user named the output.
fn named(e: Error, target: &Path) -> Error {
    match e {
        Error::Io { path, source } if path == Path::new(OUTPUT) => Error::io(target, source),
        other => other,
    }
}

/// The error without the temporary file's name that `tempfile` adds to it: messages name the
/// user's paths only.
fn plain(e: io::Error) -> io::Error {
    match e.raw_os_error() {
        Some(code) => io::Error::from_raw_os_error(code),
        None => io::Error::from(e.kind()),
    }
}

/// The temporary files of one output, a volume each, beside where they will stand.
struct Temporary {
    dir: PathBuf,
    files: Vec<(tempfile::NamedTempFile, Listed)>,
    /// Bytes written since the system was last asked to put the file on disk.
    unsynced: u64,
    /// The thread that asks it, started when an output grows large.
    ahead: Option<SyncAhead>,
}

/// Bytes written to an output after which the system is asked to put them on disk, on a
/// thread of its own, while the build goes on: the sync before the rename then waits for the
/// last of them only (a 28 MB bulletin waited 40–60 ms for all of them, a tenth of a build on
/// two cores).
const SYNC_AHEAD: u64 = 8 << 20;

impl Temporary {
    /// A new temporary file in the folder, on the list that a signal empties.
    fn add(&mut self) -> io::Result<()> {
        let mut t = temporaries();
        if t.closed {
            return Err(io::Error::from(io::ErrorKind::Interrupted));
        }
        let tmp = tempfile::Builder::new()
            .prefix(".schackpunkt-")
            .tempfile_in(&self.dir)
            .map_err(plain)?;
        t.live.push(tmp.path().to_path_buf());
        let listed = Listed(tmp.path().to_path_buf());
        self.files.push((tmp, listed));
        Ok(())
    }

    fn current(&mut self) -> io::Result<&mut File> {
        match self.files.last_mut() {
            Some((tmp, _)) => Ok(tmp.as_file_mut()),
            None => Err(io::Error::other("no temporary file")),
        }
    }
}

impl Temporary {
    /// Has the system start putting what is written so far on disk (the handle is another
    /// of the same open file).
    fn sync_ahead(&mut self) {
        let Ok(file) = self.current().and_then(|f| f.try_clone()) else {
            return;
        };
        if self.ahead.is_none() {
            self.ahead = SyncAhead::start();
        }
        if let Some(ahead) = &self.ahead {
            ahead.ask(file);
        }
    }

    /// Waits for the syncs asked for; the first error of theirs. It must be reported here:
    /// the system reports a failed write-back once an open file, so the final sync of the
    /// same file would not see it again.
    fn synced_ahead(&mut self) -> io::Result<()> {
        self.ahead.take().map_or(Ok(()), SyncAhead::finish)
    }
}

/// A thread that syncs the files handed to it, one at a time, while the build goes on.
struct SyncAhead {
    tx: mpsc::SyncSender<File>,
    thread: std::thread::JoinHandle<io::Result<()>>,
}

impl SyncAhead {
    /// `None` when no thread can be had (the final sync then does it all).
    fn start() -> Option<SyncAhead> {
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
    fn ask(&self, file: File) {
        let _ = self.tx.try_send(file);
    }

    /// Waits for the thread; the first error of its syncs.
    fn finish(self) -> io::Result<()> {
        drop(self.tx);
        self.thread
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the thread syncing the output stopped")))
    }
}

impl Write for Temporary {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.current()?.write(buf)?;
        self.unsynced += n as u64;
        if self.unsynced >= SYNC_AHEAD {
            self.unsynced = 0;
            self.sync_ahead();
        }
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.current()?.flush()
    }
}

impl VolumeWrite for Temporary {
    fn next_volume(&mut self) -> io::Result<()> {
        self.add()
    }
}

/// A regular file: written through a temporary file in the same folder, renamed into place on
/// success (a file a volume: all renamed once all are written). A symlink is followed (the
/// file it points to is replaced, the link stays); an existing file keeps its permissions.
fn write_atomically(
    target: &Path,
    inputs: &[PathBuf],
    taken: &[PathBuf],
    body: impl FnOnce(&mut dyn VolumeWrite) -> Result<()>,
) -> Result<Vec<PathBuf>> {
    let real = fs::canonicalize(target).unwrap_or_else(|_| target.to_path_buf());
    let dir = match real.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !dir.is_dir() {
        return Err(Error::io(
            target,
            io::Error::new(
                io::ErrorKind::NotFound,
                format!("the folder {} does not exist", dir.display()),
            ),
        ));
    }
    let mut temporary = Temporary {
        dir,
        files: Vec::new(),
        unsynced: 0,
        ahead: None,
    };
    temporary.add().map_err(|e| Error::io(target, e))?;
    body(&mut temporary).map_err(|e| named(e, target))?;
    temporary.synced_ahead().map_err(|e| Error::io(target, e))?;
    // One volume keeps the name asked for; more get a number each (the user's name, and the
    // real file's beside the link when the name is a link).
    let n = temporary.files.len();
    let names: Vec<(PathBuf, PathBuf)> = if n == 1 {
        vec![(target.to_path_buf(), real)]
    } else {
        (1..=n)
            .map(|k| (volume_path(target, k), volume_path(&real, k)))
            .collect()
    };
    for (name, _) in &names {
        if n > 1 {
            refuse_input_as_output(name, inputs)?;
        }
        // Another output of this build (another input's file, or one of its volumes).
        if taken.iter().any(|o| o == name || same_file(o, name)) {
            return Err(Error::Usage(format!(
                "{}: {} of this build would be written over another output of it; give the \
                 outputs names that do not meet (-o)",
                name.display(),
                if n > 1 { "a volume" } else { "the output" }
            )));
        }
    }
    for ((tmp, _), (name, _)) in temporary.files.iter_mut().zip(&names) {
        tmp.as_file_mut()
            .sync_all()
            .map_err(|e| Error::io(name, e))?;
    }
    // Nothing is put in place unless all can be: a folder where a volume's file would go is an
    // error before any rename.
    for (name, real) in &names {
        if fs::metadata(real).is_ok_and(|m| m.is_dir()) {
            return Err(Error::io(
                name,
                io::Error::new(
                    io::ErrorKind::IsADirectory,
                    "a folder stands where this file goes",
                ),
            ));
        }
    }
    let (files, listed): (Vec<_>, Vec<Listed>) = temporary.files.into_iter().unzip();
    // Renamed while the list is held, so that a signal finds each file either still temporary
    // (and removes it) or in place. The files leave the list once the lock is let go (`listed`
    // is dropped after `t`, whatever way this returns).
    let mut t = temporaries();
    if t.closed {
        return Err(Error::io(
            target,
            io::Error::from(io::ErrorKind::Interrupted),
        ));
    }
    let mut files = files.into_iter();
    for (name, real) in &names {
        let Some(tmp) = files.next() else { break };
        // The temporary file is made private (0600): the output gets the earlier file's
        // permissions, or the usual ones.
        let earlier = fs::metadata(real).ok().map(|m| m.permissions());
        let dir = tmp.path().parent().unwrap_or(Path::new("."));
        if let Some(permissions) = earlier.or_else(|| usual_permissions(dir)) {
            let _ = fs::set_permissions(tmp.path(), permissions);
        }
        let path = tmp.path().to_path_buf();
        tmp.persist(real)
            .map_err(|e| Error::io(name, plain(e.error)))?;
        t.live.retain(|p| *p != path);
    }
    drop(t);
    drop(listed);
    Ok(names.into_iter().map(|(name, _)| name).collect())
}

/// The permissions of a new output: those of any new file, `0666` less the umask (issue 32:
/// it was `0644` whatever the umask, so a producer's `umask 077` or shared `002` was not
/// heeded). The umask is learnt once, from a file made in `dir` as any program makes one (the
/// system takes the umask off), and removed at once: reading it otherwise means setting it.
fn usual_permissions(dir: &Path) -> Option<fs::Permissions> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        static MODE: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
        let mode = *MODE.get_or_init(|| {
            tempfile::Builder::new()
                .prefix(".schackpunkt-mode-")
                .permissions(fs::Permissions::from_mode(0o666))
                .tempfile_in(dir)
                .ok()
                .and_then(|f| f.as_file().metadata().ok())
                .map_or(0o644, |m| m.permissions().mode() & 0o777)
        });
        Some(fs::Permissions::from_mode(mode))
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let written = write(&target, &[], &[], |w| {
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
        let failed = write(&other, &[], &[], |w| {
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
