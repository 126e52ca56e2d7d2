//! One pass of the layout: the blocks laid out into pages and volumes, trial passes while page numbers settle.

use super::*;

/// A writer that hands what passes through it to the build's check of itself.
struct Tee<'a> {
    pub(super) inner: &'a mut dyn VolumeWrite,
    pub(super) verifier: Option<verify::Feed>,
}

impl Write for Tee<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        if let Some(v) = &self.verifier {
            v.written(&buf[..n]);
        }
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl VolumeWrite for Tee<'_> {
    fn next_volume(&mut self) -> io::Result<()> {
        self.inner.next_volume()
    }
}

/// How many times a book is laid out at most: once to find where the headings stand and where
/// the volumes may end, then until the contents list's page numbers and the volumes stop
/// changing the pages (a pass ends at least one more volume where it should).
pub(super) const PASSES: usize = 24;

impl Volumes {
    /// The volumes of the next pass, from where this pass laid the seams and the volumes.
    pub(super) fn next(
        &self,
        places: &[layout::Place],
        spans: &[layout::Span],
        limit: u32,
        per_sheet: u64,
        duplex: bool,
    ) -> Volumes {
        let title = u32::try_from(per_sheet).unwrap_or(1);
        let breaks = layout::plan(&self.breaks, places, spans, limit, title, duplex);
        let n = breaks.len() + 1;
        let titles = match n {
            1 => Vec::new(),
            _ => (0..n)
                .map(|k| {
                    // The pages as they fell when the breaks were these; else to be learnt.
                    let span = spans.get(k).filter(|_| breaks == self.breaks);
                    book::VolumeTitle {
                        number: k + 1,
                        of: n,
                        pages: span.map_or((0, 0), |s| (s.first, s.last)),
                        print: span
                            .and_then(|s| s.print.as_ref())
                            .map(|(a, b)| (a.to_string(), b.to_string())),
                    }
                })
                .collect(),
        };
        Volumes {
            breaks,
            titles,
            titled: self.titled,
        }
    }
}

/// One layout of an output's inputs.
pub(super) struct Pass<'o, 'w> {
    pub(super) options: &'o Options,
    pub(super) profile: Option<&'o Profile>,
    pub(super) reporter: Reporter<'w>,
    pub(super) contents: book::Contents,
    /// Some book of the output places the contents list with `<!-- toc -->`.
    pub(super) marker: bool,
    /// Where volumes begin, and what their title pages say.
    pub(super) volumes: &'o Volumes,
    pub(super) meta: &'o Meta,
    pub(super) drive: Drive,
    /// The output is a bulletin: what the passes before learnt of it.
    pub(super) bulletin: Option<bulletin::Bulletin>,
    /// This pass gives each game's moves to the check of the braille written, and tells it
    /// when the first game is written (the output is read back from there on).
    pub(super) verifier: Option<verify::Feed>,
    /// The games translated in the first trial pass: written there, read in the passes after.
    pub(super) spool: Option<spool::Translations>,
    /// Each game keeps what the check of the braille needs of it (its witness), for the pass
    /// that writes to take from `spool`, though this pass checks nothing.
    pub(super) witnesses: bool,
    /// A bulletin's index of players is laid out whole; else its heading alone (a trial pass
    /// that learns no volumes: nothing it learns stands after the index's heading).
    pub(super) whole_index: bool,
}

/// A book's volumes as the pass before laid them out: the seams where they begin, what each
/// title page says.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Volumes {
    pub(super) breaks: Vec<u32>,
    /// A title page a volume (none: one volume).
    pub(super) titles: Vec<book::VolumeTitle>,
    /// The book begins with its own title page (which then says what volume 1 holds).
    pub(super) titled: bool,
}

/// What a pass laid out.
pub(super) struct Laid<S> {
    pub(super) sink: S,
    /// The headings the contents list names, and the pages where they stand.
    pub(super) found: book::Found,
    /// The list the pass was laid out with, handed back (a long one is not copied for a
    /// trial pass).
    pub(super) known: book::Entries,
    pub(super) marks: Vec<(u32, u32)>,
    /// The pages a bulletin's title page and contents list took ([`Run::front_end`]).
    pub(super) front_end: Option<u64>,
    pub(super) counts: Counts,
    /// Where the places a volume may end fell, and the volumes.
    pub(super) places: Vec<layout::Place>,
    pub(super) spans: Vec<layout::Span>,
    pub(super) bulletin: Option<bulletin::Bulletin>,
    /// The games translated in the first trial pass, handed on.
    pub(super) spool: Option<spool::Translations>,
}

impl<'o, 'w> Pass<'o, 'w> {
    /// A trial pass (to learn where the headings and volumes fall): it says nothing, counts
    /// no progress (the last pass writes the games again) and checks nothing; `reporter` is
    /// one that says nothing. The caller gives it its contents list and bulletin.
    pub(super) fn trial(
        options: &'o Options,
        profile: Option<&'o Profile>,
        marker: bool,
        volumes: &'o Volumes,
        meta: &'o Meta,
        drive: &Drive,
        reporter: Reporter<'w>,
    ) -> Self {
        Pass {
            options,
            profile,
            reporter,
            contents: book::Contents::default(),
            marker,
            volumes,
            meta,
            drive: Drive {
                progress: None,
                ..drive.clone()
            },
            verifier: None,
            bulletin: None,
            spool: None,
            witnesses: false,
            whole_index: true,
        }
    }

    /// Lays out the inputs (each with its options) into `sink`.
    pub(super) fn run<S: LineSink>(
        self,
        opened: Vec<(String, Prepared, InputKind, Role)>,
        each: Vec<Options>,
        sink: S,
    ) -> Result<Laid<S>> {
        let options = self.options;
        let marker = self.marker;
        let whole_index = self.whole_index;
        let opened_name = opened.first().map(|(n, ..)| n.clone());
        let mut run = self.start(sink)?;
        if let Some(spool) = run.spool.as_mut() {
            spool.start_pass().map_err(|e| Error::io(spool::NAME, e))?;
        }
        for (i, ((name, prepared, kind, role), options)) in opened.into_iter().zip(each).enumerate()
        {
            run.options = options;
            // A chapter of a folder on a new page unless the book says otherwise.
            let chapter = matches!(role, Role::Chapter { head: false });
            let book = kind == InputKind::Markdown || chapter;
            let new_page =
                i > 0 && !(chapter && run.options.chapter_start == ChapterStart::SamePage);
            run.writer
                .start_input(&name, book, new_page, &mut run.blocks);
            match prepared {
                Prepared::Book(text) => run.book(&name, &text, role, chapter, marker)?,
                Prepared::Stream(input) => run.stream(input.reader, &name, kind)?,
                Prepared::Spooled(text) => {
                    let reader = text.reader().map_err(|e| Error::io(&name, e))?;
                    run.stream(reader, &name, kind)?
                }
            }
        }
        run.index_of_players(whole_index)?;
        let marks = run.layout.take_marks();
        let places = run.layout.take_places();
        let found = std::mem::take(&mut run.writer.contents().found);
        let known = std::mem::take(&mut run.writer.contents().known);
        let mut counts = run.counts;
        let (sink, pages, spans) = run
            .layout
            .finish()
            .map_err(|e| Error::io(destination::OUTPUT, e))?;
        counts.pages = pages;
        counts.kept_going = options.keep_going;
        if options.volume_sheets > 0 && options.page_length > 0 {
            let first = opened_name.unwrap_or_default();
            overfull_volumes(&spans, options, &first, &mut run.reporter);
        }
        Ok(Laid {
            front_end: run.front_end,
            sink,
            found,
            known,
            marks,
            counts,
            places,
            spans,
            bulletin: run.bulletin,
            spool: run.spool,
        })
    }

    /// The loop's state at its start: the layout with its page numbers and volumes, the first
    /// volume's title page laid out.
    fn start<S: LineSink>(self, sink: S) -> Result<Run<'w, S>> {
        let mut layout = Layouter::new(self.options.line_length, self.options.page_length, sink);
        if let Some(place) = self.profile.and_then(|p| p.page_numbers) {
            layout.number_pages(place, 1, braille::page_number);
        }
        layout.set_duplex(self.options.duplex);
        // (Where the seams fall is asked for only to plan volumes.)
        layout.note_places(self.options.volume_sheets > 0 && self.options.page_length > 0);
        let mut writer = book::Writer::default();
        *writer.contents() = self.contents;
        let mut first_title = Vec::new();
        if self.volumes.titles.len() > 1 {
            let title = |k: usize| {
                book::Writer::volume_title_page(
                    self.meta.title.as_deref(),
                    self.meta.author.as_deref(),
                    self.volumes.titles[k].clone(),
                    self.options,
                )
            };
            if self.volumes.titled {
                writer.set_volume(self.volumes.titles.first().cloned());
            } else {
                first_title = title(0);
            }
            layout.set_volumes(layout::Plan {
                breaks: self.volumes.breaks.clone(),
                titles: (1..self.volumes.titles.len()).map(title).collect(),
                contents_continued: book::Writer::contents_continued(),
            });
        }
        let mut run = Run {
            options: self.options.clone(),
            reporter: self.reporter,
            writer,
            blocks: Vec::new(),
            wide_warned: None,
            last_diagram: None,
            words_read: None,
            layout,
            counts: Counts::default(),
            proof: self.options.format == Format::Html,
            go_on: self.options.keep_going || self.drive.check,
            jobs: self.drive.jobs,
            progress: self.drive.progress.clone(),
            verify: self.verifier.is_some() || self.witnesses,
            verifier: self.verifier.clone(),
            bulletin: self.bulletin.map(|mut b| {
                b.restart();
                b
            }),
            front_end: None,
            spool: self.spool,
        };
        for mut block in first_title {
            run.layout
                .push(&mut block)
                .map_err(|e| Error::io(destination::OUTPUT, e))?;
        }
        Ok(run)
    }
}

impl<S: LineSink> Run<'_, S> {
    /// A book (or a chapter) of the inputs: its front matter read, its document transcribed.
    fn book(
        &mut self,
        name: &str,
        text: &str,
        role: Role,
        chapter: bool,
        marker: bool,
    ) -> Result<()> {
        if text.trim().is_empty() && role != Role::BookFile {
            self.reporter.warn(empty_input(name, "no text"));
        }
        let mut warnings = Vec::new();
        let mut front = match role {
            Role::BookFile => frontmatter::read_book_file(name, text, &mut warnings)?,
            _ => frontmatter::read(name, text, &mut warnings)?,
        };
        self.reporter.reading(name, Some(text));
        warnings.into_iter().for_each(|w| self.reporter.warn(w));
        if chapter {
            not_the_book(name, text, &mut front, &mut self.reporter);
        } else if role == Role::Alone && !front.chapters.is_empty() {
            self.reporter.warn(Warning(Diagnostic::new(
                front.chapters[0].1.clone(),
                "chapters are listed for a book folder (schackpunkt build DIR): \
                 left out here",
            )));
        }
        let addresses = self.options.links == Links::Address;
        // The contents list after the book's title page, not a chapter's.
        let contents = self.options.toc && !chapter && !marker;
        let document = Document::book(name, text, &front, addresses, contents);
        self.document(document, name)?;
        Ok(())
    }

    /// A bulletin's index of players, with the pages of the pass before (its heading alone
    /// unless `whole`).
    fn index_of_players(&mut self, whole: bool) -> Result<()> {
        if let Some(b) = &self.bulletin {
            // The index of players, with the pages of the pass before (the list's: its pages
            // only, not a copy of its entries).
            let known: Vec<Option<u32>> = self.writer.contents().known.pages().collect();
            let pages = |i: usize| known.get(i).copied().flatten();
            // Its names were warned of at their games' headings: not again here. Each laid
            // out as it is made.
            // (Else the heading and the first player: a heading is placed with the block
            // after it, and the list needs its page.)
            let nodes = match whole {
                true => usize::MAX,
                false => 2,
            };
            for node in b.index(&pages).take(nodes) {
                self.writer
                    .node(&node, &self.options, &mut self.blocks, &mut |_| {});
                lay_out(&mut self.blocks, &mut self.layout, None)?;
            }
        }
        Ok(())
    }
}

/// A warning for each volume that holds more sheets than `volume_sheets`: no place in it may
/// end a volume.
fn overfull_volumes(
    spans: &[layout::Span],
    options: &Options,
    first: &str,
    reporter: &mut Reporter<'_>,
) {
    let sheets = options.volume_sheets;
    for (k, span) in spans.iter().enumerate() {
        let held = options.sheets(span.pages().into());
        if held > sheets as u64 {
            reporter.warn(Warning(
                Diagnostic::new(
                    Location {
                        file: first.to_owned(),
                        line: 1,
                        column: 1,
                    },
                    format!(
                        "volume {} of {} holds {held} sheets, more than volume_sheets \
                         ({sheets}): no place between its pages {} and {} may end a \
                         volume (a game, diagram, table, list or quote, or the title \
                         page, fills them)",
                        k + 1,
                        spans.len(),
                        span.first,
                        span.last
                    ),
                )
                .with_hint(
                    "raise volume_sheets, or give the text a heading or a paragraph \
                     where a volume may end",
                ),
            ));
        }
    }
}

/// A chapter's front matter says only how the chapter is written: a title, an author or a
/// list of chapters there is the book's to say (in `bok.yaml` or the first chapter), and is
/// left out with a warning.
fn not_the_book(
    name: &str,
    text: &str,
    front: &mut frontmatter::FrontMatter,
    reporter: &mut Reporter<'_>,
) {
    let at = |span: &Option<std::ops::Range<usize>>| {
        let offset = span.as_ref().map_or(0, |s| s.start);
        let before = text.get(..offset).unwrap_or("");
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        Location {
            file: name.to_owned(),
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column: u32::try_from(column).unwrap_or(u32::MAX),
        }
    };
    let mut left_out = |what: &str, location: Location| {
        reporter.warn(Warning(Diagnostic::new(
            location,
            format!(
                "a chapter's {what} is left out: the book's is in {} or its first chapter",
                folder::BOOK_FILE
            ),
        )));
    };
    if front.title.take().is_some() {
        left_out("title", at(&front.title_span));
    }
    if front.author.take().is_some() {
        left_out("author", at(&front.author_span));
    }
    if let Some((_, location)) = front.chapters.first() {
        left_out("list of chapters", location.clone());
    }
    if front.settings.toc == Some(true) {
        // The front matter keeps no place for a setting: the key's line is looked up.
        let offset = text[..front.body_start.min(text.len())]
            .find("\ntoc:")
            .map(|i| i + 1);
        left_out("contents list (`toc`)", at(&offset.map(|o| o..o)));
    }
}

/// The last pass, the one written.
pub(super) struct Last<'a> {
    pub(super) options: &'a Options,
    pub(super) profile: Option<&'a Profile>,
    pub(super) marker: bool,
    pub(super) meta: &'a Meta,
}

impl Last<'_> {
    /// Writes the last pass into `out`, read back as it is written when the build checks
    /// itself.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn write(
        &self,
        opened: Vec<Opened>,
        each: Vec<Options>,
        laid: Settled,
        bulletin: Option<bulletin::Bulletin>,
        spool: Option<spool::Translations>,
        drive: Drive,
        reporter: Reporter<'_>,
        out: &mut dyn VolumeWrite,
    ) -> Result<Counts> {
        let options = self.options;
        // Joined: every volume in the one file.
        let mut joined = Joined(&mut *out);
        let out: &mut dyn VolumeWrite = match options.join_volumes {
            true => &mut joined,
            false => out,
        };
        let verify = checks_itself(options, &drive, &opened);
        // What is written is read back as it is written when the build checks itself, from the
        // first game on (prose before the games is not read back).
        // (On a thread of its own when the build may use more than one.)
        let (verifier, verdict) = match verify {
            true => {
                let (feed, verdict) = verify::Feed::new(options, drive.jobs);
                (Some(feed), Some(verdict))
            }
            false => (None, None),
        };
        let mut tee = Tee {
            inner: out,
            verifier: verifier.clone(),
        };
        // The last pass, written; what it borrows ends with the block.
        let (mut counts, spans) = {
            let writer = BufWriter::with_capacity(
                crate::output::WRITE_CHUNK,
                &mut tee as &mut dyn VolumeWrite,
            );
            let pass = Pass {
                options,
                profile: self.profile,
                reporter,
                contents: counting(laid.contents),
                marker: self.marker,
                volumes: &laid.volumes,
                meta: self.meta,
                drive,
                bulletin,
                verifier: verifier.clone(),
                spool,
                witnesses: false,
                whole_index: true,
            };
            let laid = pass.run(
                opened,
                each,
                Output::new(options.format, options.table, self.meta.clone(), writer),
            )?;
            let Laid {
                sink,
                counts,
                spans,
                ..
            } = laid;
            sink.into_inner()
                .map_err(|e| Error::io(destination::OUTPUT, e))?;
            (counts, spans)
        };
        drop(tee);
        if let Some(verdict) = verdict {
            verdict.finish()?;
        }
        counts.format = Some((options.format, options.table));
        counts.volumes = spans
            .iter()
            .map(|s| (u64::from(s.pages()), options.sheets(s.pages().into())))
            .collect();
        counts.sheets = counts.volumes.iter().map(|v| v.1).sum();
        Ok(counts)
    }
}

/// Whether the pass that writes reads its braille back: a book unless told not to; games and
/// positions alone when told to. The HTML proof is for the eye, not read back.
pub(super) fn checks_itself(options: &Options, drive: &Drive, opened: &[Opened]) -> bool {
    options.format != Format::Html
        && drive.verify.unwrap_or(
            opened
                .iter()
                .any(|(_, p, _, _)| matches!(p, Prepared::Book(_))),
        )
}

/// A pass's contents list, its headings found with room for those the pass before found: a
/// bulletin's list of tens of thousands then grows without the room a doubling buffer keeps
/// to spare (issue 33: a bulletin's memory).
pub(super) fn with_room(mut contents: book::Contents) -> book::Contents {
    if contents.found.len() == 0 {
        contents.found = book::Found::Kept(book::Entries::with_room_of(&contents.known));
    }
    contents
}

/// The last pass's contents list: the list of the pass before written, the headings found
/// only counted (no pass reads them after it).
pub(super) fn counting(mut contents: book::Contents) -> book::Contents {
    contents.found = book::Found::Counted(0);
    contents
}
