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
    /// The source line, and the columns the problem covers in it.
    pub(super) source_line: Option<String>,
    pub(super) width: u32,
    pub(super) hint: Option<String>,
}

impl Problem {
    pub(super) fn of_warning(w: &Warning) -> Problem {
        let d = &w.0;
        Problem {
            error: w.is_error(),
            message: d.message.clone(),
            location: Some(d.location.clone()),
            source_line: d.source_line.clone(),
            width: d.width,
            hint: d.hint.clone(),
        }
    }

    /// A warning of no place: what the terminal says too (the count of those not shown).
    pub(super) fn said(message: &str) -> Problem {
        Problem {
            error: false,
            message: message.to_owned(),
            location: None,
            source_line: None,
            width: 0,
            hint: None,
        }
    }

    pub(super) fn of_error(e: &Error) -> Problem {
        match e {
            Error::Input(d) => Problem {
                error: true,
                message: d.message.clone(),
                location: Some(d.location.clone()),
                source_line: d.source_line.clone(),
                width: d.width,
                hint: d.hint.clone(),
            },
            other => Problem {
                error: true,
                // (Plain words: the colours are the terminal's.)
                message: other.render(Style {
                    color: false,
                    no_graphics: false,
                }),
                location: None,
                source_line: None,
                width: 0,
                hint: None,
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
