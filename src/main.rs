//! The `schackpunkt` command: parses arguments and calls the library.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use schackpunkt::{Destination, Error, Job, Settings, Style, Warning, encoding_for_label, run};

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
    /// List every setting: values, default, command-line flag, front-matter key, block words,
    /// and which source wins (Markdown, as in docs/options.md).
    Settings,
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
    /// The transcription settings, made from the table in `settings.rs`.
    #[command(flatten)]
    settings: Settings,
    #[command(flatten)]
    decoding: Decoding,
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
    /// The transcription settings, made from the table in `settings.rs`.
    #[command(flatten)]
    settings: Settings,
    #[command(flatten)]
    decoding: Decoding,
}

/// How inputs are decoded (the same for build and check); not a setting of the transcription,
/// so not in the table of settings.
#[derive(Args)]
struct Decoding {
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
            job(
                a.inputs,
                destination,
                a.deny_warnings,
                a.settings,
                a.decoding,
            )
        }
        Command::Check(a) => job(
            a.inputs,
            Destination::Discard,
            a.deny_warnings,
            a.settings,
            a.decoding,
        ),
        Command::Settings => {
            let _ = write!(
                std::io::stdout().lock(),
                "{}",
                schackpunkt::settings_markdown()
            );
            return ExitCode::SUCCESS;
        }
    }
    .and_then(|job| run(&job, &mut warn));
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
    settings: Settings,
    decoding: Decoding,
) -> Result<Job, Error> {
    let input_encoding = match &decoding.input_encoding {
        None => None,
        Some(label) => Some(
            encoding_for_label(label)
                .ok_or_else(|| Error::Usage(format!("unknown encoding '{label}'")))?,
        ),
    };
    Ok(Job {
        inputs,
        destination,
        settings,
        input_encoding,
        deny_warnings,
    })
}
