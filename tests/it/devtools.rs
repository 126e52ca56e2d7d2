//! A small driver of headless Chromium for the browser tests, through its DevTools protocol (a
//! WebSocket, `tungstenite`): a page opened, JavaScript evaluated in it and waited for, a
//! screenshot taken. Every wait has a deadline: a test fails, it never hangs.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine as _;
use serde_json::{Value, json};
use tungstenite::{Message, WebSocket};

/// How long the browser may take to start, to answer, to load a page.
const PATIENCE: Duration = Duration::from_secs(60);

/// The browser, if there is one (Debian's `chromium`, which `.ci/run` installs).
pub fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| {
            Command::new(name)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
}

/// Headless Chromium with one page open, driven through the DevTools protocol.
pub struct Browser {
    /// (Before the profile: fields are dropped in order, the browser ends before its folder
    /// is removed.)
    _process: Process,
    socket: WebSocket<TcpStream>,
    next: u64,
    /// The browser's own profile folder, new for each run.
    _profile: tempfile::TempDir,
}

impl Browser {
    /// Headless `browser` opened on `url` in a window `width` × `height`; returns once the page
    /// has loaded.
    pub fn launch(browser: &str, url: &str, width: u32, height: u32) -> Browser {
        let profile = tempfile::tempdir().expect("a profile folder");
        let mut child = Command::new(browser)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                "--no-first-run",
                // (This machine's network is closed: without these, Chromium's own
                // connections are refused, many at a time.)
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-quic",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg(format!("--window-size={width},{height}"))
            // (The page is opened through the protocol, once connected: a load is then
            // known to be this page's, not the blank one before it.)
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chromium starts");
        // Its standard error says where the protocol listens; it is read to its end after
        // that, so the pipe never fills.
        let (tell, told) = std::sync::mpsc::channel();
        let stderr = child.stderr.take().expect("its standard error");
        // Owned at once by what kills it: a panic further on ends the browser too.
        let process = Process(child);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(at) = line.split("DevTools listening on ws://").nth(1) {
                    let _ = tell.send(at.split('/').next().unwrap_or("").to_owned());
                }
            }
        });
        let Ok(address) = told.recv_timeout(PATIENCE) else {
            panic!("chromium did not say where its DevTools listen");
        };
        let target = page_target(&address);
        let stream = TcpStream::connect(&address).expect("connected to the DevTools");
        stream.set_read_timeout(Some(PATIENCE)).ok();
        let (socket, _) =
            tungstenite::client(target.as_str(), stream).expect("the DevTools' WebSocket");
        let mut browser = Browser {
            _process: process,
            socket,
            next: 0,
            _profile: profile,
        };
        browser
            .call("Page.navigate", json!({ "url": url }))
            .expect("the page opened");
        browser
            .wait_for(
                "location.href !== 'about:blank' && document.readyState === 'complete'",
                PATIENCE,
            )
            .expect("the page loads");
        browser
    }

    /// Sends a command; returns its result.
    fn call(&mut self, method: &str, params: Value) -> Result<Value, String> {
        self.next += 1;
        let id = self.next;
        let command = json!({ "id": id, "method": method, "params": params });
        self.socket
            .send(Message::text(command.to_string()))
            .map_err(|e| format!("{method}: {e}"))?;
        let deadline = Instant::now() + PATIENCE;
        while Instant::now() < deadline {
            let message = self.socket.read().map_err(|e| format!("{method}: {e}"))?;
            let Ok(text) = message.to_text() else {
                continue;
            };
            let Ok(answer) = serde_json::from_str::<Value>(text) else {
                continue;
            };
            // (Events have no id; other answers are not ours.)
            if answer["id"].as_u64() != Some(id) {
                continue;
            }
            if let Some(error) = answer.get("error") {
                return Err(format!("{method}: {error}"));
            }
            return Ok(answer["result"].clone());
        }
        Err(format!("{method}: no answer within {PATIENCE:?}"))
    }

    /// The value of a JavaScript expression in the page (a promise awaited); an exception is
    /// an error with its text.
    pub fn eval(&mut self, expression: &str) -> Result<Value, String> {
        let params = json!({
            "expression": expression,
            "returnByValue": true,
            "awaitPromise": true,
        });
        let result = self.call("Runtime.evaluate", params)?;
        if let Some(e) = result.get("exceptionDetails") {
            let text = e["exception"]["description"]
                .as_str()
                .or_else(|| e["text"].as_str())
                .unwrap_or("an exception");
            return Err(text.to_owned());
        }
        Ok(result["result"]["value"].clone())
    }

    /// Evaluates `expression` every 20 ms until it is true; returns how long that took, or the
    /// last value (or error) when `timeout` passes first.
    pub fn wait_for(&mut self, expression: &str, timeout: Duration) -> Result<Duration, String> {
        let start = Instant::now();
        loop {
            let value = self.eval(expression);
            if value == Ok(Value::Bool(true)) {
                return Ok(start.elapsed());
            }
            if start.elapsed() > timeout {
                return Err(format!("{expression}: {value:?} after {timeout:?}"));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// A screenshot of the window, as PNG, into `path`.
    pub fn screenshot(&mut self, path: &Path) {
        let shot = self
            .call("Page.captureScreenshot", json!({ "format": "png" }))
            .expect("a screenshot");
        let data = shot["data"].as_str().expect("its data");
        let png = base64::engine::general_purpose::STANDARD
            .decode(data)
            .expect("base64");
        std::fs::write(path, png).expect("the screenshot written");
    }
}

/// The browser's process, killed and waited for when dropped: also when [`Browser::launch`]
/// fails half-way (a panic before the `Browser` was made left a browser running without its
/// test).
struct Process(Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The WebSocket address of the page the browser opened (`/json/list`, asked until the page
/// is there).
fn page_target(address: &str) -> String {
    let deadline = Instant::now() + PATIENCE;
    while Instant::now() < deadline {
        if let Ok(body) = json_list(address)
            && let Ok(Value::Array(targets)) = serde_json::from_str::<Value>(&body)
            && let Some(page) = targets.iter().find(|t| t["type"] == "page")
            && let Some(url) = page["webSocketDebuggerUrl"].as_str()
        {
            return url.to_owned();
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("chromium lists no page")
}

/// The body of `/json/list`: HTTP/1.1, read to its `Content-Length` (the browser keeps the
/// connection open, whatever the request asks).
fn json_list(address: &str) -> std::io::Result<String> {
    let stream = TcpStream::connect(address)?;
    stream.set_read_timeout(Some(PATIENCE))?;
    let mut reader = BufReader::new(stream);
    write!(
        reader.get_mut(),
        "GET /json/list HTTP/1.1\r\nHost: {address}\r\n\r\n"
    )?;
    let mut length = 0;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line)?;
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap_or(0);
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body)?;
    Ok(String::from_utf8_lossy(&body).into_owned())
}

#[test]
fn the_driver_sees_what_a_pages_script_changes() {
    let Some(browser) = chromium() else {
        eprintln!(
            "SKIPPED: the DevTools driver's test needs Chromium (Debian: chromium; .ci/run \
             installs it), which is not installed here"
        );
        return;
    };
    let sandbox = crate::support::Sandbox::new();
    let page = sandbox.write(
        "p.html",
        "<!DOCTYPE html><title>Sida</title><p id=x>before</p>\
         <script>setTimeout(() => document.getElementById('x').textContent = 'after', 300)\
         </script>",
    );
    let mut b = Browser::launch(browser, &format!("file://{}", page.display()), 400, 300);
    assert_eq!(b.eval("document.title"), Ok(json!("Sida")));
    b.wait_for(
        "document.getElementById('x').textContent === 'after'",
        PATIENCE,
    )
    .expect("the script's change");
    assert!(b.eval("1 +").is_err(), "a syntax error is an error");
    assert!(
        b.wait_for("false", Duration::from_millis(100)).is_err(),
        "a wait can end unmet"
    );
    let shot = sandbox.path().join("shot.png");
    b.screenshot(&shot);
    assert!(sandbox.read("shot.png").starts_with(b"\x89PNG"));
}
