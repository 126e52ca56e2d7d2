//! Diagrams (rules.md §6, book section 5): a position as a piece list (5.1), rank by rank
//! (5.2) or as a spatial board (5.3), with an optional line saying who is to move.
//!
//! The rules live in the tables at the top; the functions only walk the board. Whatever the
//! board holds is drawn (promoted pieces, missing kings, empty or full ranks): diagrams are not
//! games, and validity is the FEN reader's business (a warning there, never a refusal here).

use shakmaty::{Board, Color, File, Piece, Rank, Square};

use super::block::{Block, Paragraph};
use super::cell::Cell;
use super::pieces::{LOWER_DIGITS, diagram_letter, letter, list_letter, print_letter};
use super::text;
use super::{notation, tables};
use crate::chess::pieces::{PIECES, PieceLetters};
use crate::settings::{DiagramForm, Notation};

/// King, queen, rooks, bishops, knights, pawns: the order of a piece list (book 5.1). The
/// letters are in [`crate::chess::pieces`] and [`super::pieces`].
const KINDS: &[PieceLetters] = PIECES;

/// The words of a diagram, as Swedish print text. Ordinary notation translates them with the
/// text rules as they stand (capital signs); compact notation translates them in lower case
/// (no capital signs, as the book's compact `Vit:`).
struct Words {
    white: &'static str,
    black: &'static str,
    /// Written after the label when a side has no pieces at all (book silent).
    no_pieces: &'static str,
    white_to_move: &'static str,
    black_to_move: &'static str,
}

const WORDS: Words = Words {
    white: "Vit:",
    black: "Svart:",
    no_pieces: "inga pjäser.",
    white_to_move: "Vit drar.",
    black_to_move: "Svart drar.",
};

/// Between pieces of an ordinary piece list, and after the last one.
const ORDINARY_SEPARATOR: &str = ",";
const ORDINARY_END: &str = ".";
/// After the last piece of a compact piece list: a period (dot 3).
const COMPACT_END: Cell = notation::COMPACT_END;

/// Continuation lines of a piece list are indented two cells (book 5.1); rank by rank has none.
const PIECES_REST_INDENT: usize = 2;
const ROWS_REST_INDENT: usize = 0;

/// Board (5.3): an empty square is dots 35.
const EMPTY_SQUARE: Cell = Cell::dots("35");
/// Board (5.3): the number sign before each rank number.
const NUMBER_SIGN: Cell = tables::NUMBER_SIGN[0];
/// Board (5.3): blanks between a rank number and the board.
const BOARD_MARGIN: usize = 2;
/// Board (5.3): the rank number with its number sign.
const RANK_LABEL: usize = 2;

/// Cells a board line takes: rank label, margin, 8 squares with blanks between, margin, label.
pub(crate) const BOARD_WIDTH: usize = 2 * (RANK_LABEL + BOARD_MARGIN) + 15;

/// Lines a board takes: the file letters, a blank line, eight ranks, a blank line, the file
/// letters.
pub(crate) const BOARD_LINES: usize = 12;

/// Draws a position in one of the three forms of the book's section 5, as one
/// [`Block::Together`] that the layout never splits across pages:
///
/// - `Pieces`: a `Vit:` paragraph and a `Svart:` paragraph, continuation lines indented two
///   cells;
/// - `Rows`: one paragraph, ranks 8 to 1 as words, no continuation indent;
/// - `Board`: one fixed block of [`BOARD_LINES`] lines, [`BOARD_WIDTH`] cells wide (the caller
///   makes sure the line is that wide and the page that long: see the rule for boards too wide
///   or too tall in `build`).
///
/// With `to_move`, a one-line paragraph `Vit drar.` / `Svart drar.` follows, in `notation`
/// (ordinary: with capital sign; compact: without).
pub(crate) fn diagram(
    board: &Board,
    turn: Color,
    form: DiagramForm,
    notation: Notation,
    to_move: bool,
) -> Block {
    let mut blocks = match form {
        DiagramForm::Pieces => Color::ALL
            .iter()
            .map(|&c| Block::Paragraph(piece_list(board, c, notation)))
            .collect(),
        DiagramForm::Rows => vec![Block::Paragraph(rows(board))],
        DiagramForm::Board => vec![Block::Fixed {
            lines: board_lines(board),
            indent: 0,
        }],
    };
    if to_move {
        let mut p = Paragraph::new(0, 0);
        p.push_text(&to_move_cells(turn, notation));
        blocks.push(Block::Paragraph(p));
    }
    Block::Together(blocks)
}

/// The caption above a diagram (an EPD line's `id` and comments), in the text rules, kept with
/// the diagram; a character with no rule is written as the substitute and passed to
/// `unmapped`.
pub(crate) fn caption(text: &str, unmapped: &mut dyn FnMut(char)) -> Block {
    let mut cells = Vec::new();
    let mut missing = Vec::new();
    text::translate(text, &mut cells, &mut missing);
    for u in &missing {
        unmapped(u.ch);
    }
    let mut p = Paragraph::new(0, 2);
    p.push_text(&cells);
    p.end_word();
    p.keep_with_next = true;
    Block::Paragraph(p)
}

/// The line after a diagram saying who is to move: `Vit drar.` or `Svart drar.`, translated
/// with the text rules; in compact notation in lower case (no capital sign).
pub(crate) fn to_move_cells(turn: Color, notation: Notation) -> Vec<Cell> {
    let text = match turn {
        Color::White => WORDS.white_to_move,
        Color::Black => WORDS.black_to_move,
    };
    let mut out = Vec::new();
    words(text, notation, &mut out);
    out
}

/// Translates diagram words: as written in ordinary notation, in lower case in compact.
fn words(text: &str, notation: Notation, out: &mut Vec<Cell>) {
    let mut unmapped = Vec::new();
    match notation {
        Notation::Ordinary => text::translate(text, out, &mut unmapped),
        Notation::Compact => text::translate(&text.to_lowercase(), out, &mut unmapped),
    }
    // The words are fixed Swedish text: nothing in them lacks a rule.
    debug_assert!(
        unmapped.is_empty(),
        "diagram words without a braille rule: {unmapped:?}"
    );
}

/// The squares of one kind of piece of one colour in list order: file a to h, on one file
/// rank 1 to 8.
fn squares_of(board: &Board, piece: Piece) -> Vec<Square> {
    let mut squares: Vec<Square> = board.by_piece(piece).into_iter().collect();
    squares.sort_by_key(|sq| (sq.file(), sq.rank()));
    squares
}

/// Book 5.1: `Vit:` (or `Svart:`) and the pieces of one colour.
fn piece_list(board: &Board, color: Color, notation: Notation) -> Paragraph {
    let mut p = Paragraph::new(0, PIECES_REST_INDENT);
    p.keep_together = true;
    let mut cells = Vec::new();
    let label = match color {
        Color::White => WORDS.white,
        Color::Black => WORDS.black,
    };
    words(label, notation, &mut cells);
    p.push_text(&cells);
    p.end_word();

    let pieces: Vec<(&PieceLetters, Square)> = KINDS
        .iter()
        .flat_map(|kind| {
            squares_of(
                board,
                Piece {
                    color,
                    role: kind.role,
                },
            )
            .into_iter()
            .map(move |sq| (kind, sq))
        })
        .collect();
    if pieces.is_empty() {
        cells.clear();
        words(WORDS.no_pieces, notation, &mut cells);
        p.push_text(&cells);
        p.end_word();
        return p;
    }
    let mut text = String::new();
    for (i, (kind, sq)) in pieces.iter().enumerate() {
        let last = i + 1 == pieces.len();
        cells.clear();
        match notation {
            Notation::Ordinary => {
                text.clear();
                text.extend(print_letter(kind.role));
                text.push(sq.file().char());
                text.push(sq.rank().char());
                text.push_str(if last {
                    ORDINARY_END
                } else {
                    ORDINARY_SEPARATOR
                });
                words(&text, notation, &mut cells);
            }
            Notation::Compact => {
                cells.extend(list_letter(kind.role));
                cells.push(letter(sq.file().char() as u8));
                cells.push(LOWER_DIGITS[usize::from(sq.rank()) + 1]);
                if last {
                    cells.push(COMPACT_END);
                }
            }
        }
        p.push_text(&cells);
        p.end_word();
    }
    p
}

/// The cell of a piece in rank by rank and on the board: its letter, dot 6 added for black.
fn spatial_cell(piece: Piece) -> Cell {
    let l = diagram_letter(piece.role);
    match piece.color {
        Color::White => l,
        Color::Black => l.with_dot6(),
    }
}

/// Book 5.2: ranks 8 to 1 as words, a run of empty squares as its count in lower digits.
fn rows(board: &Board) -> Paragraph {
    let mut p = Paragraph::new(0, ROWS_REST_INDENT);
    p.keep_together = true;
    for rank in Rank::ALL.into_iter().rev() {
        let mut empty = 0usize;
        for file in File::ALL {
            match board.piece_at(Square::from_coords(file, rank)) {
                Some(piece) => {
                    if empty > 0 {
                        p.push_cell(LOWER_DIGITS[empty]);
                        empty = 0;
                    }
                    p.push_cell(spatial_cell(piece));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            p.push_cell(LOWER_DIGITS[empty]);
        }
        p.end_word();
    }
    p
}

/// The line of file letters above and below the board, aligned with the squares.
fn file_line() -> Vec<Cell> {
    let mut line = vec![Cell::BLANK; RANK_LABEL + BOARD_MARGIN];
    for (i, file) in File::ALL.into_iter().enumerate() {
        if i > 0 {
            line.push(Cell::BLANK);
        }
        line.push(letter(file.char() as u8));
    }
    line
}

/// A rank number with its number sign (digits are the cells of a..j).
fn rank_label(rank: Rank) -> [Cell; RANK_LABEL] {
    [NUMBER_SIGN, tables::DIGITS[usize::from(rank) + 1]]
}

/// Book 5.3: file letters, a blank line, ranks 8 to 1 with their numbers on both sides, a blank
/// line, file letters.
fn board_lines(board: &Board) -> Vec<Vec<Cell>> {
    let mut lines = Vec::with_capacity(BOARD_LINES);
    lines.push(file_line());
    lines.push(Vec::new());
    for rank in Rank::ALL.into_iter().rev() {
        let mut line = Vec::with_capacity(BOARD_WIDTH);
        line.extend(rank_label(rank));
        line.extend([Cell::BLANK; BOARD_MARGIN]);
        for (i, file) in File::ALL.into_iter().enumerate() {
            if i > 0 {
                line.push(Cell::BLANK);
            }
            line.push(
                board
                    .piece_at(Square::from_coords(file, rank))
                    .map_or(EMPTY_SQUARE, spatial_cell),
            );
        }
        line.extend([Cell::BLANK; BOARD_MARGIN]);
        line.extend(rank_label(rank));
        lines.push(line);
    }
    lines.push(Vec::new());
    lines.push(file_line());
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::cell::to_unicode_string;
    use shakmaty::Role;

    fn board(fen: &str) -> Board {
        Board::from_ascii_board_fen(fen.as_bytes()).unwrap_or_default()
    }

    /// The lines of a diagram (test modules may run a later stage to show what a block gives).
    fn lines(block: Block, width: usize) -> Vec<String> {
        let Block::Together(blocks) = block else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for block in blocks {
            let mut ls = Vec::new();
            match block {
                Block::Paragraph(mut p) => crate::layout::fill(&mut p, width, &mut ls),
                Block::Fixed { lines, .. } => ls = lines,
                _ => ls.push(Vec::new()),
            }
            out.extend(
                ls.iter()
                    .map(|l| to_unicode_string(l).trim_end_matches('⠀').to_string()),
            );
        }
        out
    }

    const FINAL: &str = "2kr3r/1p2npp1/p7/3p4/3N4/1N2QP1b/PPPB2q1/3R3K";

    #[test]
    fn board_width_is_23() {
        assert_eq!(BOARD_WIDTH, 23);
        let b = board_lines(&board(FINAL));
        assert_eq!(b.len(), BOARD_LINES);
        assert!(b.iter().all(|l| l.len() <= BOARD_WIDTH));
        assert_eq!(b[2].len(), BOARD_WIDTH);
    }

    #[test]
    fn rows_of_the_final_position() {
        let got = lines(
            diagram(
                &board(FINAL),
                Color::White,
                DiagramForm::Rows,
                Notation::Ordinary,
                false,
            ),
            28,
        );
        assert_eq!(got, ["⠆⠥⠾⠒⠾⠀⠂⠣⠆⠮⠣⠣⠂⠀⠣⠶⠀⠒⠣⠲⠀⠒⠎⠲", "⠂⠎⠆⠙⠃⠂⠧⠀⠃⠃⠃⠇⠆⠹⠂⠀⠒⠞⠒⠅"]);
    }

    #[test]
    fn compact_pieces_use_lower_digits_and_d_for_the_queen() {
        let p = piece_list(
            &board("8/8/8/8/8/8/8/QQ5q"),
            Color::White,
            Notation::Compact,
        );
        let mut ls = Vec::new();
        crate::layout::fill(&mut p.clone(), 40, &mut ls);
        let s: Vec<String> = ls.iter().map(|l| to_unicode_string(l)).collect();
        // `vit:` comes from the text rules; check the pieces only.
        assert!(s[0].ends_with("⠙⠁⠂⠀⠙⠃⠂⠄"), "{s:?}");
    }

    #[test]
    fn every_black_piece_has_dot_6() {
        let cells: Vec<Cell> = KINDS
            .iter()
            .map(|k| {
                spatial_cell(Piece {
                    color: Color::Black,
                    role: k.role,
                })
            })
            .collect();
        assert_eq!(to_unicode_string(&cells), "⠥⠹⠾⠧⠮⠣");
        let cells: Vec<Cell> = KINDS
            .iter()
            .map(|k| {
                spatial_cell(Piece {
                    color: Color::White,
                    role: k.role,
                })
            })
            .collect();
        assert_eq!(to_unicode_string(&cells), "⠅⠙⠞⠇⠎⠃");
    }

    #[test]
    fn list_order_is_file_then_rank() {
        let b = board("R7/8/8/8/8/8/R7/1R5R");
        let sq: Vec<String> = squares_of(
            &b,
            Piece {
                color: Color::White,
                role: Role::Rook,
            },
        )
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(sq, ["a2", "a8", "b1", "h1"]);
    }
}
