//! Verney's rules (rules.md section 1), one constructed position per rule.
//! Each test fails if its rule is broken.

mod common;

use roundtable::board::{Bits, Dir, U256};
use roundtable::engine::{EndReason, MoveList, Outcome, Position, Status, Turn};
use roundtable::men::{Kind, Man};
use roundtable::notation::{long, start_position};
use roundtable::variant::{self, Variant};

const YELLOW: usize = 0;
const RED: usize = 1;
const WHITE: usize = 2;
const BLACK: usize = 3;

fn verney() -> &'static Variant {
    variant::by_id("verney").expect("verney")
}

/// A position from men written `<player><kind><square>` (`yKh1`); the four
/// kings stand on their home squares unless given.
fn position(men: &[&str], turn: usize) -> Position<U256> {
    common::position(
        verney(),
        men,
        &[(0, "h1"), (1, "a8"), (2, "g14"), (3, "n7")],
        turn,
    )
}

fn moves(pos: &Position<U256>) -> (Vec<String>, Turn) {
    common::moves(pos)
}

fn moves_from(pos: &Position<U256>, square: &str) -> Vec<String> {
    moves(pos)
        .0
        .into_iter()
        .filter(|m| {
            m.trim_start_matches(|c: char| c.is_ascii_uppercase())
                .starts_with(square)
        })
        .filter(|m| {
            let rest = m.trim_start_matches(|c: char| c.is_ascii_uppercase());
            rest[square.len()..].starts_with(['-', 'x'])
        })
        .collect()
}

fn play(pos: &Position<U256>, text: &str) -> Position<U256> {
    common::play(pos, text)
}

fn sq(name: &str) -> usize {
    verney().shape.parse_square(name).expect("square")
}

#[test]
fn start_position_pawns_step_one_square_and_knights_leap() {
    let pos: Position<U256> = start_position(verney()).expect("start");
    let (list, _) = moves(&pos);
    assert_eq!(list.len(), 12, "{list:?}");
    assert!(list.contains(&"h2-h3".to_string()));
    assert!(!list.iter().any(|m| m == "h2-h4"), "no double step");
    assert!(list.contains(&"Ne1-d3".to_string()));
    // Red's men stand on the West arm, his pawns move east.
    let red = pos.after(pos_move(&pos, "h2-h3"));
    assert!(moves(&red).0.contains(&"b8-c8".to_string()));
}

fn pos_move(pos: &Position<U256>, text: &str) -> roundtable::engine::Move {
    let mut list = MoveList::new();
    pos.turn_moves(&mut list);
    list.iter()
        .find(|m| long::write(pos, *m) == text)
        .expect("legal move")
}

#[test]
fn queens_stand_on_light_squares_at_the_start() {
    let pos: Position<U256> = start_position(verney()).expect("start");
    let shape = verney().shape;
    let queens: Vec<usize> = pos.pieces(Kind::Queen).squares().collect();
    assert_eq!(queens.len(), 4);
    assert!(queens.iter().all(|&q| shape.is_light(q)));
    let kings: Vec<usize> = pos.pieces(Kind::King).squares().collect();
    assert!(kings.iter().all(|&k| !shape.is_light(k)));
}

#[test]
fn partners_never_capture_or_check_each_other() {
    // White's queen stands next to Yellow's king: no check, no capture.
    let pos = position(&["yKh1", "wQh2"], YELLOW);
    assert!(!pos.in_check(YELLOW));
    assert_eq!(
        moves_from(&pos, "h1"),
        ["Kh1-g1", "Kh1-g2", "Kh1-i1", "Kh1-i2"]
    );
    // The same queen of an adversary gives check and may be taken.
    let pos = position(&["yKh1", "rQh2"], YELLOW);
    assert!(pos.in_check(YELLOW));
    assert_eq!(moves_from(&pos, "h1"), ["Kh1xh2"]);
}

#[test]
fn no_move_may_open_a_new_check_on_the_partners_king() {
    // Yellow's bishop shields White's king g14 from Red's rook g4.
    let pos = position(&["rRg4", "yBg8"], YELLOW);
    assert!(moves_from(&pos, "g8").is_empty());
    // Without the partner's king on that line the bishop is free.
    let pos = position(&["rRg4", "yBg8", "wKk14"], YELLOW);
    assert_eq!(moves_from(&pos, "g8").len(), 15);
    // The rule binds a king too: Yellow's king g8, in check from the rook g7,
    // shields White's king; stepping off the file would open it, g9 stays in
    // check, so only the capture is left.
    let pos = position(&["rRg7", "yKg8"], YELLOW);
    assert_eq!(moves_from(&pos, "g8"), ["Kg8xg7"]);
}

#[test]
fn a_check_already_on_the_partner_is_no_bar() {
    // White is in check from Red's rook g4 already (on Yellow's turn); Yellow
    // may move men that do not open a new line.
    let pos = position(&["rRg4", "yNe8"], YELLOW);
    assert!(pos.in_check(WHITE));
    assert!(!moves_from(&pos, "e8").is_empty());
}

#[test]
fn no_castling_and_no_double_step_in_verney() {
    let pos = position(&["yRk1", "yPe2"], YELLOW);
    let list = moves(&pos).0;
    assert!(!list.iter().any(|m| m.starts_with('O')), "{list:?}");
    assert_eq!(moves_from(&pos, "e2"), ["e2-e3"]);
}

#[test]
fn pawn_promotes_on_an_adversarys_back_edge_by_capture() {
    let pos = {
        let mut p = position(&["rNa7"], YELLOW);
        p.put(sq("b6"), Man::new(Kind::Pawn, YELLOW, Dir::North));
        p
    };
    assert_eq!(moves_from(&pos, "b6"), ["b6-b7", "b6xa7=Q"]);
    let after = play(&pos, "b6xa7=Q");
    assert_eq!(after.man_at(sq("a7")).map(|m| m.kind), Some(Kind::Queen));
}

#[test]
fn partners_back_row_reverses_and_never_promotes() {
    let pos = position(&["yPh13", "rNi14"], YELLOW);
    // Both the step and the capture land on White's back row: no promotion.
    assert_eq!(moves_from(&pos, "h13"), ["h13-h14", "h13xi14"]);
    let after = play(&pos, "h13-h14");
    let pawn = after.man_at(sq("h14")).expect("pawn");
    assert_eq!((pawn.kind, pawn.dir), (Kind::Pawn, Dir::South));
    // Travelling back it steps and captures towards Yellow.
    let mut back = position(&["rNg12"], YELLOW);
    back.put(sq("h13"), Man::new(Kind::Pawn, YELLOW, Dir::South));
    assert_eq!(moves_from(&back, "h13"), ["h13-h12", "h13xg12"]);
}

#[test]
fn returning_pawn_turns_forward_on_its_own_pawn_row() {
    let mut pos = position(&[], YELLOW);
    pos.put(sq("e3"), Man::new(Kind::Pawn, YELLOW, Dir::South));
    let after = play(&pos, "e3-e2");
    assert_eq!(after.man_at(sq("e2")).map(|m| m.dir), Some(Dir::North));
    // Off its own files the pawn cannot reach that row: b4 is the end of file b.
    let mut off = position(&[], YELLOW);
    off.put(sq("b5"), Man::new(Kind::Pawn, YELLOW, Dir::South));
    let after = play(&off, "b5-b4");
    assert_eq!(after.man_at(sq("b4")).map(|m| m.dir), Some(Dir::South));
    let mut stuck = position(&[], YELLOW);
    stuck.put(sq("b4"), Man::new(Kind::Pawn, YELLOW, Dir::South));
    assert!(moves_from(&stuck, "b4").is_empty(), "b3 does not exist");
}

#[test]
fn pawn_leaps_over_a_partners_pawn_only() {
    let pos = position(&["yPe5", "wPe6"], YELLOW);
    assert_eq!(moves_from(&pos, "e5"), ["e5-e7"]);
    // Not over an own pawn, nor an adversary's, nor onto a man.
    assert!(moves_from(&position(&["yPe5", "yPe6"], YELLOW), "e5").is_empty());
    assert!(moves_from(&position(&["yPe5", "rPe6"], YELLOW), "e5").is_empty());
    assert!(moves_from(&position(&["yPe5", "wPe6", "wNe7"], YELLOW), "e5").is_empty());
    // Also over the pawn of a mated partner.
    let mut inert = position(&["yPe5", "wPe6"], YELLOW);
    inert.set_status(WHITE, Status::Mated);
    assert_eq!(moves_from(&inert, "e5"), ["e5-e7"]);
}

/// Yellow's king h1 mated by Red's queen h2, guarded by Red's rook h7.
fn yellow_mated(extra: &[&str], turn: usize) -> Position<U256> {
    let mut men = vec!["rQh2", "rRh7"];
    men.extend_from_slice(extra);
    let mut pos = position(&men, turn);
    pos.set_status(YELLOW, Status::Mated);
    pos
}

#[test]
fn checkmate_happens_at_the_start_of_the_players_own_turn() {
    let mut pos = position(&["rQh2", "rRh7"], YELLOW);
    assert_eq!(pos.status(YELLOW), Status::Active);
    let (list, turn) = moves(&pos);
    assert_eq!(list, ["--"]);
    assert_eq!(
        turn,
        Turn::Pass {
            becomes: Status::Mated
        }
    );
    pos = play(&pos, "--");
    assert_eq!(pos.status(YELLOW), Status::Mated);
    assert_eq!(pos.turn(), RED);
    // The mated player's later turns are passes too.
    let pos = yellow_mated(&[], YELLOW);
    assert_eq!(moves(&pos).0, ["--"]);
}

#[test]
fn inert_men_block_but_never_attack_or_get_captured() {
    // Yellow is mated; his rook h9 would attack a9 and b9 if active.
    let pos = yellow_mated(&["yRh9"], RED);
    let king = moves_from(&pos, "a8");
    assert!(king.contains(&"Ka8-a9".to_string()), "{king:?}");
    assert!(king.contains(&"Ka8-b9".to_string()));
    // Red's rook may not take it, but it blocks him.
    let rook = moves_from(&pos, "h7");
    assert!(rook.contains(&"Rh7-h8".to_string()));
    assert!(
        !rook.iter().any(|m| m.contains("h9") || m.contains("h10")),
        "{rook:?}"
    );
    // An inert man does not defend: White's knight b9, guarded only by the
    // inert rook, may be taken by Red's king.
    let undefended = yellow_mated(&["yRh9", "wNb9"], RED);
    assert!(moves_from(&undefended, "a8").contains(&"Ka8xb9".to_string()));
    let mut defended = position(&["yRh9", "wNb9"], RED);
    defended.set_status(YELLOW, Status::Active);
    assert!(!moves_from(&defended, "a8").contains(&"Ka8xb9".to_string()));
}

#[test]
fn partner_releases_by_taking_the_mating_man() {
    let pos = yellow_mated(&["wRk2"], WHITE);
    let after = play(&pos, "Rk2xh2");
    assert_eq!(after.status(YELLOW), Status::Active);
}

#[test]
fn adversary_releases_by_moving_the_attacker_away() {
    let pos = yellow_mated(&[], RED);
    let after = play(&pos, "Qh2-e5");
    assert_eq!(after.status(YELLOW), Status::Active);
    // A move that keeps the mate keeps Yellow mated.
    let kept = play(&pos, "Ka8-a9");
    assert_eq!(kept.status(YELLOW), Status::Mated);
}

#[test]
fn a_move_may_not_release_men_that_then_check_the_mover() {
    // With Red's king on a9, releasing Yellow brings his rook h9 to life on rank 9.
    let mut pos = yellow_mated(&["yRh9"], RED);
    pos.remove(sq("a8"));
    pos.put(sq("a9"), Man::new(Kind::King, RED, Dir::East));
    assert!(!moves(&pos).0.contains(&"Qh2-e5".to_string()));
    // The same queen move is legal while Red's king is off that rank.
    let control = yellow_mated(&["yRh9"], RED);
    assert!(moves(&control).0.contains(&"Qh2-e5".to_string()));
}

#[test]
fn kings_are_never_captured() {
    // Yellow stands in check from Red's rook on Black's turn: Black may not take the king.
    let pos = position(&["rRh5", "bRe1"], BLACK);
    assert!(pos.in_check(YELLOW));
    assert!(!moves(&pos).0.iter().any(|m| m.ends_with("h1")));
}

#[test]
fn stalemated_player_passes_while_his_partner_plays() {
    let pos = position(&["rQg3", "rRi5"], YELLOW);
    let (list, turn) = moves(&pos);
    assert_eq!(list, ["--"]);
    assert_eq!(
        turn,
        Turn::Pass {
            becomes: Status::Stalemated
        }
    );
    let after = play(&pos, "--");
    assert_eq!(after.status(YELLOW), Status::Stalemated);
    assert_eq!(after.turn(), RED);
}

#[test]
fn mated_and_stalemated_partners_draw() {
    let mut pos = position(&["rQg3", "rRi5"], YELLOW);
    pos.set_status(WHITE, Status::Mated);
    assert_eq!(
        moves(&pos).1,
        Turn::Over(Outcome::Draw {
            reason: EndReason::TeamStalemated
        })
    );
}

#[test]
fn both_adversaries_mated_wins_for_the_team() {
    let mut pos = position(&[], YELLOW);
    pos.set_status(RED, Status::Mated);
    pos.set_status(BLACK, Status::Mated);
    let (list, turn) = moves(&pos);
    assert!(list.is_empty());
    assert_eq!(
        turn,
        Turn::Over(Outcome::Win {
            seats: (1 << YELLOW) | (1 << WHITE),
            reason: EndReason::BothAdversariesMated
        })
    );
    // One adversary mated is not the end.
    let mut one = position(&[], YELLOW);
    one.set_status(RED, Status::Mated);
    assert_eq!(moves(&one).1, Turn::Moves);
}

#[test]
fn sliders_stop_at_the_missing_corners() {
    let pos = position(&["yBd4"], YELLOW);
    let list = moves_from(&pos, "d4");
    assert!(!list.iter().any(|m| m.ends_with("c3") || m.ends_with("b2")));
    assert!(list.contains(&"Bd4-k11".to_string()));
}

#[test]
fn perft_reads_a_fen4_with_a_mated_player_and_counts_his_pass() {
    let pos = yellow_mated(&["yRh9"], YELLOW);
    let text = roundtable::notation::fen4::write(&pos);
    assert!(
        text.contains("dr"),
        "Yellow (Chess.com's red seat) is dead: {text}"
    );
    let expected_red = {
        let red = pos.after(roundtable::engine::Move::PASS);
        moves(&red).0.len()
    };
    let out = assert_cmd::Command::cargo_bin("roundtable")
        .expect("binary")
        .args(["perft", "verney", "2", "--fen", &text])
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert_eq!(stdout.trim(), expected_red.to_string());
    assert_eq!(pos.perft(1), 1, "the mated player's turn is one pass");
}
