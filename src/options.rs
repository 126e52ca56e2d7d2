//! Build options: the value enums and the resolved [`Options`], declared in
//! [`settings`](crate::settings) with everything else about each setting; re-exported here.

pub use crate::settings::{
    DiagramForm, EnPassant, Format, Layout, MAX_LENGTH, MIN_LINE_LENGTH, Moves, Notation, Options,
};
