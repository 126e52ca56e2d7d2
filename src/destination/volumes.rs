//! The files of a book in volumes: each volume's name (`bok-1.brf`), their pattern
//! (`bok-*.brf`), and the volumes of an earlier build left beside this one's.

use std::fs;
use std::path::{Path, PathBuf};

use super::Pending;

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
