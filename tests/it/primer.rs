//! A primer as a transcriber receives one (issue 31, points 6 to 12): chapters of prose with
//! piece letters and evaluation signs, a table, lists and paragraphs that introduce diagrams
//! and games, castling and labels in running text, a contents list longer than a volume. Each
//! point is checked on the pages, at several line and page lengths.

use schackpunkt::text_to_unicode as braille;

use crate::support::{Sandbox, pages};

/// The primer: `chapters` chapters of the same shape.
pub(crate) fn primer(chapters: usize) -> String {
    let mut md = String::from("---\ntitle: Schack för nybörjare\nauthor: Eva Ek\n---\n\n");
    for c in 1..=chapters {
        md.push_str(&format!("# Kapitel {c}: Pjäserna och dragen\n\n"));
        md.push_str(
            "Pjäserna betecknas med bokstäverna K, D, T, L och S; bonden har ingen bokstav. \
             Efter 9...0-0 10.Lc4 står vit bra, och i slutet är ställningen +– eller –+ \
             beroende på vem som vinner. Välj mellan 1) Sf3 och 2) e4 i öppningen, eller \
             mellan a) Lc4 och b) Lb5 senare.\n\n",
        );
        md.push_str(
            "| Spelare | Poäng | Procent | Kommentar |\n|---|---|---|---|\n\
             | Annika Anderssons | 5,5 | 44,6 % | |\n| Bo | 3 | 12 % | bra |\n\n",
        );
        md.push_str("- Ställningen efter öppningen:\n\n  ```fen\n  rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n  ```\n\n");
        md.push_str(&format!(
            "Här är ett kort parti som visar idén i kapitel {c} och hur pjäserna samarbetar \
             när kungen har rockerat och tornen har kommit ut på de öppna linjerna:\n\n\
             ```pgn\n[White \"Anna\"]\n[Black \"Bo\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 \
             4. O-O Nf6 5. d3 O-O *\n```\n\n"
        ));
        md.push_str("## Övningar\n\nStällningen att lösa:\n\n```fen\n6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\n```\n\n");
    }
    md
}

/// The book in `sandbox` as Unicode braille at this line and page length.
fn unicode(sandbox: &Sandbox, width: usize, length: usize) -> String {
    let ran = sandbox.run(&[
        "build",
        "bok.md",
        "-o",
        "-",
        "--format",
        "unicode",
        "--line-length",
        &width.to_string(),
        "--page-length",
        &length.to_string(),
    ]);
    ran.ok().text()
}

/// The lines of a page that hold text (not the page number's line, not blank lines).
fn text_lines(page: &[String]) -> Vec<&String> {
    page.iter()
        .skip(1)
        .filter(|l| l.chars().any(|c| c != '⠀'))
        .collect()
}

#[test]
fn a_primer_reads_right_on_every_page() {
    let sandbox = Sandbox::new();
    sandbox.write("bok.md", primer(3));
    let colon = '⠒';
    // (Pages long enough for an introduction and its diagram together: on shorter ones the two
    // part, as a heading and a block too long to share a page do.)
    for (width, length) in [(28, 29), (24, 16), (20, 18), (32, 20)] {
        let text = unicode(&sandbox, width, length);
        let form = format!("{width}×{length}");
        let all: Vec<&str> = text.lines().collect();
        let joined = all.join("\n");
        // 6: a single capital letter takes its own capital sign; no capital passage.
        assert!(joined.contains("⠠⠅⠂"), "{form}");
        assert!(!joined.contains("⠠⠠⠠"), "{form}: a capital passage");
        // 7: every dash of an evaluation sign is its one dash.
        assert!(!joined.contains("⠲⠤⠤") && !joined.contains("⠤⠤⠲"), "{form}");
        // 8: an empty cell is no chess sign; a number keeps its percent sign.
        assert!(joined.contains(&braille("(tom)")), "{form}");
        let percent = braille("%");
        for (k, l) in all.iter().enumerate() {
            let next = all.get(k + 1).map_or("", |n| n.trim_start_matches('⠀'));
            assert!(
                !(next.starts_with(&percent) && l.ends_with(|c: char| "⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚".contains(c))),
                "{form}: a number and its percent sign apart at line {k}"
            );
        }
        // 10: castling never goes to the next line with a move number where it would fit.
        let castling = "⠼⠊⠄⠄⠄⠼⠚⠤⠼⠚";
        for (k, l) in all.iter().enumerate() {
            if let Some(n) = all.get(k + 1)
                && n.trim_start_matches('⠀').starts_with(castling)
            {
                let room = l.trim_end_matches('⠀').chars().count() + 1 + castling.chars().count();
                assert!(room > width, "{form}: castling moved on at line {k}");
            }
        }
        // 16: a label never ends a line apart from what it labels.
        for label in ["1)", "2)", "a)", "b)"] {
            let cells = braille(label);
            assert!(
                !all.iter()
                    .any(|l| l.trim_end_matches('⠀').ends_with(&format!("⠀{cells}"))),
                "{form}: {label} ends a line"
            );
        }
        // 9: a paragraph or list item that ends with a colon never ends a page.
        for (n, page) in pages(&text).pages.iter().enumerate() {
            if let Some(last) = text_lines(page).last() {
                assert!(
                    !last.trim_end_matches('⠀').ends_with(colon),
                    "{form}: page {} ends with what introduces the next",
                    n + 1
                );
            }
        }
    }
}

/// 11: a contents list that goes on in the next volume has a heading there saying so.
#[test]
fn a_contents_list_that_goes_on_in_the_next_volume_says_so() {
    let sandbox = Sandbox::new();
    let mut md = String::from("---\ntitle: Innehållsboken\n---\n\n");
    for c in 1..=150 {
        md.push_str(&format!(
            "# Kapitel {c} om schackets grunder\n\n## Avsnitt {c}.1\n\nText.\n\n"
        ));
    }
    sandbox.write("bok.md", md);
    sandbox
        .run(&[
            "build",
            "bok.md",
            "--toc",
            "--volume-sheets",
            "10",
            "--format",
            "unicode",
            "-o",
            "bok.txt",
            "-q",
        ])
        .ok();
    let volume =
        |k: usize| String::from_utf8(sandbox.read(&format!("bok-{k}.txt"))).expect("UTF-8");
    let continued = braille("Innehåll, forts.");
    assert!(!volume(1).contains(&continued));
    let second = pages(&volume(2)).pages;
    // Its title page, then the list goes on under its heading.
    let first_text = second
        .iter()
        .skip(1)
        .find_map(|p| text_lines(p).first().copied());
    assert_eq!(first_text, Some(&continued), "{second:?}");
    // The volume where the list has ended has no such heading.
    let last = (2..=20)
        .take_while(|k| sandbox.path().join(format!("bok-{k}.txt")).exists())
        .last()
        .unwrap_or(2);
    assert!(!volume(last).contains(&continued));
}

/// 9: on small pages, the blank line between a heading and its diagram gives way before the
/// two part: the heading is never the last line of a page when the two fit one page without
/// it.
#[test]
fn on_small_pages_a_heading_keeps_its_diagram_without_the_blank_line() {
    let sandbox = Sandbox::new();
    let words = "Text med många ord som fyller raderna. ".repeat(6);
    sandbox.write(
        "bok.md",
        format!(
            "---\ntitle: T\n---\n\n# Kapitel\n\n{words}\n\n## Studie\n\n```fen\n\
             r3k2r/ppp2ppp/2n5/8/8/2N5/PPP2PPP/R3K2R w KQkq - 0 1\n```\n\nEfter.\n"
        ),
    );
    let heading = braille("Studie");
    // (The diagram takes 6 lines: from 8 lines a page, with the page number's, the two fit
    // one page; at 7 they cannot, and part.)
    for length in 8..=12 {
        let text = unicode(&sandbox, 28, length);
        for (n, page) in pages(&text).pages.iter().enumerate() {
            assert!(
                text_lines(page).last().map(|l| l.trim_end_matches('⠀')) != Some(heading.as_str()),
                "page length {length}: page {} ends with the heading",
                n + 1
            );
        }
    }
}
