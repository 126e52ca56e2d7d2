//! What a game's source says, in the order its braille says it, and the words its writer made of it (`Witness`).

use super::*;

/// What a game's source says, in the order its braille says it.
#[derive(Clone, Debug)]
pub(in crate::build) enum Expect {
    /// A move, with the comment signs its braille bears (each as its sign's first NAG).
    Move(MoveFacts, Vec<u8>),
    /// A comment with text to write.
    Comment,
    Open,
    Close,
}

/// What a game's source says and the words its writer wrote for it: what the pages are
/// compared with.
pub(in crate::build) struct Witness {
    /// The position it starts from, when not the start position.
    pub(in crate::build) start: Option<Box<Chess>>,
    pub(in crate::build) expected: Vec<Expect>,
    /// The words of its moves, as written.
    pub(in crate::build) words: WrittenWords,
    /// Where its words, read by the rules of reading, say something else than its source
    /// (found where it is written: the words are the writer's, and the pages must hold them).
    pub(in crate::build) misread: Option<Misread>,
}

/// A word of a game that does not read back to its source: its place among the game's words
/// (none: after the last), and what it reads.
#[derive(Debug)]
pub(in crate::build) struct Misread {
    pub(in crate::build) word: Option<usize>,
    pub(in crate::build) what: String,
}

/// A game as its source gives it, to find in the pages and compare with its braille.
pub(in crate::build) struct SourceGame {
    pub(in crate::build) at: Location,
    pub(in crate::build) label: String,
    pub(in crate::build) notation: Notation,
    pub(in crate::build) witness: Box<Witness>,
}

impl Witness {
    /// The witness of `game` written in `notation` as `words`, its words read (`parses`: the
    /// words read before); `None` for a game with no move. (Read where the game is written,
    /// on the thread that wrote it: the pages are then only searched for the words.)
    pub(in crate::build) fn of(
        game: &Game,
        notation: Notation,
        words: WrittenWords,
        parses: &mut Parses,
    ) -> Option<Witness> {
        let mut witness = Witness {
            start: game.start.clone(),
            expected: Witness::expected(game, notation)?,
            words,
            misread: None,
        };
        witness.misread = witness.read(notation, parses);
        Some(witness)
    }

    /// Reads the words written by the rules of reading, guided by the source: where they say
    /// something else, the first word that does.
    fn read(&self, notation: Notation, parses: &mut Parses) -> Option<Misread> {
        let mut walk = Walk::new(self, notation, parses);
        for (k, (cells, kind)) in self.words.iter().enumerate() {
            if let Err(why) = walk.word(cells, kind) {
                return Some(Misread {
                    word: Some(k),
                    what: format!("{}: {why}: {}", walk.item_name(), to_unicode_string(cells)),
                });
            }
        }
        walk.end().err().map(|why| Misread {
            word: None,
            what: format!("{}: {why}", walk.item_name()),
        })
    }

    /// What `game` says, as its braille in `notation` says it: the NAGs a move bears (none in
    /// compact notation, those with a sign in ordinary: `signs::nag_refused`), comments with
    /// text. `None` for a game with no move (its heading is all its braille, and headings are
    /// not compared).
    pub(in crate::build) fn expected(game: &Game, notation: Notation) -> Option<Vec<Expect>> {
        let mut out: Vec<Expect> = Vec::with_capacity(game.items.len());
        let mut moves = 0;
        for item in &game.items {
            match item {
                Item::Move(m) => {
                    moves += 1;
                    out.push(Expect::Move(*m, Vec::new()));
                }
                Item::Nag(n, _) => {
                    // A NAG annotates the move right before it; others are left out.
                    if let Some(Expect::Move(_, nags)) = out.last_mut()
                        && notation == Notation::Ordinary
                        && signs::nag_refused(*n, nags.iter().copied()).is_none()
                    {
                        nags.push(*n);
                    }
                }
                Item::Comment(text, _) => {
                    if !comment_prose(game.comment(text)).is_empty()
                        && !matches!(out.last(), Some(Expect::Comment))
                    {
                        out.push(Expect::Comment);
                    }
                }
                // (No prose: nothing of it is written.)
                Item::Commands => {}
                Item::VariationStart => out.push(Expect::Open),
                Item::VariationEnd => out.push(Expect::Close),
                // (Its words are the writer's drawing of the position: found on the pages
                // with the others, and passed over in reading; see `Walk::word`.)
                Item::Diagram(_) => {}
            }
        }
        // Each sign as its first NAG, as reading gives it back (`$10`, `$11`, `$12` are `=`).
        for e in &mut out {
            if let Expect::Move(_, nags) = e {
                for n in nags.iter_mut() {
                    *n = signs::for_nag(*n)
                        .and_then(|s| s.nags.first())
                        .copied()
                        .unwrap_or(*n);
                }
                nags.sort_unstable();
            }
        }
        (moves > 0).then_some(out)
    }
}
