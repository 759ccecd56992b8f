//! Reads arbitrary text as FEN (orthodox chess, Chess960, Double King Chess)
//! and FEN4 (Verney, Quattro, Team-Chess), and plays a move from what reads.
#![no_main]

use libfuzzer_sys::fuzz_target;
use roundtable::Board;

fuzz_target!(|data: &[u8]| {
    let text = roundtable::render::diagnostic::decode(data);
    for id in [
        "chess",
        "chess960",
        "double-king",
        "verney",
        "quattro",
        "team",
    ] {
        let Ok(variant) = roundtable::variant(id) else {
            continue;
        };
        if let Ok(mut board) = Board::from_text(variant, &text) {
            let moves = board.legal_moves();
            let _ = board.text();
            if let Some(first) = moves.first() {
                let _ = board.play(first);
            }
        }
    }
});
