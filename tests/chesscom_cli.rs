//! The real binary on the real Chess.com exports of tests/data/chesscom.

use assert_cmd::Command;

fn roundtable() -> Command {
    Command::cargo_bin("roundtable").expect("binary built")
}

fn data(path: &str) -> String {
    format!("{}/tests/data/chesscom/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// A table row's count (`| valid | 71 |`).
fn count(stdout: &str, row: &str) -> Option<usize> {
    stdout.lines().find_map(|l| {
        let cells: Vec<&str> = l.split('|').map(str::trim).collect();
        (cells.first() == Some(&row)).then(|| cells.get(1)?.parse().ok())?
    })
}

#[test]
fn validate_accepts_all_71_exports() {
    let out = roundtable()
        .args(["validate", &data("")])
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert_eq!(count(&stdout, "games"), Some(71), "{stdout}");
    assert_eq!(count(&stdout, "valid"), Some(71), "{stdout}");
    assert_eq!(count(&stdout, "invalid"), Some(0), "{stdout}");
}

#[test]
fn perft_of_teams_from_the_modern_start() {
    for (depth, nodes) in [(1, "20"), (2, "395"), (3, "7800"), (4, "152050")] {
        let out = roundtable()
            .args(["perft", "chesscom-teams", &depth.to_string()])
            .assert()
            .success();
        let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
        assert_eq!(stdout.lines().last(), Some(nodes), "depth {depth}");
    }
}

/// Writes `text` to a temporary file named `name`; returns its path.
fn temp(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("roundtable-chesscom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write");
    path.to_string_lossy().to_string()
}

#[test]
fn damaged_exports_are_rejected_at_the_right_token() {
    let text = std::fs::read_to_string(data("ffa/cc_game_0185.pgn4")).expect("export");
    let cases = [
        (
            "deleted.pgn4",
            text.replace("3. Ne1-f3 .. b6-c6", "3. b6-c6"),
            ":22:4: round 3, Red: `b6-c6`: no legal move of a pawn on b6 (legal: ",
        ),
        (
            "captured.pgn4",
            text.replace("Qn8xi13", "Qn8xBi13"),
            ":22:35: round 3, Green: `Qn8xBi13`: the move takes a pawn on i13, not the bishop the record names (legal: ",
        ),
        (
            "backwards.pgn4",
            text.replace("5. Qm7xQm6 .. b11-d11", "5. Qm7xQm6 .. c7-b7"),
            ":24:15: round 5, Blue: `c7-b7`: no legal move of a pawn on c7 fits (legal: c7-d7)",
        ),
    ];
    for (name, damaged, expected) in cases {
        let path = temp(name, &damaged);
        let out = roundtable().args(["validate", &path]).assert().failure();
        let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        let line = format!("invalid: {path}{expected}");
        assert!(
            stdout.contains(&line) || stderr.contains(&line),
            "{name}: expected `{line}` in\n{stdout}\n{stderr}"
        );
    }
}

#[test]
fn replay_shows_the_first_impossible_move_with_its_line() {
    let text = std::fs::read_to_string(data("ffa/cc_game_0185.pgn4")).expect("export");
    let path = temp("replay-captured.pgn4", &text.replace("Qn8xi13", "Qn8xBi13"));
    let out = roundtable().args(["replay", &path]).assert().failure();
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(stderr.contains("round 3, Green"), "{stderr}");
    assert!(stderr.contains(":22:35"), "{stderr}");
    assert!(
        stderr.contains("3. Ne1-f3 .. b6-c6 .. Qe11-h11 .. Qn8xBi13"),
        "{stderr}"
    );
    assert!(stderr.contains("legal moves: Qn8-j12"), "{stderr}");
}

#[test]
fn show_marks_dead_men_and_one_point_queens() {
    // 100527014 at its end: Red resigned (`55. R`), his king walks and his
    // army is dead (`*`), among it a one-point queen on m5; Blue is out.
    let out = roundtable()
        .args(["show", &data("ffa/human_4pc_game_100527014.pgn4")])
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let rank = |n: &str| {
        stdout
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{n} ")))
            .unwrap_or_default()
            .to_string()
    };
    assert!(rank("5").contains("rD*"), "{stdout}");
    assert!(rank("7").contains("bK*"), "{stdout}");
    assert!(
        rank("1").contains("rK ") && !rank("1").contains("rK*"),
        "{stdout}"
    );
    assert!(rank("13").contains("yK "), "{stdout}");
}

#[test]
fn validate_and_stats_count_the_games_whose_points_agree() {
    let out = roundtable()
        .args(["validate", &data("")])
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert_eq!(
        count(&stdout, "points in the Result tag"),
        Some(70),
        "{stdout}"
    );
    assert_eq!(
        count(&stdout, "points recomputed alike"),
        Some(66),
        "{stdout}"
    );
    // stats, one game: the recomputed points beside the Result tag's.
    // 100527014: Result Red 72, Blue 14, Yellow 61, Green 33; Termination
    // `(Yellow +20)`: Yellow's 61 holds the award.
    let out = roundtable()
        .args(["stats", &data("ffa/human_4pc_game_100527014.pgn4")])
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let points = stdout
        .split("Points (agree):")
        .nth(1)
        .expect("points table");
    let row = |name: &str| -> Vec<String> {
        points
            .lines()
            .find(|l| l.trim_start().starts_with(name))
            .unwrap_or_default()
            .split('|')
            .map(|c| c.trim().to_string())
            .collect()
    };
    assert_eq!(row("Red"), vec!["Red", "72", "0", "72"]);
    assert_eq!(row("Blue"), vec!["Blue", "14", "0", "14"]);
    assert_eq!(row("Yellow"), vec!["Yellow", "61", "20", "61"]);
    assert_eq!(row("Green"), vec!["Green", "33", "0", "33"]);
}
