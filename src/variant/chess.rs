//! Orthodox chess: the engine's reference (rules.md section 0).

use super::{Castling, NotationHints, Variant};

const CASTLINGS: &[Castling] = &[
    Castling::new(0, "e1", "g1", "h1", "f1", "O-O"),
    Castling::new(0, "e1", "c1", "a1", "d1", "O-O-O"),
    Castling::new(1, "e8", "g8", "h8", "f8", "O-O"),
    Castling::new(1, "e8", "c8", "a8", "d8", "O-O-O"),
];

/// Orthodox chess: the orthodox data with castling, and no `Variant` tag in PGN.
pub const CHESS: Variant = Variant {
    id: "chess",
    name: "Orthodox chess",
    summary: "FIDE chess on 8x8: castling, en passant, promotion; the engine's reference",
    castlings: CASTLINGS,
    hints: NotationHints {
        // "From Position" is what lichess writes for a standard game from a set-up
        // position; "Regular" and "Normal" come from other programs.
        aliases: &["standard", "orthodox", "regular", "normal", "from position"],
        variant_tag: false,
        ..Variant::ORTHODOX.hints
    },
    ..Variant::ORTHODOX
};
