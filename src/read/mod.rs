//! Reading braille back (`schackpunkt read`): braille pages (Unicode braille, or BRF in one of
//! our tables) into games in compact or ordinary notation, every move found among the legal
//! moves of its position, written out as PGN. The first part of issue 14: diagrams, PEF input
//! and the builds that check themselves are still to come.

mod cells;
mod diagram;
pub(crate) mod games;
mod stream;
mod text;

use std::fmt::Write as _;

use crate::braille::Cell;
use crate::error::{Error, Result};
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
    let bytes = braille_bytes(name, bytes)?;
    let lines = cells::lines(name, &bytes, table)?;
    // The line length: the longest line.
    let width = lines.iter().map(|l| l.cells.len()).max().unwrap_or(0);
    let reading = stream::Reading {
        name,
        notation,
        keep_going,
        width,
        bulletin: None,
    };
    let mut games = Vec::new();
    let mut problem = None;
    let mut carried = stream::Carried::default();
    stream::stretch(
        &reading,
        &lines,
        true,
        &mut carried,
        &mut problem,
        &mut |g| {
            games.push(g);
            Ok(())
        },
    )?;
    // (Without `keep_going` a game's error ended the reading before.)
    match problem {
        Some(e) => Err(e),
        None => Ok(games),
    }
}

/// [`read_braille`] a stretch of `lines` lines at a time, as `read` reads a file (the same
/// games, whatever the stretch): for tests.
#[doc(hidden)]
pub fn read_braille_in_stretches(
    name: &str,
    bytes: &[u8],
    table: BrfTable,
    notation: Notation,
    keep_going: bool,
    lines: usize,
) -> Result<Vec<ReadGame>> {
    let bytes = braille_bytes(name, bytes)?;
    let source = stream::Source::Bytes(&bytes);
    let encoding = stream::encoding(name, &source, table)?;
    let mut games = Vec::new();
    stream::read(
        name,
        &source,
        encoding,
        table,
        notation,
        keep_going,
        lines,
        &mut |g| {
            games.push(g);
            Ok(())
        },
    )?;
    Ok(games)
}

/// The bytes of a braille file as they are read: a PEF's rows and pages as Unicode braille,
/// other braille as it is.
fn braille_bytes<'b>(name: &str, bytes: &'b [u8]) -> Result<std::borrow::Cow<'b, [u8]>> {
    Ok(match cells::pef_text(name, bytes) {
        Some(text) => std::borrow::Cow::Owned(text?.into_bytes()),
        None => std::borrow::Cow::Borrowed(bytes),
    })
}

/// A line's words and its text as a heading may hold it, from the lines of a stretch (the
/// lines of `taken`, a diagram's, left out). `width`: the longest line of the file.
fn words_of<'l>(
    lines: &'l [cells::Line],
    taken: &[u32],
    width: usize,
) -> (Vec<games::Word<'l>>, Vec<games::HeadingLine<'l>>) {
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
    for line in lines {
        // A diagram's lines are no words; a blank line before a diagram is not one before
        // the word after it (a game's start diagram stands right before its moves).
        if taken.binary_search(&line.number).is_ok() {
            (prose, candidate) = (false, false);
            blank = false;
            full_last = None;
            text_before = None;
            continue;
        }
        let (spans, page_number) = spans_of(&line.cells);
        let empty_before = blank;
        if spans.is_empty() && !page_number {
            blank = true;
        }
        let text_start = spans.first().map_or(0, |s| s.0);
        // A paragraph of prose begins indented after an empty line or after prose, and goes on
        // at the margin; an empty line ends it (a page number's line does not). It is prose
        // once a line at the margin goes on with it: indented lines alone are a list's (a
        // contents list's entries), and their first line is marked then.
        let confirmed;
        // (At a page's top the layout drops the empty line before a block: a new page begins
        // no prose, a game's heading there is no paragraph going on. A paragraph that goes on
        // over a page is not known as prose after the page's end.)
        if !spans.is_empty() && line.page > text_page {
            (prose, candidate) = (false, false);
        }
        if !spans.is_empty() {
            text_page = line.page;
        }
        (prose, candidate, confirmed) = prose_after(
            (prose, candidate),
            spans.is_empty(),
            text_start > 0,
            page_number,
            empty_before,
        );
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
                && full_last.is_some_and(|last| {
                    let first = spans.first().map_or(&[][..], |&(s, e)| &line.cells[s..e]);
                    goes_on_cut(last, first, width, text_start)
                }),
        });
        full_last = cut_at_end(&spans, &line.cells, width);
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
    (words, headings)
}

/// Prose and a candidate for it after a line (`empty`: of no words; `indented`; with a
/// `page_number` alone; after an empty line), and whether the line confirms the candidate as
/// prose: a paragraph of prose begins indented after an empty line or after prose, and goes
/// on at the margin; an empty line ends it (a page number's line does not).
fn prose_after(
    (prose, candidate): (bool, bool),
    empty: bool,
    indented: bool,
    page_number: bool,
    empty_before: bool,
) -> (bool, bool, bool) {
    match (empty, indented) {
        (true, _) if !page_number => (false, false, false),
        (true, _) => (prose, candidate, false),
        (false, true) => (false, empty_before || prose || candidate, false),
        (false, false) => (prose | candidate, false, candidate && !prose),
    }
}

/// Whether a line whose first word is `first` (after `text_start` blanks) goes on a word the
/// layout cut at the end of the line before, `last`: that word's length, where it starts,
/// and whether it was cut after a sign (the line not full).
fn goes_on_cut(
    (last, from, signed): (usize, usize, bool),
    first: &[Cell],
    width: usize,
    text_start: usize,
) -> bool {
    let room = width - from;
    // After a sign: the whole word was longer than its line, and the layout cut after the
    // last sign that fits, so none in this line's first word would have fit (`Dr.` then
    // `Hermann-Schachturnier` was wrapped at a blank, not cut).
    let at_sign = !signed
        || (last + first.len() > room
            && crate::braille::block::first_cut(first).is_none_or(|k| last + k > room));
    last + first.len() > width - text_start && at_sign && !is_dash(first)
}

/// A line's one word, when the layout may have cut it at the line's end: its length, where
/// it starts, and whether it was cut after a sign. (The layout cuts a word only on a line of
/// its own: a full line of two words or more ends where a word ends. It cuts where the line
/// ends, or after a sign such as `/` that stands before it: `https://lichess.org/` then
/// `ENPo6ReH`.)
fn cut_at_end(
    spans: &[(usize, usize)],
    cells: &[Cell],
    width: usize,
) -> Option<(usize, usize, bool)> {
    match *spans {
        [(s, e)] if cells.len() == width => Some((e - s, s, false)),
        // (Not after a dash, `⠤⠤`, which a heading's players have between them.)
        [(s, e)]
            if crate::braille::block::ends_at_cut(&cells[s..e])
                && !cells[s..e].ends_with(&[HYPHEN, HYPHEN]) =>
        {
            Some((e - s, s, true))
        }
        _ => None,
    }
}

/// The words of a line, as ranges of its cells, without the page number at its end (a number
/// at the end of a page's first or last line, set apart by blanks: compact notation has no
/// number sign); and whether it had one.
fn spans_of(cells: &[Cell]) -> (Vec<(usize, usize)>, bool) {
    let mut start = 0;
    let mut spans = Vec::new();
    for (k, c) in cells.iter().enumerate() {
        if c.is_blank() {
            if k > start {
                spans.push((start, k));
            }
            start = k + 1;
        }
    }
    if cells.len() > start {
        spans.push((start, cells.len()));
    }
    let mut page_number = false;
    if let Some(&(s, _)) = spans.last()
        && cells::page_number(cells) == Some(s)
    {
        spans.pop();
        page_number = true;
    }
    (spans, page_number)
}

/// A line's text as a heading holds it: from its first word to its last, its page number
/// left out.
fn text_of(cells: &[Cell]) -> &[Cell] {
    // (As `spans_of` leaves it: the page number is always its last word. Found without a
    // list of the words: the first pass of `read` takes every line's.)
    let cells = cells::page_number(cells).map_or(cells, |s| &cells[..s]);
    let start = cells
        .iter()
        .position(|c| !c.is_blank())
        .unwrap_or(cells.len());
    let end = cells
        .iter()
        .rposition(|c| !c.is_blank())
        .map_or(start, |e| e + 1);
    &cells[start..end]
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
        Some((w, b)) => players_tags(w, b, &mut tags),
        None => rest.push(first),
    }
    rest.extend(lines);
    for line in rest {
        line_tags(line, &mut tags);
    }
    tags
}

/// The tags of the players' line (`White (Elo) – Black (Elo)`): names and ratings; `NN` is
/// no name.
fn players_tags(white: &str, black: &str, tags: &mut Vec<(&'static str, String)>) {
    for (side, elo, player) in [("White", "WhiteElo", white), ("Black", "BlackElo", black)] {
        let (name, rating) = match player.rsplit_once(" (") {
            Some((n, r))
                if r.ends_with(')') && r[..r.len() - 1].bytes().all(|b| b.is_ascii_digit()) =>
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

/// The tags of a heading's line after the players': the annotator, the opening (`ECO,
/// Opening, Variation`), or `Event, Site, rond R, yyyy-mm-dd, result`.
fn line_tags(line: &str, tags: &mut Vec<(&'static str, String)>) {
    let is_eco = |p: &str| {
        let b = p.as_bytes();
        b.len() == 3 && (b'A'..=b'E').contains(&b[0]) && b[1..].iter().all(u8::is_ascii_digit)
    };
    if let Some(a) = line.strip_prefix("Kommentarer: ") {
        tags.push(("Annotator", a.to_owned()));
        return;
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
        return;
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

/// Games as PGN: the seven tags (what the heading gave back, else `?`), then the movetext in
/// standard algebraic notation, comments in braces, variations in parentheses.
pub fn to_pgn<G: std::borrow::Borrow<ReadGame>>(games: &[G]) -> String {
    let mut out = String::new();
    let mut writer = PgnWriter::default();
    for game in games {
        writer.game(game.borrow(), &mut out);
    }
    out
}

/// Games as PGN, one after another ([`to_pgn`]): what a game before says of the next.
#[derive(Default)]
pub(crate) struct PgnWriter {
    /// A bulletin's round heading stands before the round's first game: its games after it
    /// are of that round (and event).
    round: Vec<(&'static str, String)>,
}

impl PgnWriter {
    /// `game` as PGN onto `out`.
    pub(crate) fn game(&mut self, game: &ReadGame, out: &mut String) {
        let round = &mut self.round;
        let mut tags = tags(&game.heading);
        // (Once a round heading was read: only a bulletin has them.)
        let of_round = |(n, _): &&(&str, String)| matches!(*n, "Round" | "Event");
        if game
            .heading
            .first()
            .is_some_and(|l| games::is_round_heading(l))
        {
            *round = tags.iter().filter(of_round).cloned().collect();
        } else {
            for (name, value) in round.iter() {
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
fn other_notation(name: &str, found: usize, notation: Notation) -> Result<()> {
    let word = match notation {
        Notation::Compact => "ordinary",
        Notation::Ordinary => "compact",
    };
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

/// `schackpunkt read`: the braille file `input` (`-`: standard input) read back, its games
/// written as PGN to `output` (`None`: standard output), a stretch of the file at a time.
/// Every game read goes to `each` as it is read, with its error if it could not be read to
/// its end (`keep_going`: the others are written, and the caller names these). Without
/// `keep_going`, nothing is written unless every game could be read.
pub fn read_file(
    input: &std::path::Path,
    output: Option<&std::path::Path>,
    table: BrfTable,
    notation: Notation,
    keep_going: bool,
    each: &mut dyn FnMut(&ReadGame),
) -> Result<()> {
    let name = match input.as_os_str() == "-" {
        true => crate::source::STDIN_NAME.to_owned(),
        false => input.display().to_string(),
    };
    let opened = stream::open(input, &name)?;
    let source = opened.source();
    let encoding = stream::encoding(&name, &source, table)?;
    let body = |w: &mut dyn crate::output::VolumeWrite| {
        let mut pgn = String::new();
        let mut writer = PgnWriter::default();
        let put = |pgn: &mut String, w: &mut dyn crate::output::VolumeWrite| {
            w.write_all(pgn.as_bytes())
                .map_err(|e| crate::error::Error::io(crate::destination::OUTPUT, e))?;
            pgn.clear();
            Ok::<_, Error>(())
        };
        let read = stream::read(
            &name,
            &source,
            encoding,
            table,
            notation,
            keep_going,
            stream::STRETCH_LINES,
            &mut |game| {
                each(&game);
                // Only the games read whole are written; the others are named by the caller.
                if game.error.is_none() {
                    writer.game(&game, &mut pgn);
                }
                if pgn.len() >= 1 << 16 {
                    put(&mut pgn, w)?;
                }
                Ok(())
            },
        )?;
        if read == 0 {
            // (Nothing read in this notation: perhaps in the other.)
            let other = match notation {
                Notation::Compact => Notation::Ordinary,
                Notation::Ordinary => Notation::Compact,
            };
            let mut found = 0;
            let read = stream::read(
                &name,
                &source,
                encoding,
                table,
                other,
                true,
                stream::STRETCH_LINES,
                &mut |g| {
                    found += usize::from(g.error.is_none() && !g.items.is_empty());
                    Ok(())
                },
            );
            other_notation(&name, read.map_or(0, |_| found), notation)?;
        }
        put(&mut pgn, w)
    };
    match output {
        Some(target) if target.as_os_str() != "-" => {
            let inputs = [input.to_path_buf()];
            crate::destination::refuse_input_as_output(target, &inputs)?;
            crate::destination::write(target, &inputs, body)?;
        }
        _ => crate::destination::write_stdout(body)?,
    }
    Ok(())
}
