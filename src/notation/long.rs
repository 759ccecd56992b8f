//! Long algebraic moves as the engine sees them: `Bi1xa9`, `h2-h3`,
//! `e7-e8=Q`, `O-O`, `--`. Check marks are added by the replay.

use crate::board::Bits;
use crate::engine::{Move, MoveKind, Position};
use crate::men::Kind;

/// The long algebraic text of `mv`, a move of the player to move in `pos`.
pub fn write<B: Bits>(pos: &Position<B>, mv: Move) -> String {
    let shape = pos.variant().shape;
    match mv.kind {
        MoveKind::Pass => return "--".to_string(),
        MoveKind::Castle(i) => {
            let castlings = pos.variant().castlings;
            if let Some(c) = castlings.get(i as usize) {
                // Where a castling's name leaves open where the king goes
                // (Double King Chess: each king castles `O-O`), the king's
                // move names it. Chess960's castlings of one name all end on
                // the same square; with one king, castlings of another array
                // (whose king square holds no king of the seat) do not count
                // (Chess.com).
                let one_king = pos
                    .variant()
                    .seats
                    .get(c.seat)
                    .is_some_and(|s| s.kings == 1);
                let king_on = |name: &str| {
                    pos.variant()
                        .shape
                        .parse_square(name)
                        .and_then(|sq| pos.man_at(sq))
                        .is_some_and(|m| m.kind == Kind::King && m.owner == c.seat)
                };
                let shared = castlings.iter().any(|o| {
                    o.seat == c.seat
                        && o.notation == c.notation
                        && o.king_to != c.king_to
                        && (!one_king || king_on(o.king_from))
                });
                if !shared {
                    return c.notation.to_string();
                }
            }
        }
        _ => {}
    }
    let (from, to) = (mv.from as usize, mv.to as usize);
    let mut out = String::with_capacity(10);
    if let Some(man) = pos.man_at(from)
        && man.kind != Kind::Pawn
    {
        out.push(man.kind.letter());
    }
    shape.push_name(from, &mut out);
    let capture = pos.man_at(to).is_some() || mv.kind == MoveKind::EnPassant;
    out.push(if capture { 'x' } else { '-' });
    shape.push_name(to, &mut out);
    if let MoveKind::Promotion(k) = mv.kind {
        out.push('=');
        out.push(k.letter());
    }
    out
}

/// The UCI-style text of a move (`e2e4`, `e7e8q`), as other engines print perft divides.
pub fn uci<B: Bits>(pos: &Position<B>, mv: Move) -> String {
    let shape = pos.variant().shape;
    if mv.kind == MoveKind::Pass {
        return "0000".to_string();
    }
    let to = match mv.kind {
        MoveKind::Castle(i) if pos.variant().castle_onto_rook => pos
            .rules()
            .castles
            .get(i as usize)
            .map_or(mv.to as usize, |c| c.rook_from),
        _ => mv.to as usize,
    };
    let mut out = format!("{}{}", shape.name(mv.from as usize), shape.name(to));
    if let MoveKind::Promotion(k) = mv.kind {
        out.push(k.letter().to_ascii_lowercase());
    }
    out
}
