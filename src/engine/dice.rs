//! Turns of dice variants (Skock, rules.md section 4), built from the one
//! engine's single moves: a *step* is one pseudo-legal move of one man from
//! the shared generator (the variant's data switches off castling, en
//! passant and the pawn's double step; there is no check). A turn is two
//! paths of steps, one per die, by two different men; or, on a double, men
//! put back from the queue; or a pass.
//!
//! The queues of captured men live beside the board in a [`DicePosition`],
//! whose text is FEN with the queues glued to the placement in brackets:
//! `.../RNBQKBNR[QPn] w - - 0 1` (White's men upper case, Black's lower
//! case, each queue front first).

use std::collections::{BTreeSet, HashSet};

use super::moves::{MoveKind, MoveList};
use super::position::Position;
use crate::board::{Bits, Square};
use crate::men::{Kind, Man};
use crate::notation::algebraic::{DiceBody, parse_dice_turn};
use crate::rng::Rng;
use crate::variant::Variant;

/// A Skock position: the board (at 64 squares) and each player's queue of
/// captured men, front first.
#[derive(Debug, Clone, PartialEq)]
pub struct DicePosition {
    /// The men on the board, the player to move, the clocks.
    pub board: Position<u64>,
    /// Per seat, the kinds of his captured men in the order they were taken.
    pub queues: [Vec<Kind>; 2],
}

/// One step of a path: the square reached, whether it captures, and the
/// kind a pawn was exchanged for on arriving there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    /// The square the step ends on.
    pub to: Square,
    /// The step takes the man standing there.
    pub capture: bool,
    /// A pawn reaching its last rank here is exchanged for this man of its
    /// owner's queue.
    pub exchange: Option<Kind>,
}

/// One man's path for one die.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DicePath {
    /// The man's kind at the start.
    pub kind: Kind,
    /// Where it starts.
    pub from: Square,
    /// The steps, as many as the die shows.
    pub steps: Vec<Step>,
}

/// What a player does with his throw.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum DiceAction {
    /// Two paths, the first for `dice[0]`, the second for `dice[1]`.
    Paths([DicePath; 2]),
    /// On a double: men from the front of the queue go to these squares, in
    /// queue order.
    Back(Vec<Square>),
    /// No two men can use the dice and nothing can come back.
    Pass,
}

/// A whole turn: the dice in the order played, and the action.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DiceTurn {
    /// The dice, the die played first first.
    pub dice: [u8; 2],
    /// What was done with them.
    pub action: DiceAction,
}

/// An error reading a dice turn or position: where (a character column from
/// 1 in the text) and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiceError {
    /// The column (from 1) of the offending token in the turn's text.
    pub column: usize,
    /// What was wrong and what was expected.
    pub message: String,
}

impl std::fmt::Display for DiceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

/// The 21 unordered throws with their weight among the 36 ordered ones
/// (1 for a double, 2 otherwise).
pub fn throws() -> Vec<([u8; 2], u64)> {
    let mut out = Vec::new();
    for a in 1..=6u8 {
        for b in a..=6u8 {
            out.push(([a, b], if a == b { 1 } else { 2 }));
        }
    }
    out
}

/// The rank index (0 = rank 1) that is `seat`'s last rank.
fn last_rank(seat: usize) -> usize {
    if seat == 0 { 7 } else { 0 }
}

fn letter(kind: Kind, seat: usize) -> char {
    let c = kind.letter();
    if seat == 0 { c } else { c.to_ascii_lowercase() }
}

impl DicePosition {
    /// The position after reading its text: FEN, with `[queues]` glued to
    /// the placement (absent: both queues empty).
    pub fn read(variant: &'static Variant, text: &str) -> Result<Self, String> {
        let text = text.trim();
        let (placement, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        let (board_text, queues) = match placement.find('[') {
            Some(open) => {
                let Some(inner) = placement[open + 1..].strip_suffix(']') else {
                    return Err(format!(
                        "column {}: expected `]` closing the queues after the placement",
                        placement.len() + 1
                    ));
                };
                let mut queues: [Vec<Kind>; 2] = [Vec::new(), Vec::new()];
                for (i, c) in inner.chars().enumerate() {
                    let Some(kind) = Kind::from_letter(c).filter(|k| *k != Kind::Squirk) else {
                        return Err(format!(
                            "column {}: `{c}` is not a man (expected K Q R B N P, lower case for Black)",
                            open + 2 + i
                        ));
                    };
                    queues[usize::from(c.is_ascii_lowercase())].push(kind);
                }
                (&placement[..open], queues)
            }
            None => (placement, [Vec::new(), Vec::new()]),
        };
        let fen = format!("{board_text} {rest}");
        let board = crate::notation::fen::read::<u64>(variant, fen.trim())
            .map_err(|e| format!("invalid position: {}", e.0))?;
        Ok(DicePosition { board, queues })
    }

    /// The variant's setup with empty queues.
    pub fn start(variant: &'static Variant) -> Result<Self, String> {
        Self::read(variant, variant.start)
    }

    /// The position's text (see [`DicePosition::read`]).
    pub fn write(&self) -> String {
        let fen = crate::notation::fen::write(&self.board);
        let (placement, rest) = fen.split_once(' ').unwrap_or((&fen, ""));
        let mut q = String::new();
        for seat in 0..2 {
            for k in &self.queues[seat] {
                q.push(letter(*k, seat));
            }
        }
        format!("{placement}[{q}] {rest}")
    }

    /// The player to move.
    pub fn turn(&self) -> usize {
        self.board.turn()
    }

    /// The loser, once a player has no king on the board.
    pub fn loser(&self) -> Option<usize> {
        (0..2).find(|&s| self.board.kings_of(s).is_empty())
    }

    fn name(&self, sq: Square) -> String {
        self.board.variant().shape.name(sq)
    }

    /// The moves of the man on `at` as steps: (square, capture), by the one
    /// generator. A step onto an occupied square must be the last, and onto a
    /// king only the last step of a 6.
    fn steps_from(&self, at: Square, last: bool, die: u8) -> Vec<(Square, bool)> {
        let me = self.board.turn();
        let mut list = MoveList::new();
        self.board.generate(me, &mut list);
        let mut out = Vec::new();
        for mv in list.iter() {
            if mv.from as usize != at || !matches!(mv.kind, MoveKind::Normal) {
                continue;
            }
            let to = mv.to as usize;
            match self.board.man_at(to) {
                None => out.push((to, false)),
                Some(victim) => {
                    if !last || (victim.kind == Kind::King && die != 6) {
                        continue;
                    }
                    out.push((to, true));
                }
            }
        }
        out
    }

    /// Moves the man on `from` to `to` (a step), queueing a captured man.
    fn step(&mut self, from: Square, to: Square) {
        if let Some(victim) = self.board.man_at(to) {
            self.queues[victim.owner].push(victim.kind);
        }
        self.board
            .make_plain(super::Move::new(from, to, MoveKind::Normal));
    }

    /// The kinds a pawn of `seat` standing on `at` may be exchanged for now
    /// (none unless it stands on its last rank): each kind of its queue once,
    /// a pawn included (rules.md: "any man in its owner's queue"; a pawn
    /// for a pawn changes only the order of the queue).
    fn exchanges(&self, at: Square) -> Vec<Kind> {
        let me = self.board.turn();
        let Some(man) = self.board.man_at(at) else {
            return Vec::new();
        };
        let (_, y) = self.board.variant().shape.coords(at);
        if man.kind != Kind::Pawn || y != last_rank(me) {
            return Vec::new();
        }
        let mut kinds: Vec<Kind> = Vec::new();
        for k in &self.queues[me] {
            if !kinds.contains(k) {
                kinds.push(*k);
            }
        }
        kinds
    }

    /// Exchanges the pawn on `at` for the first man of `kind` in the queue;
    /// the pawn goes to the end of the queue.
    fn exchange(&mut self, at: Square, kind: Kind) {
        let me = self.board.turn();
        if let Some(i) = self.queues[me].iter().position(|k| *k == kind)
            && let Some(pawn) = self.board.remove(at)
        {
            self.queues[me].remove(i);
            self.queues[me].push(Kind::Pawn);
            self.board.put(at, Man::new(kind, me, pawn.dir));
        }
    }

    /// Ends the turn: the next player throws.
    fn finish(&mut self) {
        self.board.advance_turn();
    }

    /// The squares where a return of men may put them: the free squares of
    /// the mover's rearmost ranks, in rank order, as many ranks as needed
    /// for `n` men; the last rank used may be only partly filled.
    fn back_ranks(&self, n: usize) -> (Vec<Square>, Vec<Square>) {
        let me = self.board.turn();
        let shape = self.board.variant().shape;
        let mut whole = Vec::new();
        let mut left = n;
        for i in 0..shape.height {
            let y = if me == 0 { i } else { shape.height - 1 - i };
            let free: Vec<Square> = (0..shape.width)
                .map(|x| shape.square(x, y))
                .filter(|&sq| self.board.man_at(sq).is_none())
                .collect();
            if free.len() <= left {
                left -= free.len();
                whole.extend(free);
                if left == 0 {
                    return (whole, Vec::new());
                }
            } else {
                return (whole, free);
            }
        }
        (whole, Vec::new())
    }

    /// How many men a return on this double brings back (0 when it cannot).
    fn back_count(&self, dice: [u8; 2]) -> usize {
        if dice[0] != dice[1] {
            return 0;
        }
        let me = self.board.turn();
        let free = (!self.board.occupied()).count() as usize;
        (dice[0] as usize).min(self.queues[me].len()).min(free)
    }

    /// Every return the double allows (none for another throw or an empty
    /// queue): square lists in queue order; men of one kind take their
    /// squares in increasing order, so that each list is a different
    /// placement.
    pub fn returns(&self, dice: [u8; 2]) -> Vec<Vec<Square>> {
        let n = self.back_count(dice);
        if n == 0 {
            return Vec::new();
        }
        let me = self.board.turn();
        let men: Vec<Kind> = self.queues[me][..n].to_vec();
        let (whole, partial) = self.back_ranks(n);
        let extra = n - whole.len();
        let mut out = Vec::new();
        for chosen in subsets(&partial, extra) {
            let mut squares = whole.clone();
            squares.extend(chosen);
            permute_assign(
                &men,
                &squares,
                &mut Vec::new(),
                &mut vec![false; n],
                &mut out,
            );
        }
        out
    }

    /// Plays the return of men onto `squares` (already checked).
    fn play_back(&mut self, squares: &[Square]) {
        let me = self.board.turn();
        let dir = self.board.forward(me);
        for &sq in squares {
            if self.queues[me].is_empty() {
                break;
            }
            let kind = self.queues[me].remove(0);
            self.board.put(sq, Man::new(kind, me, dir));
        }
    }

    /// Walks every continuation of a path from `at` with `left` steps to go;
    /// `done` gets each complete path and may stop the walk (returns true).
    fn extend_path(
        &self,
        at: Square,
        left: u8,
        die: u8,
        steps: &mut Vec<Step>,
        done: &mut dyn FnMut(&[Step], &DicePosition) -> bool,
    ) -> bool {
        if left == 0 {
            return done(steps, self);
        }
        for (to, capture) in self.steps_from(at, left == 1, die) {
            let mut next = self.clone();
            next.step(at, to);
            steps.push(Step {
                to,
                capture,
                exchange: None,
            });
            if next.extend_path(to, left - 1, die, steps, done) {
                return true;
            }
            for kind in next.exchanges(to) {
                let mut swapped = next.clone();
                swapped.exchange(to, kind);
                if let Some(s) = steps.last_mut() {
                    s.exchange = Some(kind);
                }
                if swapped.extend_path(to, left - 1, die, steps, done) {
                    return true;
                }
            }
            steps.pop();
        }
        false
    }

    /// Every legal turn for the throw, each once (a double played in either
    /// order of two men gives two turns). A pass when nothing else is legal.
    pub fn turns(&self, dice: [u8; 2]) -> Vec<DiceTurn> {
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        if self.loser().is_some() {
            return out;
        }
        let orders: &[[u8; 2]] = if dice[0] == dice[1] {
            &[dice]
        } else {
            &[dice, [dice[1], dice[0]]]
        };
        let me = self.board.turn();
        for &order in orders {
            for a in self.board.men_of(me).squares() {
                let Some(man_a) = self.board.man_at(a) else {
                    continue;
                };
                let mut steps = Vec::new();
                self.extend_path(a, order[0], order[0], &mut steps, &mut |first, after| {
                    let end = first.last().map(|s| s.to).unwrap_or(a);
                    for b in after.board.men_of(me).squares() {
                        if b == end {
                            continue;
                        }
                        let Some(man_b) = after.board.man_at(b) else {
                            continue;
                        };
                        let mut steps2 = Vec::new();
                        after.extend_path(b, order[1], order[1], &mut steps2, &mut |second, _| {
                            let turn = DiceTurn {
                                dice: order,
                                action: DiceAction::Paths([
                                    DicePath {
                                        kind: man_a.kind,
                                        from: a,
                                        steps: first.to_vec(),
                                    },
                                    DicePath {
                                        kind: man_b.kind,
                                        from: b,
                                        steps: second.to_vec(),
                                    },
                                ]),
                            };
                            if seen.insert(self.text(&turn)) {
                                out.push(turn);
                            }
                            false
                        });
                    }
                    false
                });
            }
        }
        for squares in self.returns(dice) {
            out.push(DiceTurn {
                dice,
                action: DiceAction::Back(squares),
            });
        }
        if out.is_empty() {
            out.push(DiceTurn {
                dice,
                action: DiceAction::Pass,
            });
        }
        out
    }

    /// A legal turn of two paths for the throw, found by an early-exit
    /// search (the first found; in random order with `rng`), or `None`
    /// when no two men can use the dice. Dead ends are remembered by the
    /// man's square, kind and steps left, so that a queen with a 6 costs at
    /// most a few hundred states instead of every path.
    pub fn find_paths(&self, dice: [u8; 2], mut rng: Option<&mut Rng>) -> Option<DiceTurn> {
        if self.loser().is_some() {
            return None;
        }
        let mut orders = vec![dice];
        if dice[0] != dice[1] {
            orders.push([dice[1], dice[0]]);
        }
        let me = self.board.turn();
        let mut firsts: Vec<Square> = self.board.men_of(me).squares().collect();
        if let Some(r) = rng.as_deref_mut() {
            r.shuffle(&mut orders);
            r.shuffle(&mut firsts);
        }
        for order in orders {
            for &a in &firsts {
                let mut found = None;
                let mut dead = HashSet::new();
                let mut steps = Vec::new();
                self.search(
                    a,
                    order[0],
                    order[0],
                    &mut steps,
                    &mut dead,
                    &mut rng,
                    &mut |first, after, rng| {
                        let end = first.last().map(|s| s.to).unwrap_or(a);
                        let mut seconds: Vec<Square> = after
                            .board
                            .men_of(me)
                            .squares()
                            .filter(|&b| b != end)
                            .collect();
                        if let Some(r) = rng.as_deref_mut() {
                            r.shuffle(&mut seconds);
                        }
                        for b in seconds {
                            let mut dead2 = HashSet::new();
                            let mut steps2 = Vec::new();
                            let mut second = None;
                            after.search(
                                b,
                                order[1],
                                order[1],
                                &mut steps2,
                                &mut dead2,
                                rng,
                                &mut |s, _, _| {
                                    second = Some(s.to_vec());
                                    true
                                },
                            );
                            if let Some(s) = second {
                                let kind =
                                    |p: &DicePosition, sq| p.board.man_at(sq).map(|m| m.kind);
                                found = Some(DiceTurn {
                                    dice: order,
                                    action: DiceAction::Paths([
                                        DicePath {
                                            kind: kind(self, a).unwrap_or(Kind::Pawn),
                                            from: a,
                                            steps: first.to_vec(),
                                        },
                                        DicePath {
                                            kind: kind(after, b).unwrap_or(Kind::Pawn),
                                            from: b,
                                            steps: s,
                                        },
                                    ]),
                                });
                                return true;
                            }
                        }
                        false
                    },
                );
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }

    /// The depth-first walk behind [`DicePosition::find_paths`], with its
    /// memory of dead states `(square, kind, steps left)`.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        at: Square,
        left: u8,
        die: u8,
        steps: &mut Vec<Step>,
        dead: &mut HashSet<(Square, Kind, u8)>,
        rng: &mut Option<&mut Rng>,
        done: &mut Found<'_>,
    ) -> bool {
        let Some(man) = self.board.man_at(at) else {
            return false;
        };
        if left == 0 {
            return done(steps, self, rng);
        }
        if dead.contains(&(at, man.kind, left)) {
            return false;
        }
        let mut options = self.steps_from(at, left == 1, die);
        if let Some(r) = rng.as_deref_mut() {
            r.shuffle(&mut options);
        }
        for (to, capture) in options {
            let mut next = self.clone();
            next.step(at, to);
            steps.push(Step {
                to,
                capture,
                exchange: None,
            });
            let mut kinds = vec![None];
            kinds.extend(next.exchanges(to).into_iter().map(Some));
            if let Some(r) = rng.as_deref_mut() {
                r.shuffle(&mut kinds);
            }
            for kind in kinds {
                let mut n = next.clone();
                if let Some(k) = kind {
                    n.exchange(to, k);
                }
                if let Some(s) = steps.last_mut() {
                    s.exchange = kind;
                }
                if n.search(to, left - 1, die, steps, dead, rng, done) {
                    return true;
                }
            }
            steps.pop();
        }
        // The state is dead for the rest of this search: the board outside
        // the moving man is the same for every path of one man (every step
        // but the last lands on an empty square), and the last step's
        // outcome depends only on its square.
        dead.insert((at, man.kind, left));
        false
    }

    /// Counts the turn sequences `depth` turns deep: the first turn for
    /// `dice` when given, else for each of the 21 throws; every later turn
    /// for each of the 21 throws (`[a b]` and `[b a]` are one throw: the
    /// order of play is part of the turn). A pass counts as a turn; a
    /// finished game has none.
    pub fn perft(&self, depth: u32, dice: Option<[u8; 2]>) -> u64 {
        if depth == 0 {
            return 1;
        }
        let throws = match dice {
            Some(d) => vec![d],
            None => throws().into_iter().map(|(d, _)| d).collect(),
        };
        let mut nodes = 0;
        for d in throws {
            for turn in self.turns(d) {
                if depth == 1 {
                    nodes += 1;
                    continue;
                }
                let mut next = self.clone();
                next.play(&turn);
                nodes += next.perft(depth - 1, None);
            }
        }
        nodes
    }

    /// Whether the player to move has anything to do but pass with this throw.
    pub fn can_move(&self, dice: [u8; 2]) -> bool {
        self.back_count(dice) > 0 || self.find_paths(dice, None).is_some()
    }

    /// The position after a legal turn (see [`DicePosition::check`]).
    pub fn play(&mut self, turn: &DiceTurn) {
        match &turn.action {
            DiceAction::Pass => {}
            DiceAction::Back(squares) => self.play_back(squares),
            DiceAction::Paths(paths) => {
                for p in paths {
                    self.play_path(p);
                }
            }
        }
        self.finish();
    }

    /// Walks one path of a legal turn (the turn does not end).
    pub fn play_path(&mut self, path: &DicePath) {
        let mut at = path.from;
        for s in &path.steps {
            self.step(at, s.to);
            if let Some(k) = s.exchange {
                self.exchange(s.to, k);
            }
            at = s.to;
        }
    }

    /// The turn's text: `[1 4] f4xe5, Ng2-f4-g2-f4xe6`, `[3 3] back a1 b1
    /// c1`, `[6 5] --`.
    pub fn text(&self, turn: &DiceTurn) -> String {
        let [a, b] = turn.dice;
        let mut out = format!("[{a} {b}] ");
        match &turn.action {
            DiceAction::Pass => out.push_str("--"),
            DiceAction::Back(squares) => {
                out.push_str("back");
                for &sq in squares {
                    out.push(' ');
                    out.push_str(&self.name(sq));
                }
            }
            DiceAction::Paths(paths) => {
                for (i, p) in paths.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    if p.kind != Kind::Pawn {
                        out.push(p.kind.letter());
                    }
                    out.push_str(&self.name(p.from));
                    for s in &p.steps {
                        out.push(if s.capture { 'x' } else { '-' });
                        out.push_str(&self.name(s.to));
                        if let Some(k) = s.exchange {
                            out.push('=');
                            out.push(k.letter());
                        }
                    }
                }
            }
        }
        out
    }

    /// Reads a turn's text and checks it against the position: the dice fit
    /// the paths, every step is a legal step, only the last captures, kings
    /// only by the last step of a 6, two different men, a return only on a
    /// double and onto the rearmost free squares, a pass only when nothing
    /// else is legal. The error names the column of the offending token and,
    /// for an illegal step, lists the legal ones.
    pub fn check(&self, text: &str) -> Result<DiceTurn, DiceError> {
        let parsed = parse_dice_turn(text).map_err(|e| DiceError {
            column: e.offset + 1,
            message: format!("expected {}", e.expected),
        })?;
        let dice = parsed.dice;
        // Columns of tokens: find each path's and square's place in the text.
        let shape = self.board.variant().shape;
        let body_at = text.find(']').map(|i| i + 1).unwrap_or(0);
        let body = &text[body_at..];
        let col = |off: usize| body_at + off + 1;
        if let Some(l) = self.loser() {
            return Err(DiceError {
                column: 1,
                message: format!(
                    "the game is over: {} has no king",
                    self.board.variant().seat_name(l)
                ),
            });
        }
        match parsed.body {
            DiceBody::Pass => {
                if let Some(t) = self.find_paths(dice, None) {
                    return Err(DiceError {
                        column: col(body.find("--").unwrap_or(0)),
                        message: format!(
                            "a pass, but the dice can be used, e.g. `{}`",
                            self.text(&t)
                        ),
                    });
                }
                if self.back_count(dice) > 0 {
                    return Err(DiceError {
                        column: col(body.find("--").unwrap_or(0)),
                        message: "a pass, but the double can bring men back".into(),
                    });
                }
                Ok(DiceTurn {
                    dice,
                    action: DiceAction::Pass,
                })
            }
            DiceBody::Back(coords) => {
                let squares: Vec<Square> = coords
                    .iter()
                    .map(|c| shape.square(c.file as usize, c.rank as usize))
                    .collect();
                let legal = self.returns(dice);
                if legal.contains(&squares) || self.back_equivalent(&legal, &squares) {
                    return Ok(DiceTurn {
                        dice,
                        action: DiceAction::Back(squares),
                    });
                }
                let n = self.back_count(dice);
                let message = if n == 0 {
                    "men come back only on a double, from a queue that is not empty".to_string()
                } else {
                    let (whole, partial) = self.back_ranks(n);
                    let names = |v: &[Square]| {
                        v.iter()
                            .map(|&s| self.name(s))
                            .collect::<Vec<_>>()
                            .join(" ")
                    };
                    format!(
                        "expected {n} squares for the men {}: all of {}{}",
                        self.queues[self.turn()][..n]
                            .iter()
                            .map(|k| k.letter())
                            .collect::<String>(),
                        if whole.is_empty() {
                            "(none)".to_string()
                        } else {
                            names(&whole)
                        },
                        if partial.is_empty() {
                            String::new()
                        } else {
                            format!(", then some of {}", names(&partial))
                        }
                    )
                };
                Err(DiceError {
                    column: col(body.find("back").unwrap_or(0)),
                    message,
                })
            }
            DiceBody::Paths(paths) => {
                if paths.len() != 2 {
                    return Err(DiceError {
                        column: col(0),
                        message: format!("expected two paths, one per die; found {}", paths.len()),
                    });
                }
                let mut pos = self.clone();
                let mut out = Vec::new();
                let mut search_from = 0;
                let mut first_end = None;
                for (i, p) in paths.iter().enumerate() {
                    let die = dice[i];
                    // The path's place in the text.
                    let start_name = p
                        .squares
                        .first()
                        .map(|(c, _)| c.to_string())
                        .unwrap_or_default();
                    let path_at = body[search_from..]
                        .find(&start_name)
                        .map(|o| o + search_from)
                        .unwrap_or(search_from);
                    let steps_written = p.squares.len().saturating_sub(1);
                    let mut token_at = path_at;
                    if steps_written != die as usize {
                        return Err(DiceError {
                            column: col(path_at),
                            message: format!(
                                "this path has {steps_written} step{}; its die shows {die}",
                                if steps_written == 1 { "" } else { "s" }
                            ),
                        });
                    }
                    let Some((c0, _)) = p.squares.first() else {
                        return Err(DiceError {
                            column: col(path_at),
                            message: "an empty path".into(),
                        });
                    };
                    let from = shape.square(c0.file as usize, c0.rank as usize);
                    let me = pos.turn();
                    let man = match pos.board.man_at(from) {
                        Some(m) if m.owner == me => m,
                        _ => {
                            return Err(DiceError {
                                column: col(path_at),
                                message: format!(
                                    "no man of {} on {}",
                                    self.board.variant().seat_name(me),
                                    self.name(from)
                                ),
                            });
                        }
                    };
                    let written = p.piece.map(|pc| pc.letter()).unwrap_or('P');
                    if written != man.kind.letter() {
                        return Err(DiceError {
                            column: col(path_at.saturating_sub(1)),
                            message: format!(
                                "{} stands a {} on {}, not `{written}`",
                                "",
                                man.kind.name(),
                                self.name(from)
                            )
                            .trim_start()
                            .to_string(),
                        });
                    }
                    if Some(from) == first_end {
                        return Err(DiceError {
                            column: col(path_at),
                            message: "the two dice must move two different men".into(),
                        });
                    }
                    let mut at = from;
                    let mut steps = Vec::new();
                    for (k, (c, cap)) in p.squares.iter().enumerate().skip(1) {
                        let to = shape.square(c.file as usize, c.rank as usize);
                        let name = c.to_string();
                        token_at = body[token_at..]
                            .find(&name)
                            .map(|o| o + token_at)
                            .unwrap_or(token_at);
                        let last = k == p.squares.len() - 1;
                        let legal = pos.steps_from(at, last, die);
                        let Some(&(_, capture)) = legal.iter().find(|(s, _)| *s == to) else {
                            let list: Vec<String> = legal
                                .iter()
                                .map(|(s, c)| {
                                    format!("{}{}", if *c { "x" } else { "-" }, self.name(*s))
                                })
                                .collect();
                            let why = match pos.board.man_at(to) {
                                Some(v) if v.owner != me && !last => {
                                    " (only the last step may capture)"
                                }
                                Some(v) if v.kind == Kind::King && v.owner != me && die != 6 => {
                                    " (a king falls only to the last step of a 6)"
                                }
                                _ => "",
                            };
                            return Err(DiceError {
                                column: col(token_at),
                                message: format!(
                                    "step {k} of the die {die} to {name} is not legal{why}; legal steps of the {} on {}: {}",
                                    pos.board.man_at(at).map(|m| m.kind.name()).unwrap_or("man"),
                                    self.name(at),
                                    if list.is_empty() {
                                        "none".to_string()
                                    } else {
                                        list.join(" ")
                                    }
                                ),
                            });
                        };
                        if capture != *cap {
                            return Err(DiceError {
                                column: col(token_at.saturating_sub(1)),
                                message: format!(
                                    "step {k} to {name} {}; expected `{}`",
                                    if capture {
                                        "captures"
                                    } else {
                                        "captures nothing"
                                    },
                                    if capture { 'x' } else { '-' }
                                ),
                            });
                        }
                        pos.step(at, to);
                        let mut exchange = None;
                        if let Some((pk, piece)) = p.promotion
                            && pk == k
                        {
                            let kind = Kind::from_letter(piece.letter()).unwrap_or(Kind::Queen);
                            let options = pos.exchanges(to);
                            if !options.contains(&kind) {
                                return Err(DiceError {
                                    column: col(token_at + name.len()),
                                    message: format!(
                                        "no exchange for a {} on {name}: the pawn must stand on its last rank and the queue hold one; possible: {}",
                                        kind.name(),
                                        if options.is_empty() {
                                            "none".to_string()
                                        } else {
                                            options
                                                .iter()
                                                .map(|k| format!("={}", k.letter()))
                                                .collect::<Vec<_>>()
                                                .join(" ")
                                        }
                                    ),
                                });
                            }
                            pos.exchange(to, kind);
                            exchange = Some(kind);
                        }
                        steps.push(Step {
                            to,
                            capture,
                            exchange,
                        });
                        at = to;
                    }
                    first_end = Some(at);
                    search_from = token_at;
                    out.push(DicePath {
                        kind: man.kind,
                        from,
                        steps,
                    });
                }
                let [a, b]: [DicePath; 2] = match out.try_into() {
                    Ok(v) => v,
                    Err(_) => {
                        return Err(DiceError {
                            column: 1,
                            message: "expected two paths".into(),
                        });
                    }
                };
                Ok(DiceTurn {
                    dice,
                    action: DiceAction::Paths([a, b]),
                })
            }
        }
    }

    /// A return written with men of one kind in another order than the
    /// canonical one is the same placement.
    fn back_equivalent(&self, legal: &[Vec<Square>], squares: &[Square]) -> bool {
        let me = self.turn();
        let key = |sq: &[Square]| -> BTreeSet<(Square, Kind)> {
            sq.iter()
                .zip(self.queues[me].iter())
                .map(|(s, k)| (*s, *k))
                .collect()
        };
        let want = key(squares);
        squares.len() == legal.first().map(|l| l.len()).unwrap_or(usize::MAX)
            && squares.iter().collect::<BTreeSet<_>>().len() == squares.len()
            && legal.iter().any(|l| key(l) == want)
    }
}

/// What the early-exit search calls with each complete path (true stops it).
type Found<'a> = dyn FnMut(&[Step], &DicePosition, &mut Option<&mut Rng>) -> bool + 'a;

/// Every subset of `k` elements of `items`, in order.
fn subsets(items: &[Square], k: usize) -> Vec<Vec<Square>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &x) in items.iter().enumerate() {
        for mut rest in subsets(&items[i + 1..], k - 1) {
            rest.insert(0, x);
            out.push(rest);
        }
    }
    out
}

/// Every assignment of `squares` to `men` in queue order where men of one
/// kind take increasing squares.
fn permute_assign(
    men: &[Kind],
    squares: &[Square],
    cur: &mut Vec<Square>,
    used: &mut Vec<bool>,
    out: &mut Vec<Vec<Square>>,
) {
    let i = cur.len();
    if i == men.len() {
        out.push(cur.clone());
        return;
    }
    for j in 0..squares.len() {
        if used[j] {
            continue;
        }
        // Men of one kind: the later takes a higher square.
        if (0..i).any(|p| men[p] == men[i] && cur[p] > squares[j]) {
            continue;
        }
        used[j] = true;
        cur.push(squares[j]);
        permute_assign(men, squares, cur, used, out);
        cur.pop();
        used[j] = false;
    }
}
