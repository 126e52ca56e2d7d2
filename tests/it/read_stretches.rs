//! `read` a stretch of lines at a time (issue 32: it held the whole file, some 36 times its
//! size): the games read in stretches of any length are the games of a whole reading, with
//! the same errors; memory stays the same whatever the file's size.

use schackpunkt::{
    BrfTable, Error, InputKind, Notation, ReadGame, Settings, read_braille,
    read_braille_in_stretches, to_pgn,
};

use crate::support::{Sandbox, data, repo_file, written};

/// What a reading gave, as a test compares it: the PGN of the games read whole, each error,
/// the number of games and of places to check.
fn shown(read: Result<Vec<ReadGame>, Error>) -> String {
    match read {
        Ok(games) => {
            let whole: Vec<&ReadGame> = games.iter().filter(|g| g.error.is_none()).collect();
            let errors: Vec<String> = games
                .iter()
                .filter_map(|g| g.error.as_ref().map(|e| e.to_string()))
                .collect();
            let doubts: usize = games.iter().map(|g| g.doubts.len()).sum();
            format!(
                "{}\nerrors: {errors:?}\ndoubts: {doubts}\ngames: {}",
                to_pgn(&whole),
                games.len()
            )
        }
        Err(e) => format!("error: {e}"),
    }
}

/// Reads `braille` whole and in stretches of several lengths, shorter than it: the same.
fn same_in_stretches(what: &str, braille: &[u8], notation: Notation, games: usize) {
    // (A page ends with a form feed, a line within it with a line end.)
    let lines = braille
        .iter()
        .filter(|&&b| b == b'\n' || b == b'\x0c')
        .count();
    assert!(lines >= 20, "{what}: {lines} lines");
    for keep_going in [true, false] {
        let whole = read_braille("t.brf", braille, BrfTable::Nabcc, notation, keep_going);
        if keep_going {
            let read = whole.as_ref().map_or(0, Vec::len);
            assert!(read >= games, "{what}: {read} games read, {games} at least");
        }
        let whole = shown(whole);
        for stretch in [3, 11, lines / 4, lines / 2] {
            let part = read_braille_in_stretches(
                "t.brf",
                braille,
                BrfTable::Nabcc,
                notation,
                keep_going,
                stretch,
            );
            assert_eq!(
                shown(part),
                whole,
                "{what}, stretches of {stretch} lines, keep going {keep_going}"
            );
        }
    }
}

#[test]
fn games_read_in_stretches_are_the_games_of_a_whole_reading() {
    let games = std::fs::read_to_string(data("chess_real.pgn")).expect("chess_real.pgn");
    let count = games.matches("[Event ").count();
    assert!(count >= 5, "{count}");
    // A bulletin of these games six times over, each time other players: its contents list
    // runs over pages, longer than most stretches.
    let many: String = (1..=6)
        .map(|k| {
            games
                .replace("[White \"", &format!("[White \"{k}"))
                .replace("[Black \"", &format!("[Black \"{k}"))
        })
        .collect();
    let bulletin = Settings {
        bulletin: Some(true),
        page_length: Some(12),
        ..Settings::default()
    };
    let braille = written("t.pgn", InputKind::Pgn, many.as_bytes(), &bulletin);
    same_in_stretches("a bulletin", &braille, Notation::Compact, 6 * count);
    for (notation, line, bulletin) in [
        (Notation::Compact, 40, false),
        (Notation::Ordinary, 40, false),
        (Notation::Ordinary, 24, false),
        (Notation::Compact, 32, true),
    ] {
        let settings = Settings {
            notation: Some(notation),
            line_length: Some(line),
            bulletin: Some(bulletin),
            ..Settings::default()
        };
        let braille = written("t.pgn", InputKind::Pgn, games.as_bytes(), &settings);
        let what = format!("{notation:?}, line {line}, bulletin {bulletin}");
        same_in_stretches(&what, &braille, notation, count);
    }
    // Positions alone (no game: a stretch ends at a page or a diagram).
    let fen = std::fs::read_to_string(data("diagrams.fen")).expect("diagrams.fen");
    let braille = written(
        "d.fen",
        InputKind::Fen,
        fen.as_bytes(),
        &Settings::default(),
    );
    same_in_stretches("positions", &braille, Notation::Compact, 3);
}

#[test]
fn a_book_with_diagrams_prose_and_studies_reads_the_same_in_stretches() {
    let dir = Sandbox::new();
    let book = repo_file("samples/bok");
    let book = book.to_str().expect("a path in UTF-8");
    dir.run(&["build", book, "--line-length", "30", "-o", "bok.brf"])
        .ok();
    let braille = dir.read("bok.brf");
    same_in_stretches("the sample book", &braille, Notation::Ordinary, 3);
}

#[test]
fn a_broken_game_is_the_same_error_in_stretches() {
    // A knight's move of the third game written to a square of no board (`Sf9`): without
    // keep-going the error, with it the other games, whatever the stretch.
    let games = std::fs::read_to_string(data("chess_real.pgn")).expect("chess_real.pgn");
    let settings = Settings {
        notation: Some(Notation::Compact),
        ..Settings::default()
    };
    let braille = written("t.pgn", InputKind::Pgn, games.as_bytes(), &settings);
    let text = String::from_utf8(braille).expect("BRF is ASCII");
    // (`SF3`: Sf3 in compact notation, its digit lower; the third game's.)
    let at = text
        .match_indices("SF3")
        .nth(2)
        .map(|(k, _)| k)
        .expect("a third Sf3");
    let mut broken = text.clone();
    broken.replace_range(at..at + 3, "SF9");
    same_in_stretches("a broken game", broken.as_bytes(), Notation::Compact, 4);
    let error = shown(read_braille(
        "t.brf",
        broken.as_bytes(),
        BrfTable::Nabcc,
        Notation::Compact,
        false,
    ));
    assert!(error.starts_with("error: t.brf:"), "{error}");
}

#[test]
fn read_memory_stays_the_same_whatever_the_size() {
    // Issue 32: `read` held the whole file (a 29 MB BRF of 64 000 games took 1.03 GB). A game
    // after 60 lines of blanks, 1 000 and 4 000 times (2.6 and 10 MB): both read under one
    // limit of address space (40 MB), which the whole reading of the larger exceeded (it
    // needed between 50 and 60 MB; 20 MB resident for the smaller, 62 MB for the larger).
    let dir = Sandbox::new();
    dir.write(
        "g.pgn",
        "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 \
         4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 1-0\n",
    );
    dir.run(&["build", "g.pgn", "--notation", "compact", "-o", "g.brf"])
        .ok();
    let one = dir.read("g.brf");
    let blanks = format!("{}\n", " ".repeat(40)).repeat(60);
    for (copies, name) in [(1_000, "small.brf"), (4_000, "large.brf")] {
        let mut many = Vec::with_capacity((one.len() + blanks.len() + 1) * copies);
        for _ in 0..copies {
            many.extend_from_slice(blanks.as_bytes());
            many.extend_from_slice(&one);
            many.push(b'\n');
        }
        dir.write(name, many);
        let ran = dir
            .command(&["read", name, "-o", "ut.pgn"])
            .memory_limit(40 << 20)
            .run();
        ran.ok();
        let pgn = String::from_utf8(dir.read("ut.pgn")).expect("PGN is UTF-8");
        assert_eq!(pgn.matches("[White \"A\"]").count(), copies, "{name}");
        assert!(
            ran.stderr.contains(&format!("read {copies} games")),
            "{}",
            ran.stderr
        );
    }
}
