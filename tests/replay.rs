//! `roundtable replay` on the real records, and on damaged copies of them.

use assert_cmd::Command;
use predicates::prelude::*;

fn roundtable() -> Command {
    Command::cargo_bin("roundtable").expect("binary built")
}

const GAME: &str = "records/verney-1881.txt";

fn stdout_of(args: &[&str]) -> String {
    let out = roundtable().args(args).assert().success();
    String::from_utf8_lossy(&out.get_output().stdout).to_string()
}

/// Writes a damaged copy of the 1881 game and replays it.
fn replay_damaged(name: &str, from: &str, to: &str) -> (i32, String) {
    let text = std::fs::read_to_string(GAME).expect("record");
    assert!(text.contains(from), "the record holds `{from}`");
    let damaged = text.replacen(from, to, 1);
    let dir = std::env::temp_dir().join(format!("roundtable-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, damaged).expect("write");
    let out = roundtable()
        .args(["replay", path.to_str().expect("path")])
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn the_1881_game_replays_one_line_per_ply() {
    let out = stdout_of(&["replay", GAME, "--format", "long"]);
    let expected = "\
1 Yellow h2-h3
1 Red b8-c8
1 White g13-g12
1 Black m7-l7
2 Yellow Bi1xa9
2 Red Qa7xh14+
2 White Kg14xh14
2 Black Bn6xf14
3 Yellow Qg1xn8+
3 Red Ka8xa9
3 White Kh14-g14
3 Black Kn7xn8
4 Yellow Kh1-g1 (inferred)
4 Red Ka9-a8 (inferred)
4 White Kg14xf14
";
    assert_eq!(out, expected);
}

#[test]
fn the_table_shows_events_diagram_and_material() {
    let out = stdout_of(&["replay", GAME]);
    assert!(out.contains("check to White (by Red)"));
    assert!(out.contains("check to Black (by Yellow)"));
    assert!(out.contains("takes Red's bishop on a9"));
    assert!(out.contains("inferred"));
    assert_eq!(out.matches("| 45       | 74").count(), 4, "{out}");
    assert!(out.contains("Result: the game goes on"));
    insta::assert_snapshot!("verney_1881_replay_table", out);
}

#[test]
fn a_wrong_capture_names_file_line_column_player_and_legal_moves() {
    let (code, err) = replay_damaged(
        "wrong-capture.txt",
        "K. B. takes Red's K. B.",
        "K. B. takes Red's Q. B.",
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("wrong-capture.txt:14:"), "{err}");
    assert!(err.contains("round 2, Yellow"), "{err}");
    assert!(err.contains("`K. B. takes Red's Q. B.`"), "{err}");
    assert!(
        err.contains("legal moves: Bi1-a9") || err.contains("Bi1xa9"),
        "{err}"
    );
    assert!(err.contains('^'), "a caret under the cell: {err}");
}

#[test]
fn a_move_of_a_blocked_man_lists_the_legal_moves() {
    // Round 1: Yellow's queen cannot reach K. 3.
    let (code, err) = replay_damaged("blocked.txt", "K. P. to K. 3.\tK. P.", "Q. to K. 3.\tK. P.");
    assert_eq!(code, 1);
    assert!(err.contains("no legal move of Yellow's Q."), "{err}");
    assert!(err.contains(":13:"), "{err}");
    assert!(err.contains("legal moves: "), "{err}");
}

#[test]
fn a_man_that_cannot_make_the_move_lists_its_legal_moves() {
    let (code, err) = replay_damaged("knight.txt", "K. P. to K. 3.\tK. P.", "Kt. takes P.\tK. P.");
    assert_eq!(code, 1);
    assert!(err.contains("no legal move of Yellow's Kt. fits"), "{err}");
    assert!(
        err.contains("legal moves: Ne1-d3 Ne1-f3 Nj1-i3 Nj1-k3"),
        "{err}"
    );
    // A plain `P.` that fits one move is enough.
    let (code, err) = replay_damaged("pawn.txt", "K. P. to K. 3.\tK. P.", "P. to K. 3.\tK. P.");
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_cell_that_does_not_parse_points_at_it() {
    let (code, err) = replay_damaged("garbled.txt", "K. to K. square.", "K. to K. squaer.");
    assert_eq!(code, 2);
    assert!(err.contains("garbled.txt:15:"), "{err}");
    assert!(err.contains("cannot be read"), "{err}");
}

#[test]
fn a_record_that_goes_on_after_the_moves_run_out_is_reported() {
    let (code, err) = replay_damaged("pass.txt", "K. takes Black K. B.", "--");
    assert_eq!(code, 1);
    assert!(
        err.contains("no choice of moves for the unspecified turns"),
        "{err}"
    );
    assert!(
        err.contains("White's `--` fails: the record passes, but the player has legal moves"),
        "{err}"
    );
    // Every choice was tried: the error does not speak of a search cut short.
    assert!(!err.contains("positions the search tries"), "{err}");
}

#[test]
fn missing_file_is_bad_input() {
    roundtable()
        .args(["replay", "records/no-such-game.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read"));
}

#[test]
fn a_hopeless_run_of_unspecified_turns_ends_with_an_error_not_a_hang() {
    // Five unspecified turns, then a move no choice can make legal.
    let text = std::fs::read_to_string(GAME).expect("record");
    let damaged = text
        .replace("<i>4th \"</i>\tAny move.\tAny move.\tK. takes Black K. B.\t", "<i>4th \"</i>\tAny move.\tAny move.\tAny move.\tAny move.\n<i>5th \"</i>\tAny move.\tQ. takes White K.\t\t");
    assert_ne!(damaged, text);
    let dir = std::env::temp_dir().join(format!("roundtable-hopeless-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("hopeless.txt");
    std::fs::write(&path, damaged).expect("write");
    // Five turns of some 30 moves each cannot all be tried: the error says
    // the search stopped for want of positions.
    roundtable()
        .args(["replay", path.to_str().expect("path")])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "no choice of moves for the unspecified turns lets the record go on within the 5000 positions the search tries",
        ));
}

#[test]
fn a_long_run_of_unspecified_turns_after_an_ambiguous_move_is_refused_not_a_crash() {
    // `P-N4` fits two pawns of the 1892 board, so the replay looks ahead
    // past it, and the look-ahead meets 6,000 unspecified turns: it refuses
    // them as the replay does (the search would go a turn deeper on the
    // stack for each), where it once overflowed the stack. Found by
    // building on a fuzzer's round table (session 12).
    let mut text = String::from(
        "[Variant \"verney-1892\"]\n\n     White      Black      Yellow      Red\n 1   P-K3       P-K4       P-K3        P-K3\n 2   P-N4       Q-N4       Q-N4        N-B3\n",
    );
    for round in 3..1503 {
        text.push_str(&format!(
            " {round}   Any move.  Any move.  Any move.   Any move.\n"
        ));
    }
    text.push_str(" 1503   Q-K4\n");
    let dir = std::env::temp_dir().join(format!("roundtable-long-run-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("long-run.txt");
    std::fs::write(&path, text).expect("write");
    for command in ["validate", "replay"] {
        roundtable()
            .args([command, path.to_str().expect("path")])
            .assert()
            .code(1)
            .stderr(predicate::str::contains(
                "6000 unspecified turns in a row; the search fills at most 64",
            ));
    }
    // The library refuses it on a test thread's smaller stack too.
    let records = roundtable::read_str(&std::fs::read_to_string(&path).expect("read"));
    let record = records
        .into_iter()
        .next()
        .expect("a game")
        .expect("it reads");
    let error = roundtable::Game::validate(&record).expect_err("refused");
    assert!(
        error.to_string().contains("unspecified turns in a row"),
        "{error}"
    );
}
