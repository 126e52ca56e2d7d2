//! The games of a PGN text through chess and braille, on `jobs` threads: the text is cut into
//! games in input order (the scan), each game is replayed and written in braille by a worker,
//! by the cutting thread or by the calling thread, and the results come back in input order,
//! so the output is the same bytes whatever the number of threads.
//!
//! With one job everything runs on the calling thread, and so do the first games of every
//! text (a book's block, a short file: threads would not pay off). After them, a thread of its
//! own cuts the text into batches of games ([`Cutter`]) and offers each to the `jobs - 2`
//! workers, then, untranslated, to the calling thread; when every queue is full it translates
//! the batch itself. The calling thread takes the batches in input order ([`InOrder`]),
//! translates those it was handed untranslated, and lays every game out. So as many threads
//! translate as there are jobs, each busy (no thread waits on a core for another), and the
//! queues (a few batches each) bound the memory. A game the calling or the cutting thread
//! translates crosses between cores once, its text or its braille: with two jobs, every game
//! (a worker's batch goes to it and comes back).

use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};

use super::bulletin::HeadingPieces;
use crate::braille::Block;
use crate::braille::book::{self, MadeHeading};
use crate::braille::game::GameWriter;
use crate::chess::pgn::{Replayer, Scanned, Splitter};
use crate::error::{Error, Result, Warning};

pub(super) use super::about::About;
use crate::settings::Options;

/// Games translated on the calling thread before any other starts: a book's game or a short
/// file is done before threads would pay off (and each thread costs address space: an arena
/// of the allocator, a stack).
const ALONE: usize = 32;

/// Batches waiting in each queue between the threads: enough to keep the workers busy through
/// a long game, few enough that memory stays small.
const QUEUE: usize = 4;

/// Games a batch holds at most, and the text after which a batch is full. (Small: a batch's
/// text and braille are still in the caches when the other thread takes them. On two cores,
/// 16 games and 32 KiB took 1.2–2.1 % less time than 32 and 64 KiB, both notations and a
/// bulletin; 64 or 128 games took 3–5 % more; issue 33.)
const BATCH: usize = 16;
const BATCH_BYTES: usize = 32 * 1024;

/// What takes each game back, in input order: its step, and where to put what of it the
/// layout is done with (to be freed by the thread that made it).
pub(super) type Each<'e> = &'e mut dyn FnMut(Step, &mut Spent) -> Result<()>;

/// What the layout is done with of a batch of games. Freed on another thread than the one that
/// made it, each free takes the allocator's lock of that thread's memory, and that thread
/// never finds the memory again: so it goes back to be freed there. (The few blocks the
/// calling thread adds among a game's, a proof's origin, a bulletin's headings, go with them.)
#[derive(Default)]
pub(super) struct Spent {
    /// Blocks laid out.
    pub(super) blocks: Vec<Block>,
    /// A game's list of blocks (emptied) and what was known of it.
    pub(super) games: Vec<(Vec<Block>, About)>,
    /// The batch's list of games (emptied).
    steps: Vec<Step>,
}

/// One game, translated.
pub(super) struct Translated {
    /// Its braille: heading, moves, comments.
    pub(super) blocks: Vec<Block>,
    /// What the loop needs of it besides its braille.
    pub(super) about: About,
    /// Annotation glyphs compact notation left out.
    pub(super) dropped_nags: usize,
    /// Its start position was drawn before its moves.
    pub(super) start_drawn: bool,
    /// Diagrams drawn inside it (its comments' `[#]`).
    pub(super) diagrams_inside: usize,
    /// What its source says and the words of its moves, when the build checks itself (and
    /// it has moves).
    pub(super) witness: Option<Box<super::verify::Witness>>,
    /// A bulletin's heading of the game, its braille made here, on the thread that
    /// translated the game (and kept with it for the passes after), not on the thread that
    /// lays out, in every pass (`None`: that thread makes it).
    pub(super) heading: Option<Box<MadeHeading>>,
}

/// What comes of one game, in input order.
pub(super) enum Step {
    /// Translated, with the warnings of reading and writing it.
    Game(Translated, Vec<Warning>),
    /// It could not be read or replayed: the error (the game has no braille), and the
    /// warnings found before it.
    Bad(Error, Vec<Warning>),
    /// Text between games, in no game (`Rond 2 spelas i morgon.`): the error that says so.
    Text(Error),
}

/// Replays games and writes them in braille: one a thread.
struct Translator {
    replayer: Replayer,
    /// Keeps the words of each game's moves when the build checks itself.
    writer: GameWriter,
    notation: crate::settings::Notation,
    /// Notation words read so far, when the build checks itself (each game's words are read
    /// back here, on the thread that wrote them).
    parses: crate::read::games::Parses,
    /// A bulletin's: the writer that makes each game's heading ahead, the options, and the
    /// heading's pieces (kept from game to game).
    headings: Option<(book::Writer, Box<Options>, HeadingPieces)>,
    /// Each game's tags are kept in what is known of it ([`Asks::tags`]).
    tags: bool,
}

/// What a build asks of each game besides its braille.
#[derive(Copy, Clone, Debug)]
pub(super) struct Asks {
    /// The words of its moves, for the check of the braille written (`--verify`).
    pub(super) verify: bool,
    /// Its tags in [`About`]: the HTML proof's note, the check's name of the game, and a
    /// bulletin's title, headings and index of players read them; a build with none of
    /// these does not, and leaves them out.
    pub(super) tags: bool,
}

impl Translator {
    fn new(file: &str, options: &Options, asks: Asks) -> Translator {
        let writer = GameWriter::new(options);
        Translator {
            replayer: Replayer::new(file),
            tags: asks.tags,
            writer: match asks.verify {
                true => writer.witnessing(),
                false => writer,
            },
            notation: options.notation,
            parses: Default::default(),
            headings: options.bulletin.then(|| {
                let pieces = HeadingPieces::default();
                (book::Writer::default(), Box::new(options.clone()), pieces)
            }),
        }
    }

    fn translate(&mut self, scanned: &mut Scanned) -> Step {
        let replayed = self.replayer.replay(&mut scanned.scan, scanned.number);
        let mut warnings = self.replayer.take_warnings();
        match replayed {
            Err(e) if scanned.scan.is_text() => Step::Text(e),
            Err(e) => Step::Bad(e, warnings),
            Ok(game) => {
                let file = self.replayer.file();
                warnings.extend(scanned.cut_short(file, &game.tags));
                let before = self.writer.dropped_nags;
                let mut blocks = Vec::new();
                self.writer.write(&game, &mut blocks, &mut warnings);
                let witness = match self.writer.written_words() {
                    Some(words) => {
                        super::verify::Witness::of(&game, self.notation, words, &mut self.parses)
                            .map(Box::new)
                    }
                    None => None,
                };
                let about = About::of(&game, self.tags);
                let heading = self
                    .headings
                    .as_mut()
                    .and_then(|(writer, options, pieces)| {
                        let (_, board) = super::bulletin::round_and_board(&about);
                        pieces.make(&about, board);
                        writer
                            .made_heading(pieces.as_slice(), options)
                            .map(Box::new)
                    });
                self.replayer.recycle(game);
                let translated = Translated {
                    blocks,
                    about,
                    dropped_nags: self.writer.dropped_nags - before,
                    start_drawn: self.writer.start_drawn,
                    diagrams_inside: self.writer.diagrams_inside,
                    witness,
                    heading,
                };
                Step::Game(translated, warnings)
            }
        }
    }
}

/// Hands each game of `input` (`name` in messages, its first line line `first_line` of the
/// file) to `each`, in input order, translated with `options` on `jobs` threads. `each`
/// returning an error stops the reading (with more than one job, once the batch being read
/// is whole: from a pipe, when its games or the input's end have come); so does a read error
/// of the input.
pub(super) fn each_game(
    input: Box<dyn BufRead + Send>,
    name: &str,
    first_line: u32,
    options: &Options,
    jobs: usize,
    asks: Asks,
    each: Each,
) -> Result<()> {
    // (The scan reads the lines in the input's buffer at once: no buffer of its own, whose
    // copy of every byte cost more than the looks into the input's layers it saved.)
    let mut splitter = Splitter::new(input)
        .starting_at_line(first_line)
        .reading(options.source_notation);
    let mut translator = Translator::new(name, options, asks);
    let mut alone = 0;
    while jobs <= 1 || alone < ALONE {
        let Some(mut scanned) = splitter.next_scanned().map_err(|e| Error::io(name, e))? else {
            return Ok(());
        };
        translate_here(&mut translator, &mut scanned, each)?;
        splitter.recycle(scanned);
        alone += 1;
    }
    // A thread of its own cuts the text from here on; this one lays the games out.
    let workers = jobs - 2;
    std::thread::scope(|scope| {
        let mut to_workers: Vec<SyncSender<Vec<Scanned>>> = Vec::with_capacity(workers);
        let mut from_workers: Vec<Receiver<Vec<Step>>> = Vec::with_capacity(workers);
        let mut spent_to: Vec<SyncSender<Spent>> = Vec::with_capacity(workers);
        // Scanned games done with go back to be scanned into again.
        let (spare_tx, spare_rx) = sync_channel::<Vec<Scanned>>((workers + 1) * QUEUE);
        for _ in 0..workers {
            let spare_tx = spare_tx.clone();
            let (work_tx, work_rx) = sync_channel::<Vec<Scanned>>(QUEUE);
            let (done_tx, done_rx) = sync_channel::<Vec<Step>>(QUEUE);
            let (spent_tx, spent_rx) = sync_channel::<Spent>(QUEUE);
            to_workers.push(work_tx);
            from_workers.push(done_rx);
            spent_to.push(spent_tx);
            let worker = std::thread::Builder::new().name("translate".into());
            let channels = Channels {
                work_rx,
                spent_rx,
                spare_tx,
                done_tx,
            };
            let spawned = worker.spawn_scoped(scope, move || work(name, options, asks, channels));
            // Not the input's fault: said as the threads' (`--jobs`).
            spawned.map_err(|e| Error::io(format!("starting {jobs} threads (--jobs)"), e))?;
        }
        let (order_tx, order_rx) = sync_channel::<Slot>((workers + 1) * QUEUE);
        let (cut_spent_tx, cut_spent_rx) = sync_channel::<Spent>(QUEUE);
        let cutter = Cutter {
            splitter,
            to_workers,
            order: order_tx,
            spares: spare_rx,
            spent: cut_spent_rx,
        };
        let thread = std::thread::Builder::new().name("cut".into());
        let spawned = thread.spawn_scoped(scope, move || cutter.run(name, options, asks));
        spawned.map_err(|e| Error::io(format!("starting {jobs} threads (--jobs)"), e))?;
        let mut order = InOrder {
            slots: order_rx,
            from_workers,
            spent_to,
            cut_spent: cut_spent_tx,
            spares: spare_tx,
            name,
        };
        order.lay_out(&mut translator, each)
    })
}

/// One game translated on the calling thread and handed to `each`; what the layout is done
/// with stays here (its blocks kept by the writer for the next games).
fn translate_here(translator: &mut Translator, scanned: &mut Scanned, each: Each) -> Result<()> {
    let mut spent = Spent::default();
    each(translator.translate(scanned), &mut spent)?;
    translator.writer.recycle(&mut spent.blocks);
    Ok(())
}

/// A batch of games in input order, as the cutting thread hands it to the calling thread.
enum Slot {
    /// With a worker: taken back from it, its batches in turn.
    Worker(usize),
    /// Translated by the cutting thread.
    Cut(Vec<Step>),
    /// Not translated: the calling thread translates it.
    Raw(Vec<Scanned>),
    /// The text ends here (`Err`: a read error after the games before it).
    End(Result<()>),
}

/// The thread that cuts the text into batches of games (the scan and the guard), and offers
/// each to the workers, then, untranslated, to the calling thread; when every queue is full it
/// translates the batch itself. So a game it or the calling thread translates goes from one
/// core to the other once, its text or its braille, not its text one way and its braille back
/// (on two cores, with no worker, 4.7–5.8 % less time than with the text cut on the calling
/// thread and a worker translating, issue 33).
struct Cutter<R> {
    splitter: Splitter<R>,
    to_workers: Vec<SyncSender<Vec<Scanned>>>,
    /// The batches, in input order, to the calling thread.
    order: SyncSender<Slot>,
    spares: Receiver<Vec<Scanned>>,
    /// What the layout is done with of the batches translated here.
    spent: Receiver<Spent>,
}

impl<R: BufRead> Cutter<R> {
    /// Cuts until the text ends (or cannot be read) or the calling thread stops.
    fn run(mut self, name: &str, options: &Options, asks: Asks) {
        // (Made here: what it keeps of the words read stays on its thread.)
        let mut translator = Translator::new(name, options, asks);
        let mut freeing = Freeing::default();
        // The worker the next batch is offered to first.
        let mut next = 0;
        loop {
            while let Ok(spares) = self.spares.try_recv() {
                spares.into_iter().for_each(|s| self.splitter.recycle(s));
            }
            while let Ok(s) = self.spent.try_recv() {
                freeing.queue.push_back(s);
            }
            freeing.free_to(QUEUE);
            let (batch, end) = next_batch(&mut self.splitter, name);
            let mut batch = (!batch.is_empty()).then_some(batch);
            let workers = self.to_workers.len();
            for k in 0..workers {
                let w = (next + k) % workers;
                let Some(b) = batch.take() else { break };
                match self.to_workers[w].try_send(b) {
                    Ok(()) => {
                        next = w + 1;
                        if self.order.send(Slot::Worker(w)).is_err() {
                            return;
                        }
                    }
                    Err(TrySendError::Full(b)) => batch = Some(b),
                    Err(TrySendError::Disconnected(_)) => {
                        let _ = self.order.send(Slot::End(Err(stopped(name))));
                        return;
                    }
                }
            }
            if let Some(b) = batch {
                match self.order.try_send(Slot::Raw(b)) {
                    Ok(()) => {}
                    // Translated here, then sent, waiting for room. (A full queue gives back
                    // the raw batch sent; any other slot would go on as it is.)
                    Err(TrySendError::Full(slot)) => {
                        let slot = match slot {
                            Slot::Raw(mut games) => {
                                let steps = freeing.translate(&mut translator, &mut games);
                                games.into_iter().for_each(|s| self.splitter.recycle(s));
                                Slot::Cut(steps)
                            }
                            other => other,
                        };
                        if self.order.send(slot).is_err() {
                            return;
                        }
                    }
                    // The calling thread stopped: its error ends the build.
                    Err(TrySendError::Disconnected(_)) => return,
                }
            }
            if let Some(end) = end {
                let _ = self.order.send(Slot::End(end));
                return;
            }
        }
    }
}

/// A worker's ends of its channels: batches to translate, what the layout is done with,
/// scanned games to be scanned into again, batches translated.
struct Channels {
    work_rx: Receiver<Vec<Scanned>>,
    spent_rx: Receiver<Spent>,
    spare_tx: SyncSender<Vec<Scanned>>,
    done_tx: SyncSender<Vec<Step>>,
}

/// A worker: translates the batches it is given, in order, until they end or the layout stops.
fn work(name: &str, options: &Options, asks: Asks, channels: Channels) {
    // (Made here: what it keeps of the words read stays on its thread.)
    let mut translator = Translator::new(name, options, asks);
    let mut spent = Freeing::default();
    for mut games in channels.work_rx {
        // What the layout is done with of earlier batches: freed here, where it was made (see
        // `Spent`), a game's share before each game is translated.
        while let Ok(s) = channels.spent_rx.try_recv() {
            spent.queue.push_back(s);
        }
        let steps = spent.translate(&mut translator, &mut games);
        spent.free_to(QUEUE);
        // Full: the splitter has spares enough.
        let _ = channels.spare_tx.try_send(games);
        // A closed channel: the layout stopped (an error); stop too.
        if channels.done_tx.send(steps).is_err() {
            return;
        }
    }
}

/// What the layout is done with, freed a game's share at a time between the games a worker or
/// the cutting thread translates: the memory a game frees is what the next one allocates,
/// found again at once by the allocator (all freed at once, most went past its cache of recent
/// blocks and came back by its slower way).
#[derive(Default)]
struct Freeing {
    queue: VecDeque<Spent>,
}

impl Freeing {
    /// Frees about one game's share of the oldest batch done with (its blocks handed to
    /// `recycle` first, which keeps what it will).
    fn free_a_share(&mut self, recycle: impl FnOnce(&mut [Block])) {
        let Some(first) = self.queue.front_mut() else {
            return;
        };
        let games = first.games.len().max(1);
        let blocks = first.blocks.len().div_ceil(games);
        let from = first.blocks.len() - blocks.min(first.blocks.len());
        recycle(&mut first.blocks[from..]);
        first.blocks.truncate(from);
        first.games.pop();
        if first.games.is_empty() && first.blocks.is_empty() {
            self.queue.pop_front();
        }
    }

    /// Translates a batch of games, a game's share of what is done with freed before each.
    fn translate(&mut self, translator: &mut Translator, games: &mut [Scanned]) -> Vec<Step> {
        games
            .iter_mut()
            .map(|g| {
                self.free_a_share(|blocks| translator.writer.recycle(blocks));
                translator.translate(g)
            })
            .collect()
    }

    /// Frees whole batches until at most `most` are left.
    fn free_to(&mut self, most: usize) {
        while self.queue.len() > most {
            self.queue.pop_front();
        }
    }
}

/// The calling thread's ends of the channels: the batches in input order from the cutting
/// thread, each worker's batches, and where what the layout is done with goes back.
struct InOrder<'a> {
    slots: Receiver<Slot>,
    from_workers: Vec<Receiver<Vec<Step>>>,
    /// What the layout is done with of a worker's batch goes back to it to be freed.
    spent_to: Vec<SyncSender<Spent>>,
    /// And of a batch the cutting thread translated, to it.
    cut_spent: SyncSender<Spent>,
    /// The batches translated here go back to be scanned into again.
    spares: SyncSender<Vec<Scanned>>,
    name: &'a str,
}

impl InOrder<'_> {
    /// Hands `each` the games of every batch in input order, translating here those that
    /// come untranslated, until the text ends.
    fn lay_out(&mut self, translator: &mut Translator, each: Each) -> Result<()> {
        while let Ok(slot) = self.slots.recv() {
            let (mut steps, back) = match slot {
                Slot::Raw(mut games) => {
                    for g in &mut games {
                        translate_here(translator, g, each)?;
                    }
                    // Full: the splitter has spares enough.
                    let _ = self.spares.try_send(games);
                    continue;
                }
                Slot::End(end) => return end,
                Slot::Cut(steps) => (steps, &self.cut_spent),
                Slot::Worker(w) => match (self.from_workers.get(w), self.spent_to.get(w)) {
                    (Some(from), Some(back)) => match from.recv() {
                        Ok(steps) => (steps, back),
                        Err(_) => return Err(stopped(self.name)),
                    },
                    _ => return Err(stopped(self.name)),
                },
            };
            let mut spent = Spent::default();
            for step in steps.drain(..) {
                each(step, &mut spent)?;
            }
            spent.steps = steps;
            // Full: freed here.
            let _ = back.try_send(spent);
        }
        Err(stopped(self.name))
    }
}

/// The next batch of scanned games (a handful, or one long one: one hand-over between
/// threads a batch, not a game), and whether the input ends after it: `Some(Ok)` at its end,
/// `Some(Err)` at a read error.
fn next_batch<R: BufRead>(
    splitter: &mut Splitter<R>,
    name: &str,
) -> (Vec<Scanned>, Option<Result<()>>) {
    let mut batch = Vec::with_capacity(BATCH);
    let mut bytes = 0;
    while batch.len() < BATCH && bytes < BATCH_BYTES {
        match splitter.next_scanned() {
            Ok(Some(scanned)) => {
                bytes += scanned.scan.text.len();
                batch.push(scanned);
            }
            Ok(None) => return (batch, Some(Ok(()))),
            Err(e) => return (batch, Some(Err(Error::io(name, e)))),
        }
    }
    (batch, None)
}

/// A worker or the cutting thread ended before its games were done (it cannot, short of a
/// bug).
fn stopped(name: &str) -> Error {
    Error::io(
        name,
        std::io::Error::other("a translating thread stopped early"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(name: &str) -> Step {
        Step::Bad(Error::Usage(name.into()), Vec::new())
    }

    #[test]
    fn a_batch_done_with_is_freed_a_games_share_at_a_time() {
        let mut freeing = Freeing::default();
        for games in [3, 1] {
            freeing.queue.push_back(Spent {
                blocks: vec![Block::Blank; 7],
                games: (0..games).map(|_| (Vec::new(), About::default())).collect(),
                ..Spent::default()
            });
        }
        // The first batch: three games, seven blocks, three blocks a share.
        freeing.free_a_share(|_| {});
        assert_eq!(
            (freeing.queue[0].games.len(), freeing.queue[0].blocks.len()),
            (2, 4)
        );
        freeing.free_a_share(|_| {});
        freeing.free_a_share(|_| {});
        // Done with, it goes; the second batch's one game takes all its blocks with it.
        assert_eq!(freeing.queue.len(), 1);
        assert_eq!(freeing.queue[0].blocks.len(), 7);
        freeing.free_a_share(|_| {});
        assert!(freeing.queue.is_empty());
        freeing.free_a_share(|_| {});
        // More batches than a worker keeps: the oldest freed whole.
        freeing.queue.extend((0..6).map(|_| Spent::default()));
        freeing.free_to(QUEUE);
        assert_eq!(freeing.queue.len(), QUEUE);
    }

    /// Two games of a text, scanned, as the cutting thread hands them on untranslated.
    fn scanned(white: [&str; 2]) -> Vec<Scanned> {
        let text = white
            .map(|w| format!("[White \"{w}\"]\n[Black \"B\"]\n\n1. e4 e5 *\n\n"))
            .concat();
        let mut splitter = Splitter::new(std::io::Cursor::new(text.into_bytes()));
        std::iter::from_fn(|| splitter.next_scanned().unwrap()).collect()
    }

    /// The names of the games handed on, in order: a step's name, or a translated game's
    /// White.
    fn name(step: &Step) -> String {
        match step {
            Step::Bad(Error::Usage(name), _) => name.clone(),
            Step::Game(t, _) => t.about.tag("White").unwrap_or("?").to_owned(),
            _ => "?".to_owned(),
        }
    }

    /// [`InOrder::lay_out`], each game's name put in `seen`, a blank line its braille.
    fn lay_out(
        order: &mut InOrder,
        translator: &mut Translator,
        seen: &mut Vec<String>,
    ) -> Result<()> {
        order.lay_out(translator, &mut |s, spent| {
            seen.push(name(&s));
            spent.blocks.push(Block::Blank);
            Ok(())
        })
    }

    #[test]
    fn batches_come_back_in_input_order_whoever_translated_them() {
        let (slots_tx, slots_rx) = sync_channel(8);
        let (tx0, rx0) = sync_channel(4);
        let (tx1, rx1) = sync_channel(4);
        let (spent_tx0, spent_rx0) = sync_channel(4);
        let (spent_tx1, spent_rx1) = sync_channel(4);
        let (cut_spent_tx, cut_spent_rx) = sync_channel(4);
        let (spares_tx, spares_rx) = sync_channel(4);
        let mut order = InOrder {
            slots: slots_rx,
            from_workers: vec![rx0, rx1],
            spent_to: vec![spent_tx0, spent_tx1],
            cut_spent: cut_spent_tx,
            spares: spares_tx,
            name: "b.pgn",
        };
        let asks = Asks {
            verify: false,
            tags: true,
        };
        let mut translator = Translator::new("b.pgn", &Options::default(), asks);
        // Worker 0 is done first, but its batch is the third; the cutting thread's batch
        // and the one translated here come between a worker's two.
        for slot in [
            Slot::Worker(1),
            Slot::Cut(vec![step("b1"), step("b2")]),
            Slot::Worker(0),
            Slot::Raw(scanned(["e1", "e2"])),
            Slot::Worker(1),
            Slot::End(Ok(())),
        ] {
            slots_tx.send(slot).unwrap();
        }
        tx0.send(vec![step("c")]).unwrap();
        tx1.send(vec![step("a")]).unwrap();
        tx1.send(vec![step("d")]).unwrap();
        let mut seen = Vec::new();
        lay_out(&mut order, &mut translator, &mut seen).unwrap();
        assert_eq!(seen, ["a", "b1", "b2", "c", "e1", "e2", "d"]);
        // Each worker's blocks go back to it, a batch at a time, and so do the cutting
        // thread's; the games translated here go back to be scanned into again.
        let back = |rx: &Receiver<Spent>| rx.try_iter().map(|b| b.blocks.len()).collect::<Vec<_>>();
        assert_eq!(back(&spent_rx0), [1]);
        assert_eq!(back(&spent_rx1), [1, 1]);
        assert_eq!(back(&cut_spent_rx), [2]);
        let spares: Vec<usize> = spares_rx.try_iter().map(|b| b.len()).collect();
        assert_eq!(spares, [2]);
        // A read error after a game: the game, then the error.
        seen.clear();
        slots_tx.send(Slot::Cut(vec![step("f")])).unwrap();
        slots_tx
            .send(Slot::End(Err(Error::Usage("unread".into()))))
            .unwrap();
        let e = lay_out(&mut order, &mut translator, &mut seen).unwrap_err();
        assert_eq!(
            (seen.as_slice(), e.to_string().as_str()),
            (&["f".to_owned()][..], "error: unread")
        );
        // A worker gone before its batch came back: an error, not a wait for ever.
        drop(tx0);
        slots_tx.send(Slot::Worker(0)).unwrap();
        let e = lay_out(&mut order, &mut translator, &mut seen).unwrap_err();
        assert!(e.to_string().contains("stopped early"), "{e}");
        // The cutting thread gone without the text's end: the same.
        drop(slots_tx);
        let e = lay_out(&mut order, &mut translator, &mut seen).unwrap_err();
        assert!(e.to_string().contains("stopped early"), "{e}");
    }

    /// `n` games, each named by its White.
    fn games(n: usize) -> String {
        (0..n)
            .map(|k| format!("[White \"w{k}\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 *\n\n"))
            .collect()
    }

    /// The names of the games `each_game` hands on from `input` on `jobs` threads, `each`
    /// failing at the game named `fail`; and how the call ended.
    fn handed(
        input: Box<dyn BufRead + Send>,
        jobs: usize,
        fail: &str,
    ) -> (Vec<String>, Result<()>) {
        let asks = Asks {
            verify: false,
            tags: true,
        };
        let mut seen = Vec::new();
        let ended = each_game(
            input,
            "t.pgn",
            1,
            &Options::default(),
            jobs,
            asks,
            &mut |s, _| {
                let name = name(&s);
                let failed = name == fail;
                seen.push(name);
                match failed {
                    true => Err(Error::Usage("the layout failed".into())),
                    false => Ok(()),
                }
            },
        );
        (seen, ended)
    }

    #[test]
    fn every_game_comes_once_in_input_order_on_any_number_of_threads() {
        // Past the games done alone, in many batches: with 2 jobs the cutting thread and
        // this one translate, with 3 and 4 workers too.
        let text = games(400);
        let all: Vec<String> = (0..400).map(|k| format!("w{k}")).collect();
        for jobs in [1, 2, 3, 4] {
            let input = Box::new(std::io::Cursor::new(text.clone().into_bytes()));
            let (seen, ended) = handed(input, jobs, "");
            assert!(ended.is_ok(), "{jobs} jobs");
            assert_eq!(seen, all, "{jobs} jobs");
            // The layout failing at a game: the games before it, that game, its error, and
            // the threads stopped (the call returns).
            let input = Box::new(std::io::Cursor::new(text.clone().into_bytes()));
            let (seen, ended) = handed(input, jobs, "w250");
            assert_eq!(seen, all[..=250], "{jobs} jobs");
            let e = ended.unwrap_err().to_string();
            assert_eq!(e, "error: the layout failed", "{jobs} jobs");
        }
    }

    /// Gives its text, then fails.
    struct Failing(std::io::Cursor<Vec<u8>>);

    impl std::io::Read for Failing {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            match self.0.read(buf)? {
                0 => Err(std::io::Error::other("the disk is gone")),
                n => Ok(n),
            }
        }
    }

    #[test]
    fn a_read_error_comes_after_the_games_before_it_on_any_number_of_threads() {
        let text = games(300) + "[White \"cut\"]\n";
        let mut first = None;
        for jobs in [1, 2, 3, 4] {
            let failing = Failing(std::io::Cursor::new(text.clone().into_bytes()));
            let input = Box::new(std::io::BufReader::new(failing));
            let (seen, ended) = handed(input, jobs, "");
            let e = ended.unwrap_err().to_string();
            assert!(e.contains("the disk is gone"), "{jobs} jobs: {e}");
            // Every whole game before the error, in order, the same on any number of threads.
            assert!(seen.len() >= 299, "{jobs} jobs: {}", seen.len());
            assert!(seen.iter().zip(0..).all(|(s, k)| *s == format!("w{k}")));
            match &first {
                None => first = Some((seen, e)),
                Some(one) => assert_eq!(one, &(seen, e), "{jobs} jobs"),
            }
        }
    }
}
