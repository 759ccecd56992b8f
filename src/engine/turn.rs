//! The start of a turn: the mover's status, the end of the game, and the
//! moves (or the pass) the turn allows. Perft counts through it.

use super::moves::{Move, MoveKind, MoveList};
use super::position::{Position, Status};
use crate::board::Bits;
use crate::men::Kind;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The team (seats as a bit mask) won.
    Win {
        /// The winning seats as a bit mask (bit `s` set for seat `s`): one seat, or
        /// a whole team.
        seats: u8,
        /// Why the game ended.
        reason: EndReason,
    },
    /// The game ended without a winner.
    Draw {
        /// Why the game ended drawn (stalemate, a stalemated team, Verney's drawn ending).
        reason: EndReason,
    },
}

/// Why a game ended: the rule that ended it, for both wins and draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The player to move (or his team) is checkmated.
    Checkmate,
    /// The player to move has no legal move and is not in check, and his variant
    /// scores that as a draw.
    Stalemate,
    /// Both adversaries of the winning team are mated (four-handed).
    BothAdversariesMated,
    /// One player of a team mated and his partner stalemated, or both stalemated.
    TeamStalemated,
    /// Every other player has left the game (Multi-chess).
    LastPlayer,
    /// Fewer than two players are still live; the most points win
    /// (Chess.com FFA).
    MostPoints,
    /// A player resigned or ran out of time, and the rules end the game.
    Resignation,
    /// Verney's drawn ending, applied by the record's option: one piece or
    /// none left on each side, kings and pawns not counted.
    DrawnEnding,
    /// A player has no king left on the board (Skock): he has lost.
    NoKingLeft,
}

impl EndReason {
    /// The reason in words, for reports and PGN's `Termination`-style texts
    /// (`"both adversaries mated"`).
    pub fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::BothAdversariesMated => "both adversaries mated",
            EndReason::TeamStalemated => "a team mated and stalemated, or both stalemated",
            EndReason::LastPlayer => "the last player on the board",
            EndReason::Resignation => "resignation or time",
            EndReason::MostPoints => "one live player or none left: the most points win",
            EndReason::DrawnEnding => "one piece or none left on each side",
            EndReason::NoKingLeft => "the last king captured",
        }
    }
}

/// What the player to move may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// He has legal moves (in the list).
    Moves,
    /// His turn is a pass (the list holds the pass); `becomes` is his status.
    Pass {
        /// The status the player takes from this turn on (mated or
        /// stalemated), as his variant judges it.
        becomes: Status,
    },
    /// The game is over; the list is empty.
    Over(Outcome),
}

impl<B: Bits> Position<B> {
    /// Fills `list` with what the player to move may do, and says which case it is.
    pub fn turn_moves(&self, list: &mut MoveList) -> Turn {
        let me = self.turn as usize;
        if self.status[me] == Status::Mated {
            list.clear();
        } else {
            self.legal_moves_of(me, list);
            if self.status[me] == Status::Walking && !list.is_empty() {
                // A walking king's step is the server's random choice: any
                // king move the position allows, not tested against attacks
                // (he is stalemated or mated only without a safe one).
                list.clear();
                self.generate(me, list);
            }
        }
        match self.judge_turn(!list.is_empty()) {
            Turn::Moves => Turn::Moves,
            Turn::Pass { becomes } => {
                list.clear();
                list.push(Move::PASS);
                Turn::Pass { becomes }
            }
            Turn::Over(outcome) => {
                list.clear();
                Turn::Over(outcome)
            }
        }
    }

    /// The variant's judgement of this turn once it is known whether the
    /// player to move has a legal move: his status becomes active with
    /// one, mated (in check) or stalemated without (a mated player stays
    /// mated).
    pub(crate) fn judge_turn(&self, has_moves: bool) -> Turn {
        let me = self.turn as usize;
        let mut status = self.status;
        if status[me] != Status::Mated {
            status[me] = if has_moves {
                Status::Active
            } else if self.in_check(me) {
                Status::Mated
            } else {
                Status::Stalemated
            };
        }
        self.rules.hooks.judge(self, &status, has_moves)
    }

    /// The legal moves of the player to move that land on `to`, of men of
    /// kind `only` when given (castlings count as the king's), and of the
    /// man on `from` only when given, when his turn is an ordinary one: a
    /// fast path for resolving a move whose target and man are known.
    /// `false` means the turn is a pass, the game is over, or no such legal
    /// move lands there: ask [`Position::turn_moves`].
    pub fn legal_moves_to(
        &self,
        to: usize,
        from: Option<usize>,
        only: Option<Kind>,
        list: &mut MoveList,
    ) -> bool {
        let me = self.turn as usize;
        // A walking king is judged on all his moves: see `turn_moves`.
        if matches!(
            self.status[me],
            Status::Mated | Status::Out | Status::Walking
        ) {
            return false;
        }
        // The variant may end the game whatever the mover could do (not
        // where turns are plain: orthodox chess's judge lets a player who
        // has a move make it).
        if !self.rules.plain_turns {
            let mut status = self.status;
            status[me] = Status::Active;
            if self.rules.hooks.judge(self, &status, true) != Turn::Moves {
                return false;
            }
        }
        list.clear();
        match only {
            Some(kind) if !matches!(kind, Kind::Pawn | Kind::King) => {
                // A piece moves alike both ways (see `men_reaching`): each
                // man of the kind that reaches `to` has the one plain move
                // there, as the generator would list it.
                let onto = B::bit(to) & self.rules.geo.all;
                let taken = (onto & self.occupied).any();
                if onto.is_empty() || (taken && (onto & self.capturable(me)).is_empty()) {
                    return false;
                }
                let mut men = self.men_reaching(to, only) & self.by_kind[kind.index()];
                men &= self.by_seat[me] & from.map_or(!B::EMPTY, B::bit);
                for from in men.squares() {
                    list.push(Move::new(from, to, MoveKind::Normal));
                }
            }
            _ => {
                // Only a man on the target can be taken: an empty target
                // needs no list of the capturable men.
                let capturable = if self.occupied.has(to) {
                    self.capturable(me)
                } else {
                    B::EMPTY
                };
                let named = from.map_or(!B::EMPTY, B::bit);
                let listed = match only {
                    Some(Kind::Pawn) => self.pawn_moves_onto(me, to, named, capturable, list),
                    Some(Kind::King) => {
                        self.king_moves_onto(me, to, named, capturable, list);
                        true
                    }
                    _ => false,
                };
                if !listed {
                    let men = match from {
                        Some(square) => B::bit(square),
                        None => self.men_reaching(to, only),
                    };
                    self.generate_men(me, men, B::bit(to), only, capturable, list);
                }
            }
        }
        if list.is_empty() {
            return false;
        }
        // Where a move changes only the board, a written move's one or two
        // candidates (a king's step too, but no castling and no en
        // passant) are each judged by one attack test on the board after
        // them: the legality guard's check and pin masks would cost more.
        if self.rules.board_only_legality
            && let Some(king) = self.sole_king(me)
            && list.iter().all(|m| {
                matches!(
                    m.kind,
                    MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Promotion(_)
                )
            })
        {
            let enemies = self.enemy_men(me);
            list.retain(|m| self.king_safe_after(king, m, enemies));
            return !list.is_empty();
        }
        let movers = list
            .iter()
            .fold(B::EMPTY, |men, m| men | B::bit(m.from.into()));
        let guard = self.guard_for(me, movers);
        list.retain(|m| self.is_legal(m, &guard));
        !list.is_empty()
    }

    /// The game's outcome if it is over at the start of this turn. Asked
    /// after every ply by reports (is it a mate?): it needs only whether
    /// the player to move has a legal move, looked for until the first is
    /// found, in a list kept per thread.
    pub fn outcome(&self) -> Option<Outcome> {
        thread_local! {
            static SCRATCH: std::cell::RefCell<MoveList> = std::cell::RefCell::new(MoveList::new());
        }
        let me = self.turn as usize;
        let has_moves = self.status[me] != Status::Mated
            && SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
                Ok(mut list) => self.has_legal_move_now(&mut list),
                Err(_) => self.has_legal_move_now(&mut MoveList::new()),
            });
        match self.judge_turn(has_moves) {
            Turn::Over(o) => Some(o),
            _ => None,
        }
    }

    /// Leaf nodes at `depth` plies: a pass is one move, a finished game none.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        // One move list per ply, made once: no allocation or clearing per node.
        let mut lists: Vec<MoveList> = (0..depth).map(|_| MoveList::new()).collect();
        self.perft_with(&mut lists)
    }

    fn perft_with(&self, lists: &mut [MoveList]) -> u64 {
        let Some((list, deeper)) = lists.split_first_mut() else {
            return 1;
        };
        if deeper.is_empty() {
            return self.count_turn_moves(list);
        }
        self.turn_moves(list);
        list.iter()
            .map(|mv| self.after(mv).perft_with(deeper))
            .sum()
    }

    /// Perft split by the first move.
    pub fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        let mut list = MoveList::new();
        self.turn_moves(&mut list);
        list.iter()
            .map(|mv| (mv, self.after(mv).perft(depth.saturating_sub(1))))
            .collect()
    }
}
