//! The normalized movetext of one game given to pgn-reader: English SAN, `$n` NAGs, comments,
//! parentheses and the result, separated by single blanks. (Its tags are the scan's.)

use super::game::GameResult;
use super::letters::Lang;
use super::scan::{GameScan, ScanError, TokKind, Token};
use super::words::MoveWord;

/// What was written.
#[derive(Debug, Default)]
pub(crate) struct Written {
    /// How many tokens were written (all, or those before `error`).
    pub tokens: usize,
    /// A token that cannot be written (a promotion that no pawn can make).
    pub error: Option<ScanError>,
    /// Where a `;` comment lost a `}` (comments in braces cannot hold one).
    pub brace_dropped: Option<usize>,
}

/// Writes the game scanned into `out`, reading piece letters in language `lang`.
pub(crate) fn write_game(scan: &GameScan, lang: Lang, out: &mut Vec<u8>) -> Written {
    let mut w = Written::default();
    // The normalized text is never longer than the source plus a few bytes a token.
    out.reserve(scan.text.len() + 4 * scan.tokens.len() + 64);
    for (i, t) in scan.tokens.iter().enumerate() {
        match t.kind {
            TokKind::Move(m) => {
                if let Err(e) = write_move(&m, lang, out) {
                    w.error = Some(ScanError::new(t.start, t.end, e.0, Some(e.1)));
                    w.tokens = i;
                    return w;
                }
            }
            TokKind::Nag(n) => {
                out.push(b'$');
                push_number(n, out);
            }
            TokKind::Comment => {
                out.push(b'{');
                out.extend_from_slice(scan.slice((t.start, t.end)).as_bytes());
                out.push(b'}');
            }
            TokKind::LineComment => write_line_comment(scan, t, out, &mut w),
            TokKind::VarStart => out.push(b'('),
            TokKind::VarEnd => out.push(b')'),
            TokKind::Result(r) => out.extend_from_slice(match r {
                GameResult::WhiteWins => b"1-0".as_slice(),
                GameResult::BlackWins => b"0-1",
                GameResult::Draw => b"1/2-1/2",
                GameResult::Unknown => b"*",
            }),
            TokKind::Number { .. } | TokKind::Ellipsis => continue,
        }
        out.push(b' ');
    }
    w.tokens = scan.tokens.len();
    w
}

fn write_line_comment(scan: &GameScan, t: &Token, out: &mut Vec<u8>, w: &mut Written) {
    let text = scan.slice((t.start, t.end));
    out.push(b'{');
    if text.contains('}') {
        w.brace_dropped.get_or_insert(t.start);
        out.extend(text.bytes().filter(|&b| b != b'}'));
    } else {
        out.extend_from_slice(text.as_bytes());
    }
    out.push(b'}');
}

fn push_number(n: u8, out: &mut Vec<u8>) {
    if n >= 100 {
        out.push(b'0' + n / 100);
    }
    if n >= 10 {
        out.push(b'0' + (n / 10) % 10);
    }
    out.push(b'0' + n % 10);
}

fn write_move(m: &MoveWord, lang: Lang, out: &mut Vec<u8>) -> Result<(), (String, &'static str)> {
    let (san, n) = super::words::san_bytes(m, lang)?;
    out.extend_from_slice(&san[..n]);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::scan::Scanner;

    fn normalized(src: &str) -> (String, Written) {
        let mut s = Scanner::new(src.as_bytes(), 1);
        assert!(s.next_game().unwrap());
        let mut out = Vec::new();
        let w = write_game(&s.game, s.game.lang(), &mut out);
        (String::from_utf8(out).unwrap(), w)
    }

    #[test]
    fn english_san_for_every_notation() {
        let (text, w) = normalized(
            "[White \"A \\\"B\\\"\"]\n1. Sg1-f3 Sb8xc6 2. e2-e4 Lc5 3. 0-0 ♕e7 4. Be4 $14 ; x}y\n5. a8D a1(S) 6. -- Z0 *",
        );
        assert_eq!(
            text,
            "Ng1f3 Nb8xc6 e2e4 Bc5 O-O Qe7 e4 $14 { xy} a8=Q a1=N -- -- * "
        );
        assert_eq!(w.tokens, 20);
        assert!(w.error.is_none());
        assert!(w.brace_dropped.is_some());
    }

    #[test]
    fn impossible_promotions_stop_the_text() {
        let (text, w) = normalized("1. Sd2 e5 2. e8B");
        assert_eq!(text, "Nd2 e5 ");
        assert_eq!(
            w.error.map(|e| e.message),
            Some("a pawn cannot promote to a pawn".to_owned())
        );
        let (_, w) = normalized("1. Nf3=Q");
        assert_eq!(w.error.map(|e| e.start), Some(3));
    }
}
