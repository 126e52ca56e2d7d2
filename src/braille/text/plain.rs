//! One word of ASCII letters, digits and plain signs translated without the engine: the
//! words of a heading met for the first time (a name, a rating, an address).

use super::Class;
use crate::braille::cell::Cell;
use crate::braille::tables;

/// [`translate`] of one word made of ASCII letters, digits and signs other than `-`, `+` and
/// `=` (a name, a rating in brackets, an address: most words of a heading met for the first
/// time), appended to `out`: `false`, with nothing written, for any other word. The same
/// rules as the engine's, for the few that such a word can meet: a capital sign, or 6-6
/// before a run of capitals and 156 after it when a small letter follows (no passage: that
/// takes three words); number mode on at a digit, on through `.` and `,`, off at anything
/// else; the separator before a..j in number mode. No castling, evaluation sign or dash can
/// be in such a word (they need `-`, `+`, `=` or a letter not ASCII). A test holds it to
/// [`translate`] on every word of its letters up to five long.
pub(crate) fn translate_plain_word(word: &[u8], out: &mut Vec<Cell>) -> bool {
    let from = out.len();
    let mut number = false;
    let mut i = 0;
    // (A byte's part in such a word from one table: a word met for the first time was some
    // thirty instructions a byte through the rules and their classes.)
    while let Some(&b) = word.get(i) {
        match PLAIN[usize::from(b)] {
            Plain::Small(cell, like_digit) => {
                if number && like_digit {
                    put(out, tables::SEPARATOR);
                }
                out.push(cell);
                number = false;
                i += 1;
            }
            Plain::Capital(_) => {
                let run = word[i..]
                    .iter()
                    .take_while(|&&c| matches!(PLAIN[usize::from(c)], Plain::Capital(_)))
                    .count();
                match run {
                    1 => put(out, tables::CAPITAL),
                    _ => put(out, tables::CAPS_WORD),
                }
                for &c in &word[i..i + run] {
                    if let Plain::Capital(cell) = PLAIN[usize::from(c)] {
                        out.push(cell);
                    }
                }
                i += run;
                if run > 1 && word.get(i).is_some_and(u8::is_ascii_lowercase) {
                    put(out, tables::END);
                }
                number = false;
            }
            Plain::Digit(cell) => {
                if !number {
                    put(out, tables::NUMBER_SIGN);
                }
                out.push(cell);
                number = true;
                i += 1;
            }
            Plain::Through(cells) => {
                put(out, cells);
                i += 1;
            }
            Plain::Sign(cells) => {
                put(out, cells);
                number = false;
                i += 1;
            }
            Plain::No => {
                out.truncate(from);
                return false;
            }
        }
    }
    true
}

/// What a byte is in a word [`translate_plain_word`] takes, from its rule
/// ([`tables::lookup_ascii`]).
#[derive(Clone, Copy)]
enum Plain {
    /// Not in such a word: `-`, `+`, `=`, a byte with no rule or one the engine's other
    /// rules read (a byte not ASCII, a blank), a letter or digit of more than one cell.
    No,
    /// A small letter: its cell, and whether it is a digit's cell too (a..j, which number
    /// mode separates from the digits before it).
    Small(Cell, bool),
    /// A capital letter: the small letter's cell.
    Capital(Cell),
    /// A digit: its cell, without the number sign.
    Digit(Cell),
    /// `.` and `,`: number mode goes on through them.
    Through(&'static [Cell]),
    /// Any other sign: number mode ends.
    Sign(&'static [Cell]),
}

/// [`Plain`] by byte, made at compile time from the rules.
static PLAIN: [Plain; 256] = {
    let mut t = [Plain::No; 256];
    let mut b = 0;
    while b < 128 {
        if let Some(rule) = tables::ASCII[b]
            && !matches!(b as u8, b'-' | b'+' | b'=')
        {
            t[b] = match (rule.class, rule.cells) {
                (Class::Letter { upper: false, .. }, [cell]) => {
                    Plain::Small(*cell, tables::is_digit_cell(*cell))
                }
                (Class::Letter { upper: true, .. }, [cell]) => Plain::Capital(*cell),
                (Class::Digit, [cell]) => Plain::Digit(*cell),
                (Class::NumberPunct, cells) => Plain::Through(cells),
                (Class::Sign, cells) => Plain::Sign(cells),
                _ => Plain::No,
            };
        }
        b += 1;
    }
    t
};

/// Appends a rule's cells: most are one cell, pushed as one (a copy of a length known only at
/// run time is a call of its own).
#[inline(always)]
fn put(out: &mut Vec<Cell>, cells: &[Cell]) {
    match cells {
        [c] => out.push(*c),
        _ => out.extend_from_slice(cells),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::cell::to_unicode_string;
    use crate::braille::text::translate;

    /// `translate_plain_word` gives what the engine gives, on every word of up to five of
    /// these characters (capital runs before small letters and digits, number mode through
    /// `.` and `,`, a..j after digits, signs), and writes nothing for a word it leaves to the
    /// engine (here a word with `-`, `+`, `=`, a blank or a letter not ASCII).
    /// Every word of one or two ASCII characters (controls, blanks and every sign among
    /// them): `translate_plain_word` gives the engine's cells or leaves the word to it, so
    /// its table ([`PLAIN`]) says of each byte what the rules say.
    #[test]
    fn every_short_ascii_word_reads_as_the_engine_reads_it() {
        let (mut fast, mut slow, mut unmapped) = (Vec::new(), Vec::new(), Vec::new());
        let mut taken = 0;
        for a in 0..128u8 {
            for b in std::iter::once(None).chain((0..128u8).map(Some)) {
                let word: String = std::iter::once(a).chain(b).map(char::from).collect();
                fast.clear();
                if translate_plain_word(word.as_bytes(), &mut fast) {
                    slow.clear();
                    unmapped.clear();
                    translate(&word, &mut slow, &mut unmapped);
                    assert_eq!(fast, slow, "{word:?}");
                    assert!(unmapped.is_empty(), "{word:?}");
                    taken += 1;
                } else {
                    assert!(fast.is_empty(), "{word:?} left with cells written");
                }
            }
        }
        // (Letters, digits and signs: most of the 95 printable characters and their pairs.)
        assert!(taken > 5_000, "{taken}");
    }

    #[test]
    fn a_plain_word_reads_as_the_engine_reads_it() {
        let alphabet: &[&str] = &[
            "a", "j", "x", "A", "K", "O", "0", "7", ".", ",", ":", "(", "-", "+", "=", "ö", " ",
        ];
        let (mut fast, mut slow, mut unmapped) = (Vec::new(), Vec::new(), Vec::new());
        let (mut taken, mut left) = (0, 0);
        let mut word = String::new();
        let mut digits = [0usize; 5];
        for len in 1..=5 {
            digits[..len].fill(0);
            loop {
                word.clear();
                for &d in &digits[..len] {
                    word.push_str(alphabet[d]);
                }
                fast.clear();
                fast.push(Cell::BLANK);
                if translate_plain_word(word.as_bytes(), &mut fast) {
                    slow.clear();
                    slow.push(Cell::BLANK);
                    translate(&word, &mut slow, &mut unmapped);
                    assert_eq!(
                        to_unicode_string(&fast),
                        to_unicode_string(&slow),
                        "{word:?}"
                    );
                    assert!(unmapped.is_empty(), "{word:?}");
                    taken += 1;
                } else {
                    assert_eq!(fast, [Cell::BLANK], "{word:?} left with cells written");
                    let plain = word
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b".,:(".contains(&b));
                    assert!(!plain, "{word:?} left to the engine");
                    left += 1;
                }
                // The next word of `len` characters, as an odometer.
                let mut k = 0;
                while k < len {
                    digits[k] += 1;
                    if digits[k] < alphabet.len() {
                        break;
                    }
                    digits[k] = 0;
                    k += 1;
                }
                if k == len {
                    break;
                }
            }
        }
        assert!(taken > 100_000 && left > 100_000, "{taken} {left}");
        // Words of a heading, each cell checked.
        for (word, cells) in [
            ("ENPo6ReH", "⠠⠠⠑⠝⠏⠱⠕⠼⠋⠠⠗⠑⠠⠓"),
            ("(1132)", "⠦⠼⠁⠁⠉⠃⠴"),
            ("7...a6", "⠼⠛⠄⠄⠄⠱⠁⠼⠋"),
            ("MP3", "⠠⠠⠍⠏⠼⠉"),
        ] {
            let mut out = Vec::new();
            assert!(translate_plain_word(word.as_bytes(), &mut out), "{word}");
            assert_eq!(to_unicode_string(&out), cells, "{word}");
        }
    }
}
