//! The games the first trial pass translated, kept in a file of the build for the passes
//! after it (issue 33): they lay the same blocks out again without reading, replaying and
//! translating every game anew. A game's translation depends on its input and its options
//! alone, which every pass shares; what the passes differ in (the contents list's pages, the
//! bulletin's round headings and index, the proof's notes, the warnings said or not) is made
//! from a game's step after it comes, in `Run::games`, in every pass alike. A bulletin's
//! heading of the game is part of its translation (its braille made ahead, `MadeHeading`) and
//! is kept with it.
//!
//! The file holds, for each `Run::games` call of the first pass in its order, a record a game
//! and one that ends the call. A game's warnings, and a game or text left out with its error,
//! are kept aside in memory (rare; at most [`ASIDE`]). When the pass that writes checks its
//! braille, the first pass makes each game's witness too (`Pass::witnesses`), and the file
//! keeps it. What the file cannot hold turns it off, and the passes after read their games as
//! before: an error that is no input's, too many games kept aside, or a failure to write the
//! file (which costs the build nothing else).

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, Write};

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, CastlingSide, Chess, Color, EnPassantMode, Position, Role, Square};

use super::games::{About, Spent, Step, Translated};
use super::verify::{Expect, Misread, Witness};
use crate::braille::Block;
use crate::braille::binary::{Put, Take, put_blocks, put_words, read_u64, take_blocks, take_words};
use crate::braille::block::{Binding, Buffers};
use crate::braille::book::MadeHeading;
use crate::chess::game::{Check, Disambiguation, MoveFacts, MoveKind, Tags};
use crate::document::Pos;
use crate::error::{Diagnostic, Error, Location, Warning};

/// The file's name in a message.
pub(super) const NAME: &str = "the build's file of translated games";

#[cfg(test)]
thread_local! {
    /// No file for the builds of this thread: their passes read their games (the tests
    /// compare the two).
    pub(super) static OFF: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Games with warnings or errors kept aside at most; one more turns the file off.
const ASIDE: usize = 4096;

/// What a game kept aside had besides its braille: its warnings, or the error of a game or a
/// text left out (going on past errors) with the warnings before it.
enum Aside {
    Warnings(Vec<Warning>),
    Bad(Diagnostic, Vec<Warning>),
    Text(Diagnostic),
}

/// The translated games of a build with more than one pass.
pub(super) struct Translations {
    state: State,
    aside: Vec<Aside>,
    /// The bytes of a record, and of its length before it (kept from record to record).
    record: Vec<u8>,
    head: Vec<u8>,
    /// Paragraph buffers of games laid out, for the games read back after them.
    spare: Vec<Buffers>,
}

/// Paragraph buffers [`Translations`] keeps for the games it reads back: a game's paragraphs
/// and some.
const SPARE_PARAGRAPHS: usize = 16;

enum State {
    /// The first pass writes each game.
    Recording(BufWriter<File>),
    /// The passes after read them, from the start each pass.
    Ready(BufReader<File>),
    /// The passes after read their games.
    Off,
}

/// A record's kind: the end of a `Run::games` call, a game, a game or a text left out.
const END: u8 = 0;
const GAME: u8 = 1;
const BAD: u8 = 2;
const TEXT: u8 = 3;

impl Translations {
    /// A file for the first pass to write; `None` when none can be made (the passes then
    /// read their games).
    pub(super) fn new() -> Option<Translations> {
        #[cfg(test)]
        if OFF.get() {
            return None;
        }
        let file = tempfile::tempfile().ok()?;
        Some(Translations {
            state: State::Recording(BufWriter::with_capacity(64 * 1024, file)),
            aside: Vec::new(),
            record: Vec::new(),
            head: Vec::new(),
            spare: Vec::new(),
        })
    }

    pub(super) fn recording(&self) -> bool {
        matches!(self.state, State::Recording(_))
    }

    pub(super) fn ready(&self) -> bool {
        matches!(self.state, State::Ready(_))
    }

    /// Writes a game's step as it goes to the layout.
    pub(super) fn record(&mut self, step: &Step) {
        if !self.recording() {
            return;
        }
        let mut bytes = std::mem::take(&mut self.record);
        bytes.clear();
        let kept = self.put_step(step, &mut Put(&mut bytes));
        self.write(kept.then_some(&bytes));
        self.record = bytes;
    }

    /// The end of a `Run::games` call.
    pub(super) fn end_call(&mut self) {
        self.write(Some(&[END]));
    }

    /// The first pass is done: its games are read from the start by the next.
    pub(super) fn finish(&mut self) {
        if !self.recording() {
            return;
        }
        let state = std::mem::replace(&mut self.state, State::Off);
        if let State::Recording(out) = state
            && let Ok(mut file) = out.into_inner()
            && file.rewind().is_ok()
        {
            self.state = State::Ready(BufReader::with_capacity(64 * 1024, file));
        }
    }

    /// A pass begins: its games are read from the first.
    pub(super) fn start_pass(&mut self) -> io::Result<()> {
        match &mut self.state {
            State::Ready(input) => input.rewind(),
            _ => Ok(()),
        }
    }

    /// The next game of the `Run::games` call being read; `None` at its end.
    pub(super) fn next_step(&mut self) -> io::Result<Option<Step>> {
        let State::Ready(input) = &mut self.state else {
            return Ok(None);
        };
        let len = read_len(input)?;
        let mut bytes = std::mem::take(&mut self.record);
        bytes.clear();
        // (Read up to the length said, not made room for first: a damaged length is no
        // allocation of its size.)
        let read = (&mut *input).take(len as u64).read_to_end(&mut bytes)?;
        if read != len {
            return Err(damaged());
        }
        let step = match bytes.first() {
            Some(&END) => Ok(None),
            _ => take_step(&self.aside, &mut Take(&bytes), &mut self.spare)
                .map(Some)
                .ok_or_else(damaged),
        };
        self.record = bytes;
        step
    }

    /// Writes a record of `bytes`; `None`: the file cannot hold the step, and is turned off.
    fn write(&mut self, bytes: Option<&[u8]>) {
        let State::Recording(out) = &mut self.state else {
            return;
        };
        let head = &mut self.head;
        let written = bytes.is_some_and(|bytes| {
            head.clear();
            Put(head).usize(bytes.len());
            out.write_all(head)
                .and_then(|()| out.write_all(bytes))
                .is_ok()
        });
        if !written {
            self.state = State::Off;
            self.aside = Vec::new();
        }
    }

    /// The step in `out`; false when the file cannot hold it.
    fn put_step(&mut self, step: &Step, out: &mut Put<'_>) -> bool {
        let aside = match step {
            Step::Game(t, warnings) => {
                out.0.push(GAME);
                put_translated(t, out);
                (!warnings.is_empty()).then(|| Aside::Warnings(warnings.clone()))
            }
            Step::Bad(Error::Input(d), warnings) => {
                out.0.push(BAD);
                Some(Aside::Bad((**d).clone(), warnings.clone()))
            }
            Step::Text(Error::Input(d)) => {
                out.0.push(TEXT);
                Some(Aside::Text((**d).clone()))
            }
            Step::Bad(..) | Step::Text(_) => return false,
        };
        // The place of what is kept aside, plus one; 0: nothing.
        match aside {
            Some(_) if self.aside.len() >= ASIDE => false,
            Some(a) => {
                self.aside.push(a);
                out.usize(self.aside.len());
                true
            }
            None => {
                out.usize(0);
                true
            }
        }
    }

    /// What the layout is done with of a game read back: its paragraphs' buffers kept for the
    /// games read after it (a few; a long game's are let go), the rest freed. Kept last to
    /// first, so that the next game's first paragraph (a heading's line) takes the buffers of
    /// this game's first, and its moves those of the moves: each about the size it needs.
    fn recycle(&mut self, spent: &mut Spent) {
        // (Each paragraph's buffers taken where it stands: see `Paragraph::take_buffers`.)
        for block in spent.blocks.iter_mut().rev() {
            let Block::Paragraph(p) = block else { continue };
            let buffers = p.take_buffers();
            if self.spare.len() < SPARE_PARAGRAPHS && buffers.size().is_some() {
                self.spare.push(buffers);
            }
        }
        spent.blocks.clear();
    }
}

/// A record read back: a game (its blocks made in `spare`'s buffers, when there are some), or
/// a game or text left out (`aside`'s).
fn take_step(aside: &[Aside], input: &mut Take<'_>, spare: &mut Vec<Buffers>) -> Option<Step> {
    let kind = input.byte()?;
    let translated = match kind {
        GAME => Some(take_translated(input, spare)?),
        _ => None,
    };
    let aside = match input.usize()? {
        0 => None,
        n => Some(aside.get(n - 1)?),
    };
    Some(match (kind, translated, aside) {
        (GAME, Some(t), None) => Step::Game(t, Vec::new()),
        (GAME, Some(t), Some(Aside::Warnings(w))) => Step::Game(t, w.clone()),
        (BAD, None, Some(Aside::Bad(d, w))) => {
            Step::Bad(Error::Input(Box::new(d.clone())), w.clone())
        }
        (TEXT, None, Some(Aside::Text(d))) => Step::Text(Error::Input(Box::new(d.clone()))),
        _ => return None,
    })
}

/// Hands each game a `Run::games` call of an earlier pass had to `each`, read from the file.
pub(super) fn replay(
    translations: &mut Translations,
    each: &mut dyn FnMut(Step, &mut Spent) -> crate::error::Result<()>,
) -> crate::error::Result<()> {
    let mut spent = Spent::default();
    while let Some(step) = translations.next_step().map_err(|e| Error::io(NAME, e))? {
        each(step, &mut spent)?;
        translations.recycle(&mut spent);
        spent = Spent::default();
    }
    Ok(())
}

fn damaged() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, "a record that is no game")
}

/// A record's length (as [`Put::usize`] writes it).
fn read_len(input: &mut impl BufRead) -> io::Result<usize> {
    let mut failed = None;
    let len = read_u64(|| {
        let mut byte = [0u8];
        match input.read_exact(&mut byte) {
            Ok(()) => Some(byte[0]),
            Err(e) => {
                failed = Some(e);
                None
            }
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    len.and_then(|n| usize::try_from(n).ok())
        .ok_or_else(damaged)
}

fn put_translated(t: &Translated, out: &mut Put<'_>) {
    let Translated {
        blocks,
        about,
        dropped_nags,
        start_drawn,
        diagrams_inside,
        witness,
        heading,
    } = t;
    put_blocks(blocks, out);
    put_about(about, out);
    out.usize(*dropped_nags);
    out.bool(*start_drawn);
    out.usize(*diagrams_inside);
    out.bool(witness.is_some());
    if let Some(w) = witness {
        put_witness(w, out);
    }
    out.bool(heading.is_some());
    if let Some(h) = heading {
        put_heading(h, out);
    }
}

/// A heading's braille made ahead ([`MadeHeading`]).
fn put_heading(h: &MadeHeading, out: &mut Put<'_>) {
    out.cells(&h.cells);
    out.bool(h.words.is_some());
    if let Some(words) = &h.words {
        out.usize(words.len());
        for &(from, to, binding) in words {
            out.u32(from);
            out.u32(to);
            out.u32(match binding {
                Binding::Never => 0,
                Binding::ToNumber => 1,
                Binding::Asks { has_number: false } => 2,
                Binding::Asks { has_number: true } => 3,
            });
        }
    }
    out.usize(h.soft_hyphens.len());
    h.soft_hyphens.iter().for_each(|&at| out.usize(at));
}

fn take_heading(input: &mut Take<'_>) -> Option<MadeHeading> {
    let cells = input.cells()?;
    let words = match input.bool()? {
        true => {
            let n = input.usize()?;
            // (Each word's cells among the heading's, after the word before.)
            let mut end = 0;
            let mut word = |input: &mut Take<'_>| {
                let (from, to) = (input.u32()?, input.u32()?);
                let binding = match input.u32()? {
                    0 => Binding::Never,
                    1 => Binding::ToNumber,
                    2 => Binding::Asks { has_number: false },
                    3 => Binding::Asks { has_number: true },
                    _ => return None,
                };
                let ok = end <= from && from <= to && to as usize <= cells.len();
                end = to;
                ok.then_some((from, to, binding))
            };
            Some((0..n).map(|_| word(input)).collect::<Option<Vec<_>>>()?)
        }
        false => None,
    };
    let n = input.usize()?;
    let soft_hyphens = (0..n)
        .map(|_| input.usize().filter(|&at| at <= cells.len()))
        .collect::<Option<Vec<_>>>()?;
    Some(MadeHeading {
        cells,
        words,
        soft_hyphens,
    })
}

fn take_translated(input: &mut Take<'_>, spare: &mut Vec<Buffers>) -> Option<Translated> {
    Some(Translated {
        blocks: take_blocks(input, spare)?,
        about: take_about(input)?,
        dropped_nags: input.usize()?,
        start_drawn: input.bool()?,
        diagrams_inside: input.usize()?,
        witness: match input.bool()? {
            true => Some(Box::new(take_witness(input)?)),
            false => None,
        },
        heading: match input.bool()? {
            true => Some(Box::new(take_heading(input)?)),
            false => None,
        },
    })
}

/// What a game's source says and the words written for it (for the pass that writes, when
/// the build checks itself; the first pass then makes it).
fn put_witness(witness: &Witness, out: &mut Put<'_>) {
    let Witness {
        start,
        expected,
        words,
        misread,
    } = witness;
    out.bool(start.is_some());
    if let Some(pos) = start {
        out.bool(pos.castles().mode() == CastlingMode::Chess960);
        out.str(&Fen::from_position(&**pos, EnPassantMode::Legal).to_string());
    }
    out.usize(expected.len());
    for e in expected {
        match e {
            Expect::Move(facts, nags) => {
                out.0.push(0);
                put_facts(facts, out);
                out.usize(nags.len());
                out.0.extend_from_slice(nags);
            }
            Expect::Comment => out.0.push(1),
            Expect::Open => out.0.push(2),
            Expect::Close => out.0.push(3),
        }
    }
    put_words(words, out);
    out.bool(misread.is_some());
    if let Some(Misread { word, what }) = misread {
        out.u64(word.map_or(0, |w| w as u64 + 1));
        out.str(what);
    }
}

fn take_witness(input: &mut Take<'_>) -> Option<Witness> {
    let start = match input.bool()? {
        true => {
            let mode = match input.bool()? {
                true => CastlingMode::Chess960,
                false => CastlingMode::Standard,
            };
            let fen = Fen::from_ascii(input.str()?.as_bytes()).ok()?;
            Some(Box::new(fen.into_position::<Chess>(mode).ok()?))
        }
        false => None,
    };
    let n = input.usize()?;
    let mut expected = Vec::with_capacity(n.min(input.0.len()));
    for _ in 0..n {
        expected.push(match input.byte()? {
            0 => {
                let facts = take_facts(input)?;
                let k = input.usize()?;
                let nags = (0..k).map(|_| input.byte()).collect::<Option<Vec<u8>>>()?;
                Expect::Move(facts, nags)
            }
            1 => Expect::Comment,
            2 => Expect::Open,
            3 => Expect::Close,
            _ => return None,
        });
    }
    let words = take_words(input)?;
    let misread = match input.bool()? {
        true => Some(Misread {
            word: match input.usize()? {
                0 => None,
                w => Some(w - 1),
            },
            what: input.str()?.to_owned(),
        }),
        false => None,
    };
    Some(Witness {
        start,
        expected,
        words,
        misread,
    })
}

/// A move's facts: its number, side, kind and check.
fn put_facts(facts: &MoveFacts, out: &mut Put<'_>) {
    let MoveFacts {
        number,
        color,
        kind,
        check,
    } = facts;
    out.u32(*number);
    out.bool(color.is_white());
    out.0.push(match check {
        Check::None => 0,
        Check::Single => 1,
        Check::Double => 2,
        Check::Mate => 3,
    });
    match *kind {
        MoveKind::Normal {
            role,
            from,
            to,
            capture,
            en_passant,
            promotion,
            disambiguation: Disambiguation { file, rank },
        } => {
            out.0
                .extend([0, u8::from(role), u8::from(from), u8::from(to)]);
            out.0.push(promotion.map_or(0, u8::from));
            for b in [capture, en_passant, file, rank] {
                out.bool(b);
            }
        }
        MoveKind::Castle(side) => out.0.extend([1, u8::from(side == CastlingSide::KingSide)]),
        MoveKind::Null => out.0.push(2),
    }
}

fn take_facts(input: &mut Take<'_>) -> Option<MoveFacts> {
    let number = input.u32()?;
    let color = Color::from_white(input.bool()?);
    let check = match input.byte()? {
        0 => Check::None,
        1 => Check::Single,
        2 => Check::Double,
        3 => Check::Mate,
        _ => return None,
    };
    let kind = match input.byte()? {
        0 => {
            let role = Role::try_from(input.byte()?).ok()?;
            let from = Square::try_from(input.byte()?).ok()?;
            let to = Square::try_from(input.byte()?).ok()?;
            let promotion = match input.byte()? {
                0 => None,
                r => Some(Role::try_from(r).ok()?),
            };
            MoveKind::Normal {
                role,
                from,
                to,
                promotion,
                capture: input.bool()?,
                en_passant: input.bool()?,
                disambiguation: Disambiguation {
                    file: input.bool()?,
                    rank: input.bool()?,
                },
            }
        }
        1 => MoveKind::Castle(match input.bool()? {
            true => CastlingSide::KingSide,
            false => CastlingSide::QueenSide,
        }),
        2 => MoveKind::Null,
        _ => return None,
    };
    Some(MoveFacts {
        number,
        color,
        kind,
        check,
    })
}

fn put_about(about: &About, out: &mut Put<'_>) {
    let About {
        number,
        location,
        tags,
        start_board,
    } = about;
    out.usize(*number);
    out.bool(location.is_some());
    if let Some(Location { file, line, column }) = location {
        out.str(file);
        out.u32(*line);
        out.u32(*column);
    }
    out.usize(tags.iter_at().count());
    for (name, value, at) in tags.iter_at() {
        out.str(name);
        out.str(value);
        put_pos(at, out);
    }
    out.bool(start_board.is_some());
    if let Some(board) = start_board {
        out.str(board);
    }
}

fn take_about(input: &mut Take<'_>) -> Option<About> {
    let number = input.usize()?;
    let location = match input.bool()? {
        true => Some(Location {
            file: input.str()?.to_owned(),
            line: input.u32()?,
            column: input.u32()?,
        }),
        false => None,
    };
    let n = input.usize()?;
    // (A tag takes three bytes at least.)
    let mut read = Vec::with_capacity(n.min(input.0.len() / 3));
    for _ in 0..n {
        read.push((input.str()?, input.str()?, take_pos(input)?));
    }
    let mut tags = Tags::with_capacity(n, read.iter().map(|(n, v, _)| n.len() + v.len()).sum());
    for (name, value, at) in read {
        tags.push_at(name, value, at);
    }
    let start_board = match input.bool()? {
        true => Some(input.str()?.to_owned()),
        false => None,
    };
    Some(About {
        number,
        location,
        tags,
        start_board,
    })
}

fn put_pos(at: Option<Pos>, out: &mut Put<'_>) {
    out.bool(at.is_some());
    if let Some(Pos { line, column }) = at {
        out.u32(line);
        out.u32(column);
    }
}

fn take_pos(input: &mut Take<'_>) -> Option<Option<Pos>> {
    Some(match input.bool()? {
        true => Some(Pos {
            line: input.u32()?,
            column: input.u32()?,
        }),
        false => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::{Block, Seam};

    fn at(line: u32) -> Location {
        Location {
            file: "sm.pgn".into(),
            line,
            column: 1,
        }
    }

    fn game(number: usize, warned: bool) -> Step {
        let mut tags = Tags::with_capacity(2, 16);
        tags.push_at("White", "Öberg", Some(Pos { line: 3, column: 9 }));
        tags.push_at("Round", "1.2", None);
        let translated = Translated {
            blocks: vec![Block::Seam(Seam::Block), Block::Blank],
            about: About {
                number,
                location: Some(at(number as u32 * 10)),
                tags,
                start_board: (number == 2).then(|| "8/8/8/8/8/8/8/K6k".into()),
            },
            dropped_nags: number,
            start_drawn: number == 2,
            diagrams_inside: 1,
            witness: None,
            heading: None,
        };
        let warnings = match warned {
            true => vec![Warning(Diagnostic::new(at(4), "a warning"))],
            false => Vec::new(),
        };
        Step::Game(translated, warnings)
    }

    /// What a step holds, as its debug form shows it (steps hold no equality of their own).
    fn shown(step: &Step) -> String {
        match step {
            Step::Game(t, w) => format!(
                "{:?} {:?} {} {} {} {:?}",
                t.blocks, t.about, t.dropped_nags, t.start_drawn, t.diagrams_inside, w
            ),
            Step::Bad(e, w) => format!("bad {e:?} {w:?}"),
            Step::Text(e) => format!("text {e:?}"),
        }
    }

    fn read_call(spool: &mut Translations) -> Vec<String> {
        let mut read = Vec::new();
        while let Some(step) = spool.next_step().expect("read") {
            read.push(shown(&step));
        }
        read
    }

    #[test]
    fn each_pass_reads_every_call_s_games_as_the_first_wrote_them() {
        let mut spool = Translations::new().expect("a file");
        let calls = [
            vec![game(1, false), game(2, true)],
            vec![
                Step::Text(Error::Input(Box::new(Diagnostic::new(at(20), "text")))),
                Step::Bad(
                    Error::Input(Box::new(Diagnostic::new(at(30), "illegal"))),
                    vec![Warning(Diagnostic::new(at(29), "before"))],
                ),
                game(3, false),
            ],
        ];
        let written: Vec<Vec<String>> = calls
            .iter()
            .map(|c| c.iter().map(shown).collect())
            .collect();
        for call in &calls {
            call.iter().for_each(|step| spool.record(step));
            spool.end_call();
        }
        spool.finish();
        assert!(spool.ready());
        for _pass in 0..2 {
            spool.start_pass().expect("rewound");
            for call in &written {
                assert_eq!(&read_call(&mut spool), call);
            }
        }
    }

    #[test]
    fn what_the_file_cannot_hold_turns_it_off() {
        // An error that is no input's.
        let mut spool = Translations::new().expect("a file");
        spool.record(&game(1, false));
        spool.record(&Step::Text(Error::Usage("no".into())));
        spool.finish();
        assert!(!spool.ready() && !spool.recording());
        // More games kept aside than it keeps.
        let mut spool = Translations::new().expect("a file");
        for n in 0..ASIDE {
            spool.record(&game(n, true));
        }
        assert!(spool.recording());
        spool.record(&game(ASIDE, true));
        assert!(!spool.recording());
        spool.finish();
        assert!(!spool.ready());
    }
}
