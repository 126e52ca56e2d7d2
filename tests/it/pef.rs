//! PEF output (issue 12): the sample book as PEF holds the same cells on the same pages as its
//! Unicode braille (and so its BRF), no row longer than `cols`, no page longer than `rows`; the
//! head says what the book is; the official schema accepts it.

use crate::support::{Sandbox, pages, repo_file};

/// A PEF document's pages of rows, and its volume's `cols` and `rows`.
fn pef_pages(text: &str) -> (Vec<Vec<String>>, usize, usize) {
    let attr = |name: &str| -> usize {
        let at = text.find(&format!(" {name}=\"")).expect(name) + name.len() + 3;
        text[at..]
            .split('"')
            .next()
            .and_then(|v| v.parse().ok())
            .expect(name)
    };
    let (cols, rows) = (attr("cols"), attr("rows"));
    let mut pages = Vec::new();
    for page in text.split("<page").skip(1) {
        let body = page.split("</page>").next().unwrap_or("");
        if page.starts_with("/>") {
            pages.push(Vec::new());
            continue;
        }
        let mut lines = Vec::new();
        for row in body.split("<row").skip(1) {
            if row.starts_with("/>") {
                lines.push(String::new());
            } else {
                let content = row.trim_start_matches('>');
                lines.push(content.split("</row>").next().unwrap_or("").to_string());
            }
        }
        pages.push(lines);
    }
    (pages, cols, rows)
}

#[test]
fn the_sample_book_as_pef_is_its_braille_page_for_page() {
    let sandbox = Sandbox::new();
    let book = repo_file("samples/bok").to_string_lossy().into_owned();
    let pef = sandbox.run(&["build", &book, "-o", "bok.pef", "--format", "pef"]);
    pef.ok();
    let text = String::from_utf8(sandbox.read("bok.pef")).expect("UTF-8");
    let unicode = sandbox.run(&["build", &book, "-o", "-", "--format", "unicode"]);
    let want = pages(&unicode.ok().text()).pages;
    let (got, cols, rows) = pef_pages(&text);
    assert_eq!((cols, rows), (28, 29));
    assert_eq!(got, want, "the same cells on the same pages");
    for page in &got {
        assert!(page.len() <= rows);
        assert!(page.iter().all(|r| r.chars().count() <= cols));
    }
    // The head.
    for part in [
        "<pef version=\"2008-1\" xmlns=\"http://www.daisy.org/ns/2008/pef\">",
        "<dc:format>application/x-pef+xml</dc:format>",
        "<dc:identifier>urn:schackpunkt:",
        "<dc:title>Små mästerverk</dc:title>",
        "<dc:creator>Anna Lind och Per Berg</dc:creator>",
        "<dc:language>sv</dc:language>",
        "<volume cols=\"28\" rows=\"29\" rowgap=\"0\" duplex=\"false\">",
    ] {
        assert!(text.contains(part), "{part}");
    }
    // A section each: the title page, the contents list, the three chapters.
    assert_eq!(text.matches("<section>").count(), 5);
    assert_eq!(text.matches("</section>").count(), 5);
    // No date unless SOURCE_DATE_EPOCH gives one; the same book, the same bytes.
    assert!(!text.contains("dc:date"));
    let dated = sandbox
        .command(&["build", &book, "-o", "-", "--format", "pef"])
        .env("SOURCE_DATE_EPOCH", "1700000000")
        .run();
    assert!(dated.ok().text().contains("<dc:date>2023-11-14</dc:date>"));
    let again = sandbox.run(&["build", &book, "-o", "-", "--format", "pef"]);
    assert_eq!(again.ok().text(), text);
    // Pages are what PEF is made of.
    let flat = sandbox.run(&[
        "build",
        &book,
        "-o",
        "-",
        "--format",
        "pef",
        "--page-length",
        "0",
    ]);
    assert_eq!(flat.code, Some(2), "{}", flat.stderr);
    assert!(
        flat.stderr.contains("PEF is made of pages"),
        "{}",
        flat.stderr
    );
    // Asked by a book's front matter: an input error at its place.
    sandbox.write("platt.md", "---\npage_length: 0\n---\n# A\n");
    let flat = sandbox.run(&["build", "platt.md", "-o", "-", "--format", "pef"]);
    assert_eq!(flat.code, Some(1), "{}", flat.stderr);
    assert!(
        flat.stderr
            .starts_with("platt.md:2:1: error: PEF is made of pages"),
        "{}",
        flat.stderr
    );
}

/// The official PEF 2008-1 RelaxNG schema accepts the sample book. The schema is not the
/// project's to copy (LGPL, kept in `../shared/spec/pef/`); the test says when it cannot run.
#[test]
fn the_official_schema_accepts_the_sample_book() {
    let schema = repo_file("../shared/spec/pef/pef-2008-1.rng");
    if !schema.is_file() {
        eprintln!(
            "SKIPPED: the PEF schema is not at {} (it lives beside the project, not in it)",
            schema.display()
        );
        return;
    }
    if std::process::Command::new("xmllint")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("SKIPPED: xmllint is not installed (Debian: libxml2-utils; .ci/run installs it)");
        return;
    }
    let sandbox = Sandbox::new();
    for (input, extra) in [
        ("samples/bok", &[][..]),
        ("samples/operapartiet.pgn", &["--profile", "us-brf"][..]),
    ] {
        let path = repo_file(input).to_string_lossy().into_owned();
        let mut args = vec!["build", path.as_str(), "-o", "out.pef", "--format", "pef"];
        args.extend_from_slice(extra);
        sandbox.run(&args).ok();
        let out = std::process::Command::new("xmllint")
            .args(["--noout", "--relaxng"])
            .arg(&schema)
            .arg(sandbox.path().join("out.pef"))
            .output()
            .expect("xmllint runs");
        assert!(
            out.status.success(),
            "{input}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn an_output_named_pef_or_html_is_written_in_that_format_unless_one_is_given() {
    let sandbox = Sandbox::new();
    let book = repo_file("samples/damoffret.md")
        .to_string_lossy()
        .into_owned();
    let ran = sandbox.run(&["build", &book, "-o", "a.pef"]);
    assert!(ran.ok().stderr.contains("(PEF,"), "{}", ran.stderr);
    assert!(sandbox.read("a.pef").starts_with(b"<?xml"));
    sandbox.run(&["build", &book, "-o", "b.HTML"]).ok();
    assert!(sandbox.read("b.HTML").starts_with(b"<!DOCTYPE html>"));
    // `--format` says otherwise: it is the format.
    sandbox
        .run(&["build", &book, "-o", "c.pef", "--format", "unicode"])
        .ok();
    assert!(String::from_utf8(sandbox.read("c.pef")).is_ok_and(|t| t.starts_with('⠀')));
}

#[test]
fn a_pef_with_a_long_prolog_or_in_utf16_is_read_as_pef() {
    // Issue 32: a PEF whose root stood past the first 4 KB, or in UTF-16, was read as BRF
    // ("'<' is no braille cell"); an XML file that is no PEF says so.
    let dir = Sandbox::new();
    dir.write("g.pgn", "1. e4 e5 2. Nf3 Nc6 *\n");
    dir.run(&["build", "g.pgn", "-o", "g.pef"]).ok();
    let pef = String::from_utf8(dir.read("g.pef")).expect("UTF-8");
    let end = pef.find("?>").expect("a prolog") + 2;
    let long = format!(
        "{}\n<!--{}-->\n{}",
        &pef[..end],
        "x".repeat(6000),
        &pef[end..]
    );
    dir.write("lång.pef", long);
    let mut utf16 = vec![0xff, 0xfe];
    utf16.extend(pef.encode_utf16().flat_map(u16::to_le_bytes));
    dir.write("utf16.pef", utf16);
    let whole = dir.run(&["read", "g.pef", "--notation", "ordinary"]);
    whole.ok();
    assert!(
        whole.text().contains("1. e4 e5 2. Nf3 Nc6"),
        "{}",
        whole.text()
    );
    for name in ["lång.pef", "utf16.pef"] {
        let read = dir.run(&["read", name, "--notation", "ordinary"]);
        read.ok();
        assert_eq!(read.stdout, whole.stdout, "{name}");
    }
    dir.write("inte.xml", "<?xml version=\"1.0\"?>\n<html/>\n");
    let read = dir.run(&["read", "inte.xml"]);
    assert_eq!(read.code, Some(1), "{}", read.stderr);
    assert!(
        read.stderr
            .starts_with("inte.xml:1:1: error: an XML file, but no PEF: it has no <pef> element"),
        "{}",
        read.stderr
    );
}
