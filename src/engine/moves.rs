//! Moves and move lists.

use crate::men::Kind;

/// What a move does beyond taking a man from one square to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// A plain move or capture: the man on `from` goes to `to`, taking whatever
    /// stands there.
    Normal,
    /// A pawn's two-square step, which opens an en passant chance.
    DoubleStep,
    /// A pawn's diagonal capture onto the square an adversary's pawn skipped with
    /// its double step; the skipped pawn is removed (see [`EpChance`](super::EpChance)).
    EnPassant,
    /// Castling number `n` of the variant's list; `from`/`to` are the king's squares.
    Castle(u8),
    /// A pawn's move (step or capture) onto a promotion square, becoming the kind given.
    Promotion(Kind),
    /// A turn without a move (mated, stalemated, or no legal move).
    Pass,
}

/// A move: 4 bytes, no allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The square the man moves from, as a [`Square`](crate::board::Square)
    /// index (a byte: a board has at most 256 square indices).
    pub from: u8,
    /// The square the man moves to (for a castling, the king's destination).
    pub to: u8,
    /// What else the move does: double step, en passant, castling, promotion or pass.
    pub kind: MoveKind,
}

impl Move {
    /// The pass: the turn of a player who has nothing to play (mated, stalemated
    /// or out of legal moves, as his variant says); its squares are 0 and meaningless.
    pub const PASS: Move = Move {
        from: 0,
        to: 0,
        kind: MoveKind::Pass,
    };

    /// A move from square `from` to square `to` (both must fit in a byte).
    #[inline]
    pub fn new(from: usize, to: usize, kind: MoveKind) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
            kind,
        }
    }

    /// Whether the move is a [pass](Move::PASS).
    pub fn is_pass(self) -> bool {
        self.kind == MoveKind::Pass
    }

    /// The kind the pawn becomes, when the move is a promotion.
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
    /// An empty list.
    pub fn new() -> Self {
        MoveList {
            moves: [Move::PASS; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends `mv`. A full list (never reached by any real position) drops it.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        // A full list drops the move: MAX_MOVES is far above any reachable count,
        // and silently losing a move is caught by the perft tests.
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }

    /// Empties the list, keeping its storage.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The number of moves in the list.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list holds no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves, in the order they were pushed.
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

    /// The moves by value, in the order they were pushed.
    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        self.as_slice().iter().copied()
    }
}
