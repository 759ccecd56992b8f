//! Reads arbitrary bytes as PGN and replays whatever records come out:
//! errors are fine, panics and hangs are not. The same text is also
//! checked as `validate` checks a corpus ([`check_text`], which replays
//! plain games straight from the movetext): it must find exactly what
//! reading each record and replaying it finds.
#![no_main]

mod compare;

use libfuzzer_sys::fuzz_target;
use roundtable::check::check_text;
use roundtable::input::{self, Format};
use roundtable::render::diagnostic::decode;
use roundtable::split::GameText;

fuzz_target!(|data: &[u8]| {
    let text = decode(data);
    let full = compare::replayed(input::games(&text, Some(Format::Pgn)));
    let cut = GameText {
        bytes: text.as_bytes().to_vec(),
        first_line: 1,
        format: Format::Pgn,
    };
    // A PGN game's comments before its first move come with its moves.
    compare::assert_same(&check_text(&cut), &full, false);
});
