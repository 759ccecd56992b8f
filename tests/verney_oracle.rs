//! Verney's engine against a deliberately naive second reading of the
//! rules, written here from rules.md alone: a mailbox board, moves tried one
//! by one, attacks found by walking rays. On positions from random games
//! (all four players active) both must give the same legal moves.

use roundtable::board::U256;
use roundtable::engine::{MoveList, Position, Status, Turn};
use roundtable::notation::{long, start_position};
use roundtable::selfplay::Rng;
use roundtable::variant;

const N: i32 = 14;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Man {
    kind: char,
    owner: usize,
    dir: (i32, i32),
}

type Board = Vec<Option<Man>>;

fn on_board(x: i32, y: i32) -> bool {
    let inside = (0..N).contains(&x) && (0..N).contains(&y);
    let corner = !(3..=10).contains(&x) && !(3..=10).contains(&y);
    inside && !corner
}

fn idx(x: i32, y: i32) -> usize {
    (y * N + x) as usize
}

fn partners(a: usize, b: usize) -> bool {
    a % 2 == b % 2
}

fn name(x: i32, y: i32) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

/// Squares `man` on (x, y) attacks (could capture on), walking each line.
fn attacks(board: &Board, x: i32, y: i32, man: Man) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    let rook = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let bishop = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let slide = |dirs: &[(i32, i32)], out: &mut Vec<(i32, i32)>| {
        for &(dx, dy) in dirs {
            let (mut cx, mut cy) = (x + dx, y + dy);
            while on_board(cx, cy) {
                out.push((cx, cy));
                if board[idx(cx, cy)].is_some() {
                    break;
                }
                cx += dx;
                cy += dy;
            }
        }
    };
    match man.kind {
        'R' => slide(&rook, &mut out),
        'B' => slide(&bishop, &mut out),
        'Q' => {
            slide(&rook, &mut out);
            slide(&bishop, &mut out);
        }
        'K' => {
            for dx in -1..=1 {
                for dy in -1..=1 {
                    if (dx, dy) != (0, 0) && on_board(x + dx, y + dy) {
                        out.push((x + dx, y + dy));
                    }
                }
            }
        }
        'N' => {
            for (dx, dy) in [
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ] {
                if on_board(x + dx, y + dy) {
                    out.push((x + dx, y + dy));
                }
            }
        }
        'P' => {
            let (dx, dy) = man.dir;
            // The two diagonals forward of the direction of travel.
            let sides = if dx == 0 {
                [(1, dy), (-1, dy)]
            } else {
                [(dx, 1), (dx, -1)]
            };
            for (sx, sy) in sides {
                if on_board(x + sx, y + sy) {
                    out.push((x + sx, y + sy));
                }
            }
        }
        _ => {}
    }
    out
}

fn king_of(board: &Board, seat: usize) -> Option<(i32, i32)> {
    (0..N)
        .flat_map(|y| (0..N).map(move |x| (x, y)))
        .filter(|&(x, y)| on_board(x, y))
        .find(|&(x, y)| board[idx(x, y)].is_some_and(|m| m.kind == 'K' && m.owner == seat))
}

/// The adversary men attacking `seat`'s king, as squares.
fn attackers(board: &Board, seat: usize) -> Vec<(i32, i32)> {
    let Some(k) = king_of(board, seat) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for y in 0..N {
        for x in 0..N {
            if !on_board(x, y) {
                continue;
            }
            if let Some(m) = board[idx(x, y)]
                && !partners(m.owner, seat)
                && attacks(board, x, y, m).contains(&k)
            {
                out.push((x, y));
            }
        }
    }
    out
}

fn forward(seat: usize) -> (i32, i32) {
    [(0, 1), (1, 0), (0, -1), (-1, 0)][seat]
}

fn adversary_edge(seat: usize, x: i32, y: i32) -> bool {
    if seat.is_multiple_of(2) {
        (x == 0 || x == 13) && (3..=10).contains(&y)
    } else {
        (y == 0 || y == 13) && (3..=10).contains(&x)
    }
}

/// Every legal move of `seat`, as long algebraic text (promotion written).
fn legal(board: &Board, seat: usize) -> Vec<String> {
    let mut candidates: Vec<((i32, i32), (i32, i32))> = Vec::new();
    for y in 0..N {
        for x in 0..N {
            if !on_board(x, y) {
                continue;
            }
            let Some(m) = board[idx(x, y)] else { continue };
            if m.owner != seat {
                continue;
            }
            if m.kind == 'P' {
                let (dx, dy) = m.dir;
                let (sx, sy) = (x + dx, y + dy);
                if on_board(sx, sy) {
                    match board[idx(sx, sy)] {
                        None => candidates.push(((x, y), (sx, sy))),
                        Some(o) if o.kind == 'P' && o.owner != seat && partners(o.owner, seat) => {
                            let (lx, ly) = (sx + dx, sy + dy);
                            if on_board(lx, ly) && board[idx(lx, ly)].is_none() {
                                candidates.push(((x, y), (lx, ly)));
                            }
                        }
                        _ => {}
                    }
                }
                for t in attacks(board, x, y, m) {
                    if board[idx(t.0, t.1)].is_some() {
                        candidates.push(((x, y), t));
                    }
                }
            } else {
                for t in attacks(board, x, y, m) {
                    candidates.push(((x, y), t));
                }
            }
        }
    }
    let partner = (seat + 2) % 4;
    let partner_before = attackers(board, partner);
    let mut out = Vec::new();
    for (from, to) in candidates {
        let Some(mut m) = board[idx(from.0, from.1)] else {
            continue;
        };
        let target = board[idx(to.0, to.1)];
        if let Some(t) = target
            && (partners(t.owner, seat) || t.kind == 'K')
        {
            continue;
        }
        let mut after = board.clone();
        after[idx(from.0, from.1)] = None;
        let mut promo = "";
        if m.kind == 'P' {
            if adversary_edge(seat, to.0, to.1) {
                m.kind = 'Q';
                promo = "=Q";
            } else {
                let back_row = match partner {
                    0 => to.1 == 0,
                    1 => to.0 == 0,
                    2 => to.1 == 13,
                    _ => to.0 == 13,
                };
                let own_row = match seat {
                    0 => to.1 == 1,
                    1 => to.0 == 1,
                    2 => to.1 == 12,
                    _ => to.0 == 12,
                };
                let (fx, fy) = forward(seat);
                if back_row {
                    m.dir = (-fx, -fy);
                } else if own_row {
                    m.dir = (fx, fy);
                }
            }
        }
        after[idx(to.0, to.1)] = Some(m);
        if !attackers(&after, seat).is_empty() {
            continue;
        }
        let now = attackers(&after, partner);
        if now.iter().any(|a| !partner_before.contains(a)) {
            continue;
        }
        let piece = if board[idx(from.0, from.1)].map(|p| p.kind) == Some('P') {
            String::new()
        } else {
            m.kind.to_string()
        };
        let sep = if target.is_some() { 'x' } else { '-' };
        out.push(format!(
            "{piece}{}{sep}{}{promo}",
            name(from.0, from.1),
            name(to.0, to.1)
        ));
    }
    out.sort();
    out
}

fn mailbox(pos: &Position<U256>) -> Board {
    let v = pos.variant();
    let mut board = vec![None; (N * N) as usize];
    for (sq, m) in pos.men() {
        let (x, y) = v.shape.coords(sq);
        board[idx(x as i32, y as i32)] = Some(Man {
            kind: m.kind.letter(),
            owner: m.owner,
            dir: m.dir.delta(),
        });
    }
    board
}

#[test]
fn verney_legal_moves_agree_with_a_naive_reading_of_the_rules() {
    let v = variant::by_id("verney").expect("verney");
    let mut rng = Rng::new(1881);
    let mut compared = 0;
    for _ in 0..60 {
        let mut pos: Position<U256> = start_position(v).expect("start");
        for _ in 0..160 {
            let all_active = (0..4).all(|s| pos.status(s) != Status::Mated);
            let mut list = MoveList::new();
            let turn = pos.turn_moves(&mut list);
            if all_active && matches!(turn, Turn::Moves) {
                let mut ours: Vec<String> = list.iter().map(|m| long::write(&pos, m)).collect();
                ours.sort();
                let theirs = legal(&mailbox(&pos), pos.turn());
                assert_eq!(ours, theirs, "{}", roundtable::notation::fen4::write(&pos));
                compared += 1;
            }
            let Some(&mv) = list.as_slice().get(rng.below(list.len().max(1))) else {
                break;
            };
            pos.play(mv);
        }
    }
    assert!(compared > 5000, "only {compared} positions compared");
}
