//! Double King Chess (Squirk), rules.md section 3: 10x8, two kings and a
//! squirk each.
//!
//! Decisions used (rules.md): the setup follows the source's diagram
//! (bishops on c and h); light squares are those with x + y even; castling
//! may also be written as the king's move, and `O-O` / `O-O-O-O` only when
//! exactly one king can make that castling (the resolver reports the
//! ambiguity otherwise); a player with both kings and no legal move draws.

use super::{Castling, HookTable, Hooks, Pawns, Seat, Variant};
use crate::board::{Bits, Dir, Shape};
use crate::engine::{EndReason, Outcome, Position, Status, Turn};
use crate::men::Kind;

const SEATS: &[Seat] = &[
    Seat::new("White", 'w', "South", 0, Dir::North).with_kings(2),
    Seat::new("Black", 'b', "North", 1, Dir::South).with_kings(2),
];

const CASTLINGS: &[Castling] = &[
    Castling::new(0, "g1", "i1", "j1", "h1", "O-O"),
    Castling::new(0, "d1", "b1", "a1", "c1", "O-O"),
    Castling::new(0, "g1", "c1", "a1", "d1", "O-O-O-O"),
    Castling::new(0, "d1", "h1", "j1", "g1", "O-O-O-O"),
    Castling::new(1, "g8", "i8", "j8", "h8", "O-O"),
    Castling::new(1, "d8", "b8", "a8", "c8", "O-O"),
    Castling::new(1, "g8", "c8", "a8", "d8", "O-O-O-O"),
    Castling::new(1, "d8", "h8", "j8", "g8", "O-O-O-O"),
];

/// Two royals: a king may be captured while its owner has another, and a
/// player who still has both is never mated.
struct TwoKings;

impl Hooks for TwoKings {
    fn judge<B: Bits>(&self, pos: &Position<B>, status: &[Status; 4], has_moves: bool) -> Turn {
        let me = pos.turn();
        if !has_moves && pos.kings_of(me).several() {
            // Without a legal move, a player with both kings draws (rules.md).
            return Turn::Over(Outcome::Draw {
                reason: EndReason::Stalemate,
            });
        }
        super::Orthodox.judge(pos, status, has_moves)
    }
}

static HOOKS: TwoKings = TwoKings;

/// Double King Chess.
pub const DOUBLE_KING: Variant = Variant {
    id: "double-king",
    name: "Double King Chess (Squirk)",
    summary: "two kings and a squirk each on 10x8; capture one king, then mate the other",
    shape: Shape::WIDE,
    seats: SEATS,
    start: "rnbkqskbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBKQSKBNR w ADGJadgj - 0 1",
    pawns: Pawns {
        promotion_kinds: &[
            Kind::Queen,
            Kind::Squirk,
            Kind::Rook,
            Kind::Bishop,
            Kind::Knight,
        ],
        ..Pawns::ORTHODOX
    },
    castlings: CASTLINGS,
    hooks: HookTable::of(&HOOKS),
    ..Variant::ORTHODOX
};
