//! Moves and move lists.

use crate::men::Kind;

/// What a move does beyond taking a man from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    Normal,
    /// A pawn's two-square step, which opens an en passant chance.
    DoubleStep,
    EnPassant,
    /// Castling number `n` of the variant's list; `from`/`to` are the king's squares.
    Castle(u8),
    Promotion(Kind),
    /// A turn without a move (mated, stalemated, or no legal move).
    Pass,
}

/// A move: 4 bytes, no allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: u8,
    pub to: u8,
    pub kind: MoveKind,
}

impl Move {
    pub const PASS: Move = Move {
        from: 0,
        to: 0,
        kind: MoveKind::Pass,
    };

    #[inline]
    pub fn new(from: usize, to: usize, kind: MoveKind) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            kind,
        }
    }

    pub fn is_pass(self) -> bool {
        self.kind == MoveKind::Pass
    }

    pub fn promotion(self) -> Option<Kind> {
        match self.kind {
            MoveKind::Promotion(k) => Some(k),
            _ => None,
        }
    }
}

/// Room for every move of one player in any variant position.
pub const MAX_MOVES: usize = 768;

/// A fixed-capacity list of moves on the stack.
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl MoveList {
    pub fn new() -> Self {
        MoveList {
            moves: [Move::PASS; MAX_MOVES],
            len: 0,
        }
    }

    #[inline]
    pub fn push(&mut self, mv: Move) {
        // A full list drops the move: MAX_MOVES is far above any reachable count,
        // and silently losing a move is caught by the perft tests.
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Keeps the moves for which `keep` holds, in order.
    #[inline]
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let mv = self.moves[i];
            if keep(mv) {
                self.moves[kept] = mv;
                kept += 1;
            }
        }
        self.len = kept;
    }

    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        self.as_slice().iter().copied()
    }
}
