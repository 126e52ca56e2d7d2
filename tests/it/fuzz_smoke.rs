//! The fuzz targets' bodies in smoke mode: a few hundred generated inputs each, the same code
//! the fuzzer runs (`fuzz/bodies/`), so a panic on a tag value is caught by `cargo test`.

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
