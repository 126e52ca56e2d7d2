//! The games of a PGN text through chess and braille, on `jobs` threads: the text is cut into
//! games in input order (the scan), each game is replayed and written in braille by a worker
//! or by the calling thread, and the results come back in input order, so the output is the
//! same bytes whatever the number of threads.
//!
//! With one job everything runs on the calling thread, and so do the first games of every
//! text (a book's block, a short file: threads would not pay off). After them, the calling
//! thread cuts the text into batches of games and offers each to the `jobs - 1` workers; when
//! every worker's queue is full it translates the batch itself, and it takes the games back
//! (the layout) in input order, each worker's batches in turn. So as many threads translate as
//! there are jobs, each busy (no thread waits on a core for another), and the queues (a few
//! batches each) bound the memory.

use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError, TrySendError, sync_channel};

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
/// returning an error stops the reading; so does a read error of the input.
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
        let mut spent = Spent::default();
        each(translator.translate(&mut scanned), &mut spent)?;
        translator.writer.recycle(spent.blocks);
        splitter.recycle(scanned);
        alone += 1;
    }
    let workers = jobs - 1;
    std::thread::scope(|scope| {
        let mut to_workers: Vec<SyncSender<Vec<Scanned>>> = Vec::with_capacity(workers);
        let mut from_workers: Vec<Receiver<Vec<Step>>> = Vec::with_capacity(workers);
        let mut spent_to: Vec<SyncSender<Spent>> = Vec::with_capacity(workers);
        // Scanned games done with go back to be scanned into again.
        let (spare_tx, spare_rx) = sync_channel::<Vec<Scanned>>(workers * QUEUE);
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
        drop(spare_tx);
        let mut order = InOrder {
            slots: VecDeque::new(),
            from_workers,
            spent_to,
            own: Vec::new(),
            name,
        };
        // The worker the next batch is offered to first.
        let mut next = 0;
        loop {
            order.hand_back(each, workers * 2 * QUEUE)?;
            for spent in order.own.drain(..) {
                translator.writer.recycle(spent.blocks);
            }
            while let Ok(spares) = spare_rx.try_recv() {
                spares.into_iter().for_each(|s| splitter.recycle(s));
            }
            let (batch, end) = next_batch(&mut splitter, name);
            if !batch.is_empty() {
                // To the first worker with room; when every one is busy, here.
                let mut batch = Some(batch);
                for k in 0..workers {
                    let w = (next + k) % workers;
                    let Some(b) = batch.take() else { break };
                    match to_workers[w].try_send(b) {
                        Ok(()) => {
                            order.slots.push_back(Slot::Worker(w));
                            next = w + 1;
                        }
                        Err(TrySendError::Full(b)) => batch = Some(b),
                        Err(TrySendError::Disconnected(_)) => return Err(stopped(name)),
                    }
                }
                if let Some(mut batch) = batch {
                    let steps = batch.iter_mut().map(|g| translator.translate(g)).collect();
                    batch.into_iter().for_each(|s| splitter.recycle(s));
                    order.slots.push_back(Slot::Here(steps));
                }
            }
            if let Some(end) = end {
                // The games before a read error are written, then the error.
                order.hand_back(each, 0)?;
                return end;
            }
        }
    })
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
        let steps = games
            .iter_mut()
            .map(|g| {
                spent.free_a_share(|blocks| translator.writer.recycle(blocks));
                translator.translate(g)
            })
            .collect();
        spent.free_to(QUEUE);
        // Full: the splitter has spares enough.
        let _ = channels.spare_tx.try_send(games);
        // A closed channel: the layout stopped (an error); stop too.
        if channels.done_tx.send(steps).is_err() {
            return;
        }
    }
}

/// What the layout is done with, freed a game's share at a time between the games a worker
/// translates: the memory a game frees is what the next one allocates, found again at once by
/// the allocator (all freed at once, most went past its cache of recent blocks and came back
/// by its slower way).
#[derive(Default)]
struct Freeing {
    queue: VecDeque<Spent>,
}

impl Freeing {
    /// Frees about one game's share of the oldest batch done with (its blocks handed to
    /// `recycle` first, which keeps what it will).
    fn free_a_share(&mut self, recycle: impl FnOnce(std::vec::Drain<'_, Block>)) {
        let Some(first) = self.queue.front_mut() else {
            return;
        };
        let games = first.games.len().max(1);
        let blocks = first.blocks.len().div_ceil(games);
        let from = first.blocks.len() - blocks.min(first.blocks.len());
        recycle(first.blocks.drain(from..));
        first.games.pop();
        if first.games.is_empty() && first.blocks.is_empty() {
            self.queue.pop_front();
        }
    }

    /// Frees whole batches until at most `most` are left.
    fn free_to(&mut self, most: usize) {
        while self.queue.len() > most {
            self.queue.pop_front();
        }
    }
}

/// A batch of games in input order: with a worker (taken back from it in turn), or translated
/// here.
enum Slot {
    Worker(usize),
    Here(Vec<Step>),
}

/// The batches handed out and not yet laid out, in input order.
struct InOrder<'a> {
    slots: VecDeque<Slot>,
    from_workers: Vec<Receiver<Vec<Step>>>,
    /// What the layout is done with of a worker's batch goes back to it to be freed.
    spent_to: Vec<SyncSender<Spent>>,
    /// What it is done with of the batches translated here, for this thread's writer.
    own: Vec<Spent>,
    name: &'a str,
}

impl InOrder<'_> {
    /// Hands `each` the games of the batches that are done, in input order, waiting for the
    /// first while more than `most` are out.
    fn hand_back(&mut self, each: Each, most: usize) -> Result<()> {
        while let Some(slot) = self.slots.pop_front() {
            let (mut steps, from) = match slot {
                Slot::Here(steps) => (steps, None),
                Slot::Worker(w) => {
                    let taken = match self.slots.len() >= most {
                        true => self.from_workers[w]
                            .recv()
                            .map_err(|_| TryRecvError::Disconnected),
                        false => self.from_workers[w].try_recv(),
                    };
                    match taken {
                        Ok(steps) => (steps, Some(w)),
                        Err(TryRecvError::Empty) => {
                            self.slots.push_front(Slot::Worker(w));
                            return Ok(());
                        }
                        Err(TryRecvError::Disconnected) => return Err(stopped(self.name)),
                    }
                }
            };
            let mut spent = Spent::default();
            for step in steps.drain(..) {
                each(step, &mut spent)?;
            }
            spent.steps = steps;
            match from {
                Some(w) => {
                    // Full: freed here.
                    if let Some(to) = self.spent_to.get(w) {
                        let _ = to.try_send(spent);
                    }
                }
                None => self.own.push(spent),
            }
        }
        Ok(())
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

/// A worker thread ended before its games were done (it cannot, short of a bug).
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

    fn hand_back(order: &mut InOrder, most: usize, seen: &mut Vec<String>) -> Result<()> {
        order.hand_back(
            &mut |s, spent| {
                if let Step::Bad(Error::Usage(name), _) = s {
                    seen.push(name);
                }
                spent.blocks.push(Block::Blank);
                Ok(())
            },
            most,
        )
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

    #[test]
    fn batches_come_back_in_input_order_whoever_translated_them() {
        let (tx0, rx0) = sync_channel(4);
        let (tx1, rx1) = sync_channel(4);
        let (spent_tx0, spent_rx0) = sync_channel(4);
        let (spent_tx1, spent_rx1) = sync_channel(4);
        let mut order = InOrder {
            slots: VecDeque::new(),
            from_workers: vec![rx0, rx1],
            spent_to: vec![spent_tx0, spent_tx1],
            own: Vec::new(),
            name: "b.pgn",
        };
        order.slots.extend([
            Slot::Worker(1),
            Slot::Here(vec![step("b1"), step("b2")]),
            Slot::Worker(0),
            Slot::Worker(1),
        ]);
        let mut seen = Vec::new();
        // Nothing done yet: nothing handed on, nothing waited for.
        hand_back(&mut order, 8, &mut seen).unwrap();
        assert!(seen.is_empty());
        // Worker 0 is done first, but its batch is the third.
        tx0.send(vec![step("c")]).unwrap();
        hand_back(&mut order, 8, &mut seen).unwrap();
        assert!(seen.is_empty());
        tx1.send(vec![step("a")]).unwrap();
        tx1.send(vec![step("d")]).unwrap();
        hand_back(&mut order, 8, &mut seen).unwrap();
        assert_eq!(seen, ["a", "b1", "b2", "c", "d"]);
        assert!(order.slots.is_empty());
        // Each worker's blocks go back to it, a batch at a time; those made here stay.
        let back = |rx: &Receiver<Spent>| rx.try_iter().map(|b| b.blocks.len()).collect::<Vec<_>>();
        assert_eq!(back(&spent_rx0), [1]);
        assert_eq!(back(&spent_rx1), [1, 1]);
        // More out than allowed: the first is waited for (here it is on its way).
        order
            .slots
            .extend([Slot::Worker(0), Slot::Here(vec![step("f")])]);
        let sender = std::thread::spawn(move || tx0.send(vec![step("e")]).map(|_| tx0));
        hand_back(&mut order, 1, &mut seen).unwrap();
        assert_eq!(seen[5..], ["e", "f"]);
        // A worker gone before its batch came back: an error, not a wait for ever.
        drop(sender.join().unwrap().unwrap());
        order.slots.push_back(Slot::Worker(0));
        let e = hand_back(&mut order, 0, &mut seen).unwrap_err();
        assert!(e.to_string().contains("stopped early"), "{e}");
    }
}
