//! Lines of a stream (a `.pgn` or `.fen` file, a ```` ```pgn ```` block): ended by LF, CR LF
//! or a lone CR, the three line ends of CommonMark. A file from an old Mac (or a program that
//! writes CR alone) has no LF at all: read with [`BufRead::read_line`] it would be one line,
//! its tags and moves run together.

use std::io::{self, BufRead};

use crate::source::MAX_HELD_TEXT;

/// [`read_line_within`] without a limit.
#[cfg(test)]
fn read_line<R: BufRead + ?Sized>(input: &mut R, line: &mut String) -> io::Result<usize> {
    read_line_within(input, line, usize::MAX)
}

/// The marker of the error [`read_line_within`] gives when `line` would grow past its limit.
#[derive(Debug)]
pub(crate) struct TooLong;

impl std::fmt::Display for TooLong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "longer than {MAX_HELD_TEXT}")
    }
}

impl std::error::Error for TooLong {}

/// Whether `e` is the error of a text grown past its limit.
pub(crate) fn too_long(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|e| e.is::<TooLong>())
}

/// Reads one line of `input` onto the end of `line`, its line end (LF, CR LF or a lone CR)
/// written as `\n`; the last line of the input may have none. Returns the number of bytes
/// read, 0 at the end of the input. Like [`BufRead::read_line`], the bytes must be UTF-8
/// (an error of kind `InvalidData` if not; what was valid up to there is kept).
///
/// After a CR the next byte is looked at to see whether it is the LF of a CR LF, so a CR at the
/// end of what a pipe has delivered waits for the next byte (or the end of the input).
///
/// `line` (what it holds before included) never grows longer than `limit` bytes: past it, an
/// error that [`too_long`] knows.
pub(crate) fn read_line_within<R: BufRead + ?Sized>(
    input: &mut R,
    line: &mut String,
    limit: usize,
) -> io::Result<usize> {
    // The first bytes of a character cut by the end of the buffer (at most three).
    let mut cut = Vec::new();
    let mut total = 0;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        let end = line_end(buf);
        let part = &buf[..end.unwrap_or(buf.len())];
        if line.len().saturating_add(part.len()) > limit {
            return Err(io::Error::new(io::ErrorKind::InvalidData, TooLong));
        }
        let cr = end.is_some_and(|i| buf[i] == b'\r');
        let result = push_utf8(line, &mut cut, part);
        let used = end.map_or(part.len(), |i| i + 1);
        input.consume(used);
        total += used;
        result?;
        if end.is_some() {
            if cr && next_byte(input)? == Some(b'\n') {
                input.consume(1);
                total += 1;
            }
            if !cut.is_empty() {
                return Err(not_utf8());
            }
            line.push('\n');
            return Ok(total);
        }
    }
    if !cut.is_empty() {
        return Err(not_utf8());
    }
    Ok(total)
}

/// Where the first LF or CR of `buf` stands (every byte of the input passes here: the
/// `memchr` crate looks at a vector register of them at a time).
fn line_end(buf: &[u8]) -> Option<usize> {
    memchr::memchr2(b'\n', b'\r', buf)
}

/// The next byte of `input`, not consumed.
fn next_byte<R: BufRead + ?Sized>(input: &mut R) -> io::Result<Option<u8>> {
    loop {
        match input.fill_buf() {
            Ok(buf) => return Ok(buf.first().copied()),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

fn not_utf8() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        "stream did not contain valid UTF-8",
    )
}

/// Appends `part` to `line`; `cut` holds the start of a character cut by the end of the last
/// part, and takes the start of one cut by the end of this part.
fn push_utf8(line: &mut String, cut: &mut Vec<u8>, mut part: &[u8]) -> io::Result<()> {
    while !cut.is_empty() {
        let Some((&b, rest)) = part.split_first() else {
            return Ok(());
        };
        cut.push(b);
        part = rest;
        match std::str::from_utf8(cut) {
            Ok(s) => {
                line.push_str(s);
                cut.clear();
            }
            Err(e) if e.error_len().is_none() => {}
            Err(_) => return Err(not_utf8()),
        }
    }
    // (Every byte of the input is checked here: simdutf8 answers whether the whole part is
    // UTF-8 a vector register at a time; std's reader says where it is not, when it is not.)
    if let Ok(s) = simdutf8::basic::from_utf8(part) {
        line.push_str(s);
        return Ok(());
    }
    match std::str::from_utf8(part) {
        Ok(s) => line.push_str(s),
        Err(e) if e.error_len().is_none() => {
            let (valid, rest) = part.split_at(e.valid_up_to());
            line.push_str(std::str::from_utf8(valid).map_err(|_| not_utf8())?);
            cut.extend_from_slice(rest);
        }
        Err(e) => {
            let valid = &part[..e.valid_up_to()];
            line.push_str(std::str::from_utf8(valid).map_err(|_| not_utf8())?);
            return Err(not_utf8());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines of `bytes` read through a buffer of `capacity` bytes.
    fn lines(bytes: &[u8], capacity: usize) -> io::Result<Vec<String>> {
        let mut input = io::BufReader::with_capacity(capacity, bytes);
        let mut out = Vec::new();
        let mut read = 0;
        loop {
            let mut line = String::new();
            let n = read_line(&mut input, &mut line)?;
            if n == 0 {
                break;
            }
            read += n;
            out.push(line);
        }
        assert_eq!(read, bytes.len(), "every byte read");
        Ok(out)
    }

    fn owned(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn lf_cr_lf_and_a_lone_cr_end_lines() {
        let text = "[White \"Åke\"]\r[Black \"Bo\"]\r\n\r1. e4 e5\n\n2. Nf3 *\r";
        let want = [
            "[White \"Åke\"]\n",
            "[Black \"Bo\"]\n",
            "\n",
            "1. e4 e5\n",
            "\n",
            "2. Nf3 *\n",
        ];
        // Through buffers of every small size: line ends and characters cut anywhere.
        for capacity in 1..=text.len() + 1 {
            assert_eq!(
                lines(text.as_bytes(), capacity).ok(),
                Some(owned(&want[..])),
                "{capacity}"
            );
        }
        for (text, want) in [
            ("", &[][..]),
            ("a", &["a"][..]),
            ("\r\r\n\n", &["\n", "\n", "\n"][..]),
            ("a\r\rb", &["a\n", "\n", "b"][..]),
            ("\n\r", &["\n", "\n"][..]),
        ] {
            assert_eq!(
                lines(text.as_bytes(), 2).ok(),
                Some(owned(want)),
                "{text:?}"
            );
        }
    }

    #[test]
    fn line_ends_are_found_in_every_place_of_a_block() {
        for len in 0..40 {
            for at in 0..=len {
                for end in [b'\n', b'\r'] {
                    let mut buf = vec![b'x'; len];
                    if at < len {
                        buf[at] = end;
                    }
                    let want = (at < len).then_some(at);
                    assert_eq!(line_end(&buf), want, "{len} {at}");
                }
            }
        }
    }

    #[test]
    fn bytes_that_are_not_utf8_are_an_error() {
        for bytes in [&b"ab\xffcd\n"[..], b"ab\xc3", b"ab\xc3\nx", b"\xe5\x80\r"] {
            for capacity in 1..=bytes.len() {
                let e = lines(bytes, capacity).err().map(|e| e.kind());
                assert_eq!(e, Some(io::ErrorKind::InvalidData), "{bytes:?} {capacity}");
            }
        }
        // What was valid is kept.
        let mut line = String::new();
        let mut input = &b"ab\xffcd"[..];
        assert!(read_line(&mut input, &mut line).is_err());
        assert_eq!(line, "ab");
    }
}
