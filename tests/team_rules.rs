//! Meerman's Team-Chess (rules.md section 5), one position per rule. Each
//! comment quotes the sentence of rules.md the test holds the engine to.

mod common;

use roundtable::board::U256;
use roundtable::engine::{EndReason, Outcome, Position, Status, Turn};
use roundtable::men::Man;
use roundtable::notation::start_position;
use roundtable::variant::{self, Variant};

// Seats in the order of play: South, West, East, North.
const WHITE: usize = 0;
const BLACK: usize = 1;
const GRAY: usize = 2;
const BROWN: usize = 3;

fn team() -> &'static Variant {
    variant::by_id("team").expect("team")
}

/// Men as `<player><kind><square>`; kings on their home squares unless given.
fn position(men: &[&str], turn: usize) -> Position<U256> {
    common::position(
        team(),
        men,
        &[(WHITE, "h1"), (BLACK, "a8"), (GRAY, "n7"), (BROWN, "g14")],
        turn,
    )
}

fn moves(pos: &Position<U256>) -> Vec<String> {
    common::moves(pos).0
}

fn play(pos: &Position<U256>, text: &str) -> Position<U256> {
    common::play(pos, text)
}

fn at(pos: &Position<U256>, square: &str) -> Option<Man> {
    pos.man_at(team().shape.parse_square(square).expect("square"))
}

#[test]
fn order_south_west_east_north_and_perft_by_hand() {
    // "Teams: South+East (White, Gray) against North+West (Brown, Black)";
    // "Order S, W, E, N (White, Black, Gray, Brown)".
    let start: Position<U256> = start_position(team()).expect("start");
    assert!(team().partners(WHITE, GRAY) && team().partners(BLACK, BROWN));
    assert!(!team().partners(WHITE, BLACK));
    let after = play(&play(&start, "e2-e4"), "b8-d8");
    assert_eq!(after.turn(), GRAY);
    assert_eq!(play(&after, "m8-l8").turn(), BROWN);
    // Perft by hand. Depth 1: eight pawns with one or two steps and two
    // knights with two squares each, 20. Depth 2: Black's 20 against each,
    // but after d2-d4 his b4-d4 is blocked: 20 * 20 - 1 = 399. Depth 3: Gray
    // moves third (Quattro's third mover is North): 20 each, but after
    // White's k2-k4 his m4-k4 is blocked, 20 times: 399 * 20 - 20 = 7960.
    assert_eq!(start.perft(1), 20);
    assert_eq!(start.perft(2), 399);
    assert_eq!(start.perft(3), 7960);
}

#[test]
fn a_pawn_steps_two_from_any_square_and_opens_extended_en_passant() {
    // "Pawns may always move one or two squares forward (both empty); every
    // double step opens extended en passant."
    let pos = position(&["wPe5", "bPd7", "gPm9"], WHITE);
    assert!(moves(&pos).contains(&"e5-e7".to_string()));
    let stepped = play(&pos, "e5-e7");
    // Black's pawn travelling east takes on the skipped square e6.
    let taken = play(&stepped, "d7xe6");
    assert_eq!(at(&taken, "e7"), None, "the pawn that stepped is removed");
    // Gray's pawn too may step two from where it stands.
    let gray = play(&play(&pos, "Kh1-i1"), "Ka8-a9");
    assert!(moves(&gray).contains(&"m9-k9".to_string()));
}

#[test]
fn partners_never_attack_each_other() {
    // "Partners' men never attack each other".
    let pos = position(&["wQe5", "gRe9", "gRh5"], WHITE);
    assert!(!moves(&pos).contains(&"Qe5xe9".to_string()));
    assert!(!pos.in_check(WHITE), "Gray's rook on h5 gives no check");
}

#[test]
fn a_move_may_not_open_a_new_attack_on_the_partners_king_not_even_a_kings() {
    // "a move may not leave the mover's king attacked, nor open a new attack
    // on the partner's king (this binds a king too: a king shielding its
    // partner's king may not step off the line)".
    // A knight on the line between Brown's rook and Gray's king is bound.
    let pos = position(&["wNk10", "gKk7", "nRk13", "wPd2"], WHITE);
    let list = moves(&pos);
    assert!(list.iter().all(|m| !m.starts_with('N')), "{list:?}");
    assert!(list.contains(&"d2-d3".to_string()));
    // A king there is bound too: checked by the rook, he may not step off
    // the line to escape, and the move along it stays attacked: he is mated.
    let pos = position(&["wKk9", "gKk7", "nRk13", "wPd2"], WHITE);
    assert!(pos.in_check(WHITE));
    assert_eq!(
        common::moves(&pos).1,
        Turn::Pass {
            becomes: Status::Mated
        }
    );
    // Without Gray's king behind him, the same king steps aside.
    let free = position(&["wKk9", "gKn7", "nRk13", "wPd2"], WHITE);
    assert!(moves(&free).contains(&"Kk9-j9".to_string()));
}

#[test]
fn a_mated_player_leaves_without_bonus_and_the_turn_goes_clockwise() {
    // "A mated player's men leave the board (neutral men as in Quattro; the
    // mated king itself may stay neutral); no bonus piece." "Once a player is
    // out, the next player is always the clockwise successor (S→W→N→E→S) of
    // the last player who moved or passed, skipping players who are out."
    // White's knight mates Black's boxed king a8 from b10. Black's knight f8
    // stands between Brown's rook d8 and Gray's king n8.
    let pos = position(
        &[
            "wNd9", "bRa7", "bNa9", "bPb7", "bPb8", "bPb9", "bNf8", "nRd8", "gKn8",
        ],
        WHITE,
    );
    let after = play(&pos, "Nd9-b10");
    assert_eq!(after.status(BLACK), Status::Out);
    assert_eq!(
        at(&after, "a8"),
        None,
        "no bonus piece on the king's square"
    );
    for gone in ["a7", "a9", "b7", "b8", "b9"] {
        assert_eq!(at(&after, gone), None, "{gone} leaves");
    }
    assert_eq!(
        at(&after, "f8").map(|m| m.owner),
        Some(BLACK),
        "f8 stays neutral: its removal would expose Gray's king"
    );
    assert!(!after.in_check(GRAY));
    // After White (South) the clockwise successor is West, who is out, then North.
    assert_eq!(after.turn(), BROWN);
    let next = play(&after, "Kg14-f14");
    assert_eq!(next.turn(), GRAY, "North is followed by East");
}

#[test]
fn stalemate_is_a_draw() {
    // "Stalemate is a draw." White's king h1 has no move and is not in check.
    let pos = position(&["bRd2", "bNh3"], WHITE);
    assert!(!pos.in_check(WHITE));
    assert_eq!(
        common::moves(&pos).1,
        Turn::Over(Outcome::Draw {
            reason: EndReason::Stalemate
        })
    );
}

#[test]
fn the_team_that_mated_both_opposing_kings_wins() {
    // "The team wins that has mated both opposing kings."
    let mut pos = position(&[], WHITE);
    pos.set_status(BLACK, Status::Out);
    assert!(matches!(common::moves(&pos).1, Turn::Moves));
    pos.set_status(BROWN, Status::Out);
    assert_eq!(
        common::moves(&pos).1,
        Turn::Over(Outcome::Win {
            seats: (1 << WHITE) | (1 << GRAY),
            reason: EndReason::BothAdversariesMated
        })
    );
}
