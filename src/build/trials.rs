//! The trial passes of a book with a contents list or volumes, and of a bulletin: laid out
//! until the list's pages, the volumes and a bulletin's title settle; nothing written.

use super::*;

/// The pages a pass lays out of a bulletin's title page and contents list alone (its first
/// input read as empty: no games, no index), and where the front ended
/// ([`super::run::Run::front_end`]); `None` when the first input is no spooled PGN.
fn front_pages(
    mut pass: Pass<'_, '_>,
    opened: &[(String, Prepared, InputKind, Role)],
    each: &[Options],
) -> Result<(Option<u64>, Option<u64>, Known)> {
    let (Some((name, Prepared::Spooled(text), InputKind::Pgn, role)), Some(options)) =
        (opened.first(), each.first())
    else {
        return Ok((None, None, std::mem::take(&mut pass.contents.known)));
    };
    let alone = vec![(
        name.clone(),
        Prepared::Spooled(text.emptied()),
        InputKind::Pgn,
        *role,
    )];
    let laid = pass.run(alone, vec![options.clone()], NoLines)?;
    Ok((Some(laid.counts.pages), laid.front_end, laid.known))
}

/// How many times a bulletin's front is laid out alone at most to find how far its first
/// pass's pages move ([`Trials::shifted`]; each time the pages move, their digits may lengthen
/// the list by a page more).
const SHIFTS: usize = 8;

/// A contents list's entries with their pages, as a pass lays the list out.
type Known = book::Entries;

/// A sink that only counts: the trial passes of a contents list.
struct NoLines;

impl LineSink for NoLines {
    fn line(&mut self, _: &[braille::Cell]) -> io::Result<()> {
        Ok(())
    }
    fn end_page(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// What the trial passes settle: the contents list's pages and the volumes.
pub(super) struct Settled {
    pub(super) contents: book::Contents,
    pub(super) volumes: Volumes,
}

/// The trial passes of a book with a contents list, volumes, or a bulletin.
pub(super) struct Trials<'a> {
    pub(super) opened: &'a [Opened],
    pub(super) each: &'a [Options],
    pub(super) options: &'a Options,
    pub(super) profile: Option<&'a Profile>,
    pub(super) marker: bool,
    pub(super) drive: &'a Drive,
    /// Volumes of at most this many pages, and the pages a sheet (when a book is split).
    pub(super) split: Option<(u32, u64)>,
    /// The pass that writes checks its braille: the first pass keeps each game's witness.
    pub(super) witnesses: bool,
}

impl Trials<'_> {
    /// Lays the inputs out until the contents list's pages, the volumes and a bulletin's
    /// title settle (at most [`PASSES`] times).
    pub(super) fn settle(
        &self,
        laid: &mut Settled,
        meta: &mut Meta,
        bulletin: &mut Option<bulletin::Bulletin>,
        spool: &mut Option<spool::Translations>,
    ) -> Result<()> {
        let numbered =
            self.options.page_length > 0 && self.profile.and_then(|p| p.page_numbers).is_some();
        // The list was found by shifting the first pass's pages (see below).
        let mut shifted = false;
        // A bulletin whose Event tags name several events makes its round headings so from
        // its first pass: the pass then lays its games out as every later one will.
        let start = match bulletin.as_mut() {
            Some(b) if self.several_events()? => {
                let before = (b.clone(), meta.title.clone(), laid.volumes.titled);
                b.expect_several_events();
                Some(before)
            }
            _ => None,
        };
        for _ in 1..PASSES {
            let (found, new_bulletin) = self.trial(laid, meta, bulletin.take(), spool)?;
            *bulletin = new_bulletin;
            let front_end = found.front_end;
            let as_learnt = bulletin
                .as_ref()
                .is_some_and(bulletin::Bulletin::headings_as_learnt);
            // Several events expected, one found (an Event tag in a comment, or in a game
            // left out): the first pass again, as it is without the expectation.
            if bulletin
                .as_mut()
                .is_some_and(bulletin::Bulletin::drop_wrong_expectation)
                && let Some((b, title, titled)) = start.clone()
            {
                *bulletin = Some(b);
                (meta.title, laid.volumes.titled) = (title, titled);
                laid.contents.known = book::Entries::default();
                continue;
            }
            // The title a bulletin learnt from its first game: its title page, each volume's,
            // the PEF's and the proof's head.
            let title = bulletin.as_ref().and_then(|b| b.title.clone());
            let retitled = bulletin.is_some() && title != meta.title;
            if retitled {
                meta.title = title;
                laid.volumes.titled = meta.title.is_some();
            }
            let next = self.next_volumes(laid, &found);
            let mut known = pages_found(found, numbered);
            // (Debug builds lay the bulletin out once more where its first pass was shifted, to
            // see that this pass gives the same pages.)
            debug_assert!(
                !shifted || known == laid.contents.known,
                "a bulletin's first pass shifted did not give the pages a pass gives"
            );
            if known == laid.contents.known && next == laid.volumes && !retitled {
                break;
            }
            // A bulletin's first pass, laid out after an empty list and no title page: when it
            // made its games' headings as the next pass will (no second event came up), the
            // next pass lays each game out as this one did, only as many pages later as its
            // front takes more: those pages are found by laying the front out alone, and a
            // whole pass is saved (issue 33).
            if laid.contents.known.is_empty()
                && numbered
                && self.split.is_none()
                && let Some(b) = bulletin.as_ref()
                && as_learnt
                && let Some(first_front) = front_end
            {
                match self.shifted(laid, meta, b, known, first_front)? {
                    Ok(settled) => {
                        laid.contents.known = settled;
                        laid.volumes = next;
                        if cfg!(debug_assertions) {
                            shifted = true;
                            continue;
                        }
                        break;
                    }
                    Err(back) => known = back,
                }
            }
            if self.front_settles(
                laid,
                meta,
                bulletin.as_ref(),
                &mut known,
                numbered,
                retitled,
            )? {
                laid.contents.known = known;
                break;
            }
            laid.contents.known = known;
            laid.volumes = next;
        }
        Ok(())
    }

    /// One trial pass with the list and the bulletin so far: the list handed back into
    /// `laid`, what the pass laid out and the bulletin after it returned.
    fn trial(
        &self,
        laid: &mut Settled,
        meta: &Meta,
        bulletin: Option<bulletin::Bulletin>,
        spool: &mut Option<spool::Translations>,
    ) -> Result<(Laid<NoLines>, Option<bulletin::Bulletin>)> {
        let mut copies = Vec::with_capacity(self.opened.len());
        for (n, p, k, r) in self.opened {
            if let Some(copy) = p.copy(n)? {
                copies.push((n.clone(), copy, *k, *r));
            }
        }
        let mut trial = self.pass(&laid.volumes, meta);
        // (The list is lent to the pass and handed back: a bulletin's is long.)
        let lent = std::mem::take(&mut laid.contents);
        let (wanted, written) = (lent.wanted, lent.written);
        (trial.contents, trial.bulletin, trial.spool) =
            (pass::with_room(lent), bulletin, spool.take());
        // (Only the pass that writes the file translates: the others read it.)
        trial.witnesses = self.witnesses && trial.spool.as_ref().is_some_and(|s| s.recording());
        // What a trial learns without volumes stands before the index of players' heading (the
        // headings' pages, where the front ends): the index's players are laid out by the
        // pass that writes (and by a trial that plans volumes, whose places they move).
        trial.whole_index = self.split.is_some();
        let mut found = trial.run(copies, self.each.to_vec(), NoLines)?;
        // The games the first pass translated are read by the passes after.
        *spool = found.spool.take();
        if let Some(s) = spool.as_mut() {
            s.finish();
        }
        laid.contents = book::Contents {
            wanted,
            found: book::Found::default(),
            known: std::mem::take(&mut found.known),
            written,
        };
        let mut bulletin = found.bulletin.take();
        if let Some(b) = bulletin.as_mut() {
            b.pass_done();
        }
        Ok((found, bulletin))
    }

    /// The volumes of the next pass.
    fn next_volumes(&self, laid: &Settled, found: &Laid<NoLines>) -> Volumes {
        match self.split {
            // The contents list's entries changed in number: so did the places between them
            // where a volume may end, and the places after them are counted anew. One volume,
            // planned again from the next layout.
            Some(_) if found.found.len() != laid.contents.known.len() => Volumes {
                titled: laid.volumes.titled,
                ..Volumes::default()
            },
            Some((limit, per_sheet)) => laid.volumes.next(
                &found.places,
                &found.spans,
                limit,
                per_sheet,
                self.options.duplex,
            ),
            None => laid.volumes.clone(),
        }
    }

    /// A bulletin whose list, with the pages just found (`known`), takes as many pages as it
    /// took with the pages it was laid out with: the games start on the same page and stand
    /// where they stood, so the next pass would only find these pages again. The title page
    /// and the list are laid out alone, twice, to see (issue 33: a pass of the whole bulletin
    /// fewer, a quarter of its time).
    fn front_settles(
        &self,
        laid: &mut Settled,
        meta: &Meta,
        bulletin: Option<&bulletin::Bulletin>,
        known: &mut Known,
        numbered: bool,
        retitled: bool,
    ) -> Result<bool> {
        let Some(b) = bulletin.filter(|_| {
            !laid.contents.known.is_empty() && numbered && self.split.is_none() && !retitled
        }) else {
            return Ok(false);
        };
        let lent = std::mem::take(&mut laid.contents.known);
        let before;
        (before, _, laid.contents.known) = self.front(laid, meta, b, lent)?;
        let after;
        (after, _, *known) = self.front(laid, meta, b, std::mem::take(known))?;
        Ok(before.is_some() && before == after)
    }

    /// Whether the Event tags of the inputs name several events, looked for ahead of the
    /// games ([`bulletin::several_events_in`]); only in inputs held for the passes.
    fn several_events(&self) -> Result<bool> {
        for (name, prepared, kind, _) in self.opened {
            if let (Prepared::Spooled(text), InputKind::Pgn) = (prepared, kind) {
                let input = text.share().and_then(source::Spooled::look);
                let several = input.and_then(bulletin::several_events_in);
                if several.map_err(|e| Error::io(name, e))? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// The first pass's list `known` with its pages moved by as many pages as the front
    /// takes more than the first pass's took (`first_front`), until the front laid out alone
    /// with the pages so moved takes just that many more: `Ok` the list then, `Err` the list
    /// as it came when that does not settle, the front would take fewer pages, a page number
    /// would overflow, or a double-sided output would move by an odd number of pages (its
    /// right-hand pages would become left-hand ones).
    fn shifted(
        &self,
        laid: &Settled,
        meta: &Meta,
        b: &bulletin::Bulletin,
        known: Known,
        first_front: u64,
    ) -> Result<std::result::Result<Known, Known>> {
        let base: Vec<Option<u32>> = known.pages().collect();
        let moved = |shift: u32| -> Option<Vec<Option<u32>>> {
            base.iter()
                .map(|p| match p {
                    Some(p) => p.checked_add(shift).map(Some),
                    None => Some(None),
                })
                .collect()
        };
        let settled = |known: Known, shift: u32| match self.options.duplex && shift % 2 == 1 {
            true => Err(known.with_pages(base.iter().copied())),
            false => Ok(known),
        };
        let (mut known, mut shift) = (known, 0u32);
        for _ in 0..SHIFTS {
            let end;
            (_, end, known) = self.front(laid, meta, b, known)?;
            let Some(next) = end
                .and_then(|e| e.checked_sub(first_front))
                .and_then(|n| u32::try_from(n).ok())
            else {
                break;
            };
            if next == shift {
                return Ok(settled(known, shift));
            }
            let Some(pages) = moved(next) else { break };
            // Page numbers as long in braille as those the front was just laid out with lay
            // it out as it was: that front takes `next` pages more, as they say.
            let same_widths = pages
                .iter()
                .zip(known.pages())
                .all(|(&new, old)| braille_width(new) == braille_width(old));
            (known, shift) = (known.with_pages(pages), next);
            if same_widths {
                return Ok(settled(known, shift));
            }
        }
        Ok(Err(known.with_pages(base)))
    }

    /// A trial pass: nothing written, nothing said.
    fn pass<'p>(&'p self, volumes: &'p Volumes, meta: &'p Meta) -> Pass<'p, 'static> {
        Pass::trial(
            self.options,
            self.profile,
            self.marker,
            volumes,
            meta,
            self.drive,
            Reporter::quiet(),
        )
    }

    /// The pages a bulletin's title page and list take, laid out alone with the pages `known`
    /// (handed back).
    fn front(
        &self,
        laid: &Settled,
        meta: &Meta,
        b: &bulletin::Bulletin,
        known: Known,
    ) -> Result<(Option<u64>, Option<u64>, Known)> {
        let mut pass = self.pass(&laid.volumes, meta);
        // (This pass's list alone: nothing found yet, nothing written.)
        let list = book::Contents {
            wanted: laid.contents.wanted,
            known,
            ..book::Contents::default()
        };
        (pass.contents, pass.bulletin) = (list, Some(b.clone()));
        front_pages(pass, self.opened, self.each)
    }
}

/// The headings a pass found, each with its page: where its mark was first laid out (looked
/// up, not looked for among all the marks for each entry, which was quadratic; issue 32);
/// none without page numbers.
fn pages_found(found: Laid<NoLines>, numbered: bool) -> Known {
    let mut pages = vec![None; found.found.len()];
    for &(mark, page) in found.marks.iter().rev() {
        if let Some(slot) = pages.get_mut(mark as usize) {
            *slot = Some(page);
        }
    }
    found
        .found
        .into_kept()
        .with_pages(pages.into_iter().map(|page| page.filter(|_| numbered)))
}

/// The cells a page number takes in the contents list (none without one).
fn braille_width(page: Option<u32>) -> usize {
    let mut cells = Vec::new();
    if let Some(page) = page {
        braille::page_number(page, &mut cells);
    }
    cells.len()
}
