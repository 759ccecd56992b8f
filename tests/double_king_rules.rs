//! Double King Chess (rules.md section 3), one position per rule.

use roundtable::engine::{EndReason, MoveKind, MoveList, Outcome, Position, Turn};
use roundtable::notation::{fen, long, read_position, start_position};
use roundtable::record::{Record, RecordMove};
use roundtable::replay::replay;
use roundtable::variant::{self, Variant};

fn dk() -> &'static Variant {
    variant::by_id("double-king").expect("double-king")
}

fn pos(text: &str) -> Position<u128> {
    read_position(dk(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(p: &Position<u128>) -> (Vec<String>, Turn) {
    let mut list = MoveList::new();
    let turn = p.turn_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|m| long::write(p, m)).collect();
    v.sort();
    (v, turn)
}

fn game(start: &str, plies: &[&str]) -> Record {
    let first = pos(start).turn();
    let mut record = Record::new("double-king");
    record.start = Some(start.to_string());
    record.moves = plies
        .iter()
        .enumerate()
        .map(|(i, m)| RecordMove::new(dk().seat_name((first + i) % 2), *m))
        .collect();
    record
}

#[test]
fn setup_squirk_and_colours() {
    let start: Position<u128> = start_position(dk()).expect("start");
    let shape = dk().shape;
    let sq = |n: &str| shape.parse_square(n).expect("square");
    assert!(shape.is_light(sq("e1")), "White's queen on a light square");
    assert!(!shape.is_light(sq("e8")), "Black's queen on a dark one");
    assert!(!shape.is_light(sq("j1")), "the right-hand corner is dark");
    let (list, _) = moves(&start);
    // Ten pawns, two steps each; four knight moves; five squirk leaps.
    assert_eq!(list.len(), 29, "{list:?}");
    assert!(list.contains(&"Sf1-d3".to_string()) && list.contains(&"Sf1-h3".to_string()));
    assert_eq!(start.perft(2), 841);
    assert_eq!(fen::write(&start), dk().start);
}

#[test]
fn with_two_kings_checks_do_not_restrict_and_a_king_can_be_taken() {
    let p = pos("3k2k3/10/10/3r6/10/10/10/3K2K3 w - - 0 1");
    let (list, _) = moves(&p);
    assert!(
        list.contains(&"Kd1-d2".to_string()),
        "a king may step into attack: {list:?}"
    );
    assert!(
        list.contains(&"Kg1-g2".to_string()),
        "the attacked king need not move"
    );
    let black = pos("3k2k3/10/10/3r6/10/10/10/3K2K3 b - - 0 1");
    assert!(
        moves(&black).0.contains(&"Rd5xd1".to_string()),
        "the king on d1 may be taken"
    );
}

#[test]
fn one_king_left_is_bound_by_check() {
    // White has lost the king on d1: the one on g1 must answer the rook.
    let p = pos("3k2k3/10/10/6r3/10/10/10/6K3 w - - 0 1");
    assert!(p.in_check(0));
    let (list, _) = moves(&p);
    assert!(
        list.iter()
            .all(|m| m.starts_with("Kg1-") && !m.ends_with("g2")),
        "{list:?}"
    );
    // The side not to move may not stand in check with its last king.
    assert!(read_position::<u128>(dk(), "3k2k3/10/10/6r3/10/10/10/6K3 b - - 0 1").is_err());
}

#[test]
fn taking_one_king_can_mate_the_other() {
    let start = "r2k2k1rr/10/10/10/10/10/10/K8K b - - 0 1";
    let trace = replay::<u128>(&game(start, &["Ra8xa1"])).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(trace.plies[0].long, "Ra8xa1#");
    assert_eq!(
        trace.outcome,
        Some(Outcome::Win {
            seats: 0b10,
            reason: EndReason::Checkmate
        })
    );
}

/// The castlings among the legal moves, as written.
fn castlings(p: &Position<u128>) -> Vec<String> {
    let mut list = MoveList::new();
    p.turn_moves(&mut list);
    let mut v: Vec<String> = list
        .iter()
        .filter(|m| matches!(m.kind, MoveKind::Castle(_)))
        .map(|m| long::write(p, m))
        .collect();
    v.sort();
    v
}

#[test]
fn castling_each_king_with_each_rook() {
    let p = pos("r2k2k2r/10/10/10/10/10/10/R2K2K2R w ADGJadgj - 0 1");
    assert_eq!(
        castlings(&p),
        ["Kd1-b1", "Kg1-i1"],
        "both short castlings, written as the king's move; the long ones are blocked by the other king"
    );
    // `O-O` is ambiguous here; the king's move names one.
    assert!(
        replay::<u128>(&game(
            "r2k2k2r/10/10/10/10/10/10/R2K2K2R w ADGJadgj - 0 1",
            &["O-O"]
        ))
        .is_err()
    );
    let trace = replay::<u128>(&game(
        "r2k2k2r/10/10/10/10/10/10/R2K2K2R w ADGJadgj - 0 1",
        &["Kg1-i1"],
    ))
    .expect("castles");
    let after = fen::write(&trace.plies[0].after);
    assert!(
        after.starts_with("r2k2k2r/10/10/10/10/10/10/R2K3RK1 b ADad"),
        "{after}"
    );
    // With the d-king gone from d1, the g-king castles long with the a-rook.
    let p = pos("r2k2k2r/10/10/10/10/10/3K6/R5K2R w AGJadgj - 0 1");
    let trace = replay::<u128>(&game(
        "r2k2k2r/10/10/10/10/10/3K6/R5K2R w AGJadgj - 0 1",
        &["O-O-O-O"],
    ))
    .expect("long castling");
    assert!(
        fen::write(&trace.plies[0].after).starts_with("r2k2k2r/10/10/10/10/10/3K6/2KR5R b"),
        "{}",
        fen::write(&trace.plies[0].after)
    );
    assert!(castlings(&p).contains(&"Kg1-c1".to_string()));
    // The castling king may not cross an attacked square (f1, by the rook on f8).
    let crossed = pos("r2k1rk2r/10/10/10/10/10/3K6/R5K2R w AGJadgj - 0 1");
    assert!(!castlings(&crossed).contains(&"Kg1-c1".to_string()));
}

#[test]
fn pawns_promote_to_the_squirk_too() {
    let p = pos("3k2k3/4P5/10/10/10/10/10/3K2K3 w - - 0 1");
    let (list, _) = moves(&p);
    let promotions: Vec<&String> = list.iter().filter(|m| m.starts_with("e7-e8")).collect();
    assert_eq!(
        promotions,
        ["e7-e8=B", "e7-e8=N", "e7-e8=Q", "e7-e8=R", "e7-e8=S"]
    );
}

#[test]
fn a_squirks_leap_cannot_be_blocked() {
    // Squirk e4 walled in by its own pawns still leaps two squares.
    let p = pos("3k2k3/10/10/3PPP4/3PSP4/3PPP4/10/3K2K3 w - - 0 1");
    let leaps: Vec<String> = moves(&p)
        .0
        .into_iter()
        .filter(|m| m.starts_with('S'))
        .collect();
    assert_eq!(leaps.len(), 16, "{leaps:?}");
}

#[test]
fn a_fork_of_both_kings_then_a_king_taken_with_mate_is_a_2k_checkmate() {
    use roundtable::report::two_kings::two_king_checkmate;
    let start = "3k2k3/p3Rppp2/10/10/10/10/10/K3Q4K w - - 0 1";
    let g = game(start, &["Re7-e8", "a7-a6", "Re8xd8"]);
    let trace = replay::<u128>(&g).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        trace.plies[0].long, "Re7-e8+",
        "one check mark: both kings are Black's"
    );
    assert_eq!(trace.plies[2].long, "Re8xd8#");
    assert_eq!(two_king_checkmate(&trace), Some(true));
    // A loser who starts with one king is mated plainly.
    let plain = "6k3/5ppp2/10/10/10/10/10/K3Q3RK w - - 0 1";
    let trace = replay::<u128>(&game(plain, &["Ri1-i8"])).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(trace.plies[0].long, "Ri1-i8#");
    assert_eq!(two_king_checkmate(&trace), Some(false));
    // The other variants know no such thing.
    let chess = roundtable::variant::by_id("chess").expect("chess");
    let text = std::fs::read_to_string("records/morphy-opera-1858.pgn").expect("record");
    let opera = roundtable::input::games(&text, None)
        .remove(0)
        .expect("reads");
    let opera = replay::<u64>(&opera).expect("replays");
    assert_eq!(opera.variant.id, chess.id);
    assert_eq!(two_king_checkmate(&opera), None);
}
