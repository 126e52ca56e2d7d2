//! The `schackpunkt` command: parses arguments and calls the library.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use schackpunkt::Settings;
use schackpunkt::build::{self, Destination, Job};
use schackpunkt::error::Style;
use schackpunkt::options::{
    DiagramForm, EnPassant, Format, Layout, MIN_LINE_LENGTH, Moves, Notation,
};
use schackpunkt::{Error, Warning};

/// Chess books and PGN into Swedish chess braille (Schacknotation i punktskrift, 2013).
///
/// Exit codes: 0 success, 1 input error (or a warning with --deny-warnings), 2 usage error,
/// 3 I/O error.
///
/// Messages go to standard error, in colour when it is a terminal (not with NO_COLOR set);
/// NO_GRAPHICS=1 leaves out the drawn source lines, for screen readers and braille displays.
#[derive(Parser)]
#[command(name = "schackpunkt", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Transcribe inputs (.pgn games, .fen positions, .md books) into braille.
    Build(BuildArgs),
    /// Check inputs as a build would (games replayed, positions, books, characters) without
    /// writing anything; same messages and exit codes.
    Check(CheckArgs),
}

/// Options left out take a book's front matter, else the defaults shown.
#[derive(Args)]
struct BuildArgs {
    /// Input files: .pgn, .fen, .md.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// Output file; `-` for standard output. Default: beside each input, with the format's
    /// extension (.brf, .txt).
    #[arg(short, long, value_name = "PATH|-")]
    output: Option<PathBuf>,
    /// Treat warnings as errors: exit code 1 and nothing written.
    #[arg(long)]
    deny_warnings: bool,
    #[command(flatten)]
    transcription: Transcription,
}

/// Options left out take a book's front matter, else the defaults shown.
#[derive(Args)]
struct CheckArgs {
    /// Input files: .pgn, .fen, .md.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// Treat warnings as errors: exit code 1.
    #[arg(long)]
    deny_warnings: bool,
    #[command(flatten)]
    transcription: Transcription,
}

/// How inputs are read and transcribed (the same for build and check).
#[derive(Args)]
struct Transcription {
    /// Output format [default: brf]
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Chess notation [default: ordinary]
    #[arg(long, value_enum)]
    notation: Option<Notation>,
    /// Short or long algebraic moves [default: short]
    #[arg(long, value_enum)]
    moves: Option<Moves>,
    /// Moves filled into lines, or one move pair a line [default: running]
    #[arg(long, value_enum)]
    layout: Option<Layout>,
    /// Diagram form for positions [default: pieces]
    #[arg(long, value_enum)]
    diagram: Option<DiagramForm>,
    /// Page profile (sv-a4, us-brf): line and page length, page numbers [default for books: sv-a4]
    #[arg(long)]
    profile: Option<String>,
    /// Cells a line [default: 28]
    #[arg(long, value_parser = clap::value_parser!(u16).range(MIN_LINE_LENGTH as i64..=1000))]
    line_length: Option<u16>,
    /// Lines a page; 0 for no pages [default: 29]
    #[arg(long, value_parser = clap::value_parser!(u16).range(0..=1000))]
    page_length: Option<u16>,
    /// How en passant is marked [default: ep]
    #[arg(long, value_enum)]
    en_passant: Option<EnPassant>,
    /// Write double check as two check signs.
    #[arg(long)]
    double_check: bool,
    /// Write `Vit drar.` / `Svart drar.` after each diagram.
    #[arg(long)]
    to_move: bool,
    /// Draw the start position of each game that begins from a [FEN] tag, before its moves.
    #[arg(long)]
    start_diagram: bool,
    /// Decode every input with this encoding (utf-8, windows-1252, latin1, utf-16le, utf-16be)
    /// instead of detecting it.
    #[arg(long, value_name = "LABEL")]
    input_encoding: Option<String>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let style = Style::for_stderr();
    let mut warn = |w: &Warning| say(&w.render(style));
    let result = match cli.command {
        Command::Build(a) => {
            let destination = match a.output {
                None => Destination::BesideInput,
                Some(p) if p.as_os_str() == "-" => Destination::Stdout,
                Some(p) => Destination::File(p),
            };
            job(a.inputs, destination, a.deny_warnings, a.transcription)
        }
        Command::Check(a) => job(
            a.inputs,
            Destination::Discard,
            a.deny_warnings,
            a.transcription,
        ),
    }
    .and_then(|job| build::run(&job, &mut warn));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            say(&e.render(style));
            ExitCode::from(e.exit_code() as u8)
        }
    }
}

/// Writes a message to standard error; a closed standard error is no reason to panic.
fn say(message: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{message}");
}

fn job(
    inputs: Vec<PathBuf>,
    destination: Destination,
    deny_warnings: bool,
    a: Transcription,
) -> Result<Job, Error> {
    let input_encoding = match &a.input_encoding {
        None => None,
        Some(label) => Some(
            schackpunkt::source::encoding_for_label(label)
                .ok_or_else(|| Error::Usage(format!("unknown encoding '{label}'")))?,
        ),
    };
    let settings = Settings {
        notation: a.notation,
        moves: a.moves,
        layout: a.layout,
        en_passant: a.en_passant,
        format: a.format,
        diagram: a.diagram,
        profile: a.profile,
        line_length: a.line_length.map(usize::from),
        page_length: a.page_length.map(usize::from),
        double_check: a.double_check.then_some(true),
        to_move: a.to_move.then_some(true),
        start_diagram: a.start_diagram.then_some(true),
    };
    Ok(Job {
        inputs,
        destination,
        settings,
        input_encoding,
        deny_warnings,
    })
}
