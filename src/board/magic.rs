//! Sliding attacks on the plain 8x8 board by one multiplication and one
//! table lookup ("magic" bitboards), for the variants compiled at 64 bits.
//!
//! For each square and slider, the men that can block it (its rays without
//! their last square) are multiplied by a constant that packs every
//! arrangement of them into a distinct small index; the index selects the
//! attacks. The compiler fills the table (`PLAIN`), so that no run pays
//! for it at start-up (building it took about 10 million instructions,
//! 3 ms, most of the work of validating a one-game file), and refuses to
//! build the crate if a constant sends two arrangements with different
//! attacks to one slot. The constants were found by this module's own search
//! (`find_magics`, an ignored test that prints them);
//! `magics_give_the_rays_attacks` holds the table to the board geometry's
//! own rays for every arrangement.

use super::Square;

/// Where one square's attacks of one slider live in the table.
#[derive(Debug, Clone, Copy)]
struct Entry {
    /// The squares whose men can block: the rays without their last square.
    mask: u64,
    magic: u64,
    /// 64 minus the number of squares in `mask`.
    shift: u32,
    /// The first slot of this square's attacks in the table.
    offset: usize,
}

impl Entry {
    const EMPTY: Entry = Entry {
        mask: 0,
        magic: 0,
        shift: 0,
        offset: 0,
    };

    #[inline]
    const fn index(&self, occupied: u64) -> usize {
        self.offset + ((occupied & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// The rook's and the bishop's attacks of every square of an 8x8 board.
pub(crate) struct Magics {
    rook: [Entry; 64],
    bishop: [Entry; 64],
    table: [u64; TABLE_LEN],
}

impl std::fmt::Debug for Magics {
    // The table's 107,648 numbers say nothing to a reader.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Magics")
            .field("table_len", &TABLE_LEN)
            .finish_non_exhaustive()
    }
}

/// The plain 8x8 board's tables, computed by the compiler (a few seconds
/// of its time, which its long-running lint would stop).
#[allow(long_running_const_eval)]
pub(crate) static PLAIN: Magics = plain();

impl Magics {
    /// The squares a rook on `sq` attacks with `occupied` in the way.
    #[inline]
    pub(crate) fn rook(&self, sq: Square, occupied: u64) -> u64 {
        self.table[self.rook[sq].index(occupied)]
    }

    /// The squares a bishop on `sq` attacks with `occupied` in the way.
    #[inline]
    pub(crate) fn bishop(&self, sq: Square, occupied: u64) -> u64 {
        self.table[self.bishop[sq].index(occupied)]
    }
}

/// A slider's four directions as (file, rank) steps; square a1 is 0, b1 1,
/// a2 8, as on the board geometry's 8x8 board.
type Steps = [(i32, i32); 4];
const ROOK_STEPS: Steps = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP_STEPS: Steps = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// The square one step from `sq`, if the step stays on the board.
const fn step(sq: usize, (df, dr): (i32, i32)) -> Option<usize> {
    let (file, rank) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
    if file < 0 || file >= 8 || rank < 0 || rank >= 8 {
        None
    } else {
        Some((rank * 8 + file) as usize)
    }
}

/// A slider's rays: from each square, along each of its steps, the
/// squares up to the edge.
type Rays = [[u64; 4]; 64];

const fn rays(steps: &Steps) -> Rays {
    let mut rays = [[0; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < steps.len() {
            let mut at = sq;
            while let Some(next) = step(at, steps[d]) {
                rays[sq][d] |= 1 << next;
                at = next;
            }
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// The squares a slider on `sq` attacks with men on `occupied`: each ray up
/// to and including its first man, the rest of the ray cut off by that
/// man's own ray (the slow way, that fills the table).
const fn slide(sq: usize, steps: &Steps, rays: &Rays, occupied: u64) -> u64 {
    let mut attacks = 0;
    let mut d = 0;
    while d < steps.len() {
        let ray = rays[sq][d];
        let men = ray & occupied;
        attacks |= if men == 0 {
            ray
        } else {
            // Along a step to higher squares the nearest man is the lowest.
            let (df, dr) = steps[d];
            let nearest = if dr > 0 || (dr == 0 && df > 0) {
                men.trailing_zeros()
            } else {
                63 - men.leading_zeros()
            };
            ray ^ rays[nearest as usize][d]
        };
        d += 1;
    }
    attacks
}

/// The squares whose men can block a slider on `sq`: each ray without its
/// farthest square (a man there is attacked whether or not it stands).
const fn blockers(sq: usize, steps: &Steps) -> u64 {
    let mut mask = 0;
    let mut d = 0;
    while d < steps.len() {
        let mut at = sq;
        while let Some(next) = step(at, steps[d]) {
            if step(next, steps[d]).is_some() {
                mask |= 1 << next;
            }
            at = next;
        }
        d += 1;
    }
    mask
}

/// The slots a slider's squares need: one per arrangement of blockers.
const fn slots(steps: &Steps) -> usize {
    let mut total = 0;
    let mut sq = 0;
    while sq < 64 {
        total += 1 << blockers(sq, steps).count_ones();
        sq += 1;
    }
    total
}

/// The rook's slots, then the bishop's.
const TABLE_LEN: usize = slots(&ROOK_STEPS) + slots(&BISHOP_STEPS);

/// Fills one slider's entries and its part of the table from slot
/// `offset` on; returns the first slot after it.
const fn fill(
    table: &mut [u64; TABLE_LEN],
    entries: &mut [Entry; 64],
    steps: &Steps,
    magics: &[u64; 64],
    mut offset: usize,
) -> usize {
    let rays = rays(steps);
    let mut sq = 0;
    while sq < 64 {
        let mask = blockers(sq, steps);
        let entry = Entry {
            mask,
            magic: magics[sq],
            shift: 64 - mask.count_ones(),
            offset,
        };
        // Every arrangement of men on the mask, the empty one first (each
        // subset once: the carry runs through the mask's squares only).
        let mut subset = 0u64;
        loop {
            let attacks = slide(sq, steps, &rays, subset);
            let slot = entry.index(subset);
            // A slider always attacks a square, so 0 marks a free slot.
            assert!(
                table[slot] == 0 || table[slot] == attacks,
                "a magic constant sends two arrangements with different attacks to one slot"
            );
            table[slot] = attacks;
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        entries[sq] = entry;
        offset += 1 << mask.count_ones();
        sq += 1;
    }
    offset
}

/// Both sliders' tables of the 8x8 board.
const fn plain() -> Magics {
    let mut magics = Magics {
        rook: [Entry::EMPTY; 64],
        bishop: [Entry::EMPTY; 64],
        table: [0; TABLE_LEN],
    };
    let rook_end = fill(
        &mut magics.table,
        &mut magics.rook,
        &ROOK_STEPS,
        &ROOK_MAGICS,
        0,
    );
    let end = fill(
        &mut magics.table,
        &mut magics.bishop,
        &BISHOP_STEPS,
        &BISHOP_MAGICS,
        rook_end,
    );
    assert!(end == TABLE_LEN);
    magics
}

/// The rooks' constants, square a1 first.
const ROOK_MAGICS: [u64; 64] = [
    0x9080047021814000,
    0x044002a0001000c8,
    0x0880087002200180,
    0x4200082012000440,
    0x0480040002808800,
    0xda00940012003008,
    0x020021020000a408,
    0x8200061024810044,
    0x4000802080004004,
    0x1000402010004000,
    0x0008801002882001,
    0x0500800800100080,
    0x1004808008000400,
    0x0010804200440080,
    0x0804006802900104,
    0x0142002082040041,
    0x0000868000400424,
    0x0000484000201000,
    0x8000410011002000,
    0x0000808010000800,
    0x0002020020041009,
    0x0001010004000208,
    0x59a44400a2100108,
    0x000802000110804c,
    0x1080408600220100,
    0x4001002100400080,
    0x4007004100200811,
    0x0488008180100048,
    0x00a0040280080080,
    0x00c2001200104814,
    0x0484100400010802,
    0x1416408200004104,
    0x0980002000400040,
    0x0000220086004100,
    0x2044402602001080,
    0x4060082101001000,
    0x0804000800808004,
    0x4002011042000884,
    0x0002811004000842,
    0x21c6088506000064,
    0x0020802040028000,
    0x9400500020004000,
    0x1010402001010016,
    0x2110001021010008,
    0x0103000408010011,
    0x0042000408020010,
    0x0010080110040002,
    0x01c4108110420014,
    0x0802800040002280,
    0x0800201000400040,
    0x8204204080160200,
    0x0210041280080080,
    0x4298001100088500,
    0x845e000810040200,
    0x0000419008020400,
    0x0000110410408200,
    0x0405820460150142,
    0x5800400100201081,
    0x0425904009002001,
    0x0b08201000040901,
    0x0012000820041002,
    0x000200240810a102,
    0x0024100128020084,
    0x00a4082902408c02,
];

/// The bishops' constants, square a1 first.
const BISHOP_MAGICS: [u64; 64] = [
    0x4040052602061021,
    0x0002100400809200,
    0x0008080124200a92,
    0x0004040085010a00,
    0x0002021010520c00,
    0x0002019008300008,
    0x4301041064240000,
    0x042a840041046010,
    0x0002481010020452,
    0x1208307001104280,
    0x20400800a1020004,
    0x8400040420800100,
    0x0000020210304004,
    0x0010020210061400,
    0x0000044430080800,
    0x0007420100d21000,
    0x2440408411240100,
    0x0410030892849400,
    0x6810200204004009,
    0x0010800808250041,
    0x01440412010c0006,
    0x0802029020842004,
    0x00d0408201042002,
    0x0425004088809001,
    0x2403202031200a06,
    0x4052020408305401,
    0x0000240022080204,
    0x00280800020a0028,
    0x4021011001014002,
    0x0004002011101004,
    0x101404040080a450,
    0x0304084885006200,
    0x001420040022040a,
    0x0010904800040800,
    0x4004002090240300,
    0x1900220080080480,
    0x0304010011040040,
    0x0010020088020480,
    0x0011136404120200,
    0x0092088025111408,
    0x4021100884052000,
    0x010c008808a00400,
    0x1122002201208800,
    0x400c2b8401200400,
    0x8011080100402400,
    0x0040011401000424,
    0xa329502410402884,
    0x01020c0420200682,
    0x0002011402408040,
    0x1a00808801100000,
    0x1015082908080002,
    0x0020008042020000,
    0x0008520445040028,
    0x1400048428020000,
    0x0210500108408205,
    0x0c849008c2088008,
    0x8052039203012004,
    0x0490911888010800,
    0x0001009044040402,
    0x2008000810c20a02,
    0x8800402c40182a01,
    0x8000000990690a08,
    0x04809002b0441080,
    0x00a0880608004098,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Geometry, Shape};

    /// Every arrangement of men on `mask` (each subset once, the empty one first).
    fn subsets(mask: u64) -> impl Iterator<Item = u64> {
        let mut next = Some(0u64);
        std::iter::from_fn(move || {
            let subset = next?;
            let following = subset.wrapping_sub(mask) & mask;
            next = (following != 0).then_some(following);
            Some(subset)
        })
    }

    /// A constant for `sq` that packs every arrangement without a clash.
    fn search(sq: Square, steps: &Steps, rng: &mut crate::rng::Rng) -> u64 {
        let mask = blockers(sq, steps);
        let rays = rays(steps);
        let arrangements: Vec<(u64, u64)> = subsets(mask)
            .map(|s| (s, slide(sq, steps, &rays, s)))
            .collect();
        let bits = mask.count_ones();
        let mut slots = vec![(0u32, 0u64); 1 << bits];
        for attempt in 1u32.. {
            let magic = rng.next_u64() & rng.next_u64() & rng.next_u64();
            if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            let fits = arrangements.iter().all(|&(s, attacks)| {
                let slot = &mut slots[(s.wrapping_mul(magic) >> (64 - bits)) as usize];
                if slot.0 == attempt && slot.1 != attacks {
                    return false;
                }
                *slot = (attempt, attacks);
                true
            });
            if fits {
                return magic;
            }
        }
        unreachable!()
    }

    /// Prints new constants: `cargo test --release --lib find_magics -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn find_magics() {
        let mut rng = crate::rng::Rng::new(2026);
        for (name, steps) in [("ROOK", &ROOK_STEPS), ("BISHOP", &BISHOP_STEPS)] {
            println!("const {name}_MAGICS: [u64; 64] = [");
            for sq in 0..64 {
                println!("    {:#018x},", search(sq, steps, &mut rng));
            }
            println!("];");
        }
    }

    /// The compiled table gives the board geometry's own ray attacks (an
    /// independent walk of the rays) for every arrangement of every
    /// square's blockers, and for random boards with men beyond them.
    #[test]
    fn magics_give_the_rays_attacks() {
        let g = Geometry::<u64>::new_without_magics(Shape::CHESS);
        for sq in 0..64 {
            for (steps, lookup) in [
                (&ROOK_STEPS, Magics::rook as fn(&Magics, Square, u64) -> u64),
                (&BISHOP_STEPS, Magics::bishop),
            ] {
                for occupied in subsets(blockers(sq, steps)) {
                    let rays = if std::ptr::eq(steps, &ROOK_STEPS) {
                        g.rook_attacks(sq, occupied)
                    } else {
                        g.bishop_attacks(sq, occupied)
                    };
                    assert_eq!(
                        lookup(&PLAIN, sq, occupied),
                        rays,
                        "square {sq}, men {occupied:#x}"
                    );
                }
            }
        }
        let mut rng = crate::rng::Rng::new(5);
        for _ in 0..2000 {
            let occupied = rng.next_u64() & rng.next_u64();
            for sq in 0..64 {
                assert_eq!(PLAIN.rook(sq, occupied), g.rook_attacks(sq, occupied));
                assert_eq!(PLAIN.bishop(sq, occupied), g.bishop_attacks(sq, occupied));
            }
        }
        // The geometry of the 8x8 board at 64 bits serves its sliders from it.
        let served = Geometry::<u64>::new(Shape::CHESS);
        assert!(std::ptr::eq(
            served.magics.expect("the 8x8 board has lookups"),
            &PLAIN
        ));
    }
}
