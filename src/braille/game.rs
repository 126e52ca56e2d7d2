//! A replayed game in braille: its heading, its moves with numbers, comment signs, comments and
//! variations, as layout blocks (rules.md §4, §4b, §5).

use rustc_hash::FxHashMap;
use shakmaty::Color;

use super::block::{Block, Paragraph};
use super::book::{Places, report_unmapped};
use super::cell::Cell;
use super::diagram::diagram;
use super::notation::{self, COMPACT_END, COMPACT_OMITTED, MoveStyle, OrdinaryMoves};
use super::pieces::push_lower_number;
use super::signs::{self, Placement, Refusal};
use super::text::{self, Unmapped};
use crate::chess::game::comment_prose;
use crate::chess::letters::{SwedishMoves, moves_to_swedish, prose_letters, prose_letters_of_game};
use crate::chess::pieces::Language;
use crate::chess::{Game, GameResult, Item, MoveFacts};
use crate::document::Pos;
use crate::error::{Diagnostic, Location, Warning};
use crate::settings::{DiagramForm, Layout, Notation, Options, SourceNotation};

/// Brackets of variations: parentheses and square brackets alternate with depth in ordinary
/// notation; compact notation uses square brackets at every depth, since its lower digits
/// 8 (236) and 0 (356) are the parentheses.
const PAREN_OPEN: Cell = Cell::dots("236");
const PAREN_CLOSE: Cell = Cell::dots("356");
const BRACKET_OPEN: Cell = Cell::dots("12356");
const BRACKET_CLOSE: Cell = Cell::dots("23456");

/// What a word of a game's moves is, as its writer wrote it: for a build that checks itself,
/// which reads every notation word back by the rules of reading and needs to know no more of
/// the writer than where its comments' words stand.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub enum WordKind {
    /// Notation: a move number, a move with its signs, brackets around them, the dashes, a
    /// sign after a blank, the period that ends a compact game.
    Notation,
    /// A word of a comment's text, with the brackets of variations written onto it: `opens`
    /// before its first cell, `closes` after its last.
    Text { opens: u8, closes: u8 },
    /// A word of a diagram drawn inside the game (a comment's `[#]`); `first` for its first.
    Diagram { first: bool },
}

/// The words of a game's moves as written (after its heading and start diagram), in order:
/// what a build that checks itself looks for in the pages ([`GameWriter::witnessing`]).
#[derive(Clone, Debug, Default)]
pub struct WrittenWords {
    /// The cells of every paragraph of words, one after the other (a paragraph's as it
    /// has them, blanks and all: copied whole).
    cells: Vec<Cell>,
    /// Where each word starts and ends in `cells`, and its kind.
    words: Vec<(u32, u32, WordKind)>,
}

impl WrittenWords {
    /// The words: their cells and kinds.
    pub fn iter(&self) -> impl Iterator<Item = (&[Cell], WordKind)> {
        self.words
            .iter()
            .map(|&(start, end, kind)| (&self.cells[start as usize..end as usize], kind))
    }

    /// How many words there are.
    pub fn len(&self) -> usize {
        self.words.len()
    }
}

/// The brackets of a variation at `depth` (1 for a variation of the main line): round and
/// square ones alternate in ordinary notation, compact notation has square ones only.
pub fn variation_brackets(notation: Notation, depth: usize) -> (Cell, Cell) {
    match notation == Notation::Compact || depth.is_multiple_of(2) {
        true => (BRACKET_OPEN, BRACKET_CLOSE),
        false => (PAREN_OPEN, PAREN_CLOSE),
    }
}

/// Writes games as blocks; keeps its buffers from game to game.
pub struct GameWriter {
    notation: Notation,
    layout: Layout,
    style: MoveStyle,
    ordinary: OrdinaryMoves,
    /// Comments write moves with these piece letters, not the Swedish ones
    /// (`source_notation: en`, `fr` …).
    letters: Option<&'static Language>,
    /// A game's comments write moves with the letters of its moves (`source_notation: auto`).
    letters_of_game: bool,
    cells: Vec<Cell>,
    unmapped: Vec<Unmapped>,
    /// The lines of a heading being written.
    heading_text: String,
    /// Heading lines translated lately, by their text.
    headings: FxHashMap<Box<str>, KnownLine>,
    /// The form of diagrams, whether to say who moves.
    diagram: (DiagramForm, bool),
    /// Every game from a position gets its start diagram (`start_diagram`); else only one
    /// with no moves (its position is all it has: a study, a problem).
    start_diagram: bool,
    /// The last game written got its start diagram.
    pub start_drawn: bool,
    /// Diagrams drawn inside the last game written (its comments' `[#]`).
    pub diagrams_inside: usize,
    /// A bulletin's game: its players, round and result stand in the bulletin's heading
    /// above it, so its own heading keeps only the opening and the annotator.
    bulletin: bool,
    /// NAGs left out of compact notation, over all games written.
    pub dropped_nags: usize,
    /// Where the first game with a NAG left out starts.
    pub first_dropped: Option<Location>,
    /// The words of the last game's moves, kept when a build checks itself.
    witness: Option<WrittenWords>,
}

/// State while one game is written.
struct Run<'a> {
    w: &'a mut GameWriter,
    blocks: &'a mut Vec<Block>,
    warnings: &'a mut Vec<Warning>,
    game: &'a Game,
    para: Paragraph,
    depth: usize,
    /// A Black move needs its number (`12...`): at the start, after a comment or variation.
    need_number: bool,
    /// Cells to put before the next word (an opening bracket).
    prefix: Vec<Cell>,
    /// A move waiting for its annotation glyphs.
    pending: Option<MoveFacts>,
    /// The annotation glyphs of the pending move, with their places (as many as the source
    /// gives).
    nags: Vec<(u8, Pos)>,
    /// NAGs left out and reported, and those left out after [`NAGS_SHOWN`] (counted, from
    /// the place of the first).
    nags_reported: usize,
    nags_counted: Option<(Pos, usize)>,
    /// The last thing written was a main-line move (compact notation ends it with a period).
    ends_with_move: bool,
    /// The kinds of the words of `para` written so far (when the words are kept).
    kinds: Vec<WordKind>,
    /// A paragraph or a diagram of the moves is written.
    started: bool,
    /// The last word written is a comment's.
    last_word_text: bool,
}

impl GameWriter {
    pub fn new(options: &Options) -> Self {
        GameWriter {
            notation: options.notation,
            layout: options.layout,
            style: MoveStyle {
                moves: options.moves,
                en_passant: options.en_passant,
                double_check: options.double_check,
            },
            ordinary: OrdinaryMoves::default(),
            letters: prose_letters(options.source_notation),
            letters_of_game: matches!(
                options.source_notation,
                SourceNotation::Auto | SourceNotation::Iccf
            ),
            cells: Vec::new(),
            unmapped: Vec::new(),
            heading_text: String::new(),
            headings: FxHashMap::default(),
            dropped_nags: 0,
            first_dropped: None,
            diagram: (options.diagram, options.to_move),
            start_diagram: options.start_diagram,
            start_drawn: false,
            diagrams_inside: 0,
            bulletin: options.bulletin,
            witness: None,
        }
    }

    /// Keeps the words of each game's moves, for a build that checks itself
    /// ([`GameWriter::written_words`]).
    pub fn witnessing(mut self) -> Self {
        self.witness = Some(WrittenWords::default());
        self
    }

    /// The words of the moves of the game written last, when they are kept.
    pub fn written_words(&mut self) -> Option<WrittenWords> {
        // (The next game's room as large as this one's: grown once, not a copy at a time.)
        self.witness.as_mut().map(|w| {
            let room = WrittenWords {
                cells: Vec::with_capacity(w.cells.len()),
                words: Vec::with_capacity(w.words.len()),
            };
            std::mem::replace(w, room)
        })
    }

    /// Counts NAGs left out (compact notation has no comment signs).
    fn drop_nags(&mut self, n: usize, game: &Game) {
        if n > 0 && self.first_dropped.is_none() {
            self.first_dropped = Some(game_location(game));
        }
        self.dropped_nags += n;
    }

    /// Appends the blocks of one game: a heading when the players are known, then the moves.
    pub fn write(&mut self, game: &Game, blocks: &mut Vec<Block>, warnings: &mut Vec<Warning>) {
        if let Some(w) = self.witness.as_mut() {
            w.cells.clear();
            w.words.clear();
        }
        self.heading(game, blocks, warnings);
        self.start_drawn = self.start_diagram(game, blocks);
        self.diagrams_inside = 0;
        let mut run = Run {
            w: self,
            blocks,
            warnings,
            game,
            para: Paragraph::new(0, 0),
            depth: 0,
            need_number: true,
            prefix: Vec::new(),
            pending: None,
            nags: Vec::new(),
            nags_reported: 0,
            nags_counted: None,
            ends_with_move: false,
            kinds: Vec::new(),
            started: false,
            last_word_text: false,
        };
        // A move is a word of about four cells, and its number another (a guess that saves
        // most of the growing; a list layout starts a paragraph a move pair).
        if run.w.layout != Layout::List {
            run.para.reserve(game.items.len() * 6, game.items.len() * 2);
        }
        for item in &game.items {
            run.item(item);
        }
        run.finish();
    }

    /// The diagram of a game's start position (a `[FEN]` tag's), when it has one and it is
    /// drawn: with `start_diagram`, or when the game has no moves (the position is all there
    /// is to read). Whether it was drawn. The form is the caller's: it has applied the rule
    /// for boards too wide for the line.
    fn start_diagram(&mut self, game: &Game, blocks: &mut Vec<Block>) -> bool {
        let Some(start) = game.start.as_deref() else {
            return false;
        };
        if !self.start_diagram && game.items.iter().any(|i| matches!(i, Item::Move(_))) {
            return false;
        }
        let (form, to_move) = self.diagram;
        use shakmaty::Position;
        blocks.push(diagram(
            start.board(),
            start.turn(),
            form,
            self.notation,
            to_move,
        ));
        true
    }

    /// The heading (docs/decisions.md, "Game headings"): what the tags say that a reader
    /// needs, a line each, kept on one page with the first lines of the moves:
    ///
    /// 1. the players, `White (Elo) – Black (Elo)`, an unknown one as `NN`;
    /// 2. `Event, Site, rond Round, Date, result` (the site left out when it only repeats the
    ///    event; the date's known parts: `1997`, `1997-05`, `1997-05-01`; the result `1-0`,
    ///    `0-1`, `remi`);
    /// 3. the opening: `ECO, Opening, Variation`;
    /// 4. `Kommentarer: Annotator`.
    ///
    /// A line with nothing known is left out; a game whose tags say nothing but the result has
    /// no heading.
    fn heading(&mut self, game: &Game, blocks: &mut Vec<Block>, warnings: &mut Vec<Warning>) {
        let tags = HeadingTags::of(game);
        let result = match game.result {
            Some(GameResult::WhiteWins) => Some("1-0"),
            Some(GameResult::BlackWins) => Some("0-1"),
            Some(GameResult::Draw) => Some("remi"),
            Some(GameResult::Unknown) | None => None,
        };
        // The lines, one after the other in one buffer kept from game to game.
        let mut text = std::mem::take(&mut self.heading_text);
        text.clear();
        // Each line with whether it repeats from game to game (see `text_paragraph`).
        let mut lines = [(0..0, false), (0..0, false), (0..0, false), (0..0, false)];
        let mut count = 0;
        let mut line = |text: &mut String, repeats, write: &mut dyn FnMut(&mut Parts)| {
            let start = text.len();
            write(&mut Parts { text, start });
            // A line with nothing known is left out.
            if text.len() > start {
                lines[count] = (start..text.len(), repeats);
                count += 1;
            }
        };
        // A bulletin's game stands under a heading of its players, round and result.
        if !self.bulletin && (tags.white.is_some() || tags.black.is_some()) {
            line(&mut text, false, &mut |p| {
                p.player(tags.white, tags.white_elo);
                p.text.push_str(" – ");
                p.player(tags.black, tags.black_elo);
            });
        }
        if !self.bulletin {
            // A site that only repeats the event (`Wien`, `Wien`; `Paris`, `Paris FRA`) is
            // left out.
            let site = tags.site.filter(|site| {
                tags.event
                    .is_none_or(|event| !starts_with_caseless(site, event))
            });
            line(&mut text, false, &mut |p| {
                p.part(tags.event);
                p.part(site);
                if let Some(round) = tags.round {
                    p.next().push_str("rond ");
                    p.text.push_str(round);
                }
                // The date is read as the tag gives it (not through `known`).
                if let Some(date) = game.tag("Date").and_then(known_date) {
                    date.write(p.next());
                }
                p.part(result);
            });
        }
        line(&mut text, true, &mut |p| {
            p.part(tags.eco);
            p.part(tags.opening);
            p.part(tags.variation);
        });
        if let Some(annotator) = tags.annotator {
            line(&mut text, true, &mut |p| {
                p.text.push_str("Kommentarer: ");
                p.text.push_str(annotator);
            });
        }
        let lines = &lines[..count];
        // A result alone is no heading: a lone `1-0` above the moves reads as a stray number.
        let alone = |(l, _): &(std::ops::Range<usize>, bool)| Some(&text[l.clone()]) == result;
        if !(lines.len() == 1 && lines.iter().all(alone)) {
            for (l, repeats) in lines {
                let p = self.text_paragraph(&text[l.clone()], *repeats, game, warnings);
                blocks.push(Block::Paragraph(p));
            }
        }
        self.heading_text = text;
    }

    /// A heading line as a paragraph. The lines that name no game (the opening, the
    /// annotator) repeat from game to game: with `repeats`, the paragraph is kept for the next
    /// time, with the characters that had no rule (the text alone decides both). The players'
    /// line and the event's (with its round and result) seldom repeat whole.
    fn text_paragraph(
        &mut self,
        text: &str,
        repeats: bool,
        game: &Game,
        warnings: &mut Vec<Warning>,
    ) -> Paragraph {
        // At the character in the tag that holds it, when the tags were read from a file.
        let file = game.location.as_ref().map_or("", |l| l.file.as_str());
        let place = |u: &Unmapped| match game.tags.place_of(u.ch) {
            Some(at) => at.in_file(file),
            None => game_location(game),
        };
        let mut report = |unmapped: &[Unmapped]| {
            report_unmapped(unmapped, &mut |u| place(u), &mut |w| {
                warnings.push(in_game(game, w))
            });
        };
        if let Some(known) = self.headings.get(text).filter(|_| repeats) {
            report(&known.unmapped);
            return known.paragraph.clone();
        }
        self.cells.clear();
        self.unmapped.clear();
        text::translate(text, &mut self.cells, &mut self.unmapped);
        report(&self.unmapped);
        let mut p = Paragraph::new(0, 2);
        // Room for the line at once (it grew a few times a line). A heading's line is short.
        let blanks = self.cells.iter().filter(|c| c.is_blank()).count();
        p.reserve(self.cells.len(), blanks + 1);
        p.push_text(&self.cells);
        p.end_word();
        p.keep_with_next = true;
        if !repeats {
            return p;
        }
        if self.headings.len() >= HEADINGS_KEPT {
            self.headings.clear();
        }
        let known = KnownLine {
            paragraph: p.clone(),
            unmapped: self.unmapped.clone(),
        };
        self.headings.insert(text.into(), known);
        p
    }
}

/// Heading lines whose paragraphs a writer keeps before it starts afresh (some tens of
/// kilobytes).
const HEADINGS_KEPT: usize = 512;

/// A heading line translated before: its paragraph, and the characters it has no rule for.
struct KnownLine {
    paragraph: Paragraph,
    unmapped: Vec<Unmapped>,
}

/// The tags a heading reads, each the first of its name (as [`Game::tag`] gives it) and only
/// when known ([`known`]), found in one pass over the game's tags.
#[derive(Default)]
struct HeadingTags<'a> {
    white: Option<&'a str>,
    black: Option<&'a str>,
    white_elo: Option<&'a str>,
    black_elo: Option<&'a str>,
    event: Option<&'a str>,
    site: Option<&'a str>,
    round: Option<&'a str>,
    eco: Option<&'a str>,
    opening: Option<&'a str>,
    variation: Option<&'a str>,
    annotator: Option<&'a str>,
}

impl<'a> HeadingTags<'a> {
    fn of(game: &'a Game) -> Self {
        let mut t = HeadingTags::default();
        let mut seen = [false; 11];
        for (name, value) in game.tags.iter() {
            let (i, slot) = match name {
                "White" => (0, &mut t.white),
                "Black" => (1, &mut t.black),
                "WhiteElo" => (2, &mut t.white_elo),
                "BlackElo" => (3, &mut t.black_elo),
                "Event" => (4, &mut t.event),
                "Site" => (5, &mut t.site),
                "Round" => (6, &mut t.round),
                "ECO" => (7, &mut t.eco),
                "Opening" => (8, &mut t.opening),
                "Variation" => (9, &mut t.variation),
                "Annotator" => (10, &mut t.annotator),
                _ => continue,
            };
            // The first tag of a name counts, known or not.
            if !seen[i] {
                seen[i] = true;
                *slot = known(value);
            }
        }
        t.white_elo = t.white_elo.filter(|e| is_rating(e));
        t.black_elo = t.black_elo.filter(|e| is_rating(e));
        t
    }
}

/// Whether an Elo tag's value is a rating to print: digits, not 0 (what exports write for a
/// player without one).
pub(crate) fn is_rating(elo: &str) -> bool {
    elo.bytes().all(|b| b.is_ascii_digit()) && elo.bytes().any(|b| b != b'0')
}

/// A tag's value when it says something: trimmed, not empty, not `?`s, not `-`.
fn known(value: &str) -> Option<&str> {
    Some(value.trim()).filter(|v| !v.is_empty() && !v.chars().all(|c| c == '?') && *v != "-")
}

/// A heading line being written: its known parts, `, ` between them.
struct Parts<'t> {
    text: &'t mut String,
    /// Where the line starts in `text`.
    start: usize,
}

impl Parts<'_> {
    /// The text, ready for the next part (after `, ` when one came before).
    fn next(&mut self) -> &mut String {
        if self.text.len() > self.start {
            self.text.push_str(", ");
        }
        self.text
    }

    fn part(&mut self, part: Option<&str>) {
        if let Some(part) = part {
            self.next().push_str(part);
        }
    }

    /// A player, `Name (Elo)`, or `NN`.
    fn player(&mut self, name: Option<&str>, elo: Option<&str>) {
        self.text.push_str(name.unwrap_or("NN"));
        if let (Some(_), Some(elo)) = (name, elo) {
            self.text.push_str(" (");
            self.text.push_str(elo);
            self.text.push(')');
        }
    }
}

/// Whether `text` starts with `start`, letter case aside (as their lower-case forms compare).
fn starts_with_caseless(text: &str, start: &str) -> bool {
    if text.is_ascii() && start.is_ascii() {
        // Most tags: compared in place, nothing made lower-case.
        return text
            .as_bytes()
            .get(..start.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(start.as_bytes()));
    }
    text.to_lowercase().starts_with(&start.to_lowercase())
}

/// The known parts of a PGN date (`1997.05.??` → `1997-05`), written as Swedish dates are
/// (ISO, kept on one line); `None` when the year is not known or the date is not a PGN date.
fn known_date(date: &str) -> Option<KnownDate<'_>> {
    let mut known = KnownDate {
        parts: [""; 3],
        len: 0,
    };
    for (i, part) in date.trim().split('.').enumerate() {
        let width = if i == 0 { 4 } else { 2 };
        if i > 2 || part.len() != width {
            return None;
        }
        if part.bytes().all(|b| b == b'?') {
            break;
        }
        if !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        known.parts[i] = part;
        known.len = i + 1;
    }
    (known.len > 0).then_some(known)
}

/// The known parts of a date: year, month, day.
struct KnownDate<'a> {
    parts: [&'a str; 3],
    len: usize,
}

impl KnownDate<'_> {
    /// Writes the date, `-` between its parts.
    fn write(&self, out: &mut String) {
        for (i, part) in self.parts[..self.len].iter().enumerate() {
            if i > 0 {
                out.push('-');
            }
            out.push_str(part);
        }
    }
}

/// Where a game starts, for its messages.
fn game_location(game: &Game) -> Location {
    game.location.clone().unwrap_or(Location {
        file: String::new(),
        line: 1,
        column: 1,
    })
}

/// How many NAGs left out a game reports one by one; one more warning counts the rest. (Each
/// warning in a book draws its source line: thousands on one line took minutes.)
const NAGS_SHOWN: usize = 20;

/// A warning about a game, its message starting with the game's number. (Characters with no
/// braille rule in a game's heading are reported where the game starts.)
fn in_game(game: &Game, mut w: Warning) -> Warning {
    w.0.message = format!("game {}: {}", game.number, w.0.message);
    w
}

impl Run<'_> {
    fn item(&mut self, item: &Item) {
        match item {
            Item::Move(m) => {
                self.flush_move();
                self.pending = Some(*m);
            }
            Item::Nag(n, at) => match self.pending {
                Some(_) => self.annotate(*n, *at),
                None => self.stray_nag(*n, *at),
            },
            Item::Comment(c, at) => {
                self.flush_move();
                let game = self.game;
                self.comment(game.comment(c), *at);
            }
            Item::Diagram(here) => {
                self.flush_move();
                self.diagram(&here.0, here.1);
            }
            Item::VariationStart => {
                self.flush_move();
                self.depth += 1;
                let open = self.bracket(true);
                self.prefix.push(open);
                self.need_number = true;
            }
            Item::VariationEnd => {
                self.flush_move();
                let close = self.bracket(false);
                // The game may end with this bracket: compact notation's period goes after it
                // when it closes onto a move (not onto a comment's word, nor alone).
                let mut onto_move = false;
                if self.prefix.is_empty() && self.para.is_empty() {
                    // Right after a diagram: the bracket is a word of its own.
                    self.para.push_cell(close);
                    self.para.end_word();
                    self.mark(WordKind::Notation);
                } else if self.prefix.is_empty() {
                    self.para.extend_last(&[close]);
                    onto_move = !self.last_word_text;
                    // (Onto a comment's last word: its kind says so.)
                    if self.kinds.len() == self.para.word_count()
                        && let Some(WordKind::Text { closes, .. }) = self.kinds.last_mut()
                    {
                        *closes += 1;
                    }
                } else {
                    // An empty variation: write its brackets as a word of their own.
                    let open = std::mem::take(&mut self.prefix);
                    self.para.push(&open);
                    self.para.push_cell(close);
                    self.para.end_word();
                    self.mark(WordKind::Notation);
                }
                self.depth = self.depth.saturating_sub(1);
                self.need_number = true;
                self.ends_with_move = onto_move && self.depth == 0;
            }
        }
    }

    fn bracket(&self, open: bool) -> Cell {
        let (opening, closing) = variation_brackets(self.w.notation, self.depth);
        if open { opening } else { closing }
    }

    /// Starts a word, putting any pending opening bracket first.
    #[inline]
    fn begin_word(&mut self) {
        if !self.prefix.is_empty() {
            let prefix = std::mem::take(&mut self.prefix);
            self.para.push(&prefix);
            self.prefix = prefix;
            self.prefix.clear();
        }
    }

    /// The words of `para` ended since the last mark are of `kind`.
    fn mark(&mut self, kind: WordKind) {
        if self.w.witness.is_some() {
            let count = self.para.word_count();
            self.kinds.resize(count.max(self.kinds.len()), kind);
        }
    }

    fn new_paragraph(&mut self) {
        if !self.para.is_empty() {
            let rest = if self.w.layout == Layout::List { 2 } else { 0 };
            let done = std::mem::replace(&mut self.para, Paragraph::new(0, rest));
            if let Some(w) = self.w.witness.as_mut() {
                let words = done.finished_words();
                if let (Some(&first), Some(&last)) = (words.first(), words.last()) {
                    // (The paragraph's cells at once, not a copy a word.)
                    let base = w.cells.len() as u32;
                    w.cells.extend_from_slice(done.span_cells(first, last));
                    let at = |cell: u32| base + (cell - first.start);
                    for (k, word) in words.iter().enumerate() {
                        let kind = self.kinds.get(k).copied().unwrap_or(WordKind::Notation);
                        w.words.push((at(word.start), at(word.end), kind));
                    }
                }
                self.kinds.clear();
            }
            self.blocks.push(Block::Paragraph(done));
            self.started = true;
        } else if self.w.layout == Layout::List {
            self.para.rest_indent = 2;
        }
    }

    fn flush_move(&mut self) {
        let Some(m) = self.pending.take() else { return };
        let black = m.color == Color::Black;
        let main_line = self.depth == 0;
        if self.w.layout == Layout::List && main_line && (!black || self.need_number) {
            self.new_paragraph();
        }
        let compact = self.w.notation == Notation::Compact;
        // The move number, glued to the move.
        let numbered = !black || self.need_number;
        self.begin_word();
        let style = self.w.style;
        if compact {
            // Compact cells come from small tables: written straight into the paragraph.
            if numbered {
                self.para.push_with(|out| push_lower_number(m.number, out));
                self.para.end_word_bound();
                if black {
                    self.para.push(&COMPACT_OMITTED);
                    self.para.end_word_bound();
                }
            }
            self.para
                .push_with(|out| notation::compact_move(&m, style, out));
            // Compact notation has no comment signs: they are counted.
            let dropped = self.nags.len();
            self.w.drop_nags(dropped, self.game);
            self.nags.clear();
        } else {
            let ordinary = &mut self.w.ordinary;
            if numbered && !black {
                self.para.push_with(|out| ordinary.number(m.number, out));
                self.para.end_word_bound();
            }
            let black_number = (numbered && black).then_some(m.number);
            self.para
                .push_with(|out| ordinary.write(&m, style, black_number, out));
            self.ordinary_signs();
        }
        self.para.end_word();
        self.mark(WordKind::Notation);
        self.need_number = false;
        self.ends_with_move = main_line;
        self.last_word_text = false;
    }

    /// The comment signs of the move just written in ordinary notation: those written right
    /// after the move, then those after a blank.
    fn ordinary_signs(&mut self) {
        if self.nags.is_empty() {
            return;
        }
        let nags = std::mem::take(&mut self.nags);
        // (Those without a sign were left out as they came: see `annotate`.) The move's
        // assessment first, then the other signs right after it (`Le7??(n)`): a sign in
        // brackets ends the move's word, as reading expects (docs/decisions.md).
        let attached = |assessment: bool| {
            nags.iter().filter_map(move |&(n, _)| {
                signs::for_nag(n).filter(|s| {
                    s.placement == Placement::Attached && signs::is_move_assessment(n) == assessment
                })
            })
        };
        for s in attached(true).chain(attached(false)) {
            self.para.push_with(|out| s.push_cells(out));
        }
        let after = nags.iter().filter_map(|&(n, _)| signs::for_nag(n));
        for s in after.filter(|s| s.placement != Placement::Attached) {
            self.para.end_word_glued();
            self.para.push_with(|out| s.push_cells(out));
        }
        // The buffer, emptied, for the next move.
        self.nags = nags;
        self.nags.clear();
    }

    /// An annotation of the move about to be written. One written twice is written once, and
    /// a second move assessment is left out (their signs would run together into another):
    /// each with a warning at its place.
    fn annotate(&mut self, n: u8, at: Pos) {
        // Compact notation writes no signs: every one is counted when the move is written.
        if self.w.notation == Notation::Compact {
            self.nags.push((n, at));
            return;
        }
        match signs::nag_refused(n, self.nags.iter().map(|&(m, _)| m)) {
            None => self.nags.push((n, at)),
            Some(Refusal::NoSign) => self.unsigned_nag(n, at),
            Some(Refusal::Twice) => self.nag_left_out(n, at, "is given twice to one move"),
            Some(Refusal::SecondAssessment(m)) => {
                let why = format!(
                    "follows ${m} on the same move, and a move takes one of $1-$6 (their signs \
                     would run together into another)"
                );
                self.nag_left_out(n, at, &why);
            }
        }
    }

    /// A NAG the book has no sign for, left out with a warning at its place.
    fn unsigned_nag(&mut self, n: u8, at: Pos) {
        self.nag_left_out(n, at, "has no sign in the book");
    }

    /// A NAG with no move before it (at the start of a game or variation, after a comment):
    /// it annotates nothing, and is left out with a warning at its place.
    fn stray_nag(&mut self, n: u8, at: Pos) {
        self.nag_left_out(n, at, "does not follow a move");
    }

    fn nag_left_out(&mut self, n: u8, at: Pos, why: &str) {
        if self.w.notation == Notation::Compact {
            self.w.drop_nags(1, self.game);
            return;
        }
        if self.nags_reported == NAGS_SHOWN {
            self.nags_counted.get_or_insert((at, 0)).1 += 1;
            return;
        }
        self.nags_reported += 1;
        let message = format!("the annotation ${n} {why}; it is left out");
        self.nag_warning(at, message);
    }

    fn nag_warning(&mut self, at: Pos, message: String) {
        let file = self.game.location.as_ref().map_or("", |l| l.file.as_str());
        let d = Diagnostic::new(at.in_file(file), message).with_width(1);
        self.warnings.push(in_game(self.game, Warning(d)));
    }

    /// A comment; `at` is where its text starts.
    fn comment(&mut self, source: &str, at: Pos) {
        let prose = comment_prose(source);
        // Another language's piece letters become Swedish ones, letter for letter: places
        // stay.
        let letters = match self.w.letters_of_game {
            true => prose_letters_of_game(self.game.english_moves),
            false => self.w.letters,
        };
        let swedish = match letters {
            Some(lang) => moves_to_swedish(prose.as_ref(), lang),
            None => SwedishMoves::unchanged(prose.as_ref()),
        };
        let text = swedish.text.as_ref();
        if text.is_empty() {
            return;
        }
        self.w.cells.clear();
        self.w.unmapped.clear();
        text::translate(text, &mut self.w.cells, &mut self.w.unmapped);
        let from = match &prose {
            // The prose is the source trimmed: it starts after the source's blanks.
            std::borrow::Cow::Borrowed(_) => Some(source.len() - source.trim_start().len()),
            std::borrow::Cow::Owned(_) => None,
        };
        let mut places = CommentPlaces::new(source, from);
        let file = self.game.location.as_ref().map_or("", |l| l.file.as_str());
        let (game, warnings) = (self.game, &mut *self.warnings);
        report_unmapped(
            &self.w.unmapped,
            &mut |u| {
                places
                    .at(prose.as_ref(), swedish.source_offset(u.offset), at)
                    .in_file(file)
            },
            &mut |w| warnings.push(in_game(game, w)),
        );
        let opens = self.prefix.len();
        self.begin_word();
        let cells = std::mem::take(&mut self.w.cells);
        self.para.push_text(&cells);
        self.w.cells = cells;
        self.para.end_word();
        let first = self.kinds.len();
        self.mark(WordKind::Text {
            opens: 0,
            closes: 0,
        });
        if let Some(WordKind::Text { opens: o, .. }) = self.kinds.get_mut(first) {
            *o = u8::try_from(opens).unwrap_or(u8::MAX);
        }
        self.need_number = true;
        self.ends_with_move = false;
        self.last_word_text = true;
    }

    /// A diagram of the position here (a comment's `[#]`), in the form in force, between the
    /// paragraphs of the moves; the moves go on after it, Black's with its number. One before
    /// the first move of a game whose start diagram is drawn is that diagram.
    fn diagram(&mut self, board: &shakmaty::Board, turn: Color) {
        let at_start = !self.started && self.para.is_empty() && self.prefix.is_empty();
        if at_start && self.w.start_drawn {
            return;
        }
        // A variation's bracket opened right before it stands before it, as a word of its
        // own (the moves after the diagram are the variation's).
        self.prefix_alone();
        self.new_paragraph();
        let (form, to_move) = self.w.diagram;
        let block = diagram(board, turn, form, self.w.notation, to_move);
        if let Some(w) = self.w.witness.as_mut() {
            let mut first = true;
            block.each_word(&mut |cells| {
                let start = w.cells.len() as u32;
                w.cells.extend_from_slice(cells);
                let kind = WordKind::Diagram { first };
                w.words.push((start, w.cells.len() as u32, kind));
                first = false;
            });
        }
        self.blocks.push(block);
        self.started = true;
        match at_start {
            true => self.w.start_drawn = true,
            false => self.w.diagrams_inside += 1,
        }
        self.need_number = true;
        self.ends_with_move = false;
    }

    fn finish(mut self) {
        self.flush_move();
        if let Some((at, more)) = self.nags_counted.take() {
            let message = format!(
                "{more} more annotations left out in this game, from this one on, are not \
                 reported one by one"
            );
            self.nag_warning(at, message);
        }
        if self.w.notation == Notation::Compact && self.ends_with_move {
            self.para.extend_last(&[COMPACT_END]);
        }
        self.prefix_alone();
        self.new_paragraph();
    }

    /// A pending opening bracket written as a word of its own (no move follows it here).
    fn prefix_alone(&mut self) {
        if !self.prefix.is_empty() {
            let open = std::mem::take(&mut self.prefix);
            self.para.push(&open);
            self.para.end_word();
            self.mark(WordKind::Notation);
        }
    }
}

/// Where the characters of a comment's prose stand in its source, asked for in order. When the
/// prose is the source trimmed, `from` is where it starts in the source; otherwise (commands
/// taken out) each character is looked for in the source after the one before.
struct CommentPlaces<'a> {
    source: &'a str,
    from: Option<usize>,
    places: Places<'a>,
    /// Where the search for the next character starts (no `from`).
    next: usize,
}

impl<'a> CommentPlaces<'a> {
    fn new(source: &'a str, from: Option<usize>) -> Self {
        CommentPlaces {
            source,
            from,
            places: Places::new(source),
            next: 0,
        }
    }

    /// The place of the character at byte `offset` of `prose`; the source starts at `at`.
    fn at(&mut self, prose: &str, offset: usize, at: Pos) -> Pos {
        let in_source = match self.from {
            Some(from) => from + offset,
            None => {
                let ch = prose.get(offset..).and_then(|rest| rest.chars().next());
                let found = ch.and_then(|ch| {
                    let i = self.next + self.source.get(self.next..)?.find(ch)?;
                    self.next = i + ch.len_utf8();
                    Some(i)
                });
                found.unwrap_or(0)
            }
        };
        self.places.at(in_source, at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::braille::cell::to_unicode_string;
    use crate::chess::PgnReader;
    use crate::settings::{Moves, Options};

    fn game(pgn: &str) -> Game {
        let mut r = PgnReader::new(pgn.as_bytes(), "t.pgn");
        match r.read_game() {
            Ok(Some(g)) => g,
            other => panic!("{other:?}"),
        }
    }

    /// The blocks of a game as Unicode braille, a paragraph a string (words joined by blank
    /// cells), with each paragraph's keep-with-next.
    fn write(pgn: &str, options: &Options) -> (Vec<(String, bool)>, Vec<Warning>) {
        let mut w = GameWriter::new(options);
        let mut blocks = Vec::new();
        let mut warnings = Vec::new();
        w.write(&game(pgn), &mut blocks, &mut warnings);
        let shown = blocks
            .into_iter()
            .map(|b| match b {
                Block::Paragraph(mut p) => {
                    let words: Vec<_> = p.words().to_vec();
                    let text: Vec<String> = words
                        .iter()
                        .map(|&w| to_unicode_string(p.word_cells(w)))
                        .collect();
                    (text.join("⠀"), p.keep_with_next)
                }
                Block::Together(_) => ("<diagram>".to_string(), false),
                other => (format!("{other:?}"), false),
            })
            .collect();
        (shown, warnings)
    }

    fn text(s: &str) -> String {
        crate::text_to_unicode(s)
    }

    #[test]
    fn heading_players_then_event_site_round_date_and_result_kept_with_the_moves() {
        let pgn = "[Event \"SM\"]\n[Site \"Växjö\"]\n[Round \"3\"]\n[Date \"1999.05.01\"]\n\
                   [White \"Åberg, A\"]\n[Black \"Berg\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n";
        let (b, w) = write(pgn, &Options::default());
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(b[0], (text("Åberg, A – Berg"), true));
        assert_eq!(b[1], (text("SM, Växjö, rond 3, 1999-05-01, remi"), true));
        assert!(!b[2].1, "the moves are not kept with what follows");
        assert_eq!(b.len(), 3);
    }

    #[test]
    fn heading_elo_opening_and_annotator_are_not_lost() {
        let pgn = "[White \"Carlsen\"]\n[Black \"Nepo\"]\n[WhiteElo \"2855\"]\n\
                   [BlackElo \"2782\"]\n[ECO \"C88\"]\n[Opening \"Spanskt\"]\n\
                   [Variation \"Stängt\"]\n[Annotator \"Hillarp\"]\n\n1. e4 1-0\n";
        let (b, _) = write(pgn, &Options::default());
        let lines: Vec<&str> = b.iter().map(|(l, _)| l.as_str()).collect();
        assert_eq!(
            lines[..4],
            [
                text("Carlsen (2855) – Nepo (2782)"),
                text("1-0"),
                text("C88, Spanskt, Stängt"),
                text("Kommentarer: Hillarp"),
            ]
        );
        assert!(b[..4].iter().all(|(_, keep)| *keep));
    }

    #[test]
    fn an_elo_of_0_or_of_no_digits_is_no_rating() {
        assert!(is_rating("2837") && is_rating("0800"));
        assert!(!is_rating("0") && !is_rating("0000") && !is_rating("") && !is_rating("?"));
    }

    #[test]
    fn a_bulletins_game_keeps_only_its_opening_and_annotator() {
        let pgn = "[White \"Carlsen\"]\n[Black \"Nepo\"]\n[Event \"SM\"]\n[Round \"3.1\"]\n\
                   [ECO \"C88\"]\n[Annotator \"Hillarp\"]\n\n1. e4 1-0\n";
        let options = Options {
            bulletin: true,
            ..Options::default()
        };
        let (b, _) = write(pgn, &options);
        let lines: Vec<&str> = b.iter().map(|(l, _)| l.as_str()).collect();
        assert_eq!(lines[..2], [text("C88"), text("Kommentarer: Hillarp")]);
        assert_eq!(lines.len(), 3);
        // Nothing but players, event and result: no heading at all.
        let (b, _) = write("[White \"A\"]\n[Black \"B\"]\n\n1. e4 1-0\n", &options);
        assert_eq!(b.len(), 1);
    }

    #[test]
    fn heading_with_one_player_or_none_keeps_what_is_known() {
        let lines = |pgn: &str| -> Vec<String> {
            let (b, _) = write(pgn, &Options::default());
            b.into_iter().map(|(l, _)| l).collect()
        };
        // One player: the other is NN, on its side.
        let l = lines("[White \"A\"]\n\n1. e4 *\n");
        assert_eq!(l[0], text("A – NN"));
        assert_eq!(l.len(), 2);
        let l = lines("[Black \"B\"]\n[Result \"0-1\"]\n\n1. e4 0-1\n");
        // A result alone makes no heading.
        assert_eq!(lines("[Result \"0-1\"]\n\n1. e4 0-1\n").len(), 1);
        assert_eq!(l[..2], [text("NN – B"), text("0-1")]);
        // No players: the event and the result still stand.
        let l = lines("[Event \"Ol\"]\n\n1. e4 1-0\n");
        assert_eq!(l[0], text("Ol, 1-0"));
        // A site that repeats the event is left out.
        let l = lines("[Event \"Paris\"]\n[Site \"Paris FRA\"]\n\n1. e4 *\n");
        assert_eq!(l[0], text("Paris"));
        // Nothing known at all: no heading.
        assert_eq!(
            lines("[White \"?\"]\n[Date \"????.??.??\"]\n\n1. e4 *\n").len(),
            1
        );
    }

    /// A heading line kept from an earlier game (the opening) gives the same cells, and its
    /// characters without a rule are reported again, at the new game.
    #[test]
    fn a_repeated_heading_line_is_written_and_reported_as_the_first_time() {
        let mut w = GameWriter::new(&Options::default());
        let pgn =
            "[White \"A\"]\n[Black \"B\"]\n[ECO \"C88\"]\n[Opening \"Spanskt ☃\"]\n\n1. e4 *\n";
        let mut first = None;
        for number in [1, 2] {
            let mut g = game(pgn);
            g.number = number;
            let (mut blocks, mut warnings) = (Vec::new(), Vec::new());
            w.write(&g, &mut blocks, &mut warnings);
            let Some(Block::Paragraph(mut p)) = blocks.get(1).cloned() else {
                panic!("{blocks:?}");
            };
            let words: Vec<_> = p.words().to_vec();
            let cells: Vec<String> = words
                .iter()
                .map(|&w| to_unicode_string(p.word_cells(w)))
                .collect();
            assert_eq!(cells.join("⠀"), text("C88, Spanskt ☃"));
            let messages: Vec<&str> = warnings.iter().map(|w| w.0.message.as_str()).collect();
            assert_eq!(messages.len(), 1, "{messages:?}");
            assert!(
                messages[0].starts_with(&format!("game {number}: ")),
                "{messages:?}"
            );
            let keep = (p.keep_with_next, p.first_indent, p.rest_indent);
            assert_eq!(*first.get_or_insert(keep), keep);
        }
        assert_eq!(w.headings.len(), 1, "only the opening's line is kept");
    }

    #[test]
    fn heading_dates_give_their_known_parts_and_nothing_from_a_broken_one() {
        let known_date = |date| {
            known_date(date).map(|d| {
                let mut s = String::new();
                d.write(&mut s);
                s
            })
        };
        assert_eq!(known_date("1997.??.??").as_deref(), Some("1997"));
        assert_eq!(known_date("1997.05.??").as_deref(), Some("1997-05"));
        assert_eq!(known_date("1997.05.01").as_deref(), Some("1997-05-01"));
        for broken in [
            "1éé",
            "19é9.01.01",
            "?",
            "",
            "1997.5.1",
            "1997.05.01.02",
            "????.05.01",
        ] {
            assert_eq!(known_date(broken), None, "{broken}");
        }
        for date in ["1éé", "19é9.01.01"] {
            let pgn = format!("[White \"A\"]\n[Black \"B\"]\n[Date \"{date}\"]\n\n1. e4 *\n");
            let (b, _) = write(&pgn, &Options::default());
            assert_eq!(b.len(), 2, "{date}: only the players and the moves: {b:?}");
        }
    }

    #[test]
    fn castling_after_a_black_move_number_keeps_its_number_signs() {
        let pgn = "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 5\"]\n[SetUp \"1\"]\n\n\
                   5... O-O 6. O-O-O *\n";
        let (b, _) = write(pgn, &Options::default());
        assert_eq!(b[0].0, "⠼⠑⠄⠄⠄⠼⠚⠤⠼⠚⠀⠼⠋⠄⠀⠼⠚⠤⠼⠚⠤⠼⠚", "{b:?}");
    }

    #[test]
    fn compact_ends_with_a_period_and_leaves_out_signs_it_counts() {
        let options = Options {
            notation: Notation::Compact,
            ..Options::default()
        };
        let mut w = GameWriter::new(&options);
        let (mut blocks, mut warnings) = (Vec::new(), Vec::new());
        w.write(&game("1. e4! e5?? 2. Nf3 *\n"), &mut blocks, &mut warnings);
        assert_eq!(w.dropped_nags, 2);
        assert_eq!(w.first_dropped.as_ref().map(|l| l.line), Some(1));
        let (b, _) = write("1. e4 e5 2. Nf3 *\n", &options);
        assert!(b[0].0.ends_with("⠎⠋⠒⠄"), "{b:?}");
    }

    /// A move takes every annotation glyph the source gives it (it once took four: a fifth
    /// was left out as having "no sign in the book"); a NAG that annotates nothing, or has no
    /// sign, is a warning at its own place.
    #[test]
    fn every_nag_of_a_move_is_written_and_those_left_out_are_located() {
        let pgn = "1. e4 $1 $2 $3 $1 $7 $14 $14 $146 $255 e5 *\n";
        let (b, w) = write(pgn, &Options::default());
        // ! and the novelty sign right after the move, then ⩲ after a blank; one move
        // assessment (! ? !! would run together into ⠖⠢⠖⠖), each sign once.
        assert_eq!(b[0].0, format!("{}⠖⠦⠝⠴⠀⠲⠌⠶⠀{}", text("1. e4"), text("e5")));
        let shown: Vec<_> = w
            .iter()
            .map(|w| (w.0.location.column, w.0.message.as_str()))
            .collect();
        let second = "on the same move, and a move takes one of $1-$6 (their signs would run \
                      together into another); it is left out";
        assert_eq!(
            shown,
            [
                (
                    10,
                    format!("game 1: the annotation $2 follows $1 {second}").as_str()
                ),
                (
                    13,
                    &format!("game 1: the annotation $3 follows $1 {second}")
                ),
                (
                    16,
                    "game 1: the annotation $1 is given twice to one move; it is left out"
                ),
                (
                    19,
                    "game 1: the annotation $7 has no sign in the book; it is left out"
                ),
                (
                    26,
                    "game 1: the annotation $14 is given twice to one move; it is left out"
                ),
                (
                    35,
                    "game 1: the annotation $255 has no sign in the book; it is left out"
                ),
            ]
        );
        let stray = "does not follow a move; it is left out";
        for (pgn, column, nag) in [
            ("$1 1. e4 *\n", 1, "$1"),
            ("1. e4 {bra} !! e5 *\n", 13, "$3"),
        ] {
            let (_, w) = write(pgn, &Options::default());
            let shown: Vec<_> = w
                .iter()
                .map(|w| (w.0.location.column, w.0.message.clone()))
                .collect();
            let want = format!("game 1: the annotation {nag} {stray}");
            assert_eq!(shown, [(column, want)], "{pgn}");
        }
    }

    #[test]
    fn variations_alternate_brackets_and_black_moves_take_their_number_after_them() {
        let (b, _) = write(
            "1. e4 e5 (1... c5 (1... e6) 2. Nf3) 2. Nf3 *\n",
            &Options::default(),
        );
        let line = &b[0].0;
        // ( … ) outside, [ … ] inside; `1...c5` (with the separator 156 before the c) after
        // the opening bracket.
        assert!(line.contains("⠦⠼⠁⠄⠄⠄⠱⠉⠼⠑"), "{line}");
        assert!(line.contains("⠷⠼⠁⠄⠄⠄⠱⠑⠼⠋⠾"), "{line}");
        assert!(line.contains("⠴"), "{line}");
    }

    #[test]
    fn list_layout_gives_a_paragraph_a_move_pair() {
        let options = Options {
            layout: Layout::List,
            moves: Moves::Long,
            ..Options::default()
        };
        let (b, _) = write("1. e4 e5 2. Nf3 Nc6 *\n", &options);
        assert_eq!(b.len(), 2, "{b:?}");
        assert!(b[1].0.starts_with(&text("2.")), "{b:?}");
    }

    #[test]
    fn a_start_diagram_follows_the_heading() {
        let options = Options {
            start_diagram: true,
            ..Options::default()
        };
        let pgn = "[White \"A\"]\n[Black \"B\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n";
        let (b, _) = write(pgn, &options);
        assert_eq!(b[1].0, "<diagram>", "{b:?}");
        let (b, _) = write("1. e4 *\n", &options);
        assert_eq!(b.len(), 1, "no FEN tag, no diagram: {b:?}");
    }

    #[test]
    fn a_game_reports_twenty_nags_left_out_then_counts() {
        let pgn = format!("1. e4 {}e5 *\n", "$255 ".repeat(1_000));
        let (b, w) = write(&pgn, &Options::default());
        assert_eq!(b[0].0, format!("{}⠀{}", text("1. e4"), text("e5")));
        assert_eq!(w.len(), 21);
        let column = |w: &Warning| w.0.location.column;
        assert_eq!(
            (column(&w[0]), column(&w[19]), column(&w[20])),
            (7, 102, 107)
        );
        assert_eq!(
            w[20].0.message,
            "game 1: 980 more annotations left out in this game, from this one on, are not \
             reported one by one"
        );
    }

    #[test]
    fn a_comment_of_unknown_characters_reports_twenty_then_counts() {
        let pgn = format!("1. e4 {{ok\n  {}}} e5 *\n", "☃".repeat(1_000));
        let (_, w) = write(&pgn, &Options::default());
        assert_eq!(w.len(), 21);
        let at = |w: &Warning| (w.0.location.line, w.0.location.column);
        assert_eq!(
            (at(&w[0]), at(&w[19]), at(&w[20])),
            ((2, 3), (2, 22), (2, 23))
        );
        assert!(
            w[20]
                .0
                .message
                .starts_with("game 1: 980 more characters with no braille rule here"),
            "{:?}",
            w[20]
        );
    }

    #[test]
    fn a_character_without_a_rule_in_a_comment_is_reported_where_it_stands() {
        let (_, w) = write("1. e4 {ok\n  ☃} e5 *\n", &Options::default());
        let at = w.first().map(|w| (w.0.location.line, w.0.location.column));
        assert_eq!(at, Some((2, 3)), "{w:?}");
        let at = Pos { line: 4, column: 8 };
        let pos = |line, column| Pos { line, column };
        assert_eq!(
            CommentPlaces::new(" x☃", Some(1)).at("x☃", 1, at),
            pos(4, 10)
        );
        // Commands taken out: each character is looked for in the source after the last.
        let mut places = CommentPlaces::new("[%clk 1] ☃ a\n ☃ [%eval 1] ☃", None);
        let prose = "☃ a ☃ ☃";
        assert_eq!(places.at(prose, 0, at), pos(4, 17));
        assert_eq!(places.at(prose, 6, at), pos(5, 2));
        assert_eq!(places.at(prose, 10, at), pos(5, 14));
        // Places in order, across lines; asked again from the start.
        let mut places = Places::new("ab\ncd☃\n\n☃");
        assert_eq!(places.at(1, at), pos(4, 9));
        assert_eq!(places.at(5, at), pos(5, 3));
        assert_eq!(places.at(10, at), pos(7, 1));
        assert_eq!(places.at(0, at), at);
    }
}
