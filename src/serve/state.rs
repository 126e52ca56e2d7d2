//! What `serve`'s builds made, as every request sees it: the proof, the latest build's
//! problems, the braille files to download.

use std::time::Duration;

use crate::error::{Error, Location, Style, Warning};
use crate::settings::Format;

use super::proof::Proof;

/// What the latest builds made, as every request sees it.
#[derive(Default)]
pub(super) struct State {
    /// Builds done so far, good or failed (0: the first is under way).
    pub(super) generation: u64,
    /// The proof of the last build that succeeded.
    pub(super) proof: Option<Proof>,
    /// The latest build wrote nothing: its errors are in `problems`, the proof is older.
    pub(super) failed: bool,
    /// The errors and warnings of the latest build, in the order found.
    pub(super) problems: Vec<Problem>,
    /// The braille files of the proof's build (empty until they are made, after the proof).
    pub(super) downloads: Vec<Download>,
    /// The generation the downloads were made in (the proof's, once they are there).
    pub(super) downloads_of: u64,
    /// The downloads of the proof are being built. When a save comes first they are left
    /// unmade (the next good build makes them), and this is false again with `downloads_of`
    /// behind the proof: nothing older is offered then.
    pub(super) downloading: bool,
    /// How long the latest proof took to build.
    pub(super) took: Duration,
}

impl State {
    /// What an open page compares to know it is behind: the build, the build its downloads
    /// were made in, and `+` while they are being made (`3.2+`, then `3.3`, or `3.2` when a
    /// save came first).
    pub(super) fn version(&self) -> String {
        let making = if self.downloading { "+" } else { "" };
        format!("{}.{}{making}", self.generation, self.downloads_of)
    }
}

/// An error or warning of a build, as the page shows it.
#[derive(Clone, Debug)]
pub(super) struct Problem {
    pub(super) error: bool,
    pub(super) message: String,
    pub(super) location: Option<Location>,
    /// What the terminal draws under the message, without colour: the source line marked,
    /// the hint (`Diagnostic::render`'s own lines, not drawn again here).
    pub(super) drawn: String,
}

/// The terminal's drawing of a diagnostic, without colour (and without the source lines where
/// `NO_GRAPHICS` asks so).
fn plain(no_graphics: bool) -> Style {
    Style {
        color: false,
        no_graphics,
    }
}

/// The lines of a rendered diagnostic under its first (which names the place and the message).
fn under_first_line(rendered: &str) -> String {
    rendered
        .split_once('\n')
        .map_or_else(String::new, |(_, rest)| rest.to_owned())
}

impl Problem {
    pub(super) fn of_warning(w: &Warning, no_graphics: bool) -> Problem {
        Problem {
            error: w.is_error(),
            message: w.0.message.clone(),
            location: Some(w.0.location.clone()),
            drawn: under_first_line(&w.render(plain(no_graphics))),
        }
    }

    /// A warning of no place: what the terminal says too (the count of those not shown).
    pub(super) fn said(message: &str) -> Problem {
        Problem {
            error: false,
            message: message.to_owned(),
            location: None,
            drawn: String::new(),
        }
    }

    pub(super) fn of_error(e: &Error, no_graphics: bool) -> Problem {
        let rendered = e.render(plain(no_graphics));
        match e {
            Error::Input(d) => Problem {
                error: true,
                message: d.message.clone(),
                location: Some(d.location.clone()),
                drawn: under_first_line(&rendered),
            },
            // (A usage or I/O error: its one line, with no place in a source.)
            _ => Problem {
                error: true,
                message: rendered,
                location: None,
                drawn: String::new(),
            },
        }
    }
}

/// What a file's name keeps as it is in an address: letters, digits and `-._~`; the rest is
/// percent-encoded (a book named `Små mästerverk` is `Sm%C3%A5%20m%C3%A4sterverk.brf`).
const IN_ADDRESS: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// A braille file of the current proof's build, to download.
pub(super) struct Download {
    /// The file's name, as the build named it (`bok.brf`, `bok-2.brf` for a second volume).
    pub(super) name: String,
    pub(super) format: Format,
    /// What the link says: the format, and the BRF's table.
    pub(super) label: String,
    pub(super) bytes: Vec<u8>,
}

impl Download {
    /// The file's name as it stands in an address.
    pub(super) fn in_address(&self) -> String {
        percent_encoding::utf8_percent_encode(&self.name, IN_ADDRESS).to_string()
    }
}
