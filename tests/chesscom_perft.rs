//! Chess.com FFA perft checked against a second, naive implementation of
//! the rules written here from the spec (chesscom-4pc.md): a 14x14 mailbox,
//! copy-make, every attack found by walking rays. It shares nothing with the
//! engine but the positions it starts from (the start, and positions from
//! the real exports, with dead men, walking kings and players out).

use roundtable::board::{Bits, U256};
use roundtable::engine::{Position, Status};
use roundtable::input;
use roundtable::men::Kind;
use roundtable::notation::start_position;
use roundtable::replay::replay;
use roundtable::variant;

const N: i32 = 14;

fn on_board(x: i32, y: i32) -> bool {
    let inside = (0..N).contains(&x) && (0..N).contains(&y);
    let corner = !(3..=10).contains(&x) && !(3..=10).contains(&y);
    inside && !corner
}

fn idx(x: i32, y: i32) -> usize {
    (y * N + x) as usize
}

/// Each colour's pawn direction: Red north, Blue east, Yellow south, Green west.
const FORWARD: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    Live,
    Walking,
    Out,
}

#[derive(Clone)]
struct Naive {
    board: Vec<Option<(Kind, usize)>>,
    state: [State; 4],
    /// Per colour: (skipped square, square of the pawn that stepped).
    ep: [Option<(usize, usize)>; 4],
    unmoved: Vec<bool>,
    turn: usize,
}

#[derive(Clone, Copy, Debug)]
enum Mv {
    Pass,
    Step {
        from: usize,
        to: usize,
        promote: bool,
        double: bool,
        ep_victim: Option<usize>,
    },
    Castle {
        king: (usize, usize),
        rook: (usize, usize),
    },
}

/// (king from, king to, rook from, rook to) per colour, both arrays.
const CASTLES: [(usize, &str, &str, &str, &str); 12] = [
    (0, "h1", "j1", "k1", "i1"),
    (0, "h1", "f1", "d1", "g1"),
    (1, "a7", "a5", "a4", "a6"),
    (1, "a7", "a9", "a11", "a8"),
    (1, "a8", "a10", "a11", "a9"),
    (1, "a8", "a6", "a4", "a7"),
    (2, "g14", "e14", "d14", "f14"),
    (2, "g14", "i14", "k14", "h14"),
    (3, "n8", "n10", "n11", "n9"),
    (3, "n8", "n6", "n4", "n7"),
    (3, "n7", "n5", "n4", "n6"),
    (3, "n7", "n9", "n11", "n8"),
];

fn square(name: &str) -> usize {
    let x = i32::from(name.as_bytes()[0] - b'a');
    let y: i32 = name[1..].parse::<i32>().expect("rank") - 1;
    idx(x, y)
}

fn xy(sq: usize) -> (i32, i32) {
    (sq as i32 % N, sq as i32 / N)
}

impl Naive {
    fn from(pos: &Position<U256>) -> Naive {
        let shape = pos.variant().shape;
        let mut board = vec![None; 196];
        let mut unmoved = vec![false; 196];
        for (sq, man) in pos.men() {
            let (x, y) = shape.coords(sq);
            board[idx(x as i32, y as i32)] = Some((man.kind, man.owner));
        }
        for sq in pos.unmoved().squares() {
            let (x, y) = shape.coords(sq);
            unmoved[idx(x as i32, y as i32)] = true;
        }
        let mut ep = [None; 4];
        for (s, slot) in ep.iter_mut().enumerate() {
            *slot = pos.ep_chance(s).map(|c| {
                let (tx, ty) = shape.coords(c.target as usize);
                let (vx, vy) = shape.coords(c.victim as usize);
                (idx(tx as i32, ty as i32), idx(vx as i32, vy as i32))
            });
        }
        let state = [0, 1, 2, 3].map(|s| match pos.status(s) {
            Status::Active => State::Live,
            Status::Walking => State::Walking,
            _ => State::Out,
        });
        Naive {
            board,
            state,
            ep,
            unmoved,
            turn: pos.turn(),
        }
    }

    fn king(&self, seat: usize) -> Option<usize> {
        (0..196).find(|&i| self.board[i] == Some((Kind::King, seat)))
    }

    /// Whether a live man of another colour than `seat` attacks `sq`.
    fn attacked(&self, sq: usize, seat: usize) -> bool {
        let (x, y) = xy(sq);
        let live = |o: usize| o != seat && self.state[o] == State::Live;
        // A walking king attacks the squares next to it.
        let king_there = |o: usize| o != seat && self.state[o] != State::Out;
        let at = |x: i32, y: i32| on_board(x, y).then(|| self.board[idx(x, y)]).flatten();
        for (dx, dy) in [
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ] {
            if let Some((Kind::Knight, o)) = at(x + dx, y + dy)
                && live(o)
            {
                return true;
            }
        }
        for dx in -1..=1 {
            for dy in -1..=1 {
                if (dx, dy) == (0, 0) {
                    continue;
                }
                if let Some((Kind::King, o)) = at(x + dx, y + dy)
                    && king_there(o)
                {
                    return true;
                }
                let diagonal = dx != 0 && dy != 0;
                let (mut cx, mut cy) = (x + dx, y + dy);
                while on_board(cx, cy) {
                    if let Some((k, o)) = self.board[idx(cx, cy)] {
                        let slides = k == Kind::Queen
                            || (diagonal && k == Kind::Bishop)
                            || (!diagonal && k == Kind::Rook);
                        if slides && live(o) {
                            return true;
                        }
                        break;
                    }
                    cx += dx;
                    cy += dy;
                }
            }
        }
        // A pawn of colour o on sq - forward(o) ± side attacks sq.
        for o in (0..4).filter(|&o| live(o)) {
            let (fx, fy) = FORWARD[o];
            for side in [-1, 1] {
                let (px, py) = if fx == 0 {
                    (x - side, y - fy)
                } else {
                    (x - fx, y - side)
                };
                if at(px, py) == Some((Kind::Pawn, o)) {
                    return true;
                }
            }
        }
        false
    }

    fn in_check(&self, seat: usize) -> bool {
        self.king(seat).is_some_and(|k| self.attacked(k, seat))
    }

    /// Whether `by` may capture the man on `sq`.
    fn takes(&self, by: usize, sq: usize) -> bool {
        match self.board[sq] {
            Some((kind, o)) if o == by => {
                // Only a walking king takes his own (dead) men.
                self.state[by] == State::Walking && kind != Kind::King
            }
            Some(_) => true,
            None => false,
        }
    }

    fn pseudo(&self, seat: usize) -> Vec<Mv> {
        let mut out = Vec::new();
        let walking = self.state[seat] == State::Walking;
        let step = |from: usize, to: usize| Mv::Step {
            from,
            to,
            promote: false,
            double: false,
            ep_victim: None,
        };
        for from in 0..196 {
            let Some((kind, o)) = self.board[from] else {
                continue;
            };
            if o != seat || (walking && kind != Kind::King) {
                continue;
            }
            let (x, y) = xy(from);
            let target = |tx: i32, ty: i32, out: &mut Vec<Mv>| -> bool {
                if !on_board(tx, ty) {
                    return false;
                }
                let to = idx(tx, ty);
                match self.board[to] {
                    None => {
                        out.push(step(from, to));
                        true
                    }
                    Some(_) => {
                        if self.takes(seat, to) {
                            out.push(step(from, to));
                        }
                        false
                    }
                }
            };
            match kind {
                Kind::Knight => {
                    for (dx, dy) in [
                        (1, 2),
                        (2, 1),
                        (-1, 2),
                        (-2, 1),
                        (1, -2),
                        (2, -1),
                        (-1, -2),
                        (-2, -1),
                    ] {
                        target(x + dx, y + dy, &mut out);
                    }
                }
                Kind::King | Kind::Queen | Kind::Rook | Kind::Bishop => {
                    for dx in -1..=1 {
                        for dy in -1..=1 {
                            let diagonal = dx != 0 && dy != 0;
                            if (dx, dy) == (0, 0)
                                || (kind == Kind::Rook && diagonal)
                                || (kind == Kind::Bishop && !diagonal)
                            {
                                continue;
                            }
                            let (mut cx, mut cy) = (x + dx, y + dy);
                            while target(cx, cy, &mut out) && kind != Kind::King {
                                cx += dx;
                                cy += dy;
                            }
                        }
                    }
                }
                Kind::Pawn => self.pawn_moves(seat, from, &mut out),
                Kind::Squirk => unreachable!(),
            }
        }
        for &(s, kf, kt, rf, rt) in &CASTLES {
            let (kf, kt, rf, rt) = (square(kf), square(kt), square(rf), square(rt));
            if s != seat
                || self.board[kf] != Some((Kind::King, seat))
                || self.board[rf] != Some((Kind::Rook, seat))
                || !self.unmoved[kf]
                || !self.unmoved[rf]
            {
                continue;
            }
            // Every square between king and rook empty.
            let (a, b) = (xy(kf), xy(rf));
            let (dx, dy) = ((b.0 - a.0).signum(), (b.1 - a.1).signum());
            let mut clear = true;
            let (mut cx, mut cy) = (a.0 + dx, a.1 + dy);
            while (cx, cy) != b {
                clear &= self.board[idx(cx, cy)].is_none();
                cx += dx;
                cy += dy;
            }
            let crossed = idx(a.0 + dx, a.1 + dy);
            let safe = walking || (!self.attacked(kf, seat) && !self.attacked(crossed, seat));
            if clear && safe {
                out.push(Mv::Castle {
                    king: (kf, kt),
                    rook: (rf, rt),
                });
            }
        }
        out
    }

    fn pawn_moves(&self, seat: usize, from: usize, out: &mut Vec<Mv>) {
        let (x, y) = xy(from);
        let (fx, fy) = FORWARD[seat];
        // The 8th rank from the own edge (depth 7) promotes; the start line is depth 1.
        let depth = |x: i32, y: i32| match seat {
            0 => y,
            1 => x,
            2 => N - 1 - y,
            _ => N - 1 - x,
        };
        let push = |to: usize, double: bool, ep_victim: Option<usize>, out: &mut Vec<Mv>| {
            let (tx, ty) = xy(to);
            out.push(Mv::Step {
                from,
                to,
                promote: depth(tx, ty) == 7,
                double,
                ep_victim,
            });
        };
        let (ox, oy) = (x + fx, y + fy);
        if on_board(ox, oy) && self.board[idx(ox, oy)].is_none() {
            push(idx(ox, oy), false, None, out);
            let (tx, ty) = (ox + fx, oy + fy);
            if depth(x, y) == 1 && on_board(tx, ty) && self.board[idx(tx, ty)].is_none() {
                push(idx(tx, ty), true, None, out);
            }
        }
        for side in [-1, 1] {
            let (cx, cy) = if fx == 0 {
                (x + side, y + fy)
            } else {
                (x + fx, y + side)
            };
            if !on_board(cx, cy) {
                continue;
            }
            let to = idx(cx, cy);
            if self.board[to].is_some() {
                if self.takes(seat, to) {
                    push(to, false, None, out);
                }
            } else if let Some((_, victim)) = (0..4)
                .filter(|&c| c != seat)
                .filter_map(|c| self.ep[c])
                .find(|&(t, _)| t == to)
            {
                push(to, false, Some(victim), out);
            }
        }
    }

    /// Makes `mv` for `seat` without judging anyone.
    fn make(&self, seat: usize, mv: Mv) -> Naive {
        let mut n = self.clone();
        match mv {
            Mv::Pass => {
                n.state[seat] = State::Out;
                n.ep[seat] = None;
            }
            Mv::Castle { king, rook } => {
                n.board[king.1] = n.board[king.0].take();
                n.board[rook.1] = n.board[rook.0].take();
                for sq in [king.0, king.1, rook.0, rook.1] {
                    n.unmoved[sq] = false;
                }
            }
            Mv::Step {
                from,
                to,
                promote,
                double,
                ep_victim,
            } => {
                let man = n.board[from].take();
                let taken = n.board[to];
                if let Some(v) = ep_victim {
                    n.board[v] = None;
                    for c in n.ep.iter_mut() {
                        if c.is_some_and(|(_, vv)| vv == v) {
                            *c = None;
                        }
                    }
                }
                n.board[to] = if promote {
                    Some((Kind::Queen, seat))
                } else {
                    man
                };
                n.unmoved[from] = false;
                n.unmoved[to] = false;
                if taken.is_some() {
                    for c in n.ep.iter_mut() {
                        if c.is_some_and(|(_, v)| v == to) {
                            *c = None;
                        }
                    }
                }
                if let Some((Kind::King, owner)) = taken
                    && n.state[owner] != State::Out
                {
                    n.state[owner] = State::Out;
                    n.ep[owner] = None;
                }
                if double {
                    let (a, b) = (xy(from), xy(to));
                    n.ep[seat] = Some((idx((a.0 + b.0) / 2, (a.1 + b.1) / 2), to));
                }
            }
        }
        n
    }

    /// The moves after which `seat`'s king is not attacked.
    fn legal(&self, seat: usize) -> Vec<Mv> {
        self.pseudo(seat)
            .into_iter()
            .filter(|&mv| !self.make(seat, mv).in_check(seat))
            .collect()
    }

    /// What the player to move may do: `None` when the game is over.
    fn turn_moves(&self) -> Option<Vec<Mv>> {
        let live = self.state.iter().filter(|&&s| s == State::Live).count();
        if live <= 1 {
            return None;
        }
        let me = self.turn;
        let legal = self.legal(me);
        Some(if legal.is_empty() {
            vec![Mv::Pass]
        } else if self.state[me] == State::Walking {
            self.pseudo(me)
        } else {
            legal
        })
    }

    /// Plays `mv` of the player to move: mates after the ply, next turn.
    fn play(&self, mv: Mv) -> Naive {
        let me = self.turn;
        let mut n = self.make(me, mv);
        for k in 1..4 {
            let s = (me + k) % 4;
            if n.state[s] != State::Out && n.in_check(s) && n.legal(s).is_empty() {
                n.state[s] = State::Out;
                n.ep[s] = None;
            }
        }
        let mut next = me;
        for _ in 0..4 {
            next = (next + 1) % 4;
            if n.state[next] != State::Out {
                break;
            }
        }
        n.turn = next;
        n.ep[next] = None;
        n
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let Some(moves) = self.turn_moves() else {
            return 0;
        };
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&mv| self.play(mv).perft(depth - 1)).sum()
    }
}

fn ffa() -> &'static roundtable::variant::Variant {
    variant::by_id("chesscom-ffa").expect("variant")
}

#[test]
fn ffa_perft_from_the_start_agrees_with_the_naive_rules() {
    let start: Position<U256> = start_position(ffa()).expect("start");
    let naive = Naive::from(&start);
    for depth in 1..=3 {
        assert_eq!(start.perft(depth), naive.perft(depth), "depth {depth}");
    }
    assert_eq!(start.perft(3), 7_800);
}

#[test]
fn ffa_perft_from_real_positions_agrees_with_the_naive_rules() {
    // Positions from the exports: every 37th ply of a few games, and the
    // positions right after each exit, king capture and elimination.
    let dir = format!("{}/tests/data/chesscom/ffa", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("data")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    let mut checked = 0;
    let mut special = 0;
    for path in files.iter().step_by(5) {
        let text = std::fs::read_to_string(path).expect("export");
        let record = input::games(&text, None).remove(0).expect("reads");
        let trace = replay::<U256>(&record).expect("replays");
        let mut before = trace.start;
        for (i, ply) in trace.plies.iter().enumerate() {
            let statuses_changed = (0..4).any(|s| before.status(s) != ply.after.status(s));
            before = ply.after;
            if i % 37 != 0 && !statuses_changed {
                continue;
            }
            special += usize::from(statuses_changed);
            let pos = ply.after;
            let naive = Naive::from(&pos);
            for depth in 1..=2 {
                assert_eq!(
                    pos.perft(depth),
                    naive.perft(depth),
                    "{} after ply {i} ({}), depth {depth}",
                    path.display(),
                    ply.text
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 50, "positions checked: {checked}");
    assert!(
        special > 10,
        "positions after a change of status: {special}"
    );
}
