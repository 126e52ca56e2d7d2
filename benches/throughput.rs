//! `make bench`: end-to-end throughput (MB/s, games/s) of ordinary and compact transcription to
//! BRF, on one thread (`--jobs 1`) and on all cores (the default), next to a plain pgn-reader +
//! shakmaty replay of the same file on one thread in the same run, with the peak memory of
//! each. Every measurement runs in a child process of its own, so each peak memory figure is
//! that measurement's alone; each runs five times, in rounds (every measurement once a round),
//! and its best time is shown (the build's own time: the games are counted after the clock
//! stops); a ratio of two measurements is the median of the five rounds' ratios, each of two
//! runs made in the same round (issue 33: "median of 5 paired runs"), with the best times'
//! ratio beside it; `--verify` runs the same way in each notation on all cores (aim, issue 30: at
//! most twice the build without it). The aims (issue 13): compact notation on one thread at least
//! 0.5 of the plain replay, on all cores at least 0.8; at most 16 MB with one thread and 64 MB
//! on all cores, whatever the input's size (the same runs on a file twice as large). Last,
//! where valgrind is installed, the instructions of a build with and without `--verify` on
//! one thread, counted by callgrind: the figure that does not vary with the machine's load;
//! and the instruction ratio of the plain replay to a compact build on one thread (issue 33:
//! at least 0.5), with the build's instructions by part (scan, pgn-reader and our visitor,
//! braille, layout). Then the costs when doubled (`costs.rs`): inputs once quadratic (issue 32) built at two
//! sizes, with the ratio of their times. Last, how long a save takes to reach an open page of
//! `schackpunkt serve` (`serve.rs`; issue 36: 300 ms for the sample book, 1 s for 300 pages).
//!
//! Usage: `cargo bench --bench throughput -- [PGN]`. Without a path, the PGN files of
//! `../shared/corpus/` are concatenated and repeated to at least 50 MB. `-- --costs`: the
//! costs when doubled alone; `-- --serve`: the times of `serve` alone; `-- --parts [PGN]`: the instruction ratio and parts alone.

use std::fs;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use pgn_reader::{Reader, SanPlus, Visitor};
use schackpunkt::{Destination, Format, Job, Notation, Settings};
use shakmaty::{Chess, Position};

#[path = "throughput/costs.rs"]
mod costs;
#[path = "throughput/serve.rs"]
mod serve;

const TARGET_BYTES: u64 = 50 * 1024 * 1024;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    if args.first().map(String::as_str) == Some("--child") {
        child(&args[1], Path::new(&args[2]));
        return;
    }
    if args.first().map(String::as_str) == Some("--child-cost") {
        costs::child(&args[1], Path::new(&args[2]));
        return;
    }
    let dir = tempfile::tempdir().expect("temporary folder");
    if args.first().map(String::as_str) == Some("--parts") {
        // The instruction ratio and the build's parts alone, on the file given or 1 MB of the
        // corpus.
        let small = match args.get(1) {
            Some(p) => PathBuf::from(p),
            None => corpus_file(dir.path(), 1),
        };
        instruction_parts(dir.path(), &small);
        return;
    }
    if args.first().map(String::as_str) == Some("--serve") {
        serve::report(dir.path());
        return;
    }
    if args.first().map(String::as_str) == Some("--costs") {
        costs::report(dir.path());
        inputs_and_read_doubled(dir.path());
        return;
    }
    let input = match args.first() {
        Some(p) => PathBuf::from(p),
        None => corpus_file(dir.path(), TARGET_BYTES),
    };
    let size = fs::metadata(&input).map(|m| m.len()).unwrap_or(0);
    println!("input: {} ({:.1} MB)", input.display(), size as f64 / 1e6);
    println!(
        "{:<22} {:>9} {:>10} {:>12} {:>10}",
        "run", "MB/s", "games/s", "peak MB", "seconds"
    );
    // --verify in the same rounds: its cost (issue 30: at most twice the build without it),
    // measured as the build without it is.
    let [
        replay,
        read,
        ordinary,
        compact,
        ordinary_all,
        compact_all,
        verified,
        verified_ordinary,
        bulletin,
        bulletin_all,
    ] = measure(
        [
            "replay",
            "check",
            "ordinary",
            "compact",
            "ordinary-all",
            "compact-all",
            "compact-all-verify",
            "ordinary-all-verify",
            "compact-bulletin",
            "compact-all-bulletin",
        ]
        .map(|mode| (mode, input.as_path())),
    );
    for (name, m) in [
        ("plain replay", &replay),
        ("check (no output)", &read),
        ("ordinary, 1 thread", &ordinary),
        ("compact, 1 thread", &compact),
        ("ordinary, all cores", &ordinary_all),
        ("compact, all cores", &compact_all),
        ("compact, all, --verify", &verified),
        ("ordinary, all, --verify", &verified_ordinary),
        ("bulletin, 1 thread", &bulletin),
        ("bulletin, all cores", &bulletin_all),
    ] {
        println!(
            "{:<22} {:>9.1} {:>10.0} {:>12.1} {:>10.2}",
            name,
            m.mb_per_s(),
            m.games as f64 / m.seconds,
            m.peak_kb as f64 / 1024.0,
            m.seconds
        );
    }
    // The aims are judged on the median of the rounds' ratios, each of two runs made in the
    // same round (issue 33: "median of 5 paired runs"): a slow spell of the machine then
    // falls on both sides of a ratio. The best times' ratio is shown beside it.
    let ratio = |m: &Measure| paired(&replay, m);
    let best = |m: &Measure| replay.seconds / m.seconds;
    let verdict = |ok: bool| if ok { "holds" } else { "MISSED" };
    println!(
        "ratio to plain replay, 1 thread (median of {RUNS} paired rounds): ordinary {:.2}, \
         compact {:.2} (aim for compact: at least 0.50: {}; best times: {:.2}, {:.2})",
        ratio(&ordinary),
        ratio(&compact),
        verdict(ratio(&compact) >= 0.5),
        best(&ordinary),
        best(&compact)
    );
    println!(
        "ratio to plain replay, all {} cores (median of {RUNS} paired rounds): ordinary {:.2}, \
         compact {:.2} (aim for compact: at least 0.80: {}; best times: {:.2}, {:.2})",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        ratio(&ordinary_all),
        ratio(&compact_all),
        verdict(ratio(&compact_all) >= 0.8),
        best(&ordinary_all),
        best(&compact_all)
    );
    // The machine's slow spells (docs/plans/plain-ratio.md, fifth session): its two processors
    // then share one core, and a build on all of them takes half again the processor time of
    // one on a single thread; the plain replay, one thread, does not slow. Outside them, two
    // threads take some 1.1 times one's processor time, the cost of handing games from one
    // core to the other (twelfth session: two one-thread builds at once run each within 3 %
    // of one alone; 1.2 until the thirteenth, when a game came to cross cores once). Shown a
    // round at a time, so a two-core ratio can be read for what it is; the verdict above is
    // unchanged.
    let shared: Vec<String> = compact_all
        .cpu_rounds
        .iter()
        .zip(&compact.cpu_rounds)
        .map(|(all, one)| format!("{:.2}", all / one))
        .collect();
    println!(
        "processor time, compact, all cores over 1 thread, round by round: {} (about 1.1: the \
         games handed between the threads; above 1.3: the processors shared a core in that \
         round, a slow spell of the machine)",
        shared.join(" ")
    );
    let mb = |m: &Measure| m.peak_kb as f64 / 1024.0;
    let mut peaks = vec![(size, mb(&compact), mb(&compact_all))];
    if args.is_empty() {
        // Memory must not grow with the input: the same runs on a file twice as large.
        let double = corpus_file(dir.path(), 2 * size.max(1));
        let [big, big_all] = measure([("compact", &*double), ("compact-all", &*double)]);
        let double_size = fs::metadata(&double).map(|m| m.len()).unwrap_or(0);
        peaks.push((double_size, mb(&big), mb(&big_all)));
    }
    let cost = |v: &Measure, m: &Measure| paired(v, m);
    println!(
        "--verify (every game's braille read back, guided by its source): compact {:.2}×, \
         ordinary {:.2}× the time of the build without it (aim: at most 2: {}), {:.1} MB peak \
         (read back as it is written, a stretch at a time)",
        cost(&verified, &compact_all),
        cost(&verified_ordinary, &ordinary_all),
        verdict(
            cost(&verified, &compact_all) <= 2.0 && cost(&verified_ordinary, &ordinary_all) <= 2.0
        ),
        mb(&verified)
    );
    println!(
        "bulletin (--bulletin: contents list, headings, index of players), compact: 1 thread \
         {:.2}×, all cores {:.2}× the time of the plain build (aim: at most 2: {}); peak 1 thread \
         {:.1} MB (aim: at most 16: {}), all cores {:.1} MB (aim: at most 64: {})",
        cost(&bulletin, &compact),
        cost(&bulletin_all, &compact_all),
        verdict(cost(&bulletin, &compact) <= 2.0 && cost(&bulletin_all, &compact_all) <= 2.0),
        mb(&bulletin),
        verdict(mb(&bulletin) <= 16.0),
        mb(&bulletin_all),
        verdict(mb(&bulletin_all) <= 64.0)
    );
    for (bytes, one, all) in &peaks {
        println!(
            "peak memory, compact, {:.0} MB of input: 1 thread {one:.1} MB (aim: at most 16: {}), \
             all cores {all:.1} MB (aim: at most 64: {})",
            *bytes as f64 / 1e6,
            verdict(*one <= 16.0),
            verdict(*all <= 64.0)
        );
    }
    // The stable figure: instructions, counted by callgrind on one thread (the work a build
    // gives the cores, whatever else runs on the machine), on a smaller file.
    let small = match args.first() {
        Some(p) => PathBuf::from(p),
        None => corpus_file(dir.path(), 1),
    };
    let counted = ["compact", "compact-verify", "ordinary", "ordinary-verify"]
        .map(|mode| instructions(mode, &small));
    match counted {
        [Some(c), Some(cv), Some(o), Some(ov)] => println!(
            "instructions (callgrind, 1 thread, {:.1} MB): compact {:.0} M, with --verify {:.0} M \
             ({:.2}×); ordinary {:.0} M, with --verify {:.0} M ({:.2}×) (aim for --verify, the \
             work on any number of cores: at most 2: {})",
            fs::metadata(&small).map_or(0, |m| m.len()) as f64 / 1e6,
            c as f64 / 1e6,
            cv as f64 / 1e6,
            cv as f64 / c as f64,
            o as f64 / 1e6,
            ov as f64 / 1e6,
            ov as f64 / o as f64,
            verdict(cv <= 2 * c && ov <= 2 * o)
        ),
        _ => println!(
            "instructions: not counted (valgrind is not installed: apt-get install valgrind)"
        ),
    }
    if let (Some(b), [Some(c), ..]) = (instructions("compact-bulletin", &small), counted) {
        println!(
            "instructions, bulletin (compact, 1 thread): {:.0} M, {:.2}× the plain build (aim: \
             at most 2: {})",
            b as f64 / 1e6,
            b as f64 / c as f64,
            verdict(b <= 2 * c)
        );
    }
    instruction_parts(dir.path(), &small);
    costs::report(dir.path());
    inputs_and_read_doubled(dir.path());
    serve::report(dir.path());
}

/// Issue 32, points 13 and 14: the time of a build of n and 2n inputs into one file and into
/// a folder, and of `read` with n and 2n blank lines before its game; each ratio near 2 is
/// linear (they were quadratic: 750/1 500/3 000/6 000 inputs took 1.6/6.2/22.9/92 s, 25 000
/// blank lines a minute). Best of three each.
fn inputs_and_read_doubled(dir: &Path) {
    let game = "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    let inputs = |n: usize| -> Vec<PathBuf> {
        let folder = dir.join(format!("inputs-{n}"));
        let _ = fs::create_dir(&folder);
        (0..n)
            .map(|k| {
                let path = folder.join(format!("g{k}.pgn"));
                fs::write(&path, game).expect("write an input");
                path
            })
            .collect()
    };
    let build = |files: Vec<PathBuf>, destination: Destination| {
        let job = Job {
            jobs: 1,
            verify: Some(false),
            ..Job::new(files, destination)
        };
        move || {
            schackpunkt::run(&job, &mut |_| {}).expect("build");
        }
    };
    let best = |run: &dyn Fn()| -> f64 {
        (0..3)
            .map(|_| {
                let t = Instant::now();
                run();
                t.elapsed().as_secs_f64()
            })
            .fold(f64::INFINITY, f64::min)
    };
    let report = |what: &str, n: usize, a: f64, b: f64| {
        let ratio = b / a;
        let mark = if ratio > 3.0 {
            "  <-- MORE THAN LINEAR"
        } else {
            ""
        };
        println!(
            "doubled: {what}, {n} → {}: {a:.3} s → {b:.3} s, ratio {ratio:.2}{mark}",
            2 * n
        );
    };
    let n = 1_000;
    let (one, two) = (inputs(n), inputs(2 * n));
    let file = |k: usize| Destination::File(dir.join(format!("alla-{k}.brf")));
    let folder = |k: usize| Destination::Folder(dir.join(format!("ut-{k}/")));
    let a = best(&build(one.clone(), file(n)));
    let b = best(&build(two.clone(), file(2 * n)));
    report("inputs into one file", n, a, b);
    let a = best(&build(one, folder(n)));
    let b = best(&build(two, folder(2 * n)));
    report("inputs into a folder", n, a, b);
    // `read`: a game after n blank lines.
    let brf = dir.join("spel.brf");
    let pgn = dir.join("spel.pgn");
    fs::write(&pgn, game).expect("write");
    build(vec![pgn], Destination::File(brf.clone()))();
    let braille = fs::read(&brf).expect("read the braille");
    let blank = |n: usize| -> PathBuf {
        let path = dir.join(format!("tom-{n}.brf"));
        let mut bytes = vec![b'\n'; n];
        bytes.extend_from_slice(&braille);
        fs::write(&path, bytes).expect("write");
        path
    };
    let n = 100_000;
    let (one, two) = (blank(n), blank(2 * n));
    let out = dir.join("spel-läst.pgn");
    let read = |input: PathBuf| {
        let out = out.clone();
        move || {
            schackpunkt::read_file(
                &input,
                Some(&out),
                schackpunkt::BrfTable::default(),
                Notation::Ordinary,
                false,
                &mut |_| {},
            )
            .expect("read");
        }
    };
    let a = best(&read(one));
    let b = best(&read(two));
    report("read, blank lines before a game", n, a, b);
    // `read`: the same game n times over (it reads a stretch of lines at a time).
    let games = |n: usize| -> PathBuf {
        let path = dir.join(format!("spel-{n}.brf"));
        let mut bytes = Vec::with_capacity((braille.len() + 1) * n);
        for _ in 0..n {
            bytes.extend_from_slice(&braille);
            bytes.push(b'\n');
        }
        fs::write(&path, bytes).expect("write");
        path
    };
    let n = 2_000;
    let a = best(&read(games(n)));
    let b = best(&read(games(2 * n)));
    report("read, games", n, a, b);
}

/// The instructions one run of `mode` on `input` takes, counted by callgrind; `None` without
/// valgrind.
fn instructions(mode: &str, input: &Path) -> Option<u64> {
    callgrind(mode, input, Path::new("/dev/null"))
}

/// [`instructions`], callgrind's profile written to `profile`.
fn callgrind(mode: &str, input: &Path, profile: &Path) -> Option<u64> {
    let exe = std::env::current_exe().ok()?;
    let out = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", profile.display()))
        .arg(exe)
        .arg("--child")
        .arg(mode)
        .arg(input)
        .env(NOT_COUNTED, "1")
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .find_map(|l| l.split("Collected :").nth(1).map(|n| n.trim().parse().ok()))
        .flatten()
}

/// Set for a child whose instructions are counted: it does not count the games after the
/// build (that would be counted too).
const NOT_COUNTED: &str = "SCHACKPUNKT_BENCH_NOT_COUNTED";

/// The parts of a build the per-part table names (issue 33), each by the functions whose
/// inclusive instructions it is.
const PARTS: &[(&str, &str)] = &[
    ("our scan of every game", "Splitter<R>::next_scanned"),
    ("  of it: reading lines", "Scanner<R>::next_line"),
    ("  of it: the guard", "GameScan>::guard_words"),
    ("pgn-reader + our visitor", "pgn::read_one"),
    ("  of it: san", "::san"),
    ("the tags into the game", "Replay>::take_tags"),
    ("braille", "GameWriter::write"),
    ("  of it: headings", "GameWriter>::heading"),
    ("layout", "::lay_out"),
];

/// Issue 33, point 7: the instructions of the plain replay and of a compact build on one
/// thread of the same file, their ratio (aim: at least 0.5), and where the build's go.
fn instruction_parts(dir: &Path, small: &Path) {
    let profile = dir.join("callgrind.out");
    let (Some(replay), Some(build)) = (
        instructions("replay", small),
        callgrind("compact", small, &profile),
    ) else {
        println!("instructions by part: not counted (valgrind is not installed)");
        return;
    };
    let ratio = replay as f64 / build as f64;
    println!(
        "instruction ratio to plain replay, compact, 1 thread: {ratio:.2} (replay {:.0} M, \
         build {:.0} M; aim: at least 0.50: {})",
        replay as f64 / 1e6,
        build as f64 / 1e6,
        if ratio >= 0.5 { "holds" } else { "MISSED" }
    );
    let annotated = Command::new("callgrind_annotate")
        .arg("--inclusive=yes")
        .arg("--threshold=100")
        .arg(&profile)
        .output();
    let Ok(annotated) = annotated.map(|o| String::from_utf8_lossy(&o.stdout).into_owned()) else {
        println!("instructions by part: callgrind_annotate did not run");
        return;
    };
    // Each line: the inclusive count (with thousands' commas), then the file and function.
    let counted: Vec<(u64, &str)> = annotated
        .lines()
        .filter_map(|l| {
            let l = l.trim_start();
            let (count, rest) = l.split_once(' ')?;
            Some((count.replace(',', "").parse().ok()?, rest))
        })
        .collect();
    println!(
        "{:<28} {:>12} {:>7}",
        "part (compact, 1 thread)", "instructions", "share"
    );
    println!(
        "{:<28} {:>10.0} M {:>6.1}%",
        "plain replay (yardstick)",
        replay as f64 / 1e6,
        100.0 * replay as f64 / build as f64
    );
    println!(
        "{:<28} {:>10.0} M {:>6.1}%",
        "whole build",
        build as f64 / 1e6,
        100.0
    );
    for (part, function) in PARTS {
        // (A function may stand under more than one name: the largest count is the part's.)
        let n = counted
            .iter()
            .filter(|(_, f)| f.contains(function))
            .map(|(n, _)| *n)
            .max();
        match n {
            Some(n) => println!(
                "{part:<28} {:>10.0} M {:>6.1}%",
                n as f64 / 1e6,
                100.0 * n as f64 / build as f64
            ),
            None => println!("{part:<28} {:>12} (inlined or not run)", "-"),
        }
    }
}

struct Measure {
    bytes: u64,
    games: u64,
    /// The best time of the runs.
    seconds: f64,
    /// Each round's time, in the order of the rounds.
    rounds: Vec<f64>,
    /// Each round's processor time (all threads), in the same order.
    cpu_rounds: Vec<f64>,
    peak_kb: u64,
}

/// The median, over the rounds, of `a`'s time over `b`'s in the same round.
fn paired(a: &Measure, b: &Measure) -> f64 {
    let mut ratios: Vec<f64> = a.rounds.iter().zip(&b.rounds).map(|(x, y)| x / y).collect();
    ratios.sort_by(f64::total_cmp);
    match ratios.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => ratios[n / 2],
        n => (ratios[n / 2 - 1] + ratios[n / 2]) / 2.0,
    }
}

impl Measure {
    fn mb_per_s(&self) -> f64 {
        self.bytes as f64 / 1e6 / self.seconds
    }
}

/// Runs each measurement in child processes and reads their report lines: the best time of
/// [`RUNS`] runs and each round's time (the VM's timings vary by a quarter from run to run; the
/// plain replay is measured the same way), the largest peak memory of them. The runs go in rounds, each
/// measurement once a round, so a slow spell of the machine falls on all of them alike, not
/// on the one that happened to run then.
fn measure<const N: usize>(runs: [(&str, &Path); N]) -> [Measure; N] {
    let mut best: [Option<Measure>; N] = std::array::from_fn(|_| None);
    for _ in 0..RUNS {
        for ((mode, input), best) in runs.iter().zip(&mut best) {
            let m = measure_once(mode, input);
            *best = Some(match best.take() {
                None => m,
                Some(mut b) => {
                    b.rounds.push(m.seconds);
                    b.cpu_rounds.extend(m.cpu_rounds);
                    Measure {
                        seconds: b.seconds.min(m.seconds),
                        peak_kb: b.peak_kb.max(m.peak_kb),
                        rounds: b.rounds,
                        cpu_rounds: b.cpu_rounds,
                        ..m
                    }
                }
            });
        }
    }
    best.map(|m| m.expect("at least one run"))
}

/// Runs of each measurement.
const RUNS: usize = 5;

fn measure_once(mode: &str, input: &Path) -> Measure {
    let exe = std::env::current_exe().expect("own path");
    let out = Command::new(exe)
        .arg("--child")
        .arg(mode)
        .arg(input)
        .output()
        .expect("child");
    let text = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        eprintln!("{mode} failed: {}", String::from_utf8_lossy(&out.stderr));
        std::process::exit(1);
    }
    let nums: Vec<f64> = text
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    Measure {
        bytes: nums[0] as u64,
        games: nums[1] as u64,
        seconds: nums[2],
        rounds: vec![nums[2]],
        cpu_rounds: vec![nums.get(4).copied().unwrap_or(0.0)],
        peak_kb: nums[3] as u64,
    }
}

/// The child: does the work once, prints `bytes games seconds peak_kb`.
fn child(mode: &str, input: &Path) {
    let bytes = fs::metadata(input).map(|m| m.len()).unwrap_or(0);
    let start = Instant::now();
    let (games, seconds, cpu) = match mode {
        "replay" => {
            let games = plain_replay(input);
            (games, start.elapsed().as_secs_f64(), cpu_seconds())
        }
        "check"
        | "ordinary"
        | "compact"
        | "ordinary-all"
        | "compact-all"
        | "compact-all-verify"
        | "ordinary-all-verify"
        | "compact-verify"
        | "ordinary-verify"
        | "compact-bulletin"
        | "compact-all-bulletin" => {
            let out = tempfile::NamedTempFile::new().expect("temporary output");
            let settings = Settings {
                notation: Some(if mode.starts_with("compact") {
                    Notation::Compact
                } else {
                    Notation::Ordinary
                }),
                format: Some(Format::Brf),
                // A bulletin (issue 33, point 6): contents, headings, index, passes.
                bulletin: mode.ends_with("-bulletin").then_some(true),
                ..Settings::default()
            };
            let destination = if mode == "check" {
                // The whole pipeline with nothing written: what `schackpunkt check` does.
                Destination::Discard
            } else {
                Destination::File(out.path().to_path_buf())
            };
            let job = Job {
                settings,
                // 0: one thread a core, as the command line's default.
                jobs: if mode.contains("-all") { 0 } else { 1 },
                // Reading every game back from its braille (issue 14): its cost.
                verify: Some(mode.ends_with("-verify")),
                ..Job::new(vec![input.to_path_buf()], destination)
            };
            schackpunkt::run(&job, &mut |_| {}).expect("build");
            // Counted after the clock stops: the build's time alone (the plain replay counts
            // its games as it reads them); not at all where instructions are counted.
            let seconds = start.elapsed().as_secs_f64();
            let cpu = cpu_seconds();
            match std::env::var_os(NOT_COUNTED) {
                Some(_) => (0, seconds, cpu),
                None => (count_games(input), seconds, cpu),
            }
        }
        _ => panic!("unknown mode {mode}"),
    };
    println!("{bytes} {games} {seconds} {} {cpu}", peak_kb());
}

/// Processor time of this process so far, all its threads (`/proc/self/stat`: user and
/// system time, in ticks of 1/100 s, the kernel's unit for it on Linux); 0 where unknown.
fn cpu_seconds() -> f64 {
    let Ok(stat) = fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // The fields after the command's name, which is in brackets and may hold blanks.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime: fields 14 and 15 of the line, 12 and 13 after the name.
    (ticks(11) + ticks(12)) / 100.0
}

/// Peak resident memory of this process (VmHWM), in KiB.
fn peak_kb() -> u64 {
    fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
        })
        .unwrap_or(0)
}

/// The plain replay: pgn-reader parses, shakmaty plays every main-line move.
struct Replay;

impl Visitor for Replay {
    type Tags = ();
    type Movetext = Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(Chess::default())
    }

    fn san(&mut self, pos: &mut Chess, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn end_game(&mut self, _pos: Chess) -> Self::Output {
        true
    }
}

fn plain_replay(input: &Path) -> u64 {
    let file = fs::File::open(input).expect("input");
    let mut reader = Reader::new(file);
    let mut games = 0;
    while let Ok(Some(_)) = reader.read_game(&mut Replay) {
        games += 1;
    }
    games
}

/// Games in a file, counted by their Event tags (for games/s of the transcription runs).
fn count_games(input: &Path) -> u64 {
    use std::io::BufRead;
    let Ok(file) = fs::File::open(input) else {
        return 0;
    };
    let mut reader = io::BufReader::new(file);
    let mut line = Vec::new();
    let mut games = 0;
    while reader.read_until(b'\n', &mut line).unwrap_or(0) > 0 {
        if line.starts_with(b"[Event ") {
            games += 1;
        }
        line.clear();
    }
    games
}

/// The corpus files concatenated and repeated to at least `target` bytes.
fn corpus_file(dir: &Path, target: u64) -> PathBuf {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let mut parts = Vec::new();
    if let Ok(entries) = fs::read_dir(&corpus) {
        let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        {
            if let Ok(mut bytes) = fs::read(&p) {
                while bytes.last().is_some_and(|b| b.is_ascii_whitespace()) {
                    bytes.pop();
                }
                bytes.extend_from_slice(b"\n\n");
                parts.push(bytes);
            }
        }
    }
    if parts.is_empty() {
        eprintln!(
            "no corpus at {}: give a PGN path (make bench BENCH_PGN=file.pgn)",
            corpus.display()
        );
        std::process::exit(2);
    }
    let path = dir.join(format!("bench-{target}.pgn"));
    let mut f = io::BufWriter::new(fs::File::create(&path).expect("bench file"));
    let mut written = 0u64;
    while written < target {
        for p in &parts {
            f.write_all(p).expect("write");
            written += p.len() as u64;
        }
    }
    f.flush().expect("flush");
    path
}
