//! Every notation the seed documents describe (issue 34): the same games written with the
//! piece letters of fifteen languages, in figurines and in ICCF numeric notation build to
//! exactly the braille of their SAN twin; FIDE's forms of the Norwegian rules; errors in each
//! form located, naming the notation.
//!
//! The games are rewritten here, move by move on a real board (pgn-reader and shakmaty), with
//! this file's own copy of the Danish article's table: the program's table
//! (`src/chess/pieces.rs`) is checked against it, not with it.

use std::ops::ControlFlow;

use pgn_reader::{KnownOutcome, Nag, Outcome, RawComment, RawTag, Reader, SanPlus, Skip, Visitor};
use schackpunkt::{InputKind, Notation, Settings, SourceNotation};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Move, Position, Role};

use crate::support::{Built, data, transcribe};

/// The Danish article's table (`../shared/spec/algebraisk-notation-da.txt`), Norwegian from
/// FIDE's rules in Norwegian, Swedish from the book: king, queen, rook, bishop, knight.
const LANGUAGES: &[(SourceNotation, &str, [char; 5])] = &[
    (SourceNotation::Da, "da", ['K', 'D', 'T', 'L', 'S']),
    (SourceNotation::En, "en", ['K', 'Q', 'R', 'B', 'N']),
    (SourceNotation::Eo, "eo", ['R', 'D', 'T', 'K', 'Ĉ']),
    (SourceNotation::Fi, "fi", ['K', 'D', 'T', 'L', 'R']),
    (SourceNotation::Fr, "fr", ['R', 'D', 'T', 'F', 'C']),
    (SourceNotation::Nl, "nl", ['K', 'D', 'T', 'L', 'P']),
    (SourceNotation::Is, "is", ['K', 'D', 'H', 'B', 'R']),
    (SourceNotation::It, "it", ['R', 'D', 'T', 'A', 'C']),
    (SourceNotation::Pl, "pl", ['K', 'H', 'W', 'G', 'S']),
    (SourceNotation::Ro, "ro", ['R', 'D', 'T', 'N', 'C']),
    (SourceNotation::Es, "es", ['R', 'D', 'T', 'A', 'C']),
    (SourceNotation::Cs, "cs", ['K', 'D', 'V', 'S', 'J']),
    (SourceNotation::De, "de", ['K', 'D', 'T', 'L', 'S']),
    (SourceNotation::No, "no", ['K', 'D', 'T', 'L', 'S']),
    (SourceNotation::Sv, "sv", ['K', 'D', 'T', 'L', 'S']),
];

/// How a move is written: from the position before it, its SAN and the move.
type Write<'a> = &'a dyn Fn(&Chess, &SanPlus, Move) -> String;

/// Rewrites every game of a PGN text, each move as `write` gives it; tags, comments, NAGs,
/// variations and results are kept, move numbers written anew.
struct Rewrite<'a> {
    write: Write<'a>,
    out: String,
    fen: Option<String>,
    pos: Chess,
    /// The position before the last move (where a variation starts).
    before: Chess,
    stack: Vec<(Chess, Chess)>,
    /// A black move needs its number (`12...`): after a comment, a bracket or a start.
    black_number: bool,
}

impl Rewrite<'_> {
    fn number(&mut self) {
        let n = self.pos.fullmoves();
        if self.pos.turn().is_white() {
            self.out.push_str(&format!("{n}. "));
        } else if self.black_number {
            self.out.push_str(&format!("{n}... "));
        }
    }
}

impl Visitor for Rewrite<'_> {
    type Tags = ();
    type Movetext = ();
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        self.fen = None;
        ControlFlow::Continue(())
    }

    fn tag(&mut self, _: &mut (), name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        let name = String::from_utf8_lossy(name).into_owned();
        let value = String::from_utf8_lossy(value.as_bytes()).into_owned();
        if name == "FEN" {
            self.fen = Some(value.clone());
        }
        self.out.push_str(&format!("[{name} \"{value}\"]\n"));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        self.out.push('\n');
        self.pos = match &self.fen {
            Some(f) => f
                .parse::<Fen>()
                .expect("a FEN")
                .into_position(CastlingMode::Standard)
                .expect("a position"),
            None => Chess::default(),
        };
        self.before = self.pos.clone();
        self.black_number = true;
        ControlFlow::Continue(())
    }

    fn san(&mut self, _: &mut (), san_plus: SanPlus) -> ControlFlow<()> {
        let m = san_plus.san.to_move(&self.pos).expect("a legal move");
        self.number();
        let written = (self.write)(&self.pos, &san_plus, m);
        self.out.push_str(&written);
        self.out.push(' ');
        self.before = self.pos.clone();
        self.pos.play_unchecked(m);
        self.black_number = false;
        ControlFlow::Continue(())
    }

    fn nag(&mut self, _: &mut (), nag: Nag) -> ControlFlow<()> {
        self.out.push_str(&format!("${} ", nag.0));
        ControlFlow::Continue(())
    }

    fn comment(&mut self, _: &mut (), comment: RawComment<'_>) -> ControlFlow<()> {
        let text = String::from_utf8_lossy(comment.as_bytes());
        self.out.push_str(&format!("{{{text}}} "));
        self.black_number = true;
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _: &mut ()) -> ControlFlow<(), Skip> {
        self.stack.push((self.pos.clone(), self.before.clone()));
        self.pos = self.before.clone();
        self.out.push_str("( ");
        self.black_number = true;
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, _: &mut ()) -> ControlFlow<()> {
        let (pos, before) = self.stack.pop().expect("a variation was begun");
        (self.pos, self.before) = (pos, before);
        self.out.push_str(") ");
        self.black_number = true;
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, _: &mut (), outcome: Outcome) -> ControlFlow<()> {
        self.out.push_str(match outcome {
            Outcome::Known(KnownOutcome::Decisive { winner }) if winner.is_white() => "1-0",
            Outcome::Known(KnownOutcome::Decisive { .. }) => "0-1",
            Outcome::Known(KnownOutcome::Draw) => "1/2-1/2",
            Outcome::Unknown => "*",
        });
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _: ()) {
        self.out.push_str("\n\n");
    }
}

/// Every game of `pgn`, each move as `write` gives it.
fn rewrite(pgn: &[u8], write: Write<'_>) -> String {
    let mut v = Rewrite {
        write,
        out: String::new(),
        fen: None,
        pos: Chess::default(),
        before: Chess::default(),
        stack: Vec::new(),
        black_number: true,
    };
    let mut reader = Reader::new(pgn);
    while reader.read_game(&mut v).expect("the game reads").is_some() {}
    v.out
}

/// SAN as pgn-reader writes it back.
fn san(_: &Chess, s: &SanPlus, _: Move) -> String {
    s.to_string()
}

/// SAN with the letters `letters` (king, queen, rook, bishop, knight) for the English ones.
fn in_letters(s: &SanPlus, letters: [char; 5]) -> String {
    let english = s.to_string();
    let swap = |c: char| match "KQRBN".find(c) {
        Some(i) => letters[i],
        None => c,
    };
    let mut out = String::new();
    let mut chars = english.chars().peekable();
    // The piece letter first, the promotion's after its `=`.
    if let Some(&c) = chars.peek()
        && c.is_ascii_uppercase()
        && c != 'O'
    {
        out.push(swap(c));
        chars.next();
    }
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '='
            && let Some(p) = chars.next()
        {
            out.push(swap(p));
        }
    }
    out
}

/// Figurines (white's) for the English letters.
fn figurines(_: &Chess, s: &SanPlus, _: Move) -> String {
    in_letters(s, ['♔', '♕', '♖', '♗', '♘'])
}

/// ICCF numeric notation: the squares' file and rank digits, the promotion's digit.
fn iccf(_: &Chess, _: &SanPlus, m: Move) -> String {
    let (from, to) = match m {
        // The king's own two squares (`5171`), whichever rook it castles with.
        Move::Castle { king, rook } => {
            let file = if rook.file() > king.file() {
                shakmaty::File::G
            } else {
                shakmaty::File::C
            };
            (king, shakmaty::Square::from_coords(file, king.rank()))
        }
        m => (m.from().expect("a move from a square"), m.to()),
    };
    let digit =
        |s: shakmaty::Square| format!("{}{}", u32::from(s.file()) + 1, u32::from(s.rank()) + 1);
    let promotion = match m.promotion() {
        Some(Role::Queen) => "1",
        Some(Role::Rook) => "2",
        Some(Role::Bishop) => "3",
        Some(Role::Knight) => "4",
        _ => "",
    };
    format!("{}{}{promotion}", digit(from), digit(to))
}

fn settings(notation: Notation, source: Option<SourceNotation>) -> Settings {
    Settings {
        notation: Some(notation),
        source_notation: source,
        page_length: Some(0),
        ..Settings::default()
    }
}

fn build(pgn: &str, notation: Notation, source: Option<SourceNotation>) -> Built {
    transcribe("t.pgn", InputKind::Pgn, pgn, settings(notation, source))
        .unwrap_or_else(|e| panic!("{e}\n{}", &pgn[..pgn.len().min(2000)]))
}

/// The games rewritten in each form build to the braille of their SAN twin, in both
/// notations; `what` names the games in a failure.
fn every_form_builds_as_san(pgn: &[u8], what: &str) {
    let twin = rewrite(pgn, &san);
    for notation in [Notation::Ordinary, Notation::Compact] {
        let want = build(&twin, notation, None);
        assert!(want.lines().len() > 3, "{what}: something was written");
        let mut forms: Vec<(String, String, Option<SourceNotation>)> = LANGUAGES
            .iter()
            .map(|&(notation, code, letters)| {
                let text = rewrite(pgn, &|_: &Chess, s: &SanPlus, _| in_letters(s, letters));
                (code.to_owned(), text, Some(notation))
            })
            .collect();
        forms.push(("figurines".into(), rewrite(pgn, &figurines), None));
        let numeric = rewrite(pgn, &iccf);
        forms.push(("iccf".into(), numeric.clone(), Some(SourceNotation::Iccf)));
        // `auto` finds ICCF numeric notation by itself.
        forms.push(("iccf (auto)".into(), numeric, None));
        for (name, text, source) in forms {
            if name != "en" {
                assert_ne!(text, twin, "{what} {name}: the letters changed");
            }
            let got = build(&text, notation, source);
            assert_eq!(got.lines(), want.lines(), "{what}: {name}, {notation:?}");
            assert_eq!(got.warnings, want.warnings, "{what}: {name}, {notation:?}");
        }
    }
}

#[test]
fn real_games_in_every_language_figurines_and_iccf_build_as_their_san_twin() {
    let pgn = std::fs::read(data("chess_real.pgn")).expect("test data");
    every_form_builds_as_san(&pgn, "chess_real.pgn");
}

#[test]
fn promotions_castling_and_variations_in_every_form() {
    // Both castlings, a promotion to each piece, an en passant capture, a variation, a
    // comment and NAGs.
    let pgn = "[Event \"Rockader\"]\n[SetUp \"1\"]\n\
               [FEN \"r3k2r/ppp1qppp/8/3pP3/8/8/PPP1QPPP/R3K2R w KQkq d6 0 10\"]\n\n\
               10. exd6 (10. O-O-O O-O-O) 10... cxd6 $1 11. O-O-O {Lång} O-O 12. Qxe7 *\n\n\
               [Event \"Förvandlingar\"]\n[SetUp \"1\"]\n\
               [FEN \"2r5/1P2k3/8/8/8/8/6p1/4K3 w - - 0 1\"]\n\n\
               1. bxc8=N+ Kd8 2. Nb6 g1=R+ 3. Kd2 *\n\n\
               [Event \"Förvandlingar 2\"]\n[SetUp \"1\"]\n\
               [FEN \"4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1\"]\n\n\
               1. b8=Q+ Kd7 2. Qb5+ Kc7 3. Kf2 g1=B+ 4. Kxg1 *\n";
    every_form_builds_as_san(pgn.as_bytes(), "promotions");
}

/// The program reads every language of this file's table, and its docs list them.
#[test]
fn the_program_and_the_docs_have_the_articles_letters() {
    let doc = std::fs::read_to_string(crate::support::repo_file("docs/options.md")).expect("docs");
    for &(_, code, letters) in LANGUAGES {
        let [k, q, r, b, n] = letters;
        let row = format!("| {code} |");
        let line = doc
            .lines()
            .find(|l| l.starts_with(&row))
            .unwrap_or_else(|| panic!("docs/options.md has no row for {code}"));
        assert!(
            line.contains(&format!("| {k} | {q} | {r} | {b} | {n} |")),
            "{code}: {line}"
        );
    }
}

/// FIDE's example game (the end of `sjakk-notasjon-no.txt`), in both its forms: Norwegian
/// letters, `e.p.` after a blank, captures with and without `x`, castling with zeros and the
/// draw offer `(=)`; both build to the braille of the SAN twin.
#[test]
fn fides_example_game_in_both_forms_builds_as_its_san_twin() {
    let first = "1. e4 e5 2. Sf3 Sf6 3. d4 exd4 4. e5 Se4 5. Dxd4 d5 6. exd6 e.p. Sxd6 7. Lg5 Sc6 \
                 8. De3+ Le7 9. Sbd2 0-0 10. 0-0-0 Te8 11. Kb1(=) *\n";
    let second = "1. e4 e5 2. Sf3 Sf6 3. d4 ed4 4. e5 Se4 5. Dd4 d5 6. ed6 Sd6 7. Lg5 Sc6 8. De3 \
                  Le7 9. Sbd2 0-0 10. 0-0-0 Te8 11. Kb1(=) *\n";
    let twin = "1. e4 e5 2. Nf3 Nf6 3. d4 exd4 4. e5 Ne4 5. Qxd4 d5 6. exd6 Nxd6 7. Bg5 Nc6 \
                8. Qe3+ Be7 9. Nbd2 O-O 10. O-O-O Re8 11. Kb1 (=) *\n";
    for notation in [Notation::Ordinary, Notation::Compact] {
        let want = build(twin, notation, None);
        // The draw offer's sign ends the game (rules.md §5: right after the move); compact
        // notation leaves signs out (rules.md §3).
        if notation == Notation::Ordinary {
            let lines = want.lines().concat();
            assert!(lines.contains("⠠⠅⠃⠼⠁⠦⠶⠴"), "{lines}");
        }
        for source in [None, Some(SourceNotation::No)] {
            for game in [first, second] {
                let got = build(game, notation, source);
                assert_eq!(got.lines(), want.lines(), "{game} {source:?} {notation:?}");
                assert!(got.warnings.is_empty(), "{:?}", got.warnings);
            }
        }
    }
}

/// FIDE's forms one by one: a promotion without `=`, `++` for mate, `e.p.` glued or apart.
#[test]
fn fides_short_forms_read_as_san() {
    let pairs = [
        (
            "[SetUp \"1\"]\n[FEN \"k7/3P4/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. d8D+ Kb7 *\n",
            "[SetUp \"1\"]\n[FEN \"k7/3P4/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. d8=Q+ Kb7 *\n",
        ),
        (
            "1. e4 e5 2. Lc4 Sc6 3. Dh5 Sf6 4. Dxf7++ *\n",
            "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# *\n",
        ),
        (
            "1. e4 a6 2. e5 d5 3. exd6e.p. a5 *\n",
            "1. e4 a6 2. e5 d5 3. exd6 a5 *\n",
        ),
    ];
    for (fide, twin) in pairs {
        let want = build(twin, Notation::Ordinary, None);
        let got = build(fide, Notation::Ordinary, Some(SourceNotation::No));
        assert_eq!(got.lines(), want.lines(), "{fide}");
        assert_eq!(got.warnings, want.warnings, "{fide}");
    }
    // A promotion in brackets, in a language's letters.
    let fen = "[SetUp \"1\"]\n[FEN \"k7/3P4/8/8/8/8/8/4K3 w - - 0 1\"]\n\n";
    let want = build(&format!("{fen}1. d8=N Ka7 *\n"), Notation::Ordinary, None);
    let got = build(
        &format!("{fen}1. d8(C) Ra7 *\n"),
        Notation::Ordinary,
        Some(SourceNotation::Fr),
    );
    assert_eq!(got.lines(), want.lines());
}

/// The error of a word each form cannot read: at its place, naming the notation.
#[test]
fn errors_in_each_form_are_located_and_name_the_notation() {
    let error = |pgn: &str, source: Option<SourceNotation>| {
        transcribe(
            "t.pgn",
            InputKind::Pgn,
            pgn,
            settings(Notation::Ordinary, source),
        )
        .err()
        .map(|e| e.to_string())
        .unwrap_or_else(|| panic!("{pgn} reads"))
    };
    // An English letter in a French game: not French.
    let e = error("1. e4 e5 2. Cf3 Nc6 *\n", Some(SourceNotation::Fr));
    assert!(e.contains("t.pgn:1:17"), "{e}");
    assert!(
        e.contains("cannot read 'Nc6' as a move in French notation"),
        "{e}"
    );
    assert!(e.contains("R D T F C"), "{e}");
    // French letters with `auto`: the hint names the languages that read them.
    let e = error("1. e4 e5 2. Cf3 *\n", None);
    assert!(e.contains("t.pgn:1:13"), "{e}");
    assert!(e.contains("a knight in French (fr)"), "{e}");
    assert!(e.contains("--source-notation fr"), "{e}");
    // Esperanto's knight is Ĉ; a column counts characters.
    let e = error(
        "1. e4 e5 2. Ĉf3 Ĉc6 3. Ĉe5 Ĉxe5 4. Ĉe2 *\n",
        Some(SourceNotation::Eo),
    );
    assert!(e.contains("t.pgn:1:36"), "{e}");
    assert!(e.contains("illegal move 'Ĉe2'"), "{e}");
    // ICCF: a move from an empty square, a piece that cannot go there, a word of digits
    // that is no ICCF move; with `iccf` and with `auto`, which finds the notation by itself.
    for source in [Some(SourceNotation::Iccf), None] {
        let e = error("1. 5254 5755 2. 5253 *\n", source);
        assert!(e.contains("t.pgn:1:17"), "{e}");
        assert!(
            e.contains("illegal move '5253' in game 1: e2-e3 in ICCF numeric notation: there is no piece on e2"),
            "{e}"
        );
        let e = error("1. 5254 5755 2. 1113 *\n", source);
        assert!(e.contains("t.pgn:1:17"), "{e}");
        assert!(
            e.contains("a1-a3 in ICCF numeric notation: the rook on a1 cannot move to a3"),
            "{e}"
        );
        let e = error("1. 5254 5755 2. 5759 *\n", source);
        assert!(e.contains("t.pgn:1:17"), "{e}");
        assert!(
            e.contains("cannot read '5759' as a move in ICCF numeric notation"),
            "{e}"
        );
    }
    // A pawn reaching the last rank without its piece, and a promotion digit on a move that
    // does not promote: the SAN reasons, with the squares.
    let fen = "[SetUp \"1\"]\n[FEN \"k7/4P3/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n";
    let e = error(&format!("{fen}1. 5758 *\n"), Some(SourceNotation::Iccf));
    assert!(
        e.contains("e7-e8 in ICCF numeric notation: a pawn reaching the last rank must promote"),
        "{e}"
    );
    let e = error(&format!("{fen}1. 52541 *\n"), Some(SourceNotation::Iccf));
    assert!(
        e.contains("e2-e4 in ICCF numeric notation: only a pawn reaching the last rank promotes"),
        "{e}"
    );
    // A sign after an ICCF move is read, and checked.
    let e = error("1. 5254 5755 2. 6144+ *\n", Some(SourceNotation::Iccf));
    assert!(e.contains("t.pgn:1:17"), "{e}");
    assert!(e.contains("illegal move '6144+'"), "{e}");
    let ok = build(
        "1. 5254 5755 2. 6134 2836 3. 4185+ *\n",
        Notation::Ordinary,
        Some(SourceNotation::Iccf),
    );
    assert!(
        ok.warnings
            .iter()
            .any(|w| w.contains("'4185+' is marked as check but gives no check")),
        "{:?}",
        ok.warnings
    );
    // English named: Swedish letters are not read, and the message says so.
    let e = error("1. e4 e5 2. Sf3 *\n", Some(SourceNotation::En));
    assert!(
        e.contains("cannot read 'Sf3' as a move in English notation"),
        "{e}"
    );
    assert!(e.contains("K Q R B N"), "{e}");
    // A coordinate move as UCI writes it: what stands on its first square.
    let e = error("1. e2e4 e7e5 2. a1a3 *\n", None);
    assert!(e.contains("t.pgn:1:17"), "{e}");
    assert!(
        e.contains("illegal move 'a1a3' in game 1: the rook on a1 cannot move to a3"),
        "{e}"
    );
    let e = error("1. e2e4 e4e5 *\n", None);
    assert!(
        e.contains("the pawn on e4 is White's, and Black is to move"),
        "{e}"
    );
}

/// ICCF numbers are moves only where a game has nothing else: a bare number in a game of
/// SAN moves stays a move number (and its warning), as before.
#[test]
fn auto_reads_iccf_only_in_a_game_of_numbers() {
    let mixed = build("1. e4 e5 2 Nf3 *\n", Notation::Ordinary, None);
    let plain = build("1. e4 e5 2. Nf3 *\n", Notation::Ordinary, None);
    assert_eq!(mixed.lines(), plain.lines());
    // Four digits that read as an ICCF move, in a game of SAN moves: a move number.
    let mixed = build("1. e4 e5 5254 Nf3 *\n", Notation::Ordinary, None);
    assert_eq!(mixed.lines(), plain.lines());
    assert!(
        mixed
            .warnings
            .iter()
            .any(|w| w.contains("move number 5254 where the position has move 2")),
        "{:?}",
        mixed.warnings
    );
    let numbers = build("1. 5254 5755 2. 7163 *\n", Notation::Ordinary, None);
    assert_eq!(numbers.lines(), plain.lines());
    assert!(numbers.warnings.is_empty(), "{:?}", numbers.warnings);
}

/// Prose and comments: the named language's moves get Swedish letters; the block word names
/// a block's own.
#[test]
fn prose_and_comments_in_a_named_language() {
    let md = "---\nsource_notation: fr\n---\nAprès 1. e4 e5 2. Cf3 Cc6 3. Fb5 et e8D.\n\n\
              ```pgn\n1. e4 {Ou 1. Cf3 Cc6} e5 2. Cf3 *\n```\n\n\
              ```pgn en\n1. Nf3 {Eller 1. Nc3} Nf6 *\n```\n";
    let swedish = "---\nsource_notation: sv\n---\nAprès 1. e4 e5 2. Sf3 Sc6 3. Lb5 et e8D.\n\n\
                   ```pgn\n1. e4 {Ou 1. Sf3 Sc6} e5 2. Sf3 *\n```\n\n\
                   ```pgn\n1. Sf3 {Eller 1. Sc3} Sf6 *\n```\n";
    let book = |md: &str| {
        transcribe(
            "bok.md",
            InputKind::Markdown,
            md,
            settings(Notation::Ordinary, None),
        )
        .unwrap_or_else(|e| panic!("{e}"))
    };
    let (got, want) = (book(md), book(swedish));
    assert_eq!(got.lines(), want.lines());
    assert!(got.warnings.is_empty(), "{:?}", got.warnings);
    // After typeset text's ellipsis, dash and no-break space too.
    let md = "---\nsource_notation: fr\n---\n7…Cf6, –Cf3 et 1.\u{a0}Cc3.\n";
    let swedish = "7…Sf6, –Sf3 et 1.\u{a0}Sc3.\n";
    assert_eq!(book(md).lines(), book(swedish).lines());
}

/// Hand-run: every game of the shared corpus (`../shared/corpus`) in every form.
/// `cargo test --release --test it notations::corpus -- --ignored --nocapture`
#[test]
#[ignore = "hand-run on the shared corpus"]
fn corpus() {
    let dir = crate::support::repo_file("../shared/corpus");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "pgn"));
    files.sort();
    assert!(!files.is_empty(), "no corpus in {}", dir.display());
    for f in files {
        let bytes = std::fs::read(&f).expect("a corpus file");
        // A hundred games at a time, so a failure names a small part.
        let text = String::from_utf8_lossy(&bytes);
        let games: Vec<&str> = text.split("\n\n[Event ").collect();
        for (i, part) in games.chunks(100).enumerate() {
            let chunk = part.join("\n\n[Event ");
            let chunk = if i == 0 {
                chunk
            } else {
                format!("[Event {chunk}")
            };
            every_form_builds_as_san(chunk.as_bytes(), &format!("{} part {i}", f.display()));
            println!("{} part {i}: {} games", f.display(), part.len());
        }
    }
}

/// Esperanto's knight `Ĉ` takes two bytes and its Swedish letter one: a warning after it, in
/// prose and in a comment, still names the right column.
#[test]
fn places_after_a_two_byte_piece_letter_stay_right() {
    let md = "---\nsource_notation: eo\n---\nPost 1. Ĉf3 Ĉc6 venas ☃ kaj 2. Kb5.\n\n\
              ```pgn\n1. Ĉf3 {Ĉc3 ☃} Ĉf6 *\n```\n";
    let built = transcribe(
        "bok.md",
        InputKind::Markdown,
        md,
        settings(Notation::Ordinary, None),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let places: Vec<&str> = built
        .warnings
        .iter()
        .filter_map(|w| w.split(": warning").next())
        .collect();
    assert_eq!(
        places,
        ["bok.md:4:23", "bok.md:7:13"],
        "{:?}",
        built.warnings
    );
    let text = built.lines().concat();
    assert!(
        text.contains(&crate::support::braille("1. Sf3 Sc6")),
        "{text}"
    );
}
