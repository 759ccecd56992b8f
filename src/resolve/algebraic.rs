//! Long and short algebraic moves resolved against a position: the same
//! filter for both, by kind, start square (or its file or rank), target
//! square and promotion. Castling is also accepted as the king's move, to
//! his castling square or onto his own rook; a move without a piece letter
//! but with its start square (`g1f3`) is any man's.

use super::{ResolveError, pick};
use crate::board::Bits;
use crate::engine::{Move, MoveKind, Position};
use crate::men::Kind;
use crate::notation::algebraic::{Coord, Piece, Token};

/// The kind of man a piece letter names (none: a pawn).
pub(crate) fn kind_of(piece: Option<Piece>) -> Kind {
    match piece {
        None | Some(Piece::Pawn) => Kind::Pawn,
        Some(Piece::King) => Kind::King,
        Some(Piece::Queen) | Some(Piece::Dame) => Kind::Queen,
        Some(Piece::Rook) => Kind::Rook,
        Some(Piece::Bishop) => Kind::Bishop,
        Some(Piece::Knight) => Kind::Knight,
        Some(Piece::Squirk) => Kind::Squirk,
    }
}

fn square<B: Bits>(pos: &Position<B>, c: Coord) -> Result<usize, ResolveError> {
    let shape = pos.variant().shape;
    let (x, y) = (i32::from(c.file), i32::from(c.rank));
    shape
        .contains(x, y)
        .then(|| shape.square(x as usize, y as usize))
        .ok_or_else(|| {
            ResolveError::Invalid(format!(
                "{c} is not a square of the {} board",
                pos.variant().shape.name
            ))
        })
}

/// Resolves an algebraic token among the `legal` moves of the player to move.
pub fn resolve<B: Bits>(
    pos: &Position<B>,
    legal: &[Move],
    token: &Token,
) -> Result<Move, ResolveError> {
    let variant = pos.variant();
    match token {
        Token::Pass => pick(pos, legal, Move::is_pass, |_| true, || "a pass".into()),
        Token::Unknown => Err(ResolveError::Invalid(
            "`?` is resolved by the replay's search".into(),
        )),
        Token::BareExit(text) => Err(ResolveError::Invalid(format!(
            "`{text}` (a Chess.com exit: resignation, time-out or a bare mark) is not part of {}'s rules",
            variant.id
        ))),
        Token::Castle { rooks, .. } => {
            let wanted = *rooks as usize;
            let fits = |mv: Move| match mv.kind {
                MoveKind::Castle(i) => variant
                    .castlings
                    .get(i as usize)
                    .is_some_and(|c| c.notation.matches('O').count() == wanted),
                _ => false,
            };
            pick(
                pos,
                legal,
                fits,
                |mv| matches!(mv.kind, MoveKind::Castle(_)),
                || "castling".into(),
            )
        }
        Token::Move {
            piece,
            from,
            from_file,
            from_rank,
            to,
            promotion,
            captured,
            ..
        } => {
            let kind = kind_of(*piece);
            let to = square(pos, *to)?;
            let from = from.map(|c| square(pos, c)).transpose()?;
            let promotion = promotion.map(|p| kind_of(Some(p)));
            let only_kind = match variant.pawns.promotion_kinds {
                [one] => Some(*one),
                _ => None,
            };
            let shape = variant.shape;
            // A bare coordinate move (`g1f3`, UCI's form) names its man by
            // the square it leaves; a written piece letter must agree.
            let coordinate = piece.is_none() && from.is_some();
            let named = |mv: Move| {
                !mv.is_pass()
                    && pos
                        .man_at(mv.from as usize)
                        .is_some_and(|m| m.kind == kind || coordinate)
                    && from.is_none_or(|f| f == mv.from as usize)
                    && from_file.is_none_or(|f| shape.coords(mv.from as usize).0 == f as usize)
                    && from_rank.is_none_or(|r| shape.coords(mv.from as usize).1 == r as usize)
            };
            // Castling written as the king taking his own rook (`e1h1`, as
            // UCI writes Chess960 castling).
            let king_takes_rook = |mv: Move| match mv.kind {
                MoveKind::Castle(i) => {
                    (coordinate || kind == Kind::King)
                        && pos
                            .rules()
                            .castles
                            .get(i as usize)
                            .is_some_and(|c| c.rook_from == to)
                }
                _ => false,
            };
            // The man a move takes: on its target, or the pawn en passant removes.
            let taken = |mv: Move| match mv.kind {
                MoveKind::EnPassant => Some(Kind::Pawn),
                MoveKind::Castle(_) | MoveKind::Pass => None,
                _ => pos.man_at(mv.to as usize).map(|m| m.kind),
            };
            // A captured man written in the token (PGN4 `Qd9xBa9`) must be there.
            let takes_named =
                |mv: Move| captured.is_none_or(|c| taken(mv) == Some(kind_of(Some(c))));
            let fits_but_capture = |mv: Move| {
                named(mv)
                    && (mv.to as usize == to || king_takes_rook(mv))
                    && match (promotion, mv.promotion()) {
                        (None, None) => true,
                        (Some(w), Some(k)) => w == k,
                        // A variant with one promotion kind need not write it.
                        (None, Some(k)) => only_kind == Some(k),
                        (Some(_), None) => false,
                    }
            };
            let fits = |mv: Move| fits_but_capture(mv) && takes_named(mv);
            if let Some(c) = captured
                && let Some(mv) = legal.iter().copied().find(|&m| fits_but_capture(m))
                && !legal.iter().any(|&m| fits(m))
            {
                let found = match taken(mv) {
                    Some(k) => format!("a {}", k.name()),
                    None => "nothing".to_string(),
                };
                let mut own: Vec<String> = legal
                    .iter()
                    .copied()
                    .filter(|&m| named(m))
                    .map(|m| crate::notation::long::write(pos, m))
                    .collect();
                own.sort();
                return Err(ResolveError::NoMatch {
                    reason: format!(
                        "the move takes {found} on {}, not the {} the record names",
                        shape.name(mv.to as usize),
                        kind_of(Some(*c)).name()
                    ),
                    legal: own,
                });
            }
            let what = || {
                let what = match piece {
                    None | Some(Piece::Pawn) => "a pawn".to_string(),
                    Some(p) => format!("the {}", kind_of(Some(*p)).name()),
                };
                match from {
                    Some(f) => format!("{what} on {}", shape.name(f)),
                    None => what,
                }
            };
            pick(pos, legal, fits, named, what)
        }
    }
}
