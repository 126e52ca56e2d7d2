//! `schackpunkt serve` (issue 36): the server started on a free port over a copy of the sample
//! book, the page fetched, a chapter changed and the change seen in the events and the page; a
//! broken edit shown with its error over the last good proof; nothing served but what the build
//! made; several pages at once; a port in use, another host, Ctrl-C. In headless Chromium (when
//! there is one): the open page updates itself, without a reload, at the braille page it showed.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::support::{Sandbox, repo_file};

/// How long a test waits for a build or an answer before it fails (CI machines are slow).
const PATIENCE: Duration = Duration::from_secs(60);

/// A copy of the sample book in `sandbox/bok`; returns its folder.
pub fn sample_book(sandbox: &Sandbox) -> PathBuf {
    let from = repo_file("samples/bok");
    let to = sandbox.path().join("bok");
    std::fs::create_dir_all(&to).expect("the book's folder");
    for entry in std::fs::read_dir(&from).expect("samples/bok").flatten() {
        if entry.path().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).expect("a chapter copied");
        }
    }
    to
}

/// Replaces the first `old` in `file` by `new` (as an editor's save: the whole file written).
pub fn edit(file: &Path, old: &str, new: &str) {
    let text = std::fs::read_to_string(file).expect("the chapter");
    assert!(text.contains(old), "{old} in {}", file.display());
    std::fs::write(file, text.replacen(old, new, 1)).expect("the chapter written");
}

/// A running `schackpunkt serve`, stopped when dropped.
pub struct Served {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub address: String,
    stderr: Arc<Mutex<String>>,
    /// The folder the builds' own temporary folder goes into (its TMPDIR).
    pub tmp: PathBuf,
}

impl Served {
    /// Serves `inputs` (with more `args`) from `dir` on a free port; waits for its address.
    pub fn start(dir: &Path, inputs: &[&str], args: &[&str]) -> Served {
        let tmp = dir.join("tmp");
        std::fs::create_dir_all(&tmp).expect("a TMPDIR");
        let mut child = Command::new(env!("CARGO_BIN_EXE_schackpunkt"))
            .arg("serve")
            .args(inputs)
            .args(["--port", "0"])
            .args(args)
            .current_dir(dir)
            .env("TMPDIR", &tmp)
            .env_remove("NO_GRAPHICS")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("schackpunkt serve starts");
        let stderr = Arc::new(Mutex::new(String::new()));
        let (tell, told) = std::sync::mpsc::channel();
        let pipe = child.stderr.take().expect("its standard error");
        let kept = Arc::clone(&stderr);
        std::thread::spawn(move || {
            for line in BufReader::new(pipe).lines().map_while(Result::ok) {
                if let Some(at) = line.split("http://").nth(1) {
                    let _ = tell.send(at.split('/').next().unwrap_or("").to_owned());
                }
                let mut all = kept.lock().expect("the text so far");
                all.push_str(&line);
                all.push('\n');
            }
        });
        let address = told.recv_timeout(PATIENCE).unwrap_or_else(|_| {
            let _ = child.kill();
            panic!(
                "serve said no address: {}",
                stderr.lock().expect("its text")
            )
        });
        Served {
            child,
            address,
            stderr,
            tmp,
        }
    }

    /// What the server wrote on standard error so far.
    pub fn stderr(&self) -> String {
        self.stderr.lock().expect("its text").clone()
    }

    /// What the server wrote on standard error once it holds `text` (its lines come through a
    /// pipe and a thread: a moment after the event).
    pub fn stderr_with(&self, text: &str) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let said = self.stderr();
            if said.contains(text) || Instant::now() > deadline {
                return said;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends `request` as it is; returns the status and the body.
    pub fn raw(&self, request: &str) -> (u16, Vec<u8>) {
        let mut stream = TcpStream::connect(&self.address).expect("connected");
        stream.set_read_timeout(Some(PATIENCE)).ok();
        stream.write_all(request.as_bytes()).expect("request sent");
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).expect("an answer");
        let end = answer
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("an HTTP answer");
        let head = String::from_utf8_lossy(&answer[..end]).into_owned();
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("a status line: {head}"));
        (status, answer[end + 4..].to_vec())
    }

    /// GET `path` (HTTP/1.0: the answer is the body whole, never in chunks).
    pub fn get(&self, path: &str) -> (u16, Vec<u8>) {
        self.raw(&format!(
            "GET {path} HTTP/1.0\r\nHost: {}\r\n\r\n",
            self.address
        ))
    }

    /// The page, as text.
    pub fn page(&self) -> String {
        let (status, body) = self.get("/");
        assert_eq!(status, 200);
        String::from_utf8(body)
            .unwrap_or_else(|e| panic!("UTF-8: {:.400}", String::from_utf8_lossy(e.as_bytes())))
    }

    /// The event stream, opened.
    pub fn events(&self) -> Events {
        let mut stream = TcpStream::connect(&self.address).expect("connected");
        stream.set_read_timeout(Some(PATIENCE)).ok();
        let request = format!(
            "GET /events HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n\r\n",
            self.address
        );
        stream.write_all(request.as_bytes()).expect("request sent");
        Events {
            stream: BufReader::new(stream),
        }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An open event stream.
pub struct Events {
    stream: BufReader<TcpStream>,
}

impl Events {
    /// Reads events until a build's event whose generation is at least `generation`; returns
    /// its version (`generation.downloads`).
    pub fn build(&mut self, generation: u64) -> String {
        self.until(|g, _| g >= generation)
    }

    /// Reads events until build `generation` or a later one has its downloads made.
    pub fn downloads(&mut self, generation: u64) -> String {
        self.until(|g, d| g >= generation && d >= g)
    }

    /// Reads events until a build's version `(generation, downloads)` is `wanted`.
    fn until(&mut self, wanted: impl Fn(u64, u64) -> bool) -> String {
        let deadline = Instant::now() + PATIENCE;
        let mut event = String::new();
        while Instant::now() < deadline {
            let mut line = String::new();
            let n = self
                .stream
                .read_line(&mut line)
                .expect("the stream goes on");
            assert!(n > 0, "the event stream ended");
            let line = line.trim_end();
            if let Some(name) = line.strip_prefix("event: ") {
                event = name.to_owned();
            } else if let Some(data) = line.strip_prefix("data: ") {
                let (g, d) = data.split_once('.').expect("generation.downloads");
                let d = d.trim_end_matches('+');
                let (g, d) = (g.parse().expect("a number"), d.parse().expect("a number"));
                if event == "build" && wanted(g, d) {
                    return data.to_owned();
                }
            }
        }
        panic!("no such build within {PATIENCE:?}")
    }
}

/// The body of a proof (between `<body …>` and `</body>`).
fn proof_body(html: &str) -> &str {
    let start = html.find("<body").expect("a body");
    let start = start + html[start..].find('>').expect("its tag") + 1;
    let end = html.rfind("</body>").expect("its end");
    &html[start..end]
}

/// The proof inside the served page.
fn served_proof(page: &str) -> &str {
    let start = page.find("<main id=\"proof\"").expect("the proof's place");
    let start = start + page[start..].find('>').expect("its tag") + 1;
    let end = page.rfind("</main>").expect("its end");
    &page[start..end]
}

#[test]
fn the_page_holds_the_proof_a_build_writes_and_an_edit_reaches_it() {
    let sandbox = Sandbox::new();
    let book = sample_book(&sandbox);
    let served = Served::start(sandbox.path(), &["bok"], &[]);
    let mut events = served.events();
    events.build(1);
    let page = served.page();
    // The same proof `build --format html` writes, inside the page.
    sandbox
        .run(&["build", "bok", "-o", "proof.html", "--format", "html"])
        .ok();
    let written = String::from_utf8(sandbox.read("proof.html")).expect("UTF-8");
    assert_eq!(served_proof(&page), proof_body(&written));
    assert!(page.contains("id=\"punktsida-1\""));
    assert!(page.contains("data-generation=\"1\""));
    assert!(page.contains("new EventSource('/events')"));
    // An edit: a build, its event, the new words in the page.
    let word = "zebrafinkarna";
    assert!(!page.contains(word));
    let chapter = book.join("01-forord.md");
    let mut text = std::fs::read_to_string(&chapter).expect("the chapter");
    text.push_str(&format!("\nEtt nytt stycke om {word}.\n"));
    std::fs::write(&chapter, text).expect("saved");
    events.build(2);
    let page = served.page();
    assert!(page.contains(word), "the print text beside the braille");
    let braille = schackpunkt::text_to_unicode(word);
    assert!(
        served_proof(&page).contains(&braille),
        "{braille} in the proof"
    );
    assert!(
        served.stderr().contains("build 2: the proof"),
        "{}",
        served.stderr()
    );
}

#[test]
fn a_broken_edit_keeps_the_last_good_proof_under_its_error() {
    let sandbox = Sandbox::new();
    let book = sample_book(&sandbox);
    let served = Served::start(sandbox.path(), &["bok"], &[]);
    let mut events = served.events();
    events.build(1);
    let good = served.page();
    let chapter = book.join("03-partier.md");
    let text = std::fs::read_to_string(&chapter).expect("the chapter");
    // The first game's first move, made impossible.
    let (line, column) = text
        .lines()
        .enumerate()
        .find_map(|(i, l)| l.find("1. e4 e5").map(|c| (i + 1, c + 4)))
        .expect("a game that opens 1. e4 e5");
    edit(&chapter, "1. e4 e5", "1. e5 e5");
    events.build(2);
    let page = served.page();
    let place = format!("03-partier.md:{line}:{column}");
    assert!(page.contains(&place), "{place} in the page");
    assert!(page.contains("illegal move &apos;e5&apos;"));
    assert!(page.contains("<div id=\"serve\" class=\"failed\""));
    assert!(page.contains("Bygge 2 misslyckades. Korrekturen nedan är från bygge 1"));
    // The source line with its marker, and the braille page of the game.
    assert!(page.contains(&format!("{line} | 1. e5 e5")));
    let link = page
        .split("class=\"goto\" href=\"#punktsida-")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("a link to a braille page");
    assert!(page.contains(&format!("id=\"punktsida-{link}\"")));
    // The last good proof, marked out of date.
    assert!(page.contains("<main id=\"proof\" class=\"stale\" data-generation=\"1\">"));
    assert_eq!(served_proof(&page), served_proof(&good));
    // The terminal says the same.
    let said = served.stderr_with("build 2 failed");
    assert!(
        said.contains(&place) && said.contains("illegal move 'e5'"),
        "{said}"
    );
    assert!(said.contains("build 2 failed"), "{said}");
    // Mended: a good build again.
    edit(&chapter, "1. e5 e5", "1. e4 e5");
    events.build(3);
    let page = served.page();
    assert!(!page.contains("class=\"failed\"") && !page.contains("illegal move"));
    assert!(page.contains("<main id=\"proof\" data-generation=\"3\">"));
}

#[test]
fn only_what_the_build_made_is_served() {
    let sandbox = Sandbox::new();
    sample_book(&sandbox);
    let served = Served::start(sandbox.path(), &["bok"], &[]);
    served.events().downloads(1);
    for path in [
        "/../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/download/../../../etc/passwd",
        "/download/%2e%2e%2fbok.yaml",
        "/bok/01-forord.md",
        "/bok.yaml",
        "//etc/passwd",
    ] {
        let (status, body) = served.get(path);
        assert_eq!(status, 404, "{path}");
        assert!(!String::from_utf8_lossy(&body).contains("root:"), "{path}");
    }
    // The downloads are the files `build` writes, in the table in force.
    for (format, name) in [
        ("brf", "bok.brf"),
        ("pef", "bok.pef"),
        ("unicode", "bok.txt"),
    ] {
        let (status, body) = served.get(&format!("/download/{name}"));
        assert_eq!(status, 200, "{name}");
        let out = format!("built.{}", name.rsplit('.').next().unwrap_or(""));
        sandbox
            .run(&["build", "bok", "-o", &out, "--format", format])
            .ok();
        assert!(body == sandbox.read(&out), "{name} as build writes it");
    }
    assert!(served.page().contains("href=\"/download/bok.brf\""));
    // Only GET and HEAD; only this machine's names as the host (DNS rebinding).
    let host = served.address.clone();
    let (status, _) = served.raw(&format!(
        "POST / HTTP/1.0\r\nHost: {host}\r\nContent-Length: 0\r\n\r\n"
    ));
    assert_eq!(status, 405);
    let port = host.rsplit(':').next().unwrap_or("");
    let (status, _) = served.raw(&format!(
        "GET / HTTP/1.0\r\nHost: evil.example:{port}\r\n\r\n"
    ));
    assert_eq!(status, 403);
    let (status, _) = served.raw(&format!(
        "GET / HTTP/1.0\r\nHost: 127.0.0.1.evil.example:{port}\r\n\r\n"
    ));
    assert_eq!(status, 403, "a name that begins like an address");
    for here in ["localhost", "127.0.0.1", "[::1]"] {
        let (status, _) = served.raw(&format!("GET / HTTP/1.0\r\nHost: {here}:{port}\r\n\r\n"));
        assert_eq!(status, 200, "{here}");
    }
}

#[test]
fn several_pages_at_once_each_hear_every_build() {
    let sandbox = Sandbox::new();
    let book = sample_book(&sandbox);
    let served = Served::start(sandbox.path(), &["bok"], &[]);
    let mut first = served.events();
    let mut second = served.events();
    first.build(1);
    second.build(1);
    edit(
        &book.join("02-kombinationer.md"),
        "\n\n",
        "\n\nEn rad till.\n\n",
    );
    first.build(2);
    second.build(2);
    // A third, opened after the build, hears where things stand at once.
    served.events().build(2);
}

#[test]
fn a_port_in_use_is_an_error_with_a_hint() {
    let sandbox = Sandbox::new();
    sandbox.write("g.pgn", "1. e4 e5 *\n");
    let taken = TcpListener::bind("127.0.0.1:0").expect("a port");
    let port = taken.local_addr().expect("its address").port().to_string();
    let ran = sandbox.run(&["serve", "g.pgn", "--port", &port]);
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(
        ran.stderr.contains(&format!("port {port} is in use")),
        "{}",
        ran.stderr
    );
    assert!(ran.stderr.contains("--port 0"), "{}", ran.stderr);
    // The format is the proof's, with the others to download.
    let ran = sandbox.run(&["serve", "g.pgn", "--port", "0", "--format", "pef"]);
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(
        ran.stderr.contains("--format has no use here"),
        "{}",
        ran.stderr
    );
    // Standard input cannot be watched.
    let ran = sandbox.run(&["serve", "-", "--port", "0"]);
    assert_eq!(ran.code, Some(2), "{}", ran.stderr);
    assert!(ran.stderr.contains("standard input"), "{}", ran.stderr);
}

#[test]
fn another_host_than_the_loopback_is_said() {
    let sandbox = Sandbox::new();
    sandbox.write("g.pgn", "1. e4 e5 *\n");
    let served = Served::start(sandbox.path(), &["g.pgn"], &["--host", "0.0.0.0"]);
    served.events().build(1);
    let said = served.stderr_with("not only on this machine");
    assert!(said.contains("not only on this machine"), "{said}");
    let served = Served::start(sandbox.path(), &["g.pgn"], &[]);
    served.events().build(1);
    assert!(!served.stderr().contains("not only on this machine"));
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_it_and_leaves_nothing_behind() {
    let sandbox = Sandbox::new();
    sandbox.write("g.pgn", "1. e4 e5 *\n");
    let mut served = Served::start(sandbox.path(), &["g.pgn"], &[]);
    served.events().build(1);
    assert!(served.get("/download/g.brf").0 == 200);
    let made: Vec<_> = std::fs::read_dir(&served.tmp).expect("TMPDIR").collect();
    assert_eq!(made.len(), 1, "the builds' folder");
    let killed = Command::new("kill")
        .args(["-INT", &served.pid().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    let deadline = Instant::now() + PATIENCE;
    let status = loop {
        if let Some(status) = served.child.try_wait().expect("its state") {
            break status;
        }
        assert!(Instant::now() < deadline, "still running after Ctrl-C");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(130));
    let left: Vec<_> = std::fs::read_dir(&served.tmp).expect("TMPDIR").collect();
    assert!(left.is_empty(), "{left:?}");
    // The port is free again.
    assert!(TcpListener::bind(&served.address).is_ok());
}

#[test]
fn a_profile_file_in_another_folder_is_watched_too() {
    // Named in the book's front matter, in a folder of its own: a change to it is a change to
    // the book.
    let sandbox = Sandbox::new();
    std::fs::create_dir_all(sandbox.path().join("profiler")).expect("a folder");
    std::fs::create_dir_all(sandbox.path().join("bok")).expect("a folder");
    let profile = "name: egen\ndescription: en egen sida\nline_length: 30\npage_length: 20\n\
                   page_numbers: bottom\n";
    sandbox.write("profiler/p.yaml", profile);
    sandbox.write(
        "bok/b.md",
        "---\nprofile: profiler/p.yaml\n---\n\n# Rubrik\n\nText.\n",
    );
    let served = Served::start(sandbox.path(), &["bok/b.md"], &[]);
    let mut events = served.events();
    events.build(1);
    assert!(served.page().contains("data-cols=\"30\" data-rows=\"20\""));
    sandbox.write(
        "profiler/p.yaml",
        profile.replace("line_length: 30", "line_length: 32"),
    );
    events.build(2);
    assert!(served.page().contains("data-cols=\"32\" data-rows=\"20\""));
}

#[test]
fn a_book_with_a_swedish_name_is_downloaded_by_its_name() {
    let sandbox = Sandbox::new();
    sandbox.write("Öppningar för två.pgn", "1. e4 e5 2. Nf3 Nc6 *\n");
    let served = Served::start(sandbox.path(), &["Öppningar för två.pgn"], &[]);
    served.events().downloads(1);
    // The link the page gives, as a browser sends it.
    let page = served.page();
    let link = page
        .split("<a href=\"/download/")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("a download link");
    assert_eq!(link, "%C3%96ppningar%20f%C3%B6r%20tv%C3%A5.brf");
    assert!(page.contains("download=\"Öppningar för två.brf\""));
    let (status, body) = served.get(&format!("/download/{link}"));
    assert_eq!(status, 200);
    sandbox
        .run(&["build", "Öppningar för två.pgn", "-o", "built.brf"])
        .ok();
    assert!(body == sandbox.read("built.brf"));
    // Encoded with small letters, the same name; another name, none.
    assert_eq!(
        served.get(&format!("/download/{}", link.to_lowercase())).0,
        200
    );
    assert_eq!(served.get("/download/%C3%96ppningar.brf").0, 404);
}

#[test]
fn warnings_are_shown_as_the_terminal_shows_them() {
    // 25 of one kind: the first 20 in the page and on the terminal, then one line for the rest.
    let sandbox = Sandbox::new();
    let game = "[Event \"a\"]\n\n1. e4+ e5 *\n\n";
    sandbox.write("w.pgn", game.repeat(25));
    let served = Served::start(sandbox.path(), &["w.pgn"], &[]);
    served.events().build(1);
    let page = served.page();
    assert_eq!(
        page.matches("<li class=\"warning\">").count(),
        21,
        "20 and a count"
    );
    assert!(
        page.contains("w.pgn:3:4</span> <strong>warning:</strong>"),
        "located"
    );
    assert!(page.contains("w.pgn:79:4</span>"), "the 20th");
    assert!(!page.contains("w.pgn:83:4</span>"), "not the 21st");
    assert!(page.contains("5 more warnings"));
    assert!(
        page.contains("<main id=\"proof\" data-generation=\"1\">"),
        "not failed"
    );
    let said = served.stderr_with("5 more warnings");
    let drawn = said
        .lines()
        .filter(|l| l.starts_with("w.pgn:") && l.contains("warning:"))
        .count();
    assert_eq!(drawn, 20, "{said}");
    assert!(said.contains("5 more warnings"), "{said}");
}

/// The first braille page whose box reaches below the bar, and where its top is.
const TOP_PAGE: &str = "(() => { const edge = document.getElementById('bar').getBoundingClientRect().bottom + 20; \
     for (const s of document.querySelectorAll('#proof section.page')) { \
     const r = s.getBoundingClientRect(); if (r.bottom > edge) return [s.dataset.page, r.top]; } \
     return null; })()";

#[test]
fn in_a_browser_the_open_page_follows_each_save_at_its_braille_page() {
    let Some(browser) = crate::devtools::chromium() else {
        eprintln!(
            "SKIPPED: the browser test of serve needs Chromium (Debian: chromium; .ci/run \
             installs it), which is not installed here"
        );
        return;
    };
    let sandbox = Sandbox::new();
    let book = sample_book(&sandbox);
    let served = Served::start(sandbox.path(), &["bok"], &[]);
    let mut events = served.events();
    events.downloads(1);
    let url = format!("http://{}/", served.address);
    let mut page = crate::devtools::Browser::launch(browser, &url, 1100, 900);
    let wait = |page: &mut crate::devtools::Browser, what: &str| {
        page.wait_for(what, PATIENCE)
            .unwrap_or_else(|e| panic!("in the browser: {e}"))
    };
    // A mark a reload would lose.
    page.eval("window.kept = 'the same page'").expect("marked");
    // The bar: go to braille page 12.
    page.eval(
        "document.getElementById('page').value = '12'; \
         document.getElementById('goto').requestSubmit()",
    )
    .expect("the form sent");
    wait(
        &mut page,
        &format!("JSON.stringify({TOP_PAGE}[0]) === '\"12\"'"),
    );
    let before = page.eval(TOP_PAGE).expect("the top page");
    // The page's fetches made slow, as on a busy machine: the downloads' event then comes while
    // the proof's fetch runs, and its own fetch runs while the word below is found (CI once saw
    // the place taken before that fetch undo the find).
    page.eval(
        "const fetchNow = window.fetch; \
         window.fetch = (...a) => new Promise(r => setTimeout(() => r(fetchNow(...a)), 700))",
    )
    .expect("fetch slowed");
    // A save: a word added to the first chapter.
    let word = "zebrafinkarna";
    let chapter = book.join("01-forord.md");
    let text = std::fs::read_to_string(&chapter).expect("the chapter");
    std::fs::write(&chapter, format!("{text}\nEtt nytt stycke om {word}.\n")).expect("saved");
    wait(
        &mut page,
        "document.getElementById('serve').dataset.generation === '2'",
    );
    wait(
        &mut page,
        &format!("document.getElementById('proof').textContent.includes('{word}')"),
    );
    assert_eq!(
        page.eval("window.kept").expect("the mark"),
        serde_json::json!("the same page"),
        "updated in place, not reloaded"
    );
    let after = page.eval(TOP_PAGE).expect("the top page");
    assert_eq!(after[0], before[0], "still at braille page 12");
    let moved = (after[1].as_f64().unwrap_or(0.0) - before[1].as_f64().unwrap_or(0.0)).abs();
    assert!(moved < 2.0, "its box where it was: {before} then {after}");
    // The braille of the new word, in the browser's page.
    let braille = schackpunkt::text_to_unicode(word);
    wait(
        &mut page,
        &format!("document.getElementById('proof').textContent.includes('{braille}')"),
    );
    // Find a word of the print: its block's braille page is named and in view.
    page.eval(
        "document.getElementById('word').value = 'Kieseritzky'; \
         document.getElementById('find').requestSubmit()",
    )
    .expect("the search sent");
    wait(
        &mut page,
        "document.getElementById('findsaid').textContent.startsWith('punktsida ')",
    );
    // The downloads of this build, made after its proof, change the state only, and the fetch
    // running while the word was found leaves it in view and marked (CI once saw the proof
    // replaced under the search, its mark gone, and once the place taken before that fetch
    // undo the find).
    let made = events.downloads(2);
    wait(
        &mut page,
        &format!(
            "document.getElementById('serve').dataset.version === '{made}' \
             && !document.body.hasAttribute('aria-busy')"
        ),
    );
    let found = page
        .eval(
            "(() => { const n = document.querySelector('.note.found'); \
             const r = n.getBoundingClientRect(); \
             return [n.title.includes('Kieseritzky'), r.top >= 0 && r.bottom <= innerHeight, \
             n.closest('section.page').dataset.page, \
             document.getElementById('findsaid').textContent]; })()",
        )
        .expect("what was found");
    assert_eq!(found[0], true, "{found}");
    assert_eq!(found[1], true, "in view: {found}");
    assert_eq!(
        found[3].as_str().unwrap_or(""),
        format!("punktsida {}", found[2].as_str().unwrap_or("?"))
    );
    assert_eq!(
        page.eval("document.querySelectorAll('#proof .note.found').length")
            .expect("the mark"),
        serde_json::json!(1),
        "what was found is still marked once the downloads are made"
    );
    // The print column off, and on again.
    page.eval("document.getElementById('print').click()")
        .expect("clicked");
    wait(
        &mut page,
        "getComputedStyle(document.querySelector('#proof .note')).display === 'none'",
    );
    page.eval("document.getElementById('print').click()")
        .expect("clicked");
    wait(
        &mut page,
        "getComputedStyle(document.querySelector('#proof .note')).display !== 'none'",
    );
    let artifacts = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/artifacts");
    std::fs::create_dir_all(&artifacts).expect("target/artifacts");
    page.screenshot(&artifacts.join("serve.png"));
    // A broken save: the error on top, its link to the game's braille page, the proof kept.
    edit(&book.join("03-partier.md"), "1. e4 e5", "1. e5 e5");
    wait(
        &mut page,
        "document.getElementById('serve').dataset.generation === '3'",
    );
    wait(
        &mut page,
        "document.getElementById('serve').classList.contains('failed')",
    );
    wait(
        &mut page,
        "document.getElementById('proof').classList.contains('stale')",
    );
    let error = page
        .eval("document.querySelector('#problems li.error').textContent")
        .expect("the error");
    let error = error.as_str().unwrap_or("");
    assert!(
        error.contains("03-partier.md:") && error.contains("illegal move 'e5'"),
        "{error}"
    );
    page.eval("window.scrollTo(0, 0); document.querySelector('#problems a.goto').click()")
        .expect("the link followed");
    wait(&mut page, "location.hash.startsWith('#punktsida-')");
    page.screenshot(&artifacts.join("serve-error.png"));
    assert!(std::fs::read(artifacts.join("serve.png")).is_ok_and(|p| p.starts_with(b"\x89PNG")));
    eprintln!(
        "serve's screenshots: {} and serve-error.png",
        artifacts.join("serve.png").display()
    );
    assert_eq!(
        page.eval("window.kept").expect("the mark"),
        serde_json::json!("the same page"),
        "never reloaded"
    );
}

#[test]
fn positions_in_a_fen_file_are_served_as_diagrams() {
    let sandbox = Sandbox::new();
    sandbox.write(
        "p.fen",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n",
    );
    let served = Served::start(sandbox.path(), &["p.fen"], &[]);
    let mut events = served.events();
    events.build(1);
    let page = served.page();
    assert_eq!(
        page.matches("<span class=\"kind\">diagram</span>").count(),
        1
    );
    sandbox.write(
        "p.fen",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
         rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\n",
    );
    events.build(2);
    assert_eq!(
        served
            .page()
            .matches("<span class=\"kind\">diagram</span>")
            .count(),
        2
    );
}

/// Waits until the page says `text` (the events come first; the page is asked again until it
/// holds the state after them).
fn page_saying(served: &Served, text: &str) -> String {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let page = served.page();
        if page.contains(text) || Instant::now() > deadline {
            return page;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_book_folder_removed_fails_and_made_again_builds() {
    // A reviewer's find: removing the folder went unseen, and its watch was gone for good.
    let sandbox = Sandbox::new();
    let book = sample_book(&sandbox);
    let kept = sandbox.path().join("kept");
    std::fs::rename(&book, &kept).expect("moved away");
    std::fs::create_dir(&book).expect("made");
    for entry in std::fs::read_dir(&kept).expect("kept").flatten() {
        std::fs::copy(entry.path(), book.join(entry.file_name())).expect("copied");
    }
    let served = Served::start(sandbox.path(), &["bok"], &[]);
    let mut events = served.events();
    events.build(1);
    std::fs::remove_dir_all(&book).expect("removed");
    events.build(2);
    let page = page_saying(&served, "Bygge 2 misslyckades");
    assert!(page.contains("Bygge 2 misslyckades"), "{page:.2000}");
    // Made again (a copy put back): built, and watched again.
    std::fs::create_dir(&book).expect("made again");
    for entry in std::fs::read_dir(&kept).expect("kept").flatten() {
        std::fs::copy(entry.path(), book.join(entry.file_name())).expect("copied");
    }
    let mut last = 3;
    loop {
        events.build(last);
        if !served.page().contains("class=\"failed\"") {
            break;
        }
        last += 1;
        assert!(last < 50, "never built again");
    }
    edit(
        &book.join("01-forord.md"),
        "\n\n",
        "\n\nOrdet kolibrier.\n\n",
    );
    events.build(last + 1);
    assert!(page_saying(&served, "kolibrier").contains("kolibrier"));
}

#[cfg(unix)]
#[test]
fn the_file_a_link_leads_to_is_watched() {
    let sandbox = Sandbox::new();
    std::fs::create_dir_all(sandbox.path().join("real")).expect("a folder");
    std::fs::create_dir_all(sandbox.path().join("links")).expect("a folder");
    sandbox.write("real/g.pgn", "[White \"Anderssen\"]\n\n1. e4 e5 *\n");
    std::os::unix::fs::symlink("../real/g.pgn", sandbox.path().join("links/g.pgn"))
        .expect("a link");
    let served = Served::start(sandbox.path(), &["links/g.pgn"], &[]);
    let mut events = served.events();
    events.build(1);
    assert!(served.page().contains("Anderssen"));
    sandbox.write("real/g.pgn", "[White \"Andersson\"]\n\n1. e4 e5 *\n");
    events.build(2);
    assert!(page_saying(&served, "Andersson").contains("Andersson"));
}

#[test]
fn a_chapter_in_a_folder_not_made_yet_is_built_once_it_is_there() {
    let sandbox = Sandbox::new();
    let book = sample_book(&sandbox);
    let served = Served::start(sandbox.path(), &["bok"], &[]);
    let mut events = served.events();
    events.build(1);
    let yaml = std::fs::read_to_string(book.join("bok.yaml")).expect("bok.yaml");
    std::fs::write(book.join("bok.yaml"), format!("{yaml}  - kap/05.md\n")).expect("saved");
    events.build(2);
    assert!(page_saying(&served, "misslyckades").contains("misslyckades"));
    // The folder, then the chapter: no other save.
    std::fs::create_dir(book.join("kap")).expect("a folder");
    std::thread::sleep(Duration::from_millis(200));
    std::fs::write(
        book.join("kap/05.md"),
        "# Femte kapitlet\n\nText om pingviner.\n",
    )
    .expect("written");
    let page = page_saying(&served, "pingviner");
    assert!(page.contains("pingviner"), "{}", served.stderr());
    assert!(!page.contains("class=\"failed\""));
}
