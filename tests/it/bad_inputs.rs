//! The catalogue of bad inputs: each case is a file given to the binary, with the exit code,
//! the place and a piece of the message it must give. Every failing case also proves that
//! nothing is written (an earlier output stays as it was, no temporary file is left, `-o -`
//! prints nothing) and that `check` says the same as `build`. Every run has a bound on its
//! memory ([`Bound`]) and is killed if it hangs. The hostile inputs of issue 10 (bombs, 50 MB
//! lines, /dev/zero …) are in `hostile.rs`, through the same runner.

use std::time::Duration;

use crate::support::Sandbox;

/// Where a case's input comes from.
pub(crate) enum Src {
    Text(&'static str),
    Bytes(&'static [u8]),
    /// Made by the test (large or deep inputs).
    Made(fn() -> Vec<u8>),
    /// No file at all.
    Missing,
    /// A directory of that name.
    Dir,
    /// A symbolic link to this path (a device).
    Link(&'static str),
}

/// A bound on a run's memory: its address space, set with `prlimit --as` (docs/decisions.md,
/// "Hostile inputs: bounds"). The debug binary needs about 12 MB for a small input.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Bound {
    /// This many MB, whatever the input's size (a stream).
    Fixed(u64),
    /// [`BASE`] and this many times the input's size (what is held whole: a book, a game, a
    /// line).
    Times(u64),
}

/// The part of a [`Bound::Times`] that does not grow with the input: the program's own
/// baseline, its code mapped among it. 32 MB until issue 36: `serve` (its HTTP server and file
/// watcher) added 1.6 MB of code to the debug binary (text 12.0 → 13.6 MB), and the deepest
/// case here (10 000 nested variations, 80 kB, bound 33.5 MB) needed 33–34 MB before and 34–36
/// MB after; what grows with the input is bounded as before.
const BASE: u64 = 36 << 20;

impl Bound {
    pub(crate) fn bytes(self, input: u64) -> u64 {
        match self {
            Bound::Fixed(mb) => mb << 20,
            Bound::Times(k) => BASE + k * input,
        }
    }
}

/// The bound of a case that names none: what a book or a game held whole may take.
pub(crate) const HELD_WHOLE: Bound = Bound::Times(20);

/// A run that takes longer has hung: it is killed and the case fails. Never a speed test.
pub(crate) const HANG: Duration = Duration::from_secs(120);

/// Inputs larger than this are run once (`build`); smaller ones also with `-o -` and `check`.
const RUN_ONCE_FROM: u64 = 4 << 20;

pub(crate) struct Case {
    /// The input's file name (its extension decides the kind).
    pub file: &'static str,
    pub src: Src,
    /// Options after `build <file>`.
    pub args: &'static [&'static str],
    pub code: i32,
    /// The start of the message's first line: `file:line:col` (or the path of an I/O error).
    pub place: &'static str,
    /// A piece of standard error that pins the explanation (or the warning).
    pub message: &'static str,
    /// For a successful build: a piece of the output (Unicode braille with `--format unicode`).
    pub output: Option<&'static str>,
    pub memory: Bound,
}

pub(crate) const fn case(
    file: &'static str,
    src: Src,
    code: i32,
    place: &'static str,
    message: &'static str,
) -> Case {
    Case {
        file,
        src,
        args: &[],
        code,
        place,
        message,
        output: None,
        memory: HELD_WHOLE,
    }
}

fn big_comment() -> Vec<u8> {
    // A 20 MB comment.
    let mut s = String::from("[White \"Anna\"]\n[Black \"Bo\"]\n\n1. e4 {");
    s.push_str(&"ord ".repeat(5_000_000));
    s.push_str("} e5 *\n");
    s.into_bytes()
}

fn nested_variations() -> Vec<u8> {
    format!(
        "1. e4 {}{} e5 *\n",
        "(1. d4 ".repeat(10_000),
        ")".repeat(10_000)
    )
    .into_bytes()
}

fn nested_variations_unclosed() -> Vec<u8> {
    format!("1. e4 {} *\n", "(1. d4 ".repeat(10_000)).into_bytes()
}

fn nested_lists() -> Vec<u8> {
    let mut s = String::from("# Bok\n\n");
    for i in 0..1000 {
        s.push_str(&"  ".repeat(i));
        s.push_str("- punkt\n");
    }
    s.into_bytes()
}

/// Lists and quotes 100 000 deep (issue 10); the list of indented lines above stays 1 000 deep,
/// its size grows with the square of the depth.
fn nested_list_markers() -> Vec<u8> {
    format!("# Bok\n\n{}punkt\n", "- ".repeat(100_000)).into_bytes()
}

fn nested_numbered_lists() -> Vec<u8> {
    format!("# Bok\n\n{}punkt\n", "1. ".repeat(100_000)).into_bytes()
}

fn nested_quotes() -> Vec<u8> {
    format!(
        "# Bok\n\n{} citat\n\n{}> djupt\n",
        ">".repeat(100_000),
        "> ".repeat(100_000)
    )
    .into_bytes()
}

fn nested_quote_with_game() -> Vec<u8> {
    let q = "> ".repeat(100_000);
    format!("# Bok\n\n{q}```pgn\n{q}1. e4 e5 2. Ke3 *\n{q}```\n").into_bytes()
}

fn error_after_a_long_line() -> Vec<u8> {
    // The error stands at the end of a 20 MB line: shown cut around the marker, at once.
    format!("1. e4 {{{}}} e5 2. Ke3 *\n", "ord ".repeat(5_000_000)).into_bytes()
}

fn long_fen_line() -> Vec<u8> {
    format!("8/8/8/8/8/8/8/K6k {}\n", "w ".repeat(5_000_000)).into_bytes()
}

fn utf16le() -> Vec<u8> {
    let mut v = vec![0xff, 0xfe];
    for u in "1. e4 {Bra: å ä ö} e5 *\n".encode_utf16() {
        v.extend_from_slice(&u.to_le_bytes());
    }
    v
}

fn utf16be() -> Vec<u8> {
    let mut v = vec![0xfe, 0xff];
    for u in "1. e4 {Bra: å ä ö} e5 *\n".encode_utf16() {
        v.extend_from_slice(&u.to_be_bytes());
    }
    v
}

fn long_garbage() -> Vec<u8> {
    // Binary noise: every byte value, many times over.
    (0..200_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect()
}

/// å ä ö in the braille of a comment (Unicode output): ⠡ ⠜ ⠪.
const AAO: &str = "⠡⠀⠜⠀⠪";

fn catalogue() -> Vec<Case> {
    use Src::*;
    vec![
        // Moves that the position does not allow.
        case(
            "illegal.pgn",
            Text("1. e4 e5\n2. Ke3 *\n"),
            1,
            "illegal.pgn:2:4",
            "illegal move 'Ke3'",
        ),
        case(
            "illegal-capture.pgn",
            Text("1. e4 d5 2. Nc3 e6 3. Nxb5 *\n"),
            1,
            "illegal-capture.pgn:1:23",
            "nothing to capture on b5",
        ),
        case(
            "illegal-castle.pgn",
            Text("1. O-O *\n"),
            1,
            "illegal-castle.pgn:1:4",
            "castling kingside is not possible",
        ),
        case(
            "illegal-black.pgn",
            Text("1. e4 Qh4 *\n"),
            1,
            "illegal-black.pgn:1:7",
            "illegal move 'Qh4'",
        ),
        case(
            "ambiguous.pgn",
            Text("[FEN \"4k3/8/8/8/8/8/8/1N3N1K w - - 0 1\"]\n\n1. Nd2 *\n"),
            1,
            "ambiguous.pgn:3:4",
            "the knights on b1 and f1 can both reach d2",
        ),
        case(
            "impossible-pawn.pgn",
            Text("1. e4 e5 2. e5 *\n"),
            1,
            "impossible-pawn.pgn:1:13",
            "no pawn can reach e5",
        ),
        case(
            "impossible-square.pgn",
            Text("1. e9 *\n"),
            1,
            "impossible-square.pgn:1:4",
            "cannot read 'e9' as a move",
        ),
        case(
            "no-promotion.pgn",
            Text("[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a8 *\n"),
            1,
            "no-promotion.pgn:3:4",
            "must promote",
        ),
        case(
            "lower-case.pgn",
            Text("1. e4 e5 2. nf3 *\n"),
            1,
            "lower-case.pgn:1:13",
            "piece letters are capitals",
        ),
        case(
            "in-variation.pgn",
            Text("1. e4 (1. d4 Ke3) e5 *\n"),
            1,
            "in-variation.pgn:1:14",
            "illegal move 'Ke3'",
        ),
        case(
            "second-game.pgn",
            Text("1. e4 e5 *\n\n1. d4 d5\n2. Kd2 Kd7 3. Ke4 *\n"),
            1,
            "second-game.pgn:4:15",
            "game 2",
        ),
        // Moves in the wrong language.
        case(
            "swedish-after-english.pgn",
            Text("1. e4 e5 2. Nf3 d6\n3. Lc4 *\n"),
            1,
            "swedish-after-english.pgn:2:4",
            "uses Swedish piece letters",
        ),
        case(
            "english-after-swedish.pgn",
            Text("1. e4 e5 2. Sf3 Nc6 *\n"),
            1,
            "english-after-swedish.pgn:1:17",
            "uses English piece letters",
        ),
        // Comments, variations, annotations, results.
        case(
            "unterminated-comment.pgn",
            Text("1. e4 {ett bra drag\n2. e5 *\n"),
            1,
            "unterminated-comment.pgn:1:7",
            "unterminated comment",
        ),
        case(
            "unclosed-variation.pgn",
            Text("1. e4 (1. d4 d5 2. c4 e5 *\n"),
            1,
            "unclosed-variation.pgn:1:7",
            "unclosed variation",
        ),
        case(
            "stray-bracket.pgn",
            Text("1. e4 e5 ) 2. Nf3 *\n"),
            1,
            "stray-bracket.pgn:1:10",
            "')' without a '('",
        ),
        case(
            "extra-bracket.pgn",
            Text("1. e4 e5 2. Nf3 (2. Nc3)) *\n"),
            1,
            "extra-bracket.pgn:1:25",
            "')' without a '('",
        ),
        case(
            "bad-nag.pgn",
            Text("1. e4 $300 e5 *\n"),
            1,
            "bad-nag.pgn:1:7",
            "as an annotation",
        ),
        case(
            "after-result.pgn",
            Text("1. e4 e5 1-0 2. Nf3\n"),
            1,
            "after-result.pgn:1:14",
            "text after the result",
        ),
        case(
            "unknown-token.pgn",
            Text("1. e4 e5 2. Nf3 Xz9 *\n"),
            1,
            "unknown-token.pgn:1:17",
            "cannot read 'Xz9'",
        ),
        // Broken tags.
        case(
            "tag-unterminated.pgn",
            Text("[White \"Anna\n\n1. e4 *\n"),
            1,
            "tag-unterminated.pgn:1:1",
            "no closing '\"'",
        ),
        case(
            "tag-unquoted.pgn",
            Text("[White Anna]\n\n1. e4 *\n"),
            1,
            "tag-unquoted.pgn:1:1",
            "malformed tag",
        ),
        case(
            "tag-unclosed.pgn",
            Text("[White \"Anna\"\n\n1. e4 *\n"),
            1,
            "tag-unclosed.pgn:1:1",
            "']' expected",
        ),
        case(
            "tag-no-name.pgn",
            Text("[ \"x\"]\n\n1. e4 *\n"),
            1,
            "tag-no-name.pgn:1:1",
            "malformed tag",
        ),
        case(
            "tag-bad-fen.pgn",
            Text("[FEN \"rubbish\"]\n\n1. e4 *\n"),
            1,
            "tag-bad-fen.pgn:1:7",
            "bad FEN tag in game 1: malformed FEN: board: 1 rank",
        ),
        // Each kind of malformed FEN.
        case(
            "too-few-ranks.fen",
            Text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1\n"),
            1,
            "too-few-ranks.fen:1:1",
            "7 ranks",
        ),
        case(
            "too-many-ranks.fen",
            Text("8/8/8/8/8/8/8/8/8 w - - 0 1\n"),
            1,
            "too-many-ranks.fen:1:1",
            "9 ranks",
        ),
        case(
            "long-rank.fen",
            Text("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n"),
            1,
            "long-rank.fen:1:10",
            "rank 7 has 9 squares",
        ),
        case(
            "empty-rank.fen",
            Text("# a comment\n\nrnbqkbnr//8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n"),
            1,
            "empty-rank.fen:3:10",
            "rank 7 is empty",
        ),
        case(
            "bad-piece.fen",
            Text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1\n"),
            1,
            "bad-piece.fen:1:36",
            "'X' is neither a piece letter",
        ),
        case(
            "nine-empty.fen",
            Text("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n"),
            1,
            "nine-empty.fen:1:19",
            "'9' is neither",
        ),
        case(
            "bad-side.fen",
            Text("4k3/8/8/8/8/8/8/4K3 x - - 0 1\n"),
            1,
            "bad-side.fen:1:21",
            "side to move: 'x'",
        ),
        case(
            "bad-castling.fen",
            Text("r3k2r/8/8/8/8/8/8/R3K2R w KQxk - 0 1\n"),
            1,
            "bad-castling.fen:1:27",
            "castling: 'x'",
        ),
        case(
            "bad-en-passant.fen",
            Text("4k3/8/8/8/8/8/8/4K3 w - e9 0 1\n"),
            1,
            "bad-en-passant.fen:1:25",
            "en passant: 'e9'",
        ),
        case(
            "bad-halfmove.fen",
            Text("4k3/8/8/8/8/8/8/4K3 w - - x 1\n"),
            1,
            "bad-halfmove.fen:1:27",
            "halfmove clock: 'x'",
        ),
        case(
            "extra-field.fen",
            Text("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra\n"),
            1,
            "extra-field.fen:1:31",
            "at most six fields",
        ),
        case(
            "no-king.fen",
            Text("8/8/8/8/8/8/8/K7 w - - 0 1\n"),
            0,
            "no-king.fen:1:1",
            "Black has no king",
        ),
        Case {
            args: &["--deny-warnings"],
            ..case(
                "no-king-denied.fen",
                Text("8/8/8/8/8/8/8/K7 w - - 0 1\n"),
                1,
                "no-king-denied.fen:1:1",
                "denied by --deny-warnings",
            )
        },
        // Errors inside a book point into the book.
        case(
            "book-move.md",
            Text("# Bok\n\n```pgn\n1. e4 e5\n2. Ke3 *\n```\n"),
            1,
            "book-move.md:5:4",
            "illegal move 'Ke3'",
        ),
        case(
            "book-fen.md",
            Text("# Bok\n\n```fen\n8/8/8/8/8/8/8/K7 w - e3x 0 1\n```\n"),
            1,
            "book-fen.md:4:22",
            "en passant: 'e3x'",
        ),
        // A fence never closed takes the prose after it: said at the fence, before the
        // error the prose makes as moves.
        case(
            "book-fence.md",
            Text("# Bok\n\n```pgn\n1. e4 e5 *\n\nMer text efter.\n"),
            1,
            "book-fence.md:6:1",
            "book-fence.md:3:1: warning: this fenced block is never closed",
        ),
        case(
            "book-comment.md",
            Text("# Bok\n\n```pgn\n1. e4 {aaa\n```\n"),
            1,
            "book-comment.md:4:7",
            "unterminated comment",
        ),
        case(
            "book-front-matter.md",
            Text("---\nnotation: fel\n---\n# Bok\n"),
            1,
            "book-front-matter.md:2:11",
            "is not one of ordinary, compact",
        ),
        // A character with no braille rule in a tag: at the character, in its tag.
        case(
            "tag-char.pgn",
            Text("[Event \"E\"]\n[White \"Wang, 王\"]\n\n1. e4 *\n"),
            0,
            "tag-char.pgn:2:15",
            "no braille rule for the character '王'",
        ),
        // A result after the moves that the Result tag contradicts: at the result written.
        case(
            "result-differs.pgn",
            Text("[Result \"1-0\"]\n\n1. e4 e5 0-1\n"),
            0,
            "result-differs.pgn:3:10",
            "the result '0-1' at the end of game 1 differs from its Result tag '1-0'",
        ),
        // Empty files: an empty output and a warning (docs/decisions.md).
        case(
            "empty.pgn",
            Text(""),
            0,
            "empty.pgn:1:1",
            "no games in this file",
        ),
        case(
            "blank.pgn",
            Text("\n  \n\n"),
            0,
            "blank.pgn:1:1",
            "no games in this file",
        ),
        case(
            "empty.fen",
            Text("# nothing but a comment\n"),
            0,
            "empty.fen:1:1",
            "no positions in this file",
        ),
        case(
            "empty.md",
            Text(""),
            0,
            "empty.md:1:1",
            "no text in this file",
        ),
        Case {
            args: &["--deny-warnings"],
            ..case(
                "empty-denied.pgn",
                Text(""),
                1,
                "empty-denied.pgn:1:1",
                "no games in this file",
            )
        },
        // Binary garbage: a NUL byte is never text, whatever the encoding.
        case(
            "garbage.pgn",
            Bytes(b"1. e4\n\x01\x00\x02\xff\xfe\x80\x7f\n"),
            1,
            "garbage.pgn:2:2",
            "a NUL byte",
        ),
        case(
            "garbage.fen",
            Bytes(b"\x00\x01\x02\xff\xfe\x80\x7f\n"),
            1,
            "garbage.fen:1:1",
            "a NUL byte",
        ),
        case(
            "noise.pgn",
            Made(long_garbage),
            1,
            "noise.pgn:1:1",
            "a NUL byte",
        ),
        case(
            "noise.fen",
            Made(long_garbage),
            1,
            "noise.fen:1:1",
            "a NUL byte",
        ),
        case(
            "garbage.md",
            Bytes(b"Text \x00\x01\x02\xff\xfe\x80\x7f\n"),
            1,
            "garbage.md:1:6",
            "a NUL byte",
        ),
        // Control characters and stray bytes without a NUL: read as Windows-1252, then told.
        case(
            "controls.pgn",
            Bytes(b"\x01\x02\xff\xfe\x80\x7f\n"),
            1,
            "controls.pgn:1:1",
            "cannot read '\\u{1}\\u{2}",
        ),
        case(
            "controls.fen",
            Bytes(b"\x01\x02\xff\xfe\x80\x7f\n"),
            1,
            "controls.fen:1:1",
            "malformed FEN",
        ),
        case(
            "controls.md",
            Bytes(b"\x01\x02\xff\xfe\x80\x7f\n"),
            0,
            "controls.md:1:1",
            "no braille rule for the character",
        ),
        // Encodings: bad UTF-8 in a UTF-8 file is read as Windows-1252, with a warning.
        case(
            "mixed-utf8.pgn",
            Bytes(b"1. e4 {Bra drag av \xc3\xa5 \xe5ke} e5 *\n"),
            0,
            "mixed-utf8.pgn:1:22",
            "not UTF-8 from here on",
        ),
        Case {
            args: &["--deny-warnings"],
            ..case(
                "mixed-utf8-denied.pgn",
                Bytes(b"1. e4 {\xc3\xa5 \xe5} e5 *\n"),
                1,
                "mixed-utf8-denied.pgn:1:10",
                "read as windows-1252",
            )
        },
        Case {
            args: &["--format", "unicode"],
            output: Some(AAO),
            ..case(
                "latin1.pgn",
                Bytes(b"1. e4 {Bra: \xe5 \xe4 \xf6} e5 *\n"),
                0,
                "latin1.pgn:1:13",
                "read as windows-1252",
            )
        },
        Case {
            // Its byte-order mark names the encoding: no warning (--deny-warnings passes).
            args: &["--format", "unicode", "--deny-warnings"],
            output: Some(AAO),
            ..case("utf16le.pgn", Made(utf16le), 0, "", "")
        },
        Case {
            // Its byte-order mark names the encoding: no warning (--deny-warnings passes).
            args: &["--format", "unicode", "--deny-warnings"],
            output: Some(AAO),
            ..case("utf16be.pgn", Made(utf16be), 0, "", "")
        },
        Case {
            // An encoding given is not warned of: the build passes --deny-warnings.
            args: &[
                "--format",
                "unicode",
                "--input-encoding",
                "latin1",
                "--deny-warnings",
            ],
            output: Some(AAO),
            ..case(
                "forced-latin1.pgn",
                Bytes(b"1. e4 {Bra: \xe5 \xe4 \xf6} e5 *\n"),
                0,
                "",
                "",
            )
        },
        Case {
            args: &["--format", "unicode"],
            output: Some(AAO),
            ..case(
                "utf8-bom.pgn",
                Text("\u{feff}1. e4 {Bra: å ä ö} e5 *\n"),
                0,
                "",
                "",
            )
        },
        // Large and deep inputs: they work, in bounded time and without a stack overflow.
        case("big-comment.pgn", Made(big_comment), 0, "", ""),
        case("nested-variations.pgn", Made(nested_variations), 0, "", ""),
        case(
            "long-line-error.pgn",
            Made(error_after_a_long_line),
            1,
            "long-line-error.pgn:1:20000016",
            "illegal move 'Ke3'",
        ),
        case(
            "long-line.fen",
            Made(long_fen_line),
            1,
            "long-line.fen:1:29",
            "at most six fields",
        ),
        case(
            "nested-unclosed.pgn",
            Made(nested_variations_unclosed),
            1,
            "nested-unclosed.pgn:1:70000",
            "unclosed variation",
        ),
        case("nested-lists.md", Made(nested_lists), 0, "", ""),
        // Nested 100 000 deep: the indent stops growing, every word is there.
        Case {
            args: &["--format", "unicode"],
            output: Some("⠿\n⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠏⠥⠝⠅⠞"),
            memory: Bound::Fixed(64),
            ..case(
                "nested-list-markers.md",
                Made(nested_list_markers),
                0,
                "",
                "",
            )
        },
        Case {
            args: &["--format", "unicode"],
            output: Some("⠼⠁⠄\n⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠏⠥⠝⠅⠞"),
            memory: Bound::Fixed(64),
            ..case(
                "nested-numbered-lists.md",
                Made(nested_numbered_lists),
                0,
                "",
                "",
            )
        },
        Case {
            args: &["--format", "unicode", "--page-length", "0"],
            output: Some("⠉⠊⠞⠁⠞\n\n⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠙⠚⠥⠏⠞"),
            memory: Bound::Fixed(64),
            ..case("nested-quotes.md", Made(nested_quotes), 0, "", "")
        },
        Case {
            memory: Bound::Fixed(64),
            ..case(
                "nested-quote-game.md",
                Made(nested_quote_with_game),
                1,
                "nested-quote-game.md:4:200013",
                "illegal move 'Ke3'",
            )
        },
        // Files that are not there or cannot be written.
        case(
            "missing.pgn",
            Missing,
            3,
            "missing.pgn: error:",
            "No such file",
        ),
        Case {
            args: &["-o", "no/such/folder/out.brf"],
            ..case(
                "unwritable.pgn",
                Text("1. e4 e5 *\n"),
                3,
                "no/such/folder/out.brf: error:",
                "the folder no/such/folder does not exist",
            )
        },
        // A folder named with its `/` is made when missing (issue 31), but not its parents.
        Case {
            args: &["-o", "no-such/folder/"],
            ..case(
                "into-missing-folder.pgn",
                Text("1. e4 e5 *\n"),
                3,
                "no-such/folder/: error:",
                "no such folder, and no folder to make it in",
            )
        },
    ]
}

/// Runs one case; returns what went wrong, if anything.
pub(crate) fn check_case(c: &Case) -> Result<(), String> {
    let dir = Sandbox::new();
    let d = dir.path();
    let input = d.join(c.file);
    match &c.src {
        Src::Text(t) => std::fs::write(&input, t),
        Src::Bytes(b) => std::fs::write(&input, b),
        Src::Made(f) => std::fs::write(&input, f()),
        Src::Missing => Ok(()),
        Src::Dir => std::fs::create_dir(&input),
        Src::Link(target) => std::os::unix::fs::symlink(target, &input),
    }
    .map_err(|e| e.to_string())?;
    let size = match c.src {
        Src::Text(_) | Src::Bytes(_) | Src::Made(_) => input.metadata().map_or(0, |m| m.len()),
        _ => 0,
    };
    let limit = c.memory.bytes(size);
    let run = |args: &[&str]| dir.command(args).memory_limit(limit).deadline(HANG).run();
    std::fs::create_dir(d.join("a-folder")).map_err(|e| e.to_string())?;
    let unicode = c.args.contains(&"unicode");
    let output = input.with_extension(if unicode { "txt" } else { "brf" });
    std::fs::write(&output, b"OLD").map_err(|e| e.to_string())?;
    let before = dir.names();

    let mut args = vec!["build", c.file];
    args.extend_from_slice(c.args);
    let out = run(&args);
    let err = out.stderr;
    let show = |what: &str| {
        format!(
            "{what}\n--- stderr:\n{}",
            err.chars().take(2000).collect::<String>()
        )
    };
    if out.timed_out {
        return Err(show(&format!("hung: killed after {HANG:?}")));
    }
    if out.code != Some(c.code) {
        return Err(show(&format!(
            "exit code {:?}, expected {} (no code: killed, as when it needs more than {} MB)",
            out.code,
            c.code,
            limit >> 20
        )));
    }
    if !c.place.is_empty() && !err.lines().any(|l| l.starts_with(c.place)) {
        return Err(show(&format!("no message line starts with '{}'", c.place)));
    }
    if !err.contains(c.message) {
        return Err(show(&format!("stderr lacks '{}'", c.message)));
    }
    let repeat = size < RUN_ONCE_FROM;
    if c.code != 0 {
        let first_error = err.lines().find(|l| l.contains(": error: ")).unwrap_or("");
        if !first_error.starts_with(c.place) {
            return Err(show(
                "the error's first line is not 'place: error: message'",
            ));
        }
        // Nothing written: the earlier output as it was, no temporary file left behind.
        let now = std::fs::read(&output).map_err(|e| e.to_string())?;
        if now != b"OLD" {
            return Err(show("the earlier output was changed"));
        }
        if dir.names() != before {
            return Err(show(&format!(
                "files changed: {:?} -> {:?}",
                before,
                dir.names()
            )));
        }
        if repeat && !c.args.contains(&"-o") {
            let mut args = args.clone();
            args.extend_from_slice(&["-o", "-"]);
            let piped = run(&args);
            if piped.code != Some(c.code) || !piped.stdout.is_empty() {
                return Err(show("-o - printed something or exited otherwise"));
            }
        }
    } else {
        let now = std::fs::read(&output).map_err(|e| e.to_string())?;
        if now == b"OLD" {
            return Err(show("the output was not written"));
        }
        if let Some(want) = c.output {
            let text = String::from_utf8_lossy(&now);
            if !text.contains(want) {
                return Err(show(&format!(
                    "output lacks '{want}': {}",
                    text.chars().take(300).collect::<String>()
                )));
            }
        }
    }
    // `check` validates as the build does: the same exit code and message, nothing written.
    if repeat && !c.args.contains(&"-o") {
        std::fs::write(&output, b"OLD").map_err(|e| e.to_string())?;
        let mut args = vec!["check", c.file];
        args.extend(
            c.args
                .iter()
                .filter(|a| !matches!(**a, "--format" | "unicode")),
        );
        let checked = run(&args);
        let cerr = &checked.stderr;
        if checked.code != Some(c.code) || !cerr.contains(c.message) {
            return Err(format!("check differs: {:?}\n{cerr}", checked.code));
        }
        if std::fs::read(&output).map_err(|e| e.to_string())? != b"OLD" || dir.names() != before {
            return Err("check wrote something".into());
        }
    }
    Ok(())
}

/// Runs every case; fails with all that went wrong.
pub(crate) fn check_all(cases: &[Case]) {
    let mut failures = Vec::new();
    for c in cases {
        if let Err(why) = check_case(c) {
            failures.push(format!("== {}: {why}", c.file));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
}

#[test]
fn catalogue_of_bad_inputs() {
    let cases = catalogue();
    assert!(cases.len() >= 40, "{} cases", cases.len());
    check_all(&cases);
}

/// The rendered diagnostic: the first line, the source line and a marker under the problem,
/// and the hint.
#[test]
fn a_diagnostic_looks_like_a_compilers() {
    let dir = Sandbox::new();
    dir.write("mix.pgn", "1. e4 e5 2. Nf3 d6\n3. Lc4 Sc6 *\n");
    let out = dir.run(&["check", "mix.pgn"]);
    assert_eq!(out.code, Some(1));
    let err = &out.stderr;
    let lines: Vec<&str> = err.lines().collect();
    assert!(
        lines[0].starts_with("mix.pgn:2:4: error: 'Lc4' uses Swedish piece letters"),
        "{err}"
    );
    assert_eq!(
        lines[1..4],
        ["  |", "2 | 3. Lc4 Sc6 *", "  |    ^^^"],
        "{err}"
    );
    assert!(
        err.contains("= hint: use one language for the piece letters"),
        "{err}"
    );
    // No colour when standard error is not a terminal.
    assert!(!err.contains('\x1b'), "{err}");
}

/// Warnings do not stop a build; `--deny-warnings` makes them stop it, after showing them all.
#[test]
fn deny_warnings_with_several_inputs_writes_nothing() {
    let dir = Sandbox::new();
    dir.write("a.pgn", "1. e4 e5 *\n");
    dir.write("b.fen", "8/8/8/8/8/8/8/K7 w - - 0 1\n");
    let ok = dir.run(&["build", "a.pgn", "b.fen", "-o", "all.brf"]);
    assert_eq!(ok.code, Some(0));
    assert!(ok.stderr.contains("b.fen:1:1: warning:"));
    dir.write("all.brf", "OLD");
    for args in [
        &[
            "build",
            "a.pgn",
            "b.fen",
            "-o",
            "all.brf",
            "--deny-warnings",
        ][..],
        &["build", "a.pgn", "b.fen", "-o", "-", "--deny-warnings"][..],
        &["check", "a.pgn", "b.fen", "--deny-warnings"][..],
    ] {
        let out = dir.run(args);
        assert_eq!(out.code, Some(1), "{args:?}");
        assert!(out.stdout.is_empty());
        let err = &out.stderr;
        assert!(
            err.contains("b.fen:1:1: warning:") && err.contains("b.fen:1:1: error:"),
            "{err}"
        );
    }
    assert_eq!(dir.read("all.brf"), b"OLD");
    assert_eq!(dir.names(), ["a.pgn", "all.brf", "b.fen"]);
    // Beside the inputs: each output is put in place only if its input passed.
    let out = dir.run(&["build", "a.pgn", "b.fen", "--deny-warnings"]);
    assert_eq!(out.code, Some(1));
    assert!(!dir.path().join("b.brf").exists());
    let clean = dir.run(&["check", "a.pgn"]);
    assert_eq!(clean.code, Some(0));
    // No warning: the summary line alone.
    assert!(
        clean.stderr.starts_with("schackpunkt: read 1 file;") && clean.stderr.lines().count() == 1,
        "{}",
        clean.stderr
    );
}

/// Issue 33, point 3: the words pgn-reader skips without a word of its own (a word that is no
/// move, a square of no board, a move glued to junk, text between games, a tag without its
/// brackets, a bracket that closes nothing) are errors, each at its place in these words. The
/// reading of games is to change (a guard in place of a second scan); these must not.
#[test]
fn what_pgn_reader_skips_is_an_error_in_these_words() {
    use schackpunkt::{InputKind, Settings};
    for (text, first_line) in [
        (
            "1. e4 e5 2. Nf3 foo Nc6 *\n",
            "s.pgn:1:17: error: cannot read 'foo' as a move in game 1",
        ),
        (
            "1. e4 e9 *\n",
            "s.pgn:1:7: error: cannot read 'e9' as a move in game 1",
        ),
        (
            "1. e4 e5 2. Nf3x Nc6 *\n",
            "s.pgn:1:13: error: cannot read 'Nf3x' as a move in game 1",
        ),
        (
            "1. e4 e5 2. Nf3#junk Nc6 *\n",
            "s.pgn:1:13: error: cannot read 'Nf3#junk' as a move in game 1",
        ),
        (
            "1. e4 e5 *\n\nhello there\n\n1. d4 d5 *\n",
            "s.pgn:3:1: error: text between games, in no game: 'hello there'",
        ),
        (
            "Event \"x\"]\n1. e4 *\n",
            "s.pgn:1:1: error: cannot read 'Event' as a move in game 1",
        ),
        (
            "1. e4 e5 2. Nf3) Nc6 *\n",
            "s.pgn:1:16: error: ')' without a '(' before it in game 1",
        ),
        (
            "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 1/2 2. Nf3 *\n",
            "s.pgn:4:14: error: text after the result: '2.' in game 1 (A – B)",
        ),
    ] {
        let error = crate::support::transcribe("s.pgn", InputKind::Pgn, text, Settings::default())
            .err()
            .unwrap_or_else(|| panic!("{text:?} transcribed"))
            .to_string();
        assert_eq!(error.lines().next(), Some(first_line), "{text:?}: {error}");
    }
}
