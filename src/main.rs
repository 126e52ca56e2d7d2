//! The `schackpunkt` command: parses arguments and calls the library.

fn main() {}
