//! `schackpunkt serve`: the HTML proof of a build in a browser, rebuilt whenever an input
//! changes, the open page updated in place at the braille page it showed.
//!
//! One thread builds (the proof first, then the BRF, PEF and Unicode braille to download), a
//! debounced watcher (`notify`) wakes it, and the HTTP server (`tiny_http`) answers each request
//! on a thread of its own: the page, its events (server-sent events: the page fetches the new
//! proof when told), the downloads. Only what the build made is served: no request path ever
//! reaches the file system. A failed build keeps the last good proof, marked out of date, under
//! its errors.
//!
//! The files of this folder, by job:
//!
//! - `mod.rs`: [`Serve`] and [`serve`]: the address, the threads, the browser opened.
//! - `builds.rs`: the builds into a private folder, one after the other (`Shared`: what the
//!   threads share, the state under its lock).
//! - `state.rs`: what the builds made, as every request sees it (`State`, `Problem`, `Download`).
//! - `proof.rs`: the proof taken apart, and where each block begins (`Proof`).
//! - `watch.rs`: which files and folders are watched, and which changes count.
//! - `http.rs`: the routes and the event stream.
//! - `page.rs`: the page around the proof: the bar, the problems, the script.

mod builds;
mod http;
mod page;
mod proof;
mod state;
mod watch;

use std::io;
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::sync::Arc;

use crate::build::Job;
use crate::error::{Error, Result, Style};

pub use builds::Say;

/// What `schackpunkt serve` is asked: what to build, and where to serve it.
pub struct Serve {
    /// The inputs, settings and decoding as `build` takes them; the destination and the format
    /// are serve's own (the proof, and the downloads).
    pub job: Job,
    /// The address to listen on: the loopback address unless the user says otherwise.
    pub host: IpAddr,
    /// The port; 0 lets the system choose a free one (the address said shows it).
    pub port: u16,
    /// Open the page in the desktop's browser once it is served.
    pub open: bool,
    /// How messages are drawn on the terminal.
    pub style: Style,
}

/// Serves the proof of `options.job` until the program is stopped (Ctrl-C). Messages for the
/// terminal (the address, each build's errors and warnings) go to `say`. Returns only when the
/// server cannot start: standard input as an input, no input, the port in use, no folder for
/// the builds.
pub fn serve(options: Serve, say: Say) -> Result<()> {
    let Serve {
        job,
        host,
        port,
        open,
        style,
    } = options;
    if job.inputs.is_empty() {
        return Err(Error::Usage("no input given".into()));
    }
    if job.inputs.iter().any(|p| p.as_os_str() == "-") {
        return Err(Error::Usage(
            "serve rebuilds when its inputs change: standard input (-) cannot be watched; save \
             it to a file and serve that"
                .into(),
        ));
    }
    let wanted = SocketAddr::new(host, port);
    let listener = TcpListener::bind(wanted).map_err(|e| not_bound(wanted, e))?;
    let mut address = listener.local_addr().map_err(|e| not_bound(wanted, e))?;
    // Every address of the machine (`0.0.0.0`, `::`): this machine's own is the one to open
    // here (a browser refuses `http://0.0.0.0/`).
    if address.ip().is_unspecified() {
        address.set_ip(match address.ip() {
            IpAddr::V4(_) => IpAddr::V4(std::net::Ipv4Addr::LOCALHOST),
            IpAddr::V6(_) => IpAddr::V6(std::net::Ipv6Addr::LOCALHOST),
        });
    }
    let url = format!("http://{address}/");
    let shared = Arc::new(builds::Shared::new(job, style, say.clone())?);
    if !host.is_loopback() {
        say(&format!(
            "schackpunkt: listening on {host}, not only on this machine: anyone who can reach \
             it can read the proof and download its braille (without --host, only this machine \
             can)"
        ));
    }
    say(&format!(
        "schackpunkt: serving the proof at {url} (Ctrl-C stops)"
    ));
    let wake = Arc::clone(&shared);
    let watch = watch::Watch::start(Arc::new(move || wake.want_build()))?;
    let builder = Arc::clone(&shared);
    std::thread::Builder::new()
        .name("builds".into())
        .spawn(move || builder.run(watch))
        .map_err(|e| Error::io("(the builds' thread)", e))?;
    if open {
        open_in_browser(&url, &say);
    }
    http::answer(listener, shared)
}

/// The error of a port that cannot be listened on, with what to do about it.
fn not_bound(address: SocketAddr, e: io::Error) -> Error {
    let why = match e.kind() {
        io::ErrorKind::AddrInUse => format!(
            "port {} is in use (another `schackpunkt serve`, or another server?): give another \
             with --port N, or --port 0 for a free one",
            address.port()
        ),
        io::ErrorKind::AddrNotAvailable => format!(
            "{} is no address of this machine: give one of its own with --host, or leave \
             --host out for 127.0.0.1",
            address.ip()
        ),
        io::ErrorKind::PermissionDenied => format!(
            "port {} needs more rights than this user has: give a port above 1023 with --port",
            address.port()
        ),
        _ => format!("cannot listen on {address}: {e}"),
    };
    Error::Usage(why)
}

/// Opens `url` in the desktop's browser (`xdg-open`, `open`, `start`); says so when it cannot.
fn open_in_browser(url: &str, say: &Say) {
    let (program, args): (&str, Vec<&str>) = if cfg!(target_os = "macos") {
        ("open", vec![url])
    } else if cfg!(windows) {
        ("cmd", vec!["/C", "start", "", url])
    } else {
        ("xdg-open", vec![url])
    };
    let opened = std::process::Command::new(program)
        .args(&args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    match opened {
        // (Waited for on a thread of its own: it ends at once, and leaves no zombie.)
        Ok(mut child) => {
            std::thread::spawn(move || child.wait());
        }
        Err(e) => say(&format!(
            "schackpunkt: could not open a browser ({program}: {e}); open {url} yourself"
        )),
    }
}
