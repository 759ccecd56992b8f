//! Meerman's Multi-chess (rules.md section 5): a mated player leaves the
//! game at the start of his turn, inside the ply that mated him; his mating
//! player (the last to check him) gets a bonus queen on the king's square;
//! his men leave one by one unless their removal would expose a king (those
//! stay as neutral men); a stalemated player passes while more than two
//! remain; the last player wins.

use super::Hooks;
use crate::board::Bits;
use crate::engine::{EndReason, Move, MoveKind, MoveList, Outcome, Position, Status, Turn};
use crate::men::{Kind, Man};

/// The hooks of Quattro-Chess and Triple-Chess.
pub(super) struct Elimination;

impl Hooks for Elimination {
    fn judge<B: Bits>(&self, pos: &Position<B>, status: &[Status; 4], has_moves: bool) -> Turn {
        let left = (0..pos.seats()).filter(|&s| status[s] != Status::Out);
        let (count, winner) = left.fold((0, 0), |(n, _), s| (n + 1, s));
        if count == 1 {
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
        if status[me] == Status::Mated || count > 2 {
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
            eliminate(pos, me);
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
    fn after_ply<B: Bits>(&self, pos: &mut Position<B>) {
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
            eliminate(pos, me);
            pos.advance_turn();
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

/// A mated player leaves: his mating player, if still in the game, gets
/// a queen on the king's square (its checks count for him); then his
/// men leave one by one in square order, unless their removal would give
/// a king a new attacker (they stay, neutral).
fn eliminate<B: Bits>(pos: &mut Position<B>, seat: usize) {
    let king = pos.sole_king(seat);
    let mating = pos
        .last_checker(seat)
        .filter(|&c| c != seat && pos.status(c) != Status::Out);
    pos.set_status(seat, Status::Out);
    pos.set_last_checker(seat, None);
    if let (Some(k), Some(m)) = (king, mating) {
        let before = *pos;
        pos.remove(k);
        pos.put(k, Man::new(Kind::Queen, m, pos.forward(m)));
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
