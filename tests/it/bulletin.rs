//! Tournament bulletins (`--bulletin`): title page, contents list by round, a heading a game,
//! index of players; their page numbers are the pages where the games stand. And the inputs
//! of bulletins: standard input, EPD.

use schackpunkt::text_to_unicode as braille;

use crate::support::{Sandbox, pages};

/// Players with Swedish letters, so that the index's order is tested.
const PLAYERS: [&str; 8] = [
    "Öberg", "Berg", "Åström", "Ärlig", "Ceder", "Zorn", "Adam", "Egil",
];

/// Three rounds of four boards: each player once a round, never against themselves.
fn games() -> Vec<(usize, usize, &'static str, &'static str)> {
    let mut games = Vec::new();
    for round in 1..=3 {
        for board in 1..=4 {
            let w = PLAYERS[(board - 1 + round) % 8];
            let b = PLAYERS[(8 - board + round) % 8];
            games.push((round, board, w, b));
        }
    }
    games
}

fn pgn() -> String {
    let mut pgn = String::new();
    for (round, board, w, b) in games() {
        pgn.push_str(&format!(
            "[Event \"Bulletin-SM\"]\n[Round \"{round}.{board}\"]\n[White \"{w}\"]\n\
             [Black \"{b}\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 \
             5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 1-0\n\n"
        ));
    }
    pgn
}

/// `sm.pgn` of `dir` built as a bulletin in Unicode braille, lines and pages of these lengths.
fn bulletin_of(dir: &Sandbox, line: usize, page: usize) -> crate::support::Built {
    bulletin_with(dir, line, page, &[])
}

/// [`bulletin_of`] with `more` arguments.
fn bulletin_with(dir: &Sandbox, line: usize, page: usize, more: &[&str]) -> crate::support::Built {
    let (line, page) = (line.to_string(), page.to_string());
    let mut args = vec![
        "build",
        "sm.pgn",
        "--bulletin",
        "--format",
        "unicode",
        "--line-length",
        &line,
        "--page-length",
        &page,
        "-o",
        "-",
    ];
    args.extend_from_slice(more);
    pages(&dir.run(&args).ok().text())
}

/// Whether the contents entry at line `line` of page `page` (1-based) ends, on its last line
/// (its lines after the first stand further in), with the page number `game_page`.
fn entry_ends_with_page(pages: &[Vec<String>], page: usize, line: usize, game_page: usize) -> bool {
    let lines = &pages[page - 1][line..];
    let lead = |l: &String| l.chars().take_while(|&c| c == '⠀').count();
    let more = lines[1..]
        .iter()
        .take_while(|l| lead(l) > lead(&lines[0]))
        .count();
    lines[more].ends_with(&format!("⠀{}", braille(&game_page.to_string())))
}

/// The page number printed on a page: the last word of its first line.
fn number_of(page: &[String]) -> String {
    page.first()
        .and_then(|l| l.split('⠀').rfind(|w| !w.is_empty()))
        .unwrap_or("")
        .to_string()
}

/// `file` of `dir` built as a bulletin in `notation` (with `more` arguments), then read back:
/// the PGN of each game read.
fn read_back_games(dir: &Sandbox, file: &str, notation: &str, more: &[&str]) -> Vec<String> {
    let mut args = vec![
        "build",
        file,
        "--bulletin",
        "--notation",
        notation,
        "-o",
        "b.brf",
    ];
    args.extend_from_slice(more);
    dir.run(&args).ok();
    let read = dir.run(&["read", "b.brf", "--notation", notation, "-o", "-"]);
    let back = read.ok().text();
    back.split("[Event ").skip(1).map(str::to_owned).collect()
}

#[test]
fn contents_and_index_name_the_pages_where_the_games_stand() {
    let dir = Sandbox::new();
    dir.write("sm.pgn", pgn());
    let built = bulletin_of(&dir, 40, 12);
    let pages = &built.pages;
    let trimmed = |l: &String| l.trim_start_matches('⠀').to_string();
    // Every page carries its number, counted from the title page.
    for (k, page) in pages.iter().enumerate().skip(1) {
        assert_eq!(
            number_of(page),
            braille(&(k + 1).to_string()),
            "page {}",
            k + 1
        );
    }
    // The title page: the Event tag.
    assert!(
        pages[0]
            .iter()
            .any(|l| trimmed(l) == braille("Bulletin-SM"))
    );
    // Where each game's heading stands (not in the contents list, which comes first).
    let contents = pages
        .iter()
        .position(|p| {
            p.iter()
                .any(|l| trimmed(l).starts_with(&braille("Innehåll")))
        })
        .expect("a contents list");
    let mut stands = Vec::new();
    for (round, board, w, b) in games() {
        let heading = braille(&format!("Bord {board}: {w} – {b}, 1-0"));
        let found: Vec<usize> = pages
            .iter()
            .enumerate()
            .filter(|(_, p)| p.iter().any(|l| trimmed(l).starts_with(&heading)))
            .map(|(k, _)| k + 1)
            .collect();
        // Once in the contents list (its first pages), once above the game.
        assert_eq!(found.len(), 2, "{heading}: {found:?}");
        assert!(found[0] <= contents + 2 && found[0] < found[1], "{found:?}");
        let page = found[1];
        stands.push((round, w, b, page));
        // The contents list's line names that page.
        let line = pages[contents..]
            .iter()
            .flatten()
            .find(|l| trimmed(l).starts_with(&heading))
            .expect("the entry");
        assert!(
            line.ends_with(&braille(&page.to_string())),
            "{heading} stands on page {page}: {line}"
        );
    }
    // The rounds in the list, in order.
    let rounds: Vec<String> = pages[contents..contents + 2]
        .iter()
        .flatten()
        .map(trimmed)
        .filter(|l| l.starts_with(&braille("Rond")))
        .collect();
    assert_eq!(rounds.len(), 3, "{rounds:?}");
    for (k, r) in rounds.iter().enumerate() {
        assert!(r.starts_with(&braille(&format!("Rond {}", k + 1))), "{r}");
    }
    // The index: every player once, in Swedish order, with the pages of their games.
    let start = pages
        .iter()
        .rposition(|p| {
            p.iter()
                .any(|l| trimmed(l).starts_with(&braille("Spelarregister")))
        })
        .expect("an index");
    // The contents list names the index's page too (a trial pass lays out the index's heading
    // and its first player, not the players after).
    let entry = pages[contents..contents + 2]
        .iter()
        .flatten()
        .find(|l| trimmed(l).starts_with(&braille("Spelarregister")))
        .expect("the index's entry");
    assert!(
        entry.ends_with(&braille(&(start + 1).to_string())),
        "the index stands on page {}: {entry}",
        start + 1
    );
    let index: Vec<String> = pages[start..].iter().flatten().map(trimmed).collect();
    let mut sorted = PLAYERS.to_vec();
    sorted.sort_by_key(|n| {
        n.chars()
            .map(|c| match c {
                'Å' => 'z' as u32 + 1,
                'Ä' => 'z' as u32 + 2,
                'Ö' => 'z' as u32 + 3,
                c => c.to_ascii_lowercase() as u32,
            })
            .collect::<Vec<_>>()
    });
    assert_eq!(sorted[5..], ["Åström", "Ärlig", "Öberg"]);
    let mut at = 0;
    for player in sorted {
        let mut own: Vec<usize> = stands
            .iter()
            .filter(|(_, w, b, _)| *w == player || *b == player)
            .map(|s| s.3)
            .collect();
        own.dedup();
        let listed: Vec<String> = own.iter().map(usize::to_string).collect();
        let line = braille(&format!("{player} {}", listed.join(", ")));
        let found = index
            .iter()
            .position(|l| *l == line)
            .unwrap_or_else(|| panic!("{player}: {line} not in {index:#?}"));
        assert!(found > at, "{player} out of order");
        at = found;
    }
}

#[test]
fn a_title_given_wins_and_games_are_kept_by_board() {
    let dir = Sandbox::new();
    dir.write("sm.pgn", pgn());
    // (An empty title is none: the Event tag's.)
    for (title, shown) in [("SM i Borlänge", "SM i Borlänge"), ("", "Bulletin-SM")] {
        let ran = dir.run(&[
            "build",
            "sm.pgn",
            "--bulletin",
            "--title",
            title,
            "--format",
            "unicode",
            "-o",
            "-",
        ]);
        let built = pages(&ran.ok().text());
        assert!(
            built.pages[0]
                .iter()
                .any(|l| l.trim_start_matches('⠀') == braille(shown)),
            "{title:?}: {:?}",
            built.pages[0]
        );
    }
    // Without --bulletin the same games have no contents list and no index.
    let plain = dir.run(&["build", "sm.pgn", "--format", "unicode", "-o", "-"]);
    assert!(!plain.ok().text().contains(&braille("Spelarregister")));
}

#[test]
fn standard_input_is_pgn_unless_told_and_epd_gives_captions() {
    let dir = Sandbox::new();
    let game = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 *\n";
    dir.write("a.pgn", game);
    let from_file = dir.run(&["build", "a.pgn", "--format", "unicode", "-o", "-"]);
    let piped = dir
        .command(&["build", "-", "--format", "unicode", "-o", "-"])
        .stdin(game)
        .run();
    assert_eq!(piped.ok().stdout, from_file.ok().stdout);
    let epd = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7#; \
               id \"Mattfälla 1\"; c0 \"Vit drar och sätter matt\";\n";
    dir.write("p.epd", epd);
    let ran = dir.run(&[
        "build",
        "p.epd",
        "--format",
        "unicode",
        "--line-length",
        "40",
        "-o",
        "-",
    ]);
    let text = ran.ok().text();
    let first = text.lines().next().unwrap_or("");
    assert_eq!(
        first,
        braille("Mattfälla 1: Vit drar och sätter matt").as_str(),
        "{text}"
    );
    // The solution (bm) is not printed beside the problem.
    assert!(!text.contains(&braille("Qxf7")) && !text.contains(&braille("Dxf7")));
    // The same from standard input, said to be EPD.
    let piped = dir
        .command(&[
            "build",
            "-",
            "--input-format",
            "epd",
            "--line-length",
            "40",
            "--format",
            "unicode",
            "-o",
            "-",
        ])
        .stdin(epd)
        .run();
    assert_eq!(piped.ok().text(), text);
}

#[test]
fn a_bulletins_title_on_every_volume_and_in_the_pef_and_games_without_a_round() {
    let dir = Sandbox::new();
    let mut pgn = pgn();
    // Two games without a round after the rounds.
    for (w, b) in [("Utan", "Rond"), ("Inte", "Heller")] {
        pgn.push_str(&format!(
            "[Event \"Bulletin-SM\"]\n[Round \"?\"]\n[White \"{w}\"]\n[Black \"{b}\"]\n\
             [Result \"0-1\"]\n\n1. e4 e5 0-1\n\n"
        ));
    }
    dir.write("sm.pgn", &pgn);
    std::fs::create_dir_all(dir.path().join("ut")).expect("a folder");
    let ran = dir.run(&[
        "build",
        "sm.pgn",
        "--bulletin",
        "--volume-sheets",
        "4",
        "--format",
        "unicode",
        "-o",
        "ut/",
    ]);
    ran.ok();
    let mut volumes = 0;
    for k in 1.. {
        let Ok(text) = std::fs::read_to_string(dir.path().join(format!("ut/sm-{k}.txt"))) else {
            break;
        };
        volumes += 1;
        let first = &pages(&text).pages[0];
        assert!(
            first
                .iter()
                .any(|l| l.trim_start_matches('⠀') == braille("Bulletin-SM")),
            "volume {k}: {first:#?}"
        );
    }
    assert!(volumes > 1, "{}", ran.stderr);
    // The PEF's head has the title too.
    let ran = dir.run(&["build", "sm.pgn", "--bulletin", "-o", "sm.pef"]);
    ran.ok();
    let pef = String::from_utf8(dir.read("sm.pef")).expect("UTF-8");
    assert!(
        pef.contains("<dc:title>Bulletin-SM</dc:title>"),
        "{}",
        &pef[..600.min(pef.len())]
    );
    // The games without a round under a heading of their own.
    let ran = dir.run(&[
        "build",
        "sm.pgn",
        "--bulletin",
        "--format",
        "unicode",
        "-o",
        "-",
    ]);
    let text = ran.ok().text();
    let lines: Vec<String> = text
        .lines()
        .map(|l| l.trim_start_matches('⠀').to_string())
        .collect();
    let rounds: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with(&braille("Rond 3")))
        .collect();
    assert!(!rounds.is_empty());
    let none = lines
        .iter()
        .rposition(|l| *l == braille("Utan rond"))
        .expect("a heading for the games without a round");
    assert!(
        lines[none..]
            .iter()
            .any(|l| l.starts_with(&braille("Utan – Rond, 0-1")))
    );
}

/// A book folder `bok` in `dir` with this `bok.yaml` (its chapters written by the test).
fn book(dir: &Sandbox, yaml: &str) {
    std::fs::create_dir(dir.path().join("bok")).expect("a folder");
    dir.write("bok/bok.yaml", yaml);
}

/// A book of `.pgn` chapters under a title of its own: one title page (the book's), not the
/// book's and then the bulletin's from the Event tag.
#[test]
fn a_book_folder_bulletin_has_the_books_title_page_alone() {
    let dir = Sandbox::new();
    book(
        &dir,
        "title: Bulletin SM\nbulletin: true\nchapters:\n  - r1.pgn\n",
    );
    dir.write("bok/r1.pgn", pgn());
    let ran = dir.run(&["build", "bok", "--format", "unicode", "-o", "-"]);
    let built = pages(&ran.ok().text());
    let titled = |title: &str| {
        built
            .pages
            .iter()
            .filter(|p| {
                p.iter()
                    .any(|l| l.trim_start_matches('⠀') == braille(title))
            })
            .count()
    };
    assert_eq!(titled("Bulletin SM"), 1, "{:?}", built.pages);
    assert_eq!(titled("Bulletin-SM"), 0, "{:?}", built.pages);
    // The bulletin is there all the same: headings by board, the index.
    let text = built.pages.concat().join("\n");
    assert!(text.contains(&braille("Spelarregister")));
    assert!(text.contains(&braille("Bord 1")));
}

/// `bulletin: true` in a book with no `.pgn` file: its games keep their own headings (once
/// they lost them: no words dropped), and a warning says why there is no bulletin.
#[test]
fn a_markdown_book_asking_for_a_bulletin_keeps_its_game_headings_and_is_told() {
    let dir = Sandbox::new();
    dir.write(
        "km.md",
        "---\ntitle: KM\nbulletin: true\n---\n\n# Rond 1\n\n```pgn\n[White \"Berg, C\"]\n\
         [Black \"Dahl, D\"]\n\n1. d4 d5 0-1\n```\n",
    );
    let ran = dir.run(&["build", "km.md", "--format", "unicode", "-o", "-"]);
    let text = ran.ok().text();
    assert!(text.contains(&braille("Berg, C")), "{text}");
    assert!(text.contains(&braille("Dahl, D")), "{text}");
    assert!(
        ran.stderr
            .contains("km.md:1:1: warning: bulletin: true lays out the games of .pgn files"),
        "{}",
        ran.stderr
    );
}

/// A bulletin's game in a chapter that says `bulletin: false` for itself still stands under
/// the bulletin's headings made of its tags (its round, its players) and in the index, and
/// the same with the check or without it (a review's find: without the check, such a game
/// once lost its tags, which only the check had kept).
#[test]
fn a_bulletins_game_in_any_chapter_keeps_its_tags_checked_or_not() {
    let dir = Sandbox::new();
    book(
        &dir,
        "title: SM\nbulletin: true\nchapters:\n  - intro.md\n  - r2.pgn\n",
    );
    dir.write(
        "bok/intro.md",
        "---\nbulletin: false\n---\n\n# Inledning\n\n```pgn\n[Event \"SM\"]\n[Round \"1\"]\n\
         [White \"Berg, C\"]\n[Black \"Dahl, D\"]\n\n1. d4 d5 0-1\n```\n",
    );
    dir.write(
        "bok/r2.pgn",
        "[Event \"SM\"]\n[Round \"2\"]\n[White \"Ek, E\"]\n[Black \"Berg, C\"]\n\
         [Result \"1-0\"]\n\n1. e4 e5 1-0\n",
    );
    let text = |check: &str| {
        let ran = dir.run(&["build", "bok", check, "--format", "unicode", "-o", "-"]);
        ran.ok().text()
    };
    let (unchecked, checked) = (text("--no-verify"), text("--verify"));
    assert_eq!(unchecked, checked);
    assert!(unchecked.contains(&braille("Rond 1")), "{unchecked}");
    assert!(
        unchecked.contains(&braille("Berg, C – Dahl, D")),
        "{unchecked}"
    );
    assert!(!unchecked.contains(&braille("NN – NN")), "{unchecked}");
}

/// What a bulletin's heading warns of (a name with letters that have no braille) is said once,
/// at the character in the game's tag, as for a game's own heading: not at line 1 of the file,
/// and not again for the index of players. The title page's title from the Event tag too.
#[test]
fn a_bulletin_headings_warnings_stand_at_their_character_once() {
    let dir = Sandbox::new();
    dir.write(
        "cyr.pgn",
        "[Event \"T\u{2603}\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 *\n\n\
         [Event \"T\u{2603}\"]\n[Site \"X\"]\n[White \"Zo,  \u{416}\u{443}\"]\n[Black \"B\"]\n\n1. e4 *\n",
    );
    let ran = dir.run(&["build", "cyr.pgn", "--bulletin", "-o", "cyr.brf"]);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    let warnings: Vec<&str> = ran
        .stderr
        .lines()
        .filter(|l| l.contains(": warning: "))
        .collect();
    let expected = [
        "cyr.pgn:1:10: warning: no braille rule for the character '\u{2603}'",
        "cyr.pgn:9:14: warning: game 2: no braille rule for the character '\u{416}'",
        "cyr.pgn:9:15: warning: game 2: no braille rule for the character '\u{443}'",
    ];
    assert_eq!(warnings.len(), expected.len(), "{}", ran.stderr);
    for (w, e) in warnings.iter().zip(expected) {
        assert!(w.starts_with(e), "{w}\nnot {e}");
    }
}

/// A contents entry that wraps stays on one page, its page number on its last line: never its
/// first lines at the foot of one page and its number alone on the next.
#[test]
fn a_contents_entry_is_never_split_across_pages() {
    let dir = Sandbox::new();
    let mut pgn = String::new();
    for k in 0..30 {
        pgn.push_str(&format!(
            "[Event \"SM\"]\n[Round \"{}.{}\"]\n[White \"Vitspelaresson{k}, Karl-Gustav\"]\n\
             [Black \"Svartspelaresson{k}, Ann-Margret\"]\n[WhiteElo \"2100\"]\n\
             [BlackElo \"2050\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n",
            k / 10 + 1,
            k % 10 + 1
        ));
    }
    dir.write("sm.pgn", pgn);
    for length in [9, 10, 11, 12, 13] {
        let built = bulletin_of(&dir, 24, length);
        let start = built
            .pages
            .iter()
            .position(|p| {
                p.iter()
                    .any(|l| l.trim_start_matches('⠀') == braille("Innehåll"))
            })
            .expect("a contents list");
        let moves = braille("1. e4");
        let mut wrapped = 0;
        for page in built.pages[start..]
            .iter()
            .take_while(|p| !p.iter().any(|l| l.contains(&moves)))
        {
            // After the page number's line, the first line of text is an entry's first line:
            // at the margin (a round) or two cells in (a game), never a wrapped line further in.
            let first = page
                .iter()
                .skip(1)
                .find(|l| !l.trim_start_matches('⠀').is_empty());
            let blanks = first.map_or(0, |l| l.chars().take_while(|&c| c == '⠀').count());
            assert!(blanks <= 2, "page length {length}: {page:#?}");
            wrapped += page.iter().filter(|l| l.starts_with("⠀⠀⠀⠀⠀⠀⠠")).count();
        }
        assert!(wrapped > 0, "the entries wrap");
    }
}

/// A forfeit exported as tags only, its file joined to the next round file's with no blank
/// line between: two games, each under its own players, in the contents and the index.
#[test]
fn a_forfeit_run_into_the_next_games_tags_keeps_both_games() {
    let dir = Sandbox::new();
    let forfeit = "[Event \"Allsvenskan\"]\n[Round \"2.1\"]\n[White \"Forfeit, Anna\"]\n\
                   [Black \"Absent, Bo\"]\n[Result \"1-0\"]\n";
    let played = "[Event \"Allsvenskan\"]\n[Round \"2.2\"]\n[White \"Carl, C\"]\n\
                  [Black \"Dahl, D\"]\n[Result \"1-0\"]\n\n\
                  1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    dir.write("runda.pgn", format!("{forfeit}{played}"));
    let ran = dir.run(&[
        "build",
        "runda.pgn",
        "--bulletin",
        "--format",
        "unicode",
        "-o",
        "runda.txt",
    ]);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert!(ran.stderr.contains("2 games"), "{}", ran.stderr);
    let out = String::from_utf8(dir.read("runda.txt")).expect("Unicode braille");
    for name in ["Forfeit", "Absent", "Carl", "Dahl"] {
        // In the contents, the heading and the index: three times each.
        let count = out.matches(&braille(name)).count();
        assert!(count >= 3, "{name}: {count}\n{out}");
    }
}

/// A bulletin's title page and contents come first whatever input comes before its games:
/// positions (EPD) after them, a book's foreword after its own title page and the contents.
#[test]
fn a_bulletins_title_page_and_contents_come_before_other_inputs() {
    let dir = Sandbox::new();
    dir.write("runda.pgn", pgn());
    dir.write(
        "stallning.epd",
        "8/8/8/4k3/8/8/8/4K3 w - - id \"Slutställning\";\n",
    );
    dir.write(
        "forord.md",
        "---\ntitle: Rundan\n---\n# Förord\n\nDetta är ett förord.\n",
    );
    let contents = braille("Innehåll");
    for (first, before) in [("stallning.epd", "Slutställning"), ("forord.md", "Förord")] {
        let ran = dir.run(&[
            "build",
            first,
            "runda.pgn",
            "--bulletin",
            "--format",
            "unicode",
            "-o",
            "ut.txt",
        ]);
        assert_eq!(ran.code, Some(0), "{first}: {}", ran.stderr);
        let text = String::from_utf8(dir.read("ut.txt")).expect("Unicode braille");
        let at = |what: &str| text.find(what).unwrap_or(usize::MAX);
        let (contents_at, other_at) = (at(&contents), at(&braille(before)));
        assert!(contents_at < usize::MAX, "{first}: no contents\n{text}");
        // The contents stand before the other input's text (the foreword is named in them
        // first: its heading's own place comes after).
        let other_after = text[contents_at..].find(&braille(before));
        assert!(
            other_at < contents_at || other_after.is_some(),
            "{first}\n{text}"
        );
        let page_of = |offset: usize| text[..offset].matches('\x0c').count();
        assert_eq!(
            page_of(contents_at),
            1,
            "{first}: contents on page 2\n{text}"
        );
        let own = text.rfind(&braille(before)).unwrap_or(0);
        assert!(
            page_of(own) >= 2,
            "{first}: {before} after the contents\n{text}"
        );
    }
}

/// Rounds of forfeits (tags and a result, no moves): each game's heading keeps with its
/// game, not with the next round's heading, so the rounds fill the page instead of moving to
/// the next one in a single chain (a page with one round on it, the rest left blank).
#[test]
fn rounds_of_forfeits_fill_their_pages() {
    let dir = Sandbox::new();
    let mut pgn = String::new();
    for r in 1..=5 {
        pgn.push_str(&format!(
            "[Event \"SM\"]\n[Round \"{r}\"]\n[White \"W{r}\"]\n[Black \"B{r}\"]\n\
             [Result \"1-0\"]\n\n1-0\n\n"
        ));
    }
    dir.write("sm.pgn", &pgn);
    let built = bulletin_of(&dir, 28, 25);
    // The page of each round's heading in the body (a contents entry ends in a page number).
    let round_page = |r: usize| {
        let heading = braille(&format!("Rond {r}"));
        built
            .pages
            .iter()
            .rposition(|p| p.iter().any(|l| l.trim_end_matches('⠀') == heading))
    };
    let first = round_page(1).expect("round 1 in the body");
    // A round takes 6 lines (3 blank before, heading, blank, game heading): 3 rounds on the
    // page of round 1 (24 lines under the page number).
    assert_eq!(round_page(2), Some(first), "{:#?}", built.pages);
    assert_eq!(round_page(3), Some(first), "{:#?}", built.pages);
}

/// A bulletin reads back (`read`): the title page and contents list give no games, each
/// game's heading (`Bord 2: White (Elo) – Black (Elo), 1-0`, wrapped with no indent) gives
/// back its board, players, ratings and result, and the round heading before a round's first
/// game gives the round of every game after it; a forfeit (no moves) is a game of its own.
/// A file of several events names each round's event (`Rond 1, Skol-SM B`), which reads back
/// as the Event of its games; a game without a board has its players alone.
#[test]
fn a_bulletin_reads_back_with_its_rounds_boards_and_players() {
    let dir = Sandbox::new();
    let game = |event: &str, round: &str, white: &str, black: &str, result: &str, moves: &str| {
        format!(
            "[Event \"{event}\"]\n[Round \"{round}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n\
             [WhiteElo \"2100\"]\n[Result \"{result}\"]\n\n{moves} {result}\n\n"
        )
    };
    let (a, b) = ("Skol-SM A-gruppen", "Skol-SM B-gruppen med ett långt namn");
    let pgn = [
        game(
            a,
            "1.1",
            "Öberg, Örjan",
            "Åkesson, Åsa",
            "1-0",
            "1. e4 e5 2. Nf3 Nc6",
        ),
        game(
            a,
            "1.2",
            "Ärlig, Ärla",
            "Zetterström, Zäta",
            "0-1",
            "1. d4 d5",
        ),
        game(a, "1.3", "Berg, Anna", "Bergström, Bo", "1-0", ""),
        game(
            a,
            "2.1",
            "Åberg, Ulf",
            "Aalto, Väinö",
            "1/2-1/2",
            "1. c4 c5",
        ),
        game(
            b,
            "1",
            "Nilsson-Lindqvist, Karl",
            "Andersson, Per-Olof",
            "0-1",
            "1. f4 e5",
        ),
    ]
    .concat();
    dir.write("sm.pgn", &pgn);
    for notation in ["compact", "ordinary"] {
        let games = read_back_games(&dir, "sm.pgn", notation, &["--verify"]);
        assert_eq!(games.len(), 5, "{notation}: {games:?}");
        for (g, (event, round, board, white, black, result)) in games.iter().zip([
            (a, "1", Some("1"), "Öberg, Örjan", "Åkesson, Åsa", "1-0"),
            (a, "1", Some("2"), "Ärlig, Ärla", "Zetterström, Zäta", "0-1"),
            (a, "1", Some("3"), "Berg, Anna", "Bergström, Bo", "1-0"),
            (a, "2", Some("1"), "Åberg, Ulf", "Aalto, Väinö", "1/2-1/2"),
            (
                b,
                "1",
                None,
                "Nilsson-Lindqvist, Karl",
                "Andersson, Per-Olof",
                "0-1",
            ),
        ]) {
            let mut want = vec![
                format!("\"{event}\"]"),
                format!("[Round \"{round}\"]"),
                format!("[White \"{white}\"]"),
                format!("[Black \"{black}\"]"),
                format!("[Result \"{result}\"]"),
                "[WhiteElo \"2100\"]".to_owned(),
            ];
            want.extend(board.map(|b| format!("[Board \"{b}\"]")));
            for tag in want {
                assert!(
                    g.starts_with(&tag) || g.contains(&tag),
                    "{notation}: {tag} in\n{g}"
                );
            }
        }
        assert!(games[0].contains("1. e4 e5 2. Nf3 Nc6 1-0"), "{}", games[0]);
    }
}

/// A comment that goes on onto the next page, with a dash in it, is no heading of the next
/// game there: the game keeps its comment and its moves after it (a reviewer's find: the rest
/// of the game became a made-up game, exit 0).
#[test]
fn a_comment_with_a_dash_at_the_top_of_a_page_stays_the_games() {
    let dir = Sandbox::new();
    let comment = "Här tänkte svart länge och valde till slut den vanliga fortsättningen som \
                   alla känner till sedan länge, men vit hade en överraskning i beredskap – ett \
                   nytt drag som ingen hade sett förut i denna ställning och som ledde till en \
                   snabb seger för vit i partiet.";
    let pgn = format!(
        "[Event \"KM\"]\n[Round \"1.1\"]\n[White \"Alm, Anna\"]\n[Black \"Berg, Bo\"]\n\
         [Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 {{{comment}}} \
         6. Re1 b5 7. Bb3 d6 8. c3 O-O 1-0\n\n\
         [Event \"KM\"]\n[Round \"1.2\"]\n[White \"Ceder, Cia\"]\n[Black \"Dahl, Dan\"]\n\
         [Result \"0-1\"]\n\n1. d4 d5 2. c4 e6 0-1\n"
    );
    dir.write("km.pgn", &pgn);
    for notation in ["compact", "ordinary"] {
        for page in ["8", "10", "12", "14", "17", "20"] {
            let games = read_back_games(&dir, "km.pgn", notation, &["--page-length", page]);
            assert_eq!(games.len(), 2, "{notation} {page}: {games:?}");
            assert!(
                games[0].contains("8. c3 O-O 1-0"),
                "{notation} {page}: {}",
                games[0]
            );
        }
    }
}

/// A forfeit on the last board of a bulletin (a game without moves after the last game)
/// reads back as a game of its own, in its round, as a forfeit before another game does.
#[test]
fn a_forfeit_after_the_last_game_reads_back() {
    let dir = Sandbox::new();
    let game = |round: &str, white: &str, black: &str, result: &str, moves: &str| {
        format!(
            "[Event \"KM\"]\n[Round \"{round}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n\
             [Result \"{result}\"]\n\n{moves} {result}\n\n"
        )
    };
    for last_round in ["1.3", "2.1"] {
        let pgn = [
            game("1.1", "Alm, Anna", "Berg, Bo", "1-0", "1. e4 e5 2. Nf3"),
            game("1.2", "Ceder, Cia", "Dahl, Dan", "0-1", "1. d4 d5"),
            game(last_round, "Ek, Eva", "Fur, Fia", "1-0", ""),
        ]
        .concat();
        dir.write("km.pgn", &pgn);
        for notation in ["compact", "ordinary"] {
            let games = read_back_games(&dir, "km.pgn", notation, &[]);
            assert_eq!(games.len(), 3, "{last_round} {notation}: {games:?}");
            let round = &last_round[..1];
            for tag in [
                format!("[Round \"{round}\"]"),
                "[White \"Ek, Eva\"]".to_owned(),
                "[Black \"Fur, Fia\"]".to_owned(),
                "[Result \"1-0\"]".to_owned(),
            ] {
                assert!(
                    games[2].contains(&tag),
                    "{notation}: {tag} in\n{}",
                    games[2]
                );
            }
            assert!(games[1].contains("1. d4 d5 0-1"), "{}", games[1]);
        }
    }
}

/// A bulletin is written in compact notation, the notation of scoresheets and bulletins,
/// unless a notation is given (on the command line or in `bok.yaml`).
#[test]
fn a_bulletin_is_compact_unless_told() {
    let dir = Sandbox::new();
    dir.write("sm.pgn", pgn());
    let compact = braille("Schacknotation: kompakt");
    let ordinary = braille("Schacknotation: ordinär");
    let built = |args: &[&str]| {
        let mut all = vec![
            "build",
            "sm.pgn",
            "--bulletin",
            "--format",
            "unicode",
            "-o",
            "-",
        ];
        all.extend_from_slice(args);
        dir.run(&all).ok().text()
    };
    let default = built(&[]);
    assert!(default.contains(&compact), "{default}");
    assert_eq!(default, built(&["--notation", "compact"]));
    let told = built(&["--notation", "ordinary"]);
    assert!(
        told.contains(&ordinary) && !told.contains(&compact),
        "{told}"
    );
    // A book folder of rounds: bok.yaml's bulletin: true, its notation if it gives one.
    std::fs::create_dir(dir.path().join("bok")).expect("a folder");
    dir.write("bok/sm.pgn", pgn());
    for (yaml, want) in [("", &compact), ("notation: ordinary\n", &ordinary)] {
        dir.write(
            "bok/bok.yaml",
            format!("title: SM\nbulletin: true\n{yaml}chapters:\n  - sm.pgn\n"),
        );
        let ran = dir.run(&["build", "bok", "--format", "unicode", "-o", "-"]);
        let text = ran.ok().text();
        assert!(text.contains(want.as_str()), "{yaml}: {text}");
    }
}

/// A bulletin without pages (`--page-length 0`, an embosser that breaks pages itself) has no
/// contents list and no index of players, which name pages: a warning says so. Its title page
/// (the Event tag's, learnt from the first game) and its headings stay.
#[test]
fn a_bulletin_without_pages_has_no_contents_or_index() {
    let dir = Sandbox::new();
    dir.write("sm.pgn", pgn());
    let ran = dir.run(&[
        "build",
        "sm.pgn",
        "--bulletin",
        "--page-length",
        "0",
        "--format",
        "unicode",
        "-o",
        "-",
    ]);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert!(
        ran.stderr.contains(
            "sm.pgn:1:1: warning: page_length 0 writes no pages: the bulletin has no contents \
             list and no index of players"
        ),
        "{}",
        ran.stderr
    );
    let text = ran.ok().text();
    for gone in ["Innehåll", "Spelarregister"] {
        assert!(!text.contains(&braille(gone)), "{gone}: {text}");
    }
    for kept in ["Bulletin-SM", "Rond 1", "Bord 1: "] {
        assert!(text.contains(&braille(kept)), "{kept}: {text}");
    }
}

/// A bulletin of no game (an empty file, or every game skipped with `--keep-going`) is empty,
/// as a book of an empty file is: no page holding a contents heading alone, no title page,
/// and no warning of an empty contents list (the file's own warning, or its skip, says it).
#[test]
fn a_bulletin_without_games_is_empty() {
    let dir = Sandbox::new();
    dir.write("tom.pgn", "");
    dir.write(
        "fel.pgn",
        "[Event \"KM\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Ke3 *\n",
    );
    for (file, title) in [
        ("tom.pgn", None),
        ("fel.pgn", None),
        ("tom.pgn", Some("KM")),
    ] {
        let mut args = vec!["build", file, "--bulletin", "--keep-going", "-o", "ut.brf"];
        args.extend(title.iter().flat_map(|t| ["--title", *t]));
        let ran = dir.run(&args);
        assert!(matches!(ran.code, Some(0 | 4)), "{file}: {}", ran.stderr);
        assert_eq!(dir.read("ut.brf"), b"", "{file} {title:?}");
        assert!(!ran.stderr.contains("contents list"), "{}", ran.stderr);
    }
    // One game written: its bulletin has the title page and contents list.
    dir.write(
        "en.pgn",
        "[Event \"KM\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 *\n",
    );
    dir.run(&["build", "en.pgn", "--bulletin", "-o", "en.brf"])
        .ok();
    let text = String::from_utf8(dir.read("en.brf")).expect("BRF");
    assert!(text.contains(",,KM") && text.contains(",INNEH"), "{text}");
}

/// A game's heading at the top of a page (the page end took away the blank line before it)
/// is that game's heading, not the last game's comment, however it wraps: with the dash on the
/// next line or two lines down (`Bord 2: Palliyage,` / `Sethumlee Devhara (1726)` / `– …`),
/// and so is a round's heading there. An organiser's check of the night's bulletin read a
/// quarter of its games back without players or result.
#[test]
fn a_heading_at_the_top_of_a_page_reads_back_as_its_games() {
    let dir = Sandbox::new();
    let names = [
        "Palliyage, Sethumlee Devhara",
        "Ek, Bo",
        "Gonzalez de Miguel Yataco, Miguel",
        "Ceder, Cecilia",
        "Martinez Alcantara, Jose Eduardo",
        "Dahl, David",
    ];
    let moves = [
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6",
        "1. d4 d5",
        "1. c4 e5 2. Nc3 Nf6 3. g3 d5 4. cxd5 Nxd5 5. Bg2 Nb6",
        "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6",
    ];
    let mut pgn = String::new();
    let mut want = Vec::new();
    for k in 0..24 {
        let (round, board) = (1 + k / 8, 1 + k % 8);
        let (white, black) = (names[k % 6], names[(k + 1 + k / 6) % 6]);
        pgn.push_str(&format!(
            "[Event \"KM\"]\n[Round \"{round}.{board}\"]\n[White \"{white}\"]\n\
             [Black \"{black}\"]\n[WhiteElo \"1726\"]\n[Result \"1-0\"]\n\n{} 1-0\n\n",
            moves[k % 4]
        ));
        want.push((round, board, white, black));
    }
    dir.write("km.pgn", &pgn);
    for notation in ["ordinary", "compact"] {
        for (line, page) in [("28", "16"), ("24", "12"), ("32", "20")] {
            let built = dir.run(&[
                "build",
                "km.pgn",
                "--bulletin",
                "--notation",
                notation,
                "--line-length",
                line,
                "--page-length",
                page,
                "--format",
                "unicode",
                "-o",
                "km.txt",
            ]);
            assert_eq!(built.code, Some(0), "{}", built.stderr);
            // Headings do stand at the top of pages (after the page number's line).
            let text = String::from_utf8(dir.read("km.txt")).expect("Unicode braille");
            let board = braille("Bord");
            let round = braille("Rond");
            let tops = pages(&text)
                .pages
                .iter()
                .filter(|p| {
                    p.get(1)
                        .is_some_and(|l| l.starts_with(&board) || l.starts_with(&round))
                })
                .count();
            assert!(
                tops >= 2,
                "{notation} {line}x{page}: {tops} headings at a page top"
            );
            let read = dir.run(&["read", "km.txt", "--notation", notation, "-o", "-"]);
            let back = read.ok().text();
            let games: Vec<&str> = back.split("[Event ").skip(1).collect();
            assert_eq!(games.len(), want.len(), "{notation} {line}x{page}: {back}");
            for (g, (round, board, white, black)) in games.iter().zip(&want) {
                for tag in [
                    format!("[Round \"{round}\"]"),
                    format!("[Board \"{board}\"]"),
                    format!("[White \"{white}\"]"),
                    format!("[Black \"{black}\"]"),
                    "[Result \"1-0\"]".to_owned(),
                ] {
                    assert!(g.contains(&tag), "{notation} {line}x{page}: {tag} in\n{g}");
                }
                assert!(
                    !g.contains('{'),
                    "{notation} {line}x{page}: a comment in\n{g}"
                );
            }
        }
    }
}

/// A bulletin draws the start position of a game from a `[FEN]` tag (a Chess960 game cannot
/// be followed without it), and such a game reads back from its diagram, castling from the
/// king's own square (`[Variant "Chess960"]` in the PGN read back).
#[test]
fn a_bulletin_draws_start_positions_and_chess960_reads_back() {
    let dir = Sandbox::new();
    dir.write(
        "960.pgn",
        "[Event \"Fischer Random\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n\
         [Result \"1/2-1/2\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
         [FEN \"nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1\"]\n\n\
         1. c3 a5 2. c4 g5 3. e4 c5 4. Be2 b5 5. Bh5 e6 6. Qe2 h6 7. O-O Ke7 1/2-1/2\n",
    );
    for notation in ["ordinary", "compact"] {
        let ran = dir.run(&[
            "build",
            "960.pgn",
            "--bulletin",
            "--verify",
            "--notation",
            notation,
            "-o",
            "960.brf",
        ]);
        assert_eq!(ran.code, Some(0), "{notation}: {}", ran.stderr);
        assert!(
            ran.stderr.contains("1 diagram"),
            "{notation}: {}",
            ran.stderr
        );
        let read = dir.run(&["read", "960.brf", "--notation", notation, "-o", "-"]);
        let pgn = read.ok().text();
        for want in [
            "[FEN \"nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w KQkq - 0 1\"]",
            "[Variant \"Chess960\"]",
            "7. O-O Ke7",
        ] {
            assert!(pgn.contains(want), "{notation}: {want}\n{pgn}");
        }
    }
}

/// Read back, every game of a round without boards is of that round (the round heading
/// stands before its first game only), and the first game's heading is kept when its start
/// diagram puts its moves on the next page.
#[test]
fn a_bulletins_rounds_without_boards_and_a_start_diagram_read_back() {
    let dir = Sandbox::new();
    dir.write(
        "r.pgn",
        "[Event \"E\"]\n[Round \"1\"]\n[White \"Anna\"]\n[Black \"Bo\"]\n[Result \"1-0\"]\n\
         [SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 30\"]\n\n\
         30. O-O Kd8 31. Rf7 Kc8 32. Ra8# 1-0\n\n\
         [Event \"E\"]\n[Round \"1\"]\n[White \"Cid\"]\n[Black \"Dan\"]\n[Result \"0-1\"]\n\n\
         1. d4 0-1\n",
    );
    for (length, notation) in [("12", "ordinary"), ("14", "ordinary"), ("29", "ordinary")]
        .into_iter()
        .chain([("12", "compact"), ("14", "compact"), ("29", "compact")])
    {
        let games = read_back_games(&dir, "r.pgn", notation, &["--page-length", length]);
        assert_eq!(games.len(), 2, "{length}: {games:?}");
        for (g, (white, black)) in games.iter().zip([("Anna", "Bo"), ("Cid", "Dan")]) {
            for tag in [
                "[Round \"1\"]".to_owned(),
                format!("[White \"{white}\"]"),
                format!("[Black \"{black}\"]"),
            ] {
                assert!(g.contains(&tag), "{length}: {tag} in\n{g}");
            }
        }
    }
}

/// A bulletin's contents list longer than a volume goes on in the next volumes: no volume
/// holds more sheets than `volume_sheets` (before, the first held the whole list and a
/// warning named it), a volume after the first goes on with the list at a round's entry, and
/// every entry still names the page where its game stands (page numbers run on through the
/// volumes, title pages included).
#[test]
fn a_contents_list_longer_than_a_volume_goes_on_in_the_next() {
    let dir = Sandbox::new();
    let pgn: String = (0..80)
        .map(|i| {
            format!(
                "[Event \"SM\"]\n[Round \"{}.{}\"]\n[White \"V{i}\"]\n[Black \"S{i}\"]\n\
                 [Result \"1-0\"]\n\n1. e4 e5 1-0\n\n",
                i / 8 + 1,
                i % 8 + 1
            )
        })
        .collect();
    dir.write("sm.pgn", &pgn);
    let ran = dir.run(&[
        "build",
        "sm.pgn",
        "--bulletin",
        "--volume-sheets",
        "6",
        "--line-length",
        "40",
        "--page-length",
        "12",
        "--format",
        "unicode",
        "--join-volumes",
        "-o",
        "-",
    ]);
    assert_eq!(ran.code, Some(0), "{}", ran.stderr);
    assert!(!ran.stderr.contains("warning:"), "{}", ran.stderr);
    let pages = pages(&ran.text()).pages;
    let trimmed = |l: &String| l.trim_start_matches('⠀').to_string();
    let has = |page: &Vec<String>, text: &str| {
        page.iter().any(|l| trimmed(l).starts_with(&braille(text)))
    };
    // Volumes: each begins with its title page (`Volym k av n`), and holds at most 6 pages.
    let starts: Vec<usize> = (0..pages.len())
        .filter(|&k| has(&pages[k], "Volym "))
        .collect();
    assert!(starts.len() > 3, "{} volumes", starts.len());
    let ends: Vec<usize> = starts
        .iter()
        .skip(1)
        .copied()
        .chain([pages.len()])
        .collect();
    for (a, b) in starts.iter().zip(&ends) {
        assert!(
            b - a <= 6,
            "a volume of {} pages from page {}",
            b - a,
            a + 1
        );
    }
    // The contents list fills the first volumes; the second goes on with it at a round, under
    // a heading that says so (issue 31).
    let second = &pages[starts[1] + 1];
    let mut texts = second.iter().skip(1).map(trimmed).filter(|l| !l.is_empty());
    assert_eq!(
        texts.next(),
        Some(braille("Innehåll, forts.")),
        "{second:#?}"
    );
    let first_entry = texts.next().unwrap_or_default();
    assert!(first_entry.starts_with(&braille("Rond ")), "{second:#?}");
    // Every game's heading: once in the contents list, once above its game, whose page the
    // entry names.
    for i in 0..80 {
        let heading = braille(&format!("Bord {}: V{i} – S{i}, 1-0", i % 8 + 1));
        let found: Vec<usize> = (0..pages.len())
            .filter(|&k| pages[k].iter().any(|l| trimmed(l).starts_with(&heading)))
            .collect();
        assert_eq!(found.len(), 2, "{heading}: {found:?}");
        let entry = pages[found[0]]
            .iter()
            .find(|l| trimmed(l).starts_with(&heading))
            .expect("the entry");
        assert!(
            entry.ends_with(&braille(&(found[1] + 1).to_string())),
            "game {i} stands on page {}: {entry}",
            found[1] + 1
        );
    }
}

#[test]
fn a_long_contents_list_names_every_games_page() {
    // Issue 33: the contents list is handed to the layout a part at a time (256 blocks),
    // not made whole first (its blocks were most of a bulletin's memory). 700 games in 7
    // rounds: the list runs over several parts, and every entry still names the page where
    // its game's heading stands, in order.
    let dir = Sandbox::new();
    let mut pgn = String::new();
    for k in 0..700 {
        pgn.push_str(&format!(
            "[Event \"Långa listan\"]\n[Round \"{}.{}\"]\n[White \"Vit{k}\"]\n[Black \"Svart{k}\"]\n\
             [Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n",
            k / 100 + 1,
            k % 100 + 1
        ));
    }
    dir.write("sm.pgn", pgn);
    let built = bulletin_of(&dir, 60, 20);
    let pages = &built.pages;
    let trimmed = |l: &String| l.trim_start_matches('⠀').to_string();
    let mut list_lines = Vec::new();
    let mut last = 0;
    for k in 0..700 {
        let heading = braille(&format!("Bord {}: Vit{k} – Svart{k}, 0-1", k % 100 + 1));
        let found: Vec<(usize, usize)> = pages
            .iter()
            .enumerate()
            .flat_map(|(n, p)| p.iter().enumerate().map(move |(i, l)| (n, i, l)))
            .filter(|(_, _, l)| trimmed(l).starts_with(&heading))
            .map(|(n, i, _)| (n + 1, i))
            .collect();
        assert_eq!(found.len(), 2, "{heading}: {found:?}");
        let (entry_page, entry_line) = found[0];
        let game_page = found[1].0;
        // The list's entries in the games' order.
        assert!(
            (entry_page, entry_line) > (last, 0) || k == 0,
            "{heading} out of order"
        );
        last = entry_page;
        list_lines.push(entry_page);
        // The entry's last line ends with the page number, which names the game's page.
        assert!(
            entry_ends_with_page(pages, entry_page, entry_line, game_page),
            "{heading} stands on page {game_page}: {:?}",
            &pages[entry_page - 1][entry_line..]
        );
    }
    // The list takes many pages.
    assert!(list_lines.last() > list_lines.first().map(|f| f + 20).as_ref());
}

/// Each game's contents entry (`headings`, its text) names the page where its heading stands
/// above the game.
fn entries_name_their_pages(pages: &[Vec<String>], headings: &[String]) {
    let trimmed = |l: &String| l.trim_start_matches('⠀').to_string();
    for heading in headings {
        let found: Vec<(usize, usize)> = pages
            .iter()
            .enumerate()
            .flat_map(|(n, p)| p.iter().enumerate().map(move |(i, l)| (n, i, l)))
            .filter(|(_, _, l)| trimmed(l).starts_with(heading.as_str()))
            .map(|(n, i, _)| (n + 1, i))
            .collect();
        assert_eq!(found.len(), 2, "{heading}: {found:?}");
        let ((entry_page, entry_line), game_page) = (found[0], found[1].0);
        assert!(
            entry_ends_with_page(pages, entry_page, entry_line, game_page),
            "{heading} stands on page {game_page}: {:?}",
            &pages[entry_page - 1][entry_line..]
        );
    }
}

#[test]
fn a_first_pass_moved_not_laid_out_again_names_the_pages_where_games_stand() {
    // Issue 33: a bulletin's first pass (laid out after an empty contents list) is moved by
    // the pages its front takes more, not laid out again, where its games' headings were made
    // as the next pass makes them: one event, or several read ahead from the Event tags (and
    // borne out by the games). An Event tag in a comment misleads the look ahead: the first
    // pass is laid out again as without it, and no round names an event. (Debug builds, as
    // the tests run, lay each moved bulletin out once more and compare the pages.) Single
    // and double-sided, with lists long enough for page numbers of two digits.
    let dir = Sandbox::new();
    let game = |event: &str, round: usize, k: usize, comment: &str| {
        format!(
            "[Event \"{event}\"]\n[Round \"{round}.{}\"]\n[White \"V{k}\"]\n[Black \"S{k}\"]\n\
             [Result \"0-1\"]\n\n1. f3 {comment}e5 2. g4 Qh4# 0-1\n\n",
            k % 20 + 1
        )
    };
    let (mut several, mut one) = (String::new(), String::new());
    for k in 0..120 {
        let round = k / 20 + 1;
        several.push_str(&game(if k < 60 { "SM-A" } else { "SM-B" }, round, k, ""));
        let comment = match k {
            3 => "{Som i\n[Event \"Annat\"] förra året} ",
            _ => "",
        };
        one.push_str(&game("SM", round, k, comment));
    }
    let trimmed = |l: &String| l.trim_start_matches('⠀').to_string();
    for (pgn, events) in [(several, true), (one, false)] {
        dir.write("sm.pgn", &pgn);
        for duplex in [false, true] {
            let more: &[&str] = if duplex { &["--duplex"] } else { &[] };
            let built = bulletin_with(&dir, 40, 12, more);
            let headings: Vec<String> = (0..120)
                .map(|k| braille(&format!("Bord {}: V{k} – S{k}, 0-1", k % 20 + 1)))
                .collect();
            entries_name_their_pages(&built.pages, &headings);
            let rounds: Vec<String> = (built.pages.iter().flatten())
                .map(trimmed)
                .filter(|l| l.starts_with(&braille("Rond 1")))
                .collect();
            // Once in the list, once above its games.
            assert_eq!(rounds.len(), 2, "{rounds:?}");
            // Named with their event (a comma after the number) where there are several.
            let (named, with_event) = (braille("Rond 1, SM-A"), braille("Rond 1,"));
            match events {
                true => assert!(rounds.iter().all(|r| r.starts_with(&named)), "{rounds:?}"),
                false => assert!(
                    !rounds.iter().any(|r| r.starts_with(&with_event)),
                    "{rounds:?}"
                ),
            }
            assert!(built.pages.len() > 20, "{}", built.pages.len());
        }
    }
}
