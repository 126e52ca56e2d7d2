//! Where a build's output goes, and how it gets there without harm: a regular file through a
//! temporary file beside it, renamed into place when the build has succeeded; a device, a FIFO,
//! a socket or standard output written in place once the build has succeeded; never an input
//! overwritten; temporary files removed when a signal ends the program.
//!
//! The files of this folder, by job:
//!
//! - `mod.rs`: the way of an output (`write`, `prepare`, `Pending`, `commit`), standard output
//!   (`write_stdout`), and what its files share: the list of temporary files a signal removes
//!   (`Temporaries`, `remove_temporary_files`), the error named as the user named the output
//!   (`named`), the folder a file stands in (`folder_of`).
//! - `same_file.rs`: which names are one file (`Inputs`, `Places`): no output over an input or
//!   over another output.
//! - `aside.rs`: a regular file written aside (`Temporary`, `Aside`, `written_aside`): unnamed
//!   temporary files linked in, the open ones counted (`Slot`), permissions.
//! - `sync_ahead.rs`: a large output synced on a thread while the build goes on (`SyncAhead`).
//! - `in_place.rs`: a device, a FIFO, a socket or standard output, written in place.
//! - `volumes.rs`: the volumes' file names, and an earlier build's left beside (`stale_volumes`).

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use crate::error::{Error, Result};
use crate::output::{Joined, VolumeWrite};

mod aside;
mod in_place;
mod same_file;
mod sync_ahead;
mod volumes;

use aside::{Temporary, written_aside};
use in_place::{buffered, copy_in_place, copy_to_stdout, in_place_by_name};
use same_file::Places;
pub(crate) use same_file::{Inputs, refuse_input_as_output, refuse_shared_outputs};
use sync_ahead::{SYNC_AHEAD, SyncAhead};
pub(crate) use volumes::stale_volumes;
use volumes::volume_path;

/// The name the pipeline gives its output in an I/O error; replaced by the user's path here.
pub(crate) const OUTPUT: &str = "(output)";

/// The temporary files of writes in progress, for [`remove_temporary_files`].
struct Temporaries {
    live: Vec<PathBuf>,
    /// Folders of temporary outputs (`schackpunkt serve`'s builds), removed with all they hold.
    folders: Vec<PathBuf>,
    /// Set by [`remove_temporary_files`]: no new temporary file is made after it.
    closed: bool,
}

static TEMPORARIES: Mutex<Temporaries> = Mutex::new(Temporaries {
    live: Vec::new(),
    folders: Vec::new(),
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
    for folder in t.folders.drain(..) {
        let _ = fs::remove_dir_all(folder);
    }
    t.closed = true;
}

/// A folder of temporary outputs that a signal removes with what it holds, as
/// [`remove_temporary_files`] removes a temporary file; the folder's owner removes it when it
/// is done (`schackpunkt serve` builds into one until Ctrl-C).
pub(crate) fn remove_on_signal(folder: &Path) {
    temporaries().folders.push(folder.to_path_buf());
}

/// Takes a temporary file off the list when its write ends, however it ends.
struct Listed(PathBuf);

impl Drop for Listed {
    fn drop(&mut self) {
        temporaries().live.retain(|p| *p != self.0);
    }
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
        match temporary.volumes() {
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

/// Writes to standard output once the build has succeeded (a failed build prints nothing);
/// volumes one after the other.
pub(crate) fn write_stdout(body: impl FnOnce(&mut dyn VolumeWrite) -> Result<()>) -> Result<()> {
    commit(vec![prepare(None, body)?], &[]).map(drop)
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

/// The folder a file stands in: `.` for a bare name.
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}
