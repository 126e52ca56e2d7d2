//! Layout invariants of paginated books (issue 4), on the sample book and on generated books:
//! no line longer than the line length, no page longer than the page length, the page number
//! right on every page, no word split, no diagram split, headings never last on a page, and the
//! same words in the same order with and without pages.

use schackpunkt::{DiagramForm, Notation, Settings};

use crate::support::{book, braille, fens, number_line, repo_file, words};

/// Where the page number stands, as in the profiles.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Numbers {
    Top,
    Bottom,
}

/// One geometry to check a book at.
struct Case {
    profile: &'static str,
    width: usize,
    length: usize,
    numbers: Numbers,
}

const CASES: &[Case] = &[
    Case {
        profile: "sv-a4",
        width: 28,
        length: 29,
        numbers: Numbers::Top,
    },
    Case {
        profile: "sv-a4",
        width: 32,
        length: 16,
        numbers: Numbers::Top,
    },
    Case {
        profile: "us-brf",
        width: 40,
        length: 25,
        numbers: Numbers::Bottom,
    },
    Case {
        profile: "us-brf",
        width: 30,
        length: 16,
        numbers: Numbers::Bottom,
    },
];

/// The text lines of a page: the page number line taken off.
fn text_lines(page: &[String], numbers: Numbers) -> &[String] {
    match numbers {
        Numbers::Top => page.get(1..).unwrap_or(&[]),
        Numbers::Bottom => page.get(..page.len().saturating_sub(1)).unwrap_or(&[]),
    }
}

/// Checks every invariant of one book at one geometry; `diagrams` are the book's FENs with
/// their block words, `headings` the text of its headings.
fn check(md: &str, case: &Case, diagrams: &[(&str, DiagramForm)], headings: &[String]) {
    let settings = Settings {
        profile: Some(case.profile.into()),
        line_length: Some(case.width),
        page_length: Some(case.length),
        ..Settings::default()
    };
    let built = match book(md, settings) {
        Ok(b) => b,
        Err(e) => panic!("{}: {e}", case.profile),
    };
    assert!(built.ended, "the last page ends with a page end");
    let pages = &built.pages;
    assert!(!pages.is_empty());
    for (i, page) in pages.iter().enumerate() {
        let n = i + 1;
        assert!(
            page.len() <= case.length,
            "page {n} has {} lines",
            page.len()
        );
        for line in page {
            assert!(
                line.chars().count() <= case.width,
                "page {n}: line too long: {line}"
            );
            assert!(!line.ends_with('⠀'), "page {n}: trailing blank");
        }
        let number = number_line(n, case.width);
        match case.numbers {
            Numbers::Top => assert_eq!(page[0], number, "page {n}: number in the top line"),
            Numbers::Bottom => {
                assert_eq!(page.len(), case.length, "page {n}: full page");
                assert_eq!(
                    page[case.length - 1],
                    number,
                    "page {n}: number in the last line"
                );
            }
        }
        // The number is alone on its line; no text line looks like one.
        let text = text_lines(page, case.numbers);
        assert!(text.iter().all(|l| *l != number));
        // A heading never ends a page.
        if let Some(last) = text.iter().rev().find(|l| !l.is_empty()) {
            assert!(
                !headings.iter().any(|h| h == last),
                "{}: page {n} ends with heading {last}\n{md}\n{page:?}\n{:?}",
                case.profile,
                pages.get(n)
            );
        }
    }
    // No word is split: the words of the paginated book are those of the same book on one
    // endless line-length page (where nothing can be cut).
    let paginated: Vec<String> = words(
        pages
            .iter()
            .flat_map(|p| text_lines(p, case.numbers).iter()),
    );
    let flat = Settings {
        profile: Some(case.profile.into()),
        line_length: Some(1000),
        page_length: Some(0),
        ..Settings::default()
    };
    let endless = book(md, flat).map(|b| b.lines()).unwrap_or_default();
    same_words(&paginated, &words(endless.iter()), case.profile);
    // The same at this line length without pages.
    let unpaged = Settings {
        page_length: Some(0),
        ..flat_at(case)
    };
    let unpaged = book(md, unpaged).map(|b| b.lines()).unwrap_or_default();
    same_words(&paginated, &words(unpaged.iter()), case.profile);
    // No diagram is split: each diagram's lines stand together on one page.
    for (fen, form) in diagrams {
        let lines = diagram_lines(fen, *form, case.width);
        let found = pages
            .iter()
            .any(|p| p.windows(lines.len()).any(|w| w == lines.as_slice()));
        assert!(
            found,
            "{}: diagram {fen} not whole on one page: {lines:?}\n{pages:?}",
            case.profile
        );
    }
}

/// Asserts two word sequences are equal, showing the first difference.
fn same_words(a: &[String], b: &[String], what: &str) {
    if let Some(i) = (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i)) {
        panic!(
            "{what}: word {i} differs: {:?} / {:?}",
            a.get(i..i + 3),
            b.get(i..i + 3)
        );
    }
}

fn flat_at(case: &Case) -> Settings {
    Settings {
        profile: Some(case.profile.into()),
        line_length: Some(case.width),
        ..Settings::default()
    }
}

/// The lines of a diagram as the layout writes them: the position alone, transcribed as a
/// `.fen` input in that form, in ordinary notation, at that line length, without pages.
fn diagram_lines(fen: &str, form: DiagramForm, width: usize) -> Vec<String> {
    let settings = Settings {
        diagram: Some(form),
        notation: Some(Notation::Ordinary),
        line_length: Some(width),
        page_length: Some(0),
        ..Settings::default()
    };
    match fens(&format!("{fen}\n"), settings) {
        Ok(b) if !b.lines().is_empty() => b.lines(),
        Ok(_) => vec!["no diagram".into()],
        Err(e) => vec![format!("bad fen: {e}")],
    }
}

fn sample() -> String {
    std::fs::read_to_string(repo_file("samples/damoffret.md")).unwrap_or_default()
}

const SAMPLE_DIAGRAMS: &[(&str, DiagramForm)] = &[
    (
        "rnb1kb1r/pp3ppp/2p5/4q3/4n3/3Q4/PPPB1PPP/2KR1BNR w kq - 0 9",
        DiagramForm::Pieces,
    ),
    (
        "rnbB1b1r/ppk2ppp/2p5/4q3/4n3/8/PPP2PPP/2KR1BNR b - - 3 11",
        DiagramForm::Board,
    ),
];

#[test]
fn sample_book_keeps_every_invariant() {
    let md = sample();
    assert!(md.contains("```pgn"), "the sample book is there");
    let headings: Vec<String> = ["Partiet", "Slutställningen", "Vad vi lär oss"]
        .iter()
        .map(|h| braille(h))
        .collect();
    for case in CASES {
        // The board needs 25 cells; narrower cases draw a piece list instead.
        let diagrams: Vec<(&str, DiagramForm)> = SAMPLE_DIAGRAMS
            .iter()
            .filter(|(_, f)| *f != DiagramForm::Board || case.width >= 25)
            .copied()
            .collect();
        check(&md, case, &diagrams, &headings);
    }
}

/// A small deterministic random source (no dependency needed).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

const WORDS: &[&str] = &[
    "schack",
    "kungen",
    "damen",
    "tornet",
    "löparen",
    "springaren",
    "bonden",
    "öppningen",
    "mittspelet",
    "slutspelet",
    "kombinationen",
    "Sf3",
    "e4",
    "0-0",
    "19...h5",
    "20.Sh2",
    "ställningsbedömningen",
    "är",
    "och",
    "på",
    "med",
    "*viktigt*",
    "**avgörande**",
    "Réti",
    "Åke",
    "1910",
    "½-½",
    "vit",
    "svart",
    "(se",
    "nedan)",
];

const FENS: &[&str] = &[
    "8/8/8/8/8/8/8/K6k w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
];

const GAMES: &[&str] = &[
    "[White \"Anderssen\"]\n[Black \"Kieseritzky\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 1-0\n",
    "1. d4 d5 2. c4 e6 3. Nc3 Nf6 {Damgambit.} 4. Bg5 Be7 (4... Nbd7 5. e3) 5. e3 O-O *\n",
];

/// A generated book: headings of two levels, paragraphs, lists, diagrams, games, page breaks.
fn generated(seed: u64) -> (String, Vec<(&'static str, DiagramForm)>, Vec<String>) {
    let mut r = Lcg(seed);
    let mut md = String::from("---\ntitle: Genererad bok\nauthor: Test\n---\n");
    let mut diagrams = Vec::new();
    let mut headings = Vec::new();
    for section in 0..(6 + r.next(6)) {
        let level = if section % 3 == 0 { "#" } else { "##" };
        let heading = format!("Avsnitt {section} {}", WORDS[r.next(11)]);
        headings.push(braille(&heading));
        md.push_str(&format!("{level} {heading}\n\n"));
        for _ in 0..(1 + r.next(4)) {
            match r.next(10) {
                0 => {
                    let fen = FENS[r.next(FENS.len())];
                    let form =
                        [DiagramForm::Pieces, DiagramForm::Rows, DiagramForm::Board][r.next(3)];
                    let word = match form {
                        DiagramForm::Pieces => "pieces",
                        DiagramForm::Rows => "rows",
                        DiagramForm::Board => "board",
                    };
                    md.push_str(&format!("```fen {word}\n{fen}\n```\n\n"));
                    diagrams.push((fen, form));
                }
                1 => md.push_str(&format!("```pgn\n{}```\n\n", GAMES[r.next(GAMES.len())])),
                2 => {
                    for i in 0..(1 + r.next(4)) {
                        md.push_str(&format!("- punkt {i} {}\n", WORDS[r.next(WORDS.len())]));
                    }
                    md.push('\n');
                }
                3 if r.next(4) == 0 => md.push_str("<!-- pagebreak -->\n\n"),
                _ => {
                    for _ in 0..(3 + r.next(60)) {
                        md.push_str(WORDS[r.next(WORDS.len())]);
                        md.push(' ');
                    }
                    md.push_str("slut.\n\n");
                }
            }
        }
    }
    (md, diagrams, headings)
}

#[test]
fn generated_books_keep_every_invariant() {
    for seed in 1..=12u64 {
        let (md, diagrams, headings) = generated(seed);
        for case in CASES {
            let diagrams: Vec<(&str, DiagramForm)> = diagrams
                .iter()
                .filter(|(_, f)| *f != DiagramForm::Board || case.width >= 25)
                .copied()
                .collect();
            check(&md, case, &diagrams, &headings);
        }
    }
}

#[test]
fn only_a_word_longer_than_a_line_is_cut_after_a_slash_or_period_and_nothing_is_added() {
    let url = "https://example.org/schack/partier/1910/reti-tartakower.pgn";
    let md = format!("Se <{url}> och kort.\n");
    let settings = Settings {
        line_length: Some(20),
        page_length: Some(0),
        ..Settings::default()
    };
    let lines = book(&md, settings).map(|b| b.lines()).unwrap_or_default();
    assert!(lines.len() > 2, "{lines:?}");
    assert!(lines.iter().all(|l| l.chars().count() <= 20));
    // The address comes back whole from its pieces: no hyphen or anything else added.
    let pieces: Vec<&str> = lines[1..]
        .iter()
        .map(|l| l.split('⠀').next().unwrap_or(""))
        .collect();
    let whole = braille(url);
    let mut joined = String::new();
    for (k, piece) in pieces.iter().enumerate() {
        joined.push_str(piece);
        if joined == whole {
            // Every piece but the last ends after `/`, `.` or `-`.
            for p in &pieces[..k] {
                assert!(p.ends_with(['⠌', '⠄', '⠤']), "{p} in {lines:?}");
            }
            return;
        }
    }
    panic!("the address does not come back whole: {lines:?}");
}

#[test]
fn a_long_word_is_cut_at_its_soft_hyphens_which_are_never_written() {
    let word = "schack\u{ad}olympiad\u{ad}kommitté\u{ad}ledamöterna";
    let settings = Settings {
        line_length: Some(20),
        page_length: Some(0),
        ..Settings::default()
    };
    let lines = book(&format!("{word}\n"), settings)
        .map(|b| b.lines())
        .unwrap_or_default();
    assert_eq!(
        lines,
        vec![
            format!("⠀⠀{}", braille("schackolympiad")),
            braille("kommittéledamöterna"),
        ]
    );
}
