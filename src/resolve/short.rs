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
use super::descriptive::{Context, System, captured, kind_of, piece_name, seat_of, system_of};
use crate::board::{Bits, Square};
use crate::engine::{Move, MoveKind, Position};
use crate::notation::descriptive::{FileName, PieceName, PlayerRef, Side};
use crate::notation::descriptive_short::{FileSpec, ShortAction, ShortMan, ShortMove, ShortSquare};
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
    if let Some(place) = &named.from
        && !is_square(variant, file_system, place, sq)
    {
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
    let sided = m.man.as_ref().is_some_and(|man| man.side.is_some())
        || matches!(&m.action, ShortAction::Takes(v) if v.side.is_some());
    // `to` names a square the man goes to; Verney's tables (and some
    // books) write it for a capture too (`K. to Q. square.` taking the
    // queen there). A piece's move that takes is accepted for `to` only
    // when no quiet move fits. Not a pawn's: a pawn that takes leaves his
    // file, and `P-K5` where only captures reach K5 is a misreading.
    let piece_to = matches!(m.action, ShortAction::To(_))
        && m.man.as_ref().is_some_and(|x| x.piece != PieceName::Pawn);
    let passes: &[bool] = if piece_to { &[false, true] } else { &[false] };
    for &to_takes in passes {
        let strict = matching(pos, ctx, legal, mover, m, Sides::Origin, to_takes)?;
        if !strict.is_empty() {
            return Ok(strict);
        }
        if sided {
            let standing = matching(pos, ctx, legal, mover, m, Sides::Standing, to_takes)?;
            if !standing.is_empty() {
                return Ok(standing);
            }
        }
    }
    Ok(Vec::new())
}

fn matching<B: Bits>(
    pos: &Position<B>,
    ctx: &Context,
    legal: &[Move],
    mover: usize,
    m: &ShortMove,
    sides: Sides,
    to_takes: bool,
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
        if taken.is_some() != capture_wanted && !(to_takes && taken.is_some()) {
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
    if let Some(from) = &man.from {
        let mut square = String::new();
        if let Some(s) = from.file.side {
            square.push_str(side(s));
        }
        if let Some(minor) = from.file.minor {
            square.push_str(piece(minor));
            square.push(' ');
        }
        out.push_str(&format!(" on {}{}", square, from.rank));
    }
    out.trim_end().to_string()
}

/// The ways to write file number `f`: without its side where the file has
/// a twin (`B`), then with it (`KB`); the king's and queen's files always
/// with theirs.
fn file_specs(f: usize) -> Vec<FileSpec> {
    let side = if f >= 4 { Side::King } else { Side::Queen };
    let minor = match f {
        0 | 7 => PieceName::Rook,
        1 | 6 => PieceName::Knight,
        2 | 5 => PieceName::Bishop,
        _ => {
            return vec![FileSpec {
                side: Some(side),
                minor: None,
            }];
        }
    };
    vec![
        FileSpec {
            side: None,
            minor: Some(minor),
        },
        FileSpec {
            side: Some(side),
            minor: Some(minor),
        },
    ]
}

/// Every name of `sq` for `mover`: in his own system, else in another
/// player's with that player's initial in front (`yK3`).
fn square_names(variant: &Variant, ctx: &Context, mover: usize, sq: Square) -> Vec<ShortSquare> {
    let order = std::iter::once(mover).chain((0..variant.players()).filter(|&s| s != mover));
    for seat in order {
        let Some(system) = ctx.systems.get(seat).copied().flatten() else {
            continue;
        };
        if let Some((f, rank)) = locate(variant, &system, sq) {
            let player = (seat != mover).then(|| PlayerRef::Initial(variant.seats[seat].letter));
            return file_specs(f)
                .into_iter()
                .map(|file| ShortSquare {
                    player: player.clone(),
                    file,
                    rank,
                })
                .collect();
        }
    }
    Vec::new()
}

/// Every name of the man on `sq` (owned by `owner`), shortest first: his
/// kind (`P`, `Kt`), then a pawn by his file (`KtP`, `KBP`: counted in
/// `file_system`) or a piece by his side (`QKt`, `KR`); each with `player`
/// in front.
fn man_names(
    variant: &Variant,
    piece: PieceName,
    file_system: &System,
    sq: Square,
    player: Option<PlayerRef>,
) -> Vec<ShortMan> {
    let plain = ShortMan {
        player: player.clone(),
        piece,
        side: None,
        file: None,
        from: None,
    };
    let mut out = vec![plain.clone()];
    match piece {
        PieceName::Pawn => {
            if let Some((f, _)) = locate(variant, file_system, sq) {
                out.extend(file_specs(f).into_iter().map(|file| ShortMan {
                    file: Some(file),
                    ..plain.clone()
                }));
            }
        }
        PieceName::Bishop | PieceName::Knight | PieceName::Rook => {
            out.extend([Side::Queen, Side::King].map(|side| ShortMan {
                side: Some(side),
                ..plain.clone()
            }));
        }
        PieceName::King | PieceName::Queen => {}
    }
    out
}

/// Whether every check `mv` gives is given by men other than the one that
/// moves (a discovered check: books print `dis ch`).
fn discovered_check<B: Bits>(pos: &Position<B>, mv: Move) -> bool {
    if mv.is_pass() || matches!(mv.kind, MoveKind::Castle(_)) {
        return false;
    }
    let after = pos.after(mv);
    let mut checked = false;
    for seat in (0..pos.seats()).filter(|&s| s != pos.turn()) {
        let enemies = after.enemy_men(seat);
        for king in after.kings_of(seat).squares() {
            let by = after.attackers(king, enemies, after.occupied());
            if by.has(mv.to as usize) {
                return false;
            }
            checked |= by.any();
        }
    }
    checked
}

/// Whether `text` reads back, alone, as exactly `mv`.
fn reads_as<B: Bits>(
    pos: &Position<B>,
    ctx: &Context,
    legal: &[Move],
    mover: usize,
    text: &str,
    mv: Move,
) -> bool {
    crate::notation::descriptive_short::parse(text)
        .ok()
        .and_then(|m| candidates(pos, ctx, legal, mover, &m).ok())
        .is_some_and(|found| found == [mv])
}

/// Writes `mv` of the player to move as a printed descriptive move: the
/// shortest description that fits it and no other legal move (`Kt-B3`
/// when only one knight can reach a bishop's third, else `Kt-KB3`; `PxP`,
/// else `KPxP` or `PxQP`; `BxQ5` when nothing else tells), read back to
/// check. With [`ShortStyle::verbose`](crate::notation::descriptive_short::ShortStyle::verbose), Verney's verbose form when it reads
/// back as the move. An error names what descriptive notation cannot say.
pub fn write<B: Bits>(
    pos: &Position<B>,
    ctx: &Context,
    legal: &[Move],
    mv: Move,
    marks: (bool, bool),
    style: &crate::notation::descriptive_short::ShortStyle,
) -> Result<String, String> {
    use crate::notation::descriptive_short::write as text_of;
    let variant = pos.variant();
    let mover = pos.turn();
    let long = crate::notation::long::write(pos, mv);
    let (check, mate) = marks;
    let discovered = check && !mate && discovered_check(pos, mv);
    let base = ShortMove {
        man: None,
        action: ShortAction::Castle(None),
        promotion: None,
        en_passant: mv.kind == MoveKind::EnPassant,
        check,
        mate,
        glyph: None,
    };
    if mv.is_pass() {
        return Ok("--".into());
    }
    if style.verbose
        && !matches!(mv.kind, MoveKind::Castle(_))
        && let Ok(text) = super::descriptive::write(pos, ctx, legal, mv, false)
    {
        let mut text = crate::notation::descriptive_short::book_typography(&text);
        if mate {
            text.push_str(" Mate.");
        } else if check {
            text.push_str(" (ch.)");
        }
        // Between two players the man taken needs no owner's name.
        let mut texts = vec![text.clone()];
        if variant.players() == 2 {
            for seat in variant.seats {
                let owner = format!("{}'s ", seat.name);
                if text.contains(&owner) {
                    texts.insert(0, text.replace(&owner, ""));
                }
            }
        }
        if let Some(text) = texts
            .into_iter()
            .find(|t| reads_as(pos, ctx, legal, mover, t, mv))
        {
            return Ok(text);
        }
    }
    // The texts of `options` that read back as the move, the shortest
    // first; among equals, the order of `options` (plain names first).
    let first_reading = |options: &[ShortMove]| {
        let mut texts: Vec<String> = options
            .iter()
            .map(|m| {
                let text = text_of(m, style);
                // `B-B5 dis ch`: the check is given by another man.
                match (discovered, text.strip_suffix(" ch")) {
                    (true, Some(bare)) => format!("{bare} dis ch"),
                    _ => text,
                }
            })
            .collect();
        texts.sort_by_key(|t| t.chars().count());
        texts
            .into_iter()
            .find(|t| reads_as(pos, ctx, legal, mover, t, mv))
    };
    if let Some(side) = castle_side(pos, mv) {
        let castling = ShortMove {
            action: ShortAction::Castle(Some(side)),
            ..base.clone()
        };
        return first_reading(&[castling])
            .ok_or_else(|| format!("{long}: castling has no descriptive form here"));
    }
    let system = system_of(ctx, mover).map_err(|e| format!("{long}: {e}"))?;
    let Some(piece) = pos
        .man_at(mv.from as usize)
        .and_then(|m| piece_name(m.kind))
    else {
        return Err(format!("{long}: this man has no descriptive name"));
    };
    let movers = man_names(variant, piece, &system, mv.from as usize, None);
    let promotion = mv.promotion().and_then(piece_name);
    let mut actions: Vec<ShortAction> = Vec::new();
    if let Some(vsq) = captured(pos, mv) {
        if let Some(victim) = pos.man_at(vsq)
            && let Some(vpiece) = piece_name(victim.kind)
        {
            let mut owners = vec![None];
            if variant.players() > 2 {
                owners.push(Some(victim.owner));
            }
            for owner in owners {
                let (player, file_system) = match owner {
                    Some(o) => (
                        Some(PlayerRef::Initial(variant.seats[o].letter)),
                        system_of(ctx, o).unwrap_or(system),
                    ),
                    None => (None, system),
                };
                actions.extend(
                    man_names(variant, vpiece, &file_system, vsq, player)
                        .into_iter()
                        .map(ShortAction::Takes),
                );
            }
        }
        actions.extend(
            square_names(variant, ctx, mover, mv.to as usize)
                .into_iter()
                .map(ShortAction::TakesOn),
        );
    } else {
        actions.extend(
            square_names(variant, ctx, mover, mv.to as usize)
                .into_iter()
                .map(ShortAction::To),
        );
    }
    let options_for = |movers: &[ShortMan]| -> Vec<ShortMove> {
        let mut options = Vec::new();
        for man in movers {
            for action in &actions {
                options.push(ShortMove {
                    man: Some(man.clone()),
                    action: action.clone(),
                    promotion,
                    ..base.clone()
                });
            }
        }
        options
    };
    if let Some(text) = first_reading(&options_for(&movers)) {
        return Ok(text);
    }
    // Men of one name that both make the move (two queens, rooks whose
    // sides are lost): the mover is named by the square he stands on, his
    // rank alone (`R(1)-Q1`) or the whole square (`Q(QB1)-R1`), as books
    // print it.
    let standing: Vec<ShortMan> = match locate(variant, &system, mv.from as usize) {
        Some((f, rank)) => std::iter::once(FileSpec {
            side: None,
            minor: None,
        })
        .chain(file_specs(f))
        .flat_map(|file| {
            movers.iter().map(move |man| ShortMan {
                from: Some(ShortSquare {
                    player: None,
                    file,
                    rank,
                }),
                ..man.clone()
            })
        })
        .collect(),
        None => Vec::new(),
    };
    first_reading(&options_for(&standing))
        .ok_or_else(|| format!("{long}: descriptive notation cannot name this move unambiguously"))
}

#[cfg(test)]
mod tests {
    use super::*;
    type U64 = u64;
    use crate::engine::MoveList;
    use crate::notation::descriptive_short::{Knight, ShortStyle};
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
        // `x` takes; a piece's `-` takes only when no quiet move fits (see
        // a_piece_written_to_a_square_it_takes_on_is_read_when_no_quiet_move_fits).
        assert_eq!(fits(fen, "BxKB4"), ["Bd2xf4"]);
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

    /// `mv` (long algebraic) written in the short style from `fen`.
    fn written_as(variant: &str, fen: &str, mv: &str, knight: Knight) -> String {
        let v = variant::by_id(variant).expect("variant");
        crate::with_width!(v, B => {
            let pos = read_position::<B>(v, fen).expect("fen");
            let systems = System::all::<B>(v);
            let ids = Identities::new(&pos);
            let ctx = Context {
                systems: &systems,
                ids: &ids,
            };
            let mut list = MoveList::new();
            pos.turn_moves(&mut list);
            let found = list
                .as_slice()
                .iter()
                .copied()
                .find(|&m| crate::notation::long::write(&pos, m) == mv)
                .unwrap_or_else(|| panic!("{mv} is legal"));
            let style = ShortStyle {
                knight,
                verbose: false,
            };
            write(&pos, &ctx, list.as_slice(), found, (false, false), &style)
                .unwrap_or_else(|e| panic!("{mv}: {e}"))
        })
    }

    fn kt(fen: &str, mv: &str) -> String {
        written_as("chess", fen, mv, Knight::Kt)
    }

    #[test]
    fn the_writer_takes_the_shortest_description_that_fits_one_move() {
        // Both knights reach a bishop's third: the side is needed.
        assert_eq!(kt(START, "Ng1-f3"), "Kt-KB3");
        assert_eq!(written_as("chess", START, "Nb1-c3", Knight::N), "N-QB3");
        // Only one knight can reach a bishop's third: `Kt-B3`.
        let fen = "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1";
        assert_eq!(kt(fen, "Nb1-c3"), "Kt-B3");
        // The king's and queen's files always carry their side.
        assert_eq!(kt(START, "e2-e4"), "P-K4");
        assert_eq!(kt(START, "d2-d4"), "P-Q4");
        // A rook's pawn: both rooks' fourths, one pawn each: the side.
        assert_eq!(kt(START, "a2-a4"), "P-QR4");
        // Two pawns can take the same pawn: the taker is named by his file.
        let fen = "4k3/8/8/4p3/3P1P2/8/8/4K3 w - - 0 1";
        assert_eq!(kt(fen, "d4xe5"), "QPxP");
        assert_eq!(kt(fen, "f4xe5"), "BPxP");
        // One pawn can take two pawns: the man taken is named by his file.
        let fen = "4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1";
        assert_eq!(kt(fen, "d4xc5"), "PxBP");
        assert_eq!(kt(fen, "d4xe5"), "PxKP");
        // A bishop that can take two knights: the knight by his side (in
        // a set position, the side of the board he stands on).
        let fen = "4k3/8/8/1n3n2/8/3B4/8/4K3 w - - 0 1";
        assert_eq!(kt(fen, "Bd3xb5"), "BxQKt");
        // Promotion, en passant, castling.
        assert_eq!(kt("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7-e8=N"), "P-K8=Kt");
        assert_eq!(
            written_as(
                "chess",
                "8/4P3/8/8/8/8/k7/4K3 w - - 0 1",
                "e7-e8=Q",
                Knight::N
            ),
            "P-K8=Q"
        );
        assert_eq!(kt("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5xd6"), "PxP e.p.");
        assert_eq!(kt("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O"), "O-O-O");
        // A discovered check is printed `dis ch`.
        let v = variant::by_id("chess").expect("chess");
        let pos = read_position::<U64>(v, "4k3/8/8/8/8/4B3/8/K3R3 w - - 0 1").expect("fen");
        let mut list = MoveList::new();
        pos.turn_moves(&mut list);
        let systems = System::all::<U64>(v);
        let ids = Identities::new(&pos);
        let ctx = Context {
            systems: &systems,
            ids: &ids,
        };
        let mv = list
            .as_slice()
            .iter()
            .copied()
            .find(|&m| crate::notation::long::write(&pos, m) == "Be3-c5")
            .expect("legal");
        let text = write(
            &pos,
            &ctx,
            list.as_slice(),
            mv,
            (true, false),
            &ShortStyle::default(),
        );
        assert_eq!(text.as_deref(), Ok("B-B5 dis ch"));
        // Black counts from his own side.
        let black = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        assert_eq!(kt(black, "Ng8-f6"), "Kt-KB3");
        assert_eq!(kt(black, "c7-c5"), "P-QB4");
    }

    #[test]
    fn two_men_of_one_name_are_told_apart_by_the_square_they_stand_on() {
        // Queens on a1 and a5 both reach a3: his rank tells them apart.
        let fen = "4k3/8/8/Q7/8/8/8/Q3K3 w - - 0 1";
        assert_eq!(fits(fen, "Q-QR3"), ["Qa1-a3", "Qa5-a3"]);
        assert_eq!(fits(fen, "Q(1)-QR3"), ["Qa1-a3"]);
        assert_eq!(fits(fen, "Q/5-R3"), ["Qa5-a3"]);
        assert_eq!(fits(fen, "Q(QR5)-QR3"), ["Qa5-a3"]);
        assert_eq!(fits(fen, "Q (5) to Q. R. 3"), ["Qa5-a3"]);
        assert!(fits(fen, "Q(2)-QR3").is_empty());
        assert_eq!(kt(fen, "Qa1-a3"), "Q(1)-R3");
        assert_eq!(kt(fen, "Qa5-a3"), "Q(5)-R3");
        // Queens on a1 and c1, one rank, both reach b2: the whole square.
        let fen = "4k3/8/8/8/8/8/8/Q1Q1K3 w - - 0 1";
        assert_eq!(kt(fen, "Qa1-b2"), "Q(R1)-Kt2");
        assert_eq!(kt(fen, "Qc1-b2"), "Q(B1)-Kt2");
        assert_eq!(fits(fen, "Q(QB1)xP").len(), 0);
        // Rooks named by a side they no longer match: the standing square.
        let fen = "4k3/8/8/8/8/8/8/R4RK1 w - - 0 1";
        assert_eq!(fits(fen, "R(KB1)-Q1"), ["Rf1-d1"]);
        // `(Q)` after the man a pawn takes is his promotion, no square.
        let m = parse("PxR(Q) ch").expect("PxR(Q)");
        assert_eq!(m.promotion, Some(PieceName::Queen));
        assert!(matches!(
            m.action,
            ShortAction::Takes(ShortMan { from: None, .. })
        ));
        // What does not read.
        for text in ["Q(1-R3", "Q(QZ1)-R3", "Q()-R3", "Q(0)-R3"] {
            assert!(parse(text).is_err(), "{text}");
        }
    }

    #[test]
    fn every_move_of_random_positions_is_written_so_that_it_reads_back() {
        every_move_is_written_so_that_it_reads_back(20, 6, 80, 0);
    }

    /// Late in long games there are promoted men, several of one name:
    /// each is named by the square he stands on when nothing else tells.
    #[test]
    fn every_move_late_in_long_random_games_is_written_so_that_it_reads_back() {
        every_move_is_written_so_that_it_reads_back(9, 4, 300, 150);
    }

    /// Every legal move of the positions after ply `from` of `games` random
    /// games of at most `plies` plies, written and read back.
    fn every_move_is_written_so_that_it_reads_back(
        seed: u64,
        games: usize,
        plies: usize,
        from: usize,
    ) {
        let v = variant::by_id("chess").expect("chess");
        let mut rng = crate::selfplay::Rng::new(seed);
        for _ in 0..games {
            let record = crate::selfplay::game::<U64>(v, &mut rng, plies).expect("selfplay");
            let game = crate::Game::replay(record).expect("replays");
            let trace = game.trace::<U64>().expect("8x8");
            let systems = System::all::<U64>(v);
            let mut ids = Identities::new(&trace.start);
            let mut pos = trace.start;
            for (i, ply) in trace.plies.iter().enumerate() {
                if i < from {
                    ids.follow(&pos, ply.mv);
                    pos = ply.after;
                    continue;
                }
                let mut list = MoveList::new();
                pos.turn_moves(&mut list);
                let ctx = Context {
                    systems: &systems,
                    ids: &ids,
                };
                for &mv in list.as_slice() {
                    let text = write(
                        &pos,
                        &ctx,
                        list.as_slice(),
                        mv,
                        (false, false),
                        &ShortStyle::default(),
                    )
                    .unwrap_or_else(|e| panic!("{e}"));
                    let back = candidates(
                        &pos,
                        &ctx,
                        list.as_slice(),
                        pos.turn(),
                        &parse(&text).expect("parses"),
                    )
                    .expect("resolves");
                    assert_eq!(back, [mv], "{text}");
                }
                ids.follow(&pos, ply.mv);
                pos = ply.after;
            }
        }
    }

    #[test]
    fn four_handed_squares_and_men_of_another_system_carry_his_initial() {
        // A square outside Yellow's eight files (a9, in Red's arm) is named
        // in another player's system, with his initial.
        let v = variant::by_id("verney").expect("verney");
        let systems = System::all::<crate::board::U256>(v);
        let ctx_ids =
            Identities::new(&read_position::<crate::board::U256>(v, v.start).expect("start"));
        let ctx = Context {
            systems: &systems,
            ids: &ctx_ids,
        };
        let a9 = v.shape.parse_square("a9").expect("a9");
        let names = square_names(v, &ctx, 0, a9);
        let texts: Vec<String> = names
            .iter()
            .map(|sq| {
                let m = ShortMove {
                    man: Some(ShortMan {
                        player: None,
                        piece: PieceName::Bishop,
                        side: None,
                        file: None,
                        from: None,
                    }),
                    action: ShortAction::To(sq.clone()),
                    promotion: None,
                    en_passant: false,
                    check: false,
                    mate: false,
                    glyph: None,
                };
                crate::notation::descriptive_short::write(&m, &ShortStyle::default())
            })
            .collect();
        assert!(
            texts.iter().all(
                |t| t.starts_with("B-") && t[2..].starts_with(|c: char| c.is_ascii_lowercase())
            ),
            "{texts:?}"
        );
        // Read back, the square is the same.
        for t in &texts {
            let m = parse(t).expect("parses");
            let ShortAction::To(sq) = &m.action else {
                panic!("{t}")
            };
            let seat = seat_of(v, sq.player.as_ref().expect("a player")).expect("seat");
            let system = systems[seat].expect("system");
            assert!(is_square(v, &system, sq, a9), "{t}");
        }
    }

    #[test]
    fn a_piece_written_to_a_square_it_takes_on_is_read_when_no_quiet_move_fits() {
        // The bishop on d2 can only reach f4 by taking the knight there.
        let fen = "4k3/8/8/8/5n2/8/3B4/4K3 w - - 0 1";
        assert_eq!(fits(fen, "B-KB4"), ["Bd2xf4"]);
        assert_eq!(fits(fen, "B. to K. B. 4."), ["Bd2xf4"]);
        // A quiet move to a square of that name comes first: `Kt-B3` goes
        // to c3, not to f3 where a pawn stands.
        let fen = "4k3/8/8/8/8/5p2/8/1N2KN2 w - - 0 1";
        assert_eq!(fits(fen, "Kt-B3"), ["Nb1-c3"]);
        // A pawn's `to` never takes: `P-K5` with only captures onto K5.
        let fen = "4k3/8/8/4p3/3P1P2/8/8/4K3 w - - 0 1";
        assert!(fits(fen, "P-K5").is_empty());
    }
}
