//! Conversion: every record, in every notation that can carry it, reads
//! back as the same record; random legal games do the same; readers meet
//! truncated, garbled and non-UTF-8 input with an error, never a panic.

use assert_cmd::Command;
use roundtable::board::{Bits, U256};
use roundtable::convert::{Notation, to_record, write};
use roundtable::input::{self, games};
use roundtable::record::Record;
use roundtable::replay::{GameInput, replay};
use roundtable::selfplay::{self, Rng};
use roundtable::variant;
use roundtable::with_width;

const ALL: [Notation; 8] = [
    Notation::Json,
    Notation::Jsonl,
    Notation::Pgn,
    Notation::Pgn4,
    Notation::Long,
    Notation::San,
    Notation::Descriptive,
    Notation::Table,
];

/// The record of a game, without the texts as written (each notation writes its own).
fn record_of(game: &GameInput) -> Record {
    with_width!(game.variant, B => {
        let trace = replay::<B>(game).unwrap_or_else(|e| panic!("replays: {e}"));
        let mut rec = to_record(&trace, game);
        for m in &mut rec.moves {
            m.written = None;
        }
        rec
    })
}

fn written<B: Bits>(game: &GameInput, notation: Notation) -> Result<String, String> {
    let trace = replay::<B>(game).map_err(|e| e.to_string())?;
    write(&trace, game, notation).map_err(|e| e.to_string())
}

/// Writes `game` in every notation; those that can carry it must read back
/// as the same record. Returns the notations that carried it.
fn round_trips(game: &GameInput) -> Vec<Notation> {
    let original = record_of(game);
    let mut carried = Vec::new();
    for notation in ALL {
        let text = with_width!(game.variant, B => written::<B>(game, notation));
        let Ok(text) = text else {
            continue;
        };
        let back = games(&text, None);
        assert_eq!(back.len(), 1, "{notation:?}:\n{text}");
        let Some(Ok(again)) = back.first() else {
            panic!(
                "{notation:?} does not read back: {:?}\n{text}",
                back.first()
            );
        };
        assert_eq!(record_of(again), original, "{notation:?}:\n{text}");
        carried.push(notation);
    }
    carried
}

#[test]
fn every_record_round_trips_through_every_notation_that_carries_it() {
    let mut seen = 0;
    for entry in std::fs::read_dir("records").expect("records/") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("text");
        for game in games(&text, None) {
            let game = game.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let carried = round_trips(&game);
            assert!(carried.contains(&Notation::Json) && carried.contains(&Notation::Long));
            if game.variant.id == "verney" {
                assert!(carried.contains(&Notation::Pgn4), "{carried:?}");
                assert!(carried.contains(&Notation::Descriptive), "{carried:?}");
            } else {
                assert!(carried.contains(&Notation::Pgn), "{carried:?}");
            }
            seen += 1;
        }
    }
    assert!(seen >= 2);
}

#[test]
fn random_legal_games_round_trip() {
    for (id, games_count, plies) in [
        ("chess", 40, 160),
        ("verney", 12, 120),
        ("double-king", 20, 160),
        ("double-skak", 20, 160),
        ("quattro", 12, 200),
        ("triple", 12, 200),
    ] {
        let v = variant::by_id(id).expect("variant");
        let mut rng = Rng::new(2026);
        for _ in 0..games_count {
            let game =
                with_width!(v, B => selfplay::game::<B>(v, &mut rng, plies).expect("selfplay"));
            let carried = round_trips(&game);
            assert!(carried.len() >= 5, "{id}: only {carried:?}");
        }
    }
}

#[test]
fn the_1881_game_in_descriptive_notation_reads_as_verney_wrote_it() {
    let text = std::fs::read_to_string("records/verney-1881.txt").expect("record");
    let game = input::round_table(&text).expect("reads");
    let out = written::<U256>(&game, Notation::Descriptive).expect("writes");
    assert!(
        out.contains("1.\tK. P. to K. 3.\tK. P. to K. 3.\tK. P. to K. 3.\tK. P. to K. 3."),
        "{out}"
    );
    assert!(
        out.contains("K. B. takes Red's K. B.\tQ. takes White's Q. (Check)."),
        "{out}"
    );
    assert!(
        out.contains("Any move.\tAny move.\tK. takes Black's K. B."),
        "{out}"
    );
}

#[test]
fn a_fact_the_notation_cannot_carry_is_an_error_naming_the_move() {
    // Castling has no descriptive form.
    let text = std::fs::read_to_string("records/morphy-opera-1858.pgn").expect("record");
    let game = games(&text, None).remove(0).expect("reads");
    let err = written::<u64>(&game, Notation::Descriptive).expect_err("castling");
    assert!(err.contains("O-O-O") && err.contains("castling"), "{err}");
    // PGN4 is for the 14x14 board; PGN for two players.
    assert!(written::<u64>(&game, Notation::Pgn4).is_err());
    let verney =
        input::round_table(&std::fs::read_to_string("records/verney-1881.txt").expect("r"))
            .expect("reads");
    let err = written::<U256>(&verney, Notation::Pgn).expect_err("four players");
    assert!(err.contains("two-player"), "{err}");
}

/// Sample texts of every reader, to damage.
fn samples() -> Vec<String> {
    let mut out = vec![
        std::fs::read_to_string("records/verney-1881.txt").expect("r"),
        std::fs::read_to_string("records/morphy-opera-1858.pgn").expect("r"),
    ];
    let v = input::round_table(&out[0]).expect("reads");
    for n in [
        Notation::Json,
        Notation::Jsonl,
        Notation::Pgn4,
        Notation::Table,
    ] {
        out.push(written::<U256>(&v, n).expect("writes"));
    }
    out
}

#[test]
fn truncated_garbled_and_non_utf8_input_is_an_error_never_a_panic() {
    let mut rng = Rng::new(99);
    for sample in samples() {
        let bytes = sample.as_bytes();
        // Every truncation at a character boundary.
        for cut in (0..sample.len())
            .filter(|&i| sample.is_char_boundary(i))
            .step_by(7)
        {
            for game in games(&sample[..cut], None).into_iter().flatten() {
                let _ = record_replay(&game);
            }
        }
        // Random byte damage, read as Latin-1 when it is no longer UTF-8.
        for _ in 0..200 {
            let mut damaged = bytes.to_vec();
            for _ in 0..1 + rng.below(4) {
                let at = rng.below(damaged.len());
                damaged[at] = (rng.next_u64() & 0xFF) as u8;
            }
            let text = roundtable::render::diagnostic::decode(&damaged);
            for game in games(&text, None).into_iter().flatten() {
                let _ = record_replay(&game);
            }
        }
    }
}

fn record_replay(game: &GameInput) -> bool {
    with_width!(game.variant, B => replay::<B>(game).is_ok())
}

fn roundtable() -> Command {
    Command::cargo_bin("roundtable").expect("binary")
}

#[test]
fn convert_writes_nothing_on_error_and_exits_2() {
    let dir = std::env::temp_dir().join(format!("roundtable-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let bad = dir.join("bad.pgn");
    std::fs::write(&bad, "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n").expect("write");
    let out = dir.join("out.json");
    roundtable()
        .args([
            "convert",
            bad.to_str().expect("p"),
            "--to",
            "json",
            "-o",
            out.to_str().expect("p"),
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("bad.pgn:3:"))
        .stderr(predicates::str::contains("legal moves:"));
    assert!(!out.exists());
    // A good conversion writes the file.
    roundtable()
        .args([
            "convert",
            "records/morphy-opera-1858.pgn",
            "--to",
            "json",
            "-o",
            out.to_str().expect("p"),
        ])
        .assert()
        .success();
    let text = std::fs::read_to_string(&out).expect("written");
    assert!(text.contains("\"variant\": \"chess\""));
    assert!(text.contains("\"mates\""));
}

#[test]
fn selfplay_is_deterministic_for_a_seed() {
    let run = |seed: &str| {
        let out = roundtable()
            .args([
                "selfplay", "verney", "--games", "2", "--seed", seed, "--plies", "30",
            ])
            .assert()
            .success();
        String::from_utf8_lossy(&out.get_output().stdout).to_string()
    };
    assert_eq!(run("5"), run("5"));
    assert_ne!(run("5"), run("6"));
    assert_eq!(run("5").lines().count(), 2);
}

#[test]
fn chesscom_exits_end_the_game_and_go_into_the_result() {
    let text = std::fs::read_to_string("records/verney-1881.txt").expect("record");
    let game = input::round_table(&text).expect("reads");
    let pgn4 = written::<U256>(&game, Notation::Pgn4).expect("writes");
    let resigned = pgn4.replace("Kg14xf14", "Kg14xf14R");
    let back = games(&resigned, None).remove(0).expect("reads");
    let rec = record_of(&back);
    let result = rec.result.expect("a result");
    assert_eq!(result.reason.as_deref(), Some("White resigned in round 4"));
    assert_eq!(rec.moves.len(), 15, "the exit move is kept");
    // The reason survives a round trip through PGN4 and JSON.
    let again = written::<U256>(&back, Notation::Pgn4).expect("writes");
    assert!(
        again.contains("[Termination \"White resigned in round 4\"]"),
        "{again}"
    );
    assert_eq!(
        record_of(&games(&again, None).remove(0).expect("reads")).result,
        Some(result)
    );
    // A bare exit slot, then a move: refused.
    let after_exit = pgn4.replace("*\n", "").trim_end().to_string() + " .. R\n5. Kg1-h1\n";
    let err = games(&after_exit, None)
        .remove(0)
        .expect_err("moves after an exit");
    assert!(err.expected.contains("exit"), "{err}");
}

#[test]
fn the_1881_game_in_each_notation_is_stable() {
    let text = std::fs::read_to_string("records/verney-1881.txt").expect("record");
    let game = input::round_table(&text).expect("reads");
    for (name, notation) in [
        ("verney_1881_json", Notation::Json),
        ("verney_1881_pgn4", Notation::Pgn4),
        ("verney_1881_san", Notation::San),
        ("verney_1881_descriptive", Notation::Descriptive),
        ("verney_1881_table", Notation::Table),
    ] {
        let out = written::<U256>(&game, notation).expect("writes");
        insta::assert_snapshot!(name, out);
    }
    let opera = std::fs::read_to_string("records/morphy-opera-1858.pgn").expect("record");
    let game = games(&opera, None).remove(0).expect("reads");
    insta::assert_snapshot!(
        "morphy_opera_pgn",
        written::<u64>(&game, Notation::Pgn).expect("writes")
    );
    insta::assert_snapshot!(
        "morphy_opera_long",
        written::<u64>(&game, Notation::Long).expect("writes")
    );
}

#[test]
fn a_game_from_a_position_with_black_to_move_round_trips() {
    let pgn = "[Event \"From a position\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"]\n\n1... e5 2. Nf3 Nc6 3. Bb5 a6 *\n";
    let game = games(pgn, None).remove(0).expect("reads");
    assert_eq!(game.plies.len(), 5);
    let carried = round_trips(&game);
    assert!(
        carried.contains(&Notation::Pgn) && carried.contains(&Notation::Json),
        "{carried:?}"
    );
    let out = written::<u64>(&game, Notation::Pgn).expect("writes");
    assert!(out.contains("1... e5 2. Nf3 Nc6 3. Bb5 a6 *"), "{out}");
}
