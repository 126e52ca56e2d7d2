//! The encoding of an input decided (issue 5; issue 33 for its speed): a byte-order mark, else
//! UTF-8 when every byte is, else windows-1252, with the place of the first byte that is not.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};

use encoding_rs::{Encoding, UTF_8, WINDOWS_1252};

use super::spool::read_at;
use super::{CHUNK, Place, read_full};

/// Finds the encoding of a stream: a UTF-16 BOM decides; otherwise UTF-8 if every byte
/// sequence is valid UTF-8, else Windows-1252 (the PGN standard's Latin-1, as browsers read it).
#[cfg(test)]
pub fn sniff<R: Read + Seek>(raw: &mut R) -> io::Result<&'static Encoding> {
    sniff_at(raw).map(|(e, _)| e)
}

/// [`sniff`], and where the first byte that is not UTF-8 stands (line, column in characters)
/// when that decided the encoding.
///
/// Every byte of a file passes here before it is read, so the loop only validates: the place
/// of the byte found, and whether a NUL byte came before it, are worked out after, by reading
/// the bytes before it again (only a file that is not UTF-8 pays for that).
pub fn sniff_at<R: Read + Seek>(
    raw: &mut R,
) -> io::Result<(&'static Encoding, Option<(u32, u32)>)> {
    let mut buf = vec![0u8; CHUNK];
    let n = read_full(raw, &mut buf)?;
    if let Some((enc, _)) = Encoding::for_bom(&buf[..n]) {
        return Ok((enc, None));
    }
    let bad = first_bad(raw, &mut buf, n)?;
    decided(raw, bad, &mut buf)
}

/// Files from this size on are checked in two halves at once when the build may use more
/// than one thread: the check is the one part of a build that runs before its threads do.
const HALVES_FROM: u64 = 4 << 20;

/// [`sniff_at`] of a regular file of `len` bytes, on two threads when `threads` allows and
/// the file is large: each half read and validated on its own (the second starting at a
/// character's first byte), the first byte that is not UTF-8 the first half's, else the
/// second's. A thread that cannot be had leaves the check to one.
pub(super) fn sniff_file(
    file: &File,
    len: u64,
    threads: usize,
) -> io::Result<(&'static Encoding, Option<(u32, u32)>)> {
    if threads < 2 || len < HALVES_FROM {
        return sniff_at(&mut &*file);
    }
    let mut head = [0u8; 4];
    let n = read_full(&mut Span::of(file, 0, len), &mut head)?;
    if let Some((enc, _)) = Encoding::for_bom(&head[..n]) {
        return Ok((enc, None));
    }
    // The middle, moved on to the first byte of a character (not a continuation byte)
    // within three bytes. Four continuation bytes in a row are no UTF-8, but cut there the
    // first half would end on a character cut short and name its first byte, where the whole
    // check names the stray byte after it (a review's find): such a file is checked whole.
    let mut mid = len / 2;
    let n = read_full(&mut Span::of(file, mid, len), &mut head)?;
    let Some(i) = head[..n].iter().position(|&b| (b as i8) >= -0x40) else {
        (&*file).seek(SeekFrom::Start(0))?;
        return sniff_at(&mut &*file);
    };
    mid += i as u64;
    let half = |from: u64, to: u64| -> io::Result<Option<u64>> {
        let mut buf = vec![0u8; CHUNK];
        let mut span = Span::of(file, from, to);
        let n = read_full(&mut span, &mut buf)?;
        Ok(first_bad(&mut span, &mut buf, n)?.map(|at| from + at))
    };
    let (first, second) = std::thread::scope(|scope| {
        let second = std::thread::Builder::new()
            .name("encoding".into())
            .spawn_scoped(scope, || half(mid, len));
        let first = half(0, mid);
        let second = match second {
            Ok(thread) => thread.join().unwrap_or_else(|_| half(mid, len)),
            Err(_) => half(mid, len),
        };
        (first, second)
    });
    // (What the second half could not read is not asked when the first half decided: the
    // whole check stops at the first byte that is not UTF-8.)
    let bad = match first? {
        Some(at) => Some(at),
        None => second?,
    };
    decided(&mut &*file, bad, &mut vec![0u8; CHUNK])
}

/// What the start of a regular file says of its encoding, when the build may guess it
/// ([`super::Guesses`]).
pub(super) enum Start {
    /// Decided as [`sniff_file`] decides it (a byte-order mark, a file in ASCII to its end,
    /// a first letter not in ASCII that is not UTF-8).
    Decided(&'static Encoding, Option<(u32, u32)>),
    /// The first letter not in ASCII, within the first [`GUESS_WITHIN`] bytes, is UTF-8:
    /// the file is taken to be UTF-8 throughout, which its reading checks.
    Likely,
}

/// How far into a file its first letter not in ASCII is looked for (a file in ASCII that far
/// is checked whole, as before: no letter says what it is).
pub(super) const GUESS_WITHIN: u64 = 1 << 20;

/// [`Start`] of a regular file of `len` bytes: read up to its first byte not in ASCII (within
/// [`GUESS_WITHIN`]); anything but a UTF-8 letter there is decided by [`sniff_file`], which
/// reads the file from its start again.
pub(super) fn sniff_start(file: &File, len: u64, threads: usize) -> io::Result<Start> {
    let mut buf = vec![0u8; CHUNK];
    // (Up to the end, whatever the length said: a file of `/proc` says 0.)
    let mut span = Span::of(file, 0, GUESS_WITHIN);
    let mut n = read_full(&mut span, &mut buf)?;
    if let Some((enc, _)) = Encoding::for_bom(&buf[..n]) {
        return Ok(Start::Decided(enc, None));
    }
    while n > 0 {
        if let Some(i) = buf[..n].iter().position(|&b| !b.is_ascii()) {
            // (A letter cut by the end of what was read is no evidence either way.)
            let letter = &buf[i..n.min(i + 4)];
            if let Err(e) = std::str::from_utf8(letter)
                && e.valid_up_to() == 0
            {
                break;
            }
            return Ok(Start::Likely);
        }
        n = read_full(&mut span, &mut buf)?;
    }
    // (In ASCII to its end, or to `GUESS_WITHIN`, where the span ends too.)
    if n == 0
        && read_full(
            &mut Span::of(file, GUESS_WITHIN, GUESS_WITHIN + 1),
            &mut buf,
        )? == 0
    {
        return Ok(Start::Decided(UTF_8, None));
    }
    (&*file).seek(SeekFrom::Start(0))?;
    let (enc, at) = sniff_file(file, len, threads)?;
    Ok(Start::Decided(enc, at))
}

/// Bytes `pos..end` of a file, read at their places, so that two threads can read it at once
/// (on Unix the file's own position stays; on Windows it moves, and whatever reads the file
/// from its position after them seeks first).
struct Span<'f> {
    file: &'f File,
    pos: u64,
    end: u64,
}

impl<'f> Span<'f> {
    fn of(file: &'f File, pos: u64, end: u64) -> Span<'f> {
        Span { file, pos, end }
    }
}

impl Read for Span<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = usize::try_from(self.end.saturating_sub(self.pos)).unwrap_or(usize::MAX);
        let want = buf.len().min(left);
        if want == 0 {
            return Ok(0);
        }
        let n = read_at(self.file, &mut buf[..want], self.pos)?;
        self.pos += n as u64;
        Ok(n)
    }
}

/// Where the first byte of `raw` that is not UTF-8 stands (a character cut by the end counts),
/// reading on after the `filled` bytes already in `buf`; `None` when there is none.
fn first_bad<R: Read>(raw: &mut R, buf: &mut [u8], filled: usize) -> io::Result<Option<u64>> {
    // Bytes before `buf`.
    let mut before = 0u64;
    let mut carry = 0usize;
    let mut n = filled;
    loop {
        let filled = carry + n;
        // (simdutf8 first, a vector register at a time; std's reader says where it is not
        // UTF-8, when it is not.)
        let checked = match simdutf8::basic::from_utf8(&buf[..filled]) {
            Ok(_) => Ok(""),
            Err(_) => std::str::from_utf8(&buf[..filled]),
        };
        match checked {
            Ok(_) => {
                before += filled as u64;
                carry = 0;
            }
            Err(e) if e.error_len().is_none() && n > 0 => {
                // A sequence cut by the chunk end: carry it over.
                let valid = e.valid_up_to();
                before += valid as u64;
                buf.copy_within(valid..filled, 0);
                carry = filled - valid;
            }
            Err(e) => return Ok(Some(before + e.valid_up_to() as u64)),
        }
        if n == 0 {
            return Ok(None);
        }
        n = read_full(raw, &mut buf[carry..])?;
    }
}

/// The encoding of a text whose first byte that is not UTF-8 is `bad`, with its place.
fn decided<R: Read + Seek>(
    raw: &mut R,
    bad: Option<u64>,
    buf: &mut [u8],
) -> io::Result<(&'static Encoding, Option<(u32, u32)>)> {
    match bad {
        None => Ok((UTF_8, None)),
        Some(bad) => not_utf8_at(raw, bad, buf),
    }
}

/// What [`sniff_at`] decides of a text whose first byte that is not UTF-8 stands at `bad`:
/// windows-1252, with the byte's place, unless a NUL byte came before it. Text with a NUL
/// byte before (UTF-16 without a byte-order mark, a binary file) is no text in any encoding:
/// the reading's located error about the NUL byte says so, not a guess of windows-1252 far
/// down the file (issue 32). `raw` is read again from its start, through `buf`.
fn not_utf8_at<R: Read + Seek>(
    raw: &mut R,
    bad: u64,
    buf: &mut [u8],
) -> io::Result<(&'static Encoding, Option<(u32, u32)>)> {
    raw.seek(SeekFrom::Start(0))?;
    let mut place = Place::default();
    let mut left = bad;
    while left > 0 {
        let want = usize::try_from(left).map_or(buf.len(), |l| l.min(buf.len()));
        let n = read_full(raw, &mut buf[..want])?;
        if n == 0 {
            return Err(io::Error::other(
                "the input changed while its encoding was decided",
            ));
        }
        if buf[..n].contains(&0) {
            return Ok((UTF_8, None));
        }
        place.advance(&buf[..n]);
        left -= n as u64;
    }
    Ok((WINDOWS_1252, Some(place.one_based())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sniffed(bytes: &[u8]) -> &'static str {
        sniff(&mut io::Cursor::new(bytes))
            .map(|e| e.name())
            .unwrap_or("error")
    }

    #[test]
    fn sniffs_encodings() {
        assert_eq!(sniffed(b"1. e4 e5"), "UTF-8");
        assert_eq!(sniffed("{Bra drag av Åke}".as_bytes()), "UTF-8");
        assert_eq!(sniffed(b"{Bra drag av \xc5ke}"), "windows-1252");
        assert_eq!(sniffed(b"\xff\xfe1\x00"), "UTF-16LE");
        assert_eq!(sniffed(b"\xfe\xff\x001"), "UTF-16BE");
        assert_eq!(sniffed(b""), "UTF-8");
        // A multi-byte sequence across the chunk boundary is still UTF-8.
        let mut big = vec![b'a'; CHUNK - 1];
        big.extend_from_slice("ö".as_bytes());
        assert_eq!(sniffed(&big), "UTF-8");
        // A truncated sequence at the very end is not.
        assert_eq!(sniffed(b"abc\xc3"), "windows-1252");
        // Where the first byte that is not UTF-8 stands, across chunks.
        let at = |b: &[u8]| {
            sniff_at(&mut io::Cursor::new(b))
                .ok()
                .and_then(|(_, at)| at)
        };
        assert_eq!(at(b"1. e4\n{\xc3\xa5 \xe5}"), Some((2, 4)));
        assert_eq!(at(b"1. e4"), None);
        let mut big = "ö\n".repeat(CHUNK).into_bytes();
        big.extend_from_slice(b"ab\xff");
        assert_eq!(at(&big), Some((CHUNK as u32 + 1, 3)));
        // UTF-16 without a byte-order mark (NUL bytes first) is no windows-1252 text: the
        // reading's NUL error says what it is (issue 32: a warning at 10:98 came first).
        let utf16: Vec<u8> = "1. e4 {Åke}\n"
            .repeat(CHUNK / 8)
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(
            sniff_at(&mut io::Cursor::new(&utf16[..])).ok(),
            Some((UTF_8, None))
        );
        // A NUL byte after the first byte that is not UTF-8 does not count; one in an
        // earlier chunk does.
        assert_eq!(at(b"\n\nab\xe5 \x00"), Some((3, 3)));
        let mut nul_first = vec![b'a'; 3 * CHUNK];
        nul_first[7] = 0;
        nul_first.push(0xe5);
        assert_eq!(
            sniff_at(&mut io::Cursor::new(&nul_first[..])).ok(),
            Some((UTF_8, None))
        );
        nul_first[7] = b'\n';
        assert_eq!(at(&nul_first), Some((2, 3 * CHUNK as u32 - 7)));
    }

    /// A large file checked in two halves at once decides as one check of it whole does,
    /// wherever its middle falls (inside a character, next to the byte that is not UTF-8).
    #[test]
    fn a_file_checked_in_halves_decides_as_it_whole() {
        use std::io::Write;
        let len = HALVES_FROM as usize + 10;
        let mid = len / 2;
        let mut cases: Vec<Vec<u8>> = Vec::new();
        for shift in 0..4 {
            // A character of two, three and four bytes across the middle.
            for ch in ["å", "€", "𝄞"] {
                let mut text = "e4 e5\n".repeat(len / 6).into_bytes();
                text.truncate(mid - shift);
                text.extend_from_slice(ch.as_bytes());
                text.resize(len, b'a');
                cases.push(text.clone());
                // Cut short: its last byte, or its first, not UTF-8.
                let at = mid - shift + ch.len() - 1;
                text[at] = b'x';
                cases.push(text.clone());
                text[mid - shift] = 0xe5;
                cases.push(text);
            }
        }
        // A character across the middle followed by stray continuation bytes: the byte named
        // is the first stray one, however many follow (four or more: the file is checked
        // whole).
        for shift in 0..4 {
            for ch in ["å", "€", "𝄞"] {
                for strays in 1..6 {
                    let mut text = "e4 e5\n".repeat(len / 6).into_bytes();
                    text.truncate(mid - shift);
                    text.extend_from_slice(ch.as_bytes());
                    text.extend(std::iter::repeat_n(0x80, strays));
                    text.resize(len, b'a');
                    cases.push(text);
                }
            }
        }
        let mut nul_before = vec![b'a'; len];
        nul_before[10] = 0;
        nul_before[len - 10] = 0xff;
        cases.push(nul_before.clone());
        nul_before[10] = b'\n';
        cases.push(nul_before.clone());
        nul_before[20] = 0xff;
        cases.push(nul_before);
        let mut bom = b"\xef\xbb\xbf".to_vec();
        bom.resize(len, b'b');
        bom[len - 1] = 0xff;
        cases.push(bom);
        for (i, text) in cases.iter().enumerate() {
            let mut file = tempfile::tempfile().expect("a temporary file");
            file.write_all(text).expect("written");
            let halves = sniff_file(&file, text.len() as u64, 2).ok();
            let whole = sniff_at(&mut io::Cursor::new(text)).ok();
            assert_eq!(halves, whole, "case {i}");
        }
    }

    #[test]
    fn a_start_in_utf8_is_a_guess_and_any_other_is_decided_as_the_whole_check_decides() {
        use std::io::Write;
        let ascii = |n: usize| "e4 e5\n".repeat(n / 6 + 1).into_bytes()[..n].to_vec();
        let with = |mut text: Vec<u8>, at: usize, bytes: &[u8]| {
            text.splice(at..at, bytes.iter().copied());
            text
        };
        let within = GUESS_WITHIN as usize;
        let likely = [
            with(ascii(100), 10, "å".as_bytes()),
            // The first letter UTF-8, a byte that is not far after it: still a guess.
            with(with(ascii(200_000), 150_000, b"\xe5"), 10, "å".as_bytes()),
            with(ascii(within + 10), CHUNK + 5, "€".as_bytes()),
            with(ascii(within + 10), within - 4, "𝄞".as_bytes()),
        ];
        let decided = [
            Vec::new(),
            ascii(100),
            ascii(3 * CHUNK),
            with(ascii(100), 10, b"\xe5"),
            with(ascii(100), 10, b"\xc3"),
            with(ascii(3 * CHUNK), 2 * CHUNK + 1, b"\xe5"),
            // A letter cut by the end of the first MiB, and ASCII that far: checked whole.
            with(ascii(within + 10), within - 1, "€".as_bytes()),
            with(ascii(within + 10), within + 2, "å".as_bytes()),
            with(ascii(within + 10), within + 2, b"\xe5"),
            b"\xef\xbb\xbf\xe5".to_vec(),
            b"\xff\xfe1\x00".to_vec(),
            with(with(ascii(100), 50, b"\xe5"), 10, b"\x00"),
        ];
        for (i, text) in likely.iter().chain(&decided).enumerate() {
            let mut file = tempfile::tempfile().expect("a temporary file");
            file.write_all(text).expect("written");
            file.seek(SeekFrom::Start(0)).expect("seek");
            let whole = sniff_at(&mut io::Cursor::new(text)).expect("read");
            // (Its length as the file says it, and 0, as a file of `/proc` says it.)
            for len in [text.len() as u64, 0] {
                match sniff_start(&file, len, 2).expect("read") {
                    Start::Likely => assert!(i < likely.len(), "case {i}, {len}"),
                    Start::Decided(enc, at) => {
                        assert!(i >= likely.len(), "case {i}, {len}");
                        assert_eq!((enc, at), whole, "case {i}, {len}");
                    }
                }
                file.seek(SeekFrom::Start(0)).expect("seek");
            }
        }
    }
}
