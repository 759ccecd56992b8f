//! Square sets of three widths: 64 bits (8x8), 128 bits (10x8) and 256 bits
//! (14x14). The engine is generic over [`Bits`], so each board is compiled
//! for its own width with no dynamic dispatch in the inner loops.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares, one bit per square index (`y * width + x`).
pub trait Bits:
    Copy
    + Eq
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// Number of squares the set can hold.
    const CAPACITY: usize;
    /// One byte per square: what the mailbox of a position of this width holds.
    type Mailbox: Copy + Debug + Send + Sync + AsRef<[u8]> + AsMut<[u8]> + 'static;
    /// A mailbox with every square empty (all bytes 0).
    const EMPTY_MAILBOX: Self::Mailbox;

    /// The empty set.
    const EMPTY: Self;
    /// The set holding only square `sq`.
    fn bit(sq: usize) -> Self;
    /// Whether the set holds no square.
    fn is_empty(self) -> bool;
    /// The number of squares in the set.
    fn count(self) -> u32;
    /// Lowest square of a non-empty set.
    fn lsb(self) -> usize;
    /// Highest square of a non-empty set.
    fn msb(self) -> usize;

    /// Whether the set holds at least one square.
    #[inline]
    fn any(self) -> bool {
        !self.is_empty()
    }
    /// Whether the set holds square `sq`.
    #[inline]
    fn has(self, sq: usize) -> bool {
        (self & Self::bit(sq)).any()
    }
    /// Calls `f` on each square, lowest first (faster than the iterator on wide sets).
    #[inline]
    fn for_each_square(self, mut f: impl FnMut(usize)) {
        let mut rest = self;
        while rest.any() {
            f(rest.lsb());
            rest = rest.without_lsb();
        }
    }
    /// An iterator over the set's squares, lowest first.
    #[inline]
    fn squares(self) -> SquareIter<Self> {
        SquareIter(self)
    }
    /// True when the set holds at least two squares.
    #[inline]
    fn several(self) -> bool {
        self.any() && (self & self.without_lsb()).any()
    }
    /// The set without its lowest square.
    fn without_lsb(self) -> Self;
    /// Every square index moved by `by` (towards higher indices when
    /// positive); squares pushed past either end are dropped. `|by|` is
    /// less than 64.
    fn shifted(self, by: isize) -> Self;
    /// The squares below 64, as a `u64` (all of them on an 8x8 board).
    fn low_u64(self) -> u64;
    /// The set of the squares below 64 that `bits` holds.
    fn from_low_u64(bits: u64) -> Self;
}

/// Iterates the squares of a set from the lowest index up.
pub struct SquareIter<B>(B);

impl<B: Bits> Iterator for SquareIter<B> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_empty() {
            None
        } else {
            let sq = self.0.lsb();
            self.0 = self.0.without_lsb();
            Some(sq)
        }
    }
}

macro_rules! native_bits {
    ($t:ty, $cap:expr) => {
        impl Bits for $t {
            const CAPACITY: usize = $cap;
            type Mailbox = [u8; $cap];
            const EMPTY_MAILBOX: [u8; $cap] = [0; $cap];
            const EMPTY: Self = 0;
            #[inline]
            fn bit(sq: usize) -> Self {
                1 << sq
            }
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lsb(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn msb(self) -> usize {
                ($cap - 1) - self.leading_zeros() as usize
            }
            #[inline]
            fn without_lsb(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn has(self, sq: usize) -> bool {
                (self >> sq) & 1 != 0
            }
            #[inline]
            fn low_u64(self) -> u64 {
                self as u64
            }
            #[inline]
            fn from_low_u64(bits: u64) -> Self {
                bits as Self
            }
            #[inline]
            fn shifted(self, by: isize) -> Self {
                if by >= 0 { self << by } else { self >> -by }
            }
        }
    };
}

native_bits!(u64, 64);
native_bits!(u128, 128);

/// 256 squares in four words, the lowest word first.
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct U256(pub [u64; 4]);

impl Debug for U256 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "U256({:016x}_{:016x}_{:016x}_{:016x})",
            self.0[3], self.0[2], self.0[1], self.0[0]
        )
    }
}

macro_rules! u256_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for U256 {
            type Output = U256;
            #[inline]
            fn $f(self, o: U256) -> U256 {
                U256([
                    self.0[0] $op o.0[0],
                    self.0[1] $op o.0[1],
                    self.0[2] $op o.0[2],
                    self.0[3] $op o.0[3],
                ])
            }
        }
        impl $tra for U256 {
            #[inline]
            fn $fa(&mut self, o: U256) {
                *self = *self $op o;
            }
        }
    };
}
u256_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
u256_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
u256_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for U256 {
    type Output = U256;
    #[inline]
    fn not(self) -> U256 {
        U256([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl Bits for U256 {
    const CAPACITY: usize = 256;
    type Mailbox = [u8; 256];
    const EMPTY_MAILBOX: [u8; 256] = [0; 256];
    const EMPTY: Self = U256([0; 4]);
    #[inline]
    fn bit(sq: usize) -> Self {
        let mut w = [0u64; 4];
        w[(sq >> 6) & 3] = 1 << (sq & 63);
        U256(w)
    }
    #[inline]
    fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn lsb(self) -> usize {
        if self.0[0] != 0 {
            self.0[0].trailing_zeros() as usize
        } else if self.0[1] != 0 {
            64 + self.0[1].trailing_zeros() as usize
        } else if self.0[2] != 0 {
            128 + self.0[2].trailing_zeros() as usize
        } else {
            192 + self.0[3].trailing_zeros() as usize
        }
    }
    #[inline]
    fn msb(self) -> usize {
        if self.0[3] != 0 {
            255 - self.0[3].leading_zeros() as usize
        } else if self.0[2] != 0 {
            191 - self.0[2].leading_zeros() as usize
        } else if self.0[1] != 0 {
            127 - self.0[1].leading_zeros() as usize
        } else {
            63 - self.0[0].leading_zeros() as usize
        }
    }
    #[inline]
    fn has(self, sq: usize) -> bool {
        (self.0[(sq >> 6) & 3] >> (sq & 63)) & 1 != 0
    }
    #[inline]
    fn for_each_square(self, mut f: impl FnMut(usize)) {
        for (i, &word) in self.0.iter().enumerate() {
            let mut w = word;
            while w != 0 {
                f(i * 64 + w.trailing_zeros() as usize);
                w &= w - 1;
            }
        }
    }
    #[inline]
    fn without_lsb(self) -> Self {
        let mut w = self.0;
        for word in w.iter_mut() {
            if *word != 0 {
                *word &= *word - 1;
                break;
            }
        }
        U256(w)
    }
    #[inline]
    fn low_u64(self) -> u64 {
        self.0[0]
    }
    #[inline]
    fn from_low_u64(bits: u64) -> Self {
        U256([bits, 0, 0, 0])
    }
    #[inline]
    fn shifted(self, by: isize) -> Self {
        let n = by.unsigned_abs() as u32;
        if n == 0 {
            return self;
        }
        let a = self.0;
        let mut w = [0u64; 4];
        if by > 0 {
            w[0] = a[0] << n;
            for i in 1..4 {
                w[i] = (a[i] << n) | (a[i - 1] >> (64 - n));
            }
        } else {
            for i in 0..3 {
                w[i] = (a[i] >> n) | (a[i + 1] << (64 - n));
            }
            w[3] = a[3] >> n;
        }
        U256(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_width<B: Bits>() {
        let last = B::CAPACITY - 1;
        let set = B::bit(3) | B::bit(last) | B::bit(B::CAPACITY / 2);
        assert_eq!(set.count(), 3);
        assert_eq!(set.lsb(), 3);
        assert_eq!(set.msb(), last);
        assert_eq!(
            set.squares().collect::<Vec<_>>(),
            vec![3, B::CAPACITY / 2, last]
        );
        assert!(set.several());
        assert!(!B::bit(7).several());
        assert!(B::EMPTY.is_empty());
        assert!((!B::EMPTY).has(last));
    }

    #[test]
    fn every_width_counts_and_scans() {
        check_width::<u64>();
        check_width::<u128>();
        check_width::<U256>();
    }

    fn check_shift<B: Bits>() {
        let last = B::CAPACITY - 1;
        for by in [1isize, 7, 8, 13, 15, 63] {
            for sq in [0, 5, 62, 63, 64, 70, 127, 191, 200, last] {
                if sq > last {
                    continue;
                }
                let up = B::bit(sq).shifted(by);
                let want_up = (sq + by as usize <= last).then(|| sq + by as usize);
                assert_eq!(
                    up.squares().collect::<Vec<_>>(),
                    want_up.into_iter().collect::<Vec<_>>()
                );
                let down = B::bit(sq).shifted(-by);
                let want_down = sq.checked_sub(by as usize);
                assert_eq!(
                    down.squares().collect::<Vec<_>>(),
                    want_down.into_iter().collect::<Vec<_>>()
                );
            }
        }
        assert_eq!(B::bit(3).shifted(0), B::bit(3));
    }

    #[test]
    fn every_width_shifts_across_words_and_drops_at_the_ends() {
        check_shift::<u64>();
        check_shift::<u128>();
        check_shift::<U256>();
    }

    #[test]
    fn u256_crosses_words() {
        let s = U256::bit(63) | U256::bit(64) | U256::bit(200);
        assert_eq!(s.squares().collect::<Vec<_>>(), vec![63, 64, 200]);
        assert_eq!(s.msb(), 200);
    }
}
