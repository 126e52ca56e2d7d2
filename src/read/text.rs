//! Text braille read back into print (the comments of a game): letters, capitals, numbers
//! and punctuation by the text tables of `braille/tables.rs`, read the other way. A cell with
//! no reading is kept as its Unicode braille character, so nothing is lost.

use crate::braille::Cell;
use crate::braille::tables::{self, CAPITAL, DIGITS, NUMBER_SIGN};

/// The print text of cells of text braille.
pub(crate) fn to_print(cells: &[Cell]) -> String {
    let mut out = String::new();
    let mut i = 0;
    // Capitals: one letter, (after 6-6) the rest of the word, (after 6-6-6) every word up to
    // 156.
    let mut caps_word = false;
    let mut caps_passage = false;
    let mut capital = false;
    let mut number = false;
    while i < cells.len() {
        let c = cells[i];
        if c.is_blank() {
            out.push(' ');
            caps_word = false;
            number = false;
            i += 1;
            continue;
        }
        if c == CAPITAL[0] {
            number = false;
            if cells[i..].starts_with(&[CAPITAL[0]; 3]) {
                caps_passage = true;
                i += 3;
            } else if cells.get(i + 1) == Some(&CAPITAL[0]) {
                caps_word = true;
                i += 2;
            } else {
                capital = true;
                i += 1;
            }
            continue;
        }
        // Dots 156: the end of capitals or emphasis, or the separator after a number.
        if c == tables::END[0] {
            caps_word = false;
            caps_passage = false;
            number = false;
            i += 1;
            continue;
        }
        // A number ends a word's capitals (`MP3-spelare`: no 156 after a digit).
        if c == NUMBER_SIGN[0] {
            number = true;
            caps_word = false;
            i += 1;
            continue;
        }
        if number && let Some(d) = DIGITS.iter().position(|&d| d == c) {
            out.push(char::from(b'0' + d as u8));
            i += 1;
            continue;
        }
        // Period and comma run on a number; anything else ends it.
        if !(number && (c == Cell::dots("3") || c == Cell::dots("2"))) {
            number = false;
        }
        if let Some(&(letter, _)) = tables::LETTERS.iter().find(|(_, cell)| *cell == c) {
            if capital || caps_word || caps_passage {
                out.extend(letter.to_uppercase());
            } else {
                out.push(letter);
            }
            capital = false;
            i += 1;
            continue;
        }
        // The longest sign that stands here; of equal ones the first listed (the plain form).
        // Three periods stay three periods (`12...Sf5`), not an ellipsis.
        let sign = tables::SIGNS
            .iter()
            .rev()
            .filter(|(ch, _, s)| *ch != '…' && !s.is_empty() && cells[i..].starts_with(s))
            .max_by_key(|(_, _, s)| s.len());
        match sign {
            Some(&(ch, _, s)) => {
                out.push(ch);
                i += s.len();
            }
            None => {
                out.push(c.to_unicode());
                i += 1;
            }
        }
    }
    out.trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_braille_reads_back() {
        for text in [
            "bra drag",
            "Vit drar.",
            "KM 2024, rond 3: Åke",
            "(se 12.)",
            "12...Sc6",
            "(2...d6",
            "exd6ep",
            // Capitals: a word, one ended by a hyphen or a lower-case letter, one ended by a
            // digit, a passage of several words.
            "IKEA-laget, TV-apparat, IKEAs och NATO",
            "Ett MP3-spelare",
            "Och DETTA ÄR EN VIKTIG VARNING. Och sedan",
        ] {
            let mut cells = Vec::new();
            crate::braille::text::translate(text, &mut cells, &mut Vec::new());
            assert_eq!(to_print(&cells), text);
        }
    }
}
