//! Diagrams through the library: the book's section 5 cases byte for byte, positions the book
//! does not show (derived by hand from rules.md §6), the page rule, and every malformed-FEN
//! error with its message and column.

use std::io;

use schackpunkt::braille::cell::{Cell, to_unicode_string};
use schackpunkt::braille::diagram::{BOARD_WIDTH, diagram, diagram_fixed};
use schackpunkt::document::fen::{FenReader, ParsedFen, parse_fen, read_fens};
use schackpunkt::layout::{Block, Layouter, LineSink};
use schackpunkt::options::{DiagramForm, Notation};
use schackpunkt::{Error, Location};

/// Lines as Unicode braille; a page end is a line "\x0c".
#[derive(Default)]
struct Lines(Vec<String>);

impl LineSink for Lines {
    fn line(&mut self, cells: &[Cell]) -> io::Result<()> {
        self.0.push(to_unicode_string(cells));
        Ok(())
    }
    fn end_page(&mut self) -> io::Result<()> {
        self.0.push("\x0c".to_string());
        Ok(())
    }
}

fn render(blocks: Vec<Block>, width: usize, page_length: usize) -> Vec<String> {
    let mut l = Layouter::new(width, page_length, Lines::default());
    for mut b in blocks {
        l.push(&mut b).expect("layout");
    }
    l.finish().expect("finish").0
}

fn fen(text: &str) -> ParsedFen {
    parse_fen(
        text,
        Location {
            file: "test.fen".into(),
            line: 1,
            column: 1,
        },
    )
    .expect("a good FEN")
}

fn draw(text: &str, form: DiagramForm, notation: Notation, to_move: bool) -> Vec<String> {
    let p = fen(text);
    render(diagram(p.board(), p.turn(), form, notation, to_move), 28, 0)
}

/// The text between `start` and the next `end` after it.
fn between<'a>(s: &'a str, start: &str, end: &str) -> &'a str {
    let from = s.find(start).expect(start) + start.len();
    let len = s[from..].find(end).expect(end);
    &s[from..from + len]
}

/// A seed case: its FEN, form, notation, line length and expected lines.
fn seed(id: &str) -> (String, DiagramForm, Notation, usize, Vec<String>) {
    let json = include_str!("seed-cases.json");
    let at = json.find(&format!("\"id\": \"{id}\"")).expect(id);
    let case = &json[at..];
    let case = &case[..case[1..].find("\"id\":").map_or(case.len(), |i| i + 1)];
    let form = match between(case, "\"diagram\": \"", "\"") {
        "pieces" => DiagramForm::Pieces,
        "rows" => DiagramForm::Rows,
        _ => DiagramForm::Board,
    };
    let notation = if case.contains("\"notation\": \"compact\"") {
        Notation::Compact
    } else {
        Notation::Ordinary
    };
    let width = if case.contains("\"line_length\": ") {
        between(case, "\"line_length\": ", "\n")
            .trim()
            .trim_end_matches(',')
            .parse()
            .expect("width")
    } else {
        28
    };
    let expected = between(case, "\"expected\": [", "]")
        .split(',')
        .map(|s| s.trim().trim_matches('"').to_string())
        .collect();
    (
        between(case, "\"fen\": \"", "\"").to_string(),
        form,
        notation,
        width,
        expected,
    )
}

fn check_seed(id: &str) {
    let (text, form, notation, width, expected) = seed(id);
    let p = fen(&text);
    let got = render(
        diagram(p.board(), p.turn(), form, notation, false),
        width,
        0,
    );
    assert_eq!(got, expected, "{id}");
    // The one-block form gives the same lines.
    let block = diagram_fixed(p.board(), p.turn(), form, notation, false, width);
    assert_eq!(render(vec![block], width, 0), expected, "{id} as one block");
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
    let files = "⠀⠀⠀⠀⠁⠀⠃⠀⠉⠀⠙⠀⠑⠀⠋⠀⠛⠀⠓".to_string();
    let mut board = vec![
        files.clone(),
        String::new(),
        "⠼⠓⠀⠀⠔⠀⠔⠀⠔⠀⠥⠀⠔⠀⠔⠀⠔⠀⠔⠀⠀⠼⠓".to_string(),
    ];
    board.extend(["⠛", "⠋", "⠑", "⠙", "⠉", "⠃"].map(empty_rank));
    board.push("⠼⠁⠀⠀⠙⠀⠙⠀⠙⠀⠔⠀⠅⠀⠇⠀⠔⠀⠇⠀⠀⠼⠁".to_string());
    board.extend([String::new(), files]);
    assert_eq!(draw(PROMOTED, Board, Ordinary, false), board);
    // Three queens and two light-squared bishops besides eight pawns: too much material.
    let p = fen("3k4/8/8/8/8/8/PPPPPPPP/QQQ1KB1B w - - 0 1");
    assert_eq!(p.warnings.len(), 1);
    assert!(
        p.warnings[0]
            .0
            .message
            .contains("White has more pieces than promotions can give")
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
    assert!(fen(START).warnings.is_empty());
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
    let p = fen(STUDY);
    assert_eq!(p.warnings.len(), 1);
    assert!(
        p.warnings[0].0.message.contains("White has no king"),
        "{}",
        p.warnings[0]
    );
    assert!(p.position.is_none());

    assert_eq!(draw(EMPTY, Rows, Compact, false), ["⠦⠀⠦⠀⠦⠀⠦⠀⠦⠀⠦⠀⠦⠀⠦"]);
    let board = draw(EMPTY, Board, Ordinary, false);
    assert_eq!(board.len(), 12);
    assert_eq!(board[6], "⠼⠙⠀⠀⠔⠀⠔⠀⠔⠀⠔⠀⠔⠀⠔⠀⠔⠀⠔⠀⠀⠼⠙");
    assert!(
        fen(EMPTY).warnings[0]
            .0
            .message
            .contains("the board is empty")
    );
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

#[test]
fn a_diagram_is_never_split_across_pages() {
    let p = fen(START);
    let filler = |n: usize| Block::Fixed(vec![vec![Cell::dots("1")]; n]);
    // 20 lines a page, 10 used: the 12-line board starts the next page.
    let board = diagram_fixed(
        p.board(),
        p.turn(),
        DiagramForm::Board,
        Notation::Ordinary,
        false,
        28,
    );
    let out = render(vec![filler(10), board], 28, 20);
    assert_eq!(out.len(), 10 + 1 + 12 + 1);
    assert_eq!(out[10], "\x0c");
    assert_eq!(out[11], "⠀⠀⠀⠀⠁⠀⠃⠀⠉⠀⠙⠀⠑⠀⠋⠀⠛⠀⠓");
    // The compact piece list with its side-to-move line is 7 lines (Vit: 3, Svart: 3, Vit
    // drar. 1): with 25 of 29 lines used, the whole diagram moves to the next page.
    let pieces = diagram_fixed(
        p.board(),
        p.turn(),
        DiagramForm::Pieces,
        Notation::Compact,
        true,
        28,
    );
    let out = render(vec![filler(25), pieces], 28, 29);
    assert_eq!(out[25], "\x0c");
    assert!(out[26].starts_with("⠧⠊⠞⠒"));
    assert_eq!(out[33], "\x0c");
    assert_eq!(out.len(), 34);
}

#[test]
fn the_board_is_23_cells_wide() {
    assert_eq!(BOARD_WIDTH, 23);
    let p = fen(START);
    let longest = render(
        diagram(
            p.board(),
            p.turn(),
            DiagramForm::Board,
            Notation::Ordinary,
            false,
        ),
        28,
        0,
    )
    .iter()
    .map(|l| l.chars().count())
    .max();
    assert_eq!(longest, Some(BOARD_WIDTH));
}

#[test]
fn a_fen_list_from_a_file() {
    let file = std::fs::File::open("tests/data/diagrams.fen").expect("tests/data/diagrams.fen");
    let fens = read_fens(io::BufReader::new(file), "tests/data/diagrams.fen").expect("good FENs");
    let lines: Vec<u32> = fens.iter().map(|p| p.location.line).collect();
    assert_eq!(lines, [4, 7, 10, 12]);
    let warned: Vec<usize> = fens.iter().map(|p| p.warnings.len()).collect();
    assert_eq!(warned, [0, 0, 0, 1]);
    assert!(fens[2].position.is_some());
}

/// The error of a FEN: its column and message.
fn error(line: &str) -> (u32, String) {
    match parse_fen(
        line,
        Location {
            file: "bad.fen".into(),
            line: 3,
            column: 1,
        },
    ) {
        Err(Error::Input(d)) => {
            assert_eq!(d.location.file, "bad.fen");
            assert_eq!(d.location.line, 3);
            assert_eq!(d.source_line.as_deref(), Some(line));
            (d.location.column, d.message)
        }
        Err(e) => panic!("{line}: not an input error: {e}"),
        Ok(_) => panic!("{line}: accepted"),
    }
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
        ("   ".into(), 4, "malformed FEN: the board is missing"),
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
fn an_error_shows_the_line_and_marks_the_field() {
    let text = "# two positions\n\nk7/8/8/8/8/8/8/K7 w - - 0 1\n  k7/8/8/8/8/8/8/K7 w - e3x 0 1\n";
    let mut reader = FenReader::new(text.as_bytes(), "two.fen");
    assert!(matches!(reader.next(), Some(Ok(_))));
    let shown = match reader.next() {
        Some(Err(e)) => {
            assert_eq!(e.exit_code(), 1);
            e.to_string()
        }
        other => panic!("{other:?}"),
    };
    let expected = format!(
        "two.fen:4:25: error: malformed FEN: en passant: 'e3x' is not a square (the square a pawn \
         passed over, or -)\n  |\n4 |   k7/8/8/8/8/8/8/K7 w - e3x 0 1\n  | {}^^^",
        " ".repeat(24)
    );
    assert_eq!(shown, expected);
    assert!(reader.next().is_none());
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
        let p = fen(text);
        assert_eq!(p.warnings.len(), 1, "{text}");
        let w = &p.warnings[0].0;
        assert!(w.message.contains(reason), "{text}: {}", w.message);
        assert!(
            w.message
                .starts_with("this position could not arise in a game")
        );
        assert_eq!(w.location.column, 1);
        // Drawn all the same.
        let rows = render(
            diagram(
                p.board(),
                p.turn(),
                DiagramForm::Rows,
                Notation::Compact,
                false,
            ),
            28,
            0,
        );
        assert!(!rows.is_empty());
    }
    // Bad castling rights and en passant squares are dropped: moves can still be played.
    assert!(fen("k7/8/8/8/8/8/8/K7 w KQ").position.is_some());
    assert!(fen("8/8/8/8/8/8/8/K7 w").position.is_none());
    // A fullmove number 0 is read as 1, with a warning at the field.
    let p = fen("k7/8/8/8/8/8/8/K7 w - - 0 0");
    assert_eq!(p.setup.fullmoves.get(), 1);
    assert_eq!(p.warnings.len(), 1);
    assert_eq!(p.warnings[0].0.location.column, 27);
}
