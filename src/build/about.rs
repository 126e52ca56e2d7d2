//! What the layout loop needs to know of a translated game besides its braille ([`About`]),
//! shared by the loop, the bulletin and the spool.

use crate::chess::game::says_something;
use crate::chess::{Game, Item, Tags};
use crate::document::Pos;
use crate::error::Location;

/// What the layout loop needs to know of a game: where it is, what its tags say (the proof's
/// note, a bulletin's contents and index), whether it starts from a position.
#[derive(Clone, Debug, Default)]
pub(super) struct About {
    pub(super) number: usize,
    pub(super) location: Option<Location>,
    /// The tags the loop uses (`White`, `Black`, `Event`, `Round`, `Board`, `Result`, Elo),
    /// as written (in one string: two allocations a game, not two a tag); none unless the
    /// build asks for them ([`super::games::Asks::tags`]).
    pub(super) tags: Tags,
    /// That position's board (FEN's first field), when the game has moves from it: the
    /// loop warns when it is drawn nowhere before them.
    pub(super) start_board: Option<String>,
}

impl About {
    /// What is known of `game`; its tags only with `tags` (no tags: no allocation, and
    /// [`About::tag`] finds none).
    pub(super) fn of(game: &Game, tags: bool) -> About {
        const KEPT: [&str; 9] = [
            "Event", "Round", "Board", "White", "Black", "WhiteElo", "BlackElo", "Result", "Date",
        ];
        let tags = match tags {
            true => {
                let kept = || game.tags.iter_at().filter(|(n, _, _)| KEPT.contains(n));
                let mut kept_tags = Tags::with_capacity(
                    kept().count(),
                    kept().map(|(n, v, _)| n.len() + v.len()).sum(),
                );
                // With their places: a bulletin's headings warn at the character in the tag.
                kept().for_each(|(n, v, at)| kept_tags.push_at(n, v, at));
                kept_tags
            }
            false => Tags::default(),
        };
        About {
            number: game.number,
            location: game.location.clone(),
            tags,
            start_board: game
                .start
                .as_ref()
                .filter(|_| game.items.iter().any(|i| matches!(i, Item::Move(..))))
                .map(|s| shakmaty::Position::board(&**s).to_string()),
        }
    }

    /// A tag's value, unless it says nothing (empty, `?`, `-`).
    pub(super) fn tag(&self, name: &str) -> Option<&str> {
        self.tags.get(name).and_then(says_something)
    }

    /// A tag's value (as [`About::tag`]) and where it stands in the input: at its first
    /// character in the tag, or at the game when the tags were not read from a file.
    pub(super) fn tag_at(&self, name: &str) -> Option<(&str, Pos)> {
        let (raw, place) = self.tags.get_at(name)?;
        let value = says_something(raw)?;
        // (Nothing before the value when nothing was trimmed: most values.)
        let lead = match value.len() == raw.len() {
            true => 0,
            false => raw.len() - raw.trim_start().len(),
        };
        let at = match place {
            Some(p) => p.plus(raw[..lead].chars().count()),
            None => self.place(),
        };
        Some((value, at))
    }

    /// Where the game starts in its input (its first line when not known).
    pub(super) fn place(&self) -> Pos {
        self.location
            .as_ref()
            .map_or(Pos { line: 1, column: 1 }, |l| Pos {
                line: l.line,
                column: l.column,
            })
    }
}
