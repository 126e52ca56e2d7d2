//! pgn-reader's reports of a plain game (one the scan's guard read, `chess/scan/guard.rs`),
//! checked against what the guard counted and kept: the move numbers written, the places of
//! annotations and comments, the moves a variation follows. Anything the located replay would
//! warn of or refuse gives up ([`Replay::give_up`]): the game is then scanned and replayed
//! the located way, which says what it is, where.

use std::ops::ControlFlow;

use pgn_reader::{Nag, SanPlus, Skip};
use shakmaty::san::{San, Suffix};

use super::play::wrong_sign;
use super::{Flow, Replay};
use crate::chess::game::{DRAW_OFFER_NAG, Disambiguation, Item};
use crate::chess::words::SourceSuffix;

/// How far the replay of a plain game has come in the guard's record: the reports of each
/// kind so far.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub(crate) struct Guarding {
    pub(crate) moves: u32,
    claims: usize,
    pub(crate) nags: usize,
    pub(crate) comments: usize,
    var_after: usize,
    pub(crate) var_starts: usize,
    pub(crate) var_ends: usize,
    pub(crate) results: usize,
}

impl Replay<'_> {
    /// The guard's record does not hold what pgn-reader reports, or the located replay would
    /// say something of it: the game is replayed the located way instead.
    pub(super) fn give_up(&mut self) -> Flow {
        self.internal = true;
        ControlFlow::Break(())
    }

    /// Whether pgn-reader reported exactly what the guard counted.
    pub(crate) fn agrees_with_guard(&self) -> bool {
        let g = &self.scan.guard;
        self.guard.is_some_and(|r| {
            (r.moves, r.nags, r.comments) == (g.moves, g.nags, g.comments)
                && (r.var_starts, r.var_ends, r.results) == (g.var_starts, g.var_ends, g.results)
                && r.claims == g.claims.len()
        })
    }

    /// Whether a variation on the move just read follows (the move `moves - 1`).
    pub(super) fn guarded_variation_follows(&mut self) -> bool {
        let after = &self.scan.guard.var_after;
        match self.guard.as_mut() {
            Some(r) if after.get(r.var_after) == Some(&(r.moves - 1)) => {
                r.var_after += 1;
                true
            }
            _ => false,
        }
    }

    pub(super) fn guarded_san(&mut self, san_plus: SanPlus) -> Flow {
        let claims = &self.scan.guard.claims;
        let Some(r) = self.guard.as_mut() else {
            return self.give_up();
        };
        let ordinal = r.moves;
        r.moves += 1;
        let claim = match claims.get(r.claims) {
            Some(&(at, number)) if at == ordinal => {
                r.claims += 1;
                Some(number)
            }
            _ => None,
        };
        if self.past_max || san_plus.san == San::Null {
            return self.give_up();
        }
        // (Each way to the move plays it where it found it: the move of the quick way came
        // back a byte and four bytes, and the one place where the three ways met read it
        // back as one word of four, which a processor cannot forward from two stores: the
        // replay waited there at every move, a quarter of this function's time.)
        let facts = match self.quick_resolve(&san_plus.san) {
            Some(m) => self.play(m, Disambiguation::default()),
            None => match self.quick_among(&san_plus.san) {
                Some((m, d)) => self.play(m, d),
                None => match self.find(san_plus.san) {
                    Ok((m, d)) => self.play(m, d),
                    Err(_) => return self.give_up(),
                },
            },
        };
        // (The sign as pgn-reader read it: the located replay's rule, `play::wrong_sign`.)
        let suffix = san_plus.suffix.map(|s| match s {
            Suffix::Check => SourceSuffix::Check,
            Suffix::Checkmate => SourceSuffix::Mate,
        });
        if wrong_sign(suffix, facts.check) || claim.is_some_and(|n| n != facts.number) {
            return self.give_up();
        }
        self.items.push(Item::Move(facts));
        ControlFlow::Continue(())
    }

    pub(super) fn guarded_nag(&mut self, nag: Nag) -> Flow {
        let at = self.scan.guard.nag_at.as_slice();
        let Some(r) = self.guard.as_mut() else {
            return self.give_up();
        };
        let Some(&at) = at.get(r.nags) else {
            return self.give_up();
        };
        r.nags += 1;
        if nag.0 == DRAW_OFFER_NAG {
            return self.give_up();
        }
        let at = self.place(at);
        self.items.push(Item::Nag(nag.0, at));
        ControlFlow::Continue(())
    }

    /// The span of the comment reported, from the guard's record.
    pub(super) fn guarded_comment(&mut self) -> Option<(usize, usize)> {
        let r = self.guard.as_mut()?;
        let span = *self.scan.guard.comment_at.get(r.comments)?;
        r.comments += 1;
        Some(span)
    }

    pub(super) fn guarded_begin_variation(&mut self) -> ControlFlow<(), Skip> {
        if let Some(r) = self.guard.as_mut() {
            r.var_starts += 1;
        }
        match self.before.take() {
            Some(before) => {
                self.enter_variation(before);
                ControlFlow::Continue(Skip(false))
            }
            None => {
                let _ = self.give_up();
                ControlFlow::Break(())
            }
        }
    }

    pub(super) fn guarded_end_variation(&mut self) -> Flow {
        if let Some(r) = self.guard.as_mut() {
            r.var_ends += 1;
        }
        let empty = matches!(self.items.last(), Some(Item::VariationStart));
        match self.stack.pop() {
            Some(frame) if !empty => {
                self.restore(frame);
                self.close_variation();
                ControlFlow::Continue(())
            }
            _ => self.give_up(),
        }
    }

    pub(super) fn guarded_outcome(&mut self) {
        if let Some(r) = self.guard.as_mut() {
            r.results += 1;
        }
    }
}
