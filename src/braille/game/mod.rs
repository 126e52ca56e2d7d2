//! A replayed game in braille: its heading, its moves with numbers, comment signs, comments and
//! variations, as layout blocks (rules.md §4, §4b, §5).
//!
//! The files of this folder, by job:
//!
//! - `mod.rs`: the [`GameWriter`] (its settings and buffers, a game written: heading, start
//!   diagram, moves) and the state of one game being written (`Run`); the words it keeps for a
//!   build that checks itself ([`WrittenWords`]); the brackets of variations.
//! - `heading.rs`: the game's heading from its tags (players, event, site, round, date,
//!   result, opening, annotator), its lines kept when they repeat.
//! - `moves.rs`: the items of the moves: move numbers, moves, variations' brackets, the
//!   paragraphs they fill, the game's end.
//! - `nags.rs`: the comment signs of a move (NAGs), and those left out with a warning.
//! - `comments.rs`: comments in the moves, their characters placed in the source, and the
//!   diagrams a comment's `[#]` asks for.

use rustc_hash::FxHashMap;

use super::block::{Block, Buffers, Paragraph, Size};
use super::cell::Cell;
use super::diagram::diagram;
use super::notation::{MoveStyle, OrdinaryMoves};
use super::text::{Unmapped, WordCache};
use crate::chess::letters::prose_letters;
use crate::chess::pieces::Language;
use crate::chess::{Game, Item, MoveFacts};
use crate::document::Pos;
use crate::error::{Location, Warning};
use crate::settings::{DiagramForm, Layout, Notation, Options, SourceNotation};

mod comments;
mod heading;
mod moves;
mod nags;

use heading::KnownLine;
pub(crate) use heading::is_rating;

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
    pub(in crate::braille) cells: Vec<Cell>,
    /// Where each word starts and ends in `cells`, and its kind.
    pub(in crate::braille) words: Vec<(u32, u32, WordKind)>,
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
    /// The words of headings translated lately.
    words: WordCache,
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
    /// The buffers of paragraphs laid out and done with ([`GameWriter::recycle`]), for the
    /// paragraphs of the games to come: lines' and moves', apart.
    spare: Vec<Buffers>,
    spare_moves: Vec<Buffers>,
}

/// Paragraphs' buffers a writer keeps at most, of each size (a game makes a few
/// paragraphs: its heading's lines, its moves).
const SPARE_PARAGRAPHS: usize = 8;

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
    pending: Option<&'a MoveFacts>,
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
            words: WordCache::default(),
            dropped_nags: 0,
            first_dropped: None,
            diagram: (options.diagram, options.to_move),
            start_diagram: options.start_diagram,
            start_drawn: false,
            diagrams_inside: 0,
            bulletin: options.bulletin,
            witness: None,
            spare: Vec::new(),
            spare_moves: Vec::new(),
        }
    }

    /// Blocks laid out and done with: the buffers of their paragraphs serve the paragraphs of
    /// the games to come (some, and none too large to keep); the blocks are left with empty
    /// ones, to be dropped by the caller.
    pub(crate) fn recycle(&mut self, blocks: &mut [Block]) {
        for block in blocks {
            let Block::Paragraph(p) = block else { continue };
            let buffers = p.take_buffers();
            let Some(size) = buffers.size() else { continue };
            let kept = self.kept(size);
            if kept.len() < SPARE_PARAGRAPHS {
                kept.push(buffers);
            }
        }
    }

    /// A new paragraph of a game's moves. (A list layout makes a paragraph a move pair: each a
    /// line's size.)
    fn moves_paragraph(&mut self, rest_indent: usize) -> Paragraph {
        let size = match self.layout {
            Layout::List => Size::Line,
            _ => Size::Moves,
        };
        Paragraph::reusing(self.buffers(size), 0, rest_indent)
    }

    /// Buffers of a size kept, or new ones (a heading's line: `Size::Line`).
    fn buffers(&mut self, size: Size) -> Buffers {
        self.kept(size).pop().unwrap_or_default()
    }

    /// The buffers of a size kept.
    fn kept(&mut self, size: Size) -> &mut Vec<Buffers> {
        match size {
            Size::Line => &mut self.spare,
            Size::Moves => &mut self.spare_moves,
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
    // (A call a game, kept a function of its own: `make bench` counts the braille by it.)
    #[inline(never)]
    pub fn write(&mut self, game: &Game, blocks: &mut Vec<Block>, warnings: &mut Vec<Warning>) {
        if let Some(w) = self.witness.as_mut() {
            w.cells.clear();
            w.words.clear();
        }
        self.heading(game, blocks, warnings);
        self.start_drawn = self.start_diagram(game, blocks);
        self.diagrams_inside = 0;
        let para = self.moves_paragraph(0);
        let mut run = Run {
            w: self,
            blocks,
            warnings,
            game,
            para,
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

    /// A writer given back the blocks of each game it wrote (`recycle`) writes the games after
    /// it as a writer never given any back does: the same blocks, to the last field. (The
    /// games repeat their opening, so the kept heading line is copied into kept buffers too.)
    #[test]
    fn a_writer_given_back_its_blocks_writes_the_same_games() {
        // (A long game too: its moves' paragraph of a size kept apart.)
        let shuffle: String = (0..30)
            .map(|n| format!("{}. Nf3 Nf6 {}. Ng1 Ng8 ", 2 * n + 1, 2 * n + 2))
            .collect();
        let games: Vec<Game> = (0..6)
            .map(|k| {
                let moves = [
                    "1. e4 e5 2. Nf3 { Bra. } Nc6 3. Bb5 a6 1-0",
                    "1. d4 d5 2. c4 *",
                    &format!("{shuffle}*"),
                ];
                game(&format!(
                    "[White \"Vit {k}\"]\n[Black \"Svart\"]\n[ECO \"C60\"]\n\
                     [Opening \"Spanskt\"]\n\n{}\n",
                    moves[k % 3]
                ))
            })
            .collect();
        for options in [
            Options::default(),
            Options {
                notation: Notation::Compact,
                ..Options::default()
            },
            Options {
                layout: Layout::List,
                ..Options::default()
            },
        ] {
            let (mut fresh, mut given) = (GameWriter::new(&options), GameWriter::new(&options));
            for g in &games {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                fresh.write(g, &mut a, &mut Vec::new());
                given.write(g, &mut b, &mut Vec::new());
                assert_eq!(format!("{a:?}"), format!("{b:?}"));
                given.recycle(&mut b);
            }
            assert!(!given.spare.is_empty());
            assert_eq!(given.spare_moves.is_empty(), options.layout == Layout::List);
        }
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

    /// (The known parts of a date: `heading.rs`.)
    #[test]
    fn a_broken_heading_date_gives_no_line() {
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

    /// (Its place counted in the comment's source: `comments.rs`.)
    #[test]
    fn a_character_without_a_rule_in_a_comment_is_reported_where_it_stands() {
        let (_, w) = write("1. e4 {ok\n  ☃} e5 *\n", &Options::default());
        let at = w.first().map(|w| (w.0.location.line, w.0.location.column));
        assert_eq!(at, Some((2, 3)), "{w:?}");
    }
}
