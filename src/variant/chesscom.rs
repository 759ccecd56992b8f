//! Chess.com's four-player chess, as its PGN4 exports follow it
//! (`chesscom-4pc.md`): free-for-all with points (`chesscom-ffa`) and Teams
//! (`chesscom-teams`), on the 160-square cross with Chess.com's colours Red
//! (south), Blue (west), Yellow (north), Green (east).
//!
//! Both: the modern (`4PC`, the setup) and classic (`4PCo`) arrays, chosen
//! by a PGN4 record's `StartFen4` (classic without one, Decision 1); pawns step two
//! squares from their start line; en passant lasts until the pushing player
//! moves again (Decision 3: the engine closes a chance as its opener's turn
//! starts); castling on each colour's back line for either array; kings are
//! captured like any man (Decision 4).
//!
//! FFA: promotion on the 8th rank to the one-point queen (`=D`); players are
//! live, walking (Dead King Walking: resigned or out of time, the army dead,
//! the king stepping at the server's whim, not tested against attacks,
//! Decision 6) or out (king captured, mated, stalemated); dead men stay as
//! obstacles that give no check and that anyone may capture; mate is tested
//! after every ply for every player but the mover, who scores it (Decision
//! 5); points are counted as the game goes (capture table of §5.4, bishop
//! 5; a queen promoted from a pawn is worth 1; mate and king capture +20;
//! one move checking two or three kings +1/+5 with a queen, +5/+20
//! otherwise; self-stalemate +20, a walking king stalemated 20 shared by the
//! live players, rounded) and reported, not enforced (Decision 8). The game is over when
//! fewer than two players are live.
//!
//! Teams: Red and Yellow against Blue and Green; partners are never
//! captured and never check; promotion on the 11th rank to Q, R, B or N;
//! mate and stalemate are judged when the victim's turn comes (the record
//! writes `#` in his slot), then a mate (or a captured king) wins for the
//! other team and a stalemate draws; a resignation ends the game.

use super::{
    Castling, HookTable, Hooks, NotationHints, Pawns, Promotion, Seat, Values, Variant,
    VariantOption, Zone,
};
use crate::board::{Bits, Dir, Shape};
use crate::engine::{EndReason, Move, MoveKind, MoveList, Outcome, Position, Status, Turn};
use crate::men::Kind;

/// The modern array (`StartFen4 "4PC"`): every queen on its owner's left.
pub const MODERN_START: &str = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-\
    3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/\
    bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/\
    bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/14/\
    3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3";

/// The classic array (`StartFen4 "4PCo"`, and records without the tag):
/// Blue's and Green's king and queen exchanged.
pub const CLASSIC_START: &str = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-\
    3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/\
    bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bK,bP,10,gP,gQ/\
    bQ,bP,10,gP,gK/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/14/\
    3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3";

/// The arrays a `StartFen4` tag names.
const ARRAYS: &[(&str, &str)] = &[("4PC", MODERN_START), ("4PCo", CLASSIC_START)];

/// Castlings of both arrays: only those whose king and rook stand on their
/// squares apply (§4's table).
const CASTLINGS: &[Castling] = &[
    Castling::new(0, "h1", "j1", "k1", "i1", "O-O"),
    Castling::new(0, "h1", "f1", "d1", "g1", "O-O-O"),
    // Blue, modern then classic.
    Castling::new(1, "a7", "a5", "a4", "a6", "O-O"),
    Castling::new(1, "a7", "a9", "a11", "a8", "O-O-O"),
    Castling::new(1, "a8", "a10", "a11", "a9", "O-O"),
    Castling::new(1, "a8", "a6", "a4", "a7", "O-O-O"),
    Castling::new(2, "g14", "e14", "d14", "f14", "O-O"),
    Castling::new(2, "g14", "i14", "k14", "h14", "O-O-O"),
    // Green, modern then classic.
    Castling::new(3, "n8", "n10", "n11", "n9", "O-O"),
    Castling::new(3, "n8", "n6", "n4", "n7", "O-O-O"),
    Castling::new(3, "n7", "n5", "n4", "n6", "O-O"),
    Castling::new(3, "n7", "n9", "n11", "n8", "O-O-O"),
];

/// Chess.com's points for capturing a live man (§5.4, bishop 5).
pub const POINTS: Values = Values {
    name: "chesscom",
    pawn: 1,
    knight: 3,
    bishop: 5,
    rook: 5,
    queen: 9,
    squirk: 0,
};

/// Points for capturing or mating a king.
pub const KING_POINTS: u32 = 20;

/// `RuleVariants` that change nothing on the board.
const COSMETIC: &[&str] = &[
    "Anonymous",
    "SemiAnonymous",
    "Blindfold",
    "Ghostboard",
    "SpectatorChat",
    "Diplomacy",
];

/// Checks an FFA `RuleVariants` tag: the rules implemented are En passant,
/// Dead King Walking and promotion to the one-point queen (Decision 10).
fn ffa_rules(value: &str) -> Result<(), String> {
    check_rules(
        value,
        &["EnPassant", "DeadKingWalking", "PromoteTo=D"],
        &["DeadKingWalking"],
    )
}

/// Checks a Teams `RuleVariants` tag (only En passant, which the engine
/// always plays).
fn teams_rules(value: &str) -> Result<(), String> {
    check_rules(value, &["EnPassant"], &[])
}

fn check_rules(value: &str, known: &[&str], needed: &[&str]) -> Result<(), String> {
    let given: Vec<&str> = value.split_whitespace().collect();
    for rule in &given {
        let cosmetic = COSMETIC.iter().any(|c| c.eq_ignore_ascii_case(rule));
        if !cosmetic && !known.iter().any(|k| k.eq_ignore_ascii_case(rule)) {
            return Err(format!(
                "rule variants roundtable implements: `{rule}` changes play and is not implemented (implemented: {}; cosmetic ones are ignored)",
                known.join(" ")
            ));
        }
    }
    for rule in needed {
        if !given.iter().any(|g| g.eq_ignore_ascii_case(rule)) {
            return Err(format!(
                "the rule variant `{rule}` (a game without it is not implemented)"
            ));
        }
    }
    Ok(())
}

/// The options a record may set: which array a start names.
const OPTIONS: &[VariantOption] = &[];

const SEATS_FFA: &[Seat] = &[
    Seat::new("Red", 'r', "South", 0, Dir::North),
    Seat::new("Blue", 'b', "West", 1, Dir::East),
    Seat::new("Yellow", 'y', "North", 2, Dir::South),
    Seat::new("Green", 'g', "East", 3, Dir::West),
];

const SEATS_TEAMS: &[Seat] = &[
    Seat::new("Red", 'r', "South", 0, Dir::North),
    Seat::new("Blue", 'b', "West", 1, Dir::East),
    Seat::new("Yellow", 'y', "North", 0, Dir::South),
    Seat::new("Green", 'g', "East", 1, Dir::West),
];

/// Chess.com free-for-all.
pub struct Ffa;

/// Chess.com Teams.
pub struct Teams;

static FFA_HOOKS: Ffa = Ffa;
static TEAMS_HOOKS: Teams = Teams;

/// Chess.com four-player chess, free-for-all.
pub const CHESSCOM_FFA: Variant = Variant {
    id: "chesscom-ffa",
    name: "Chess.com four-player chess, free-for-all",
    summary: "Chess.com's 4PC FFA: points, king capture, Dead King Walking, dead men as obstacles",
    shape: Shape::CROSS,
    seats: SEATS_FFA,
    start: MODERN_START,
    pawns: Pawns {
        double_step: Zone::Rank(1),
        en_passant: true,
        promotion: Promotion::On(Zone::Rank(7)),
        promotion_kinds: &[Kind::Queen],
        ..Pawns::ORTHODOX
    },
    king_capture: true,
    dead_men_capturable: true,
    castlings: CASTLINGS,
    values: POINTS,
    hints: NotationHints {
        aliases: &["FFA", "Solo", "chesscom"],
        variant_tag: true,
        named_starts: ARRAYS,
        untagged_start: Some("4PCo"),
        keeps_exits: true,
        promotion_letter: Some('D'),
        rule_variants: Some(ffa_rules),
    },
    options: OPTIONS,
    hooks: HookTable::of(&FFA_HOOKS),
    ..Variant::ORTHODOX
};

/// Chess.com four-player chess, Teams.
pub const CHESSCOM_TEAMS: Variant = Variant {
    id: "chesscom-teams",
    name: "Chess.com four-player chess, Teams",
    summary: "Chess.com's 4PC Teams: Red and Yellow against Blue and Green; mate judged on the victim's turn",
    shape: Shape::CROSS,
    seats: SEATS_TEAMS,
    start: MODERN_START,
    pawns: Pawns {
        double_step: Zone::Rank(1),
        en_passant: true,
        promotion: Promotion::On(Zone::Rank(10)),
        ..Pawns::ORTHODOX
    },
    king_capture: true,
    castlings: CASTLINGS,
    values: POINTS,
    hints: NotationHints {
        aliases: &["Teams"],
        variant_tag: true,
        named_starts: ARRAYS,
        untagged_start: Some("4PCo"),
        keeps_exits: true,
        promotion_letter: None,
        rule_variants: Some(teams_rules),
    },
    options: OPTIONS,
    hooks: HookTable::of(&TEAMS_HOOKS),
    ..Variant::ORTHODOX
};

/// Points for capturing the live man `kind` (a promoted queen is worth 1).
fn capture_points(kind: Kind, promoted: bool) -> u32 {
    match kind {
        Kind::Pawn => POINTS.pawn,
        Kind::Knight => POINTS.knight,
        Kind::Bishop => POINTS.bishop,
        Kind::Rook => POINTS.rook,
        Kind::Queen if promoted => 1,
        Kind::Queen => POINTS.queen,
        Kind::King => KING_POINTS,
        Kind::Squirk => POINTS.squirk,
    }
}

/// The square of the man a move captures, if any.
fn victim_square<B: Bits>(pos: &Position<B>, mv: Move) -> Option<usize> {
    match mv.kind {
        MoveKind::Pass | MoveKind::Castle(_) => None,
        MoveKind::EnPassant => (0..pos.seats())
            .filter_map(|s| pos.ep_chance(s))
            .find(|c| c.target == mv.to)
            .map(|c| c.victim as usize),
        _ => pos.occupied().has(mv.to as usize).then_some(mv.to as usize),
    }
}

/// A player leaves the game: his men stay, dead, and an en passant chance
/// he opened closes (his turn, which would close it, never comes again).
fn eliminate<B: Bits>(pos: &mut Position<B>, seat: usize) {
    pos.set_status(seat, Status::Out);
    pos.set_ep(seat, None);
}

/// Whether a seat still takes turns with a king: live or walking.
fn playing(status: Status) -> bool {
    matches!(status, Status::Active | Status::Walking)
}

impl Hooks for Ffa {
    fn judge<B: Bits>(&self, pos: &Position<B>, status: &[Status; 4], has_moves: bool) -> Turn {
        let live = (0..pos.seats())
            .filter(|&s| pos.status(s) == Status::Active)
            .count();
        if live <= 1 {
            let best = (0..pos.seats()).map(|s| pos.points(s)).max().unwrap_or(0);
            let seats = (0..pos.seats())
                .filter(|&s| pos.points(s) == best)
                .fold(0u8, |m, s| m | 1 << s);
            return Turn::Over(Outcome::Win {
                seats,
                reason: EndReason::MostPoints,
            });
        }
        if has_moves {
            Turn::Moves
        } else {
            Turn::Pass {
                becomes: status[pos.turn()],
            }
        }
    }

    fn make<B: Bits>(&self, pos: &mut Position<B>, mv: Move, _reexamine: bool) {
        let me = pos.turn();
        let was = pos.status(me);
        if mv.is_pass() {
            // No legal move at his turn: mated or stalemated, he is out.
            pos.make_plain(mv);
            if pos.status(me) == Status::Stalemated {
                if was == Status::Walking {
                    // The live players share 20, rounded (the exports: 7
                    // each for three).
                    let live = (0..pos.seats())
                        .filter(|&s| pos.status(s) == Status::Active)
                        .count() as u32;
                    for s in 0..pos.seats() {
                        if pos.status(s) == Status::Active {
                            pos.add_points(s, (KING_POINTS + live / 2) / live.max(1));
                        }
                    }
                } else {
                    pos.add_points(me, KING_POINTS);
                }
            }
            eliminate(pos, me);
            return;
        }
        let from = mv.from as usize;
        let promoted = pos.promoted();
        let carried = promoted.has(from) || mv.promotion().is_some();
        let victim = victim_square(pos, mv).and_then(|sq| pos.man_at(sq).map(|m| (sq, m)));
        pos.make_plain(mv);
        if carried {
            let marked = pos.promoted() | B::bit(mv.to as usize);
            pos.set_promoted(marked);
        }
        if let Some((sq, man)) = victim {
            let owner = man.owner;
            let scores = was == Status::Active;
            if man.kind == Kind::King && playing(pos.status(owner)) {
                eliminate(pos, owner);
                if scores {
                    pos.add_points(me, KING_POINTS);
                }
            } else if scores && pos.status(owner) == Status::Active {
                pos.add_points(me, capture_points(man.kind, promoted.has(sq)));
            }
        }
    }

    fn after_ply<B: Bits>(&self, pos: &mut Position<B>, mover: usize) {
        let scores = pos.status(mover) == Status::Active;
        // Check bonuses: the kings the mover's men now attack.
        if scores {
            let own = pos.men_of(mover);
            let mut kings = 0;
            let mut only_queens = true;
            for s in (0..pos.seats()).filter(|&s| s != mover && pos.status(s) == Status::Active) {
                for k in pos.kings_of(s).squares() {
                    let by = pos.attackers(k, own, pos.occupied());
                    if by.any() {
                        kings += 1;
                        only_queens &= (by & !pos.pieces(Kind::Queen)).is_empty();
                    }
                }
            }
            let bonus = match (kings, only_queens) {
                (2, true) => 1,
                (2, false) => 5,
                (3, true) => 5,
                (3, false) => 20,
                _ => 0,
            };
            pos.add_points(mover, bonus);
        }
        // Mate after every ply, in turn order after the mover.
        let mut list = MoveList::new();
        let n = pos.seats();
        for k in 1..n {
            let s = (mover + k) % n;
            if !playing(pos.status(s)) || !pos.in_check(s) {
                continue;
            }
            pos.legal_moves_of(s, &mut list);
            if list.is_empty() {
                eliminate(pos, s);
                if scores {
                    pos.add_points(mover, KING_POINTS);
                }
            }
        }
        // The turn had passed to a player who is now out: it passes on.
        if pos.status(pos.turn()) == Status::Out {
            pos.advance_turn();
        }
    }

    fn mating_ply<B: Bits>(&self, before: &Position<B>, after: &Position<B>) -> bool {
        (0..after.seats()).any(|s| playing(before.status(s)) && after.status(s) == Status::Out)
    }

    fn exit<B: Bits>(&self, pos: &mut Position<B>, seat: usize) -> bool {
        if !playing(pos.status(seat)) {
            return true;
        }
        pos.set_status(seat, Status::Walking);
        // Resigned while his walking king is mated (`R#`): out at once.
        if pos.in_check(seat) {
            let mut list = MoveList::new();
            pos.legal_moves_of(seat, &mut list);
            if list.is_empty() {
                eliminate(pos, seat);
            }
        }
        true
    }
}

impl Hooks for Teams {
    /// A position text's dead player was mated at his turn: the game is over.
    fn dead_status(&self) -> Status {
        Status::Mated
    }

    fn judge<B: Bits>(&self, pos: &Position<B>, status: &[Status; 4], has_moves: bool) -> Turn {
        // A player mated or stalemated at his turn, or whose king was
        // taken, ends the game at the next turn.
        for s in 0..pos.seats() {
            match pos.status(s) {
                Status::Mated | Status::Out => {
                    return Turn::Over(Outcome::Win {
                        seats: pos.rules().adversaries(s),
                        reason: EndReason::Checkmate,
                    });
                }
                Status::Stalemated => {
                    return Turn::Over(Outcome::Draw {
                        reason: EndReason::Stalemate,
                    });
                }
                _ => {}
            }
        }
        if has_moves {
            Turn::Moves
        } else {
            Turn::Pass {
                becomes: status[pos.turn()],
            }
        }
    }

    fn make<B: Bits>(&self, pos: &mut Position<B>, mv: Move, _reexamine: bool) {
        let victim = victim_square(pos, mv).and_then(|sq| pos.man_at(sq));
        pos.make_plain(mv);
        if let Some(man) = victim.filter(|m| m.kind == Kind::King) {
            pos.set_status(man.owner, Status::Out);
        }
    }

    fn mating_ply<B: Bits>(&self, before: &Position<B>, after: &Position<B>) -> bool {
        (0..after.seats()).any(|s| {
            before.status(s) == Status::Active
                && matches!(after.status(s), Status::Mated | Status::Out)
        })
    }
}
