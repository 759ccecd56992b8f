//! Skock's dice notation: arbitrary bytes as a position text with queues,
//! as one turn checked against that position (or the start), and as the
//! movetext of a Skock game replayed and written back. Errors are fine,
//! panics and hangs are not.
#![no_main]

use libfuzzer_sys::fuzz_target;
use roundtable::convert::Notation;
use roundtable::engine::dice::DicePosition;
use roundtable::render::diagnostic::decode;
use roundtable::variant::SKOCK;

fuzz_target!(|data: &[u8]| {
    let text = decode(data);
    // The first line may be a position; the rest is tried as a turn.
    let (first, rest) = text.split_once('\n').unwrap_or((&text, ""));
    let pos = DicePosition::read(&SKOCK, first)
        .or_else(|_| DicePosition::start(&SKOCK))
        .expect("the start reads");
    for line in [first, rest] {
        if let Ok(turn) = pos.check(line) {
            let mut after = pos.clone();
            after.play(&turn);
            let _ = after.write();
        }
    }
    let pgn = format!("[Variant \"skock\"]\n\n{text}\n");
    for record in roundtable::read_str(&pgn).into_iter().flatten() {
        if let Ok(game) = roundtable::Game::replay(record) {
            let _ = game.write(Notation::Pgn);
            let _ = game.report("fuzz", None);
        }
    }
});
