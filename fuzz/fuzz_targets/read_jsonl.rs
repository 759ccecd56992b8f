//! Reads arbitrary bytes as JSON Lines and replays whatever records come
//! out: errors are fine, panics and hangs are not. Each line is also
//! checked as `validate` checks a corpus ([`check_text`], which replays
//! plain records with their moves borrowed from the line): it must find
//! exactly what reading the record and replaying it finds.
#![no_main]

use libfuzzer_sys::fuzz_target;
use roundtable::check::check_text;
use roundtable::input::{self, Format};
use roundtable::render::diagnostic::decode;
use roundtable::split::Splitter;

fuzz_target!(|data: &[u8]| {
    let text = decode(data);
    for record in input::games(&text, Some(Format::Jsonl)).into_iter().flatten() {
        let _ = roundtable::Game::validate(&record);
    }
    for cut in Splitter::new(data, Format::Jsonl).flatten() {
        let full: Vec<_> = cut
            .games()
            .into_iter()
            .map(|record| record.map(|r| roundtable::Game::validate(&r)))
            .collect();
        let checked = check_text(&cut);
        assert_eq!(checked.len(), full.len(), "as many records both ways");
        for (quick, full) in checked.iter().zip(&full) {
            match (quick, full) {
                (Ok(quick), Ok(Ok(found))) => assert_eq!(&quick.found, found),
                (Err(quick), Ok(Err(e))) => assert_eq!(quick.to_string(), e.to_string()),
                (Err(quick), Err(e)) => assert_eq!(quick.to_string(), e.to_string()),
                _ => panic!("one way reads or replays the record, the other does not"),
            }
        }
    }
});
