//! Making a move: the board, the pawn's direction, castling rights, en
//! passant chances, clocks, the mover's status, releases and the next turn.

use super::moves::{Move, MoveKind};
use super::position::{EpChance, NO_EP, Position, Status};
use crate::board::{Bits, Square};
use crate::men::Kind;

impl<B: Bits> Position<B> {
    /// Plays a move of the player to move, which must be one of his legal
    /// moves (or the pass his turn calls for).
    pub fn play(&mut self, mv: Move) {
        if self.rules.plain_turns {
            // What the hooks would do, without asking them.
            self.make_plain(mv);
            self.advance_turn();
            return;
        }
        let mover = self.turn as usize;
        self.play_with(mv, true);
        let hooks = self.rules.hooks;
        hooks.after_ply(self, mover);
    }

    /// Plays `mv`, giving the bonus pieces of the eliminations it causes
    /// (Multi-chess: the mating player's choice) the kinds of `bonus`, in
    /// the order the eliminations happen; the rest get the default queen.
    /// Returns how many of `bonus` were given, so that a record naming more
    /// pieces than the ply gives can be told so. Only the first three are
    /// taken (a ply can mate at most the three other players), and only up
    /// to the first kind that is no bonus piece ([`BONUS_KINDS`](super::BONUS_KINDS)).
    pub fn play_with_bonus(&mut self, mv: Move, bonus: &[Kind]) -> usize {
        let chosen = self.choose_bonus(bonus);
        self.play(mv);
        let given = chosen - self.bonus_left();
        self.choose_bonus(&[]);
        given
    }

    /// The position after a null move: the turn passes on and nothing else
    /// changes (annotators write it `--` or `Z0` in variations; no rule
    /// allows it in play).
    pub fn null_move(&self) -> Self {
        let mut next = *self;
        next.halfmove = next.halfmove.saturating_add(1);
        next.advance_turn();
        next
    }

    /// The position after `mv`.
    pub fn after(&self, mv: Move) -> Self {
        let mut next = *self;
        next.play(mv);
        next
    }

    /// Makes `mv` by the variant's rules and passes the turn on; without
    /// `reexamine`, mated players are not re-examined. The engine always
    /// re-examines: Verney's rule 2 judges a move "including any release the
    /// move causes", in the legality test as in play.
    pub(crate) fn play_with(&mut self, mv: Move, reexamine: bool) {
        let hooks = self.rules.hooks;
        hooks.make(self, mv, reexamine);
        self.advance_turn();
    }

    /// The plain move, as every variant makes it: the men, the pawn's
    /// direction, castling rights, en passant chances, the clocks and the
    /// mover's status (a pass marks him mated or stalemated; a move ends a
    /// stalemate). The variant's hooks add what its rules add.
    #[inline(always)]
    pub fn make_plain(&mut self, mv: Move) {
        let me = self.turn as usize;
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
        // A castling captures nothing: in Chess960 the king may land on its
        // own rook's square, and the rook is moved below.
        let captured = if matches!(mv.kind, MoveKind::Castle(_)) {
            None
        } else {
            self.remove(to)
        };
        let mut pawn_or_capture = captured.is_some() || man.kind == Kind::Pawn;
        match mv.kind {
            MoveKind::EnPassant => {
                // The chance of an adversary: two double steps may skip the
                // same square (Team-Chess), and a partner's pawn is no prey.
                let adversaries = self.rules.adversaries(me);
                if let Some(chance) = self
                    .ep
                    .iter_mut()
                    .enumerate()
                    .find(|(creator, c)| c.target == mv.to && adversaries & (1 << creator) != 0)
                    .map(|(_, c)| c)
                {
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
        // The target is empty now: its man, if any, was taken above, and a
        // castling king's rook has left it.
        self.place(to, man);
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
    #[inline(always)]
    pub(crate) fn advance_turn(&mut self) {
        let seats = self.rules.seats;
        let hooks = self.rules.hooks;
        let plain = self.rules.plain_turns;
        let mut next = self.turn as usize;
        for _ in 0..seats {
            next = if plain {
                (next + 1) % seats
            } else {
                hooks.next_seat(self, next) % seats
            };
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

    /// Verney's release: every mated player is re-examined at once, each
    /// against the statuses before this examination, in one round; one whose
    /// king, with his men active again, is not attacked, or who would then
    /// have a legal move by rules 1-3 (each judged with the releases it
    /// causes in its turn, among the players still mated there), is released.
    pub(crate) fn reexamine_mated(&mut self) {
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
            if !attacked || freed.has_legal_move(seat) {
                self.status[seat] = Status::Active;
            }
        }
    }
}
