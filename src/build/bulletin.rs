//! Tournament bulletins (`bulletin`): games of PGN laid out as a book. A title page (the
//! `title` setting, else the first game's Event tag), a contents list by round (each round a
//! heading of level 1, each game one of level 2 with its board, players, ratings and result,
//! and the braille page where it begins), and at the end an index of players, sorted as
//! Swedish sorts (å, ä, ö after z), each with the braille pages of their games.
//!
//! The headings are document nodes written by the book writer, as a book's are, so the
//! contents list, its page numbers (passes until they settle) and the volumes work for
//! bulletins as for books. The index takes its page numbers from the contents list's: the
//! pages where the game headings stood in the pass before, which are this pass's pages once
//! the list has settled (the index comes after every game, so it moves none of them).

use rustc_hash::FxHashMap;
use unicode_normalization::UnicodeNormalization;

use super::about::About;
use crate::braille::game::is_rating;
use crate::document::{Emphasis, Node, Piece, Pos};

use crate::braille::book::{BOARD_WORD as BOARD, INDEX_HEADING, NO_ROUND, ROUND_WORD as ROUND};

/// What a bulletin has seen of its games, kept from pass to pass.
#[derive(Clone, Debug, Default)]
pub(super) struct Bulletin {
    /// The title page's title: the setting's, else the first game's Event tag (learnt in the
    /// first pass).
    pub(super) title: Option<String>,
    /// Where the title stands in the input, when it is the first game's Event tag (for
    /// messages).
    title_at: Option<Pos>,
    /// The bulletin writes its own title page: not when it is a book's, whose front matter
    /// gave the title page already.
    title_page: bool,
    /// The round of the game before, and its event when the games are of several (its
    /// heading is written when either changes).
    round: (Option<String>, Option<String>),
    /// The first game's Event, and whether a game of another event was seen (learnt in the
    /// first pass, kept: a file of several groups names each group's rounds).
    first_event: Option<String>,
    several_events: bool,
    /// Games of several events were expected from a look at the input's Event tags before
    /// the first pass ([`several_events_in`]): its round headings name their events from the
    /// first game (as every later pass's do), unless the games do not bear it out.
    expect_several: bool,
    /// Each player (the name tidied) and the contents entries (game headings) of their games
    /// (numbered as the headings' marks are: none past `u32`). Sorted once, for the index
    /// (not kept in order at every game: each name's key made and looked for among all the
    /// others' took a bulletin's laying-out thread a tenth of its last pass).
    players: FxHashMap<String, Vec<u32>>,
    /// A player's name tidied, kept for its buffer.
    tidied: String,
    /// Games laid out in this pass (`None` before the first), and in the pass before
    /// (`None` in the first).
    games: Option<usize>,
    games_before: Option<usize>,
    /// The output has pages (a page length): else no contents list and no index of
    /// players, which name pages.
    paged: bool,
}

impl Bulletin {
    /// A bulletin under this title (`None`: the first game's Event), with a title page of its
    /// own unless a book's front matter has made one (`title_page` false: then `title` is the
    /// book's, and no Event tag changes it).
    pub(super) fn new(title: Option<String>, title_page: bool, paged: bool) -> Bulletin {
        Bulletin {
            title,
            title_page,
            paged,
            ..Bulletin::default()
        }
    }

    /// Games of several events are expected (before the first pass).
    pub(super) fn expect_several_events(&mut self) {
        self.expect_several = true;
    }

    /// Whether the pass laid out made its round headings as every later pass will: naming
    /// their events from the first game when its games are of several events, never when
    /// they are of one.
    pub(super) fn headings_as_learnt(&self) -> bool {
        self.expect_several == self.several_events
    }

    /// Several events were expected and the games are of one: the expectation is dropped.
    /// Returns whether it was.
    pub(super) fn drop_wrong_expectation(&mut self) -> bool {
        let wrong = self.expect_several && !self.several_events;
        if wrong {
            self.expect_several = false;
        }
        wrong
    }

    /// A pass is done (its index written): its players go, as the next pass finds them again
    /// (the bulletin is copied for each pass, and for each front laid out alone).
    pub(super) fn pass_done(&mut self) {
        self.players.clear();
    }

    /// A new pass: the rounds and players are found again; the title stays.
    pub(super) fn restart(&mut self) {
        self.round = (None, None);
        self.players.clear();
        self.games_before = self.games.replace(0);
    }

    /// The title page and the contents list, before the first game.
    /// Whether the bulletin makes its own title page (no book's front matter made one).
    pub(super) fn own_title_page(&self) -> bool {
        self.title_page
    }

    /// Nothing when the pass before found no game (an empty file, or every game skipped):
    /// the output is empty then, as a book's of an empty file is.
    pub(super) fn front(&self) -> Vec<Node> {
        let mut nodes = Vec::new();
        if self.games_before == Some(0) {
            return nodes;
        }
        if let Some(title) = self.title.as_ref().filter(|_| self.title_page) {
            let at = self.title_at.unwrap_or(PROGRAM);
            nodes.push(Node::TitlePage {
                title: Some(vec![piece(title, at)]),
                author: None,
            });
        }
        if self.paged {
            nodes.push(Node::Contents);
        }
        nodes
    }

    /// The headings before a game: its round's when the round changes, then its own (unless
    /// `own` is false: its braille was made ahead). `entry` is the index the game's heading
    /// gets in the contents list.
    pub(super) fn before_game(&mut self, about: &About, entry: usize, own: bool) -> Vec<Node> {
        self.games = Some(self.games.unwrap_or(0) + 1);
        if self.title.is_none() && self.title_page {
            let event = about.tag_at("Event");
            self.title = event.map(|(e, _)| e.to_owned());
            self.title_at = event.map(|(_, at)| at);
        }
        let event = about.tag_at("Event");
        match (&self.first_event, event) {
            (None, Some((e, _))) => self.first_event = Some(e.to_owned()),
            (Some(first), Some((e, _))) if first != e => self.several_events = true,
            _ => {}
        }
        let event = event.filter(|_| self.several_events || self.expect_several);
        let mut nodes = Vec::new();
        let (round, board) = round_and_board(about);
        // (Compared as they stand: made into strings only when the round changes.)
        let key = (round.map(|(r, _)| r), event.map(|(e, _)| e));
        let before = (self.round.0.as_deref(), self.round.1.as_deref());
        // A round's heading when the round (or the event of a file of several) changes;
        // games without a round after games with one get a heading of their own, not the
        // round before: `Rond 3`, `Utan rond`; `Rond 3, SM-gruppen` when the games are of
        // several events.
        if key != before && (key.0.is_some() || key.1.is_some() || before != (None, None)) {
            let mut text = match round {
                Some((r, at)) => vec![piece(&format!("{ROUND} "), about.place()), piece(r, at)],
                None => plain(NO_ROUND),
            };
            if let Some((e, at)) = event {
                text.push(piece(", ", about.place()));
                text.push(piece(e, at));
            }
            nodes.push(Node::Heading { level: 1, text });
            self.round = (key.0.map(str::to_owned), key.1.map(str::to_owned));
        }
        // The round's heading takes an entry of its own.
        let entry = entry + nodes.len();
        if own {
            nodes.push(Node::Heading {
                level: 2,
                text: game_heading(about, board),
            });
        }
        // The players, for the index (none without pages: no index then, and nothing kept
        // a player).
        for side in ["White", "Black"].into_iter().filter(|_| self.paged) {
            if let Some(name) = about.tag(side) {
                // (A player met before is found by the name tidied into the kept buffer: a
                // new string only for a new player.)
                tidy_into(name, &mut self.tidied);
                let entry = u32::try_from(entry).ok();
                match self.players.get_mut(self.tidied.as_str()) {
                    Some(entries) => entries.extend(entry),
                    None => {
                        self.players
                            .insert(self.tidied.clone(), entry.into_iter().collect());
                    }
                }
            }
        }
        nodes
    }

    /// The index of players, after the last game: each player with the pages of their games'
    /// headings as `pages` tells them (the contents list's entry `i` stands on page
    /// `pages(i)`). A node at a time, so that each is laid out before the next is made (the
    /// whole index of 160 000 players held at once, as nodes and then as blocks, was most
    /// of a bulletin's memory; issue 32).
    pub(super) fn index<'b>(
        &'b self,
        pages: &'b dyn Fn(usize) -> Option<u32>,
    ) -> impl Iterator<Item = Node> + 'b {
        let paged = self.paged && !self.players.is_empty();
        let heading = paged.then(|| Node::Heading {
            level: 1,
            text: plain(INDEX_HEADING),
        });
        // Sorted as Swedish sorts, names alike in that order by their letters.
        let mut players: Vec<(Vec<u32>, &String, &Vec<u32>)> = match paged {
            true => self
                .players
                .iter()
                .map(|(name, entries)| (sort_key(name), name, entries))
                .collect(),
            false => Vec::new(),
        };
        players.sort_unstable_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
        heading
            .into_iter()
            .chain(players.into_iter().map(move |(_, name, entries)| {
                let mut numbers: Vec<u32> =
                    entries.iter().filter_map(|&e| pages(e as usize)).collect();
                numbers.dedup();
                let listed: Vec<String> = numbers.iter().map(u32::to_string).collect();
                let text = match listed.is_empty() {
                    true => name.clone(),
                    false => format!("{name} {}", listed.join(", ")),
                };
                Node::Paragraph {
                    text: plain(&text),
                    opening: crate::document::Opening::AfterBreak,
                    broken: false,
                }
            }))
    }
}

/// A tag's text (or part of one) and where it stands in the input.
pub(super) type Placed<'a> = Option<(&'a str, Pos)>;

/// A game's round and board: `Round "3.1"` is round 3, board 1 (as broadcasts write it);
/// a `Board` tag names the board.
pub(super) fn round_and_board(about: &About) -> (Placed<'_>, Placed<'_>) {
    let round = about.tag_at("Round");
    let (round, board) = match round.and_then(|(r, at)| Some((r.split_once('.')?, at))) {
        Some(((r, b), at)) if !r.is_empty() && !b.is_empty() => {
            (Some((r, at)), Some((b, at.plus(r.chars().count() + 1))))
        }
        _ => (round, None),
    };
    let board = about.tag_at("Board").or(board);
    (round, board)
}

/// A game's heading: `Bord 1: Carlsen, Magnus (2837) – Nepomniachtchi, Ian (2758), 1-0`.
/// What comes from a tag stands where the tag has it (a character with no braille rule is
/// reported there); the program's own words at the game.
pub(super) fn game_heading(about: &About, board: Placed<'_>) -> Vec<Piece> {
    let mut pieces = HeadingPieces::default();
    pieces.make(about, board);
    pieces.into_vec()
}

/// Pieces a [`HeadingPieces`] keeps at most from one heading for the next: a heading has
/// some fifteen.
const PIECES_KEPT: usize = 64;

/// A game's heading as pieces ([`game_heading`]), their strings kept from game to game (a
/// thread that translates a bulletin's games makes one a game: made anew, its some fifteen
/// strings were each allocated and freed there, and with two threads doing so their
/// allocator's locks were a tenth of a bulletin's first pass; issue 33).
#[derive(Debug, Default)]
pub(super) struct HeadingPieces {
    /// The pieces, the first `len` of them this game's (those after kept for their strings).
    pieces: Vec<Piece>,
    len: usize,
}

impl HeadingPieces {
    /// The heading of the game made last.
    pub(super) fn as_slice(&self) -> &[Piece] {
        &self.pieces[..self.len]
    }

    /// The heading of the game made last, its own pieces alone.
    fn into_vec(mut self) -> Vec<Piece> {
        self.pieces.truncate(self.len);
        self.pieces
    }

    /// Makes the heading of the game `about` (`board`: its board, as [`round_and_board`]
    /// finds it), in place of the one before.
    pub(super) fn make(&mut self, about: &About, board: Placed<'_>) {
        self.len = 0;
        // (A name of very many words leaves no more than this many pieces kept after it.)
        self.pieces.truncate(PIECES_KEPT);
        let own = about.place();
        if let Some((b, at)) = board {
            self.push(&[BOARD, " "], own);
            self.push(&[b], at);
            self.push(&[": "], own);
        }
        self.player(about, "White", "WhiteElo");
        self.push(&[" – "], own);
        self.player(about, "Black", "BlackElo");
        let result = match about.tag("Result") {
            Some("1-0") => Some("1-0"),
            Some("0-1") => Some("0-1"),
            Some("1/2-1/2") | Some("½-½") => Some("remi"),
            _ => None,
        };
        if let Some(r) = result {
            self.push(&[", ", r], own);
        }
    }

    /// A player's name (`NN` without one) and rating.
    fn player(&mut self, about: &About, name: &str, elo: &str) {
        let own = about.place();
        match about.tag_at(name) {
            // The name's words as [`tidy_into`] finds them (blanks run together, a word ended
            // after a comma), each a piece at its place in the tag, with a blank between
            // them; as the tag writes them (not composed, as the index's names are).
            Some((n, at)) => {
                let mut first = true;
                each_tidy_word(n, |start, word| {
                    if !first {
                        self.push(&[" "], at);
                    }
                    first = false;
                    self.push(&[word], at.plus(n[..start].chars().count()));
                });
            }
            None => self.push(&["NN"], own),
        }
        if let Some((e, at)) = about.tag_at(elo).filter(|(e, _)| is_rating(e)) {
            self.push(&[" ("], own);
            self.push(&[e], at);
            self.push(&[")"], own);
        }
    }

    /// A piece of `parts` standing at `at`, in the string of the piece kept at its place.
    fn push(&mut self, parts: &[&str], at: Pos) {
        if self.len == self.pieces.len() {
            self.pieces.push(Piece {
                text: String::new(),
                emphasis: Emphasis::None,
                at,
            });
        }
        let piece = &mut self.pieces[self.len];
        piece.text.clear();
        parts.iter().for_each(|part| piece.text.push_str(part));
        (piece.emphasis, piece.at) = (Emphasis::None, at);
        self.len += 1;
    }
}

/// The words [`tidy_into`] makes of a name: split at blanks, and after each comma (which ends its
/// word); each handed to `word` with its byte offset in the name (nothing kept).
fn each_tidy_word<'n>(name: &'n str, mut word: impl FnMut(usize, &'n str)) {
    let mut start = None;
    for (i, c) in name.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                word(s, &name[s..i]);
            }
        } else {
            let s = *start.get_or_insert(i);
            if c == ',' {
                word(s, &name[s..=i]);
                start = None;
            }
        }
    }
    if let Some(s) = start {
        word(s, &name[s..]);
    }
}

/// [`tidy_into`] into a new string (the tests').
#[cfg(test)]
fn tidy(name: &str) -> String {
    let mut out = String::new();
    tidy_into(name, &mut out);
    out
}

/// A player's name as the index writes it, into `out` (emptied first: a bulletin tidies both
/// players' names at every game, in every pass, into one buffer): `Carlsen,Magnus` with a
/// blank after the comma, blanks run together, characters composed (NFC).
fn tidy_into(name: &str, out: &mut String) {
    // Composed (NFC): `Å` written as A and a combining ring (as a Mac may write it) is the
    // same player as `Å`, and sorts as one.
    // (ASCII is composed already: most names, and each is tidied at every game.)
    let composed: std::borrow::Cow<'_, str> = match name.is_ascii() {
        true => name.into(),
        false => name.nfc().collect::<String>().into(),
    };
    out.clear();
    // (A word is never empty: one blank between two.)
    each_tidy_word(&composed, |_, word| {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    });
}

/// The order Swedish dictionaries and telephone books use: letters without regard to case,
/// accents folded (é as e, ü as y, æ as ä, ø as ö), and å, ä, ö as the last letters after z;
/// what is not a letter or digit sorts before the letters (a blank before any letter, so
/// `Berg, A` comes before `Bergström`).
fn sort_key(name: &str) -> Vec<u32> {
    let code = sort_code;
    let mut key = Vec::with_capacity(name.len());
    // ASCII (most names, and each is keyed at every game) has nothing to compose, fold or
    // take off: each character is its lower-case letter's code.
    if name.is_ascii() {
        key.extend(name.chars().map(|c| code(c.to_ascii_lowercase())));
        return key;
    }
    sort_key_composed(name, key)
}

/// [`sort_key`] of any text, into `key`.
fn sort_key_composed(name: &str, mut key: Vec<u32>) -> Vec<u32> {
    let z = u32::from('z');
    let code = sort_code;
    // Composed first: `å` written as a and a combining ring is `å`, not `a`.
    for c in name.nfc().flat_map(char::to_lowercase) {
        // The Swedish letters (and those Swedish sorts as they) before accents are taken off.
        let folded = match c {
            'å' => z + 1,
            'ä' | 'æ' => z + 2,
            'ö' | 'ø' | 'œ' => z + 3,
            'ü' => code('y'),
            // Letters with a stroke or of their own, which no decomposition takes apart.
            'ł' => code('l'),
            'đ' | 'ð' => code('d'),
            'ı' => code('i'),
            'ħ' => code('h'),
            'ŧ' => code('t'),
            'ß' => {
                key.extend([code('s'), code('s')]);
                continue;
            }
            'þ' => {
                key.extend([code('t'), code('h')]);
                continue;
            }
            // Any other accent goes: the letter under it counts (é as e, ř as r, ș as s).
            c => {
                let base = c.nfd().filter(|d| !('\u{300}'..='\u{36f}').contains(d));
                key.extend(base.map(code));
                continue;
            }
        };
        key.push(folded);
    }
    key
}

/// A character's place in [`sort_key`]'s order, once folded: a comma, then blanks, then any
/// other sign, then letters and digits by their code.
fn sort_code(c: char) -> u32 {
    match c {
        ',' => 1,
        c if c.is_whitespace() => 2,
        c if c.is_alphanumeric() => u32::from(c),
        _ => 3,
    }
}

/// The place given to the program's own words where no game is at hand.
const PROGRAM: Pos = Pos { line: 1, column: 1 };

/// Text of the program's own as inline text.
fn plain(text: &str) -> Vec<Piece> {
    vec![piece(text, PROGRAM)]
}

/// Text standing at `at` as a piece of inline text.
fn piece(text: &str, at: Pos) -> Piece {
    Piece {
        text: text.to_owned(),
        emphasis: Emphasis::None,
        at,
    }
}

/// Whether the Event tags of `input` name more than one event, read ahead of the games: a
/// look for lines that begin with `[Event "`, their values unescaped as the tag reader does.
/// A guess, checked against the games the first pass reads (an Event tag in a comment, or in
/// a game left out, may mislead it); it stops at the second event. (A tournament's bulletin
/// reads its whole input so before its first pass, on one thread: the input is looked through
/// a buffer at a time for `[Event`, not a line at a time; a line is held across buffers up to
/// [`LINE_LOOKED_AT`] bytes.)
pub(super) fn several_events_in(mut input: impl std::io::BufRead) -> std::io::Result<bool> {
    let mut events = Events::default();
    // The start of a line the buffer cut (at most its first `LINE_LOOKED_AT` bytes): empty
    // at a line's start.
    let mut held = Vec::new();
    let hold = |held: &mut Vec<u8>, bytes: &[u8]| {
        let room = LINE_LOOKED_AT.saturating_sub(held.len());
        held.extend_from_slice(&bytes[..room.min(bytes.len())]);
    };
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(events.in_lines(&held));
        }
        let len = buf.len();
        if let Some(last) = memchr::memrchr(b'\n', buf) {
            let mut lines = &buf[..=last];
            // The line begun in the buffers before ends in this one.
            if !held.is_empty() {
                let end = memchr::memchr(b'\n', lines).map_or(lines.len(), |k| k + 1);
                hold(&mut held, &lines[..end]);
                if events.in_lines(&held) {
                    return Ok(true);
                }
                held.clear();
                lines = &lines[end..];
            }
            if events.in_lines(lines) {
                return Ok(true);
            }
            hold(&mut held, &buf[last + 1..]);
        } else {
            hold(&mut held, buf);
        }
        input.consume(len);
    }
}

/// The most of a line [`several_events_in`] holds across buffers: a line is looked at by its
/// first bytes (an Event tag's value longer than that is compared by its start, a tag after
/// as many blanks is not seen; the first pass tells).
const LINE_LOOKED_AT: usize = 64 * 1024;

/// The first event named, for [`several_events_in`].
#[derive(Default)]
struct Events {
    first: Option<Vec<u8>>,
    value: Vec<u8>,
}

impl Events {
    /// Whether the lines `text` (whole lines, each with its line end but perhaps the last)
    /// name an event other than the first. (A line with `[Event` is looked at once, however
    /// many it holds: the look goes on after its end, so every byte is looked at a few times
    /// at most.)
    fn in_lines(&mut self, text: &[u8]) -> bool {
        let finder = memchr::memmem::Finder::new(b"[Event");
        // Where the look goes on: a line's start.
        let mut from = 0;
        while let Some(k) = finder.find(&text[from..]) {
            let at = from + k;
            let start = memchr::memrchr(b'\n', &text[from..at]).map_or(from, |k| from + k + 1);
            let end = memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |k| at + k + 1);
            // (Each line by its first `LINE_LOOKED_AT` bytes, as a line held across buffers.)
            let looked_at = start + LINE_LOOKED_AT;
            let name_end = at + b"[Event".len();
            if name_end <= looked_at
                && text[start..at].iter().all(u8::is_ascii_whitespace)
                && self.names_another(&text[name_end..end.min(looked_at)])
            {
                return true;
            }
            from = end;
        }
        false
    }

    /// Whether the rest of a line after `[Event` names an event other than the first.
    fn names_another(&mut self, rest: &[u8]) -> bool {
        let Some(rest) = rest.trim_ascii_start().strip_prefix(b"\"") else {
            return false;
        };
        self.value.clear();
        let mut bytes = rest.iter();
        while let Some(&b) = bytes.next() {
            match b {
                b'"' => break,
                b'\\' => self.value.extend(bytes.next()),
                _ => self.value.push(b),
            }
        }
        match &self.first {
            None => {
                self.first = Some(self.value.clone());
                false
            }
            Some(first) => *first != self.value,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn about(tags: &[(&str, &str)]) -> About {
        let mut kept = crate::chess::Tags::default();
        tags.iter().for_each(|(n, v)| kept.push_at(n, v, None));
        About {
            tags: kept,
            ..About::default()
        }
    }

    #[test]
    fn every_accent_but_the_swedish_letters_is_taken_off_to_sort() {
        let mut names = vec![
            "Zetterberg, O",
            "Ţurcan, I",
            "Şahin, C",
            "Řehoř, A",
            "İbrahim, E",
            "Đukić, G",
            "Sanz, D",
            "Rydberg, B",
            "Ianov, F",
            "Dahl, H",
            "Tal, J",
            "Östlund, P",
            "Großmann, K",
            "Grossi, L",
        ];
        names.sort_by_key(|n| sort_key(n));
        assert_eq!(
            names,
            [
                "Dahl, H",
                "Đukić, G",
                "Grossi, L",
                "Großmann, K",
                "Ianov, F",
                "İbrahim, E",
                "Řehoř, A",
                "Rydberg, B",
                "Şahin, C",
                "Sanz, D",
                "Tal, J",
                "Ţurcan, I",
                "Zetterberg, O",
                "Östlund, P",
            ]
        );
    }

    #[test]
    fn ascii_names_are_keyed_as_any_other_text() {
        // The quick way for ASCII gives what the general one does, every character of it.
        let all: String = (0u8..0x80).map(char::from).collect();
        for name in [
            all.as_str(),
            "Carlsen, Magnus",
            "van der Wiel,J",
            "O'Kelly\tde Galway",
        ] {
            assert_eq!(
                sort_key(name),
                sort_key_composed(name, Vec::new()),
                "{name:?}"
            );
        }
        assert_eq!(tidy("Carlsen,Magnus  Ø"), "Carlsen, Magnus Ø");
    }

    #[test]
    fn swedish_order_puts_a_ring_a_diaeresis_and_o_diaeresis_after_z() {
        let mut names = vec![
            "Östlund, P",
            "Zetterberg, O",
            "Åkesson, R",
            "Ärlig, B",
            "Andersson, A",
            "Berg, A",
            "Bergström, K",
            "Émile, X",
            "Müller, T",
            "Yusupov, A",
            "Ødegaard, M",
        ];
        names.sort_by_key(|n| sort_key(n));
        assert_eq!(
            names,
            [
                "Andersson, A",
                "Berg, A",
                "Bergström, K",
                "Émile, X",
                "Müller, T",
                "Yusupov, A",
                "Zetterberg, O",
                "Åkesson, R",
                "Ärlig, B",
                "Ødegaard, M",
                "Östlund, P",
            ]
        );
        // Decomposed letters (A and a combining ring, O and a combining diaeresis) sort as
        // the composed ones, and are the same name.
        let (ring, dots) = ("A\u{30a}kesson, R", "O\u{308}berg, P");
        assert_eq!(sort_key(ring), sort_key("Åkesson, R"));
        assert!(sort_key(dots) > sort_key("Zetterberg, O"));
        assert_eq!(tidy(ring), "Åkesson, R");
    }

    #[test]
    fn round_board_and_heading_from_the_tags() {
        let text = |pieces: Vec<Piece>| pieces.into_iter().map(|p| p.text).collect::<String>();
        let a = about(&[
            ("Round", "3.12"),
            ("White", "Carlsen,Magnus"),
            ("WhiteElo", "2837"),
            ("Black", "Nepo"),
            ("Result", "1/2-1/2"),
        ]);
        let (round, board) = round_and_board(&a);
        fn word(p: Placed<'_>) -> Option<&str> {
            p.map(|(w, _)| w)
        }
        assert_eq!((word(round), word(board)), (Some("3"), Some("12")));
        assert_eq!(
            text(game_heading(&a, board)),
            "Bord 12: Carlsen, Magnus (2837) – Nepo, remi"
        );
        let b = about(&[("Round", "5"), ("Board", "2"), ("Black", "B")]);
        let (round, board) = round_and_board(&b);
        assert_eq!((word(round), word(board)), (Some("5"), Some("2")));
        assert_eq!(text(game_heading(&b, board)), "Bord 2: NN – B");
    }

    #[test]
    fn headings_made_one_after_another_in_kept_pieces_are_each_its_own() {
        let games = [
            about(&[
                ("Round", "1.3"),
                ("White", "van der Berg, Jan Willem"),
                ("WhiteElo", "2410"),
                ("Black", "Öst"),
                ("BlackElo", "1999"),
                ("Result", "1-0"),
            ]),
            about(&[("White", "Ask"), ("Black", "Bo")]),
            about(&[("Board", "7"), ("Black", "Cid  Dahl"), ("Result", "½-½")]),
            about(&[("Round", "2"), ("White", "Eek, E"), ("Result", "0-1")]),
        ];
        let mut kept = HeadingPieces::default();
        // Each order: a heading of fewer pieces after one of more, and of more after fewer.
        for order in [[0, 1, 2, 3], [3, 2, 1, 0], [1, 0, 3, 2]] {
            for i in order {
                let board = round_and_board(&games[i]).1;
                kept.make(&games[i], board);
                assert_eq!(kept.as_slice(), game_heading(&games[i], board), "game {i}");
            }
        }
        let text = |p: &[Piece]| p.iter().map(|p| p.text.as_str()).collect::<String>();
        kept.make(&games[0], round_and_board(&games[0]).1);
        assert_eq!(
            text(kept.as_slice()),
            "Bord 3: van der Berg, Jan Willem (2410) – Öst (1999), 1-0"
        );
        kept.make(&games[1], None);
        assert_eq!(text(kept.as_slice()), "Ask – Bo");
    }

    /// A game whose tags stand each on a line of its own, in order from line 1, its value
    /// starting at column 10.
    fn placed_about(values: &[(&str, &str)]) -> About {
        let mut tags = crate::chess::Tags::default();
        for (line, (n, v)) in (1..).zip(values) {
            tags.push_at(n, v, Some(Pos { line, column: 10 }));
        }
        About {
            tags,
            ..About::default()
        }
    }

    #[test]
    fn a_name_not_in_ascii_stands_at_its_characters_and_no_rating_is_made_up() {
        // `Ö` and `Å` are two bytes each, one column.
        let a = placed_about(&[
            ("White", "Öst,Åke  Li"),
            ("WhiteElo", "21OO"),
            ("Black", "B"),
            ("BlackElo", "0"),
        ]);
        let placed: Vec<(String, Pos)> = game_heading(&a, None)
            .into_iter()
            .map(|p| (p.text, p.at))
            .collect();
        let at = |line, column| Pos { line, column };
        // The program's own words stand at the game (line 1, column 1 when not known).
        assert_eq!(
            placed,
            [
                ("Öst,".to_owned(), at(1, 10)),
                (" ".to_owned(), at(1, 10)),
                ("Åke".to_owned(), at(1, 14)),
                (" ".to_owned(), at(1, 10)),
                ("Li".to_owned(), at(1, 19)),
                (" – ".to_owned(), at(1, 1)),
                ("B".to_owned(), at(3, 10)),
            ]
        );
    }

    #[test]
    fn what_comes_from_a_tag_stands_where_the_tag_has_it() {
        // (Line 1 is the Round tag.)
        let a = placed_about(&[
            ("Round", "3.12"),
            ("White", " Wang,Hao  Li"),
            ("Black", "B"),
        ]);
        let (round, board) = round_and_board(&a);
        assert_eq!(
            round.map(|r| r.1),
            Some(Pos {
                line: 1,
                column: 10
            })
        );
        // After `3.`.
        assert_eq!(
            board.map(|b| b.1),
            Some(Pos {
                line: 1,
                column: 12
            })
        );
        let placed: Vec<(String, Pos)> = game_heading(&a, board)
            .into_iter()
            .filter(|p| p.at.line == 2)
            .map(|p| (p.text, p.at))
            .collect();
        let at = |column| Pos { line: 2, column };
        // The blank before the name is trimmed; `Wang,` at 11, `Hao` after the comma at 16,
        // `Li` after two blanks at 21 (the blank written between words stands at the tag).
        assert_eq!(
            placed,
            [
                ("Wang,".to_owned(), at(11)),
                (" ".to_owned(), at(11)),
                ("Hao".to_owned(), at(16)),
                (" ".to_owned(), at(11)),
                ("Li".to_owned(), at(21)),
            ]
        );
        assert_eq!(tidy(" Wang,Hao  Li"), "Wang, Hao Li");
    }

    #[test]
    fn each_player_once_with_every_game() {
        let mut b = Bulletin::new(None, true, true);
        let games = [
            about(&[
                ("Event", "SM"),
                ("Round", "1.1"),
                ("White", "Öst"),
                ("Black", "Ask"),
            ]),
            about(&[("Round", "1.2"), ("White", "Bo"), ("Black", "Cid")]),
            about(&[("Round", "2.1"), ("White", "Ask"), ("Black", "Bo")]),
        ];
        let mut entries = 0;
        let mut headings = Vec::new();
        for g in &games {
            for node in b.before_game(g, entries, true) {
                if let Node::Heading { level, text } = node {
                    headings.push((level, text.into_iter().map(|p| p.text).collect()));
                    entries += 1;
                }
            }
        }
        assert_eq!(b.title.as_deref(), Some("SM"));
        assert_eq!(
            headings,
            [
                (1, "Rond 1".to_string()),
                (2, "Bord 1: Öst – Ask".to_string()),
                (2, "Bord 2: Bo – Cid".to_string()),
                (1, "Rond 2".to_string()),
                (2, "Bord 1: Ask – Bo".to_string()),
            ]
        );
        // Entry i stands on page 10 + i.
        let index = b.index(&|e| Some(10 + e as u32));
        let lines: Vec<String> = index
            .filter_map(|n| match n {
                Node::Paragraph { text, .. } => Some(text[0].text.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(lines, ["Ask 11, 14", "Bo 12, 14", "Cid 12", "Öst 11"]);
    }

    #[test]
    fn the_event_tags_are_read_ahead_for_a_second_event() {
        let several = |text: &str| several_events_in(text.as_bytes()).expect("read");
        let game = |event: &str| format!("[Event \"{event}\"]\n[Round \"1\"]\n\n1. e4 e5 1-0\n\n");
        assert!(!several(""));
        assert!(!several("1. e4 e5 1-0\n"));
        assert!(!several(&(game("SM") + &game("SM") + &game("SM"))));
        assert!(several(&(game("SM") + &game("SM") + &game("SM-B"))));
        // Escapes read as the tag reader reads them; blanks before the tag and after its name.
        assert!(!several(
            &(game(r#"Cup \"A\""#) + "  [Event   \"Cup \\\"A\\\"\"]\n")
        ));
        assert!(several(&(game(r#"Cup \"A\""#) + &game(r#"Cup \"B\""#))));
        // Only tags at a line's start; a tag in a comment that starts a line misleads it
        // (the first pass tells).
        assert!(!several(
            &(game("SM") + "1. e4 {see [Event \"Other\"]} 1-0\n")
        ));
        assert!(several(
            &(game("SM") + "1. e4 {see\n[Event \"Other\"]} 1-0\n")
        ));
        // CR LF line ends.
        assert!(several("[Event \"A\"]\r\n[Event \"B\"]\r\n"));
    }

    /// A line longer than the look holds is looked at by its first [`LINE_LOOKED_AT`] bytes,
    /// however the buffers cut it: two long values alike there are one event, wherever they
    /// stand in the file; values that differ there are two.
    #[test]
    fn a_long_line_is_looked_at_by_its_start_wherever_the_buffers_cut_it() {
        let long = |first: &str, tail: &str| {
            let x = "x".repeat(LINE_LOOKED_AT + 5000);
            format!("[Event \"{first}{x}{tail}\"]\n")
        };
        let game = "[Round \"1\"]\n\n1. e4 e5 *\n\n";
        let alike = long("", "") + game + &long("", "") + "1. d4 *\n" + &long("", "");
        let differ_at_start = long("", "") + game + &long("y", "");
        let differ_past_the_look = long("", "a") + game + &long("", "b");
        let blanks_first = format!(
            "[Event \"A\"]\n{}[Event \"B\"]\n",
            " ".repeat(LINE_LOOKED_AT)
        );
        for size in [1000, 4096, 65536, 65537, 300_000] {
            let read = |text: &str| {
                let input = std::io::BufReader::with_capacity(size, text.as_bytes());
                several_events_in(input).expect("read")
            };
            assert!(!read(&alike), "{size}");
            assert!(read(&differ_at_start), "{size}");
            assert!(!read(&differ_past_the_look), "{size}");
            assert!(!read(&blanks_first), "{size}");
        }
    }

    /// Lines full of `[Event` that stands at no line's start (each such line is looked at
    /// once, however many it holds) answer as a line at a time reads them.
    #[test]
    fn lines_full_of_event_words_answer_as_a_line_at_a_time() {
        let line = format!("x{}\n", "[Event".repeat(2000));
        for tail in ["", "[Event \"A\"]\n", "[Event \"A\"]\n[Event \"B\"]\n"] {
            let text = line.repeat(20) + tail + &line;
            let expected = several_events_by_lines(text.as_bytes());
            assert_eq!(expected, tail.contains('B'));
            for size in [7, 4096, 65536] {
                let input = std::io::BufReader::with_capacity(size, text.as_bytes());
                assert_eq!(
                    several_events_in(input).expect("read"),
                    expected,
                    "{tail:?} {size}"
                );
            }
        }
    }

    /// The look a line at a time that [`several_events_in`] was: each line read whole.
    fn several_events_by_lines(mut input: impl std::io::BufRead) -> bool {
        let mut line = Vec::new();
        let mut events = Events::default();
        loop {
            line.clear();
            if input.read_until(b'\n', &mut line).expect("read") == 0 {
                return false;
            }
            let text = line.trim_ascii_start();
            if let Some(rest) = text.strip_prefix(b"[Event")
                && events.names_another(rest)
            {
                return true;
            }
        }
    }

    /// Random inputs of Event tags (blanks before them, escapes, lines cut short, tags in
    /// comments, CR LF), read through buffers of every small size: the look a buffer at a time
    /// answers as the look a line at a time.
    #[test]
    fn the_look_for_events_a_buffer_at_a_time_answers_as_a_line_at_a_time() {
        let pieces = [
            "[Event \"A\"]\n",
            "[Event \"B\"]\n",
            "  \t[Event   \"A\"]\r\n",
            "[Event \"A\\\"\"]\n",
            "[Event \"A",
            "[Event\n",
            "1. e4 {[Event \"B\"]} e5\n",
            "x [Event \"B\"]\n",
            "[EventB \"B\"]\n",
            "[Event\"A\"]\n",
            "\n",
            "[Event \"A\\",
            "\u{c}[Event \"A\"]\n",
            "1. d4 d5 *\n",
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let (mut several, mut one) = (0, 0);
        for _ in 0..3000 {
            let text: String = (0..next(8)).map(|_| pieces[next(pieces.len())]).collect();
            let expected = several_events_by_lines(text.as_bytes());
            for size in [1, 2, 3, 5, 8, 64] {
                let input = std::io::BufReader::with_capacity(size, text.as_bytes());
                let got = several_events_in(input).expect("read");
                assert_eq!(got, expected, "{text:?} a buffer of {size}");
            }
            match expected {
                true => several += 1,
                false => one += 1,
            }
        }
        assert!(several > 500 && one > 500, "{several} {one}");
    }
}
