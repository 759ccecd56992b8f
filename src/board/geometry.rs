//! Precomputed tables of a board shape: rays, leaps, pawn steps, lines.

use super::magic::{Magics, PLAIN};
use super::{Bits, Dir, Shape, Square};

const NO_SQUARE: u16 = u16::MAX;
const NO_LINE: u8 = u8::MAX;

/// Leaps of the knight.
pub const KNIGHT_LEAPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The tables of one square.
#[derive(Debug, Clone, Copy)]
pub struct SquareTables<B: Bits> {
    /// The squares a knight on the square leaps to.
    pub knight: B,
    /// The squares adjacent to the square (a king's one-step moves).
    pub king: B,
    /// Every square at distance exactly two (the squirk's leaps).
    pub leap2: B,
    /// The squares a rook on the square could reach with nothing in its way.
    pub rook_rays: B,
    /// The squares a bishop on the square could reach with nothing in its way.
    pub bishop_rays: B,
    /// The diagonal-forward squares of a pawn travelling each orthogonal direction.
    pawn_capture: [B; 4],
    /// By direction: the squares outwards, up to the edge or a missing square.
    rays: [B; 8],
    /// The square one step along each orthogonal direction (`NO_SQUARE`: none).
    pawn_step: [u16; 4],
}

impl<B: Bits> SquareTables<B> {
    /// The diagonal-forward squares of a pawn on the square travelling `d`.
    #[inline]
    pub fn pawn_captures(&self, d: Dir) -> B {
        self.pawn_capture[orth_index(d)]
    }
}

/// The attack tables of one board shape at one set width.
#[derive(Debug)]
pub struct Geometry<B: Bits> {
    /// The board the tables were computed for.
    pub shape: Shape,
    /// Every square of the board.
    pub all: B,
    /// Light squares.
    pub light: B,
    /// Every square's tables, one record per square: a lookup of several
    /// of them (the attack test asks for six) pays one bounds check and
    /// reads neighbouring memory.
    squares: Vec<SquareTables<B>>,
    /// `line_dir[a * size + b]`: direction from `a` to `b` if they share a line.
    line_dir: Vec<u8>,
    /// `steps_from[dir]`: the squares with a neighbour along `dir`.
    steps_from: [B; 8],
    /// `step_by[dir]`: how far a square's index moves one step along `dir`.
    step_by: [isize; 8],
    /// Rook and bishop attacks by lookup, on the plain 8x8 board at 64 bits.
    pub(super) magics: Option<&'static Magics>,
}

/// Index of an orthogonal direction among the four pawn directions.
#[inline]
pub fn orth_index(d: Dir) -> usize {
    d.index() / 2
}

impl<B: Bits> Geometry<B> {
    /// Computes every table of `shape` at width `B`.
    ///
    /// # Panics
    ///
    /// If the shape has more square indices than `B` can hold.
    pub fn new(shape: Shape) -> Self {
        let mut geometry = Self::new_without_magics(shape);
        if B::CAPACITY == 64 && shape.width == 8 && shape.height == 8 && shape.holes.is_empty() {
            geometry.magics = Some(&PLAIN);
        }
        geometry
    }

    /// The tables of `shape` with every slider served by its rays.
    pub(crate) fn new_without_magics(shape: Shape) -> Self {
        assert!(
            shape.size() <= B::CAPACITY,
            "board too large for its set width"
        );
        let n = shape.size();
        let exists: Vec<bool> = (0..n).map(|s| shape.exists(s)).collect();
        let set_of = |squares: &mut dyn Iterator<Item = Square>| {
            squares.fold(B::EMPTY, |acc, s| acc | B::bit(s))
        };
        let all = set_of(&mut shape.squares());
        let light = set_of(&mut shape.squares().filter(|&s| shape.is_light(s)));
        let leaps = |sq: Square, deltas: &[(i32, i32)]| -> B {
            if !exists[sq] {
                return B::EMPTY;
            }
            let (x, y) = shape.coords(sq);
            deltas
                .iter()
                .filter_map(|&(dx, dy)| shape.offset(x, y, dx, dy))
                .fold(B::EMPTY, |acc, s| acc | B::bit(s))
        };
        let king_deltas: Vec<(i32, i32)> = Dir::ALL.iter().map(|d| d.delta()).collect();
        let leap2_deltas: Vec<(i32, i32)> = (-2..=2)
            .flat_map(|dx| (-2..=2).map(move |dy| (dx, dy)))
            .filter(|&(dx, dy): &(i32, i32)| dx.abs().max(dy.abs()) == 2)
            .collect();
        let mut rays = vec![[B::EMPTY; 8]; n];
        let mut pawn_step = vec![[NO_SQUARE; 4]; n];
        let mut pawn_capture = vec![[B::EMPTY; 4]; n];
        for sq in (0..n).filter(|&s| exists[s]) {
            for d in Dir::ALL {
                let mut ray = B::EMPTY;
                let mut cur = sq;
                while let Some(next) = shape.step(cur, d) {
                    ray |= B::bit(next);
                    cur = next;
                }
                rays[sq][d.index()] = ray;
            }
            for d in Dir::ORTHOGONAL {
                let i = orth_index(d);
                if let Some(s) = shape.step(sq, d) {
                    pawn_step[sq][i] = s as u16;
                }
                for diag in d.forward_diagonals() {
                    if let Some(s) = shape.step(sq, diag) {
                        pawn_capture[sq][i] |= B::bit(s);
                    }
                }
            }
        }
        let union = |sq: usize, dirs: &[Dir]| {
            dirs.iter()
                .fold(B::EMPTY, |acc, d| acc | rays[sq][d.index()])
        };
        let squares = (0..n)
            .map(|s| SquareTables {
                knight: leaps(s, &KNIGHT_LEAPS),
                king: leaps(s, &king_deltas),
                leap2: leaps(s, &leap2_deltas),
                rook_rays: union(s, &Dir::ORTHOGONAL),
                bishop_rays: union(s, &Dir::DIAGONAL),
                pawn_capture: pawn_capture[s],
                rays: rays[s],
                pawn_step: pawn_step[s],
            })
            .collect();
        let mut line_dir = vec![NO_LINE; n * n];
        for a in 0..n {
            let (ax, ay) = shape.coords(a);
            for b in 0..n {
                let (bx, by) = shape.coords(b);
                let (dx, dy) = (bx as i32 - ax as i32, by as i32 - ay as i32);
                if (dx, dy) == (0, 0) || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
                    continue;
                }
                let unit = (dx.signum(), dy.signum());
                if let Some(d) = Dir::ALL.iter().find(|d| d.delta() == unit) {
                    line_dir[a * n + b] = d.index() as u8;
                }
            }
        }
        let steps_from =
            Dir::ALL.map(|d| set_of(&mut (0..n).filter(|&s| shape.step(s, d).is_some())));
        let step_by = Dir::ALL.map(|d| {
            let (dx, dy) = d.delta();
            dy as isize * shape.width as isize + dx as isize
        });
        Geometry {
            shape,
            steps_from,
            step_by,
            magics: None,
            all,
            light,
            squares,
            line_dir,
        }
    }

    /// Every square of `set` moved one step along `d`, those with no
    /// neighbour there dropped: a whole set of pawns stepped at once.
    #[inline]
    pub fn step_set(&self, set: B, d: Dir) -> B {
        (set & self.steps_from[d.index()]).shifted(self.step_by[d.index()])
    }

    /// Every square from `sq` outwards along `d` up to the board's edge or a
    /// missing square, whatever stands on them.
    #[inline]
    pub fn ray(&self, sq: Square, d: Dir) -> B {
        self.squares[sq].rays[d.index()]
    }

    /// Every table of `sq`.
    #[inline]
    pub fn at(&self, sq: Square) -> &SquareTables<B> {
        &self.squares[sq]
    }

    /// The squares a knight on `sq` leaps to.
    #[inline]
    pub fn knight(&self, sq: Square) -> B {
        self.squares[sq].knight
    }

    /// The squares adjacent to `sq` (a king's one-step moves).
    #[inline]
    pub fn king(&self, sq: Square) -> B {
        self.squares[sq].king
    }

    /// Every square at distance exactly two from `sq` (the squirk's leaps).
    #[inline]
    pub fn leap2(&self, sq: Square) -> B {
        self.squares[sq].leap2
    }

    /// The squares a rook on `sq` could reach on an empty board.
    #[inline]
    pub fn rook_rays(&self, sq: Square) -> B {
        self.squares[sq].rook_rays
    }

    /// The squares a bishop on `sq` could reach on an empty board.
    #[inline]
    pub fn bishop_rays(&self, sq: Square) -> B {
        self.squares[sq].bishop_rays
    }

    /// The squares a slider on `sq` reaches along `d`, up to and including the first man.
    #[inline]
    pub fn slide(&self, sq: Square, d: Dir, occupied: B) -> B {
        let ray = self.ray(sq, d);
        let blockers = ray & occupied;
        if blockers.is_empty() {
            return ray;
        }
        let first = if d.ascending() {
            blockers.lsb()
        } else {
            blockers.msb()
        };
        ray ^ self.ray(first, d)
    }

    /// The squares a rook on `sq` attacks with `occupied` in the way: each of its
    /// four rays up to and including the first man.
    #[inline]
    pub fn rook_attacks(&self, sq: Square, occupied: B) -> B {
        match &self.magics {
            Some(m) => B::from_low_u64(m.rook(sq, occupied.low_u64())),
            None => self.rook_slides(sq, occupied),
        }
    }

    /// [`Geometry::rook_attacks`] ray by ray, on boards without lookups:
    /// kept out of line so that the lookup inlines where it is called.
    #[inline(never)]
    fn rook_slides(&self, sq: Square, occupied: B) -> B {
        self.slide(sq, Dir::North, occupied)
            | self.slide(sq, Dir::East, occupied)
            | self.slide(sq, Dir::South, occupied)
            | self.slide(sq, Dir::West, occupied)
    }

    /// The squares a bishop on `sq` attacks with `occupied` in the way: each of
    /// its four diagonal rays up to and including the first man.
    #[inline]
    pub fn bishop_attacks(&self, sq: Square, occupied: B) -> B {
        match &self.magics {
            Some(m) => B::from_low_u64(m.bishop(sq, occupied.low_u64())),
            None => self.bishop_slides(sq, occupied),
        }
    }

    /// [`Geometry::bishop_attacks`] ray by ray, on boards without lookups.
    #[inline(never)]
    fn bishop_slides(&self, sq: Square, occupied: B) -> B {
        self.slide(sq, Dir::NorthEast, occupied)
            | self.slide(sq, Dir::SouthEast, occupied)
            | self.slide(sq, Dir::SouthWest, occupied)
            | self.slide(sq, Dir::NorthWest, occupied)
    }

    /// The square one step from `sq` along pawn direction `d` (orthogonal).
    #[inline]
    pub fn pawn_step(&self, sq: Square, d: Dir) -> Option<Square> {
        let s = self.squares[sq].pawn_step[orth_index(d)];
        (s != NO_SQUARE).then_some(s as usize)
    }

    /// The diagonal-forward squares of a pawn on `sq` travelling `d`.
    #[inline]
    pub fn pawn_captures(&self, sq: Square, d: Dir) -> B {
        self.squares[sq].pawn_captures(d)
    }

    /// The direction from `a` to `b` when they share a rank, file or diagonal.
    #[inline]
    pub fn line_dir(&self, a: Square, b: Square) -> Option<Dir> {
        let d = self.line_dir[a * self.shape.size() + b];
        (d != NO_LINE).then(|| Dir::ALL[d as usize])
    }

    /// The squares strictly between `a` and `b` on their common line (empty if none).
    #[inline]
    pub fn between(&self, a: Square, b: Square) -> B {
        match self.line_dir(a, b) {
            Some(d) => self.ray(a, d) & self.ray(b, d.opposite()),
            None => B::EMPTY,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::U256;

    fn sq(shape: &Shape, name: &str) -> Square {
        shape.parse_square(name).unwrap_or(usize::MAX)
    }

    fn names<B: Bits>(shape: &Shape, set: B) -> Vec<String> {
        let mut v: Vec<String> = set.squares().map(|s| shape.name(s)).collect();
        v.sort();
        v
    }

    /// A set stepped at once lands where each of its squares steps alone.
    fn step_set_matches_single_steps<B: Bits>(shape: Shape) {
        let g = Geometry::<B>::new(shape);
        for d in Dir::ALL {
            let whole = g.step_set(g.all, d);
            let mut one_by_one = B::EMPTY;
            for s in shape.squares() {
                let alone = g.step_set(B::bit(s), d);
                match shape.step(s, d) {
                    Some(t) => assert_eq!(alone, B::bit(t), "{} {d:?}", shape.name(s)),
                    None => assert!(alone.is_empty(), "{} {d:?}", shape.name(s)),
                }
                one_by_one |= alone;
            }
            assert_eq!(whole, one_by_one, "{} {d:?}", shape.name);
        }
    }

    #[test]
    fn sets_step_as_their_squares_do_on_every_board() {
        step_set_matches_single_steps::<u64>(Shape::CHESS);
        step_set_matches_single_steps::<u128>(Shape::WIDE);
        step_set_matches_single_steps::<U256>(Shape::CROSS);
        step_set_matches_single_steps::<U256>(Shape::TRIPLE);
    }

    #[test]
    fn knight_counts_on_8x8() {
        let g = Geometry::<u64>::new(Shape::CHESS);
        let s = Shape::CHESS;
        assert_eq!(g.knight(sq(&s, "a1")).count(), 2);
        assert_eq!(g.knight(sq(&s, "d4")).count(), 8);
        let total: u32 = s.squares().map(|q| g.knight(q).count()).sum();
        assert_eq!(total, 336);
        let kings: u32 = s.squares().map(|q| g.king(q).count()).sum();
        assert_eq!(kings, 420);
    }

    #[test]
    fn sliders_stop_at_men_and_edges() {
        let s = Shape::CHESS;
        let g = Geometry::<u64>::new(s);
        let occ = u64::bit(sq(&s, "d6")) | u64::bit(sq(&s, "f4"));
        let rook = g.rook_attacks(sq(&s, "d4"), occ);
        assert_eq!(rook.count(), 2 + 2 + 3 + 3);
        assert!(rook.has(sq(&s, "d6")) && !rook.has(sq(&s, "d7")));
        let bishop = g.bishop_attacks(sq(&s, "a1"), 0);
        assert_eq!(bishop.count(), 7);
    }

    #[test]
    fn cross_board_corners_block_lines_but_not_leaps() {
        let s = Shape::CROSS;
        let g = Geometry::<U256>::new(s);
        // b4-c3-d2 is no bishop line: c3 is missing.
        let b = g.bishop_attacks(sq(&s, "b4"), U256::EMPTY);
        assert!(!b.has(sq(&s, "d2")));
        assert!(b.has(sq(&s, "c5")));
        // A knight on d2 may leap to b3? b3 is missing; to c4 yes.
        let n = g.knight(sq(&s, "d2"));
        assert_eq!(names(&s, n), ["c4", "e4", "f1", "f3"]);
        // The rook on d1 slides along rank 1 only to k1, not beyond the corner.
        let r = g.rook_attacks(sq(&s, "d1"), U256::EMPTY);
        assert_eq!(r.count(), 7 + 13);
        // Queen-length diagonal across the centre: d4..k11.
        assert!(
            g.bishop_attacks(sq(&s, "d4"), U256::EMPTY)
                .has(sq(&s, "k11"))
        );
    }

    #[test]
    fn squirk_leaps_to_sixteen_squares() {
        let s = Shape::WIDE;
        let g = Geometry::<u128>::new(s);
        assert_eq!(g.leap2(sq(&s, "e4")).count(), 16);
        assert_eq!(g.leap2(sq(&s, "a1")).count(), 5);
    }

    #[test]
    fn pawn_tables_follow_direction() {
        let s = Shape::CROSS;
        let g = Geometry::<U256>::new(s);
        assert_eq!(g.pawn_step(sq(&s, "b4"), Dir::East), Some(sq(&s, "c4")));
        assert_eq!(g.pawn_step(sq(&s, "d2"), Dir::West), None);
        assert_eq!(
            names(&s, g.pawn_captures(sq(&s, "b4"), Dir::East)),
            vec!["c5"]
        );
        assert_eq!(
            names(&s, g.pawn_captures(sq(&s, "h13"), Dir::South)),
            vec!["g12", "i12"]
        );
    }

    #[test]
    fn between_is_strict() {
        let s = Shape::CHESS;
        let g = Geometry::<u64>::new(s);
        assert_eq!(
            names(&s, g.between(sq(&s, "a1"), sq(&s, "d4"))),
            vec!["b2", "c3"]
        );
        assert!(g.between(sq(&s, "a1"), sq(&s, "b3")).is_empty());
        assert!(g.between(sq(&s, "a1"), sq(&s, "a2")).is_empty());
    }
}
