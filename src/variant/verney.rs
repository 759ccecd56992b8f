//! Verney's Four-Handed Chess, 1881 (rules.md section 1).
//!
//! Decisions used (rules.md): light squares are those with x + y even; the
//! layout is Chess.com's classic 4PCo array with Verney's colours (Yellow
//! South, Red West, White North, Black East); a stalemated player whose
//! partner is active passes; the "one piece left" draw is a claim, not applied.

use super::cross::compass_seats;
use super::{HookTable, Hooks, Pawns, Promotion, Seat, Values, Variant, VariantOption, Zone};
use crate::board::{Bits, Shape};
use crate::engine::{EndReason, Move, Outcome, Position, Status, Turn};
use crate::men::Kind;

const SEATS: &[Seat] = &compass_seats(
    [
        ("Yellow", 'y'),
        ("Red", 'r'),
        ("White", 'w'),
        ("Black", 'b'),
    ],
    [0, 1, 0, 1],
);

/// The back edge of an adversary's arm: files a and n for the North-South
/// team, ranks 1 and 14 for the West-East team (the arms span 4..11).
fn adversary_edge(seat: usize, x: usize, y: usize) -> bool {
    if seat.is_multiple_of(2) {
        (x == 0 || x == 13) && (3..=10).contains(&y)
    } else {
        (y == 0 || y == 13) && (3..=10).contains(&x)
    }
}

/// Inert mates: a player without a legal move passes, mated or stalemated;
/// a mated player's men are inert until a later position releases him; a
/// team wins when both adversaries are mated.
pub(super) struct InertMates;

impl Hooks for InertMates {
    fn judge<B: Bits>(&self, pos: &Position<B>, status: &[Status; 4], has_moves: bool) -> Turn {
        if let Some(outcome) = team_end(pos, status) {
            return Turn::Over(outcome);
        }
        if has_moves {
            Turn::Moves
        } else {
            Turn::Pass {
                becomes: status[pos.turn()],
            }
        }
    }

    fn make<B: Bits>(&self, pos: &mut Position<B>, mv: Move, reexamine: bool) {
        // Mated players are re-examined "after every ply (a move, or a pass
        // in which a player became mated or stalemated)": not after the pass
        // of a player who was mated already (rules.md, "Release").
        let mated_passes = mv.is_pass() && pos.status(pos.turn()) == Status::Mated;
        pos.make_plain(mv);
        if reexamine && !mated_passes && pos.anyone_mated() {
            pos.reexamine_mated();
        }
    }

    fn test_every_move<B: Bits>(&self, pos: &Position<B>) -> bool {
        pos.anyone_mated()
    }

    fn dead_status(&self) -> Status {
        Status::Mated
    }

    fn mating_ply<B: Bits>(&self, _before: &Position<B>, _after: &Position<B>) -> bool {
        // A mate is found at the start of the mated player's turn, as his pass.
        false
    }

    fn draw_claimable<B: Bits>(&self, before: &Position<B>, after: &Position<B>) -> bool {
        few_pieces_each_side(after) && !few_pieces_each_side(before)
    }
}

/// Verney's end: a team wins when both adversaries are mated; a draw when
/// one of a team is mated and his partner stalemated, or both stalemated.
pub(super) fn team_end<B: Bits>(pos: &Position<B>, status: &[Status; 4]) -> Option<Outcome> {
    let r = pos.rules();
    let seats = r.seats;
    for seat in 0..seats {
        let adversaries = r.adversaries(seat);
        let all_mated = (0..seats)
            .filter(|s| adversaries & (1 << s) != 0)
            .all(|s| status[s] == Status::Mated);
        if adversaries != 0 && all_mated {
            return Some(Outcome::Win {
                seats: r.allies[seat],
                reason: EndReason::BothAdversariesMated,
            });
        }
    }
    for seat in 0..seats {
        let Some(p) = r.partner[seat] else { continue };
        let (a, b) = (status[seat], status[p]);
        let blocked = |s: Status| s == Status::Mated || s == Status::Stalemated;
        if blocked(a) && blocked(b) && (a == Status::Stalemated || b == Status::Stalemated) {
            return Some(Outcome::Draw {
                reason: EndReason::TeamStalemated,
            });
        }
    }
    None
}

/// Whether every team has at most one piece on the board, kings and pawns
/// not counted (Verney: "a double checkmate can then never ensue").
fn few_pieces_each_side<B: Bits>(pos: &Position<B>) -> bool {
    let v = pos.variant();
    let pieces = pos.occupied() & !pos.pieces(Kind::King) & !pos.pieces(Kind::Pawn);
    (0..v.team_count()).all(|team| {
        let men = (0..v.players())
            .filter(|&s| v.seats[s].team as usize == team)
            .fold(B::EMPTY, |acc, s| acc | pos.men_of(s));
        !(men & pieces).several()
    })
}

static HOOKS: InertMates = InertMates;

/// Verney's Four-Handed Chess.
pub const VERNEY: Variant = Variant {
    id: "verney",
    name: "Verney's Four-Handed Chess (1881)",
    summary: "four players in two teams on the 160-square cross; inert mates, reversing pawns",
    shape: Shape::CROSS,
    seats: SEATS,
    start: "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-\
            3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/\
            bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bK,bP,10,gP,gQ/\
            bQ,bP,10,gP,gK/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/14/\
            3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3",
    pawns: Pawns {
        double_step: Zone::Nowhere,
        en_passant: false,
        promotion: Promotion::On(Zone::Custom(adversary_edge)),
        promote_by_capture_only: true,
        promotion_kinds: &[Kind::Queen],
        // The partner sits opposite: his back row turns a pawn back, its
        // owner's pawn row turns it forwards again.
        reverse_on: Zone::FarRank(0),
        forward_on: Zone::Rank(1),
        leap_partner_pawn: true,
        ..Pawns::ORTHODOX
    },
    shield_partner: true,
    values: Values::VERNEY,
    options: &[VariantOption {
        name: "drawn-ending",
        summary: "Verney's \"one piece left on either side\" draw: `claim` (the default) reports \
                  the round from which it may be claimed; `apply` ends the game drawn there",
        values: &["claim", "apply"],
    }],
    hooks: HookTable::of(&HOOKS),
    ..Variant::ORTHODOX
};
