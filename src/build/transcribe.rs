//! One input (or a book folder's parts) transcribed: its kind and front matter read, its passes run.

use super::*;

/// An input opened for transcription: a book is read whole (books are small and Markdown
/// needs the whole text), games and positions stream, unless the output has a contents list,
/// volumes or a bulletin (then their text is spooled, to be laid out more than once without
/// being held in memory: a regular file read again from itself each pass, any other input
/// copied to the build's temporary file; `source::Spooled`).
pub(super) enum Prepared {
    Book(String),
    Stream(source::Input),
    Spooled(source::Spooled),
}

impl Prepared {
    /// A copy for a trial pass of the contents list (a stream is never copied: with a
    /// contents list, streams are spooled).
    pub(super) fn copy(&self, name: &str) -> Result<Option<Prepared>> {
        Ok(match self {
            Prepared::Book(t) => Some(Prepared::Book(t.clone())),
            Prepared::Spooled(t) => Some(Prepared::Spooled(
                t.share().map_err(|e| Error::io(name, e))?,
            )),
            Prepared::Stream(_) => None,
        })
    }
}

/// The options of one output: the command line's, over the front matter of its first input
/// when that is a book. Books are paginated by a page profile (`sv-a4` unless one is named);
/// games and diagrams only when a profile is named.
pub(super) fn resolve(
    settings: &Settings,
    name: &str,
    first: &Prepared,
    role: Role,
    base: Option<&Settings>,
) -> Result<(Options, Option<Profile>)> {
    match first {
        Prepared::Book(text) => {
            let front = front_of(name, text, role)?;
            let merged = settings
                .clone()
                .or(front.settings)
                .or(base.cloned().unwrap_or_default());
            bulletin_notation(merged).resolve(Some(DEFAULT_PROFILE))
        }
        // A bulletin is a book of games: its pages are numbered as a book's.
        Prepared::Stream(_) | Prepared::Spooled(_) => match settings.bulletin {
            Some(true) => bulletin_notation(settings.clone()).resolve(Some(DEFAULT_PROFILE)),
            _ => settings.resolve(None),
        },
    }
}

/// A bulletin is written in compact notation, the notation of scoresheets and bulletins
/// (rules.md §3), unless a notation is asked for.
fn bulletin_notation(mut settings: Settings) -> Settings {
    if settings.bulletin == Some(true) && settings.notation.is_none() {
        settings.notation = Some(Notation::Compact);
    }
    settings
}

/// An error at the first of `keys` a book's front matter sets (its key underlined), when it
/// sets one: the setting's name and the diagnostic.
pub(super) fn at_setting(
    name: &str,
    text: &str,
    role: Role,
    keys: &[&str],
    message: &str,
) -> Option<(&'static str, Diagnostic)> {
    let front = front_of(name, text, role).ok()?;
    let (key, at, line) = front
        .places
        .into_iter()
        .find(|(k, _, _)| keys.contains(k))?;
    Some((
        key,
        Diagnostic::new(at, message).with_source(line, key.len()),
    ))
}

/// The front matter of a book, or a folder's `bok.yaml`.
pub(super) fn front_of(name: &str, text: &str, role: Role) -> Result<frontmatter::FrontMatter> {
    match role {
        Role::BookFile => frontmatter::read_book_file(name, text, &mut Vec::new()),
        _ => frontmatter::read(name, text, &mut Vec::new()),
    }
}

/// How the loop runs, besides what it writes.
#[derive(Clone, Debug)]
pub(super) struct Drive {
    /// Threads that translate games.
    pub(super) jobs: usize,
    /// Nothing is written (`check`): every error is reported, each bad game or position left
    /// out as with `keep_going`.
    pub(super) check: bool,
    /// Bytes read and games written are counted here (the last pass's games only).
    pub(super) progress: Option<Arc<Progress>>,
    /// The build checks itself (`None`: books do, games and positions alone do not).
    pub(super) verify: Option<bool>,
}

/// Transcribes inputs into one output stream.
pub(super) fn transcribe(
    inputs: &[Unit],
    job: &Job,
    guesses: Option<&source::Guesses>,
    out: &mut dyn VolumeWrite,
    warn: &mut dyn FnMut(&Warning),
) -> Result<Counts> {
    let mut opened = Vec::with_capacity(inputs.len());
    let drive = job.drive();
    for part in inputs.iter().flat_map(|u| &u.parts) {
        let input = source::open_counted(
            &part.path,
            job.input_encoding,
            job.progress.as_ref(),
            drive.jobs,
            guesses,
        )?;
        opened.push((input, part.kind, part.role));
    }
    transcribe_opened(opened, &job.settings, drive, out, warn)
}

/// The whole pipeline on one input given as bytes, with no file read or written: `name` is
/// used in messages, `kind` says what the bytes are, `encoding` forces a decoding (else it is
/// detected as for a file). For tests, fuzzing and programs that hold their input in memory;
/// [`run`] is the build job itself.
pub fn transcribe_bytes(
    name: &str,
    kind: InputKind,
    bytes: Vec<u8>,
    settings: &Settings,
    encoding: Option<&'static Encoding>,
    out: &mut dyn Write,
    warn: &mut dyn FnMut(&Warning),
) -> Result<()> {
    let input = bytes_input(name, bytes, encoding)?;
    let mut out = Joined(out);
    let drive = Drive {
        jobs: 1,
        check: false,
        progress: None,
        verify: Some(false),
    };
    transcribe_opened(
        vec![(input, kind, Role::Alone)],
        settings,
        drive,
        &mut out,
        warn,
    )
    .map(|_| ())
}

/// An input of `bytes`, decoded as `encoding` says, else as found.
pub(super) fn bytes_input(
    name: &str,
    bytes: Vec<u8>,
    encoding: Option<&'static Encoding>,
) -> Result<source::Input> {
    let encoding_given = encoding.is_some();
    let (encoding, not_utf8_at) = match encoding {
        Some(e) => (e, None),
        None => {
            source::sniff_at(&mut io::Cursor::new(&bytes[..])).map_err(|e| Error::io(name, e))?
        }
    };
    Ok(source::Input {
        name: name.to_owned(),
        encoding,
        not_utf8_at,
        encoding_given,
        reader: source::decoder(name, io::Cursor::new(bytes), encoding),
        again: None,
    })
}

/// The warning for a bulletin asked of a build with no .pgn file to lay out as one.
fn no_bulletin(file: &str) -> Warning {
    let d = Diagnostic::new(
        Location {
            file: file.to_owned(),
            line: 1,
            column: 1,
        },
        "bulletin: true lays out the games of .pgn files, and this build has none: its games \
         keep their own headings (in compact notation, a bulletin's, unless a notation is \
         given)",
    );
    Warning(
        d.with_hint("build the rounds' .pgn files, or a book folder listing them, as a bulletin"),
    )
}

/// The warning for a bulletin without pages (`page_length` 0).
fn unpaged_bulletin(file: &str) -> Warning {
    let d = Diagnostic::new(
        Location {
            file: file.to_owned(),
            line: 1,
            column: 1,
        },
        "page_length 0 writes no pages: the bulletin has no contents list and no index of \
         players, which name pages",
    );
    Warning(d.with_hint("give the embosser's page length (--page-length) to have them"))
}

/// The warning for an input whose bytes are not UTF-8, at the first byte that is not (the
/// encoding was guessed from there). A UTF-16 byte-order mark names its encoding as
/// `--input-encoding` would: no warning then.
fn not_utf8(input: &source::Input, (line, column): (u32, u32)) -> Warning {
    let message = format!(
        "not UTF-8 from here on: the whole file is read as {}",
        input.encoding.name()
    );
    let d = Diagnostic::new(
        Location {
            file: input.name.clone(),
            line,
            column,
        },
        message,
    );
    Warning(d.with_hint("save the file as UTF-8, or give --input-encoding if this is right"))
}

/// An input opened: its name, what was read of it, its kind and its part in a book folder.
pub(super) type Opened = (String, Prepared, InputKind, Role);

/// Transcribes opened inputs into one output stream: the one loop.
pub(super) fn transcribe_opened(
    inputs: Vec<(source::Input, InputKind, Role)>,
    settings: &Settings,
    drive: Drive,
    out: &mut dyn VolumeWrite,
    warn: &mut dyn FnMut(&Warning),
) -> Result<Counts> {
    let mut reporter = Reporter::new(warn);
    let mut opened = prepare_all(inputs, &mut reporter)?;
    let bases = folder_bases(&opened)?;
    // The page is the first book's (games and positions have no front matter), else the
    // command line's; each book keeps its own other settings, and must agree on the page.
    let Some(((first_name, first, _, first_role), first_base)) = opened
        .iter()
        .zip(&bases)
        .find(|((_, p, _, _), _)| matches!(p, Prepared::Book(_)))
        .or(opened.iter().zip(&bases).next())
    else {
        return Err(Error::Usage("no input given".into()));
    };
    let (mut options, profile) = resolve(
        settings,
        first_name,
        first,
        *first_role,
        first_base.as_ref(),
    )?;
    let first_name = first_name.clone();
    let page = Page::of(&options, profile.as_ref());
    let mut each = options_of_each(settings, &opened, &bases, &page, &first_name, |_| {
        (options.clone(), profile.clone())
    })?;
    let mut meta = meta(&opened, &options, settings)?;
    warn_unnumbered(
        settings,
        &options,
        profile.as_ref(),
        &opened,
        &first_name,
        &mut reporter,
    );
    let mut bulletin = bulletin_of(
        settings,
        &mut options,
        &mut each,
        &mut meta,
        &opened,
        &first_name,
        &mut reporter,
    );
    let mut laid = unsettled(each.wanted, &opened, bulletin.is_some(), &meta);
    // Volumes of at most this many pages (0: one volume).
    let per_sheet = options.pages_per_sheet();
    let limit = u32::try_from(options.volume_sheets as u64 * per_sheet).unwrap_or(u32::MAX);
    let split = limit > 0 && options.page_length > 0;
    let mut translations = None;
    // (A bulletin learns its title from its first game: laid out again even without pages.)
    if each.wanted || split || bulletin.is_some() {
        // Laid out more than once: streams are spooled.
        let mut spool = source::Spool::default();
        for (_, prepared, _, _) in &mut opened {
            if let Prepared::Stream(input) = prepared {
                *prepared = Prepared::Spooled(input.spool(&mut spool)?);
            }
        }
        let trials = Trials {
            opened: &opened,
            each: &each.options,
            options: &options,
            profile: profile.as_ref(),
            marker: each.marker,
            drive: &drive,
            split: split.then_some((limit, per_sheet)),
            witnesses: checks_itself(&options, &drive, &opened),
        };
        // The games the first pass translates, kept for the passes after (issue 33).
        translations = spool::Translations::new();
        trials.settle(&mut laid, &mut meta, &mut bulletin, &mut translations)?;
    }
    let last = Last {
        options: &options,
        profile: profile.as_ref(),
        marker: each.marker,
        meta: &meta,
    };
    let mut counts = last.write(
        opened,
        each.options,
        laid,
        bulletin,
        translations,
        drive,
        reporter,
        out,
    )?;
    counts.profile_files = each.profile_files;
    Ok(counts)
}

/// What the passes begin with: no contents list found yet (`wanted`: one is), one volume,
/// with a title page when a book or a bulletin has a title or an author.
fn unsettled(wanted: bool, opened: &[Opened], bulletin: bool, meta: &Meta) -> Settled {
    Settled {
        contents: book::Contents {
            wanted,
            ..Default::default()
        },
        volumes: Volumes {
            titled: (matches!(opened.first(), Some((_, Prepared::Book(_), _, _))) || bulletin)
                && (meta.title.is_some() || meta.author.is_some()),
            ..Volumes::default()
        },
    }
}

/// Opens each input: a book is read whole, a stream of games or positions stays a stream.
fn prepare_all(
    inputs: Vec<(source::Input, InputKind, Role)>,
    reporter: &mut Reporter<'_>,
) -> Result<Vec<Opened>> {
    let mut opened = Vec::with_capacity(inputs.len());
    for (mut input, kind, role) in inputs {
        // A warning when the encoding was found, not when it was given.
        if let Some(at) = input.not_utf8_at.filter(|_| !input.encoding_given) {
            reporter.warn(not_utf8(&input, at));
        }
        let name = input.name.clone();
        let prepared = if kind == InputKind::Markdown {
            Prepared::Book(input.read_text(true)?)
        } else {
            Prepared::Stream(input)
        };
        opened.push((name, prepared, kind, role));
    }
    Ok(opened)
}

/// The settings of each book folder (its `bok.yaml`, or its first chapter's front matter)
/// under its chapters' own, for each input.
fn folder_bases(opened: &[Opened]) -> Result<Vec<Option<Settings>>> {
    let mut bases = Vec::with_capacity(opened.len());
    let mut base: Option<Settings> = None;
    for (name, prepared, _, role) in opened {
        match (role, prepared) {
            (Role::BookFile | Role::Chapter { head: true }, Prepared::Book(text)) => {
                base = Some(front_of(name, text, *role)?.settings);
                bases.push(None);
            }
            (Role::Chapter { head: false }, _) => bases.push(base.clone()),
            _ => {
                base = None;
                bases.push(None);
            }
        }
    }
    Ok(bases)
}

/// Each input's options, with what they ask of the whole output.
struct EachOptions {
    pub(super) options: Vec<Options>,
    /// The page profile files the books name (inputs too: no output may be one).
    pub(super) profile_files: Vec<PathBuf>,
    /// A contents list is wanted.
    pub(super) wanted: bool,
    /// A `<!-- toc -->` anywhere places the one contents list: `toc: true` adds none.
    pub(super) marker: bool,
}

/// Each input's options (a book's its own; games and positions those of the first, `first`),
/// each on the page of the first (`page`), else an error at the setting that changes it.
fn options_of_each(
    settings: &Settings,
    opened: &[Opened],
    bases: &[Option<Settings>],
    page: &Page,
    first_name: &str,
    first: impl Fn(&Prepared) -> (Options, Option<Profile>),
) -> Result<EachOptions> {
    let mut each = EachOptions {
        options: Vec::with_capacity(opened.len()),
        profile_files: Vec::new(),
        wanted: false,
        marker: false,
    };
    for ((name, prepared, _, role), base) in opened.iter().zip(bases) {
        let own = match prepared {
            Prepared::Book(text) => {
                let own = resolve(settings, name, prepared, *role, base.as_ref())?;
                each.marker |= crate::document::markdown::has_contents_marker(text);
                each.wanted |= own.0.toc || each.marker;
                own
            }
            Prepared::Stream(_) | Prepared::Spooled(_) => first(prepared),
        };
        // (The profile's own name is inside its file: the file is the one the settings name.)
        if let Prepared::Book(text) = prepared {
            let front = front_of(name, text, *role)?;
            let named = [
                front.settings.profile,
                base.as_ref().and_then(|b| b.profile.clone()),
            ];
            each.profile_files
                .extend(named.iter().flatten().filter_map(|n| profile::file_of(n)));
        }
        let theirs = Page::of(&own.0, own.1.as_ref());
        if let Some((difference, keys)) = page.differs(&theirs) {
            return Err(page_changed(
                first_name,
                name,
                prepared,
                *role,
                &difference,
                keys,
            ));
        }
        each.options.push(own.0);
    }
    Ok(each)
}

/// The error of an input whose page differs from the first's: at a chapter's own setting
/// when its front matter gives it.
#[cold]
fn page_changed(
    first_name: &str,
    name: &str,
    prepared: &Prepared,
    role: Role,
    difference: &str,
    keys: &[&str],
) -> Error {
    if matches!(role, Role::Chapter { .. }) {
        let message = format!(
            "a chapter cannot change the page of its book ({difference}); set it for the whole \
             book in {} or the first chapter",
            folder::BOOK_FILE
        );
        if let Prepared::Book(text) = prepared
            && let Some((key, mut d)) = at_setting(name, text, role, keys, &message)
        {
            d.message = format!("{key}: {message}");
            return d.into();
        }
        return Error::Usage(format!("{name}: {message}"));
    }
    Error::Usage(format!(
        "{first_name} and {name} cannot be one output: {difference}; build them apart (-o DIR/) \
         or give them the same page settings"
    ))
}

/// A page of one line has no room for a page number beside its text (issue 32: the numbers
/// were left out without a word): a warning, at the setting when a book gives it.
fn warn_unnumbered(
    settings: &Settings,
    options: &Options,
    profile: Option<&Profile>,
    opened: &[Opened],
    first_name: &str,
    reporter: &mut Reporter<'_>,
) {
    if options.page_length != 1 || profile.is_none_or(|p| p.page_numbers.is_none()) {
        return;
    }
    let message = "a page of 1 line has no room for a page number beside its text: the pages \
                   are not numbered";
    let at = opened.iter().find_map(|(name, p, _, role)| match p {
        Prepared::Book(text) if settings.page_length.is_none() => {
            at_setting(name, text, *role, &["page_length"], message).map(|(_, d)| d)
        }
        _ => None,
    });
    let d = at.unwrap_or_else(|| {
        Diagnostic::new(
            Location {
                file: first_name.to_owned(),
                line: 1,
                column: 1,
            },
            message,
        )
    });
    reporter.warn(Warning(d.with_hint(
        "give a page length of 2 lines or more, or a profile without page numbers",
    )));
}

/// A bulletin of games: a title page, a contents list down to the games, an index. It lays
/// out .pgn files; a build of none keeps its games' own headings, and is told so. The
/// options it changes (start diagrams, the contents list's depth) are changed here.
#[allow(clippy::too_many_arguments)]
fn bulletin_of(
    settings: &Settings,
    options: &mut Options,
    each: &mut EachOptions,
    meta: &mut Meta,
    opened: &[Opened],
    first_name: &str,
    reporter: &mut Reporter<'_>,
) -> Option<bulletin::Bulletin> {
    let bulletin = options.bulletin
        && opened
            .iter()
            .any(|(_, p, k, _)| *k == InputKind::Pgn && !matches!(p, Prepared::Book(_)));
    if options.bulletin && !bulletin {
        reporter.warn(no_bulletin(first_name));
        options.bulletin = false;
        for o in &mut each.options {
            o.bulletin = false;
        }
    }
    if !bulletin {
        return None;
    }
    // A book's front matter has made the title page: the bulletin makes none of its own.
    let book_titled = meta.title.is_some() || meta.author.is_some();
    if !book_titled {
        // The setting's title, else (learnt in the first pass) the Event tag's.
        // (An empty title is none: the Event tag's.)
        meta.title = settings.title.clone().filter(|t| !t.trim().is_empty());
    }
    let b = bulletin::Bulletin::new(meta.title.clone(), !book_titled, options.page_length > 0);
    // Without pages, no contents list and no index: they name pages.
    each.wanted = options.page_length > 0;
    if !each.wanted {
        reporter.warn(unpaged_bulletin(first_name));
    }
    // A game from a `[FEN]` position (Chess960, an adjourned game) cannot be followed
    // without it: a bulletin draws every start position.
    options.start_diagram = true;
    for o in &mut each.options {
        o.toc_depth = o.toc_depth.max(2);
        o.start_diagram = true;
    }
    Some(b)
}
