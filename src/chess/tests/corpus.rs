//! Hand-run checks on the shared corpus (not part of the normal test run): every game reads,
//! and throughput against a plain pgn-reader + shakmaty replay.
//!
//! `cargo test --release --lib chess::tests::corpus -- --ignored --nocapture`

use std::ops::ControlFlow;
use std::path::Path;
use std::time::Instant;

use super::san_of;
use crate::chess::{Item, PgnReader};
use pgn_reader::{Reader, SanPlus, Skip, Visitor};
use shakmaty::{Chess, Position};

const CORPUS: &str = "/work/shared/corpus";

fn corpus_files() -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(CORPUS)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "pgn"));
    files.sort();
    files
}

/// Reads a whole file; returns (games, moves).
fn ours(bytes: &[u8], name: &str) -> (usize, usize) {
    let mut r = PgnReader::new(bytes, name);
    let (mut games, mut moves) = (0, 0);
    loop {
        match r.read_game() {
            Ok(Some(g)) => {
                games += 1;
                moves += g
                    .items
                    .iter()
                    .filter(|i| matches!(i, Item::Move(_)))
                    .count();
            }
            Ok(None) => break,
            Err(e) => panic!("{e}"),
        }
    }
    for w in r.take_warnings() {
        println!("{w}");
    }
    (games, moves)
}

/// The plain replay the speed goal is measured against; with `comments`, it also keeps each
/// comment as a `String` (as the model's `Item::Comment` must).
struct Plain {
    pos: Chess,
    moves: usize,
    comments: Option<Vec<String>>,
}

impl Visitor for Plain {
    type Tags = ();
    type Movetext = ();
    type Output = ();
    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        self.pos = Chess::default();
        if let Some(c) = &mut self.comments {
            *c = Vec::new();
        }
        ControlFlow::Continue(())
    }
    fn comment(&mut self, _: &mut (), comment: pgn_reader::RawComment<'_>) -> ControlFlow<()> {
        if let Some(c) = &mut self.comments {
            c.push(String::from_utf8_lossy(comment.as_bytes()).into_owned());
        }
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, _: &mut ()) -> ControlFlow<(), Skip> {
        ControlFlow::Continue(Skip(true))
    }
    fn san(&mut self, _: &mut (), san: SanPlus) -> ControlFlow<()> {
        if let Ok(m) = san.san.to_move(&self.pos) {
            self.pos.play_unchecked(m);
            self.moves += 1;
        }
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, _: ()) {}
}

fn plain(bytes: &[u8]) -> usize {
    plain_with(bytes, false)
}

fn plain_with(bytes: &[u8], comments: bool) -> usize {
    let mut v = Plain {
        pos: Chess::default(),
        moves: 0,
        comments: comments.then(Vec::new),
    };
    let mut r = Reader::new(bytes);
    while let Ok(Some(())) = r.read_game(&mut v) {}
    v.moves
}

/// Best-of-`rounds` throughput in MB/s of `ours` and of the plain replay, their runs
/// interleaved (the machine is shared: the best run is the least disturbed).
fn compare(bytes: &[u8], name: &str, rounds: usize) -> (f64, f64) {
    let (mut a, mut b) = (f64::MAX, f64::MAX);
    for _ in 0..rounds {
        let t = Instant::now();
        ours(bytes, name);
        a = a.min(t.elapsed().as_secs_f64());
        let t = Instant::now();
        plain(bytes);
        b = b.min(t.elapsed().as_secs_f64());
    }
    let mb = bytes.len() as f64 / 1e6;
    (mb / a, mb / b)
}

#[test]
#[ignore]
fn corpus_reads_without_error_and_fast() {
    let files = corpus_files();
    assert!(!files.is_empty(), "no corpus in {CORPUS}");
    let only = std::env::var("CORPUS_ONLY").ok();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if only.as_ref().is_some_and(|o| !name.contains(o.as_str())) {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        if std::env::var("PROFILE_OURS").is_ok() {
            for _ in 0..std::env::var("ROUNDS")
                .ok()
                .and_then(|r| r.parse().ok())
                .unwrap_or(50)
            {
                ours(&bytes, &name);
            }
            continue;
        }
        if std::env::var("PROFILE_PLAIN").is_ok() {
            for _ in 0..std::env::var("ROUNDS")
                .ok()
                .and_then(|r| r.parse().ok())
                .unwrap_or(50)
            {
                plain(&bytes);
            }
            continue;
        }
        let (games, moves) = ours(&bytes, &name);
        let plain_moves = plain(&bytes);
        println!(
            "{name}: {games} games, {moves} moves (plain replay: {plain_moves} main-line moves)"
        );
        let (a, b) = compare(&bytes, &name, 60);
        println!(
            "{name}: ours {a:.1} MB/s, plain {b:.1} MB/s, ratio {:.2}",
            a / b
        );
        let mut best = f64::MAX;
        for _ in 0..30 {
            let t = Instant::now();
            plain_with(&bytes, true);
            best = best.min(t.elapsed().as_secs_f64());
        }
        println!(
            "{name}: plain keeping comments as Strings {:.1} MB/s",
            bytes.len() as f64 / best / 1e6
        );
    }
    let _ = Path::new(CORPUS);
}

/// Writes every corpus game's moves as SAN, one game a line, to `$SAN_OUT/<file>.san`.
#[test]
#[ignore]
fn dump_corpus_san() {
    let out_dir = std::env::var("SAN_OUT").unwrap_or_else(|_| "/tmp".into());
    for path in corpus_files() {
        let bytes = std::fs::read(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let mut r = PgnReader::new(&bytes[..], &name);
        let mut out = String::new();
        while let Some(g) = r.read_game().unwrap() {
            let sans: Vec<String> = g
                .items
                .iter()
                .filter_map(|i| {
                    if let Item::Move(m) = i {
                        Some(san_of(m))
                    } else {
                        None
                    }
                })
                .collect();
            out.push_str(&sans.join(" "));
            out.push('\n');
        }
        std::fs::write(format!("{out_dir}/{name}.san"), out).unwrap();
    }
}

/// The corpus repeated until 100 000 games have been read from one stream: memory stays flat.
#[test]
#[ignore]
fn streams_100k_games() {
    struct Repeat {
        data: Vec<u8>,
        pos: usize,
    }
    impl std::io::Read for Repeat {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.pos == self.data.len() {
                self.pos = 0;
            }
            let n = buf.len().min(self.data.len() - self.pos);
            buf[..n].copy_from_slice(&self.data[self.pos..n + self.pos]);
            self.pos += n;
            Ok(n)
        }
    }
    fn peak_kb() -> u64 {
        let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        status
            .lines()
            .find(|l| l.starts_with("VmHWM:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    }
    let mut data = std::fs::read(format!("{CORPUS}/twic1599_1000k.pgn")).unwrap();
    data.extend_from_slice(b"\n\n");
    let input = std::io::BufReader::new(Repeat { data, pos: 0 });
    let mut r = PgnReader::new(input, "repeat.pgn");
    let mut at_10k = 0;
    for n in 1..=100_000 {
        assert!(r.read_game().unwrap().is_some());
        if n == 10_000 {
            at_10k = peak_kb();
        }
    }
    let at_100k = peak_kb();
    println!("peak RSS after 10 000 games: {at_10k} kB, after 100 000: {at_100k} kB");
    assert!(
        at_100k < at_10k + 2048,
        "memory grew: {at_10k} kB -> {at_100k} kB"
    );
}
