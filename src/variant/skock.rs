//! Skock, rules.md section 4: one 8x8 board, doubled armies, two dice. A
//! turn is built by [`crate::engine::dice`] from the shared generator's
//! single moves; this file holds the data that makes those moves Skock
//! steps: no castling, no en passant, no pawn double step, kings capturable
//! (only by the last step of a 6, which the turn builder enforces), and no
//! promotion by the generator (a pawn on its last rank is exchanged for a
//! man of its owner's queue by the turn builder).

use super::{Pawns, Promotion, Seat, Support, Variant, Zone};
use crate::board::Dir;

const SEATS: &[Seat] = &[
    Seat::new("White", 'w', "South", 0, Dir::North).with_kings(2),
    Seat::new("Black", 'b', "North", 1, Dir::South).with_kings(2),
];

/// Skock.
pub const SKOCK: Variant = Variant {
    id: "skock",
    name: "Skock",
    summary: "dice chess with doubled armies and queues of captured men on 8x8",
    support: Support::Playable,
    seats: SEATS,
    start: "rnbqkbnr/rnbkqbnr/pppppppp/pppppppp/PPPPPPPP/PPPPPPPP/RNBKQBNR/RNBQKBNR w - - 0 1",
    pawns: Pawns {
        double_step: Zone::Nowhere,
        en_passant: false,
        promotion: Promotion::On(Zone::Nowhere),
        ..Pawns::ORTHODOX
    },
    king_capture: true,
    dice: true,
    castlings: &[],
    ..Variant::ORTHODOX
};
