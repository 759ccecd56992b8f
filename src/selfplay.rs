//! Random legal games, deterministic for a seed: for round trips,
//! benchmarks and fuzz seeds.

use crate::board::Bits;
use crate::engine::{MoveList, Position, Turn};
use crate::notation::{PositionError, long, start_position};
use crate::record::{Record, RecordMove, Tag};
use crate::variant::Variant;

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
}

/// One random game of at most `plies` plies, as a record of long
/// algebraic moves (so that it goes through the same replay as any record).
pub fn game<B: Bits>(
    variant: &'static Variant,
    rng: &mut Rng,
    plies: usize,
) -> Result<Record, PositionError> {
    let mut pos: Position<B> = start_position(variant)?;
    let mut list = MoveList::new();
    let mut record = Record::new(variant.id);
    record.tags.push(Tag {
        key: "Event".into(),
        value: "roundtable selfplay".into(),
    });
    for _ in 0..plies {
        if let Turn::Over(_) = pos.turn_moves(&mut list) {
            break;
        }
        let Some(&mv) = list.as_slice().get(rng.below(list.len())) else {
            break;
        };
        let player = variant.seat_name(pos.turn());
        record
            .moves
            .push(RecordMove::new(player, long::write(&pos, mv)));
        pos.play(mv);
    }
    Ok(record)
}
