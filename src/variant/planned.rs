//! Variants whose rules are fixed in rules.md but which the engine does not
//! play yet. Their boards, seats and teams are here so that the record, the
//! readers and `roundtable variants` already know them.

use super::{Scheme, Seat, Support, Variant, nowhere};
use crate::board::{Dir, Shape};
use crate::men::Kind;

const fn seat(
    name: &'static str,
    letter: char,
    side: &'static str,
    team: u8,
    forward: Dir,
) -> Seat {
    Seat {
        name,
        letter,
        side,
        team,
        forward,
        royal: true,
    }
}

const fn planned(
    id: &'static str,
    name: &'static str,
    summary: &'static str,
    shape: Shape,
    seats: &'static [Seat],
) -> Variant {
    Variant {
        id,
        name,
        summary,
        support: Support::Planned,
        shape,
        seats,
        start: "",
        scheme: Scheme::Orthodox,
        double_step: nowhere,
        en_passant: false,
        promotion: nowhere,
        promote_by_capture_only: false,
        promote_at_edge: false,
        noses: &[],
        promotion_kinds: &[Kind::Queen],
        reverse_on: nowhere,
        forward_on: nowhere,
        leap_partner_pawn: false,
        shield_partner: false,
        castlings: &[],
        kings: &[Kind::King],
    }
}

pub const SKOCK: Variant = planned(
    "skock",
    "Skock",
    "dice chess with doubled armies and queues on 8x8 (planned)",
    Shape::CHESS,
    &[
        seat("White", 'w', "South", 0, Dir::North),
        seat("Black", 'b', "North", 1, Dir::South),
    ],
);

pub const TEAM: Variant = planned(
    "team",
    "Team-Chess (Meerman)",
    "two teams of neighbours on the 160-square cross (planned)",
    Shape::CROSS,
    &[
        seat("White", 'w', "South", 0, Dir::North),
        seat("Black", 'b', "West", 1, Dir::East),
        seat("Gray", 'g', "East", 0, Dir::West),
        seat("Brown", 'n', "North", 1, Dir::South),
    ],
);
