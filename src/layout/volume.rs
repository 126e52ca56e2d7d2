//! Volumes: where a book too long for one binding is split, and what the layout notes to
//! decide it (rules.md §8; docs/decisions.md, "Volumes").
//!
//! The braille stage marks the places where a volume may end ([`Block::Seam`]: before a
//! chapter, a section, or between two top-level blocks; never inside a game, a diagram, a
//! table or a container). A layout pass notes where each seam fell and where each volume
//! began; [`plan`] picks the breaks from that, and the next pass lays the book out with them,
//! each later volume starting with its own title page (given as blocks by the braille stage).
//! The build repeats this until the breaks and the title pages settle.

use std::io;

use super::{Layouter, LineSink};
use crate::braille::{Block, Seam};

/// Where the volumes of the next pass begin, and their title pages.
#[derive(Clone, Debug, Default)]
pub(crate) struct Plan {
    /// The seams (counted from 0 in the order they reach the layout) before which a new
    /// volume begins, ascending.
    pub breaks: Vec<u32>,
    /// The title page of each volume after the first, in order.
    pub titles: Vec<Vec<Block>>,
    /// The heading of a contents list that goes on in a volume after its title page
    /// (`Innehåll, forts.`), as the braille stage writes it.
    pub contents_continued: Vec<Block>,
}

/// A seam as it fell in a pass.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) struct Place {
    pub seam: u32,
    pub rank: Seam,
    /// The volume it fell in (from 0).
    pub volume: usize,
    /// The page number where what follows it starts, unless the page is begun: then the page
    /// after it (`begun`).
    pub page: u32,
    /// Lines were already written on that page: a volume ending here ends with that page.
    pub begun: bool,
}

impl Place {
    /// The last page of a volume that ends here.
    fn last_page(&self) -> u32 {
        if self.begun {
            self.page
        } else {
            self.page.saturating_sub(1)
        }
    }
}

/// A volume as a pass laid it out.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub(crate) struct Span {
    /// Its first and last braille page number (its title page first).
    pub first: u32,
    pub last: u32,
    /// The first and last print page it holds: the one in force where it begins, and the last
    /// one that begins in it.
    pub print: Option<(Box<str>, Box<str>)>,
}

impl Span {
    pub fn pages(&self) -> u32 {
        (self.last + 1).saturating_sub(self.first)
    }
}

/// The volume state of a [`Layouter`].
#[derive(Debug, Default)]
pub(super) struct Volumes {
    plan: Plan,
    /// Seams seen so far.
    seams: u32,
    /// Breaks of the plan done so far.
    done: usize,
    places: Vec<Place>,
    /// The places are noted: the book is split into volumes (a bulletin of thousands of games
    /// has as many places, which nothing else asks for).
    noting: bool,
    spans: Vec<Span>,
    /// The print page in force.
    print: Option<Box<str>>,
    /// Where the text of the last volume begun starts (pages ended, lines on the page): a
    /// print page change there is the volume's first print page.
    text_from: Option<(u64, usize)>,
}

impl<S: LineSink> Layouter<S> {
    /// Splits the book into volumes as `plan` says.
    pub(crate) fn set_volumes(&mut self, plan: Plan) {
        self.volumes.plan = plan;
    }

    /// Notes where the seams fall ([`Layouter::take_places`]): for planning volumes.
    pub(crate) fn note_places(&mut self, noting: bool) {
        self.volumes.noting = noting;
    }

    /// Where the seams fell in this layout (noted only when asked: [`Layouter::note_places`]).
    pub(crate) fn take_places(&mut self) -> Vec<Place> {
        std::mem::take(&mut self.volumes.places)
    }

    /// The volumes laid out so far (the last one up to the current page).
    pub(crate) fn spans(&self) -> Vec<Span> {
        let mut spans = self.volumes.spans.clone();
        if spans.is_empty() {
            spans.push(Span::default());
        }
        if let Some(s) = spans.last_mut() {
            s.first = s.first.max(1);
            s.last = self.last_page();
        }
        spans
    }

    /// The number of the last page written, or being written.
    fn last_page(&self) -> u32 {
        let number = self.pages.number();
        if self.used > 0 { number } else { number - 1 }
    }

    /// A place where a volume may end: a break of the plan, else noted.
    pub(super) fn seam(&mut self, rank: Seam) -> io::Result<()> {
        let seam = self.volumes.seams;
        self.volumes.seams += 1;
        let planned = self.volumes.plan.breaks.get(self.volumes.done) == Some(&seam);
        // A better place right after the one before (a print page change before a chapter's
        // heading, held with it): the place before the change is as good.
        if self.volumes.noting
            && !self.pages.held_nothing()
            && let Some(last) = self.volumes.places.last_mut()
            && last.seam + 1 == seam
        {
            last.rank = last.rank.min(rank);
        }
        // Not where a heading waits for its block: that would part them.
        if self.volumes.noting && (planned || self.pages.held_nothing()) && self.page_length > 0 {
            let place = Place {
                seam,
                rank,
                volume: self.volumes.spans.len().saturating_sub(1),
                page: self.pages.number(),
                begun: self.used > 0,
            };
            self.volumes.places.push(place);
        }
        if planned {
            self.volumes.done += 1;
            self.volume_break()?;
            // A contents list that goes on: its heading says so.
            if matches!(rank, Seam::Contents | Seam::ContentsEntry) {
                let mut heading = self.volumes.plan.contents_continued.clone();
                for block in &mut heading {
                    self.push(block)?;
                }
            }
        }
        Ok(())
    }

    /// Ends the volume: the next starts on a new sheet with its title page.
    fn volume_break(&mut self) -> io::Result<()> {
        self.recto_break()?;
        let last = self.last_page();
        let first = self.pages.number();
        let v = &mut self.volumes;
        v.span_mut().last = last;
        v.spans.push(Span {
            first,
            last: first,
            print: v.print.clone().map(|p| (p.clone(), p)),
        });
        self.sink.new_volume()?;
        let done = self.volumes.done;
        let mut title = match self.volumes.plan.titles.get_mut(done - 1) {
            Some(t) => std::mem::take(t),
            None => Vec::new(),
        };
        for block in &mut title {
            self.push(block)?;
        }
        self.volumes.text_from = Some((self.pages_ended, self.used));
        Ok(())
    }

    /// A print page begins (a print page change line).
    pub(super) fn print_page(&mut self, number: &str) {
        let before_text = self.volumes.text_from == Some((self.pages_ended, self.used));
        let v = &mut self.volumes;
        v.print = Some(number.into());
        let span = v.span_mut();
        // The volume's text begins with it: the page in force before is not in the volume.
        if before_text {
            span.print = None;
        }
        match &mut span.print {
            Some((_, last)) => *last = number.into(),
            None => span.print = Some((number.into(), number.into())),
        }
    }
}

impl Volumes {
    /// The volume being laid out.
    fn span_mut(&mut self) -> &mut Span {
        if self.spans.is_empty() {
            self.spans.push(Span {
                first: 1,
                ..Span::default()
            });
        }
        let last = self.spans.len() - 1;
        &mut self.spans[last]
    }
}

/// The breaks for the next pass: those of this pass while their volumes hold at most
/// `limit` pages; in the first volume that holds more, a new break at the best seam (a
/// chapter before a section before any other; among equals the latest, so that volumes are
/// full), and after it breaks as they would fall if the pages only moved (the next pass
/// corrects them). `title` is the pages a volume's title page takes (with the blank back of
/// its sheet when printed on both sides); `duplex`: a volume starts on an odd page.
pub(crate) fn plan(
    breaks: &[u32],
    places: &[Place],
    spans: &[Span],
    limit: u32,
    title: u32,
    duplex: bool,
) -> Vec<u32> {
    let limit = limit.max(title + 1);
    let seams_of = |k: usize, first: u32| -> Vec<Place> {
        places
            .iter()
            .filter(|p| p.volume == k && p.page > first)
            .copied()
            .collect()
    };
    // The first volume too long that a break can shorten (one with no seam that fits keeps
    // the break it has: it cannot be made shorter).
    let found = spans.iter().enumerate().find_map(|(k, span)| {
        if span.pages() <= limit {
            return None;
        }
        let chosen = best(&seams_of(k, span.first), span.first, limit)?;
        (breaks.get(k) != Some(&chosen.seam)).then_some((k, chosen))
    });
    let Some((over, mut chosen)) = found else {
        return breaks.to_vec();
    };
    let mut kept: Vec<u32> = breaks[..over.min(breaks.len())].to_vec();
    let mut end = spans.last().map_or(0, |s| s.last);
    // The seams after it, at their pages in this pass, to be moved as each break moves them.
    let mut rest: Vec<Place> = places
        .iter()
        .filter(|p| p.volume >= over)
        .copied()
        .collect();
    loop {
        kept.push(chosen.seam);
        // The next volume: a new sheet, its title page, then the text from the seam on.
        let mut next = chosen.last_page() + 1;
        if duplex && next.is_multiple_of(2) {
            next += 1;
        }
        let from = if chosen.begun {
            chosen.page + 1
        } else {
            chosen.page
        };
        let shift = i64::from(next + title) - i64::from(from);
        let moved = |page: u32| u32::try_from(i64::from(page) + shift).unwrap_or(page);
        rest = rest
            .iter()
            .filter(|p| p.seam > chosen.seam)
            .map(|p| Place {
                page: moved(p.page),
                ..*p
            })
            .collect();
        end = moved(end);
        if end + 1 - next <= limit {
            return kept;
        }
        match best(&rest, next, limit) {
            Some(c) => chosen = c,
            None => return kept,
        }
    }
}

/// The best seam to end a volume that begins at page `first` and may hold `limit` pages: among
/// those that leave the volume at least half full, else among all that fit, the best rank and
/// then the latest; when none fits, the first (the volume is too long, but as short as it
/// can be).
fn best(places: &[Place], first: u32, limit: u32) -> Option<Place> {
    let pages = |p: &Place| (p.last_page() + 1).saturating_sub(first);
    let fits: Vec<&Place> = places
        .iter()
        .filter(|p| pages(p) > 0 && pages(p) <= limit)
        .collect();
    let half: Vec<&Place> = fits
        .iter()
        .copied()
        .filter(|p| pages(p) * 2 >= limit)
        .collect();
    let pool = if half.is_empty() { fits } else { half };
    pool.into_iter()
        .min_by_key(|p| (p.rank, std::cmp::Reverse(p.seam)))
        .copied()
        .or_else(|| places.iter().find(|p| pages(p) > 0).copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(seam: u32, rank: Seam, page: u32) -> Place {
        Place {
            seam,
            rank,
            volume: 0,
            page,
            begun: false,
        }
    }

    fn one(last: u32) -> Vec<Span> {
        vec![Span {
            first: 1,
            last,
            print: None,
        }]
    }

    #[test]
    fn a_book_that_fits_is_one_volume() {
        let places = [place(0, Seam::Chapter, 5)];
        assert_eq!(
            plan(&[], &places, &one(10), 10, 1, false),
            Vec::<u32>::new()
        );
    }

    #[test]
    fn a_chapter_wins_over_a_later_paragraph_when_the_volume_is_half_full() {
        let places = [
            place(0, Seam::Block, 3),
            place(1, Seam::Chapter, 7),
            place(2, Seam::Block, 10),
            place(3, Seam::Block, 12),
        ];
        // Pages 1-12 fit a volume of 10 pages up to the seam at page 10 (pages 1-9)...
        assert_eq!(plan(&[], &places, &one(14), 10, 1, false), vec![1]);
    }

    #[test]
    fn a_chapter_that_leaves_the_volume_nearly_empty_gives_way() {
        let places = [
            place(0, Seam::Chapter, 2),
            place(1, Seam::Block, 9),
            place(2, Seam::Block, 11),
        ];
        // The seam at the top of page 11 ends a volume of pages 1-10.
        assert_eq!(plan(&[], &places, &one(14), 10, 1, false), vec![2]);
    }

    #[test]
    fn every_volume_is_planned_and_fits_after_the_pages_move() {
        // A seam at the top of every page of 100: volumes of 10 pages, each title page one.
        let places: Vec<Place> = (2..=100).map(|p| place(p - 2, Seam::Block, p)).collect();
        let breaks = plan(&[], &places, &one(100), 10, 1, false);
        // Volume 1: pages 1-10; each later one: its title page and 9 pages of text: 90 pages
        // of text in 10 more volumes.
        assert_eq!(breaks.len(), 10);
        assert_eq!(breaks[0], 9, "before the text of page 11");
        assert_eq!(breaks[1] - breaks[0], 9);
    }

    #[test]
    fn a_volume_with_no_seam_that_fits_ends_at_its_first_seam() {
        let places = [place(0, Seam::Block, 30)];
        assert_eq!(plan(&[], &places, &one(40), 10, 1, false), vec![0]);
    }

    #[test]
    fn breaks_of_volumes_that_fit_are_kept() {
        let spans = vec![
            Span {
                first: 1,
                last: 10,
                print: None,
            },
            Span {
                first: 11,
                last: 30,
                print: None,
            },
        ];
        let mut places: Vec<Place> = (12..=30).map(|p| place(p, Seam::Block, p)).collect();
        places.iter_mut().for_each(|p| p.volume = 1);
        let breaks = plan(&[4], &places, &spans, 10, 1, false);
        assert_eq!(breaks[0], 4);
        assert!(breaks.len() >= 2);
        assert_eq!(breaks[1], 21, "the seam at page 21 ends pages 11-20");
    }
}
