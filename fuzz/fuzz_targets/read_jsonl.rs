//! Reads arbitrary bytes as JSON Lines and replays whatever records come
//! out: errors are fine, panics and hangs are not. Each line is also
//! checked as `validate` checks a corpus ([`check_text`], which replays
//! plain records with their moves borrowed from the line): it must find
//! exactly what reading the record and replaying it finds.
#![no_main]

use libfuzzer_sys::fuzz_target;
use roundtable::Record;
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
        let full: Vec<_> = cut
            .games()
            .into_iter()
            .map(|record| {
                record.map(|r| {
                    let found = roundtable::Game::validate(&r);
                    (r, found)
                })
            })
            .collect();
        let checked = check_text(&cut);
        assert_eq!(checked.len(), full.len(), "as many records both ways");
        for (quick, full) in checked.iter().zip(&full) {
            match (quick, full) {
                (Ok(quick), Ok((record, Ok(found)))) => {
                    assert_eq!(&quick.found, found);
                    assert_eq!(header(&quick.record), header(record));
                    assert_eq!(quick.record.comments, record.comments);
                }
                (Err(quick), Ok((_, Err(e)))) => assert_eq!(quick.to_string(), e.to_string()),
                (Err(quick), Err(e)) => assert_eq!(quick.to_string(), e.to_string()),
                _ => panic!("one way reads or replays the record, the other does not"),
            }
        }
    }
});

/// What a checked record holds besides its moves.
fn header(r: &Record) -> impl PartialEq + std::fmt::Debug + '_ {
    (
        r.format,
        &r.variant,
        &r.options,
        &r.tags,
        r.notation,
        &r.start,
        &r.result,
        &r.escapes,
        &r.warnings.0,
    )
}
