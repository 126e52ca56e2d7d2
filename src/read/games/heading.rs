//! The lines before a game's moves: its heading, a bulletin's round and board headings, the
//! headings of games without moves.

use super::ReadGame;
use crate::braille::Cell;
use crate::read::text::to_print;

/// A line of text that may belong to a game's heading.
#[derive(Clone, Debug)]
pub(crate) struct HeadingLine<'a> {
    pub line: u32,
    /// Its braille page.
    pub page: u32,
    /// Its cells from its first word to its last (read into print only when it is a heading).
    pub cells: &'a [Cell],
    /// It starts with blanks: it goes on with the line before it.
    pub continued: bool,
    /// Its first word would not have fit at the end of the line before, which it may go on
    /// from (a bulletin's game heading wraps with no indent).
    pub filled: bool,
    /// The line before it was full: a word was cut there (no blank between them).
    pub cut: bool,
    /// It belongs to a paragraph of prose: one that begins indented after an empty line (or
    /// right after another such paragraph), its next lines at the margin. No game's heading
    /// (a heading begins at the margin, its next lines indented).
    pub prose: bool,
}

/// A bulletin's round heading: `Rond 3`, `Utan rond`; `Rond 3, SM-gruppen` in a file of
/// several events.
pub(crate) fn is_round_heading(line: &str) -> bool {
    use crate::braille::book::{NO_ROUND, ROUND_WORD};
    line == NO_ROUND
        || line.starts_with(&format!("{NO_ROUND}, "))
        || line
            .strip_prefix(ROUND_WORD)
            .is_some_and(|r| r.starts_with(' ') && !r.contains(" – "))
}

/// A bulletin's game heading with a board: the board and the players' line after it
/// (`Bord 2: White (Elo) – Black (Elo), 1-0`).
pub(crate) fn board_heading(line: &str) -> Option<(&str, &str)> {
    line.strip_prefix(crate::braille::book::BOARD_WORD)
        .filter(|r| r.starts_with(' '))
        .and_then(|r| r.split_once(": "))
        // (` –` at the end of a line the heading wraps after.)
        .filter(|(_, p)| p.contains(" –"))
}

/// Whether a bulletin's contents list and index of players stand among `headings`: its game
/// headings wrap with no indent.
pub(crate) fn is_bulletin<'c>(headings: impl Iterator<Item = &'c [Cell]>) -> bool {
    let (mut contents, mut index) = (false, false);
    for cells in headings {
        let (c, i) = bulletin_marks(cells);
        contents |= c;
        index |= i;
    }
    contents && index
}

/// Whether a line's text is a contents list's heading, and whether it is the heading of a
/// bulletin's index of players (see [`is_bulletin`]).
pub(crate) fn bulletin_marks(cells: &[Cell]) -> (bool, bool) {
    use crate::braille::book::{INDEX_HEADING, is_contents_heading};
    // (A heading is a few words: a longer line is not read into print.)
    if cells.len() > MOST_HEADING_CELLS {
        return (false, false);
    }
    let text = to_print(cells);
    (is_contents_heading(&text), text == INDEX_HEADING)
}

/// Longer than either heading of [`bulletin_marks`] in braille (`Innehåll (forts.)`).
const MOST_HEADING_CELLS: usize = 40;

/// Adds heading lines to the paragraphs of a heading: a line that starts with blanks goes on
/// with the one before it, and so does a bulletin's game or round heading, unindented, on the
/// lines it filled.
pub(super) fn join_heading<'h, 'c: 'h>(
    heading: &mut Vec<String>,
    lines: impl Iterator<Item = &'h HeadingLine<'c>>,
    bulletin: bool,
) {
    let board = |t: &str| board_heading(t).is_some();
    for h in lines.filter(|h| !h.cells.is_empty()) {
        let text = to_print(h.cells);
        match heading.last_mut() {
            Some(last) if h.continued => {
                if !h.cut {
                    last.push(' ');
                }
                last.push_str(&text);
            }
            Some(last)
                if h.filled
                    && (bulletin || board(last) || is_round_heading(last))
                    && !board(&text)
                    && !is_round_heading(&text) =>
            {
                last.push(' ');
                last.push_str(&text);
            }
            _ => heading.push(text),
        }
    }
}

/// The result a heading's line ends in (`…, 1-0`, `…, remi`, as `braille/game/heading.rs` writes
/// it): the line before it, and the result as PGN writes it.
pub(crate) fn heading_result(line: &str) -> Option<(&str, &'static str)> {
    [(", 1-0", "1-0"), (", 0-1", "0-1"), (", remi", "1/2-1/2")]
        .into_iter()
        .find_map(|(written, result)| line.strip_suffix(written).map(|l| (l, result)))
}

/// Whether a part of a heading's event line is its date as written there (`1999-05-01`).
pub(crate) fn is_heading_date(part: &str) -> bool {
    let b = part.as_bytes();
    b.len() == 10 && b[4] == b'-' && b[7] == b'-'
}

/// The headings of games without moves (a forfeit, a result alone) at the start of `heading`,
/// each a game of its own (`line` where they stand): each begins with a players' line
/// (`White – Black`, [`is_players_line`]; a bulletin's round heading before it goes with it),
/// and the last players' line stays, the heading of the game after them. (Lines before the
/// first players' line go with it: a bulletin's round.)
pub(super) fn split_games_without_moves(
    heading: &mut Vec<String>,
    line: u32,
    out: &mut Vec<ReadGame>,
    bulletin: bool,
) {
    loop {
        let mut players = (0..heading.len()).filter(|&k| is_players_line(heading, k, bulletin));
        let (Some(first), Some(mut at)) = (players.next(), players.next()) else {
            break;
        };
        if at > first + 1 && is_round_heading(&heading[at - 1]) {
            at -= 1;
        }
        let rest = heading.split_off(at);
        out.push(ReadGame {
            line,
            heading: std::mem::replace(heading, rest),
            ..ReadGame::default()
        });
    }
}

/// Whether line `k` of a game's heading lines is a players' line (`White – Black`): a dash
/// between words, and it ends in no `:`, `!` or `?`. In a book, not the
/// event's line right after a players' line that has a dash in the event's name (`Tata Steel
/// – Masters, rond 3, remi`: a date, a round or a result in it); a bulletin's headings have no
/// event's line.
pub(crate) fn is_players_line<S: AsRef<str>>(lines: &[S], k: usize, bulletin: bool) -> bool {
    // (A period may end an initial, `Karpov, A.`.)
    let dashed = |l: &str| l.contains(" – ") && !l.ends_with([':', '!', '?']);
    let event = |l: &str| {
        l.contains(", rond ") || heading_result(l).is_some() || l.split(", ").any(is_heading_date)
    };
    let Some(l) = lines.get(k).map(AsRef::as_ref) else {
        return false;
    };
    let after_players = k
        .checked_sub(1)
        .is_some_and(|j| is_players_line(lines, j, bulletin));
    dashed(l) && (bulletin || board_heading(l).is_some() || !(after_players && event(l)))
}

/// The lines of the title pages among `headings` (a book's, each volume's), known by their
/// notation line: no game's heading (a title with a dash, `Taktikens grunder – kombinationer`,
/// read as a forfeit). A title page's lines: from its page's first line to the end of the
/// notation's paragraph and of the volume's lines after it (`Volym 2 av 3`, …): lines, not
/// pages, for a book without pages is one page.
pub(super) fn title_lines(headings: &[HeadingLine<'_>]) -> Vec<(u32, u32)> {
    use crate::braille::book::title_page_mark;
    let mut titles = Vec::new();
    let mark = title_page_mark();
    for (k, h) in headings.iter().enumerate() {
        let text = to_print(h.cells);
        if text.starts_with(mark) {
            let first = headings[..k]
                .iter()
                .rposition(|p| p.page != h.page)
                .map_or(0, |j| j + 1);
            let mut end = k;
            while headings.get(end + 1).is_some_and(|n| !n.cells.is_empty()) {
                end += 1;
            }
            let next = (end + 1..headings.len()).find(|&j| !headings[j].cells.is_empty());
            if let Some(j) = next.filter(|&j| to_print(headings[j].cells).starts_with("Volym ")) {
                end = j;
                while headings.get(end + 1).is_some_and(|n| !n.cells.is_empty()) {
                    end += 1;
                }
            }
            titles.push((headings[first].line, headings[end].line));
        }
    }
    titles
}

/// The heading of a game from its `lines` (those after the game before it), as paragraphs: a
/// line that starts with blanks goes on with the one before it. `page`: the game's first
/// page; `contents`: a contents list stands before it (its entries, on the pages before the
/// game's own, are no headings of games); `titles`: the lines of title pages.
pub(super) fn game_heading(
    lines: &[HeadingLine<'_>],
    page: u32,
    contents: bool,
    bulletin: bool,
    titles: &[(u32, u32)],
) -> Vec<String> {
    let mut heading: Vec<String> = Vec::new();
    // In a book, a heading of one line between empty lines (a chapter's or section's,
    // `Kapitel 3 – Slutspel`) before a players' line is no game's: not a forfeit's
    // players (a game's heading runs on into its moves, a forfeit's into its result).
    let alone = |k: usize| {
        let empty = |j: usize| lines.get(j).is_none_or(|h| h.cells.is_empty());
        let end = (k + 1..lines.len())
            .find(|&j| !lines[j].continued || lines[j].cells.is_empty())
            .unwrap_or(lines.len());
        !bulletin
            && !lines[k].cells.is_empty()
            && !lines[k].continued
            && (k == 0 || empty(k - 1))
            && end < lines.len()
            && empty(end)
    };
    let dashed = |k: usize| to_print(lines[k].cells).contains(" – ");
    let kept = |k: usize| {
        let h = &lines[k];
        (!contents || h.page >= page)
            && !h.prose
            && !titles.iter().any(|&(a, b)| (a..=b).contains(&h.line))
    };
    let before_players =
        |k: usize| alone(k) && (k + 1..lines.len()).any(|j| kept(j) && !alone(j) && dashed(j));
    join_heading(
        &mut heading,
        (0..lines.len())
            .filter(|&k| kept(k) && !before_players(k))
            .map(|k| &lines[k]),
        bulletin,
    );
    heading
}
