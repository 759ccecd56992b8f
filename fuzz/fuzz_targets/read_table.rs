//! Reads arbitrary bytes as Table and replays whatever records come out:
//! errors are fine, panics and hangs are not.
#![no_main]

use libfuzzer_sys::fuzz_target;
use roundtable::input::{self, Format};
use roundtable::render::diagnostic::decode;

fuzz_target!(|data: &[u8]| {
    let text = decode(data);
    for record in input::games(&text, Some(Format::Table))
        .into_iter()
        .flatten()
    {
        let _ = roundtable::Game::validate(&record);
    }
});
