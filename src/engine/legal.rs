//! The one legality test: check and pin masks for the common case, the
//! position after the move for everything else.

use super::moves::{Move, MoveKind, MoveList};
use super::position::{Position, Status};
use crate::board::{Bits, Square};
use crate::men::Kind;

/// What the legality test needs to know about a position before any move.
pub(crate) struct Guard<B: Bits> {
    mover: usize,
    pub(super) enemies: B,
    /// Every move must be tested on the position after it.
    pub(super) test_all: bool,
    /// The mover's sole king is in check where the board alone decides
    /// legality: every move of another man is judged by one attack test on
    /// the board after it (which sees pins too), not by playing it.
    pub(super) check_by_attacks: bool,
    /// Men whose move may uncover an attack on the mover's or partner's king.
    pub(super) pinned: B,
    /// The mover's king when he has exactly one (its moves are tested by attacks).
    pub(super) king: Option<Square>,
    /// The partner's king, and the adversary men attacking it before the move.
    pub(super) partner: Option<(usize, Square, B)>,
}

impl<B: Bits> Position<B> {
    /// Men of `own` that stand alone between `king` and an enemy slider.
    fn pinned_to(&self, king: Square, enemies: B, own: B) -> B {
        let g = &self.rules.geo;
        let k = &self.by_kind;
        let queens = k[Kind::Queen.index()];
        let rooks = k[Kind::Rook.index()] | queens | k[Kind::Squirk.index()];
        let bishops = k[Kind::Bishop.index()] | queens;
        let snipers = ((g.rook_rays(king) & rooks) | (g.bishop_rays(king) & bishops)) & enemies;
        let mut pinned = B::EMPTY;
        for s in snipers.squares() {
            let between = g.between(king, s) & self.occupied;
            if between.any() && !between.several() {
                pinned |= between & own;
            }
        }
        pinned
    }

    pub(crate) fn guard(&self, mover: usize) -> Guard<B> {
        self.guard_of(mover, None)
    }

    /// The guard for moves of the men on `movers` only: pins are looked
    /// for only when one of them stands on a line of the king (a man off
    /// every line through the king cannot be pinned to it). Resolving a
    /// written move asks this for its one or two candidates.
    pub(crate) fn guard_for(&self, mover: usize, movers: B) -> Guard<B> {
        self.guard_of(mover, Some(movers))
    }

    /// The guard for every man of `mover` (`None`: the generator's and
    /// perft's case, with no line test) or for the men of `movers`.
    #[inline(always)]
    fn guard_of(&self, mover: usize, movers: Option<B>) -> Guard<B> {
        let enemies = self.enemy_men(mover);
        let own = self.by_seat[mover];
        let king = self.sole_king(mover);
        let mut pinned = B::EMPTY;
        let mut test_all = self.rules.hooks.test_every_move(self);
        let mut check_by_attacks = false;
        let g = &self.rules.geo;
        let on_lines = |k: Square| {
            movers.is_none_or(|movers| ((g.rook_rays(k) | g.bishop_rays(k)) & movers).any())
        };
        if let Some(k) = king {
            if self.attackers(k, enemies, self.occupied).any() {
                if self.rules.board_only_legality {
                    check_by_attacks = true;
                } else {
                    test_all = true;
                }
            }
            if on_lines(k) {
                pinned |= self.pinned_to(k, enemies, own);
            }
        }
        // The partner is shielded whenever he is active after the move, which
        // a mated partner is when the move releases him (Verney's rule 3): the
        // adversary men attacking his king before the move are kept for him
        // too (a released player's men did not attack before).
        let mut partner = None;
        if self.rules.variant.shield_partner
            && let Some(p) = self.rules.partner[mover]
            && self.status[p] != Status::Out
            && let Some(pk) = self.sole_king(p)
        {
            let partner_enemies = self.enemy_men(p);
            if on_lines(pk) {
                pinned |= self.pinned_to(pk, partner_enemies, own);
            }
            partner = Some((p, pk, self.attackers(pk, partner_enemies, self.occupied)));
        }
        Guard {
            mover,
            enemies,
            test_all,
            check_by_attacks,
            pinned,
            king,
            partner,
        }
    }

    /// Whether a pseudo-legal move of the guard's mover is legal.
    #[inline]
    pub(crate) fn is_legal(&self, mv: Move, guard: &Guard<B>) -> bool {
        if guard.test_all || matches!(mv.kind, MoveKind::EnPassant | MoveKind::Castle(_)) {
            return self.legal_after(mv, guard);
        }
        let from = mv.from as usize;
        if let Some(king) = guard.king.filter(|&k| k == from) {
            return self.king_may_step(king, mv.to as usize, guard);
        }
        if guard.check_by_attacks {
            return match (guard.king, mv.kind) {
                (Some(king), MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Promotion(_)) => {
                    self.king_safe_after(king, mv, guard.enemies)
                }
                _ => self.legal_after(mv, guard),
            };
        }
        if guard.pinned.has(from) {
            return self.legal_after(mv, guard);
        }
        true
    }

    /// Whether the guard's sole king on `king` may step to `to` (not a
    /// castling): no enemy man attacks it there once he has left `king`.
    #[inline]
    pub(super) fn king_may_step(&self, king: Square, to: Square, guard: &Guard<B>) -> bool {
        let without_king = self.occupied & !B::bit(king);
        self.attackers(to, guard.enemies & !B::bit(to), without_king)
            .is_empty()
    }

    /// Whether the sole king on `king` stands unattacked by `enemies` once
    /// `mv` (no castling, no en passant) is made on the board alone: the man
    /// leaves its square and stands on the target, whatever stood there
    /// taken; when the man is the king himself, the square he lands on is
    /// the one looked at. The whole test where moves change only the board
    /// ([`Hooks::plain_turns`](crate::variant::Hooks::plain_turns)).
    #[inline]
    pub(crate) fn king_safe_after(&self, king: Square, mv: Move, enemies: B) -> bool {
        let (from, to) = (usize::from(mv.from), usize::from(mv.to));
        let occupied = (self.occupied & !B::bit(from)) | B::bit(to);
        let king = if from == king { to } else { king };
        self.attackers(king, enemies & !B::bit(to), occupied)
            .is_empty()
    }

    /// The full test: play the move on a copy, with every release it causes
    /// (Verney's rule 2), and look at both kings.
    pub(crate) fn legal_after(&self, mv: Move, guard: &Guard<B>) -> bool {
        let mut after = *self;
        after.turn = guard.mover as u8;
        after.play_with(mv, true);
        let me = guard.mover;
        if let Some(k) = after.sole_king(me)
            && after
                .attackers(k, after.enemy_men(me), after.occupied)
                .any()
        {
            return false;
        }
        if let Some((p, pk, before)) = guard.partner
            && after.status[p] != Status::Mated
        {
            let now = after.attackers(pk, after.enemy_men(p), after.occupied);
            if (now & !before).any() {
                return false;
            }
        }
        true
    }

    /// The legal moves of `seat` (who need not be the player to move).
    pub(crate) fn legal_moves_of(&self, seat: usize, list: &mut MoveList) {
        list.clear();
        self.generate(seat, list);
        let guard = self.guard(seat);
        list.retain(|mv| self.is_legal(mv, &guard));
    }

    /// Whether `seat` has a legal move, each judged by the full test with
    /// the releases it causes (Verney's re-examination asks this of a mated
    /// player made active on a copy; the releases inside his move examine
    /// only the players still mated there, so the nesting ends).
    pub(crate) fn has_legal_move(&self, seat: usize) -> bool {
        let mut list = MoveList::new();
        self.generate(seat, &mut list);
        let guard = self.guard(seat);
        list.iter().any(|mv| self.legal_after(mv, &guard))
    }
}
