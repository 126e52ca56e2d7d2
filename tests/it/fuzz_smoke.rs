//! The fuzz targets' bodies in smoke mode: generated inputs, the same code the fuzzer runs
//! (`fuzz/bodies/`), so what the targets were written to catch is caught by `cargo test`.

#[path = "../../fuzz/bodies/structured.rs"]
mod structured;
#[path = "../../fuzz/bodies/tags.rs"]
mod tags;

/// A small deterministic generator (xorshift), so every run tries the same inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[(self.next() % from.len() as u64) as usize]
    }
}

/// Pieces of tag values that have broken programs: multi-byte characters at every position,
/// quotes and backslashes, PGN's unknowns, digits and dates, braille-less characters, blanks.
const PIECES: &[&str] = &[
    "1",
    "19",
    "2024",
    ".",
    "??",
    "?",
    "-",
    "é",
    "éé",
    "ö",
    "Å",
    "☃",
    "♔",
    "½",
    "\"",
    "\\",
    " ",
    "\t",
    "  ",
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    ";",
    "%",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "Kasparov",
    "Carlsen, Magnus",
    "ﬁ",
    "\u{301}",
    "\u{ad}",
    "\u{200b}",
    "\u{feff}",
    "8/8/8/8/8/8/8/K6k w",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "x",
    "\u{1F600}",
];

#[test]
fn tags_body_never_panics() {
    // Known findings first: the date that once panicked (issue 9).
    tags::run(b"\x00A\nB\n1\xc3\xa9\xc3\xa9");
    tags::run(b"\x01A\nB\n199\xc3\xa9\nCup\n1");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..400 {
        let mut data = vec![(rng.next() & 0xff) as u8];
        let values = 1 + rng.next() % 14;
        for v in 0..values {
            if v > 0 {
                data.push(b'\n');
            }
            for _ in 0..rng.next() % 5 {
                data.extend_from_slice(rng.pick(PIECES).as_bytes());
            }
        }
        tags::run(&data);
    }
}

#[test]
fn the_tags_body_builds_the_game_it_says() {
    let pgn = tags::game(&["Anna", "Bo", "1é"], true);
    assert!(
        pgn.starts_with("[White \"Anna\"]\n[Black \"Bo\"]\n[Date \"1é\"]\n"),
        "{pgn}"
    );
    assert!(pgn.ends_with("\n1. e4 {} e5 2. Nf3 *\n"), "{pgn}");
}

/// What the structured body found, as regression inputs through the same checks.
#[test]
fn structured_body_findings() {
    use schackpunkt::{InputKind, Settings};
    // A character without a braille rule in a title written with escapes was reported on
    // line 1 ("---"), past its end.
    let title = "---\ntitle: \"Så \\\"sa\\\" han ☃\"\n---\n\nText.\n";
    structured::check(&structured::written(
        "bok.md",
        InputKind::Markdown,
        title,
        Settings::default(),
    ));
    // In inline code over lines, on the code's first line, past its end.
    let code = "> Se `a\n> b ☃` nu\n";
    structured::check(&structured::written(
        "bok.md",
        InputKind::Markdown,
        code,
        Settings::default(),
    ));
    // In code after a tab Markdown took part of (in a quote, after a list marker), two
    // columns to the left.
    for tabs in ["> \t\t\t\t@a♜丠 `t⡅a`\n", "*\t\t\0     * **\n"] {
        structured::check(&structured::written(
            "bok.md",
            InputKind::Markdown,
            tabs,
            Settings::default(),
        ));
    }
    // A word cut after an indent of all but one cell: lines of 13 cells on a line of 12.
    let narrow = Settings {
        line_length: Some(12),
        page_length: Some(0),
        ..Settings::default()
    };
    for deep in [
        "> > > > > 8/8/8/8/8/8/8/K6k w[T½-½@ ** ** ** ** **\n",
        "> > > > > > > > _  \n *B}ÄNf3  * ** ** ** **\n",
    ] {
        structured::check(&structured::written(
            "bok.md",
            InputKind::Markdown,
            deep,
            narrow.clone(),
        ));
    }
    // Pages of one line with page numbers held two lines.
    let one_line_pages = Settings {
        page_length: Some(1),
        profile: Some("sv-a4".into()),
        ..Settings::default()
    };
    structured::check(&structured::written(
        "parti.pgn",
        InputKind::Pgn,
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n",
        one_line_pages,
    ));
}

/// A UTF-16 book whose last byte is odd is read as UTF-16 with U+FFFD for the odd byte, as a
/// PGN or FEN file is. (It ended in an I/O error, "stream did not contain valid UTF-8": the
/// decoder, encoding_rs_io, writes a cut U+FFFD when `read_to_string` hands it a buffer of two
/// bytes; the source stage's text check now reads it with a buffer of its own.)
#[test]
fn structured_body_finding_utf16_book_of_odd_length() {
    use schackpunkt::{InputKind, Settings};
    let bytes = b"\xff\xfeaaaaa";
    structured::check(&structured::bytes(
        "bok.md",
        InputKind::Markdown,
        bytes,
        Settings::default(),
    ));
}

/// Cases of the structured body: games, books and FEN lists with options, each through every
/// output format. `FUZZ_SMOKE_CASES` and `FUZZ_SMOKE_SEED` run more, or others, by hand.
const STRUCTURED_CASES: usize = 3000;

#[test]
fn structured_body_keeps_its_invariants() {
    let var = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    let mut rng = Rng(var("FUZZ_SMOKE_SEED").unwrap_or(0x2545_f491_4f6c_dd1d));
    let cases = var("FUZZ_SMOKE_CASES").map_or(STRUCTURED_CASES, |n| n as usize);
    for _ in 0..cases {
        // Lengths up to a few kilobytes: enough bytes for several games with variations.
        let len = match rng.next() % 4 {
            0 => rng.next() % 64,
            1 | 2 => rng.next() % 1024,
            _ => rng.next() % 4096,
        };
        let data: Vec<u8> = (0..len).map(|_| (rng.next() >> 24) as u8).collect();
        structured::run(&data);
    }
}
