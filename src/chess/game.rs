//! The replayed game: every move with the facts the position gives, in source order with its
//! comments, annotation glyphs and variations.

use std::ops::Range;

use shakmaty::{CastlingSide, Color, Role, Square};

use crate::document::Pos;
use crate::error::Location;

/// Check, double check or mate after a move, as the position says.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Check {
    None,
    /// One piece gives check.
    Single,
    /// Two pieces give check.
    Double,
    Mate,
}

/// Which coordinates of the from-square short notation must show (FIDE rules: file first,
/// rank if the file does not decide, both if neither alone does).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash)]
pub struct Disambiguation {
    pub file: bool,
    pub rank: bool,
}

/// What a move is, as the position says.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum MoveKind {
    /// Any move but castling; pawns have `role == Role::Pawn`.
    Normal {
        role: Role,
        from: Square,
        to: Square,
        capture: bool,
        en_passant: bool,
        promotion: Option<Role>,
        disambiguation: Disambiguation,
    },
    Castle(CastlingSide),
    /// A null move (`--`, `Z0`): the side passes.
    Null,
}

/// Castling in UCI as a build that checks itself names it: the king's move of standard
/// castling (`e1g1`, `e8c8`), whatever square the king castles from (Chess960).
pub(crate) fn castle_uci(color: shakmaty::Color, side: CastlingSide) -> String {
    let rank = if color == shakmaty::Color::White {
        1
    } else {
        8
    };
    let to = if side == CastlingSide::KingSide {
        'g'
    } else {
        'c'
    };
    format!("e{rank}{to}{rank}")
}

impl MoveFacts {
    /// The move in UCI (`e2e4`, `e1g1` for castling, `e7e8q`, `0000` for a null move): how
    /// a build that checks itself compares a move with the one read back from its braille.
    pub(crate) fn uci(&self) -> String {
        match self.kind {
            MoveKind::Normal {
                from,
                to,
                promotion,
                ..
            } => {
                let promo = promotion.map_or(String::new(), |r| r.char().to_string());
                format!("{from}{to}{promo}")
            }
            MoveKind::Castle(side) => castle_uci(self.color, side),
            MoveKind::Null => "0000".into(),
        }
    }
}

/// One move with everything braille writes about it.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct MoveFacts {
    /// The full-move number this move belongs to.
    pub number: u32,
    /// Who made the move.
    pub color: Color,
    pub kind: MoveKind,
    pub check: Check,
}

/// One thing in the movetext, in source order.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Item {
    Move(MoveFacts),
    /// A numeric annotation glyph of the move before it (`!` is `$1`), and where it stands.
    Nag(u8, Pos),
    /// A comment, as decoded text (whitespace as in the source): its bytes in the game's
    /// [`Game::text`] (see [`Game::comment`]), and where that text starts in the source (right
    /// after its `{` or `;`).
    Comment(Range<usize>, Pos),
    /// A comment of commands alone (`[%clk 0:05:00]`: the clock time lichess writes after
    /// every move): where it stands among the items, and no more. It is never written (it
    /// holds no prose; see [`comment_prose`]), so nothing is said of it, its place in the
    /// source is not needed, and its text is not kept.
    Commands,
    /// `(`: the moves that follow replace the last move played.
    VariationStart,
    /// `)`.
    VariationEnd,
    /// `[#]` in a comment (ChessBase's mark for a diagram): the position at that point, with
    /// the side to move, to be drawn there (docs/decisions.md, "Real exports and real books").
    /// Boxed: few games have one.
    Diagram(Box<(shakmaty::Board, Color)>),
}

/// The draw offer `(=)` after a move (FIDE's notation rules C.12; rules.md §5), which PGN has
/// no NAG for: inside the program it is the NAG 0, PGN's null annotation, which means nothing
/// and has no sign (a source's `$0` is left out with a warning as it is read, so it never
/// becomes a draw offer). `read` writes it back as `(=)`.
pub const DRAW_OFFER_NAG: u8 = 0;

/// PGN's NAG for an equal position, `=`: inside brackets right after a move, `(=)`, the draw
/// offer.
const EQUAL_NAG: u8 = 10;

/// Whether `items` end with the draw offer as PGN has it, `(=` right after a move (its `)`
/// next): where that `=` stands.
pub(crate) fn draw_offer_at(items: &[Item]) -> Option<crate::document::Pos> {
    match items {
        [
            ..,
            Item::Move(_) | Item::Nag(..),
            Item::VariationStart,
            Item::Nag(EQUAL_NAG, at),
        ] => Some(*at),
        _ => None,
    }
}

/// ChessBase's mark in a comment for a diagram of the position at that point.
pub const DIAGRAM_MARK: &str = "[#]";

/// Whether `text` holds [`DIAGRAM_MARK`]. (At every comment: a look for its `#` first, which
/// a comment seldom holds, costs a few instructions where a search for the three bytes costs
/// a searcher's setup each time.)
pub(crate) fn has_diagram_mark(text: &str) -> bool {
    text.as_bytes().contains(&b'#') && text.contains(DIAGRAM_MARK)
}

/// The game result, from the movetext's termination marker (or the Result tag).
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    Unknown,
}

/// A replayed game.
#[derive(Clone, Debug, Default)]
pub struct Game {
    /// 1-based number of the game within its file.
    pub number: usize,
    /// Where the game starts in its file.
    pub location: Option<Location>,
    /// Tag pairs in source order, values decoded.
    pub tags: Tags,
    pub items: Vec<Item>,
    /// The texts of the comments, one after the other (a string a comment cost an allocation
    /// and a free at every comment: clock times come with every move).
    pub text: String,
    pub result: Option<GameResult>,
    /// Its moves are written with English piece letters (or only with letters both languages
    /// share, read as English): its comments likely name moves so too.
    pub english_moves: bool,
    /// The position a game with a `[FEN]` tag starts from (its board and side to move are
    /// drawn; a build that checks itself replays from all of it). Boxed: few games have one,
    /// and a game is handed from thread to thread by value.
    pub start: Option<Box<shakmaty::Chess>>,
}

impl Game {
    /// The value of a tag, if present (the tests'; the heading finds its tags in one pass).
    #[cfg(test)]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.get(name)
    }

    /// The text of a comment ([`Item::Comment`]).
    pub fn comment(&self, text: &Range<usize>) -> &str {
        self.text.get(text.clone()).unwrap_or("")
    }
}

/// Where a tag's value stands in [`Tags`] ([`Tags::names`]).
#[derive(Clone, Copy, Debug)]
pub struct TagValue((usize, usize));

/// Tag pairs in source order: their names and values in one string, and where each stands in
/// it (a game's tags cost two allocations, not two a tag; a game's tag lines are copied in
/// once, and each name and value is a span of them).
#[derive(Clone, Debug, Default)]
pub struct Tags {
    text: String,
    /// For each tag, where its name and its value stand in `text`.
    spans: Vec<TagSpan>,
    /// Where each tag's value starts in its file, for the tags read from one (for messages).
    places: Vec<Option<crate::document::Pos>>,
}

/// Where a tag's name and value stand in [`Tags`]'s text.
#[derive(Copy, Clone, Debug)]
struct TagSpan {
    name: (usize, usize),
    value: (usize, usize),
}

/// Tags are the same when they hold the same names, values and places in the same order
/// (however their text was put together).
impl PartialEq for Tags {
    fn eq(&self, other: &Tags) -> bool {
        self.iter_at().eq(other.iter_at())
    }
}

impl Eq for Tags {}

impl Tags {
    /// Room for `tags` tags of `bytes` bytes in all.
    pub fn with_capacity(tags: usize, bytes: usize) -> Self {
        Tags {
            text: String::with_capacity(bytes),
            spans: Vec::with_capacity(tags),
            places: Vec::with_capacity(tags),
        }
    }

    /// Room for `tags` more tags of `bytes` more bytes in all.
    pub(crate) fn reserve(&mut self, tags: usize, bytes: usize) {
        self.text.reserve(bytes);
        self.spans.reserve(tags);
        self.places.reserve(tags);
    }

    /// No tags, the room kept.
    pub(crate) fn clear(&mut self) {
        self.text.clear();
        self.spans.clear();
        self.places.clear();
    }

    /// The bytes of room held.
    pub(crate) fn capacity(&self) -> usize {
        self.text.capacity()
            + self.spans.capacity() * std::mem::size_of::<TagSpan>()
            + self.places.capacity() * std::mem::size_of::<Option<crate::document::Pos>>()
    }

    /// A tag whose value starts at `at` in its file.
    pub(crate) fn push_at(&mut self, name: &str, value: &str, at: Option<crate::document::Pos>) {
        let name_start = self.text.len();
        self.text.push_str(name);
        let name = (name_start, self.text.len());
        self.push_value_at(name, value, at);
    }

    /// Text that holds names and values of tags to come ([`Tags::push_span_at`]): where it
    /// starts in the tags' text.
    pub(crate) fn push_source(&mut self, source: &str) -> usize {
        let start = self.text.len();
        self.text.push_str(source);
        start
    }

    /// A tag whose name and value stand at these spans of the text put in before
    /// ([`Tags::push_source`]; on a character's edges), its value starting at `at` in its file.
    pub(crate) fn push_span_at(
        &mut self,
        name: (usize, usize),
        value: (usize, usize),
        at: Option<crate::document::Pos>,
    ) {
        debug_assert!(self.text.get(name.0..name.1).is_some());
        debug_assert!(self.text.get(value.0..value.1).is_some());
        self.spans.push(TagSpan { name, value });
        self.places.push(at);
    }

    /// A tag whose name stands at this span of the text put in before, and whose value is
    /// `value` (one read from its source: unescaped, its lines joined).
    pub(crate) fn push_value_at(
        &mut self,
        name: (usize, usize),
        value: &str,
        at: Option<crate::document::Pos>,
    ) {
        let value_start = self.text.len();
        self.text.push_str(value);
        self.push_span_at(name, (value_start, self.text.len()), at);
    }

    /// Where the file has the first tag value holding `ch`, at that character (a value with
    /// escapes counts its characters as read).
    pub(crate) fn place_of(&self, ch: char) -> Option<crate::document::Pos> {
        (0..self.len()).find_map(|i| {
            let (_, value) = self.at(i)?;
            let before = value.find(ch)?;
            let at = self.places.get(i).copied().flatten()?;
            Some(at.plus(value[..before].chars().count()))
        })
    }

    pub fn len(&self) -> usize {
        self.spans.len()
    }

    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The text of a span.
    fn slice(&self, (start, end): (usize, usize)) -> &str {
        self.text.get(start..end).unwrap_or_default()
    }

    /// The name and value of the tag at `index`.
    pub fn at(&self, index: usize) -> Option<(&str, &str)> {
        let span = self.spans.get(index)?;
        Some((self.slice(span.name), self.slice(span.value)))
    }

    /// The tags in source order: name, value.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.spans
            .iter()
            .map(|span| (self.slice(span.name), self.slice(span.value)))
    }

    /// The tags' names in source order, each with a way to its value ([`Tags::value`]): a
    /// reader after a few names slices no value it passes over.
    pub fn names(&self) -> impl Iterator<Item = (&str, TagValue)> {
        self.spans
            .iter()
            .map(|span| (self.slice(span.name), TagValue(span.value)))
    }

    /// The value [`Tags::names`] gave the way to.
    pub fn value(&self, value: TagValue) -> &str {
        self.slice(value.0)
    }

    /// The value of the first tag of this name.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.at(self.index_of(name)?).map(|(_, v)| v)
    }

    /// The index of the first tag of this name: the names compared by their lengths first,
    /// and no value looked at (a bulletin asks for a few tags of every game, in every pass).
    fn index_of(&self, name: &str) -> Option<usize> {
        let text = self.text.as_bytes();
        self.spans.iter().position(|span| {
            let (start, end) = span.name;
            end - start == name.len() && text.get(start..end) == Some(name.as_bytes())
        })
    }

    /// The tags in source order: name, value, and where the value starts in its file.
    pub(crate) fn iter_at(
        &self,
    ) -> impl Iterator<Item = (&str, &str, Option<crate::document::Pos>)> {
        self.iter()
            .zip(self.places.iter().copied())
            .map(|((n, v), at)| (n, v, at))
    }

    /// The value of the first tag of this name, and where it starts in its file (one look
    /// for the name: a bulletin asks for a few tags of every game, in every pass).
    pub(crate) fn get_at(&self, name: &str) -> Option<(&str, Option<crate::document::Pos>)> {
        let i = self.index_of(name)?;
        let (_, value) = self.at(i)?;
        Some((value, self.places.get(i).copied().flatten()))
    }
}

/// A tag's value when it says something: trimmed, not empty, not `?`s, not `-` (a heading,
/// a bulletin and the proof leave out what does not).
pub(crate) fn says_something(value: &str) -> Option<&str> {
    // (Most values begin and end with a byte that is ASCII and no blank: nothing to trim, and
    // no character decoded to find that out.)
    let b = value.as_bytes();
    let bare = |c: Option<&u8>| c.is_some_and(|c| c.is_ascii_graphic());
    let v = match bare(b.first()) && bare(b.last()) {
        true => value,
        false => value.trim(),
    };
    Some(v).filter(|v| !v.is_empty() && !v.bytes().all(|c| c == b'?') && *v != "-")
}

/// The prose of a comment: the text without its embedded commands (`[%clk 0:05:00]`,
/// `[%eval 0.17]`, `[%csl Ga4]`: clock times, engine scores and arrows that programs store
/// in comments for themselves, not for a reader), blanks trimmed.
pub fn comment_prose(text: &str) -> std::borrow::Cow<'_, str> {
    let b = text.as_bytes();
    if commands_only(b) {
        // A clock time at every move, say: no prose, found at a glance.
        return std::borrow::Cow::Borrowed("");
    }
    let Some(first) = command_start(b, 0) else {
        return std::borrow::Cow::Borrowed(text.trim());
    };
    // The text outside the commands, its words joined by single blanks, made in one pass
    // (the commands are taken out first, so a word may run on across one: `a[%x]b` is `ab`).
    // A comment of commands alone (a clock time at every move) allocates nothing. Comments
    // are short: plain byte loops beat the set-up of a string search.
    let mut out = String::new();
    let mut blank = false;
    let mut push = |part: &str| {
        for (k, word) in part.split(char::is_whitespace).enumerate() {
            // Every word but the first follows a blank.
            blank |= k > 0;
            if !word.is_empty() {
                if blank && !out.is_empty() {
                    out.push(' ');
                }
                blank = false;
                out.push_str(word);
            }
        }
    };
    let mut from = 0;
    let mut start = Some(first);
    while let Some(at) = start {
        push(&text[from..at]);
        match b[at..].iter().position(|&c| c == b']') {
            Some(end) => from = at + end + 1,
            None => {
                // An unclosed command: keep it as text.
                from = at;
                break;
            }
        }
        start = command_start(b, from);
    }
    push(&text[from..]);
    std::borrow::Cow::Owned(out)
}

/// Whether a comment is nothing but commands and ASCII blanks, each command closed: one
/// whose prose ([`comment_prose`]) is empty, found at a glance.
pub(crate) fn commands_only(text: &[u8]) -> bool {
    commands_alone(text, false)
}

/// [`commands_only`] with no `#` in any command: a comment that is no text and holds no
/// diagram mark (`[%x [#]`), told in one pass (a clock time at every move of an export).
pub(crate) fn commands_without_hash(text: &[u8]) -> bool {
    commands_alone(text, true)
}

fn commands_alone(text: &[u8], no_hash: bool) -> bool {
    let mut i = 0;
    loop {
        while text.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        match text.get(i..i + 2) {
            None if i >= text.len() => return true,
            Some(b"[%") => i += 2,
            _ => return false,
        }
        // (`[%` holds no `]`: the command's end is the first `]` after it.)
        loop {
            match text.get(i) {
                Some(b']') => break,
                Some(b'#') if no_hash => return false,
                None => return false,
                Some(_) => i += 1,
            }
        }
        i += 1;
    }
}

/// Where the first command (`[%`) of `text` at or after `from` starts.
fn command_start(text: &[u8], from: usize) -> Option<usize> {
    let rest = text.get(from..)?;
    let i = rest.windows(2).position(|w| w == b"[%")?;
    Some(from + i)
}

#[cfg(test)]
mod tests {
    use super::{Tags, comment_prose, says_something};
    use crate::document::Pos;

    /// A tag is found by its whole name, the first of that name; its place with it.
    #[test]
    fn a_tag_is_the_first_of_its_whole_name() {
        let mut tags = Tags::default();
        let at = |column| Some(Pos { line: 1, column });
        for (i, (name, value)) in [
            ("WhiteElo", "2700"),
            ("White", "Berg"),
            ("Whit", "x"),
            ("White", "Dahl"),
            ("", "empty"),
            ("Black", ""),
        ]
        .into_iter()
        .enumerate()
        {
            tags.push_at(name, value, at(i as u32));
        }
        assert_eq!(tags.get("White"), Some("Berg"));
        assert_eq!(tags.get_at("White"), Some(("Berg", at(1))));
        assert_eq!(tags.get("WhiteElo"), Some("2700"));
        assert_eq!(tags.get("Whit"), Some("x"));
        assert_eq!(tags.get(""), Some("empty"));
        assert_eq!(tags.get_at("Black"), Some(("", at(5))));
        assert_eq!(tags.get("Wh"), None);
        assert_eq!(tags.get("Event"), None);
        assert_eq!(Tags::default().get_at("White"), None);
    }

    /// Tags made of spans of their source lines, a value read from its source put in apart,
    /// are the tags made a name and a value at a time: the same names, values and places.
    #[test]
    fn tags_from_their_lines_are_the_tags_put_in_one_by_one() {
        let at = |column| Some(Pos { line: 2, column });
        let lines = "[Event \"SM\"]\n[White \"Öberg, Å\"]\n[Black \"A \\\"B\\\"\"]";
        let span = |part: &str| {
            let start = lines.find(part).expect("in the lines");
            (start, start + part.len())
        };
        let mut spans = Tags::default();
        // (After a tag put in another way: the lines start past its text.)
        spans.push_at("Site", "Wien", at(1));
        let base = spans.push_source(lines);
        let moved = |(start, end): (usize, usize)| (base + start, base + end);
        spans.push_span_at(moved(span("Event")), moved(span("SM")), at(8));
        spans.push_span_at(moved(span("White")), moved(span("Öberg, Å")), at(9));
        spans.push_value_at(moved(span("Black")), "A \"B\"", at(10));
        let mut one_by_one = Tags::default();
        for (name, value, column) in [
            ("Site", "Wien", 1),
            ("Event", "SM", 8),
            ("White", "Öberg, Å", 9),
            ("Black", "A \"B\"", 10),
        ] {
            one_by_one.push_at(name, value, at(column));
        }
        assert_eq!(spans, one_by_one);
        assert_eq!(spans.len(), 4);
        assert_eq!(spans.get("White"), Some("Öberg, Å"));
        assert_eq!(spans.get_at("Black"), Some(("A \"B\"", at(10))));
        assert_eq!(spans.at(0), Some(("Site", "Wien")));
        // A place differs, or a value: not the same tags.
        one_by_one.push_at("Round", "1", at(1));
        spans.push_at("Round", "1", at(2));
        assert_ne!(spans, one_by_one);
    }

    /// A tag's value says something unless it is empty, `?`s or `-` once trimmed; it is
    /// trimmed of every blank (a no-break space too), and only of blanks.
    #[test]
    fn a_tag_value_is_known_trimmed_unless_it_says_nothing() {
        for (value, read) in [
            ("Carlsen, Magnus", Some("Carlsen, Magnus")),
            ("  Wijk aan Zee\t", Some("Wijk aan Zee")),
            ("\u{a0}Öberg\u{a0}", Some("Öberg")),
            ("Öberg", Some("Öberg")),
            ("x", Some("x")),
            ("?-", Some("?-")),
            ("\u{1}a\u{1}", Some("\u{1}a\u{1}")),
            ("", None),
            ("   ", None),
            ("?", None),
            ("???", None),
            (" ?? ", None),
            ("-", None),
            (" - ", None),
        ] {
            assert_eq!(says_something(value), read, "{value:?}");
        }
    }

    #[test]
    fn commands_are_not_prose() {
        assert_eq!(comment_prose(" [%clk 0:05:00] "), "");
        assert_eq!(comment_prose("[%clk 0:05:00][%eval 1.2]\n"), "");
        assert_eq!(comment_prose(""), "");
        assert_eq!(comment_prose(" [%clk 0:05:00] ["), "[");
        assert_eq!(comment_prose(" [%clk 0:05:00 "), "[%clk 0:05:00");
        assert_eq!(comment_prose(" [%clk 0:05:00] x"), "x");
        assert_eq!(
            comment_prose("Bra drag. [%eval 0.17] [%clk 0:01:02]"),
            "Bra drag."
        );
        assert_eq!(
            comment_prose("[%csl Ga4] Hot mot a4 [%cal Gd1a4]"),
            "Hot mot a4"
        );
        assert_eq!(comment_prose(" Vanlig text "), "Vanlig text");
        assert_eq!(comment_prose("[%oavslutad"), "[%oavslutad");
        assert_eq!(comment_prose("a[%x]b  c\u{a0}d [%y] e\n"), "ab c d e");
        assert_eq!(comment_prose(" x [%y"), "x [%y");
    }
}
