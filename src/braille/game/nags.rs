//! A move's comment signs (NAGs, rules.md §5): written where notation has them, or left out
//! with a warning at their place (the first [`NAGS_SHOWN`] of a game, then a count).

use super::{NAGS_SHOWN, Run, in_game};
use crate::braille::signs::{self, Placement, Refusal};
use crate::document::Pos;
use crate::error::{Diagnostic, Warning};
use crate::settings::Notation;

impl Run<'_> {
    /// The comment signs of the move just written in ordinary notation: those written right
    /// after the move, then those after a blank.
    pub(super) fn ordinary_signs(&mut self) {
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
    pub(super) fn annotate(&mut self, n: u8, at: Pos) {
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
    pub(super) fn stray_nag(&mut self, n: u8, at: Pos) {
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

    pub(super) fn nag_warning(&mut self, at: Pos, message: String) {
        let file = self.game.location.as_ref().map_or("", |l| l.file.as_str());
        let d = Diagnostic::new(at.in_file(file), message).with_width(1);
        self.warnings.push(in_game(self.game, Warning(d)));
    }
}
