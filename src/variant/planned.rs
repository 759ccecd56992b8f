//! Variants whose rules are fixed in rules.md but which the engine does not
//! play yet. Their boards, seats and teams are here so that the record, the
//! readers and `roundtable variants` already know them.

use super::{Support, Variant};

/// Skock (planned).
pub const SKOCK: Variant = Variant {
    id: "skock",
    name: "Skock",
    summary: "dice chess with doubled armies and queues on 8x8 (planned)",
    support: Support::Planned,
    start: "",
    ..Variant::ORTHODOX
};
