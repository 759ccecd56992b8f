//! Variants whose rules are fixed in rules.md but which the engine does not
//! play yet. Their boards, seats and teams are here so that the record, the
//! readers and `roundtable variants` already know them.

use super::{Seat, Support, Values, Variant};
use crate::board::{Dir, Shape};

/// Team-Chess plays in the order South, West, East, North (rules.md).
const TEAM_SEATS: &[Seat] = &[
    Seat::new("White", 'w', "South", 0, Dir::North),
    Seat::new("Black", 'b', "West", 1, Dir::East),
    Seat::new("Gray", 'g', "East", 0, Dir::West),
    Seat::new("Brown", 'n', "North", 1, Dir::South),
];

/// Skock (planned).
pub const SKOCK: Variant = Variant {
    id: "skock",
    name: "Skock",
    summary: "dice chess with doubled armies and queues on 8x8 (planned)",
    support: Support::Planned,
    start: "",
    ..Variant::ORTHODOX
};

/// Team-Chess (planned).
pub const TEAM: Variant = Variant {
    id: "team",
    name: "Team-Chess (Meerman)",
    summary: "two teams of neighbours on the 160-square cross (planned)",
    support: Support::Planned,
    shape: Shape::CROSS,
    seats: TEAM_SEATS,
    start: "",
    values: Values::VERNEY,
    ..Variant::ORTHODOX
};
