//! Reads arbitrary bytes as PGN and replays whatever records come out:
//! errors are fine, panics and hangs are not. The same text is also
//! checked as `validate` checks a corpus ([`check_text`], which replays
//! plain games straight from the movetext): it must find exactly what
//! reading each record and replaying it finds.
#![no_main]

use libfuzzer_sys::fuzz_target;
use roundtable::Record;
use roundtable::check::check_text;
use roundtable::input::{self, Format};
use roundtable::render::diagnostic::decode;
use roundtable::split::GameText;

fuzz_target!(|data: &[u8]| {
    let text = decode(data);
    let full: Vec<_> = input::games(&text, Some(Format::Pgn))
        .into_iter()
        .map(|record| {
            record.map(|r| {
                let found = roundtable::Game::validate(&r);
                (r, found)
            })
        })
        .collect();
    let cut = GameText {
        bytes: text.as_bytes().to_vec(),
        first_line: 1,
        format: Format::Pgn,
    };
    let checked = check_text(&cut);
    assert_eq!(checked.len(), full.len(), "as many games both ways");
    for (quick, full) in checked.iter().zip(&full) {
        match (quick, full) {
            (Ok(quick), Ok((record, Ok(found)))) => {
                assert_eq!(&quick.found, found);
                assert_eq!(header(&quick.record), header(record));
            }
            (Err(quick), Ok((_, Err(e)))) => assert_eq!(quick.to_string(), e.to_string()),
            (Err(quick), Err(e)) => assert_eq!(quick.to_string(), e.to_string()),
            _ => panic!("one way reads or replays the game, the other does not"),
        }
    }
});

/// What a checked game's record holds besides its moves (and, from PGN,
/// the comments before its first move).
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
