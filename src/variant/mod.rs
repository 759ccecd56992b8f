//! The variants. Each lives in one file of this folder: its data (board,
//! seats, teams, setup, pawns, castlings, value scale, notation hints,
//! options) as a [`Variant`] built on [`Variant::ORTHODOX`], plus, where its
//! rules of turn and end really differ, a type implementing [`Hooks`] whose
//! defaults are orthodox chess. The engine asks the variant; it never asks
//! which variant it is.
//!
//! Adding a variant: write its file, add one line to [`all`] (and a `mod`
//! line), then its tests and its README notes.

mod chess;
mod chess960;
mod chesscom;
mod cross;
mod double_king;
mod double_skak;
mod hooks;
mod multi;
mod planned;
mod quattro;
mod skock;
mod team;
mod verney;
mod verney1892;

pub use chesscom::{CHESSCOM_FFA, CHESSCOM_TEAMS, CLASSIC_START, MODERN_START};
pub use hooks::{HookTable, Hooks, HooksAt, Orthodox};
pub use skock::SKOCK;

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
    /// How many kings the player has at the start: 1 as a rule, 2 in Double
    /// King Chess, 0 for Double Skak's queen players.
    pub kings: u8,
}

impl Seat {
    /// A seat with one king.
    pub const fn new(
        name: &'static str,
        letter: char,
        side: &'static str,
        team: u8,
        forward: Dir,
    ) -> Seat {
        Seat {
            name,
            letter,
            side,
            team,
            forward,
            kings: 1,
        }
    }

    /// The same seat with `kings` kings.
    pub const fn with_kings(self, kings: u8) -> Seat {
        Seat { kings, ..self }
    }
}

/// A castling: the king and rook squares before and after.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Castling {
    /// The seat that castles.
    pub seat: usize,
    /// The king's square before.
    pub king_from: &'static str,
    /// The king's square after.
    pub king_to: &'static str,
    /// The rook's square before.
    pub rook_from: &'static str,
    /// The rook's square after.
    pub rook_to: &'static str,
    /// `O-O`, `O-O-O` or `O-O-O-O`.
    pub notation: &'static str,
}

impl Castling {
    /// A castling of `seat` from its squares and its written form.
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

/// Whether a variant is implemented by the engine yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Support {
    /// The engine plays it.
    Playable,
    /// Rules are in rules.md; the engine does not play it yet.
    Planned,
}

/// Which set width the engine uses for the variant's board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Width {
    /// Boards of up to 64 squares.
    W64,
    /// Boards of up to 128 squares.
    W128,
    /// Boards of up to 256 squares.
    W256,
}

/// A set of squares per seat, described relative to the seat where it can be.
#[derive(Clone, Copy)]
pub enum Zone {
    /// No square.
    Nowhere,
    /// The line `n` steps from the seat's own edge along its pawns' forward
    /// direction (0: the back rank, 1: the pawns' rank).
    Rank(usize),
    /// The line `n` steps from the opposite edge (0: the last rank).
    FarRank(usize),
    /// Any rule: `(seat, x, y) -> bool`.
    Custom(fn(usize, usize, usize) -> bool),
}

impl std::fmt::Debug for Zone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Zone::Nowhere => f.write_str("Nowhere"),
            Zone::Rank(n) => write!(f, "Rank({n})"),
            Zone::FarRank(n) => write!(f, "FarRank({n})"),
            Zone::Custom(_) => f.write_str("Custom"),
        }
    }
}

impl Zone {
    /// Whether square (x, y) of `shape` is in the zone of `seat`, whose
    /// pawns start travelling `forward`.
    pub fn contains(&self, shape: &Shape, seat: usize, forward: Dir, x: usize, y: usize) -> bool {
        // How far the square lies from the seat's own edge.
        let depth = match forward {
            Dir::North => y,
            Dir::South => shape.height - 1 - y,
            Dir::East => x,
            Dir::West => shape.width - 1 - x,
            _ => usize::MAX,
        };
        let span = match forward {
            Dir::East | Dir::West => shape.width,
            _ => shape.height,
        };
        match *self {
            Zone::Nowhere => false,
            Zone::Rank(n) => depth == n,
            Zone::FarRank(n) => depth != usize::MAX && depth + 1 + n == span,
            Zone::Custom(f) => f(seat, x, y),
        }
    }
}

/// Where a pawn promotes.
#[derive(Debug, Clone, Copy)]
pub enum Promotion {
    /// On the squares of the zone.
    On(Zone),
    /// On the board's edge in its direction of travel (Double Skak).
    AtEdge,
}

/// How the variant's pawns move, turn and promote.
#[derive(Debug, Clone, Copy)]
pub struct Pawns {
    /// Squares from which a pawn may step two squares.
    pub double_step: Zone,
    /// A double step opens an en passant chance.
    pub en_passant: bool,
    /// Where a pawn promotes.
    pub promotion: Promotion,
    /// Promotion only when the pawn arrives by a capture (Verney).
    pub promote_by_capture_only: bool,
    /// What a pawn may become, in the order notations list them.
    pub promotion_kinds: &'static [Kind],
    /// Per seat, the two directions its pawns may point ("noses"); a pawn
    /// that may still choose (see positions) moves either way on its first move.
    pub noses: &'static [[Dir; 2]],
    /// Squares where a pawn of the seat turns to travel back towards its owner.
    pub reverse_on: Zone,
    /// Squares where a travelling-back pawn turns forwards again.
    pub forward_on: Zone,
    /// A pawn may leap over a partner's pawn straight in front of it.
    pub leap_partner_pawn: bool,
}

impl Pawns {
    /// Orthodox pawns: a double step from the second rank, en passant,
    /// promotion on the last rank to a queen, rook, bishop or knight.
    pub const ORTHODOX: Pawns = Pawns {
        double_step: Zone::Rank(1),
        en_passant: true,
        promotion: Promotion::On(Zone::FarRank(0)),
        promote_by_capture_only: false,
        promotion_kinds: &[Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight],
        noses: &[],
        reverse_on: Zone::Nowhere,
        forward_on: Zone::Nowhere,
        leap_partner_pawn: false,
    };
}

/// A value scale for material: points per kind of man, kings not counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Values {
    /// The scale's name in reports.
    pub name: &'static str,
    /// A pawn.
    pub pawn: u32,
    /// A knight.
    pub knight: u32,
    /// A bishop.
    pub bishop: u32,
    /// A rook (Verney's castle).
    pub rook: u32,
    /// A queen.
    pub queen: u32,
    /// Double King Chess's squirk.
    pub squirk: u32,
}

impl Values {
    /// Verney's table (1881): Pawn 1, Knight 5, Castle 9, Bishop 9, Queen 20.
    /// The squirk, unknown to Verney, is given 14 (a castle plus a knight's
    /// worth of leaps).
    pub const VERNEY: Values = Values {
        name: "verney",
        pawn: 1,
        knight: 5,
        bishop: 9,
        rook: 9,
        queen: 20,
        squirk: 14,
    };
    /// The usual orthodox values: 1, 3, 3, 5, 9; the squirk 7.
    pub const ORTHODOX: Values = Values {
        name: "orthodox",
        pawn: 1,
        knight: 3,
        bishop: 3,
        rook: 5,
        queen: 9,
        squirk: 7,
    };
}

/// A rule option a record may set in its `options` map.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VariantOption {
    /// The option's name, as records spell it.
    pub name: &'static str,
    /// What it does, in a sentence.
    pub summary: &'static str,
    /// The values it takes.
    pub values: &'static [&'static str],
}

/// How notations name and write the variant.
#[derive(Debug, Clone, Copy)]
pub struct NotationHints {
    /// Other names a `Variant` tag may give the variant (case-insensitive).
    pub aliases: &'static [&'static str],
    /// Whether PGN output names the variant in a `Variant` tag (orthodox
    /// chess needs none).
    pub variant_tag: bool,
    /// Start positions a `StartFen4` tag may name instead of giving them
    /// (Chess.com's `4PC` and `4PCo`), with their position text.
    pub named_starts: &'static [(&'static str, &'static str)],
    /// The named start of a PGN4 record without a `StartFen4` tag, when it
    /// is not the variant's setup (Chess.com: `4PCo`, the older array).
    pub untagged_start: Option<&'static str>,
    /// PGN4's exits (`R` resigned, `T` timed out, alone in a slot or glued
    /// to a move) are plies of the record, and the replay decides whether
    /// the game goes on after them (Chess.com's Dead King Walking).
    pub keeps_exits: bool,
    /// The letter PGN4 writes for a promotion when it is not the piece's
    /// own (`D`, Chess.com's one-point queen).
    pub promotion_letter: Option<char>,
    /// Checks a PGN4 `RuleVariants` tag: an error names a rule that
    /// changes play and is not implemented.
    pub rule_variants: Option<RuleCheck>,
}

/// Checks a PGN4 `RuleVariants` tag's value; the error says what is wrong.
pub type RuleCheck = fn(&str) -> Result<(), String>;

impl NotationHints {
    /// The position text of a start the variant names (`4PC`).
    pub fn named_start(&self, name: &str) -> Option<&'static str> {
        self.named_starts
            .iter()
            .find(|(n, _)| *n == name.trim())
            .map(|(_, text)| *text)
    }
}

/// Everything the engine, the notations and the reports know of a variant.
#[derive(Debug, Clone, Copy)]
pub struct Variant {
    /// The id records and commands use (`verney`).
    pub id: &'static str,
    /// The full name.
    pub name: &'static str,
    /// One line on what sets it apart.
    pub summary: &'static str,
    /// Whether the engine plays it.
    pub support: Support,
    /// The board.
    pub shape: Shape,
    /// Seats in turn order.
    pub seats: &'static [Seat],
    /// The start position, in the variant's position text (FEN or FEN4).
    pub start: &'static str,
    /// How pawns move, turn and promote.
    pub pawns: Pawns,
    /// A move may not open a new attack on the partner's king.
    pub shield_partner: bool,
    /// Kings are captured like any other man (Chess.com's four-player
    /// chess: a king left attacked before its owner moves may be taken).
    pub king_capture: bool,
    /// A turn is a throw of two dice and a path of steps per die (Skock):
    /// built and checked by [`crate::engine::dice`], not by the one-move
    /// paths (replay of records, perft, selfplay), which refuse the variant.
    pub dice: bool,
    /// The men of players who are out or whose king walks stay on the
    /// board as dead men that anyone may capture (Chess.com FFA).
    pub dead_men_capturable: bool,
    /// The castlings, each with its seat.
    pub castlings: &'static [Castling],
    /// Coordinate notation (UCI) writes castling as the king moving onto his
    /// own rook, as Chess960 must (its king may castle without moving, or
    /// onto a square he could also reach by a plain move).
    pub castle_onto_rook: bool,
    /// The value scale reports use unless told otherwise.
    pub values: Values,
    /// How notations name the variant.
    pub hints: NotationHints,
    /// The rule options a record may set.
    pub options: &'static [VariantOption],
    /// The rules of turn and end: orthodox unless the variant says otherwise.
    pub hooks: HookTable,
}

/// The orthodox hooks every variant starts from.
static ORTHODOX_HOOKS: Orthodox = Orthodox;

impl Variant {
    /// Orthodox chess as data: the default every variant starts from
    /// (`Variant { id: "...", shape: ..., ..Variant::ORTHODOX }`).
    pub const ORTHODOX: Variant = Variant {
        id: "chess",
        name: "Orthodox chess",
        summary: "FIDE chess on 8x8",
        support: Support::Playable,
        shape: Shape::CHESS,
        seats: &[
            Seat::new("White", 'w', "South", 0, Dir::North),
            Seat::new("Black", 'b', "North", 1, Dir::South),
        ],
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        pawns: Pawns::ORTHODOX,
        shield_partner: false,
        king_capture: false,
        dice: false,
        dead_men_capturable: false,
        castlings: &[],
        castle_onto_rook: false,
        values: Values::ORTHODOX,
        hints: NotationHints {
            aliases: &[],
            variant_tag: true,
            named_starts: &[],
            untagged_start: None,
            keeps_exits: false,
            promotion_letter: None,
            rule_variants: None,
        },
        options: &[],
        hooks: HookTable::of(&ORTHODOX_HOOKS),
    };

    /// The square-set width the engine uses for the board.
    pub fn width(&self) -> Width {
        match self.shape.size() {
            0..=64 => Width::W64,
            65..=128 => Width::W128,
            _ => Width::W256,
        }
    }

    /// How many players sit at the board.
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

    /// The most kings any player has at the start.
    pub fn kings_per_player(&self) -> usize {
        self.seats
            .iter()
            .map(|s| s.kings as usize)
            .max()
            .unwrap_or(0)
    }

    /// The seat index of a player named by name or letter (case-insensitive).
    pub fn seat_named(&self, name: &str) -> Option<usize> {
        let mut chars = name.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) => Some(c.to_ascii_lowercase()),
            _ => None,
        };
        self.seats
            .iter()
            .position(|s| s.name.eq_ignore_ascii_case(name) || letter == Some(s.letter))
    }

    /// Whether two seats are on the same team.
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

    /// The name of this variant's own start position, when a record
    /// without a start tag would be read from another one (Chess.com's
    /// `4PC`: untagged PGN4 is the classic `4PCo`). Writers name it; read
    /// back, it is the setup, not a start of the record's own.
    pub fn own_start_name(&self) -> Option<&'static str> {
        let untagged = self.hints.untagged_start?;
        if self.hints.named_start(untagged) == Some(self.start) {
            return None;
        }
        self.hints
            .named_starts
            .iter()
            .find(|(_, text)| *text == self.start)
            .map(|(name, _)| *name)
    }

    /// Whether `name` (a `Variant` tag's value or an id) names this variant.
    pub fn is_named(&self, name: &str) -> bool {
        let name = name.trim();
        self.id.eq_ignore_ascii_case(name)
            || self
                .hints
                .aliases
                .iter()
                .any(|a| a.eq_ignore_ascii_case(name))
    }

    /// The option of this variant called `name`.
    pub fn option(&self, name: &str) -> Option<&'static VariantOption> {
        self.options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
    }
}

/// The variants built into the toolkit, in the order `roundtable variants`
/// lists them: the registry. A new variant adds one line here.
const BUILT_IN: &[&Variant] = &[
    &chess::CHESS,
    &chess960::CHESS960,
    &verney::VERNEY,
    &verney1892::VERNEY_1892,
    &double_skak::DOUBLE_SKAK,
    &double_king::DOUBLE_KING,
    &skock::SKOCK,
    &quattro::QUATTRO,
    &quattro::TRIPLE,
    &team::TEAM,
    &chesscom::CHESSCOM_FFA,
    &chesscom::CHESSCOM_TEAMS,
];

/// Variants a program using the library registered at run time.
static REGISTERED: std::sync::RwLock<Vec<&'static Variant>> = std::sync::RwLock::new(Vec::new());

/// Adds a variant defined outside the toolkit (by a program using the
/// library, or a test), so that records naming it read and replay like any
/// other. Refused when its id or an alias names a known variant.
pub fn register(variant: &'static Variant) -> Result<(), String> {
    let names = std::iter::once(variant.id).chain(variant.hints.aliases.iter().copied());
    for name in names {
        if let Some(known) = by_id(name) {
            if std::ptr::eq(known, variant) {
                return Ok(());
            }
            return Err(format!("`{name}` already names the variant {}", known.id));
        }
    }
    let mut list = match REGISTERED.write() {
        Ok(list) => list,
        Err(poisoned) => poisoned.into_inner(),
    };
    list.push(variant);
    Ok(())
}

/// Every variant the toolkit knows: the built-in ones, then those registered.
pub fn all() -> Vec<&'static Variant> {
    let mut out: Vec<&'static Variant> = BUILT_IN.to_vec();
    let registered = match REGISTERED.read() {
        Ok(list) => list,
        Err(poisoned) => poisoned.into_inner(),
    };
    out.extend(registered.iter().copied());
    out
}

/// Looks a variant up by its id or one of its aliases.
pub fn by_id(id: &str) -> Option<&'static Variant> {
    if let Some(v) = BUILT_IN.iter().find(|v| v.is_named(id)) {
        return Some(v);
    }
    let registered = match REGISTERED.read() {
        Ok(list) => list,
        Err(poisoned) => poisoned.into_inner(),
    };
    registered.iter().copied().find(|v| v.is_named(id))
}
