//! What `serve` watches: the folder of every file a build reads (an editor that saves by
//! writing a new file and renaming it over the old one replaces the file, not its folder), and
//! which changes in them count: a file the build reads, or a book file (`.md`, `.yaml`) in a book
//! folder given as input (a chapter added). A file read is no change (the build itself reads
//! them all). Changes come debounced (`notify-debouncer-full`): a save that touches a file three
//! times builds once.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use notify::{EventKind, RecommendedWatcher, RecursiveMode};
use notify_debouncer_full::{DebounceEventResult, Debouncer, RecommendedCache, new_debouncer};

use crate::error::{Error, Result};

/// How long the files must be quiet before a build starts: short beside the build itself, long
/// enough for an editor's save (write, rename, change of mode) to be one change.
const QUIET: Duration = Duration::from_millis(50);

/// The names that count.
#[derive(Default)]
struct Wanted {
    /// Every file a build reads: its folder's real path, and its name.
    files: HashSet<PathBuf>,
    /// Book folders given as inputs (real paths): a book file added or changed in one counts.
    folders: HashSet<PathBuf>,
}

impl Wanted {
    fn counts(&self, path: &Path) -> bool {
        if self.files.contains(path) {
            return true;
        }
        let (Some(folder), Some(name)) = (path.parent(), path.file_name()) else {
            return false;
        };
        self.folders.contains(folder) && book_file(name)
    }
}

/// A file of a book folder: Markdown or the book's YAML, not an editor's hidden or backup file.
fn book_file(name: &OsStr) -> bool {
    let name = name.to_string_lossy();
    let ext = Path::new(&*name)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    !name.starts_with('.')
        && !name.ends_with('~')
        && matches!(ext.as_deref(), Some("md" | "markdown" | "yaml" | "yml"))
}

/// A path by its folder's real path and its own name (the file itself may be gone for a moment,
/// between an editor's write and rename). When its folder is not there (yet), the first folder
/// of its path that is not there, by the real path of the one it would stand in: making it is
/// the change to see (`kap/` made for a chapter `kap/05.md` named in `bok.yaml`).
fn real(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?;
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    match folder.canonicalize() {
        Ok(folder) => Some(folder.join(name)),
        Err(_) if folder != Path::new(".") => real(folder),
        Err(_) => None,
    }
}

/// The watcher, and the folders it watches.
pub(super) struct Watch {
    debouncer: Debouncer<RecommendedWatcher, RecommendedCache>,
    wanted: Arc<Mutex<Wanted>>,
    /// The folders watched, each with what it was when its watch began ([`identity`]).
    watched: BTreeMap<PathBuf, Option<(u64, u64)>>,
}

/// Which folder a path is (device and inode): a folder removed and made again under the same
/// name is another one, whose watch must begin anew. `None` where that cannot be told (then
/// every watch begins anew after each build).
fn identity(path: &Path) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}

impl Watch {
    /// Starts watching nothing yet; each change that counts calls `changed`.
    pub(super) fn start(changed: Arc<dyn Fn() + Send + Sync>) -> Result<Watch> {
        let wanted = Arc::new(Mutex::new(Wanted::default()));
        let names = Arc::clone(&wanted);
        let debouncer = new_debouncer(QUIET, None, move |events: DebounceEventResult| {
            let Ok(events) = events else {
                // (An error of the watcher itself: nothing to build from; the next change
                // comes as it would.)
                return;
            };
            let names = names.lock().unwrap_or_else(|e| e.into_inner());
            let change = |e: &&notify_debouncer_full::DebouncedEvent| {
                !matches!(e.event.kind, EventKind::Access(_))
            };
            let counts = events
                .iter()
                .filter(change)
                .any(|e| e.event.paths.iter().any(|p| names.counts(p)));
            if counts {
                drop(names);
                changed();
            }
        })
        .map_err(|e| Error::Usage(format!("cannot watch the inputs for changes: {e}")))?;
        Ok(Watch {
            debouncer,
            wanted,
            watched: BTreeMap::new(),
        })
    }

    /// Watches the folders of `files` (what a build reads) and the folders among `inputs`; stops
    /// watching folders no longer needed.
    pub(super) fn follow(&mut self, files: &[PathBuf], inputs: &[PathBuf]) {
        let mut wanted = Wanted::default();
        for path in files.iter().chain(inputs) {
            // The path itself, in the folder it stands in: a file changed, made or removed;
            // a book folder removed, renamed or made again.
            wanted.files.extend(real(path));
            // Through a link: the file (or folder) it leads to, in its own folder.
            if let Ok(target) = path.canonicalize() {
                if target.is_dir() {
                    wanted.folders.insert(target.clone());
                }
                wanted.files.insert(target);
            }
        }
        let folders: BTreeSet<PathBuf> = wanted
            .files
            .iter()
            .filter_map(|f| f.parent().map(Path::to_path_buf))
            .chain(wanted.folders.iter().cloned())
            .collect();
        *self.wanted.lock().unwrap_or_else(|e| e.into_inner()) = wanted;
        // A watch is kept while its folder is the same folder; one no longer wanted, or whose
        // folder was removed (and perhaps made again), ends.
        let before = std::mem::take(&mut self.watched);
        for (folder, was) in before {
            let now = identity(&folder);
            if folders.contains(&folder) && now.is_some() && now == was {
                self.watched.insert(folder, was);
            } else {
                let _ = self.debouncer.unwatch(&folder);
            }
        }
        // Only a folder whose watch began is kept as watched: one that is not there now is
        // tried again after the next build (its making is seen in the folder above it).
        for folder in folders {
            if self.watched.contains_key(&folder) {
                continue;
            }
            let was = identity(&folder);
            if self
                .debouncer
                .watch(&folder, RecursiveMode::NonRecursive)
                .is_ok()
            {
                self.watched.insert(folder, was);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_book_folders_markdown_counts_and_an_editors_files_do_not() {
        for (name, counts) in [
            ("03-slut.md", true),
            ("bok.yaml", true),
            ("KAPITEL.MD", true),
            (".03-slut.md.swp", false),
            ("03-slut.md~", false),
            ("4913", false),
            ("bok.brf", false),
        ] {
            assert_eq!(book_file(OsStr::new(name)), counts, "{name}");
        }
    }

    #[test]
    fn a_file_read_counts_by_its_folders_real_path() {
        let dir = tempfile::tempdir().expect("a folder");
        let file = dir.path().join("a.pgn");
        std::fs::write(&file, "*").expect("written");
        let mut wanted = Wanted::default();
        wanted.files.insert(real(&file).expect("a real path"));
        let seen = dir.path().canonicalize().expect("real").join("a.pgn");
        assert!(wanted.counts(&seen));
        assert!(!wanted.counts(&seen.with_file_name("b.pgn")));
        // Gone for a moment (an editor's rename): still the same name.
        std::fs::remove_file(&file).expect("removed");
        assert_eq!(real(&file), Some(seen));
        // In folders not made yet: the first of them, in the folder that is there.
        let deep = dir.path().join("kap/del/05.md");
        let first = dir.path().canonicalize().expect("real").join("kap");
        assert_eq!(real(&deep), Some(first));
    }
}
