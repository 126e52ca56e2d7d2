//! Tournament bulletins (`bulletin`): games of PGN laid out as a book. A title page (the
//! `title` setting, else the first game's Event tag), a contents list by round (each round a
//! heading of level 1, each game one of level 2 with its board, players, ratings and result,
//! and the braille page where it begins), and at the end an index of players, sorted as
//! Swedish sorts (å, ä, ö after z), each with the braille pages of their games.
//!
//! The headings are document nodes written by the book writer, as a book's are, so the
//! contents list, its page numbers (passes until they settle) and the volumes work for
//! bulletins as for books. The index takes its page numbers from the contents list's: the
//! pages where the game headings stood in the pass before, which are this pass's pages once
//! the list has settled (the index comes after every game, so it moves none of them).

use std::collections::BTreeMap;

use unicode_normalization::UnicodeNormalization;

use super::games::About;
use crate::braille::game::is_rating;
use crate::document::{Emphasis, Node, Piece, Pos};

/// The heading of the index of players.
const INDEX_HEADING: &str = "Spelarregister";
/// The word before a round's number, and before a board's.
const ROUND: &str = "Rond";
const BOARD: &str = "Bord";
/// The heading over games without a round that follow games with one.
const NO_ROUND: &str = "Utan rond";

/// What a bulletin has seen of its games, kept from pass to pass.
#[derive(Clone, Debug, Default)]
pub(super) struct Bulletin {
    /// The title page's title: the setting's, else the first game's Event tag (learnt in the
    /// first pass).
    pub(super) title: Option<String>,
    /// The bulletin writes its own title page: not when it is a book's, whose front matter
    /// gave the title page already.
    title_page: bool,
    /// The round of the game before (its heading is written when it changes).
    round: Option<String>,
    /// Each player (by sort key): the name as first written, and the contents entries (game
    /// headings) of their games.
    players: BTreeMap<(Vec<u32>, String), Vec<usize>>,
}

impl Bulletin {
    /// A bulletin under this title (`None`: the first game's Event), with a title page of its
    /// own unless a book's front matter has made one (`title_page` false: then `title` is the
    /// book's, and no Event tag changes it).
    pub(super) fn new(title: Option<String>, title_page: bool) -> Bulletin {
        Bulletin {
            title,
            title_page,
            ..Bulletin::default()
        }
    }

    /// A new pass: the rounds and players are found again; the title stays.
    pub(super) fn restart(&mut self) {
        self.round = None;
        self.players.clear();
    }

    /// The title page and the contents list, before the first game.
    /// Whether the bulletin makes its own title page (no book's front matter made one).
    pub(super) fn own_title_page(&self) -> bool {
        self.title_page
    }

    pub(super) fn front(&self) -> Vec<Node> {
        let mut nodes = Vec::new();
        if let Some(title) = self.title.as_ref().filter(|_| self.title_page) {
            nodes.push(Node::TitlePage {
                title: Some(plain(title)),
                author: None,
            });
        }
        nodes.push(Node::Contents);
        nodes
    }

    /// The headings before a game: its round's when the round changes, then its own.
    /// `entry` is the index the game's heading gets in the contents list.
    pub(super) fn before_game(&mut self, about: &About, entry: usize) -> Vec<Node> {
        if self.title.is_none() && self.title_page {
            self.title = about.tag("Event").map(str::to_owned);
        }
        let mut nodes = Vec::new();
        let (round, board) = round_and_board(about);
        // A round's heading when the round changes; games without a round after games with
        // one get a heading of their own, not the round before.
        if round != self.round && (round.is_some() || self.round.is_some()) {
            let heading = match &round {
                Some(r) => format!("{ROUND} {r}"),
                None => NO_ROUND.to_owned(),
            };
            nodes.push(Node::Heading {
                level: 1,
                text: plain(&heading),
            });
            self.round = round;
        }
        // The round's heading takes an entry of its own.
        let entry = entry + nodes.len();
        nodes.push(Node::Heading {
            level: 2,
            text: plain(&game_heading(about, board.as_deref())),
        });
        for side in ["White", "Black"] {
            if let Some(name) = about.tag(side) {
                let name = tidy(name);
                self.players
                    .entry((sort_key(&name), name))
                    .or_default()
                    .push(entry);
            }
        }
        nodes
    }

    /// The index of players, after the last game: each player with the pages of their games'
    /// headings as `pages` tells them (the contents list's entry `i` stands on page
    /// `pages(i)`).
    pub(super) fn index(&self, pages: &dyn Fn(usize) -> Option<u32>) -> Vec<Node> {
        if self.players.is_empty() {
            return Vec::new();
        }
        let mut nodes = vec![Node::Heading {
            level: 1,
            text: plain(INDEX_HEADING),
        }];
        for ((_, name), entries) in &self.players {
            let mut numbers: Vec<u32> = entries.iter().filter_map(|&e| pages(e)).collect();
            numbers.dedup();
            let listed: Vec<String> = numbers.iter().map(u32::to_string).collect();
            let text = match listed.is_empty() {
                true => name.clone(),
                false => format!("{name} {}", listed.join(", ")),
            };
            nodes.push(Node::Paragraph {
                text: plain(&text),
                opening: crate::document::Opening::AfterBreak,
                broken: false,
            });
        }
        nodes
    }
}

/// A game's round and board: `Round "3.1"` is round 3, board 1 (as broadcasts write it);
/// a `Board` tag names the board.
fn round_and_board(about: &About) -> (Option<String>, Option<String>) {
    let round = about.tag("Round");
    let (round, board) = match round.and_then(|r| r.split_once('.')) {
        Some((r, b)) if !r.is_empty() && !b.is_empty() => (Some(r), Some(b)),
        _ => (round, None),
    };
    let board = about.tag("Board").or(board);
    (round.map(str::to_owned), board.map(str::to_owned))
}

/// A game's heading: `Bord 1: Carlsen, Magnus (2837) – Nepomniachtchi, Ian (2758), 1-0`.
fn game_heading(about: &About, board: Option<&str>) -> String {
    let player = |name: &str, elo: &str| {
        let n = about.tag(name).map_or_else(|| "NN".to_owned(), tidy);
        match about.tag(elo).filter(|e| is_rating(e)) {
            Some(e) => format!("{n} ({e})"),
            None => n,
        }
    };
    let mut text = String::new();
    if let Some(b) = board {
        text.push_str(&format!("{BOARD} {b}: "));
    }
    text.push_str(&player("White", "WhiteElo"));
    text.push_str(" – ");
    text.push_str(&player("Black", "BlackElo"));
    let result = match about.tag("Result") {
        Some("1-0") => Some("1-0"),
        Some("0-1") => Some("0-1"),
        Some("1/2-1/2") | Some("½-½") => Some("remi"),
        _ => None,
    };
    if let Some(r) = result {
        text.push_str(", ");
        text.push_str(r);
    }
    text
}

/// A player's name as the index writes it: `Carlsen,Magnus` with a blank after the comma,
/// blanks run together.
fn tidy(name: &str) -> String {
    let spaced = name.replace(',', ", ");
    spaced.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The order Swedish dictionaries and telephone books use: letters without regard to case,
/// accents folded (é as e, ü as y, æ as ä, ø as ö), and å, ä, ö as the last letters after z;
/// what is not a letter or digit sorts before the letters (a blank before any letter, so
/// `Berg, A` comes before `Bergström`).
pub(super) fn sort_key(name: &str) -> Vec<u32> {
    let z = u32::from('z');
    let code = |c: char| match c {
        ',' => 1,
        c if c.is_whitespace() => 2,
        c if c.is_alphanumeric() => u32::from(c),
        _ => 3,
    };
    let mut key = Vec::with_capacity(name.len());
    for c in name.chars().flat_map(char::to_lowercase) {
        // The Swedish letters (and those Swedish sorts as they) before accents are taken off.
        let folded = match c {
            'å' => z + 1,
            'ä' | 'æ' => z + 2,
            'ö' | 'ø' | 'œ' => z + 3,
            'ü' => code('y'),
            // Letters with a stroke or of their own, which no decomposition takes apart.
            'ł' => code('l'),
            'đ' | 'ð' => code('d'),
            'ı' => code('i'),
            'ħ' => code('h'),
            'ŧ' => code('t'),
            'ß' => {
                key.extend([code('s'), code('s')]);
                continue;
            }
            'þ' => {
                key.extend([code('t'), code('h')]);
                continue;
            }
            // Any other accent goes: the letter under it counts (é as e, ř as r, ș as s).
            c => {
                let base = c.nfd().filter(|d| !('\u{300}'..='\u{36f}').contains(d));
                key.extend(base.map(code));
                continue;
            }
        };
        key.push(folded);
    }
    key
}

/// Text of the program's own as inline text.
fn plain(text: &str) -> Vec<Piece> {
    vec![Piece {
        text: text.to_owned(),
        emphasis: Emphasis::None,
        at: Pos { line: 1, column: 1 },
    }]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn about(tags: &[(&str, &str)]) -> About {
        let mut kept = crate::chess::Tags::default();
        tags.iter().for_each(|(n, v)| kept.push(n, v));
        About {
            tags: kept,
            ..About::default()
        }
    }

    #[test]
    fn every_accent_but_the_swedish_letters_is_taken_off_to_sort() {
        let mut names = vec![
            "Zetterberg, O",
            "Ţurcan, I",
            "Şahin, C",
            "Řehoř, A",
            "İbrahim, E",
            "Đukić, G",
            "Sanz, D",
            "Rydberg, B",
            "Ianov, F",
            "Dahl, H",
            "Tal, J",
            "Östlund, P",
            "Großmann, K",
            "Grossi, L",
        ];
        names.sort_by_key(|n| sort_key(n));
        assert_eq!(
            names,
            [
                "Dahl, H",
                "Đukić, G",
                "Grossi, L",
                "Großmann, K",
                "Ianov, F",
                "İbrahim, E",
                "Řehoř, A",
                "Rydberg, B",
                "Şahin, C",
                "Sanz, D",
                "Tal, J",
                "Ţurcan, I",
                "Zetterberg, O",
                "Östlund, P",
            ]
        );
    }

    #[test]
    fn swedish_order_puts_a_ring_a_diaeresis_and_o_diaeresis_after_z() {
        let mut names = vec![
            "Östlund, P",
            "Zetterberg, O",
            "Åkesson, R",
            "Ärlig, B",
            "Andersson, A",
            "Berg, A",
            "Bergström, K",
            "Émile, X",
            "Müller, T",
            "Yusupov, A",
            "Ødegaard, M",
        ];
        names.sort_by_key(|n| sort_key(n));
        assert_eq!(
            names,
            [
                "Andersson, A",
                "Berg, A",
                "Bergström, K",
                "Émile, X",
                "Müller, T",
                "Yusupov, A",
                "Zetterberg, O",
                "Åkesson, R",
                "Ärlig, B",
                "Ødegaard, M",
                "Östlund, P",
            ]
        );
    }

    #[test]
    fn round_board_and_heading_from_the_tags() {
        let a = about(&[
            ("Round", "3.12"),
            ("White", "Carlsen,Magnus"),
            ("WhiteElo", "2837"),
            ("Black", "Nepo"),
            ("Result", "1/2-1/2"),
        ]);
        let (round, board) = round_and_board(&a);
        assert_eq!(
            (round.as_deref(), board.as_deref()),
            (Some("3"), Some("12"))
        );
        assert_eq!(
            game_heading(&a, board.as_deref()),
            "Bord 12: Carlsen, Magnus (2837) – Nepo, remi"
        );
        let b = about(&[("Round", "5"), ("Board", "2"), ("Black", "B")]);
        let (round, board) = round_and_board(&b);
        assert_eq!((round.as_deref(), board.as_deref()), (Some("5"), Some("2")));
        assert_eq!(game_heading(&b, board.as_deref()), "Bord 2: NN – B");
    }

    #[test]
    fn each_player_once_with_every_game() {
        let mut b = Bulletin::new(None, true);
        let games = [
            about(&[
                ("Event", "SM"),
                ("Round", "1.1"),
                ("White", "Öst"),
                ("Black", "Ask"),
            ]),
            about(&[("Round", "1.2"), ("White", "Bo"), ("Black", "Cid")]),
            about(&[("Round", "2.1"), ("White", "Ask"), ("Black", "Bo")]),
        ];
        let mut entries = 0;
        let mut headings = Vec::new();
        for g in &games {
            for node in b.before_game(g, entries) {
                if let Node::Heading { level, text } = node {
                    headings.push((level, text[0].text.clone()));
                    entries += 1;
                }
            }
        }
        assert_eq!(b.title.as_deref(), Some("SM"));
        assert_eq!(
            headings,
            [
                (1, "Rond 1".to_string()),
                (2, "Bord 1: Öst – Ask".to_string()),
                (2, "Bord 2: Bo – Cid".to_string()),
                (1, "Rond 2".to_string()),
                (2, "Bord 1: Ask – Bo".to_string()),
            ]
        );
        // Entry i stands on page 10 + i.
        let index = b.index(&|e| Some(10 + e as u32));
        let lines: Vec<String> = index
            .iter()
            .filter_map(|n| match n {
                Node::Paragraph { text, .. } => Some(text[0].text.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(lines, ["Ask 11, 14", "Bo 12, 14", "Cid 12", "Öst 11"]);
    }
}
