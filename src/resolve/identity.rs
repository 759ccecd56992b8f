//! Identity of men through a game: the square each man started on, so that
//! `K. B.` names the king's bishop even after it has moved.

use crate::board::{Bits, Square};
use crate::engine::{Move, MoveKind, Position};

/// For each square, the start square of the man standing there (if known).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identities {
    origin: Vec<Option<u16>>,
}

impl Identities {
    /// Every man of `pos` is its own origin.
    pub fn new<B: Bits>(pos: &Position<B>) -> Self {
        let mut origin = vec![None; pos.variant().shape.size()];
        for (sq, _) in pos.men() {
            if let Some(o) = origin.get_mut(sq) {
                *o = Some(sq as u16);
            }
        }
        Identities { origin }
    }

    /// The start square of the man on `sq`.
    pub fn origin(&self, sq: Square) -> Option<Square> {
        self.origin.get(sq).copied().flatten().map(usize::from)
    }

    /// The square where the man that started on `origin` stands now.
    pub fn find(&self, origin: Square) -> Option<Square> {
        self.origin.iter().position(|o| *o == Some(origin as u16))
    }

    /// Follows `mv` played in `before`.
    pub fn follow<B: Bits>(&mut self, before: &Position<B>, mv: Move) {
        let (from, to) = (mv.from as usize, mv.to as usize);
        match mv.kind {
            MoveKind::Pass => return,
            MoveKind::EnPassant => {
                let victim = (0..before.seats())
                    .filter_map(|s| before.ep_chance(s))
                    .find(|c| c.target == mv.to)
                    .map(|c| c.victim as usize);
                if let Some(v) = victim {
                    self.set(v, None);
                }
            }
            MoveKind::Castle(i) => {
                if let Some(c) = before.rules().castles.get(i as usize) {
                    let rook = self.origin(c.rook_from);
                    self.set(c.rook_from, None);
                    self.set(c.rook_to, rook);
                }
            }
            _ => {}
        }
        let moving = self.origin(from);
        self.set(from, None);
        self.set(to, moving);
    }

    fn set(&mut self, sq: Square, origin: Option<Square>) {
        if let Some(o) = self.origin.get_mut(sq) {
            *o = origin.map(|s| s as u16);
        }
    }
}
