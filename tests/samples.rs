//! The committed outputs of the samples are up to date: each sample built with the default
//! options gives exactly its committed `.brf` (`make samples` regenerates them).

use std::path::Path;
use std::process::Command;

#[test]
fn committed_sample_outputs_are_up_to_date() {
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut checked = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&samples)
        .expect("samples")
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !matches!(ext, "pgn" | "md" | "fen") {
            continue;
        }
        let committed = path.with_extension("brf");
        let fresh = dir.path().join("out.brf");
        let out = Command::new(env!("CARGO_BIN_EXE_schackpunkt"))
            .arg("build")
            .arg(&path)
            .arg("-o")
            .arg(&fresh)
            .output()
            .expect("run schackpunkt");
        assert!(
            out.status.success(),
            "{}: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        let want = std::fs::read(&committed)
            .unwrap_or_else(|_| panic!("{} is missing: run make samples", committed.display()));
        let got = std::fs::read(&fresh).expect("fresh output");
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
    assert!(checked >= 2, "the samples are there");
}
