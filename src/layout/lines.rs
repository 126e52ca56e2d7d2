//! Line filling: words into lines of a fixed width, breaking only at breakable blanks.

use std::ops::Deref;

use crate::braille::tables::binds_to_next;
use crate::braille::{Cell, Paragraph, Word};

/// The lines made from a block. Kept by the layout from block to block with their buffers: a
/// line is copied into a buffer that held a line before (a `Vec` a line cost an allocation and
/// its growth at every line of the output).
#[derive(Debug, Default)]
pub(crate) struct Lines {
    bufs: Vec<Vec<Cell>>,
    /// How many of `bufs` hold lines of this block.
    len: usize,
    /// The start of the line being filled (kept for its buffer too).
    line: Vec<Cell>,
}

impl Lines {
    /// No lines (the buffers stay).
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends an empty line and gives it to be written.
    pub fn new_line(&mut self) -> &mut Vec<Cell> {
        if self.len == self.bufs.len() {
            self.bufs.push(Vec::new());
        }
        let line = &mut self.bufs[self.len];
        line.clear();
        self.len += 1;
        line
    }

    /// Appends a line of these cells.
    pub fn push(&mut self, cells: &[Cell]) {
        self.new_line().extend_from_slice(cells);
    }

    fn last_mut(&mut self) -> Option<&mut Vec<Cell>> {
        let i = self.len.checked_sub(1)?;
        self.bufs.get_mut(i)
    }
}

impl Deref for Lines {
    type Target = [Vec<Cell>];

    fn deref(&self) -> &[Vec<Cell>] {
        &self.bufs[..self.len]
    }
}

/// [`fill_lines`] into a vector of lines (for tests that look at the lines of a block).
#[cfg(test)]
pub(crate) fn fill(p: &mut Paragraph, width: usize, out: &mut Vec<Vec<Cell>>) {
    let mut lines = Lines::default();
    fill_lines(p, width, &mut lines);
    out.extend(lines.iter().cloned());
}

/// Fills a paragraph into lines no longer than `width` cells, appending them to `lines`.
///
/// Greedy: each line takes as many words as fit. Glued words (a move number and its move, a
/// move and a sign after a blank) move to the next line together; a glued group longer than a
/// line breaks at its glued blanks after all, but not inside a bound run (a move number and its
/// move) that fits a line, and only a word longer than a whole line is cut:
/// after `/ . @ - _` where one falls on the line, else where the line ends, never with a hyphen
/// added (a hyphen would read as part of an address).
pub(crate) fn fill_lines(p: &mut Paragraph, width: usize, lines: &mut Lines) {
    p.end_word();
    let p = &*p;
    let words = p.finished_words();
    let mut line = std::mem::take(&mut lines.line);
    line.clear();
    start_line(p, width, &mut line, true);
    // `line` holds the line's start; whole groups that fit after it are only noted in `span`
    // and copied when the line is done (a copy a word was most of the layout's time). `len` is
    // the line's length with the span.
    let mut span: Option<Span> = None;
    let mut len = line.len();
    let mut line_has_words = false;
    let mut i = 0;
    while i < words.len() {
        // The whole glued groups from word i on that fit on the line. Words stand one blank
        // apart in the paragraph as on a line, so where a word ends tells whether it fits.
        let base = len + usize::from(line_has_words);
        let start = words[i].start as usize;
        let mut fit = None;
        let mut all_fit = true;
        for (k, w) in (i..).zip(&words[i..]) {
            if base + (w.end as usize - start) > width {
                all_fit = false;
                break;
            }
            if !w.glued {
                fit = Some(k);
            }
        }
        // The last word ends its group, glued or not.
        if all_fit {
            fit = Some(words.len() - 1);
        }
        if let Some(j) = fit {
            match &mut span {
                Some(span) => span.last = words[j],
                None => {
                    span = Some(Span {
                        blank: line_has_words,
                        first: words[i],
                        last: words[j],
                    })
                }
            }
            len = base + (words[j].end as usize - start);
            line_has_words = true;
            i = j + 1;
            continue;
        }
        // The glued group starting at word i does not fit.
        let mut j = i;
        while words[j].glued && j + 1 < words.len() {
            j += 1;
        }
        let group_len = (words[j].end - words[i].start) as usize;
        if line_has_words && p.rest_indent + group_len <= width {
            // The group fits on a fresh line.
            let done = lines.new_line();
            done.extend_from_slice(&line);
            put_span(p, span.take(), done);
            start_line(p, width, &mut line, false);
            len = line.len();
            line_has_words = false;
            continue;
        }
        // The group is longer than a line: place it on the line itself a bound run at a time
        // (a move number with its move: a number never ends a line), the words of a run
        // longer than a line one by one.
        put_span(p, span.take(), &mut line);
        i = long_group(p, width, i, &mut line, &mut line_has_words, lines);
        len = line.len();
    }
    if line_has_words {
        let done = lines.new_line();
        done.extend_from_slice(&line);
        put_span(p, span, done);
    }
    place_trailer(&p.trailer, width, lines);
    lines.line = line;
}

/// Starts a line of paragraph `p` (its `first` or a later one): its indent, short of the
/// whole width.
#[inline]
fn start_line(p: &Paragraph, width: usize, line: &mut Vec<Cell>, first: bool) {
    let indent = if first { p.first_indent } else { p.rest_indent };
    line.clear();
    line.resize(indent.min(width.saturating_sub(1)), Cell::BLANK);
}

/// [`fill_lines`] for a glued group from word `i` on that is longer than a line: placed on
/// the line itself a bound run at a time (a move number with its move: a number never ends a
/// line), the words of a run longer than a line one by one. The word to go on from. (Rare:
/// kept out of the loop of [`fill_lines`].)
#[inline(never)]
fn long_group(
    p: &Paragraph,
    width: usize,
    i: usize,
    line: &mut Vec<Cell>,
    line_has_words: &mut bool,
    lines: &mut Lines,
) -> usize {
    let words = p.finished_words();
    let mut k = i;
    while words[k].bound && k + 1 < words.len() {
        k += 1;
    }
    if k > i {
        let run = (words[k].end - words[i].start) as usize;
        if line.len() + usize::from(*line_has_words) + run <= width {
            let span = Span {
                blank: *line_has_words,
                first: words[i],
                last: words[k],
            };
            put_span(p, Some(span), line);
            *line_has_words = true;
            return k + 1;
        }
        if *line_has_words && p.rest_indent + run <= width {
            lines.push(line);
            start_line(p, width, line, false);
            *line_has_words = false;
            return i;
        }
    }
    let w = words[i];
    let wl = len_of(w);
    let sep = usize::from(*line_has_words);
    if line.len() + sep + wl <= width {
        if *line_has_words {
            line.push(Cell::BLANK);
        }
        line.extend_from_slice(p.word_cells(w));
        *line_has_words = true;
        i + 1
    } else if *line_has_words {
        lines.push(line);
        start_line(p, width, line, false);
        *line_has_words = false;
        i
    } else if wl <= width {
        // A word that fits a line but not after the indent: the indent gives way, since
        // only a word longer than a whole line may be cut.
        line.truncate(width - wl);
        line.extend_from_slice(p.word_cells(w));
        *line_has_words = true;
        i + 1
    } else {
        // A word longer than the whole line: cut it. The line holds only its indent here.
        let cells = p.word_cells(w).to_vec();
        cut_word(&cells, &p.cut_points(w), width, p.rest_indent, line, lines);
        *line_has_words = line.len() > p.rest_indent.min(width.saturating_sub(1));
        i + 1
    }
}

/// Words of a paragraph placed on a line and not yet copied into it: from `first` to `last`,
/// after a blank when the line has words before them.
#[derive(Copy, Clone)]
struct Span {
    blank: bool,
    first: Word,
    last: Word,
}

/// Copies a span's cells (with the blanks between its words) to the end of `line`.
fn put_span(p: &Paragraph, span: Option<Span>, line: &mut Vec<Cell>) {
    if let Some(span) = span {
        if span.blank {
            line.push(Cell::BLANK);
        }
        line.extend_from_slice(p.span_cells(span.first, span.last));
    }
}

/// Right-aligns `trailer` at the end of the last line when it fits there after a blank, else
/// on a line of its own.
fn place_trailer(trailer: &[Cell], width: usize, lines: &mut Lines) {
    if trailer.is_empty() {
        return;
    }
    let trailer = &trailer[..trailer.len().min(width)];
    let fits = lines
        .last()
        .is_some_and(|l| l.len() + 1 + trailer.len() <= width);
    if !fits {
        lines.new_line();
    }
    if let Some(last) = lines.last_mut() {
        last.resize(width - trailer.len(), Cell::BLANK);
        last.extend_from_slice(trailer);
    }
}

/// Writes a word longer than a line from where the line stands: each piece as long as the
/// line allows, cut at the last cut point that falls on it (else at the line's end); the
/// pieces after the first start at `indent`. An indent that leaves no room gives way. `cuts`
/// ascend.
fn cut_word(
    cells: &[Cell],
    cuts: &[usize],
    width: usize,
    indent: usize,
    line: &mut Vec<Cell>,
    lines: &mut Lines,
) {
    let mut start = 0;
    loop {
        if line.len() >= width {
            line.truncate(width.saturating_sub(1));
        }
        let room = width.saturating_sub(line.len()).max(1);
        if cells.len() - start <= room {
            line.extend_from_slice(&cells[start..]);
            return;
        }
        // The last cut on the line (`cuts` ascend: found by halving, not by a walk over all
        // of them for each line, which made a 1 MB word of cuts quadratic; issue 32).
        let mut end = cuts
            .get(..cuts.partition_point(|&c| c <= start + room))
            .and_then(<[usize]>::last)
            .copied()
            .filter(|&c| c > start)
            .unwrap_or(start + room);
        // Not right after a sign that belongs to the next cell (a capital or number sign).
        while end > start + 1 && binds_to_next(cells[end - 1]) {
            end -= 1;
        }
        line.extend_from_slice(&cells[start..end]);
        lines.push(line);
        line.clear();
        line.resize(indent.min(width.saturating_sub(1)), Cell::BLANK);
        start = end;
    }
}

fn len_of(w: Word) -> usize {
    (w.end - w.start) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::cell::to_unicode_string;

    fn word(p: &mut Paragraph, n: usize, glued: bool) {
        p.push(&vec![Cell::dots("1"); n]);
        if glued {
            p.end_word_glued()
        } else {
            p.end_word()
        }
    }

    fn filled(p: &mut Paragraph, width: usize) -> Vec<String> {
        let mut lines = Vec::new();
        fill(p, width, &mut lines);
        lines.iter().map(|l| to_unicode_string(l)).collect()
    }

    #[test]
    fn greedy_breaks_at_blanks() {
        let mut p = Paragraph::new(0, 2);
        for n in [3, 3, 3, 3] {
            word(&mut p, n, false);
        }
        assert_eq!(filled(&mut p, 8), vec!["⠁⠁⠁⠀⠁⠁⠁", "⠀⠀⠁⠁⠁", "⠀⠀⠁⠁⠁"]);
    }

    #[test]
    fn glued_words_move_together() {
        let mut p = Paragraph::new(0, 0);
        word(&mut p, 5, false);
        word(&mut p, 2, true);
        word(&mut p, 3, false);
        // 5 + 1 + 2 fits in 8 but the 2 is glued to the 3: both go to the next line.
        assert_eq!(filled(&mut p, 8), vec!["⠁⠁⠁⠁⠁", "⠁⠁⠀⠁⠁⠁"]);
    }

    #[test]
    fn a_glued_group_longer_than_a_line_breaks_outside_its_bound_runs() {
        // `⠂⠂` (a number) bound to its move, the move glued to three signs: the group
        // (2+1+3+1+4+1+4+1+4 = 21 cells) is longer than a line of 11. After the first word the number
        // would fit but not its move: both go to the next line; the signs break where they
        // must.
        let group = |p: &mut Paragraph, bound: bool| {
            word(p, 5, false);
            p.push(&[Cell::dots("2"); 2]);
            if bound {
                p.end_word_bound();
            } else {
                p.end_word_glued();
            }
            word(p, 3, true);
            word(p, 4, true);
            word(p, 4, true);
            word(p, 4, false);
        };
        let mut p = Paragraph::new(0, 0);
        group(&mut p, true);
        assert_eq!(
            filled(&mut p, 11),
            vec!["⠁⠁⠁⠁⠁", "⠂⠂⠀⠁⠁⠁⠀⠁⠁⠁⠁", "⠁⠁⠁⠁⠀⠁⠁⠁⠁"]
        );
        // Merely glued, the number ended the first line.
        let mut p = Paragraph::new(0, 0);
        group(&mut p, false);
        assert_eq!(filled(&mut p, 11)[0], "⠁⠁⠁⠁⠁⠀⠂⠂");
    }

    #[test]
    fn indent_gives_way_to_a_word_as_long_as_the_line() {
        let mut p = Paragraph::new(2, 2);
        word(&mut p, 5, false);
        word(&mut p, 3, false);
        assert_eq!(filled(&mut p, 6), vec!["⠀⠁⠁⠁⠁⠁", "⠀⠀⠁⠁⠁"]);
    }

    #[test]
    fn a_cut_never_leaves_a_capital_or_number_sign_at_a_lines_end() {
        // A name of capitals and small letters, longer than the line: the cut moves back
        // before the capital sign that would end the line.
        let mut p = Paragraph::new(0, 0);
        let mut cells = vec![Cell::dots("1"); 11];
        cells.push(Cell::dots("6"));
        cells.extend(vec![Cell::dots("12"); 6]);
        p.push(&cells);
        p.end_word();
        assert_eq!(filled(&mut p, 12), vec!["⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁", "⠠⠃⠃⠃⠃⠃⠃"]);
    }

    #[test]
    fn long_word_is_cut_at_the_line_end_without_a_hyphen() {
        let mut p = Paragraph::new(0, 0);
        word(&mut p, 10, false);
        assert_eq!(filled(&mut p, 4), vec!["⠁⠁⠁⠁", "⠁⠁⠁⠁", "⠁⠁"]);
    }

    #[test]
    fn a_long_address_is_cut_after_a_slash_or_a_period_where_one_fits() {
        // www.example.org/schack/partier on lines of 12: each line as full as a cut point
        // allows; the last piece is what is left.
        let mut cells = Vec::new();
        let mut unmapped = Vec::new();
        crate::braille::text::translate(
            "www.example.org/schack/partier",
            &mut cells,
            &mut unmapped,
        );
        let mut p = Paragraph::new(0, 0);
        p.push_text(&cells);
        let lines = filled(&mut p, 12);
        let text = |s: &str| {
            let mut c = Vec::new();
            crate::braille::text::translate(s, &mut c, &mut Vec::new());
            to_unicode_string(&c)
        };
        assert_eq!(
            lines,
            vec![text("www.example."), text("org/schack/"), text("partier")]
        );
    }

    #[test]
    fn a_word_of_many_cut_points_is_cut_at_the_last_on_each_line() {
        // `ab_` 20 000 times, one word (a walk over all its cut points for each line was
        // quadratic): on lines of 10, three groups a line, each line ending after an `_`; on
        // lines of 2, no cut point falls on a line: cut where each line ends.
        let text = |s: &str| {
            let mut c = Vec::new();
            crate::braille::text::translate(s, &mut c, &mut Vec::new());
            c
        };
        let group = text("ab_");
        let mut p = Paragraph::new(0, 0);
        p.push_text(&text(&"ab_".repeat(20_000)));
        let lines = filled(&mut p, 3 * group.len() + 1);
        let whole = to_unicode_string(&group.repeat(3));
        assert_eq!(lines.len(), 20_000 / 3 + 1);
        assert!(lines[..lines.len() - 1].iter().all(|l| *l == whole));
        assert_eq!(lines[lines.len() - 1], to_unicode_string(&group.repeat(2)));
        let mut p = Paragraph::new(0, 0);
        p.push_text(&text(&"ab_".repeat(20_000)));
        let lines = filled(&mut p, 2);
        assert_eq!(lines.len(), (20_000 * group.len()).div_ceil(2));
    }

    #[test]
    fn an_indent_of_the_whole_line_gives_way_to_a_cut_word() {
        // Five quotes deep on a line of 12: the indent leaves one cell, no room for a cell
        // and the hyphen.
        for (first, rest) in [(11, 11), (12, 10), (10, 11), (30, 30)] {
            let mut p = Paragraph::new(first, rest);
            word(&mut p, 30, false);
            let mut lines = Vec::new();
            fill(&mut p, 12, &mut lines);
            assert!(
                lines.iter().all(|l| l.len() <= 12),
                "{first}, {rest}: {lines:?}"
            );
            let cells: usize = lines
                .iter()
                .map(|l| l.iter().filter(|c| !c.is_blank()).count())
                .sum();
            assert_eq!(cells, 30, "{first}, {rest}: {lines:?}");
        }
    }

    #[test]
    fn no_line_exceeds_width() {
        for width in 4..20 {
            let mut p = Paragraph::new(2, 2);
            for k in 0..40 {
                word(&mut p, 1 + (k * 7) % 9, k % 3 == 0);
            }
            let mut lines = Vec::new();
            fill(&mut p, width, &mut lines);
            for l in &lines {
                assert!(l.len() <= width, "width {width}: {}", l.len());
            }
            let total: usize = lines
                .iter()
                .map(|l| l.iter().filter(|c| !c.is_blank()).count())
                .sum();
            let expected: usize = (0..40).map(|k| 1 + (k * 7) % 9).sum();
            assert!(total >= expected, "no cell lost");
        }
    }
}
