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
    while let Some(&b) = word.get(i) {
        let Some(rule) = tables::lookup_ascii(b).filter(|_| !matches!(b, b'-' | b'+' | b'='))
        else {
            out.truncate(from);
            return false;
        };
        match rule.class {
            Class::Letter { upper: false, .. } => {
                if number
                    && rule
                        .cells
                        .first()
                        .is_some_and(|&c| tables::is_digit_cell(c))
                {
                    put(out, tables::SEPARATOR);
                }
                put(out, rule.cells);
                number = false;
                i += 1;
            }
            Class::Letter { upper: true, .. } => {
                let run = word[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_uppercase())
                    .count();
                match run {
                    1 => put(out, tables::CAPITAL),
                    _ => put(out, tables::CAPS_WORD),
                }
                for &c in &word[i..i + run] {
                    match tables::lookup_ascii(c) {
                        Some(r) => put(out, r.cells),
                        None => {
                            out.truncate(from);
                            return false;
                        }
                    }
                }
                i += run;
                if run > 1 && word.get(i).is_some_and(u8::is_ascii_lowercase) {
                    put(out, tables::END);
                }
                number = false;
            }
            Class::Digit => {
                if !number {
                    put(out, tables::NUMBER_SIGN);
                }
                put(out, rule.cells);
                number = true;
                i += 1;
            }
            Class::NumberPunct => {
                put(out, rule.cells);
                i += 1;
            }
            Class::Sign => {
                put(out, rule.cells);
                number = false;
                i += 1;
            }
            _ => {
                out.truncate(from);
                return false;
            }
        }
    }
    true
}

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
