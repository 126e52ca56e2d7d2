//! Books made of several chapter files (issue 11): `schackpunkt build DIR` with a `bok.yaml`
//! or without, chapters in order and on new pages, errors naming the chapter, and the sample
//! book's contents list checked against its pages.

use crate::support::{Sandbox, braille, pages, repo_file};

/// A folder `bok/` in a sandbox with these files.
fn folder(files: &[(&str, &str)]) -> Sandbox {
    let sandbox = Sandbox::new();
    std::fs::create_dir(sandbox.path().join("bok")).expect("make bok/");
    for (name, text) in files {
        sandbox.write(&format!("bok/{name}"), text);
    }
    sandbox
}

/// The Unicode braille of the folder's book on standard output, as pages.
fn build(sandbox: &Sandbox, extra: &[&str]) -> (Vec<Vec<String>>, String) {
    let mut args = vec!["build", "bok", "-o", "-", "--format", "unicode"];
    args.extend_from_slice(extra);
    let ran = sandbox.run(&args);
    ran.ok();
    (pages(&ran.text()).pages, ran.stderr.clone())
}

/// Builds the folder's book, which must fail with `code`, writing nothing; its messages.
fn refused(sandbox: &Sandbox, code: i32) -> String {
    let ran = sandbox.run(&["build", "bok"]);
    assert_eq!(ran.code, Some(code), "{}", ran.stderr);
    assert!(!sandbox.path().join("bok.brf").exists());
    ran.stderr
}

fn page_with(pages: &[Vec<String>], line: &str) -> Option<usize> {
    pages.iter().position(|p| p.iter().any(|l| l == line))
}

#[test]
fn a_folder_is_one_book_in_the_order_of_its_list() {
    let s = folder(&[
        (
            "bok.yaml",
            "title: Boken\nchapters:\n  - b.md\n  - a.md\nline_length: 30\n",
        ),
        ("a.md", "# Andra\n\nText a.\n"),
        ("b.md", "# Första\n\nText b.\n"),
    ]);
    let (pages, stderr) = build(&s, &[]);
    // No warning; what was read and written, in plain words.
    assert_eq!(
        stderr,
        format!(
            "schackpunkt: read 3 files; wrote standard output (Unicode braille, {} pages, {} \
             sheets); no games, no diagrams, no warnings.\n",
            pages.len(),
            pages.len()
        )
    );
    // The title page, then each chapter on a page of its own, in the list's order.
    assert!(
        page_with(&pages, &braille("Boken")) == Some(0),
        "{pages:#?}"
    );
    assert_eq!(page_with(&pages, &braille("Första")), Some(1), "{pages:#?}");
    assert_eq!(page_with(&pages, &braille("Andra")), Some(2), "{pages:#?}");
    // bok.yaml's settings hold for every chapter: 30 cells a line, page numbers at the end.
    assert!(
        pages.iter().all(|p| p[0].chars().count() == 30),
        "{pages:#?}"
    );
    // Beside the folder, named after it.
    s.run(&["build", "bok"]).ok();
    assert!(s.path().join("bok.brf").is_file(), "{:?}", s.names());
}

#[test]
fn chapters_may_run_on_and_keep_their_own_settings() {
    let s = folder(&[
        ("bok.yaml", "chapter_start: same-page\n"),
        ("1.md", "# Ett\n\nText.\n"),
        (
            "2.md",
            "---\nnotation: compact\n---\n# Två\n\n```pgn\n1. e4 e5 *\n```\n",
        ),
    ]);
    let (pages, _) = build(&s, &[]);
    assert_eq!(pages.len(), 1, "{pages:#?}");
    let lines = &pages[0];
    // The second chapter's own notation: compact (a lower digit for the move number).
    assert!(lines.iter().any(|l| l.starts_with("⠂⠀⠑⠲⠀⠑⠢")), "{lines:#?}");
}

#[test]
fn without_a_book_file_the_first_chapter_speaks_for_the_book() {
    let s = folder(&[
        (
            "01.md",
            "---\ntitle: Utan lista\nline_length: 32\n---\n# Ett\n\nText.\n",
        ),
        (
            "02.md",
            "---\ntitle: Kapitlets titel\n---\n# Två\n\nText.\n",
        ),
        ("bild.png", "not markdown"),
    ]);
    let (pages, stderr) = build(&s, &[]);
    assert_eq!(page_with(&pages, &braille("Utan lista")), Some(0));
    assert_eq!(page_with(&pages, &braille("Ett")), Some(1));
    assert_eq!(page_with(&pages, &braille("Två")), Some(2));
    assert!(
        pages.iter().all(|p| p[0].chars().count() == 32),
        "{pages:#?}"
    );
    // A chapter's title is not the book's: left out, with a warning at its place.
    assert!(page_with(&pages, &braille("Kapitlets titel")).is_none());
    assert!(
        stderr.contains("bok/02.md:2:8: warning: a chapter's title is left out"),
        "{stderr}"
    );
}

#[test]
fn a_missing_chapter_is_an_error_at_its_place_in_the_list() {
    let s = folder(&[
        (
            "bok.yaml",
            "title: B\nchapters:\n  - finns.md\n  - saknas.md\n",
        ),
        ("finns.md", "# Ett\n"),
        ("extra.md", "# Extra\n"),
    ]);
    let stderr = refused(&s, 1);
    assert!(
        stderr.starts_with("bok/bok.yaml:4:5: error: no chapter file bok/saknas.md"),
        "{stderr}"
    );
    // A file the list leaves out is named.
    let s = folder(&[
        ("bok.yaml", "chapters: [finns.md]\n"),
        ("finns.md", "# Ett\n"),
        ("extra.md", "# Extra\n"),
    ]);
    let (pages, stderr) = build(&s, &[]);
    assert!(page_with(&pages, &braille("Extra")).is_none());
    assert!(
        stderr.contains("bok/extra.md is in the book folder but not among its chapters"),
        "{stderr}"
    );
}

#[test]
fn an_error_in_a_chapter_names_the_chapter_file() {
    let s = folder(&[
        ("bok.yaml", "title: B\n"),
        ("1.md", "# Ett\n\nText.\n"),
        ("2.md", "# Två\n\n```pgn\n1. e4 e5 2. Ke3 *\n```\n"),
    ]);
    let stderr = refused(&s, 1);
    assert!(stderr.starts_with("bok/2.md:4:"), "{stderr}");
}

/// The sample book: its contents list names every chapter and section with the braille page
/// where it stands, and its print page lines, notes and image passage are there.
#[test]
fn the_sample_book_keeps_its_promises() {
    let sandbox = Sandbox::new();
    let book = repo_file("samples/bok");
    let ran = sandbox.run(&[
        "build",
        &book.to_string_lossy(),
        "-o",
        "-",
        "--format",
        "unicode",
    ]);
    ran.ok();
    let pages = pages(&ran.text()).pages;
    let width = 28;
    assert!(pages.len() > 10, "{}", pages.len());
    // Every line within the width; every page within 29 lines.
    for page in &pages {
        assert!(page.len() <= 29);
        assert!(page.iter().all(|l| l.chars().count() <= width));
    }
    let number = |line: &str| -> Option<u32> {
        let digits = line.trim_start_matches('⠀').strip_prefix('⠼')?;
        digits.chars().try_fold(0, |n, c| {
            let d = "⠚⠁⠃⠉⠙⠑⠋⠛⠓⠊".chars().position(|x| x == c)?;
            Some(n * 10 + d as u32)
        })
    };
    // The contents: from its heading to the page break after it.
    let start = page_with(&pages, &braille("Innehåll")).expect("a contents list");
    let first_chapter = page_with(&pages, &braille("Förord")).expect("the first chapter");
    let mut entries = 0;
    for line in pages[start..first_chapter].iter().flat_map(|p| &p[1..]) {
        if line.is_empty() || *line == braille("Innehåll") {
            continue;
        }
        let (title, page) = line
            .trim_start_matches('⠀')
            .rsplit_once('⠀')
            .expect("an entry");
        let title = title.trim_end_matches('⠀');
        let page = number(page).expect("a page number");
        let found = pages
            .iter()
            .skip(first_chapter)
            .find(|p| p[1..].iter().any(|l| l == title))
            .and_then(|p| number(&p[0]));
        assert_eq!(found, Some(page), "{title}");
        entries += 1;
    }
    assert!(entries >= 12, "{entries}");
    let all: Vec<&String> = pages.iter().flatten().collect();
    // Print pages 1 to 11, in order.
    let print: Vec<&String> = all
        .iter()
        .copied()
        .filter(|l| l.starts_with("⠒⠒⠒⠀"))
        .collect();
    assert_eq!(print.len(), 11);
    assert!(print[10].starts_with("⠒⠒⠒⠀⠼⠁⠁⠀⠒"));
    // Notes under each chapter; the image passage with its word.
    assert_eq!(all.iter().filter(|l| **l == &braille("Noter")).count(), 3);
    assert!(all.iter().any(|l| l.starts_with("⠶⠶⠶⠀⠃⠊⠇⠙⠀⠶")));
    // The same words in the same order without pages (the contents list aside).
    let flat = sandbox.run(&[
        "build",
        &book.to_string_lossy(),
        "-o",
        "-",
        "--format",
        "unicode",
        "--page-length",
        "0",
    ]);
    flat.ok();
    let flat: Vec<String> = flat.text().lines().map(str::to_string).collect();
    let paged: Vec<String> = pages.iter().flat_map(|p| p[1..].iter().cloned()).collect();
    assert_eq!(
        words_outside_contents(&paged),
        words_outside_contents(&flat)
    );
}

/// The words of a book's lines, the contents list (from its heading to the first chapter's
/// heading, the last line that is that heading alone: without pages, its entry is that too)
/// left out.
fn words_outside_contents(lines: &[String]) -> Vec<String> {
    let start = lines.iter().position(|l| *l == braille("Innehåll"));
    let end = lines.iter().rposition(|l| *l == braille("Förord"));
    let (Some(start), Some(end)) = (start, end) else {
        panic!("no contents list or first chapter")
    };
    lines[..start]
        .iter()
        .chain(&lines[end..])
        .flat_map(|l| l.split('⠀').filter(|w| !w.is_empty()).map(str::to_string))
        .collect()
}

/// Printed on both sides, every chapter starts on a right-hand (odd) page, a blank left-hand
/// page before it when needed; the sheets are half the pages.
#[test]
fn duplex_starts_each_chapter_on_a_right_hand_page() {
    let s = folder(&[
        ("bok.yaml", "title: Boken\nduplex: true\npage_length: 6\n"),
        ("1.md", "# Ett\n\nText ett.\n"),
        (
            "2.md",
            "# Två\n\nText två som är lång nog att fylla mer än en sida i boken.\n",
        ),
        ("3.md", "# Tre\n\nText tre.\n"),
    ]);
    let (pages, stderr) = build(&s, &[]);
    let number = |p: &Vec<String>| p[0].trim_start_matches('⠀').to_string();
    for heading in ["Ett", "Två", "Tre"] {
        let at = page_with(&pages, &braille(heading)).expect(heading);
        // Page i (from 0) is braille page i + 1: odd pages are right-hand pages.
        assert_eq!(at % 2, 0, "{heading} on page {}: {pages:#?}", at + 1);
    }
    // The blank left-hand pages carry their page number alone.
    let blanks: Vec<&Vec<String>> = pages
        .iter()
        .filter(|p| p.iter().skip(1).all(String::is_empty))
        .collect();
    assert!(!blanks.is_empty(), "{pages:#?}");
    assert!(blanks.iter().all(|p| number(p).starts_with('⠼')));
    assert!(
        stderr.contains(&format!(
            "{} pages, {} sheets",
            pages.len(),
            pages.len().div_ceil(2)
        )),
        "{stderr}"
    );
    // Without duplex no blank pages.
    let (simplex, _) = {
        s.write("bok/bok.yaml", "title: Boken\npage_length: 6\n");
        build(&s, &[])
    };
    assert!(simplex.len() < pages.len());
    assert!(
        simplex
            .iter()
            .all(|p| p.iter().skip(1).any(|l| !l.is_empty()))
    );
    // PEF says so.
    s.write(
        "bok/bok.yaml",
        "title: Boken\nduplex: true\npage_length: 6\n",
    );
    let pef = s.run(&["build", "bok", "-o", "-", "--format", "pef"]);
    assert!(pef.ok().text().contains("duplex=\"true\""));
}

#[test]
fn games_as_a_chapter_and_chapters_that_end_with_a_heading() {
    let s = folder(&[
        (
            "bok.yaml",
            "title: B\ntoc: true\nchapters: [a.md, parti.pgn, c.md]\n",
        ),
        ("a.md", "# A\n\nText.\n\n<!-- toc -->\n\n## Slut\n"),
        (
            "parti.pgn",
            "[White \"Anna\"]\n[Black \"Bo\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n",
        ),
        ("c.md", "# C\n\nText c.\n"),
    ]);
    let (pages, stderr) = build(&s, &[]);
    // The game is a game, on a page of its own.
    let game = page_with(&pages, "⠼⠁⠄⠀⠑⠼⠙⠀⠑⠼⠑⠀⠼⠃⠄⠀⠠⠎⠋⠼⠉").expect("the game");
    // A chapter's last heading stays in its chapter.
    let slut = page_with(&pages, &braille("Slut")).expect("Slut");
    assert!(slut < game, "{pages:#?}");
    assert!(stderr.contains("1 game"), "{stderr}");
    // One contents list: where the chapter's marker puts it, none after the title page.
    let lists = pages
        .iter()
        .flatten()
        .filter(|l| **l == braille("Innehåll"))
        .count();
    assert_eq!(lists, 1, "{pages:#?}");
}

#[test]
fn chapters_in_the_order_a_reader_counts_and_a_folder_named_dot() {
    let s = folder(&[
        ("kap1.md", "# Ett\n\nA.\n"),
        ("kap2.md", "# Två\n\nB.\n"),
        ("kap10.md", "# Tio\n\nC.\n"),
    ]);
    let (pages, _) = build(&s, &[]);
    let order: Vec<usize> = ["Ett", "Två", "Tio"]
        .iter()
        .map(|h| page_with(&pages, &braille(h)).expect(h))
        .collect();
    assert!(order[0] < order[1] && order[1] < order[2], "{order:?}");
    // `.` inside the folder is the folder, named after itself, its book beside it.
    let inside = std::process::Command::new(env!("CARGO_BIN_EXE_schackpunkt"))
        .args(["build", ".", "-q"])
        .current_dir(s.path().join("bok"))
        .output()
        .expect("runs");
    assert!(
        inside.status.success(),
        "{}",
        String::from_utf8_lossy(&inside.stderr)
    );
    assert!(s.path().join("bok.brf").is_file(), "{:?}", s.names());
    // A folder for the outputs is made when it is not there; its parent must be there.
    assert_eq!(s.run(&["build", "bok", "-o", "saknas/ut/"]).code, Some(3));
    s.run(&["build", "bok", "-o", "ut/"]).ok();
    assert!(s.path().join("ut/bok.brf").is_file());
}

#[test]
fn a_chapter_that_changes_the_page_is_told_where_the_page_is_set() {
    let s = folder(&[
        ("bok.yaml", "title: B\n"),
        ("1.md", "# Ett\n"),
        ("2.md", "---\nline_length: 40\n---\n# Två\n"),
    ]);
    // An input error at the chapter's own setting (it named the file alone, as a usage error).
    let stderr = refused(&s, 1);
    assert!(
        stderr.contains("bok/2.md:2:1: error: line_length: a chapter cannot change the page of its book (the line length is 28 and 40); set it for the whole book in bok.yaml"),
        "{stderr}"
    );
    // Set by the chapter's profile: at the profile key.
    let s = folder(&[
        ("bok.yaml", "title: B\n"),
        ("1.md", "# Ett\n"),
        ("2.md", "---\ntitle: x\nprofile: us-brf\n---\n# Två\n"),
    ]);
    let stderr = refused(&s, 1);
    assert!(
        stderr.contains("bok/2.md:3:1: error: profile: a chapter cannot"),
        "{stderr}"
    );
    // Not at a setting the chapter gives its book's own value: at the profile.
    let s = folder(&[
        ("bok.yaml", "title: B\n"),
        ("1.md", "# Ett\n"),
        (
            "2.md",
            "---\npage_length: 29\nprofile: us-brf\n---\n# Två\n",
        ),
    ]);
    let stderr = refused(&s, 1);
    assert!(
        stderr.contains("bok/2.md:3:1: error: profile: a chapter cannot"),
        "{stderr}"
    );
}

#[test]
fn a_chapters_own_contents_setting_is_named_as_left_out() {
    let s = folder(&[
        ("bok.yaml", "title: B\n"),
        ("1.md", "# Ett\n\nText.\n"),
        (
            "2.md",
            "---\nnotation: compact\ntoc: true\n---\n# Två\n\nText.\n",
        ),
    ]);
    let (pages, stderr) = build(&s, &[]);
    assert!(page_with(&pages, &braille("Innehåll")).is_none());
    assert!(
        stderr.contains("bok/2.md:3:1: warning: a chapter's contents list (`toc`) is left out"),
        "{stderr}"
    );
}

#[test]
fn a_book_folder_takes_no_file_from_outside_it() {
    // Issue 32: `chapters: [../hemlig.md]`, an absolute path, or a chapter that is a link out
    // of the folder was transcribed without a word.
    let s = folder(&[("ett.md", "# Ett\n\nText.\n")]);
    s.write("hemlig.md", "# Hemlig\n\nInget för boken.\n");
    let secret = s.path().join("hemlig.md");
    let real = secret.canonicalize().expect("the real path");
    for list in ["../hemlig.md".to_string(), secret.display().to_string()] {
        s.write(
            "bok/bok.yaml",
            format!("title: Bok\nchapters:\n  - ett.md\n  - {list}\n"),
        );
        let stderr = refused(&s, 1);
        assert_eq!(
            stderr,
            format!(
                "bok/bok.yaml:4:5: error: the chapter {list} is outside the book folder ({})\n \
                 = hint: a book folder's chapters stand inside it; give --allow-outside to \
                 take files from elsewhere\n",
                real.display()
            )
        );
        // Allowed, it is a chapter.
        let (pages, _) = build(&s, &["--allow-outside"]);
        assert!(
            pages
                .iter()
                .flatten()
                .any(|l| l.contains(&braille("inget"))),
            "{pages:?}"
        );
    }
    // A chapter that is a link out of the folder, found without a list.
    std::fs::remove_file(s.path().join("bok/bok.yaml")).expect("remove");
    std::os::unix::fs::symlink(&secret, s.path().join("bok/två.md")).expect("a link");
    let stderr = refused(&s, 1);
    assert!(
        stderr.starts_with(&format!(
            "bok/två.md:1:1: error: bok/två.md leads out of the book folder (to {})",
            real.display()
        )),
        "{stderr}"
    );
    // A link inside the folder is a chapter as before.
    std::fs::remove_file(s.path().join("bok/två.md")).expect("remove");
    std::fs::create_dir(s.path().join("bok/kapitel")).expect("a folder");
    s.write("bok/kapitel/tre.md", "# Tre\n\nText tre.\n");
    std::os::unix::fs::symlink("kapitel/tre.md", s.path().join("bok/tre.md")).expect("a link");
    let (pages, _) = build(&s, &[]);
    assert!(
        pages.iter().flatten().any(|l| l.contains(&braille("tre."))),
        "{pages:?}"
    );
}
