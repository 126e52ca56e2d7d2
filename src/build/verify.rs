//! The build that checks itself (`--verify`): the braille is read back as it is written, a
//! stretch of pages at a time, and every game's moves and variations are compared with its
//! source's. Memory holds a stretch and the games not yet found, not the whole output (a
//! PEF's pages are made into Unicode braille as they come, and read back the same way).

use std::collections::VecDeque;

use crate::error::{Diagnostic, Error, Location, Result};
use crate::read::{ReadGame, pef_rows, read_expecting};
use crate::settings::{BrfTable, Format, Notation, Options};

/// A game as its source gives it, to compare with its braille read back.
pub(super) struct SourceGame {
    pub(super) at: Location,
    pub(super) label: String,
    pub(super) notation: Notation,
    /// Its moves (UCI) and variations (`(`, `)`): [`super::games`]' signature.
    pub(super) moves: Vec<String>,
}

/// What is read back at a time, at least: a stretch ends where a page begins.
const STRETCH: usize = 256 << 10;

/// The two notations, each with its index in per-notation arrays.
const NOTATIONS: [Notation; 2] = [Notation::Compact, Notation::Ordinary];

fn slot(notation: Notation) -> usize {
    usize::from(notation == Notation::Ordinary)
}

/// A game read back: its first line in the stretch, its moves and variations, and why its
/// reading stopped short (an error's place and message).
type Read = (u32, Vec<String>, Option<String>);

/// Reads back what a build writes and compares it with the games written.
pub(super) struct Verifier {
    table: BrfTable,
    /// A PEF: its XML written and not yet made into rows (kept from the start: a stretch
    /// must begin at a tag). Its whole pages go on into `pending` as Unicode braille.
    pef: Option<Vec<u8>>,
    /// Written bytes are kept from the first game on (prose before it is not read back).
    keeping: bool,
    /// What is written and not yet read back, from the start of a page.
    pending: Vec<u8>,
    /// Lines of the output before `pending` (for the places in messages).
    lines_before: u32,
    /// Per notation: games read back that begin before this line of `pending` were compared.
    from_line: [u32; 2],
    /// Games written whose braille has not been found yet, in output order.
    sources: VecDeque<SourceGame>,
    /// The first game that did not read back: the build fails with it at the end.
    error: Option<Error>,
    /// `pending` is read back when it holds this many bytes.
    next_check: usize,
    /// What is read back at a time, at least ([`STRETCH`]; less in tests).
    stretch: usize,
    /// The most `pending` held (tests: memory stays bounded).
    #[cfg(test)]
    pub(super) most_pending: usize,
}

impl Verifier {
    pub(super) fn new(options: &Options) -> Verifier {
        let pef = options.format == Format::Pef;
        Verifier {
            table: options.table,
            pef: pef.then(Vec::new),
            keeping: pef,
            pending: Vec::new(),
            lines_before: 0,
            from_line: [1, 1],
            sources: VecDeque::new(),
            error: None,
            next_check: STRETCH,
            stretch: STRETCH,
            #[cfg(test)]
            most_pending: 0,
        }
    }

    /// Tests: read back every `stretch` bytes.
    #[cfg(test)]
    pub(super) fn with_stretch(mut self, stretch: usize) -> Verifier {
        (self.stretch, self.next_check) = (stretch, stretch);
        self
    }

    /// The first game is being written: the output is kept from here on.
    pub(super) fn start(&mut self) {
        self.keeping = true;
    }

    /// A game about to be written. A game without moves (a forfeit's tags, a result alone)
    /// has nothing to read back: its heading is all its braille, and headings are not
    /// compared.
    pub(super) fn source(&mut self, game: SourceGame) {
        if self.error.is_none() && !game.moves.is_empty() {
            self.sources.push_back(game);
        }
    }

    /// Bytes written to the output.
    pub(super) fn written(&mut self, bytes: &[u8]) {
        if !self.keeping || self.error.is_some() {
            return;
        }
        let result = match self.pef.is_some() {
            true => self.pef_written(bytes, false),
            false => {
                self.pending.extend_from_slice(bytes);
                Ok(())
            }
        };
        #[cfg(test)]
        {
            self.most_pending = self.most_pending.max(self.pending.len());
        }
        let result = match result {
            Ok(()) if self.pending.len() >= self.next_check => self.check(false),
            other => other,
        };
        if let Err(e) = result {
            self.error = Some(e);
            self.pending = Vec::new();
            self.pef = self.pef.as_ref().map(|_| Vec::new());
            self.sources.clear();
        }
    }

    /// PEF written: its whole pages (all of it at the `end`) go on as Unicode braille.
    fn pef_written(&mut self, bytes: &[u8], end: bool) -> Result<()> {
        let Some(xml) = self.pef.as_mut() else {
            return Ok(());
        };
        xml.extend_from_slice(bytes);
        const PAGE_END: &[u8] = b"</page>";
        let whole = match end {
            true => Some(xml.len()),
            false => xml
                .windows(PAGE_END.len())
                .rposition(|w| w == PAGE_END)
                .map(|i| i + PAGE_END.len()),
        };
        if let Some(whole) = whole {
            let mut text = String::new();
            pef_rows("(output)", &xml[..whole], true, &mut text)?;
            xml.drain(..whole);
            self.pending.extend_from_slice(text.as_bytes());
        }
        Ok(())
    }

    /// Everything is written: the rest is read back; the first game that did not read back
    /// is the error.
    pub(super) fn finish(&mut self) -> Result<()> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        self.pef_written(&[], true)?;
        self.check(true)
    }

    /// Reads back `pending` and finds the games written, in order. Unless this is the `last`
    /// stretch, the last game read back may go on past what is written: it is left for the
    /// next stretch, which begins with its page.
    fn check(&mut self, last: bool) -> Result<()> {
        let mut read: [(Vec<Read>, usize); 2] = Default::default();
        for notation in NOTATIONS {
            if self.sources.iter().any(|s| s.notation == notation) {
                let from = self.from_line[slot(notation)];
                let expected: Vec<&[String]> = self
                    .sources
                    .iter()
                    .filter(|s| s.notation == notation)
                    .map(|s| &s.moves[..])
                    .collect();
                let pending = &self.pending;
                read[slot(notation)].0 =
                    read_expecting("(output)", pending, self.table, notation, true, &expected)?
                        .into_iter()
                        .filter(|g| (g.start.is_none() || !g.items.is_empty()) && g.line >= from)
                        .map(|g| self.moves_of(g))
                        .collect();
            }
        }
        let complete = |games: &Vec<Read>| match last {
            true => games.len(),
            false => games.len().saturating_sub(1),
        };
        while let Some(source) = self.sources.front() {
            let (games, next) = &read[slot(source.notation)];
            let open = &games[*next..complete(games)];
            match open
                .iter()
                .position(|g| g.2.is_none() && g.1 == source.moves)
            {
                // Prose may read as games and is passed over; a later game of ours may not be:
                // then this game's braille is wrong, and the one found is a later game with
                // the same moves (a short draw played twice).
                Some(k) if self.passes_a_later_game(source.notation, &open[..k]) => {
                    return Err(mismatch(source, &open[..k]));
                }
                Some(k) => {
                    read[slot(source.notation)].1 += k + 1;
                    self.sources.pop_front();
                }
                // A later game found shows this one's braille was written and is wrong; else
                // it may be the game that goes on past this stretch.
                None if last || self.later_found(&read, complete) => {
                    return Err(mismatch(source, open));
                }
                None => break,
            }
        }
        if last {
            return Ok(());
        }
        // The next stretch begins with the page of the first game not compared (or the last
        // page, when every game read back was).
        let keep_line = read
            .iter()
            .filter_map(|(games, next)| games.get(*next).map(|g| g.0))
            .min();
        let cut = self.page_start(keep_line);
        let dropped = self.pending[..cut].iter().filter(|&&b| b == b'\n').count();
        let dropped = u32::try_from(dropped).unwrap_or(u32::MAX);
        self.pending.drain(..cut);
        self.lines_before = self.lines_before.saturating_add(dropped);
        for (slot, (games, next)) in read.iter().enumerate() {
            // The games compared are not read again; those after them are.
            let from = games.get(*next).map_or(u32::MAX, |g| g.0);
            self.from_line[slot] = from.saturating_sub(dropped).max(1);
        }
        self.next_check = self.pending.len() + self.stretch;
        Ok(())
    }

    /// Whether a game read back in `passed` is one written after the first one waiting. (A
    /// game of no moves, a forfeit, says nothing: prose may read as one too.)
    fn passes_a_later_game(&self, notation: Notation, passed: &[Read]) -> bool {
        passed.iter().any(|g| {
            g.2.is_none()
                && !g.1.is_empty()
                && self
                    .sources
                    .iter()
                    .skip(1)
                    .any(|s| s.notation == notation && s.moves == g.1)
        })
    }

    /// Whether a game written after the first one waiting is found among the games read.
    fn later_found(
        &self,
        read: &[(Vec<Read>, usize); 2],
        complete: impl Fn(&Vec<Read>) -> usize,
    ) -> bool {
        self.sources.iter().skip(1).any(|s| {
            let (games, next) = &read[slot(s.notation)];
            games[*next..complete(games)]
                .iter()
                .any(|g| g.2.is_none() && g.1 == s.moves)
        })
    }

    /// The byte of `pending` where the page holding line `line` begins (the last page when
    /// `None`).
    fn page_start(&self, line: Option<u32>) -> usize {
        let bytes = &self.pending;
        let line_start = match line {
            Some(line) => bytes
                .iter()
                .enumerate()
                .filter(|&(_, &b)| b == b'\n')
                .nth(line.saturating_sub(2) as usize)
                .map_or(0, |(i, _)| if line <= 1 { 0 } else { i + 1 }),
            None => bytes.len(),
        };
        bytes[..line_start]
            .iter()
            .rposition(|&b| b == b'\x0c')
            .map_or(0, |i| i + 1)
    }

    /// A game read back: its line, its moves and variations, why it stopped (its place in
    /// the whole output).
    fn moves_of(&self, game: ReadGame) -> Read {
        let moves = game
            .items
            .iter()
            .filter_map(|i| i.signature().map(str::to_owned))
            .collect();
        let why = game.error.map(|mut e| {
            if let Error::Input(d) = &mut e {
                d.location.line = d.location.line.saturating_add(self.lines_before);
            }
            e.brief()
        });
        (game.line, moves, why)
    }
}

/// The error for a game whose braille does not read back: the game read back in its place
/// (of `open`, the one whose moves agree longest) and the first move that differs.
fn mismatch(source: &SourceGame, open: &[Read]) -> Error {
    let agreeing = |moves: &Vec<String>| {
        source
            .moves
            .iter()
            .zip(moves)
            .take_while(|(a, b)| a == b)
            .count()
    };
    let (nearest, why) = open
        .iter()
        .max_by_key(|g| agreeing(&g.1))
        .map(|g| (g.1.clone(), g.2.clone()))
        .unwrap_or_default();
    let k = agreeing(&nearest);
    let what = match (source.moves.get(k), nearest.get(k)) {
        (Some(a), Some(b)) => format!("its move {} ({a}) reads back as {b}", k + 1),
        (Some(a), None) => format!("its move {} ({a}) does not read back", k + 1),
        (None, _) => "more moves read back than it has".to_owned(),
    };
    let what = match why {
        Some(why) => format!("{what} ({why})"),
        None => what,
    };
    Diagnostic::new(
        source.at.clone(),
        format!(
            "the braille of this game ({}) does not read back to it: {what}",
            source.label
        ),
    )
    .with_hint(
        "a rule wrote this game wrongly: please report it with the game (--no-verify writes it \
         anyway)",
    )
    .into()
}
