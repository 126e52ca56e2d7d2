//! A game's heading (docs/decisions.md, "Game headings"): what its tags say that a reader
//! needs, a line each (players with ratings, event, site, round, date, result; opening,
//! annotator), the lines that repeat from game to game kept translated.

use super::{GameWriter, game_location, in_game};
use crate::braille::block::{Block, Paragraph, Size};
use crate::braille::book::report_unmapped;
use crate::braille::text::Unmapped;
use crate::chess::game::says_something;
use crate::chess::{Game, GameResult};
use crate::error::Warning;

impl GameWriter {
    /// The heading (docs/decisions.md, "Game headings"): what the tags say that a reader
    /// needs, a line each, kept on one page with the first lines of the moves:
    ///
    /// 1. the players, `White (Elo) – Black (Elo)`, an unknown one as `NN`;
    /// 2. `Event, Site, rond Round, Date, result` (the site left out when it only repeats the
    ///    event; the date's known parts: `1997`, `1997-05`, `1997-05-01`; the result `1-0`,
    ///    `0-1`, `remi`);
    /// 3. the opening: `ECO, Opening, Variation`;
    /// 4. `Kommentarer: Annotator`.
    ///
    /// A line with nothing known is left out; a game whose tags say nothing but the result has
    /// no heading.
    // (A call a game, kept a function of its own: `make bench` counts the headings by it.)
    #[inline(never)]
    pub(super) fn heading(
        &mut self,
        game: &Game,
        blocks: &mut Vec<Block>,
        warnings: &mut Vec<Warning>,
    ) {
        let tags = HeadingTags::of(game);
        let result = match game.result {
            Some(GameResult::WhiteWins) => Some("1-0"),
            Some(GameResult::BlackWins) => Some("0-1"),
            Some(GameResult::Draw) => Some("remi"),
            Some(GameResult::Unknown) | None => None,
        };
        // The lines, one after the other in one buffer kept from game to game.
        let mut text = std::mem::take(&mut self.heading_text);
        text.clear();
        // Each line with whether it repeats from game to game (see `text_paragraph`).
        let mut lines = [(0..0, false), (0..0, false), (0..0, false), (0..0, false)];
        let mut count = 0;
        let mut line = |text: &mut String, repeats, write: &mut dyn FnMut(&mut Parts)| {
            let start = text.len();
            write(&mut Parts { text, start });
            // A line with nothing known is left out.
            if text.len() > start {
                lines[count] = (start..text.len(), repeats);
                count += 1;
            }
        };
        // A bulletin's game stands under a heading of its players, round and result.
        if !self.bulletin && (tags.white.is_some() || tags.black.is_some()) {
            line(&mut text, false, &mut |p| {
                p.player(tags.white, tags.white_elo);
                p.text.push_str(" – ");
                p.player(tags.black, tags.black_elo);
            });
        }
        if !self.bulletin {
            // A site that only repeats the event (`Wien`, `Wien`; `Paris`, `Paris FRA`) is
            // left out.
            let site = tags.site.filter(|site| {
                tags.event
                    .is_none_or(|event| !starts_with_caseless(site, event))
            });
            line(&mut text, false, &mut |p| {
                p.part(tags.event);
                p.part(site);
                if let Some(round) = tags.round {
                    p.next().push_str("rond ");
                    p.text.push_str(round);
                }
                // The date is read as the tag gives it (not through `says_something`).
                if let Some(date) = tags.date.and_then(known_date) {
                    date.write(p.next());
                }
                p.part(result);
            });
        }
        line(&mut text, true, &mut |p| {
            p.part(tags.eco);
            p.part(tags.opening);
            p.part(tags.variation);
        });
        if let Some(annotator) = tags.annotator {
            line(&mut text, true, &mut |p| {
                p.text.push_str("Kommentarer: ");
                p.text.push_str(annotator);
            });
        }
        let lines = &lines[..count];
        // A result alone is no heading: a lone `1-0` above the moves reads as a stray number.
        let alone = |(l, _): &(std::ops::Range<usize>, bool)| Some(&text[l.clone()]) == result;
        if !(lines.len() == 1 && lines.iter().all(alone)) {
            for (l, repeats) in lines {
                let p = self.text_paragraph(&text[l.clone()], *repeats, game, warnings);
                blocks.push(Block::Paragraph(p));
            }
        }
        self.heading_text = text;
    }

    /// A heading line as a paragraph. The lines that name no game (the opening, the
    /// annotator) repeat from game to game: with `repeats`, the paragraph is kept for the next
    /// time, with the characters that had no rule (the text alone decides both). The players'
    /// line and the event's (with its round and result) seldom repeat whole.
    fn text_paragraph(
        &mut self,
        text: &str,
        repeats: bool,
        game: &Game,
        warnings: &mut Vec<Warning>,
    ) -> Paragraph {
        // At the character in the tag that holds it, when the tags were read from a file.
        let file = game.location.as_ref().map_or("", |l| l.file.as_str());
        let place = |u: &Unmapped| match game.tags.place_of(u.ch) {
            Some(at) => at.in_file(file),
            None => game_location(game),
        };
        let mut report = |unmapped: &[Unmapped]| {
            report_unmapped(unmapped, &mut |u| place(u), &mut |w| {
                warnings.push(in_game(game, w))
            });
        };
        // (A line's buffers kept: the paragraph is made in them, or the kept line copied.)
        let buffers = self.buffers(Size::Line);
        // (Only a line that repeats is looked for: the others are never kept.)
        if let Some(known) = repeats.then(|| self.headings.get(text)).flatten() {
            report(&known.unmapped);
            return known.paragraph.clone_in(buffers);
        }
        self.cells.clear();
        self.unmapped.clear();
        let mut p = Paragraph::reusing(buffers, 0, 2);
        // (`push_text` makes room for the line at once.)
        self.words
            .push_text(text, &mut self.cells, &mut p, &mut self.unmapped);
        report(&self.unmapped);
        p.end_word();
        p.keep_with_next = true;
        if !repeats {
            return p;
        }
        if self.headings.len() >= HEADINGS_KEPT {
            self.headings.clear();
        }
        let known = KnownLine {
            paragraph: p.clone(),
            unmapped: self.unmapped.clone(),
        };
        self.headings.insert(text.into(), known);
        p
    }
}

/// Heading lines whose paragraphs a writer keeps before it starts afresh (some tens of
/// kilobytes).
const HEADINGS_KEPT: usize = 512;

/// A heading line translated before: its paragraph, and the characters it has no rule for.
pub(super) struct KnownLine {
    paragraph: Paragraph,
    unmapped: Vec<Unmapped>,
}

/// The tags a heading reads, each the first of its name and only
/// when known ([`says_something`]), found in one pass over the game's tags.
#[derive(Default)]
struct HeadingTags<'a> {
    white: Option<&'a str>,
    black: Option<&'a str>,
    white_elo: Option<&'a str>,
    black_elo: Option<&'a str>,
    event: Option<&'a str>,
    site: Option<&'a str>,
    round: Option<&'a str>,
    eco: Option<&'a str>,
    opening: Option<&'a str>,
    variation: Option<&'a str>,
    annotator: Option<&'a str>,
    /// The date as the tag gives it (read by [`known_date`], not [`says_something`]).
    date: Option<&'a str>,
}

impl<'a> HeadingTags<'a> {
    fn of(game: &'a Game) -> Self {
        let mut t = HeadingTags::default();
        let mut seen = [false; 11];
        let tags = &game.tags;
        for (name, value) in tags.names() {
            let (i, slot) = match name {
                "Date" => {
                    // The first tag of the name, as it stands.
                    t.date = t.date.or(Some(tags.value(value)));
                    continue;
                }
                "White" => (0, &mut t.white),
                "Black" => (1, &mut t.black),
                "WhiteElo" => (2, &mut t.white_elo),
                "BlackElo" => (3, &mut t.black_elo),
                "Event" => (4, &mut t.event),
                "Site" => (5, &mut t.site),
                "Round" => (6, &mut t.round),
                "ECO" => (7, &mut t.eco),
                "Opening" => (8, &mut t.opening),
                "Variation" => (9, &mut t.variation),
                "Annotator" => (10, &mut t.annotator),
                _ => continue,
            };
            // The first tag of a name counts, known or not.
            if !seen[i] {
                seen[i] = true;
                *slot = says_something(tags.value(value));
            }
        }
        t.white_elo = t.white_elo.filter(|e| is_rating(e));
        t.black_elo = t.black_elo.filter(|e| is_rating(e));
        t
    }
}

/// Whether an Elo tag's value is a rating to print: digits, not 0 (what exports write for a
/// player without one).
pub(crate) fn is_rating(elo: &str) -> bool {
    elo.bytes().all(|b| b.is_ascii_digit()) && elo.bytes().any(|b| b != b'0')
}

/// A heading line being written: its known parts, `, ` between them.
struct Parts<'t> {
    text: &'t mut String,
    /// Where the line starts in `text`.
    start: usize,
}

impl Parts<'_> {
    /// The text, ready for the next part (after `, ` when one came before).
    fn next(&mut self) -> &mut String {
        if self.text.len() > self.start {
            self.text.push_str(", ");
        }
        self.text
    }

    fn part(&mut self, part: Option<&str>) {
        if let Some(part) = part {
            self.next().push_str(part);
        }
    }

    /// A player, `Name (Elo)`, or `NN`.
    fn player(&mut self, name: Option<&str>, elo: Option<&str>) {
        self.text.push_str(name.unwrap_or("NN"));
        if let (Some(_), Some(elo)) = (name, elo) {
            self.text.push_str(" (");
            self.text.push_str(elo);
            self.text.push(')');
        }
    }
}

/// Whether `text` starts with `start`, letter case aside (as their lower-case forms compare).
fn starts_with_caseless(text: &str, start: &str) -> bool {
    if text.is_ascii() && start.is_ascii() {
        // Most tags: compared in place, nothing made lower-case.
        return text
            .as_bytes()
            .get(..start.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(start.as_bytes()));
    }
    text.to_lowercase().starts_with(&start.to_lowercase())
}

/// The known parts of a PGN date (`1997.05.??` → `1997-05`), written as Swedish dates are
/// (ISO, kept on one line); `None` when the year is not known or the date is not a PGN date.
fn known_date(date: &str) -> Option<KnownDate<'_>> {
    // A whole date (`1997.05.01`, most games') read at once; any other the part-by-part way,
    // which reads a whole one the same.
    let b = date.as_bytes();
    if let [y0, y1, y2, y3, b'.', m0, m1, b'.', d0, d1] = b
        && [y0, y1, y2, y3, m0, m1, d0, d1]
            .iter()
            .all(|d| d.is_ascii_digit())
    {
        return Some(KnownDate {
            parts: [&date[..4], &date[5..7], &date[8..]],
            len: 3,
        });
    }
    let mut known = KnownDate {
        parts: [""; 3],
        len: 0,
    };
    for (i, part) in date.trim().split('.').enumerate() {
        let width = if i == 0 { 4 } else { 2 };
        if i > 2 || part.len() != width {
            return None;
        }
        if part.bytes().all(|b| b == b'?') {
            break;
        }
        if !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        known.parts[i] = part;
        known.len = i + 1;
    }
    (known.len > 0).then_some(known)
}

/// The known parts of a date: year, month, day.
struct KnownDate<'a> {
    parts: [&'a str; 3],
    len: usize,
}

impl KnownDate<'_> {
    /// Writes the date, `-` between its parts.
    fn write(&self, out: &mut String) {
        for (i, part) in self.parts[..self.len].iter().enumerate() {
            if i > 0 {
                out.push('-');
            }
            out.push_str(part);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (A broken date gives no line of the heading: `mod.rs`.)
    #[test]
    fn heading_dates_give_their_known_parts_and_nothing_from_a_broken_one() {
        let known_date = |date| {
            known_date(date).map(|d| {
                let mut s = String::new();
                d.write(&mut s);
                s
            })
        };
        assert_eq!(known_date("1997.??.??").as_deref(), Some("1997"));
        assert_eq!(known_date("1997.05.??").as_deref(), Some("1997-05"));
        assert_eq!(known_date("1997.05.01").as_deref(), Some("1997-05-01"));
        assert_eq!(known_date("2025.12.31").as_deref(), Some("2025-12-31"));
        assert_eq!(known_date(" 1997.05.01 ").as_deref(), Some("1997-05-01"));
        assert_eq!(known_date("1997.??.01").as_deref(), Some("1997"));
        for broken in [
            "1997.05.0a",
            "199a.05.01",
            "1997-05-01",
            "1997.05:01",
            "1éé",
            "19é9.01.01",
            "?",
            "",
            "1997.5.1",
            "1997.05.01.02",
            "????.05.01",
        ] {
            assert_eq!(known_date(broken), None, "{broken}");
        }
    }
}
