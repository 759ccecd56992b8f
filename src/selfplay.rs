//! Random legal games, deterministic for a seed: for round trips,
//! benchmarks and fuzz seeds.

use crate::board::Bits;
use crate::engine::{MoveList, Position, Turn};
use crate::notation::{PositionError, long, start_position};
use crate::record::{Record, RecordMove, Tag};
use crate::variant::Variant;

pub use crate::rng::Rng;

/// One random game of at most `plies` plies, as a record of long
/// algebraic moves (so that it goes through the same replay as any record).
pub fn game<B: Bits>(
    variant: &'static Variant,
    rng: &mut Rng,
    plies: usize,
) -> Result<Record, PositionError> {
    let mut pos: Position<B> = start_position(variant)?;
    let mut list = MoveList::new();
    let mut record = Record::new(variant.id);
    record.tags.push(Tag {
        key: "Event".into(),
        value: "roundtable selfplay".into(),
    });
    for _ in 0..plies {
        if let Turn::Over(_) = pos.turn_moves(&mut list) {
            break;
        }
        let Some(&mv) = list.as_slice().get(rng.below(list.len())) else {
            break;
        };
        let player = variant.seat_name(pos.turn());
        record
            .moves
            .push(RecordMove::new(player, long::write(&pos, mv)));
        pos.play(mv);
    }
    Ok(record)
}

/// One random game of a dice variant (Skock) of at most `plies` turns, as a
/// record (each turn's throw in `dice`, the rest in `mv`). Each turn throws
/// two dice; on a double with men in the queue, half the time they come
/// back (a random placement); otherwise a random legal turn found by the
/// early-exit search walking in random order, a return when no two men can
/// move, or a pass.
pub fn dice_game(variant: &'static Variant, rng: &mut Rng, plies: usize) -> Result<Record, String> {
    use crate::engine::dice::{DiceAction, DicePosition, DiceTurn};
    let mut pos = DicePosition::start(variant)?;
    let mut record = Record::new(variant.id);
    record.tags.push(Tag {
        key: "Event".into(),
        value: "roundtable selfplay".into(),
    });
    for _ in 0..plies {
        if pos.loser().is_some() {
            break;
        }
        let dice = rng.throw();
        let returns = pos.returns(dice);
        let back = |rng: &mut Rng| DiceTurn {
            dice,
            action: DiceAction::Back(returns[rng.below(returns.len())].clone()),
        };
        let turn = if !returns.is_empty() && rng.below(2) == 0 {
            back(rng)
        } else if let Some(turn) = pos.find_paths(dice, Some(rng)) {
            turn
        } else if !returns.is_empty() {
            back(rng)
        } else {
            DiceTurn {
                dice,
                action: DiceAction::Pass,
            }
        };
        let text = pos.text(&turn);
        let body = crate::dice_replay::split_dice(&text)
            .map(|(_, at)| text[at..].to_string())
            .unwrap_or(text);
        record.moves.push(RecordMove {
            dice: Some(turn.dice),
            ..RecordMove::new(variant.seat_name(pos.turn()), body)
        });
        pos.play(&turn);
    }
    Ok(record)
}
