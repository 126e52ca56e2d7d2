//! Where games begin among the words read ([`Finder`]): a move number 1 and a legal first
//! move, a diagram and a move from its position, a first move written wrongly; and the
//! diagrams and blank lines a game's end is found by (`walk.rs` finds the end).

use std::cell::RefCell;

use shakmaty::{Chess, File, FromSetup, Position, Rank, Role, Square};

use super::heading::{HeadingLine, title_lines};
use super::moves::{Written, fitting, repaired, written_print};
use super::words::{DASH, Parsed, Parses, Word, habit, parse, result_word};
use crate::braille::Cell;
use crate::braille::pieces::LOWER_DIGITS;
use crate::braille::tables::{DIGITS, NUMBER_SIGN};
use crate::read::diagram::ReadDiagram;
use crate::settings::Notation;

/// The number 1 in compact notation, and in ordinary notation.
const ONE_COMPACT: [Cell; 1] = [LOWER_DIGITS[1]];
const ONE_ORDINARY: [Cell; 2] = [NUMBER_SIGN[0], DIGITS[1]];

/// The words of a file and what stands between them (headings, diagrams), and where in them
/// games may begin and end.
pub(super) struct Finder<'w> {
    pub(super) file: &'w str,
    pub(super) notation: Notation,
    pub(super) words: &'w [Word<'w>],
    pub(super) headings: &'w [HeadingLine<'w>],
    pub(super) diagrams: &'w [ReadDiagram],
    pub(super) keep_going: bool,
    /// A bulletin of ours (its contents list and index of players): its headings wrap with
    /// no indent.
    pub(super) bulletin: bool,
    /// The first word of the block each word belongs to (from the blank line before it), or
    /// the first word of all: found once, not by a walk back from every word (issue 32: 20 000
    /// lines of a word each took as many steps each).
    block_starts: Vec<usize>,
    /// The lines of the title pages (a book's, each volume's): no game's heading.
    pub(super) title_lines: Vec<(u32, u32)>,
    /// The number 1 as a game's first word begins (only a word that begins so is read
    /// further: most words are not).
    one: &'static [Cell],
    /// The words read, by their cells, for all the games (a game's trial readings read the
    /// same words many times; a file repeats its numbers and moves).
    pub(super) parses: RefCell<Parses>,
}

impl<'w> Finder<'w> {
    pub(super) fn new(
        file: &'w str,
        notation: Notation,
        words: &'w [Word<'w>],
        headings: &'w [HeadingLine<'w>],
        diagrams: &'w [ReadDiagram],
        keep_going: bool,
        bulletin: bool,
    ) -> Self {
        let block_starts = words
            .iter()
            .enumerate()
            .scan(0, |start, (k, w)| {
                if w.after_blank_line {
                    *start = k;
                }
                Some(*start)
            })
            .collect();
        let one: &[Cell] = match notation {
            Notation::Compact => &ONE_COMPACT,
            Notation::Ordinary => &ONE_ORDINARY,
        };
        Finder {
            file,
            notation,
            words,
            headings,
            diagrams,
            keep_going,
            bulletin,
            block_starts,
            title_lines: title_lines(headings),
            one,
            parses: RefCell::new(Parses::default()),
        }
    }

    /// Word `i` read by [`parse`].
    pub(super) fn parse(&self, i: usize) -> Option<Parsed> {
        self.words.get(i).map(|w| parse(self.notation, w.cells))
    }

    /// Where a game begins at word `i`: from a diagram's position (`Some`, the diagram and
    /// the position) or from the start position (`None`); `None` outside for no game.
    /// Right after a diagram (no blank line between: a game's start diagram), a game from
    /// its position before one from the start position; after a blank line the other way
    /// round (a diagram of its own, then a game).
    pub(super) fn game_start(&self, i: usize) -> Option<Option<(usize, Chess)>> {
        match self.words[i].after_blank_line {
            // (A numbered move right after a diagram that fits none of its positions, and is
            // no first move from the start position: the game's, written wrongly.)
            false => self
                .diagram_game(i)
                .map(Some)
                .or_else(|| self.starts_game(i).then_some(None))
                .or_else(|| self.diagram_start(i, false).map(Some))
                .or_else(|| self.starts_with_null(i).then_some(None)),
            true => self
                .starts_game(i)
                .then_some(None)
                .or_else(|| self.diagram_game(i).map(Some))
                .or_else(|| self.starts_with_null(i).then_some(None)),
        }
    }

    /// The move number at word `i` and the first move after it (or in it): the number,
    /// whether Black moves first, the move as written.
    fn first_moves(&self, i: usize) -> Option<(u32, bool, Option<Written>)> {
        let first = self.parse(i)?;
        let n = first.number.filter(|_| first.opens == 0)?;
        let second = self.parse(i + 1);
        // Black moves first when the number says so (`14...`, `14 --`), whatever the
        // diagram said (a diagram need not say who moves).
        let black =
            first.black || (first.written.is_none() && second.as_ref().is_some_and(|q| q.omitted));
        // The first move: in the number's word, the next word, or the one after the dashes.
        // (Ordinary notation writes a null move in the number's word: `40...--`.)
        let first_move = match (first.written.is_some() || first.omitted, &second) {
            (true, _) => Some(first),
            (false, Some(q)) if q.omitted && black => self.parse(i + 2),
            // (A number whose next word has a number of its own is text: `Reykjavik 1972.
            // 14...d6`.)
            (false, _) => second.filter(|q| q.number.is_none()),
        }?;
        // (A null move first, `40 -- --`: no move to tell the diagram's positions apart.)
        match (first_move.written, first_move.omitted) {
            (None, false) => None,
            (w, _) => Some((n, black, w)),
        }
    }

    /// The diagram right before word `i` that a game may begin from: a move number (any: the
    /// diagram does not show it) and a move (for Black, in compact notation after the dashes
    /// of the White move left out) right after it, or after a comment of its own. Its index,
    /// the move number, whether Black moves first, the first move as written; whether that
    /// move is legal in the diagram's position, and the diagram one at all, is
    /// [`Finder::diagram_start`]'s question.
    pub(super) fn after_diagram(&self, i: usize) -> Option<(usize, u32, bool, Option<Written>)> {
        let (words, diagrams) = (self.words, self.diagrams);
        let k = diagrams
            .partition_point(|d| d.end < words[i].line)
            .checked_sub(1)?;
        let d = &diagrams[k];
        if i > 0 && words[i - 1].line > d.end {
            return None;
        }
        // A comment may stand before the first move (a study's `{Vit drar och vinner.}`, with
        // numbers of its own: `{Fischer-Spassky, 1972.}`): its words, up to a blank line,
        // then the first number with a move.
        match parse(self.notation, words[i].cells).number.is_none() {
            true => (i + 1..words.len().min(i + 1 + MOST_STUDY_WORDS))
                .take_while(|&j| !words[j].after_blank_line)
                .find_map(|j| self.first_moves(j).map(|m| (k, m))),
            false => self.first_moves(i).map(|m| (k, m)),
        }
        .map(|(k, (n, black, w))| (k, n, black, w))
    }

    /// Not `strict`: the first move fits no position of the diagram (a slip in it or in the
    /// diagram); the game is read from the diagram all the same, where that move is the
    /// error.
    fn diagram_start(&self, i: usize, strict: bool) -> Option<(usize, Chess)> {
        let (k, n, black, w) = self.after_diagram(i)?;
        let diagram = &self.diagrams[k];
        if diagram.problem.is_some() {
            return None;
        }
        let mut positions = diagram_positions(&diagram.fen, n, black).into_iter();
        match (strict, w) {
            (true, Some(w)) => positions.find(|pos| fitting(pos, &w).len() == 1),
            _ => positions.next(),
        }
        .map(|pos| (k, pos))
    }

    /// A game from a diagram's position at word `i`: its first move fits one position of the
    /// diagram ([`Finder::diagram_start`], strict).
    fn diagram_game(&self, i: usize) -> Option<(usize, Chess)> {
        self.diagram_start(i, true)
    }

    /// Whether `p` is a legal first move from the start position (in ordinary notation also
    /// as typed without capital or number signs).
    fn legal_first(p: &Parsed) -> bool {
        let start = Chess::default();
        p.written.is_some_and(|w| !fitting(&start, &w).is_empty())
            || p.print.as_deref().is_some_and(|t| {
                repaired(t)
                    .iter()
                    .filter_map(|r| written_print(r))
                    .any(|w| fitting(&start, &w).len() == 1)
            })
    }

    /// A game starts at word `i`: the number 1 followed by a move that is legal from the
    /// start position.
    fn starts_game(&self, i: usize) -> bool {
        let words = self.words;
        if !words[i].cells.starts_with(self.one) {
            return false;
        }
        let first = parse(self.notation, words[i].cells);
        // (Not Black's number, `1...`: no game begins with Black's move from the start
        // position, and a game from a diagram goes on so after a comment.)
        first.number == Some(1)
            && first.opens == 0
            && !first.black
            && match first.written {
                Some(_) => Self::legal_first(&first),
                None => self.parse(i + 1).is_some_and(|q| Self::legal_first(&q)),
            }
    }

    /// A game that begins with White's null move, `1 -- e5` (`1.-- e5`), and a move legal for
    /// Black then, at a line's start: only where a game may begin, never as the next game's
    /// start in a game, where compact notation writes Black's move after a comment so (`1 e4
    /// eller d5 kanske 1 -- e5`).
    fn starts_with_null(&self, i: usize) -> bool {
        let words = self.words;
        let first = parse(self.notation, words[i].cells);
        let (dashes, k) = match first.written {
            None if !first.omitted => (self.parse(i + 1), i + 2),
            _ => (Some(first.clone()), i + 1),
        };
        (i == 0 || words[i - 1].line < words[i].line)
            && words[i].cells.starts_with(self.one)
            && first.number == Some(1)
            && first.opens == 0
            && !first.black
            && dashes.is_some_and(|d| d.omitted && d.written.is_none())
            && self.parse(k).is_some_and(|b| {
                b.written.is_some_and(|m| {
                    Chess::default()
                        .swap_turn()
                        .is_ok_and(|after| fitting(&after, &m).len() == 1)
                })
            })
    }

    /// Word `i` begins the line right after a game's heading: a line of its players (`White –
    /// Black`, a dash between words) or one ending in a result (`Studie, remi`). Moves there
    /// are a game's, not prose naming moves (a game from a position whose diagram is not
    /// drawn: its moves must not vanish as text).
    fn after_heading(&self, i: usize) -> bool {
        let words = self.words;
        let Some(before) = i.checked_sub(1).map(|k| &words[k]) else {
            return false;
        };
        if before.line + 1 != words[i].line || words[i].after_blank_line || words[i].column != 1 {
            return false;
        }
        let line = &words[..i];
        let from = line.partition_point(|w| w.line < before.line);
        // The block the line before belongs to (from the blank line before it) begins at the
        // margin, as a game's heading does, and the moves too: a paragraph of prose begins
        // indented, and a hard-broken one's lines or a list item's wraps go further in.
        let block = &words[self.block_starts[i - 1]];
        block.column == 1
            && (result_word(before.cells).is_some()
                || line[from..].iter().any(|w| w.cells == [DASH, DASH]))
    }

    /// A game's first move written wrongly: the number 1 and a word of a move's form that is
    /// no legal first move, followed by another move's word (or the number 2), the words of a
    /// game; the place of that move. (Not a heading's text: it would take the game's moves.)
    pub(super) fn wrong_start(&self, i: usize) -> Option<(usize, &'static str)> {
        let (words, notation) = (self.words, self.notation);
        // (At a line's start; in ordinary notation, a book's, where prose names moves too
        // (`Lösningen: 1.Dxh7+ Kxh7`), at a paragraph's start.)
        let line_start = i == 0 || words[i - 1].line < words[i].line;
        let paragraph = i == 0 || words[i].after_blank_line || self.after_heading(i);
        if !line_start || (notation == Notation::Ordinary && !paragraph) {
            return None;
        }
        // (Compact notation's 1 typed as ordinary notation's, `⠼⠁`, before a legal move.)
        if notation == Notation::Compact && words[i].cells == [NUMBER_SIGN[0], DIGITS[1]] {
            let next = words.get(i + 1).filter(|w| !w.after_blank_line)?;
            return Self::legal_first(&parse(notation, next.cells)).then_some((
                i,
                "the move number 1 is not written so, where a game begins",
            ));
        }
        if !words[i].cells.starts_with(self.one) {
            return None;
        }
        let first = parse(notation, words[i].cells);
        // (Black's number, `1...`, right after a game's heading: a game from a position with
        // Black to move, whose diagram is not drawn.)
        let black = first.black && self.after_heading(i);
        if first.number != Some(1) || first.opens > 0 || (first.black && !black) {
            return None;
        }
        let at = if first.written.is_some() { i } else { i + 1 };
        let m = words.get(at).filter(|w| at == i || !w.after_blank_line)?;
        let q = parse(notation, m.cells);
        let next = words.get(at + 1).filter(|w| !w.after_blank_line)?;
        let n = parse(notation, next.cells);
        let goes_on = (n.written.is_some() && n.number.is_none()) || n.number == Some(2);
        let moves = q.written.is_some() && (at == i || q.number.is_none()) && goes_on;
        match black {
            true => moves.then_some((
                at,
                "a game's first move is Black's, where a game begins from the start position",
            )),
            false => (moves && !Self::legal_first(&q))
                .then_some((at, "no legal first move is written so, where a game begins")),
        }
    }

    /// The hint for a game's first move written wrongly at word `at` (the game's words begin
    /// at word `i`).
    pub(super) fn wrong_start_hint(&self, i: usize, at: usize) -> Option<&'static str> {
        habit(self.notation, self.words[at].cells).or_else(|| {
            self.after_heading(i).then_some(
                "a game that begins from a position reads back only with that position's \
                 diagram right before its moves (a build draws it with --start-diagram)",
            )
        })
    }

    /// Where the reading goes on after a game left out (`keep_going`): its blank line, or the
    /// next game's start.
    pub(super) fn next_start(&self, mut i: usize) -> usize {
        let words = self.words;
        while i < words.len()
            && !words[i].after_blank_line
            && !self.starts_game(i)
            && self.diagram_game(i).is_none()
        {
            i += 1;
        }
        i
    }

    /// Whether a game begins at word `i`, from the start position or from a diagram.
    pub(super) fn begins_here(&self, i: usize) -> bool {
        self.starts_game(i) || self.diagram_game(i).is_some()
    }

    /// An empty line between lines `a` and `b` (not a page's first line holding its number
    /// alone): what stands after it is no longer the game's.
    pub(super) fn blank_between(&self, a: u32, b: u32) -> bool {
        let headings = self.headings;
        let lo = headings.partition_point(|h| h.line <= a);
        let hi = headings.partition_point(|h| h.line < b).max(lo);
        (lo..hi).any(|j| {
            headings[j].cells.is_empty() && j > 0 && headings[j - 1].page == headings[j].page
        })
    }

    /// A diagram right after word `a` (before word `b`, or the end) that shows `pos`'s board:
    /// one drawn inside a game (a comment's `[#]`), and whether the game goes on after it
    /// (the word `b` follows it with no empty line or other diagram between). Not one after a
    /// blank line on its page: a diagram of its own.
    pub(super) fn inner_diagram(
        &self,
        a: usize,
        b: Option<usize>,
        pos: &Chess,
        started: &[usize],
    ) -> Option<(usize, bool)> {
        let (words, diagrams) = (self.words, self.diagrams);
        let after = words[a].line;
        let k = diagrams.partition_point(|d| d.line <= after);
        let d = diagrams.get(k)?;
        let next = b.or(Some(a + 1)).and_then(|b| words.get(b));
        if next.is_some_and(|w| d.end >= w.line)
            || d.problem.is_some()
            || started.contains(&k)
            || d.fen.split(' ').next() != Some(pos.board().to_string().as_str())
            || self.blank_between(after, d.line)
        {
            return None;
        }
        let goes_on = next.is_some_and(|w| {
            !self.blank_between(d.end, w.line)
                && diagrams.get(k + 1).is_none_or(|e| e.line > w.line)
        });
        Some((k, goes_on))
    }
}

/// How many words of a comment before a study's first move (right after its diagram) are
/// looked through for the move.
const MOST_STUDY_WORDS: usize = 400;

/// The positions of a diagram (`fen`, as read: board and side to move) for a game that goes
/// on from it at move `number` (`black`: with Black to move). A diagram draws neither castling
/// rights nor en passant: a king and a rook on their first squares may castle, and a pawn of
/// the other side beside which the side to move stands may have just made its double step;
/// the moves read show which. The position without en passant first; none for a position no
/// game can stand in.
fn diagram_positions(fen: &str, number: u32, black: bool) -> Vec<Chess> {
    use shakmaty::{Bitboard, CastlingMode, Color, fen::Fen};
    let Some(mut setup) = Fen::from_ascii(fen.as_bytes()).ok().map(Fen::into_setup) else {
        return Vec::new();
    };
    let Some(fullmoves) = std::num::NonZeroU32::new(number) else {
        return Vec::new();
    };
    setup.fullmoves = fullmoves;
    if black {
        setup.turn = Color::Black;
    }
    // Castling as the diagram allows it (it does not say whether the king or a rook has
    // moved): a king on its square with a rook in a corner. A Chess960 start array (each
    // side's eight pawns on its second rank, eight pieces on its first) castles with the
    // outermost rook on either side of the king, wherever they stand. (A castled king on g1
    // beside a rook on a1 is no Chess960 start.)
    let rank_of = |color: Color, first: bool| match (color, first) {
        (Color::White, true) => Rank::First,
        (Color::White, false) => Rank::Second,
        (Color::Black, true) => Rank::Eighth,
        (Color::Black, false) => Rank::Seventh,
    };
    let on_rank =
        |color: Color, rank: Rank| Bitboard::from_rank(rank) & setup.board.by_color(color);
    let start_array = [Color::White, Color::Black].into_iter().all(|color| {
        let pawns = on_rank(color, rank_of(color, false)) & setup.board.pawns();
        pawns.count() == 8 && on_rank(color, rank_of(color, true)).count() == 8
    });
    let mut rights = Bitboard::EMPTY;
    let mut chess960 = false;
    for color in [Color::White, Color::Black] {
        let rank = rank_of(color, true);
        let at = |f: File| setup.board.piece_at(Square::from_coords(f, rank));
        let Some(k) = File::ALL
            .into_iter()
            .find(|&f| at(f) == Some(Role::King.of(color)))
        else {
            continue;
        };
        let rooks: Vec<File> = File::ALL
            .into_iter()
            .filter(|&f| at(f) == Some(Role::Rook.of(color)))
            .collect();
        let sides = [
            rooks.iter().copied().find(|&f| f < k),
            rooks.iter().copied().rev().find(|&f| f > k),
        ];
        for f in sides.into_iter().flatten() {
            let standard = k == File::E && matches!(f, File::A | File::H);
            if standard || start_array {
                chess960 |= !standard;
                rights.add(Square::from_coords(f, rank));
            }
        }
    }
    setup.castling_rights = rights;
    let mode = match chess960 {
        true => CastlingMode::Chess960,
        false => CastlingMode::Standard,
    };
    let them = !setup.turn;
    let (rank, behind) = match them {
        Color::White => (Rank::Fourth, Rank::Third),
        Color::Black => (Rank::Fifth, Rank::Sixth),
    };
    let eps = File::ALL.into_iter().filter_map(|file| {
        let ep = Square::from_coords(file, behind);
        (setup.board.piece_at(Square::from_coords(file, rank)) == Some(Role::Pawn.of(them)))
            .then_some(Some(ep))
    });
    std::iter::once(None)
        .chain(eps)
        .filter_map(|ep| {
            let mut with = setup.clone();
            with.ep_square = ep;
            Chess::from_setup(with, mode).ok()
        })
        .collect()
}
