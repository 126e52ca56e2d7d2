//! The command line: outputs, pages, exit codes, and that a failed build writes nothing.

use crate::support::{Sandbox, data};

fn example_game() -> String {
    data("exempelparti.pgn").to_string_lossy().into_owned()
}

const TWO_GAMES: &str = "[White \"Anna\"]\n[Black \"Bo\"]\n[Event \"Klubbmästerskap\"]\n[Date \"2024.03.01\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n1. d4 d5 *\n";

#[test]
fn output_beside_the_input_by_default() {
    let dir = Sandbox::new();
    let input = dir.write("parti.pgn", TWO_GAMES);
    let input = input.to_string_lossy();
    dir.run(&["build", &input]).ok();
    let brf = dir.read("parti.brf");
    assert!(brf.ends_with(b"\r\n\x0c"));
    dir.run(&["build", "parti.pgn", "--format", "unicode"]).ok();
    assert!(dir.path().join("parti.txt").exists());
}

#[test]
fn two_games_one_blank_line_apart_with_heading() {
    let dir = Sandbox::new();
    dir.write("parti.pgn", TWO_GAMES);
    let out = dir.run(&[
        "build",
        "parti.pgn",
        "--page-length",
        "0",
        "--format",
        "unicode",
        "-o",
        "-",
    ]);
    assert_eq!(
        out.lines(),
        [
            // Anna – Bo
            "⠠⠁⠝⠝⠁⠀⠤⠤⠀⠠⠃⠕",
            // Klubbmästerskap, 2024-03-01, 1-0 (too long for 28 cells: the line goes on
            // indented, the date whole)
            "⠠⠅⠇⠥⠃⠃⠍⠜⠎⠞⠑⠗⠎⠅⠁⠏⠂",
            "⠀⠀⠼⠃⠚⠃⠙⠤⠼⠚⠉⠤⠼⠚⠁⠂⠀⠼⠁⠤⠼⠚",
            // 1. e4 e5 2. Dh5 Sc6 3. Lc4 Sf6
            "⠼⠁⠄⠀⠑⠼⠙⠀⠑⠼⠑⠀⠼⠃⠄⠀⠠⠙⠓⠼⠑⠀⠠⠎⠉⠼⠋",
            "⠼⠉⠄⠀⠠⠇⠉⠼⠙⠀⠠⠎⠋⠼⠋⠀⠼⠙⠄⠀⠠⠙⠭⠋⠼⠛⠘⠼",
            "",
            // The second game has no players: no heading.
            "⠼⠁⠄⠀⠙⠼⠙⠀⠙⠼⠑",
        ]
    );
}

#[test]
fn brf_pages_are_embosser_ready() {
    let dir = Sandbox::new();
    let out = dir.run(&["build", &example_game(), "--page-length", "5", "-o", "-"]);
    out.ok();
    let brf = out.stdout;
    assert!(
        brf.iter()
            .all(|&b| (0x20..0x60).contains(&b) || b == b'\r' || b == b'\n' || b == 0x0c)
    );
    assert!(brf.ends_with(b"\r\n\x0c"));
    let pages: Vec<&[u8]> = brf
        .split(|&b| b == 0x0c)
        .filter(|p| !p.is_empty())
        .collect();
    assert!(pages.len() >= 3);
    for page in &pages {
        let text = std::str::from_utf8(page).unwrap();
        assert!(text.ends_with("\r\n"));
        let lines: Vec<&str> = text.split("\r\n").filter(|l| !l.is_empty()).collect();
        assert!(lines.len() <= 5, "page of {} lines", lines.len());
        for l in lines {
            assert!(l.len() <= 28 && !l.ends_with(' ') && !l.contains('\n'));
        }
    }
    // The whole game is there: the same lines as without pages.
    let flat = dir.run(&["build", &example_game(), "--page-length", "0", "-o", "-"]);
    assert!(!flat.stdout.contains(&0x0c));
    let without_ff: Vec<u8> = brf.iter().copied().filter(|&b| b != 0x0c).collect();
    assert_eq!(without_ff, flat.stdout);
}

#[test]
fn same_input_same_bytes() {
    let dir = Sandbox::new();
    let game = example_game();
    let args = ["build", &game, "--notation", "compact", "-o", "-"];
    let a = dir.run(&args).stdout;
    let b = dir.run(&args).stdout;
    assert!(!a.is_empty());
    assert_eq!(a, b);
}

#[test]
fn start_diagram_of_a_fen_game() {
    let dir = Sandbox::new();
    dir.write(
        "slutspel.pgn",
        "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 7\"]\n\n7... Kd7 8. e4 Kc6 *\n",
    );
    let out = dir.run(&[
        "build",
        "slutspel.pgn",
        "--start-diagram",
        "--page-length",
        "0",
        "--format",
        "unicode",
        "-o",
        "-",
    ]);
    out.ok();
    assert_eq!(
        out.lines(),
        [
            "⠠⠧⠊⠞⠒⠀⠠⠅⠑⠼⠁⠂⠀⠑⠼⠃⠄",
            "⠠⠎⠧⠁⠗⠞⠒⠀⠠⠅⠑⠼⠓⠄",
            // 7...Kd7 8. e4 Kc6: the game starts with Black's move 7.
            "⠼⠛⠄⠄⠄⠠⠅⠙⠼⠛⠀⠼⠓⠄⠀⠑⠼⠙⠀⠠⠅⠉⠼⠋",
        ]
    );
}

/// A game from a position with no moves (a study, a problem: `*` alone, or its tags alone)
/// draws its position without `--start-diagram`: it is all the game has (it was written as
/// nothing, exit 0). A game from a position with moves does not, unless asked. A game with
/// nothing to write at all (`*` alone) is warned of.
#[test]
fn a_position_without_moves_is_drawn_and_an_empty_game_is_told() {
    let dir = Sandbox::new();
    let fen = "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n";
    let drawing = ["⠠⠧⠊⠞⠒⠀⠠⠅⠑⠼⠁⠂⠀⠑⠼⠃⠄", "⠠⠎⠧⠁⠗⠞⠒⠀⠠⠅⠑⠼⠓⠄"];
    let built = |text: &str| {
        dir.write("p.pgn", text);
        let args = [
            "build",
            "p.pgn",
            "--page-length",
            "0",
            "--format",
            "unicode",
            "-o",
            "-",
        ];
        dir.run(&args)
    };
    for text in [format!("{fen}\n*\n"), fen.to_owned()] {
        let out = built(&text);
        assert!(
            out.stderr.contains("1 game, 1 diagram, no warnings"),
            "{}",
            out.stderr
        );
        assert_eq!(out.ok().lines(), drawing, "{text}");
    }
    let out = built(&format!("{fen}\n1. e2e4 *\n"));
    assert_eq!(out.ok().lines(), ["⠼⠁⠄⠀⠑⠼⠙"]);
    let out = built("*\n");
    assert!(
        out.stderr.contains(
            "p.pgn:1:1: warning: game 1 has nothing to transcribe: no moves, no position"
        ),
        "{}",
        out.stderr
    );
}

#[test]
fn illegal_move_is_located_and_nothing_is_written() {
    let dir = Sandbox::new();
    dir.write(
        "fel.pgn",
        "[White \"Anna\"]\n[Black \"Bo\"]\n\n1. e4 e5\n2. Nf3 Ke6 3. Bb5 *\n\n1. d4 d5 *\n",
    );
    dir.write("fel.brf", "OLD");
    let out = dir.run(&["build", "fel.pgn"]);
    assert_eq!(out.code, Some(1));
    let err = out.stderr;
    assert!(err.contains("fel.pgn:5:8"), "{err}");
    assert!(err.contains("Ke6"), "{err}");
    assert!(err.contains("game 1"), "{err}");
    // The earlier output stays as it was, and no temporary file is left behind.
    assert_eq!(dir.read("fel.brf"), b"OLD");
    let names = dir.names();
    assert_eq!(names, ["fel.brf", "fel.pgn"]);
    // With -o - nothing reaches standard output.
    let out = dir.run(&["build", "fel.pgn", "-o", "-"]);
    assert_eq!(out.code, Some(1));
    assert!(out.stdout.is_empty());
}

#[test]
fn swedish_letters_are_read_and_unknown_tokens_stop_the_build() {
    let dir = Sandbox::new();
    dir.write("sv.pgn", "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 *\n");
    dir.write("en.pgn", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n");
    let sv = dir.run(&["build", "sv.pgn", "-o", "-"]);
    let en = dir.run(&["build", "en.pgn", "-o", "-"]);
    assert!(sv.code == Some(0) && en.code == Some(0));
    assert_eq!(sv.stdout, en.stdout);
    dir.write("skräp.pgn", "1. e4 e5 2. Nf3 Xz9 *\n");
    let out = dir.run(&["build", "skräp.pgn", "-o", "-"]);
    assert_eq!(out.code, Some(1));
    assert!(out.stderr.contains("Xz9"));
    assert!(out.stdout.is_empty());
}

#[test]
fn exit_codes() {
    let dir = Sandbox::new();
    dir.write("a.pgn", "1. e4 *\n");
    // Usage errors: 2.
    assert_eq!(
        dir.run(&["build", "a.pgn", "--notation", "x"]).code,
        Some(2)
    );
    assert_eq!(
        dir.run(&["build", "a.pgn", "--line-length", "3"]).code,
        Some(2)
    );
    assert_eq!(dir.run(&["build"]).code, Some(2));
    assert_eq!(dir.run(&["build", "a.doc"]).code, Some(2));
    // A missing input and an unwritable output: 3.
    assert_eq!(dir.run(&["build", "saknas.pgn"]).code, Some(3));
    let out = dir.run(&["build", "a.pgn", "-o", "ingen/mapp/a.brf"]);
    assert_eq!(out.code, Some(3));
    // Success: 0.
    assert_eq!(dir.run(&["build", "a.pgn", "-o", "-"]).code, Some(0));
}

#[test]
fn several_fens_one_blank_line_apart() {
    let dir = Sandbox::new();
    dir.write(
        "ställningar.fen",
        "# Två slutspel\n4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n\n8/8/8/8/8/2k5/8/K7 b - - 0 1\n",
    );
    let out = dir.run(&[
        "build",
        "ställningar.fen",
        "--diagram",
        "rows",
        "--page-length",
        "0",
        "--format",
        "unicode",
        "-o",
        "-",
    ]);
    out.ok();
    assert_eq!(
        out.lines(),
        [
            // 4k3 / 8 x5 / 4P3 / 4K3
            "⠲⠥⠒⠀⠦⠀⠦⠀⠦⠀⠦⠀⠦⠀⠲⠃⠒⠀⠲⠅⠒",
            "",
            // 8 x5 / 2k5 / 8 / K7
            "⠦⠀⠦⠀⠦⠀⠦⠀⠦⠀⠆⠥⠢⠀⠦⠀⠅⠶",
        ]
    );
}

#[test]
fn a_diagram_is_never_split_across_pages() {
    let dir = Sandbox::new();
    let fen = "2kr3r/1p2npp1/p7/3p4/3N4/1N2QP1b/PPPB2q1/3R3K w - - 3 25\n";
    dir.write("tre.fen", fen.repeat(3));
    let out = dir.run(&[
        "build",
        "tre.fen",
        "--diagram",
        "board",
        "--page-length",
        "20",
        "--format",
        "unicode",
        "-o",
        "-",
    ]);
    out.ok();
    let text = out.text();
    let pages: Vec<&str> = text.split('\x0c').filter(|p| !p.is_empty()).collect();
    // A board is 12 lines: one a page, each whole.
    assert_eq!(pages.len(), 3);
    for p in pages {
        // (A page may end with the blank line that separates two diagrams.)
        assert_eq!(p.trim_end_matches('\n').lines().count(), 12, "{p}");
        assert!(p.starts_with("⠀⠀⠀⠀⠁⠀⠃"));
    }
}

#[test]
fn no_graphics_leaves_out_the_drawn_source_line() {
    let dir = Sandbox::new();
    dir.write("fel.pgn", "1. e4 e5\n2. Ke3 *\n");
    let drawn = dir.run(&["check", "fel.pgn"]);
    let plain = dir
        .command(&["check", "fel.pgn"])
        .env("NO_GRAPHICS", "1")
        .run();
    assert_eq!(drawn.code, Some(1));
    assert_eq!(plain.code, Some(1));
    let first = "fel.pgn:2:4: error: illegal move 'Ke3'";
    assert!(drawn.stderr.starts_with(first), "{}", drawn.stderr);
    assert!(plain.stderr.starts_with(first), "{}", plain.stderr);
    assert!(drawn.stderr.contains("2 | 2. Ke3 *"), "{}", drawn.stderr);
    assert_ne!(plain.stderr, drawn.stderr);
}

#[test]
fn the_front_matter_format_names_the_output() {
    // `format: unicode` in a book writes Unicode braille, and so names its output `.txt`.
    let dir = Sandbox::new();
    dir.write("bok.md", "---\nformat: unicode\n---\n# Rubrik\n\nText.\n");
    dir.run(&["build", "bok.md"]).ok();
    assert_eq!(dir.names(), ["bok.md", "bok.txt"]);
    let text = String::from_utf8(dir.read("bok.txt")).unwrap();
    assert!(
        text.chars().any(|c| ('\u{2801}'..='\u{283f}').contains(&c)),
        "{text}"
    );
    // The command line wins over the front matter, for the name too.
    dir.run(&["build", "bok.md", "--format", "brf"]).ok();
    assert_eq!(dir.names(), ["bok.brf", "bok.md", "bok.txt"]);
    // In a folder as well.
    std::fs::create_dir(dir.path().join("ut")).unwrap();
    dir.run(&["build", "bok.md", "-o", "ut/"]).ok();
    assert!(dir.path().join("ut/bok.txt").is_file());
}

#[test]
fn several_books_in_one_file_keep_their_own_front_matter() {
    let dir = Sandbox::new();
    let game = "```pgn\n1. e4 e5 2. Nf3 Nc6 *\n```\n";
    dir.write("a.md", format!("# A\n\n{game}"));
    dir.write("b.md", format!("---\nmoves: long\n---\n# B\n\n{game}"));
    let lines = |args: &[&str]| -> Vec<String> {
        let out = dir.run(args);
        out.ok();
        out.lines()
    };
    let alone_a = lines(&["build", "a.md", "-o", "-", "--format", "unicode"]);
    let alone_b = lines(&["build", "b.md", "-o", "-", "--format", "unicode"]);
    assert_ne!(alone_a, alone_b, "long moves should differ from short ones");
    let both = lines(&["build", "a.md", "b.md", "-o", "-", "--format", "unicode"]).join("\n");
    // The move lines of each book, as built alone, stand in the joint output.
    for line in alone_a.iter().chain(&alone_b).filter(|l| l.contains("⠑⠼⠙")) {
        assert!(
            both.contains(line.trim_end_matches('\u{c}')),
            "{line}\n{both}"
        );
    }
}

#[test]
fn books_with_different_pages_are_not_joined() {
    let dir = Sandbox::new();
    dir.write("a.md", "# A\n\nText.\n");
    dir.write("b.md", "---\nline_length: 32\n---\n# B\n\nText.\n");
    dir.write("c.md", "---\nformat: unicode\n---\n# C\n\nText.\n");
    dir.write("g.pgn", "1. e4 e5 *\n");
    for (args, says) in [
        (
            ["a.md", "b.md"],
            "a.md and b.md cannot be one output: the line length is 28 and 32",
        ),
        (
            ["a.md", "c.md"],
            "a.md and c.md cannot be one output: the output format is brf and unicode",
        ),
    ] {
        // A name without an extension: `ut.brf` would choose the format itself.
        let out = dir.run(&["build", args[0], args[1], "-o", "ut"]);
        assert_eq!(out.code, Some(2), "{}", out.stderr);
        assert!(out.stderr.contains(says), "{}", out.stderr);
        assert!(!dir.path().join("ut").exists());
    }
    // Games take the page of the book they are bound with, first or last.
    dir.run(&["build", "g.pgn", "a.md", "-o", "ut.brf"]).ok();
    dir.run(&["build", "a.md", "g.pgn", "-o", "ut.brf"]).ok();
}

/// After a build, one line of plain words says what was read and made; `--quiet` says nothing.
#[test]
fn a_summary_line_says_what_was_made_and_quiet_silences_it() {
    let dir = Sandbox::new();
    dir.write("a.pgn", "1. e4 e5 2. Nf3 *\n\n1. d4 d5 *\n");
    dir.write("b.fen", "8/8/8/8/8/8/8/K6k w - - 0 1\n");
    let out = dir.run(&["build", "a.pgn", "b.fen", "--table", "sv-cx"]);
    out.ok();
    assert_eq!(
        out.stderr,
        "schackpunkt: read 2 files; wrote a.brf (BRF, table sv-cx, 1 page, 1 sheet), b.brf (BRF, \
         table sv-cx, 1 page, 1 sheet); 2 games, 1 diagram, no warnings.\n"
    );
    let out = dir.run(&[
        "build",
        "a.pgn",
        "-o",
        "a.pef",
        "--format",
        "pef",
        "--profile",
        "sv-a4",
    ]);
    out.ok();
    assert_eq!(
        out.stderr,
        "schackpunkt: read 1 file; wrote a.pef (PEF, 1 page, 1 sheet); 2 games, no diagrams, no \
         warnings.\n"
    );
    let quiet = dir.run(&["build", "a.pgn", "-q"]);
    quiet.ok();
    assert_eq!(quiet.stderr, "");
    let checked = dir.run(&["check", "a.pgn", "--quiet"]);
    assert_eq!((checked.code, checked.stderr.as_str()), (Some(0), ""));
}

/// Shell completions and manual pages come from the command line's own definition, so every
/// flag is in them.
#[test]
fn completions_and_manual_pages_know_every_flag() {
    let dir = Sandbox::new();
    for shell in ["bash", "zsh", "fish"] {
        let out = dir.run(&["completions", shell]);
        let text = out.ok().text();
        for flag in ["line-length", "input-kind", "table", "quiet", "toc"] {
            assert!(text.contains(flag), "{shell}: {flag}");
        }
    }
    let bad = dir.run(&["completions", "tcsh"]);
    assert_eq!(bad.code, Some(2));
    dir.run(&["man", "pages"]).ok();
    let page = String::from_utf8(dir.read("pages/schackpunkt-build.1")).expect("roff is text");
    assert!(page.starts_with(".ie") || page.contains(".TH"), "{page}");
    assert!(page.contains("line\\-length") && page.contains("deny\\-warnings"));
    assert!(dir.path().join("pages/schackpunkt.1").is_file());
}

/// A page profile may be a file of one's own, named by its path; its errors are located.
#[test]
fn a_profile_file_sets_the_page_and_its_errors_are_located() {
    let dir = Sandbox::new();
    dir.write(
        "bok.md",
        "# Rubrik\n\nEn mening som är lagom lång för att brytas.\n",
    );
    dir.write(
        "a3.yaml",
        "name: a3\ndescription: stort papper\nline_length: 36\npage_length: 5\npage_numbers: bottom\n",
    );
    let out = dir.run(&[
        "build",
        "bok.md",
        "-o",
        "-",
        "--format",
        "unicode",
        "--profile",
        "a3.yaml",
    ]);
    let text = out.ok().text();
    let first: Vec<&str> = text.split('\u{c}').next().unwrap_or("").lines().collect();
    assert_eq!(first.len(), 5, "{text}");
    assert!(
        first[4].ends_with("⠼⠁") && first[4].chars().count() == 36,
        "{text}"
    );
    // From the front matter too.
    dir.write("b.md", "---\nprofile: ./a3.yaml\n---\nText.\n");
    let out = dir.run(&["build", "b.md", "-o", "-", "--format", "unicode"]);
    assert!(out.ok().text().lines().any(|l| l.chars().count() == 36));
    dir.write(
        "fel.yaml",
        "name: fel\nline_length: 8\npage_length: 5\npage_numbers: top\n",
    );
    let bad = dir.run(&["build", "bok.md", "--profile", "fel.yaml"]);
    assert_eq!(bad.code, Some(1), "{}", bad.stderr);
    assert!(
        bad.stderr.starts_with(
            "fel.yaml:2:14: error: page profile: line_length: expected a number from 12"
        ),
        "{}",
        bad.stderr
    );
    let missing = dir.run(&["build", "bok.md", "--profile", "saknas.yaml"]);
    assert_eq!(missing.code, Some(3), "{}", missing.stderr);
    assert!(
        missing.stderr.starts_with("saknas.yaml: error:"),
        "{}",
        missing.stderr
    );
    assert!(!dir.path().join("bok.brf").exists());
}

/// On a terminal a build that takes more than a second draws a progress bar on standard error
/// (bytes read, games written), and clears it before the closing line; with `--quiet`, or when
/// standard error is not a terminal, there is none. The terminal is `script`'s (util-linux).
#[test]
fn a_progress_bar_on_a_terminal_only() {
    if std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("SKIPPED: no `script` (util-linux) to give the build a terminal");
        return;
    }
    let dir = Sandbox::new();
    let game = std::fs::read_to_string(example_game()).expect("the example game");
    // Enough games that the unoptimized build takes well over a second.
    let big: String = std::iter::repeat_n(game.as_str(), 8_000)
        .collect::<Vec<_>>()
        .join("\n");
    dir.write("big.pgn", &big);
    let exe = env!("CARGO_BIN_EXE_schackpunkt");
    let on_terminal = |extra: &str| {
        let out = std::process::Command::new("script")
            .args(["-qec"])
            .arg(format!("{exe} build big.pgn -o big.brf -j 1 {extra}"))
            .arg("/dev/null")
            .current_dir(dir.path())
            .output()
            .expect("script runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let shown = on_terminal("");
    assert!(shown.contains(" games, "), "no bar: {shown}");
    assert!(shown.contains("MiB"), "no bytes: {shown}");
    assert!(shown.contains("schackpunkt: read 1 file"), "{shown}");
    let quiet = on_terminal("--quiet");
    assert!(!quiet.contains(" games, "), "a bar with --quiet: {quiet}");
    // Not a terminal: the closing line alone.
    let piped = dir.run(&["build", "big.pgn", "-o", "big.brf", "-j", "1"]);
    assert!(
        piped.ok().stderr.starts_with("schackpunkt: read 1 file"),
        "{}",
        piped.stderr
    );
}

/// Text commands to a full device (issue 32, point 17): a message and exit 3, never a panic
/// (`completions` exited 101) nor a silent success (`settings` exited 0).
#[test]
fn text_commands_to_a_full_device_say_so() {
    if !std::path::Path::new("/dev/full").exists() {
        eprintln!("SKIPPED: no /dev/full here");
        return;
    }
    for args in [&["completions", "bash"][..], &["settings"][..]] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full opens");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_schackpunkt"))
            .args(args)
            .stdout(full)
            .output()
            .expect("runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{args:?}: {stderr}");
        assert!(stderr.contains("standard output"), "{args:?}: {stderr}");
    }
}
