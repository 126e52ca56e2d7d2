//! Outputs written in place once the build has succeeded: a device, a FIFO, a socket, standard
//! output (their bytes held in an unnamed temporary file until then).

use std::fs::{self, File, OpenOptions};
use std::io::{self, Seek, Write};
use std::path::Path;

use super::named;
use crate::error::{Error, Result};

/// Paths that name a device or another process's file whatever `stat` says of them
/// (`/dev/stdout` may be a regular file the shell opened): written in place, never renamed over.
/// `/dev/shm` is no device: a folder of ordinary files in memory, written as any folder.
pub(super) fn in_place_by_name(path: &Path) -> bool {
    (path.starts_with("/dev") && !path.starts_with("/dev/shm")) || path.starts_with("/proc")
}

/// Copies an output's bytes to standard output.
pub(super) fn copy_to_stdout(mut tmp: File) -> Result<()> {
    let name = Path::new("(standard output)");
    let stdout = io::stdout();
    let mut lock = stdout.lock();
    io::copy(&mut tmp, &mut lock)
        .and_then(|_| lock.flush())
        .map_err(|e| Error::io(name, e))
}

/// Runs `body` into an unnamed temporary file (gone with the process, whatever ends it), and
/// rewinds it.
pub(super) fn buffered(
    target: &Path,
    body: impl FnOnce(&mut dyn Write) -> Result<()>,
) -> Result<File> {
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
pub(super) fn copy_in_place(target: &Path, mut tmp: File) -> Result<()> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_by_name_and_the_folder_of_memory_that_is_none() {
        for device in [
            "/dev/stdout",
            "/dev/usb/lp0",
            "/dev/null",
            "/proc/self/fd/1",
        ] {
            assert!(in_place_by_name(Path::new(device)), "{device}");
        }
        for file in [
            "/dev/shm/bok.brf",
            "/devices/bok.brf",
            "bok.brf",
            "/tmp/dev/bok.brf",
        ] {
            assert!(!in_place_by_name(Path::new(file)), "{file}");
        }
    }
}
