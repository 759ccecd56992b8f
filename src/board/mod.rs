//! Board geometry: shapes, squares and their names, colours, directions and
//! the precomputed attack tables of a shape. Knows nothing of men or players.

mod bits;
mod geometry;
mod magic;

pub use bits::{Bits, SquareIter, U256};
pub use geometry::{Geometry, SquareTables, orth_index};

/// A square index: `y * width + x` on its board.
pub type Square = usize;

/// The eight directions of movement, as (dx, dy).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Up the board: towards higher ranks (`dy = +1`).
    North,
    /// Up and to the right (`+1, +1`).
    NorthEast,
    /// To the right: towards later files (`dx = +1`).
    East,
    /// Down and to the right (`+1, -1`).
    SouthEast,
    /// Down the board: towards rank 1 (`dy = -1`).
    South,
    /// Down and to the left (`-1, -1`).
    SouthWest,
    /// To the left: towards file `a` (`dx = -1`).
    West,
    /// Up and to the left (`-1, +1`).
    NorthWest,
}

impl Dir {
    /// All eight directions clockwise from North, in the order of [`Dir::index`].
    pub const ALL: [Dir; 8] = [
        Dir::North,
        Dir::NorthEast,
        Dir::East,
        Dir::SouthEast,
        Dir::South,
        Dir::SouthWest,
        Dir::West,
        Dir::NorthWest,
    ];
    /// The four directions a pawn can travel in.
    pub const ORTHOGONAL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];
    /// The four diagonal directions, clockwise from North-East.
    pub const DIAGONAL: [Dir; 4] = [
        Dir::NorthEast,
        Dir::SouthEast,
        Dir::SouthWest,
        Dir::NorthWest,
    ];

    /// The step of the direction as `(dx, dy)` in file and rank.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::North => (0, 1),
            Dir::NorthEast => (1, 1),
            Dir::East => (1, 0),
            Dir::SouthEast => (1, -1),
            Dir::South => (0, -1),
            Dir::SouthWest => (-1, -1),
            Dir::West => (-1, 0),
            Dir::NorthWest => (-1, 1),
        }
    }

    /// The direction's index (0 North, clockwise to 7 North-West), for per-direction
    /// tables; diagonals have odd indices.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The direction turned half a circle (North for South).
    pub fn opposite(self) -> Dir {
        Dir::ALL[(self.index() + 4) % 8]
    }

    /// Whether the square index grows along this direction (so the nearest
    /// man on a ray is its lowest square).
    pub fn ascending(self) -> bool {
        matches!(
            self,
            Dir::North | Dir::NorthEast | Dir::East | Dir::NorthWest
        )
    }

    /// Whether this is one of the four diagonal directions.
    pub fn is_diagonal(self) -> bool {
        self.index() % 2 == 1
    }

    /// For an orthogonal direction: the two diagonals forward of it.
    pub fn forward_diagonals(self) -> [Dir; 2] {
        let i = self.index();
        [Dir::ALL[(i + 1) % 8], Dir::ALL[(i + 7) % 8]]
    }

    /// The direction's letter in FEN4's `'pawnDir'` field (`n`, `e`, `s`, `w`);
    /// `?` for a diagonal, which no pawn travels.
    pub fn letter(self) -> char {
        match self {
            Dir::North => 'n',
            Dir::East => 'e',
            Dir::South => 's',
            Dir::West => 'w',
            _ => '?',
        }
    }

    /// The orthogonal direction a `'pawnDir'` letter names, either case; `None`
    /// for any other character.
    pub fn from_letter(c: char) -> Option<Dir> {
        match c.to_ascii_lowercase() {
            'n' => Some(Dir::North),
            'e' => Some(Dir::East),
            's' => Some(Dir::South),
            'w' => Some(Dir::West),
            _ => None,
        }
    }
}

/// A board: a rectangle of files and ranks with some squares cut away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// The board's name as shown to users (`"8x8"`, `"160-square cross"`).
    pub name: &'static str,
    /// The number of files (columns) of the enclosing rectangle.
    pub width: usize,
    /// The number of ranks (rows) of the enclosing rectangle.
    pub height: usize,
    /// Rectangles of absent squares, as inclusive (x0, x1, y0, y1).
    pub holes: &'static [(usize, usize, usize, usize)],
    /// A square is light when `(x + y) % 2 == light_parity`.
    pub light_parity: usize,
}

impl Shape {
    /// The orthodox 8x8 board: light when x + y is odd.
    pub const CHESS: Shape = Shape {
        name: "8x8",
        width: 8,
        height: 8,
        holes: &[],
        light_parity: 1,
    };
    /// The 10x8 board of Double King Chess: the right-hand corner is dark.
    pub const WIDE: Shape = Shape {
        name: "10x8",
        width: 10,
        height: 8,
        holes: &[],
        light_parity: 0,
    };
    /// Verney's 160-square cross: 14x14 without its 3x3 corners.
    pub const CROSS: Shape = Shape {
        name: "160-square cross",
        width: 14,
        height: 14,
        holes: &[
            (0, 2, 0, 2),
            (11, 13, 0, 2),
            (0, 2, 11, 13),
            (11, 13, 11, 13),
        ],
        light_parity: 0,
    };
    /// The Triple-Chess board: the cross without its East arm.
    pub const TRIPLE: Shape = Shape {
        name: "cross without the East arm",
        width: 14,
        height: 14,
        holes: &[(0, 2, 0, 2), (0, 2, 11, 13), (11, 13, 0, 13)],
        light_parity: 0,
    };

    /// The number of square indices, holes included: `width * height`.
    pub fn size(&self) -> usize {
        self.width * self.height
    }

    /// The index of the square on file `x`, rank `y` (both 0-based), whether or
    /// not it exists.
    pub fn square(&self, x: usize, y: usize) -> Square {
        y * self.width + x
    }

    /// The file and rank (0-based) of square index `sq`.
    pub fn coords(&self, sq: Square) -> (usize, usize) {
        (sq % self.width, sq / self.width)
    }

    /// Whether (x, y) is a square of this board (signed, for stepping off it).
    pub fn contains(&self, x: i32, y: i32) -> bool {
        if x < 0 || y < 0 || x >= self.width as i32 || y >= self.height as i32 {
            return false;
        }
        let (x, y) = (x as usize, y as usize);
        !self
            .holes
            .iter()
            .any(|&(x0, x1, y0, y1)| (x0..=x1).contains(&x) && (y0..=y1).contains(&y))
    }

    /// Whether index `sq` is a square of the board (inside the rectangle and not
    /// in a hole).
    pub fn exists(&self, sq: Square) -> bool {
        let (x, y) = self.coords(sq);
        sq < self.size() && self.contains(x as i32, y as i32)
    }

    /// All squares of the board, in index order.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.size()).filter(|&s| self.exists(s))
    }

    /// Whether `sq` is a light square of the board's chequer (see
    /// [`Shape::light_parity`]).
    pub fn is_light(&self, sq: Square) -> bool {
        let (x, y) = self.coords(sq);
        (x + y) % 2 == self.light_parity
    }

    /// The square one step from `sq` in direction `d`, if it exists.
    pub fn step(&self, sq: Square, d: Dir) -> Option<Square> {
        let (x, y) = self.coords(sq);
        let (dx, dy) = d.delta();
        self.offset(x, y, dx, dy).filter(|_| self.exists(sq))
    }

    /// The square at (x + dx, y + dy), if it exists.
    pub fn offset(&self, x: usize, y: usize, dx: i32, dy: i32) -> Option<Square> {
        let (nx, ny) = (x as i32 + dx, y as i32 + dy);
        self.contains(nx, ny)
            .then(|| self.square(nx as usize, ny as usize))
    }

    /// The algebraic name of a square: file letter and rank number (`a1`, `n14`).
    pub fn name(&self, sq: Square) -> String {
        let mut name = String::with_capacity(3);
        self.push_name(sq, &mut name);
        name
    }

    /// Appends the algebraic name of a square to `out`, as [`Shape::name`]
    /// gives it: written move by move (long texts, move lists in errors),
    /// without a string or a formatter per square.
    pub fn push_name(&self, sq: Square, out: &mut String) {
        let (x, y) = self.coords(sq);
        out.push(char::from(b'a' + x as u8));
        let rank = y + 1;
        if rank >= 10 {
            push_number(rank / 10, out);
        }
        out.push(char::from(b'0' + (rank % 10) as u8));
    }

    /// Reads a square name such as `e4` or `k11`; `None` if it is not on this board.
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        let rank_text = chars.as_str();
        if rank_text.is_empty() || rank_text.len() > 2 || rank_text.starts_with('0') {
            return None;
        }
        let rank: usize = rank_text.parse().ok()?;
        let x = (file as u8 - b'a') as i32;
        let y = rank as i32 - 1;
        self.contains(x, y)
            .then(|| self.square(x as usize, y as usize))
    }
}

/// Appends the decimal digits of `n`.
fn push_number(n: usize, out: &mut String) {
    if n >= 10 {
        push_number(n / 10, out);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_are_file_letters_and_rank_numbers() {
        let shape = Shape::CROSS;
        for sq in shape.squares() {
            let (x, y) = shape.coords(sq);
            assert_eq!(
                shape.name(sq),
                format!("{}{}", (b'a' + x as u8) as char, y + 1)
            );
            assert_eq!(shape.parse_square(&shape.name(sq)), Some(sq));
        }
    }

    #[test]
    fn cross_board_has_160_squares() {
        assert_eq!(Shape::CROSS.squares().count(), 160);
        assert!(!Shape::CROSS.exists(Shape::CROSS.square(2, 2)));
        assert!(Shape::CROSS.exists(Shape::CROSS.square(3, 0)));
        assert!(!Shape::CROSS.exists(Shape::CROSS.square(13, 11)));
    }

    #[test]
    fn other_boards_have_their_size() {
        assert_eq!(Shape::CHESS.squares().count(), 64);
        assert_eq!(Shape::WIDE.squares().count(), 80);
        // The cross less the East arm (3 files x 8 ranks).
        assert_eq!(Shape::TRIPLE.squares().count(), 136);
    }

    #[test]
    fn names_round_trip_on_every_board() {
        for shape in [Shape::CHESS, Shape::WIDE, Shape::CROSS, Shape::TRIPLE] {
            for sq in shape.squares() {
                assert_eq!(shape.parse_square(&shape.name(sq)), Some(sq));
            }
        }
        assert_eq!(Shape::CROSS.parse_square("a1"), None);
        assert_eq!(Shape::CROSS.parse_square("n14"), None);
        assert_eq!(Shape::CROSS.parse_square("n11"), Some(11 * 14 - 1));
        assert_eq!(Shape::CHESS.parse_square("i1"), None);
        assert_eq!(Shape::CHESS.parse_square("a9"), None);
        assert_eq!(Shape::CHESS.parse_square("a01"), None);
        assert_eq!(Shape::CHESS.parse_square(""), None);
        assert_eq!(Shape::CHESS.parse_square("é1"), None);
    }

    #[test]
    fn square_colours_follow_each_board() {
        let c = Shape::CHESS;
        assert!(!c.is_light(c.parse_square("a1").unwrap_or(0)));
        assert!(c.is_light(c.parse_square("h1").unwrap_or(0)));
        // Verney: all four queens on light squares.
        let v = Shape::CROSS;
        for q in ["g1", "a7", "h14", "n8"] {
            let sq = v.parse_square(q).unwrap_or(0);
            assert!(v.is_light(sq), "{q}");
        }
        // Double King: the right-hand corner j1 is dark, the queen e1 light.
        let w = Shape::WIDE;
        assert!(!w.is_light(w.parse_square("j1").unwrap_or(0)));
        assert!(w.is_light(w.parse_square("e1").unwrap_or(0)));
    }

    #[test]
    fn steps_stop_at_missing_corners() {
        let v = Shape::CROSS;
        let d4 = v.parse_square("d4").unwrap_or(0);
        assert_eq!(v.step(d4, Dir::SouthWest), None);
        assert_eq!(v.step(d4, Dir::South), v.parse_square("d3"));
    }
}
