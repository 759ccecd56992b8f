//! Double King Chess's "2K checkmate" (rules.md section 3, Decision): a win
//! where, after a winner's move W1, both of the loser's kings are attacked;
//! the winner's next move W2 takes one of them; and W2 or the winner's
//! following move is checkmate. Whether W1 forced it is not examined; a
//! loser who starts with one king never suffers a 2K checkmate.

use crate::board::Bits;
use crate::engine::{EndReason, Outcome};
use crate::men::Kind;
use crate::replay::{Event, Trace};

/// `None` when the notion does not apply (no checkmate, or a variant whose
/// players have one king); otherwise whether the win was a 2K checkmate.
pub fn two_king_checkmate<B: Bits>(trace: &Trace<B>) -> Option<bool> {
    let v = trace.variant;
    if v.kings_per_player() != 2 || v.players() != 2 {
        return None;
    }
    let Some(Outcome::Win {
        seats,
        reason: EndReason::Checkmate,
    }) = trace.outcome
    else {
        return None;
    };
    let winner = (0..2).find(|s| seats & (1 << s) != 0)?;
    let loser = 1 - winner;
    if trace.start.kings_of(loser).count() != 2 {
        return Some(false);
    }
    let moves: Vec<usize> = (0..trace.plies.len())
        .filter(|&i| trace.plies[i].seat == winner)
        .collect();
    let mate = *moves.last()?;
    let both_attacked = |i: usize| {
        let after = &trace.plies[i].after;
        let kings = after.kings_of(loser);
        kings.count() == 2
            && kings.squares().all(|k| {
                after
                    .attackers(k, after.enemy_men(loser), after.occupied())
                    .any()
            })
    };
    let takes_king = |i: usize| {
        trace.plies[i].events.iter().any(|e| {
            matches!(e, Event::Capture { man, .. } if man.kind == Kind::King && man.owner == loser)
        })
    };
    Some(moves.windows(2).any(|w| {
        let (w1, w2) = (w[0], w[1]);
        let next = moves.iter().find(|&&m| m > w2).copied();
        both_attacked(w1) && takes_king(w2) && (mate == w2 || next == Some(mate))
    }))
}
