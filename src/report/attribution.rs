//! Mate attribution: for each mate, who was mated, who mated him (the last
//! player whose move left that king in check), when, everyone who checked
//! that king before, and whether and by whom he was released.

use serde::Serialize;

use crate::board::Bits;
use crate::replay::{Event, Trace};

/// The player a check counts for (see [`crate::engine::checker`]), with
/// the checking seats given as a list.
pub fn checker(seats: usize, mover: usize, by: &[usize]) -> Option<usize> {
    let owners = by.iter().fold(0u8, |mask, &s| mask | (1 << (s & 7)));
    crate::engine::checker(seats, mover, owners)
}

/// A move in a report: round, ply number (1-based in the game), player and text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveRef {
    /// The round (move number) of the move.
    pub round: usize,
    /// The ply's number in the game, from 1 (main line only).
    pub ply: usize,
    /// The name of the player who made the move.
    pub player: String,
    /// The move in long algebraic with check marks (`Qa7xh14+`).
    #[serde(rename = "move")]
    pub mv: String,
}

/// One mate and what led to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mate {
    /// The name of the mated player.
    pub mated: String,
    /// The player whose check mated him (`None` if no check was ever recorded).
    pub mating: Option<String>,
    /// The move that gave the mating check.
    pub mating_move: Option<MoveRef>,
    /// Where the mate was established (the mated player's pass, or the
    /// mating move itself in two-player chess).
    pub at: MoveRef,
    /// Everyone who checked that king since the start (or his last release),
    /// first check first, each once.
    pub checked_before: Vec<String>,
    /// The move after which he was released, if he was.
    pub released: Option<MoveRef>,
}

struct Check {
    seat: usize,
    at: MoveRef,
}

/// Every mate of the game, in order; a player mated, released and mated
/// again has two entries.
pub fn mates<B: Bits>(trace: &Trace<B>) -> Vec<Mate> {
    let v = trace.variant;
    let name = |s: usize| v.seat_name(s).to_string();
    let mut checks: Vec<Vec<Check>> = (0..v.players()).map(|_| Vec::new()).collect();
    let mut open: Vec<Option<usize>> = vec![None; v.players()];
    let mut out: Vec<Mate> = Vec::new();
    for (i, ply) in trace.plies.iter().enumerate() {
        // Made only for a ply with an event (most have none): two strings.
        let here = || MoveRef {
            round: ply.round,
            ply: i + 1,
            player: name(ply.seat),
            mv: ply.long.clone(),
        };
        for event in &ply.events {
            match event {
                Event::Check { seat, by } => {
                    if let (Some(list), Some(who)) =
                        (checks.get_mut(*seat), checker(v.players(), ply.seat, by))
                    {
                        list.push(Check {
                            seat: who,
                            at: here(),
                        });
                    }
                }
                Event::Mated { seat } => {
                    let list = checks
                        .get_mut(*seat)
                        .map(std::mem::take)
                        .unwrap_or_default();
                    let mut before: Vec<String> = Vec::new();
                    for c in &list {
                        let n = name(c.seat);
                        if !before.contains(&n) {
                            before.push(n);
                        }
                    }
                    let last = list.last();
                    if let Some(slot) = open.get_mut(*seat) {
                        *slot = Some(out.len());
                    }
                    out.push(Mate {
                        mated: name(*seat),
                        mating: last.map(|c| name(c.seat)),
                        mating_move: last.map(|c| c.at.clone()),
                        at: here(),
                        checked_before: before,
                        released: None,
                    });
                }
                Event::Released { seat } => {
                    if let Some(index) = open.get_mut(*seat).and_then(Option::take)
                        && let Some(mate) = out.get_mut(index)
                    {
                        mate.released = Some(here());
                    }
                    if let Some(list) = checks.get_mut(*seat) {
                        list.clear();
                    }
                }
                _ => {}
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::checker;

    #[test]
    fn the_mover_counts_first_then_turn_order_after_him() {
        assert_eq!(checker(4, 1, &[3, 1]), Some(1));
        assert_eq!(checker(4, 1, &[0, 3]), Some(3));
        assert_eq!(checker(4, 3, &[1, 2]), Some(1));
        assert_eq!(checker(4, 0, &[]), None);
    }
}
