//! Orthodox chess: the engine's reference (rules.md section 0).

use super::{Castling, Scheme, Seat, Support, Variant, nowhere};
use crate::board::{Dir, Shape};
use crate::men::Kind;

/// White South, Black North: the two seats of every two-player variant here.
pub(super) const SEATS: &[Seat] = &[
    Seat {
        name: "White",
        letter: 'w',
        side: "South",
        team: 0,
        forward: Dir::North,
        royal: true,
    },
    Seat {
        name: "Black",
        letter: 'b',
        side: "North",
        team: 1,
        forward: Dir::South,
        royal: true,
    },
];

const CASTLINGS: &[Castling] = &[
    Castling {
        seat: 0,
        king_from: "e1",
        king_to: "g1",
        rook_from: "h1",
        rook_to: "f1",
        notation: "O-O",
    },
    Castling {
        seat: 0,
        king_from: "e1",
        king_to: "c1",
        rook_from: "a1",
        rook_to: "d1",
        notation: "O-O-O",
    },
    Castling {
        seat: 1,
        king_from: "e8",
        king_to: "g8",
        rook_from: "h8",
        rook_to: "f8",
        notation: "O-O",
    },
    Castling {
        seat: 1,
        king_from: "e8",
        king_to: "c8",
        rook_from: "a8",
        rook_to: "d8",
        notation: "O-O-O",
    },
];

fn second_rank(seat: usize, _x: usize, y: usize) -> bool {
    y == if seat == 0 { 1 } else { 6 }
}

fn last_rank(seat: usize, _x: usize, y: usize) -> bool {
    y == if seat == 0 { 7 } else { 0 }
}

pub const CHESS: Variant = Variant {
    id: "chess",
    name: "Orthodox chess",
    summary: "FIDE chess on 8x8: castling, en passant, promotion; the engine's reference",
    support: Support::Playable,
    shape: Shape::CHESS,
    seats: SEATS,
    start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    scheme: Scheme::Orthodox,
    double_step: second_rank,
    en_passant: true,
    promotion: last_rank,
    promote_by_capture_only: false,
    promote_at_edge: false,
    noses: &[],
    promotion_kinds: &[Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight],
    reverse_on: nowhere,
    forward_on: nowhere,
    leap_partner_pawn: false,
    shield_partner: false,
    castlings: CASTLINGS,
    kings: &[Kind::King],
};
