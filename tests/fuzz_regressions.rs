//! Inputs the fuzzers found (tests/data/fuzz/, with what each broke): the
//! checks of every fuzz target hold on each of them, on stable, in CI.

use roundtable::convert::Notation;
use roundtable::{Game, read_str};

fn inputs() -> Vec<(String, Vec<u8>)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fuzz");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("the folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "bin"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| (p.display().to_string(), std::fs::read(&p).expect("reads")))
        .collect()
}

/// The `roundtrip` target: whatever reads and replays is written in every
/// notation, and what is written reads and replays again (JSON to the same
/// resolved record).
#[test]
fn what_is_written_reads_back() {
    let mut checked = 0;
    for (name, bytes) in inputs() {
        let text = roundtable::render::diagnostic::decode(&bytes);
        for record in read_str(&text).into_iter().flatten() {
            let Ok(game) = Game::replay(record) else {
                continue;
            };
            let resolved = game.resolved();
            for notation in Notation::ALL {
                let Ok(written) = game.write(notation) else {
                    continue;
                };
                let again = read_str(&written.text)
                    .into_iter()
                    .next()
                    .unwrap_or_else(|| panic!("{name}: {notation:?} holds a game"))
                    .unwrap_or_else(|e| {
                        panic!("{name}: {notation:?} reads: {e}\n{}", written.text)
                    });
                let again = Game::replay(again)
                    .unwrap_or_else(|e| panic!("{name}: {notation:?} replays: {e}"));
                if matches!(notation, Notation::Json | Notation::Jsonl) {
                    assert_eq!(resolved, again.resolved(), "{name}: {notation:?}");
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 0, "no input read and replayed");
}

/// A tag whose name a tag line cannot hold (a space in it, from JSON) is
/// left out of PGN and said so; a tag name of odd characters is carried.
#[test]
fn tags_a_tag_line_cannot_hold_are_left_out_and_said() {
    let json = r#"{"format":2,"variant":"chess","tags":[{"key":"Odd Name","value":"x"},{"key":"¦So¨","value":"y"},{"key":"Note","value":"two\nlines"}],"moves":[{"mv":"e4"}]}"#;
    let record = read_str(json)
        .into_iter()
        .next()
        .expect("a game")
        .expect("reads");
    let game = Game::replay(record).expect("replays");
    let written = game.write(Notation::Pgn).expect("writes");
    assert_eq!(written.left_out.len(), 2, "{:?}", written.left_out);
    assert!(written.left_out[0].contains("Odd Name"));
    assert!(written.left_out[1].contains("Note"));
    let again = read_str(&written.text)
        .into_iter()
        .next()
        .expect("a game")
        .expect("reads");
    let keys: Vec<&str> = again.tags.iter().map(|t| t.key.as_str()).collect();
    assert_eq!(keys, ["¦So¨"], "{}", written.text);
}
