//! Conversion: every record, in every notation that can carry it, reads
//! back as the same record; random legal games do the same; readers meet
//! truncated, garbled and non-UTF-8 input with an error, never a panic.

use assert_cmd::Command;
use roundtable::convert::Notation;
use roundtable::input::{self, games};
use roundtable::selfplay::{self, Rng};
use roundtable::with_width;
use roundtable::{Game, Record, Variant, variant};

const ALL: [Notation; 8] = Notation::ALL;

/// The record of a game, resolved, without the texts as written (each
/// notation writes its own).
fn record_of(game: &Record) -> Record {
    let game = Game::replay(game.clone()).unwrap_or_else(|e| panic!("replays: {e}"));
    let mut rec = game.resolved();
    for m in &mut rec.moves {
        m.written = None;
    }
    rec
}

fn written(game: &Record, notation: Notation) -> Result<String, String> {
    let game = Game::replay(game.clone()).map_err(|e| e.to_string())?;
    let w = game.write(notation).map_err(|e| e.to_string())?;
    // A notation that says it left something out does not carry the game
    // (a round table has no place for the game's comments).
    if w.left_out.is_empty() {
        Ok(w.text)
    } else {
        Err(format!("left out: {}", w.left_out.join("; ")))
    }
}

/// The notations that must carry every game of `v`.
fn must_carry(v: &Variant) -> Vec<Notation> {
    let mut out = vec![
        Notation::Json,
        Notation::Jsonl,
        Notation::Long,
        Notation::San,
    ];
    if v.players() == 2 {
        out.push(Notation::Pgn);
    }
    if v.shape.width == 14 {
        out.push(Notation::Pgn4);
    }
    // Every orthodox move has a descriptive name (two men of one name told
    // apart by the square the mover stands on), and so has every move of
    // Verney's game in his round tables.
    if matches!(v.id, "chess" | "verney") {
        out.push(Notation::Descriptive);
    }
    out
}

/// Writes `game` in every notation: each of `must_carry` must write it and
/// read it back as the same record; the others may refuse, but only for a
/// reason they document (castling in descriptive notation, a player who
/// left the game in a round table, a game not starting with the first
/// player). Returns the notations that carried it.
fn round_trips(game: &Record) -> Vec<Notation> {
    let v = variant::by_id(&game.variant).expect("variant");
    let original = record_of(game);
    let required = must_carry(v);
    let mut carried = Vec::new();
    for notation in ALL {
        let text = match written(game, notation) {
            Ok(text) => text,
            Err(e) => {
                assert!(
                    !required.contains(&notation),
                    "{}: {notation:?} must carry the game but fails: {e}",
                    v.id
                );
                // Verney's descriptive style has no castling, no promotion
                // piece, no name for the squirk and no files past the
                // eighth; a round table keeps one column per player.
                let known = [
                    "castling has no descriptive form",
                    "descriptive notation cannot name",
                    "has no descriptive name",
                    "has no descriptive system",
                    "left the game",
                    "first player",
                    "PGN holds two-player games",
                    "PGN4 holds games on the 14x14 board",
                    "left out: ",
                    // Skock: a turn of two paths has only its algebraic form.
                    "have no form for them",
                ];
                assert!(
                    known.iter().any(|k| e.contains(k)),
                    "{}: {notation:?} refuses for an undocumented reason: {e}",
                    v.id
                );
                continue;
            }
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
            if game.variant == "verney" {
                assert!(carried.contains(&Notation::Pgn4), "{carried:?}");
                assert!(carried.contains(&Notation::Descriptive), "{carried:?}");
            } else if game.variant == "verney-1892" {
                // Its round table opens each row with White, who moves first.
                assert!(carried.contains(&Notation::Pgn4), "{carried:?}");
                assert!(carried.contains(&Notation::Descriptive), "{carried:?}");
            } else if game.variant == "chess" {
                assert!(carried.contains(&Notation::Pgn), "{carried:?}");
                assert!(carried.contains(&Notation::Descriptive), "{carried:?}");
            } else if variant::by_id(&game.variant).is_some_and(|v| v.players() == 2) {
                // Double King's squirk has no descriptive name.
                assert!(carried.contains(&Notation::Pgn), "{carried:?}");
            }
            seen += 1;
        }
    }
    assert!(seen >= 2);
}

/// A Chess.com exit (a bare `R`, `T` or `R#`, or a move's `R`) has no cell
/// in a round table: the table and descriptive writers refuse the game,
/// PGN4 carries it. (Fuzzing found a Teams resignation, which ends the
/// game at once and leaves no status behind, written as a pass, `--`,
/// that does not replay.)
#[test]
fn an_exit_is_refused_by_a_round_table_and_carried_by_pgn4() {
    for (variant, movetext) in [
        ("chesscom-teams", "1. R"),
        ("chesscom-teams", "1. R#"),
        ("chesscom-teams", "1. T"),
        ("chesscom-teams", "1. e2-e4R"),
        ("chesscom-ffa", "1. R .. b5-c5 .. d13-d12 .. m8-l8"),
        (
            "chesscom-ffa",
            "1. h2-h3 .. b5-c5 .. d13-d12 .. m8-l8 2. Kh1-h2R",
        ),
    ] {
        let text = format!("[Variant \"{variant}\"]\n\n{movetext} *\n");
        let game = games(&text, None)
            .into_iter()
            .next()
            .expect("a game")
            .unwrap_or_else(|e| panic!("{movetext}: {e}"));
        Game::replay(game.clone()).unwrap_or_else(|e| panic!("{movetext}: {e}"));
        let carried = round_trips(&game);
        assert!(carried.contains(&Notation::Pgn4), "{movetext}: {carried:?}");
        for table in [Notation::Table, Notation::Descriptive] {
            assert!(!carried.contains(&table), "{movetext}: {carried:?}");
            let refused = written(&game, table).expect_err("refused");
            assert!(refused.contains("left the game"), "{movetext}: {refused}");
        }
    }
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
        ("team", 12, 200),
        // Chess.com's own start (the modern array) must be named in what is
        // written: read without a StartFen4 tag a game starts from the classic.
        ("chesscom-ffa", 8, 200),
        ("chesscom-teams", 8, 200),
    ] {
        let v = variant::by_id(id).expect("variant");
        let mut rng = Rng::new(2026);
        for _ in 0..games_count {
            let game =
                with_width!(v, B => selfplay::game::<B>(v, &mut rng, plies).expect("selfplay"));
            round_trips(&game);
        }
    }
    // Skock: each turn a throw and two paths (or a return, or a pass).
    let skock = variant::by_id("skock").expect("skock");
    let mut rng = Rng::new(2026);
    for _ in 0..8 {
        let game = selfplay::dice_game(skock, &mut rng, 150).expect("selfplay");
        let carried = round_trips(&game);
        assert!(carried.contains(&Notation::Pgn) && carried.contains(&Notation::Jsonl));
    }
}

#[test]
fn the_1881_game_in_descriptive_notation_reads_as_verney_wrote_it() {
    let text = std::fs::read_to_string("records/verney-1881.txt").expect("record");
    let game = input::round_table(&text).expect("reads");
    let out = written(&game, Notation::Descriptive).expect("writes");
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
    // Descriptive notation has no name for the squirk (Double King Chess).
    let v = variant::by_id("double-king").expect("variant");
    let mut rng = Rng::new(5);
    let squirk_moves = (0..20)
        .map(|_| with_width!(v, B => selfplay::game::<B>(v, &mut rng, 40).expect("selfplay")))
        .find(|g| {
            let game = Game::replay(g.clone()).expect("replays");
            game.plies().iter().any(|p| p.long.starts_with('S'))
        })
        .expect("a game that moves a squirk");
    let err = written(&squirk_moves, Notation::Descriptive).expect_err("squirk");
    assert!(
        err.contains("has no descriptive name") || err.contains("cannot name"),
        "{err}"
    );
    // Castling has one (`O-O-O`) in the printed style.
    let text = std::fs::read_to_string("records/morphy-opera-1858.pgn").expect("record");
    let game = games(&text, None).remove(0).expect("reads");
    let out = written(&game, Notation::Descriptive).expect("castling is written");
    assert!(out.contains("12. O-O-O R-Q1"), "{out}");
    // PGN4 is for the 14x14 board; PGN for two players.
    assert!(written(&game, Notation::Pgn4).is_err());
    let verney =
        input::round_table(&std::fs::read_to_string("records/verney-1881.txt").expect("r"))
            .expect("reads");
    let err = written(&verney, Notation::Pgn).expect_err("four players");
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
        out.push(written(&v, n).expect("writes"));
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

fn record_replay(game: &Record) -> bool {
    Game::replay(game.clone()).is_ok()
}

fn roundtable() -> Command {
    Command::cargo_bin("roundtable").expect("binary")
}

#[test]
fn convert_writes_nothing_on_a_finding_and_exits_1() {
    let dir = std::env::temp_dir().join(format!("roundtable-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let bad = dir.join("bad.pgn");
    std::fs::write(&bad, "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n").expect("write");
    let out = dir.join("out.json");
    let convert_bad = || {
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
            .code(1)
            .stderr(predicates::str::contains("bad.pgn:3:"))
            .stderr(predicates::str::contains("legal moves:"));
    };
    convert_bad();
    assert!(!out.exists());
    // A file already there is left as it was, not truncated.
    std::fs::write(&out, "earlier output\n").expect("write");
    convert_bad();
    assert_eq!(
        std::fs::read_to_string(&out).expect("read"),
        "earlier output\n"
    );
    std::fs::remove_file(&out).expect("remove");
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
    let pgn4 = written(&game, Notation::Pgn4).expect("writes");
    let resigned = pgn4.replace("Kg14xf14", "Kg14xf14R");
    let back = games(&resigned, None).remove(0).expect("reads");
    let rec = record_of(&back);
    let result = rec.result.expect("a result");
    assert_eq!(result.reason.as_deref(), Some("White resigned in round 4"));
    assert_eq!(rec.moves.len(), 15, "the exit move is kept");
    // The reason survives a round trip through PGN4 and JSON.
    let again = written(&back, Notation::Pgn4).expect("writes");
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
        let out = written(&game, notation).expect("writes");
        insta::assert_snapshot!(name, out);
    }
    let opera = std::fs::read_to_string("records/morphy-opera-1858.pgn").expect("record");
    let game = games(&opera, None).remove(0).expect("reads");
    // The PGN written for Morphy's game is checked against independent
    // sources rather than a snapshot of itself: its movetext is the
    // published score's (records/morphy-opera-1858.pgn), and every SAN is
    // the one shakmaty writes for the same move.
    let pgn = written(&game, Notation::Pgn).expect("writes");
    let movetext = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.starts_with('['))
            .flat_map(|l| l.split_whitespace())
            .map(str::to_string)
            .collect()
    };
    assert_eq!(movetext(&pgn), movetext(&opera));
    let mut theirs = shakmaty::Chess::default();
    for token in movetext(&pgn) {
        if token.ends_with('.') || token == "1-0" {
            continue;
        }
        let san: shakmaty::san::SanPlus = token.parse().expect("SAN");
        let mv = san.san.to_move(&theirs).expect("legal for shakmaty");
        let again = shakmaty::san::SanPlus::from_move_and_play_unchecked(&mut theirs, &mv);
        assert_eq!(
            again.to_string(),
            token,
            "shakmaty writes the move otherwise"
        );
    }
    insta::assert_snapshot!(
        "morphy_opera_long",
        written(&game, Notation::Long).expect("writes")
    );
}

#[test]
fn a_game_from_a_position_with_black_to_move_round_trips() {
    let pgn = "[Event \"From a position\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"]\n\n1... e5 2. Nf3 Nc6 3. Bb5 a6 *\n";
    let game = games(pgn, None).remove(0).expect("reads");
    assert_eq!(game.moves.len(), 5);
    let carried = round_trips(&game);
    assert!(
        carried.contains(&Notation::Pgn) && carried.contains(&Notation::Json),
        "{carried:?}"
    );
    let out = written(&game, Notation::Pgn).expect("writes");
    assert!(out.contains("1... e5 2. Nf3 Nc6 3. Bb5 a6 *"), "{out}");
}

/// PGN numbers a game set up from a position from the FEN's move number,
/// White to move or Black (the game is the fifth of the kokopu project's
/// `misc.pgn`, in tests/data/pgn-glyphs/).
#[test]
fn a_game_from_a_position_is_numbered_from_its_move_number() {
    let fen = "r2q1b1r/ppn2kpp/2p1b3/3nP3/2BPQ3/P1N5/1PP3PP/R1B1K2R";
    let white = format!("[SetUp \"1\"]\n[FEN \"{fen} w KQ - 1 14\"]\n\n14. O-O+ Ke8 15. Qf5 *\n");
    let game = games(&white, None).remove(0).expect("reads");
    for notation in [Notation::Pgn, Notation::Long] {
        let out = written(&game, notation).expect("writes");
        let moves = out.split("\n\n").nth(1).unwrap_or_default();
        assert!(moves.starts_with("14. O-O+ K"), "{out}");
        assert!(moves.contains(" 15. Q"), "{out}");
    }
    assert!(round_trips(&game).contains(&Notation::Pgn));
    let black = format!("[SetUp \"1\"]\n[FEN \"{fen} b - - 2 14\"]\n\n14... Ke8 15. Qf5 *\n");
    let game = games(&black, None).remove(0).expect("reads");
    let out = written(&game, Notation::Pgn).expect("writes");
    assert!(out.contains("\n\n14... Ke8 15. Qf5 *"), "{out}");
}

#[test]
fn every_json_record_converts_to_json_and_through_json_lines_unchanged() {
    let mut seen = 0;
    for entry in std::fs::read_dir("records").expect("records/") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let original = std::fs::read_to_string(&path).expect("text");
        let file = path.to_string_lossy().to_string();
        let json = roundtable()
            .args(["convert", &file, "--to", "json"])
            .output()
            .expect("runs");
        assert!(json.status.success(), "{file}");
        assert_eq!(String::from_utf8_lossy(&json.stdout), original, "{file}");
        let jsonl = roundtable()
            .args(["convert", &file, "--to", "jsonl"])
            .output()
            .expect("runs");
        assert!(jsonl.status.success(), "{file}");
        let back = roundtable()
            .args(["convert", "-", "--from", "jsonl", "--to", "json"])
            .write_stdin(jsonl.stdout)
            .output()
            .expect("runs");
        assert!(back.status.success(), "{file}");
        assert_eq!(String::from_utf8_lossy(&back.stdout), original, "{file}");
        seen += 1;
    }
    assert!(seen >= 1, "records/ holds a JSON record");
    // The 1881 record carries a rule option, which must survive.
    let verney = std::fs::read_to_string("records/verney-1881.json").expect("record");
    assert!(verney.contains("\"drawn-ending\": \"claim\""));
}

#[test]
fn what_a_notation_cannot_carry_is_a_warning_or_under_strict_an_error() {
    // A comment has no place in a round table.
    let pgn4 = "[Variant \"verney\"]\n\n1. h2-h3 {a quiet start} .. b8-c8 .. g13-g12 .. m7-l7 *\n";
    roundtable()
        .args(["convert", "-", "--to", "table"])
        .write_stdin(pgn4)
        .assert()
        .success()
        .stderr(predicates::str::contains("a quiet start"))
        .stderr(predicates::str::contains("warning"));
    roundtable()
        .args(["convert", "-", "--to", "table", "--strict"])
        .write_stdin(pgn4)
        .assert()
        .code(1)
        .stderr(predicates::str::contains("--strict"));
    // Through PGN4 and back the comment stays.
    let out = roundtable()
        .args(["convert", "-", "--to", "json"])
        .write_stdin(pgn4)
        .output()
        .expect("runs");
    assert!(String::from_utf8_lossy(&out.stdout).contains("a quiet start"));
}

/// Double Skak's seats without a king beside a queen have no descriptive
/// files: the refusal says so, naming the move and the seat.
#[test]
fn a_seat_without_descriptive_files_is_named_in_the_refusal() {
    let v = variant::by_id("double-skak").expect("double-skak");
    let mut rng = Rng::new(7);
    let game = with_width!(v, B => selfplay::game::<B>(v, &mut rng, 20).expect("selfplay"));
    let err = written(&game, Notation::Descriptive).expect_err("no descriptive files");
    assert!(
        err.contains(
            "has no descriptive system in double-skak: his setup has no king beside a queen"
        ),
        "{err}"
    );
    assert!(err.contains("move 1:"), "{err}");
}

/// A database written as round tables (one table after another, each
/// opening with its tags) reads back as its games, and an error in a
/// later table names its line in the whole text.
#[test]
fn a_text_of_several_round_tables_reads_as_several_games() {
    let pgn = std::fs::read_to_string("tests/data/pgn/kasparov-deep-blue-1997.pgn").expect("file");
    let originals = games(&pgn, None);
    assert_eq!(originals.len(), 6);
    let mut text = String::new();
    for game in &originals {
        let game = game.as_ref().expect("reads");
        text.push_str(&written(game, Notation::Table).expect("writes"));
    }
    let back = games(&text, None);
    assert_eq!(back.len(), originals.len());
    for (again, original) in back.iter().zip(&originals) {
        let (again, original) = (
            again.as_ref().expect("reads"),
            original.as_ref().expect("reads"),
        );
        assert_eq!(record_of(again), record_of(original));
    }
    // The fifth table's second round: White's move made one no man can make.
    let lines: Vec<&str> = text.lines().collect();
    let header = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("\tWhite\tBlack"))
        .map(|(i, _)| i)
        .nth(4)
        .expect("a fifth table");
    let bad_line = header + 3;
    let mut broken: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    let cells: Vec<&str> = lines[bad_line - 1].split('\t').collect();
    broken[bad_line - 1] = format!("{}\tNa1-a8\t{}", cells[0], cells[2]);
    let back = games(&broken.join("\n"), None);
    assert_eq!(back.len(), originals.len());
    let replayed = Game::replay(back[4].clone().expect("reads"));
    let Err(roundtable::Error::Replay(e)) = replayed else {
        panic!("the broken table replays")
    };
    // Lines count from 1: the line's index is `bad_line - 1`.
    assert_eq!(e.span.map(|s| s.line), Some(bad_line), "{e}");
    assert!(back[3].is_ok() && Game::replay(back[5].clone().expect("reads")).is_ok());
}
