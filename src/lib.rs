//! roundtable: game records of multi-player and historical chess variants.
//!
//! Read a record in any notation (PGN, PGN4, round tables in English
//! descriptive or algebraic cells, the JSON record, JSON Lines) into the one
//! [`Record`]; replay it into a [`Game`], whose every move is resolved to
//! one legal move of its [`Variant`]; walk its positions as [`Board`]s,
//! list and play legal moves, compute the reports and write any notation.
//! To check whole corpora, [`check`] replays plain games straight from
//! their text and [`split`] cuts a stream into games for parallel work.
//!
//! ```
//! use roundtable::{Game, read_str};
//! use roundtable::convert::Notation;
//!
//! let table = "[Variant \"verney\"]\n\tYellow.\tRed.\tWhite.\tBlack.\n\
//!              1.\tK. P. to K. 3.\tK. P. to K. 3.\tK. P. to K. 3.\tK. P. to K. 3.\n";
//! let record = read_str(table).remove(0)?;
//! let game = Game::replay(record)?;
//! assert_eq!(game.plies()[0].long, "h2-h3");
//! let report = game.report("example", None);
//! assert_eq!(report.scale.name, "verney");
//! let pgn4 = game.write(Notation::Pgn4)?;
//! assert!(pgn4.text.contains("1. h2-h3 .. b8-c8"));
//! # Ok::<(), roundtable::Error>(())
//! ```
#![warn(missing_docs)]

pub mod board;
pub mod check;
pub mod convert;
pub mod dice_replay;
pub mod engine;
mod game;
pub mod input;
pub mod men;
pub mod notation;
mod plain_json;
pub mod record;
pub mod render;
pub mod replay;
pub mod report;
pub mod resolve;
pub mod rng;
pub mod selfplay;
pub mod split;
pub mod variant;

pub use game::{Board, Error, Game, Ply, read_file, read_str, read_stream, variant};
pub use record::Record;
pub use variant::Variant;

/// Runs `$body` with `$B` bound to the square-set width of `$variant`'s board,
/// so that each board is compiled at its own width.
#[macro_export]
macro_rules! with_width {
    ($variant:expr, $B:ident => $body:expr) => {
        match $variant.width() {
            $crate::variant::Width::W64 => {
                type $B = u64;
                $body
            }
            $crate::variant::Width::W128 => {
                type $B = u128;
                $body
            }
            $crate::variant::Width::W256 => {
                type $B = $crate::board::U256;
                $body
            }
        }
    };
}

/// The project's own real files, `records/` and `tests/data/` walked (in
/// a fixed order), for the unit tests that read every one of them.
#[cfg(test)]
pub(crate) fn data_files() -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    walk(&root.join("records"), &mut files);
    walk(&root.join("tests/data"), &mut files);
    files
}
