//! What each of pgn-reader's reports does: a move resolved and played, a NAG, a comment (and
//! the diagrams its `[#]` marks ask for), a variation's start and end, the result.

use std::borrow::Cow;
use std::mem;
use std::ops::ControlFlow;

use pgn_reader::{KnownOutcome, Nag, Outcome, RawComment, RawTag, SanPlus, Skip, Visitor};
use shakmaty::san::San;
use shakmaty::{Color, Position};

use super::{Flow, Frame, Replay, game_label};
use crate::chess::game::{
    DIAGRAM_MARK, DRAW_OFFER_NAG, Disambiguation, GameResult, Item, commands_only,
    commands_without_hash, draw_offer_at, has_diagram_mark,
};
use crate::chess::scan::{TokKind, Token};
use crate::error::Warning;

/// Comment bytes as text (they are UTF-8: the normalized text is made from a `str`).
fn text_of(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

/// `bytes` (what pgn-reader hands over) as text: the scan's text at `span` when that holds
/// the very same bytes, which are UTF-8 already (comparing them costs less than validating
/// them again, a call for every tag and comment); else [`text_of`].
fn scanned_text<'t>(text: &'t str, span: (usize, usize), bytes: &'t [u8]) -> Cow<'t, str> {
    match text.get(span.0..span.1) {
        Some(s) if s.as_bytes() == bytes => Cow::Borrowed(s),
        _ => text_of(bytes),
    }
}

impl Visitor for Replay<'_> {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), _: &[u8], _: RawTag<'_>) -> Flow {
        // The tags are the scan's: pgn-reader is given the movetext alone.
        self.internal("pgn-reader reported a tag in the movetext")
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        self.setup()
    }

    fn san(&mut self, _: &mut (), san_plus: SanPlus) -> Flow {
        if self.guard.is_some() {
            return self.guarded_san(san_plus);
        }
        let Some((_, t)) = self.next_token() else {
            return self.internal("pgn-reader reported a move the scan did not find");
        };
        let TokKind::Move(word) = t.kind else {
            let what = format!(
                "pgn-reader reported a move at '{}'",
                self.scan.token_text(t)
            );
            return self.internal(&what);
        };
        if self.past_max {
            let e = self.move_error(
                t,
                "move",
                &format!(
                    "its number would be more than {}, the largest move number",
                    u32::MAX
                ),
                Some("the [FEN] tag's fullmove number is too large for a game that goes on"),
            );
            return self.fail(t.start, e);
        }
        let facts = match san_plus.san {
            San::Null => self.null_move(t),
            san => match self.quick_resolve(&san) {
                Some(m) => {
                    // Tests and debug builds check that the quick way finds what the general
                    // one does. (Left out of release builds altogether, not just skipped: the
                    // code around gets inlined differently with it.)
                    #[cfg(debug_assertions)]
                    assert_eq!(
                        self.resolve(san, t, &word).ok(),
                        Some((m, Disambiguation::default())),
                        "quick_resolve differs from resolve"
                    );
                    Ok(self.play(m, Disambiguation::default()))
                }
                None => match self.quick_among(&san) {
                    Some((m, d)) => {
                        // (As above: the quick way finds what the general one does.)
                        #[cfg(debug_assertions)]
                        assert_eq!(
                            self.resolve(san, t, &word).ok(),
                            Some((m, d)),
                            "quick_among differs from resolve"
                        );
                        Ok(self.play(m, d))
                    }
                    None => self.resolve(san, t, &word).map(|(m, d)| self.play(m, d)),
                },
            },
        };
        match facts {
            Ok(f) => {
                self.check_source(t, &word, &f);
                self.items.push(Item::Move(f));
                ControlFlow::Continue(())
            }
            Err(e) => self.fail(t.start, e),
        }
    }

    fn nag(&mut self, _: &mut (), nag: Nag) -> Flow {
        if self.guard.is_some() {
            return self.guarded_nag(nag);
        }
        match self.next_token() {
            Some((
                _,
                t @ Token {
                    kind: TokKind::Nag(_),
                    ..
                },
            )) => {
                if let Some((_, i)) = self.claim {
                    return self.number_without_move(i, Some(t));
                }
                // PGN's null annotation means nothing, and its number is the draw offer's
                // inside the program.
                if nag.0 == DRAW_OFFER_NAG {
                    let message = "the null annotation $0 means nothing; it is left out".into();
                    self.warn(t, message);
                    return ControlFlow::Continue(());
                }
                let at = self.place(t.start);
                self.items.push(Item::Nag(nag.0, at));
                ControlFlow::Continue(())
            }
            _ => self.internal("pgn-reader reported a NAG the scan did not find"),
        }
    }

    fn partial_comment(&mut self, _: &mut (), comment: RawComment<'_>) -> Flow {
        self.partial.get_or_insert(self.text.len());
        self.text.push_str(&text_of(comment.as_bytes()));
        ControlFlow::Continue(())
    }

    fn comment(&mut self, _: &mut (), comment: RawComment<'_>) -> Flow {
        let span = match self.guard {
            Some(_) => self.guarded_comment(),
            None => match self.next_token() {
                Some((
                    _,
                    t @ Token {
                        kind: TokKind::Comment | TokKind::LineComment,
                        ..
                    },
                )) => Some((t.start, t.end)),
                _ => None,
            },
        };
        match span {
            Some(span) => self.push_comment(span, comment.as_bytes()),
            None if self.guard.is_some() => self.give_up(),
            None => self.internal("pgn-reader reported a comment the scan did not find"),
        }
    }

    fn begin_variation(&mut self, _: &mut ()) -> ControlFlow<(), Skip> {
        if self.guard.is_some() {
            return self.guarded_begin_variation();
        }
        let Some((_, t)) = self.next_token() else {
            let _ = self.internal("pgn-reader reported a variation the scan did not find");
            return ControlFlow::Break(());
        };
        if let Some((_, i)) = self.claim {
            let _ = self.number_without_move(i, Some(t));
            return ControlFlow::Break(());
        }
        let Some(before) = self.before.take() else {
            let d = self.diagnostic(
                t,
                format!(
                    "variation without a move before it in {}",
                    game_label(self.scan, self.number)
                ),
                Some("a variation replaces the move before it: write it after that move"),
            );
            let _ = self.fail(t.start, d.into());
            return ControlFlow::Break(());
        };
        self.enter_variation(before);
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, _: &mut ()) -> Flow {
        if self.guard.is_some() {
            return self.guarded_end_variation();
        }
        let (Some((_, t)), Some(frame)) = (self.next_token(), self.stack.pop()) else {
            return self.internal("pgn-reader reported a ')' the scan did not find");
        };
        // A variation of a move number alone (`( 2...)`, as exports leave them) or of
        // nothing (`()`): said, and left out; the game goes on as if it were not there.
        // (`(=)`, a draw offer, is a sign of its move: below.)
        let empty = matches!(self.items.last(), Some(Item::VariationStart));
        if let Some((_, i)) = self.claim
            && !empty
        {
            return self.number_without_move(i, Some(t));
        }
        self.restore(frame);
        if empty {
            self.items.pop();
            let message = match self.claim.take() {
                Some(_) => "an empty variation (a move number alone), left out",
                None => "an empty variation, left out",
            };
            self.warn(t, message.to_owned());
            return ControlFlow::Continue(());
        }
        self.close_variation();
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, _: &mut (), outcome: Outcome) -> Flow {
        if self.guard.is_some() {
            self.guarded_outcome();
            self.marker = Some(result_of(outcome));
            return ControlFlow::Continue(());
        }
        let Some((_, t)) = self.next_token() else {
            return self.internal("pgn-reader reported a result the scan did not find");
        };
        // A number before the result (`41. 1-0`, as some programs end a game) loses nothing
        // but itself: said, not an error.
        if let Some((_, i)) = self.claim.take()
            && let Some(nt) = self.scan.tokens.get(i)
        {
            let label = game_label(self.scan, self.number);
            let message = format!(
                "move number '{}' with no move after it before the result '{}' in {label}: left \
                 out",
                self.scan.token_text(nt),
                self.scan.token_text(t)
            );
            let d = self.diagnostic(nt, message, None);
            self.warnings.push(Warning(d));
        }
        self.marker = Some(result_of(outcome));
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _: ()) {}
}

impl Replay<'_> {
    /// A comment reported, its text at `span` of the game text (`bytes`, what pgn-reader
    /// read): an item, or items around the diagrams its `[#]` marks ask for; a comment of
    /// commands alone, without a mark, an [`Item::Commands`].
    fn push_comment(&mut self, span: (usize, usize), bytes: &[u8]) -> Flow {
        // The clock time (`[%clk 0:05:00]`) at every move of an export: the scan's bytes,
        // commands alone and no `#` in them (so no mark) told in one pass over them, where the
        // way below compares, copies, looks for a mark and reads the commands each on its own.
        // The same item either way, and no text kept.
        if self.partial.is_none()
            && let Some(text) = self.scan.text.get(span.0..span.1)
            && text.as_bytes() == bytes
            && commands_without_hash(bytes)
        {
            self.items.push(Item::Commands);
            return ControlFlow::Continue(());
        }
        let chunked = self.partial.is_some();
        let start = self.partial.take().unwrap_or(self.text.len());
        let scan_text = self.scan.text.as_str();
        let comment = scanned_text(scan_text, span, bytes);
        let same_bytes = matches!(comment, Cow::Borrowed(_)) && !chunked;
        self.text.push_str(&comment);
        // (A clock time at every move: no place to find. A mark first: in `[%x [#]` the
        // command is never closed, and the mark's `]` is not its end.)
        let marked = has_diagram_mark(&self.text[start..]);
        if !marked && commands_only(&self.text.as_bytes()[start..]) {
            self.text.truncate(start);
            self.items.push(Item::Commands);
            return ControlFlow::Continue(());
        }
        let at = self.place(span.0);
        if !marked {
            self.items.push(Item::Comment(start..self.text.len(), at));
            return ControlFlow::Continue(());
        }
        // ChessBase's `[#]`: a diagram of the position here, where it stands among
        // the comment's words (the text before it, the diagram, the text after it).
        let mut from = start;
        let mut place = at;
        let marks: Vec<usize> = self.text[start..]
            .match_indices(DIAGRAM_MARK)
            .map(|(i, _)| start + i)
            .collect();
        for mark in marks {
            if !self.text[from..mark].trim().is_empty() {
                self.items.push(Item::Comment(from..mark, place));
            }
            let here = (self.pos.board().clone(), self.pos.turn());
            self.items.push(Item::Diagram(Box::new(here)));
            from = mark + DIAGRAM_MARK.len();
            // (The text after the mark starts at its place in the file when the
            // comment is the file's bytes as they are.)
            if same_bytes {
                place = self.place(span.0 + (from - start));
            }
        }
        if !self.text[from..].trim().is_empty() {
            self.items.push(Item::Comment(from..self.text.len(), place));
        }
        ControlFlow::Continue(())
    }

    /// A variation begins on the move whose position before is `before`.
    pub(super) fn enter_variation(&mut self, before: shakmaty::Chess) {
        let pos = mem::replace(&mut self.pos, before.clone());
        self.not_in_check = false;
        self.stack.push(Frame {
            pos,
            before: Some(before),
            past_max: mem::take(&mut self.past_max),
        });
        self.items.push(Item::VariationStart);
    }

    /// The line a variation ended in goes on where it left off.
    pub(super) fn restore(&mut self, frame: Frame) {
        self.pos = frame.pos;
        self.not_in_check = false;
        self.before = frame.before;
        self.past_max = frame.past_max;
    }

    /// The end of a variation of moves: `(=)` right after a move is the draw offer, a sign of
    /// that move (FIDE's notation).
    pub(super) fn close_variation(&mut self) {
        if let Some(at) = draw_offer_at(&self.items) {
            self.items.truncate(self.items.len() - 2);
            self.items.push(Item::Nag(DRAW_OFFER_NAG, at));
            return;
        }
        self.items.push(Item::VariationEnd);
    }
}

/// The result pgn-reader read.
fn result_of(outcome: Outcome) -> GameResult {
    match outcome {
        Outcome::Known(KnownOutcome::Decisive {
            winner: Color::White,
        }) => GameResult::WhiteWins,
        Outcome::Known(KnownOutcome::Decisive {
            winner: Color::Black,
        }) => GameResult::BlackWins,
        Outcome::Known(KnownOutcome::Draw) => GameResult::Draw,
        Outcome::Unknown => GameResult::Unknown,
    }
}
