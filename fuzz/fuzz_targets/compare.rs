//! For the `read_pgn` and `read_jsonl` targets: the games `check_text`
//! checks against the records read and replayed in full.

use roundtable::check::CheckedGame;
use roundtable::input::InputError;
use roundtable::replay::Validated;
use roundtable::{Error, Record};

/// A record read in full, and what replaying it found.
pub type Full = Result<(Record, Result<Validated, Error>), InputError>;

/// Each record replayed in full.
pub fn replayed(records: Vec<Result<Record, InputError>>) -> Vec<Full> {
    records
        .into_iter()
        .map(|record| {
            record.map(|r| {
                let found = roundtable::Game::validate(&r);
                (r, found)
            })
        })
        .collect()
}

/// Asserts that each checked game found what the full replay found, with
/// the same record but its moves (and, with `comments`, the same comments
/// before the first move), or the same error.
pub fn assert_same(checked: &[Result<CheckedGame, Error>], full: &[Full], comments: bool) {
    assert_eq!(checked.len(), full.len(), "as many games both ways");
    for (quick, full) in checked.iter().zip(full) {
        match (quick, full) {
            (Ok(quick), Ok((record, Ok(found)))) => {
                assert_eq!(&quick.found, found);
                assert_eq!(header(&quick.record), header(record));
                if comments {
                    assert_eq!(quick.record.comments, record.comments);
                }
            }
            (Err(quick), Ok((_, Err(e)))) => assert_eq!(quick.to_string(), e.to_string()),
            (Err(quick), Err(e)) => assert_eq!(quick.to_string(), e.to_string()),
            _ => panic!("one way reads or replays the game, the other does not"),
        }
    }
}

/// What a checked game's record holds besides its moves.
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
