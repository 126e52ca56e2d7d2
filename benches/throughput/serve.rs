//! Issue 36, point 7: how long a save takes to reach an open page of `schackpunkt serve`: from
//! the write of a chapter to the build's event and the new page fetched (what the page's script
//! does), for the sample book (aim: 300 ms) and a book of about 300 braille pages (aim: 1 s).
//! The server runs in this process (`schackpunkt::serve` on a thread, a free port); each save
//! waits until the one before is built with its downloads, as a transcriber's saves would.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use schackpunkt::{Destination, Job, Serve, Style};

/// Saves measured a book.
const SAVES: usize = 7;

/// The sample book copied `times` times into one book folder (chapters `k-NAME`).
fn book(dir: &Path, name: &str, times: usize) -> PathBuf {
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/bok");
    let to = dir.join(name);
    std::fs::create_dir_all(&to).expect("the book's folder");
    let mut chapters = Vec::new();
    for k in 0..times {
        for c in ["01-forord.md", "02-kombinationer.md", "03-partier.md"] {
            let copy = format!("{k:02}-{c}");
            std::fs::copy(from.join(c), to.join(&copy)).expect("a chapter");
            chapters.push(format!("  - {copy}"));
        }
    }
    let yaml = std::fs::read_to_string(from.join("bok.yaml")).expect("bok.yaml");
    let head = yaml.split("chapters:").next().unwrap_or("");
    std::fs::write(
        to.join("bok.yaml"),
        format!("{head}chapters:\n{}\n", chapters.join("\n")),
    )
    .expect("bok.yaml written");
    to
}

/// The events of the server at `address`: each build's version, as read.
fn events(address: &str) -> mpsc::Receiver<String> {
    let (tell, told) = mpsc::channel();
    let mut stream = TcpStream::connect(address).expect("the events");
    write!(stream, "GET /events HTTP/1.1\r\nHost: {address}\r\n\r\n").expect("asked");
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            if let Some(version) = line.strip_prefix("data: ")
                && tell.send(version.to_owned()).is_err()
            {
                return;
            }
        }
    });
    told
}

/// The page, whole.
fn page(address: &str) -> String {
    let mut stream = TcpStream::connect(address).expect("the page");
    write!(stream, "GET / HTTP/1.0\r\nHost: {address}\r\n\r\n").expect("asked");
    let mut text = String::new();
    stream.read_to_string(&mut text).expect("the page read");
    text
}

/// Waits for the event of a build after `generation`, and with `downloads` until its downloads
/// are done too (`G.G`); returns when the build's event came, and its generation.
fn built(told: &mpsc::Receiver<String>, generation: u64, downloads: bool) -> (Instant, u64) {
    let mut first: Option<(Instant, u64)> = None;
    loop {
        let version = told
            .recv_timeout(Duration::from_secs(120))
            .expect("a build within two minutes");
        let (g, d) = version.split_once('.').expect("G.D");
        let d = d.trim_end_matches('+');
        let (g, d): (u64, u64) = (g.parse().expect("G"), d.parse().expect("D"));
        if g > generation && first.is_none() {
            first = Some((Instant::now(), g));
        }
        if let Some((at, g0)) = first
            && (d >= g0 || !downloads)
        {
            return (at, g0);
        }
    }
}

/// Serves `folder` and times [`SAVES`] saves: the times to the event and to the page.
fn time_saves(folder: &Path) -> (Vec<f64>, Vec<f64>, Vec<f64>, u64) {
    let (tell, told) = mpsc::channel::<String>();
    let tell = std::sync::Mutex::new(tell);
    let say: schackpunkt::Say = Arc::new(move |m: &str| {
        if let Some(at) = m.split("http://").nth(1) {
            let _ = tell
                .lock()
                .map(|t| t.send(at.split('/').next().unwrap_or("").to_owned()));
        }
    });
    let job = Job::new(vec![folder.to_path_buf()], Destination::Discard);
    let serve = Serve {
        job,
        host: "127.0.0.1".parse().expect("an address"),
        port: 0,
        open: false,
        style: Style {
            color: false,
            no_graphics: true,
        },
    };
    std::thread::spawn(move || schackpunkt::serve(serve, say));
    let address = told.recv_timeout(Duration::from_secs(60)).expect("served");
    let events = events(&address);
    let (_, mut generation) = built(&events, 0, true);
    let pages = page(&address).matches("<section class=\"page\"").count() as u64;
    let chapter = folder.join("00-01-forord.md");
    let (mut to_event, mut to_page, mut hurried) = (Vec::new(), Vec::new(), Vec::new());
    for k in 0..SAVES {
        let word = format!("sparad{}", "x".repeat(k + 1));
        let mut text = std::fs::read_to_string(&chapter).expect("the chapter");
        text.push_str(&format!("\nOrdet {word}.\n"));
        let saved = Instant::now();
        std::fs::write(&chapter, text).expect("saved");
        let (event, g) = built(&events, generation, true);
        generation = g;
        to_event.push(event.duration_since(saved).as_secs_f64() * 1e3);
        // The page as the script fetches it once told (the downloads, built after the event,
        // are done by now: this fetch has the machine to itself, as it mostly has in use).
        let fetching = Instant::now();
        let shown = page(&address);
        let fetch = fetching.elapsed();
        assert!(shown.contains(&word), "the save is in the page");
        to_page.push((event.duration_since(saved) + fetch).as_secs_f64() * 1e3);
        // A second save at once, while the downloads of the first are being built: it waits
        // for the format under way.
        let text = std::fs::read_to_string(&chapter).expect("the chapter");
        let saved = Instant::now();
        std::fs::write(&chapter, format!("{text}\nOrdet {word}y.\n")).expect("saved");
        let (event, g) = built(&events, generation, false);
        generation = g;
        hurried.push(event.duration_since(saved).as_secs_f64() * 1e3);
        let _ = built(&events, generation - 1, true);
    }
    (to_event, to_page, hurried, pages)
}

fn median(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[v.len() / 2], v[v.len() - 1])
}

/// Prints the times of a save to the page, for the sample book and a 300-page book.
pub fn report(dir: &Path) {
    println!("\nschackpunkt serve: a save to the open page (issue 36; {SAVES} saves each)");
    for (name, times, aim) in [("sample book", 1, 300.0), ("book ×12", 12, 1000.0)] {
        let folder = book(dir, &format!("serve-{times}"), times);
        let (to_event, to_page, hurried, pages) = time_saves(&folder);
        let (event, _) = median(to_event);
        let (page, worst) = median(to_page);
        let (second, second_worst) = median(hurried);
        println!(
            "  {name:<12} {pages:>4} braille pages: to the event {event:>6.0} ms, to the page \
             {page:>6.0} ms (median; slowest {worst:.0} ms), aim {aim:.0} ms: {}",
            if worst <= aim { "met" } else { "MISSED" }
        );
        println!(
            "  {:<12} a save during the downloads' builds: to the event {second:>6.0} ms \
             (median; slowest {second_worst:.0} ms)",
            ""
        );
    }
}
