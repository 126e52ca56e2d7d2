//! Braille: cells, the Swedish text rules, chess notation (ordinary and compact), comment signs
//! and diagrams.

pub mod cell;
pub mod diagram;
pub mod game;
pub mod notation;
pub mod pieces;
pub mod signs;
pub mod tables;
pub mod text;

pub use cell::{Cell, Cells};
