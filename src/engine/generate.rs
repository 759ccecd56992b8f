//! The one move generator: every man of every variant, pseudo-legal moves.

use super::moves::{Move, MoveKind, MoveList};
use super::position::{Position, Status};
use crate::board::{Bits, Dir, Square, orth_index};
use crate::men::Kind;

/// The kinds of men that are neither king nor pawn, in the order the
/// generator lists their moves (the king's follow, then the pawns').
pub(crate) const PIECES: [Kind; 5] = [
    Kind::Knight,
    Kind::Bishop,
    Kind::Rook,
    Kind::Queen,
    Kind::Squirk,
];

/// What every pawn of one player's move generation shares.
struct PawnContext<B: Bits> {
    seat: usize,
    capturable: B,
    onto: B,
    allies_pawns: B,
    open_eps: B,
}

impl<B: Bits> Position<B> {
    /// Men of `seat`'s adversaries that a move of his may capture.
    #[inline]
    pub(crate) fn capturable(&self, seat: usize) -> B {
        self.capturable_among(seat, self.enemy_men(seat))
    }

    /// [`Position::capturable`] for a caller who already has `seat`'s
    /// [`Position::enemy_men`] (the legality guard does).
    #[inline]
    pub(crate) fn capturable_among(&self, seat: usize, enemies: B) -> B {
        let v = self.rules.variant;
        if v.king_capture {
            let mut set = enemies;
            if v.dead_men_capturable {
                // Dead men (of players out or walking) and walking kings.
                for s in 0..self.rules.seats {
                    if matches!(self.status[s], Status::Out | Status::Walking) {
                        set |= self.by_seat[s];
                    }
                }
                set &= !self.kings_of(seat);
            }
            return set;
        }
        // A last king is never captured; a king whose owner still has
        // another (Double King Chess) may be.
        let kings = self.by_kind[Kind::King.index()];
        let mut last_kings = B::EMPTY;
        let adversaries = self.rules.adversaries(seat);
        for s in (0..self.rules.seats).filter(|s| adversaries & (1 << s) != 0) {
            let own = kings & self.by_seat[s];
            if !own.several() {
                last_kings |= own;
            }
        }
        enemies & !last_kings
    }

    /// All pseudo-legal moves of `seat`: each man's movement, captures only
    /// of capturable men, no test of king safety.
    pub(crate) fn generate(&self, seat: usize, list: &mut MoveList) {
        self.generate_onto(seat, !B::EMPTY, None, list);
    }

    /// The pseudo-legal moves of `seat` that land on a square of `onto`,
    /// of men of kind `only` when given (castlings count as the king's).
    pub(crate) fn generate_onto(
        &self,
        seat: usize,
        onto: B,
        only: Option<Kind>,
        list: &mut MoveList,
    ) {
        self.generate_men(seat, !B::EMPTY, onto, only, self.capturable(seat), list);
    }

    /// The squares a man of `kind` (not a pawn) on `from` attacks with
    /// `occ` in the way: where it may move, if the square is free or holds
    /// a capturable man.
    #[inline]
    pub(crate) fn reach(&self, kind: Kind, from: Square, occ: B) -> B {
        let g = &self.rules.geo;
        match kind {
            Kind::Knight => g.knight(from),
            Kind::Bishop => g.bishop_attacks(from, occ),
            Kind::Rook => g.rook_attacks(from, occ),
            Kind::Queen => g.rook_attacks(from, occ) | g.bishop_attacks(from, occ),
            // A square reached both by sliding and by leaping is one move.
            Kind::Squirk => g.rook_attacks(from, occ) | g.leap2(from),
            Kind::King => g.king(from),
            Kind::Pawn => B::EMPTY,
        }
    }

    /// Squares from which a man of kind `only` (any kind when `None`) could
    /// move onto `to`: the men a move onto `to` needs to look at. Every
    /// man but the pawn moves alike both ways, so its squares are those it
    /// would reach from `to`; a pawn moves at most two squares; castlings
    /// keep every king.
    pub(crate) fn men_reaching(&self, to: Square, only: Option<Kind>) -> B {
        let g = &self.rules.geo;
        match only {
            None | Some(Kind::King) => !B::EMPTY,
            Some(Kind::Pawn) => g.king(to) | g.leap2(to),
            Some(kind) => self.reach(kind, to, self.occupied),
        }
    }

    /// The pseudo-legal moves of the men of `seat` standing on `men` that
    /// land on `onto`, of kind `only` when given (castlings count as the
    /// king's, and are made when his king stands on `men`); `capturable` is
    /// [`Position::capturable`] of `seat`, which the caller may already have.
    pub(crate) fn generate_men(
        &self,
        seat: usize,
        men: B,
        onto: B,
        only: Option<Kind>,
        capturable: B,
        list: &mut MoveList,
    ) {
        if self.status(seat) == Status::Mated || self.status(seat) == Status::Out {
            return;
        }
        let g = &self.rules.geo;
        // A walking king (Dead King Walking) is his owner's only man that moves.
        let walking = self.status(seat) == Status::Walking;
        let own = if walking {
            self.kings_of(seat)
        } else {
            self.by_seat[seat]
        } & men;
        let occ = self.occupied;
        let targets = ((g.all & !occ) | capturable) & onto;
        let wants = |kind: Kind| only.is_none_or(|k| k == kind);
        for kind in PIECES.into_iter().chain([Kind::King]) {
            if !wants(kind) {
                continue;
            }
            for from in (self.by_kind[kind.index()] & own).squares() {
                (self.reach(kind, from, occ) & targets)
                    .for_each_square(|t| list.push(Move::new(from, t, MoveKind::Normal)));
            }
        }
        if !walking && wants(Kind::Pawn) {
            self.generate_pawns(seat, own, capturable, onto, list);
        }
        if !self.rules.castles.is_empty() && wants(Kind::King) {
            self.generate_castlings(seat, men, onto, list);
        }
    }

    /// The moves of the pawns of `seat` standing on `own`.
    fn generate_pawns(&self, seat: usize, own: B, capturable: B, onto: B, list: &mut MoveList) {
        let r = self.rules;
        let v = r.variant;
        let pawns = self.by_kind[Kind::Pawn.index()] & own;
        if pawns.is_empty() {
            return;
        }
        let allies_pawns = if v.pawns.leap_partner_pawn {
            let mut allied = B::EMPTY;
            for s in 0..r.seats {
                if s != seat && r.allies[seat] & (1 << s) != 0 {
                    allied |= self.by_seat[s];
                }
            }
            allied & self.by_kind[Kind::Pawn.index()]
        } else {
            B::EMPTY
        };
        let ctx = PawnContext {
            seat,
            capturable,
            onto,
            allies_pawns,
            open_eps: self.ep_targets_for(seat),
        };
        for d in Dir::ORTHOGONAL {
            let group = pawns & self.by_dir[orth_index(d)];
            for from in group.squares() {
                self.pawn_moves(list, &ctx, from, d, B::EMPTY);
                // A pawn free to choose its nose may also go the other way;
                // a capture both noses reach is made once, with the first.
                if self.free.has(from)
                    && let Some(other) = self.other_nose(seat, d)
                {
                    let shared = self.rules.geo.pawn_captures(from, d);
                    self.pawn_moves(list, &ctx, from, other, shared);
                }
            }
        }
    }

    /// The pseudo-legal moves of the pawns of `seat` on `men` that land on
    /// `to`, in the generator's order, found from the target back: the
    /// squares a step, a double step or a capture onto `to` starts from.
    /// `false` (nothing listed) where a pawn may move in a way this does not
    /// look back for (a pawn still free to choose its nose, a leap over a
    /// partner's pawn): the caller generates.
    pub(crate) fn pawn_moves_onto(
        &self,
        seat: usize,
        to: Square,
        men: B,
        capturable: B,
        list: &mut MoveList,
    ) -> bool {
        let r = self.rules;
        let pawns = self.by_kind[Kind::Pawn.index()] & self.by_seat[seat & 3] & men;
        if r.variant.pawns.leap_partner_pawn || (pawns & self.free).any() {
            return false;
        }
        let g = &r.geo;
        if !g.all.has(to) {
            return true;
        }
        let at = g.at(to);
        let occ = self.occupied;
        let taken = occ.has(to);
        // A man on the target is taken by a capture; an empty target is
        // stepped to, or taken en passant when a chance opened it.
        let takes = if taken {
            capturable.has(to)
        } else {
            self.ep_targets_for(seat).has(to)
        };
        for d in Dir::ORTHOGONAL {
            let travelling = pawns & self.by_dir[orth_index(d)];
            if travelling.is_empty() {
                continue;
            }
            let back = d.opposite();
            let (mut step_from, mut double_from) = (None, None);
            if !taken && let Some(one) = g.pawn_step(to, back) {
                if travelling.has(one) {
                    step_from = Some(one);
                } else if !occ.has(one)
                    && let Some(two) = g.pawn_step(one, back)
                    && (travelling & r.double_step[seat]).has(two)
                {
                    double_from = Some(two);
                }
            }
            let capturers = if takes {
                at.pawn_captures(back) & travelling
            } else {
                B::EMPTY
            };
            let origins = capturers
                | step_from.map_or(B::EMPTY, B::bit)
                | double_from.map_or(B::EMPTY, B::bit);
            if origins.is_empty() {
                continue;
            }
            let (promo, step_promo) = r.promotion_squares(seat, d);
            // In square order, as the generator visits the pawns.
            for from in origins.squares() {
                if Some(from) == step_from {
                    self.push_pawn(list, from, to, step_promo);
                } else if Some(from) == double_from {
                    self.push_pawn_kind(list, from, to, step_promo, MoveKind::DoubleStep);
                } else if taken {
                    self.push_pawn(list, from, to, promo);
                } else {
                    list.push(Move::new(from, to, MoveKind::EnPassant));
                }
            }
        }
        true
    }

    /// The pseudo-legal moves of the kings of `seat` on `men` that land on
    /// `to` (steps, then castlings), as the generator lists them: a king
    /// steps to `to` from the squares next to it.
    pub(crate) fn king_moves_onto(
        &self,
        seat: usize,
        to: Square,
        men: B,
        capturable: B,
        list: &mut MoveList,
    ) {
        let g = &self.rules.geo;
        if !g.all.has(to) {
            return;
        }
        let onto = B::bit(to);
        if (onto & (!self.occupied | capturable)).any() {
            let kings = self.kings_of(seat) & men & g.king(to);
            for from in kings.squares() {
                list.push(Move::new(from, to, MoveKind::Normal));
            }
        }
        if !self.rules.castles.is_empty() {
            self.generate_castlings(seat, men, onto, list);
        }
    }

    /// The moves of the pawn on `from` travelling `d`; captures on `skip` are left out.
    fn pawn_moves(&self, list: &mut MoveList, ctx: &PawnContext<B>, from: Square, d: Dir, skip: B) {
        let r = self.rules;
        let g = &r.geo;
        let occ = self.occupied;
        let (promo, step_promo) = r.promotion_squares(ctx.seat, d);
        if let Some(one) = g.pawn_step(from, d) {
            if !occ.has(one) {
                if ctx.onto.has(one) {
                    self.push_pawn(list, from, one, step_promo);
                }
                if r.double_step[ctx.seat].has(from)
                    && let Some(two) = g.pawn_step(one, d)
                    && !occ.has(two)
                    && ctx.onto.has(two)
                {
                    self.push_pawn_kind(list, from, two, step_promo, MoveKind::DoubleStep);
                }
            } else if ctx.allies_pawns.has(one)
                && let Some(beyond) = g.pawn_step(one, d)
                && !occ.has(beyond)
                && ctx.onto.has(beyond)
            {
                self.push_pawn(list, from, beyond, step_promo);
            }
        }
        let hits = g.pawn_captures(from, d) & ctx.onto & !skip;
        for to in (hits & ctx.capturable).squares() {
            self.push_pawn(list, from, to, promo);
        }
        if (hits & ctx.open_eps).any() {
            for to in (hits & ctx.open_eps & !occ).squares() {
                list.push(Move::new(from, to, MoveKind::EnPassant));
            }
        }
    }

    #[inline]
    fn push_pawn(&self, list: &mut MoveList, from: Square, to: Square, promo: B) {
        self.push_pawn_kind(list, from, to, promo, MoveKind::Normal);
    }

    #[inline]
    fn push_pawn_kind(
        &self,
        list: &mut MoveList,
        from: Square,
        to: Square,
        promo: B,
        kind: MoveKind,
    ) {
        if promo.has(to) {
            for &p in self.rules.variant.pawns.promotion_kinds {
                list.push(Move::new(from, to, MoveKind::Promotion(p)));
            }
        } else {
            list.push(Move::new(from, to, kind));
        }
    }

    /// Skipped squares of open en passant chances that `seat` may take on.
    #[inline]
    pub(crate) fn ep_targets_for(&self, seat: usize) -> B {
        if !self.rules.variant.pawns.en_passant {
            return B::EMPTY;
        }
        let adversaries = self.rules.adversaries(seat);
        let mut set = B::EMPTY;
        for (creator, chance) in self.ep.iter().enumerate().take(self.rules.seats) {
            if chance.is_open() && adversaries & (1 << creator) != 0 {
                set |= B::bit(chance.target as usize);
            }
        }
        set
    }

    /// The castlings of `seat` whose king stands on `men`.
    pub(super) fn generate_castlings(&self, seat: usize, men: B, onto: B, list: &mut MoveList) {
        // A king that has moved castles no more.
        if (self.unmoved & self.kings_of(seat) & men).is_empty() {
            return;
        }
        // Asked for only when a castling's path is clear: most are not.
        let mut enemies = None;
        for &i in &self.rules.castles_of[seat & 3] {
            let i = usize::from(i);
            let Some(c) = self.rules.castles.get(i) else {
                continue;
            };
            if !men.has(c.king_from)
                || !onto.has(c.king_to)
                || !self.unmoved.has(c.king_from)
                || !self.unmoved.has(c.rook_from)
                || (self.occupied & c.empty).any()
            {
                continue;
            }
            let owns = |sq: Square, kind: Kind| {
                self.man_at(sq)
                    .is_some_and(|m| m.owner == seat && m.kind == kind)
            };
            if !owns(c.king_from, Kind::King) || !owns(c.rook_from, Kind::Rook) {
                continue;
            }
            // A walking king's moves are not tested against attacks.
            let enemies = *enemies.get_or_insert_with(|| self.enemy_men(seat));
            let safe = self.status[seat] == Status::Walking
                || c.king_path
                    .squares()
                    .all(|sq| self.attackers(sq, enemies, self.occupied).is_empty());
            if safe {
                list.push(Move::new(c.king_from, c.king_to, MoveKind::Castle(i as u8)));
            }
        }
    }
}
