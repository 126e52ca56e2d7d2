//! The committed outputs of the samples are up to date: each sample (a file, or a book folder
//! with its `bok.yaml`) built with the default options gives exactly its committed `.brf`
//! (`make samples` regenerates them).

use crate::support::{Sandbox, repo_file};

#[test]
fn committed_sample_outputs_are_up_to_date() {
    let samples = repo_file("samples");
    let dir = Sandbox::new();
    let mut checked = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&samples)
        .expect("samples")
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let folder = path.join("bok.yaml").is_file();
        if !matches!(ext, "pgn" | "md" | "fen") && !folder {
            continue;
        }
        let committed = path.with_extension("brf");
        let out = dir.run(&["build", &path.to_string_lossy(), "-o", "out.brf"]);
        assert_eq!(out.code, Some(0), "{}: {}", path.display(), out.stderr);
        let want = std::fs::read(&committed)
            .unwrap_or_else(|_| panic!("{} is missing: run make samples", committed.display()));
        let got = dir.read("out.brf");
        assert!(
            got == want,
            "{} is out of date: run make samples",
            committed.display()
        );
        // An embosser takes it as it is: braille ASCII, CR LF, form feeds, no trailing blanks.
        assert!(
            got.iter()
                .all(|&b| (0x20..0x7f).contains(&b) || b == b'\r' || b == b'\n' || b == 0x0c)
        );
        assert!(!got.windows(3).any(|w| w == b" \r\n"), "no trailing blank");
        assert!(
            got.ends_with(b"\r\n\x0c"),
            "the last page ends with a form feed"
        );
        checked += 1;
    }
    assert!(checked >= 3, "the samples are there");
}
