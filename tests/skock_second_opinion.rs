//! Skock's turns against a deliberately naive second reading of rules.md
//! section 4: a mailbox of 64 squares, men walked one square at a time,
//! every path of every man tried, exchanges and queues kept as plain
//! strings. It shares nothing with the engine but the position text it
//! starts from. Compared on random sparse positions (every legal turn
//! text of the throw) and on positions from random games (whether any
//! turn exists: the engine's early-exit search remembers dead states, the
//! naive one does not).

use std::collections::BTreeSet;

use roundtable::engine::dice::{DiceAction, DicePosition};
use roundtable::selfplay::{Rng, dice_game};
use roundtable::variant::SKOCK;

/// A man: kind letter (upper case) and owner (0 White, 1 Black).
type Man = (char, usize);

/// Returns as sets of (square, kind) placements.
type Placements = BTreeSet<BTreeSet<(usize, char)>>;

#[derive(Clone)]
struct Naive {
    board: [Option<Man>; 64],
    queues: [String; 2],
    turn: usize,
}

fn name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

impl Naive {
    /// Reads the placement, queues and side to move of a position text.
    fn read(text: &str) -> Naive {
        let mut words = text.split_whitespace();
        let placement = words.next().expect("placement");
        let turn = usize::from(words.next() == Some("b"));
        let (rows, queue) = placement.split_once('[').expect("queues");
        let mut board = [None; 64];
        for (i, row) in rows.split('/').enumerate() {
            let rank = 7 - i;
            let mut file = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as usize;
                } else {
                    let owner = usize::from(c.is_ascii_lowercase());
                    board[rank * 8 + file] = Some((c.to_ascii_uppercase(), owner));
                    file += 1;
                }
            }
        }
        let mut queues = [String::new(), String::new()];
        for c in queue.trim_end_matches(']').chars() {
            queues[usize::from(c.is_ascii_lowercase())].push(c.to_ascii_uppercase());
        }
        Naive {
            board,
            queues,
            turn,
        }
    }

    /// The squares the man on `at` reaches in one move, with whether the
    /// move captures; a capture only when `last`, a king only with a 6.
    fn steps(&self, at: usize, last: bool, die: u8) -> Vec<(usize, bool)> {
        let Some((kind, me)) = self.board[at] else {
            return Vec::new();
        };
        let (x, y) = ((at % 8) as i32, (at / 8) as i32);
        let mut out = Vec::new();
        let mut land = |tx: i32, ty: i32, may_take: bool, may_move: bool| -> bool {
            if !(0..8).contains(&tx) || !(0..8).contains(&ty) {
                return false;
            }
            let to = (ty * 8 + tx) as usize;
            match self.board[to] {
                None => {
                    if may_move {
                        out.push((to, false));
                    }
                    true
                }
                Some((victim, owner)) => {
                    if owner != me && may_take && last && (victim != 'K' || die == 6) {
                        out.push((to, true));
                    }
                    false
                }
            }
        };
        let rays =
            |dirs: &[(i32, i32)], far: bool, land: &mut dyn FnMut(i32, i32, bool, bool) -> bool| {
                for &(dx, dy) in dirs {
                    let (mut tx, mut ty) = (x + dx, y + dy);
                    while land(tx, ty, true, true) && far {
                        tx += dx;
                        ty += dy;
                    }
                }
            };
        let straight = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let diagonal = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        match kind {
            'K' => {
                rays(&straight, false, &mut land);
                rays(&diagonal, false, &mut land);
            }
            'Q' => {
                rays(&straight, true, &mut land);
                rays(&diagonal, true, &mut land);
            }
            'R' => rays(&straight, true, &mut land),
            'B' => rays(&diagonal, true, &mut land),
            'N' => rays(
                &[
                    (1, 2),
                    (2, 1),
                    (-1, 2),
                    (-2, 1),
                    (1, -2),
                    (2, -1),
                    (-1, -2),
                    (-2, -1),
                ],
                false,
                &mut land,
            ),
            _ => {
                let dy = if me == 0 { 1 } else { -1 };
                land(x, y + dy, false, true);
                land(x - 1, y + dy, true, false);
                land(x + 1, y + dy, true, false);
            }
        }
        out
    }

    fn path_texts(&self, at: usize, die: u8) -> Vec<(String, Naive, usize)> {
        let Some((kind, _)) = self.board[at] else {
            return Vec::new();
        };
        let start = if kind == 'P' {
            name(at)
        } else {
            format!("{kind}{}", name(at))
        };
        let mut out = Vec::new();
        self.any_path(at, die, die, start, &mut |after, end, text| {
            out.push((text.to_string(), after.clone(), end));
            false
        });
        out
    }

    fn mine(&self) -> Vec<usize> {
        (0..64)
            .filter(|&s| self.board[s].is_some_and(|(_, o)| o == self.turn))
            .collect()
    }

    /// Every two-path turn of the throw, as text.
    fn turns(&self, dice: [u8; 2]) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        let orders = if dice[0] == dice[1] {
            vec![dice]
        } else {
            vec![dice, [dice[1], dice[0]]]
        };
        for [a, b] in orders {
            for first in self.mine() {
                for (t1, after, end) in self.path_texts(first, a) {
                    for second in after.mine() {
                        if second == end {
                            continue;
                        }
                        for (t2, _, _) in after.path_texts(second, b) {
                            out.insert(format!("[{a} {b}] {t1}, {t2}"));
                        }
                    }
                }
            }
        }
        out
    }

    /// Every placement a return on this double may make: sets of (square,
    /// kind), the rearmost ranks filled first.
    fn returns(&self, dice: [u8; 2]) -> Placements {
        let me = self.turn;
        let free: Vec<usize> = (0..64).filter(|&s| self.board[s].is_none()).collect();
        let n = (dice[0] as usize)
            .min(self.queues[me].len())
            .min(free.len());
        let mut out = BTreeSet::new();
        if dice[0] != dice[1] || n == 0 {
            return out;
        }
        let depth = |s: usize| if me == 0 { s / 8 } else { 7 - s / 8 };
        let men: Vec<char> = self.queues[me].chars().take(n).collect();
        // Every ordered choice of n free squares, kept when every free
        // square on a rank behind the deepest one used is used.
        fn choose(free: &[usize], n: usize, cur: &mut Vec<usize>, all: &mut Vec<Vec<usize>>) {
            if cur.len() == n {
                all.push(cur.clone());
                return;
            }
            for &s in free {
                if !cur.contains(&s) {
                    cur.push(s);
                    choose(free, n, cur, all);
                    cur.pop();
                }
            }
        }
        let mut all = Vec::new();
        choose(&free, n, &mut Vec::new(), &mut all);
        for squares in all {
            let deepest = squares.iter().map(|&s| depth(s)).max().unwrap_or(0);
            let behind_full = free
                .iter()
                .filter(|&&s| depth(s) < deepest)
                .all(|s| squares.contains(s));
            if behind_full {
                out.insert(squares.iter().copied().zip(men.iter().copied()).collect());
            }
        }
        out
    }

    /// Walks the paths of the man on `at` depth first, `left` steps to go,
    /// until `done` accepts the position at the end of one (with the end
    /// square and the path's text); no memory of dead ends.
    fn any_path(
        &self,
        at: usize,
        left: u8,
        die: u8,
        text: String,
        done: &mut dyn FnMut(&Naive, usize, &str) -> bool,
    ) -> bool {
        if left == 0 {
            return done(self, at, &text);
        }
        let me = self.turn;
        let last_rank = if me == 0 { 7 } else { 0 };
        for (to, capture) in self.steps(at, left == 1, die) {
            let mut next = self.clone();
            if let Some((kind, owner)) = next.board[to] {
                next.queues[owner].push(kind);
            }
            next.board[to] = next.board[at].take();
            let step = format!("{text}{}{}", if capture { 'x' } else { '-' }, name(to));
            if next.any_path(to, left - 1, die, step.clone(), done) {
                return true;
            }
            // A pawn on its last rank may be exchanged for any kind of its
            // owner's queue; the pawn goes to the end of the queue.
            if next.board[to] == Some(('P', me)) && to / 8 == last_rank {
                let kinds: BTreeSet<char> = next.queues[me].chars().collect();
                for kind in kinds {
                    let mut swapped = next.clone();
                    let i = swapped.queues[me].find(kind).expect("in the queue");
                    swapped.queues[me].remove(i);
                    swapped.queues[me].push('P');
                    swapped.board[to] = Some((kind, me));
                    if swapped.any_path(to, left - 1, die, format!("{step}={kind}"), done) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether any two-path turn exists, by a plain depth-first walk.
    fn can_move(&self, dice: [u8; 2]) -> bool {
        let orders = if dice[0] == dice[1] {
            vec![dice]
        } else {
            vec![dice, [dice[1], dice[0]]]
        };
        orders.iter().any(|&[a, b]| {
            self.mine().into_iter().any(|first| {
                self.any_path(first, a, a, String::new(), &mut |after, end, _| {
                    after.mine().into_iter().any(|second| {
                        second != end
                            && after.any_path(second, b, b, String::new(), &mut |_, _, _| true)
                    })
                })
            })
        })
    }
}

/// The engine's turns of a throw: path texts, return placements, pass.
fn engine(p: &DicePosition, dice: [u8; 2]) -> (BTreeSet<String>, Placements, bool) {
    let mut paths = BTreeSet::new();
    let mut returns = BTreeSet::new();
    let mut pass = false;
    let me = p.turn();
    for t in p.turns(dice) {
        match &t.action {
            DiceAction::Paths(_) => {
                paths.insert(p.text(&t));
            }
            DiceAction::Back(squares) => {
                returns.insert(
                    squares
                        .iter()
                        .copied()
                        .zip(p.queues[me].iter().map(|k| k.letter()))
                        .collect(),
                );
            }
            DiceAction::Pass => pass = true,
        }
    }
    (paths, returns, pass)
}

/// A random sparse position: each side a king (sometimes two) and up to
/// `extra` other men, random queues, random side to move.
fn sparse(rng: &mut Rng, most_kings: usize, extra: usize, kinds: &[char]) -> String {
    let mut board = [None; 64];
    for owner in 0..2 {
        let kings = 1 + rng.below(most_kings);
        let others = rng.below(extra + 1);
        for i in 0..kings + others {
            let kind = if i < kings {
                'K'
            } else {
                kinds[rng.below(kinds.len())]
            };
            loop {
                let sq = rng.below(64);
                if board[sq].is_none() {
                    board[sq] = Some((kind, owner));
                    break;
                }
            }
        }
    }
    let mut rows = Vec::new();
    for rank in (0..8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                None => empty += 1,
                Some((k, o)) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(if o == 0 { k } else { k.to_ascii_lowercase() });
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let mut queue = String::new();
    for _ in 0..rng.below(4) {
        let k = ['Q', 'R', 'B', 'N', 'P', 'K'][rng.below(6)];
        queue.push(if rng.below(2) == 0 {
            k
        } else {
            k.to_ascii_lowercase()
        });
    }
    let side = if rng.below(2) == 0 { 'w' } else { 'b' };
    format!("{}[{queue}] {side} - - 0 1", rows.join("/"))
}

fn compare(text: &str, dice: [u8; 2]) -> usize {
    let p = DicePosition::read(&SKOCK, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let naive = Naive::read(&p.write());
    let (paths, returns, pass) = engine(&p, dice);
    let want_paths = naive.turns(dice);
    let want_returns = naive.returns(dice);
    assert_eq!(paths, want_paths, "{text} {dice:?}: path turns differ");
    assert_eq!(returns, want_returns, "{text} {dice:?}: returns differ");
    assert_eq!(
        pass,
        want_paths.is_empty() && want_returns.is_empty(),
        "{text} {dice:?}: pass"
    );
    assert_eq!(p.can_move(dice), !pass, "{text} {dice:?}: can_move");
    paths.len() + returns.len()
}

#[test]
fn every_turn_of_sparse_positions_matches_the_naive_reading() {
    let mut rng = Rng::new(19);
    let mut turns = 0;
    // Any men, short dice: every path of every man is enumerated.
    for _ in 0..150 {
        let text = sparse(&mut rng, 2, 3, &['Q', 'R', 'B', 'N', 'P', 'P', 'P']);
        let dice = [1 + rng.below(2) as u8, 1 + rng.below(2) as u8];
        turns += compare(&text, dice);
    }
    // One king, pawns and knights, longer dice (pawns reach their last
    // rank and are exchanged from random queues).
    for _ in 0..60 {
        let text = sparse(&mut rng, 1, 4, &['N', 'P', 'P', 'P']);
        let dice = [1 + rng.below(3) as u8, 1 + rng.below(2) as u8];
        turns += compare(&text, dice);
    }
    // Pawns next to their last rank with full queues: exchanges, pawns
    // included.
    for text in [
        "k7/2P5/8/8/8/8/8/K7[QNP] w - - 0 1",
        "k7/8/8/8/8/8/2p5/K7[qpr] b - - 0 1",
        "1k6/P1P5/8/8/8/8/8/K7[RBP] w - - 0 1",
    ] {
        for dice in [[1, 1], [1, 2], [2, 1], [3, 1]] {
            turns += compare(text, dice);
        }
    }
    // A pawn six steps from the king on d8 takes it with a 6; five steps
    // away, a 5 cannot.
    turns += compare("3k4/8/8/8/8/8/2P5/K7[] w - - 0 1", [6, 1]);
    turns += compare("3k4/8/8/8/8/2P5/8/K7[] w - - 0 1", [5, 1]);
    let six = DicePosition::read(&SKOCK, "3k4/8/8/8/8/8/2P5/K7[] w - - 0 1").expect("position");
    assert!(
        engine(&six, [6, 1])
            .0
            .contains("[6 1] c2-c3-c4-c5-c6-c7xd8, Ka1-a2")
    );
    let five = DicePosition::read(&SKOCK, "3k4/8/8/8/8/2P5/8/K7[] w - - 0 1").expect("position");
    assert!(engine(&five, [5, 1]).0.iter().all(|t| !t.contains("xd8")));
    assert!(turns > 5_000, "only {turns} turns compared");
}

#[test]
fn whether_a_turn_exists_matches_the_naive_search_in_real_games() {
    let mut rng = Rng::new(7);
    let mut checked = 0;
    for seed in 0..4 {
        let record = dice_game(&SKOCK, &mut Rng::new(seed), 120).expect("a game");
        let game = roundtable::Game::replay(record).expect("replays");
        let trace = game.dice_trace().expect("a dice game");
        for ply in trace.plies.iter().step_by(3) {
            let p = &ply.after;
            if p.loser().is_some() {
                continue;
            }
            let naive = Naive::read(&p.write());
            for _ in 0..3 {
                let dice = rng.throw();
                assert_eq!(
                    p.find_paths(dice, None).is_some(),
                    naive.can_move(dice),
                    "{} {dice:?}",
                    p.write()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 300, "only {checked} positions");
}
