//! Costs when doubled (issue 32, points 9–12): inputs a hostile probe found quadratic, built at
//! size n and 2n, and the ratio of the times. A ratio near 2 is linear; above 3 is marked
//! (QUADRATIC?). Each build runs in a child process of its own, three times, its best time
//! counting; every input here builds in well under a few seconds.
//!
//! `cargo bench --bench throughput -- --costs` runs this section alone.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use schackpunkt::{Destination, Format, Job, Settings};

/// Runs of each build; the best time counts.
const RUNS: usize = 3;

/// A ratio above this is marked.
const MARKED: f64 = 3.0;

/// One input kind: its name, the point of issue 32, n, whether it is a bulletin, and the input
/// at a size.
struct Case {
    name: &'static str,
    point: u8,
    n: usize,
    bulletin: bool,
    make: fn(usize) -> String,
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "unknown characters, a paragraph each",
            point: 9,
            // (At 20 000 the builds took 0.03 s: too short to tell a doubling from noise.)
            n: 80_000,
            bulletin: false,
            make: |n| format!("# Bok\n\n{}", "x ☃\n\n".repeat(n)),
        },
        Case {
            name: "HTML blocks",
            point: 9,
            n: 20_000,
            bulletin: false,
            make: |n| format!("# Bok\n\n{}", "<div>x</div>\n\n".repeat(n)),
        },
        Case {
            name: "unknown front matter keys",
            point: 9,
            n: 10_000,
            bulletin: false,
            make: |n| {
                let mut md = String::from("---\ntitle: T\n");
                for i in 0..n {
                    let _ = writeln!(md, "k{i}: v");
                }
                md + "---\n\n# Bok\n\ntext\n"
            },
        },
        Case {
            name: "\"``a \" on one line",
            point: 10,
            n: 200_000,
            bulletin: false,
            make: |n| format!("# Bok\n\n{}\n", "``a ".repeat(n)),
        },
        Case {
            name: "\"*a* \" on one line",
            point: 10,
            n: 200_000,
            bulletin: false,
            make: |n| format!("# Bok\n\n{}\n", "*a* ".repeat(n)),
        },
        Case {
            name: "\"&amp; \" on one line",
            point: 10,
            n: 200_000,
            bulletin: false,
            make: |n| format!("# Bok\n\n{}\n", "&amp; ".repeat(n)),
        },
        Case {
            name: "\"*a_\" on one line",
            point: 10,
            n: 200_000,
            bulletin: false,
            make: |n| format!("# Bok\n\n{}\n", "*a_".repeat(n)),
        },
        Case {
            name: "page breaks in a row",
            point: 11,
            n: 100_000,
            bulletin: false,
            make: |n| {
                format!(
                    "# Bok\n\ntext\n\n{}\nend\n",
                    "<!-- pagebreak -->\n".repeat(n)
                )
            },
        },
        Case {
            name: "print page changes in a row",
            point: 11,
            n: 100_000,
            bulletin: false,
            make: |n| {
                let mut md = String::from("# Bok\n\ntext\n\n");
                for i in 0..n {
                    let _ = writeln!(md, "<!-- sida {i} -->");
                }
                md + "\nend\n"
            },
        },
        Case {
            name: "contents list of headings",
            point: 12,
            n: 20_000,
            bulletin: false,
            make: |n| {
                let mut md = String::from("---\ntitle: T\ntoc: true\n---\n\n");
                for i in 0..n {
                    let _ = write!(md, "# Kapitel {i}\n\ntext\n\n");
                }
                md
            },
        },
        Case {
            name: "bulletin, players of their own",
            point: 12,
            n: 10_000,
            bulletin: true,
            make: |n| {
                let mut pgn = String::new();
                for i in 0..n {
                    let _ = write!(
                        pgn,
                        "[Event \"E\"]\n[Round \"{}\"]\n[White \"Spelare{i}a, A\"]\n\
                         [Black \"Spelare{i}b, B\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n",
                        i / 100 + 1
                    );
                }
                pgn
            },
        },
    ]
}

/// Builds each case at n and 2n and prints the times and their ratio.
pub fn report(dir: &Path) {
    println!("costs when doubled (issue 32; a ratio near 2 is linear, above {MARKED} marked):");
    println!(
        "{:<3} {:<38} {:>8} {:>9} {:>9} {:>7}",
        "pt", "input", "n", "n s", "2n s", "ratio"
    );
    let mut marked = 0;
    for case in cases() {
        let [one, two] = [case.n, 2 * case.n].map(|n| {
            let ext = if case.bulletin { "pgn" } else { "md" };
            let path = dir.join(format!("cost-{}.{ext}", n));
            fs::write(&path, (case.make)(n)).expect("the input written");
            let best = (0..RUNS)
                .map(|_| time_child(&path, case.bulletin))
                .fold(f64::INFINITY, f64::min);
            let _ = fs::remove_file(&path);
            best
        });
        let ratio = two / one.max(1e-9);
        let mark = if ratio > MARKED {
            marked += 1;
            "  QUADRATIC?"
        } else {
            ""
        };
        println!(
            "{:<3} {:<38} {:>8} {:>9.3} {:>9.3} {:>7.2}{mark}",
            case.point, case.name, case.n, one, two, ratio
        );
    }
    match marked {
        0 => println!("costs when doubled: every ratio at most {MARKED}"),
        n => println!("costs when doubled: {n} ratio(s) above {MARKED}: MARKED"),
    }
}

/// The build's time of `input` in a child process.
fn time_child(input: &Path, bulletin: bool) -> f64 {
    let exe = std::env::current_exe().expect("own path");
    let out = Command::new(exe)
        .arg("--child-cost")
        .arg(if bulletin { "bulletin" } else { "book" })
        .arg(input)
        .output()
        .expect("child");
    if !out.status.success() {
        eprintln!(
            "{} failed: {}",
            input.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        std::process::exit(1);
    }
    let text = String::from_utf8_lossy(&out.stdout);
    text.trim().parse().unwrap_or(f64::NAN)
}

/// The child: builds `input` once to BRF (warnings counted, none shown) and prints the seconds.
pub fn child(kind: &str, input: &Path) {
    let out = tempfile::NamedTempFile::new().expect("temporary output");
    let settings = Settings {
        format: Some(Format::Brf),
        bulletin: Some(kind == "bulletin"),
        ..Settings::default()
    };
    let job = Job {
        settings,
        ..Job::new(
            vec![PathBuf::from(input)],
            Destination::File(out.path().to_path_buf()),
        )
    };
    let start = Instant::now();
    schackpunkt::run(&job, &mut |_| {}).expect("build");
    println!("{}", start.elapsed().as_secs_f64());
}
