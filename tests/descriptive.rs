//! Printed descriptive scores: famous 19th-century games typed as English
//! books printed them replay to the same moves as their SAN (checked with
//! shakmaty); each rule of reading and of ambiguity on a constructed case;
//! damaged scores name the move, the candidates and the position.

use roundtable::notation::long;
use roundtable::replay::Event;
use roundtable::{Game, read_str};
use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, Position as _};

fn game_of(text: &str) -> Result<Game, String> {
    let mut records = read_str(text);
    assert_eq!(records.len(), 1, "one game");
    let record = records.remove(0).map_err(|e| e.to_string())?;
    // The message, then (in the debug form) the moves listed with it.
    Game::replay(record).map_err(|e| format!("{e} {e:?}"))
}

/// The moves of a replayed game, as UCI.
fn uci_of(game: &Game) -> Vec<String> {
    let trace = game.trace::<u64>().expect("an 8x8 game");
    let mut before = trace.start;
    let mut out = Vec::new();
    for ply in &trace.plies {
        out.push(long::uci(&before, ply.mv));
        before = ply.after;
    }
    out
}

/// The SAN moves of a PGN's movetext, played by shakmaty, as UCI.
fn shakmaty_uci(pgn: &str) -> Vec<String> {
    let movetext: String = pgn
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    let mut pos = Chess::default();
    let mut out = Vec::new();
    for token in movetext.split_whitespace() {
        if token.ends_with('.') || ["1-0", "0-1", "1/2-1/2", "*"].contains(&token) {
            continue;
        }
        let san: San = token.parse().unwrap_or_else(|_| panic!("SAN {token}"));
        let mv = san
            .to_move(&pos)
            .unwrap_or_else(|_| panic!("legal {token}"));
        out.push(mv.to_uci(CastlingMode::Standard).to_string());
        pos = pos.play(&mv).expect("legal");
    }
    out
}

fn check_famous(name: &str, ruled_out_plies: usize) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/descriptive/");
    let printed = std::fs::read_to_string(format!("{dir}{name}.txt")).expect("the score");
    let pgn = std::fs::read_to_string(format!("{dir}{name}.pgn")).expect("the SAN");
    let game = game_of(&printed).unwrap_or_else(|e| panic!("{name}: {e}"));
    let theirs = shakmaty_uci(&pgn);
    assert_eq!(
        uci_of(&game),
        theirs,
        "{name}: descriptive against shakmaty's SAN"
    );
    let ours = game_of(&pgn).expect("the SAN replays");
    assert_eq!(uci_of(&ours), theirs, "{name}: our SAN against shakmaty's");
    let settled = game
        .plies()
        .iter()
        .filter(|p| {
            p.events
                .iter()
                .any(|e| matches!(e, Event::Disambiguated { .. }))
        })
        .count();
    assert_eq!(
        settled, ruled_out_plies,
        "{name}: plies settled by look-ahead"
    );
    assert_eq!(
        game.record().result.as_ref().map(|r| r.score.as_str()),
        Some("1-0")
    );
}

#[test]
fn the_immortal_game_in_the_old_style() {
    check_famous("immortal-1851", 0);
}

#[test]
fn the_evergreen_game_in_the_short_style() {
    // `B×P` (16.) fits d3 and f7, `Q×P ch` (21.) d7 and a7, `B—B5 dis ch`
    // (22.) f5 and c5: each time one only lets the score go on.
    check_famous("evergreen-1852", 3);
}

#[test]
fn the_opera_game_with_n_and_sideless_squares() {
    // `B-N5`, `N-B3`: squares without their side, one legal move each.
    check_famous("opera-1858", 0);
}

const TWO_PAWNS: &str = "[FEN \"4k3/8/8/4p3/3P1P2/8/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n";

#[test]
fn look_ahead_keeps_the_one_candidate_the_rest_needs() {
    // `PxP` fits d4xe5 and f4xe5; only after d4xe5 can a pawn go to a
    // bishop's fifth.
    let game = game_of(&format!("{TWO_PAWNS}1. PxP K-Q2 2. P-B5")).expect("replays");
    assert_eq!(uci_of(&game), ["d4e5", "e8d7", "f4f5"]);
    let first = &game.plies()[0];
    assert!(
        first.events.contains(&Event::Disambiguated {
            ruled_out: vec!["f4xe5".into()]
        }),
        "{:?}",
        first.events
    );
}

#[test]
fn several_candidates_left_is_an_error_naming_each_and_the_position() {
    let err = game_of(&format!("{TWO_PAWNS}1. PxP K-Q2")).expect_err("ambiguous");
    assert!(err.contains("`PxP`"), "{err}");
    assert!(err.contains("d4xe5, f4xe5"), "{err}");
    assert!(
        err.contains("4k3/8/8/4p3/3P1P2/8/8/4K3 w"),
        "the position: {err}"
    );
}

#[test]
fn a_description_that_fits_nothing_lists_the_legal_moves() {
    let err = game_of(&format!("{TWO_PAWNS}1. P-K5")).expect_err("no pawn on the king's file");
    assert!(err.contains("`P-K5`"), "{err}");
    assert!(err.contains("d4-d5") && err.contains("f4-f5"), "{err}");
    assert!(
        err.contains("4k3/8/8/4p3/3P1P2/8/8/4K3 w"),
        "the position: {err}"
    );
    // Named by file, the move is found.
    let game = game_of(&format!("{TWO_PAWNS}1. QPxP")).expect("replays");
    assert_eq!(uci_of(&game), ["d4e5"]);
}

#[test]
fn side_named_men_are_followed_from_their_start() {
    // Both knights cross to the other side; `QKt` is still the b1 knight.
    let text = "1. Kt-QB3 P-K4 2. Kt-K4 P-Q4 3. Kt-KB3 P-QB4 4. QKt-Kt3 P-QR4 5. KKt-Q4";
    let game = game_of(text).expect("replays");
    let moves = uci_of(&game);
    assert_eq!(moves[6], "e4g3", "{moves:?}");
    assert_eq!(moves[8], "f3d4", "{moves:?}");
}

#[test]
fn castling_promotion_and_en_passant_as_printed() {
    let text = "[FEN \"r3k2r/6P1/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1\"]\n[SetUp \"1\"]\n\n\
                1. PxP e.p. Castles QR 2. 0-0 RxP 3. PxR(Q) ch R-Q1 4. QxR ch KxQ";
    let moves = game_of(text).map(|g| uci_of(&g));
    assert_eq!(
        moves.expect("replays"),
        [
            "e5d6", "e8c8", "e1g1", "d8d6", "g7h8q", "d6d8", "h8d8", "c8d8"
        ]
    );
}

#[test]
fn a_damaged_famous_score_names_the_move() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/descriptive/");
    let printed = std::fs::read_to_string(format!("{dir}evergreen-1852.txt")).expect("score");
    let damaged = printed.replace("24. B×Kt mate", "24. B×Q mate");
    let err = game_of(&damaged).expect_err("no queen to take");
    assert!(err.contains("round 24"), "{err}");
    assert!(err.contains("`B×Q mate`"), "{err}");
    assert!(
        err.contains("Bd7-e6") || err.contains("Bd7xe"),
        "the bishop's moves: {err}"
    );
}

#[test]
fn german_algebraic_and_figurines_replay_like_english_san() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/descriptive/");
    let german = std::fs::read_to_string(format!("{dir}evergreen-1852-de.pgn")).expect("de");
    let pgn = std::fs::read_to_string(format!("{dir}evergreen-1852.pgn")).expect("SAN");
    let game = game_of(&german).expect("German replays");
    assert_eq!(uci_of(&game), shakmaty_uci(&pgn));
    assert_eq!(game.plies()[3].written, "Sc6");
    let figurines =
        game_of("1. e4 e5 2. \u{2658}f3 \u{265e}c6 3. \u{2657}b5 a6").expect("figurines");
    assert_eq!(uci_of(&figurines)[4], "f1b5");
    let french =
        game_of("[Language \"fr\"]\n\n1. e4 e5 2. Cf3 Cc6 3. Fc4 Fc5 4. O-O Rf8").expect("French");
    assert_eq!(uci_of(&french)[7], "e8f8");
}
