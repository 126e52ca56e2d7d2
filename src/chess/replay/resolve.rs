//! The legal move a SAN means: the quick way for most moves ([`quick_move`], shared with the
//! reader), the general one with FIDE's minimal disambiguation, ambiguity, coordinate moves.

use shakmaty::san::San;
use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, Move, MoveList, Position, Role, Square, attacks,
};

use super::Replay;
use crate::chess::game::Disambiguation;
use crate::chess::letters::role_name;
use crate::chess::scan::Token;
use crate::chess::words::MoveWord;
use crate::error::Error;

/// FIDE's minimal disambiguation of `m` among the legal moves of its kind of piece to its
/// square (file first, rank if the file does not decide, both if neither alone does).
fn disambiguation(m: Move, legals: &MoveList) -> Disambiguation {
    match San::disambiguate(m, legals) {
        San::Normal { file, rank, .. } => Disambiguation {
            file: file.is_some(),
            rank: rank.is_some(),
        },
        _ => Disambiguation::default(),
    }
}

/// Why a SAN means no legal move.
pub(super) enum Unresolved {
    Illegal,
    /// More than one piece of the kind (on the squares given) can reach the square.
    Ambiguous(Role, Bitboard, Square),
    NoCastling(CastlingSide),
    /// A null move or a drop, where a move is asked for.
    NotAMove,
}

impl<'a> Replay<'a> {
    /// The legal move a SAN means, found quickly: [`quick_move`].
    pub(super) fn quick_resolve(&self, san: &San) -> Option<Move> {
        // (Debug builds, so every test: what the replay knows of the check is so.)
        debug_assert!(
            !self.not_in_check || self.pos.checkers().is_empty(),
            "{:?}",
            self.pos
        );
        quick_move_knowing(&self.pos, san, self.not_in_check)
    }

    /// A knight's, bishop's, rook's or queen's move that two pieces of its kind or more can
    /// legally make, found among them ([`among`]) with the disambiguation [`Replay::resolve`]
    /// gives it; `None` for any other SAN, or one that names none of them or more than one.
    /// (Asked only where [`Replay::quick_resolve`] found nothing.)
    pub(super) fn quick_among(&self, san: &San) -> Option<(Move, Disambiguation)> {
        quick_among(&self.pos, san, self.not_in_check)
    }

    /// Finds the legal move a SAN means. Captures may go unmarked; a marked one must capture.
    /// Also gives FIDE's minimal disambiguation, from the legal moves of the same kind of
    /// piece to the same square. The error says why there is none, at `t` (`word`, the move
    /// as the scan read it).
    pub(super) fn resolve(
        &self,
        san: San,
        t: &Token,
        word: &MoveWord,
    ) -> Result<(Move, Disambiguation), Error> {
        self.find(san)
            .map_err(|unresolved| self.unresolved(unresolved, san, t, word))
    }

    /// [`Replay::resolve`] without the error's words (the guard's replay of a plain game
    /// needs only to know that the move is not there).
    pub(super) fn find(&self, san: San) -> Result<(Move, Disambiguation), Unresolved> {
        match san {
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                let legals = self.pos.san_candidates(role, to);
                let mut found = None;
                let mut froms = Bitboard::EMPTY;
                let mut all = Bitboard::EMPTY;
                for &m in &legals {
                    let (from, takes, p) = match m {
                        Move::Normal {
                            from,
                            capture,
                            promotion,
                            ..
                        } => (from, capture.is_some(), promotion),
                        Move::EnPassant { from, .. } => (from, true, None),
                        _ => continue,
                    };
                    all.add(from);
                    if file.is_some_and(|f| f != from.file())
                        || rank.is_some_and(|r| r != from.rank())
                        || promotion != p
                        || (capture && !takes)
                        || (role == Role::Pawn && file.is_none() && takes)
                    {
                        continue;
                    }
                    found.get_or_insert(m);
                    froms.add(from);
                }
                match (found, froms.count()) {
                    (Some(m), 1) if role == Role::Pawn || all.count() == 1 => {
                        Ok((m, Disambiguation::default()))
                    }
                    (Some(m), 1) => Ok((m, disambiguation(m, &legals))),
                    // A coordinate move (`g1f3`, as UCI and some sites write moves): the
                    // piece on its first square, whichever it is.
                    (_, 0) | (None, _)
                        if role == Role::Pawn
                            && !capture
                            && let (Some(file), Some(rank)) = (file, rank)
                            && let Some(m) = self.coordinate_move(
                                Square::from_coords(file, rank),
                                to,
                                promotion,
                            ) =>
                    {
                        let legals = self.pos.san_candidates(m.role(), to);
                        Ok((m, disambiguation(m, &legals)))
                    }
                    (_, 0) | (None, _) => Err(Unresolved::Illegal),
                    (Some(_), _) => Err(Unresolved::Ambiguous(role, froms, to)),
                }
            }
            San::Castle(side) => match castling(&self.pos, side) {
                Some(m) => Ok((m, Disambiguation::default())),
                None => Err(Unresolved::NoCastling(side)),
            },
            San::Null | San::Put { .. } => Err(Unresolved::NotAMove),
        }
    }

    /// The error of a SAN that means no legal move, at `t`.
    #[cold]
    fn unresolved(&self, unresolved: Unresolved, san: San, t: &Token, word: &MoveWord) -> Error {
        match unresolved {
            Unresolved::Illegal => {
                let (reason, hint) = match self.game_over() {
                    Some(r) => (r.to_owned(), None),
                    None => self.why_illegal(san, word, self.scan.token_text(t)),
                };
                self.move_error(t, "illegal move", &reason, hint)
            }
            Unresolved::Ambiguous(role, froms, to) => self.ambiguous(t, role, froms, to),
            Unresolved::NoCastling(side) => {
                let reason = self.game_over().map_or_else(
                    || {
                        let s = if side == CastlingSide::KingSide {
                            "kingside"
                        } else {
                            "queenside"
                        };
                        format!("castling {s} is not possible here")
                    },
                    str::to_owned,
                );
                self.move_error(t, "illegal move", &reason, None)
            }
            Unresolved::NotAMove => self.move_error(t, "illegal move", "not a move", None),
        }
    }

    /// The error of a move that more than one piece of its kind (on `froms`) can make.
    #[cold]
    fn ambiguous(&self, t: &Token, role: Role, froms: Bitboard, to: Square) -> Error {
        let squares: Vec<String> = froms.into_iter().map(|s| s.to_string()).collect();
        let all = if squares.len() == 2 { "both" } else { "all" };
        let listed = match squares.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => squares.concat(),
        };
        let reason = format!("the {}s on {listed} can {all} reach {to}", role_name(role));
        let hint = "write the file or rank the piece comes from, e.g. Nbd2 or R1e2";
        self.move_error(t, "ambiguous move", &reason, Some(hint))
    }

    /// The legal move from `from` to `to` of the piece that stands on `from` (a king's two
    /// squares: castling), read as UCI reads it.
    fn coordinate_move(&self, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
        let uci = shakmaty::uci::UciMove::Normal {
            from,
            to,
            promotion,
        };
        uci.to_move(&self.pos).ok()
    }
}

/// The legal move a SAN means when it is found quickly and surely without generating the
/// candidate moves (shakmaty's list of them is a 2 KiB copy at every move): a knight,
/// bishop, rook or queen move that one piece of its kind can legally make, a king move
/// other than castling, a pawn push or capture (not en passant). `None` for anything else,
/// or when the SAN does not fit the position: [`Replay::resolve`] then decides, and explains
/// errors (the reader's `fitting`: its list of candidates). What is found here is the move
/// `resolve` finds, with no disambiguation (one piece of its kind can make it). One quick way
/// for the replay and the reader (`read::games::fitting`, and so a build's check of itself).
pub(crate) fn quick_move(pos: &Chess, san: &San) -> Option<Move> {
    quick_move_knowing(pos, san, false)
}

/// [`quick_move`], told whether the side to move is known not to be in check (`not_in_check`:
/// what the replay learnt playing the move before). Then a piece that does not stand on a
/// line through its king (a rank, a file, a diagonal) cannot uncover a check by moving, and
/// nothing attacks the king before the move: the move is legal without a look at what attacks
/// the king after it (most moves). Unknown, every move is looked at.
fn quick_move_knowing(pos: &Chess, san: &San, not_in_check: bool) -> Option<Move> {
    let San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = *san
    else {
        return None;
    };
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_color(us);
    if ours.contains(to) {
        return None;
    }
    let king = board.king_of(us)?;
    let occupied = board.occupied();
    let takes = board.by_color(!us).contains(to);
    // A move other than the king's is legal when no piece of the other side attacks the
    // king afterwards (the captured piece taken away).
    let safe = Safety {
        board,
        us,
        king,
        to,
        not_in_check,
    };
    let from = match role {
        Role::Knight | Role::Bishop | Role::Rook | Role::Queen => {
            let pieces = reaching(role, to, occupied, board.by_role(role) & ours);
            // (Mostly one piece of the kind reaches the square.)
            let from = match pieces.single_square() {
                Some(from) => safe.of(from).then_some(from)?,
                None => {
                    let mut legal = pieces.into_iter().filter(|&from| safe.of(from));
                    let from = legal.next()?;
                    if legal.next().is_some() {
                        return None;
                    }
                    from
                }
            };
            if promotion.is_some() {
                return None;
            }
            from
        }
        Role::King => {
            let attacked = attacked_at(board, us, to, occupied.without(king));
            if promotion.is_some() || !attacks::king_attacks(king).contains(to) || attacked {
                return None;
            }
            king
        }
        Role::Pawn => {
            let pawns = board.by_role(Role::Pawn) & ours;
            let from = pawn_from(us, file, to, takes, pawns, occupied)?;
            let last = to.rank() == us.relative_rank(shakmaty::Rank::Eighth);
            let promotes = matches!(
                promotion,
                Some(Role::Knight | Role::Bishop | Role::Rook | Role::Queen)
            );
            if last != promotes || !safe.of(from) {
                return None;
            }
            from
        }
    };
    if file.is_some_and(|f| f != from.file())
        || rank.is_some_and(|r| r != from.rank())
        || (capture && !takes)
    {
        return None;
    }
    Some(Move::Normal {
        role,
        from,
        capture: board.role_at(to),
        to,
        promotion: if role == Role::Pawn { promotion } else { None },
    })
}

/// [`Replay::quick_among`] in `pos`, told whether its king is known not to be in check.
fn quick_among(pos: &Chess, san: &San, not_in_check: bool) -> Option<(Move, Disambiguation)> {
    let San::Normal {
        role: role @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen),
        file,
        rank,
        capture,
        to,
        promotion: None,
    } = *san
    else {
        return None;
    };
    let board = pos.board();
    let us = pos.turn();
    let king = board.king_of(us)?;
    let takes = board.by_color(!us).contains(to);
    if board.by_color(us).contains(to) || (capture && !takes) {
        return None;
    }
    let occupied = board.occupied();
    // (Legal as `quick_move` asks it.)
    let safe = Safety {
        board,
        us,
        king,
        to,
        not_in_check,
    };
    let froms: Bitboard = reaching(role, to, occupied, board.by_role(role) & board.by_color(us))
        .into_iter()
        .filter(|&from| safe.of(from))
        .collect();
    if froms.count() < 2 {
        return None;
    }
    let (from, disambiguation) = among(froms, file, rank)?;
    let m = Move::Normal {
        role,
        from,
        capture: board.role_at(to),
        to,
        promotion: None,
    };
    Some((m, disambiguation))
}

/// The squares whence a knight, bishop, rook or queen (`role`) reaches `to` over `occupied`,
/// from shakmaty's attack tables: what [`reaching`] is checked against.
#[inline(always)]
fn reach(role: Role, to: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Knight => attacks::knight_attacks(to),
        Role::Bishop => attacks::bishop_attacks(to, occupied),
        Role::Rook => attacks::rook_attacks(to, occupied),
        _ => attacks::queen_attacks(to, occupied),
    }
}

/// Of `pieces` (knights, bishops, rooks or queens: `role`), those that reach `to` over
/// `occupied`: [`reach`]'s, a slider's from the small tables of lines, not its large attack
/// tables (a look-up there missed the cache often: shakmaty's `queen_attacks` was 2 % of one
/// thread's time for a tenth of a percent of its instructions).
#[inline(always)]
fn reaching(role: Role, to: Square, occupied: Bitboard, pieces: Bitboard) -> Bitboard {
    let found = match role {
        Role::Knight => attacks::knight_attacks(to) & pieces,
        Role::Bishop => along(to, occupied, pieces, &DIAGONAL),
        Role::Rook => along(to, occupied, pieces, &ORTHOGONAL),
        _ => along(to, occupied, pieces, &ORTHOGONAL) | along(to, occupied, pieces, &DIAGONAL),
    };
    debug_assert_eq!(found, reach(role, to, occupied) & pieces);
    found
}

/// Of `pieces`, those on a line of `lines` ([`ORTHOGONAL`] or [`DIAGONAL`]) through `to` with
/// nothing of `occupied` between them and it.
#[inline(always)]
pub(super) fn along(
    to: Square,
    occupied: Bitboard,
    pieces: Bitboard,
    lines: &[u64; 64],
) -> Bitboard {
    let mut found = Bitboard::EMPTY;
    for s in pieces & Bitboard(lines[usize::from(to)]) {
        if (between(s, to, lines) & occupied).is_empty() {
            found.add(s);
        }
    }
    found
}

/// Whether a piece of the other side than `us` attacks `to` over `occupied`: shakmaty's
/// `attacks_to(..).any()` for the king's move and a checked king's escape (`play.rs`
/// `is_mate`), the sliders from the small tables of lines.
#[inline(always)]
pub(super) fn attacked_at(
    board: &shakmaty::Board,
    us: Color,
    to: Square,
    occupied: Bitboard,
) -> bool {
    let attacked = attacked_by(board, us, board.by_color(!us), to, occupied);
    debug_assert_eq!(attacked, board.attacks_to(to, !us, occupied).any());
    attacked
}

/// The castling move to `side` when it is legal (the replay's, and the reader's: `read/`'s
/// castling words): shakmaty's `castling_moves(side)` (the
/// path empty, the king not in check, passing over no attacked square, not landing on one
/// with the rook moved), the attacks from the small tables of lines, whose look-ups stay in
/// the cache where shakmaty's missed it (`gen_castling_moves`: 0.5 % of a build's time for
/// 0.1 % of its instructions).
pub(crate) fn castling(pos: &Chess, side: CastlingSide) -> Option<Move> {
    let us = pos.turn();
    let board = pos.board();
    let castles = pos.castles();
    let (king, rook) = (board.king_of(us)?, castles.rook(us, side)?);
    let occupied = board.occupied();
    let them = board.by_color(!us);
    let king_to = side.king_to(us);
    let legal = (castles.path(us, side) & occupied).is_empty()
        && !attacked_by(
            board,
            us,
            them,
            king_to,
            occupied ^ king ^ rook ^ side.rook_to(us),
        )
        && !attacks::between(king, king_to)
            .with(king)
            .into_iter()
            .any(|sq| attacked_by(board, us, them, sq, occupied ^ king));
    let found = legal.then_some(Move::Castle { king, rook });
    debug_assert_eq!(found, pos.castling_moves(side).first().copied());
    found
}

/// Whether a piece of the side to move other than its king can answer the one check it is in,
/// from `checker`, by taking the checker or standing between: its knights, bishops, rooks and
/// queens that reach a square of the answer (from the small tables of lines), its pawns that
/// take the checker or step onto a square between, each moving with its king safe afterwards
/// ([`Safety::leaves_king_safe`]). `false` says nothing: an answer by taking en passant is not
/// looked for (shakmaty's legal moves then decide). For `play.rs` `is_mate`, where
/// shakmaty's generation of every legal move missed the cache.
#[inline(never)]
pub(super) fn answers_check(pos: &Chess, king: Square, checker: Square) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let occupied = board.occupied();
    let ours = board.by_color(us);
    let lines = match ORTHOGONAL[usize::from(king)] & (1 << u32::from(checker)) != 0 {
        true => &ORTHOGONAL,
        false => &DIAGONAL,
    };
    // (A knight's or a pawn's check has no square between; `between` gives none for squares
    // on no common line.)
    let between = match board.role_at(checker) {
        Some(Role::Bishop | Role::Rook | Role::Queen) => between(checker, king, lines),
        _ => Bitboard::EMPTY,
    };
    let pawns = board.pawns() & ours;
    for t in between.with(checker) {
        let mut from = (attacks::knight_attacks(t) & board.knights() & ours)
            | reaching(Role::Bishop, t, occupied, board.bishops() & ours)
            | reaching(Role::Rook, t, occupied, board.rooks() & ours)
            | reaching(Role::Queen, t, occupied, board.queens() & ours);
        if t == checker {
            from |= attacks::pawn_attacks(!us, t) & pawns;
        } else if let Some(step) = pawn_from(us, None, t, false, pawns, occupied) {
            // (A step onto an empty square between, as `quick_move` finds a pawn's push.)
            from.add(step);
        }
        let safety = Safety {
            board,
            us,
            king,
            to: t,
            not_in_check: false,
        };
        if from.into_iter().any(|s| safety.leaves_king_safe(s)) {
            debug_assert!(!pos.legal_moves().is_empty(), "{pos:?}");
            return true;
        }
    }
    false
}

/// Whether one of `them` (pieces of the other side than `us`) attacks `to` over `occupied`.
#[inline(always)]
fn attacked_by(
    board: &shakmaty::Board,
    us: Color,
    them: Bitboard,
    to: Square,
    occupied: Bitboard,
) -> bool {
    (attacks::knight_attacks(to) & board.knights() & them).any()
        || (attacks::pawn_attacks(us, to) & board.pawns() & them).any()
        || (attacks::king_attacks(to) & board.kings() & them).any()
        || along(to, occupied, board.rooks_and_queens() & them, &ORTHOGONAL).any()
        || along(to, occupied, board.bishops_and_queens() & them, &DIAGONAL).any()
}

/// What [`quick_move_knowing`] asks of a piece's move other than the king's: whether it
/// leaves the king (on `king`) unattacked, told whether the king is known not to be in
/// check.
struct Safety<'a> {
    board: &'a shakmaty::Board,
    us: Color,
    king: Square,
    to: Square,
    not_in_check: bool,
}

impl Safety<'_> {
    /// Whether the piece on `from` moves safely: with the king not in check, at once for a
    /// piece on no line through it (most moves), else by the one line it stands on
    /// ([`Safety::uncovers_nothing`]); with the king in check, by every attack on it afterwards.
    #[inline(always)]
    fn of(&self, from: Square) -> bool {
        let Safety {
            king, not_in_check, ..
        } = *self;
        if not_in_check {
            // (Whether `from` is on a line through the king is worked out, not looked up:
            // the table of lines, 32 KiB, was most of this function's time in cache misses.)
            if !aligned(king, from) {
                debug_assert!(attacks::ray(king, from).is_empty());
                return true;
            }
            let safe = self.uncovers_nothing(from);
            debug_assert_eq!(safe, self.leaves_king_safe(from));
            return safe;
        }
        self.leaves_king_safe(from)
    }

    /// Whether a piece of `us` other than the king, moving from `from` to `to`, leaves its king
    /// (on `king`) unattacked: no piece of the other side attacks it afterwards, the captured
    /// piece taken away.
    #[inline(always)]
    fn leaves_king_safe(&self, from: Square) -> bool {
        let Safety {
            board,
            us,
            king,
            to,
            ..
        } = *self;
        let after = board.occupied().without(from).with(to);
        // (The captured piece taken away; from the small tables of lines.)
        let safe = !attacked_by(board, us, board.by_color(!us).without(to), king, after);
        debug_assert_eq!(
            safe,
            (board.attacks_to(king, !us, after) & !Bitboard::from_square(to)).is_empty()
        );
        safe
    }

    /// [`Safety::leaves_king_safe`] when the king is not in check and `from` stands on a rank,
    /// file or diagonal through it: then only a rook or queen (on a rank or file), a bishop or queen (on
    /// a diagonal) of the other side on that line can attack the king afterwards (no other
    /// piece's attack changes when one square empties and another fills). Mostly none stands
    /// there; one that does attacks the king when nothing stands between them afterwards. (From
    /// the small tables of lines, not the sliders' large attack tables: a look-up there missed
    /// the cache often.)
    #[inline(always)]
    fn uncovers_nothing(&self, from: Square) -> bool {
        let Safety {
            board,
            us,
            king,
            to,
            ..
        } = *self;
        let (lines, sliders) = match ORTHOGONAL[usize::from(king)] & (1 << u32::from(from)) != 0 {
            true => (&ORTHOGONAL, board.rooks_and_queens()),
            false => (&DIAGONAL, board.bishops_and_queens()),
        };
        // (The line through the king and `from`, but for those two.)
        let line = Bitboard(lines[usize::from(king)] & lines[usize::from(from)]);
        let attackers = line & sliders & board.by_color(!us).without(to);
        if attackers.is_empty() {
            return true;
        }
        // (Safe when none of them reaches the king over the board afterwards.)
        let after = board.occupied().without(from).with(to);
        along(king, after, attackers, lines).is_empty()
    }
}

/// Whether two squares share a rank, a file or a diagonal (what [`attacks::ray`] gives a line
/// for), from [`ORTHOGONAL`] and [`DIAGONAL`].
#[inline(always)]
fn aligned(a: Square, b: Square) -> bool {
    (ORTHOGONAL[usize::from(a)] | DIAGONAL[usize::from(a)]) & (1 << u32::from(b)) != 0
}

/// For each square, the squares that share a rank or a file with it (not itself), as the bits
/// of a bitboard: 512 bytes made at compile time, which stay in the cache where the table of
/// lines (32 KiB) and the sliders' attack tables did not.
pub(super) static ORTHOGONAL: [u64; 64] = lines(false);

/// For each square, the squares that share a diagonal with it (not itself), as
/// [`ORTHOGONAL`].
pub(super) static DIAGONAL: [u64; 64] = lines(true);

/// [`ORTHOGONAL`] or [`DIAGONAL`].
const fn lines(diagonal: bool) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut a = 0;
    while a < 64 {
        let (af, ar) = ((a % 8) as i32, (a / 8) as i32);
        let mut b = 0;
        while b < 64 {
            let (bf, br) = ((b % 8) as i32, (b / 8) as i32);
            let on = match diagonal {
                true => af - ar == bf - br || af + ar == bf + br,
                false => af == bf || ar == br,
            };
            if a != b && on {
                table[a] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    table
}

/// The squares strictly between `a` and `b`, two squares on one line of the kind `lines` gives
/// ([`ORTHOGONAL`] or [`DIAGONAL`]): the squares on a line with both (the line through them,
/// as no two other lines of a kind meet) whose index lies between theirs.
#[inline(always)]
fn between(a: Square, b: Square, lines: &[u64; 64]) -> Bitboard {
    let (lo, hi) = (
        u32::from(a).min(u32::from(b)),
        u32::from(a).max(u32::from(b)),
    );
    let inside = ((1u64 << hi) - 1) & !((2u64 << lo) - 1);
    Bitboard(lines[usize::from(a)] & lines[usize::from(b)] & inside)
}

/// Of the squares `froms` (two or more) whence pieces of one kind can legally move to one
/// square, the one the SAN's file and rank name, and the disambiguation shakmaty's
/// `San::disambiguate` gives its move (the file when no other piece shares it or when
/// another shares the rank too; the rank when another shares the file): what
/// [`Replay::resolve`] gives from the legal moves. `None` when the SAN names none of them or
/// more than one (`resolve` then says which).
fn among(
    froms: Bitboard,
    file: Option<shakmaty::File>,
    rank: Option<shakmaty::Rank>,
) -> Option<(Square, Disambiguation)> {
    let mut named = froms;
    if let Some(f) = file {
        named &= Bitboard::from_file(f);
    }
    if let Some(r) = rank {
        named &= Bitboard::from_rank(r);
    }
    let from = named.single_square()?;
    let others = froms.without(from);
    let same_file = (others & Bitboard::from_file(from.file())).any();
    let same_rank = (others & Bitboard::from_rank(from.rank())).any();
    let disambiguation = Disambiguation {
        file: !same_file || same_rank,
        rank: same_file,
    };
    Some((from, disambiguation))
}

/// The square a pawn of `us` (`pawns`) moving to `to` comes from: a push (one square, or two
/// from its first rank), or a capture from the next file `file` (`takes`: a piece stands on
/// `to`); `None` when no pawn can. (Out of [`quick_move`] for its length; always inlined.)
#[inline(always)]
fn pawn_from(
    us: Color,
    file: Option<shakmaty::File>,
    to: Square,
    takes: bool,
    pawns: Bitboard,
    occupied: Bitboard,
) -> Option<Square> {
    let back = if us == Color::White { -8 } else { 8 };
    match file {
        None if !takes => {
            let one = to.offset(back)?;
            match pawns.contains(one) {
                true => Some(one),
                false => double_push(us, one, to, back, pawns, occupied),
            }
        }
        Some(f) if takes && f.distance(to.file()) == 1 => {
            let from = Square::from_coords(f, to.rank()).offset(back)?;
            pawns.contains(from).then_some(from)
        }
        _ => None,
    }
}

/// The square a pawn pushed two squares to `to` comes from, over the empty square `one`, from
/// its first rank; `None` when no pawn can (in [`quick_move`]: the rarer push, apart). Always
/// inlined, so that `quick_move` is the code it was: with `#[inline]` alone it stayed a call.
#[inline(always)]
fn double_push(
    us: Color,
    one: Square,
    to: Square,
    back: i32,
    pawns: Bitboard,
    occupied: Bitboard,
) -> Option<Square> {
    let two = one.offset(back)?;
    let fourth = us.relative_rank(shakmaty::Rank::Fourth);
    if occupied.contains(one) || to.rank() != fourth || !pawns.contains(two) {
        return None;
    }
    Some(two)
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Position;

    /// Plays `games` games of at most `plies` moves from `start`, drawn at random from
    /// `seed`: `visit` sees each position that has a legal move, with its legal moves, the
    /// ply and the draw, and may name the move to play (else one is drawn).
    fn random_games(
        start: &Chess,
        seed: u64,
        (games, plies): (usize, usize),
        mut visit: impl FnMut(&Chess, &MoveList, usize, &mut dyn FnMut(usize) -> usize) -> Option<Move>,
    ) {
        let mut next = crate::numbers_from(seed);
        for _ in 0..games {
            let mut pos = start.clone();
            for ply in 0..plies {
                let legals = pos.legal_moves();
                if legals.is_empty() {
                    break;
                }
                let m = visit(&pos, &legals, ply, &mut next);
                pos.play_unchecked(m.unwrap_or_else(|| legals[next(legals.len())]));
            }
        }
    }

    /// `between` gives, for every two squares on a rank, file or diagonal, the squares
    /// shakmaty's `between` gives.
    #[test]
    fn between_is_the_squares_between_on_the_line() {
        for a in Square::ALL {
            for b in Square::ALL {
                let lines = match (ORTHOGONAL[usize::from(a)] >> u32::from(b)) & 1 == 1 {
                    true => &ORTHOGONAL,
                    false if aligned(a, b) => &DIAGONAL,
                    false => continue,
                };
                assert_eq!(between(a, b, lines), attacks::between(a, b), "{a} {b}");
            }
        }
    }

    /// `aligned` says of every pair of squares what shakmaty's table of lines says: a line
    /// through both, or none (a square and itself: none).
    #[test]
    fn aligned_squares_are_those_a_line_runs_through() {
        let mut lines = 0;
        for a in Square::ALL {
            for b in Square::ALL {
                let line = a != b && attacks::ray(a, b).any();
                assert_eq!(aligned(a, b), line, "{a} {b}");
                lines += usize::from(line);
            }
        }
        // (Each square sees 14 on its rank and file, 7 to 13 on its diagonals.)
        assert_eq!(lines, 64 * 14 + 560, "{lines}");
    }

    /// In positions of games played at random, on every square and for either side,
    /// `reaching` finds the knights, bishops, rooks and queens that shakmaty's attack tables
    /// find, and `attacked_at` says what shakmaty's `attacks_to` says, with the side's king on
    /// the board and taken off it (as a king's move asks).
    #[test]
    fn pieces_found_from_the_small_tables_are_those_shakmaty_finds() {
        let mut attacked = [0usize; 2];
        random_games(&Chess::default(), 0x5111, (30, 120), |pos, _, _, _| {
            let board = pos.board();
            let occupied = board.occupied();
            for to in Square::ALL {
                for us in [Color::White, Color::Black] {
                    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
                        let pieces = board.by_role(role) & board.by_color(us);
                        assert_eq!(
                            reaching(role, to, occupied, pieces),
                            reach(role, to, occupied) & pieces,
                            "{role:?} to {to} in {pos:?}"
                        );
                    }
                    let without_king = board.king_of(us).map_or(occupied, |k| occupied.without(k));
                    for occupied in [occupied, without_king] {
                        let want = board.attacks_to(to, !us, occupied).any();
                        assert_eq!(
                            attacked_at(board, us, to, occupied),
                            want,
                            "{to} in {pos:?}"
                        );
                        attacked[usize::from(want)] += 1;
                    }
                }
            }
            None
        });
        assert!(attacked[0] > 1000 && attacked[1] > 1000, "{attacked:?}");
    }

    /// In positions of games played at random, checks sought out (a checking move played
    /// when there is one, every other move), a check answered by another piece than the king
    /// is found only where shakmaty has a legal move, and found for a check that is no mate and
    /// has no escape of the king (but for taking en passant) in most such positions.
    #[test]
    fn a_check_answered_by_another_piece_is_found_where_shakmaty_finds_a_move() {
        let (mut answered, mut mates, mut unanswered) = (0usize, 0usize, 0usize);
        random_games(
            &Chess::default(),
            0xc4ec,
            (400, 160),
            |pos, legals, ply, next| {
                let checkers = pos.checkers();
                if let (Some(king), Some(checker)) =
                    (pos.board().king_of(pos.turn()), checkers.single_square())
                {
                    let found = answers_check(pos, king, checker);
                    let others = legals.iter().any(|m| m.role() != Role::King);
                    assert!(!found || others, "{pos:?}");
                    // (A move of another piece, not taking en passant: it must be found.)
                    let ep = legals.iter().any(|m| m.is_en_passant());
                    let must = others && !ep;
                    match (found, must) {
                        (true, _) => answered += 1,
                        (false, true) => unanswered += 1,
                        (false, false) => mates += 1,
                    }
                    assert!(found || !must, "{pos:?}: an answer not found");
                }
                let checking: Vec<_> = legals
                    .iter()
                    .filter(|m| {
                        let mut after = pos.clone();
                        after.play_unchecked(**m);
                        after.is_check()
                    })
                    .collect();
                (ply % 2 == 0 && !checking.is_empty()).then(|| *checking[next(checking.len())])
            },
        );
        assert!(
            answered > 500 && mates + unanswered > 50,
            "{answered} {mates} {unanswered}"
        );
    }

    /// In positions of games played at random from the standard start and from starts of
    /// Chess960, castling to either side is found from the small tables exactly when shakmaty
    /// finds it.
    #[test]
    fn castling_found_from_the_small_tables_is_what_shakmaty_finds() {
        let mut found = [0usize; 2];
        let starts = [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                false,
            ),
            (
                "nrkbbrqn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBRQN w FBfb - 0 1",
                true,
            ),
            (
                "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1",
                true,
            ),
            (
                "bbqrknrn/pppppppp/8/8/8/8/PPPPPPPP/BBQRKNRN w GDgd - 0 1",
                true,
            ),
        ];
        for (fen, chess960) in starts {
            let mode = match chess960 {
                true => shakmaty::CastlingMode::Chess960,
                false => shakmaty::CastlingMode::Standard,
            };
            let start: Chess = fen
                .parse::<shakmaty::fen::Fen>()
                .expect("a FEN")
                .into_position(mode)
                .expect("a position");
            random_games(&start, 0xca57, (60, 60), |pos, _, _, _| {
                for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                    let want = pos.castling_moves(side).first().copied();
                    assert_eq!(castling(pos, side), want, "{side:?} in {pos:?}");
                    found[usize::from(want.is_some())] += 1;
                }
                None
            });
        }
        assert!(found[0] > 1000 && found[1] > 100, "{found:?}");
    }

    /// In positions of games played at random, every knight's, bishop's, rook's and queen's
    /// move that two pieces of its kind or more can make is found by `quick_among` from its
    /// SAN as shakmaty writes it (the least disambiguation), from its SAN with both file and
    /// rank, and from its SAN with none when that names it; with the disambiguation
    /// shakmaty's SAN has. A SAN that names two pieces, or a move one piece alone can make,
    /// is left to `resolve`.
    #[test]
    fn a_move_two_pieces_can_make_is_found_with_its_disambiguation() {
        let (mut among_two, mut left) = (0, 0);
        let mut check = |pos: &Chess| {
            let legals = pos.legal_moves();
            for &m in &legals {
                let Move::Normal { role, from, to, .. } = m else {
                    continue;
                };
                if !matches!(role, Role::Knight | Role::Bishop | Role::Rook | Role::Queen) {
                    continue;
                }
                let kind = legals
                    .iter()
                    .filter(|o| o.role() == role && o.to() == to)
                    .count();
                let San::Normal {
                    file,
                    rank,
                    capture,
                    ..
                } = San::from_move(pos, m)
                else {
                    panic!("{m:?}");
                };
                let written = Disambiguation {
                    file: file.is_some(),
                    rank: rank.is_some(),
                };
                let san = |file, rank| San::Normal {
                    role,
                    file,
                    rank,
                    capture,
                    to,
                    promotion: None,
                };
                let least = quick_among(pos, &san(file, rank), pos.checkers().is_empty());
                let full = quick_among(
                    pos,
                    &san(Some(from.file()), Some(from.rank())),
                    pos.checkers().is_empty(),
                );
                let bare = quick_among(pos, &san(None, None), pos.checkers().is_empty());
                match kind {
                    1 => assert_eq!((least, full, bare), (None, None, None), "{m:?}"),
                    _ => {
                        assert_eq!(least, Some((m, written)), "{m:?} in {pos:?}");
                        assert_eq!(full, Some((m, written)), "{m:?} in {pos:?}");
                        // With no square named, two pieces can make it: none is taken.
                        assert_eq!(bare, None, "{m:?} in {pos:?}");
                        among_two += 1;
                    }
                }
                left += usize::from(kind == 1);
            }
        };
        // Three queens to d1, a knight pinned beside its twin, two rooks on a file.
        for fen in [
            "8/8/7k/8/Q2Q4/8/8/Q6K w - - 0 1",
            "4r2k/8/8/8/8/2N5/4N3/4K3 w - - 0 1",
            "7k/8/3R4/8/8/3R4/8/K7 w - - 0 1",
        ] {
            let setup: shakmaty::fen::Fen = fen.parse().unwrap();
            let pos: Chess = setup
                .into_position(shakmaty::CastlingMode::Standard)
                .unwrap();
            check(&pos);
        }
        random_games(&Chess::default(), 0x0dd5, (300, 120), |pos, _, _, _| {
            check(pos);
            None
        });
        assert!(among_two > 1_000 && left > 10_000, "{among_two} {left}");
    }
}
