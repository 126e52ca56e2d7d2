//! Diagrams read back into positions (rules.md §6, book section 5): the piece list (`Vit:` …
//! `Svart:` …, in ordinary or compact notation), rank by rank, and the spatial board, with the
//! side to move from a following `Vit drar.` / `Svart drar.`.

use shakmaty::{Board, Color, File, Piece, Rank, Role, Square};

use super::cells::Line;
use super::text::to_print;
use crate::braille::Cell;
use crate::braille::pieces::{LOWER_DIGITS, diagram_letter, letter};
use crate::braille::tables::{DIGITS, NUMBER_SIGN};

/// A diagram read back: its first line, the position as FEN (board, side to move; castling
/// and en passant are not drawn, so `-`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadDiagram {
    pub line: u32,
    /// The braille page it stands on.
    pub page: u32,
    /// Its last line (the side to move's, when it has one).
    pub end: u32,
    pub fen: String,
    /// What makes it no position as written (a piece list naming one square twice: the FEN
    /// has the last piece named there).
    pub problem: Option<String>,
}

const EMPTY: Cell = Cell::dots("35");

/// A piece's cell on a board or in a rank (black ones with dot 6).
fn piece_of(c: Cell) -> Option<Piece> {
    Role::ALL.into_iter().find_map(|role| {
        let white = diagram_letter(role);
        if c == white {
            Some(role.of(Color::White))
        } else if c == white.with_dot6() {
            Some(role.of(Color::Black))
        } else {
            None
        }
    })
}

fn words(cells: &[Cell]) -> Vec<&[Cell]> {
    cells
        .split(|c| c.is_blank())
        .filter(|w| !w.is_empty())
        .collect()
}

/// One rank written rank by rank: pieces and counts of empty squares (lower digits).
fn rank_of_row(word: &[Cell]) -> Option<Vec<Option<Piece>>> {
    let mut squares = Vec::new();
    for &c in word {
        if let Some(p) = piece_of(c) {
            squares.push(Some(p));
        } else {
            let n = LOWER_DIGITS[1..=8].iter().position(|d| *d == c)? + 1;
            squares.extend(std::iter::repeat_n(None, n));
        }
    }
    (squares.len() == 8).then_some(squares)
}

/// The side to move a line says (`Vit drar.` / `Svart drar.`, any case).
fn side_of(line: &Line) -> Option<Color> {
    match to_print(&line.cells).to_lowercase().as_str() {
        "vit drar." => Some(Color::White),
        "svart drar." => Some(Color::Black),
        _ => None,
    }
}

fn fen(board: &Board, turn: Color) -> String {
    let side = if turn == Color::White { "w" } else { "b" };
    format!("{board} {side} - - 0 1")
}

/// A piece of a piece list: `Ke1` / `e4` (ordinary, as print text) or `⠅⠑⠂` (compact: the
/// diagram letter, the file, the rank in a lower digit).
fn listed(word: &[Cell], color: Color) -> Option<(Square, Piece)> {
    // Compact: cells, the last one with its period.
    let cells = word.strip_suffix(&[Cell::dots("3")]).unwrap_or(word);
    let role_cell = |c: Cell| {
        Role::ALL
            .into_iter()
            .find(|&r| r != Role::Pawn && diagram_letter(r) == c)
    };
    let file_cell = |c: Cell| (b'a'..=b'h').position(|l| letter(l) == c);
    let rank_cell = |c: Cell| LOWER_DIGITS[1..=8].iter().position(|d| *d == c);
    let compact = match cells {
        [r, f, k] => role_cell(*r)
            .zip(file_cell(*f))
            .zip(rank_cell(*k))
            .map(|((r, f), k)| (r, f, k)),
        [f, k] => file_cell(*f)
            .zip(rank_cell(*k))
            .map(|(f, k)| (Role::Pawn, f, k)),
        _ => None,
    };
    let (role, file, rank) = match compact {
        Some(x) => x,
        None => {
            // Ordinary: the print text, with its comma or period.
            let text = to_print(word);
            let text = text.trim_end_matches([',', '.']);
            let mut chars = text.chars();
            let first = chars.next()?;
            let role = match first {
                'K' => Role::King,
                'D' => Role::Queen,
                'T' => Role::Rook,
                'L' => Role::Bishop,
                'S' => Role::Knight,
                _ => Role::Pawn,
            };
            let rest: Vec<char> = match role {
                Role::Pawn => text.chars().collect(),
                _ => chars.collect(),
            };
            let [f, k] = rest[..] else { return None };
            if !('a'..='h').contains(&f) || !('1'..='8').contains(&k) {
                return None;
            }
            (role, f as usize - 'a' as usize, k as usize - '1' as usize)
        }
    };
    let square = Square::from_coords(File::new(file as u32), Rank::new(rank as u32));
    Some((square, role.of(color)))
}

/// The diagrams among `lines`, and the numbers of the lines they take (which are no text of a
/// game's heading).
pub(crate) fn diagrams(lines: &[Line]) -> (Vec<ReadDiagram>, Vec<u32>) {
    let mut found = Vec::new();
    let mut taken = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if let Some((board, used, problem)) = board_at(lines, i)
            .map(|(b, used)| (b, used, None))
            .or_else(|| pieces_at(lines, i))
            .or_else(|| rows_at(lines, i).map(|(b, used)| (b, used, None)))
        {
            let mut end = i + used;
            let turn = match lines.get(end).and_then(side_of) {
                Some(side) => {
                    end += 1;
                    side
                }
                None => Color::White,
            };
            found.push(ReadDiagram {
                line: lines[i].number,
                page: lines[i].page,
                end: lines[end - 1].number,
                fen: fen(&board, turn),
                problem,
            });
            taken.extend(lines[i..end].iter().map(|l| l.number));
            i = end;
        } else {
            i += 1;
        }
    }
    (found, taken)
}

/// The spatial board (5.3): a line of file letters, the ranks 8 to 1 each between its
/// numbers, the file letters again (blank lines may stand between).
fn board_at(lines: &[Line], i: usize) -> Option<(Board, usize)> {
    let files: Vec<Cell> = (b'a'..=b'h').map(letter).collect();
    let is_files = |l: &Line| {
        words(&l.cells)
            .iter()
            .map(|w| w.to_vec())
            .eq(files.iter().map(|c| vec![*c]))
    };
    if !is_files(lines.get(i)?) {
        return None;
    }
    let mut board = Board::empty();
    let mut k = i + 1;
    let mut rank = 8;
    while rank > 0 {
        let line = lines.get(k)?;
        k += 1;
        let w = words(&line.cells);
        if w.is_empty() {
            continue;
        }
        let label = [NUMBER_SIGN[0], DIGITS[rank]];
        if w.len() != 10 || w[0] != label || w[9] != label {
            return None;
        }
        for (f, square) in w[1..9].iter().enumerate() {
            let [c] = square else { return None };
            if *c == EMPTY {
                continue;
            }
            let piece = piece_of(*c)?;
            board.set_piece_at(
                Square::from_coords(File::new(f as u32), Rank::new(rank as u32 - 1)),
                piece,
            );
        }
        rank -= 1;
    }
    // The file letters below, after any blank lines.
    while lines
        .get(k)
        .is_some_and(|l| l.cells.iter().all(|c| c.is_blank()))
    {
        k += 1;
    }
    if lines.get(k).is_some_and(is_files) {
        k += 1;
    }
    Some((board, k - i))
}

/// Rank by rank (5.2): eight words of pieces and counts of empty squares, over as many lines
/// as they take, with no blank line between (issue 32: tried at every line, a walk over the
/// blank lines after it made 100 000 blank lines take minutes).
fn rows_at(lines: &[Line], i: usize) -> Option<(Board, usize)> {
    let mut ranks = Vec::new();
    let mut k = i;
    while ranks.len() < 8 {
        let line = lines.get(k)?;
        k += 1;
        let words = words(&line.cells);
        if words.is_empty() {
            return None;
        }
        for w in words {
            if ranks.len() == 8 {
                return None;
            }
            ranks.push(rank_of_row(w)?);
        }
    }
    let mut board = Board::empty();
    for (r, squares) in ranks.iter().enumerate() {
        for (f, p) in squares.iter().enumerate() {
            if let Some(p) = p {
                board.set_piece_at(
                    Square::from_coords(File::new(f as u32), Rank::new(7 - r as u32)),
                    *p,
                );
            }
        }
    }
    Some((board, k - i))
}

/// The piece list (5.1): `Vit:` and its pieces, then `Svart:` and its pieces, each a
/// paragraph (continuation lines indented); with what makes it no position (a square named
/// twice).
fn pieces_at(lines: &[Line], i: usize) -> Option<(Board, usize, Option<String>)> {
    let label = |l: &Line| -> Option<Color> {
        let first = words(&l.cells)
            .first()
            .map(|w| to_print(w).to_lowercase())?;
        match first.as_str() {
            "vit:" => Some(Color::White),
            "svart:" => Some(Color::Black),
            _ => None,
        }
    };
    if label(lines.get(i)?)? != Color::White {
        return None;
    }
    let mut board = Board::empty();
    let mut problem = None;
    let mut k = i;
    for color in [Color::White, Color::Black] {
        let line = lines.get(k)?;
        if label(line)? != color {
            return None;
        }
        k += 1;
        let mut pieces: Vec<&[Cell]> = words(&line.cells)[1..].to_vec();
        // (The lines of a list go on indented; a page number line after it is none of them:
        // the layout's, at the foot of the page the list ends, or at the top of the next.)
        while lines.get(k).is_some_and(|l| {
            l.cells.first().is_some_and(|c| c.is_blank())
                && !l.cells.iter().all(|c| c.is_blank())
                && !l.is_page_number()
        }) {
            pieces.extend(words(&lines[k].cells));
            k += 1;
        }
        // "inga pjäser." (no pieces) has none to read.
        if pieces.len() == 2 && to_print(pieces[0]).starts_with("inga") {
            continue;
        }
        for w in pieces {
            let (square, piece) = listed(w, color)?;
            if board.piece_at(square).is_some() && problem.is_none() {
                problem = Some(format!("two pieces on {square}"));
            }
            board.set_piece_at(square, piece);
        }
    }
    Some((board, k - i, problem))
}
