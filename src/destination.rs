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

/// What tells one file from another: the same device and inode (a symlink or a hard link to
/// it counts); elsewhere the canonical path. `None` for a file that is not there.
#[derive(Clone, PartialEq, Eq, Hash)]
enum FileId {
    #[cfg(unix)]
    Inode(u64, u64),
    #[cfg(not(unix))]
    Path(PathBuf),
}

fn file_id(path: &Path) -> Option<FileId> {
    let meta = fs::metadata(path).ok()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some(FileId::Inode(meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        fs::canonicalize(path).ok().map(FileId::Path)
    }
}

/// The inputs of a build, found at once by path or by file (issue 32: each output was
/// compared with each input, two `stat` calls a pair: 9 million for 1 500 files).
pub(crate) struct Inputs<'a> {
    paths: std::collections::HashMap<&'a Path, &'a Path>,
    files: std::collections::HashMap<FileId, &'a Path>,
}

impl<'a> Inputs<'a> {
    pub(crate) fn new(inputs: &'a [PathBuf]) -> Inputs<'a> {
        let mut index = Inputs {
            paths: Default::default(),
            files: Default::default(),
        };
        for input in inputs.iter().filter(|i| i.as_os_str() != "-") {
            index.paths.entry(input).or_insert(input);
            // Only a regular file can be destroyed by an output: a terminal or a pipe may
            // well be both read and written.
            if fs::metadata(input).is_ok_and(|m| m.is_file())
                && let Some(id) = file_id(input)
            {
                index.files.entry(id).or_insert(input);
            }
        }
        index
    }

    /// Refuses an output that is one of the inputs (the same path, a symlink or a hard link
    /// to it), before anything is read or written.
    pub(crate) fn refuse(&self, output: &Path) -> Result<()> {
        let input = self.paths.get(output).copied().or_else(|| {
            let regular = fs::metadata(output).is_ok_and(|m| m.is_file());
            match regular {
                true => file_id(output).and_then(|id| self.files.get(&id).copied()),
                false => None,
            }
        });
        match input {
            Some(input) => Err(Error::Usage(format!(
                "{}: the output would overwrite the input {} (the same file); nothing was \
                 written",
                output.display(),
                input.display()
            ))),
            None => Ok(()),
        }
    }
}

/// Refuses an output that is one of the inputs (see [`Inputs::refuse`]).
pub(crate) fn refuse_input_as_output(output: &Path, inputs: &[PathBuf]) -> Result<()> {
    Inputs::new(inputs).refuse(output)
}

/// Finds outputs that are one file, whether or not it exists yet: by the key made of the
/// folder as it really stands and the name (`x.brf`, `./x.brf` and `lnk/x.brf` with `lnk` a
/// link to `.` are one file), and by the file when it exists (a hard link). One pass.
struct Places<T> {
    keys: std::collections::HashMap<PathBuf, T>,
    files: std::collections::HashMap<FileId, T>,
}

impl<T: Copy> Places<T> {
    fn new() -> Self {
        Places {
            keys: Default::default(),
            files: Default::default(),
        }
    }

    /// What an earlier name of the same file was noted with, or else notes this one.
    fn seen(&mut self, path: &Path, what: T) -> Option<T> {
        let key = file_key(path);
        if let Some(earlier) = self.keys.get(&key) {
            return Some(*earlier);
        }
        let id = file_id(path);
        if let Some(earlier) = id.as_ref().and_then(|id| self.files.get(id)) {
            return Some(*earlier);
        }
        self.keys.insert(key, what);
        if let Some(id) = id {
            self.files.insert(id, what);
        }
        None
    }
}

/// Refuses two outputs of one build that are the same file (`a.pgn` and `a.fen` both beside
/// as `a.brf`): the second would replace the first. `outputs`: each output with its input,
/// which the message names.
pub(crate) fn refuse_shared_outputs(outputs: &[(PathBuf, &Path)]) -> Result<()> {
    let mut places = Places::new();
    for (i, (a, from)) in outputs.iter().enumerate() {
        if let Some(k) = places.seen(a, i) {
            return Err(Error::Usage(format!(
                "{}: the inputs {} and {} would both write this output; give -o FILE to put \
                 them into one",
                a.display(),
                outputs[k].1.display(),
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
/// files written. (One output: [`prepare`] and [`commit`] for several.)
pub(crate) fn write(
    target: &Path,
    inputs: &[PathBuf],
    body: impl FnOnce(&mut dyn VolumeWrite) -> Result<()>,
) -> Result<Vec<PathBuf>> {
    let pending = prepare(Some(target), body)?;
    Ok(commit(vec![pending], inputs)?.pop().unwrap_or_default())
}

/// An output written whole and not yet in place: its temporary files (a volume each) beside
/// where they will stand, or its bytes for a device or standard output. [`commit`] puts every
/// output of a build in place at once, or none (issue 32: a clash or a full disk found at the
/// second output left the first in place).
pub(crate) struct Pending {
    /// As the user named it; `None`: standard output.
    target: Option<PathBuf>,
    how: How,
}

enum How {
    /// A regular file (or one to be made): `real` is the file a symlink at `target` names.
    Files { real: PathBuf, temporary: Temporary },
    /// A device, a FIFO, a socket: the bytes, copied in place (never replaced).
    InPlace(File),
    /// Standard output: the bytes.
    Stdout(File),
}

impl Pending {
    /// The files it will be, as the user named them and as they really stand (a volume each).
    fn names(&self) -> Vec<(PathBuf, PathBuf)> {
        let (Some(target), How::Files { real, temporary }) = (&self.target, &self.how) else {
            return Vec::new();
        };
        match temporary.files.len() {
            1 => vec![(target.clone(), real.clone())],
            n => (1..=n)
                .map(|k| (volume_path(target, k), volume_path(real, k)))
                .collect(),
        }
    }
}

/// Runs `body` into an output for `target` (`None`: standard output), to be put in place by
/// [`commit`]: a regular file's temporary files are written and synced to disk here, so that
/// a full disk fails the build before any output is in place.
pub(crate) fn prepare(
    target: Option<&Path>,
    body: impl FnOnce(&mut dyn VolumeWrite) -> Result<()>,
) -> Result<Pending> {
    let Some(target) = target else {
        let name = Path::new("(standard output)");
        let tmp = buffered(name, |w| body(&mut Joined(w)))?;
        return Ok(Pending {
            target: None,
            how: How::Stdout(tmp),
        });
    };
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
    let how = match regular {
        true => written_aside(target, body)?,
        false => How::InPlace(buffered(target, |w| body(&mut Joined(w)))?),
    };
    Ok(Pending {
        target: Some(target.to_path_buf()),
        how,
    })
}

/// The key two names of one file share before the file exists: its folder as it really
/// stands (links and `..` resolved) and its name (`x.brf`, `./x.brf` and `lnk/x.brf` with
/// `lnk` a link to `.` are one file).
fn file_key(path: &Path) -> PathBuf {
    let Some(name) = path.file_name() else {
        return path.to_path_buf();
    };
    match fs::canonicalize(folder_of(path)) {
        Ok(dir) => dir.join(name),
        Err(_) => path.to_path_buf(),
    }
}

/// Puts every output in place, once all of them are known to fit together: no file of one
/// (a volume's included) is an input or another's file, and no folder stands where one goes.
/// A refusal leaves everything as it was. Returns each output's files, in order (none for
/// standard output).
pub(crate) fn commit(pending: Vec<Pending>, inputs: &[PathBuf]) -> Result<Vec<Vec<PathBuf>>> {
    let names: Vec<Vec<(PathBuf, PathBuf)>> = pending.iter().map(Pending::names).collect();
    let inputs = Inputs::new(inputs);
    let mut places = Places::new();
    for n in &names {
        for (name, _) in n {
            inputs.refuse(name)?;
            if places.seen(name, ()).is_some() {
                return Err(Error::Usage(format!(
                    "{}: {} of this build would be written over another output of it; give \
                     the outputs names that do not meet (-o); nothing was written",
                    name.display(),
                    if n.len() > 1 {
                        "a volume"
                    } else {
                        "the output"
                    }
                )));
            }
        }
    }
    // Nothing is put in place unless all can be: a folder where a file would go is an error
    // before any rename.
    for (name, real) in names.iter().flatten() {
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
    let mut written = Vec::with_capacity(pending.len());
    // The named temporary files leave the list once it is let go (`listed` is dropped after
    // `t`, whatever way this returns).
    let mut pending = pending;
    let mut listed = Vec::new();
    for p in &mut pending {
        if let How::Files { temporary, .. } = &mut p.how {
            listed.append(&mut temporary.listed);
        }
    }
    // Put in place while the list is held, so that a signal finds each file either still
    // temporary (and removes it) or in place.
    let mut t = temporaries();
    if t.closed {
        return Err(Error::io(
            pending
                .first()
                .and_then(|p| p.target.clone())
                .unwrap_or_else(|| PathBuf::from(OUTPUT)),
            io::Error::from(io::ErrorKind::Interrupted),
        ));
    }
    let mut copies = Vec::new();
    for (p, names) in pending.into_iter().zip(names) {
        match p.how {
            How::Files { temporary, .. } => {
                temporary.put_in_place(&names, &mut t)?;
                written.push(names.into_iter().map(|(name, _)| name).collect());
            }
            How::InPlace(file) => {
                let target = p.target.unwrap_or_default();
                written.push(vec![target.clone()]);
                copies.push((Some(target), file));
            }
            How::Stdout(file) => {
                written.push(Vec::new());
                copies.push((None, file));
            }
        }
    }
    drop(t);
    drop(listed);
    // Devices and standard output last: a slow embosser does not hold the renames back.
    for (target, file) in copies {
        match target {
            Some(target) => copy_in_place(&target, file)?,
            None => copy_to_stdout(file)?,
        }
    }
    Ok(written)
}

/// The files of an earlier build that a build in volumes leaves beside its own and does not
/// replace: `bok-5.brf` and on after four volumes `bok-1.brf`…`bok-4.brf` (issue 32: a
/// producer embossing `bok-*.brf` embossed stale volumes without a word). Only named, never
/// removed: such a file may be another input's own output (`bok-5.md` beside `bok.md`).
/// Each output's first and last such file, their count and the pattern of the volumes' names.
pub(crate) fn stale_volumes(pending: &[Pending]) -> Vec<(PathBuf, PathBuf, usize, String)> {
    let mut stale = Vec::new();
    for p in pending {
        let names = p.names();
        let (Some(target), n) = (&p.target, names.len()) else {
            continue;
        };
        if n < 2 {
            continue;
        }
        let mut k = n + 1;
        while fs::metadata(volume_path(target, k)).is_ok_and(|m| m.is_file()) {
            k += 1;
        }
        if k > n + 1 {
            stale.push((
                volume_path(target, n + 1),
                volume_path(target, k - 1),
                k - n - 1,
                volume_pattern(target),
            ));
        }
    }
    stale
}

/// The file of volume `k` (from 1) of an output named `target`: `bok.brf` gives `bok-1.brf`.
pub fn volume_path(target: &Path, k: usize) -> PathBuf {
    volume_name(target, &k.to_string())
}

/// The files of every volume of an output named `target`, as a shell pattern: `bok-*.brf`.
pub(crate) fn volume_pattern(target: &Path) -> String {
    volume_name(target, "*")
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

fn volume_name(target: &Path, k: &str) -> PathBuf {
    let stem = target.file_stem().map(|s| s.to_string_lossy().into_owned());
    let name = match (stem, target.extension()) {
        (Some(stem), Some(ext)) => format!("{stem}-{k}.{}", ext.to_string_lossy()),
        (Some(stem), None) => format!("{stem}-{k}"),
        (None, _) => k.to_string(),
    };
    target.with_file_name(name)
}

/// Writes to standard output once the build has succeeded (a failed build prints nothing);
/// volumes one after the other.
pub(crate) fn write_stdout(body: impl FnOnce(&mut dyn VolumeWrite) -> Result<()>) -> Result<()> {
    commit(vec![prepare(None, body)?], &[]).map(drop)
}

/// Copies an output's bytes to standard output.
fn copy_to_stdout(mut tmp: File) -> Result<()> {
    let name = Path::new("(standard output)");
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
fn copy_in_place(target: &Path, mut tmp: File) -> Result<()> {
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
        Error::Io { path, source } if path == Path::new(OUTPUT) => {
            Error::io(target, explained(source))
        }
        other => other,
    }
}

/// A write error as a producer can act on it: a file-size limit (`ulimit -f`; SIGXFSZ is
/// ignored, so that the write fails instead of the program ending without a word, issue 32).
fn explained(e: io::Error) -> io::Error {
    match e.kind() {
        io::ErrorKind::FileTooLarge => io::Error::new(
            e.kind(),
            "the output is larger than a file may be here (the file-size limit, ulimit -f, or \
             the file system's); nothing was written",
        ),
        _ => e,
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
    files: Vec<Aside>,
    /// The named files' places on the list, taken off it when they are dropped (never while
    /// the list is held: see [`commit`]).
    listed: Vec<Listed>,
    /// Bytes written since the system was last asked to put the file on disk.
    unsynced: u64,
    /// The thread that asks it, started when an output grows large.
    ahead: Option<SyncAhead>,
}

/// One temporary file. Where the system can, it has no name until it is put in place (Linux's
/// `O_TMPFILE`, linked in with `linkat`): a build killed in any way (SIGKILL, a file-size
/// limit) leaves nothing behind (issue 32: an 8 MB `.schackpunkt-…` file stayed). Elsewhere a
/// named file, listed for the signal handler.
enum Aside {
    Unnamed(File, Slot),
    Named(tempfile::NamedTempFile, Slot),
    /// Written, synced and closed, under a temporary name: what an output becomes when more
    /// are open than [`OPEN_AT_ONCE`].
    Closed(tempfile::TempPath),
}

/// How many temporary files of outputs may be open at once; past it, those written are closed
/// under a temporary name until they are put in place (issue 32: a build of 1 500 outputs into
/// a folder, or a book of 48 volumes, would otherwise hold as many files open, past the limit
/// of open files). Most builds stay under it, with no named file at all.
const OPEN_AT_ONCE: usize = 16;

static OPEN: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// One open temporary file, counted while it lives.
struct Slot;

impl Slot {
    fn take() -> Slot {
        OPEN.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Slot
    }

    /// Whether more temporary files are open than [`OPEN_AT_ONCE`].
    fn too_many() -> bool {
        OPEN.load(std::sync::atomic::Ordering::Relaxed) > OPEN_AT_ONCE
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        OPEN.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

impl Aside {
    fn file(&mut self) -> Option<&mut File> {
        match self {
            Aside::Unnamed(f, _) => Some(f),
            Aside::Named(tmp, _) => Some(tmp.as_file_mut()),
            Aside::Closed(_) => None,
        }
    }

    fn set_permissions(&mut self, permissions: fs::Permissions) -> io::Result<()> {
        match self {
            Aside::Unnamed(f, _) => f.set_permissions(permissions),
            Aside::Named(tmp, _) => tmp.as_file().set_permissions(permissions),
            Aside::Closed(path) => fs::set_permissions(path, permissions),
        }
    }

    /// A file without a name in `dir`, where the system offers them and lets them be linked
    /// in (through `/proc/self/fd`).
    #[cfg(target_os = "linux")]
    fn unnamed(dir: &Path) -> Option<File> {
        use rustix::fs::{Mode, OFlags};
        if !Path::new("/proc/self/fd").is_dir() {
            return None;
        }
        let flags = OFlags::TMPFILE | OFlags::RDWR | OFlags::CLOEXEC;
        let fd = rustix::fs::openat(rustix::fs::CWD, dir, flags, Mode::from_raw_mode(0o600));
        fd.ok().map(File::from)
    }

    #[cfg(not(target_os = "linux"))]
    fn unnamed(_: &Path) -> Option<File> {
        None
    }

    /// The file written to its end, synced and closed under a temporary name in `dir` (on
    /// the list `t`, and in `listed`).
    fn close(self, dir: &Path, t: &mut Temporaries, listed: &mut Vec<Listed>) -> io::Result<Aside> {
        let path = match self {
            Aside::Closed(_) => return Ok(self),
            Aside::Named(tmp, _slot) => {
                tmp.as_file().sync_all()?;
                tmp.into_temp_path()
            }
            Aside::Unnamed(file, _slot) => {
                file.sync_all()?;
                let named = tempfile::Builder::new()
                    .prefix(".schackpunkt-")
                    .make_in(dir, |path| link_to(&file, path))
                    .map_err(plain)?;
                t.live.push(named.path().to_path_buf());
                listed.push(Listed(named.path().to_path_buf()));
                named.into_temp_path()
            }
        };
        Ok(Aside::Closed(path))
    }

    /// Puts the file at `real` (replacing what stands there), with `permissions`. Called with
    /// the list of temporary files held: a signal waits until the file is in place.
    fn put(self, real: &Path, t: &mut Temporaries) -> io::Result<()> {
        match self {
            Aside::Named(tmp, _) => {
                let path = tmp.path().to_path_buf();
                tmp.persist(real).map_err(|e| plain(e.error))?;
                t.live.retain(|p| *p != path);
                Ok(())
            }
            Aside::Closed(tmp) => {
                let path = tmp.to_path_buf();
                tmp.persist(real).map_err(|e| plain(e.error))?;
                t.live.retain(|p| *p != path);
                Ok(())
            }
            Aside::Unnamed(file, _) => link_in(&file, real),
        }
    }
}

/// Links an unnamed file in at `to` (which must not exist).
#[cfg(target_os = "linux")]
fn link_to(file: &File, to: &Path) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    let proc = PathBuf::from(format!("/proc/self/fd/{}", file.as_raw_fd()));
    rustix::fs::linkat(
        rustix::fs::CWD,
        &proc,
        rustix::fs::CWD,
        to,
        rustix::fs::AtFlags::SYMLINK_FOLLOW,
    )
    .map_err(io::Error::from)
}

#[cfg(not(target_os = "linux"))]
fn link_to(_: &File, _: &Path) -> io::Result<()> {
    Err(io::Error::from(io::ErrorKind::Unsupported))
}

/// The folder a file stands in: `.` for a bare name.
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Gives an unnamed file the name `real`: linked in directly when nothing stands there, else
/// linked under a passing name beside it and renamed over it (a rename replaces at once;
/// a link never replaces). Where the link fails (no `/proc`), its bytes are copied into a
/// named file that is renamed.
#[cfg(target_os = "linux")]
fn link_in(file: &File, real: &Path) -> io::Result<()> {
    let dir = folder_of(real);
    match link_to(file, real) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            let passing = tempfile::Builder::new()
                .prefix(".schackpunkt-")
                .make_in(dir, |path| link_to(file, path))
                .map_err(plain)?;
            passing.persist(real).map(drop).map_err(|e| plain(e.error))
        }
        Err(_) => copy_in(file, dir, real),
    }
}

#[cfg(not(target_os = "linux"))]
fn link_in(file: &File, real: &Path) -> io::Result<()> {
    let dir = folder_of(real);
    copy_in(file, dir, real)
}

/// The bytes of `file` into a new named file in `dir`, renamed to `real`.
fn copy_in(mut file: &File, dir: &Path, real: &Path) -> io::Result<()> {
    let permissions = file.metadata()?.permissions();
    file.seek(io::SeekFrom::Start(0))?;
    let mut copy = tempfile::Builder::new()
        .prefix(".schackpunkt-")
        .tempfile_in(dir)
        .map_err(plain)?;
    io::copy(&mut file, copy.as_file_mut())?;
    copy.as_file().sync_all()?;
    fs::set_permissions(copy.path(), permissions)?;
    copy.persist(real).map(drop).map_err(|e| plain(e.error))
}

/// Bytes written to an output after which the system is asked to put them on disk, on a
/// thread of its own, while the build goes on: the sync before the rename then waits for the
/// last of them only (a 28 MB bulletin waited 40–60 ms for all of them, a tenth of a build on
/// two cores).
const SYNC_AHEAD: u64 = 8 << 20;

impl Temporary {
    /// A new temporary file in the folder: without a name where the system allows, else on
    /// the list that a signal empties.
    fn add(&mut self) -> io::Result<()> {
        let mut t = temporaries();
        if t.closed {
            return Err(io::Error::from(io::ErrorKind::Interrupted));
        }
        // The volume written so far is done: closed when too many files are open.
        if Slot::too_many() {
            self.close_written(&mut t)?;
        }
        if let Some(file) = Aside::unnamed(&self.dir) {
            self.files.push(Aside::Unnamed(file, Slot::take()));
            return Ok(());
        }
        let tmp = tempfile::Builder::new()
            .prefix(".schackpunkt-")
            .tempfile_in(&self.dir)
            .map_err(plain)?;
        t.live.push(tmp.path().to_path_buf());
        self.listed.push(Listed(tmp.path().to_path_buf()));
        self.files.push(Aside::Named(tmp, Slot::take()));
        Ok(())
    }

    /// Closes every file written (see [`Aside::close`]).
    fn close_written(&mut self, t: &mut Temporaries) -> io::Result<()> {
        for aside in std::mem::take(&mut self.files) {
            let closed = aside.close(&self.dir, t, &mut self.listed)?;
            self.files.push(closed);
        }
        Ok(())
    }

    fn current(&mut self) -> io::Result<&mut File> {
        match self.files.last_mut().and_then(Aside::file) {
            Some(file) => Ok(file),
            None => Err(io::Error::other("no temporary file")),
        }
    }

    /// Puts each file in place under its name (`names`: as named, as it really stands), with
    /// the earlier file's permissions or the usual ones.
    fn put_in_place(self, names: &[(PathBuf, PathBuf)], t: &mut Temporaries) -> Result<()> {
        for (mut aside, (name, real)) in self.files.into_iter().zip(names) {
            // The temporary file is private (0600): the output gets the earlier file's
            // permissions, or the usual ones.
            let earlier = fs::metadata(real).ok().map(|m| m.permissions());
            if let Some(permissions) = earlier.or_else(|| usual_permissions(&self.dir)) {
                let _ = aside.set_permissions(permissions);
            }
            aside.put(real, t).map_err(|e| Error::io(name, e))?;
        }
        Ok(())
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

/// A regular file: written through temporary files in the same folder (a volume each),
/// synced to disk, to be put in place by [`commit`]. A symlink is followed (the file it points
/// to is replaced, the link stays); an existing file keeps its permissions.
fn written_aside(
    target: &Path,
    body: impl FnOnce(&mut dyn VolumeWrite) -> Result<()>,
) -> Result<How> {
    let real = fs::canonicalize(target).unwrap_or_else(|_| target.to_path_buf());
    let dir = folder_of(&real).to_path_buf();
    if !dir.is_dir() {
        let why = match dir.exists() {
            true => format!("{} is not a folder", dir.display()),
            false => format!("the folder {} does not exist", dir.display()),
        };
        return Err(Error::io(
            target,
            io::Error::new(io::ErrorKind::NotFound, why),
        ));
    }
    let mut temporary = Temporary {
        dir,
        files: Vec::new(),
        listed: Vec::new(),
        unsynced: 0,
        ahead: None,
    };
    temporary.add().map_err(|e| Error::io(target, e))?;
    body(&mut temporary).map_err(|e| named(e, target))?;
    temporary.synced_ahead().map_err(|e| Error::io(target, e))?;
    for aside in &mut temporary.files {
        if let Some(file) = aside.file() {
            file.sync_all().map_err(|e| Error::io(target, e))?;
        }
    }
    // Done: closed until it is put in place when too many files are open.
    if Slot::too_many() {
        let mut t = temporaries();
        temporary
            .close_written(&mut t)
            .map_err(|e| Error::io(target, e))?;
    }
    Ok(How::Files { real, temporary })
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
