//! Short algebraic (SAN-like) moves for every variant: the piece letter,
//! the start file, rank or square only when another man of the same kind
//! could reach the same square, `x` for captures, `=Q` for promotions.

use crate::board::Bits;
use crate::engine::{Move, MoveKind, Position};
use crate::men::Kind;

/// The short algebraic text of `mv` among the `legal` moves of the player to move.
pub fn write<B: Bits>(pos: &Position<B>, legal: &[Move], mv: Move) -> String {
    let shape = pos.variant().shape;
    match mv.kind {
        MoveKind::Pass | MoveKind::Castle(_) => return super::long::write(pos, mv),
        _ => {}
    }
    let (from, to) = (mv.from as usize, mv.to as usize);
    let Some(man) = pos.man_at(from) else {
        return super::long::write(pos, mv);
    };
    let capture = pos.man_at(to).is_some() || mv.kind == MoveKind::EnPassant;
    let (fx, fy) = shape.coords(from);
    let file = (b'a' + fx as u8) as char;
    let mut out = String::with_capacity(8);
    let rivals: Vec<usize> = legal
        .iter()
        .filter(|m| m.to == mv.to && m.from != mv.from && !m.is_pass())
        .filter(|m| {
            pos.man_at(m.from as usize)
                .is_some_and(|o| o.kind == man.kind)
        })
        .map(|m| m.from as usize)
        .collect();
    let same_file = rivals.iter().any(|&r| shape.coords(r).0 == fx);
    let same_rank = rivals.iter().any(|&r| shape.coords(r).1 == fy);
    if man.kind == Kind::Pawn {
        // SAN names a capturing pawn by its file; pawns travelling in other
        // directions (four-handed, reversed) may need the whole square.
        if capture && !same_file {
            out.push(file);
        } else if capture || !rivals.is_empty() {
            out.push_str(&shape.name(from));
        }
    } else {
        out.push(man.kind.letter());
        if !rivals.is_empty() {
            if !same_file {
                out.push(file);
            } else if !same_rank {
                out.push_str(&(fy + 1).to_string());
            } else {
                out.push_str(&shape.name(from));
            }
        }
    }
    if capture {
        out.push('x');
    }
    out.push_str(&shape.name(to));
    if let MoveKind::Promotion(k) = mv.kind {
        out.push('=');
        out.push(k.letter());
    }
    out
}
