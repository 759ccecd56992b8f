//! Verney's Four-Handed Chess, 1881 (rules.md section 1).
//!
//! Decisions used (rules.md): light squares are those with x + y even; the
//! layout is Chess.com's classic 4PCo array with Verney's colours (Yellow
//! South, Red West, White North, Black East); a stalemated player whose
//! partner is active passes; the "one piece left" draw is a claim, not applied.

use super::cross::{opposite_back_row, pawn_row};
use super::{Scheme, Seat, Support, Variant, nowhere};
use crate::board::{Dir, Shape};
use crate::men::Kind;

const SEATS: &[Seat] = &[
    Seat {
        name: "Yellow",
        letter: 'y',
        side: "South",
        team: 0,
        forward: Dir::North,
        royal: true,
    },
    Seat {
        name: "Red",
        letter: 'r',
        side: "West",
        team: 1,
        forward: Dir::East,
        royal: true,
    },
    Seat {
        name: "White",
        letter: 'w',
        side: "North",
        team: 0,
        forward: Dir::South,
        royal: true,
    },
    Seat {
        name: "Black",
        letter: 'b',
        side: "East",
        team: 1,
        forward: Dir::West,
        royal: true,
    },
];

/// The back edge of an adversary's arm: files a and n for the North-South
/// team, ranks 1 and 14 for the West-East team (the arms span 4..11).
fn adversary_edge(seat: usize, x: usize, y: usize) -> bool {
    if seat.is_multiple_of(2) {
        (x == 0 || x == 13) && (3..=10).contains(&y)
    } else {
        (y == 0 || y == 13) && (3..=10).contains(&x)
    }
}

pub const VERNEY: Variant = Variant {
    id: "verney",
    name: "Verney's Four-Handed Chess (1881)",
    summary: "four players in two teams on the 160-square cross; inert mates, reversing pawns",
    support: Support::Playable,
    shape: Shape::CROSS,
    seats: SEATS,
    start: "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-\
            3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/\
            bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bK,bP,10,gP,gQ/\
            bQ,bP,10,gP,gK/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/14/\
            3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3",
    scheme: Scheme::InertMates,
    double_step: nowhere,
    en_passant: false,
    promotion: adversary_edge,
    promote_by_capture_only: true,
    promote_at_edge: false,
    noses: &[],
    promotion_kinds: &[Kind::Queen],
    // The partner sits opposite: his back row turns a pawn back.
    reverse_on: opposite_back_row,
    forward_on: pawn_row,
    leap_partner_pawn: true,
    shield_partner: true,
    castlings: &[],
    kings: &[Kind::King],
};
