//! The loop of one input's nodes: each node made into blocks and laid out at once (games, positions, prose).

use super::*;

/// What inputs laid out into one output must agree on: the page.
#[derive(PartialEq)]
pub(super) struct Page {
    pub(super) format: Format,
    pub(super) table: BrfTable,
    pub(super) duplex: bool,
    pub(super) line_length: usize,
    pub(super) page_length: usize,
    pub(super) numbers: Option<PageNumbers>,
}

impl Page {
    pub(super) fn of(options: &Options, profile: Option<&Profile>) -> Page {
        Page {
            format: options.format,
            table: options.table,
            duplex: options.duplex,
            line_length: options.line_length,
            page_length: options.page_length,
            numbers: profile.and_then(|p| p.page_numbers),
        }
    }

    /// What differs between two pages, said for the user, and the settings that may make
    /// it (to find one where it is set); `None` when they agree.
    pub(super) fn differs(&self, other: &Page) -> Option<(String, &'static [&'static str])> {
        let numbers = |n: Option<PageNumbers>| match n {
            None => "none",
            Some(PageNumbers::Top) => "at the top",
            Some(PageNumbers::Bottom) => "at the bottom",
        };
        if self.format != other.format {
            let (a, b) = (value_name(&self.format), value_name(&other.format));
            Some((format!("the output format is {a} and {b}"), &["format"]))
        } else if self.format == Format::Brf && self.table != other.table {
            let (a, b) = (value_name(&self.table), value_name(&other.table));
            Some((format!("the braille table is {a} and {b}"), &["table"]))
        } else if self.line_length != other.line_length {
            let (a, b) = (self.line_length, other.line_length);
            let keys: &[&str] = &["line_length", "profile"];
            Some((format!("the line length is {a} and {b}"), keys))
        } else if self.page_length != other.page_length {
            let (a, b) = (self.page_length, other.page_length);
            let keys: &[&str] = &["page_length", "profile"];
            Some((format!("the page length is {a} and {b}"), keys))
        } else if self.duplex != other.duplex {
            let message = "one is printed on both sides of the sheet, the other not";
            Some((message.to_string(), &["duplex", "profile"]))
        } else if self.numbers != other.numbers {
            let (a, b) = (numbers(self.numbers), numbers(other.numbers));
            Some((format!("the page numbers are {a} and {b}"), &["profile"]))
        } else {
            None
        }
    }
}

/// The state of the loop over one output's inputs.
pub(super) struct Run<'w, S: LineSink> {
    pub(super) options: Options,
    pub(super) reporter: Reporter<'w>,
    pub(super) writer: book::Writer,
    /// Blocks made and not yet laid out.
    pub(super) blocks: Vec<Block>,
    /// What the last warning about a board too wide was given for: it is given once a block
    /// or file.
    pub(super) wide_warned: Option<Source>,
    /// The board of the last diagram drawn, until the next game (a book draws a study's
    /// position in a ```fen block before its game).
    pub(super) last_diagram: Option<String>,
    /// Games and diagrams so far.
    pub(super) counts: Counts,
    /// The block whose info-string words were read last (a ```` ```fen ```` block gives a node
    /// a position, and its words are reported once).
    pub(super) words_read: Option<Source>,
    pub(super) layout: Layouter<S>,
    /// Each block says where it comes from (the HTML proof shows it).
    pub(super) proof: bool,
    /// A game or position that cannot be transcribed is left out and named, and the loop goes
    /// on (`keep_going`, and `check`).
    pub(super) go_on: bool,
    /// Threads that translate games.
    pub(super) jobs: usize,
    /// The output is a bulletin: its rounds and players so far.
    pub(super) bulletin: Option<bulletin::Bulletin>,
    /// Games written are counted here.
    pub(super) progress: Option<Arc<Progress>>,
    /// The build checks itself: each game's moves, to compare with the braille read back.
    pub(super) verify: bool,
    /// The check of the braille written: told of each game before it is written.
    pub(super) verifier: Option<verify::Feed>,
    /// The pages a bulletin's title page and contents list took, once laid out, when what
    /// comes after them starts on the next page.
    pub(super) front_end: Option<u64>,
    /// The games translated in the first trial pass: written there, read in the passes after.
    pub(super) spool: Option<spool::Translations>,
}

/// A file, or a block of a book (its fence).
#[derive(Clone, Debug, Eq, PartialEq)]
pub(super) struct Source {
    pub(super) file: String,
    pub(super) block: Option<Pos>,
}

impl<S: LineSink> Run<'_, S> {
    /// Games or positions read as a stream (a file, or text held for another pass).
    pub(super) fn stream(
        &mut self,
        reader: Box<dyn BufRead + Send>,
        name: &str,
        kind: InputKind,
    ) -> Result<()> {
        self.reporter.reading(name, None);
        // The bulletin's title page and contents come first, before any input's text (a
        // foreword, positions): before the first input when the bulletin makes its own title
        // page, else after the book's (`document`) or before the first games.
        if kind == InputKind::Pgn || self.bulletin.as_ref().is_some_and(|b| b.own_title_page()) {
            self.bulletin_front()?;
        }
        let (document, what) = match kind {
            InputKind::Fen => (Document::fen(reader, name), "no positions"),
            InputKind::Epd => (Document::epd(reader, name), "no positions"),
            InputKind::Pgn | InputKind::Markdown => (Document::pgn(reader), "no games"),
        };
        // Not empty when every game was skipped (`keep_going`): each skip is named already.
        let skipped = self.counts.skipped;
        if self.document(document, name)? == 0 && self.counts.skipped == skipped {
            self.reporter.warn(empty_input(name, what));
        }
        Ok(())
    }

    /// Every node of a document through chess and braille into the layout. Returns the number
    /// of games and positions.
    /// The bulletin's title page and contents list, unless written already.
    fn bulletin_front(&mut self) -> Result<()> {
        if let Some(b) = &self.bulletin
            && !self.writer.contents().written
        {
            for node in b.front() {
                let (reporter, layout) = (&mut self.reporter, &mut self.layout);
                // The list's entries laid out as they are made (one a game).
                let mut failed = None;
                let mut laid = |blocks: &mut Vec<Block>| {
                    if failed.is_none() {
                        failed = lay_out(blocks, layout, None).err();
                    }
                };
                self.writer.node_laid(
                    &node,
                    &self.options,
                    &mut self.blocks,
                    &mut |w| reporter.warn(w),
                    &mut laid,
                );
                if let Some(e) = failed {
                    return Err(e);
                }
            }
            // Laid out now (not with the first game's blocks: the same blocks in the same
            // order), to know the pages it took: the list ends with a page break.
            lay_out(&mut self.blocks, &mut self.layout, None)?;
            self.front_end = self.layout.pages_before_next();
        }
        Ok(())
    }

    pub(super) fn document(&mut self, mut document: Document<'_>, name: &str) -> Result<usize> {
        let mut count = 0;
        loop {
            let reporter = &mut self.reporter;
            let node = document.next_node(&mut |w| reporter.warn(w));
            let node = node.map_err(|e| self.reporter.error(e))?;
            let Some(node) = node else { break };
            match node {
                Node::Games(games) => {
                    let read = self.games(games, name)?;
                    self.counts.games += read as u64;
                    count += read;
                }
                Node::Position(fen) => {
                    count += 1;
                    if self.position(&fen, name)? {
                        self.counts.diagrams += 1;
                    }
                }
                other => {
                    if self.proof
                        && let Some(origin) = origin_of(&other, name)
                    {
                        self.blocks.push(Block::Origin(Box::new(origin)));
                    }
                    let reporter = &mut self.reporter;
                    self.writer
                        .node(&other, &self.options, &mut self.blocks, &mut |w| {
                            reporter.warn(w)
                        });
                    // A book's title page: the bulletin's contents right after it.
                    if matches!(other, Node::TitlePage { .. }) {
                        self.bulletin_front()?;
                    }
                }
            }
            lay_out(&mut self.blocks, &mut self.layout, None)?;
        }
        Ok(count)
    }

    /// The games of a `.pgn` file or a ```` ```pgn ```` block, each laid out as soon as it is
    /// read. Returns how many there were.
    fn games(&mut self, games: Games, name: &str) -> Result<usize> {
        let Games {
            text,
            indent,
            words,
            at,
        } = games;
        let mut options = block_options(&self.options, &words, name, Some(&mut self.reporter));
        // Start diagrams follow the rule for boards too wide, like every diagram.
        // (A game from a position drawn without `start_diagram`: one with no moves.)
        let narrow = !board_fits(&options);
        if narrow {
            options.diagram = DiagramForm::Pieces;
        }
        // A game's tags are read by the proof's note, the check's name of the game, and a
        // bulletin's headings and index: the build's bulletin (an input of a bulletin may say
        // `bulletin: false` for itself), or one this input's options ask for.
        let asks = games::Asks {
            verify: self.verify,
            tags: self.verify
                || self.verifier.is_some()
                || self.proof
                || self.bulletin.is_some()
                || options.bulletin,
        };
        let mut step = GameStep {
            reporter: &mut self.reporter,
            writer: &mut self.writer,
            blocks: &mut self.blocks,
            wide_warned: &mut self.wide_warned,
            last_diagram: &mut self.last_diagram,
            layout: &mut self.layout,
            counts: &mut self.counts,
            bulletin: &mut self.bulletin,
            progress: self.progress.as_ref(),
            verifier: self.verifier.as_ref(),
            proof: self.proof,
            go_on: self.go_on,
            keep_going: options.keep_going,
            narrow,
            name,
            at,
            indent: &indent,
            options: &options,
            read: 0,
        };
        let jobs = self.jobs;
        match self.spool.as_mut() {
            // The games as the first pass translated them.
            Some(spool) if spool.ready() => {
                spool::replay(spool, &mut |game, spent| step.game(game, spent))?;
            }
            // (Written down in the first pass; nothing done in the others.)
            mut spool => {
                games::each_game(
                    text,
                    name,
                    indent.first_line,
                    &options,
                    jobs,
                    asks,
                    &mut |game, spent| {
                        if let Some(spool) = spool.as_deref_mut() {
                            spool.record(&game);
                        }
                        step.game(game, spent)
                    },
                )?;
                if let Some(spool) = spool {
                    spool.end_call();
                }
            }
        }
        Ok(step.read)
    }

    /// One position, as a diagram; `false` when it was left out (`keep_going`).
    fn position(&mut self, fen: &FenLine, name: &str) -> Result<bool> {
        let source = Source {
            file: name.to_owned(),
            block: fen.block,
        };
        // A block's words are reported once, at its first position.
        let report = self.words_read.as_ref() != Some(&source);
        self.words_read = Some(source.clone());
        let options = block_options(
            &self.options,
            &fen.words,
            name,
            report.then_some(&mut self.reporter),
        );
        let parsed = match parse_fen_line(fen, name) {
            Ok(parsed) => parsed,
            Err(Error::Input(d)) if self.go_on => {
                let mut d = *d;
                self.reporter.complete(&mut d);
                self.counts.skip(&d.location);
                self.counts.skipped_positions += 1;
                self.reporter
                    .warn(skipped(d, LeftOut::Position, self.options.keep_going));
                return Ok(false);
            }
            Err(e) => return Err(self.reporter.error(e)),
        };
        for w in parsed.warnings.iter().cloned() {
            self.reporter.warn(w);
        }
        let mut form = options.diagram;
        if !board_fits(&options) {
            form = DiagramForm::Pieces;
            let at = fen.block.unwrap_or_else(|| fen.pos()).in_file(name);
            let reporter = &mut self.reporter;
            too_wide(&mut self.wide_warned, source, at, &mut |mut w| {
                if fen.block.is_none() {
                    // A .fen file streams: show its line here.
                    w.0.source_line = Some(fen.line.clone());
                }
                reporter.warn(w)
            });
        }
        let block = diagram(
            parsed.board(),
            parsed.turn(),
            form,
            options.notation,
            options.to_move,
        );
        if self.proof {
            let origin = Origin {
                file: name.to_owned(),
                line: fen.number,
                kind: Made::Diagram,
                text: fen.line.get(fen.range.clone()).unwrap_or("").to_owned(),
            };
            self.blocks.push(Block::Origin(Box::new(origin)));
        }
        let caption = fen.caption.as_deref().map(|text| {
            let at = fen.pos().in_file(name);
            let reporter = &mut self.reporter;
            braille::diagram::caption(text, &mut |u| reporter.warn(book::no_rule(at.clone(), u)))
        });
        self.writer
            .unit(caption.into_iter().chain([block]), &mut self.blocks);
        self.last_diagram = Some(parsed.board().to_string());
        Ok(true)
    }
}

/// What each game of a `.pgn` file or block needs of the loop, as it comes back translated.
struct GameStep<'r, 'w, S: LineSink> {
    reporter: &'r mut Reporter<'w>,
    writer: &'r mut book::Writer,
    blocks: &'r mut Vec<Block>,
    wide_warned: &'r mut Option<Source>,
    last_diagram: &'r mut Option<String>,
    layout: &'r mut Layouter<S>,
    counts: &'r mut Counts,
    bulletin: &'r mut Option<bulletin::Bulletin>,
    progress: Option<&'r Arc<Progress>>,
    verifier: Option<&'r verify::Feed>,
    proof: bool,
    go_on: bool,
    keep_going: bool,
    /// Boards do not fit: start diagrams are drawn piece by piece.
    narrow: bool,
    name: &'r str,
    at: Pos,
    indent: &'r crate::document::Indent,
    options: &'r Options,
    /// Games read so far.
    read: usize,
}

impl<S: LineSink> GameStep<'_, '_, S> {
    /// A diagnostic's place counted in the file (a block's indent).
    fn relocate(&self, mut d: Diagnostic) -> Diagnostic {
        self.indent.relocate(&mut d.location);
        d
    }

    /// One game (or what stood in its place) back from translation: its warnings said, its
    /// blocks laid out, or it left out.
    fn game(&mut self, step: Step, spent: &mut games::Spent) -> Result<()> {
        // A game that could not be read, or text in no game: an error, or (going on) left
        // out and named.
        let (e, warnings, what) = match step {
            Step::Game(t, w) => (Ok(t), w, LeftOut::Game),
            Step::Bad(e, w) => (Err(e), w, LeftOut::Game),
            Step::Text(e) => (Err(e), Vec::new(), LeftOut::Text),
        };
        for w in warnings {
            self.reporter.warn(Warning(self.relocate(w.0)));
        }
        let translated = match e {
            Ok(t) => t,
            Err(e) => {
                let Error::Input(d) = e else { return Err(e) };
                let d = self.relocate(*d);
                if !self.go_on {
                    return Err(self.reporter.error(Error::Input(Box::new(d))));
                }
                left_out(d, what, self.keep_going, self.counts, self.reporter);
                return Ok(());
            }
        };
        self.read += 1;
        if let Some(p) = self.progress.as_ref() {
            p.game();
        }
        let about = translated.about;
        // Where the game starts, in its file (made only where it is said: a name a game).
        let (at, name) = (self.at, self.name);
        let place = || about.location.clone().unwrap_or_else(|| at.in_file(name));
        // The same, counted in its file (a block's indent).
        let relocated = || {
            let mut relocated = place();
            self.indent.relocate(&mut relocated);
            relocated
        };
        if self.narrow && translated.start_drawn {
            let source = Source {
                file: self.name.to_owned(),
                block: Some(self.at),
            };
            let (indent, reporter) = (self.indent, &mut *self.reporter);
            too_wide(self.wide_warned, source, place(), &mut |mut w| {
                indent.relocate(&mut w.0.location);
                reporter.warn(w)
            });
        }
        if self.proof {
            let origin = game_origin(&about, relocated());
            self.blocks.push(Block::Origin(Box::new(origin)));
        }
        self.counts.dropped_nags += translated.dropped_nags as u64;
        let unseen = self.last_diagram.take();
        let nothing = translated.blocks.is_empty() && self.bulletin.is_none();
        for d in said_of_the_game(&about, nothing, translated.start_drawn, unseen, &place) {
            self.reporter.warn(Warning(self.relocate(d)));
        }
        // A start diagram drawn is a diagram written (the summary counts it).
        if translated.start_drawn {
            self.counts.diagrams += 1;
        }
        self.counts.diagrams += translated.diagrams_inside as u64;
        // A game from a [FEN] position is compared when its start diagram is drawn before
        // its moves (the braille then says where they start) and it has moves.
        // A game with moves is compared: guided by its source, which knows where its
        // moves start, whether or not a diagram shows it.
        if let (Some(v), Some(witness)) = (self.verifier.as_ref(), translated.witness) {
            tell_verifier(v, &about, relocated(), self.options.notation, witness);
        }
        self.bulletin_headings(&about, translated.heading);
        let mut made = translated.blocks;
        self.writer.unit(made.drain(..), self.blocks);
        lay_out(self.blocks, self.layout, Some(&mut spent.blocks))?;
        spent.games.push((made, about));
        Ok(())
    }

    /// A bulletin's headings before a game (its round's when the round changes, then its
    /// own); `made`: the game's own heading made ahead, on the thread that translated it.
    fn bulletin_headings(&mut self, about: &games::About, made: Option<Box<book::MadeHeading>>) {
        let Some(b) = self.bulletin.as_mut() else {
            return;
        };
        let entry = self.writer.contents().found.len();
        // The bulletin's headings are made of the game's tags: what they warn of is the
        // game's, at the character in its tag (as its own heading's tags are).
        let mut warn = |mut w: Warning| {
            self.indent.relocate(&mut w.0.location);
            w.0.message = format!("game {}: {}", about.number, w.0.message);
            self.reporter.warn(w)
        };
        for node in b.before_game(about, entry, made.is_none()) {
            self.writer
                .node(&node, self.options, self.blocks, &mut warn);
        }
        if let Some(made) = made {
            // (Debug builds, so every test: the heading's pieces made here too, to check the
            // cells made ahead against.)
            #[cfg(debug_assertions)]
            let text = bulletin::game_heading(about, bulletin::round_and_board(about).1);
            self.writer.made_heading_node(
                2,
                &made,
                #[cfg(debug_assertions)]
                Some(&text),
                self.options,
                self.blocks,
            );
        }
    }
}

/// A game or text left out (`keep_going`, `check`): counted, and named at its place.
fn left_out(
    d: Diagnostic,
    what: LeftOut,
    keep_going: bool,
    counts: &mut Counts,
    reporter: &mut Reporter<'_>,
) {
    counts.skip(&d.location);
    if what == LeftOut::Text {
        counts.skipped_texts += 1;
    }
    reporter.warn(skipped(d, what, keep_going));
}

/// What is said of a game translated (at `place`, before its indent is counted): that it has
/// nothing to write (`nothing`: no blocks, and no bulletin heading names it), or that its
/// moves start from a position no diagram before them shows (`shown`: the board of the last
/// diagram drawn, if any).
fn said_of_the_game(
    about: &games::About,
    nothing: bool,
    start_drawn: bool,
    shown: Option<String>,
    place: &dyn Fn() -> Location,
) -> Vec<Diagnostic> {
    let mut said = Vec::new();
    // Nothing to write of it: no moves, no position, no tag a heading gives (`*` alone).
    // Said, not dropped without a word. (A bulletin's heading names it.)
    if nothing {
        said.push(Diagnostic::new(
            place(),
            format!(
                "game {} has nothing to transcribe: no moves, no position and no tag that a \
                 heading gives",
                about.number
            ),
        ));
    }
    // Moves from a position that no diagram before them shows: a reader cannot follow them.
    // Said, not left to the reader to find out.
    if let Some(board) = about.start_board.as_ref()
        && !start_drawn
        && *board != shakmaty::Board::default().to_string()
        && shown.as_ref() != Some(board)
    {
        said.push(
            Diagnostic::new(
                place(),
                format!(
                    "game {} begins from a position ([FEN]) that no diagram before its moves \
                     shows: a reader cannot follow them",
                    about.number
                ),
            )
            .with_hint(
                "give --start-diagram (front matter `start_diagram: true`), or draw the \
                 position in a ```fen block right before the game",
            ),
        );
    }
    said
}

/// Tells the check of the braille written which game comes next, and what it says.
fn tell_verifier(
    v: &verify::Feed,
    about: &games::About,
    at: Location,
    notation: Notation,
    witness: Box<verify::Witness>,
) {
    v.start();
    v.source(verify::SourceGame {
        at,
        label: game_origin(
            about,
            Location {
                file: String::new(),
                line: 0,
                column: 0,
            },
        )
        .text,
        notation,
        witness,
    });
}

/// The error of a game or position left out, said as an error; with `keep_going` a note
/// after its hint says so (a check goes on past every error anyway).
pub(super) fn skipped(d: Diagnostic, what: LeftOut, keep_going: bool) -> Warning {
    match keep_going {
        true => Warning::skipped(d.with_note(what)),
        false => Warning::skipped(d),
    }
}

/// Where a node of prose comes from, for the HTML proof: its line, what it is, its print text.
fn origin_of(node: &Node, name: &str) -> Option<Origin> {
    // (Without the mark that ends a number before a note's number: it is for the braille.)
    let text = |inline: &[crate::document::Piece]| -> String {
        inline
            .iter()
            .flat_map(|p| p.text.chars())
            .filter(|&c| c != crate::braille::tables::NUMBER_BREAK)
            .collect()
    };
    let line = |inline: &[crate::document::Piece]| inline.first().map_or(0, |p| p.at.line);
    let (kind, line, text) = match node {
        Node::TitlePage { title, author } => {
            let parts: Vec<String> = [title, author]
                .into_iter()
                .flatten()
                .map(|t| text(t))
                .collect();
            let at = title.as_deref().or(author.as_deref()).map_or(0, line);
            (Made::TitlePage, at, parts.join(" / "))
        }
        Node::Heading { text: t, .. } => (Made::Heading, line(t), text(t)),
        Node::Paragraph { text: t, .. } => (Made::Paragraph, line(t), text(t)),
        Node::PrintPage { number, at } => (Made::PrintPage, at.line, number.clone()),
        Node::Image { alt, address, .. } => (Made::Image, line(alt).max(line(address)), text(alt)),
        Node::Contents => (Made::Contents, 0, String::new()),
        Node::Notes { at } => (
            Made::Notes,
            at.line,
            crate::braille::book::NOTES_HEADING.to_owned(),
        ),
        // (A note's number, as its list in the braille has it: its blocks' notes follow.)
        Node::NoteStart { number, at } => (Made::Notes, at.line, format!("{number}.")),
        Node::TableRow { cells } => {
            let at = cells.iter().map(|c| line(c)).find(|&l| l > 0).unwrap_or(0);
            let row: Vec<String> = cells.iter().map(|c| text(c)).collect();
            (Made::Table, at, row.join(" | "))
        }
        Node::Code { lines } => (
            Made::Code,
            lines.first().map_or(0, |l| l.1.line),
            lines.first().map(|l| l.0.clone()).unwrap_or_default(),
        ),
        Node::ThematicBreak => (Made::Rule, 0, String::new()),
        _ => return None,
    };
    Some(Origin {
        file: name.to_owned(),
        line,
        kind,
        text,
    })
}

/// Where a game comes from, for the HTML proof: its players, event and result.
fn game_origin(game: &games::About, at: Location) -> Origin {
    let tag = |name: &str| game.tag(name);
    let mut text = match (tag("White"), tag("Black")) {
        (Some(w), Some(b)) => format!("{w} – {b}"),
        (Some(w), None) => w.to_owned(),
        (None, Some(b)) => b.to_owned(),
        (None, None) => format!("parti {}", game.number),
    };
    for name in ["Event", "Round", "Result"] {
        if let Some(value) = tag(name) {
            text.push_str(", ");
            text.push_str(value);
        }
    }
    Origin {
        file: at.file,
        line: at.line,
        kind: Made::Game,
        text,
    }
}

/// Hands the blocks made so far to the layout. Its errors are the output's (a write that
/// failed), never the input's (issue 32: a full disk was blamed on the input).
pub(super) fn lay_out<S: LineSink>(
    blocks: &mut Vec<Block>,
    layout: &mut Layouter<S>,
    mut spent: Option<&mut Vec<Block>>,
) -> Result<()> {
    // (Each block laid out where it stands, then the list handed over whole: a block moved
    // out of the list and read back at once waited for its own copy.)
    let mut laid = Ok(());
    for b in blocks.iter_mut() {
        if let Err(e) = layout.push(b) {
            laid = Err(Error::io(destination::OUTPUT, e));
            break;
        }
    }
    match spent.as_mut() {
        Some(spent) => spent.append(blocks),
        None => blocks.clear(),
    }
    laid
}

/// The one rule for boards too wide or too tall, wherever a diagram comes from (a `.fen`
/// file, a ```` ```fen ```` block, the start of a game): a board needs [`BOARD_WIDTH`] cells a
/// line and [`BOARD_PAGE`] lines a page; on a shorter line or page the position is written as
/// a piece list (a board is never split across pages).
fn board_fits(options: &Options) -> bool {
    options.diagram != DiagramForm::Board
        || (options.line_length >= BOARD_WIDTH
            && (options.page_length == 0 || options.page_length >= BOARD_PAGE))
}

/// Lines a page must have for a board: its 12 lines and a page number line.
const BOARD_PAGE: usize = BOARD_LINES + 1;

/// The warning for a board too wide or too tall, once a file or block (`source`).
fn too_wide(
    warned: &mut Option<Source>,
    source: Source,
    at: Location,
    warn: &mut dyn FnMut(Warning),
) {
    if warned.as_ref() == Some(&source) {
        return;
    }
    *warned = Some(source);
    warn(Warning(
        Diagnostic::new(
            at,
            format!(
                "a board diagram needs {BOARD_WIDTH} cells a line and {BOARD_PAGE} lines a \
                 page; written as a piece list"
            ),
        )
        .with_width(3),
    ));
}

/// The options of a ```` ```pgn ```` or ```` ```fen ```` block: the output's, changed by the
/// words of its info string. Unknown words are warnings at their place, given when `reporter`
/// is there.
fn block_options(
    options: &Options,
    words: &Words,
    file: &str,
    mut reporter: Option<&mut Reporter<'_>>,
) -> Options {
    let mut set = Settings::default();
    for (word, at) in words {
        if !set.apply_word(word)
            && let Some(r) = reporter.as_deref_mut()
        {
            r.warn(Warning(
                Diagnostic::new(
                    at.in_file(file),
                    format!("unknown block option '{word}' is left out"),
                )
                .with_width(word.chars().count()),
            ));
        }
    }
    set.over(options)
}
