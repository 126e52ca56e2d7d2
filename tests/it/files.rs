//! Files, devices and pipes (issue 10): an output is never an input, a device or a FIFO is
//! written in place (never replaced), a pipe is read as a stream, a signal leaves no temporary
//! file and no harm, and messages name the user's paths. Each case on regular files, symlinks,
//! hard links, FIFOs and character devices, made by the test in its own folder (a device case
//! says so and is skipped where the test cannot make a device node).

use std::fs;
use std::io::{Read as _, Write as _};
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use crate::support::{Sandbox, Watchdog, data};

/// A game with Swedish text in a comment, so encodings matter.
const GAME: &str = "[White \"Åke\"]\n[Black \"Örn\"]\n\n1. e4 {Bra drag av Åke} e5 2. Nf3 Nc6 *\n";

/// The braille of [`GAME`] (the file `ref.pgn` built as a regular file to `ref.brf`).
fn reference(dir: &Sandbox) -> Vec<u8> {
    dir.write("ref.pgn", GAME);
    dir.run(&["build", "ref.pgn", "-o", "ref.brf"]).ok();
    let brf = dir.read("ref.brf");
    assert!(brf.len() > 20, "{brf:?}");
    brf
}

/// Makes a FIFO with `mkfifo`.
fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(status.success(), "mkfifo {}", path.display());
}

fn is_fifo(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

fn is_char_device(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_char_device())
}

/// Makes a character device node (major, minor) in the test's folder, or says why it cannot
/// (not root, or a folder mounted `nodev`) and returns `None`.
fn mknod(path: &Path, major: u32, minor: u32) -> Option<PathBuf> {
    let made = Command::new("mknod")
        .arg(path)
        .args(["c", &major.to_string(), &minor.to_string()])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    // A node on a `nodev` mount cannot be opened.
    if made && fs::OpenOptions::new().write(true).open(path).is_ok() {
        Some(path.to_path_buf())
    } else {
        eprintln!(
            "skipped: cannot make a usable character device {} here (needs root and a folder \
             without nodev)",
            path.display()
        );
        None
    }
}

/// The names in the folder that are temporary files of ours.
fn temporaries(dir: &Sandbox) -> Vec<String> {
    temporaries_in(dir.path())
}

// ---------------------------------------------------------------------------------------------
// 1. An output that is an input is refused, before anything is read or written.

#[test]
fn an_output_that_is_an_input_is_refused() {
    let dir = Sandbox::new();
    let book = "# Damoffret\n\nEtt parti.\n\n```pgn\n1. e4 e5 *\n```\n";
    dir.write("bok.md", book);
    dir.write("parti.pgn", GAME);
    std::os::unix::fs::symlink("bok.md", dir.path().join("link.brf")).unwrap();
    fs::hard_link(dir.path().join("bok.md"), dir.path().join("hard.brf")).unwrap();
    // `parti.brf`, where the output beside `parti.pgn` would go, is a hard link to it.
    fs::hard_link(dir.path().join("parti.pgn"), dir.path().join("parti.brf")).unwrap();
    let before = dir.names();
    let cases: &[(&[&str], &str, &str)] = &[
        (&["build", "bok.md", "-o", "bok.md"], "bok.md", "bok.md"),
        (&["build", "bok.md", "-o", "link.brf"], "link.brf", "bok.md"),
        (&["build", "bok.md", "-o", "hard.brf"], "hard.brf", "bok.md"),
        (
            &["build", "parti.pgn", "bok.md", "-o", "./hard.brf"],
            "./hard.brf",
            "bok.md",
        ),
        (&["build", "parti.pgn"], "parti.brf", "parti.pgn"),
        // A folder that would hold a file of the input's name: `-o .` for an input read as
        // PGN whatever its extension.
        (
            &["build", "--input-kind", "pgn", "link.brf", "-o", "."],
            "link.brf",
            "link.brf",
        ),
    ];
    for (args, output, input) in cases {
        let out = dir.run(args);
        assert_eq!(out.code, Some(2), "{args:?}: {}", out.stderr);
        let first = out.stderr.lines().next().unwrap_or("");
        assert!(
            first.contains(&format!("{output}: the output would overwrite the input")),
            "{args:?}: {}",
            out.stderr
        );
        assert!(first.contains(input), "{args:?}: {}", out.stderr);
        assert_eq!(dir.read("bok.md"), book.as_bytes(), "{args:?}");
        assert_eq!(dir.read("parti.pgn"), GAME.as_bytes(), "{args:?}");
        assert_eq!(dir.names(), before, "{args:?}");
    }
    // A symlink to the input as the output of `check` is no matter: check writes nothing.
    dir.run(&["check", "bok.md"]).ok();
}

#[test]
fn two_inputs_that_would_write_one_output_are_refused() {
    let dir = Sandbox::new();
    dir.write("a.pgn", GAME);
    dir.write("a.fen", "8/8/8/8/8/8/8/K6k w - - 0 1\n");
    let out = dir.run(&["build", "a.pgn", "a.fen"]);
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(
        out.stderr
            .contains("a.brf: the inputs a.pgn and a.fen would both write this output"),
        "{}",
        out.stderr
    );
    assert_eq!(dir.names(), ["a.fen", "a.pgn"]);
    // Into one file they go together.
    dir.run(&["build", "a.pgn", "a.fen", "-o", "both.brf"]).ok();
}

#[test]
fn a_folder_as_output_holds_one_output_per_input() {
    let dir = Sandbox::new();
    let brf = reference(&dir);
    fs::create_dir(dir.path().join("ut")).unwrap();
    dir.write("b.fen", "8/8/8/8/8/8/8/K6k w - - 0 1\n");
    dir.run(&["build", "ref.pgn", "b.fen", "-o", "ut"]).ok();
    assert_eq!(fs::read(dir.path().join("ut/ref.brf")).unwrap(), brf);
    assert!(dir.path().join("ut/b.brf").is_file());
    // A folder whose parent does not exist is an error naming it, nothing written (a
    // missing folder alone is made: `an_output_folder_named_with_its_slash_is_made`).
    let out = dir.run(&["build", "ref.pgn", "-o", "saknas/inne/"]);
    assert_eq!(out.code, Some(3), "{}", out.stderr);
    assert!(
        out.stderr.starts_with("saknas/inne/: error:"),
        "{}",
        out.stderr
    );
    assert!(!dir.path().join("saknas").exists());
}

// ---------------------------------------------------------------------------------------------
// 2. Outputs that are not regular files are written in place.

#[test]
fn a_full_device_is_an_error_and_stays_a_device() {
    let dir = Sandbox::new();
    dir.write("g.pgn", GAME);
    let Some(full) = mknod(&dir.path().join("full"), 1, 7) else {
        return;
    };
    let out = dir.run(&["build", "g.pgn", "-o", "full"]);
    assert_eq!(out.code, Some(3), "{}", out.stderr);
    assert!(
        out.stderr
            .starts_with("full: error: No space left on device"),
        "{}",
        out.stderr
    );
    assert!(is_char_device(&full), "the device was replaced");
    assert!(temporaries(&dir).is_empty());
}

#[test]
fn a_character_device_is_written_in_place() {
    let dir = Sandbox::new();
    reference(&dir);
    let Some(null) = mknod(&dir.path().join("null"), 1, 3) else {
        return;
    };
    dir.run(&["build", "ref.pgn", "-o", "null"]).ok();
    assert!(is_char_device(&null), "the device was replaced");
    // Through a symlink too; the link stays a link.
    std::os::unix::fs::symlink("null", dir.path().join("emboss")).unwrap();
    dir.run(&["build", "ref.pgn", "-o", "emboss"]).ok();
    assert!(is_char_device(&null));
    assert!(fs::symlink_metadata(dir.path().join("emboss")).is_ok_and(|m| m.is_symlink()));
    assert!(temporaries(&dir).is_empty());
}

#[test]
fn a_device_that_is_not_there_is_an_error_not_a_new_file() {
    // An embosser that is not plugged in: `/dev/…` is never created.
    let dir = Sandbox::new();
    dir.write("g.pgn", GAME);
    let path = "/dev/schackpunkt-no-such-embosser";
    let out = dir.run(&["build", "g.pgn", "-o", path]);
    assert_eq!(out.code, Some(3), "{}", out.stderr);
    assert!(out.stderr.starts_with(path), "{}", out.stderr);
    assert!(!Path::new(path).exists());
}

/// Reads a FIFO to its end on a thread of its own; [`Drain::bytes`] waits for them.
fn drain(fifo: PathBuf) -> Drain {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let read = fs::File::open(&fifo).and_then(|mut f| f.read_to_end(&mut bytes));
        let _ = tx.send(read.map(|_| bytes));
    });
    Drain(rx)
}

struct Drain(mpsc::Receiver<std::io::Result<Vec<u8>>>);

impl Drain {
    /// What came through the FIFO. A FIFO replaced by a file would never be opened for
    /// writing, and the reader would wait for ever: after a while that is a failure.
    fn bytes(self) -> Vec<u8> {
        match self.0.recv_timeout(Duration::from_secs(30)) {
            Ok(read) => read.expect("read the FIFO"),
            Err(_) => panic!("nothing was ever written into the FIFO"),
        }
    }
}

#[test]
fn a_fifo_is_written_in_place() {
    let dir = Sandbox::new();
    let brf = reference(&dir);
    let fifo = dir.path().join("skrivare");
    mkfifo(&fifo);
    let reader = drain(fifo.clone());
    dir.run(&["build", "ref.pgn", "-o", "skrivare"]).ok();
    assert_eq!(reader.bytes(), brf);
    assert!(is_fifo(&fifo), "the FIFO was replaced");
    // Through a symlink, as a printer queue's path may be.
    std::os::unix::fs::symlink("skrivare", dir.path().join("kö")).unwrap();
    let reader = drain(fifo.clone());
    dir.run(&["build", "ref.pgn", "-o", "kö"]).ok();
    assert_eq!(reader.bytes(), brf);
    assert!(is_fifo(&fifo));
    assert!(temporaries(&dir).is_empty());
}

#[test]
fn standard_output_by_its_path_is_written_in_place() {
    // A link to this process's standard output, as `/dev/stdout` is (a link of our own, so
    // that a mistake could never replace the system's).
    let dir = Sandbox::new();
    let brf = reference(&dir);
    std::os::unix::fs::symlink("/proc/self/fd/1", dir.path().join("stdout")).unwrap();
    let out = dir.run(&["build", "ref.pgn", "-o", "stdout"]);
    out.ok();
    assert_eq!(out.stdout, brf);
    assert!(fs::symlink_metadata(dir.path().join("stdout")).is_ok_and(|m| m.is_symlink()));
}

#[test]
fn a_regular_file_through_a_symlink_is_replaced_and_the_link_stays() {
    let dir = Sandbox::new();
    let brf = reference(&dir);
    dir.write("mål.brf", "tidigare");
    std::os::unix::fs::symlink("mål.brf", dir.path().join("länk.brf")).unwrap();
    dir.run(&["build", "ref.pgn", "-o", "länk.brf"]).ok();
    assert_eq!(dir.read("mål.brf"), brf);
    assert!(fs::symlink_metadata(dir.path().join("länk.brf")).is_ok_and(|m| m.is_symlink()));
}

// ---------------------------------------------------------------------------------------------
// 3. Inputs that cannot seek are read as streams.

#[test]
fn a_fifo_input_is_read_as_a_stream() {
    let dir = Sandbox::new();
    let brf = reference(&dir);
    let fifo = dir.path().join("in.pgn");
    mkfifo(&fifo);
    let writer = {
        let fifo = fifo.clone();
        thread::spawn(move || fs::write(fifo, GAME).expect("write the FIFO"))
    };
    dir.run(&["build", "in.pgn", "-o", "ut.brf"]).ok();
    writer.join().unwrap();
    assert_eq!(dir.read("ut.brf"), brf);
    assert!(is_fifo(&fifo));
}

#[test]
fn standard_input_is_read_as_pgn_or_as_its_format_says() {
    let dir = Sandbox::new();
    let brf = reference(&dir);
    // Its output goes to standard output, unless -o says otherwise.
    let out = dir
        .command(&["build", "-", "--input-kind", "pgn"])
        .stdin(GAME)
        .run();
    out.ok();
    assert_eq!(out.stdout, brf);
    let out = dir
        .command(&["build", "-", "--input-kind", "pgn", "-o", "ut.brf"])
        .stdin(GAME)
        .run();
    out.ok();
    assert_eq!(dir.read("ut.brf"), brf);
    // Without its format: PGN, as a broadcast is piped in.
    let out = dir.command(&["build", "-"]).stdin(GAME).run();
    assert_eq!(out.ok().stdout, brf);
    // Said to be something else, it is read as that: a FEN list that is no FEN.
    let out = dir
        .command(&["build", "-", "--input-format", "fen"])
        .stdin(GAME)
        .run();
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(out.stdout.is_empty());
    // Twice: it can be read once only.
    let out = dir
        .command(&["build", "-", "-", "--input-kind", "pgn", "-o", "x.brf"])
        .stdin(GAME)
        .run();
    assert_eq!(out.code, Some(2), "{}", out.stderr);
}

#[test]
fn a_stream_in_latin1_is_decoded_as_the_file_is() {
    let dir = Sandbox::new();
    let latin1: Vec<u8> = GAME.chars().map(|c| c as u32 as u8).collect();
    dir.write("latin.pgn", &latin1);
    let file = dir.run(&["build", "latin.pgn", "-o", "-"]);
    file.ok();
    assert!(file.stderr.contains("not UTF-8"), "{}", file.stderr);
    let piped = dir
        .command(&["build", "-", "--input-kind", "pgn", "-o", "-"])
        .stdin(latin1)
        .run();
    piped.ok();
    assert_eq!(piped.stdout, file.stdout);
    assert_eq!(piped.stdout, reference(&dir));
    assert!(
        piped
            .stderr
            .starts_with("standard input:1:9: warning: not UTF-8"),
        "{}",
        piped.stderr
    );
}

#[test]
fn a_dos_end_of_file_mark_reads_as_a_blank() {
    // Old DOS files end with Ctrl-Z (0x1A); files joined by `copy /b` hold it between games,
    // or glued to a result. Each reads as a blank: the same games, no broken one, no warning.
    let dir = Sandbox::new();
    let two = format!("{GAME}\n{GAME}");
    dir.write("two.pgn", &two);
    dir.run(&["build", "two.pgn", "-o", "two.brf"]).ok();
    let want = dir.read("two.brf");
    let crlf = two.replace('\n', "\r\n");
    for (name, text) in [
        ("end.pgn", format!("{two}\u{1a}")),
        ("crlf.pgn", format!("{crlf}\u{1a}")),
        ("between.pgn", format!("{GAME}\u{1a}\n{GAME}\u{1a}\u{1a}")),
        ("glued.pgn", format!("{}\u{1a}\n\n{GAME}", GAME.trim_end())),
    ] {
        dir.write(name, &text);
        let out = dir.run(&["build", name, "--deny-warnings", "-o", "-"]);
        out.ok();
        assert_eq!(out.stdout, want, "{name}");
        assert!(out.stderr.contains("2 games"), "{name}: {}", out.stderr);
    }
    // In Latin-1 too (the byte decodes to U+001A), and from standard input.
    let latin1: Vec<u8> = format!("{two}\u{1a}")
        .chars()
        .map(|c| c as u32 as u8)
        .collect();
    let piped = dir
        .command(&["build", "-", "--input-encoding", "windows-1252", "-o", "-"])
        .stdin(latin1)
        .run();
    piped.ok();
    assert_eq!(piped.stdout, want);
}

#[test]
fn a_stream_that_stops_being_utf8_after_its_prefix_is_a_located_error() {
    // The encoding of a stream is decided on its first MiB; a Latin-1 byte after it cannot be
    // decoded any more, and is said where it stands.
    let dir = Sandbox::new();
    let mut text = String::new();
    let mut games = 0;
    while text.len() < 1_200_000 {
        text.push_str("[Event \"Åkes minne\"]\n\n1. e4 e5 *\n\n");
        games += 1;
    }
    let mut bytes = text.into_bytes();
    bytes.extend_from_slice(b"[Event \"\xc5ke\"]\n\n1. d4 *\n");
    let out = dir
        .command(&["build", "-", "--input-kind", "pgn", "-o", "ut.brf"])
        .stdin(bytes)
        .run();
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    let place = format!("standard input:{}:9: error: not UTF-8 here", games * 4 + 1);
    assert!(out.stderr.starts_with(&place), "{place}\n{}", out.stderr);
    assert!(out.stderr.contains("--input-encoding"), "{}", out.stderr);
    assert!(!dir.path().join("ut.brf").exists());
}

#[test]
fn a_device_input_is_read_as_a_stream() {
    // `/dev/zero` behind a `.pgn` name: read as a stream, stopped at its first NUL.
    let dir = Sandbox::new();
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("noll.pgn")).unwrap();
    let out = dir.run(&["build", "noll.pgn"]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(
        out.stderr.starts_with("noll.pgn:1:1: error: a NUL byte"),
        "{}",
        out.stderr
    );
    assert_eq!(dir.names(), ["noll.pgn"]);
    // Nor does `read` read it to its end (it held it all before reading a cell: gigabytes in
    // seconds), nor a page profile (a profile is a few lines).
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("noll.brf")).unwrap();
    let out = dir.run(&["read", "noll.brf", "-o", "ut.pgn"]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(
        out.stderr
            .starts_with("noll.brf:1:1: error: the byte 0x00 is no braille cell"),
        "{}",
        out.stderr
    );
    dir.write("v.pgn", "1. e4 e5 *\n");
    let out = dir.run(&["build", "v.pgn", "--profile", "/dev/zero", "-o", "ut.brf"]);
    assert_eq!(out.code, Some(3), "{}", out.stderr);
    assert!(
        out.stderr.contains("this is no page profile"),
        "{}",
        out.stderr
    );
    assert_eq!(dir.names(), ["noll.brf", "noll.pgn", "v.pgn"]);
}

#[test]
fn two_names_of_one_output_are_refused_before_anything_is_written() {
    // Issue 32: `x.pgn ./x.pgn` wrote x.brf, then refused the second.
    let dir = Sandbox::new();
    dir.write("x.pgn", GAME);
    fs::create_dir(dir.path().join("a")).expect("a folder");
    std::os::unix::fs::symlink(".", dir.path().join("lnk")).expect("a link");
    for second in ["./x.pgn", "a/../x.pgn", "lnk/x.pgn"] {
        let out = dir.run(&["build", "x.pgn", second]);
        assert_eq!(out.code, Some(2), "{second}: {}", out.stderr);
        assert!(
            out.stderr
                .contains(&format!("the inputs x.pgn and {second} would both write")),
            "{}",
            out.stderr
        );
        assert_eq!(dir.names(), ["a", "lnk", "x.pgn"], "{second}");
    }
}

#[test]
fn the_outputs_of_a_build_are_put_in_place_all_or_none() {
    // Issue 32: with one output per input, a later input's failure left the earlier outputs
    // in place (and with a full disk, the first output stayed and the build exited 3).
    let dir = Sandbox::new();
    dir.write("a.pgn", GAME);
    dir.write("b.pgn", "1. e4 e5 2. Ke3 *\n");
    let out = dir.run(&["build", "a.pgn", "b.pgn", "-o", "ut/"]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(out.stderr.starts_with("b.pgn:1:"), "{}", out.stderr);
    assert_eq!(dir.names(), ["a.pgn", "b.pgn"]);
    let out = dir.run(&["build", "a.pgn", "b.pgn"]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert_eq!(dir.names(), ["a.pgn", "b.pgn"]);
    // Both good: both in place.
    dir.write("b.pgn", "1. d4 d5 *\n");
    dir.run(&["build", "a.pgn", "b.pgn", "-o", "ut/"]).ok();
    assert_eq!(dir.names(), ["a.pgn", "b.pgn", "ut"]);
    assert!(dir.read("ut/a.brf").starts_with(&reference(&dir)[..10]));
    assert!(!dir.read("ut/b.brf").is_empty());
}

#[test]
fn volumes_of_an_earlier_build_left_beside_are_named() {
    // Issue 32: `--volume-sheets 1` then `--volume-sheets 10` to one name left the first
    // build's later volumes without a word; a producer embossing bok-*.brf embossed them.
    let dir = Sandbox::new();
    let book: String = (1..=12)
        .map(|k| format!("# Kapitel {k}\n\n{}\n\n", "Text om schack. ".repeat(60)))
        .collect();
    dir.write("bok.md", book);
    let first = dir.run(&["build", "bok.md", "--volume-sheets", "3", "-o", "bok.brf"]);
    assert!(first.stderr.contains("volume 12 of 12"), "{}", first.stderr);
    let second = dir.run(&["build", "bok.md", "--volume-sheets", "8", "-o", "bok.brf"]);
    second.ok();
    assert!(second.stderr.contains("volume 3 of 3"), "{}", second.stderr);
    assert!(
        second.stderr.starts_with(
            "bok-4.brf:1:1: warning: 9 files, bok-4.brf to bok-12.brf, are left beside this \
             build's volumes and were not written by it (an earlier build's volumes?)\n = hint: \
             remove them before embossing the volumes as bok-*.brf\n"
        ),
        "{}",
        second.stderr
    );
    // Named, never removed: such a file may be another input's own output.
    assert_eq!(dir.names().len(), 13, "{:?}", dir.names());
    // Denied, nothing is put in place.
    let before = dir.read("bok-1.brf");
    let denied = dir.run(&[
        "build",
        "bok.md",
        "--volume-sheets",
        "6",
        "-o",
        "bok.brf",
        "--deny-warnings",
    ]);
    assert_eq!(denied.code, Some(1), "{}", denied.stderr);
    assert_eq!(dir.read("bok-1.brf"), before);
}

// ---------------------------------------------------------------------------------------------
// 4. Signals remove the temporary file and leave an earlier output as it was.

/// Starts a build whose input is a FIFO that gets half a game and stays open, so that the
/// build is surely under way (its temporary file made) when the signal comes.
fn stalled_build(dir: &Sandbox) -> (std::process::Child, fs::File) {
    let fifo = dir.path().join("lång.pgn");
    mkfifo(&fifo);
    let child = Command::new(env!("CARGO_BIN_EXE_schackpunkt"))
        .args(["build", "lång.pgn", "-o", "ut.brf"])
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the build");
    // Opening for writing waits for the build to open it for reading.
    let mut writer = fs::OpenOptions::new()
        .write(true)
        .open(&fifo)
        .expect("open the FIFO");
    writer
        .write_all(&GAME.as_bytes()[..GAME.len() / 2])
        .expect("write half a game");
    let start = Instant::now();
    while !writes_into(child.id(), dir.path()) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no temporary file appeared"
        );
        thread::sleep(Duration::from_millis(10));
    }
    (child, writer)
}

/// Whether process `pid` has a file of `dir` open other than its input FIFO: the output's
/// temporary file, named (`.schackpunkt-…`) or not (Linux's `O_TMPFILE`, shown in `/proc` as
/// `dir/#123 (deleted)`).
fn writes_into(pid: u32, dir: &Path) -> bool {
    let Ok(fds) = fs::read_dir(format!("/proc/{pid}/fd")) else {
        return !temporaries_in(dir).is_empty();
    };
    fds.flatten()
        .any(|fd| fs::read_link(fd.path()).is_ok_and(|to| to.starts_with(dir) && !is_fifo(&to)))
}

fn temporaries_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with(".schackpunkt-"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn a_signal_leaves_no_temporary_file_and_the_earlier_output() {
    // (Issue 32: SIGQUIT, SIGUSR1 and SIGALRM left an 8 MB temporary file.)
    for (signal, code) in [
        ("INT", 130),
        ("TERM", 143),
        ("HUP", 129),
        ("QUIT", 131),
        ("USR1", 138),
        ("USR2", 140),
        ("ALRM", 142),
    ] {
        let dir = Sandbox::new();
        dir.write("ut.brf", "det tidigare");
        let (mut child, writer) = stalled_build(&dir);
        let killed = Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(child.id().to_string())
            .status()
            .expect("kill");
        assert!(killed.success());
        let watchdog = Watchdog::start(child.id());
        let status = child.wait().expect("wait for the build");
        assert!(!watchdog.stop(), "SIG{signal} did not end the build");
        drop(writer);
        assert_eq!(status.code(), Some(code), "SIG{signal}: {status:?}");
        assert_eq!(temporaries(&dir), Vec::<String>::new(), "SIG{signal}");
        assert_eq!(dir.read("ut.brf"), b"det tidigare", "SIG{signal}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_killed_build_leaves_nothing_behind() {
    // SIGKILL cannot be caught: the output is written to a file without a name (O_TMPFILE)
    // until it is put in place, so nothing is left to remove (issue 32).
    let dir = Sandbox::new();
    dir.write("ut.brf", "det tidigare");
    let (mut child, writer) = stalled_build(&dir);
    let killed = Command::new("kill")
        .args(["-KILL", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    let status = child.wait().expect("wait for the build");
    drop(writer);
    assert_eq!(status.code(), None, "{status:?}");
    assert_eq!(temporaries(&dir), Vec::<String>::new());
    assert_eq!(dir.names(), ["lång.pgn", "ut.brf"]);
    assert_eq!(dir.read("ut.brf"), b"det tidigare");
}

#[test]
fn a_file_size_limit_is_an_error_that_says_so_and_leaves_nothing() {
    // `ulimit -f` ended the build with SIGXFSZ (exit 153) without a word and left the
    // temporary file (issue 32).
    let dir = Sandbox::new();
    let games: String = (0..400).map(|_| GAME).collect::<Vec<_>>().join("\n");
    dir.write("många.pgn", games);
    dir.write("ut.brf", "det tidigare");
    let script = format!(
        "ulimit -f 8 && exec '{}' build många.pgn -o ut.brf",
        env!("CARGO_BIN_EXE_schackpunkt")
    );
    let out = Command::new("sh")
        .args(["-c", &script])
        .current_dir(dir.path())
        .output()
        .expect("sh");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.starts_with("ut.brf: error: the output is larger than a file may be here"),
        "{stderr}"
    );
    assert!(stderr.contains("ulimit -f"), "{stderr}");
    assert_eq!(dir.names(), ["många.pgn", "ut.brf"]);
    assert_eq!(dir.read("ut.brf"), b"det tidigare");
}

// ---------------------------------------------------------------------------------------------
// 5. Errors name the user's paths.

#[test]
fn errors_name_the_users_paths_never_a_temporary_file() {
    let dir = Sandbox::new();
    dir.write("g.pgn", GAME);
    for (args, path) in [
        (
            vec!["build", "g.pgn", "-o", "saknas/ut.brf"],
            "saknas/ut.brf",
        ),
        (vec!["build", "g.pgn", "-o", "saknas/inne/"], "saknas/inne/"),
    ] {
        let out = dir.run(&args);
        assert_eq!(out.code, Some(3), "{}", out.stderr);
        assert!(
            out.stderr.starts_with(&format!("{path}: error:")),
            "{}",
            out.stderr
        );
        assert!(!out.stderr.contains(".schackpunkt"), "{}", out.stderr);
    }
    // A folder we may not write into (not as root, who may).
    let locked = dir.path().join("låst");
    fs::create_dir(&locked).unwrap();
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o500)).unwrap();
    let out = dir.run(&["build", "g.pgn", "-o", "låst/ut.brf"]);
    if out.code == Some(3) {
        assert!(
            out.stderr.starts_with("låst/ut.brf: error:"),
            "{}",
            out.stderr
        );
        assert!(!out.stderr.contains(".schackpunkt"), "{}", out.stderr);
    } else {
        eprintln!("skipped: a read-only folder is writable here (running as root)");
    }
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o700)).unwrap();
}

#[test]
fn the_sample_game_is_the_same_from_a_file_a_fifo_and_standard_input() {
    let dir = Sandbox::new();
    let game = fs::read(data("exempelparti.pgn")).unwrap();
    dir.write("fil.pgn", &game);
    let file = dir.run(&["build", "fil.pgn", "-o", "-"]);
    file.ok();
    let piped = dir
        .command(&["build", "-", "--input-kind", "pgn", "-o", "-"])
        .stdin(game.clone())
        .run();
    piped.ok();
    assert_eq!(piped.stdout, file.stdout);
    let fifo = dir.path().join("fifo.pgn");
    mkfifo(&fifo);
    let writer = thread::spawn(move || fs::write(fifo, game).expect("write the FIFO"));
    let via = dir.run(&["build", "fifo.pgn", "-o", "-"]);
    writer.join().unwrap();
    via.ok();
    assert_eq!(via.stdout, file.stdout);
}

/// `-o folder/` makes a folder that is not there yet (issue 31) and writes into it; a build
/// that fails leaves no folder behind; a file of that name is no folder.
#[test]
fn an_output_folder_named_with_its_slash_is_made() {
    let dir = Sandbox::new();
    dir.write("parti.pgn", "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 *\n");
    dir.write("fel.pgn", "1. e4 e5 2. Ke3 *\n");
    let made = dir.run(&["build", "parti.pgn", "-o", "ny/"]);
    made.ok();
    assert!(dir.path().join("ny/parti.brf").is_file(), "{}", made.stderr);
    let failed = dir.run(&["build", "fel.pgn", "-o", "tom/"]);
    assert_eq!(failed.code, Some(1), "{}", failed.stderr);
    assert!(!dir.path().join("tom").exists(), "an empty folder is left");
    dir.write("fil", "x");
    let file = dir.run(&["build", "parti.pgn", "-o", "fil/"]);
    assert_eq!(file.code, Some(3));
    assert!(
        file.stderr.contains("fil/: error: not a folder"),
        "{}",
        file.stderr
    );
}

/// A new output's permissions are those of any new file: `0666` less the umask (issue 32,
/// point 7: it was `0644` whatever the umask). An output written over keeps its own.
#[test]
fn a_new_output_heeds_the_umask() {
    use std::os::unix::fs::PermissionsExt;
    let dir = Sandbox::new();
    dir.write("g.pgn", "1. e4 e5 *\n");
    for (umask, mode) in [
        ("077", 0o600),
        ("002", 0o664),
        ("000", 0o666),
        ("022", 0o644),
    ] {
        let out = dir.path().join(format!("g{umask}.brf"));
        let status = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "umask {umask} && exec \"$0\" build g.pgn -q -o \"$1\"",
            ))
            .arg(env!("CARGO_BIN_EXE_schackpunkt"))
            .arg(&out)
            .current_dir(dir.path())
            .status()
            .expect("sh runs");
        assert!(status.success(), "umask {umask}");
        let got = fs::metadata(&out).expect("written").permissions().mode() & 0o777;
        assert_eq!(got, mode, "umask {umask}: {got:o}");
    }
    // Written over: the file keeps the permissions it had.
    let kept = dir.path().join("g077.brf");
    fs::set_permissions(&kept, fs::Permissions::from_mode(0o640)).expect("chmod");
    dir.run(&["build", "g.pgn", "-q", "-o", "g077.brf"]).ok();
    let got = fs::metadata(&kept).expect("written").permissions().mode() & 0o777;
    assert_eq!(got, 0o640);
}

/// The page profile's file is an input like the others (issue 32, point 1): an output that
/// would overwrite it is refused before anything is written, by any spelling of its path.
#[test]
fn a_profile_file_named_in_front_matter_is_never_overwritten() {
    // Issue 32, point 1: the front matter's profile is known only once the book is read;
    // the outputs are put in place after that, so it is checked with the other inputs.
    let dir = Sandbox::new();
    let profile = "name: egen\ndescription: en egen sida\nline_length: 30\npage_length: 20\n\
                   page_numbers: bottom\n";
    dir.write("p.yaml", profile);
    dir.write("b.md", "---\nprofile: ./p.yaml\n---\n\nText.\n");
    for output in ["p.yaml", "./p.yaml"] {
        refused_and_kept(&dir, &["build", "b.md", "-o", output], profile);
    }
    assert_eq!(dir.names(), ["b.md", "p.yaml"]);
}

#[test]
fn the_profile_file_is_never_overwritten() {
    let dir = Sandbox::new();
    dir.write("g.pgn", "1. e4 e5 *\n");
    let profile = "line_length: 30\npage_length: 20\n";
    dir.write("p.yaml", profile);
    for (given, output) in [("./p.yaml", "p.yaml"), ("p.yaml", "./p.yaml")] {
        refused_and_kept(
            &dir,
            &["build", "g.pgn", "--profile", given, "-o", output],
            profile,
        );
    }
}

/// The run is refused as one that would overwrite an input, and `p.yaml` still holds
/// `profile`.
fn refused_and_kept(dir: &Sandbox, args: &[&str], profile: &str) {
    let ran = dir.run(args);
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(
        ran.stderr.contains("the output would overwrite the input"),
        "{}",
        ran.stderr
    );
    assert_eq!(
        String::from_utf8(dir.read("p.yaml")).expect("text"),
        profile
    );
}

#[test]
fn more_inputs_than_files_may_be_open_at_once() {
    // Issue 32: every input was opened at the start (and spooled to a file of its own for a
    // bulletin), so more inputs than `ulimit -n` failed with "Too many open files".
    let dir = Sandbox::new();
    let mut names = Vec::new();
    for k in 0..150 {
        let name = format!("g{k:03}.pgn");
        dir.write(
            &name,
            format!("[White \"Vit {k}\"]\n[Black \"Svart\"]\n[Result \"*\"]\n\n1. e4 e5 *\n"),
        );
        names.push(name);
    }
    let binary = env!("CARGO_BIN_EXE_schackpunkt");
    let all = names.join(" ");
    for (args, written) in [
        ("-o alla.brf", "wrote alla.brf"),
        ("-o alla.brf --bulletin", "wrote alla.brf"),
        ("-o -", "wrote standard output"),
        ("-o ut/", "wrote ut/g000.brf"),
    ] {
        let script = format!("ulimit -n 40 && exec '{binary}' build {all} {args} > /dev/null");
        let out = Command::new("sh")
            .args(["-c", &script])
            .current_dir(dir.path())
            .output()
            .expect("sh");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args}: {stderr}");
        assert!(
            stderr.contains("read 150 files") && stderr.contains(written),
            "{args}: {stderr}"
        );
    }
    assert_eq!(
        fs::read_dir(dir.path().join("ut")).expect("ut/").count(),
        150
    );
}

#[test]
fn a_chapter_that_is_no_file_is_named_never_left_out() {
    // Issue 32 (our own probe): a book folder's `02.md` that was a pipe, a link to nothing or
    // a folder was left out of the book without a word (the build never ended on a pipe
    // either way). In a book of the folder's files it is an error; beside a list of chapters
    // that leaves it out, a warning like any file left out; listed, an error at its name.
    let dir = Sandbox::new();
    std::fs::create_dir(dir.path().join("bok")).expect("bok");
    dir.write("bok/01.md", "# Kapitel 1\n\nText.\n");
    let chapter = dir.path().join("bok/02.md");
    for (what, make) in [
        ("a pipe (FIFO)", &(|p: &Path| mkfifo(p)) as &dyn Fn(&Path)),
        ("a link to nothing", &|p: &Path| {
            std::os::unix::fs::symlink("ingenstans.md", p).expect("symlink")
        }),
        ("a folder", &|p: &Path| {
            std::fs::create_dir(p).expect("mkdir")
        }),
    ] {
        make(&chapter);
        // The build fails with `message` first, and writes nothing.
        let fails = |message: String| {
            let ran = dir
                .command(&["build", "bok", "-o", "ut.brf"])
                .deadline(std::time::Duration::from_secs(60))
                .run();
            assert_eq!(ran.code, Some(1), "{what}: {}", ran.stderr);
            assert!(ran.stderr.starts_with(&message), "{what}: {}", ran.stderr);
            assert!(!dir.path().join("ut.brf").exists(), "{what}");
        };
        fails(format!(
            "bok/02.md:1:1: error: a chapter of the book folder is {what}, not a file"
        ));
        dir.write("bok/bok.yaml", "chapters: [01.md]\n");
        let ran = dir.run(&["build", "bok", "-o", "bok.brf"]);
        ran.ok();
        assert!(
            ran.stderr.contains(
                "warning: bok/02.md is in the book folder but not among its chapters: left out"
            ),
            "{what}: {}",
            ran.stderr
        );
        dir.write("bok/bok.yaml", "chapters: [01.md, 02.md]\n");
        fails(format!(
            "bok/bok.yaml:1:19: error: the chapter bok/02.md is {what}, not a file"
        ));
        std::fs::remove_file(dir.path().join("bok/bok.yaml")).expect("bok.yaml");
        std::fs::remove_file(dir.path().join("bok.brf")).expect("bok.brf");
        match what {
            "a folder" => std::fs::remove_dir(&chapter).expect("rmdir"),
            _ => std::fs::remove_file(&chapter).expect("rm"),
        }
    }
}

/// A file whose first letter not in ASCII is UTF-8 is read before the rest of it is known to
/// be (issue 33: no reading of the whole file beforehand). When a byte far down is not UTF-8,
/// the build starts again, and says and writes what the file read as Windows-1252 from the
/// start gives: the encoding's warning first, at the byte, then the rest, once each. Each way
/// out (a file, standard output, `check`, a bulletin, one thread or all, warnings denied),
/// and an error found before the byte, whose column the encoding moves.
#[test]
fn a_file_guessed_utf8_from_its_start_is_read_again_when_it_is_not() {
    let dir = Sandbox::new();
    // Game 1: a UTF-8 letter (the guess), a warning; then games enough for many reads of the
    // file; then a Latin-1 letter.
    let plain = "[White \"A\"]\n[Black \"B\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 *\n\n";
    let mut text =
        "[White \"Åke\"]\n[Black \"Örn\"]\n\n1. e4 {Bra drag av Åke} e5 2. 2. Nf3 Nc6 *\n\n"
            .as_bytes()
            .to_vec();
    for _ in 0..5000 {
        text.extend_from_slice(plain.as_bytes());
    }
    let line = text.iter().filter(|&&b| b == b'\n').count() + 1;
    text.extend_from_slice(b"[White \"Str\xf6m\"]\n[Black \"C\"]\n\n1. e4 {\xe5} e5 *\n");
    assert!(text.len() > 4 * 64 * 1024);
    dir.write("late.pgn", &text);
    let warning = format!("late.pgn:{line}:12: warning: not UTF-8 from here on");
    for args in [
        &["-o", "late.brf"][..],
        &["-o", "-"],
        &["-o", "-", "--jobs", "1"],
        &["-o", "-", "--bulletin"],
        &["-o", "-", "--format", "pef"],
    ] {
        let run = |extra: &[&str]| {
            let mut all = vec!["build", "late.pgn", "-q"];
            all.extend_from_slice(args);
            all.extend_from_slice(extra);
            let ran = dir.run(&all);
            let brf = match args[1] {
                "-" => ran.stdout.clone(),
                file => dir.read(file),
            };
            (ran, brf)
        };
        let (forced, forced_out) = run(&["--input-encoding", "windows-1252"]);
        forced.ok();
        let (guessed, guessed_out) = run(&[]);
        guessed.ok();
        assert!(
            guessed.stderr.starts_with(&warning),
            "{args:?}: {}",
            guessed.stderr
        );
        assert!(
            guessed.stderr.ends_with(&forced.stderr),
            "{args:?}: {}",
            guessed.stderr
        );
        assert_eq!(
            guessed.stderr.matches("warning:").count(),
            forced.stderr.matches("warning:").count() + 1,
            "{args:?}: {}",
            guessed.stderr
        );
        assert_eq!(guessed_out, forced_out, "{args:?}");
    }
    let checked = dir.run(&["check", "late.pgn"]);
    checked.ok();
    assert!(checked.stderr.starts_with(&warning), "{}", checked.stderr);
    assert_eq!(checked.stderr.matches("two move numbers").count(), 1);
    let denied = dir.run(&["build", "late.pgn", "--deny-warnings", "-o", "denied.brf"]);
    assert_eq!(denied.code, Some(1), "{}", denied.stderr);
    assert!(denied.stderr.starts_with(&warning), "{}", denied.stderr);
    assert!(
        denied.stderr.contains(&format!(
            "late.pgn:{line}:12: error: not UTF-8 from here on"
        )),
        "{}",
        denied.stderr
    );
    assert!(!dir.path().join("denied.brf").exists());

    // An error before the byte that is not UTF-8: its column is the column in Windows-1252
    // (`Å` is two characters there), after the encoding's warning.
    let mut bad = b"[White \"A\"]\n\n1. e4 {\xc3\x85ke} Ke3 *\n\n".to_vec();
    for _ in 0..5000 {
        bad.extend_from_slice(plain.as_bytes());
    }
    let line = bad.iter().filter(|&&b| b == b'\n').count() + 1;
    bad.extend_from_slice(b"1. e4 {\xe5} e5 *\n");
    dir.write("bad.pgn", &bad);
    let ran = dir.run(&["build", "bad.pgn", "-o", "bad.brf"]);
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    assert!(
        ran.stderr.starts_with(&format!(
            "bad.pgn:{line}:8: warning: not UTF-8 from here on"
        )),
        "{}",
        ran.stderr
    );
    assert!(
        ran.stderr
            .contains("bad.pgn:3:14: error: illegal move 'Ke3'"),
        "{}",
        ran.stderr
    );
    assert_eq!(ran.stderr.matches("error:").count(), 1, "{}", ran.stderr);

    // A file that is UTF-8 throughout says what it said, with its warning once.
    let last = text.len() - b"[White \"Str\xf6m\"]\n[Black \"C\"]\n\n1. e4 {\xe5} e5 *\n".len();
    let utf8 = format!(
        "{}[White \"Ström\"]\n[Black \"C\"]\n\n1. e4 {{å}} e5 *\n",
        String::from_utf8_lossy(&text[..last])
    );
    dir.write("utf8.pgn", &utf8);
    let guessed = dir.run(&["build", "utf8.pgn", "-o", "-", "-q"]);
    let told = dir.run(&[
        "build",
        "utf8.pgn",
        "-o",
        "-",
        "-q",
        "--input-encoding",
        "utf-8",
    ]);
    guessed.ok();
    assert_eq!(guessed.stderr, told.stderr);
    assert_eq!(guessed.stdout, told.stdout);
    assert_eq!(
        guessed.stderr.matches("warning:").count(),
        1,
        "{}",
        guessed.stderr
    );
}

/// A file guessed wrong among other inputs: what the build said before the file was opened
/// is said once (no file is guessed after the build has said something), and a stream among
/// the inputs is read once, whole (the files guessed before it are settled before it is read,
/// none after it): standard input and a FIFO give the games a copy of them in a file gives.
#[test]
fn a_guess_says_nothing_twice_and_reads_no_stream_twice() {
    let dir = Sandbox::new();
    let plain = "[White \"A\"]\n[Black \"B\"]\n\n1. d4 d5 2. c4 e6 *\n\n";
    let mut late = "[White \"Åke\"]\n[Black \"B\"]\n\n1. e4 e5 *\n\n"
        .as_bytes()
        .to_vec();
    for _ in 0..3000 {
        late.extend_from_slice(plain.as_bytes());
    }
    late.extend_from_slice(b"[White \"Str\xf6m\"]\n[Black \"C\"]\n\n1. e4 e5 *\n");
    dir.write("late.pgn", &late);
    dir.write("empty.pgn", "");
    dir.write("game.pgn", GAME);
    for args in [
        &["build", "empty.pgn", "late.pgn"][..],
        &["build", "empty.pgn", "late.pgn", "-o", "out/"],
        &["check", "empty.pgn", "late.pgn"],
        &["build", "empty.pgn", "late.pgn", "-o", "one.brf"],
    ] {
        let ran = dir.run(args);
        ran.ok();
        assert_eq!(
            ran.stderr.matches("empty.pgn:1:1: warning").count(),
            1,
            "{args:?}: {}",
            ran.stderr
        );
        assert_eq!(
            ran.stderr.matches("late.pgn:").count(),
            1,
            "{args:?}: {}",
            ran.stderr
        );
        assert!(
            ran.stderr.contains("not UTF-8 from here on"),
            "{args:?}: {}",
            ran.stderr
        );
    }
    let want = dir.run(&["build", "late.pgn", "game.pgn", "-o", "want.brf", "-q"]);
    want.ok();
    let want = dir.read("want.brf");
    let piped = dir
        .command(&[
            "build",
            "late.pgn",
            "-",
            "--input-kind",
            "pgn",
            "-o",
            "piped.brf",
            "-q",
        ])
        .stdin(GAME)
        .run();
    piped.ok();
    assert_eq!(dir.read("piped.brf"), want);
    assert_eq!(
        piped.stderr.matches("not UTF-8 from here on").count(),
        1,
        "{}",
        piped.stderr
    );
    let fifo = dir.path().join("in.pgn");
    mkfifo(&fifo);
    let writer = {
        let fifo = fifo.clone();
        thread::spawn(move || fs::write(fifo, GAME).expect("write the FIFO"))
    };
    let ran = dir
        .command(&["build", "late.pgn", "in.pgn", "-o", "fifo.brf", "-q"])
        .deadline(Duration::from_secs(60))
        .run();
    assert!(!ran.timed_out, "the FIFO was waited for again");
    ran.ok();
    writer.join().unwrap();
    assert_eq!(dir.read("fifo.brf"), want);
}
