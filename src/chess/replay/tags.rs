//! The game's tags as the scan read them, and the start position they give: `[FEN]` (its
//! errors placed in the tag's value) and `[Variant]` (Chess960, or a variant refused).

use std::ops::ControlFlow;

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

use super::{Flow, Replay, game_label};
use crate::chess::fen;
use crate::chess::scan::{TagTok, tag_text};
use crate::error::{Error, Warning};

/// Why a FEN's halfmove clock or fullmove number is no number a position can hold (more than
/// `u32::MAX`), as [`crate::chess::fen`] says it for a `.fen` file.
fn counter_too_large(fen: &str) -> Option<String> {
    let fields = fen.split_ascii_whitespace().skip(4).take(2);
    fields
        .zip(["halfmove clock", "fullmove number"])
        .find_map(|(f, name)| {
            let digits = !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit());
            (digits && f.parse::<u32>().is_err()).then(|| format!("{name}: {f} is too large"))
        })
}

/// Whether a tag's value as written holds a `"` not escaped with a backslash.
fn unescaped_quote(raw: &str) -> bool {
    let b = raw.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return true,
            _ => i += 1,
        }
    }
    false
}

/// What a `[Variant]` tag's value says: standard chess (`false`), Chess960 (`true`: also
/// "Fischerandom", "Chess 960"), or (`None`) a variant with rules of its own. Standard chess
/// goes by many names: empty, "Standard", "Normal", "From Position" (lichess's name for a
/// standard game from a set-up position).
fn variant(value: &str) -> Option<bool> {
    let v = value.trim().to_ascii_lowercase();
    if v.contains("960") || v.contains("fischer") {
        return Some(true);
    }
    const STANDARD: [&str; 7] = [
        "",
        "standard",
        "normal",
        "chess",
        "from position",
        "fromposition",
        "classical",
    ];
    STANDARD.contains(&v.as_str()).then_some(false)
}

impl<'a> Replay<'a> {
    /// The game's tags, as the scan read them (values unescaped); the `[FEN]` tag and a
    /// Chess960 `[Variant]` noted for the start position.
    pub(crate) fn take_tags(&mut self) {
        let scan = self.scan;
        // The tag lines copied at once; each name and value a span of them (a value read
        // from more than its bytes, unescaped or joined, goes in on its own).
        let first = scan.tags.iter().map(|t| t.start).min().unwrap_or(0);
        let last = scan.tags.iter().map(|t| t.end).max().unwrap_or(0);
        let lines = scan.text.get(first..last).unwrap_or_default();
        let base = self.tags.push_source(lines);
        let moved = |(start, end): (usize, usize)| (start - first + base, end - first + base);
        for t in &scan.tags {
            // (What the scan saw of the tag's form: its bytes are not read again.)
            debug_assert_eq!(
                (t.wrapped, t.escapes, t.loose_quotes),
                (
                    scan.text
                        .get(t.start..t.end)
                        .is_some_and(|s| s.contains('\n')),
                    scan.slice(t.value).contains('\\'),
                    unescaped_quote(scan.slice(t.value))
                ),
                "{}",
                scan.slice(t.value)
            );
            // (Most tags: a value read as its bytes stand, a name neither `FEN` nor `Variant`
            // by its length: their spans moved, nothing read.)
            let plain = !(t.wrapped || t.escapes || t.loose_quotes);
            if plain && !matches!(t.name.1 - t.name.0, 3 | 7) {
                debug_assert!(!matches!(scan.slice(t.name), "FEN" | "Variant"));
                self.tags
                    .push_span_at(moved(t.name), moved(t.value), Some(t.at));
                continue;
            }
            let name = scan.slice(t.name);
            let raw = scan.slice(t.value);
            // Read as exports write them, and said: a tag wrapped over lines (a value's lines
            // joined by a blank), quotes not escaped inside a value.
            let value = match t.wrapped || t.escapes {
                true => tag_text(raw),
                false => std::borrow::Cow::Borrowed(raw),
            };
            if t.wrapped {
                let message =
                    format!("the tag {name} is wrapped over lines; it is read as one line");
                self.tag_warning(t, message);
            }
            if t.loose_quotes {
                self.tag_warning(t, format!("the value of the tag {name} holds quotes that are not escaped (\\\"); they are read as they stand"));
            }
            match name {
                "FEN" => self.fen_tag = Some(self.tags.len()),
                "Variant" => match variant(&value) {
                    Some(chess960) => self.chess960 = chess960,
                    None => self.variant = Some(self.tags.len()),
                },
                _ => {}
            }
            match value {
                std::borrow::Cow::Borrowed(_) => {
                    self.tags
                        .push_span_at(moved(t.name), moved(t.value), Some(t.at));
                }
                std::borrow::Cow::Owned(value) => {
                    self.tags.push_value_at(moved(t.name), &value, Some(t.at));
                }
            }
        }
    }

    /// A warning at a tag's value.
    fn tag_warning(&mut self, t: &TagTok, message: String) {
        let label = game_label(self.scan, self.number);
        let end = self.scan.text[t.value.0..]
            .find('\n')
            .map_or(t.value.1, |k| (t.value.0 + k).min(t.value.1))
            .max(t.value.0 + 1);
        let d = self
            .scan
            .diagnostic(self.file, t.value.0, end, format!("{message} in {label}"));
        self.warnings.push(Warning(d));
    }

    pub(super) fn setup(&mut self) -> Flow {
        self.set_up = true;
        // A variant with other rules (`Atomic`, `Crazyhouse`): refused at its tag, by name,
        // before a move is read as standard chess.
        if let Some(i) = self.variant
            && let (Some(t), Some((_, value))) = (self.scan.tags.get(i), self.tags.at(i))
        {
            let label = game_label(self.scan, self.number);
            let message = format!(
                "{label} is a game of {value}, a variant with rules of its own: only standard \
                 chess and Chess960 are transcribed"
            );
            let d = self
                .scan
                .diagnostic(self.file, t.value.0, t.value.1.max(t.value.0 + 1), message)
                .with_hint(
                    "its moves would be read, and drawn, as standard chess; --keep-going skips \
                     it and goes on",
                );
            return self.fail(t.start, d.into());
        }
        let mode = if self.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let Some(i) = self.fen_tag else {
            return ControlFlow::Continue(());
        };
        let value = self.tags.at(i).map_or("", |t| t.1.trim());
        // shakmaty saturates a counter too large for it; a .fen file's FEN is an error then.
        let fen = Fen::from_ascii(value.as_bytes())
            .map_err(|e| e.to_string())
            .and_then(|fen| counter_too_large(value).map_or(Ok(fen), Err));
        let pos = match fen {
            Err(e) => Err(format!("bad FEN '{value}': {e}")),
            // Standard castling first; Chess960 only for castling rights it cannot hold.
            Ok(fen) => match fen.clone().into_position::<Chess>(mode) {
                Ok(p) => Ok(p),
                Err(e) if mode == CastlingMode::Chess960 => Err(format!("bad FEN '{value}': {e}")),
                Err(e) => fen
                    .into_position::<Chess>(CastlingMode::Chess960)
                    .map_err(|_| format!("bad FEN '{value}': {e}")),
            },
        };
        match pos {
            Ok(p) => {
                self.start = Some(p.clone());
                self.pos = p;
                self.not_in_check = false;
                ControlFlow::Continue(())
            }
            Err(message) => {
                let Some(t) = self.scan.tags.get(i) else {
                    return self.internal("FEN tag not found");
                };
                let label = game_label(self.scan, self.number);
                // The FEN reader of `.fen` files says which field is wrong and where; its
                // place is found in the tag's value as written.
                let raw = self.scan.slice(t.value);
                let (start, end, message) = match fen::parse_fen_in_line(raw, 0..raw.len(), "", 1) {
                    Err(Error::Input(d)) => {
                        let skip = (d.location.column as usize).saturating_sub(1);
                        let offset = raw.char_indices().nth(skip).map_or(raw.len(), |(b, _)| b);
                        let start = t.value.0 + offset;
                        let end = start + (d.width as usize).max(1);
                        (start, end, format!("bad FEN tag in {label}: {}", d.message))
                    }
                    _ => (t.start, t.end, format!("{message} in {label}")),
                };
                let d = self
                    .scan
                    .diagnostic(self.file, start, end.min(t.end), message)
                    .with_hint(
                        "the FEN tag gives the position the game starts from, e.g. \
                     [FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]",
                    );
                self.fail(t.start, d.into())
            }
        }
    }
}
