//! What the test modules share: the binary run in a folder of its own ([`Sandbox`]), and one
//! input transcribed through the library into pages of Unicode braille ([`transcribe`]).

use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use schackpunkt::{Error, Format, InputKind, Settings, transcribe_bytes};

/// A file of `tests/data`.
pub fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// A file of the repository, from its root.
pub fn repo_file(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

// ---------------------------------------------------------------------------------------------
// The command line.

/// A temporary folder to run the binary in; removed when dropped.
pub struct Sandbox(tempfile::TempDir);

impl Sandbox {
    pub fn new() -> Sandbox {
        Sandbox(tempfile::tempdir().expect("a temporary folder"))
    }

    pub fn path(&self) -> &Path {
        self.0.path()
    }

    /// Writes a file into the folder; returns its path.
    pub fn write(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.path().join(name);
        std::fs::write(&path, contents).unwrap_or_else(|e| panic!("write {name}: {e}"));
        path
    }

    /// A file of the folder; panics when it is not there.
    pub fn read(&self, name: &str) -> Vec<u8> {
        std::fs::read(self.path().join(name)).unwrap_or_else(|e| panic!("read {name}: {e}"))
    }

    /// The names in the folder, sorted.
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(self.path())
            .expect("read the folder")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    /// The binary with these arguments, in this folder: give it standard input or
    /// environment variables, then [`Run::run`].
    pub fn command(&self, args: &[&str]) -> Run {
        let mut command = Command::new(env!("CARGO_BIN_EXE_schackpunkt"));
        command
            .args(args)
            .current_dir(self.path())
            // The drawn source lines are part of what the tests check.
            .env_remove("NO_GRAPHICS");
        Run {
            command,
            stdin: None,
            deadline: None,
        }
    }

    /// Runs the binary with these arguments in this folder, standard input empty.
    pub fn run(&self, args: &[&str]) -> Ran {
        self.command(args).run()
    }
}

/// A run of the binary, being set up.
pub struct Run {
    command: Command,
    stdin: Option<Vec<u8>>,
    /// Killed when it runs longer (a hang guard, never a speed test).
    deadline: Option<Duration>,
}

impl Run {
    pub fn stdin(mut self, bytes: impl Into<Vec<u8>>) -> Run {
        self.stdin = Some(bytes.into());
        self
    }

    pub fn env(mut self, name: &str, value: &str) -> Run {
        self.command.env(name, value);
        self
    }

    /// Runs the binary with at most `bytes` of address space (`prlimit --as`, util-linux): an
    /// allocation beyond it fails, and the program aborts (a signal, no exit code). Address
    /// space, not resident memory, is what a process can limit for itself; it counts every
    /// mapping, so the limit is a bound with the program's own baseline in it.
    pub fn memory_limit(mut self, bytes: u64) -> Run {
        let mut limited = Command::new("prlimit");
        limited
            .arg(format!("--as={bytes}"))
            .arg("--")
            .arg(self.command.get_program())
            .args(self.command.get_args());
        if let Some(dir) = self.command.get_current_dir() {
            limited.current_dir(dir);
        }
        for (name, value) in self.command.get_envs() {
            match value {
                Some(v) => limited.env(name, v),
                None => limited.env_remove(name),
            };
        }
        // One malloc arena: glibc reserves 64 MB of address space for a thread's own arena
        // when threads meet at the allocator, which depends on timing, not on what the program
        // holds (a run under a load now and then failed its bound so; issue 33).
        limited.env("MALLOC_ARENA_MAX", "1");
        self.command = limited;
        self
    }

    /// Kills the run after `limit` (then [`Ran::timed_out`]).
    pub fn deadline(mut self, limit: Duration) -> Run {
        self.deadline = Some(limit);
        self
    }

    /// Runs to the end; standard output and error are collected.
    pub fn run(mut self) -> Ran {
        let what = format!("{:?}", self.command);
        self.command
            .stdin(if self.stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = self
            .command
            .spawn()
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        let watchdog = Watchdog::start(child.id());
        if let (Some(bytes), Some(mut pipe)) = (self.stdin.take(), child.stdin.take()) {
            // On a thread of its own: a child that does not read must not block us. A child
            // that exits without reading closes the pipe; that is no error here.
            std::thread::spawn(move || {
                let _ = pipe.write_all(&bytes);
            });
        }
        let Some(limit) = self.deadline else {
            let out = child
                .wait_with_output()
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            assert!(
                !watchdog.stop(),
                "{what}: still running after {HANG:?}, killed"
            );
            return Ran {
                code: out.status.code(),
                stdout: out.stdout,
                stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
                timed_out: false,
            };
        };
        // Standard output and error read on threads of their own while the clock runs.
        let drain = |pipe: Option<Box<dyn std::io::Read + Send>>| {
            std::thread::spawn(move || {
                let mut bytes = Vec::new();
                if let Some(mut p) = pipe {
                    let _ = p.read_to_end(&mut bytes);
                }
                bytes
            })
        };
        let stdout = drain(child.stdout.take().map(|p| Box::new(p) as _));
        let stderr = drain(child.stderr.take().map(|p| Box::new(p) as _));
        let started = Instant::now();
        let mut timed_out = false;
        let status = loop {
            if let Some(status) = child.try_wait().unwrap_or_else(|e| panic!("{what}: {e}")) {
                break status;
            }
            if started.elapsed() > limit {
                timed_out = true;
                let _ = child.kill();
                break child.wait().unwrap_or_else(|e| panic!("{what}: {e}"));
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        Ran {
            code: status.code(),
            stdout: stdout.join().unwrap_or_default(),
            stderr: String::from_utf8_lossy(&stderr.join().unwrap_or_default()).into_owned(),
            timed_out,
        }
    }
}

/// How long a run may take before it counts as hung (not a speed limit: every run here takes
/// well under a second or two; this only keeps a hang from stalling the suite).
pub const HANG: std::time::Duration = std::time::Duration::from_secs(120);

/// Kills a child process that runs longer than [`HANG`].
pub struct Watchdog {
    done: std::sync::mpsc::Sender<()>,
    killed: std::thread::JoinHandle<bool>,
}

impl Watchdog {
    pub fn start(pid: u32) -> Watchdog {
        let (done, wait) = std::sync::mpsc::channel::<()>();
        let killed = std::thread::spawn(move || {
            // Stopped, or dropped unstopped (the run ended another way): never kill then, the
            // number may belong to another process by now.
            if !matches!(
                wait.recv_timeout(HANG),
                Err(std::sync::mpsc::RecvTimeoutError::Timeout)
            ) {
                return false;
            }
            let _ = Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status();
            true
        });
        Watchdog { done, killed }
    }

    /// Stops watching; whether the child had to be killed.
    pub fn stop(self) -> bool {
        let _ = self.done.send(());
        self.killed.join().unwrap_or(true)
    }
}

/// What a run of the binary gave.
pub struct Ran {
    /// The exit code (`None`: killed by a signal).
    pub code: Option<i32>,
    pub stdout: Vec<u8>,
    pub stderr: String,
    /// Killed at its [`Run::deadline`].
    pub timed_out: bool,
}

impl Ran {
    /// Asserts the run succeeded (showing standard error if not); returns it.
    #[track_caller]
    pub fn ok(&self) -> &Ran {
        assert_eq!(self.code, Some(0), "{}", self.stderr);
        self
    }

    /// Standard output as text (Unicode braille with `--format unicode`).
    pub fn text(&self) -> String {
        String::from_utf8(self.stdout.clone()).expect("UTF-8 on standard output")
    }

    /// The lines of standard output.
    pub fn lines(&self) -> Vec<String> {
        self.text().lines().map(str::to_string).collect()
    }
}

// ---------------------------------------------------------------------------------------------
// The library.

/// An input transcribed: its pages of lines (Unicode braille; without pages, one page).
#[derive(Debug, Default)]
pub struct Built {
    pub pages: Vec<Vec<String>>,
    /// Whether the last page ended with a page end (form feed).
    pub ended: bool,
    /// The warnings as shown (`file:line:col: warning: message`, then the source drawing).
    pub warnings: Vec<String>,
}

impl Built {
    /// Every line, pages joined.
    pub fn lines(&self) -> Vec<String> {
        self.pages.iter().flatten().cloned().collect()
    }
}

/// The bytes one input transcribes to, in the format `settings` give; the test fails on an
/// error.
pub fn written(
    name: &str,
    kind: InputKind,
    bytes: impl Into<Vec<u8>>,
    settings: &Settings,
) -> Vec<u8> {
    let mut out = Vec::new();
    transcribe_bytes(
        name,
        kind,
        bytes.into(),
        settings,
        None,
        &mut out,
        &mut |_| {},
    )
    .unwrap_or_else(|e| panic!("{name}: {e}"));
    out
}

/// Transcribes one input through the whole pipeline with [`transcribe_bytes`], as Unicode
/// braille, and reads the output back into pages (ended by `\x0c`) of lines (ended by `\n`).
/// `settings` are as given on the command line; the format is always Unicode.
pub fn transcribe(
    name: &str,
    kind: InputKind,
    bytes: impl Into<Vec<u8>>,
    settings: Settings,
) -> Result<Built, Error> {
    let settings = Settings {
        format: Some(Format::Unicode),
        ..settings
    };
    let mut out = Vec::new();
    let mut warnings = Vec::new();
    transcribe_bytes(
        name,
        kind,
        bytes.into(),
        &settings,
        None,
        &mut out,
        &mut |w| warnings.push(w.to_string()),
    )?;
    let text = String::from_utf8(out).expect("Unicode output is UTF-8");
    let mut built = pages(&text);
    built.warnings = warnings;
    Ok(built)
}

/// Unicode output read back into pages of lines.
pub fn pages(text: &str) -> Built {
    let mut pages: Vec<Vec<String>> = text
        .split('\x0c')
        .map(|page| {
            assert!(
                page.is_empty() || page.ends_with('\n'),
                "every line ends with a line end: {page:?}"
            );
            assert!(!page.contains('\r'), "no CR in Unicode output");
            page.lines().map(str::to_string).collect()
        })
        .collect();
    // After the last page end: nothing when the output ends with one.
    let open = pages.pop().unwrap_or_default();
    let ended = open.is_empty();
    if !ended {
        pages.push(open);
    }
    Built {
        pages,
        ended,
        warnings: Vec::new(),
    }
}

/// A Markdown book `bok.md`, transcribed; `Err` holds the error as shown.
pub fn book(md: &str, settings: Settings) -> Result<Built, String> {
    transcribe("bok.md", InputKind::Markdown, md, settings).map_err(|e| e.to_string())
}

/// Positions `test.fen` (one FEN a line), transcribed; `Err` holds the error as shown.
pub fn fens(text: &str, settings: Settings) -> Result<Built, String> {
    transcribe("test.fen", InputKind::Fen, text, settings).map_err(|e| e.to_string())
}

/// Settings with a line and page length (0: no pages).
pub fn geometry(line: usize, page: usize) -> Settings {
    Settings {
        line_length: Some(line),
        page_length: Some(page),
        ..Settings::default()
    }
}

/// The Unicode braille of a text under the text rules.
pub fn braille(s: &str) -> String {
    schackpunkt::text_to_unicode(s)
}

/// The braille page number of `n` (number sign and digits), right-aligned in `width` cells.
pub fn number_line(n: usize, width: usize) -> String {
    const DIGITS: [char; 10] = ['⠚', '⠁', '⠃', '⠉', '⠙', '⠑', '⠋', '⠛', '⠓', '⠊'];
    let mut s: String = n
        .to_string()
        .bytes()
        .map(|b| DIGITS[usize::from(b - b'0')])
        .collect();
    s.insert(0, '⠼');
    let pad = width.saturating_sub(s.chars().count());
    format!("{}{s}", "⠀".repeat(pad))
}

/// Words (runs of non-blank cells) of lines, in order.
pub fn words<'a>(lines: impl IntoIterator<Item = &'a String>) -> Vec<String> {
    lines
        .into_iter()
        .flat_map(|l| l.split('⠀').filter(|w| !w.is_empty()))
        .map(str::to_string)
        .collect()
}
