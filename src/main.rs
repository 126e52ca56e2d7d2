//! The `schackpunkt` command: parses arguments and calls the library.

use std::io::{IsTerminal as _, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use schackpunkt::{
    Destination, Error, InputKind, Job, Progress, Settings, Shown, Style, Warning,
    encoding_for_label, run,
};

/// Chess books and PGN into Swedish chess braille (Schacknotation i punktskrift, 2013).
///
/// Exit codes: 0 success, 1 input error (or a warning with --deny-warnings), 2 usage error,
/// 3 I/O error, 4 written but games or positions left out (--keep-going), 5 (read) written
/// but a choice between two readings remains somewhere (each place named); 128 + the signal's number when a signal ended it (130 for Ctrl-C), with no
/// temporary file left and an earlier output as it was.
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
    /// Transcribe inputs (.pgn games, .fen positions, .md books, book folders) into braille.
    Build(BuildArgs),
    /// Check inputs as a build would (games replayed, positions, books, characters) without
    /// writing anything; same messages and exit codes.
    Check(CheckArgs),
    /// Serve the HTML proof of inputs at http://127.0.0.1:PORT/ and rebuild it whenever an
    /// input changes (a book folder's bok.yaml and chapters, a profile file too): the open
    /// page updates itself at the braille page it shows; a failed build keeps the last good
    /// proof, marked out of date, under its errors. Ctrl-C stops it.
    Serve(ServeArgs),
    /// Read braille back into PGN: games in compact or ordinary notation (BRF in --table, or
    /// Unicode braille), every move found among the legal moves of its position.
    Read(ReadArgs),
    /// List every setting: values, default, command-line flag, front-matter key, block words,
    /// and which source wins (Markdown, as in docs/options.md).
    Settings,
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell), made from the
    /// command line's own definition: `schackpunkt completions bash > ~/.local/share/bash-completion/completions/schackpunkt`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Write the manual pages (roff), made from the command line's own definition: one a
    /// command (schackpunkt.1, schackpunkt-build.1, …) into DIR, or the first to standard
    /// output (`make man` writes them to man/).
    #[command(hide = true)]
    Man {
        /// The folder to write the pages into.
        dir: Option<PathBuf>,
    },
}

/// Options left out take a book's front matter, else the defaults shown.
#[derive(Args)]
struct BuildArgs {
    /// Input files: .pgn, .fen, .epd, .md; a book folder (its bok.yaml lists the chapter files);
    /// `-` for standard input (PGN, or as --input-format says). Pipes and FIFOs are read as streams.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// Output file, or a device such as an embosser (`/dev/usb/lp0`, written in place), or an
    /// existing folder (a name ending in `/` is always taken as one, and made when it is not
    /// there) for one output per input, or `-` for standard output. Default: beside each input, with the format's
    /// extension (.brf, .txt, .pef). Never an input.
    #[arg(short, long, value_name = "PATH|DIR/|-")]
    output: Option<PathBuf>,
    /// Treat warnings as errors: exit code 1 and nothing written.
    #[arg(long)]
    deny_warnings: bool,
    /// Say nothing on success (no summary line).
    #[arg(short, long)]
    quiet: bool,
    /// The transcription settings, made from the table in `settings.rs`.
    #[command(flatten)]
    settings: Settings,
    #[command(flatten)]
    decoding: Decoding,
}

/// Options left out take a book's front matter, else the defaults shown.
#[derive(Args)]
struct CheckArgs {
    /// Input files: .pgn, .fen, .epd, .md; a book folder; `-` for standard input (PGN, or as
    /// --input-format says).
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// Treat warnings as errors: exit code 1.
    #[arg(long)]
    deny_warnings: bool,
    /// Say nothing on success (no summary line).
    #[arg(short, long)]
    quiet: bool,
    /// The transcription settings, made from the table in `settings.rs`.
    #[command(flatten)]
    settings: Settings,
    #[command(flatten)]
    decoding: Decoding,
}

/// Options left out take a book's front matter, else the defaults shown.
#[derive(Args)]
struct ServeArgs {
    /// Input files: .pgn, .fen, .epd, .md; a book folder (its bok.yaml lists the chapter files).
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// The port to serve on (0: a free one, which the address said shows).
    #[arg(short, long, value_name = "N", default_value_t = 3000)]
    port: u16,
    /// The address to listen on. Any other than the loopback address lets other machines read
    /// the proof (said when it starts).
    #[arg(long, value_name = "ADDRESS", default_value = "127.0.0.1")]
    host: std::net::IpAddr,
    /// Open the page in the desktop's browser.
    #[arg(long)]
    open: bool,
    /// The transcription settings, made from the table in `settings.rs` (the format is the
    /// HTML proof's, with BRF, PEF and Unicode braille to download).
    #[command(flatten)]
    settings: Settings,
    #[command(flatten)]
    decoding: Decoding,
}

/// `schackpunkt read`.
#[derive(Args)]
struct ReadArgs {
    /// The braille file: BRF or Unicode braille (.txt); `-` for standard input.
    input: PathBuf,
    /// Where the PGN goes (default: standard output).
    #[arg(short, long, value_name = "PATH|-")]
    output: Option<PathBuf>,
    /// The braille table of a BRF file.
    #[arg(long, value_name = "TABLE", default_value = "nabcc")]
    table: schackpunkt::BrfTable,
    /// The chess notation of the braille.
    #[arg(long, value_name = "NOTATION", default_value = "compact")]
    notation: schackpunkt::Notation,
    /// Write the games that can be read, name the others (exit code 4).
    #[arg(long)]
    keep_going: bool,
    /// Say nothing on success.
    #[arg(short, long)]
    quiet: bool,
}

/// How inputs are read (the same for build and check); not settings of the transcription, so
/// not in the table of settings.
#[derive(Args)]
struct Decoding {
    /// Read every input as this format, whatever its name (standard input is PGN unless this
    /// says otherwise).
    #[arg(long, value_name = "FORMAT", visible_alias = "input-kind")]
    input_format: Option<InputKind>,
    /// Decode every input with this encoding (utf-8, windows-1252, latin1, utf-16le, utf-16be)
    /// instead of detecting it.
    #[arg(long, value_name = "LABEL")]
    input_encoding: Option<String>,
    /// Threads that translate games (0: one a core; at most 256). The output is the same
    /// bytes whatever the number.
    #[arg(short, long, value_name = "N", default_value_t = 0)]
    jobs: usize,
    /// Read every game back from the braille written and compare it with its source, move by
    /// move; a difference fails the build. Books do this unless --no-verify; games and
    /// positions alone only with --verify.
    #[arg(long, conflicts_with = "no_verify")]
    verify: bool,
    /// Do not read the braille back (see --verify).
    #[arg(long)]
    no_verify: bool,
    /// Let a book folder's chapters be files outside the folder (named with `..` or an
    /// absolute path in bok.yaml, or links that lead out of it); without this they are errors.
    #[arg(long)]
    allow_outside: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    end_on_signals();
    let style = Style::for_stderr();
    let quiet = match &cli.command {
        Command::Build(a) => a.quiet,
        Command::Check(a) => a.quiet,
        Command::Read(a) => a.quiet,
        Command::Serve(_) => true,
        Command::Settings | Command::Completions { .. } | Command::Man { .. } => false,
    };
    let inputs = match &cli.command {
        Command::Build(a) => a.inputs.clone(),
        Command::Check(a) => a.inputs.clone(),
        _ => Vec::new(),
    };
    let bar = Bar::start(&inputs, quiet);
    // The first warnings of each kind, then a count of the rest (`Shown`).
    let mut shown = Shown::default();
    let mut warn = |w: &Warning| {
        if shown.show(w) {
            bar.say(&w.render(style))
        }
    };
    let result = match cli.command {
        Command::Build(a) => {
            let destination = match a.output {
                None => Destination::BesideInput,
                Some(p) if p.as_os_str() == "-" => Destination::Stdout,
                Some(p) if p.is_dir() || p.as_os_str().to_string_lossy().ends_with('/') => {
                    Destination::Folder(p)
                }
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
        Command::Read(a) => {
            bar.finish();
            return read_back(a, quiet, style);
        }
        Command::Serve(a) => {
            bar.finish();
            return serve(a, style);
        }
        Command::Completions { shell } => return completions(shell),
        Command::Man { dir } => return man_pages(dir),
        Command::Settings => {
            let text = schackpunkt::settings_markdown();
            return written_out(text.as_bytes(), "the settings");
        }
    }
    .and_then(|mut job| {
        job.progress = bar.progress.clone();
        run(&job, &mut warn)
    });
    bar.finish();
    for line in shown.not_shown() {
        say(&line);
    }
    match result {
        Ok(summary) => {
            // One line of plain words on standard error: what was read and made.
            if !quiet || summary.skipped > 0 {
                say(&format!("schackpunkt: {summary}."));
            }
            // Written, but without the games and positions named above (--keep-going).
            if summary.skipped > 0 {
                ExitCode::from(4)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(e) => {
            say(&e.render(style));
            ExitCode::from(e.exit_code() as u8)
        }
    }
}

/// `read`: braille read back into PGN, with a count of what was read, the games left out and
/// the places to check.
fn read_back(a: ReadArgs, quiet: bool, style: Style) -> ExitCode {
    // The games that could not be read to their end (--keep-going): each named as it
    // is read. Where a choice between two readings remains in a game written: each with
    // both readings, once all is read.
    let mut broken = 0;
    let mut doubts: Vec<Warning> = Vec::new();
    // Games read whole, their moves, and positions (a diagram alone is a position, not
    // a game of no moves).
    let (mut whole, mut moves, mut positions) = (0usize, 0usize, 0usize);
    let read = schackpunkt::read_file(
        &a.input,
        a.output.as_deref(),
        a.table,
        a.notation,
        a.keep_going,
        &mut |g| {
            if let Some(e) = &g.error {
                broken += 1;
                say(&e.render(style));
                return;
            }
            doubts.extend(g.doubts.iter().cloned());
            let n = g
                .items
                .iter()
                .filter(|i| matches!(i, schackpunkt::ReadItem::Move { .. }))
                .count();
            match g.start.is_some() && n == 0 {
                true => positions += 1,
                false => {
                    whole += 1;
                    moves += n;
                }
            }
        },
    );
    match read {
        Ok(()) => {
            for d in &doubts {
                say(&d.render(style));
            }
            if !quiet || broken > 0 || !doubts.is_empty() {
                let skipped = match broken {
                    0 => String::new(),
                    n => format!(", {n} left out (named above)"),
                };
                let skipped = match doubts.len() {
                    0 => skipped,
                    1 => format!("{skipped}; 1 place to check (two readings, named above)"),
                    n => format!("{skipped}; {n} places to check (two readings, named above)"),
                };
                let n = whole;
                let mut read = Vec::new();
                if n > 0 || positions == 0 {
                    let games = if n == 1 { "game" } else { "games" };
                    read.push(format!("{n} {games} ({moves} moves)"));
                }
                match positions {
                    0 => {}
                    1 => read.push("1 position".to_owned()),
                    p => read.push(format!("{p} positions")),
                }
                let read = read.join(" and ");
                say(&format!(
                    "schackpunkt: read {read} back from braille{skipped}."
                ));
            }
            match (broken == 0, doubts.is_empty()) {
                (false, _) => ExitCode::from(4),
                (true, false) => ExitCode::from(5),
                (true, true) => ExitCode::SUCCESS,
            }
        }
        Err(e) => {
            say(&e.render(style));
            ExitCode::from(e.exit_code() as u8)
        }
    }
}

/// `serve`: the proof served until Ctrl-C (which ends the program from the signals' thread);
/// returns only when it cannot start.
fn serve(a: ServeArgs, style: Style) -> ExitCode {
    if a.settings.format.is_some() {
        say(&Error::Usage(
            "serve makes the HTML proof, with BRF, PEF and Unicode braille to download from the \
             page: --format has no use here (the BRF's table is --table)"
                .into(),
        )
        .render(style));
        return ExitCode::from(2);
    }
    let served = job(
        a.inputs,
        Destination::Discard,
        false,
        a.settings,
        a.decoding,
    )
    .and_then(|job| {
        let say: schackpunkt::Say = Arc::new(|m: &str| say(m));
        schackpunkt::serve(
            schackpunkt::Serve {
                job,
                host: a.host,
                port: a.port,
                open: a.open,
                style,
            },
            say,
        )
    });
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            say(&e.render(style));
            ExitCode::from(e.exit_code() as u8)
        }
    }
}

/// `completions`: the shell's completion script.
fn completions(shell: clap_complete::Shell) -> ExitCode {
    // Made in memory, then written (clap_complete panics on a failed write: a full
    // device gave exit 101; issue 32).
    let mut command = <Cli as clap::CommandFactory>::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "schackpunkt", &mut script);
    written_out(&script, "the completions")
}

/// `man`: the manual pages, into a folder or to standard output.
fn man_pages(dir: Option<PathBuf>) -> ExitCode {
    let command = <Cli as clap::CommandFactory>::command();
    let written = match dir {
        Some(dir) => {
            std::fs::create_dir_all(&dir).and_then(|()| clap_mangen::generate_to(command, &dir))
        }
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command)
                .render(&mut page)
                .and_then(|()| std::io::stdout().lock().write_all(&page))
        }
    };
    if let Err(e) = written {
        say(&format!("error: the manual pages: {e}"));
        return ExitCode::from(3);
    }
    ExitCode::SUCCESS
}

/// SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2 and SIGALRM end the program at once with
/// 128 + the signal's number, once
/// the temporary file of an output being written is removed (an earlier output stays as it
/// was). A thread of its own waits for them, so the handler does no more than note the signal.
fn end_on_signals() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{
            SIGALRM, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGXFSZ,
        };
        // Without the handlers a signal still ends the program, only with a file left behind
        // where the system has no unnamed files. SIGXFSZ (a file-size limit reached) is noted
        // and let pass: the write then fails with an error that says so.
        let ending = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM];
        if let Ok(mut signals) =
            signal_hook::iterator::Signals::new(ending.iter().chain(&[SIGXFSZ]))
        {
            // A small stack: the thread only waits, and its address space counts against a
            // memory limit (`ulimit -v`) as much as the build's.
            let _ = std::thread::Builder::new()
                .name("signals".into())
                .stack_size(64 * 1024)
                .spawn(move || {
                    if let Some(signal) = signals.forever().find(|s| *s != SIGXFSZ) {
                        schackpunkt::remove_temporary_files();
                        std::process::exit(128 + signal);
                    }
                });
        }
    }
}

/// The progress bar (indicatif) of a build that takes more than a second, on standard error
/// when it is a terminal (never with `--quiet`): bytes of the inputs read, games written. A
/// thread of its own draws it from the build's [`Progress`].
struct Bar {
    progress: Option<Arc<Progress>>,
    bar: Option<ProgressBar>,
    done: Option<mpsc::Sender<()>>,
    drawer: Option<std::thread::JoinHandle<()>>,
}

impl Bar {
    /// Waits a second before it shows itself: a short build never draws a bar.
    const DELAY: Duration = Duration::from_secs(1);

    fn start(inputs: &[PathBuf], quiet: bool) -> Bar {
        let off = Bar {
            progress: None,
            bar: None,
            done: None,
            drawer: None,
        };
        if quiet || inputs.is_empty() || !std::io::stderr().is_terminal() {
            return off;
        }
        // The length when every input is a regular file; else the bar counts without one.
        let total: Option<u64> = inputs
            .iter()
            .map(|p| {
                std::fs::metadata(p)
                    .ok()
                    .filter(|m| m.is_file())
                    .map(|m| m.len())
            })
            .sum();
        let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden());
        let style = match total {
            Some(_) => ProgressStyle::with_template(
                "{wide_bar} {binary_bytes}/{binary_total_bytes}, {msg}, {eta} left",
            ),
            None => ProgressStyle::with_template("{spinner} {binary_bytes}, {msg}"),
        };
        if let Ok(style) = style {
            bar.set_style(style);
        }
        let progress = Arc::new(Progress::default());
        let (done, stop) = mpsc::channel::<()>();
        let drawer = {
            let (bar, progress) = (bar.clone(), Arc::clone(&progress));
            std::thread::Builder::new()
                .name("progress".into())
                .stack_size(256 * 1024)
                .spawn(move || {
                    // Told to stop, or the build is over (the sender gone): no bar.
                    let waiting = |d| stop.recv_timeout(d) == Err(RecvTimeoutError::Timeout);
                    if !waiting(Bar::DELAY) {
                        return;
                    }
                    bar.set_draw_target(ProgressDrawTarget::stderr());
                    loop {
                        bar.set_position(progress.bytes());
                        bar.set_message(format!("{} games", progress.games()));
                        if !waiting(Duration::from_millis(100)) {
                            return;
                        }
                    }
                })
                .ok()
        };
        Bar {
            progress: Some(progress),
            bar: Some(bar),
            done: Some(done),
            drawer,
        }
    }

    /// A message on standard error, with the bar out of its way.
    fn say(&self, message: &str) {
        match &self.bar {
            Some(bar) => bar.suspend(|| say(message)),
            None => say(message),
        }
    }

    /// The build is over: the bar goes away.
    fn finish(mut self) {
        drop(self.done.take());
        if let Some(drawer) = self.drawer.take() {
            let _ = drawer.join();
        }
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
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
        input_kind: decoding.input_format,
        deny_warnings,
        jobs: decoding.jobs,
        progress: None,
        verify: match (decoding.verify, decoding.no_verify) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        },
        allow_outside: decoding.allow_outside,
    })
}

/// Writes `bytes` to standard output: exit 0, or, when they cannot be written (a full
/// device), a message naming `what` and exit 3, as every failed write of ours.
fn written_out(bytes: &[u8], what: &str) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        // (A reader that stopped reading, `| head`, wanted no more.)
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            say(&format!("error: {what}: standard output: {e}"));
            ExitCode::from(3)
        }
    }
}
