//! One word of a game read by the reading's rules in turn ([`Reader::read_word`]): a result
//! at the game's end, a move typed without its signs, a sign or text, a move number and its
//! move or a comment's, the dashes, the move itself, the brackets that close variations.

use shakmaty::Position;

use super::Item;
use super::comments::TRIALS_DEEP;
use super::moves::{fitting, repaired, written_print};
use super::reader::Reader;
use super::words::{NO_MOVE_DUE, Parsed, Word, brackets, result_word, sign_word};
use crate::braille::tables::NUMBER_SIGN;
use crate::error::Result;
use crate::settings::Notation;

impl Reader<'_> {
    /// One word of a game (`rest`: the words after it); `true` when it ended the game. The
    /// rules below take it in turn: each reads the word (`Some`: whether it ended the game)
    /// or leaves it to the next.
    pub(super) fn read_word(&mut self, w: &Word<'_>, rest: &[Word<'_>]) -> Result<bool> {
        let untried = std::mem::take(&mut self.as_move);
        // (A doubt waits for its move only right after its number.)
        if !self.after_number {
            self.doubt = None;
        }
        if self.result_at_end(w, rest) {
            return Ok(true);
        }
        let mut p = Parsed::clone(&self.parsed(w.cells));
        self.repair(w, &mut p);
        let (after_number, after_black) = (self.after_number, self.after_black_number);
        // (Set again below when this word is a move number read as one.)
        self.after_number = false;
        self.after_black_number = false;
        // A move with a period after it where a comment has begun: the comment's text.
        if p.stopped && !self.comment.is_empty() {
            p.written = None;
            p.number = None;
        }
        if let Some(ended) = self.sign_or_text(w, &p, rest, after_number)? {
            return Ok(ended);
        }
        if let Some(ended) = self.numbered_move_of_comment(w, &p, rest, untried) {
            return Ok(ended);
        }
        if let Some(ended) = self.number_after_move(w, &p, rest, untried)? {
            return Ok(ended);
        }
        if let Some(ended) = self.number_after_comment(w, &p, rest)? {
            return Ok(ended);
        }
        self.after_number = p.number.is_some() && p.written.is_none() && !p.omitted;
        self.after_black_number = self.after_number && p.black;
        for _ in 0..p.opens {
            if !self.open_variation() {
                return Err(self.error(w, "a variation with no move before it".into()));
            }
        }
        if let Some(ended) = self.dashes(w, &p, rest, after_number, after_black)? {
            return Ok(ended);
        }
        if let Some(ended) = self.unnumbered_move_of_comment(w, &p, after_number, untried) {
            return Ok(ended);
        }
        if let Some(ended) = self.the_move(w, &p, rest, after_number)? {
            return Ok(ended);
        }
        for _ in 0..p.closes {
            self.flush_comment();
            let Some((pos, before)) = self.stack.pop() else {
                return Err(self.error(w, "a variation closed that was never opened".into()));
            };
            self.pos = pos;
            self.before = before;
            self.game.items.push(Item::VariationEnd);
        }
        if p.ends && self.stack.is_empty() && !p.empty {
            self.flush_comment();
            return Ok(true);
        }
        Ok(false)
    }

    /// A result typed after the last move, the game's last word (a scoresheet's `1-0`): the
    /// game's result and its end, not comment text.
    fn result_at_end(&mut self, w: &Word<'_>, rest: &[Word<'_>]) -> bool {
        let next = rest.first();
        if self.moves_read > 0
            && self.stack.is_empty()
            && !self.after_number
            && next.is_none_or(|n| n.after_blank_line)
            && let Some(result) = result_word(w.cells)
        {
            self.flush_comment();
            self.game.result = Some(result.to_owned());
            return true;
        }
        false
    }

    /// Ordinary notation typed without a capital or number sign: the word `p` read again as
    /// a move (see below), and whether this game's typist leaves the signs out.
    fn repair(&mut self, w: &Word<'_>, p: &mut Parsed) {
        let mut repaired_now = false;
        // Ordinary notation typed without a capital or number sign, right after a move number,
        // or after a move read so itself (a typist who leaves the signs out leaves them out
        // throughout, and after castling or a pawn's move too), or right after a move with
        // the number sign kept (`sf#f`: no word of text has it); never where a comment has
        // begun, whose words it would take for moves. The reading that is one legal move.
        let after_move = self.comment.is_empty() && self.after_move();
        let expecting = self.comment.is_empty()
            && (self.after_number
                || self.repairing
                || (after_move && (self.unsigned || w.cells.contains(&NUMBER_SIGN[0]))));
        if expecting
            && self.notation == Notation::Ordinary
            && p.written.is_none_or(|w| fitting(&self.pos, &w).is_empty())
            && let Some(print) = p.print.clone()
        {
            let here = self.played_in(p.opens);
            if let Some(w) = repaired(&print)
                .iter()
                .filter_map(|t| written_print(t))
                .find(|w| fitting(here, w).len() == 1)
            {
                p.written = Some(w);
                repaired_now = true;
            }
        }
        self.repairing = repaired_now;
        self.unsigned |= repaired_now;
    }

    /// A word that is no move: an error right after a move number; a sign after a move; a
    /// bracket or period alone; text (a comment's, or one that opens a variation).
    fn sign_or_text(
        &mut self,
        w: &Word<'_>,
        p: &Parsed,
        rest: &[Word<'_>],
        after_number: bool,
    ) -> Result<Option<bool>> {
        if after_number
            && (p.is_text()
                || p.written
                    .is_some_and(|m| fitting(self.played_in(p.opens), &m).is_empty()))
        {
            // A move number is followed by its move (or, in compact notation, the dashes of
            // a White move left out): a word typed wrong there is an error, not a comment that
            // would shift every move after it onto the wrong number.
            let message = match p.written {
                Some(_) => "no legal move is written so",
                None => NO_MOVE_DUE,
            };
            return Err(self.error_at_move(w, message));
        }
        // A sign with a NAG as a word of its own right after a move (`⠲⠌⠶`, `⠻⠙⠞⠴` at a
        // variation's end): the move's.
        if p.is_text()
            && self.comment.is_empty()
            && self.after_move()
            && let Some((nag, closes)) = sign_word(self.notation, w.cells)
            && closes <= self.stack.len()
        {
            self.game.items.push(Item::Nag(nag));
            for _ in 0..closes {
                if let Some((pos, before)) = self.stack.pop() {
                    (self.pos, self.before) = (pos, before);
                }
                self.game.items.push(Item::VariationEnd);
            }
            return Ok(Some(false));
        }
        // A closing bracket alone where a comment has begun: the comment's own, or the end of
        // variations (`{[clk 1:05:23 ] och mer}` in compact notation, whose variations have
        // the text's square brackets).
        if p.empty && p.opens == 0 && p.closes > 0 && !self.comment.is_empty() {
            self.text_word(w.cells);
            return Ok(Some(false));
        }
        // A period alone is text (a comment's `{ . }`): a compact game's end stands right
        // after its last move.
        if p.empty && p.ends && p.opens == 0 && p.closes == 0 {
            self.text_word(w.cells);
            return Ok(Some(false));
        }
        if p.is_text() {
            // A variation that begins with a comment (`(Eller 1...e6)`): its bracket, then
            // the comment in it.
            let (open, _) = brackets(self.notation);
            if w.cells.len() > 1
                && open.contains(&w.cells[0])
                && self.variation_follows(w.cells, rest)
                && self.open_variation()
            {
                self.comment_word(&w.cells[1..]);
                return Ok(Some(false));
            }
            self.text_word(w.cells);
            return Ok(Some(false));
        }
        Ok(None)
    }

    /// Ordinary notation: a move with the number due that is a comment's (see below), read
    /// as text; where the choice was doubtful and the move stays the game's, the doubt is
    /// kept for when the move is played. (A variation's number is that of the move it
    /// replaces.)
    fn numbered_move_of_comment(
        &mut self,
        w: &Word<'_>,
        p: &Parsed,
        rest: &[Word<'_>],
        untried: bool,
    ) -> Option<bool> {
        let next = rest.first();
        let here = self.played_in(p.opens);
        let due = here.fullmoves().get();
        // Ordinary notation: a move with the number due may be a comment's, where a comment
        // has begun, when text follows it, or when it is written as the other side's (`5.d3`
        // where Black's `5...` is due). Written so and no legal move, it is (right after a
        // move, when text follows: a comment that begins with it); a legal one is the game's
        // when the game reads on from it (`comment_names_the_move`).
        if self.notation == Notation::Ordinary
            && self.trial < TRIALS_DEEP
            && !untried
            && p.number == Some(due)
            && p.opens == 0
            && !p.omitted
        {
            let next_move = next.map(|n| self.parsed(n.cells));
            let dashes_next = p.written.is_none() && next_move.as_ref().is_some_and(|q| q.omitted);
            let written = match p.written {
                Some(m) => Some(m),
                None => next_move.and_then(|q| q.written.filter(|_| q.number.is_none())),
            };
            let legal = written.is_some_and(|m| fitting(here, &m).len() == 1);
            let other_side = p.black != (here.turn() == shakmaty::Color::Black);
            let in_comment = !self.comment.is_empty();
            // (Right after a move, a comment begins with a move when text follows it:
            // `10.d3 är lugnare`.)
            let text_follows = || self.text_follows(p, rest);
            // (A comment may begin with a line of moves, then its text: `2.f4 exf4 är
            // kungsgambit` after White's `2.Sf3`.)
            let text_after_moves = || self.text_after_moves(p, here, rest);
            // (The first move of a variation that began with a comment, `({Lasker spelade}
            // 1...c5 {i parti två})`: a variation has a move.)
            let variation_move = legal && !other_side && self.variation_without_move();
            // (White's number due standing apart from its legal move right after a move, as
            // the writer of books sets the game's moves, `2. c4 {eller 2.e4}`, is the game's
            // where the readings differ by it alone; a comment's where the rest reads better
            // so: `a4! 11. Sb3 förhindras. 11. Tb1`, a comment that opens with the move. The
            // game's first move is the game's: the next game may follow it with no blank line
            // between, where a page's end took the line away, and read on as this one.)
            let first = legal
                && !other_side
                && !in_comment
                && p.written.is_none()
                && !p.black
                && self.moves_read == 0;
            let mut doubtful = false;
            if !dashes_next
                && !variation_move
                && ((other_side
                    && !legal
                    && (in_comment
                        || (p.written.is_some() && (text_follows() || text_after_moves()))))
                    // In a comment, a move with the number due that is no legal move here
                    // is the comment's: its line goes on from another position (`Efter
                    // 6...Lb6 7.d5` where 6...Lb4+ was played and 7.d5 leaves the king in
                    // check). A slip in the game's move there turns the rest into comment,
                    // an error at its end (`game_in_last_comment`).
                    || (in_comment
                        && !other_side
                        && written.is_some()
                        && !legal
                        && self.comment_has_numbered_move())
                    || (legal
                        && !first
                        && (in_comment || other_side || text_follows())
                        && {
                            let choice = self.comment_names_the_move(w, p, rest);
                            doubtful = choice.doubtful;
                            choice.comment
                        }))
            {
                if doubtful && self.trial == 0 {
                    let san = written.and_then(|m| self.san_fitting(here, &m, p));
                    let d = self.doubt(w, san, true);
                    self.game.doubts.push(crate::error::Warning(d));
                }
                self.text_word(w.cells);
                return Some(false);
            }
            if doubtful && self.trial == 0 {
                let san = written.and_then(|m| self.san_fitting(here, &m, p));
                self.doubt = Some(self.doubt(w, san, false));
            }
        }
        None
    }

    /// A move number that is a comment's Black move right after White's, or a number typed
    /// wrong: right after a move; in compact notation also the number after the one due
    /// where a comment began right after a move.
    fn number_after_move(
        &mut self,
        w: &Word<'_>,
        p: &Parsed,
        rest: &[Word<'_>],
        untried: bool,
    ) -> Result<Option<bool>> {
        let next = rest.first();
        let here = self.played_in(p.opens);
        let due = here.fullmoves().get();
        // Ordinary notation: Black's move with its number right after White's move of that
        // number is a comment's (`1. e4 {1...c5}`): the game's has no number there.
        // (Looked back for only where the rest holds.)
        let last_white = || {
            self.game.items.iter().rev().find_map(|i| match i {
                Item::Move { white, .. } => Some(*white),
                _ => None,
            })
        };
        if self.notation == Notation::Ordinary
            && !untried
            && p.black
            && p.opens == 0
            && p.number == Some(due)
            && here.turn() == shakmaty::Color::Black
            && self.comment.is_empty()
            && self.after_move()
            && last_white() == Some(true)
        {
            self.text_word(w.cells);
            return Ok(Some(false));
        }
        // (Ordinary notation: a Black move with the number of the one just played, where
        // White is due, is no slip but a comment naming another move there: `6...b6 6...d5
        // 7.e3 är också bra`.)
        let alternative = self.notation == Notation::Ordinary
            && p.black
            && here.turn() == shakmaty::Color::White
            && p.number.is_some_and(|n| n.checked_add(1) == Some(due))
            && p.opens == 0;
        if let Some(n) = p.number
            && n != due
            && !alternative
            && self.comment.is_empty()
            && self.moves_read > 0
            && self.move_follows(p, here, rest)
        {
            // A move number right after a move, with its move after it, that is not the
            // number due: a number typed wrong (or a move left out), not a comment.
            let e = self.error_at_move(w, &format!("move number {n} where {due} is due"));
            return Err(e);
        }
        // Compact notation: the number after the one due, with a move after it, where a
        // comment began right after a move: that comment's first word was the move due typed
        // wrong (a comment has no lower digits to read as the number).
        if self.notation == Notation::Compact
            && p.number == Some(due + 1)
            && p.opens == 0
            && let Some(start) = &self.comment_start
            && next.is_some_and(|n| self.parsed(n.cells).written.is_some())
        {
            return Err(self.error_at_move(&start.word(), NO_MOVE_DUE));
        }
        Ok(None)
    }

    /// A move number where a comment has begun: in compact notation a number typed wrong;
    /// else text when it is not the number due, or when no move (or the dashes of one left
    /// out) follows it after a comment, since a lone punctuation cell of a comment may read
    /// as a number.
    fn number_after_comment(
        &mut self,
        w: &Word<'_>,
        p: &Parsed,
        rest: &[Word<'_>],
    ) -> Result<Option<bool>> {
        let next = rest.first();
        let here = self.played_in(p.opens);
        let due = here.fullmoves().get();
        // Compact notation: a comment has no lower digits, so a move number in one that is
        // not the number due, with a move after it, is a number typed wrong (not the comment's
        // first word, nor text that takes the rest of the game).
        if self.notation == Notation::Compact
            && let Some(n) = p.number
            && n != due
            && p.opens == 0
            && self.moves_read > 0
            && !self.comment.is_empty()
            && self.move_follows(p, here, rest)
        {
            let e = self.error_at_move(w, &format!("move number {n} where {due} is due"));
            return Err(e);
        }
        // (Ordinary notation: the number due, this side's, apart from a word of a move's form
        // that is no legal move here, after a comment that names no move of its own (`bra
        // drag 3. Lb6`): the game's move written wrongly, read as one to be the error there,
        // as when they are written together. A comment's own line begins with a move legal
        // here, or follows a move it names.)
        let slipped = self.notation == Notation::Ordinary
            && p.number == Some(due)
            && p.written.is_none()
            && p.opens == 0
            && p.black == (here.turn() == shakmaty::Color::Black)
            && next.is_some_and(|n| {
                let q = self.parsed(n.cells);
                q.number.is_none() && q.written.is_some() && q.opens == 0
            })
            && !self.comment_has_numbered_move();
        if p.number.is_some_and(|n| n != due)
            || (p.number.is_some()
                && p.written.is_none()
                && !p.omitted
                && !self.comment.is_empty()
                && !slipped
                && !next.is_some_and(|n| {
                    let q = self.parsed(n.cells);
                    q.omitted || q.written.is_some_and(|m| fitting(here, &m).len() == 1)
                }))
        {
            // Not the number due: text of a comment (`sedan 1843.)` may end a variation).
            self.text_word(w.cells);
            return Ok(Some(false));
        }
        Ok(None)
    }

    /// The dashes `⠤⠤`: a null move, the White move left out before Black's, or text.
    fn dashes(
        &mut self,
        w: &Word<'_>,
        p: &Parsed,
        rest: &[Word<'_>],
        after_number: bool,
        after_black: bool,
    ) -> Result<Option<bool>> {
        let next = rest.first();
        // The dashes: a null move, unless they stand for the White move left out before a
        // Black move's number (White has moved: `7 -- sf5`, `7. -- Sf5`).
        if p.omitted {
            let black = self.pos.turn() == shakmaty::Color::Black;
            let marker = black && !p.black && !after_black && (after_number || p.number.is_some());
            // Dashes between words of text are text: the dash between the players of the
            // next game's heading (`Anna -- Bo`), when a page end took the blank line away.
            // (At the game's end, after a move, they are a null move: `3. Lb5 --`.)
            // (Right after a move they are a null move: `3. Lb5 --`, `2. Kf2 -- {bra}`; a
            // heading's dash has a name before it.)
            let in_text = p.number.is_none()
                && p.closes == 0
                && !after_number
                && next.is_none_or(|n| self.parsed(n.cells).is_text())
                && !(self.comment.is_empty() && self.after_move());
            if in_text && !marker {
                self.comment_word(w.cells);
                return Ok(Some(false));
            }
            if marker {
                // Black's move follows, as after its number (`1...`).
                self.after_number = true;
                self.after_black_number = true;
            } else {
                self.flush_comment();
                self.play_null(w)?;
            }
        }
        Ok(None)
    }

    /// A move's word without its number where the game's move has one: a comment's.
    fn unnumbered_move_of_comment(
        &mut self,
        w: &Word<'_>,
        p: &Parsed,
        after_number: bool,
        untried: bool,
    ) -> Option<bool> {
        // After a comment a move has its number (`12 -- sc6`, `12...Sc6`): a word of a move's
        // form after comment text, with no number, is the comment's (`{eller d5 kanske}`);
        // brackets after it close the comment's own, then variations (`{… saknade bonden
        // d5!})`).
        if p.written.is_some()
            && !self.comment.is_empty()
            && !after_number
            && p.number.is_none()
            && p.opens == 0
        {
            self.text_word(w.cells);
            return Some(false);
        }
        // Ordinary notation: White's move has its number (`2. a3`); a move's word without
        // one where White is due, right after Black's move, is a comment's (`1. e4 e5 {a3}`);
        // so is one before the game's first move, which has its number (a study's `{Lf5.}
        // 1...Lf5`).
        if p.written.is_some()
            && p.number.is_none()
            && !after_number
            && !untried
            && p.opens == 0
            && ((self.notation == Notation::Ordinary
                && self.moves_read > 0
                && self.pos.turn() == shakmaty::Color::White)
                || self.moves_read == 0)
        {
            self.text_word(w.cells);
            return Some(false);
        }
        None
    }

    /// The move itself: played when it is one legal move (text where a comment's words may
    /// look like one), an error otherwise.
    fn the_move(
        &mut self,
        w: &Word<'_>,
        p: &Parsed,
        rest: &[Word<'_>],
        after_number: bool,
    ) -> Result<Option<bool>> {
        let next = rest.first();
        if let Some(written) = p.written {
            let fit = fitting(&self.pos, &written);
            match fit.as_slice() {
                [m] => {
                    // A sign the move does not bear out: a cell of the move or of the sign
                    // is wrong (a sign may be left out, not written wrongly).
                    if let Some(wrong) = self.wrong_sign(*m, &written) {
                        return Err(self.error_at_move(w, &wrong));
                    }
                    self.flush_comment();
                    if let Some(d) = self.doubt.take() {
                        self.game.doubts.push(crate::error::Warning(d));
                    }
                    self.play(*m);
                    if p.number.is_some() && !p.black && self.notation == Notation::Ordinary {
                        self.glued += 1;
                    }
                    // (The draw offer last, as print writes it: `Lb5!(=)`.)
                    let offer = crate::chess::game::DRAW_OFFER_NAG;
                    let signs = p.nags.iter().filter(|&&n| n != offer);
                    let offers = p.nags.iter().filter(|&&n| n == offer);
                    self.game
                        .items
                        .extend(signs.chain(offers).map(|&n| Item::Nag(n)));
                }
                [] if p.opens == 0
                    && !after_number
                    && p.number.is_none()
                    && (!self.comment.is_empty()
                        || self.moves_read == 0
                        || next.is_some_and(|n| self.parsed(n.cells).is_text())) =>
                {
                    // In a comment (or before the game's first move), text that looks like a
                    // move is text; so is such a word that text follows: a comment that
                    // begins with a move (`{e4 är bättre}`).
                    self.text_word(w.cells);
                    return Ok(Some(false));
                }
                [] => return Err(self.error(w, "no legal move is written so".into())),
                _ => {
                    return Err(self.error(w, format!("{} legal moves are written so", fit.len())));
                }
            }
        }
        Ok(None)
    }
}
