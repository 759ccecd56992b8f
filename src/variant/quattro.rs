//! Meerman's Quattro-Chess, all against all (rules.md section 5), and
//! Triple-Chess, the same rules for three.
//!
//! Decisions used (rules.md): Verney's board and layout; extended en passant
//! open to each other player on his next turn only; castling on the own
//! back row, the king two squares towards the rook; the bonus piece is a
//! queen unless the record names another (`[%bonus R]` in the comment after
//! the ply with which the mated player leaves: see `replay::bonus_of`). A
//! position read as text says who checked each king last through FEN4's
//! `'checkedBy'`; without it, a mate in its first turns gives no bonus.

use super::cross::compass_seats;
use super::multi::Elimination;
use super::{Castling, HookTable, Pawns, Promotion, Seat, Values, Variant, Zone};
use crate::board::Shape;

const SEATS: &[Seat] = &compass_seats(
    [
        ("White", 'w'),
        ("Black", 'b'),
        ("Brown", 'n'),
        ("Gray", 'g'),
    ],
    [0, 1, 2, 3],
);

const CASTLINGS: &[Castling] = &[
    Castling::new(0, "h1", "j1", "k1", "i1", "O-O"),
    Castling::new(0, "h1", "f1", "d1", "g1", "O-O-O"),
    Castling::new(1, "a8", "a10", "a11", "a9", "O-O"),
    Castling::new(1, "a8", "a6", "a4", "a7", "O-O-O"),
    Castling::new(2, "g14", "e14", "d14", "f14", "O-O"),
    Castling::new(2, "g14", "i14", "k14", "h14", "O-O-O"),
    Castling::new(3, "n7", "n5", "n4", "n6", "O-O"),
    Castling::new(3, "n7", "n9", "n11", "n8", "O-O-O"),
];

static HOOKS: Elimination = Elimination::ALL_AGAINST_ALL;

/// Quattro-Chess.
pub const QUATTRO: Variant = Variant {
    id: "quattro",
    name: "Quattro-Chess (Meerman)",
    summary: "four players, all against all, on the 160-square cross; the mated leave, the mating gain a piece of their choice",
    shape: Shape::CROSS,
    seats: SEATS,
    start: "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-\
            3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/\
            bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bK,bP,10,gP,gQ/\
            bQ,bP,10,gP,gK/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/14/\
            3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3",
    pawns: Pawns {
        double_step: Zone::Rank(1),
        promotion: Promotion::On(Zone::FarRank(0)),
        ..Pawns::ORTHODOX
    },
    castlings: CASTLINGS,
    values: Values::VERNEY,
    hooks: HookTable::of(&HOOKS),
    ..Variant::ORTHODOX
};

/// The opposite back row; West, facing the missing East arm, promotes on
/// the board's east edge k4..k11 (rules.md, Triple-Chess Decision).
fn triple_back_row(seat: usize, x: usize, y: usize) -> bool {
    match seat {
        0 => y == 13,
        1 => x == 10 && (3..=10).contains(&y),
        _ => y == 0,
    }
}

/// Triple-Chess: Quattro without the East arm and its player (rules.md
/// section 5, Decision: no public text gives Meerman's three-player board).
pub const TRIPLE: Variant = Variant {
    id: "triple",
    name: "Triple-Chess (Meerman)",
    summary: "three players, all against all, on the cross without its East arm",
    shape: Shape::TRIPLE,
    seats: SEATS.split_at(3).0,
    start: "R-0,0,0,0-1,1,1,0-1,1,1,0-0,0,0,0-0-\
            3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/\
            bR,bP,12/bN,bP,12/bB,bP,12/bK,bP,12/\
            bQ,bP,12/bB,bP,12/bN,bP,12/bR,bP,12/14/\
            3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3",
    castlings: CASTLINGS.split_at(6).0,
    pawns: Pawns {
        promotion: Promotion::On(Zone::Custom(triple_back_row)),
        ..QUATTRO.pawns
    },
    ..QUATTRO
};
