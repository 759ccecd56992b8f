//! Double King Chess (Squirk), rules.md section 3: 10x8, two kings and a
//! squirk each.
//!
//! Decisions used (rules.md): the setup follows the source's diagram
//! (bishops on c and h); light squares are those with x + y even; castling
//! may also be written as the king's move, and `O-O` / `O-O-O-O` only when
//! exactly one king can make that castling (the resolver reports the
//! ambiguity otherwise); a player with both kings and no legal move draws.
//! Not yet: the "2K checkmate" mark in reports.

use super::{Castling, Scheme, Support, Variant};
use crate::board::Shape;
use crate::men::Kind;

const CASTLINGS: &[Castling] = &[
    Castling::new(0, "g1", "i1", "j1", "h1", "O-O"),
    Castling::new(0, "d1", "b1", "a1", "c1", "O-O"),
    Castling::new(0, "g1", "c1", "a1", "d1", "O-O-O-O"),
    Castling::new(0, "d1", "h1", "j1", "g1", "O-O-O-O"),
    Castling::new(1, "g8", "i8", "j8", "h8", "O-O"),
    Castling::new(1, "d8", "b8", "a8", "c8", "O-O"),
    Castling::new(1, "g8", "c8", "a8", "d8", "O-O-O-O"),
    Castling::new(1, "d8", "h8", "j8", "g8", "O-O-O-O"),
];

fn second_rank(seat: usize, _x: usize, y: usize) -> bool {
    y == if seat == 0 { 1 } else { 6 }
}

fn last_rank(seat: usize, _x: usize, y: usize) -> bool {
    y == if seat == 0 { 7 } else { 0 }
}

pub const DOUBLE_KING: Variant = Variant {
    id: "double-king",
    name: "Double King Chess (Squirk)",
    summary: "two kings and a squirk each on 10x8; capture one king, then mate the other",
    support: Support::Playable,
    shape: Shape::WIDE,
    seats: super::chess::SEATS,
    start: "rnbkqskbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBKQSKBNR w ADGJadgj - 0 1",
    scheme: Scheme::Orthodox,
    double_step: second_rank,
    en_passant: true,
    promotion: last_rank,
    promote_by_capture_only: false,
    promote_at_edge: false,
    noses: &[],
    promotion_kinds: &[
        Kind::Queen,
        Kind::Squirk,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
    ],
    reverse_on: super::nowhere,
    forward_on: super::nowhere,
    leap_partner_pawn: false,
    shield_partner: false,
    castlings: CASTLINGS,
    kings: &[Kind::King, Kind::King],
};
