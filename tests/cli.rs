//! The command line: outputs, pages, exit codes, and that a failed build writes nothing.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn schackpunkt(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_schackpunkt"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run schackpunkt")
}

fn example_game() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/exempelparti.pgn")
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write input");
    p
}

const TWO_GAMES: &str = "[White \"Anna\"]\n[Black \"Bo\"]\n[Event \"Klubbmästerskap\"]\n[Date \"2024.03.01\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n1. d4 d5 *\n";

#[test]
fn output_beside_the_input_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "parti.pgn", TWO_GAMES);
    let out = schackpunkt(&["build", input.to_str().unwrap()], dir.path());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let brf = std::fs::read(dir.path().join("parti.brf")).expect("parti.brf written");
    assert!(brf.ends_with(b"\r\n\x0c"));
    let out = schackpunkt(&["build", "parti.pgn", "--format", "unicode"], dir.path());
    assert!(out.status.success());
    assert!(dir.path().join("parti.txt").exists());
}

#[test]
fn two_games_one_blank_line_apart_with_heading() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "parti.pgn", TWO_GAMES);
    let out = schackpunkt(
        &[
            "build",
            "parti.pgn",
            "--page-length",
            "0",
            "--format",
            "unicode",
            "-o",
            "-",
        ],
        dir.path(),
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            // Anna – Bo
            "⠠⠁⠝⠝⠁⠀⠤⠤⠀⠠⠃⠕",
            // Klubbmästerskap 2024, 1-0 (29 cells: the result goes to an indented line)
            "⠠⠅⠇⠥⠃⠃⠍⠜⠎⠞⠑⠗⠎⠅⠁⠏⠀⠼⠃⠚⠃⠙⠂",
            "⠀⠀⠼⠁⠤⠼⠚",
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
    let dir = tempfile::tempdir().unwrap();
    let out = schackpunkt(
        &[
            "build",
            example_game().to_str().unwrap(),
            "--page-length",
            "5",
            "-o",
            "-",
        ],
        dir.path(),
    );
    assert!(out.status.success());
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
    let flat = schackpunkt(
        &[
            "build",
            example_game().to_str().unwrap(),
            "--page-length",
            "0",
            "-o",
            "-",
        ],
        dir.path(),
    );
    assert!(!flat.stdout.contains(&0x0c));
    let without_ff: Vec<u8> = brf.iter().copied().filter(|&b| b != 0x0c).collect();
    assert_eq!(without_ff, flat.stdout);
}

#[test]
fn same_input_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let game = example_game();
    let args = [
        "build",
        game.to_str().unwrap(),
        "--notation",
        "compact",
        "-o",
        "-",
    ];
    let a = schackpunkt(&args, dir.path()).stdout;
    let b = schackpunkt(&args, dir.path()).stdout;
    assert!(!a.is_empty());
    assert_eq!(a, b);
}

#[test]
fn start_diagram_of_a_fen_game() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "slutspel.pgn",
        "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 7\"]\n\n7... Kd7 8. e4 Kc6 *\n",
    );
    let out = schackpunkt(
        &[
            "build",
            "slutspel.pgn",
            "--start-diagram",
            "--page-length",
            "0",
            "--format",
            "unicode",
            "-o",
            "-",
        ],
        dir.path(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().collect::<Vec<_>>(),
        [
            "⠠⠧⠊⠞⠒⠀⠠⠅⠑⠼⠁⠂⠀⠑⠼⠃⠄",
            "⠠⠎⠧⠁⠗⠞⠒⠀⠠⠅⠑⠼⠓⠄",
            // 7...Kd7 8. e4 Kc6: the game starts with Black's move 7.
            "⠼⠛⠄⠄⠄⠠⠅⠙⠼⠛⠀⠼⠓⠄⠀⠑⠼⠙⠀⠠⠅⠉⠼⠋",
        ]
    );
}

#[test]
fn illegal_move_is_located_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "fel.pgn",
        "[White \"Anna\"]\n[Black \"Bo\"]\n\n1. e4 e5\n2. Nf3 Ke6 3. Bb5 *\n\n1. d4 d5 *\n",
    );
    std::fs::write(dir.path().join("fel.brf"), b"OLD").unwrap();
    let out = schackpunkt(&["build", "fel.pgn"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("fel.pgn:5:8"), "{err}");
    assert!(err.contains("Ke6"), "{err}");
    assert!(err.contains("game 1"), "{err}");
    // The earlier output stays as it was, and no temporary file is left behind.
    assert_eq!(std::fs::read(dir.path().join("fel.brf")).unwrap(), b"OLD");
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    // With -o - nothing reaches standard output.
    let out = schackpunkt(&["build", "fel.pgn", "-o", "-"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
}

#[test]
fn swedish_letters_are_read_and_unknown_tokens_stop_the_build() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "sv.pgn", "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 *\n");
    write(dir.path(), "en.pgn", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n");
    let sv = schackpunkt(&["build", "sv.pgn", "-o", "-"], dir.path());
    let en = schackpunkt(&["build", "en.pgn", "-o", "-"], dir.path());
    assert!(sv.status.success() && en.status.success());
    assert_eq!(sv.stdout, en.stdout);
    write(dir.path(), "skräp.pgn", "1. e4 e5 2. Nf3 Xz9 *\n");
    let out = schackpunkt(&["build", "skräp.pgn", "-o", "-"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Xz9"));
    assert!(out.stdout.is_empty());
}

#[test]
fn exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.pgn", "1. e4 *\n");
    // Usage errors: 2.
    assert_eq!(
        schackpunkt(&["build", "a.pgn", "--notation", "x"], dir.path())
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        schackpunkt(&["build", "a.pgn", "--line-length", "3"], dir.path())
            .status
            .code(),
        Some(2)
    );
    assert_eq!(schackpunkt(&["build"], dir.path()).status.code(), Some(2));
    assert_eq!(
        schackpunkt(&["build", "a.doc"], dir.path()).status.code(),
        Some(2)
    );
    // A missing input and an unwritable output: 3.
    assert_eq!(
        schackpunkt(&["build", "saknas.pgn"], dir.path())
            .status
            .code(),
        Some(3)
    );
    let out = schackpunkt(&["build", "a.pgn", "-o", "ingen/mapp/a.brf"], dir.path());
    assert_eq!(out.status.code(), Some(3));
    // Success: 0.
    assert_eq!(
        schackpunkt(&["build", "a.pgn", "-o", "-"], dir.path())
            .status
            .code(),
        Some(0)
    );
}

#[test]
fn several_fens_one_blank_line_apart() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "ställningar.fen",
        "# Två slutspel\n4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n\n8/8/8/8/8/2k5/8/K7 b - - 0 1\n",
    );
    let out = schackpunkt(
        &[
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
        ],
        dir.path(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().collect::<Vec<_>>(),
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
    let dir = tempfile::tempdir().unwrap();
    let fen = "2kr3r/1p2npp1/p7/3p4/3N4/1N2QP1b/PPPB2q1/3R3K w - - 3 25\n";
    write(dir.path(), "tre.fen", &fen.repeat(3));
    let out = schackpunkt(
        &[
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
        ],
        dir.path(),
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let pages: Vec<&str> = text.split('\x0c').filter(|p| !p.is_empty()).collect();
    // A board is 12 lines: one a page, each whole.
    assert_eq!(pages.len(), 3);
    for p in pages {
        // (A page may end with the blank line that separates two diagrams.)
        assert_eq!(p.trim_end_matches('\n').lines().count(), 12, "{p}");
        assert!(p.starts_with("⠀⠀⠀⠀⠁⠀⠃"));
    }
}
