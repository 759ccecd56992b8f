//! The one engine every variant shares: attacks, the move generator, the
//! legality test, make, and the status at the start of a turn.

mod count;
pub mod dice;
mod generate;
mod legal;
mod moves;
mod play;
mod position;
mod rules;
mod turn;

pub use moves::{MAX_MOVES, Move, MoveKind, MoveList};
pub use position::{BONUS_KINDS, EpChance, Position, Status, checker};
pub use rules::{CastleRule, Rules};
pub use turn::{EndReason, Outcome, Turn};

#[cfg(test)]
pub(crate) mod tests;
