//! Double Skak (rules.md section 2), one position per rule.

mod common;

use roundtable::board::{Bits, Dir};
use roundtable::engine::{EndReason, Outcome, Position, Status, Turn};
use roundtable::notation::{fen4, start_position};
use roundtable::variant::{self, Variant};

const YELLOW: usize = 0;
const GREEN: usize = 1;
const WHITE: usize = 2;
const RED: usize = 3;

fn ds() -> &'static Variant {
    variant::by_id("double-skak").expect("double-skak")
}

/// Men as `<player><kind><square>[:<dir>]` (`rPg1:e`); `free` lists pawns
/// still free to choose their nose. The two kings stand on a8 and a1 unless given.
fn position(men: &[&str], turn: usize, free: &[&str]) -> Position<u64> {
    let v = ds();
    let mut pos = common::position::<u64>(v, men, &[(WHITE, "a8"), (RED, "a1")], turn);
    let set = free
        .iter()
        .map(|n| v.shape.parse_square(n).expect("square"))
        .fold(0u64, |acc, sq| acc | u64::bit(sq));
    pos.set_free_pawns(set);
    pos
}

fn moves(pos: &Position<u64>) -> (Vec<String>, Turn) {
    common::moves(pos)
}

fn play(pos: &Position<u64>, text: &str) -> Position<u64> {
    common::play(pos, text)
}

fn sq(name: &str) -> usize {
    ds().shape.parse_square(name).expect("square")
}

#[test]
fn start_position_and_the_first_choice_of_nose() {
    let start: Position<u64> = start_position(ds()).expect("start");
    let (list, _) = moves(&start);
    assert_eq!(
        list,
        [
            "Nh2-f3", "Nh2-g4", "f1-e1", "f2-e2", "f2-f3", "g3-f3", "g3-g4", "h3-h4"
        ]
    );
    // The inner pawn f2 chose north: its nose is fixed.
    let after = play(&start, "f2-f3");
    let pawn = after.man_at(sq("f3")).expect("pawn");
    assert_eq!(pawn.dir, Dir::North);
    assert!(!after.free_pawns().has(sq("f3")));
    // g3 (north by default) chose west.
    let after = play(&start, "g3-f3");
    assert_eq!(after.man_at(sq("f3")).map(|m| m.dir), Some(Dir::West));
    // The start reads back as written, noses and pawn directions included.
    assert_eq!(
        fen4::write(&start).replace(' ', ""),
        ds().start.replace(' ', "")
    );
    assert_eq!(start.perft(2), 64);
}

#[test]
fn a_free_pawn_attacks_along_both_noses() {
    // Yellow's free pawn f2 (west, or north) attacks e1, e3 and g3.
    let pos = position(&["yPf2", "rKg3"], GREEN, &["f2"]);
    assert!(pos.in_check(RED));
    let fixed = position(&["yPf2", "rKg3"], GREEN, &[]);
    assert!(!fixed.in_check(RED));
}

#[test]
fn a_first_capture_both_noses_reach_keeps_the_default_nose() {
    // e3 is diagonal-forward for west and for north: the pawn stays west.
    let pos = position(&["yPf2", "gNe3", "rKa1", "wKa8"], YELLOW, &["f2"]);
    let after = play(&pos, "f2xe3");
    assert_eq!(after.man_at(sq("e3")).map(|m| m.dir), Some(Dir::West));
    // g3 only north reaches: the pawn turns north.
    let pos = position(&["yPf2", "gNg3"], YELLOW, &["f2"]);
    let after = play(&pos, "f2xg3");
    assert_eq!(after.man_at(sq("g3")).map(|m| m.dir), Some(Dir::North));
}

#[test]
fn the_queen_player_may_leave_his_team_king_in_check_but_not_open_a_new_one() {
    // White's king a8 stands in check from Green's rook a4; Yellow need not answer.
    let pos = position(&["gRa4", "yNe4"], YELLOW, &[]);
    assert!(pos.in_check(WHITE));
    assert!(moves(&pos).0.contains(&"Ne4-g5".to_string()));
    // Yellow's knight shields White's king from Red's bishop: it may not move.
    let pos = position(&["rBe4", "yNc6"], YELLOW, &[]);
    assert!(!moves(&pos).0.iter().any(|m| m.starts_with("Nc6")));
}

#[test]
fn the_king_owner_may_not_leave_his_king_attacked() {
    let pos = position(&["gRa4", "wNe4"], WHITE, &[]);
    let (list, _) = moves(&pos);
    assert!(
        list.iter().all(|m| m.starts_with('K')
            || m.ends_with("a4")
            || m.ends_with("a5")
            || m.ends_with("a6")
            || m.ends_with("a7")),
        "{list:?}"
    );
}

#[test]
fn a_mated_king_loses_for_his_team_a_stalemated_one_draws() {
    // Red's king a1 in check from Yellow's queen b2, guarded by Yellow's rook b8? No:
    // by White's rook b7 (a partner of Yellow).
    let pos = position(&["yQb2", "wRb7"], RED, &[]);
    assert_eq!(
        moves(&pos).1,
        Turn::Over(Outcome::Win {
            seats: (1 << YELLOW) | (1 << WHITE),
            reason: EndReason::Checkmate
        })
    );
    // Not in check and no move: a draw.
    let pos = position(&["yQc2", "wRb7"], RED, &[]);
    assert!(!pos.in_check(RED));
    assert_eq!(
        moves(&pos).1,
        Turn::Over(Outcome::Draw {
            reason: EndReason::Stalemate
        })
    );
}

#[test]
fn a_queen_player_without_a_move_passes() {
    // Green's only man, a pawn h6 pointing south, is blocked by Yellow's pawn h5.
    let pos = position(&["gPh6:s", "yPh5:n"], GREEN, &[]);
    let (list, turn) = moves(&pos);
    assert_eq!(list, ["--"]);
    assert_eq!(
        turn,
        Turn::Pass {
            becomes: Status::Stalemated
        }
    );
    assert_eq!(pos.after(roundtable::engine::Move::PASS).turn(), WHITE);
}

#[test]
fn pawns_promote_at_the_edge_they_travel_to() {
    // Red's pawn travelling east reaches file h; White's travelling south, rank 1.
    let pos = position(&["rPg4:e"], RED, &[]);
    let promotions: Vec<String> = moves(&pos)
        .0
        .into_iter()
        .filter(|m| m.starts_with("g4-h4"))
        .collect();
    assert_eq!(promotions, ["g4-h4=B", "g4-h4=N", "g4-h4=Q", "g4-h4=R"]);
    let pos = position(&["wPd2:s"], WHITE, &[]);
    assert!(moves(&pos).0.contains(&"d2-d1=Q".to_string()));
    // Reaching rank 8 means nothing to a pawn travelling east.
    let pos = position(&["rPd8:e"], RED, &[]);
    assert!(moves(&pos).0.contains(&"d8-e8".to_string()));
}

#[test]
fn kings_are_never_captured() {
    // Red's king stands in check from Yellow's rook on White's turn; White's
    // bishop could reach a1 but may not take the king.
    let pos = position(&["yRa4", "wBd4"], WHITE, &[]);
    assert!(pos.in_check(RED));
    assert!(!moves(&pos).0.iter().any(|m| m.ends_with("a1")));
}
