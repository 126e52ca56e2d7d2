//! The build job and the one loop of the pipeline: every input, whatever its kind, goes
//! source → document → chess → braille → layout → output here, and nowhere else.
//!
//! Each input is read as a stream of document nodes (a PGN game, a FEN line at a time), turned
//! into blocks and laid out at once, so memory stays bounded by the largest game, not the file.
//! Where the output goes, and how a failed build writes nothing, is `destination`'s part.

mod about;
mod bulletin;
mod folder;
mod games;
mod gate;
mod job;
mod meta;
mod pass;
mod run;
mod spool;
mod summary;
mod transcribe;
mod trials;
mod verify;

use std::cell::{Cell, RefCell};
use std::io::{self, BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use encoding_rs::Encoding;

use crate::braille::diagram::{BOARD_LINES, BOARD_WIDTH, diagram};
use crate::braille::{self, Block, Made, Origin, book};
use crate::chess::fen::parse_fen_line;
use crate::destination;
use crate::document::fen::FenLine;
use crate::document::frontmatter;
use crate::document::{Document, Games, Node, Pos, Words};
use crate::error::{Diagnostic, Error, LeftOut, Location, Reporter, Result, Warning};
use crate::layout::{self, Layouter, LineSink};
use crate::output::{Joined, Meta, Output, VolumeWrite};
use crate::settings::Settings;
use crate::settings::profile::{self, DEFAULT_PROFILE, PageNumbers, Profile};
use crate::settings::{BrfTable, ChapterStart, DiagramForm, Format, Links, Notation, Options};
use crate::source::{self, Progress};
use folder::{Part, Role};
use games::Step;

use gate::*;
use meta::*;
use pass::*;
use run::*;
use summary::*;
use transcribe::*;
use trials::*;

pub use gate::{files_of, run};
pub use job::{Destination, InputKind, Job};
pub use summary::{Summary, Written};
pub use transcribe::transcribe_bytes;

#[cfg(test)]
mod spool_tests;
#[cfg(test)]
mod verify_tests;
