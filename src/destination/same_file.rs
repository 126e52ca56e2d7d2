//! Which names are one file: an output that is an input (a symlink or a hard link to it
//! counts), two outputs of one build that meet, whether or not the file exists yet.

use std::fs;
use std::path::{Path, PathBuf};

use super::folder_of;
use crate::error::{Error, Result};

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
pub(super) struct Places<T> {
    keys: std::collections::HashMap<PathBuf, T>,
    files: std::collections::HashMap<FileId, T>,
}

impl<T: Copy> Places<T> {
    pub(super) fn new() -> Self {
        Places {
            keys: Default::default(),
            files: Default::default(),
        }
    }

    /// What an earlier name of the same file was noted with, or else notes this one.
    pub(super) fn seen(&mut self, path: &Path, what: T) -> Option<T> {
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
