//! The passes of a book with a contents list and of a bulletin: the passes after the first
//! lay out the games the first translated (kept in a file of the build, issue 33), with their
//! witnesses when the build checks itself. A build that checks itself so passes and gives
//! the braille and the words of one that does not, with games that warn, a game and a text
//! left out. (`src/build/spool_tests.rs` compares builds with the file and without it.)

use crate::support::Sandbox;

/// Round `round` of a tournament: `games` games, each with its tags and `moves`.
fn round(round: usize, games: &[(&str, &str, &str)]) -> String {
    let mut pgn = String::new();
    for (board, (white, black, moves)) in games.iter().enumerate() {
        pgn.push_str(&format!(
            "[Event \"Bulletin-SM\"]\n[Round \"{round}.{}\"]\n[White \"{white}\"]\n\
             [Black \"{black}\"]\n[Result \"*\"]\n\n{moves} *\n\n",
            board + 1
        ));
    }
    pgn
}

const RUY: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 \
                   8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. Nbd2 Bb7 12. Bc2 Re8";

/// The games: two rounds, a check sign the position does not bear out (a warning), a text
/// between games and an illegal move (each left out, going on).
fn tournament() -> String {
    let mut pgn = round(
        1,
        &[
            ("Öberg", "Berg", RUY),
            (
                "Åström",
                "Ärlig",
                "1. e4+ e5 2. Nf3 Nc6 {Ett nytt drag.} 3. Bc4 Bc5",
            ),
            ("Ceder", "Zorn", RUY),
        ],
    );
    pgn.push_str("Rond 2 spelas i morgon.\n\n");
    pgn.push_str(&round(
        2,
        &[
            ("Berg", "Ceder", "1. e4 e5 2. Ke3"),
            ("Zorn", "Öberg", RUY),
            ("Ärlig", "Åström", "1. d4 d5 2. c4 e6 (2... c6) 3. Nc3 Nf6"),
        ],
    ));
    pgn
}

/// What a build of `args` writes on standard output and says, with its exit code.
fn built(dir: &Sandbox, args: &[&str]) -> (Option<i32>, Vec<u8>, String) {
    let ran = dir.run(args);
    (ran.code, ran.stdout.clone(), ran.stderr.clone())
}

#[test]
fn a_bulletin_checked_from_the_games_of_its_first_pass_is_the_bulletin_unchecked() {
    let dir = Sandbox::new();
    dir.write("sm.pgn", tournament());
    for jobs in ["1", "2"] {
        let args = |verify: &'static str| {
            vec![
                "build",
                "sm.pgn",
                "--bulletin",
                "--keep-going",
                "--line-length",
                "30",
                "--page-length",
                "12",
                "--jobs",
                jobs,
                verify,
                "-o",
                "-",
            ]
        };
        let kept = built(&dir, &args("--no-verify"));
        let again = built(&dir, &args("--verify"));
        assert_eq!(kept.0, Some(4), "{}", kept.2);
        for said in [
            "'e4+' is marked as check but gives no check",
            "text between games, in no game: 'Rond 2 spelas i morgon.'",
            "illegal move 'Ke3'",
        ] {
            assert_eq!(
                kept.2.matches(said).count(),
                1,
                "said once: {said}\n{}",
                kept.2
            );
        }
        assert!(!kept.1.is_empty());
        assert_eq!(kept, again, "with --jobs {jobs}");
    }
}

#[test]
fn a_book_with_a_contents_list_checked_from_its_first_pass_is_the_book_unchecked() {
    let dir = Sandbox::new();
    let mut md = String::from("---\ntitle: Partier\ntoc: true\n---\n\n");
    for chapter in 1..=6 {
        md.push_str(&format!(
            "# Kapitel {chapter}\n\nNågra ord om partiet.\n\n```pgn\n{}```\n\n",
            round(
                chapter,
                &[("Öberg", "Berg", RUY), ("Åström", "Ärlig", "1. e4+ e5")]
            )
        ));
    }
    dir.write("bok.md", md);
    let args = |verify: &'static str| {
        vec![
            "build",
            "bok.md",
            "--line-length",
            "28",
            "--page-length",
            "10",
            verify,
            "-o",
            "-",
        ]
    };
    let kept = built(&dir, &args("--no-verify"));
    let again = built(&dir, &args("--verify"));
    assert_eq!(kept.0, Some(0), "{}", kept.2);
    assert_eq!(
        kept.2.matches("is marked as check").count(),
        6,
        "{}",
        kept.2
    );
    assert_eq!(kept, again);
}
