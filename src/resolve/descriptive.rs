//! Descriptive moves (`K. B. takes Red's K. B.`) resolved against a position.
//!
//! Each player's squares are named from his own side: his files after the
//! men that stood on his back row, his ranks from his own edge. The systems
//! are derived from the variant's setup (the king and queen fix the back
//! row), so they hold for every seat of every variant that has both.

use super::{Identities, ResolveError, pick};
use crate::board::{Bits, Dir, Square};
use crate::engine::{Move, MoveKind, Position};
use crate::men::Kind;
use crate::notation::descriptive::{
    Action, DescMove, DescSquare, FileName, Man as Named, PieceName, PlayerRef, Side,
};
use crate::notation::read_position;
use crate::variant::Variant;

/// One player's descriptive system: his back row by file name, and forward.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct System {
    back: [Square; 8],
    forward: Dir,
}

fn file_index(f: FileName) -> usize {
    match f {
        FileName::QueensRook => 0,
        FileName::QueensKnight => 1,
        FileName::QueensBishop => 2,
        FileName::Queen => 3,
        FileName::King => 4,
        FileName::KingsBishop => 5,
        FileName::KingsKnight => 6,
        FileName::KingsRook => 7,
    }
}

/// The man a descriptive piece name names.
pub(crate) fn kind_of(p: PieceName) -> Kind {
    match p {
        PieceName::King => Kind::King,
        PieceName::Queen => Kind::Queen,
        PieceName::Rook => Kind::Rook,
        PieceName::Bishop => Kind::Bishop,
        PieceName::Knight => Kind::Knight,
        PieceName::Pawn => Kind::Pawn,
    }
}

/// The back-row file a side-named piece started on (`K. B.` → K.B. file).
fn home_file(piece: PieceName, side: Side) -> Option<FileName> {
    Some(match (piece, side) {
        (PieceName::Rook, Side::Queen) => FileName::QueensRook,
        (PieceName::Knight, Side::Queen) => FileName::QueensKnight,
        (PieceName::Bishop, Side::Queen) => FileName::QueensBishop,
        (PieceName::Rook, Side::King) => FileName::KingsRook,
        (PieceName::Knight, Side::King) => FileName::KingsKnight,
        (PieceName::Bishop, Side::King) => FileName::KingsBishop,
        _ => return None,
    })
}

impl System {
    /// The systems of every seat, from the variant's setup.
    pub fn all<B: Bits>(variant: &'static Variant) -> Vec<Option<System>> {
        let Ok(setup) = read_position::<B>(variant, variant.start) else {
            return vec![None; variant.players()];
        };
        let shape = variant.shape;
        (0..variant.players())
            .map(|seat| {
                let men = setup.men_of(seat);
                let king = (setup.pieces(Kind::King) & men).squares().next()?;
                let queen = (setup.pieces(Kind::Queen) & men).squares().next()?;
                let unit = Dir::ALL
                    .into_iter()
                    .find(|&d| shape.step(queen, d) == Some(king))?;
                let (qx, qy) = shape.coords(queen);
                let (dx, dy) = unit.delta();
                let mut back = [0; 8];
                for (i, sq) in back.iter_mut().enumerate() {
                    let k = i as i32 - 3;
                    *sq = shape.offset(qx, qy, dx * k, dy * k)?;
                }
                Some(System {
                    back,
                    forward: variant.seats[seat].forward,
                })
            })
            .collect()
    }

    /// The square `file rank` of this system, if the board has it.
    pub fn square(&self, variant: &Variant, file: FileName, rank: u8) -> Option<Square> {
        let shape = variant.shape;
        let start = self.back[file_index(file)];
        let (x, y) = shape.coords(start);
        let (dx, dy) = self.forward.delta();
        let k = i32::from(rank) - 1;
        if k < 0 {
            return None;
        }
        shape.offset(x, y, dx * k, dy * k)
    }

    /// Whether `sq` lies on the named file of this system.
    pub fn on_file(&self, variant: &Variant, file: FileName, sq: Square) -> bool {
        (1..=variant.shape.width.max(variant.shape.height) as u8)
            .any(|rank| self.square(variant, file, rank) == Some(sq))
    }

    /// The start square of a side-named piece.
    pub fn home(&self, piece: PieceName, side: Side) -> Option<Square> {
        home_file(piece, side).map(|f| self.back[file_index(f)])
    }
}

/// What the resolver needs besides the position and the legal moves.
pub struct Context<'a> {
    /// Each seat's descriptive system, by seat; `None` for a seat whose setup has
    /// no king next to a queen to name the files from.
    pub systems: &'a [Option<System>],
    /// The start square of each man on the board, so that `K. B.` finds the man
    /// that started on the king's bishop's square wherever he stands now.
    pub ids: &'a Identities,
}

/// The seat a player reference names (`Red`, `Red.`, `r`).
pub(crate) fn seat_of(variant: &Variant, player: &PlayerRef) -> Result<usize, ResolveError> {
    let found = match player {
        PlayerRef::Name(name) => variant.seat_named(name.trim_end_matches('.')),
        PlayerRef::Initial(c) => variant.seats.iter().position(|s| s.letter == *c),
    };
    found.ok_or_else(|| {
        let named = match player {
            PlayerRef::Name(n) => n.clone(),
            PlayerRef::Initial(c) => c.to_string(),
        };
        ResolveError::Invalid(format!("`{named}` is not a player of {}", variant.id))
    })
}

/// The descriptive system (squares named from that seat's side) of `seat`.
pub(crate) fn system_of(ctx: &Context, seat: usize) -> Result<System, ResolveError> {
    ctx.systems.get(seat).copied().flatten().ok_or_else(|| {
        ResolveError::Invalid(
            "this seat has no descriptive system (no king and queen in the setup)".into(),
        )
    })
}

/// Whether the man on `sq` (owned by `seat`) is the one `named` designates.
fn designates<B: Bits>(
    pos: &Position<B>,
    ctx: &Context,
    seat: usize,
    named: &Named,
    system: &System,
    sq: Square,
) -> bool {
    let variant = pos.variant();
    let Some(man) = pos.man_at(sq) else {
        return false;
    };
    if man.owner != seat || man.kind != kind_of(named.piece) {
        return false;
    }
    if let Some(file) = named.pawn_file {
        return system.on_file(variant, file, sq);
    }
    if let Some(home) = named.side.and_then(|side| system.home(named.piece, side)) {
        // The man that started there, while it is on the board as that kind;
        // otherwise any man of that kind.
        let tracked = ctx.ids.find(home).filter(|&now| {
            pos.man_at(now)
                .is_some_and(|m| m.owner == seat && m.kind == man.kind)
        });
        return tracked.is_none_or(|now| now == sq);
    }
    true
}

/// The square and man a move captures, if any.
pub(super) fn captured<B: Bits>(pos: &Position<B>, mv: Move) -> Option<Square> {
    match mv.kind {
        MoveKind::EnPassant => (0..pos.seats())
            .filter_map(|s| pos.ep_chance(s))
            .find(|c| c.target == mv.to)
            .map(|c| c.victim as usize),
        MoveKind::Pass | MoveKind::Castle(_) => None,
        _ => pos.man_at(mv.to as usize).map(|_| mv.to as usize),
    }
}

fn target(
    pos_variant: &Variant,
    ctx: &Context,
    mover: usize,
    sq: &DescSquare,
) -> Result<Square, ResolveError> {
    let seat = match &sq.player {
        Some(p) => seat_of(pos_variant, p)?,
        None => mover,
    };
    system_of(ctx, seat)?
        .square(pos_variant, sq.file, sq.rank)
        .ok_or_else(|| {
            ResolveError::Invalid(format!("rank {} of that file is not on the board", sq.rank))
        })
}

/// Resolves a descriptive move of `mover` among the `legal` moves.
pub fn resolve<B: Bits>(
    pos: &Position<B>,
    ctx: &Context,
    legal: &[Move],
    mover: usize,
    m: &DescMove,
) -> Result<Move, ResolveError> {
    let variant = pos.variant();
    if let Some(p) = &m.man.player {
        let named = seat_of(variant, p)?;
        if named != mover {
            return Err(ResolveError::Invalid(format!(
                "it names {}'s man but it is {}'s turn",
                variant.seats[named].name, variant.seats[mover].name
            )));
        }
    }
    let system = system_of(ctx, mover)?;
    let moving =
        |mv: Move| !mv.is_pass() && designates(pos, ctx, mover, &m.man, &system, mv.from as usize);
    let fits: Box<dyn Fn(Move) -> bool> = match &m.action {
        Action::To(sq) => {
            let to = target(variant, ctx, mover, sq)?;
            Box::new(move |mv: Move| moving(mv) && mv.to as usize == to)
        }
        Action::TakesOn(sq) => {
            let to = target(variant, ctx, mover, sq)?;
            Box::new(move |mv: Move| {
                moving(mv) && mv.to as usize == to && captured(pos, mv).is_some()
            })
        }
        Action::Takes(victim) => {
            let owner = victim
                .player
                .as_ref()
                .map(|p| seat_of(variant, p))
                .transpose()?;
            let victim_system = match owner {
                Some(s) => system_of(ctx, s)?,
                None => system,
            };
            let victim = victim.clone();
            Box::new(move |mv: Move| {
                moving(mv)
                    && captured(pos, mv).is_some_and(|sq| {
                        let Some(man) = pos.man_at(sq) else {
                            return false;
                        };
                        owner.is_none_or(|o| o == man.owner)
                            && designates(pos, ctx, man.owner, &victim, &victim_system, sq)
                    })
            })
        }
    };
    let what = || format!("{}'s {}", variant.seats[mover].name, describe(&m.man));
    pick(pos, legal, fits, moving, what)
}

/// A designator in words, for messages.
pub fn describe(man: &Named) -> String {
    crate::notation::descriptive::write_man(man)
}

/// The descriptive name of `sq`: in the mover's system if it has one, else
/// in the first other player's system that names it (written with his name).
fn square_name(
    variant: &Variant,
    systems: &[Option<System>],
    mover: usize,
    sq: Square,
) -> Option<DescSquare> {
    let order = std::iter::once(mover).chain((0..variant.players()).filter(|&s| s != mover));
    let longest = variant.shape.width.max(variant.shape.height) as u8;
    for seat in order {
        let Some(system) = systems.get(seat).copied().flatten() else {
            continue;
        };
        for file in FileName::ALL {
            for rank in 1..=longest {
                if system.square(variant, file, rank) == Some(sq) {
                    let player = (seat != mover)
                        .then(|| PlayerRef::Name(variant.seats[seat].name.to_string()));
                    return Some(DescSquare { player, file, rank });
                }
            }
        }
    }
    None
}

/// The descriptive name of a kind of man (the squirk has none).
pub(super) fn piece_name(kind: Kind) -> Option<PieceName> {
    Some(match kind {
        Kind::King => PieceName::King,
        Kind::Queen => PieceName::Queen,
        Kind::Rook => PieceName::Rook,
        Kind::Bishop => PieceName::Bishop,
        Kind::Knight => PieceName::Knight,
        Kind::Pawn => PieceName::Pawn,
        Kind::Squirk => return None,
    })
}

/// How the man on `sq` is designated: `K. B.` when it is the piece that
/// started on that square, a pawn by its file, otherwise by its kind.
fn designator<B: Bits>(
    pos: &Position<B>,
    ctx: &Context,
    sq: Square,
    with_file: bool,
) -> Option<Named> {
    let variant = pos.variant();
    let man = pos.man_at(sq)?;
    let system = ctx.systems.get(man.owner).copied().flatten()?;
    let piece = piece_name(man.kind)?;
    let origin = ctx.ids.origin(sq);
    let side = [Side::King, Side::Queen]
        .into_iter()
        .find(|&side| origin.is_some() && system.home(piece, side) == origin);
    let pawn_file = if piece == PieceName::Pawn && with_file {
        FileName::ALL
            .into_iter()
            .find(|&f| system.on_file(variant, f, sq))
    } else {
        None
    };
    Some(Named {
        player: None,
        piece,
        side,
        pawn_file,
    })
}

/// Writes `mv` of the player to move in descriptive notation, checked to
/// resolve back to the same move; an error names what the notation cannot say.
pub fn write<B: Bits>(
    pos: &Position<B>,
    ctx: &Context,
    legal: &[Move],
    mv: Move,
    check: bool,
) -> Result<String, String> {
    let variant = pos.variant();
    let mover = pos.turn();
    let long = crate::notation::long::write(pos, mv);
    match mv.kind {
        MoveKind::Pass => return Ok("--".into()),
        MoveKind::Castle(_) => return Err(format!("{long}: castling has no descriptive form")),
        _ => {}
    }
    let victim = captured(pos, mv);
    if ctx.systems.get(mover).copied().flatten().is_none() {
        // Files are named after the men of a back row with a king beside
        // his queen: a seat set up otherwise has no names for them.
        return Err(format!(
            "{long}: {} has no descriptive system in {}: his setup has no king beside a queen, after whose back row descriptive notation names the files",
            variant.seat_name(mover),
            variant.id
        ));
    }
    let mut attempts = Vec::new();
    for with_file in [true, false] {
        let Some(man) = designator(pos, ctx, mv.from as usize, with_file) else {
            return Err(format!("{long}: this man has no descriptive name"));
        };
        let to = square_name(variant, ctx.systems, mover, mv.to as usize);
        if let Some(sq) = victim {
            if let Some(mut named) = designator(pos, ctx, sq, true) {
                let owner = pos.man_at(sq).map(|m| m.owner).unwrap_or(mover);
                named.player = Some(PlayerRef::Name(variant.seats[owner].name.to_string()));
                attempts.push(DescMove {
                    man: man.clone(),
                    action: Action::Takes(named),
                    check,
                    mate: false,
                });
            }
            if let Some(sq) = to.clone() {
                attempts.push(DescMove {
                    man: man.clone(),
                    action: Action::TakesOn(sq),
                    check,
                    mate: false,
                });
            }
        } else if let Some(sq) = to {
            attempts.push(DescMove {
                man,
                action: Action::To(sq),
                check,
                mate: false,
            });
        }
    }
    attempts
        .into_iter()
        .find(|m| resolve(pos, ctx, legal, mover, m) == Ok(mv))
        .map(|m| crate::notation::descriptive::write_move(&m))
        .ok_or_else(|| {
            let what = if mv.promotion().is_some() {
                "the promotion piece"
            } else {
                "this move unambiguously"
            };
            format!("{long}: descriptive notation cannot name {what}")
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::U256;
    use crate::engine::MoveList;
    use crate::men::Man;
    use crate::notation::descriptive::{Cell, parse_cell};
    use crate::variant;

    fn resolve_text(pos: &Position<U256>, text: &str) -> Result<String, ResolveError> {
        let v = pos.variant();
        let systems = System::all::<U256>(v);
        let ids = Identities::new(pos);
        let ctx = Context {
            systems: &systems,
            ids: &ids,
        };
        let mut list = MoveList::new();
        pos.turn_moves(&mut list);
        let Ok(Cell::Move(m)) = parse_cell(text) else {
            panic!("{text} parses as a move");
        };
        resolve(pos, &ctx, list.as_slice(), pos.turn(), &m)
            .map(|mv| crate::notation::long::write(pos, mv))
    }

    fn verney_with(men: &[(&str, Kind, usize)]) -> Position<U256> {
        let v = variant::by_id("verney").expect("verney");
        let mut pos = Position::<U256>::empty(v).expect("verney fits");
        for (sq, kind, seat) in men {
            let sq = v.shape.parse_square(sq).expect("square");
            pos.put(sq, Man::new(*kind, *seat, v.seats[*seat].forward));
        }
        pos
    }

    #[test]
    fn systems_name_each_players_squares_from_his_side() {
        let v = variant::by_id("verney").expect("verney");
        let systems = System::all::<U256>(v);
        let name = |seat: usize, file, rank| {
            systems[seat]
                .and_then(|s| s.square(v, file, rank))
                .map(|sq| v.shape.name(sq))
        };
        assert_eq!(name(0, FileName::King, 3).as_deref(), Some("h3"));
        assert_eq!(name(1, FileName::King, 3).as_deref(), Some("c8"));
        assert_eq!(name(2, FileName::King, 3).as_deref(), Some("g12"));
        assert_eq!(name(3, FileName::King, 3).as_deref(), Some("l7"));
        assert_eq!(name(0, FileName::KingsBishop, 1).as_deref(), Some("i1"));
        assert_eq!(name(1, FileName::QueensBishop, 1).as_deref(), Some("a6"));
        assert_eq!(name(0, FileName::King, 15), None);
    }

    #[test]
    fn two_men_fitting_one_description_is_ambiguous() {
        // Yellow's knights on e1 and g5 both reach f3 (Yellow's Q. B. 3).
        let pos = verney_with(&[
            ("h1", Kind::King, 0),
            ("a8", Kind::King, 1),
            ("g14", Kind::King, 2),
            ("n7", Kind::King, 3),
            ("e1", Kind::Knight, 0),
            ("g5", Kind::Knight, 0),
        ]);
        match resolve_text(&pos, "Kt. to Q. B. 3.") {
            Err(ResolveError::Ambiguous { candidates }) => {
                assert_eq!(candidates, ["Ne1-f3", "Ng5-f3"]);
            }
            other => panic!("expected ambiguity, got {other:?}"),
        }
        // Naming the queen's knight (it started on e1) settles it.
        assert_eq!(
            resolve_text(&pos, "Q. Kt. to Q. B. 3.").as_deref(),
            Ok("Ne1-f3")
        );
    }

    #[test]
    fn player_prefixed_squares_use_that_players_system() {
        let pos = verney_with(&[
            ("h1", Kind::King, 0),
            ("a8", Kind::King, 1),
            ("g14", Kind::King, 2),
            ("n7", Kind::King, 3),
            ("h5", Kind::Rook, 0),
        ]);
        // Red's K. 3 is c8 (Red counts from the West edge).
        assert_eq!(
            resolve_text(&pos, "C. to Red's K. B. 8.").as_deref(),
            Ok("Rh5-h9")
        );
        // White's Q. 5 is h10 (White counts from the North edge).
        assert_eq!(resolve_text(&pos, "C. to wQ5").as_deref(), Ok("Rh5-h10"));
    }
}
