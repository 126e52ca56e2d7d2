//! Volumes (issue 12): a long book split at the best places under `--volume-sheets`, each
//! volume a file of its own with its title page, never split inside a game; interpoint halves
//! the sheets; PEF holds a `volume` each; `-o -` and `--join-volumes` give one stream.

use schackpunkt::text_to_unicode;

use crate::support::{Sandbox, pages};

/// A legal game of 60 moves (a random one: long enough to run over a page).
const MOVES: &str = "1. b3 h6 2. c3 Nf6 3. Qc2 g5 4. Qe4 e6 5. a4 Rh7 6. e3 Ke7 7. Qg6 Nc6 \
8. a5 Nb8 9. Qxh6 Rxh6 10. Ne2 Nd5 11. e4 Qe8 12. g3 Na6 13. Ba3+ d6 14. f3 Qc6 15. f4 f5 \
16. Kd1 Ke8 17. Nc1 Kd8 18. Na2 Rh7 19. Bb5 Nc5 20. Bb2 Nd3 21. Ba4 N3xf4 22. Kc2 Nh3 \
23. b4 Re7 24. Kd3 Qd7 25. Bc1 Rb8 26. exf5 c6 27. Bb3 Nhf4+ 28. Ke4 Nh3 29. Bc2 Nxb4 \
30. d3 Nf2+ 31. Kf3 a6 32. Re1 Nxa2 33. c4 Ng4 34. Ba3 Rg7 35. fxe6 Rg8 36. Nd2 Nc3 \
37. Re5 Bh6 38. h3 Nxe5+ 39. Kf2 Nb1 40. Ke1 d5 41. Nb3 Rg6 42. Nc1 Rxe6 43. Kd1 Bf8 \
44. Ke1 Ra8 45. Ne2 Ng4 46. Be7+ Rxe7 47. Bb3 Nh6 48. Rxb1 Nf7 49. Ra1 Qd6 50. c5 b5 \
51. Rc1 Kc7 52. Ba4 Re5 53. h4 Bb7 54. Bb3 Qh6 55. g4 Re6 56. Kd1 Qxh4 57. Kc2 Be7 \
58. Rh1 Bc8 59. Nd4 Nd6 60. Kb1 Ra7";

/// A word of letters only for the number `n` (`a`, `b`, … `ba`): one braille word, never cut.
fn letters(mut n: usize) -> String {
    let mut word = Vec::new();
    loop {
        word.push(b'a' + (n % 20) as u8);
        n /= 20;
        if n == 0 {
            break;
        }
    }
    word.reverse();
    String::from_utf8(word).unwrap_or_default()
}

/// A book of `chapters` chapters of three sections, each with prose, a game (its White player
/// `Vit<k>`, its last comment `slut<k>`) and a diagram; print pages marked.
fn long_book(chapters: usize) -> String {
    let mut md = String::from("---\ntitle: Den långa boken\nauthor: Eva Ek\n---\n\n");
    let mut game = 0;
    let mut print = 1;
    for c in 0..chapters {
        md.push_str(&format!("# Kapitel {}\n\n", c + 1));
        for s in 0..3 {
            md.push_str(&format!("<!-- sida {print} -->\n\n"));
            print += 1;
            md.push_str(&format!("## Avsnitt {}.{}\n\n", c + 1, s + 1));
            for p in 0..4 {
                md.push_str(&format!(
                    "Stycke {p} om spelet: här står det hur man tänker när pjäserna står \
                     som de gör, och varför ett drag är bättre än ett annat i en sådan \
                     ställning. Man ser på kungen, på bönderna och på linjerna.\n\n"
                ));
            }
            let word = letters(game);
            md.push_str(&format!(
                "```pgn\n[White \"Vit{word}\"]\n[Black \"Svart{word}\"]\n[Result \"*\"]\n\n\
                 {MOVES} {{slut{word}}} *\n```\n\n"
            ));
            game += 1;
            md.push_str(
                "```fen\nr1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n```\n\n",
            );
        }
    }
    md
}

/// The pages of a Unicode braille file.
fn read_pages(sandbox: &Sandbox, name: &str) -> Vec<Vec<String>> {
    pages(&String::from_utf8(sandbox.read(name)).expect("UTF-8")).pages
}

/// The page number on a page's first line (the sv-a4 profile: right-aligned at the top).
fn page_number(page: &[String]) -> String {
    page.first()
        .map(|l| l.trim_start_matches('⠀').to_owned())
        .unwrap_or_default()
}

/// The line of a title page that starts with `word` (in braille), if any.
fn title_line<'a>(page: &'a [String], word: &str) -> Option<&'a String> {
    let cells = text_to_unicode(word);
    page.iter().find(|l| l.starts_with(&cells))
}

#[test]
fn a_long_book_is_split_into_volumes_of_at_most_the_sheets_asked_each_with_its_title_page() {
    let sandbox = Sandbox::new();
    sandbox.write("bok.md", long_book(20));
    let whole = sandbox.run(&[
        "build", "bok.md", "-o", "hel.txt", "--format", "unicode", "-q",
    ]);
    whole.ok();
    let whole_pages = read_pages(&sandbox, "hel.txt");
    assert!(whole_pages.len() >= 200, "{} pages", whole_pages.len());
    let limit = 50;
    let ran = sandbox.run(&[
        "build",
        "bok.md",
        "-o",
        "bok.txt",
        "--format",
        "unicode",
        "--volume-sheets",
        &limit.to_string(),
    ]);
    ran.ok();
    let mut volumes = Vec::new();
    for k in 1.. {
        let name = format!("bok-{k}.txt");
        if !sandbox.names().contains(&name) {
            break;
        }
        volumes.push(read_pages(&sandbox, &name));
    }
    assert!(!sandbox.names().contains(&"bok.txt".to_string()));
    let n = volumes.len();
    // Every page of the book is in one volume, and each later volume has one page more: its
    // title page. The fewest volumes that can hold them, or one more where the chapters fall.
    let total: usize = volumes.iter().map(Vec::len).sum();
    assert!(total >= whole_pages.len() + n - 1);
    assert!(
        n >= total.div_ceil(limit) && n <= total.div_ceil(limit) + 1,
        "{n} volumes"
    );
    assert!(
        ran.stderr.contains(&format!("volume 1 of {n}")),
        "{}",
        ran.stderr
    );
    let mut next_page = 1;
    for (k, volume) in volumes.iter().enumerate() {
        assert!(
            volume.len() <= limit,
            "volume {} has {} pages",
            k + 1,
            volume.len()
        );
        if k + 1 < n {
            assert!(
                volume.len() * 2 >= limit,
                "volume {} is less than half full",
                k + 1
            );
        }
        // Its title page: the book's title, the volume, its braille pages as numbered.
        let title = &volume[0];
        assert!(title_line(title, "Den långa boken").is_some(), "{title:?}");
        let said = title_line(title, "Volym").expect("the volume line");
        assert_eq!(*said, text_to_unicode(&format!("Volym {} av {n}", k + 1)));
        let first = page_number(&volume[0]);
        let last = page_number(volume.last().expect("pages"));
        assert_eq!(
            first,
            text_to_unicode(&next_page.to_string()),
            "numbered on"
        );
        next_page += volume.len();
        assert_eq!(last, text_to_unicode(&(next_page - 1).to_string()));
        let range = title_line(title, "Punktsidor").expect("the braille pages line");
        assert_eq!(
            *range,
            text_to_unicode(&format!(
                "Punktsidor {}–{}",
                next_page - volume.len(),
                next_page - 1
            ))
        );
        assert!(
            title_line(title, "Trycksidor").is_some(),
            "print pages named"
        );
        // Never inside a game: each game's heading and its last comment in one volume.
        let text: Vec<&String> = volume.iter().flatten().collect();
        for g in 0..20 * 3 {
            let word = letters(g);
            let head = text_to_unicode(&format!("Vit{word}"));
            let end = text_to_unicode(&format!("slut{word}"));
            let has = |cells: &str| text.iter().any(|l| l.contains(cells));
            assert_eq!(
                has(&head),
                has(&end),
                "game {g} is split at volume {}",
                k + 1
            );
        }
    }
    // Interpoint: the same book on both sides of the sheet needs about half the sheets.
    let duplex = sandbox.run(&[
        "build",
        "bok.md",
        "-o",
        "dubbel.txt",
        "--format",
        "unicode",
        "--duplex",
        "--volume-sheets",
        &limit.to_string(),
    ]);
    duplex.ok();
    let sheets: Vec<usize> = (1..)
        .map(|k| format!("dubbel-{k}.txt"))
        .take_while(|name| sandbox.names().contains(name))
        .map(|name| read_pages(&sandbox, &name).len().div_ceil(2))
        .collect();
    let all: usize = sheets.iter().sum();
    assert!(sheets.iter().all(|&s| s <= limit), "{sheets:?}");
    // Half of the one-sided sheets, and a blank back for each chapter and title page at most.
    assert!(
        all * 2 <= total + 2 * (20 + sheets.len()),
        "{all} sheets for {total} pages"
    );
    assert!(
        sheets.len() < n,
        "{} volumes two-sided, {n} one-sided",
        sheets.len()
    );
}

#[test]
fn standard_output_joined_volumes_and_pef_hold_every_volume_in_one_stream() {
    let sandbox = Sandbox::new();
    sandbox.write("bok.md", long_book(3));
    let args = |extra: &[&str]| -> Vec<String> {
        let mut a: Vec<String> = ["build", "bok.md", "--volume-sheets", "12"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        a.extend(extra.iter().map(|s| s.to_string()));
        a
    };
    let run = |extra: &[&str]| {
        let a = args(extra);
        let refs: Vec<&str> = a.iter().map(String::as_str).collect();
        let ran = sandbox.run(&refs);
        ran.ok();
        ran
    };
    run(&["-o", "delad.txt", "--format", "unicode"]);
    let parts: Vec<Vec<Vec<String>>> = (1..)
        .map(|k| format!("delad-{k}.txt"))
        .take_while(|name| sandbox.names().contains(name))
        .map(|name| read_pages(&sandbox, &name))
        .collect();
    assert!(parts.len() >= 3, "{} volumes", parts.len());
    let split: Vec<Vec<String>> = parts.concat();
    // Standard output: the volumes one after the other.
    let out = run(&["-o", "-", "--format", "unicode"]);
    assert_eq!(pages(&out.text()).pages, split);
    // Joined: one file, the same pages.
    run(&["-o", "en.txt", "--format", "unicode", "--join-volumes"]);
    assert_eq!(read_pages(&sandbox, "en.txt"), split);
    assert!(!sandbox.names().iter().any(|n| n.starts_with("en-")));
    // PEF: a `volume` element a volume, its pages those of the volume.
    let pef = run(&["-o", "bok.pef", "--format", "pef"]);
    let text = String::from_utf8(sandbox.read("bok.pef")).expect("UTF-8");
    let volumes: Vec<&str> = text.split("<volume ").skip(1).collect();
    assert_eq!(volumes.len(), parts.len());
    for (volume, part) in volumes.iter().zip(&parts) {
        let body = volume.split("</volume>").next().unwrap_or("");
        assert_eq!(body.matches("<page").count(), part.len());
    }
    assert!(
        pef.stderr.contains(&format!("{} volumes of", parts.len())),
        "{}",
        pef.stderr
    );
    // A BRF holds the same: a file a volume.
    run(&["-o", "bok.brf"]);
    for k in 1..=parts.len() {
        let brf = sandbox.read(&format!("bok-{k}.brf"));
        assert_eq!(
            brf.iter().filter(|&&b| b == b'\x0c').count(),
            parts[k - 1].len()
        );
    }
}

#[test]
fn a_game_longer_than_a_volume_makes_the_volume_too_long_with_a_warning() {
    let sandbox = Sandbox::new();
    let mut md = String::from("---\ntitle: Kort\n---\n\n# Ett\n\nText.\n\n");
    for _ in 0..3 {
        md.push_str(&format!("```pgn\n{MOVES} *\n```\n\n"));
    }
    sandbox.write("bok.md", md);
    let ran = sandbox.run(&["build", "bok.md", "-o", "bok.brf", "--volume-sheets", "2"]);
    ran.ok();
    assert!(
        ran.stderr.contains("more than volume_sheets (2)"),
        "{}",
        ran.stderr
    );
    let denied = sandbox.run(&[
        "build",
        "bok.md",
        "-o",
        "x.brf",
        "--volume-sheets",
        "2",
        "--deny-warnings",
    ]);
    assert_eq!(denied.code, Some(1));
    assert!(!sandbox.names().iter().any(|n| n.starts_with("x")));
}

#[test]
fn a_book_that_fits_one_volume_keeps_its_name_and_its_title_page() {
    let sandbox = Sandbox::new();
    sandbox.write("bok.md", long_book(1));
    sandbox
        .run(&["build", "bok.md", "-o", "a.brf", "--volume-sheets", "50"])
        .ok();
    sandbox.run(&["build", "bok.md", "-o", "b.brf"]).ok();
    assert_eq!(sandbox.read("a.brf"), sandbox.read("b.brf"));
}

/// Chapters that begin with their print page, as chapter files usually do.
fn paged_chapters(chapters: usize) -> String {
    let mut md = String::from("---\ntitle: Sidorna\n---\n\n");
    for c in 0..chapters {
        md.push_str(&format!(
            "<!-- sida {} -->\n\n# Kapitel {}\n\n",
            c + 1,
            c + 1
        ));
        for p in 0..12 {
            md.push_str(&format!(
                "Stycke {p} av kapitlet, med så många ord att det fyller flera rader på \
                 sidan och lite till.\n\n"
            ));
        }
    }
    md
}

#[test]
fn a_print_page_change_before_a_chapter_does_not_keep_a_volume_from_ending_there() {
    let sandbox = Sandbox::new();
    sandbox.write("bok.md", paged_chapters(8));
    sandbox
        .run(&[
            "build",
            "bok.md",
            "-o",
            "v.txt",
            "--format",
            "unicode",
            "--volume-sheets",
            "8",
        ])
        .ok();
    let heading = text_to_unicode("Kapitel");
    let rule = "⠒⠒⠒⠀⠼";
    let mut k = 2;
    while sandbox.names().contains(&format!("v-{k}.txt")) {
        let volume = read_pages(&sandbox, &format!("v-{k}.txt"));
        let text: Vec<&String> = volume[1].iter().filter(|l| !l.is_empty()).collect();
        // After the page number: the print page change, then the chapter's heading.
        assert!(text[1].starts_with(rule), "volume {k}: {text:?}");
        assert!(text[2].starts_with(&heading), "volume {k}: {text:?}");
        // Its print pages are its own: the one it begins with, not the one before.
        let said = title_line(&volume[0], "Trycksidor").expect("print pages");
        let first = text[1]
            .trim_start_matches(rule)
            .split('⠀')
            .next()
            .unwrap_or("");
        let named = said.trim_start_matches(&text_to_unicode("Trycksidor "));
        assert!(
            named.starts_with(&format!("⠼{first}")),
            "{named} for ⠼{first}"
        );
        k += 1;
    }
    assert!(k > 3, "the book is split");
}

#[test]
fn a_book_of_one_volume_longer_than_the_limit_is_warned_about() {
    let sandbox = Sandbox::new();
    sandbox.write("g.pgn", format!("{MOVES} *\n"));
    let ran = sandbox.run(&[
        "build",
        "g.pgn",
        "-o",
        "g.brf",
        "--volume-sheets",
        "1",
        "--profile",
        "sv-a4",
    ]);
    ran.ok();
    assert!(ran.stderr.contains("volume 1 of 1 holds"), "{}", ran.stderr);
}

#[test]
fn volume_files_never_overwrite_another_output_or_stop_half_written() {
    let sandbox = Sandbox::new();
    sandbox.write("bok.md", long_book(2));
    sandbox.write("bok-1.md", "# Ett\n\nText.\n");
    let clash = sandbox.run(&["build", "bok.md", "bok-1.md", "--volume-sheets", "10"]);
    assert_eq!(clash.code, Some(2), "{}", clash.stderr);
    assert!(clash.stderr.contains("bok-1.brf"), "{}", clash.stderr);
    // A folder where a volume's file goes: an error naming it, and no volume put in place.
    std::fs::create_dir_all(sandbox.path().join("ut/v-2.brf")).expect("a folder");
    let ran = sandbox
        .command(&["build", "bok.md", "-o", "ut/v.brf", "--volume-sheets", "10"])
        .deadline(std::time::Duration::from_secs(60))
        .run();
    assert!(!ran.timed_out, "the build ended");
    assert_eq!(ran.code, Some(3), "{}", ran.stderr);
    assert!(ran.stderr.contains("v-2.brf"), "{}", ran.stderr);
    let left: Vec<_> = std::fs::read_dir(sandbox.path().join("ut"))
        .expect("ut")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["v-2.brf"], "nothing written, no temporary file left");
}
