//! Verney's Four-Handed Chess as the 1892 London v Cambridge University
//! match played it (`verney-1892`), as far as the surviving score shows.
//!
//! Verney 1881 in everything (board, layout, partners opposite, inert
//! mates, reversing pawns, promotion by capture on an adversary's back
//! edge), except two things the score of game 1 shows
//! (`records/1892-london-v-cambridge-game1.txt`):
//! - White moves first (the printed columns run White, Black, Yellow, Red:
//!   the 1881 cycle entered at White);
//! - a pawn may step two squares from its pawn row (White's `5. P-QN4`,
//!   with no earlier move of that pawn). No source gives en passant, so
//!   there is none.

use super::verney::VERNEY;
use super::{Pawns, Variant, Zone};

/// Verney's game under the 1892 match rules.
pub const VERNEY_1892: Variant = Variant {
    id: "verney-1892",
    name: "Verney's Four-Handed Chess (1892 match rules)",
    summary: "Verney 1881, with White moving first and a pawn's two-square first step \
              (no en passant), as the 1892 London v Cambridge score shows",
    start: "Y-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-\
            3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/\
            bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bK,bP,10,gP,gQ/\
            bQ,bP,10,gP,gK/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/14/\
            3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3",
    pawns: Pawns {
        double_step: Zone::Rank(1),
        en_passant: false,
        ..VERNEY.pawns
    },
    ..VERNEY
};
