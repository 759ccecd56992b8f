//! The variants: each a small file of data (board, seats, teams, setup, pawn
//! directions and zones, castlings) plus the hooks where its rules differ.

mod chess;
mod cross;
mod double_king;
mod double_skak;
mod quattro;
mod verney;

use crate::board::{Dir, Shape};
use crate::men::Kind;

/// One seat at the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seat {
    /// The player's name in this variant (`White`, `Yellow`, ...).
    pub name: &'static str,
    /// One lowercase letter for the player in positions and prefixes.
    pub letter: char,
    /// Where the player sits (`South`, `West`, ...).
    pub side: &'static str,
    /// Team number: seats with the same team are partners.
    pub team: u8,
    /// The direction the player's pawns travel at the start.
    pub forward: Dir,
    /// Whether the player has a king of his own (Double Skak's queen players do not).
    pub royal: bool,
}

/// A castling: the king and rook squares before and after.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Castling {
    pub seat: usize,
    pub king_from: &'static str,
    pub king_to: &'static str,
    pub rook_from: &'static str,
    pub rook_to: &'static str,
    /// `O-O`, `O-O-O` or `O-O-O-O`.
    pub notation: &'static str,
}

impl Castling {
    pub const fn new(
        seat: usize,
        king_from: &'static str,
        king_to: &'static str,
        rook_from: &'static str,
        rook_to: &'static str,
        notation: &'static str,
    ) -> Castling {
        Castling {
            seat,
            king_from,
            king_to,
            rook_from,
            rook_to,
            notation,
        }
    }
}

/// How a player's turn ends when he has no legal move, and what mate does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheme {
    /// Two players; no legal move ends the game (checkmate or stalemate).
    Orthodox,
    /// Verney: a player without moves passes, mated or stalemated; a mated
    /// player's men stay inert until released; a team wins when both
    /// adversaries are mated.
    InertMates,
    /// Meerman's Multi-chess: a mated player leaves the game at the start of
    /// his turn (not a ply); his mating player gets a bonus queen on the
    /// king's square; his men leave one by one unless their removal would
    /// expose a king (those stay as neutral men); a stalemated player passes
    /// while more than two remain; the last player wins.
    Elimination,
}

/// Whether a variant is implemented by the engine yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Support {
    Playable,
    /// Rules are in rules.md; the engine does not play it yet.
    Planned,
}

/// Which set width the engine uses for the variant's board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Width {
    W64,
    W128,
    W256,
}

/// A square predicate per seat: `(seat, x, y) -> bool`.
pub type Zone = fn(usize, usize, usize) -> bool;

/// Everything the engine needs to know about a variant.
#[derive(Debug, Clone, Copy)]
pub struct Variant {
    pub id: &'static str,
    pub name: &'static str,
    pub summary: &'static str,
    pub support: Support,
    pub shape: Shape,
    /// Seats in turn order.
    pub seats: &'static [Seat],
    /// The start position, in the variant's position text (FEN or FEN4).
    pub start: &'static str,
    pub scheme: Scheme,
    /// Squares from which a pawn may step two squares.
    pub double_step: Zone,
    pub en_passant: bool,
    /// Squares where a pawn of the seat promotes.
    pub promotion: Zone,
    /// Promotion only when the pawn arrives by a capture.
    pub promote_by_capture_only: bool,
    /// A pawn promotes on the board's edge in its direction of travel
    /// (Double Skak) rather than on the `promotion` squares.
    pub promote_at_edge: bool,
    /// Per seat, the two directions its pawns may point ("noses"); a pawn
    /// that may still choose (see positions) moves either way on its first move.
    pub noses: &'static [[Dir; 2]],
    pub promotion_kinds: &'static [Kind],
    /// Squares where a pawn of the seat turns to travel back towards its owner.
    pub reverse_on: Zone,
    /// Squares where a travelling-back pawn turns forwards again.
    pub forward_on: Zone,
    /// A pawn may leap over a partner's pawn straight in front of it.
    pub leap_partner_pawn: bool,
    /// A move may not open a new attack on the partner's king.
    pub shield_partner: bool,
    pub castlings: &'static [Castling],
    pub kings: &'static [Kind],
}

/// A zone that holds no square.
pub fn nowhere(_seat: usize, _x: usize, _y: usize) -> bool {
    false
}

impl Variant {
    pub fn width(&self) -> Width {
        match self.shape.size() {
            0..=64 => Width::W64,
            65..=128 => Width::W128,
            _ => Width::W256,
        }
    }

    pub fn players(&self) -> usize {
        self.seats.len()
    }

    /// The name of a seat's player (`?` for a seat the variant does not have).
    pub fn seat_name(&self, seat: usize) -> &'static str {
        self.seats.get(seat).map(|s| s.name).unwrap_or("?")
    }

    /// How many teams the seats form.
    pub fn team_count(&self) -> usize {
        self.seats
            .iter()
            .map(|s| s.team as usize + 1)
            .max()
            .unwrap_or(0)
    }

    /// The seat index of a player named by name or letter (case-insensitive).
    pub fn seat_named(&self, name: &str) -> Option<usize> {
        self.seats.iter().position(|s| {
            s.name.eq_ignore_ascii_case(name)
                || (name.chars().count() == 1
                    && name.chars().next().map(|c| c.to_ascii_lowercase()) == Some(s.letter))
        })
    }

    pub fn partners(&self, a: usize, b: usize) -> bool {
        match (self.seats.get(a), self.seats.get(b)) {
            (Some(x), Some(y)) => x.team == y.team,
            _ => false,
        }
    }

    /// The seat of `seat`'s partner, when the variant has teams of two.
    pub fn partner(&self, seat: usize) -> Option<usize> {
        (0..self.players()).find(|&o| o != seat && self.partners(o, seat))
    }
}

/// Variants the toolkit knows, in the order `roundtable variants` lists them.
pub fn all() -> Vec<&'static Variant> {
    vec![
        &chess::CHESS,
        &verney::VERNEY,
        &double_skak::DOUBLE_SKAK,
        &double_king::DOUBLE_KING,
        &planned::SKOCK,
        &quattro::QUATTRO,
        &quattro::TRIPLE,
        &planned::TEAM,
    ]
}

/// Looks a variant up by its id.
pub fn by_id(id: &str) -> Option<&'static Variant> {
    all().into_iter().find(|v| v.id.eq_ignore_ascii_case(id))
}

mod planned;
