//! Braille: cells, the Swedish text rules, chess notation (ordinary and compact), comment signs
//! and diagrams.

pub mod cell;
pub mod text;

pub use cell::{Cell, Cells};
