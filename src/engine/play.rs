//! Making a move: the board, the pawn's direction, castling rights, en
//! passant chances, clocks, the mover's status, releases and the next turn.

use super::moves::{Move, MoveKind};
use super::position::{EpChance, NO_EP, Position, Status};
use crate::board::{Bits, Square};
use crate::men::Kind;
use crate::variant::Scheme;

impl<B: Bits> Position<B> {
    /// Plays a move of the player to move, which must be one of his legal
    /// moves (or the pass his turn calls for).
    pub fn play(&mut self, mv: Move) {
        self.play_with(mv, true);
        // Multi-chess: players mated by this ply leave before their turn.
        // (Not inside `play_with`: the legality test plays moves too, and
        // judges them on the position the move itself leaves.)
        if self.rules.variant.scheme == Scheme::Elimination {
            self.eliminate_the_mated();
        }
    }

    /// The position after `mv`.
    pub fn after(&self, mv: Move) -> Self {
        let mut next = *self;
        next.play(mv);
        next
    }

    pub(crate) fn play_with(&mut self, mv: Move, reexamine: bool) {
        let me = self.turn as usize;
        let before = (self.rules.variant.scheme == Scheme::Elimination).then_some(*self);
        if mv.kind == MoveKind::Pass {
            if self.status[me] != Status::Mated {
                self.status[me] = if self.in_check(me) {
                    Status::Mated
                } else {
                    Status::Stalemated
                };
            }
            self.halfmove = self.halfmove.saturating_add(1);
        } else {
            self.move_man(me, mv);
            if self.status[me] == Status::Stalemated {
                self.status[me] = Status::Active;
            }
        }
        if reexamine
            && self.rules.variant.scheme == Scheme::InertMates
            && self.status.contains(&Status::Mated)
        {
            self.reexamine_mated();
        }
        if let Some(before) = before {
            if self.status[me] == Status::Mated {
                self.eliminate(me);
            } else if !mv.is_pass() {
                let mut moved = B::bit(mv.to as usize);
                if let MoveKind::Castle(i) = mv.kind
                    && let Some(c) = self.rules.castles.get(i as usize)
                {
                    moved |= B::bit(c.rook_to);
                }
                self.note_checks(&before, me, moved);
                self.sweep_neutral();
            }
        }
        self.advance_turn();
    }

    /// Records who checks each king anew after `mover`'s move (or his bonus
    /// piece on `moved`): the mating player of Multi-chess is the last one.
    fn note_checks(&mut self, before: &Position<B>, mover: usize, moved: B) {
        for seat in (0..self.rules.seats).filter(|&s| s != mover && self.status[s] != Status::Out) {
            let Some(king) = self.sole_king(seat) else {
                continue;
            };
            let now = self.attackers(king, self.enemy_men(seat), self.occupied);
            let was = if before.sole_king(seat) == Some(king) {
                before.attackers(king, before.enemy_men(seat), before.occupied) & !moved
            } else {
                B::EMPTY
            };
            let mut owners = 0u8;
            for sq in (now & !was).squares() {
                if let Some(m) = self.man_at(sq) {
                    owners |= 1 << m.owner;
                }
            }
            if let Some(c) = self.checker_of(mover, owners) {
                self.last_checker[seat] = c as u8;
            }
        }
    }

    /// Players to move who are in check without a legal move leave the game
    /// before their turn, one after another.
    fn eliminate_the_mated(&mut self) {
        let mut list = super::moves::MoveList::new();
        for _ in 0..self.rules.seats {
            let me = self.turn as usize;
            let left = self
                .status
                .iter()
                .take(self.rules.seats)
                .filter(|s| **s != Status::Out)
                .count();
            if left <= 1 || self.status[me] == Status::Out || !self.in_check(me) {
                return;
            }
            self.legal_moves_of(me, &mut list);
            if !list.is_empty() {
                return;
            }
            self.eliminate(me);
            self.advance_turn();
        }
    }

    /// A mated player leaves: his mating player, if still in the game, gets
    /// a queen on the king's square (its checks count for him); then his
    /// men leave one by one in square order, unless their removal would give
    /// a king a new attacker (they stay, neutral).
    fn eliminate(&mut self, seat: usize) {
        let king = self.sole_king(seat);
        let mating = self
            .last_checker(seat)
            .filter(|&c| c != seat && self.status[c] != Status::Out);
        self.status[seat] = Status::Out;
        self.last_checker[seat] = u8::MAX;
        if let (Some(k), Some(m)) = (king, mating) {
            let before = *self;
            self.remove(k);
            self.put(k, crate::men::Man::new(Kind::Queen, m, self.forward(m)));
            self.note_checks(&before, m, B::bit(k));
        }
        self.sweep_neutral();
    }

    /// Removes, in square order, every neutral man whose removal gives no
    /// king an attacker it did not have.
    fn sweep_neutral(&mut self) {
        let mut neutral = B::EMPTY;
        for s in (0..self.rules.seats).filter(|&s| self.status[s] == Status::Out) {
            neutral |= self.by_seat[s];
        }
        for sq in neutral.squares() {
            let without = self.occupied & !B::bit(sq);
            let exposes = (0..self.rules.seats)
                .filter(|&s| self.status[s] != Status::Out)
                .any(|s| match self.sole_king(s) {
                    Some(k) => {
                        let enemies = self.enemy_men(s);
                        let with = self.attackers(k, enemies, self.occupied);
                        (self.attackers(k, enemies, without) & !with).any()
                    }
                    None => false,
                });
            if !exposes {
                self.remove(sq);
            }
        }
    }

    fn move_man(&mut self, me: usize, mv: Move) {
        let (from, to) = (mv.from as usize, mv.to as usize);
        let was_free = self.free.has(from);
        let Some(mut man) = self.remove(from) else {
            return;
        };
        if was_free {
            self.choose_nose(me, from, to, &mut man);
        }
        let captured = self.remove(to);
        let mut pawn_or_capture = captured.is_some() || man.kind == Kind::Pawn;
        match mv.kind {
            MoveKind::EnPassant => {
                if let Some(chance) = self.ep.iter_mut().find(|c| c.target == mv.to) {
                    let victim = chance.victim as usize;
                    *chance = NO_EP;
                    self.remove(victim);
                }
            }
            MoveKind::Castle(i) => {
                if let Some(c) = self.rules.castles.get(i as usize)
                    && let Some(rook) = self.remove(c.rook_from)
                {
                    self.put(c.rook_to, rook);
                    self.unmoved &= !B::bit(c.rook_from);
                }
            }
            MoveKind::Promotion(kind) => man.kind = kind,
            MoveKind::DoubleStep => {
                let skipped = self.rules.geo.between(from, to);
                if skipped.any() {
                    self.ep[me] = EpChance {
                        target: skipped.lsb() as u8,
                        victim: to as u8,
                    };
                }
            }
            MoveKind::Normal | MoveKind::Pass => {}
        }
        if man.kind == Kind::Pawn {
            self.turn_pawn(me, to, &mut man);
        }
        self.put(to, man);
        self.unmoved &= !(B::bit(from) | B::bit(to));
        // An en passant chance dies with the pawn that opened it.
        if captured.is_some() {
            for chance in self.ep.iter_mut() {
                if chance.victim == mv.to {
                    *chance = NO_EP;
                }
            }
        }
        pawn_or_capture |= mv.kind == MoveKind::EnPassant;
        self.halfmove = if pawn_or_capture {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
    }

    /// A pawn free to choose its nose takes the direction it moved in; a
    /// capture both noses reach keeps its first (rules.md, Double Skak).
    fn choose_nose(&self, me: usize, from: Square, to: Square, man: &mut crate::men::Man) {
        let g = &self.rules.geo;
        if let Some(other) = self.other_nose(me, man.dir) {
            let stepped = g.pawn_step(from, other) == Some(to);
            let took =
                g.pawn_captures(from, other).has(to) && !g.pawn_captures(from, man.dir).has(to);
            if stepped || took {
                man.dir = other;
            }
        }
    }

    /// Verney's reversal: a pawn arriving on the partner's back row travels
    /// back; arriving on its owner's pawn row it travels forward again.
    fn turn_pawn(&self, me: usize, to: Square, man: &mut crate::men::Man) {
        let r = self.rules;
        if r.reverse_on[me].has(to) {
            man.dir = self.forward(me).opposite();
        } else if r.forward_on[me].has(to) {
            man.dir = self.forward(me);
        }
    }

    /// Passes the turn to the next seat still at the board; his own en
    /// passant chance closes as his turn starts.
    fn advance_turn(&mut self) {
        let seats = self.rules.seats;
        let mut next = self.turn as usize;
        for _ in 0..seats {
            next = (next + 1) % seats;
            if next == 0 {
                self.fullmove = self.fullmove.saturating_add(1);
            }
            if self.status[next] != Status::Out {
                break;
            }
        }
        self.turn = next as u8;
        self.ep[next] = NO_EP;
    }

    /// Verney's release: every mated player is re-examined against the
    /// statuses before this examination; one whose king, with his men active
    /// again, is not attacked, or who would have a legal move, is released.
    fn reexamine_mated(&mut self) {
        let before = *self;
        for seat in 0..self.rules.seats {
            if before.status[seat] != Status::Mated {
                continue;
            }
            let mut freed = before;
            freed.status[seat] = Status::Active;
            freed.turn = seat as u8;
            let attacked = match freed.sole_king(seat) {
                Some(k) => freed
                    .attackers(k, freed.enemy_men(seat), freed.occupied)
                    .any(),
                None => false,
            };
            if !attacked || freed.has_legal_move_unreleased(seat) {
                self.status[seat] = Status::Active;
            }
        }
    }
}
