//! Every transcription setting, declared once: its name (the `Settings`/`Options` field and the
//! front-matter key), its kind (type, values, parser), its default, its block words and one line
//! of help. The command-line flag (`--line-length`) and the value name (`LINE_LENGTH`) are the
//! name respelled.
//!
//! From the one `settings!` table come: [`Settings`] (what one source sets, all `Option`),
//! [`Options`] (the resolved choices) and its default, the table [`SETTINGS`] that the command
//! line ([`args`], [`Settings::from_matches`]), the front matter ([`lookup`],
//! [`Setting::read_yaml`]), the info-string words of ```` ```pgn ```` and ```` ```fen ````
//! blocks ([`Settings::apply_word`]) and `docs/options.md` ([`options_markdown`]) all read.
//!
//! Precedence, lowest first: built-in default < page profile (line and page length only) <
//! front matter < command line < a block's own words. See `docs::PRECEDENCE`.

use std::fmt::Debug;
use std::marker::PhantomData;

use clap::builder::{EnumValueParser, RangedU64ValueParser};
use clap::{Arg, ArgAction, ArgMatches, Command, ValueEnum};
use saphyr::{MarkedYaml, Scalar, YamlData};

pub(crate) mod profile;

mod docs;

pub use self::docs::options_markdown;
use self::profile::{DEFAULT_PROFILE, Profile};
use crate::error::{Error, Result};

/// Which chess braille notation to write (rules.md §2 and §3).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, ValueEnum)]
pub enum Notation {
    /// Ordinary notation: Swedish print notation under the text rules (books).
    #[default]
    Ordinary,
    /// Compact notation: lower digits, no capital or number signs (scoresheets, bulletins).
    Compact,
}

/// Short or long algebraic moves.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, ValueEnum)]
pub enum Moves {
    /// `Sf3`, `exd5`.
    #[default]
    Short,
    /// `Sg1-f3`, `e4xd5`.
    Long,
}

/// How moves are laid out on lines (rules.md §4).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, ValueEnum)]
pub enum Layout {
    /// Lines filled as far as they go.
    #[default]
    Running,
    /// One move pair a line.
    List,
}

/// What a link in a book gives.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, ValueEnum)]
pub enum Links {
    /// Its text, then its address in parentheses when the text is not the address.
    #[default]
    Address,
    /// Its text only.
    Text,
}

/// Where each chapter file of a book folder starts.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, ValueEnum)]
pub enum ChapterStart {
    /// On a new page.
    #[default]
    NewPage,
    /// Right after the chapter before, as the chapters of one file do.
    SamePage,
}

/// How moves are written in the source: the piece letters of a language (its ISO 639-1 code),
/// ICCF's numeric notation, or `auto`. Read in PGN movetext, and in the moves of prose and
/// comments; the braille always has the Swedish book's letters. The letters of each language
/// are in one table, `chess::pieces::LANGUAGES` (listed in `docs/options.md`).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, ValueEnum)]
pub enum SourceNotation {
    /// English or Swedish letters, each game's own (`Nf3` or `Sf3`), or ICCF numeric where a
    /// game's moves are all numbers; a game written with English letters has its comments'
    /// moves in English letters too, and they get Swedish ones; prose is transcribed as it is
    /// written.
    #[default]
    Auto,
    /// ICCF numeric notation (`5254` for e2-e4, `57581` for e7-e8=Q).
    Iccf,
    /// Danish.
    Da,
    /// English; `english` is read too.
    #[value(alias = "english")]
    En,
    /// Esperanto.
    Eo,
    /// Finnish.
    Fi,
    /// French.
    Fr,
    /// Dutch.
    Nl,
    /// Icelandic.
    Is,
    /// Italian.
    It,
    /// Polish.
    Pl,
    /// Romanian.
    Ro,
    /// Spanish.
    Es,
    /// Czech.
    Cs,
    /// German.
    De,
    /// Norwegian.
    No,
    /// Swedish; prose and comments are transcribed as written; `swedish` is read too.
    #[value(alias = "swedish")]
    Sv,
}

/// How an en passant capture is marked.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, ValueEnum)]
pub enum EnPassant {
    /// `ep` right after the move.
    #[default]
    Ep,
    /// `e.p.` right after the move.
    #[value(name = "e.p.")]
    EDotP,
    /// No mark.
    None,
}

/// The output file format.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, ValueEnum)]
pub enum Format {
    /// Braille ASCII for embossers: CR LF line ends, a form feed after each page.
    #[default]
    Brf,
    /// Unicode braille (U+2800 block), LF line ends.
    Unicode,
    /// PEF 2008-1 (Portable Embosser Format): XML, a page element a braille page.
    Pef,
    /// An HTML proof: each braille page beside the print it was made from, for proofreading.
    Html,
}

impl Format {
    /// The format a file's name says (its extension, any case), if it says one.
    pub fn of_extension(path: &std::path::Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Format::value_variants()
            .iter()
            .copied()
            .find(|f| f.extension() == ext)
    }

    /// The file extension an output of this format gets next to its input.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Brf => "brf",
            Format::Unicode => "txt",
            Format::Pef => "pef",
            Format::Html => "html",
        }
    }
}

/// The braille table of BRF output: which character stands for which cell (`tables/*.tsv`).
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, ValueEnum)]
pub enum BrfTable {
    /// North American Braille ASCII (upper-case letters): what BRF readers and most embossers
    /// expect.
    #[default]
    Nabcc,
    /// The Swedish CX table (ISO-8859-1): for an embosser set to the Swedish table.
    #[value(name = "sv-cx")]
    SvCx,
}

/// The three diagram forms of the book's section 5.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, ValueEnum)]
pub enum DiagramForm {
    /// 5.1: piece by piece, `Vit:` then `Svart:`.
    #[default]
    Pieces,
    /// 5.2: rank by rank with counts of empty squares.
    Rows,
    /// 5.3: the spatial board.
    Board,
}

/// The shortest line we lay out: a move with its number and signs must fit.
pub const MIN_LINE_LENGTH: usize = 12;

/// The longest line and page a setting may ask for.
pub const MAX_LENGTH: usize = 1000;

settings! {
    /// Output format.
    format: Choice<Format> = Format::Brf;
    /// Braille table of BRF output (nabcc: North American braille ASCII; sv-cx: Swedish).
    table: Choice<BrfTable> = BrfTable::Nabcc;
    /// Chess notation (a bulletin's is compact unless one is given).
    notation: Choice<Notation> = Notation::Ordinary, words values;
    /// Short or long algebraic moves.
    moves: Choice<Moves> = Moves::Short, words values;
    /// Moves filled into lines, or one move pair a line.
    layout: Choice<Layout> = Layout::Running, words values;
    /// Diagram form for positions.
    diagram: Choice<DiagramForm> = DiagramForm::Pieces, words values;
    /// Page profile: line and page length, page numbers (a built-in name, or a profile file's path).
    profile: PageProfile;
    /// Cells a line.
    line_length: Length<MIN_LINE_LENGTH, MAX_LENGTH> = 28, profile line_length;
    /// Lines a page; 0 for no pages.
    page_length: Length<0, MAX_LENGTH> = 29, profile page_length;
    /// Print on both sides of the sheet (interpoint): chapters start on right-hand pages.
    duplex: Flag = false, profile duplex;
    /// Most sheets a volume holds (MTM: about 50): a longer book is split into volumes, each with its title page; 0 for one volume.
    volume_sheets: Length<0, MAX_LENGTH> = 0, profile volume_sheets;
    /// All volumes in one file (BRF, Unicode braille), not a file a volume.
    join_volumes: Flag = false;
    /// How en passant is marked (compact notation writes `ep` for `e.p.`: its period ends a game).
    en_passant: Choice<EnPassant> = EnPassant::Ep,
        words { "ep" => EnPassant::Ep, "e.p." => EnPassant::EDotP, "no-ep" => EnPassant::None };
    /// Write double check as two check signs.
    double_check: Flag = false, words { "double-check" => true };
    /// Write `Vit drar.` / `Svart drar.` after each diagram.
    to_move: Flag = false, words { "to-move" => true };
    /// Draw the start position of each game that begins from a `[FEN]` tag, before its moves (a bulletin always does).
    start_diagram: Flag = false;
    /// How the source writes moves: a language's piece letters by its ISO 639-1 code (`fr` reads `Cf3` as a knight's move), in PGN movetext, prose and comments, or `iccf` (numeric); `auto` reads English or Swedish letters, each game's own, and ICCF numbers where a game has nothing else; `english` and `swedish` are read as `en` and `sv`.
    source_notation: Choice<SourceNotation> = SourceNotation::Auto, words values;
    /// What a link gives: its text and its address, or its text only.
    links: Choice<Links> = Links::Address;
    /// A contents list after the title page (a book's `<!-- toc -->` places it itself).
    toc: Flag = false;
    /// The deepest heading level the contents list names.
    toc_depth: Length<1, 6> = 2;
    /// Where each chapter file of a book folder starts.
    chapter_start: Choice<ChapterStart> = ChapterStart::NewPage;
    /// Go on past a game or position that cannot be transcribed: it is left out and named, the rest is written, and the exit code is 4.
    keep_going: Flag = false;
    /// Games as a tournament bulletin in compact notation (unless a notation is given): a title page, a contents list by round, a heading a game, an index of players.
    bulletin: Flag = false;
    /// A bulletin's title (title page, each volume's, PEF and proof); without it, the first game's Event tag. A book's title is its front matter's.
    title: Text;
}

impl Options {
    /// Braille pages a sheet of paper holds: two printed on both sides, else one.
    pub(crate) fn pages_per_sheet(&self) -> u64 {
        if self.duplex { 2 } else { 1 }
    }

    /// The sheets that `pages` braille pages take.
    pub(crate) fn sheets(&self, pages: u64) -> u64 {
        pages.div_ceil(self.pages_per_sheet())
    }
}

/// The declaration: one row a setting, `/// help` then
/// `name: Kind [= default] [, profile <Profile field>] [, words values | words { "w" => value, … }];`.
/// A row without a default is set by sources but is no field of [`Options`] (the profile, which
/// [`Settings::resolve`] looks up). `profile f`: when no source sets the setting, the page
/// profile's field `f` gives it. `words values`: a block word may be any of the value names.
macro_rules! settings {
    ($(
        #[doc = $help:literal]
        $field:ident: $kind:ty $(= $default:expr)? $(, profile $pfield:ident)?
            $(, words $words:tt)?;
    )*) => {
        /// Build options set by one source (a book's front matter, the command line, a block's
        /// words); `None` leaves the choice to the next source, then to the page profile and the
        /// defaults.
        #[derive(Clone, Debug, Default, Eq, PartialEq)]
        pub struct Settings {
            $(
                #[doc = $help]
                pub $field: Option<<$kind as Kind>::Value>,
            )*
        }

        /// Everything that decides what a build writes. The same options and input give the same
        /// bytes.
        #[derive(Clone, Debug, Eq, PartialEq)]
        pub struct Options {
            $($(
                #[doc = $help]
                #[doc = concat!("\n\nDefault: `", stringify!($default), "`.")]
                pub $field: <$kind as Kind>::Value,
            )?)*
        }

        impl Default for Options {
            fn default() -> Self {
                Options { $($($field: $default,)?)* }
            }
        }

        impl Settings {
            /// These settings, with `other`'s where these have none (`cli.or(book)`).
            pub fn or(self, other: Settings) -> Settings {
                Settings { $($field: self.$field.or(other.$field),)* }
            }

            /// `base` with what these settings set put over it (a block's words over the
            /// options of the book).
            pub(crate) fn over(&self, base: &Options) -> Options {
                let mut o = base.clone();
                $(resolve_field!(o, self, no_profile, $field, [$($default)?], []);)*
                o
            }

            /// The options these settings give, and the page profile: the one named, else
            /// `default_profile` (Markdown books:
            /// [`DEFAULT_PROFILE`](crate::settings::profile::DEFAULT_PROFILE); PGN: none, which
            /// keeps pages unnumbered). Line and page length come from the settings, else from
            /// the profile, else from [`Options::default`].
            pub(crate) fn resolve(
                &self,
                default_profile: Option<&str>,
            ) -> Result<(Options, Option<Profile>)> {
                // Values set through the library's API have not passed the command line's or
                // the front matter's checks: the same check here.
                $(if let Some(v) = &self.$field {
                    <$kind as Kind>::check(v).map_err(|e| {
                        Error::Usage(format!("{}: {e}", respelled!(stringify!($field), true)))
                    })?;
                })*
                let profile = match self.profile.as_deref().or(default_profile) {
                    Some(name) => Some(Profile::named(name)?),
                    None => None,
                };
                let mut o = Options::default();
                let p = profile.as_ref();
                $(resolve_field!(o, self, p, $field, [$($default)?], [$($pfield)?]);)*
                Ok((o, profile))
            }
        }

        /// The table: one row a setting, in the order of `--help` and `docs/options.md`.
        pub static SETTINGS: &[Setting] = &[$(
            Setting {
                key: stringify!($field),
                flag: respelled!(stringify!($field), true),
                value_name: respelled!(stringify!($field), false),
                help: $help,
                default: || default_text!($kind, [$($default)?], [$($pfield)?]),
                values: <$kind as Kind>::values,
                words: words!(list, $kind, $field, [$($words)?]),
                arg: <$kind as Kind>::arg,
                clap_help: <$kind as Kind>::clap_help,
                from_matches: |s: &mut Settings, m: &ArgMatches| {
                    if let Some(v) = <$kind as Kind>::from_matches(m, stringify!($field)) {
                        s.$field = Some(v);
                    }
                },
                from_yaml: |s: &mut Settings, node: &MarkedYaml| {
                    s.$field = Some(<$kind as Kind>::from_yaml(node)?);
                    Ok(())
                },
                from_word: words!(apply, $kind, $field, [$($words)?]),
            },
        )*];
    };
}
use settings;

/// One field of [`Options`] from a [`Settings`], its profile fallback and the base options.
macro_rules! resolve_field {
    ($o:ident, $s:ident, $p:ident, $field:ident, [], []) => {};
    ($o:ident, $s:ident, $p:ident, $field:ident, [$default:expr], []) => {
        if let Some(v) = &$s.$field {
            $o.$field = v.clone();
        }
    };
    ($o:ident, $s:ident, $p:ident, $field:ident, [$default:expr], [$pfield:ident]) => {
        if let Some(v) = $s.$field.clone().or($p.map(|p| p.$pfield)) {
            $o.$field = v;
        }
    };
}
use resolve_field;

/// The default as help and docs show it.
macro_rules! default_text {
    ($kind:ty, [], []) => {
        <$kind as Kind>::unset()
    };
    ($kind:ty, [$default:expr], []) => {
        <$kind as Kind>::show(&$default)
    };
    ($kind:ty, [$default:expr], [$pfield:ident]) => {
        format!(
            "the page profile's, else {}",
            <$kind as Kind>::show(&$default)
        )
    };
}
use default_text;

/// A row's block words: `list` gives them (for docs), `apply` sets the setting from one.
macro_rules! words {
    (list, $kind:ty, $field:ident, []) => {
        Vec::new
    };
    (apply, $kind:ty, $field:ident, []) => {
        |_: &mut Settings, _: &str| false
    };
    (list, $kind:ty, $field:ident, [values]) => {
        <$kind as Kind>::names
    };
    (apply, $kind:ty, $field:ident, [values]) => {
        |s: &mut Settings, w: &str| match <$kind as Kind>::from_name(w) {
            Some(v) => {
                s.$field = Some(v);
                true
            }
            None => false,
        }
    };
    (list, $kind:ty, $field:ident, [{ $($w:literal => $v:expr),+ $(,)? }]) => {
        || vec![$($w.to_string()),+]
    };
    (apply, $kind:ty, $field:ident, [{ $($w:literal => $v:expr),+ $(,)? }]) => {
        |s: &mut Settings, w: &str| {
            let v = match w {
                $($w => $v,)+
                _ => return false,
            };
            s.$field = Some(v);
            true
        }
    };
}
use words;

/// A setting's name respelled at compile time: `line_length` → `line-length` (the flag) or
/// `LINE_LENGTH` (the value name).
macro_rules! respelled {
    ($key:expr, $flag:expr) => {{
        const KEY: &str = $key;
        const BYTES: [u8; KEY.len()] = respell(KEY, $flag);
        const TEXT: &str = match std::str::from_utf8(&BYTES) {
            Ok(t) => t,
            Err(_) => panic!("a setting's name is ASCII"),
        };
        TEXT
    }};
}
use respelled;

const fn respell<const N: usize>(key: &str, flag: bool) -> [u8; N] {
    let bytes = key.as_bytes();
    let mut out = [0u8; N];
    let mut i = 0;
    while i < N {
        out[i] = match bytes[i] {
            b'_' if flag => b'-',
            c if flag => c,
            c => c.to_ascii_uppercase(),
        };
        i += 1;
    }
    out
}

/// One setting of the table.
pub struct Setting {
    key: &'static str,
    flag: &'static str,
    value_name: &'static str,
    help: &'static str,
    default: fn() -> String,
    values: fn() -> String,
    words: fn() -> Vec<String>,
    arg: fn(Arg) -> Arg,
    clap_help: fn(&str, &str) -> String,
    from_matches: fn(&mut Settings, &ArgMatches),
    from_yaml: fn(&mut Settings, &MarkedYaml) -> Result<(), String>,
    from_word: fn(&mut Settings, &str) -> bool,
}

impl Setting {
    /// Its name (the front-matter key, `line_length`).
    pub fn key(&self) -> &'static str {
        self.key
    }

    /// The one line of help.
    pub fn help(&self) -> &'static str {
        self.help.trim()
    }

    /// The default, in words (`28`, `the page profile's, else 28`).
    pub fn default_text(&self) -> String {
        (self.default)()
    }

    /// The values it takes, in words (`ordinary, compact`, `12 to 1000`, `true, false`).
    pub fn values(&self) -> String {
        (self.values)()
    }

    /// The words of a ```` ```pgn ```` or ```` ```fen ```` block's info string that set it.
    pub fn words(&self) -> Vec<String> {
        (self.words)()
    }

    /// Whether the command line gives it as a bare flag (`--to-move`), without a value.
    pub fn is_flag(&self) -> bool {
        !self.arg().get_action().takes_values()
    }

    /// Its command-line argument: `--flag <VALUE>`, parser, help with the default.
    pub fn arg(&self) -> Arg {
        let help = self.help();
        let help = help.strip_suffix('.').unwrap_or(help);
        (self.arg)(
            Arg::new(self.key)
                .long(self.flag)
                .value_name(self.value_name)
                .help((self.clap_help)(help, &self.default_text())),
        )
    }

    /// Sets it in `settings` from a front-matter value; the error says what was expected.
    pub fn read_yaml(&self, settings: &mut Settings, node: &MarkedYaml) -> Result<(), String> {
        (self.from_yaml)(settings, node)
    }
}

/// The setting with that front-matter key (`_` or `-`, any case).
pub fn lookup(key: &str) -> Option<&'static Setting> {
    let key = key.replace('-', "_").to_ascii_lowercase();
    SETTINGS.iter().find(|s| s.key == key)
}

/// The names of all settings (the front-matter keys), in table order.
pub fn keys() -> impl Iterator<Item = &'static str> {
    SETTINGS.iter().map(|s| s.key)
}

/// The command-line arguments of every setting (`build` and `check`).
pub fn args() -> Vec<Arg> {
    SETTINGS.iter().map(Setting::arg).collect()
}

impl Settings {
    /// What the command line sets (`matches` of a command with [`args`]); options left out stay
    /// `None`.
    pub(crate) fn from_matches(matches: &ArgMatches) -> Settings {
        let mut s = Settings::default();
        for row in SETTINGS {
            (row.from_matches)(&mut s, matches);
        }
        s
    }

    /// Sets what one info-string word of a ```` ```pgn ```` / ```` ```fen ```` block names
    /// (`compact`, `board`, `no-ep`, `to-move` …, any case); `false` for a word no setting
    /// has. A later word for the same setting wins.
    pub(crate) fn apply_word(&mut self, word: &str) -> bool {
        let word = word.to_ascii_lowercase();
        SETTINGS.iter().any(|row| (row.from_word)(self, &word))
    }
}

/// The settings as arguments of a derived clap command (`#[command(flatten)]`).
impl clap::Args for Settings {
    fn augment_args(cmd: Command) -> Command {
        cmd.args(args())
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        cmd.args(args())
    }
}

impl clap::FromArgMatches for Settings {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(Settings::from_matches(matches))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Settings::from_matches(matches).or(std::mem::take(self));
        Ok(())
    }
}

/// The type of a setting: its value, how the command line, the front matter and block words
/// give one, and how help and docs show it.
pub trait Kind {
    type Value: Clone + Debug + Eq + Send + Sync + 'static;
    /// The values, in words.
    fn values() -> String;
    /// One value as written.
    fn show(value: &Self::Value) -> String;
    /// The default of a setting with none of its own.
    fn unset() -> String {
        "none".into()
    }
    /// Parser and action of the command-line argument.
    fn arg(arg: Arg) -> Arg;
    /// The help line the command line shows.
    fn clap_help(help: &str, default: &str) -> String {
        format!("{help} [default: {default}]")
    }
    fn from_matches(matches: &ArgMatches, id: &str) -> Option<Self::Value>;
    /// A front-matter value; the error says what was expected.
    fn from_yaml(node: &MarkedYaml) -> Result<Self::Value, String>;
    /// Whether a value is allowed (one that came in another way than the parsers above).
    fn check(_value: &Self::Value) -> Result<(), String> {
        Ok(())
    }
    /// The names of the values (for `words values`).
    fn names() -> Vec<String> {
        Vec::new()
    }
    /// The value of that name (lower case), for `words values`.
    fn from_name(_name: &str) -> Option<Self::Value> {
        None
    }
}

/// One of the values of an enum, by the names of its [`ValueEnum`].
pub struct Choice<T>(PhantomData<T>);

impl<T: ValueEnum + Debug + Eq + Send + Sync + 'static> Kind for Choice<T> {
    type Value = T;

    fn values() -> String {
        Self::names().join(", ")
    }

    fn show(value: &T) -> String {
        value
            .to_possible_value()
            .map(|p| p.get_name().to_string())
            .unwrap_or_default()
    }

    fn arg(arg: Arg) -> Arg {
        arg.value_parser(EnumValueParser::<T>::new())
            .action(ArgAction::Set)
    }

    fn from_matches(matches: &ArgMatches, id: &str) -> Option<T> {
        matches.get_one::<T>(id).cloned()
    }

    fn from_yaml(node: &MarkedYaml) -> Result<T, String> {
        let text = scalar_text(node).ok_or("expected a single value")?;
        T::from_str(text.trim(), true)
            .map_err(|_| format!("'{text}' is not one of {}", Self::values()))
    }

    fn names() -> Vec<String> {
        T::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value().map(|p| p.get_name().to_string()))
            .collect()
    }

    fn from_name(name: &str) -> Option<T> {
        T::from_str(name, true).ok()
    }
}

/// A whole number from `MIN` to `MAX` (cells, lines, a heading level).
pub struct Length<const MIN: usize, const MAX: usize>;

impl<const MIN: usize, const MAX: usize> Kind for Length<MIN, MAX> {
    type Value = usize;

    fn values() -> String {
        format!("{MIN} to {MAX}")
    }

    fn show(value: &usize) -> String {
        value.to_string()
    }

    fn arg(arg: Arg) -> Arg {
        arg.value_parser(RangedU64ValueParser::<usize>::new().range(MIN as u64..=MAX as u64))
            .action(ArgAction::Set)
    }

    fn from_matches(matches: &ArgMatches, id: &str) -> Option<usize> {
        matches.get_one::<usize>(id).copied()
    }

    fn from_yaml(node: &MarkedYaml) -> Result<usize, String> {
        let n = match &node.data {
            YamlData::Value(Scalar::Integer(i)) => usize::try_from(*i).ok(),
            _ => scalar_text(node).and_then(|t| t.trim().parse().ok()),
        };
        match n {
            Some(n) => Self::check(&n).map(|()| n),
            None => Err(format!("expected a number from {MIN} to {MAX}")),
        }
    }

    fn check(value: &usize) -> Result<(), String> {
        match (MIN..=MAX).contains(value) {
            true => Ok(()),
            false => Err(format!("expected a number from {MIN} to {MAX}")),
        }
    }
}

/// On or off; the command line can only turn it on (`--to-move`), a block word too.
pub struct Flag;

impl Kind for Flag {
    type Value = bool;

    fn values() -> String {
        "true, false".into()
    }

    fn show(value: &bool) -> String {
        value.to_string()
    }

    fn arg(arg: Arg) -> Arg {
        arg.action(ArgAction::SetTrue)
    }

    fn clap_help(help: &str, _default: &str) -> String {
        help.to_string()
    }

    fn from_matches(matches: &ArgMatches, id: &str) -> Option<bool> {
        matches.get_flag(id).then_some(true)
    }

    fn from_yaml(node: &MarkedYaml) -> Result<bool, String> {
        // (The front matter keeps scalars as written: a plain `true`, not a quoted one.)
        match &node.data {
            YamlData::Value(Scalar::Boolean(b)) => Ok(*b),
            YamlData::Representation(t, saphyr::ScalarStyle::Plain, _) => match t.as_ref() {
                "true" | "True" | "TRUE" => Ok(true),
                "false" | "False" | "FALSE" => Ok(false),
                _ => Err("expected true or false".into()),
            },
            _ => Err("expected true or false".into()),
        }
    }
}

/// The name of a built-in page profile (`templates/*.yaml`). The front matter checks it at
/// once; the command line's is checked when the settings are resolved.
pub struct PageProfile;

impl Kind for PageProfile {
    type Value = String;

    fn values() -> String {
        profile::names().collect::<Vec<_>>().join(", ")
    }

    fn show(value: &String) -> String {
        value.clone()
    }

    fn unset() -> String {
        format!("none; books: {DEFAULT_PROFILE}")
    }

    fn arg(arg: Arg) -> Arg {
        arg.value_parser(clap::value_parser!(String))
            .action(ArgAction::Set)
    }

    fn clap_help(help: &str, default: &str) -> String {
        format!("{help} ({}) [default: {default}]", Self::values())
    }

    fn from_matches(matches: &ArgMatches, id: &str) -> Option<String> {
        matches.get_one::<String>(id).cloned()
    }

    fn from_yaml(node: &MarkedYaml) -> Result<String, String> {
        let name = scalar_text(node).ok_or("expected a single value")?;
        Profile::named(&name).map_err(|e| e.brief())?;
        Ok(name)
    }
}

/// A line of text (a title).
pub struct Text;

impl Kind for Text {
    type Value = String;

    fn values() -> String {
        "any text".into()
    }

    fn show(value: &String) -> String {
        value.clone()
    }

    fn arg(arg: Arg) -> Arg {
        arg.value_parser(clap::value_parser!(String))
            .action(ArgAction::Set)
    }

    fn from_matches(matches: &ArgMatches, id: &str) -> Option<String> {
        matches.get_one::<String>(id).cloned()
    }

    fn from_yaml(node: &MarkedYaml) -> Result<String, String> {
        scalar_text(node).ok_or_else(|| "expected a single value".to_string())
    }

    fn check(value: &String) -> Result<(), String> {
        match value.chars().any(char::is_control) {
            true => Err("a title is one line, without control characters".into()),
            false => Ok(()),
        }
    }
}

/// A YAML scalar as text (numbers and booleans as written); `None` for a list or mapping.
pub(crate) fn scalar_text(node: &MarkedYaml) -> Option<String> {
    match &node.data {
        YamlData::Value(s) => Some(match s {
            Scalar::Null => String::new(),
            Scalar::Boolean(b) => b.to_string(),
            Scalar::Integer(i) => i.to_string(),
            Scalar::FloatingPoint(f) => f.to_string(),
            Scalar::String(s) => s.to_string(),
        }),
        YamlData::Representation(s, _, _) => Some(s.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser as _;

    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        settings: Settings,
    }

    fn cli(args: &[&str]) -> Result<Settings, clap::Error> {
        Cli::try_parse_from(std::iter::once("x").chain(args.iter().copied())).map(|c| c.settings)
    }

    #[test]
    fn names_respelled() {
        for s in SETTINGS {
            assert_eq!(s.flag, s.key.replace('_', "-"));
            assert_eq!(s.value_name, s.key.to_ascii_uppercase());
            assert!(lookup(s.flag).is_some_and(|l| l.key == s.key));
        }
        assert!(lookup("Line-Length").is_some());
        assert!(lookup("author").is_none());
    }

    #[test]
    fn command_line_parses_and_validates() {
        let s = cli(&[
            "--notation",
            "compact",
            "--en-passant",
            "e.p.",
            "--line-length",
            "12",
            "--page-length",
            "0",
            "--profile",
            "us-brf",
            "--to-move",
        ]);
        let s = s.unwrap_or_default();
        assert_eq!(s.notation, Some(Notation::Compact));
        assert_eq!(s.en_passant, Some(EnPassant::EDotP));
        assert_eq!((s.line_length, s.page_length), (Some(12), Some(0)));
        assert_eq!(s.profile.as_deref(), Some("us-brf"));
        assert_eq!((s.to_move, s.double_check), (Some(true), None));
        assert_eq!(s.moves, None);
        assert_eq!(cli(&[]).ok(), Some(Settings::default()));
        for bad in [
            &["--line-length", "11"][..],
            &["--line-length", "1001"],
            &["--page-length", "1001"],
            &["--notation", "kompakt"],
            &["--to-move=true"],
        ] {
            assert!(cli(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn help_lists_every_setting_with_its_default() {
        let mut cmd = <Cli as clap::CommandFactory>::command();
        let help = cmd.render_long_help().to_string();
        for s in SETTINGS {
            assert!(help.contains(&format!("--{}", s.flag)), "{help}");
            assert!(help.contains(s.help().trim_end_matches('.')), "{help}");
        }
        assert!(help.contains("Cells a line [default: the page profile's, else 28]"));
        assert!(help.contains("Output format [default: brf]"));
        assert!(
            help.contains(
                "(sv-a4, sv-a4-duplex, sv-a4-stor, us-brf) [default: none; books: sv-a4]"
            )
        );
        assert!(help.contains("- e.p.: `e.p.` right after the move"));
    }

    #[test]
    fn block_words() {
        let mut s = Settings::default();
        for w in [
            "Compact",
            "long",
            "list",
            "board",
            "no-ep",
            "double-check",
            "to-move",
        ] {
            assert!(s.apply_word(w), "{w}");
        }
        assert!(!s.apply_word("unicode"));
        assert!(!s.apply_word("none"));
        assert!(!s.apply_word("start-diagram"));
        assert_eq!(
            s,
            Settings {
                notation: Some(Notation::Compact),
                moves: Some(Moves::Long),
                layout: Some(Layout::List),
                diagram: Some(DiagramForm::Board),
                en_passant: Some(EnPassant::None),
                double_check: Some(true),
                to_move: Some(true),
                ..Settings::default()
            }
        );
        assert!(s.apply_word("e.p.") && s.apply_word("ordinary"));
        assert_eq!(
            (s.en_passant, s.notation),
            (Some(EnPassant::EDotP), Some(Notation::Ordinary))
        );
        // No word names two settings, so the order of the rows does not matter.
        let mut seen = std::collections::BTreeSet::new();
        for w in SETTINGS.iter().flat_map(Setting::words) {
            assert!(seen.insert(w.clone()), "{w}");
        }
    }

    #[test]
    fn precedence() {
        // Default < profile < front matter < command line < block words.
        let (o, _) = Settings::default().resolve(None).unwrap_or_default();
        assert_eq!(o, Options::default());
        assert_eq!((o.line_length, o.page_length), (28, 29));
        let front = Settings {
            profile: Some("us-brf".into()),
            notation: Some(Notation::Compact),
            moves: Some(Moves::Long),
            ..Settings::default()
        };
        let (o, p) = front.resolve(None).unwrap_or_default();
        assert_eq!(p.map(|p| p.name).as_deref(), Some("us-brf"));
        assert_eq!((o.line_length, o.page_length), (40, 25));
        let front = Settings {
            page_length: Some(20),
            ..front
        };
        let cli = Settings {
            notation: Some(Notation::Ordinary),
            line_length: Some(30),
            ..Settings::default()
        };
        let (o, _) = cli.or(front).resolve(None).unwrap_or_default();
        assert_eq!((o.line_length, o.page_length), (30, 20));
        assert_eq!((o.notation, o.moves), (Notation::Ordinary, Moves::Long));
        // A length set in the front matter beats the profile the command line names.
        let front = Settings {
            line_length: Some(32),
            ..Settings::default()
        };
        let cli = Settings {
            profile: Some("us-brf".into()),
            ..Settings::default()
        };
        let (o, _) = cli.or(front).resolve(None).unwrap_or_default();
        assert_eq!((o.line_length, o.page_length), (32, 25));
        // The block's words beat the command line.
        let mut block = Settings::default();
        assert!(block.apply_word("compact"));
        let b = block.over(&o);
        assert_eq!(b.notation, Notation::Compact);
        assert_eq!(
            Options {
                notation: o.notation,
                ..b
            },
            o
        );
        assert!(Settings::default().resolve(Some("a5")).is_err());
    }
}
