//! One pipeline: a game, a position and a start diagram give the same braille whichever way
//! they reach the program (a `.pgn` or `.fen` file, or a block of a book), with the same
//! settings and page profile; and messages point at their cause.

use schackpunkt::{
    DiagramForm, InputKind, Layout, Moves, Notation, Settings, Warning, transcribe_bytes,
};

use crate::support::Sandbox;

const GAMES: &str = include_str!("../data/chess_real.pgn");
const POSITIONS: &str = include_str!("../data/diagrams.fen");

/// The output (Unicode braille) and the warnings of one input.
fn build(name: &str, kind: InputKind, text: &str, settings: &Settings) -> (String, Vec<String>) {
    let mut out = Vec::new();
    let mut warnings = Vec::new();
    let settings = Settings {
        format: Some(schackpunkt::Format::Unicode),
        ..settings.clone()
    };
    let result = transcribe_bytes(
        name,
        kind,
        text.as_bytes().to_vec(),
        &settings,
        None,
        &mut out,
        &mut |w: &Warning| warnings.push(w.to_string()),
    );
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
    (String::from_utf8(out).unwrap_or_default(), warnings)
}

/// A book holding `text` in one fenced block of `kind` with the info-string `words`.
fn book(kind: &str, words: &str, text: &str) -> String {
    format!("```{kind} {words}\n{text}```\n")
}

/// The settings a `.pgn`/`.fen` file needs to be paginated like a book (books default to the
/// `sv-a4` profile).
fn like_a_book(s: Settings) -> Settings {
    Settings {
        profile: Some("sv-a4".into()),
        ..s
    }
}

/// Settings worth comparing: every notation, move form and layout, two line lengths.
fn variants() -> Vec<Settings> {
    let mut v = Vec::new();
    for notation in [Notation::Ordinary, Notation::Compact] {
        for moves in [Moves::Short, Moves::Long] {
            for layout in [Layout::Running, Layout::List] {
                for line_length in [28, 40] {
                    v.push(Settings {
                        notation: Some(notation),
                        moves: Some(moves),
                        layout: Some(layout),
                        line_length: Some(line_length),
                        ..Settings::default()
                    });
                }
            }
        }
    }
    v
}

#[test]
fn a_game_is_the_same_as_a_file_and_as_a_block() {
    for s in variants() {
        let (file, _) = build("g.pgn", InputKind::Pgn, GAMES, &like_a_book(s.clone()));
        let (block, _) = build("b.md", InputKind::Markdown, &book("pgn", "", GAMES), &s);
        assert!(file.contains('\u{c}'), "the games fill several pages");
        assert_eq!(file, block, "{s:?}");
    }
}

#[test]
fn a_position_is_the_same_as_a_file_line_and_as_a_block() {
    for diagram in [DiagramForm::Pieces, DiagramForm::Rows, DiagramForm::Board] {
        for notation in [Notation::Ordinary, Notation::Compact] {
            let s = Settings {
                diagram: Some(diagram),
                notation: Some(notation),
                to_move: Some(true),
                ..Settings::default()
            };
            let (file, _) = build("p.fen", InputKind::Fen, POSITIONS, &like_a_book(s.clone()));
            let (block, _) = build("b.md", InputKind::Markdown, &book("fen", "", POSITIONS), &s);
            assert!(file.contains('⠧'), "{diagram:?}: something was drawn");
            assert_eq!(file, block, "{s:?}");
        }
    }
}

/// A game that starts from a position, with its players.
const FROM_POSITION: &str = "[White \"Anna\"]\n[Black \"Bo\"]\n[SetUp \"1\"]\n\
    [FEN \"r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R w KQkq - 0 12\"]\n\n12. O-O O-O-O 13. Qd7+ Rxd7 0-1\n";

#[test]
fn a_start_diagram_is_the_same_as_a_file_and_as_a_block() {
    for (diagram, line_length) in [
        (DiagramForm::Pieces, 28),
        (DiagramForm::Rows, 28),
        (DiagramForm::Board, 28),
        // Too narrow for a board: the piece list, with one warning, in both.
        (DiagramForm::Board, 20),
    ] {
        let s = Settings {
            start_diagram: Some(true),
            diagram: Some(diagram),
            line_length: Some(line_length),
            ..Settings::default()
        };
        let (file, fw) = build(
            "g.pgn",
            InputKind::Pgn,
            FROM_POSITION,
            &like_a_book(s.clone()),
        );
        let (block, bw) = build(
            "b.md",
            InputKind::Markdown,
            &book("pgn", "", FROM_POSITION),
            &s,
        );
        assert_eq!(file, block, "{s:?}");
        assert_eq!(fw.len(), bw.len(), "{fw:?} {bw:?}");
        let narrow = line_length < 23;
        assert_eq!(
            fw.iter()
                .any(|w| w.contains("a board diagram needs 23 cells")),
            narrow,
            "{fw:?}"
        );
        // The piece list starts with `Vit:`; the board with the file letters.
        let vit = schackpunkt::text_to_unicode("Vit:");
        assert_eq!(
            file.contains(&vit),
            diagram == DiagramForm::Pieces || narrow,
            "{file}"
        );
    }
}

#[test]
fn boards_too_wide_warn_once_a_file_or_block_and_become_piece_lists() {
    let s = Settings {
        diagram: Some(DiagramForm::Board),
        line_length: Some(20),
        ..Settings::default()
    };
    let (file, fw) = build("p.fen", InputKind::Fen, POSITIONS, &s);
    assert_eq!(fw.len(), 1 + 1, "{fw:?}"); // the narrow board, and the study without a king
    assert!(
        fw[0].starts_with("p.fen:4:1: warning: a board diagram needs 23 cells"),
        "{fw:?}"
    );
    let vit = schackpunkt::text_to_unicode("Vit:");
    assert_eq!(file.matches(&vit).count(), 4);
    let md = format!("Text.\n\n{}", book("fen", "board", POSITIONS));
    let (_, bw) = build(
        "b.md",
        InputKind::Markdown,
        &md,
        &Settings {
            line_length: Some(20),
            ..Settings::default()
        },
    );
    let wide: Vec<_> = bw.iter().filter(|w| w.contains("23 cells")).collect();
    assert_eq!(wide.len(), 1, "{bw:?}");
    assert!(wide[0].starts_with("b.md:3:1: warning"), "{wide:?}");
}

#[test]
fn any_tag_value_is_safe() {
    // A date whose fifth byte is inside a character once panicked (issue 9).
    for date in ["1éé", "é", "2024.é.01", "199é", "????.??.??", ""] {
        let pgn = format!("[White \"A\"]\n[Black \"B\"]\n[Date \"{date}\"]\n\n1. e4 e5 *\n");
        let (out, _) = build("d.pgn", InputKind::Pgn, &pgn, &Settings::default());
        assert!(
            out.starts_with(&schackpunkt::text_to_unicode("A – B")),
            "{out}"
        );
    }
    let pgn = "[White \"A\"]\n[Black \"B\"]\n[Event \"Cup\"]\n[Date \"1999.01.01\"]\n\n1. e4 *\n";
    let (out, _) = build("d.pgn", InputKind::Pgn, pgn, &Settings::default());
    assert!(
        out.contains(&schackpunkt::text_to_unicode("Cup, 1999-01-01")),
        "{out}"
    );
}

#[test]
fn a_comment_warning_points_into_the_comment() {
    let pgn = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 {Bra ☃ drag} e5 *\n";
    let (_, w) = build("c.pgn", InputKind::Pgn, pgn, &Settings::default());
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].starts_with("c.pgn:4:12: warning: game 1: no braille rule for the character '☃'"),
        "{w:?}"
    );
    // The same game in a block inside a list: the column counts the list's indent, and the
    // book's own line is shown.
    let md = format!(
        "- Ett parti:\n\n  ```pgn\n{}  ```\n",
        pgn.lines().map(|l| format!("  {l}\n")).collect::<String>()
    );
    let (_, w) = build("c.md", InputKind::Markdown, &md, &Settings::default());
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(w[0].starts_with("c.md:7:14: warning"), "{w:?}");
    assert!(w[0].contains("7 |   1. e4 {Bra ☃ drag} e5 *"), "{w:?}");
}

#[test]
fn compact_notation_counts_its_left_out_signs_in_the_summary_not_as_a_warning() {
    // Compact notation has no comment signs: leaving them out is what it does, so it is
    // counted in the closing line, and `--deny-warnings` still builds a lichess file.
    let pgn = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 *\n\n[White \"C\"]\n[Black \"D\"]\n\n1. e4! e5?? 2. Nf3 $14 *\n";
    let s = Settings {
        notation: Some(Notation::Compact),
        ..Settings::default()
    };
    let (_, w) = build("n.pgn", InputKind::Pgn, pgn, &s);
    assert!(w.is_empty(), "{w:?}");
    let dir = Sandbox::new();
    dir.write("n.pgn", pgn);
    let ran = dir.run(&["build", "n.pgn", "--notation", "compact", "--deny-warnings"]);
    ran.ok();
    assert!(
        ran.stderr.contains(
            "3 annotation glyphs left out (compact notation has no comment signs), no warnings."
        ),
        "{}",
        ran.stderr
    );
    // Ordinary notation writes them: nothing is left out, nothing said.
    let ran = dir.run(&["build", "n.pgn", "-o", "o.brf"]);
    assert!(!ran.ok().stderr.contains("left out"), "{}", ran.stderr);
}

#[test]
fn a_game_heading_is_never_the_last_line_of_a_page_in_a_pgn_file() {
    // Games of 1 to 12 moves, each under a heading of two lines: at some page length every
    // heading would fall at the foot of a page if nothing kept it with its moves.
    let moves = ["Nf3 Nf6", "Ng1 Ng8"];
    let mut pgn = String::new();
    for g in 1..=12 {
        pgn.push_str(&format!(
            "[White \"Vit{g}\"]\n[Black \"Svart\"]\n[Event \"Cup\"]\n[Result \"*\"]\n\n"
        ));
        for m in 1..=g {
            pgn.push_str(&format!("{m}. {} ", moves[(m + 1) % 2]));
        }
        pgn.push_str("*\n\n");
    }
    let players: Vec<String> = (1..=12)
        .map(|g| schackpunkt::text_to_unicode(&format!("Vit{g} – Svart")))
        .collect();
    let event = schackpunkt::text_to_unicode("Cup");
    let mut checked = 0;
    for page_length in 6..=14 {
        let s = Settings {
            page_length: Some(page_length),
            ..Settings::default()
        };
        let (out, _) = build("h.pgn", InputKind::Pgn, &pgn, &s);
        for page in out.split('\u{c}') {
            let last = page.lines().rev().find(|l| !l.is_empty()).unwrap_or("");
            assert!(
                !players.iter().any(|p| p == last) && last != event,
                "page length {page_length}: a heading ends a page:\n{page}"
            );
            checked += 1;
        }
    }
    assert!(checked > 50, "{checked} pages");
}

#[test]
fn lengths_set_through_the_api_are_checked_as_on_the_command_line() {
    // `Settings` built in code pass no parser: `usize::MAX` once overflowed a capacity, and 5
    // gave lines longer than 5 cells.
    for length in [0, 5, 11, 1001, usize::MAX] {
        let settings = Settings {
            line_length: Some(length),
            ..Settings::default()
        };
        let result = schackpunkt::transcribe_bytes(
            "a.pgn",
            InputKind::Pgn,
            b"1. e4 e5 *\n".to_vec(),
            &settings,
            None,
            &mut Vec::new(),
            &mut |_| {},
        );
        match result {
            Err(schackpunkt::Error::Usage(m)) => {
                assert!(m.contains("line-length") && m.contains("12 to 1000"), "{m}")
            }
            other => panic!("{length}: {other:?}"),
        }
    }
}

/// A move number never ends a line (rules.md §4), also when its move and the comment signs
/// after it are longer than a line: the group breaks between the signs, never between the
/// number and its move.
#[test]
fn a_move_number_never_ends_a_line_even_before_a_group_longer_than_a_line() {
    let pgn = "1. e4 e5 2. Nf3 $132 $44 $16 $142 $32 Nc6 3. Bb5 $36 $132 $44 $140 a6 \
               4. Ba4 $40 $132 $36 $44 $16 Nf6 5. O-O $14 $132 $44 $146 Be7 *\n";
    let number = |w: &str| {
        let w: Vec<char> = w.chars().collect();
        w.len() >= 3
            && w[0] == '⠼'
            && w[w.len() - 1] == '⠄'
            && w[1..w.len() - 1].iter().all(|c| "⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚".contains(*c))
    };
    for width in 12..=32 {
        let settings = Settings {
            line_length: Some(width),
            page_length: Some(0),
            ..Settings::default()
        };
        let (out, _) = build("g.pgn", InputKind::Pgn, pgn, &settings);
        for line in out.lines() {
            assert!(line.chars().count() <= width, "{width}: {line}");
            let last = line.split('⠀').rfind(|w| !w.is_empty()).unwrap_or("");
            assert!(
                !number(last),
                "width {width}: a number ends '{line}'\n{out}"
            );
        }
    }
}

/// An old database's draw, `1/2` (issue 31), is the draw `1/2-1/2`, in the movetext and in
/// the Result tag: the same braille, no warning; `1/3` is still no result.
#[test]
fn the_old_draw_one_half_is_a_draw() {
    let game = |result_tag: &str, result: &str| {
        format!(
            "[White \"A\"]\n[Black \"B\"]\n[Result \"{result_tag}\"]\n\n1. e4 e5 2. Nf3 Nc6 \
             {result}\n"
        )
    };
    for notation in [Notation::Compact, Notation::Ordinary] {
        let settings = Settings {
            notation: Some(notation),
            ..Settings::default()
        };
        let (draw, warned) = build(
            "d.pgn",
            InputKind::Pgn,
            &game("1/2-1/2", "1/2-1/2"),
            &settings,
        );
        assert!(warned.is_empty(), "{warned:?}");
        for (tag, result) in [("1/2", "1/2"), ("1/2-1/2", "1/2"), ("1/2", "1/2-1/2")] {
            let (old, warned) = build("h.pgn", InputKind::Pgn, &game(tag, result), &settings);
            assert_eq!(old, draw, "{notation:?}: [Result \"{tag}\"] … {result}");
            assert!(
                warned.is_empty(),
                "{notation:?}: {tag} {result}: {warned:?}"
            );
        }
    }
    let mut out = Vec::new();
    let e = transcribe_bytes(
        "t.pgn",
        InputKind::Pgn,
        game("*", "1/3").into_bytes(),
        &Settings::default(),
        None,
        &mut out,
        &mut |_| {},
    )
    .err()
    .map(|e| e.to_string())
    .unwrap_or_default();
    assert!(e.contains("cannot read '1/3'"), "{e}");
}

/// Evaluation signs with any dash (issue 31): `+−` with the minus sign, `–+` with an en dash,
/// `+—` with an em dash, as exports and typeset books write them, are the signs `+-` and `-+`
/// are, in the movetext and in a comment's prose.
#[test]
fn evaluation_signs_with_any_dash_are_the_signs() {
    let game = |white: &str, black: &str| {
        format!(
            "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 {white} 2... Nc6 {black} \
             {{Vit står till {white} här.}} 3. Bb5 *\n"
        )
    };
    let settings = Settings::default();
    let (ascii, warned) = build("a.pgn", InputKind::Pgn, &game("+-", "-+"), &settings);
    assert!(warned.is_empty(), "{warned:?}");
    assert!(ascii.contains("⠲⠤") && ascii.contains("⠤⠲"), "{ascii}");
    for (white, black) in [("+\u{2212}", "\u{2212}+"), ("+–", "–+"), ("+—", "—+")] {
        let (other, warned) = build("o.pgn", InputKind::Pgn, &game(white, black), &settings);
        assert_eq!(other, ascii, "{white} {black}");
        assert!(warned.is_empty(), "{white} {black}: {warned:?}");
    }
}

/// An empty variation of a move number alone (issue 31: `( 2...)`, as exports leave them) is
/// said and left out: the game is written as if it were not there.
#[test]
fn an_empty_variation_is_left_out_with_a_warning() {
    let game = |variation: &str| {
        format!("[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 {variation} 2... Nc6 3. Bb5 *\n")
    };
    for notation in [Notation::Compact, Notation::Ordinary] {
        let settings = Settings {
            notation: Some(notation),
            ..Settings::default()
        };
        let (plain, warned) = build("p.pgn", InputKind::Pgn, &game(""), &settings);
        assert!(warned.is_empty(), "{warned:?}");
        for variation in ["( 2...)", "(2...)", "( 2. )"] {
            let (left, warned) = build("e.pgn", InputKind::Pgn, &game(variation), &settings);
            assert_eq!(left, plain, "{notation:?}: {variation}");
            assert_eq!(warned.len(), 1, "{notation:?}: {variation}: {warned:?}");
            assert!(
                warned[0].contains("an empty variation (a move number alone), left out"),
                "{warned:?}"
            );
        }
        for variation in ["()", "( )"] {
            let (left, warned) = build("e.pgn", InputKind::Pgn, &game(variation), &settings);
            assert_eq!(left, plain, "{notation:?}: {variation}");
            assert_eq!(warned.len(), 1, "{notation:?}: {variation}: {warned:?}");
            assert!(
                warned[0].contains("warning: an empty variation, left out"),
                "{warned:?}"
            );
        }
    }
}

/// The draw offer `(=)` right after a move (issue 31, point 4; FIDE's notation rules C.12,
/// the example game of the Norwegian seed) is the book's sign ⠦⠶⠴ right after the move, not
/// an empty variation; compact notation has no signs and counts it with the others. `read`
/// gives it back as `(=)`. A source's `$0`, PGN's null annotation, means nothing: left out
/// with a warning (inside the program its number is the draw offer's).
#[test]
fn the_draw_offer_is_a_sign_of_its_move() {
    let game = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 (=) Nc6 3. Bb5!(=) a6 4. Ba4 \
                ( = ) *\n";
    let settings = Settings {
        notation: Some(Notation::Ordinary),
        page_length: Some(0),
        ..Settings::default()
    };
    let (text, warned) = build("d.pgn", InputKind::Pgn, game, &settings);
    assert!(warned.is_empty(), "{warned:?}");
    assert_eq!(
        text.lines().skip(1).collect::<Vec<_>>(),
        [
            "⠼⠁⠄⠀⠑⠼⠙⠀⠑⠼⠑⠀⠼⠃⠄⠀⠠⠎⠋⠼⠉⠦⠶⠴",
            "⠠⠎⠉⠼⠋⠀⠼⠉⠄⠀⠠⠇⠃⠼⠑⠖⠦⠶⠴⠀⠁⠼⠋",
            "⠼⠙⠄⠀⠠⠇⠁⠼⠙⠦⠶⠴"
        ]
    );
    let games = schackpunkt::read_braille(
        "d.txt",
        text.as_bytes(),
        schackpunkt::BrfTable::Nabcc,
        Notation::Ordinary,
        false,
    )
    .expect("reads back");
    let pgn = schackpunkt::to_pgn(&games);
    assert!(
        pgn.contains("2. Nf3 (=) Nc6 3. Bb5 $1 (=) a6 4. Ba4 (=) *"),
        "{pgn}"
    );
    let compact = Settings {
        notation: Some(Notation::Compact),
        ..settings.clone()
    };
    let (_, warned) = build("d.pgn", InputKind::Pgn, game, &compact);
    assert!(warned.is_empty(), "{warned:?}");
    let (_, warned) = build("z.pgn", InputKind::Pgn, "1. e4 $0 e5 *\n", &settings);
    assert_eq!(warned.len(), 1, "{warned:?}");
    assert!(
        warned[0]
            .contains("z.pgn:1:7: warning: the null annotation $0 means nothing; it is left out"),
        "{warned:?}"
    );
}

/// Compact notation's closing period (issue 31, point 5): after the last main-line move, and
/// when variations follow it, after the bracket that closes them onto a move; not after a
/// comment's word. The games read back.
#[test]
fn a_compact_game_ends_with_its_period_after_the_variations_of_its_last_move() {
    let games = "1. e4 e5 2. Nf3 (2. f4 exf4) *\n\n1. e4 e5 2. Nf3 (2. f4 exf4 (2... d5)) *\n\n\
                 1. e4 e5 2. Nf3 (2. f4 {bra}) *\n";
    let settings = Settings {
        notation: Some(Notation::Compact),
        page_length: Some(0),
        ..Settings::default()
    };
    let (text, warned) = build("c.pgn", InputKind::Pgn, games, &settings);
    assert!(warned.is_empty(), "{warned:?}");
    assert_eq!(
        text.lines().collect::<Vec<_>>(),
        [
            "⠂⠀⠑⠲⠀⠑⠢⠀⠆⠀⠎⠋⠒⠀⠷⠆⠀⠋⠲⠀⠑⠭⠋⠲⠾⠄",
            "",
            "⠂⠀⠑⠲⠀⠑⠢⠀⠆⠀⠎⠋⠒⠀⠷⠆⠀⠋⠲⠀⠑⠭⠋⠲",
            "⠷⠆⠀⠤⠤⠀⠙⠢⠾⠾⠄",
            "",
            "⠂⠀⠑⠲⠀⠑⠢⠀⠆⠀⠎⠋⠒⠀⠷⠆⠀⠋⠲⠀⠃⠗⠁⠾",
        ]
    );
    let read = schackpunkt::read_braille(
        "c.txt",
        text.as_bytes(),
        schackpunkt::BrfTable::Nabcc,
        Notation::Compact,
        false,
    )
    .expect("reads back");
    let pgn = schackpunkt::to_pgn(&read);
    for game in [
        "1. e4 e5 2. Nf3 (2. f4 exf4) *",
        "1. e4 e5 2. Nf3 (2. f4 exf4 (2... d5)) *",
        "1. e4 e5 2. Nf3 (2. f4 {bra}) *",
    ] {
        assert!(pgn.contains(game), "{game}: {pgn}");
    }
}

/// A variant with rules of its own (issue 31, point 2: lichess's Atomic and Crazyhouse) is
/// refused at its `[Variant]` tag, by name, with nothing written; with `--keep-going` it is
/// skipped and named, and the games of standard chess (by any of its names) and Chess960 are
/// written.
#[test]
fn a_variant_with_rules_of_its_own_is_refused_at_its_tag() {
    let dir = Sandbox::new();
    dir.write(
        "v.pgn",
        "[White \"A\"]\n[Black \"B\"]\n[Variant \"Atomic\"]\n\n1. e4 e5 *\n\n\
         [Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Bf5 5. Bd2 B@b4 *\n\n\
         [Variant \"From Position\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 *\n\n\
         [Variant \"Standard\"]\n\n1. d4 *\n\n[Variant \"Chess960\"]\n\
         [FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. g3 *\n",
    );
    let ran = dir.run(&["build", "v.pgn", "-o", "v.brf"]);
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    assert!(
        ran.stderr.contains(
            "v.pgn:3:11: error: game 1 (A – B) is a game of Atomic, a variant with rules of its \
             own: only standard chess and Chess960 are transcribed"
        ),
        "{}",
        ran.stderr
    );
    assert!(!dir.path().join("v.brf").exists());
    let ran = dir.run(&["build", "v.pgn", "-o", "v.brf", "--keep-going"]);
    assert!(
        ran.stderr
            .contains("v.pgn:7:11: error: game 2 is a game of Crazyhouse")
            && ran
                .stderr
                .contains("3 games, no diagrams, 2 games skipped: v.pgn:3, v.pgn:7"),
        "{}",
        ran.stderr
    );
}

/// Loose forms that exports write (issue 31, point 3), each read with the meaning it has: a
/// tag wrapped over lines and one with quotes not escaped (read, with a warning at the tag),
/// evaluation signs glued to their moves (the NAGs they stand for, as if set apart), and
/// coordinate moves (`g1f3`, UCI: the piece on the first square). A promotion with no piece
/// (`bxa8=`) is still no move.
#[test]
fn loose_forms_of_exports_are_read_with_their_meaning() {
    let settings = Settings {
        notation: Some(Notation::Ordinary),
        page_length: Some(0),
        ..Settings::default()
    };
    let tags = "[Event \"Some long\n event\"]\n[White \"\"Socrates Expert\"\"]\n[Black \"B\"]\n\n1. e4 *\n";
    let (text, warned) = build("t.pgn", InputKind::Pgn, tags, &settings);
    let (clean, none) = build(
        "c.pgn",
        InputKind::Pgn,
        "[Event \"Some long event\"]\n[White \"\\\"Socrates Expert\\\"\"]\n[Black \"B\"]\n\n1. e4 *\n",
        &settings,
    );
    assert!(none.is_empty(), "{none:?}");
    assert_eq!(text, clean);
    assert_eq!(warned.len(), 2, "{warned:?}");
    assert!(
        warned[0].contains("t.pgn:1:9: warning: the tag Event is wrapped over lines")
            && warned[1].contains("t.pgn:3:9: warning: the value of the tag White holds quotes"),
        "{warned:?}"
    );
    let (glued, warned) = build(
        "g.pgn",
        InputKind::Pgn,
        "1. e4 e5 2. Nf3 Bc5= 3. Bc4 Nf6-+ 4. d3 Nc6+- 5. O-O!? d6+/= *\n",
        &settings,
    );
    let (apart, _) = build(
        "a.pgn",
        InputKind::Pgn,
        "1. e4 e5 2. Nf3 Bc5 = 3. Bc4 Nf6 -+ 4. d3 Nc6 +- 5. O-O!? d6 +/= *\n",
        &settings,
    );
    assert!(warned.is_empty(), "{warned:?}");
    assert_eq!(glued, apart);
    assert!(glued.contains("⠠⠇⠉⠼⠑⠀⠶"), "{glued}");
    let (coordinates, warned) = build(
        "u.pgn",
        InputKind::Pgn,
        "1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. e1g1 f8c5 5. f3e5 c6e5 6. d2d4 *\n",
        &settings,
    );
    let (san, _) = build(
        "s.pgn",
        InputKind::Pgn,
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O Bc5 5. Nxe5 Nxe5 6. d4 *\n",
        &settings,
    );
    assert!(warned.is_empty(), "{warned:?}");
    assert_eq!(coordinates, san);
    let e = transcribe_bytes(
        "p.pgn",
        InputKind::Pgn,
        b"1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nbd7 5. bxa8= *\n".to_vec(),
        &settings,
        None,
        &mut Vec::new(),
        &mut |_| {},
    )
    .err()
    .map(|e| e.to_string())
    .unwrap_or_default();
    assert!(
        e.contains("p.pgn:1:49: error: cannot read 'bxa8=' as a move"),
        "{e}"
    );
}

/// At 20 cells a line (issue 31, point 16) a game heading's wrapped words, and a word cut
/// because it is longer than the line, go on two cells in, never one.
#[test]
fn a_game_headings_wrapped_words_go_on_two_cells_in_at_twenty_cells() {
    let settings = Settings {
        line_length: Some(20),
        page_length: Some(0),
        ..Settings::default()
    };
    let game = "[White \"Kasparov, Garry Kimovich\"]\n[Black \"Karpov, Anatolij\"]\n\
                [Event \"Schackolympiaden-Stockholm-Sverige-1937\"]\n\
                [Site \"https://lichess.org/abcdefghijklmnop\"]\n\
                [Annotator \"Världsmästerskapsmatchernas Kommentator\"]\n\n1. e4 *\n";
    let (text, warned) = build("h.pgn", InputKind::Pgn, game, &settings);
    assert!(warned.is_empty(), "{warned:?}");
    let lines: Vec<&str> = text.lines().collect();
    let moves = lines
        .iter()
        .position(|l| l.starts_with("⠼⠁⠄"))
        .expect("the moves");
    let mut wrapped = 0;
    for l in &lines[..moves] {
        let lead = l.chars().take_while(|&c| c == '⠀').count();
        assert!(lead == 0 || lead == 2, "{lead} cells in: {lines:#?}");
        wrapped += usize::from(lead == 2);
    }
    assert!(wrapped >= 5, "{lines:#?}");
}
