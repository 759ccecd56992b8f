//! `verney-1892`: Verney 1881 with White first and a pawn's two-square
//! first step (no en passant); the 1892 match score replays as printed.

use roundtable::{Board, Game, read_file, variant};

const GAME: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/records/1892-london-v-cambridge-game1.txt"
);

#[test]
fn the_1892_score_replays_as_printed() {
    let record = read_file(GAME)
        .expect("opens")
        .next()
        .expect("a game")
        .expect("reads");
    assert_eq!(record.variant, "verney-1892");
    let game = Game::replay(record).expect("replays");
    assert_eq!(game.len(), 24);
    let plies = game.plies();
    assert_eq!(plies[0].player, "White");
    assert_eq!(plies[1].player, "Black");
    assert_eq!(plies[2].player, "Yellow");
    assert_eq!(plies[3].player, "Red");
    // 5. P-QN4: White's pawn steps two squares from its pawn row.
    assert_eq!(plies[16].written, "P-QN4");
    assert_eq!(plies[16].long, "j13-j11");
    // Columns continued with `....` keep their rounds.
    assert_eq!(plies[18].round, 5);
    assert_eq!(plies[21].round, 6);
}

#[test]
fn under_the_1881_rules_the_score_does_not_replay() {
    let text = std::fs::read_to_string(GAME).expect("reads");
    let text = text.replace("[Variant \"verney-1892\"]", "[Variant \"verney\"]");
    let record = roundtable::read_str(&text).remove(0).expect("reads");
    let Err(err) = Game::replay(record) else {
        panic!("Yellow moves first in 1881");
    };
    assert!(err.to_string().contains("turn"), "{err}");
}

#[test]
fn white_moves_first_and_pawns_step_two_without_en_passant() {
    let v = variant("verney-1892").expect("registered");
    let mut board = Board::start(v).expect("start");
    assert_eq!(board.turn(), "White");
    let moves = board.legal_moves();
    // White's pawns (rank 13) may step to 12 or 11.
    assert!(moves.iter().any(|m| m == "g13-g11"), "{moves:?}");
    assert!(moves.iter().any(|m| m == "g13-g12"), "{moves:?}");
    board.play("g13-g11").expect("double step");
    assert_eq!(board.turn(), "Black");
    // No en passant is ever offered: none of the next moves captures onto
    // the skipped square.
    let next = board.legal_moves();
    assert!(!next.iter().any(|m| m.ends_with("xg12")), "{next:?}");
    let v1881 = variant("verney").expect("verney");
    let b1881 = Board::start(v1881).expect("start");
    assert_eq!(b1881.turn(), "Yellow");
    assert!(!b1881.legal_moves().iter().any(|m| m == "h2-h4"));
}

/// The score exactly as printed names no variant: its columns (White,
/// Black, Yellow, Red, in the order of play) pick the 1892 rules, under
/// which it replays, rather than the 1881 rules whose players are the same.
#[test]
fn the_untagged_printed_score_picks_the_1892_rules_from_its_columns() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/historical/1892-london-v-cambridge-game1.txt"
    );
    let record = roundtable::read_file(path)
        .expect("opens")
        .next()
        .expect("a game")
        .expect("reads");
    assert_eq!(record.variant, "verney-1892");
    let found = roundtable::Game::validate(&record).expect("replays as printed");
    assert_eq!(found.plies, 24);
}
