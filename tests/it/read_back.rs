//! Reading braille back (`schackpunkt read`, issue 14, first part: compact and ordinary
//! notation): the braille we write reads back to the same moves and variations, a hand-typed
//! scoresheet reads, a wrong cell is a located error.

use std::path::Path;

use std::ops::ControlFlow;

use pgn_reader::{Reader, SanPlus, Skip, Visitor};
use schackpunkt::{
    BrfTable, Format, InputKind, Layout, Moves, Notation, ReadGame, ReadItem, Settings,
    read_braille, to_pgn,
};
use shakmaty::{Chess, Position};

use crate::support::{Sandbox, written};

const GAMES: &str = include_str!("../data/chess_real.pgn");

/// The braille of `pgn` in this form.
fn braille(
    pgn: &str,
    notation: Notation,
    moves: Moves,
    layout: Layout,
    line: usize,
    format: Format,
) -> Vec<u8> {
    let settings = Settings {
        notation: Some(notation),
        moves: Some(moves),
        layout: Some(layout),
        line_length: Some(line),
        format: Some(format),
        ..Settings::default()
    };
    written("t.pgn", InputKind::Pgn, pgn, &settings)
}

/// The moves and variations of every game of a PGN text, as pgn-reader and shakmaty read
/// them: standard SAN with check signs, `(` and `)` around variations.
fn source_moves(pgn: &str) -> Vec<Vec<String>> {
    struct Moves;
    struct Line {
        pos: Chess,
        before: Option<Chess>,
        stack: Vec<(Chess, Option<Chess>)>,
        out: Vec<String>,
    }
    impl Visitor for Moves {
        type Tags = ();
        type Movetext = Line;
        type Output = Vec<String>;
        fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
            ControlFlow::Continue(())
        }
        fn begin_movetext(&mut self, _: ()) -> ControlFlow<Self::Output, Line> {
            ControlFlow::Continue(Line {
                pos: Chess::default(),
                before: None,
                stack: Vec::new(),
                out: Vec::new(),
            })
        }
        fn san(&mut self, l: &mut Line, san: SanPlus) -> ControlFlow<Self::Output> {
            let m = san
                .san
                .to_move(&l.pos)
                .expect("a legal move in the test data");
            l.out.push(SanPlus::from_move(l.pos.clone(), m).to_string());
            l.before = Some(l.pos.clone());
            l.pos.play_unchecked(m);
            ControlFlow::Continue(())
        }
        fn begin_variation(&mut self, l: &mut Line) -> ControlFlow<Self::Output, Skip> {
            let before = l.before.clone().expect("a move before the variation");
            let back = std::mem::replace(&mut l.pos, before);
            l.stack.push((back, l.before.take()));
            l.out.push("(".into());
            ControlFlow::Continue(Skip(false))
        }
        fn end_variation(&mut self, l: &mut Line) -> ControlFlow<Self::Output> {
            let (pos, before) = l.stack.pop().expect("an open variation");
            (l.pos, l.before) = (pos, before);
            // (A variation of no move is none: `()`, and `(=)`, the draw offer.)
            match l.out.last().map(String::as_str) {
                Some("(") => l.out.pop(),
                _ => {
                    l.out.push(")".into());
                    None
                }
            };
            ControlFlow::Continue(())
        }
        fn end_game(&mut self, l: Line) -> Self::Output {
            l.out
        }
    }
    let mut reader = Reader::new(pgn.as_bytes());
    let mut games = Vec::new();
    while let Ok(Some(g)) = reader.read_game(&mut Moves) {
        games.push(g);
    }
    games
}

/// The moves and variations of games read back, in the same form.
fn read_moves(games: &[ReadGame]) -> Vec<Vec<String>> {
    games
        .iter()
        .map(|g| {
            g.items
                .iter()
                .filter_map(|i| match i {
                    ReadItem::Move { san, .. } => Some(san.clone()),
                    ReadItem::VariationStart => Some("(".into()),
                    ReadItem::VariationEnd => Some(")".into()),
                    ReadItem::Comment(_) | ReadItem::Nag(_) => None,
                })
                .collect()
        })
        .collect()
}

/// Every game of `pgn` written in braille with these settings and read back: the same moves
/// and variations, and written again from the PGN read back, the same moves (braille → PGN →
/// braille). Returns the games read.
fn round_trip(
    pgn: &str,
    notation: Notation,
    moves: Moves,
    layout: Layout,
    line: usize,
    format: Format,
) -> usize {
    let form = format!("{notation:?} {moves:?} {layout:?} {line} {format:?}");
    let written = braille(pgn, notation, moves, layout, line, format);
    let games = read_braille("t.brf", &written, BrfTable::Nabcc, notation, false)
        .unwrap_or_else(|e| panic!("{form}: {e}"));
    let expected = source_moves(pgn);
    let read = read_moves(&games);
    assert_eq!(read.len(), expected.len(), "{form}");
    for (k, (r, e)) in read.iter().zip(&expected).enumerate() {
        assert!(r == e, "{form}: game {}: {r:?}\n{e:?}", k + 1);
    }
    let again = read_braille(
        "t.brf",
        &braille(&to_pgn(&games), notation, moves, layout, line, format),
        BrfTable::Nabcc,
        notation,
        false,
    )
    .unwrap_or_else(|e| panic!("{form}, again: {e}"));
    assert_eq!(read_moves(&again), read, "{form}");
    games.len()
}

#[test]
fn our_braille_reads_back_to_the_same_games_in_every_form() {
    for notation in [Notation::Compact, Notation::Ordinary] {
        for moves in [Moves::Short, Moves::Long] {
            for layout in [Layout::Running, Layout::List] {
                for line in [16, 28, 40] {
                    for format in [Format::Brf, Format::Unicode, Format::Pef] {
                        let read = round_trip(GAMES, notation, moves, layout, line, format);
                        assert_eq!(read, 7);
                    }
                }
            }
        }
    }
}

#[test]
fn the_corpus_reads_back() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let Ok(entries) = std::fs::read_dir(&corpus) else {
        eprintln!("SKIPPED: the corpus at {} (not there)", corpus.display());
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        if path.extension().is_none_or(|x| x != "pgn") {
            continue;
        }
        let pgn = std::fs::read_to_string(&path).expect("the corpus is UTF-8");
        let games = pgn.matches("[Event ").count();
        for (notation, moves, layout, line) in [
            (Notation::Compact, Moves::Short, Layout::Running, 28),
            (Notation::Compact, Moves::Long, Layout::List, 20),
            (Notation::Ordinary, Moves::Short, Layout::Running, 28),
        ] {
            let read = round_trip(&pgn, notation, moves, layout, line, Format::Brf);
            assert_eq!(read, games, "{}", path.display());
        }
    }
}

#[test]
fn a_hand_typed_scoresheet_reads_and_a_wrong_cell_is_located() {
    // As a player types it: no heading, blanks doubled, a line broken inside a move pair, no
    // final period, a check sign left out (move 4), long and short moves mixed.
    let sheet = "⠂⠀⠀⠑⠲⠀⠑⠢\n⠆⠀⠇⠋⠂⠤⠉⠲⠀⠀⠎⠉⠖⠀⠒\n⠹⠓⠢⠀⠎⠋⠖⠀⠲⠀⠹⠭⠋⠶\n";
    let games = read_braille(
        "blad.txt",
        sheet.as_bytes(),
        BrfTable::Nabcc,
        Notation::Compact,
        false,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(games.len(), 1);
    let sans: Vec<&str> = games[0]
        .items
        .iter()
        .filter_map(|i| match i {
            ReadItem::Move { san, .. } => Some(san.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(sans, ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]);
    // A wrong cell: the knight to c5 (⠎⠉⠢), which no knight can reach.
    let wrong = sheet.replace("⠎⠉⠖", "⠎⠉⠢");
    let e = read_braille(
        "blad.txt",
        wrong.as_bytes(),
        BrfTable::Nabcc,
        Notation::Compact,
        false,
    )
    .err()
    .map(|e| e.to_string())
    .unwrap_or_default();
    assert!(
        e.starts_with("blad.txt:2:11: error: no legal move is written so: ⠎⠉⠢ (braille page 1); the moves before it: e4 e5 Bc4"),
        "{e}"
    );
    // The command: PGN out, nothing written when the braille is wrong.
    let dir = Sandbox::new();
    dir.write("blad.txt", sheet);
    let ran = dir.run(&["read", "blad.txt", "-o", "blad.pgn"]);
    ran.ok();
    let pgn = String::from_utf8(dir.read("blad.pgn")).expect("UTF-8");
    assert!(
        pgn.contains("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# *"),
        "{pgn}"
    );
    dir.write("fel.txt", &wrong);
    let ran = dir.run(&["read", "fel.txt", "-o", "fel.pgn"]);
    assert_eq!(ran.code, Some(1));
    assert!(!dir.names().contains(&"fel.pgn".to_string()));
    // With --keep-going: the good game written, the bad one named, exit code 4.
    dir.write("två.txt", format!("{sheet}\n{wrong}"));
    let ran = dir.run(&["read", "två.txt", "--keep-going", "-o", "två.pgn"]);
    assert_eq!(ran.code, Some(4), "{}", ran.stderr);
    assert!(
        ran.stderr.starts_with("två.txt:6:11: error: no legal move"),
        "{}",
        ran.stderr
    );
    assert!(
        ran.stderr
            .contains("read 1 game (7 moves) back from braille, 1 left out"),
        "{}",
        ran.stderr
    );
    let pgn = String::from_utf8(dir.read("två.pgn")).expect("UTF-8");
    assert_eq!(pgn.matches("[Event ").count(), 1);
}

/// Braille of any cells, blanks, line ends and page ends: read back without a panic, and an
/// error, when there is one, names the file and a line and cell of it.
#[test]
fn any_braille_reads_or_fails_at_a_place() {
    // The cells moves are made of, and some others, so that moves, numbers, variations and
    // comments come up often.
    let pool: Vec<char> = "⠂⠆⠒⠲⠢⠖⠶⠦⠔⠴⠁⠃⠉⠙⠑⠋⠛⠓⠅⠹⠞⠇⠎⠭⠤⠡⠍⠷⠾⠄⠼⠠⠏⠀⠀⠀\n\n\x0c"
        .chars()
        .collect();
    let mut seed: u64 = 0x5eed;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % n
    };
    let opening = GAMES_OPENING;
    for case in 0..3000 {
        let mut text: String = if case % 2 == 0 {
            opening.to_string()
        } else {
            String::new()
        };
        for _ in 0..next(200) {
            text.push(pool[next(pool.len())]);
        }
        let notation = match case % 3 {
            0 => Notation::Ordinary,
            _ => Notation::Compact,
        };
        if let Err(e) = read_braille("x.txt", text.as_bytes(), BrfTable::Nabcc, notation, false) {
            let shown = e.to_string();
            let lines = text.lines().count().max(1) + 1;
            let line: usize = shown
                .strip_prefix("x.txt:")
                .and_then(|s| s.split(':').next())
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            assert!(line >= 1 && line <= lines, "{shown}\nfor {text:?}");
        }
    }
}

/// A game's opening in compact braille, for the generated cases to go on from.
const GAMES_OPENING: &str = "⠂⠀⠑⠲⠀⠑⠢⠀⠆⠀⠎⠋⠒⠀";

/// Positions along the main lines of the games of `pgn`, every `every` plies, as `board side`
/// (what a diagram shows).
fn positions_along(pgn: &str, every: usize) -> Vec<String> {
    struct Plies(usize);
    impl Visitor for Plies {
        type Tags = ();
        type Movetext = (Chess, usize, Vec<String>, usize);
        type Output = Vec<String>;
        fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
            ControlFlow::Continue(())
        }
        fn begin_movetext(&mut self, _: ()) -> ControlFlow<Self::Output, Self::Movetext> {
            ControlFlow::Continue((Chess::default(), 0, Vec::new(), self.0))
        }
        fn san(&mut self, m: &mut Self::Movetext, san: SanPlus) -> ControlFlow<Self::Output> {
            let mv = san.san.to_move(&m.0).expect("legal");
            m.0.play_unchecked(mv);
            m.1 += 1;
            if m.1 % m.3 == 0 {
                let side = if m.0.turn() == shakmaty::Color::White {
                    "w"
                } else {
                    "b"
                };
                m.2.push(format!("{} {side}", m.0.board()));
            }
            ControlFlow::Continue(())
        }
        fn end_game(&mut self, m: Self::Movetext) -> Self::Output {
            m.2
        }
    }
    let mut out = Vec::new();
    let mut reader = Reader::new(pgn.as_bytes());
    while let Ok(Some(p)) = reader.read_game(&mut Plies(every)) {
        out.extend(p);
    }
    out
}

/// Positions along the test games (every seventh ply), those of the test FEN list, and
/// positions along every corpus game (every 40th ply) when the corpus is there.
fn positions() -> Vec<String> {
    let mut out = positions_along(GAMES, 7);
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    match std::fs::read_dir(&corpus) {
        Ok(entries) => {
            for e in entries.flatten() {
                if e.path().extension().is_some_and(|x| x == "pgn")
                    && let Ok(pgn) = std::fs::read_to_string(e.path())
                {
                    out.extend(positions_along(&pgn, 40));
                }
            }
        }
        Err(_) => eprintln!("SKIPPED: corpus positions ({} not there)", corpus.display()),
    }
    for line in include_str!("../data/diagrams.fen").lines() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() >= 2 && !line.trim_start().starts_with('#') {
            out.push(format!("{} {}", fields[0], fields[1]));
        }
    }
    out
}

#[test]
fn every_diagram_form_reads_back_to_its_position() {
    use schackpunkt::DiagramForm;
    let positions = positions();
    assert!(positions.len() > 100, "{}", positions.len());
    let fens: String = positions.iter().map(|p| format!("{p} - - 0 1\n")).collect();
    for form in [DiagramForm::Pieces, DiagramForm::Rows, DiagramForm::Board] {
        for notation in [Notation::Ordinary, Notation::Compact] {
            for to_move in [true, false] {
                let settings = Settings {
                    diagram: Some(form),
                    notation: Some(notation),
                    to_move: Some(to_move),
                    format: Some(Format::Brf),
                    ..Settings::default()
                };
                let out = written("p.fen", InputKind::Fen, fens.clone(), &settings);
                let read = read_braille("p.brf", &out, BrfTable::Nabcc, notation, false)
                    .unwrap_or_else(|e| panic!("{form:?} {notation:?}: {e}"));
                let got: Vec<String> = read
                    .iter()
                    .map(|g| {
                        let fen = g.start.clone().unwrap_or_default();
                        let mut f = fen.split(' ');
                        let board = f.next().unwrap_or("").to_string();
                        // Without `Vit drar.` the side is not drawn: White is assumed.
                        match to_move {
                            true => format!("{board} {}", f.next().unwrap_or("")),
                            false => board,
                        }
                    })
                    .collect();
                let want: Vec<String> = positions
                    .iter()
                    .map(|p| match to_move {
                        true => p.clone(),
                        false => p.split(' ').next().unwrap_or("").to_string(),
                    })
                    .collect();
                assert_eq!(got, want, "{form:?} {notation:?} to_move {to_move}");
            }
        }
    }
}

/// `build --verify` passes on the corpus: every game reads back from the braille written to
/// its moves (the sample books are checked by default in tests/it/samples.rs).
#[test]
fn the_corpus_builds_with_verify() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let Ok(entries) = std::fs::read_dir(&corpus) else {
        eprintln!("SKIPPED: the corpus at {} (not there)", corpus.display());
        return;
    };
    let dir = Sandbox::new();
    for e in entries.flatten() {
        let path = e.path();
        if path.extension().is_none_or(|x| x != "pgn") {
            continue;
        }
        let input = path.display().to_string();
        for notation in ["ordinary", "compact"] {
            let ran = dir.run(&[
                "build",
                &input,
                "--verify",
                "--notation",
                notation,
                "-o",
                "ut.brf",
                "-q",
            ]);
            assert_eq!(ran.code, Some(0), "{input} {notation}: {}", ran.stderr);
        }
    }
}

/// Ordinary notation typed without capital signs and without the number signs of the moves
/// (a typist's shortcut): `sfc` reads as `Sf3`, `ed` as `e4`, when that is the one legal move.
#[test]
fn ordinary_moves_typed_without_capital_or_number_signs_read() {
    let typed = "⠼⠁⠄⠀⠑⠙⠀⠑⠑⠀⠼⠃⠄⠀⠎⠋⠉⠀⠎⠉⠋\n⠼⠉⠄⠀⠇⠃⠑⠀⠁⠋\n";
    let games = read_braille(
        "ord.txt",
        typed.as_bytes(),
        BrfTable::Nabcc,
        Notation::Ordinary,
        false,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        read_moves(&games),
        [["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
            .map(String::from)
            .to_vec()]
    );
}

/// What annotated games hold and the reading once took for something else: a comment that
/// begins with a move (illegal where it stands), a comment in brackets, the signs in round
/// brackets after a move (novelty `(n)`, draw offer `(=)`), variations that begin with a
/// comment (of one word and of several, on a White and on a Black move).
const ANNOTATED: &str = "\
1. d4 {e4 är bättre} d5 2. c4 {Sf3 var bättre} e6 3. Nc3 *

1. e4 e5 2. Nf3 {(som vanligt)} Nc6 3. c3 $146 Nf6 4. d4 (=) exd4 *

1. e4 e5 ({Eller} 1... e6 2. d4) 2. Nf3 ({Eller kanske} 2. Bc4 {och sedan} Nf6) 2... Nc6 *
";

#[test]
fn comments_that_begin_with_a_move_and_signs_in_brackets_read_back() {
    for notation in [Notation::Compact, Notation::Ordinary] {
        for layout in [Layout::Running, Layout::List] {
            let read = round_trip(ANNOTATED, notation, Moves::Short, layout, 28, Format::Brf);
            assert_eq!(read, 3);
        }
    }
}

/// A book checks itself by default; a game from a [FEN] position, whose braille does not say
/// where its moves start, is not compared, and the book builds.
#[test]
fn a_book_with_a_game_from_a_position_builds_checking_itself() {
    let dir = Sandbox::new();
    dir.write(
        "bok.md",
        "# Slutspel\n\n```pgn\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n\
         1. e4 Kd7 2. e5 Ke6 *\n```\n\n```pgn\n1. e4 e5 2. Nf3 *\n```\n",
    );
    let out = dir
        .command(&["build", "bok.md", "--format", "unicode", "-o", "bok.txt"])
        .run();
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let text = String::from_utf8(dir.read("bok.txt")).expect("Unicode braille");
    assert!(text.contains("⠠⠅⠙⠼⠛"), "{text}");
}

/// Null moves (`--`) read back as null moves in both notations, White's and Black's, after a
/// comment and in a variation; the dashes before a Black move's number stay the White move
/// left out. A build that checks itself passes with them (a book once failed).
#[test]
fn null_moves_read_back() {
    let dir = Sandbox::new();
    dir.write(
        "null.pgn",
        "1. e4 -- 2. d4 e5 *\n\n1. e4 {Pass} -- 2. d4 e5 *\n\n\
         1. e4 e5 2. Nf3 -- 3. d4 {x} -- 4. c4 *\n\n\
         1. e4 e5 2. Nf3 ({x} 2. --) 2... Nc6 3. Bb5 ({y} 3. Bc4 --) *\n",
    );
    for notation in ["ordinary", "compact"] {
        let ran = dir.run(&[
            "build",
            "null.pgn",
            "--verify",
            "--notation",
            notation,
            "-o",
            "null.brf",
        ]);
        assert_eq!(ran.code, Some(0), "{notation}: {}", ran.stderr);
        let read = dir.run(&["read", "null.brf", "--notation", notation, "-o", "-"]);
        let pgn = read.ok().text();
        assert_eq!(pgn.matches("--").count(), 6, "{pgn}");
    }
}

/// A game of no moves (a forfeit) reads back at the shortest line too, where the dash between
/// the next game's players stands alone at the start of a line after a full one, or ends a
/// full line: it was read as a piece of a cut word, the two headings ran together, and the
/// build failed its check.
#[test]
fn a_forfeit_before_a_heading_whose_dash_starts_a_line_reads_back() {
    let dir = Sandbox::new();
    dir.write(
        "forfeit.pgn",
        "[White \"Nasser,Hadi\"]\n[Black \"Haddad,Peter\"]\n[Result \"1-0\"]\n\n1-0\n\n\
         [White \"El Jawich,A\"]\n[Black \"Najjar,A\"]\n[Result \"1/2-1/2\"]\n\n\
         1. e4 c5 2. c3 d5 1/2-1/2\n\n\
         [White \"Nasser,Hadi\"]\n[Black \"Haddad,Peter\"]\n[Result \"0-1\"]\n\n0-1\n\n\
         [White \"El Jawich,A\"]\n[Black \"Najjar,A\"]\n[Result \"1-0\"]\n[WhiteElo \"2307\"]\n\n\
         1. e4 c5 2. c3 d6 1-0\n",
    );
    for notation in ["ordinary", "compact"] {
        let ran = dir.run(&[
            "build",
            "forfeit.pgn",
            "--verify",
            "--line-length",
            "12",
            "--notation",
            notation,
            "--format",
            "unicode",
            "-o",
            "forfeit.txt",
        ]);
        assert_eq!(ran.code, Some(0), "{notation}: {}", ran.stderr);
        // The dash stands alone at a line's start, and ends a full line (what the test is
        // about).
        let text = String::from_utf8(dir.read("forfeit.txt")).expect("Unicode braille");
        assert!(text.contains("\n⠀⠀⠤⠤\n"), "{notation}: {text}");
        assert!(text.contains("⠀⠀⠦⠼⠃⠉⠚⠛⠴⠀⠤⠤\n"), "{notation}: {text}");
        let read = dir.run(&["read", "forfeit.txt", "--notation", notation, "-o", "-"]);
        let pgn = read.ok().text();
        assert!(pgn.contains("[White \"El Jawich,A\"]"), "{notation}: {pgn}");
        assert_eq!(
            pgn.matches("[White \"Nasser,Hadi\"]").count(),
            2,
            "{notation}: {pgn}"
        );
    }
}

/// A word longer than a line in a heading is cut after a `/` or `-` that stands before the
/// line's end, not at it; read back, the word goes on with no blank (a lichess game's Site came
/// back as `https://lichess.org/ ENPo6ReH`).
#[test]
fn a_heading_word_cut_after_a_slash_or_hyphen_reads_back_whole() {
    let dir = Sandbox::new();
    let site = "https://lichess.org/ENPo6ReH";
    let white = "Vanderbiltshausen-Oppenheimer, Maximilian-Alexander";
    dir.write(
        "l.pgn",
        format!(
            "[Event \"Blitz\"]\n[Site \"{site}\"]\n[White \"{white}\"]\n[Black \"B\"]\n\n1. e4 *\n"
        ),
    );
    for notation in ["ordinary", "compact"] {
        let built = dir.run(&[
            "build",
            "l.pgn",
            "--notation",
            notation,
            "-o",
            "l.txt",
            "--format",
            "unicode",
        ]);
        assert_eq!(built.code, Some(0), "{}", built.stderr);
        // The cuts the test is about: lines ending in a slash and a hyphen, not full.
        let text = String::from_utf8(dir.read("l.txt")).expect("Unicode braille");
        let slash = crate::support::braille("/");
        assert!(text.lines().any(|l| l.ends_with(&slash)), "{text}");
        let read = dir.run(&["read", "l.txt", "--notation", notation, "-o", "-"]);
        let pgn = read.ok().text();
        assert!(
            pgn.contains(&format!("[Site \"{site}\"]")),
            "{notation}: {pgn}"
        );
        assert!(
            pgn.contains(&format!("[White \"{white}\"]")),
            "{notation}: {pgn}"
        );
    }
    // A short word ending in such a sign, wrapped at a blank, keeps its blank: the layout cuts
    // only a word longer than the line, after the last sign that fits (`Dr.` then
    // `Hermann-Schachturnier` came back as one word).
    dir.write(
        "dr.md",
        "```pgn\n[Event \"Dr. Hermann-Schachturnier\"]\n[Site \"Baden-Baden\"]\n\
         [White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 1-0\n```\n",
    );
    dir.run(&["build", "dr.md", "--format", "unicode", "-o", "dr.txt"])
        .ok();
    let read = dir.run(&["read", "dr.txt", "--notation", "ordinary", "-o", "-"]);
    let pgn = read.ok().text();
    assert!(
        pgn.contains("[Event \"Dr. Hermann-Schachturnier\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("[Site \"Baden-Baden\"]"), "{pgn}");
}

/// A study (a game from a position with no moves: its heading, then its position drawn) reads
/// back as one game, its heading and its position, before the game after it.
#[test]
fn a_study_of_a_position_without_moves_reads_back_as_one_game() {
    let dir = Sandbox::new();
    dir.write(
        "studie.md",
        "```pgn\n[White \"Réti, Richard\"]\n[Black \"Studie\"]\n\
         [FEN \"7K/8/k1P5/7p/8/8/8/8 w - - 0 1\"]\n\n*\n```\n\n\
         ```pgn\n[White \"Carlsen, Magnus\"]\n[Black \"Caruana, Fabiano\"]\n\n1. e4 e5 *\n```\n",
    );
    for notation in ["ordinary", "compact"] {
        let args = [
            "build",
            "studie.md",
            "--notation",
            notation,
            "--format",
            "unicode",
            "-o",
            "s.txt",
        ];
        dir.run(&args).ok();
        let read = dir.run(&["read", "s.txt", "--notation", notation, "-o", "-"]);
        let pgn = read.ok().text();
        let games: Vec<&str> = pgn.split("[Event ").skip(1).collect();
        assert_eq!(games.len(), 2, "{notation}: {pgn}");
        assert!(games[0].contains("[White \"Réti, Richard\"]"), "{pgn}");
        assert!(
            games[0].contains("[FEN \"7K/8/k1P5/7p/8/8/8/8 w - - 0 1\"]"),
            "{pgn}"
        );
        assert!(games[1].contains("1. e4 e5"), "{pgn}");
    }
}

/// A game from a position with moves, built without its start diagram: its braille does not
/// say where its moves start, so `read` fails at its first move (in both notations, after a
/// heading of players alone or of players and event), instead of passing its moves over as
/// text and writing the game without them; `--keep-going` names it and writes the other game.
/// The build still checks itself (such a game is not compared).
#[test]
fn moves_from_a_position_with_no_diagram_do_not_vanish_on_reading() {
    let dir = Sandbox::new();
    let game = "[White \"Réti, Richard\"]\n[Black \"NN\"]\n[Result \"1/2-1/2\"]\n\
                [FEN \"7K/8/k1P5/7p/8/8/8/8 w - - 0 1\"]\n\n\
                1. Kg7 h4 2. Kf6 Kb6 3. Ke5 h3 1/2-1/2\n\n\
                [White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 *\n";
    let with_event = format!("[Event \"Studie\"]\n{game}");
    for (name, text) in [("players.pgn", game.to_owned()), ("event.pgn", with_event)] {
        dir.write(name, &text);
        for notation in ["ordinary", "compact"] {
            let built = dir.run(&["build", name, "--notation", notation, "-o", "s.brf"]);
            assert!(built.ok().stderr.contains("2 games"), "{}", built.stderr);
            let read = dir.run(&["read", "s.brf", "--notation", notation, "-o", "back.pgn"]);
            assert_eq!(read.code, Some(1), "{name} {notation}: {}", read.stderr);
            assert!(
                read.stderr.starts_with("s.brf:3:")
                    && read.stderr.contains("no legal first move")
                    && read.stderr.contains("--start-diagram"),
                "{name} {notation}: {}",
                read.stderr
            );
            assert!(
                !dir.names().contains(&"back.pgn".to_owned()),
                "{name} {notation}"
            );
            let args = [
                "read",
                "s.brf",
                "--notation",
                notation,
                "--keep-going",
                "-o",
                "-",
            ];
            let kept = dir.run(&args);
            assert_eq!(kept.code, Some(4), "{name} {notation}: {}", kept.stderr);
            assert!(kept.stderr.contains("1 left out"), "{}", kept.stderr);
            let pgn = kept.text();
            assert_eq!(pgn.matches("[Event ").count(), 1, "{pgn}");
            assert!(pgn.contains("1. e4 e5 2. Nf3"), "{pgn}");
            assert!(!pgn.contains("Réti"), "{pgn}");
        }
    }
    // Black to move first (`1... h4`, a legal first move for White too): an error as well,
    // not White's first move and the rest a comment.
    dir.write(
        "black.pgn",
        "[White \"A\"]\n[Black \"B\"]\n[FEN \"7K/8/k1P5/7p/8/8/8/8 b - - 0 1\"]\n\n\
         1... h4 2. Kg7 h3 *\n",
    );
    dir.run(&["build", "black.pgn", "-o", "b.brf"]).ok();
    let read = dir.run(&["read", "b.brf", "--notation", "ordinary", "-o", "-"]);
    assert_eq!(read.code, Some(1), "{}", read.stderr);
    assert!(
        read.stderr.contains("first move is Black's"),
        "{}",
        read.stderr
    );
    // Prose after a game that names moves with players and a dash (`Karpov – Kasparov:
    // 1.Dxh7+ …`) is no game's heading, wherever its lines break (a reviewer's find).
    dir.write(
        "prosa.md",
        "# Kapitel\n\n```pgn\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 *\n```\n\n\
         Karpov – Kasparov: 1.Dxh7+ Kxh7 2.Sg5+ Kg8 3.Dh5 vann vit direkt.\n\n\
         Partiet slutade remi\\\n1.e4 e5 2.Sf3 Sc6 3.Lb5 var öppningen.\n",
    );
    for width in 20..=40 {
        let width = width.to_string();
        let args = ["build", "prosa.md", "--line-length", &width, "-o", "p.brf"];
        dir.run(&args).ok();
        let read = dir.run(&["read", "p.brf", "--notation", "ordinary", "-o", "-"]);
        assert_eq!(read.code, Some(0), "{width}: {}", read.stderr);
        assert!(read.text().contains("1. e4 e5 2. Nf3 *"), "{width}");
    }
}

/// A study from its start diagram whose Black move after a comment is written with Black's
/// number `1...` and is a legal first move for White too (`h4`): it goes on with the game,
/// it does not start a new one (the book failed its own check, "a rule wrote this game
/// wrongly", a transcriber's find).
#[test]
fn black_number_one_after_a_comment_goes_on_with_a_study() {
    let dir = Sandbox::new();
    dir.write(
        "reti.md",
        "# Studie\n\n```pgn\n[White \"Réti, Richard\"]\n[Black \"Studie\"]\n\
         [Result \"1/2-1/2\"]\n[FEN \"7K/8/k1P5/7p/8/8/8/8 w - - 0 1\"]\n\n\
         1. Kg7 {Kungen går mot bonden på h5.} 1... h4 2. Kf6 Kb6 3. Ke5 Kxc6 4. Kf4 1/2-1/2\n```\n",
    );
    for notation in ["ordinary", "compact"] {
        let args = [
            "build",
            "reti.md",
            "--start-diagram",
            "--notation",
            notation,
            "-o",
            "r.brf",
        ];
        dir.run(&args).ok();
        let read = dir.run(&["read", "r.brf", "--notation", notation, "-o", "-"]);
        let pgn = read.ok().text();
        assert_eq!(pgn.matches("[Event ").count(), 1, "{notation}: {pgn}");
        let moves: String = pgn
            .split_whitespace()
            .filter(|w| !w.starts_with('{') && !w.ends_with('}'))
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            moves.contains("Kg7") && moves.contains("h4 2. Kf6 Kb6 3. Ke5 Kxc6 4. Kf4"),
            "{notation}: {pgn}"
        );
    }
}

/// A game's heading read back starts at its players' line: the title page (its title with a
/// dash), the chapter's and section's headings and the paragraph before it are not its Event
/// and Site, nor games without moves (they were, and the players were lost, a transcriber's
/// find); an event's name with a dash in it stays the event.
#[test]
fn a_games_tags_come_from_its_own_heading_not_the_text_before_it() {
    let dir = Sandbox::new();
    dir.write(
        "bok.md",
        "---\ntitle: Taktikens grunder – kombinationer och slutspel\nauthor: Karin Ström\n---\n\n\
         # Partier\n\n## Den odödliga\n\n```pgn\n[Event \"London\"]\n[Date \"1851.06.21\"]\n\
         [White \"Anderssen, Adolf\"]\n[Black \"Kieseritzky, Lionel\"]\n[Result \"1-0\"]\n\n\
         1. e4 e5 2. f4 exf4 1-0\n```\n\n\
         Ett parti – spelat i Wijk aan Zee – följer nu.\n\n\
         ```pgn\n[Event \"Tata Steel – Masters\"]\n[Round \"3\"]\n\
         [White \"Carlsen, Magnus\"]\n[Black \"Giri, Anish\"]\n[Result \"1/2-1/2\"]\n\n\
         1. d4 Nf6 2. c4 e6 1/2-1/2\n```\n",
    );
    dir.run(&["build", "bok.md", "-o", "bok.brf"]).ok();
    let read = dir.run(&["read", "bok.brf", "--notation", "ordinary", "-o", "-"]);
    let pgn = read.ok().text();
    let games: Vec<&str> = pgn.split("[Event ").skip(1).collect();
    assert_eq!(games.len(), 2, "{pgn}");
    for (game, tags) in games.iter().zip([
        [
            "\"London\"]",
            "[White \"Anderssen, Adolf\"]",
            "[Black \"Kieseritzky, Lionel\"]",
        ],
        [
            "\"Tata Steel – Masters\"]",
            "[White \"Carlsen, Magnus\"]",
            "[Black \"Giri, Anish\"]",
        ],
    ]) {
        for tag in tags {
            assert!(game.contains(tag), "{tag} in {game}");
        }
        assert!(game.contains("[Site \"?\"]"), "{game}");
    }
}

/// More of a game's own heading, after a reviewer's finds: a book without pages (one page,
/// once taken whole for a title page); a chapter heading with a dash (once a forfeit's
/// players); players with initials (`Karpov, A.`: a period, once no players' line, and a
/// forfeit before them took their moves); a game's heading at a page's top after a paragraph
/// that ended at the page before's foot (once read as the paragraph going on).
#[test]
fn a_games_own_heading_in_books_without_pages_after_chapters_and_at_a_pages_top() {
    let dir = Sandbox::new();
    let mut md = String::from("---\ntitle: Bok\n---\n\n# Kapitel 3 – Slutspel\n\n");
    let words = "det var en gång en spelare som tyckte om schack varje dag";
    for k in 0..30 {
        let prose: Vec<&str> = words
            .split(' ')
            .cycle()
            .skip(k)
            .take(8 + 7 * (k % 9))
            .collect();
        md.push_str(&format!(
            "{}.\n\n```pgn\n[Event \"Ev{k}\"]\n[White \"Vit{k}, A.\"]\n[Black \"Svart{k}, B.\"]\n\
             [Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n```\n\n",
            prose.join(" ")
        ));
    }
    dir.write("bok.md", &md);
    for pages in ["25", "0"] {
        dir.run(&["build", "bok.md", "--page-length", pages, "-o", "bok.brf"])
            .ok();
        let read = dir.run(&["read", "bok.brf", "--notation", "ordinary", "-o", "-"]);
        let pgn = read.ok().text();
        let games: Vec<&str> = pgn.split("[Event ").skip(1).collect();
        assert_eq!(games.len(), 30, "{pages}: {pgn}");
        for (k, game) in games.iter().enumerate() {
            for tag in [
                format!("\"Ev{k}\"]"),
                format!("[White \"Vit{k}, A.\"]"),
                format!("[Black \"Svart{k}, B.\"]"),
                "[Result \"1-0\"]".to_owned(),
            ] {
                assert!(game.contains(&tag), "{pages}: {tag} in {game}");
            }
        }
    }
    // A forfeit before a game whose players have initials: two games, each its own.
    let game = |w: &str, b: &str, moves: &str, r: &str| {
        format!(
            "[Event \"Cup\"]\n[White \"{w}\"]\n[Black \"{b}\"]\n[Result \"{r}\"]\n\n{moves}{r}\n\n"
        )
    };
    let pgn = game("Kasparov, G.", "Karpov, A.", "", "1-0")
        + &game("Smith, J.", "Jones, P.", "1. e4 e5 2. Nf3 Nc6 ", "0-1");
    dir.write("forf.pgn", &pgn);
    for more in [&[][..], &["--bulletin", "--notation", "ordinary"][..]] {
        let mut args = vec!["build", "forf.pgn", "-o", "f.brf"];
        args.extend(more);
        dir.run(&args).ok();
        let read = dir.run(&["read", "f.brf", "--notation", "ordinary", "-o", "-"]);
        let pgn = read.ok().text();
        let games: Vec<&str> = pgn.split("[Event ").skip(1).collect();
        assert_eq!(games.len(), 2, "{more:?}: {pgn}");
        assert!(
            games[0].contains("[White \"Kasparov, G.\"]") && !games[0].contains("e4"),
            "{pgn}"
        );
        assert!(
            games[1].contains("[White \"Smith, J.\"]") && games[1].contains("1. e4 e5"),
            "{pgn}"
        );
    }
}

/// Reading a book in ordinary notation without `--notation ordinary` (`read` defaults to
/// compact, `build` to ordinary) is an error that names the notation, not an empty PGN and
/// success; braille with no game in either notation is still no error.
#[test]
fn reading_in_the_wrong_notation_says_which_one() {
    let dir = Sandbox::new();
    dir.write("g.pgn", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n");
    for (built, other) in [("ordinary", "compact"), ("compact", "ordinary")] {
        dir.run(&["build", "g.pgn", "--notation", built, "-o", "g.brf"])
            .ok();
        let wrong = dir.run(&["read", "g.brf", "--notation", other, "-o", "g-back.pgn"]);
        assert_eq!(wrong.code, Some(1), "{}", wrong.stderr);
        assert!(
            wrong.stderr.starts_with(&format!(
                "g.brf:1:1: error: no game reads in {other} notation, but 1 game in {built} \
                 notation"
            )),
            "{}",
            wrong.stderr
        );
        assert!(wrong.stderr.contains(&format!("give --notation {built}")));
        assert!(!dir.path().join("g-back.pgn").exists());
        let right = dir.run(&["read", "g.brf", "--notation", built, "-o", "-"]);
        assert!(right.ok().text().contains("3. Bb5 a6"), "{}", right.text());
    }
    // Braille in which no game begins (an empty page; move numbers typed with the number
    // sign in compact notation): an error that says what a game begins with, nothing written.
    for (name, text) in [("tom.brf", "  \n\n"), ("tal.brf", "#1 e4 e5 #2 sf3 sc6\n")] {
        dir.write(name, text);
        let none = dir.run(&["read", name, "-o", "none.pgn"]);
        assert_eq!(none.code, Some(1), "{}", none.stderr);
        assert!(
            none.stderr.starts_with(&format!(
                "{name}:1:1: error: no game or diagram reads in compact notation"
            )),
            "{}",
            none.stderr
        );
        assert!(none.stderr.contains("a game begins with the move number 1"));
        assert!(!dir.path().join("none.pgn").exists());
    }
}

/// Slips of a hand-typed scoresheet where a move is due are errors at their place, never a
/// comment that shifts the moves after it onto other numbers (a different game, read without
/// a word); a habit of print or of the other notation gets a hint.
#[test]
fn a_slip_where_a_move_is_due_is_an_error_at_its_place() {
    let cases: [(&str, Notation, &str, &str); 17] = [
        // Compact notation: a wrong move number after a comment is the error, not the
        // comment's first word (a compact comment has no lower digits).
        (
            "1 e4 e5 2 sf3 sc6 3 lb5 a6 ,bra 3 la4 sf6'",
            Notation::Compact,
            "1:33: error: move number 3 where 4 is due: ⠒",
            "",
        ),
        (
            "1 e4 e5 2 sf3 sc6 3 lb5 ,bra drag 4 -- a6 4 la4 sf6'",
            Notation::Compact,
            "1:35: error: move number 4 where 3 is due: ⠲",
            "",
        ),
        // Ordinary notation: a slip that makes the rest of the game comment text (a number
        // without its period, a move with a wrong cell): the words after it read as the
        // game's moves.
        (
            "#a' e#d e#e #b ,sf#c ,sc#f #c' ,lb#e a#f",
            Notation::Ordinary,
            "1:13: error: no move is written so, where a move is due; the words after it read \
             as the game's moves: ⠼⠃",
            "",
        ),
        (
            "#a' e#d e#e #b' ,sf#c ,sc+#f #c' ,lb#e a#f #d' ,la#d ,sf#f",
            Notation::Ordinary,
            "1:23: error: no move is written so, where a move is due; the words after it read \
             as the game's moves: ⠠⠎⠉⠬⠼⠋",
            "",
        ),
        // Print's D for the queen: no pawn move (a pawn's file alone is a capture's).
        (
            "1 e4 e5 2 ?e2 sc6 3 dd3 sf6",
            Notation::Compact,
            "1:21: error: no legal move is written so: ⠙⠙⠒",
            "the queen is ⠹ (ô, dots 1 4 5 6) in compact notation",
        ),
        // A sign the move does not bear out: the move (⠃ for ⠙) or the sign is wrong.
        (
            "1 e4 e5 2 sf3 d6 3 lc4 lg4 4 sc3 g6 5 sxe5 lxd1 6 lxf7* ke7 7 sb5m",
            Notation::Compact,
            "1:63: error: marked as mate, but Nb5 is no mate: ⠎⠃⠢⠍",
            "",
        ),
        (
            "1 e4 d5 2 exd5ep",
            Notation::Compact,
            "1:11: error: marked en passant, but exd5 is no en passant capture",
            "",
        ),
        // A blank inside a move (`s f3`): `f3` alone is legal too.
        (
            "1 e4 e5 2 s f3 sc6",
            Notation::Compact,
            "1:11: error: no move is written so, where a move is due: ⠎",
            "",
        ),
        // A digit left out (`sf`).
        (
            "1 e4 e5 2 sf sc6 3 lc4",
            Notation::Compact,
            "1:11: error: no move is written so, where a move is due: ⠎⠋",
            "",
        ),
        // A move number typed wrong (3 for 2): not a comment before `sf3` as move 2.
        (
            "1 e4 e5 3 sf3 sc6",
            Notation::Compact,
            "1:9: error: move number 3 where 2 is due: ⠒",
            "",
        ),
        // Castling with the letter o.
        (
            "1 e4 e5 2 sf3 sc6 3 lc4 lc5 4 o-o sf6",
            Notation::Compact,
            "1:31: error: no move is written so, where a move is due: ⠕⠤⠕",
            "castling is written with zeros: ⠴⠤⠴ in compact notation, ⠼⠚⠤⠼⠚ in ordinary",
        ),
        // Castling with upper zeros (`j-j`), on a line ended by a lone CR.
        (
            "1 e4 e5 2 sf3 sc6\r3 lc4 lc5 4 j-j sf6",
            Notation::Compact,
            "2:13: error: no move is written so, where a move is due: ⠚⠤⠚",
            "castling is written with zeros: ⠴⠤⠴ in compact notation, ⠼⠚⠤⠼⠚ in ordinary",
        ),
        // Ordinary habits in compact notation: capital signs, check as dots 2 5 6.
        (
            "1 e4 e5 2 ,sf3 ,sc6",
            Notation::Compact,
            "1:11: error: no move is written so, where a move is due: ⠠⠎⠋⠒",
            "without a capital sign",
        ),
        (
            "1 e4 e5 2 lc4 sc6 3 ?h5 sf6 4 ?xf74",
            Notation::Compact,
            "1:31: error: no move is written so, where a move is due: ⠹⠭⠋⠶⠲",
            "check is ⠡",
        ),
        // A move that is none where it stands, then text: not a comment after a number.
        (
            "1 e4 e5 2 sf4 bra",
            Notation::Compact,
            "1:11: error: no legal move is written so: ⠎⠋⠲",
            "",
        ),
        // Ordinary notation: a blank inside a move (`S f3`).
        (
            "#a' e#d e#e #b' ,s f#c ,sc#f",
            Notation::Ordinary,
            "1:17: error: no move is written so, where a move is due: ⠠⠎",
            "",
        ),
        // Ordinary notation: a move number typed wrong.
        (
            "#a' e#d e#e #c' ,sf#c ,sc#f",
            Notation::Ordinary,
            "1:13: error: move number 3 where 2 is due: ⠼⠉⠄",
            "",
        ),
    ];
    for (sheet, notation, error, hint) in cases {
        let e = read_braille(
            "blad.brf",
            sheet.as_bytes(),
            BrfTable::Nabcc,
            notation,
            false,
        )
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
        assert!(e.starts_with(&format!("blad.brf:{error}")), "{sheet}: {e}");
        assert!(e.contains(hint), "{sheet}: {e}");
    }
}

/// What a player may type that says one thing only reads: a period after a move number
/// (`1'`), `e.p.` after a compact capture, a period after an ordinary game's last move, an
/// ordinary castling without the number signs (`j-j`).
#[test]
fn print_habits_that_say_one_thing_read() {
    let cases: [(&str, Notation, &[&str]); 7] = [
        // Signs left out go on being left out after castling and after a pawn's move, which
        // need none put back; a capital left out where the number sign is kept.
        (
            "#a' e#d e#e #b' sf#c sc#f #c' lb#e a#f #d' la#d sf#f #e' #j-#j le#g #f' te#a b#e",
            Notation::Ordinary,
            &[
                "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5",
            ],
        ),
        (
            "#a' e#d e#e #b' ,sf#c ,sc#f #c' d#c sf#f",
            Notation::Ordinary,
            &["e4", "e5", "Nf3", "Nc6", "d3", "Nf6"],
        ),
        (
            "#a' ed ee #b' ,sfc ,scf #c' ,lbe af #d' ,lad ,sff #e' #j-#j ,leg",
            Notation::Ordinary,
            &[
                "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
            ],
        ),
        (
            "1' e4 e5 2' sf3 sc6",
            Notation::Compact,
            &["e4", "e5", "Nf3", "Nc6"],
        ),
        (
            "1 e4 d5 2 e5 f5 3 exf6e'p' e6",
            Notation::Compact,
            &["e4", "d5", "e5", "f5", "exf6", "e6"],
        ),
        (
            "#a' e#d e#e #b' ,sf#c ,sc#f #c' ,lc#d ,lc#e'",
            Notation::Ordinary,
            &["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"],
        ),
        (
            "#a' e#d e#e #b' ,sf#c ,sc#f #c' ,lc#d ,lc#e #d' j-j ,sf#f",
            Notation::Ordinary,
            &["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6"],
        ),
    ];
    for (sheet, notation, moves) in cases {
        let games = read_braille(
            "blad.brf",
            sheet.as_bytes(),
            BrfTable::Nabcc,
            notation,
            false,
        )
        .unwrap_or_else(|e| panic!("{sheet}: {e}"));
        assert_eq!(read_moves(&games), [moves.to_vec()], "{sheet}");
        assert!(
            games[0]
                .items
                .iter()
                .all(|i| !matches!(i, ReadItem::Comment(_))),
            "{sheet}: {:?}",
            games[0].items
        );
    }
}

/// Games that begin from a position (`[FEN]`), taken from the real games at several plies:
/// the PGN, and each game's FEN and moves (SAN).
fn games_from_positions() -> (String, Vec<(String, Vec<String>)>) {
    use shakmaty::fen::Fen;
    use shakmaty::san::San;
    use shakmaty::{EnPassantMode, Position};
    let mut pgn = String::new();
    let mut games = Vec::new();
    for (k, line) in source_moves(GAMES).iter().enumerate() {
        // The main line only.
        let mut depth = 0;
        let main: Vec<&String> = line
            .iter()
            .filter(|m| {
                match m.as_str() {
                    "(" => depth += 1,
                    ")" => depth -= 1,
                    _ => return depth == 0,
                }
                false
            })
            .collect();
        if main.len() < 6 {
            continue;
        }
        for cut in 0..3 {
            let at = (k * 7 + cut * 11 + 3) % (main.len() - 4);
            let mut pos = Chess::default();
            for san in &main[..at] {
                let m = San::from_ascii(san.trim_end_matches(['+', '#']).as_bytes())
                    .expect("SAN")
                    .to_move(&pos)
                    .expect("legal");
                pos.play_unchecked(m);
            }
            let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
            let rest: Vec<String> = main[at..(at + 12).min(main.len())]
                .iter()
                .map(|s| s.to_string())
                .collect();
            let mut text = String::new();
            let mut number = pos.fullmoves().get();
            let mut white = pos.turn() == shakmaty::Color::White;
            for (j, san) in rest.iter().enumerate() {
                match (white, j) {
                    (true, _) => text.push_str(&format!("{number}. ")),
                    (false, 0) => text.push_str(&format!("{number}... ")),
                    (false, _) => {}
                }
                text.push_str(san);
                text.push(' ');
                if !white {
                    number += 1;
                }
                white = !white;
            }
            pgn.push_str(&format!(
            "[White \"Vit {k}\"]\n[Black \"Svart {k}\"]\n[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{text}*\n\n"
        ));
            games.push((fen, rest));
        }
    }
    (pgn, games)
}

/// A game from a position, written after its start diagram (every form, with and without
/// `Vit drar.`), reads back from that position: the same moves, the start position's board,
/// side to move and move number; `build --verify` compares such games too.
#[test]
fn games_from_a_position_read_back_after_their_start_diagram() {
    use schackpunkt::DiagramForm;
    let (pgn, expected) = games_from_positions();
    assert!(expected.len() >= 20, "{}", expected.len());
    for notation in [Notation::Compact, Notation::Ordinary] {
        for form in [DiagramForm::Board, DiagramForm::Pieces, DiagramForm::Rows] {
            for to_move in [false, true] {
                let settings = Settings {
                    notation: Some(notation),
                    diagram: Some(form),
                    to_move: Some(to_move),
                    start_diagram: Some(true),
                    line_length: Some(32),
                    ..Settings::default()
                };
                let braille = written("p.pgn", InputKind::Pgn, pgn.as_str(), &settings);
                let form = format!("{notation:?} {form:?} {to_move}");
                let games = read_braille("p.brf", &braille, BrfTable::Nabcc, notation, false)
                    .unwrap_or_else(|e| panic!("{form}: {e}"));
                let read = read_moves(&games);
                assert_eq!(read.len(), expected.len(), "{form}");
                for (k, (game, (fen, moves))) in games.iter().zip(&expected).enumerate() {
                    assert_eq!(&read[k], moves, "{form}: game {k}");
                    // The board, side to move and move number (castling and en passant are
                    // not drawn: read as what the moves allow).
                    let fields = |f: &str| {
                        let v: Vec<String> = f.split(' ').map(str::to_owned).collect();
                        (v[0].clone(), v[1].clone(), v[5].clone())
                    };
                    let start = game.start.as_deref().unwrap_or_default();
                    assert_eq!(fields(start), fields(fen), "{form}: game {k}");
                }
            }
        }
    }
    let dir = Sandbox::new();
    dir.write("p.pgn", &pgn);
    for notation in ["compact", "ordinary"] {
        for length in ["24", "40"] {
            let ran = dir.run(&[
                "build",
                "p.pgn",
                "--notation",
                notation,
                "--start-diagram",
                "--diagram",
                "board",
                "--line-length",
                length,
                "--verify",
                "-o",
                "p.brf",
                "-q",
            ]);
            assert_eq!(ran.code, Some(0), "{notation} {length}: {}", ran.stderr);
        }
    }
}

/// A comment after a game's last move that wraps onto further lines stays the game's: it is
/// not the heading of a game without moves before the next one.
#[test]
fn a_wrapping_comment_at_a_games_end_stays_in_its_game() {
    let pgn = "[White \"Anna\"]\n[Black \"Bo\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 \
               3. Bc4 Nf6 4. Qxf7# {Skolmatt, ett vanligt misstag av nybörjare.} 1-0\n\n\
               [White \"Cesar\"]\n[Black \"David\"]\n[Result \"*\"]\n\n1. d4 d5 *\n";
    for notation in [Notation::Compact, Notation::Ordinary] {
        let written = braille(
            pgn,
            notation,
            Moves::Short,
            Layout::Running,
            28,
            Format::Brf,
        );
        let games = read_braille("s.brf", &written, BrfTable::Nabcc, notation, false)
            .unwrap_or_else(|e| panic!("{notation:?}: {e}"));
        assert_eq!(games.len(), 2, "{notation:?}: {games:?}");
        assert_eq!(
            games[0].items.last(),
            Some(&ReadItem::Comment(
                "Skolmatt, ett vanligt misstag av nybörjare.".into()
            )),
            "{notation:?}"
        );
        assert_eq!(
            games[1].heading.first().map(String::as_str),
            Some("Cesar – David")
        );
    }
}

/// A move in a comment (`{eller d5 kanske}`) is the comment's: after a comment a move is
/// written with its number, so the braille reads back and `build --verify` passes.
#[test]
fn a_legal_move_in_a_comment_stays_in_the_comment() {
    let pgn =
        "1. e4 {eller d5 kanske} 1... e5 2. Nf3 {eller d4} 2... Nc6 3. Bb5 {och sedan c3} *\n";
    let dir = Sandbox::new();
    dir.write("k.pgn", pgn);
    for notation in ["ordinary", "compact"] {
        let ran = dir.run(&[
            "build",
            "k.pgn",
            "--verify",
            "--notation",
            notation,
            "-o",
            "k.brf",
        ]);
        assert_eq!(ran.code, Some(0), "{notation}: {}", ran.stderr);
        let read = dir.run(&["read", "k.brf", "--notation", notation, "-o", "-"]);
        let back = read.ok().text().replace('\n', " ");
        assert!(
            back.contains(
                "1. e4 {eller d5 kanske} 1... e5 2. Nf3 {eller d4} 2... Nc6 3. Bb5 {och sedan c3} *"
            ),
            "{notation}: {back}"
        );
    }
}

/// The book's signs after a move (`!!`, `(n)`, `⠲⠌⠶` …) read back as the NAGs they stand for,
/// in ordinary notation (compact notation leaves them out), not as comment text.
#[test]
fn annotation_signs_read_back_as_nags() {
    let nags: [u8; 22] = [
        1, 2, 3, 4, 5, 6, 146, 14, 15, 16, 17, 13, 10, 18, 19, 40, 36, 132, 22, 44, 142, 140,
    ];
    let moves = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3",
        "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "c4", "c6",
    ];
    let mut pgn = String::new();
    for (k, (m, n)) in moves.iter().zip(nags).enumerate() {
        if k % 2 == 0 {
            pgn.push_str(&format!("{}. ", k / 2 + 1));
        }
        pgn.push_str(&format!("{m} ${n} "));
    }
    pgn.push_str("*\n");
    for layout in [Layout::Running, Layout::List] {
        let written = braille(
            &pgn,
            Notation::Ordinary,
            Moves::Short,
            layout,
            30,
            Format::Brf,
        );
        let games = read_braille(
            "n.brf",
            &written,
            BrfTable::Nabcc,
            Notation::Ordinary,
            false,
        )
        .unwrap_or_else(|e| panic!("{layout:?}: {e}"));
        let read: Vec<u8> = games[0]
            .items
            .iter()
            .filter_map(|i| match i {
                ReadItem::Nag(n) => Some(*n),
                _ => None,
            })
            .collect();
        assert_eq!(read, nags, "{layout:?}");
        assert!(
            games[0]
                .items
                .iter()
                .all(|i| !matches!(i, ReadItem::Comment(_))),
            "{layout:?}: {:?}",
            games[0].items
        );
        assert_eq!(read_moves(&games)[0], moves, "{layout:?}");
    }
}

/// Ordinary notation has nothing that closes a comment, and annotated games name moves in
/// their comments: the move that follows (`{Här är 3.Lb5 bäst} 3. Lb5`, `{1...b6 är sämre}
/// 1...e6`), a line of it (`{Efter 2...Sc6 3.Lb5 a6 blir det spanskt}`), the other side's
/// move (`{Vit kan också spela 5.d3}` where Black is to move) and a variation's last words
/// (`{och 11.d4 följer})`). The book builds checking itself, and its moves read back.
#[test]
fn comments_that_name_moves_read_back_in_ordinary_notation() {
    let dir = Sandbox::new();
    dir.write(
        "kommentar.pgn",
        "1. e4 e5 2. Nf3 {Efter 2...Sc6 3.Lb5 a6 blir det spanskt.} 2... Nc6 3. Bb5 \
         {eller 3.Lc4 Lc5 4.c3} 3... a6 4. Ba4 Nf6 5. O-O {Vit kan också spela 5.d3 eller \
         5.De2.} 5... Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 {Här är 9...Sb8 Breyers drag \
         och 9...Sa5 Tjigorins.} 9... Nb8 (9... Na5 10. Bc2 c5 {och 11.d4 följer}) 10. d4 \
         {10.d3 är lugnare.} Nbd7 {Eller 10...Lb7.} 11. Nbd2 Bb7 *\n\n\
         1. d4 {1...b6 är sämre.} 1... e6 2. c4 Nf6 {Här är 3.Sc3 bäst och 3.h4 sämre.} \
         3. Nc3 Bb4 *\n\n\
         1. e4 e5 2. Nf3 ({Eller kanske} 2. Bc4 {och sedan} Nf6) 2... Nc6 3. Bb5 a6 \
         {Nu avgör: 4. La4} 4. Ba4 {och svart spelar vidare.} *\n",
    );
    for notation in ["ordinary", "compact"] {
        let ran = dir.run(&[
            "build",
            "kommentar.pgn",
            "--verify",
            "--notation",
            notation,
            "-o",
            "kommentar.brf",
        ]);
        assert_eq!(ran.code, Some(0), "{notation}: {}", ran.stderr);
        let read = dir.run(&["read", "kommentar.brf", "--notation", notation, "-o", "-"]);
        let pgn = read.ok().text();
        assert!(
            pgn.contains("9... Nb8 ( 9... Na5") || pgn.contains("9... Nb8 (9... Na5"),
            "{pgn}"
        );
        assert!(pgn.contains("2. c4 Nf6"), "{pgn}");
    }
}

/// Comments that name another move where the game's was played, the commonest comment of a
/// chess book, read back (and the build that checks itself passes them): one that opens with
/// another White move and Black's reply, where Black is due (`2.f4 exf4 är kungsgambit`); a
/// Black move with the number just played, where White is due (`6...d5 7.e3`); a line of
/// moves from another position, whose move with the number due is no legal move in the game
/// (`Efter 6...Lb6 7.d5`, the king in check after 6...Lb4+).
#[test]
fn comments_that_name_another_move_at_the_same_number_read_back() {
    let dir = Sandbox::new();
    dir.write(
        "andra.pgn",
        "1. e4 {1.d4 d5 är också bra.} 1... e6 2. d4 d5 *\n\n\
         1. e4 e5 2. Nf3 {2.f4 exf4 är kungsgambit.} 2... Nc6 *\n\n\
         1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. Qc2 O-O 5. a3 Bxc3+ 6. Qxc3 b6 \
         {6...d5 7.e3 är också bra.} 7. Bg5 Bb7 *\n\n\
         1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+ \
         {Efter 6...Lb6 7.d5 Se7 8.e5 står vit bättre.} 7. Bd2 Bxd2+ 8. Nbxd2 d5 *\n",
    );
    let ran = dir.run(&["build", "andra.pgn", "--verify", "-o", "andra.brf"]);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    let read = dir.run(&["read", "andra.brf", "--notation", "ordinary", "-o", "-"]);
    // (The PGN's lines are wrapped.)
    let pgn = read
        .ok()
        .text()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for moves in [
        "1. e4 {1.d4 d5 är också bra.} 1... e6 2. d4 d5",
        "2. Nf3 {2.f4 exf4 är kungsgambit.} 2... Nc6",
        "6. Qxc3 b6 {6...d5 7.e3 är också bra.} 7. Bg5 Bb7",
        "6. cxd4 Bb4+ {Efter 6...Lb6 7.d5 Se7 8.e5 står vit bättre.} 7. Bd2 Bxd2+",
    ] {
        assert!(pgn.contains(moves), "{moves}\n{pgn}");
    }
}

/// The build that checks itself reads a word that may be a comment's move or the game's the
/// way that agrees with the game: a comment that names the move before a variation, a
/// comment that ends naming the last move.
#[test]
fn a_build_that_checks_itself_reads_moves_in_comments_the_games_way() {
    let dir = Sandbox::new();
    let pgn = "[White \"A\"]\n[Black \"B\"]\n\n\
        1. d4 Nf6 {Nu avgör 2.c4} (1... g6 2. h4 {och 2...f5 följer}) 2. c4 e6 3. Nf3 d5 *\n\n\
        [White \"C\"]\n[Black \"D\"]\n\n\
        1. a4 a5 2. Ra3 Ra6 3. Rh3 {Nu avgör 3...Th6} 3... Rh6 1-0\n\n\
        [White \"E\"]\n[Black \"F\"]\n\n\
        1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 {Också 5.b3 eller 5.Sc3 Sd5 är möjligt.} \
        5. Nc3 {Också 5...Sa6 eller 5...a6 Sf3 är möjligt.} 5... a6 6. Be2 e6 7. O-O Be7 \
        8. f4 Nc6 9. Nxc6 (9. b3 Nd7 {och 10.Scb5 följer}) 9... bxc6 10. e5 Nd5 1/2-1/2\n";
    dir.write("namn.pgn", pgn);
    let mut outputs = Vec::new();
    for verify in ["--verify", "--no-verify"] {
        let out = format!("namn{verify}.brf");
        let ran = dir.run(&[
            "build",
            "namn.pgn",
            verify,
            "--notation",
            "ordinary",
            "-o",
            &out,
        ]);
        assert_eq!(ran.code, Some(0), "{verify}: {}", ran.stderr);
        outputs.push(dir.read(&out));
    }
    assert_eq!(outputs[0], outputs[1], "checking changes nothing written");
}

/// A comment in a variation may end in a number and a period (`sedan 1843.)`) or hold
/// brackets of its own (`{(se nedan)}`): it reads back, the variation closed where it is.
#[test]
fn comments_in_variations_with_numbers_and_brackets_read_back() {
    let dir = Sandbox::new();
    let pgn = "1. e4 e5 (1... c5 {Känt sedan 1843.}) 2. Nf3 *\n\n\
        1. e4 e5 (1... c5 {se kapitel 2.}) 2. Nf3 *\n\n\
        1. e4 e5 2. Nc3 (2. Nf3 {(se nedan)} 2... Nc6) *\n\n\
        1. e4 e5 2. Nc3 (2. Nf3 Nc6 {se (nedan)}) *\n\n\
        1. e4 e5 2. Nf3 {Här (och inte 2.Lc4) är bäst.} 2... Nc6 *\n";
    dir.write("v.pgn", pgn);
    for notation in ["ordinary", "compact"] {
        let out = format!("{notation}.brf");
        let ran = dir.run(&[
            "build",
            "v.pgn",
            "--verify",
            "--notation",
            notation,
            "-o",
            &out,
        ]);
        assert_eq!(ran.code, Some(0), "{notation}: {}", ran.stderr);
        // Read back as a file (no game to go by), the ones braille does not leave in doubt.
        let read = dir.run(&["read", &out, "--notation", notation, "-o", "-"]);
        let pgn_read = read.ok().text();
        for game in [
            "1. e4 e5 (1... c5 {Känt sedan 1843.}) 2. Nf3 *",
            "1. e4 e5 (1... c5 {se kapitel 2.}) 2. Nf3 *",
            "2. Nc3 (2. Nf3 {(se nedan)} 2... Nc6) *",
            "2. Nc3 (2. Nf3 Nc6 {se (nedan)}) *",
        ] {
            assert!(pgn_read.contains(game), "{notation}: {game}: {pgn_read}");
        }
    }
}

/// A game's start diagram after text and a blank line (a study in a book): the game reads
/// from the diagram, its first Black move an en passant capture that only the diagram's
/// position and White's first move allow.
#[test]
fn a_start_diagram_after_text_starts_its_game() {
    let dir = Sandbox::new();
    dir.write(
        "studie.md",
        "Studie.\n\n```pgn\n[FEN \"8/8/8/3k4/4p3/8/3P4/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n\
         1. d4 exd3 2. Kd2 Kd4 *\n```\n",
    );
    for form in ["pieces", "board", "rows"] {
        let ran = dir.run(&[
            "build",
            "studie.md",
            "--start-diagram",
            "--diagram",
            form,
            "-o",
            "studie.brf",
        ]);
        assert_eq!(ran.code, Some(0), "{form}: {}", ran.stderr);
        // The start diagram drawn is counted as one.
        assert!(ran.stderr.contains("1 game, 1 diagram,"), "{}", ran.stderr);
    }
}

/// A game typed after a diagram (no blank line between) whose first move fits no position of
/// the diagram, or after a diagram that is no position (a king left out, a square named twice):
/// an error at the move or the diagram, never a diagram alone with the moves gone.
#[test]
fn a_slip_at_or_in_a_start_diagram_is_an_error() {
    let dir = Sandbox::new();
    let white = "VIT3 KG1 TE1 F2 G2 H2'";
    let black = "SVART3 KG8 TA2 F7 G7 H7'";
    let moves = "30 -- TA1 31 TXA1 H6'";
    for (name, text, place, message) in [
        (
            "slip.brf",
            format!("{white}\n{black}\n30 -- TB1 31 TXB1 H6'\n"),
            "slip.brf:3:7:",
            "no legal move is written so",
        ),
        (
            "noking.brf",
            format!("VIT3 TE1 F2 G2 H2'\n{black}\n{moves}\n"),
            "noking.brf:3:1:",
            "the game after the diagram on line 1 cannot be played from it",
        ),
        (
            "twice.brf",
            format!("VIT3 KG1 TE1 TE1 G2 H2'\n{black}\n{moves}\n"),
            "twice.brf:3:1:",
            "(two pieces on e1)",
        ),
        (
            "twice-alone.brf",
            format!("VIT3 KG1 TE1 TE1 G2 H2'\n{black}\n"),
            "twice-alone.brf:1:1:",
            "a diagram with two pieces on e1",
        ),
    ] {
        dir.write(name, text);
        let ran = dir.run(&["read", name, "-o", "-"]);
        assert_eq!(ran.code, Some(1), "{name}: {}", ran.stderr);
        assert!(ran.stderr.starts_with(place), "{name}: {}", ran.stderr);
        assert!(ran.stderr.contains(message), "{name}: {}", ran.stderr);
        let kept = dir.run(&["read", name, "--keep-going", "-o", "-"]);
        assert!(
            kept.stderr.contains("1 left out"),
            "{name}: {}",
            kept.stderr
        );
    }
    // Typed right, it reads (the moves from the diagram's position).
    dir.write("right.brf", format!("{white}\n{black}\n{moves}\n"));
    let pgn = dir.run(&["read", "right.brf", "-o", "-"]).ok().text();
    assert!(pgn.contains("30... Ra1 31. Rxa1 h6"), "{pgn}");
}

/// A result typed after a game's last move (a scoresheet's habit) is the game's result, in
/// its Result tag and after its moves, not comment text (`{,-)}` before).
#[test]
fn a_result_typed_after_the_last_move_is_the_games_result() {
    let dir = Sandbox::new();
    for (name, text, notation, results) in [
        (
            "kompakt.brf",
            "1 e4 e5 2 ?h5 sc6 3 lc4 sf6 4 ?xf7m 1-0\n\n1 d4 d5 2 c4 remi\n",
            "compact",
            &["4. Qxf7# 1-0", "2. c4 1/2-1/2"][..],
        ),
        (
            "vanlig.brf",
            "#a' e#d e#e #b' ,sf#c ,sc#f #j-#a\n",
            "ordinary",
            &["2. Nf3 Nc6 0-1"][..],
        ),
    ] {
        dir.write(name, text);
        let pgn = dir
            .run(&["read", name, "--notation", notation, "-o", "-"])
            .ok()
            .text();
        for result in results {
            assert!(pgn.contains(result), "{name}: {pgn}");
            let tag = format!("[Result \"{}\"]", result.rsplit(' ').next().unwrap_or(""));
            assert!(pgn.contains(&tag), "{name}: {pgn}");
        }
        assert!(!pgn.contains('{'), "{name}: {pgn}");
    }
}

/// A game of tags only (a forfeit) has no moves to read back: a build that checks itself
/// passes it, wherever it stands (before, one after another game failed the build).
#[test]
fn a_game_of_tags_only_passes_the_check() {
    let dir = Sandbox::new();
    let played = "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    let forfeit = "[White \"C\"]\n[Black \"D\"]\n[Result \"1-0\"]\n";
    dir.write(
        "r.pgn",
        format!("{forfeit}\n{played}\n{forfeit}\n{played}\n{forfeit}"),
    );
    for notation in ["compact", "ordinary"] {
        let ran = dir.run(&[
            "build",
            "r.pgn",
            "--verify",
            "--notation",
            notation,
            "-o",
            "r.brf",
        ]);
        assert_eq!(ran.code, Some(0), "{notation}: {}", ran.stderr);
        assert!(ran.stderr.contains("5 games"), "{}", ran.stderr);
    }
}

/// A scoresheet whose first move is typed wrongly is an error at that move: not a heading
/// line of the next game that takes its moves for text (the game gone, exit 0). Compact
/// notation's 1 typed with the number sign (`⠼⠁`) likewise, at the number.
#[test]
fn a_slip_in_a_games_first_move_is_an_error_at_it() {
    let dir = Sandbox::new();
    // NABCC: `1 SG3` is no legal first move (no knight reaches g3).
    dir.write(
        "blad.brf",
        "1 E4 E5\r\n\r\n1 SG3 E5 2 SF3 SC6 3 LB5 A6\r\n\r\n1 D4 D5\r\n",
    );
    let ran = dir.run(&["read", "blad.brf", "-o", "blad.pgn"]);
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    assert!(
        ran.stderr.starts_with(
            "blad.brf:3:3: error: no legal first move is written so, where a game begins: ⠎⠛⠒"
        ),
        "{}",
        ran.stderr
    );
    assert!(!dir.names().contains(&"blad.pgn".to_string()));
    // With --keep-going: the two others written, this one named.
    let ran = dir.run(&["read", "blad.brf", "--keep-going", "-o", "-"]);
    assert_eq!(ran.code, Some(4), "{}", ran.stderr);
    assert!(ran.stderr.contains("blad.brf:3:3: error"), "{}", ran.stderr);
    let pgn = String::from_utf8_lossy(&ran.stdout).to_string();
    assert_eq!(pgn.matches("[Event ").count(), 2, "{pgn}");
    assert!(
        pgn.contains("1. e4 e5 *") && pgn.contains("1. d4 d5 *"),
        "{pgn}"
    );
    assert!(!pgn.contains("sg"), "no game's moves in a heading: {pgn}");
    // The number typed with the number sign, the move right.
    dir.write("tal.brf", "1 E4 E5\r\n\r\n#A D4 D5 2 SF3\r\n");
    let ran = dir.run(&["read", "tal.brf"]);
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    assert!(
        ran.stderr.starts_with(
            "tal.brf:3:1: error: the move number 1 is not written so, where a game begins: ⠼⠁"
        ),
        "{}",
        ran.stderr
    );
    assert!(
        ran.stderr
            .contains("compact notation writes move numbers in lower digits"),
        "{}",
        ran.stderr
    );
}

/// What a typist writes after a game's last move is kept, never dropped: a result after the
/// game's period (`⠄ ⠴⠤⠂`), in lower or upper digits, `1/2-1/2`, a period after the result;
/// a note after the period is a comment after the last move. A move number with nothing
/// after it at the end is a move left out: an error at it.
#[test]
fn what_follows_a_games_last_move_is_kept() {
    let dir = Sandbox::new();
    for (typed, pgn) in [
        ("1 E4 E5 2 SF3 SC6' 0-1", "1. e4 e5 2. Nf3 Nc6 0-1"),
        ("1 E4 E5 2 SF3 SC6' #A-#J", "1. e4 e5 2. Nf3 Nc6 1-0"),
        ("1 E4 E5 2 SF3 SC6 1/2-1/2", "1. e4 e5 2. Nf3 Nc6 1/2-1/2"),
        ("1 E4 E5 2 SF3 SC6 1-0'", "1. e4 e5 2. Nf3 Nc6 1-0"),
        (
            "1 E4 E5 2 SF3 SC6' ,VIT VANN P* TID'",
            "1. e4 e5 2. Nf3 Nc6 {Vit vann på tid.} *",
        ),
    ] {
        dir.write("blad.brf", format!("{typed}\r\n"));
        let ran = dir.run(&["read", "blad.brf", "-o", "-"]);
        assert_eq!(ran.code, Some(0), "{typed}: {}", ran.stderr);
        let text = String::from_utf8_lossy(&ran.stdout).to_string();
        assert!(text.contains(pgn), "{typed}: {text}");
    }
    dir.write("blad.brf", "1 E4 E5 2 SF3 SC6 3\r\n");
    let ran = dir.run(&["read", "blad.brf", "-o", "-"]);
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    assert!(
        ran.stderr.starts_with(
            "blad.brf:1:19: error: a move number with no move after it ends the game: ⠒"
        ),
        "{}",
        ran.stderr
    );
}

/// A game that begins with a null move reads back, in both notations: from the start position
/// (`1 -- e5`: White's null move, not a White move left out, since no diagram says Black
/// begins) and from a diagram (`40 -- --`, ordinary `40...--`: Black's).
#[test]
fn a_game_that_begins_with_a_null_move_reads_back() {
    let dir = Sandbox::new();
    dir.write(
        "noll.pgn",
        "[White \"A\"]\n[Black \"B\"]\n\n1. -- e5 2. Nf3 Nc6 *\n\n\
         [White \"C\"]\n[Black \"D\"]\n[SetUp \"1\"]\n\
         [FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 40\"]\n\n40... -- 41. O-O Kd7 *\n",
    );
    for notation in ["compact", "ordinary"] {
        let ran = dir.run(&[
            "build",
            "noll.pgn",
            "--start-diagram",
            "--verify",
            "--notation",
            notation,
            "-o",
            "noll.brf",
        ]);
        assert_eq!(ran.code, Some(0), "{notation}: {}", ran.stderr);
        let read = dir.run(&["read", "noll.brf", "--notation", notation, "-o", "-"]);
        let pgn = read.ok().text();
        assert!(pgn.contains("1. -- e5 2. Nf3 Nc6 *"), "{notation}: {pgn}");
        assert!(pgn.contains("40... -- 41. O-O Kd7 *"), "{notation}: {pgn}");
    }
}

/// A game's start diagram at the foot of a page, its moves overleaf: the page number line
/// after the piece lists (at the foot, as `us-brf` writes it, or at the top of the next page)
/// is no line of the list, and the game reads back from its diagram, at every page length.
#[test]
fn a_start_diagram_at_a_pages_foot_keeps_its_game() {
    let dir = Sandbox::new();
    dir.write(
        "sida.pgn",
        "[White \"Bo Berg\"]\n[Black \"Eva Ek\"]\n[Result \"1-0\"]\n\n\
         1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
         [White \"Anna Ek\"]\n[Black \"Carl Dahl\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n\
         [FEN \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 30\"]\n\n30. O-O Kd8 31. Rf7 Kc8 32. Ra8# 1-0\n\n\
         [White \"Dan Ek\"]\n[Black \"Ola Berg\"]\n[Result \"0-1\"]\n[SetUp \"1\"]\n\
         [FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 12\"]\n\n12... Kd7 13. O-O Kc6 0-1\n",
    );
    for profile in ["sv-a4", "us-brf"] {
        for notation in ["compact", "ordinary"] {
            for length in 8..=16 {
                let length = length.to_string();
                let ran = dir.run(&[
                    "build",
                    "sida.pgn",
                    "--start-diagram",
                    "--verify",
                    "--notation",
                    notation,
                    "--profile",
                    profile,
                    "--page-length",
                    &length,
                    "-o",
                    "sida.brf",
                ]);
                let at = format!("{profile} {notation} {length}");
                assert_eq!(ran.code, Some(0), "{at}: {}", ran.stderr);
                let read = dir.run(&["read", "sida.brf", "--notation", notation, "-o", "-"]);
                let pgn = read.ok().text();
                assert_eq!(pgn.matches("[Event ").count(), 3, "{at}: {pgn}");
                for moves in [
                    "30. O-O Kd8 31. Rf7 Kc8 32. Ra8# 1-0",
                    "12... Kd7 13. O-O Kc6 0-1",
                ] {
                    assert!(pgn.contains(moves), "{at}: {pgn}");
                }
            }
        }
    }
}

/// `read -o` a folder: the error asks for a file name, and offers no folder of outputs when
/// the name ends with `/` already (`read` writes one PGN).
#[test]
fn read_to_a_folder_asks_for_a_file_name() {
    let dir = Sandbox::new();
    dir.write("blad.brf", "1 E4 E5'\r\n");
    std::fs::create_dir(dir.path().join("ut")).expect("a folder");
    let ran = dir.run(&["read", "blad.brf", "-o", "ut/"]);
    assert_eq!(ran.code, Some(3), "{}", ran.stderr);
    assert!(
        ran.stderr
            .contains("ut/: error: this is a folder; give a file name\n"),
        "{}",
        ran.stderr
    );
}

/// Castling rights read from a diagram: a castled middlegame (king on g1, a rook still on a1)
/// is no Chess960 start and gets none it cannot have; a Chess960 start array with its king on
/// e and rooks off the corners castles with them.
#[test]
fn castling_from_a_diagram_is_chess960_only_for_a_start_array() {
    let dir = Sandbox::new();
    dir.write(
        "rok.pgn",
        "[White \"A\"]\n[Black \"B\"]\n[SetUp \"1\"]\n\
         [FEN \"r4rk1/ppp2ppp/8/8/8/8/PPP2PPP/R4RK1 w - - 0 20\"]\n\n20. a3 a6 *\n\n\
         [White \"C\"]\n[Black \"D\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
         [FEN \"brnqkrnb/pppppppp/8/8/8/8/PPPPPPPP/BRNQKRNB w KQkq - 0 1\"]\n\n\
         1. Nf3 Nf6 2. O-O O-O *\n",
    );
    let ran = dir.run(&[
        "build",
        "rok.pgn",
        "--start-diagram",
        "--verify",
        "-o",
        "rok.brf",
    ]);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    let read = dir.run(&["read", "rok.brf", "--notation", "ordinary", "-o", "-"]);
    let pgn = read.ok().text();
    let games: Vec<&str> = pgn.split("[Event ").skip(1).collect();
    assert_eq!(games.len(), 2, "{pgn}");
    assert!(
        games[0].contains("[FEN \"r4rk1/ppp2ppp/8/8/8/8/PPP2PPP/R4RK1 w - - 0 20\"]"),
        "{pgn}"
    );
    assert!(!games[0].contains("Chess960"), "{pgn}");
    assert!(games[1].contains("[Variant \"Chess960\"]"), "{pgn}");
    assert!(games[1].contains("2. O-O O-O"), "{pgn}");
}

/// In ordinary notation a game's move written wrongly right after a comment that names no
/// move of its own (`bra drag 3.Lb6`) is an error, not the start of a comment line; moves in
/// a book's prose (`Lösningen: 1.Dxh7+ Kxh7`) are no game's first move written wrongly.
#[test]
fn a_slip_after_a_comment_is_an_error_and_prose_moves_are_prose() {
    let dir = Sandbox::new();
    // The number with the move, and typed apart from it: the error at the move.
    for (name, number, place) in [("slip.brf", "#C'", "2:38"), ("isär.brf", "#C' ", "2:42")] {
        dir.write(
            name,
            format!(",A -- ,B\n#A' E#D E#E #B' ,SF#C ,SC#F BRA DRAG {number},LB#F A#F\n"),
        );
        let ran = dir.run(&["read", name, "--notation", "ordinary"]);
        assert_eq!(ran.code, Some(1), "{}", ran.stderr);
        let want = format!("{name}:{place}: error: no legal move is written so");
        assert!(ran.stderr.starts_with(&want), "{want}\n{}", ran.stderr);
    }
    dir.write(
        "bok.md",
        "# Kap\n\nLösningen: 1.Dxh7+ Kxh7 2.Th3+ Kg8 3.Th8 matt.\n\n```pgn\n1. e4 e5 *\n```\n",
    );
    let ran = dir.run(&["build", "bok.md", "-o", "bok.brf"]);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    let read = dir.run(&["read", "bok.brf", "--notation", "ordinary", "-o", "-"]);
    assert!(read.ok().text().contains("1. e4 e5 *"));
}

/// Where ordinary notation's braille allows two readings and the rules have little to go on,
/// `read` still writes the game, but names the place: a located warning with both readings
/// (the move as the game's, or as a comment's words) and exit code 5. Here the comment after
/// `2. c4` opens with another White move of that number, set apart as the game's are, and the
/// game ends before its moves can tell the readings apart; and a comment that names a line of
/// moves right where the game's own line ends. A reading that is sure says nothing (exit 0).
#[test]
fn a_choice_that_remains_between_two_readings_is_named_with_both() {
    let dir = Sandbox::new();
    // The game built in ordinary notation, then read back.
    let read_back = |name: &str, pgn: &str| {
        dir.write(&format!("{name}.pgn"), pgn);
        let (input, braille) = (format!("{name}.pgn"), format!("{name}.brf"));
        dir.run(&["build", &input, "--notation", "ordinary", "-o", &braille])
            .ok();
        dir.run(&["read", &braille, "--notation", "ordinary", "-o", "-"])
    };
    let read = read_back(
        "tva",
        "1. d4 d5 2. c4 {Damgambit. 2. Sf3 Sf6 3. c4 går också.} 2... e6 3. Nc3 Nf6 *\n",
    );
    assert_eq!(read.code, Some(5), "{}", read.stderr);
    // The place (file, line, cell), both readings, the cells.
    assert!(
        read.stderr
            .contains("tva.brf:1:13: warning: two readings remain"),
        "{}",
        read.stderr
    );
    assert!(
        read.stderr.contains("read as the game's move 2. c4")
            && read.stderr.contains("as a comment's words")
            && read.stderr.contains("⠼⠃⠄"),
        "{}",
        read.stderr
    );
    assert!(read.stderr.contains("1 place to check"), "{}", read.stderr);
    // The game is written, in the reading named first.
    let pgn = read.text().split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        pgn.contains("2. c4 {Damgambit. 2. Sf3 Sf6 3. c4 går också.} 2... e6 3. Nc3 Nf6"),
        "{pgn}"
    );

    let read = read_back(
        "najdorf",
        "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 {Najdorf. Nu 6. Le3 e5 7. Sb3 \
         Le6 8. f3 är engelska attacken, men} 6. Bg5 e6 7. f4 *\n",
    );
    assert_eq!(read.code, Some(5), "{}", read.stderr);
    assert!(
        read.stderr.contains("two readings remain") && read.stderr.contains("6. Be3"),
        "{}",
        read.stderr
    );

    // Sure readings: no warning, exit 0 (the same move written again tells them apart).
    let read = read_back(
        "saker",
        "1. e4 e5 2. Nf3 {Efter 2...Sc6 3.Lb5 a6 blir det spanskt.} 2... Nc6 3. Bb5 a6 *\n",
    );
    assert_eq!(read.code, Some(0), "{}", read.stderr);
    assert!(!read.stderr.contains("warning"), "{}", read.stderr);
}

/// A study whose opening comment ends with a number of its own (`Reykjavik 1972.`) right
/// before the first move's number (`14...d6`): the game begins at `14...`, from its diagram.
#[test]
fn a_study_whose_opening_comment_ends_with_a_number_reads_back() {
    let dir = Sandbox::new();
    dir.write(
        "studie.pgn",
        "[FEN \"r1bqkbn1/2ppppp1/p6r/1p6/1PP3p1/N2P1N1B/P3PP1P/RQ1nK2R b KQq - 1 14\"]\n\
         {Fischer-Spassky, Reykjavik 1972.} 14... d6 15. Nd4 (15. Bxg4 d5 16. Be6) 15... e6 \
         16. O-O Qe7 *\n",
    );
    for notation in ["ordinary", "compact"] {
        dir.run(&[
            "build",
            "studie.pgn",
            "--start-diagram",
            "--verify",
            "--notation",
            notation,
            "-o",
            "studie.brf",
        ])
        .ok();
        let read = dir.run(&["read", "studie.brf", "--notation", notation, "-o", "-"]);
        let pgn = read
            .ok()
            .text()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            pgn.contains("14... d6 15. Nd4 ( 15. Bxg4 d5 16. Be6 ) 15... e6 16. O-O Qe7")
                || pgn.contains("14... d6 15. Nd4 (15. Bxg4 d5 16. Be6) 15... e6 16. O-O Qe7"),
            "{notation}: {pgn}"
        );
    }
}

/// `read` of diagrams alone names positions, not games of no moves (issue 31, point 14); with
/// a game among them, both.
#[test]
fn diagrams_read_back_are_counted_as_positions() {
    let dir = Sandbox::new();
    dir.write(
        "d.fen",
        "8/8/8/8/8/8/8/K6k w - - 0 1\n\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
    );
    dir.run(&["build", "d.fen", "-o", "d.brf", "-q"]).ok();
    let ran = dir.run(&["read", "d.brf", "-o", "d.pgn"]);
    ran.ok();
    assert!(
        ran.stderr.contains("read 2 positions back from braille."),
        "{}",
        ran.stderr
    );
    dir.write(
        "b.md",
        "# Slutspel\n\n```fen\n8/8/8/8/8/8/8/K6k w - - 0 1\n```\n\n```pgn\n[White \"A\"]\n\
         [Black \"B\"]\n\n1. e4 e5 *\n```\n",
    );
    dir.run(&["build", "b.md", "-o", "b.brf", "-q"]).ok();
    let ran = dir.run(&["read", "b.brf", "--notation", "ordinary", "-o", "b.pgn"]);
    ran.ok();
    assert!(
        ran.stderr
            .contains("read 1 game (2 moves) and 1 position back from braille."),
        "{}",
        ran.stderr
    );
}
