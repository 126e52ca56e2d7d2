//! The build that checks itself: a broken rule (simulated by a wrong cell in the braille
//! written) is caught at its game and move.

use super::*;

const GAME: &str = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";

/// The braille of `pgn` (BRF) and its source games as the build keeps them.
fn built(
    pgn: &str,
    notation: crate::settings::Notation,
) -> (Vec<u8>, Vec<verify::SourceGame>, Options) {
    built_as(pgn, notation, Format::Brf)
}

/// The braille of `pgn` in `format`, and its source games.
fn built_as(
    pgn: &str,
    notation: crate::settings::Notation,
    format: Format,
) -> (Vec<u8>, Vec<verify::SourceGame>, Options) {
    let settings = Settings {
        notation: Some(notation),
        format: Some(format),
        ..Settings::default()
    };
    let (options, _) = settings.resolve(None).expect("options");
    let mut out = Vec::new();
    transcribe_bytes(
        "t.pgn",
        InputKind::Pgn,
        pgn.as_bytes().to_vec(),
        &settings,
        None,
        &mut out,
        &mut |_| {},
    )
    .expect("the game builds");
    let mut sources = Vec::new();
    let mut step = |step: Step, _: &mut games::Spent| -> Result<()> {
        if let Step::Game(t, _) = step {
            let about = &t.about;
            sources.push(verify::SourceGame {
                at: about.location.clone().expect("a place"),
                label: format!(
                    "{} – {}",
                    about.tag("White").unwrap_or("?"),
                    about.tag("Black").unwrap_or("?")
                ),
                notation,
                witness: t.witness.expect("a game with moves"),
            });
        }
        Ok(())
    };
    games::each_game(
        Box::new(io::Cursor::new(pgn.as_bytes().to_vec())),
        "t.pgn",
        1,
        &options,
        1,
        games::Asks {
            verify: true,
            tags: true,
        },
        &mut step,
    )
    .expect("the game reads");
    (out, sources, options)
}

/// The braille `out` of `sources` read back as a build reads it, `stretch` bytes at a
/// time (in pieces of `piece` bytes, as a buffered writer hands them on); the most bytes
/// held at a time.
fn check(
    out: &[u8],
    sources: Vec<verify::SourceGame>,
    options: &Options,
    stretch: usize,
) -> (Result<()>, usize) {
    let mut v = verify::Verifier::new(options).with_stretch(stretch);
    v.start();
    // Each game is told of before its braille is written; here all before any.
    for s in sources {
        v.source(s);
    }
    for piece in out.chunks(97) {
        v.written(piece);
    }
    let most = v.most_pending;
    (v.finish(), most)
}

/// The braille `out` of `sources` read back through the feed a build gives it, the check
/// on its own thread when `threads` is more than one: its verdict.
fn check_fed(
    out: &[u8],
    sources: Vec<verify::SourceGame>,
    options: &Options,
    threads: usize,
) -> Result<()> {
    let (feed, verdict) = verify::Feed::new(options, threads);
    feed.start();
    for s in sources {
        feed.source(s);
    }
    for piece in out.chunks(97) {
        feed.written(piece);
    }
    drop(feed);
    verdict.finish()
}

/// A test build with a rule broken on purpose (a move to f3 written as one to f4): the
/// build checks itself, fails at the game and the move, and writes nothing, whether
/// the check runs on the build's thread or on its own.
#[test]
fn a_rule_broken_on_purpose_fails_the_build_that_checks_itself() {
    use crate::braille::notation::broken_rule::BROKEN;
    use crate::settings::Notation;
    let dir = tempfile::tempdir().expect("a folder");
    let input = dir.path().join("t.pgn");
    std::fs::write(&input, GAME).expect("write");
    for (notation, jobs) in [
        (Notation::Compact, 1),
        (Notation::Ordinary, 1),
        (Notation::Compact, 2),
        (Notation::Ordinary, 2),
    ] {
        let output = dir.path().join("t.brf");
        let job = Job {
            settings: Settings {
                notation: Some(notation),
                ..Settings::default()
            },
            jobs,
            verify: Some(true),
            ..Job::new(vec![input.clone()], Destination::File(output.clone()))
        };
        // Whole, it checks out.
        assert!(run(&job, &mut |_| {}).is_ok(), "{notation:?}");
        std::fs::remove_file(&output).expect("remove");
        BROKEN.with(|b| b.set(true));
        let result = run(&job, &mut |_| {});
        BROKEN.with(|b| b.set(false));
        let e = result.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(
            e.contains("t.pgn:1:1: error: the braille of this game (A – B) does not read back to it: its move 3 (g1f3)"),
            "{notation:?}: {e}"
        );
        assert!(!output.exists(), "nothing is written");
    }
}

#[test]
fn the_braille_written_reads_back_and_a_wrong_cell_is_caught_at_its_move() {
    use crate::settings::Notation;
    for notation in [Notation::Compact, Notation::Ordinary] {
        let (out, sources, options) = built(GAME, notation);
        assert_eq!(signature(&sources[0]).len(), 6);
        assert!(
            check(&out, built(GAME, notation).1, &options, 1 << 20)
                .0
                .is_ok(),
            "{notation:?}"
        );
        // A rule broken: the knight's move written to the wrong square (f3 as f4: in
        // BRF, compact `SF3` is `SF3`'s lower digit, ordinary `,SF#C` its number).
        let text = String::from_utf8(out.clone()).expect("BRF is ASCII");
        let broken = match notation {
            Notation::Compact => text.replacen("SF3", "SF4", 1),
            Notation::Ordinary => text.replacen(",SF#C", ",SF#D", 1),
        };
        assert_ne!(broken, text, "{notation:?}: {text}");
        let e = check(broken.as_bytes(), sources, &options, 1 << 20)
            .0
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            e.starts_with("t.pgn:1:1: error: the braille of this game (A – B) does not read back to it: its move 3 (g1f3)"),
            "{notation:?}: {e}"
        );
        // The same through a build's feed, on the build's thread and on its own.
        for threads in [1, 2] {
            let fed = |out: &[u8]| check_fed(out, built(GAME, notation).1, &options, threads);
            assert!(fed(&out).is_ok(), "{notation:?}, {threads} threads");
            let e = fed(broken.as_bytes())
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default();
            assert!(
                e.starts_with(
                    "t.pgn:1:1: error: the braille of this game (A – B) does not read back \
                     to it: its move 3 (g1f3)"
                ),
                "{notation:?}, {threads} threads: {e}"
            );
        }
    }
}

/// Ordinary notation leaves a move in a comment and the game's move alike (a comment has
/// nothing to close it): the build that checks itself reads such a word the way that
/// agrees with the game written. A move written wrongly is caught all the same.
#[test]
fn comments_that_name_moves_are_read_the_games_way_and_a_wrong_move_is_still_caught() {
    use crate::settings::Notation;
    // A plain reading of this braille once went wrong at `9.b3 Sd7 och 10.Scb5 följer)`.
    const NAMED: &str = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 \
        4. Nxd4 Nf6 {Också 5.b3 eller 5.Sc3 Sd5 är möjligt.} 5. Nc3 {Också 5...Sa6 eller \
        5...a6 Sf3 är möjligt.} 5... a6 6. Be2 e6 7. O-O Be7 8. f4 Nc6 9. Nxc6 (9. b3 Nd7 \
        {och 10.Scb5 följer}) 9... bxc6 10. e5 Nd5 11. Ne4 dxe5 12. fxe5 O-O 13. Kh1 c5 \
        1/2-1/2\n";
    let (out, sources, options) = built(NAMED, Notation::Ordinary);
    let plain = crate::read::read_braille("t.brf", &out, options.table, Notation::Ordinary, true)
        .expect("read");
    let plain: Vec<&str> = plain[0]
        .items
        .iter()
        .filter_map(|i| i.signature())
        .collect();
    // (A plain reading once went wrong here; it reads the game's moves now too.)
    assert_eq!(plain, signature(&sources[0]), "the plain reading");
    assert!(
        check(&out, built(NAMED, Notation::Ordinary).1, &options, 1 << 20)
            .0
            .is_ok()
    );
    // 9.Sxc6 (no comment names it) written as 9.Sxc7.
    let text = String::from_utf8(out).expect("BRF is ASCII");
    let broken = text.replacen(",SXC#F", ",SXC#G", 1);
    assert_ne!(broken, text, "{text}");
    let e = failure(broken.as_bytes(), sources, &options, 1 << 20);
    assert!(
        e.starts_with("t.pgn:1:1: error: the braille of this game (A – B")
            && e.contains("does not read back to it: its move 17 (d4c6)"),
        "{e}"
    );
}

/// `text` with the first knight move to f3 after `heading` written to f4 (a rule broken):
/// `cells` spells BRF as the output does (itself for BRF, [`unicode`] for PEF).
fn knight_to_f4(
    text: &str,
    heading: &str,
    notation: crate::settings::Notation,
    cells: impl Fn(&str) -> String,
) -> String {
    use crate::settings::Notation;
    let at = text.find(&cells(heading)).expect("the game's heading");
    let (wrong, right) = match notation {
        Notation::Compact => (cells("SF3"), cells("SF4")),
        Notation::Ordinary => (cells(",SF#C"), cells(",SF#D")),
    };
    let k = at + text[at..].find(&wrong).expect("a knight to f3");
    format!("{}{right}{}", &text[..k], &text[k + wrong.len()..])
}

/// A source game's moves (UCI) and variations (`(`, `)`), as `read` gives them.
fn signature(s: &verify::SourceGame) -> Vec<String> {
    s.witness
        .expected
        .iter()
        .filter_map(|e| match e {
            verify::Expect::Move(m, _) => Some(m.uci()),
            verify::Expect::Open => Some("(".into()),
            verify::Expect::Close => Some(")".into()),
            verify::Expect::Comment => None,
        })
        .collect()
}

/// The message of a check of `out` that fails.
fn failure(
    out: &[u8],
    sources: Vec<verify::SourceGame>,
    options: &Options,
    stretch: usize,
) -> String {
    check(out, sources, options, stretch)
        .0
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default()
}

/// A long bulletin read back a few pages at a time, as the build does with a large
/// output: every game is found, memory holds a stretch, and a wrong cell in a game far
/// into it fails the build at that game.
#[test]
fn the_braille_is_read_back_a_stretch_at_a_time() {
    use crate::settings::Notation;
    let pgn = bulletin();
    for notation in [Notation::Compact, Notation::Ordinary] {
        let (out, sources, options) = built(&pgn, notation);
        assert_eq!(sources.len(), 60);
        let whole = check(&out, built(&pgn, notation).1, &options, 1 << 30);
        assert!(whole.0.is_ok(), "{notation:?}: {:?}", whole.0);
        // A stretch of a few hundred bytes: many stretches, each found in order.
        let (result, most) = check(&out, built(&pgn, notation).1, &options, 600);
        assert!(result.is_ok(), "{notation:?}: {result:?}");
        assert!(
            most < out.len() / 4,
            "{notation:?}: {most} of {} bytes held",
            out.len()
        );
        // The knight of game 41 (Vit 40) to the wrong square: found at that game.
        let text = String::from_utf8(out.clone()).expect("BRF is ASCII");
        let broken = knight_to_f4(&text, "VIT #DJ", notation, str::to_owned);
        let e = failure(broken.as_bytes(), sources, &options, 600);
        assert!(
            e.contains("error: the braille of this game (Vit 40 – Svart 40) does not read back"),
            "{notation:?}: {e}"
        );
    }
}

/// Sixty games, no two with the same moves (a game is found among those read back by its
/// moves), some with a variation: `Vit i – Svart i`.
fn bulletin() -> String {
    const LINE: [&str; 22] = [
        "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O", "h3", "Nb8", "d4",
        "Nbd7", "Nbd2", "Bb7", "Bc2", "Re8", "Nf1", "Bf8", "Ng3", "g6",
    ];
    let mut pgn = String::new();
    for i in 0..60 {
        let first = ["1. e4", "1. e4 (1. d4)", "1. e4 (1. c4 e5)"][i / 22];
        let mut moves = format!("{first} e5 2. Nf3 Nc6 3. Bb5 a6");
        for (k, m) in LINE.iter().take(i % 22).enumerate() {
            match k % 2 {
                0 => moves.push_str(&format!(" {}. {m}", 4 + k / 2)),
                _ => moves.push_str(&format!(" {m}")),
            }
        }
        pgn.push_str(&format!(
            "[White \"Vit {i}\"]\n[Black \"Svart {i}\"]\n[Round \"{i}\"]\n\n{moves} *\n\n"
        ));
    }
    pgn
}

/// BRF text as Unicode braille (the NABCC table, read either case).
fn unicode(brf: &str) -> String {
    let table = crate::output::tables::bytes(BrfTable::Nabcc);
    brf.bytes()
        .map(|b| {
            let bits = table
                .iter()
                .position(|&t| t == b.to_ascii_uppercase())
                .expect("a BRF byte");
            char::from_u32(0x2800 + bits as u32).expect("a braille character")
        })
        .collect()
}

/// A PEF is read back as it is written too, its whole pages a stretch at a time.
#[test]
fn a_pef_is_read_back_a_stretch_at_a_time() {
    use crate::settings::Notation;
    let pgn = bulletin();
    for notation in [Notation::Compact, Notation::Ordinary] {
        let (out, sources, options) = built_as(&pgn, notation, Format::Pef);
        let (result, most) = check(&out, built_as(&pgn, notation, Format::Pef).1, &options, 600);
        assert!(result.is_ok(), "{notation:?}: {result:?}");
        assert!(
            most < out.len() / 4,
            "{notation:?}: {most} of {} bytes held",
            out.len()
        );
        // The knight of game 41 (Vit 40) to the wrong square.
        let text = String::from_utf8(out).expect("PEF is UTF-8");
        let broken = knight_to_f4(&text, "VIT #DJ", notation, unicode);
        let e = failure(broken.as_bytes(), sources, &options, 600);
        assert!(
            e.contains("error: the braille of this game (Vit 40 – Svart 40) does not read back"),
            "{notation:?}: {e}"
        );
    }
}

/// Games with the same moves (short draws): a wrong game is not taken for a later one.
#[test]
fn a_wrong_game_is_not_taken_for_a_later_game_with_its_moves() {
    use crate::settings::Notation;
    let mut pgn = String::new();
    for i in 0..12 {
        let moves = [
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6",
            "1. d4 d5 2. Nf3 Nf6 3. c4 e6",
        ][i % 2];
        pgn.push_str(&format!(
            "[White \"Vit {i}\"]\n[Black \"Svart {i}\"]\n\n{moves} 1/2-1/2\n\n"
        ));
    }
    for notation in [Notation::Compact, Notation::Ordinary] {
        let (out, _, options) = built(&pgn, notation);
        assert!(
            check(&out, built(&pgn, notation).1, &options, 1 << 30)
                .0
                .is_ok()
        );
        // Game 5 (Vit 4) broken: games 7, 9 and 11 have its moves.
        let text = String::from_utf8(out).expect("BRF is ASCII");
        let broken = knight_to_f4(&text, "VIT #D", notation, str::to_owned);
        for stretch in [1 << 30, 300] {
            let e = failure(
                broken.as_bytes(),
                built(&pgn, notation).1,
                &options,
                stretch,
            );
            assert!(
                e.contains("(Vit 4 – Svart 4) does not read back to it: its move 3 (g1f3)"),
                "{notation:?} {stretch}: {e}"
            );
        }
    }
}
