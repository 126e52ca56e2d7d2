//! Which blank binds the word before it to the word after it, so that a line never ends
//! there (MTM 1.4, rules.md §8): a move number with its move, a number with its next group of
//! digits, a month with its year, `§` and `×` with their number, a label with what it labels,
//! a short abbreviation with what follows it. The rules of [`super::block::Paragraph`]'s
//! blanks, in one place.

use super::cell::Cell;
use super::tables;

/// What `Paragraph::binds` asks of the word before a blank alone: found once for a word
/// that comes again ([`crate::braille::text::WordCache`]).
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum Binding {
    /// It binds to no word after it (most words: no number, not ending as a label or an
    /// abbreviation does, not `§`, `×` or a month).
    Never,
    /// It binds to a number after it, and to nothing else (`§`, `×`, a month).
    ToNumber,
    /// What comes after it decides ([`binds_after`]).
    Asks { has_number: bool },
}

/// How `word` binds to the word after the blank after it.
pub(crate) fn binding(word: &[Cell]) -> Binding {
    asks(word).unwrap_or_else(
        || match is_sign(word, '§') || is_sign(word, '×') || is_month(word) {
            true => Binding::ToNumber,
            false => Binding::Never,
        },
    )
}

/// [`Binding::Asks`] for a word that has a number or ends as a label or an abbreviation does;
/// `None` for most words, which bind to a number after them at most (`§`, `×`, a month):
/// [`binds_after`] answers for them without looking at the next word whole.
fn asks(word: &[Cell]) -> Option<Binding> {
    let has_number = word.iter().any(|&c| [c] == tables::NUMBER_SIGN);
    let ends = |sign: char| tables::lookup(sign).is_some_and(|r| word.ends_with(r.cells));
    (has_number || ends(')') || ends('.')).then_some(Binding::Asks { has_number })
}

/// Whether `word` and the text after the blank after it (`after`) stay on one line
/// (`Paragraph::binds`).
pub(super) fn binds_word(word: &[Cell], after: &[Cell]) -> bool {
    match asks(word) {
        Some(binding) => binds_after(word, binding, after),
        // (Most words: whether they are `§`, `×` or a month is asked only when a number
        // follows.)
        None if !starts_with_number(after) => false,
        None => binds_after(word, binding(word), after),
    }
}

/// The blanks of `cells` that bind the word before them to what follows, as
/// [`Paragraph::push_text`](super::block::Paragraph::push_text) finds them (each blank's
/// index in `cells`, in order, to `each`).
pub(crate) fn bound_blanks(cells: &[Cell], mut each: impl FnMut(usize)) {
    let mut start = None;
    for (k, c) in cells.iter().enumerate() {
        match (c.is_blank(), start) {
            (false, None) => start = Some(k),
            (true, Some(s)) => {
                if binds_word(&cells[s..k], &cells[k + 1..]) {
                    each(k);
                }
                start = None;
            }
            _ => {}
        }
    }
}

/// Whether `cells` start with a number.
fn starts_with_number(cells: &[Cell]) -> bool {
    cells.first().is_some_and(|&c| [c] == tables::NUMBER_SIGN)
}

/// Whether the word `word`, which binds as `binding` says, and the text after the blank after
/// it (`after`) stay on one line (`Paragraph::binds`).
pub(super) fn binds_after(word: &[Cell], binding: Binding, after: &[Cell]) -> bool {
    let has_number = match binding {
        Binding::Never => return false,
        Binding::ToNumber => return starts_with_number(after),
        Binding::Asks { has_number } => has_number,
    };
    let next = &after[..after
        .iter()
        .position(|c| c.is_blank())
        .unwrap_or(after.len())];
    // A label (`2)`, `a)`) stays with what it labels.
    if !next.is_empty() && is_label(word) {
        return true;
    }
    // Most words hold no number at all.
    if !has_number {
        return !next.is_empty() && binds_without_number(word, next);
    }
    let period = tables::lookup('.').map_or(&[][..], |r| r.cells);
    let periods = word.iter().rev().take_while(|&&c| [c] == period).count();
    let digits_end = word.len() - periods;
    let run = |cells: &[Cell]| {
        cells
            .iter()
            .take_while(|&&c| tables::is_digit_cell(c))
            .count()
    };
    let Some(number) = word[..digits_end]
        .iter()
        .rposition(|&c| [c] == tables::NUMBER_SIGN)
    else {
        return false;
    };
    let digits = run(&word[number + 1..digits_end]);
    // A move number: the whole word but for an opening bracket, and runs to the periods
    // (`⠼⠁⠃⠄`, `⠦⠼⠛⠄⠄⠄`); not a move that ends a sentence (`e5.`).
    let opening = |c: Cell| {
        ['(', '[']
            .iter()
            .any(|&b| tables::lookup(b).is_some_and(|r| r.cells == [c]))
    };
    if periods > 0 {
        return number + 1 + digits == digits_end
            && digits > 0
            && word[..number].iter().all(|&c| opening(c))
            && digits <= 3;
    }
    // A number (its digits and the signs inside numbers: `08-123`, `10.30`, `2024-05-17`)
    // with what follows it; castling (`⠼⠚⠤⠼⠚`, which prose writes so too) is no number
    // and binds to nothing (`0-0 10.Lc4`).
    is_number(word)
        && !is_castling(word)
        && (starts_with_number(next)
            || ['%', '‰', '×']
                .iter()
                .any(|&s| is_sign_then_punctuation(next, s))
            || is_month(next))
}

/// A word of a number alone: a number sign first, then digits and the signs inside numbers
/// (`- . , : /`, another number sign), a digit last.
fn is_number(word: &[Cell]) -> bool {
    let inside = |c: Cell| {
        ['-', '.', ',', ':', '/']
            .iter()
            .any(|&b| tables::lookup(b).is_some_and(|r| r.cells == [c]))
    };
    word.first().is_some_and(|&c| [c] == tables::NUMBER_SIGN)
        && word.last().is_some_and(|&c| tables::is_digit_cell(c))
        && word
            .iter()
            .all(|&c| tables::is_digit_cell(c) || [c] == tables::NUMBER_SIGN || inside(c))
}

/// Whether `word` is a label of a list in running text: a number of one or two digits, or a
/// small letter, and a closing parenthesis (`2)`, `b)`).
fn is_label(word: &[Cell]) -> bool {
    let close = tables::lookup(')').map_or(&[][..], |r| r.cells);
    let Some(body) = word.strip_suffix(close) else {
        return false;
    };
    match body {
        [n, digits @ ..] if [*n] == tables::NUMBER_SIGN => {
            (1..=2).contains(&digits.len()) && digits.iter().all(|&c| tables::is_digit_cell(c))
        }
        [letter] => ('a'..='h').any(|l| tables::lookup(l).is_some_and(|r| r.cells == [*letter])),
        _ => false,
    }
}

/// Whether `word` is castling as written with its number signs, after its move number or
/// not: `⠼⠚⠤⠼⠚`, `⠼⠊⠄⠄⠄⠼⠚⠤⠼⠚⠤⠼⠚`.
fn is_castling(word: &[Cell]) -> bool {
    let zero = [tables::NUMBER_SIGN[0], tables::DIGITS[0]];
    let dash = tables::lookup('-').map_or(&[][..], |r| r.cells);
    let period = tables::lookup('.').map_or(&[][..], |r| r.cells);
    // (A move number before it: number sign, digits, periods.)
    let word = match word.iter().position(|&c| period == [c]) {
        Some(k) if word[1..k].iter().all(|&c| tables::is_digit_cell(c)) => {
            let rest = &word[k..];
            &rest[rest.iter().take_while(|&&c| period == [c]).count()..]
        }
        _ => word,
    };
    let mut parts = word.split(|c| dash == [*c]);
    let count = parts.clone().count();
    (2..=3).contains(&count) && parts.all(|p| p == zero)
}

/// Whether `word` is the sign `sign`, alone or with punctuation after it (`%;` in a table's
/// row, `%.` at a sentence's end).
fn is_sign_then_punctuation(word: &[Cell], sign: char) -> bool {
    let Some(cells) = tables::lookup(sign).map(|r| r.cells) else {
        return false;
    };
    word.strip_prefix(cells).is_some_and(|rest| {
        rest.iter().all(|&c| {
            ['.', ',', ';', ':', ')', '!', '?']
                .iter()
                .any(|&p| tables::lookup(p).is_some_and(|r| r.cells == [c]))
        })
    })
}

/// Whether `word` is the sign `sign` alone.
fn is_sign(word: &[Cell], sign: char) -> bool {
    tables::lookup(sign).is_some_and(|r| r.cells == word)
}

/// Whether `word` spells `text` (lower-case ASCII letters and periods).
fn spells(word: &[Cell], text: &str) -> bool {
    word.len() == text.len()
        && text
            .bytes()
            .zip(word)
            .all(|(b, &c)| tables::lookup_ascii(b).is_some_and(|r| r.cells == [c]))
}

/// Swedish months, written out and shortened.
const MONTHS: [&str; 25] = [
    "januari",
    "februari",
    "mars",
    "april",
    "maj",
    "juni",
    "juli",
    "augusti",
    "september",
    "oktober",
    "november",
    "december",
    "jan.",
    "febr.",
    "feb.",
    "mar.",
    "apr.",
    "jun.",
    "jul.",
    "aug.",
    "sept.",
    "sep.",
    "okt.",
    "nov.",
    "dec.",
];

fn is_month(word: &[Cell]) -> bool {
    // (Most words begin with no month's first letter: that is asked of the first cell at once.)
    word.first()
        .is_some_and(|c| MONTH_INITIALS & (1 << c.bits()) != 0)
        && MONTHS.iter().any(|m| spells(word, m))
}

/// The cells the months begin with, a bit each (a cell's six dots are a number below 64).
const MONTH_INITIALS: u64 = {
    let mut mask = 0u64;
    let mut i = 0;
    while i < MONTHS.len() {
        let first = MONTHS[i].as_bytes()[0] as char;
        let mut k = 0;
        while k < tables::LETTERS.len() {
            if tables::LETTERS[k].0 == first {
                mask |= 1 << tables::LETTERS[k].1.bits();
            }
            k += 1;
        }
        i += 1;
    }
    mask
};

/// A short abbreviation: one to three small letters and a period, a capital sign allowed
/// before them (`t.`, `ex.`, `kl.`, `Kr.`).
fn is_abbreviation(word: &[Cell]) -> bool {
    let word = word.strip_prefix(tables::CAPITAL).unwrap_or(word);
    let Some((&last, letters)) = word.split_last() else {
        return false;
    };
    let letter = |c: Cell| tables::LETTERS.iter().any(|&(_, l)| l == c);
    is_sign(&[last], '.') && (1..=3).contains(&letters.len()) && letters.iter().all(|&c| letter(c))
}

/// `Paragraph::binds` for an open word without a number: a month with its year, `§` and `×`
/// with their number, an abbreviation with the next abbreviation or a number.
fn binds_without_number(word: &[Cell], next: &[Cell]) -> bool {
    let number_next = starts_with_number(next);
    if number_next && (is_sign(word, '§') || is_sign(word, '×') || is_month(word)) {
        return true;
    }
    is_abbreviation(word) && (number_next || is_abbreviation(next))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every month, written out or shortened, is a month by its cells, and what only begins
    /// or ends like one is not; a capital month is none (the months are written small).
    #[test]
    fn every_month_and_nothing_else_is_a_month() {
        let cells = |text: &str| {
            let (mut out, mut unmapped) = (Vec::new(), Vec::new());
            crate::braille::text::translate(text, &mut out, &mut unmapped);
            out
        };
        for month in MONTHS {
            assert!(is_month(&cells(month)), "{month}");
            for other in [
                format!("{month}s"),
                format!("x{month}"),
                month[1..].to_owned(),
            ] {
                assert!(!is_month(&cells(&other)), "{other}");
            }
        }
        assert!(!is_month(&cells("Maj")) && !is_month(&[]));
    }
}
