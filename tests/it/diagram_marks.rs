//! ChessBase's diagram marks (issue 31, point 1): a `[#]` in a comment draws the position at
//! that point inside the game, in the diagram form in force; the moves go on after it, and
//! `read` gives the mark back as `{[#]}`.

use schackpunkt::{DiagramForm, InputKind, Notation, Settings};

use crate::support::{Sandbox, fens, transcribe};

const FORMS: [(DiagramForm, &str); 3] = [
    (DiagramForm::Pieces, "pieces"),
    (DiagramForm::Rows, "rows"),
    (DiagramForm::Board, "board"),
];

fn settings(form: DiagramForm, notation: Notation) -> Settings {
    Settings {
        diagram: Some(form),
        notation: Some(notation),
        page_length: Some(0),
        ..Settings::default()
    }
}

/// The lines of a game without tags, 28 cells a line, no pages.
fn game_lines(pgn: &str, form: DiagramForm, notation: Notation) -> Vec<String> {
    let built = transcribe("g.pgn", InputKind::Pgn, pgn, settings(form, notation))
        .unwrap_or_else(|e| panic!("{pgn}: {e}"));
    assert!(built.warnings.is_empty(), "{:?}", built.warnings);
    built.lines()
}

/// The lines of a position's diagram drawn alone (a `.fen` input).
fn diagram_lines(fen: &str, form: DiagramForm, notation: Notation) -> Vec<String> {
    fens(&format!("{fen}\n"), settings(form, notation))
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .lines()
}

#[test]
fn a_diagram_mark_draws_the_position_between_the_moves_in_every_form() {
    // After 2. Nf3: the diagram, then Black's move with its number.
    let after = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
    for (form, name) in FORMS {
        for (notation, before, next) in [
            (Notation::Ordinary, "⠼⠁⠄⠀⠑⠼⠙⠀⠑⠼⠑⠀⠼⠃⠄⠀⠠⠎⠋⠼⠉", "⠼⠃⠄⠄⠄⠠⠎⠉⠼⠋"),
            (Notation::Compact, "⠂⠀⠑⠲⠀⠑⠢⠀⠆⠀⠎⠋⠒", "⠆⠀⠤⠤⠀⠎⠉⠖⠄"),
        ] {
            let lines = game_lines("1. e4 e5 2. Nf3 {[#]} Nc6 *\n", form, notation);
            let mut expected = vec![before.to_owned()];
            expected.extend(diagram_lines(after, form, notation));
            expected.push(next.to_owned());
            assert_eq!(lines, expected, "{name} {notation:?}");
        }
    }
}

#[test]
fn the_text_around_a_mark_stays_on_its_side_of_the_diagram() {
    let lines = game_lines(
        "1. e4 {Bra. [#] Nu hotar} e5 *\n",
        DiagramForm::Rows,
        Notation::Ordinary,
    );
    let text = |s: &str| schackpunkt::text_to_unicode(s);
    assert_eq!(lines.first(), Some(&format!("⠼⠁⠄⠀⠑⠼⠙⠀{}", text("Bra."))));
    assert_eq!(
        lines.last(),
        Some(&format!("{}⠀⠼⠁⠄⠄⠄⠱⠑⠼⠑", text("Nu hotar")))
    );
    assert_eq!(lines.len(), 4, "{lines:?}");
}

/// A book of games with marks where ChessBase puts them: before the first move, after a move,
/// inside a variation, with text on both sides, after the last move; and a game from a
/// position whose mark before its first move is its start diagram.
const BOOK: &str = "---\ntitle: Diagram\n---\n\n# Partier\n\nEtt parti:\n\n```pgn\n\
[White \"Anna\"]\n[Black \"Bo\"]\n\n{[#]} 1. e4 e5 2. Nf3 {[#]} Nc6 3. Bb5 {Spanskt. [#] Vit \
hotar.} a6 (3... Nf6 4. O-O {[#]}) 4. Ba4 Nf6 5. O-O {[#]} 1-0\n```\n\nEn studie:\n\n```pgn\n\
[White \"Studie\"]\n[Black \"NN\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n\
{[#]} 1. e4 Kd7 2. e5 {[#]} Ke6 3. Kf2 1-0\n```\n";

/// The moves, brackets and marks of a PGN text, in order: move numbers, results and
/// comments other than the mark left out.
fn moves_and_marks(pgn: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = pgn;
    loop {
        let open = rest.find('{').unwrap_or(rest.len());
        let spaced = rest[..open].replace('(', " ( ").replace(')', " ) ");
        let moves = spaced.lines().filter(|l| !l.starts_with('['));
        out.extend(
            moves
                .flat_map(str::split_whitespace)
                .filter(|w| !w.starts_with(|c: char| c.is_ascii_digit()) && *w != "*")
                .map(str::to_owned),
        );
        let Some(close) = rest[open..].find('}') else {
            return out;
        };
        if rest[open..open + close].contains("[#]") {
            out.push("[#]".to_owned());
        }
        rest = &rest[open + close + 1..];
    }
}

#[test]
fn a_book_with_marks_builds_checking_itself_and_reads_back_in_every_form() {
    let dir = Sandbox::new();
    dir.write("bok.md", BOOK);
    // The study's first mark is its start diagram, read back as its [FEN].
    let expected: Vec<&str> = "[#] e4 e5 Nf3 [#] Nc6 Bb5 [#] a6 ( Nf6 O-O [#] ) Ba4 Nf6 O-O [#] \
                               e4 Kd7 e5 [#] Ke6 Kf2"
        .split_whitespace()
        .collect();
    for (_, form) in FORMS {
        for notation in ["ordinary", "compact"] {
            let ran = dir.run(&[
                "build",
                "bok.md",
                "--diagram",
                form,
                "--notation",
                notation,
                "--verify",
                "-o",
                "bok.brf",
            ]);
            ran.ok();
            // Six marks drawn in the games, and the study's start diagram (its first mark).
            assert!(
                ran.stderr.contains("2 games, 7 diagrams, no warnings"),
                "{form} {notation}: {}",
                ran.stderr
            );
            let ran = dir.run(&["read", "bok.brf", "--notation", notation, "-o", "bok.pgn"]);
            ran.ok();
            let pgn = String::from_utf8(dir.read("bok.pgn")).expect("UTF-8");
            assert!(
                pgn.contains("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]"),
                "{form} {notation}: {pgn}"
            );
            let read = moves_and_marks(&pgn);
            assert_eq!(read, expected, "{form} {notation}: {pgn}");
        }
    }
}
