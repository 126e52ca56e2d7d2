//! The replay's errors and warnings, at their tokens and naming the game: an illegal move's,
//! an internal one's, a move number with no move after it, two numbers in a row.

use std::ops::ControlFlow;

use super::{Flow, Replay};
use crate::chess::scan::{GameScan, TokKind, Token};
use crate::error::{Diagnostic, Error, Warning};

/// "game 3 (Carlsen, Magnus – Caruana, Fabiano)" for messages.
pub(crate) fn game_label(scan: &GameScan, number: usize) -> String {
    let known = |v: Option<String>| v.filter(|v| !v.trim().is_empty() && v.trim() != "?");
    match (
        known(scan.tag_value("White")),
        known(scan.tag_value("Black")),
    ) {
        (None, None) => format!("game {number}"),
        (w, b) => format!(
            "game {number} ({} – {})",
            w.as_deref().unwrap_or("?"),
            b.as_deref().unwrap_or("?")
        ),
    }
}

impl<'a> Replay<'a> {
    pub(super) fn fail(&mut self, at: usize, e: Error) -> Flow {
        if self.error.is_none() {
            self.error = Some((at, e));
        }
        ControlFlow::Break(())
    }

    pub(super) fn internal(&mut self, what: &str) -> Flow {
        self.internal = true;
        let d = self
            .scan
            .diagnostic(self.file, 0, 1, format!("internal error: {what}"));
        self.fail(0, d.into())
    }

    pub(super) fn diagnostic(&self, t: &Token, message: String, hint: Option<&str>) -> Diagnostic {
        let d = self.scan.diagnostic(self.file, t.start, t.end, message);
        match hint {
            Some(h) => d.with_hint(h),
            None => d,
        }
    }

    pub(super) fn move_error(
        &self,
        t: &Token,
        kind: &str,
        reason: &str,
        hint: Option<&str>,
    ) -> Error {
        let label = game_label(self.scan, self.number);
        let text = self.scan.token_text(t);
        self.diagnostic(t, format!("{kind} '{text}' in {label}: {reason}"), hint)
            .into()
    }

    pub(super) fn warn(&mut self, t: &Token, message: String) {
        let label = game_label(self.scan, self.number);
        let d = self.diagnostic(t, format!("{message} in {label}"), None);
        self.warnings.push(Warning(d));
    }

    /// A move number with no move after it: `next` is what stands there instead (an
    /// annotation, a variation's bracket, the result), `None` at the game's end. A cut-short
    /// file (`… 2. N`) would otherwise lose the number without a word, its `N` taken for the
    /// novelty sign of the move before.
    #[cold]
    pub(super) fn number_without_move(&mut self, number: usize, next: Option<&Token>) -> Flow {
        let Some(nt) = self.scan.tokens.get(number) else {
            return self.internal("move number not found");
        };
        let label = game_label(self.scan, self.number);
        let written = self.scan.token_text(nt);
        let message = match next {
            Some(t) => format!(
                "'{}' after the move number '{written}' in {label}: the move is missing",
                self.scan.token_text(t)
            ),
            None => format!("move number '{written}' with no move after it in {label}"),
        };
        let hint = match next.map(|t| t.kind) {
            Some(TokKind::Nag(_)) => {
                "an annotation stands after its move (Nf3 N, e4!); if the file was cut short, \
                 the rest of the game is missing"
            }
            _ => {
                "a move stands after its number; if the file was cut short, the rest of the \
                  game is missing"
            }
        };
        let d = self.diagnostic(nt, message, Some(hint));
        self.fail(nt.start, d.into())
    }

    /// Two move numbers with no move between them (`2. 2. Nf3`): the first is left out, said.
    #[cold]
    pub(super) fn two_numbers(&mut self, before: usize, t: &Token) {
        let Some(first) = self.scan.tokens.get(before) else {
            return;
        };
        let label = game_label(self.scan, self.number);
        let message = format!(
            "two move numbers with no move between them in {label} ('{}' and '{}'): the first \
             is left out",
            self.scan.token_text(first),
            self.scan.token_text(t)
        );
        let d = self.diagnostic(first, message, None);
        self.warnings.push(Warning(d));
    }
}
