//! A variant defined outside the toolkit's own files: orthodox rules on a
//! 10x10 board, written as data on `Variant::ORTHODOX` and registered with
//! one line. It plays, counts perft, replays a record and converts, like
//! any built-in variant: adding a variant touches its definition and the
//! registry only.

use roundtable::board::Shape;
use roundtable::convert::Notation;
use roundtable::record::{Record, RecordMove};
use roundtable::variant::{self, Variant};
use roundtable::{Board, Game, read_str};

static TEN: Variant = Variant {
    id: "chess-10x10",
    name: "Orthodox rules on 10x10",
    summary: "a test variant",
    shape: Shape {
        name: "10x10",
        width: 10,
        height: 10,
        holes: &[],
        light_parity: 1,
    },
    start: "1rnbqkbnr1/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1 w - - 0 1",
    ..Variant::ORTHODOX
};

fn ten() -> &'static Variant {
    variant::register(&TEN).expect("registers");
    variant::by_id("chess-10x10").expect("registered")
}

#[test]
fn a_variant_defined_as_data_plays_and_counts() {
    let v = ten();
    let board = Board::start(v).expect("start");
    // Ten pawns with one or two steps, two knights with two squares each,
    // two rooks with the empty corner beside them.
    assert_eq!(board.legal_moves().len(), 26);
    // Nothing can interact within two plies on ten ranks.
    assert_eq!(board.perft(2), 26 * 26);
    // Pawns promote on the tenth rank (the orthodox zone is relative to the seat).
    let promoting = Board::from_text(v, "5k4/2P7/10/10/10/10/10/10/10/5K4 w - - 0 1").expect("fen");
    assert!(promoting.legal_moves().contains(&"c9-c10=Q".to_string()));
}

#[test]
fn a_record_of_the_new_variant_replays_and_converts() {
    let v = ten();
    let mut record = Record::new(v.id);
    for (player, mv) in [("White", "e2-e4"), ("Black", "f9-f7"), ("White", "e4-e5")] {
        record.moves.push(RecordMove::new(player, mv));
    }
    let game = Game::replay(record).expect("replays");
    assert_eq!(game.len(), 3);
    let pgn = game.write(Notation::Pgn).expect("writes").text;
    assert!(pgn.contains("[Variant \"chess-10x10\"]"), "{pgn}");
    let again = read_str(&pgn).remove(0).expect("reads back");
    let back = Game::replay(again).expect("replays back");
    let moves = |g: &Game| -> Vec<String> {
        g.resolved()
            .moves
            .into_iter()
            .map(|m| m.mv.into())
            .collect()
    };
    assert_eq!(moves(&back), moves(&game));
}

#[test]
fn registering_a_known_name_is_refused() {
    static CLASH: Variant = Variant {
        id: "verney",
        ..Variant::ORTHODOX
    };
    assert!(variant::register(&CLASH).is_err());
}

#[test]
fn a_position_too_wide_for_the_width_asked_is_an_error_not_a_panic() {
    use roundtable::engine::Position;
    use roundtable::notation::start_position;
    let verney = variant::by_id("verney").expect("verney");
    assert!(start_position::<u64>(verney).is_err());
    assert!(Position::<u128>::empty(verney).is_err());
    // A board plays one move a turn: Skock's dice turns are refused (they
    // have their own position, roundtable::engine::dice::DicePosition).
    let skock = variant::by_id("skock").expect("skock");
    assert!(Board::start(skock).is_err());
}
