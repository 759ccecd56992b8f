//! Reads arbitrary bytes as JSON Lines and replays whatever records come
//! out: errors are fine, panics and hangs are not. Each line is also
//! checked as `validate` checks a corpus ([`check_text`], which replays
//! plain records with their moves borrowed from the line): it must find
//! exactly what reading the record and replaying it finds.
#![no_main]

mod compare;

use libfuzzer_sys::fuzz_target;
use roundtable::check::check_text;
use roundtable::input::{self, Format};
use roundtable::render::diagnostic::decode;
use roundtable::split::Splitter;

fuzz_target!(|data: &[u8]| {
    let text = decode(data);
    for record in input::games(&text, Some(Format::Jsonl))
        .into_iter()
        .flatten()
    {
        let _ = roundtable::Game::validate(&record);
    }
    for cut in Splitter::new(data, Format::Jsonl).flatten() {
        compare::assert_same(&check_text(&cut), &compare::replayed(cut.games()), true);
    }
});
