//! Markdown books, element by element: each rule of the book's prose and blocks (issue 4,
//! rules.md §7 and §8), on small books without pages unless pages are the point.

use schackpunkt::Settings;

use crate::support::{book, braille, geometry, number_line};

const B: &str = "⠀";

/// A book's body without pages, page numbers or title page: its lines.
fn body(md: &str) -> Vec<String> {
    let settings = Settings {
        page_length: Some(0),
        ..Settings::default()
    };
    match book(md, settings) {
        Ok(b) => b.lines(),
        Err(e) => vec![format!("error: {e}")],
    }
}

#[test]
fn paragraphs_have_a_two_cell_first_line_indent_and_no_blank_between() {
    let lines = body("Ett två.\n\nTre fyra.\n");
    assert_eq!(
        lines,
        vec![
            format!("{B}{B}{}", braille("Ett två.")),
            format!("{B}{B}{}", braille("Tre fyra."))
        ]
    );
}

#[test]
fn soft_breaks_are_blanks_and_hard_breaks_new_lines() {
    let lines = body("Ett\ntvå  \ntre\\\nfyra<br>fem\n");
    assert_eq!(
        lines,
        vec![
            format!("{B}{B}{}", braille("Ett två")),
            braille("tre"),
            braille("fyra"),
            braille("fem"),
        ]
    );
}

#[test]
fn inline_moves_follow_the_text_rules() {
    let lines = body("Efter 19...h5 och 20.Sh2 Sg8 vinner ♘f3.\n");
    assert_eq!(
        lines,
        vec![
            "⠀⠀⠠⠑⠋⠞⠑⠗⠀⠼⠁⠊⠄⠄⠄⠱⠓⠼⠑⠀⠕⠉⠓",
            "⠼⠃⠚⠄⠠⠎⠓⠼⠃⠀⠠⠎⠛⠼⠓⠀⠧⠊⠝⠝⠑⠗",
            "⠠⠎⠋⠼⠉⠄"
        ]
    );
}

#[test]
fn emphasis_italic_and_bold() {
    // One italic word: 6-3 before it; several: 6-36 … 156; one bold word 46; several 46-46 … 156.
    assert_eq!(body("Se *här* nu.\n"), vec!["⠀⠀⠠⠎⠑⠀⠠⠄⠓⠜⠗⠀⠝⠥⠄"]);
    assert_eq!(body("Se *vit står* nu.\n"), vec!["⠀⠀⠠⠎⠑⠀⠠⠤⠧⠊⠞⠀⠎⠞⠡⠗⠱⠀⠝⠥⠄"]);
    assert_eq!(body("Se **här** nu.\n"), vec!["⠀⠀⠠⠎⠑⠀⠨⠓⠜⠗⠀⠝⠥⠄"]);
    assert_eq!(body("Se __vit står__ nu.\n"), vec!["⠀⠀⠠⠎⠑⠀⠨⠨⠧⠊⠞⠀⠎⠞⠡⠗⠱⠀⠝⠥⠄"]);
}

#[test]
fn headings_have_blank_lines_and_no_emphasis() {
    let lines = body("Text.\n\n## Ett *viktigt* drag\n\nMer.\n");
    assert_eq!(
        lines,
        vec![
            format!("{B}{B}{}", braille("Text.")),
            String::new(),
            braille("Ett viktigt drag"),
            String::new(),
            format!("{B}{B}{}", braille("Mer.")),
        ]
    );
    let lines = body("Text.\n\n# Kapitel 1\n\nMer.\n");
    assert_eq!(lines[1..5], ["", "", "", &braille("Kapitel 1")]);
    assert_eq!(lines[5], "");
}

#[test]
fn main_heading_has_its_blank_lines_at_the_top_of_a_page() {
    let md = "# Kapitel 1\n\nText.\n\n<!-- pagebreak -->\n\n# Kapitel 2\n\nMer.\n";
    let b = book(md, geometry(28, 29));
    let pages = b.map(|b| b.pages).unwrap_or_default();
    assert_eq!(pages.len(), 2);
    for (i, page) in pages.iter().enumerate() {
        assert_eq!(page[0], number_line(i + 1, 28));
        assert_eq!(page[1..4], ["", "", ""], "page {}", i + 1);
        assert_eq!(page[5], "");
    }
}

#[test]
fn a_heading_is_never_the_last_line_of_a_page() {
    // 9 lines a page: number line, then 8. Eight one-line paragraphs minus one leave room for
    // the heading but not for the paragraph after it.
    let mut md = String::new();
    for i in 0..6 {
        md.push_str(&format!("Stycke {i}.\n\n"));
    }
    md.push_str("## Rubrik\n\nEfter rubriken.\n");
    let b = book(&md, geometry(28, 9))
        .map(|b| b.pages)
        .unwrap_or_default();
    let heading = braille("Rubrik");
    let page = b.iter().position(|p| p.contains(&heading));
    assert_eq!(page, Some(1), "{b:?}");
    let p = &b[1];
    let at = p.iter().position(|l| *l == heading).unwrap_or(0);
    assert_eq!(
        at, 1,
        "the heading starts page 2 (its blank line before is left out there)"
    );
    assert!(p[at + 2].ends_with(&braille("Efter rubriken.")));
}

#[test]
fn lists_bullets_numbers_nesting() {
    let lines = body("- ett\n- två\n  1. tre\n  2. fyra\n\nEfter.\n");
    assert_eq!(
        lines,
        vec![
            format!("⠿{B}{}", braille("ett")),
            format!("⠿{B}{}", braille("två")),
            format!("{B}{B}{}{B}{}", braille("1."), braille("tre")),
            format!("{B}{B}{}{B}{}", braille("2."), braille("fyra")),
            String::new(),
            format!("{B}{B}{}", braille("Efter.")),
        ]
    );
}

#[test]
fn a_list_item_marker_stays_with_its_first_word_and_continues_two_cells_in() {
    let md = "- aaaaaa bbbbbbbbbbbbbbbbbbbbbb cccc\n";
    let lines = body_width(md, 24);
    assert_eq!(lines[0], format!("⠿{B}{}", braille("aaaaaa")));
    assert!(
        lines[1].starts_with(&format!("{B}{B}{}", braille("bbbb"))),
        "{lines:?}"
    );
}

fn body_width(md: &str, width: usize) -> Vec<String> {
    book(md, geometry(width, 0))
        .map(|b| b.lines())
        .unwrap_or_default()
}

#[test]
fn block_quotes_are_indented_two_cells() {
    let lines = body("Före.\n\n> Citat ett.\n>\n> Citat två.\n\nEfter.\n");
    assert_eq!(
        lines,
        vec![
            format!("{B}{B}{}", braille("Före.")),
            String::new(),
            format!("{B}{B}{B}{B}{}", braille("Citat ett.")),
            format!("{B}{B}{B}{B}{}", braille("Citat två.")),
            String::new(),
            format!("{B}{B}{}", braille("Efter.")),
        ]
    );
}

#[test]
fn thematic_break_is_a_short_line_of_dots_25_between_blank_lines() {
    let lines = body("Ett.\n\n---\n\nTvå.\n");
    assert_eq!(lines[1..4], ["", "⠒⠒⠒⠒⠒⠒", ""]);
}

#[test]
fn page_break_comment_starts_a_new_page() {
    let b = book("Ett.\n\n<!-- pagebreak -->\n\nTvå.\n", geometry(28, 29)).map(|b| b.pages);
    let pages = b.unwrap_or_default();
    assert_eq!(pages.len(), 2);
    assert_eq!(pages[1][1], format!("{B}{B}{}", braille("Två.")));
    // Without pages it is a blank line; other comments are nothing.
    assert_eq!(
        body("Ett.\n\n<!-- PageBreak -->\n\n<!-- anteckning -->\n\nTvå.\n").len(),
        3
    );
}

#[test]
fn code_blocks_are_written_line_by_line() {
    let lines = body("Före.\n\n```\nrad ett\n  rad   två\n```\n\nEfter.\n");
    assert_eq!(
        lines[1..5],
        [
            "".to_string(),
            braille("rad ett"),
            // The line's own indent stays (issue 11).
            format!("{B}{B}{}", braille("rad två")),
            "".to_string()
        ]
    );
}

#[test]
fn links_give_their_text_and_their_address() {
    let lines = body_width("Se [boken](https://example.org) och mer.\n", 60);
    assert_eq!(
        lines,
        vec![format!(
            "{B}{B}{}",
            braille("Se boken (https://example.org) och mer.")
        )]
    );
    // An autolink, an address inside the book, and `links: text` give the text alone.
    let lines = body_width("Se <https://example.org> och [kap. 2](#tva).\n", 60);
    assert_eq!(
        lines,
        vec![format!(
            "{B}{B}{}",
            braille("Se https://example.org och kap. 2.")
        )]
    );
    let lines = book(
        "---\nlinks: text\n---\nSe [boken](https://example.org).\n",
        geometry(60, 0),
    )
    .map(|b| b.lines())
    .unwrap_or_default();
    assert_eq!(lines, vec![format!("{B}{B}{}", braille("Se boken."))]);
}

#[test]
fn tables_row_by_row() {
    let lines = body("| Drag | Vit |\n|---|---|\n| 1 | e4 |\n|  | Sf3 |\n");
    assert_eq!(
        lines,
        vec![
            braille("Drag; Vit"),
            braille("1; e4"),
            braille("(tom); Sf3")
        ]
    );
    // An empty cell is a word no chess sign can be taken for (not `⠤⠤`, compact notation's
    // omitted move), and a number stays with its percent sign before the separator.
    assert!(!lines[2].contains("⠤⠤"), "{lines:?}");
    let lines = body(
        "| Spelare | Procent | Poäng |\n|---|---|---|\n| Annika Anderssons | 44,6 % | 5,5 |\n",
    );
    assert_eq!(
        lines.last().map(String::as_str),
        Some(format!("⠀⠀{}", braille("44,6 %; 5,5")).as_str()),
        "{lines:?}"
    );
}

#[test]
fn unsupported_markdown_warns_with_its_place() {
    let md = "Text ~~bort~~ här.\n\n<div>x</div>\n\nNot[^1].\n\n[^1]: Fotnot.\n";
    let b = book(md, geometry(28, 0));
    let w = b.map(|b| b.warnings).unwrap_or_default();
    assert!(
        w.iter()
            .any(|w| w.starts_with("bok.md:1:6: warning: strikethrough")),
        "{w:?}"
    );
    assert!(
        w.iter()
            .any(|w| w.starts_with("bok.md:3:1: warning: an HTML block")),
        "{w:?}"
    );
    // Notes are notes now: no warning about them.
    assert!(!w.iter().any(|w| w.contains("footnote")), "{w:?}");
}

#[test]
fn a_character_without_a_rule_warns_and_gets_a_substitute() {
    let b = book("# X\n\nSnö ☃ här.\n", geometry(28, 0));
    let (lines, w) = b.map(|b| (b.lines(), b.warnings)).unwrap_or_default();
    assert!(
        w.iter()
            .any(|w| w.starts_with("bok.md:3:5: warning: no braille rule for the character '☃'")),
        "{w:?}"
    );
    assert!(lines.iter().any(|l| l.contains("⠘⠘")), "{lines:?}");
}

const GAME: &str = "[White \"Réti\"]\n[Black \"Tartakower\"]\n[Event \"Wien\"]\n[Date \"1910.??.??\"]\n[Result \"1-0\"]\n\n1. e4 c6 2. d4 d5 1-0\n";

#[test]
fn pgn_block_is_a_game_with_its_heading() {
    let lines = body(&format!("Text.\n\n```pgn\n{GAME}```\n\nEfter.\n"));
    assert_eq!(
        lines,
        vec![
            format!("{B}{B}{}", braille("Text.")),
            String::new(),
            braille("Réti – Tartakower"),
            braille("Wien, 1910, 1-0"),
            braille("1. e4 c6 2. d4 d5"),
            String::new(),
            format!("{B}{B}{}", braille("Efter.")),
        ]
    );
    // No tags, no heading.
    let lines = body("```pgn\n1. e4 e5\n```\n");
    assert_eq!(lines, vec![braille("1. e4 e5")]);
}

#[test]
fn pgn_block_words_set_its_options() {
    let lines = body("```pgn compact\n1. e4 e5 2. Nf3\n```\n");
    assert_eq!(lines, vec!["⠂⠀⠑⠲⠀⠑⠢⠀⠆⠀⠎⠋⠒⠄"]);
    let lines = body("```pgn long list\n1. e4 e5 2. Nf3\n```\n");
    assert_eq!(lines, vec![braille("1. e2-e4 e7-e5"), braille("2. Sg1-f3")]);
    // The front matter sets the book's default; a block word goes over it.
    let lines =
        body("---\nnotation: compact\n---\n```pgn ordinary\n1. e4\n```\n\n```pgn\n1. e4\n```\n");
    assert_eq!(
        lines,
        vec![braille("1. e4"), String::new(), "⠂⠀⠑⠲⠄".to_string()]
    );
    let b = book("```pgn kompakt\n1. e4\n```\n", geometry(28, 0));
    let w = b.map(|b| b.warnings).unwrap_or_default();
    assert!(
        w.iter()
            .any(|w| w.starts_with("bok.md:1:8: warning: unknown block option 'kompakt'")),
        "{w:?}"
    );
}

#[test]
fn errors_in_blocks_point_into_the_book() {
    let md = "# Partiet\n\nText.\n\n```pgn\n[White \"A\"]\n\n1. e4 e5 2. Ke3\n```\n";
    let e = book(md, geometry(28, 0)).err().unwrap_or_default();
    assert!(
        e.starts_with("bok.md:8:13: error: illegal move 'Ke3'"),
        "{e}"
    );
    assert!(e.contains("8 | 1. e4 e5 2. Ke3"), "{e}");
    // Indented in a list item: the column counts the indent.
    let md = "- Partiet:\n\n  ```pgn\n  1. e4 e5 2. Ke3\n  ```\n";
    let e = book(md, geometry(28, 0)).err().unwrap_or_default();
    assert!(
        e.starts_with("bok.md:4:15: error: illegal move 'Ke3'"),
        "{e}"
    );
    let md = "Text.\n\n```fen\n8/8/8/8/8/8/8/K6X w - - 0 1\n```\n";
    let e = book(md, geometry(28, 0)).err().unwrap_or_default();
    assert!(e.starts_with("bok.md:4:15: error: malformed FEN"), "{e}");
}

#[test]
fn fen_block_diagrams_in_each_form() {
    let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
    let pieces = body(&format!("```fen\n{fen}\n```\n"));
    assert_eq!(pieces, vec![braille("Vit: Ka1."), braille("Svart: Kh1.")]);
    let to_move = body(&format!("```fen to-move\n{fen}\n```\n"));
    assert_eq!(
        to_move.last().map(String::as_str),
        Some(braille("Vit drar.").as_str())
    );
    let board = body(&format!("```fen board\n{fen}\n```\n"));
    assert_eq!(board.len(), 12, "{board:?}");
    // Two FENs: two diagrams with a blank line between.
    let two = body(&format!("```fen\n{fen}\n# en kommentar\n{fen}\n```\n"));
    assert_eq!(two.len(), 5);
    assert_eq!(two[2], "");
}

#[test]
fn title_page_from_the_front_matter() {
    let md = "---\ntitle: Min schackbok\nauthor: Åke\nnotation: compact\n---\nText.\n";
    let pages = book(md, geometry(28, 29))
        .map(|b| b.pages)
        .unwrap_or_default();
    assert_eq!(pages.len(), 2);
    let title = &pages[0];
    assert_eq!(title[0], number_line(1, 28));
    assert!(title.contains(&braille("Min schackbok")), "{title:?}");
    assert!(title.contains(&braille("Åke")));
    assert!(
        title.iter().any(|l| l.contains(&braille("kompakt"))),
        "{title:?}"
    );
    assert_eq!(pages[1][0], number_line(2, 28));
    // No title and no author: no title page.
    let pages = book("Text.\n", geometry(28, 29))
        .map(|b| b.pages)
        .unwrap_or_default();
    assert_eq!(pages.len(), 1);
}

#[test]
fn profiles_us_brf_and_no_pages() {
    let md = "# Rubrik\n\nText.\n";
    let us = Settings {
        profile: Some("us-brf".into()),
        ..Settings::default()
    };
    let b = book(md, us).map(|b| (b.pages, b.ended)).unwrap_or_default();
    let (pages, ended) = b;
    assert!(ended);
    assert_eq!(pages.len(), 1);
    assert_eq!(pages[0].len(), 25);
    assert_eq!(pages[0][24], number_line(1, 40));
    let none = Settings {
        page_length: Some(0),
        ..Settings::default()
    };
    let b = book(md, none)
        .map(|b| (b.pages, b.ended))
        .unwrap_or_default();
    assert!(!b.1, "no page end without pages");
    assert!(
        b.0.iter()
            .flatten()
            .all(|l| !l.contains('⠼') || l.contains(&braille("Rubrik")))
    );
}

#[test]
fn front_matter_errors_and_warnings_are_located() {
    let e = book("---\nnotation: vanlig\n---\nText.\n", Settings::default())
        .err()
        .unwrap_or_default();
    assert!(
        e.starts_with("bok.md:2:11: error: front matter: notation"),
        "{e}"
    );
    let w = book("---\ntitle: T\nsubtitle: U\n---\n", Settings::default()).map(|b| b.warnings);
    assert!(
        w.unwrap_or_default()
            .iter()
            .any(|w| w.starts_with("bok.md:3:1: warning: front matter: unknown key 'subtitle'"))
    );
}

#[test]
fn a_move_number_stays_with_its_move_and_a_number_with_its_groups() {
    // At every line length, no line ends with a move number and no group of three digits
    // starts a line (MTM 1.4, rules.md §8).
    let md = "Efter 12. e4 och 12...Sf6 kom 13. Sf3 och 7... Sf5, sedan 1 000 000 drag och \
              2\u{a0}500 kronor; 8.0-0-0! vann.\n";
    let move_number = regex_free_move_number;
    for width in 12..=40 {
        let lines = body_width(md, width);
        assert!(!lines.is_empty(), "{width}");
        let text = lines.join("\n");
        for line in &lines {
            let last = line.trim_end_matches('⠀').rsplit('⠀').next().unwrap_or("");
            assert!(
                !move_number(last),
                "{width}: line ends with a move number\n{text}"
            );
            let first = line.trim_start_matches('⠀');
            assert!(
                !first.starts_with("⠼⠚⠚⠚"),
                "{width}: a group starts a line\n{text}"
            );
            assert!(
                !first.starts_with("⠼⠑⠚⠚"),
                "{width}: a group starts a line\n{text}"
            );
        }
    }
}

/// A braille word that is a move number: number sign, at most three digits, periods.
fn regex_free_move_number(word: &str) -> bool {
    let Some(rest) = word.strip_prefix('⠼') else {
        return false;
    };
    let digits = rest
        .chars()
        .take_while(|c| "⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚".contains(*c))
        .count();
    let periods = &rest[rest
        .char_indices()
        .nth(digits)
        .map_or(rest.len(), |(i, _)| i)..];
    (1..=3).contains(&digits) && !periods.is_empty() && periods.chars().all(|c| c == '⠄')
}

#[test]
fn english_piece_letters_in_prose_become_swedish_when_the_book_says_so() {
    let prose = "Efter 1. Nf3 Nc6 2. Bb5 och Qxf7# vinner vit.";
    let swedish = "Efter 1. Sf3 Sc6 2. Lb5 och Dxf7# vinner vit.";
    let english_book = format!(
        "---\nsource_notation: english\n---\n{prose}\n\n```pgn\n1. e4 {{Nu hotar Qh5.}} e5 *\n```\n"
    );
    let english = body(&english_book);
    let expected = body(&format!(
        "{swedish}\n\n```pgn\n1. e4 {{Nu hotar Dh5.}} e5 *\n```\n"
    ));
    assert_eq!(english, expected);
    // Without the setting, prose is transcribed as written.
    assert_ne!(body(&format!("{prose}\n")), body(&format!("{swedish}\n")));
    // The command line says it too.
    let settings = Settings {
        page_length: Some(0),
        source_notation: Some(schackpunkt::SourceNotation::En),
        ..Settings::default()
    };
    let lines = book(&format!("{prose}\n"), settings)
        .map(|b| b.lines())
        .unwrap_or_default();
    assert_eq!(lines, body(&format!("{swedish}\n")));
}

/// By default a game's comments name moves in the letters of its moves: a game written with
/// English letters gets Swedish ones in its comments too; prose is transcribed as written.
#[test]
fn a_games_comments_name_moves_in_the_letters_of_its_moves() {
    let knight = braille("Nc3");
    let has = |lines: &[String], cells: &str| lines.concat().contains(cells);
    let english_game = body("Nf3 i prosa.\n\n```pgn\n1. Nf3 {Eller 1.Nc3 Nf6.} Nf6 *\n```\n");
    let want = body("Nf3 i prosa.\n\n```pgn\n1. Nf3 {Eller 1.Sc3 Sf6.} Nf6 *\n```\n");
    assert_eq!(english_game, want);
    assert!(
        has(&english_game, &braille("Nf3 i prosa.")),
        "prose as written"
    );
    // A game written with Swedish letters: its comments as written.
    let swedish_game = body("```pgn\n1. Sf3 {Eller 1.Nc3.} Sf6 *\n```\n");
    assert!(has(&swedish_game, &knight), "{swedish_game:?}");
    // `swedish` (`sv`): moves read with Swedish letters, comments as written.
    let as_written =
        body("---\nsource_notation: swedish\n---\n```pgn\n1. Sf3 {Eller 1.Nc3 Nf6.} Sf6 *\n```\n");
    assert!(has(&as_written, &knight), "{as_written:?}");
    assert!(!has(&english_game, &knight), "{english_game:?}");
}

#[test]
fn two_headings_in_a_row_have_one_blank_line_between_them() {
    let lines = body("# Ett\n\n## Två\n\n### Tre\n\nText.\n");
    assert_eq!(
        lines,
        vec![
            String::new(),
            String::new(),
            String::new(),
            braille("Ett"),
            String::new(),
            braille("Två"),
            String::new(),
            braille("Tre"),
            String::new(),
            format!("{B}{B}{}", braille("Text.")),
        ]
    );
}

#[test]
fn code_keeps_its_indentation_and_lists_their_delimiter() {
    let lines = body("```\nif x:\n    gå\n\tvidare\n```\n");
    assert_eq!(
        lines,
        vec![
            braille("if x:"),
            format!("{B}{B}{B}{B}{}", braille("gå")),
            format!("{B}{B}{B}{B}{}", braille("vidare")),
        ]
    );
    let lines = body("1) ett\n2) två\n");
    assert_eq!(lines, vec![braille("1) ett"), braille("2) två")]);
    let lines = body("1. ett\n");
    assert_eq!(lines, vec![braille("1. ett")]);
}

#[test]
fn empty_game_blocks_leave_no_blank_line() {
    for block in ["```pgn\n```\n", "```pgn\n\n```\n", "```fen\n```\n"] {
        let lines = body(&format!("Före.\n\n{block}\nEfter.\n"));
        assert_eq!(lines, body("Före.\n\nEfter.\n"), "{block}");
    }
}

#[test]
fn the_title_page_takes_a_list_of_authors_and_names_the_notation_as_the_book_does() {
    let b = book(
        "---\ntitle: Bok\nauthor: [Anna A, Bo B, Cilla C]\n---\nText.\n",
        geometry(80, 0),
    )
    .map(|b| b.lines())
    .unwrap_or_else(|e| vec![e]);
    let text = b.join("\n");
    assert!(
        text.contains(&braille("Anna A, Bo B och Cilla C")),
        "{text}"
    );
    assert!(text.contains(&braille("ordinär")), "{text}");
    assert!(!text.contains(&braille("vanlig")), "{text}");
}

#[test]
fn a_hard_break_starts_a_line_at_the_margin_and_wraps_go_further_in() {
    let lines = body_width(
        "Rad ett  \nrad två som är lång nog att brytas här\\\nrad tre<br>fyra\n\nNästa.\n",
        28,
    );
    assert_eq!(
        lines,
        vec![
            format!("{B}{B}{}", braille("Rad ett")),
            braille("rad två som är lång nog att"),
            format!("{B}{B}{}", braille("brytas här")),
            braille("rad tre"),
            braille("fyra"),
            format!("{B}{B}{}", braille("Nästa.")),
        ]
    );
    // In a heading and a table cell, one line each, a hard break is a blank; the paragraph
    // after them keeps its first-line indent.
    let lines = body("# Ett<br>två\n\n| a |\n|---|\n| x<br>y |\n\nText.\n");
    assert!(lines.contains(&braille("Ett två")), "{lines:?}");
    assert!(lines.contains(&braille("x y")), "{lines:?}");
    assert_eq!(lines.last(), Some(&format!("{B}{B}{}", braille("Text."))));
}

#[test]
fn html_keeps_its_text_inline_tags_silently_blocks_with_a_warning() {
    let md = "Före <b>fet</b> och <span class=\"x\">spann</span>.\n\n<div>\n<p>Ruta &amp; text</p>\n</div>\n\n<!-- tyst -->\n\nEfter.\n";
    let b = book(md, geometry(40, 0)).unwrap_or_default();
    assert_eq!(
        b.lines(),
        vec![
            format!("{B}{B}{}", braille("Före fet och spann.")),
            format!("{B}{B}{}", braille("Ruta & text")),
            format!("{B}{B}{}", braille("Efter.")),
        ]
    );
    assert_eq!(b.warnings.len(), 1, "{:?}", b.warnings);
    assert!(
        b.warnings[0].starts_with("bok.md:3:1: warning: an HTML block: its text is kept"),
        "{:?}",
        b.warnings
    );
}
