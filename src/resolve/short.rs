//! Printed descriptive moves ([`ShortMove`]: `Kt-B3`, `BxKtP`, `Castles`)
//! matched against the legal moves of a position.
//!
//! A printed move may fit several legal moves (`Kt-B3` where both knights
//! can reach a bishop's third, `QxP` where two pawns hang): [`candidates`]
//! returns every one, and the replay looks ahead to choose.
//!
//! Men named with a side (`QKt`, `KR`) are the men that started on that
//! square, followed through the game; when no legal move fits so named, the
//! side is read as the half of the board the man stands on, as some books
//! used it (`KR` for whichever rook stands on the king's side).

use super::ResolveError;
use super::descriptive::{Context, System, kind_of, seat_of, system_of};
use crate::board::{Bits, Square};
use crate::engine::{Move, MoveKind, Position};
use crate::notation::descriptive::{FileName, PieceName, Side};
use crate::notation::descriptive_short::{ShortAction, ShortMan, ShortMove, ShortSquare};
use crate::variant::Variant;

/// The file number (0 = queen's rook's … 7 = king's rook's) and rank of
/// `sq` in `system`, if the system names it.
pub fn locate(variant: &Variant, system: &System, sq: Square) -> Option<(usize, u8)> {
    let longest = variant.shape.width.max(variant.shape.height) as u8;
    FileName::ALL.iter().enumerate().find_map(|(f, &file)| {
        (1..=longest)
            .find(|&rank| system.square(variant, file, rank) == Some(sq))
            .map(|rank| (f, rank))
    })
}

/// How strictly a side-named man (`QKt`) is read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sides {
    /// The man that started on that side.
    Origin,
    /// The man now standing on that side of the board.
    Standing,
}

/// Whether the man on `sq` is the one `named` designates: his side counted
/// in his owner's system, a pawn's file in `file_system` (the system of the
/// player named in front of him, else the mover's, as Verney counts).
fn names<B: Bits>(
    pos: &Position<B>,
    ctx: &Context,
    named: &ShortMan,
    owner_system: &System,
    file_system: &System,
    sq: Square,
    sides: Sides,
) -> bool {
    let variant = pos.variant();
    let Some(man) = pos.man_at(sq) else {
        return false;
    };
    if man.kind != kind_of(named.piece) {
        return false;
    }
    if let Some(file) = named.file {
        return locate(variant, file_system, sq).is_some_and(|(f, _)| file.fits(f));
    }
    let Some(side) = named.side else {
        return true;
    };
    match sides {
        Sides::Origin => {
            let Some(home) = owner_system.home(named.piece, side) else {
                return true;
            };
            // The man that started there while he is on the board as that
            // kind; when he is gone (or the game began from a set position),
            // the man standing on that side.
            let tracked = ctx.ids.find(home).filter(|&now| {
                pos.man_at(now)
                    .is_some_and(|m| m.owner == man.owner && m.kind == man.kind)
            });
            match tracked {
                Some(now) => now == sq,
                None => standing_on(variant, owner_system, side, sq),
            }
        }
        Sides::Standing => standing_on(variant, owner_system, side, sq),
    }
}

/// Whether `sq` is on `side` of the board in `system`.
fn standing_on(variant: &Variant, system: &System, side: Side, sq: Square) -> bool {
    locate(variant, system, sq).is_some_and(|(f, _)| (f >= 4) == (side == Side::King))
}

/// The square and man a move captures, if any.
fn captured<B: Bits>(pos: &Position<B>, mv: Move) -> Option<Square> {
    match mv.kind {
        MoveKind::EnPassant => (0..pos.seats())
            .filter_map(|s| pos.ep_chance(s))
            .find(|c| c.target == mv.to)
            .map(|c| c.victim as usize),
        MoveKind::Pass | MoveKind::Castle(_) => None,
        _ => pos.man_at(mv.to as usize).map(|_| mv.to as usize),
    }
}

/// Whether `to` is a square the description names.
fn is_square(variant: &Variant, system: &System, place: &ShortSquare, to: Square) -> bool {
    FileName::ALL.iter().enumerate().any(|(f, &file)| {
        place.file.fits(f) && system.square(variant, file, place.rank) == Some(to)
    })
}

fn castle_side<B: Bits>(pos: &Position<B>, mv: Move) -> Option<Side> {
    let MoveKind::Castle(i) = mv.kind else {
        return None;
    };
    let c = pos.variant().castlings.get(i as usize)?;
    Some(if c.notation.matches('O').count() >= 3 {
        Side::Queen
    } else {
        Side::King
    })
}

/// Every legal move of `mover` among `legal` that the printed move fits.
pub fn candidates<B: Bits>(
    pos: &Position<B>,
    ctx: &Context,
    legal: &[Move],
    mover: usize,
    m: &ShortMove,
) -> Result<Vec<Move>, ResolveError> {
    let strict = matching(pos, ctx, legal, mover, m, Sides::Origin)?;
    let sided = m.man.as_ref().is_some_and(|man| man.side.is_some())
        || matches!(&m.action, ShortAction::Takes(v) if v.side.is_some());
    if strict.is_empty() && sided {
        return matching(pos, ctx, legal, mover, m, Sides::Standing);
    }
    Ok(strict)
}

fn matching<B: Bits>(
    pos: &Position<B>,
    ctx: &Context,
    legal: &[Move],
    mover: usize,
    m: &ShortMove,
    sides: Sides,
) -> Result<Vec<Move>, ResolveError> {
    let variant = pos.variant();
    let system = system_of(ctx, mover)?;
    if let ShortAction::Castle(side) = m.action {
        return Ok(legal
            .iter()
            .copied()
            .filter(|&mv| castle_side(pos, mv).is_some_and(|s| side.is_none_or(|w| w == s)))
            .collect());
    }
    let Some(man) = &m.man else {
        return Ok(Vec::new());
    };
    if let Some(p) = &man.player {
        let named = seat_of(variant, p)?;
        if named != mover {
            return Err(ResolveError::Invalid(format!(
                "it names {}'s man but it is {}'s turn",
                variant.seats[named].name, variant.seats[mover].name
            )));
        }
    }
    let place_system = |place: &ShortSquare| -> Result<System, ResolveError> {
        match &place.player {
            Some(p) => system_of(ctx, seat_of(variant, p)?),
            None => Ok(system),
        }
    };
    let (target, victim) = match &m.action {
        ShortAction::To(place) | ShortAction::TakesOn(place) => {
            (Some((place_system(place)?, place.clone())), None)
        }
        ShortAction::Takes(v) => {
            let owner = v.player.as_ref().map(|p| seat_of(variant, p)).transpose()?;
            (None, Some((owner, v.clone())))
        }
        ShortAction::Castle(_) => unreachable!("castling handled above"),
    };
    let capture_wanted = !matches!(m.action, ShortAction::To(_));
    let fits = |mv: Move| -> bool {
        if mv.is_pass() || matches!(mv.kind, MoveKind::Castle(_)) {
            return false;
        }
        if !names(pos, ctx, man, &system, &system, mv.from as usize, sides) {
            return false;
        }
        if pos.man_at(mv.from as usize).map(|x| x.owner) != Some(mover) {
            return false;
        }
        let taken = captured(pos, mv);
        if taken.is_some() != capture_wanted {
            return false;
        }
        if m.en_passant && mv.kind != MoveKind::EnPassant {
            return false;
        }
        match m.promotion {
            Some(p) if mv.promotion() != Some(kind_of(p)) => return false,
            _ => {}
        }
        if let Some((sys, place)) = &target
            && !is_square(variant, sys, place, mv.to as usize)
        {
            return false;
        }
        if let Some((owner, v)) = &victim {
            let Some(sq) = taken else { return false };
            let Some(x) = pos.man_at(sq) else {
                return false;
            };
            if owner.is_some_and(|o| o != x.owner) {
                return false;
            }
            let Ok(owner_system) = system_of(ctx, x.owner) else {
                return false;
            };
            let file_system = if owner.is_some() {
                owner_system
            } else {
                system
            };
            if !names(pos, ctx, v, &owner_system, &file_system, sq, sides) {
                return false;
            }
        }
        true
    };
    Ok(legal.iter().copied().filter(|&mv| fits(mv)).collect())
}

/// The legal moves of the man the printed move names (every man of that
/// kind and name), for messages when nothing fits.
pub fn moves_of_man<B: Bits>(
    pos: &Position<B>,
    ctx: &Context,
    legal: &[Move],
    mover: usize,
    m: &ShortMove,
) -> Vec<Move> {
    let Some(man) = &m.man else {
        return legal
            .iter()
            .copied()
            .filter(|&mv| matches!(mv.kind, MoveKind::Castle(_)))
            .collect();
    };
    let Ok(system) = system_of(ctx, mover) else {
        return Vec::new();
    };
    legal
        .iter()
        .copied()
        .filter(|&mv| {
            !mv.is_pass()
                && pos.man_at(mv.from as usize).map(|x| x.owner) == Some(mover)
                && names(
                    pos,
                    ctx,
                    man,
                    &system,
                    &system,
                    mv.from as usize,
                    Sides::Origin,
                )
        })
        .collect()
}

/// A man in words, as Verney wrote him (`K. Kt.`, `Q. B. P.`, `Kt. P.`),
/// for messages.
pub fn describe_man(man: &ShortMan) -> String {
    let side = |s: Side| match s {
        Side::King => "K. ",
        Side::Queen => "Q. ",
    };
    let piece = |p: PieceName| match p {
        PieceName::King => "K.",
        PieceName::Queen => "Q.",
        PieceName::Rook => "R.",
        PieceName::Bishop => "B.",
        PieceName::Knight => "Kt.",
        PieceName::Pawn => "P.",
    };
    let mut out = String::new();
    if let Some(s) = man.side {
        out.push_str(side(s));
    }
    if let Some(f) = man.file {
        if let Some(s) = f.side {
            out.push_str(side(s));
        }
        if let Some(minor) = f.minor {
            out.push_str(piece(minor));
            out.push(' ');
        }
    }
    out.push_str(piece(man.piece));
    out.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    type U64 = u64;
    use crate::engine::MoveList;
    use crate::notation::{descriptive_short::parse, read_position};
    use crate::resolve::Identities;
    use crate::variant;

    fn fits(fen: &str, text: &str) -> Vec<String> {
        let v = variant::by_id("chess").expect("chess");
        let pos = read_position::<U64>(v, fen).expect("fen");
        let systems = System::all::<U64>(v);
        let ids = Identities::new(&pos);
        let ctx = Context {
            systems: &systems,
            ids: &ids,
        };
        let mut list = MoveList::new();
        pos.turn_moves(&mut list);
        let m = parse(text).expect("parses");
        let mut out: Vec<String> = candidates(&pos, &ctx, list.as_slice(), pos.turn(), &m)
            .expect("resolves")
            .into_iter()
            .map(|mv| crate::notation::long::write(&pos, mv))
            .collect();
        out.sort();
        out
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn opening_moves_from_both_sides() {
        assert_eq!(fits(START, "P-K4"), ["e2-e4"]);
        assert_eq!(fits(START, "Kt-KB3"), ["Ng1-f3"]);
        assert_eq!(fits(START, "N-QB3"), ["Nb1-c3"]);
        // Without the side, both bishops' thirds: both knights fit.
        assert_eq!(fits(START, "Kt-B3"), ["Nb1-c3", "Ng1-f3"]);
        let black = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        assert_eq!(fits(black, "P-K4"), ["e7-e5"]);
        assert_eq!(fits(black, "P-QB4"), ["c7-c5"]);
        assert_eq!(fits(black, "Kt-KB3"), ["Ng8-f6"]);
    }

    #[test]
    fn men_named_by_file_or_by_what_they_take() {
        // White pawns d4 and f4 can both take e5; KPxP names neither.
        let fen = "4k3/8/8/4p3/3P1P2/8/8/4K3 w - - 0 1";
        assert_eq!(fits(fen, "PxP"), ["d4xe5", "f4xe5"]);
        assert_eq!(fits(fen, "QPxP"), ["d4xe5"]);
        assert_eq!(fits(fen, "BPxP"), ["f4xe5"]);
        assert_eq!(fits(fen, "KBPxP"), ["f4xe5"]);
        // A bishop can take a knight or a knight's pawn.
        let fen = "4k3/8/8/8/1p3n2/8/3B4/4K3 w - - 0 1";
        assert_eq!(fits(fen, "BxKt"), ["Bd2xf4"]);
        assert_eq!(fits(fen, "BxKtP"), ["Bd2xb4"]);
        assert_eq!(fits(fen, "BxP"), ["Bd2xb4"]);
        // `-` does not take; `x` does.
        assert_eq!(fits(fen, "B-KB4").len(), 0);
    }

    #[test]
    fn castling_promotion_and_en_passant() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(fits(fen, "O-O"), ["O-O"]);
        assert_eq!(fits(fen, "Castles QR"), ["O-O-O"]);
        assert_eq!(fits(fen, "Castles"), ["O-O", "O-O-O"]);
        let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
        assert_eq!(fits(fen, "P-K8=Q"), ["e7-e8=Q"]);
        assert_eq!(fits(fen, "P-K8(Kt)"), ["e7-e8=N"]);
        assert_eq!(fits(fen, "P-K8").len(), 4);
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert_eq!(fits(fen, "PxP e.p."), ["e5xd6"]);
        assert_eq!(fits(fen, "PxP"), ["e5xd6"]);
    }

    #[test]
    fn side_named_men_follow_their_origin() {
        // Knights on c3 and g3 both reach e4.
        let fen = "4k3/8/8/8/8/2N3N1/8/4K3 w - - 0 1";
        // Without a game history, origins are the squares they stand on, so
        // `QKt` falls back to the knight standing on the queen's side.
        assert_eq!(fits(fen, "QKt-K4"), ["Nc3-e4"]);
        assert_eq!(fits(fen, "KKt-K4"), ["Ng3-e4"]);
        assert_eq!(fits(fen, "Kt-K4"), ["Nc3-e4", "Ng3-e4"]);
    }
}
