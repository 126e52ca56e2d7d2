//! The build that checks itself (`--verify`): the pages are read back as they are written, a
//! stretch at a time, and every game is looked for in them guided by its source. The words of
//! its moves must stand on the pages as its writer made them (nothing lost, moved or changed
//! by the layout and the output), and every notation word must say, read by the rules of
//! reading (`read::games::parse`, the legal moves of the position), what the source says: the
//! move and no other, its number, check and mate, its signs, the brackets of its variations.
//! The writer tells only which words are a comment's text: a comment has nothing to close it,
//! and the check reads the braille, not the writer's intentions. Memory holds a stretch and the
//! games not yet found, not the whole output (a PEF's pages are made into Unicode braille as
//! they come, and read back the same way).

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;

use shakmaty::{Chess, Color, EnPassantMode, FromSetup, Move, Position, Role};

use crate::braille::Cell;
use crate::braille::cell::to_unicode_string;
use crate::braille::game::{WordKind, WrittenWords, variation_brackets};
use crate::braille::signs;
use crate::chess::game::{Check, MoveFacts, MoveKind, comment_prose};
use crate::chess::{Game, Item};
use crate::error::{Diagnostic, Error, Location, Result};
use crate::read::games::{self as reading, Parsed, Parses};
use crate::read::{LineSink, Place, page_number, pef_rows, read_lines};
use crate::settings::{BrfTable, Format, Notation, Options};

mod feed;
mod pages;
mod walk;
mod witness;

pub(super) use feed::*;
use pages::*;
use walk::*;
pub(super) use witness::*;

/// What is read back at a time, at least: a stretch ends where a page begins.
const STRETCH: usize = 256 << 10;

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
    /// The words of `pending` before this place (line, column) were read back already.
    resume: (u32, u32),
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

/// A word on the pages: its cells, its place (line within `pending`, column, braille page),
/// and whether it ends its line (a word longer than a line goes on on the next).
struct PageWord<'l> {
    cells: &'l [Cell],
    line: u32,
    column: u32,
    page: u32,
    ends_line: bool,
    /// An empty line, or a page's end, stands between it and the word before.
    apart: bool,
}

/// Where a game's words were looked for.
enum Found {
    /// All of them, from this word of the pages to the one before that.
    At(usize, usize),
    /// As far as the pages go: the rest is not written yet.
    Partly,
    /// Not there. The longest run that agrees: where it starts on the pages, how many of the
    /// game's words agree, and the word of the pages where it stops agreeing.
    No(Option<(usize, usize, usize)>),
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
            resume: (0, 0),
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

    /// What the build tells, on the check's thread or its own.
    fn told(&mut self, told: Told) {
        match told {
            Told::Source(game) => self.source(game),
            Told::Written(bytes) => self.written(&bytes),
            // (Only ever the last: `Verdict::finish`.)
            Told::Finish => {}
        }
    }

    /// A game about to be written.
    pub(super) fn source(&mut self, game: SourceGame) {
        if self.error.is_none() {
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
                if self.pending.capacity() == 0 {
                    // (A stretch's room at once, not grown a copy at a time.)
                    self.pending.reserve(self.stretch + (self.stretch >> 2));
                }
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

    /// Finds the games written in `pending`, in order, and checks each one found. Unless this
    /// is the `last` stretch, only whole lines are read, and a game that goes on past them
    /// waits for the next stretch, which begins with the page where the games not found
    /// begin.
    fn check(&mut self, last: bool) -> Result<()> {
        let whole = match last {
            true => self.pending.len(),
            false => self
                .pending
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1),
        };
        let mut read = PageCells::new(whole, self.resume);
        read_lines("(output)", &self.pending[..whole], self.table, &mut read)?;
        let words = read.words();
        let mut cursor = 0;
        while let Some(source) = self.sources.front() {
            match find(source, &words[cursor..], last) {
                Found::At(start, end) => {
                    let (start, end) = (cursor + start, cursor + end);
                    // A later game found before it: this one's braille is wrong, and the one
                    // found is a later game with the same words (a short draw played twice).
                    if let Some(next) = self.sources.get(1)
                        && let Found::At(k, _) = find(next, &words[cursor..start], true)
                    {
                        return Err(self.lost(source, &words[cursor..cursor + k]));
                    }
                    self.compare(source, &words[start..end])?;
                    cursor = end;
                    self.sources.pop_front();
                }
                Found::Partly if !last => break,
                Found::No(_) | Found::Partly
                    if !last
                        && self.sources.get(1).is_none_or(|next| {
                            !matches!(find(next, &words[cursor..], last), Found::At(..))
                        }) =>
                {
                    break;
                }
                _ => {
                    let later = self.sources.get(1).and_then(|next| {
                        match find(next, &words[cursor..], true) {
                            Found::At(k, _) => Some(cursor + k),
                            _ => None,
                        }
                    });
                    return Err(self.lost(source, &words[cursor..later.unwrap_or(words.len())]));
                }
            }
        }
        if last {
            return Ok(());
        }
        // The next stretch begins with the page of the first word not read back (or the
        // last page, when every word was).
        let (line, column) = match words.get(cursor) {
            Some(w) => (w.line, w.column),
            None => words.last().map_or(self.resume, |w| (w.line, w.column + 1)),
        };
        let cut = page_start(&self.pending[..whole], line);
        let dropped = self.pending[..cut].iter().filter(|&&b| b == b'\n').count();
        let dropped = u32::try_from(dropped).unwrap_or(u32::MAX);
        self.pending.drain(..cut);
        self.lines_before = self.lines_before.saturating_add(dropped);
        self.resume = (line.saturating_sub(dropped), column);
        self.next_check = self.pending.len() + self.stretch;
        Ok(())
    }

    /// The error for a game whose words are not on the pages (`looked`: where they were
    /// due): the longest run of them found, and the first word that differs.
    fn lost(&self, source: &SourceGame, looked: &[PageWord<'_>]) -> Error {
        let expected: Vec<(&[Cell], WordKind)> = source.witness.words.iter().collect();
        let what = match find(source, looked, true) {
            Found::No(Some((start, agree, at))) => {
                let item = item_at(source, agree);
                let stands = looked.get(at).map_or_else(
                    || "nothing".to_owned(),
                    |w| format!("{} ({})", to_unicode_string(w.cells), self.place(w)),
                );
                let due = expected
                    .get(agree)
                    .map_or(String::new(), |w| to_unicode_string(w.0));
                let _ = start;
                format!("{item}: where {due} is due, {stands} stands")
            }
            _ => format!(
                "its braille is not found: {}",
                expected
                    .iter()
                    .take(6)
                    .map(|w| to_unicode_string(w.0))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
        };
        refusal(source, what)
    }

    /// A word's place in the whole output, for a message.
    fn place(&self, w: &PageWord<'_>) -> String {
        format!(
            "braille page {}, line {} of the output",
            w.page,
            w.line.saturating_add(self.lines_before)
        )
    }

    /// A game found on the pages (`words`, the words its writer wrote): whether they read
    /// back to its source (read where it was written); if not, where the word that does not
    /// stands on the pages.
    fn compare(&self, source: &SourceGame, words: &[PageWord<'_>]) -> Result<()> {
        let Some(misread) = &source.witness.misread else {
            return Ok(());
        };
        // (Its place on the pages: the word found there; none when nothing is left. The
        // words found are the game's: a word cut at a line's end spans more.)
        let page = match misread.word {
            Some(k) => {
                let mut at = 0;
                for (cells, _) in source.witness.words.iter().take(k) {
                    let mut joined = 0;
                    while joined < cells.len() && at < words.len() {
                        joined += words[at].cells.len();
                        at += 1;
                    }
                }
                words.get(at).or(words.last())
            }
            None => words.last(),
        };
        let place = page.map_or(String::new(), |w| format!(" ({})", self.place(w)));
        Err(refusal(source, format!("{}{place}", misread.what)))
    }
}

/// The error of a game whose braille does not say what its source says.
fn refusal(source: &SourceGame, what: String) -> Error {
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

/// What the game's braille says at its word `k` (`its move 3 (g1f3)`), found by reading its
/// words before it as written.
fn item_at(source: &SourceGame, k: usize) -> String {
    let mut parses = Parses::default();
    let mut walk = Walk::new(&source.witness, source.notation, &mut parses);
    for (cells, kind) in source.witness.words.iter().take(k) {
        if walk.word(cells, kind).is_err() {
            break;
        }
    }
    walk.item_name()
}
