//! The toolkit's one source of chance: a small deterministic generator for
//! self-play and for Skock's dice, the same on every machine for a seed.
//! It sits below the engine so that the engine's dice search (which may be
//! asked for a random legal turn) and self-play share it.

/// A small deterministic generator (xorshift64*), the same on every machine.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`: the same seed gives the same sequence
    /// (any seed, zero included, is usable).
    pub fn new(seed: u64) -> Rng {
        // Never zero: xorshift would stay at zero.
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// A throw of two dice.
    pub fn throw(&mut self) -> [u8; 2] {
        [1 + self.below(6) as u8, 1 + self.below(6) as u8]
    }

    /// Puts `v` in a random order (Fisher-Yates).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}
