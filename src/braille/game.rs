//! A replayed game in braille: its heading, its moves with numbers, comment signs, comments and
//! variations, as layout blocks (rules.md §4, §4b, §5).

use shakmaty::Color;

use super::cell::Cell;
use super::diagram::{BOARD_WIDTH, diagram_fixed};
use super::notation::{self, COMPACT_END, COMPACT_OMITTED, MoveStyle, OrdinaryMoves};
use super::pieces::push_lower_number;
use super::signs::{self, Placement};
use super::text::{self, Unmapped};
use crate::chess::game::comment_prose;
use crate::chess::{Game, GameResult, Item, MoveFacts};
use crate::document::fen::parse_fen;
use crate::error::{Diagnostic, Location, Warning};
use crate::layout::{Block, Paragraph};
use crate::options::{DiagramForm, Layout, Notation, Options};

/// Brackets of variations: parentheses and square brackets alternate with depth in ordinary
/// notation; compact notation uses square brackets at every depth, since its lower digits
/// 8 (236) and 0 (356) are the parentheses.
const PAREN_OPEN: Cell = Cell::dots("236");
const PAREN_CLOSE: Cell = Cell::dots("356");
const BRACKET_OPEN: Cell = Cell::dots("12356");
const BRACKET_CLOSE: Cell = Cell::dots("23456");

/// Writes games as blocks; keeps its buffers from game to game.
pub struct GameWriter {
    notation: Notation,
    layout: Layout,
    style: MoveStyle,
    ordinary: OrdinaryMoves,
    cells: Vec<Cell>,
    unmapped: Vec<Unmapped>,
    /// Start diagrams: the form, whether to say who moves, the line length.
    start_diagram: Option<(DiagramForm, bool, usize)>,
    /// NAGs left out of compact notation, over all games written.
    pub dropped_nags: usize,
}

/// A move waiting for its annotation glyphs.
struct Pending {
    facts: MoveFacts,
    nags: [u8; 4],
    count: usize,
}

/// State while one game is written.
struct Run<'a> {
    w: &'a mut GameWriter,
    blocks: &'a mut Vec<Block>,
    warnings: &'a mut Vec<Warning>,
    game: &'a Game,
    para: Paragraph,
    depth: usize,
    /// A Black move needs its number (`12...`): at the start, after a comment or variation.
    need_number: bool,
    /// Cells to put before the next word (an opening bracket).
    prefix: Vec<Cell>,
    pending: Option<Pending>,
    /// The last thing written was a main-line move (compact notation ends it with a period).
    ends_with_move: bool,
}

impl GameWriter {
    pub fn new(options: &Options) -> Self {
        GameWriter {
            notation: options.notation,
            layout: options.layout,
            style: MoveStyle {
                moves: options.moves,
                en_passant: options.en_passant,
                double_check: options.double_check,
            },
            ordinary: OrdinaryMoves::default(),
            cells: Vec::new(),
            unmapped: Vec::new(),
            dropped_nags: 0,
            start_diagram: options.start_diagram.then_some((
                options.diagram,
                options.to_move,
                options.line_length,
            )),
        }
    }

    /// Appends the blocks of one game: a heading when the players are known, then the moves.
    pub fn write(&mut self, game: &Game, blocks: &mut Vec<Block>, warnings: &mut Vec<Warning>) {
        self.heading(game, blocks, warnings);
        self.start_diagram(game, blocks);
        let mut run = Run {
            w: self,
            blocks,
            warnings,
            game,
            para: Paragraph::new(0, 0),
            depth: 0,
            need_number: true,
            prefix: Vec::new(),
            pending: None,
            ends_with_move: false,
        };
        for item in &game.items {
            run.item(item);
        }
        run.finish();
    }

    /// The diagram of the start position, for a game that begins from a `[FEN]` tag (the
    /// chess stage has checked the tag, so a FEN that does not read is left out here).
    fn start_diagram(&mut self, game: &Game, blocks: &mut Vec<Block>) {
        let Some((form, to_move, width)) = self.start_diagram else {
            return;
        };
        let Some(fen) = game.tag("FEN") else { return };
        let location = game.location.clone().unwrap_or(Location {
            file: String::new(),
            line: 0,
            column: 0,
        });
        let Ok(parsed) = parse_fen(fen, location) else {
            return;
        };
        // A board wider than the line falls back to the piece list.
        let form = if form == DiagramForm::Board && width < BOARD_WIDTH {
            DiagramForm::Pieces
        } else {
            form
        };
        blocks.push(diagram_fixed(
            parsed.board(),
            parsed.turn(),
            form,
            self.notation,
            to_move,
            width,
        ));
    }

    /// The heading: `White – Black` and `Event year, result`, when both players are known.
    fn heading(&mut self, game: &Game, blocks: &mut Vec<Block>, warnings: &mut Vec<Warning>) {
        let known = |name: &str| {
            game.tag(name)
                .map(str::trim)
                .filter(|v| !v.is_empty() && *v != "?" && *v != "-")
        };
        let (Some(white), Some(black)) = (known("White"), known("Black")) else {
            return;
        };
        let players = format!("{white} – {black}");
        blocks.push(Block::Paragraph(
            self.text_paragraph(&players, game, warnings),
        ));
        let year = game
            .tag("Date")
            .map(|d| &d[..d.len().min(4)])
            .filter(|y| y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()));
        let result = match game.result {
            Some(GameResult::WhiteWins) => Some("1-0"),
            Some(GameResult::BlackWins) => Some("0-1"),
            Some(GameResult::Draw) => Some("remi"),
            Some(GameResult::Unknown) | None => None,
        };
        let mut line = String::new();
        for part in [known("Event"), known("Round").map(|r| r.trim()), year]
            .into_iter()
            .flatten()
        {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(part);
        }
        if let Some(r) = result {
            if !line.is_empty() {
                line.push_str(", ");
            }
            line.push_str(r);
        }
        if !line.is_empty() {
            blocks.push(Block::Paragraph(self.text_paragraph(&line, game, warnings)));
        }
    }

    fn text_paragraph(
        &mut self,
        text: &str,
        game: &Game,
        warnings: &mut Vec<Warning>,
    ) -> Paragraph {
        self.cells.clear();
        self.unmapped.clear();
        text::translate(text, &mut self.cells, &mut self.unmapped);
        report_unmapped(&self.unmapped, game, warnings);
        let mut p = Paragraph::new(0, 2);
        p.push_text(&self.cells);
        p.end_word();
        p
    }
}

fn report_unmapped(unmapped: &[Unmapped], game: &Game, warnings: &mut Vec<Warning>) {
    for u in unmapped {
        let location = game.location.clone().unwrap_or(Location {
            file: String::new(),
            line: 0,
            column: 0,
        });
        warnings.push(Warning(Diagnostic::new(
            location,
            format!(
                "game {}: no braille rule for the character '{}' (U+{:04X}); a substitute is written",
                game.number,
                u.ch,
                u32::from(u.ch)
            ),
        )));
    }
}

impl Run<'_> {
    fn item(&mut self, item: &Item) {
        match item {
            Item::Move(m) => {
                self.flush_move();
                self.pending = Some(Pending {
                    facts: *m,
                    nags: [0; 4],
                    count: 0,
                });
            }
            Item::Nag(n) => match &mut self.pending {
                Some(p) if p.count < p.nags.len() => {
                    p.nags[p.count] = *n;
                    p.count += 1;
                }
                _ => self.unsigned_nag(*n),
            },
            Item::Comment(c) => {
                self.flush_move();
                self.comment(c);
            }
            Item::VariationStart => {
                self.flush_move();
                self.depth += 1;
                let open = self.bracket(true);
                self.prefix.push(open);
                self.need_number = true;
            }
            Item::VariationEnd => {
                self.flush_move();
                let close = self.bracket(false);
                if self.prefix.is_empty() {
                    self.para.extend_last(&[close]);
                } else {
                    // An empty variation: write its brackets as a word of their own.
                    let open = std::mem::take(&mut self.prefix);
                    self.para.push(&open);
                    self.para.push_cell(close);
                    self.para.end_word();
                }
                self.depth = self.depth.saturating_sub(1);
                self.need_number = true;
                self.ends_with_move = false;
            }
        }
    }

    fn bracket(&self, open: bool) -> Cell {
        let square = self.w.notation == Notation::Compact || self.depth.is_multiple_of(2);
        match (square, open) {
            (false, true) => PAREN_OPEN,
            (false, false) => PAREN_CLOSE,
            (true, true) => BRACKET_OPEN,
            (true, false) => BRACKET_CLOSE,
        }
    }

    /// Starts a word, putting any pending opening bracket first.
    fn begin_word(&mut self) {
        if !self.prefix.is_empty() {
            let prefix = std::mem::take(&mut self.prefix);
            self.para.push(&prefix);
            self.prefix = prefix;
            self.prefix.clear();
        }
    }

    fn new_paragraph(&mut self) {
        if !self.para.is_empty() {
            let rest = if self.w.layout == Layout::List { 2 } else { 0 };
            let done = std::mem::replace(&mut self.para, Paragraph::new(0, rest));
            self.blocks.push(Block::Paragraph(done));
        } else if self.w.layout == Layout::List {
            self.para.rest_indent = 2;
        }
    }

    fn flush_move(&mut self) {
        let Some(p) = self.pending.take() else { return };
        let m = p.facts;
        let black = m.color == Color::Black;
        let main_line = self.depth == 0;
        if self.w.layout == Layout::List && main_line && (!black || self.need_number) {
            self.new_paragraph();
        }
        let compact = self.w.notation == Notation::Compact;
        // The move number, glued to the move.
        let numbered = !black || self.need_number;
        self.begin_word();
        self.w.cells.clear();
        if compact {
            if numbered {
                push_lower_number(m.number, &mut self.w.cells);
                self.para.push(&self.w.cells);
                self.para.end_word_glued();
                if black {
                    self.para.push(&COMPACT_OMITTED);
                    self.para.end_word_glued();
                }
                self.w.cells.clear();
            }
            notation::compact_move(&m, self.w.style, &mut self.w.cells);
        } else {
            if numbered && !black {
                self.w.ordinary.number(m.number, &mut self.w.cells);
                self.para.push(&self.w.cells);
                self.para.end_word_glued();
                self.w.cells.clear();
            }
            let black_number = (numbered && black).then_some(m.number);
            self.w
                .ordinary
                .write(&m, self.w.style, black_number, &mut self.w.cells);
        }
        self.para.push(&self.w.cells);
        // Comment signs: those written right after the move, then those after a blank.
        let nags = &p.nags[..p.count];
        if compact {
            self.w.dropped_nags += nags.len();
        } else {
            let mut after: [Option<&signs::Sign>; 4] = [None; 4];
            let mut n_after = 0;
            for &n in nags {
                match signs::for_nag(n) {
                    Some(s) if s.placement == Placement::Attached => {
                        self.w.cells.clear();
                        s.push_cells(&mut self.w.cells);
                        self.para.push(&self.w.cells);
                    }
                    Some(s) => {
                        after[n_after] = Some(s);
                        n_after += 1;
                    }
                    None => self.unsigned_nag(n),
                }
            }
            for s in after.iter().take(n_after).flatten() {
                self.para.end_word_glued();
                self.w.cells.clear();
                s.push_cells(&mut self.w.cells);
                self.para.push(&self.w.cells);
            }
        }
        self.para.end_word();
        self.need_number = false;
        self.ends_with_move = main_line;
    }

    fn unsigned_nag(&mut self, n: u8) {
        if self.w.notation == Notation::Compact {
            self.w.dropped_nags += 1;
            return;
        }
        let location = self.game.location.clone().unwrap_or(Location {
            file: String::new(),
            line: 0,
            column: 0,
        });
        self.warnings.push(Warning(Diagnostic::new(
            location,
            format!(
                "game {}: the annotation ${n} has no sign in the book; it is left out",
                self.game.number
            ),
        )));
    }

    fn comment(&mut self, text: &str) {
        let text = comment_prose(text);
        let text = text.as_ref();
        if text.is_empty() {
            return;
        }
        self.w.cells.clear();
        self.w.unmapped.clear();
        text::translate(text, &mut self.w.cells, &mut self.w.unmapped);
        report_unmapped(&self.w.unmapped, self.game, self.warnings);
        self.begin_word();
        let cells = std::mem::take(&mut self.w.cells);
        self.para.push_text(&cells);
        self.w.cells = cells;
        self.para.end_word();
        self.need_number = true;
        self.ends_with_move = false;
    }

    fn finish(mut self) {
        self.flush_move();
        if self.w.notation == Notation::Compact && self.ends_with_move {
            self.para.extend_last(&[COMPACT_END]);
        }
        if !self.prefix.is_empty() {
            let open = std::mem::take(&mut self.prefix);
            self.para.push(&open);
            self.para.end_word();
        }
        self.new_paragraph();
    }
}
