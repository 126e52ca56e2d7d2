//! The shape of the code (issue 35): every file in `src/` at most 800 lines outside its tests and
//! data tables, every function at most 100 lines, so each room stays one a newcomer can find
//! their way in. A function that is clearer whole (a long `match` over a table) says so in a
//! comment just above it that contains `clearer whole`, and why.
//!
//! Counted on the source text: a small lexer skips strings, characters and comments, so braces
//! inside them do not count.

use std::path::{Path, PathBuf};

/// The most lines a file may have outside its tests and data tables.
const MOST_FILE_LINES: usize = 800;
/// The most lines a function may have, from the line of `fn` to its closing brace.
const MOST_FN_LINES: usize = 100;

/// One byte of source code as the lexer sees it: code, or inside a string, character or
/// comment.
fn code_bytes(text: &str) -> Vec<u8> {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in out.iter_mut().take(to).skip(from) {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let end = b[i..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(b.len(), |n| i + n);
                blank(&mut out, i, end);
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let mut depth = 0;
                let mut j = i;
                while j < b.len() {
                    if b[j..].starts_with(b"/*") {
                        depth += 1;
                        j += 2;
                    } else if b[j..].starts_with(b"*/") {
                        depth -= 1;
                        j += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        j += 1;
                    }
                }
                blank(&mut out, i, j);
                i = j;
            }
            b'r' if matches!(b.get(i + 1), Some(b'"' | b'#'))
                && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')) =>
            {
                // A raw string: r"…", r#"…"#.
                let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
                if b.get(i + 1 + hashes) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let close: Vec<u8> = std::iter::once(b'"')
                    .chain(std::iter::repeat_n(b'#', hashes))
                    .collect();
                let start = i + 2 + hashes;
                let end = b[start..]
                    .windows(close.len())
                    .position(|w| w == close.as_slice())
                    .map_or(b.len(), |n| start + n + close.len());
                blank(&mut out, i, end);
                i = end;
            }
            b'"' => {
                let mut j = i + 1;
                while j < b.len() && b[j] != b'"' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                blank(&mut out, i, j + 1);
                i = j + 1;
            }
            b'\'' => {
                // A character ('{', '\'', '\u{7b}') or a lifetime ('a): a character closes
                // within a few bytes.
                let rest = &b[i + 1..];
                let len = if rest.first() == Some(&b'\\') {
                    rest.iter().skip(1).position(|&c| c == b'\'').map(|n| n + 2)
                } else {
                    let ch = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                    (rest.get(ch) == Some(&b'\'')).then_some(ch)
                };
                match len {
                    Some(n) => {
                        blank(&mut out, i, i + n + 2);
                        i += n + 2;
                    }
                    None => i += 1,
                }
            }
            _ => i += 1,
        }
    }
    out
}

/// The line (0-based) of the brace that closes the one opened on or after byte `from`.
fn closing_line(code: &[u8], from: usize) -> Option<usize> {
    let open = from + code[from..].iter().position(|&c| c == b'{')?;
    let mut depth = 0usize;
    for (k, &c) in code[open..].iter().enumerate() {
        match c {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    let at = open + k;
                    return Some(code[..at].iter().filter(|&&c| c == b'\n').count());
                }
            }
            _ => {}
        }
    }
    None
}

/// What one file holds: lines in all, lines of tests and data tables, and its functions
/// (name, first line 1-based, lines).
struct Shape {
    lines: usize,
    left_out: usize,
    functions: Vec<(String, usize, usize)>,
}

fn shape(text: &str) -> Shape {
    let code = code_bytes(text);
    let code_text = String::from_utf8_lossy(&code).into_owned();
    let lines: Vec<&str> = code_text.lines().collect();
    let original: Vec<&str> = text.lines().collect();
    let starts: Vec<usize> = std::iter::once(0)
        .chain(
            code.iter()
                .enumerate()
                .filter(|(_, c)| **c == b'\n')
                .map(|(i, _)| i + 1),
        )
        .collect();
    let mut left_out = vec![false; lines.len()];
    let mut functions = Vec::new();
    let mut k = 0;
    while k < lines.len() {
        let line = lines[k].trim_start();
        // A test module, to its closing brace.
        let test_module = line.starts_with("#[cfg(test)]")
            && lines
                .get(k + 1)
                .is_some_and(|l| l.trim_start().starts_with("mod ") || l.contains(" mod "));
        // A data table: a constant or static whose value runs over lines, or the table of
        // settings.
        let table = (["const ", "static "].iter().any(|w| {
            line.starts_with(w)
                || line.starts_with(&format!("pub {w}"))
                || line.starts_with(&format!("pub(crate) {w}"))
        }) && fn_name(line).is_none()
            && !line.trim_end().ends_with(';'))
            || line.starts_with("settings! {");
        if test_module || table {
            let end = if test_module || line.contains('{') {
                closing_line(&code, starts[k + usize::from(test_module)])
            } else {
                (k..lines.len()).find(|&j| lines[j].trim_end().ends_with(';'))
            };
            let end = end.unwrap_or(lines.len() - 1);
            for l in left_out.iter_mut().take(end + 1).skip(k) {
                *l = true;
            }
            k = end + 1;
            continue;
        }
        if let Some(at) = fn_name(line)
            && let Some(end) = closing_line(&code, starts[k])
        {
            let said_whole = (k.saturating_sub(4)..k)
                .any(|j| original.get(j).is_some_and(|l| l.contains("clearer whole")));
            if !said_whole {
                functions.push((at, k + 1, end - k + 1));
            }
        }
        k += 1;
    }
    Shape {
        lines: lines.len(),
        left_out: left_out.iter().filter(|&&x| x).count(),
        functions,
    }
}

/// The name of the function a line begins (`fn name(`, `pub(crate) const fn name<`), if it
/// begins one with a body.
fn fn_name(line: &str) -> Option<String> {
    let at = line.find("fn ")?;
    let before = &line[..at];
    let words_ok = before.split_whitespace().all(|w| {
        matches!(
            w,
            "pub" | "const" | "async" | "unsafe" | "extern" | "default"
        ) || w.starts_with("pub(")
            || w.starts_with("extern")
    });
    if !words_ok {
        return None;
    }
    let name: String = line[at + 3..]
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some(name)
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every file and function over its limit, as lines of a report.
fn over_limits() -> Vec<String> {
    let src = crate::support::repo_file("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut over = Vec::new();
    // (A folder `tests/` holds a module's tests.)
    files.retain(|f| !f.components().any(|c| c.as_os_str() == "tests"));
    for f in files {
        let text = std::fs::read_to_string(&f).expect("a source file");
        let name = f.strip_prefix(&src).unwrap_or(&f).display().to_string();
        let s = shape(&text);
        let counted = s.lines - s.left_out;
        if counted > MOST_FILE_LINES {
            over.push(format!(
                "src/{name}: {counted} lines (at most {MOST_FILE_LINES})"
            ));
        }
        for (fun, at, len) in s.functions {
            if len > MOST_FN_LINES {
                over.push(format!(
                    "src/{name}:{at}: fn {fun}: {len} lines (at most {MOST_FN_LINES})"
                ));
            }
        }
    }
    over
}

#[test]
fn the_lexer_skips_strings_characters_and_comments() {
    let text = "fn a() {\n    let s = \"}\"; // }\n    let c = '}';\n    let r = r#\"}\"#;\n    /* } */\n    let l: &'static str = \"\\\"}\";\n}\nfn b() {}\n";
    let s = shape(text);
    assert_eq!(
        s.functions,
        vec![("a".to_owned(), 1, 7), ("b".to_owned(), 8, 1)]
    );
    let tests = "fn a() {}\n#[cfg(test)]\nmod tests {\n    fn long() {\n    }\n}\n";
    let s = shape(tests);
    assert_eq!((s.lines, s.left_out), (6, 5));
    assert_eq!(s.functions, vec![("a".to_owned(), 1, 1)]);
    let table = "const T: &[u8] = &[\n    1,\n    2,\n];\nfn a() {}\n";
    let s = shape(table);
    assert_eq!((s.lines, s.left_out), (5, 4));
}

/// The limits hold. (Run by `cargo test`, and so by `.ci/run`.)
#[test]
fn every_file_and_function_within_its_limits() {
    let over = over_limits();
    assert!(over.is_empty(), "over the limits:\n{}", over.join("\n"));
}
