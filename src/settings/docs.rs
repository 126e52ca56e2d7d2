//! The settings as `docs/options.md` shows them: which source wins, and a table of every
//! setting, made from [`SETTINGS`](super::SETTINGS).

use super::*;

/// Which source wins, and why; the head of `docs/options.md`.
pub const PRECEDENCE: &str = "\
Each setting is taken from the first of these that sets it (highest first):

1. **the block's own words**: the info string of a ```` ```pgn ```` or ```` ```fen ```` block \
(```` ```pgn compact list ````), for that block only;
2. **the command line** (`--notation compact`);
3. **the front matter** of a Markdown book (`notation: compact`);
4. **the page profile** (`--profile`, front matter `profile`; books `sv-a4` by default, PGN and \
FEN files none): line and page length only;
5. **the built-in default**.

A block's own words win over the command line. The command line makes the book-wide choice; \
the words of a block are the author's statement about that one block (a scoresheet reproduced \
in compact notation, one position drawn as a board), which a book-wide option should not undo.

The page profile is a layer of its own: a line or page length set anywhere (front matter or \
command line) wins over the profile's, whichever source named the profile. The command line \
can only turn a flag on (`--to-move`): a flag the front matter turns on stays on.";

/// The head of `docs/options.md`: the precedence and a table of every setting, made from
/// [`SETTINGS`] (the piece letters of `source_notation` follow: `crate::settings_markdown`).
pub fn options_markdown() -> String {
    let mut md = String::from(
        "# Settings\n\n\
         <!-- Generated from the table in src/settings/mod.rs: after changing it, run \
         `UPDATE_DOCS=1 cargo test --lib options_doc` (or `make options-doc`). -->\n\n\
         Every transcription setting, with its values, default, command-line flag, front-matter \
         key and the words a ```` ```pgn ```` or ```` ```fen ```` block's info string may use. \
         Front-matter keys take `_` or `-`; block words and values any case.\n\n\
         ## Precedence\n\n",
    );
    md.push_str(PRECEDENCE);
    md.push_str(
        "\n\n## Settings\n\n\
         | setting | values | default | command line | front matter | block words | help |\n\
         |---|---|---|---|---|---|---|\n",
    );
    let code = |t: &str| format!("`{t}`");
    for s in SETTINGS {
        let flag = if s.is_flag() {
            format!("`--{}`", s.flag)
        } else {
            format!("`--{} <{}>`", s.flag, s.value_name)
        };
        let words = s.words();
        let words = if words.is_empty() {
            "–".to_string()
        } else {
            words.iter().map(|w| code(w)).collect::<Vec<_>>().join(", ")
        };
        md.push_str(&format!(
            "| `{}` | {} | {} | {flag} | `{}: …` | {words} | {} |\n",
            s.key,
            s.values(),
            s.default_text(),
            s.key,
            s.help(),
        ));
    }
    md.push_str(
        "\n## Not settings\n\n\
         These are options of the command line only, not of a book: they say which files are \
         read and written, and how, not what the braille is.\n\n\
         - `--output <PATH|->` (`-o`): the output file, `-` for standard output; default beside \
         each input.\n\
         - `--deny-warnings`: warnings are errors.\n\
         - `--input-encoding <LABEL>`: decode every input with this encoding instead of \
         detecting it. A front-matter key could not say it: the front matter is read after the \
         file is decoded.\n\n\
         Front-matter keys that are not settings: `title` and `author` (the title page).\n",
    );
    md
}
