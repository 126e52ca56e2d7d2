//! The walk over a file's words, game by game: where each begins ([`Finder`]), its heading,
//! its words read by a [`Reader`] to where it ends, and the checks at its end.

use shakmaty::{Chess, Position};

use super::find::Finder;
use super::heading::{game_heading, join_heading, split_games_without_moves};
use super::reader::Reader;
use super::words::{DASH, Word, parse, result_word};
use super::{Found, ReadGame};
use crate::error::{Diagnostic, Error, Location, Result};
use crate::read::text::to_print;

/// What the walk has found so far, and where the next game's heading may begin.
pub(super) struct Walk {
    pub(super) found: Found,
    /// The first line of the next game's heading: the line after the last game's.
    heading_from: u32,
    /// A contents list's heading stands before the words (see [`super::games`]): the next
    /// game's heading lines on pages before its own are contents entries.
    contents_before: bool,
}

impl Walk {
    pub(super) fn new(contents_before: bool) -> Self {
        Walk {
            found: Found {
                games: Vec::new(),
                started: Vec::new(),
                last: None,
            },
            heading_from: 0,
            contents_before,
        }
    }
}

/// Where the reading of one game stands in the words.
struct GameWalk {
    /// Its first word.
    start: usize,
    /// The line of the game's last move.
    last_move_line: u32,
    /// The page of the last move: a game that follows with no blank line between begins on
    /// a later page (a page end took the blank line away); on the same page the number 1
    /// and a legal first move are a comment's (`{(Jämför 1.a3 ovan.)}`).
    last_move_page: u32,
    /// The first word after the last move.
    after_last_move: usize,
    /// The line of the last word the game kept: the lines after it that come before the
    /// next game are that game's heading.
    last_line: u32,
    /// Where the words on the lines after the last move's begin in the comment (its
    /// length then) and their line: the next game's heading when that game follows with no
    /// blank line between (a page end took it away).
    mark: Option<(usize, u32)>,
    /// Where the comment open now began, when it began right after a move.
    comment_from: Option<usize>,
}

impl Finder<'_> {
    /// At word `i`, where no game begins: the error of a game that cannot begin there (moves
    /// after a diagram no game can stand in, a first move written wrongly), or nothing. The
    /// word to go on from.
    pub(super) fn no_game_at(&self, i: usize, walk: &mut Walk) -> Result<usize> {
        let words = self.words;
        // Moves right after a diagram no game can stand in (a king left out, two on one
        // square): an error, not moves that vanish.
        if !words[i].after_blank_line
            && let Some((k, ..)) = self.after_diagram(i)
        {
            let e = self.no_position_error(i, k);
            if !self.keep_going {
                return Err(e);
            }
            walk.found.games.push(ReadGame {
                line: self.diagrams[k].line,
                start: Some(self.diagrams[k].fen.clone()),
                error: Some(e),
                ..ReadGame::default()
            });
            walk.found.started.push(k);
            return Ok(self.next_start(i + 1));
        }
        if let Some((at, what)) = self.wrong_start(i) {
            let w = &words[at];
            let d = Diagnostic::new(
                self.location(w),
                format!(
                    "{what}: {} (braille page {})",
                    crate::braille::cell::to_unicode_string(w.cells),
                    w.page
                ),
            );
            let e: Error = match self.wrong_start_hint(i, at) {
                Some(hint) => d.with_hint(hint).into(),
                None => d.into(),
            };
            if !self.keep_going {
                return Err(e);
            }
            walk.found.games.push(ReadGame {
                line: words[i].line,
                error: Some(e),
                ..ReadGame::default()
            });
            let next = self.next_start(i + 1);
            walk.heading_from = words[next - 1].line + 1;
            return Ok(next);
        }
        Ok(i + 1)
    }

    fn location(&self, w: &Word<'_>) -> Location {
        Location {
            file: self.file.to_owned(),
            line: w.line,
            column: w.column,
        }
    }

    /// The error for the moves at word `i` after diagram `k`, which is no position a game
    /// can stand in.
    fn no_position_error(&self, i: usize, k: usize) -> Error {
        let (w, d) = (&self.words[i], &self.diagrams[k]);
        Diagnostic::new(
            self.location(w),
            format!(
                "the game after the diagram on line {} cannot be played from it: the \
                 diagram is no position a game can stand in{}: {}",
                d.line,
                d.problem
                    .as_deref()
                    .map_or(String::new(), |p| format!(" ({p})")),
                crate::braille::cell::to_unicode_string(w.cells)
            ),
        )
        .with_hint(
            "each side has one king, a square holds one piece, and the side not to move is \
             not in check",
        )
        .into()
    }

    /// The game that begins at word `i` (from `diagram`'s position, or the start position):
    /// its heading, its words to its end, the checks there. The word after it.
    pub(super) fn game(
        &self,
        mut i: usize,
        diagram: Option<(usize, Chess)>,
        walk: &mut Walk,
    ) -> Result<usize> {
        let words = self.words;
        let first_line = words[i].line;
        walk.found.last = Some((walk.found.games.len(), walk.heading_from));
        let heading = self.heading_of(i, diagram.as_ref().map(|(k, _)| *k), walk);
        let started = &mut walk.found.started;
        // A game's start diagram of the start position itself: a `[#]` before its first
        // move, not a position to start from.
        let opening = diagram
            .as_ref()
            .is_some_and(|(_, pos)| *pos == Chess::default());
        if let Some((k, _)) = diagram.as_ref().filter(|_| opening) {
            started.push(*k);
        }
        let mut chess960 = false;
        let (pos, start, line) = match diagram.filter(|_| !opening) {
            Some((k, pos)) => {
                started.push(k);
                let fen = shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal);
                chess960 = pos.castles().mode() == shakmaty::CastlingMode::Chess960;
                (pos, Some(fen.to_string()), self.diagrams[k].line)
            }
            None => (Chess::default(), None, first_line),
        };
        let game = ReadGame {
            line,
            heading,
            start,
            chess960,
            ..ReadGame::default()
        };
        let mut reader = Reader::new(self.file, self.notation, pos, game, &self.parses);
        if opening {
            reader.diagram_mark();
        }
        // To the period after the game's last move (compact notation), a blank line after its
        // moves (games stand a blank line apart), or the end of the words.
        let mut at = GameWalk {
            start: i,
            last_move_line: words[i].line,
            last_move_page: words[i].page,
            after_last_move: i,
            last_line: words[i].line,
            mark: None,
            comment_from: None,
        };
        i = self.moves(&mut reader, &mut at, i, started)?;
        self.end_of_game(&mut reader, &mut at, i, started)?;
        walk.heading_from = at.last_line + 1;
        walk.found.games.push(reader.game);
        Ok(i)
    }

    /// The heading of the game that begins at word `i` (from diagram `diagram`): its lines
    /// after the game before it. The headings of games without moves (a forfeit, a result
    /// alone) before this game's are games of their own.
    fn heading_of(&self, i: usize, diagram: Option<usize>, walk: &mut Walk) -> Vec<String> {
        let (words, headings) = (self.words, self.headings);
        let first_line = words[i].line;
        // (The lines are in order: the range is found by bisection, not by a walk over all.)
        let lo = headings.partition_point(|h| h.line < walk.heading_from);
        let hi = headings.partition_point(|h| h.line < first_line).max(lo);
        // A bulletin's title page and contents list stand before its first game: the pages
        // before the game's own (its contents entries are no headings of games).
        let lines = &headings[lo..hi];
        // (A contents list's heading may stand before the lines read here: `contents_before`.)
        let contents = std::mem::take(&mut walk.contents_before)
            || lines
                .iter()
                .any(|h| crate::braille::book::is_contents_heading(&to_print(h.cells)));
        let page = match diagram {
            Some(k) => self.diagrams[k].page,
            None => words[i].page,
        };
        let mut heading = game_heading(lines, page, contents, self.bulletin, &self.title_lines);
        split_games_without_moves(
            &mut heading,
            first_line,
            &mut walk.found.games,
            self.bulletin,
        );
        heading
    }

    /// Reads the game's words from word `i` to its end: the word after it.
    fn moves(
        &self,
        reader: &mut Reader<'_>,
        at: &mut GameWalk,
        mut i: usize,
        started: &mut Vec<usize>,
    ) -> Result<usize> {
        let words = self.words;
        while i < words.len() {
            if i > at.start && self.ends_before(reader, at, i, started) {
                break;
            }
            let w = &words[i];
            if w.line > at.last_move_line && at.mark.is_none() {
                at.mark = Some((reader.comment.len(), w.line));
            }
            i += 1;
            let before = reader.moves_read;
            let began = reader.comment_start.is_none();
            let read = reader.word(w, &words[i..]);
            // Where the comment open now began, when it began right after a move.
            match (&reader.comment_start, began) {
                (None, _) => at.comment_from = None,
                (Some(_), true) => at.comment_from = Some(i - 1),
                (Some(_), false) => {}
            }
            match read {
                Ok(true) => {
                    at.last_line = w.line;
                    return Ok(self.words_after_end(reader, w, i));
                }
                Ok(false) => {}
                // Keep going: the game is kept as far as it was read, with its error, and
                // the reading goes on after it (its blank line, or the next game's start).
                Err(e) if self.keep_going => {
                    reader.game.error = Some(e);
                    i = self.next_start(i);
                    at.last_line = words[i - 1].line;
                    reader.stack.clear();
                    return Ok(i);
                }
                Err(e) => return Err(e),
            }
            at.last_line = w.line;
            if reader.moves_read > before {
                at.last_move_line = w.line;
                at.last_move_page = w.page;
                at.after_last_move = i;
                at.mark = None;
            }
        }
        Ok(i)
    }

    /// The words after the game's end on its line (from word `i`; `w` the word that ended
    /// it): a result typed there (`⠄ ⠴⠤⠂`) is the game's, other words a comment after its
    /// last move (not dropped). The word after them.
    fn words_after_end(&self, reader: &mut Reader<'_>, w: &Word<'_>, mut i: usize) -> usize {
        while let Some(n) = self
            .words
            .get(i)
            .filter(|n| n.line == w.line && !n.after_blank_line)
        {
            match result_word(n.cells) {
                Some(r) => reader.game.result = Some(r.to_owned()),
                None => reader.comment_word(n.cells),
            }
            i += 1;
        }
        i
    }

    /// Whether the game has ended before word `i` (after its first word): a diagram at its
    /// end, an empty line, the next game overleaf. A diagram of the game's position here,
    /// between its words, is drawn inside the game (`[#]`: marked, and kept in `started`):
    /// the game goes on after it. Where the next game's heading is found, the game's last
    /// line is set before it (and a comment that took the heading's words is cut back).
    fn ends_before(
        &self,
        reader: &mut Reader<'_>,
        at: &mut GameWalk,
        i: usize,
        started: &mut Vec<usize>,
    ) -> bool {
        let (words, w) = (self.words, &self.words[i]);
        if reader.game.error.is_none() {
            match self.inner_diagram(i - 1, Some(i), &reader.pos, started) {
                Some((k, true)) => {
                    started.push(k);
                    reader.diagram_mark();
                    return false;
                }
                // At the game's end: taken below.
                Some((_, false)) if reader.stack.is_empty() => return true,
                _ => {}
            }
        }
        if !reader.stack.is_empty() {
            return false;
        }
        // An empty line, then a diagram: the next game's start, or a diagram of its own.
        if self.blank_between(words[i - 1].line, w.line)
            && self
                .diagrams
                .get(
                    self.diagrams
                        .partition_point(|d| d.line <= words[i - 1].line),
                )
                .is_some_and(|d| d.end < w.line)
        {
            return true;
        }
        // A blank line after the moves, or (a page end took the blank line away) the next
        // game's first move, or a game's start diagram: the game has ended. (Its heading, if
        // any, is the page's first line: a comment's words there would take it for the
        // game's.)
        let next_game = reader.moves_read > 0
            && w.line > at.last_move_line
            && w.page > at.last_move_page
            && (i == at.after_last_move
                || (words[at.after_last_move].page > at.last_move_page
                    && (self.players_between(&words[at.after_last_move..i])
                        || (w.column == 1 && parse(self.notation, w.cells).written.is_none()))))
            && self.begins_here(i);
        if w.after_blank_line || next_game {
            if next_game && let Some((len, line)) = at.mark {
                reader.comment.truncate(len);
                at.last_line = line - 1;
            }
            return true;
        }
        // (Or the next game's players' line overleaf: its heading, not this game's comment or
        // result.) (Not a line that goes on with the game: the number due, or a variation's
        // with its bracket (`2 -- sc6` in compact notation, whose dashes are no players'
        // dash).)
        let q = parse(self.notation, w.cells);
        let goes_on =
            q.number.is_some() && (q.opens > 0 || q.number == Some(reader.pos.fullmoves().get()));
        if reader.moves_read > 0
            && w.line > at.last_move_line
            && words[i - 1].line < w.line
            && !goes_on
            && self.overleaf(w.line, at.last_move_line)
            && (self.bulletin || self.heading_then_game(i))
        {
            at.last_line = w.line - 1;
            return true;
        }
        false
    }

    /// The checks at the game's end (its words end before word `i`): moves in its last
    /// comment, a move number with no move, a diagram of its last position, a variation not
    /// closed.
    fn end_of_game(
        &self,
        reader: &mut Reader<'_>,
        at: &mut GameWalk,
        i: usize,
        started: &mut Vec<usize>,
    ) -> Result<()> {
        let words = self.words;
        // Compact notation: a comment that began right after a move and ends the game with a
        // move and the game's period (`⠇⠑⠲⠄`, which text in a comment cannot be): its first
        // word was a move typed wrong.
        let last_comment = at
            .comment_from
            .filter(|_| reader.stack.is_empty() && reader.game.error.is_none())
            .and_then(|from| reader.game_in_last_comment(words.get(from..i)?));
        if let Some(e) = reader.moves_in_last_comment().or(last_comment) {
            self.kept(reader, e)?;
        }
        // A move number with no move after it at the game's end: a move left out.
        if reader.after_number
            && reader.game.error.is_none()
            && let Some(w) = words.get(i.saturating_sub(1))
        {
            let e = reader.error(
                w,
                "a move number with no move after it ends the game".into(),
            );
            self.kept(reader, e)?;
        }
        // A diagram of the game's last position right after its last word: drawn at its
        // end (`[#]`).
        if i > at.start
            && reader.game.error.is_none()
            && let Some((k, _)) = self.inner_diagram(i - 1, None, &reader.pos, started)
        {
            started.push(k);
            reader.diagram_mark();
            at.last_line = at.last_line.max(self.diagrams[k].end);
        }
        reader.flush_comment();
        if let Some(w) = words.get(i.saturating_sub(1))
            && !reader.stack.is_empty()
        {
            let e = reader.error(w, "a variation is not closed".into());
            self.kept(reader, e)?;
        }
        Ok(())
    }

    /// An error in a game: kept with the game as far as it was read (`keep_going`), or the
    /// reading's.
    fn kept(&self, reader: &mut Reader<'_>, e: Error) -> Result<()> {
        match self.keep_going {
            true => {
                reader.game.error = Some(e);
                Ok(())
            }
            false => Err(e),
        }
    }

    /// The next game's players' line at the top of a page after the last move's (`line`,
    /// after `last`): a page end took the blank line before it away. In a bulletin its
    /// heading wraps with no indent, the dash often onto the next line (`Bord 2: Ceder,
    /// Cecilia` / `– Dahl, David, 0-1`), and a round's heading may be the page's first line.
    fn overleaf(&self, line: u32, last: u32) -> bool {
        let headings = self.headings;
        let index = |l: u32| headings.partition_point(|h| h.line < l);
        let k = index(line);
        let (Some(h), Some(m)) = (headings.get(k), headings.get(index(last))) else {
            return false;
        };
        if h.line != line || h.page <= m.page {
            return false;
        }
        // (The page's first line of text: a comment goes on lower down.)
        let before = headings.get(..k).unwrap_or_default().iter().rev();
        if !before
            .take_while(|p| p.page == h.page)
            .all(|p| p.cells.is_empty())
        {
            return false;
        }
        let text = to_print(h.cells);
        // (Not a move number's dashes, the White move left out, `1 -- b6`, nor a null
        // move's after a move, `(9. Dxb4 -- [9...a5`.)
        let words: Vec<&[crate::braille::Cell]> = h.cells.split(|c| c.is_blank()).collect();
        let omitted = words.windows(2).any(|w| {
            let q = parse(self.notation, w[0]);
            w[1] == [DASH, DASH] && (q.number.is_some() || q.written.is_some())
        });
        if !self.bulletin {
            return text.contains(" – ") && !omitted;
        }
        if super::heading::is_round_heading(&text) {
            return true;
        }
        // A bulletin's game heading, joined with the lines it filled (the dash may stand
        // two lines down): a board's (`Bord 3: …`) or players ending in the result. Not
        // a comment's line with a dash in it, which would take the rest of the game.
        let lines = headings.get(k..).unwrap_or_default().iter();
        let mut joined = Vec::new();
        join_heading(
            &mut joined,
            lines.take(3).take_while(|n| n.page == h.page),
            true,
        );
        let Some(text) = joined.into_iter().next() else {
            return false;
        };
        super::heading::board_heading(&text).is_some()
            || (text.contains(" – ") && super::heading::heading_result(&text).is_some())
    }

    /// Words between a game's last move and the next game on a later page: that game's
    /// heading, with its players' dash (`A – B`, however it wraps), not a comment's words;
    /// or the next game's number 1 stands at a line's start apart from its move, as the
    /// writer sets a game's first move (a comment's `1.a3` is as its source wrote it).
    fn players_between(&self, between: &[Word<'_>]) -> bool {
        let dashed = between.windows(2).any(|w| {
            let q = parse(self.notation, w[0].cells);
            w[1].cells == [DASH, DASH] && q.number.is_none() && q.written.is_none()
        });
        dashed && between.first().is_some_and(|w| w.column == 1)
    }

    /// A book's game heading at a page's top (a players' line) is followed by its game
    /// within a few lines: a comment's line with a dash (`"offer" -- pawn`) is not.
    fn heading_then_game(&self, i: usize) -> bool {
        let words = self.words;
        let top = words[i].line;
        let mut j = i;
        while j < words.len() && words[j].line <= top + 3 {
            if self.begins_here(j) {
                return true;
            }
            j += 1;
        }
        j < words.len() && self.begins_here(j)
    }

    /// A bulletin's games without moves after its last game (a forfeit on the last board):
    /// the headings after that game, up to the index of players.
    pub(super) fn games_without_moves_at_end(&self, walk: &mut Walk) {
        let games = &mut walk.found.games;
        if !self.bulletin || games.iter().all(|g| g.items.is_empty()) {
            return;
        }
        let headings = self.headings;
        let lo = headings.partition_point(|h| h.line < walk.heading_from);
        let index = crate::braille::book::INDEX_HEADING;
        let lines = headings[lo..]
            .iter()
            .take_while(|h| to_print(h.cells) != index);
        let mut heading = Vec::new();
        join_heading(&mut heading, lines, self.bulletin);
        if heading.iter().any(|l| l.contains(" – ")) {
            let line = headings.get(lo).map_or(walk.heading_from, |h| h.line);
            split_games_without_moves(&mut heading, line, games, self.bulletin);
            games.push(ReadGame {
                line,
                heading,
                ..ReadGame::default()
            });
        }
    }
}
