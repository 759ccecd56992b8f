//! Chess.com four-player chess (spec chesscom-4pc.md), one constructed
//! position per rule, FFA and Teams.

mod common;

use roundtable::board::{Bits, Dir, U256};
use roundtable::engine::{EndReason, Outcome, Position, Status, Turn};
use roundtable::men::{Kind, Man};
use roundtable::notation::{read_position, start_position};
use roundtable::variant::{self, Variant};

const RED: usize = 0;
const BLUE: usize = 1;
const YELLOW: usize = 2;
const GREEN: usize = 3;

fn ffa() -> &'static Variant {
    variant::by_id("chesscom-ffa").expect("chesscom-ffa")
}

fn teams() -> &'static Variant {
    variant::by_id("chesscom-teams").expect("chesscom-teams")
}

/// Men as `<colour><kind><square>` (`rQe5`); kings on their modern home
/// squares unless given.
fn position_of(v: &'static Variant, men: &[&str], turn: usize) -> Position<U256> {
    common::position(
        v,
        men,
        &[(RED, "h1"), (BLUE, "a7"), (YELLOW, "g14"), (GREEN, "n8")],
        turn,
    )
}

fn position(men: &[&str], turn: usize) -> Position<U256> {
    position_of(ffa(), men, turn)
}

fn moves(pos: &Position<U256>) -> Vec<String> {
    common::moves(pos).0
}

fn play(pos: &Position<U256>, text: &str) -> Position<U256> {
    common::play(pos, text)
}

fn sq(name: &str) -> usize {
    ffa().shape.parse_square(name).expect("square")
}

fn at(pos: &Position<U256>, square: &str) -> Option<Man> {
    pos.man_at(sq(square))
}

fn exit(pos: &Position<U256>, seat: usize) -> (Position<U256>, bool) {
    let mut out = *pos;
    let goes_on = pos.rules().hooks.exit(&mut out, seat);
    (out, goes_on)
}

#[test]
fn the_two_arrays_differ_only_in_blue_and_greens_king_and_queen() {
    let modern: Position<U256> = read_position(ffa(), "4PC").expect("4PC");
    let classic: Position<U256> = read_position(ffa(), "4PCo").expect("4PCo");
    let kind = |p: &Position<U256>, s: &str| at(p, s).map(|m| (m.kind, m.owner));
    assert_eq!(kind(&modern, "a7"), Some((Kind::King, BLUE)));
    assert_eq!(kind(&modern, "a8"), Some((Kind::Queen, BLUE)));
    assert_eq!(kind(&modern, "n7"), Some((Kind::Queen, GREEN)));
    assert_eq!(kind(&modern, "n8"), Some((Kind::King, GREEN)));
    assert_eq!(kind(&classic, "a7"), Some((Kind::Queen, BLUE)));
    assert_eq!(kind(&classic, "n7"), Some((Kind::King, GREEN)));
    for s in ["h1", "g1", "g14", "h14"] {
        assert_eq!(kind(&modern, s), kind(&classic, s), "{s}");
    }
    // The variants' setup is the modern array.
    let start: Position<U256> = start_position(teams()).expect("start");
    assert!(start == read_position(teams(), "4PC").expect("4PC"));
}

#[test]
fn teams_perft_matches_4pchess_to_depth_4() {
    // obryanlouis/4pchess, Teams rules, modern start: 20 / 395 / 7,800 /
    // 152,050 (then 3,452,310 and 77,430,383: README and the ignored test).
    let start: Position<U256> = start_position(teams()).expect("start");
    let counts: Vec<u64> = (1..=4).map(|d| start.perft(d)).collect();
    assert_eq!(counts, vec![20, 395, 7_800, 152_050]);
}

#[test]
#[ignore = "seconds in the optimised test profile"]
fn teams_perft_matches_4pchess_at_depth_5_and_6() {
    let start: Position<U256> = start_position(teams()).expect("start");
    assert_eq!(start.perft(5), 3_452_310);
    assert_eq!(start.perft(6), 77_430_383);
}

#[test]
fn pawns_step_two_only_from_their_start_line() {
    // Red rank 2, Blue file b, Yellow rank 13, Green file m.
    let pos = position(&["rPe2", "rPf3"], RED);
    let list = moves(&pos);
    assert!(list.contains(&"e2-e4".to_string()));
    assert!(!list.contains(&"f3-f5".to_string()));
    let green = position(&["gPm6", "gPl9"], GREEN);
    let list = moves(&green);
    assert!(list.contains(&"m6-k6".to_string()));
    assert!(!list.contains(&"l9-j9".to_string()));
}

/// `pos` with the castling rights of the king and rooks on `squares`.
fn with_rights(mut pos: Position<U256>, squares: &[&str]) -> Position<U256> {
    let set = squares
        .iter()
        .fold(pos.unmoved(), |set, s| set | U256::bit(sq(s)));
    pos.set_unmoved(set);
    pos
}

#[test]
fn castling_per_colour_and_array() {
    // Modern Blue: O-O a7→a5 with the rook a4→a6 (§4's table).
    let modern = with_rights(position(&["bRa4", "bRa11"], BLUE), &["a7", "a4", "a11"]);
    let after = play(&modern, "O-O");
    assert_eq!(at(&after, "a5").map(|m| m.kind), Some(Kind::King));
    assert_eq!(at(&after, "a6").map(|m| m.kind), Some(Kind::Rook));
    let after = play(&modern, "O-O-O");
    assert_eq!(at(&after, "a9").map(|m| m.kind), Some(Kind::King));
    assert_eq!(at(&after, "a8").map(|m| m.kind), Some(Kind::Rook));
    // Classic Blue: O-O a8→a10 with the rook a11→a9, O-O-O a8→a6, a4→a7.
    let classic = with_rights(
        position(&["bKa8", "bRa4", "bRa11"], BLUE),
        &["a8", "a4", "a11"],
    );
    let short = play(&classic, "O-O");
    assert_eq!(at(&short, "a10").map(|m| m.kind), Some(Kind::King));
    assert_eq!(at(&short, "a9").map(|m| m.kind), Some(Kind::Rook));
    let long = play(&classic, "O-O-O");
    assert_eq!(at(&long, "a6").map(|m| m.kind), Some(Kind::King));
    assert_eq!(at(&long, "a7").map(|m| m.kind), Some(Kind::Rook));
    // The king may not cross an attacked square: Red's rook on i9 covers a9.
    let mut attacked = classic;
    attacked.put(sq("i9"), Man::new(Kind::Rook, RED, Dir::North));
    let list = moves(&attacked);
    assert!(list.contains(&"O-O-O".to_string()), "{list:?}");
    assert!(!list.contains(&"O-O".to_string()), "{list:?}");
    // Green classic: O-O n7→n5 with n4→n6.
    let green = with_rights(
        position(&["gKn7", "gRn4", "gRn11"], GREEN),
        &["n7", "n4", "n11"],
    );
    let short = play(&green, "O-O");
    assert_eq!(at(&short, "n5").map(|m| m.kind), Some(Kind::King));
    assert_eq!(at(&short, "n6").map(|m| m.kind), Some(Kind::Rook));
}

#[test]
fn en_passant_lasts_until_the_pushing_player_moves_again() {
    // As in GameNr 103511281: Green's m9-k9 skips l9; Yellow's pawn on k10
    // (travelling south) takes there two turns later, removing k9.
    let pos = position(&["gPm9", "yPk10"], GREEN);
    let pushed = play(&pos, "m9-k9");
    let declined = play(&play(&pushed, "Kh1-g1"), "Ka7-a6");
    assert!(moves(&declined).contains(&"k10xl9".to_string()));
    let taken = play(&declined, "k10xl9");
    assert_eq!(at(&taken, "k9"), None, "the pawn that stepped is removed");
    assert_eq!(at(&taken, "l9").map(|m| m.owner), Some(YELLOW));
    // Once Green has moved again, the chance is gone.
    let later = play(&play(&declined, "Kg14-f14"), "Kn8-n9");
    let later = play(&play(&later, "Kg1-h1"), "Ka6-a7");
    assert!(!moves(&later).contains(&"k10xl9".to_string()));
}

#[test]
fn ffa_promotes_on_the_eighth_rank_to_the_one_point_queen() {
    let pos = position(&["rPe7", "rPf9"], RED);
    let list = moves(&pos);
    let promotions: Vec<&String> = list.iter().filter(|m| m.starts_with("e7-e8")).collect();
    assert_eq!(promotions, vec!["e7-e8=Q"], "one promotion, to the queen");
    let promoted = play(&pos, "e7-e8=Q");
    assert!(promoted.promoted().has(sq("e8")), "a promoted queen");
    // Green's line is file g, Blue's file h, Yellow's rank 7.
    assert!(moves(&position(&["gPh5"], GREEN)).contains(&"h5-g5=Q".to_string()));
    assert!(moves(&position(&["bPg5"], BLUE)).contains(&"g5-h5=Q".to_string()));
    assert!(moves(&position(&["yPe8"], YELLOW)).contains(&"e8-e7=Q".to_string()));
    // Capturing the one-point queen scores 1, a queen from the start 9.
    let mut dame = position(&["rQe8", "gRe10"], GREEN);
    dame.set_promoted(U256::bit(sq("e8")));
    assert_eq!(play(&dame, "Re10xe8").points(GREEN), 1);
    let queen = position(&["rQe8", "gRe10"], GREEN);
    assert_eq!(play(&queen, "Re10xe8").points(GREEN), 9);
    // The promoted mark travels with the queen.
    let moved = play(
        &play(&play(&play(&promoted, "Ka7-a6"), "Kg14-f14"), "Kn8-n9"),
        "Qe8-e9",
    );
    assert!(moved.promoted().has(sq("e9")) && !moved.promoted().has(sq("e8")));
}

#[test]
fn teams_promote_on_the_eleventh_rank_to_q_r_b_n() {
    let pos = position_of(teams(), &["rPe10", "rPf7"], RED);
    let list = moves(&pos);
    for p in ["Q", "R", "B", "N"] {
        assert!(list.contains(&format!("e10-e11={p}")), "{list:?}");
    }
    assert!(
        list.contains(&"f7-f8".to_string()),
        "no promotion on rank 8"
    );
}

#[test]
fn an_attacked_king_is_captured_by_whoever_moves_before_its_owner() {
    // Red's rook on k8 attacks Green's king n8 along rank 8; Yellow moves
    // before Green and takes the king with the queen from n11.
    let pos = position(&["rRk8", "yQn11"], YELLOW);
    assert!(pos.in_check(GREEN));
    assert!(moves(&pos).contains(&"Qn11xn8".to_string()));
    let taken = play(&pos, "Qn11xn8");
    assert_eq!(taken.status(GREEN), Status::Out);
    assert_eq!(taken.points(YELLOW), 20);
    // Green's slot is gone: Red moves next.
    assert_eq!(taken.turn(), RED);
}

#[test]
fn dead_men_block_give_no_check_and_anyone_takes_them_for_nothing() {
    let mut pos = position(&["bQg2", "bPe1", "rRd1"], RED);
    pos.set_status(BLUE, Status::Out);
    // Blue's dead queen next to Red's king gives no check.
    assert!(!pos.in_check(RED));
    let list = moves(&pos);
    // The dead pawn on e1 blocks Red's rook, and Red may take it...
    assert!(list.contains(&"Rd1xe1".to_string()), "{list:?}");
    assert!(!list.contains(&"Rd1-f1".to_string()));
    // ...for no points; the king takes the dead queen, also for nothing.
    assert_eq!(play(&pos, "Rd1xe1").points(RED), 0);
    assert_eq!(play(&pos, "Kh1xg2").points(RED), 0);
    // Dead men never move: Blue has no turn.
    assert_eq!(play(&pos, "Rd1xe1").turn(), YELLOW);
}

#[test]
fn mate_is_tested_after_every_ply_and_scores_for_the_mover() {
    // Red's rook to d14 mates Yellow's king g14 behind his pawns, though
    // Blue moves before Yellow: Yellow is out at once, Red scores 20, and
    // after Blue comes Green.
    let pos = position(&["rRd2", "yPf13", "yPg13", "yPh13"], RED);
    let mated = play(&pos, "Rd2-d14");
    assert_eq!(mated.status(YELLOW), Status::Out, "mated before his turn");
    assert_eq!(mated.points(RED), 20);
    let after_blue = play(&mated, "Ka7-a6");
    assert_eq!(after_blue.turn(), GREEN, "Yellow's slot is gone");
}

#[test]
fn a_resigned_players_king_walks_and_is_not_tested_against_attacks() {
    // Dead King Walking: after `R` the army is dead, only the king steps.
    let pos = position(&["rPg2", "rNd1", "yRd3"], RED);
    let (walking, goes_on) = exit(&pos, RED);
    assert!(goes_on);
    assert_eq!(walking.status(RED), Status::Walking);
    let list = moves(&walking);
    assert!(
        list.iter().all(|m| m.starts_with('K')),
        "only the king: {list:?}"
    );
    // It may take its own dead pawn...
    assert!(list.contains(&"Kh1xg2".to_string()), "{list:?}");
    // ...and step onto a square Yellow's rook attacks.
    let pos = position(&["yRd2", "rNd1"], RED);
    let (walking, _) = exit(&pos, RED);
    let list = moves(&walking);
    assert!(
        list.contains(&"Kh1-h2".to_string()),
        "into the rook's line: {list:?}"
    );
    // Red's men are dead: Yellow's knight takes one for nothing.
    let mut yellow = play(&walking, "Kh1-i1");
    yellow.set_turn(YELLOW);
    yellow.put(sq("f2"), Man::new(Kind::Knight, YELLOW, Dir::South));
    assert!(moves(&yellow).contains(&"Nf2xd1".to_string()));
    assert_eq!(play(&yellow, "Nf2xd1").points(YELLOW), 0);
}

/// Yellow's rooks box Red's king on h1 without checking it: d2 covers rank
/// 2, g13 file g, i13 file i.
const BOX: [&str; 3] = ["yRd2", "yRg13", "yRi13"];

#[test]
fn a_walking_king_without_a_safe_step_is_stalemated_and_live_players_share_twenty() {
    // The exports show a bare `S` for walking kings whose every step is
    // attacked (cc_game_0088 `52. S`, Red: Kf1 with five steps, all
    // covered): stalemate is judged on safe steps, although the step a
    // walking king makes is not tested (Decision 6). Spec §5.3 does not say
    // this; the exports do.
    let (walking, _) = exit(&position(&BOX, RED), RED);
    let (list, turn) = common::moves(&walking);
    assert_eq!(list, vec!["--".to_string()]);
    assert_eq!(
        turn,
        Turn::Pass {
            becomes: Status::Stalemated
        }
    );
    let passed = play(&walking, "--");
    assert_eq!(passed.status(RED), Status::Out);
    // Spec Decision 9 says +10 to each live player; the exports say the
    // live players share 20, rounded: 7 each for three (cc_game_0079,
    // cc_game_0088 and cc_game_0095 agree with the Result tag only so).
    for s in [BLUE, YELLOW, GREEN] {
        assert_eq!(passed.points(s), 7, "seat {s}");
    }
}

#[test]
fn a_live_player_stalemated_on_his_turn_is_out_with_twenty() {
    let pos = position(&BOX, RED);
    assert_eq!(
        common::moves(&pos).1,
        Turn::Pass {
            becomes: Status::Stalemated
        }
    );
    let passed = play(&pos, "--");
    assert_eq!(passed.status(RED), Status::Out);
    assert_eq!(passed.points(RED), 20);
    assert_eq!(passed.turn(), BLUE);
}

#[test]
fn a_resignation_mated_at_once_is_out() {
    // `R#`: the new walking king is in check with no safe step.
    let pos = position(&["yRd1", "yRd2"], RED);
    assert!(pos.in_check(RED));
    let (gone, goes_on) = exit(&pos, RED);
    assert!(goes_on);
    assert_eq!(gone.status(RED), Status::Out);
}

#[test]
fn the_game_is_over_when_one_live_player_is_left() {
    let mut pos = position(&[], RED);
    pos.set_status(BLUE, Status::Out);
    pos.set_status(YELLOW, Status::Walking);
    pos.set_points(GREEN, 30);
    assert_eq!(pos.outcome(), None, "Red and Green are live");
    pos.set_status(RED, Status::Walking);
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Win {
            seats: 1 << GREEN,
            reason: EndReason::MostPoints
        })
    );
}

#[test]
fn one_move_checking_two_kings_earns_a_bonus() {
    // From g8 a queen checks Yellow's king g14 along the file and Green's
    // n8 along the rank: +1 for a queen, +5 for a rook (§5.4).
    let after = play(&position(&["rQc8"], RED), "Qc8-g8");
    assert!(after.in_check(YELLOW) && after.in_check(GREEN));
    assert_eq!(after.points(RED), 1);
    let after = play(&position(&["rRc8"], RED), "Rc8-g8");
    assert_eq!(after.points(RED), 5);
}

#[test]
fn teams_partners_are_never_captured_and_never_check() {
    let pos = position_of(teams(), &["rQe5", "yRe9", "yQg2"], RED);
    assert!(!pos.in_check(RED), "Yellow's queen next to Red's king");
    let list = moves(&pos);
    assert!(!list.contains(&"Qe5xe9".to_string()));
    assert!(!list.contains(&"Kh1xg2".to_string()));
}

#[test]
fn teams_mate_waits_for_the_victims_turn_and_a_partner_may_parry() {
    // Blue's king a7 is boxed by his own men; Yellow's knight checks it
    // from c8. Green, Blue's partner, moves before Blue and may take it.
    let men = [
        "yNe9", "yPf13", "bPb6", "bRb7", "bPb8", "bQa8", "bNa6", "gRc11",
    ];
    let pos = position_of(teams(), &men, YELLOW);
    let checked = play(&pos, "Ne9-c8");
    assert!(checked.in_check(BLUE));
    assert_eq!(checked.status(BLUE), Status::Active, "not judged yet");
    let parried = play(&checked, "Rc11xc8");
    assert!(!parried.in_check(BLUE));
    // Unparried, Blue's turn comes: he is mated (the record's `#`), and
    // Red and Yellow win.
    let blues_turn = play(&play(&checked, "Rc11-d11"), "Kh1-g1");
    assert_eq!(blues_turn.turn(), BLUE);
    assert_eq!(
        common::moves(&blues_turn).1,
        Turn::Pass {
            becomes: Status::Mated
        }
    );
    let over = play(&blues_turn, "--");
    assert_eq!(
        over.outcome(),
        Some(Outcome::Win {
            seats: 1 << RED | 1 << YELLOW,
            reason: EndReason::Checkmate
        })
    );
}

#[test]
fn a_walking_king_attacks_the_squares_next_to_it() {
    // Spec §4: "a DKW king attacks only the squares next to it" (HOR's
    // in_check ignores DKW armies altogether). The exports need the
    // attack: cc_game_0055's last ply `Qk7xNk5+#` mates Blue only because
    // Red's walking king on j3 covers i4. So a live king may not step next
    // to a walking king, while the walking king's other men give no check.
    let (walking_red, _) = exit(&position(&["rNe2", "yKg14"], RED), RED);
    // A walking king on h3: Yellow's king on f4 may not step to g3 or g4.
    let mut q = walking_red;
    q.remove(sq("g14"));
    q.remove(sq("h1"));
    q.put(sq("h3"), Man::new(Kind::King, RED, Dir::North));
    q.put(sq("f4"), Man::new(Kind::King, YELLOW, Dir::South));
    q.set_turn(YELLOW);
    let list = moves(&q);
    assert!(
        !q.in_check(YELLOW),
        "Red's dead knight on e2 gives no check"
    );
    assert!(!list.contains(&"Kf4-g3".to_string()), "{list:?}");
    assert!(!list.contains(&"Kf4-g4".to_string()), "{list:?}");
    assert!(list.contains(&"Kf4-f5".to_string()), "{list:?}");
}
