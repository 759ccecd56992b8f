//! Reports: material on Verney's scale, mate attribution, per-player
//! statistics; the real binary on the real records, and constructed games.

use assert_cmd::Command;
use roundtable::board::U256;
use roundtable::engine::Position;
use roundtable::men::{Kind, Man};
use roundtable::notation::fen4;
use roundtable::record::{Record, RecordMove};
use roundtable::replay::replay;
use roundtable::report::game::report;
use roundtable::report::material::Scale;
use roundtable::variant;

fn roundtable() -> Command {
    Command::cargo_bin("roundtable").expect("binary")
}

#[test]
fn the_1881_game_ends_45_of_74_each_with_two_checks_and_no_mate() {
    let out = roundtable()
        .args(["stats", "records/verney-1881.txt", "--json"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let report: serde_json::Value = serde_json::from_str(text.trim()).expect("one JSON object");
    let material = report["material"].as_array().expect("material");
    assert_eq!(
        material.first().map(|m| m["seats"].clone()),
        Some(serde_json::json!([74, 74, 74, 74]))
    );
    assert_eq!(
        material.last().map(|m| m["seats"].clone()),
        Some(serde_json::json!([45, 45, 45, 45]))
    );
    assert_eq!(
        material.last().map(|m| m["teams"].clone()),
        Some(serde_json::json!([90, 90]))
    );
    assert_eq!(report["mates"], serde_json::json!([]));
    let stats = report["stats"].as_array().expect("stats");
    let get = |player: &str, field: &str| {
        stats
            .iter()
            .find(|p| p["player"] == player)
            .map(|p| p[field].clone())
            .unwrap_or_default()
    };
    // Round 2: Red checks White; round 3: Yellow checks Black.
    assert_eq!(get("Red", "checks_given"), 1);
    assert_eq!(get("White", "checks_received"), 1);
    assert_eq!(get("Yellow", "checks_given"), 1);
    assert_eq!(get("Black", "checks_received"), 1);
    assert_eq!(get("White", "checks_given"), 0);
    for p in ["Yellow", "Red", "White", "Black"] {
        assert_eq!(
            get(p, "material_lost"),
            29,
            "{p} lost a queen and a king's bishop"
        );
        // Each took one queen and one bishop, one from each adversary.
        assert_eq!(
            get(p, "captured_kinds"),
            serde_json::json!({"bishop": 1, "queen": 1}),
            "{p}"
        );
        let adversaries = if p == "Yellow" || p == "White" {
            serde_json::json!({"Black": 1, "Red": 1})
        } else {
            serde_json::json!({"White": 1, "Yellow": 1})
        };
        assert_eq!(get(p, "captured_from"), adversaries, "{p}");
    }
    assert_eq!(get("Yellow", "inferred"), 1);
    assert_eq!(report["result"], "*");
}

#[test]
fn the_stats_tables_and_plot_are_stable() {
    let out = roundtable()
        .args(["stats", "records/verney-1881.txt"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    insta::assert_snapshot!("verney_1881_stats", text);
    let dir = std::env::temp_dir().join(format!("roundtable-stats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let svg = dir.join("material.svg");
    roundtable()
        .args([
            "stats",
            "records/verney-1881.txt",
            "--svg",
            svg.to_str().expect("p"),
        ])
        .assert()
        .success();
    let picture = std::fs::read_to_string(&svg).expect("svg written");
    assert!(picture.starts_with("<?xml") || picture.starts_with("<svg"));
    let lines = picture.matches("<polyline points").count();
    assert_eq!(lines, 6, "four players and two teams");
    insta::assert_snapshot!("verney_1881_material_svg", picture);
}

/// A Verney position from men written `<player><kind><square>` and the seat to move.
fn position(men: &[&str], turn: usize) -> String {
    let v = variant::by_id("verney").expect("verney");
    let mut pos = Position::<U256>::empty(v).expect("fits");
    for text in men {
        let mut chars = text.chars();
        let seat = v
            .seat_named(&chars.next().expect("p").to_string())
            .expect("player");
        let kind = Kind::from_letter(chars.next().expect("k")).expect("kind");
        let sq = v.shape.parse_square(chars.as_str()).expect("square");
        pos.put(sq, Man::new(kind, seat, v.seats[seat].forward));
    }
    pos.set_turn(turn);
    fen4::write(&pos)
}

fn game(start: String, first_seat: usize, moves: &[&str]) -> Record {
    let v = variant::by_id("verney").expect("verney");
    let mut record = Record::new("verney");
    record.start = Some(start);
    record.moves = moves
        .iter()
        .enumerate()
        .map(|(i, m)| RecordMove::new(v.seat_name((first_seat + i) % 4), *m))
        .collect();
    record
}

#[test]
fn a_mate_its_release_by_the_partner_and_the_checks_before() {
    // Red's queen checks Yellow's king from g2, guarded by the rook g7.
    // White's rook then blocks the guard on g3, which releases Yellow, who
    // takes the queen.
    let start = position(
        &["yKg1", "rKa8", "rQd5", "rRg7", "wKk14", "wRk3", "bKn7"],
        1,
    );
    let g = game(
        start,
        1,
        &[
            "Qd5-g2+", // Red checks Yellow
            "Rk3-k2",  // White
            "Kn7-n8",  // Black
            "--",      // Yellow is mated at his turn
            "Ka8-a9",  // Red
            "Rk2-k3",  // White
            "Kn8-n7",  // Black
            "--",      // Yellow still mated
            "Ka9-a8",  // Red
            "Rk3-g3",  // White blocks the guard: Yellow is released
            "Kn7-n8",  // Black
            "Kg1xg2",  // Yellow takes the queen
        ],
    );
    let trace = replay::<U256>(&g).unwrap_or_else(|e| panic!("{e}"));
    let r = report("constructed", &trace, &g, &Scale::verney());
    assert_eq!(r.mates.len(), 1, "{:?}", r.mates);
    let mate = &r.mates[0];
    assert_eq!(mate.mated, "Yellow");
    assert_eq!(mate.mating.as_deref(), Some("Red"));
    assert_eq!(
        mate.mating_move.as_ref().map(|m| m.mv.as_str()),
        Some("Qd5-g2+")
    );
    assert_eq!(mate.at.ply, 4);
    assert_eq!(mate.checked_before, ["Red"]);
    let released = mate.released.as_ref().expect("released");
    assert_eq!(
        (released.player.as_str(), released.mv.as_str()),
        ("White", "Rk3-g3")
    );
    let yellow = r
        .stats
        .iter()
        .find(|p| p.player == "Yellow")
        .expect("yellow");
    assert_eq!(
        (
            yellow.passes,
            yellow.mated,
            yellow.captures,
            yellow.material_won
        ),
        (2, 1, 1, 20)
    );
    let red = r.stats.iter().find(|p| p.player == "Red").expect("red");
    assert_eq!(
        (red.mates_given, red.checks_given, red.material_lost),
        (1, 1, 20)
    );
}

#[test]
fn a_discovered_check_counts_for_the_owner_of_the_checking_man() {
    // Yellow's bishop stands between White's rook h8 and Red's king a8; its
    // move uncovers the rook: the check is White's, not Yellow's.
    let start = position(&["yKh1", "yBe8", "rKa8", "wKg14", "wRh8", "bKn7"], 0);
    let g = game(start, 0, &["Be8-d7", "Ka8-a7", "Rh8-h9", "Kn7-n6"]);
    let trace = replay::<U256>(&g).unwrap_or_else(|e| panic!("{e}"));
    let first = &trace.plies[0];
    assert_eq!(first.long, "Be8-d7+");
    let r = report("constructed", &trace, &g, &Scale::verney());
    let white = r.stats.iter().find(|p| p.player == "White").expect("white");
    let yellow = r
        .stats
        .iter()
        .find(|p| p.player == "Yellow")
        .expect("yellow");
    assert_eq!((white.checks_given, yellow.checks_given), (1, 0));
    let red = r.stats.iter().find(|p| p.player == "Red").expect("red");
    assert_eq!(red.checks_received, 1);
}

#[test]
fn a_player_released_by_his_adversary_and_checked_again() {
    let start = position(
        &["yKg1", "rKa8", "rQd5", "rRg7", "wKk14", "wRk3", "bKn7"],
        1,
    );
    let g = game(
        start,
        1,
        &[
            "Qd5-g2+", "Rk3-k4", "Kn7-n6", "--", // Yellow mated
            "Rg7-f7", "Rk4-k3", "Kn6-n7", // Red lifts the guard: released
            "Kg1xg2", // Yellow takes the queen
            "Rf7-g7+", "Rk3-k2", "Kn7-n6", // Red checks along the g-file
            "Kg2-f3", // Yellow escapes
        ],
    );
    let trace = replay::<U256>(&g).unwrap_or_else(|e| panic!("{e}"));
    let r = report("constructed", &trace, &g, &Scale::verney());
    assert_eq!(r.mates.len(), 1);
    let released = r.mates[0]
        .released
        .as_ref()
        .expect("released by Red's own move");
    assert_eq!(released.player, "Red");
    let yellow = r
        .stats
        .iter()
        .find(|p| p.player == "Yellow")
        .expect("yellow");
    assert_eq!((yellow.checks_received, yellow.mated), (2, 1));
    let red = r.stats.iter().find(|p| p.player == "Red").expect("red");
    assert_eq!((red.checks_given, red.mates_given), (2, 1));
}

#[test]
fn validate_summarises_a_corpus_and_flags_the_invalid() {
    let dir = std::env::temp_dir().join(format!("roundtable-validate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let good = std::fs::read_to_string("records/verney-1881.txt").expect("r");
    for i in 0..3 {
        std::fs::write(dir.join(format!("good{i}.txt")), &good).expect("w");
    }
    std::fs::write(
        dir.join("bad.txt"),
        good.replace("K. to K. square.", "Q. to K. square."),
    )
    .expect("w");
    let out = roundtable()
        .args(["validate", dir.to_str().expect("p")])
        .assert()
        .code(1);
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(
        stdout.contains("games") && stdout.contains("| 4"),
        "{stdout}"
    );
    assert!(stdout.contains("invalid: no legal move fits"), "{stdout}");
    assert!(stderr.contains("bad.txt:15:"), "{stderr}");
    // JSON Lines on standard input.
    let jsonl = roundtable()
        .args(["selfplay", "verney", "--games", "3", "--plies", "40"])
        .assert()
        .success();
    let lines = jsonl.get_output().stdout.clone();
    let out = roundtable()
        .args(["validate", "--json"])
        .write_stdin(lines)
        .assert()
        .success();
    let summary: serde_json::Value =
        serde_json::from_slice(&out.get_output().stdout).expect("json");
    assert_eq!(summary["games"], 3);
    assert_eq!(summary["valid"], 3);
    assert_eq!(summary["plies"], 120);
}

#[test]
fn show_draws_the_position_after_a_ply_as_text_and_svg() {
    let out = roundtable()
        .args(["show", "records/verney-1881.txt", "--ply", "6"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.contains("last move: round 2 Red Qa7xh14+"), "{text}");
    assert!(text.contains("White to move"), "{text}");
    insta::assert_snapshot!("verney_1881_after_ply_6", text);
    let dir = std::env::temp_dir().join(format!("roundtable-show-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let svg = dir.join("board.svg");
    roundtable()
        .args([
            "show",
            "records/verney-1881.txt",
            "--svg",
            svg.to_str().expect("p"),
        ])
        .assert()
        .success();
    let picture = std::fs::read_to_string(&svg).expect("written");
    assert_eq!(
        picture.matches("<rect class=\"sq\"").count(),
        160,
        "every square of the cross"
    );
    assert_eq!(
        picture.matches("<rect class=\"hl\"").count(),
        2,
        "the last move marked"
    );
    insta::assert_snapshot!("verney_1881_final_svg", picture);
    roundtable()
        .args(["show", "records/verney-1881.txt", "--ply", "99"])
        .assert()
        .code(2);
}

#[test]
fn a_scale_file_and_a_corpus_summary() {
    let dir = std::env::temp_dir().join(format!("roundtable-scale-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let scale = dir.join("scale.json");
    std::fs::write(
        &scale,
        r#"{"name": "flat", "pawn": 1, "knight": 1, "bishop": 1, "rook": 1, "queen": 1, "squirk": 1}"#,
    )
    .expect("w");
    let out = roundtable()
        .args([
            "stats",
            "records/verney-1881.txt",
            "--json",
            "--scale",
            scale.to_str().expect("p"),
        ])
        .assert()
        .success();
    let report: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).expect("json");
    // Fifteen men a player (the king is not counted); each lost two.
    let last = report["material"]
        .as_array()
        .and_then(|m| m.last())
        .cloned()
        .unwrap_or_default();
    assert_eq!(last["seats"], serde_json::json!([13, 13, 13, 13]));
    assert_eq!(report["scale"]["name"], "flat");
    // A bad scale file is bad input.
    std::fs::write(&scale, "{\"name\": 3}").expect("w");
    roundtable()
        .args([
            "stats",
            "records/verney-1881.txt",
            "--scale",
            scale.to_str().expect("p"),
        ])
        .assert()
        .code(2);
    // Several games: a summary at the end, and --svg refuses them.
    let out = roundtable().args(["stats", "records"]).assert().success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(
        text.contains("Summary:") && text.contains("result 1-0"),
        "{text}"
    );
    roundtable()
        .args([
            "stats",
            "records",
            "--svg",
            dir.join("x.svg").to_str().expect("p"),
        ])
        .assert()
        .code(2);
}

#[test]
fn verneys_drawn_ending_is_reported_as_a_claim_not_applied() {
    // Red's bishop takes Yellow's knight: each side keeps one piece.
    let start = position(
        &["yKh1", "yRh5", "yNc4", "rKa8", "rBe6", "wKg14", "bKn7"],
        1,
    );
    let g = game(start, 1, &["Be6xc4", "Kg14-f14", "Kn7-n6", "Rh5-h6"]);
    let trace = replay::<U256>(&g).unwrap_or_else(|e| panic!("{e}"));
    let claim = roundtable::replay::Event::DrawClaimable;
    assert!(
        trace.plies[0].events.contains(&claim),
        "{:?}",
        trace.plies[0].events
    );
    assert!(
        trace.plies[1..].iter().all(|p| !p.events.contains(&claim)),
        "reported once"
    );
    assert_eq!(trace.outcome, None, "a claim, not an end");
}

#[test]
fn the_drawn_ending_option_applies_the_claim() {
    use roundtable::engine::{EndReason, Outcome};
    let start = position(
        &["yKh1", "yRh5", "yNc4", "rKa8", "rBe6", "wKg14", "bKn7"],
        1,
    );
    let mut g = game(start, 1, &["Be6xc4"]);
    g.options.insert("drawn-ending".into(), "apply".into());
    let trace = replay::<U256>(&g).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        trace.outcome,
        Some(Outcome::Draw {
            reason: EndReason::DrawnEnding
        })
    );
    // A move after the applied draw is refused.
    g.moves.push(RecordMove::new("White", "Kg14-f14"));
    let err = replay::<U256>(&g).expect_err("the game is over");
    assert!(
        err.message.contains("drawn-ending=apply"),
        "{}",
        err.message
    );
    // An option the variant does not have, or a value it does not take, is refused.
    g.options.insert("drawn-ending".into(), "sometimes".into());
    assert!(replay::<U256>(&g).is_err());
    g.options.clear();
    g.options.insert("bonus".into(), "rook".into());
    let err = replay::<U256>(&g).expect_err("no such option");
    assert!(
        err.message.contains("no rule option `bonus`"),
        "{}",
        err.message
    );
}

#[test]
fn empty_input_is_reported_not_silently_accepted() {
    for command in ["stats", "validate"] {
        roundtable()
            .args([command, "-"])
            .write_stdin("")
            .assert()
            .code(2)
            .stderr(predicates::str::contains("no game was read"));
    }
}

/// `stats --json` on `path`: one object per game, and the totals
/// (`--totals`), which are one object on one line.
fn games_and_totals(path: &str) -> (Vec<serde_json::Value>, serde_json::Value) {
    let out = roundtable()
        .args(["stats", path, "--json"])
        .assert()
        .success();
    let games = String::from_utf8_lossy(&out.get_output().stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a game per line"))
        .collect();
    let out = roundtable()
        .args(["stats", path, "--json", "--totals"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert_eq!(text.lines().count(), 1, "one object: {text}");
    (games, serde_json::from_str(&text).expect("json"))
}

/// Several games are summed: each seat's and each named player's figures
/// over the games equal the sums of the games' own figures (`--json`
/// gives both), who mated whom is counted, and `--per-game` still shows
/// each game.
#[test]
fn a_corpus_is_summed_by_seat_and_by_player_name() {
    let (games, totals) = games_and_totals("records");
    let variants = totals["variants"].as_array().expect("variants");
    let counted: u64 = variants
        .iter()
        .map(|v| v["games"].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(counted as usize, games.len());
    for v in variants {
        let id = v["variant"].as_str().expect("id");
        let of_variant: Vec<&serde_json::Value> =
            games.iter().filter(|g| g["variant"] == id).collect();
        assert_eq!(v["games"].as_u64(), Some(of_variant.len() as u64), "{id}");
        let plies: u64 = of_variant
            .iter()
            .map(|g| g["plies"].as_u64().unwrap_or(0))
            .sum();
        assert_eq!(v["plies"].as_u64(), Some(plies), "{id}");
        for (seat, total) in v["seats"].as_array().expect("seats").iter().enumerate() {
            for field in [
                "moves",
                "captures",
                "checks_given",
                "material_won",
                "mates_given",
                "mated",
            ] {
                let sum: u64 = of_variant
                    .iter()
                    .map(|g| g["stats"][seat][field].as_u64().unwrap_or(0))
                    .sum();
                assert_eq!(
                    total["stats"][field].as_u64(),
                    Some(sum),
                    "{id} seat {seat} {field}"
                );
            }
        }
        let mates: u64 = of_variant
            .iter()
            .map(|g| g["mates"].as_array().map_or(0, Vec::len) as u64)
            .sum();
        let counted: u64 = v["mates"]
            .as_array()
            .expect("mates")
            .iter()
            .map(|m| m["count"].as_u64().unwrap_or(0))
            .sum();
        assert_eq!(counted, mates, "{id}: mates");
    }
    // Morphy's Opera game names its players: Morphy is counted by name.
    let chess = variants
        .iter()
        .find(|v| v["variant"] == "chess")
        .expect("chess");
    let morphy = &chess["named"]["Paul Morphy"];
    assert_eq!(morphy["games"].as_u64(), Some(1), "{chess}");
    assert_eq!(morphy["stats"]["mates_given"].as_u64(), Some(1), "{chess}");
    // Tables: the totals, no game's own material table; --per-game adds them.
    let out = roundtable().args(["stats", "records"]).assert().success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(
        text.contains("Players by seat, summed over the games:"),
        "{text}"
    );
    assert!(text.contains("Paul Morphy"), "{text}");
    assert!(!text.contains("Material on"), "{text}");
    let out = roundtable()
        .args(["stats", "records", "--per-game"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert_eq!(
        text.matches("Material on").count(),
        games.len(),
        "one material table per game"
    );
    assert!(text.contains("Summary:"), "{text}");
}

/// Real Chess.com games: the win goes to the most points, so the seats'
/// scores add up to the decided games; each seat's points are the sum of
/// the replay's points in every game; the validate summary counts results
/// of points together instead of one row per game.
#[test]
fn chesscom_totals_score_the_most_points_as_the_win() {
    let dir = "tests/data/chesscom/ffa";
    let (games, totals) = games_and_totals(dir);
    let ffa = &totals["variants"][0];
    assert_eq!(ffa["variant"], "chesscom-ffa");
    let decided = ffa["results"]["decided"].as_u64().expect("decided");
    assert_eq!(decided as usize, games.len(), "every export has its result");
    let seats = ffa["seats"].as_array().expect("seats");
    let score: f64 = seats
        .iter()
        .map(|s| s["score"].as_f64().unwrap_or(0.0))
        .sum();
    assert!(
        (score - decided as f64).abs() < 1e-9,
        "{score} wins in {decided} games"
    );
    for (seat, total) in seats.iter().enumerate() {
        let points: u64 = games
            .iter()
            .map(|g| g["points"]["recomputed"][seat].as_u64().unwrap_or(0))
            .sum();
        assert_eq!(total["points"].as_u64(), Some(points), "seat {seat}");
        // The seat with the most points in a game won it.
        let won = games
            .iter()
            .filter(|g| {
                let p: Vec<u64> = g["points"]["recomputed"]
                    .as_array()
                    .map(|a| a.iter().filter_map(|x| x.as_u64()).collect())
                    .unwrap_or_default();
                p.iter().max().is_some_and(|best| p.get(seat) == Some(best))
                    && p.iter().filter(|x| Some(*x) == p.iter().max()).count() == 1
            })
            .count() as f64;
        assert!(total["score"].as_f64().unwrap_or(0.0) >= won, "seat {seat}");
    }
    let out = roundtable()
        .args(["validate", dir, "--json"])
        .assert()
        .success();
    let summary: serde_json::Value =
        serde_json::from_slice(&out.get_output().stdout).expect("json");
    assert_eq!(
        summary["results"],
        serde_json::json!({ "points": games.len() }),
        "{summary}"
    );
}
