//! Any text that reads and replays is written in every notation that takes
//! it; what is written must read and replay again (JSON to the same
//! resolved record).
#![no_main]

use libfuzzer_sys::fuzz_target;
use roundtable::convert::Notation;
use roundtable::{Game, read_str};

fuzz_target!(|data: &[u8]| {
    let text = roundtable::render::diagnostic::decode(data);
    for record in read_str(&text).into_iter().flatten().take(4) {
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
                .expect("what roundtable writes holds a game")
                .expect("what roundtable writes reads");
            let again = Game::replay(again).expect("what roundtable writes replays");
            if written.left_out.is_empty() && matches!(notation, Notation::Json | Notation::Jsonl) {
                assert_eq!(resolved, again.resolved(), "{notation:?}");
            }
        }
    }
});
