//! Braille tables of BRF output (issue 12): a BRF built with each table writes every cell as
//! that table's file in `tables/` says, and the default is North American braille ASCII.

use std::collections::BTreeMap;

use crate::support::{Sandbox, repo_file};

/// A table file: cell → byte (the character's code point, below U+0100).
fn table(name: &str) -> BTreeMap<char, u8> {
    let text = std::fs::read_to_string(repo_file(&format!("tables/{name}.tsv")))
        .unwrap_or_else(|e| panic!("tables/{name}.tsv: {e}"));
    let map: BTreeMap<char, u8> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let cell = f[0].chars().next().expect("a cell");
            let code = u32::from_str_radix(&f[2][2..], 16).expect("U+XXXX");
            (cell, u8::try_from(code).expect("one byte"))
        })
        .collect();
    assert_eq!(map.len(), 64, "{name}: every cell once");
    map
}

/// The sample book and a FEN list as Unicode braille and as BRF with `args`.
fn both(sandbox: &Sandbox, args: &[&str]) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for input in [
        "samples/bok",
        "samples/damoffret.md",
        "samples/operapartiet.pgn",
    ] {
        let path = repo_file(input).to_string_lossy().into_owned();
        let unicode = sandbox.run(&["build", &path, "-o", "-", "--format", "unicode"]);
        let mut brf_args = vec!["build", path.as_str(), "-o", "-", "--format", "brf"];
        brf_args.extend_from_slice(args);
        let brf = sandbox.run(&brf_args);
        out.push((unicode.ok().text(), brf.ok().stdout.clone()));
    }
    out
}

/// Checks that the BRF holds, cell for cell, the Unicode output's cells in the table; returns
/// how many different cells were seen.
fn check(table: &BTreeMap<char, u8>, unicode: &str, brf: &[u8]) -> usize {
    let brf_text: Vec<u8> = brf.iter().copied().filter(|b| *b != b'\r').collect();
    let mut bytes = brf_text.iter();
    let mut seen = std::collections::BTreeSet::new();
    for c in unicode.chars() {
        let b = bytes.next().copied();
        match c {
            '\n' | '\u{c}' => assert_eq!(b, Some(c as u8)),
            _ => {
                assert_eq!(b, table.get(&c).copied(), "{c}");
                seen.insert(c);
            }
        }
    }
    assert_eq!(bytes.next(), None);
    seen.len()
}

#[test]
fn each_table_writes_every_cell_as_its_file_says() {
    let sandbox = Sandbox::new();
    for name in ["nabcc", "sv-cx"] {
        let t = table(name);
        let mut seen = 0;
        for (unicode, brf) in both(&sandbox, &["--table", name]) {
            seen = seen.max(check(&t, &unicode, &brf));
        }
        assert!(seen > 40, "{name}: {seen} cells seen");
    }
    // The default is nabcc, and a front matter's `table` is read.
    let t = table("nabcc");
    for (unicode, brf) in both(&sandbox, &[]) {
        check(&t, &unicode, &brf);
    }
    sandbox.write("sv.md", "---\ntable: sv-cx\n---\nÅ ä ö.\n");
    let brf = sandbox.run(&["build", "sv.md", "-o", "-"]);
    assert!(brf.ok().stdout.contains(&0xE5), "å in Latin-1");
}
