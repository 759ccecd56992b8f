//! The men: kinds, owners and pawn directions, and their one-byte encoding.

use crate::board::Dir;

/// A kind of man. Movement is data the engine reads; no kind has code of its own
/// outside the one move generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The king: the man that is checked and mated; in most variants he is never
    /// captured (Double King Chess captures one of a pair).
    King = 0,
    /// The queen: slides any distance along ranks, files and diagonals.
    Queen = 1,
    /// The rook: slides any distance along ranks and files.
    Rook = 2,
    /// The bishop: slides any distance along diagonals.
    Bishop = 3,
    /// The knight: leaps two squares one way and one the other.
    Knight = 4,
    /// The pawn: steps forward in its own direction of travel ([`Man::dir`]) and
    /// captures diagonally forward of it.
    Pawn = 5,
    /// Double King Chess: a rook that also leaps to every square at distance two.
    Squirk = 6,
}

impl Kind {
    /// Every kind, in the order of their discriminants (so `ALL[k.index()] == k`).
    pub const ALL: [Kind; 7] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Pawn,
        Kind::Squirk,
    ];
    /// The number of kinds: the length of per-kind tables indexed by [`Kind::index`].
    pub const COUNT: usize = 7;

    /// The kind's index into per-kind tables (its discriminant, 0 for the king to
    /// 6 for the squirk).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The project's letter for the kind (`N` for the knight, `S` for the squirk).
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Pawn => 'P',
            Kind::Squirk => 'S',
        }
    }

    /// The kind a letter names, either case (`N` the knight, `S` the squirk);
    /// `None` for any other letter. The inverse of [`Kind::letter`].
    pub fn from_letter(c: char) -> Option<Kind> {
        match c.to_ascii_uppercase() {
            'K' => Some(Kind::King),
            'Q' => Some(Kind::Queen),
            'R' => Some(Kind::Rook),
            'B' => Some(Kind::Bishop),
            'N' => Some(Kind::Knight),
            'P' => Some(Kind::Pawn),
            'S' => Some(Kind::Squirk),
            _ => None,
        }
    }

    /// The kind's lower-case English name (`"knight"`), as used in messages and reports.
    pub fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Queen => "queen",
            Kind::Rook => "rook",
            Kind::Bishop => "bishop",
            Kind::Knight => "knight",
            Kind::Pawn => "pawn",
            Kind::Squirk => "squirk",
        }
    }
}

/// A man on the board: its kind, its owner (seat index) and, for a pawn, the
/// direction it travels now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Man {
    /// What sort of man it is, and so how it moves.
    pub kind: Kind,
    /// The seat (0-based, in turn order) of the player the man belongs to.
    pub owner: usize,
    /// The direction a pawn travels now (pawns can be turned in some variants);
    /// men of other kinds carry their owner's forward direction, which the engine
    /// does not read.
    pub dir: Dir,
}

impl Man {
    /// A man of `kind` belonging to seat `owner`, travelling `dir` if it is a pawn.
    pub fn new(kind: Kind, owner: usize, dir: Dir) -> Man {
        Man { kind, owner, dir }
    }

    /// One byte: 0 is an empty square; bits 0-2 kind + 1, bits 3-4 owner,
    /// bits 5-6 the pawn direction.
    pub fn encode(self) -> u8 {
        let dir = crate::board::orth_index(self.dir) as u8;
        (self.kind as u8 + 1) | ((self.owner as u8 & 3) << 3) | (dir << 5)
    }

    /// The man an [`encode`](Man::encode)d byte holds; `None` for 0, the empty
    /// square (or a byte with no valid kind).
    pub fn decode(byte: u8) -> Option<Man> {
        let kind = *Kind::ALL.get(((byte & 7) as usize).checked_sub(1)?)?;
        Some(Man {
            kind,
            owner: ((byte >> 3) & 3) as usize,
            dir: Dir::ORTHOGONAL[((byte >> 5) & 3) as usize],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_round_trips() {
        for kind in Kind::ALL {
            for owner in 0..4 {
                for dir in Dir::ORTHOGONAL {
                    let man = Man::new(kind, owner, dir);
                    assert_ne!(man.encode(), 0);
                    assert_eq!(Man::decode(man.encode()), Some(man));
                }
            }
        }
        assert_eq!(Man::decode(0), None);
    }

    #[test]
    fn letters_round_trip() {
        for kind in Kind::ALL {
            assert_eq!(Kind::from_letter(kind.letter()), Some(kind));
        }
    }
}
