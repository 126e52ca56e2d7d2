//! Tests of the chess stage as a whole, beside it: the reader on games and test data
//! (`reader`), and hand-run checks on the shared corpus (`corpus`, ignored by default).

mod corpus;
mod reader;
