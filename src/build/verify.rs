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

/// What a game's source says, in the order its braille says it.
#[derive(Clone, Debug)]
pub(super) enum Expect {
    /// A move, with the comment signs its braille bears (each as its sign's first NAG).
    Move(MoveFacts, Vec<u8>),
    /// A comment with text to write.
    Comment,
    Open,
    Close,
}

/// What a game's source says and the words its writer wrote for it: what the pages are
/// compared with.
pub(super) struct Witness {
    /// The position it starts from, when not the start position.
    pub(super) start: Option<Box<Chess>>,
    pub(super) expected: Vec<Expect>,
    /// The words of its moves, as written.
    pub(super) words: WrittenWords,
    /// Where its words, read by the rules of reading, say something else than its source
    /// (found where it is written: the words are the writer's, and the pages must hold them).
    misread: Option<Misread>,
}

/// A word of a game that does not read back to its source: its place among the game's words
/// (none: after the last), and what it reads.
#[derive(Debug)]
struct Misread {
    word: Option<usize>,
    what: String,
}

/// A game as its source gives it, to find in the pages and compare with its braille.
pub(super) struct SourceGame {
    pub(super) at: Location,
    pub(super) label: String,
    pub(super) notation: Notation,
    pub(super) witness: Box<Witness>,
}

impl Witness {
    /// The witness of `game` written in `notation` as `words`, its words read (`parses`: the
    /// words read before); `None` for a game with no move. (Read where the game is written,
    /// on the thread that wrote it: the pages are then only searched for the words.)
    pub(super) fn of(
        game: &Game,
        notation: Notation,
        words: WrittenWords,
        parses: &mut Parses,
    ) -> Option<Witness> {
        let mut witness = Witness {
            start: game.start.clone(),
            expected: Witness::expected(game, notation)?,
            words,
            misread: None,
        };
        witness.misread = witness.read(notation, parses);
        Some(witness)
    }

    /// Reads the words written by the rules of reading, guided by the source: where they say
    /// something else, the first word that does.
    fn read(&self, notation: Notation, parses: &mut Parses) -> Option<Misread> {
        let mut walk = Walk::new(self, notation, parses);
        for (k, (cells, kind)) in self.words.iter().enumerate() {
            if let Err(why) = walk.word(cells, kind) {
                return Some(Misread {
                    word: Some(k),
                    what: format!("{}: {why}: {}", walk.item_name(), to_unicode_string(cells)),
                });
            }
        }
        walk.end().err().map(|why| Misread {
            word: None,
            what: format!("{}: {why}", walk.item_name()),
        })
    }

    /// What `game` says, as its braille in `notation` says it: the NAGs a move bears (none in
    /// compact notation, those with a sign in ordinary: `signs::nag_refused`), comments with
    /// text. `None` for a game with no move (its heading is all its braille, and headings are
    /// not compared).
    pub(super) fn expected(game: &Game, notation: Notation) -> Option<Vec<Expect>> {
        let mut out: Vec<Expect> = Vec::with_capacity(game.items.len());
        let mut moves = 0;
        for item in &game.items {
            match item {
                Item::Move(m) => {
                    moves += 1;
                    out.push(Expect::Move(*m, Vec::new()));
                }
                Item::Nag(n, _) => {
                    // A NAG annotates the move right before it; others are left out.
                    if let Some(Expect::Move(_, nags)) = out.last_mut()
                        && notation == Notation::Ordinary
                        && signs::nag_refused(*n, nags.iter().copied()).is_none()
                    {
                        nags.push(*n);
                    }
                }
                Item::Comment(text, _) => {
                    if !comment_prose(game.comment(text)).is_empty()
                        && !matches!(out.last(), Some(Expect::Comment))
                    {
                        out.push(Expect::Comment);
                    }
                }
                Item::VariationStart => out.push(Expect::Open),
                Item::VariationEnd => out.push(Expect::Close),
                // (Its words are the writer's drawing of the position: found on the pages
                // with the others, and passed over in reading; see `Walk::word`.)
                Item::Diagram(_) => {}
            }
        }
        // Each sign as its first NAG, as reading gives it back (`$10`, `$11`, `$12` are `=`).
        for e in &mut out {
            if let Expect::Move(_, nags) = e {
                for n in nags.iter_mut() {
                    *n = signs::for_nag(*n)
                        .and_then(|s| s.nags.first())
                        .copied()
                        .unwrap_or(*n);
                }
                nags.sort_unstable();
            }
        }
        (moves > 0).then_some(out)
    }
}

/// What the build tells its check: in the order it happens, so the check sees the games and
/// the bytes as they are written.
enum Told {
    Source(SourceGame),
    Written(Vec<u8>),
    /// Everything is written: the check ends and gives its verdict.
    Finish,
}

/// Batches on their way to a check on its own thread, at most: the build waits when the
/// check is this far behind (memory stays bounded: a batch holds the bytes of one flush of
/// the output's buffer and the games told before them).
const TOLD_AHEAD: usize = 16;

/// Where a build hands its games and the bytes it writes to its check of itself. The check
/// starts on the build's thread; when the build may use more than one, it moves to a thread
/// of its own at the first game, and reads back while the build writes on (issue 30: a
/// checked build at most twice an unchecked one). A build with no game starts no thread
/// (a book of prose pays nothing for it). Either way the check sees the same things in the
/// same order, and gives the same verdict.
#[derive(Clone)]
pub(super) struct Feed(Rc<RefCell<Link>>);

/// The check's end: its verdict, once all is written.
pub(super) struct Verdict(Rc<RefCell<Link>>);

enum Link {
    /// The check on the build's thread, and whether it may move to its own.
    Here(Box<Verifier>, bool),
    /// On its own thread: what is told since the last batch went (a batch goes with the
    /// bytes written: a message a game would keep the two threads waiting on each other),
    /// where batches go, and the thread.
    Away(Vec<Told>, SyncSender<Vec<Told>>, JoinHandle<Result<()>>),
    /// Moving (never seen outside [`Feed::start`]).
    Moving,
}

impl Feed {
    /// A check of a build of `options`, free to move to a thread of its own when `threads`
    /// allows more than one; the feed to give to the build, and its verdict at the end.
    pub(super) fn new(options: &Options, threads: usize) -> (Feed, Verdict) {
        let link = Link::Here(Box::new(Verifier::new(options)), threads > 1);
        let link = Rc::new(RefCell::new(link));
        (Feed(link.clone()), Verdict(link))
    }

    fn tell(&self, told: Told) {
        match &mut *self.0.borrow_mut() {
            Link::Here(v, _) => v.told(told),
            Link::Away(batch, tx, _) => {
                let bytes = matches!(told, Told::Written(_));
                batch.push(told);
                if bytes {
                    // (A check that has stopped has its verdict: the build hears it at the
                    // end.)
                    let _ = tx.send(std::mem::take(batch));
                }
            }
            Link::Moving => {}
        }
    }

    /// The first game is being written: the output is kept from here on, and the check
    /// moves to its own thread when it may. (A thread that cannot start leaves it here.)
    pub(super) fn start(&self) {
        let mut link = self.0.borrow_mut();
        if let Link::Here(_, true) = &*link
            && let Link::Here(mut v, _) = std::mem::replace(&mut *link, Link::Moving)
        {
            v.start();
            let (tx, rx) = sync_channel::<Vec<Told>>(TOLD_AHEAD);
            // (The check goes over once its thread has started: one that cannot start
            // leaves it here, as it was.)
            let (give, take) = sync_channel::<Box<Verifier>>(1);
            let thread = std::thread::Builder::new().name("verify".into());
            *link = match thread.spawn(move || match take.recv() {
                Ok(v) => check_told(*v, rx),
                Err(_) => Ok(()),
            }) {
                Ok(handle) => match give.send(v) {
                    Ok(()) => Link::Away(Vec::new(), tx, handle),
                    // (The thread ended before it got the check: not to happen.)
                    Err(back) => Link::Here(back.0, false),
                },
                Err(_) => Link::Here(v, false),
            };
            return;
        }
        // (On its own thread the check has started already: once is enough.)
        if let Link::Here(v, _) = &mut *link {
            v.start();
        }
    }

    /// A game about to be written.
    pub(super) fn source(&self, game: SourceGame) {
        self.tell(Told::Source(game));
    }

    /// Bytes written to the output.
    pub(super) fn written(&self, bytes: &[u8]) {
        let mut link = self.0.borrow_mut();
        match &mut *link {
            Link::Here(v, _) => v.written(bytes),
            Link::Away(..) => {
                drop(link);
                self.tell(Told::Written(bytes.to_vec()));
            }
            Link::Moving => {}
        }
    }
}

impl Verdict {
    /// Everything is written: the rest is read back; the first game that did not read back
    /// is the error.
    pub(super) fn finish(self) -> Result<()> {
        match std::mem::replace(&mut *self.0.borrow_mut(), Link::Moving) {
            Link::Here(mut v, _) => v.finish(),
            Link::Away(mut last, tx, handle) => {
                last.push(Told::Finish);
                let _ = tx.send(last);
                drop(tx);
                match handle.join() {
                    Ok(verdict) => verdict,
                    // Not the input's fault, and not to happen: said as such.
                    Err(_) => Err(Error::io(
                        "the self-check's thread".to_owned(),
                        std::io::Error::other("it stopped before its verdict"),
                    )),
                }
            }
            Link::Moving => Ok(()),
        }
    }
}

/// The check on its own thread: what it is told, in order, to the verdict.
fn check_told(mut verifier: Verifier, rx: Receiver<Vec<Told>>) -> Result<()> {
    for batch in rx {
        for told in batch {
            if let Told::Finish = told {
                return verifier.finish();
            }
            verifier.told(told);
        }
    }
    // The build stopped before it finished (its own error is the one it reports).
    Ok(())
}

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

/// The words of braille lines, from `from` (line, column) on: blank-separated, page numbers
/// left out. Read a line at a time, their cells in one piece (no room a line).
struct PageCells {
    from: (u32, u32),
    cells: Vec<Cell>,
    words: Vec<WordAt>,
    /// An empty line, or a page's end, stands between the next word and the one before.
    apart: bool,
}

/// A word of [`PageCells`]: a [`PageWord`] with its cells as a place in them.
struct WordAt {
    start: u32,
    end: u32,
    line: u32,
    column: u32,
    page: u32,
    ends_line: bool,
    apart: bool,
}

impl PageCells {
    /// The words of `bytes` of braille from `from` on.
    fn new(bytes: usize, from: (u32, u32)) -> PageCells {
        PageCells {
            from,
            // (A byte a cell, about; a word a few cells.)
            cells: Vec::with_capacity(bytes),
            words: Vec::with_capacity(bytes / 4 + 1),
            apart: true,
        }
    }

    /// The words read, their cells lent.
    fn words(&self) -> Vec<PageWord<'_>> {
        self.words
            .iter()
            .map(|w| PageWord {
                cells: &self.cells[w.start as usize..w.end as usize],
                line: w.line,
                column: w.column,
                page: w.page,
                ends_line: w.ends_line,
                apart: w.apart,
            })
            .collect()
    }
}

impl LineSink for PageCells {
    fn line(&mut self, place: Place, cells: &[Cell]) {
        if place.number < self.from.0 {
            return;
        }
        let number = page_number(cells);
        let cells = &cells[..number.unwrap_or(cells.len())];
        if number.is_none() && cells.iter().all(|c| c.is_blank()) {
            self.apart = true;
        }
        if self.words.last().is_some_and(|w| w.page != place.page) {
            self.apart = true;
        }
        let base = self.cells.len() as u32;
        self.cells.extend_from_slice(cells);
        let first = self.words.len();
        let mut start = 0;
        for k in 0..=cells.len() {
            if k < cells.len() && !cells[k].is_blank() {
                continue;
            }
            if k > start {
                let column = start as u32 + 1;
                if place.number > self.from.0 || column >= self.from.1 {
                    self.words.push(WordAt {
                        start: base + start as u32,
                        end: base + k as u32,
                        line: place.number,
                        column,
                        page: place.page,
                        ends_line: false,
                        apart: std::mem::take(&mut self.apart),
                    });
                }
            }
            start = k + 1;
        }
        if self.words.len() > first
            && let Some(w) = self.words.last_mut()
        {
            w.ends_line = true;
        }
    }
}

/// Where the words of `source` stand in `words`: the first place from which they all follow
/// one another (a word longer than a line may go on at the next line's start) and end where a
/// game ends, before an empty line or a page's end (the layout puts one after every game's
/// moves; and a game's words may begin another game's with more moves: a wrong game is not
/// taken for the longer one). Unless this is the `last` stretch, words that end
/// where the stretch ends may go on in the next.
fn find(source: &SourceGame, words: &[PageWord<'_>], last: bool) -> Found {
    let mut expected = source.witness.words.iter();
    let Some((first, _)) = expected.next() else {
        return Found::At(0, 0);
    };
    let mut best: Option<(usize, usize, usize)> = None;
    for start in 0..words.len() {
        if !words[start].cells.starts_with(first) && !starts_cut(first, &words[start..]) {
            continue;
        }
        let mut at = start;
        let mut agree = 0;
        let mut partly = false;
        for (cells, _) in source.witness.words.iter() {
            match take_word(cells, &words[at..]) {
                Some(n) => {
                    at += n;
                    agree += 1;
                }
                None if at >= words.len() || is_cut_at_end(cells, &words[at..]) => {
                    partly = true;
                    break;
                }
                None => break,
            }
        }
        if agree == source.witness.words.len() {
            match words.get(at) {
                Some(next) if next.apart => return Found::At(start, at),
                None if last => return Found::At(start, at),
                None => return Found::Partly,
                Some(_) => continue,
            }
        }
        if partly {
            return Found::Partly;
        }
        if best.is_none_or(|b| agree > b.1) {
            best = Some((start, agree, at));
        }
    }
    Found::No(best)
}

/// Whether the first word of `words` begins `cells`, as a word cut at its line's end.
fn starts_cut(cells: &[Cell], words: &[PageWord<'_>]) -> bool {
    words
        .first()
        .is_some_and(|w| w.ends_line && cells.starts_with(w.cells))
}

/// How many words of `words` make up `cells`: one that is it, or a word cut at its line's
/// end and its pieces at the next lines' starts.
fn take_word(cells: &[Cell], words: &[PageWord<'_>]) -> Option<usize> {
    let w = words.first()?;
    if w.cells == cells {
        return Some(1);
    }
    let mut rest = cells.strip_prefix(w.cells)?;
    if !w.ends_line {
        return None;
    }
    let mut n = 1;
    while let Some(next) = words.get(n) {
        if next.cells == rest {
            return Some(n + 1);
        }
        rest = rest.strip_prefix(next.cells).filter(|_| next.ends_line)?;
        n += 1;
    }
    None
}

/// Whether `words` end with the start of `cells`, cut at the end of what is read so far.
fn is_cut_at_end(cells: &[Cell], words: &[PageWord<'_>]) -> bool {
    let mut rest = cells;
    for (k, w) in words.iter().enumerate() {
        let Some(r) = rest.strip_prefix(w.cells) else {
            return false;
        };
        if k + 1 < words.len() && !w.ends_line {
            return false;
        }
        rest = r;
    }
    true
}

/// The byte of `bytes` where the page holding line `line` (1-based) begins.
fn page_start(bytes: &[u8], line: u32) -> usize {
    let line_start = match line {
        0 | 1 => 0,
        _ => bytes
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b == b'\n')
            .nth(line as usize - 2)
            .map_or(bytes.len(), |(i, _)| i + 1),
    };
    bytes[..line_start]
        .iter()
        .rposition(|&b| b == b'\x0c')
        .map_or(0, |i| i + 1)
}

/// The reading of a game's words, guided by its source: each word read by the rules of
/// reading and compared with what the source has there.
struct Walk<'s, 'p> {
    parses: &'p mut Parses,
    notation: Notation,
    expected: &'s [Expect],
    /// The next of `expected`.
    k: usize,
    /// Moves and variations passed (the place of a move in messages, as `read` counts).
    counted: usize,
    pos: Chess,
    before: Option<Chess>,
    stack: Vec<(Chess, Option<Chess>)>,
    /// A move number read in a word of its own: (number, Black's), its move due.
    number: Option<(u32, bool)>,
    /// Compact notation: the dashes after a Black move's number.
    dashes: bool,
    /// The next move must have its number (White's always; Black's at the start, after a
    /// comment or variation).
    need_number: bool,
    /// The last word was a comment's.
    in_comment: bool,
    /// The signs its source gives the move just read, and those read for it (`read` keeps
    /// its room from move to move).
    signs: Option<&'s [u8]>,
    read: Vec<u8>,
}

impl<'s, 'p> Walk<'s, 'p> {
    fn new(witness: &'s Witness, notation: Notation, parses: &'p mut Parses) -> Self {
        Walk {
            parses,
            notation,
            expected: &witness.expected,
            k: 0,
            counted: 0,
            pos: witness.start.as_deref().cloned().unwrap_or_default(),
            before: None,
            stack: Vec::new(),
            number: None,
            dashes: false,
            need_number: true,
            in_comment: false,
            signs: None,
            read: Vec::new(),
        }
    }

    /// What the source has next, for a message: `its move 3 (g1f3)`.
    fn item_name(&self) -> String {
        let n = self.counted + 1;
        match self.expected.get(self.k) {
            Some(Expect::Move(m, _)) => format!("its move {n} ({})", m.uci()),
            Some(Expect::Open) => format!("its move {n} (()"),
            Some(Expect::Close) => format!("its move {n} ())"),
            Some(Expect::Comment) => format!("the comment before its move {n}"),
            None => "after its last move".to_owned(),
        }
    }

    /// The signs read for the last move, compared with its source's.
    fn signs_done(&mut self) -> std::result::Result<(), String> {
        if let Some(source) = self.signs.take() {
            let read = &mut self.read;
            read.sort_unstable();
            if read != source {
                self.k -= 1;
                self.counted -= 1;
                let signs = |nags: &[u8]| {
                    nags.iter()
                        .map(|n| format!("${n}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                return Err(format!(
                    "its signs read back as [{}], its source has [{}]",
                    signs(read),
                    signs(source)
                ));
            }
        }
        Ok(())
    }

    /// The next expected item must be `what`.
    fn expect(
        &mut self,
        what: &str,
        is: impl Fn(&Expect) -> bool,
    ) -> std::result::Result<(), String> {
        match self.expected.get(self.k) {
            Some(e) if is(e) => {
                self.k += 1;
                Ok(())
            }
            _ => Err(format!("the braille reads {what} here")),
        }
    }

    fn open(&mut self, cell: Cell) -> std::result::Result<(), String> {
        self.signs_done()?;
        self.no_number()?;
        self.expect("a variation's bracket", |e| matches!(e, Expect::Open))?;
        let depth = self.stack.len() + 1;
        if cell != variation_brackets(self.notation, depth).0 {
            self.k -= 1;
            return Err(format!(
                "the bracket is not that of a variation at depth {depth}"
            ));
        }
        let Some(before) = self.before.clone() else {
            self.k -= 1;
            return Err("a variation with no move before it".into());
        };
        let back = std::mem::replace(&mut self.pos, before);
        self.stack.push((back, self.before.take()));
        self.counted += 1;
        self.need_number = true;
        self.in_comment = false;
        Ok(())
    }

    fn close(&mut self, cell: Cell) -> std::result::Result<(), String> {
        self.signs_done()?;
        self.no_number()?;
        self.expect("the end of a variation", |e| matches!(e, Expect::Close))?;
        let depth = self.stack.len();
        if cell != variation_brackets(self.notation, depth).1 {
            self.k -= 1;
            return Err(format!(
                "the bracket is not that of a variation at depth {depth}"
            ));
        }
        let Some((pos, before)) = self.stack.pop() else {
            self.k -= 1;
            return Err("a variation closed that was never opened".into());
        };
        (self.pos, self.before) = (pos, before);
        self.counted += 1;
        self.need_number = true;
        self.in_comment = false;
        Ok(())
    }

    /// No move number waits for its move.
    fn no_number(&self) -> std::result::Result<(), String> {
        match self.number {
            Some((n, _)) => Err(format!("the move number {n} has no move after it")),
            None => Ok(()),
        }
    }

    fn word(&mut self, cells: &[Cell], kind: WordKind) -> std::result::Result<(), String> {
        match kind {
            WordKind::Text { opens, closes } => {
                let (opens, closes) = (usize::from(opens), usize::from(closes));
                if opens + closes > cells.len() {
                    return Err("a comment's word without its brackets".into());
                }
                for &c in &cells[..opens] {
                    self.open(c)?;
                }
                if cells.len() > opens + closes && !self.in_comment {
                    self.signs_done()?;
                    self.no_number()?;
                    self.expect("comment text", |e| matches!(e, Expect::Comment))?;
                    self.in_comment = true;
                    self.need_number = true;
                }
                for &c in &cells[cells.len() - closes..] {
                    self.close(c)?;
                }
                Ok(())
            }
            WordKind::Notation => self.notation_word(cells),
            // A diagram inside the game (a comment's `[#]`): it stands between moves, their
            // signs and any number before it; the next move has its number. A comment's text
            // may go on after it.
            WordKind::Diagram { first } => {
                if first {
                    self.signs_done()?;
                    self.no_number()?;
                    self.need_number = true;
                }
                Ok(())
            }
        }
    }

    fn notation_word(&mut self, cells: &[Cell]) -> std::result::Result<(), String> {
        self.in_comment = false;
        let p = self.parses.get(self.notation, cells);
        if p.is_text() && !p.empty {
            // A sign after a blank (`⠲⠌⠶`, `⠻⠙⠞⠴`): the last move's.
            let Some((n, closes)) = reading::sign_word(self.notation, cells) else {
                return Err("the braille reads as text, not as notation".into());
            };
            if self.signs.is_none() {
                return Err("a sign with no move before it".into());
            }
            self.read.push(n);
            for &c in &cells[cells.len() - closes..] {
                self.close(c)?;
            }
            return Ok(());
        }
        for &c in &cells[..p.opens] {
            self.open(c)?;
        }
        if let Some(n) = p.number {
            self.signs_done()?;
            self.no_number()?;
            self.number = Some((n, p.black));
        }
        if p.omitted {
            self.omitted(&p)?;
        } else if let Some(written) = p.written {
            self.signs_done()?;
            self.play(written, &p)?;
        } else if p.number.is_none() && !p.empty {
            return Err("the braille reads as no move".into());
        }
        let closes = &cells[cells.len() - p.closes - usize::from(p.ends)..];
        for &c in &closes[..p.closes] {
            self.close(c)?;
        }
        if p.ends && (self.notation != Notation::Compact || !self.stack.is_empty()) {
            return Err("a game's end where the game goes on".into());
        }
        Ok(())
    }

    /// The dashes: in compact notation, after a Black move's number, the White move left
    /// out; else a null move.
    fn omitted(&mut self, p: &Parsed) -> std::result::Result<(), String> {
        let black = self.pos.turn() == Color::Black;
        if self.notation == Notation::Compact
            && black
            && self.number.is_some()
            && !self.dashes
            && p.number.is_none()
        {
            self.dashes = true;
            return Ok(());
        }
        self.signs_done()?;
        let Some(Expect::Move(facts, nags)) = self.expected.get(self.k) else {
            return Err("the braille reads a null move here".into());
        };
        if facts.kind != MoveKind::Null {
            return Err("the braille reads a null move here".into());
        }
        self.numbered(facts)?;
        let mode = self.pos.castles().mode();
        let mut setup = self.pos.clone().to_setup(EnPassantMode::Legal);
        setup.swap_turn();
        if black {
            setup.fullmoves = setup.fullmoves.saturating_add(1);
        }
        let next = Chess::from_setup(setup, mode).map_err(|e| format!("a null move: {e}"))?;
        self.before = Some(std::mem::replace(&mut self.pos, next));
        self.k += 1;
        self.counted += 1;
        self.read.clear();
        self.read.extend_from_slice(&p.nags);
        self.signs = Some(nags);
        Ok(())
    }

    /// The number before the move of `facts`: due where the move needs one, and right.
    fn numbered(&mut self, facts: &MoveFacts) -> std::result::Result<(), String> {
        let number = self.number.take();
        let dashes = std::mem::take(&mut self.dashes);
        let black = facts.color == Color::Black;
        let need = !black || self.need_number;
        match number {
            None if need => Err("the move has no number".into()),
            Some((n, _)) if n != facts.number => {
                Err(format!("the number {n} where {} is due", facts.number))
            }
            Some((_, written_black))
                if self.notation == Notation::Ordinary && written_black != black =>
            {
                Err("the number is that of the other side's move".into())
            }
            Some(_) if self.notation == Notation::Compact && black && !dashes => {
                Err("a Black move's number without the dashes of White's".into())
            }
            Some(_) if !need => Err("a number where the move needs none".into()),
            _ => {
                self.need_number = false;
                Ok(())
            }
        }
    }

    /// A move read: the one move of the position it names, the source's, with its check or
    /// mate, capture and en passant as written.
    fn play(&mut self, written: reading::Written, p: &Parsed) -> std::result::Result<(), String> {
        let Some(Expect::Move(facts, nags)) = self.expected.get(self.k) else {
            return Err("the braille reads a move here".into());
        };
        // (Most words are found to name the source's move and no other without the legal
        // moves of the position: `names_only`.)
        let quick = self
            .source_move(facts)
            .filter(|m| reading::names_only(&self.pos, &written, m) == Some(true));
        let m = match quick.map_or_else(|| reading::the_fitting(&self.pos, &written), Ok) {
            Ok(m) => m,
            Err(0) => return Err("no legal move is written so".into()),
            Err(more) => return Err(format!("{more} legal moves are written so")),
        };
        if !same_move(&m, facts) {
            return Err(format!(
                "it reads back as {}",
                shakmaty::uci::UciMove::from_standard(m)
            ));
        }
        self.numbered(facts)?;
        let sign = match facts.check {
            Check::None => None,
            Check::Single | Check::Double => Some(reading::Check::Check),
            Check::Mate => Some(reading::Check::Mate),
        };
        if written.sign != sign {
            return Err("its check or mate sign is not the position's".into());
        }
        if m.castling_side().is_none() && written.capture != m.is_capture() {
            return Err("its capture sign is not the position's".into());
        }
        if written.ep && !m.is_en_passant() {
            return Err("marked en passant, but it is no en passant capture".into());
        }
        self.k += 1;
        // (The position before it is copied only for a variation that replaces it.)
        self.before = self.variation_next().then(|| self.pos.clone());
        self.pos.play_unchecked(m);
        self.counted += 1;
        self.read.clear();
        self.read.extend_from_slice(&p.nags);
        self.signs = Some(nags);
        Ok(())
    }

    /// The source's move `facts` as a move of the position (its piece where the source has
    /// it, its capture and en passant as the board gives them); `None` for castling, or where
    /// the board does not have the source's piece (the legal moves then decide).
    fn source_move(&self, facts: &MoveFacts) -> Option<Move> {
        let MoveKind::Normal {
            role,
            from,
            to,
            promotion,
            ..
        } = facts.kind
        else {
            return None;
        };
        let board = self.pos.board();
        if board.piece_at(from) != Some(role.of(self.pos.turn())) {
            return None;
        }
        let capture = board.role_at(to);
        Some(match role {
            Role::Pawn if capture.is_none() && from.file() != to.file() => {
                Move::EnPassant { from, to }
            }
            _ => Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            },
        })
    }

    /// The source's next item after comments is a variation (of the move just read).
    fn variation_next(&self) -> bool {
        self.expected[self.k..]
            .iter()
            .find(|e| !matches!(e, Expect::Comment))
            .is_some_and(|e| matches!(e, Expect::Open))
    }

    /// All words read: the source has nothing more.
    fn end(&mut self) -> std::result::Result<(), String> {
        self.signs_done()?;
        self.no_number()?;
        if self.dashes {
            return Err("the dashes of a White move left out, and no Black move".into());
        }
        match self.expected.get(self.k) {
            None => Ok(()),
            Some(_) => Err("its braille ends here".into()),
        }
    }
}

/// Whether the legal move `m` is the source's move `facts`.
fn same_move(m: &Move, facts: &MoveFacts) -> bool {
    match (facts.kind, m) {
        (MoveKind::Castle(side), m) => m.castling_side() == Some(side),
        (
            MoveKind::Normal {
                from,
                to,
                promotion,
                ..
            },
            m,
        ) => {
            m.castling_side().is_none()
                && m.from() == Some(from)
                && m.to() == to
                && m.promotion() == promotion
        }
        (MoveKind::Null, _) => false,
    }
}
