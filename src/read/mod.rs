//! Reading braille back (`schackpunkt read`): braille pages (Unicode braille, or BRF in one of
//! our tables) into games in compact or ordinary notation, every move found among the legal
//! moves of its position, written out as PGN. The first part of issue 14: diagrams, PEF input
//! and the builds that check themselves are still to come.

mod cells;
mod diagram;
pub(crate) mod games;
mod text;

use std::fmt::Write as _;

use crate::braille::Cell;
use crate::error::{Diagnostic, Error, Location, Result};
use crate::settings::{BrfTable, Notation};
pub(crate) use cells::{LineSink, Place, page_number, pef_rows, read_lines};
pub use games::{Item, ReadGame};

/// A hyphen; two make a dash (`–`).
const HYPHEN: Cell = Cell::dots("36");

/// The games of a braille file in `notation`: PEF, Unicode braille, or BRF in `table`. `name`
/// is used in messages.
/// With `keep_going`, a game that cannot be read to its end is kept as far as it was read,
/// with its error ([`ReadGame::error`]), and the reading goes on.
pub fn read_braille(
    name: &str,
    bytes: &[u8],
    table: BrfTable,
    notation: Notation,
    keep_going: bool,
) -> Result<Vec<ReadGame>> {
    // A PEF's rows and pages, as Unicode braille.
    let pef = match cells::pef_text(name, bytes) {
        Some(text) => Some(text?),
        None => None,
    };
    let bytes = pef.as_ref().map_or(bytes, |t| t.as_bytes());
    let lines = cells::lines(name, bytes, table)?;
    // Diagrams first: their lines are no game's words and no heading's text.
    let (diagrams, taken) = diagram::diagrams(&lines);
    // The line length: the longest line. A heading line that fills it with one word, whose
    // word and the next line's first would not fit on one line together, was cut inside that
    // word (the layout cuts only a word longer than a line, and starts it on a line of its
    // own).
    let width = lines.iter().map(|l| l.cells.len()).max().unwrap_or(0);
    let mut words = Vec::new();
    let mut headings = Vec::new();
    // The length of the last word of the line before, when that line was full.
    // The last line's one word, when the layout may have cut it there: its length, where it
    // starts, and whether it was cut after a sign (the line not full).
    let mut full_last: Option<(usize, usize, bool)> = None;
    // An empty line since the last word.
    let mut blank = false;
    // Where the text of the line before ended (none after a blank line or a page number).
    let mut text_before: Option<usize> = None;
    // The last line of text was prose (see `HeadingLine::prose`), and its page.
    let mut prose = false;
    let mut text_page = 0;
    // The last line of text was indented where prose may begin, not yet known to be prose.
    let mut candidate = false;
    for line in &lines {
        // A diagram's lines are no words; a blank line before a diagram is not one before
        // the word after it (a game's start diagram stands right before its moves).
        if taken.binary_search(&line.number).is_ok() {
            (prose, candidate) = (false, false);
            blank = false;
            full_last = None;
            text_before = None;
            continue;
        }
        let mut start = 0;
        let mut spans = Vec::new();
        for (k, c) in line.cells.iter().enumerate() {
            if c.is_blank() {
                if k > start {
                    spans.push((start, k));
                }
                start = k + 1;
            }
        }
        if line.cells.len() > start {
            spans.push((start, line.cells.len()));
        }
        // A page number: a number at the end of a page's first or last line, set apart by
        // blanks (compact notation has no number sign).
        let mut page_number = false;
        if let Some(&(s, _)) = spans.last()
            && line.page_number() == Some(s)
        {
            spans.pop();
            page_number = true;
        }
        let empty_before = blank;
        if spans.is_empty() && !page_number {
            blank = true;
        }
        let text_start = spans.first().map_or(0, |s| s.0);
        // A paragraph of prose begins indented after an empty line or after prose, and goes on
        // at the margin; an empty line ends it (a page number's line does not). It is prose
        // once a line at the margin goes on with it: indented lines alone are a list's (a
        // contents list's entries), and their first line is marked then.
        let mut confirmed = false;
        // (At a page's top the layout drops the empty line before a block: a new page begins
        // no prose, a game's heading there is no paragraph going on. A paragraph that goes on
        // over a page is not known as prose after the page's end.)
        if !spans.is_empty() && line.page > text_page {
            (prose, candidate) = (false, false);
        }
        if !spans.is_empty() {
            text_page = line.page;
        }
        match (spans.is_empty(), text_start > 0) {
            (true, _) if !page_number => (prose, candidate) = (false, false),
            (true, _) => {}
            (false, true) => {
                candidate = empty_before || prose || candidate;
                prose = false;
            }
            (false, false) => {
                if candidate && !prose {
                    confirmed = true;
                }
                prose |= candidate;
                candidate = false;
            }
        }
        if confirmed
            && let Some(start) = headings
                .iter_mut()
                .rev()
                .find(|h: &&mut games::HeadingLine| !h.cells.is_empty())
        {
            start.prose = true;
        }
        let text_end = spans.last().map_or(0, |s| s.1);
        // The first word would not have fit on the line before: that line was filled.
        let first_len = spans.first().map_or(0, |&(s, e)| e - s);
        let filled = text_start == 0
            && !spans.is_empty()
            && text_before.is_some_and(|end| end + 1 + first_len > width);
        text_before = (!spans.is_empty() && !page_number).then_some(text_end);
        // A line that starts with blanks goes on with the paragraph before it.
        headings.push(games::HeadingLine {
            line: line.number,
            page: line.page,
            cells: &line.cells[text_start..text_end.max(text_start)],
            continued: text_start > 0,
            prose: prose && !spans.is_empty(),
            filled,
            cut: text_start > 0
                && full_last.is_some_and(|(last, from, signed)| {
                    let first = spans.first().map_or(&[][..], |&(s, e)| &line.cells[s..e]);
                    let room = width - from;
                    // After a sign: the whole word was longer than its line, and the layout
                    // cut after the last sign that fits, so none in this line's first word
                    // would have fit (`Dr.` then `Hermann-Schachturnier` was wrapped at a
                    // blank, not cut).
                    let at_sign = !signed
                        || (last + first.len() > room
                            && crate::braille::block::first_cut(first)
                                .is_none_or(|k| last + k > room));
                    last + first.len() > width - text_start && at_sign && !is_dash(first)
                }),
        });
        // (The layout cuts a word only on a line of its own: a full line of two words or
        // more ends where a word ends. It cuts where the line ends, or after a sign such as
        // `/` that stands before it: `https://lichess.org/` then `ENPo6ReH`.)
        full_last = match spans[..] {
            [(s, e)] if line.cells.len() == width => Some((e - s, s, false)),
            // (Not after a dash, `⠤⠤`, which a heading's players have between them.)
            [(s, e)]
                if crate::braille::block::ends_at_cut(&line.cells[s..e])
                    && !line.cells[s..e].ends_with(&[HYPHEN, HYPHEN]) =>
            {
                Some((e - s, s, true))
            }
            _ => None,
        };
        for (s, e) in spans {
            words.push(games::Word {
                cells: &line.cells[s..e],
                line: line.number,
                column: s as u32 + 1,
                page: line.page,
                after_blank_line: std::mem::take(&mut blank),
            });
        }
    }
    let (mut games, started) =
        games::games(name, notation, &words, &headings, &diagrams, keep_going)?;
    // The diagrams no game started from are positions of their own; one that names a square
    // twice is an error (its position as written is none).
    for (k, d) in diagrams.into_iter().enumerate() {
        if started.contains(&k) {
            continue;
        }
        let error = d.problem.map(|p| {
            let at = Location {
                file: name.to_owned(),
                line: d.line,
                column: 1,
            };
            Error::from(Diagnostic::new(at, format!("a diagram with {p}")))
        });
        let error = match (error, keep_going) {
            (Some(e), false) => return Err(e),
            (error, _) => error,
        };
        games.push(ReadGame {
            line: d.line,
            start: Some(d.fen),
            error,
            ..ReadGame::default()
        });
    }
    games.sort_by_key(|g| g.line);
    // A game from a position with no moves (a study: its heading, then its diagram) reads as
    // a diagram of its own and then a heading with no moves (which stands before the next
    // game's moves): one game.
    let mut k = 0;
    while k + 1 < games.len() {
        let (a, b) = (&games[k], &games[k + 1]);
        let position = a.start.is_some() && a.items.is_empty() && a.heading.is_empty();
        let heading = b.start.is_none() && b.items.is_empty() && !b.heading.is_empty();
        if position && heading && a.error.is_none() && b.error.is_none() {
            let b = games.remove(k + 1);
            games[k].heading = b.heading;
            games[k].result = b.result;
        }
        k += 1;
    }
    Ok(games)
}

/// Whether a word is a dash standing alone (`–`, `-`): the dash between a heading's players
/// that a full line pushed to the next. A word cut at the line's end could leave one there
/// only if it ended in dashes; a heading's dash is far more likely.
fn is_dash(word: &[Cell]) -> bool {
    !word.is_empty() && word.iter().all(|&c| c == HYPHEN)
}

/// The tags a heading in our form gives back: `White – Black` (with ratings), then
/// `Event, Site, rond R, yyyy-mm-dd, result`, then `ECO, Opening, Variation`, then
/// `Kommentarer: Annotator`.
/// A bulletin's heading gives back its round (`Rond 3` before the round's first game), its
/// board and its result (`Bord 2: White (Elo) – Black (Elo), 1-0`).
fn tags(heading: &[String]) -> Vec<(&'static str, String)> {
    use crate::braille::book::{NO_ROUND, ROUND_WORD};
    let mut tags = Vec::new();
    let mut lines = heading.iter().map(|l| l.trim()).filter(|l| !l.is_empty());
    let first = loop {
        let Some(line) = lines.next() else {
            return tags;
        };
        if !games::is_round_heading(line) {
            break line;
        }
        // (`Rond 3, SM-gruppen`: the event too, in a file of several.)
        let (round, event) = match line.strip_prefix(NO_ROUND) {
            Some(rest) => ("?", rest),
            None => match line[ROUND_WORD.len()..].split_once(", ") {
                Some((r, e)) => (r, e),
                None => (&line[ROUND_WORD.len()..], ""),
            },
        };
        tags.push(("Round", round.trim().to_owned()));
        let event = event.trim_start_matches(',').trim();
        if !event.is_empty() {
            tags.push(("Event", event.to_owned()));
        }
    };
    // The lines before the players' line are no part of the game's heading: a chapter's or
    // section's heading, a paragraph, a title page before the game.
    let all: Vec<&str> = std::iter::once(first).chain(lines).collect();
    let from = (0..all.len())
        .rev()
        .find(|&k| games::is_players_line(&all, k, false))
        .unwrap_or(0);
    let mut lines = all[from..].iter().copied();
    let Some(first) = lines.next() else {
        return tags;
    };
    // A bulletin's game heading: its board before the players (when it has one), its result
    // after them.
    let mut first = first;
    if let Some((board, players)) = games::board_heading(first) {
        tags.push(("Board", board.trim().to_owned()));
        first = players;
    }
    if first.contains(" – ")
        && let Some((players, result)) = games::heading_result(first)
    {
        tags.push(("Result", result.to_owned()));
        first = players;
    }
    let mut rest: Vec<&str> = Vec::new();
    match first.split_once(" – ") {
        Some((w, b)) => {
            for (side, elo, player) in [("White", "WhiteElo", w), ("Black", "BlackElo", b)] {
                let (name, rating) = match player.rsplit_once(" (") {
                    Some((n, r))
                        if r.ends_with(')')
                            && r[..r.len() - 1].bytes().all(|b| b.is_ascii_digit()) =>
                    {
                        (n, Some(&r[..r.len() - 1]))
                    }
                    _ => (player, None),
                };
                if name != "NN" {
                    tags.push((side, name.to_owned()));
                }
                if let Some(r) = rating {
                    tags.push((elo, r.to_owned()));
                }
            }
        }
        None => rest.push(first),
    }
    rest.extend(lines);
    let is_eco = |p: &str| {
        let b = p.as_bytes();
        b.len() == 3 && (b'A'..=b'E').contains(&b[0]) && b[1..].iter().all(u8::is_ascii_digit)
    };
    for line in rest {
        if let Some(a) = line.strip_prefix("Kommentarer: ") {
            tags.push(("Annotator", a.to_owned()));
            continue;
        }
        let parts: Vec<&str> = line.split(", ").map(str::trim).collect();
        if parts.first().is_some_and(|p| is_eco(p)) {
            // The variation's own text may hold commas: it is the rest of the line.
            let variation = parts.get(2..).map(|v| v.join(", "));
            let opening = [parts.first().copied(), parts.get(1).copied()];
            for (name, part) in ["ECO", "Opening"].into_iter().zip(opening) {
                tags.extend(part.map(|p| (name, p.to_owned())));
            }
            tags.extend(
                variation
                    .filter(|v| !v.is_empty())
                    .map(|v| ("Variation", v)),
            );
            continue;
        }
        let mut names = ["Event", "Site"].into_iter();
        for part in parts {
            if let Some(r) = part.strip_prefix("rond ") {
                tags.push(("Round", r.to_owned()));
            } else if games::is_heading_date(part) {
                tags.push(("Date", part.replace('-', ".")));
            } else if let Some(result) = match part {
                "1-0" => Some("1-0"),
                "0-1" => Some("0-1"),
                "remi" => Some("1/2-1/2"),
                _ => None,
            } {
                tags.push(("Result", result.to_owned()));
            } else if let Some(name) = names.next() {
                tags.push((name, part.to_owned()));
            }
        }
    }
    tags
}

/// Games as PGN: the seven tags (what the heading gave back, else `?`), then the movetext in
/// standard algebraic notation, comments in braces, variations in parentheses.
pub fn to_pgn<G: std::borrow::Borrow<ReadGame>>(games: &[G]) -> String {
    let mut out = String::new();
    // A bulletin's round heading stands before the round's first game: its games after it
    // are of that round (and event).
    let mut round: Vec<(&'static str, String)> = Vec::new();
    for game in games.iter().map(|g| g.borrow()) {
        let mut tags = tags(&game.heading);
        // (Once a round heading was read: only a bulletin has them.)
        let of_round = |(n, _): &&(&str, String)| matches!(*n, "Round" | "Event");
        if game
            .heading
            .first()
            .is_some_and(|l| games::is_round_heading(l))
        {
            round = tags.iter().filter(of_round).cloned().collect();
        } else {
            for (name, value) in &round {
                if !tags.iter().any(|(n, _)| n == name) {
                    tags.push((name, value.clone()));
                }
            }
        }
        let get = |name: &str| {
            tags.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.clone())
        };
        let result = get("Result")
            .or_else(|| game.result.clone())
            .unwrap_or_else(|| "*".into());
        for name in ["Event", "Site", "Date", "Round", "White", "Black"] {
            let value = get(name).unwrap_or_else(|| match name {
                "Date" => "????.??.??".into(),
                _ => "?".into(),
            });
            let _ = writeln!(out, "[{name} \"{}\"]", escape(&value));
        }
        let _ = writeln!(out, "[Result \"{result}\"]");
        if let Some(fen) = &game.start {
            let _ = writeln!(out, "[SetUp \"1\"]\n[FEN \"{fen}\"]");
        }
        if game.chess960 {
            let _ = writeln!(out, "[Variant \"Chess960\"]");
        }
        for name in [
            "Board",
            "WhiteElo",
            "BlackElo",
            "ECO",
            "Opening",
            "Variation",
            "Annotator",
        ] {
            if let Some(v) = get(name) {
                let _ = writeln!(out, "[{name} \"{v}\"]");
            }
        }
        out.push('\n');
        let mut text = String::new();
        // A Black move needs its number after a comment or a variation, and first of all.
        let mut numbered = true;
        for item in &game.items {
            match item {
                Item::Move {
                    san, number, white, ..
                } => {
                    if *white {
                        let _ = write!(text, "{number}. ");
                    } else if numbered {
                        let _ = write!(text, "{number}... ");
                    }
                    text.push_str(san);
                    text.push(' ');
                    numbered = false;
                }
                Item::Comment(c) => {
                    let _ = write!(text, "{{{}}} ", c.replace('}', ")"));
                    numbered = true;
                }
                // (The draw offer has no NAG: PGN writes it as FIDE's notation does.)
                Item::Nag(crate::chess::game::DRAW_OFFER_NAG) => text.push_str("(=) "),
                Item::Nag(n) => {
                    let _ = write!(text, "${n} ");
                }
                Item::VariationStart => {
                    text.push('(');
                    numbered = true;
                }
                Item::VariationEnd => {
                    if text.ends_with(' ') {
                        text.pop();
                    }
                    text.push_str(") ");
                    numbered = true;
                }
            }
        }
        text.push_str(&result);
        out.push_str(&wrap(&text, 79));
        out.push_str("\n\n");
    }
    out
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Lines of at most `width` characters, broken at blanks (PGN's export format asks for 79).
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut len = 0;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let n = word.chars().count();
        if len > 0 && len + 1 + n > width {
            out.push('\n');
            len = 0;
        } else if len > 0 {
            out.push(' ');
            len += 1;
        }
        out.push_str(word);
        len += n;
    }
    out
}

/// No game was read in `notation`: when the braille reads as games in the other one (the
/// notation was left at its default, compact, for a book in ordinary notation), that is an
/// error that says so, rather than an empty PGN and success.
fn other_notation(name: &str, bytes: &[u8], table: BrfTable, notation: Notation) -> Result<()> {
    let (other, word) = match notation {
        Notation::Compact => (Notation::Ordinary, "ordinary"),
        Notation::Ordinary => (Notation::Compact, "compact"),
    };
    let found = read_braille(name, bytes, table, other, true)
        .map(|g| {
            g.iter()
                .filter(|g| g.error.is_none() && !g.items.is_empty())
                .count()
        })
        .unwrap_or(0);
    let this = match notation {
        Notation::Compact => "compact",
        Notation::Ordinary => "ordinary",
    };
    let at = crate::error::Location {
        file: name.to_owned(),
        line: 1,
        column: 1,
    };
    if found == 0 {
        // Nothing read is no success: the braille holds no game a reader could find.
        let first = match notation {
            Notation::Compact => "⠂⠀⠑⠲",
            Notation::Ordinary => "⠼⠁⠄⠀⠑⠼⠙",
        };
        let message = format!("no game or diagram reads in {this} notation");
        let hint = format!(
            "a game begins with the move number 1 and a move legal from the start position \
             ({first} in {this} notation)"
        );
        return Err(crate::error::Diagnostic::new(at, message)
            .with_hint(hint)
            .into());
    }
    let games = if found == 1 { "game" } else { "games" };
    let message =
        format!("no game reads in {this} notation, but {found} {games} in {word} notation");
    Err(crate::error::Diagnostic::new(at, message)
        .with_hint(format!("give --notation {word}"))
        .into())
}

/// Reads an input to its end, or to the end of the first stretch of it that holds a NUL byte,
/// which no braille holds: its error is found there (the cells are read up to their first
/// problem), and an endless device (`/dev/zero`) does not fill the memory first.
fn read_input(input: &mut dyn std::io::Read, bytes: &mut Vec<u8>) -> std::io::Result<()> {
    let mut chunk = vec![0u8; 64 * 1024];
    loop {
        let n = match input.read(&mut chunk) {
            Ok(0) => return Ok(()),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let got = &chunk[..n];
        bytes.extend_from_slice(got);
        if got.contains(&0) {
            return Ok(());
        }
        // (Issue 32: `yes | schackpunkt read -` grew until an allocation failed.)
        if bytes.len() > crate::source::MAX_HELD {
            let at = Location {
                file: String::new(),
                line: 1,
                column: 1,
            };
            let message = format!(
                "this braille is longer than {}, the most `read` takes (it reads a file whole)",
                crate::source::MAX_HELD_TEXT
            );
            let d = Diagnostic::new(at, message)
                .with_hint("read the volumes of a larger book one by one");
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                crate::error::Located(Box::new(d)),
            ));
        }
    }
}

/// `schackpunkt read`: the braille file `input` (`-`: standard input) read back, its games
/// written as PGN to `output` (`None`: standard output). Nothing is written unless every game
/// could be read, or with `keep_going` the games read whole (the others, returned with their
/// errors, are for the caller to name). Returns the games read.
pub fn read_file(
    input: &std::path::Path,
    output: Option<&std::path::Path>,
    table: BrfTable,
    notation: Notation,
    keep_going: bool,
) -> Result<Vec<ReadGame>> {
    let name = match input.as_os_str() == "-" {
        true => crate::source::STDIN_NAME.to_owned(),
        false => input.display().to_string(),
    };
    let mut bytes = Vec::new();
    let read = match input.as_os_str() == "-" {
        true => read_input(&mut std::io::stdin().lock(), &mut bytes),
        false => std::fs::File::open(input).and_then(|mut f| read_input(&mut f, &mut bytes)),
    };
    read.map_err(|e| crate::error::Error::io(&name, e))?;
    let games = read_braille(&name, &bytes, table, notation, keep_going)?;
    if games.is_empty() {
        other_notation(&name, &bytes, table, notation)?;
    }
    // Only the games read whole are written; the others are named by the caller.
    let whole: Vec<&ReadGame> = games.iter().filter(|g| g.error.is_none()).collect();
    let pgn = to_pgn(&whole);
    let body = |w: &mut dyn crate::output::VolumeWrite| {
        w.write_all(pgn.as_bytes())
            .map_err(|e| crate::error::Error::io(crate::destination::OUTPUT, e))
    };
    match output {
        Some(target) if target.as_os_str() != "-" => {
            let inputs = [input.to_path_buf()];
            crate::destination::refuse_input_as_output(target, &inputs)?;
            crate::destination::write(target, &inputs, body)?;
        }
        _ => crate::destination::write_stdout(body)?,
    }
    Ok(games)
}
