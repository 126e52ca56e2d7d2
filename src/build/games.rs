//! The games of a PGN text through chess and braille, on `jobs` threads: the text is cut into
//! games in input order (the scan), each game is replayed and written in braille by one of the
//! workers, and the results come back in input order, so the output is the same bytes whatever
//! the number of threads.
//!
//! With one job everything runs on the calling thread, and so do the first games of every
//! text (a book's block, a short file: threads would not pay off). After them, one thread cuts the text,
//! `jobs` workers translate, and the calling thread (the layout) takes the games back, in
//! batches: batch `i` goes to worker `i % jobs` and is taken from it in turn, so no game
//! overtakes another and the queues between the threads (a few batches each) bound the memory.

use std::io::BufRead;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use crate::braille::Block;
use crate::braille::game::GameWriter;
use crate::chess::pgn::{Replayer, Scanned, Splitter};
use crate::chess::{Game, Tags};
use crate::error::{Error, Location, Result, Warning};
use crate::settings::Options;

/// Games translated on the calling thread before any other starts: a book's game or a short
/// file is done before threads would pay off (and each thread costs address space: an arena
/// of the allocator, a stack).
const ALONE: usize = 32;

/// Batches waiting in each queue between the threads: enough to keep the workers busy through
/// a long game, few enough that memory stays small.
const QUEUE: usize = 4;

/// Games a batch holds at most, and the text after which a batch is full.
const BATCH: usize = 32;
const BATCH_BYTES: usize = 64 * 1024;

/// One game, translated.
pub(super) struct Translated {
    /// Its braille: heading, moves, comments.
    pub(super) blocks: Vec<Block>,
    /// What the loop needs of it besides its braille.
    pub(super) about: About,
    /// Annotation glyphs compact notation left out.
    pub(super) dropped_nags: usize,
    /// Its moves and variations (UCI, `(`, `)`), when the build checks itself.
    pub(super) signature: Vec<String>,
}

/// What the layout loop needs to know of a game: where it is, what its tags say (the proof's
/// note, a bulletin's contents and index), whether it starts from a position.
#[derive(Clone, Debug, Default)]
pub(super) struct About {
    pub(super) number: usize,
    pub(super) location: Option<Location>,
    /// The tags the loop uses (`White`, `Black`, `Event`, `Round`, `Board`, `Result`, Elo),
    /// as written (in one string: two allocations a game, not two a tag).
    pub(super) tags: Tags,
    /// It starts from a `[FEN]` position.
    pub(super) start: bool,
}

impl About {
    fn of(game: &Game) -> About {
        const KEPT: [&str; 9] = [
            "Event", "Round", "Board", "White", "Black", "WhiteElo", "BlackElo", "Result", "Date",
        ];
        let kept = || game.tags.iter().filter(|(n, _)| KEPT.contains(n));
        let mut tags =
            Tags::with_capacity(kept().count(), kept().map(|(n, v)| n.len() + v.len()).sum());
        kept().for_each(|(n, v)| tags.push(n, v));
        About {
            number: game.number,
            location: game.location.clone(),
            tags,
            start: game.start.is_some(),
        }
    }

    /// A tag's value, unless it says nothing (empty, `?`, `-`).
    pub(super) fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .get(name)
            .map(str::trim)
            .filter(|v| !v.is_empty() && !v.chars().all(|c| c == '?') && *v != "-")
    }
}

/// What comes of one game, in input order.
pub(super) enum Step {
    /// Translated, with the warnings of reading and writing it.
    Game(Translated, Vec<Warning>),
    /// It could not be read or replayed: the error (the game has no braille), and the
    /// warnings found before it.
    Bad(Error, Vec<Warning>),
}

/// Replays games and writes them in braille: one a thread.
struct Translator {
    replayer: Replayer,
    writer: GameWriter,
    verify: bool,
}

impl Translator {
    fn new(file: &str, options: &Options, verify: bool) -> Translator {
        Translator {
            replayer: Replayer::new(file),
            writer: GameWriter::new(options),
            verify,
        }
    }

    fn translate(&mut self, scanned: &Scanned) -> Step {
        let replayed = self.replayer.replay(&scanned.scan, scanned.number);
        let mut warnings = self.replayer.take_warnings();
        match replayed {
            Err(e) => Step::Bad(e, warnings),
            Ok(game) => {
                let before = self.writer.dropped_nags;
                let mut blocks = Vec::new();
                self.writer.write(&game, &mut blocks, &mut warnings);
                let signature = match self.verify {
                    true => signature(&game),
                    false => Vec::new(),
                };
                let translated = Translated {
                    blocks,
                    about: About::of(&game),
                    dropped_nags: self.writer.dropped_nags - before,
                    signature,
                };
                Step::Game(translated, warnings)
            }
        }
    }
}

/// A game's moves and variations as the braille read back gives them: each move in UCI,
/// `(` and `)` around variations.
fn signature(game: &Game) -> Vec<String> {
    use crate::chess::Item;
    game.items
        .iter()
        .filter_map(|i| match i {
            Item::Move(m) => Some(m.uci()),
            Item::VariationStart => Some("(".into()),
            Item::VariationEnd => Some(")".into()),
            _ => None,
        })
        .collect()
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
    verify: bool,
    each: &mut dyn FnMut(Step) -> Result<()>,
) -> Result<()> {
    let mut splitter = Splitter::new(input).starting_at_line(first_line);
    let mut translator = Translator::new(name, options, verify);
    let mut alone = 0;
    while jobs <= 1 || alone < ALONE {
        let Some(scanned) = splitter.next_scanned().map_err(|e| Error::io(name, e))? else {
            return Ok(());
        };
        each(translator.translate(&scanned))?;
        splitter.recycle(scanned);
        alone += 1;
    }
    drop(translator);
    std::thread::scope(|scope| {
        // Games go in batches (a handful of games, or one long one): one hand-over between
        // threads a batch, not a game. A read error ends the input, after the games before it.
        type Work = (Vec<Scanned>, Option<Error>);
        type Done = (Vec<Step>, Option<Error>);
        let mut to_workers: Vec<SyncSender<Work>> = Vec::with_capacity(jobs);
        let mut from_workers: Vec<Receiver<Done>> = Vec::with_capacity(jobs);
        // Scanned games done with go back to be scanned into again.
        let (spare_tx, spare_rx) = sync_channel::<Vec<Scanned>>(jobs * QUEUE);
        for _ in 0..jobs {
            let spare_tx = spare_tx.clone();
            let (work_tx, work_rx) = sync_channel::<Work>(QUEUE);
            let (done_tx, done_rx) = sync_channel::<Done>(QUEUE);
            to_workers.push(work_tx);
            from_workers.push(done_rx);
            let mut translator = Translator::new(name, options, verify);
            let worker = std::thread::Builder::new().name("translate".into());
            let spawned = worker.spawn_scoped(scope, move || {
                for (games, error) in work_rx {
                    let steps = games.iter().map(|g| translator.translate(g)).collect();
                    // Full: the splitter has spares enough.
                    let _ = spare_tx.try_send(games);
                    // A closed channel: the layout stopped (an error); stop too.
                    if done_tx.send((steps, error)).is_err() {
                        return;
                    }
                }
            });
            spawned.map_err(|e| Error::io(name, e))?;
        }
        drop(spare_tx);
        let cutter = std::thread::Builder::new().name("split".into());
        let spawned = cutter.spawn_scoped(scope, move || {
            let mut i = 0usize;
            loop {
                while let Ok(spares) = spare_rx.try_recv() {
                    spares.into_iter().for_each(|s| splitter.recycle(s));
                }
                let mut batch = Vec::with_capacity(BATCH);
                let mut bytes = 0;
                let mut error = None;
                let mut end = false;
                while batch.len() < BATCH && bytes < BATCH_BYTES {
                    match splitter.next_scanned() {
                        Ok(Some(scanned)) => {
                            bytes += scanned.scan.text.len();
                            batch.push(scanned);
                        }
                        Ok(None) => {
                            end = true;
                            break;
                        }
                        Err(e) => {
                            error = Some(Error::io(name, e));
                            end = true;
                            break;
                        }
                    }
                }
                let empty = batch.is_empty() && error.is_none();
                if empty || to_workers[i % jobs].send((batch, error)).is_err() || end {
                    return;
                }
                i += 1;
            }
        });
        spawned.map_err(|e| Error::io(name, e))?;
        // Batch i from worker i % jobs; a worker with nothing more means the input has ended.
        let mut i = 0usize;
        while let Ok((steps, error)) = from_workers[i % jobs].recv() {
            for step in steps {
                each(step)?;
            }
            if let Some(e) = error {
                return Err(e);
            }
            i += 1;
        }
        Ok(())
    })
}
