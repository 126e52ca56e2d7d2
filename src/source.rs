//! Input sources: files opened as UTF-8 text whatever their encoding (UTF-8 with or without
//! BOM, UTF-16 with BOM, Windows-1252 when the bytes are not UTF-8), streamed, never loaded whole.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::Path;

use encoding_rs::{Encoding, UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252};
use encoding_rs_io::DecodeReaderBytesBuilder;

use crate::error::{Error, Result};

/// An opened input: its name for messages, the encoding found, and a UTF-8 text reader.
pub struct Input {
    /// The name used in error locations (the path as given).
    pub name: String,
    /// The encoding the bytes were decoded from.
    pub encoding: &'static Encoding,
    /// When the bytes were found not to be UTF-8: the line and column (in characters) of the
    /// first byte that is not.
    pub not_utf8_at: Option<(u32, u32)>,
    pub reader: Box<dyn BufRead + Send>,
}

const CHUNK: usize = 64 * 1024;

/// Opens a file and decides its encoding, reading it once to check that it is UTF-8.
/// `forced` skips the check and decodes with the given encoding.
pub fn open(path: &Path, forced: Option<&'static Encoding>) -> Result<Input> {
    let name = path.display().to_string();
    let io_err = |e: io::Error| Error::io(path, e);
    let mut file = File::open(path).map_err(io_err)?;
    let (encoding, not_utf8_at) = match forced {
        Some(enc) => (enc, None),
        None => sniff_at(&mut file).map_err(io_err)?,
    };
    file.seek(SeekFrom::Start(0)).map_err(io_err)?;
    Ok(Input {
        name,
        encoding,
        not_utf8_at,
        reader: decoder(file, encoding),
    })
}

/// Wraps raw bytes in a reader that yields UTF-8 text decoded from `encoding` (a BOM is dropped).
pub fn decoder<R: Read + Send + 'static>(
    raw: R,
    encoding: &'static Encoding,
) -> Box<dyn BufRead + Send> {
    if encoding == UTF_8 {
        let mut r = BufReader::with_capacity(CHUNK, raw);
        // Drop a UTF-8 byte-order mark; errors surface on the next read.
        if let Ok(buf) = r.fill_buf()
            && buf.starts_with(b"\xef\xbb\xbf")
        {
            r.consume(3);
        }
        Box::new(r)
    } else {
        let decoded = DecodeReaderBytesBuilder::new()
            .encoding(Some(encoding))
            .bom_override(true)
            .strip_bom(true)
            .build(raw);
        Box::new(BufReader::with_capacity(CHUNK, decoded))
    }
}

/// Finds the encoding of a stream: a UTF-16 BOM decides; otherwise UTF-8 if every byte
/// sequence is valid UTF-8, else Windows-1252 (the PGN standard's Latin-1, as browsers read it).
#[cfg(test)]
pub fn sniff<R: Read>(raw: &mut R) -> io::Result<&'static Encoding> {
    sniff_at(raw).map(|(e, _)| e)
}

/// [`sniff`], and where the first byte that is not UTF-8 stands (line, column in characters)
/// when that decided the encoding.
pub fn sniff_at<R: Read>(raw: &mut R) -> io::Result<(&'static Encoding, Option<(u32, u32)>)> {
    let mut buf = vec![0u8; CHUNK];
    // Line and column (0-based, in characters) of the start of the unchecked bytes.
    let (mut line, mut column) = (0u32, 0u32);
    let mut carry = 0usize;
    let mut first = true;
    loop {
        let n = read_full(raw, &mut buf[carry..])?;
        let filled = carry + n;
        if first {
            first = false;
            if let Some((enc, _)) = Encoding::for_bom(&buf[..filled]) {
                return Ok((enc, None));
            }
        }
        let mut advance = |valid: &[u8]| {
            for &b in valid {
                if b == b'\n' {
                    (line, column) = (line.saturating_add(1), 0);
                } else if b & 0xc0 != 0x80 {
                    column = column.saturating_add(1);
                }
            }
        };
        match std::str::from_utf8(&buf[..filled]) {
            Ok(_) => {
                advance(&buf[..filled]);
                carry = 0;
            }
            Err(e) if e.error_len().is_none() && n > 0 => {
                // A sequence cut by the chunk end: carry it over.
                let valid = e.valid_up_to();
                advance(&buf[..valid]);
                buf.copy_within(valid..filled, 0);
                carry = filled - valid;
            }
            Err(e) => {
                advance(&buf[..e.valid_up_to()]);
                let at = (line.saturating_add(1), column.saturating_add(1));
                return Ok((WINDOWS_1252, Some(at)));
            }
        }
        if n == 0 {
            return Ok((UTF_8, None));
        }
    }
}

fn read_full<R: Read>(r: &mut R, buf: &mut [u8]) -> io::Result<usize> {
    let mut total = 0;
    while total < buf.len() {
        match r.read(&mut buf[total..]) {
            Ok(0) => break,
            Ok(n) => total += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(total)
}

/// Looks up an encoding by a label such as `utf-8`, `latin1`, `windows-1252`, `utf-16le`.
pub fn encoding_for_label(label: &str) -> Option<&'static Encoding> {
    match label.to_ascii_lowercase().as_str() {
        "latin1" | "latin-1" => Some(WINDOWS_1252),
        "utf16le" => Some(UTF_16LE),
        "utf16be" => Some(UTF_16BE),
        other => Encoding::for_label(other.as_bytes()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sniffed(bytes: &[u8]) -> &'static str {
        sniff(&mut &bytes[..]).map(|e| e.name()).unwrap_or("error")
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
        let at = |b: &[u8]| sniff_at(&mut &b[..]).ok().and_then(|(_, at)| at);
        assert_eq!(at(b"1. e4\n{\xc3\xa5 \xe5}"), Some((2, 4)));
        assert_eq!(at(b"1. e4"), None);
        let mut big = "ö\n".repeat(CHUNK).into_bytes();
        big.extend_from_slice(b"ab\xff");
        assert_eq!(at(&big), Some((CHUNK as u32 + 1, 3)));
    }

    #[test]
    fn decodes_latin1_and_utf16() {
        let mut s = String::new();
        decoder(&b"\xc5ke"[..], WINDOWS_1252)
            .read_to_string(&mut s)
            .ok();
        assert_eq!(s, "Åke");
        s.clear();
        decoder(&b"\xff\xfeA\x00\xe5\x00"[..], UTF_16LE)
            .read_to_string(&mut s)
            .ok();
        assert_eq!(s, "Aå");
        s.clear();
        decoder(&b"\xef\xbb\xbfAb"[..], UTF_8)
            .read_to_string(&mut s)
            .ok();
        assert_eq!(s, "Ab");
    }
}
