//! What pgn-reader's long-lived `Reader` reads: the normalized text of one game at a time,
//! ended by a blank line and an escape line that keep its look-ahead from copying bytes.

use std::io::{self, Read};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

#[derive(Debug, Default)]
struct Inner {
    data: Vec<u8>,
    pos: usize,
}

/// A shared buffer: the reader holds one handle, `PgnReader` fills it through the other.
#[derive(Clone, Debug, Default)]
pub(crate) struct Feed(Arc<Mutex<Inner>>);

/// pgn-reader asks for 257 bytes ahead of each movetext token; the padding gives them.
const PAD: usize = 300;

impl Feed {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Replaces the text with what `write` puts in the buffer, then the end of game.
    pub(crate) fn fill<T>(&self, write: impl FnOnce(&mut Vec<u8>) -> T) -> T {
        let mut inner = self.lock();
        inner.data.clear();
        inner.pos = 0;
        let out = write(&mut inner.data);
        // A blank line ends the movetext; the escape line (`%...`) is skipped as one.
        inner.data.extend_from_slice(b"\n\n%");
        let len = inner.data.len();
        inner.data.resize(len + PAD, b'-');
        inner.data.push(b'\n');
        out
    }
}

impl Read for Feed {
    // (Called once or twice a game: kept out of line, so that pgn-reader's look-ahead, which
    // asks for bytes before every token and seldom needs more, is inlined where it asks.)
    #[inline(never)]
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut inner = self.lock();
        let pos = inner.pos;
        let rest = inner.data.get(pos..).unwrap_or_default();
        let n = rest.len().min(buf.len());
        buf[..n].copy_from_slice(&rest[..n]);
        inner.pos += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_game_at_a_time() {
        let feed = Feed::default();
        let mut reader = feed.clone();
        let mut buf = [0u8; 4];
        feed.fill(|out| out.extend_from_slice(b"e4"));
        assert_eq!(reader.read(&mut buf).unwrap(), 4);
        assert_eq!(&buf, b"e4\n\n");
        let mut rest = Vec::new();
        reader.read_to_end(&mut rest).unwrap();
        assert_eq!(rest.len(), 1 + PAD + 1);
        assert_eq!(reader.read(&mut buf).unwrap(), 0);
        feed.fill(|out| out.extend_from_slice(b"d4"));
        assert_eq!(reader.read(&mut buf).unwrap(), 4);
        assert_eq!(&buf, b"d4\n\n");
    }
}
