//! Bulletins with broken games (`--keep-going`, `check`), and the same bytes on any number of
//! threads (`--jobs`).

use std::path::Path;

use crate::support::Sandbox;

const GAMES: &str = include_str!("../data/chess_real.pgn");

/// The games of `chess_real.pgn`, each as its own text.
fn real_games() -> Vec<String> {
    let mut games = Vec::new();
    let mut current = String::new();
    for line in GAMES.lines() {
        if line.starts_with("[Event ") && !current.is_empty() {
            games.push(std::mem::take(&mut current));
        }
        current.push_str(line);
        current.push('\n');
    }
    games.push(current);
    assert_eq!(games.len(), 7, "the test data changed");
    games
}

/// Games that cannot be transcribed, each for another reason, and the piece of the error
/// that names it.
const BROKEN: [(&str, &str); 3] = [
    (
        "[Event \"Bulletin\"]\n[Round \"{r}\"]\n[White \"Fel, Ett\"]\n[Black \"Fel, Två\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n",
        "illegal move 'Ke3'",
    ),
    (
        "[Event \"Bulletin\"]\n[Round \"{r}\"]\n[White \"Fel, Tre\"]\n[Black \"Fel, Fyra\"]\n\n1. d4 d5 2. Zf3 *\n",
        "Zf3",
    ),
    (
        "[Event \"Bulletin\"]\n[Round \"{r}\"]\n[White \"Fel, Fem\"]\n[Black \"Fel, Sex\"]\n\n1. c4 e5 2. Nc3 Nf6 3. g3 d5 4. cxd5 Nxd5 5. Bg2 Nb6 6. Qb3 Qxb3 *\n",
        "illegal move 'Qxb3'",
    ),
];

/// A bulletin of `n` games (the real games again and again), and the same bulletin with broken games put in at `at` (indices into the clean
/// games): (clean, broken, the lines where the broken games start).
fn bulletin(n: usize, at: &[usize]) -> (String, String, Vec<usize>) {
    let real = real_games();
    let (mut clean, mut broken) = (String::new(), String::new());
    let mut lines = Vec::new();
    for i in 0..n {
        if let Some(k) = at.iter().position(|&a| a == i) {
            lines.push(broken.lines().count() + 1);
            let game = BROKEN[k % BROKEN.len()]
                .0
                .replace("{r}", &(i / 10 + 1).to_string());
            broken.push_str(&game);
            broken.push('\n');
        }
        clean.push('\n');
        broken.push('\n');
        let game = real[i % real.len()].trim_end();
        clean.push_str(game);
        clean.push('\n');
        broken.push_str(game);
        broken.push('\n');
    }
    (clean, broken, lines)
}

#[test]
fn keep_going_writes_every_other_game_and_names_each_one_left_out() {
    let at = [0, 41, 42, 150, 299];
    let (clean, broken, lines) = bulletin(300, &at);
    let dir = Sandbox::new();
    dir.write("rena.pgn", &clean);
    dir.write("rond.pgn", &broken);
    dir.run(&["build", "rena.pgn", "--notation", "compact"])
        .ok();

    // Without the flag the first broken game stops the build, and nothing is written.
    let stopped = dir.run(&["build", "rond.pgn", "--notation", "compact"]);
    assert_eq!(stopped.code, Some(1), "{}", stopped.stderr);
    assert!(
        stopped
            .stderr
            .starts_with(&format!("rond.pgn:{}:", lines[0] + 5))
    );
    assert!(!dir.names().contains(&"rond.brf".to_string()));

    // With it: every other game written, byte for byte as from the clean file; each broken
    // game named at its place as an error; the closing count; exit code 4.
    for jobs in ["1", "2"] {
        let kept = dir.run(&[
            "build",
            "rond.pgn",
            "--notation",
            "compact",
            "--keep-going",
            "--jobs",
            jobs,
        ]);
        assert_eq!(kept.code, Some(4), "{}", kept.stderr);
        assert_eq!(dir.read("rond.brf"), dir.read("rena.brf"), "jobs {jobs}");
        let errors: Vec<&str> = kept
            .stderr
            .lines()
            .filter(|l| l.contains(": error: "))
            .collect();
        assert_eq!(errors.len(), at.len(), "{}", kept.stderr);
        for (k, (error, line)) in errors.iter().zip(&lines).enumerate() {
            // The error is on the game's move line (its tags take 4 lines, then a blank).
            assert!(
                error.starts_with(&format!("rond.pgn:{}:", line + 5)),
                "{error} (game at line {line})"
            );
            assert!(error.contains(BROKEN[k % BROKEN.len()].1), "{error}");
        }
        // Each says that its game is left out, after its own hint when it has one.
        let notes = kept
            .stderr
            .matches("= note: this game is left out, the rest is written (keep_going)")
            .count();
        assert_eq!(notes, at.len(), "{}", kept.stderr);
        assert!(kept.stderr.contains("= hint: "), "{}", kept.stderr);
        let places: Vec<String> = lines
            .iter()
            .map(|l| format!("rond.pgn:{}", l + 5))
            .collect();
        assert!(
            kept.stderr.contains(&format!(
                "300 games, no diagrams, 5 games skipped: {}, no warnings.",
                places.join(", ")
            )),
            "{}",
            kept.stderr
        );
    }

    // `check` names every broken game in one run, then counts them: exit code 1 as the build
    // would fail; with --keep-going, 4 as the build would write the rest.
    let checked = dir.run(&["check", "rond.pgn"]);
    assert_eq!(checked.code, Some(1), "{}", checked.stderr);
    let named = checked.stderr.matches(": error: ").count();
    assert_eq!(named, at.len(), "{}", checked.stderr);
    assert!(!checked.stderr.contains("= note:"), "{}", checked.stderr);
    assert!(
        checked
            .stderr
            .contains("error: 5 errors, shown above: rond.pgn:"),
        "{}",
        checked.stderr
    );
    let checked = dir.run(&["check", "rond.pgn", "--keep-going"]);
    assert_eq!(checked.code, Some(4), "{}", checked.stderr);
    // And every file: two broken files, every error of both.
    dir.write("andra.pgn", &broken);
    let checked = dir.run(&["check", "rond.pgn", "andra.pgn"]);
    assert_eq!(checked.code, Some(1));
    assert!(checked.stderr.contains("error: 10 errors, shown above"));
    assert!(checked.stderr.matches("andra.pgn:").count() >= at.len());
}

#[test]
fn keep_going_from_the_front_matter_and_for_positions() {
    let dir = Sandbox::new();
    dir.write(
        "p.fen",
        "8/8/8/8/8/8/8/K6k w - - 0 1\n8/8/8/8/8/8/8/K6 w - - 0 1\n8/8/8/8/8/8/8/k6K b - - 0 1\n",
    );
    let ran = dir.run(&["build", "p.fen", "--keep-going", "--format", "unicode"]);
    assert_eq!(ran.code, Some(4), "{}", ran.stderr);
    assert!(ran.stderr.starts_with("p.fen:2:"), "{}", ran.stderr);
    assert!(
        ran.stderr
            .contains("2 diagrams, 1 position skipped: p.fen:2"),
        "{}",
        ran.stderr
    );
    // A book says it in its front matter; its good games are written.
    let game = |moves: &str| format!("```pgn\n[White \"A\"]\n[Black \"B\"]\n\n{moves} *\n```\n\n");
    let md = format!(
        "---\ntitle: Bok\nkeep_going: true\n---\n\n# Ett\n\n{}{}{}",
        game("1. e4 e5"),
        game("1. e4 Ke7"),
        game("1. d4 d5")
    );
    dir.write("bok.md", &md);
    let ran = dir.run(&["build", "bok.md", "--format", "unicode"]);
    assert_eq!(ran.code, Some(4), "{}", ran.stderr);
    assert!(ran.stderr.contains("illegal move 'Ke7'"), "{}", ran.stderr);
    assert!(ran.stderr.contains("2 games, "), "{}", ran.stderr);
}

#[test]
fn the_same_bytes_on_any_number_of_threads() {
    let (clean, _, _) = bulletin(500, &[]);
    let dir = Sandbox::new();
    dir.write("b.pgn", &clean);
    let mut inputs = vec!["b.pgn".to_string()];
    // The real corpus when it is there (beside the project); the generated bulletin always.
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    match std::fs::read_dir(&corpus) {
        Ok(entries) => {
            for e in entries.flatten() {
                if e.path().extension().is_some_and(|x| x == "pgn") {
                    inputs.push(e.path().display().to_string());
                }
            }
        }
        Err(_) => eprintln!("SKIPPED: the corpus at {} (not there)", corpus.display()),
    }
    for input in &inputs {
        for notation in ["ordinary", "compact"] {
            let one = dir.run(&["build", input, "--notation", notation, "-j", "1", "-o", "-"]);
            one.ok();
            for jobs in ["0", "2", "3"] {
                let many = dir.run(&[
                    "build",
                    input,
                    "--notation",
                    notation,
                    "-j",
                    jobs,
                    "-o",
                    "-",
                ]);
                assert!(
                    many.ok().stdout == one.stdout && many.stderr == one.stderr,
                    "{input} {notation} with {jobs} jobs differs from one"
                );
            }
        }
    }
}

#[test]
fn a_comment_left_open_or_a_game_of_tags_only_takes_no_other_game() {
    let game = |w: &str, moves: &str| {
        format!("[Event \"E\"]\n[White \"{w}\"]\n[Black \"X\"]\n[Result \"*\"]\n\n{moves}\n\n")
    };
    let dir = Sandbox::new();
    // A '{' never closed: its game is the one left out, the games after it are all written.
    let open = format!(
        "{}{}{}",
        game("Ett", "1. e4 e5 { aldrig stängd 2. Nf3 *"),
        game("Två", "1. d4 d5 *"),
        game("Tre", "1. c4 c5 *")
    );
    dir.write("open.pgn", &open);
    dir.write(
        "rest.pgn",
        format!("{}{}", game("Två", "1. d4 d5 *"), game("Tre", "1. c4 c5 *")),
    );
    let kept = dir.run(&[
        "build",
        "open.pgn",
        "--keep-going",
        "--format",
        "unicode",
        "-o",
        "-",
    ]);
    assert_eq!(kept.code, Some(4), "{}", kept.stderr);
    assert!(
        kept.stderr
            .starts_with("open.pgn:6:10: error: unterminated comment")
    );
    assert!(
        kept.stderr
            .contains("2 games, no diagrams, 1 game skipped: open.pgn:6")
    );
    let rest = dir.run(&["build", "rest.pgn", "--format", "unicode", "-o", "-"]);
    assert_eq!(kept.stdout, rest.ok().stdout);
    // A game of tags only, then a game: each keeps its own tags.
    let tags_only = "[Event \"E\"]\n[White \"Bara\"]\n[Black \"Taggar\"]\n[Result \"1/2-1/2\"]\n\n";
    dir.write(
        "tags.pgn",
        format!("{tags_only}{}", game("Nästa", "1. e4 e5 *")),
    );
    let ran = dir.run(&["build", "tags.pgn", "--format", "unicode", "-o", "-"]);
    let text = ran.ok().text();
    assert!(ran.stderr.contains("2 games"), "{}", ran.stderr);
    let lines: Vec<&str> = text.lines().collect();
    let heading = |s: &str| schackpunkt::text_to_unicode(s);
    let next = lines
        .iter()
        .position(|l| *l == heading("Nästa – X"))
        .expect("the second game under its own players");
    assert!(lines[..next].contains(&heading("Bara – Taggar").as_str()));
    assert!(
        !ran.stderr.contains("differs from its Result tag"),
        "{}",
        ran.stderr
    );
}

/// A file whose every game is skipped is not called empty: each skip is named, and the
/// summary counts them.
#[test]
fn a_file_of_broken_games_alone_is_not_called_empty() {
    let dir = Sandbox::new();
    let games: String = BROKEN
        .iter()
        .map(|(g, _)| g.replace("{r}", "1") + "\n")
        .collect();
    dir.write("fel.pgn", games);
    let ran = dir.run(&["build", "fel.pgn", "--keep-going", "-o", "fel.brf"]);
    assert_eq!(ran.code, Some(4), "{}", ran.stderr);
    assert!(
        !ran.stderr.contains("no games in this file"),
        "{}",
        ran.stderr
    );
    assert!(ran.stderr.contains("3 games skipped"), "{}", ran.stderr);
}

/// `check` names an input it cannot open as an error and checks the next: every error of every
/// file in one run, a missing file and a folder that is no book included, each in its place.
#[test]
fn check_names_a_missing_input_and_goes_on() {
    let dir = Sandbox::new();
    dir.write("a.pgn", "1. e4 e5 2. Ke3 *\n");
    dir.write("c.pgn", "1. d4 d5 2. Zf3 *\n");
    std::fs::create_dir(dir.path().join("tom")).expect("a folder");
    dir.write("tom/läs.txt", "no bok.yaml here\n");
    let ran = dir.run(&["check", "a.pgn", "saknas.pgn", "tom", "c.pgn"]);
    // 3, as a build of them would exit: an input could not be read.
    assert_eq!(ran.code, Some(3), "{}", ran.stderr);
    let places = [
        "a.pgn:1:13: error",
        "saknas.pgn:1:1: error: cannot be read",
        "tom",
        "c.pgn:1:13: error",
    ];
    let mut from = 0;
    for place in places {
        let at = ran.stderr[from..].find(place);
        assert!(at.is_some(), "{place} after byte {from}\n{}", ran.stderr);
        from += at.unwrap_or(0) + place.len();
    }
    assert!(ran.stderr.contains("4 errors"), "{}", ran.stderr);
    // With --keep-going the games left out are no failure of their own, but the closing count
    // after a file that cannot be read names them with it (the summary that would have named
    // them is not shown after an error).
    let ran = dir.run(&["check", "--keep-going", "a.pgn", "saknas.pgn", "c.pgn"]);
    assert_eq!(ran.code, Some(3), "{}", ran.stderr);
    assert!(
        ran.stderr
            .contains("error: 3 errors, shown above: a.pgn:1, saknas.pgn:1, c.pgn:1"),
        "{}",
        ran.stderr
    );
    // A build stops at the folder, writing nothing.
    let built = dir.run(&["build", "a.pgn", "tom", "-o", "ut.brf"]);
    assert_ne!(built.code, Some(0), "{}", built.stderr);
    assert!(!dir.path().join("ut.brf").exists());
}

/// Text between games (`Rond 2 spelas i morgon.`: no tag, no word a move) is an error that
/// calls it text, not a game's move that cannot be read; it is not numbered as a game (the
/// broken game after it is game 2); `--keep-going` leaves it out and names it as text, and
/// the games around it are the same braille as without it.
#[test]
fn text_between_games_is_named_as_text_and_numbers_no_game() {
    let dir = Sandbox::new();
    let game = |white: &str, moves: &str| {
        format!("[White \"{white}\"]\n[Black \"B\"]\n[Result \"*\"]\n\n{moves} *\n\n")
    };
    let clean = format!(
        "{}{}",
        game("A", "1. e4 e5 2. Nf3"),
        game("C", "1. d4 d5 2. c4")
    );
    let with_text = format!(
        "{}Rond 2 spelas i morgon,\nklockan 10.\n\n{}{}",
        game("A", "1. e4 e5 2. Nf3"),
        game("Bruten", "1. e4 Ke7"),
        game("C", "1. d4 d5 2. c4")
    );
    dir.write("clean.pgn", &clean);
    dir.write("text.pgn", &with_text);
    let ran = dir.run(&["check", "text.pgn"]);
    assert_eq!(ran.code, Some(1), "{}", ran.stderr);
    assert!(
        ran.stderr.starts_with(
            "text.pgn:7:1: error: text between games, in no game: 'Rond 2 spelas i morgon,'"
        ),
        "{}",
        ran.stderr
    );
    assert!(ran.stderr.contains("{like this}"), "{}", ran.stderr);
    assert!(
        ran.stderr.contains("in game 2 (Bruten – B)"),
        "{}",
        ran.stderr
    );
    assert!(!ran.stderr.contains("as a move"), "{}", ran.stderr);
    let args = ["build", "text.pgn", "--keep-going", "-o", "text.brf"];
    let built = dir.run(&args);
    assert_eq!(built.code, Some(4), "{}", built.stderr);
    assert!(
        built.stderr.contains("this text is left out")
            && built.stderr.contains(
                "2 games, no diagrams, 1 game and 1 text between games skipped: text.pgn:7, \
                 text.pgn:"
            ),
        "{}",
        built.stderr
    );
    dir.run(&["build", "clean.pgn", "-o", "clean.brf"]).ok();
    assert_eq!(dir.read("text.brf"), dir.read("clean.brf"));
}
