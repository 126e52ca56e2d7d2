//! The PGN reader: scans each game with positions (its tags are the scan's), has pgn-reader
//! read its movetext (the source text itself when every token is already in the form
//! pgn-reader reads, else a normalized copy) and replays it with shakmaty, one game at a time (memory does not grow with the number of
//! games).

use std::io::BufRead;

use pgn_reader::Reader;

use super::feed::Feed;
use super::game::{Game, GameResult, Tags};
use super::letters::Lang;
use super::normalize::{Written, write_game};
use super::replay::{Frame, Replay, Spare, game_label};
use super::scan::{GameScan, ScanError, Scanner, TokKind};
use crate::error::{Error, Warning};

/// Warnings kept until [`PgnReader::take_warnings`]; more are counted, not kept.
const MAX_WARNINGS: usize = 1000;

/// Reads every game of a PGN text and replays it: a [`Splitter`] and a [`Replayer`] on one
/// thread (for tests; the build runs the two apart, `build/games.rs`).
#[cfg(test)]
pub struct PgnReader<R: BufRead> {
    splitter: Splitter<R>,
    replayer: Replayer,
}

#[cfg(test)]
impl<R: BufRead> PgnReader<R> {
    /// `file` is the name used in error locations.
    pub fn new(input: R, file: &str) -> Self {
        PgnReader {
            splitter: Splitter::new(input),
            replayer: Replayer::new(file),
        }
    }

    /// For PGN inside another file (a Markdown block): the input's first line is line `line`
    /// of `file`.
    pub fn starting_at_line(mut self, line: u32) -> Self {
        self.splitter = self.splitter.starting_at_line(line);
        self
    }

    /// Reads, checks and replays the next game; `Ok(None)` at the end of input.
    ///
    /// After an error the next call goes on with the next game.
    pub fn read_game(&mut self) -> Result<Option<Game>, Error> {
        if !self
            .splitter
            .next_game()
            .map_err(|e| Error::io(&self.replayer.file, e))?
        {
            return Ok(None);
        }
        let number = self.splitter.games;
        let last = self.splitter.scanner.at_end();
        let scan = &mut self.splitter.scanner.game;
        let game = self.replayer.replay(scan, number)?;
        let short = cut_short(scan, number, last, &self.replayer.file, &game.tags);
        self.replayer.warnings.extend(short);
        Ok(Some(game))
    }

    /// Warnings gathered so far (drained).
    pub fn take_warnings(&mut self) -> Vec<Warning> {
        self.replayer.take_warnings()
    }

    fn no_raw(&mut self) {
        self.replayer.no_raw = true;
    }
}

/// A game scanned and not yet replayed: its text with every token's place, and its number in
/// its file. It can be replayed on another thread than the one that read it.
pub(crate) struct Scanned {
    pub(crate) number: usize,
    pub(crate) scan: Box<GameScan>,
    /// The game ends where the input ends.
    pub(crate) last: bool,
}

impl Scanned {
    /// See [`cut_short`].
    pub(crate) fn cut_short(&mut self, file: &str, tags: &Tags) -> Option<Warning> {
        cut_short(&mut self.scan, self.number, self.last, file, tags)
    }
}

/// The warning for game `number`, `last` in its file, when it ends there without the result
/// its tags give (issue 32: a file cut short in its last game built without a word): its
/// `[Result]` among `tags` (looked for only in the last game). A game without that tag (a
/// fragment typed by hand) needs none.
fn cut_short(
    scan: &mut GameScan,
    number: usize,
    last: bool,
    file: &str,
    tags: &Tags,
) -> Option<Warning> {
    if !last || scan.has_result() || scan.is_text() {
        return None;
    }
    let result = tags.get("Result")?;
    // (The warning stands at the last token: a plain game is scanned into tokens for it.)
    scan.rescan_full();
    {
        let end = scan.tokens.last().map_or(0, |t| t.end);
        let start = scan.tokens.last().map_or(0, |t| t.start);
        let message = format!(
            "{} ends with the file but without its result (the tag Result says '{result}'): is \
             the file cut short?",
            game_label(scan, number)
        );
        let d = scan.diagnostic(file, start, end.max(start + 1), message);
        Some(Warning(d.with_hint(
            "end the game with its result (1-0, 0-1, 1/2-1/2 or *), or see whether the file was \
             cut off",
        )))
    }
}

/// Cuts a PGN text into games, scanning each (the cheap part, done in input order); the games
/// can then be replayed apart.
pub(crate) struct Splitter<R> {
    scanner: Scanner<R>,
    /// Games found so far.
    games: usize,
    /// Scanned games done with, whose buffers the next games are scanned into (a new game's
    /// buffers grow a step at a time: a few percent of the whole build), and the text they
    /// hold.
    // (Boxed as they are handed on and taken back: a scan of some 560 bytes moved at each
    // game cost more than its box.)
    #[allow(clippy::vec_box)]
    spares: Vec<Box<GameScan>>,
    spare_bytes: usize,
}

/// Spare scans kept, the largest text a spare may hold on to, and the most text all of them
/// may. (As many as the games between the threads: about ten batches of 32 games on their
/// way. With fewer, the thread that scans made new scans while the spares coming back from
/// the other thread were dropped there, and every allocation of both threads took the slow
/// way: 5 % more instructions with two threads than with one.)
const SPARES: usize = 384;
const SPARE_TEXT: usize = 1 << 20;
const SPARE_BYTES: usize = 8 << 20;

impl<R: BufRead> Splitter<R> {
    pub(crate) fn new(input: R) -> Self {
        let mut scanner = Scanner::new(input, 1);
        scanner.set_guarded(true);
        Splitter {
            scanner,
            games: 0,
            spares: Vec::new(),
            spare_bytes: 0,
        }
    }

    /// The input's first line is line `line` of its file.
    pub(crate) fn starting_at_line(mut self, line: u32) -> Self {
        self.scanner.set_first_line(line);
        self
    }

    /// Piece letters (and numbers) read as the setting `notation` reads them.
    pub(crate) fn reading(mut self, notation: crate::settings::SourceNotation) -> Self {
        self.scanner
            .set_reading(super::letters::Reading::of(notation));
        self
    }

    /// Scans the next game (skipping text with no game in it); `false` at the end of input.
    fn next_game(&mut self) -> std::io::Result<bool> {
        loop {
            if !self.scanner.next_game()? {
                return Ok(false);
            }
            if !self.scanner.game.is_empty() {
                // (Text between games is no game: the games after it keep their numbers.)
                if !self.scanner.game.is_text() {
                    self.games += 1;
                }
                return Ok(true);
            }
        }
    }

    /// The next game, scanned; `Ok(None)` at the end of input.
    pub(crate) fn next_scanned(&mut self) -> std::io::Result<Option<Scanned>> {
        if !self.next_game()? {
            return Ok(None);
        }
        let spare = self.spares.pop();
        if let Some(s) = &spare {
            self.spare_bytes -= Scanner::<R>::held(s);
        }
        Ok(Some(Scanned {
            number: self.games,
            last: self.scanner.at_end(),
            scan: self.scanner.take_game(spare),
        }))
    }

    /// A game done with: its buffers are used again for a later one (unless it held a long
    /// text, which would stay in memory).
    pub(crate) fn recycle(&mut self, scanned: Scanned) {
        let held = Scanner::<R>::held(&scanned.scan);
        if self.spares.len() < SPARES
            && held <= SPARE_TEXT
            && self.spare_bytes + held <= SPARE_BYTES
        {
            self.spare_bytes += held;
            self.spares.push(scanned.scan);
        }
    }
}

/// Replays scanned games: pgn-reader reads each, shakmaty plays every move. One a thread.
pub(crate) struct Replayer {
    file: String,
    /// The normalized text of the game being read, and pgn-reader reading it.
    feed: Feed,
    reader: Reader<Feed>,
    stack: Vec<Frame>,
    /// The buffers of the last game done with ([`Replayer::recycle`]).
    spare: Spare,
    warnings: Vec<Warning>,
    dropped: usize,
    /// Tests: always give pgn-reader the normalized copy.
    #[cfg(test)]
    no_raw: bool,
}

impl Replayer {
    /// `file` is the name used in error locations.
    pub(crate) fn new(file: &str) -> Self {
        let feed = Feed::default();
        Replayer {
            file: file.to_owned(),
            feed: feed.clone(),
            reader: Reader::new(feed),
            stack: Vec::new(),
            spare: Spare::default(),
            warnings: Vec::new(),
            dropped: 0,
            #[cfg(test)]
            no_raw: false,
        }
    }

    /// A game replayed here and done with: its buffers serve the next game.
    pub(crate) fn recycle(&mut self, game: Game) {
        self.spare = Spare::of(game);
    }

    /// The name used in error locations.
    pub(crate) fn file(&self) -> &str {
        &self.file
    }

    /// Warnings gathered so far (drained).
    pub(crate) fn take_warnings(&mut self) -> Vec<Warning> {
        let mut w = std::mem::take(&mut self.warnings);
        if self.dropped > 0 {
            let first = w.first().map(|f| f.0.location.clone());
            if let Some(location) = first {
                let message = format!("{} more warnings not shown", self.dropped);
                w.push(Warning(crate::error::Diagnostic::new(location, message)));
            }
            self.dropped = 0;
        }
        w
    }

    /// Checks and replays one scanned game (game `number` of its file). A plain game (one the
    /// scan's guard read) is read by pgn-reader from its source text and checked against the
    /// guard's record; when they differ, or the game needs a word said, it is scanned into
    /// tokens and replayed the located way.
    pub(crate) fn replay(&mut self, scan: &mut GameScan, number: usize) -> Result<Game, Error> {
        #[cfg(test)]
        if self.no_raw {
            scan.rescan_full();
        }
        if scan.is_guarded() {
            if let Some((game, warnings)) = self.attempt_guarded(scan, number) {
                #[cfg(debug_assertions)]
                self.cross_check(scan, number, &game, &warnings);
                self.keep(warnings);
                return Ok(game);
            }
            scan.rescan_full();
        }
        self.replay_located(scan, number)
    }

    /// Tests and debug builds check that the located replay of a plain game gives the very
    /// game and warnings the guarded one did.
    #[cfg(debug_assertions)]
    fn cross_check(&mut self, scan: &GameScan, number: usize, game: &Game, warnings: &[Warning]) {
        let mut located = scan.clone();
        located.rescan_full();
        let (kept, dropped) = (std::mem::take(&mut self.warnings), self.dropped);
        let again = self.replay_located(&located, number);
        let added = std::mem::replace(&mut self.warnings, kept);
        self.dropped = dropped;
        assert_eq!(
            again.as_ref().map(|g| format!("{g:?}")).ok(),
            Some(format!("{game:?}")),
            "the guarded replay differs from the located one"
        );
        assert_eq!(
            format!("{added:?}"),
            format!("{warnings:?}"),
            "the guarded replay's warnings differ from the located one's"
        );
    }

    /// Replays a plain game: pgn-reader reads its source text; `None` when what it reports
    /// is not what the guard counted, or the located replay would say something of it.
    fn attempt_guarded(&mut self, scan: &GameScan, number: usize) -> Option<(Game, Vec<Warning>)> {
        let file = self.file.as_str();
        self.feed.fill(|out| {
            let text = scan.text.as_bytes();
            out.extend_from_slice(text.get(scan.movetext_start()..).unwrap_or_default());
        });
        let mut replay = Replay::new(scan, file, number, &mut self.stack, &mut self.spare);
        replay.take_tags();
        let read = read_one(&mut self.reader, &mut replay);
        replay.finish_guarded();
        if read.is_err() {
            self.reader = Reader::new(self.feed.clone());
        }
        let tag_result = replay.tags.get("Result").and_then(result_of);
        let differs = matches!((replay.marker, tag_result), (Some(m), Some(t)) if m != t);
        if read.is_err()
            || replay.internal
            || replay.error.is_some()
            || differs
            || !replay.agrees_with_guard()
        {
            return None;
        }
        let warnings = std::mem::take(&mut replay.warnings);
        Some((game_of(replay, scan, file, number, tag_result), warnings))
    }

    /// Checks and replays one game scanned into tokens.
    fn replay_located(&mut self, scan: &GameScan, number: usize) -> Result<Game, Error> {
        if scan.is_text() {
            return Err(text_between_games(scan, &self.file).into());
        }
        // pgn-reader reads the source itself when every token is written as it reads it,
        // else a normalized copy; the source is tried first and the copy if they disagree.
        let raw = scan.raw && scan.error.is_none() && scan.lang() != Lang::Swedish;
        #[cfg(test)]
        let raw = raw && !self.no_raw;
        if raw && let Some(game) = self.attempt(scan, number, true) {
            return game;
        }
        self.attempt(scan, number, false).unwrap_or_else(|| {
            let msg = "internal error: pgn-reader and the scan disagree".to_owned();
            Err(scan.diagnostic(&self.file, 0, 1, msg).into())
        })
    }

    /// Reads the game from the source text (`raw`) or its normalized copy; `None` when
    /// pgn-reader reported something else than the scan found.
    fn attempt(
        &mut self,
        scan: &GameScan,
        number: usize,
        raw: bool,
    ) -> Option<Result<Game, Error>> {
        let file = self.file.as_str();
        // pgn-reader reads the movetext: the tags are the scan's (read once, with places).
        let written = self.feed.fill(|out| {
            if raw {
                let text = scan.text.as_bytes();
                out.extend_from_slice(text.get(scan.movetext_start()..).unwrap_or_default());
                Written {
                    tokens: scan.tokens.len(),
                    ..Written::default()
                }
            } else {
                write_game(scan, scan.lang(), out)
            }
        });
        let mut replay = Replay::new(scan, file, number, &mut self.stack, &mut self.spare);
        replay.take_tags();
        let read = read_one(&mut self.reader, &mut replay);
        // A number after the last move (unless the scan stopped at an error after it, which
        // is the one to report).
        if written.error.is_none() && scan.error.is_none() {
            replay.finish(written.tokens);
        }
        if read.is_err() {
            // What the reader holds is unknown: start a new one for the next game.
            self.reader = Reader::new(self.feed.clone());
        }
        // Every token written must have been reported by pgn-reader: none may vanish.
        let stopped = replay.error.is_some();
        let rest = scan
            .tokens
            .get(replay.cursor..written.tokens)
            .unwrap_or_default();
        let skipped = rest.iter().find(|t| t.kind.is_emitted());
        if read.is_err() || replay.internal || (!stopped && skipped.is_some()) {
            if raw {
                return None;
            }
            let (at, what) = match (skipped, read) {
                (_, Err(e)) => ((0, 1), format!("pgn-reader: {e}")),
                (Some(t), _) if !stopped => (
                    (t.start, t.end),
                    format!("pgn-reader skipped '{}'", scan.token_text(t)),
                ),
                _ => ((0, 1), "pgn-reader and the scan disagree".to_owned()),
            };
            let d = scan.diagnostic(file, at.0, at.1, format!("internal error: {what}"));
            return Some(Err(d.into()));
        }
        // The first error in the source wins; an unclosed '(' is found only at the end but
        // wins over the moves after it, which it makes wrong.
        let scan_error = written.error.as_ref().or(scan.error.as_ref());
        if let Some((at, e)) = replay.error.take()
            && scan_error.is_none_or(|s| at < s.start)
        {
            return Some(Err(e));
        }
        if let Some(e) = scan_error {
            return Some(Err(scan_error_of(scan, file, number, e)));
        }
        let mut warnings = std::mem::take(&mut replay.warnings);
        if let Some(at) = written.brace_dropped {
            let msg = "'}' left out of a ';' comment (a comment cannot hold it)".to_owned();
            warnings.push(Warning(scan.diagnostic(file, at, at + 1, msg)));
        }
        let tag = replay.tags.get("Result");
        let tag_result = tag.and_then(result_of);
        if let (Some(m), Some(t), Some(tag)) = (replay.marker, tag_result, tag)
            && m != t
        {
            warnings.push(result_differs(scan, file, number, tag));
        }
        let game = game_of(replay, scan, file, number, tag_result);
        self.keep(warnings);
        Some(Ok(game))
    }

    /// Keeps a game's warnings, up to [`MAX_WARNINGS`] (the rest are counted).
    fn keep(&mut self, warnings: Vec<Warning>) {
        for w in warnings {
            if self.warnings.len() < MAX_WARNINGS {
                self.warnings.push(w);
            } else {
                self.dropped += 1;
            }
        }
    }
}

/// The game replayed.
fn game_of(
    replay: Replay<'_>,
    scan: &GameScan,
    file: &str,
    number: usize,
    tag_result: Option<GameResult>,
) -> Game {
    Game {
        number,
        location: Some(scan.start_location(file)),
        tags: replay.tags,
        items: replay.items,
        text: replay.text,
        result: replay.marker.or(tag_result),
        english_moves: scan.lang() != Lang::Swedish,
        start: replay.start.map(Box::new),
    }
}

/// The warning for a result after the moves that differs from the Result tag (`tag`): at the
/// result written (where it stands), naming the tag's.
#[cold]
fn result_differs(scan: &GameScan, file: &str, number: usize, tag: &str) -> Warning {
    let label = game_label(scan, number);
    let (at, end) = scan
        .tokens
        .iter()
        .rev()
        .find(|t| matches!(t.kind, TokKind::Result(_)))
        .map_or((0, 1), |t| (t.start, t.end));
    let written = scan.text.get(at..end).unwrap_or_default();
    let msg = format!(
        "the result '{written}' at the end of {label} differs from its Result tag '{}'",
        tag.trim()
    );
    Warning(scan.diagnostic(file, at, end, msg))
}

/// Reads the game in the feed, then the feed's end, so that nothing is left for the next game.
fn read_one(reader: &mut Reader<Feed>, replay: &mut Replay<'_>) -> std::io::Result<()> {
    reader.read_game(replay)?;
    if reader.has_more()? {
        return Err(std::io::Error::other("text left over after the game"));
    }
    Ok(())
}

/// The game result a Result tag value names.
fn result_of(tag: &str) -> Option<GameResult> {
    super::words::result_named(tag.trim())
}

/// The error for text between games ([`GameScan::is_text`]): PGN has no place for it, and
/// a word is never dropped without one.
pub(crate) fn text_between_games(scan: &GameScan, file: &str) -> crate::error::Diagnostic {
    let text = scan.text.trim_start_matches(char::is_whitespace);
    let at = scan.text.len() - text.len();
    let line = text.lines().next().unwrap_or_default().trim_end();
    let first = match line.chars().count() > 40 {
        true => format!("{}…", line.chars().take(40).collect::<String>()),
        false => line.to_owned(),
    };
    // A tag that lost its brackets (`Event "SM"`): say so.
    let tag = line
        .split_once(' ')
        .filter(|(name, value)| {
            !name.is_empty()
                && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                && value.trim().starts_with('"')
                && value.trim().ends_with('"')
        })
        .is_some();
    let (message, hint) = match tag {
        true => (
            format!("a tag without its brackets: '{first}'"),
            format!("a tag is written in square brackets: [{line}]"),
        ),
        false => (
            format!("text between games, in no game: '{first}'"),
            match file.ends_with(".md") {
                true => "PGN holds text only in a game: write it as a paragraph outside the \
                         ```pgn block, as a comment in braces in a game's moves ({like this}), \
                         or leave it out"
                    .to_owned(),
                false => "PGN holds text only in a game: write it as a comment in braces in a \
                          game's moves ({like this}), or leave it out"
                    .to_owned(),
            },
        ),
    };
    scan.diagnostic(file, at, at + line.len(), message)
        .with_hint(hint)
}

fn scan_error_of(scan: &GameScan, file: &str, number: usize, e: &ScanError) -> Error {
    let label = game_label(scan, number);
    let d = scan.diagnostic(file, e.start, e.end, format!("{} in {label}", e.message));
    match &e.hint {
        Some(h) => d.with_hint(h.clone()).into(),
        None => d.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Item;

    /// Each game read with the buffers of the game before it (`Replayer::recycle`) is the game
    /// a reader without them gives: nothing of the game before stays in it.
    #[test]
    fn a_game_read_with_the_buffers_of_the_one_before_is_the_same_game() {
        let pgn = concat!(
            "[Event \"Rond 1\"]\n[White \"Carlsen, Magnus\"]\n[Black \"So, Wesley\"]\n",
            "[WhiteElo \"2830\"]\n\n",
            "1. e4 { [%clk 0:05:00] } 1... e5 { [%eval 0.2] [%clk 0:05:00] } 2. Nf3 $1 ",
            "(2. f4 exf4 { Kungsgambit. }) 2... Nc6 { Bra drag [#] här. } 1-0\n\n",
            "[Event \"Rond 2\"]\n\n1. d4 d5 *\n\n",
            "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n",
            "1. e4 Kd7 2. e5 { Ett långt slut. } 1/2-1/2\n\n",
            "1. c4 e5 2. g3 *\n",
        );
        let fresh: Vec<String> = {
            let mut r = PgnReader::new(pgn.as_bytes(), "t.pgn");
            std::iter::from_fn(|| r.read_game().unwrap())
                .map(|g| format!("{g:?}"))
                .collect()
        };
        let mut r = PgnReader::new(pgn.as_bytes(), "t.pgn");
        let mut recycled = Vec::new();
        while let Some(game) = r.read_game().unwrap() {
            recycled.push(format!("{game:?}"));
            r.replayer.recycle(game);
        }
        assert_eq!(fresh.len(), 4);
        assert_eq!(recycled, fresh);
    }

    /// Games done with are kept for their buffers up to the number and the bytes allowed, and
    /// the bytes counted stay those of the spares as they are taken again.
    #[test]
    fn spares_stay_within_their_budget() {
        let pgn = "[Event \"x\"]\n\n1. e4 *\n\n".repeat(SPARES + 200);
        let mut s = Splitter::new(pgn.as_bytes());
        let held = |s: &Splitter<&[u8]>| -> usize {
            s.spares.iter().map(|g| Scanner::<&[u8]>::held(g)).sum()
        };
        let mut taken = Vec::new();
        for _ in 0..SPARES + 100 {
            taken.push(s.next_scanned().unwrap().unwrap());
        }
        for (k, mut g) in taken.into_iter().enumerate() {
            // Most small; some with a text too long to keep; enough to fill the bytes.
            let extra = match k % 10 {
                0 => SPARE_TEXT + 1,
                _ => 64 * 1024,
            };
            g.scan.text.reserve(extra);
            s.recycle(g);
        }
        assert_eq!(held(&s), s.spare_bytes);
        assert!(s.spare_bytes <= SPARE_BYTES, "{}", s.spare_bytes);
        assert!(
            s.spare_bytes > SPARE_BYTES - 2 * SPARE_TEXT,
            "{}",
            s.spare_bytes
        );
        assert!(s.spares.iter().all(|g| g.text.capacity() <= SPARE_TEXT));
        let kept = s.spares.len();
        for _ in 0..50 {
            assert!(s.next_scanned().unwrap().is_some());
        }
        assert_eq!(s.spares.len(), kept - 50);
        assert_eq!(held(&s), s.spare_bytes);
    }

    fn read(src: &str, no_raw: bool) -> Vec<Result<Game, String>> {
        let mut r = PgnReader::new(src.as_bytes(), "t.pgn");
        if no_raw {
            r.no_raw();
        }
        let mut out = Vec::new();
        loop {
            match r.read_game() {
                Ok(Some(g)) => out.push(Ok(g)),
                Ok(None) => break,
                Err(e) => out.push(Err(e.to_string())),
            }
        }
        out
    }

    fn same(a: &Result<Game, String>, b: &Result<Game, String>) -> bool {
        match (a, b) {
            (Ok(a), Ok(b)) => {
                a.number == b.number
                    && a.tags == b.tags
                    && a.items == b.items
                    && a.result == b.result
                    && a.location == b.location
            }
            (Err(a), Err(b)) => a == b,
            _ => false,
        }
    }

    /// The source read by pgn-reader itself and the normalized copy give the same games.
    #[test]
    fn source_and_normalized_copy_agree() {
        let long = "x".repeat(40_000);
        let src = format!(
            "[Event \"A \\\"quoted\\\"\"]\n[White \"W\"]\n\n1. e4 {{a comment}} e5 $1 2. Nf3!? (2. f4 exf4 \
             (2... d5) 3. Nf3) 2... Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 6. d4 exd4 7. Nxd4 c5 \
             8. Ne2 Qxd1 9. Rxd1 {{{long}}} 1-0\n\n1. d4 d5 2. c4 dxc4 3. e4 b5 4. a4 c6 \
             5. axb5 cxb5 6. Bxc4 bxc4 7. Qa4+ Bd7 8. Qxc4 *\n\n[FEN \"7k/P7/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a8=Q+ Kh7 2. Qb7+ *\n"
        );
        let raw = read(&src, false);
        let normalized = read(&src, true);
        assert_eq!(raw.len(), 3);
        for (a, b) in raw.iter().zip(&normalized) {
            assert!(a.is_ok(), "{a:?}");
            assert!(same(a, b), "{a:?}\n{b:?}");
        }
        let Ok(g) = &raw[0] else { panic!() };
        assert_eq!(g.tag("Event"), Some("A \"quoted\""));
        let comments: Vec<usize> = g
            .items
            .iter()
            .filter_map(|i| {
                if let Item::Comment(c, _) = i {
                    Some(g.comment(c).len())
                } else {
                    None
                }
            })
            .collect();
        // The long comment arrives from pgn-reader in chunks, joined again.
        assert_eq!(comments, [" a comment".len() - 1, 40_000]);
    }

    #[test]
    fn long_tags_are_read_whole() {
        let value = "v".repeat(20_000);
        let src = format!("[Annotator \"{value}\"]\n1. e4 *\n\n1. d4 *\n");
        for no_raw in [false, true] {
            let games = read(&src, no_raw);
            assert_eq!(games.len(), 2);
            let Ok(g) = &games[0] else {
                panic!("{:?}", games[0])
            };
            assert_eq!(g.tag("Annotator").map(str::len), Some(20_000));
            assert!(games[1].is_ok());
        }
    }

    #[test]
    fn semicolon_comments_and_sibling_variations() {
        let games = read(
            "; heading note\n\n1. e4 ; best\n(1. d4) (1. c4 c5) e5 *\n",
            false,
        );
        assert_eq!(games.len(), 1);
        let Ok(g) = &games[0] else { panic!() };
        assert_eq!(g.number, 1);
        let kinds: Vec<&str> = g
            .items
            .iter()
            .map(|i| match i {
                Item::Move(_) => "m",
                Item::Comment(c, _) if g.comment(c) == " best" => "c",
                Item::Comment(..) | Item::Commands => "?",
                Item::VariationStart => "(",
                Item::VariationEnd => ")",
                Item::Nag(..) => "$",
                Item::Diagram(_) => "#",
            })
            .collect();
        assert_eq!(kinds.concat(), "mc(m)(mm)m");
    }
}
