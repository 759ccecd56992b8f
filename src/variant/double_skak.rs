//! Double Skak, rules.md section 2: four players in two teams on 8x8, one
//! king per team, pawns with noses.
//!
//! Decisions used (rules.md): a pawn that reaches the board's edge in its
//! direction of travel promotes to a queen, rook, bishop or knight; a
//! first-move capture that is diagonal-forward for both noses keeps the
//! default nose; a king's owner with no legal move and not in check draws;
//! a queen player with no legal move passes.

use super::{HookTable, Hooks, Pawns, Promotion, Seat, Values, Variant, Zone};
use crate::board::{Bits, Dir};
use crate::engine::{Position, Status, Turn};

const SEATS: &[Seat] = &[
    Seat::new("Yellow", 'y', "South-East", 0, Dir::West).with_kings(0),
    Seat::new("Green", 'g', "North-East", 1, Dir::West).with_kings(0),
    Seat::new("White", 'w', "North-West", 0, Dir::South),
    Seat::new("Red", 'r', "South-West", 1, Dir::North),
];

/// One king per team: the queen player, who has none, passes when he
/// cannot move; the king's owner is mated or stalemated as in chess.
struct TeamKing;

impl Hooks for TeamKing {
    fn judge<B: Bits>(&self, pos: &Position<B>, status: &[Status; 4], has_moves: bool) -> Turn {
        if !has_moves && pos.kings_of(pos.turn()).is_empty() {
            return Turn::Pass {
                becomes: Status::Stalemated,
            };
        }
        super::Orthodox.judge(pos, status, has_moves)
    }
}

static HOOKS: TeamKing = TeamKing;

/// Double Skak.
pub const DOUBLE_SKAK: Variant = Variant {
    id: "double-skak",
    name: "Double Skak",
    summary: "four players, two teams, one king per team, nosed pawns on 8x8",
    seats: SEATS,
    start: "Y-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-\
            {'pawnDir':'c1:e c2:e g3:n h3:n g6:s h6:s c7:e c8:e','noses':'c2 f2 b3 g3 b6 g6 c7 f7'}-\
            wK,wR,wP,2,gP,gB,gQ/wN,wB,wP,2,gP,gR,gN/wP,wP,4,gP,gP/8/8/\
            rP,rP,4,yP,yP/rN,rB,rP,2,yP,yR,yN/rK,rR,rP,2,yP,yB,yQ",
    pawns: Pawns {
        double_step: Zone::Nowhere,
        en_passant: false,
        promotion: Promotion::AtEdge,
        noses: &[
            [Dir::West, Dir::North],
            [Dir::West, Dir::South],
            [Dir::South, Dir::East],
            [Dir::North, Dir::East],
        ],
        ..Pawns::ORTHODOX
    },
    shield_partner: true,
    values: Values::VERNEY,
    hooks: HookTable::of(&HOOKS),
    ..Variant::ORTHODOX
};
