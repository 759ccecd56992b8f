//! Meerman's Team-Chess (rules.md section 5): Quattro's board, men and
//! elimination with two teams of neighbours, South+East (White, Gray)
//! against North+West (Brown, Black).
//!
//! Rules as rules.md gives them: the order South, West, East, North and,
//! once a player is out, the clockwise successor of the last player who
//! moved or passed; pawns may step one or two squares from any square, and
//! every double step opens Quattro's extended en passant; partners' men
//! never attack each other and no move may open a new attack on the
//! partner's king; a mated player's men leave (neutral men as in Quattro,
//! the king too), with no bonus piece; stalemate is a draw; the team that
//! has mated both opposing kings wins. Castling as in Quattro.

use super::multi::Elimination;
use super::{Castling, HookTable, Pawns, Promotion, Seat, Values, Variant, Zone};
use crate::board::{Dir, Shape};

/// Seats in the order of play South, West, East, North.
const SEATS: &[Seat] = &[
    Seat::new("White", 'w', "South", 0, Dir::North),
    Seat::new("Black", 'b', "West", 1, Dir::East),
    Seat::new("Gray", 'g', "East", 0, Dir::West),
    Seat::new("Brown", 'n', "North", 1, Dir::South),
];

/// Quattro's castlings, numbered by Team-Chess's seats (East is the third,
/// North the fourth).
const CASTLINGS: &[Castling] = &[
    Castling::new(0, "h1", "j1", "k1", "i1", "O-O"),
    Castling::new(0, "h1", "f1", "d1", "g1", "O-O-O"),
    Castling::new(1, "a8", "a10", "a11", "a9", "O-O"),
    Castling::new(1, "a8", "a6", "a4", "a7", "O-O-O"),
    Castling::new(3, "g14", "e14", "d14", "f14", "O-O"),
    Castling::new(3, "g14", "i14", "k14", "h14", "O-O-O"),
    Castling::new(2, "n7", "n5", "n4", "n6", "O-O"),
    Castling::new(2, "n7", "n9", "n11", "n8", "O-O-O"),
];

/// Every square: a pawn may step two squares from anywhere.
fn anywhere(_seat: usize, _x: usize, _y: usize) -> bool {
    true
}

static HOOKS: Elimination = Elimination::TEAMS;

/// Team-Chess.
pub const TEAM: Variant = Variant {
    id: "team",
    name: "Team-Chess (Meerman)",
    summary: "two teams of neighbours on the 160-square cross; the mated leave, no bonus, stalemate draws",
    shape: Shape::CROSS,
    seats: SEATS,
    start: "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-\
            3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/\
            bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bK,bP,10,gP,gQ/\
            bQ,bP,10,gP,gK/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/14/\
            3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3",
    pawns: Pawns {
        double_step: Zone::Custom(anywhere),
        promotion: Promotion::On(Zone::FarRank(0)),
        ..Pawns::ORTHODOX
    },
    shield_partner: true,
    castlings: CASTLINGS,
    values: Values::VERNEY,
    hooks: HookTable::of(&HOOKS),
    ..Variant::ORTHODOX
};
