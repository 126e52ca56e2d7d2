//! What a book has around its prose (issue 11): containers holding blocks, print page
//! changes, images as set-off passages, notes, the contents list, and the same words with and
//! without pages.

use schackpunkt::Settings;

use crate::support::{Built, book, braille, geometry};

const B: &str = "⠀";

fn built(md: &str, settings: Settings) -> Built {
    match book(md, settings) {
        Ok(b) => b,
        Err(e) => panic!("{md:?}: {e}"),
    }
}

/// A book's lines without pages.
fn body(md: &str, width: usize) -> Vec<String> {
    built(md, geometry(width, 0)).lines()
}

/// Blanks, then `text`.
fn at(indent: usize, text: &str) -> String {
    format!("{}{text}", B.repeat(indent))
}

/// A full line of `fill` with a label after three of them (rules.md §8).
fn full_line(fill: char, label: &str, width: usize) -> String {
    let mut line: String = std::iter::repeat_n(fill, 3).collect();
    if !label.is_empty() {
        line = format!("{line}{B}{label}{B}");
    }
    let have = line.chars().count();
    line.extend(std::iter::repeat_n(fill, width - have.min(width)));
    if label.is_empty() {
        line = std::iter::repeat_n(fill, width).collect();
    }
    line
}

// ---- containers -------------------------------------------------------------------------

#[test]
fn a_list_item_that_starts_with_a_diagram_has_its_marker_first() {
    let md = "1)  ```fen\n    8/8/8/8/8/8/8/K6k w - - 0 1\n    ```\n\n    Ett andra stycke.\n";
    let lines = body(md, 28);
    assert_eq!(lines[0], braille("1)"), "{lines:#?}");
    // The diagram's piece lists in the item, two cells in.
    assert_eq!(lines[1], at(2, &braille("Vit: Ka1.")), "{lines:#?}");
    assert_eq!(lines[2], at(2, &braille("Svart: Kh1.")), "{lines:#?}");
    assert_eq!(lines[3], "");
    // A further paragraph of the item is indented as a paragraph: it is not a wrap.
    assert_eq!(lines[4], at(4, &braille("Ett andra stycke.")), "{lines:#?}");
}

#[test]
fn a_second_paragraph_in_a_list_item_is_indented() {
    let md = "- Första stycket i punkten.\n\n  Andra stycket.\n- Nästa punkt.\n";
    let lines = body(md, 40);
    assert_eq!(
        lines,
        [
            format!(
                "{}{B}{}",
                braille("•"),
                braille("Första stycket i punkten.")
            ),
            at(4, &braille("Andra stycket.")),
            format!("{}{B}{}", braille("•"), braille("Nästa punkt.")),
        ]
    );
}

#[test]
fn a_game_in_a_block_quote_keeps_the_quote_margin() {
    let md = "> Citat:\n>\n> ```pgn\n> 1. e4 e5 2. Nf3 *\n> ```\n";
    let lines = body(md, 28);
    assert_eq!(lines[0], at(4, &braille("Citat:")), "{lines:#?}");
    assert_eq!(lines[1], "");
    assert_eq!(lines[2], at(2, "⠼⠁⠄⠀⠑⠼⠙⠀⠑⠼⠑⠀⠼⠃⠄⠀⠠⠎⠋⠼⠉"), "{lines:#?}");
}

#[test]
fn a_board_in_a_block_quote_moves_in_as_far_as_the_line_allows() {
    let md = "> ```fen board\n> 8/8/8/8/8/8/8/K6k w - - 0 1\n> ```\n";
    let free = body("```fen board\n8/8/8/8/8/8/8/K6k w - - 0 1\n```\n", 40);
    let widest = free.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    // Room for the margin: every line two cells in.
    let wide = body(md, 40);
    assert_eq!(wide.len(), free.len());
    for (q, f) in wide.iter().zip(&free) {
        if f.is_empty() {
            assert!(q.is_empty());
        } else {
            assert_eq!(*q, at(2, f));
        }
    }
    // No room: the board stays at the margin rather than overflow the line.
    let tight = body(md, widest);
    assert_eq!(tight, free);
    assert!(tight.iter().all(|l| l.chars().count() <= widest));
}

// ---- print pages and images -----------------------------------------------------------

#[test]
fn a_print_page_change_is_a_full_line_of_dots_25() {
    let lines = body("Ett.\n\n<!-- sida 12 -->\n\nTvå.\n", 28);
    assert_eq!(
        lines,
        [
            at(2, &braille("Ett.")),
            full_line('⠒', "⠼⠁⠃", 28),
            at(2, &braille("Två."))
        ]
    );
    assert_eq!(lines[1].chars().count(), 28);
    assert!(lines[1].starts_with("⠒⠒⠒⠀⠼⠁⠃⠀⠒"));
    // Other spellings; inside a paragraph the paragraph goes on at the margin after it.
    let lines = body("Ett två <!-- s. xii --> tre fyra.\n", 28);
    assert_eq!(
        lines,
        [
            at(2, &braille("Ett två")),
            full_line('⠒', &braille("xii"), 28),
            braille("tre fyra."),
        ]
    );
    // Written as it is printed: capitals keep their capital signs.
    let lines = body("Ett <!-- sida XII --> två.\n", 28);
    assert_eq!(lines[1], full_line('⠒', &braille("XII"), 28), "{lines:#?}");
    let lines = body("<!-- page 3 -->\n", 20);
    assert_eq!(lines, [full_line('⠒', "⠼⠉", 20)]);
}

#[test]
fn a_print_page_line_is_not_left_at_the_foot_of_a_page() {
    // Five lines a page, the first the page number: the change line would be the last; it
    // goes over with the text after it.
    let md = "Ett.\n\nTvå.\n\nTre.\n\n<!-- sida 2 -->\n\nFyra.\n";
    let pages = built(md, geometry(28, 5)).pages;
    assert_eq!(pages[0].len(), 4, "{pages:#?}");
    assert!(pages[1][1].starts_with("⠒⠒⠒⠀⠼⠃⠀"), "{pages:#?}");
    assert_eq!(pages[1][2], at(2, &braille("Fyra.")), "{pages:#?}");
}

#[test]
fn an_image_is_a_set_off_passage_named_bild() {
    let md = "Före.\n\n![Två spelare vid brädet](a.jpg \"Salen 1925\")\n\nEfter.\n";
    let lines = body(md, 28);
    assert_eq!(
        lines,
        [
            at(2, &braille("Före.")),
            String::new(),
            full_line('⠶', &braille("bild"), 28),
            at(2, &braille("Två spelare vid brädet")),
            at(2, &braille("Salen 1925")),
            full_line('⠶', "", 28),
            String::new(),
            at(2, &braille("Efter.")),
        ]
    );
}

#[test]
fn an_image_without_alt_text_is_named_and_warned_about() {
    let b = built("Text.\n\n![](bilder/parti.jpg)\n", geometry(28, 0));
    assert_eq!(b.lines()[3], at(2, &braille("bilder/parti.jpg")));
    assert!(
        b.warnings
            .iter()
            .any(|w| w.starts_with("bok.md:3:1: warning: an image with no alt text")),
        "{:?}",
        b.warnings
    );
}

// ---- notes ----------------------------------------------------------------------------

#[test]
fn notes_are_numbered_after_their_word_and_gathered_at_the_chapter_end() {
    let md = "# Ett\n\nBottenspanten[^b] och masten[^a], igen[^b].\n\n[^a]: Om masten.\n\
              [^b]: Om spanten.\n\n# Två\n\nText[^c].\n\n[^c]: Tredje.\n";
    let lines = body(md, 40);
    let ett = lines.iter().position(|l| *l == braille("Ett"));
    let two = lines.iter().position(|l| *l == braille("Två"));
    let (Some(ett), Some(two)) = (ett, two) else {
        panic!("{lines:#?}")
    };
    // Numbers in the order of the references, right after the word: …⠝⠼⠁.
    assert_eq!(
        lines[ett + 2],
        at(2, &braille("Bottenspanten1 och masten2, igen1."))
    );
    assert!(lines[ett + 2].contains("⠝⠼⠁⠀"));
    let notes = &lines[ett + 3..two];
    assert_eq!(
        notes,
        [
            String::new(),
            braille("Noter"),
            String::new(),
            format!("{}{B}{}", braille("1"), braille("Om spanten.")),
            format!("{}{B}{}", braille("2"), braille("Om masten.")),
            String::new(),
            String::new(),
            String::new(),
        ]
    );
    // The next chapter counts from 1 again; its notes at the book's end.
    assert_eq!(lines[two + 2], at(2, &braille("Text1.")));
    assert_eq!(
        lines[lines.len() - 1],
        format!("{}{B}{}", braille("1"), braille("Tredje."))
    );
}

/// A page break before the next chapter: the chapter's notes end it, before the break, and
/// the next chapter starts its page (the notes once came after the break, and the chapter
/// after them on the same page).
#[test]
fn a_chapters_notes_come_before_a_page_break_that_ends_it() {
    let md = "# Kapitel ett\n\nText.[^1]\n\n[^1]: Noten.\n\n<!-- pagebreak -->\n\n\
              # Kapitel två\n\nMer text.\n";
    let b = built(md, Settings::default());
    let on = |page: usize, text: &str| b.pages[page].iter().any(|l| *l == braille(text));
    assert_eq!(b.pages.len(), 2, "{:#?}", b.pages);
    assert!(on(0, "Kapitel ett") && on(0, "Noter"), "{:#?}", b.pages);
    assert!(on(1, "Kapitel två") && !on(1, "Noter"), "{:#?}", b.pages);
    // A print page change between the break and the next chapter, or one alone before it:
    // the notes still end the chapter before them (they came after the print page's line,
    // as if of the next print page, and across the break, a transcriber's find).
    for between in ["<!-- pagebreak -->\n<!-- sida 6 -->", "<!-- sida 6 -->"] {
        let md = format!(
            "# Kapitel ett\n\nText.[^1]\n\n[^1]: Noten.\n\n{between}\n\n# Kapitel två\n\nMer.\n"
        );
        let b = built(&md, Settings::default());
        let lines: Vec<&String> = b.pages.iter().flatten().collect();
        let at = |text: &str| {
            lines
                .iter()
                .position(|l| l.trim_start_matches('⠀') == braille(text))
        };
        let (notes, next) = (at("Noter"), at("Kapitel två"));
        let change = lines
            .iter()
            .position(|l| l.contains(&braille("6")) && l.contains("⠒⠒⠒"));
        assert!(
            notes.is_some() && change.is_some() && notes < change && change < next,
            "{between}: {:#?}",
            b.pages
        );
        if between.contains("pagebreak") {
            assert!(
                on_page(&b, 0, "Noter") && on_page(&b, 1, "Kapitel två"),
                "{:#?}",
                b.pages
            );
        }
    }
    // A page break inside a chapter leaves its notes at the chapter's end.
    let md = "# Ett\n\nA.[^1]\n\n<!-- pagebreak -->\n\nB.\n\n[^1]: N.\n";
    let b = built(md, Settings::default());
    assert_eq!(b.pages.len(), 2, "{:#?}", b.pages);
    assert!(
        b.pages[1].iter().any(|l| *l == braille("Noter")),
        "{:#?}",
        b.pages
    );
}

fn on_page(b: &crate::support::Built, page: usize, text: &str) -> bool {
    b.pages[page].iter().any(|l| *l == braille(text))
}

#[test]
fn a_long_note_hangs_under_its_number() {
    let md = "Ord[^1].\n\n[^1]: En not som är så lång att den måste brytas.\n";
    let lines = body(md, 20);
    let first = lines.iter().position(|l| l.starts_with("⠼⠁⠀"));
    let Some(first) = first else {
        panic!("{lines:#?}")
    };
    assert!(lines.len() > first + 1, "{lines:#?}");
    assert!(
        lines[first + 1..].iter().all(|l| l.starts_with("⠀⠀")),
        "{lines:#?}"
    );
}

#[test]
fn notes_nothing_refers_to_and_references_to_no_note_are_warned_about() {
    let b = built("Text[^x] här.\n\n[^y]: Ensam.\n", geometry(40, 0));
    let lines = b.lines();
    assert_eq!(lines[0], at(2, &braille("Text[^x] här.")));
    assert_eq!(
        lines.last().cloned(),
        Some(format!("{}{B}{}", braille("1"), braille("Ensam.")))
    );
    let w = b.warnings.join("\n");
    // pulldown-cmark reads a reference to no note as text: the `^` has no braille rule.
    assert!(
        w.contains("bok.md:1:6: warning: no braille rule for the character '^'"),
        "{w}"
    );
    assert!(
        w.contains("bok.md:3:1: warning: nothing refers to the note [^y]"),
        "{w}"
    );
}

// ---- contents -------------------------------------------------------------------------

/// The book's pages with the page number line taken off each: (number, lines).
fn numbered_pages(b: &Built) -> Vec<(u32, Vec<String>)> {
    b.pages
        .iter()
        .map(|p| {
            let number = p
                .first()
                .map(|l| from_braille_number(l.trim_start_matches(B)));
            (number.unwrap_or(0), p.iter().skip(1).cloned().collect())
        })
        .collect()
}

fn from_braille_number(s: &str) -> u32 {
    const DIGITS: [char; 10] = ['⠚', '⠁', '⠃', '⠉', '⠙', '⠑', '⠋', '⠛', '⠓', '⠊'];
    s.trim_start_matches('⠼')
        .chars()
        .filter_map(|c| DIGITS.iter().position(|&d| d == c))
        .fold(0, |n, d| n * 10 + d as u32)
}

/// A book long enough for several pages, with headings on levels 1 to 3.
fn long_book(front: &str) -> String {
    let mut md = String::from(front);
    let text = "Ett stycke text om schack som fyller några rader på sidan. ".repeat(4);
    for chapter in 1..=3 {
        md.push_str(&format!("# Kapitel {chapter}\n\n{text}\n\n"));
        for section in 1..=3 {
            md.push_str(&format!("## Avsnitt {chapter}.{section}\n\n{text}\n\n"));
            md.push_str(&format!("### Del {section}\n\n{text}\n\n"));
        }
    }
    md
}

#[test]
fn the_contents_list_gives_the_page_where_each_heading_stands() {
    let md = long_book("---\ntitle: Boken\ntoc: true\n---\n\n");
    let b = built(&md, Settings::default());
    let pages = numbered_pages(&b);
    // The contents page follows the title page, under its heading.
    let contents = braille("Innehåll");
    let start = pages
        .iter()
        .position(|(_, lines)| lines.contains(&contents));
    assert_eq!(start, Some(1), "{pages:#?}");
    // The list runs to the page where the first chapter begins.
    let chapter = pages
        .iter()
        .position(|(_, lines)| lines.contains(&braille("Kapitel 1")));
    let Some(chapter) = chapter else {
        panic!("{pages:#?}")
    };
    let entries: Vec<String> = pages[1..chapter]
        .iter()
        .flat_map(|(_, lines)| lines.iter())
        .filter(|l| !l.is_empty() && **l != contents)
        .cloned()
        .collect();
    // Level 1 and 2 only (toc_depth 2): 3 chapters, 9 sections.
    assert_eq!(entries.len(), 12, "{entries:#?}");
    let mut checked = 0;
    for entry in &entries {
        let Some(split) = entry.trim_start_matches(B).rfind(B) else {
            panic!("{entry}")
        };
        let trimmed = entry.trim_start_matches(B);
        let (title, number) = trimmed.split_at(split);
        let title = title.trim_end_matches(B);
        let number = from_braille_number(number.trim_start_matches(B));
        // The heading stands on that page, at the margin.
        let on = pages
            .iter()
            .skip(2)
            .find(|(_, lines)| lines.iter().any(|l| l == title))
            .map(|(n, _)| *n);
        assert_eq!(on, Some(number), "{title} in {pages:#?}");
        // Right-aligned: the number ends the line, at the full line length.
        assert_eq!(entry.chars().count(), 28, "{entry}");
        checked += 1;
    }
    assert_eq!(checked, 12);
    // A section is two cells in, a chapter at the margin.
    assert!(entries[0].starts_with(&braille("Kapitel 1")));
    assert!(entries[1].starts_with(&at(2, &braille("Avsnitt 1.1"))));
}

#[test]
fn a_toc_comment_places_the_contents_list_and_the_depth_is_a_setting() {
    let md = long_book("---\ntoc_depth: 3\n---\n\nFörord.\n\n<!-- toc -->\n\n");
    let b = built(&md, Settings::default());
    let lines = b.lines();
    let foreword = lines.iter().position(|l| *l == at(2, &braille("Förord.")));
    let contents = lines.iter().position(|l| *l == braille("Innehåll"));
    assert!(foreword < contents && foreword.is_some(), "{lines:#?}");
    let listed = lines
        .iter()
        .filter(|l| l.starts_with(&at(4, &braille("Del"))))
        .count();
    assert_eq!(listed, 9, "{lines:#?}");
}

#[test]
fn without_pages_the_contents_list_has_no_numbers() {
    let md = long_book("---\ntoc: true\npage_length: 0\n---\n\n");
    let lines = built(&md, Settings::default()).lines();
    let first = lines.iter().position(|l| *l == braille("Innehåll"));
    let Some(first) = first else {
        panic!("{lines:#?}")
    };
    assert_eq!(lines[first + 2], braille("Kapitel 1"));
    assert_eq!(lines[first + 3], at(2, &braille("Avsnitt 1.1")));
}

// ---- the same words with and without pages ------------------------------------------------

/// Every word of a build's text, page number lines left out.
fn words(b: &Built, numbered: bool) -> Vec<String> {
    b.pages
        .iter()
        .flat_map(|p| p.iter().skip(usize::from(numbered)))
        .flat_map(|l| l.split(B).filter(|w| !w.is_empty()).map(str::to_string))
        .collect()
}

#[test]
fn the_same_words_in_the_same_order_with_and_without_pages() {
    let md = format!(
        "{}\n\nText[^1] <!-- sida 5 --> mer.\n\n![Bild](x.png)\n\n> ```pgn\n> 1. e4 e5 *\n> ```\n\n\
         [^1]: En not.\n",
        long_book("---\ntitle: Boken\n---\n\n")
    );
    let paged = built(&md, Settings::default());
    let flat = built(&md, geometry(28, 0));
    assert!(paged.pages.len() > 3);
    assert_eq!(words(&paged, true), words(&flat, false));
}

// ---- found in review --------------------------------------------------------------------

#[test]
fn a_note_number_is_a_number_of_its_own_after_a_number_or_a_move() {
    let md = "År 1925[^x], 12.Sf3[^x], 5...0-0[^x] och ord[^x][^x].\n\n[^x]: N.\n";
    let lines = body(md, 80);
    // ⠼⠁⠊⠃⠑ then ⠼⠁; ⠎⠋⠼⠉ then ⠼⠁; castling keeps its own number signs.
    assert_eq!(
        lines[0], "⠀⠀⠠⠡⠗⠀⠼⠁⠊⠃⠑⠼⠁⠂⠀⠼⠁⠃⠄⠠⠎⠋⠼⠉⠼⠁⠂⠀⠼⠑⠄⠄⠄⠼⠚⠤⠼⠚⠼⠁⠀⠕⠉⠓⠀⠕⠗⠙⠼⠁⠼⠁⠄",
        "{lines:#?}"
    );
}

#[test]
fn print_page_comments_in_html_blocks_are_kept_in_their_places() {
    let md = "<!-- sida 26 --> Direkt.\n\n- <!-- sida 5 --> Text\n\n> <!-- sida 8 --> Citat.\n\n\
              <!-- sida 23 --><!-- sida 24 -->\n\n<!-- sida -->\n";
    let b = built(md, geometry(28, 0));
    let lines = b.lines();
    let print: Vec<&String> = lines.iter().filter(|l| l.starts_with("⠒⠒⠒⠀")).collect();
    assert_eq!(print.len(), 5, "{lines:#?}");
    assert_eq!(lines[1], at(2, &braille("Direkt.")));
    // In a list item the marker waits for the item's text.
    let five = lines.iter().position(|l| l.starts_with("⠒⠒⠒⠀⠼⠑⠀"));
    assert_eq!(
        five.map(|i| lines[i + 1].clone()),
        Some(format!("{}{B}{}", braille("•"), braille("Text"))),
        "{lines:#?}"
    );
    // A print page comment without a number is named, not dropped silently.
    assert!(
        b.warnings
            .iter()
            .any(|w| w.starts_with("bok.md:9:1: warning: a print page comment without")),
        "{:?}",
        b.warnings
    );
}

#[test]
fn a_level_1_heading_in_a_quote_ends_no_chapter() {
    let md = "# Ett\n\nText[^a].\n\n> # Citerad\n>\n> C[^b].\n\n[^a]: A.\n[^b]: B.\n";
    let lines = body(md, 28);
    // One notes section, at the end, numbered on.
    assert_eq!(lines.iter().filter(|l| **l == braille("Noter")).count(), 1);
    assert_eq!(
        lines[lines.len() - 2],
        format!("{}{B}{}", braille("1"), braille("A."))
    );
    assert_eq!(
        lines[lines.len() - 1],
        format!("{}{B}{}", braille("2"), braille("B."))
    );
}

#[test]
fn a_list_item_that_starts_with_a_quote_or_a_list_has_its_marker_first() {
    let lines = body("- > Citat.\n- Vanlig.\n", 28);
    assert_eq!(lines[0], braille("•"), "{lines:#?}");
    assert_eq!(lines[1], at(6, &braille("Citat.")), "{lines:#?}");
    let lines = body("1. - inre\n", 28);
    assert_eq!(lines[0], braille("1."), "{lines:#?}");
    assert_eq!(
        lines[1],
        at(2, &format!("{}{B}{}", braille("•"), braille("inre")))
    );
}

#[test]
fn a_lone_list_marker_goes_to_the_next_page_with_its_block() {
    // Page 1 (4 text lines) ends after the filler: the marker cannot stay alone at its foot.
    let md = "Ett.\n\nTvå.\n\nTre.\n\n1)  ```fen\n    8/8/8/8/8/8/8/K6k w - - 0 1\n    ```\n";
    let pages = built(md, geometry(28, 5)).pages;
    assert!(
        pages.iter().all(|p| p.last() != Some(&braille("1)"))),
        "{pages:#?}"
    );
}

#[test]
fn note_labels_ignore_case_and_a_second_definition_is_warned_about() {
    let md = "Ett[^A] två[^a].\n\n[^a]: Första.\n[^A]: Andra.\n";
    let b = built(md, geometry(40, 0));
    let lines = b.lines();
    assert_eq!(lines[0], at(2, &braille("Ett1 två1.")), "{lines:#?}");
    assert_eq!(
        lines.last(),
        Some(&format!("{}{B}{}", braille("1"), braille("Första.")))
    );
    assert!(
        b.warnings
            .iter()
            .any(|w| w.starts_with("bok.md:4:1: warning: the note [^a] is defined twice")),
        "{:?}",
        b.warnings
    );
}

#[test]
fn contents_entries_leave_out_note_numbers_and_an_empty_list_is_warned_about() {
    let md = long_book("---\ntoc: true\n---\n\n").replacen("# Kapitel 1", "# Kapitel 1[^n]", 1)
        + "\n[^n]: En not.\n";
    let b = built(&md, Settings::default());
    let lines = b.lines();
    let entry = lines
        .iter()
        .find(|l| l.starts_with(&braille("Kapitel 1")))
        .expect("an entry");
    assert!(
        entry.starts_with(&format!("{}{B}", braille("Kapitel 1"))),
        "{entry}"
    );
    assert!(
        lines.contains(&format!("{}⠼⠁", braille("Kapitel 1"))),
        "the heading keeps its note's number"
    );
    let empty = built("---\ntoc: true\n---\n\nBara text.\n", Settings::default());
    assert!(
        empty
            .warnings
            .iter()
            .any(|w| w.contains("the contents list is empty: no headings down to level 2")),
        "{:?}",
        empty.warnings
    );
}

#[test]
fn a_heading_that_begins_a_list_item_follows_its_marker() {
    let lines = body("5) # Rubrik\n\n   Text.\n", 28);
    assert_eq!(lines[0], braille("5)"), "{lines:#?}");
    assert_eq!(lines[1], at(2, &braille("Rubrik")), "{lines:#?}");
}

#[test]
fn an_image_in_a_table_cell_or_a_link_keeps_its_title_or_address() {
    let b = built(
        "| a ![Bild](x.png \"Titel\") | ![](y.png) |\n|---|---|\n\n[![](z.png)](https://a.se)\n",
        geometry(40, 0),
    );
    let lines = b.lines();
    assert_eq!(lines[0], braille("a Bild (Titel); y.png"), "{lines:#?}");
    assert_eq!(
        lines[2],
        at(2, &braille("z.png (https://a.se)")),
        "{lines:#?}"
    );
    assert_eq!(
        b.warnings
            .iter()
            .filter(|w| w.contains("an image with no alt text"))
            .count(),
        2
    );
}

#[test]
fn a_contents_list_in_a_quote_keeps_the_quote_margin() {
    let lines = body("> <!-- toc -->\n\n# A\n\nText.\n\n## B\n\nText.\n", 28);
    let start = lines.iter().position(|l| *l == at(2, &braille("Innehåll")));
    let Some(start) = start else {
        panic!("{lines:#?}")
    };
    assert_eq!(lines[start + 2], at(2, &braille("A")), "{lines:#?}");
    assert_eq!(lines[start + 3], at(4, &braille("B")), "{lines:#?}");
}
