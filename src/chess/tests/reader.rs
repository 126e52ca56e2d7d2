//! The chess stage on its own: games read with pgn-reader and replayed with
//! shakmaty, facts from the position, and every error located by line and column.

use super::san_of;
use crate::Error;
use crate::chess::game::Disambiguation;
use crate::chess::{Check, Game, GameResult, Item, MoveFacts, MoveKind, PgnReader};
use shakmaty::{CastlingSide, Color, Position, Role, Square};

fn read_all(src: &str) -> Result<Vec<Game>, Error> {
    let mut r = PgnReader::new(src.as_bytes(), "test.pgn");
    let mut games = Vec::new();
    while let Some(g) = r.read_game()? {
        games.push(g);
    }
    Ok(games)
}

fn read_file(name: &str) -> Vec<Game> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut r = PgnReader::new(text.as_bytes(), name);
    let mut games = Vec::new();
    loop {
        match r.read_game() {
            Ok(Some(g)) => games.push(g),
            Ok(None) => break,
            Err(e) => panic!("{e}"),
        }
    }
    assert_eq!(r.take_warnings(), vec![], "{name}");
    games
}

fn moves(g: &Game) -> Vec<MoveFacts> {
    g.items
        .iter()
        .filter_map(|i| match i {
            Item::Move(m) => Some(*m),
            _ => None,
        })
        .collect()
}

/// The main-line move of `number` for `color` (the first such move in source order).
fn mv(g: &Game, number: u32, color: Color) -> MoveFacts {
    moves(g)
        .into_iter()
        .find(|m| m.number == number && m.color == color)
        .unwrap_or_else(|| panic!("no move {number} {color:?}"))
}

fn normal(
    m: MoveFacts,
) -> (
    Role,
    Square,
    Square,
    bool,
    bool,
    Option<Role>,
    Disambiguation,
) {
    match m.kind {
        MoveKind::Normal {
            role,
            from,
            to,
            capture,
            en_passant,
            promotion,
            disambiguation,
        } => (
            role,
            from,
            to,
            capture,
            en_passant,
            promotion,
            disambiguation,
        ),
        other => panic!("not a normal move: {other:?}"),
    }
}

const NONE: Disambiguation = Disambiguation {
    file: false,
    rank: false,
};
const FILE: Disambiguation = Disambiguation {
    file: true,
    rank: false,
};
const RANK: Disambiguation = Disambiguation {
    file: false,
    rank: true,
};

/// The error of reading `src`, as (line, column, width, message, hint).
fn error(src: &str) -> (u32, u32, u32, String, Option<String>) {
    match read_all(src) {
        Err(Error::Input(d)) => (
            d.location.line,
            d.location.column,
            d.width,
            d.message,
            d.hint,
        ),
        Err(other) => panic!("not an input error: {other}"),
        Ok(g) => panic!("no error, {} games", g.len()),
    }
}

fn check_book_game(g: &Game) {
    assert_eq!(moves(g).len(), 48);
    assert_eq!(g.result, Some(GameResult::BlackWins));
    // 5. Bb5+: check from the position.
    assert_eq!(mv(g, 5, Color::White).check, Check::Single);
    // 6. Ngf3: two knights reach f3, the file decides.
    assert_eq!(normal(mv(g, 6, Color::White)).6, FILE);
    assert_eq!(
        mv(g, 8, Color::White).kind,
        MoveKind::Castle(CastlingSide::KingSide)
    );
    assert_eq!(
        mv(g, 13, Color::Black).kind,
        MoveKind::Castle(CastlingSide::QueenSide)
    );
    // 10. Nbxd4.
    let (role, from, to, capture, ..) = normal(mv(g, 10, Color::White));
    assert_eq!(
        (role, from, to, capture),
        (Role::Knight, Square::B3, Square::D4, true)
    );
    // 14. N2b3: knights on d2 and d4, the rank alone decides.
    let n2b3 = normal(mv(g, 14, Color::White));
    assert_eq!((n2b3.1, n2b3.2, n2b3.6), (Square::D2, Square::B3, RANK));
    // 17...hxg3 is en passant.
    let (role, from, to, capture, ep, ..) = normal(mv(g, 17, Color::Black));
    assert_eq!(
        (role, from, to, capture, ep),
        (Role::Pawn, Square::H4, Square::G3, true, true)
    );
    // 18. Rad1.
    assert_eq!(normal(mv(g, 18, Color::White)).6, FILE);
    // 21...g1=Q+.
    let q = mv(g, 21, Color::Black);
    assert_eq!(normal(q).5, Some(Role::Queen));
    assert_eq!(q.check, Check::Single);
    // 22. Rxg1: only one rook can take, no disambiguation.
    assert_eq!(normal(mv(g, 22, Color::White)).6, NONE);
    // 24...Qg2#.
    let mate = mv(g, 24, Color::Black);
    assert_eq!(mate.check, Check::Mate);
    assert_eq!(normal(mate).2, Square::G2);
    // Every other move without check.
    let checks = moves(g).iter().filter(|m| m.check != Check::None).count();
    assert_eq!(checks, 6);
}

#[test]
fn the_book_game() {
    let games = read_file("exempelparti.pgn");
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.number, 1);
    assert_eq!(g.tag("Event"), Some("?"));
    assert_eq!(g.tags.len(), 7);
    assert_eq!(
        g.location.as_ref().map(|l| (l.line, l.column)),
        Some((1, 1))
    );
    check_book_game(g);
}

#[test]
fn swedish_letters() {
    let games = read_file("chess_swedish.pgn");
    assert_eq!(games.len(), 2);
    check_book_game(&games[0]);
    assert_eq!(
        games[0].tag("Event"),
        Some("Exempelparti med svenska bokstäver")
    );
    // B is a pawn (bonde) in a game with Swedish letters.
    let g = &games[1];
    let e4 = normal(mv(g, 1, Color::White));
    assert_eq!((e4.0, e4.1, e4.2), (Role::Pawn, Square::E2, Square::E4));
    let bdxc6 = normal(mv(g, 4, Color::Black));
    assert_eq!((bdxc6.0, bdxc6.1, bdxc6.3), (Role::Pawn, Square::D7, true));
    assert_eq!(normal(mv(g, 3, Color::White)).0, Role::Bishop);
    assert_eq!(g.result, Some(GameResult::Unknown));
}

#[test]
fn long_algebraic_figurines_fen_null_moves_variations() {
    let games = read_file("chess_mixed.pgn");
    assert_eq!(games.len(), 4);
    assert_eq!(
        games.iter().map(|g| g.number).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );

    // Long algebraic, over-disambiguated in the source: facts from the position.
    let g = &games[0];
    assert_eq!(g.location.as_ref().map(|l| l.line), Some(4));
    let nf3 = normal(mv(g, 2, Color::White));
    assert_eq!(
        (nf3.0, nf3.1, nf3.2, nf3.6),
        (Role::Knight, Square::G1, Square::F3, NONE)
    );
    assert!(normal(mv(g, 4, Color::Black)).3);
    assert_eq!(normal(mv(g, 9, Color::White)).6, NONE);
    assert_eq!(g.result, Some(GameResult::WhiteWins));

    // Figurines, no tags.
    let g = &games[1];
    assert!(g.tags.is_empty());
    assert_eq!(normal(mv(g, 1, Color::Black)).0, Role::Knight);
    assert_eq!(normal(mv(g, 3, Color::White)).0, Role::Bishop);
    assert_eq!(
        mv(g, 4, Color::Black).kind,
        MoveKind::Castle(CastlingSide::KingSide)
    );

    // FEN with Black to move; null moves keep the move numbers right.
    let g = &games[2];
    let m = moves(g);
    assert_eq!((m[0].number, m[0].color), (30, Color::Black));
    assert_eq!((m[1].number, m[1].color), (31, Color::White));
    assert_eq!(
        (m[4].kind, m[4].number, m[4].color),
        (MoveKind::Null, 32, Color::Black)
    );
    assert_eq!((m[5].number, m[5].color), (33, Color::White));
    assert_eq!((m[6].kind, m[6].number), (MoveKind::Null, 33));

    // Comments, nested variations, NAGs.
    let g = &games[3];
    let shape: Vec<String> = g
        .items
        .iter()
        .map(|i| match i {
            Item::Move(m) => format!(
                "{}{}",
                m.number,
                if m.color == Color::White { "w" } else { "b" }
            ),
            Item::Nag(n, _) => format!("${n}"),
            Item::Comment(c, _) => format!("{{{}}}", g.comment(c)),
            Item::Commands => "{commands}".into(),
            Item::VariationStart => "(".into(),
            Item::VariationEnd => ")".into(),
            Item::Diagram(_) => "#".into(),
        })
        .collect();
    assert_eq!(
        shape.join(" "),
        "1w {Bäst enligt test} 1b ( 1b 2w ( 2w 2b ) 2b ) 2w $1 2b $5"
    );
    // The variation 1...c5 replaces 1...e5.
    let Item::Move(c5) = g.items[4] else { panic!() };
    assert_eq!(normal(c5).2, Square::C5);
}

/// A comment of commands alone (a clock time) is kept as such, written nowhere; one whose
/// only `]` after a command's start is a diagram mark's (`[%x [#]`, the command never closed)
/// is a comment with the mark, its text before the mark kept as text (a review's find: the
/// mark's `]` had closed the command, and text and diagram were lost).
#[test]
fn commands_alone_and_a_mark_that_closes_no_command() {
    let g = &read_all("1. e4 { [%clk 0:01:00] } e5 {[%x [#]} 2. Nf3 {[%clk 1] x} *\n").unwrap()[0];
    let shape: Vec<String> = g
        .items
        .iter()
        .map(|i| match i {
            Item::Move(_) => "m".into(),
            Item::Commands => "commands".into(),
            Item::Comment(c, at) => format!("comment{{{}}}@{}", g.comment(c), at.column),
            Item::Diagram(_) => "#".into(),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(
        shape,
        [
            "m",
            "commands",
            "m",
            "comment{[%x }@30",
            "#",
            "m",
            "comment{[%clk 1] x}@47",
        ]
    );
}

/// ChessBase's `[#]` (issue 31): a diagram of the position where it stands among the
/// comment's words; the text on each side a comment of its own, at its place in the file.
#[test]
fn a_diagram_mark_in_a_comment_is_the_position_there() {
    let games = read_all("1. e4 {Bra. [#] Nu hotar} e5 2. Nf3 {[#]} ( 2. f4 {[#]}) *\n").unwrap();
    let g = &games[0];
    let after = |moves: &[&str]| {
        let mut pos = shakmaty::Chess::default();
        for m in moves {
            let san: shakmaty::san::San = m.parse().unwrap();
            let mv = san.to_move(&pos).unwrap();
            pos.play_unchecked(mv);
        }
        (pos.board().clone(), pos.turn())
    };
    let mut diagrams = Vec::new();
    let mut texts = Vec::new();
    for item in &g.items {
        match item {
            Item::Diagram(d) => diagrams.push((**d).clone()),
            Item::Comment(c, at) => texts.push((g.comment(c).to_owned(), at.column)),
            _ => {}
        }
    }
    assert_eq!(
        diagrams,
        [
            after(&["e4"]),
            after(&["e4", "e5", "Nf3"]),
            after(&["e4", "e5", "f4"])
        ]
    );
    assert_eq!(
        texts,
        [("Bra. ".to_owned(), 8), (" Nu hotar".to_owned(), 16)]
    );
}

#[test]
fn games_with_and_without_tags_split_like_pgn_reader() {
    let src = "[Event \"A\"]\n\n1. e4 e5 1-0\n[Event \"B\"]\n1. d4 *\n\n\n1. c4 c5\n\n1. Nf3\n";
    let games = read_all(src).unwrap();
    assert_eq!(games.len(), 4);
    assert_eq!(games[1].tag("Event"), Some("B"));
    assert!(games[2].tags.is_empty());
    assert_eq!(moves(&games[2]).len(), 2);
    assert_eq!(games[2].result, None);
    assert_eq!(games[3].location.as_ref().map(|l| l.line), Some(10));
}

#[test]
fn result_from_the_tag_when_the_movetext_has_none() {
    let g = &read_all("[Result \"1/2-1/2\"]\n1. e4 e5").unwrap()[0];
    assert_eq!(g.result, Some(GameResult::Draw));
}

#[test]
fn annotations_glued_and_symbols() {
    let g = &read_all("1. e4! e5?! 2. Nf3!! Nc6?? 3. Bb5!? a6? +- 4. Ba4 ± $146 *").unwrap()[0];
    let nags: Vec<u8> = g
        .items
        .iter()
        .filter_map(|i| {
            if let Item::Nag(n, _) = i {
                Some(*n)
            } else {
                None
            }
        })
        .collect();
    assert_eq!(nags, [1, 6, 3, 4, 5, 2, 18, 16, 146]);
}

#[test]
fn promotion_forms_and_en_passant_marks() {
    let base = "[FEN \"7k/P7/8/8/8/8/8/K7 w - - 0 1\"]\n1. ";
    for p in ["a8=Q", "a8Q", "a8(Q)", "a8/Q", "a8=♕", "a8=Q+"] {
        let g = &read_all(&format!("{base}{p}")).unwrap()[0];
        let m = mv(g, 1, Color::White);
        assert_eq!(normal(m).5, Some(Role::Queen), "{p}");
        assert_eq!(m.check, Check::Single, "{p}");
    }
    let g = &read_all("1. e4 a6 2. e5 d5 3. exd6 e.p. c6 4. d7+").unwrap()[0];
    assert!(normal(mv(g, 3, Color::White)).4);
    let g = &read_all("1. e4 a6 2. e5 d5 3. exd6ep").unwrap()[0];
    assert!(normal(mv(g, 3, Color::White)).4);
}

#[test]
fn double_check_and_unmarked_captures() {
    // Légal's mate, its captures written without x.
    let g = &read_all("1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Ne5 Bd1 6. Bf7+ Ke7 7. Nd5#")
        .unwrap()[0];
    assert!(
        normal(mv(g, 5, Color::White)).3,
        "Ne5 captures though written without x"
    );
    assert_eq!(mv(g, 7, Color::White).check, Check::Mate);
    // Double check: the knight and the rook behind it.
    let g = &read_all("[FEN \"4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1\"]\n1. Nf6++").unwrap()[0];
    assert_eq!(mv(g, 1, Color::White).check, Check::Double);
    let g = &read_all("[FEN \"4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1\"]\n1. Nc5+").unwrap()[0];
    assert_eq!(mv(g, 1, Color::White).check, Check::Single);
}

#[test]
fn warnings_for_source_signs_that_are_wrong() {
    let mut r = PgnReader::new("1. e4+ e5 3. Nf3# Nc6".as_bytes(), "w.pgn");
    assert!(r.read_game().unwrap().is_some());
    let w: Vec<String> = r.take_warnings().into_iter().map(|w| w.0.message).collect();
    assert_eq!(
        w,
        [
            "'e4+' is marked as check but gives no check in game 1",
            "move number 3 where the position has move 2 in game 1",
            "'Nf3#' is marked as mate but is not mate in game 1",
        ]
    );
    assert!(r.take_warnings().is_empty());
}

#[test]
fn reading_goes_on_after_an_error() {
    let mut r = PgnReader::new("1. e4 xyz\n\n1. d4 d5\n".as_bytes(), "t.pgn");
    assert!(r.read_game().is_err());
    let g = r.read_game().unwrap().unwrap();
    assert_eq!((g.number, moves(&g).len()), (2, 2));
    assert!(r.read_game().unwrap().is_none());
}

#[test]
fn pgn_inside_another_file_keeps_its_line_numbers() {
    let mut r = PgnReader::new("1. e4 e5\n2. Nf6".as_bytes(), "book.md").starting_at_line(40);
    let Err(Error::Input(d)) = r.read_game() else {
        panic!()
    };
    assert_eq!(
        (d.location.file.as_str(), d.location.line, d.location.column),
        ("book.md", 41, 4)
    );
}

// ---- Errors, each with its exact place. ----

#[test]
fn illegal_move_names_file_line_column_and_game() {
    let src = "1. e4 *\n\n1. d4 *\n\n[White \"Carlsen, Magnus\"]\n[Black \"Caruana, Fabiano\"]\n\n1. e4 e5\n2. Nf3 Nc6 3. Nf6";
    let (line, col, width, msg, _) = error(src);
    assert_eq!((line, col, width), (9, 15, 3));
    assert_eq!(
        msg,
        "illegal move 'Nf6' in game 3 (Carlsen, Magnus – Caruana, Fabiano): no knight can reach f6"
    );
    match read_all(src) {
        Err(e) => assert!(
            e.to_string()
                .starts_with("test.pgn:9:15: error: illegal move 'Nf6'")
        ),
        Ok(_) => panic!(),
    }
}

#[test]
fn ambiguous_move() {
    let (line, col, _, msg, hint) = error("1. d4 d5 2. Nf3 Nf6 3. Nd2");
    assert_eq!((line, col), (1, 24));
    assert_eq!(
        msg,
        "ambiguous move 'Nd2' in game 1: the knights on b1 and f3 can both reach d2"
    );
    assert!(hint.is_some());
}

#[test]
fn capture_mark_with_nothing_to_capture() {
    let (line, col, _, msg, _) = error("1. e4 e5 2. Nxf3");
    assert_eq!((line, col), (1, 13));
    assert_eq!(
        msg,
        "illegal move 'Nxf3' in game 1: there is nothing to capture on f3"
    );
    let (_, col, _, msg, _) = error("1. e4 d5 2. exf5");
    assert_eq!(col, 13);
    assert!(msg.contains("'exf5'"), "{msg}");
}

#[test]
fn move_after_mate() {
    let (line, col, _, msg, _) = error("1. f3 e5 2. g4 Qh4#\n3. a3");
    assert_eq!((line, col), (2, 4));
    assert_eq!(
        msg,
        "illegal move 'a3' in game 1: the game is over: White is checkmated"
    );
}

/// In check, a move that neither takes nor blocks the checking piece is refused, also by a
/// piece on no line through its king (the replay's quick way takes such a piece's move as
/// legal only when it knows the king is not in check), in a game the guard reads and in one
/// it does not, in the main line and in a variation.
#[test]
fn a_move_that_leaves_the_king_in_check_is_refused() {
    for pgn in [
        "1. e4 f6 2. Qh5+ a6 *",
        "1. e4 f6 2. Qh5+ {Schack.} 2... a6 *",
        "1. e4 f6 2. Qh5+ (2. d4 g5 3. Qh5+ a6) *",
        // (After a variation with no check at its end, the check of the line it left.)
        "1. e4 f6 2. Qh5+ (2. d4 d5) 2... a6 *",
    ] {
        let (line, col, _, msg, _) = error(pgn);
        let a6 = pgn.find("a6").map(|i| i + 1);
        assert_eq!((line, Some(col as usize)), (1, a6), "{pgn}");
        assert!(
            msg.starts_with("illegal move 'a6' in game 1"),
            "{pgn}: {msg}"
        );
    }
}

#[test]
fn null_move_in_check() {
    let (line, col, _, msg, _) = error("1. e4 f5 2. Qh5+ --");
    assert_eq!((line, col), (1, 18));
    assert!(msg.contains("null move"), "{msg}");
}

#[test]
fn missing_promotion_piece() {
    let (_, col, _, msg, _) = error("[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n1. a8");
    assert_eq!(col, 4);
    assert!(
        msg.ends_with("a pawn reaching the last rank must promote"),
        "{msg}"
    );
}

/// A stretch with no tag and no word that reads as a move is text between games; one word
/// of a move makes it a game with a slip in it.
#[test]
fn text_between_games() {
    let (line, col, width, msg, hint) = error("Rond 2 spelas i morgon.\n");
    assert_eq!((line, col, width), (1, 1, 23));
    assert_eq!(
        msg,
        "text between games, in no game: 'Rond 2 spelas i morgon.'"
    );
    assert!(hint.unwrap().contains("{like this}"));
    let (_, _, _, msg, _) = error("Efter e4 vann vit.\n");
    assert_eq!(msg, "cannot read 'Efter' as a move in game 1");
    // A word of one letter first, a number first, a quote: text all the same.
    for text in [
        "I morgon spelas rond 2.",
        "2:a ronden spelas i morgon.",
        "\"Rond 2\" i dag",
    ] {
        let (_, _, _, msg, _) = error(text);
        assert!(msg.starts_with("text between games"), "{text}: {msg}");
    }
    // A game's slip is no text, nor are bytes that are no words.
    for game in ["1. e9 *", "\u{1}\u{2}"] {
        let (_, _, _, msg, _) = error(game);
        assert!(msg.starts_with("cannot read"), "{game:?}: {msg}");
    }
    // A tag that lost its brackets is named so.
    let (_, _, _, msg, hint) = error("Event \"SM\"\n");
    assert_eq!(msg, "a tag without its brackets: 'Event \"SM\"'");
    assert_eq!(
        hint.unwrap(),
        "a tag is written in square brackets: [Event \"SM\"]"
    );
}

#[test]
fn unknown_tokens() {
    let (line, col, width, msg, _) = error("1. e4 e5\n2. Nf3 xyz");
    assert_eq!((line, col, width), (2, 8, 3));
    assert_eq!(msg, "cannot read 'xyz' as a move in game 1");
    let (_, col, _, msg, hint) = error("1. e4 e5 2. nf3");
    assert_eq!(col, 13);
    assert!(msg.contains("'nf3'"));
    assert!(hint.unwrap().contains("capitals"));
    // Columns count characters, not bytes.
    let (_, col, width, msg, _) = error("1. ♘f3 ¤");
    assert_eq!((col, width), (8, 1));
    assert!(msg.contains("'¤'"));
    let (_, col, _, _, _) = error("1. e4 e5 2. Nf3+++");
    assert_eq!(col, 13);
    let (_, col, _, msg, _) = error("1. e4 $256");
    assert_eq!(col, 7);
    assert!(msg.contains("'$256'"));
}

#[test]
fn english_and_swedish_letters_in_one_game() {
    let (line, col, _, msg, hint) = error("1. e4 e5 2. Nf3 d6\n3. Lc4 Sc6");
    assert_eq!((line, col), (2, 4));
    assert_eq!(
        msg,
        "'Lc4' uses Swedish piece letters, but this game already uses English ones (first in 'Nf3') in game 1"
    );
    assert!(hint.unwrap().contains("K D T L S"));
    // One game each is fine.
    assert_eq!(read_all("1. Nf3 *\n\n1. Sf3 *").unwrap().len(), 2);
}

#[test]
fn structural_errors() {
    // Unterminated comment: located at its '{'.
    let (line, col, _, msg, _) = error("1. e4 e5\n2. Nf3 {no end\n\n3. Bb5 a6");
    assert_eq!((line, col), (2, 8));
    assert!(msg.starts_with("unterminated comment"), "{msg}");
    // Unclosed variation: located at its '('.
    let (line, col, _, msg, _) = error("1. e4 e5 (1... c5 2. Nf3\n2. Nf3 Nc6");
    assert_eq!((line, col), (1, 10));
    assert!(msg.starts_with("unclosed variation"), "{msg}");
    let (line, col, ..) = error("1. e4 e5 (1... c5 2. Nf3\n2. Nf3 Nc6 1-0");
    assert_eq!((line, col), (1, 10));
    // Stray ')'.
    let (line, col, _, msg, _) = error("1. e4 e5 )\n");
    assert_eq!((line, col), (1, 10));
    assert!(msg.starts_with("')' without a '('"), "{msg}");
    // Stray '}'.
    assert_eq!(error("1. e4 } e5").1, 7);
    // Unterminated tag.
    let (line, col, _, msg, _) = error("[Event \"Open\n[Site \"x\"]\n1. e4");
    assert_eq!((line, col), (1, 1));
    assert!(msg.starts_with("unterminated tag"), "{msg}");
    let (_, col, _, msg, _) = error("[Event \"x\" junk]\n1. e4");
    assert_eq!(col, 1);
    assert!(msg.starts_with("unterminated tag"), "{msg}");
    // Text after the result.
    let (line, col, _, msg, hint) = error("1. e4 e5 1-0 2. Nf3");
    assert_eq!((line, col), (1, 14));
    assert!(msg.starts_with("text after the result: '2.'"), "{msg}");
    assert!(hint.unwrap().contains("blank line"));
    // A variation before any move.
    let (_, col, _, msg, _) = error("(1. d4) 1. e4");
    assert_eq!(col, 1);
    assert!(
        msg.starts_with("variation without a move before it"),
        "{msg}"
    );
}

/// A move number with no move after it (a file cut short in the middle of a move, a slip) is
/// an error at the number: read on, the number would be dropped and a cut-off `N` taken for
/// the novelty sign of the move before.
#[test]
fn move_number_without_its_move() {
    let cases = [
        // (source, column of the number, what stands after it, hint's start)
        (
            "1. e4 e5 2. N",
            10,
            "'N' after the move number '2.'",
            "an annotation",
        ),
        (
            "1. e4 e5 2... !",
            10,
            "'!' after the move number '2...'",
            "an annotation",
        ),
        (
            "1. e4 e5 2.",
            10,
            "move number '2.' with no move after it",
            "a move stands",
        ),
        (
            "1. e4 e5 2. {cut} ",
            10,
            "move number '2.' with no move after it",
            "a move",
        ),
        (
            "1. e4 e5 2. (2. d4) Nf3",
            10,
            "'(' after the move number '2.'",
            "a move",
        ),
        (
            "1. e4 (1. d4 d5 2.) e5",
            17,
            "')' after the move number '2.'",
            "a move",
        ),
    ];
    for (src, col, msg, hint) in cases {
        let (line, c, width, m, h) = error(src);
        assert_eq!((line, c), (1, col), "{src}");
        // The number is underlined: `2.` or `2...`.
        assert_eq!(width, if src.contains("2...") { 4 } else { 2 }, "{src}");
        assert!(m.starts_with(msg), "{src}: {m}");
        assert!(h.is_some_and(|h| h.starts_with(hint)), "{src}");
    }
    // A comment between the number and its move, and a number before a black move after a
    // comment, are as they should be.
    let games = read_all("1. e4 {c} 1... e5 2. {x} Nf3 *").unwrap();
    assert_eq!(moves(&games[0]).len(), 3);
    // A number before the result (`41. 1-0`, as some programs end a game), or written twice,
    // loses nothing but itself: a warning at it.
    for (src, msg) in [
        (
            "1. e4 e5 2. 1-0",
            "move number '2.' with no move after it before the result '1-0'",
        ),
        (
            "1. e4 e5 2. {gav upp} 1-0",
            "move number '2.' with no move after it before",
        ),
        (
            "1. e4 e5 2. 2. Nf3 *",
            "two move numbers with no move between them",
        ),
    ] {
        let mut r = PgnReader::new(src.as_bytes(), "t.pgn");
        assert!(matches!(r.read_game(), Ok(Some(_))), "{src}");
        let w = r.take_warnings();
        assert_eq!(w.len(), 1, "{src}: {w:?}");
        let at = &w[0].0.location;
        assert_eq!((at.line, at.column), (1, 10), "{src}");
        assert!(w[0].0.message.starts_with(msg), "{src}: {}", w[0].0.message);
    }
    // The scan's own error after a number is the one reported, not the number's.
    let (_, col, _, msg, _) = error("1. e4 e5 2. Xy3");
    assert_eq!(col, 13, "{msg}");
}

#[test]
fn bad_fen_is_located_at_its_tag() {
    // The field that is wrong, at its place in the tag, as in a `.fen` file.
    let (line, col, _, msg, _) = error("[Event \"x\"]\n[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4");
    assert_eq!((line, col), (2, 7));
    assert!(
        msg.starts_with("bad FEN tag in game 1: malformed FEN: board: 3 ranks"),
        "{msg}"
    );
    // A FEN without kings is not a position.
    let (line, _, _, msg, _) = error("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4");
    assert_eq!(line, 1);
    assert!(msg.starts_with("bad FEN"), "{msg}");
}

/// Counters beyond `u32::MAX`: shakmaty saturates them, which would number the moves wrong
/// without a word. A `[FEN]` tag's counter that large is a bad FEN (as in a `.fen` file); a
/// move past the largest number is an error at that move, also after a variation.
#[test]
fn counters_too_large_are_errors() {
    let (line, col, _, msg, _) =
        error("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999999999999\"]\n\n1. Kd1 *");
    assert_eq!((line, col), (1, 35));
    assert!(
        msg.ends_with("fullmove number: 99999999999999999999 is too large"),
        "{msg}"
    );
    let (_, _, _, msg, _) = error("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 4294967296 1\"]\n\n1. Kd1 *");
    assert!(
        msg.ends_with("halfmove clock: 4294967296 is too large"),
        "{msg}"
    );
    let at_max = "[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 4294967295\"]\n\n4294967295... Kd8";
    // The last countable move, and a variation on it, are fine.
    let g = &read_all(&format!("{at_max} (4294967295... Kf8) *")).unwrap()[0];
    assert_eq!(mv(g, u32::MAX, Color::Black).number, u32::MAX);
    for (rest, col) in [
        (" Kd1 *", 19),
        (" (4294967295... Kf8) Kd1 *", 39),
        (" -- *", 19),
    ] {
        let (line, c, _, msg, _) = error(&format!("{at_max}{rest}"));
        assert_eq!((line, c), (3, col), "{rest}");
        assert!(
            msg.ends_with("its number would be more than 4294967295, the largest move number"),
            "{msg}"
        );
    }
    let (_, c, _, _, _) = error(&format!("{at_max} (4294967295... Kf8 Kd1) *"));
    assert_eq!(c, 38);
}

#[test]
fn over_disambiguated_source_gets_the_minimal_disambiguation() {
    let g = &read_all("1. Ngf3 Nbc6 2. Nb1c3 Ng8-f6 3. Nf3xe5").map_err(|e| e.to_string());
    let Err(e) = g else {
        panic!("Nf3xe5 captures nothing")
    };
    assert!(e.contains("nothing to capture on e5"), "{e}");
    let g = &read_all("1. Ngf3 Nbc6 2. Nb1c3 Ng8-f6 3. e4 e5 4. Nf3xe5").unwrap()[0];
    for m in moves(g) {
        if let MoveKind::Normal { disambiguation, .. } = m.kind {
            assert_eq!(disambiguation, NONE, "{m:?}");
        }
    }
}

#[test]
fn chess960_castling_from_a_fen() {
    let src = "[Variant \"Chess960\"]\n[FEN \"1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w GBgb - 0 1\"]\n\n1. O-O O-O-O *";
    let g = &read_all(src).unwrap()[0];
    let m = moves(g);
    assert_eq!(m[0].kind, MoveKind::Castle(CastlingSide::KingSide));
    assert_eq!(m[1].kind, MoveKind::Castle(CastlingSide::QueenSide));
    // Without the Variant tag the castling rights need Chess960 too: the fallback.
    let g = &read_all(&src.replace("[Variant \"Chess960\"]\n", "")).unwrap()[0];
    assert_eq!(moves(g).len(), 2);
}

/// Real games (TWIC and lichess, picked for en passant, promotions, under-promotion, mate,
/// double check and rank disambiguation): the facts give back python-chess's SAN exactly.
#[test]
fn real_games_give_back_the_reference_san() {
    let games = read_file("chess_real.pgn");
    let path = format!("{}/tests/data/chess_real.san", env!("CARGO_MANIFEST_DIR"));
    let expected = std::fs::read_to_string(path).unwrap();
    let expected: Vec<&str> = expected.lines().collect();
    assert_eq!(games.len(), expected.len());
    for (g, want) in games.iter().zip(expected) {
        let got: Vec<String> = moves(g).iter().map(san_of).collect();
        assert_eq!(got.join(" "), want, "game {}", g.number);
    }
    let all: Vec<MoveFacts> = games.iter().flat_map(moves).collect();
    assert!(all.iter().any(|m| m.check == Check::Double));
    assert!(all.iter().any(|m| matches!(
        m.kind,
        MoveKind::Normal {
            en_passant: true,
            ..
        }
    )));
    assert!(all.iter().any(|m| matches!(
        m.kind,
        MoveKind::Normal {
            promotion: Some(Role::Knight | Role::Rook | Role::Bishop),
            ..
        }
    )));
    // The lichess game keeps its clock comments' places, as comments of commands alone,
    // one after every move; their text is not kept.
    let last = games.last().unwrap();
    let count = |f: fn(&Item) -> bool| last.items.iter().filter(|i| f(i)).count();
    assert_eq!(
        count(|i| matches!(i, Item::Commands)),
        count(|i| matches!(i, Item::Move(_)))
    );
    assert!(!last.text.contains("%clk"));
}

#[test]
fn file_and_rank_when_neither_alone_decides() {
    let fen = "[FEN \"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1\"]\n1. ";
    for (mv_text, want) in [
        ("Qa1b2", "Qa1b2"),
        ("Qcb2", "Qcb2"),
        ("Q3b2", "Q3b2"),
        ("Qc1-b2", "Qcb2"),
    ] {
        let g = &read_all(&format!("{fen}{mv_text}")).unwrap()[0];
        assert_eq!(san_of(&moves(g)[0]), want, "{mv_text}");
    }
    let (_, _, _, msg, _) = error(&format!("{fen}Qb2"));
    assert_eq!(
        msg,
        "ambiguous move 'Qb2' in game 1: the queens on a1, c1 and a3 can all reach b2"
    );
}

#[test]
fn a_form_feed_before_an_escape_line_does_not_let_its_words_in() {
    // pgn-reader takes a `%` line for an escape line only after spaces and tabs: given the
    // source as it is, it read `Nf3` and a comment to the game's `}` out of this one.
    for blank in ["\u{c}", "\u{b}"] {
        let src = format!("[Event \"x\"]\n{blank}\n  % Nf3 {{\n1. e4 {{x}} *\n");
        let games = read_all(&src).unwrap();
        assert_eq!(games.len(), 1);
        let m = moves(&games[0]);
        assert_eq!(m.len(), 1);
        assert!(
            matches!(
                m[0].kind,
                MoveKind::Normal {
                    role: Role::Pawn,
                    to: Square::E4,
                    ..
                }
            ),
            "{blank:?}"
        );
        assert_eq!(games[0].text, "x", "{blank:?}");
    }
}

#[test]
fn escape_lines_bom_and_blank_lines_with_spaces() {
    // A BOM, `%` escape lines, a line of blanks inside movetext (pgn-reader ends a game only at
    // an empty line) and CRLF line ends.
    let src =
        "\u{feff}[Event \"E\"]\r\n%escape\r\n\r\n1. e4 e5\r\n   \r\n%x\r\n2. Nf3 *\r\n\r\n1. d4 *";
    let games = read_all(src).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(moves(&games[0]).len(), 3);
    assert_eq!(games[1].location.as_ref().map(|l| l.line), Some(9));
}
