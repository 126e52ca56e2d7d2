//! Errors as values: input errors located in their file, usage errors, I/O errors; and warnings.

use std::fmt;
use std::path::PathBuf;

/// A place in an input file: 1-based line and column (in characters).
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Location {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
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
}

impl Diagnostic {
    pub fn new(location: Location, message: impl Into<String>) -> Self {
        Diagnostic { location, message: message.into(), source_line: None, width: 1, hint: None }
    }

    pub fn with_source(mut self, line: impl Into<String>, width: usize) -> Self {
        self.source_line = Some(line.into());
        self.width = width.max(1) as u32;
        self
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    fn render(&self, f: &mut fmt::Formatter<'_>, kind: &str) -> fmt::Result {
        write!(f, "{}: {kind}: {}", self.location, self.message)?;
        if let Some(line) = &self.source_line {
            let number = self.location.line.to_string();
            let pad = " ".repeat(number.len());
            write!(f, "\n{pad} |\n{number} | {}\n{pad} | ", line.trim_end())?;
            let before: String = line
                .chars()
                .take(self.location.column.saturating_sub(1) as usize)
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            write!(f, "{before}{}", "^".repeat(self.width as usize))?;
        }
        if let Some(hint) = &self.hint {
            write!(f, "\n  = hint: {hint}")?;
        }
        Ok(())
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
    Io { path: PathBuf, source: std::io::Error },
}

impl Error {
    /// The process exit code for this error (README: 1 input, 2 usage, 3 I/O).
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Input(_) => 1,
            Error::Usage(_) => 2,
            Error::Io { .. } => 3,
        }
    }

    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Error::Io { path: path.into(), source }
    }
}

impl From<Diagnostic> for Error {
    fn from(d: Diagnostic) -> Self {
        Error::Input(Box::new(d))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input(d) => d.render(f, "error"),
            Error::Usage(m) => write!(f, "error: {m}"),
            Error::Io { path, source } => write!(f, "{}: error: {source}", path.display()),
        }
    }
}

impl std::error::Error for Error {}

/// A located problem that does not stop the build.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Warning(pub Diagnostic);

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.render(f, "warning")
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
