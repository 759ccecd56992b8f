//! Meerman's Multi-chess (rules.md section 5): a mated player leaves the
//! game at the start of his turn, inside the ply that mated him; his men
//! leave one by one unless their removal would expose a king (those stay as
//! neutral men). Quattro and Triple, all against all: the mating player
//! (the last to check him) gets a bonus queen on the king's square; a
//! stalemated player passes while more than two remain; the last player
//! wins. Team-Chess: no bonus, stalemate is a draw, the team wins that has
//! mated both opposing kings, and once a player is out the turn passes
//! clockwise from the last player who moved.

use super::Hooks;
use crate::board::Bits;
use crate::engine::{EndReason, Move, MoveKind, MoveList, Outcome, Position, Status, Turn};
use crate::men::Man;

/// The hooks of Multi-chess: all against all (Quattro, Triple), or in teams.
pub(super) struct Elimination {
    /// Teams of partners (Team-Chess) rather than all against all.
    pub teams: bool,
}

impl Elimination {
    /// Quattro-Chess and Triple-Chess.
    pub const ALL_AGAINST_ALL: Elimination = Elimination { teams: false };
    /// Team-Chess.
    pub const TEAMS: Elimination = Elimination { teams: true };
}

/// Seats in clockwise order South, West, North, East, as Team-Chess numbers
/// them (South, West, East, North): the clockwise successor of each seat.
const CLOCKWISE_SUCCESSOR: [usize; 4] = [1, 3, 0, 2];

impl Hooks for Elimination {
    fn judge<B: Bits>(&self, pos: &Position<B>, status: &[Status; 4], has_moves: bool) -> Turn {
        let left = (0..pos.seats()).filter(|&s| status[s] != Status::Out);
        let (count, winner) = left.fold((0, 0), |(n, _), s| (n + 1, s));
        if self.teams {
            // The team wins that has mated both opposing kings.
            let rules = pos.rules();
            for seat in 0..pos.seats() {
                let adversaries = rules.adversaries(seat);
                let all_out = (0..pos.seats())
                    .filter(|s| adversaries & (1 << s) != 0)
                    .all(|s| status[s] == Status::Out);
                if adversaries != 0 && all_out && status[seat] != Status::Out {
                    return Turn::Over(Outcome::Win {
                        seats: rules.allies[seat],
                        reason: EndReason::BothAdversariesMated,
                    });
                }
            }
        } else if count == 1 {
            return Turn::Over(Outcome::Win {
                seats: 1 << winner,
                reason: EndReason::LastPlayer,
            });
        }
        if has_moves {
            return Turn::Moves;
        }
        // Mated players leave as the ply before their turn is made; only a
        // position given as text can start with one: his pass removes him.
        // A stalemated player passes while more than two remain; with two,
        // it is a draw.
        let me = pos.turn();
        // Team-Chess: stalemate is a draw whoever is left.
        if status[me] == Status::Mated || (count > 2 && !self.teams) {
            Turn::Pass {
                becomes: status[me],
            }
        } else {
            Turn::Over(Outcome::Draw {
                reason: EndReason::Stalemate,
            })
        }
    }

    fn make<B: Bits>(&self, pos: &mut Position<B>, mv: Move, _reexamine: bool) {
        let before = *pos;
        let me = pos.turn();
        pos.make_plain(mv);
        if pos.status(me) == Status::Mated {
            eliminate(pos, me, !self.teams);
        } else if !mv.is_pass() {
            let mut moved = B::bit(mv.to as usize);
            if let MoveKind::Castle(i) = mv.kind
                && let Some(c) = pos.rules().castles.get(i as usize)
            {
                moved |= B::bit(c.rook_to);
            }
            note_checks(pos, &before, me, moved);
            sweep_neutral(pos);
        }
    }

    /// Players to move who are in check without a legal move leave the
    /// game before their turn, one after another. (Not inside `make`: the
    /// legality test makes moves too, and judges them on the position the
    /// move itself leaves.)
    fn after_ply<B: Bits>(&self, pos: &mut Position<B>, mover: usize) {
        let mut list = MoveList::new();
        for _ in 0..pos.seats() {
            let me = pos.turn();
            let left = (0..pos.seats())
                .filter(|&s| pos.status(s) != Status::Out)
                .count();
            if left <= 1 || pos.status(me) == Status::Out || !pos.in_check(me) {
                return;
            }
            pos.legal_moves_of(me, &mut list);
            if !list.is_empty() {
                return;
            }
            eliminate(pos, me, !self.teams);
            // The turn goes on from the last player who moved or passed
            // (the round was counted when it first passed on).
            let round = pos.fullmove_number();
            pos.set_turn(mover);
            pos.advance_turn();
            pos.set_fullmove(round);
        }
    }

    fn next_seat<B: Bits>(&self, pos: &Position<B>, seat: usize) -> usize {
        let someone_out = (0..pos.seats()).any(|s| pos.status(s) == Status::Out);
        if self.teams && someone_out && pos.seats() == 4 {
            CLOCKWISE_SUCCESSOR[seat % 4]
        } else {
            (seat + 1) % pos.seats().max(1)
        }
    }

    fn mating_ply<B: Bits>(&self, before: &Position<B>, after: &Position<B>) -> bool {
        // A move after which someone leaves the game mated.
        (0..after.seats())
            .any(|s| before.status(s) != Status::Out && after.status(s) == Status::Out)
    }
}

/// Records who checks each king anew after `mover`'s move (or his bonus
/// piece on `moved`): the mating player of Multi-chess is the last one.
fn note_checks<B: Bits>(pos: &mut Position<B>, before: &Position<B>, mover: usize, moved: B) {
    for seat in 0..pos.seats() {
        if seat == mover || pos.status(seat) == Status::Out {
            continue;
        }
        let Some(king) = pos.sole_king(seat) else {
            continue;
        };
        let now = pos.attackers(king, pos.enemy_men(seat), pos.occupied());
        let was = if before.sole_king(seat) == Some(king) {
            before.attackers(king, before.enemy_men(seat), before.occupied()) & !moved
        } else {
            B::EMPTY
        };
        let mut owners = 0u8;
        for sq in (now & !was).squares() {
            if let Some(m) = pos.man_at(sq) {
                owners |= 1 << m.owner;
            }
        }
        if let Some(c) = pos.checker_of(mover, owners) {
            pos.set_last_checker(seat, Some(c));
        }
    }
}

/// A mated player leaves: with `bonus`, his mating player, if still in the
/// game, gets a piece on the king's square (its checks count for him): the
/// kind the record chose for it, or a queen; then
/// his men leave one by one in square order, unless their removal would
/// give a king a new attacker (they stay, neutral).
fn eliminate<B: Bits>(pos: &mut Position<B>, seat: usize, bonus: bool) {
    let king = pos.sole_king(seat);
    let mating = pos
        .last_checker(seat)
        .filter(|&c| c != seat && pos.status(c) != Status::Out);
    pos.set_status(seat, Status::Out);
    pos.set_last_checker(seat, None);
    if let (true, Some(k), Some(m)) = (bonus, king, mating) {
        let before = *pos;
        let kind = pos.take_bonus_choice();
        pos.remove(k);
        pos.put(k, Man::new(kind, m, pos.forward(m)));
        note_checks(pos, &before, m, B::bit(k));
    }
    sweep_neutral(pos);
}

/// Removes, in square order, every neutral man whose removal gives no
/// king an attacker it did not have.
fn sweep_neutral<B: Bits>(pos: &mut Position<B>) {
    let mut neutral = B::EMPTY;
    for s in (0..pos.seats()).filter(|&s| pos.status(s) == Status::Out) {
        neutral |= pos.men_of(s);
    }
    for sq in neutral.squares() {
        let without = pos.occupied() & !B::bit(sq);
        let exposes = (0..pos.seats())
            .filter(|&s| pos.status(s) != Status::Out)
            .any(|s| match pos.sole_king(s) {
                Some(k) => {
                    let enemies = pos.enemy_men(s);
                    let with = pos.attackers(k, enemies, pos.occupied());
                    (pos.attackers(k, enemies, without) & !with).any()
                }
                None => false,
            });
        if !exposes {
            pos.remove(sq);
        }
    }
}
