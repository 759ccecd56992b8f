//! Counting a turn's moves without listing them: perft's last ply.
//!
//! Perft needs only how many moves the last ply has. Men whose moves need
//! no test (not pinned, not a king, the mover not in check) are counted as
//! square sets, pawns all at once per direction of travel; a sole king's
//! steps are counted square by square with the legality test's own attack
//! test; everything else (pinned men, castlings, en passant, several kings)
//! is listed by the one generator and judged by the one legality test, so
//! that the count is always the length of [`Position::turn_moves`]'s list.

use super::generate::PIECES;
use super::legal::Guard;
use super::moves::{Move, MoveKind, MoveList};
use super::position::{Position, Status};
use super::turn::Turn;
use crate::board::{Bits, Dir, orth_index};
use crate::men::Kind;

impl<B: Bits> Position<B> {
    /// The number of entries [`Position::turn_moves`] puts in its list (a
    /// pass is one, a finished game none); `list` is scratch space.
    pub fn count_turn_moves(&self, list: &mut MoveList) -> u64 {
        self.counted_turn(list).1
    }

    /// The turn as [`Position::turn_moves`] judges it, and the number of
    /// entries its list holds, found without listing the moves where the
    /// turn is a plain one; `list` is scratch space.
    pub(crate) fn counted_turn(&self, list: &mut MoveList) -> (Turn, u64) {
        if let Some(n) = self.count_plain_turn(list, false).filter(|&n| n > 0) {
            let turn = self.judge_turn(true);
            let entries = match turn {
                Turn::Moves => n,
                Turn::Pass { .. } => 1,
                Turn::Over(_) => 0,
            };
            return (turn, entries);
        }
        let turn = self.turn_moves(list);
        (turn, list.len() as u64)
    }

    /// Whether the player to move (not mated) has a legal move: counted
    /// where his turn is plain, otherwise listed and judged by the one
    /// legality test; either way the search stops at the first.
    pub(crate) fn has_legal_move_now(&self, list: &mut MoveList) -> bool {
        if self.count_plain_turn(list, true).is_some_and(|n| n > 0) {
            return true;
        }
        let me = self.turn as usize;
        list.clear();
        self.generate(me, list);
        let guard = self.guard(me);
        list.iter().any(|m| self.is_legal(m, &guard))
    }

    /// The legal moves of the player to move, counted, when his turn is a
    /// plain one: he moves normally and is not in check, his partner needs
    /// no shield, and his pawns have one direction each and leap no
    /// partner. `None` leaves the count to the full path. With `first`,
    /// the count may stop as soon as it is above zero.
    fn count_plain_turn(&self, list: &mut MoveList, first: bool) -> Option<u64> {
        let me = self.turn as usize;
        if !matches!(self.status[me], Status::Active | Status::Stalemated) {
            return None;
        }
        let rules = self.rules;
        let pawn_rules = &rules.variant.pawns;
        let own = self.by_seat[me];
        let pawns = self.by_kind[Kind::Pawn.index()] & own;
        // Where a partner is shielded, every turn goes the full way: asked
        // before the guard is made, so that it is not made twice.
        if rules.variant.shield_partner || pawn_rules.leap_partner_pawn || (pawns & self.free).any()
        {
            return None;
        }
        let guard = self.guard(me);
        if guard.test_all || guard.check_by_attacks || guard.partner.is_some() {
            return None;
        }
        // Pinned men, castlings and kings other than a sole one are listed
        // and tested last; the others are counted, pieces first, then pawns
        // and the sole king (each square he steps to tested as the legality
        // test tests it).
        let kings = self.kings_of(me);
        let capturable = self.capturable_among(me, guard.enemies);
        let g = &rules.geo;
        let occ = self.occupied;
        let free = own & !guard.pinned & !kings;
        let targets = (g.all & !occ) | capturable;
        let mut n = 0;
        for kind in PIECES {
            for from in (self.by_kind[kind.index()] & free).squares() {
                n += u64::from((self.reach(kind, from, occ) & targets).count());
                if first && n > 0 {
                    return Some(n);
                }
            }
        }
        n += self.count_free_pawns(me, pawns & free, capturable, &guard);
        if first && n > 0 {
            return Some(n);
        }
        list.clear();
        let listed = match guard.king {
            Some(king) => {
                for to in (self.reach(Kind::King, king, occ) & targets).squares() {
                    n += u64::from(self.king_may_step(king, to, &guard));
                }
                if !rules.castles.is_empty() {
                    self.generate_castlings(me, kings, !B::EMPTY, list);
                }
                guard.pinned
            }
            None => guard.pinned | kings,
        };
        if listed.any() {
            self.generate_men(me, listed, !B::EMPTY, None, capturable, list);
        }
        n += list.iter().filter(|&m| self.is_legal(m, &guard)).count() as u64;
        Some(n)
    }

    /// The moves of pawns of `me` that no pin holds, as `generate_pawns`
    /// makes them: a step, a double step, captures, each promotion once per
    /// kind; en passant captures are each judged on the position after.
    fn count_free_pawns(&self, me: usize, pawns: B, capturable: B, guard: &Guard<B>) -> u64 {
        if pawns.is_empty() {
            return 0;
        }
        let rules = self.rules;
        let pawn_rules = &rules.variant.pawns;
        let g = &rules.geo;
        let empty = g.all & !self.occupied;
        let open_eps = self.ep_targets_for(me) & !self.occupied;
        let kinds = pawn_rules.promotion_kinds.len() as u64;
        let mut n = 0;
        for d in Dir::ORTHOGONAL {
            let group = pawns & self.by_dir[orth_index(d)];
            if group.is_empty() {
                continue;
            }
            let (promo, step_promo) = rules.promotion_squares(me, d);
            let counted = |landing: B, promo: B| {
                u64::from((landing & !promo).count()) + u64::from((landing & promo).count()) * kinds
            };
            let one = g.step_set(group, d) & empty;
            let two = g.step_set(g.step_set(group & rules.double_step[me], d) & empty, d) & empty;
            n += counted(one, step_promo) + counted(two, step_promo);
            for diagonal in d.forward_diagonals() {
                n += counted(g.step_set(group, diagonal) & capturable, promo);
            }
            // Looked for from each open target back to the pawns that
            // take on it (at most two), not from every pawn forward.
            for to in open_eps.squares() {
                for from in (g.pawn_captures(to, d.opposite()) & group).squares() {
                    let mv = Move::new(from, to, MoveKind::EnPassant);
                    n += u64::from(self.legal_after(mv, guard));
                }
            }
        }
        n
    }
}
