//! Text translated a word at a time, each word's cells kept ([`WordCache`]): the lines of a
//! game's heading are different in every game, but their words (a player's name, a rating,
//! the event, a date) come again and again through a bulletin.

use std::hash::Hasher;

use rustc_hash::{FxHashMap, FxHasher};

use super::{Unmapped, translate, translate_plain_word};
use crate::braille::block::{Binding, Paragraph, binding};
use crate::braille::cell::Cell;
use crate::braille::tables::{self, Class};

/// Words kept before the cache starts afresh, the longest word kept (a longer one is
/// translated each time: it seldom comes again), and the most text of the words kept (so the
/// stores hold some hundred kilobytes at most, however often two words share a hash).
const WORDS_KEPT: usize = 2048;
const LONGEST_KEPT: usize = 64;
const TEXT_KEPT: usize = 128 * 1024;

/// Where a word translated before has its text, its cells and its characters without a rule
/// (offsets in the word) in the cache's stores.
#[derive(Copy, Clone)]
struct Known {
    text: (u32, u32),
    cells: (u32, u32),
    unmapped: (u32, u32),
    shape: Shape,
}

/// What a paragraph needs of a word's cells besides them: whether they make one word of it
/// (some cells, no blank among them), and how the word binds to the next.
#[derive(Copy, Clone, Debug)]
struct Shape {
    one_word: bool,
    binding: Binding,
}

impl Shape {
    fn of(cells: &[Cell]) -> Shape {
        Shape {
            one_word: !cells.is_empty() && !cells.iter().any(|c| c.is_blank()),
            binding: binding(cells),
        }
    }
}

/// The cells of words translated before, kept by one writer from game to game. A short word
/// with a rule for every character (most words of a heading) is kept in a slot of its own
/// ([`Slots`]); any other word is found by the hash of its text, and kept in three stores,
/// not in allocations of their own (a bulletin translates thousands of words once). Two
/// words of one slot or one hash: the later is kept.
#[derive(Default)]
pub(crate) struct WordCache {
    /// The short words met lately, in slots of their own ([`Slots`]): found without the
    /// stores' questions.
    slots: Slots,
    words: FxHashMap<u64, Known>,
    text: String,
    cells: Vec<Cell>,
    unmapped: Vec<(usize, char)>,
    /// Where the words of the text being translated end (kept for its buffer).
    ends: Vec<usize>,
    /// The words of the text being put into a paragraph: their cells' place and their binding
    /// (kept for its buffer).
    spans: Vec<(u32, u32, Binding)>,
}

impl WordCache {
    /// [`translate`], a word at a time where that gives the same cells (see
    /// [`WordCache::words`]); else the text is translated whole.
    #[cfg(test)]
    pub(crate) fn translate(
        &mut self,
        text: &str,
        out: &mut Vec<Cell>,
        unmapped: &mut Vec<Unmapped>,
    ) {
        if self.words(text, out, unmapped).is_none() {
            translate(text, out, unmapped);
        }
    }

    /// [`WordCache::translate`] into `cells` (given empty), then the cells into `p` as
    /// [`Paragraph::push_text`] puts them ([`WordCache::push_cells`]).
    pub(crate) fn push_text(
        &mut self,
        text: &str,
        cells: &mut Vec<Cell>,
        p: &mut Paragraph,
        unmapped: &mut Vec<Unmapped>,
    ) {
        let one_word = self.words(text, cells, unmapped).unwrap_or_else(|| {
            translate(text, cells, unmapped);
            false
        });
        self.push_cells(cells, p, one_word, &[]);
    }

    /// Translates `text` a word at a time, appended to `out`, where that gives
    /// the same cells as translating it whole: words one space apart (a space ends number
    /// mode, a capital word and every look before or after a character the rules take), and
    /// no passage of capitals possible (fewer than three words that could be in capitals: a
    /// passage is the one rule that reads across words). Keeps where each word's cells are and
    /// how it binds to the next, for [`WordCache::push_cells`]. `None`, with nothing
    /// translated, when the text must be translated whole; else whether every word's cells
    /// are one word of a paragraph (some cells, no blank among them).
    pub(crate) fn words(
        &mut self,
        text: &str,
        out: &mut Vec<Cell>,
        unmapped: &mut Vec<Unmapped>,
    ) -> Option<bool> {
        let mut ends = std::mem::take(&mut self.ends);
        if !by_words(text, &mut ends) {
            self.ends = ends;
            return None;
        }
        let mut spans = std::mem::take(&mut self.spans);
        spans.clear();
        #[cfg(debug_assertions)]
        let (from, unmapped_from) = (out.len(), unmapped.len());
        let mut start = 0;
        let mut one_word = true;
        for &end in &ends {
            if start > 0 {
                out.push(Cell::BLANK);
            }
            let first = out.len() as u32;
            let shape = self.word(&text[start..end], start, out, unmapped);
            one_word &= shape.one_word;
            spans.push((first, out.len() as u32, shape.binding));
            start = end + 1;
        }
        self.ends = ends;
        self.spans = spans;
        // (Debug builds, so every test: the words give what the whole text gives.)
        #[cfg(debug_assertions)]
        {
            let (mut cells, mut whole) = (Vec::new(), Vec::new());
            translate(text, &mut cells, &mut whole);
            assert_eq!(out[from..], cells[..], "{text:?} a word at a time");
            assert_eq!(
                unmapped[unmapped_from..],
                whole[..],
                "{text:?} a word at a time"
            );
        }
        Some(one_word)
    }

    /// Text translated into `cells` put into `p` as [`Paragraph::push_text_cut`] puts it:
    /// with `one_word` (what [`WordCache::words`] said of the cells it made), from the words
    /// and their bindings, each word's cells one word of the paragraph (the blanks are not
    /// looked for again, nor what each word binds to: a heading's words come again and
    /// again); else the cells as they are, with the places of their soft hyphens.
    pub(crate) fn push_cells(
        &self,
        cells: &[Cell],
        p: &mut Paragraph,
        one_word: bool,
        soft_hyphens: &[usize],
    ) {
        #[cfg(debug_assertions)]
        let mut whole = p.clone();
        match one_word {
            true => p.push_words(cells, &self.spans),
            false => p.push_text_cut(cells, soft_hyphens),
        }
        // (Debug builds, so every test: the words go in as the cells go in.)
        #[cfg(debug_assertions)]
        {
            whole.push_text_cut(cells, soft_hyphens);
            assert_eq!(
                (&p.cells, &p.words, p.open),
                (&whole.cells, &whole.words, whole.open),
                "{cells:?} into a paragraph a word at a time"
            );
        }
    }

    /// Each word's cells and binding as [`WordCache::words`] last kept them.
    pub(crate) fn spans(&self) -> &[(u32, u32, Binding)] {
        &self.spans
    }

    /// Words kept elsewhere (a heading made ahead on another thread) in place of those
    /// [`WordCache::words`] last kept, for [`WordCache::push_cells`].
    pub(crate) fn set_spans(&mut self, spans: &[(u32, u32, Binding)]) {
        self.spans.clear();
        self.spans.extend_from_slice(spans);
    }

    /// One word at byte `start` of its text.
    fn word(
        &mut self,
        word: &str,
        start: usize,
        out: &mut Vec<Cell>,
        unmapped: &mut Vec<Unmapped>,
    ) -> Shape {
        let range = |(from, len): (u32, u32)| from as usize..(from + len) as usize;
        // A short word: in the slots, or translated and kept there when every character of it
        // has a rule (most words); the stores keep the others.
        let key = Key::of(word);
        if let Some(key) = &key
            && let Some(shape) = self.slots.get(key, out)
        {
            return shape;
        }
        let hash = hash_of(word);
        if let Some(&known) = self.words.get(&hash)
            && self.text.get(range(known.text)) == Some(word)
        {
            out.extend_from_slice(&self.cells[range(known.cells)]);
            // (Most words have a rule for every character: nothing to add, nothing asked.)
            if known.unmapped.1 > 0 {
                unmapped.extend(self.unmapped[range(known.unmapped)].iter().map(
                    |&(offset, ch)| Unmapped {
                        offset: start + offset,
                        ch,
                    },
                ));
            }
            return known.shape;
        }
        let (from, unmapped_from) = (out.len(), unmapped.len());
        if !translate_plain_word(word.as_bytes(), out) {
            translate(word, out, unmapped);
        }
        let shape = Shape::of(&out[from..]);
        if let Some(key) = key
            && unmapped.len() == unmapped_from
            && self.slots.put(key, &out[from..], shape)
        {
            return shape;
        }
        if word.len() > LONGEST_KEPT {
            for u in &mut unmapped[unmapped_from..] {
                u.offset += start;
            }
            return shape;
        }
        if self.words.len() >= WORDS_KEPT || self.text.len() + word.len() > TEXT_KEPT {
            self.words.clear();
            self.text.clear();
            self.cells.clear();
            self.unmapped.clear();
        }
        let stored = |len: usize, at: usize| (at as u32, len as u32);
        let known = Known {
            text: stored(word.len(), self.text.len()),
            cells: stored(out.len() - from, self.cells.len()),
            unmapped: stored(unmapped.len() - unmapped_from, self.unmapped.len()),
            shape,
        };
        self.cells.extend_from_slice(&out[from..]);
        for u in &mut unmapped[unmapped_from..] {
            self.unmapped.push((u.offset, u.ch));
            u.offset += start;
        }
        self.text.push_str(word);
        self.words.insert(hash, known);
        shape
    }
}

/// The longest word a slot holds is a byte shorter than `KEY_BYTES`; `SLOT_CELLS`, the most
/// cells of a word it holds.
const KEY_BYTES: usize = 24;
const SLOT_CELLS: usize = 32;
/// Slots, a power of two.
const SLOTS: usize = 4096;

/// A short word's bytes as three words of eight bytes, the rest zero but the last byte, which
/// is the word's length; and its slot.
struct Key {
    words: [u64; 3],
    slot: usize,
}

impl Key {
    /// `None` for a word longer than a slot holds (or empty).
    #[inline]
    fn of(word: &str) -> Option<Key> {
        let b = word.as_bytes();
        if b.is_empty() || b.len() >= KEY_BYTES {
            return None;
        }
        // (Each word read from the text itself, eight bytes at once where it has them, and
        // kept in registers: made in a buffer and read back at once, the bytes of a copy of
        // the word's length could not be forwarded to the wide loads of the hash, and every
        // look-up waited.)
        let mut words = [0u64; 3];
        for (k, chunk) in b.chunks(8).enumerate() {
            words[k] = match <[u8; 8]>::try_from(chunk) {
                Ok(eight) => u64::from_le_bytes(eight),
                Err(_) => chunk
                    .iter()
                    .rev()
                    .fold(0, |w, &byte| (w << 8) | u64::from(byte)),
            };
        }
        words[2] |= (b.len() as u64) << 56;
        // (Its three words mixed; the slot from the top bits.)
        let mut hash = 0u64;
        for w in words {
            hash = (hash.rotate_left(23) ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
        Some(Key {
            words,
            slot: (hash >> (64 - SLOTS.trailing_zeros())) as usize,
        })
    }
}

/// One short word's cells and shape, kept by its bytes.
#[derive(Clone, Copy)]
struct Slot {
    key: [u64; 3],
    cells: [Cell; SLOT_CELLS],
    len: u8,
    shape: Shape,
}

/// A table of [`SLOTS`] slots, each word in the slot its hash names (a later word of the same
/// slot takes its place): a word found here is a comparison of its bytes and a copy of its
/// cells, of fixed sizes. The words of a heading are mostly short and come again.
#[derive(Default)]
struct Slots(Vec<Option<Slot>>);

impl Slots {
    /// Appends the word's cells to `out` when the table has it.
    #[inline]
    fn get(&self, key: &Key, out: &mut Vec<Cell>) -> Option<Shape> {
        let slot = self.0.get(key.slot)?.as_ref()?;
        if slot.key != key.words {
            return None;
        }
        let from = out.len();
        out.extend_from_slice(&slot.cells);
        out.truncate(from + usize::from(slot.len));
        Some(slot.shape)
    }

    /// Keeps a word's cells; false for a word of more cells than a slot holds.
    fn put(&mut self, key: Key, cells: &[Cell], shape: Shape) -> bool {
        if cells.len() > SLOT_CELLS {
            return false;
        }
        if self.0.is_empty() {
            self.0 = vec![None; SLOTS];
        }
        let mut slot = Slot {
            key: key.words,
            cells: [Cell::BLANK; SLOT_CELLS],
            len: cells.len() as u8,
            shape,
        };
        slot.cells[..cells.len()].copy_from_slice(cells);
        self.0[key.slot] = Some(slot);
        true
    }
}

/// The hash a word is kept by.
fn hash_of(word: &str) -> u64 {
    let mut hasher = FxHasher::default();
    hasher.write(word.as_bytes());
    hasher.finish()
}

/// Whether `text` translates a word at a time (see [`WordCache::translate`]): words one
/// space apart, no other white space, fewer than three words that may be in capitals (no small
/// ASCII letter, a capital one or a letter not ASCII). One pass over the bytes, which puts
/// where each word ends in `ends`.
fn by_words(text: &str, ends: &mut Vec<usize>) -> bool {
    ends.clear();
    let b = text.as_bytes();
    let mut may_be_capitals = 0;
    // What the word being read holds ([`SMALL`], [`CAPITAL`]).
    let mut seen = 0u8;
    // Where the word being read starts: a space there is a space at the start or a second one.
    let mut word_start = 0;
    for (i, &c) in b.iter().enumerate() {
        // (Most bytes are letters: only the flag taken, no branch a kind of byte.)
        let flags = FLAGS[usize::from(c)];
        if flags & ASK == 0 {
            seen |= flags;
            continue;
        }
        match c {
            b' ' => {
                if i == word_start {
                    return false;
                }
                may_be_capitals += usize::from(seen & (SMALL | CAPITAL) == CAPITAL);
                seen = 0;
                ends.push(i);
                word_start = i + 1;
            }
            // The first byte of a character not ASCII (the bytes after it have no flags).
            0xc0.. => {
                let Some(ch) = text.get(i..).and_then(|t| t.chars().next()) else {
                    return false;
                };
                // (A character the rules pass over, as a soft hyphen: a word of them alone
                // would have no cells, and the blanks around it would be two.)
                if ch.is_whitespace() || is_space_or_ignored(ch) {
                    return false;
                }
                let letter = match tables::lookup(ch) {
                    Some(rule) => matches!(rule.class, Class::Letter { .. }),
                    None => ch.is_alphabetic(),
                };
                if letter {
                    seen |= CAPITAL;
                }
            }
            // Control characters.
            _ => return false,
        }
    }
    may_be_capitals += usize::from(seen & (SMALL | CAPITAL) == CAPITAL);
    ends.push(b.len());
    word_start < b.len() && may_be_capitals < 3
}

// What [`by_words`] notes of a byte of UTF-8 ([`FLAGS`]).
/// A small ASCII letter.
const SMALL: u8 = 1;
/// A letter that may be in capitals: a capital ASCII one (one not ASCII is asked for at its
/// first byte).
const CAPITAL: u8 = 2;
/// A byte to ask about: a space, a control character, the first byte of a character not
/// ASCII.
const ASK: u8 = 4;

/// [`SMALL`], [`CAPITAL`] or [`ASK`] by byte.
static FLAGS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = match i as u8 {
            b'a'..=b'z' => SMALL,
            b'A'..=b'Z' => CAPITAL,
            b' ' | 0..=0x1f | 0x7f | 0xc0.. => ASK,
            _ => 0,
        };
        i += 1;
    }
    t
};

/// The rules' blank, or a character they pass over.
fn is_space_or_ignored(c: char) -> bool {
    tables::lookup(c).is_some_and(|r| matches!(r.class, Class::Space | Class::Ignored))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each text a word at a time, twice (the second time from the kept words), and whole:
    /// the same cells and the same characters without a rule.
    impl WordCache {
        /// Whether the slots or the stores keep `word`.
        fn knows(&self, word: &str) -> bool {
            self.slotted(word) || self.stored(word)
        }

        fn slotted(&self, word: &str) -> bool {
            Key::of(word).is_some_and(|key| {
                self.slots
                    .0
                    .get(key.slot)
                    .is_some_and(|s| s.is_some_and(|s| s.key == key.words))
            })
        }

        fn stored(&self, word: &str) -> bool {
            self.words.values().any(|k| {
                self.text
                    .get(k.text.0 as usize..(k.text.0 + k.text.1) as usize)
                    == Some(word)
            })
        }
    }

    #[test]
    fn words_give_what_the_whole_text_gives() {
        let mut cache = WordCache::default();
        let texts = [
            "Carlsen, Magnus (2850) – Nepomniachtchi, Ian (2795)",
            "Rated Blitz game, https://lichess.org/abcDEF12, 2013-01-01, 1-0",
            "ALANBRITO (1834) – MERIDYAN (2012)",
            "Wch 2024, rond 3.1, remi",
            "C88, Spanskt ☃ parti",
            "0-0 O-O-O +– –+ += =+ 12... e4 3D A4 10.30 08-123",
            "Éva Łódź ÅÄÖ åäö (2400) x2 2x",
            "Kommentarer: Kasparov, G.",
            "VM I SCHACK, rond 1",
            "2024 – \u{ad} 0-11",
            "ab\u{ad}cd 12\u{ad}34",
        ];
        for text in texts {
            let (mut whole, mut whole_unmapped) = (Vec::new(), Vec::new());
            translate(text, &mut whole, &mut whole_unmapped);
            for round in 0..2 {
                let (mut cells, mut unmapped) = (vec![Cell::BLANK], Vec::new());
                cache.translate(text, &mut cells, &mut unmapped);
                assert_eq!(cells[1..], whole[..], "{text:?}, round {round}");
                assert_eq!(unmapped, whole_unmapped, "{text:?}, round {round}");
            }
        }
        assert!(cache.knows("Magnus"), "read a word at a time");
        assert!(cache.knows("ALANBRITO"), "two words in capitals");
        assert!(!cache.knows("SCHACK,"), "three words in capitals");
    }

    /// Two short words of one slot: each takes the slot from the other, and each is read
    /// as itself every time; a word of 23 bytes has a slot, one of 24 has none.
    #[test]
    fn a_slot_holds_the_last_of_its_words() {
        let slot = |w: &str| Key::of(w).map(|k| k.slot);
        let first = "Magnus";
        let second = (0..)
            .map(|i| format!("w{i}"))
            .find(|w| slot(w) == slot(first))
            .unwrap();
        let mut cache = WordCache::default();
        for (round, word) in [first, &second, first, first, &second]
            .into_iter()
            .enumerate()
        {
            let (mut cells, mut unmapped) = (Vec::new(), Vec::new());
            cache.translate(word, &mut cells, &mut unmapped);
            let mut whole = Vec::new();
            translate(word, &mut whole, &mut unmapped);
            assert_eq!(cells, whole, "{word}, round {round}");
            assert!(cache.slotted(word), "{word}, round {round}");
            let other = if word == first {
                second.as_str()
            } else {
                first
            };
            assert!(!cache.slotted(other), "{other}, round {round}");
        }
        assert!(Key::of(&"a".repeat(23)).is_some() && Key::of(&"a".repeat(24)).is_none());
        // Words that differ in their length alone (a zero byte after a word) have keys apart.
        let (a, b) = (Key::of("ab").unwrap(), Key::of("ab\0").unwrap());
        assert!(a.words != b.words);
        // A key is the word's bytes in order, zeros after them, its length last, whatever
        // its length (the part of a word of eight bytes gathered a byte at a time).
        let text = "ENPo6ReH-0123456789abcdefg";
        for len in 1..KEY_BYTES {
            let word = &text[..len];
            let mut expected = [0u8; KEY_BYTES];
            expected[..len].copy_from_slice(word.as_bytes());
            expected[KEY_BYTES - 1] = len as u8;
            let key = Key::of(word).unwrap();
            let bytes: Vec<u8> = key.words.iter().flat_map(|w| w.to_le_bytes()).collect();
            assert_eq!(bytes, expected, "{word}");
        }
    }

    /// Texts made at random of the characters the rules treat apart (capitals, digits,
    /// castling, evaluation signs, letters not ASCII, combining marks, soft hyphens, blanks):
    /// a word at a time, twice, gives what the whole text gives.
    #[test]
    fn random_texts_a_word_at_a_time_read_as_whole() {
        const PIECES: [&str; 35] = [
            "a", "b", "Q", "AB", "É", "é", "å", "Ö", "0", "1", "12", "O", "-", "–", "+", "=", "/",
            ".", ",", "(", ")", "\u{301}", "\u{ad}", "☃", "½", " ", " ", " ", "§", "×", "maj",
            "t.", "%", "kl.", "2)",
        ];
        let mut cache = WordCache::default();
        let mut next = crate::numbers_from(0x5eed);
        let (mut by_word, mut bound_by_words) = (0, 0);
        for _ in 0..20_000 {
            let text: String = (0..1 + next(12))
                .map(|_| PIECES[next(PIECES.len())])
                .collect();
            let words = by_words(&text, &mut Vec::new());
            by_word += usize::from(words);
            let (mut whole, mut whole_unmapped) = (Vec::new(), Vec::new());
            translate(&text, &mut whole, &mut whole_unmapped);
            let mut want = Paragraph::new(0, 0);
            want.push_text(&whole);
            for _ in 0..2 {
                let (mut cells, mut unmapped) = (Vec::new(), Vec::new());
                cache.translate(&text, &mut cells, &mut unmapped);
                assert_eq!(cells, whole, "{text:?}");
                assert_eq!(unmapped, whole_unmapped, "{text:?}");
                // Into a paragraph from the words and their bindings: the same words, glued
                // and bound alike.
                let mut p = Paragraph::new(0, 0);
                cells.clear();
                unmapped.clear();
                cache.push_text(&text, &mut cells, &mut p, &mut unmapped);
                assert_eq!(
                    (&p.cells, &p.words, p.open),
                    (&want.cells, &want.words, want.open),
                    "{text:?}"
                );
                bound_by_words += usize::from(words && p.words.iter().any(|w| w.bound));
            }
        }
        // (Most of them a word at a time: the test reads that way, not only whole.)
        assert!(by_word > 5_000, "{by_word}");
        // (Words that bind to the next among them: a number to a number, `§` to its number.)
        assert!(bound_by_words > 100, "{bound_by_words}");
    }

    /// A word kept is only taken for a word of the same text (two words of one hash: the
    /// stored text decides); a word longer than [`LONGEST_KEPT`] is not kept; the stores stay
    /// within [`TEXT_KEPT`].
    #[test]
    fn the_stores_answer_only_for_their_own_words_and_stay_small() {
        let mut cache = WordCache::default();
        let read = |cache: &mut WordCache, text: &str| {
            let (mut cells, mut unmapped) = (Vec::new(), Vec::new());
            cache.translate(text, &mut cells, &mut unmapped);
            let (mut whole, mut whole_unmapped) = (Vec::new(), Vec::new());
            translate(text, &mut whole, &mut whole_unmapped);
            assert_eq!((cells, unmapped), (whole, whole_unmapped), "{text:?}");
        };
        // (Words the slots do not keep: one with a character without a rule, one too long.)
        let (odd, long) = ("☃def", "abcdefghijklmnopqrstuvwxyz");
        read(&mut cache, &format!("{long} {odd}"));
        assert!(cache.stored(odd) && cache.stored(long) && !cache.slotted(long));
        // Two words of one hash: `long` finds what `odd` left under its hash, and reads
        // itself again.
        let other = cache.words[&hash_of(odd)];
        cache.words.insert(hash_of(long), other);
        read(&mut cache, &format!("{long} {odd}"));
        assert!(cache.stored(long), "read again and kept");
        // A long word: translated, not kept.
        let long = "a".repeat(LONGEST_KEPT + 1);
        read(&mut cache, &format!("x {long} ☃"));
        assert!(!cache.knows(&long));
        // Words enough to pass the text kept: the stores start afresh.
        for i in 0..3 * TEXT_KEPT / LONGEST_KEPT {
            let word = format!("{i:0>width$}", width = LONGEST_KEPT);
            read(&mut cache, &word);
            assert!(cache.text.len() <= TEXT_KEPT, "{}", cache.text.len());
        }
    }

    #[test]
    fn what_is_translated_whole() {
        // (`by_words` takes every printable ASCII character but the space for no blank.)
        for c in (0x21u8..0x7f).map(char::from) {
            assert!(!is_space_or_ignored(c), "{c:?}");
        }
        assert!(!by_words("", &mut Vec::new()));
        assert!(by_words("Carlsen, Magnus (2850)", &mut Vec::new()));
        assert!(by_words(
            "ALANBRITO (1834) – MERIDYAN (2012)",
            &mut Vec::new()
        ));
        // Three words that may be in capitals: a passage.
        assert!(!by_words(
            "ALAN BRITO (1834) – MERIDYAN (2012)",
            &mut Vec::new()
        ));
        assert!(!by_words("ÅSA ÖBERG ÄNG", &mut Vec::new()));
        // A small letter anywhere in a word keeps it out of a passage; a letter not ASCII may
        // be in capitals, a digit or a sign may not.
        assert!(by_words("Åsa ÖBERG ÄNG", &mut Vec::new()));
        assert!(by_words("ÅSA ÖBERG 1990", &mut Vec::new()));
        assert!(!by_words("É Ö Ä", &mut Vec::new()));
        assert!(by_words("É Ö 4", &mut Vec::new()));
        // Control characters.
        assert!(!by_words("a\u{1}b", &mut Vec::new()));
        assert!(!by_words("a\u{7f}", &mut Vec::new()));
        // Where the words end.
        let mut ends = vec![99];
        assert!(by_words("Rond 3, Wijk aan Zee", &mut ends));
        assert_eq!(ends, [4, 7, 12, 16, 20]);
        // Blanks other than one space.
        for text in [
            " a",
            "a ",
            "a  b",
            "a\tb",
            "a\u{a0}b",
            "a\u{2003}b",
            "a \u{ad} b",
        ] {
            assert!(!by_words(text, &mut Vec::new()), "{text:?}");
        }
    }
}
