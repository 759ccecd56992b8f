//! A variant's data turned into square sets of one width, built once per
//! variant and width and shared by every position.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use crate::board::{Bits, Geometry, Square};
use crate::variant::{HooksAt, Promotion, Variant, Zone};

/// A castling as square sets.
#[derive(Debug, Clone, Copy)]
pub struct CastleRule<B: Bits> {
    /// The seat (0-based, in turn order) whose king and rook make this castling.
    pub seat: usize,
    /// The king's square before castling.
    pub king_from: Square,
    /// The king's square after castling.
    pub king_to: Square,
    /// The rook's square before castling.
    pub rook_from: Square,
    /// The rook's square after castling.
    pub rook_to: Square,
    /// Squares that must be empty (the king and rook themselves excepted).
    pub empty: B,
    /// Squares the king stands on, crosses or lands on: none may be attacked.
    pub king_path: B,
}

/// The engine's tables for one variant at one set width.
pub struct Rules<B: Bits> {
    /// The variant these tables were built from.
    pub variant: &'static Variant,
    /// The variant's rules of turn and end at this width.
    pub hooks: &'static dyn HooksAt<B>,
    /// The hooks' [`plain_turns`](crate::variant::Hooks::plain_turns): a
    /// move is made without them.
    pub(crate) plain_turns: bool,
    /// Turns are plain and no partner is shielded: a written move may be
    /// judged by one attack test on the board after it.
    pub(crate) board_only_legality: bool,
    /// The attack tables of the variant's board at this width.
    pub geo: Geometry<B>,
    /// The number of seats (players) of the variant, 1 to 4.
    pub seats: usize,
    /// Per seat: the squares where that seat's pawns promote (empty when the
    /// variant promotes at the board's edge instead, see `promote_at_edge`).
    pub promotion: [B; 4],
    /// Pawns promote on the board's edge in their direction of travel.
    pub promote_at_edge: bool,
    /// Per seat: the squares from which that seat's pawns may step two squares.
    pub double_step: [B; 4],
    /// Per seat: the squares on which that seat's pawns turn round to travel back
    /// towards their owner (Verney's pawns that reach the far side).
    pub reverse_on: [B; 4],
    /// Per seat: the squares on which a pawn travelling back turns forwards again.
    pub forward_on: [B; 4],
    /// Per pawn direction: the squares with no square beyond them that way.
    pub edge: [B; 4],
    /// Seats on the same team, the seat itself included, as a bit mask.
    pub allies: [u8; 4],
    /// Per seat: the partner's seat in a variant with teams of two; `None`
    /// in every-man-for-himself variants.
    pub partner: [Option<usize>; 4],
    /// The variant's castlings, in the order of its list (the number in
    /// [`MoveKind::Castle`](super::MoveKind::Castle)).
    pub castles: Vec<CastleRule<B>>,
    /// Per seat: the indices in `castles` of his castlings (the generator
    /// looks at a player's own only).
    pub(crate) castles_of: [Vec<u16>; 4],
    /// The variant's start position, read from its text on first use (see
    /// [`crate::notation::start_position`]): every game replayed from the
    /// start copies it instead of reading the text again.
    pub(crate) start: OnceLock<Result<super::Position<B>, crate::notation::PositionError>>,
}

impl<B: Bits> std::fmt::Debug for Rules<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rules")
            .field("variant", &self.variant.id)
            .finish_non_exhaustive()
    }
}

/// The tables of one variant at one width, whatever the width.
type AnyRules = &'static (dyn Any + Send + Sync);

/// Every variant's tables at every width asked for, built once each.
type RulesCache = Mutex<HashMap<(&'static str, TypeId), AnyRules>>;

impl<B: Bits> Rules<B> {
    /// Where a pawn of `seat` travelling `d` promotes: by a capture, and by
    /// a step (nowhere where only captures promote).
    #[inline]
    pub(crate) fn promotion_squares(&self, seat: usize, d: crate::board::Dir) -> (B, B) {
        let by_capture = if self.promote_at_edge {
            self.edge[crate::board::orth_index(d)]
        } else {
            self.promotion[seat]
        };
        let by_step = if self.variant.pawns.promote_by_capture_only {
            B::EMPTY
        } else {
            by_capture
        };
        (by_capture, by_step)
    }

    fn new(variant: &'static Variant) -> Self {
        let geo = Geometry::<B>::new(variant.shape);
        let shape = variant.shape;
        let seats = variant.players();
        let zone = |z: Zone| -> [B; 4] {
            let mut out = [B::EMPTY; 4];
            for (seat, set) in out.iter_mut().enumerate().take(seats) {
                let forward = variant.seats[seat].forward;
                for sq in shape.squares() {
                    let (x, y) = shape.coords(sq);
                    if z.contains(&shape, seat, forward, x, y) {
                        *set |= B::bit(sq);
                    }
                }
            }
            out
        };
        let mut allies = [0u8; 4];
        let mut partner = [None; 4];
        for (a, mask) in allies.iter_mut().enumerate().take(seats) {
            for b in 0..seats {
                if variant.partners(a, b) {
                    *mask |= 1 << b;
                }
            }
            partner[a] = variant.partner(a);
        }
        let square = |name: &str| shape.parse_square(name).unwrap_or_default();
        let castles: Vec<CastleRule<B>> = variant
            .castlings
            .iter()
            .map(|c| {
                let (kf, kt, rf, rt) = (
                    square(c.king_from),
                    square(c.king_to),
                    square(c.rook_from),
                    square(c.rook_to),
                );
                let span = |a: Square, b: Square| geo.between(a, b) | B::bit(a) | B::bit(b);
                let kings_and_rooks = B::bit(kf) | B::bit(rf);
                CastleRule {
                    seat: c.seat,
                    king_from: kf,
                    king_to: kt,
                    rook_from: rf,
                    rook_to: rt,
                    empty: (span(kf, kt) | span(rf, rt) | geo.between(kf, rf)) & !kings_and_rooks,
                    king_path: span(kf, kt),
                }
            })
            .collect();
        let mut castles_of: [Vec<u16>; 4] = Default::default();
        for (i, c) in castles.iter().enumerate() {
            if let (Some(own), Ok(i)) = (castles_of.get_mut(c.seat), u16::try_from(i)) {
                own.push(i);
            }
        }
        let mut edge = [B::EMPTY; 4];
        for d in crate::board::Dir::ORTHOGONAL {
            for sq in shape.squares() {
                if geo.pawn_step(sq, d).is_none() {
                    edge[crate::board::orth_index(d)] |= B::bit(sq);
                }
            }
        }
        let pawns = &variant.pawns;
        let (promotion, promote_at_edge) = match pawns.promotion {
            Promotion::On(z) => (zone(z), false),
            Promotion::AtEdge => ([B::EMPTY; 4], true),
        };
        let hooks = variant.hooks.at::<B>();
        let plain_turns = hooks.plain_turns();
        Rules {
            variant,
            hooks,
            plain_turns,
            board_only_legality: plain_turns && !variant.shield_partner,
            edge,
            seats,
            promotion,
            promote_at_edge,
            double_step: zone(pawns.double_step),
            reverse_on: zone(pawns.reverse_on),
            forward_on: zone(pawns.forward_on),
            allies,
            partner,
            castles_of,
            castles,
            geo,
            start: OnceLock::new(),
        }
    }

    /// The tables for `variant` at width `B`, built on first use.
    pub(crate) fn get(variant: &'static Variant) -> &'static Rules<B> {
        static CACHE: OnceLock<RulesCache> = OnceLock::new();
        thread_local! {
            /// The tables this thread asked for last: a corpus asks for the
            /// same ones game after game, without taking the shared lock.
            static LAST: std::cell::Cell<Option<(&'static str, TypeId, AnyRules)>> =
                const { std::cell::Cell::new(None) };
        }
        let key = (variant.id, TypeId::of::<B>());
        if let Some((id, width, rules)) = LAST.get()
            && (id, width) == key
            && let Some(rules) = rules.downcast_ref::<Rules<B>>()
        {
            return rules;
        }
        let rules = Self::shared(
            variant,
            key,
            CACHE.get_or_init(|| Mutex::new(HashMap::new())),
        );
        LAST.set(Some((key.0, key.1, rules)));
        rules
    }

    /// The tables for `variant` from the cache every thread shares, built
    /// and kept on first use.
    fn shared(
        variant: &'static Variant,
        key: (&'static str, TypeId),
        cache: &RulesCache,
    ) -> &'static Rules<B> {
        let mut map = match cache.lock() {
            Ok(m) => m,
            Err(poisoned) => poisoned.into_inner(),
        };
        if let Some(rules) = map.get(&key).and_then(|r| r.downcast_ref::<Rules<B>>()) {
            return rules;
        }
        let rules: &'static Rules<B> = Box::leak(Box::new(Rules::new(variant)));
        map.insert(key, rules);
        rules
    }

    /// Seats that are adversaries of `seat`, as a bit mask.
    #[inline]
    pub fn adversaries(&self, seat: usize) -> u8 {
        !self.allies[seat] & ((1u8 << self.seats) - 1)
    }
}
