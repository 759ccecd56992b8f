//! The real binary on the command line: perft, variants, bad input.

use assert_cmd::Command;
use predicates::prelude::*;

fn roundtable() -> Command {
    Command::cargo_bin("roundtable").expect("binary built")
}

#[test]
fn perft_prints_the_count_alone_on_the_last_line() {
    let out = roundtable()
        .args(["perft", "chess", "3"])
        .assert()
        .success()
        .stderr(predicate::str::contains("nodes/s"));
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert_eq!(stdout.lines().last(), Some("8902"));
}

#[test]
fn perft_divide_lists_each_root_move() {
    let out = roundtable()
        .args(["perft", "chess", "2", "--divide"])
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 21);
    assert!(lines.contains(&"e2-e4 20"));
    assert!(lines.contains(&"Ng1-f3 20"));
    assert_eq!(lines.last(), Some(&"400"));
}

#[test]
fn perft_from_a_fen() {
    roundtable()
        .args([
            "perft",
            "chess",
            "2",
            "--fen",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ])
        .assert()
        .success()
        .stdout(predicate::str::ends_with("191\n"));
}

#[test]
fn perft_of_verney_counts_twelve_moves_a_player() {
    roundtable()
        .args(["perft", "verney", "2"])
        .assert()
        .success()
        .stdout("144\n");
}

#[test]
fn variants_lists_one_line_each() {
    let out = roundtable().arg("variants").assert().success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let all = roundtable::variant::all();
    assert_eq!(stdout.lines().count(), all.len());
    for v in all {
        assert!(
            stdout.lines().any(|l| l.starts_with(&format!("{} ", v.id))),
            "{} is listed",
            v.id
        );
    }
    // Multi-chess is complete (issue 18): no variant of it is planned.
    for id in ["quattro", "triple", "team"] {
        let line = stdout
            .lines()
            .find(|l| l.starts_with(&format!("{id} ")))
            .expect("listed");
        assert!(line.contains("playable"), "{line}");
    }
    assert!(!stdout.contains("planned"), "{stdout}");
}

#[test]
fn unknown_variant_is_a_one_line_error_with_exit_2() {
    roundtable()
        .args(["perft", "shogi", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown variant `shogi`"));
}

#[test]
fn invalid_fen_is_a_one_line_error_with_exit_2() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "",
        "\u{ff}\u{1}",
    ] {
        let out = roundtable()
            .args(["perft", "chess", "1", "--fen", fen])
            .assert()
            .code(2);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert_eq!(stderr.lines().count(), 1, "{fen}: {stderr}");
        assert!(stderr.starts_with("error: invalid position"), "{stderr}");
    }
}

#[test]
fn invalid_fen4_is_an_error_with_exit_2() {
    roundtable()
        .args([
            "perft",
            "verney",
            "1",
            "--fen",
            "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-14/14",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("ranks"));
}

#[test]
fn help_is_everywhere() {
    roundtable().arg("--help").assert().success();
    roundtable().args(["perft", "--help"]).assert().success();
}

#[test]
fn output_into_a_closed_pipe_ends_quietly() {
    // `roundtable selfplay ... | head -c 100`: the reader goes away early.
    use std::io::Read;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_roundtable"))
        .args([
            "selfplay", "chess", "--games", "300", "--seed", "5", "--to", "pgn",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("starts");
    let mut head = [0u8; 100];
    child
        .stdout
        .take()
        .expect("stdout")
        .read_exact(&mut head)
        .expect("reads the start");
    let out = child.wait_with_output().expect("ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_ne!(out.status.code(), Some(101), "{stderr}");
    assert!(head.starts_with(b"[Event"));
}

/// A one-game command handed a corpus says so, for a small file read whole
/// and for a large one probed as a stream; the one game of a file reads.
#[test]
fn a_one_game_command_refuses_a_corpus_small_or_large() {
    let dir = std::env::temp_dir().join(format!("roundtable-one-game-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let game = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n";
    let one = dir.join("one.pgn");
    let small = dir.join("small.pgn");
    let large = dir.join("large.pgn");
    std::fs::write(&one, game).expect("write");
    std::fs::write(&small, game.repeat(2)).expect("write");
    // Past the size from which the file is first read as a stream.
    std::fs::write(&large, game.repeat(40_000)).expect("write");
    assert!(std::fs::metadata(&large).expect("size").len() > 2 << 20);
    for command in ["replay", "show"] {
        roundtable().arg(command).arg(&one).assert().success();
        for corpus in [&small, &large] {
            roundtable()
                .arg(command)
                .arg(corpus)
                .assert()
                .code(2)
                .stderr(predicate::str::contains("holds more than one game"));
        }
    }
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// Self-play writes as it plays; several games go to JSON Lines, never to
/// one JSON record.
#[test]
fn selfplay_refuses_several_games_in_one_json_record() {
    roundtable()
        .args(["selfplay", "chess", "--games", "2", "--to", "json"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--to jsonl"));
    let out = roundtable()
        .args([
            "selfplay", "chess", "--games", "3", "--seed", "5", "--to", "jsonl",
        ])
        .assert()
        .success();
    assert_eq!(
        String::from_utf8_lossy(&out.get_output().stdout)
            .lines()
            .count(),
        3
    );
}
