//! Sliding attacks on the plain 8x8 board by one multiplication and one
//! table lookup ("magic" bitboards), for the variants compiled at 64 bits.
//!
//! For each square and slider, the men that can block it (its rays without
//! their last square) are multiplied by a constant that packs every
//! arrangement of them into a distinct small index; the index selects the
//! attacks, precomputed from the rays. The constants below were found by
//! this module's own search (`find_magics`, an ignored test that prints
//! them); `magics_give_the_rays_attacks` proves every one of them.

use super::{Dir, Square};

/// Where one square's attacks of one slider live in the table.
#[derive(Debug, Clone, Copy, Default)]
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
    #[inline]
    fn index(&self, occupied: u64) -> usize {
        self.offset + ((occupied & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// The rook's and the bishop's attacks of every square of an 8x8 board.
#[derive(Debug)]
pub(crate) struct Magics {
    rook: [Entry; 64],
    bishop: [Entry; 64],
    table: Vec<u64>,
}

/// One slider's rays from each square of the 8x8 board, one per direction
/// it moves in: the squares from the square outwards, up to the edge.
type Rays = [[u64; 4]; 64];

/// A slider's attacks from a square with men on the given squares, as the
/// board's rays give them (the slow way).
pub(crate) type Attacks<'a> = &'a dyn Fn(Square, u64) -> u64;

impl Magics {
    /// The tables of the 8x8 board whose rays `ray` gives (from a square,
    /// along a direction), filled with the attacks `rook` and `bishop`
    /// give. `None` if a constant does not fit (the board is then served by
    /// its rays).
    pub(crate) fn new(
        ray: &dyn Fn(Square, Dir) -> u64,
        rook: Attacks,
        bishop: Attacks,
    ) -> Option<Magics> {
        let rays_of = |dirs: [Dir; 4]| -> Rays {
            let mut rays = [[0u64; 4]; 64];
            for (sq, r) in rays.iter_mut().enumerate() {
                *r = dirs.map(|d| ray(sq, d));
            }
            rays
        };
        let mut table = Vec::new();
        let rook = entries(&rays_of(Dir::ORTHOGONAL), rook, &ROOK_MAGICS, &mut table)?;
        let bishop = entries(&rays_of(Dir::DIAGONAL), bishop, &BISHOP_MAGICS, &mut table)?;
        Some(Magics {
            rook,
            bishop,
            table,
        })
    }

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

/// Whether each ray of `sq` runs towards higher squares.
fn ascending(sq: Square, rays: &[u64; 4]) -> [bool; 4] {
    rays.map(|ray| ray & ((1u64 << sq) - 1) == 0)
}

/// The squares whose men can block a slider on `sq`: each ray without its
/// farthest square (a man there is attacked whether or not it stands).
fn mask_of(sq: Square, rays: &[u64; 4]) -> u64 {
    rays.iter()
        .zip(ascending(sq, rays))
        .map(|(&ray, up)| match (ray, up) {
            (0, _) => 0,
            (_, true) => ray & !(1u64 << (63 - ray.leading_zeros())),
            (_, false) => ray & (ray - 1),
        })
        .fold(0, |acc, m| acc | m)
}

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

/// The entries of one slider with `magics`, their attacks appended to
/// `table`; `None` when two arrangements with different attacks share a slot.
fn entries(
    rays: &Rays,
    attacks_of: Attacks,
    magics: &[u64; 64],
    table: &mut Vec<u64>,
) -> Option<[Entry; 64]> {
    let mut out = [Entry::default(); 64];
    for sq in 0..64 {
        let mask = mask_of(sq, &rays[sq]);
        let entry = Entry {
            mask,
            magic: magics[sq],
            shift: 64 - mask.count_ones(),
            offset: table.len(),
        };
        let size = 1usize << mask.count_ones();
        table.resize(table.len() + size, 0);
        let mut filled = vec![false; size];
        for subset in subsets(mask) {
            let attacks = attacks_of(sq, subset);
            let slot = entry.index(subset) - entry.offset;
            if filled[slot] && table[entry.offset + slot] != attacks {
                return None;
            }
            filled[slot] = true;
            table[entry.offset + slot] = attacks;
        }
        out[sq] = entry;
    }
    Some(out)
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

    /// The plain 8x8 board served by its rays.
    fn board() -> Geometry<u64> {
        Geometry::<u64>::new_without_magics(Shape::CHESS)
    }

    /// The tables from `g`'s rays and slides.
    fn magics_of(g: &Geometry<u64>) -> Option<Magics> {
        Magics::new(
            &|sq, d| g.ray(sq, d),
            &|sq, occ| g.rook_attacks(sq, occ),
            &|sq, occ| g.bishop_attacks(sq, occ),
        )
    }

    /// A constant for `sq` that packs every arrangement without a clash.
    fn search(sq: Square, rays: [u64; 4], attacks: Attacks, rng: &mut crate::rng::Rng) -> u64 {
        let mask = mask_of(sq, &rays);
        let arrangements: Vec<(u64, u64)> = subsets(mask).map(|s| (s, attacks(sq, s))).collect();
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
        let g = board();
        let mut rng = crate::rng::Rng::new(2026);
        let rook = |sq, occ| g.rook_attacks(sq, occ);
        let bishop = |sq, occ| g.bishop_attacks(sq, occ);
        for (name, dirs, attacks) in [
            ("ROOK", Dir::ORTHOGONAL, &rook as Attacks),
            ("BISHOP", Dir::DIAGONAL, &bishop as Attacks),
        ] {
            println!("const {name}_MAGICS: [u64; 64] = [");
            for sq in 0..64 {
                let rays = dirs.map(|d| g.ray(sq, d));
                println!("    {:#018x},", search(sq, rays, attacks, &mut rng));
            }
            println!("];");
        }
    }

    /// Every constant packs every arrangement of blockers of its square, and
    /// the lookup gives the rays' attacks for random boards.
    #[test]
    fn magics_give_the_rays_attacks() {
        let g = board();
        let magics = magics_of(&g).expect("every constant fits");
        let mut rng = crate::rng::Rng::new(5);
        for _ in 0..2000 {
            let occupied = rng.next_u64() & rng.next_u64();
            for sq in 0..64 {
                assert_eq!(magics.rook(sq, occupied), g.rook_attacks(sq, occupied));
                assert_eq!(magics.bishop(sq, occupied), g.bishop_attacks(sq, occupied));
            }
        }
    }
}
