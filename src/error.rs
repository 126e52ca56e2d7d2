//! Errors as values: input errors located in their file, usage errors, I/O errors; and warnings.

use std::fmt;
use std::path::PathBuf;

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet, renderer};

/// A place in an input file: 1-based line and column (in characters).
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Location {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", shown(&self.file), self.line, self.column)
    }
}

/// The longest word a message shows whole; a longer one (a 1 MB "move") is cut in the middle.
const LONGEST_WORD: usize = 120;

/// Text from the input or a file name as a message shows it (issue 32): control characters
/// (which would drive the terminal: `ESC [2J` in a file name) and the controls of
/// bidirectional text (U+202E turns the rest of the line around) escaped, as `\u{202e}`; a
/// word longer than [`LONGEST_WORD`] characters cut to its start and end around `…`.
pub(crate) fn shown(text: &str) -> std::borrow::Cow<'_, str> {
    let odd = |c: char| {
        c.is_control()
            || matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    let long = text
        .split(' ')
        .any(|w| w.len() > LONGEST_WORD && w.chars().count() > LONGEST_WORD);
    if !long && !text.chars().any(odd) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len().min(1024));
    for (k, word) in text.split(' ').enumerate() {
        if k > 0 {
            out.push(' ');
        }
        let count = word.chars().count();
        let escape = |c: char, out: &mut String| match odd(c) {
            true => out.extend(c.escape_default()),
            false => out.push(c),
        };
        if count > LONGEST_WORD {
            word.chars()
                .take(LONGEST_WORD / 2)
                .for_each(|c| escape(c, &mut out));
            out.push('…');
            word.chars()
                .skip(count - 8)
                .for_each(|c| escape(c, &mut out));
            out.push_str(&format!(" ({count} characters)"));
        } else {
            word.chars().for_each(|c| escape(c, &mut out));
        }
    }
    std::borrow::Cow::Owned(out)
}

/// A located problem in the input, with the source line it stands on when known.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Diagnostic {
    pub location: Location,
    pub message: String,
    /// The text of the source line, for the marker under the problem.
    pub source_line: Option<String>,
    /// How many characters the marker covers (at least 1).
    pub width: u32,
    pub hint: Option<String>,
    /// The problem's game or position was left out, the rest written (`keep_going`): said
    /// in a note after the hint.
    pub(crate) note: Option<LeftOut>,
    /// An error whose game or position was left out so that the build could go on
    /// (`keep_going`, and `check`): reported as an error, through the warnings' channel.
    pub(crate) skipped: bool,
}

/// What an error left out so that the build could go on (`keep_going`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LeftOut {
    Game,
    Position,
    /// Text between games, in no game.
    Text,
}

impl LeftOut {
    fn text(self) -> &'static str {
        match self {
            LeftOut::Game => "this game is left out, the rest is written (keep_going)",
            LeftOut::Position => "this position is left out, the rest is written (keep_going)",
            LeftOut::Text => "this text is left out, the rest is written (keep_going)",
        }
    }
}

impl Diagnostic {
    pub fn new(location: Location, message: impl Into<String>) -> Self {
        Diagnostic {
            location,
            message: message.into(),
            source_line: None,
            width: 1,
            hint: None,
            note: None,
            skipped: false,
        }
    }

    pub fn with_source(mut self, line: impl Into<String>, width: usize) -> Self {
        self.source_line = Some(line.into());
        self.width = width.max(1) as u32;
        self
    }

    /// How many characters the marker covers, for a diagnostic whose source line is filled
    /// in later (by the reporter).
    pub(crate) fn with_width(mut self, width: usize) -> Self {
        self.width = u32::try_from(width.max(1)).unwrap_or(u32::MAX);
        self
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    pub(crate) fn with_note(mut self, note: LeftOut) -> Self {
        self.note = Some(note);
        self
    }

    /// The diagnostic as a compiler shows it: the first line `file:line:col: kind: message`,
    /// then (rendered by annotate-snippets) the source line with a marker under the problem,
    /// and the hint. `style` picks colour and the screen-reader form.
    pub fn render(&self, kind: Severity, style: Style) -> String {
        let level = match kind {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
        };
        let name = match kind {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let message = shown(&self.message);
        let mut out = if style.color {
            let (bold, reset) = (anstyle::Style::new().bold(), anstyle::Reset);
            let tint = match kind {
                Severity::Error => renderer::DEFAULT_ERROR_STYLE,
                Severity::Warning => renderer::DEFAULT_WARNING_STYLE,
            };
            format!(
                "{bold}{}{reset}: {tint}{name}{reset}: {bold}{message}{reset}",
                self.location
            )
        } else {
            format!("{}: {name}: {message}", self.location)
        };
        let mut group = Group::with_level(level.clone());
        let mut any = false;
        if let Some(line) = &self.source_line {
            // One line of source, without its line end; the marker in bytes, from the column
            // and width in characters (clamped to the line: a problem at its end marks one
            // place after it).
            let (line, start, end) = window(
                line.trim_end_matches(['\r', '\n']),
                self.location.column.max(1) as usize - 1,
                self.width.max(1) as usize,
            );
            group = group.element(
                Snippet::source(line)
                    .line_start(self.location.line.max(1) as usize)
                    .fold(false)
                    .annotation(AnnotationKind::Primary.span(start..end)),
            );
            any = true;
        }
        if let Some(hint) = &self.hint {
            group = group.element(Level::HELP.with_name("hint").message(shown(hint)));
            any = true;
        }
        if let Some(note) = &self.note {
            group = group.element(Level::NOTE.message(note.text()));
            any = true;
        }
        if any {
            let renderer = if style.color {
                Renderer::styled()
            } else {
                Renderer::plain()
            }
            .no_graphics(style.no_graphics);
            let body = renderer.render(&[group]);
            let body = body.trim_end();
            if !body.is_empty() {
                out.push('\n');
                out.push_str(body);
            }
        }
        out
    }
}

/// Characters of a long source line kept on each side of the marker, and of the marker itself.
const CONTEXT: usize = 120;

/// The part of `line` shown, and the marker in it as a byte range, from the marker's column
/// and width in characters. A long line (a 20 MB comment) is cut to the marker and some
/// context around it, so drawing it costs little; a marker past the line's end marks one
/// place after it.
fn window(line: &str, column: usize, width: usize) -> (std::borrow::Cow<'_, str>, usize, usize) {
    let width = width.min(CONTEXT);
    let byte_at = |text: &str, chars: usize| {
        text.char_indices()
            .nth(chars)
            .map_or(text.len(), |(i, _)| i)
    };
    if line.len() <= 4 * CONTEXT {
        let start = byte_at(line, column);
        let end = start + byte_at(&line[start..], width);
        return (line.into(), start, end);
    }
    let from = byte_at(line, column.saturating_sub(CONTEXT));
    let at = from + byte_at(&line[from..], column - column.saturating_sub(CONTEXT));
    let until = at + byte_at(&line[at..], width + CONTEXT);
    let (before, after) = (
        if from > 0 { "..." } else { "" },
        if until < line.len() { "..." } else { "" },
    );
    let shown = format!("{before}{}{after}", &line[from..until]);
    let start = before.len() + (at - from);
    let end = start + byte_at(&line[at..until], width);
    (shown.into(), start, end)
}

/// Whether a diagnostic is an error or a warning.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Severity {
    Error,
    Warning,
}

/// How diagnostics are drawn: plain (tests, pipes) unless stderr is a terminal.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct Style {
    /// ANSI colours (only when standard error is a terminal and `NO_COLOR` is not set).
    pub color: bool,
    /// No source drawing, for screen readers and braille displays (`NO_GRAPHICS=1`).
    pub no_graphics: bool,
}

impl Style {
    /// The style for standard error: colour when it is a terminal and `NO_COLOR` is unset;
    /// the screen-reader form when `NO_GRAPHICS` is set (to anything but empty or `0`).
    pub fn for_stderr() -> Style {
        use std::io::IsTerminal;
        let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0");
        Style {
            color: std::io::stderr().is_terminal() && !set("NO_COLOR"),
            no_graphics: set("NO_GRAPHICS"),
        }
    }
}

/// Everything that can stop a build.
#[derive(Debug)]
pub enum Error {
    /// The input is wrong: exit code 1.
    Input(Box<Diagnostic>),
    /// The command line is wrong: exit code 2.
    Usage(String),
    /// Reading or writing a file failed: exit code 3.
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// Errors already reported one by one (`check` goes on past each): exit code 1, or 3 when
    /// an input among them could not be read (`unreadable`). `places` holds the first of them.
    Reported {
        count: usize,
        places: Vec<Location>,
        unreadable: bool,
    },
}

/// How many places a closing count names before `…`.
pub(crate) const PLACES_NAMED: usize = 10;

/// `a.pgn:12, b.pgn:7, …`: the places of a closing count (file and line), the first
/// [`PLACES_NAMED`] of `count`.
pub(crate) fn places_text(places: &[Location], count: usize) -> String {
    let mut text: Vec<String> = places
        .iter()
        .take(PLACES_NAMED)
        .map(|l| format!("{}:{}", l.file, l.line))
        .collect();
    if count > text.len() {
        text.push("…".into());
    }
    text.join(", ")
}

impl Error {
    /// The error in one line, for a message that quotes it: the place (if any) and what is
    /// wrong, without the drawing.
    pub fn brief(&self) -> String {
        match self {
            Error::Input(d) => format!(
                "{}:{}:{}: {}",
                d.location.file, d.location.line, d.location.column, d.message
            ),
            Error::Usage(m) => m.clone(),
            Error::Io { path, source } => format!("{}: {source}", path.display()),
            Error::Reported { count, places, .. } => reported(*count, places),
        }
    }

    /// The process exit code for this error (README: 1 input, 2 usage, 3 I/O).
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Reported {
                unreadable: true, ..
            } => 3,
            Error::Input(_) | Error::Reported { .. } => 1,
            Error::Usage(_) => 2,
            Error::Io { .. } => 3,
        }
    }

    /// An I/O error on `path`; a read error that is a located problem in the input's text
    /// ([`Located`], from the source stage's checks) becomes that input error.
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        if source.get_ref().is_some_and(|e| e.is::<Located>()) {
            let kind = source.kind();
            return match source.into_inner().map(|e| e.downcast::<Located>()) {
                // (A reader that knows the place but not the file's name leaves it empty.)
                Some(Ok(mut located)) => {
                    if located.0.location.file.is_empty() {
                        located.0.location.file = path.into().display().to_string();
                    }
                    Error::Input(located.0)
                }
                // Not reached: the payload was just seen to be `Located`.
                _ => Error::Io {
                    path: path.into(),
                    source: kind.into(),
                },
            };
        }
        Error::Io {
            path: path.into(),
            source,
        }
    }
}

/// A located problem found while reading (a NUL byte, a byte that is not UTF-8): carried through
/// `std::io::Read` as the payload of an `io::Error`, and made an input error by [`Error::io`].
#[derive(Debug)]
pub(crate) struct Located(pub(crate) Box<Diagnostic>);

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.0.location, self.0.message)
    }
}

impl std::error::Error for Located {}

impl From<Diagnostic> for Error {
    fn from(d: Diagnostic) -> Self {
        Error::Input(Box::new(d))
    }
}

impl Error {
    /// The error as shown on standard error, in `style`.
    pub fn render(&self, style: Style) -> String {
        match self {
            Error::Input(d) => d.render(Severity::Error, style),
            Error::Usage(m) => format!("error: {}", shown(m)),
            Error::Io { path, source } => format!(
                "{}: error: {}",
                shown(&path.display().to_string()),
                shown(&source.to_string())
            ),
            Error::Reported { count, places, .. } => {
                format!("error: {}", reported(*count, places))
            }
        }
    }
}

/// The closing line of errors reported one by one.
fn reported(count: usize, places: &[Location]) -> String {
    match count {
        1 => format!("1 error, shown above: {}", places_text(places, count)),
        n => format!("{n} errors, shown above: {}", places_text(places, count)),
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Style::default()))
    }
}

impl std::error::Error for Error {}

/// A located problem that does not stop the build: a warning, or an error whose game or
/// position was left out (`keep_going`, and `check`, which reports every error):
/// [`Warning::is_error`].
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Warning(pub Diagnostic);

impl Warning {
    /// The warning as shown on standard error, in `style` (an error that left out its game as
    /// an error).
    pub fn render(&self, style: Style) -> String {
        self.0.render(self.severity(), style)
    }

    /// An input error whose game or position is left out while the build goes on.
    pub(crate) fn skipped(mut d: Diagnostic) -> Warning {
        d.skipped = true;
        Warning(d)
    }

    /// This is an error that left out a game or a position (or, in `check`, a file), not a
    /// warning.
    pub fn is_error(&self) -> bool {
        self.0.skipped
    }

    /// Error or warning.
    pub fn severity(&self) -> Severity {
        match self.0.skipped {
            true => Severity::Error,
            false => Severity::Warning,
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Style::default()))
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// How many warnings of one kind are shown; the rest of that kind are counted, and one line
/// after the build says how many were not shown ([`Shown`]). The same number as a text's
/// characters with no braille rule reported one by one.
pub const WARNINGS_SHOWN: usize = 20;

/// The one rule for which warnings are shown: the first [`WARNINGS_SHOWN`] of each kind (a
/// kind is a message with what is quoted in it and its numbers left out: every
/// `front matter: unknown key '…' is left out` is one kind), then for each kind with more,
/// one line at the end ([`Shown::not_shown`]). Errors that left out their game are all
/// shown. The build's count of warnings and `--deny-warnings` see every warning; only the
/// showing is cut (20 000 warnings drawn one by one took longer to read than to make).
#[derive(Debug, Default)]
pub struct Shown {
    /// Each kind seen, at its index in `kinds` (the order they were first seen in).
    index: std::collections::HashMap<String, usize>,
    /// Each kind: how many warnings of it, and the place of the first not shown.
    kinds: Vec<(String, usize, Option<Location>)>,
}

impl Shown {
    /// Whether `w` is shown: an error always, a warning when fewer than [`WARNINGS_SHOWN`] of
    /// its kind came before it.
    pub fn show(&mut self, w: &Warning) -> bool {
        if w.is_error() {
            return true;
        }
        let kind = kind_of(&w.0.message);
        let i = match self.index.get(&kind) {
            Some(&i) => i,
            None => {
                self.kinds.push((kind.clone(), 0, None));
                self.index.insert(kind, self.kinds.len() - 1);
                self.kinds.len() - 1
            }
        };
        let (_, count, first) = &mut self.kinds[i];
        *count += 1;
        if *count > WARNINGS_SHOWN {
            first.get_or_insert_with(|| w.0.location.clone());
            return false;
        }
        true
    }

    /// A line for each kind of which some warnings were not shown, in the order the kinds were
    /// first seen: how many, and where the first of them is.
    pub fn not_shown(&self) -> Vec<String> {
        self.kinds
            .iter()
            .filter_map(|(kind, count, first)| {
                let first = first.as_ref()?;
                let more = count - WARNINGS_SHOWN;
                let warnings = if more == 1 { "warning" } else { "warnings" };
                Some(format!(
                    "warning: {more} more {warnings} \"{kind}\" not shown, from {first} on (the \
                     first {WARNINGS_SHOWN} are above)"
                ))
            })
            .collect()
    }
}

/// A warning's kind: its message with control characters escaped, each quoted part (`'…'`,
/// `"…"`, `` `…` ``) and each word holding a digit (`12`, `U+1F600`'s `1F600`) as `…`.
fn kind_of(message: &str) -> String {
    let mut kind = String::with_capacity(message.len());
    let mut chars = message.chars().peekable();
    while let Some(c) = chars.next() {
        if matches!(c, '\'' | '"' | '`') && chars.clone().any(|d| d == c) {
            for d in chars.by_ref() {
                if d == c {
                    break;
                }
            }
            kind.push(c);
            kind.push('…');
            kind.push(c);
        } else if c.is_alphanumeric() {
            let mut word = String::from(c);
            while let Some(&d) = chars.peek().filter(|d| d.is_alphanumeric()) {
                word.push(d);
                chars.next();
            }
            match word.chars().any(|d| d.is_ascii_digit()) {
                true => kind.push('…'),
                false => kind.push_str(&word),
            }
        } else if c.is_control() {
            kind.extend(c.escape_default());
        } else {
            kind.push(c);
        }
    }
    kind
}

/// Where each line of a text starts, so that a line is found by its number at once (finding
/// it with `text.lines().nth()` for each of 20 000 warnings took minutes: issue 32). Lines end
/// at LF, as `str::lines` ends them; a CR before the LF is not part of the line.
#[derive(Clone, Debug, Default)]
pub(crate) struct LineStarts(Vec<usize>);

impl LineStarts {
    pub(crate) fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineStarts(starts)
    }

    /// The byte where 0-based line `line` starts: the text's length past its last line.
    pub(crate) fn start(&self, line: usize, text: &str) -> usize {
        self.0
            .get(line)
            .copied()
            .unwrap_or(text.len())
            .min(text.len())
    }

    /// The text of 0-based line `line` without its line end, as `text.lines().nth(line)`
    /// gives it (`None` past the last line).
    pub(crate) fn line<'t>(&self, line: usize, text: &'t str) -> Option<&'t str> {
        let start = *self.0.get(line)?;
        if start >= text.len() {
            return None;
        }
        let end = self.0.get(line + 1).map_or(text.len(), |&next| next - 1);
        let line = text.get(start..end)?;
        Some(line.strip_suffix('\r').unwrap_or(line))
    }
}

/// The one way warnings leave the pipeline: every stage hands its warnings (and the build its
/// errors) to the reporter, which completes them (the source line of a book, whose text it
/// knows) and passes them on. Stages never print.
pub(crate) struct Reporter<'w> {
    sink: &'w mut dyn FnMut(&Warning),
    /// The file being read whose whole text is at hand (a book), for source lines, with
    /// where its lines start (found when the first diagnostic asks).
    text: Option<(String, String)>,
    lines: std::cell::OnceCell<LineStarts>,
}

impl<'w> Reporter<'w> {
    /// A reporter that says nothing (a trial pass, laid out again later).
    pub(crate) fn quiet() -> Reporter<'static> {
        // (A closure that captures nothing has no size: leaking it allocates nothing.)
        Reporter::new(Box::leak(Box::new(|_: &Warning| {})))
    }

    pub(crate) fn new(sink: &'w mut dyn FnMut(&Warning)) -> Self {
        Reporter {
            sink,
            text: None,
            lines: std::cell::OnceCell::new(),
        }
    }

    /// The text of the input being read, when it is read whole (a book); `None` for a stream.
    pub(crate) fn reading(&mut self, file: &str, text: Option<&str>) {
        self.text = text.map(|t| (file.to_owned(), t.to_owned()));
        self.lines = std::cell::OnceCell::new();
    }

    /// Completes a diagnostic: a problem in a book shows the book's own line (a game in a
    /// ```` ```pgn ```` block is read without its indent, so the reader's line is not the file's).
    pub(crate) fn complete(&self, d: &mut Diagnostic) {
        if let Some((file, text)) = &self.text
            && d.location.file == *file
            && let Some(line) = (d.location.line as usize).checked_sub(1).and_then(|i| {
                self.lines
                    .get_or_init(|| LineStarts::new(text))
                    .line(i, text)
            })
        {
            d.source_line = Some(line.trim_end_matches('\r').to_owned());
        }
    }

    pub(crate) fn warn(&mut self, mut w: Warning) {
        self.complete(&mut w.0);
        (self.sink)(&w);
    }

    /// An error on its way out: completed like a warning.
    pub(crate) fn error(&self, mut e: Error) -> Error {
        if let Error::Input(d) = &mut e {
            self.complete(d);
        }
        e
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn located(line: &str, column: u32, width: usize) -> Diagnostic {
        let at = Location {
            file: "a.pgn".into(),
            line: 7,
            column,
        };
        Diagnostic::new(at, "bad")
            .with_source(line, width)
            .with_hint("do this")
    }

    #[test]
    fn long_words_and_controls_are_shown_safely() {
        // Issue 32: a 1 MB token was echoed whole; U+202E and ESC sequences in file names
        // were printed raw.
        let token = format!("'N{}'", "x".repeat(1_000_000));
        let d = Diagnostic::new(
            Location {
                file: "ond\u{1b}[2J\u{202e}.pgn".into(),
                line: 1,
                column: 13,
            },
            format!("cannot read {token} as a move"),
        )
        .with_hint("\u{2066}gömt");
        let text = d.render(Severity::Error, Style::default());
        assert_eq!(
            text,
            format!(
                "ond\\u{{1b}}[2J\\u{{202e}}.pgn:1:13: error: cannot read 'N{}…xxxxxxx' \
                 (1000003 characters) as a move\n = hint: \\u{{2066}}gömt",
                "x".repeat(58)
            )
        );
        assert_eq!(shown("e4 och Sf3"), "e4 och Sf3");
        assert!(matches!(shown("e4"), std::borrow::Cow::Borrowed(_)));
    }

    #[test]
    fn renders_like_a_compiler() {
        let shown = located("1. e4 Ke3 *", 7, 3).render(Severity::Error, Style::default());
        assert_eq!(
            shown,
            "a.pgn:7:7: error: bad\n  |\n7 | 1. e4 Ke3 *\n  |       ^^^\n  |\n  = hint: do this"
        );
        let warned = Warning(located("x", 1, 1)).to_string();
        assert!(warned.starts_with("a.pgn:7:1: warning: bad\n"), "{warned}");
        // Colour only when asked.
        let coloured = located("x", 1, 1).render(
            Severity::Error,
            Style {
                color: true,
                no_graphics: false,
            },
        );
        assert!(coloured.contains('\x1b'));
        assert!(!shown.contains('\x1b'));
    }

    #[test]
    fn a_marker_at_or_past_the_end_and_odd_characters() {
        for (line, column) in [
            ("abc", 4),
            ("abc", 99),
            ("", 1),
            ("å\tä\u{0}ö", 3),
            ("\r\n", 1),
        ] {
            let shown = located(line, column, 5).render(Severity::Error, Style::default());
            assert!(
                shown.starts_with(&format!("a.pgn:7:{column}: error: bad")),
                "{shown}"
            );
        }
        let d = Diagnostic::new(
            Location {
                file: "b".into(),
                line: 1,
                column: 1,
            },
            "a\u{0}b\u{1b}[31m",
        );
        assert_eq!(
            d.render(Severity::Error, Style::default()),
            "b:1:1: error: a\\u{0}b\\u{1b}[31m"
        );
    }

    #[test]
    fn a_line_found_by_its_start_is_the_line_str_lines_gives() {
        for text in [
            "",
            "a",
            "a\n",
            "a\n\nb",
            "a\r\nb\r\n",
            "a\r\r\nb",
            "\n\n",
            "å\nä\rö\n",
        ] {
            let starts = LineStarts::new(text);
            for i in 0..6 {
                assert_eq!(
                    starts.line(i, text),
                    text.lines().nth(i),
                    "{text:?} line {i}"
                );
            }
            let before: usize = text.split_inclusive('\n').take(2).map(str::len).sum();
            assert_eq!(starts.start(2, text), before, "{text:?}");
            assert_eq!(starts.start(99, text), text.len());
        }
    }

    #[test]
    fn the_reporter_draws_the_line_of_the_five_thousandth_warning() {
        let text: String = (1..=10_000).map(|i| format!("rad {i}\r\n")).collect();
        let mut shown = Vec::new();
        let mut sink = |w: &Warning| shown.push(w.clone());
        let mut reporter = Reporter::new(&mut sink);
        reporter.reading("b.md", Some(&text));
        for line in 1..=10_001 {
            let at = Location {
                file: "b.md".into(),
                line,
                column: 2,
            };
            reporter.warn(Warning(Diagnostic::new(at, "x")));
        }
        // Another file's line is not this text's.
        let elsewhere = Location {
            file: "c.md".into(),
            line: 3,
            column: 1,
        };
        reporter.warn(Warning(Diagnostic::new(elsewhere, "x")));
        drop(reporter);
        assert_eq!(shown[4999].0.location.line, 5000);
        assert_eq!(shown[4999].0.source_line.as_deref(), Some("rad 5000"));
        assert_eq!(shown[9999].0.source_line.as_deref(), Some("rad 10000"));
        // Past the last line, and in another file: no line.
        assert_eq!(shown[10_000].0.source_line, None);
        assert_eq!(shown[10_001].0.source_line, None);
    }

    #[test]
    fn a_warnings_kind_leaves_out_what_is_quoted_and_numbers() {
        let kinds = [
            (
                "no braille rule for the character '☃' (U+2603); a substitute is written",
                "no braille rule for the character '…' (U+…); a substitute is written",
            ),
            (
                "no braille rule for the character '😀' (U+1F600); a substitute is written",
                "no braille rule for the character '…' (U+…); a substitute is written",
            ),
            (
                "front matter: unknown key 'k12' is left out",
                "front matter: unknown key '…' is left out",
            ),
            ("an HTML block: its text", "an HTML block: its text"),
            ("`x` and \"y\" in 3 places", "`…` and \"…\" in … places"),
            // An apostrophe with no other after it is a letter of the text.
            ("the game's end\u{7}", "the game's end\\u{7}"),
        ];
        for (message, kind) in kinds {
            assert_eq!(kind_of(message), kind, "{message}");
        }
    }

    #[test]
    fn warnings_beyond_the_limit_of_their_kind_are_counted_in_one_line() {
        let warning = |message: String, line: u32| {
            Warning(Diagnostic::new(
                Location {
                    file: "b.md".into(),
                    line,
                    column: 1,
                },
                message,
            ))
        };
        let mut shown = Shown::default();
        let mut told = Vec::new();
        for i in 0..30u32 {
            let key = warning(
                format!("front matter: unknown key 'k{i}' is left out"),
                i + 2,
            );
            told.push(shown.show(&key));
            if i < 21 {
                told.push(shown.show(&warning("an HTML block".into(), 100 + i)));
            }
        }
        // Errors that left out a game are all shown.
        let error = Warning::skipped(warning("a bad move".into(), 1).0);
        assert!((0..50).all(|_| shown.show(&error)));
        // Twenty of each kind shown, in the order they came.
        assert_eq!(told.iter().filter(|&&t| t).count(), 40);
        assert!(told[..40].iter().all(|&t| t));
        assert_eq!(
            shown.not_shown(),
            [
                "warning: 10 more warnings \"front matter: unknown key '…' is left out\" not \
                 shown, from b.md:22:1 on (the first 20 are above)",
                "warning: 1 more warning \"an HTML block\" not shown, from b.md:120:1 on (the \
                 first 20 are above)",
            ]
        );
        assert!(Shown::default().not_shown().is_empty());
    }

    #[test]
    fn a_long_line_is_cut_around_the_marker() {
        let line = format!("{}Ke3{}", "å".repeat(100_000), "ö".repeat(100_000));
        let (shown, start, end) = window(&line, 100_000, 3);
        assert_eq!(&shown[start..end], "Ke3");
        assert!(shown.starts_with("...") && shown.ends_with("..."));
        assert!(shown.chars().count() < 4 * CONTEXT);
        let (shown, start, end) = window(&line, 5, 1_000_000);
        assert!(!shown.starts_with("...") && shown.ends_with("..."));
        assert_eq!(shown[start..end].chars().count(), CONTEXT);
    }
}
