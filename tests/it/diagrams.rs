//! Diagrams through the library, end to end (a `.fen` input through `transcribe_bytes`): the
//! book's section 5 cases byte for byte, positions the book does not show (derived by hand
//! from rules.md §6), the page rule, and every malformed-FEN error with its message and column.

use schackpunkt::{DiagramForm, InputKind, Notation, Settings};
use serde_json::Value;

use crate::support::{Built, book, data, fens, geometry, repo_file, transcribe};

/// Settings for a diagram: form, notation, side to move, line length; no pages.
fn settings(form: DiagramForm, notation: Notation, to_move: bool, width: usize) -> Settings {
    Settings {
        diagram: Some(form),
        notation: Some(notation),
        to_move: to_move.then_some(true),
        line_length: Some(width),
        page_length: Some(0),
        ..Settings::default()
    }
}

/// One position transcribed as `test.fen`, 28 cells a line, without pages.
fn drawn(text: &str, form: DiagramForm, notation: Notation, to_move: bool) -> Built {
    fens(&format!("{text}\n"), settings(form, notation, to_move, 28))
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The lines of one position's diagram.
fn draw(text: &str, form: DiagramForm, notation: Notation, to_move: bool) -> Vec<String> {
    drawn(text, form, notation, to_move).lines()
}

/// The warnings of a position, as shown (`test.fen:1:col: warning: …`).
fn warnings(text: &str) -> Vec<String> {
    drawn(text, DiagramForm::Pieces, Notation::Ordinary, false).warnings
}

/// A seed case: its FEN, form, notation, line length and expected lines.
fn seed(id: &str) -> (String, DiagramForm, Notation, usize, Vec<String>) {
    let text = std::fs::read_to_string(repo_file("tests/seed-cases.json")).expect("seed cases");
    let json: Value = serde_json::from_str(&text).expect("json");
    let case = json["cases"]
        .as_array()
        .and_then(|cases| cases.iter().find(|c| c["id"] == id))
        .unwrap_or_else(|| panic!("no case {id}"));
    let options = &case["options"];
    let form = match options["diagram"].as_str() {
        Some("pieces") => DiagramForm::Pieces,
        Some("rows") => DiagramForm::Rows,
        _ => DiagramForm::Board,
    };
    let notation = match options["notation"].as_str() {
        Some("compact") => Notation::Compact,
        _ => Notation::Ordinary,
    };
    let width = options["line_length"]
        .as_u64()
        .map_or(28, |n| usize::try_from(n).expect("width"));
    let expected = case["expected"]
        .as_array()
        .expect("expected")
        .iter()
        .map(|l| l.as_str().unwrap_or("").to_string())
        .collect();
    let fen = case["input"]["fen"].as_str().expect("fen").to_string();
    (fen, form, notation, width, expected)
}

fn check_seed(id: &str) {
    let (text, form, notation, width, expected) = seed(id);
    let got = fens(&format!("{text}\n"), settings(form, notation, false, width)).map(|b| b.lines());
    assert_eq!(got, Ok(expected.clone()), "{id}");
    // In a book, a ```fen block with the same words gives the same lines.
    let form = match form {
        DiagramForm::Pieces => "pieces",
        DiagramForm::Rows => "rows",
        DiagramForm::Board => "board",
    };
    let notation = match notation {
        Notation::Ordinary => "ordinary",
        Notation::Compact => "compact",
    };
    let md = format!("```fen {form} {notation}\n{text}\n```\n");
    let in_book = book(
        &md,
        settings(DiagramForm::Pieces, Notation::Ordinary, false, width),
    )
    .map(|b| b.lines());
    assert_eq!(in_book, Ok(expected), "{id} in a book");
}

#[test]
fn seed_5_1_pieces_ordinary() {
    check_seed("seed-5.1-pieces-ordinary");
}

#[test]
fn seed_5_1_pieces_compact() {
    check_seed("seed-5.1-pieces-compact");
}

#[test]
fn seed_5_2_rows() {
    check_seed("seed-5.2-rows");
}

#[test]
fn seed_5_3_board() {
    check_seed("seed-5.3-board");
}

const PROMOTED: &str = "3k4/8/8/8/8/8/8/QQQ1KB1B w - - 0 1";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const STUDY: &str = "2b5/8/4b3/8/8/8/8/7k b";
const EMPTY: &str = "8/8/8/8/8/8/8/8 w - - 0 1";

/// The files line above and below a board.
const FILES: &str = "⠀⠀⠀⠀⠁⠀⠃⠀⠉⠀⠙⠀⠑⠀⠋⠀⠛⠀⠓";

#[test]
fn three_queens_and_two_light_bishops() {
    use DiagramForm::*;
    use Notation::*;
    assert_eq!(
        draw(PROMOTED, Pieces, Ordinary, false),
        [
            "⠠⠧⠊⠞⠒⠀⠠⠅⠑⠼⠁⠂⠀⠠⠙⠁⠼⠁⠂⠀⠠⠙⠃⠼⠁⠂",
            "⠀⠀⠠⠙⠉⠼⠁⠂⠀⠠⠇⠋⠼⠁⠂⠀⠠⠇⠓⠼⠁⠄",
            "⠠⠎⠧⠁⠗⠞⠒⠀⠠⠅⠙⠼⠓⠄",
        ]
    );
    assert_eq!(
        draw(PROMOTED, Pieces, Compact, false),
        ["⠧⠊⠞⠒⠀⠅⠑⠂⠀⠙⠁⠂⠀⠙⠃⠂⠀⠙⠉⠂⠀⠇⠋⠂", "⠀⠀⠇⠓⠂⠄", "⠎⠧⠁⠗⠞⠒⠀⠅⠙⠦⠄"]
    );
    assert_eq!(
        draw(PROMOTED, Rows, Ordinary, false),
        ["⠒⠥⠲⠀⠦⠀⠦⠀⠦⠀⠦⠀⠦⠀⠦⠀⠙⠙⠙⠂⠅⠇⠂⠇"]
    );
    let empty_rank = |n: &str| format!("⠼{n}⠀⠀⠔⠀⠔⠀⠔⠀⠔⠀⠔⠀⠔⠀⠔⠀⠔⠀⠀⠼{n}");
    let mut board = vec![
        FILES.to_string(),
        String::new(),
        "⠼⠓⠀⠀⠔⠀⠔⠀⠔⠀⠥⠀⠔⠀⠔⠀⠔⠀⠔⠀⠀⠼⠓".to_string(),
    ];
    board.extend(["⠛", "⠋", "⠑", "⠙", "⠉", "⠃"].map(empty_rank));
    board.push("⠼⠁⠀⠀⠙⠀⠙⠀⠙⠀⠔⠀⠅⠀⠇⠀⠔⠀⠇⠀⠀⠼⠁".to_string());
    board.extend([String::new(), FILES.to_string()]);
    assert_eq!(draw(PROMOTED, Board, Ordinary, false), board);
    // Three queens and two light-squared bishops besides eight pawns: too much material.
    let w = warnings("3k4/8/8/8/8/8/PPPPPPPP/QQQ1KB1B w - - 0 1");
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].contains("White has more pieces than promotions can give"),
        "{w:?}"
    );
}

#[test]
fn full_ranks_and_every_black_piece() {
    use DiagramForm::*;
    use Notation::*;
    assert_eq!(
        draw(START, Rows, Compact, false),
        ["⠾⠮⠧⠹⠥⠧⠮⠾⠀⠣⠣⠣⠣⠣⠣⠣⠣⠀⠦⠀⠦⠀⠦⠀⠦", "⠃⠃⠃⠃⠃⠃⠃⠃⠀⠞⠎⠇⠙⠅⠇⠎⠞"]
    );
    assert_eq!(
        draw(START, Pieces, Compact, false),
        [
            "⠧⠊⠞⠒⠀⠅⠑⠂⠀⠙⠙⠂⠀⠞⠁⠂⠀⠞⠓⠂⠀⠇⠉⠂⠀⠇⠋⠂",
            "⠀⠀⠎⠃⠂⠀⠎⠛⠂⠀⠁⠆⠀⠃⠆⠀⠉⠆⠀⠙⠆⠀⠑⠆⠀⠋⠆",
            "⠀⠀⠛⠆⠀⠓⠆⠄",
            "⠎⠧⠁⠗⠞⠒⠀⠅⠑⠦⠀⠙⠙⠦⠀⠞⠁⠦⠀⠞⠓⠦⠀⠇⠉⠦",
            "⠀⠀⠇⠋⠦⠀⠎⠃⠦⠀⠎⠛⠦⠀⠁⠶⠀⠃⠶⠀⠉⠶⠀⠙⠶⠀⠑⠶",
            "⠀⠀⠋⠶⠀⠛⠶⠀⠓⠶⠄",
        ]
    );
    assert_eq!(
        draw(START, Pieces, Ordinary, false),
        [
            "⠠⠧⠊⠞⠒⠀⠠⠅⠑⠼⠁⠂⠀⠠⠙⠙⠼⠁⠂⠀⠠⠞⠁⠼⠁⠂",
            "⠀⠀⠠⠞⠓⠼⠁⠂⠀⠠⠇⠉⠼⠁⠂⠀⠠⠇⠋⠼⠁⠂",
            "⠀⠀⠠⠎⠃⠼⠁⠂⠀⠠⠎⠛⠼⠁⠂⠀⠁⠼⠃⠂⠀⠃⠼⠃⠂",
            "⠀⠀⠉⠼⠃⠂⠀⠙⠼⠃⠂⠀⠑⠼⠃⠂⠀⠋⠼⠃⠂⠀⠛⠼⠃⠂",
            "⠀⠀⠓⠼⠃⠄",
            "⠠⠎⠧⠁⠗⠞⠒⠀⠠⠅⠑⠼⠓⠂⠀⠠⠙⠙⠼⠓⠂⠀⠠⠞⠁⠼⠓⠂",
            "⠀⠀⠠⠞⠓⠼⠓⠂⠀⠠⠇⠉⠼⠓⠂⠀⠠⠇⠋⠼⠓⠂",
            "⠀⠀⠠⠎⠃⠼⠓⠂⠀⠠⠎⠛⠼⠓⠂⠀⠁⠼⠛⠂⠀⠃⠼⠛⠂",
            "⠀⠀⠉⠼⠛⠂⠀⠙⠼⠛⠂⠀⠑⠼⠛⠂⠀⠋⠼⠛⠂⠀⠛⠼⠛⠂",
            "⠀⠀⠓⠼⠛⠄",
        ]
    );
    let board = draw(START, Board, Compact, false);
    assert_eq!(board[2], "⠼⠓⠀⠀⠾⠀⠮⠀⠧⠀⠹⠀⠥⠀⠧⠀⠮⠀⠾⠀⠀⠼⠓");
    assert_eq!(board[3], "⠼⠛⠀⠀⠣⠀⠣⠀⠣⠀⠣⠀⠣⠀⠣⠀⠣⠀⠣⠀⠀⠼⠛");
    assert_eq!(board[8], "⠼⠃⠀⠀⠃⠀⠃⠀⠃⠀⠃⠀⠃⠀⠃⠀⠃⠀⠃⠀⠀⠼⠃");
    assert_eq!(board[9], "⠼⠁⠀⠀⠞⠀⠎⠀⠇⠀⠙⠀⠅⠀⠇⠀⠎⠀⠞⠀⠀⠼⠁");
    assert_eq!(warnings(START), Vec::<String>::new());
}

#[test]
fn empty_ranks_and_a_side_without_pieces() {
    use DiagramForm::*;
    use Notation::*;
    // Black bishops on c8 and e6 (both light squares), no white king; Black to move.
    assert_eq!(draw(STUDY, Rows, Ordinary, false), ["⠆⠧⠢⠀⠦⠀⠲⠧⠒⠀⠦⠀⠦⠀⠦⠀⠦⠀⠶⠥"]);
    assert_eq!(
        draw(STUDY, Pieces, Compact, true),
        ["⠧⠊⠞⠒⠀⠊⠝⠛⠁⠀⠏⠚⠜⠎⠑⠗⠄", "⠎⠧⠁⠗⠞⠒⠀⠅⠓⠂⠀⠇⠉⠦⠀⠇⠑⠖⠄", "⠎⠧⠁⠗⠞⠀⠙⠗⠁⠗⠄"]
    );
    assert_eq!(
        draw(STUDY, Pieces, Ordinary, true),
        [
            "⠠⠧⠊⠞⠒⠀⠊⠝⠛⠁⠀⠏⠚⠜⠎⠑⠗⠄",
            "⠠⠎⠧⠁⠗⠞⠒⠀⠠⠅⠓⠼⠁⠂⠀⠠⠇⠉⠼⠓⠂⠀⠠⠇⠑⠼⠋⠄",
            "⠠⠎⠧⠁⠗⠞⠀⠙⠗⠁⠗⠄",
        ]
    );
    let w = warnings(STUDY);
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].contains("White has no king"), "{}", w[0]);

    assert_eq!(draw(EMPTY, Rows, Compact, false), ["⠦⠀⠦⠀⠦⠀⠦⠀⠦⠀⠦⠀⠦⠀⠦"]);
    let board = draw(EMPTY, Board, Ordinary, false);
    assert_eq!(board.len(), 12);
    assert_eq!(board[6], "⠼⠙⠀⠀⠔⠀⠔⠀⠔⠀⠔⠀⠔⠀⠔⠀⠔⠀⠔⠀⠀⠼⠙");
    assert!(warnings(EMPTY)[0].contains("the board is empty"));
}

#[test]
fn pieces_on_one_file_go_from_rank_1_to_8() {
    assert_eq!(
        draw(
            "R7/8/8/8/8/8/R7/1R5R w",
            DiagramForm::Pieces,
            Notation::Compact,
            false
        )[0],
        "⠧⠊⠞⠒⠀⠞⠁⠆⠀⠞⠁⠦⠀⠞⠃⠂⠀⠞⠓⠂⠄"
    );
}

#[test]
fn side_to_move_follows_the_diagram_in_its_notation() {
    let (text, ..) = seed("seed-5.2-rows");
    let rows = draw(&text, DiagramForm::Rows, Notation::Ordinary, true);
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[2], "⠠⠧⠊⠞⠀⠙⠗⠁⠗⠄");
    let rows = draw(&text, DiagramForm::Rows, Notation::Compact, true);
    assert_eq!(rows[2], "⠧⠊⠞⠀⠙⠗⠁⠗⠄");
    let board = draw(&text, DiagramForm::Board, Notation::Ordinary, true);
    assert_eq!(board.len(), 13);
    assert_eq!(board[12], "⠠⠧⠊⠞⠀⠙⠗⠁⠗⠄");
    let black = text.replace(" w ", " b ");
    let board = draw(&black, DiagramForm::Board, Notation::Compact, true);
    assert_eq!(board[12], "⠎⠧⠁⠗⠞⠀⠙⠗⠁⠗⠄");
    // Without the option nothing follows.
    assert_eq!(
        draw(&text, DiagramForm::Board, Notation::Ordinary, false).len(),
        12
    );
}

/// A book of `filler` one-line paragraphs and then one ```fen block.
fn filler_then(filler: usize, block: &str) -> String {
    let mut md = String::new();
    for i in 0..filler {
        md.push_str(&format!("Rad {i}.\n\n"));
    }
    md.push_str(&format!("```fen {block}\n{START}\n```\n"));
    md
}

#[test]
fn a_diagram_is_never_split_across_pages() {
    // 20 lines a page (the page number's line and 19), 10 used: the 12-line board (with its
    // blank line before) does not fit and starts the next page. The page it leaves ends with
    // that blank line, not padded to its length.
    let pages = book(&filler_then(10, "board"), geometry(28, 20))
        .map(|b| b.pages)
        .unwrap_or_default();
    assert_eq!(pages.len(), 2, "{pages:?}");
    assert_eq!(pages[0].len(), 1 + 10 + 1, "{:?}", pages[0]);
    assert_eq!(pages[0][11], "");
    assert_eq!(pages[1].len(), 1 + 12, "{:?}", pages[1]);
    assert_eq!(pages[1][1], FILES);
    assert_eq!(pages[1][12], FILES);
    // With 6 paragraphs it just fits below them, after a blank line: the page is full.
    let pages = book(&filler_then(6, "board"), geometry(28, 20))
        .map(|b| b.pages)
        .unwrap_or_default();
    assert_eq!(pages.len(), 1, "{pages:?}");
    assert_eq!(pages[0].len(), 20);
    assert_eq!(pages[0][7..9], ["", FILES]);
    assert_eq!(pages[0][19], FILES);
    // With 7 it does not.
    let pages = book(&filler_then(7, "board"), geometry(28, 20))
        .map(|b| b.pages)
        .unwrap_or_default();
    assert_eq!(pages.len(), 2, "{pages:?}");
    assert_eq!(pages[1][1], FILES);
    // The compact piece list with its side-to-move line is 7 lines (Vit: 3, Svart: 3, Vit
    // drar. 1): with 25 of 29 lines used, the whole diagram moves to the next page.
    let pages = book(&filler_then(24, "pieces compact to-move"), geometry(28, 29))
        .map(|b| b.pages)
        .unwrap_or_default();
    assert_eq!(pages.len(), 2, "{pages:?}");
    assert_eq!(pages[0].len(), 1 + 24 + 1, "{:?}", pages[0]);
    assert_eq!(pages[0][25], "");
    assert_eq!(pages[1].len(), 1 + 7, "{:?}", pages[1]);
    assert!(pages[1][1].starts_with("⠧⠊⠞⠒"), "{:?}", pages[1]);
    assert_eq!(pages[1][7], "⠧⠊⠞⠀⠙⠗⠁⠗⠄");
}

#[test]
fn the_board_is_23_cells_wide() {
    let longest = draw(START, DiagramForm::Board, Notation::Ordinary, false)
        .iter()
        .map(|l| l.chars().count())
        .max();
    assert_eq!(longest, Some(23));
    // 23 cells a line are enough; 22 are not.
    let at = |width| {
        fens(
            &format!("{START}\n"),
            settings(DiagramForm::Board, Notation::Ordinary, false, width),
        )
    };
    let wide = at(23).unwrap_or_default();
    assert!(wide.warnings.is_empty(), "{:?}", wide.warnings);
    assert_eq!(wide.lines().len(), 12);
    // On 22 cells the one rule for boards too wide: a warning at the position, a piece list.
    let narrow = at(22).unwrap_or_default();
    assert_eq!(
        narrow
            .warnings
            .first()
            .map(|w| w.lines().next().unwrap_or("")),
        Some(
            "test.fen:1:1: warning: a board diagram needs 23 cells a line and 13 lines a page; \
             written as a piece list"
        ),
        "{:?}",
        narrow.warnings
    );
    assert!(
        narrow.lines()[0].starts_with("⠠⠧⠊⠞⠒"),
        "{:?}",
        narrow.lines()
    );
    // In a book the block is written as a piece list, with a warning at its fence.
    let md = format!("Text.\n\n```fen board\n{START}\n```\n");
    let b = book(
        &md,
        settings(DiagramForm::Pieces, Notation::Ordinary, false, 22),
    )
    .unwrap_or_default();
    assert!(
        b.warnings.iter().any(|w| w.starts_with(
            "bok.md:3:1: warning: a board diagram needs 23 cells a line and 13 lines a page; \
             written as a piece list"
        )),
        "{:?}",
        b.warnings
    );
    assert!(b.lines()[2].starts_with("⠠⠧⠊⠞⠒"), "{:?}", b.lines());
    // A page too short for the board (12 lines and a page number line): the same rule, so
    // that a board is never split across pages.
    let on_page = |length| {
        fens(
            &format!("{START}\n"),
            Settings {
                page_length: Some(length),
                ..settings(DiagramForm::Board, Notation::Ordinary, false, 28)
            },
        )
        .unwrap_or_default()
    };
    let tall = on_page(13);
    assert!(tall.warnings.is_empty(), "{:?}", tall.warnings);
    assert_eq!(tall.pages.len(), 1, "{:?}", tall.pages);
    assert_eq!(tall.lines().len(), 12, "{:?}", tall.pages);
    let short = on_page(12);
    assert!(
        short.warnings.first().is_some_and(|w| w.starts_with(
            "test.fen:1:1: warning: a board diagram needs 23 cells a line and 13 lines a page"
        )),
        "{:?}",
        short.warnings
    );
    assert!(short.lines()[0].starts_with("⠠⠧⠊⠞⠒"), "{:?}", short.pages);
}

#[test]
fn a_fen_list_from_a_file() {
    let name = "tests/data/diagrams.fen";
    let bytes = std::fs::read(data("diagrams.fen")).expect("tests/data/diagrams.fen");
    let b = transcribe(
        name,
        InputKind::Fen,
        bytes,
        settings(DiagramForm::Pieces, Notation::Ordinary, false, 28),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    // The positions on lines 4, 7, 10 and 12 (comments, indented comments and blank lines
    // skipped), one blank line apart.
    let (final_position, ..) = seed("seed-5.1-pieces-ordinary");
    let mut expected = Vec::new();
    for fen in [final_position.as_str(), PROMOTED, START, STUDY] {
        if !expected.is_empty() {
            expected.push(String::new());
        }
        expected.extend(draw(fen, DiagramForm::Pieces, Notation::Ordinary, false));
    }
    assert_eq!(b.lines(), expected);
    // Only the study (no white king) warns, at its line.
    assert_eq!(b.warnings.len(), 1, "{:?}", b.warnings);
    assert!(
        b.warnings[0].starts_with(&format!(
            "{name}:12:1: warning: this position could not arise in a game"
        )),
        "{}",
        b.warnings[0]
    );
}

/// The error of a FEN on line 3 of `bad.fen` (after a comment and a blank line): its column
/// and message. The error shows the line.
fn error(line: &str) -> (u32, String) {
    let text = format!("# bad\n\n{line}\n");
    let shown = match transcribe("bad.fen", InputKind::Fen, text, Settings::default()) {
        Err(e) => {
            assert_eq!(e.exit_code(), 1, "{line}: not an input error: {e}");
            e.to_string()
        }
        Ok(_) => panic!("{line}: accepted"),
    };
    let first = shown.lines().next().unwrap_or_default();
    let rest = first
        .strip_prefix("bad.fen:3:")
        .unwrap_or_else(|| panic!("{line}: not at line 3 of bad.fen: {shown}"));
    let (column, message) = rest
        .split_once(": error: ")
        .unwrap_or_else(|| panic!("{line}: {shown}"));
    assert!(shown.contains(&format!("\n3 | {line}\n")), "{shown}");
    (column.parse().expect("a column"), message.to_string())
}

const BOARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

#[test]
fn malformed_fens_are_located_errors() {
    let cases: &[(String, u32, &str)] = &[
        (
            "8/8/8/8/8/8/8 w - - 0 1".into(),
            1,
            "malformed FEN: board: 7 ranks; a board has 8",
        ),
        (
            "8/8/8/8/8/8/8/8/8".into(),
            1,
            "malformed FEN: board: 9 ranks; a board has 8",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/7/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            25,
            "malformed FEN: rank 3 has 7 squares; a rank has 8",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w".into(),
            36,
            "malformed FEN: rank 1 has 9 squares; a rank has 8",
        ),
        (
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w".into(),
            10,
            "malformed FEN: rank 7: 'x' is neither a piece letter",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/9/PPPPPPPP/RNBQKBNR w".into(),
            25,
            "malformed FEN: rank 3: '9' is neither a piece letter",
        ),
        (
            "rnbqkbnr/pppppppp/8//8/8/PPPPPPPP/RNBQKBNR w".into(),
            21,
            "malformed FEN: rank 5 is empty",
        ),
        (
            format!("{BOARD} x KQkq - 0 1"),
            45,
            "malformed FEN: side to move: 'x' is neither w",
        ),
        (
            format!("{BOARD} W KQkq - 0 1"),
            45,
            "malformed FEN: side to move: 'W'",
        ),
        (
            format!("{BOARD} w KQkx - 0 1"),
            47,
            "malformed FEN: castling: 'x' is not a castling right",
        ),
        (
            format!("{BOARD} w KKq - 0 1"),
            47,
            "malformed FEN: castling: 'K' is given twice",
        ),
        (
            format!("{BOARD} w K- - 0 1"),
            47,
            "malformed FEN: castling: '-'",
        ),
        (
            format!("{BOARD} w KQkq e4 0 1"),
            52,
            "malformed FEN: en passant: e4 is not on rank 3 or 6",
        ),
        (
            format!("{BOARD} w KQkq z9 0 1"),
            52,
            "malformed FEN: en passant: 'z9' is not a square",
        ),
        (
            format!("{BOARD} w KQkq - x 1"),
            54,
            "malformed FEN: halfmove clock: 'x' is not a whole number",
        ),
        (
            format!("{BOARD} w KQkq - -1 1"),
            54,
            "malformed FEN: halfmove clock: '-1'",
        ),
        (
            format!("{BOARD} w KQkq - 0 99999999999"),
            56,
            "malformed FEN: fullmove number: 99999999999 is too large",
        ),
        (
            format!("{BOARD} w KQkq - 0 1.5"),
            56,
            "malformed FEN: fullmove number: '1.5' is not a whole number",
        ),
        (
            format!("{BOARD} w KQkq - 0 1 extra"),
            58,
            "malformed FEN: unexpected 'extra' after the fullmove number",
        ),
    ];
    for (line, column, message) in cases {
        let (c, m) = error(line);
        assert!(
            m.starts_with(message),
            "{line}: got {m:?}, want {message:?}"
        );
        assert_eq!(c, *column, "{line}: {m}");
    }
}

#[test]
fn a_line_of_blanks_is_no_position() {
    // Blank lines are skipped like comments: a file of them has no positions.
    let b = transcribe("blank.fen", InputKind::Fen, "   \n", Settings::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(b.lines().is_empty());
    assert_eq!(b.warnings.len(), 1);
    assert!(
        b.warnings[0].starts_with("blank.fen:1:1: warning: no positions in this file"),
        "{:?}",
        b.warnings
    );
}

#[test]
fn an_error_shows_the_line_and_marks_the_field() {
    let text = "# two positions\n\nk7/8/8/8/8/8/8/K7 w - - 0 1\n  k7/8/8/8/8/8/8/K7 w - e3x 0 1\n";
    let shown = match transcribe("two.fen", InputKind::Fen, text, Settings::default()) {
        Err(e) => {
            assert_eq!(e.exit_code(), 1);
            e.to_string()
        }
        Ok(b) => panic!("accepted: {:?}", b.lines()),
    };
    let expected = format!(
        "two.fen:4:25: error: malformed FEN: en passant: 'e3x' is not a square (the square a pawn \
         passed over, or -)\n  |\n4 |   k7/8/8/8/8/8/8/K7 w - e3x 0 1\n  | {}^^^",
        " ".repeat(24)
    );
    assert_eq!(shown, expected);
}

#[test]
fn impossible_positions_are_drawn_with_a_warning() {
    let cases = [
        ("8/8/8/8/8/8/8/K7 w", "Black has no king"),
        ("K6k/8/8/8/8/8/8/K7 w", "White has 2 kings"),
        (
            "k7/8/8/8/8/8/8/K6P w",
            "pawns on the first or eighth rank: h1",
        ),
        (
            "k7/8/8/8/8/8/8/R6K w",
            "Black is in check but White is to move",
        ),
        (
            "k7/8/8/8/8/8/8/K7 w KQ",
            "castling rights the kings and rooks on the board do not allow",
        ),
        (
            "k7/8/8/8/8/8/8/K7 w - e6",
            "en passant square e6 that no double pawn move left",
        ),
    ];
    for (text, reason) in cases {
        let b = drawn(text, DiagramForm::Rows, Notation::Compact, false);
        assert_eq!(b.warnings.len(), 1, "{text}: {:?}", b.warnings);
        let w = &b.warnings[0];
        assert!(w.contains(reason), "{text}: {w}");
        assert!(
            w.starts_with("test.fen:1:1: warning: this position could not arise in a game"),
            "{text}: {w}"
        );
        // Drawn all the same.
        assert!(!b.lines().is_empty());
    }
    // A fullmove number 0 is read as 1, with a warning at the field.
    let w = warnings("k7/8/8/8/8/8/8/K7 w - - 0 0");
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].starts_with("test.fen:1:27: warning: fullmove number 0 read as 1"),
        "{}",
        w[0]
    );
}

/// A game from a `[FEN]` position with moves, whose position no diagram before them shows (no
/// start diagram, no ```` ```fen ```` block right before it), is warned of at the game: a reader
/// cannot follow its moves (the build was silent, a transcriber's find). Not with
/// `--start-diagram`, not after a diagram of that position, not for a game from the start.
#[test]
fn moves_from_a_position_no_diagram_shows_are_warned_of() {
    let dir = crate::support::Sandbox::new();
    let study =
        "[White \"Réti\"]\n[FEN \"7K/8/k1P5/7p/8/8/8/8 w - - 0 1\"]\n\n1. Kg7 h4 2. Kf6 *\n";
    dir.write("s.pgn", format!("{study}\n[White \"A\"]\n\n1. e4 e5 *\n"));
    let ran = dir.run(&["build", "s.pgn", "-o", "s.brf"]);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert!(
        ran.stderr.starts_with(
            "s.pgn:1:1: warning: game 1 begins from a position ([FEN]) that no diagram before \
             its moves shows"
        ) && ran.stderr.contains("--start-diagram")
            && ran.stderr.contains("1 warning."),
        "{}",
        ran.stderr
    );
    let ran = dir.run(&["build", "s.pgn", "--start-diagram", "-o", "s.brf"]);
    assert!(ran.ok().stderr.contains("no warnings"), "{}", ran.stderr);
    // A book that draws the position before the game (text between them too): no warning;
    // another position drawn before it: the warning.
    for (fen, warned) in [
        ("7K/8/k1P5/7p/8/8/8/8 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true),
    ] {
        dir.write(
            "bok.md",
            format!("# Studie\n\n```fen\n{fen}\n```\n\nVit drar och håller remi.\n\n```pgn\n{study}```\n"),
        );
        let ran = dir.run(&["build", "bok.md", "-o", "bok.brf"]);
        assert_eq!(ran.code, Some(0), "{}", ran.stderr);
        assert_eq!(
            ran.stderr.contains("warning: game 1 begins"),
            warned,
            "{}",
            ran.stderr
        );
    }
    // A `[FEN]` of the start position needs no diagram.
    dir.write(
        "start.pgn",
        "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n\
         1. e4 e5 *\n",
    );
    let ran = dir.run(&["build", "start.pgn", "-o", "start.brf"]);
    assert!(ran.ok().stderr.contains("no warnings"), "{}", ran.stderr);
}
