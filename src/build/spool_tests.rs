//! The passes after the first lay out the games the first translated (`spool.rs`): the same
//! braille and the same words said as passes that read every game again, whether the build
//! checks itself or not.

use super::*;

/// A tournament's games: a warning (a check sign the position does not bear out), a text
/// between games and an illegal move (each left out, going on), a game from a position, a
/// comment with a diagram, a variation.
fn tournament() -> String {
    let ruy = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6";
    let games = [
        ("Öberg", "Berg", "", ruy.to_owned()),
        (
            "Åström",
            "Ärlig",
            "",
            "1. e4+ e5 2. Nf3 (2. f4 exf4) 2... Nc6 {[#] Så.}".into(),
        ),
        ("Ceder", "Zorn", "", "1. e4 e5 2. Ke3".into()),
        (
            "Zorn",
            "Öberg",
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K2R w K - 0 1\"]\n",
            "1. O-O Kd7 2. e4 Kc6".into(),
        ),
        (
            "Ärlig",
            "Åström",
            "",
            "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7".into(),
        ),
    ];
    let mut pgn = String::new();
    for (n, (white, black, setup, moves)) in games.iter().enumerate() {
        pgn.push_str(&format!(
            "[Event \"SM\"]\n[Round \"{}.{}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n\
             {setup}[Result \"*\"]\n\n{moves} *\n\n",
            n / 2 + 1,
            n % 2 + 1
        ));
        if n == 1 {
            pgn.push_str("Rond 2 spelas i morgon.\n\n");
        }
    }
    pgn
}

/// `bytes` built as `kind` with `settings` (checking itself when `verify`), with the passes'
/// file of games or without: what it wrote, and what it said.
fn built(
    kind: InputKind,
    bytes: &str,
    settings: &Settings,
    verify: bool,
    spool: bool,
) -> (Vec<u8>, Vec<String>) {
    spool::OFF.set(!spool);
    let input = bytes_input("t", bytes.as_bytes().to_vec(), None).expect("an input");
    let drive = Drive {
        jobs: 1,
        check: false,
        progress: None,
        verify: Some(verify),
    };
    let (mut out, mut said) = (Vec::new(), Vec::new());
    let done = transcribe_opened(
        vec![(input, kind, folder::Role::Alone)],
        settings,
        drive,
        &mut Joined(&mut out),
        &mut |w| said.push(format!("{:?}", w.0)),
    );
    spool::OFF.set(false);
    done.expect("built");
    (out, said)
}

/// The same braille, and the same words said.
fn same(kept: &(Vec<u8>, Vec<String>), again: &(Vec<u8>, Vec<String>), verify: bool) {
    assert_eq!(kept.1, again.1, "checking itself: {verify}");
    let differ = kept.0.iter().zip(&again.0).position(|(a, b)| a != b);
    assert!(
        kept.0.len() == again.0.len() && differ.is_none(),
        "checking itself: {verify}: the braille differs from byte {differ:?} ({} and {} bytes)",
        kept.0.len(),
        again.0.len()
    );
}

fn settings(more: Settings) -> Settings {
    Settings {
        line_length: Some(30),
        page_length: Some(12),
        keep_going: Some(true),
        ..more
    }
}

#[test]
fn a_bulletin_from_the_file_is_the_bulletin_read_again() {
    let bulletin = settings(Settings {
        bulletin: Some(true),
        ..Settings::default()
    });
    for verify in [false, true] {
        let kept = built(InputKind::Pgn, &tournament(), &bulletin, verify, true);
        let again = built(InputKind::Pgn, &tournament(), &bulletin, verify, false);
        assert!(kept.1.iter().any(|s| s.contains("is marked as check")));
        assert!(kept.1.iter().any(|s| s.contains("text between games")));
        assert!(kept.1.iter().any(|s| s.contains("illegal move 'Ke3'")));
        same(&kept, &again, verify);
    }
}

#[test]
fn a_book_with_a_contents_list_from_the_file_is_the_book_read_again() {
    let mut md = String::from("---\ntitle: Partier\ntoc: true\n---\n\n");
    for chapter in 1..=4 {
        md.push_str(&format!(
            "# Kapitel {chapter}\n\nNågra ord.\n\n```pgn\n{}```\n\n",
            tournament()
                .replace("Rond 2 spelas i morgon.\n\n", "")
                .replace("2. Ke3", "2. Ke2")
        ));
    }
    for verify in [false, true] {
        let kept = built(
            InputKind::Markdown,
            &md,
            &settings(Settings::default()),
            verify,
            true,
        );
        let again = built(
            InputKind::Markdown,
            &md,
            &settings(Settings::default()),
            verify,
            false,
        );
        assert!(kept.1.iter().any(|s| s.contains("is marked as check")));
        same(&kept, &again, verify);
    }
}
