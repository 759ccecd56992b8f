//! Converting the real Chess.com exports: PGN4 → PGN4 keeps every movetext
//! token; PGN4 → JSON, JSON Lines and long algebraic and back replays the
//! same moves, and JSON read and written again is the same record.

use std::path::{Path, PathBuf};

use roundtable::convert::Notation;
use roundtable::{Game, read_str};

fn exports() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/chesscom");
    let mut out = Vec::new();
    for dir in ["ffa", "teams"] {
        for entry in std::fs::read_dir(root.join(dir)).expect("data folder") {
            out.push(entry.expect("entry").path());
        }
    }
    out.sort();
    out
}

/// The movetext tokens of a PGN4 text: every token after the tags but move
/// numbers, `..` and a final `*`.
fn tokens(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.trim_start().starts_with('['))
        .flat_map(str::split_whitespace)
        .filter(|t| *t != ".." && *t != "*")
        .filter(|t| !(t.ends_with('.') && t[..t.len() - 1].chars().all(|c| c.is_ascii_digit())))
        .map(str::to_string)
        .collect()
}

fn game(text: &str) -> Game {
    let record = read_str(text).remove(0).expect("reads");
    Game::replay(record).expect("replays")
}

/// The moves of a game as the engine resolved them.
fn longs(g: &Game) -> Vec<String> {
    g.plies().into_iter().map(|p| p.long).collect()
}

#[test]
fn pgn4_written_for_each_export_has_its_tokens() {
    for path in exports() {
        let original = std::fs::read_to_string(&path).expect("export");
        let g = game(&original);
        let written = g.write(Notation::Pgn4).expect("writes").text;
        assert_eq!(tokens(&written), tokens(&original), "{}", path.display());
        let again = game(&written);
        assert_eq!(longs(&again), longs(&g), "{}", path.display());
    }
}

#[test]
fn json_jsonl_and_long_round_trip() {
    for path in exports().into_iter().step_by(7) {
        let original = std::fs::read_to_string(&path).expect("export");
        let g = game(&original);
        let json = g.write(Notation::Json).expect("json").text;
        let from_json = game(&json);
        assert_eq!(longs(&from_json), longs(&g), "{}", path.display());
        // Read → write → read: the same record.
        let json_again = from_json.write(Notation::Json).expect("json").text;
        assert_eq!(json_again, json, "{}", path.display());
        assert_eq!(
            read_str(&json_again).remove(0).expect("reads"),
            read_str(&json).remove(0).expect("reads")
        );
        // And back to PGN4 with the original tokens.
        let pgn4 = from_json.write(Notation::Pgn4).expect("pgn4").text;
        assert_eq!(tokens(&pgn4), tokens(&original), "{}", path.display());
        for notation in [Notation::Jsonl, Notation::Long] {
            let text = g.write(notation).expect("writes").text;
            assert_eq!(
                longs(&game(&text)),
                longs(&g),
                "{notation:?} {}",
                path.display()
            );
        }
    }
}

#[test]
fn tokens_are_made_in_chesscoms_form_when_the_record_has_none() {
    // A record whose moves are short algebraic (no start square) gets
    // Chess.com's long tokens: the captured man named, `=D`, the exits.
    let original = std::fs::read_to_string(
        exports()
            .into_iter()
            .find(|p| p.ends_with("cc_game_0185.pgn4"))
            .expect("export"),
    )
    .expect("export");
    let g = game(&original);
    let json = g.write(Notation::Json).expect("json").text;
    // Strip the written tokens: the record keeps only the resolved moves.
    let mut record = read_str(&json).remove(0).expect("reads");
    for m in &mut record.moves {
        m.written = None;
    }
    let bare = Game::replay(record).expect("replays");
    let made = tokens(&bare.write(Notation::Pgn4).expect("pgn4").text);
    let orig = tokens(&original);
    assert_eq!(made.len(), orig.len());
    // Captures name the man taken, as Chess.com does.
    assert!(made.contains(&"Qm7xQm6".to_string()), "{made:?}");
    assert!(made.iter().any(|t| t.ends_with("=D")));
    // Plies without marks or exits come out exactly as Chess.com wrote them.
    let unmarked = |t: &str| !t.contains(['+', '#']) && !t.ends_with(['R', 'T', 'S']);
    let mut compared = 0;
    for (m, o) in made.iter().zip(&orig) {
        if unmarked(o) {
            assert_eq!(m, o);
            compared += 1;
        }
    }
    assert!(compared > 100, "{compared}");
    assert_eq!(
        longs(&game(&bare.write(Notation::Pgn4).expect("pgn4").text)),
        longs(&g)
    );
}
