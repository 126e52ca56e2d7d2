//! Reading a braille file a stretch of lines at a time (issue 32: `read` held the whole file,
//! some 36 times its size): the lines of a stretch are read into games, the games that end
//! in it are written, and the last game, which may go on after the stretch, is read again
//! with the next stretch. Memory grows with the longest game, not with the file.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};

use super::cells::{Decoder, Detector, Encoding, Line, LineSink, Place};
use super::{ReadGame, diagram, games, text_of, words_of};
use crate::error::{Diagnostic, Error, Location, Result};
use crate::settings::{BrfTable, Notation};

/// The lines a stretch holds at first (a few hundred games of a bulletin). A game longer
/// than its stretch doubles it, up to [`MOST_LINES`].
pub(crate) const STRETCH_LINES: usize = 20_000;

/// The most lines one game (its heading, moves and comments) may run over.
pub(crate) const MOST_LINES: usize = 1 << 20;

/// What stays the same over a file's stretches.
pub(crate) struct Reading<'a> {
    pub name: &'a str,
    pub notation: Notation,
    pub keep_going: bool,
    /// The longest line of the file: the line length it was laid out in.
    pub width: usize,
    /// The file is a bulletin of ours (a contents list and an index of players in it): known
    /// from the whole file (`None`: from the stretch, which is the whole file).
    pub bulletin: Option<bool>,
}

/// What a stretch leaves to the next of what it read before the line it goes on at.
#[derive(Default)]
pub(crate) struct Carried {
    /// A contents list's heading with no game after it yet: the next game's heading leaves
    /// out the pages before its own (a bulletin's contents list, longer than a stretch).
    contents: bool,
}

/// Where the reading goes on after a stretch.
pub(crate) enum Resume {
    /// The file has ended.
    End,
    /// At this line: what stands before it was read whole.
    At(u32),
    /// Nothing in the stretch is known to be whole: read it again with more lines.
    Grow,
}

/// The games of the stretch `lines` that end in it, to `emit` in order; `last`: the file ends
/// with them. A diagram that is no position (with `keep_going` false) goes to `problem`, the
/// first only: it is the error when no game has one.
pub(crate) fn stretch(
    reading: &Reading<'_>,
    lines: &[Line],
    last: bool,
    carried: &mut Carried,
    problem: &mut Option<Error>,
    emit: &mut dyn FnMut(ReadGame) -> Result<()>,
) -> Result<Resume> {
    let name = reading.name;
    // Diagrams first: their lines are no game's words and no heading's text.
    let (diagrams, taken) = diagram::diagrams(lines);
    let (words, headings) = words_of(lines, &taken, reading.width);
    let bulletin = reading
        .bulletin
        .unwrap_or_else(|| games::is_bulletin(headings.iter().map(|h| h.cells)));
    // (Read on after a game's error: whether it ends the reading is decided below, where
    // the games that end in this stretch are known.)
    let found = games::games(
        name,
        reading.notation,
        &words,
        &headings,
        &diagrams,
        true,
        bulletin,
        carried.contents,
    )?;
    let first = lines.first().map_or(0, |l| l.number);
    let resume = match last {
        true => Resume::End,
        false => match found.last {
            Some((_, from)) if from > first => {
                carried.contents = false;
                Resume::At(from)
            }
            Some(_) => return Ok(Resume::Grow),
            // No game: see `without_games`. (A contents list's heading is carried.)
            None => match without_games(lines, diagrams.last().map(|d| d.line)) {
                Some(at) => {
                    carried.contents |= headings
                        .iter()
                        .any(|h| h.line < at && games::bulletin_marks(h.cells).0);
                    Resume::At(at)
                }
                None => return Ok(Resume::Grow),
            },
        },
    };
    let whole = |line: u32| match resume {
        Resume::At(at) => line < at,
        _ => true,
    };
    let mut games: Vec<ReadGame> = found.games.into_iter().filter(|g| whole(g.line)).collect();
    if !reading.keep_going
        && let Some(e) = games.iter_mut().find_map(|g| g.error.take())
    {
        return Err(e);
    }
    // The diagrams no game started from are positions of their own; one that names a square
    // twice is an error (its position as written is none).
    for (k, d) in diagrams.into_iter().enumerate() {
        if found.started.contains(&k) || !whole(d.line) {
            continue;
        }
        let error = d.problem.map(|p| {
            let at = Location {
                file: name.to_owned(),
                line: d.line,
                column: 1,
            };
            Error::from(Diagnostic::new(at, format!("a diagram with {p}")))
        });
        let error = match (error, reading.keep_going) {
            (Some(e), false) => {
                problem.get_or_insert(e);
                continue;
            }
            (error, _) => error,
        };
        games.push(ReadGame {
            line: d.line,
            start: Some(d.fen),
            error,
            ..ReadGame::default()
        });
    }
    games.sort_by_key(|g| g.line);
    for game in studies_merged(games) {
        emit(game)?;
    }
    Ok(resume)
}

/// Where a stretch in which no game was read from its moves ends: at its last page (a title
/// page is read whole), or in a file of one page at its last diagram (`last_diagram`: a game
/// may begin from it), its last empty line, or its last line. `None`: at none after its
/// first line. (Text before it is a heading only for a game within the stretch's length.)
fn without_games(lines: &[Line], last_diagram: Option<u32>) -> Option<u32> {
    let first = lines.first().map_or(0, |l| l.number);
    let page = lines.last().map_or(0, |l| l.page);
    let page = lines
        .iter()
        .find(|l| l.page == page)
        .map(|l| l.number)
        .filter(|&at| at > first);
    let empty = lines
        .iter()
        .rev()
        .find(|l| l.cells.iter().all(|c| c.is_blank()))
        .map(|l| l.number);
    page.or_else(|| {
        last_diagram
            .max(empty)
            .filter(|&at| at > first)
            .or_else(|| lines.last().map(|l| l.number).filter(|&at| at > first))
    })
}

/// `games` (in order) with each game from a position with no moves made one: a study (its
/// heading, then its diagram) reads as a diagram of its own and then a heading with no moves
/// (which stands before the next game's moves).
fn studies_merged(games: Vec<ReadGame>) -> Vec<ReadGame> {
    let mut out: Vec<ReadGame> = Vec::with_capacity(games.len());
    for b in games {
        let heading = b.start.is_none() && b.items.is_empty() && !b.heading.is_empty();
        match out.last_mut() {
            // (A position merged has a heading: it takes no second.)
            Some(a)
                if a.start.is_some()
                    && a.items.is_empty()
                    && a.heading.is_empty()
                    && heading
                    && a.error.is_none()
                    && b.error.is_none() =>
            {
                a.heading = b.heading;
                a.result = b.result;
            }
            _ => out.push(b),
        }
    }
    out
}

/// The bytes of a braille file, read once a pass.
pub(crate) enum Source<'a> {
    Bytes(&'a [u8]),
    /// A file's first `len` bytes (a file that can be read again from its start: the input
    /// itself, or standard input copied to a temporary file).
    File(&'a File, u64),
}

impl Source<'_> {
    /// Each stretch of the bytes, from the first, to `each`.
    pub(crate) fn each(&self, name: &str, each: &mut dyn FnMut(&[u8]) -> Result<()>) -> Result<()> {
        match self {
            Source::Bytes(bytes) => {
                for chunk in bytes.chunks(CHUNK) {
                    each(chunk)?;
                }
                Ok(())
            }
            Source::File(file, len) => {
                let mut file = *file;
                file.seek(SeekFrom::Start(0))
                    .map_err(|e| Error::io(name, e))?;
                let mut left = *len;
                let mut chunk = vec![0u8; CHUNK];
                while left > 0 {
                    let want = chunk.len().min(usize::try_from(left).unwrap_or(usize::MAX));
                    let n = match file.read(&mut chunk[..want]) {
                        Ok(0) => {
                            let e = std::io::Error::new(
                                std::io::ErrorKind::UnexpectedEof,
                                "the file grew shorter while it was read",
                            );
                            return Err(Error::io(name, e));
                        }
                        Ok(n) => n,
                        Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                        Err(e) => return Err(Error::io(name, e)),
                    };
                    each(&chunk[..n])?;
                    left -= n as u64;
                }
                Ok(())
            }
        }
    }
}

impl Source<'_> {
    /// The first `n` bytes (fewer in a shorter source), read alone.
    pub(crate) fn head(&self, name: &str, n: usize) -> Result<Vec<u8>> {
        match self {
            Source::Bytes(bytes) => Ok(bytes[..bytes.len().min(n)].to_vec()),
            Source::File(file, len) => {
                let mut file = *file;
                let mut head = Vec::with_capacity(n);
                file.seek(SeekFrom::Start(0))
                    .and_then(|_| file.take((*len).min(n as u64)).read_to_end(&mut head))
                    .map_err(|e| Error::io(name, e))?;
                Ok(head)
            }
        }
    }
}

const CHUNK: usize = 64 * 1024;

/// The encoding of a source's bytes ([`Detector`]).
pub(crate) fn encoding(name: &str, source: &Source<'_>, table: BrfTable) -> Result<Encoding> {
    let mut detector = Detector::default();
    source.each(name, &mut |chunk| {
        detector.feed(chunk);
        Ok(())
    })?;
    Ok(detector.finish(table))
}

/// What the first pass learns of a file's lines: the longest, and whether it has a contents
/// list's heading and an index of players' (a bulletin of ours).
#[derive(Default)]
struct Measure {
    width: usize,
    contents: bool,
    index: bool,
}

impl LineSink for Measure {
    fn line(&mut self, _: Place, cells: &[crate::braille::Cell]) {
        self.width = self.width.max(cells.len());
        let (contents, index) = games::bulletin_marks(text_of(cells));
        self.contents |= contents;
        self.index |= index;
    }
}

/// The games of the braille `source` (in `encoding`), in order, to `emit`, read a stretch of
/// about `lines` lines at a time. With `keep_going`, a game that cannot be read to its end
/// is emitted with its error and the reading goes on; without, the first error ends it.
/// Returns how many games were emitted.
#[allow(clippy::too_many_arguments)]
pub(crate) fn read(
    name: &str,
    source: &Source<'_>,
    encoding: Encoding,
    table: BrfTable,
    notation: Notation,
    keep_going: bool,
    lines: usize,
    emit: &mut dyn FnMut(ReadGame) -> Result<()>,
) -> Result<usize> {
    // The first pass: the cells are read (a byte that is none is an error before any game),
    // the longest line and the bulletin's headings found.
    let mut measure = Measure::default();
    let mut decoder = Decoder::new(name, encoding, table);
    source.each(name, &mut |chunk| decoder.feed(chunk, &mut measure))?;
    decoder.finish(&mut measure);
    let reading = Reading {
        name,
        notation,
        keep_going,
        width: measure.width,
        bulletin: Some(measure.contents && measure.index),
    };
    // The second: the games, a stretch at a time.
    let mut emitted = 0;
    let mut problem = None;
    let mut carried = Carried::default();
    let mut held: Vec<Line> = Vec::new();
    let mut want = lines.max(1);
    let mut emit = |game: ReadGame| {
        emitted += 1;
        emit(game)
    };
    let mut run = |held: &mut Vec<Line>, want: &mut usize, last: bool| -> Result<()> {
        while held.len() >= *want || (last && !held.is_empty()) {
            match stretch(&reading, held, last, &mut carried, &mut problem, &mut emit)? {
                Resume::End => held.clear(),
                Resume::At(at) => {
                    let k = held.partition_point(|l| l.number < at);
                    held.drain(..k);
                    *want = lines.max(1).max(held.len() + lines.max(1) / 2);
                }
                Resume::Grow if held.len() >= MOST_LINES => {
                    let at = Location {
                        file: name.to_owned(),
                        line: held[0].number,
                        column: 1,
                    };
                    let message = format!(
                        "a game runs over more than {MOST_LINES} lines from here, the most \
                         `read` takes for one game"
                    );
                    return Err(Diagnostic::new(at, message).into());
                }
                Resume::Grow => {
                    *want = (held.len() * 2).min(MOST_LINES);
                    if !last {
                        return Ok(());
                    }
                }
            }
        }
        Ok(())
    };
    let mut decoder = Decoder::new(name, encoding, table);
    source.each(name, &mut |chunk| {
        decoder.feed(chunk, &mut held)?;
        run(&mut held, &mut want, false)
    })?;
    decoder.finish(&mut held);
    run(&mut held, &mut want, true)?;
    match problem {
        Some(e) => Err(e),
        None => Ok(emitted),
    }
}

/// A braille input opened to be read in passes: the file itself, or (standard input, a pipe,
/// a device) its bytes copied to an unnamed temporary file; a PEF's rows as Unicode braille,
/// in another such file.
pub(crate) struct Opened {
    file: File,
    len: u64,
}

impl Opened {
    pub(crate) fn source(&self) -> Source<'_> {
        Source::File(&self.file, self.len)
    }
}

/// The most bytes `read` copies from a stream (a file it reads where it is).
const MOST_COPIED: u64 = 1 << 30;

/// The same, in the words of a message.
const MOST_COPIED_TEXT: &str = "1 GB";

/// Opens the braille `input` (`-`: standard input), named `name` in messages.
pub(crate) fn open(input: &std::path::Path, name: &str) -> Result<Opened> {
    let err = |e| Error::io(name, e);
    let opened = match input.as_os_str() == "-" {
        true => copied(name, std::io::stdin().lock())?,
        false => {
            let file = File::open(input).map_err(err)?;
            let meta = file.metadata().map_err(err)?;
            match meta.is_file() {
                true => Opened {
                    file,
                    len: meta.len(),
                },
                false => copied(name, file)?,
            }
        }
    };
    pef_rows(name, opened)
}

/// A stream's bytes in an unnamed temporary file (the system removes it however the program
/// ends), up to the end of the first stretch that holds a NUL byte, which no braille holds
/// (its error is found there, and an endless device, `/dev/zero`, is not copied for ever).
fn copied(name: &str, mut from: impl Read) -> Result<Opened> {
    let err = |e| Error::io(name, e);
    let mut file = temporary(name)?;
    let mut chunk = vec![0u8; CHUNK];
    let mut len = 0u64;
    loop {
        let n = match from.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(err(e)),
        };
        std::io::Write::write_all(&mut file, &chunk[..n]).map_err(err)?;
        len += n as u64;
        if chunk[..n].contains(&0) {
            break;
        }
        // (Issue 32: `yes | schackpunkt read -` grew until an allocation failed.)
        if len > MOST_COPIED {
            let at = Location {
                file: name.to_owned(),
                line: 1,
                column: 1,
            };
            let message = format!(
                "this braille is longer than {MOST_COPIED_TEXT}, the most `read` copies from a \
                 stream"
            );
            let d = Diagnostic::new(at, message).with_hint("save it to a file and read that");
            return Err(d.into());
        }
    }
    Ok(Opened { file, len })
}

fn temporary(name: &str) -> Result<File> {
    tempfile::tempfile().map_err(|e| {
        Error::io(
            name,
            std::io::Error::new(e.kind(), format!("cannot make a temporary file: {e}")),
        )
    })
}

/// A PEF's rows as Unicode braille (see [`super::cells::pef_text`]), or the input as it is.
fn pef_rows(name: &str, opened: Opened) -> Result<Opened> {
    use super::cells::{PefKind, pef_kind};
    let source = opened.source();
    match pef_kind(&source.head(name, HEAD)?) {
        PefKind::None => return Ok(opened),
        PefKind::Pef => {}
        // (Decoded whole, within the cap of text held whole.)
        PefKind::Utf16 => {
            if opened.len > crate::source::MAX_HELD as u64 {
                let at = Location {
                    file: name.to_owned(),
                    line: 1,
                    column: 1,
                };
                let message = format!(
                    "this PEF in UTF-16 is longer than {}, the most `read` takes in UTF-16",
                    crate::source::MAX_HELD_TEXT
                );
                return Err(Diagnostic::new(at, message)
                    .with_hint("save it in UTF-8")
                    .into());
            }
            let mut bytes = Vec::new();
            source.each(name, &mut |chunk| {
                bytes.extend_from_slice(chunk);
                Ok(())
            })?;
            let text = match super::cells::pef_text(name, &bytes) {
                Some(text) => text?,
                None => return Ok(opened),
            };
            let mut file = temporary(name)?;
            std::io::Write::write_all(&mut file, text.as_bytes())
                .map_err(|e| Error::io(name, e))?;
            let len = text.len() as u64;
            return Ok(Opened { file, len });
        }
        // XML by its first bytes: a PEF if its root is further on, else no braille at all.
        PefKind::Xml => {
            let mut found = false;
            let mut tail: Vec<u8> = Vec::new();
            source.each(name, &mut |chunk| {
                if !found {
                    tail.extend_from_slice(chunk);
                    found = tail.windows(4).any(|w| w == b"<pef");
                    tail.drain(..tail.len().saturating_sub(3));
                }
                Ok(())
            })?;
            if !found {
                return Err(super::cells::no_pef(name));
            }
        }
    }
    // The rows, read as the XML comes, written as they are read.
    let mut file = std::io::BufWriter::new(temporary(name)?);
    let mut len = 0u64;
    let mut input = &opened.file;
    input
        .seek(SeekFrom::Start(0))
        .map_err(|e| Error::io(name, e))?;
    let reader = std::io::BufReader::new(input.take(opened.len));
    let mut put = |text: &str| {
        len += text.len() as u64;
        std::io::Write::write_all(&mut file, text.as_bytes()).map_err(|e| Error::io(name, e))
    };
    match super::cells::pef_events(quick_xml::Reader::from_reader(reader), &mut put) {
        Ok(()) => {}
        Err(super::cells::Stop::Out(e)) => return Err(e),
        Err(super::cells::Stop::Xml(at, e)) => {
            // The line of the byte it broke at.
            let mut line = 1;
            let mut left = at;
            Source::File(&opened.file, opened.len.min(at)).each(name, &mut |chunk| {
                let n = chunk.len().min(usize::try_from(left).unwrap_or(usize::MAX));
                line += chunk[..n].iter().filter(|&&b| b == b'\n').count();
                left -= n as u64;
                Ok(())
            })?;
            return Err(super::cells::not_well_formed(name, line, &e));
        }
    }
    let file = file
        .into_inner()
        .map_err(|e| Error::io(name, e.into_error()))?;
    Ok(Opened { file, len })
}

/// The bytes a PEF is known by (see [`super::cells::pef_kind`]).
const HEAD: usize = 4096;

#[cfg(test)]
mod tests {
    use super::*;

    /// A stretch that begins on a page of a bulletin's contents list, after its heading:
    /// with the heading carried, the entries on the pages before the first game's are no
    /// part of its heading (nor games without moves of their own); without, they would be.
    #[test]
    fn a_contents_list_longer_than_a_stretch_is_carried_to_the_next() {
        let text = |s: &str| crate::text_to_unicode(s);
        let page = |lines: &[String]| lines.join("\n") + "\n\x0c";
        let contents = page(&[text("Innehåll"), String::new(), text("Rond 1")]);
        let entries = page(&[
            format!("⠀⠀{}", text("Bord 1: Adam – Bertil, 1-0")),
            format!("⠀⠀{}", text("Bord 2: Cesar – David, 0-1")),
            text("Rond 2"),
            format!("⠀⠀{}", text("Bord 1: Erik – Filip, remi")),
            format!("⠀⠀{}", text("Bord 2: Gustav – Helge, 1-0")),
        ]);
        let games = page(&[
            text("Rond 1"),
            String::new(),
            text("Bord 1: Adam – Bertil, 1-0"),
            "⠂⠀⠑⠲⠀⠑⠢⠀⠆⠀⠎⠋⠒⠀⠎⠉⠖⠄".to_owned(),
            String::new(),
            text("Bord 2: Cesar – David, 0-1"),
            "⠂⠀⠙⠲⠀⠙⠢⠄".to_owned(),
        ]);
        let braille = format!("{contents}{entries}{games}");
        let lines = super::super::cells::lines("t.txt", braille.as_bytes(), BrfTable::Nabcc)
            .expect("braille");
        let width = lines.iter().map(|l| l.cells.len()).max().unwrap_or(0);
        let reading = Reading {
            name: "t.txt",
            notation: Notation::Compact,
            keep_going: false,
            width,
            bulletin: Some(true),
        };
        let read = |lines: &[Line], contents: bool| {
            let mut carried = Carried { contents };
            let mut games = Vec::new();
            stretch(&reading, lines, true, &mut carried, &mut None, &mut |g| {
                games.push(g);
                Ok(())
            })
            .expect("read");
            super::super::to_pgn(&games)
        };
        let whole = read(&lines, false);
        assert!(whole.contains("[White \"Adam\"]") && whole.contains("[White \"Cesar\"]"));
        assert_eq!(whole.matches("[White ").count(), 2, "{whole}");
        // The stretch from the contents list's second page.
        let from = lines.iter().position(|l| l.page == 2).expect("page 2");
        assert_eq!(read(&lines[from..], true), whole);
        assert_ne!(read(&lines[from..], false), whole);
    }
}
