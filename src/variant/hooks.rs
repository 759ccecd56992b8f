//! The hooks where a variant's rules of turn and end differ from orthodox
//! chess. A variant implements [`Hooks`] (every method has the orthodox
//! default) and hands it to the engine as a [`HookTable`]; the engine calls
//! it through [`HooksAt`] at the square-set width the board is compiled at,
//! so that positions stay generic without any test of which variant it is.

use std::any::Any;

use crate::board::{Bits, U256};
use crate::engine::{EndReason, Move, Outcome, Position, Status, Turn};

/// A variant's rules of turn and end. Every method defaults to orthodox chess.
pub trait Hooks: Sync + 'static {
    /// What the player to move may do, once the engine knows his legal
    /// moves. `status` holds every player's status with the mover's own
    /// already judged (active with moves; mated or stalemated without);
    /// `has_moves` says whether he has a legal move. The orthodox rule:
    /// moves if he has any, otherwise the game ends, lost when he is mated.
    fn judge<B: Bits>(&self, pos: &Position<B>, status: &[Status; 4], has_moves: bool) -> Turn {
        if has_moves {
            return Turn::Moves;
        }
        let me = pos.turn();
        if status[me] == Status::Mated {
            Turn::Over(Outcome::Win {
                seats: pos.rules().adversaries(me),
                reason: EndReason::Checkmate,
            })
        } else {
            Turn::Over(Outcome::Draw {
                reason: EndReason::Stalemate,
            })
        }
    }

    /// Makes a move (or the pass) of the player to move, before the turn
    /// passes on. `reexamine` is false when the legality test plays a move
    /// whose own releases must not be judged (Verney).
    fn make<B: Bits>(&self, pos: &mut Position<B>, mv: Move, reexamine: bool) {
        let _ = reexamine;
        pos.make_plain(mv);
    }

    /// After a ply of `mover` has been made and the turn has passed on
    /// (Multi-chess: players mated by the ply leave before their turn).
    fn after_ply<B: Bits>(&self, pos: &mut Position<B>, mover: usize) {
        let _ = (pos, mover);
    }

    /// The seat after `seat` in the order of play, before players who are
    /// out are skipped: the next in seat order.
    fn next_seat<B: Bits>(&self, pos: &Position<B>, seat: usize) -> usize {
        (seat + 1) % pos.seats().max(1)
    }

    /// Whether every move must be judged on the position after it instead
    /// of by check and pin masks (Verney, while someone is mated: a move
    /// may release him).
    fn test_every_move<B: Bits>(&self, pos: &Position<B>) -> bool {
        let _ = pos;
        false
    }

    /// The status of a player whose men a position text marks dead.
    fn dead_status(&self) -> Status {
        Status::Out
    }

    /// Whether the variant's turns are orthodox: a move is made by
    /// [`Position::make_plain`] alone (it changes nothing but the board and
    /// the mover's own status: no releases, no one leaving), nothing
    /// happens after a ply, the turn passes to the next seat in order, and
    /// a player with a legal move may make it (`judge` says so whenever
    /// `has_moves`). The engine then makes a move without calling the
    /// hooks, and judges a written move by one attack test on the board
    /// after it (a move is legal exactly when the mover's sole king stands
    /// unattacked there). Only orthodox chess's hooks say so; a variant
    /// that overrides `make`, `after_ply`, `next_seat` or that much of
    /// `judge` must not.
    fn plain_turns(&self) -> bool {
        false
    }

    /// Whether the ply from `before` to `after` mates (written `#`): in
    /// orthodox chess, when it ends the game with a win.
    fn mating_ply<B: Bits>(&self, before: &Position<B>, after: &Position<B>) -> bool {
        let _ = before;
        matches!(after.outcome(), Some(Outcome::Win { .. }))
    }

    /// Whether a draw becomes claimable with the ply from `before` to `after`.
    fn draw_claimable<B: Bits>(&self, before: &Position<B>, after: &Position<B>) -> bool {
        let _ = (before, after);
        false
    }

    /// `seat` resigns or runs out of time (a PGN4 `R` or `T`): changes the
    /// position as the rules say and tells whether the game goes on. The
    /// orthodox rule: the game ends.
    fn exit<B: Bits>(&self, pos: &mut Position<B>, seat: usize) -> bool {
        let _ = (pos, seat);
        false
    }
}

/// [`Hooks`] at one square-set width: what the engine calls.
pub trait HooksAt<B: Bits>: Sync {
    /// See [`Hooks::judge`].
    fn judge(&self, pos: &Position<B>, status: &[Status; 4], has_moves: bool) -> Turn;
    /// See [`Hooks::make`].
    fn make(&self, pos: &mut Position<B>, mv: Move, reexamine: bool);
    /// See [`Hooks::after_ply`].
    fn after_ply(&self, pos: &mut Position<B>, mover: usize);
    /// See [`Hooks::next_seat`].
    fn next_seat(&self, pos: &Position<B>, seat: usize) -> usize;
    /// See [`Hooks::test_every_move`].
    fn test_every_move(&self, pos: &Position<B>) -> bool;
    /// See [`Hooks::dead_status`].
    fn dead_status(&self) -> Status;
    /// See [`Hooks::plain_turns`].
    fn plain_turns(&self) -> bool;
    /// See [`Hooks::mating_ply`].
    fn mating_ply(&self, before: &Position<B>, after: &Position<B>) -> bool;
    /// See [`Hooks::draw_claimable`].
    fn draw_claimable(&self, before: &Position<B>, after: &Position<B>) -> bool;
    /// See [`Hooks::exit`].
    fn exit(&self, pos: &mut Position<B>, seat: usize) -> bool;
}

impl<T: Hooks, B: Bits> HooksAt<B> for T {
    #[inline]
    fn judge(&self, pos: &Position<B>, status: &[Status; 4], has_moves: bool) -> Turn {
        Hooks::judge(self, pos, status, has_moves)
    }
    #[inline]
    fn make(&self, pos: &mut Position<B>, mv: Move, reexamine: bool) {
        Hooks::make(self, pos, mv, reexamine)
    }
    #[inline]
    fn after_ply(&self, pos: &mut Position<B>, mover: usize) {
        Hooks::after_ply(self, pos, mover)
    }
    #[inline]
    fn next_seat(&self, pos: &Position<B>, seat: usize) -> usize {
        Hooks::next_seat(self, pos, seat)
    }
    #[inline]
    fn test_every_move(&self, pos: &Position<B>) -> bool {
        Hooks::test_every_move(self, pos)
    }
    fn dead_status(&self) -> Status {
        Hooks::dead_status(self)
    }
    fn plain_turns(&self) -> bool {
        Hooks::plain_turns(self)
    }
    fn mating_ply(&self, before: &Position<B>, after: &Position<B>) -> bool {
        Hooks::mating_ply(self, before, after)
    }
    fn draw_claimable(&self, before: &Position<B>, after: &Position<B>) -> bool {
        Hooks::draw_claimable(self, before, after)
    }
    fn exit(&self, pos: &mut Position<B>, seat: usize) -> bool {
        Hooks::exit(self, pos, seat)
    }
}

/// Orthodox chess's hooks: every default, and so its turns are plain.
#[derive(Debug, Clone, Copy, Default)]
pub struct Orthodox;

impl Hooks for Orthodox {
    fn plain_turns(&self) -> bool {
        true
    }
}

/// A variant's hooks at each width a board may be compiled at.
#[derive(Clone, Copy)]
pub struct HookTable {
    w64: &'static dyn HooksAt<u64>,
    w128: &'static dyn HooksAt<u128>,
    w256: &'static dyn HooksAt<U256>,
}

impl std::fmt::Debug for HookTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("HookTable")
    }
}

impl HookTable {
    /// The table of a variant's hooks.
    pub const fn of<T: Hooks>(hooks: &'static T) -> HookTable {
        HookTable {
            w64: hooks,
            w128: hooks,
            w256: hooks,
        }
    }

    /// The hooks at width `B` (the orthodox ones for a width the table
    /// does not hold, which no board of the toolkit uses).
    pub fn at<B: Bits>(&self) -> &'static dyn HooksAt<B> {
        static ORTHODOX: Orthodox = Orthodox;
        let widths: [&dyn Any; 3] = [&self.w64, &self.w128, &self.w256];
        widths
            .iter()
            .find_map(|w| w.downcast_ref::<&'static dyn HooksAt<B>>().copied())
            .unwrap_or(&ORTHODOX)
    }
}
