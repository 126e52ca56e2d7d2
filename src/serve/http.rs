//! The routes of `serve`, each request on a thread of its own (an event stream holds its thread
//! while its page is open): `/` the page, `/events` the builds as server-sent events,
//! `/download/NAME` a braille file of the current build. Nothing else is there: no path is ever
//! looked up on the file system, so `/../../etc/passwd` is a 404 like any unknown path.

use std::io::Write;
use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;

use tiny_http::{Header, Method, Request, Response, Server};

use crate::error::{Error, Result};
use crate::settings::Format;

use super::builds::Shared;
use super::page;

/// How often an event stream with nothing to say says so (a comment line): a page closed
/// meanwhile is noticed then, and its thread ends.
const STILL_HERE: Duration = Duration::from_secs(15);

/// How long a download waits for the braille files of the proof shown (they are built after
/// it).
const DOWNLOAD_WAIT: Duration = Duration::from_secs(120);

/// Answers requests until the program ends.
pub(super) fn answer(listener: TcpListener, shared: Arc<Shared>) -> Result<()> {
    let loopback = listener.local_addr().is_ok_and(|a| a.ip().is_loopback());
    let server = Server::from_listener(listener, None)
        .map_err(|e| Error::Usage(format!("cannot serve: {e}")))?;
    for request in server.incoming_requests() {
        let mine = Arc::clone(&shared);
        let spawned = std::thread::Builder::new()
            .name("request".into())
            .stack_size(256 * 1024)
            .spawn(move || respond(request, &mine, loopback));
        if let Err(e) = spawned {
            // (No thread to be had: that request goes unanswered, the next may not.)
            (shared.say)(&format!("schackpunkt: a request left unanswered: {e}"));
        }
    }
    Ok(())
}

/// A header of ours (every name and value here is ASCII).
fn header(name: &str, value: &str) -> Option<Header> {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).ok()
}

/// A response with the headers every answer carries: no caching (the page changes with every
/// build), no guessing of types, nothing fetched from elsewhere.
fn answer_with<R: std::io::Read>(response: Response<R>, kind: &str) -> Response<R> {
    let headers = [
        header("Content-Type", kind),
        header("Cache-Control", "no-store"),
        header("X-Content-Type-Options", "nosniff"),
        header(
            "Content-Security-Policy",
            "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'",
        ),
    ];
    headers
        .into_iter()
        .flatten()
        .fold(response, |r, h| r.with_header(h))
}

fn plain(status: u16, text: &str) -> Response<std::io::Cursor<Vec<u8>>> {
    answer_with(
        Response::from_string(text).with_status_code(status),
        "text/plain; charset=utf-8",
    )
}

/// What a request's `Host` says.
#[derive(Debug, PartialEq)]
enum Host {
    /// This machine: `localhost` or a loopback address, with or without a port (or no `Host`
    /// at all in HTTP/1.0: only a program here asks so).
    Here,
    /// Another name: on the loopback address, a page of another site that got its name to point
    /// here (DNS rebinding) must not read the proof.
    Elsewhere,
    /// No `Host` in HTTP/1.1, two of them, or one that is no name with a port.
    Malformed,
}

fn host_of(request: &Request) -> Host {
    let mut hosts = request.headers().iter().filter(|h| h.field.equiv("Host"));
    let (Some(host), None) = (hosts.next(), hosts.next()) else {
        let none = request.headers().iter().all(|h| !h.field.equiv("Host"));
        let old = *request.http_version() == tiny_http::HTTPVersion(1, 0);
        return if none && old {
            Host::Here
        } else {
            Host::Malformed
        };
    };
    host_named(host.value.as_str())
}

/// [`Host`] of a `Host` value: `name`, `name:port`, `[v6]` or `[v6]:port`.
fn host_named(value: &str) -> Host {
    let (name, port) = match value.strip_prefix('[') {
        Some(v6) => match v6.split_once(']') {
            Some((address, rest)) => (address, rest),
            None => return Host::Malformed,
        },
        None => match value.split_once(':') {
            Some((name, _)) => (name, &value[name.len()..]),
            None => (value, ""),
        },
    };
    let port_ok = port.is_empty()
        || port
            .strip_prefix(':')
            .is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    if name.is_empty() || !port_ok {
        return Host::Malformed;
    }
    // (An address, not a name that begins like one: `127.0.0.1.evil.example` is a name. A
    // name may end with its root's dot: `localhost.`.)
    let name = name.strip_suffix('.').unwrap_or(name);
    let here = name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback());
    match here {
        true => Host::Here,
        false => Host::Elsewhere,
    }
}

fn respond(request: Request, shared: &Shared, loopback: bool) {
    match host_of(&request) {
        Host::Malformed => {
            let _ = request.respond(plain(400, "a request names its host once\n"));
            return;
        }
        Host::Elsewhere if loopback => {
            let _ = request.respond(plain(
                403,
                "this server answers only to this machine's own names\n",
            ));
            return;
        }
        _ => {}
    }
    if !matches!(request.method(), Method::Get | Method::Head) {
        let response = plain(405, "only GET and HEAD are answered here\n");
        let response = match header("Allow", "GET, HEAD") {
            Some(h) => response.with_header(h),
            None => response,
        };
        let _ = request.respond(response);
        return;
    }
    let url = request.url();
    let path = url.split(['?', '#']).next().unwrap_or("").to_owned();
    match path.as_str() {
        "/" | "/index.html" => {
            let page = page::render(&shared.state());
            let _ = request.respond(answer_with(
                Response::from_string(page),
                "text/html; charset=utf-8",
            ));
        }
        "/events" if request.method() == &Method::Head => {
            let _ = request.respond(answer_with(
                Response::empty(200),
                "text/event-stream; charset=utf-8",
            ));
        }
        "/events" => events(request, shared),
        _ => match path.strip_prefix("/download/") {
            Some(name) => download(request, shared, name),
            None => {
                let _ = request.respond(plain(
                    404,
                    "not here: this server has the proof at / and its braille files under \
                     /download/\n",
                ));
            }
        },
    }
}

/// The builds as server-sent events: `build` with the state's version, at once and after each
/// change; a comment line now and then.
fn events(request: Request, shared: &Shared) {
    let mut out = request.into_writer();
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n\
                Cache-Control: no-store\r\nConnection: close\r\n\r\nretry: 1000\n\n";
    if out
        .write_all(head.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        return;
    }
    let mut seen = String::new();
    loop {
        let version = shared.wait_for_change(&seen, STILL_HERE);
        let message = match version == seen {
            true => ": still here\n\n".to_owned(),
            false => format!("event: build\ndata: {version}\n\n"),
        };
        if out
            .write_all(message.as_bytes())
            .and_then(|()| out.flush())
            .is_err()
        {
            // The page is closed.
            return;
        }
        seen = version;
    }
}

/// A braille file of the proof's build, by the name the build gave it (percent-encoded in the
/// address).
fn download(request: Request, shared: &Shared, asked: &str) {
    let asked = percent_encoding::percent_decode_str(asked).decode_utf8_lossy();
    let found = {
        let state = shared.wait_for_downloads(DOWNLOAD_WAIT);
        let current = state
            .proof
            .as_ref()
            .is_some_and(|p| p.generation == state.downloads_of);
        if !current {
            drop(state);
            let _ = request.respond(plain(
                503,
                "the braille files of the proof shown were not made (a newer save came first); \
                 the next build that succeeds makes them\n",
            ));
            return;
        }
        state
            .downloads
            .iter()
            .find(|d| d.name == asked)
            .map(|d| (d.bytes.clone(), d.format, d.in_address(), d.name.clone()))
    };
    let Some((bytes, format, encoded, name)) = found else {
        let _ = request.respond(plain(
            404,
            "no such file in this build (the page links to the files there are)\n",
        ));
        return;
    };
    let kind = match format {
        Format::Pef => "application/x-pef+xml",
        Format::Unicode => "text/plain; charset=utf-8",
        // (BRF is in the embosser's table: bytes, not text in any one encoding.)
        _ => "application/octet-stream",
    };
    let response = answer_with(Response::from_data(bytes), kind);
    // The name as it is (RFC 6266), and in ASCII for a client that knows no other.
    let plain: String = name
        .chars()
        .map(|c| match c.is_ascii_graphic() && c != '"' && c != '\\' {
            true => c,
            false => '_',
        })
        .collect();
    let response = match header(
        "Content-Disposition",
        &format!("attachment; filename=\"{plain}\"; filename*=UTF-8''{encoded}"),
    ) {
        Some(h) => response.with_header(h),
        None => response,
    };
    let _ = request.respond(response);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_this_machines_names_are_here() {
        for here in [
            "localhost",
            "LOCALHOST:3000",
            "localhost.",
            "127.0.0.1",
            "127.0.0.2:80",
            "[::1]",
            "[::1]:3000",
            "[0:0:0:0:0:0:0:1]",
        ] {
            assert_eq!(host_named(here), Host::Here, "{here}");
        }
        for elsewhere in [
            "evil.example",
            "127.0.0.1.evil.example",
            "localhost.evil.example",
            "a.localhost",
            "127.1",
            "0x7f.0.0.1",
            "2130706433",
            "[::ffff:127.0.0.1]",
        ] {
            assert_eq!(host_named(elsewhere), Host::Elsewhere, "{elsewhere}");
        }
        for malformed in [
            "",
            "[::1]evil",
            "[::1",
            "localhost:abc",
            "localhost:",
            "::1",
            ":80",
        ] {
            assert_eq!(host_named(malformed), Host::Malformed, "{malformed}");
        }
    }
}
