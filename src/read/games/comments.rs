//! Comments between a game's moves: their words, and the choice between a comment's move and
//! the game's where the braille allows both.

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Move, Position};

use super::Item;
use super::moves::{Written, only_fitting, written};
use super::reader::Reader;
use super::words::{DASH, NO_MOVE_DUE, PERIOD, Parsed, Word, brackets, parse};
use crate::braille::Cell;
use crate::error::{Diagnostic, Error, Result};
use crate::read::text::to_print;
use crate::settings::Notation;

/// How many words of a comment at the start of a variation are looked through for its move.
pub(super) const MOST_COMMENT_WORDS: usize = 24;

/// One of the two readings [`Reader::comment_names_the_move`] tries, as far as it got.
struct Attempt<'a> {
    r: Reader<'a>,
    /// The last word's reading: `Ok(false)` while it reads on.
    read: Result<bool>,
    /// Moves it loses for the number written again that it took for text (two each).
    again: usize,
    /// Of those, and of a failure there, the times it was the same move.
    same: usize,
    /// The word before was the number again, apart from the same move.
    apart_again: bool,
}

/// What [`Reader::comment_names_the_move`] chose.
pub(super) struct Choice {
    /// The word is the comment's, not the game's.
    pub(super) comment: bool,
    /// The readings scored (about) the same: the other may be right.
    pub(super) doubtful: bool,
}

/// Trial readings within trial readings, at most (each tries two readings of the words after
/// one that may be a comment's move: [`Reader::comment_names_the_move`]).
pub(super) const TRIALS_DEEP: u8 = 2;

/// Words a trial reading within a trial reads on, at most: a wrong reading goes wrong within a
/// few moves (numbers that are not due), and the readings stay cheap in long annotated games.
const TRIAL_WORDS: usize = 60;

/// Words the two readings of the reading itself read on, at most: a comment may hold a line
/// of a dozen moves and a hundred words, and the game's own moves after it are what tell the
/// readings apart (on real annotated games 240 read as many games right as 500, and more than
/// 60 or 120).
const READING_WORDS: usize = 240;

impl Reader<'_> {
    /// Ordinary notation: whether the word `w`, a move with the number due (`2...Sc6`), is a
    /// comment's and not the game's. A comment is text with nothing to close it: it may begin
    /// with a move (`{1...b6 är sämre} 1...e6`) or name the very move that follows it
    /// (`Efter 2...Sc6 3.Lb5 a6 blir det spanskt. 2...Sc6 3. Lb5`). The game's own move is
    /// the reading after which the rest of the game reads on as moves: both readings are
    /// tried on (to the game's end, its blank line, or [`READING_WORDS`] words, in a trial
    /// [`TRIAL_WORDS`]), and the one that reads more moves wins; a reading that takes the same
    /// number written again later for text loses two moves for it, and one that ends in an
    /// error two. White's number standing apart from its move (`11. Sb3`, as the game's are
    /// written) is the comment's only where that reading wins by more than two.
    /// When the rest reads the same either way (the move ends a variation or the game), it
    /// is the game's right after a move (`40. Dxf7 och svart gav upp`), after a comment that
    /// ends a sentence (`Nu avgör: 40. Dxf7`) or names it (`Nu avgör 4. La4 4. La4 och …`),
    /// and where no text follows it (`och sedan 2...Sf6)`); else the comment's (`c5 och
    /// 11.d4 följer)`).
    /// The choice is doubtful ([`Choice::doubtful`]) where the readings tie, or where the
    /// comment's wins by no more than one penalty: a reading's score is then no evidence,
    /// and the braille says both (on real annotated games every reading that went wrong
    /// silently went wrong at such a choice, and no right one had one).
    pub(super) fn comment_names_the_move(
        &self,
        w: &Word<'_>,
        p: &Parsed,
        rest: &[Word<'_>],
    ) -> Choice {
        let attempts = self.both_readings(w, p, rest);
        self.choose(p, rest, &attempts)
    }

    /// The two readings of [`Reader::comment_names_the_move`], the word `w` (`p`) read as
    /// a comment's text and as the game's move, each read on as far as it goes.
    fn both_readings(&self, w: &Word<'_>, p: &Parsed, rest: &[Word<'_>]) -> [Attempt<'_>; 2] {
        // A reading's score: the moves it reads, less two for each word after it with this
        // number, as this side's, that it takes for text at this depth of variations (the
        // move written again: `… blir det spanskt. 2...Sc6`).
        let depth = self.stack.len();
        // The move a word names here, with its number (in the word after an apart one).
        let here = self.played_in(p.opens);
        let named_move = |q: &Parsed, after: Option<&Word<'_>>| {
            let written = q
                .written
                .or_else(|| after.and_then(|a| self.parsed(a.cells).written))?;
            only_fitting(here, &written)
        };
        let this_move = named_move(p, rest.first());
        let window = match self.trial {
            0 => READING_WORDS,
            _ => TRIAL_WORDS,
        };
        // The two readings, read on word by word side by side.
        let start = |as_move: bool| {
            let mut r = self.trial();
            let read = match as_move {
                true => {
                    r.as_move = true;
                    r.read_word(w, rest)
                }
                false => {
                    r.text_word(w.cells);
                    Ok(false)
                }
            };
            Attempt {
                r,
                read,
                again: 0,
                same: 0,
                apart_again: false,
            }
        };
        let mut attempts = [start(false), start(true)];
        let mut k = 0;
        while attempts.iter().any(|a| matches!(a.read, Ok(false))) {
            // (To the game's end: a blank line, or the next game's first move number: a `1`
            // after the first moves, White's `1.` after Black's first; a variation's `(1...` is
            // none.)
            // (Or the next game's players' line at a page's top, `Vit 753 -- Svart 753`,
            // where the page's end took the blank line away.)
            let players_overleaf = |n: &Word<'_>| {
                let page_before = match k {
                    0 => w.page,
                    _ => rest[k - 1].page,
                };
                n.page > page_before
                    && n.column == 1
                    && rest[k..].windows(2).take(6).any(|pair| {
                        let q = self.parsed(pair[0].cells);
                        pair[1].cells == [DASH, DASH]
                            && pair[1].line == n.line
                            && q.number.is_none()
                            && q.written.is_none()
                    })
            };
            let Some(next) = rest.get(k).filter(|n| {
                let q = self.parsed(n.cells);
                k < window
                    && !n.after_blank_line
                    && !players_overleaf(n)
                    && !(q.number == Some(1)
                        && q.opens == 0
                        && (p.number.is_some_and(|n| n > 1) || (p.black && !q.black)))
            }) else {
                break;
            };
            k += 1;
            let q = self.parsed(next.cells);
            let number_again = q.number == p.number && q.black == p.black && q.opens == 0;
            let same_again = || this_move.is_some() && named_move(&q, rest.get(k)) == this_move;
            for a in attempts.iter_mut().filter(|a| matches!(a.read, Ok(false))) {
                let r = &mut a.r;
                let (moves, at) = (r.moves_read, r.stack.len());
                a.read = r.word(next, &rest[k..]);
                // (A number read as one, its move in the next word, is no text.)
                if r.moves_read == moves && !r.after_number && at == depth && number_again {
                    a.again += 2;
                    a.same += usize::from(same_again());
                } else if a.read.is_err() && (number_again || a.apart_again) {
                    // (Failing at the same move, or at its word after its number apart.)
                    a.same += usize::from(same_again() || a.apart_again);
                }
                a.apart_again = number_again && q.written.is_none() && same_again();
            }
            // Where the readings have come to the same place in the same state, they read
            // the rest alike: what they differ by is known.
            let [text, read] = &attempts;
            if text.read.is_ok() && read.read.is_ok() && text.r.same_state(&read.r) {
                break;
            }
        }
        attempts
    }

    /// The choice between the two readings, by their scores (see
    /// [`Reader::comment_names_the_move`]).
    fn choose(&self, p: &Parsed, rest: &[Word<'_>], attempts: &[Attempt<'_>; 2]) -> Choice {
        let score = |a: &Attempt<'_>| {
            // A reading that ends in an error loses two moves too.
            let wrong = if a.read.is_err() { 2 } else { 0 };
            let glued = a.r.glued - self.glued;
            (
                a.r.moves_read.saturating_sub(a.again + wrong),
                a.same,
                glued,
            )
        };
        let ((text, _, text_glued), (read, same, read_glued)) =
            (score(&attempts[0]), score(&attempts[1]));
        let sentence_ends = || {
            let before = to_print(&self.comment);
            before.trim_end().ends_with(['.', ':', '!', '?', ')'])
        };
        // The comment names this move before (`Nu avgör 4. La4 4. La4 och …`): this is the
        // game's.
        let named = || {
            self.comment
                .split(|c| c.is_blank())
                .map(|c| parse(self.notation, c))
                .any(|q| q.number == p.number && q.black == p.black)
        };
        // (Where the readings differ by this move alone, it is the game's unless it is
        // White's written with its number in one word, `11.d4`: the writer of books sets a
        // White move apart from its number, `11. d4`, and a comment's move is as its source
        // wrote it. Black's move after a comment is written `11...d4` either way: the
        // game's, as comments are mostly words and evaluations, `{bra} 2...Sc6`, `{0.00}`.)
        let glued_white = p.written.is_some() && !p.black;
        // (White's number standing apart, as the writer sets the game's moves: the comment's
        // only where its reading wins by more than one penalty, `a4! 11. Sb3 förhindras.`.)
        let apart_margin = match p.written.is_none() && !p.black {
            true => 2,
            false => 0,
        };
        // (The move written again, read as text or failing, is evidence at any margin.)
        let apart_margin = if same > 0 { 0 } else { apart_margin };
        let comment = text > read + apart_margin
            || (text + 1 == read
                && glued_white
                && !self.comment.is_empty()
                && self.text_follows(p, rest)
                && !sentence_ends()
                && !named());
        // (The game's move where the comment named it, `… blir det spanskt. 2...Sc6`: the
        // reading that takes the first for the game's takes the same move written again for
        // text, or fails at it; that is evidence, not a doubt.)
        // (Nor is a tie where the comment's reading takes more moves written in one word with
        // their White number for the game's, `{eller 2.e4} 2...d6`, as the game's moves are
        // not written.)
        let unlike = !comment && text_glued > read_glued;
        Choice {
            comment,
            doubtful: (read..=read + 2).contains(&text) && same == 0 && !unlike,
        }
    }

    /// Whether text follows the move of `p` (after the move's word when the number stands
    /// apart), and the move closes no variation.
    pub(super) fn text_follows(&self, p: &Parsed, rest: &[Word<'_>]) -> bool {
        let parsed = |k: usize| {
            rest.get(k)
                .filter(|n| !n.after_blank_line)
                .map(|n| self.parsed(n.cells))
        };
        match p.written {
            Some(_) => p.closes == 0 && parsed(0).is_some_and(|q| q.is_text()),
            None => {
                parsed(0).is_some_and(|q| q.closes == 0) && parsed(1).is_some_and(|q| q.is_text())
            }
        }
    }

    /// The move `written` names in `here`, in print (`9. Nxd5`, `9... Nxd5`), as the doubt
    /// about the word `p` names it.
    pub(super) fn san_fitting(
        &self,
        here: &Chess,
        written: &Written,
        p: &Parsed,
    ) -> Option<String> {
        let m = only_fitting(here, written)?;
        let san = SanPlus::from_move(here.clone(), m);
        let number = here.fullmoves().get();
        Some(match p.black {
            true => format!("{number}... {san}"),
            false => format!("{number}. {san}"),
        })
    }

    /// The doubt about the word `w`, read as a comment's text (`as_comment`) or as the game's
    /// move `san`: both readings, where they stand.
    pub(super) fn doubt(&self, w: &Word<'_>, san: Option<String>, as_comment: bool) -> Diagnostic {
        let san = san.unwrap_or_else(|| "its move".into());
        let message = match as_comment {
            true => format!(
                "two readings remain: read as a comment's words; as the game's move {san} the \
                 rest reads about as well"
            ),
            false => format!(
                "two readings remain: read as the game's move {san}; as a comment's words the \
                 rest reads about as well"
            ),
        };
        self.diagnostic(w, message)
            .with_hint("check the game here against the print; the PGN has the reading named first")
    }

    pub(super) fn flush_comment(&mut self) {
        if !self.comment.is_empty() {
            let text = to_print(&self.comment);
            self.comment.clear();
            if !text.is_empty() {
                self.game.items.push(Item::Comment(text));
            }
        }
    }

    /// Whether the comment so far names a move with its number (`Efter 6...Lb6`): a line of
    /// moves of its own, from another position. (A comment without one, `bra drag`, followed
    /// by a move no legal one here is the game's move written wrongly: an error.)
    pub(super) fn comment_has_numbered_move(&self) -> bool {
        self.comment
            .split(|c| c.is_blank())
            .map(|c| parse(self.notation, c))
            .any(|q| q.number.is_some() && q.written.is_some())
    }

    /// Whether text follows the move of `p` after a line of moves, before the move due in
    /// `here` (the words of the line: moves and their numbers, none of them that move): a
    /// comment that begins with a line of moves (`2.f4 exf4 är kungsgambit`).
    pub(super) fn text_after_moves(&self, p: &Parsed, here: &Chess, rest: &[Word<'_>]) -> bool {
        let due = here.fullmoves().get();
        let black = here.turn() == shakmaty::Color::Black;
        for n in rest.iter().take(MOST_COMMENT_WORDS) {
            if n.after_blank_line {
                return false;
            }
            let q = self.parsed(n.cells);
            if q.is_text() {
                return p.closes == 0;
            }
            if q.opens > 0 || q.closes > 0 || (q.number == Some(due) && q.black == black) {
                return false;
            }
        }
        false
    }

    /// Ordinary notation, a file read: the error for a comment that began right after a move
    /// and ends the game (its `words`), when the words after its first read on as the game's
    /// moves (three, or all of them and two or more), as they stand or after a legal move in
    /// the first word's place (or the first two's: a blank typed inside a move): that word was
    /// the move or move number due, typed wrong (`#b` without its period, a cell of a move),
    /// and the game went on as comment text.
    pub(super) fn game_in_last_comment(&self, words: &[Word<'_>]) -> Option<Error> {
        let first = words.first()?;
        if self.notation != Notation::Ordinary || words.len() < 2 {
            return None;
        }
        let reads_on = |rest: &[Word<'_>], instead: Option<Move>| {
            let mut t = self.trial();
            t.comment.clear();
            t.comment_start = None;
            if let Some(m) = instead {
                t.play(m);
            }
            let from = t.moves_read;
            for (k, w) in rest.iter().take(TRIAL_WORDS).enumerate() {
                match t.word(w, &rest[k + 1..]) {
                    Ok(ended) if t.comment.is_empty() => {
                        if ended || t.moves_read >= from + 3 {
                            break;
                        }
                    }
                    _ => return false,
                }
            }
            t.moves_read >= from + 2
        };
        let legal = self.pos.legal_moves();
        let slip = |skip: usize| {
            let rest = words.get(skip..).unwrap_or_default();
            !rest.is_empty()
                && (reads_on(rest, None) || legal.iter().any(|&m| reads_on(rest, Some(m))))
        };
        (slip(1) || slip(2)).then(|| {
            self.error_at_move(
                first,
                &format!("{NO_MOVE_DUE}; the words after it read as the game's moves"),
            )
        })
    }

    /// The error for a comment at a game's end that holds its last moves (see `games`).
    pub(super) fn moves_in_last_comment(&self) -> Option<Error> {
        let start = self.comment_start.as_ref()?;
        let last = self.comment.rsplit(|c| *c == Cell::BLANK).next()?;
        let (&PERIOD, bare) = last.split_last()? else {
            return None;
        };
        if self.notation != Notation::Compact || written(bare).is_none() {
            return None;
        }
        Some(self.error_at_move(&start.word(), NO_MOVE_DUE))
    }

    /// A word of text: a comment's. Brackets that close it end variations (a comment sign
    /// after a blank, `⠲⠌⠶)`; a comment's last word, `följer)`).
    pub(super) fn text_word(&mut self, cells: &[Cell]) {
        let (open, close) = brackets(self.notation);
        let trailing = cells.iter().rev().take_while(|c| close.contains(c)).count();
        // (Most words close nothing: the comment is not counted through for them.)
        if trailing == 0 {
            self.comment_word(cells);
            return;
        }
        // Brackets the comment opened itself and has not closed close first (`{(se nedan)}`,
        // `{se (nedan)}`; not `{(Spassky-Fischer, 1960).}`, closed before its period).
        let count = |cells: &[Cell], set: &[Cell]| cells.iter().filter(|c| set.contains(c)).count();
        let word = &cells[..cells.len() - trailing];
        let opened = (count(&self.comment, open) + count(word, open))
            .saturating_sub(count(&self.comment, close) + count(word, close));
        let own = opened.min(trailing);
        let closes = trailing - own;
        if closes == 0 || closes > self.stack.len() || trailing == cells.len() {
            self.comment_word(cells);
            return;
        }
        self.comment_word(&cells[..cells.len() - closes]);
        for _ in 0..closes {
            self.flush_comment();
            if let Some((pos, before)) = self.stack.pop() {
                self.pos = pos;
                self.before = before;
            }
            self.game.items.push(Item::VariationEnd);
        }
    }

    /// A diagram drawn here (`[#]`, as ChessBase marks one in a comment): the comment before
    /// it ends, and the move after it has its number.
    pub(super) fn diagram_mark(&mut self) {
        self.flush_comment();
        let mark = crate::chess::game::DIAGRAM_MARK.to_owned();
        self.game.items.push(Item::Comment(mark));
    }

    pub(super) fn comment_word(&mut self, cells: &[Cell]) {
        if !self.comment.is_empty() {
            self.comment.push(Cell::BLANK);
        }
        self.comment.extend_from_slice(cells);
    }
}
