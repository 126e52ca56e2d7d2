//! The reading of a game's words, guided by its source (`Walk`).

use super::*;

/// The reading of a game's words, guided by its source: each word read by the rules of
/// reading and compared with what the source has there.
pub(super) struct Walk<'s, 'p> {
    pub(super) parses: &'p mut Parses,
    pub(super) notation: Notation,
    pub(super) expected: &'s [Expect],
    /// The next of `expected`.
    pub(super) k: usize,
    /// Moves and variations passed (the place of a move in messages, as `read` counts).
    pub(super) counted: usize,
    pub(super) pos: Chess,
    pub(super) before: Option<Chess>,
    pub(super) stack: Vec<(Chess, Option<Chess>)>,
    /// A move number read in a word of its own: (number, Black's), its move due.
    pub(super) number: Option<(u32, bool)>,
    /// Compact notation: the dashes after a Black move's number.
    pub(super) dashes: bool,
    /// The next move must have its number (White's always; Black's at the start, after a
    /// comment or variation).
    pub(super) need_number: bool,
    /// The last word was a comment's.
    pub(super) in_comment: bool,
    /// The signs its source gives the move just read, and those read for it (`read` keeps
    /// its room from move to move).
    pub(super) signs: Option<&'s [u8]>,
    pub(super) read: Vec<u8>,
}

impl<'s, 'p> Walk<'s, 'p> {
    pub(super) fn new(witness: &'s Witness, notation: Notation, parses: &'p mut Parses) -> Self {
        Walk {
            parses,
            notation,
            expected: &witness.expected,
            k: 0,
            counted: 0,
            pos: witness.start.as_deref().cloned().unwrap_or_default(),
            before: None,
            stack: Vec::new(),
            number: None,
            dashes: false,
            need_number: true,
            in_comment: false,
            signs: None,
            read: Vec::new(),
        }
    }

    /// What the source has next, for a message: `its move 3 (g1f3)`.
    pub(super) fn item_name(&self) -> String {
        let n = self.counted + 1;
        match self.expected.get(self.k) {
            Some(Expect::Move(m, _)) => format!("its move {n} ({})", m.uci()),
            Some(Expect::Open) => format!("its move {n} (()"),
            Some(Expect::Close) => format!("its move {n} ())"),
            Some(Expect::Comment) => format!("the comment before its move {n}"),
            None => "after its last move".to_owned(),
        }
    }

    /// The signs read for the last move, compared with its source's.
    fn signs_done(&mut self) -> std::result::Result<(), String> {
        if let Some(source) = self.signs.take() {
            let read = &mut self.read;
            read.sort_unstable();
            if read != source {
                self.k -= 1;
                self.counted -= 1;
                let signs = |nags: &[u8]| {
                    nags.iter()
                        .map(|n| format!("${n}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                return Err(format!(
                    "its signs read back as [{}], its source has [{}]",
                    signs(read),
                    signs(source)
                ));
            }
        }
        Ok(())
    }

    /// The next expected item must be `what`.
    fn expect(
        &mut self,
        what: &str,
        is: impl Fn(&Expect) -> bool,
    ) -> std::result::Result<(), String> {
        match self.expected.get(self.k) {
            Some(e) if is(e) => {
                self.k += 1;
                Ok(())
            }
            _ => Err(format!("the braille reads {what} here")),
        }
    }

    fn open(&mut self, cell: Cell) -> std::result::Result<(), String> {
        self.signs_done()?;
        self.no_number()?;
        self.expect("a variation's bracket", |e| matches!(e, Expect::Open))?;
        let depth = self.stack.len() + 1;
        if cell != variation_brackets(self.notation, depth).0 {
            self.k -= 1;
            return Err(format!(
                "the bracket is not that of a variation at depth {depth}"
            ));
        }
        let Some(before) = self.before.clone() else {
            self.k -= 1;
            return Err("a variation with no move before it".into());
        };
        let back = std::mem::replace(&mut self.pos, before);
        self.stack.push((back, self.before.take()));
        self.counted += 1;
        self.need_number = true;
        self.in_comment = false;
        Ok(())
    }

    fn close(&mut self, cell: Cell) -> std::result::Result<(), String> {
        self.signs_done()?;
        self.no_number()?;
        self.expect("the end of a variation", |e| matches!(e, Expect::Close))?;
        let depth = self.stack.len();
        if cell != variation_brackets(self.notation, depth).1 {
            self.k -= 1;
            return Err(format!(
                "the bracket is not that of a variation at depth {depth}"
            ));
        }
        let Some((pos, before)) = self.stack.pop() else {
            self.k -= 1;
            return Err("a variation closed that was never opened".into());
        };
        (self.pos, self.before) = (pos, before);
        self.counted += 1;
        self.need_number = true;
        self.in_comment = false;
        Ok(())
    }

    /// No move number waits for its move.
    fn no_number(&self) -> std::result::Result<(), String> {
        match self.number {
            Some((n, _)) => Err(format!("the move number {n} has no move after it")),
            None => Ok(()),
        }
    }

    pub(super) fn word(
        &mut self,
        cells: &[Cell],
        kind: WordKind,
    ) -> std::result::Result<(), String> {
        match kind {
            WordKind::Text { opens, closes } => {
                let (opens, closes) = (usize::from(opens), usize::from(closes));
                if opens + closes > cells.len() {
                    return Err("a comment's word without its brackets".into());
                }
                for &c in &cells[..opens] {
                    self.open(c)?;
                }
                if cells.len() > opens + closes && !self.in_comment {
                    self.signs_done()?;
                    self.no_number()?;
                    self.expect("comment text", |e| matches!(e, Expect::Comment))?;
                    self.in_comment = true;
                    self.need_number = true;
                }
                for &c in &cells[cells.len() - closes..] {
                    self.close(c)?;
                }
                Ok(())
            }
            WordKind::Notation => self.notation_word(cells),
            // A diagram inside the game (a comment's `[#]`): it stands between moves, their
            // signs and any number before it; the next move has its number. A comment's text
            // may go on after it.
            WordKind::Diagram { first } => {
                if first {
                    self.signs_done()?;
                    self.no_number()?;
                    self.need_number = true;
                }
                Ok(())
            }
        }
    }

    fn notation_word(&mut self, cells: &[Cell]) -> std::result::Result<(), String> {
        self.in_comment = false;
        let p = self.parses.get(self.notation, cells);
        if p.is_text() && !p.empty {
            // A sign after a blank (`⠲⠌⠶`, `⠻⠙⠞⠴`): the last move's.
            let Some((n, closes)) = reading::sign_word(self.notation, cells) else {
                return Err("the braille reads as text, not as notation".into());
            };
            if self.signs.is_none() {
                return Err("a sign with no move before it".into());
            }
            self.read.push(n);
            for &c in &cells[cells.len() - closes..] {
                self.close(c)?;
            }
            return Ok(());
        }
        for &c in &cells[..p.opens] {
            self.open(c)?;
        }
        if let Some(n) = p.number {
            self.signs_done()?;
            self.no_number()?;
            self.number = Some((n, p.black));
        }
        if p.omitted {
            self.omitted(&p)?;
        } else if let Some(written) = p.written {
            self.signs_done()?;
            self.play(written, &p)?;
        } else if p.number.is_none() && !p.empty {
            return Err("the braille reads as no move".into());
        }
        let closes = &cells[cells.len() - p.closes - usize::from(p.ends)..];
        for &c in &closes[..p.closes] {
            self.close(c)?;
        }
        if p.ends && (self.notation != Notation::Compact || !self.stack.is_empty()) {
            return Err("a game's end where the game goes on".into());
        }
        Ok(())
    }

    /// The dashes: in compact notation, after a Black move's number, the White move left
    /// out; else a null move.
    fn omitted(&mut self, p: &Parsed) -> std::result::Result<(), String> {
        let black = self.pos.turn() == Color::Black;
        if self.notation == Notation::Compact
            && black
            && self.number.is_some()
            && !self.dashes
            && p.number.is_none()
        {
            self.dashes = true;
            return Ok(());
        }
        self.signs_done()?;
        let Some(Expect::Move(facts, nags)) = self.expected.get(self.k) else {
            return Err("the braille reads a null move here".into());
        };
        if facts.kind != MoveKind::Null {
            return Err("the braille reads a null move here".into());
        }
        self.numbered(facts)?;
        let mode = self.pos.castles().mode();
        let mut setup = self.pos.clone().to_setup(EnPassantMode::Legal);
        setup.swap_turn();
        if black {
            setup.fullmoves = setup.fullmoves.saturating_add(1);
        }
        let next = Chess::from_setup(setup, mode).map_err(|e| format!("a null move: {e}"))?;
        self.before = Some(std::mem::replace(&mut self.pos, next));
        self.k += 1;
        self.counted += 1;
        self.read.clear();
        self.read.extend_from_slice(&p.nags);
        self.signs = Some(nags);
        Ok(())
    }

    /// The number before the move of `facts`: due where the move needs one, and right.
    fn numbered(&mut self, facts: &MoveFacts) -> std::result::Result<(), String> {
        let number = self.number.take();
        let dashes = std::mem::take(&mut self.dashes);
        let black = facts.color == Color::Black;
        let need = !black || self.need_number;
        match number {
            None if need => Err("the move has no number".into()),
            Some((n, _)) if n != facts.number => {
                Err(format!("the number {n} where {} is due", facts.number))
            }
            Some((_, written_black))
                if self.notation == Notation::Ordinary && written_black != black =>
            {
                Err("the number is that of the other side's move".into())
            }
            Some(_) if self.notation == Notation::Compact && black && !dashes => {
                Err("a Black move's number without the dashes of White's".into())
            }
            Some(_) if !need => Err("a number where the move needs none".into()),
            _ => {
                self.need_number = false;
                Ok(())
            }
        }
    }

    /// A move read: the one move of the position it names, the source's, with its check or
    /// mate, capture and en passant as written.
    fn play(&mut self, written: reading::Written, p: &Parsed) -> std::result::Result<(), String> {
        let Some(Expect::Move(facts, nags)) = self.expected.get(self.k) else {
            return Err("the braille reads a move here".into());
        };
        // (Most words are found to name the source's move and no other without the legal
        // moves of the position: `names_only`.)
        let quick = self
            .source_move(facts)
            .filter(|m| reading::names_only(&self.pos, &written, m) == Some(true));
        let m = match quick.map_or_else(|| reading::the_fitting(&self.pos, &written), Ok) {
            Ok(m) => m,
            Err(0) => return Err("no legal move is written so".into()),
            Err(more) => return Err(format!("{more} legal moves are written so")),
        };
        if !same_move(&m, facts) {
            return Err(format!(
                "it reads back as {}",
                shakmaty::uci::UciMove::from_standard(m)
            ));
        }
        self.numbered(facts)?;
        let sign = match facts.check {
            Check::None => None,
            Check::Single | Check::Double => Some(reading::Check::Check),
            Check::Mate => Some(reading::Check::Mate),
        };
        if written.sign != sign {
            return Err("its check or mate sign is not the position's".into());
        }
        if m.castling_side().is_none() && written.capture != m.is_capture() {
            return Err("its capture sign is not the position's".into());
        }
        if written.ep && !m.is_en_passant() {
            return Err("marked en passant, but it is no en passant capture".into());
        }
        self.k += 1;
        // (The position before it is copied only for a variation that replaces it.)
        self.before = self.variation_next().then(|| self.pos.clone());
        self.pos.play_unchecked(m);
        self.counted += 1;
        self.read.clear();
        self.read.extend_from_slice(&p.nags);
        self.signs = Some(nags);
        Ok(())
    }

    /// The source's move `facts` as a move of the position (its piece where the source has
    /// it, its capture and en passant as the board gives them); `None` for castling, or where
    /// the board does not have the source's piece (the legal moves then decide).
    fn source_move(&self, facts: &MoveFacts) -> Option<Move> {
        let MoveKind::Normal {
            role,
            from,
            to,
            promotion,
            ..
        } = facts.kind
        else {
            return None;
        };
        let board = self.pos.board();
        if board.piece_at(from) != Some(role.of(self.pos.turn())) {
            return None;
        }
        let capture = board.role_at(to);
        Some(match role {
            Role::Pawn if capture.is_none() && from.file() != to.file() => {
                Move::EnPassant { from, to }
            }
            _ => Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            },
        })
    }

    /// The source's next item after comments is a variation (of the move just read).
    fn variation_next(&self) -> bool {
        self.expected[self.k..]
            .iter()
            .find(|e| !matches!(e, Expect::Comment))
            .is_some_and(|e| matches!(e, Expect::Open))
    }

    /// All words read: the source has nothing more.
    pub(super) fn end(&mut self) -> std::result::Result<(), String> {
        self.signs_done()?;
        self.no_number()?;
        if self.dashes {
            return Err("the dashes of a White move left out, and no Black move".into());
        }
        match self.expected.get(self.k) {
            None => Ok(()),
            Some(_) => Err("its braille ends here".into()),
        }
    }
}

/// Whether the legal move `m` is the source's move `facts`.
fn same_move(m: &Move, facts: &MoveFacts) -> bool {
    match (facts.kind, m) {
        (MoveKind::Castle(side), m) => m.castling_side() == Some(side),
        (
            MoveKind::Normal {
                from,
                to,
                promotion,
                ..
            },
            m,
        ) => {
            m.castling_side().is_none()
                && m.from() == Some(from)
                && m.to() == to
                && m.promotion() == promotion
        }
        (MoveKind::Null, _) => false,
    }
}
