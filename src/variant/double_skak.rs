//! Double Skak, rules.md section 2: four players in two teams on 8x8, one
//! king per team, pawns with noses.
//!
//! Decisions used (rules.md): a pawn that reaches the board's edge in its
//! direction of travel promotes to a queen, rook, bishop or knight; a
//! first-move capture that is diagonal-forward for both noses keeps the
//! default nose; a king's owner with no legal move and not in check draws;
//! a queen player with no legal move passes.

use super::{Scheme, Seat, Support, Variant, nowhere};
use crate::board::{Dir, Shape};
use crate::men::Kind;

const SEATS: &[Seat] = &[
    Seat {
        name: "Yellow",
        letter: 'y',
        side: "South-East",
        team: 0,
        forward: Dir::West,
        royal: false,
    },
    Seat {
        name: "Green",
        letter: 'g',
        side: "North-East",
        team: 1,
        forward: Dir::West,
        royal: false,
    },
    Seat {
        name: "White",
        letter: 'w',
        side: "North-West",
        team: 0,
        forward: Dir::South,
        royal: true,
    },
    Seat {
        name: "Red",
        letter: 'r',
        side: "South-West",
        team: 1,
        forward: Dir::North,
        royal: true,
    },
];

pub const DOUBLE_SKAK: Variant = Variant {
    id: "double-skak",
    name: "Double Skak",
    summary: "four players, two teams, one king per team, nosed pawns on 8x8",
    support: Support::Playable,
    shape: Shape::CHESS,
    seats: SEATS,
    start: "Y-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-\
            {'pawnDir':'c1:e c2:e g3:n h3:n g6:s h6:s c7:e c8:e','noses':'c2 f2 b3 g3 b6 g6 c7 f7'}-\
            wK,wR,wP,2,gP,gB,gQ/wN,wB,wP,2,gP,gR,gN/wP,wP,4,gP,gP/8/8/\
            rP,rP,4,yP,yP/rN,rB,rP,2,yP,yR,yN/rK,rR,rP,2,yP,yB,yQ",
    scheme: Scheme::Orthodox,
    double_step: nowhere,
    en_passant: false,
    promotion: nowhere,
    promote_by_capture_only: false,
    promote_at_edge: true,
    noses: &[
        [Dir::West, Dir::North],
        [Dir::West, Dir::South],
        [Dir::South, Dir::East],
        [Dir::North, Dir::East],
    ],
    promotion_kinds: &[Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight],
    reverse_on: nowhere,
    forward_on: nowhere,
    leap_partner_pawn: false,
    shield_partner: true,
    castlings: &[],
    kings: &[Kind::King],
};
