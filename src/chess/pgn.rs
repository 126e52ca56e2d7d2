//! The PGN reader: scans each game with positions, gives pgn-reader its normalized text and
//! replays it with shakmaty, one game at a time (memory does not grow with the number of games).

use std::io::BufRead;

use pgn_reader::Reader;

use super::feed::Feed;
use super::game::{Game, GameResult};
use super::normalize::write_game;
use super::replay::{Frame, Replay, game_label};
use super::scan::{GameScan, ScanError, Scanner};
use crate::error::{Error, Warning};

/// Warnings kept until [`PgnReader::take_warnings`]; more are counted, not kept.
const MAX_WARNINGS: usize = 1000;

/// Reads every game of a PGN text and replays it.
pub struct PgnReader<R: BufRead> {
    scanner: Scanner<R>,
    file: String,
    games: usize,
    /// The normalized text of the game being read, and pgn-reader reading it.
    feed: Feed,
    reader: Reader<Feed>,
    stack: Vec<Frame>,
    warnings: Vec<Warning>,
    dropped: usize,
}

impl<R: BufRead> PgnReader<R> {
    /// `file` is the name used in error locations.
    pub fn new(input: R, file: &str) -> Self {
        let feed = Feed::default();
        PgnReader {
            scanner: Scanner::new(input, 1),
            file: file.to_owned(),
            games: 0,
            feed: feed.clone(),
            reader: Reader::new(feed),
            stack: Vec::new(),
            warnings: Vec::new(),
            dropped: 0,
        }
    }

    /// For PGN inside another file (a Markdown block): the input's first line is line `line`
    /// of `file`.
    pub fn starting_at_line(mut self, line: u32) -> Self {
        self.scanner.set_first_line(line);
        self
    }

    /// Reads, checks and replays the next game; `Ok(None)` at the end of input.
    ///
    /// After an error the next call goes on with the next game.
    pub fn read_game(&mut self) -> Result<Option<Game>, Error> {
        loop {
            let more = self.scanner.next_game().map_err(|e| Error::io(&self.file, e))?;
            if !more {
                return Ok(None);
            }
            if !self.scanner.game.is_empty() {
                break;
            }
        }
        self.games += 1;
        self.replay().map(Some)
    }

    /// Warnings gathered so far (drained).
    pub fn take_warnings(&mut self) -> Vec<Warning> {
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

    fn replay(&mut self) -> Result<Game, Error> {
        let scan = &self.scanner.game;
        let file = self.file.as_str();
        let written = self.feed.fill(|out| write_game(scan, scan.lang(), out));
        let mut replay = Replay::new(scan, file, self.games, &mut self.stack);
        let read = if written.longest_tag <= LONG_TAG {
            read_one(&mut self.reader, &mut replay)
        } else {
            // A tag longer than the reader's buffer holds: a reader made for it.
            let mut reader = Reader::build(self.feed.clone())
                .set_supported_tag_line_length(written.longest_tag)
                .finish();
            read_one(&mut reader, &mut replay)
        };
        // The first error in the source wins; an unclosed '(' is found only at the end but
        // wins over the moves after it, which it makes wrong.
        let scan_error_at = written.error.as_ref().or(scan.error.as_ref()).map(|e| e.start);
        let stopped = replay.error.is_some();
        if let Some((at, e)) = replay.error
            && scan_error_at.is_none_or(|s| at < s)
        {
            return Err(e);
        }
        if let Err(e) = read {
            let d = scan.diagnostic(file, 0, 1, format!("internal error: pgn-reader: {e}"));
            return Err(d.into());
        }
        // Every token written must have been reported by pgn-reader: none may vanish.
        let rest = scan.tokens[..written.tokens].get(replay.cursor..).unwrap_or_default();
        if !stopped && let Some(t) = rest.iter().find(|t| t.kind.is_emitted()) {
            let what = format!("internal error: pgn-reader skipped '{}'", scan.token_text(t));
            return Err(scan.diagnostic(file, t.start, t.end, what).into());
        }
        if let Some(e) = written.error.as_ref().or(scan.error.as_ref()) {
            return Err(scan_error(scan, file, self.games, e));
        }
        let mut warnings = replay.warnings;
        if let Some(at) = written.brace_dropped {
            let msg = "'}' left out of a ';' comment (a comment cannot hold it)".to_owned();
            warnings.push(Warning(scan.diagnostic(file, at, at + 1, msg)));
        }
        let tag_result = scan.tag_value("Result").and_then(|r| result_of(&r));
        if let (Some(m), Some(t)) = (replay.marker, tag_result)
            && m != t
        {
            let label = game_label(scan, self.games);
            let msg = format!("the result at the end of {label} differs from its Result tag");
            warnings.push(Warning(scan.diagnostic(file, 0, 1, msg)));
        }
        for w in warnings {
            if self.warnings.len() < MAX_WARNINGS {
                self.warnings.push(w);
            } else {
                self.dropped += 1;
            }
        }
        Ok(Game {
            number: self.games,
            location: Some(scan.start_location(file)),
            tags: replay.tags,
            items: replay.items,
            result: replay.marker.or(tag_result),
        })
    }
}

/// Tag lines up to this long are read by the long-lived reader (its buffer holds 16 KiB).
const LONG_TAG: usize = 4096;

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
    match tag.trim() {
        "1-0" => Some(GameResult::WhiteWins),
        "0-1" => Some(GameResult::BlackWins),
        "1/2-1/2" | "½-½" => Some(GameResult::Draw),
        "*" => Some(GameResult::Unknown),
        _ => None,
    }
}

fn scan_error(scan: &GameScan, file: &str, number: usize, e: &ScanError) -> Error {
    let label = game_label(scan, number);
    let d = scan.diagnostic(file, e.start, e.end, format!("{} in {label}", e.message));
    match &e.hint {
        Some(h) => d.with_hint(h.clone()).into(),
        None => d.into(),
    }
}
