//! What the costs that were quadratic (issue 32, points 9–12) give, at sizes where the old
//! ways showed: the warnings of many (their lines and columns, twenty of a kind shown, the rest
//! counted), places at the end of a long line, thousands of page breaks in a row, contents
//! lists and indexes of thousands of entries. Their speed is measured in `make bench` ("costs
//! when doubled"), not here.

use schackpunkt::Settings;
use schackpunkt::text_to_unicode as braille;

use crate::support::{Built, Sandbox, book, geometry, pages};

/// A blank cell.
const B: &str = "⠀";

fn built(md: &str, settings: Settings) -> Built {
    book(md, settings).unwrap_or_else(|e| panic!("{e}"))
}

// ---- point 9: warnings --------------------------------------------------------------------

#[test]
fn the_five_thousandth_warning_names_its_line_and_column() {
    // Through the library every warning comes, each with its own line drawn.
    let md: String = (1..=6_000).map(|i| format!("Rad {i} ☃.\n\n")).collect();
    let b = built(&md, Settings::default());
    assert_eq!(b.warnings.len(), 6_000);
    let w = &b.warnings[4_999];
    assert!(
        w.starts_with("bok.md:9999:10: warning: no braille rule for the character '☃'"),
        "{w}"
    );
    assert!(w.contains("9999 | Rad 5000 ☃."), "{w}");
    // The front matter's keys, each at its line.
    let keys: String = (0..6_000).map(|i| format!("k{i}: v\n")).collect();
    let b = built(&format!("---\n{keys}---\n\nText.\n"), Settings::default());
    assert_eq!(b.warnings.len(), 6_000);
    let w = &b.warnings[4_999];
    assert!(
        w.starts_with("bok.md:5001:1: warning: front matter: unknown key 'k4999' is left out"),
        "{w}"
    );
    assert!(w.contains("5001 | k4999: v"), "{w}");
}

/// 30 unknown keys, 25 HTML blocks, then a paragraph of three characters with no braille rule.
fn many_warnings() -> String {
    let keys: String = (0..30).map(|i| format!("k{i}: v\n")).collect();
    let blocks = "<div>x</div>\n\n".repeat(25);
    format!("---\n{keys}---\n\n{blocks}☃ ☃ ☃\n")
}

#[test]
fn twenty_warnings_of_a_kind_are_shown_and_the_rest_counted() {
    let dir = Sandbox::new();
    dir.write("b.md", many_warnings());
    let ran = dir.run(&["build", "b.md", "-o", "b.brf"]);
    ran.ok();
    let shown = |what: &str| {
        ran.stderr
            .lines()
            .filter(|l| l.starts_with("b.md:") && l.contains(what))
            .count()
    };
    assert_eq!(shown(": warning: front matter: unknown key"), 20);
    assert_eq!(shown(": warning: an HTML block"), 20);
    assert_eq!(shown(": warning: no braille rule"), 3);
    // The last shown of each kind is the twentieth.
    assert!(
        ran.stderr
            .contains("b.md:21:1: warning: front matter: unknown key 'k19'")
    );
    assert!(!ran.stderr.contains("'k20'"));
    let counted: Vec<&str> = ran
        .stderr
        .lines()
        .filter(|l| l.starts_with("warning: "))
        .collect();
    assert_eq!(
        counted,
        [
            "warning: 10 more warnings \"front matter: unknown key '…' is left out\" not shown, \
             from b.md:22:1 on (the first 20 are above)",
            "warning: 5 more warnings \"an HTML block: its text is kept as a paragraph, its \
             markup left out\" not shown, from b.md:74:1 on (the first 20 are above)",
        ]
    );
    // The count names every warning, after the lines that count those not shown.
    let last = ran.stderr.lines().last().unwrap_or("");
    assert!(last.ends_with("58 warnings."), "{last}");
    // `check` shows them alike.
    let checked = dir.run(&["check", "b.md"]);
    assert_eq!(checked.stderr.matches("more warnings").count(), 2);
}

#[test]
fn denied_warnings_are_all_counted_however_many_are_shown() {
    let dir = Sandbox::new();
    dir.write("b.md", many_warnings());
    let ran = dir.run(&["build", "b.md", "-o", "b.brf", "--deny-warnings"]);
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    assert!(
        ran.stderr.contains(
            "b.md:2:1: error: front matter: unknown key 'k0' is left out (warning denied by \
             --deny-warnings; 57 more)"
        ),
        "{}",
        ran.stderr
    );
    assert!(!dir.names().contains(&"b.brf".to_string()));
}

// ---- point 10: long lines -------------------------------------------------------------------

#[test]
fn a_place_at_the_end_of_a_line_of_200_000_characters_is_right() {
    // Emphasis, entities and code spans: a piece each, every one placed on the line.
    for line in [
        format!("{}☃", "*é* ".repeat(50_000)),
        format!("{}☃", "&amp; ".repeat(40_000)),
        format!("{}☃", "``a ".repeat(50_000)),
    ] {
        let at = line.chars().count();
        let b = built(&format!("{line}\n"), Settings::default());
        let w = b.warnings.join("\n");
        assert!(
            w.starts_with(&format!(
                "bok.md:1:{at}: warning: no braille rule for the character '☃'"
            )),
            "{}",
            &w[..w.len().min(300)]
        );
    }
}

// ---- point 11: page breaks in a row ---------------------------------------------------------

#[test]
fn ten_thousand_page_breaks_in_a_row_are_one() {
    // A chapter with a note, then the breaks: the chapter's notes before them when a chapter
    // follows, at the book's end when text does; either way as after one break.
    for after in ["# Två\n\nMer.\n", "Mer.\n"] {
        let book_with = |breaks: usize| {
            let breaks = "<!-- pagebreak -->\n".repeat(breaks);
            let md = format!("# Ett\n\nText[^n].\n\n{breaks}\n{after}\n[^n]: Noten.\n");
            built(&md, geometry(20, 10))
        };
        let one = book_with(1);
        let many = book_with(10_000);
        assert_eq!(many.pages, one.pages);
        let lines = many.lines();
        let line_of = |text: &str| {
            let line = braille(text);
            lines.iter().position(|l| l.trim_start_matches(B) == line)
        };
        let (ett, noter) = (line_of("Ett"), line_of("Noter"));
        assert!(ett.is_some() && noter.is_some(), "{lines:#?}");
        match after {
            // The notes after the text, on its page: [Ett, text], [Mer., notes].
            "Mer.\n" => {
                assert!(line_of("Mer.") < noter);
                assert_eq!(many.pages.len(), 2, "{:#?}", many.pages);
            }
            // The notes end their chapter: [Ett, text], [notes], [Två, Mer.].
            _ => {
                assert!(noter < line_of("Två"));
                assert_eq!(many.pages.len(), 3, "{:#?}", many.pages);
            }
        }
    }
}

#[test]
fn ten_thousand_print_page_changes_in_a_row_each_have_their_line() {
    let comments: String = (1..=10_000)
        .map(|n| format!("<!-- sida {n} -->\n"))
        .collect();
    let b = built(&format!("Text.\n\n{comments}\nMer.\n"), geometry(20, 10));
    let rules: Vec<String> = b
        .lines()
        .into_iter()
        .filter(|l| l.starts_with("⠒⠒⠒"))
        .collect();
    let expected: Vec<String> = (1..=10_000)
        .map(|n| {
            let line = format!("⠒⠒⠒{B}{}{B}", braille(&n.to_string()));
            let fill = 20 - line.chars().count();
            format!("{line}{}", "⠒".repeat(fill))
        })
        .collect();
    assert_eq!(rules.len(), expected.len());
    assert!(rules == expected, "{:?}", &rules[..3]);
    // Nine lines a page under the page number: the text, 10 000 rules, the text after.
    assert_eq!(b.pages.len(), 10_002usize.div_ceil(9));
}

// ---- point 12: contents lists and indexes ---------------------------------------------------

/// The number a line of braille digits ends with (after the number sign).
fn number_at_end(line: &str) -> Option<usize> {
    const DIGITS: [char; 10] = ['⠚', '⠁', '⠃', '⠉', '⠙', '⠑', '⠋', '⠛', '⠓', '⠊'];
    let word = line.rsplit(B).next()?.strip_prefix('⠼')?;
    word.chars()
        .map(|c| DIGITS.iter().position(|&d| d == c))
        .try_fold(0, |n, d| Some(n * 10 + d?))
}

#[test]
fn a_contents_list_of_2000_headings_gives_each_its_page() {
    let sections: String = (1..=2_000)
        .map(|k| format!("## Avsnitt {k}\n\nText om schack.\n\n"))
        .collect();
    let b = built(
        &format!("---\ntoc: true\n---\n\n# Boken\n\n{sections}"),
        Settings::default(),
    );
    // Where each heading stands: a line of its own at the margin, on a page whose first line
    // ends with its number.
    let mut stands = std::collections::HashMap::new();
    for page in &b.pages {
        let number = page.first().and_then(|l| number_at_end(l));
        for line in page.iter().skip(1) {
            stands.entry(line.clone()).or_insert(number);
        }
    }
    let mut checked = 0;
    for k in 1..=2_000 {
        let heading = braille(&format!("Avsnitt {k}"));
        // The entry: two cells in, its page number at the line's end.
        let entry = b
            .lines()
            .into_iter()
            .find(|l| l.starts_with(&format!("{B}{B}{heading}{B}")));
        let Some(entry) = entry else {
            panic!("no entry for {k}")
        };
        let on = stands.get(&heading).copied().flatten();
        assert!(on.is_some(), "{k}: the heading's page");
        assert_eq!(number_at_end(&entry), on, "{k}: {entry}");
        checked += 1;
    }
    assert_eq!(checked, 2_000);
}

/// Three letters from `n`: a name of its own for each of 17 576 players.
fn name(first: char, n: usize) -> String {
    let letter = |k: usize| char::from(b'a' + (k % 26) as u8);
    format!("{first}{}{}{}", letter(n / 676), letter(n / 26), letter(n))
}

#[test]
fn a_bulletins_index_of_600_players_names_the_pages_of_their_games() {
    let games = 300;
    let pgn: String = (0..games)
        .map(|i| {
            format!(
                "[Event \"E\"]\n[Round \"{}.{}\"]\n[White \"{}\"]\n[Black \"{}\"]\n\
                 [Result \"1-0\"]\n\n1. e4 e5 1-0\n\n",
                i / 10 + 1,
                i % 10 + 1,
                name('V', i),
                name('S', i)
            )
        })
        .collect();
    let dir = Sandbox::new();
    dir.write("sm.pgn", pgn);
    let ran = dir.run(&[
        "build",
        "sm.pgn",
        "--bulletin",
        "--format",
        "unicode",
        "--line-length",
        "40",
        "--page-length",
        "12",
        "-o",
        "-",
    ]);
    let built = pages(&ran.ok().text());
    let trimmed = |l: &String| l.trim_start_matches(B).to_string();
    let index = (built.pages.iter())
        .rposition(|p| p.iter().any(|l| trimmed(l) == braille("Spelarregister")))
        .expect("an index");
    let listed: std::collections::HashSet<String> =
        built.pages[index..].iter().flatten().map(trimmed).collect();
    // Where each game's heading stands (after the contents list): the page counted from 1.
    let mut stands = std::collections::HashMap::new();
    for (k, page) in built.pages.iter().enumerate() {
        for line in page {
            stands.insert(trimmed(line), k + 1);
        }
    }
    for i in 0..games {
        let (white, black) = (name('V', i), name('S', i));
        let heading = braille(&format!("Bord {}: {white} – {black}, 1-0", i % 10 + 1));
        let Some(page) = stands.get(&heading) else {
            panic!("no heading for game {i}")
        };
        for player in [&white, &black] {
            let line = braille(&format!("{player} {page}"));
            assert!(listed.contains(&line), "{player} on page {page}");
        }
    }
    assert!(listed.len() >= 2 * games);
}

#[test]
fn text_after_many_entities_is_placed_where_it_stands() {
    // Issue 32 (found by the helper): a character the source writes as an entity was looked
    // for to the end of the text at every run, 40 000 lines of `&quot;x` took 7.4 s.
    let dir = Sandbox::new();
    let md = format!("# Bok\n\n{}slut ☃\n", "&quot;x &amp; y\n".repeat(5_000));
    dir.write("b.md", md);
    let out = dir.run(&["build", "b.md", "-o", "b.brf"]);
    out.ok();
    assert!(
        out.stderr
            .starts_with("b.md:5003:6: warning: no braille rule for the character '☃' (U+2603)"),
        "{}",
        out.stderr
    );
}
