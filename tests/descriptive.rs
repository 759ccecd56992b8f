//! Printed descriptive scores: famous 19th-century games typed as English
//! books printed them replay to the same moves as their SAN (checked with
//! shakmaty); each rule of reading and of ambiguity on a constructed case;
//! damaged scores name the move, the candidates and the position.

use roundtable::convert::{DescriptiveStyle, Notation, WriteOptions};
use roundtable::notation::descriptive_short::Knight;
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
    assert!(
        err.contains("(position: 1r3kr1/pbpBnp1p/1b3P2/8/8/B1P2q2/P4PPP/3R2K1 w"),
        "the position: {err}"
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

#[test]
fn german_long_algebraic_with_colons_replays_like_english_san() {
    // The Immortal game as German books of the time printed it: long
    // algebraic, `:` for takes, `‡` for mate, German letters.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/descriptive/");
    let german = std::fs::read_to_string(format!("{dir}immortal-1851-de.pgn")).expect("de");
    let pgn = std::fs::read_to_string(format!("{dir}immortal-1851.pgn")).expect("SAN");
    let game = game_of(&german).expect("German replays");
    assert_eq!(uci_of(&game), shakmaty_uci(&pgn));
    assert_eq!(game.plies()[3].written, "e5:f4");
}

fn descriptive(game: &Game, style: DescriptiveStyle, knight: Knight) -> String {
    game.write_with(
        Notation::Descriptive,
        &WriteOptions {
            style,
            knight,
            movetext: false,
        },
    )
    .map(|w| w.text)
    .unwrap_or_else(|e| panic!("writes: {e}"))
}

#[test]
fn a_pgn_becomes_a_printed_score_in_the_book_style() {
    let game = game_of("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *").expect("SAN");
    let kt = descriptive(&game, DescriptiveStyle::Auto, Knight::Kt);
    assert!(
        kt.contains("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 4. B-R4 Kt-B3 5. O-O B-K2 *"),
        "{kt}"
    );
    let n = descriptive(&game, DescriptiveStyle::Short, Knight::N);
    assert!(n.contains("2. N-KB3 N-QB3 3. B-N5 P-QR3"), "{n}");
    let verbose = descriptive(&game, DescriptiveStyle::Verbose, Knight::Kt);
    assert!(
        verbose.contains("1. K. P. to K's 4th. K. P. to K's 4th. 2. K. Kt. to K. B's 3d."),
        "{verbose}"
    );
    for text in [kt, n, verbose] {
        assert_eq!(uci_of(&game_of(&text).expect("reads back")), uci_of(&game));
    }
}

#[test]
fn famous_games_go_from_pgn_to_each_printed_style_and_back() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/descriptive/");
    for name in ["immortal-1851", "evergreen-1852", "opera-1858"] {
        let pgn = std::fs::read_to_string(format!("{dir}{name}.pgn")).expect("SAN");
        let game = game_of(&pgn).expect("replays");
        for (style, knight) in [
            (DescriptiveStyle::Auto, Knight::Kt),
            (DescriptiveStyle::Short, Knight::N),
            (DescriptiveStyle::Short, Knight::S),
            (DescriptiveStyle::Verbose, Knight::Kt),
        ] {
            let text = descriptive(&game, style, knight);
            let back = game_of(&text).unwrap_or_else(|e| panic!("{name} {style:?}: {e}\n{text}"));
            assert_eq!(uci_of(&back), uci_of(&game), "{name} {style:?} {knight:?}");
            assert_eq!(back.record().tags, game.record().tags, "{name}");
            // Each move is written so that it fits one legal move alone:
            // nothing is left for the look-ahead to settle.
            assert!(
                back.plies()
                    .iter()
                    .all(|p| p.events.iter().all(|e| !matches!(
                        e,
                        Event::Disambiguated { .. } | Event::RecaptureTaken { .. }
                    ))),
                "{name}"
            );
        }
    }
    // The Evergreen's ambiguous `B×P` (16.) is written unambiguously.
    let pgn = std::fs::read_to_string(format!("{dir}evergreen-1852.pgn")).expect("SAN");
    let text = descriptive(
        &game_of(&pgn).expect("SAN"),
        DescriptiveStyle::Auto,
        Knight::Kt,
    );
    assert!(text.contains("16. BxQP Q-R4"), "{text}");
}

#[test]
fn the_1892_score_round_trips_through_its_round_table() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/records/1892-london-v-cambridge-game1.txt"
    ))
    .expect("record");
    let game = game_of(&text).expect("replays");
    let moves = |g: &Game| g.plies().iter().map(|p| p.long.clone()).collect::<Vec<_>>();
    for (style, knight) in [
        (DescriptiveStyle::Auto, Knight::Kt),
        (DescriptiveStyle::Short, Knight::N),
    ] {
        let table = descriptive(&game, style, knight);
        // White moves first: his column comes first, as the score prints it.
        assert!(table.contains("\tWhite\tBlack\tYellow\tRed\n"), "{table}");
        let back = game_of(&table).unwrap_or_else(|e| panic!("{e}\n{table}"));
        assert_eq!(back.variant().id, "verney-1892");
        assert_eq!(moves(&back), moves(&game), "{table}");
    }
    // In the short style with `N`, rows as the score prints them.
    let table = descriptive(&game, DescriptiveStyle::Short, Knight::N);
    assert!(table.contains("1.\tP-K3\tP-K3\tP-K3\tP-K3\n"), "{table}");
    assert!(
        table.contains("3.\tN-QB3\tN-KB3\tN-QB3\tN-KB3\n"),
        "{table}"
    );
    assert!(table.contains("6.\tQ-K4\tP-QN4\tQ-K4\tQ-K4\n"), "{table}");
}

/// Black's pawn has just come to c5; White's `PxP` fits d4xc5 (taking
/// the man just moved) and d4xe5, and the score replays after both.
const RECAPTURE: &str = "[FEN \"4k3/2p5/8/4p3/3P4/8/8/4K3 b - - 0 1\"]\n[SetUp \"1\"]\n";

#[test]
fn the_recapture_option_takes_the_man_just_moved_and_names_the_others() {
    let score = "\n1. ... P-B4 2. PxP K-Q2";
    let err = game_of(&format!("{RECAPTURE}{score}")).expect_err("ambiguous");
    assert!(err.contains("`PxP` fits d4xc5, d4xe5"), "{err}");
    assert!(
        err.contains("4k3/8/8/2p1p3/3P4/8/8/4K3 w"),
        "the position: {err}"
    );
    assert!(
        err.contains("ambiguity=recapture would take d4xc5"),
        "{err}"
    );
    let text = format!("{RECAPTURE}[Options \"ambiguity=recapture\"]\n{score}");
    let game = game_of(&text).expect("the recapture is taken");
    assert_eq!(uci_of(&game), ["c7c5", "d4c5", "e8d7"]);
    assert!(
        game.plies()[1].events.contains(&Event::RecaptureTaken {
            others: vec!["d4xe5".into()]
        }),
        "{:?}",
        game.plies()[1].events
    );
}

#[test]
fn the_recapture_option_does_not_choose_between_two_recaptures() {
    // Black's knight comes to d5 (his Q4); White's `PxKt` fits c4xd5 and
    // e4xd5, both recaptures: still an error naming both.
    let text = "[FEN \"4k3/8/8/8/2P1Pn2/8/8/4K3 b - - 0 1\"]\n[SetUp \"1\"]\n\
                [Options \"ambiguity=recapture\"]\n\n1. ... Kt-Q4 2. PxKt K-Q2";
    let err = game_of(text).expect_err("two recaptures");
    assert!(err.contains("`PxKt` fits c4xd5, e4xd5"), "{err}");
}

#[test]
fn the_recapture_option_is_checked_like_any_option() {
    let text = format!("{RECAPTURE}[Options \"ambiguity=guess\"]\n\n1. ... P-B4");
    let err = game_of(&text).expect_err("bad value");
    assert!(err.contains("error, recapture"), "{err}");
}

#[test]
fn when_every_candidate_fails_later_the_failure_that_came_furthest_is_reported() {
    // `PxP` fits d4xe5 and f4xe5; `P-Kt4` (round 2) fits nothing after
    // either: the error is round 2's, and says how round 1 was read.
    let err = game_of(&format!("{TWO_PAWNS}1. PxP K-Q2 2. P-Kt4")).expect_err("fails later");
    assert!(err.contains("round 2"), "{err}");
    assert!(err.contains("`P-Kt4`"), "{err}");
    assert!(err.contains("with `PxP` of round 1 read as"), "{err}");
    assert!(err.contains("it also fits"), "{err}");
}

#[test]
fn a_truncated_famous_score_leaves_an_ambiguity_naming_the_candidates() {
    // Cut after 22. B—B5 dis ch, the Evergreen's last move has two
    // readings after which the rest (nothing) replays: the error names
    // the move, both and the position.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/descriptive/");
    let printed = std::fs::read_to_string(format!("{dir}evergreen-1852.txt")).expect("score");
    let cut = printed
        .split(" K—K1 23.")
        .next()
        .expect("the score up to 22. B—B5 dis ch")
        .to_string();
    let err = game_of(&cut).expect_err("ambiguous");
    assert!(err.contains("round 22"), "{err}");
    assert!(err.contains("`B—B5 dis ch`"), "{err}");
    assert!(err.contains("Ba3-c5, Bd3-f5"), "{err}");
    assert!(
        err.contains("position: 1r4r1/pbpknp1p/1b3P2/8/8/B1PB1q2/P4PPP/3R2K1 w"),
        "{err}"
    );
}

#[test]
fn a_verney_cell_that_writes_to_for_a_capture_reads() {
    // White's king takes Red's queen on his Q. square; the table writes
    // `to` where Verney's own has `takes`.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/records/verney-1881.txt"
    ))
    .expect("record");
    let moves = |t: &str| {
        game_of(t)
            .unwrap_or_else(|e| panic!("{e}"))
            .plies()
            .iter()
            .map(|p| p.long.clone())
            .collect::<Vec<_>>()
    };
    let written_to = text.replace("K. takes Red Q.", "K. to Q. square.");
    assert_ne!(written_to, text);
    assert_eq!(moves(&written_to), moves(&text));
}

#[test]
fn convert_writes_descriptive_from_the_command_line() {
    let out = assert_cmd::Command::cargo_bin("roundtable")
        .expect("binary")
        .args([
            "convert",
            concat!(env!("CARGO_MANIFEST_DIR"), "/records/morphy-opera-1858.pgn"),
            "--to",
            "descriptive",
            "--knight",
            "n",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).expect("UTF-8");
    assert!(
        text.contains("1. P-K4 P-K4 2. N-KB3 P-Q3 3. P-Q4 B-N5 4. PxP BxN"),
        "{text}"
    );
    assert!(text.contains("17. R-Q8 mate 1-0"), "{text}");
}

#[test]
fn four_handed_games_as_numbered_movetext_read_back() {
    let options = WriteOptions {
        movetext: true,
        knight: Knight::N,
        ..WriteOptions::default()
    };
    let moves = |g: &Game| g.plies().iter().map(|p| p.long.clone()).collect::<Vec<_>>();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/records/1892-london-v-cambridge-game1.txt"
    ))
    .expect("record");
    let game = game_of(&text).expect("replays");
    let out = game
        .write_with(Notation::Descriptive, &options)
        .expect("writes")
        .text;
    assert!(
        out.contains("1. P-K3 .. P-K3 .. P-K3 .. P-K3 2. Q-N4 .. Q-N4 .. Q-N4 .. Q-K2"),
        "{out}"
    );
    assert_eq!(moves(&game_of(&out).expect("reads back")), moves(&game));
    // Random Verney games, mated players' turns (`--`) among them.
    let v = roundtable::variant::by_id("verney").expect("verney");
    let mut rng = roundtable::selfplay::Rng::new(7);
    let mut passes = 0;
    for _ in 0..8 {
        let record = roundtable::selfplay::game::<roundtable::board::U256>(v, &mut rng, 300)
            .expect("selfplay");
        let game = Game::replay(record).expect("replays");
        let out = game
            .write_with(Notation::Descriptive, &options)
            .expect("writes")
            .text;
        let back = game_of(&out).unwrap_or_else(|e| panic!("{e}\n{out}"));
        assert_eq!(moves(&back), moves(&game));
        passes += out.matches(" --").count();
    }
    assert!(passes > 0, "some turn without a move was written");
}
