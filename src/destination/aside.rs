//! A regular file's output written aside: its temporary files (a volume each) beside where
//! they will stand, without a name where the system allows, synced and put in place with the
//! earlier file's permissions or the usual ones.

use std::fs::{self, File};
use std::io::{self, Seek, Write};
use std::path::{Path, PathBuf};

use super::{How, Listed, SYNC_AHEAD, SyncAhead, Temporaries, folder_of, named, temporaries};
use crate::error::{Error, Result};
use crate::output::VolumeWrite;

/// The error without the temporary file's name that `tempfile` adds to it: messages name the
/// user's paths only.
fn plain(e: io::Error) -> io::Error {
    match e.raw_os_error() {
        Some(code) => io::Error::from_raw_os_error(code),
        None => io::Error::from(e.kind()),
    }
}

/// The temporary files of one output, a volume each, beside where they will stand.
pub(super) struct Temporary {
    dir: PathBuf,
    files: Vec<Aside>,
    /// The named files' places on the list, taken off it when they are dropped (never while
    /// the list is held: see [`commit`]).
    pub(super) listed: Vec<Listed>,
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

    /// How many volumes it holds: a temporary file each.
    pub(super) fn volumes(&self) -> usize {
        self.files.len()
    }

    fn current(&mut self) -> io::Result<&mut File> {
        match self.files.last_mut().and_then(Aside::file) {
            Some(file) => Ok(file),
            None => Err(io::Error::other("no temporary file")),
        }
    }

    /// Puts each file in place under its name (`names`: as named, as it really stands), with
    /// the earlier file's permissions or the usual ones.
    pub(super) fn put_in_place(
        self,
        names: &[(PathBuf, PathBuf)],
        t: &mut Temporaries,
    ) -> Result<()> {
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
pub(super) fn written_aside(
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
