//! Annotated games in the shapes real sources have (issue 30), generated: studies from a
//! position that open with a comment; Informator citations and move lists in brackets inside
//! comments; comments with moves, quotes, capitals, numbers, `[%clk]`/`[%eval]`/`[%cal]`
//! commands and square brackets; variations nested four deep that begin or end with comments;
//! NAGs of every kind, null moves, the last move with a comment or a variation. Each set is
//! built in both notations at several page and line lengths with the self-check on (it must
//! pass every game), and read back (the main line exact for at least 99% of the games, every
//! move and variation for at least 95%).
//!
//! `cargo test` runs a small set; the long run is by hand:
//! `SCHACKPUNKT_GAMES=3000 cargo test --release --test it -- --ignored annotated --nocapture`.

use schackpunkt::{
    BrfTable, Destination, Job, Notation, ReadGame, ReadItem, Settings, read_braille, run,
};
use shakmaty::san::{San, SanPlus};
use shakmaty::{Chess, EnPassantMode, FromSetup, Move, Position};

use crate::support::Sandbox;

/// A small, seeded generator (xorshift64*): the same games on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// NAGs of every kind: assessments, evaluations, the ChessBase extensions, signs the book has
/// and one it has not ($7).
const NAGS: [u8; 30] = [
    1, 2, 3, 4, 5, 6, 7, 10, 11, 13, 14, 15, 16, 17, 18, 19, 22, 32, 36, 40, 44, 132, 140, 142,
    146, 238, 239, 241, 244, 246,
];

/// Comment text as books and exports write it.
const PROSE: [&str; 14] = [
    "Vit står bättre.",
    "Ett misstag; bättre var att spela lugnt.",
    "Svart har kompensation för bonden.",
    "Enligt \"ECO\" är detta huvudvarianten.",
    "Det här draget spelades i VM 1985 för första gången.",
    "NIC 2019, s. 45: 12 partier, 58 % för vitt.",
    "A strong move, as Tal would have played it!",
    "+/- enligt motorn.",
    "Med idén att spela på damflygeln.",
    "Hotet är matt i två drag.",
    "Se [1] och [2] i litteraturlistan.",
    "[clk 1:05:23] kvar på klockan.",
    "Ställningen är oklar.",
    "Kasparovs favorit.",
];

/// Short comments as exports write them: engine evaluations, a word with no period.
const SHORT: [&str; 8] = [
    "1.00", "+0.35", "0.00", "-1.2", "good", "bra drag", "OK", "Vit",
];

/// Citations, Informator's way, for the end of a variation.
const CITATIONS: [&str; 5] = [
    "(Miles-Short, Chester 1979).",
    "(Karpov–Kasparov, Moskva 1985)",
    "Fischer-Spassky, Reykjavik 1972.",
    "(Anand-Carlsen, VM-match 2013, parti 5).",
    "(Tal–Botvinnik 1960).",
];

/// Commands of exports: on their own (no prose to write) or with text.
const COMMANDS: [&str; 4] = [
    "[%clk 0:05:23]",
    "[%eval 0.31] [%clk 1:02:03]",
    "[%cal Ge2e4,Rd7d5] Pilarna visar planen.",
    "[%csl Rd4] Centrum!",
];

/// One generated game: its PGN, and the moves and variations it has (SAN, `(`, `)`).
struct Generated {
    pgn: String,
    main: Vec<String>,
    all: Vec<String>,
}

/// The writer of one game's movetext.
struct Gen<'r> {
    rng: &'r mut Rng,
    text: String,
    all: Vec<String>,
    /// The main line's moves so far (for comments that name earlier moves).
    history: Vec<(u32, bool, String)>,
}

impl Gen<'_> {
    fn word(&mut self, w: &str) {
        if !self.text.is_empty() && !self.text.ends_with(['(', ' ']) {
            self.text.push(' ');
        }
        self.text.push_str(w);
    }

    /// A comment of one of the shapes.
    fn comment(&mut self, at_variation_end: bool) {
        let text = match self.rng.below(12) {
            0..=2 if at_variation_end => self.rng.pick(&CITATIONS).to_string(),
            0..=3 => self.rng.pick(&PROSE).to_string(),
            10 | 11 => self.rng.pick(&SHORT).to_string(),
            4 => self.rng.pick(&COMMANDS).to_string(),
            5 | 6 if self.history.len() > 4 => {
                // An earlier move of the main line named, in brackets or not.
                let k = self.rng.below(self.history.len() - 3);
                let (n, white, san) = self.history[k].clone();
                let dots = if white { "." } else { "..." };
                match self.rng.below(3) {
                    0 => format!("(Jämför {n}{dots}{san} ovan.)"),
                    1 => format!("Som efter {n}{dots}{san} tidigare."),
                    _ => format!("({n}{dots}{san} var också möjligt)"),
                }
            }
            7 => self.rng.pick(&CITATIONS).to_string(),
            _ => self.rng.pick(&PROSE).to_string(),
        };
        self.word(&format!("{{{text}}}"));
    }

    /// Moves from `pos`, `plies` of them, with annotations; variations down to `depth` 4.
    /// The moves read back from the braille are pushed to `self.all` (and to `main` at
    /// depth 0).
    fn line(&mut self, mut pos: Chess, plies: usize, depth: usize, main: &mut Vec<String>) {
        let mut numbered = true;
        // A variation opens with a comment sometimes.
        if depth > 0 && self.rng.chance(25) {
            self.comment(false);
        }
        for ply in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let white = pos.turn().is_white();
            let number = pos.fullmoves().get();
            // A null move: in variations now and then, never in check.
            let null = depth > 0 && !pos.is_check() && self.rng.chance(4);
            let (san, next) = if null {
                let mut setup = pos.clone().to_setup(EnPassantMode::Legal);
                setup.swap_turn();
                if !white {
                    setup.fullmoves = setup.fullmoves.saturating_add(1);
                }
                match Chess::from_setup(setup, shakmaty::CastlingMode::Standard) {
                    Ok(next) => ("--".to_owned(), next),
                    Err(_) => continue,
                }
            } else {
                let m: Move = legal[self.rng.below(legal.len())];
                let san = SanPlus::from_move(pos.clone(), m).to_string();
                let mut next = pos.clone();
                next.play_unchecked(m);
                (san, next)
            };
            if white {
                self.word(&format!("{number}."));
            } else if numbered {
                self.word(&format!("{number}..."));
            }
            numbered = false;
            self.word(&san);
            self.all.push(san.clone());
            if depth == 0 {
                main.push(san.clone());
                self.history.push((number, white, san.clone()));
            }
            let before = Some(pos.clone());
            pos = next;
            // Annotations: NAGs (several, sometimes one twice), a comment, a variation.
            if self.rng.chance(15) {
                for _ in 0..1 + self.rng.below(3) {
                    let n = *self.rng.pick(&NAGS);
                    self.word(&format!("${n}"));
                }
            }
            let last = ply + 1 == plies;
            if self.rng.chance(if last { 40 } else { 12 }) {
                self.comment(false);
                numbered = true;
            }
            if depth < 4
                && self.rng.chance(if depth == 0 { 12 } else { 8 })
                && let Some(b) = &before
            {
                {
                    self.word("(");
                    self.all.push("(".into());
                    let n = 1 + self.rng.below(6);
                    self.line(b.clone(), n, depth + 1, main);
                    if self.rng.chance(30) {
                        self.comment(true);
                    }
                    self.text.push(')');
                    self.all.push(")".into());
                    numbered = true;
                }
            }
        }
    }
}

/// Game `n`: a study from a position (its first move after a comment, now and then) or a game
/// from the start, annotated.
fn game(rng: &mut Rng, n: usize) -> Generated {
    let mut start = Chess::default();
    let mut study = rng.chance(15);
    if study {
        for _ in 0..10 + rng.below(30) {
            let legal = start.legal_moves();
            if legal.len() < 2 {
                break;
            }
            let m = legal[rng.below(legal.len())];
            start.play_unchecked(m);
        }
        if start.legal_moves().is_empty() {
            start = Chess::default();
            study = false;
        }
    }
    let mut tags =
        format!("[Event \"Gen\"]\n[White \"Vit {n}\"]\n[Black \"Svart {n}\"]\n[Result \"*\"]\n");
    if study {
        let fen = shakmaty::fen::Fen::from_position(&start, EnPassantMode::Legal);
        tags.push_str(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n"));
    }
    let mut g = Gen {
        rng,
        text: String::new(),
        all: Vec::new(),
        history: Vec::new(),
    };
    if study && g.rng.chance(60) {
        g.comment(false);
    }
    let plies = 6 + g.rng.below(50);
    let mut main = Vec::new();
    g.line(start, plies, 0, &mut main);
    let text = std::mem::take(&mut g.text);
    let all = std::mem::take(&mut g.all);
    Generated {
        pgn: format!("{tags}\n{text} *\n\n"),
        main,
        all,
    }
}

/// `count` games from `seed`.
fn games(seed: u64, count: usize) -> Vec<Generated> {
    let mut rng = Rng(seed | 1);
    (0..count).map(|n| game(&mut rng, n + 1)).collect()
}

/// A game read back as the generator lists it: the main line, and every move and variation.
fn read_lines(g: &ReadGame) -> (Vec<String>, Vec<String>) {
    let (mut main, mut all, mut depth) = (Vec::new(), Vec::new(), 0usize);
    for item in &g.items {
        match item {
            ReadItem::Move { san, .. } => {
                if depth == 0 {
                    main.push(san.clone());
                }
                all.push(san.clone());
            }
            ReadItem::VariationStart => {
                depth += 1;
                all.push("(".into());
            }
            ReadItem::VariationEnd => {
                depth = depth.saturating_sub(1);
                all.push(")".into());
            }
            ReadItem::Comment(_) | ReadItem::Nag(_) => {}
        }
    }
    (main, all)
}

/// The job of building `input` into `output` with the self-check, in `notation` at `page`
/// lines of `line` cells, games from a position with their start diagrams.
fn checked_job(
    input: std::path::PathBuf,
    output: &std::path::Path,
    notation: Notation,
    page: usize,
    line: Option<usize>,
) -> Job {
    Job {
        settings: Settings {
            notation: Some(notation),
            page_length: Some(page),
            line_length: line,
            start_diagram: Some(true),
            ..Settings::default()
        },
        jobs: 1,
        verify: Some(true),
        ..Job::new(vec![input], Destination::File(output.to_path_buf()))
    }
}

/// The number `n` of a generated game read back, from its heading (`Vit n – Svart n`).
fn number(r: &ReadGame) -> Option<usize> {
    r.heading
        .iter()
        .find_map(|h| h.strip_prefix("Vit ").and_then(|t| t.split(' ').next()))
        .and_then(|t| t.parse().ok())
}

/// How the games of one build read back.
#[derive(Debug, Default)]
struct Tally {
    games: usize,
    main_exact: usize,
    all_exact: usize,
    /// Games whose main line came back another, with no error and no doubt named.
    silently_wrong: Vec<usize>,
    /// Games read back exactly that name a doubt all the same (two readings remain).
    doubted_right: Vec<usize>,
}

/// Builds `games` with these settings and the self-check on (it must pass), reads the braille
/// back and tallies.
fn build_and_read(
    sandbox: &Sandbox,
    games: &[Generated],
    notation: Notation,
    page: usize,
    line: usize,
) -> Tally {
    let pgn: String = games.iter().map(|g| g.pgn.as_str()).collect();
    let input = sandbox.write("gen.pgn", &pgn);
    if let Ok(path) = std::env::var("SCHACKPUNKT_DUMP") {
        std::fs::write(path, &pgn).expect("the games written");
    }
    let output = sandbox.path().join("gen.brf");
    let job = checked_job(input, &output, notation, page, Some(line));
    let form = format!("{notation:?}, {line} cells, {page} lines");
    if let Err(e) = run(&job, &mut |_| {}) {
        panic!("{form}: the self-check refused a correct game:\n{e}");
    }
    let braille = std::fs::read(&output).expect("the braille");
    let read = read_braille("gen.brf", &braille, BrfTable::Nabcc, notation, true)
        .unwrap_or_else(|e| panic!("{form}: {e}"));
    let mut tally = Tally {
        games: games.len(),
        ..Tally::default()
    };
    for r in &read {
        let Some(n) = number(r) else {
            continue;
        };
        let Some(g) = games.get(n.wrapping_sub(1)) else {
            continue;
        };
        let (main, all) = read_lines(r);
        if std::env::var("SCHACKPUNKT_DETAIL").is_ok() && (main != g.main || all != g.all) {
            let k = all.iter().zip(&g.all).take_while(|(a, b)| a == b).count();
            eprintln!(
                "game {n} ({notation:?} {page} {line}): main {} all {} at {k}: read {:?} source {:?} error {:?}\n{}",
                main == g.main,
                all == g.all,
                &all[k.saturating_sub(3)..(k + 4).min(all.len())],
                &g.all[k.saturating_sub(3)..(k + 4).min(g.all.len())],
                r.error.as_ref().map(|e| e.to_string()),
                g.pgn
            );
        }
        if main == g.main {
            tally.main_exact += 1;
            if all == g.all {
                tally.all_exact += 1;
            }
            if !r.doubts.is_empty() {
                tally.doubted_right.push(n);
            }
        } else if r.error.is_none() && r.doubts.is_empty() {
            tally.silently_wrong.push(n);
        }
    }
    tally
}

/// Every setting tried on `games`: the self-check passes all; reading back meets the aims.
fn check_all(games: &[Generated], pages: &[usize], lines: &[usize], verbose: bool) {
    let sandbox = Sandbox::new();
    for notation in [Notation::Ordinary, Notation::Compact] {
        for &page in pages {
            for &line in lines {
                let t = build_and_read(&sandbox, games, notation, page, line);
                let form = format!("{notation:?}, {line} cells, {page} lines");
                if verbose {
                    eprintln!(
                        "{form}: {} games, main line exact {}, all exact {}, silently wrong {:?}, \
                         right but doubted {:?}",
                        t.games, t.main_exact, t.all_exact, t.silently_wrong, t.doubted_right
                    );
                }
                assert!(t.main_exact * 100 >= t.games * 99, "{form}: {t:?}");
                // Another main line always says so (an error, or a doubt named), and a
                // reading that is sure is silent.
                assert!(t.silently_wrong.is_empty(), "{form}: {t:?}");
                assert!(t.doubted_right.len() * 100 <= t.games, "{form}: {t:?}");
                assert!(t.all_exact * 100 >= t.games * 95, "{form}: {t:?}");
            }
        }
    }
}

#[test]
fn generated_annotated_games_check_themselves_and_read_back() {
    check_all(&games(30, 120), &[0, 12, 29], &[28], false);
    check_all(&games(31, 60), &[20], &[20, 34], false);
}

/// The long run, by hand (see the module's doc).
#[test]
#[ignore]
fn annotated_long_run() {
    let count = std::env::var("SCHACKPUNKT_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2000);
    let seed = std::env::var("SCHACKPUNKT_SEED")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2026);
    let pages: Vec<usize> = match std::env::var("SCHACKPUNKT_PAGES") {
        Ok(p) => p.split(',').filter_map(|n| n.parse().ok()).collect(),
        Err(_) => vec![0, 12, 20, 29],
    };
    check_all(&games(seed, count), &pages, &[20, 28, 34], true);
}

#[test]
fn the_generator_makes_every_shape() {
    let all: String = games(30, 120).iter().map(|g| g.pgn.clone()).collect();
    for shape in [
        "[FEN ", "{(", "[%clk", "[clk", "--", "$146", "$7", "...", "–",
    ] {
        assert!(all.contains(shape), "no {shape}");
    }
    // Studies that open with a comment, and games whose last move has one.
    assert!(all.contains("\n\n{"), "no study opening with a comment");
    assert!(all.contains("} *"), "no last move with a comment");
    // Sanity of the generator: SAN it wrote parses.
    assert!(San::from_ascii(b"Nf3").is_ok());
}

/// A book as transcribers receive them: chapters, prose with piece letters and moves, eight
/// annotated games, a study that opens with a comment (drawn from its position), diagrams.
fn primer() -> (String, Vec<Generated>) {
    let mut games = games(2013, 8);
    let study = Generated {
        pgn: "[White \"Vit 9\"]\n[Black \"Svart 9\"]\n[SetUp \"1\"]\n\
              [FEN \"8/8/8/8/4k3/Q7/4K3/8 w - - 0 1\"]\n\n\
              {Matt med kung och dam: vit drar.} 1. Qa4+ Kf5 2. Kf3 Ke5 3. Qc4 Kd6 4. Ke4 *\n"
            .into(),
        main: ["Qa4+", "Kf5", "Kf3", "Ke5", "Qc4", "Kd6", "Ke4"]
            .map(String::from)
            .to_vec(),
        all: ["Qa4+", "Kf5", "Kf3", "Ke5", "Qc4", "Kd6", "Ke4"]
            .map(String::from)
            .to_vec(),
    };
    games.push(study);
    let mut md = String::from("---\ntitle: Schackets grunder\nauthor: En transkriberare\n---\n\n");
    for (k, g) in games.iter().enumerate() {
        if k % 3 == 0 {
            md.push_str(&format!(
                "# Kapitel {}\n\nI det här kapitlet lär vi oss mer om pjäserna: kungen (K), \
                 damen (D), tornet (T), löparen (L) och springaren (S). Efter 1.e4 e5 2.Sf3 \
                 Sc6 3.Lb5 uppstår spanskt parti, och 3...a6 är vanligast.\n\n\
                 ```fen\nr1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3\n```\n\n",
                k / 3 + 1
            ));
        }
        md.push_str(&format!(
            "## Parti {}\n\nEtt lärorikt parti med kommentarer; lägg märke till drag som \
             12...Sc6 och 0-0 i texten.\n\n```pgn\n{}```\n\n",
            k + 1,
            g.pgn
        ));
    }
    (md, games)
}

#[test]
fn a_primer_checks_itself_and_reads_back_at_every_page_length() {
    let (md, games) = primer();
    let sandbox = Sandbox::new();
    let input = sandbox.write("primer.md", &md);
    let output = sandbox.path().join("primer.brf");
    for notation in [Notation::Ordinary, Notation::Compact] {
        for page in 16..=36 {
            let job = checked_job(input.clone(), &output, notation, page, None);
            let form = format!("{notation:?}, {page} lines");
            if let Err(e) = run(&job, &mut |_| {}) {
                panic!("{form}: the self-check refused the primer:\n{e}");
            }
            let braille = std::fs::read(&output).expect("the braille");
            let read = read_braille("primer.brf", &braille, BrfTable::Nabcc, notation, false)
                .unwrap_or_else(|e| panic!("{form}: {e}"));
            let mut found = vec![false; games.len()];
            for r in &read {
                let Some(n) = number(r) else {
                    continue;
                };
                let g = &games[n - 1];
                let (main, all) = read_lines(r);
                assert!(r.doubts.is_empty(), "{form}: game {n}: {:?}", r.doubts);
                assert_eq!(main, g.main, "{form}: game {n}");
                assert_eq!(all, g.all, "{form}: game {n}");
                found[n - 1] = true;
            }
            assert!(found.iter().all(|&f| f), "{form}: games found {found:?}");
        }
    }
}

/// Builds `pgn` with the self-check in `notation` at `page` lines of `line` cells (with start
/// diagrams) and reads it back: the games' main lines and all moves and variations.
fn built_and_read(
    pgn: &str,
    notation: Notation,
    page: usize,
    line: usize,
) -> Vec<(Vec<String>, Vec<String>)> {
    let sandbox = Sandbox::new();
    let input = sandbox.write("r.pgn", pgn);
    let output = sandbox.path().join("r.brf");
    let job = checked_job(input, &output, notation, page, Some(line));
    let form = format!("{pgn}: {notation:?}, {line} cells, {page} lines");
    run(&job, &mut |_| {}).unwrap_or_else(|e| panic!("{form}: refused:\n{e}"));
    let braille = std::fs::read(&output).expect("the braille");
    read_braille("r.brf", &braille, BrfTable::Nabcc, notation, false)
        .unwrap_or_else(|e| panic!("{form}: {e}"))
        .iter()
        .filter(|g| !g.items.is_empty())
        .inspect(|g| assert!(g.doubts.is_empty(), "{form}: {:?}", g.doubts))
        .map(read_lines)
        .collect()
}

/// The reproducers of issue 30, each built with its self-check (which passes) and read back
/// to every move and variation.
#[test]
fn the_reproducers_check_themselves_and_read_back() {
    let words = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
    let cases: [(&str, Notation, usize, usize, &str); 8] = [
        (
            "[FEN \"8/8/8/8/4k3/Q7/4K3/8 w - - 0 1\"]\n{Mate with king and queen.} 1. Qa4+ Kf5 *\n",
            Notation::Ordinary,
            29,
            28,
            "Qa4+ Kf5",
        ),
        (
            "[FEN \"8/8/8/8/4k3/Q7/4K3/8 w - - 0 1\"]\n{Mate with king and queen.} 1. Qa4+ Kf5 *\n",
            Notation::Compact,
            29,
            28,
            "Qa4+ Kf5",
        ),
        (
            "1. e4 e5 2. Nf3 (2. f4 {(Spassky-Fischer, 1960).}) 2... Nc6 *\n",
            Notation::Ordinary,
            29,
            28,
            "e4 e5 Nf3 ( f4 ) Nc6",
        ),
        // A comment that is a list of moves in brackets reads as the variation it spells.
        (
            "1. e4 c6 2. c4 d5 3. exd5 Nf6 {(3...Qxd5 4.Nc3)} 4. Nc3 *\n",
            Notation::Ordinary,
            29,
            28,
            "e4 c6 c4 d5 exd5 Nf6 ( Qxd5 Nc3 ) Nc3",
        ),
        (
            "1. e4 e5 2. Nf3 (2. Nc3 Nc6) 2... Nc6 3. Bb5 *\n",
            Notation::Compact,
            2,
            16,
            "e4 e5 Nf3 ( Nc3 Nc6 ) Nc6 Bb5",
        ),
        (
            "1. e4 e5 2. Nf3 {[clk 1:05:23 ] comment} *\n",
            Notation::Compact,
            29,
            28,
            "e4 e5 Nf3",
        ),
        (
            "1. e4 e5 ( {Lasker played} 1... c5? {in game two.} ) 2. Nf3 $11 Nc6 3. Bb5 -- *\n",
            Notation::Ordinary,
            29,
            28,
            "e4 e5 ( c5 ) Nf3 Nc6 Bb5 --",
        ),
        (
            "1. e4 e5 ( {Lasker played} 1... c5? {in game two.} ) 2. Nf3 $11 Nc6 3. Bb5 -- *\n",
            Notation::Compact,
            29,
            28,
            "e4 e5 ( c5 ) Nf3 Nc6 Bb5 --",
        ),
    ];
    for (pgn, notation, page, line, all) in cases {
        let read = built_and_read(pgn, notation, page, line);
        assert_eq!(read.len(), 1, "{pgn} {notation:?}");
        assert_eq!(read[0].1, words(all), "{pgn} {notation:?}");
    }
    // Comments as exports write them: evaluations, a word, a move of another line.
    for (pgn, all) in [
        ("1. e4 {1.00} e5 {0.00} *\n", "e4 e5"),
        ("1. e4 e5 {good} 2. Nf3 {fine} *\n", "e4 e5 Nf3"),
        (
            "1. d4 Nf6 2. c4 {or 2.e4} d6 3. Nc3 *\n",
            "d4 Nf6 c4 d6 Nc3",
        ),
        ("1. e4 e5 {a3} *\n", "e4 e5"),
        (
            "1. e4 e5 2. Nf3 ({better} 2. Bc4 {it.}) Nc6 *\n",
            "e4 e5 Nf3 ( Bc4 ) Nc6",
        ),
        ("1. e4 {1...c5} *\n", "e4"),
        ("1. e4 e5 {x.} 2. Nf3 {2...Nc6} *\n", "e4 e5 Nf3"),
        (
            "[FEN \"rnbqkbnr/pp2pppp/2p5/8/3PN3/8/PPP2PPP/R1BQKBNR b KQkq - 0 1\"]\n\
             {Bf5.} 1... Bf5 *\n",
            "Bf5",
        ),
    ] {
        let read = built_and_read(pgn, Notation::Ordinary, 29, 28);
        assert_eq!(read[0].1, words(all), "{pgn}");
    }
    // Compact notation: a comment of a period alone; a comment's dash at a page's top.
    for (pgn, page, all) in [
        ("1. e4 {.} 1... e5 *\n", 29, "e4 e5"),
        (
            "1. d4 Nf6 2. Nf3 c5 {gambit flank for a central pawn. He can now develop his \
             Knight to c6 without blocking the c-pawn's advance.} 3. e3 {Janowski is wise not \
             to accept the \"offer\" -- pawn anyway.} 3... g6 0-1\n",
            12,
            "d4 Nf6 Nf3 c5 e3 g6",
        ),
    ] {
        let read = built_and_read(pgn, Notation::Compact, page, 28);
        assert_eq!(read[0].1, words(all), "{pgn}");
    }
}
