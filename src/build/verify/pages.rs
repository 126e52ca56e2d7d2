//! The pages read back a stretch at a time, as cells with their places, and a game's words looked for in them (`PageCells`, `find`).

use super::*;

/// The words of braille lines, from `from` (line, column) on: blank-separated, page numbers
/// left out. Read a line at a time, their cells in one piece (no room a line).
pub(super) struct PageCells {
    pub(super) from: (u32, u32),
    pub(super) cells: Vec<Cell>,
    pub(super) words: Vec<WordAt>,
    /// An empty line, or a page's end, stands between the next word and the one before.
    pub(super) apart: bool,
}

/// A word of [`PageCells`]: a [`PageWord`] with its cells as a place in them.
pub(super) struct WordAt {
    pub(super) start: u32,
    pub(super) end: u32,
    pub(super) line: u32,
    pub(super) column: u32,
    pub(super) page: u32,
    pub(super) ends_line: bool,
    pub(super) apart: bool,
}

impl PageCells {
    /// The words of `bytes` of braille from `from` on.
    pub(super) fn new(bytes: usize, from: (u32, u32)) -> PageCells {
        PageCells {
            from,
            // (A byte a cell, about; a word a few cells.)
            cells: Vec::with_capacity(bytes),
            words: Vec::with_capacity(bytes / 4 + 1),
            apart: true,
        }
    }

    /// The words read, their cells lent.
    pub(super) fn words(&self) -> Vec<PageWord<'_>> {
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
pub(super) fn find(source: &SourceGame, words: &[PageWord<'_>], last: bool) -> Found {
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
pub(super) fn page_start(bytes: &[u8], line: u32) -> usize {
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
