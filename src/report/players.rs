//! Per-player statistics: moves, passes, inferred moves, captures (by kind
//! and whose men), checks given and received, promotions, material won and
//! lost on a value scale, mates given and received.

use std::collections::BTreeMap;

use serde::Serialize;

use super::attribution::{self, checker};
use super::material::Scale;
use crate::board::Bits;
use crate::engine::Move;
use crate::replay::{Event, Trace};

/// One player's figures over a game's main line, on a value scale.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct PlayerStats {
    /// The player's name.
    pub player: String,
    /// His plies that were moves.
    pub moves: usize,
    /// His plies that were passes.
    pub passes: usize,
    /// His moves the replay chose for `Any move.` turns (or the record marks as
    /// so chosen); these count among his moves or passes too.
    pub inferred: usize,
    /// The men he took.
    pub captures: usize,
    /// Captures by the kind of man taken (`queen`, `pawn`, ...).
    pub captured_kinds: BTreeMap<String, usize>,
    /// Captures by whose man was taken.
    pub captured_from: BTreeMap<String, usize>,
    /// Checks counted for him (see [`checker`]): each
    /// king a move newly checks counts once.
    pub checks_given: usize,
    /// Checks on his king(s): each ply that newly checks him counts once.
    pub checks_received: usize,
    /// His pawns promoted.
    pub promotions: usize,
    /// Value of the men he took, on the scale.
    pub material_won: u32,
    /// Value of his men taken, on the scale.
    pub material_lost: u32,
    /// Mates attributed to him as the mating player.
    pub mates_given: usize,
    /// The times he was mated.
    pub mated: usize,
}

/// The statistics of every player, in seat order.
pub fn players<B: Bits>(trace: &Trace<B>, scale: &Scale) -> Vec<PlayerStats> {
    let plies = trace.plies.iter().map(|ply| TalliedPly {
        seat: ply.seat,
        pass: ply.mv == Move::PASS,
        inferred: ply.inferred(),
        events: &ply.events,
    });
    let mut out = tally(trace.variant, plies, scale);
    for mate in attribution::mates(trace) {
        if let Some(p) = out.iter_mut().find(|p| p.player == mate.mated) {
            p.mated += 1;
        }
        if let Some(p) = mate
            .mating
            .and_then(|m| out.iter_mut().find(|p| p.player == m))
        {
            p.mates_given += 1;
        }
    }
    out
}

/// What the tally needs of a ply: who made it, whether it was a pass or
/// inferred, and its events.
pub(crate) struct TalliedPly<'a> {
    pub seat: usize,
    pub pass: bool,
    pub inferred: bool,
    pub events: &'a [Event],
}

/// Moves, passes, captures, checks and promotions of every player over a
/// line of plies (mates are counted by the caller, who knows how they are
/// attributed).
pub(crate) fn tally<'a>(
    v: &crate::variant::Variant,
    plies: impl Iterator<Item = TalliedPly<'a>>,
    scale: &Scale,
) -> Vec<PlayerStats> {
    let n = v.players();
    let name = |s: usize| v.seat_name(s).to_string();
    let mut out: Vec<PlayerStats> = (0..n)
        .map(|s| PlayerStats {
            player: name(s),
            ..PlayerStats::default()
        })
        .collect();
    for ply in plies {
        let mover = ply.seat;
        if let Some(p) = out.get_mut(mover) {
            if ply.pass {
                p.passes += 1;
            } else {
                p.moves += 1;
            }
            if ply.inferred {
                p.inferred += 1;
            }
        }
        for event in ply.events {
            match event {
                Event::Capture { man, .. } => {
                    let value = scale.value(man.kind);
                    if let Some(p) = out.get_mut(mover) {
                        p.captures += 1;
                        *p.captured_kinds
                            .entry(man.kind.name().to_string())
                            .or_default() += 1;
                        *p.captured_from.entry(name(man.owner)).or_default() += 1;
                        p.material_won += value;
                    }
                    if let Some(victim) = out.get_mut(man.owner) {
                        victim.material_lost += value;
                    }
                }
                Event::Promotion(_) => {
                    if let Some(p) = out.get_mut(mover) {
                        p.promotions += 1;
                    }
                }
                Event::Check { seat, by } => {
                    if let Some(p) = checker(n, mover, by).and_then(|c| out.get_mut(c)) {
                        p.checks_given += 1;
                    }
                    if let Some(p) = out.get_mut(*seat) {
                        p.checks_received += 1;
                    }
                }
                _ => {}
            }
        }
    }
    out
}
