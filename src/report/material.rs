//! Material on a value scale: per player and per team, after every round.

use crate::board::Bits;
use crate::engine::Position;
use crate::men::Kind;
use crate::replay::Trace;
use crate::variant::{Values, Variant};

/// Values of the men, kings not counted.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Scale {
    /// The scale's name (`verney`, `orthodox`, or the one a scale file gives).
    pub name: String,
    /// The value of a pawn.
    pub pawn: u32,
    /// The value of a knight.
    pub knight: u32,
    /// The value of a bishop.
    pub bishop: u32,
    /// The value of a rook (Verney's castle).
    pub rook: u32,
    /// The value of a queen.
    pub queen: u32,
    /// Double King Chess's rook-and-leaper; valued between rook and queen.
    pub squirk: u32,
}

impl From<Values> for Scale {
    fn from(v: Values) -> Scale {
        Scale {
            name: v.name.to_string(),
            pawn: v.pawn,
            knight: v.knight,
            bishop: v.bishop,
            rook: v.rook,
            queen: v.queen,
            squirk: v.squirk,
        }
    }
}

impl Scale {
    /// Verney's table (1881): Pawn 1, Knight 5, Castle 9, Bishop 9, Queen 20.
    pub fn verney() -> Scale {
        Values::VERNEY.into()
    }

    /// The usual orthodox values: 1, 3, 3, 5, 9; the squirk 7.
    pub fn orthodox() -> Scale {
        Values::ORTHODOX.into()
    }

    /// The scale a variant's reports use unless told otherwise: its own.
    pub fn default_for(variant: &Variant) -> Scale {
        variant.values.into()
    }

    /// A scale by name (`verney`, `orthodox`).
    pub fn named(name: &str) -> Option<Scale> {
        [Values::VERNEY, Values::ORTHODOX]
            .into_iter()
            .find(|v| v.name == name)
            .map(Scale::from)
    }

    /// The value of a man of `kind` (kings count nothing).
    pub fn value(&self, kind: Kind) -> u32 {
        match kind {
            Kind::King => 0,
            Kind::Queen => self.queen,
            Kind::Rook => self.rook,
            Kind::Bishop => self.bishop,
            Kind::Knight => self.knight,
            Kind::Pawn => self.pawn,
            Kind::Squirk => self.squirk,
        }
    }
}

/// Material of each seat on the board (inert men included: they are still his).
pub fn of_position<B: Bits>(pos: &Position<B>, scale: &Scale) -> Vec<u32> {
    let mut totals = vec![0; pos.seats()];
    for (_, man) in pos.men() {
        if let Some(t) = totals.get_mut(man.owner) {
            *t += scale.value(man.kind);
        }
    }
    totals
}

/// Material of each seat after each round of the trace (round 0: the start).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RoundMaterial {
    /// The round after which the material is counted (0: the start position).
    pub round: usize,
    /// Each player's material, in seat order.
    pub seats: Vec<u32>,
    /// Each team's material (the sum of its players'), in order of team number.
    pub teams: Vec<u32>,
}

pub(crate) fn teams_of<B: Bits>(pos: &Position<B>, seats: &[u32]) -> Vec<u32> {
    let v = pos.variant();
    let count = v.team_count();
    let mut teams = vec![0; count];
    for (seat, value) in seats.iter().enumerate() {
        if let Some(t) = v
            .seats
            .get(seat)
            .and_then(|s| teams.get_mut(s.team as usize))
        {
            *t += value;
        }
    }
    teams
}

/// The material after every round: the position after the round's last ply.
pub fn by_round<B: Bits>(trace: &Trace<B>, scale: &Scale) -> Vec<RoundMaterial> {
    let mut out = Vec::new();
    let start = of_position(&trace.start, scale);
    out.push(RoundMaterial {
        round: 0,
        teams: teams_of(&trace.start, &start),
        seats: start,
    });
    for (i, ply) in trace.plies.iter().enumerate() {
        let last_of_round = trace.plies.get(i + 1).is_none_or(|n| n.round != ply.round);
        if last_of_round {
            let seats = of_position(&ply.after, scale);
            out.push(RoundMaterial {
                round: ply.round,
                teams: teams_of(&ply.after, &seats),
                seats,
            });
        }
    }
    out
}
