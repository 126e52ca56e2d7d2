//! Hostile inputs (issue 10): YAML bombs and deep nesting in front matter, 50 MB lines,
//! nesting 100 000 deep, huge numbers, undecodable text, devices and directories as input, a
//! file truncated while it is read, CR-only line ends. Each gets a located error or a correct
//! result, within a bound on memory (a [`Bound`], checked with `prlimit --as`, see
//! docs/decisions.md "Hostile inputs: bounds") and the catalogue's hang guard.
//!
//! Cases run through the catalogue's runner (`bad_inputs::check_case`): nothing written on
//! failure, `check` like `build`. NUL bytes, endless devices and CR-only books have tests of
//! their own.

use std::time::Duration;

use crate::bad_inputs::{Bound, Case, HANG, Src, case, check_all};
use crate::support::Sandbox;

/// Billion laughs: nine levels of nine aliases, 9⁹ nodes if expanded.
fn alias_bomb() -> Vec<u8> {
    let mut yaml = String::from("a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for (name, before) in "bcdefghi".chars().zip("abcdefgh".chars()) {
        let refs = vec![format!("*{before}"); 9].join(", ");
        yaml.push_str(&format!("{name}: &{name} [{refs}]\n"));
    }
    format!("---\n{yaml}title: Bok\n---\n# Bok\n").into_bytes()
}

/// Block sequences 10 000 deep (`- - - … 1`), the nesting saphyr's loader recursed into.
fn deep_yaml_sequences() -> Vec<u8> {
    format!("---\n{}1\n---\n# Bok\n", "- ".repeat(10_000)).into_bytes()
}

/// Block mappings 100 deep, by indentation (10 000 deep would be 100 MB: the indents grow).
fn deep_yaml_mappings() -> Vec<u8> {
    let keys: String = (0..100)
        .map(|i| format!("{}k{i}:\n", "  ".repeat(i)))
        .collect();
    format!("---\n{keys}---\n# Bok\n").into_bytes()
}

fn deep_yaml_flow() -> Vec<u8> {
    format!(
        "---\ntitle: {}{}\n---\n# Bok\n",
        "[".repeat(10_000),
        "]".repeat(10_000)
    )
    .into_bytes()
}

const FIFTY_MB: usize = 50_000_000;

/// A 50 MB line: two moves 50 MB of blanks apart, and an illegal move at its end.
fn long_line_pgn() -> Vec<u8> {
    format!("1. e4{}e5 2. Ke3 *\n", " ".repeat(FIFTY_MB)).into_bytes()
}

fn long_line_fen() -> Vec<u8> {
    format!("4k3/8/8/8/8/8/8/4K3{}x\n", " ".repeat(FIFTY_MB)).into_bytes()
}

fn long_line_md() -> Vec<u8> {
    format!("# Bok\n\nett{}två\n", " ".repeat(FIFTY_MB)).into_bytes()
}

/// 50 MB of games: 2 000 games, each followed by 25 000 blanks on 25 lines.
fn many_games() -> Vec<u8> {
    let game = "[White \"Anna\"]\n[Black \"Bo\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n";
    let blanks = format!("{}\n", " ".repeat(999)).repeat(25);
    format!("{game}{blanks}").repeat(2_000).into_bytes()
}

fn variations(depth: usize) -> String {
    format!(
        "1. e4 {}{} e5 *\n",
        "(1. d4 ".repeat(depth),
        ")".repeat(depth)
    )
}

fn variations_100_000() -> Vec<u8> {
    variations(100_000).into_bytes()
}

fn variations_in_a_book() -> Vec<u8> {
    format!("# Bok\n\n```pgn\n{}```\n", variations(10_000)).into_bytes()
}

/// Text in UTF-16LE with a byte-order mark; `\u{fffd}` in `text` stands for a lone surrogate.
fn utf16_with_lone_surrogate(text: &str) -> Vec<u8> {
    let mut v = vec![0xff, 0xfe];
    for c in text.chars() {
        let units: Vec<u16> = match c {
            '\u{fffd}' => vec![0xd800],
            c => c.encode_utf16(&mut [0; 2]).to_vec(),
        };
        for u in units {
            v.extend_from_slice(&u.to_le_bytes());
        }
    }
    v
}

fn surrogate_in_comment() -> Vec<u8> {
    utf16_with_lone_surrogate("1. e4 {Bra\u{fffd} drag} e5 *\n")
}

fn surrogate_in_move() -> Vec<u8> {
    utf16_with_lone_surrogate("1. e4 e5 2. N\u{fffd}f3 *\n")
}

fn surrogate_in_book() -> Vec<u8> {
    utf16_with_lone_surrogate("# Bok\n\nText \u{fffd} mer\n")
}

/// 100 000 characters with no braille rule on one line (each was a warning drawing the line:
/// hours for a 1 MB line, minutes for this one).
fn unknown_characters_md() -> Vec<u8> {
    format!("# Bok\n\nx {}\n", "☃".repeat(100_000)).into_bytes()
}

fn unknown_characters_pgn() -> Vec<u8> {
    format!("1. e4 {{x {}}} e5 *\n", "☃".repeat(100_000)).into_bytes()
}

/// 20 000 NAGs without a sign on one line of a book's game.
fn nag_flood() -> Vec<u8> {
    format!(
        "# Bok\n\n```pgn\n1. e4 {}e5 *\n```\n",
        "$255 ".repeat(20_000)
    )
    .into_bytes()
}

/// The braille of `1. e4 e5 2. Nf3` (Unicode).
const OPENING: &str = "⠼⠁⠄⠀⠑⠼⠙⠀⠑⠼⠑⠀⠼⠃⠄⠀⠠⠎⠋⠼⠉";

fn hostile() -> Vec<Case> {
    use Src::*;
    const UNICODE: &[&str] = &["--format", "unicode"];
    vec![
        // YAML in the front matter: an alias bomb, nesting 10 000 deep (block and flow).
        Case {
            memory: Bound::Fixed(64),
            ..case(
                "alias-bomb.md",
                Made(alias_bomb),
                1,
                "alias-bomb.md:7:8",
                "possible billion-laughs attack",
            )
        },
        Case {
            memory: Bound::Fixed(64),
            ..case(
                "deep-yaml-sequences.md",
                Made(deep_yaml_sequences),
                1,
                "deep-yaml-sequences.md:2:129",
                "front matter: nested more than 64 levels deep",
            )
        },
        Case {
            memory: Bound::Fixed(64),
            ..case(
                "deep-yaml-mappings.md",
                Made(deep_yaml_mappings),
                1,
                "deep-yaml-mappings.md:66:129",
                "front matter: nested more than 64 levels deep",
            )
        },
        Case {
            memory: Bound::Fixed(64),
            ..case(
                "deep-yaml-flow.md",
                Made(deep_yaml_flow),
                1,
                "deep-yaml-flow.md:2:263",
                "front matter: recursion limit exceeded",
            )
        },
        // Variations 100 000 deep in a file, 10 000 deep in a book. (The bound is address
        // space: each of three threads, main, reader and signals, may reserve a malloc arena of
        // 64 MB; resident memory is about 60 MB in a debug build.)
        Case {
            args: UNICODE,
            output: Some("⠦⠼⠁⠄⠀⠙⠼⠙⠀⠷⠼⠁⠄⠀⠙⠼⠙"),
            memory: Bound::Fixed(224),
            ..case("variations-100000.pgn", Made(variations_100_000), 0, "", "")
        },
        Case {
            args: UNICODE,
            output: Some("⠦⠼⠁⠄⠀⠙⠼⠙⠀⠷⠼⠁⠄⠀⠙⠼⠙"),
            memory: Bound::Fixed(64),
            ..case("variations-10000.md", Made(variations_in_a_book), 0, "", "")
        },
        // Numbers too large for any counter.
        case(
            "huge-move-number.pgn",
            Text("99999999999999999999. e4 e5 *\n"),
            1,
            "huge-move-number.pgn:1:1",
            "move number '99999999999999999999.' is too large",
        ),
        case(
            "huge-nag.pgn",
            Text("1. e4 $99999999999 e5 *\n"),
            1,
            "huge-nag.pgn:1:7",
            "cannot read '$99999999999' as an annotation",
        ),
        case(
            "huge-fen-tag.pgn",
            Text("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999999999999\"]\n\n1. Kd1 *\n"),
            1,
            "huge-fen-tag.pgn:1:35",
            "fullmove number: 99999999999999999999 is too large",
        ),
        case(
            "huge-fullmove.fen",
            Text("4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999999999999\n"),
            1,
            "huge-fullmove.fen:1:29",
            "fullmove number: 99999999999999999999 is too large",
        ),
        case(
            "past-the-last-move.pgn",
            Text("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 4294967295\"]\n\n1. Kd1 Kd8 2. Ke1 *\n"),
            1,
            "past-the-last-move.pgn:3:15",
            "its number would be more than 4294967295",
        ),
        // Every NAG of a move is written: ! ? !! ?? !? ?! after it, ⩲ after a blank.
        Case {
            args: UNICODE,
            // One move assessment a move: the others would run together into another sign.
            output: Some("⠑⠼⠙⠖⠀⠲⠌⠶⠀⠑⠼⠑"),
            ..case(
                "many-nags.pgn",
                Text("1. e4 $1 $2 $3 $4 $5 $6 $14 e5 *\n"),
                0,
                "many-nags.pgn:1:10",
                "the annotation $2 follows $1 on the same move",
            )
        },
        // Lone surrogates in UTF-16 become U+FFFD: a warning (or error) at its place.
        Case {
            args: UNICODE,
            output: Some("⠠⠃⠗⠁⠘⠘⠀⠙⠗⠁⠛"),
            ..case(
                "surrogate-comment.pgn",
                Made(surrogate_in_comment),
                0,
                "surrogate-comment.pgn:1:11: warning:",
                "no braille rule for the character '\u{fffd}' (U+FFFD)",
            )
        },
        case(
            "surrogate-move.pgn",
            Made(surrogate_in_move),
            1,
            "surrogate-move.pgn:1:13",
            "cannot read 'N\u{fffd}f3' as a move",
        ),
        Case {
            args: UNICODE,
            output: Some("⠠⠞⠑⠭⠞⠀⠘⠘⠀⠍⠑⠗"),
            ..case(
                "surrogate.md",
                Made(surrogate_in_book),
                0,
                "surrogate.md:3:6: warning:",
                "such as a lone surrogate in UTF-16",
            )
        },
        // A line of 100 000 unknown characters: twenty warnings, then their count.
        case(
            "unknown-characters.md",
            Made(unknown_characters_md),
            0,
            "unknown-characters.md:3:23: warning: 99980 more characters",
            "with no braille rule here, from this one on, are not reported one by one",
        ),
        case(
            "unknown-characters.pgn",
            Made(unknown_characters_pgn),
            0,
            "unknown-characters.pgn:1:30: warning: game 1: 99980 more characters",
            "with no braille rule here, from this one on, are not reported one by one",
        ),
        case(
            "nag-flood.md",
            Made(nag_flood),
            0,
            "nag-flood.md:4:107: warning: game 1: 19980 more annotations left out",
            "from this one on, are not reported one by one",
        ),
        // Bytes that are not UTF-8 in a book: read as Windows-1252, with a warning.
        Case {
            args: UNICODE,
            output: Some("⠠⠡⠅⠑⠀⠇⠜⠎⠑⠗"),
            ..case(
                "not-utf8.md",
                Bytes(b"# Bok\n\n\xc5ke l\xe4ser\n"),
                0,
                "not-utf8.md:3:1: warning:",
                "not UTF-8 from here on",
            )
        },
        // A directory as input is a book folder: one with no chapters is an error naming it.
        case("dir.pgn", Dir, 3, "dir.pgn: error:", "read as a book"),
        case("dir.md", Dir, 3, "dir.md: error:", "read as a book"),
        case("dir.fen", Dir, 3, "dir.fen: error:", "read as a book"),
    ]
}

/// Inputs of 50 MB, each run once (`build`): a test of their own, to run beside the others.
fn fifty_mb() -> Vec<Case> {
    use Src::*;
    const UNICODE: &[&str] = &["--format", "unicode"];
    vec![
        // 50 MB lines: read whole, the place counted to their end.
        Case {
            memory: Bound::Times(6),
            ..case(
                "long-line.pgn",
                Made(long_line_pgn),
                1,
                "long-line.pgn:1:50000012",
                "illegal move 'Ke3'",
            )
        },
        Case {
            memory: Bound::Times(6),
            ..case(
                "long-line.fen",
                Made(long_line_fen),
                1,
                "long-line.fen:1:50000020",
                "side to move: 'x'",
            )
        },
        Case {
            args: UNICODE,
            output: Some("⠑⠞⠞⠀⠞⠧⠡"),
            memory: Bound::Times(8),
            ..case("long-line.md", Made(long_line_md), 0, "", "")
        },
        // A stream does not grow with its file: 50 MB of games in a fixed bound.
        Case {
            args: UNICODE,
            output: Some("⠼⠉⠄⠀⠠⠇⠃⠼⠑⠀⠁⠼⠋"),
            memory: Bound::Fixed(64),
            ..case("many-games.pgn", Made(many_games), 0, "", "")
        },
    ]
}

#[test]
fn hostile_inputs() {
    check_all(&hostile());
}

/// The 50 MB cases whose file names are among `files`.
fn fifty_mb_cases(files: &[&str]) -> Vec<Case> {
    let cases: Vec<Case> = fifty_mb()
        .into_iter()
        .filter(|c| files.contains(&c.file))
        .collect();
    assert_eq!(cases.len(), files.len());
    cases
}

#[test]
fn fifty_mb_lines_of_pgn_and_fen() {
    check_all(&fifty_mb_cases(&["long-line.pgn", "long-line.fen"]));
}

#[test]
fn fifty_mb_line_of_a_book_and_fifty_mb_of_games() {
    check_all(&fifty_mb_cases(&["long-line.md", "many-games.pgn"]));
}

/// A file that ends lines with CR alone is read as if they were LF: the same braille.
#[test]
fn cr_only_line_ends_read_like_lf() {
    let pgn = "[White \"Anna\"]\n[Black \"Bo\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 {Bra\ndrag} \
               Nc6\n3. Bb5 a6 1-0\n\n[White \"C\"]\n[Black \"D\"]\n\n1. d4 d5 *\n";
    let fen = "# ställningar\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n\n8/8/8/8/8/8/8/K6k b\n";
    same_braille_with_cr("parti.pgn", pgn, "⠠⠁⠝⠝⠁⠀⠤⠤⠀⠠⠃⠕");
    same_braille_with_cr("parti.pgn", pgn, "⠠⠉⠀⠤⠤⠀⠠⠙");
    same_braille_with_cr("diagram.fen", fen, "⠠⠅⠁⠼⠁⠄");
    // An error in a CR-only file names the line an editor shows.
    let dir = Sandbox::new();
    dir.write("fel.pgn", "1. e4 e5\r2. Ke3 *\r");
    let out = dir.run(&["check", "fel.pgn"]);
    assert_eq!(out.code, Some(1));
    assert!(
        out.stderr
            .starts_with("fel.pgn:2:4: error: illegal move 'Ke3'"),
        "{}",
        out.stderr
    );
}

/// Builds `text` with LF line ends and with CR alone; the two outputs are the same and hold
/// `piece`.
#[track_caller]
fn same_braille_with_cr(name: &str, text: &str, piece: &str) {
    let dir = Sandbox::new();
    let cr_name = format!("cr-{name}");
    dir.write(name, text);
    dir.write(&cr_name, text.replace('\n', "\r"));
    let args = ["--format", "unicode", "-o", "-"];
    let lf = dir.run(&[&["build", name][..], &args].concat());
    let cr = dir.run(&[&["build", &cr_name][..], &args].concat());
    lf.ok();
    cr.ok();
    assert!(lf.text().contains(piece), "{}", lf.text());
    assert_eq!(cr.text(), lf.text(), "{}", cr.stderr);
}

/// A large PGN file cut short by another process while the program reads it: no panic, an
/// exit code of the table (0, 1, or 3), a located error when 1, and nothing written unless it
/// succeeded. When the cut falls depends on the machine: any outcome of the table is right,
/// only these properties are tested, at several cut points.
#[test]
fn a_file_truncated_while_it_is_read() {
    let game = "[White \"Anna\"]\n[Black \"Bo\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 \
                5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 1-0\n\n";
    let text = game.repeat(20_000);
    for (delay_ms, keep) in [(20, text.len() / 2 + 7), (150, 1_000_003), (400, 123)] {
        let dir = Sandbox::new();
        let path = dir.write("cut.pgn", &text);
        dir.write("cut.brf", "OLD");
        let before = dir.names();
        let cutter = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(delay_ms));
            std::fs::OpenOptions::new()
                .write(true)
                .open(&path)
                .and_then(|f| f.set_len(keep as u64))
        });
        let out = dir
            .command(&["build", "cut.pgn", "-o", "cut.brf", "--format", "unicode"])
            .memory_limit(Bound::Fixed(64).bytes(0))
            .deadline(HANG)
            .run();
        cutter
            .join()
            .expect("the cutting thread")
            .expect("the file cut");
        let err = &out.stderr;
        let case = format!("cut to {keep} after {delay_ms} ms: {:?}\n{err}", out.code);
        assert!(!out.timed_out && !err.contains("panicked"), "{case}");
        match out.code {
            Some(0) => {
                let brf = String::from_utf8(dir.read("cut.brf")).expect("UTF-8 output");
                assert!(brf.starts_with("⠠⠁⠝⠝⠁⠀⠤⠤⠀⠠⠃⠕"), "{case}");
            }
            Some(1) => {
                let first = err.lines().next().unwrap_or("");
                let place: Vec<&str> = first.splitn(4, ':').collect();
                assert!(
                    place.len() == 4
                        && place[0] == "cut.pgn"
                        && place[1].parse::<u32>().is_ok()
                        && place[2].parse::<u32>().is_ok()
                        && place[3].starts_with(" error: "),
                    "{case}"
                );
            }
            Some(3) => assert!(err.starts_with("cut.pgn: error:"), "{case}"),
            _ => panic!("{case}"),
        }
        if out.code != Some(0) {
            assert_eq!(dir.read("cut.brf"), b"OLD", "{case}");
        }
        assert_eq!(dir.names(), before, "no temporary file left: {case}");
    }
}

/// NUL bytes: in a text input whose encoding is detected, a NUL
/// is an input error at the line and column of the first one, and `/dev/zero` ends at once
/// with that error at 1:1, writing nothing.
#[test]
fn nul_bytes() {
    use Src::*;
    let nul = |file, bytes, place| Case {
        memory: Bound::Fixed(64),
        ..case(file, Bytes(bytes), 1, place, "NUL")
    };
    let zero = |file| Case {
        memory: Bound::Fixed(64),
        ..case(file, Link("/dev/zero"), 1, "", "NUL")
    };
    check_all(&[
        nul("nul.pgn", b"1. e4 e5\n2. Nf3\0 Nc6 *\n", "nul.pgn:2:7"),
        nul(
            "nul.fen",
            b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\0\n",
            "nul.fen:1:30",
        ),
        nul("nul.md", b"# Bok\n\nText\0 mer\n", "nul.md:3:5"),
        Case {
            place: "zero.pgn:1:1",
            ..zero("zero.pgn")
        },
        Case {
            place: "zero.fen:1:1",
            ..zero("zero.fen")
        },
        Case {
            place: "zero.md:1:1",
            ..zero("zero.md")
        },
    ]);
}

/// A book with CR alone for line ends: pulldown-cmark 0.13 and the
/// front matter read only LF and CR LF as line ends, so the text must reach them with LF.
#[test]
fn cr_only_book() {
    let book = "---\ntitle: Bok\nnotation: ordinary\n---\n# Kapitel ett\n\nLite text som\n\
                fortsätter här.\n\n- punkt ett\n- punkt två\n\n> citat\n\n```pgn\n\
                [White \"Anna\"]\n[Black \"Bo\"]\n\n1. e4 e5 2. Nf3 *\n```\n\n```fen\n\
                4k3/8/8/8/8/8/8/4K3 w - - 0 1\n```\n";
    same_braille_with_cr("bok.md", book, OPENING);
    same_braille_with_cr("bok.md", book, "⠠⠅⠁⠏⠊⠞⠑⠇⠀⠑⠞⠞");
    // An error names the line as an editor shows it.
    let dir = Sandbox::new();
    dir.write("fel.md", "# Bok\r\r```pgn\r1. e4 e5\r2. Ke3 *\r```\r");
    let out = dir.run(&["check", "fel.md"]);
    assert_eq!(out.code, Some(1));
    assert!(
        out.stderr
            .starts_with("fel.md:5:4: error: illegal move 'Ke3'"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_file_cut_short_in_its_last_game_is_a_warning() {
    // Issue 32: the opera game with its last line cut built under --deny-warnings with "no
    // warnings", though its tags say 1-0.
    let dir = Sandbox::new();
    let whole = std::fs::read_to_string(crate::support::repo_file("samples/operapartiet.pgn"))
        .expect("the sample");
    let cut: String = whole
        .lines()
        .filter(|l| !l.starts_with("16."))
        .map(|l| format!("{l}\n"))
        .collect();
    let last = cut.lines().count();
    dir.write("kort.pgn", &cut);
    let out = dir.run(&["build", "kort.pgn", "--deny-warnings", "-o", "kort.brf"]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(
        out.stderr.starts_with(&format!(
            "kort.pgn:{last}:74: warning: game 1 (Morphy, Paul – Hertigen av Braunschweig och \
             greve Isouard) ends with the file but without its result (the tag Result says \
             '1-0'): is the file cut short?"
        )),
        "{}",
        out.stderr
    );
    assert_eq!(dir.names(), ["kort.pgn"]);
    // The same game whole, the cut one followed by another game, and a fragment without
    // tags: no warning.
    dir.write("hel.pgn", &whole);
    dir.write("två.pgn", format!("{cut}\n{whole}"));
    dir.write("bit.pgn", "1. e4 e5 2. Nf3\n");
    for name in ["hel.pgn", "två.pgn", "bit.pgn"] {
        let out = dir.run(&["build", name, "--deny-warnings", "-o", "-"]);
        assert_eq!(out.code, Some(0), "{name}: {}", out.stderr);
    }
}

#[test]
fn a_page_too_short_for_its_number_is_a_warning() {
    // Issue 32: `--page-length 1` on a profile with page numbers gave pages without numbers
    // and no word.
    let dir = Sandbox::new();
    dir.write("g.pgn", "1. e4 e5 *\n");
    let out = dir.run(&["build", "g.pgn", "--profile", "sv-a4", "--page-length", "1"]);
    out.ok();
    assert!(
        out.stderr.starts_with(
            "g.pgn:1:1: warning: a page of 1 line has no room for a page number beside its \
             text: the pages are not numbered\n"
        ),
        "{}",
        out.stderr
    );
    // In a book's front matter, at its setting; two lines a page are numbered, no warning.
    dir.write("b.md", "---\npage_length: 1\n---\n\nText.\n");
    let out = dir.run(&["build", "b.md"]);
    assert!(
        out.stderr
            .starts_with("b.md:2:1: warning: a page of 1 line"),
        "{}",
        out.stderr
    );
    dir.write("c.md", "---\npage_length: 2\n---\n\nText.\n");
    let out = dir.run(&["build", "c.md", "--deny-warnings"]);
    out.ok();
}

#[test]
fn endless_input_stops_at_a_documented_cap() {
    // Issue 32: `yes '{comment' | build -` and `yes e4 | build -` grew until an allocation
    // failed (exit 134). A game, a line of positions and a book held whole have caps: a
    // located error, exit 1, in bounded memory.
    let dir = Sandbox::new();
    let comment = format!("1. e4 {{{}", "ord ".repeat(17 << 20));
    let moves = "e4\n".repeat(1 << 21);
    let fen = "8/8/8/8/8/8/8/8 ".repeat(5 << 20);
    let book = "Text.\n".repeat(12 << 20);
    for (input, format, message) in [
        (
            &comment,
            "pgn",
            "standard input:1:1: error: this game is larger than a game may be",
        ),
        (
            &moves,
            "pgn",
            "standard input:1:1: error: this game is larger than a game may be",
        ),
        (
            &fen,
            "fen",
            "standard input:1:1: error: this line is longer than 64 MB",
        ),
        (
            &book,
            "md",
            "standard input:1:1: error: this text is longer than 64 MB",
        ),
    ] {
        let ran = dir
            .command(&["build", "-", "--input-format", format, "-o", "ut.brf"])
            .stdin(input.as_bytes().to_vec())
            .memory_limit(600 << 20)
            .run();
        assert_eq!(ran.code, Some(1), "{format}: {}", ran.stderr);
        assert!(ran.stderr.starts_with(message), "{format}: {}", ran.stderr);
        assert_eq!(dir.names(), Vec::<String>::new());
    }
    // `read -` reads a stretch at a time (from a temporary copy), past the 64 MB it once
    // held at most: 70 MB of empty lines, then a game, read under a limit of 100 MB of
    // address space. (The copy stops at 1 GB, a cap too large to try here.)
    dir.write("g.pgn", "1. e4 e5 2. Nf3 Nc6 *\n");
    dir.run(&["build", "g.pgn", "--notation", "compact", "-o", "g.brf"])
        .ok();
    let mut input = format!("{}\n", " ".repeat(999)).repeat(70_000).into_bytes();
    input.extend_from_slice(&dir.read("g.brf"));
    std::fs::remove_file(dir.path().join("g.brf")).expect("g.brf");
    std::fs::remove_file(dir.path().join("g.pgn")).expect("g.pgn");
    let ran = dir
        .command(&["read", "-", "-o", "ut.pgn"])
        .stdin(input)
        .memory_limit(100 << 20)
        .run();
    ran.ok();
    assert!(
        ran.stderr.contains("read 1 game (4 moves)"),
        "{}",
        ran.stderr
    );
    assert!(
        String::from_utf8(dir.read("ut.pgn"))
            .expect("PGN")
            .contains("1. e4 e5 2. Nf3 Nc6")
    );
    std::fs::remove_file(dir.path().join("ut.pgn")).expect("ut.pgn");
    assert_eq!(dir.names(), Vec::<String>::new());
}

#[test]
fn braille_after_many_blank_lines_reads_back() {
    // Issue 32: `read` tried a diagram at every line and walked the blank lines after it:
    // 25 000 blank lines took a minute (debug build), 100 000 about a quarter of an hour.
    let dir = Sandbox::new();
    dir.write("g.pgn", "1. e4 e5 2. Nf3 Nc6 *\n");
    dir.run(&["build", "g.pgn", "--notation", "compact", "-o", "g.brf"])
        .ok();
    let brf = dir.read("g.brf");
    let mut blanks = vec![b'\n'; 50_000];
    blanks.extend_from_slice(&brf);
    dir.write("tom.brf", blanks);
    let plain = dir.run(&["read", "g.brf"]);
    plain.ok();
    let read = dir
        .command(&["read", "tom.brf"])
        .deadline(std::time::Duration::from_secs(60))
        .run();
    read.ok();
    assert!(
        read.text().contains("1. e4 e5 2. Nf3 Nc6"),
        "{}",
        read.text()
    );
    assert_eq!(read.text(), plain.text());
}

#[test]
fn print_page_numbers_are_checked() {
    // Issue 32: `<!-- sida -1 -->` was taken, 100 000 digits were cut to 23 without a word,
    // and a print page number going backwards was not flagged.
    let dir = Sandbox::new();
    let long = "9".repeat(100_000);
    dir.write(
        "b.md",
        format!(
            "# Bok\n\nText.\n\n<!-- sida 10 -->\n\nMer.\n\n<!-- sida 3 -->\n\nÄnnu.\n\n\
             <!-- sida -1 -->\n\n<!-- sida {long} -->\n\n<!-- sida xii -->\n\n<!-- s. 12a -->\n\n\
             Slut.\n"
        ),
    );
    let out = dir.run(&["build", "b.md", "-o", "b.brf"]);
    out.ok();
    let warnings: Vec<&str> = out
        .stderr
        .lines()
        .filter(|l| l.contains(": warning: "))
        .collect();
    assert_eq!(
        warnings,
        [
            "b.md:9:1: warning: print page 3 after print page 10: the print pages go backwards \
             here",
            "b.md:13:1: warning: '-1' is no print page number (digits, as 12 or 12a, at most 6 \
             of them, or a roman numeral, as xii): the comment is left out",
            &format!(
                "b.md:15:1: warning: '{}…9999999' (100002 characters) is no print page number \
                 (digits, as 12 or 12a, at most 6 of them, or a roman numeral, as xii): the \
                 comment is left out",
                "9".repeat(59)
            ),
        ]
    );
}
